//! `sui::group_ops`'s natives: validation and arithmetic of elements of BLS12-381's scalar
//! field, G1, G2 and GT and of ristretto255's scalars and points, identified by Sui's group
//! ids; hashing to G1/G2, multi-scalar multiplication, the pairing, conversions to and from
//! uncompressed G1 and sums of uncompressed G1 points.
//!
//! As in Sui, arithmetic reads its operands as trusted encodings (the Move side only builds
//! `Element`s from validated bytes); a failure is the abort [`abort::INVALID_INPUT`].

use super::{
    byte_vectors, bytes, container, gas, ret_bool, ret_bytes, u8_arg, vector_len, Outcome,
};
use std::sync::Arc;
use tern_crypto::bls12381::{self, Gt, Scalar, G1, G2};
use tern_crypto::curve25519::{RistrettoPoint, RistrettoScalar};
use tern_crypto::{CryptoError, Group};
use tern_primitives::AccountAddress;
use tern_vm::natives::{NativeContext, NativeFunction, NativeRegistry, NativeResult};
use tern_vm::types::TypeId;
use tern_vm::values::Value;

/// Abort codes of the `group_ops` natives.
pub mod abort {
    /// The operation, group or input is invalid.
    pub const INVALID_INPUT: u64 = 1;
    /// Too many terms (multi-scalar multiplication, sum).
    pub const INPUT_TOO_LONG: u64 = 2;
}

const SCALAR: u8 = 0;
const G1_ID: u8 = 1;
const G2_ID: u8 = 2;
const GT_ID: u8 = 3;
const UNCOMPRESSED_G1: u8 = 4;
const RISTRETTO_SCALAR: u8 = 5;
const RISTRETTO_POINT: u8 = 6;

pub(super) fn register(registry: &mut NativeRegistry) {
    let two = AccountAddress::from_u64(2);
    let table: [(&str, NativeFunction); 10] = [
        ("internal_validate", Arc::new(validate)),
        ("internal_add", Arc::new(|c, _, a| binary(c, a, Op::Add))),
        ("internal_sub", Arc::new(|c, _, a| binary(c, a, Op::Sub))),
        ("internal_mul", Arc::new(|c, _, a| binary(c, a, Op::Mul))),
        ("internal_div", Arc::new(|c, _, a| binary(c, a, Op::Div))),
        ("internal_hash_to", Arc::new(hash_to)),
        ("internal_multi_scalar_mul", Arc::new(multi_scalar_mul)),
        ("internal_pairing", Arc::new(pairing)),
        ("internal_convert", Arc::new(convert)),
        ("internal_sum", Arc::new(sum)),
    ];
    for (function, native) in table {
        registry.register(two, "group_ops", function, native);
    }
}

fn invalid() -> Outcome {
    Ok(NativeResult::Abort(abort::INVALID_INPUT))
}

fn costs(group: u8) -> Option<gas::GroupCosts> {
    gas::GROUP_OPS.get(usize::from(group)).copied()
}

/// `internal_validate(type, bytes): bool` — decoding with every check; GT and unknown ids
/// are never valid (Sui validates no GT element here).
fn validate(ctx: &mut NativeContext<'_>, _: &[TypeId], args: &[Value]) -> Outcome {
    let group = u8_arg(args, 0)?;
    let element = bytes(ctx, args, 1)?;
    let valid = match group {
        SCALAR => Scalar::from_bytes(&element).is_ok(),
        G1_ID => G1::from_bytes(&element).is_ok(),
        G2_ID => G2::from_bytes(&element).is_ok(),
        RISTRETTO_SCALAR => RistrettoScalar::from_bytes(&element).is_ok(),
        RISTRETTO_POINT => RistrettoPoint::from_bytes(&element).is_ok(),
        _ => return ret_bool(false),
    };
    if let Some(c) = costs(group) {
        ctx.charge(c.decode);
    }
    ret_bool(valid)
}

#[derive(Clone, Copy)]
enum Op {
    Add,
    Sub,
    Mul,
    Div,
}

