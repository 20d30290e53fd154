//! Printing constant-pool values: the BCS bytes decoded by the constant's type and printed the
//! way `ld_const` reads them back (decimal numbers, `1`/`0` for booleans, the decimal value of
//! an address, `[a, b]` for vectors).

use super::types::MAX_TYPE_DEPTH;
use tern_binary::SignatureToken;
use tern_primitives::{I256, U256};

/// What the peer prints for a constant whose bytes do not decode as its type.
pub(super) const INVALID_CONSTANT: &str = "<invalid constant>";

/// The printed value of a constant, or `None` if its bytes do not decode as exactly one value
/// of its type.
pub(super) fn constant_value(type_: &SignatureToken, data: &[u8]) -> Option<String> {
    let mut reader = Reader { data, pos: 0 };
    let mut out = String::new();
    reader.value(type_, &mut out, 0)?;
    (reader.pos == data.len()).then_some(out)
}

struct Reader<'a> {
    data: &'a [u8],
    pos: usize,
}

impl Reader<'_> {
    fn take<const N: usize>(&mut self) -> Option<[u8; N]> {
        let end = self.pos.checked_add(N)?;
        let bytes = self.data.get(self.pos..end)?;
        self.pos = end;
        bytes.try_into().ok()
    }

    fn uleb128(&mut self) -> Option<u64> {
        let mut value: u64 = 0;
        for shift in (0..64).step_by(7) {
            let [byte] = self.take::<1>()?;
            let bits = u64::from(byte & 0x7f);
            if shift == 63 && bits > 1 {
                return None;
            }
            value |= bits << shift;
            if byte & 0x80 == 0 {
                return Some(value);
            }
        }
        None
    }

    fn value(&mut self, type_: &SignatureToken, out: &mut String, depth: usize) -> Option<()> {
        if depth > MAX_TYPE_DEPTH {
            return None;
        }
        use SignatureToken as T;
        let text = match type_ {
            T::Bool => match self.take::<1>()? {
                [0] => "0".to_string(),
                [1] => "1".to_string(),
                _ => return None,
            },
            T::U8 => u8::from_le_bytes(self.take()?).to_string(),
            T::U16 => u16::from_le_bytes(self.take()?).to_string(),
            T::U32 => u32::from_le_bytes(self.take()?).to_string(),
            T::U64 => u64::from_le_bytes(self.take()?).to_string(),
            T::U128 => u128::from_le_bytes(self.take()?).to_string(),
            T::U256 => U256::from_le_bytes(self.take()?).to_string(),
            T::I8 => i8::from_le_bytes(self.take()?).to_string(),
            T::I16 => i16::from_le_bytes(self.take()?).to_string(),
            T::I32 => i32::from_le_bytes(self.take()?).to_string(),
            T::I64 => i64::from_le_bytes(self.take()?).to_string(),
            T::I128 => i128::from_le_bytes(self.take()?).to_string(),
            T::I256 => I256::from_le_bytes(self.take()?).to_string(),
            T::Address => U256::from_be_bytes(self.take()?).to_string(),
            T::Vector(inner) => return self.vector(inner, out, depth.saturating_add(1)),
            _ => return None,
        };
        out.push_str(&text);
        Some(())
    }

    fn vector(&mut self, inner: &SignatureToken, out: &mut String, depth: usize) -> Option<()> {
        let len = self.uleb128()?;
        out.push('[');
        let mut i: u64 = 0;
        while i < len {
            if i > 0 {
                out.push_str(", ");
            }
            // Every element takes at least one byte, so running out of input ends the loop
            // without allocating anything sized by `len`.
            self.value(inner, out, depth)?;
            i = i.checked_add(1)?;
        }
        out.push(']');
        Some(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(t: SignatureToken, data: &[u8]) -> Option<String> {
        constant_value(&t, data)
    }

    #[test]
    fn scalars() {
        assert_eq!(v(SignatureToken::Bool, &[1]).as_deref(), Some("1"));
        assert_eq!(v(SignatureToken::Bool, &[0]).as_deref(), Some("0"));
        assert_eq!(v(SignatureToken::Bool, &[2]), None);
        assert_eq!(v(SignatureToken::U8, &[255]).as_deref(), Some("255"));
        assert_eq!(v(SignatureToken::U16, &[1, 1]).as_deref(), Some("257"));
        assert_eq!(v(SignatureToken::I8, &[0xd3]).as_deref(), Some("-45"));
        assert_eq!(v(SignatureToken::I256, &[0xff; 32]).as_deref(), Some("-1"));
        assert_eq!(
            v(SignatureToken::U256, &[0xff; 32]).as_deref(),
            Some(U256::MAX.to_string().as_str())
        );
        assert_eq!(v(SignatureToken::U64, &[1, 2, 3]), None);
        assert_eq!(v(SignatureToken::U8, &[1, 2]), None);
        assert_eq!(v(SignatureToken::Signer, &[]), None);
    }

    #[test]
    fn addresses_print_in_decimal() {
        let mut bytes = [0u8; 32];
        bytes[30] = 0xca;
        bytes[31] = 0xfe;
        assert_eq!(v(SignatureToken::Address, &bytes).as_deref(), Some("51966"));
    }

    #[test]
    fn vectors() {
        let t = SignatureToken::Vector(Box::new(SignatureToken::Vector(Box::new(
            SignatureToken::U8,
        ))));
        assert_eq!(
            v(t.clone(), &[2, 2, 1, 2, 0]).as_deref(),
            Some("[[1, 2], []]")
        );
        assert_eq!(v(t.clone(), &[0]).as_deref(), Some("[]"));
        assert_eq!(v(t.clone(), &[0xff, 0xff, 0xff, 0xff, 0x0f]), None);
        assert_eq!(v(t, &[0x80; 20]), None);
    }
}
