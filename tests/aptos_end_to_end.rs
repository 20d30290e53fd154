//! The real Aptos framework end to end on an [`AptosChain`]: the minimal initialization
//! (chain id, clock, feature flags, APT and its fungible-asset metadata), two accounts and an
//! APT transfer between their primary fungible stores, and the framework's data structures
//! (`simple_map`, `smart_table`, `big_ordered_map`), `string_utils::format*`, objects and
//! events, each checked against the result Aptos gives. Every call is a transaction of its
//! own, so values that live in tables (the coin-to-asset pairing, smart-table buckets,
//! big-ordered-map nodes) are read back in later transactions. Needs
//! `../shared/corpus/aptos-framework`; prints a skip message and passes without it.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod aptos_common;

use aptos_common::{corpus, ty};
use tern::{AccountAddress, AptosChain, ChainOptions, MoveValue, RunOutput, StatusCode, Vm};
use tern_natives::aptos_framework::derived_object_address;

const APT: &str = "0x1::aptos_coin::AptosCoin";
const METADATA: &str = "0x1::fungible_asset::Metadata";

/// A chain initialized with `options`; `None` without the corpus.
fn chain_with(options: &ChainOptions) -> Option<AptosChain> {
    let vm = Vm::with_aptos_framework(&corpus()?).expect("the framework publishes");
    Some(AptosChain::initialize(vm, options).expect("the chain initializes"))
}

/// A chain initialized with the defaults; `None` without the corpus.
fn chain() -> Option<AptosChain> {
    chain_with(&ChainOptions::default())
}

/// Runs `function` as a transaction; it must succeed.
fn exec(chain: &mut AptosChain, function: &str, tys: &[&str], args: &[MoveValue]) -> RunOutput {
    let tys: Vec<_> = tys.iter().map(|t| ty(t)).collect();
    chain
        .execute(function, &tys, args)
        .unwrap_or_else(|e| panic!("{function}: {e}"))
}

/// The values `function` returns.
fn values(
    chain: &mut AptosChain,
    function: &str,
    tys: &[&str],
    args: &[MoveValue],
) -> Vec<MoveValue> {
    exec(chain, function, tys, args).values
}

/// The abort code `function` fails with.
fn abort_code(chain: &mut AptosChain, function: &str, tys: &[&str], args: &[MoveValue]) -> u64 {
    let tys: Vec<_> = tys.iter().map(|t| ty(t)).collect();
    let err = chain.execute(function, &tys, args).unwrap_err();
    assert_eq!(err.status(), StatusCode::ABORTED, "{function}: {err}");
    err.sub_status().unwrap()
}

/// The final value of the one `&mut` argument of a run.
fn updated(out: RunOutput) -> MoveValue {
    let [(_, v)] = <[_; 1]>::try_from(out.mutable_input_values).unwrap();
    v
}

fn addr(x: u64) -> AccountAddress {
    AccountAddress::from_u64(x)
}

fn u64s(xs: impl IntoIterator<Item = u64>) -> MoveValue {
    MoveValue::Vector(xs.into_iter().map(MoveValue::U64).collect())
}

fn string(s: &str) -> MoveValue {
    MoveValue::Struct(vec![MoveValue::bytes(s)])
}

/// An `Object<T>` at `a`.
fn object(a: AccountAddress) -> MoveValue {
    MoveValue::Struct(vec![MoveValue::Address(a)])
}

/// `option::some(v)` (`Option` is an enum in this framework).
fn some(v: MoveValue) -> MoveValue {
    MoveValue::Variant(1, vec![v])
}

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

/// The event line of a `fungible_asset::Withdraw` or `Deposit` (`store`, `amount`).
fn fa_event(kind: &str, store: AccountAddress, amount: u64) -> String {
    let data = [&store.into_bytes()[..], &amount.to_le_bytes()].concat();
    format!("0x1::fungible_asset::{kind} 0x{}", hex(&data))
}