/// `e1 op e2` for add and sub; `e2 · e1` and `e2 / e1` for mul and div, whose `e1` is a
/// scalar (Sui's argument order).
fn apply<G: Group>(op: Op, e1: &[u8], e2: &[u8]) -> Result<Vec<u8>, CryptoError> {
    let result = match op {
        Op::Add => G::from_trusted_bytes(e1)?.add(&G::from_trusted_bytes(e2)?),
        Op::Sub => G::from_trusted_bytes(e1)?.sub(&G::from_trusted_bytes(e2)?),
        Op::Mul => G::from_trusted_bytes(e2)?.mul(&G::Scalar::from_trusted_bytes(e1)?),
        Op::Div => G::from_trusted_bytes(e2)?.div(&G::Scalar::from_trusted_bytes(e1)?)?,
    };
    Ok(result.to_bytes())
}

/// `internal_add` / `_sub` / `_mul` / `_div(type, e1, e2): vector<u8>`.
fn binary(ctx: &mut NativeContext<'_>, args: &[Value], op: Op) -> Outcome {
    let group = u8_arg(args, 0)?;
    let (e1, e2) = (bytes(ctx, args, 1)?, bytes(ctx, args, 2)?);
    let compute = match group {
        SCALAR => apply::<Scalar>,
        G1_ID => apply::<G1>,
        G2_ID => apply::<G2>,
        GT_ID => apply::<Gt>,
        RISTRETTO_SCALAR => apply::<RistrettoScalar>,
        RISTRETTO_POINT => apply::<RistrettoPoint>,
        _ => return invalid(),
    };
    if let Some(c) = costs(group) {
        ctx.charge(match op {
            Op::Add => c.add,
            Op::Sub => c.sub,
            Op::Mul => c.mul,
            Op::Div => c.div,
        });
    }
    match compute(op, &e1, &e2) {
        Ok(result) => ret_bytes(ctx, result),
        Err(_) => invalid(),
    }
}

/// `internal_hash_to(type, message): vector<u8>` — G1 and G2 only, non-empty messages.
fn hash_to(ctx: &mut NativeContext<'_>, _: &[TypeId], args: &[Value]) -> Outcome {
    let group = u8_arg(args, 0)?;
    let message = bytes(ctx, args, 1)?;
    if message.is_empty() {
        return invalid();
    }
    let per_byte =
        |(base, per): (u64, u64)| base.saturating_add(per.saturating_mul(message.len() as u64));
    let result = match group {
        G1_ID => {
            ctx.charge(per_byte(gas::HASH_TO_G1));
            bls12381::hash_to_g1(&message, bls12381::DST_G1).to_bytes()
        }
        G2_ID => {
            ctx.charge(per_byte(gas::HASH_TO_G2));
            bls12381::hash_to_g2(&message, bls12381::DST_G2).to_bytes()
        }
        _ => return invalid(),
    };
    ret_bytes(ctx, result)
}

/// `internal_multi_scalar_mul(type, scalars, elements): vector<u8>` — G1 and G2, 1 to 32
/// terms.
fn multi_scalar_mul(ctx: &mut NativeContext<'_>, _: &[TypeId], args: &[Value]) -> Outcome {
    let group = u8_arg(args, 0)?;
    let (scalars, points) = (bytes(ctx, args, 1)?, bytes(ctx, args, 2)?);
    match group {
        G1_ID => msm::<G1>(ctx, &scalars, &points, gas::MSM_G1, G1::multi_scalar_mul),
        G2_ID => msm::<G2>(ctx, &scalars, &points, gas::MSM_G2, G2::multi_scalar_mul),
        _ => invalid(),
    }
}

