//! Integer arithmetic, comparisons, shifts and casts over runtime values, with the peer's
//! statuses and messages (`ARITHMETIC_ERROR`, `INTERNAL_TYPE_ERROR`).

use crate::values::{error_value, integer_digits, Value, W128, W256};
use tern_ir::IntKind;
use tern_primitives::{StatusCode, VmError, I256};

#[cold]
fn arith(msg: &str) -> VmError {
    VmError::new(StatusCode::ARITHMETIC_ERROR).with_message(msg)
}

#[cold]
fn type_error(msg: String) -> VmError {
    VmError::new(StatusCode::INTERNAL_TYPE_ERROR).with_message(msg)
}

/// A binary arithmetic operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BinOp {
    /// `+`.
    Add,
    /// `-`.
    Sub,
    /// `*`.
    Mul,
    /// `/`.
    Div,
    /// `%`.
    Mod,
    /// `|`.
    BitOr,
    /// `&`.
    BitAnd,
    /// `^`.
    Xor,
}

impl BinOp {
    fn mismatch(self, a: Value, b: Value) -> VmError {
        let (l, r) = (error_value(a), error_value(b));
        type_error(match self {
            BinOp::Add => format!("Cannot add {l} and {r}"),
            BinOp::Sub => format!("Cannot sub {r} from {l}"),
            BinOp::Mul => format!("Cannot mul {l} and {r}"),
            BinOp::Div => format!("Cannot div {l} by {r}"),
            BinOp::Mod => format!("Cannot rem {l} by {r}"),
            BinOp::BitOr => format!("Cannot bit_or {l} and {r}"),
            BinOp::BitAnd => format!("Cannot bit_and {l} and {r}"),
            BinOp::Xor => format!("Cannot bit_xor {l} and {r}"),
        })
    }
}

macro_rules! prim_op {
    ($op:expr, $x:expr, $y:expr, $signed:expr, $operands:expr) => {{
        let (x, y) = ($x, $y);
        match $op {
            BinOp::Add => x.checked_add(y).ok_or_else(|| arith("Addition overflow")),
            BinOp::Sub => x
                .checked_sub(y)
                .ok_or_else(|| arith("Subtraction overflow")),
            BinOp::Mul => x
                .checked_mul(y)
                .ok_or_else(|| arith("Multiplication overflow")),
            BinOp::Div => match x.checked_div(y) {
                Some(q) => Ok(q),
                None if y == x ^ x => Err(arith("Division by zero")),
                None => Err(arith("Division overflow")),
            },
            BinOp::Mod => x
                .checked_rem(y)
                .ok_or_else(|| arith("Integer remainder by zero")),
            BinOp::BitOr if !$signed => Ok(x | y),
            BinOp::BitAnd if !$signed => Ok(x & y),
            BinOp::Xor if !$signed => Ok(x ^ y),
            // The peer has no bit operations on signed integers: it reports them as it
            // reports operands of two kinds.
            _ => Err($op.mismatch($operands.0, $operands.1)),
        }
    }};
}

/// Applies a binary integer operation.
#[inline]
pub fn binary(op: BinOp, a: Value, b: Value) -> Result<Value, VmError> {
    use Value as V;
    Ok(match (a, b) {
        (V::U64(x), V::U64(y)) => V::U64(prim_op!(op, x, y, false, (a, b))?),
        (V::U8(x), V::U8(y)) => V::U8(prim_op!(op, x, y, false, (a, b))?),
        (V::U16(x), V::U16(y)) => V::U16(prim_op!(op, x, y, false, (a, b))?),
        (V::U32(x), V::U32(y)) => V::U32(prim_op!(op, x, y, false, (a, b))?),
        (V::U128(x), V::U128(y)) => V::u128(prim_op!(op, x.u128(), y.u128(), false, (a, b))?),
        (V::U256(x), V::U256(y)) => V::u256(prim_op!(op, x.u256(), y.u256(), false, (a, b))?),
        (V::I8(x), V::I8(y)) => V::I8(prim_op!(op, x, y, true, (a, b))?),
        (V::I16(x), V::I16(y)) => V::I16(prim_op!(op, x, y, true, (a, b))?),
        (V::I32(x), V::I32(y)) => V::I32(prim_op!(op, x, y, true, (a, b))?),
        (V::I64(x), V::I64(y)) => V::I64(prim_op!(op, x, y, true, (a, b))?),
        (V::I128(x), V::I128(y)) => V::i128(prim_op!(op, x.i128(), y.i128(), true, (a, b))?),
        (V::I256(x), V::I256(y)) => V::i256(prim_op!(op, x.i256(), y.i256(), true, (a, b))?),
        _ => return Err(op.mismatch(a, b)),
    })
}

/// A comparison.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CmpOp {
    /// `<`.
    Lt,
    /// `>`.
    Gt,
    /// `<=`.
    Le,
    /// `>=`.
    Ge,
}

