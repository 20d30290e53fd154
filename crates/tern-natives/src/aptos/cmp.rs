//! `cmp::compare` and `mem::swap`.

use super::{ref_arg, ret};
use crate::bad_args;
use std::cmp::Ordering;
use tern_primitives::{StatusCode, VmError};
use tern_vm::natives::{NativeContext, NativeResult};
use tern_vm::types::TypeId;
use tern_vm::values::{Container, Heap, Place, Ref, Value};

/// Variant tags of `0x1::cmp::Ordering`.
const LESS: u16 = 0;
const EQUAL: u16 = 1;
const GREATER: u16 = 2;

/// `cmp::compare<T>(a: &T, b: &T): Ordering`: Aptos's total order on values. Integers,
/// booleans and addresses (as bytes) by value; vectors and structs lexicographically by
/// element, then by length; enum values by variant tag, then by fields; function values by
/// module, name, type arguments and captured values. A value deeper than the heap's depth
/// limit fails with `VM_MAX_VALUE_DEPTH_REACHED`.
pub(super) fn compare(
    ctx: &mut NativeContext<'_>,
    _ty_args: &[TypeId],
    args: &[Value],
) -> Result<NativeResult, VmError> {
    let a = ctx.deref(ref_arg(args, 0)?)?;
    let b = ctx.deref(ref_arg(args, 1)?)?;
    let size = ctx.compared_size(a)?.saturating_add(ctx.compared_size(b)?);
    ctx.charge_priced(
        &[
            ("move_stdlib.cmp.compare.base", 1),
            ("move_stdlib.cmp.compare.per_abs_val_unit", size),
        ],
        0,
    );
    // Aptos counts the references as one level of nesting.
    let order = compare_values(ctx.heap, a, b, 2)?;
    let tag = match order {
        Ordering::Less => LESS,
        Ordering::Equal => EQUAL,
        Ordering::Greater => GREATER,
    };
    ret(Value::Container(
        ctx.heap.alloc(Container::Variant(tag, Box::new([]))),
    ))
}

#[cold]
fn too_deep() -> VmError {
    VmError::new(StatusCode::VM_MAX_VALUE_DEPTH_REACHED)
}

/// Compares two values of the same type at nesting `depth` (recursion bounded by the heap's
/// depth limit).
fn compare_values(heap: &Heap, a: Value, b: Value, depth: usize) -> Result<Ordering, VmError> {
    if depth > heap.max_depth() {
        return Err(too_deep());
    }
    Ok(match (a, b) {
        (Value::Bool(x), Value::Bool(y)) => x.cmp(&y),
        (Value::U8(x), Value::U8(y)) => x.cmp(&y),
        (Value::U16(x), Value::U16(y)) => x.cmp(&y),
        (Value::U32(x), Value::U32(y)) => x.cmp(&y),
        (Value::U64(x), Value::U64(y)) => x.cmp(&y),
        (Value::U128(x), Value::U128(y)) => x.u128().cmp(&y.u128()),
        (Value::U256(x), Value::U256(y)) => x.u256().cmp(&y.u256()),
        (Value::I8(x), Value::I8(y)) => x.cmp(&y),
        (Value::I16(x), Value::I16(y)) => x.cmp(&y),
        (Value::I32(x), Value::I32(y)) => x.cmp(&y),
        (Value::I64(x), Value::I64(y)) => x.cmp(&y),
        (Value::I128(x), Value::I128(y)) => x.i128().cmp(&y.i128()),
        (Value::I256(x), Value::I256(y)) => x.i256().cmp(&y.i256()),
        (Value::Address(x), Value::Address(y)) => x.cmp(&y),
        (Value::Container(x), Value::Container(y)) => compare_containers(heap, x, y, depth)?,
        _ => return Err(bad_args()),
    })
}

/// Compares the elements of two sequences pairwise, then their lengths.
fn compare_seq(heap: &Heap, a: &[Value], b: &[Value], depth: usize) -> Result<Ordering, VmError> {
    for (x, y) in a.iter().zip(b) {
        let o = compare_values(heap, *x, *y, depth + 1)?;
        if o.is_ne() {
            return Ok(o);
        }
    }
    Ok(a.len().cmp(&b.len()))
}

