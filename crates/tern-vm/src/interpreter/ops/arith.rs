//! Integer arithmetic, comparisons, shifts and casts over runtime values, with the peer's
//! statuses and messages (`ARITHMETIC_ERROR`, `INTERNAL_TYPE_ERROR`).

use crate::interpreter::fast::{charge, Fast};
use crate::interpreter::modes::Meter;
use crate::interpreter::ops::locals::{frame_local, frame_local_mut};
use crate::interpreter::OperandStack;
use crate::session::Session;
use crate::values::{error_value, integer_digits, Value, W128, W256};
use tern_ir::{FusedBin, IntKind};
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

/// `x op y` for two integers of one kind, or `None` where the operation fails or is not
/// defined (an overflow, a division by zero, a bit operation on a signed kind): the one
/// definition of each binary operation, used by the general routine ([`binary`], which then
/// names the failure) and by the fast paths ([`u64_binary`], [`i64_binary`]).
macro_rules! checked_op {
    ($op:expr, $x:expr, $y:expr, $signed:expr) => {{
        let (x, y) = ($x, $y);
        match $op {
            BinOp::Add => x.checked_add(y),
            BinOp::Sub => x.checked_sub(y),
            BinOp::Mul => x.checked_mul(y),
            BinOp::Div => x.checked_div(y),
            BinOp::Mod => x.checked_rem(y),
            BinOp::BitOr if !$signed => Some(x | y),
            BinOp::BitAnd if !$signed => Some(x & y),
            BinOp::Xor if !$signed => Some(x ^ y),
            BinOp::BitOr | BinOp::BitAnd | BinOp::Xor => None,
        }
    }};
}

/// [`checked_op!`] with the peer's error for a failure.
macro_rules! prim_op {
    ($op:expr, $x:expr, $y:expr, $signed:expr, $operands:expr) => {{
        let (x, y) = ($x, $y);
        match checked_op!($op, x, y, $signed) {
            Some(r) => Ok(r),
            None => Err(match $op {
                BinOp::Add => arith("Addition overflow"),
                BinOp::Sub => arith("Subtraction overflow"),
                BinOp::Mul => arith("Multiplication overflow"),
                BinOp::Div if y == x ^ x => arith("Division by zero"),
                BinOp::Div => arith("Division overflow"),
                BinOp::Mod => arith("Integer remainder by zero"),
                // The peer has no bit operations on signed integers: it reports them as it
                // reports operands of two kinds.
                BinOp::BitOr | BinOp::BitAnd | BinOp::Xor => $op.mismatch($operands.0, $operands.1),
            }),
        }
    }};
}

/// `x op y` over `u64`, or `None` where it fails (the general path then raises the error):
/// [`checked_op!`], with the faster equivalents [`mul_u64`] and [`rem_u64`].
///
/// perf: every fast arm calls it with a constant `op`, so each keeps only its own operation.
/// An earlier sharing of the super-instructions' arithmetic through helpers measured 5-8 %
/// slower on countdown and nested_loop; this one left the host instructions per unit of the
/// benchmark loops (`scripts/ir.sh`) within 1 % or lower (`run_u64` 3,095 → 2,965).
#[inline(always)]
pub(crate) fn u64_binary(op: BinOp, x: u64, y: u64) -> Option<u64> {
    match op {
        BinOp::Mul => mul_u64(x, y),
        BinOp::Mod => rem_u64(x, y),
        _ => checked_op!(op, x, y, false),
    }
}

/// `x op y` over `i64`, or `None` where it fails or is not defined (the general path then
/// raises the error): [`checked_op!`].
#[inline(always)]
pub(crate) fn i64_binary(op: BinOp, x: i64, y: i64) -> Option<i64> {
    checked_op!(op, x, y, true)
}

