//! `0x1::crypto_algebra` over the structures of `bls12381_algebra` and `bn254_algebra`
//! (rules: [`tern_crypto::aptos_algebra`]). The session's elements are an [`ElementStore`]
//! kept in the session's extensions (created on first use with the families the natives were
//! registered with, unless the host put one there first); Move holds `u64` handles into it,
//! as in Aptos.
//!
//! Outcomes as Aptos's: an unknown marker type, an operation a structure lacks or a family
//! switched off aborts with `0x0C0001` before any argument is looked at; vectors of
//! different lengths abort with `0x010002`; going past the session's element memory aborts
//! with `0x090003`; a handle that names no element of the structure is an invariant
//! violation (`UNKNOWN_INVARIANT_VIOLATION_ERROR`), which Aptos's Move wrappers never cause.
//!
//! Gas under a schedule: Aptos's `algebra.ark_*` parameters per structure and operation
//! (`algebra_gas`).

use super::algebra_gas::{self as gas, Op};
use super::{arg, owned_bytes, Outcome};
use crate::bad_args;
use std::sync::Arc;
use tern_crypto::aptos_algebra::{
    AlgebraError, AlgebraResult, ElementStore, EnabledStructures, Format, HashSuite, Structure,
};
use tern_primitives::{AccountAddress, StatusCode, TypeTag, VmError};
use tern_vm::natives::{NativeContext, NativeFunction, NativeRegistry, NativeResult};
use tern_vm::types::TypeId;
use tern_vm::values::Value;

/// Abort code when a hash-to-structure suite's type cannot be named (Aptos:
/// "conversion from type to type tag failed").
const E_TYPE_TO_TYPE_TAG_CONVERSION_FAILED: u64 = 0x0B_0063;

