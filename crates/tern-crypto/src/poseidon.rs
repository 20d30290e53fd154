//! The Poseidon hash over BN254's scalar field with circom's parameters (what Sui's
//! `poseidon::poseidon_bn254` computes): inputs and output are canonical 32-byte
//! little-endian field elements; 1 to 16 inputs. The permutation is `light-poseidon`'s.
//!
//! `light-poseidon` ships circom's parameters for 1 to 12 inputs (widths 2 to 13) and they
//! are used as shipped. Sui accepts up to 16 inputs, and no maintained crate ships the
//! parameters of widths 14 to 17 (fastcrypto embeds them as a table; circomlib, their source,
//! is GPL). For those four widths the parameters are derived here once, on first use, with
//! the Poseidon authors' procedure (round constants and the Cauchy MDS matrix drawn from the
//! Grain LFSR seeded with the parameters: the Poseidon paper, appendix F), and handed to
//! `light-poseidon`'s permutation. The tests check that this derivation reproduces
//! `light-poseidon`'s shipped parameters for widths 2 to 13 bit for bit, and the wide widths
//! against Sui's and fastcrypto's vectors.

use crate::error::{CryptoError, Result};
use ark_bn254::Fr;
use ark_ff::{BigInteger, Field, PrimeField};
use std::sync::OnceLock;

/// Length of an input or output field element.
pub const FIELD_ELEMENT_LENGTH: usize = 32;
/// The most inputs accepted.
pub const MAX_INPUTS: usize = 16;
/// The partial rounds of circom's Poseidon for widths 2 to 17.
pub const PARTIAL_ROUNDS: [usize; MAX_INPUTS] = [
    56, 57, 56, 60, 60, 63, 64, 63, 60, 66, 60, 65, 70, 60, 64, 68,
];
const FULL_ROUNDS: usize = 8;
const FIELD_BITS: usize = 254;

/// Hashes 1 to [`MAX_INPUTS`] field elements. An input that is not 32 bytes or not below the
/// field modulus is [`CryptoError::InvalidEncoding`]; no input is [`CryptoError::NoInput`];
/// more than [`MAX_INPUTS`] is [`CryptoError::TooManyInputs`].
pub fn poseidon_bn254(inputs: &[&[u8]]) -> Result<[u8; 32]> {
    let elements = inputs
        .iter()
        .map(|bytes| canonical(bytes))
        .collect::<Result<Vec<_>>>()?;
    let hash = permute(&elements)?;
    let mut out = [0u8; 32];
    out.copy_from_slice(&hash.into_bigint().to_bytes_le());
    Ok(out)
}

fn canonical(bytes: &[u8]) -> Result<Fr> {
    let bad = CryptoError::InvalidEncoding("BN254 field element");
    if bytes.len() != FIELD_ELEMENT_LENGTH {
        return Err(bad);
    }
    let value = Fr::from_le_bytes_mod_order(bytes);
    if value.into_bigint().to_bytes_le() != bytes {
        return Err(bad);
    }
    Ok(value)
}

/// The Poseidon hash of `inputs` (the permutation of `[0, inputs…]`, first element).
pub(crate) fn permute(inputs: &[Fr]) -> Result<Fr> {
    use light_poseidon::{Poseidon, PoseidonHasher, PoseidonParameters};
    let too_many = CryptoError::TooManyInputs {
        what: "Poseidon",
        max: MAX_INPUTS,
        actual: inputs.len(),
    };
    let mut hasher = match inputs.len() {
        0 => return Err(CryptoError::NoInput { what: "Poseidon" }),
        n if n < light_poseidon::MAX_X5_LEN => {
            Poseidon::<Fr>::new_circom(n).map_err(|_| too_many.clone())?
        }
        n => {
            let t = n + 1;
            let params = parameters(t).ok_or(too_many.clone())?;
            Poseidon::new(PoseidonParameters::new(
                params.round_constants.clone(),
                params.mds.clone(),
                FULL_ROUNDS,
                params.partial_rounds,
                t,
                5,
            ))
        }
    };
    hasher.hash(inputs).map_err(|_| too_many)
}

