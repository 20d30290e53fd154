//! Instruction consistency: the generic form of an instruction must name a generic struct or
//! function, the plain form a non-generic one (`GENERIC_MEMBER_OPCODE_MISMATCH`), closure masks
//! must only capture existing parameters (`INVALID_CLOSURE_MASK`), and `VecPack`/`VecUnpack`
//! counts must fit in 16 bits. Errors carry the offset but no definition index.

use crate::error::{err_offset, VResult};
use crate::view::Binary;
use tern_binary::*;
use tern_primitives::StatusCode;

/// Checks every code unit of a module or script (without its location).
pub(crate) fn verify(binary: Binary<'_>) -> VResult<()> {
    match binary {
        Binary::Module(m) => {
            for (idx, def) in m.function_defs.iter().enumerate() {
                if let Some(code) = &def.code {
                    check(binary, crate::error::idx_u16(idx), &code.code)?;
                }
            }
            Ok(())
        }
        Binary::Script(s) => check(binary, 0, &s.code.code),
    }
}

fn check(binary: Binary<'_>, function: u16, code: &[Bytecode]) -> VResult<()> {
    for (offset, instr) in code.iter().enumerate() {
        let pc = crate::error::idx_u16(offset);
        let at = Site {
            binary,
            function,
            pc,
        };
        check_instr(&at, instr)?;
    }
    Ok(())
}

struct Site<'a> {
    binary: Binary<'a>,
    function: u16,
    pc: u16,
}

impl Site<'_> {
    fn mismatch(&self) -> tern_primitives::VmError {
        err_offset(
            StatusCode::GENERIC_MEMBER_OPCODE_MISMATCH,
            self.function,
            self.pc,
        )
    }

    fn struct_op(&self, def: StructDefinitionIndex, generic: bool) -> VResult<()> {
        let def = self.binary.struct_def(def)?;
        let handle = self.binary.struct_handle(def.struct_handle)?;
        if handle.type_parameters.is_empty() == generic {
            return Err(self.mismatch());
        }
        Ok(())
    }

    fn field_op(&self, handle: FieldHandleIndex, generic: bool) -> VResult<()> {
        self.struct_op(self.binary.field_handle(handle)?.owner, generic)
    }

    fn variant_field_op(&self, handle: VariantFieldHandleIndex, generic: bool) -> VResult<()> {
        self.struct_op(
            self.binary.variant_field_handle(handle)?.struct_index,
            generic,
        )
    }

    fn variant_op(&self, handle: StructVariantHandleIndex, generic: bool) -> VResult<()> {
        self.struct_op(
            self.binary.struct_variant_handle(handle)?.struct_index,
            generic,
        )
    }

    fn enum_op(&self, def: EnumDefinitionIndex, generic: bool) -> VResult<()> {
        let def = self.binary.enum_def(def)?;
        let handle = self.binary.struct_handle(def.enum_handle)?;
        if handle.type_parameters.is_empty() == generic {
            return Err(self.mismatch());
        }
        Ok(())
    }

    fn function_op(&self, handle: FunctionHandleIndex, generic: bool) -> VResult<()> {
        let handle = self.binary.function_handle(handle)?;
        if handle.type_parameters.is_empty() == generic {
            return Err(self.mismatch());
        }
        Ok(())
    }

    fn closure_mask(&self, handle: FunctionHandleIndex, mask: ClosureMask) -> VResult<()> {
        let handle = self.binary.function_handle(handle)?;
        let params = self.binary.sig(handle.parameters)?.len();
        if mask.0 != 0 {
            let highest = 63usize.saturating_sub(mask.0.leading_zeros() as usize);
            if highest >= params {
                return Err(err_offset(
                    StatusCode::INVALID_CLOSURE_MASK,
                    self.function,
                    self.pc,
                ));
            }
        }
        Ok(())
    }
}

