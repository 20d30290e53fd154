//! The AptosFramework natives of `tern_natives::aptos_framework` called through a VM running
//! the real `MoveStdlib`, `AptosStdlib` and `AptosFramework`
//! (`../shared/corpus/aptos-framework`, skipped with a message when absent): public framework
//! functions reach the natives, whose results are Aptos's, and the host state (transaction
//! context, event log, randomness) is read and set through the session's extensions.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod aptos_common;

use aptos_common::{call, corpus, declared_natives, ty};
use std::collections::BTreeSet;
use tern::{MoveValue, Vm};
use tern_natives::aptos_framework::{
    derived_object_address, EventLog, RandomnessContext, TransactionContext, UserTransaction,
    ETRANSACTION_CONTEXT_NOT_AVAILABLE,
};
use tern_primitives::{AccountAddress, Identifier, ModuleId, StatusCode};
use tern_vm::natives::NativeRegistry;
use tern_vm::Session;

/// A VM with the framework published; `None` without the corpus.
fn framework_vm() -> Option<Vm> {
    Some(Vm::with_aptos_framework(&corpus()?).unwrap())
}

fn id(module: &str) -> ModuleId {
    ModuleId::new(AccountAddress::ONE, Identifier::new(module).unwrap())
}

fn addr(x: u64) -> AccountAddress {
    AccountAddress::from_u64(x)
}

fn string(s: &str) -> MoveValue {
    MoveValue::Struct(vec![MoveValue::bytes(s)])
}

/// Runs `0x1::module::function` (any visibility) in `session`, returning its values as BCS.
fn run(
    session: &mut Session<'_>,
    module: &str,
    function: &str,
    tys: &[&str],
    args: &[MoveValue],
) -> Result<Vec<Vec<u8>>, tern_primitives::VmError> {
    let f = session.function(&id(module), function)?;
    let tys = tys
        .iter()
        .map(|t| session.load_type(&ty(t)))
        .collect::<Result<Vec<_>, _>>()?;
    let args = args.iter().map(MoveValue::to_bcs).collect();
    let out = session.execute(f, tys, args)?;
    out.return_values
        .iter()
        .map(|(t, v)| session.serialize_value(*t, *v))
        .collect()
}

/// A session over `vm`'s framework.
fn session(vm: &Vm) -> Session<'_> {
    Session::new(vm.runtime(), vm.storage())
}

/// SHA3-256 of the parts concatenated.
fn sha3(parts: &[&[u8]]) -> Vec<u8> {
    tern_crypto::hash::sha3_256(&parts.concat()).to_vec()
}

#[test]
fn user_derived_object_addresses_are_aptos_derivations() {
    let Some(mut vm) = framework_vm() else { return };
    let (source, derive_from) = (addr(0xA11CE), addr(0xB0B));
    let out = call(
        &mut vm,
        "0x1::object::create_user_derived_object_address",
        &[],
        &[MoveValue::Address(source), MoveValue::Address(derive_from)],
    );
    let want = sha3(&[&source.into_bytes(), &derive_from.into_bytes(), &[0xFC]]);
    assert_eq!(
        out,
        vec![MoveValue::Address(AccountAddress::new(
            want.try_into().unwrap()
        ))]
    );
    assert_eq!(
        out,
        vec![MoveValue::Address(derived_object_address(
            source,
            derive_from
        ))]
    );
}

