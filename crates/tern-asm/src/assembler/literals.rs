//! Untyped values (`12`, `-3`, `[1, [2]]`), their range checks, and their conversion to typed,
//! BCS-serialized constants for `ld_const`.

use tern_binary::SignatureToken;
use tern_primitives::{AccountAddress, I256, U256};

/// An untyped value as written in the source.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum AsmValue {
    /// A number; the flag is `true` unless it was written with a leading `-`.
    Number(bool, U256),
    /// `[v, ...]`.
    Vector(Vec<AsmValue>),
}

/// The magnitude of `i256::MIN` (2^255).
fn min_magnitude() -> U256 {
    U256::ONE.wrapping_shl(255)
}

impl AsmValue {
    /// Checks for a non-negative number not above `max`.
    pub(crate) fn unsigned(&self, max: U256) -> Result<U256, String> {
        match self {
            AsmValue::Number(true, n) if *n <= max => Ok(*n),
            AsmValue::Number(true, n) => Err(format!("number {n} out of range (max {max})")),
            _ => Err(String::from("expected an unsigned number")),
        }
    }

    /// Checks for a number within `min..=max` (`min < 0 < max`).
    pub(crate) fn signed(&self, min: I256, max: I256) -> Result<I256, String> {
        let AsmValue::Number(positive, n) = self else {
            return Err(String::from("expected an signed number"));
        };
        if *positive {
            return match i256_of(*n) {
                Some(v) if v <= max => Ok(v),
                _ => Err(format!("number {n} out of range (max {max})")),
            };
        }
        let limit = if min == I256::MIN {
            min_magnitude()
        } else {
            min.unsigned_abs()
        };
        if *n > limit {
            Err(format!("number -{n} out of range (min {min})"))
        } else if *n == min_magnitude() {
            Ok(I256::MIN)
        } else {
            // n < 2^255 here, so both the conversion and the negation are exact.
            Ok(i256_of(*n).map_or(I256::MIN, |v| v.wrapping_neg()))
        }
    }

    /// Converts to a constant of type `ty` and returns its BCS bytes.
    pub(crate) fn to_constant(&self, ty: &SignatureToken) -> Result<Vec<u8>, String> {
        let mut out = Vec::new();
        self.serialize(ty, &mut out)?;
        Ok(out)
    }

    fn serialize(&self, ty: &SignatureToken, out: &mut Vec<u8>) -> Result<(), String> {
        use SignatureToken as S;
        match ty {
            S::Bool => out.push(u8::from(self.unsigned(U256::ONE)? != U256::ZERO)),
            S::U8 | S::U16 | S::U32 | S::U64 | S::U128 | S::U256 => {
                let bytes = unsigned_width(ty);
                let n = self.unsigned(unsigned_max(bytes))?;
                out.extend(n.to_le_bytes().iter().take(bytes));
            }
            S::I8 | S::I16 | S::I32 | S::I64 | S::I128 | S::I256 => {
                let bytes = signed_width(ty);
                let (min, max) = signed_range(bytes);
                let n = self.signed(min, max)?;
                out.extend(n.to_le_bytes().iter().take(bytes));
            }
            S::Address => {
                let n = self.unsigned(U256::MAX)?;
                out.extend_from_slice(AccountAddress::from_u256(n).as_bytes());
            }
            S::Vector(elem) => {
                let AsmValue::Vector(items) = self else {
                    return Err(String::from("expected vector value"));
                };
                write_uleb128(out, items.len());
                for item in items {
                    item.serialize(elem, out)?;
                }
            }
            _ => return Err(String::from("invalid type for constant value")),
        }
        Ok(())
    }
}

fn i256_of(n: U256) -> Option<I256> {
    I256::try_from(n).ok()
}

/// The byte width of an unsigned integer token.
fn unsigned_width(ty: &SignatureToken) -> usize {
    match ty {
        SignatureToken::U8 => 1,
        SignatureToken::U16 => 2,
        SignatureToken::U32 => 4,
        SignatureToken::U64 => 8,
        SignatureToken::U128 => 16,
        _ => 32,
    }
}

/// The byte width of a signed integer token.
fn signed_width(ty: &SignatureToken) -> usize {
    match ty {
        SignatureToken::I8 => 1,
        SignatureToken::I16 => 2,
        SignatureToken::I32 => 4,
        SignatureToken::I64 => 8,
        SignatureToken::I128 => 16,
        _ => 32,
    }
}

