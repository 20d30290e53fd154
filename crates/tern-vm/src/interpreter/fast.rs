//! The fast paths of the dispatch loop: `fast_step`, which runs the commonest ops in place and
//! declines anything it cannot do exactly, and `data_step`, the data-structure
//! super-instructions out of the loop's first dispatch.

use crate::interpreter::modes::Meter;
use crate::interpreter::ops::arith::{
    arith_imm, arith_loc_imm, bin_loc_loc, binary_on_top, cast, fused_binary, i64_binary, is_plain,
    loc_arith_imm, on_i64, on_u64, u64_binary, BinOp, CmpOp, ScalarOp,
};
use crate::interpreter::ops::control::{branch_pc, fused_test};
use crate::interpreter::ops::locals::{frame_local, frame_local_mut, is_scalar, loc_st_loc_fast};
use crate::interpreter::ops::refs::{
    borrow_field_fast, borrow_field_loc_fast, borrow_field_read_fast,
    borrow_field_read_st_loc_fast, field_elem_field_read_fast, pack_fast, read_ref_fast,
    write_ref_fast,
};
use crate::interpreter::ops::vector::{
    vec_borrow_fast, vec_borrow_loc_fast, vec_borrow_read_fast, vec_borrow_write_fast,
    vec_push_back_fast, vec_push_back_loc_fast,
};
use crate::interpreter::OperandStack;
use crate::values::{Container, Heap, Place, PrimVec, Ref, Value};
use tern_ir::{field_path, vec_read, FusedArith, Op};

/// The ops past the first of an [`Op::FieldElemFieldRead`] of the store form with nothing
/// moved.
pub(crate) const STORE_PATH_SKIP: u64 = field_path::span(field_path::STORE) as u64 - 1;

/// `gas` less `units`, or `None` when it does not cover them; unmetered, always `gas`.
#[inline(always)]
pub(crate) fn charge<M: Meter>(gas: u64, units: u64) -> Option<u64> {
    if M::COUNTS {
        gas.checked_sub(units)
    } else {
        Some(gas)
    }
}

/// What [`fast_step`] did with an op.
pub(crate) enum Fast {
    /// The op ran; go on at the (possibly updated) next pc.
    Done,
    /// A `call` through this function handle: the loop's call path takes it.
    Call(u16),
    /// A `ret`: the loop's return path takes it.
    Ret,
    /// Nothing changed: the general path runs the op.
    Slow,
}

impl From<bool> for Fast {
    #[inline(always)]
    fn from(done: bool) -> Fast {
        if done {
            Fast::Done
        } else {
            Fast::Slow
        }
    }
}

