//! Instructions with operands chosen inside the tables of the module being generated.

use crate::index::*;
use crate::instruction::{Bytecode, ClosureMask, Opcode};
use tern_primitives::{I256, U256};

/// What an instruction's index operand points into.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OperandKind {
    /// No index operand (immediates are free).
    None,
    /// A local variable.
    Local,
    /// A branch target.
    Branch,
    /// The constant pool.
    Constant,
    /// Field handles.
    FieldHandle,
    /// Field instantiations.
    FieldInstantiation,
    /// Function handles.
    FunctionHandle,
    /// Function instantiations.
    FunctionInstantiation,
    /// Struct definitions.
    StructDefinition,
    /// Struct definition instantiations.
    StructDefInstantiation,
    /// Signatures.
    Signature,
    /// Variant field handles.
    VariantFieldHandle,
    /// Variant field instantiations.
    VariantFieldInstantiation,
    /// Struct variant handles.
    StructVariantHandle,
    /// Struct variant instantiations.
    StructVariantInstantiation,
}

/// The kind of the index operand of `op`.
pub fn operand_kind(op: Opcode) -> OperandKind {
    use OperandKind as K;
    match op as u8 {
        0x03..=0x05 => K::Branch,
        0x07 => K::Constant,
        0x0A..=0x0E => K::Local,
        0x0F | 0x10 => K::FieldHandle,
        0x11 | 0x58 => K::FunctionHandle,
        0x12 | 0x13 | 0x29..=0x2D => K::StructDefinition,
        0x36 | 0x37 => K::FieldInstantiation,
        0x38 | 0x59 => K::FunctionInstantiation,
        0x39..=0x3F => K::StructDefInstantiation,
        0x40..=0x47 | 0x5A => K::Signature,
        0x4E | 0x4F => K::VariantFieldHandle,
        0x50 | 0x51 => K::VariantFieldInstantiation,
        0x52 | 0x54 | 0x56 => K::StructVariantHandle,
        0x53 | 0x55 | 0x57 => K::StructVariantInstantiation,
        _ => K::None,
    }
}

/// Builds the instruction `op` with the given raw operands: `index` for every index operand
/// (truncated to `u8` for locals), `imm` for u64-sized immediates, counts and closure masks,
/// `wide` for the bytes of every other immediate.
pub fn instruction_with_operands(op: Opcode, index: u16, imm: u64, wide: [u8; 32]) -> Bytecode {
    use Bytecode as B;
    let local = index as u8;
    let mut b16 = [0u8; 16];
    b16.copy_from_slice(wide.get(..16).unwrap_or(&[0; 16]));
    let w128 = u128::from_le_bytes(b16);
    match op {
        Opcode::BrTrue => B::BrTrue(index),
        Opcode::BrFalse => B::BrFalse(index),
        Opcode::Branch => B::Branch(index),
        Opcode::LdU64 => B::LdU64(imm),
        Opcode::LdConst => B::LdConst(ConstantPoolIndex(index)),
        Opcode::CopyLoc => B::CopyLoc(local),
        Opcode::MoveLoc => B::MoveLoc(local),
        Opcode::StLoc => B::StLoc(local),
        Opcode::MutBorrowLoc => B::MutBorrowLoc(local),
        Opcode::ImmBorrowLoc => B::ImmBorrowLoc(local),
        Opcode::MutBorrowField => B::MutBorrowField(FieldHandleIndex(index)),
        Opcode::ImmBorrowField => B::ImmBorrowField(FieldHandleIndex(index)),
        Opcode::Call => B::Call(FunctionHandleIndex(index)),
        Opcode::Pack => B::Pack(StructDefinitionIndex(index)),
        Opcode::Unpack => B::Unpack(StructDefinitionIndex(index)),
        Opcode::Exists => B::Exists(StructDefinitionIndex(index)),
        Opcode::MutBorrowGlobal => B::MutBorrowGlobal(StructDefinitionIndex(index)),
        Opcode::ImmBorrowGlobal => B::ImmBorrowGlobal(StructDefinitionIndex(index)),
        Opcode::MoveFrom => B::MoveFrom(StructDefinitionIndex(index)),
        Opcode::MoveTo => B::MoveTo(StructDefinitionIndex(index)),
        Opcode::LdU8 => B::LdU8(wide[0]),
        Opcode::LdU128 => B::LdU128(Box::new(w128)),
        Opcode::MutBorrowFieldGeneric => B::MutBorrowFieldGeneric(FieldInstantiationIndex(index)),
        Opcode::ImmBorrowFieldGeneric => B::ImmBorrowFieldGeneric(FieldInstantiationIndex(index)),
        Opcode::CallGeneric => B::CallGeneric(FunctionInstantiationIndex(index)),
        _ => generic_and_newer(op, index, imm, wide, w128),
    }
}

