//! Runs under Aptos's gas schedule (`GasSchedule::aptos`): each instruction costs its
//! parameters, including the parts that grow with values, fields, locals, elements and type
//! nodes; natives cost their parameters; reading a resource and depending on a module outside
//! `0x0`–`0xf` cost what storage reads and dependencies cost; a budget one internal unit short
//! fails with `OUT_OF_GAS`. Expected costs are worked out by hand from the parameters, in the
//! comments.

#![allow(clippy::unwrap_used, clippy::panic)] // test code: a failed unwrap is a failed test

use std::sync::Arc;
use tern::{GasSchedule, MoveValue, ScheduledGasMeter, StatusCode, Vm};
use tern_primitives::{AccountAddress, Identifier, ModuleId};
use tern_vm::{GasMeter, Session};

const MODULE: &str = r#"module 0x42::g
struct Pair has copy + drop
    a: u64
    b: bool

struct Box<T> has copy + drop
    v: T

public fun countdown(n: u64)
l0: copy_loc n
    ld_u64 0
    gt
    br_false l1
    move_loc n
    ld_u64 1
    sub
    st_loc n
    branch l0
l1: ret

fun first(p: Pair): u64
    move_loc p
    unpack Pair
    pop
    ret

public fun structs(): u64
    local p: Pair
    ld_u64 5
    ld_true
    pack Pair
    st_loc p
    copy_loc p
    call first
    ret

public fun generic(): u64
    local b: Box<u64>
    ld_u64 3
    pack Box<u64>
    st_loc b
    move_loc b
    unpack Box<u64>
    ret

struct R has key
    v: u64

public fun store(account: &signer)
    move_loc account
    ld_u64 9
    pack R
    move_to R
    ret

public fun load(a: address): u64 acquires R
    move_loc a
    borrow_global R
    borrow_field R, v
    read_ref
    ret

public fun digest(): vector<u8>
    ld_const<vector<u8>> [104, 101, 108, 108, 111]
    call 0x1::hash::sha3_256
    ret

public fun vectors(): bool
    local v: vector<u64>
    ld_u64 1
    ld_u64 2
    vec_pack <u64>, 2
    st_loc v
    copy_loc v
    copy_loc v
    eq
    ret
"#;

fn vm() -> Vm {
    let mut vm = Vm::default();
    vm.set_reserved_publishing(true);
    vm.publish_stdlib().unwrap();
    vm.publish_masm(MODULE).unwrap();
    vm
}

fn module_id() -> ModuleId {
    ModuleId::new(
        AccountAddress::from_u64(0x42),
        Identifier::new("g").unwrap(),
    )
}

/// What depending on `0x42::g` costs: 744600 plus 420 per byte of the module.
fn dependency(vm: &Vm) -> u64 {
    let bytes = vm
        .storage()
        .module(&module_id())
        .unwrap()
        .unwrap()
        .serialize()
        .unwrap();
    744_600 + 420 * bytes.len() as u64
}

/// Runs `0x42::g::name` with a meter of `budget` internal units over Aptos's schedule and
/// returns the internal units used, or the failure.
fn run(vm: &Vm, name: &str, args: &[MoveValue], budget: u64) -> (Result<(), StatusCode>, u64) {
    let mut session = Session::new(vm.runtime(), vm.storage());
    let id = module_id();
    let f = session.function(&id, name).unwrap();
    let args = args.iter().map(MoveValue::to_bcs).collect();
    let schedule = Arc::new(GasSchedule::aptos());
    // A meter of whole gas units, then its unused part taken away: `budget` internal units.
    let mut meter = ScheduledGasMeter::new(schedule.clone(), schedule.gas_units(budget));
    meter.record(schedule.internal_units(schedule.gas_units(budget)) - budget);
    let before = meter.used();
    let result = session
        .execute_metered(f, vec![], args, &mut meter)
        .map(|_| ())
        .map_err(|e| e.status());
    (result, meter.used() - before)
}

/// Checks that `name` costs exactly `expected` internal units plus the dependency on its
/// module: it passes with that budget and fails with `OUT_OF_GAS` one unit short.
fn costs_exactly(name: &str, args: &[MoveValue], expected: u64) {
    let vm = vm();
    let expected = expected + dependency(&vm);
    assert_eq!(run(&vm, name, args, expected), (Ok(()), expected), "{name}");
    let (short, used) = run(&vm, name, args, expected - 1);
    assert_eq!(short, Err(StatusCode::OUT_OF_GAS), "{name} one unit short");
    assert_eq!(
        used,
        expected - 1,
        "{name}: a failed run uses its whole budget"
    );
}

#[test]
fn a_loop_costs_its_instructions_and_the_sizes_it_copies() {
    // The entry frame: one local of one type node (4000).
    // Each iteration: copy_loc of a u64 (2940 + 140 * 40), ld_u64 2200, gt 5880, br_false
    // 4410, move_loc 4410, ld_u64 2200, sub 5880, st_loc 4410, branch 2940 = 40870.
    // The exit: copy_loc 8540, ld_u64 2200, gt 5880, br_false 4410, ret 2200 = 23230.
    costs_exactly("countdown", &[MoveValue::U64(3)], 4000 + 3 * 40870 + 23230);
}

