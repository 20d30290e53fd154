//! `vector::move_range`.

use super::{ref_arg, u64_arg, EINDEX_OUT_OF_BOUNDS};
use crate::bad_args;
use tern_primitives::VmError;
use tern_vm::natives::{NativeContext, NativeResult};
use tern_vm::types::TypeId;
use tern_vm::values::{Container, Place, PrimVec, Value};

/// The elements taken out of the source vector, in its storage.
enum Moved {
    Values(Vec<Value>),
    Bytes(Vec<u8>),
    Prims(PrimVec),
}

impl Moved {
    fn into_container(self) -> Container {
        match self {
            Moved::Values(v) => Container::Vec(v),
            Moved::Bytes(b) => Container::Bytes(b),
            Moved::Prims(p) => Container::Prims(p),
        }
    }
}

/// `vector::move_range<T>(from: &mut vector<T>, removal_position: u64, length: u64,
/// to: &mut vector<T>, insert_position: u64)`: moves `from[removal_position ..
/// removal_position + length]` into `to` before `insert_position`, keeping their order. A
/// range past the end of `from` or a position past the end of `to` aborts with
/// [`EINDEX_OUT_OF_BOUNDS`] (1) and changes nothing.
pub(super) fn move_range(
    ctx: &mut NativeContext<'_>,
    _ty_args: &[TypeId],
    args: &[Value],
) -> Result<NativeResult, VmError> {
    let from = vector_id(ref_arg(args, 0)?.place)?;
    let removal = u64_arg(args, 1)?;
    let length = u64_arg(args, 2)?;
    let to = vector_id(ref_arg(args, 3)?.place)?;
    let insert = u64_arg(args, 4)?;
    ctx.charge_priced(&[("move_stdlib.vector.move_range.base", 1)], 0);
    let (from_len, to_len) = (len(ctx, from)?, len(ctx, to)?);
    let in_bounds = removal
        .checked_add(length)
        .is_some_and(|end| end <= from_len)
        && insert <= to_len;
    if !in_bounds {
        return Ok(NativeResult::Abort(EINDEX_OUT_OF_BOUNDS));
    }
    // Aptos charges for every element that moves: the range, the tail of `from` and the
    // tail of `to`.
    let moved = (from_len - removal) + (to_len - insert) + length;
    let per_index = "move_stdlib.vector.move_range.per_index_moved";
    ctx.charge_priced(&[(per_index, moved)], moved / 16);
    if length == 0 {
        return Ok(NativeResult::Return(vec![]));
    }
    let (start, end) = (removal as usize, (removal + length) as usize);
    let taken = match ctx.heap.get_mut(from)? {
        Container::Vec(e) if end <= e.len() => Moved::Values(e.drain(start..end).collect()),
        Container::Bytes(b) if end <= b.len() => Moved::Bytes(b.drain(start..end).collect()),
        Container::Prims(p) => {
            let mut range = p.split_off(start).ok_or_else(bad_args)?;
            let mut tail = range.split_off(end - start).ok_or_else(bad_args)?;
            p.append(&mut tail);
            Moved::Prims(range)
        }
        _ => return Err(bad_args()),
    };
    insert_into(ctx, to, insert as usize, taken)?;
    Ok(NativeResult::Return(vec![]))
}

/// Inserts the moved elements into vector `to` before `at`. A vector of primitives may be in
/// either storage: an empty target takes the moved elements' storage, any other keeps its own.
fn insert_into(
    ctx: &mut NativeContext<'_>,
    to: u32,
    at: usize,
    taken: Moved,
) -> Result<(), VmError> {
    let target = ctx.heap.get_mut(to)?;
    match (target, taken) {
        (Container::Vec(e), Moved::Values(v)) if at <= e.len() => {
            e.splice(at..at, v);
        }
        (Container::Bytes(b), Moved::Bytes(v)) if at <= b.len() => {
            b.splice(at..at, v);
        }
        (Container::Prims(p), Moved::Prims(mut v)) if v.element_type() == p.element_type() => {
            let mut tail = p.split_off(at).ok_or_else(bad_args)?;
            p.append(&mut v);
            p.append(&mut tail);
        }
        (target, taken) if target.vector_len() == Some(0) && at == 0 => {
            *target = taken.into_container();
        }
        (target, taken) => {
            // Mixed storage: splice as values and keep the target's storage.
            let mut values = target.vector_values().ok_or_else(bad_args)?.into_owned();
            if at > values.len() {
                return Err(bad_args());
            }
            let moved = taken.into_container();
            let moved = moved.vector_values().ok_or_else(bad_args)?;
            values.splice(at..at, moved.iter().copied());
            let rebuilt = match target {
                Container::Vec(_) => Container::Vec(values),
                Container::Bytes(_) => Container::Bytes(
                    values
                        .iter()
                        .map(|v| match v {
                            Value::U8(x) => Ok(*x),
                            _ => Err(bad_args()),
                        })
                        .collect::<Result<_, _>>()?,
                ),
                Container::Prims(p) => Container::Prims(
                    PrimVec::from_values(p.element_type(), &values).ok_or_else(bad_args)?,
                ),
                _ => return Err(bad_args()),
            };
            *target = rebuilt;
        }
    }
    Ok(())
}

fn vector_id(place: Place) -> Result<u32, VmError> {
    match place {
        Place::Whole(c) => Ok(c),
        _ => Err(bad_args()),
    }
}

fn len(ctx: &NativeContext<'_>, c: u32) -> Result<u64, VmError> {
    let len = ctx.heap.get(c)?.vector_len().ok_or_else(bad_args)?;
    Ok(len as u64)
}
