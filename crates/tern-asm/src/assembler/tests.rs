//! Assembler unit tests: table order and deduplication (the peer's index order), every
//! instruction family, scripts, imports, and semantic diagnostics with their positions.

use super::*;
use tern_binary::*;
use tern_primitives::{AbilitySet, AccountAddress, U256};

fn opts() -> AsmOptions {
    AsmOptions::default()
}

fn module_with(src: &str, deps: &[&CompiledModule]) -> CompiledModule {
    match assemble(src, deps, &opts()) {
        Ok(CompiledUnit::Module(m)) => m,
        Ok(CompiledUnit::Script(_)) => panic!("expected a module"),
        Err(e) => panic!("{}", e.render("test", src)),
    }
}

fn module(src: &str) -> CompiledModule {
    module_with(src, &[])
}

fn script_with(src: &str, deps: &[&CompiledModule]) -> CompiledScript {
    match assemble(src, deps, &opts()) {
        Ok(CompiledUnit::Script(s)) => s,
        Ok(CompiledUnit::Module(_)) => panic!("expected a script"),
        Err(e) => panic!("{}", e.render("test", src)),
    }
}

/// All diagnostics as (line, column, message).
fn errors_with(src: &str, deps: &[&CompiledModule]) -> Vec<(u32, u32, String)> {
    let err = assemble(src, deps, &opts()).expect_err("assembly should fail");
    err.diagnostics
        .into_iter()
        .map(|d| (d.line, d.column, d.message))
        .collect()
}

fn errors(src: &str) -> Vec<(u32, u32, String)> {
    errors_with(src, &[])
}

fn names(m: &CompiledModule) -> Vec<&str> {
    m.identifiers.iter().map(|i| i.as_str()).collect()
}

fn code(m: &CompiledModule, def: usize) -> &[Bytecode] {
    &m.function_defs[def].code.as_ref().unwrap().code
}

const DEP: &str = "module 0x77::dep
struct Box has drop
    x: u64
struct Coin<T> has store
    v: u64
public native fun mint<T>(x: u64): Coin<T>
public native fun wrap(c: Coin<u8>): Box";

#[test]
fn table_order_matches_the_peer_example() {
    let dep = module(DEP);
    let src = "module 0x66::user
use 0x77::dep
friend 0x66::buddy
struct W<T: store> has key
    c: dep::Coin<T>
    n: u8
enum E has drop
    A
        x: u64
    B
        x: u64
        y: bool
public fun make(): W<u8> acquires W
    local b: dep::Box
    ld_u64 5
    call dep::mint<u8>
    ld_u8 1
    pack W<u8>
    ret
fun g(e: &E): u64
    move_loc e
    borrow_variant_field E, A::x, B::x
    read_ref
    ret";
    let m = module_with(src, &[&dep]);
    assert_eq!(
        names(&m),
        [
            "user", "buddy", "W", "E", "dep", "Box", "make", "g", "c", "Coin", "n", "A", "x", "B",
            "y", "mint"
        ]
    );
    assert_eq!(m.address_identifiers.len(), 2);
    assert_eq!(m.module_handles.len(), 2);
    use SignatureToken as S;
    let coin_t0 = S::StructInstantiation(StructHandleIndex(3), vec![S::TypeParameter(0)]);
    let sigs: Vec<Vec<S>> = m.signatures.iter().map(|s| s.0.clone()).collect();
    assert_eq!(
        sigs,
        vec![
            vec![],
            vec![S::StructInstantiation(StructHandleIndex(0), vec![S::U8])],
            vec![S::Reference(Box::new(S::Struct(StructHandleIndex(1))))],
            vec![S::U64],
            vec![coin_t0],
            vec![S::U8],
            vec![S::Struct(StructHandleIndex(2))],
        ]
    );
    let fh: Vec<_> = m
        .function_handles
        .iter()
        .map(|h| (h.parameters.0, h.return_.0))
        .collect();
    assert_eq!(fh, [(0, 1), (2, 3), (3, 4)]);
    assert_eq!(
        m.function_instantiations[0].type_parameters,
        SignatureIndex(5)
    );
    assert_eq!(
        m.struct_def_instantiations[0].type_parameters,
        SignatureIndex(5)
    );
    assert_eq!(m.variant_field_handles[0].variants, [0, 1]);
    assert_eq!(
        m.function_defs[0].code.as_ref().unwrap().locals,
        SignatureIndex(6)
    );
    assert_eq!(
        m.function_defs[1].code.as_ref().unwrap().locals,
        SignatureIndex(0)
    );
    assert_eq!(
        m.function_defs[0].acquires_global_resources,
        [StructDefinitionIndex(0)]
    );
    assert_eq!(m.friend_decls.len(), 1);
    assert_eq!(m.version, 9);
}

