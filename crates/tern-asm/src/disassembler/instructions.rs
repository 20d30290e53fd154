//! Printing one instruction: the mnemonic and its operands as the assembler reads them.

use super::constants::{constant_value, INVALID_CONSTANT};
use super::{DisasmError, Printer};
use std::collections::HashMap;
use tern_binary::*;

/// What the peer prints for a field offset that is out of range.
const FIELD_INDEX_ERROR: &str = "<index-error>";
/// What the peer prints for a variant or field of a variant field handle out of range.
const VARIANT_INDEX_ERROR: &str = "<index-bound-error>";

/// The mnemonic of an instruction without operands (or the bare mnemonic of one with them).
pub(super) fn mnemonic(op: Opcode) -> &'static str {
    use Opcode as O;
    match op {
        O::Pop => "pop",
        O::Ret => "ret",
        O::BrTrue => "br_true",
        O::BrFalse => "br_false",
        O::Branch => "branch",
        O::LdU8 => "ld_u8",
        O::LdU16 => "ld_u16",
        O::LdU32 => "ld_u32",
        O::LdU64 => "ld_u64",
        O::LdU128 => "ld_u128",
        O::LdU256 => "ld_u256",
        O::LdI8 => "ld_i8",
        O::LdI16 => "ld_i16",
        O::LdI32 => "ld_i32",
        O::LdI64 => "ld_i64",
        O::LdI128 => "ld_i128",
        O::LdI256 => "ld_i256",
        O::LdTrue => "ld_true",
        O::LdFalse => "ld_false",
        O::LdConst => "ld_const",
        O::CastU8 => "cast_u8",
        O::CastU16 => "cast_u16",
        O::CastU32 => "cast_u32",
        O::CastU64 => "cast_u64",
        O::CastU128 => "cast_u128",
        O::CastU256 => "cast_u256",
        O::CastI8 => "cast_i8",
        O::CastI16 => "cast_i16",
        O::CastI32 => "cast_i32",
        O::CastI64 => "cast_i64",
        O::CastI128 => "cast_i128",
        O::CastI256 => "cast_i256",
        O::Negate => "negate",
        O::CopyLoc => "copy_loc",
        O::MoveLoc => "move_loc",
        O::StLoc => "st_loc",
        O::MutBorrowLoc => "mut_borrow_loc",
        O::ImmBorrowLoc => "borrow_loc",
        O::Call | O::CallGeneric => "call",
        O::Pack | O::PackGeneric => "pack",
        O::Unpack | O::UnpackGeneric => "unpack",
        O::PackVariant | O::PackVariantGeneric => "pack_variant",
        O::UnpackVariant | O::UnpackVariantGeneric => "unpack_variant",
        O::TestVariant | O::TestVariantGeneric => "test_variant",
        O::ImmBorrowField | O::ImmBorrowFieldGeneric => "borrow_field",
        O::MutBorrowField | O::MutBorrowFieldGeneric => "mut_borrow_field",
        O::ImmBorrowVariantField | O::ImmBorrowVariantFieldGeneric => "borrow_variant_field",
        O::MutBorrowVariantField | O::MutBorrowVariantFieldGeneric => "mut_borrow_variant_field",
        O::ImmBorrowGlobal | O::ImmBorrowGlobalGeneric => "borrow_global",
        O::MutBorrowGlobal | O::MutBorrowGlobalGeneric => "mut_borrow_global",
        O::Exists | O::ExistsGeneric => "exists",
        O::MoveFrom | O::MoveFromGeneric => "move_from",
        O::MoveTo | O::MoveToGeneric => "move_to",
        O::ReadRef => "read_ref",
        O::WriteRef => "write_ref",
        O::FreezeRef => "freeze_ref",
        O::Add => "add",
        O::Sub => "sub",
        O::Mul => "mul",
        O::Mod => "mod",
        O::Div => "div",
        O::BitOr => "bit_or",
        O::BitAnd => "bit_and",
        O::Xor => "xor",
        O::Or => "or",
        O::And => "and",
        O::Not => "not",
        O::Eq => "eq",
        O::Neq => "neq",
        O::Lt => "lt",
        O::Gt => "gt",
        O::Le => "le",
        O::Ge => "ge",
        O::Shl => "shl",
        O::Shr => "shr",
        O::Abort => "abort",
        O::AbortMsg => "abort_msg",
        O::Nop => "nop",
        O::VecPack => "vec_pack",
        O::VecLen => "vec_len",
        O::VecImmBorrow => "vec_borrow",
        O::VecMutBorrow => "vec_mut_borrow",
        O::VecPushBack => "vec_push_back",
        O::VecPopBack => "vec_pop_back",
        O::VecUnpack => "vec_unpack",
        O::VecSwap => "vec_swap",
        O::PackClosure | O::PackClosureGeneric => "pack_closure",
        O::CallClosure => "call_closure",
    }
}

