//! The runtime limits of [`VmConfig`] at values other than their defaults: for each, a program
//! exactly at the configured limit runs and one step beyond fails with the limit's status, at
//! the instruction the peer reports (the golden tests in `testsuite/limits/` check the same
//! boundaries at the default limits, and "at the limit" means what it means there).
//!
//! `max_heap_values` is tested at a non-default quota in `tests/gas.rs` and
//! `tests/unverified.rs`.

#![allow(clippy::unwrap_used, clippy::panic)] // test code: a failed unwrap or panic is a failed test

use tern::{MoveValue, RunOutput, StatusCode, TypeTag, Vm, VmConfig, VmError};
use tern_primitives::{AccountAddress, Location, ModuleId};
use tern_vm::types::TypeLimits;

/// How a run executes: the interpreter has an unmetered loop, a metered one and a traced
/// one, and each checks the call depth and the operand stack's room on its own.
#[derive(Debug, Clone, Copy)]
enum Mode {
    Unmetered,
    Metered,
    Traced,
}

const MODES: [Mode; 3] = [Mode::Unmetered, Mode::Metered, Mode::Traced];

/// A VM with `config`, running in `mode`, with `source` published.
fn vm_with(config: VmConfig, mode: Mode, source: &str) -> Vm {
    let mut vm = Vm::new(config);
    match mode {
        Mode::Unmetered => {}
        Mode::Metered => vm.set_gas_budget(Some(10_000_000)),
        Mode::Traced => vm.set_tracing(true),
    }
    vm.publish_masm(source).unwrap();
    vm
}

/// The error of a run that must fail, checked for its status and `(function definition
/// index, code offset)` (empty: not raised by an instruction).
fn expect_error(
    result: Result<RunOutput, VmError>,
    status: StatusCode,
    offsets: &[(u16, u16)],
    what: &str,
) -> VmError {
    let err = match result {
        Ok(out) => panic!("{what}: ran ({:?}), expected {status:?}", out.return_values),
        Err(e) => e,
    };
    assert_eq!(err.status(), status, "{what}: {err:?}");
    assert_eq!(err.data().offsets, offsets, "{what}: {err:?}");
    err
}

/// The printed return values of a run that must succeed.
fn returns(result: Result<RunOutput, VmError>, what: &str) -> Vec<String> {
    match result {
        Ok(out) => out.return_values,
        Err(e) => panic!("{what}: failed with {e:?}"),
    }
}

fn module(name: &str) -> Location {
    Location::Module(ModuleId::new(
        AccountAddress::from_u64(0x42),
        tern_primitives::Identifier::new(name).unwrap(),
    ))
}

/// `vector<vector<...<inner>...>>`, `k` vectors deep.
fn vectors(k: usize, inner: &str) -> String {
    format!("{}{inner}{}", "vector<".repeat(k), ">".repeat(k))
}

fn tag(text: &str) -> TypeTag {
    TypeTag::parse(text, &|_| None).unwrap()
}

// ---------------------------------------------------------------------------------------
// Call depth

/// `down(n)` makes `n` nested calls and returns `n`, through a plain call (definition 0), a
/// generic call (1), a call of a closure just packed (2) or of one copied from a local (3,
/// the fused `copy_loc; call_closure` path); the call instruction is at offset 7, 7, 8 and
/// 10. `hop(n)` (4) and `hop_generic<T>(n)` (5) call each other, each call at offset 7:
/// a non-generic caller enters an instantiation it already made on the fast path.
const DEPTH: &str = "module 0x42::depth
public fun down(n: u64): u64
    copy_loc n
    ld_u64 0
    eq
    br_true done
    copy_loc n
    ld_u64 1
    sub
    call down
    ld_u64 1
    add
    ret
done:
    ld_u64 0
    ret