#[test]
fn structs_and_calls_cost_their_fields_arguments_locals_and_type_nodes() {
    // structs: frame 4000 (one local `Pair`, one node); ld_u64 2200; ld_true 2200; pack of
    // two fields 8080 + 2 * 1470; st_loc 4410; copy_loc of a struct of two primitives
    // 2940 + 140 * 120; call of `first` (one parameter, one local) 36760 + 3670 + 3670 plus
    // its frame (one node, 4000); ret 2200.
    // first: move_loc 4410; unpack of two fields 8080 + 2 * 1470; pop 1470; ret 2200.
    let structs = 4000 + 2200 + 2200 + 11020 + 4410 + 19740 + 48100 + 2200;
    let first = 4410 + 11020 + 1470 + 2200;
    costs_exactly("structs", &[], structs + first);
}

#[test]
fn generic_instructions_charge_the_nodes_they_instantiate() {
    // Frame: one local `Box<u64>`, two nodes (8000). ld_u64 2200; pack of `Box<u64>`: 8080 +
    // 1470 for its field, plus the field's type (one node) and the struct type (two) at 4000
    // each; st_loc 4410; move_loc 4410; unpack likewise 9550 + 12000; ret 2200.
    let expected = 8000 + 2200 + (9550 + 12000) + 4410 + 4410 + (9550 + 12000) + 2200;
    costs_exactly("generic", &[], expected);
}

#[test]
fn vectors_cost_their_elements_and_comparisons_their_sizes() {
    // Frame: `vector<u64>`, two nodes (8000). Two ld_u64 4400; vec_pack of two: 22050 +
    // 2 * 1470 + one element-type node 4000; st_loc 4410; two copy_loc of a vector of two
    // u64 (40 + 2 * 8 = 56 units): 2 * (2940 + 140 * 56); eq of two such vectors:
    // 3670 + 140 * 112; ret 2200.
    let expected = 8000 + 4400 + 28990 + 4410 + 2 * 10780 + (3670 + 15680) + 2200;
    costs_exactly("vectors", &[], expected);
}

#[test]
fn natives_cost_their_parameters() {
    // Frame: no locals. ld_const of a `vector<u8>` (two type nodes) of 6 bytes (its length
    // and five bytes): 23890 + 1280 * 6 + 4000 * 2; call of the native: 36760 + 3670 for
    // its argument (a native has no locals, no frame); sha3_256 of five bytes: 147040 +
    // 1650 * 5; ret 2200.
    let expected = (23890 + 7680 + 8000) + (36760 + 3670) + (147_040 + 8250) + 2200;
    costs_exactly("digest", &[], expected);
}

#[test]
fn reading_a_resource_from_storage_costs_its_slot_and_pages() {
    let mut vm = vm();
    vm.run_function(
        &module_id(),
        "store",
        &[],
        vec![MoveValue::Signer(AccountAddress::from_u64(7)).to_bcs()],
    )
    .unwrap();
    // Frame: one `address` local (4000); move_loc 4410; borrow_global 18380 and the read of
    // the resource (8 bytes, one page): 3023850 + 1510 * 4096; borrow_field 7350; read_ref
    // of a u64 7350 + 140 * 40; ret 2200.
    let read = 3_023_850 + 1510 * 4096;
    let expected = 4000 + 4410 + 18380 + read + 7350 + 12950 + 2200;
    let args = [MoveValue::Address(AccountAddress::from_u64(7))];
    costs_exactly_on(&vm, "load", &args, expected);
    // No resource there: the read costs its slot only, and the borrow fails.
    let args = [MoveValue::Address(AccountAddress::from_u64(8))];
    let (result, _) = run(&vm, "load", &args, u64::MAX / 2);
    assert_eq!(result, Err(StatusCode::MISSING_DATA));
}

/// [`costs_exactly`] on a given VM.
fn costs_exactly_on(vm: &Vm, name: &str, args: &[MoveValue], expected: u64) {
    let expected = expected + dependency(vm);
    assert_eq!(run(vm, name, args, expected), (Ok(()), expected), "{name}");
    let (short, _) = run(vm, name, args, expected - 1);
    assert_eq!(short, Err(StatusCode::OUT_OF_GAS), "{name} one unit short");
}

#[test]
fn the_vm_prices_runs_by_its_schedule_in_internal_units() {
    let mut vm = vm();
    vm.set_gas_schedule(Some(Arc::new(GasSchedule::aptos())));
    vm.set_gas_budget(Some(10_000_000));
    let id = module_id();
    let out = vm
        .run_function(&id, "countdown", &[], vec![MoveValue::U64(3).to_bcs()])
        .unwrap();
    let countdown = 4000 + 3 * 40870 + 23230 + dependency(&vm);
    assert_eq!(out.gas_used, Some(countdown));
    vm.set_gas_budget(Some(countdown - 1));
    let err = vm
        .run_function(&id, "countdown", &[], vec![MoveValue::U64(3).to_bcs()])
        .unwrap_err();
    assert_eq!(err.status(), StatusCode::OUT_OF_GAS);
    assert_eq!(vm.gas_used(), Some(countdown - 1));
    // Without the schedule, one unit per instruction again.
    vm.set_gas_schedule(None);
    vm.set_gas_budget(Some(100));
    let out = vm
        .run_function(&id, "countdown", &[], vec![MoveValue::U64(3).to_bcs()])
        .unwrap();
    assert_eq!(out.gas_used, Some(3 * 9 + 5));
}

