//! What `crypto_algebra`'s natives charge under a gas schedule: Aptos's `algebra.ark_*`
//! parameters (and, for a long hash-to-curve tag, `hash.sha2_256`), per structure and
//! operation, as Aptos's natives charge them at gas feature version 50.
//!
//! Aptos charges once the structures are known to support the operation and the handles
//! have been read, before computing; so an operation charges when it succeeds, when it
//! then goes past the element memory (`E_TOO_MUCH_MEMORY_USED`) and when hash-to-curve
//! fails, and charges nothing when it aborts with `E_NOT_IMPLEMENTED` or
//! `E_INPUT_VECTOR_SIZES_NOT_MATCHING` (a bad handle is a VM error: no charge matters).

use tern_crypto::aptos_algebra::{
    AlgebraError, AlgebraResult, ElementStore, EnabledStructures, Format, HashSuite, Structure,
};
use tern_vm::natives::NativeContext;

/// A priced operation of `crypto_algebra`.
#[derive(Clone, Copy)]
pub(super) enum Op {
    /// `add`.
    Add,
    /// `sub`.
    Sub,
    /// `mul`.
    Mul,
    /// `inv`.
    Inv,
    /// `neg`.
    Neg,
    /// `sqr`.
    Sqr,
    /// `double`.
    Double,
    /// `eq`.
    Eq,
    /// `from_u64`.
    FromU64,
    /// `zero`.
    Zero,
    /// `one`.
    One,
}

/// The schedule's name of `aptos_framework.algebra.ark_NAME`.
fn param(name: String) -> String {
    format!("aptos_framework.algebra.ark_{name}")
}

/// The curve a structure belongs to, as Aptos's parameter names spell it.
fn curve(s: Structure) -> &'static str {
    match s {
        Structure::Bls12381Fr
        | Structure::Bls12381Fq12
        | Structure::Bls12381G1
        | Structure::Bls12381G2
        | Structure::Bls12381Gt => "bls12_381",
        _ => "bn254",
    }
}

