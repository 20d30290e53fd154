//! `0x1::ristretto255` (rules: [`tern_crypto::aptos_ristretto255`]). The session's points are
//! a [`PointStore`] kept in the session's extensions (created on first use); Move holds `u64`
//! handles into it, as in Aptos.
//!
//! Gas under a schedule: each native charges its `ristretto255.*` parameter once (the
//! SHA-512 ones also `scalar_sha512_per_hash` and `scalar_sha512_per_byte` for the bytes
//! hashed; `multi_scalar_mul` per point and scalar parsed and `point_mul` per `n / log2(n + 1)`),
//! before any work, as Aptos's natives do; a handle that fails afterwards does not refund it.

use super::{arg, owned_bytes, ret_bool, Native, Outcome};
use crate::bad_args;
use tern_crypto::aptos_ristretto255::{self as r, PointStore, StoreError, StoreResult};
use tern_primitives::{StatusCode, VmError};
use tern_vm::natives::{NativeContext, NativeResult};
use tern_vm::values::{Container, Value};

/// Abort code when a session creates more than `MAX_POINTS` points
/// (`error::resource_exhausted(4)`).
pub const E_TOO_MANY_POINTS_CREATED: u64 = 0x09_0004;

/// The schedule's parameter `ristretto255.NAME`.
macro_rules! price {
    ($name:literal) => {
        concat!("aptos_framework.ristretto255.", $name)
    };
}

/// The natives of `ristretto255`.
pub(super) const NATIVES: &[(&str, &str, Native)] = &[
    ("ristretto255", "point_identity_internal", point_identity),
    (
        "ristretto255",
        "point_is_canonical_internal",
        point_is_canonical,
    ),
    (
        "ristretto255",
        "point_decompress_internal",
        point_decompress,
    ),
    ("ristretto255", "point_clone_internal", point_clone),
    ("ristretto255", "point_compress_internal", point_compress),
    ("ristretto255", "point_mul_internal", point_mul),
    ("ristretto255", "point_equals", point_equals),
    ("ristretto255", "point_neg_internal", point_neg),
    ("ristretto255", "point_add_internal", |c, a| {
        point_add_sub(c, a, true)
    }),
    ("ristretto255", "point_sub_internal", |c, a| {
        point_add_sub(c, a, false)
    }),
    ("ristretto255", "basepoint_mul_internal", basepoint_mul),
    (
        "ristretto255",
        "basepoint_double_mul_internal",
        basepoint_double_mul,
    ),
    (
        "ristretto255",
        "new_point_from_sha512_internal",
        point_from_sha512,
    ),
    (
        "ristretto255",
        "new_point_from_64_uniform_bytes_internal",
        point_from_64_bytes,
    ),
    (
        "ristretto255",
        "double_scalar_mul_internal",
        double_scalar_mul,
    ),
    (
        "ristretto255",
        "multi_scalar_mul_internal",
        multi_scalar_mul,
    ),
    (
        "ristretto255",
        "scalar_is_canonical_internal",
        scalar_is_canonical,
    ),
    ("ristretto255", "scalar_invert_internal", |c, a| {
        scalar1(c, a, price!("scalar_invert"), r::scalar_invert)
    }),
    ("ristretto255", "scalar_neg_internal", |c, a| {
        scalar1(c, a, price!("scalar_neg"), r::scalar_neg)
    }),
    ("ristretto255", "scalar_mul_internal", |c, a| {
        scalar2(c, a, price!("scalar_mul"), r::scalar_mul)
    }),
    ("ristretto255", "scalar_add_internal", |c, a| {
        scalar2(c, a, price!("scalar_add"), r::scalar_add)
    }),
    ("ristretto255", "scalar_sub_internal", |c, a| {
        scalar2(c, a, price!("scalar_sub"), r::scalar_sub)
    }),
    (
        "ristretto255",
        "scalar_from_sha512_internal",
        scalar_from_sha512,
    ),
    (
        "ristretto255",
        "scalar_reduced_from_32_bytes_internal",
        |c, a| {
            let price = price!("scalar_reduced_from_32_bytes");
            scalar1(c, a, price, r::scalar_reduced_from_32_bytes)
        },
    ),
    (
        "ristretto255",
        "scalar_uniform_from_64_bytes_internal",
        |c, a| {
            let price = price!("scalar_uniform_from_64_bytes");
            scalar1(c, a, price, r::scalar_uniform_from_64_bytes)
        },
    ),
    ("ristretto255", "scalar_from_u64_internal", scalar_from_u64),
    (
        "ristretto255",
        "scalar_from_u128_internal",
        scalar_from_u128,
    ),
];

