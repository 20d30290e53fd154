//! A bounded cursor over untrusted input: canonical ULEB128 and fixed-width little-endian reads.
//!
//! Every read checks the remaining length first and never panics. Errors are boxed so that the
//! `Result`s on the hot path stay two words wide; they carry the status, a message, the table
//! being read and the absolute byte offset of the field that failed.

use crate::errors::BinaryError;
use crate::table::TableKind;
use tern_primitives::StatusCode;

/// Result of an internal decoding step (boxed error keeps the success path small).
pub(crate) type DeResult<T> = Result<T, Box<BinaryError>>;

/// A cursor over a slice of the input, confined to that slice.
#[derive(Debug, Clone)]
pub(crate) struct Reader<'a> {
    bytes: &'a [u8],
    pos: usize,
    /// Absolute offset of `bytes[0]` in the whole binary.
    base: usize,
    /// The table being read, for error locations.
    table: Option<TableKind>,
}

impl<'a> Reader<'a> {
    /// A reader over `bytes`, whose first byte sits at absolute offset `base`.
    pub(crate) fn new(bytes: &'a [u8], base: usize, table: Option<TableKind>) -> Reader<'a> {
        Reader {
            bytes,
            pos: 0,
            base,
            table,
        }
    }

    /// Whether every byte was consumed.
    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        self.pos >= self.bytes.len()
    }

    /// The number of bytes not yet consumed.
    #[inline]
    pub(crate) fn remaining(&self) -> usize {
        self.bytes.len().saturating_sub(self.pos)
    }

    /// The position relative to the start of this reader.
    #[inline]
    pub(crate) fn pos(&self) -> usize {
        self.pos
    }

    /// The absolute offset of the next byte.
    #[inline]
    pub(crate) fn offset(&self) -> usize {
        self.base.saturating_add(self.pos)
    }

    /// An error located at relative position `pos` of this reader.
    #[cold]
    #[inline(never)]
    pub(crate) fn error_at(
        &self,
        pos: usize,
        status: StatusCode,
        message: impl Into<String>,
    ) -> Box<BinaryError> {
        let mut err = BinaryError::new(status, message).at_offset(self.base.saturating_add(pos));
        if let Some(table) = self.table {
            err = err.in_table(table);
        }
        Box::new(err)
    }

    /// An error located at the current position.
    #[cold]
    #[inline(never)]
    pub(crate) fn error(&self, status: StatusCode, message: impl Into<String>) -> Box<BinaryError> {
        self.error_at(self.pos, status, message)
    }

    /// The next byte, without consuming it.
    #[inline]
    pub(crate) fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    /// Skips `n` bytes already known to exist (saturates at the end).
    #[inline]
    pub(crate) fn skip(&mut self, n: usize) {
        self.pos = self.pos.saturating_add(n).min(self.bytes.len());
    }

    /// Reads one byte (EOF → MALFORMED).
    #[inline]
    pub(crate) fn u8(&mut self) -> DeResult<u8> {
        match self.bytes.get(self.pos) {
            Some(&b) => {
                self.pos = self.pos.wrapping_add(1);
                Ok(b)
            }
            None => Err(self.error(StatusCode::MALFORMED, "Unexpected end of input")),
        }
    }

    /// Reads `N` raw bytes; EOF reports `status` (BAD_U16 etc. for immediates).
    #[inline]
    pub(crate) fn array<const N: usize>(&mut self, status: StatusCode) -> DeResult<[u8; N]> {
        let slice = self
            .pos
            .checked_add(N)
            .and_then(|end| self.bytes.get(self.pos..end));
        match slice.and_then(|s| <[u8; N]>::try_from(s).ok()) {
            Some(arr) => {
                self.pos = self.pos.wrapping_add(N);
                Ok(arr)
            }
            None => Err(self.error(status, format!("Unexpected end of input reading {N} bytes"))),
        }
    }

    /// Reads a little-endian `u16`, EOF → BAD_U16.
    #[inline]
    pub(crate) fn u16_le(&mut self) -> DeResult<u16> {
        self.array::<2>(StatusCode::BAD_U16).map(u16::from_le_bytes)
    }

