//! The byte encodings of BLS12-381 elements, with `blst`'s acceptance rules.

use crate::error::{array, CryptoError, Result};
use ark_bls12_381::{Fq, Fq12, Fq2, G1Affine, G2Affine};
use ark_ec::short_weierstrass::SWCurveConfig;
use ark_ec::AffineRepr;
use ark_ff::{BigInteger, Field, PrimeField, Zero};

/// Length of an encoded scalar.
pub const SCALAR_LENGTH: usize = 32;
/// Length of a compressed G1 point.
pub const G1_LENGTH: usize = 48;
/// Length of an uncompressed G1 point.
pub const G1_UNCOMPRESSED_LENGTH: usize = 96;
/// Length of a compressed G2 point.
pub const G2_LENGTH: usize = 96;
/// Length of an encoded GT element.
pub const GT_LENGTH: usize = 576;

const FQ: usize = 48;
const COMPRESSED: u8 = 0x80;
const INFINITY: u8 = 0x40;
const LARGER: u8 = 0x20;

/// A canonical big-endian field or scalar element, or `None` when the bytes encode a value not
/// below the modulus.
pub(crate) fn from_be_canonical<F: PrimeField>(bytes: &[u8]) -> Option<F> {
    let value = F::from_be_bytes_mod_order(bytes);
    let mut encoded = value.into_bigint().to_bytes_be();
    // Strip the leading zero bytes of a wider limb representation.
    while encoded.len() > bytes.len() && encoded.first() == Some(&0) {
        encoded.remove(0);
    }
    (encoded == bytes).then_some(value)
}

fn fq(bytes: &[u8], what: &'static str) -> Result<Fq> {
    from_be_canonical(bytes).ok_or(CryptoError::InvalidEncoding(what))
}

fn fq_be(value: &Fq) -> Vec<u8> {
    value.into_bigint().to_bytes_be()
}

/// Whether `y` is the larger of `±y` as an integer.
fn larger_fq(y: &Fq) -> bool {
    y.into_bigint() > (-*y).into_bigint()
}

/// ZCash's order on Fq2: by `c1`, then by `c0` when `c1` is zero.
fn larger_fq2(y: &Fq2) -> bool {
    if y.c1.is_zero() {
        larger_fq(&y.c0)
    } else {
        larger_fq(&y.c1)
    }
}

/// The infinity encoding: the flag byte exactly `flags` and every other byte zero.
fn is_infinity_encoding(bytes: &[u8], flags: u8) -> bool {
    bytes.first() == Some(&flags) && bytes.iter().skip(1).all(|b| *b == 0)
}

/// The first coordinate chunk with the three flag bits cleared.
fn masked(bytes: &[u8]) -> Vec<u8> {
    let mut x = bytes.get(..FQ).unwrap_or_default().to_vec();
    if let Some(b) = x.first_mut() {
        *b &= 0x1f;
    }
    x
}

/// A compressed G1 point (`blst_p1_uncompress`): on the curve, not checked for G1.
pub(crate) fn g1_from_compressed(bytes: &[u8]) -> Result<G1Affine> {
    let bytes: [u8; G1_LENGTH] = array("compressed G1 point", bytes)?;
    let bad = CryptoError::InvalidEncoding("compressed G1 point");
    let flags = bytes[0];
    if flags & COMPRESSED == 0 {
        return Err(bad);
    }
    if flags & INFINITY != 0 {
        return if is_infinity_encoding(&bytes, COMPRESSED | INFINITY) {
            Ok(G1Affine::identity())
        } else {
            Err(bad)
        };
    }
    let x = fq(&masked(&bytes), "compressed G1 point")?;
    let rhs = x.square() * x + ark_bls12_381::g1::Config::COEFF_B;
    let y = rhs.sqrt().ok_or(bad)?;
    let y = if larger_fq(&y) == (flags & LARGER != 0) {
        y
    } else {
        -y
    };
    Ok(G1Affine::new_unchecked(x, y))
}

/// A compressed G2 point (`blst_p2_uncompress`): on the curve, not checked for G2.
pub(crate) fn g2_from_compressed(bytes: &[u8]) -> Result<G2Affine> {
    let bytes: [u8; G2_LENGTH] = array("compressed G2 point", bytes)?;
    let bad = CryptoError::InvalidEncoding("compressed G2 point");
    let flags = bytes[0];
    if flags & COMPRESSED == 0 {
        return Err(bad);
    }
    if flags & INFINITY != 0 {
        return if is_infinity_encoding(&bytes, COMPRESSED | INFINITY) {
            Ok(G2Affine::identity())
        } else {
            Err(bad)
        };
    }
    let c1 = fq(&masked(&bytes), "compressed G2 point")?;
    let c0 = fq(&bytes[FQ..], "compressed G2 point")?;
    let x = Fq2::new(c0, c1);
    let rhs = x.square() * x + ark_bls12_381::g2::Config::COEFF_B;
    let y = rhs.sqrt().ok_or(bad)?;
    let y = if larger_fq2(&y) == (flags & LARGER != 0) {
        y
    } else {
        -y
    };
    Ok(G2Affine::new_unchecked(x, y))
}

