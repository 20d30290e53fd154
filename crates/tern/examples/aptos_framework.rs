//! The real Aptos framework in Tern: publish the compiled framework at `0x1` with its natives,
//! call a pure library function, start a minimal chain (feature flags, chain id, clock, APT),
//! move APT between two accounts, and meter a transfer by Aptos's gas schedule.
//!
//! Needs the compiled framework (`MoveStdlib`, `AptosStdlib`, `AptosFramework` folders of
//! `.mv` files, e.g. a checkout's `../shared/corpus/aptos-framework`, or the `build/*/bytecode_modules`
//! folders of `aptos move compile`); give its folder as the first argument:
//!
//! `cargo run --release -p tern --example aptos_framework -- ../shared/corpus/aptos-framework`
//!
//! Without one it says so and exits successfully.

use std::error::Error;
use std::path::PathBuf;
use std::sync::Arc;
use tern::{
    AccountAddress, AptosChain, ChainOptions, GasSchedule, ModuleId, MoveValue, ScheduledGasMeter,
    Vm,
};

fn main() -> Result<(), Box<dyn Error>> {
    let dir = std::env::args()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("../shared/corpus/aptos-framework"));
    if !dir.join("AptosFramework").is_dir() {
        println!(
            "no compiled Aptos framework at {}: nothing to run",
            dir.display()
        );
        return Ok(());
    }

    // The framework at 0x1, its natives registered; a pure function runs at once.
    let mut vm = Vm::with_aptos_framework(&dir)?;
    let out = vm.call("0x1::math64::sqrt", &[], &[MoveValue::U64(1_000_000)])?;
    assert_eq!(out.values, vec![MoveValue::U64(1000)]);
    println!("0x1::math64::sqrt(1000000) = {:?}", out.values[0]);

    // A minimal chain: the framework's own initializers, then two accounts and a transfer.
    let mut chain = AptosChain::initialize(vm, &ChainOptions::default())?;
    let (alice, bob) = (
        AccountAddress::from_u64(0xA11CE),
        AccountAddress::from_u64(0xB0B),
    );
    chain.create_account(alice)?;
    chain.mint_apt(alice, 1_000)?;
    let transfer = chain.transfer_apt(alice, bob, 300)?;
    assert_eq!(chain.apt_balance(alice)?, 700);
    assert_eq!(chain.apt_balance(bob)?, 300);
    println!("alice 700, bob 300 APT octas; the transfer emitted:");
    for event in &transfer.events {
        println!("  {event}");
    }

    // The same transfer priced by Aptos's gas schedule (gas feature version 50).
    let schedule = Arc::new(GasSchedule::aptos());
    let mut meter = ScheduledGasMeter::new(schedule, 100_000);
    let module: ModuleId = "0x1::aptos_account".parse()?;
    let args = vec![
        MoveValue::Signer(alice).to_bcs(),
        MoveValue::Address(bob).to_bcs(),
        MoveValue::U64(100).to_bcs(),
    ];
    chain
        .vm_mut()
        .run_function_metered(&module, "transfer", &[], args, &mut meter)?;
    println!(
        "a metered transfer used {} gas units ({} internal units)",
        meter.gas_used(),
        meter.internal_used()
    );
    assert_eq!(chain.apt_balance(bob)?, 400);
    Ok(())
}
