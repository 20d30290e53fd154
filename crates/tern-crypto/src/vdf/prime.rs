//! The primality test and hash-to-prime of fastcrypto's VDF.
//!
//! fastcrypto asks the `num-prime` crate for its Baillie–PSW configuration; this module
//! reproduces that test's decisions exactly:
//! - even numbers: only 2 is prime; numbers below 2⁶⁴: a deterministic answer;
//! - a strong probable-prime test to base 2, in `num-prime`'s form: `n - 1 = u·2ˢ`, accept
//!   if `2ᵘ ≡ ±1`, then square `s` times, rejecting on `1` and accepting on `-1`;
//! - a strong Lucas test with Selfridge's parameters (method A: the first of
//!   `D = 5, -7, 9, -11, …` with Jacobi symbol `(D/n) = -1`, `P = 1`, `Q = (1 - D) / 4`;
//!   composite if a `D` with `(D/n) = 0` and `|D| ≠ n` comes first, or if `n` is a perfect
//!   square once `|D|` reaches 13): `n + 1 = d·2ˢ`, accept if `U_d ≡ 0` or `V_{d·2ʳ} ≡ 0`
//!   for some `0 ≤ r ≤ s` (`num-prime` also looks at `r = s`).
//!
//! Hash-to-prime is chiavdf's `HashPrime`: increment the seed as a big-endian counter, append
//! SHA-256 digests of it until the wanted length, set the masked bits, and repeat until the
//! number is a probable prime.

use num_bigint::{BigInt, BigUint};
use num_integer::Integer;
use num_traits::{One, ToPrimitive, Zero};
use sha2::{Digest, Sha256};

/// Whether `n` passes fastcrypto's primality test (see the module documentation).
pub(crate) fn is_probable_prime(n: &BigUint) -> bool {
    if n.is_even() {
        return *n == BigUint::from(2u8);
    }
    if let Some(small) = n.to_u64() {
        return is_prime_u64(small);
    }
    is_strong_probable_prime_base_2(n) && is_strong_lucas_probable_prime(n)
}

/// Deterministic Miller–Rabin for 64-bit numbers (these twelve bases suffice below 3·10²⁴).
fn is_prime_u64(n: u64) -> bool {
    const BASES: [u64; 12] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37];
    if n < 2 {
        return false;
    }
    if let Some(&p) = BASES.iter().find(|&&p| n.is_multiple_of(p)) {
        return n == p;
    }
    let n_minus_1 = n - 1;
    let shift = n_minus_1.trailing_zeros();
    let odd = n_minus_1 >> shift;
    let mul = |a: u64, b: u64| (u128::from(a) * u128::from(b) % u128::from(n)) as u64;
    let pow = |mut base: u64, mut e: u64| {
        let mut acc = 1u64;
        while e > 0 {
            if e & 1 == 1 {
                acc = mul(acc, base);
            }
            base = mul(base, base);
            e >>= 1;
        }
        acc
    };
    BASES.iter().all(|&a| {
        let mut x = pow(a, odd);
        if x == 1 || x == n_minus_1 {
            return true;
        }
        (1..shift).any(|_| {
            x = mul(x, x);
            x == n_minus_1
        })
    })
}

/// The strong probable-prime test to base 2 as `num-prime` runs it, for odd `n > 2⁶⁴`.
fn is_strong_probable_prime_base_2(n: &BigUint) -> bool {
    let n_minus_1 = n - 1u8;
    let shift = n_minus_1.trailing_zeros().unwrap_or(0);
    let odd = &n_minus_1 >> shift;
    let mut x = BigUint::from(2u8).modpow(&odd, n);
    if x.is_one() || x == n_minus_1 {
        return true;
    }
    for _ in 0..shift {
        x = (&x * &x) % n;
        if x.is_one() {
            return false;
        }
        if x == n_minus_1 {
            return true;
        }
    }
    false
}

/// The Jacobi symbol `(a / n)` for odd `n > 0` (`0` for even or zero `n`).
pub(crate) fn jacobi(a: &BigInt, n: &BigUint) -> i8 {
    if n.is_even() {
        return 0;
    }
    let signed_n = BigInt::from(n.clone());
    let mut a = a.mod_floor(&signed_n).magnitude().clone();
    let mut n = n.clone();
    let mut result = 1i8;
    while !a.is_zero() {
        let twos = a.trailing_zeros().unwrap_or(0);
        a >>= twos;
        let n_mod_8 = (&n % 8u8).to_u8().unwrap_or(0);
        if twos % 2 == 1 && (n_mod_8 == 3 || n_mod_8 == 5) {
            result = -result;
        }
        // Quadratic reciprocity: flip when both are 3 mod 4.
        if n_mod_8 % 4 == 3 && (&a % 4u8).to_u8() == Some(3) {
            result = -result;
        }
        std::mem::swap(&mut a, &mut n);
        a %= &n;
    }
    if n.is_one() {
        result
    } else {
        0
    }
}

