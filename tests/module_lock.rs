//! The `module_lock` attribute through every way a call can enter a locking function (plain,
//! generic, closure in a local, closure on the stack), from the unmetered and the metered
//! dispatch loops and the traced one: the lock refuses a call that re-enters a running module
//! from another module while it is held, and is released when the locking function returns.

#![allow(clippy::unwrap_used)] // test code: a failed unwrap is a failed test

use tern::{MoveValue, StatusCode, Vm};

/// `p` as a stub, so that `q` can call back into it.
const STUB: &str = "module 0x77::p
public fun leaf(): u64
    ld_u64 1
    ret
";

const Q: &str = "module 0x77::q
use 0x77::p
public fun back(): u64
    call p::leaf
    ret
";

/// Each `via_*` enters a locking function of `p` (which calls `q::back`, re-entering `p`) in
/// one way when `cycle` is true, or a locking function that stays in `p` when false, then
/// runs the cycle `p -> q -> p` unlocked: with `cycle` false the whole run succeeds and
/// returns 11.
const P: &str = "module 0x77::p
use 0x77::q
public fun leaf(): u64
    ld_u64 1
    ret
#[module_lock] public fun locked(cycle: bool): u64
    move_loc cycle
    br_false stay
    call q::back
    ret
stay:
    ld_u64 10
    ret
#[module_lock] public fun locked_generic<T>(cycle: bool): u64
    move_loc cycle
    call locked
    ret
public fun after(x: u64): u64
    move_loc x
    call q::back
    add
    ret
public fun via_plain(cycle: bool): u64
    move_loc cycle
    call locked
    call after
    ret
public fun via_generic(cycle: bool): u64
    move_loc cycle
    call locked_generic<u8>
    call after
    ret
public fun via_closure_in_local(cycle: bool): u64
    local f: |bool|u64 has copy + drop
    pack_closure locked, 0
    st_loc f
    move_loc cycle
    copy_loc f
    call_closure <|bool|u64 has copy + drop>
    call after
    ret
public fun via_closure(cycle: bool): u64
    move_loc cycle
    pack_closure locked, 0
    call_closure <|bool|u64 has copy + drop>
    call after
    ret
";

fn vm(budget: Option<u64>, tracing: bool) -> Vm {
    let mut vm = Vm::default();
    vm.publish_masm(STUB).unwrap();
    vm.publish_masm(Q).unwrap();
    vm.publish_masm(P).unwrap();
    vm.set_gas_budget(budget);
    vm.set_tracing(tracing);
    vm
}

#[test]
fn every_way_into_a_locking_function_takes_the_lock_and_releases_it() {
    for (budget, tracing) in [(None, false), (Some(1_000_000), false), (None, true)] {
        let mut vm = vm(budget, tracing);
        for via in [
            "via_plain",
            "via_generic",
            "via_closure_in_local",
            "via_closure",
        ] {
            let what = format!("{via} budget {budget:?} tracing {tracing}");
            let function = format!("0x77::p::{via}");
            let out = vm
                .call(&function, &[], &[MoveValue::Bool(false)])
                .unwrap_or_else(|e| panic!("{what}: {e:?}"));
            assert_eq!(out.return_values, vec!["11"], "{what}");
            let e = vm
                .call(&function, &[], &[MoveValue::Bool(true)])
                .unwrap_err();
            assert_eq!(e.status(), StatusCode::RUNTIME_DISPATCH_ERROR, "{what}");
            assert_eq!(
                e.message(),
                Some(
                    "Reentrancy disallowed: reentering \
                     `0000000000000000000000000000000000000000000000000000000000000077::p` \
                     via function `leaf` (module lock is active)"
                ),
                "{what}"
            );
            assert!(e.data().offsets.is_empty(), "{what}");
        }
    }
}