/// The fast paths of the data-structure super-instructions, out of the dispatch loop: how
/// many ops past the first the super-instruction ran (each costs one gas unit, which `gas`
/// must cover when `M` counts), or 0 when nothing changed and the general path must run the
/// first op.
///
/// perf: `locals` is the vector, so that all six arguments travel in registers (a slice took
/// two, and the budget went through the stack: bst 0.5 % more host instructions).
///
/// perf: one call site for the four keeps the loop's code small; growing the loop by these
/// arms made the compiler stop inlining the loop into `run_frames`, and every op then
/// cost 1-4 % more host instructions (now `Session::run_loop` is `inline(always)`). The call
/// site is after the first dispatch: in `fast_step` it cost one dispatch less, but moved the
/// loop's code so that the closure call ran 10 % and int_arith_loop_i64 15 % slower at equal
/// host instructions (`docs/performance.md`, "Where the time goes").
#[inline(never)]
#[allow(clippy::ptr_arg)]
pub(crate) fn data_step<M: Meter>(
    ops: &mut OperandStack,
    locals: &mut Vec<Value>,
    heap: &mut Heap,
    base: usize,
    op: &Op,
    gas: u64,
) -> u32 {
    // The ops past the first, `op.span() - 1` for these four (perf: `Op::span`'s match over
    // every op cost bst 5 % more host instructions here).
    let skip = match *op {
        Op::FieldElemFieldRead { form, .. } => field_path::span(form) as u32 - 1,
        Op::VecPushBackLoc { .. } => 2,
        _ => 1,
    };
    debug_assert_eq!(skip as usize, op.span() - 1);
    if M::COUNTS && u64::from(skip) > gas {
        return 0;
    }
    let done = match *op {
        Op::FieldElemFieldRead {
            r,
            f,
            idx,
            g,
            dst,
            form,
        } => {
            // perf: the commonest form (reference and index copied, the value stored) with
            // its bits known (bst 4 % fewer host instructions).
            ops.has_room(2)
                && if form == field_path::STORE {
                    let operands = (r, f, idx, g, dst, field_path::STORE);
                    field_elem_field_read_fast::<false>(ops, locals, heap, base, operands)
                } else {
                    field_elem_field_read_fast::<false>(
                        ops,
                        locals,
                        heap,
                        base,
                        (r, f, idx, g, dst, form),
                    )
                }
        }
        Op::LocStLoc { src, moved, dst } => {
            ops.has_room(1) && loc_st_loc_fast::<false>(locals, base, (src, moved, dst))
        }
        Op::VecPushBackLoc { vec, value, form } => {
            ops.has_room(2)
                && vec_push_back_loc_fast::<false>(locals, heap, base, (vec, value, form))
        }
        Op::VecBorrowWrite => vec_borrow_write_fast(ops, heap),
        _ => false,
    };
    if done {
        skip
    } else {
        0
    }
}