fn check_instr(at: &Site<'_>, instr: &Bytecode) -> VResult<()> {
    use Bytecode as B;
    let b = at.binary;
    match instr {
        B::MutBorrowField(h) | B::ImmBorrowField(h) => at.field_op(*h, false),
        B::MutBorrowFieldGeneric(i) | B::ImmBorrowFieldGeneric(i) => {
            at.field_op(b.field_inst(*i)?.handle, true)
        }
        B::MutBorrowVariantField(h) | B::ImmBorrowVariantField(h) => at.variant_field_op(*h, false),
        B::MutBorrowVariantFieldGeneric(i) | B::ImmBorrowVariantFieldGeneric(i) => {
            at.variant_field_op(b.variant_field_inst(*i)?.handle, true)
        }
        B::Call(h) => at.function_op(*h, false),
        B::CallGeneric(i) => at.function_op(b.function_inst(*i)?.handle, true),
        B::PackClosure(h, mask) => {
            at.function_op(*h, false)?;
            at.closure_mask(*h, *mask)
        }
        B::PackClosureGeneric(i, mask) => {
            let handle = b.function_inst(*i)?.handle;
            at.function_op(handle, true)?;
            at.closure_mask(handle, *mask)
        }
        B::Pack(d) | B::Unpack(d) | B::MutBorrowGlobal(d) | B::ImmBorrowGlobal(d) => {
            at.struct_op(*d, false)
        }
        B::Exists(d) | B::MoveFrom(d) | B::MoveTo(d) => at.struct_op(*d, false),
        B::PackGeneric(i)
        | B::UnpackGeneric(i)
        | B::MutBorrowGlobalGeneric(i)
        | B::ImmBorrowGlobalGeneric(i)
        | B::ExistsGeneric(i)
        | B::MoveFromGeneric(i)
        | B::MoveToGeneric(i) => at.struct_op(b.struct_inst(*i)?.def, true),
        B::PackVariant(h) | B::UnpackVariant(h) | B::TestVariant(h) => at.variant_op(*h, false),
        B::PackVariantGeneric(i) | B::UnpackVariantGeneric(i) | B::TestVariantGeneric(i) => {
            at.variant_op(b.struct_variant_inst(*i)?.handle, true)
        }
        B::SuiPackVariant(h)
        | B::SuiUnpackVariant(h)
        | B::SuiUnpackVariantImmRef(h)
        | B::SuiUnpackVariantMutRef(h) => at.enum_op(b.sui_variant_handle(*h)?.enum_def, false),
        B::SuiPackVariantGeneric(i)
        | B::SuiUnpackVariantGeneric(i)
        | B::SuiUnpackVariantGenericImmRef(i)
        | B::SuiUnpackVariantGenericMutRef(i) => {
            let inst = b.enum_inst(b.sui_variant_inst(*i)?.enum_def)?;
            at.enum_op(inst.def, true)
        }
        B::VecPack(_, n) | B::VecUnpack(_, n) if *n > u64::from(u16::MAX) => {
            Err(
                err_offset(StatusCode::CONSTRAINT_NOT_SATISFIED, at.function, at.pc)
                    .with_message("VecPack/VecUnpack argument out of range"),
            )
        }
        B::VecPack(..)
        | B::VecUnpack(..)
        | B::Pop
        | B::Ret
        | B::BrTrue(_)
        | B::BrFalse(_)
        | B::Branch(_)
        | B::LdU8(_)
        | B::LdU16(_)
        | B::LdU32(_)
        | B::LdU64(_)
        | B::LdU128(_)
        | B::LdU256(_)
        | B::LdI8(_)
        | B::LdI16(_)
        | B::LdI32(_)
        | B::LdI64(_)
        | B::LdI128(_)
        | B::LdI256(_)
        | B::LdConst(_)
        | B::LdTrue
        | B::LdFalse
        | B::CopyLoc(_)
        | B::MoveLoc(_)
        | B::StLoc(_)
        | B::MutBorrowLoc(_)
        | B::ImmBorrowLoc(_)
        | B::ReadRef
        | B::WriteRef
        | B::FreezeRef
        | B::Add
        | B::Sub
        | B::Mul
        | B::Mod
        | B::Div
        | B::BitOr
        | B::BitAnd
        | B::Xor
        | B::Or
        | B::And
        | B::Not
        | B::Eq
        | B::Neq
        | B::Lt
        | B::Gt
        | B::Le
        | B::Ge
        | B::Shl
        | B::Shr
        | B::Abort
        | B::AbortMsg
        | B::Nop
        | B::CastU8
        | B::CastU16
        | B::CastU32
        | B::CastU64
        | B::CastU128
        | B::CastU256
        | B::CastI8
        | B::CastI16
        | B::CastI32
        | B::CastI64
        | B::CastI128
        | B::CastI256
        | B::Negate
        | B::VecLen(_)
        | B::VecImmBorrow(_)
        | B::VecMutBorrow(_)
        | B::VecPushBack(_)
        | B::VecPopBack(_)
        | B::VecSwap(_)
        | B::CallClosure(_)
        | B::VariantSwitch(_) => Ok(()),
    }
}
