//! Code units and the 104 instructions (spec §7).
//!
//! Per instruction: opcode byte (EOF → MALFORMED), unknown opcode → UNKNOWN_OPCODE, version
//! gate → MALFORMED (checked before the operands), then the operands left to right.

use super::reader::{DeResult, Reader};
use crate::index::*;
use crate::instruction::{Bytecode, ClosureMask, Opcode};
use crate::model::CodeUnit;
use tern_primitives::{StatusCode, I256, U256};

/// Reads a code unit: locals index, `uleb(65535)` instruction count, instructions.
pub(crate) fn read_code_unit(r: &mut Reader<'_>, version: u32) -> DeResult<CodeUnit> {
    let locals = SignatureIndex(r.index()?);
    let n = r.count(u64::from(u16::MAX))?;
    let mut code = Vec::with_capacity(r.capacity_for(n, 1));
    for _ in 0..n {
        code.push(read_instruction(r, version)?);
    }
    Ok(CodeUnit { locals, code })
}

/// Per opcode byte: 0 = unknown opcode, else the lowest version whose deserializer accepts it
/// (the peer's gates, including the ungated 0x54/0x55).
static OPCODE_MIN_VERSION: [u8; 256] = opcode_gates();

#[allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)] // b <= 0x68 < 256
const fn opcode_gates() -> [u8; 256] {
    let mut table = [0u8; 256];
    let mut b = 1usize;
    while b <= 0x68 {
        table[b] = match b {
            0x40..=0x47 => 4,
            0x48..=0x4D => 6,
            0x54 | 0x55 => 1,
            0x4E..=0x57 => 7,
            0x58..=0x5A => 8,
            0x5B..=0x67 => 9,
            0x68 => 10,
            _ => 1,
        };
        b += 1;
    }
    table
}

/// Reads one instruction.
#[inline]
pub(crate) fn read_instruction(r: &mut Reader<'_>, version: u32) -> DeResult<Bytecode> {
    let start = r.pos();
    let byte = r.u8()?;
    // perf: one table load decides both "unknown" (gate 0) and "too new" (gate > version).
    let gate = OPCODE_MIN_VERSION
        .get(usize::from(byte))
        .copied()
        .unwrap_or(0);
    let op = match Opcode::from_byte(byte) {
        Some(op) if u32::from(gate).wrapping_sub(1) < version => op,
        _ => return Err(opcode_error(r, start, byte, version)),
    };
    decode(r, op)
}

/// The error for an unknown opcode (UNKNOWN_OPCODE) or one newer than the binary (MALFORMED).
#[cold]
#[inline(never)]
fn opcode_error(r: &Reader<'_>, start: usize, byte: u8, version: u32) -> Box<crate::BinaryError> {
    match Opcode::from_byte(byte) {
        None => r.error_at(
            start,
            StatusCode::UNKNOWN_OPCODE,
            format!("unknown opcode {byte:#04x}"),
        ),
        Some(op) => r.error_at(
            start,
            StatusCode::MALFORMED,
            format!(
                "{} needs bytecode version {}, binary is v{version}",
                op.name(),
                op.min_version()
            ),
        ),
    }
}

/// Local index operand, `uleb(255)`.
#[inline]
fn local(r: &mut Reader<'_>) -> DeResult<u8> {
    r.uleb_u8(u8::MAX)
}

/// Closure mask operand, ULEB u64.
#[inline]
fn mask(r: &mut Reader<'_>) -> DeResult<ClosureMask> {
    r.uleb(u64::MAX).map(ClosureMask)
}

/// Fixed-width signed immediate (truncation → MALFORMED, unlike the unsigned ones).
#[inline]
fn signed<const N: usize>(r: &mut Reader<'_>) -> DeResult<[u8; N]> {
    r.array::<N>(StatusCode::MALFORMED)
}

