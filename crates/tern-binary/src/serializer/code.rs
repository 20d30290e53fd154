//! Code units and instructions (spec §7), in the target's flavor: each instruction's byte
//! comes from the instruction table, its operands are written by their kinds. The only version
//! refusals are the ones the peer makes (u16/u32/u256 loads and casts below v6) and writing an
//! instruction the flavor lacks; other opcodes are written at any version. A Sui v7 code unit
//! ends with its jump tables.

use super::writer::{refuse, Writer};
use super::Target;
use crate::deserializer::{JUMP_TABLE_COUNT_MAX, VARIANT_HANDLE_INDEX_MAX};
use crate::errors::BinaryResult;
use crate::instruction::Bytecode;
use crate::model::CodeUnit;
use tern_primitives::Flavor;

/// Writes a code unit: locals index, instruction count (≤ 65535), instructions, then the jump
/// tables of a Sui v7 code unit.
pub(crate) fn write_code_unit(w: &mut Writer, code: &CodeUnit, target: Target) -> BinaryResult<()> {
    w.index(code.locals.0);
    w.count(
        code.code.len(),
        u64::from(u16::MAX),
        "instructions in a code unit",
    )?;
    for instr in &code.code {
        write_instruction(w, instr, target)?;
    }
    if target.flavor == Flavor::Sui && target.version >= 7 {
        w.count(
            code.jump_tables.len(),
            u64::from(JUMP_TABLE_COUNT_MAX),
            "jump tables in a code unit",
        )?;
        for table in &code.jump_tables {
            w.index(table.head_enum.0);
            w.count(table.targets.len(), 127, "jump table targets")?;
            w.u8(0x01);
            for t in &table.targets {
                w.index(*t);
            }
        }
    } else if !code.jump_tables.is_empty() {
        return Err(refuse(format!(
            "jump tables cannot be written in a {} v{} binary (Sui v7 only)",
            target.flavor, target.version
        )));
    }
    Ok(())
}

/// Writes one operand of the given kind (the encodings of the table in `crate::isa`).
macro_rules! write_operand {
    ($w:ident, $v:ident, Offset) => {
        $w.index(*$v)
    };
    ($w:ident, $v:ident, Local) => {
        $w.uleb(u64::from(*$v))
    };
    ($w:ident, $v:ident, U8) => {
        $w.u8(*$v)
    };
    ($w:ident, $v:ident, Mask) => {
        $w.uleb($v.0)
    };
    ($w:ident, $v:ident, U16) => {
        $w.bytes(&$v.to_le_bytes())
    };
    ($w:ident, $v:ident, U32) => {
        $w.bytes(&$v.to_le_bytes())
    };
    ($w:ident, $v:ident, U64) => {
        $w.bytes(&$v.to_le_bytes())
    };
    ($w:ident, $v:ident, U128) => {
        $w.bytes(&$v.to_le_bytes())
    };
    ($w:ident, $v:ident, U256) => {
        $w.bytes(&$v.to_le_bytes())
    };
    ($w:ident, $v:ident, I8) => {
        $w.bytes(&$v.to_le_bytes())
    };
    ($w:ident, $v:ident, I16) => {
        $w.bytes(&$v.to_le_bytes())
    };
    ($w:ident, $v:ident, I32) => {
        $w.bytes(&$v.to_le_bytes())
    };
    ($w:ident, $v:ident, I64) => {
        $w.bytes(&$v.to_le_bytes())
    };
    ($w:ident, $v:ident, I128) => {
        $w.bytes(&$v.to_le_bytes())
    };
    ($w:ident, $v:ident, I256) => {
        $w.bytes(&$v.to_le_bytes())
    };
    ($w:ident, $v:ident, Count) => {
        $w.bytes(&$v.to_le_bytes())
    };
    ($w:ident, $v:ident, VariantHandle) => {
        $w.bounded(
            u64::from($v.0),
            u64::from(VARIANT_HANDLE_INDEX_MAX),
            "variant handle index",
        )?
    };
    ($w:ident, $v:ident, VariantInst) => {
        $w.bounded(
            u64::from($v.0),
            u64::from(VARIANT_HANDLE_INDEX_MAX),
            "variant instantiation handle index",
        )?
    };
    ($w:ident, $v:ident, JumpTable) => {
        $w.bounded(
            u64::from($v.0),
            u64::from(JUMP_TABLE_COUNT_MAX),
            "jump table index",
        )?
    };
    // Every other kind is a table index.
    ($w:ident, $v:ident, $index:ident) => {
        $w.index($v.0)
    };
}

macro_rules! define_encode {
    ($(
        $(#[$doc:meta])*
        $name:ident $( ( $($field:ident : $kind:ident),+ ) )? $mnemonic:literal
        aptos $aptos:tt sui $sui:tt trace $trace:tt stack $stack:tt;
    )*) => {
        /// Writes the operands of `instr`, left to right (generated from the instruction table).
        fn write_operands(w: &mut Writer, instr: &Bytecode) -> BinaryResult<()> {
            match instr {
                $( Bytecode::$name $( ( $($field),+ ) )? => { $( $( write_operand!(w, $field, $kind); )+ )? } )*
            }
            Ok(())
        }
    };
}

crate::for_each_instruction!(define_encode);

/// Writes one instruction: opcode byte, then its operands.
pub(crate) fn write_instruction(
    w: &mut Writer,
    instr: &Bytecode,
    target: Target,
) -> BinaryResult<()> {
    let op = instr.opcode();
    let Some(encoding) = op.encoding(target.flavor) else {
        return Err(refuse(format!(
            "{} cannot be written in a {} binary",
            op.name(),
            target.flavor
        )));
    };
    // The peer refuses only the u16/u32/u256 loads and casts below v6.
    if target.version < 6 && encoding.min_version == 6 {
        return Err(refuse(format!(
            "{} cannot be serialized at bytecode version {} (needs 6)",
            op.name(),
            target.version
        )));
    }
    w.u8(encoding.byte);
    write_operands(w, instr)
}