public fun down_generic<T>(n: u64): u64
    copy_loc n
    ld_u64 0
    eq
    br_true done
    copy_loc n
    ld_u64 1
    sub
    call down_generic<T>
    ld_u64 1
    add
    ret
done:
    ld_u64 0
    ret
public fun down_closure(n: u64): u64
    copy_loc n
    ld_u64 0
    eq
    br_true done
    copy_loc n
    ld_u64 1
    sub
    pack_closure down_closure, 0
    call_closure <|u64|u64 has copy + drop>
    ld_u64 1
    add
    ret
done:
    ld_u64 0
    ret
public fun down_local(n: u64): u64
    local f: |u64|u64 has copy + drop
    copy_loc n
    ld_u64 0
    eq
    br_true done
    pack_closure down_local, 0
    st_loc f
    copy_loc n
    ld_u64 1
    sub
    copy_loc f
    call_closure <|u64|u64 has copy + drop>
    ld_u64 1
    add
    ret
done:
    ld_u64 0
    ret
public fun hop(n: u64): u64
    copy_loc n
    ld_u64 0
    eq
    br_true done
    copy_loc n
    ld_u64 1
    sub
    call hop_generic<u8>
    ld_u64 1
    add
    ret
done:
    ld_u64 0
    ret
public fun hop_generic<T>(n: u64): u64
    copy_loc n
    ld_u64 0
    eq
    br_true done
    copy_loc n
    ld_u64 1
    sub
    call hop
    ld_u64 1
    add
    ret
done:
    ld_u64 0
    ret
";

fn call_depth(limit: usize) -> VmConfig {
    VmConfig {
        max_call_depth: limit,
        ..VmConfig::default()
    }
}

/// Checks that `function` (with `type_args`) makes `limit` nested calls under a call-depth
/// limit of `limit`, and that one more fails with `CALL_STACK_OVERFLOW` at the call.
fn check_call_depth(function: &str, type_args: &[TypeTag], call: (u16, u16), limit: u64) {
    for mode in MODES {
        let mut vm = vm_with(call_depth(limit as usize), mode, DEPTH);
        let path = format!("0x42::depth::{function}");
        let what = format!("{function}({limit}) {mode:?}");
        let ok = vm.call(&path, type_args, &[MoveValue::U64(limit)]);
        assert_eq!(returns(ok, &what), vec![limit.to_string()], "{what}");
        let what = format!("{function}({}) {mode:?}", limit + 1);
        let over = vm.call(&path, type_args, &[MoveValue::U64(limit + 1)]);
        let err = expect_error(over, StatusCode::CALL_STACK_OVERFLOW, &[call], &what);
        // Reported at the caller, as the peer does.
        assert_eq!(*err.location(), module("depth"), "{what}");
    }
}

#[test]
fn call_depth_of_ten_allows_ten_nested_plain_calls_and_no_more() {
    check_call_depth("down", &[], (0, 7), 10);
    // The same eleven calls are within the default limit: the configured one failed them.
    let mut vm = vm_with(VmConfig::default(), Mode::Unmetered, DEPTH);
    let out = vm.call("0x42::depth::down", &[], &[MoveValue::U64(11)]);
    assert_eq!(returns(out, "down(11), default"), vec!["11"]);
}

#[test]
fn call_depth_of_ten_allows_ten_nested_generic_calls_and_no_more() {
    check_call_depth("down_generic", &[TypeTag::U8], (1, 7), 10);
}

#[test]
fn call_depth_of_ten_allows_ten_nested_closure_calls_and_no_more() {
    check_call_depth("down_closure", &[], (2, 8), 10);
}

#[test]
fn call_depth_of_ten_allows_ten_nested_calls_of_a_closure_in_a_local_and_no_more() {
    check_call_depth("down_local", &[], (3, 10), 10);
}

#[test]
fn call_depth_of_ten_allows_ten_alternating_plain_and_generic_calls_and_no_more() {
    // The eleventh call is made by `hop`, which makes the odd-numbered ones.
    check_call_depth("hop", &[], (4, 7), 10);
}

