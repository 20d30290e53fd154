//! Mutation testing shared by tests/mutated_programs.rs and tests/mutated_framework.rs: a
//! seeded generator, the instruction mutations, and one mutant run in each dispatch loop with
//! the outcomes compared.

#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use proptest::prelude::Rng as _;
use proptest::test_runner::{RngAlgorithm, TestRng};
use tern::{AccountAddress, ModuleId, TypeTag};
use tern_binary::{Bytecode, CompiledModule, SignatureToken};
use tern_primitives::StructTag;

/// The number in environment variable `name`, or `default` (`TERN_FUZZ_ROUNDS` and
/// `TERN_FUZZ_SEED` lengthen or vary a run by hand).
pub(crate) fn env_or(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// A deterministic generator (proptest's, seeded).
pub(crate) struct Rng(TestRng);

impl Rng {
    /// A generator seeded with `seed`.
    pub(crate) fn new(seed: u64) -> Rng {
        let mut bytes = [0u8; 32];
        bytes[..8].copy_from_slice(&seed.to_le_bytes());
        Rng(TestRng::from_seed(RngAlgorithm::ChaCha, &bytes))
    }

    /// A number below `n` (which must not be 0).
    pub(crate) fn below(&mut self, n: usize) -> usize {
        (self.0.next_u64() % n as u64) as usize
    }
}

/// Swaps, deletes, duplicates or replaces one instruction of one function, or retypes one of
/// its locals; replacements come from the module's functions (so their module-level indices
/// are in range) or are local and branch ops with shifted operands (some out of range, which
/// the loader must reject).
pub(crate) fn mutate(module: &mut CompiledModule, rng: &mut Rng) {
    let count = module.function_defs.len();
    if count > 0 {
        let def = rng.below(count);
        mutate_function(module, def, rng);
    }
}

/// [`mutate`] in function definition `def`.
pub(crate) fn mutate_function(module: &mut CompiledModule, def: usize, rng: &mut Rng) {
    let count = module.function_defs.len();
    if def >= count {
        return;
    }
    // One in eight: a parameter or local given another primitive type, the code unchanged
    // (what the runtime type checks and the super-instructions' fast paths must agree on).
    if rng.below(8) == 0 {
        let locals = module.function_defs[def].code.as_ref().map(|c| c.locals);
        if let Some(sig) = locals.and_then(|i| module.signatures.get_mut(usize::from(i.0))) {
            if !sig.0.is_empty() {
                let k = rng.below(sig.0.len());
                sig.0[k] = match rng.below(4) {
                    0 => SignatureToken::U8,
                    1 => SignatureToken::I64,
                    2 => SignatureToken::Bool,
                    _ => SignatureToken::U64,
                };
            }
        }
        return;
    }
    // An instruction of any function (module-level indices stay in range).
    let donor = module.function_defs[rng.below(count)]
        .code
        .as_ref()
        .and_then(|c| c.code.get(rng.below(c.code.len().max(1))).cloned());
    let def = &mut module.function_defs[def];
    let Some(code) = def.code.as_mut() else {
        return;
    };
    let n = code.code.len();
    if n == 0 {
        return;
    }
    let (a, b) = (rng.below(n), rng.below(n));
    match rng.below(6) {
        0 => code.code.swap(a, b),
        1 => {
            code.code.remove(a);
        }
        2 => {
            let dup = code.code[b].clone();
            code.code.insert(a, dup);
        }
        3 => code.code[a] = code.code[b].clone(),
        4 => {
            if let Some(op) = donor {
                code.code[a] = op;
            }
        }
        _ => {
            let step = rng.below(3) as u8;
            let shift = |x: u8| x.wrapping_add(step);
            code.code[a] = match code.code[b].clone() {
                Bytecode::CopyLoc(l) => Bytecode::MoveLoc(shift(l)),
                Bytecode::MoveLoc(l) => Bytecode::CopyLoc(shift(l)),
                Bytecode::StLoc(l) => Bytecode::StLoc(shift(l)),
                Bytecode::BrFalse(t) => Bytecode::BrTrue(t),
                Bytecode::BrTrue(t) => Bytecode::BrFalse(t),
                Bytecode::Branch(t) => Bytecode::Branch(t.wrapping_add(1)),
                Bytecode::LdU64(_) => Bytecode::LdU64(u64::MAX),
                Bytecode::Add => Bytecode::Sub,
                Bytecode::Lt => Bytecode::Ge,
                Bytecode::ReadRef => Bytecode::FreezeRef,
                other => other,
            };
        }
    }
}

/// How a mutant is run.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Mode {
    /// The unmetered dispatch loop.
    Unmetered,
    /// The metered dispatch loop, with this budget.
    Metered(u64),
    /// The observed loop (every instruction unfused, through the general path), metered.
    Traced(u64),
    /// Published through the bytecode verifier, then metered.
    Verified(u64),
    /// The observed loop with the runtime type checks on, metered (verifier off).
    Checked(u64),
    /// [`Mode::Checked`] with a trace recorded: every instruction checked one by one (no
    /// super-instruction runs whole under the checks while a trace is recorded).
    CheckedTraced(u64),
    /// Published through the bytecode verifier, then metered with the runtime type checks on.
    VerifiedChecked(u64),
}

