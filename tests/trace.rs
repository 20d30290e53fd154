//! Execution traces (`Vm::set_tracing`): a traced run counts exactly the instructions the
//! instruction meter charges, gives the same results as an untraced run, and keeps the trace
//! of a failed run.

#![allow(clippy::unwrap_used)] // test code: a failed unwrap is a failed test

use tern::{MoveValue, StatusCode, Vm};

const PROGRAMS: &str = "module 0x42::t
public fun fib(n: u64): u64
    copy_loc n
    ld_u64 2
    lt
    br_false recurse
    move_loc n
    ret
recurse:
    copy_loc n
    ld_u64 1
    sub
    call fib
    move_loc n
    ld_u64 2
    sub
    call fib
    add
    ret

public fun sum_to(n: u64): u64
    local acc: u64
    local i: u64
    ld_u64 0
    st_loc acc
    ld_u64 0
    st_loc i
head:
    copy_loc i
    copy_loc n
    lt
    br_false done
    move_loc acc
    copy_loc i
    add
    st_loc acc
    move_loc i
    ld_u64 1
    add
    st_loc i
    branch head
done:
    move_loc acc
    ret

fun id<T>(x: T): T
    move_loc x
    ret

// Calls a generic function from a non-generic one (entered directly once instantiated).
public fun generic_sum(n: u64): u64
    local acc: u64
    ld_u64 0
    st_loc acc
head:
    copy_loc n
    ld_u64 0
    gt
    br_false done
    move_loc acc
    copy_loc n
    call id<u64>
    add
    st_loc acc
    move_loc n
    ld_u64 1
    sub
    st_loc n
    branch head
done:
    move_loc acc
    ret

struct Pair has drop
    x: u64
    y: u64

// Reads a vector's elements and a struct's fields through references (`vec_borrow; read_ref`
// and `borrow_field; read_ref` are fused).
public fun read_sum(n: u64): u64
    local v: vector<u64>
    local p: Pair
    local acc: u64
    local i: u64
    vec_pack <u64>, 0
    st_loc v
    ld_u64 3
    ld_u64 4
    pack Pair
    st_loc p
    ld_u64 0
    st_loc i
fill:
    copy_loc i
    copy_loc n
    lt
    br_false filled
    mut_borrow_loc v
    copy_loc i
    vec_push_back <u64>
    move_loc i
    ld_u64 1
    add
    st_loc i
    branch fill
filled:
    ld_u64 0
    st_loc acc
    ld_u64 0
    st_loc i
head:
    copy_loc i
    copy_loc n
    lt
    br_false done
    borrow_loc v
    copy_loc i
    vec_borrow <u64>
    read_ref
    borrow_loc p
    borrow_field Pair, y
    read_ref
    add
    move_loc acc
    add
    st_loc acc
    move_loc i
    ld_u64 1
    add
    st_loc i
    branch head
done:
    move_loc acc
    ret

// Sums a field of each element of a vector of structs through reference locals
// (`copy_loc i; vec_borrow` and `copy_loc|move_loc r; borrow_field` are fused).
public fun pairs_sum(n: u64): u64
    local v: vector<Pair>
    local r: &vector<Pair>
    local e: &Pair
    local acc: u64
    local i: u64
    local k: u64
    ld_u64 1
    ld_u64 2
    pack Pair
    ld_u64 3
    ld_u64 4
    pack Pair
    vec_pack <Pair>, 2
    st_loc v
    borrow_loc v
    st_loc r
    ld_u64 0
    st_loc acc
    ld_u64 0
    st_loc i
head:
    copy_loc i
    copy_loc n
    lt
    br_false done
    copy_loc i
    ld_u64 2
    mod
    st_loc k
    copy_loc r
    copy_loc k
    vec_borrow <Pair>
    st_loc e
    copy_loc e
    borrow_field Pair, y
    read_ref
    move_loc e
    borrow_field Pair, x
    read_ref
    add
    move_loc acc
    add
    st_loc acc
    move_loc i
    ld_u64 1
    add
    st_loc i
    branch head
done:
    move_loc r
    pop
    move_loc acc
    ret

fun add3(a: u64, b: u64, c: u64): u64
    move_loc a
    ld_u64 100
    mul
    move_loc b
    ld_u64 10
    mul
    add
    move_loc c
    add
    ret

