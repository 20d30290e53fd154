//! Gas metering: run calls under a budget, read what they used, and see a call that runs out
//! of gas fail with `OUT_OF_GAS` and leave storage as it was.
//!
//! Tern's meter charges one unit per executed instruction (plus what natives charge). Shows
//! [`Vm::set_gas_budget`] with [`RunOutput::gas_used`] and [`Vm::gas_used`], a budget as the
//! safety net for a call that would never end, and one [`InstructionGasMeter`] charged by
//! several calls through [`Vm::run_function_metered`] (a block's budget shared by its
//! transactions).
//!
//! Run with `cargo run --release -p tern --example metering`.

use std::error::Error;
use tern::StructTag;
use tern::{
    AccountAddress, GasMeter, InstructionGasMeter, MoveValue, RunOutput, StatusCode, Vm, VmError,
};

const METER: &str = "module 0x42::meter

struct Counter has key
  value: u64

public fun init(account: &signer)
    move_loc account
    ld_u64 0
    pack Counter
    move_to Counter
    ret

// Adds one to the counter at `owner` (written at once), then counts `n` down to zero.
public fun bump_then_loop(owner: address, n: u64): u64 acquires Counter
    local c: &mut u64
    local v: u64
    move_loc owner
    mut_borrow_global Counter
    mut_borrow_field Counter, value
    st_loc c
    copy_loc c
    read_ref
    ld_u64 1
    add
    st_loc v
    copy_loc v
    move_loc c
    write_ref
top: copy_loc n
    ld_u64 0
    gt
    br_false done
    move_loc n
    ld_u64 1
    sub
    st_loc n
    branch top
done: move_loc v
    ret
";

/// Calls `bump_then_loop(owner, n)`.
fn bump(vm: &mut Vm, owner: AccountAddress, n: u64) -> Result<RunOutput, VmError> {
    vm.call(
        "0x42::meter::bump_then_loop",
        &[],
        &[MoveValue::Address(owner), MoveValue::U64(n)],
    )
}

/// The error of a call that was expected to fail.
fn expect_err(result: Result<RunOutput, VmError>) -> Result<VmError, Box<dyn Error>> {
    match result {
        Ok(out) => Err(format!("expected a failure, got {:?}", out.return_values).into()),
        Err(e) => Ok(e),
    }
}

fn main() -> Result<(), Box<dyn Error>> {
    let mut vm = Vm::with_stdlib()?;
    let id = vm.publish_masm(METER)?;
    let alice = AccountAddress::from_u64(0xa);
    let tag: StructTag = "0x42::meter::Counter".parse()?;
    vm.call("0x42::meter::init", &[], &[MoveValue::Signer(alice)])?;

    // Unmetered runs report no gas.
    let out = bump(&mut vm, alice, 0)?;
    assert_eq!(out.gas_used, None);

    // Metered: the cost grows by the 9 instructions of one loop iteration.
    vm.set_gas_budget(Some(10_000));
    let zero = bump(&mut vm, alice, 0)?
        .gas_used
        .ok_or("metered runs report gas")?;
    let ten = bump(&mut vm, alice, 10)?
        .gas_used
        .ok_or("metered runs report gas")?;
    assert_eq!(ten - zero, 10 * 9);
    assert_eq!(vm.gas_used(), Some(ten));
    println!("bump_then_loop(n = 0) used {zero} units, n = 10 used {ten}");

    // A budget of exactly `ten` is enough; one unit less runs out of gas, after the write.
    let before = vm.resource_bytes(alice, &tag);
    vm.set_gas_budget(Some(ten - 1));
    let err = expect_err(bump(&mut vm, alice, 10))?;
    assert_eq!(err.status(), StatusCode::OUT_OF_GAS);
    assert_eq!(
        vm.gas_used(),
        Some(ten - 1),
        "a failed run used its whole budget"
    );
    assert_eq!(
        vm.resource_bytes(alice, &tag),
        before,
        "the write was undone"
    );
    println!("budget {} -> {err}; counter unchanged", ten - 1);
    vm.set_gas_budget(Some(ten));
    let out = bump(&mut vm, alice, 10)?;
    assert_eq!(out.values, vec![MoveValue::U64(4)]);
    println!("budget {ten} -> counter now {}", out.return_values[0]);

    // The budget stops a call that would run for ages (2^64 - 1 iterations).
    vm.set_gas_budget(Some(1_000_000));
    let err = expect_err(bump(&mut vm, alice, u64::MAX))?;
    assert_eq!(err.status(), StatusCode::OUT_OF_GAS);
    assert_eq!(vm.gas_used(), Some(1_000_000));
    vm.set_gas_budget(None);
    println!("n = 2^64 - 1 under a budget of 1000000 -> {err}");

    // One meter for several calls: run until it is exhausted. Each call gets what the meter
    // has left; the one that runs out fails and changes nothing.
    let mut block = InstructionGasMeter::new(1_000);
    let mut committed = 0;
    let last = loop {
        let args = vec![
            MoveValue::Address(alice).to_bcs(),
            MoveValue::U64(20).to_bcs(),
        ];
        match vm.run_function_metered(&id, "bump_then_loop", &[], args, &mut block) {
            Ok(_) => committed += 1,
            Err(e) => break e,
        }
    };
    assert_eq!(last.status(), StatusCode::OUT_OF_GAS);
    assert_eq!((block.used(), block.remaining()), (1_000, 0));
    let per_call = zero + 20 * 9;
    assert_eq!(committed, 1_000 / per_call);
    let out = vm.call(
        "0x42::meter::bump_then_loop",
        &[],
        &[MoveValue::Address(alice), MoveValue::U64(0)],
    )?;
    assert_eq!(out.values, vec![MoveValue::U64(4 + committed + 1)]);
    println!(
        "a meter of 1000 units: {committed} calls of {per_call} units committed, the next ran out ({last})"
    );
    Ok(())
}