#[test]
fn script_tables_and_labels() {
    let signer = module("module 0x1::signer\npublic native fun address_of(s: &signer): address");
    let src = "script
use 0x1::signer

fun main(account: signer, expected: address)
    local a: address
    borrow_loc account
    call signer::address_of
    st_loc a
    move_loc a
    move_loc expected
    eq
    br_true ok
    ld_u64 42
    abort
ok: ret";
    let s = script_with(src, &[&signer]);
    let idents: Vec<_> = s.identifiers.iter().map(|i| i.as_str()).collect();
    assert_eq!(idents, ["main", "signer", "address_of"]);
    assert_eq!(s.address_identifiers, [AccountAddress::ONE]);
    assert_eq!(s.parameters, SignatureIndex(0));
    assert_eq!(
        s.signatures[2].0,
        [SignatureToken::Reference(Box::new(SignatureToken::Signer))]
    );
    assert_eq!(s.code.locals, SignatureIndex(3));
    assert_eq!(s.code.code[6], Bytecode::BrTrue(9));
    assert_eq!(s.code.code[1], Bytecode::Call(FunctionHandleIndex(0)));
}

#[test]
fn enum_ops_and_generic_variants() {
    let src = "module 0x66::shapes
enum Shape<T> has drop
  Circle
    radius: T
  Rect
    width: T
    height: u64
public fun f(s: Shape<u64>): u64
    borrow_loc s
    test_variant Shape<u64>, Circle
    pop
    move_loc s
    unpack_variant Shape<u64>, Rect
    pop
    ld_u64 1
    pack_variant Shape<u64>, Circle
    pop
    ret";
    let m = module(src);
    assert_eq!(m.struct_variant_handles.len(), 2);
    assert_eq!(m.struct_variant_instantiations.len(), 2);
    let c = code(&m, 0);
    assert_eq!(
        c[1],
        Bytecode::TestVariantGeneric(StructVariantInstantiationIndex(0))
    );
    assert_eq!(
        c[4],
        Bytecode::UnpackVariantGeneric(StructVariantInstantiationIndex(1))
    );
    assert_eq!(
        c[7],
        Bytecode::PackVariantGeneric(StructVariantInstantiationIndex(0))
    );
}