/// The largest unsigned value of `bytes` bytes.
pub(crate) fn unsigned_max(bytes: usize) -> U256 {
    let bits = u32::try_from(bytes.saturating_mul(8)).unwrap_or(256);
    if bits >= 256 {
        U256::MAX
    } else {
        U256::ONE.wrapping_shl(bits).wrapping_sub(U256::ONE)
    }
}

/// The range of a signed integer of `bytes` bytes.
pub(crate) fn signed_range(bytes: usize) -> (I256, I256) {
    let bits = u32::try_from(bytes.saturating_mul(8)).unwrap_or(256);
    if bits >= 256 {
        return (I256::MIN, I256::MAX);
    }
    let max = I256::ONE
        .wrapping_shl(bits.saturating_sub(1))
        .wrapping_sub(I256::ONE);
    (max.wrapping_neg().wrapping_sub(I256::ONE), max)
}

fn write_uleb128(out: &mut Vec<u8>, mut n: usize) {
    loop {
        let low = (n & 0x7f) as u8;
        n >>= 7;
        if n == 0 {
            out.push(low);
            return;
        }
        out.push(low | 0x80);
    }
}

#[cfg(test)]
#[allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)]
mod tests {
    use super::*;
    use SignatureToken as S;

    fn num(n: u64) -> AsmValue {
        AsmValue::Number(true, U256::from(n))
    }

    fn neg(n: u64) -> AsmValue {
        AsmValue::Number(false, U256::from(n))
    }

    #[test]
    fn unsigned_ranges() {
        assert_eq!(num(255).to_constant(&S::U8).unwrap(), vec![255]);
        assert_eq!(
            num(512).to_constant(&S::U8).unwrap_err(),
            "number 512 out of range (max 255)"
        );
        assert_eq!(
            neg(1).to_constant(&S::U64).unwrap_err(),
            "expected an unsigned number"
        );
        assert_eq!(num(0x102).to_constant(&S::U16).unwrap(), vec![2, 1]);
        assert_eq!(num(1).to_constant(&S::U256).unwrap().len(), 32);
        assert_eq!(num(1).to_constant(&S::Bool).unwrap(), vec![1]);
        assert_eq!(
            num(2).to_constant(&S::Bool).unwrap_err(),
            "number 2 out of range (max 1)"
        );
    }

    #[test]
    fn signed_ranges() {
        assert_eq!(neg(128).to_constant(&S::I8).unwrap(), vec![0x80]);
        assert_eq!(neg(5).to_constant(&S::I16).unwrap(), vec![0xfb, 0xff]);
        assert_eq!(
            neg(129).to_constant(&S::I8).unwrap_err(),
            "number -129 out of range (min -128)"
        );
        assert_eq!(
            num(128).to_constant(&S::I8).unwrap_err(),
            "number 128 out of range (max 127)"
        );
        let min = AsmValue::Number(false, U256::ONE << 255u32);
        assert_eq!(min.signed(I256::MIN, I256::MAX).unwrap(), I256::MIN);
        let below = AsmValue::Number(false, (U256::ONE << 255u32) + U256::ONE);
        assert!(below.signed(I256::MIN, I256::MAX).is_err());
        assert_eq!(neg(0).signed(I256::MIN, I256::MAX).unwrap(), I256::ZERO);
        let v = AsmValue::Vector(vec![]);
        assert_eq!(
            v.signed(I256::MIN, I256::MAX).unwrap_err(),
            "expected an signed number"
        );
    }

    #[test]
    fn vectors_and_addresses() {
        let v = AsmValue::Vector(vec![num(0x66), num(0xcafe)]);
        let bytes = v.to_constant(&S::Vector(Box::new(S::Address))).unwrap();
        assert_eq!(bytes.len(), 65);
        assert_eq!(
            (bytes[0], bytes[32], bytes[63], bytes[64]),
            (2, 0x66, 0xca, 0xfe)
        );
        assert_eq!(
            num(1).to_constant(&S::Vector(Box::new(S::U8))).unwrap_err(),
            "expected vector value"
        );
        assert_eq!(
            num(1).to_constant(&S::Signer).unwrap_err(),
            "invalid type for constant value"
        );
        let empty = AsmValue::Vector(vec![]);
        assert_eq!(
            empty.to_constant(&S::Vector(Box::new(S::Signer))).unwrap(),
            vec![0]
        );
        let long = AsmValue::Vector(vec![num(1); 200]);
        let bytes = long.to_constant(&S::Vector(Box::new(S::U8))).unwrap();
        assert_eq!(&bytes[..2], &[0xc8, 0x01]);
    }
}
