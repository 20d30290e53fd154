//! Integer arithmetic of every width, run by the VM (through the interpreter's fast paths and
//! its general path alike), checked against a reference computed exactly in 256-bit integers
//! (ethnum) by proptest: results, and `ARITHMETIC_ERROR` exactly where the reference is out of
//! range, divides by zero, or is a signed `MIN % -1`. Covered: `add sub mul div mod`, the six
//! comparisons, `bit_and bit_or xor shl shr` on the unsigned types, `negate` on the signed
//! ones, and `cast_<to>` between every pair of the twelve types.
//!
//! Bitwise operations and shifts are unsigned only: the peer's verifier rejects them on signed
//! integers (`INTEGER_OP_TYPE_MISMATCH_ERROR`, spec errata "Signed integers"), so there is no
//! signed shift to test. A shift amount is a `u8`; one at or past the bit width is an
//! `ARITHMETIC_ERROR`, and `shl` drops the bits shifted out.

#![allow(clippy::unwrap_used, clippy::panic)] // test code: a failed unwrap or panic is a failed test

use proptest::prelude::*;
use std::sync::OnceLock;
use tern::{MoveValue, StatusCode, Vm};
use tern_primitives::{I256, U256};

/// The integer types: name, bit width, signedness. The first [`NARROW`] are the types up to
/// 128 bits, whose values and results fit the `I256` reference with room to spare.
const TYPES: [(&str, u32, bool); 12] = [
    ("u8", 8, false),
    ("u16", 16, false),
    ("u32", 32, false),
    ("u64", 64, false),
    ("u128", 128, false),
    ("i8", 8, true),
    ("i16", 16, true),
    ("i32", 32, true),
    ("i64", 64, true),
    ("i128", 128, true),
    ("u256", 256, false),
    ("i256", 256, true),
];

/// How many of [`TYPES`] are at most 128 bits wide.
const NARROW: usize = 10;

/// Binary operations of every integer type (the first five are the arithmetic ones).
const OPS: [&str; 11] = [
    "add", "sub", "mul", "div", "mod", "lt", "gt", "le", "ge", "eq", "neq",
];

/// Operations of the unsigned types only (the shift amount of `shl` and `shr` is a `u8`).
const BIT_OPS: [&str; 5] = ["bit_and", "bit_or", "xor", "shl", "shr"];

fn is_comparison(op: &str) -> bool {
    matches!(op, "lt" | "gt" | "le" | "ge" | "eq" | "neq")
}

/// A module with `<op>_<type>(a, b)` for every op and type, `<bit op>_<type>(a, b)` for the
/// unsigned types, `negate_<type>(a)` for the signed ones, `cast_<from>_to_<to>(a)` for every
/// pair, and `<op>_k_u64(a)` forms that compute with an immediate (the fused
/// super-instruction paths).
fn module_source() -> String {
    let mut src = String::from("module 0x42::arith\n");
    for (ty, _, signed) in TYPES {
        for op in OPS {
            let ret = if is_comparison(op) { "bool" } else { ty };
            src.push_str(&binary_function(&format!("{op}_{ty}"), op, ty, ty, ret));
        }
        if signed {
            src.push_str(&format!(
                "public fun negate_{ty}(a: {ty}): {ty}\n    move_loc a\n    negate\n    ret\n"
            ));
        } else {
            for op in BIT_OPS {
                let rhs = if op.starts_with("sh") { "u8" } else { ty };
                src.push_str(&binary_function(&format!("{op}_{ty}"), op, ty, rhs, ty));
            }
        }
        for (to, _, _) in TYPES {
            src.push_str(&format!(
                "public fun cast_{ty}_to_{to}(a: {ty}): {to}\n    move_loc a\n    cast_{to}\n    ret\n"
            ));
        }
    }
    for op in ["add", "sub", "mul", "div", "mod"] {
        src.push_str(&format!(
            "public fun {op}_k_u64(a: u64): u64\n    local r: u64\n    move_loc a\n    ld_u64 7\n    {op}\n    st_loc r\n    move_loc r\n    ret\n"
        ));
    }
    src
}

