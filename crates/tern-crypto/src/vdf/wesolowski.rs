//! Wesolowski's verification ("Efficient verifiable delay functions", 2019) as fastcrypto's
//! `DefaultVDF` runs it.
//!
//! The challenge `ℓ` is [`hash_prime`] of the BCS of `(input, output, iterations, Δ)` (the
//! forms re-encoded minimally, the count as a little-endian `u64`, `Δ` as a byte vector), 33
//! bytes with bits 0 and 263 set. The check computes `r·input + ℓ·proof` (additive notation)
//! with `r = 2^T mod ℓ` by Straus' interleaving with sliding windows, in fastcrypto's order:
//! the input's window is 8 bits over its multiples `128·x … 255·x` (built by adding `x` one
//! at a time from `x`), the proof's 5 bits over `16·π … 31·π` (`π` squared four times, then
//! adding `π`); scanning the bits of both scalars from the top (as little-endian bytes, the
//! longer one's length), the accumulator is squared once per bit after its first term, a set
//! bit opens a window when the window fits above bit 0 and otherwise adds the bare element,
//! and a window's multiple is added once its last bit is reached. The route matters where the
//! result's representative is not unique: for negative-definite forms, and for the identity,
//! which can come out as `(1, -1, c)` (see [`Form::reduce`]).

use super::form::{write_bytes, Form};
use super::prime::hash_prime;
use super::{Group, CHALLENGE_BYTES};
use num_bigint::BigUint;
use num_traits::Zero;

/// Width of the input's window (its table holds the top half of `0·x … 255·x`).
const INPUT_WINDOW: usize = 8;
/// Width of the proof's window.
const PROOF_WINDOW: usize = 5;

/// The Fiat–Shamir challenge prime for `(input, output, iterations)`.
pub(super) fn challenge(group: &Group, input: &Form, output: &Form, iterations: u64) -> BigUint {
    let mut seed = Vec::new();
    input.write(&mut seed);
    output.write(&mut seed);
    seed.extend_from_slice(&iterations.to_le_bytes());
    write_bytes(&mut seed, &group.discriminant.to_signed_bytes_be());
    let top = 8 * CHALLENGE_BYTES as u64 - 1;
    hash_prime(&seed, CHALLENGE_BYTES, &[0, top])
}

/// Whether `proof` shows that `output` is `2^iterations · input` (all three in the group).
pub(super) fn verify(
    group: &Group,
    input: &Form,
    output: &Form,
    proof: &Form,
    iterations: u64,
) -> bool {
    let l = challenge(group, input, output, iterations);
    check(group, input, output, proof, iterations, &l)
}

/// Wesolowski's equation for the challenge `l`: `r·input + l·proof = output`, `r = 2^T mod l`.
pub(super) fn check(
    group: &Group,
    input: &Form,
    output: &Form,
    proof: &Form,
    iterations: u64,
    l: &BigUint,
) -> bool {
    if l.is_zero() {
        return false;
    }
    let r = BigUint::from(2u8).modpow(&BigUint::from(iterations), l);
    two_scalar_mul(group, input, &r, proof, l).is_some_and(|sum| sum == *output)
}

/// One scalar of the interleaved multiplication with its sliding-window state.
struct Term<'a> {
    /// The scalar's little-endian bytes.
    scalar: Vec<u8>,
    /// The window width.
    width: usize,
    /// `2^(width-1)·e … (2^width - 1)·e`.
    table: Vec<Form>,
    /// The element `e` itself.
    element: &'a Form,
    /// Bits of the open window read so far (0 when none is open).
    filled: usize,
    /// Index into `table` of the open window.
    index: usize,
}

impl Term<'_> {
    fn bit(&self, i: usize) -> bool {
        self.scalar
            .get(i / 8)
            .is_some_and(|byte| (byte >> (i % 8)) & 1 == 1)
    }

    /// The bits `from .. to` (exclusive) of the scalar as a number.
    fn bits(&self, from: usize, to: usize) -> usize {
        (from..to)
            .rev()
            .fold(0, |acc, i| (acc << 1) | usize::from(self.bit(i)))
    }
}

/// Adds `term` to the accumulator (or starts it).
fn add(group: &Group, acc: &mut Option<Form>, term: &Form) -> Option<()> {
    *acc = Some(match acc.take() {
        None => term.clone(),
        Some(sum) => sum.compose(term, &group.limit)?,
    });
    Some(())
}

/// `x, x + x, …, 255·x` (each by one more addition); returns the top half.
fn input_table(group: &Group, x: &Form) -> Option<Vec<Form>> {
    let mut multiples = Vec::with_capacity(1 << (INPUT_WINDOW - 1));
    let mut current = x.clone();
    for k in 2..(1usize << INPUT_WINDOW) {
        current = current.compose(x, &group.limit)?;
        if k >= 1 << (INPUT_WINDOW - 1) {
            multiples.push(current.clone());
        }
    }
    Some(multiples)
}

/// `16·π … 31·π`: `π` squared four times, then `π` added one at a time.
fn proof_table(group: &Group, proof: &Form) -> Option<Vec<Form>> {
    let mut current = proof.clone();
    for _ in 1..PROOF_WINDOW {
        current = current.double(&group.limit)?;
    }
    let mut multiples = Vec::with_capacity(1 << (PROOF_WINDOW - 1));
    multiples.push(current.clone());
    for _ in 1..1 << (PROOF_WINDOW - 1) {
        current = current.compose(proof, &group.limit)?;
        multiples.push(current.clone());
    }
    Some(multiples)
}

/// `r·x + l·proof`, or `None` if the arithmetic fails on a degenerate form.
fn two_scalar_mul(group: &Group, x: &Form, r: &BigUint, proof: &Form, l: &BigUint) -> Option<Form> {
    let mut terms = [
        Term {
            scalar: r.to_bytes_le(),
            width: INPUT_WINDOW,
            table: input_table(group, x)?,
            element: x,
            filled: 0,
            index: 0,
        },
        Term {
            scalar: l.to_bytes_le(),
            width: PROOF_WINDOW,
            table: proof_table(group, proof)?,
            element: proof,
            filled: 0,
            index: 0,
        },
    ];
    let bits = 8 * terms.iter().map(|t| t.scalar.len()).max().unwrap_or(0);
    let mut acc: Option<Form> = None;
    for bit in (0..bits).rev() {
        if let Some(sum) = acc.take() {
            acc = Some(sum.double(&group.limit)?);
        }
        for term in &mut terms {
            if term.filled > 0 {
                term.filled += 1;
                if term.filled == term.width {
                    term.filled = 0;
                    add(group, &mut acc, term.table.get(term.index)?)?;
                }
            } else if term.bit(bit) {
                if bit + 1 >= term.width {
                    term.filled = 1;
                    term.index = term.bits(bit + 1 - term.width, bit);
                } else {
                    add(group, &mut acc, term.element)?;
                }
            }
        }
    }
    Some(acc.unwrap_or_else(|| group.identity.clone()))
}