#[test]
fn call_depth_of_one_allows_a_single_call() {
    check_call_depth("down", &[], (0, 7), 1);
}

// ---------------------------------------------------------------------------------------
// Operand stack

/// `rec2(n)` leaves two values on the operand stack in each of its `n` nested frames and
/// needs two more at the innermost call (the golden `operand_stack.masm`): it peaks at
/// `2n + 2` values, and with `2n + 2 > limit` the third push of the frame that finds `2n`
/// values there (`copy_loc n`, offset 6) overflows. `sum_<k>()` pushes `k` values in a row
/// (offsets 0 to k - 1) and adds them up.
fn operand_stack_source(sums: &[usize]) -> String {
    let mut src = String::from(
        "module 0x42::ostack
public fun rec2(n: u64)
    copy_loc n
    ld_u64 0
    eq
    br_true done
    ld_u64 7
    ld_u64 7
    copy_loc n
    ld_u64 1
    sub
    call rec2
    pop
    pop
    ret
done:
    ret
",
    );
    for k in sums {
        src.push_str(&format!("public fun sum_{k}(): u64\n"));
        src.push_str(&"    ld_u64 1\n".repeat(*k));
        src.push_str(&"    add\n".repeat(k - 1));
        src.push_str("    ret\n");
    }
    src
}

/// Checks both programs at and one past an operand-stack limit of `limit` (even).
fn check_operand_stack(limit: usize) {
    let source = operand_stack_source(&[limit, limit + 1]);
    let config = VmConfig {
        max_operand_stack: limit,
        ..VmConfig::default()
    };
    let n = (limit as u64 - 2) / 2;
    for mode in MODES {
        let mut vm = vm_with(config.clone(), mode, &source);
        let what = format!("rec2({n}) with {limit} {mode:?}");
        let at = vm.call("0x42::ostack::rec2", &[], &[MoveValue::U64(n)]);
        assert!(returns(at, &what).is_empty(), "{what}");
        let what = format!("rec2({}) with {limit} {mode:?}", n + 1);
        let over = vm.call("0x42::ostack::rec2", &[], &[MoveValue::U64(n + 1)]);
        expect_error(over, StatusCode::EXECUTION_STACK_OVERFLOW, &[(0, 6)], &what);

        let what = format!("sum_{limit} {mode:?}");
        let sum = vm.call(&format!("0x42::ostack::sum_{limit}"), &[], &[]);
        assert_eq!(returns(sum, &what), vec![limit.to_string()], "{what}");
        let what = format!("sum_{} {mode:?}", limit + 1);
        let over = vm.call(&format!("0x42::ostack::sum_{}", limit + 1), &[], &[]);
        // The push at offset `limit` is the one past the limit (function 1 is `sum_<limit>`).
        let push = (2, limit as u16);
        expect_error(over, StatusCode::EXECUTION_STACK_OVERFLOW, &[push], &what);
    }
}

#[test]
fn operand_stack_of_fifty_values_holds_fifty_and_no_more() {
    check_operand_stack(50);
}

// The stack's buffer starts at 64 values and grows on demand: a limit above that is reached
// by growing, and must still be exact.
#[test]
fn operand_stack_limit_reached_by_growing_the_buffer_is_exact() {
    check_operand_stack(100);
}

// ---------------------------------------------------------------------------------------
// Type limits

/// `inner<T>` (definition 0) does nothing; `boxed<T>` (1) calls `inner<Box<T>>` and
/// `paired<T>` (2) calls `inner<Pair<T, u8>>`, both at offset 0, instantiating a type one
/// level deeper, or two nodes larger, than `T` at run time.
const TYPES: &str = "module 0x42::types
struct Box<T> has drop
    t: T
struct Pair<A, B> has drop
    a: A
    b: B
public fun inner<T>(): u64
    ld_u64 1
    ret