#[test]
fn unique_addresses_are_distinct_and_deterministic_within_a_session() {
    let Some(vm) = framework_vm() else { return };
    let hash = [0x5A; 32];
    let mut s = session(&vm);
    s.extensions_mut().insert(TransactionContext::new(
        hash,
        Some(UserTransaction::default()),
    ));
    let a = run(
        &mut s,
        "transaction_context",
        "generate_auid_address",
        &[],
        &[],
    )
    .unwrap();
    let b = run(
        &mut s,
        "transaction_context",
        "generate_auid_address",
        &[],
        &[],
    )
    .unwrap();
    assert_ne!(a, b);
    assert_eq!(a[0], sha3(&[&hash, &1u64.to_le_bytes(), &[0xFB]]));
    assert_eq!(b[0], sha3(&[&hash, &2u64.to_le_bytes(), &[0xFB]]));
    // `generate_auid` wraps the third one in an `AUID`.
    let c = run(&mut s, "transaction_context", "generate_auid", &[], &[]).unwrap();
    assert_eq!(c[0], sha3(&[&hash, &3u64.to_le_bytes(), &[0xFB]]));
    // The transaction hash is the session hash; the script hash is empty by default.
    let h = run(
        &mut s,
        "transaction_context",
        "get_transaction_hash",
        &[],
        &[],
    )
    .unwrap();
    assert_eq!(h[0], [&[32u8][..], &hash].concat());
    let sh = run(&mut s, "transaction_context", "get_script_hash", &[], &[]).unwrap();
    assert_eq!(sh[0], vec![0]);

    // Without a host context: the zero hash, and each `Vm::call` a new session.
    let mut vm = vm;
    let zero = call(
        &mut vm,
        "0x1::transaction_context::generate_auid_address",
        &[],
        &[],
    );
    let again = call(
        &mut vm,
        "0x1::transaction_context::generate_auid_address",
        &[],
        &[],
    );
    let want = sha3(&[&[0; 32], &1u64.to_le_bytes(), &[0xFB]]);
    assert_eq!(
        zero,
        vec![MoveValue::Address(AccountAddress::new(
            want.try_into().unwrap()
        ))]
    );
    assert_eq!(zero, again);
}

/// Turns on feature 59 (`TRANSACTION_CONTEXT_EXTENSION`), which `transaction_context`'s
/// public getters require, as the framework's genesis would.
fn enable_transaction_context_extension(vm: &mut Vm) {
    call(
        vm,
        "0x1::features::change_feature_flags_internal",
        &[],
        &[
            MoveValue::Signer(AccountAddress::ONE),
            MoveValue::Vector(vec![MoveValue::U64(59)]),
            MoveValue::Vector(vec![]),
        ],
    );
}

#[test]
fn transaction_context_getters_read_the_host_context() {
    let Some(mut vm) = framework_vm() else { return };
    enable_transaction_context_extension(&mut vm);
    // Defaults: sender and gas payer 0x0, chain 4, no payloads.
    let out = call(&mut vm, "0x1::transaction_context::sender", &[], &[]);
    assert_eq!(out, vec![MoveValue::Address(AccountAddress::ZERO)]);
    let out = call(&mut vm, "0x1::transaction_context::chain_id", &[], &[]);
    assert_eq!(out, vec![MoveValue::U8(4)]);
    let out = call(
        &mut vm,
        "0x1::transaction_context::max_gas_amount",
        &[],
        &[],
    );
    assert_eq!(out, vec![MoveValue::U64(2_000_000)]);
    let out = call(
        &mut vm,
        "0x1::transaction_context::is_encrypted_txn",
        &[],
        &[],
    );
    assert_eq!(out, vec![MoveValue::Bool(false)]);

    let user = UserTransaction {
        sender: addr(0xCAFE),
        secondary_signers: vec![addr(1), addr(2)],
        gas_payer: addr(0xFEE),
        max_gas_amount: 77,
        gas_unit_price: 150,
        chain_id: 2,
        entry_function_payload: Some(tern_natives::aptos_framework::EntryFunctionPayload {
            account_address: addr(0x42),
            module_name: "m".into(),
            function_name: "f".into(),
            ty_arg_names: vec!["u64".into()],
            args: vec![vec![1, 2], vec![]],
        }),
        ..UserTransaction::default()
    };
    let mut s = session(&vm);
    s.extensions_mut()
        .insert(TransactionContext::new([0; 32], Some(user)));
    let get = |s: &mut Session<'_>, f: &str| run(s, "transaction_context", f, &[], &[]).unwrap();
    assert_eq!(get(&mut s, "sender")[0], addr(0xCAFE).into_bytes().to_vec());
    assert_eq!(
        get(&mut s, "gas_payer")[0],
        addr(0xFEE).into_bytes().to_vec()
    );
    assert_eq!(
        get(&mut s, "gas_unit_price")[0],
        150u64.to_le_bytes().to_vec()
    );
    assert_eq!(
        get(&mut s, "max_gas_amount")[0],
        77u64.to_le_bytes().to_vec()
    );
    assert_eq!(get(&mut s, "chain_id")[0], vec![2]);
    let signers = [&[2u8][..], &addr(1).into_bytes(), &addr(2).into_bytes()].concat();
    assert_eq!(get(&mut s, "secondary_signers")[0], signers);
    // Some(EntryFunctionPayload { 0x42, "m", "f", ["u64"], [[1, 2], []] }).
    let payload = [
        &[1u8][..],
        &addr(0x42).into_bytes(),
        &[1, b'm', 1, b'f', 1, 3, b'u', b'6', b'4', 2, 2, 1, 2, 0],
    ]
    .concat();
    assert_eq!(get(&mut s, "entry_function_payload")[0], payload);
    assert_eq!(get(&mut s, "multisig_payload")[0], vec![0]);

    // Outside a user transaction the getters abort as Aptos's do.
    let mut s = session(&vm);
    s.extensions_mut()
        .insert(TransactionContext::new([0; 32], None));
    let err = run(&mut s, "transaction_context", "sender", &[], &[]).unwrap_err();
    assert_eq!(err.status(), StatusCode::ABORTED, "{err}");
    assert_eq!(err.sub_status(), Some(ETRANSACTION_CONTEXT_NOT_AVAILABLE));
}

