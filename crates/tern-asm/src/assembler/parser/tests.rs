//! Parser unit tests: constructs, soft keywords, and parse errors with their positions.

use super::parse;
use crate::assembler::ast::{Arg, Layout, Type};
use crate::assembler::errors::line_column;
use crate::assembler::literals::AsmValue;
use tern_binary::{FunctionAttribute, Visibility};
use tern_primitives::{Ability, AbilitySet};

/// The first parse error as (line, column, message).
fn perr(src: &str) -> (u32, u32, String) {
    let d = parse(src).expect_err("parse error expected");
    let (l, c) = line_column(src, d.span.start);
    (l, c, d.message)
}

#[test]
fn module_header_aliases_friends() {
    let src = "\n\naddress A = 0x66\nmodule A::m\nuse 0x1::signer\nuse A::x as y\nfriend A::z\nfriend fun f()\n  ret";
    let unit = parse(src).unwrap();
    let m = unit.module.unwrap();
    assert_eq!((m.address.short_hex(), m.name.as_str()), ("66".into(), "m"));
    assert_eq!(unit.module_aliases[0].0, "signer");
    assert_eq!(unit.module_aliases[1].0, "y");
    assert_eq!(unit.friends.len(), 1);
    assert_eq!(unit.functions[0].visibility, Visibility::Friend);
}

#[test]
fn struct_and_enum_layouts() {
    let src = "module 0x1::m\nstruct S<phantom T: copy+drop, U> has key + store\n  a: T\n  b: vector<U>\nenum E has drop\n  V1\n    x: u8\n  V2\n  V3 // c\n    y: &mut u64\nstruct Z";
    let unit = parse(src).unwrap();
    let s = &unit.structs[0];
    assert!(s.type_params[0].is_phantom);
    assert_eq!(
        s.type_params[0].constraints,
        AbilitySet::EMPTY | Ability::Copy | Ability::Drop
    );
    assert_eq!(
        s.abilities,
        AbilitySet::EMPTY | Ability::Key | Ability::Store
    );
    let Layout::Variants(vs) = &unit.structs[1].layout else {
        panic!()
    };
    let names: Vec<_> = vs
        .iter()
        .map(|v| (v.name.as_str(), v.fields.len()))
        .collect();
    assert_eq!(names, [("V1", 1), ("V2", 0), ("V3", 1)]);
    assert!(matches!(&unit.structs[2].layout, Layout::Fields(f) if f.is_empty()));
}

#[test]
fn function_header_and_body() {
    let src = "module 0x1::m\n#[persistent, pack_variant(65537), borrow_mut(2)] entry public native fun n<T: key, U>(a: u64, b: |u64|(u8, bool) has copy): (u64, &T) acquires R, R\nfun f()\n    local x: u64\nl0: ld_u64 1\n  l1:\n    ret\n  LD_TRUE\n";
    let unit = parse(src).unwrap();
    let n = &unit.functions[0];
    assert!(n.is_entry && n.is_native);
    assert_eq!(
        n.attributes,
        [
            FunctionAttribute::Persistent,
            FunctionAttribute::PackVariant(1),
            FunctionAttribute::BorrowFieldMutable(2)
        ]
    );
    assert_eq!(n.result.len(), 2);
    assert_eq!(n.acquires, ["R", "R"]);
    assert!(matches!(&n.params[1].ty, Type::Func(a, r, _) if a.len() == 1 && r.len() == 2));
    let f = &unit.functions[1];
    assert_eq!(f.locals.len(), 1);
    let labels: Vec<_> = f
        .instrs
        .iter()
        .map(|i| (i.label.clone(), i.name.clone()))
        .collect();
    assert_eq!(
        labels,
        [
            (Some("l0".into()), "ld_u64".into()),
            (Some("l1".into()), "ret".into()),
            (None, "LD_TRUE".into())
        ]
    );
}

#[test]
fn instruction_arguments() {
    let src = "module 0x1::m\nfun f()\n    ld_const<vector<u8>> [1, [], -2]\n    vec_pack <u64>, 2\n    call 0x1::m::f<u8, T>\n    borrow_variant_field E<u64>, V1::a, V2::b\n    call_closure <||(u64, u64)>";
    let unit = parse(src).unwrap();
    let instrs = &unit.functions[0].instrs;
    assert!(
        matches!(&instrs[0].args[..], [Arg::Type(_), Arg::Const(AsmValue::Vector(v))] if v.len() == 3)
    );
    assert!(matches!(&instrs[1].args[..], [Arg::Type(_), Arg::Const(_)]));
    assert!(
        matches!(&instrs[2].args[..], [Arg::Id(q, Some(t))] if q.address.is_some() && q.parts.len() == 2 && t.len() == 2)
    );
    assert_eq!(instrs[3].args.len(), 3);
    // The instruction span runs from the mnemonic to the end of the last argument.
    let i = &instrs[1];
    assert_eq!(&src[i.loc.start..i.loc.end], "vec_pack <u64>, 2");
}

