//! `vector::move_range`.

use super::{ref_arg, u64_arg, EINDEX_OUT_OF_BOUNDS};
use crate::bad_args;
use tern_primitives::VmError;
use tern_vm::natives::{NativeContext, NativeResult};
use tern_vm::types::TypeId;
use tern_vm::values::{Container, Place, Value};

/// The elements taken out of the source vector.
enum Moved {
    Values(Vec<Value>),
    Bytes(Vec<u8>),
}

/// `vector::move_range<T>(from: &mut vector<T>, removal_position: u64, length: u64,
/// to: &mut vector<T>, insert_position: u64)`: moves `from[removal_position ..
/// removal_position + length]` into `to` before `insert_position`, keeping their order. A
/// range past the end of `from` or a position past the end of `to` aborts with
/// [`EINDEX_OUT_OF_BOUNDS`] (1) and changes nothing.
pub(super) fn move_range(
    ctx: &mut NativeContext<'_>,
    _ty_args: &[TypeId],
    args: Vec<Value>,
) -> Result<NativeResult, VmError> {
    let from = vector_id(ref_arg(&args, 0)?.place)?;
    let removal = u64_arg(&args, 1)?;
    let length = u64_arg(&args, 2)?;
    let to = vector_id(ref_arg(&args, 3)?.place)?;
    let insert = u64_arg(&args, 4)?;
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
    ctx.charge(moved / 16);
    if length == 0 {
        return Ok(NativeResult::Return(vec![]));
    }
    let (start, end) = (removal as usize, (removal + length) as usize);
    let taken = match ctx.heap.get_mut(from)? {
        Container::Vec(e) if end <= e.len() => Moved::Values(e.drain(start..end).collect()),
        Container::Bytes(b) if end <= b.len() => Moved::Bytes(b.drain(start..end).collect()),
        _ => return Err(bad_args()),
    };
    insert_into(ctx, to, insert as usize, taken)?;
    Ok(NativeResult::Return(vec![]))
}

/// Inserts the moved elements into vector `to` before `at`. An empty vector may be in
/// either representation; it takes the moved elements' one.
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
        (Container::Vec(e), Moved::Bytes(v)) if e.is_empty() && at == 0 => {
            ctx.heap.replace(to, Container::Bytes(v))?;
        }
        (Container::Bytes(b), Moved::Values(v)) if b.is_empty() && at == 0 => {
            ctx.heap.replace(to, Container::Vec(v))?;
        }
        _ => return Err(bad_args()),
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
    match ctx.heap.get(c)? {
        Container::Vec(e) => Ok(e.len() as u64),
        Container::Bytes(b) => Ok(b.len() as u64),
        _ => Err(bad_args()),
    }
}