/// Internal units of `0x7::module::function(arg)` under Aptos's schedule, each measured on
/// the Aptos MoveVM at aptos-core `f5bf2b45` (its interpreter's charges, priced with the
/// standard meter's formulas over the same parameters) and equal there. The benchmark
/// programs come from `../shared/tools/aptos-peer/programs` (their address `0xbe` moved to
/// the special address `0x7`, which charges no dependency); `mix` and `mix2` are
/// `tests/data/gas/`.
const MEASURED: &[(&str, &str, u64, u64)] = &[
    ("countdown", "countdown", 10, 440_340),
    ("fib", "fib", 10, 16_052_920),
    ("call_loop", "call_loop", 10, 1_247_400),
    ("call_loop", "call_loop_generic", 10, 1_288_100),
    ("call_loop", "call_loop_closure", 10, 1_358_290),
    ("int_arith", "int_arith_u64", 10, 7_891_500),
    ("int_arith", "int_arith_i64", 10, 7_895_910),
    ("match_sum", "match_sum", 10, 1_660_740),
    ("match_sum", "match_sum_enum", 10, 2_064_320),
    ("merge_sort", "merge_sort", 10, 20_725_140),
    ("nested_loop", "nested_loop", 10, 9_362_100),
    ("bst", "bst", 10, 9_867_630),
    ("mix", "structs", 4, 365_130),
    ("mix", "vectors", 4, 743_480),
    ("mix", "enums", 4, 207_100),
    ("mix", "closures", 4, 149_990),
    ("mix", "consts", 4, 115_160),
    ("mix2", "generics", 5, 6_277_470),
    ("mix2", "generic_closure", 5, 124_240),
    ("mix2", "aborts", 5, 74_600),
    ("mix2", "aborts", 1, 29_430),
];

#[test]
fn gas_matches_the_aptos_movevm_on_measured_programs() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let programs = root.join("../shared/tools/aptos-peer/programs");
    let mut vm = Vm::default();
    vm.set_reserved_publishing(true);
    vm.publish_stdlib().unwrap();
    let mut published = std::collections::BTreeSet::new();
    let mut skipped = Vec::new();
    for (module, function, arg, expected) in MEASURED {
        if published.insert(*module) {
            let own = root.join("tests/data/gas").join(format!("{module}.masm"));
            let source = match std::fs::read_to_string(&own) {
                Ok(s) => s,
                Err(_) => match std::fs::read_to_string(programs.join(format!("{module}.masm"))) {
                    Ok(s) => s.replace("0xbe::", "0x7::"),
                    Err(_) => {
                        skipped.push(*module);
                        continue;
                    }
                },
            };
            vm.publish_masm(&source).unwrap();
        } else if skipped.contains(module) {
            continue;
        }
        let id = ModuleId::new(
            AccountAddress::from_u64(7),
            Identifier::new(*module).unwrap(),
        );
        let schedule = Arc::new(GasSchedule::aptos());
        let mut meter = ScheduledGasMeter::new(schedule, 1_000);
        // `aborts` with an argument above 3 aborts; its gas counts all the same.
        let _ = vm.run_function_metered(
            &id,
            function,
            &[],
            vec![MoveValue::U64(*arg).to_bcs()],
            &mut meter,
        );
        assert_eq!(
            meter.internal_used(),
            *expected,
            "{module}::{function}({arg})"
        );
    }
    if !skipped.is_empty() {
        eprintln!("skipped (../shared/tools/aptos-peer/programs absent): {skipped:?}");
    }
}

// ------------------------------------------------------------------------------------------
// Natives of the real framework (`../shared/corpus/aptos-framework`, skipped when absent).
//
// What a native charges is isolated exactly: the same call runs under Aptos's schedule and
// under the same schedule with the native's parameters (those starting with a prefix)
// priced at nothing; the instructions, reads and dependencies are the same in both runs,
// so the difference is what those parameters charged.

mod aptos_common;

use tern::TypeTag;

/// A VM with MoveStdlib and AptosStdlib at `0x1` and Aptos's natives; `None` without the
/// corpus.
fn framework_vm() -> Option<Vm> {
    let mut natives = tern_natives::aptos_stdlib_natives();
    tern_natives::add_aptos_crypto_natives(&mut natives);
    aptos_common::stdlib_vm(natives)
}

/// The module and function name of `0xADDR::module::function`.
fn function_id(function: &str) -> (ModuleId, &str) {
    let (module, name) = function.rsplit_once("::").unwrap();
    let (address, module) = module.split_once("::").unwrap();
    let id = ModuleId::new(
        AccountAddress::from_hex_literal(address).unwrap(),
        Identifier::new(module).unwrap(),
    );
    (id, name)
}

/// Internal units `0xADDR::module::function` uses under `schedule`, and its result.
fn used_under(
    vm: &mut Vm,
    schedule: GasSchedule,
    function: &str,
    tys: &[&str],
    args: &[MoveValue],
) -> (Result<(), StatusCode>, u64) {
    let (id, name) = function_id(function);
    let tys: Vec<TypeTag> = tys.iter().map(|t| aptos_common::ty(t)).collect();
    let args = args.iter().map(MoveValue::to_bcs).collect();
    let mut meter = ScheduledGasMeter::new(Arc::new(schedule), 1_000_000);
    let result = vm
        .run_function_metered(&id, name, &tys, args, &mut meter)
        .map(|_| ())
        .map_err(|e| e.status());
    (result, meter.internal_used())
}

/// What the native parameters starting with `prefix` charged in a call of `function`, and
/// how the call ended.
fn charged(
    vm: &mut Vm,
    prefix: &str,
    function: &str,
    tys: &[&str],
    args: &[MoveValue],
) -> (Result<(), StatusCode>, u64) {
    let (result, priced) = used_under(vm, GasSchedule::aptos(), function, tys, args);
    let mut free = GasSchedule::aptos();
    free.natives.retain(|name, _| !name.starts_with(prefix));
    let (again, unpriced) = used_under(vm, free, function, tys, args);
    assert_eq!(result, again, "{function}");
    (result, priced - unpriced)
}