/// `public fun name(a: lhs, b: rhs): ret` computing `a <op> b`.
fn binary_function(name: &str, op: &str, lhs: &str, rhs: &str, ret: &str) -> String {
    format!(
        "public fun {name}(a: {lhs}, b: {rhs}): {ret}\n    move_loc a\n    move_loc b\n    {op}\n    ret\n"
    )
}

fn vm() -> &'static std::sync::Mutex<Vm> {
    static VM: OnceLock<std::sync::Mutex<Vm>> = OnceLock::new();
    VM.get_or_init(|| {
        let mut vm = Vm::with_stdlib().unwrap();
        vm.publish_masm(&module_source()).unwrap();
        std::sync::Mutex::new(vm)
    })
}

/// The range of a type as 256-bit signed integers.
fn range(bits: u32, signed: bool) -> (I256, I256) {
    if signed {
        let half = I256::ONE << (bits - 1);
        (-half, half - I256::ONE)
    } else {
        (I256::ZERO, (I256::ONE << bits) - I256::ONE)
    }
}

fn move_value(ty: &str, v: I256) -> MoveValue {
    match ty {
        "u8" => MoveValue::U8(v.as_u8()),
        "u16" => MoveValue::U16(v.as_u16()),
        "u32" => MoveValue::U32(v.as_u32()),
        "u64" => MoveValue::U64(v.as_u64()),
        "u128" => MoveValue::U128(v.as_u128()),
        "i8" => MoveValue::I8(v.as_i8()),
        "i16" => MoveValue::I16(v.as_i16()),
        "i32" => MoveValue::I32(v.as_i32()),
        "i64" => MoveValue::I64(v.as_i64()),
        "i128" => MoveValue::I128(v.as_i128()),
        "u256" => MoveValue::U256(v.as_u256()),
        _ => MoveValue::I256(v),
    }
}

/// The reference result of `op` (a value, a bool, or `None` for an arithmetic error).
fn reference(op: &str, a: I256, b: I256, bits: u32, signed: bool) -> Option<MoveValueOf> {
    let (min, max) = range(bits, signed);
    let in_range = |r: Option<I256>| r.filter(|r| *r >= min && *r <= max).map(MoveValueOf::Int);
    match op {
        "add" => in_range(a.checked_add(b)),
        "sub" => in_range(a.checked_sub(b)),
        "mul" => in_range(a.checked_mul(b)),
        "div" => in_range(if b == I256::ZERO { None } else { Some(a / b) }),
        "mod" if b == I256::ZERO || (signed && a == min && b == -I256::ONE) => None,
        "mod" => in_range(Some(a % b)),
        "lt" => Some(MoveValueOf::Bool(a < b)),
        "gt" => Some(MoveValueOf::Bool(a > b)),
        "le" => Some(MoveValueOf::Bool(a <= b)),
        "ge" => Some(MoveValueOf::Bool(a >= b)),
        "eq" => Some(MoveValueOf::Bool(a == b)),
        _ => Some(MoveValueOf::Bool(a != b)),
    }
}

/// An expected result before conversion to the type's value.
enum MoveValueOf {
    Int(I256),
    Bool(bool),
}

/// Runs `function` and compares with `expected` (`None`: an arithmetic error).
fn check(function: &str, args: &[MoveValue], expected: Option<MoveValue>) {
    let mut vm = vm().lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let result = vm.call(&format!("0x42::arith::{function}"), &[], args);
    match (result, expected) {
        (Ok(out), Some(want)) => assert_eq!(
            out.return_bytes,
            vec![want.to_bcs()],
            "{function}({args:?}) should be {want:?}"
        ),
        (Err(e), None) => assert_eq!(e.status(), StatusCode::ARITHMETIC_ERROR, "{function}"),
        (Ok(out), None) => panic!(
            "{function}({args:?}) gave {:?}, expected an error",
            out.return_values
        ),
        (Err(e), Some(want)) => panic!("{function}({args:?}) failed with {e:?}, expected {want:?}"),
    }
}