#[test]
fn initialization_sets_chain_id_clock_features_and_apt_metadata() {
    let Some(mut chain) = chain() else { return };
    assert_eq!(
        values(&mut chain, "0x1::chain_id::get", &[], &[]),
        [MoveValue::U8(4)]
    );
    assert_eq!(
        values(&mut chain, "0x1::timestamp::now_microseconds", &[], &[]),
        [MoveValue::U64(1_000_000)]
    );
    // Aptos's defaults: 84 (permissioned signers) on, 6 (never a default) off.
    for (flag, on) in [(84, true), (64, true), (6, false)] {
        let out = values(
            &mut chain,
            "0x1::features::is_enabled",
            &[],
            &[MoveValue::U64(flag)],
        );
        assert_eq!(out, [MoveValue::Bool(on)], "feature {flag}");
    }
    // APT's fungible asset at 0xA, paired with the coin (a table entry written by an
    // earlier transaction).
    assert_eq!(
        values(&mut chain, "0x1::coin::paired_metadata", &[APT], &[]),
        [some(object(addr(0xA)))]
    );
    let meta = [object(addr(0xA))];
    let name = values(&mut chain, "0x1::fungible_asset::name", &[METADATA], &meta);
    assert_eq!(name, [string("Aptos Coin")]);
    let symbol = values(
        &mut chain,
        "0x1::fungible_asset::symbol",
        &[METADATA],
        &meta,
    );
    assert_eq!(symbol, [string("APT")]);
    let decimals = values(
        &mut chain,
        "0x1::fungible_asset::decimals",
        &[METADATA],
        &meta,
    );
    assert_eq!(decimals, [MoveValue::U8(8)]);
    assert_eq!(
        values(&mut chain, "0x1::coin::supply", &[APT], &[]),
        [some(MoveValue::U128(0))]
    );
}

#[test]
fn options_choose_the_chain_id_time_and_features() {
    let mut features = ChainOptions::default().features;
    features.retain(|f| *f != 84);
    let options = ChainOptions {
        chain_id: 27,
        timestamp_usecs: 5_000_000,
        features,
    };
    let Some(mut chain) = chain_with(&options) else {
        return;
    };
    assert_eq!(
        values(&mut chain, "0x1::chain_id::get", &[], &[]),
        [MoveValue::U8(27)]
    );
    assert_eq!(
        values(&mut chain, "0x1::timestamp::now_seconds", &[], &[]),
        [MoveValue::U64(5)]
    );
    // The clock only moves forward.
    chain.set_time(6_000_000).unwrap();
    let err = chain.set_time(6_000_000).unwrap_err();
    assert_eq!(err.sub_status(), Some(0x1_0002), "{err}"); // invalid_argument(EINVALID_TIMESTAMP)
                                                           // Natives see the chain's flags: with `PERMISSIONED_SIGNER` off, the Move API says
                                                           // "not permissioned" and the native itself aborts with EPERMISSION_SIGNER_DISABLED.
    let alice = [MoveValue::Signer(addr(0xA11CE))];
    let out = values(
        &mut chain,
        "0x1::permissioned_signer::is_permissioned_signer",
        &[],
        &alice,
    );
    assert_eq!(out, [MoveValue::Bool(false)]);
    let code = abort_code(
        &mut chain,
        "0x1::permissioned_signer::is_permissioned_signer_impl",
        &[],
        &alice,
    );
    assert_eq!(code, 9);
}

