//! The context-free type check with its caches, and the per-instruction checks of code units.

use crate::error::{crash, err, with_index, VResult};
use crate::view::{requires, Binary, MAX_WALK_DEPTH};
use rustc_hash::{FxHashMap, FxHashSet};
use tern_binary::*;
use tern_primitives::{Ability, AbilitySet, IndexKind, StatusCode};

/// The minimal abilities each type parameter must have (missing entries: none).
#[derive(Debug, Clone, Default)]
pub(crate) struct Constraints(smallvec::SmallVec<[AbilitySet; 16]>);

impl Constraints {
    /// Declared constraints `abilities[i]` of parameter `i`, used as a context.
    pub(crate) fn from_abilities(abilities: &[AbilitySet]) -> Constraints {
        Constraints(abilities.into())
    }

    fn insert(&mut self, idx: TypeParameterIndex, abilities: AbilitySet) {
        if abilities.is_empty() {
            return;
        }
        let i = usize::from(idx);
        if self.0.len() <= i {
            self.0.resize(i.saturating_add(1), AbilitySet::EMPTY);
        }
        if let Some(slot) = self.0.get_mut(i) {
            *slot = slot.union(abilities);
        }
    }

    fn merge(&mut self, other: &Constraints) {
        for (i, abilities) in other.0.iter().enumerate() {
            self.insert(crate::error::idx_u16(i), *abilities);
        }
    }

    /// Checks that every requirement is declared in `context`.
    fn check_in(&self, context: &Constraints) -> VResult<()> {
        for (i, required) in self.0.iter().enumerate() {
            let declared = context.0.get(i).copied().unwrap_or(AbilitySet::EMPTY);
            if !required.is_subset(declared) {
                return Err(err(StatusCode::CONSTRAINT_NOT_SATISFIED));
            }
        }
        Ok(())
    }
}

type Cached = Constraints;

/// The signature checker with its caches (results of successful context-free checks).
pub(crate) struct Checker<'a> {
    pub(crate) binary: Binary<'a>,
    fix_function_signatures: bool,
    types: FxHashMap<(u16, usize, u8), Cached>,
    sigs: FxHashMap<u16, Cached>,
    func_insts: FxHashMap<(u16, u16), Cached>,
    struct_insts: FxHashMap<(u16, u8), Cached>,
    field_insts: FxHashMap<u16, Cached>,
    variant_field_insts: FxHashMap<u16, Cached>,
    variant_insts: FxHashMap<(u16, u8), Cached>,
}

fn assert_abilities(have: AbilitySet, required: AbilitySet) -> VResult<()> {
    if required.is_subset(have) {
        Ok(())
    } else {
        Err(err(StatusCode::CONSTRAINT_NOT_SATISFIED))
    }
}

fn reference_not_allowed() -> tern_primitives::VmError {
    err(StatusCode::INVALID_SIGNATURE_TOKEN).with_message("reference not allowed")
}