/// The label name of each branch target (`l<N>`), numbered in order of first use.
pub(super) fn branch_labels(code: &[Bytecode]) -> HashMap<CodeOffset, String> {
    let mut labels = HashMap::new();
    for target in code.iter().filter_map(Bytecode::branch_target) {
        let next = labels.len();
        labels.entry(target).or_insert_with(|| format!("l{next}"));
    }
    labels
}

impl Printer<'_> {
    /// The text of one instruction (mnemonic and operands, no indentation).
    pub(super) fn instruction(
        &self,
        instr: &Bytecode,
        labels: &HashMap<CodeOffset, String>,
    ) -> Result<String, DisasmError> {
        let name = mnemonic(instr.opcode());
        let operands = self.operands(instr, labels)?;
        Ok(match operands {
            None => name.to_string(),
            Some(ops) if instr.opcode() == Opcode::LdConst => format!("{name}{ops}"),
            Some(ops) => format!("{name} {ops}"),
        })
    }

    /// The operand text, or `None` for an instruction without operands.
    fn operands(
        &self,
        instr: &Bytecode,
        labels: &HashMap<CodeOffset, String>,
    ) -> Result<Option<String>, DisasmError> {
        use Bytecode as B;
        let text = match instr {
            B::BrTrue(t) | B::BrFalse(t) | B::Branch(t) => label(labels, *t),
            B::CopyLoc(l)
            | B::MoveLoc(l)
            | B::StLoc(l)
            | B::MutBorrowLoc(l)
            | B::ImmBorrowLoc(l) => {
                format!("l{l}")
            }
            B::LdConst(idx) => self.ld_const(*idx)?,
            B::Call(fh) => self.function_name(*fh)?,
            B::CallGeneric(fi) => self.function_inst(*fi)?,
            B::PackClosure(fh, mask) => {
                format!("{}, {}", self.function_name(*fh)?, self.mask_text(*mask))
            }
            B::PackClosureGeneric(fi, mask) => {
                format!("{}, {}", self.function_inst(*fi)?, self.mask_text(*mask))
            }
            B::CallClosure(sig) => format!("<{}>", self.type_list(self.tables.signature(*sig)?)?),
            _ => match self.struct_or_vector_operands(instr)? {
                Some(text) => text,
                None => return Ok(literal_operand(instr)),
            },
        };
        Ok(Some(text))
    }

    /// Operands of struct, field, variant and vector instructions; `None` for the others.
    fn struct_or_vector_operands(&self, instr: &Bytecode) -> Result<Option<String>, DisasmError> {
        use Bytecode as B;
        let text = match instr {
            B::Pack(d)
            | B::Unpack(d)
            | B::Exists(d)
            | B::MutBorrowGlobal(d)
            | B::ImmBorrowGlobal(d)
            | B::MoveFrom(d)
            | B::MoveTo(d) => self.struct_def_ref(*d, &[]),
            B::PackGeneric(i)
            | B::UnpackGeneric(i)
            | B::ExistsGeneric(i)
            | B::MutBorrowGlobalGeneric(i)
            | B::ImmBorrowGlobalGeneric(i)
            | B::MoveFromGeneric(i)
            | B::MoveToGeneric(i) => {
                let inst = self.tables.struct_def_instantiation(*i)?;
                self.struct_def_ref(inst.def, self.tables.signature(inst.type_parameters)?)
            }
            B::MutBorrowField(h) | B::ImmBorrowField(h) => self.field(*h, &[]),
            B::MutBorrowFieldGeneric(i) | B::ImmBorrowFieldGeneric(i) => {
                let inst = self.tables.field_instantiation(*i)?;
                self.field(inst.handle, self.tables.signature(inst.type_parameters)?)
            }
            B::PackVariant(h) | B::UnpackVariant(h) | B::TestVariant(h) => self.variant(*h, &[]),
            B::PackVariantGeneric(i) | B::UnpackVariantGeneric(i) | B::TestVariantGeneric(i) => {
                let inst = self.tables.struct_variant_instantiation(*i)?;
                self.variant(inst.handle, self.tables.signature(inst.type_parameters)?)
            }
            B::ImmBorrowVariantField(h) | B::MutBorrowVariantField(h) => {
                self.variant_field(*h, &[])
            }
            B::ImmBorrowVariantFieldGeneric(i) | B::MutBorrowVariantFieldGeneric(i) => {
                let inst = self.tables.variant_field_instantiation(*i)?;
                self.variant_field(inst.handle, self.tables.signature(inst.type_parameters)?)
            }
            B::VecPack(s, n) | B::VecUnpack(s, n) => Ok(format!("{}, {n}", self.vec_type(*s)?)),
            B::VecLen(s)
            | B::VecImmBorrow(s)
            | B::VecMutBorrow(s)
            | B::VecPushBack(s)
            | B::VecPopBack(s)
            | B::VecSwap(s) => self.vec_type(*s),
            _ => return Ok(None),
        };
        text.map(Some)
    }

    /// `<TYPE> VALUE` of an `ld_const`.
    fn ld_const(&self, idx: ConstantPoolIndex) -> Result<String, DisasmError> {
        let constant = self.tables.constant(idx)?;
        let type_ = self.type_(&constant.type_)?;
        let value = constant_value(&constant.type_, &constant.data);
        Ok(format!(
            "<{type_}> {}",
            value.as_deref().unwrap_or(INVALID_CONSTANT)
        ))
    }

    /// `f<A, B>` of a function instantiation.
    fn function_inst(&self, idx: FunctionInstantiationIndex) -> Result<String, DisasmError> {
        let inst = self.tables.function_instantiation(idx)?;
        let args = self.type_args(self.tables.signature(inst.type_parameters)?)?;
        Ok(format!("{}{args}", self.function_name(inst.handle)?))
    }

    /// `S` or `S<A, B>` for a struct definition of this module.
    fn struct_def_ref(
        &self,
        def: StructDefinitionIndex,
        args: &[SignatureToken],
    ) -> Result<String, DisasmError> {
        let def = self.tables.struct_def(def)?;
        let name = self.tables.struct_def_name(def)?;
        Ok(format!("{name}{}", self.type_args(args)?))
    }

    /// `S<A>, field`.
    fn field(
        &self,
        handle: FieldHandleIndex,
        args: &[SignatureToken],
    ) -> Result<String, DisasmError> {
        let handle = self.tables.field_handle(handle)?;
        let def = self.tables.struct_def(handle.owner)?;
        let field = match def.fields().get(usize::from(handle.field)) {
            Some(f) => self.tables.identifier(f.name)?,
            None => FIELD_INDEX_ERROR,
        };
        Ok(format!(
            "{}, {field}",
            self.struct_def_ref(handle.owner, args)?
        ))
    }

    /// `E<A>, Variant`.
    fn variant(
        &self,
        handle: StructVariantHandleIndex,
        args: &[SignatureToken],
    ) -> Result<String, DisasmError> {
        let handle = self.tables.struct_variant_handle(handle)?;
        let def = self.tables.struct_def(handle.struct_index)?;
        let variant = match def.variants().get(usize::from(handle.variant)) {
            Some(v) => self.tables.identifier(v.name)?,
            None => VARIANT_INDEX_ERROR,
        };
        Ok(format!(
            "{}, {variant}",
            self.struct_def_ref(handle.struct_index, args)?
        ))
    }

    /// `E<A>, V1::f, V2::f`.
    fn variant_field(
        &self,
        handle: VariantFieldHandleIndex,
        args: &[SignatureToken],
    ) -> Result<String, DisasmError> {
        let handle = self.tables.variant_field_handle(handle)?;
        let def = self.tables.struct_def(handle.struct_index)?;
        let mut text = self.struct_def_ref(handle.struct_index, args)?;
        for variant in &handle.variants {
            let entry = def.variants().get(usize::from(*variant)).and_then(|v| {
                let field = v.fields.get(usize::from(handle.field))?;
                Some((v.name, field.name))
            });
            text.push_str(", ");
            match entry {
                Some((v, f)) => {
                    let (v, f) = (self.tables.identifier(v)?, self.tables.identifier(f)?);
                    text.push_str(&format!("{v}::{f}"));
                }
                None => text.push_str(VARIANT_INDEX_ERROR),
            }
        }
        Ok(text)
    }

    /// A closure mask as printed: decimal (what the assembler reads), or binary like the peer
    /// when [`super::DisasmOptions::binary_closure_masks`] is set.
    fn mask_text(&self, mask: ClosureMask) -> String {
        if self.options.binary_closure_masks {
            format!("{:b}", mask.0)
        } else {
            mask.0.to_string()
        }
    }

    /// `<T>` of a vector instruction, whose signature must hold exactly one type.
    fn vec_type(&self, sig: SignatureIndex) -> Result<String, DisasmError> {
        match self.tables.signature(sig)? {
            [one] => Ok(format!("<{}>", self.type_(one)?)),
            other => Err(DisasmError::VectorSignature {
                signature: sig.0,
                count: other.len(),
            }),
        }
    }
}