/// What a run ended in: return values and final `&mut` arguments (BCS), or the error as the
/// test runner prints it (status, sub-status, location, indices, offsets); and the BCS of the
/// watched resource afterwards, if it exists.
pub(crate) type Outcome = (
    Result<(Vec<Vec<u8>>, Vec<(usize, Vec<u8>)>), String>,
    Option<Vec<u8>>,
);

/// One call to run: modules published in order into a fresh VM, then `module::function`.
pub(crate) struct Call<'a> {
    /// The modules, dependencies first.
    pub(crate) modules: &'a [CompiledModule],
    /// The module of the function.
    pub(crate) module: &'a ModuleId,
    /// The function.
    pub(crate) function: &'a str,
    /// Type arguments.
    pub(crate) type_args: &'a [TypeTag],
    /// BCS arguments (signers as addresses).
    pub(crate) args: &'a [Vec<u8>],
    /// A resource whose bytes the outcome records.
    pub(crate) watch: Option<&'a (AccountAddress, StructTag)>,
}

impl Call<'_> {
    /// Runs the call in a fresh VM.
    pub(crate) fn run(&self, mode: Mode) -> Outcome {
        let mut vm = tern::Vm::new(Default::default());
        // Mutants of the framework publish at its addresses.
        vm.set_reserved_publishing(true);
        vm.set_skip_verification(!matches!(
            mode,
            Mode::Verified(_) | Mode::VerifiedChecked(_)
        ));
        match mode {
            Mode::Unmetered => vm.set_gas_budget(None),
            Mode::Metered(budget) | Mode::Verified(budget) => vm.set_gas_budget(Some(budget)),
            Mode::Checked(budget) | Mode::VerifiedChecked(budget) => {
                vm.set_gas_budget(Some(budget));
                vm.set_type_checks(true);
            }
            Mode::CheckedTraced(budget) => {
                vm.set_gas_budget(Some(budget));
                vm.set_type_checks(true);
                vm.set_tracing(true);
            }
            Mode::Traced(budget) => {
                vm.set_gas_budget(Some(budget));
                vm.set_tracing(true);
            }
        }
        for m in self.modules {
            if let Err(e) = vm.publish_compiled(m.clone(), Vec::new()) {
                return (Err(format!("publish: {:?}", e.status())), None);
            }
        }
        let result = match vm.run_function(
            self.module,
            self.function,
            self.type_args,
            self.args.to_vec(),
        ) {
            Ok(out) => Ok((out.return_bytes, out.mutable_input_bytes)),
            Err(e) => Err(format!("{:?} {}", e.status(), e.render())),
        };
        let watched = self
            .watch
            .and_then(|(at, tag)| vm.resource_bytes(*at, tag).ok().flatten());
        (result, watched)
    }

    /// Runs the call metered, traced, checked (with and without a trace) and (when it ends
    /// within the budget) unmetered, each panic caught: the kind of outcome (`completed` or
    /// the error's status), or what went wrong. The observed loop runs every instruction
    /// unfused through the general path, so the super-instructions must end the same way, out
    /// of gas at the same instruction included, checked or not; a failed run must leave the
    /// watched resource absent (every run has a fresh VM).
    pub(crate) fn check_loops(&self, budget: u64) -> Result<String, String> {
        let metered = std::panic::catch_unwind(|| self.run(Mode::Metered(budget)))
            .map_err(|_| "panicked metered".to_string())?;
        let traced = std::panic::catch_unwind(|| self.run(Mode::Traced(budget)))
            .map_err(|_| "panicked traced".to_string())?;
        if traced != metered {
            return Err(format!("metered {metered:?}, traced {traced:?}"));
        }
        if metered.0.is_err() && metered.1.is_some() {
            return Err("a failed run kept a write".to_string());
        }
        // The runtime type checks may stop the run earlier, never panic.
        let checked = std::panic::catch_unwind(|| self.run(Mode::Checked(budget)))
            .map_err(|_| "panicked checked".to_string())?;
        if checked.0.is_err() && checked.1.is_some() {
            return Err("a failed checked run kept a write".to_string());
        }
        // Super-instructions that run whole under the checks end as their instructions
        // checked one by one do, failures and running out of gas included.
        let one_by_one = std::panic::catch_unwind(|| self.run(Mode::CheckedTraced(budget)))
            .map_err(|_| "panicked checked and traced".to_string())?;
        if one_by_one != checked {
            return Err(format!("checked {checked:?}, one by one {one_by_one:?}"));
        }
        let kind = match &metered.0 {
            Ok(_) => "completed".to_string(),
            Err(e) => e.split(' ').next().unwrap_or_default().to_string(),
        };
        if kind != "OUT_OF_GAS" {
            let unmetered = std::panic::catch_unwind(|| self.run(Mode::Unmetered))
                .map_err(|_| "panicked unmetered".to_string())?;
            if unmetered != metered {
                return Err(format!("metered {metered:?}, unmetered {unmetered:?}"));
            }
        }
        Ok(kind)
    }

    /// Publishes through the verifier and runs metered: `None` when the verifier rejects a
    /// module, else whether the run tripped one of the interpreter's own consistency checks
    /// (with the error).
    pub(crate) fn verified_trips_a_check(&self, budget: u64) -> Option<Result<(), String>> {
        let verified = self.run(Mode::Verified(budget));
        if verified.0.as_ref().is_err_and(|e| e.starts_with("publish")) {
            return None;
        }
        // Verified code never fails the runtime type checks: with them on, the same outcome.
        let checked = self.run(Mode::VerifiedChecked(budget));
        if checked != verified {
            return Some(Err(format!("unchecked {verified:?}, checked {checked:?}")));
        }
        let Err(e) = verified.0 else {
            return Some(Ok(()));
        };
        let status = e.split(' ').next().unwrap_or_default();
        Some(
            if matches!(
                status,
                "UNKNOWN_INVARIANT_VIOLATION_ERROR"
                    | "INTERNAL_TYPE_ERROR"
                    | "EMPTY_VALUE_STACK"
                    | "UNREACHABLE"
            ) {
                Err(e)
            } else {
                Ok(())
            },
        )
    }
}

