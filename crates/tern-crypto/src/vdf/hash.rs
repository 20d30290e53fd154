//! Hashing a message to a form of the class group, as fastcrypto's
//! `hash_to_group_with_default_parameters` does.
//!
//! The message's SHA-256 digest seeds a ChaCha8 generator (`rand_chacha` 0.3, the generator
//! and version fastcrypto draws from, so that the stream, including the whole 32-bit words a
//! 17-byte draw consumes, is the same). Two distinct primes `p` are drawn, each from 17
//! random bytes read as a little-endian number with its lowest bit set, skipping multiples
//! of the odd primes below 100, numbers whose Jacobi symbol `(Δ/p)` is not 1 and numbers
//! that fail the primality test. Then `a = p₁·p₂`, `b` is a square root of `Δ` modulo `a`
//! assembled by fastcrypto's Chinese remaindering (see [`crt`]) from one root modulo each
//! prime (the root the algorithm of Crandall and Pomerance, "Prime Numbers", 2.3.8, picks),
//! moved to the odd value `b - a` when even, and `c = (b² - Δ) / 4a`. The form is returned
//! as is, not reduced: `b` may exceed `a` (Sui's vectors have such inputs).

use super::form::{xgcd, Form};
use super::prime::{is_probable_prime, jacobi};
use num_bigint::{BigInt, BigUint, Sign};
use num_integer::Integer;
use num_traits::{One, Signed, ToPrimitive, Zero};
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sha2::{Digest, Sha256};

/// Bytes of each prime factor of `a`.
const FACTOR_BYTES: usize = 17;
/// Number of prime factors of `a`.
const FACTORS: usize = 2;
/// The odd primes below 100, tried as divisors before the primality test.
const SMALL_PRIMES: [u8; 24] = [
    3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97,
];

/// The form `message` hashes to in the group of `discriminant` (a negative prime, 1 mod 8).
pub(crate) fn hash_to_form(message: &[u8], discriminant: &BigInt) -> Option<Form> {
    let seed: [u8; 32] = Sha256::digest(message).into();
    let mut rng = ChaCha8Rng::from_seed(seed);
    let mut factors: Vec<BigInt> = Vec::with_capacity(FACTORS);
    let mut roots: Vec<BigInt> = Vec::with_capacity(FACTORS);
    while factors.len() < FACTORS {
        let candidate = draw_odd(&mut rng);
        if factors.iter().any(|f| f.magnitude() == &candidate)
            || SMALL_PRIMES.iter().any(|&p| (&candidate % p).is_zero())
            || jacobi(discriminant, &candidate) != 1
            || !is_probable_prime(&candidate)
        {
            continue;
        }
        let prime = BigInt::from_biguint(Sign::Plus, candidate);
        roots.push(square_root_mod_prime(discriminant, &prime)?);
        factors.push(prime);
    }
    let a: BigInt = factors.iter().product();
    let mut b = crt(&roots, &factors)?;
    if b.is_even() {
        b -= &a;
    }
    Form::from_a_b(a, b, discriminant)
}

/// 17 bytes from `rng`, little-endian, with the lowest bit set.
fn draw_odd(rng: &mut ChaCha8Rng) -> BigUint {
    let mut bytes = [0u8; FACTOR_BYTES];
    rng.fill_bytes(&mut bytes);
    bytes[0] |= 1;
    BigUint::from_bytes_le(&bytes)
}

/// A square root of `a` modulo the odd prime `p`, for a quadratic residue `a` (Crandall and
/// Pomerance, Algorithm 2.3.8). The root is determined modulo `p` only (it may exceed `p`).
fn square_root_mod_prime(a: &BigInt, p: &BigInt) -> Option<BigInt> {
    if !p.is_positive() || p.is_even() || p.is_one() {
        return None;
    }
    if a.is_zero() {
        return Some(BigInt::zero());
    }
    let a = a.mod_floor(p);
    let two = BigInt::from(2u8);
    match (p % 8u8).to_u8()? {
        3 | 7 => Some(a.modpow(&((p + 1u8) >> 2), p)),
        5 => {
            let x = a.modpow(&((p + 3u8) >> 3), p);
            if x.modpow(&two, p) == a {
                Some(x)
            } else {
                Some(x * (two.modpow(&((p - 1u8) >> 2), p) % p))
            }
        }
        1 => tonelli(&a, p),
        _ => None,
    }
}

/// The `p ≡ 1 (mod 8)` case of [`square_root_mod_prime`]: with `p - 1 = t·2ˢ` and `d` the
/// least non-residue from 2 up, find the exponent `m` bit by bit such that `aᵗ·dᵗᵐ = 1`, and
/// return `a^((t+1)/2)·d^(tm/2)`.
fn tonelli(a: &BigInt, p: &BigInt) -> Option<BigInt> {
    let p_minus_1: BigInt = p - 1u8;
    let mut d = BigInt::from(2u8);
    while jacobi(&d, p.magnitude()) != -1 {
        d += 1u8;
        if &d >= p {
            return None;
        }
    }
    let s = p_minus_1.trailing_zeros()?;
    let t = &p_minus_1 >> s;
    let a_t = a.modpow(&t, p);
    let d_t = d.modpow(&t, p);
    let mut m = BigInt::zero();
    for i in 0..s {
        // fastcrypto computes these powers of two as `i32`, exact while s ≤ 31; for a
        // prime with 2³² | p - 1 (chance 2⁻³¹ per prime) its exponent turns negative and
        // the computation panics, where Tern computes the root exactly.
        let probe = (&a_t * d_t.modpow(&m, p)).modpow(&(BigInt::one() << (s - 1 - i)), p);
        if probe == p_minus_1 {
            m += BigInt::one() << i;
        }
    }
    Some(a.modpow(&((t + 1u8) >> 1), p) * d_t.modpow(&(m >> 1), p) % p)
}

/// fastcrypto's Chinese remaindering of `x ≡ r₁ (mod p)`, `x ≡ r₂ (mod q)`: with `u·p + v·q = 1`
/// from [`xgcd`]`(p, q)`, `x = (r₁ mod p)·v·q + (r₂ mod q)·u·p`, plus `p·q` if negative. The
/// value is not reduced modulo `p·q`, and it is this very value that becomes `b`.
fn crt(residues: &[BigInt], moduli: &[BigInt]) -> Option<BigInt> {
    let ([r1, r2], [p, q]) = (residues, moduli) else {
        return None;
    };
    let bezout = xgcd(p, q, true)?;
    if !bezout.gcd.is_one() {
        return None;
    }
    let x = r1.mod_floor(p) * &bezout.y * q + r2.mod_floor(q) * &bezout.x * p;
    Some(if x.is_negative() { x + p * q } else { x })
}
