//! Whole test files through the real assembler, serializer and disassembler, with a mock VM.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::MockAdapter;
use tern_primitives::{
    AccountAddress, Identifier, IndexKind, Location, ModuleId, StackFrameInfo, StatusCode, VmError,
};
use tern_testrunner::{run_test_text, ExecOutput, RunnerError};

fn module(addr: u64, name: &str) -> ModuleId {
    ModuleId::new(
        AccountAddress::from_u64(addr),
        Identifier::new(name).unwrap(),
    )
}

const TOKEN_FILE: &str = "//# init --addresses A=0x42

//# publish
module 0x42::M
struct R has key
    x: u64

public fun make(s: &signer, x: u64)
    move_loc s
    move_loc x
    pack R
    move_to R
    ret

public fun get(a: address): u64 acquires R
    move_loc a
    borrow_global R
    borrow_field R, x
    read_ref
    ret

public fun bump(v: &mut u64, w: u8): (u8, bool)
    move_loc v
    pop
    move_loc w
    ld_true
    ret

//# run --signers A --args 7
script
use 0x42::M
fun main(s: signer, x: u64)
    borrow_loc s
    move_loc x
    call M::make
    ret

//# view
//#     --address A
//#     --resource A::M::R

//# run A::M::get --args @A

//# run 0x42::M::bump --args 5 -3i8 --verbose

//# publish
module 0x42::Bad
fun f(): u8
    ld_u8 512
    ret

//# run 0x42::M::get --args @0x43 --verbose

//# run --type-args u64 vector<u8> --args b\"hi\"
script
fun main<T, U>(v: vector<u8>)
    ret

//# view --address 0x43 --resource 0x42::M::R
";

const TOKEN_EXP: &str = "processed 10 tasks
task 1 lines 3-27:  publish [module 0x42::M]
task 2 lines 29-36:  run --signers A --args 7 [script]
task 3 lines 38-40:  view --address A --resource A::M::R
key 0x42::M::R {
    x: 7
}
task 4 lines 42-42:  run A::M::get --args @A
return values: 7
task 5 lines 44-44:  run 0x42::M::bump --args 5 -3i8 --verbose
mutable inputs after call: local#0: 0
return values: 253, true
task 6 lines 46-50:  publish [module 0x42::Bad]
Error: error: number 512 out of range (max 255)
   ┌─ test:49:5
   │
49 │     ld_u8 512
   │     ^^^^^^^^^


task 7 lines 52-52:  run 0x42::M::get --args @0x43 --verbose
Error: Function execution failed with VMError: {
    message: Failed to borrow global resource from 0000000000000000000000000000000000000000000000000000000000000043,
    major_status: MISSING_DATA,
    sub_status: None,
    location: 0x42::M,
    indices: [],
    offsets: [(FunctionDefinitionIndex(1), 1)],
    exec_state: Some(ExecutionState { stack_trace: [] }),
}
task 8 lines 54-57:  run --type-args u64 vector<u8> --args b\"hi\" [script]
Error: Script execution failed with VMError: {
    major_status: NUMBER_OF_TYPE_ARGUMENTS_MISMATCH,
    sub_status: None,
    location: script,
    indices: [],
    offsets: [],
}
task 9 lines 59-59:  view --address 0x43 --resource 0x42::M::R
[No Resource Exists]
";