// Calls a closure held in a local (`copy_loc f; call_closure`, the fused call) with the middle
// parameter captured.
public fun closure_sum(n: u64): u64
    local f: |u64, u64|u64 has copy + drop
    local acc: u64
    local i: u64
    ld_u64 5
    pack_closure add3, 2
    st_loc f
    ld_u64 0
    st_loc acc
    ld_u64 0
    st_loc i
head:
    copy_loc i
    copy_loc n
    lt
    br_false done
    copy_loc i
    move_loc acc
    copy_loc f
    call_closure <|u64, u64|u64 has copy + drop>
    st_loc acc
    move_loc i
    ld_u64 1
    add
    st_loc i
    branch head
done:
    move_loc acc
    ret
";

fn vm() -> Vm {
    let mut vm = Vm::with_stdlib().unwrap();
    vm.publish_masm(PROGRAMS).unwrap();
    vm
}

#[test]
fn traced_runs_count_what_the_meter_charges_and_return_the_same() {
    for (function, arg) in [
        ("fib", 12u64),
        ("sum_to", 100),
        ("closure_sum", 20),
        ("generic_sum", 20),
        ("read_sum", 20),
        ("pairs_sum", 20),
    ] {
        let target = format!("0x42::t::{function}");
        let mut vm = vm();
        let plain = vm.call(&target, &[], &[MoveValue::U64(arg)]).unwrap();
        assert!(plain.trace.is_none());

        vm.set_tracing(true);
        let traced = vm.call(&target, &[], &[MoveValue::U64(arg)]).unwrap();
        assert_eq!(traced.return_values, plain.return_values);
        let trace = traced.trace.unwrap();
        // The entry function and each closure call are listed.
        let closure_calls = if function == "closure_sum" { arg } else { 0 };
        assert_eq!(trace.calls.len() as u64, 1 + closure_calls);
        assert_ne!(trace.fingerprint, 0);

        // The meter runs out one instruction short of the traced count, not at it.
        vm.set_tracing(false);
        vm.set_gas_budget(Some(trace.instructions));
        vm.call(&target, &[], &[MoveValue::U64(arg)]).unwrap();
        vm.set_gas_budget(Some(trace.instructions - 1));
        let err = vm.call(&target, &[], &[MoveValue::U64(arg)]).unwrap_err();
        assert_eq!(err.status(), StatusCode::OUT_OF_GAS);
    }
}

#[test]
fn a_failed_run_keeps_its_trace() {
    let mut vm = vm();
    vm.set_tracing(true);
    vm.set_gas_budget(Some(10));
    let err = vm
        .call("0x42::t::sum_to", &[], &[MoveValue::U64(100)])
        .unwrap_err();
    assert_eq!(err.status(), StatusCode::OUT_OF_GAS);
    let trace = vm.take_failure_trace().unwrap();
    assert_eq!(trace.instructions, 10);
    assert_eq!(trace.branch_outcomes, vec![false]);
    assert!(vm.take_failure_trace().is_none());
}

/// The fast loop (fused instructions) and the observed loop (original instructions only) run
/// out of gas at the same instruction for every budget.
#[test]
fn fused_and_original_instructions_run_out_of_gas_at_the_same_offset() {
    for (function, arg) in [
        ("fib", 6u64),
        ("sum_to", 6),
        ("closure_sum", 4),
        ("generic_sum", 4),
        ("read_sum", 4),
        ("pairs_sum", 4),
    ] {
        let target = format!("0x42::t::{function}");
        let mut vm = vm();
        vm.set_tracing(true);
        let total = vm
            .call(&target, &[], &[MoveValue::U64(arg)])
            .unwrap()
            .trace
            .unwrap()
            .instructions;
        for budget in 0..total {
            vm.set_gas_budget(Some(budget));
            vm.set_tracing(true);
            let traced = vm.call(&target, &[], &[MoveValue::U64(arg)]).unwrap_err();
            vm.set_tracing(false);
            let fast = vm.call(&target, &[], &[MoveValue::U64(arg)]).unwrap_err();
            assert_eq!(fast.status(), StatusCode::OUT_OF_GAS);
            assert_eq!(
                format!("{fast:?}"),
                format!("{traced:?}"),
                "{function} with budget {budget}"
            );
        }
        vm.set_gas_budget(None);
    }
}
