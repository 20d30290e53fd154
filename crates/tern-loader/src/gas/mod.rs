//! Gas metering. By default the interpreter counts executed instructions against the meter's
//! budget in a local counter (one unit per instruction, so metering costs one subtraction per
//! instruction and nothing when unmetered budgets are `u64::MAX`), charges natives what they
//! report, and tells the meter what was used when execution ends. A meter with a
//! [`GasSchedule`] ([`ScheduledGasMeter`]) has each instruction charged what the schedule
//! says instead.

pub mod schedule;
pub mod sui_dev;

pub use schedule::{GasSchedule, InstructionCosts, IoCosts, Pricing, ValueSizes};
use std::sync::Arc;
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
    /// The schedule that prices each instruction, in its internal units; `None` (the
    /// default) charges one unit per instruction.
    fn schedule(&self) -> Option<Arc<GasSchedule>> {
        None
    }
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

/// A meter charging what a [`GasSchedule`] prices each instruction at, with a budget in the
/// schedule's gas units; it counts in the schedule's internal units
/// ([`GasSchedule::scaling_factor`] per gas unit), and fails with `OUT_OF_GAS` when the budget
/// is exhausted.
#[derive(Debug, Clone)]
pub struct ScheduledGasMeter {
    schedule: Arc<GasSchedule>,
    budget: u64,
    used: u64,
}

impl ScheduledGasMeter {
    /// A meter over `schedule` with `gas_units` of budget.
    pub fn new(schedule: Arc<GasSchedule>, gas_units: u64) -> ScheduledGasMeter {
        let budget = schedule.internal_units(gas_units);
        ScheduledGasMeter {
            schedule,
            budget,
            used: 0,
        }
    }

    /// Internal units used so far.
    pub fn internal_used(&self) -> u64 {
        self.used
    }

    /// Gas units used so far, rounded up.
    pub fn gas_used(&self) -> u64 {
        self.schedule.gas_units(self.used)
    }
}

impl GasMeter for ScheduledGasMeter {
    fn budget(&self) -> Option<u64> {
        Some(self.budget.saturating_sub(self.used))
    }
    fn record(&mut self, used: u64) {
        self.used = self.used.saturating_add(used);
    }
    fn used(&self) -> u64 {
        self.used
    }
    fn schedule(&self) -> Option<Arc<GasSchedule>> {
        Some(self.schedule.clone())
    }
}

/// The error when gas runs out.
#[cold]
pub fn out_of_gas() -> VmError {
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
        assert!(u.schedule().is_none());
    }

    #[test]
    fn a_scheduled_meter_counts_internal_units_against_gas_units() {
        let mut m = ScheduledGasMeter::new(Arc::new(GasSchedule::aptos()), 2);
        assert_eq!(m.budget(), Some(2_000_000));
        m.record(1_500_001);
        assert_eq!(m.internal_used(), 1_500_001);
        assert_eq!(m.gas_used(), 2);
        assert_eq!(m.budget(), Some(499_999));
        assert!(m.schedule().is_some());
    }
}
