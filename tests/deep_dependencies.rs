//! A chain of thousands of modules, each importing the one before, loads without recursing on
//! the Rust stack: the loader walks the dependencies with its own stack.

#![allow(clippy::unwrap_used)] // test code: a failed unwrap is a failed test

use tern::{MoveValue, Vm};

/// Modules in the chain: more than a recursive loader's Rust stack holds in a test thread.
const CHAIN: usize = 5000;

/// `0x42::m{i}`: `f` returns `i`; `g` calls the previous module's `f`, so every module
/// imports the one before it.
fn module(i: usize) -> String {
    let mut src = format!("module 0x42::m{i}\n");
    if i > 0 {
        src.push_str(&format!("use 0x42::m{}\n", i - 1));
    }
    src.push_str(&format!("public fun f(): u64\n    ld_u64 {i}\n    ret\n"));
    if i > 0 {
        src.push_str(&format!(
            "public fun g(): u64\n    call m{}::f\n    ret\n",
            i - 1
        ));
    }
    src
}

#[test]
fn a_chain_of_thousands_of_modules_loads_and_runs() {
    let mut vm = Vm::default();
    for i in 0..CHAIN {
        vm.publish_masm(&module(i)).unwrap();
    }
    // Calling into the last module loads all 5,000 (each is a dependency of the next).
    let top = format!("0x42::m{}", CHAIN - 1);
    let out = vm.call(&format!("{top}::g"), &[], &[]).unwrap();
    assert_eq!(out.values, vec![MoveValue::U64((CHAIN - 2) as u64)]);
    let out = vm.call(&format!("{top}::f"), &[], &[]).unwrap();
    assert_eq!(out.values, vec![MoveValue::U64((CHAIN - 1) as u64)]);
}
