//! Gas metering. The interpreter counts executed instructions against the meter's budget in a
//! local counter (one unit per instruction, so metering costs one subtraction per instruction
//! and nothing when unmetered budgets are `u64::MAX`), charges natives what they report, and
//! tells the meter what was used when execution ends.

use tern_primitives::{StatusCode, VmError};

/// A gas meter the interpreter charges.
pub trait GasMeter {
    /// Units available for this execution; `None` means unmetered.
    fn budget(&self) -> Option<u64>;
    /// Records the units an execution used (instructions plus native charges), whether it
    /// succeeded or not.
    fn record(&mut self, used: u64);
    /// Units used so far.
    fn used(&self) -> u64;
}

/// A meter that never runs out and records nothing.
#[derive(Debug, Clone, Copy, Default)]
pub struct UnmeteredGasMeter;

impl GasMeter for UnmeteredGasMeter {
    fn budget(&self) -> Option<u64> {
        None
    }
    fn record(&mut self, _used: u64) {}
    fn used(&self) -> u64 {
        0
    }
}

/// A meter charging one unit per executed instruction (plus what natives charge), failing
/// with `OUT_OF_GAS` when its budget is exhausted.
#[derive(Debug, Clone, Copy)]
pub struct InstructionGasMeter {
    budget: u64,
    used: u64,
}

impl InstructionGasMeter {
    /// A meter with `budget` units.
    pub fn new(budget: u64) -> InstructionGasMeter {
        InstructionGasMeter { budget, used: 0 }
    }

    /// Units left.
    pub fn remaining(&self) -> u64 {
        self.budget.saturating_sub(self.used)
    }
}

impl GasMeter for InstructionGasMeter {
    fn budget(&self) -> Option<u64> {
        Some(self.remaining())
    }
    fn record(&mut self, used: u64) {
        self.used = self.used.saturating_add(used);
    }
    fn used(&self) -> u64 {
        self.used
    }
}

/// The error when gas runs out.
#[cold]
pub(crate) fn out_of_gas() -> VmError {
    VmError::new(StatusCode::OUT_OF_GAS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn meters_record_usage() {
        let mut m = InstructionGasMeter::new(10);
        assert_eq!(m.budget(), Some(10));
        m.record(4);
        assert_eq!(m.remaining(), 6);
        assert_eq!(m.used(), 4);
        let mut u = UnmeteredGasMeter;
        assert_eq!(u.budget(), None);
        u.record(5);
        assert_eq!(u.used(), 0);
    }
}
