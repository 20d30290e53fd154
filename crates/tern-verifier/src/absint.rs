//! The abstract interpreter shared by locals safety and reference safety: blocks are visited in
//! the graph's traversal order; a block's post-state is joined into each successor's pre-state,
//! and when loop heads change (through back edges) the analysis resumes from the earliest of
//! them in traversal order. Sui's driver differs in one step: it resumes from the first loop
//! head whose state changed, without joining into the successors after it. Analysis stops at
//! the first error.

use crate::cfg::Cfg;
use crate::error::VResult;
use crate::meter::Meter;
use tern_binary::{Bytecode, CodeOffset, Signature};
use tern_primitives::AbilitySet;

/// What the code-unit passes need to know about the function being verified.
pub(crate) struct FunctionView<'a> {
    /// The definition index (`None` for a script).
    pub(crate) index: Option<u16>,
    /// The instructions.
    pub(crate) code: &'a [Bytecode],
    /// The jump tables of a Sui code unit (empty otherwise).
    pub(crate) jump_tables: &'a [tern_binary::VariantJumpTable],
    /// The parameter types.
    pub(crate) parameters: &'a Signature,
    /// The types of the other locals.
    pub(crate) locals: &'a Signature,
    /// The return types.
    pub(crate) returns: &'a Signature,
    /// The type-parameter constraints.
    pub(crate) type_parameters: &'a [AbilitySet],
    /// The control-flow graph.
    pub(crate) cfg: Cfg,
    /// The binary's flavor (Sui's analysis driver differs in one step, see [`analyze`]).
    pub(crate) flavor: tern_primitives::Flavor,
}

impl FunctionView<'_> {
    /// The definition index errors report (0 for a script).
    pub(crate) fn function(&self) -> u16 {
        self.index.unwrap_or(0)
    }

    /// The type of local `i` (parameters first).
    pub(crate) fn local_type(&self, i: u8) -> Option<&tern_binary::SignatureToken> {
        let i = usize::from(i);
        let params = &self.parameters.0;
        match params.get(i) {
            Some(t) => Some(t),
            None => self.locals.0.get(i.saturating_sub(params.len())),
        }
    }

    /// Number of locals (parameters included).
    pub(crate) fn local_count(&self) -> usize {
        self.parameters.len().saturating_add(self.locals.len())
    }
}

/// A finite-height abstract domain.
pub(crate) trait Domain: Clone {
    /// Joins `other` into `self`; true if `self` changed.
    fn join(&mut self, other: &Self, meter: &mut Meter) -> VResult<bool>;
}

/// Transfer functions of one analysis.
pub(crate) trait Transfer {
    /// The abstract state.
    type State: Domain;

    /// Executes `instr` at `index`; `last` is the block's last index.
    fn execute(
        &mut self,
        state: &mut Self::State,
        instr: &Bytecode,
        index: CodeOffset,
        last: CodeOffset,
        meter: &mut Meter,
    ) -> VResult<()>;
}

/// Runs the analysis over the function from `initial`.
pub(crate) fn analyze<T: Transfer>(
    analysis: &mut T,
    initial: T::State,
    view: &FunctionView<'_>,
    meter: &mut Meter,
) -> VResult<()> {
    let cfg = &view.cfg;
    let sui = view.flavor == tern_primitives::Flavor::Sui;
    let mut pre: Vec<Option<T::State>> = vec![None; cfg.num_blocks()];
    let entry = cfg.entry();
    if let Some(slot) = cfg.position(entry).and_then(|p| pre.get_mut(p)) {
        *slot = Some(initial);
    }
    let mut next = Some(entry);
    while let Some(block_id) = next {
        let Some(state) = cfg
            .position(block_id)
            .and_then(|p| pre.get(p))
            .cloned()
            .flatten()
        else {
            next = cfg.next_block(block_id);
            continue;
        };
        let mut post = Some(execute_block(analysis, block_id, state, view, meter)?);
        let mut candidate = cfg.next_block(block_id);
        let successors = cfg.successors(block_id);
        for (i, &succ) in successors.iter().enumerate() {
            let Some(slot) = cfg.position(succ).and_then(|p| pre.get_mut(p)) else {
                continue;
            };
            let Some(current) = post.as_ref() else { break };
            match slot {
                Some(old) => {
                    let earlier = candidate
                        .is_none_or(|c| cfg.traversal_index(succ) < cfg.traversal_index(c));
                    if old.join(current, meter)? && cfg.is_back_edge(block_id, succ) {
                        if sui {
                            candidate = Some(succ);
                            break;
                        }
                        if earlier {
                            candidate = Some(succ);
                        }
                    }
                }
                // The last successor can take the state itself.
                None if i.saturating_add(1) == successors.len() => *slot = post.take(),
                None => *slot = Some(current.clone()),
            }
        }
        next = candidate;
    }
    Ok(())
}

fn execute_block<T: Transfer>(
    analysis: &mut T,
    block_id: CodeOffset,
    mut state: T::State,
    view: &FunctionView<'_>,
    meter: &mut Meter,
) -> VResult<T::State> {
    let Some(block) = view.cfg.block(block_id) else {
        return Ok(state);
    };
    let (start, end) = (block.start, block.end);
    for pc in start..=end {
        if let Some(instr) = view.code.get(usize::from(pc)) {
            analysis.execute(&mut state, instr, pc, end, meter)?;
        }
    }
    Ok(state)
}
