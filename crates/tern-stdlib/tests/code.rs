//! Facts about the bodies that show in error output: where each abort sits (stdlib.md §4, the
//! `CODE@pc` entries), where the instructions that can fail sit, and which functions are native.

mod common;

use common::{function_name, module, modules};
use std::collections::BTreeSet;
use tern_binary::{Bytecode, CompiledModule};

/// (module, function definition index, pc of the `Abort`, abort code).
const ABORTS: [(&str, usize, usize, u64); 27] = [
    ("ascii", 0, 10, 0x10000),
    ("ascii", 5, 7, 0x10000),
    ("bit_vector", 1, 15, 0x20000),
    ("bit_vector", 2, 35, 0x20000),
    ("bit_vector", 3, 31, 0x20001),
    ("bit_vector", 3, 33, 0x20001),
    ("bit_vector", 4, 18, 0x20000),
    ("bit_vector", 6, 18, 0x20000),
    ("fixed_point32", 1, 35, 0x20005),
    ("fixed_point32", 1, 37, 0x20005),
    ("fixed_point32", 1, 44, 0x10001),
    ("fixed_point32", 3, 14, 0x20005),
    ("fixed_point32", 4, 24, 0x20002),
    ("fixed_point32", 4, 26, 0x10004),
    ("fixed_point32", 10, 18, 0x20003),
    ("option", 1, 11, 0x40001),
    ("option", 2, 12, 0x40001),
    ("option", 3, 16, 0x40001),
    ("option", 5, 8, 0x40000),
    ("option", 6, 12, 0x40001),
    ("option", 8, 11, 0x40001),
    ("option", 9, 14, 0x40000),
    ("string", 7, 43, 2),
    ("string", 12, 37, 2),
    ("string", 14, 7, 1),
    ("vector", 2, 11, 0x20000),
    ("vector", 15, 20, 0x20000),
];

fn code(m: &CompiledModule, index: usize) -> &[Bytecode] {
    match &m.function_defs[index].code {
        Some(unit) => &unit.code,
        None => &[],
    }
}

#[test]
fn aborts_sit_at_the_peer_offsets_with_the_peer_codes() {
    for (name, index, pc, abort_code) in ABORTS {
        let body = code(module(name), index);
        assert_eq!(
            body.get(pc),
            Some(&Bytecode::Abort),
            "0x1::{name} [{index}] pc {pc}"
        );
        assert_eq!(
            body.get(pc - 1),
            Some(&Bytecode::LdU64(abort_code)),
            "0x1::{name} [{index}] pc {}",
            pc - 1
        );
    }
}

#[test]
fn no_other_function_aborts() {
    let listed: BTreeSet<(&str, usize, usize)> = ABORTS.iter().map(|a| (a.0, a.1, a.2)).collect();
    for m in modules() {
        let name = common::module_name(m);
        for index in 0..m.function_defs.len() {
            for (pc, op) in code(m, index).iter().enumerate() {
                if *op == Bytecode::Abort {
                    let f = function_name(m, &m.function_defs[index]);
                    assert!(
                        listed.contains(&(name, index, pc)),
                        "unlisted abort in {name}::{f}"
                    );
                }
            }
        }
    }
}

#[test]
fn failing_instructions_sit_at_the_peer_offsets() {
    let pop_char = code(module("ascii"), 9);
    assert!(matches!(pop_char.get(2), Some(Bytecode::VecPopBack(_))));
    let swap_remove = code(module("vector"), 15);
    assert!(matches!(swap_remove.get(13), Some(Bytecode::VecSwap(_))));
    let canonical = code(module("error"), 2);
    assert_eq!(canonical.get(4), Some(&Bytecode::Add));
}

#[test]
fn natives_are_exactly_the_listed_ones() {
    let mut declared = BTreeSet::new();
    for m in modules() {
        for def in m.function_defs.iter().filter(|d| d.is_native()) {
            declared.insert((common::module_name(m), function_name(m, def)));
        }
    }
    let registered: BTreeSet<(&str, &str)> = tern_stdlib::stdlib_native_functions()
        .iter()
        .copied()
        .collect();
    let bytecode: BTreeSet<(&str, &str)> = tern_stdlib::stdlib_bytecode_natives()
        .iter()
        .copied()
        .collect();
    assert_eq!(registered.len(), 9);
    assert_eq!(bytecode.len(), 8);
    assert!(registered.is_disjoint(&bytecode));
    let all: BTreeSet<(&str, &str)> = registered.union(&bytecode).copied().collect();
    assert_eq!(declared, all);
}

#[test]
fn library_bodies_use_vector_instructions_not_vector_natives() {
    for m in modules() {
        for handle in &m.function_handles {
            if handle.module == m.self_module_handle_idx {
                continue;
            }
            let owner = &m.module_handles[handle.module.idx()];
            if m.identifiers[owner.name.idx()].as_str() != "vector" {
                continue;
            }
            let f = m.identifiers[handle.name.idx()].as_str();
            let is_bytecode_native = tern_stdlib::stdlib_bytecode_natives()
                .iter()
                .any(|(_, n)| *n == f);
            assert!(
                !is_bytecode_native,
                "{} calls vector::{f}",
                common::module_name(m)
            );
        }
    }
}
