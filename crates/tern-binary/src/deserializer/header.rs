//! The fixed header (magic, version word), the table directory and its validation (spec §2, §3).

use super::reader::{DeResult, Reader};
use super::{DeserializerConfig, FlavorPolicy};
use crate::errors::BinaryError;
use crate::table::TableKind;
use crate::{APTOS_VERSION_MASK, MAGIC, SUI_FLAVOR_BYTE, SUI_VERSION_MAX, VERSION_MAX};
use tern_primitives::{Flavor, StatusCode};

/// One validated directory entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct TableEntry {
    /// The table's kind.
    pub(crate) kind: TableKind,
    /// Offset relative to the first content byte.
    pub(crate) offset: u32,
    /// Length in bytes (never 0).
    pub(crate) length: u32,
}

/// The parsed header of a binary.
#[derive(Debug)]
pub(crate) struct Header<'a> {
    /// The plain version number.
    pub(crate) version: u32,
    /// The binary's flavor.
    pub(crate) flavor: Flavor,
    /// The directory, sorted by offset (so decoding in this order is "offset order").
    pub(crate) tables: Vec<TableEntry>,
    /// The concatenated table contents.
    pub(crate) content: &'a [u8],
    /// Absolute offset of `content[0]`.
    pub(crate) content_base: usize,
    /// A reader positioned after the table contents (self handle or script main).
    pub(crate) rest: Reader<'a>,
}

impl<'a> Header<'a> {
    /// A reader over one table's bytes.
    pub(crate) fn table_reader(&self, entry: &TableEntry) -> DeResult<Reader<'a>> {
        let start = entry.offset as usize;
        let end = start.saturating_add(entry.length as usize);
        match self.content.get(start..end) {
            Some(bytes) => Ok(Reader::new(
                bytes,
                self.content_base.saturating_add(start),
                Some(entry.kind),
            )),
            None => Err(Box::new(
                BinaryError::new(StatusCode::MALFORMED, "table outside the content")
                    .in_table(entry.kind),
            )),
        }
    }
}

/// Reads the magic and version word (spec §2.1, §2.2): the plain version and the flavor.
pub(crate) fn read_version(bytes: &[u8], config: &DeserializerConfig) -> DeResult<(u32, Flavor)> {
    if bytes.get(..4) != Some(&MAGIC[..]) {
        return Err(Box::new(
            BinaryError::new(StatusCode::BAD_MAGIC, "Bad binary header: wrong magic").at_offset(0),
        ));
    }
    let Some(word) = bytes
        .get(4..8)
        .and_then(|s| <[u8; 4]>::try_from(s).ok())
        .map(u32::from_le_bytes)
    else {
        return Err(Box::new(
            BinaryError::new(StatusCode::MALFORMED, "Bad binary header: no version word")
                .at_offset(4),
        ));
    };
    let flavor = match config.flavor {
        FlavorPolicy::Only(flavor) => flavor,
        FlavorPolicy::Detect { unflavored } => detect_flavor(word, unflavored),
    };
    let version = match flavor {
        Flavor::Aptos => aptos_version(word, config),
        Flavor::Sui => sui_version(word, config),
    };
    match version {
        Ok(version) => Ok((version, flavor)),
        Err(message) => Err(Box::new(
            BinaryError::new(StatusCode::UNKNOWN_VERSION, message).at_offset(4),
        )),
    }
}

/// The flavor a version word names: Sui for `0x05` over a v7+ number, `unflavored` for a plain
/// v5/v6 (or older) word, Aptos for everything else.
fn detect_flavor(word: u32, unflavored: Flavor) -> Flavor {
    let flavor_byte = (word >> 24) as u8;
    if flavor_byte == SUI_FLAVOR_BYTE && word & 0x00FF_FFFF >= 7 {
        Flavor::Sui
    } else if word <= 6 {
        unflavored
    } else {
        Flavor::Aptos
    }
}

/// Aptos's reading: the mask bits cleared, then 1..=max.
fn aptos_version(word: u32, config: &DeserializerConfig) -> Result<u32, String> {
    let version = word & !APTOS_VERSION_MASK;
    let max = config.max_binary_format_version.min(VERSION_MAX);
    if version == 0 || version > max {
        return Err(format!(
            "unknown bytecode version {version} (word {word:#010x}, max {max})"
        ));
    }
    Ok(version)
}