#[test]
fn monotonically_increasing_counter_packs_index_session_and_local_counter() {
    let Some(vm) = framework_vm() else { return };
    let mut s = session(&vm);
    let user = UserTransaction {
        transaction_index: tern_natives::aptos_framework::TransactionIndex::BlockExecution(9),
        ..UserTransaction::default()
    };
    let mut tc = TransactionContext::new([0; 32], Some(user));
    tc.session_counter = 3;
    s.extensions_mut().insert(tc);
    let f = "monotonically_increasing_counter_internal";
    let ts = MoveValue::U64(1_000);
    let first = run(
        &mut s,
        "transaction_context",
        f,
        &[],
        std::slice::from_ref(&ts),
    )
    .unwrap();
    let second = run(&mut s, "transaction_context", f, &[], &[ts]).unwrap();
    let want = |local: u128| ((1_000u128 << 56) | (9 << 24) | (3 << 16) | local).to_le_bytes();
    assert_eq!(first[0], want(1).to_vec());
    assert_eq!(second[0], want(2).to_vec());
}

#[test]
fn module_and_handle_events_land_in_the_event_log() {
    let Some(vm) = framework_vm() else { return };
    let mut s = session(&vm);
    let transfer = MoveValue::Struct(vec![
        MoveValue::Address(addr(1)),
        MoveValue::Address(addr(2)),
        MoveValue::Address(addr(3)),
    ]);
    run(
        &mut s,
        "event",
        "emit",
        &["0x1::object::Transfer"],
        std::slice::from_ref(&transfer),
    )
    .unwrap();
    // An `EventHandle<u64>` with GUID (creation number 3, 0x42), at count 5.
    let handle = MoveValue::Struct(vec![
        MoveValue::U64(5),
        MoveValue::Struct(vec![MoveValue::Struct(vec![
            MoveValue::U64(3),
            MoveValue::Address(addr(0x42)),
        ])]),
    ]);
    run(
        &mut s,
        "event",
        "emit_event",
        &["u64"],
        &[handle, MoveValue::U64(7)],
    )
    .unwrap();
    let log = s.extensions_mut().remove::<EventLog>().unwrap();
    assert_eq!(log.events.len(), 2);
    assert_eq!(log.events[0].type_tag, ty("0x1::object::Transfer"));
    assert_eq!(log.events[0].data, transfer.to_bcs());
    assert_eq!(log.events[0].handle, None);
    assert_eq!(log.events[1].handle, Some((3, addr(0x42))));
    assert_eq!(log.events[1].sequence_number, 5);
    assert_eq!(
        log.lines(),
        vec![
            format!("0x1::object::Transfer 0x{}", hex(&transfer.to_bcs())),
            "u64 0x0700000000000000 (handle 0x42:3, #5)".to_string(),
        ]
    );
}

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