/// What a mutation test saw: outcomes by kind, how many mutants the verifier accepted, and
/// the failures.
#[derive(Default)]
pub(crate) struct Tally {
    outcomes: std::collections::BTreeMap<String, usize>,
    verified: usize,
    failures: Vec<String>,
}

impl Tally {
    /// Runs [`Call::check_loops`] and records the outcome under `label`.
    pub(crate) fn loops(&mut self, label: &str, call: &Call<'_>, budget: u64) {
        match call.check_loops(budget) {
            Ok(kind) => *self.outcomes.entry(kind).or_insert(0) += 1,
            Err(e) => self.failures.push(format!("{label}: {e}")),
        }
    }

    /// Runs [`Call::verified_trips_a_check`] and records the outcome under `label`.
    pub(crate) fn verified(&mut self, label: &str, call: &Call<'_>, budget: u64) {
        match call.verified_trips_a_check(budget) {
            None => {}
            Some(result) => {
                self.verified += 1;
                if let Err(e) = result {
                    self.failures.push(format!("{label} verified: {e}"));
                }
            }
        }
    }

    /// Prints the tally and asserts: no failure, at least `min_completed` mutants ran to the
    /// end (or the test exercised only error paths), at least `min_verified` verified.
    pub(crate) fn assert(&self, rounds: usize, min_completed: usize, min_verified: usize) {
        eprintln!(
            "{rounds} mutants ({} verified): {:#?}",
            self.verified, self.outcomes
        );
        assert!(self.failures.is_empty(), "{:#?}", self.failures);
        let completed = self.outcomes.get("completed").copied().unwrap_or(0);
        assert!(
            completed >= min_completed,
            "only {completed} of {rounds} mutants ran to the end"
        );
        assert!(
            self.verified >= min_verified,
            "only {} of {rounds} mutants verified",
            self.verified
        );
    }
}
