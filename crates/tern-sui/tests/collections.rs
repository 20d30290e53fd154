//! The framework's collections, events and clock through the object runtime, on a shared
//! object that several transactions mutate.

#![allow(clippy::unwrap_used, clippy::panic)] // test code: a failed unwrap is a failed test

mod common;

use common::*;
use tern_sui::{MoveCall, ObjectId, Owner, SuiChain, Transaction, CLOCK_ID};

/// A `vector<u64>` from its BCS bytes.
fn u64s(bytes: &[u8]) -> Vec<u64> {
    let n = bytes[0] as usize;
    (0..n).map(|i| u64_of(&bytes[1 + 8 * i..])).collect()
}

fn setup() -> (SuiChain, ObjectId, ObjectId) {
    let mut chain = SuiChain::with_framework().unwrap();
    let (_, package) = publish(&mut chain, &[assemble("lab", &[])]);
    let effects = chain
        .call(
            &Transaction::new(ALICE),
            &MoveCall::new(package, "lab", "create"),
        )
        .unwrap();
    let lab = effects.created_of("lab", "Lab").unwrap();
    assert!(
        matches!(lab.owner, Owner::Shared { initial_shared_version } if initial_shared_version == effects.lamport_version)
    );
    (chain, package, lab.id)
}

#[test]
fn every_collection_holds_what_was_put_and_gives_it_back() {
    let (mut chain, package, lab) = setup();
    // Alice puts 7 → 70; Bob puts 8 → 80: the shared object is mutated by both.
    let put = |k, v| {
        MoveCall::new(package, "lab", "put")
            .object(lab)
            .u64(k)
            .u64(v)
    };
    let effects = chain.call(&Transaction::new(ALICE), &put(7, 70)).unwrap();
    assert_eq!(effects.events.len(), 1);
    assert_eq!(effects.events[0].type_.name.as_str(), "Noted");
    assert_eq!(
        effects.events[0].contents,
        [7u64.to_le_bytes(), 70u64.to_le_bytes()].concat()
    );
    assert_eq!(effects.events[0].sender, ALICE);
    assert_eq!(effects.events[0].package_id, package);
    // The lab, the new item and the new dynamic fields (table, bag, object table entry and
    // its item, linked table node, the lab's own field).
    assert_eq!(
        effects.mutated.iter().map(|c| c.id).collect::<Vec<_>>(),
        vec![lab]
    );
    assert_eq!(effects.created.len(), 6);
    assert!(effects
        .created
        .iter()
        .all(|c| matches!(c.owner, Owner::Object(_))));
    let effects = chain.call(&Transaction::new(BOB), &put(8, 80)).unwrap();
    // The lab, and the linked table's first node, which now points to the second.
    assert_eq!(effects.mutated.len(), 2, "{effects}");
    assert!(effects.mutated.iter().any(|c| c.id == lab));

    let values = |chain: &mut SuiChain, k| {
        let call = MoveCall::new(package, "lab", "values").object(lab).u64(k);
        u64s(
            &chain
                .call(&Transaction::new(ALICE), &call)
                .unwrap()
                .return_values[0]
                .1,
        )
    };
    assert_eq!(values(&mut chain, 7), vec![70, 70, 70, 70, 70, 140]);
    assert_eq!(values(&mut chain, 8), vec![80, 80, 80, 80, 80, 160]);
    let sizes = |chain: &mut SuiChain| {
        let call = MoveCall::new(package, "lab", "sizes").object(lab);
        u64s(
            &chain
                .call(&Transaction::new(ALICE), &call)
                .unwrap()
                .return_values[0]
                .1,
        )
    };
    assert_eq!(sizes(&mut chain), vec![2, 2, 2, 2, 2, 2, 2]);

    // Take 7 out: 70 from the table, bag, linked table and item, 140 from the field.
    let take = MoveCall::new(package, "lab", "take").object(lab).u64(7);
    let effects = chain.call(&Transaction::new(BOB), &take).unwrap();
    assert_eq!(u64_of(&effects.return_values[0].1), 70 * 4 + 140);
    assert_eq!(effects.deleted.len(), 6, "{effects}");
    assert_eq!(sizes(&mut chain), vec![1, 1, 1, 1, 1, 1, 2]);

    // Taking it again aborts in the table: nothing changes.
    let before = chain.objects().clone();
    let err = chain.call(&Transaction::new(BOB), &take).unwrap_err();
    let failure = err.execution().unwrap();
    match &failure.kind {
        tern_sui::FailureKind::MoveAbort { location, code } => {
            assert_eq!(*code, 1, "EFieldDoesNotExist");
            assert_eq!(
                location.as_ref().unwrap().module.name.as_str(),
                "dynamic_field"
            );
        }
        other => panic!("{other}"),
    }
    assert_eq!(chain.objects(), &before);
}

#[test]
fn the_clock_is_read_by_reference_and_stays_unchanged() {
    let (mut chain, package, lab) = setup();
    chain.set_clock(1_700_000_000_123);
    let clock_before = chain.object(&CLOCK_ID).unwrap().clone();
    let stamp = MoveCall::new(package, "lab", "stamp")
        .object(lab)
        .object(CLOCK_ID);
    let effects = chain.call(&Transaction::new(ALICE), &stamp).unwrap();
    assert!(effects.mutated.iter().all(|c| c.id != CLOCK_ID));
    assert_eq!(chain.object(&CLOCK_ID).unwrap(), &clock_before);
    let sizes = MoveCall::new(package, "lab", "sizes").object(lab);
    let out = chain.call(&Transaction::new(ALICE), &sizes).unwrap();
    let last = out.return_values[0].1.len() - 8;
    assert_eq!(u64_of(&out.return_values[0].1[last..]), 1_700_000_000_123);
}

#[test]
fn a_priority_queue_pops_the_largest() {
    let (mut chain, package, _) = setup();
    let top = MoveCall::new(package, "lab", "top").u64(4).u64(9).u64(2);
    let effects = chain.call(&Transaction::new(ALICE), &top).unwrap();
    assert_eq!(u64_of(&effects.return_values[0].1), 9);
    assert!(effects.created.is_empty() && effects.mutated.is_empty());
}
