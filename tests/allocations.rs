//! Steady-state execution allocates nothing per instruction or per call: the number of heap
//! allocations of a call does not grow with the number of loop iterations, calls (plain,
//! generic from a non-generic caller, closure from a local), temporary vectors, or casts and
//! arithmetic of every width it executes.
//!
//! `allocation_counter::measure` counts the allocations made while one call runs.

#![allow(clippy::unwrap_used)] // test code: a failed unwrap is a failed test

use tern::{MoveValue, Vm};

/// Allocations made by one call of `function(n)` (after a warm-up call, which loads the
/// module and fills the caches).
fn allocations(vm: &mut Vm, function: &str, n: u64) -> u64 {
    vm.call(function, &[], &[MoveValue::U64(n)]).unwrap();
    let mut out = None;
    let info = allocation_counter::measure(|| {
        out = Some(vm.call(function, &[], &[MoveValue::U64(n)]));
    });
    out.unwrap().unwrap();
    info.count_total
}

const PROGRAMS: &str = "module 0x42::steady
fun inc(x: u64): u64
    move_loc x
    ld_u64 1
    add
    ret

fun id<T>(x: T): T
    move_loc x
    ret

// Plain, generic and closure calls, and u64 arithmetic, n times.
public fun calls(n: u64): u64
    local acc: u64
    local f: |u64|u64 has copy + drop
    pack_closure inc, 0
    st_loc f
    ld_u64 0
    st_loc acc
head:
    copy_loc n
    ld_u64 0
    gt
    br_false done
    move_loc acc
    call inc
    call id<u64>
    copy_loc f
    call_closure <|u64|u64 has copy + drop>
    ld_u64 3
    mul
    ld_u64 1000003
    mod
    st_loc acc
    move_loc n
    ld_u64 1
    sub
    st_loc n
    branch head
done:
    move_loc acc
    ret

// A recursion as deep as the frame stack's initial capacity allows.
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

// A temporary vector of a few elements and a struct per iteration.
public fun temporaries(n: u64): u64
    local v: vector<u64>
    local acc: u64
    ld_u64 0
    st_loc acc
head:
    copy_loc n
    ld_u64 0
    gt
    br_false done
    vec_pack <u64>, 0
    st_loc v
    mut_borrow_loc v
    copy_loc n
    vec_push_back <u64>
    mut_borrow_loc v
    copy_loc acc
    vec_push_back <u64>
    borrow_loc v
    vec_len <u64>
    move_loc acc
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

// Casts, negation and arithmetic of other widths than u64.
public fun widths(n: u64): u64
    local wide: u128
    local signed: i64
    local small: u8
    ld_u128 0
    st_loc wide
    ld_i64 0
    st_loc signed
    ld_u8 0
    st_loc small
head:
    copy_loc n
    ld_u64 0
    gt
    br_false done
    copy_loc n
    cast_u128
    move_loc wide
    add
    st_loc wide
    copy_loc n
    cast_i64
    negate
    copy_loc signed
    add
    st_loc signed
    copy_loc n
    ld_u64 200
    mod
    cast_u8
    copy_loc small
    xor
    st_loc small
    move_loc n
    ld_u64 1
    sub
    st_loc n
    branch head
done:
    move_loc wide
    ld_u128 1000
    mod
    cast_u64
    ret
";

#[test]
fn calls_loops_and_temporary_vectors_allocate_nothing_per_iteration() {
    let mut vm = Vm::with_stdlib().unwrap();
    vm.publish_masm(PROGRAMS).unwrap();
    for (function, small, large) in [
        ("0x42::steady::calls", 100, 10_000),
        ("0x42::steady::fib", 10, 18),
        ("0x42::steady::temporaries", 100, 10_000),
        ("0x42::steady::widths", 100, 10_000),
    ] {
        let few = allocations(&mut vm, function, small);
        let many = allocations(&mut vm, function, large);
        assert!(few > 0, "{function}: the counter counts nothing");
        assert_eq!(few, many, "{function}: allocations grow with the work done");
    }
}
