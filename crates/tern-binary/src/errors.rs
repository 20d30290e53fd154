//! The error type of the binary-format crate.

use crate::index::IndexKind;
use crate::table::TableKind;
use std::fmt;
use tern_primitives::{StatusCode, VmError};

/// Where in a binary (or in a deserialized module) an error was found.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ErrorLocation {
    /// The table being read or checked.
    pub table: Option<TableKind>,
    /// Absolute byte offset in the input, when reading bytes.
    pub offset: Option<usize>,
    /// The table entry being checked (kind and row).
    pub entry: Option<(IndexKind, usize)>,
    /// The instruction offset inside a code unit.
    pub code_offset: Option<u16>,
    /// The index the peer's error names (its `indices`), where it names one: the function
    /// definition of `TOO_MANY_LOCALS`, the table length (a variant tag) of
    /// `INVALID_ENUM_SWITCH`.
    pub reported: Option<(IndexKind, usize)>,
}

impl fmt::Display for ErrorLocation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = Vec::new();
        if let Some(t) = self.table {
            parts.push(format!("table {t}"));
        }
        if let Some((kind, row)) = self.entry {
            parts.push(format!("{kind} #{row}"));
        }
        if let Some(pc) = self.code_offset {
            parts.push(format!("code offset {pc}"));
        }
        if let Some(off) = self.offset {
            parts.push(format!("byte {off}"));
        }
        if parts.is_empty() {
            f.write_str("header")
        } else {
            f.write_str(&parts.join(", "))
        }
    }
}

/// A failure to read, write or bounds-check a binary: the peer's status code, a message and
/// where it happened.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{status}: {message} (at {location})")]
pub struct BinaryError {
    /// The status the peer reports for this failure.
    pub status: StatusCode,
    /// What is wrong.
    pub message: String,
    /// Where.
    pub location: ErrorLocation,
}

impl BinaryError {
    /// An error with a status and message and no location yet.
    #[cold]
    pub fn new(status: StatusCode, message: impl Into<String>) -> BinaryError {
        BinaryError {
            status,
            message: message.into(),
            location: ErrorLocation::default(),
        }
    }

    /// Sets the table.
    pub fn in_table(mut self, table: TableKind) -> BinaryError {
        self.location.table.get_or_insert(table);
        self
    }

    /// Sets the byte offset (if not already set).
    pub fn at_offset(mut self, offset: usize) -> BinaryError {
        self.location.offset.get_or_insert(offset);
        self
    }

    /// Sets the entry (if not already set).
    pub fn at_entry(mut self, kind: IndexKind, row: usize) -> BinaryError {
        self.location.entry.get_or_insert((kind, row));
        self
    }

    /// Sets the code offset (if not already set).
    pub fn at_code_offset(mut self, pc: u16) -> BinaryError {
        self.location.code_offset.get_or_insert(pc);
        self
    }

    /// Sets the index the peer's error names.
    pub fn reporting(mut self, kind: IndexKind, row: usize) -> BinaryError {
        self.location.reported = Some((kind, row));
        self
    }

    /// The status code.
    pub fn status(&self) -> StatusCode {
        self.status
    }

    /// The error as the peer reports a failed deserialization or bounds check: the status and
    /// message, location undefined, and no indices except the one the peer names
    /// ([`ErrorLocation::reported`]).
    pub fn to_vm_error(&self) -> VmError {
        let err = VmError::new(self.status).with_message(self.message.clone());
        match self.location.reported {
            Some((kind, row)) => err.at_index(kind, u16::try_from(row).unwrap_or(u16::MAX)),
            None => err,
        }
    }
}

/// Result alias of this crate.
pub type BinaryResult<T> = Result<T, BinaryError>;
