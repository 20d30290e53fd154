//! Code units and the instructions of both flavors (spec §7).
//!
//! Per instruction: opcode byte (EOF → MALFORMED), unknown opcode in the binary's flavor →
//! UNKNOWN_OPCODE, version gate → MALFORMED (checked before the operands), Sui's deprecated
//! global storage → DEPRECATED_BYTECODE_FORMAT, then the operands left to right, each decoded
//! by its kind in the instruction table. A Sui v7+ code unit ends with its jump tables.

use super::reader::{DeResult, Reader};
use super::tables::Ctx;
use crate::index::*;
use crate::instruction::{Bytecode, ClosureMask, Opcode};
use crate::model::{CodeUnit, VariantJumpTable};
use tern_primitives::{Flavor, StatusCode};

/// The largest Sui variant (instantiation) handle index an instruction may name.
pub(crate) const VARIANT_HANDLE_INDEX_MAX: u16 = 1024;
/// The most jump tables a Sui code unit may have (also the largest jump table index).
pub(crate) const JUMP_TABLE_COUNT_MAX: u16 = 127;
/// The most targets a jump table may have (Sui's variant count limit).
const JUMP_TABLE_BRANCHES_MAX: u64 = 127;
/// The flag of a "full" jump table, Sui's only kind.
const JUMP_TABLE_FULL: u8 = 0x01;

/// Reads a code unit: locals index, `uleb(65535)` instruction count, instructions, and in a Sui
/// v7+ binary the jump tables.
pub(crate) fn read_code_unit(r: &mut Reader<'_>, ctx: Ctx) -> DeResult<CodeUnit> {
    let locals = SignatureIndex(r.index()?);
    let n = r.count(u64::from(u16::MAX))?;
    let mut code = Vec::with_capacity(r.capacity_for(n, 1));
    for _ in 0..n {
        code.push(read_instruction(r, ctx)?);
    }
    let jump_tables = if ctx.flavor == Flavor::Sui && ctx.version >= 7 {
        read_jump_tables(r)?
    } else {
        Vec::new()
    };
    Ok(CodeUnit {
        locals,
        code,
        jump_tables,
    })
}

/// `uleb(127)` count, then per table: the head enum, `uleb(127)` branch count, the flag
/// (only "full", 0x01), then that many code offsets.
fn read_jump_tables(r: &mut Reader<'_>) -> DeResult<Vec<VariantJumpTable>> {
    let n = r.count(u64::from(JUMP_TABLE_COUNT_MAX))?;
    let mut tables = Vec::with_capacity(r.capacity_for(n, 3));
    for _ in 0..n {
        let head_enum = EnumDefinitionIndex(r.index()?);
        let branches = r.count(JUMP_TABLE_BRANCHES_MAX)?;
        let flag_at = r.pos();
        let Ok(flag) = r.u8() else {
            return Err(r.error_at(flag_at, StatusCode::MALFORMED, "Invalid jump table type"));
        };
        if flag != JUMP_TABLE_FULL {
            return Err(r.error_at(
                flag_at,
                StatusCode::UNKNOWN_JUMP_TABLE_FLAG,
                format!("unknown jump table flag {flag:#04x}"),
            ));
        }
        let mut targets = Vec::with_capacity(r.capacity_for(branches, 1));
        for _ in 0..branches {
            targets.push(r.index()?);
        }
        tables.push(VariantJumpTable { head_enum, targets });
    }
    Ok(tables)
}

/// Per flavor and opcode byte: the instruction and the lowest version whose deserializer
/// accepts it (`None`: unknown in the flavor).
static DECODE: [[Option<(Opcode, u8)>; 256]; 2] =
    [decode_table(Flavor::Aptos), decode_table(Flavor::Sui)];

#[allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)] // i < ALL.len(); bytes index 256 entries
const fn decode_table(flavor: Flavor) -> [Option<(Opcode, u8)>; 256] {
    let mut table = [None; 256];
    let mut i = 0;
    while i < Opcode::ALL.len() {
        let op = Opcode::ALL[i];
        if let Some(e) = op.encoding(flavor) {
            table[e.byte as usize] = Some((op, e.min_version as u8));
        }
        i += 1;
    }
    table
}

/// Reads one instruction.
#[inline]
pub(crate) fn read_instruction(r: &mut Reader<'_>, ctx: Ctx) -> DeResult<Bytecode> {
    let start = r.pos();
    let byte = r.u8()?;
    let table = match ctx.flavor {
        Flavor::Aptos => &DECODE[0],
        Flavor::Sui => &DECODE[1],
    };
    // perf: one table load decides both "unknown" and "too new".
    let op = match table.get(usize::from(byte)).copied().flatten() {
        Some((op, gate)) if u32::from(gate) <= ctx.version => op,
        _ => return Err(opcode_error(r, start, byte, ctx)),
    };
    if ctx.sui_deprecated_globals() && op.is_global_storage() {
        return Err(r.error_at(
            start,
            StatusCode::DEPRECATED_BYTECODE_FORMAT,
            "global storage operations are not supported",
        ));
    }
    decode(r, op)
}

