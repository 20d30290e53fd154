//! Binary quadratic forms `(a, b, c)`, elements of the class group of discriminant
//! `b² - 4ac`: Sui's byte encoding, composition (NUCOMP), squaring (NUDUPL) and reduction.
//!
//! Composition and squaring follow Jacobson and van der Poorten, "Computational aspects of
//! NUCOMP" (ANTS 2002), Algorithms 1 and 2, step by step as fastcrypto runs them (the same
//! extended Euclid, the same partial Euclid stopping below `⌊|Δ|^¼⌋`, the same truncating
//! divisions), and reduction is the classic normalise-then-swap loop with fastcrypto's
//! rounding. For positive-definite forms the reduced result is unique whatever the route (up
//! to the identity's two spellings, see [`Form::reduce`]); following the same steps also gives
//! fastcrypto's answers on those spellings and on the degenerate (negative-definite) forms Sui
//! accepts as "in the group". Every division is checked: a zero divisor, which no form of the
//! group reaches, makes the operation return `None` instead of panicking.

use num_bigint::{BigInt, Sign};
use num_integer::Integer;
use num_traits::{One, Signed, Zero};
use std::cmp::Ordering;
use std::mem::swap;

/// A binary quadratic form `a·x² + b·xy + c·y²`, with arbitrary integer coefficients as
/// decoded; the arithmetic keeps results reduced.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Form {
    pub(crate) a: BigInt,
    pub(crate) b: BigInt,
    pub(crate) c: BigInt,
}

/// Truncating division, `None` for a zero divisor.
fn div(n: &BigInt, d: &BigInt) -> Option<BigInt> {
    n.checked_div(d)
}

/// The remainder of flooring division (the sign of `d`), `None` for a zero divisor.
fn mod_floor(n: &BigInt, d: &BigInt) -> Option<BigInt> {
    (!d.is_zero()).then(|| n.mod_floor(d))
}

/// Flooring division, `None` for a zero divisor.
fn div_floor(n: &BigInt, d: &BigInt) -> Option<BigInt> {
    (!d.is_zero()).then(|| n.div_floor(d))
}

/// `⌈x / 2⌉`.
fn half_up(x: BigInt) -> BigInt {
    (x + BigInt::one()) >> 1
}

/// Reads a BCS ULEB128 length (canonical, at most `u32::MAX`, at most `2³¹ - 1`).
fn read_length(bytes: &[u8], pos: &mut usize) -> Option<usize> {
    let mut value: u64 = 0;
    for shift in (0..32).step_by(7) {
        let byte = *bytes.get(*pos)?;
        *pos += 1;
        let digit = byte & 0x7f;
        value |= u64::from(digit) << shift;
        if digit == byte {
            if shift > 0 && digit == 0 {
                return None;
            }
            let length = u32::try_from(value).ok()?;
            // BCS's longest sequence: 2³¹ - 1 elements.
            return (length < 1 << 31).then_some(length as usize);
        }
    }
    None
}

/// Appends `bytes` as a BCS `vector<u8>` (ULEB128 length, then the bytes).
pub(crate) fn write_bytes(out: &mut Vec<u8>, bytes: &[u8]) {
    let mut len = bytes.len();
    loop {
        let digit = (len & 0x7f) as u8;
        len >>= 7;
        if len == 0 {
            out.push(digit);
            break;
        }
        out.push(digit | 0x80);
    }
    out.extend_from_slice(bytes);
}

/// Result of [`xgcd`]: `a·x + b·y = gcd ≥ 0`, and both inputs divided by the gcd.
pub(crate) struct Bezout {
    pub(crate) gcd: BigInt,
    pub(crate) x: BigInt,
    pub(crate) y: BigInt,
    pub(crate) a_over_gcd: BigInt,
    pub(crate) b_over_gcd: BigInt,
}