#[test]
fn every_operand_family() {
    let src = "module 0x66::m
struct S<T> has key + drop
    a: T
    b: u8
fun f<T: drop>(x: u64, r: &mut S<u64>, s: signer)
    local v: vector<u8>
    ld_u8 255
    ld_u16 0xffff
    ld_u32 7
    ld_u64 18446744073709551615
    ld_u128 1
    ld_u256 0x10
    ld_i8 -128
    ld_i16 -1
    ld_i32 22
    ld_i64 -2781274937452
    ld_i128 -128
    ld_i256 256
    ld_const<address> 0x1
    ld_const<vector<vector<u8>>> [[1, 2], []]
    ld_const<address> 1
    copy_loc r
    mut_borrow_field S<u64>, b
    borrow_field S<u64>, a
    vec_pack <u8>, 3
    vec_unpack<u8> 2
    vec_len <u8>
    pack_closure f<T>, 5
    call_closure <|u64|u64 has drop>
    exists S<T>
    move_from S<u8>
    borrow_global S<u8>
    mut_borrow_global S<u8>
    move_to S<u8>
    Nop
    cast_i64
    negate
    abort_msg
    ret";
    let m = module(src);
    let c = code(&m, 0);
    assert_eq!(c[0], Bytecode::LdU8(255));
    assert_eq!(c[1], Bytecode::LdU16(65535));
    assert_eq!(c[3], Bytecode::LdU64(u64::MAX));
    assert_eq!(c[5], Bytecode::LdU256(Box::new(U256::from(16u8))));
    assert_eq!(c[6], Bytecode::LdI8(-128));
    assert_eq!(c[9], Bytecode::LdI64(-2781274937452));
    assert_eq!(c[12], Bytecode::LdConst(ConstantPoolIndex(0)));
    assert_eq!(c[14], Bytecode::LdConst(ConstantPoolIndex(0)));
    assert_eq!(m.constant_pool[1].data, [2, 2, 1, 2, 0]);
    assert_eq!(c[15], Bytecode::CopyLoc(1));
    assert_eq!(
        c[16],
        Bytecode::MutBorrowFieldGeneric(FieldInstantiationIndex(0))
    );
    assert_eq!(
        c[17],
        Bytecode::ImmBorrowFieldGeneric(FieldInstantiationIndex(1))
    );
    assert_eq!(m.field_handles.len(), 2);
    assert_eq!(c[18], Bytecode::VecPack(SignatureIndex(3), 3));
    assert_eq!(c[19], Bytecode::VecUnpack(SignatureIndex(3), 2));
    assert_eq!(
        c[21],
        Bytecode::PackClosureGeneric(FunctionInstantiationIndex(0), ClosureMask(5))
    );
    assert!(matches!(c[22], Bytecode::CallClosure(_)));
    assert_eq!(
        c[23],
        Bytecode::ExistsGeneric(StructDefInstantiationIndex(0))
    );
    assert_eq!(
        c[24],
        Bytecode::MoveFromGeneric(StructDefInstantiationIndex(1))
    );
    assert_eq!(c[28], Bytecode::Nop);
    assert_eq!(c[31], Bytecode::AbortMsg);
    let locals = m.function_defs[0].code.as_ref().unwrap().locals;
    assert_eq!(
        m.signatures[locals.idx()].0,
        [SignatureToken::Vector(Box::new(SignatureToken::U8))]
    );
    let handle = &m.function_handles[0];
    assert_eq!(
        handle.type_parameters,
        [AbilitySet::EMPTY | tern_primitives::Ability::Drop]
    );
}

#[test]
fn labels_forward_backward_and_redefined() {
    let src = "module 0x66::m
fun f()
  l0:
    nop
    branch l0
    branch l1
l1: nop
    branch l1
  l1: ret";
    let m = module(src);
    let c = code(&m, 0);
    assert_eq!(c[1], Bytecode::Branch(0));
    assert_eq!(c[2], Bytecode::Branch(5));
    assert_eq!(c[4], Bytecode::Branch(3));
}

#[test]
fn duplicate_local_names_keep_the_later() {
    let src =
        "module 0x66::m\nfun f(x: u8)\n    local a: u64\n    local a: bool\n    st_loc a\n    ret";
    let m = module(src);
    let unit = m.function_defs[0].code.as_ref().unwrap();
    assert_eq!(m.signatures[unit.locals.idx()].0, [SignatureToken::Bool]);
    assert_eq!(unit.code[0], Bytecode::StLoc(2));
}

#[test]
fn natives_attributes_and_visibility() {
    let src = "module 0x66::m\n#[persistent, module_lock] entry public fun f()\n  ret\nfriend native fun n(x: u64)\n#[borrow(0)] fun g()\n  ret";
    let m = module(src);
    assert!(m.function_defs[1].code.is_none());
    assert_eq!(m.function_defs[0].visibility, Visibility::Public);
    assert!(m.function_defs[0].is_entry);
    assert_eq!(m.function_defs[1].visibility, Visibility::Friend);
    assert_eq!(
        m.function_handles[0].attributes,
        [FunctionAttribute::Persistent, FunctionAttribute::ModuleLock]
    );
    assert_eq!(
        m.function_handles[2].attributes,
        [FunctionAttribute::BorrowFieldImmutable(0)]
    );
    assert!(m
        .function_handles
        .iter()
        .all(|h| h.access_specifiers.is_none()));
}

#[test]
fn imports_translate_nested_struct_types() {
    let dep = module(DEP);
    let src = "module 0x66::m\nuse 0x77::dep as d\nfun f(b: d::Box)\n    ld_u64 0\n    pop\n    call d::wrap\n    pop\n    ret";
    let m = module_with(src, &[&dep]);
    // `wrap` mentions `Coin<u8>`: its handle is imported while copying the signature.
    assert_eq!(names(&m), ["m", "dep", "Box", "f", "wrap", "Coin"]);
    assert_eq!(m.struct_handles.len(), 2);
    assert_eq!(m.struct_handles[1].type_parameters.len(), 1);
}