#[test]
fn init_publish_run_view_and_errors() {
    let mut mock = MockAdapter::default();
    mock.view_results
        .push_back(Some("key 0x42::M::R {\n    x: 7\n}".into()));
    mock.run_results.push_back(Ok(ExecOutput::default()));
    mock.run_results.push_back(Ok(ExecOutput {
        return_values: vec!["7".into()],
        ..ExecOutput::default()
    }));
    mock.run_results.push_back(Ok(ExecOutput {
        mutable_inputs: vec![(0, "0".into())],
        return_values: vec!["253".into(), "true".into()],
        trace: Some("ignored without --display-trace\n".into()),
    }));
    mock.run_results.push_back(Err(VmError::new(StatusCode::MISSING_DATA)
        .with_message("Failed to borrow global resource from 0000000000000000000000000000000000000000000000000000000000000043")
        .at_location(Location::Module(module(0x42, "M")))
        .at_code_offset(1, 1)
        .with_exec_state(vec![])));
    mock.run_results.push_back(Err(VmError::new(
        StatusCode::NUMBER_OF_TYPE_ARGUMENTS_MISMATCH,
    )
    .at_location(Location::Script)));
    let out = run_test_text(TOKEN_FILE, &mut mock).unwrap();
    assert_eq!(out, TOKEN_EXP);
    let addr42 = format!("{:0>64}", "42");
    let u64_7 = "0700000000000000";
    let expected_calls = vec![
        "publish 0x42::M friend=false layout=false all=false".to_string(),
        // A signer as the Aptos harness passes it: byte 0, then the address.
        format!("script args=[00{addr42},{u64_7}] types=[] signers=1 gas=None trace=false"),
        "view 0x42 0x42::M::R".to_string(),
        format!("function 0x42::M::get args=[{addr42}] types=[] signers=0 verbose=false"),
        "function 0x42::M::bump args=[0500000000000000,fd] types=[] signers=0 verbose=true"
            .to_string(),
        format!(
            "function 0x42::M::get args=[{:0>64}] types=[] signers=0 verbose=true",
            "43"
        ),
        "script args=[026869] types=[u64,vector<u8>] signers=0 gas=None trace=false".to_string(),
        "view 0x43 0x42::M::R".to_string(),
    ];
    assert_eq!(mock.calls, expected_calls);
    assert_eq!(
        mock.modules.len(),
        1,
        "the failed module is not a context module"
    );
}