/// The extended Euclidean algorithm with truncating division, starting by dividing `b` by
/// `a`. `x` is only computed when `want_x` (it is zero otherwise); `a / gcd` and `b / gcd`
/// carry the signs of `a` and `b`.
pub(crate) fn xgcd(a: &BigInt, b: &BigInt, want_x: bool) -> Option<Bezout> {
    // Invariants: r_cur = a·x_cur + b·y_cur and r_prev = a·x_prev + b·y_prev.
    let (mut r_cur, mut r_prev) = (a.clone(), b.clone());
    let (mut x_cur, mut x_prev) = (BigInt::one(), BigInt::zero());
    let (mut y_cur, mut y_prev) = (BigInt::zero(), BigInt::one());
    while !r_cur.is_zero() {
        let (q, r) = r_prev.div_rem(&r_cur);
        r_prev = std::mem::replace(&mut r_cur, r);
        let y_next = &y_prev - &q * &y_cur;
        y_prev = std::mem::replace(&mut y_cur, y_next);
        if want_x {
            let x_next = &x_prev - &q * &x_cur;
            x_prev = std::mem::replace(&mut x_cur, x_next);
        }
    }
    // At the end a·x_cur = -b·y_cur, so |y_cur| = |a| / gcd and |x_cur| = |b| / gcd.
    let flip = r_prev.is_negative();
    let signed = |v: BigInt| if flip { -v } else { v };
    let a_over_gcd = BigInt::from_biguint(a.sign(), y_cur.into_parts().1);
    let gcd = signed(r_prev);
    let b_over_gcd = if want_x {
        BigInt::from_biguint(b.sign(), x_cur.into_parts().1)
    } else {
        div(b, &gcd)?
    };
    Some(Bezout {
        x: if want_x {
            signed(x_prev)
        } else {
            BigInt::zero()
        },
        y: signed(y_prev),
        gcd,
        a_over_gcd,
        b_over_gcd,
    })
}

/// The partial Euclid of NUCOMP: runs Euclid on `(by, bx)` while `|by| > limit` and
/// `bx ≠ 0`, tracking the cofactors. Returns `(bx, x, by, y, iterated)`, with `by` and `y`
/// negated after an odd number of steps.
fn partial_xgcd(
    mut bx: BigInt,
    mut by: BigInt,
    limit: &BigInt,
) -> (BigInt, BigInt, BigInt, BigInt, bool) {
    let (mut x, mut y) = (BigInt::one(), BigInt::zero());
    let mut steps = 0u64;
    while by.magnitude() > limit.magnitude() && !bx.is_zero() {
        let (q, r) = by.div_rem(&bx);
        by = std::mem::replace(&mut bx, r);
        swap(&mut x, &mut y);
        x -= &q * &y;
        steps += 1;
    }
    if steps % 2 == 1 {
        by = -by;
        y = -y;
    }
    (bx, x, by, y, steps > 0)
}

impl Form {
    /// Decodes Sui's encoding: the BCS of three `vector<u8>`, each the big-endian
    /// two's-complement bytes of `a`, `b` and `c` (empty is zero), and nothing after.
    pub(crate) fn from_bytes(bytes: &[u8]) -> Option<Form> {
        let mut pos = 0;
        let mut next = || {
            let len = read_length(bytes, &mut pos)?;
            let end = pos.checked_add(len)?;
            let value = BigInt::from_signed_bytes_be(bytes.get(pos..end)?);
            pos = end;
            Some(value)
        };
        let (a, b, c) = (next()?, next()?, next()?);
        (pos == bytes.len()).then_some(Form { a, b, c })
    }

    /// Appends the encoding read by [`Form::from_bytes`] (minimal two's complement).
    pub(crate) fn write(&self, out: &mut Vec<u8>) {
        for v in [&self.a, &self.b, &self.c] {
            write_bytes(out, &v.to_signed_bytes_be());
        }
    }