fn msm<G: Group<Scalar = Scalar>>(
    ctx: &mut NativeContext<'_>,
    scalars: &[u8],
    points: &[u8],
    (base, per_addition): (u64, u64),
    compute: fn(&[Scalar], &[G]) -> Result<G, CryptoError>,
) -> Outcome {
    let (s_len, p_len) = (Scalar::LENGTH, G::LENGTH);
    if scalars.is_empty()
        || points.is_empty()
        || !scalars.len().is_multiple_of(s_len)
        || !points.len().is_multiple_of(p_len)
        || scalars.len() / s_len != points.len() / p_len
    {
        return invalid();
    }
    let n = points.len() / p_len;
    if n > gas::MSM_MAX_LEN {
        return Ok(NativeResult::Abort(abort::INPUT_TOO_LONG));
    }
    let decode = |group: u8| {
        costs(group)
            .map_or(0, |c| c.decode)
            .saturating_mul(n as u64)
    };
    ctx.charge(decode(SCALAR));
    let scalars: Result<Vec<Scalar>, _> = scalars
        .chunks_exact(s_len)
        .map(Scalar::from_trusted_bytes)
        .collect();
    ctx.charge(decode(if G::LENGTH == bls12381::G1_LENGTH {
        G1_ID
    } else {
        G2_ID
    }));
    let points: Result<Vec<G>, _> = points
        .chunks_exact(p_len)
        .map(G::from_trusted_bytes)
        .collect();
    let (Ok(scalars), Ok(points)) = (scalars, points) else {
        return invalid();
    };
    ctx.charge(base.saturating_add(per_addition.saturating_mul(gas::msm_additions(n as u64))));
    match compute(&scalars, &points) {
        Ok(result) => ret_bytes(ctx, result.to_bytes()),
        Err(_) => invalid(),
    }
}

/// `internal_pairing(type, e1, e2): vector<u8>` — type G1: `e(e1, e2)` for `e2` in G2.
fn pairing(ctx: &mut NativeContext<'_>, _: &[TypeId], args: &[Value]) -> Outcome {
    if u8_arg(args, 0)? != G1_ID {
        return invalid();
    }
    let (e1, e2) = (bytes(ctx, args, 1)?, bytes(ctx, args, 2)?);
    ctx.charge(gas::PAIRING);
    match (G1::from_trusted_bytes(&e1), G2::from_trusted_bytes(&e2)) {
        (Ok(a), Ok(b)) => ret_bytes(ctx, bls12381::pairing(&a, &b).to_bytes()),
        _ => invalid(),
    }
}

/// `internal_convert(from, to, e): vector<u8>` — between G1 and uncompressed G1.
fn convert(ctx: &mut NativeContext<'_>, _: &[TypeId], args: &[Value]) -> Outcome {
    let (from, to) = (u8_arg(args, 0)?, u8_arg(args, 1)?);
    let element = bytes(ctx, args, 2)?;
    let result = match (from, to) {
        (UNCOMPRESSED_G1, G1_ID) => {
            ctx.charge(gas::UNCOMPRESSED_TO_G1);
            G1::from_uncompressed(&element).map(|p| p.to_bytes())
        }
        (G1_ID, UNCOMPRESSED_G1) => {
            ctx.charge(gas::G1_TO_UNCOMPRESSED);
            G1::from_trusted_bytes(&element).map(|p| p.to_uncompressed().to_vec())
        }
        _ => return invalid(),
    };
    match result {
        Ok(bytes) => ret_bytes(ctx, bytes),
        Err(_) => invalid(),
    }
}

/// `internal_sum(type, terms: &vector<vector<u8>>): vector<u8>` — uncompressed G1, at most
/// 1200 terms.
fn sum(ctx: &mut NativeContext<'_>, _: &[TypeId], args: &[Value]) -> Outcome {
    if u8_arg(args, 0)? != UNCOMPRESSED_G1 {
        return invalid();
    }
    let _ = container(ctx, args, 1)?;
    let count = vector_len(ctx, args, 1)?;
    if count > gas::UNCOMPRESSED_G1_SUM_MAX_TERMS {
        return Ok(NativeResult::Abort(abort::INPUT_TOO_LONG));
    }
    let (base, per_term) = gas::UNCOMPRESSED_G1_SUM;
    ctx.charge(base.saturating_add(per_term.saturating_mul(count)));
    let terms = byte_vectors(ctx, args, 1)?;
    let points: Result<Vec<G1>, _> = terms
        .iter()
        .map(|t| G1::from_trusted_uncompressed(t))
        .collect();
    match points {
        Ok(points) => ret_bytes(ctx, G1::sum(&points).to_uncompressed().to_vec()),
        Err(_) => invalid(),
    }
}