#[test]
fn constants_out_of_range_are_collected() {
    let src = "module 0x66::test\nfun f_u8(): u8\n    ld_u8 512\n    ret\nfun g(): u16\n    ld_u16 ident\n    ret\nfun h()\n    ld_const<u16> 65536\n    ld_const<i8> -129\n    ld_i8 [1]\n    ld_const<signer> 1\n    ld_const<vector<u8>> 1\n    ld_const u8, 1\n    ld_const<u8>, x\n    ret";
    assert_eq!(
        errors(src),
        [
            (3, 5, "number 512 out of range (max 255)".to_string()),
            (6, 5, "expected unsigned number argument".into()),
            (9, 5, "number 65536 out of range (max 65535)".into()),
            (10, 5, "number -129 out of range (min -128)".into()),
            (11, 5, "expected an signed number".into()),
            (12, 5, "invalid type for constant value".into()),
            (13, 5, "expected vector value".into()),
            (14, 5, "expected type argument".into()),
            (15, 5, "expected a constant value".into()),
        ]
    );
}

#[test]
fn argument_count_and_kind_errors() {
    let src = "module 0x66::m\nstruct S\n  a: u8\nfun f(x: u8)\n    pop 1\n    copy_loc\n    vec_pack <u8>\n    copy_loc 0x1::x\n    frob\n    call 1\n    pack 0x1::m::S\n    borrow_field S, 1\n    branch 3\n    copy_loc y\n    ld_i8 x\n    borrow_variant_field S\n    ret";
    let msgs: Vec<String> = errors(src).into_iter().map(|e| e.2).collect();
    assert_eq!(
        msgs,
        [
            "expected zero but found 1 arguments for instruction `pop`",
            "expected 1 but found 0 arguments for instruction `copy_loc`",
            "expected 1 but found 1 arguments for instruction `vec_pack`",
            "expected simple identifier for local",
            "unknown instruction `frob`",
            "expected function name",
            "expected simple struct name with optional type instantiation",
            "expected simple identifier for field",
            "expected simple identifier for label",
            "unknown local `y`",
            "expected signed number argument",
            "expected at least 2 arguments for variant field borrow",
        ]
    );
}

#[test]
fn struct_field_and_variant_errors() {
    let src = "module 0x66::m\nstruct S\n  a: u8\nenum E\n  A\n    x: u8\n  B\n    y: u8\n    x: u64\nfun f()\n    borrow_field E, x\n    borrow_field S, b\n    pack_variant E, C\n    borrow_variant_field E, A::x, B::x\n    borrow_variant_field E, A::z\n    borrow_variant_field E, A\n    pack T\n    ret";
    let msgs: Vec<String> = errors(src).into_iter().map(|e| e.2).collect();
    assert_eq!(
        msgs,
        [
            "invalid variant for field selection of struct",
            "undeclared field `b`",
            "undeclared variant `C`",
            "variants of fields must be at some position, previous was 0 while this is 1",
            "undeclared field `z`",
            "expected `<variant>::<field>` to describe field of variant",
            "undeclared struct `T` in current module",
        ]
    );
}

#[test]
fn parameter_type_errors_are_reported_twice() {
    let src = "module 0x66::t\nfun f(x: Foo, y: vector)\n    local z: u8<u8>\n    ret";
    let mod_id = format!("{}::t", AccountAddress::from_u64(0x66).full_hex());
    assert_eq!(
        errors(src),
        [
            (2, 7, format!("undeclared struct `Foo` in `{mod_id}`")),
            (2, 15, "expected 1 type arguments".into()),
            (3, 11, "no type arguments expected".into()),
            (2, 5, format!("undeclared struct `Foo` in `{mod_id}`")),
            (2, 5, "expected 1 type arguments".into()),
        ]
    );
}

#[test]
fn declaration_errors_stop_before_bodies() {
    let src = "module 0x66::m\nstruct S\n  a: u8\nstruct S\n  b: u8\nfun f() acquires T\n  frob\nfun f()\n  ret";
    assert_eq!(
        errors(src),
        [
            (4, 8, "duplicate struct definition `S`".to_string()),
            (6, 5, "undeclared struct `T` in current module".into()),
            (8, 5, "duplicate function definition `f`".into()),
        ]
    );
}

