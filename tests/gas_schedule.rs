//! Runs under Aptos's gas schedule (`GasSchedule::aptos`): each instruction costs its
//! parameters, including the parts that grow with values, fields, locals, elements and type
//! nodes; natives cost their parameters; reading a resource and depending on a module outside
//! `0x0`–`0xf` cost what storage reads and dependencies cost; a budget one internal unit short
//! fails with `OUT_OF_GAS`. Expected costs are worked out by hand from the parameters, in the
//! comments.

#![allow(clippy::unwrap_used)] // test code: a failed unwrap is a failed test

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
