//! Standalone runs of plain `.masm` files (`tern run`).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::MockAdapter;
use tern_primitives::{Location, StatusCode, VmError};
use tern_testrunner::{run_masm_source, ExecOutput, MasmToolchain, RunFileOptions, RunnerError};

const MODULE: &str = "module 0x42::m\npublic fun add(a: u64, b: u64): u64\n    move_loc a\n    move_loc b\n    add\n    ret\n";

fn strings(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| s.to_string()).collect()
}

#[test]
fn module_is_published_then_the_target_runs() {
    let mut mock = MockAdapter::default();
    mock.run_results.push_back(Ok(ExecOutput {
        return_values: vec!["3".into()],
        ..ExecOutput::default()
    }));
    let options = RunFileOptions {
        target: Some("A::m::add".into()),
        args: strings(&["1", "2u64"]),
        named_addresses: strings(&["A=0x42"]),
        ..RunFileOptions::default()
    };
    let out = run_masm_source(MODULE, &options, &mut mock, &MasmToolchain).unwrap();
    assert_eq!(out.text, "return values: 3");
    assert!(!out.failed);
    assert_eq!(
        mock.calls,
        vec![
            "publish 0x42::m friend=false layout=false all=false".to_string(),
            "function 0x42::m::add args=[0100000000000000,0200000000000000] types=[] signers=0 verbose=false".to_string(),
        ]
    );
    // A bare function name refers to the file's module; no target only publishes.
    let mut mock = MockAdapter::default();
    let options = RunFileOptions {
        target: Some("add".into()),
        ..RunFileOptions::default()
    };
    run_masm_source(MODULE, &options, &mut mock, &MasmToolchain).unwrap();
    assert_eq!(mock.calls.len(), 2);
    let mut mock = MockAdapter::default();
    run_masm_source(
        MODULE,
        &RunFileOptions::default(),
        &mut mock,
        &MasmToolchain,
    )
    .unwrap();
    assert_eq!(mock.calls.len(), 1);
}

#[test]
fn scripts_run_with_signers_and_type_args() {
    let script = "script\nfun main<T>(s: signer, x: u8)\n    ret\n";
    let mut mock = MockAdapter::default();
    let options = RunFileOptions {
        signers: strings(&["0x1"]),
        args: strings(&["255u8"]),
        type_args: strings(&["vector<u8>"]),
        ..RunFileOptions::default()
    };
    let out = run_masm_source(script, &options, &mut mock, &MasmToolchain).unwrap();
    assert_eq!(out.text, "");
    assert_eq!(
        mock.calls,
        vec![format!(
            // A signer as the Aptos harness passes it: byte 0, then the address.
            "script args=[00{:0>64},ff] types=[vector<u8>] signers=1 gas=None trace=false",
            "1"
        )]
    );
    // An argument of another type than its parameter's is refused before the run.
    let mut mock = MockAdapter::default();
    let options = RunFileOptions {
        signers: strings(&["0x1"]),
        args: strings(&["-1i8"]),
        type_args: strings(&["vector<u8>"]),
        ..RunFileOptions::default()
    };
    let err = run_masm_source(script, &options, &mut mock, &MasmToolchain).unwrap_err();
    assert_eq!(
        err.to_string(),
        "the script's argument 1 (`-1i8`) is an i8, but its parameter is a u8"
    );
    assert!(mock.calls.is_empty());
}

#[test]
fn failures_are_reported_as_in_test_output() {
    let mut mock = MockAdapter::default();
    mock.run_results
        .push_back(Err(VmError::new(StatusCode::ABORTED)
            .with_sub_status(22)
            .at_location(Location::Script)
            .at_code_offset(0, 1)));
    let out = run_masm_source(
        "script\nfun main()\n    ld_u64 22\n    abort\n",
        &RunFileOptions::default(),
        &mut mock,
        &MasmToolchain,
    )
    .unwrap();
    assert!(out.failed);
    assert_eq!(
        out.text,
        "Error: Script execution failed with VMError: {\n    major_status: ABORTED,\n    sub_status: Some(22),\n    location: script,\n    indices: [],\n    offsets: [(FunctionDefinitionIndex(0), 1)],\n}"
    );
    let mut mock = MockAdapter::default();
    mock.publish_results
        .push_back(Err(VmError::new(StatusCode::LINKER_ERROR)));
    let out = run_masm_source(
        MODULE,
        &RunFileOptions::default(),
        &mut mock,
        &MasmToolchain,
    )
    .unwrap();
    assert!(out.failed);
    assert!(out.text.starts_with("Error: Unable to publish module '0000000000000000000000000000000000000000000000000000000000000042::m'. Got VMError: {\n    major_status: LINKER_ERROR,"));
    let out = run_masm_source(
        "module 0x42::m\nfun f()\n    bogus\n",
        &RunFileOptions::default(),
        &mut mock,
        &MasmToolchain,
    )
    .unwrap();
    assert!(
        out.failed && out.text.starts_with("Error: error: "),
        "{}",
        out.text
    );
}

#[test]
fn bad_arguments_are_usage_errors() {
    let mut mock = MockAdapter::default();
    for options in [
        RunFileOptions {
            args: strings(&["-1"]),
            ..RunFileOptions::default()
        },
        RunFileOptions {
            signers: strings(&["nobody"]),
            ..RunFileOptions::default()
        },
        RunFileOptions {
            type_args: strings(&["vector<"]),
            ..RunFileOptions::default()
        },
        RunFileOptions {
            target: Some("0x42::m".into()),
            ..RunFileOptions::default()
        },
        RunFileOptions {
            named_addresses: strings(&["std=0x3"]),
            ..RunFileOptions::default()
        },
    ] {
        let err = run_masm_source(MODULE, &options, &mut mock, &MasmToolchain).unwrap_err();
        assert!(matches!(err, RunnerError::Usage(_)), "{options:?}");
    }
    let script = "script\nfun main()\n    ret\n";
    let options = RunFileOptions {
        target: Some("0x42::m::f".into()),
        ..RunFileOptions::default()
    };
    assert!(run_masm_source(script, &options, &mut mock, &MasmToolchain).is_err());
    assert!(mock.calls.is_empty());
}