#[test]
fn create_signer_util_from_bytes_and_identifiers() {
    let Some(mut vm) = framework_vm() else { return };
    let out = call(
        &mut vm,
        "0x1::create_signer::create_signer",
        &[],
        &[MoveValue::Address(addr(0x7))],
    );
    assert_eq!(out, vec![MoveValue::Signer(addr(0x7))]);
    let bytes = MoveValue::bytes(addr(0x99).into_bytes());
    let out = call(&mut vm, "0x1::util::address_from_bytes", &[], &[bytes]);
    assert_eq!(out, vec![MoveValue::Address(addr(0x99))]);
    let err = vm
        .call(
            "0x1::util::address_from_bytes",
            &[],
            &[MoveValue::bytes([1, 2])],
        )
        .unwrap_err();
    assert_eq!(
        err.sub_status(),
        Some(tern_natives::aptos::EFROM_BYTES),
        "{err}"
    );
    // `new_function_info_from_address` checks both names with `is_identifier`.
    let ok = [
        MoveValue::Address(addr(0x42)),
        string("coin"),
        string("transfer"),
    ];
    let out = call(
        &mut vm,
        "0x1::function_info::new_function_info_from_address",
        &[],
        &ok,
    );
    assert_eq!(out.len(), 1);
    let bad = [
        MoveValue::Address(addr(0x42)),
        string("coin"),
        string("9lives"),
    ];
    let err = vm
        .call(
            "0x1::function_info::new_function_info_from_address",
            &[],
            &bad,
        )
        .unwrap_err();
    assert_eq!(err.status(), StatusCode::ABORTED, "{err}");
}

#[test]
fn randomness_counter_needs_an_unbiasable_context() {
    let Some(vm) = framework_vm() else { return };
    let mut s = session(&vm);
    let err = run(
        &mut s,
        "randomness",
        "fetch_and_increment_txn_counter",
        &[],
        &[],
    )
    .unwrap_err();
    assert_eq!(err.sub_status(), Some(1), "{err}");
    assert_eq!(
        run(&mut s, "randomness", "is_unbiasable", &[], &[]).unwrap()[0],
        vec![0]
    );

    let mut s = session(&vm);
    s.extensions_mut().insert(RandomnessContext::unbiasable());
    let a = run(
        &mut s,
        "randomness",
        "fetch_and_increment_txn_counter",
        &[],
        &[],
    )
    .unwrap();
    let b = run(
        &mut s,
        "randomness",
        "fetch_and_increment_txn_counter",
        &[],
        &[],
    )
    .unwrap();
    assert_eq!(a[0], [&[8u8][..], &0u64.to_le_bytes()].concat());
    assert_eq!(b[0], [&[8u8][..], &1u64.to_le_bytes()].concat());
    assert_eq!(
        run(&mut s, "randomness", "is_unbiasable", &[], &[]).unwrap()[0],
        vec![1]
    );
}

