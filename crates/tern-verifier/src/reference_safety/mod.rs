//! Reference safety: no dangling references, no mutation through a reference while it is
//! borrowed, no reading through a mutable reference while it is mutably borrowed, no reference
//! to a local or global escaping the function, no global borrowed while a callee acquires it or
//! it is moved out. Flow-sensitive over the control-flow graph with a borrow graph.

mod borrow_graph;
mod state;

use crate::absint::{analyze, FunctionView, Transfer};
use crate::error::{crash, invariant, VResult};
use crate::meter::{Meter, Scope};
use crate::view::Binary;
use rustc_hash::FxHashMap;
use state::{State, Value, Values, STEP_BASE_COST, STEP_PER_GRAPH_ITEM_COST, STEP_PER_LOCAL_COST};
use tern_binary::*;

/// Checks the function; `name_to_def` maps the names of this module's functions to their
/// definitions (to find what a local callee acquires).
pub(crate) fn verify(
    binary: Binary<'_>,
    view: &FunctionView<'_>,
    name_to_def: &FxHashMap<IdentifierIndex, usize>,
    meter: &mut Meter,
) -> VResult<()> {
    let sui = view.flavor == tern_primitives::Flavor::Sui;
    let initial = State::new(view.function(), &view.parameters.0, view.local_count(), sui);
    let mut analysis = ReferenceSafety {
        binary,
        returns: view.returns,
        name_to_def,
        stack: Vec::new(),
        metering: meter.enabled(),
    };
    analyze(&mut analysis, initial, view, meter)
}

struct ReferenceSafety<'a, 'n> {
    binary: Binary<'a>,
    returns: &'a Signature,
    name_to_def: &'n FxHashMap<IdentifierIndex, usize>,
    stack: Vec<Value>,
    metering: bool,
}

impl ReferenceSafety<'_, '_> {
    fn pop(&mut self) -> VResult<Value> {
        self.stack
            .pop()
            .ok_or_else(|| invariant("reference safety: empty stack"))
    }

    fn pop_ref(&mut self) -> VResult<RefIdOf> {
        self.pop()?
            .ref_id()
            .ok_or_else(|| invariant("reference safety: expected a reference"))
    }

    fn pop_value(&mut self) -> VResult<()> {
        match self.pop()? {
            Value::NonRef => Ok(()),
            Value::Ref(_) => Err(invariant("reference safety: expected a value")),
        }
    }

    /// What a call to `handle` acquires (ascending, without repetitions): the acquires list
    /// of the definition of this module with the same name, if the handle is that
    /// definition's handle.
    fn acquires(&self, handle: &FunctionHandle) -> VResult<Values<u16>> {
        let mut out = Values::new();
        let Some(&def_idx) = self.name_to_def.get(&handle.name) else {
            return Ok(out);
        };
        let def = self.binary.function_defs().get(def_idx).ok_or_else(crash)?;
        if self.binary.function_handle(def.function)? == handle {
            out.extend(def.acquires_global_resources.iter().map(|d| d.0));
            out.sort_unstable();
            out.dedup();
        }
        Ok(out)
    }

    fn call(
        &mut self,
        state: &mut State,
        pc: u16,
        handle: FunctionHandleIndex,
        meter: &mut Meter,
    ) -> VResult<()> {
        let handle = self.binary.function_handle(handle)?;
        let count = self.binary.sig(handle.parameters)?.len();
        let args = self.pop_n(count)?;
        let acquires = self.acquires(handle)?;
        let results = &self.binary.sig(handle.return_)?.0;
        let values = state.call(pc, args, &acquires, results, meter)?;
        self.stack.extend(values);
        Ok(())
    }

    fn pop_n(&mut self, n: usize) -> VResult<Values<Value>> {
        let at = self
            .stack
            .len()
            .checked_sub(n)
            .ok_or_else(|| invariant("reference safety: empty stack"))?;
        Ok(self.stack.drain(at..).collect())
    }
}

type RefIdOf = borrow_graph::RefId;

impl Transfer for ReferenceSafety<'_, '_> {
    type State = State;

    fn execute(
        &mut self,
        state: &mut State,
        instr: &Bytecode,
        pc: CodeOffset,
        last: CodeOffset,
        meter: &mut Meter,
    ) -> VResult<()> {
        if self.metering {
            // One charge for the three per-step items (fails exactly when they would).
            let items =
                |per: u128, n: usize| per.saturating_mul(u128::try_from(n).unwrap_or(u128::MAX));
            let units = STEP_BASE_COST
                .saturating_add(items(STEP_PER_LOCAL_COST, state.local_count()))
                .saturating_add(items(STEP_PER_GRAPH_ITEM_COST, state.graph_size()));
            meter.add(Scope::Function, units)?;
        }
        execute_instr(self, state, instr, pc, meter)?;
        if pc == last {
            if !self.stack.is_empty() {
                return Err(invariant("reference safety: stack not empty at block end"));
            }
            state.canonicalize();
        }
        Ok(())
    }
}

mod instr;
use instr::execute_instr;