/// The second half of [`instruction_with_operands`] (opcodes 0x39 and up, plus nullary ones).
fn generic_and_newer(op: Opcode, index: u16, imm: u64, wide: [u8; 32], w128: u128) -> Bytecode {
    use Bytecode as B;
    let sdi = StructDefInstantiationIndex(index);
    let sig = SignatureIndex(index);
    let svh = StructVariantHandleIndex(index);
    let svi = StructVariantInstantiationIndex(index);
    match op {
        Opcode::PackGeneric => B::PackGeneric(sdi),
        Opcode::UnpackGeneric => B::UnpackGeneric(sdi),
        Opcode::ExistsGeneric => B::ExistsGeneric(sdi),
        Opcode::MutBorrowGlobalGeneric => B::MutBorrowGlobalGeneric(sdi),
        Opcode::ImmBorrowGlobalGeneric => B::ImmBorrowGlobalGeneric(sdi),
        Opcode::MoveFromGeneric => B::MoveFromGeneric(sdi),
        Opcode::MoveToGeneric => B::MoveToGeneric(sdi),
        Opcode::VecPack => B::VecPack(sig, imm),
        Opcode::VecLen => B::VecLen(sig),
        Opcode::VecImmBorrow => B::VecImmBorrow(sig),
        Opcode::VecMutBorrow => B::VecMutBorrow(sig),
        Opcode::VecPushBack => B::VecPushBack(sig),
        Opcode::VecPopBack => B::VecPopBack(sig),
        Opcode::VecUnpack => B::VecUnpack(sig, imm),
        Opcode::VecSwap => B::VecSwap(sig),
        Opcode::LdU16 => B::LdU16(w128 as u16),
        Opcode::LdU32 => B::LdU32(w128 as u32),
        Opcode::LdU256 => B::LdU256(Box::new(U256::from_le_bytes(wide))),
        Opcode::ImmBorrowVariantField => B::ImmBorrowVariantField(VariantFieldHandleIndex(index)),
        Opcode::MutBorrowVariantField => B::MutBorrowVariantField(VariantFieldHandleIndex(index)),
        Opcode::ImmBorrowVariantFieldGeneric => {
            B::ImmBorrowVariantFieldGeneric(VariantFieldInstantiationIndex(index))
        }
        Opcode::MutBorrowVariantFieldGeneric => {
            B::MutBorrowVariantFieldGeneric(VariantFieldInstantiationIndex(index))
        }
        Opcode::PackVariant => B::PackVariant(svh),
        Opcode::PackVariantGeneric => B::PackVariantGeneric(svi),
        Opcode::UnpackVariant => B::UnpackVariant(svh),
        Opcode::UnpackVariantGeneric => B::UnpackVariantGeneric(svi),
        Opcode::TestVariant => B::TestVariant(svh),
        Opcode::TestVariantGeneric => B::TestVariantGeneric(svi),
        Opcode::PackClosure => B::PackClosure(FunctionHandleIndex(index), ClosureMask(imm)),
        Opcode::PackClosureGeneric => {
            B::PackClosureGeneric(FunctionInstantiationIndex(index), ClosureMask(imm))
        }
        Opcode::CallClosure => B::CallClosure(sig),
        Opcode::LdI8 => B::LdI8(w128 as i8),
        Opcode::LdI16 => B::LdI16(w128 as i16),
        Opcode::LdI32 => B::LdI32(w128 as i32),
        Opcode::LdI64 => B::LdI64(w128 as i64),
        Opcode::LdI128 => B::LdI128(Box::new(w128 as i128)),
        Opcode::LdI256 => B::LdI256(Box::new(I256::from_le_bytes(wide))),
        _ => nullary(op),
    }
}

