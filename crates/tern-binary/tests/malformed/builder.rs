//! Hand assembly of small binaries for the conformance cases.

/// Minimal ULEB128.
pub fn uleb(mut v: u64) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let b = (v & 0x7F) as u8;
        v >>= 7;
        if v == 0 {
            out.push(b);
            return out;
        }
        out.push(b | 0x80);
    }
}

/// The version word the peer writes for `v`.
pub fn word(v: u32) -> u32 {
    if v >= 7 {
        0x0A00_0000 | v
    } else {
        v
    }
}

/// Table kinds.
pub const MH: u8 = 0x01;
pub const SH: u8 = 0x02;
pub const FH: u8 = 0x03;
pub const SIG: u8 = 0x05;
pub const CONST: u8 = 0x06;
pub const IDENT: u8 = 0x07;
pub const ADDR: u8 = 0x08;
pub const SDEF: u8 = 0x0A;
pub const FDEF: u8 = 0x0C;
pub const FLDH: u8 = 0x0D;
pub const FRIEND: u8 = 0x0F;
pub const META: u8 = 0x10;
pub const VFH: u8 = 0x11;
pub const SVH: u8 = 0x13;

/// A binary under construction: version word, tables in content order, bytes after the tables.
#[derive(Clone, Debug)]
pub struct Bin {
    pub word: u32,
    pub tables: Vec<(u8, Vec<u8>)>,
    pub tail: Vec<u8>,
}

impl Bin {
    /// A module with one module handle (0x0::M) and self index 0.
    pub fn module(v: u32) -> Bin {
        Bin {
            word: word(v),
            tables: vec![
                (MH, vec![0x00, 0x00]),
                (IDENT, ident(b"M")),
                (ADDR, vec![0; 32]),
            ],
            tail: vec![0x00],
        }
    }

    /// A module with one function `f()` whose body is `code` (instructions, count prepended).
    pub fn module_with_code(v: u32, n_instrs: u64, code: &[u8]) -> Bin {
        let mut fdef = vec![0x00, 0x01, 0x00, 0x00, 0x00];
        fdef.extend(uleb(n_instrs));
        fdef.extend_from_slice(code);
        Bin::module(v)
            .with(FH, fh_row(v, 0))
            .with(SIG, vec![0x00])
            .with(IDENT, [ident(b"M"), ident(b"f")].concat())
            .with(FDEF, fdef)
    }

    /// A script `main()` with an empty signature 0 and body `Ret`.
    pub fn script(v: u32) -> Bin {
        let mut tail = vec![0x00, 0x00];
        if v >= 8 {
            tail.push(0x01);
        }
        tail.extend([0x00, 0x01, 0x02]);
        Bin {
            word: word(v),
            tables: vec![(SIG, vec![0x00])],
            tail,
        }
    }

    /// Replaces (or appends) a table.
    pub fn with(mut self, kind: u8, bytes: Vec<u8>) -> Bin {
        match self.tables.iter_mut().find(|t| t.0 == kind) {
            Some(t) => t.1 = bytes,
            None => self.tables.push((kind, bytes)),
        }
        self
    }

    /// Puts a table first in content and directory order.
    pub fn first(mut self, kind: u8) -> Bin {
        if let Some(i) = self.tables.iter().position(|t| t.0 == kind) {
            let t = self.tables.remove(i);
            self.tables.insert(0, t);
        }
        self
    }

    /// Replaces the bytes after the tables.
    pub fn tail(mut self, tail: Vec<u8>) -> Bin {
        self.tail = tail;
        self
    }

    /// Directory entries `(kind, offset, length)` for the tables in content order.
    pub fn directory(&self) -> Vec<(u8, u64, u64)> {
        let mut off = 0u64;
        self.tables
            .iter()
            .map(|(k, b)| {
                let e = (*k, off, b.len() as u64);
                off += b.len() as u64;
                e
            })
            .collect()
    }

    /// The bytes, with the directory in content order.
    pub fn bytes(&self) -> Vec<u8> {
        self.bytes_with_directory(&self.directory())
    }

    /// The bytes, with an explicit directory.
    pub fn bytes_with_directory(&self, dir: &[(u8, u64, u64)]) -> Vec<u8> {
        let mut out = vec![0xA1, 0x1C, 0xEB, 0x0B];
        out.extend(self.word.to_le_bytes());
        out.extend(uleb(dir.len() as u64));
        for (k, off, len) in dir {
            out.push(*k);
            out.extend(uleb(*off));
            out.extend(uleb(*len));
        }
        for (_, b) in &self.tables {
            out.extend(b);
        }
        out.extend(&self.tail);
        out
    }
}

/// An identifier-table row.
pub fn ident(text: &[u8]) -> Vec<u8> {
    let mut out = uleb(text.len() as u64);
    out.extend_from_slice(text);
    out
}

/// A function-handle row `(MH0, IDENT name, SIG0, SIG0, no type params)` in v's layout.
pub fn fh_row(v: u32, name: u8) -> Vec<u8> {
    fh_row_with(v, name, &[0x01], &[0x00])
}

/// A function-handle row with explicit access-specifier and attribute bytes (used per version).
pub fn fh_row_with(v: u32, name: u8, access: &[u8], attrs: &[u8]) -> Vec<u8> {
    let mut row = vec![0x00, name, 0x00, 0x00, 0x00];
    if v >= 7 {
        row.extend_from_slice(access);
    }
    if v >= 8 {
        row.extend_from_slice(attrs);
    }
    row
}
