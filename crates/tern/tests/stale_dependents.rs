//! A dependency republished with the compatibility checks off leaves its dependents stale.
//! By default (lazy linking, as the peer's default) a stale dependent loads and runs; a call
//! to a function that is gone fails where it is made. With eager linking the dependent does
//! not load at all.

#![allow(clippy::unwrap_used, clippy::panic)] // test code: a failed unwrap is a failed test

use tern::{CompatibilityOptions, Location, ModuleId, StatusCode, Vm, VmError};

const LIB: &str = "module 0x42::lib
public fun gone(): u64
    ld_u64 1
    ret
public fun kept(): u64
    ld_u64 2
    ret
";

const LIB_WITHOUT_GONE: &str = "module 0x42::lib
public fun kept(): u64
    ld_u64 2
    ret
";

const USER: &str = "module 0x42::user
use 0x42::lib
public fun calls_gone(): u64
    call lib::gone
    ret
public fun calls_kept(): u64
    call lib::kept
    ret
";

/// A VM where `0x42::user` calls `0x42::lib::gone`, which was then republished away.
fn stale_vm() -> Vm {
    let mut vm = Vm::with_stdlib().unwrap();
    vm.publish_masm(LIB).unwrap();
    vm.publish_masm(USER).unwrap();
    let tern_asm::assembler::CompiledUnit::Module(lib) =
        vm.assemble_masm(LIB_WITHOUT_GONE).unwrap()
    else {
        panic!("not a module");
    };
    let bytes = tern::serialize_assembled_module(&lib).unwrap();
    // With the checks on, removing a public function is refused.
    let refused = vm.publish(&bytes).unwrap_err();
    assert_eq!(
        refused.status(),
        StatusCode::BACKWARD_INCOMPATIBLE_MODULE_UPDATE
    );
    let skip_all = CompatibilityOptions {
        skip_all: true,
        ..CompatibilityOptions::default()
    };
    vm.publish_with(&bytes, &skip_all).unwrap();
    vm
}

fn user() -> ModuleId {
    "0x42::user".parse().unwrap()
}

fn run(vm: &mut Vm, function: &str) -> Result<Vec<u8>, VmError> {
    let out = vm.run_function(&user(), function, &[], vec![])?;
    Ok(out.return_bytes[0].clone())
}

/// The peer's lazy loader reports a callee it cannot find with the lookup's own status, with
/// no code offset and no execution state, located at the frame below the caller: undefined
/// when the caller is the entry function.
fn assert_lookup_failure(err: &VmError) {
    assert_eq!(
        err.status(),
        StatusCode::FUNCTION_RESOLUTION_FAILURE,
        "{err:?}"
    );
    assert_eq!(err.location(), &Location::Undefined);
    assert!(err.data().offsets.is_empty(), "{err:?}");
    assert!(err.data().exec_state.is_none(), "{err:?}");
    assert_eq!(
        err.message(),
        Some(
            "Function 0x0000000000000000000000000000000000000000000000000000000000000042::lib::gone \
             does not exist"
        )
    );
}

#[test]
fn a_stale_dependent_runs_until_it_calls_what_is_gone() {
    for type_checks in [false, true] {
        let mut vm = stale_vm();
        vm.set_type_checks(type_checks);
        assert_eq!(run(&mut vm, "calls_kept").unwrap(), 2u64.to_le_bytes());
        assert_lookup_failure(&run(&mut vm, "calls_gone").unwrap_err());
        // The failed call changed nothing: the module still runs.
        assert_eq!(run(&mut vm, "calls_kept").unwrap(), 2u64.to_le_bytes());
    }
}

#[test]
fn eager_linking_refuses_to_load_a_stale_dependent() {
    let mut vm = stale_vm();
    vm.set_eager_linking(true);
    for function in ["calls_kept", "calls_gone"] {
        let err = run(&mut vm, function).unwrap_err();
        assert_eq!(
            err.status(),
            StatusCode::UNEXPECTED_VERIFIER_ERROR,
            "{err:?}"
        );
        assert_eq!(err.location(), &Location::Module(user()));
        assert!(err
            .message()
            .unwrap()
            .starts_with("Unexpected verifier/deserialization error!"));
    }
    // Lazy again, the module loads.
    vm.set_eager_linking(false);
    assert_eq!(run(&mut vm, "calls_kept").unwrap(), 2u64.to_le_bytes());
}