/// The error for an unknown opcode (UNKNOWN_OPCODE) or one newer than the binary (MALFORMED).
#[cold]
#[inline(never)]
fn opcode_error(r: &Reader<'_>, start: usize, byte: u8, ctx: Ctx) -> Box<crate::BinaryError> {
    let version = ctx.version;
    match Opcode::from_byte(ctx.flavor, byte)
        .zip(Opcode::from_byte(ctx.flavor, byte).and_then(|op| op.min_version(ctx.flavor)))
    {
        None => r.error_at(
            start,
            StatusCode::UNKNOWN_OPCODE,
            format!("unknown opcode {byte:#04x}"),
        ),
        Some((op, min)) => r.error_at(
            start,
            StatusCode::MALFORMED,
            format!(
                "{} needs bytecode version {min}, binary is v{version}",
                op.name(),
            ),
        ),
    }
}

/// Reads one operand of the given kind (the encodings of the table in `crate::isa`).
macro_rules! read_operand {
    ($r:ident, Offset) => {
        $r.index()?
    };
    ($r:ident, Local) => {
        $r.uleb_u8(u8::MAX)?
    };
    ($r:ident, Constant) => {
        ConstantPoolIndex($r.index()?)
    };
    ($r:ident, U8) => {
        $r.u8()?
    };
    ($r:ident, U16) => {
        $r.u16_le()?
    };
    ($r:ident, U32) => {
        u32::from_le_bytes($r.array(StatusCode::BAD_U32)?)
    };
    ($r:ident, U64) => {
        u64::from_le_bytes($r.array(StatusCode::BAD_U64)?)
    };
    ($r:ident, U128) => {
        Box::new(u128::from_le_bytes($r.array(StatusCode::BAD_U128)?))
    };
    ($r:ident, U256) => {
        Box::new(tern_primitives::U256::from_le_bytes(
            $r.array(StatusCode::BAD_U256)?,
        ))
    };
    // Signed immediates report truncation as MALFORMED, unlike the unsigned ones.
    ($r:ident, I8) => {
        i8::from_le_bytes($r.array(StatusCode::MALFORMED)?)
    };
    ($r:ident, I16) => {
        i16::from_le_bytes($r.array(StatusCode::MALFORMED)?)
    };
    ($r:ident, I32) => {
        i32::from_le_bytes($r.array(StatusCode::MALFORMED)?)
    };
    ($r:ident, I64) => {
        i64::from_le_bytes($r.array(StatusCode::MALFORMED)?)
    };
    ($r:ident, I128) => {
        Box::new(i128::from_le_bytes($r.array(StatusCode::MALFORMED)?))
    };
    ($r:ident, I256) => {
        Box::new(tern_primitives::I256::from_le_bytes(
            $r.array(StatusCode::MALFORMED)?,
        ))
    };
    ($r:ident, Count) => {
        u64::from_le_bytes($r.array(StatusCode::BAD_U64)?)
    };
    ($r:ident, Mask) => {
        ClosureMask($r.uleb(u64::MAX)?)
    };
    ($r:ident, Signature) => {
        SignatureIndex($r.index()?)
    };
    ($r:ident, FieldHandle) => {
        FieldHandleIndex($r.index()?)
    };
    ($r:ident, FieldInst) => {
        FieldInstantiationIndex($r.index()?)
    };
    ($r:ident, FunctionHandle) => {
        FunctionHandleIndex($r.index()?)
    };
    ($r:ident, FunctionInst) => {
        FunctionInstantiationIndex($r.index()?)
    };
    ($r:ident, StructDef) => {
        StructDefinitionIndex($r.index()?)
    };
    ($r:ident, StructDefInst) => {
        StructDefInstantiationIndex($r.index()?)
    };
    ($r:ident, VariantFieldHandle) => {
        VariantFieldHandleIndex($r.index()?)
    };
    ($r:ident, VariantFieldInst) => {
        VariantFieldInstantiationIndex($r.index()?)
    };
    ($r:ident, StructVariantHandle) => {
        StructVariantHandleIndex($r.index()?)
    };
    ($r:ident, StructVariantInst) => {
        StructVariantInstantiationIndex($r.index()?)
    };
    ($r:ident, VariantHandle) => {
        VariantHandleIndex($r.uleb_u16(VARIANT_HANDLE_INDEX_MAX)?)
    };
    ($r:ident, VariantInst) => {
        VariantInstantiationHandleIndex($r.uleb_u16(VARIANT_HANDLE_INDEX_MAX)?)
    };
    ($r:ident, JumpTable) => {
        VariantJumpTableIndex($r.uleb_u16(JUMP_TABLE_COUNT_MAX)?)
    };
}