#[test]
fn apt_moves_between_two_accounts_through_primary_fungible_stores() {
    let Some(mut chain) = chain() else { return };
    let (alice, bob) = (addr(0xA11CE), addr(0xB0B));
    chain.create_account(alice).unwrap();
    chain.create_account(bob).unwrap();
    for who in [alice, bob] {
        let exists = values(
            &mut chain,
            "0x1::account::exists_at",
            &[],
            &[MoveValue::Address(who)],
        );
        assert_eq!(exists, [MoveValue::Bool(true)]);
    }
    chain.mint_apt(alice, 1_000).unwrap();
    assert_eq!(chain.apt_balance(alice).unwrap(), 1_000);
    assert_eq!(chain.apt_balance(bob).unwrap(), 0);

    // The transfer withdraws from Alice's primary store and deposits into Bob's: the
    // stores are the objects derived from each owner and APT's metadata.
    let out = chain.transfer_apt(alice, bob, 300).unwrap();
    let store = |owner| derived_object_address(owner, addr(0xA));
    assert_eq!(
        out.events,
        [
            fa_event("Withdraw", store(alice), 300),
            fa_event("Deposit", store(bob), 300),
        ]
    );
    assert_eq!(chain.apt_balance(alice).unwrap(), 700);
    assert_eq!(chain.apt_balance(bob).unwrap(), 300);
    for (who, want) in [(alice, 700), (bob, 300)] {
        let balance = values(
            &mut chain,
            "0x1::primary_fungible_store::balance",
            &[METADATA],
            &[MoveValue::Address(who), object(addr(0xA))],
        );
        assert_eq!(balance, [MoveValue::U64(want)]);
    }
    // The supply counts what was minted (APT's coin supply is a v1 aggregator).
    assert_eq!(
        values(&mut chain, "0x1::coin::supply", &[APT], &[]),
        [some(MoveValue::U128(1_000))]
    );

    // More than the balance: `fungible_asset`'s EINSUFFICIENT_BALANCE
    // (invalid_argument(4)), and nothing moves.
    let args = [
        MoveValue::Signer(alice),
        MoveValue::Address(bob),
        MoveValue::U64(701),
    ];
    let code = abort_code(&mut chain, "0x1::aptos_account::transfer", &[], &args);
    assert_eq!(code, 0x1_0004);
    assert_eq!(chain.apt_balance(alice).unwrap(), 700);
    assert_eq!(chain.apt_balance(bob).unwrap(), 300);

    // A transfer to an address without an account creates it.
    let carol = addr(0xCA201);
    chain.transfer_apt(bob, carol, 50).unwrap();
    assert_eq!(chain.apt_balance(carol).unwrap(), 50);
    assert_eq!(chain.apt_balance(bob).unwrap(), 250);
}

#[test]
fn simple_map_adds_finds_and_refuses_duplicates() {
    let Some(mut chain) = chain() else { return };
    let tys = ["u64", "u64"];
    let [map] = <[_; 1]>::try_from(values(
        &mut chain,
        "0x1::simple_map::new_from",
        &tys,
        &[u64s([1, 2]), u64s([10, 20])],
    ))
    .unwrap();
    let add = [map, MoveValue::U64(3), MoveValue::U64(30)];
    let map = updated(exec(&mut chain, "0x1::simple_map::add", &tys, &add));
    let get = |chain: &mut AptosChain, f: &str, k: u64| {
        values(chain, f, &tys, &[map.clone(), MoveValue::U64(k)])
    };
    assert_eq!(
        get(&mut chain, "0x1::simple_map::borrow", 3),
        [MoveValue::U64(30)]
    );
    assert_eq!(
        get(&mut chain, "0x1::simple_map::contains_key", 2),
        [MoveValue::Bool(true)]
    );
    assert_eq!(
        get(&mut chain, "0x1::simple_map::contains_key", 4),
        [MoveValue::Bool(false)]
    );
    assert_eq!(
        values(
            &mut chain,
            "0x1::simple_map::length",
            &tys,
            std::slice::from_ref(&map)
        ),
        [MoveValue::U64(3)]
    );
    // A key already there: EKEY_ALREADY_EXISTS (invalid_argument(1)).
    let dup = [map.clone(), MoveValue::U64(1), MoveValue::U64(0)];
    assert_eq!(
        abort_code(&mut chain, "0x1::simple_map::add", &tys, &dup),
        0x1_0001
    );
}

#[test]
fn smart_table_keeps_its_buckets_between_transactions() {
    let Some(mut chain) = chain() else { return };
    let tys = ["u64", "u64"];
    let [table] =
        <[_; 1]>::try_from(values(&mut chain, "0x1::smart_table::new", &tys, &[])).unwrap();
    // 200 entries in two transactions: the buckets split, and live in table entries.
    let add = [table, u64s(0..100), u64s((0..100).map(|k| k * 10))];
    let table = updated(exec(&mut chain, "0x1::smart_table::add_all", &tys, &add));
    let add = [table, u64s(100..200), u64s((100..200).map(|k| k * 10))];
    let table = updated(exec(&mut chain, "0x1::smart_table::add_all", &tys, &add));
    assert_eq!(
        values(
            &mut chain,
            "0x1::smart_table::length",
            &tys,
            std::slice::from_ref(&table)
        ),
        [MoveValue::U64(200)]
    );
    for k in [0, 57, 199] {
        let out = values(
            &mut chain,
            "0x1::smart_table::borrow",
            &tys,
            &[table.clone(), MoveValue::U64(k)],
        );
        assert_eq!(out, [MoveValue::U64(k * 10)], "key {k}");
    }
    let out = values(
        &mut chain,
        "0x1::smart_table::contains",
        &tys,
        &[table.clone(), MoveValue::U64(200)],
    );
    assert_eq!(out, [MoveValue::Bool(false)]);
    let buckets = values(
        &mut chain,
        "0x1::smart_table::num_buckets",
        &tys,
        std::slice::from_ref(&table),
    );
    assert!(
        matches!(buckets.as_slice(), [MoveValue::U64(n)] if *n > 1),
        "{buckets:?}"
    );
}

