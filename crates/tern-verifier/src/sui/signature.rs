//! Sui's signature checker: signatures hold references only at the top; every datatype
//! instantiation in a signature, field, local or instruction satisfies the datatype's
//! constraints (bytecode v6+: at every depth); phantom type parameters appear only in phantom
//! positions; vector instructions name exactly one type.
//!
//! Errors carry Sui's indices: `(Signature, i), (FunctionHandle, i)` for a function handle's
//! signatures (Sui puts the handle's index in both), `(FieldDefinition, f), (StructDefinition,
//! s)` or `(FieldDefinition, f), (VariantTag, v), (EnumDefinition, e)` for a field, and
//! `(Signature, locals), (FunctionDefinition, d)` for a code unit, whose messages end with the
//! offset of the instruction.

use crate::error::{err, VResult};
use crate::view::Binary;
use std::collections::{HashMap, HashSet};
use tern_binary::*;
use tern_primitives::{AbilitySet, IndexKind, StatusCode, VmError};

/// Checks the signatures of a Sui module (without its location).
pub(crate) fn verify(m: &CompiledModule) -> VResult<()> {
    let mut checker = Checker {
        m,
        binary: Binary::Module(m),
        checked: HashMap::new(),
    };
    checker.signature_pool()?;
    checker.function_handles()?;
    checker.struct_fields()?;
    checker.enum_fields()?;
    checker.code_units()
}

struct Checker<'a> {
    m: &'a CompiledModule,
    binary: Binary<'a>,
    /// Signatures already checked against a list of type-parameter constraints.
    checked: HashMap<SignatureIndex, HashSet<Vec<AbilitySet>>>,
}

/// Appends Sui's " at offset N " to an error's message.
fn at_offset(mut e: VmError, offset: usize) -> VmError {
    let suffix = format!("at offset {offset} ");
    let data = e.data_mut();
    data.message = Some(match data.message.take() {
        Some(m) => format!("{m} {suffix}"),
        None => suffix,
    });
    e
}

