//! Package upgrades: new code reached through the linkage, old types still valid, the
//! `UpgradeCap` advanced, and incompatible upgrades refused.

#![allow(clippy::unwrap_used, clippy::panic)] // test code: a failed unwrap is a failed test

mod common;

use common::*;
use tern_sui::{FailureKind, MoveCall, SuiChain, SuiError, Transaction, UpgradePolicy};

#[test]
fn upgraded_code_runs_on_objects_of_the_first_version() {
    let mut chain = SuiChain::with_framework().unwrap();
    let (effects, v1) = publish(&mut chain, &[assemble("shop_v1", &[])]);
    let cap = effects.created_of("package", "UpgradeCap").unwrap().id;
    let alice = Transaction::new(ALICE);
    let shelf = chain
        .call(&alice, &MoveCall::new(v1, "shop", "create"))
        .unwrap()
        .created_of("shop", "Shelf")
        .unwrap()
        .id;
    chain
        .call(
            &alice,
            &MoveCall::new(v1, "shop", "add").object(shelf).u64(5),
        )
        .unwrap();

    let effects = chain
        .upgrade(
            &alice,
            cap,
            UpgradePolicy::Compatible,
            &[assemble("shop_v2", &[])],
            &framework_deps(),
        )
        .unwrap();
    let v2 = effects.published.unwrap();
    assert_ne!(v2, v1);
    let package = chain.package(&v2).unwrap();
    assert_eq!((package.original_id, package.version), (v1, 2));
    // The cap names the new version and counts it.
    let cap_bytes = &chain.object(&cap).unwrap().contents;
    assert_eq!(&cap_bytes[32..64], v2.as_bytes());
    assert_eq!(u64_of(&cap_bytes[64..]), 2);
    // Types keep the id of the version that defined them.
    assert_eq!(
        package.type_origins[&("shop".to_string(), "Shelf".to_string())],
        v1
    );
    assert_eq!(
        package.type_origins[&("shop".to_string(), "Tag".to_string())],
        v2
    );

    // v2's `add` counts twice, on the v1 shelf; v1's `add` still counts once.
    chain
        .call(
            &alice,
            &MoveCall::new(v2, "shop", "add").object(shelf).u64(5),
        )
        .unwrap();
    chain
        .call(
            &alice,
            &MoveCall::new(v1, "shop", "add").object(shelf).u64(1),
        )
        .unwrap();
    let count = chain
        .call(&alice, &MoveCall::new(v2, "shop", "count").object(shelf))
        .unwrap();
    assert_eq!(u64_of(&count.return_values[0].1), 5 + 10 + 1);
    assert_eq!(chain.object(&shelf).unwrap().type_.address, v1);

    // The new type is named by the new version's id.
    let tag = chain
        .call(&alice, &MoveCall::new(v2, "shop", "tag").u64(3))
        .unwrap();
    assert_eq!(tag.created_of("shop", "Tag").unwrap().type_.address, v2);
    // v1 has no `tag`.
    let err = chain
        .call(&alice, &MoveCall::new(v1, "shop", "tag").u64(3))
        .unwrap_err();
    assert!(matches!(
        err.execution().unwrap().kind,
        FailureKind::FunctionNotFound(_)
    ));
}

#[test]
fn incompatible_upgrades_are_refused_and_change_nothing() {
    let mut chain = SuiChain::with_framework().unwrap();
    let (effects, _) = publish(&mut chain, &[assemble("shop_v1", &[])]);
    let cap = effects.created_of("package", "UpgradeCap").unwrap().id;
    let before = (chain.objects().clone(), chain.packages().iter().count());
    let err = chain
        .upgrade(
            &Transaction::new(ALICE),
            cap,
            UpgradePolicy::Compatible,
            &[assemble("shop_bad", &[])],
            &framework_deps(),
        )
        .unwrap_err();
    match err {
        SuiError::Execution(f) => {
            assert!(
                matches!(f.kind, FailureKind::PackageUpgradeError(ref m) if m.contains("count")),
                "{f}"
            )
        }
        other => panic!("{other}"),
    }
    // An additive upgrade may not change `add`'s code either.
    let err = chain
        .upgrade(
            &Transaction::new(ALICE),
            cap,
            UpgradePolicy::Additive,
            &[assemble("shop_v2", &[])],
            &framework_deps(),
        )
        .unwrap_err();
    assert!(matches!(
        err.execution().unwrap().kind,
        FailureKind::PackageUpgradeError(_)
    ));
    assert_eq!(
        (chain.objects().clone(), chain.packages().iter().count()),
        before
    );
    // Bob cannot use Alice's cap.
    let err = chain
        .upgrade(
            &Transaction::new(BOB),
            cap,
            UpgradePolicy::Compatible,
            &[assemble("shop_v2", &[])],
            &framework_deps(),
        )
        .unwrap_err();
    assert!(matches!(err, SuiError::Input(_)));
}