/// Selfridge's `D` for `n`, or `None` when `n` is found composite on the way.
fn selfridge_d(n: &BigUint) -> Option<i64> {
    let mut magnitude: i64 = 5;
    let mut negative = false;
    loop {
        if magnitude == 13 && n.sqrt().pow(2) == *n {
            return None;
        }
        let d = if negative { -magnitude } else { magnitude };
        match jacobi(&BigInt::from(d), n) {
            -1 => return Some(d),
            0 if BigUint::from(magnitude.unsigned_abs()) != *n => return None,
            _ => {}
        }
        magnitude = magnitude.checked_add(2)?;
        negative = !negative;
    }
}

/// `x mod n` for a signed `x`, as a residue in `[0, n)`.
fn residue(x: i64, n: &BigUint) -> BigUint {
    let magnitude = BigUint::from(x.unsigned_abs()) % n;
    if x < 0 && !magnitude.is_zero() {
        n - magnitude
    } else {
        magnitude
    }
}

/// `(U_k, V_k) mod n` of the Lucas sequences with parameters `(1, q)`, by the ladder on
/// `(U_k, U_{k+1})`.
fn lucas_u_v(q: &BigUint, k: &BigUint, n: &BigUint) -> (BigUint, BigUint) {
    let sub = |a: &BigUint, b: &BigUint| if a >= b { a - b } else { n - (b - a) };
    let (mut u, mut u_next) = (BigUint::zero(), BigUint::one() % n);
    for i in (0..k.bits()).rev() {
        let u_sq = &u * &u % n;
        let u_next_sq = &u_next * &u_next % n;
        if k.bit(i) {
            // U_{2k+2} = U_{k+1}² - 2Q·U_{k+1}·U_k and U_{2k+1} = U_{k+1}² - Q·U_k² (P = 1).
            let twice = (q * &u_next % n) * &u % n * 2u8 % n;
            let new_next = sub(&u_next_sq, &twice);
            u = sub(&u_next_sq, &(q * &u_sq % n));
            u_next = new_next;
        } else {
            // U_{2k+1} = U_{k+1}² - Q·U_k² and U_{2k} = 2U_{k+1}·U_k - U_k².
            let new_next = sub(&u_next_sq, &(q * &u_sq % n));
            u = sub(&(&u_next * &u % n * 2u8 % n), &u_sq);
            u_next = new_next;
        }
    }
    // V_k = 2U_{k+1} - P·U_k.
    let v = sub(&(&u_next * 2u8 % n), &u);
    (u, v)
}

/// The strong Lucas probable-prime test with Selfridge's parameters, for odd `n > 2⁶⁴`.
fn is_strong_lucas_probable_prime(n: &BigUint) -> bool {
    let Some(d) = selfridge_d(n) else {
        return false;
    };
    let q_signed = (1 - d) / 4;
    let q = residue(q_signed, n);
    let n_plus_1 = n + 1u8;
    let shift = n_plus_1.trailing_zeros().unwrap_or(0);
    let odd = &n_plus_1 >> shift;
    let (u, mut v) = lucas_u_v(&q, &odd, n);
    if u.is_zero() || v.is_zero() {
        return true;
    }
    // V_{2k} = V_k² - 2Q^k; Q^odd carries the sign of Q, its squares are positive.
    let mut q_power = BigUint::from(q_signed.unsigned_abs()).modpow(&odd, n);
    let two_q = |q_power: &BigUint, negative: bool| {
        let t = q_power * 2u8 % n;
        if negative {
            (n - &t) % n
        } else {
            t
        }
    };
    let sub = |a: BigUint, b: BigUint| if a >= b { a - b } else { n - (b - a) };
    for r in 1..=shift {
        let negative = r == 1 && q_signed < 0;
        if r > 1 {
            q_power = &q_power * &q_power % n;
        }
        v = sub(&v * &v % n, two_q(&q_power, negative));
        if v.is_zero() {
            return true;
        }
    }
    false
}

/// chiavdf's `HashPrime`: the first probable prime among the numbers of `length` bytes read
/// from SHA-256 of successive values of `seed` (a big-endian counter, incremented before each
/// digest) with the bits of `bitmask` set.
pub(crate) fn hash_prime(seed: &[u8], length: usize, bitmask: &[u64]) -> BigUint {
    let mut counter = seed.to_vec();
    loop {
        let mut blob = Vec::with_capacity(length);
        while blob.len() < length {
            for byte in counter.iter_mut().rev() {
                *byte = byte.wrapping_add(1);
                if *byte != 0 {
                    break;
                }
            }
            let digest = Sha256::digest(&counter);
            let take = digest.len().min(length - blob.len());
            blob.extend_from_slice(digest.get(..take).unwrap_or_default());
        }
        let mut candidate = BigUint::from_bytes_be(&blob);
        for &bit in bitmask {
            candidate.set_bit(bit, true);
        }
        if is_probable_prime(&candidate) {
            return candidate;
        }
    }
}