#[test]
fn big_ordered_map_keeps_its_nodes_between_transactions() {
    let Some(mut chain) = chain() else { return };
    let tys = ["u64", "u64"];
    // Small nodes, so that 50 entries need many of them (each a table entry).
    let config = [MoveValue::U16(4), MoveValue::U16(4), MoveValue::Bool(false)];
    let [map] = <[_; 1]>::try_from(values(
        &mut chain,
        "0x1::big_ordered_map::new_with_config",
        &tys,
        &config,
    ))
    .unwrap();
    // Keys added out of order, in two transactions.
    let keys: Vec<u64> = (0..50).map(|i| (i * 37) % 50).collect();
    let (first, second) = keys.split_at(25);
    let add = [
        map,
        u64s(first.iter().copied()),
        u64s(first.iter().map(|k| k + 1000)),
    ];
    let map = updated(exec(
        &mut chain,
        "0x1::big_ordered_map::add_all",
        &tys,
        &add,
    ));
    let add = [
        map,
        u64s(second.iter().copied()),
        u64s(second.iter().map(|k| k + 1000)),
    ];
    let map = updated(exec(
        &mut chain,
        "0x1::big_ordered_map::add_all",
        &tys,
        &add,
    ));
    let count = values(
        &mut chain,
        "0x1::big_ordered_map::compute_length",
        &tys,
        std::slice::from_ref(&map),
    );
    assert_eq!(count, [MoveValue::U64(50)]);
    let out = values(
        &mut chain,
        "0x1::big_ordered_map::borrow",
        &tys,
        &[map.clone(), MoveValue::U64(42)],
    );
    assert_eq!(out, [MoveValue::U64(1042)]);
    // Ordered: the keys come back sorted, the ends are the smallest and largest.
    let sorted = values(
        &mut chain,
        "0x1::big_ordered_map::keys",
        &tys,
        std::slice::from_ref(&map),
    );
    assert_eq!(sorted, [u64s(0..50)]);
    let back = values(
        &mut chain,
        "0x1::big_ordered_map::back_key",
        &tys,
        std::slice::from_ref(&map),
    );
    assert_eq!(back, [MoveValue::U64(49)]);
    let next = values(
        &mut chain,
        "0x1::big_ordered_map::next_key",
        &tys,
        &[map.clone(), MoveValue::U64(17)],
    );
    assert_eq!(next, [some(MoveValue::U64(18))]);
    // A key already there: EKEY_ALREADY_EXISTS (invalid_argument(1)).
    let dup = [map, MoveValue::U64(3), MoveValue::U64(0)];
    assert_eq!(
        abort_code(&mut chain, "0x1::big_ordered_map::add", &tys, &dup),
        0x1_0001
    );
}