/// Executes the commonest scalar ops in place, and tells calls and returns apart from the
/// ops the general path must run (which it leaves unchanged).
///
/// perf: `locals` is the vector, not a slice: a slice's pointer and length would be loaded
/// before the dispatch on every op, used or not.
#[allow(clippy::too_many_arguments, clippy::ptr_arg)]
#[inline(always)]
pub(crate) fn fast_step<M: Meter>(
    code: &[Op],
    ops: &mut OperandStack,
    locals: &mut Vec<Value>,
    heap: &mut Heap,
    base: usize,
    pc: &mut u32,
    op: &Op,
    gas: &mut u64,
) -> Fast {
    match *op {
        Op::Call(handle) => Fast::Call(handle),
        Op::Ret => Fast::Ret,
        Op::CmpLocImmBrFalse {
            local,
            cmp,
            target,
            imm,
        } => {
            // Three more instructions than the one already charged; two transient pushes.
            let (&Value::U64(x), Some(left)) =
                (frame_local(locals, base, local), charge::<M>(*gas, 3))
            else {
                return Fast::Slow;
            };
            if !ops.has_room(2) {
                return Fast::Slow;
            }
            let holds = cmp.holds(x, imm);
            *gas = left;
            *pc = branch_pc(holds, *pc + 3, target);
            Fast::Done
        }
        Op::CmpLocLocBrFalse { a, b, cmp, target } => {
            let (&Value::U64(x), &Value::U64(y), Some(left)) = (
                frame_local(locals, base, a),
                frame_local(locals, base, b),
                charge::<M>(*gas, 3),
            ) else {
                return Fast::Slow;
            };
            if !ops.has_room(2) {
                return Fast::Slow;
            }
            let holds = cmp.holds(x, y);
            *gas = left;
            *pc = branch_pc(holds, *pc + 3, target);
            Fast::Done
        }
        Op::AddImm(imm) => arith_imm::<M>(ops, pc, gas, on_u64(|x| u64_binary(BinOp::Add, x, imm))),
        Op::SubImm(imm) => arith_imm::<M>(ops, pc, gas, on_u64(|x| u64_binary(BinOp::Sub, x, imm))),
        Op::MulImm(imm) => arith_imm::<M>(ops, pc, gas, on_u64(|x| u64_binary(BinOp::Mul, x, imm))),
        Op::ModImm(imm) => arith_imm::<M>(ops, pc, gas, on_u64(|x| u64_binary(BinOp::Mod, x, imm))),
        Op::DivImm(imm) => arith_imm::<M>(ops, pc, gas, on_u64(|x| u64_binary(BinOp::Div, x, imm))),
        Op::AddImmI64(imm) => {
            arith_imm::<M>(ops, pc, gas, on_i64(|x| i64_binary(BinOp::Add, x, imm)))
        }
        Op::SubImmI64(imm) => {
            arith_imm::<M>(ops, pc, gas, on_i64(|x| i64_binary(BinOp::Sub, x, imm)))
        }
        Op::MulImmI64(imm) => {
            arith_imm::<M>(ops, pc, gas, on_i64(|x| i64_binary(BinOp::Mul, x, imm)))
        }
        Op::ModImmI64(imm) => {
            arith_imm::<M>(ops, pc, gas, on_i64(|x| i64_binary(BinOp::Mod, x, imm)))
        }
        Op::DivImmI64(imm) => {
            arith_imm::<M>(ops, pc, gas, on_i64(|x| i64_binary(BinOp::Div, x, imm)))
        }
        Op::LdU64StLoc { dst, imm } => {
            let Some(left) = charge::<M>(*gas, 1) else {
                return Fast::Slow;
            };
            if !ops.has_room(1) {
                return Fast::Slow;
            }
            match frame_local_mut(locals, base, dst) {
                Value::Container(_) => return Fast::Slow,
                slot => *slot = Value::U64(imm),
            }
            *gas = left;
            *pc += 1;
            Fast::Done
        }
        Op::BinLocLoc { a, b, moves, op } => {
            let Some(left) = charge::<M>(*gas, 2) else {
                return Fast::Slow;
            };
            if !ops.has_room(2) {
                return Fast::Slow;
            }
            let Some(result) = bin_loc_loc(locals, base, (a, b, moves), op) else {
                return Fast::Slow;
            };
            *gas = left;
            ops.push_in_room(Value::U64(result));
            *pc += 2;
            Fast::Done
        }
        Op::BinStLoc { op, dst } => {
            let Some(left) = charge::<M>(*gas, 1) else {
                return Fast::Slow;
            };
            let (&Value::U64(x), &Value::U64(y)) = (ops.second(), ops.top()) else {
                return Fast::Slow;
            };
            let Some(result) = u64_binary(fused_binary(op), x, y) else {
                return Fast::Slow;
            };
            // The destination must not hold a container that storing would have to free.
            let slot = frame_local_mut(locals, base, dst);
            if let Value::Container(_) = slot {
                return Fast::Slow;
            }
            *slot = Value::U64(result);
            ops.drop_top(2);
            *gas = left;
            *pc += 1;
            Fast::Done
        }
        Op::BinLocLocStLoc {
            a,
            b,
            moves,
            op,
            dst,
        } => {
            let Some(left) = charge::<M>(*gas, 3) else {
                return Fast::Slow;
            };
            // Two transient pushes; the destination must not hold a container that storing
            // would have to free.
            if !ops.has_room(2) || matches!(frame_local(locals, base, dst), Value::Container(_)) {
                return Fast::Slow;
            }
            let Some(result) = bin_loc_loc(locals, base, (a, b, moves), op) else {
                return Fast::Slow;
            };
            *frame_local_mut(locals, base, dst) = Value::U64(result);
            *gas = left;
            *pc += 3;
            Fast::Done
        }
        Op::ArithLocImmStLoc {
            src,
            moved,
            arith,
            dst,
            imm,
        } => arith_loc_imm::<M>(
            ops,
            locals,
            base,
            pc,
            gas,
            (src, moved, dst),
            |x| match arith {
                FusedArith::Mul => u64_binary(BinOp::Mul, x, imm),
                FusedArith::Mod => u64_binary(BinOp::Mod, x, imm),
                FusedArith::Div => u64_binary(BinOp::Div, x, imm),
            },
        )
        .into(),
        Op::AddLocImmStLoc {
            src,
            moved,
            dst,
            imm,
        } => arith_loc_imm::<M>(ops, locals, base, pc, gas, (src, moved, dst), |x| {
            u64_binary(BinOp::Add, x, imm)
        })
        .into(),
        Op::SubLocImmStLoc {
            src,
            moved,
            dst,
            imm,
        } => arith_loc_imm::<M>(ops, locals, base, pc, gas, (src, moved, dst), |x| {
            u64_binary(BinOp::Sub, x, imm)
        })
        .into(),
        Op::AddLocImm { src, moved, imm } => {
            loc_arith_imm::<M>(ops, locals, base, pc, gas, (src, moved), |x| {
                u64_binary(BinOp::Add, x, imm)
            })
            .into()
        }
        Op::SubLocImm { src, moved, imm } => {
            loc_arith_imm::<M>(ops, locals, base, pc, gas, (src, moved), |x| {
                u64_binary(BinOp::Sub, x, imm)
            })
            .into()
        }
        // perf: a u64 or bool is rebuilt from its tag and payload rather than copied whole:
        // the whole-value copy reads 40 bytes the last write stored piecewise, which defeats
        // store-to-load forwarding.
        Op::CopyLoc(i) => match frame_local(locals, base, i) {
            &Value::U64(x) if ops.has_room(1) => {
                ops.push_in_room(Value::U64(x));
                Fast::Done
            }
            v if is_scalar(v) && ops.has_room(1) => {
                ops.push_in_room(*v);
                Fast::Done
            }
            _ => Fast::Slow,
        },
        // Moving a container moves its id.
        // perf: pushed before the local is unset, so that the push's own bound check folds
        // into `has_room` (a store to the local in between made the compiler check again).
        Op::MoveLoc(i) => match frame_local_mut(locals, base, i) {
            slot @ &mut Value::U64(x) if ops.has_room(1) => {
                ops.push_in_room(Value::U64(x));
                *slot = Value::Invalid;
                Fast::Done
            }
            slot if !matches!(slot, Value::Invalid) && ops.has_room(1) => {
                ops.push_in_room(std::mem::take(slot));
                Fast::Done
            }
            _ => Fast::Slow,
        },
        Op::StLoc(i) => match (ops.top(), frame_local_mut(locals, base, i)) {
            (&Value::U64(x), slot) if !matches!(slot, Value::Container(_)) => {
                *slot = Value::U64(x);
                ops.drop_top(1);
                Fast::Done
            }
            (&Value::Bool(x), slot) if !matches!(slot, Value::Container(_)) => {
                *slot = Value::Bool(x);
                ops.drop_top(1);
                Fast::Done
            }
            (&v, slot) if !matches!(v, Value::Invalid) => {
                let old = std::mem::replace(slot, v);
                ops.drop_top(1);
                heap.free_value(old);
                Fast::Done
            }
            _ => Fast::Slow,
        },
        Op::Pop => match ops.pop() {
            Some(v) => {
                heap.free_value(v);
                Fast::Done
            }
            None => Fast::Slow,
        },
        Op::Pack(n) => pack_fast(ops, heap, n, None).into(),
        Op::PackVariant { variant, fields } => pack_fast(ops, heap, fields, Some(variant)).into(),
        Op::TestVariant(variant) => match ops.top_mut() {
            top @ Value::Ref(Ref {
                place: Place::Whole(_),
            }) => {
                let Value::Ref(Ref {
                    place: Place::Whole(c),
                }) = *top
                else {
                    return Fast::Slow;
                };
                match heap.get(c) {
                    Ok(Container::Variant(tag, _)) => {
                        *top = Value::Bool(*tag == variant);
                        Fast::Done
                    }
                    _ => Fast::Slow,
                }
            }
            _ => Fast::Slow,
        },
        Op::BorrowLoc(i) if ops.has_room(1) => {
            let abs = base + usize::from(i);
            let place = match locals.get(abs) {
                Some(Value::Container(c)) => Place::Whole(*c),
                // A reference in a local (only code that skipped the verifier puts one there
                // to borrow it) is refused by the general path.
                Some(Value::Invalid | Value::Ref(_)) | None => return Fast::Slow,
                Some(_) => Place::Local(abs as u32),
            };
            ops.push_in_room(Value::Ref(Ref { place }));
            Fast::Done
        }
        Op::BorrowField(offset) => borrow_field_fast(ops.top_mut(), heap, offset).into(),
        Op::BorrowFieldLoc {
            local,
            moved,
            offset,
        } => match charge::<M>(*gas, 1) {
            Some(left) if ops.has_room(1) => {
                match borrow_field_loc_fast(locals, heap, base, (local, moved, offset)) {
                    Some(field) => {
                        ops.push_in_room(field);
                        *gas = left;
                        *pc += 1;
                        Fast::Done
                    }
                    None => Fast::Slow,
                }
            }
            _ => Fast::Slow,
        },
        Op::BorrowFieldReadStLoc { offset, dst } => match charge::<M>(*gas, 2) {
            Some(left)
                if borrow_field_read_st_loc_fast(ops.top(), locals, heap, base, (offset, dst)) =>
            {
                ops.drop_top(1);
                *gas = left;
                *pc += 2;
                Fast::Done
            }
            _ => Fast::Slow,
        },
        Op::VecBorrowLoc { idx } => match charge::<M>(*gas, 1) {
            Some(left)
                if ops.has_room(1)
                    && vec_borrow_loc_fast(ops.top_mut(), locals, heap, base, idx) =>
            {
                *gas = left;
                *pc += 1;
                Fast::Done
            }
            _ => Fast::Slow,
        },
        Op::ReadRef => read_ref_fast(locals, ops.top_mut(), heap).into(),
        Op::WriteRef => write_ref_fast(locals, ops, heap).into(),
        Op::VecBorrow => vec_borrow_fast(ops, heap).into(),
        Op::BorrowFieldRead(offset) => {
            let Some(left) = charge::<M>(*gas, 1) else {
                return Fast::Slow;
            };
            if !borrow_field_read_fast(ops.top_mut(), heap, offset) {
                return Fast::Slow;
            }
            *gas = left;
            *pc += 1;
            Fast::Done
        }
        Op::VecReadLoc {
            vec,
            idx,
            dst,
            form,
        } => {
            let span = vec_read::span(form) as u32;
            // The ops after the first; two transient pushes.
            let Some(left) = charge::<M>(*gas, u64::from(span - 1)) else {
                return Fast::Slow;
            };
            if !ops.has_room(2) {
                return Fast::Slow;
            }
            let c = match (form & vec_read::BORROW != 0, frame_local(locals, base, vec)) {
                (
                    false,
                    &Value::Ref(Ref {
                        place: Place::Whole(c),
                    }),
                )
                | (true, &Value::Container(c)) => c,
                _ => return Fast::Slow,
            };
            let &Value::U64(i) = frame_local(locals, base, idx) else {
                return Fast::Slow;
            };
            // perf: written out rather than through `primitive_element`, which measured 5 %
            // more host instructions on merge_sort here (the code around it, not the read).
            let element = match heap.get(c) {
                Ok(Container::Prims(PrimVec::U64(e))) => match e.get(i as usize) {
                    Some(&x) => Value::U64(x),
                    None => return Fast::Slow,
                },
                Ok(Container::Vec(e)) => match e.get(i as usize) {
                    Some(&Value::U64(x)) => Value::U64(x),
                    Some(v) if is_plain(v) => *v,
                    _ => return Fast::Slow,
                },
                Ok(Container::Bytes(b)) => match b.get(i as usize) {
                    Some(&x) => Value::U8(x),
                    None => return Fast::Slow,
                },
                Ok(Container::Prims(p)) => match p.get(i as usize) {
                    Some(x) => x,
                    None => return Fast::Slow,
                },
                _ => return Fast::Slow,
            };
            if form & vec_read::STORE != 0 {
                // The destination must not hold a container that storing would have to free.
                let slot = frame_local_mut(locals, base, dst);
                if let Value::Container(_) = slot {
                    return Fast::Slow;
                }
                match element {
                    Value::U64(x) => *slot = Value::U64(x),
                    other => *slot = other,
                }
            } else {
                match element {
                    Value::U64(x) => ops.push_in_room(Value::U64(x)),
                    other => ops.push_in_room(other),
                }
            }
            *gas = left;
            *pc += span - 1;
            Fast::Done
        }
        Op::VecBorrowRead => {
            let Some(left) = charge::<M>(*gas, 1) else {
                return Fast::Slow;
            };
            if !vec_borrow_read_fast(ops, heap) {
                return Fast::Slow;
            }
            *gas = left;
            *pc += 1;
            Fast::Done
        }
        Op::VecPushBack => vec_push_back_fast(ops, heap).into(),
        Op::VecLen => match ops.top_mut() {
            top @ &mut Value::Ref(Ref {
                place: Place::Whole(c),
            }) => {
                let len = match heap.get(c) {
                    Ok(Container::Vec(e)) => e.len(),
                    Ok(Container::Bytes(b)) => b.len(),
                    Ok(Container::Prims(p)) => p.len(),
                    _ => return Fast::Slow,
                };
                *top = Value::U64(len as u64);
                Fast::Done
            }
            _ => Fast::Slow,
        },
        Op::FreezeRef => Fast::Done,
        Op::LdU64(k) if ops.has_room(1) => {
            ops.push_in_room(Value::U64(k));
            Fast::Done
        }
        Op::LdTrue if ops.has_room(1) => {
            ops.push_in_room(Value::Bool(true));
            Fast::Done
        }
        Op::LdFalse if ops.has_room(1) => {
            ops.push_in_room(Value::Bool(false));
            Fast::Done
        }
        Op::Branch(t) => {
            *pc = t;
            Fast::Done
        }
        Op::BranchTest(t) => {
            *pc = match code.get(t as usize) {
                Some(test) => fused_test::<M>(ops, locals, base, (test, t), gas).unwrap_or(t),
                None => t,
            };
            Fast::Done
        }
        Op::BrFalse(t) | Op::BrTrue(t) => match ops.top() {
            Value::Bool(b) => {
                let jump = *b == matches!(*op, Op::BrTrue(_));
                ops.drop_top(1);
                *pc = branch_pc(!jump, *pc, t);
                Fast::Done
            }
            _ => Fast::Slow,
        },
        Op::Add => binary_on_top(ops, ScalarOp::Arith(BinOp::Add)),
        Op::Sub => binary_on_top(ops, ScalarOp::Arith(BinOp::Sub)),
        Op::Mul => binary_on_top(ops, ScalarOp::Arith(BinOp::Mul)),
        Op::Mod => binary_on_top(ops, ScalarOp::Arith(BinOp::Mod)),
        Op::Div => binary_on_top(ops, ScalarOp::Arith(BinOp::Div)),
        Op::BitOr => binary_on_top(ops, ScalarOp::Arith(BinOp::BitOr)),
        Op::BitAnd => binary_on_top(ops, ScalarOp::Arith(BinOp::BitAnd)),
        Op::Xor => binary_on_top(ops, ScalarOp::Arith(BinOp::Xor)),
        Op::Lt => binary_on_top(ops, ScalarOp::Cmp(CmpOp::Lt)),
        Op::Gt => binary_on_top(ops, ScalarOp::Cmp(CmpOp::Gt)),
        Op::Le => binary_on_top(ops, ScalarOp::Cmp(CmpOp::Le)),
        Op::Ge => binary_on_top(ops, ScalarOp::Cmp(CmpOp::Ge)),
        Op::Eq => binary_on_top(ops, ScalarOp::Eq),
        Op::Neq => binary_on_top(ops, ScalarOp::Neq),
        Op::And => binary_on_top(ops, ScalarOp::And),
        Op::Or => binary_on_top(ops, ScalarOp::Or),
        Op::Shl => binary_on_top(ops, ScalarOp::Shl),
        Op::Shr => binary_on_top(ops, ScalarOp::Shr),
        Op::Not => match ops.top_mut() {
            top @ Value::Bool(_) => {
                *top = Value::Bool(!matches!(top, Value::Bool(true)));
                Fast::Done
            }
            _ => Fast::Slow,
        },
        Op::Cast(kind) => match ops.top_mut() {
            top if is_plain(top) => match cast(*top, kind) {
                Ok(v) => {
                    *top = v;
                    Fast::Done
                }
                Err(_) => Fast::Slow,
            },
            _ => Fast::Slow,
        },
        Op::LdU8(v) if ops.has_room(1) => {
            ops.push_in_room(Value::U8(v));
            Fast::Done
        }
        Op::LdU16(v) if ops.has_room(1) => {
            ops.push_in_room(Value::U16(v));
            Fast::Done
        }
        Op::LdU32(v) if ops.has_room(1) => {
            ops.push_in_room(Value::U32(v));
            Fast::Done
        }
        Op::LdI8(v) if ops.has_room(1) => {
            ops.push_in_room(Value::I8(v));
            Fast::Done
        }
        Op::LdI16(v) if ops.has_room(1) => {
            ops.push_in_room(Value::I16(v));
            Fast::Done
        }
        Op::LdI32(v) if ops.has_room(1) => {
            ops.push_in_room(Value::I32(v));
            Fast::Done
        }
        Op::LdI64(v) if ops.has_room(1) => {
            ops.push_in_room(Value::I64(v));
            Fast::Done
        }
        // The general path: the other instructions, and the ones above when their guard
        // fails (no room, another kind of value).
        Op::LdWide(..)
        | Op::LdConst(..)
        | Op::BorrowVariantField { .. }
        | Op::CallGeneric(..)
        | Op::Unpack(..)
        | Op::UnpackVariant { .. }
        | Op::UnpackVariantRef { .. }
        | Op::VariantSwitch(..)
        | Op::Negate
        | Op::Abort
        | Op::AbortMsg
        | Op::Nop
        | Op::Exists(..)
        | Op::BorrowGlobal { .. }
        | Op::MoveFrom(..)
        | Op::MoveTo(..)
        | Op::VecPack(..)
        | Op::VecPopBack
        | Op::VecUnpack(..)
        | Op::VecSwap
        | Op::PackClosure(..)
        | Op::CallClosure(..)
        | Op::CallClosureLoc { .. }
        | Op::EndOfCode
        | Op::FieldElemFieldRead { .. }
        | Op::LocStLoc { .. }
        | Op::VecPushBackLoc { .. }
        | Op::VecBorrowWrite
        | Op::Fail(..)
        | Op::CheckedPack(..)
        | Op::TestVariantLocBr { .. }
        | Op::PackVariantStLoc { .. }
        | Op::VariantSwitchLoc { .. }
        | Op::BorrowLoc(..)
        | Op::LdU64(..)
        | Op::LdTrue
        | Op::LdFalse
        | Op::LdU8(..)
        | Op::LdU16(..)
        | Op::LdU32(..)
        | Op::LdI8(..)
        | Op::LdI16(..)
        | Op::LdI32(..)
        | Op::LdI64(..) => Fast::Slow,
    }
}