/// Charges one `price` under a schedule (no Tern units).
fn charge(ctx: &mut NativeContext<'_>, price: &str) {
    ctx.charge_priced(&[(price, 1)], 0);
}

/// Charges a SHA-512 hash of `len` bytes and `mapping` (the uniform-bytes conversion).
fn charge_sha512(ctx: &mut NativeContext<'_>, mapping: &str, len: usize) {
    ctx.charge_priced(
        &[
            (mapping, 1),
            (price!("scalar_sha512_per_hash"), 1),
            (price!("scalar_sha512_per_byte"), len as u64),
        ],
        0,
    );
}

/// Runs `f` on the session's point store (created on first use). perf: the store moves out
/// of the extensions and back (a map removal and insertion, no copy of the points).
pub(super) fn with_store<T>(
    ctx: &mut NativeContext<'_>,
    f: impl FnOnce(&mut PointStore) -> T,
) -> T {
    let mut store = ctx.extensions.remove::<PointStore>().unwrap_or_default();
    let out = f(&mut store);
    ctx.extensions.insert(store);
    out
}

/// What a store error becomes: the resource-exhausted abort, or an invariant violation for
/// inputs Aptos's Move wrappers never pass (Aptos fails these with `INTERNAL_TYPE_ERROR`).
fn outcome<T>(result: StoreResult<T>, ok: impl FnOnce(T) -> Vec<Value>) -> Outcome {
    match result {
        Ok(v) => Ok(NativeResult::Return(ok(v))),
        Err(StoreError::TooManyPoints) => Ok(NativeResult::Abort(E_TOO_MANY_POINTS_CREATED)),
        Err(e) => Err(VmError::new(StatusCode::INTERNAL_TYPE_ERROR)
            .with_message(format!("ristretto255 native: {e:?}"))),
    }
}

fn handle_outcome(result: StoreResult<u64>) -> Outcome {
    outcome(result, |h| vec![Value::U64(h)])
}

pub(super) fn u64_arg(args: &[Value], i: usize) -> Result<u64, VmError> {
    match arg(args, i)? {
        Value::U64(v) => Ok(v),
        _ => Err(bad_args()),
    }
}

fn bool_arg(args: &[Value], i: usize) -> Result<bool, VmError> {
    match arg(args, i)? {
        Value::Bool(v) => Ok(v),
        _ => Err(bad_args()),
    }
}

/// The handle of a `&RistrettoPoint` (or `RistrettoPoint`) value: its `handle: u64` field.
fn handle_of(ctx: &NativeContext<'_>, v: Value) -> Result<u64, VmError> {
    let v = match v {
        Value::Ref(r) => ctx.deref(r)?,
        v => v,
    };
    match ctx.struct_fields(v)?.first() {
        Some(Value::U64(h)) => Ok(*h),
        _ => Err(bad_args()),
    }
}

pub(super) fn handle(ctx: &NativeContext<'_>, args: &[Value], i: usize) -> Result<u64, VmError> {
    handle_of(ctx, arg(args, i)?)
}

fn point_identity(ctx: &mut NativeContext<'_>, _: &[Value]) -> Outcome {
    charge(ctx, price!("point_identity"));
    handle_outcome(with_store(ctx, |st| st.identity()))
}

fn point_is_canonical(ctx: &mut NativeContext<'_>, args: &[Value]) -> Outcome {
    let bytes = owned_bytes(ctx, args, 0)?;
    charge(ctx, price!("point_decompress"));
    ret_bool(r::point_is_canonical(&bytes))
}

/// `point_decompress_internal(bytes): (u64, bool)`: `(u64::MAX, false)` when not a point.
fn point_decompress(ctx: &mut NativeContext<'_>, args: &[Value]) -> Outcome {
    let bytes = owned_bytes(ctx, args, 0)?;
    charge(ctx, price!("point_decompress"));
    outcome(with_store(ctx, |st| st.decompress(&bytes)), |h| match h {
        Some(h) => vec![Value::U64(h), Value::Bool(true)],
        None => vec![Value::U64(u64::MAX), Value::Bool(false)],
    })
}

fn point_clone(ctx: &mut NativeContext<'_>, args: &[Value]) -> Outcome {
    let h = u64_arg(args, 0)?;
    charge(ctx, price!("point_clone"));
    handle_outcome(with_store(ctx, |st| st.clone_point(h)))
}

