//! Native dynamic dispatch through the real Aptos framework: a fungible asset whose metadata
//! registers dispatch functions of a user module (`tests/data/aptos/doubler.masm`, whose
//! withdrawals take twice the amount asked and refuse more than 1000), then transfers
//! between primary stores that go through them, with the balances Aptos gives; a dispatch
//! back into a running module fails as Aptos's module lock makes it. Needs
//! `../shared/corpus/aptos-framework`; prints a skip message and passes without it.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod aptos_common;

use aptos_common::{corpus, ty};
use tern::{AccountAddress, AptosChain, ChainOptions, MoveValue, StatusCode, Vm};

const METADATA: &str = "0x1::fungible_asset::Metadata";
const DOUBLER: &str = include_str!("data/aptos/doubler.masm");

/// A chain with the doubler published and its asset created and registered; the metadata
/// object's address. `None` without the corpus.
fn chain() -> Option<(AptosChain, AccountAddress)> {
    let vm = Vm::with_aptos_framework(&corpus()?).expect("the framework publishes");
    let mut chain = AptosChain::initialize(vm, &ChainOptions::default()).expect("initializes");
    chain
        .vm_mut()
        .publish_masm(DOUBLER)
        .expect("the doubler publishes");
    let creator = MoveValue::Signer(AccountAddress::from_u64(0xcafe));
    let out = chain
        .execute("0xcafe::doubler::init", &[], &[creator])
        .unwrap_or_else(|e| panic!("init: {e}"));
    let [MoveValue::Address(metadata)] = out.values.as_slice() else {
        panic!("init returned {:?}", out.values);
    };
    Some((chain, *metadata))
}

fn balance(chain: &mut AptosChain, metadata: AccountAddress, owner: AccountAddress) -> u64 {
    let args = [MoveValue::Address(owner), object(metadata)];
    let out = chain
        .execute(
            "0x1::primary_fungible_store::balance",
            &[ty(METADATA)],
            &args,
        )
        .unwrap_or_else(|e| panic!("balance: {e}"));
    match out.values.as_slice() {
        [MoveValue::U64(v)] => *v,
        other => panic!("balance returned {other:?}"),
    }
}

fn object(a: AccountAddress) -> MoveValue {
    MoveValue::Struct(vec![MoveValue::Address(a)])
}

fn transfer(
    chain: &mut AptosChain,
    metadata: AccountAddress,
    (from, to): (AccountAddress, AccountAddress),
    amount: u64,
) -> Result<tern::RunOutput, tern::VmError> {
    let args = [
        MoveValue::Signer(from),
        object(metadata),
        MoveValue::Address(to),
        MoveValue::U64(amount),
    ];
    chain.execute(
        "0x1::primary_fungible_store::transfer",
        &[ty(METADATA)],
        &args,
    )
}

#[test]
fn withdrawals_and_deposits_go_through_the_registered_functions() {
    let Some((mut chain, metadata)) = chain() else {
        return;
    };
    let (alice, bob) = (
        AccountAddress::from_u64(0xA11CE),
        AccountAddress::from_u64(0xB0B),
    );
    let mint = [MoveValue::Address(alice), MoveValue::U64(100)];
    chain
        .execute("0xcafe::doubler::mint", &[], &mint)
        .unwrap_or_else(|e| panic!("mint: {e}"));
    assert_eq!(balance(&mut chain, metadata, alice), 100);
    // Asking for 10 withdraws 20 (the dispatched `withdraw` doubles it), all deposited.
    transfer(&mut chain, metadata, (alice, bob), 10).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(balance(&mut chain, metadata, alice), 80);
    assert_eq!(balance(&mut chain, metadata, bob), 20);
    transfer(&mut chain, metadata, (bob, alice), 5).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(balance(&mut chain, metadata, alice), 90);
    assert_eq!(balance(&mut chain, metadata, bob), 10);
}

#[test]
fn a_dispatched_function_can_refuse_and_the_transaction_leaves_nothing() {
    let Some((mut chain, metadata)) = chain() else {
        return;
    };
    let alice = AccountAddress::from_u64(0xA11CE);
    let bob = AccountAddress::from_u64(0xB0B);
    let mint = [MoveValue::Address(alice), MoveValue::U64(5000)];
    chain.execute("0xcafe::doubler::mint", &[], &mint).unwrap();
    let err = transfer(&mut chain, metadata, (alice, bob), 1001).unwrap_err();
    assert_eq!(err.status(), StatusCode::ABORTED, "{err}");
    assert_eq!(err.sub_status(), Some(77));
    assert_eq!(balance(&mut chain, metadata, alice), 5000);
    assert_eq!(balance(&mut chain, metadata, bob), 0);
}

#[test]
fn a_dispatch_into_a_running_module_is_refused() {
    let Some((mut chain, metadata)) = chain() else {
        return;
    };
    let alice = AccountAddress::from_u64(0xA11CE);
    let mint = [MoveValue::Address(alice), MoveValue::U64(100)];
    chain.execute("0xcafe::doubler::mint", &[], &mint).unwrap();
    let args = [
        MoveValue::Signer(alice),
        MoveValue::Address(metadata),
        MoveValue::Address(AccountAddress::from_u64(0xB0B)),
        MoveValue::U64(1),
    ];
    let err = chain
        .execute("0xcafe::doubler::transfer_from_here", &[], &args)
        .unwrap_err();
    assert_eq!(err.status(), StatusCode::RUNTIME_DISPATCH_ERROR, "{err}");
    assert_eq!(balance(&mut chain, metadata, alice), 100);
}
