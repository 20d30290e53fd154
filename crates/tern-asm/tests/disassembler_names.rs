//! `use` lines (order of first use, aliases, unreferenced modules) and the printing of
//! function types.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod disassembler_common;

use disassembler_common::builder::Builder;
use tern_asm::disassembler::disassemble_module;
use tern_binary::SignatureToken as T;
use tern_binary::*;
use tern_primitives::{Ability, AbilitySet};

const NONE: AbilitySet = AbilitySet::EMPTY;

#[test]
fn use_lines_follow_first_use_not_table_order() {
    let mut b = Builder::module(0x66, "m");
    let late = b.module_handle(2, "b");
    let _unused = b.module_handle(3, "unused");
    let early = b.module_handle(1, "a");
    let coin = b.struct_handle(early, "Coin", NONE, vec![]);
    let f = b.function_handle(
        ModuleHandleIndex(0),
        "f",
        vec![T::Struct(coin)],
        vec![],
        vec![],
        vec![],
    );
    let g = b.function_handle(late, "g", vec![], vec![], vec![], vec![]);
    b.function_def(
        f,
        Visibility::Private,
        false,
        Some((vec![], vec![Bytecode::Call(g), Bytecode::Ret])),
    );
    let expected = "\
// Bytecode version v9
module 0x66::m
use 0x1::a
use 0x2::b
// Function definition at index 0
fun f(l0: a::Coin)
    call b::g
    ret

";
    assert_eq!(disassemble_module(&b.m).unwrap(), expected);
}

#[test]
fn clashing_module_names_get_underscores() {
    let mut b = Builder::module(0x66, "foo");
    let mut params = vec![];
    for (addr, name) in [(1, "foo"), (2, "foo"), (3, "foo_")] {
        let mh = b.module_handle(addr, name);
        params.push(T::Struct(b.struct_handle(mh, "S", NONE, vec![])));
    }
    let f = b.function_handle(ModuleHandleIndex(0), "f", params, vec![], vec![], vec![]);
    b.function_def(
        f,
        Visibility::Public,
        true,
        Some((vec![], vec![Bytecode::Ret])),
    );
    let expected = "\
// Bytecode version v9
module 0x66::foo
use 0x1::foo
use 0x2::foo as foo_
use 0x3::foo_ as foo__
// Function definition at index 0
entry public fun f(l0: foo::S, l1: foo_::S, l2: foo__::S)
    ret

";
    assert_eq!(disassemble_module(&b.m).unwrap(), expected);
}

#[test]
fn function_types_stay_readable() {
    let mut b = Builder::module(0x66, "f");
    let drop = NONE | Ability::Drop;
    let r = b.struct_handle(ModuleHandleIndex(0), "R", NONE | Ability::Key, vec![]);
    let def = b.struct_def(r, StructFieldInformation::Declared(vec![]));
    let u64_u64 = T::Function(vec![T::U64], vec![T::U64], NONE);
    let u8_none = T::Function(vec![T::U8], vec![], NONE);
    let params = vec![
        T::Function(
            vec![u64_u64.clone(), T::Reference(Box::new(u8_none.clone()))],
            vec![u64_u64.clone()],
            NONE,
        ),
        T::Function(vec![T::U64], vec![], drop),
        T::Function(vec![], vec![T::U8, T::Bool], drop | Ability::Copy),
    ];
    let f = b.function_handle(
        ModuleHandleIndex(0),
        "f",
        params,
        vec![u8_none],
        vec![],
        vec![],
    );
    b.function_def(f, Visibility::Private, false, None);
    b.m.function_defs[0].acquires_global_resources = vec![def];
    let g = b.function_handle(
        ModuleHandleIndex(0),
        "g",
        vec![],
        vec![u64_u64],
        vec![],
        vec![],
    );
    b.function_def(g, Visibility::Friend, false, None);
    let expected = "\
// Bytecode version v9
module 0x66::f
struct R has key

// Function definition at index 0
native fun f(l0: |(|u64|u64), (&|u8|)|(|u64|u64), l1: |u64|() has drop, l2: ||(u8, bool) has copy + drop): (|u8|) acquires R

// Function definition at index 1
friend native fun g(): |u64|u64

";
    assert_eq!(disassemble_module(&b.m).unwrap(), expected);
}
