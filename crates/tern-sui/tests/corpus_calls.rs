//! Public functions of user packages published on Sui mainnet (`corpus/sui-mainnet`), run
//! through `SuiChain::call` after installing each package with its dependencies. Every
//! expected value was worked out from the function's bytecode (`tern disasm --flavor sui`),
//! as the comment beside it says.

#![allow(clippy::unwrap_used, clippy::panic)] // test code: a failed unwrap is a failed test

use std::path::Path;
use tern_primitives::{AccountAddress, Identifier, StructTag, TypeTag};
use tern_sui::{
    corpus, CallArg, FailureKind, MoveCall, Object, ObjectId, Owner, SuiChain, Transaction,
    TransactionEffects, TxDigest,
};

const ALICE: AccountAddress = AccountAddress::from_u64(0xa11ce);
const BOB: AccountAddress = AccountAddress::from_u64(0xb0b);

/// Integer math library (i32/i64/i128, full_math).
const MATH: &str = "0x0004e706dcaab822e4b2e753b855ffcaa0916989868fd5429b58e47591dfb3be";
/// ASCII checks.
const ASCII: &str = "0x9c11913b6be956a7020cb9e120f03f396e52c3b766164c6163569ac9d7fabe06";
/// LayerZero `call` / `call_cap` (enums).
const LZ_CALL: &str = "0x28de9e8e087a6347001907fb698fdf8ab0467b342229b74b19264067aebc4ae9";
/// LayerZero utils (dependency of `LZ_CALL`).
const LZ_UTILS: &str = "0x00245ba36f7a1cc643a2b037450dff1e4399e18069c6545fb5fcaaf37d39d7dc";
/// LayerZero `ptb_move_call` (`Argument` enum).
const LZ_PTB: &str = "0xc44d4a8623333b1a1d1397d23da4f12298b5763390f245dc7acba2ad98fbc2be";
/// Pyth Lazer verifier (`Channel` enum).
const LAZER: &str = "0x7b502c8a7bcb3915892347f11086745570e759fe9708d03c03accf4c90bbf580";
/// Bonding-curve launchpad (u256 curves).
const HYDRO: &str = "0x0a09f1a1d4930f10bf96a02cac1ac5cfa122ab8912cc6a940f3aba7b24f3e8aa";
/// NFTree rewards, version 2 (an upgrade of `NFTREE_V1`).
const NFTREE_V2: &str = "0x01027390c1d969d5d61f6c1af3d5bfc7a623c3801b93290e2e998b5ef3703094";
/// NFTree rewards, version 1.
const NFTREE_V1: &str = "0x2e0029466734d5baca6ee6dae6e9ae08b0c44c4ec3d0d0f93b0ccccf2ada290e";
/// Seal access policy `private_data`.
const SEAL_POLICY: &str = "0xa1af509f67238e9efb9ba75dbbe08c2ac81d3281a9d479419317d1b70c157192";
/// Shared counter.
const COUNTER: &str = "0x4107c8e18a4f6c24d0283033ad4e7d938b1e0e98c6fd4be5b15b904d821e3377";
/// "Last object id" utility.
const LAST_ID: &str = "0x9fb0d6b075b6cf91177c03e3de7f67bdf611dcc747dff6d498cd498b347db798";

fn id(text: &str) -> ObjectId {
    AccountAddress::from_hex_literal(text).unwrap()
}

/// A framework chain with `packages` (and their dependencies) installed from the corpus.
fn chain_with(packages: &[&str]) -> SuiChain {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/sui-mainnet");
    let manifest = corpus::load_manifest(&dir).unwrap();
    let mut chain = SuiChain::with_framework().unwrap();
    for p in packages {
        manifest
            .install_with_dependencies(&mut chain, id(p))
            .unwrap();
    }
    chain
}

/// Runs `call` from Alice; panics with the failure if it does not succeed.
fn run(chain: &mut SuiChain, call: &MoveCall) -> TransactionEffects {
    run_as(chain, ALICE, call)
}

