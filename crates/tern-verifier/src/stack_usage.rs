//! Stack usage: every basic block (reachable or not) leaves the operand stack as it found it,
//! never pops below its starting height, pushes at most `max_push_size` values and never grows
//! above `max_value_stack_size`. Errors point at the block's first instruction.

use crate::absint::FunctionView;
use crate::config::VerifierConfig;
use crate::error::{err_offset, VResult};
use crate::view::Binary;
use tern_binary::{Bytecode, SignatureToken, StructDefinition, StructFieldInformation};
use tern_primitives::StatusCode;

/// Checks every block of the function.
pub(crate) fn verify(
    config: &VerifierConfig,
    binary: Binary<'_>,
    view: &FunctionView<'_>,
) -> VResult<()> {
    for block in &view.cfg.blocks {
        verify_block(config, binary, view, block.start, block.end)?;
    }
    Ok(())
}

fn verify_block(
    config: &VerifierConfig,
    binary: Binary<'_>,
    view: &FunctionView<'_>,
    start: u16,
    end: u16,
) -> VResult<()> {
    let fail = |status| err_offset(status, view.function(), start);
    let max_push = config.max_push_size.map(|m| m as u64);
    let mut height: u64 = 0;
    let mut pushes: u64 = 0;
    for pc in start..=end {
        let Some(instr) = view.code.get(usize::from(pc)) else {
            break;
        };
        let (pops, push) = effect(binary, view, instr)?;
        pushes = pushes
            .checked_add(push)
            .ok_or_else(|| fail(StatusCode::VALUE_STACK_PUSH_OVERFLOW))?;
        if max_push.is_some_and(|m| pushes > m) {
            return Err(fail(StatusCode::VALUE_STACK_PUSH_OVERFLOW));
        }
        height = height
            .checked_sub(pops)
            .ok_or_else(|| fail(StatusCode::NEGATIVE_STACK_SIZE_WITHIN_BLOCK))?;
        height = height
            .checked_add(push)
            .ok_or_else(|| fail(StatusCode::POSITIVE_STACK_SIZE_AT_BLOCK_END))?;
        if height > config.max_value_stack_size as u64 {
            return Err(fail(StatusCode::VALUE_STACK_OVERFLOW));
        }
    }
    if height != 0 {
        return Err(fail(StatusCode::POSITIVE_STACK_SIZE_AT_BLOCK_END));
    }
    Ok(())
}

fn field_count(def: &StructDefinition, variant: Option<u16>) -> u64 {
    let n = match (&def.field_information, variant) {
        (StructFieldInformation::Declared(fields), None) => fields.len(),
        (StructFieldInformation::DeclaredVariants(vs), Some(v)) => {
            vs.get(usize::from(v)).map_or(0, |v| v.fields.len())
        }
        _ => 0,
    };
    n as u64
}

fn len_u64(n: usize) -> u64 {
    n as u64
}

