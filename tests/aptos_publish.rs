//! `code::publish_package_txn` on an [`AptosChain`]: the framework records the package in the
//! owner's `PackageRegistry` and requests the publish (`code::request_publish*`); the chain
//! publishes the bundle after the transaction, after which the new module runs. A bundle
//! that does not match the metadata fails the transaction and leaves nothing. Needs
//! `../shared/corpus/aptos-framework`; prints a skip message and passes without it.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod aptos_common;

use aptos_common::corpus;
use tern::{AccountAddress, AptosChain, ChainOptions, MoveValue, StatusCode, Vm};

const OWNER: u64 = 0xbeef;

/// The bytes of `0xbeef::answer` (`get(): u64` returns 42), a module without imports.
fn answer_module(name: &str) -> Vec<u8> {
    let source =
        format!("module 0xbeef::{name}\n\npublic fun get(): u64\n    ld_u64 42\n    ret\n");
    let unit = tern_asm::assembler::assemble(&source, &[], &Default::default()).unwrap();
    let tern_asm::assembler::CompiledUnit::Module(m) = unit else {
        panic!("not a module")
    };
    m.serialize_for_version(tern_binary::VERSION_MAX).unwrap()
}

/// BCS of a `String`.
fn bcs_string(s: &str, out: &mut Vec<u8>) {
    out.push(s.len() as u8);
    out.extend(s.as_bytes());
}

/// BCS of a `code::PackageMetadata` named `name` with the compatible upgrade policy, listing
/// `modules`, without dependencies.
fn package_metadata(name: &str, modules: &[&str]) -> Vec<u8> {
    let mut b = Vec::new();
    bcs_string(name, &mut b);
    b.push(1); // upgrade_policy: compatible
    b.extend(0u64.to_le_bytes()); // upgrade_number
    bcs_string("", &mut b); // source_digest
    b.push(0); // manifest
    b.push(modules.len() as u8);
    for m in modules {
        bcs_string(m, &mut b);
        b.extend([0, 0, 0]); // source, source_map, extension: none
    }
    b.push(0); // deps
    b.push(0); // extension: none
    b
}

fn chain() -> Option<AptosChain> {
    let vm = Vm::with_aptos_framework(&corpus()?).expect("the framework publishes");
    Some(AptosChain::initialize(vm, &ChainOptions::default()).expect("initializes"))
}

fn publish(
    chain: &mut AptosChain,
    metadata: Vec<u8>,
    code: Vec<Vec<u8>>,
) -> Result<tern::RunOutput, tern::VmError> {
    let args = [
        MoveValue::Signer(AccountAddress::from_u64(OWNER)),
        MoveValue::Vector(metadata.into_iter().map(MoveValue::U8).collect()),
        MoveValue::Vector(
            code.into_iter()
                .map(|m| MoveValue::Vector(m.into_iter().map(MoveValue::U8).collect()))
                .collect(),
        ),
    ];
    chain.execute("0x1::code::publish_package_txn", &[], &args)
}

#[test]
fn a_published_package_runs_and_is_registered() {
    let Some(mut chain) = chain() else { return };
    let out = publish(
        &mut chain,
        package_metadata("Answer", &["answer"]),
        vec![answer_module("answer")],
    )
    .unwrap_or_else(|e| panic!("publish_package_txn: {e}"));
    assert!(
        out.events
            .iter()
            .any(|e| e.contains("0x1::code::PublishPackage")),
        "{:?}",
        out.events
    );
    let got = chain.execute("0xbeef::answer::get", &[], &[]).unwrap();
    assert_eq!(got.values, vec![MoveValue::U64(42)]);
    let registry = chain
        .vm()
        .resource_bytes(
            AccountAddress::from_u64(OWNER),
            &"0x1::code::PackageRegistry".parse().unwrap(),
        )
        .unwrap()
        .expect("the owner has a package registry");
    assert!(registry.windows(6).any(|w| w == b"Answer"));
}

#[test]
fn a_bundle_that_does_not_match_the_metadata_fails_and_leaves_nothing() {
    let Some(mut chain) = chain() else { return };
    // The metadata registers `answer`, the bundle holds `other`.
    let err = publish(
        &mut chain,
        package_metadata("Answer", &["answer"]),
        vec![answer_module("other")],
    )
    .unwrap_err();
    assert_eq!(err.status(), StatusCode::CONSTRAINT_NOT_SATISFIED, "{err}");
    let owner = AccountAddress::from_u64(OWNER);
    let registry = "0x1::code::PackageRegistry".parse().unwrap();
    assert!(chain
        .vm()
        .resource_bytes(owner, &registry)
        .unwrap()
        .is_none());
    assert!(chain.execute("0xbeef::other::get", &[], &[]).is_err());
}

#[test]
fn a_module_at_another_address_than_the_owner_is_refused() {
    let Some(mut chain) = chain() else { return };
    let source = "module 0xdead::answer\n\npublic fun get(): u64\n    ld_u64 1\n    ret\n";
    let unit = tern_asm::assembler::assemble(source, &[], &Default::default()).unwrap();
    let tern_asm::assembler::CompiledUnit::Module(m) = unit else {
        panic!("not a module")
    };
    let bytes = m.serialize_for_version(tern_binary::VERSION_MAX).unwrap();
    let err = publish(
        &mut chain,
        package_metadata("Answer", &["answer"]),
        vec![bytes],
    )
    .unwrap_err();
    assert_eq!(
        err.status(),
        StatusCode::MODULE_ADDRESS_DOES_NOT_MATCH_SENDER,
        "{err}"
    );
}