/// Sui's reading: a word up to 6 is the plain version; above, the low three bytes are the
/// version and the top byte the flavor, which must be Sui's from v7.
fn sui_version(word: u32, config: &DeserializerConfig) -> Result<u32, String> {
    let (version, flavor_byte) = if word <= 6 {
        (word, None)
    } else {
        (word & 0x00FF_FFFF, Some((word >> 24) as u8))
    };
    let max = config.max_binary_format_version.min(SUI_VERSION_MAX);
    if version < config.sui_min_version.max(1) || version > max {
        return Err(format!(
            "unknown Sui bytecode version {version} (word {word:#010x}, max {max})"
        ));
    }
    if version >= 7 && flavor_byte != Some(SUI_FLAVOR_BYTE) {
        return Err(format!(
            "Sui bytecode version {version} without the Sui flavor (word {word:#010x})"
        ));
    }
    Ok(version)
}

/// Reads the whole header: version, directory, table contents (spec §3.2 steps 1–4).
pub(crate) fn read_header<'a>(
    bytes: &'a [u8],
    config: &DeserializerConfig,
) -> DeResult<Header<'a>> {
    let (version, flavor) = read_version(bytes, config)?;
    let mut r = Reader::new(bytes, 0, None);
    r.bytes(8)?;
    let count = r.count(255)?;
    let mut raw = Vec::with_capacity(count);
    for _ in 0..count {
        raw.push(read_entry(&mut r, flavor)?);
    }
    // Stable sort: entries with equal offsets keep directory order.
    raw.sort_by_key(|e| e.offset);
    let total = validate_directory(&raw, bytes.len(), r.offset())?;
    let content_base = r.offset();
    let content = match r.bytes(total as usize) {
        Ok(c) => c,
        Err(_) => {
            return Err(r.error(StatusCode::MALFORMED, "Error reading table contents"));
        }
    };
    let rest_bytes = bytes.get(r.offset()..).unwrap_or(&[]);
    let rest = Reader::new(rest_bytes, r.offset(), None);
    Ok(Header {
        version,
        flavor,
        tables: raw,
        content,
        content_base,
        rest,
    })
}

/// Reads one directory entry: kind byte, offset, length, then maps the kind in `flavor`.
fn read_entry(r: &mut Reader<'_>, flavor: Flavor) -> DeResult<TableEntry> {
    let start = r.pos();
    let kind_byte = match r.u8() {
        Ok(b) => b,
        Err(_) => return Err(r.error(StatusCode::MALFORMED, "Error reading table")),
    };
    let offset = r.uleb(u64::from(u32::MAX))? as u32;
    let length = r.uleb(u64::from(u32::MAX))? as u32;
    let Some(kind) = TableKind::from_byte(flavor, kind_byte) else {
        return Err(r.error_at(
            start,
            StatusCode::UNKNOWN_TABLE_TYPE,
            format!("unknown table kind {kind_byte:#04x}"),
        ));
    };
    Ok(TableEntry {
        kind,
        offset,
        length,
    })
}

/// Checks that the sorted entries tile `[0, total)` without gaps, overlaps, empty tables or
/// duplicates, and returns `total` (spec §3.2 step 3).
fn validate_directory(entries: &[TableEntry], file_len: usize, at: usize) -> DeResult<u32> {
    let bad = |status: StatusCode, msg: String, kind: TableKind| {
        Box::new(BinaryError::new(status, msg).in_table(kind).at_offset(at))
    };
    let mut cur: u32 = 0;
    let mut seen = [false; 256];
    for e in entries {
        if e.offset != cur {
            let msg = format!("table at offset {} but expected {cur}", e.offset);
            return Err(bad(StatusCode::BAD_HEADER_TABLE, msg, e.kind));
        }
        if e.length == 0 {
            return Err(bad(
                StatusCode::BAD_HEADER_TABLE,
                "empty table".into(),
                e.kind,
            ));
        }
        cur = match cur.checked_add(e.length) {
            Some(c) => c,
            None => {
                let msg = "table length overflows u32".to_string();
                return Err(bad(StatusCode::BAD_HEADER_TABLE, msg, e.kind));
            }
        };
        let slot = seen.get_mut(usize::from(e.kind.byte()));
        match slot {
            Some(s) if !*s => *s = true,
            _ => {
                let msg = format!("duplicate table {}", e.kind);
                return Err(bad(StatusCode::DUPLICATE_TABLE, msg, e.kind));
            }
        }
        if cur as usize > file_len {
            let msg = format!("tables end at {cur}, beyond the binary's {file_len} bytes");
            return Err(bad(StatusCode::BAD_HEADER_TABLE, msg, e.kind));
        }
    }
    Ok(cur)
}
