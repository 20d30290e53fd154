//! The real `0x2` framework through the object runtime: a coin type made with a one-time
//! witness in `init`, then minted, split, joined, transferred and burned.

#![allow(clippy::unwrap_used, clippy::panic)] // test code: a failed unwrap is a failed test

mod common;

use common::*;
use tern_primitives::{Identifier, StructTag, TypeTag};
use tern_sui::{MoveCall, Owner, SuiChain, Transaction};

#[test]
fn publish_runs_init_with_a_one_time_witness() {
    let mut chain = SuiChain::with_framework().unwrap();
    let (effects, package) = publish(&mut chain, &[assemble("mycoin", &[])]);
    let cap = effects.created_of("coin", "TreasuryCap").unwrap();
    assert_eq!(cap.owner, Owner::Address(ALICE));
    let meta = effects.created_of("coin", "CoinMetadata").unwrap();
    assert_eq!(meta.owner, Owner::Immutable);
    let upgrade = effects.created_of("package", "UpgradeCap").unwrap();
    assert_eq!(upgrade.owner, Owner::Address(ALICE));
    let coin_type = TypeTag::Struct(Box::new(StructTag {
        address: package,
        module: Identifier::new("mycoin").unwrap(),
        name: Identifier::new("MYCOIN").unwrap(),
        type_args: vec![],
    }));
    assert_eq!(cap.type_.type_args, vec![coin_type]);
    assert_eq!(effects.created.len(), 3);
    assert!(chain.package(&package).is_some());
}

/// The `Coin<MYCOIN>` type of a package.
fn coin_of(package: tern_sui::ObjectId) -> TypeTag {
    TypeTag::Struct(Box::new(StructTag {
        address: package,
        module: Identifier::new("mycoin").unwrap(),
        name: Identifier::new("MYCOIN").unwrap(),
        type_args: vec![],
    }))
}

#[test]
fn coins_are_minted_split_joined_transferred_and_burned() {
    let mut chain = SuiChain::with_framework().unwrap();
    let (effects, package) = publish(&mut chain, &[assemble("mycoin", &[])]);
    let cap = effects.created_of("coin", "TreasuryCap").unwrap().id;
    let two = tern_primitives::AccountAddress::from_u64(2);
    let t = coin_of(package);
    let alice = Transaction::new(ALICE);

    // Mint 100 to Alice.
    let mint = MoveCall::new(two, "coin", "mint_and_transfer")
        .type_arg(t.clone())
        .object(cap)
        .u64(100)
        .address(ALICE);
    let effects = chain.call(&alice, &mint).unwrap();
    let coin = effects.created_of("coin", "Coin").unwrap().id;
    assert_eq!(coin_value(&chain, &coin), 100);
    assert_eq!(effects.mutated.len(), 1, "the treasury cap");
    assert_eq!(u64_of(&chain.object(&cap).unwrap().contents[32..]), 100);

    // Split 30 off: a new coin for Alice.
    let split = MoveCall::new(two, "pay", "split")
        .type_arg(t.clone())
        .object(coin)
        .u64(30);
    let effects = chain.call(&alice, &split).unwrap();
    let part = effects.created_of("coin", "Coin").unwrap().id;
    assert_eq!(coin_value(&chain, &coin), 70);
    assert_eq!(coin_value(&chain, &part), 30);

    // Join them again: the part is deleted.
    let join = MoveCall::new(two, "coin", "join")
        .type_arg(t.clone())
        .object(coin)
        .object(part);
    let effects = chain.call(&alice, &join).unwrap();
    assert_eq!(effects.deleted, vec![part]);
    assert_eq!(coin_value(&chain, &coin), 100);
    assert!(chain.object(&part).is_none());

    // Split and send 40 to Bob.
    let send = MoveCall::new(two, "pay", "split_and_transfer")
        .type_arg(t.clone())
        .object(coin)
        .u64(40)
        .address(BOB);
    let effects = chain.call(&alice, &send).unwrap();
    let bobs = effects.created_of("coin", "Coin").unwrap();
    assert_eq!(bobs.owner, Owner::Address(BOB));
    assert_eq!(coin_value(&chain, &bobs.id), 40);

    // Alice burns her 60: the supply drops to 40.
    let burn = MoveCall::new(two, "coin", "burn")
        .type_arg(t.clone())
        .object(cap)
        .object(coin);
    let effects = chain.call(&alice, &burn).unwrap();
    assert_eq!(effects.deleted, vec![coin]);
    assert_eq!(effects.return_values.len(), 1);
    assert_eq!(u64_of(&effects.return_values[0].1), 60);
    assert_eq!(u64_of(&chain.object(&cap).unwrap().contents[32..]), 40);

    // Bob's coin is Bob's: Alice cannot use it.
    let steal = MoveCall::new(two, "transfer", "public_transfer")
        .type_arg(TypeTag::Struct(Box::new(StructTag {
            address: two,
            module: Identifier::new("coin").unwrap(),
            name: Identifier::new("Coin").unwrap(),
            type_args: vec![t],
        })))
        .object(bobs.id)
        .address(ALICE);
    let before = chain.objects().clone();
    assert!(matches!(
        chain.call(&alice, &steal),
        Err(tern_sui::SuiError::Input(
            tern_sui::InputError::NotOwnedBySender { .. }
        ))
    ));
    assert_eq!(chain.objects(), &before);
    // Bob may send it back.
    let effects = chain.call(&Transaction::new(BOB), &steal).unwrap();
    assert_eq!(effects.mutated[0].owner, Owner::Address(ALICE));
}