/// The instructions without operands.
fn nullary(op: Opcode) -> Bytecode {
    use Bytecode as B;
    match op {
        Opcode::Pop => B::Pop,
        Opcode::Ret => B::Ret,
        Opcode::LdTrue => B::LdTrue,
        Opcode::LdFalse => B::LdFalse,
        Opcode::ReadRef => B::ReadRef,
        Opcode::WriteRef => B::WriteRef,
        Opcode::Add => B::Add,
        Opcode::Sub => B::Sub,
        Opcode::Mul => B::Mul,
        Opcode::Mod => B::Mod,
        Opcode::Div => B::Div,
        Opcode::BitOr => B::BitOr,
        Opcode::BitAnd => B::BitAnd,
        Opcode::Xor => B::Xor,
        Opcode::Or => B::Or,
        Opcode::And => B::And,
        Opcode::Not => B::Not,
        Opcode::Eq => B::Eq,
        Opcode::Neq => B::Neq,
        Opcode::Lt => B::Lt,
        Opcode::Gt => B::Gt,
        Opcode::Le => B::Le,
        Opcode::Ge => B::Ge,
        Opcode::Abort => B::Abort,
        Opcode::FreezeRef => B::FreezeRef,
        Opcode::Shl => B::Shl,
        Opcode::Shr => B::Shr,
        Opcode::CastU8 => B::CastU8,
        Opcode::CastU64 => B::CastU64,
        Opcode::CastU128 => B::CastU128,
        Opcode::CastU16 => B::CastU16,
        Opcode::CastU32 => B::CastU32,
        Opcode::CastU256 => B::CastU256,
        Opcode::CastI8 => B::CastI8,
        Opcode::CastI16 => B::CastI16,
        Opcode::CastI32 => B::CastI32,
        Opcode::CastI64 => B::CastI64,
        Opcode::CastI128 => B::CastI128,
        Opcode::CastI256 => B::CastI256,
        Opcode::Negate => B::Negate,
        Opcode::AbortMsg => B::AbortMsg,
        _ => B::Nop,
    }
}

/// Sizes of the tables instructions may refer to, for one code unit.
#[derive(Debug, Clone, Copy, Default)]
pub struct CodeContext {
    /// Constants.
    pub constants: usize,
    /// Field handles.
    pub field_handles: usize,
    /// Field instantiations.
    pub field_instantiations: usize,
    /// Function handles.
    pub function_handles: usize,
    /// Function instantiations.
    pub function_instantiations: usize,
    /// Struct definitions.
    pub struct_defs: usize,
    /// Struct definition instantiations.
    pub struct_def_instantiations: usize,
    /// Signatures.
    pub signatures: usize,
    /// Variant field handles.
    pub variant_field_handles: usize,
    /// Variant field instantiations.
    pub variant_field_instantiations: usize,
    /// Struct variant handles.
    pub struct_variant_handles: usize,
    /// Struct variant instantiations.
    pub struct_variant_instantiations: usize,
    /// Parameters plus locals.
    pub locals: usize,
    /// Instructions in the code unit.
    pub code_len: usize,
}

impl CodeContext {
    /// The number of valid targets for an operand kind.
    pub fn size(&self, kind: OperandKind) -> usize {
        use OperandKind as K;
        match kind {
            K::None => 1,
            K::Local => self.locals,
            K::Branch => self.code_len,
            K::Constant => self.constants,
            K::FieldHandle => self.field_handles,
            K::FieldInstantiation => self.field_instantiations,
            K::FunctionHandle => self.function_handles,
            K::FunctionInstantiation => self.function_instantiations,
            K::StructDefinition => self.struct_defs,
            K::StructDefInstantiation => self.struct_def_instantiations,
            K::Signature => self.signatures,
            K::VariantFieldHandle => self.variant_field_handles,
            K::VariantFieldInstantiation => self.variant_field_instantiations,
            K::StructVariantHandle => self.struct_variant_handles,
            K::StructVariantInstantiation => self.struct_variant_instantiations,
        }
    }

    /// The instruction `Opcode::ALL[op % 104]` with an in-range index operand (`Nop` when the
    /// table it needs is empty).
    pub fn instruction(&self, op: usize, pick: u64, imm: u64, wide: [u8; 32]) -> Bytecode {
        let op = Opcode::ALL[op % Opcode::ALL.len()];
        let size = self.size(operand_kind(op)).min(usize::from(u16::MAX) + 1);
        if size == 0 {
            return Bytecode::Nop;
        }
        let index = (pick % size as u64) as u16;
        instruction_with_operands(op, index, imm, wide)
    }
}