#[test]
fn string_utils_formats_as_aptos_does() {
    let Some(mut chain) = chain() else { return };
    let fmt = |s: &str| MoveValue::bytes(s);
    // The framework's own examples (string_utils.move's tests).
    let out = values(
        &mut chain,
        "0x1::string_utils::format3",
        &["u64", "u64", "0x1::string::String"],
        &[
            fmt("a = {} b = {} c = {}"),
            MoveValue::U64(1),
            MoveValue::U64(2),
            string("My string"),
        ],
    );
    assert_eq!(out, [string("a = 1 b = 2 c = \"My string\"")]);
    let out = values(
        &mut chain,
        "0x1::string_utils::format3",
        &["u64", "u64", "u64"],
        &[
            fmt("{{a = {} b = {} c = {}}}"),
            MoveValue::U64(1),
            MoveValue::U64(2),
            MoveValue::U64(3),
        ],
    );
    assert_eq!(out, [string("{a = 1 b = 2 c = 3}")]);
    let out = values(
        &mut chain,
        "0x1::string_utils::format1",
        &["vector<u64>"],
        &[fmt("v = {}"), u64s([1, 2, 3])],
    );
    assert_eq!(out, [string("v = [ 1, 2, 3 ]")]);
    let out = values(
        &mut chain,
        "0x1::string_utils::format2",
        &["bool", "0x1::option::Option<u64>"],
        &[
            fmt("{} {}"),
            MoveValue::Bool(false),
            some(MoveValue::U64(1)),
        ],
    );
    assert_eq!(out, [string("false Some(1)")]);
    // Too many values: EARGS_MISMATCH (1); an unclosed brace: EINVALID_FORMAT (2).
    let four = [
        fmt("a = {} b = {} c = {}"),
        MoveValue::U64(1),
        MoveValue::U64(2),
        MoveValue::U64(3),
        MoveValue::U64(4),
    ];
    let tys4 = ["u64", "u64", "u64", "u64"];
    assert_eq!(
        abort_code(&mut chain, "0x1::string_utils::format4", &tys4, &four),
        1
    );
    let unclosed = [
        fmt("a = {} b = {} c = {"),
        MoveValue::U64(1),
        MoveValue::U64(2),
        MoveValue::U64(3),
    ];
    assert_eq!(
        abort_code(
            &mut chain,
            "0x1::string_utils::format3",
            &["u64", "u64", "u64"],
            &unclosed
        ),
        2
    );
}

#[test]
fn create_object_derives_its_address_and_a_transfer_emits_an_event() {
    let Some(mut chain) = chain() else { return };
    let (alice, bob) = (addr(0xA11CE), addr(0xB0B));
    let out = exec(
        &mut chain,
        "0x1::object::create_object",
        &[],
        &[MoveValue::Address(alice)],
    );
    // The address is the transaction's first unique address: SHA3-256 of the transaction
    // hash (its number, 32 bytes big-endian), the counter 1 (8 bytes little-endian) and
    // 0xFB.
    let mut hash = [0u8; 32];
    hash[24..].copy_from_slice(&chain.transactions().to_be_bytes());
    let want = tern_crypto::hash::sha3_256(&[&hash[..], &1u64.to_le_bytes(), &[0xFB]].concat());
    let object_addr = AccountAddress::new(want);
    // ConstructorRef { self, can_delete: true }.
    assert_eq!(
        out.values,
        [MoveValue::Struct(vec![
            MoveValue::Address(object_addr),
            MoveValue::Bool(true)
        ])]
    );
    let core = "0x1::object::ObjectCore";
    let owner = values(
        &mut chain,
        "0x1::object::owner",
        &[core],
        &[object(object_addr)],
    );
    assert_eq!(owner, [MoveValue::Address(alice)]);

    // Alice gives it to Bob: an `object::Transfer { object, from, to }` module event.
    let args = [
        MoveValue::Signer(alice),
        MoveValue::Address(object_addr),
        MoveValue::Address(bob),
    ];
    let out = exec(&mut chain, "0x1::object::transfer_call", &[], &args);
    let data = [object_addr, alice, bob].map(|a| a.into_bytes()).concat();
    assert_eq!(
        out.events,
        [format!("0x1::object::Transfer 0x{}", hex(&data))]
    );
    let owner = values(
        &mut chain,
        "0x1::object::owner",
        &[core],
        &[object(object_addr)],
    );
    assert_eq!(owner, [MoveValue::Address(bob)]);
    // Only the owner may transfer: ENOT_OBJECT_OWNER (permission_denied(4)).
    let code = abort_code(&mut chain, "0x1::object::transfer_call", &[], &args);
    assert_eq!(code, 0x5_0004);
}