fn run_as(chain: &mut SuiChain, sender: AccountAddress, call: &MoveCall) -> TransactionEffects {
    chain
        .call(&Transaction::new(sender), call)
        .unwrap_or_else(|e| panic!("{}::{}: {e}", call.module, call.function))
}

/// The BCS bytes of each return value.
fn returns(effects: &TransactionEffects) -> Vec<Vec<u8>> {
    effects
        .return_values
        .iter()
        .map(|(_, b)| b.clone())
        .collect()
}

/// The one return value's bytes.
fn ret(chain: &mut SuiChain, call: &MoveCall) -> Vec<u8> {
    let effects = run(chain, call);
    assert_eq!(effects.return_values.len(), 1, "{}", call.function);
    effects.return_values[0].1.clone()
}

/// `pkg::module::function` with pure arguments (BCS bytes).
fn call(pkg: &str, module: &str, function: &str, args: &[Vec<u8>]) -> MoveCall {
    args.iter()
        .fold(MoveCall::new(id(pkg), module, function), |c, a| {
            c.arg(CallArg::Pure(a.clone()))
        })
}

/// BCS of a `vector<u8>` (or a UTF-8 `String`) shorter than 128 bytes.
fn bytes(b: &[u8]) -> Vec<u8> {
    let mut out = vec![u8::try_from(b.len()).unwrap()];
    assert!(out[0] < 128);
    out.extend_from_slice(b);
    out
}

fn u64s(values: &[u64]) -> Vec<Vec<u8>> {
    values.iter().map(|v| v.to_le_bytes().to_vec()).collect()
}

fn struct_tag(address: ObjectId, module: &str, name: &str) -> StructTag {
    StructTag {
        address,
        module: Identifier::new(module).unwrap(),
        name: Identifier::new(name).unwrap(),
        type_args: vec![],
    }
}

/// The abort code of a failed call (and that it aborted in `module`).
fn abort_code(chain: &mut SuiChain, call: &MoveCall) -> u64 {
    let err = chain.call(&Transaction::new(ALICE), call).unwrap_err();
    match err.execution().map(|e| &e.kind) {
        Some(FailureKind::MoveAbort {
            code,
            location: Some(at),
        }) => {
            assert_eq!(at.module.name.as_str(), call.module, "{err}");
            *code
        }
        _ => panic!("not an abort: {err}"),
    }
}

// ---------------------------------------------------------------------------------------
// 0x0004e706: integer math.
// ---------------------------------------------------------------------------------------

#[test]
fn full_math_u64_widens_to_u128_before_dividing() {
    let mut chain = chain_with(&[MATH]);
    let m = u64::MAX;
    // mul_div_floor: ((a as u128) * (b as u128) / (c as u128)) as u64. MAX*MAX overflows u64
    // but not u128, and dividing by MAX gives MAX back.
    let floor = call(MATH, "full_math_u64", "mul_div_floor", &u64s(&[m, m, m]));
    assert_eq!(ret(&mut chain, &floor), m.to_le_bytes());
    // 7*10 = 70: floor 70/3 = 23; ceil adds c-1 first: 72/3 = 24; round adds c>>1 = 1:
    // 71/3 = 23.
    let expect = [
        ("mul_div_floor", 23u64),
        ("mul_div_ceil", 24),
        ("mul_div_round", 23),
    ];
    for (function, want) in expect {
        let c = call(MATH, "full_math_u64", function, &u64s(&[7, 10, 3]));
        assert_eq!(ret(&mut chain, &c), want.to_le_bytes(), "{function}");
    }
    // full_math_u128::full_mul: (a as u256) * (b as u256); (2^128-1)^2 = 2^256 - 2^129 + 1,
    // whose little-endian bytes are 01, fifteen 00, fe, then fifteen ff.
    let max = u128::MAX.to_le_bytes().to_vec();
    let full = call(MATH, "full_math_u128", "full_mul", &[max.clone(), max]);
    let mut want = vec![1u8];
    want.extend([0u8; 15]);
    want.push(0xfe);
    want.extend([0xffu8; 15]);
    assert_eq!(ret(&mut chain, &full), want);
}

