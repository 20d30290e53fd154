use super::*;
use sha3::Digest;

fn sha3(parts: &[&[u8]]) -> [u8; 32] {
    let mut d = sha3::Sha3_256::new();
    for p in parts {
        d.update(p);
    }
    d.finalize().into()
}

#[test]
fn registers_every_family_at_0x1() {
    let mut r = NativeRegistry::new();
    add_aptos_framework_natives(&mut r);
    assert_eq!(r.len(), 59);
    let id = |m: &str| {
        tern_primitives::ModuleId::new(
            AccountAddress::ONE,
            tern_primitives::Identifier::new(m).unwrap(),
        )
    };
    assert!(r
        .lookup(&id("transaction_context"), "sender_internal")
        .is_some());
    assert!(r.lookup(&id("object"), "exists_at").is_some());
    assert!(r.lookup(&id("aggregator_v2"), "try_add").is_some());
    assert!(r
        .lookup(&id("aggregator_factory"), "new_aggregator")
        .is_some());
    assert!(r
        .lookup(&id("permissioned_signer"), "permission_address")
        .is_some());
    assert!(r
        .lookup(&id("dispatchable_fungible_asset"), "dispatchable_withdraw")
        .is_some());
    assert!(r.lookup(&id("code"), "request_publish").is_some());
    assert!(r
        .lookup(
            &id("confidential_range_proofs"),
            "verify_batch_range_proof_internal"
        )
        .is_some());
}

#[test]
fn unique_addresses_hash_the_session_hash_counter_and_scheme() {
    let hash = [7u8; 32];
    let want = sha3(&[&hash, &3u64.to_le_bytes(), &[0xFB]]);
    assert_eq!(
        TransactionContext::unique_address(&hash, 3),
        AccountAddress::new(want)
    );
}

#[test]
fn derived_object_addresses_hash_source_derive_from_and_scheme() {
    let (a, b) = (AccountAddress::from_u64(0xA), AccountAddress::from_u64(0xB));
    let want = sha3(&[&a.into_bytes(), &b.into_bytes(), &[0xFC]]);
    assert_eq!(derived_object_address(a, b), AccountAddress::new(want));
    assert_ne!(derived_object_address(a, b), derived_object_address(b, a));
}

#[test]
fn events_print_type_bytes_and_handle() {
    let log = EventLog {
        events: vec![
            Event {
                handle: None,
                sequence_number: 0,
                type_tag: "0x1::m::E".parse().unwrap(),
                data: vec![1, 0xAB],
            },
            Event {
                handle: Some((2, AccountAddress::from_u64(0x42))),
                sequence_number: 5,
                type_tag: tern_primitives::TypeTag::U64,
                data: vec![],
            },
        ],
    };
    assert_eq!(
        log.lines(),
        vec!["0x1::m::E 0x01ab", "u64 0x (handle 0x42:2, #5)"]
    );
}

#[test]
fn default_context_is_a_user_transaction_from_0x0_on_chain_4() {
    let tc = TransactionContext::default();
    assert_eq!(tc.session_hash, [0; 32]);
    let user = tc.user.unwrap();
    assert_eq!(user.sender, AccountAddress::ZERO);
    assert_eq!(user.chain_id, 4);
    assert_eq!(user.transaction_index, TransactionIndex::BlockExecution(0));
    assert!(!RandomnessContext::default().unbiasable);
}
