//! Integer arithmetic of every width, run by the VM (through the interpreter's fast paths and
//! its general path alike), checked against a reference computed exactly in 256-bit integers
//! (ethnum) by proptest: results, and `ARITHMETIC_ERROR` exactly where the reference is out of
//! range, divides by zero, or is a signed `MIN % -1`.

#![allow(clippy::unwrap_used, clippy::panic)] // test code: a failed unwrap or panic is a failed test

use proptest::prelude::*;
use std::sync::OnceLock;
use tern::{MoveValue, StatusCode, Vm};
use tern_primitives::{I256, U256};

/// The integer types up to 128 bits: name, bit width, signedness.
const NARROW: [(&str, u32, bool); 10] = [
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
];

const OPS: [&str; 9] = ["add", "sub", "mul", "div", "mod", "lt", "ge", "eq", "neq"];

/// A module with `<op>_<type>(a, b)` for every op and type, and `<op>_k_u64(a)` forms that
/// compute with an immediate (the fused super-instruction paths).
fn module_source() -> String {
    let mut src = String::from("module 0x42::arith\n");
    let types = NARROW.iter().map(|(t, _, _)| *t).chain(["u256", "i256"]);
    for ty in types {
        for op in OPS {
            let ret = if matches!(op, "lt" | "ge" | "eq" | "neq") {
                "bool"
            } else {
                ty
            };
            src.push_str(&format!(
                "public fun {op}_{ty}(a: {ty}, b: {ty}): {ret}\n    move_loc a\n    move_loc b\n    {op}\n    ret\n"
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
        _ => MoveValue::I128(v.as_i128()),
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
    (0..NARROW.len(), 0..OPS.len()).prop_flat_map(|(t, op)| {
        let (_, bits, signed) = NARROW[t];
        (Just(t), Just(op), value(bits, signed), value(bits, signed))
    })
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
        let (ty, bits, signed) = NARROW[t];
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
    fn u256_matches_ethnum(op in 0usize..OPS.len(), a in any::<[u8; 32]>(), b in any::<[u8; 32]>(), small in any::<bool>()) {
        let (a, mut b) = (U256::from_le_bytes(a), U256::from_le_bytes(b));
        if small {
            b >>= 200; // quotients and products that fit
        }
        let op = OPS[op];
        let expected = wide_reference!(op, a, b, MoveValue::U256);
        check(&format!("{op}_u256"), &[MoveValue::U256(a), MoveValue::U256(b)], expected);
    }

    #[test]
    fn i256_matches_ethnum(op in 0usize..OPS.len(), a in any::<[u8; 32]>(), b in any::<[u8; 32]>(), small in any::<bool>()) {
        let (a, mut b) = (I256::from_le_bytes(a), I256::from_le_bytes(b));
        if small {
            b >>= 200;
        }
        let op = OPS[op];
        let expected = wide_reference!(op, a, b, MoveValue::I256);
        check(&format!("{op}_i256"), &[MoveValue::I256(a), MoveValue::I256(b)], expected);
    }
}