#[test]
fn math_u64_overflowing_add_returns_the_wrapped_sum_and_the_carry() {
    let mut chain = chain_with(&[MATH]);
    // overflowing_add: the u128 sum MAX+2 exceeds MAX, so (sum & MAX, true) = (1, true).
    let add = call(MATH, "math_u64", "overflowing_add", &u64s(&[u64::MAX, 2]));
    let effects = run(&mut chain, &add);
    assert_eq!(effects.return_values[0].0, TypeTag::U64);
    assert_eq!(effects.return_values[1].0, TypeTag::Bool);
    assert_eq!(
        returns(&effects),
        vec![1u64.to_le_bytes().to_vec(), vec![1]]
    );
    // wrapping_sub: 1 < 2 takes the borrow branch, (MAX - 2) + 1 + 1 = MAX.
    let sub = call(MATH, "math_u64", "wrapping_sub", &u64s(&[1, 2]));
    assert_eq!(ret(&mut chain, &sub), u64::MAX.to_le_bytes());
    // add_check(a, b) is MAX - a >= b: MAX - (MAX-1) = 1 >= 1 holds, >= 2 does not.
    let ok = call(MATH, "math_u64", "add_check", &u64s(&[u64::MAX - 1, 1]));
    assert_eq!(ret(&mut chain, &ok), [1]);
    let over = call(MATH, "math_u64", "add_check", &u64s(&[u64::MAX - 1, 2]));
    assert_eq!(ret(&mut chain, &over), [0]);
}

#[test]
fn math_u256_div_round_rounds_up_only_inexact_quotients() {
    let mut chain = chain_with(&[MATH]);
    let u256 = |v: u64| {
        let mut b = v.to_le_bytes().to_vec();
        b.resize(32, 0);
        b
    };
    // div_round(a, b, up): q = a / b, plus one when `up` and q * b != a.
    for (a, b, up, want) in [(7, 2, true, 4), (8, 2, true, 4), (7, 2, false, 3)] {
        let c = call(
            MATH,
            "math_u256",
            "div_round",
            &[u256(a), u256(b), vec![up.into()]],
        );
        assert_eq!(ret(&mut chain, &c), u256(want), "{a}/{b} {up}");
    }
}

#[test]
fn i64_neg_from_builds_twos_complement_bits() {
    let mut chain = chain_with(&[MATH]);
    // neg_from(5): (5 xor MAX) + 1, or'ed with the sign bit 2^63: the bits of -5, 2^64 - 5.
    let neg = call(MATH, "i64", "neg_from", &u64s(&[5]));
    assert_eq!(ret(&mut chain, &neg), (-5i64 as u64).to_le_bytes());
    // neg_from(0) takes the zero branch: I64 { bits: 0 }.
    let zero = call(MATH, "i64", "neg_from", &u64s(&[0]));
    assert_eq!(ret(&mut chain, &zero), 0u64.to_le_bytes());
    // from(2^63) fails its `v <= 2^63 - 1` check with abort code 0.
    let too_big = call(MATH, "i64", "from", &u64s(&[1 << 63]));
    assert_eq!(abort_code(&mut chain, &too_big), 0);
}

// ---------------------------------------------------------------------------------------
// 0x9c11913b: ASCII checks.
// ---------------------------------------------------------------------------------------

