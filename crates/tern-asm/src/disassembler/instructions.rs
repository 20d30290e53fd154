//! Printing one instruction: the mnemonic and its operands as the assembler reads them.

use super::constants::{constant_value, INVALID_CONSTANT};
use super::{DisasmError, Printer};
use std::collections::HashMap;
use tern_binary::*;
use tern_primitives::IndexKind;

/// What the peer prints for a field offset that is out of range.
const FIELD_INDEX_ERROR: &str = "<index-error>";
/// What the peer prints for a variant or field of a variant field handle out of range.
const VARIANT_INDEX_ERROR: &str = "<index-bound-error>";

/// The label name of each branch target (`l<N>`), numbered in order of first use; a
/// `variant_switch` uses the targets of its jump table, in order.
pub(super) fn branch_labels(code: &CodeUnit) -> HashMap<CodeOffset, String> {
    let mut labels = HashMap::new();
    let mut add = |target: CodeOffset| {
        let next = labels.len();
        labels.entry(target).or_insert_with(|| format!("l{next}"));
    };
    for instr in &code.code {
        match instr {
            Bytecode::VariantSwitch(table) => {
                let targets = code.jump_tables.get(table.idx()).map(|t| &t.targets[..]);
                targets.unwrap_or(&[]).iter().for_each(|t| add(*t));
            }
            other => other.branch_target().into_iter().for_each(&mut add),
        }
    }
    labels
}

impl Printer<'_> {
    /// The text of one instruction (mnemonic and operands, no indentation).
    pub(super) fn instruction(
        &self,
        instr: &Bytecode,
        jump_tables: &[VariantJumpTable],
        labels: &HashMap<CodeOffset, String>,
    ) -> Result<String, DisasmError> {
        let name = instr.opcode().mnemonic();
        let operands = match instr {
            Bytecode::VariantSwitch(table) => Some(self.switch(*table, jump_tables, labels)?),
            _ => self.operands(instr, labels)?,
        };
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
            B::SuiPackVariant(h)
            | B::SuiUnpackVariant(h)
            | B::SuiUnpackVariantImmRef(h)
            | B::SuiUnpackVariantMutRef(h) => {
                let handle = self.tables.variant_handle(*h)?;
                self.sui_variant(handle.enum_def, handle.variant, &[])
            }
            B::SuiPackVariantGeneric(i)
            | B::SuiUnpackVariantGeneric(i)
            | B::SuiUnpackVariantGenericImmRef(i)
            | B::SuiUnpackVariantGenericMutRef(i) => {
                let handle = self.tables.variant_instantiation_handle(*i)?;
                let inst = self.tables.enum_def_instantiation(handle.enum_def)?;
                let args = self.tables.signature(inst.type_parameters)?;
                self.sui_variant(inst.def, handle.variant, args)
            }
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

    /// `E, l0, l1` of a `variant_switch`: the enum, then each variant's target.
    fn switch(
        &self,
        table: VariantJumpTableIndex,
        jump_tables: &[VariantJumpTable],
        labels: &HashMap<CodeOffset, String>,
    ) -> Result<String, DisasmError> {
        let table = jump_tables
            .get(table.idx())
            .ok_or(DisasmError::IndexOutOfBounds {
                kind: IndexKind::VariantJumpTable,
                index: table.idx(),
            })?;
        let mut text = self.enum_name(table.head_enum)?.to_string();
        for target in &table.targets {
            text.push_str(", ");
            text.push_str(&label(labels, *target));
        }
        Ok(text)
    }

    /// The name of a Sui enum of this module.
    fn enum_name(&self, def: EnumDefinitionIndex) -> Result<&str, DisasmError> {
        let def = self.tables.enum_def(def)?;
        let handle = self.tables.struct_handle(def.enum_handle)?;
        self.tables.identifier(handle.name)
    }

    /// `E<A>, Variant` of a Sui variant instruction.
    fn sui_variant(
        &self,
        def: EnumDefinitionIndex,
        tag: VariantIndex,
        args: &[SignatureToken],
    ) -> Result<String, DisasmError> {
        let variants = &self.tables.enum_def(def)?.variants;
        let variant = match variants.get(usize::from(tag)) {
            Some(v) => self.tables.identifier(v.name)?,
            None => VARIANT_INDEX_ERROR,
        };
        let name = self.enum_name(def)?;
        Ok(format!("{name}{}, {variant}", self.type_args(args)?))
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
        let code = CodeUnit {
            code: code.to_vec(),
            ..CodeUnit::default()
        };
        let labels = branch_labels(&code);
        assert_eq!(labels.get(&3).map(String::as_str), Some("l0"));
        assert_eq!(labels.get(&1).map(String::as_str), Some("l1"));
        assert_eq!(labels.len(), 2);
    }

    #[test]
    fn mnemonics_cover_the_88_aptos_names_and_3_of_sui() {
        let names = |flavor: Flavor| -> HashSet<&str> {
            Opcode::ALL
                .iter()
                .filter(|op| op.encoding(flavor).is_some())
                .map(|op| op.mnemonic())
                .collect()
        };
        assert_eq!(names(Flavor::Aptos).len(), 88);
        let all: HashSet<&str> = names(Flavor::Aptos)
            .union(&names(Flavor::Sui))
            .copied()
            .collect();
        assert_eq!(all.len(), 91);
    }
}