#[test]
fn modifier_order_errors() {
    let e = perr("module 0x1::m\npublic entry fun f()\n  ret");
    assert_eq!(e, (2, 8, "expected `fun`, found `entry`".into()));
    let e = perr("module 0x1::m\nnative public fun f()");
    assert_eq!(e.2, "expected `fun`, found `public`");
}

#[test]
fn function_type_without_result_but_with_abilities() {
    let e = perr("module 0x1::m\nstruct S\n    f: |u64| has drop");
    assert_eq!(e, (3, 18, "expected `<newline>`, found `drop`".into()));
}

#[test]
fn enum_with_bare_last_variant_fails_at_end() {
    let e = perr("module 0x1::m\nenum E\n    A\n    B");
    assert_eq!(e, (4, 6, "expected `:`, found `<end of file>`".into()));
    let e = perr("module 0x1::m\nenum E has drop\nfun f()\n  ret");
    assert_eq!(e, (2, 6, "enum type must have at least one variant".into()));
}

#[test]
fn struct_field_on_newline_error_points_at_newline() {
    let src = "module 0x66::a\nstruct A\n    V0\n        y: u64";
    let d = parse(src).unwrap_err();
    assert_eq!(d.message, "expected `:`, found `<newline>`");
    assert_eq!(&src[d.span.start..d.span.end], "\n");
}

#[test]
fn misc_errors() {
    assert_eq!(perr("fun f()").2, "expected `module` or `script` header");
    assert_eq!(perr("module x::m").2, "unknown address alias `x`");
    assert_eq!(perr("module (").2, "expected address or address alias");
    assert_eq!(
        perr("module 0x1::m\n  fun f()").2,
        "expected function or struct declaration"
    );
    let e = perr("module 0x1::m\nstruct S has copy + dorp\n");
    assert_eq!(
        e,
        (2, 25, "expected one of copy, drop, key, or store".into())
    );
    let e = perr("module 0x1::m\n#[inline] fun f()\n  ret");
    assert_eq!(e, (2, 9, "unknown function attribute 'inline'".into()));
    let e = perr("module 0x1::m\nfun f()\n  ret\n  local x: u8");
    assert_eq!(
        e,
        (4, 3, "local declarations must precede instructions".into())
    );
    let e = perr("module 0x1::m\nnative fun f()\n  ret");
    assert_eq!(
        e,
        (2, 12, "native function cannot have a body or locals".into())
    );
    let e = perr("module 0x1::m\nfun f()\nfun g()\n  ret");
    assert_eq!(e, (2, 5, "non-native function must have a body".into()));
    assert_eq!(
        perr("module 0x1::m\nfun f()\n  ld_u8 -x").2,
        "expected number"
    );
    assert_eq!(
        perr("module 0x1::m\nfun f()\n  ld_u8 [1,").2,
        "expected value"
    );
    assert_eq!(perr("module 0x1::m\nfun f(): ()\n  ret").2, "expected type");
    assert_eq!(
        perr("module 0x1::m\nfun f(): \n  ret").2,
        "expected type or type tuple"
    );
    assert_eq!(
        perr("module 0x1::m\nfun f()\n  \n  ret").2,
        "expected identifier"
    );
    assert_eq!(
        perr("module 0x1::m\n#[borrow(x)] fun f()\n  ret").2,
        "expected number"
    );
}

#[test]
fn label_alone_needs_indented_instruction() {
    let e = perr("module 0x1::m\nfun f()\n  l0:\n  // c\n    ret");
    assert_eq!(e.2, "expected identifier");
    assert!(parse("module 0x1::m\nfun f()\nl0:\n    ret").is_ok());
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    let src = format!(
        "module 0x1::m\nfun f()\n  ld_const<u8> {}",
        "[".repeat(100_000)
    );
    assert_eq!(perr(&src).2, "type or value nested too deeply");
    let src = format!("module 0x1::m\nstruct S\n  f: {}u8", "&".repeat(100_000));
    assert_eq!(perr(&src).2, "type or value nested too deeply");
}
