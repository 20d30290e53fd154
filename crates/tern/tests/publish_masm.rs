//! `Vm::publish_masm` errors: assembly diagnostics keep their positions and help; a `?` into
//! a `VmError` keeps the old status.

#![allow(clippy::unwrap_used)] // test code: a failed unwrap is a failed test

use tern::{MasmError, StatusCode, Vm, VmError};

#[test]
fn assembly_errors_keep_their_positions_and_help() {
    let mut vm = Vm::with_stdlib().unwrap();
    let err = vm
        .publish_masm("module 0x42::m\npublic fun f(n: u64): u64\n    copy_lok n\n    ret\n")
        .unwrap_err();
    let MasmError::Assembly(asm) = &err else {
        panic!("{err:?}");
    };
    assert_eq!((asm.line, asm.column), (3, 5));
    assert_eq!(asm.message, "unknown instruction `copy_lok`");
    assert_eq!(
        asm.diagnostics[0].help.as_deref(),
        Some("did you mean `copy_loc`?")
    );
    assert_eq!(err.status(), StatusCode::UNKNOWN_MODULE);
    assert!(err.to_string().contains("┌─ <masm>:3:5"), "{err}");
    // Where a `VmError` is expected, the status stays what it was.
    let as_vm: VmError = err.into();
    assert_eq!(as_vm.status(), StatusCode::UNKNOWN_MODULE);
    assert!(as_vm
        .message()
        .unwrap()
        .contains("did you mean `copy_loc`?"));

    let err = vm
        .publish_masm("script\nfun main()\n    ret\n")
        .unwrap_err();
    assert!(matches!(err, MasmError::NotAModule), "{err:?}");
    // A module that assembles but does not publish (an unknown friend) is the VM's error.
    let err = vm
        .publish_masm("module 0x42::m\nfriend 0x42::nobody\npublic fun f()\n    ret\n")
        .unwrap_err();
    assert!(matches!(err, MasmError::Vm(_)), "{err:?}");
}