#[test]
fn exactly_these_framework_natives_are_registered() {
    let Some(dir) = corpus() else { return };
    let mut registry = NativeRegistry::new();
    tern_natives::add_aptos_framework_natives(&mut registry);
    let declared = declared_natives(&dir, &["AptosFramework"]);
    let (registered, missing): (BTreeSet<String>, BTreeSet<String>) =
        declared.iter().cloned().partition(|n| {
            let (m, f) = n.split_once("::").unwrap();
            registry.lookup(&id(m), f).is_some()
        });
    let expect_registered: BTreeSet<String> = [
        "account_abstraction::dispatchable_authenticate",
        "aggregator::add",
        "aggregator::destroy",
        "aggregator::read",
        "aggregator::sub",
        "aggregator_factory::new_aggregator",
        "aggregator_v2::copy_snapshot",
        "aggregator_v2::create_aggregator",
        "aggregator_v2::create_derived_string",
        "aggregator_v2::create_snapshot",
        "aggregator_v2::create_unbounded_aggregator",
        "aggregator_v2::derive_string_concat",
        "aggregator_v2::is_at_least_impl",
        "aggregator_v2::read",
        "aggregator_v2::read_derived_string",
        "aggregator_v2::read_snapshot",
        "aggregator_v2::snapshot",
        "aggregator_v2::string_concat",
        "aggregator_v2::try_add",
        "aggregator_v2::try_sub",
        "code::request_publish",
        "code::request_publish_with_allowed_deps",
        "confidential_range_proofs::verify_batch_range_proof_internal",
        "consensus_config::validator_txn_enabled_internal",
        "create_signer::create_signer",
        "dispatchable_fungible_asset::dispatchable_deposit",
        "dispatchable_fungible_asset::dispatchable_derived_balance",
        "dispatchable_fungible_asset::dispatchable_derived_supply",
        "dispatchable_fungible_asset::dispatchable_withdraw",
        "event::write_module_event_to_store",
        "event::write_to_event_store",
        "function_info::check_dispatch_type_compatibility_impl",
        "function_info::is_identifier",
        "function_info::load_function_impl",
        "object::create_user_derived_object_address_impl",
        "object::exists_at",
        "permissioned_signer::is_permissioned_signer_impl",
        "permissioned_signer::permission_address",
        "permissioned_signer::signer_from_permissioned_handle_impl",
        "randomness::fetch_and_increment_txn_counter",
        "randomness::is_unbiasable",
        "state_storage::get_state_storage_usage_only_at_epoch_beginning",
        "transaction_context::chain_id_internal",
        "transaction_context::entry_function_payload_internal",
        "transaction_context::gas_payer_internal",
        "transaction_context::gas_unit_price_internal",
        "transaction_context::generate_unique_address",
        "transaction_context::get_script_hash",
        "transaction_context::get_txn_hash",
        "transaction_context::is_encrypted_txn_internal",
        "transaction_context::max_gas_amount_internal",
        "transaction_context::monotonically_increasing_counter_internal",
        "transaction_context::monotonically_increasing_counter_internal_for_test_only",
        "transaction_context::multisig_payload_internal",
        "transaction_context::secondary_signers_internal",
        "transaction_context::sender_internal",
        "storage_slot::borrow_storage_slot_resource",
        "storage_slot::borrow_storage_slot_resource_mut",
        "util::from_bytes",
    ]
    .into_iter()
    .map(String::from)
    .collect();
    assert_eq!(registered, expect_registered);
    // Every registered native is one the framework declares.
    assert_eq!(registry.len(), expect_registered.len());
    assert!(missing.is_empty(), "unregistered: {missing:?}");
}

/// `consensus_config::validator_txn_enabled_internal` reads the config's BCS bytes: bytes
/// that are not a config count as the default config (disabled); a V5 config over a
/// `RotatingProposer` election with `vtxn` `V1` enables validator transactions.
#[test]
fn validator_txns_follow_the_consensus_config_bytes() {
    let Some(mut vm) = framework_vm() else { return };
    let f = "0x1::consensus_config::validator_txn_enabled_internal";
    let out = vm.call(f, &[], &[MoveValue::bytes([0])]).unwrap();
    assert_eq!(out.values, vec![MoveValue::Bool(false)]);
    let mut v5 = vec![4, 2, 1];
    v5.extend([0; 16]); // back_pressure_limit, exclude_round
    v5.extend([1, 1, 0, 0, 0]); // RotatingProposer(1)
    v5.extend([0; 8]); // max_failed_authors_to_store
    v5.extend([1, 0]); // quorum store, order votes
    v5.push(1); // vtxn: V1
    v5.extend([0; 16]);
    v5.extend([0, 1]); // window_size: none; rand_check_enabled
    let out = vm.call(f, &[], &[MoveValue::bytes(v5)]).unwrap();
    assert_eq!(out.values, vec![MoveValue::Bool(true)]);
}