/// An uncompressed G1 point (`blst_p1_deserialize` without the compressed branch): no flag
/// but infinity, coordinates canonical, on the curve, `x ≠ 0`; not checked for G1.
pub(crate) fn g1_from_uncompressed(bytes: &[u8]) -> Result<G1Affine> {
    let bytes: [u8; G1_UNCOMPRESSED_LENGTH] = array("uncompressed G1 point", bytes)?;
    let bad = CryptoError::InvalidEncoding("uncompressed G1 point");
    let flags = bytes[0];
    if flags & (COMPRESSED | LARGER) != 0 {
        return Err(bad);
    }
    if flags & INFINITY != 0 {
        return if is_infinity_encoding(&bytes, INFINITY) {
            Ok(G1Affine::identity())
        } else {
            Err(bad)
        };
    }
    let x = fq(&bytes[..FQ], "uncompressed G1 point")?;
    let y = fq(&bytes[FQ..], "uncompressed G1 point")?;
    let point = G1Affine::new_unchecked(x, y);
    if !point.is_on_curve() || x.is_zero() {
        return Err(bad);
    }
    Ok(point)
}

pub(crate) fn g1_to_compressed(point: &G1Affine) -> [u8; G1_LENGTH] {
    let mut out = [0u8; G1_LENGTH];
    if point.is_zero() {
        out[0] = COMPRESSED | INFINITY;
        return out;
    }
    out.copy_from_slice(&fq_be(&point.x));
    out[0] |= COMPRESSED | if larger_fq(&point.y) { LARGER } else { 0 };
    out
}

pub(crate) fn g2_to_compressed(point: &G2Affine) -> [u8; G2_LENGTH] {
    let mut out = [0u8; G2_LENGTH];
    if point.is_zero() {
        out[0] = COMPRESSED | INFINITY;
        return out;
    }
    out[..FQ].copy_from_slice(&fq_be(&point.x.c1));
    out[FQ..].copy_from_slice(&fq_be(&point.x.c0));
    out[0] |= COMPRESSED | if larger_fq2(&point.y) { LARGER } else { 0 };
    out
}

pub(crate) fn g1_to_uncompressed(point: &G1Affine) -> [u8; G1_UNCOMPRESSED_LENGTH] {
    let mut out = [0u8; G1_UNCOMPRESSED_LENGTH];
    if point.is_zero() {
        out[0] = INFINITY;
        return out;
    }
    out[..FQ].copy_from_slice(&fq_be(&point.x));
    out[FQ..].copy_from_slice(&fq_be(&point.y));
    out
}

/// The coefficient `c{j}.c{i}.c{k}` of an Fq12 element.
fn coefficient(f: &mut Fq12, j: usize, i: usize, k: usize) -> Option<&mut Fq> {
    let fq6 = match j {
        0 => &mut f.c0,
        1 => &mut f.c1,
        _ => return None,
    };
    let fq2 = match i {
        0 => &mut fq6.c0,
        1 => &mut fq6.c1,
        2 => &mut fq6.c2,
        _ => return None,
    };
    match k {
        0 => Some(&mut fq2.c0),
        1 => Some(&mut fq2.c1),
        _ => None,
    }
}

/// `blst`'s order of the twelve coefficients: `Fq2` index outermost, then the `Fq6` index.
fn blst_order() -> impl Iterator<Item = (usize, usize, usize)> {
    (0..3).flat_map(|i| (0..2).flat_map(move |j| (0..2).map(move |k| (j, i, k))))
}

/// arkworks' order: `Fq6` index outermost.
fn arkworks_order() -> impl Iterator<Item = (usize, usize, usize)> {
    (0..2).flat_map(|j| (0..3).flat_map(move |i| (0..2).map(move |k| (j, i, k))))
}

fn fq12_from(
    bytes: &[u8],
    order: impl Iterator<Item = (usize, usize, usize)>,
    little_endian: bool,
) -> Result<Fq12> {
    let bytes: [u8; GT_LENGTH] = array("GT element", bytes)?;
    let mut value = Fq12::zero();
    for ((j, i, k), chunk) in order.zip(bytes.chunks_exact(FQ)) {
        let mut be = chunk.to_vec();
        if little_endian {
            be.reverse();
        }
        let slot =
            coefficient(&mut value, j, i, k).ok_or(CryptoError::InvalidEncoding("GT element"))?;
        *slot = fq(&be, "GT element")?;
    }
    Ok(value)
}

fn fq12_to(
    value: &Fq12,
    order: impl Iterator<Item = (usize, usize, usize)>,
    little_endian: bool,
) -> Vec<u8> {
    let mut value = *value;
    let mut out = Vec::with_capacity(GT_LENGTH);
    for (j, i, k) in order {
        let mut bytes = coefficient(&mut value, j, i, k)
            .map(|c| fq_be(c))
            .unwrap_or_default();
        if little_endian {
            bytes.reverse();
        }
        out.extend_from_slice(&bytes);
    }
    out
}

/// A GT element in `blst`'s encoding (coefficients canonical), not checked for GT.
pub(crate) fn fq12_from_blst(bytes: &[u8]) -> Result<Fq12> {
    fq12_from(bytes, blst_order(), false)
}

pub(crate) fn fq12_to_blst(value: &Fq12) -> Vec<u8> {
    fq12_to(value, blst_order(), false)
}

/// A GT element in arkworks' uncompressed encoding (coefficients canonical), not checked
/// for GT.
pub(crate) fn fq12_from_arkworks(bytes: &[u8]) -> Result<Fq12> {
    fq12_from(bytes, arkworks_order(), true)
}

pub(crate) fn fq12_to_arkworks(value: &Fq12) -> Vec<u8> {
    fq12_to(value, arkworks_order(), true)
}