    /// The encoding read by [`Form::from_bytes`].
    pub(crate) fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        self.write(&mut out);
        out
    }

    /// `b² - 4ac`.
    pub(crate) fn discriminant(&self) -> BigInt {
        &self.b * &self.b - ((&self.a * &self.c) << 2)
    }

    /// The form `(a, b, (b² - Δ) / 4a)`, if `a > 0` and `4a` divides `b² - Δ`.
    pub(crate) fn from_a_b(a: BigInt, b: BigInt, discriminant: &BigInt) -> Option<Form> {
        if !a.is_positive() {
            return None;
        }
        let numerator = &b * &b - discriminant;
        let denominator: BigInt = &a << 2;
        let (c, r) = numerator.div_rem(&denominator);
        r.is_zero().then_some(Form { a, b, c })
    }

    /// Normal: `-|a| < b ≤ |a|`.
    fn is_normal(&self) -> bool {
        match self.b.magnitude().cmp(self.a.magnitude()) {
            Ordering::Less => true,
            Ordering::Equal => !self.b.is_negative(),
            Ordering::Greater => false,
        }
    }

    /// Reduced, for a normal form: `a < c`, or `a = c` and `b ≥ 0`.
    pub(crate) fn is_reduced_if_normal(&self) -> bool {
        match self.a.cmp(&self.c) {
            Ordering::Less => true,
            Ordering::Equal => !self.b.is_negative(),
            Ordering::Greater => false,
        }
    }

    /// Applies `(a, b, c) ↦ (a, b + 2ra, c + rb + r²a)` with `r = -⌈⌊b / a⌋ / 2⌉`, which
    /// brings `b` into `[-a, a)` (fastcrypto's rule): `b = -a` is possible, and with a prime
    /// discriminant only for `a = 1`, so the identity may come out as `(1, -1, c)`.
    fn normalize(&mut self) -> Option<()> {
        if self.is_normal() {
            return Some(());
        }
        let r = -half_up(div_floor(&self.b, &self.a)?);
        let ra = &r * &self.a;
        self.b += &ra;
        self.c += &self.b * &r;
        self.b += &ra;
        Some(())
    }

    /// The reduced form of the class: normalise, then `(a, b, c) ↦ (c, -b + 2sc, …)` with
    /// `s = ⌈⌊b / c⌋ / 2⌉` until reduced. As in fastcrypto, the identity may come out as
    /// `(1, -1, c)` rather than `(1, 1, c)` (see `normalize`). The step count is capped far above what any form
    /// needs (each step shrinks `a` by about a factor of four), so no input can spin forever.
    pub(crate) fn reduce(mut self) -> Option<Form> {
        self.normalize()?;
        let size = self.a.bits() + self.b.bits() + self.c.bits();
        let mut budget = size.saturating_mul(4).saturating_add(64);
        while !self.is_reduced_if_normal() {
            budget = budget.checked_sub(1)?;
            let s = half_up(div_floor(&self.b, &self.c)?);
            let cs = &self.c * &s;
            swap(&mut self.a, &mut self.c);
            self.b = -std::mem::take(&mut self.b) + &cs;
            self.c += &self.b * &s;
            self.b += &cs;
        }
        Some(self)
    }

    /// The composition `self · rhs`, reduced (NUCOMP). `limit` is `⌊|Δ|^¼⌋` of the group
    /// (fastcrypto takes it from `self`'s discriminant: the same number for the group's forms).
    pub(crate) fn compose(&self, rhs: &Form, limit: &BigInt) -> Option<Form> {
        // Step 1: order the operands by their last coefficient.
        let (mut f1, mut f2) = (self, rhs);
        if f1.c < f2.c {
            swap(&mut f1, &mut f2);
        }
        let s: BigInt = (&f1.b + &f2.b) >> 1;
        let m = &f2.b - &s;

        // Step 2: F = gcd(u2, u1) = b·u2 + c·u1, with Cy = u2 / F and By = u1 / F.
        let step2 = xgcd(&f2.a, &f1.a, true)?;
        let (f, b, c) = (step2.gcd, step2.x, step2.y);
        let (mut cap_cy, mut cap_by) = (step2.a_over_gcd, step2.b_over_gcd);
        if f.is_zero() {
            return None;
        }
        let (q, r) = s.div_rem(&f);
        let (g, cap_bx, cap_dy) = if r.is_zero() {
            (f, &m * &b, q)
        } else {
            // Step 3: G = gcd(F, s) = … + y·s, H = F / G, Dy = s / G.
            let step3 = xgcd(&f, &s, false)?;
            let h = step3.a_over_gcd;
            // Step 4.
            let wh = &b * mod_floor(&f1.c, &h)? + &c * mod_floor(&f2.c, &h)?;
            let l = mod_floor(&(&step3.y * wh), &h)?;
            let cap_bx = &b * div(&m, &h)? + &l * &cap_by;
            cap_by *= &h;
            cap_cy *= &h;
            (step3.gcd, cap_bx, step3.b_over_gcd)
        };

        // Step 5: partial reduction of (Bx mod By, By).
        let partial = partial_xgcd(mod_floor(&cap_bx, &cap_by)?, cap_by.clone(), limit);
        let capitals = Capitals {
            g,
            by: cap_by,
            cy: cap_cy,
            dy: cap_dy,
        };
        compose_finish(f1, f2, &b, &m, &capitals, partial)?.reduce()
    }

    /// The square `self · self`, reduced (NUDUPL). `limit` is `⌊|Δ|^¼⌋`.
    pub(crate) fn double(&self, limit: &BigInt) -> Option<Form> {
        // G = gcd(a, b) = … + y·b, By = a / G, Dy = b / G.
        let Bezout {
            gcd: g,
            y,
            a_over_gcd: cap_by,
            b_over_gcd: cap_dy,
            ..
        } = xgcd(&self.a, &self.b, false)?;
        let start = mod_floor(&(&y * &self.c), &cap_by)?;
        let (bx, x, by, y, iterated) = partial_xgcd(start, cap_by.clone(), limit);
        let mut a = &by * &by;
        let mut c = &bx * &bx;
        let mut b = -(&by * &bx) << 1;
        if !iterated {
            let dx = div(&(&bx * &cap_dy - &self.c), &cap_by)?;
            b += &self.b;
            c -= &g * &dx;
        } else {
            let dx = div(&(&bx * &cap_dy - &self.c * &x), &cap_by)?;
            let q1 = &dx * &y;
            let dy = &q1 + &cap_dy;
            b += &g * (&dy + &q1);
            let dy = div(&dy, &x)?;
            a -= &g * &y * &dy;
            c -= &g * &x * &dx;
        }
        Form { a, b, c }.reduce()
    }
}