#[test]
fn ascii_checks_classify_bytes_by_range() {
    let mut chain = chain_with(&[ASCII]);
    let check = |chain: &mut SuiChain, function: &str, input: &[u8]| {
        ret(chain, &call(ASCII, "ascii", function, &[bytes(input)]))
    };
    // is_ascii(&String): every byte in 32..=127.
    assert_eq!(check(&mut chain, "is_ascii", b"Hello, Move~"), [1]);
    assert_eq!(check(&mut chain, "is_ascii", b"tab\there"), [0]); // 9 < 32
    assert_eq!(check(&mut chain, "is_ascii", b"del\x7f"), [1]); // 127 is allowed
                                                                // is_bytes_printable: 32..=126, so DEL (127) is refused.
    assert_eq!(check(&mut chain, "is_bytes_printable", b"del\x7f"), [0]);
    assert_eq!(check(&mut chain, "is_bytes_printable", b" ~"), [1]);
    // is_bytes_control: every byte <= 31 or == 127.
    assert_eq!(check(&mut chain, "is_bytes_control", &[0, 31, 127]), [1]);
    assert_eq!(check(&mut chain, "is_bytes_control", &[0, 32]), [0]);
    // is_bytes_extended: every byte in 128..=255; the empty vector passes vacuously.
    assert_eq!(check(&mut chain, "is_bytes_extended", &[128, 255]), [1]);
    assert_eq!(check(&mut chain, "is_bytes_extended", &[127]), [0]);
    assert_eq!(check(&mut chain, "is_bytes_extended", &[]), [1]);
}

// ---------------------------------------------------------------------------------------
// 0x28de9e8e + 0x00245ba3: LayerZero call capabilities (enum `CapType`).
// ---------------------------------------------------------------------------------------

/// Stores a `CallCap { id, cap_type }` owned by Alice, as genesis would: `cap_type` is the
/// BCS of `CapType` (`[0]` for `Individual`, `[1] ++ address` for `Package(address)`).
fn insert_call_cap(chain: &mut SuiChain, object: ObjectId, cap_type: &[u8]) {
    let mut contents = object.as_bytes().to_vec();
    contents.extend_from_slice(cap_type);
    chain.insert_object(Object {
        id: object,
        type_: struct_tag(id(LZ_CALL), "call_cap", "CallCap"),
        has_public_transfer: true,
        version: 1,
        owner: Owner::Address(ALICE),
        contents,
        previous_transaction: TxDigest::default(),
        storage_rebate: 0,
    });
}

#[test]
fn call_cap_getters_switch_on_the_cap_type_variant() {
    let mut chain = chain_with(&[LZ_CALL]);
    let individual = AccountAddress::from_u64(0xca11);
    let package_cap = AccountAddress::from_u64(0xca12);
    let oapp = AccountAddress::from_u64(0x0a99);
    insert_call_cap(&mut chain, individual, &[0]);
    let mut package_type = vec![1];
    package_type.extend_from_slice(oapp.as_bytes());
    insert_call_cap(&mut chain, package_cap, &package_type);
    let get = |chain: &mut SuiChain, function: &str, cap: ObjectId| {
        ret(
            chain,
            &MoveCall::new(id(LZ_CALL), "call_cap", function).object(cap),
        )
    };
    // id: variant_switch on CapType; Individual → the cap's own UID as an address,
    // Package(a) → a.
    assert_eq!(get(&mut chain, "id", individual), individual.as_bytes());
    assert_eq!(get(&mut chain, "id", package_cap), oapp.as_bytes());
    // package_address: Individual → none (empty vector), Package(a) → some(a).
    assert_eq!(get(&mut chain, "package_address", individual), [0]);
    let mut some = vec![1];
    some.extend_from_slice(oapp.as_bytes());
    assert_eq!(get(&mut chain, "package_address", package_cap), some);
    // is_individual / is_package compare cap_type with a freshly packed Individual.
    assert_eq!(get(&mut chain, "is_individual", individual), [1]);
    assert_eq!(get(&mut chain, "is_individual", package_cap), [0]);
    assert_eq!(get(&mut chain, "is_package", package_cap), [1]);
    // call::void packs Void { dummy_field: false }.
    assert_eq!(ret(&mut chain, &call(LZ_CALL, "call", "void", &[])), [0]);
    // A read by `&` leaves the value as it was; as on Sui, the owned input still gets a new
    // version (owned inputs are always written back).
    let before = chain.object(&package_cap).unwrap().clone();
    let effects = run(
        &mut chain,
        &MoveCall::new(id(LZ_CALL), "call_cap", "id").object(package_cap),
    );
    assert!(effects.created.is_empty());
    let after = chain.object(&package_cap).unwrap();
    assert_eq!(after.contents, before.contents);
    assert!(after.version > before.version);
}

