//! Golden tests: hand-built modules and scripts (with the tables the assembler would build
//! for the examples of masm.md §13–§14) print exactly the expected text.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod disassembler_common;

use disassembler_common::builder::Builder;
use tern_asm::assembler::{assemble, AsmOptions, CompiledUnit};
use tern_asm::disassembler::{
    disassemble_module, disassemble_module_with, disassemble_script, DisasmOptions,
};
use tern_binary::SignatureToken as T;
use tern_binary::*;
use tern_primitives::{Ability, AbilitySet};

fn ab(list: &[Ability]) -> AbilitySet {
    list.iter().copied().collect()
}

const NONE: AbilitySet = AbilitySet::EMPTY;

/// Asserts that `text` assembles (without dependencies) to a module that prints as `text`.
fn assert_reassembles(text: &str) {
    let unit = assemble(text, &[], &AsmOptions::default()).unwrap();
    let CompiledUnit::Module(module) = unit else {
        panic!("expected a module");
    };
    assert_eq!(disassemble_module(&module).unwrap(), text);
}

#[test]
fn header_aliases_attributes_and_natives() {
    let mut b = Builder::module(0x66, "x");
    b.friend(0x66, "y");
    let store = ab(&[Ability::Store]);
    let r = b.struct_handle(
        ModuleHandleIndex(0),
        "R",
        ab(&[Ability::Key, Ability::Store]),
        vec![
            StructTypeParameter {
                constraints: store,
                is_phantom: true,
            },
            StructTypeParameter {
                constraints: ab(&[Ability::Copy, Ability::Drop]),
                is_phantom: false,
            },
        ],
    );
    let dep = b.module_handle(0x77, "dep");
    let box1 = b.struct_handle(dep, "Box", NONE, vec![]);
    let other = b.module_handle(0x78, "dep");
    let box2 = b.struct_handle(other, "Box", NONE, vec![]);
    let f = b.function_handle(
        ModuleHandleIndex(0),
        "f",
        vec![T::Reference(Box::new(T::Signer)), T::Struct(box1)],
        vec![T::Struct(box2)],
        vec![ab(&[Ability::Key]), NONE],
        vec![FunctionAttribute::Persistent, FunctionAttribute::ModuleLock],
    );
    let u64s = vec![T::U64];
    let n = b.function_handle(ModuleHandleIndex(0), "n", u64s, vec![], vec![], vec![]);
    let u = b.field("u", T::TypeParameter(1));
    let r_def = b.struct_def(r, StructFieldInformation::Declared(vec![u]));
    let mk = b.function_handle(other, "mk", vec![], vec![T::Struct(box2)], vec![], vec![]);
    let u8s = b.sig(vec![T::U8]);
    let code = vec![
        Bytecode::MoveLoc(1),
        Bytecode::Pop,
        Bytecode::LdU8(1),
        Bytecode::VecPack(u8s, 1),
        Bytecode::Call(mk),
        Bytecode::Ret,
    ];
    let fdef = b.function_def(f, Visibility::Public, true, Some((vec![], code)));
    b.m.function_defs[fdef.idx()].acquires_global_resources = vec![r_def];
    b.function_def(n, Visibility::Public, false, None);
    let expected = "\
// Bytecode version v9
module 0x66::x
use 0x77::dep
use 0x78::dep as dep_
friend 0x66::y
struct R<phantom T0: store, T1: copy + drop> has store + key
  u: T1

// Function definition at index 0
#[persistent, module_lock] entry public fun f<T0: key, T1>(l0: &signer, l1: dep::Box): dep_::Box acquires R
    move_loc l1
    pop
    ld_u8 1
    vec_pack <u8>, 1
    call dep_::mk
    // @5
    ret

// Function definition at index 1
public native fun n(l0: u64)

";
    assert_eq!(disassemble_module(&b.m).unwrap(), expected);
}

