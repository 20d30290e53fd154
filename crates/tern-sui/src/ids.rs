//! Object ids and transaction digests, derived as Sui derives them.

use blake2::digest::consts::U32;
use blake2::{Blake2b, Digest};
use tern_primitives::{AccountAddress, StructTag, TypeTag};

/// An object's id: 32 bytes, the same space as addresses.
pub type ObjectId = AccountAddress;

/// Blake2b with a 256-bit output, Sui's default hash.
type Blake2b256 = Blake2b<U32>;

/// The scope byte Sui hashes before the digest when deriving a fresh object id.
const REGULAR_OBJECT_ID_SCOPE: u8 = 0xf1;
/// The scope byte Sui hashes before the parent when deriving a dynamic field's id.
const CHILD_OBJECT_ID_SCOPE: u8 = 0xf0;

/// A transaction's 32-byte digest: what fresh object ids are derived from.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct TxDigest(pub [u8; 32]);

impl std::fmt::Debug for TxDigest {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "TxDigest({self})")
    }
}

impl std::fmt::Display for TxDigest {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for b in self.0 {
            write!(f, "{b:02x}")?;
        }
        Ok(())
    }
}

impl TxDigest {
    /// A digest standing for the `n`-th transaction of an in-memory chain: the Blake2b-256
    /// hash of `tern-tx` and `n` (little-endian). Real Sui digests hash the signed
    /// transaction; give one with [`crate::Transaction::with_digest`].
    pub fn for_sequence(n: u64) -> TxDigest {
        let mut h = Blake2b256::new();
        h.update(b"tern-tx");
        h.update(n.to_le_bytes());
        TxDigest(h.finalize().into())
    }
}

/// The id of the `count`-th object created by the transaction with `digest` (counting from
/// 0): Blake2b-256 of the scope byte `0xf1`, the digest and the count (u64 little-endian).
pub fn derive_object_id(digest: &TxDigest, count: u64) -> ObjectId {
    let mut h = Blake2b256::new();
    h.update([REGULAR_OBJECT_ID_SCOPE]);
    h.update(digest.0);
    h.update(count.to_le_bytes());
    AccountAddress::new(h.finalize().into())
}

/// The id of the dynamic field of `parent` under a key: Blake2b-256 of the scope byte
/// `0xf0`, the parent, the key's BCS length (u64 little-endian), the key's BCS bytes and the
/// BCS bytes of the key's type tag.
pub fn derive_dynamic_field_id(parent: &ObjectId, key_type_bcs: &[u8], key_bcs: &[u8]) -> ObjectId {
    let mut h = Blake2b256::new();
    h.update([CHILD_OBJECT_ID_SCOPE]);
    h.update(parent.as_bytes());
    h.update((key_bcs.len() as u64).to_le_bytes());
    h.update(key_bcs);
    h.update(key_type_bcs);
    AccountAddress::new(h.finalize().into())
}

/// Blake2b-256 of `bytes` (`0x2::hash::blake2b256`).
pub fn blake2b256(bytes: &[u8]) -> [u8; 32] {
    Blake2b256::digest(bytes).into()
}

/// The BCS bytes of a type tag as Sui serializes its `TypeTag` (variant numbers `bool` 0,
/// `u8` 1, `u64` 2, `u128` 3, `address` 4, `signer` 5, `vector` 6, struct 7, `u16` 8,
/// `u32` 9, `u256` 10). `None` for types Sui's tags cannot hold (signed integers, functions).
pub fn type_tag_bcs(tag: &TypeTag) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    write_type_tag(tag, &mut out)?;
    Some(out)
}

fn write_type_tag(tag: &TypeTag, out: &mut Vec<u8>) -> Option<()> {
    let variant = match tag {
        TypeTag::Bool => 0,
        TypeTag::U8 => 1,
        TypeTag::U64 => 2,
        TypeTag::U128 => 3,
        TypeTag::Address => 4,
        TypeTag::Signer => 5,
        TypeTag::Vector(_) => 6,
        TypeTag::Struct(_) => 7,
        TypeTag::U16 => 8,
        TypeTag::U32 => 9,
        TypeTag::U256 => 10,
        TypeTag::I8
        | TypeTag::I16
        | TypeTag::I32
        | TypeTag::I64
        | TypeTag::I128
        | TypeTag::I256
        | TypeTag::Function(_) => return None,
    };
    out.push(variant);
    match tag {
        TypeTag::Vector(inner) => write_type_tag(inner, out),
        TypeTag::Struct(s) => write_struct_tag(s, out),
        _ => Some(()),
    }
}

/// The BCS bytes of a struct tag: address, module, name, type arguments.
pub(crate) fn write_struct_tag(s: &StructTag, out: &mut Vec<u8>) -> Option<()> {
    out.extend_from_slice(s.address.as_bytes());
    write_str(s.module.as_str(), out);
    write_str(s.name.as_str(), out);
    write_uleb(s.type_args.len() as u64, out);
    for t in &s.type_args {
        write_type_tag(t, out)?;
    }
    Some(())
}

fn write_str(s: &str, out: &mut Vec<u8>) {
    write_uleb(s.len() as u64, out);
    out.extend_from_slice(s.as_bytes());
}

/// Appends `v` as ULEB128.
pub(crate) fn write_uleb(mut v: u64, out: &mut Vec<u8>) {
    loop {
        let byte = (v & 0x7f) as u8;
        v >>= 7;
        if v == 0 {
            out.push(byte);
            return;
        }
        out.push(byte | 0x80);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn type_tags_serialize_with_suis_variant_numbers() {
        assert_eq!(type_tag_bcs(&TypeTag::U64), Some(vec![2]));
        assert_eq!(type_tag_bcs(&TypeTag::U16), Some(vec![8]));
        assert_eq!(
            type_tag_bcs(&TypeTag::Vector(Box::new(TypeTag::Address))),
            Some(vec![6, 4])
        );
        assert_eq!(type_tag_bcs(&TypeTag::I8), None);
    }

    #[test]
    fn uleb_encodes_in_seven_bit_groups() {
        let mut out = Vec::new();
        write_uleb(300, &mut out);
        assert_eq!(out, vec![0xac, 0x02]);
    }
}