/// The operation a fused binary super-instruction stands for.
#[inline(always)]
pub(crate) fn fused_binary(op: FusedBin) -> BinOp {
    match op {
        FusedBin::Add => BinOp::Add,
        FusedBin::Sub => BinOp::Sub,
        FusedBin::Mul => BinOp::Mul,
        FusedBin::Xor => BinOp::Xor,
        FusedBin::BitAnd => BinOp::BitAnd,
        FusedBin::BitOr => BinOp::BitOr,
    }
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

impl CmpOp {
    /// Whether `x op y`: the one definition of each comparison.
    #[inline(always)]
    pub fn holds<T: Ord>(self, x: T, y: T) -> bool {
        match self {
            CmpOp::Lt => x < y,
            CmpOp::Gt => x > y,
            CmpOp::Le => x <= y,
            CmpOp::Ge => x >= y,
        }
    }
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
    Ok(op.holds(ord, Ordering::Equal))
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

// The arithmetic and comparison instructions: their general handlers and fast paths.

impl Session<'_> {
    /// A binary arithmetic or bitwise instruction on the two top operands.
    #[inline(always)]
    pub(crate) fn binop(&mut self, op: BinOp) -> Result<(), VmError> {
        let (b, a) = (self.pop()?, self.pop()?);
        // perf: u64 addition and subtraction inline; anything else, and a failure, through
        // the general routine.
        let fast = match (op, a, b) {
            (BinOp::Add | BinOp::Sub, Value::U64(x), Value::U64(y)) => u64_binary(op, x, y),
            _ => None,
        };
        let r = match fast {
            Some(r) => Value::U64(r),
            None => binary(op, a, b).map_err(|e| self.with_operands_described(e, &[a, b]))?,
        };
        self.push(r)
    }

    /// A comparison (`lt`, `gt`, `le`, `ge`) of the two top operands.
    #[inline(always)]
    pub(crate) fn cmp(&mut self, op: CmpOp) -> Result<(), VmError> {
        let (b, a) = (self.pop()?, self.pop()?);
        let r = match (a, b) {
            (Value::U64(x), Value::U64(y)) => op.holds(x, y),
            _ => compare(op, a, b).map_err(|e| self.with_operands_described(e, &[a, b]))?,
        };
        self.push(Value::Bool(r))
    }

    /// Equality of two operands; references compare what they point to.
    pub(crate) fn values_equal(&self, a: Value, b: Value) -> Result<bool, VmError> {
        match (a, b) {
            (Value::Ref(x), Value::Ref(y)) => {
                let (x, y) = (self.deref_shallow(x)?, self.deref_shallow(y)?);
                // The peer counts a reference as one level, and a value held inline in the
                // slot a reference names (a primitive, a closure) as one more.
                let depth = match x {
                    Value::Container(c) if !self.heap.is_closure(c) => 2,
                    _ => 3,
                };
                self.heap.equals_at_depth(x, y, depth)
            }
            _ => self.heap.equals(a, b),
        }
    }
}

/// `ld_u64|ld_i64 imm; <op>` on the value at the top of the stack: `op` applies the
/// operation with the immediate, `None` when the value is of another kind or the operation
/// fails (the general path then raises the exact error).
#[inline(always)]
pub(crate) fn arith_imm<M: Meter>(
    ops: &mut OperandStack,
    pc: &mut u32,
    gas: &mut u64,
    op: impl Fn(&mut Value) -> Option<()>,
) -> Fast {
    // The immediate is pushed transiently.
    let (true, Some(left)) = (ops.has_room(1), charge::<M>(*gas, 1)) else {
        return Fast::Slow;
    };
    if op(ops.top_mut()).is_none() {
        return Fast::Slow;
    }
    *gas = left;
    *pc += 1;
    Fast::Done
}

/// A u64 operation applied in place (other kinds give `None` and are left as they are).
///
/// perf: the value is read and written as tag and payload, never copied whole (a whole-value
/// load of a value just stored piecewise defeats store-to-load forwarding).
#[inline(always)]
pub(crate) fn on_u64(f: impl Fn(u64) -> Option<u64>) -> impl Fn(&mut Value) -> Option<()> {
    move |v| match v {
        Value::U64(x) => {
            *x = f(*x)?;
            Some(())
        }
        _ => None,
    }
}

/// An i64 operation applied in place (`checked_rem` and `checked_div` fail on MIN by -1 as
/// the general path does).
#[inline(always)]
pub(crate) fn on_i64(f: impl Fn(i64) -> Option<i64>) -> impl Fn(&mut Value) -> Option<()> {
    move |v| match v {
        Value::I64(x) => {
            *x = f(*x)?;
            Some(())
        }
        _ => None,
    }
}

/// `copy_loc|move_loc src; ld_u64 imm; <op>; st_loc dst` on u64 locals (`op` applied with the
/// immediate).
#[inline(always)]
pub(crate) fn arith_loc_imm<M: Meter>(
    ops: &OperandStack,
    locals: &mut [Value],
    base: usize,
    pc: &mut u32,
    gas: &mut u64,
    (src, moved, dst): (u8, bool, u8),
    op: impl Fn(u64) -> Option<u64>,
) -> bool {
    let (&Value::U64(x), Some(left)) = (frame_local(locals, base, src), charge::<M>(*gas, 3))
    else {
        return false;
    };
    // Two transient pushes.
    if !ops.has_room(2) {
        return false;
    }
    let Some(result) = op(x) else { return false };
    // The destination must not hold a container that storing would have to free.
    if let Value::Container(_) = frame_local(locals, base, dst) {
        return false;
    }
    if moved {
        *frame_local_mut(locals, base, src) = Value::Invalid;
    }
    *frame_local_mut(locals, base, dst) = Value::U64(result);
    *gas = left;
    *pc += 3;
    true
}

/// [`Op::AddLocImm`] and [`Op::SubLocImm`]: `op` of a u64 local and the immediate, pushed;
/// false (nothing changed) when the slow path must run the ops one by one.
#[inline(always)]
pub(crate) fn loc_arith_imm<M: Meter>(
    ops: &mut OperandStack,
    locals: &mut [Value],
    base: usize,
    pc: &mut u32,
    gas: &mut u64,
    (src, moved): (u8, bool),
    op: impl Fn(u64) -> Option<u64>,
) -> bool {
    let (&Value::U64(x), Some(left)) = (frame_local(locals, base, src), charge::<M>(*gas, 2))
    else {
        return false;
    };
    // Two transient pushes.
    if !ops.has_room(2) {
        return false;
    }
    let Some(result) = op(x) else { return false };
    if moved {
        *frame_local_mut(locals, base, src) = Value::Invalid;
    }
    ops.push_in_room(Value::U64(result));
    *gas = left;
    *pc += 2;
    true
}

/// `copy_loc|move_loc a; copy_loc|move_loc b; <op>` on u64 locals: the result, with the
/// moved locals unset, or `None` (nothing changed) when the general path must run the ops.
#[inline(always)]
pub(crate) fn bin_loc_loc(
    locals: &mut [Value],
    base: usize,
    (a, b, moves): (u8, u8, u8),
    op: FusedBin,
) -> Option<u64> {
    let (&Value::U64(x), &Value::U64(y)) =
        (frame_local(locals, base, a), frame_local(locals, base, b))
    else {
        return None;
    };
    let result = u64_binary(fused_binary(op), x, y)?;
    for (local, bit) in [(a, 1u8), (b, 2u8)] {
        if moves & bit != 0 {
            *frame_local_mut(locals, base, local) = Value::Invalid;
        }
    }
    Some(result)
}

/// Whether a value is a plain primitive: not a container, a reference or unset.
#[inline(always)]
pub(crate) fn is_plain(v: &Value) -> bool {
    !matches!(v, Value::Container(_) | Value::Ref(_) | Value::Invalid)
}

/// A binary instruction on two primitive operands, as the fast paths run it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ScalarOp {
    /// `add` … `xor`.
    Arith(BinOp),
    /// `lt`, `gt`, `le`, `ge`.
    Cmp(CmpOp),
    /// `eq`.
    Eq,
    /// `neq`.
    Neq,
    /// `and`.
    And,
    /// `or`.
    Or,
    /// `shl`.
    Shl,
    /// `shr`.
    Shr,
}