#[test]
fn v1_aggregators_keep_their_values_between_transactions() {
    use tern_natives::aptos_framework::{EADD_OVERFLOW, ESUB_UNDERFLOW};
    let Some(mut chain) = chain() else { return };
    let [agg] = <[_; 1]>::try_from(values(
        &mut chain,
        "0x1::aggregator_factory::create_aggregator_internal",
        &[],
        &[],
    ))
    .unwrap();
    // Aggregator { handle, key, limit: MAX_U128 }.
    let MoveValue::Struct(fields) = &agg else {
        panic!("{agg:?}")
    };
    assert_eq!(fields.get(2), Some(&MoveValue::U128(u128::MAX)));
    let with = |agg: &MoveValue, x: u128| [agg.clone(), MoveValue::U128(x)];
    exec(&mut chain, "0x1::aggregator::add", &[], &with(&agg, 5));
    exec(&mut chain, "0x1::aggregator::add", &[], &with(&agg, 2));
    exec(&mut chain, "0x1::aggregator::sub", &[], &with(&agg, 3));
    assert_eq!(
        values(
            &mut chain,
            "0x1::aggregator::read",
            &[],
            std::slice::from_ref(&agg)
        ),
        [MoveValue::U128(4)]
    );
    assert_eq!(
        abort_code(&mut chain, "0x1::aggregator::sub", &[], &with(&agg, 5)),
        ESUB_UNDERFLOW
    );
    assert_eq!(
        abort_code(
            &mut chain,
            "0x1::aggregator::add",
            &[],
            &with(&agg, u128::MAX)
        ),
        EADD_OVERFLOW
    );
    // The failed transactions changed nothing.
    assert_eq!(
        values(
            &mut chain,
            "0x1::aggregator::read",
            &[],
            std::slice::from_ref(&agg)
        ),
        [MoveValue::U128(4)]
    );
}

/// A transaction's table writes come back in its output (`RunOutput::table_changes`), each
/// entry as it is after the transaction; a failed transaction changes no table.
#[test]
fn table_changes_are_in_each_transactions_output() {
    let Some(mut chain) = chain() else { return };
    let tys = ["u64", "u64"];
    let [table] = <[_; 1]>::try_from(values(&mut chain, "0x1::table::new", &tys, &[])).unwrap();
    let handle = match &table {
        MoveValue::Struct(fields) => match fields.first() {
            Some(MoveValue::Address(a)) => *a,
            other => panic!("table handle: {other:?}"),
        },
        other => panic!("table: {other:?}"),
    };
    let key = |k: u64| k.to_le_bytes().to_vec();
    let change = |k: u64, v: Option<u64>| tern::TableChange {
        handle,
        key: key(k),
        value: v.map(|v| v.to_le_bytes().to_vec()),
    };
    let add = exec(
        &mut chain,
        "0x1::table::add",
        &tys,
        &[table, MoveValue::U64(1), MoveValue::U64(10)],
    );
    assert_eq!(add.table_changes, vec![change(1, Some(10))]);
    let table = updated(add);
    let upsert = exec(
        &mut chain,
        "0x1::table::upsert",
        &tys,
        &[table, MoveValue::U64(1), MoveValue::U64(11)],
    );
    assert_eq!(upsert.table_changes, vec![change(1, Some(11))]);
    let table = updated(upsert);
    // Adding the key again aborts (the native's `ALREADY_EXISTS`, `(100 << 8) + 7`): the
    // transaction fails and no table changes.
    let dup = [table.clone(), MoveValue::U64(1), MoveValue::U64(12)];
    assert_eq!(
        abort_code(&mut chain, "0x1::table::add", &tys, &dup),
        (100 << 8) + 7
    );
    let remove = exec(
        &mut chain,
        "0x1::table::remove",
        &tys,
        &[table, MoveValue::U64(1)],
    );
    assert_eq!(remove.values, vec![MoveValue::U64(11)]);
    assert_eq!(remove.table_changes, vec![change(1, None)]);
}

/// A module that writes through `storage_slot::borrow_mut`.
const SLOTS: &str = "module 0x42::slots
use 0x1::storage_slot

public fun bump(s: &mut storage_slot::StorageSlot<u64>)
    local r: &mut u64
    move_loc s
    call storage_slot::borrow_mut<u64>
    st_loc r
    copy_loc r
    read_ref
    ld_u64 1
    add
    move_loc r
    write_ref
    ret
";

