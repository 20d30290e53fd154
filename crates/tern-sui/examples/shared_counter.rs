//! A Sui package on Tern: publish `examples/sui/counter.masm` on an in-memory chain with
//! Sui's framework, create a shared counter, add to it from two senders, read it back, and
//! see a failing call leave the chain as it was.
//!
//! Run with `cargo run --release -p tern-sui --example shared_counter`.

use std::error::Error;
use tern_primitives::AccountAddress;
use tern_sui::{MoveCall, SuiChain, Transaction};

const SOURCE: &str = include_str!("../../../examples/sui/counter.masm");

fn main() -> Result<(), Box<dyn Error>> {
    let mut chain = SuiChain::with_framework()?;
    let alice = AccountAddress::from_u64(0xa11ce);
    let bob = AccountAddress::from_u64(0xb0b);

    // Assemble the package against the framework it imports, then publish it.
    let framework: Vec<&tern_binary::CompiledModule> = chain
        .packages()
        .iter()
        .flat_map(|p| p.modules.values().map(|(_, m)| m.as_ref()))
        .collect();
    let options = tern_asm::assembler::AsmOptions { version: 7 };
    let tern_asm::assembler::CompiledUnit::Module(module) =
        tern_asm::assembler::assemble(SOURCE, &framework, &options)?
    else {
        return Err("the counter source holds a script".into());
    };
    let deps = chain.dependency_closure(&[AccountAddress::from_u64(2)]);
    let published = chain.publish(&Transaction::new(alice), &[module.serialize()?], &deps)?;
    let package = published.published.ok_or("a publish names its package")?;
    println!("published package {package}");

    let effects = chain.call(
        &Transaction::new(alice),
        &MoveCall::new(package, "counter", "create"),
    )?;
    let counter = effects
        .created_of("counter", "Counter")
        .ok_or("create makes a counter")?
        .id;
    println!("created shared counter {counter}");

    for (sender, amount) in [(alice, 5u64), (bob, 7)] {
        let add = MoveCall::new(package, "counter", "add")
            .object(counter)
            .u64(amount);
        let effects = chain.call(&Transaction::new(sender), &add)?;
        assert_eq!(effects.mutated.len(), 1);
        assert_eq!(effects.events.len(), 1);
        println!("{sender} added {amount}: {} event", effects.events.len());
    }

    let read = MoveCall::new(package, "counter", "value").object(counter);
    let effects = chain.call(&Transaction::new(bob), &read)?;
    let value = u64::from_le_bytes(effects.return_values[0].1.as_slice().try_into()?);
    assert_eq!(value, 12);
    println!("value: {value}");

    // A call whose argument does not fit its parameter (one byte for a u64) fails and
    // changes nothing.
    let wrong = MoveCall::new(package, "counter", "add")
        .object(counter)
        .arg(tern_sui::CallArg::Pure(vec![1]));
    let err = chain
        .call(&Transaction::new(alice), &wrong)
        .err()
        .ok_or("a bool where a u64 is expected must fail")?;
    println!("one byte for the amount: {err}");
    let effects = chain.call(&Transaction::new(bob), &read)?;
    assert_eq!(effects.return_values[0].1, 12u64.to_le_bytes());
    Ok(())
}
