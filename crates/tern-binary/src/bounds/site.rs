//! Where a bounds-check failure happened, and the (cold) construction of its error.

use crate::errors::{BinaryError, BinaryResult};
use crate::index::IndexKind;
use std::fmt;
use tern_primitives::StatusCode;

/// The entry being checked (table kind and row), and the instruction offset inside code.
#[derive(Debug, Clone, Copy)]
pub(super) struct Site {
    /// The table entry, if any (the self handle index has none).
    entry: Option<(IndexKind, usize)>,
    /// The instruction offset, inside a code unit.
    pc: Option<usize>,
    /// Whether this is a script's `main` (printed as such, located at function definition 0).
    script_main: bool,
}

impl Site {
    /// No entry (module-level facts such as the self handle index).
    pub(super) fn none() -> Site {
        Site {
            entry: None,
            pc: None,
            script_main: false,
        }
    }

    /// Row `row` of the table of `kind`.
    pub(super) fn entry(kind: IndexKind, row: usize) -> Site {
        Site {
            entry: Some((kind, row)),
            pc: None,
            script_main: false,
        }
    }

    /// A script's `main` (the peer's `FunctionDefinitionIndex(0)`).
    pub(super) fn script_main() -> Site {
        Site {
            entry: Some((IndexKind::FunctionDefinition, 0)),
            pc: None,
            script_main: true,
        }
    }

    /// The same site at instruction offset `pc`.
    pub(super) fn at(self, pc: usize) -> Site {
        Site {
            pc: Some(pc),
            ..self
        }
    }

    /// `Ok` if `index < len`, else INDEX_OUT_OF_BOUNDS naming `what` and the table size.
    #[inline(always)]
    pub(super) fn check(
        self,
        what: &'static str,
        index: usize,
        len: usize,
        unit: &'static str,
    ) -> BinaryResult<()> {
        if index < len {
            Ok(())
        } else {
            Err(self.out_of_bounds(format_args!("{what}"), index, len, unit))
        }
    }

    /// INDEX_OUT_OF_BOUNDS: "`<site>: <what> <index> out of bounds (<len> <unit>)`".
    #[cold]
    #[inline(never)]
    pub(super) fn out_of_bounds(
        self,
        what: fmt::Arguments<'_>,
        index: usize,
        len: usize,
        unit: &str,
    ) -> BinaryError {
        self.error(
            StatusCode::INDEX_OUT_OF_BOUNDS,
            format_args!("{what} {index} out of bounds ({len} {unit})"),
        )
    }

    /// An error with `status`, the message "`<site>: <detail>`" and this site's location.
    #[cold]
    #[inline(never)]
    pub(super) fn error(self, status: StatusCode, detail: fmt::Arguments<'_>) -> BinaryError {
        let message = match self.entry {
            None => detail.to_string(),
            Some(_) => format!("{self}: {detail}"),
        };
        let mut err = BinaryError::new(status, message);
        if let Some((kind, row)) = self.entry {
            err = err.at_entry(kind, row);
        }
        if let Some(pc) = self.pc {
            err = err.at_code_offset(u16::try_from(pc).unwrap_or(u16::MAX));
        }
        err
    }
}

impl fmt::Display for Site {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.entry {
            _ if self.script_main => f.write_str("script main")?,
            Some((kind, row)) => write!(f, "{kind} #{row}")?,
            None => f.write_str("module")?,
        }
        if let Some(pc) = self.pc {
            write!(f, ", code offset {pc}")?;
        }
        Ok(())
    }
}