/// `object::exists_at` sees committed storage and the running transaction's own writes:
/// `create_named_object` asserts no object is at the derived address before creating one,
/// so a second creation aborts with `EOBJECT_EXISTS`.
#[test]
fn objects_exist_once_created() {
    let Some(mut vm) = framework_vm() else { return };
    let owner = addr(0x5);
    let object = vm
        .call(
            "0x1::object::create_object_address",
            &[],
            &[MoveValue::Address(owner), MoveValue::bytes(b"seed")],
        )
        .unwrap()
        .values;
    let [MoveValue::Address(object)] = object[..] else {
        panic!("{object:?}")
    };
    let is_object = |vm: &mut Vm| {
        vm.call("0x1::object::is_object", &[], &[MoveValue::Address(object)])
            .unwrap()
            .values
    };
    assert_eq!(is_object(&mut vm), vec![MoveValue::Bool(false)]);
    let create = [MoveValue::Signer(owner), MoveValue::bytes(b"seed")];
    vm.call("0x1::object::create_named_object", &[], &create)
        .unwrap();
    assert_eq!(is_object(&mut vm), vec![MoveValue::Bool(true)]);
    let err = vm
        .call("0x1::object::create_named_object", &[], &create)
        .unwrap_err();
    // EOBJECT_EXISTS (1) in the ALREADY_EXISTS category (8).
    assert_eq!(
        (err.status(), err.sub_status()),
        (StatusCode::ABORTED, Some(0x8_0001))
    );
    // Within one transaction, before anything is committed: the session's own write counts.
    let other = addr(0x6);
    let mut s = session(&vm);
    let created = [MoveValue::Signer(other), MoveValue::bytes(b"seed")];
    run(&mut s, "object", "create_named_object", &[], &created).unwrap();
    let address = run(
        &mut s,
        "object",
        "create_object_address",
        &[],
        &[MoveValue::Address(other), MoveValue::bytes(b"seed")],
    )
    .unwrap();
    let address = AccountAddress::from_slice(&address[0]).unwrap();
    let seen = run(
        &mut s,
        "object",
        "is_object",
        &[],
        &[MoveValue::Address(address)],
    )
    .unwrap();
    assert_eq!(seen, vec![vec![1]]);
}

/// A `String`.
fn utf8(s: &str) -> MoveValue {
    MoveValue::Struct(vec![MoveValue::bytes(s)])
}

/// `Aggregator<u64> { value, max_value }`.
fn agg(value: u64, max: u64) -> MoveValue {
    MoveValue::Struct(vec![MoveValue::U64(value), MoveValue::U64(max)])
}

/// Calls an `aggregator_v2` function on `&mut agg` and `rhs`: its result and the
/// aggregator after.
fn agg_op(vm: &mut Vm, f: &str, agg: MoveValue, rhs: u64) -> (MoveValue, MoveValue) {
    let out = vm
        .call(
            &format!("0x1::aggregator_v2::{f}"),
            &[ty("u64")],
            &[agg, MoveValue::U64(rhs)],
        )
        .unwrap();
    let after = out.mutable_input_values.first().map(|(_, v)| v.clone());
    (
        out.values[0].clone(),
        after.unwrap_or(MoveValue::Bool(false)),
    )
}

/// The abort code of a call.
fn aborts(vm: &mut Vm, f: &str, tys: &[&str], args: &[MoveValue]) -> u64 {
    let tys: Vec<_> = tys.iter().map(|t| ty(t)).collect();
    let err = vm.call(f, &tys, args).unwrap_err();
    assert_eq!(err.status(), StatusCode::ABORTED, "{f}: {err}");
    err.sub_status().unwrap()
}

