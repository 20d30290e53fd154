//! Calls Sui refuses: wrong object kinds, missing objects, ownership violations, misuse of
//! shared and immutable objects, values left over, exhausted gas. Each is a typed error and
//! leaves the object store exactly as it was.

#![allow(clippy::unwrap_used, clippy::panic)] // test code: a failed unwrap is a failed test

mod common;

use common::*;
use tern_primitives::{AccountAddress, Identifier, StructTag, TypeTag};
use tern_sui::{
    CallArg, CommandArgumentKind, FailureKind, InputError, MoveCall, ObjectId, SuiChain, SuiError,
    Transaction,
};

struct World {
    chain: SuiChain,
    lab_pkg: ObjectId,
    coin_pkg: ObjectId,
    lab: ObjectId,
    box_: ObjectId,
    treasury: ObjectId,
    metadata: ObjectId,
}

fn world() -> World {
    let mut chain = SuiChain::with_framework().unwrap();
    let (_, lab_pkg) = publish(&mut chain, &[assemble("lab", &[])]);
    let (effects, coin_pkg) = publish(&mut chain, &[assemble("mycoin", &[])]);
    let treasury = effects.created_of("coin", "TreasuryCap").unwrap().id;
    let metadata = effects.created_of("coin", "CoinMetadata").unwrap().id;
    let alice = Transaction::new(ALICE);
    let lab = chain
        .call(&alice, &MoveCall::new(lab_pkg, "lab", "create"))
        .unwrap()
        .created_of("lab", "Lab")
        .unwrap()
        .id;
    let box_ = chain
        .call(&alice, &MoveCall::new(lab_pkg, "lab", "share_box"))
        .unwrap()
        .created_of("lab", "Box")
        .unwrap()
        .id;
    World {
        chain,
        lab_pkg,
        coin_pkg,
        lab,
        box_,
        treasury,
        metadata,
    }
}

fn tag(address: AccountAddress, module: &str, name: &str, args: Vec<TypeTag>) -> TypeTag {
    TypeTag::Struct(Box::new(StructTag {
        address,
        module: Identifier::new(module).unwrap(),
        name: Identifier::new(name).unwrap(),
        type_args: args,
    }))
}

/// Runs `call` from `sender`, checks that nothing changed, and returns the error.
fn refused(w: &mut World, sender: AccountAddress, call: &MoveCall) -> SuiError {
    let before = w.chain.objects().clone();
    let err = w.chain.call(&Transaction::new(sender), call).unwrap_err();
    assert_eq!(w.chain.objects(), &before, "{err}");
    err
}

fn kind(err: &SuiError) -> &FailureKind {
    &err.execution().unwrap_or_else(|| panic!("{err}")).kind
}

fn argument_error(err: &SuiError) -> (u16, CommandArgumentKind) {
    match kind(err) {
        FailureKind::CommandArgumentError { arg_idx, kind } => (*arg_idx, *kind),
        other => panic!("{other}"),
    }
}

#[test]
fn objects_of_the_wrong_type_or_missing_are_refused() {
    let mut w = world();
    let call = MoveCall::new(w.lab_pkg, "lab", "put")
        .object(w.treasury)
        .u64(1)
        .u64(2);
    let err = refused(&mut w, ALICE, &call);
    assert_eq!(argument_error(&err), (0, CommandArgumentKind::TypeMismatch));

    let ghost = AccountAddress::from_u64(0xdead);
    let call = MoveCall::new(w.lab_pkg, "lab", "put")
        .object(ghost)
        .u64(1)
        .u64(2);
    let err = refused(&mut w, ALICE, &call);
    assert_eq!(err, SuiError::Input(InputError::ObjectNotFound(ghost)));

    let call = MoveCall::new(w.lab_pkg, "lab", "put")
        .object(w.lab)
        .object(w.lab)
        .u64(2);
    let err = refused(&mut w, ALICE, &call);
    assert_eq!(err, SuiError::Input(InputError::DuplicateObject(w.lab)));
}

#[test]
fn pure_arguments_must_fit_their_parameters() {
    let mut w = world();
    let call = MoveCall::new(w.lab_pkg, "lab", "put")
        .arg(CallArg::Pure(vec![0; 32]))
        .u64(1)
        .u64(2);
    let err = refused(&mut w, ALICE, &call);
    assert_eq!(
        argument_error(&err),
        (0, CommandArgumentKind::InvalidUsageOfPureArg)
    );
    let call = MoveCall::new(w.lab_pkg, "lab", "put")
        .object(w.lab)
        .arg(CallArg::Pure(vec![1, 2, 3]))
        .u64(2);
    let err = refused(&mut w, ALICE, &call);
    assert_eq!(
        argument_error(&err),
        (1, CommandArgumentKind::InvalidBCSBytes)
    );
    let call = MoveCall::new(w.lab_pkg, "lab", "put").object(w.lab).u64(1);
    assert_eq!(
        kind(&refused(&mut w, ALICE, &call)),
        &FailureKind::ArityMismatch
    );
}

#[test]
fn owned_objects_are_the_senders_only() {
    let mut w = world();
    let call = MoveCall::new(AccountAddress::from_u64(2), "coin", "mint_and_transfer")
        .type_arg(tag(w.coin_pkg, "mycoin", "MYCOIN", vec![]))
        .object(w.treasury)
        .u64(5)
        .address(BOB);
    let err = refused(&mut w, BOB, &call);
    assert!(
        matches!(err, SuiError::Input(InputError::NotOwnedBySender { .. })),
        "{err}"
    );
}