#[test]
fn generic_struct_and_function() {
    let mut b = Builder::module(0x66, "pair");
    let cd = ab(&[Ability::Copy, Ability::Drop]);
    let pair = b.struct_handle(
        ModuleHandleIndex(0),
        "Pair",
        cd,
        vec![
            StructTypeParameter {
                constraints: cd,
                is_phantom: false,
            },
            StructTypeParameter {
                constraints: NONE,
                is_phantom: true,
            },
        ],
    );
    let pair_def = b.struct_def(pair, StructFieldInformation::Declared(vec![]));
    let make = b.function_handle(
        ModuleHandleIndex(0),
        "make",
        vec![T::TypeParameter(0)],
        vec![T::StructInstantiation(
            pair,
            vec![T::TypeParameter(0), T::U8],
        )],
        vec![cd],
        vec![],
    );
    let first = b.function_handle(
        ModuleHandleIndex(0),
        "first_u64",
        vec![],
        vec![T::U64],
        vec![],
        vec![],
    );
    let fields = vec![
        b.field("first", T::TypeParameter(0)),
        b.field("second", T::TypeParameter(0)),
    ];
    b.m.struct_defs[0].field_information = StructFieldInformation::Declared(fields);
    let inst_sig = b.sig(vec![T::TypeParameter(0), T::U8]);
    b.m.struct_def_instantiations.push(StructDefInstantiation {
        def: pair_def,
        type_parameters: inst_sig,
    });
    let make_code = vec![
        Bytecode::CopyLoc(0),
        Bytecode::MoveLoc(0),
        Bytecode::PackGeneric(StructDefInstantiationIndex(0)),
        Bytecode::Ret,
    ];
    b.function_def(make, Visibility::Public, false, Some((vec![], make_code)));
    let call = b.func_inst(make, vec![T::U64]);
    b.m.field_handles.push(FieldHandle {
        owner: pair_def,
        field: 0,
    });
    let fsig = b.sig(vec![T::U64, T::U8]);
    b.m.field_instantiations.push(FieldInstantiation {
        handle: FieldHandleIndex(0),
        type_parameters: fsig,
    });
    let code = vec![
        Bytecode::LdU64(7),
        Bytecode::CallGeneric(call),
        Bytecode::StLoc(0),
        Bytecode::ImmBorrowLoc(0),
        Bytecode::ImmBorrowFieldGeneric(FieldInstantiationIndex(0)),
        Bytecode::ReadRef,
        Bytecode::Ret,
    ];
    let locals = vec![T::StructInstantiation(pair, vec![T::U64, T::U8])];
    b.function_def(first, Visibility::Public, false, Some((locals, code)));
    let expected = "\
// Bytecode version v9
module 0x66::pair
struct Pair<T0: copy + drop, phantom T1> has copy + drop
  first: T0
  second: T0

// Function definition at index 0
public fun make<T0: copy + drop>(l0: T0): Pair<T0, u8>
    copy_loc l0
    move_loc l0
    pack Pair<T0, u8>
    ret

// Function definition at index 1
public fun first_u64(): u64
    local l0: Pair<u64, u8>
    ld_u64 7
    call make<u64>
    st_loc l0
    borrow_loc l0
    borrow_field Pair<u64, u8>, first
    // @5
    read_ref
    ret

";
    assert_eq!(disassemble_module(&b.m).unwrap(), expected);
    assert_reassembles(expected);
}

#[test]
fn script_with_labels() {
    let mut b = Builder::script();
    let params = b.sig(vec![T::Signer, T::Address]);
    let empty = b.sig(vec![]);
    let signer = b.module_handle(1, "signer");
    let address_of = b.function_handle(
        signer,
        "address_of",
        vec![T::Reference(Box::new(T::Signer))],
        vec![T::Address],
        vec![],
        vec![],
    );
    let locals = b.sig(vec![T::Address]);
    let _ = empty;
    let code = vec![
        Bytecode::ImmBorrowLoc(0),
        Bytecode::Call(address_of),
        Bytecode::StLoc(2),
        Bytecode::MoveLoc(2),
        Bytecode::MoveLoc(1),
        Bytecode::Eq,
        Bytecode::BrTrue(9),
        Bytecode::LdU64(42),
        Bytecode::Abort,
        Bytecode::Ret,
    ];
    let script = b.into_script(params, locals, code, vec![]);
    let expected = "\
// Bytecode version v9
script
use 0x1::signer
// Function definition at index 0
entry public fun main(l0: signer, l1: address)
    local l2: address
    borrow_loc l0
    call signer::address_of
    st_loc l2
    move_loc l2
    move_loc l1
    // @5
    eq
    br_true l0
    ld_u64 42
    abort
l0: ret

";
    assert_eq!(disassemble_script(&script).unwrap(), expected);
}

fn shapes() -> Builder {
    let mut b = Builder::module(0x66, "shapes");
    let shape = b.struct_handle(ModuleHandleIndex(0), "Shape", ab(&[Ability::Drop]), vec![]);
    let area = b.function_handle(
        ModuleHandleIndex(0),
        "area",
        vec![T::Struct(shape)],
        vec![T::U64],
        vec![],
        vec![],
    );
    let wor = b.function_handle(
        ModuleHandleIndex(0),
        "width_or_radius",
        vec![T::Reference(Box::new(T::Struct(shape)))],
        vec![T::U64],
        vec![],
        vec![],
    );
    let circle = vec![b.field("radius", T::U64)];
    let rect = vec![b.field("width", T::U64), b.field("height", T::U64)];
    let variants = vec![b.variant("Circle", circle), b.variant("Rect", rect)];
    let def = b.struct_def(shape, StructFieldInformation::DeclaredVariants(variants));
    b.m.struct_variant_handles.push(StructVariantHandle {
        struct_index: def,
        variant: 0,
    });
    b.m.struct_variant_handles.push(StructVariantHandle {
        struct_index: def,
        variant: 1,
    });
    let (c, r) = (StructVariantHandleIndex(0), StructVariantHandleIndex(1));
    let code = vec![
        Bytecode::ImmBorrowLoc(0),
        Bytecode::TestVariant(c),
        Bytecode::BrFalse(12),
        Bytecode::MoveLoc(0),
        Bytecode::UnpackVariant(c),
        Bytecode::StLoc(1),
        Bytecode::CopyLoc(1),
        Bytecode::MoveLoc(1),
        Bytecode::Mul,
        Bytecode::LdU64(3),
        Bytecode::Mul,
        Bytecode::Ret,
        Bytecode::MoveLoc(0),
        Bytecode::UnpackVariant(r),
        Bytecode::StLoc(3),
        Bytecode::StLoc(2),
        Bytecode::MoveLoc(2),
        Bytecode::MoveLoc(3),
        Bytecode::Mul,
        Bytecode::Ret,
    ];
    b.function_def(
        area,
        Visibility::Public,
        false,
        Some((vec![T::U64, T::U64, T::U64], code)),
    );
    b.m.variant_field_handles.push(VariantFieldHandle {
        struct_index: def,
        variants: vec![0, 1],
        field: 0,
    });
    let code = vec![
        Bytecode::MoveLoc(0),
        Bytecode::ImmBorrowVariantField(VariantFieldHandleIndex(0)),
        Bytecode::ReadRef,
        Bytecode::Ret,
    ];
    b.function_def(wor, Visibility::Public, false, Some((vec![], code)));
    b
}