public fun boxed<T>(): u64
    call inner<Box<T>>
    ret
public fun paired<T>(): u64
    call inner<Pair<T, u8>>
    ret
";

fn type_limits(max_nodes: u32, max_depth: u32) -> VmConfig {
    VmConfig {
        type_limits: TypeLimits {
            max_nodes,
            max_depth,
            ..TypeLimits::default()
        },
        ..VmConfig::default()
    }
}

fn call_types(vm: &mut Vm, function: &str, ty: &str) -> Result<RunOutput, VmError> {
    vm.call(&format!("0x42::types::{function}"), &[tag(ty)], &[])
}

#[test]
fn type_depth_of_five_limits_entry_type_arguments() {
    let mut vm = vm_with(type_limits(128, 5), Mode::Unmetered, TYPES);
    // `vector<vector<vector<vector<u8>>>>` is 5 deep.
    let at = vectors(4, "u8");
    assert_eq!(returns(call_types(&mut vm, "inner", &at), &at), vec!["1"]);
    let over = vectors(5, "u8");
    let err = expect_error(
        call_types(&mut vm, "inner", &over),
        StatusCode::VM_MAX_TYPE_DEPTH_REACHED,
        &[],
        &over,
    );
    assert_eq!(err.message(), Some("Type depth is larger than maximum 5"));
    assert_eq!(*err.location(), Location::Undefined);
}

#[test]
fn type_depth_of_five_limits_types_instantiated_at_run_time() {
    let mut vm = vm_with(type_limits(128, 5), Mode::Unmetered, TYPES);
    // `Box<vector<vector<vector<u8>>>>` is 5 deep.
    let at = vectors(3, "u8");
    assert_eq!(returns(call_types(&mut vm, "boxed", &at), &at), vec!["1"]);
    let over = vectors(4, "u8");
    let err = expect_error(
        call_types(&mut vm, "boxed", &over),
        StatusCode::VM_MAX_TYPE_DEPTH_REACHED,
        &[(1, 0)],
        &over,
    );
    assert_eq!(err.message(), Some("Type depth is larger than maximum 5"));
    assert_eq!(*err.location(), module("types"));
}

#[test]
fn type_size_of_twelve_limits_entry_type_arguments() {
    let mut vm = vm_with(type_limits(12, 20), Mode::Unmetered, TYPES);
    // 1 + 5 + 6 = 12 nodes, then 1 + 6 + 6 = 13.
    let pair = |a: usize, b: usize| {
        format!(
            "0x42::types::Pair<{}, {}>",
            vectors(a, "u8"),
            vectors(b, "u8")
        )
    };
    let at = pair(4, 5);
    assert_eq!(returns(call_types(&mut vm, "inner", &at), &at), vec!["1"]);
    let over = pair(5, 5);
    let err = expect_error(
        call_types(&mut vm, "inner", &over),
        StatusCode::TOO_MANY_TYPE_NODES,
        &[],
        &over,
    );
    assert_eq!(err.message(), Some("Type size is larger than maximum 12"));
    assert_eq!(*err.location(), Location::Undefined);
}

// A generic call's type arguments past the limit keep their status, located at the call
// with no execution state: the peer instantiates them as it loads the callee, outside the
// call instruction's execution (testsuite `limits/type_size.masm`,
// `limits/call_type_arguments.masm`).
#[test]
fn type_size_of_twelve_limits_types_instantiated_at_run_time() {
    let mut vm = vm_with(type_limits(12, 20), Mode::Unmetered, TYPES);
    // `Pair<T, u8>` has the nodes of `T` plus 2: 10 + 2 = 12, then 11 + 2 = 13.
    let at = vectors(9, "u8");
    assert_eq!(returns(call_types(&mut vm, "paired", &at), &at), vec!["1"]);
    let over = vectors(10, "u8");
    let err = expect_error(
        call_types(&mut vm, "paired", &over),
        StatusCode::TOO_MANY_TYPE_NODES,
        &[(2, 0)],
        &over,
    );
    assert_eq!(err.message(), Some("Type size is larger than maximum 12"));
    assert_eq!(*err.location(), module("types"));
    assert!(err.data().exec_state.is_none());
}