fn point_compress(ctx: &mut NativeContext<'_>, args: &[Value]) -> Outcome {
    let h = handle(ctx, args, 0)?;
    charge(ctx, price!("point_compress"));
    match with_store(ctx, |st| st.compress(h)) {
        Ok(bytes) => Ok(NativeResult::Return(vec![ctx.new_bytes(bytes.to_vec())])),
        Err(e) => outcome(Err::<(), _>(e), |_| Vec::new()),
    }
}

fn point_mul(ctx: &mut NativeContext<'_>, args: &[Value]) -> Outcome {
    let h = handle(ctx, args, 0)?;
    let s = owned_bytes(ctx, args, 1)?;
    let in_place = bool_arg(args, 2)?;
    charge(ctx, price!("point_mul"));
    handle_outcome(with_store(ctx, |st| st.mul(h, &s, in_place)))
}

fn point_equals(ctx: &mut NativeContext<'_>, args: &[Value]) -> Outcome {
    let (a, b) = (handle(ctx, args, 0)?, handle(ctx, args, 1)?);
    charge(ctx, price!("point_equals"));
    outcome(with_store(ctx, |st| st.equals(a, b)), |e| {
        vec![Value::Bool(e)]
    })
}

fn point_neg(ctx: &mut NativeContext<'_>, args: &[Value]) -> Outcome {
    let h = handle(ctx, args, 0)?;
    let in_place = bool_arg(args, 1)?;
    charge(ctx, price!("point_neg"));
    handle_outcome(with_store(ctx, |st| st.neg(h, in_place)))
}

fn point_add_sub(ctx: &mut NativeContext<'_>, args: &[Value], add: bool) -> Outcome {
    let (a, b) = (handle(ctx, args, 0)?, handle(ctx, args, 1)?);
    let in_place = bool_arg(args, 2)?;
    let price = if add {
        price!("point_add")
    } else {
        price!("point_sub")
    };
    charge(ctx, price);
    handle_outcome(with_store(ctx, |st| {
        if add {
            st.add(a, b, in_place)
        } else {
            st.sub(a, b, in_place)
        }
    }))
}

fn basepoint_mul(ctx: &mut NativeContext<'_>, args: &[Value]) -> Outcome {
    let s = owned_bytes(ctx, args, 0)?;
    charge(ctx, price!("basepoint_mul"));
    handle_outcome(with_store(ctx, |st| st.basepoint_mul(&s)))
}

/// `basepoint_double_mul_internal(a, &A, b): u64` = `[a]A + [b]G`.
fn basepoint_double_mul(ctx: &mut NativeContext<'_>, args: &[Value]) -> Outcome {
    let a = owned_bytes(ctx, args, 0)?;
    let point = handle(ctx, args, 1)?;
    let b = owned_bytes(ctx, args, 2)?;
    charge(ctx, price!("basepoint_double_mul"));
    handle_outcome(with_store(ctx, |st| st.basepoint_double_mul(&a, point, &b)))
}

fn point_from_sha512(ctx: &mut NativeContext<'_>, args: &[Value]) -> Outcome {
    let bytes = owned_bytes(ctx, args, 0)?;
    charge_sha512(ctx, price!("point_from_64_uniform_bytes"), bytes.len());
    handle_outcome(with_store(ctx, |st| st.from_sha512(&bytes)))
}

fn point_from_64_bytes(ctx: &mut NativeContext<'_>, args: &[Value]) -> Outcome {
    let bytes = owned_bytes(ctx, args, 0)?;
    charge(ctx, price!("point_from_64_uniform_bytes"));
    handle_outcome(with_store(ctx, |st| st.from_64_uniform_bytes(&bytes)))
}

/// `double_scalar_mul_internal(h1, h2, s1, s2): u64`.
fn double_scalar_mul(ctx: &mut NativeContext<'_>, args: &[Value]) -> Outcome {
    let (p1, p2) = (u64_arg(args, 0)?, u64_arg(args, 1)?);
    let s1 = owned_bytes(ctx, args, 2)?;
    let s2 = owned_bytes(ctx, args, 3)?;
    charge(ctx, price!("point_double_mul"));
    handle_outcome(with_store(ctx, |st| st.double_scalar_mul(p1, p2, &s1, &s2)))
}