/// Internal units a native called directly costs: no instruction runs, so the whole run is
/// what the native charged.
fn direct(vm: &mut Vm, function: &str, tys: &[&str], args: &[MoveValue]) -> u64 {
    let (result, units) = used_under(vm, GasSchedule::aptos(), function, tys, args);
    assert_eq!(result, Ok(()), "{function}");
    units
}

/// [`charged`] for a call that must succeed.
fn charged_ok(vm: &mut Vm, prefix: &str, function: &str, tys: &[&str], args: &[MoveValue]) -> u64 {
    let (result, units) = charged(vm, prefix, function, tys, args);
    assert_eq!(result, Ok(()), "{function}");
    units
}

fn hex(s: &str) -> Vec<u8> {
    aptos_common::hex(s)
}

#[test]
fn ed25519_verification_charges_each_step_it_reaches() {
    let Some(mut vm) = framework_vm() else { return };
    let prefix = "aptos_framework.signature.";
    // RFC 8032 §7.1 TEST 3: a two-byte message.
    let key = hex("fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025");
    let message = hex("af82");
    let signature = hex(
        "6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac\
         18ff9b538d16f290ae67f760984dc6594a7c15e9716ed28dc027beceea1ec40a",
    );
    let verify = |vm: &mut Vm, sig: &[u8], key: &[u8]| {
        // Through the framework's wrapper: `&Signature` and `&UnvalidatedPublicKey`.
        let args = [
            MoveValue::Struct(vec![MoveValue::bytes(sig)]),
            MoveValue::Struct(vec![MoveValue::bytes(key)]),
            MoveValue::bytes(&message),
        ];
        charged_ok(
            vm,
            prefix,
            "0x1::ed25519::signature_verify_strict",
            &[],
            &args,
        )
    };
    // Everything: base 5510, the key's deserialization 1396880, the signature's 13780, the
    // strict verification 9814920, the message's hashing 119100 + 2200 per byte.
    let all = 5510 + 1_396_880 + 13_780 + 9_814_920 + 119_100 + 2200 * 2;
    assert_eq!(verify(&mut vm, &signature, &key), all);
    // A signature whose S is not canonical does not deserialize: no verification.
    let mut bad_s = signature.clone();
    bad_s[63] = 0xff;
    assert_eq!(verify(&mut vm, &bad_s, &key), 5510 + 1_396_880 + 13_780);
    // A key off the curve: base and the key's deserialization only.
    let off_curve = (2u8..)
        .map(|y| {
            let mut k = [0u8; 32];
            k[0] = y;
            k
        })
        .find(|k| !tern_crypto::aptos_ed25519::public_key_deserializes(k))
        .unwrap();
    assert_eq!(verify(&mut vm, &signature, &off_curve), 5510 + 1_396_880);
    // Validation: base and the deserialization, then the small-order check (233420) for a
    // key that decompresses.
    let validate = "0x1::ed25519::public_key_validate_internal";
    let units = charged_ok(&mut vm, prefix, validate, &[], &[MoveValue::bytes(&key)]);
    assert_eq!(units, 5510 + 1_396_880 + 233_420);
    let units = charged_ok(
        &mut vm,
        prefix,
        validate,
        &[],
        &[MoveValue::bytes(off_curve)],
    );
    assert_eq!(units, 5510 + 1_396_880);
}

#[test]
fn type_info_charges_per_byte_of_the_type_name() {
    let Some(mut vm) = framework_vm() else { return };
    let prefix = "aptos_framework.type_info.";
    // `0x1::string::String`: 19 bytes, 11020 + 180 per byte.
    let f = "0x1::type_info::type_name";
    let units = charged_ok(&mut vm, prefix, f, &["0x1::string::String"], &[]);
    assert_eq!(units, 11_020 + 180 * 19);
    // `vector<u64>`: 11 bytes.
    assert_eq!(
        charged_ok(&mut vm, prefix, f, &["vector<u64>"], &[]),
        11_020 + 180 * 11
    );
    // `type_of` of a type that is not a struct charges its name (3 bytes) and aborts.
    let (result, units) = charged(&mut vm, prefix, "0x1::type_info::type_of", &["u64"], &[]);
    assert_eq!(result, Err(StatusCode::ABORTED));
    assert_eq!(units, 11_020 + 180 * 3);
    let chain_id = "0x1::type_info::chain_id_internal";
    assert_eq!(charged_ok(&mut vm, prefix, chain_id, &[], &[]), 5510);
    // Called directly, a native's charges are the whole run: no Tern units on top.
    assert_eq!(direct(&mut vm, f, &["vector<u64>"], &[]), 11_020 + 180 * 11);
}

/// Adds two entries to a new table, borrows one, looks for a missing key twice.
const TABLE_GAS: &str = "\
module 0x42::tg
use 0x1::table
public fun run(): (u64, bool, bool, table::Table<u64, u64>)
    local t: table::Table<u64, u64>
    call table::new<u64, u64>
    st_loc t
    mut_borrow_loc t
    ld_u64 1
    ld_u64 100
    call table::add<u64, u64>
    mut_borrow_loc t
    ld_u64 2
    ld_u64 200
    call table::add<u64, u64>
    borrow_loc t
    ld_u64 1
    call table::borrow<u64, u64>
    read_ref
    borrow_loc t
    ld_u64 7
    call table::contains<u64, u64>
    borrow_loc t
    ld_u64 7
    call table::contains<u64, u64>
    move_loc t
    ret
";