// ---------------------------------------------------------------------------------------
// Value depth

/// `deep(n)` nests `n` closures (the golden `value_depth.masm`) and calls the outermost
/// with 0, which returns `n - 1`; the `pack_closure` of the outer ones is at offset 9 of
/// definition 2.
const VALUE_DEPTH: &str = "module 0x42::vdepth
public fun leaf(x: u64): u64
    move_loc x
    ret
public fun wrap(g: |u64|u64 has copy + drop, x: u64): u64
    move_loc x
    ld_u64 1
    add
    move_loc g
    call_closure <|u64|u64 has copy + drop>
    ret
public fun deep(n: u64): u64
    local c: |u64|u64 has copy + drop
    local i: u64
    pack_closure leaf, 0
    st_loc c
    ld_u64 1
    st_loc i
loop:
    copy_loc i
    copy_loc n
    lt
    br_false done
    move_loc c
    pack_closure wrap, 1
    st_loc c
    move_loc i
    ld_u64 1
    add
    st_loc i
    branch loop
done:
    ld_u64 0
    move_loc c
    call_closure <|u64|u64 has copy + drop>
    ret
";

#[test]
fn value_depth_of_ten_allows_eleven_nested_closures_and_no_more() {
    // A closure's captured values may be as deep as the limit (the Aptos VM's measure), so
    // one closure more than the limit packs.
    let config = VmConfig {
        max_value_depth: 10,
        ..VmConfig::default()
    };
    for mode in MODES {
        let mut vm = vm_with(config.clone(), mode, VALUE_DEPTH);
        let at = vm.call("0x42::vdepth::deep", &[], &[MoveValue::U64(11)]);
        assert_eq!(returns(at, &format!("deep(11) {mode:?}")), vec!["10"]);
        let over = vm.call("0x42::vdepth::deep", &[], &[MoveValue::U64(12)]);
        let what = format!("deep(12) {mode:?}");
        let err = expect_error(
            over,
            StatusCode::VM_MAX_VALUE_DEPTH_REACHED,
            &[(2, 9)],
            &what,
        );
        assert_eq!(*err.location(), module("vdepth"));
    }
}

/// `build(n)` returns `n` nested closures; `copy_it(n)` copies them before calling them
/// (the `copy_loc` at offset 4 of definition 3), `move_it(n)` calls them without a copy (the
/// golden `value_depth_at_limit.masm`).
const VALUE_DEPTH_AT_LIMIT: &str = "module 0x42::vd
public fun leaf(x: u64): u64
    move_loc x
    ret
public fun wrap(g: |u64|u64 has copy + drop, x: u64): u64
    move_loc x
    ld_u64 1
    add
    move_loc g
    call_closure <|u64|u64 has copy + drop>
    ret
public fun build(n: u64): |u64|u64 has copy + drop
    local c: |u64|u64 has copy + drop
    local i: u64
    pack_closure leaf, 0
    st_loc c
    ld_u64 1
    st_loc i
loop:
    copy_loc i
    copy_loc n
    lt
    br_false done
    move_loc c
    pack_closure wrap, 1
    st_loc c
    move_loc i
    ld_u64 1
    add
    st_loc i
    branch loop
done:
    move_loc c
    ret
public fun copy_it(n: u64): u64
    local c: |u64|u64 has copy + drop
    move_loc n
    call build
    st_loc c
    ld_u64 0
    copy_loc c
    call_closure <|u64|u64 has copy + drop>
    ret
public fun move_it(n: u64): u64
    ld_u64 0
    move_loc n
    call build
    call_closure <|u64|u64 has copy + drop>
    ret
