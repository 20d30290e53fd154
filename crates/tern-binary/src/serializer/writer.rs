//! An output buffer with minimal ULEB128 and fixed-width little-endian writes, plus the
//! serializer's limit checks.

use crate::errors::{BinaryError, BinaryResult};
use crate::table::TableKind;
use tern_primitives::StatusCode;

/// The bytes written so far.
#[derive(Debug, Default)]
pub(crate) struct Writer {
    buf: Vec<u8>,
}

impl Writer {
    /// A writer with room for `capacity` bytes.
    pub(crate) fn with_capacity(capacity: usize) -> Writer {
        Writer {
            buf: Vec::with_capacity(capacity),
        }
    }

    /// The number of bytes written.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.buf.len()
    }

    /// The written bytes.
    pub(crate) fn into_bytes(self) -> Vec<u8> {
        self.buf
    }

    /// The written bytes, borrowed.
    pub(crate) fn as_bytes(&self) -> &[u8] {
        &self.buf
    }

    /// Writes one byte.
    #[inline]
    pub(crate) fn u8(&mut self, byte: u8) {
        self.buf.push(byte);
    }

    /// Writes raw bytes.
    #[inline]
    pub(crate) fn bytes(&mut self, bytes: &[u8]) {
        self.buf.extend_from_slice(bytes);
    }

    /// Writes the minimal ULEB128 encoding of `value`.
    #[inline]
    pub(crate) fn uleb(&mut self, mut value: u64) {
        while value >= 0x80 {
            self.buf.push((value as u8) | 0x80);
            value >>= 7;
        }
        self.buf.push(value as u8);
    }

    /// Writes a table index.
    #[inline]
    pub(crate) fn index(&mut self, index: u16) {
        self.uleb(u64::from(index));
    }

    /// Writes a count after checking it against the format's limit.
    #[inline]
    pub(crate) fn count(&mut self, n: usize, max: u64, what: &'static str) -> BinaryResult<()> {
        let v = checked(n as u64, max, what)?;
        self.uleb(v);
        Ok(())
    }

    /// Writes a `uleb(max)` value after checking it.
    #[inline]
    pub(crate) fn bounded(&mut self, value: u64, max: u64, what: &'static str) -> BinaryResult<()> {
        let v = checked(value, max, what)?;
        self.uleb(v);
        Ok(())
    }

    /// Writes a `blob(max)`: length then bytes.
    pub(crate) fn blob(&mut self, bytes: &[u8], max: u64, what: &'static str) -> BinaryResult<()> {
        self.count(bytes.len(), max, what)?;
        self.bytes(bytes);
        Ok(())
    }
}

/// Checks `value <= max`.
#[inline]
pub(crate) fn checked(value: u64, max: u64, what: &'static str) -> BinaryResult<u64> {
    if value > max {
        return Err(refuse(format!(
            "{what} {value} exceeds the format limit {max}"
        )));
    }
    Ok(value)
}

/// A serializer refusal (status MALFORMED: the bytes would not deserialize, or the format
/// cannot express the model at this version).
#[cold]
pub(crate) fn refuse(message: impl Into<String>) -> BinaryError {
    BinaryError::new(StatusCode::MALFORMED, message)
}

/// Adds the table to an error from writing that table's rows.
#[inline]
pub(crate) fn in_table<T>(result: BinaryResult<T>, kind: TableKind) -> BinaryResult<T> {
    result.map_err(|e| e.in_table(kind))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uleb_is_minimal() {
        let enc = |v: u64| {
            let mut w = Writer::default();
            w.uleb(v);
            w.into_bytes()
        };
        assert_eq!(enc(0), vec![0x00]);
        assert_eq!(enc(127), vec![0x7F]);
        assert_eq!(enc(128), vec![0x80, 0x01]);
        assert_eq!(enc(200), vec![0xC8, 0x01]);
        assert_eq!(enc(65535), vec![0xFF, 0xFF, 0x03]);
        let max = vec![0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01];
        assert_eq!(enc(u64::MAX), max);
    }

    #[test]
    fn limits_are_refused() {
        let mut w = Writer::default();
        assert!(w.count(255, 255, "x").is_ok());
        assert_eq!(
            w.count(256, 255, "x").unwrap_err().status,
            StatusCode::MALFORMED
        );
        assert_eq!(w.as_bytes(), &[0xFF, 0x01]);
    }
}