impl<'a> Checker<'a> {
    /// A checker for `binary`.
    pub(crate) fn new(binary: Binary<'a>, fix_function_signatures: bool) -> Checker<'a> {
        Checker {
            binary,
            fix_function_signatures,
            types: FxHashMap::default(),
            sigs: FxHashMap::default(),
            func_insts: FxHashMap::default(),
            struct_insts: FxHashMap::default(),
            field_insts: FxHashMap::default(),
            variant_field_insts: FxHashMap::default(),
            variant_insts: FxHashMap::default(),
        }
    }

    /// Checks that `ty` is well formed and has `required`, collecting what its type parameters
    /// need into `out`.
    fn check_ty(
        &self,
        ty: &SignatureToken,
        allow_ref: bool,
        required: AbilitySet,
        out: &mut Constraints,
        depth: usize,
    ) -> VResult<()> {
        use SignatureToken as T;
        if depth > MAX_WALK_DEPTH {
            return Err(crash());
        }
        let next = depth.saturating_add(1);
        match ty {
            T::TypeParameter(i) => out.insert(*i, required),
            T::Signer => assert_abilities(AbilitySet::SIGNER, required)?,
            T::Reference(inner) | T::MutableReference(inner) => {
                if !allow_ref {
                    return Err(reference_not_allowed());
                }
                assert_abilities(AbilitySet::REFERENCES, required)?;
                self.check_ty(inner, false, AbilitySet::EMPTY, out, next)?;
            }
            T::Vector(inner) => {
                assert_abilities(AbilitySet::VECTOR, required)?;
                self.check_ty(inner, false, requires(required), out, next)?;
            }
            T::Function(params, results, abilities) => {
                assert_abilities(*abilities, required)?;
                if self.fix_function_signatures {
                    for t in params.iter().chain(results) {
                        self.check_ty(t, true, AbilitySet::EMPTY, out, next)?;
                    }
                }
            }
            T::Struct(idx) => {
                assert_abilities(self.binary.struct_handle(*idx)?.abilities, required)?;
            }
            T::StructInstantiation(idx, args) => {
                let handle = self.binary.struct_handle(*idx)?;
                assert_abilities(handle.abilities, required)?;
                if handle.type_parameters.len() != args.len() {
                    return Err(err(StatusCode::NUMBER_OF_TYPE_ARGUMENTS_MISMATCH));
                }
                for (param, arg) in handle.type_parameters.iter().zip(args) {
                    let arg_required = if param.is_phantom {
                        param.constraints
                    } else {
                        param.constraints.union(requires(required))
                    };
                    self.check_ty(arg, false, arg_required, out, next)?;
                }
            }
            _ => assert_abilities(AbilitySet::PRIMITIVES, required)?,
        }
        Ok(())
    }

    /// Checks type `ty_idx` of signature `sig` without context (cached; errors get
    /// `(Signature, sig)`).
    fn type_in_signature(
        &mut self,
        sig: SignatureIndex,
        ty_idx: usize,
        required: AbilitySet,
        allow_ref: bool,
    ) -> VResult<Cached> {
        let key = (sig.0, ty_idx, required.bits());
        if let Some(found) = self.types.get(&key) {
            return Ok(found.clone());
        }
        let ty = self.binary.sig(sig)?.0.get(ty_idx).ok_or_else(crash)?;
        let mut out = Constraints::default();
        self.check_ty(ty, allow_ref, required, &mut out, 0)
            .map_err(|e| with_index(e, IndexKind::Signature, sig.idx()))?;
        self.types.insert(key, out.clone());
        Ok(out)
    }

    /// Checks a whole signature without context (cached by signature only, as in the peer).
    fn signature(&mut self, sig: SignatureIndex, allow_ref: bool) -> VResult<Cached> {
        if let Some(found) = self.sigs.get(&sig.0) {
            return Ok(found.clone());
        }
        let mut out = Constraints::default();
        for ty_idx in 0..self.binary.sig(sig)?.len() {
            let c = self.type_in_signature(sig, ty_idx, AbilitySet::EMPTY, allow_ref)?;
            out.merge(&c);
        }
        self.sigs.insert(sig.0, out.clone());
        Ok(out)
    }

    /// Checks every signature of the pool (references allowed at the top).
    pub(crate) fn verify_pool(&mut self) -> VResult<()> {
        for idx in 0..self.binary.signatures().len() {
            self.signature(SignatureIndex(crate::error::idx_u16(idx)), true)?;
        }
        Ok(())
    }

    /// Checks signature `sig` (context-free, then) against `context`.
    pub(crate) fn verify_signature_in_context(
        &mut self,
        context: &Constraints,
        sig: SignatureIndex,
    ) -> VResult<()> {
        self.signature(sig, true)?.check_in(context)
    }

    /// Checks one type against `context` (no caching; errors carry no index).
    pub(crate) fn check_ty_in_context(
        &self,
        context: &Constraints,
        ty: &SignatureToken,
        allow_ref: bool,
        required: AbilitySet,
    ) -> VResult<()> {
        let mut out = Constraints::default();
        self.check_ty(ty, allow_ref, required, &mut out, 0)?;
        out.check_in(context)
    }

    fn function_inst(&mut self, idx: FunctionInstantiationIndex) -> VResult<Cached> {
        let inst = self.binary.function_inst(idx)?;
        let key = (inst.handle.0, inst.type_parameters.0);
        if let Some(found) = self.func_insts.get(&key) {
            return Ok(found.clone());
        }
        let handle = self.binary.function_handle(inst.handle)?;
        let args = &self.binary.sig(inst.type_parameters)?.0;
        let at_inst = |e| with_index(e, IndexKind::FunctionInstantiation, idx.idx());
        if handle.type_parameters.len() != args.len() {
            return Err(at_inst(err(StatusCode::NUMBER_OF_TYPE_ARGUMENTS_MISMATCH)));
        }
        let mut out = Constraints::default();
        for (ty_idx, (ty, constraint)) in args.iter().zip(&handle.type_parameters).enumerate() {
            if ty.is_reference() {
                return Err(at_inst(reference_not_allowed()));
            }
            let c = self.type_in_signature(inst.type_parameters, ty_idx, *constraint, false)?;
            out.merge(&c);
        }
        self.func_insts.insert(key, out.clone());
        Ok(out)
    }

    /// Checks every function instantiation without context.
    pub(crate) fn verify_function_instantiations(&mut self) -> VResult<()> {
        for idx in 0..self.binary.function_instantiations().len() {
            self.function_inst(FunctionInstantiationIndex(crate::error::idx_u16(idx)))?;
        }
        Ok(())
    }

    /// The shared check of struct type arguments: arity, required abilities of the struct, no
    /// references, and each argument's requirements.
    fn struct_type_params(
        &mut self,
        required: AbilitySet,
        def: StructDefinitionIndex,
        args_idx: SignatureIndex,
    ) -> VResult<Constraints> {
        let def = self.binary.struct_def(def)?;
        let handle = self.binary.struct_handle(def.struct_handle)?;
        let args = &self.binary.sig(args_idx)?.0;
        if handle.type_parameters.len() != args.len() {
            return Err(err(StatusCode::NUMBER_OF_TYPE_ARGUMENTS_MISMATCH));
        }
        if !required.is_subset(handle.abilities) {
            return Err(err(StatusCode::CONSTRAINT_NOT_SATISFIED));
        }
        let mut out = Constraints::default();
        for (ty_idx, (ty, param)) in args.iter().zip(&handle.type_parameters).enumerate() {
            let arg_required = if param.is_phantom {
                param.constraints
            } else {
                param.constraints.union(requires(required))
            };
            if ty.is_reference() {
                return Err(reference_not_allowed());
            }
            let c = self.type_in_signature(args_idx, ty_idx, arg_required, false)?;
            out.merge(&c);
        }
        Ok(out)
    }

    fn struct_inst(
        &mut self,
        idx: StructDefInstantiationIndex,
        req: AbilitySet,
    ) -> VResult<Cached> {
        let key = (idx.0, req.bits());
        if let Some(found) = self.struct_insts.get(&key) {
            return Ok(found.clone());
        }
        let inst = self.binary.struct_inst(idx)?;
        let out = self
            .struct_type_params(req, inst.def, inst.type_parameters)
            .map_err(|e| with_index(e, IndexKind::StructDefInstantiation, idx.idx()))?;
        self.struct_insts.insert(key, out.clone());
        Ok(out)
    }

    fn variant_inst(
        &mut self,
        idx: StructVariantInstantiationIndex,
        req: AbilitySet,
    ) -> VResult<Cached> {
        let key = (idx.0, req.bits());
        if let Some(found) = self.variant_insts.get(&key) {
            return Ok(found.clone());
        }
        let inst = self.binary.struct_variant_inst(idx)?;
        let handle = self.binary.struct_variant_handle(inst.handle)?;
        let out = self
            .struct_type_params(req, handle.struct_index, inst.type_parameters)
            .map_err(|e| with_index(e, IndexKind::StructVariantInstantiation, idx.idx()))?;
        self.variant_insts.insert(key, out.clone());
        Ok(out)
    }

    fn field_inst(&mut self, idx: FieldInstantiationIndex) -> VResult<Cached> {
        if let Some(found) = self.field_insts.get(&idx.0) {
            return Ok(found.clone());
        }
        let inst = self.binary.field_inst(idx)?;
        let owner = self.binary.field_handle(inst.handle)?.owner;
        let out = self
            .struct_type_params(AbilitySet::EMPTY, owner, inst.type_parameters)
            .map_err(|e| with_index(e, IndexKind::FieldInstantiation, idx.idx()))?;
        self.field_insts.insert(idx.0, out.clone());
        Ok(out)
    }

    fn variant_field_inst(&mut self, idx: VariantFieldInstantiationIndex) -> VResult<Cached> {
        if let Some(found) = self.variant_field_insts.get(&idx.0) {
            return Ok(found.clone());
        }
        let inst = self.binary.variant_field_inst(idx)?;
        let owner = self.binary.variant_field_handle(inst.handle)?.struct_index;
        let out = self
            .struct_type_params(AbilitySet::EMPTY, owner, inst.type_parameters)
            .map_err(|e| with_index(e, IndexKind::VariantFieldInstantiation, idx.idx()))?;
        self.variant_field_insts.insert(idx.0, out.clone());
        Ok(out)
    }

    /// Checks every instantiation table of a module without context, in the peer's order.
    pub(crate) fn verify_instantiation_tables(&mut self) -> VResult<()> {
        let b = self.binary;
        self.verify_function_instantiations()?;
        for i in 0..b.struct_def_instantiations().len() {
            let idx = StructDefInstantiationIndex(crate::error::idx_u16(i));
            self.struct_inst(idx, AbilitySet::EMPTY)?;
        }
        for i in 0..b.field_instantiations().len() {
            self.field_inst(FieldInstantiationIndex(crate::error::idx_u16(i)))?;
        }
        for i in 0..b.struct_variant_instantiations().len() {
            let idx = StructVariantInstantiationIndex(crate::error::idx_u16(i));
            self.variant_inst(idx, AbilitySet::EMPTY)?;
        }
        for i in 0..b.variant_field_instantiations().len() {
            self.variant_field_inst(VariantFieldInstantiationIndex(crate::error::idx_u16(i)))?;
        }
        Ok(())
    }
}

/// Instantiations already checked in the current function (each kind is checked once).
#[derive(Default)]
struct Seen {
    funcs: FxHashSet<u16>,
    structs: FxHashSet<u16>,
    structs_key: FxHashSet<u16>,
    vecs: FxHashSet<u16>,
    fields: FxHashSet<u16>,
    variant_fields: FxHashSet<u16>,
    variants: FxHashSet<u16>,
}

/// Checks every instantiation used by the instructions of a code unit against `context`.
pub(crate) fn verify_instructions(
    checker: &mut Checker<'_>,
    context: &Constraints,
    code: &[Bytecode],
) -> VResult<()> {
    let mut seen = Seen::default();
    for instr in code {
        verify_instruction(checker, context, &mut seen, instr)?;
    }
    Ok(())
}

fn verify_instruction(
    checker: &mut Checker<'_>,
    context: &Constraints,
    seen: &mut Seen,
    instr: &Bytecode,
) -> VResult<()> {
    use Bytecode as B;
    let key = AbilitySet::EMPTY.with(Ability::Key);
    match instr {
        B::CallGeneric(i) | B::PackClosureGeneric(i, _) if seen.funcs.insert(i.0) => {
            checker.function_inst(*i)?.check_in(context)
        }
        B::PackGeneric(i) | B::UnpackGeneric(i) if seen.structs.insert(i.0) => checker
            .struct_inst(*i, AbilitySet::EMPTY)?
            .check_in(context),
        B::PackVariantGeneric(i) | B::UnpackVariantGeneric(i) | B::TestVariantGeneric(i)
            if seen.variants.insert(i.0) =>
        {
            checker
                .variant_inst(*i, AbilitySet::EMPTY)?
                .check_in(context)
        }
        B::ExistsGeneric(i)
        | B::MoveFromGeneric(i)
        | B::MoveToGeneric(i)
        | B::ImmBorrowGlobalGeneric(i)
        | B::MutBorrowGlobalGeneric(i)
            if seen.structs_key.insert(i.0) =>
        {
            checker.struct_inst(*i, key)?.check_in(context)
        }
        B::ImmBorrowFieldGeneric(i) | B::MutBorrowFieldGeneric(i) if seen.fields.insert(i.0) => {
            checker.field_inst(*i)?.check_in(context)
        }
        B::ImmBorrowVariantFieldGeneric(i) | B::MutBorrowVariantFieldGeneric(i)
            if seen.variant_fields.insert(i.0) =>
        {
            checker.variant_field_inst(*i)?.check_in(context)
        }
        B::CallClosure(sig) => {
            let sig = checker.binary.sig(*sig)?;
            match sig.0.as_slice() {
                [SignatureToken::Function(..)] => Ok(()),
                _ => Err(err(StatusCode::CLOSURE_CALL_REQUIRES_FUNCTION)
                    .with_message("expected a function type for closure call")),
            }
        }
        B::VecPack(s, _)
        | B::VecLen(s)
        | B::VecImmBorrow(s)
        | B::VecMutBorrow(s)
        | B::VecPushBack(s)
        | B::VecPopBack(s)
        | B::VecUnpack(s, _)
        | B::VecSwap(s)
            if seen.vecs.insert(s.0) =>
        {
            let tys = &checker.binary.sig(*s)?.0;
            match tys.as_slice() {
                [ty] if ty.is_reference() => Err(reference_not_allowed()),
                [_] => checker.verify_signature_in_context(context, *s),
                _ => Err(err(StatusCode::NUMBER_OF_TYPE_ARGUMENTS_MISMATCH)),
            }
        }
        _ => Ok(()),
    }
}
