//! Error helpers shared by the passes.
//!
//! Every pass builds [`VmError`]s with the peer's status, `indices` and `offsets`, and attaches
//! the location when it returns (the module's id, `script`, or `undefined`). An internal failure
//! that would crash the peer's verifier (its panics are caught and reported as
//! `VERIFIER_INVARIANT_VIOLATION` without location) is reported the same way here.

use tern_primitives::{IndexKind, Location, StatusCode, VmError};

/// Result type of the internal checks.
pub(crate) type VResult<T> = Result<T, VmError>;

/// An error with a status and nothing else.
#[cold]
pub(crate) fn err(status: StatusCode) -> VmError {
    VmError::new(status)
}

/// An error attached to one table entry (`indices: [(kind, idx)]`).
#[cold]
pub(crate) fn err_at(status: StatusCode, kind: IndexKind, idx: usize) -> VmError {
    VmError::new(status).at_index(kind, idx_u16(idx))
}

/// An error at an instruction (`offsets: [(FunctionDefinitionIndex(f), pc)]`).
#[cold]
pub(crate) fn err_offset(status: StatusCode, function: u16, pc: u16) -> VmError {
    VmError::new(status).at_code_offset(function, pc)
}

/// The failure the peer reports when its verifier would have panicked on malformed input.
#[cold]
pub(crate) fn crash() -> VmError {
    VmError::new(StatusCode::VERIFIER_INVARIANT_VIOLATION)
}

/// An internal invariant of the analysis does not hold (the peer's `safe_unwrap`).
#[cold]
pub(crate) fn invariant(message: &str) -> VmError {
    VmError::new(StatusCode::UNKNOWN_INVARIANT_VIOLATION_ERROR).with_message(message)
}

/// Narrows a table position to the `u16` the peer prints (tables hold at most 65535 rows).
pub(crate) fn idx_u16(idx: usize) -> u16 {
    u16::try_from(idx).unwrap_or(u16::MAX)
}

/// Attaches the location the pass reports, the way the peer's `finish` does; a crash stays
/// `undefined` and loses its indices, as when the peer catches a panic.
pub(crate) fn finish(mut e: VmError, location: &Location) -> VmError {
    if e.status() == StatusCode::VERIFIER_INVARIANT_VIOLATION {
        return crash();
    }
    e.data_mut().location = location.clone();
    e
}

/// Appends `(kind, idx)` to the indices of an error.
pub(crate) fn with_index(e: VmError, kind: IndexKind, idx: usize) -> VmError {
    e.at_index(kind, idx_u16(idx))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crash_stays_undefined() {
        let e = finish(crash().at_index(IndexKind::Signature, 3), &Location::Script);
        assert_eq!(e.location(), &Location::Undefined);
        assert!(e.data().indices.is_empty());
        let e = finish(err_offset(StatusCode::ABORTED, 1, 2), &Location::Script);
        assert_eq!(e.location(), &Location::Script);
        assert_eq!(e.data().offsets, vec![(1, 2)]);
    }
}