struct Parameters {
    partial_rounds: usize,
    round_constants: Vec<Fr>,
    mds: Vec<Vec<Fr>>,
}

/// The parameters of width `t` (2..=17), derived on first use (only widths 14 to 17 are used
/// outside the tests).
fn parameters(t: usize) -> Option<&'static Parameters> {
    static CACHE: [OnceLock<Parameters>; MAX_INPUTS] = [const { OnceLock::new() }; MAX_INPUTS];
    let index = t.checked_sub(2)?;
    let partial_rounds = *PARTIAL_ROUNDS.get(index)?;
    Some(CACHE.get(index)?.get_or_init(|| derive(t, partial_rounds)))
}

/// The Grain LFSR of the Poseidon paper (appendix F) in its self-shrinking mode.
struct Grain {
    state: std::collections::VecDeque<bool>,
}

impl Grain {
    fn new(t: usize, partial_rounds: usize) -> Grain {
        let mut bits = Vec::with_capacity(80);
        let mut push = |value: usize, width: usize| {
            for i in (0..width).rev() {
                bits.push((value >> i) & 1 == 1);
            }
        };
        push(1, 2); // prime field
        push(0, 4); // x^α S-box
        push(FIELD_BITS, 12);
        push(t, 12);
        push(FULL_ROUNDS, 10);
        push(partial_rounds, 10);
        push((1 << 30) - 1, 30);
        let mut grain = Grain { state: bits.into() };
        for _ in 0..160 {
            grain.step();
        }
        grain
    }

    fn step(&mut self) -> bool {
        let s = &self.state;
        let bit = [62, 51, 38, 23, 13, 0]
            .iter()
            .fold(false, |acc, i| acc ^ s.get(*i).copied().unwrap_or(false));
        self.state.pop_front();
        self.state.push_back(bit);
        bit
    }

    /// One output bit: pairs of bits until the first of a pair is 1, then the second.
    fn bit(&mut self) -> bool {
        while !self.step() {
            self.step();
        }
        self.step()
    }

    /// `FIELD_BITS` bits, most significant first, as an integer (big-endian bytes).
    fn integer(&mut self) -> Vec<u8> {
        let mut bytes = vec![0u8; 32];
        for i in 0..FIELD_BITS {
            if self.bit() {
                let position = 255 - (FIELD_BITS - 1 - i);
                if let Some(b) = bytes.get_mut(position / 8) {
                    *b |= 0x80 >> (position % 8);
                }
            }
        }
        bytes
    }

    /// A field element by rejection sampling.
    fn element(&mut self) -> Fr {
        loop {
            if let Some(value) = crate::bls12381::encoding::from_be_canonical::<Fr>(&self.integer())
            {
                return value;
            }
        }
    }
}

fn derive(t: usize, partial_rounds: usize) -> Parameters {
    let mut grain = Grain::new(t, partial_rounds);
    let round_constants = (0..(FULL_ROUNDS + partial_rounds) * t)
        .map(|_| grain.element())
        .collect();
    // The Cauchy matrix 1/(x_i + y_j) of 2t distinct elements (reduced, not rejected).
    let mds = loop {
        let values: Vec<Fr> = (0..2 * t)
            .map(|_| Fr::from_be_bytes_mod_order(&grain.integer()))
            .collect();
        let distinct = values
            .iter()
            .enumerate()
            .all(|(i, a)| values.iter().skip(i + 1).all(|b| a != b));
        let (xs, ys) = values.split_at(t);
        let rows: Option<Vec<Vec<Fr>>> = xs
            .iter()
            .map(|x| ys.iter().map(|y| (*x + y).inverse()).collect())
            .collect();
        match rows {
            Some(rows) if distinct => break rows,
            _ => continue,
        }
    };
    Parameters {
        partial_rounds,
        round_constants,
        mds,
    }
}

#[cfg(test)]
mod tests;
