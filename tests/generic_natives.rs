//! A generic native's instantiation is remembered per call site (and per instantiation of a
//! generic caller): calls of one native under several type arguments in one run each get
//! their own.

#![allow(clippy::unwrap_used)] // test code: a failed unwrap is a failed test

use tern::{MoveValue, Vm};

const MODULE: &str = "module 0x42::g
use 0x1::bcs

fun ser<T>(x: &T): vector<u8>
    move_loc x
    call bcs::to_bytes<T>
    ret

public fun run(): (vector<u8>, vector<u8>, vector<u8>, vector<u8>)
    local a: u8
    local b: u64
    local i: u64
    local r1: vector<u8>
    local r2: vector<u8>
    local r3: vector<u8>
    local r4: vector<u8>
    ld_u8 7
    st_loc a
    ld_u64 7
    st_loc b
    ld_u64 0
    st_loc i
again:
    borrow_loc a
    call bcs::to_bytes<u8>
    st_loc r1
    borrow_loc b
    call bcs::to_bytes<u64>
    st_loc r2
    borrow_loc a
    call ser<u8>
    st_loc r3
    borrow_loc b
    call ser<u64>
    st_loc r4
    copy_loc i
    ld_u64 1
    add
    st_loc i
    copy_loc i
    ld_u64 3
    lt
    br_true again
    move_loc r1
    move_loc r2
    move_loc r3
    move_loc r4
    ret
";

#[test]
fn each_site_and_instantiation_keeps_its_type_arguments() {
    let mut vm = Vm::with_stdlib().unwrap();
    vm.publish_masm(MODULE).unwrap();
    let bytes = |b: &[u8]| MoveValue::Vector(b.iter().map(|x| MoveValue::U8(*x)).collect());
    let eight = [7, 0, 0, 0, 0, 0, 0, 0];
    // The loop runs each call three times: the first call of each site instantiates, the
    // later ones reuse what it remembered.
    for _ in 0..2 {
        let out = vm.call("0x42::g::run", &[], &[]).unwrap();
        assert_eq!(
            out.values,
            vec![bytes(&[7]), bytes(&eight), bytes(&[7]), bytes(&eight)]
        );
    }
}