#[test]
fn table_accesses_charge_their_key_bytes_and_first_loads() {
    let Some(mut vm) = framework_vm() else { return };
    vm.publish_masm(TABLE_GAS).unwrap();
    // The new handle: 36760. Each access: its base 44110, 360 per key byte (a u64: 8) and
    // the common load base 3023850; the first access to a key in the session also a load:
    // 3023850 and, for a key not in storage, the failure (0). Both adds and the first
    // `contains` of key 7 load (they miss storage); the borrow of key 1 and the second
    // `contains` of key 7 find them in memory.
    let access = 44_110 + 360 * 8 + 3_023_850;
    let miss = 3_023_850;
    let expected = 36_760 + 5 * access + 3 * miss;
    assert_eq!(
        charged_ok(&mut vm, "table.", "0x42::tg::run", &[], &[]),
        expected
    );
}

#[test]
fn string_utils_charges_each_value_and_the_bytes_of_strings() {
    let Some(mut vm) = framework_vm() else { return };
    let prefix = "aptos_framework.string_utils.";
    let to_string = "0x1::string_utils::to_string";
    // One value: 11020.
    let one = charged_ok(&mut vm, prefix, to_string, &["u64"], &[MoveValue::U64(7)]);
    assert_eq!(one, 11_020);
    // A string of 5 bytes: the value and 30 per byte.
    let s = MoveValue::Struct(vec![MoveValue::bytes("hello")]);
    let units = charged_ok(&mut vm, prefix, to_string, &["0x1::string::String"], &[s]);
    assert_eq!(units, 11_020 + 30 * 5);
    // A vector of three u64: the vector and each element.
    let v = MoveValue::Vector(vec![
        MoveValue::U64(1),
        MoveValue::U64(2),
        MoveValue::U64(3),
    ]);
    let units = charged_ok(&mut vm, prefix, to_string, &["vector<u64>"], &[v]);
    assert_eq!(units, 4 * 11_020);
    // Bytes: the vector and its 4 bytes.
    let b = MoveValue::bytes([1u8, 2, 3, 4]);
    let units = charged_ok(&mut vm, prefix, to_string, &["vector<u8>"], &[b]);
    assert_eq!(units, 11_020 + 30 * 4);
}

#[test]
fn crypto_algebra_charges_its_structure_and_operation() {
    let Some(mut vm) = framework_vm() else { return };
    let prefix = "aptos_framework.algebra.";
    let fr = "0x1::bls12381_algebra::Fr";
    let from_u64 = "0x1::crypto_algebra::from_u64_internal";
    let units = charged_ok(&mut vm, prefix, from_u64, &[fr], &[MoveValue::U64(5)]);
    assert_eq!(units, 18_150);
    // Deserializing a compressed G1 point (the generator): 37848050; bytes of another
    // length are refused before any charge.
    let g1 = "0x1::bls12381_algebra::G1";
    let compressed = "0x1::bls12381_algebra::FormatG1Compr";
    let generator = hex(
        "97f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac58\
         6c55e83ff97a1aeffb3af00adb22c6bb",
    );
    let deserialize = "0x1::crypto_algebra::deserialize_internal";
    let tys = [g1, compressed];
    let units = charged_ok(
        &mut vm,
        prefix,
        deserialize,
        &tys,
        &[MoveValue::bytes(&generator)],
    );
    assert_eq!(units, 37_848_050);
    let short = MoveValue::bytes(&generator[..47]);
    assert_eq!(charged_ok(&mut vm, prefix, deserialize, &tys, &[short]), 0);
    // Hashing 3 bytes to G1: 119541420 + 1760 per byte; a tag over 255 bytes adds its
    // shortening, a SHA2-256 of 17 + |dst| bytes (move_stdlib.hash.sha2_256: 110280 + 1830
    // per byte), not an `algebra` parameter.
    let hash_to = "0x1::crypto_algebra::hash_to_internal";
    let suite = "0x1::bls12381_algebra::HashG1XmdSha256SswuRo";
    let args = [MoveValue::bytes(b"tag"), MoveValue::bytes(b"abc")];
    let units = charged_ok(&mut vm, prefix, hash_to, &[g1, suite], &args);
    assert_eq!(units, 119_541_420 + 1760 * 3);
    let long = vec![7u8; 300];
    let args = [MoveValue::bytes(&long), MoveValue::bytes(b"abc")];
    let units = charged_ok(
        &mut vm,
        "move_stdlib.hash.sha2_256.",
        hash_to,
        &[g1, suite],
        &args,
    );
    assert_eq!(units, 110_280 + 1830 * (17 + 300));
    let whole = direct(&mut vm, hash_to, &[g1, suite], &args);
    assert_eq!(whole, 119_541_420 + 1760 * 3 + units);
}

// ------------------------------------------------------------------------------------------
// The AptosFramework natives (`tern_natives::aptos_framework`), over the real framework.
// Each is called directly (no instruction runs: the whole run is what the native charged),
// or in a session whose host state (transaction context, aggregator values, randomness) the
// test sets first. Figures: the parameters of `crates/tern-loader/src/gas/aptos-natives.txt`.

use tern_natives::aptos_framework::{
    AggregatorStore, EntryFunctionPayload, MultisigPayload, RandomnessContext, TransactionContext,
    UserTransaction,
};

/// A VM with the whole Aptos framework and its natives; `None` without the corpus.
fn aptos_framework_vm() -> Option<Vm> {
    Some(Vm::with_aptos_framework(&aptos_common::corpus()?).unwrap())
}

/// How a direct call of the native `function` ends and what it charged under Aptos's
/// schedule (the whole run).
fn native_call(
    vm: &mut Vm,
    function: &str,
    tys: &[&str],
    args: &[MoveValue],
) -> (Result<(), StatusCode>, u64) {
    used_under(vm, GasSchedule::aptos(), function, tys, args)
}