/// A value of a type: edge values often, otherwise uniform over the type's range.
fn value(bits: u32, signed: bool) -> impl Strategy<Value = I256> {
    let (min, max) = range(bits, signed);
    let uniform = any::<[u8; 32]>().prop_map(move |bytes| {
        let raw = U256::from_le_bytes(bytes) & ((U256::ONE << bits) - U256::ONE);
        let v = raw.as_i256();
        if signed && v > max {
            v - (I256::ONE << bits)
        } else {
            v
        }
    });
    prop_oneof![
        1 => Just(min),
        1 => Just(max),
        1 => Just(I256::ZERO),
        1 => Just(I256::ONE),
        1 => Just(if signed { -I256::ONE } else { I256::ONE }),
        1 => (0i64..16).prop_map(I256::from),
        6 => uniform,
    ]
}

fn narrow_case() -> impl Strategy<Value = (usize, usize, I256, I256)> {
    (0..NARROW, 0..OPS.len()).prop_flat_map(|(t, op)| {
        let (_, bits, signed) = TYPES[t];
        (Just(t), Just(op), value(bits, signed), value(bits, signed))
    })
}

/// A value of any of the twelve types, exactly: an `I256`, or a `u256` above `I256::MAX`.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Exact {
    Small(I256),
    Huge(U256),
}

impl Exact {
    fn from_u256(u: U256) -> Exact {
        if u > I256::MAX.as_u256() {
            Exact::Huge(u)
        } else {
            Exact::Small(u.as_i256())
        }
    }

    /// The 256-bit two's complement pattern (the value itself for a non-negative one).
    fn to_u256_bits(self) -> U256 {
        match self {
            Exact::Small(v) => v.as_u256(),
            Exact::Huge(u) => u,
        }
    }

    /// Whether the value is in the range of type `t` (an index of [`TYPES`]).
    fn fits(self, t: usize) -> bool {
        let (_, bits, signed) = TYPES[t];
        match self {
            Exact::Huge(_) => bits == 256 && !signed,
            Exact::Small(v) if bits == 256 => signed || v >= I256::ZERO,
            Exact::Small(v) => {
                let (min, max) = range(bits, signed);
                v >= min && v <= max
            }
        }
    }

    /// The value as an argument or result of type `t`, which it fits.
    fn move_value(self, t: usize) -> MoveValue {
        match self {
            Exact::Small(v) => move_value(TYPES[t].0, v),
            Exact::Huge(u) => MoveValue::U256(u),
        }
    }
}

/// Values at and around the bounds of type `t` and around zero, as exact integers (some
/// outside the type's range: the casts to `t` that must fail).
fn edges(t: usize) -> Vec<Exact> {
    let (_, bits, signed) = TYPES[t];
    let near = [-I256::ONE, I256::ZERO, I256::ONE];
    let mut out: Vec<Exact> = near.iter().map(|d| Exact::Small(*d)).collect();
    if bits <= 128 {
        let (min, max) = range(bits, signed);
        out.extend(
            near.iter()
                .flat_map(|d| [min + d, max + d])
                .map(Exact::Small),
        );
    } else if signed {
        out.extend([I256::MIN, I256::MIN + 1, I256::MAX - 1, I256::MAX].map(Exact::Small));
        out.push(Exact::from_u256(I256::MAX.as_u256() + 1));
    } else {
        out.extend([U256::MAX - 1, U256::MAX].map(Exact::from_u256));
    }
    out
}

/// The values of [`edges`] of type `target` that are values of type `t`, and zero.
fn edges_within(target: usize, t: usize) -> Vec<Exact> {
    let mut out: Vec<Exact> = edges(target).into_iter().filter(|e| e.fits(t)).collect();
    out.push(Exact::Small(I256::ZERO));
    out
}

/// A value of type `t`: [`value`] for the narrow types; for the 256-bit ones its edge values
/// often, otherwise uniform over its range.
fn exact_value(t: usize) -> BoxedStrategy<Exact> {
    let (_, bits, signed) = TYPES[t];
    if bits <= 128 {
        return value(bits, signed).prop_map(Exact::Small).boxed();
    }
    let uniform = any::<[u8; 32]>().prop_map(move |bytes| {
        if signed {
            Exact::Small(I256::from_le_bytes(bytes))
        } else {
            Exact::from_u256(U256::from_le_bytes(bytes))
        }
    });
    prop_oneof![
        2 => prop::sample::select(edges_within(t, t)),
        1 => (0i64..16).prop_map(|v| Exact::Small(I256::from(v))),
        6 => uniform,
    ]
    .boxed()
}