/// `storage_slot` keeps a value in its own resource: `new` stores it, `borrow` and
/// `borrow_mut` reach it through the natives (a reference into global storage), a write
/// through `borrow_mut` is committed, `destroy` takes it back; a slot whose resource is not
/// stored aborts with `ESTORAGE_SLOT_NOT_FOUND` (2).
#[test]
fn storage_slots_borrow_their_resource_from_global_storage() {
    let Some(mut chain) = chain() else { return };
    chain.vm_mut().publish_masm(SLOTS).expect("slots publishes");
    let tys = ["u64"];
    let [slot] = <[_; 1]>::try_from(values(
        &mut chain,
        "0x1::storage_slot::new",
        &tys,
        &[MoveValue::U64(5)],
    ))
    .unwrap();
    let borrowed = values(
        &mut chain,
        "0x1::storage_slot::borrow",
        &tys,
        std::slice::from_ref(&slot),
    );
    assert_eq!(borrowed, [MoveValue::U64(5)]);
    let bumped = exec(
        &mut chain,
        "0x42::slots::bump",
        &[],
        std::slice::from_ref(&slot),
    );
    let written: Vec<String> = bumped
        .changes
        .resources
        .keys()
        .map(|(_, tag)| tag.to_string())
        .collect();
    assert_eq!(
        written,
        ["0x1::storage_slot::StorageSlotResource<u64>"],
        "the write through borrow_mut is committed"
    );
    let slot = updated(bumped);
    let borrowed = values(
        &mut chain,
        "0x1::storage_slot::borrow",
        &tys,
        std::slice::from_ref(&slot),
    );
    assert_eq!(borrowed, [MoveValue::U64(6)]);
    let taken = values(
        &mut chain,
        "0x1::storage_slot::destroy",
        &tys,
        std::slice::from_ref(&slot),
    );
    assert_eq!(taken, [MoveValue::U64(6)]);
    assert_eq!(
        abort_code(&mut chain, "0x1::storage_slot::borrow", &tys, &[slot]),
        2
    );
}

/// `reflect::resolve` makes a function value of a public function whose signature fits the
/// expected function type (type arguments inferred), and says why it cannot otherwise, in
/// `ReflectionError`'s order.
#[test]
fn reflection_resolves_public_functions_by_name() {
    let Some(mut chain) = chain() else { return };
    let fun = |args: &[&str], results: &[&str]| {
        tern::TypeTag::Function(Box::new(tern_primitives::FunctionTag {
            args: args.iter().map(|t| ty(t)).collect(),
            results: results.iter().map(|t| ty(t)).collect(),
            abilities: tern_primitives::AbilitySet::EMPTY,
        }))
    };
    let mut resolve = |expected: tern::TypeTag, module: &str, function: &str| {
        let args = [
            MoveValue::Address(AccountAddress::ONE),
            string(module),
            string(function),
        ];
        chain
            .execute("0x1::reflect::resolve", &[expected], &args)
            .unwrap_or_else(|e| panic!("{module}::{function}: {e}"))
            .values
    };
    let err = |code: u16| {
        vec![MoveValue::Variant(
            1,
            vec![MoveValue::Variant(code, vec![])],
        )]
    };
    let u64_u64 = || fun(&["u64"], &["u64"]);
    // `Ok` of a function value: BCS, as a function value does not read back as a
    // `MoveValue`; variant 0, then the closure naming its function.
    let ok = |values: Vec<MoveValue>, module: &str, function: &str| match values.as_slice() {
        [MoveValue::Bcs(b)] => {
            let names = [module.as_bytes(), function.as_bytes()];
            b.first() == Some(&0) && names.iter().all(|n| b.windows(n.len()).any(|w| w == *n))
        }
        _ => false,
    };
    assert!(ok(resolve(u64_u64(), "math64", "sqrt"), "math64", "sqrt"));
    // A generic function, its type argument inferred from the expected type.
    let singleton = resolve(fun(&["u64"], &["vector<u64>"]), "vector", "singleton");
    assert!(ok(singleton, "vector", "singleton"));
    assert_eq!(resolve(u64_u64(), "math64", "no such"), err(0));
    assert_eq!(resolve(u64_u64(), "math64", "nope"), err(1));
    assert_eq!(resolve(u64_u64(), "nowhere", "sqrt"), err(1));
    assert_eq!(resolve(u64_u64(), "string", "internal_sub_string"), err(2));
    assert_eq!(resolve(fun(&["u8"], &["u64"]), "math64", "sqrt"), err(3));
    let type_info = fun(&[], &["0x1::type_info::TypeInfo"]);
    assert_eq!(resolve(type_info, "type_info", "type_of"), err(4));
}