/// `a op b` for two primitives, or `None` when the general path must run it (another kind of
/// value, an error to raise).
#[inline]
pub(crate) fn scalar_binary(op: ScalarOp, a: Value, b: Value) -> Option<Value> {
    if !is_plain(&a) || !is_plain(&b) {
        return None;
    }
    // perf: u64 and i64 inline; other kinds through the general routines.
    match (op, a, b) {
        (
            ScalarOp::Arith(
                op @ (BinOp::Mod | BinOp::Div | BinOp::BitOr | BinOp::BitAnd | BinOp::Xor),
            ),
            Value::U64(x),
            Value::U64(y),
        ) => return u64_binary(op, x, y).map(Value::U64),
        (
            ScalarOp::Arith(op @ (BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Mod | BinOp::Div)),
            Value::I64(x),
            Value::I64(y),
        ) => return i64_binary(op, x, y).map(Value::I64),
        (ScalarOp::Cmp(op), Value::I64(x), Value::I64(y)) => {
            return Some(Value::Bool(op.holds(x, y)))
        }
        // Any other operation or kind: below.
        _ => {}
    }
    // The general routines refuse operands of two kinds (`None` here).
    let same_kind = std::mem::discriminant(&a) == std::mem::discriminant(&b);
    match op {
        ScalarOp::Arith(op) => binary(op, a, b).ok(),
        ScalarOp::Cmp(op) => compare(op, a, b).ok().map(Value::Bool),
        // Same-kind primitives are equal when their values are.
        ScalarOp::Eq => same_kind.then_some(Value::Bool(a == b)),
        ScalarOp::Neq => same_kind.then_some(Value::Bool(a != b)),
        ScalarOp::And => match (a, b) {
            (Value::Bool(x), Value::Bool(y)) => Some(Value::Bool(x && y)),
            _ => None,
        },
        ScalarOp::Or => match (a, b) {
            (Value::Bool(x), Value::Bool(y)) => Some(Value::Bool(x || y)),
            _ => None,
        },
        ScalarOp::Shl | ScalarOp::Shr => shift(op == ScalarOp::Shl, a, b).ok(),
    }
}

