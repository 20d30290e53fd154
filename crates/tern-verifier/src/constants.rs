//! Constants: the type must be a primitive or a vector of such (no signer, no struct), and the
//! bytes must be exactly the BCS encoding of a value of that type.

use crate::error::{err_at, VResult};
use crate::view::{Binary, MAX_WALK_DEPTH};
use tern_binary::{Constant, SignatureToken};
use tern_primitives::{IndexKind, StatusCode};

/// Longest sequence BCS accepts.
const MAX_SEQUENCE_LENGTH: u64 = (1 << 31) - 1;

/// Checks every constant of a module or script (without its location).
pub(crate) fn verify(binary: Binary<'_>) -> VResult<()> {
    for (idx, constant) in binary.constant_pool().iter().enumerate() {
        verify_constant(idx, constant)?;
    }
    Ok(())
}

fn verify_constant(idx: usize, constant: &Constant) -> VResult<()> {
    if !is_valid_constant_type(&constant.type_, 0) {
        return Err(err_at(
            StatusCode::INVALID_CONSTANT_TYPE,
            IndexKind::ConstantPool,
            idx,
        ));
    }
    let mut reader = Reader {
        bytes: &constant.data,
        pos: 0,
        signer_ok: false,
    };
    let ok = reader.value(&constant.type_, 0).is_some() && reader.pos == constant.data.len();
    if !ok {
        return Err(err_at(
            StatusCode::MALFORMED_CONSTANT_DATA,
            IndexKind::ConstantPool,
            idx,
        ));
    }
    Ok(())
}

/// Whether `ty` may be the type of a constant.
pub(crate) fn is_valid_constant_type(ty: &SignatureToken, depth: usize) -> bool {
    use SignatureToken as T;
    match ty {
        T::Bool | T::U8 | T::U16 | T::U32 | T::U64 | T::U128 | T::U256 | T::Address => true,
        T::I8 | T::I16 | T::I32 | T::I64 | T::I128 | T::I256 => true,
        T::Vector(inner) => {
            depth < MAX_WALK_DEPTH && is_valid_constant_type(inner, depth.saturating_add(1))
        }
        _ => false,
    }
}

/// The length of a vector constant, if `data` is exactly the BCS encoding of a value of `ty`
/// (a vector). Signers decode as addresses here, as in Sui's limits pass, which reads constants
/// as plain values before the constants pass rejects signer types.
pub(crate) fn vector_length(ty: &SignatureToken, data: &[u8]) -> Option<u64> {
    let SignatureToken::Vector(_) = ty else {
        return None;
    };
    let mut reader = Reader {
        bytes: data,
        pos: 0,
        signer_ok: true,
    };
    let len = reader.clone().uleb128()?;
    reader.value(ty, 0)?;
    (reader.pos == data.len()).then_some(len)
}

/// A BCS reader that only checks well-formedness.
#[derive(Clone)]
struct Reader<'a> {
    bytes: &'a [u8],
    pos: usize,
    /// Whether `signer` decodes (as a 32-byte address).
    signer_ok: bool,
}

impl Reader<'_> {
    fn take(&mut self, n: usize) -> Option<&[u8]> {
        let end = self.pos.checked_add(n)?;
        let slice = self.bytes.get(self.pos..end)?;
        self.pos = end;
        Some(slice)
    }

    fn uleb128(&mut self) -> Option<u64> {
        let mut value: u64 = 0;
        for shift in (0..64).step_by(7) {
            let byte = *self.take(1)?.first()?;
            let digit = u64::from(byte & 0x7f);
            value |= digit.checked_shl(shift)?;
            if byte & 0x80 == 0 {
                // Canonical: no trailing zero group, and the value fits the bits read.
                if shift > 0 && digit == 0 {
                    return None;
                }
                if shift == 63 && digit > 1 {
                    return None;
                }
                return Some(value);
            }
        }
        None
    }

    fn value(&mut self, ty: &SignatureToken, depth: usize) -> Option<()> {
        use SignatureToken as T;
        let width = match ty {
            T::Bool => {
                return match self.take(1)? {
                    [0] | [1] => Some(()),
                    _ => None,
                };
            }
            T::U8 | T::I8 => 1,
            T::U16 | T::I16 => 2,
            T::U32 | T::I32 => 4,
            T::U64 | T::I64 => 8,
            T::U128 | T::I128 => 16,
            T::U256 | T::I256 | T::Address => 32,
            T::Signer if self.signer_ok => 32,
            T::Vector(inner) => return self.vector(inner, depth),
            _ => return None,
        };
        self.take(width).map(|_| ())
    }

    fn vector(&mut self, inner: &SignatureToken, depth: usize) -> Option<()> {
        if depth >= MAX_WALK_DEPTH {
            return None;
        }
        let len = self.uleb128()?;
        if len > MAX_SEQUENCE_LENGTH {
            return None;
        }
        for _ in 0..len {
            self.value(inner, depth.saturating_add(1))?;
        }
        Some(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use SignatureToken as T;

    fn check(ty: T, data: &[u8]) -> Option<StatusCode> {
        let c = Constant {
            type_: ty,
            data: data.to_vec(),
        };
        verify_constant(0, &c).err().map(|e| e.status())
    }

    #[test]
    fn constants_decode_exactly() {
        assert_eq!(check(T::U64, &[1, 0, 0, 0, 0, 0, 0, 0]), None);
        assert_eq!(
            check(T::U64, &[1, 0, 0]),
            Some(StatusCode::MALFORMED_CONSTANT_DATA)
        );
        assert_eq!(
            check(T::Bool, &[2]),
            Some(StatusCode::MALFORMED_CONSTANT_DATA)
        );
        assert_eq!(check(T::Vector(Box::new(T::U8)), &[2, 7, 8]), None);
        assert_eq!(
            check(T::Vector(Box::new(T::U8)), &[2, 7, 8, 9]),
            Some(StatusCode::MALFORMED_CONSTANT_DATA)
        );
        assert_eq!(
            check(T::Signer, &[]),
            Some(StatusCode::INVALID_CONSTANT_TYPE)
        );
        // Non-canonical length.
        assert_eq!(
            check(T::Vector(Box::new(T::U8)), &[0x80, 0x00]),
            Some(StatusCode::MALFORMED_CONSTANT_DATA)
        );
    }
}