    /// Reads `n` raw bytes (EOF → MALFORMED).
    #[inline]
    pub(crate) fn bytes(&mut self, n: usize) -> DeResult<&'a [u8]> {
        let slice = self
            .pos
            .checked_add(n)
            .and_then(|end| self.bytes.get(self.pos..end));
        match slice {
            Some(s) => {
                self.pos = self.pos.wrapping_add(n);
                Ok(s)
            }
            None => Err(self.error(
                StatusCode::MALFORMED,
                format!(
                    "Unexpected end of input: {n} bytes declared, {} left",
                    self.remaining()
                ),
            )),
        }
    }

    /// Reads a canonical ULEB128 value that must be `<= max` (every violation → MALFORMED).
    #[inline]
    pub(crate) fn uleb(&mut self, max: u64) -> DeResult<u64> {
        if let Some(&b) = self.bytes.get(self.pos) {
            if b < 0x80 {
                let value = u64::from(b);
                if value <= max {
                    self.pos = self.pos.wrapping_add(1);
                    return Ok(value);
                }
            }
        }
        self.uleb_slow(max)
    }

    #[inline(never)]
    fn uleb_slow(&mut self, max: u64) -> DeResult<u64> {
        let start = self.pos;
        let mut value: u64 = 0;
        let mut shift: u32 = 0;
        loop {
            let Some(&b) = self.bytes.get(self.pos) else {
                return Err(self.error_at(start, StatusCode::MALFORMED, "Bad Uleb: end of input"));
            };
            self.pos = self.pos.wrapping_add(1);
            if shift == 63 {
                // The 10th byte may only contribute bit 63.
                if b != 0x01 {
                    return Err(self.error_at(start, StatusCode::MALFORMED, "Bad Uleb: overflow"));
                }
                value |= 1u64 << 63;
                break;
            }
            value |= u64::from(b & 0x7F).wrapping_shl(shift);
            if b & 0x80 == 0 {
                if b == 0 && shift > 0 {
                    return Err(self.error_at(
                        start,
                        StatusCode::MALFORMED,
                        "Bad Uleb: non-canonical encoding",
                    ));
                }
                break;
            }
            shift = shift.wrapping_add(7);
        }
        if value > max {
            return Err(self.error_at(
                start,
                StatusCode::MALFORMED,
                format!("Uleb greater than max requested: {value} > {max}"),
            ));
        }
        Ok(value)
    }

    /// Reads a table index (`uleb(65535)`).
    #[inline]
    pub(crate) fn index(&mut self) -> DeResult<u16> {
        self.uleb(u64::from(u16::MAX)).map(|v| v as u16)
    }

    /// Reads a `uleb(max)` with `max <= 255` as a `u8`.
    #[inline]
    pub(crate) fn uleb_u8(&mut self, max: u8) -> DeResult<u8> {
        self.uleb(u64::from(max)).map(|v| v as u8)
    }

    /// Reads a `uleb(max)` with `max <= 65535` as a `u16`.
    #[inline]
    pub(crate) fn uleb_u16(&mut self, max: u16) -> DeResult<u16> {
        self.uleb(u64::from(max)).map(|v| v as u16)
    }

    /// Reads a ULEB count and converts it to `usize` (it is never used to allocate more than
    /// the remaining bytes can back).
    #[inline]
    pub(crate) fn count(&mut self, max: u64) -> DeResult<usize> {
        let start = self.pos;
        let v = self.uleb(max)?;
        usize::try_from(v)
            .map_err(|_| self.error_at(start, StatusCode::MALFORMED, "count does not fit usize"))
    }

    /// Reads a `blob(max)`: a ULEB length then that many bytes.
    pub(crate) fn blob(&mut self, max: u64) -> DeResult<&'a [u8]> {
        let n = self.count(max)?;
        self.bytes(n)
    }

    /// A capacity for `count` items of at least `min_bytes` bytes each that the remaining input
    /// can actually back.
    #[inline]
    pub(crate) fn capacity_for(&self, count: usize, min_bytes: usize) -> usize {
        count.min(self.remaining().checked_div(min_bytes).unwrap_or(0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn uleb(bytes: &[u8], max: u64) -> Result<(u64, usize), StatusCode> {
        let mut r = Reader::new(bytes, 0, None);
        r.uleb(max).map(|v| (v, r.pos())).map_err(|e| e.status)
    }

    #[test]
    fn uleb_canonical_values() {
        assert_eq!(uleb(&[0x00], 10), Ok((0, 1)));
        assert_eq!(uleb(&[0x7F], 127), Ok((127, 1)));
        assert_eq!(uleb(&[0x80, 0x01], 128), Ok((128, 2)));
        assert_eq!(uleb(&[0xC8, 0x01], 255), Ok((200, 2)));
        assert_eq!(uleb(&[0xFF, 0xFF, 0x03], 65535), Ok((65535, 3)));
        let max = [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01];
        assert_eq!(uleb(&max, u64::MAX), Ok((u64::MAX, 10)));
    }

    #[test]
    fn uleb_rejections_are_malformed() {
        let m = Err(StatusCode::MALFORMED);
        assert_eq!(uleb(&[0x80, 0x00], 1000), m);
        assert_eq!(uleb(&[0x81, 0x00], 1000), m);
        assert_eq!(uleb(&[0xFF, 0x00], 1000), m);
        assert_eq!(uleb(&[0x80], 1000), m);
        assert_eq!(uleb(&[], 1000), m);
        assert_eq!(uleb(&[0x80, 0x02], 255), m);
        assert_eq!(uleb(&[0x10], 0x0F), m);
        let over = [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x02];
        assert_eq!(uleb(&over, u64::MAX), m);
        let zero10 = [0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x00];
        assert_eq!(uleb(&zero10, u64::MAX), m);
        let eleven = [
            0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x81, 0x00,
        ];
        assert_eq!(uleb(&eleven, u64::MAX), m);
    }

    #[test]
    fn fixed_reads_report_their_status_and_offset() {
        let mut r = Reader::new(&[1, 2, 3], 100, Some(TableKind::FunctionDefinitions));
        assert_eq!(r.u16_le().map_err(|e| e.status), Ok(0x0201));
        let err = r.array::<8>(StatusCode::BAD_U64).unwrap_err();
        assert_eq!(err.status, StatusCode::BAD_U64);
        assert_eq!(err.location.offset, Some(102));
        assert_eq!(err.location.table, Some(TableKind::FunctionDefinitions));
        assert_eq!(r.u8().map_err(|e| e.status), Ok(3));
        assert!(r.is_empty());
        assert_eq!(r.u8().unwrap_err().status, StatusCode::MALFORMED);
    }

    #[test]
    fn capacity_is_bounded_by_remaining_bytes() {
        let r = Reader::new(&[0; 12], 0, None);
        assert_eq!(r.capacity_for(usize::MAX, 1), 12);
        assert_eq!(r.capacity_for(3, 1), 3);
        assert_eq!(r.capacity_for(100, 4), 3);
    }
}