/// The indices in [`TYPES`] of the unsigned (`false`) or signed (`true`) types.
fn types_where(signed: bool) -> Vec<usize> {
    (0..TYPES.len()).filter(|t| TYPES[*t].2 == signed).collect()
}

/// A shift amount for a type of `bits` bits: in range mostly, the largest in range and the
/// first past it often (for `u256` every `u8` is in range).
fn shift_amount(bits: u32) -> impl Strategy<Value = u8> {
    let largest = u8::try_from(bits - 1).unwrap();
    prop_oneof![
        4 => 0..=largest,
        1 => Just(largest),
        1 => Just(largest.saturating_add(1)),
        2 => any::<u8>(),
    ]
}

/// An unsigned type, one of [`BIT_OPS`], and its operands (the right one a `u8` amount for a
/// shift, as a `U256`).
fn bit_case() -> impl Strategy<Value = (usize, usize, U256, U256)> {
    let unsigned = prop::sample::select(types_where(false));
    (unsigned, 0..BIT_OPS.len()).prop_flat_map(|(t, op)| {
        let bits = TYPES[t].1;
        let a = exact_value(t).prop_map(Exact::to_u256_bits);
        let b = if BIT_OPS[op].starts_with("sh") {
            shift_amount(bits).prop_map(U256::from).boxed()
        } else {
            exact_value(t).prop_map(Exact::to_u256_bits).boxed()
        };
        (Just(t), Just(op), a, b)
    })
}

/// The expected result of a [`BIT_OPS`] operation on unsigned values of `bits` bits (`b` the
/// shift amount of a shift); `None` where the VM must raise `ARITHMETIC_ERROR`.
fn bit_reference(op: &str, a: U256, b: U256, bits: u32) -> Option<U256> {
    let mask = if bits == 256 {
        U256::MAX
    } else {
        (U256::ONE << bits) - U256::ONE
    };
    match op {
        "bit_and" => Some(a & b),
        "bit_or" => Some(a | b),
        "xor" => Some(a ^ b),
        _ if b >= U256::from(bits) => None,
        "shl" => Some((a << b.as_u32()) & mask),
        _ => Some(a >> b.as_u32()),
    }
}

/// A source type, a target type and a value of the source type: often one at or next to a
/// bound of the target, where the cast starts or stops failing.
fn cast_case() -> impl Strategy<Value = (usize, usize, Exact)> {
    (0..TYPES.len(), 0..TYPES.len()).prop_flat_map(|(from, to)| {
        let near_bounds = prop::sample::select(edges_within(to, from));
        let v = prop_oneof![1 => exact_value(from), 1 => near_bounds];
        (Just(from), Just(to), v)
    })
}

/// A signed type and one of its values.
fn negate_case() -> impl Strategy<Value = (usize, Exact)> {
    prop::sample::select(types_where(true)).prop_flat_map(|t| (Just(t), exact_value(t)))
}