/// Compares two integers.
#[inline]
pub fn compare(op: CmpOp, a: Value, b: Value) -> Result<bool, VmError> {
    use std::cmp::Ordering;
    use Value as V;
    let ord: Ordering = match (a, b) {
        (V::U64(x), V::U64(y)) => x.cmp(&y),
        (V::U8(x), V::U8(y)) => x.cmp(&y),
        (V::U16(x), V::U16(y)) => x.cmp(&y),
        (V::U32(x), V::U32(y)) => x.cmp(&y),
        (V::U128(x), V::U128(y)) => x.u128().cmp(&y.u128()),
        (V::U256(x), V::U256(y)) => x.u256().cmp(&y.u256()),
        (V::I8(x), V::I8(y)) => x.cmp(&y),
        (V::I16(x), V::I16(y)) => x.cmp(&y),
        (V::I32(x), V::I32(y)) => x.cmp(&y),
        (V::I64(x), V::I64(y)) => x.cmp(&y),
        (V::I128(x), V::I128(y)) => x.i128().cmp(&y.i128()),
        (V::I256(x), V::I256(y)) => x.i256().cmp(&y.i256()),
        _ => {
            return Err(type_error(format!(
                "Cannot compare {} and {}: incompatible integer types",
                error_value(a),
                error_value(b)
            )))
        }
    };
    Ok(match op {
        CmpOp::Lt => ord.is_lt(),
        CmpOp::Gt => ord.is_gt(),
        CmpOp::Le => ord.is_le(),
        CmpOp::Ge => ord.is_ge(),
    })
}

/// Shifts an unsigned integer by a `u8` amount.
pub fn shift(left: bool, a: Value, amount: Value) -> Result<Value, VmError> {
    use Value as V;
    let Value::U8(n) = amount else {
        return Err(type_error(format!(
            "Cannot shift {} by {}",
            error_value(a),
            error_value(amount)
        )));
    };
    let overflow = || {
        arith(if left {
            "Shift Left overflow"
        } else {
            "Shift Right overflow"
        })
    };
    let n32 = u32::from(n);
    macro_rules! sh {
        ($x:expr, $bits:expr) => {{
            if n32 >= $bits {
                return Err(overflow());
            }
            if left {
                $x << n32
            } else {
                $x >> n32
            }
        }};
    }
    Ok(match a {
        V::U8(x) => V::U8(sh!(x, 8)),
        V::U16(x) => V::U16(sh!(x, 16)),
        V::U32(x) => V::U32(sh!(x, 32)),
        V::U64(x) => V::U64(sh!(x, 64)),
        V::U128(x) => V::u128(sh!(x.u128(), 128)),
        V::U256(x) => V::u256(if left {
            x.u256() << n32
        } else {
            x.u256() >> n32
        }),
        _ => {
            return Err(type_error(format!(
                "Cannot shift {} by {}",
                error_value(a),
                error_value(amount)
            )))
        }
    })
}

/// Negates a signed integer.
pub fn negate(a: Value) -> Result<Value, VmError> {
    use Value as V;
    let overflow = || arith("Integer negation overflow");
    Ok(match a {
        V::I8(x) => V::I8(x.checked_neg().ok_or_else(overflow)?),
        V::I16(x) => V::I16(x.checked_neg().ok_or_else(overflow)?),
        V::I32(x) => V::I32(x.checked_neg().ok_or_else(overflow)?),
        V::I64(x) => V::I64(x.checked_neg().ok_or_else(overflow)?),
        V::I128(x) => V::i128(x.i128().checked_neg().ok_or_else(overflow)?),
        V::I256(x) => V::i256(x.i256().checked_neg().ok_or_else(overflow)?),
        _ => return Err(type_error(format!("Cannot negate {}", error_value(a)))),
    })
}

/// The value as a signed 256-bit integer plus a flag for "above i256::MAX" (u256 only), and
/// the Rust-side type name the peer prints in cast messages.
fn widen(a: Value) -> Option<(I256, bool, &'static str)> {
    use Value as V;
    Some(match a {
        V::U8(x) => (I256::from(x), false, "u8"),
        V::U16(x) => (I256::from(x), false, "u16"),
        V::U32(x) => (I256::from(x), false, "u32"),
        V::U64(x) => (I256::from(x), false, "u64"),
        V::U128(x) => (I256::from(x.u128()), false, "u128"),
        V::U256(x) => {
            let u = x.u256();
            let big = u > I256::MAX.as_u256();
            (u.as_i256(), big, "U256")
        }
        V::I8(x) => (I256::from(x), false, "i8"),
        V::I16(x) => (I256::from(x), false, "i16"),
        V::I32(x) => (I256::from(x), false, "i32"),
        V::I64(x) => (I256::from(x), false, "i64"),
        V::I128(x) => (I256::from(x.i128()), false, "i128"),
        V::I256(x) => (x.i256(), false, "I256"),
        _ => return None,
    })
}