";

#[test]
fn value_depth_of_ten_limits_copies_and_return_values_too() {
    // As at the default limit of 128 (`limits/value_depth_at_limit`): `limit` nested closures
    // copy and return; one more packs and runs, but is too deep to copy or to return.
    for limit in [10u64, 200] {
        let config = VmConfig {
            max_value_depth: limit as usize,
            ..VmConfig::default()
        };
        for mode in MODES {
            let mut vm = vm_with(config.clone(), mode, VALUE_DEPTH_AT_LIMIT);
            let call = |vm: &mut Vm, f: &str, n: u64| {
                vm.call(&format!("0x42::vd::{f}"), &[], &[MoveValue::U64(n)])
            };
            let what = format!("limit {limit} {mode:?}");
            let copied = call(&mut vm, "copy_it", limit);
            assert_eq!(returns(copied, &what), vec![(limit - 1).to_string()]);
            let moved = call(&mut vm, "move_it", limit + 1);
            assert_eq!(returns(moved, &what), vec![limit.to_string()]);
            let too_deep = call(&mut vm, "copy_it", limit + 1);
            let err = expect_error(
                too_deep,
                StatusCode::VM_MAX_VALUE_DEPTH_REACHED,
                &[(3, 4)],
                &what,
            );
            assert_eq!(*err.location(), module("vd"));
            let returned = call(&mut vm, "build", limit + 1);
            expect_error(
                returned,
                StatusCode::UNKNOWN_INVARIANT_VIOLATION_ERROR,
                &[],
                &what,
            );
        }
    }
}

// ---------------------------------------------------------------------------------------
// Layout limits

/// `nest_<k>()` returns an empty `vector` nested `k` deep around `u8` (a layout of `k + 1`
/// nodes, `k + 1` deep); `store_<k>` publishes a resource `R<k>` whose field is such a
/// vector (`k + 2` nodes; the `move_to` at offset 3); `ser_<k>` serializes one with
/// `bcs::to_bytes`.
fn layout_source(ks: std::ops::RangeInclusive<usize>) -> String {
    let mut src = String::from("module 0x42::layout\nuse 0x1::bcs\n");
    for k in ks {
        let ty = vectors(k, "u8");
        let elem = vectors(k - 1, "u8");
        src.push_str(&format!(
            "struct R{k} has key
    v: {ty}
public fun nest_{k}(): {ty}
    vec_pack <{elem}>, 0
    ret
public fun store_{k}(s: &signer)
    move_loc s
    vec_pack <{elem}>, 0
    pack R{k}
    move_to R{k}
    ret
public fun ser_{k}(): vector<u8>
    local x: {ty}
    vec_pack <{elem}>, 0
    st_loc x
    borrow_loc x
    call bcs::to_bytes<{ty}>
    ret
"
        ));
    }
    src
}

/// A VM with the standard library (for `bcs`), `config`, and [`layout_source`] published.
fn layout_vm(config: VmConfig) -> Vm {
    let mut vm = Vm::new(config);
    vm.publish_stdlib().unwrap();
    vm.publish_masm(&layout_source(1..=8)).unwrap();
    vm
}

/// The definition index of `store_<k>` in [`layout_source`]`(1..=8)`.
fn store_index(k: u16) -> u16 {
    3 * (k - 1) + 1
}

fn layout_nodes(max: usize) -> VmConfig {
    VmConfig {
        max_layout_nodes: max,
        ..VmConfig::default()
    }
}

#[test]
fn layout_nodes_of_eight_limit_return_values() {
    let mut vm = layout_vm(layout_nodes(8));
    let at = vm.call("0x42::layout::nest_7", &[], &[]);
    assert_eq!(returns(at, "nest_7"), vec!["[]"]);
    let over = vm.call("0x42::layout::nest_8", &[], &[]);
    let err = expect_error(over, StatusCode::TOO_MANY_TYPE_NODES, &[], "nest_8");
    assert_eq!(
        err.message(),
        Some("Number of type nodes when constructing type layout exceeded the maximum of 8")
    );
    assert_eq!(*err.location(), Location::Undefined);
}