#[test]
fn publish_failures_wrong_kinds_and_bytecode() {
    let text = "//# publish --verbose --skip-check-friend-linking
module 0x1::M2
fun f(): u64
    ld_u64 1
    ret

//# publish
script
fun main()
    ret

//# run
module 0x66::m

//# publish --print-bytecode
module 0x66::test1

//# run --print-bytecode --gas-budget 100
script
fun main()
    ret

//# print-bytecode --input module
module 0x66::m
public fun f(l0: u64): u64
    move_loc l0
    ret

//# print-bytecode
// expecting error because default is script
module 0x66::m
";
    let mut mock = MockAdapter::default();
    mock.publish_results
        .push_back(Err(VmError::new(StatusCode::WRITEREF_WITHOUT_DROP_ABILITY)
            .at_location(Location::Module(module(1, "M2")))
            .at_index(IndexKind::FunctionDefinition, 0)
            .at_code_offset(0, 3)
            .with_exec_state(vec![StackFrameInfo {
                module: None,
                function: 0,
                pc: 2,
            }])));
    let out = run_test_text(text, &mut mock).unwrap();
    let expected = "processed 7 tasks
task 0 lines 1-5:  publish --verbose --skip-check-friend-linking [module 0x1::M2]
Error: Unable to publish module '0000000000000000000000000000000000000000000000000000000000000001::M2'. Got VMError: {
    message: None,
    major_status: WRITEREF_WITHOUT_DROP_ABILITY,
    sub_status: None,
    location: 0x1::M2,
    indices: [(FunctionDefinition, 0)],
    offsets: [(FunctionDefinitionIndex(0), 3)],
    exec_state: Some(ExecutionState { stack_trace: [(None, FunctionDefinitionIndex(0), 2)] }),
}
task 1 lines 7-10:  publish [script]
Error: expected a module but found a script
task 2 lines 12-13:  run [module 0x66::m]
Error: expected a script but found a module
task 3 lines 15-16:  publish --print-bytecode [module 0x66::test1]

== BEGIN Bytecode ==
// Bytecode version v9
module 0x66::test1

== END Bytecode ==
task 4 lines 18-21:  run --print-bytecode --gas-budget 100 [script]

== BEGIN Bytecode ==
// Bytecode version v9
script
// Function definition at index 0
entry public fun main()
    ret


== END Bytecode ==
task 5 lines 23-27:  print-bytecode --input module [module 0x66::m]
// Bytecode version v9
module 0x66::m
// Function definition at index 0
public fun f(l0: u64): u64
    move_loc l0
    ret


task 6 lines 29-31:  print-bytecode [// expecting error because default is script]
Error: expected a script but found a module
";
    assert_eq!(out, expected);
    assert_eq!(
        mock.calls,
        vec![
            "publish 0x1::M2 friend=true layout=false all=false",
            "publish 0x66::test1 friend=false layout=false all=false",
            "script args=[] types=[] signers=0 gas=Some(100) trace=false",
        ]
    );
}

#[test]
fn traces_are_printed_before_results_and_errors() {
    let text = "//# publish
module 0x22::test
public fun add_instr(a: u8, b: u8): u8
    move_loc a
    move_loc b
    add
    ret

//# run --verbose 0x22::test::add_instr --args 10u8 20u8 --display-trace

//# run 0x22::test::add_instr --args 255u8 255u8 --display-trace

//# run 0x22::test::add_instr --display-trace
";
    let trace = "instructions: 4\nfingerprint: 1\nbranch_outcomes: \ncalls:\n  entrypoint 0x22::test::add_instr\n";
    let mut mock = MockAdapter::default();
    mock.run_results.push_back(Ok(ExecOutput {
        return_values: vec!["30".into()],
        trace: Some(trace.into()),
        ..ExecOutput::default()
    }));
    mock.run_results
        .push_back(Err(VmError::new(StatusCode::ARITHMETIC_ERROR)
            .at_location(Location::Module(module(0x22, "test")))
            .at_code_offset(0, 2)));
    mock.failure_trace = Some(trace.replace('4', "2"));
    mock.run_results.push_back(Ok(ExecOutput {
        trace: Some(trace.into()),
        ..ExecOutput::default()
    }));
    let out = run_test_text(text, &mut mock).unwrap();
    let expected = format!(
        "processed 4 tasks
task 0 lines 1-7:  publish [module 0x22::test]
task 1 lines 9-9:  run --verbose 0x22::test::add_instr --args 10u8 20u8 --display-trace
{trace}return values: 30
task 2 lines 11-11:  run 0x22::test::add_instr --args 255u8 255u8 --display-trace
{}Error: Function execution failed with VMError: {{
    major_status: ARITHMETIC_ERROR,
    sub_status: None,
    location: 0x22::test,
    indices: [],
    offsets: [(FunctionDefinitionIndex(0), 2)],
}}
task 3 lines 13-13:  run 0x22::test::add_instr --display-trace
{trace}
",
        trace.replace('4', "2")
    );
    assert_eq!(out, expected);
}

#[test]
fn assembler_errors_use_file_line_numbers_minus_dropped_blank_lines() {
    let text = "//# publish --print-bytecode
module 0x66::test

fun f_u8(): u8
    ld_u8 512
    ret
fun g(): u16
    ld_u16 ident
    ret
";
    let mut mock = MockAdapter::default();
    let out = run_test_text(text, &mut mock).unwrap();
    let expected = "processed 1 task
task 0 lines 1-9:  publish --print-bytecode [module 0x66::test]
Error: error: number 512 out of range (max 255)
  ┌─ test:4:5
  │
4 │     ld_u8 512
  │     ^^^^^^^^^

error: expected unsigned number argument
  ┌─ test:7:5
  │
7 │     ld_u16 ident
  │     ^^^^^^^^^^^^


";
    assert_eq!(out, expected);
    assert!(mock.calls.is_empty());
}

#[test]
fn templates_are_expanded_before_splitting() {
    let text = "{% for ty in [\"u8\", \"u64\"] %}

//# publish
module 0x66::m_{{ mangle(repr=ty) }}
fun f(): {{ty}}
    ld_{{ty}} 1
    ret
{% endfor %}
";
    let mut mock = MockAdapter::default();
    let out = run_test_text(text, &mut mock).unwrap();
    assert_eq!(
        out,
        "processed 2 tasks\ntask 0 lines 3-7:  publish [module 0x66::m_u8]\ntask 1 lines 10-14:  publish [module 0x66::m_u64]\n"
    );
}

#[test]
fn parse_errors_abort_the_file() {
    let mut mock = MockAdapter::default();
    let err = run_test_text("//# run --signers Nobody\nscript\n", &mut mock).unwrap_err();
    assert!(matches!(
        err,
        RunnerError::Command {
            task: 0,
            line: 1,
            ..
        }
    ));
    let err = run_test_text("module 0x1::M\n//# publish\n", &mut mock).unwrap_err();
    assert!(matches!(err, RunnerError::Tasks { .. }));
    assert!(mock.calls.is_empty());
}