#[test]
fn aggregators_v2_add_and_subtract_within_their_bounds() {
    use tern_natives::aptos_framework::{
        EAGGREGATOR_FUNCTION_NOT_YET_SUPPORTED, EUNSUPPORTED_AGGREGATOR_SNAPSHOT_TYPE,
        EUNSUPPORTED_AGGREGATOR_TYPE,
    };
    let Some(mut vm) = framework_vm() else { return };
    let f = |name: &str| format!("0x1::aggregator_v2::{name}");
    let out = call(
        &mut vm,
        &f("create_aggregator"),
        &["u64"],
        &[MoveValue::U64(10)],
    );
    assert_eq!(out, [agg(0, 10)]);
    let out = call(&mut vm, &f("create_unbounded_aggregator"), &["u128"], &[]);
    let max = MoveValue::Struct(vec![MoveValue::U128(0), MoveValue::U128(u128::MAX)]);
    assert_eq!(out, [max]);
    // `try_add` and `try_sub` change the value only within [0, max_value].
    assert_eq!(
        agg_op(&mut vm, "try_add", agg(0, 10), 7),
        (MoveValue::Bool(true), agg(7, 10))
    );
    assert_eq!(
        agg_op(&mut vm, "try_add", agg(7, 10), 4),
        (MoveValue::Bool(false), agg(7, 10))
    );
    assert_eq!(
        agg_op(&mut vm, "try_add", agg(7, 10), 3),
        (MoveValue::Bool(true), agg(10, 10))
    );
    assert_eq!(
        agg_op(&mut vm, "try_sub", agg(7, 10), 8),
        (MoveValue::Bool(false), agg(7, 10))
    );
    assert_eq!(
        agg_op(&mut vm, "try_sub", agg(7, 10), 7),
        (MoveValue::Bool(true), agg(0, 10))
    );
    // `is_at_least_impl` only compares.
    assert_eq!(
        agg_op(&mut vm, "is_at_least_impl", agg(7, 10), 7).0,
        MoveValue::Bool(true)
    );
    assert_eq!(
        agg_op(&mut vm, "is_at_least_impl", agg(7, 10), 8).0,
        MoveValue::Bool(false)
    );
    // The Move wrappers abort: out_of_range(EAGGREGATOR_OVERFLOW / UNDERFLOW).
    let add = [agg(7, 10), MoveValue::U64(4)];
    assert_eq!(aborts(&mut vm, &f("add"), &["u64"], &add), 0x2_0001);
    let sub = [agg(7, 10), MoveValue::U64(8)];
    assert_eq!(aborts(&mut vm, &f("sub"), &["u64"], &sub), 0x2_0002);
    assert_eq!(
        call(&mut vm, &f("read"), &["u64"], &[agg(7, 10)]),
        [MoveValue::U64(7)]
    );
    // A value above its bound is an invariant violation.
    let err = vm
        .call(&f("read"), &[ty("u64")], &[agg(11, 10)])
        .unwrap_err();
    assert_eq!(
        err.status(),
        StatusCode::UNKNOWN_INVARIANT_VIOLATION_ERROR,
        "{err}"
    );
    // Only u64 and u128.
    let one = [MoveValue::U8(1)];
    assert_eq!(
        aborts(&mut vm, &f("create_aggregator"), &["u8"], &one),
        EUNSUPPORTED_AGGREGATOR_TYPE
    );
    assert_eq!(
        aborts(&mut vm, &f("create_snapshot"), &["u8"], &one),
        EUNSUPPORTED_AGGREGATOR_SNAPSHOT_TYPE
    );
    // Snapshots.
    let snap = |v: u64| MoveValue::Struct(vec![MoveValue::U64(v)]);
    assert_eq!(
        call(&mut vm, &f("snapshot"), &["u64"], &[agg(7, 10)]),
        [snap(7)]
    );
    assert_eq!(
        call(
            &mut vm,
            &f("create_snapshot"),
            &["u64"],
            &[MoveValue::U64(5)]
        ),
        [snap(5)]
    );
    assert_eq!(
        call(&mut vm, &f("read_snapshot"), &["u64"], &[snap(9)]),
        [MoveValue::U64(9)]
    );
    assert_eq!(
        aborts(&mut vm, &f("copy_snapshot"), &["u64"], &[snap(9)]),
        EAGGREGATOR_FUNCTION_NOT_YET_SUPPORTED
    );
}