/// A binary instruction on the two top values, replacing them with the result.
///
/// perf: inlined into each instruction's arm with `op` known, so each arm keeps only its own
/// u64 case; each u64 result is stored in its own arm (tag and payload, no whole-value
/// temporary).
#[inline(always)]
pub(crate) fn binary_on_top(ops: &mut OperandStack, op: ScalarOp) -> Fast {
    let (a, b) = (ops.second(), ops.top());
    if let (&Value::U64(x), &Value::U64(y)) = (a, b) {
        let r = match op {
            ScalarOp::Arith(op @ (BinOp::Add | BinOp::Sub | BinOp::Mul)) => {
                u64_binary(op, x, y).map(Ok)
            }
            ScalarOp::Cmp(op) => Some(Err(op.holds(x, y))),
            ScalarOp::Eq => Some(Err(x == y)),
            ScalarOp::Neq => Some(Err(x != y)),
            // Through `scalar_binary`'s own u64 cases.
            ScalarOp::Arith(
                BinOp::Mod | BinOp::Div | BinOp::BitOr | BinOp::BitAnd | BinOp::Xor,
            )
            | ScalarOp::And
            | ScalarOp::Or
            | ScalarOp::Shl
            | ScalarOp::Shr => None,
        };
        match r {
            Some(Ok(r)) => {
                ops.drop_top(1);
                *ops.top_mut() = Value::U64(r);
                return Fast::Done;
            }
            Some(Err(holds)) => {
                ops.drop_top(1);
                *ops.top_mut() = Value::Bool(holds);
                return Fast::Done;
            }
            None => {}
        }
    }
    let Some(r) = scalar_binary(op, *a, *b) else {
        return Fast::Slow;
    };
    ops.drop_top(1);
    *ops.top_mut() = r;
    Fast::Done
}

/// `x * y` or `None` on overflow. perf: factors below 2^32 cannot overflow, and their product
/// is a plain `imul`; the widening `mul` with its overflow check is left for the rest.
#[inline(always)]
pub(crate) fn mul_u64(x: u64, y: u64) -> Option<u64> {
    if (x | y) >> 32 == 0 {
        Some(x * y)
    } else {
        x.checked_mul(y)
    }
}

/// `x % y` or `None` when `y` is 0. perf: operands below 2^32 divide with the 32-bit `div`,
/// several times faster than the 64-bit one on the CPUs measured.
#[inline(always)]
pub(crate) fn rem_u64(x: u64, y: u64) -> Option<u64> {
    if (x | y) >> 32 == 0 {
        (x as u32).checked_rem(y as u32).map(u64::from)
    } else {
        x.checked_rem(y)
    }
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

    #[test]
    fn the_fast_forms_agree_with_the_general_routines() {
        let ops = [
            BinOp::Add,
            BinOp::Sub,
            BinOp::Mul,
            BinOp::Div,
            BinOp::Mod,
            BinOp::BitOr,
            BinOp::BitAnd,
            BinOp::Xor,
        ];
        let unsigned = [
            0,
            1,
            7,
            u64::from(u32::MAX),
            1 << 32,
            u64::MAX - 1,
            u64::MAX,
        ];
        let signed = [0, 1, -1, 7, -7, i64::MIN, i64::MIN + 1, i64::MAX];
        for op in ops {
            for x in unsigned {
                for y in unsigned {
                    let general = binary(op, Value::U64(x), Value::U64(y)).ok();
                    assert_eq!(
                        u64_binary(op, x, y).map(Value::U64),
                        general,
                        "{op:?} {x} {y}"
                    );
                }
            }
            for x in signed {
                for y in signed {
                    let general = binary(op, Value::I64(x), Value::I64(y)).ok();
                    assert_eq!(
                        i64_binary(op, x, y).map(Value::I64),
                        general,
                        "{op:?} {x} {y}"
                    );
                }
            }
        }
        for op in [CmpOp::Lt, CmpOp::Gt, CmpOp::Le, CmpOp::Ge] {
            for x in signed {
                for y in signed {
                    let general = compare(op, Value::I64(x), Value::I64(y)).ok();
                    assert_eq!(Some(op.holds(x, y)), general, "{op:?} {x} {y}");
                }
            }
        }
    }

    #[test]
    fn u64_multiply_and_remainder_agree_with_the_checked_forms() {
        let samples = [
            0,
            1,
            2,
            31,
            1_000_003,
            u64::from(u32::MAX) - 1,
            u64::from(u32::MAX),
            1 << 32,
            (1 << 32) + 1,
            u64::MAX / 3,
            u64::MAX - 1,
            u64::MAX,
        ];
        for x in samples {
            for y in samples {
                assert_eq!(mul_u64(x, y), x.checked_mul(y), "{x} * {y}");
                assert_eq!(rem_u64(x, y), x.checked_rem(y), "{x} % {y}");
            }
        }
    }
}