/// [`native_call`] in a new session of `vm` into which `setup` put host state first.
fn native_call_in(
    vm: &Vm,
    setup: impl FnOnce(&mut Session<'_>),
    function: &str,
    tys: &[&str],
    args: &[MoveValue],
) -> (Result<(), StatusCode>, u64) {
    let (id, name) = function_id(function);
    let mut session = Session::new(vm.runtime(), vm.storage());
    setup(&mut session);
    session.set_gas_budget(Some(1_000_000_000_000));
    session.set_gas_schedule(Some(Arc::new(GasSchedule::aptos())));
    let before = session.gas_left();
    let f = session.function(&id, name).unwrap();
    let tys = tys
        .iter()
        .map(|t| session.load_type(&aptos_common::ty(t)).unwrap())
        .collect();
    let args = args.iter().map(MoveValue::to_bcs).collect();
    let result = session
        .execute(f, tys, args)
        .map(|_| ())
        .map_err(|e| e.status());
    (result, before - session.gas_left())
}

fn string(s: &str) -> MoveValue {
    MoveValue::Struct(vec![MoveValue::bytes(s)])
}

#[test]
fn events_charge_the_abstract_size_of_their_value() {
    let Some(mut vm) = aptos_framework_vm() else {
        return;
    };
    // A module event `String` of 5 bytes: abstract size 40 (struct) + 40 (vector) + 5 (its
    // bytes) = 85; 200060 + 610 × 85 = 251910.
    let module_event = "0x1::event::write_module_event_to_store";
    let s = "0x1::string::String";
    let call = native_call(&mut vm, module_event, &[s], &[string("hello")]);
    assert_eq!(call, (Ok(()), 200_060 + 610 * 85));
    // Through `event::emit`, the native's parameters charge the same.
    let units = charged_ok(
        &mut vm,
        "aptos_framework.event.",
        "0x1::event::emit",
        &[s],
        &[string("hello")],
    );
    assert_eq!(units, 251_910);
    // A handle event `u64`: 40; 200060 + 610 × 40 = 224460.
    let guid = MoveValue::bytes([1u8; 40]);
    let handle_event = "0x1::event::write_to_event_store";
    let args = [guid, MoveValue::U64(3), MoveValue::U64(7)];
    let call = native_call(&mut vm, handle_event, &["u64"], &args);
    assert_eq!(call, (Ok(()), 224_460));
    // Charged before anything fails: a GUID that is not one, a module event not a struct.
    let args = [
        MoveValue::bytes([1u8; 3]),
        MoveValue::U64(3),
        MoveValue::U64(7),
    ];
    let call = native_call(&mut vm, handle_event, &["u64"], &args);
    assert_eq!(call, (Err(StatusCode::EVENT_KEY_MISMATCH), 224_460));
    let call = native_call(&mut vm, module_event, &["u64"], &[MoveValue::U64(7)]);
    assert_eq!(call, (Err(StatusCode::INTERNAL_TYPE_ERROR), 224_460));
}

/// An `aggregator_v2::Aggregator<u64>`.
fn aggregator(value: u64, max: u64) -> MoveValue {
    MoveValue::Struct(vec![MoveValue::U64(value), MoveValue::U64(max)])
}

#[test]
fn aggregator_v2_natives_charge_their_base_and_string_bytes() {
    let Some(mut vm) = aptos_framework_vm() else {
        return;
    };
    let f = |name: &str| format!("0x1::aggregator_v2::{name}");
    let mut units =
        |name: &str, tys: &[&str], args: &[MoveValue]| native_call(&mut vm, &f(name), tys, args);
    let ok = |units: u64| (Ok(()), units);
    // create_aggregator.base 18380, for both constructors.
    assert_eq!(
        units("create_aggregator", &["u64"], &[MoveValue::U64(10)]),
        ok(18_380)
    );
    assert_eq!(
        units("create_unbounded_aggregator", &["u128"], &[]),
        ok(18_380)
    );
    // try_add.base 11020, try_sub.base 11020, is_at_least.base 5000, read.base 22050.
    let add = [aggregator(0, 10), MoveValue::U64(5)];
    assert_eq!(units("try_add", &["u64"], &add), ok(11_020));
    assert_eq!(units("try_sub", &["u64"], &add), ok(11_020));
    assert_eq!(units("is_at_least_impl", &["u64"], &add), ok(5000));
    assert_eq!(units("read", &["u64"], &[aggregator(4, 10)]), ok(22_050));
    // snapshot.base 11020, create_snapshot.base 11020, read_snapshot.base 22050.
    assert_eq!(
        units("snapshot", &["u64"], &[aggregator(4, 10)]),
        ok(11_020)
    );
    let snapshot = MoveValue::Struct(vec![MoveValue::U64(4)]);
    assert_eq!(
        units("create_snapshot", &["u64"], &[MoveValue::U64(4)]),
        ok(11_020)
    );
    let read = units("read_snapshot", &["u64"], std::slice::from_ref(&snapshot));
    assert_eq!(read, ok(22_050));
    // A derived string of 5 bytes: create_snapshot.base 11020 + per_byte 30 × 5 = 11170;
    // reading one: read_snapshot.base 22050.
    let derived = units("create_derived_string", &[], &[string("hello")]);
    assert_eq!(derived, ok(11_020 + 30 * 5));
    let value = MoveValue::Struct(vec![string("hello"), MoveValue::bytes([0u8; 16])]);
    assert_eq!(units("read_derived_string", &[], &[value]), ok(22_050));
    // Concatenation of "ab" and "cde": string_concat.base 11020 + per_byte 30 × (3 + 2).
    let args = [string("ab"), snapshot, string("cde")];
    let concat = units("derive_string_concat", &["u64"], &args);
    assert_eq!(concat, ok(11_020 + 30 * 5));
    // Charged before the aborts: an element type that is not an integer (the base), a
    // string over 1024 bytes (the base and its 1025 bytes: 11020 + 30 × 1025 = 41770).
    let call = units("create_aggregator", &["u8"], &[MoveValue::U8(1)]);
    assert_eq!(call, (Err(StatusCode::ABORTED), 18_380));
    let long = "x".repeat(1025);
    let call = units("create_derived_string", &[], &[string(&long)]);
    assert_eq!(call, (Err(StatusCode::ABORTED), 41_770));
    // `copy_snapshot` aborts before any charge.
    let snapshot = MoveValue::Struct(vec![MoveValue::U64(4)]);
    assert_eq!(
        units("copy_snapshot", &["u64"], &[snapshot]),
        (Err(StatusCode::ABORTED), 0)
    );
}

#[test]
fn v1_aggregators_charge_their_base() {
    let Some(mut vm) = aptos_framework_vm() else {
        return;
    };
    // `AggregatorFactory { phantom_table: Table { handle } }`: new_aggregator.base 18380.
    let factory = MoveValue::Struct(vec![MoveValue::Struct(vec![MoveValue::Address(
        AccountAddress::from_u64(0xF),
    )])]);
    let new = "0x1::aggregator_factory::new_aggregator";
    let call = native_call(&mut vm, new, &[], &[factory, MoveValue::U128(100)]);
    assert_eq!(call, (Ok(()), 18_380));
    // An aggregator whose value (5, limit 10) the host carried into the session.
    let (handle, key) = (AccountAddress::from_u64(0xF), AccountAddress::from_u64(0xE));
    let setup = |s: &mut Session<'_>| {
        let values = [((handle, key), 5u128)].into_iter().collect();
        s.extensions_mut()
            .insert(AggregatorStore::new([0; 32], values));
    };
    let agg = MoveValue::Struct(vec![
        MoveValue::Address(handle),
        MoveValue::Address(key),
        MoveValue::U128(10),
    ]);
    let with = |x: u128| [agg.clone(), MoveValue::U128(x)];
    let f = |name: &str| format!("0x1::aggregator::{name}");
    // add.base, sub.base, read.base 11020; destroy.base 18380.
    assert_eq!(
        native_call_in(&vm, setup, &f("add"), &[], &with(2)),
        (Ok(()), 11_020)
    );
    assert_eq!(
        native_call_in(&vm, setup, &f("sub"), &[], &with(2)),
        (Ok(()), 11_020)
    );
    let read = native_call_in(&vm, setup, &f("read"), &[], std::slice::from_ref(&agg));
    assert_eq!(read, (Ok(()), 11_020));
    let destroy = native_call_in(&vm, setup, &f("destroy"), &[], std::slice::from_ref(&agg));
    assert_eq!(destroy, (Ok(()), 18_380));
    // An add past the limit aborts after its base.
    let call = native_call_in(&vm, setup, &f("add"), &[], &with(6));
    assert_eq!(call, (Err(StatusCode::ABORTED), 11_020));
}

