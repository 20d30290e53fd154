//! Inputs found by the cargo-fuzz targets (`fuzz/`, `docs/fuzzing.md`), kept as regular tests.

#![allow(clippy::unwrap_used)] // test code: a failed unwrap is a failed test

use std::sync::Arc;
use tern::{StatusCode, TypeTag, Vm};

/// `module 0x1::M { fun f<T>() { f<u64>(); } }` at v9, as the `execute` target found it
/// (`fuzz/artifacts/execute/leak-1c2004935d9b4151991547546a3fbdd19587b5ab`, after its
/// 17-byte argument prefix).
const SELF_CALL: [u8; 91] = [
    0xa1, 0x1c, 0xeb, 0x0b, 0x09, 0x00, 0x00, 0x0a, 0x07, 0x01, 0x00, 0x02, 0x03, 0x02, 0x08, 0x04,
    0x0a, 0x02, 0x05, 0x0c, 0x03, 0x07, 0x0f, 0x04, 0x08, 0x13, 0x20, 0x0c, 0x33, 0x09, 0x00, 0x00,
    0x00, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x03, 0x01, 0x4d, 0x01,
    0x66, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x38, 0x00, 0x02, 0x00,
];

/// A loaded function that calls a function of its own module is reachable from its module's
/// link table; when every function also held its module's table strongly, that was an `Arc`
/// cycle, and dropping the VM (or evicting the module on republish) never freed the loaded
/// module. Found by the `execute` target under LeakSanitizer (`docs/fuzzing.md`).
#[test]
fn dropping_the_vm_frees_a_self_calling_module() {
    let mut vm = Vm::with_stdlib().unwrap();
    vm.set_reserved_publishing(true);
    vm.set_gas_budget(Some(10_000));
    let id = vm.publish(&SELF_CALL).unwrap();
    let err = vm
        .run_function(&id, "f", &[TypeTag::U64], Vec::new())
        .unwrap_err();
    assert!(matches!(
        err.status(),
        StatusCode::OUT_OF_GAS | StatusCode::CALL_STACK_OVERFLOW
    ));
    let compiled = Arc::downgrade(&vm.storage().module(&id).unwrap().unwrap());
    drop(vm);
    assert!(
        compiled.upgrade().is_none(),
        "the module outlives the VM that loaded it"
    );
}

/// The control of the test above: a module whose functions call none of its own is freed with
/// the VM (so the leak is the cycle, not the test's method).
#[test]
fn dropping_the_vm_frees_a_module_without_self_calls() {
    let mut vm = Vm::with_stdlib().unwrap();
    vm.set_reserved_publishing(true);
    let id = vm
        .publish_masm("module 0x1::N\npublic fun g(): u64\n    ld_u64 7\n    ret\n")
        .unwrap();
    vm.run_function(&id, "g", &[], Vec::new()).unwrap();
    let compiled = Arc::downgrade(&vm.storage().module(&id).unwrap().unwrap());
    drop(vm);
    assert!(compiled.upgrade().is_none());
}
