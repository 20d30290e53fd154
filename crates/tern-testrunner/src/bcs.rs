//! A minimal BCS encoder for argument values: ULEB128 lengths, little-endian integers,
//! 32-byte addresses, one byte per bool.

use tern_primitives::{AccountAddress, I256, U256};

/// Appends BCS bytes to a buffer.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct BcsWriter {
    bytes: Vec<u8>,
}

impl BcsWriter {
    /// An empty writer.
    pub fn new() -> BcsWriter {
        BcsWriter::default()
    }

    /// The bytes written so far.
    pub fn into_bytes(self) -> Vec<u8> {
        self.bytes
    }

    /// A ULEB128 length or variant tag.
    pub fn uleb128(&mut self, mut value: u64) {
        loop {
            let byte = (value & 0x7f) as u8;
            value >>= 7;
            if value == 0 {
                self.bytes.push(byte);
                return;
            }
            self.bytes.push(byte | 0x80);
        }
    }

    /// A sequence length (`usize` → ULEB128).
    pub fn seq_len(&mut self, len: usize) {
        self.uleb128(u64::try_from(len).unwrap_or(u64::MAX));
    }

    /// A bool (`0` or `1`).
    pub fn bool(&mut self, b: bool) {
        self.bytes.push(u8::from(b));
    }

    /// Raw bytes (fixed-size data: integers, addresses).
    pub fn raw(&mut self, bytes: &[u8]) {
        self.bytes.extend_from_slice(bytes);
    }

    /// A u256 (32 bytes, little-endian).
    pub fn u256(&mut self, v: U256) {
        self.raw(&v.to_le_bytes());
    }

    /// An i256 (32 bytes, two's complement, little-endian).
    pub fn i256(&mut self, v: I256) {
        self.raw(&v.to_le_bytes());
    }

    /// An address (32 bytes, as written).
    pub fn address(&mut self, a: &AccountAddress) {
        self.raw(a.as_bytes());
    }

    /// A `vector<u8>`: length then bytes.
    pub fn byte_vector(&mut self, bytes: &[u8]) {
        self.seq_len(bytes.len());
        self.raw(bytes);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uleb128_lengths() {
        for (v, bytes) in [
            (0u64, vec![0u8]),
            (1, vec![1]),
            (127, vec![0x7f]),
            (128, vec![0x80, 0x01]),
            (300, vec![0xac, 0x02]),
            (16384, vec![0x80, 0x80, 0x01]),
            (
                u64::MAX,
                vec![0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01],
            ),
        ] {
            let mut w = BcsWriter::new();
            w.uleb128(v);
            assert_eq!(w.into_bytes(), bytes, "{v}");
        }
    }

    #[test]
    fn fixed_size_values() {
        let mut w = BcsWriter::new();
        w.bool(true);
        w.raw(&0x0102u16.to_le_bytes());
        w.i256(I256::from(-1i32));
        w.address(&AccountAddress::from_u64(1));
        w.byte_vector(b"ab");
        let b = w.into_bytes();
        assert_eq!(&b[..3], &[1, 2, 1]);
        assert!(b[3..35].iter().all(|x| *x == 0xff));
        assert_eq!(b[66], 1);
        assert_eq!(&b[67..], &[2, b'a', b'b']);
    }
}