/// `T` = `rewards::{name}` of the NFTree package, named by its version-2 id.
fn nftree_type(name: &str) -> TypeTag {
    TypeTag::Struct(Box::new(struct_tag(id(NFTREE_V2), "rewards", name)))
}

/// `package::{function}<rewards::{name}>()` of the LayerZero utils.
fn package_of(chain: &mut SuiChain, function: &str, name: &str) -> Vec<u8> {
    let c = MoveCall::new(id(LZ_UTILS), "package", function).type_arg(nftree_type(name));
    ret(chain, &c)
}

#[test]
fn package_of_type_reads_the_address_of_a_type_name() {
    let mut chain = chain_with(&[LZ_UTILS, NFTREE_V2]);
    let v1 = id(NFTREE_V1).as_bytes().to_vec();
    // package_of_type<T> hex-decodes the address of type_name::get<T>: the id of the version
    // that defined T. AdminCap came with version 1 (the manifest's type origins).
    assert_eq!(package_of(&mut chain, "package_of_type", "AdminCap"), v1);
    // original_package_of_type<T> uses get_with_original_ids: version 1's id, also for
    // EligibilityRegistry, which version 2 added.
    let original = package_of(
        &mut chain,
        "original_package_of_type",
        "EligibilityRegistry",
    );
    assert_eq!(original, v1);
    // bytes32::from_bytes_left_padded([1, 2, 3]): 29 zero bytes, then the input, in a
    // Bytes32 { bytes: vector<u8> } (so a length byte 32 first).
    let padded = call(
        LZ_UTILS,
        "bytes32",
        "from_bytes_left_padded",
        &[bytes(&[1, 2, 3])],
    );
    let mut want = vec![32];
    want.extend([0u8; 29]);
    want.extend([1, 2, 3]);
    assert_eq!(ret(&mut chain, &padded), want);
}

#[test]
fn package_of_type_names_the_version_that_defined_the_type() {
    let mut chain = chain_with(&[LZ_UTILS, NFTREE_V2]);
    // Sui's type_name::get<T> (with_defining_ids) names EligibilityRegistry by version 2,
    // the version that added it; Tern answers version 1's id.
    let defining = package_of(&mut chain, "package_of_type", "EligibilityRegistry");
    assert_eq!(defining, id(NFTREE_V2).as_bytes());
}

// ---------------------------------------------------------------------------------------
// 0xc44d4a86: LayerZero PTB arguments (enum `Argument`).
// ---------------------------------------------------------------------------------------

#[test]
fn argument_constructors_pack_each_variant() {
    let mut chain = chain_with(&[LZ_PTB]);
    // Argument = ID(Bytes32) | Object(address) | Pure(vector<u8>) | NestedResult(u16, u16):
    // the BCS is the variant index, then the fields.
    let object = call(
        LZ_PTB,
        "argument",
        "create_object",
        &[BOB.as_bytes().to_vec()],
    );
    let mut want = vec![1];
    want.extend_from_slice(BOB.as_bytes());
    assert_eq!(ret(&mut chain, &object), want);
    let pure = call(LZ_PTB, "argument", "create_pure", &[bytes(&[9, 8])]);
    assert_eq!(ret(&mut chain, &pure), [2, 2, 9, 8]);
    let nested = call(
        LZ_PTB,
        "argument",
        "create_nested_result",
        &[3u16.to_le_bytes().to_vec(), 0x102u16.to_le_bytes().to_vec()],
    );
    assert_eq!(ret(&mut chain, &nested), [3, 3, 0, 2, 1]);
}