/// A native of `crypto_algebra`: the context, the type arguments and the arguments.
type AlgebraNative = fn(&mut NativeContext<'_>, &[TypeId], &[Value]) -> Outcome;

/// The 22 natives of `crypto_algebra` (all but the `#[test_only]` `rand_insecure_internal`).
const NATIVES: &[(&str, AlgebraNative)] = &[
    ("add_internal", |c, t, a| {
        binary(c, t, a, Op::Add, ElementStore::add)
    }),
    ("deserialize_internal", deserialize),
    ("div_internal", div),
    ("double_internal", |c, t, a| {
        unary(c, t, a, Op::Double, ElementStore::double)
    }),
    ("downcast_internal", downcast),
    ("eq_internal", eq),
    ("from_u64_internal", from_u64),
    ("hash_to_internal", hash_to),
    ("inv_internal", inv),
    ("mul_internal", |c, t, a| {
        binary(c, t, a, Op::Mul, ElementStore::mul)
    }),
    ("multi_pairing_internal", multi_pairing),
    ("multi_scalar_mul_internal", multi_scalar_mul),
    ("neg_internal", |c, t, a| {
        unary(c, t, a, Op::Neg, ElementStore::neg)
    }),
    ("one_internal", |c, t, _| {
        constant(c, t, Op::One, ElementStore::one)
    }),
    ("order_internal", order),
    ("pairing_internal", pairing),
    ("scalar_mul_internal", scalar_mul),
    ("serialize_internal", serialize),
    ("sqr_internal", |c, t, a| {
        unary(c, t, a, Op::Sqr, ElementStore::sqr)
    }),
    ("sub_internal", |c, t, a| {
        binary(c, t, a, Op::Sub, ElementStore::sub)
    }),
    ("upcast_internal", upcast),
    ("zero_internal", |c, t, _| {
        constant(c, t, Op::Zero, ElementStore::zero)
    }),
];

/// Registers the natives of `crypto_algebra` at `0x1`; sessions may use the `enabled`
/// structure families.
pub(super) fn register(registry: &mut NativeRegistry, enabled: EnabledStructures) {
    for (function, native) in NATIVES {
        let native = *native;
        let f: NativeFunction = Arc::new(move |ctx, tys: &[TypeId], args| {
            if ctx.extensions.get::<ElementStore>().is_none() {
                ctx.extensions.insert(ElementStore::new(enabled));
            }
            native(ctx, tys, args)
        });
        registry.register(AccountAddress::ONE, "crypto_algebra", function, f);
    }
}

/// The session's element store (inserted by the registered wrapper before any native runs).
fn store<'a>(ctx: &'a mut NativeContext<'_>) -> Result<&'a mut ElementStore, VmError> {
    ctx.extensions.get_mut::<ElementStore>().ok_or_else(|| {
        VmError::new(StatusCode::UNKNOWN_INVARIANT_VIOLATION_ERROR)
            .with_message("crypto_algebra: no element store in the session")
    })
}

/// The marker type `0x1::module::Name` of type argument `i`, read by `parse`; `None` for any
/// other type.
fn marker<T>(
    ctx: &NativeContext<'_>,
    tys: &[TypeId],
    i: usize,
    parse: fn(&str, &str) -> Option<T>,
) -> Result<Option<T>, VmError> {
    let ty = *tys.get(i).ok_or_else(bad_args)?;
    Ok(match ctx.type_tag(ty)? {
        TypeTag::Struct(s) if s.address == AccountAddress::ONE && s.type_args.is_empty() => {
            parse(s.module.as_str(), s.name.as_str())
        }
        _ => None,
    })
}

/// The structures named by the first `N` type arguments, or `None` if one is not a structure.
fn structures<const N: usize>(
    ctx: &NativeContext<'_>,
    tys: &[TypeId],
) -> Result<Option<[Structure; N]>, VmError> {
    let mut out = [Structure::Bls12381Fr; N];
    for (i, slot) in out.iter_mut().enumerate() {
        match marker(ctx, tys, i, Structure::from_name)? {
            Some(s) => *slot = s,
            None => return Ok(None),
        }
    }
    Ok(Some(out))
}

fn u64_arg(args: &[Value], i: usize) -> Result<u64, VmError> {
    match arg(args, i)? {
        Value::U64(v) => Ok(v),
        _ => Err(bad_args()),
    }
}

/// The handles of a `vector<u64>` argument passed by value (freed).
fn owned_handles(
    ctx: &mut NativeContext<'_>,
    args: &[Value],
    i: usize,
) -> Result<Vec<u64>, VmError> {
    let v = arg(args, i)?;
    let handles = ctx
        .vector_values(v)?
        .iter()
        .map(|x| match x {
            Value::U64(h) => Ok(*h),
            _ => Err(bad_args()),
        })
        .collect::<Result<Vec<_>, _>>()?;
    ctx.heap.free_value(v);
    Ok(handles)
}

/// What a store result becomes: the values, Aptos's abort, or an invariant violation.
fn finish<T>(result: AlgebraResult<T>, ok: impl FnOnce(T) -> Vec<Value>) -> Outcome {
    match result {
        Ok(v) => Ok(NativeResult::Return(ok(v))),
        Err(e) => match e.abort_code() {
            Some(code) => Ok(NativeResult::Abort(code)),
            None => Err(VmError::new(StatusCode::UNKNOWN_INVARIANT_VIOLATION_ERROR)
                .with_message(format!("aptos_std::crypto_algebra native: {e}"))),
        },
    }
}

fn not_implemented() -> Outcome {
    finish::<()>(Err(AlgebraError::NotImplemented), |()| Vec::new())
}

fn handle(h: u64) -> Vec<Value> {
    vec![Value::U64(h)]
}

/// `(true, handle)` or `(false, 0)`.
fn optional(h: Option<u64>) -> Vec<Value> {
    vec![Value::Bool(h.is_some()), Value::U64(h.unwrap_or(0))]
}

/// `f<S>(): u64` (`zero`, `one`), priced as `op`.
fn constant(
    ctx: &mut NativeContext<'_>,
    tys: &[TypeId],
    op: Op,
    f: fn(&mut ElementStore, Structure) -> AlgebraResult<u64>,
) -> Outcome {
    let Some([s]) = structures(ctx, tys)? else {
        return not_implemented();
    };
    let result = f(store(ctx)?, s);
    gas::charge_op(ctx, op, s, &result);
    finish(result, handle)
}

/// `f<S>(handle): u64` (`neg`, `sqr`, `double`), priced as `op`.
fn unary(
    ctx: &mut NativeContext<'_>,
    tys: &[TypeId],
    args: &[Value],
    op: Op,
    f: fn(&mut ElementStore, Structure, u64) -> AlgebraResult<u64>,
) -> Outcome {
    let Some([s]) = structures(ctx, tys)? else {
        return not_implemented();
    };
    let h = u64_arg(args, 0)?;
    let result = f(store(ctx)?, s, h);
    gas::charge_op(ctx, op, s, &result);
    finish(result, handle)
}

/// `f<S>(handle_1, handle_2): u64` (`add`, `sub`, `mul`), priced as `op`.
fn binary(
    ctx: &mut NativeContext<'_>,
    tys: &[TypeId],
    args: &[Value],
    op: Op,
    f: fn(&mut ElementStore, Structure, u64, u64) -> AlgebraResult<u64>,
) -> Outcome {
    let Some([s]) = structures(ctx, tys)? else {
        return not_implemented();
    };
    let (h1, h2) = (u64_arg(args, 0)?, u64_arg(args, 1)?);
    let result = f(store(ctx)?, s, h1, h2);
    gas::charge_op(ctx, op, s, &result);
    finish(result, handle)
}

/// `div_internal<S>(handle_1, handle_2): (bool, u64)`.
fn div(ctx: &mut NativeContext<'_>, tys: &[TypeId], args: &[Value]) -> Outcome {
    let Some([s]) = structures(ctx, tys)? else {
        return not_implemented();
    };
    let (h1, h2) = (u64_arg(args, 0)?, u64_arg(args, 1)?);
    let result = store(ctx)?.div(s, h1, h2);
    gas::charge_div(ctx, s, &result);
    finish(result, optional)
}

/// `inv_internal<S>(handle): (bool, u64)`.
fn inv(ctx: &mut NativeContext<'_>, tys: &[TypeId], args: &[Value]) -> Outcome {
    let Some([s]) = structures(ctx, tys)? else {
        return not_implemented();
    };
    let h = u64_arg(args, 0)?;
    let result = store(ctx)?.inv(s, h);
    gas::charge_op(ctx, Op::Inv, s, &result);
    finish(result, optional)
}

/// `eq_internal<S>(handle_1, handle_2): bool`.
fn eq(ctx: &mut NativeContext<'_>, tys: &[TypeId], args: &[Value]) -> Outcome {
    let Some([s]) = structures(ctx, tys)? else {
        return not_implemented();
    };
    let (h1, h2) = (u64_arg(args, 0)?, u64_arg(args, 1)?);
    let result = store(ctx)?.eq(s, h1, h2);
    gas::charge_op(ctx, Op::Eq, s, &result);
    finish(result, |b| vec![Value::Bool(b)])
}

/// `from_u64_internal<S>(value: u64): u64`.
fn from_u64(ctx: &mut NativeContext<'_>, tys: &[TypeId], args: &[Value]) -> Outcome {
    let Some([s]) = structures(ctx, tys)? else {
        return not_implemented();
    };
    let value = u64_arg(args, 0)?;
    let result = store(ctx)?.from_u64(s, value);
    gas::charge_op(ctx, Op::FromU64, s, &result);
    finish(result, handle)
}

/// `order_internal<S>(): vector<u8>`.
fn order(ctx: &mut NativeContext<'_>, tys: &[TypeId], _: &[Value]) -> Outcome {
    let Some([s]) = structures(ctx, tys)? else {
        return not_implemented();
    };
    let bytes = store(ctx)?.order(s);
    bytes_outcome(ctx, bytes)
}

fn bytes_outcome(ctx: &mut NativeContext<'_>, bytes: AlgebraResult<Vec<u8>>) -> Outcome {
    match bytes {
        Ok(b) => Ok(NativeResult::Return(vec![ctx.new_bytes(b)])),
        Err(e) => finish::<()>(Err(e), |()| Vec::new()),
    }
}

/// `scalar_mul_internal<G, S>(element_handle, scalar_handle): u64`.
fn scalar_mul(ctx: &mut NativeContext<'_>, tys: &[TypeId], args: &[Value]) -> Outcome {
    let Some([g, s]) = structures(ctx, tys)? else {
        return not_implemented();
    };
    let (h, k) = (u64_arg(args, 0)?, u64_arg(args, 1)?);
    let result = store(ctx)?.scalar_mul(g, s, h, k);
    gas::charge_scalar_mul(ctx, g, &result);
    finish(result, handle)
}

/// `multi_scalar_mul_internal<G, S>(element_handles, scalar_handles): u64`.
fn multi_scalar_mul(ctx: &mut NativeContext<'_>, tys: &[TypeId], args: &[Value]) -> Outcome {
    let Some([g, s]) = structures(ctx, tys)? else {
        return not_implemented();
    };
    let elements = owned_handles(ctx, args, 0)?;
    let scalars = owned_handles(ctx, args, 1)?;
    let result = store(ctx)?.multi_scalar_mul(g, s, &elements, &scalars);
    gas::charge_msm(ctx, g, elements.len() as u64, &result);
    finish(result, handle)
}

/// `pairing_internal<G1, G2, Gt>(g1_handle, g2_handle): u64`.
fn pairing(ctx: &mut NativeContext<'_>, tys: &[TypeId], args: &[Value]) -> Outcome {
    let Some([g1, g2, gt]) = structures(ctx, tys)? else {
        return not_implemented();
    };
    let (p, q) = (u64_arg(args, 0)?, u64_arg(args, 1)?);
    let result = store(ctx)?.pairing(g1, g2, gt, p, q);
    gas::charge_pairing(ctx, g1, None, &result);
    finish(result, handle)
}

/// `multi_pairing_internal<G1, G2, Gt>(g1_handles, g2_handles): u64`.
fn multi_pairing(ctx: &mut NativeContext<'_>, tys: &[TypeId], args: &[Value]) -> Outcome {
    let Some([g1, g2, gt]) = structures(ctx, tys)? else {
        return not_implemented();
    };
    let ps = owned_handles(ctx, args, 0)?;
    let qs = owned_handles(ctx, args, 1)?;
    let result = store(ctx)?.multi_pairing(g1, g2, gt, &ps, &qs);
    gas::charge_pairing(ctx, g1, Some(ps.len() as u64), &result);
    finish(result, handle)
}

/// `upcast_internal<S, L>(handle): u64`.
fn upcast(ctx: &mut NativeContext<'_>, tys: &[TypeId], args: &[Value]) -> Outcome {
    let Some([sub, sup]) = structures(ctx, tys)? else {
        return not_implemented();
    };
    let h = u64_arg(args, 0)?;
    finish(store(ctx)?.upcast(sub, sup, h), handle)
}

/// `downcast_internal<L, S>(handle): (bool, u64)`: the same handle either way.
fn downcast(ctx: &mut NativeContext<'_>, tys: &[TypeId], args: &[Value]) -> Outcome {
    let Some([sup, sub]) = structures(ctx, tys)? else {
        return not_implemented();
    };
    let h = u64_arg(args, 0)?;
    let result = store(ctx)?.downcast(sup, sub, h);
    gas::charge_downcast(ctx, sup, &result);
    finish(result, |(ok, h)| vec![Value::Bool(ok), Value::U64(h)])
}

/// The structure and format type arguments of `serialize` and `deserialize`.
fn structure_and_format(
    ctx: &NativeContext<'_>,
    tys: &[TypeId],
) -> Result<Option<(Structure, Format)>, VmError> {
    let s = marker(ctx, tys, 0, Structure::from_name)?;
    let f = marker(ctx, tys, 1, Format::from_name)?;
    Ok(s.zip(f))
}

/// `serialize_internal<S, F>(handle): vector<u8>`.
fn serialize(ctx: &mut NativeContext<'_>, tys: &[TypeId], args: &[Value]) -> Outcome {
    let Some((s, f)) = structure_and_format(ctx, tys)? else {
        return not_implemented();
    };
    let h = u64_arg(args, 0)?;
    let bytes = store(ctx)?.serialize(s, f, h);
    gas::charge_serialize(ctx, s, f, &bytes);
    bytes_outcome(ctx, bytes)
}

/// `deserialize_internal<S, F>(bytes: &vector<u8>): (bool, u64)`.
fn deserialize(ctx: &mut NativeContext<'_>, tys: &[TypeId], args: &[Value]) -> Outcome {
    let Some((s, f)) = structure_and_format(ctx, tys)? else {
        return not_implemented();
    };
    let bytes = owned_bytes(ctx, args, 0)?;
    let result = store(ctx)?.deserialize(s, f, &bytes);
    gas::charge_deserialize(ctx, s, f, &bytes, &result);
    finish(result, optional)
}

/// `hash_to_internal<S, H>(dst: &vector<u8>, bytes: &vector<u8>): u64`.
fn hash_to(ctx: &mut NativeContext<'_>, tys: &[TypeId], args: &[Value]) -> Outcome {
    let s = marker(ctx, tys, 0, Structure::from_name)?;
    let suite = match marker(ctx, tys, 1, HashSuite::from_name) {
        Ok(suite) => suite,
        Err(_) => return Ok(NativeResult::Abort(E_TYPE_TO_TYPE_TAG_CONVERSION_FAILED)),
    };
    let Some((s, suite)) = s.zip(suite) else {
        return not_implemented();
    };
    let dst = owned_bytes(ctx, args, 0)?;
    let msg = owned_bytes(ctx, args, 1)?;
    let result = store(ctx)?.hash_to(s, suite, &dst, &msg);
    gas::charge_hash_to(ctx, suite, dst.len(), msg.len(), &result);
    finish(result, handle)
}

#[cfg(test)]
pub(super) const COUNT: usize = NATIVES.len();
