//! Decoding of constant-pool entries (BCS bytes of a typed value) once, at load time.

use crate::values::Value;
use tern_binary::SignatureToken;
use tern_primitives::{AccountAddress, StatusCode, VmError, I256, U256};

/// A decoded constant, materialized into the heap by `LdConst`.
#[derive(Debug, Clone, PartialEq)]
pub enum ConstValue {
    /// A primitive.
    Prim(Value),
    /// A `vector<u8>`.
    Bytes(Vec<u8>),
    /// Any other vector.
    Vector(Vec<ConstValue>),
}

#[cold]
fn malformed() -> VmError {
    VmError::new(StatusCode::VERIFIER_INVARIANT_VIOLATION).with_message("malformed constant data")
}

/// Decodes the BCS bytes of a constant of type `ty`; the bytes must be consumed exactly.
pub fn decode_constant(ty: &SignatureToken, data: &[u8]) -> Result<ConstValue, VmError> {
    let mut cursor = data;
    let v = decode(ty, &mut cursor, 0)?;
    if !cursor.is_empty() {
        return Err(malformed());
    }
    Ok(v)
}

fn take<'a>(cursor: &mut &'a [u8], n: usize) -> Result<&'a [u8], VmError> {
    if cursor.len() < n {
        return Err(malformed());
    }
    let (head, rest) = cursor.split_at(n);
    *cursor = rest;
    Ok(head)
}

fn fixed<const N: usize>(cursor: &mut &[u8]) -> Result<[u8; N], VmError> {
    let bytes = take(cursor, N)?;
    <[u8; N]>::try_from(bytes).map_err(|_| malformed())
}

fn decode(ty: &SignatureToken, cursor: &mut &[u8], depth: usize) -> Result<ConstValue, VmError> {
    use SignatureToken as S;
    if depth > 256 {
        return Err(malformed());
    }
    let v = match ty {
        S::Bool => match fixed::<1>(cursor)?[0] {
            0 => Value::Bool(false),
            1 => Value::Bool(true),
            _ => return Err(malformed()),
        },
        S::U8 => Value::U8(fixed::<1>(cursor)?[0]),
        S::U16 => Value::U16(u16::from_le_bytes(fixed(cursor)?)),
        S::U32 => Value::U32(u32::from_le_bytes(fixed(cursor)?)),
        S::U64 => Value::U64(u64::from_le_bytes(fixed(cursor)?)),
        S::U128 => Value::u128(u128::from_le_bytes(fixed(cursor)?)),
        S::U256 => Value::u256(U256::from_le_bytes(fixed(cursor)?)),
        S::I8 => Value::I8(i8::from_le_bytes(fixed(cursor)?)),
        S::I16 => Value::I16(i16::from_le_bytes(fixed(cursor)?)),
        S::I32 => Value::I32(i32::from_le_bytes(fixed(cursor)?)),
        S::I64 => Value::I64(i64::from_le_bytes(fixed(cursor)?)),
        S::I128 => Value::i128(i128::from_le_bytes(fixed(cursor)?)),
        S::I256 => Value::i256(I256::from_le_bytes(fixed(cursor)?)),
        S::Address => Value::Address(AccountAddress::new(fixed(cursor)?)),
        S::Vector(inner) => return decode_vector(inner, cursor, depth),
        _ => return Err(malformed()),
    };
    Ok(ConstValue::Prim(v))
}

fn decode_vector(
    inner: &SignatureToken,
    cursor: &mut &[u8],
    depth: usize,
) -> Result<ConstValue, VmError> {
    let len = crate::uleb::read_bcs_length(cursor).ok_or_else(malformed)? as usize;
    if *inner == SignatureToken::U8 {
        return Ok(ConstValue::Bytes(take(cursor, len)?.to_vec()));
    }
    let mut out = Vec::with_capacity(len.min(cursor.len()));
    for _ in 0..len {
        out.push(decode(inner, cursor, depth + 1)?);
    }
    Ok(ConstValue::Vector(out))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_and_rejects() {
        let v = decode_constant(&SignatureToken::U64, &[1, 0, 0, 0, 0, 0, 0, 0]).unwrap();
        assert_eq!(v, ConstValue::Prim(Value::U64(1)));
        let bytes = decode_constant(
            &SignatureToken::Vector(Box::new(SignatureToken::U8)),
            &[2, 7, 8],
        )
        .unwrap();
        assert_eq!(bytes, ConstValue::Bytes(vec![7, 8]));
        assert!(decode_constant(&SignatureToken::Bool, &[2]).is_err());
        assert!(decode_constant(&SignatureToken::U8, &[1, 2]).is_err());
        assert!(decode_constant(&SignatureToken::Signer, &[]).is_err());
    }
}