#[test]
fn enum_variants_and_labels() {
    let expected = "\
// Bytecode version v9
module 0x66::shapes
enum Shape has drop
  Circle
    radius: u64
  Rect
    width: u64
    height: u64

// Function definition at index 0
public fun area(l0: Shape): u64
    local l1: u64
    local l2: u64
    local l3: u64
    borrow_loc l0
    test_variant Shape, Circle
    br_false l0
    move_loc l0
    unpack_variant Shape, Circle
    // @5
    st_loc l1
    copy_loc l1
    move_loc l1
    mul
    ld_u64 3
    // @10
    mul
    ret
l0: move_loc l0
    unpack_variant Shape, Rect
    st_loc l3
    // @15
    st_loc l2
    move_loc l2
    move_loc l3
    mul
    ret

// Function definition at index 1
public fun width_or_radius(l0: &Shape): u64
    move_loc l0
    borrow_variant_field Shape, Circle::radius, Rect::width
    read_ref
    ret

";
    assert_eq!(disassemble_module(&shapes().m).unwrap(), expected);
    assert_reassembles(expected);
}

fn closures() -> Builder {
    let mut b = Builder::module(0x66, "fns");
    let u64s = vec![T::U64, T::U64];
    let add = b.function_handle(
        ModuleHandleIndex(0),
        "add",
        u64s,
        vec![T::U64],
        vec![],
        vec![FunctionAttribute::Persistent],
    );
    let all3 = ab(&[Ability::Copy, Ability::Drop, Ability::Store]);
    let fty = T::Function(vec![T::U64], vec![T::U64], all3);
    let adder = b.function_handle(
        ModuleHandleIndex(0),
        "adder",
        vec![T::U64],
        vec![fty.clone()],
        vec![],
        vec![],
    );
    let code = vec![
        Bytecode::MoveLoc(0),
        Bytecode::MoveLoc(1),
        Bytecode::Add,
        Bytecode::Ret,
    ];
    b.function_def(add, Visibility::Public, false, Some((vec![], code)));
    let code = vec![
        Bytecode::MoveLoc(0),
        Bytecode::PackClosure(add, ClosureMask(1)),
        Bytecode::Ret,
    ];
    b.function_def(adder, Visibility::Public, false, Some((vec![], code)));
    let two = b.function_handle(ModuleHandleIndex(0), "two", vec![], vec![], vec![], vec![]);
    let sig = b.sig(vec![fty]);
    let code = vec![
        Bytecode::LdU64(10),
        Bytecode::PackClosure(add, ClosureMask(2)),
        Bytecode::LdU64(5),
        Bytecode::CallClosure(sig),
        Bytecode::Ret,
    ];
    b.function_def(two, Visibility::Private, false, Some((vec![], code)));
    b
}

#[test]
fn closures_print_masks_and_function_types() {
    let expected = "\
// Bytecode version v9
module 0x66::fns
// Function definition at index 0
#[persistent] public fun add(l0: u64, l1: u64): u64
    move_loc l0
    move_loc l1
    add
    ret

// Function definition at index 1
public fun adder(l0: u64): |u64|u64 has copy + drop + store
    move_loc l0
    pack_closure add, 1
    ret

// Function definition at index 2
fun two()
    ld_u64 10
    pack_closure add, 2
    ld_u64 5
    call_closure <|u64|u64 has copy + drop + store>
    ret

";
    let module = closures().m;
    assert_eq!(disassemble_module(&module).unwrap(), expected);
    assert_reassembles(expected);
    let peer = DisasmOptions {
        binary_closure_masks: true,
    };
    let binary = disassemble_module_with(&module, peer).unwrap();
    assert_eq!(
        binary,
        expected.replace("pack_closure add, 2", "pack_closure add, 10")
    );
}