#[test]
fn object_natives_charge_their_base() {
    let Some(mut vm) = aptos_framework_vm() else {
        return;
    };
    let (a, b) = (AccountAddress::from_u64(0xA), AccountAddress::from_u64(0xB));
    // user_derived_address.base 147040.
    let derive = "0x1::object::create_user_derived_object_address_impl";
    let args = [MoveValue::Address(a), MoveValue::Address(b)];
    assert_eq!(native_call(&mut vm, derive, &[], &args), (Ok(()), 147_040));
    // exists_at.base 9190. (Aptos adds per_item_loaded 14700 + per_byte_loaded 1830 × the
    // bytes when the native loads the resource first in the transaction, which Tern does not
    // model: see docs/gas.md.)
    let exists = "0x1::object::exists_at";
    let core = "0x1::object::ObjectCore";
    let call = native_call(&mut vm, exists, &[core], &[MoveValue::Address(a)]);
    assert_eq!(call, (Ok(()), 9190));
}

#[test]
fn transaction_context_getters_charge_their_base_and_what_they_return() {
    let Some(mut vm) = aptos_framework_vm() else {
        return;
    };
    let f = |name: &str| format!("0x1::transaction_context::{name}");
    // Each base 7350, generate_unique_address's 147040 (the default user transaction).
    for name in [
        "get_txn_hash",
        "get_script_hash",
        "sender_internal",
        "secondary_signers_internal",
        "gas_payer_internal",
        "max_gas_amount_internal",
        "gas_unit_price_internal",
        "chain_id_internal",
        "entry_function_payload_internal",
        "multisig_payload_internal",
        "is_encrypted_txn_internal",
        "monotonically_increasing_counter_internal_for_test_only",
    ] {
        assert_eq!(
            native_call(&mut vm, &f(name), &[], &[]),
            (Ok(()), 7350),
            "{name}"
        );
    }
    let counter = f("monotonically_increasing_counter_internal");
    let call = native_call(&mut vm, &counter, &[], &[MoveValue::U64(1)]);
    assert_eq!(call, (Ok(()), 7350));
    let unique = native_call(&mut vm, &f("generate_unique_address"), &[], &[]);
    assert_eq!(unique, (Ok(()), 147_040));
    // Two secondary signers and an entry function `0x1::coin::transfer<0x1::aptos_coin::
    // AptosCoin>` with a 32-byte and an 8-byte argument: 32 (the address) + 4 + 8 + 26 + 40 =
    // 110 bytes.
    let payload = EntryFunctionPayload {
        account_address: AccountAddress::ONE,
        module_name: "coin".into(),
        function_name: "transfer".into(),
        ty_arg_names: vec!["0x1::aptos_coin::AptosCoin".into()],
        args: vec![vec![7; 32], vec![1; 8]],
    };
    let user = UserTransaction {
        secondary_signers: vec![AccountAddress::from_u64(2), AccountAddress::from_u64(3)],
        entry_function_payload: Some(payload.clone()),
        multisig_payload: Some(MultisigPayload {
            multisig_address: AccountAddress::from_u64(4),
            entry_function_payload: Some(payload),
        }),
        ..UserTransaction::default()
    };
    let with_user = |s: &mut Session<'_>| {
        s.extensions_mut()
            .insert(TransactionContext::new([0; 32], Some(user.clone())));
    };
    // secondary_signers.base 7350 + per_signer 5760 × 2 = 18870.
    let signers = native_call_in(&vm, with_user, &f("secondary_signers_internal"), &[], &[]);
    assert_eq!(signers, (Ok(()), 7350 + 5760 * 2));
    // entry_function_payload.base 7350 + per_abstract_memory_unit 180 × 110 = 27150; the
    // multisig payload's inner entry function the same with its parameters.
    let entry = native_call_in(
        &vm,
        with_user,
        &f("entry_function_payload_internal"),
        &[],
        &[],
    );
    assert_eq!(entry, (Ok(()), 7350 + 180 * 110));
    let multisig = native_call_in(&vm, with_user, &f("multisig_payload_internal"), &[], &[]);
    assert_eq!(multisig, (Ok(()), 7350 + 180 * 110));
    // Outside a user transaction: the base, then the abort.
    let no_user = |s: &mut Session<'_>| {
        s.extensions_mut()
            .insert(TransactionContext::new([0; 32], None));
    };
    for name in ["sender_internal", "secondary_signers_internal"] {
        let call = native_call_in(&vm, no_user, &f(name), &[], &[]);
        assert_eq!(call, (Err(StatusCode::ABORTED), 7350), "{name}");
    }
}