#[test]
fn derived_strings_are_padded_to_the_width_aptos_reserves() {
    use tern_natives::aptos_framework::EINPUT_STRING_LENGTH_TOO_LARGE;
    let Some(mut vm) = framework_vm() else { return };
    let f = |name: &str| format!("0x1::aggregator_v2::{name}");
    let derived = |s: &str, padding: usize| {
        MoveValue::Struct(vec![utf8(s), MoveValue::bytes(vec![0; padding])])
    };
    // A constant string: wide enough for itself or for a u64's 20 digits, each with a
    // length byte (22 bytes in all for a short one).
    let out = vm
        .call(&f("create_derived_string"), &[], &[utf8("abc")])
        .unwrap();
    assert_eq!(out.values, [derived("abc", 17)]);
    assert_eq!(out.return_bytes[0].len(), 22);
    // A snapshot's value between two strings: room for the widest u64 (20 digits).
    let snap = MoveValue::Struct(vec![MoveValue::U64(7)]);
    let args = [utf8("before "), snap, utf8(" after")];
    let out = vm
        .call(&f("derive_string_concat"), &[ty("u64")], &args)
        .unwrap();
    assert_eq!(out.values, [derived("before 7 after", 19)]);
    // The length byte, 13 + 20 bytes of text at most, the padding's length byte.
    assert_eq!(out.return_bytes[0].len(), 1 + 13 + 20 + 1);
    let out = call(
        &mut vm,
        &f("read_derived_string"),
        &[],
        &[derived("xyz", 3)],
    );
    assert_eq!(out, [utf8("xyz")]);
    // Inputs longer than 1024 bytes.
    let long = utf8(&"x".repeat(1025));
    assert_eq!(
        aborts(&mut vm, &f("create_derived_string"), &[], &[long]),
        EINPUT_STRING_LENGTH_TOO_LARGE
    );
}

#[test]
fn permissioned_signers_carry_a_permission_address() {
    use tern_natives::aptos_framework::{
        FeatureFlags, ENOT_PERMISSIONED_SIGNER, EPERMISSION_SIGNER_DISABLED,
    };
    let Some(mut vm) = framework_vm() else { return };
    let master = [MoveValue::Signer(addr(0xA11CE))];
    let f = |name: &str| format!("0x1::permissioned_signer::{name}");
    assert_eq!(
        call(&mut vm, &f("is_permissioned_signer_impl"), &[], &master),
        [MoveValue::Bool(false)]
    );
    assert_eq!(
        aborts(&mut vm, &f("permission_address"), &[], &master),
        ENOT_PERMISSIONED_SIGNER
    );
    // A permissioned signer's address is its master's.
    let both = [
        MoveValue::Address(addr(0xA11CE)),
        MoveValue::Address(addr(0xBEEF)),
    ];
    let out = call(
        &mut vm,
        &f("signer_from_permissioned_handle_impl"),
        &[],
        &both,
    );
    assert_eq!(out, [MoveValue::Signer(addr(0xA11CE))]);
    // With the feature off (the host's flags), each native aborts.
    let mut s = session(&vm);
    s.extensions_mut().insert(FeatureFlags::new([]));
    let err = run(
        &mut s,
        "permissioned_signer",
        "is_permissioned_signer_impl",
        &[],
        &master,
    )
    .unwrap_err();
    assert_eq!(err.sub_status(), Some(EPERMISSION_SIGNER_DISABLED), "{err}");
}