/// The elements of a `&vector<S>` argument.
fn ref_elements(ctx: &NativeContext<'_>, args: &[Value], i: usize) -> Result<Vec<Value>, VmError> {
    let v = match arg(args, i)? {
        Value::Ref(r) => ctx.deref(r)?,
        v => v,
    };
    let Value::Container(c) = v else {
        return Err(bad_args());
    };
    match ctx.heap.get(c)? {
        Container::Vec(e) => Ok(e.clone()),
        Container::Bytes(b) if b.is_empty() => Ok(Vec::new()),
        _ => Err(bad_args()),
    }
}

/// `multi_scalar_mul_internal<P, S>(points: &vector<RistrettoPoint>, scalars: &vector<Scalar>)`.
fn multi_scalar_mul(ctx: &mut NativeContext<'_>, args: &[Value]) -> Outcome {
    let points = ref_elements(ctx, args, 0)?
        .into_iter()
        .map(|p| handle_of(ctx, p))
        .collect::<Result<Vec<_>, _>>()?;
    let scalars = ref_elements(ctx, args, 1)?
        .into_iter()
        .map(|s| {
            let data = *ctx.struct_fields(s)?.first().ok_or_else(bad_args)?;
            ctx.bytes(data).map(<[u8]>::to_vec)
        })
        .collect::<Result<Vec<_>, _>>()?;
    // As Aptos: `n` from the scalars; `n / log2(n + 1)` scalar multiplications (Move's
    // wrapper never passes `n = 0`, where Aptos would divide by zero; Tern charges none).
    let n = scalars.len();
    let log2 = (n + 1).checked_ilog2().unwrap_or(0) as usize;
    let muls = n.checked_div(log2).unwrap_or(0) as u64;
    ctx.charge_priced(
        &[
            (price!("point_parse_arg"), n as u64),
            (price!("scalar_parse_arg"), n as u64),
            (price!("point_mul"), muls),
        ],
        0,
    );
    let refs = super::slices(&scalars);
    handle_outcome(with_store(ctx, |st| st.multi_scalar_mul(&points, &refs)))
}

fn scalar_is_canonical(ctx: &mut NativeContext<'_>, args: &[Value]) -> Outcome {
    let bytes = owned_bytes(ctx, args, 0)?;
    charge(ctx, price!("scalar_is_canonical"));
    ret_bool(r::scalar_is_canonical(&bytes))
}

fn ret_scalar(ctx: &mut NativeContext<'_>, s: StoreResult<[u8; 32]>) -> Outcome {
    match s {
        Ok(s) => Ok(NativeResult::Return(vec![ctx.new_bytes(s.to_vec())])),
        Err(e) => outcome(Err::<(), _>(e), |_| Vec::new()),
    }
}

/// A native of one scalar argument, charging `price`.
fn scalar1(
    ctx: &mut NativeContext<'_>,
    args: &[Value],
    price: &str,
    f: fn(&[u8]) -> StoreResult<[u8; 32]>,
) -> Outcome {
    let a = owned_bytes(ctx, args, 0)?;
    charge(ctx, price);
    ret_scalar(ctx, f(&a))
}

/// A native of two scalar arguments, charging `price`.
fn scalar2(
    ctx: &mut NativeContext<'_>,
    args: &[Value],
    price: &str,
    f: fn(&[u8], &[u8]) -> StoreResult<[u8; 32]>,
) -> Outcome {
    let a = owned_bytes(ctx, args, 0)?;
    let b = owned_bytes(ctx, args, 1)?;
    charge(ctx, price);
    ret_scalar(ctx, f(&a, &b))
}

/// `scalar_from_sha512_internal(bytes): vector<u8>`.
fn scalar_from_sha512(ctx: &mut NativeContext<'_>, args: &[Value]) -> Outcome {
    let bytes = owned_bytes(ctx, args, 0)?;
    charge_sha512(ctx, price!("scalar_uniform_from_64_bytes"), bytes.len());
    ret_scalar(ctx, Ok(r::scalar_from_sha512(&bytes)))
}

fn scalar_from_u64(ctx: &mut NativeContext<'_>, args: &[Value]) -> Outcome {
    let n = u64_arg(args, 0)?;
    charge(ctx, price!("scalar_from_u64"));
    ret_scalar(ctx, Ok(r::scalar_from_u128(u128::from(n))))
}

fn scalar_from_u128(ctx: &mut NativeContext<'_>, args: &[Value]) -> Outcome {
    let n = match arg(args, 0)? {
        Value::U128(v) => v.u128(),
        _ => return Err(bad_args()),
    };
    charge(ctx, price!("scalar_from_u128"));
    ret_scalar(ctx, Ok(r::scalar_from_u128(n)))
}
