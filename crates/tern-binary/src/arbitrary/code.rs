//! Instructions with operands chosen inside the tables of the module being generated, built
//! from the instruction table.

use crate::index::*;
use crate::instruction::{Bytecode, ClosureMask, Opcode, OperandKind};
use tern_primitives::{Flavor, I256, U256};

/// The operand of `op` that indexes a table (or a local, or a branch target), if any.
pub fn operand_kind(op: Opcode) -> Option<OperandKind> {
    op.operand_kinds()
        .iter()
        .copied()
        .find(|k| !is_immediate(*k))
}

/// Whether an operand kind is an immediate value (any value is valid).
fn is_immediate(kind: OperandKind) -> bool {
    use OperandKind as K;
    matches!(
        kind,
        K::U8
            | K::U16
            | K::U32
            | K::U64
            | K::U128
            | K::U256
            | K::I8
            | K::I16
            | K::I32
            | K::I64
            | K::I128
            | K::I256
            | K::Count
            | K::Mask
    )
}

/// The first `N` bytes of `wide`.
fn bytes<const N: usize>(wide: &[u8; 32]) -> [u8; N] {
    let mut out = [0u8; N];
    for (o, w) in out.iter_mut().zip(wide.iter()) {
        *o = *w;
    }
    out
}

/// Builds one operand of the given kind from the raw material.
macro_rules! arb_operand {
    ($index:ident, $imm:ident, $wide:ident, Offset) => {
        $index
    };
    ($index:ident, $imm:ident, $wide:ident, Local) => {
        $index as u8
    };
    ($index:ident, $imm:ident, $wide:ident, U8) => {
        $wide[0]
    };
    ($index:ident, $imm:ident, $wide:ident, U16) => {
        u16::from_le_bytes(bytes(&$wide))
    };
    ($index:ident, $imm:ident, $wide:ident, U32) => {
        u32::from_le_bytes(bytes(&$wide))
    };
    ($index:ident, $imm:ident, $wide:ident, U64) => {
        $imm
    };
    ($index:ident, $imm:ident, $wide:ident, U128) => {
        Box::new(u128::from_le_bytes(bytes(&$wide)))
    };
    ($index:ident, $imm:ident, $wide:ident, U256) => {
        Box::new(U256::from_le_bytes($wide))
    };
    ($index:ident, $imm:ident, $wide:ident, I8) => {
        i8::from_le_bytes(bytes(&$wide))
    };
    ($index:ident, $imm:ident, $wide:ident, I16) => {
        i16::from_le_bytes(bytes(&$wide))
    };
    ($index:ident, $imm:ident, $wide:ident, I32) => {
        i32::from_le_bytes(bytes(&$wide))
    };
    ($index:ident, $imm:ident, $wide:ident, I64) => {
        i64::from_le_bytes(bytes(&$wide))
    };
    ($index:ident, $imm:ident, $wide:ident, I128) => {
        Box::new(i128::from_le_bytes(bytes(&$wide)))
    };
    ($index:ident, $imm:ident, $wide:ident, I256) => {
        Box::new(I256::from_le_bytes($wide))
    };
    ($index:ident, $imm:ident, $wide:ident, Count) => {
        $imm
    };
    ($index:ident, $imm:ident, $wide:ident, Mask) => {
        ClosureMask($imm)
    };
    ($index:ident, $imm:ident, $wide:ident, Constant) => {
        ConstantPoolIndex($index)
    };
    ($index:ident, $imm:ident, $wide:ident, Signature) => {
        SignatureIndex($index)
    };
    ($index:ident, $imm:ident, $wide:ident, FieldHandle) => {
        FieldHandleIndex($index)
    };
    ($index:ident, $imm:ident, $wide:ident, FieldInst) => {
        FieldInstantiationIndex($index)
    };
    ($index:ident, $imm:ident, $wide:ident, FunctionHandle) => {
        FunctionHandleIndex($index)
    };
    ($index:ident, $imm:ident, $wide:ident, FunctionInst) => {
        FunctionInstantiationIndex($index)
    };
    ($index:ident, $imm:ident, $wide:ident, StructDef) => {
        StructDefinitionIndex($index)
    };
    ($index:ident, $imm:ident, $wide:ident, StructDefInst) => {
        StructDefInstantiationIndex($index)
    };
    ($index:ident, $imm:ident, $wide:ident, VariantFieldHandle) => {
        VariantFieldHandleIndex($index)
    };
    ($index:ident, $imm:ident, $wide:ident, VariantFieldInst) => {
        VariantFieldInstantiationIndex($index)
    };
    ($index:ident, $imm:ident, $wide:ident, StructVariantHandle) => {
        StructVariantHandleIndex($index)
    };
    ($index:ident, $imm:ident, $wide:ident, StructVariantInst) => {
        StructVariantInstantiationIndex($index)
    };
    ($index:ident, $imm:ident, $wide:ident, VariantHandle) => {
        VariantHandleIndex($index)
    };
    ($index:ident, $imm:ident, $wide:ident, VariantInst) => {
        VariantInstantiationHandleIndex($index)
    };
    ($index:ident, $imm:ident, $wide:ident, JumpTable) => {
        VariantJumpTableIndex($index)
    };
}