impl<'a> Checker<'a> {
    fn sig(&self, idx: SignatureIndex) -> VResult<&'a [SignatureToken]> {
        Ok(&self.binary.sig(idx)?.0)
    }

    fn signature_pool(&self) -> VResult<()> {
        for sig in &self.m.signatures {
            for token in &sig.0 {
                match token {
                    SignatureToken::Reference(inner) | SignatureToken::MutableReference(inner) => {
                        check_token(inner)?
                    }
                    other => check_token(other)?,
                }
            }
        }
        Ok(())
    }

    fn function_handles(&mut self) -> VResult<()> {
        for (idx, handle) in self.m.function_handles.iter().enumerate() {
            let at = |e: VmError| {
                e.at_index(IndexKind::Signature, idx as u16)
                    .at_index(IndexKind::FunctionHandle, idx as u16)
            };
            self.instantiation(handle.return_, &handle.type_parameters)
                .map_err(at)?;
            self.instantiation(handle.parameters, &handle.type_parameters)
                .map_err(at)?;
        }
        Ok(())
    }

    fn struct_fields(&mut self) -> VResult<()> {
        for (def_idx, def) in self.m.struct_defs.iter().enumerate() {
            let StructFieldInformation::Declared(fields) = &def.field_information else {
                continue;
            };
            let handle = self.binary.struct_handle(def.struct_handle)?;
            let constraints: Vec<AbilitySet> = handle
                .type_parameters
                .iter()
                .map(|p| p.constraints)
                .collect();
            for (offset, field) in fields.iter().enumerate() {
                let at = |e: VmError| {
                    e.at_index(IndexKind::FieldDefinition, offset as u16)
                        .at_index(IndexKind::StructDefinition, def_idx as u16)
                };
                self.field(&field.type_, &constraints, &handle.type_parameters)
                    .map_err(at)?;
            }
        }
        Ok(())
    }

    fn enum_fields(&mut self) -> VResult<()> {
        for (def_idx, def) in self.m.enum_defs.iter().enumerate() {
            let handle = self.binary.struct_handle(def.enum_handle)?;
            let constraints: Vec<AbilitySet> = handle
                .type_parameters
                .iter()
                .map(|p| p.constraints)
                .collect();
            for (tag, variant) in def.variants.iter().enumerate() {
                for (offset, field) in variant.fields.iter().enumerate() {
                    let at = |e: VmError| {
                        e.at_index(IndexKind::FieldDefinition, offset as u16)
                            .at_index(IndexKind::VariantTag, tag as u16)
                            .at_index(IndexKind::EnumDefinition, def_idx as u16)
                    };
                    self.field(&field.type_, &constraints, &handle.type_parameters)
                        .map_err(at)?;
                }
            }
        }
        Ok(())
    }

    /// A field's type: no references, instantiations satisfying their constraints, phantom
    /// parameters only in phantom positions.
    fn field(
        &mut self,
        ty: &SignatureToken,
        constraints: &[AbilitySet],
        params: &[StructTypeParameter],
    ) -> VResult<()> {
        check_token(ty)?;
        self.type_instantiation(ty, constraints)?;
        self.phantom(ty, false, params)
    }

    fn code_units(&mut self) -> VResult<()> {
        for (def_idx, def) in self.m.function_defs.iter().enumerate() {
            let Some(code) = &def.code else { continue };
            let handle = self.binary.function_handle(def.function)?;
            self.code(code, &handle.type_parameters).map_err(|e| {
                e.at_index(IndexKind::Signature, code.locals.0)
                    .at_index(IndexKind::FunctionDefinition, def_idx as u16)
            })?;
        }
        Ok(())
    }

    fn code(&mut self, code: &CodeUnit, type_params: &[AbilitySet]) -> VResult<()> {
        self.instantiation(code.locals, type_params)?;
        for (offset, instr) in code.code.iter().enumerate() {
            self.instruction(instr, type_params)
                .map_err(|e| at_offset(e, offset))?;
        }
        Ok(())
    }

    fn instruction(&mut self, instr: &Bytecode, type_params: &[AbilitySet]) -> VResult<()> {
        use Bytecode as B;
        let b = self.binary;
        match instr {
            B::CallGeneric(i) => {
                let inst = b.function_inst(*i)?;
                let handle = b.function_handle(inst.handle)?;
                let args = self.sig(inst.type_parameters)?;
                check_tokens(args)?;
                self.generic_instance(args, &handle.type_parameters, type_params)
            }
            B::PackGeneric(i)
            | B::UnpackGeneric(i)
            | B::ExistsGeneric(i)
            | B::MoveFromGeneric(i)
            | B::MoveToGeneric(i)
            | B::ImmBorrowGlobalGeneric(i)
            | B::MutBorrowGlobalGeneric(i) => {
                let inst = b.struct_inst(*i)?;
                let def = b.struct_def(inst.def)?;
                self.datatype_instance(def.struct_handle, inst.type_parameters, type_params)
            }
            B::ImmBorrowFieldGeneric(i) | B::MutBorrowFieldGeneric(i) => {
                let inst = b.field_inst(*i)?;
                let owner = b.field_handle(inst.handle)?.owner;
                let def = b.struct_def(owner)?;
                self.datatype_instance(def.struct_handle, inst.type_parameters, type_params)
            }
            B::VecPack(s, _)
            | B::VecLen(s)
            | B::VecImmBorrow(s)
            | B::VecMutBorrow(s)
            | B::VecPushBack(s)
            | B::VecPopBack(s)
            | B::VecUnpack(s, _)
            | B::VecSwap(s) => {
                let args = self.sig(*s)?;
                if args.len() != 1 {
                    return Err(
                        err(StatusCode::NUMBER_OF_TYPE_ARGUMENTS_MISMATCH).with_message(format!(
                            "expected 1 type token for vector operations, got {}",
                            args.len()
                        )),
                    );
                }
                check_tokens(args)
            }
            B::SuiPackVariantGeneric(i)
            | B::SuiUnpackVariantGeneric(i)
            | B::SuiUnpackVariantGenericImmRef(i)
            | B::SuiUnpackVariantGenericMutRef(i) => {
                let (inst, _) = b.sui_variant_instantiated(*i)?;
                let def = b.enum_def(inst.def)?;
                self.datatype_instance(def.enum_handle, inst.type_parameters, type_params)
            }
            _ => Ok(()),
        }
    }

    /// `args` (a signature) instantiating the datatype of `handle`.
    fn datatype_instance(
        &mut self,
        handle: StructHandleIndex,
        args: SignatureIndex,
        type_params: &[AbilitySet],
    ) -> VResult<()> {
        let handle = self.binary.struct_handle(handle)?;
        let constraints: Vec<AbilitySet> = handle
            .type_parameters
            .iter()
            .map(|p| p.constraints)
            .collect();
        let args = self.sig(args)?;
        check_tokens(args)?;
        self.generic_instance(args, &constraints, type_params)
    }

    /// Every datatype instantiation in signature `idx` satisfies its constraints (checked once
    /// per list of type-parameter constraints).
    fn instantiation(&mut self, idx: SignatureIndex, type_params: &[AbilitySet]) -> VResult<()> {
        if self
            .checked
            .get(&idx)
            .is_some_and(|done| done.contains(type_params))
        {
            return Ok(());
        }
        for ty in self.sig(idx)? {
            self.type_instantiation(ty, type_params)?;
        }
        self.checked
            .entry(idx)
            .or_default()
            .insert(type_params.to_vec());
        Ok(())
    }

    /// The instantiations in `ty`: every one from bytecode v6, the outermost only before.
    fn type_instantiation(
        &mut self,
        ty: &SignatureToken,
        type_params: &[AbilitySet],
    ) -> VResult<()> {
        if self.m.version >= 6 {
            for node in ty.preorder() {
                self.node_instantiation(node, type_params)?;
            }
            Ok(())
        } else {
            self.node_instantiation(ty, type_params)
        }
    }

    fn node_instantiation(
        &mut self,
        ty: &SignatureToken,
        type_params: &[AbilitySet],
    ) -> VResult<()> {
        match ty {
            SignatureToken::StructInstantiation(handle, args) => {
                let handle = self.binary.struct_handle(*handle)?;
                let constraints: Vec<AbilitySet> = handle
                    .type_parameters
                    .iter()
                    .map(|p| p.constraints)
                    .collect();
                self.generic_instance(args, &constraints, type_params)
            }
            _ => Ok(()),
        }
    }

    /// `args` has one type per constraint, each with the abilities its constraint asks for.
    fn generic_instance(
        &self,
        args: &[SignatureToken],
        constraints: &[AbilitySet],
        type_params: &[AbilitySet],
    ) -> VResult<()> {
        if args.len() != constraints.len() {
            return Err(
                err(StatusCode::NUMBER_OF_TYPE_ARGUMENTS_MISMATCH).with_message(format!(
                    "expected {} type argument(s), got {}",
                    constraints.len(),
                    args.len()
                )),
            );
        }
        for (constraint, arg) in constraints.iter().zip(args) {
            let given = self.binary.abilities(arg, type_params)?;
            if !constraint.is_subset(given) {
                return Err(
                    err(StatusCode::CONSTRAINT_NOT_SATISFIED).with_message(format!(
                        "expected type with abilities {constraint:?} got type actual {arg:?} with \
                     incompatible abilities {given:?}"
                    )),
                );
            }
        }
        Ok(())
    }

    /// Phantom type parameters appear only as arguments of phantom parameters.
    fn phantom(
        &self,
        ty: &SignatureToken,
        phantom_position: bool,
        params: &[StructTypeParameter],
    ) -> VResult<()> {
        match ty {
            SignatureToken::Vector(inner) => self.phantom(inner, false, params),
            SignatureToken::StructInstantiation(handle, args) => {
                let handle = self.binary.struct_handle(*handle)?;
                for (i, arg) in args.iter().enumerate() {
                    let phantom = handle.type_parameters.get(i).is_some_and(|p| p.is_phantom);
                    self.phantom(arg, phantom, params)?;
                }
                Ok(())
            }
            SignatureToken::TypeParameter(idx) => {
                let is_phantom = params.get(usize::from(*idx)).is_some_and(|p| p.is_phantom);
                if is_phantom && !phantom_position {
                    return Err(
                        err(StatusCode::INVALID_PHANTOM_TYPE_PARAM_POSITION).with_message(
                            "phantom type parameter cannot be used in non-phantom position",
                        ),
                    );
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }
}

/// A type inside a signature: no references at any depth.
fn check_token(ty: &SignatureToken) -> VResult<()> {
    match ty {
        SignatureToken::Reference(_) | SignatureToken::MutableReference(_) => {
            Err(err(StatusCode::INVALID_SIGNATURE_TOKEN).with_message("reference not allowed"))
        }
        SignatureToken::Vector(inner) => check_token(inner),
        SignatureToken::StructInstantiation(_, args) => check_tokens(args),
        _ => Ok(()),
    }
}

fn check_tokens(tys: &[SignatureToken]) -> VResult<()> {
    tys.iter().try_for_each(check_token)
}