#[test]
fn alias_and_friend_errors_are_at_the_start() {
    let src = "address a = 1\naddress a = 2\nmodule 0x66::m\nuse 0x1::x\nuse 0x1::x\nfriend 0x1::y\nfriend 0x1::y\nfun f()\n  ret";
    assert_eq!(
        errors(src),
        [
            (1, 1, "duplicate address alias `a`".to_string()),
            (1, 1, "duplicate module alias `x`".into()),
            (1, 1, "duplicate friend module `0x1::y`".into()),
        ]
    );
}

#[test]
fn resolution_errors() {
    let dep = module(DEP);
    let src = "module 0x66::m\nuse 0x77::dep\nuse 0x9::gone\nfun f()\n    call g\n    call dep::nope\n    call gone::f\n    call q::f\n    call a::b::f\n    call 0x66::m::h\n    call 0x1::f\n    call x::y::z::f\n    ret\nfun h2(x: dep::Nope)\n    ret";
    let mid = |a: u64, n: &str| format!("{}::{n}", AccountAddress::from_u64(a).full_hex());
    let msgs: Vec<String> = errors_with(src, &[&dep]).into_iter().map(|e| e.2).collect();
    assert_eq!(
        msgs,
        [
            format!("unknown struct `Nope` in module `{}`", mid(0x77, "dep")),
            format!("unknown struct `Nope` in module `{}`", mid(0x77, "dep")),
        ]
    );
    let src = src.replace("(x: dep::Nope)", "()");
    let msgs: Vec<String> = errors_with(&src, &[&dep])
        .into_iter()
        .map(|e| e.2)
        .collect();
    assert_eq!(
        msgs,
        [
            format!("undeclared function `g` in `{}`", mid(0x66, "m")),
            format!("unknown function `nope` in module `{}`", mid(0x77, "dep")),
            format!("unknown module `{}`", mid(9, "gone")),
            "undeclared module alias `q`".to_string(),
            "undeclared address alias `a`".into(),
            "unknown function `h` in the current module".into(),
            "expected one name part after address".into(),
            "expected two name parts".into(),
        ]
    );
}

#[test]
fn unbound_label_reported_after_body() {
    let src = "module 0x66::test\nfun f()\n    ld_true\n    br_false l3\n    ret";
    let err = assemble(src, &[], &opts()).unwrap_err();
    assert_eq!(format!("{err:#}"), err.render("test", src));
    assert_eq!(
        err.render("test", src),
        "error: unbound branch label `l3`\n  ┌─ test:4:5\n  │\n4 │     br_false l3\n  │     ^^^^^^^^^^^\n\n"
    );
}

#[test]
fn script_errors() {
    assert_eq!(
        errors("script\nstruct S\n  a: u8\nfun main()\n  ret"),
        [(2, 8, "script cannot have struct definitions".to_string())]
    );
    assert_eq!(
        errors("script\nfun main()\n  ret\nfun other()\n  ret")[0].2,
        "script can have only one function definition"
    );
    assert_eq!(
        errors("script\nfun main(): u64\n  ld_u64 1\n  ret"),
        [(1, 1, "main function must not return values".to_string())]
    );
    assert_eq!(
        errors("script\nnative fun main()")[0].2,
        "script functions must have a body"
    );
    // A script function without instructions: the script conversion's error, at 1:1.
    assert_eq!(
        errors("script\nentry public fun main()\n"),
        [(1, 1, "script functions must have a body".to_string())]
    );
    assert_eq!(
        errors("script\n")[0].2,
        "a script cannot be built from a module"
    );
    assert_eq!(
        errors("script\nfun main()\n  call main\n  ret")[0].2,
        "unknown function `main` in the current module"
    );
    let ok = script_with(
        "script\nentry public fun go<T: copy>(s: signer)\n  ret",
        &[],
    );
    assert_eq!(ok.type_parameters.len(), 1);
    assert_eq!(ok.identifiers[0].as_str(), "go");
}

#[test]
fn invalid_identifier_in_a_table_is_written_as_it_is() {
    // The assembler never rejects a name the lexer accepts; the binary reader does.
    let src = "module 0x66::m\nstruct _\n  a: u8\nfun f()\n  ret";
    let m = module(src);
    assert!(m.identifiers.iter().any(|i| i.as_str() == "_"));
    let bytes = m.serialize().unwrap();
    let err = tern_binary::CompiledModule::deserialize(&bytes).unwrap_err();
    assert_eq!(err.status, tern_primitives::StatusCode::MALFORMED);
    // Names that never reach a table (locals, labels) may be anything the lexer accepts.
    module("module 0x66::m\nfun f(_: u8)\n  move_loc _\n  pop\n_: ret");
}