/// What a structure is to the schedule: a field (`fr`, `fq`, `fq12`), a group of points
/// (`g1`, `g2`), or the target group (priced as operations of `fq12`).
enum Kind {
    Field(&'static str),
    Group(&'static str),
    Gt,
}

fn kind(s: Structure) -> Kind {
    match s {
        Structure::Bls12381Fr | Structure::Bn254Fr => Kind::Field("fr"),
        Structure::Bn254Fq => Kind::Field("fq"),
        Structure::Bls12381Fq12 | Structure::Bn254Fq12 => Kind::Field("fq12"),
        Structure::Bls12381G1 | Structure::Bn254G1 => Kind::Group("g1"),
        Structure::Bls12381G2 | Structure::Bn254G2 => Kind::Group("g2"),
        Structure::Bls12381Gt | Structure::Bn254Gt => Kind::Gt,
    }
}

/// The one parameter `op` on `s` charges, if Aptos implements it.
fn op_param(op: Op, s: Structure) -> Option<String> {
    let c = curve(s);
    let name = match (kind(s), op) {
        (Kind::Field(f), Op::Add) => format!("{f}_add"),
        (Kind::Field(f), Op::Sub) => format!("{f}_sub"),
        (Kind::Field(f), Op::Mul) => format!("{f}_mul"),
        (Kind::Field(f), Op::Inv) => format!("{f}_inv"),
        (Kind::Field(f), Op::Neg) => format!("{f}_neg"),
        (Kind::Field(f), Op::Sqr) => format!("{f}_square"),
        (Kind::Field(f), Op::Eq) => format!("{f}_eq"),
        (Kind::Field(f), Op::FromU64) => format!("{f}_from_u64"),
        (Kind::Field(f), Op::Zero) => format!("{f}_zero"),
        (Kind::Field(f), Op::One) => format!("{f}_one"),
        (Kind::Group(g), Op::Add) => format!("{g}_proj_add"),
        (Kind::Group(g), Op::Sub) => format!("{g}_proj_sub"),
        (Kind::Group(g), Op::Neg) => format!("{g}_proj_neg"),
        (Kind::Group(g), Op::Double) => format!("{g}_proj_double"),
        (Kind::Group(g), Op::Eq) => format!("{g}_proj_eq"),
        (Kind::Group(g), Op::Zero) => format!("{g}_proj_infinity"),
        (Kind::Group(g), Op::One) => format!("{g}_proj_generator"),
        // The target group is a subgroup of Fq12's multiplicative group, written additively.
        (Kind::Gt, Op::Add) => "fq12_mul".into(),
        (Kind::Gt, Op::Sub) => "fq12_div".into(),
        (Kind::Gt, Op::Neg) => "fq12_inv".into(),
        (Kind::Gt, Op::Double) => "fq12_square".into(),
        (Kind::Gt, Op::Eq) => "fq12_eq".into(),
        (Kind::Gt, Op::Zero) => "fq12_one".into(),
        (Kind::Gt, Op::One) => "fq12_clone".into(),
        _ => return None,
    };
    Some(param(format!("{c}_{name}")))
}

/// Whether an operation that ended with `result` was charged by Aptos.
fn charged<T>(result: &AlgebraResult<T>) -> bool {
    matches!(
        result,
        Ok(_) | Err(AlgebraError::TooMuchMemoryUsed { .. } | AlgebraError::HashToCurve(_))
    )
}

/// Charges `priced` (owned names) under a schedule; these natives charge no Tern units.
fn charge(ctx: &mut NativeContext<'_>, priced: &[(String, u64)]) {
    let priced: Vec<(&str, u64)> = priced.iter().map(|(n, c)| (n.as_str(), *c)).collect();
    ctx.charge_priced(&priced, 0);
}

/// Charges `op` on `s` for an operation that ended with `result`.
pub(super) fn charge_op<T>(
    ctx: &mut NativeContext<'_>,
    op: Op,
    s: Structure,
    result: &AlgebraResult<T>,
) {
    if let (true, Some(name)) = (charged(result), op_param(op, s)) {
        charge(ctx, &[(name, 1)]);
    }
}

/// `div`: the divisor's comparison with zero, then the division unless it is zero.
pub(super) fn charge_div(
    ctx: &mut NativeContext<'_>,
    s: Structure,
    result: &AlgebraResult<Option<u64>>,
) {
    if !charged(result) {
        return;
    }
    let (Kind::Field(f), c) = (kind(s), curve(s)) else {
        return;
    };
    let mut priced = vec![(param(format!("{c}_{f}_eq")), 1)];
    if !matches!(result, Ok(None)) {
        priced.push((param(format!("{c}_{f}_div")), 1));
    }
    charge(ctx, &priced);
}

/// `scalar_mul<G, S>`: one scalar multiplication of `G` (an exponentiation for the target
/// group).
pub(super) fn charge_scalar_mul<T>(
    ctx: &mut NativeContext<'_>,
    g: Structure,
    result: &AlgebraResult<T>,
) {
    if !charged(result) {
        return;
    }
    let name = match kind(g) {
        Kind::Group(g) => format!("{g}_proj_scalar_mul"),
        Kind::Gt => "fq12_pow_u256".into(),
        Kind::Field(_) => return,
    };
    charge(ctx, &[(param(format!("{}_{name}", curve(g))), 1)]);
}

/// The window size of arkworks' multi-scalar multiplication for `n` terms.
fn msm_window(n: u64) -> u64 {
    if n < 32 {
        3
    } else {
        // ⌈log2 n⌉.
        let log2_ceil = u64::from(u64::BITS - (n - 1).leading_zeros());
        log2_ceil * 69 / 100 + 2
    }
}

/// `multi_scalar_mul<G, S>` of `n` terms: `n` conversions to affine form, then the additions
/// and doublings of a windowed MSM (Aptos's estimate: with window `w`, `⌈255 / w⌉` windows of
/// `2^w` buckets).
pub(super) fn charge_msm<T>(
    ctx: &mut NativeContext<'_>,
    g: Structure,
    n: u64,
    result: &AlgebraResult<T>,
) {
    let Kind::Group(group) = kind(g) else {
        return;
    };
    if !charged(result) {
        return;
    }
    let c = curve(g);
    let window = msm_window(n);
    let windows = 255u64.div_ceil(window);
    let buckets = 1u64 << window;
    let adds = n
        .saturating_add(buckets)
        .saturating_add(1)
        .saturating_mul(windows);
    charge(
        ctx,
        &[
            (param(format!("{c}_{group}_proj_to_affine")), n),
            (param(format!("{c}_{group}_proj_add")), adds),
            (param(format!("{c}_{group}_proj_double")), buckets * windows),
        ],
    );
}

/// `pairing` (`pairs` = `None`) or `multi_pairing` of `pairs` pairs over the curve of `g1`:
/// each point converted to affine form, then the pairing.
pub(super) fn charge_pairing<T>(
    ctx: &mut NativeContext<'_>,
    g1: Structure,
    pairs: Option<u64>,
    result: &AlgebraResult<T>,
) {
    if !charged(result) {
        return;
    }
    let c = curve(g1);
    let n = pairs.unwrap_or(1);
    let mut priced = vec![
        (param(format!("{c}_g1_proj_to_affine")), n),
        (param(format!("{c}_g2_proj_to_affine")), n),
    ];
    match pairs {
        None => priced.push((param(format!("{c}_pairing")), 1)),
        Some(n) => {
            priced.push((param(format!("{c}_multi_pairing_base")), 1));
            priced.push((param(format!("{c}_multi_pairing_per_pair")), n));
        }
    }
    charge(ctx, &priced);
}

/// `downcast<Fq12, Gt>`: the exponentiation that tests membership.
pub(super) fn charge_downcast<T>(
    ctx: &mut NativeContext<'_>,
    sup: Structure,
    result: &AlgebraResult<T>,
) {
    if charged(result) {
        charge(ctx, &[(param(format!("{}_fq12_pow_u256", curve(sup))), 1)]);
    }
}

/// Whether a format writes points compressed (`Some(true)`), uncompressed (`Some(false)`),
/// or is a field's format (`None`).
fn compressed(f: Format) -> Option<bool> {
    match f {
        Format::Bls12381G1Compr
        | Format::Bls12381G2Compr
        | Format::Bn254G1Compr
        | Format::Bn254G2Compr => Some(true),
        Format::Bls12381G1Uncompr
        | Format::Bls12381G2Uncompr
        | Format::Bn254G1Uncompr
        | Format::Bn254G2Uncompr => Some(false),
        _ => None,
    }
}

/// `serialize<S, F>`: a field element's serialization, or a point's conversion to affine
/// form and its serialization.
pub(super) fn charge_serialize<T>(
    ctx: &mut NativeContext<'_>,
    s: Structure,
    f: Format,
    result: &AlgebraResult<T>,
) {
    if !charged(result) {
        return;
    }
    let c = curve(s);
    let priced = match (kind(s), compressed(f)) {
        (Kind::Field(field), _) => vec![(param(format!("{c}_{field}_serialize")), 1)],
        (Kind::Gt, _) => vec![(param(format!("{c}_fq12_serialize")), 1)],
        (Kind::Group(g), Some(comp)) => {
            let mode = if comp { "comp" } else { "uncomp" };
            vec![
                (param(format!("{c}_{g}_proj_to_affine")), 1),
                (param(format!("{c}_{g}_affine_serialize_{mode}")), 1),
            ]
        }
        (Kind::Group(_), None) => return,
    };
    charge(ctx, &priced);
}

/// The length of an encoding of `s` in `f` (Aptos charges a deserialization only for bytes of
/// that length).
fn encoding_length(s: Structure, f: Format) -> Option<usize> {
    let bls = curve(s) == "bls12_381";
    Some(match (kind(s), compressed(f), bls) {
        (Kind::Field("fq12") | Kind::Gt, _, true) => 576,
        (Kind::Field("fq12") | Kind::Gt, _, false) => 384,
        (Kind::Field(_), _, _) => 32,
        (Kind::Group("g1"), Some(true), true) => 48,
        (Kind::Group("g1"), Some(false), true) => 96,
        (Kind::Group(_), Some(true), true) => 96,
        (Kind::Group(_), Some(false), true) => 192,
        (Kind::Group("g1"), Some(true), false) => 32,
        (Kind::Group("g1"), Some(false), false) => 64,
        (Kind::Group(_), Some(true), false) => 64,
        (Kind::Group(_), Some(false), false) => 128,
        (Kind::Group(_), None, _) => return None,
    })
}

/// Whether `bytes` parse as an element of `Fq12` of the curve of the target group `gt` (the
/// step after which Aptos charges the target group's membership test).
fn parses_as_fq12(gt: Structure, bytes: &[u8]) -> bool {
    let (fq12, format) = if curve(gt) == "bls12_381" {
        (Structure::Bls12381Fq12, Format::Bls12381Fq12LscLsb)
    } else {
        (Structure::Bn254Fq12, Format::Bn254Fq12LscLsb)
    };
    let mut scratch = ElementStore::new(EnabledStructures::ALL);
    matches!(scratch.deserialize(fq12, format, bytes), Ok(Some(_)))
}

/// `deserialize<S, F>(bytes)`: for bytes of the format's length, the deserialization (a
/// field's, a point's in the format's mode, or Fq12's for the target group, then its
/// membership test if they parse as Fq12).
pub(super) fn charge_deserialize(
    ctx: &mut NativeContext<'_>,
    s: Structure,
    f: Format,
    bytes: &[u8],
    result: &AlgebraResult<Option<u64>>,
) {
    if !charged(result) || encoding_length(s, f) != Some(bytes.len()) {
        return;
    }
    let c = curve(s);
    let priced = match (kind(s), compressed(f)) {
        (Kind::Field(field), _) => vec![(param(format!("{c}_{field}_deser")), 1)],
        (Kind::Group(g), Some(comp)) => {
            let mode = if comp { "comp" } else { "uncomp" };
            vec![(param(format!("{c}_{g}_affine_deser_{mode}")), 1)]
        }
        (Kind::Group(_), None) => return,
        (Kind::Gt, _) => {
            let mut priced = vec![(param(format!("{c}_fq12_deser")), 1)];
            if !matches!(result, Ok(None)) || parses_as_fq12(s, bytes) {
                priced.push((param(format!("{c}_fq12_pow_u256")), 1));
                priced.push((param(format!("{c}_fq12_eq")), 1));
            }
            priced
        }
    };
    charge(ctx, &priced);
}

/// `hash_to<S, H>(dst, msg)`: the suite's base and per byte of the message, and, for a tag
/// longer than 255 bytes, its shortening (a SHA2-256 of `17 + |dst|` bytes).
pub(super) fn charge_hash_to<T>(
    ctx: &mut NativeContext<'_>,
    suite: HashSuite,
    dst_len: usize,
    msg_len: usize,
    result: &AlgebraResult<T>,
) {
    if !charged(result) {
        return;
    }
    let g = match suite {
        HashSuite::Bls12381G1XmdSha256SswuRo => "g1",
        HashSuite::Bls12381G2XmdSha256SswuRo => "g2",
    };
    let mut priced = vec![
        (param(format!("h2c_bls12381{g}_xmd_sha256_sswu_base")), 1),
        (
            param(format!("h2c_bls12381{g}_xmd_sha256_sswu_per_msg_byte")),
            msg_len as u64,
        ),
    ];
    if dst_len > 255 {
        priced.push(("move_stdlib.hash.sha2_256.base".to_string(), 1));
        priced.push((
            "move_stdlib.hash.sha2_256.per_byte".to_string(),
            (17 + dst_len) as u64,
        ));
    }
    charge(ctx, &priced);
}