/// `(pops, pushes)` of an instruction.
fn effect(binary: Binary<'_>, view: &FunctionView<'_>, instr: &Bytecode) -> VResult<(u64, u64)> {
    use Bytecode as B;
    Ok(match instr {
        B::Pop | B::BrTrue(_) | B::BrFalse(_) | B::StLoc(_) | B::Abort => (1, 0),
        B::LdU8(_) | B::LdU16(_) | B::LdU32(_) | B::LdU64(_) | B::LdU128(_) | B::LdU256(_) => {
            (0, 1)
        }
        B::LdI8(_) | B::LdI16(_) | B::LdI32(_) | B::LdI64(_) | B::LdI128(_) | B::LdI256(_) => {
            (0, 1)
        }
        B::LdTrue | B::LdFalse | B::LdConst(_) | B::CopyLoc(_) | B::MoveLoc(_) => (0, 1),
        B::MutBorrowLoc(_) | B::ImmBorrowLoc(_) => (0, 1),
        B::Not | B::Negate | B::FreezeRef | B::ReadRef => (1, 1),
        B::Exists(_) | B::ExistsGeneric(_) | B::MoveFrom(_) | B::MoveFromGeneric(_) => (1, 1),
        B::MutBorrowGlobal(_)
        | B::MutBorrowGlobalGeneric(_)
        | B::ImmBorrowGlobal(_)
        | B::ImmBorrowGlobalGeneric(_) => (1, 1),
        B::MutBorrowField(_)
        | B::MutBorrowFieldGeneric(_)
        | B::ImmBorrowField(_)
        | B::ImmBorrowFieldGeneric(_)
        | B::MutBorrowVariantField(_)
        | B::MutBorrowVariantFieldGeneric(_)
        | B::ImmBorrowVariantField(_)
        | B::ImmBorrowVariantFieldGeneric(_) => (1, 1),
        B::TestVariant(_) | B::TestVariantGeneric(_) => (1, 1),
        B::CastU8 | B::CastU16 | B::CastU32 | B::CastU64 | B::CastU128 | B::CastU256 => (1, 1),
        B::CastI8 | B::CastI16 | B::CastI32 | B::CastI64 | B::CastI128 | B::CastI256 => (1, 1),
        B::VecLen(_) | B::VecPopBack(_) => (1, 1),
        B::Add | B::Sub | B::Mul | B::Mod | B::Div | B::BitOr | B::BitAnd | B::Xor => (2, 1),
        B::Shl | B::Shr | B::Or | B::And | B::Eq | B::Neq => (2, 1),
        B::Lt | B::Gt | B::Le | B::Ge => (2, 1),
        B::VecPack(_, n) => (*n, 1),
        B::VecUnpack(_, n) => (1, *n),
        B::VecImmBorrow(_) | B::VecMutBorrow(_) => (2, 1),
        B::MoveTo(_) | B::MoveToGeneric(_) | B::WriteRef | B::VecPushBack(_) | B::AbortMsg => {
            (2, 0)
        }
        B::VecSwap(_) => (3, 0),
        B::Branch(_) | B::Nop => (0, 0),
        B::Ret => (len_u64(view.returns.len()), 0),
        B::Call(h) => call_effect(binary, *h)?,
        B::CallGeneric(i) => call_effect(binary, binary.function_inst(*i)?.handle)?,
        B::CallClosure(sig) => match binary.sig(*sig)?.0.first() {
            Some(SignatureToken::Function(args, results, _)) => (
                len_u64(args.len()).saturating_add(1),
                len_u64(results.len()),
            ),
            _ => (0, 0),
        },
        B::PackClosure(_, mask) | B::PackClosureGeneric(_, mask) => {
            (u64::from(mask.captured_count()), 1)
        }
        B::Pack(d) => (field_count(binary.struct_def(*d)?, None), 1),
        B::PackGeneric(i) => {
            let def = binary.struct_def(binary.struct_inst(*i)?.def)?;
            (field_count(def, None), 1)
        }
        B::Unpack(d) => (1, field_count(binary.struct_def(*d)?, None)),
        B::UnpackGeneric(i) => {
            let def = binary.struct_def(binary.struct_inst(*i)?.def)?;
            (1, field_count(def, None))
        }
        B::PackVariant(h) => (variant_fields(binary, *h)?, 1),
        B::PackVariantGeneric(i) => (
            variant_fields(binary, binary.struct_variant_inst(*i)?.handle)?,
            1,
        ),
        B::UnpackVariant(h) => (1, variant_fields(binary, *h)?),
        B::UnpackVariantGeneric(i) => (
            1,
            variant_fields(binary, binary.struct_variant_inst(*i)?.handle)?,
        ),
        B::SuiPackVariant(h) => (len_u64(binary.sui_variant(*h)?.1.fields.len()), 1),
        B::SuiPackVariantGeneric(i) => (
            len_u64(binary.sui_variant_instantiated(*i)?.1.fields.len()),
            1,
        ),
        B::SuiUnpackVariant(h) | B::SuiUnpackVariantImmRef(h) | B::SuiUnpackVariantMutRef(h) => {
            (1, len_u64(binary.sui_variant(*h)?.1.fields.len()))
        }
        B::SuiUnpackVariantGeneric(i)
        | B::SuiUnpackVariantGenericImmRef(i)
        | B::SuiUnpackVariantGenericMutRef(i) => (
            1,
            len_u64(binary.sui_variant_instantiated(*i)?.1.fields.len()),
        ),
        B::VariantSwitch(_) => (1, 0),
    })
}

fn call_effect(
    binary: Binary<'_>,
    handle: tern_binary::FunctionHandleIndex,
) -> VResult<(u64, u64)> {
    let handle = binary.function_handle(handle)?;
    Ok((
        len_u64(binary.sig(handle.parameters)?.len()),
        len_u64(binary.sig(handle.return_)?.len()),
    ))
}

fn variant_fields(
    binary: Binary<'_>,
    handle: tern_binary::StructVariantHandleIndex,
) -> VResult<u64> {
    let handle = binary.struct_variant_handle(handle)?;
    let def = binary.struct_def(handle.struct_index)?;
    Ok(field_count(def, Some(handle.variant)))
}