/// Casts an integer to another integer type.
pub fn cast(a: Value, to: IntKind) -> Result<Value, VmError> {
    let Some((wide, above_i256, src)) = widen(a) else {
        return Err(type_error(format!(
            "Cannot cast {}: not an integer",
            error_value(a)
        )));
    };
    let fail = |dst: &str| {
        let src = match src {
            // A 256-bit target prints the source with its module path, as the peer does.
            "U256" if matches!(to, IntKind::I256) => "int256::U256",
            other => other,
        };
        // perf: the digits are made only when a cast fails (a cast that succeeds allocates
        // nothing).
        let digits = integer_digits(a).unwrap_or_default();
        arith(&format!("Cannot cast {src}({digits}) to {dst}"))
    };
    macro_rules! narrow {
        ($t:ty, $variant:ident, $name:expr) => {{
            if above_i256 {
                return Err(fail($name));
            }
            <$t>::try_from(wide)
                .map(Value::$variant)
                .map_err(|_| fail($name))?
        }};
    }
    Ok(match to {
        IntKind::U8 => narrow!(u8, U8, "u8"),
        IntKind::U16 => narrow!(u16, U16, "u16"),
        IntKind::U32 => narrow!(u32, U32, "u32"),
        IntKind::U64 => narrow!(u64, U64, "u64"),
        IntKind::U128 => {
            if above_i256 {
                return Err(fail("u128"));
            }
            Value::U128(W128::from_u128(
                u128::try_from(wide).map_err(|_| fail("u128"))?,
            ))
        }
        IntKind::U256 => {
            if wide < I256::ZERO && !above_i256 {
                return Err(fail("int256::U256"));
            }
            Value::U256(W256::from_u256(wide.as_u256()))
        }
        IntKind::I8 => narrow!(i8, I8, "i8"),
        IntKind::I16 => narrow!(i16, I16, "i16"),
        IntKind::I32 => narrow!(i32, I32, "i32"),
        IntKind::I64 => narrow!(i64, I64, "i64"),
        IntKind::I128 => {
            if above_i256 {
                return Err(fail("i128"));
            }
            Value::I128(W128::from_i128(
                i128::try_from(wide).map_err(|_| fail("i128"))?,
            ))
        }
        IntKind::I256 => {
            if above_i256 {
                return Err(fail("int256::I256"));
            }
            Value::I256(W256::from_i256(wide))
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use tern_primitives::U256;

    #[test]
    fn overflow_and_division() {
        let e = binary(BinOp::Add, Value::U8(255), Value::U8(1)).unwrap_err();
        assert_eq!(e.status(), StatusCode::ARITHMETIC_ERROR);
        assert_eq!(e.message(), Some("Addition overflow"));
        let e = binary(BinOp::Div, Value::I8(i8::MIN), Value::I8(-1)).unwrap_err();
        assert_eq!(e.message(), Some("Division overflow"));
        let e = binary(BinOp::Mod, Value::I8(i8::MIN), Value::I8(-1)).unwrap_err();
        assert_eq!(e.message(), Some("Integer remainder by zero"));
        let e = binary(BinOp::Div, Value::U64(1), Value::U64(0)).unwrap_err();
        assert_eq!(e.message(), Some("Division by zero"));
        assert_eq!(
            binary(BinOp::Sub, Value::I16(-5), Value::I16(7)).unwrap(),
            Value::I16(-12)
        );
        let e = binary(BinOp::Add, Value::U32(33), Value::U64(1)).unwrap_err();
        assert_eq!(e.message(), Some("Cannot add U32(33) and U64(1)"));
    }

    #[test]
    fn casts_and_shifts() {
        assert_eq!(cast(Value::U64(255), IntKind::U8).unwrap(), Value::U8(255));
        let e = cast(Value::U64(300), IntKind::U8).unwrap_err();
        assert_eq!(e.message(), Some("Cannot cast u64(300) to u8"));
        let e = cast(Value::I8(-1), IntKind::U256).unwrap_err();
        assert_eq!(e.message(), Some("Cannot cast i8(-1) to int256::U256"));
        let e = cast(Value::u256(U256::MAX), IntKind::I256).unwrap_err();
        assert!(e
            .message()
            .unwrap()
            .starts_with("Cannot cast int256::U256("));
        assert_eq!(cast(Value::I64(-3), IntKind::I8).unwrap(), Value::I8(-3));
        assert!(shift(true, Value::U8(1), Value::U8(8)).is_err());
        assert_eq!(
            shift(true, Value::U8(1), Value::U8(7)).unwrap(),
            Value::U8(128)
        );
        assert!(negate(Value::I8(i8::MIN)).is_err());
    }
}