/// The operand of a numeric load; `None` for the instructions without operands.
fn literal_operand(instr: &Bytecode) -> Option<String> {
    use Bytecode as B;
    Some(match instr {
        B::LdU8(v) => v.to_string(),
        B::LdU16(v) => v.to_string(),
        B::LdU32(v) => v.to_string(),
        B::LdU64(v) => v.to_string(),
        B::LdU128(v) => v.to_string(),
        B::LdU256(v) => v.to_string(),
        B::LdI8(v) => v.to_string(),
        B::LdI16(v) => v.to_string(),
        B::LdI32(v) => v.to_string(),
        B::LdI64(v) => v.to_string(),
        B::LdI128(v) => v.to_string(),
        B::LdI256(v) => v.to_string(),
        _ => return None,
    })
}

/// The label of a branch target.
fn label(labels: &HashMap<CodeOffset, String>, target: CodeOffset) -> String {
    labels
        .get(&target)
        .cloned()
        .unwrap_or_else(|| format!("l{target}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn labels_are_numbered_in_order_of_first_branch() {
        let code = [
            Bytecode::Branch(3),
            Bytecode::BrTrue(1),
            Bytecode::BrFalse(3),
            Bytecode::Ret,
        ];
        let labels = branch_labels(&code);
        assert_eq!(labels.get(&3).map(String::as_str), Some("l0"));
        assert_eq!(labels.get(&1).map(String::as_str), Some("l1"));
        assert_eq!(labels.len(), 2);
    }

    #[test]
    fn mnemonics_cover_the_88_names() {
        let names: HashSet<&str> = Opcode::ALL.iter().map(|op| mnemonic(*op)).collect();
        assert_eq!(names.len(), 88);
    }
}
