//! The meters and observers the dispatch loop is generic over, chosen per run (so an
//! unmetered, unobserved run compiles to a loop with no charging and no hooks at all).

/// How the dispatch loop charges for what it runs: its charges are made on the loop's own
/// copy of the session's budget, handed back around everything that reads or charges the
/// session's budget.
pub(crate) trait Meter {
    /// One unit per original instruction, counted as the loop runs: a super-instruction
    /// charges the instructions it runs past its first.
    const COUNTS: bool;
    /// Each original instruction is priced by the session's cost schedule before it runs
    /// (`Session::scheduled_cost`): the loop runs every super-instruction as its original
    /// instructions, one by one.
    const PRICES: bool;
    /// The loop keeps a budget at all.
    const METERED: bool = Self::COUNTS || Self::PRICES;
}

/// Nothing is charged: the budget is unlimited and nothing can exhaust it.
pub(crate) struct Unmetered;

impl Meter for Unmetered {
    const COUNTS: bool = false;
    const PRICES: bool = false;
}

/// One unit per instruction: the conformance runner's meter.
pub(crate) struct InstructionCount;

impl Meter for InstructionCount {
    const COUNTS: bool = true;
    const PRICES: bool = false;
}

/// The session's cost schedule prices each instruction by its class and operands.
pub(crate) struct CostSchedule;

impl Meter for CostSchedule {
    const COUNTS: bool = false;
    const PRICES: bool = true;
}

/// What the dispatch loop observes as instructions run, chosen per run as a type parameter
/// of the loop.
pub(crate) trait Observer {
    /// Each original instruction is observed on its own (super-instructions run whole only
    /// where the runtime type checks are known to pass): the loop calls the session's
    /// before and after hooks around it.
    const ACTIVE: bool;
}

/// Nothing is observed: the fast paths and super-instructions run.
pub(crate) struct Unobserved;

impl Observer for Unobserved {
    const ACTIVE: bool = false;
}

/// Whatever the session asks for: the execution trace, the runtime type checks, or both;
/// also the loop every call runs under a module lock, whose calls all take the general path.
pub(crate) struct Observed;

impl Observer for Observed {
    const ACTIVE: bool = true;
}
