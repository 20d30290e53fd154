//! Locals safety: a local is read (`copy_loc`, `move_loc`, `borrow_loc`) only when it surely
//! holds a value, a value without `drop` is never overwritten, and no value without `drop` is
//! left in a local at `ret`. Flow-sensitive over the control-flow graph: a local assigned on only
//! some paths is "maybe available".

use crate::absint::{analyze, Domain, FunctionView, Transfer};
use crate::error::{crash, err_offset, VResult};
use crate::meter::{Meter, Scope};
use crate::view::Binary;
use tern_binary::{Bytecode, CodeOffset};
use tern_primitives::{Ability, AbilitySet, StatusCode};

const STEP_BASE_COST: u128 = 15;
const RET_PER_LOCAL_COST: u128 = 30;
const JOIN_BASE_COST: u128 = 10;
const JOIN_PER_LOCAL_COST: u128 = 5;

/// Assignment state of one local.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Local {
    Unavailable,
    MaybeAvailable,
    Available,
}

#[derive(Debug)]
struct State {
    locals: smallvec::SmallVec<[Local; 32]>,
}

impl Clone for State {
    fn clone(&self) -> State {
        State {
            locals: smallvec::SmallVec::from_slice(&self.locals),
        }
    }
}

impl Domain for State {
    fn join(&mut self, other: &Self, meter: &mut Meter) -> VResult<bool> {
        meter.add(Scope::Function, JOIN_BASE_COST)?;
        meter.add_items(Scope::Function, JOIN_PER_LOCAL_COST, other.locals.len())?;
        let mut changed = false;
        for (mine, theirs) in self.locals.iter_mut().zip(&other.locals) {
            let joined = match (*mine, *theirs) {
                (Local::Unavailable, Local::Unavailable) => Local::Unavailable,
                (Local::Available, Local::Available) => Local::Available,
                _ => Local::MaybeAvailable,
            };
            if joined != *mine {
                *mine = joined;
                changed = true;
            }
        }
        Ok(changed)
    }
}

struct LocalsSafety {
    function: u16,
    abilities: Vec<AbilitySet>,
}

/// Checks the function.
pub(crate) fn verify(
    binary: Binary<'_>,
    view: &FunctionView<'_>,
    meter: &mut Meter,
) -> VResult<()> {
    let params = view.parameters.len();
    let mut abilities = Vec::with_capacity(view.local_count());
    for ty in view.parameters.0.iter().chain(&view.locals.0) {
        abilities.push(binary.abilities(ty, view.type_parameters)?);
    }
    let locals = (0..view.local_count())
        .map(|i| {
            if i < params {
                Local::Available
            } else {
                Local::Unavailable
            }
        })
        .collect();
    let mut analysis = LocalsSafety {
        function: view.function(),
        abilities,
    };
    analyze(&mut analysis, State { locals }, view, meter)
}

impl LocalsSafety {
    fn drops(&self, idx: u8) -> VResult<bool> {
        let abilities = self.abilities.get(usize::from(idx)).ok_or_else(crash)?;
        Ok(abilities.has(Ability::Drop))
    }
}

fn local(state: &State, idx: u8) -> VResult<Local> {
    state
        .locals
        .get(usize::from(idx))
        .copied()
        .ok_or_else(crash)
}

fn set(state: &mut State, idx: u8, value: Local) {
    if let Some(slot) = state.locals.get_mut(usize::from(idx)) {
        *slot = value;
    }
}

impl Transfer for LocalsSafety {
    type State = State;

    fn execute(
        &mut self,
        state: &mut State,
        instr: &Bytecode,
        pc: CodeOffset,
        _last: CodeOffset,
        meter: &mut Meter,
    ) -> VResult<()> {
        meter.add(Scope::Function, STEP_BASE_COST)?;
        let error = |status| err_offset(status, self.function, pc);
        match instr {
            Bytecode::StLoc(idx) => {
                let current = local(state, *idx)?;
                if current != Local::Unavailable && !self.drops(*idx)? {
                    return Err(error(StatusCode::STLOC_UNSAFE_TO_DESTROY_ERROR));
                }
                set(state, *idx, Local::Available);
            }
            Bytecode::MoveLoc(idx) => match local(state, *idx)? {
                Local::Available => set(state, *idx, Local::Unavailable),
                _ => return Err(error(StatusCode::MOVELOC_UNAVAILABLE_ERROR)),
            },
            Bytecode::CopyLoc(idx) if local(state, *idx)? != Local::Available => {
                return Err(error(StatusCode::COPYLOC_UNAVAILABLE_ERROR));
            }
            Bytecode::MutBorrowLoc(idx) | Bytecode::ImmBorrowLoc(idx)
                if local(state, *idx)? != Local::Available =>
            {
                return Err(error(StatusCode::BORROWLOC_UNAVAILABLE_ERROR));
            }
            Bytecode::Ret => {
                meter.add_items(Scope::Function, RET_PER_LOCAL_COST, state.locals.len())?;
                for (value, abilities) in state.locals.iter().zip(&self.abilities) {
                    if *value != Local::Unavailable && !abilities.has(Ability::Drop) {
                        return Err(error(StatusCode::UNSAFE_RET_UNUSED_VALUES_WITHOUT_DROP));
                    }
                }
            }
            _ => {}
        }
        Ok(())
    }
}
