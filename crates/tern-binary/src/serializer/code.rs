//! Code units and instructions (spec §7). The only version refusals are the ones the peer
//! makes (u16/u32/u256 loads and casts below v6); other opcodes are written at any version.

use super::writer::{refuse, Writer};
use crate::errors::BinaryResult;
use crate::instruction::Bytecode;
use crate::model::CodeUnit;

/// Writes a code unit: locals index, instruction count (≤ 65535), instructions.
pub(crate) fn write_code_unit(w: &mut Writer, code: &CodeUnit, version: u32) -> BinaryResult<()> {
    w.index(code.locals.0);
    w.count(
        code.code.len(),
        u64::from(u16::MAX),
        "instructions in a code unit",
    )?;
    for instr in &code.code {
        write_instruction(w, instr, version)?;
    }
    Ok(())
}

/// Writes one instruction: opcode byte, then its operands.
pub(crate) fn write_instruction(
    w: &mut Writer,
    instr: &Bytecode,
    version: u32,
) -> BinaryResult<()> {
    use Bytecode as B;
    let op = instr.opcode();
    if version < 6 && (0x48..=0x4D).contains(&(op as u8)) {
        return Err(refuse(format!(
            "{} cannot be serialized at bytecode version {version} (needs 6)",
            op.name()
        )));
    }
    w.u8(op as u8);
    match instr {
        B::BrTrue(t) | B::BrFalse(t) | B::Branch(t) => w.index(*t),
        B::LdU64(v) => w.bytes(&v.to_le_bytes()),
        B::LdConst(i) => w.index(i.0),
        B::CopyLoc(l) | B::MoveLoc(l) | B::StLoc(l) | B::MutBorrowLoc(l) | B::ImmBorrowLoc(l) => {
            w.uleb(u64::from(*l))
        }
        B::MutBorrowField(i) | B::ImmBorrowField(i) => w.index(i.0),
        B::Call(i) => w.index(i.0),
        B::Pack(i) | B::Unpack(i) => w.index(i.0),
        B::Exists(i) | B::MutBorrowGlobal(i) | B::ImmBorrowGlobal(i) | B::MoveFrom(i) => {
            w.index(i.0)
        }
        B::MoveTo(i) => w.index(i.0),
        B::LdU8(v) => w.u8(*v),
        B::LdU128(v) => w.bytes(&v.to_le_bytes()),
        B::MutBorrowFieldGeneric(i) | B::ImmBorrowFieldGeneric(i) => w.index(i.0),
        B::CallGeneric(i) => w.index(i.0),
        B::PackGeneric(i) | B::UnpackGeneric(i) | B::ExistsGeneric(i) => w.index(i.0),
        B::MutBorrowGlobalGeneric(i) | B::ImmBorrowGlobalGeneric(i) => w.index(i.0),
        B::MoveFromGeneric(i) | B::MoveToGeneric(i) => w.index(i.0),
        B::VecPack(s, n) | B::VecUnpack(s, n) => {
            w.index(s.0);
            w.bytes(&n.to_le_bytes());
        }
        B::VecLen(s) | B::VecImmBorrow(s) | B::VecMutBorrow(s) | B::VecPushBack(s) => w.index(s.0),
        B::VecPopBack(s) | B::VecSwap(s) | B::CallClosure(s) => w.index(s.0),
        B::LdU16(v) => w.bytes(&v.to_le_bytes()),
        B::LdU32(v) => w.bytes(&v.to_le_bytes()),
        B::LdU256(v) => w.bytes(&v.to_le_bytes()),
        B::ImmBorrowVariantField(i) | B::MutBorrowVariantField(i) => w.index(i.0),
        B::ImmBorrowVariantFieldGeneric(i) | B::MutBorrowVariantFieldGeneric(i) => w.index(i.0),
        B::PackVariant(i) | B::UnpackVariant(i) | B::TestVariant(i) => w.index(i.0),
        B::PackVariantGeneric(i) | B::UnpackVariantGeneric(i) | B::TestVariantGeneric(i) => {
            w.index(i.0)
        }
        B::PackClosure(f, mask) => {
            w.index(f.0);
            w.uleb(mask.0);
        }
        B::PackClosureGeneric(f, mask) => {
            w.index(f.0);
            w.uleb(mask.0);
        }
        B::LdI8(v) => w.bytes(&v.to_le_bytes()),
        B::LdI16(v) => w.bytes(&v.to_le_bytes()),
        B::LdI32(v) => w.bytes(&v.to_le_bytes()),
        B::LdI64(v) => w.bytes(&v.to_le_bytes()),
        B::LdI128(v) => w.bytes(&v.to_le_bytes()),
        B::LdI256(v) => w.bytes(&v.to_le_bytes()),
        _ => {}
    }
    Ok(())
}