/// The quantities of NUCOMP's steps 2–4 that its last steps use.
struct Capitals {
    g: BigInt,
    by: BigInt,
    cy: BigInt,
    dy: BigInt,
}

/// Steps 6 (no partial-reduction step was taken) and 7 of NUCOMP, before reduction; `b` is
/// the Bézout coefficient of `u2` from step 2, `partial` the result of step 5.
fn compose_finish(
    f1: &Form,
    f2: &Form,
    b: &BigInt,
    m: &BigInt,
    k: &Capitals,
    partial: (BigInt, BigInt, BigInt, BigInt, bool),
) -> Option<Form> {
    let (bx, x, by, y, iterated) = partial;
    if !iterated {
        let q = &k.cy * &bx;
        let cx = div(&(&q - m), &k.by)?;
        let dx = div(&(&bx * &k.dy - &f2.c), &k.by)?;
        return Some(Form {
            a: &by * &k.cy,
            b: &f2.b - (&q << 1),
            c: &bx * &cx - &k.g * &dx,
        });
    }
    let cx = div(&(&k.cy * &bx - m * &x), &k.by)?;
    let q1 = &by * &cx;
    let q2 = &q1 + m;
    let dx = div(&(&k.dy * &bx - &f2.c * &x), &k.by)?;
    let q3 = &y * &dx;
    let q4 = &q3 + &k.dy;
    let dy = div(&q4, &x)?;
    let cy = if b.is_zero() {
        div(&(&cx * &dy - &f1.c), &dx)?
    } else {
        div(&q2, &bx)?
    };
    Some(Form {
        a: &by * &cy - &k.g * &y * &dy,
        b: &k.g * (&q3 + &q4) - &q1 - &q2,
        c: &bx * &cx - &k.g * &x * &dx,
    })
}

/// `⌊|Δ|^¼⌋`, where NUCOMP's partial Euclid stops.
pub(crate) fn partial_gcd_limit(discriminant: &BigInt) -> BigInt {
    BigInt::from_biguint(Sign::Plus, discriminant.magnitude().nth_root(4))
}