#[test]
fn immutable_objects_are_read_only() {
    let mut w = world();
    let two = AccountAddress::from_u64(2);
    let name = "New".as_bytes();
    let mut pure = vec![name.len() as u8];
    pure.extend_from_slice(name);
    let call = MoveCall::new(two, "coin", "update_name")
        .type_arg(tag(w.coin_pkg, "mycoin", "MYCOIN", vec![]))
        .object(w.treasury)
        .object(w.metadata)
        .arg(CallArg::Pure(pure));
    let err = refused(&mut w, ALICE, &call);
    assert_eq!(
        argument_error(&err),
        (1, CommandArgumentKind::InvalidObjectByMutRef)
    );
}

#[test]
fn shared_objects_cannot_be_transferred_or_frozen() {
    let mut w = world();
    let two = AccountAddress::from_u64(2);
    let box_type = tag(w.lab_pkg, "lab", "Box", vec![]);
    let call = MoveCall::new(two, "transfer", "public_transfer")
        .type_arg(box_type.clone())
        .object(w.box_)
        .address(BOB);
    let err = refused(&mut w, ALICE, &call);
    assert_eq!(kind(&err), &FailureKind::SharedObjectOperationNotAllowed);
    let call = MoveCall::new(two, "transfer", "public_freeze_object")
        .type_arg(box_type.clone())
        .object(w.box_);
    assert_eq!(
        kind(&refused(&mut w, ALICE, &call)),
        &FailureKind::SharedObjectOperationNotAllowed
    );
    // Re-sharing it is allowed, and keeps its initial shared version.
    let call = MoveCall::new(two, "transfer", "public_share_object")
        .type_arg(box_type)
        .object(w.box_);
    let before = w.chain.object(&w.box_).unwrap().owner;
    let effects = w.chain.call(&Transaction::new(BOB), &call).unwrap();
    assert_eq!(effects.mutated[0].owner, before);
}

#[test]
fn sharing_an_owned_object_aborts_in_transfer() {
    let mut w = world();
    let call = MoveCall::new(
        AccountAddress::from_u64(2),
        "transfer",
        "public_share_object",
    )
    .type_arg(tag(
        AccountAddress::from_u64(2),
        "coin",
        "TreasuryCap",
        vec![tag(w.coin_pkg, "mycoin", "MYCOIN", vec![])],
    ))
    .object(w.treasury);
    let err = refused(&mut w, ALICE, &call);
    match kind(&err) {
        FailureKind::MoveAbort { location, code } => {
            assert_eq!(*code, 0, "ESharedNonNewObject");
            let l = location.as_ref().unwrap();
            assert_eq!(l.module.name.as_str(), "transfer");
            assert_eq!(l.function_name.as_deref(), Some("share_object_impl"));
        }
        other => panic!("{other}"),
    }
}

#[test]
fn functions_a_transaction_may_not_call() {
    let mut w = world();
    let call = MoveCall::new(w.lab_pkg, "lab", "secret");
    assert_eq!(
        kind(&refused(&mut w, ALICE, &call)),
        &FailureKind::NonEntryFunctionInvoked
    );
    let call = MoveCall::new(AccountAddress::from_u64(2), "transfer", "transfer")
        .type_arg(tag(w.lab_pkg, "lab", "Box", vec![]))
        .object(w.box_)
        .address(BOB);
    assert_eq!(
        kind(&refused(&mut w, ALICE, &call)),
        &FailureKind::NonEntryFunctionInvoked
    );
    let call = MoveCall::new(w.lab_pkg, "lab", "nothing");
    assert!(matches!(
        kind(&refused(&mut w, ALICE, &call)),
        FailureKind::FunctionNotFound(_)
    ));
}

#[test]
fn a_result_without_drop_must_be_used() {
    let mut w = world();
    let call = MoveCall::new(AccountAddress::from_u64(2), "coin", "mint")
        .type_arg(tag(w.coin_pkg, "mycoin", "MYCOIN", vec![]))
        .object(w.treasury)
        .u64(5);
    let err = refused(&mut w, ALICE, &call);
    assert_eq!(
        kind(&err),
        &FailureKind::UnusedValueWithoutDrop {
            result_idx: 0,
            secondary_idx: 0
        }
    );
}

#[test]
fn exhausted_gas_fails_and_changes_nothing() {
    let mut w = world();
    let call = MoveCall::new(w.lab_pkg, "lab", "spin").u64(100_000_000);
    let before = w.chain.objects().clone();
    let tx = Transaction::new(ALICE).with_budget(2_000_000);
    let err = w.chain.call(&tx, &call).unwrap_err();
    assert_eq!(kind(&err), &FailureKind::InsufficientGas);
    assert!(err.execution().unwrap().gas_used > 0);
    assert_eq!(w.chain.objects(), &before);
    // Within budget it runs.
    let call = MoveCall::new(w.lab_pkg, "lab", "spin").u64(1000);
    let effects = w.chain.call(&tx, &call).unwrap();
    assert_eq!(effects.gas.computation_units, 1000, "the minimum bucket");
}