/// Decodes the operands of `op` (the dispatch match: one line per opcode).
fn decode(r: &mut Reader<'_>, op: Opcode) -> DeResult<Bytecode> {
    use Bytecode as B;
    Ok(match op {
        Opcode::Pop => B::Pop,
        Opcode::Ret => B::Ret,
        Opcode::BrTrue => B::BrTrue(r.index()?),
        Opcode::BrFalse => B::BrFalse(r.index()?),
        Opcode::Branch => B::Branch(r.index()?),
        Opcode::LdU64 => B::LdU64(u64::from_le_bytes(r.array(StatusCode::BAD_U64)?)),
        Opcode::LdConst => B::LdConst(ConstantPoolIndex(r.index()?)),
        Opcode::LdTrue => B::LdTrue,
        Opcode::LdFalse => B::LdFalse,
        Opcode::CopyLoc => B::CopyLoc(local(r)?),
        Opcode::MoveLoc => B::MoveLoc(local(r)?),
        Opcode::StLoc => B::StLoc(local(r)?),
        Opcode::MutBorrowLoc => B::MutBorrowLoc(local(r)?),
        Opcode::ImmBorrowLoc => B::ImmBorrowLoc(local(r)?),
        Opcode::MutBorrowField => B::MutBorrowField(FieldHandleIndex(r.index()?)),
        Opcode::ImmBorrowField => B::ImmBorrowField(FieldHandleIndex(r.index()?)),
        Opcode::Call => B::Call(FunctionHandleIndex(r.index()?)),
        Opcode::Pack => B::Pack(StructDefinitionIndex(r.index()?)),
        Opcode::Unpack => B::Unpack(StructDefinitionIndex(r.index()?)),
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
        Opcode::Nop => B::Nop,
        Opcode::Exists => B::Exists(StructDefinitionIndex(r.index()?)),
        Opcode::MutBorrowGlobal => B::MutBorrowGlobal(StructDefinitionIndex(r.index()?)),
        Opcode::ImmBorrowGlobal => B::ImmBorrowGlobal(StructDefinitionIndex(r.index()?)),
        Opcode::MoveFrom => B::MoveFrom(StructDefinitionIndex(r.index()?)),
        Opcode::MoveTo => B::MoveTo(StructDefinitionIndex(r.index()?)),
        Opcode::FreezeRef => B::FreezeRef,
        Opcode::Shl => B::Shl,
        Opcode::Shr => B::Shr,
        Opcode::LdU8 => B::LdU8(r.u8()?),
        Opcode::LdU128 => B::LdU128(Box::new(u128::from_le_bytes(
            r.array(StatusCode::BAD_U128)?,
        ))),
        Opcode::CastU8 => B::CastU8,
        Opcode::CastU64 => B::CastU64,
        Opcode::CastU128 => B::CastU128,
        Opcode::MutBorrowFieldGeneric => {
            B::MutBorrowFieldGeneric(FieldInstantiationIndex(r.index()?))
        }
        Opcode::ImmBorrowFieldGeneric => {
            B::ImmBorrowFieldGeneric(FieldInstantiationIndex(r.index()?))
        }
        Opcode::CallGeneric => B::CallGeneric(FunctionInstantiationIndex(r.index()?)),
        Opcode::PackGeneric => B::PackGeneric(StructDefInstantiationIndex(r.index()?)),
        Opcode::UnpackGeneric => B::UnpackGeneric(StructDefInstantiationIndex(r.index()?)),
        Opcode::ExistsGeneric => B::ExistsGeneric(StructDefInstantiationIndex(r.index()?)),
        Opcode::MutBorrowGlobalGeneric => {
            B::MutBorrowGlobalGeneric(StructDefInstantiationIndex(r.index()?))
        }
        Opcode::ImmBorrowGlobalGeneric => {
            B::ImmBorrowGlobalGeneric(StructDefInstantiationIndex(r.index()?))
        }
        Opcode::MoveFromGeneric => B::MoveFromGeneric(StructDefInstantiationIndex(r.index()?)),
        Opcode::MoveToGeneric => B::MoveToGeneric(StructDefInstantiationIndex(r.index()?)),
        Opcode::VecPack => {
            let sig = SignatureIndex(r.index()?);
            B::VecPack(sig, u64::from_le_bytes(r.array(StatusCode::BAD_U64)?))
        }
        Opcode::VecLen => B::VecLen(SignatureIndex(r.index()?)),
        Opcode::VecImmBorrow => B::VecImmBorrow(SignatureIndex(r.index()?)),
        Opcode::VecMutBorrow => B::VecMutBorrow(SignatureIndex(r.index()?)),
        Opcode::VecPushBack => B::VecPushBack(SignatureIndex(r.index()?)),
        Opcode::VecPopBack => B::VecPopBack(SignatureIndex(r.index()?)),
        Opcode::VecUnpack => {
            let sig = SignatureIndex(r.index()?);
            B::VecUnpack(sig, u64::from_le_bytes(r.array(StatusCode::BAD_U64)?))
        }
        Opcode::VecSwap => B::VecSwap(SignatureIndex(r.index()?)),
        Opcode::LdU16 => B::LdU16(r.u16_le()?),
        Opcode::LdU32 => B::LdU32(u32::from_le_bytes(r.array(StatusCode::BAD_U32)?)),
        Opcode::LdU256 => B::LdU256(Box::new(U256::from_le_bytes(
            r.array(StatusCode::BAD_U256)?,
        ))),
        Opcode::CastU16 => B::CastU16,
        Opcode::CastU32 => B::CastU32,
        Opcode::CastU256 => B::CastU256,
        Opcode::ImmBorrowVariantField => {
            B::ImmBorrowVariantField(VariantFieldHandleIndex(r.index()?))
        }
        Opcode::MutBorrowVariantField => {
            B::MutBorrowVariantField(VariantFieldHandleIndex(r.index()?))
        }
        Opcode::ImmBorrowVariantFieldGeneric => {
            B::ImmBorrowVariantFieldGeneric(VariantFieldInstantiationIndex(r.index()?))
        }
        Opcode::MutBorrowVariantFieldGeneric => {
            B::MutBorrowVariantFieldGeneric(VariantFieldInstantiationIndex(r.index()?))
        }
        Opcode::PackVariant => B::PackVariant(StructVariantHandleIndex(r.index()?)),
        Opcode::PackVariantGeneric => {
            B::PackVariantGeneric(StructVariantInstantiationIndex(r.index()?))
        }
        Opcode::UnpackVariant => B::UnpackVariant(StructVariantHandleIndex(r.index()?)),
        Opcode::UnpackVariantGeneric => {
            B::UnpackVariantGeneric(StructVariantInstantiationIndex(r.index()?))
        }
        Opcode::TestVariant => B::TestVariant(StructVariantHandleIndex(r.index()?)),
        Opcode::TestVariantGeneric => {
            B::TestVariantGeneric(StructVariantInstantiationIndex(r.index()?))
        }
        Opcode::PackClosure => {
            let handle = FunctionHandleIndex(r.index()?);
            B::PackClosure(handle, mask(r)?)
        }
        Opcode::PackClosureGeneric => {
            let inst = FunctionInstantiationIndex(r.index()?);
            B::PackClosureGeneric(inst, mask(r)?)
        }
        Opcode::CallClosure => B::CallClosure(SignatureIndex(r.index()?)),
        Opcode::LdI8 => B::LdI8(i8::from_le_bytes(signed(r)?)),
        Opcode::LdI16 => B::LdI16(i16::from_le_bytes(signed(r)?)),
        Opcode::LdI32 => B::LdI32(i32::from_le_bytes(signed(r)?)),
        Opcode::LdI64 => B::LdI64(i64::from_le_bytes(signed(r)?)),
        Opcode::LdI128 => B::LdI128(Box::new(i128::from_le_bytes(signed(r)?))),
        Opcode::LdI256 => B::LdI256(Box::new(I256::from_le_bytes(signed(r)?))),
        Opcode::CastI8 => B::CastI8,
        Opcode::CastI16 => B::CastI16,
        Opcode::CastI32 => B::CastI32,
        Opcode::CastI64 => B::CastI64,
        Opcode::CastI128 => B::CastI128,
        Opcode::CastI256 => B::CastI256,
        Opcode::Negate => B::Negate,
        Opcode::AbortMsg => B::AbortMsg,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn instr(bytes: &[u8], version: u32) -> Result<Bytecode, StatusCode> {
        let mut r = Reader::new(bytes, 0, None);
        let b = read_instruction(&mut r, version).map_err(|e| e.status)?;
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
    fn gate_table_agrees_with_opcode_min_version() {
        for byte in 0..=255u8 {
            let gate = OPCODE_MIN_VERSION[usize::from(byte)];
            match Opcode::from_byte(byte) {
                None => assert_eq!(gate, 0, "{byte:#x}"),
                Some(op) => assert_eq!(u32::from(gate), op.min_version(), "{byte:#x}"),
            }
        }
    }

    #[test]
    fn code_unit_count_beyond_input_fails_fast() {
        let mut r = Reader::new(&[0x00, 0xFF, 0xFF, 0x03, 0x02], 0, None);
        assert_eq!(
            read_code_unit(&mut r, 9).unwrap_err().status,
            StatusCode::MALFORMED
        );
        let mut r = Reader::new(&[0x00, 0x00], 0, None);
        assert!(read_code_unit(&mut r, 9).unwrap().code.is_empty());
    }
}