// ---------------------------------------------------------------------------------------
// 0x7b502c8a: Pyth Lazer (enum `Channel`, I16).
// ---------------------------------------------------------------------------------------

#[test]
fn lazer_channel_from_u8_and_i16_new() {
    let mut chain = chain_with(&[LAZER]);
    // from_u8: 1 → RealTime (variant 0), 2 → FixedRate50ms (1), 3 → FixedRate200ms (2).
    for (byte, variant) in [(1u8, 0u8), (2, 1), (3, 2)] {
        let c = call(LAZER, "channel", "from_u8", &[vec![byte]]);
        assert_eq!(ret(&mut chain, &c), [variant], "from_u8({byte})");
    }
    // Any other byte aborts with the clever error code in the bytecode.
    let bad = call(LAZER, "channel", "from_u8", &[vec![4]]);
    assert_eq!(abort_code(&mut chain, &bad), 13906834328962203649);
    let fixed = call(LAZER, "channel", "new_fixed_rate_200ms", &[]);
    assert_eq!(ret(&mut chain, &fixed), [2]);
    // i16::new(magnitude, negative) → I16 { negative, magnitude }; a negative zero is
    // stored as positive; -32768 is allowed, +32768 is not.
    let i16 = |m: u16, neg: bool| {
        call(
            LAZER,
            "i16",
            "new",
            &[m.to_le_bytes().to_vec(), vec![neg.into()]],
        )
    };
    assert_eq!(ret(&mut chain, &i16(0, true)), [0, 0, 0]);
    assert_eq!(ret(&mut chain, &i16(32768, true)), [1, 0x00, 0x80]);
    assert_eq!(ret(&mut chain, &i16(300, false)), [0, 0x2c, 0x01]);
    assert_eq!(
        abort_code(&mut chain, &i16(32768, false)),
        13906834303192530947
    );
}

// ---------------------------------------------------------------------------------------
// 0x0a09f1a1: bonding-curve launchpad (u256 arithmetic, Option<u64> results).
// ---------------------------------------------------------------------------------------

#[test]
fn curves_compute_constant_product_amounts() {
    let mut chain = chain_with(&[HYDRO]);
    let some = |v: u64| {
        let mut b = vec![1];
        b.extend(v.to_le_bytes());
        b
    };
    // calculate_token_amount_received(a, b, c) = b - a*b / (a + c) in u256, then
    // u256::try_as_u64: 2000 - 2_000_000/2000 = 1000; 2000 - 2_000_000/1500 = 2000 - 1333.
    let received = |c: u64| {
        call(
            HYDRO,
            "curves",
            "calculate_token_amount_received",
            &u64s(&[1000, 2000, c]),
        )
    };
    assert_eq!(ret(&mut chain, &received(1000)), some(1000));
    assert_eq!(ret(&mut chain, &received(500)), some(667));
    // calculate_add_liquidity_cost(a, b, c) = a*b / (b - c) - a, aborting 100 unless b > c:
    // 1000*2000/1000 - 1000 = 1000.
    let cost = call(
        HYDRO,
        "curves",
        "calculate_add_liquidity_cost",
        &u64s(&[1000, 2000, 1000]),
    );
    assert_eq!(ret(&mut chain, &cost), some(1000));
    let drained = call(
        HYDRO,
        "curves",
        "calculate_add_liquidity_cost",
        &u64s(&[1000, 2000, 2000]),
    );
    assert_eq!(abort_code(&mut chain, &drained), 100);
}

// ---------------------------------------------------------------------------------------
// Objects: 0x4107c8e1 (shared counter), 0xa1af509f (Seal policy), 0x9fb0d6b0 (ids).
// ---------------------------------------------------------------------------------------