fn compare_containers(heap: &Heap, a: u32, b: u32, depth: usize) -> Result<Ordering, VmError> {
    Ok(match (heap.get(a)?, heap.get(b)?) {
        (Container::Bytes(x), Container::Bytes(y)) => x.cmp(y),
        (Container::Bytes(x), Container::Vec(y)) | (Container::Vec(y), Container::Bytes(x))
            if x.is_empty() || y.is_empty() =>
        {
            // An empty vector may be either representation.
            let o = x.len().cmp(&y.len());
            if matches!(heap.get(a)?, Container::Bytes(_)) {
                o
            } else {
                o.reverse()
            }
        }
        (Container::Vec(x), Container::Vec(y)) => compare_seq(heap, x, y, depth)?,
        // Vectors of primitives in any other pair of storages compare element by element.
        (x, y) if x.is_vector() && y.is_vector() => {
            let (x, y) = (x.vector_values(), y.vector_values());
            let (Some(x), Some(y)) = (x, y) else {
                return Err(bad_args());
            };
            compare_seq(heap, &x, &y, depth)?
        }
        (Container::Struct(x), Container::Struct(y)) => compare_seq(heap, x, y, depth)?,
        (Container::Variant(tx, x), Container::Variant(ty, y)) => match tx.cmp(ty) {
            Ordering::Equal => compare_seq(heap, x, y, depth)?,
            o => o,
        },
        (Container::Closure(x), Container::Closure(y)) => {
            let key = |c: &tern_vm::values::Closure| {
                (
                    c.target.module().cloned(),
                    c.target.name().as_str().to_string(),
                    c.ty_args,
                    c.mask,
                )
            };
            match key(x).cmp(&key(y)) {
                Ordering::Equal => compare_seq(heap, &x.captured, &y.captured, depth)?,
                o => o,
            }
        }
        _ => return Err(bad_args()),
    })
}

/// `mem::swap<T>(a: &mut T, b: &mut T)`: exchanges the two values (Move's borrow rules make
/// the references distinct).
pub(super) fn swap(
    ctx: &mut NativeContext<'_>,
    _ty_args: &[TypeId],
    args: &[Value],
) -> Result<NativeResult, VmError> {
    let a = ref_arg(args, 0)?;
    let b = ref_arg(args, 1)?;
    ctx.charge_priced(&[("move_stdlib.mem.swap.base", 1)], 0);
    match (a.place, b.place) {
        (Place::Whole(x), Place::Whole(y)) => {
            if x != y {
                // A placeholder that is not a free slot, so `x` stays live in between.
                let cx = ctx.heap.replace(x, Container::Bytes(Vec::new()))?;
                let cy = ctx.heap.replace(y, cx)?;
                ctx.heap.replace(x, cy)?;
            }
        }
        (Place::Whole(_), _) | (_, Place::Whole(_)) => return Err(bad_args()),
        _ => {
            let va = ctx.deref(a)?;
            let vb = ctx.deref(b)?;
            write_primitive(ctx, a, vb)?;
            write_primitive(ctx, b, va)?;
        }
    }
    Ok(NativeResult::Return(vec![]))
}

/// Writes a primitive value where a reference to a primitive points.
fn write_primitive(ctx: &mut NativeContext<'_>, r: Ref, v: Value) -> Result<(), VmError> {
    match r.place {
        Place::Local(i) => {
            let slot = ctx.locals.get_mut(i as usize).ok_or_else(bad_args)?;
            *slot = v;
        }
        Place::Elem(c, i) => match (ctx.heap.get_mut(c)?, v) {
            (Container::Bytes(b), Value::U8(x)) => {
                *b.get_mut(i as usize).ok_or_else(bad_args)? = x;
            }
            (Container::Struct(f) | Container::Variant(_, f), v) => {
                *f.get_mut(i as usize).ok_or_else(bad_args)? = v;
            }
            (Container::Vec(e), v) => *e.get_mut(i as usize).ok_or_else(bad_args)? = v,
            (Container::Prims(p), v) => {
                if !p.set(i as usize, v) {
                    return Err(bad_args());
                }
            }
            _ => return Err(bad_args()),
        },
        Place::Whole(_) => return Err(bad_args()),
    }
    Ok(())
}