macro_rules! define_decode {
    ($(
        $(#[$doc:meta])*
        $name:ident $( ( $($field:ident : $kind:ident),+ ) )? $mnemonic:literal
        aptos $aptos:tt sui $sui:tt trace $trace:tt stack $stack:tt;
    )*) => {
        /// Decodes the operands of `op`, left to right (generated from the instruction table).
        fn decode(r: &mut Reader<'_>, op: Opcode) -> DeResult<Bytecode> {
            Ok(match op {
                $( Opcode::$name => Bytecode::$name $( ( $( read_operand!(r, $kind) ),+ ) )?, )*
            })
        }
    };
}

crate::for_each_instruction!(define_decode);

#[cfg(test)]
mod tests {
    use super::*;

    fn instr(bytes: &[u8], version: u32) -> Result<Bytecode, StatusCode> {
        let mut r = Reader::new(bytes, 0, None);
        let b = read_instruction(&mut r, Ctx::aptos(version)).map_err(|e| e.status)?;
        assert!(r.is_empty());
        Ok(b)
    }

    #[test]
    fn operand_encodings() {
        assert_eq!(instr(&[0x0A, 0xC8, 0x01], 9), Ok(Bytecode::CopyLoc(200)));
        assert_eq!(instr(&[0x05, 0xAC, 0x02], 9), Ok(Bytecode::Branch(300)));
        let mut vp = vec![0x40, 0x03];
        vp.extend_from_slice(&5u64.to_le_bytes());
        assert_eq!(instr(&vp, 9), Ok(Bytecode::VecPack(SignatureIndex(3), 5)));
        let clo = [
            0x59, 0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01,
        ];
        assert_eq!(
            instr(&clo, 8),
            Ok(Bytecode::PackClosureGeneric(
                FunctionInstantiationIndex(1),
                ClosureMask(u64::MAX)
            ))
        );
        assert_eq!(instr(&[0x5B, 0xFF], 9), Ok(Bytecode::LdI8(-1)));
        assert_eq!(instr(&[0x31, 0x2A], 1), Ok(Bytecode::LdU8(42)));
    }

    #[test]
    fn truncated_immediates_report_the_width_status() {
        assert_eq!(instr(&[0x06, 1, 2, 3], 9), Err(StatusCode::BAD_U64));
        assert_eq!(instr(&[0x48, 1], 9), Err(StatusCode::BAD_U16));
        assert_eq!(instr(&[0x49, 1], 9), Err(StatusCode::BAD_U32));
        assert_eq!(instr(&[0x32, 1], 9), Err(StatusCode::BAD_U128));
        assert_eq!(instr(&[0x4A, 1], 9), Err(StatusCode::BAD_U256));
        assert_eq!(instr(&[0x5C, 1], 9), Err(StatusCode::MALFORMED));
        assert_eq!(instr(&[0x31], 9), Err(StatusCode::MALFORMED));
        assert_eq!(instr(&[0x40, 0x00, 1, 2], 9), Err(StatusCode::BAD_U64));
        assert_eq!(instr(&[0x40], 9), Err(StatusCode::MALFORMED));
        assert_eq!(instr(&[0x0A, 0x80, 0x02], 9), Err(StatusCode::MALFORMED));
    }

    #[test]
    fn gates_and_unknown_opcodes() {
        assert_eq!(instr(&[0x00], 10), Err(StatusCode::UNKNOWN_OPCODE));
        assert_eq!(instr(&[0x69], 10), Err(StatusCode::UNKNOWN_OPCODE));
        assert_eq!(instr(&[0x48, 1, 0], 5), Err(StatusCode::MALFORMED));
        assert_eq!(instr(&[0x68], 9), Err(StatusCode::MALFORMED));
        assert_eq!(instr(&[0x68], 10), Ok(Bytecode::AbortMsg));
        assert_eq!(instr(&[0x52, 0], 6), Err(StatusCode::MALFORMED));
        assert_eq!(
            instr(&[0x54, 0], 6),
            Ok(Bytecode::UnpackVariant(StructVariantHandleIndex(0)))
        );
        assert_eq!(instr(&[0x41, 0], 3), Err(StatusCode::MALFORMED));
        // the gate is checked before the (missing) operand
        assert_eq!(instr(&[0x4A], 5), Err(StatusCode::MALFORMED));
        assert_eq!(instr(&[], 9), Err(StatusCode::MALFORMED));
    }

    #[test]
    fn code_unit_count_beyond_input_fails_fast() {
        let mut r = Reader::new(&[0x00, 0xFF, 0xFF, 0x03, 0x02], 0, None);
        assert_eq!(
            read_code_unit(&mut r, Ctx::aptos(9)).unwrap_err().status,
            StatusCode::MALFORMED
        );
        let mut r = Reader::new(&[0x00, 0x00], 0, None);
        assert!(read_code_unit(&mut r, Ctx::aptos(9))
            .unwrap()
            .code
            .is_empty());
    }
}