#[test]
fn signer_util_and_identifier_natives_charge_their_parameters() {
    let Some(mut vm) = aptos_framework_vm() else {
        return;
    };
    // account.create_signer.base 11020.
    let create = "0x1::create_signer::create_signer";
    let args = [MoveValue::Address(AccountAddress::from_u64(0xA11CE))];
    assert_eq!(native_call(&mut vm, create, &[], &args), (Ok(()), 11_020));
    // util.from_bytes: 11020 + 180 × 8 = 12460; 3 bytes that are no u64: 11020 + 180 × 3,
    // then the abort.
    let from_bytes = "0x1::util::from_bytes";
    let eight = [MoveValue::bytes(7u64.to_le_bytes())];
    assert_eq!(
        native_call(&mut vm, from_bytes, &["u64"], &eight),
        (Ok(()), 12_460)
    );
    let three = [MoveValue::bytes([1u8, 2, 3])];
    let call = native_call(&mut vm, from_bytes, &["u64"], &three);
    assert_eq!(call, (Err(StatusCode::ABORTED), 11_020 + 180 * 3));
    // function_info.is_identifier: 5510 + 30 × 8 ("transfer") = 5750.
    let is_identifier = "0x1::function_info::is_identifier";
    let call = native_call(&mut vm, is_identifier, &[], &[MoveValue::bytes("transfer")]);
    assert_eq!(call, (Ok(()), 5750));
}

#[test]
fn permissioned_signer_and_randomness_natives_charge_aptos_figures() {
    let Some(mut vm) = aptos_framework_vm() else {
        return;
    };
    // The permissioned_signer.*.base parameters are bound to gas feature version 1.26 alone:
    // at version 50 they are not in the schedule, and Aptos charges 0.
    let f = |name: &str| format!("0x1::permissioned_signer::{name}");
    let master = [MoveValue::Signer(AccountAddress::from_u64(0xA11CE))];
    let call = native_call(&mut vm, &f("is_permissioned_signer_impl"), &[], &master);
    assert_eq!(call, (Ok(()), 0));
    let call = native_call(&mut vm, &f("permission_address"), &[], &master);
    assert_eq!(call, (Err(StatusCode::ABORTED), 0));
    let both = [
        MoveValue::Address(AccountAddress::from_u64(0xA11CE)),
        MoveValue::Address(AccountAddress::from_u64(0xBEEF)),
    ];
    let handle = f("signer_from_permissioned_handle_impl");
    assert_eq!(native_call(&mut vm, &handle, &[], &both), (Ok(()), 0));
    // randomness.fetch_and_inc_counter 10, also before the abort outside an unbiasable
    // call; is_unbiasable charges nothing.
    let fetch = "0x1::randomness::fetch_and_increment_txn_counter";
    let unbiasable = |s: &mut Session<'_>| {
        s.extensions_mut().insert(RandomnessContext::unbiasable());
    };
    assert_eq!(
        native_call_in(&vm, unbiasable, fetch, &[], &[]),
        (Ok(()), 10)
    );
    assert_eq!(
        native_call(&mut vm, fetch, &[], &[]),
        (Err(StatusCode::ABORTED), 10)
    );
    let is_unbiasable = "0x1::randomness::is_unbiasable";
    assert_eq!(native_call(&mut vm, is_unbiasable, &[], &[]), (Ok(()), 0));
}