#[test]
fn counter_is_created_shared_and_incremented() {
    let mut chain = chain_with(&[COUNTER]);
    // create: a Counter { id, owner: sender, value: 0 }, shared.
    let effects = run(&mut chain, &call(COUNTER, "counter", "create", &[]));
    let created = effects.created_of("counter", "Counter").unwrap();
    assert!(matches!(created.owner, Owner::Shared { .. }));
    assert_eq!(created.type_.address, id(COUNTER));
    let counter = created.id;
    let value = |chain: &SuiChain| {
        let contents = &chain.object(&counter).unwrap().contents;
        assert_eq!(&contents[32..64], ALICE.as_bytes()); // owner: the creator
        u64::from_le_bytes(contents[64..72].try_into().unwrap())
    };
    assert_eq!(value(&chain), 0);
    // increment: value + 1, by anyone (it is shared): Bob twice.
    let inc = MoveCall::new(id(COUNTER), "counter", "increment").object(counter);
    let effects = run_as(&mut chain, BOB, &inc);
    assert_eq!(effects.mutated[0].id, counter);
    run_as(&mut chain, BOB, &inc);
    assert_eq!(value(&chain), 2);
    // set_value checks owner == sender: Bob's attempt aborts with 0, Alice's works.
    let set = MoveCall::new(id(COUNTER), "counter", "set_value")
        .object(counter)
        .u64(40);
    let err = chain.call(&Transaction::new(BOB), &set).unwrap_err();
    let kind = &err.execution().unwrap().kind;
    assert!(
        matches!(kind, FailureKind::MoveAbort { code: 0, .. }),
        "{err}"
    );
    assert_eq!(value(&chain), 2);
    run(&mut chain, &set);
    assert_eq!(value(&chain), 40);
}

#[test]
fn seal_policy_approves_only_the_creator_key_id() {
    let mut chain = chain_with(&[SEAL_POLICY]);
    let nonce = [7u8, 7, 7];
    // store_entry (entry): PrivateData { id, creator: sender, nonce, data } sent to the
    // sender.
    let store = call(
        SEAL_POLICY,
        "private_data",
        "store_entry",
        &[bytes(&nonce), bytes(b"secret")],
    );
    let effects = run(&mut chain, &store);
    let data = effects.created_of("private_data", "PrivateData").unwrap();
    assert_eq!(data.owner, Owner::Address(ALICE));
    let contents = chain.object(&data.id).unwrap().contents.clone();
    let mut want = data.id.as_bytes().to_vec();
    want.extend_from_slice(ALICE.as_bytes());
    want.extend(bytes(&nonce));
    want.extend(bytes(b"secret"));
    assert_eq!(contents, want);
    // seal_approve (entry): the key id must be address::to_bytes(creator) ++ nonce.
    let mut key_id = ALICE.as_bytes().to_vec();
    key_id.extend_from_slice(&nonce);
    let approve = |key: &[u8]| {
        MoveCall::new(id(SEAL_POLICY), "private_data", "seal_approve")
            .arg(CallArg::Pure(bytes(key)))
            .object(data.id)
    };
    let effects = run(&mut chain, &approve(&key_id));
    assert!(effects.return_values.is_empty() && effects.created.is_empty());
    // Any other id aborts with 77.
    assert_eq!(abort_code(&mut chain, &approve(&nonce)), 77);
}

#[test]
fn tx_digest_returns_the_transaction_digest() {
    let mut chain = chain_with(&[LAST_ID]);
    // tx_digest: `*tx_context::digest(ctx)`, the 32-byte digest the transaction runs under.
    let tx = Transaction::new(ALICE).with_digest(TxDigest([0x33; 32]));
    let effects = chain
        .call(&tx, &call(LAST_ID, "lastobjectid", "tx_digest", &[]))
        .unwrap();
    assert_eq!(returns(&effects), vec![bytes(&[0x33; 32])]);
    assert_eq!(effects.digest, TxDigest([0x33; 32]));
}
