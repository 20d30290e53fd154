//! Type safety: every instruction of every block (reachable or not, in block order) finds
//! operands of the right types on the abstract stack and pushes its results. Integer operations
//! need equal integer types; `bit_and`, `bit_or`, `xor`, `shl` and `shr` only accept unsigned
//! integers and `negate` only signed ones (`INTEGER_OP_TYPE_MISMATCH_ERROR`). Values flow by
//! equality of types, except that a function value with more abilities may be used where fewer
//! are expected. Each pushed type is metered by its number of nodes.

mod ops;
mod ops_global;
mod ops_sui;

use crate::absint::FunctionView;
use crate::error::{crash, err_offset, invariant, VResult};
use crate::meter::{Meter, Scope};
use crate::view::Binary;
use std::borrow::Cow;
use tern_binary::SignatureToken;
use tern_primitives::{AbilitySet, StatusCode, VmError};

/// Units charged per node of a type pushed on the abstract stack.
const TYPE_NODE_COST: u128 = 30;

/// A type on the abstract stack: borrowed from the binary when possible.
pub(crate) type Ty<'a> = Cow<'a, SignatureToken>;

/// The checker's state while walking one function.
pub(crate) struct TypeSafety<'a, 'm> {
    binary: Binary<'a>,
    view: &'a FunctionView<'a>,
    stack: Vec<Ty<'a>>,
    meter: &'m mut Meter,
    metering: bool,
}

/// Checks every instruction of the function.
pub(crate) fn verify(
    binary: Binary<'_>,
    view: &FunctionView<'_>,
    meter: &mut Meter,
) -> VResult<()> {
    let metering = meter.enabled();
    let mut checker = TypeSafety {
        binary,
        view,
        stack: Vec::new(),
        meter,
        metering,
    };
    for block in &view.cfg.blocks {
        for pc in block.start..=block.end {
            let Some(instr) = view.code.get(usize::from(pc)) else {
                break;
            };
            ops::verify_instr(&mut checker, instr, pc)?;
        }
    }
    Ok(())
}

impl<'a> TypeSafety<'a, '_> {
    fn error(&self, status: StatusCode, pc: u16) -> VmError {
        err_offset(status, self.view.function(), pc)
    }

    fn pop(&mut self) -> VResult<Ty<'a>> {
        self.stack
            .pop()
            .ok_or_else(|| invariant("type safety: empty stack"))
    }

    fn charge(&mut self, ty: &SignatureToken) -> VResult<()> {
        if self.metering {
            let nodes = crate::view::node_count(ty);
            self.meter
                .add_items(Scope::Function, TYPE_NODE_COST, nodes)?;
        }
        Ok(())
    }

    fn charge_all(&mut self, tys: &[SignatureToken]) -> VResult<()> {
        for ty in tys {
            self.charge(ty)?;
        }
        Ok(())
    }

    fn push(&mut self, ty: SignatureToken) -> VResult<()> {
        self.push_ty(Cow::Owned(ty))
    }

    fn push_ty(&mut self, ty: Ty<'a>) -> VResult<()> {
        self.charge(&ty)?;
        self.stack.push(ty);
        Ok(())
    }

    fn abilities(&self, ty: &SignatureToken) -> VResult<AbilitySet> {
        self.binary.abilities(ty, self.view.type_parameters)
    }

    fn local(&self, idx: u8) -> VResult<&'a SignatureToken> {
        self.view.local_type(idx).ok_or_else(crash)
    }
}