macro_rules! define_with_operands {
    ($(
        $(#[$doc:meta])*
        $name:ident $( ( $($field:ident : $kind:ident),+ ) )? $mnemonic:literal
        aptos $aptos:tt sui $sui:tt trace $trace:tt stack $stack:tt;
    )*) => {
        /// Builds the instruction `op` with the given raw operands: `index` for every index
        /// operand (truncated to `u8` for locals), `imm` for u64-sized immediates, counts and
        /// closure masks, `wide` for the bytes of every other immediate.
        pub fn instruction_with_operands(op: Opcode, index: u16, imm: u64, wide: [u8; 32]) -> Bytecode {
            let _ = (index, imm, wide);
            match op {
                $( Opcode::$name => Bytecode::$name $( ( $( arb_operand!(index, imm, wide, $kind) ),+ ) )?, )*
            }
        }
    };
}

crate::for_each_instruction!(define_with_operands);

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
    /// The number of valid targets for the index operand of an instruction (1 when it has
    /// none; 0 for the Sui-only tables, which Aptos modules do not have).
    pub fn size(&self, kind: Option<OperandKind>) -> usize {
        use OperandKind as K;
        let Some(kind) = kind else { return 1 };
        match kind {
            K::Local => self.locals,
            K::Offset => self.code_len,
            K::Constant => self.constants,
            K::FieldHandle => self.field_handles,
            K::FieldInst => self.field_instantiations,
            K::FunctionHandle => self.function_handles,
            K::FunctionInst => self.function_instantiations,
            K::StructDef => self.struct_defs,
            K::StructDefInst => self.struct_def_instantiations,
            K::Signature => self.signatures,
            K::VariantFieldHandle => self.variant_field_handles,
            K::VariantFieldInst => self.variant_field_instantiations,
            K::StructVariantHandle => self.struct_variant_handles,
            K::StructVariantInst => self.struct_variant_instantiations,
            K::VariantHandle | K::VariantInst | K::JumpTable => 0,
            K::U8
            | K::U16
            | K::U32
            | K::U64
            | K::U128
            | K::U256
            | K::I8
            | K::I16
            | K::I32
            | K::I64
            | K::I128
            | K::I256
            | K::Count
            | K::Mask => 1,
        }
    }

    /// The `op % 104`-th Aptos instruction with an in-range index operand (`Nop` when the
    /// table it needs is empty).
    pub fn instruction(&self, op: usize, pick: u64, imm: u64, wide: [u8; 32]) -> Bytecode {
        let aptos = aptos_opcodes();
        let Some(op) = aptos.get(op % aptos.len().max(1)).copied() else {
            return Bytecode::Nop;
        };
        let size = self.size(operand_kind(op)).min(usize::from(u16::MAX) + 1);
        if size == 0 {
            return Bytecode::Nop;
        }
        let index = (pick % size as u64) as u16;
        instruction_with_operands(op, index, imm, wide)
    }
}

/// The Aptos instructions in opcode order.
fn aptos_opcodes() -> &'static [Opcode] {
    static APTOS: std::sync::OnceLock<Vec<Opcode>> = std::sync::OnceLock::new();
    APTOS.get_or_init(|| {
        Opcode::ALL
            .iter()
            .copied()
            .filter(|op| op.encoding(Flavor::Aptos).is_some())
            .collect()
    })
}