#[test]
fn signature_dedup_and_constant_dedup() {
    let src = "module 0x66::m\nfun f(a: u64): u64\n    ld_const<u64> 1\n    ld_const<u64> 1\n    ld_const<u8> 1\n    vec_len <u64>\n    ret";
    let m = module(src);
    // `[u64]` serves params, result and `vec_len`; the empty locals list comes last.
    assert_eq!(m.signatures.len(), 2);
    assert_eq!(m.constant_pool.len(), 2);
    assert_eq!(code(&m, 0)[3], Bytecode::VecLen(SignatureIndex(0)));
}

#[test]
fn custom_version() {
    let o = AsmOptions { version: 7 };
    let CompiledUnit::Module(m) = assemble("module 0x1::m", &[], &o).unwrap() else {
        panic!()
    };
    assert_eq!(m.version, 7);
    assert!(m.function_defs.is_empty());
}

#[test]
fn unknown_names_carry_a_help_outside_the_peer_format() {
    let src = "module 0x66::m
struct Counter has drop
    value: u64

public fun bump(c: Counter): u64
    local count: u64
    imm_borrow_loc c
    pop
    copy_loc cout
    ret
";
    let err = assemble(src, &[], &opts()).unwrap_err();
    let helps: Vec<(String, Option<String>)> = err
        .diagnostics
        .iter()
        .map(|d| (d.message.clone(), d.help.clone()))
        .collect();
    assert_eq!(
        helps,
        vec![
            (
                "unknown instruction `imm_borrow_loc`".to_string(),
                Some("did you mean `borrow_loc`?".to_string())
            ),
            (
                "unknown local `cout`".to_string(),
                Some("did you mean `count`?".to_string())
            ),
        ]
    );
    // The peer's format has no help; the rendering for people names the file and adds it.
    assert!(!err.render("test", src).contains("help"));
    let text = err.render_with_help("bump.masm");
    assert!(text.contains("┌─ bump.masm:7:5"), "{text}");
    assert!(
        text.contains("  = help: did you mean `borrow_loc`?\n\n"),
        "{text}"
    );
}

#[test]
fn native_structs_assemble_and_disassemble() {
    let src = "module 0x42::n\nnative struct T has drop\n\nnative struct U<T0>\n";
    let CompiledUnit::Module(m) = assemble(src, &[], &opts()).unwrap() else {
        panic!("not a module")
    };
    assert!(m
        .struct_defs
        .iter()
        .all(|d| d.field_information == StructFieldInformation::Native));
    let text = crate::disassembler::disassemble_module(&m).unwrap();
    assert!(text.contains("native struct T has drop\n"), "{text}");
    assert!(text.contains("native struct U<T0>\n"), "{text}");
    let bad = "module 0x42::n\nnative struct T\n  x: u64\n";
    let msgs: Vec<String> = errors(bad).into_iter().map(|e| e.2).collect();
    assert_eq!(msgs, ["a native struct has no fields"]);
}

#[test]
fn a_misspelt_module_gets_a_suggestion() {
    let dep = module(DEP);
    // Named by address and by `use`: the closest module at that address is suggested.
    for src in [
        "module 0x66::m\nfun f()\n    call 0x77::dap::f\n    ret\n",
        "module 0x66::m\nuse 0x77::dap\nfun f()\n    call dap::f\n    ret\n",
    ] {
        let err = assemble(src, &[&dep], &opts()).unwrap_err();
        let help: Vec<Option<String>> = err.diagnostics.iter().map(|d| d.help.clone()).collect();
        assert_eq!(help, vec![Some("did you mean `dep`?".to_string())], "{src}");
    }
}

#[test]
fn instruction_lines_follow_the_code_offsets() {
    let src = "module 0x66::m\npublic fun f(n: u64): u64\n    copy_loc n\n\n    ret\n\nfun g()\n    ret\n";
    let lines = instruction_lines(src).unwrap();
    assert_eq!(lines["f"], vec![3, 5]);
    assert_eq!(lines["g"], vec![8]);
    assert!(instruction_lines("module").is_none());
}