/// The expected result of `op` on two 256-bit integers (ethnum's checked operations), the
/// integer results wrapped by `$wrap`; `None` where the VM must raise `ARITHMETIC_ERROR`.
macro_rules! wide_reference {
    ($op:expr, $a:expr, $b:expr, $wrap:path) => {{
        let (a, b) = ($a, $b);
        match $op {
            "add" => a.checked_add(b).map($wrap),
            "sub" => a.checked_sub(b).map($wrap),
            "mul" => a.checked_mul(b).map($wrap),
            "div" => a.checked_div(b).map($wrap),
            "mod" => a.checked_rem(b).map($wrap),
            "lt" => Some(MoveValue::Bool(a < b)),
            "gt" => Some(MoveValue::Bool(a > b)),
            "le" => Some(MoveValue::Bool(a <= b)),
            "ge" => Some(MoveValue::Bool(a >= b)),
            "eq" => Some(MoveValue::Bool(a == b)),
            _ => Some(MoveValue::Bool(a != b)),
        }
    }};
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn narrow_integers_match_the_reference((t, op, a, b) in narrow_case()) {
        let (ty, bits, signed) = TYPES[t];
        let op = OPS[op];
        let expected = reference(op, a, b, bits, signed).map(|r| match r {
            MoveValueOf::Int(v) => move_value(ty, v),
            MoveValueOf::Bool(x) => MoveValue::Bool(x),
        });
        check(&format!("{op}_{ty}"), &[move_value(ty, a), move_value(ty, b)], expected);
    }

    #[test]
    fn u64_with_an_immediate_matches_the_reference(op in 0usize..5, a in value(64, false)) {
        let op = OPS[op];
        let expected = reference(op, a, I256::from(7), 64, false).map(|r| match r {
            MoveValueOf::Int(v) => MoveValue::U64(v.as_u64()),
            MoveValueOf::Bool(x) => MoveValue::Bool(x),
        });
        check(&format!("{op}_k_u64"), &[MoveValue::U64(a.as_u64())], expected);
    }

    #[test]
    fn u256_matches_ethnum(op in 0usize..OPS.len(), a in any::<[u8; 32]>(), b in any::<[u8; 32]>(), shape in 0u8..4) {
        let (a, mut b) = (U256::from_le_bytes(a), U256::from_le_bytes(b));
        match shape {
            0 => b >>= 200, // quotients and products that fit
            1 => b = a,     // the comparisons' equal case
            _ => {}
        }
        let op = OPS[op];
        let expected = wide_reference!(op, a, b, MoveValue::U256);
        check(&format!("{op}_u256"), &[MoveValue::U256(a), MoveValue::U256(b)], expected);
    }

    #[test]
    fn i256_matches_ethnum(op in 0usize..OPS.len(), a in any::<[u8; 32]>(), b in any::<[u8; 32]>(), shape in 0u8..4) {
        let (a, mut b) = (I256::from_le_bytes(a), I256::from_le_bytes(b));
        match shape {
            0 => b >>= 200,
            1 => b = a,
            _ => {}
        }
        let op = OPS[op];
        let expected = wide_reference!(op, a, b, MoveValue::I256);
        check(&format!("{op}_i256"), &[MoveValue::I256(a), MoveValue::I256(b)], expected);
    }
}

// 10,000 cases: about 70 for each of the 144 cast pairs; the whole file runs in about 0.2 s
// in release mode.
proptest! {
    #![proptest_config(ProptestConfig::with_cases(10_000))]

    #[test]
    fn unsigned_bit_operations_and_shifts_match_the_reference((t, op, a, b) in bit_case()) {
        let (ty, bits, _) = TYPES[t];
        let op = BIT_OPS[op];
        let rhs = if op.starts_with("sh") {
            MoveValue::U8(b.as_u8())
        } else {
            Exact::from_u256(b).move_value(t)
        };
        let expected = bit_reference(op, a, b, bits).map(|r| Exact::from_u256(r).move_value(t));
        check(&format!("{op}_{ty}"), &[Exact::from_u256(a).move_value(t), rhs], expected);
    }

    #[test]
    fn casts_between_all_widths_match_the_reference((from, to, v) in cast_case()) {
        let expected = v.fits(to).then(|| v.move_value(to));
        check(
            &format!("cast_{}_to_{}", TYPES[from].0, TYPES[to].0),
            &[v.move_value(from)],
            expected,
        );
    }

    #[test]
    fn negate_matches_the_reference((t, v) in negate_case()) {
        // Every signed value is an `Exact::Small`; only `-MIN` is out of range.
        let Exact::Small(a) = v else { panic!("{v:?} is not a signed value") };
        let expected = a
            .checked_neg()
            .map(Exact::Small)
            .filter(|r| r.fits(t))
            .map(|r| r.move_value(t));
        check(&format!("negate_{}", TYPES[t].0), &[v.move_value(t)], expected);
    }
}