// `move_to` reports a layout too large as VERIFICATION_ERROR at the instruction (testsuite
// `limits/layout_size.masm`).
#[test]
fn layout_nodes_of_eight_limit_move_to() {
    let mut vm = layout_vm(layout_nodes(8));
    let signer = [MoveValue::Signer(AccountAddress::from_u64(2))];
    let at = vm.call("0x42::layout::store_6", &[], &signer);
    assert!(returns(at, "store_6").is_empty());
    let over = vm.call("0x42::layout::store_7", &[], &signer);
    let at = (store_index(7), 3);
    let err = expect_error(over, StatusCode::VERIFICATION_ERROR, &[at], "store_7");
    assert_eq!(*err.location(), module("layout"));
}

// `bcs::to_bytes` aborts with 453 (BCS serialization failure) located at `0x1::bcs`.
#[test]
fn layout_nodes_of_eight_limit_bcs_to_bytes() {
    let mut vm = layout_vm(layout_nodes(8));
    let at = vm.call("0x42::layout::ser_7", &[], &[]);
    assert_eq!(returns(at, "ser_7"), vec!["[0]"]);
    let over = vm.call("0x42::layout::ser_8", &[], &[]);
    let err = expect_error(over, StatusCode::ABORTED, &[(0, 0)], "ser_8");
    assert_eq!(err.sub_status(), Some(453));
    let bcs = ModuleId::new(
        AccountAddress::from_u64(1),
        tern_primitives::Identifier::new("bcs").unwrap(),
    );
    assert_eq!(*err.location(), Location::Module(bcs));
}

#[test]
fn layout_depth_of_five_limits_return_values() {
    let mut vm = layout_vm(VmConfig {
        max_layout_depth: 5,
        ..VmConfig::default()
    });
    let at = vm.call("0x42::layout::nest_4", &[], &[]);
    assert_eq!(returns(at, "nest_4"), vec!["[]"]);
    let over = vm.call("0x42::layout::nest_5", &[], &[]);
    let err = expect_error(over, StatusCode::VM_MAX_VALUE_DEPTH_REACHED, &[], "nest_5");
    assert_eq!(
        err.message(),
        Some("Depth of a layout exceeded the maximum of 5 during construction")
    );
}

// ---------------------------------------------------------------------------------------
// Abort message

const ABORT: &str = "module 0x42::ab
public fun fail(m: vector<u8>)
    ld_u64 7
    move_loc m
    abort_msg
";

#[test]
fn abort_message_of_sixteen_bytes_allows_sixteen_and_no_more() {
    let mut vm = Vm::new(VmConfig {
        max_abort_message: 16,
        ..VmConfig::default()
    });
    // `abort_msg` needs bytecode version 10, which `Vm::publish_masm` serializes at.
    vm.publish_masm(ABORT).unwrap();
    let at = vm.call("0x42::ab::fail", &[], &[MoveValue::bytes([b'a'; 16])]);
    let err = expect_error(at, StatusCode::ABORTED, &[(0, 2)], "16 bytes");
    assert_eq!(err.sub_status(), Some(7));
    assert_eq!(err.message(), Some("aaaaaaaaaaaaaaaa"));
    let over = vm.call("0x42::ab::fail", &[], &[MoveValue::bytes([b'a'; 17])]);
    let what = "17 bytes";
    let err = expect_error(
        over,
        StatusCode::ABORT_MESSAGE_LIMIT_EXCEEDED,
        &[(0, 2)],
        what,
    );
    assert_eq!(
        err.message(),
        Some("Expected at most 16 bytes, got 17 bytes")
    );
}
