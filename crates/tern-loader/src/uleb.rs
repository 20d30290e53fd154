//! The ULEB128 lengths of BCS, read by the constant decoder and the BCS deserializers.

/// Reads a BCS ULEB128 length (minimal encoding, at most 2^31 − 1), advancing `cursor`;
/// `None` when it is malformed or too large.
pub(crate) fn read_bcs_length(cursor: &mut &[u8]) -> Option<u64> {
    let mut value: u64 = 0;
    for shift in (0..35).step_by(7) {
        let (&byte, rest) = cursor.split_first()?;
        *cursor = rest;
        value |= u64::from(byte & 0x7F) << shift;
        if byte & 0x80 == 0 {
            if byte == 0 && shift > 0 {
                return None;
            }
            return (value <= u64::from(u32::MAX >> 1)).then_some(value);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::read_bcs_length;

    #[test]
    fn lengths_are_minimal_and_bounded() {
        let read = |bytes: &[u8]| {
            let mut cursor = bytes;
            read_bcs_length(&mut cursor).map(|v| (v, cursor.len()))
        };
        assert_eq!(read(&[0x00, 0xff]), Some((0, 1)));
        assert_eq!(read(&[0x7f]), Some((127, 0)));
        assert_eq!(read(&[0x80, 0x01]), Some((128, 0)));
        assert_eq!(
            read(&[0xff, 0xff, 0xff, 0xff, 0x07]),
            Some((u64::from(u32::MAX >> 1), 0))
        );
        // Past 2^31 - 1, not minimal, or cut short.
        assert_eq!(read(&[0x80, 0x80, 0x80, 0x80, 0x08]), None);
        assert_eq!(read(&[0x80, 0x00]), None);
        assert_eq!(read(&[0x80]), None);
        assert_eq!(read(&[]), None);
    }
}
