//! Runtime type checks for code that did not pass the bytecode verifier (the peer's
//! "paranoid" mode, `Session::set_type_checks`).
//!
//! A stack of types runs beside the operand stack, and each frame knows the instantiated types
//! of its locals. Each original instruction is checked in two steps, as the peer does:
//! before it executes (`before`: conditional branches, `StLoc`, `Ret`, `Abort`, calls and
//! closure packing) and after it succeeded (`after`: everything else), so that an
//! instruction whose values fail at run time reports that failure, not the type check. A
//! failed check is `UNKNOWN_INVARIANT_VIOLATION_ERROR` with sub-status 1 and the peer's message
//! (`status-codes.md` §5); where it is located follows the peer: at the instruction; at a
//! native's own module and offset 0 for a native's arguments; at the caller's caller (no
//! offset) for a Move callee's arguments; at the `ret` for a return.
//!
//! As in the peer, trusted code (modules at `0x0`…`0xf`) is not checked, and every return
//! checks the operand stack's height, checked code or not.
//!
//! The checks run only in the traced dispatch loop, so the ordinary loops carry no cost.

use super::{stack_trace, Frame, PARANOID_FAILURE};
use crate::loader::{
    module_full_name, signature, CodeCache, Function, LinkedFunction, ModuleLinks, SourceCode,
};
use crate::session::Session;
use crate::types::{TypeId, TypeLimits, TypeListId, TypeNode};
use crate::values::{ClosureTarget, Value};
use rustc_hash::FxHashMap;
use std::sync::{Arc, Weak};
use tern_binary::{
    BinaryTables, Bytecode, CompiledModule, CompiledScript, FunctionAttribute, SignatureIndex,
    SignatureToken, StructDefinitionIndex, StructFieldInformation, Visibility,
};
use tern_ir::{field_path, vec_read, Op};
use tern_primitives::{Ability, AbilitySet, Location, ModuleId, StatusCode, VmError};

/// A failed runtime type check.
#[cold]
fn failure(msg: String) -> VmError {
    VmError::new(StatusCode::UNKNOWN_INVARIANT_VIOLATION_ERROR)
        .with_sub_status(PARANOID_FAILURE)
        .with_message(msg)
}

#[cold]
fn empty_stack() -> VmError {
    VmError::new(StatusCode::EMPTY_VALUE_STACK).with_message("runtime type stack empty")
}

/// The type stack and the local types of the frames of a checked run.
#[derive(Debug, Default)]
pub(crate) struct TypeChecker {
    stack: Vec<TypeId>,
    frames: Vec<TypeFrame>,
    /// The outcomes of checks that passed, for instructions whose check depends only on the
    /// instruction, its function's type arguments and the types it pops
    /// ([`memo_arity`]): the type pushed, if any (perf: such a check looks up handles,
    /// definitions and instantiations, and takes the code cache's lock, every time it runs).
    /// Only for one run (cleared at its entry): an instruction's address names it while the
    /// run keeps its function alive.
    memo: FxHashMap<MemoKey, Option<TypeId>>,
    /// The generic calls of Move functions whose full checks passed, by call instruction and
    /// caller's type arguments (like `memo`, for one run): the callee's frame they pushed.
    generic_calls: FxHashMap<(usize, TypeListId), GenericCall>,
    /// The result types of generic functions, by function (its address: the run keeps it
    /// alive) and type arguments, for one run.
    generic_returns: FxHashMap<(usize, TypeListId), Arc<[TypeId]>>,
    /// The super-instructions over locals ([`reads_locals_only`]) whose original
    /// instructions' checks all passed, by op (its address: the run keeps its function alive)
    /// and frame type arguments, for one run: the type the unit leaves pushed, if any.
    units: FxHashMap<(usize, TypeListId), Option<TypeId>>,
}

/// Whether the original instructions behind `op` (a super-instruction, or `copy_loc` and
/// `borrow_loc` alone) take their operands from locals only (none from the operand stack)
/// and have checks that depend on types alone: the local types fix their outcome, so it holds
/// for every run of the op under the same type arguments (see `Session::unit_effect`).
pub(crate) fn reads_locals_only(op: &Op) -> bool {
    matches!(
        op,
        Op::FieldElemFieldRead { .. }
            | Op::VecReadLoc { .. }
            | Op::LocStLoc { .. }
            | Op::BorrowFieldLoc { .. }
            | Op::CopyLoc(_)
            | Op::BorrowLoc(_)
    )
}

/// The local a super-instruction over locals stores to, if it stores.
fn unit_destination(op: &Op) -> Option<u8> {
    match *op {
        Op::FieldElemFieldRead { dst, form, .. } if form & field_path::STORE != 0 => Some(dst),
        Op::VecReadLoc { dst, form, .. } if form & vec_read::STORE != 0 => Some(dst),
        Op::LocStLoc { dst, .. } => Some(dst),
        _ => None,
    }
}

/// A generic call whose full checks passed once (see `TypeChecker::generic_calls`).
#[derive(Debug)]
struct GenericCall {
    /// The callee's instantiated local types (its parameters first).
    locals: Arc<[TypeId]>,
    /// Number of parameters.
    params: usize,
    /// Whether the callee is checked (not trusted code).
    checked: bool,
    /// The callee's type arguments, interned.
    ty_args: TypeListId,
}

/// A remembered check: the instruction's address, its frame's type arguments and the types
/// it popped (top first; [`NO_TYPE`] where it pops fewer).
type MemoKey = (usize, TypeListId, TypeId, TypeId);

/// No type (a [`MemoKey`] slot of an instruction that pops fewer types).
const NO_TYPE: TypeId = TypeId(u32::MAX);

/// The most outcomes a run remembers (beyond, the memo starts again).
const MEMO_CAPACITY: usize = 1 << 16;

/// How many types the check of `instr` pops and whether it pushes one, for the instructions
/// whose check (when it passes) depends only on the instruction, its frame's type arguments
/// (which fix its local types and every instantiation it names) and the popped types; `None`
/// for the others.
fn memo_arity(instr: &Bytecode) -> Option<(usize, bool)> {
    use Bytecode as B;
    Some(match instr {
        B::ImmBorrowLoc(_) | B::MutBorrowLoc(_) | B::CopyLoc(_) | B::LdConst(_) => (0, true),
        B::ImmBorrowField(_)
        | B::MutBorrowField(_)
        | B::ImmBorrowFieldGeneric(_)
        | B::MutBorrowFieldGeneric(_)
        | B::ImmBorrowVariantField(_)
        | B::MutBorrowVariantField(_)
        | B::ImmBorrowVariantFieldGeneric(_)
        | B::MutBorrowVariantFieldGeneric(_)
        | B::ReadRef
        | B::FreezeRef
        | B::VecLen(_)
        | B::VecPopBack(_)
        | B::TestVariant(_)
        | B::TestVariantGeneric(_)
        | B::Exists(_)
        | B::ExistsGeneric(_)
        | B::ImmBorrowGlobal(_)
        | B::ImmBorrowGlobalGeneric(_)
        | B::MutBorrowGlobal(_)
        | B::MutBorrowGlobalGeneric(_)
        | B::MoveFrom(_)
        | B::MoveFromGeneric(_) => (1, true),
        B::Pop => (1, false),
        B::VecImmBorrow(_) | B::VecMutBorrow(_) | B::Eq | B::Neq => (2, true),
        B::WriteRef | B::VecPushBack(_) | B::MoveTo(_) | B::MoveToGeneric(_) => (2, false),
        _ => return None,
    })
}

/// What the checks know of one frame.
#[derive(Debug)]
struct TypeFrame {
    /// Instantiated types of the parameters and locals (shared with the function or the
    /// remembered generic call: a call copies nothing).
    locals: Arc<[TypeId]>,
    /// Height of the type stack when the frame was entered (its arguments taken).
    caller_height: usize,
    /// Height of the operand stack when the frame was entered (its arguments taken).
    caller_values: usize,
    /// Whether the frame's instructions are checked (false for trusted code).
    checked: bool,
    /// The frame's type arguments, interned (part of a remembered check's key).
    ty_args: TypeListId,
}

/// Whether `f` is trusted code: a function of a module at a special address (`0x0` to
/// `0xf`, so the whole library). The peer's configurations skip the type checks inside
/// trusted code ("trusted-code optimisation"); they still check untrusted callers, including
/// at their calls into it.
fn trusted(f: &Function) -> bool {
    f.id.module.as_ref().is_some_and(|m| m.address.is_special())
}

/// The tables an instruction's operands index into.
#[derive(Clone, Copy)]
pub(super) enum Unit<'a> {
    Module(&'a CompiledModule),
    Script(&'a CompiledScript),
}

impl<'a> Unit<'a> {
    pub(super) fn of(links: &'a ModuleLinks) -> Result<Unit<'a>, VmError> {
        match &links.source {
            SourceCode::Module(m) => Ok(Unit::Module(m)),
            SourceCode::Script(s) => Ok(Unit::Script(s)),
            SourceCode::None => Err(super::invariant("no tables to type check against")),
        }
    }

    /// The unit's address, which names it while a run keeps it alive.
    fn address(self) -> usize {
        match self {
            Unit::Module(m) => m as *const CompiledModule as usize,
            Unit::Script(s) => s as *const CompiledScript as usize,
        }
    }

    pub(super) fn module(self) -> Result<&'a CompiledModule, VmError> {
        match self {
            Unit::Module(m) => Ok(m),
            Unit::Script(_) => Err(super::invariant("a script has no definitions")),
        }
    }

    fn convert(self, cache: &mut CodeCache, tok: &SignatureToken) -> Result<TypeId, VmError> {
        match self {
            Unit::Module(m) => signature::convert(cache, m, tok),
            Unit::Script(s) => signature::convert(cache, s, tok),
        }
    }

    fn signature(self, idx: SignatureIndex) -> Result<&'a [SignatureToken], VmError> {
        let sig = match self {
            Unit::Module(m) => m.signature_at(idx),
            Unit::Script(s) => s.signature_at(idx),
        };
        sig.map(|s| s.0.as_slice())
            .ok_or_else(crate::loader::bad_index)
    }
}

/// The context of the instruction being checked.
pub(super) struct Cx<'a> {
    pub(super) cache: &'a mut CodeCache,
    pub(super) unit: Unit<'a>,
    pub(super) ty_args: &'a [TypeId],
    /// `Interpreter::first_types`.
    pub(super) first_types: &'a mut FxHashMap<(usize, u16), TypeId>,
}

impl Cx<'_> {
    /// `tok` under the frame's type arguments.
    pub(super) fn ty(&mut self, tok: &SignatureToken) -> Result<TypeId, VmError> {
        let t = self.unit.convert(self.cache, tok)?;
        self.cache
            .types
            .substitute(t, self.ty_args, &TypeLimits::NONE)
    }

    /// The types of a signature under the frame's type arguments.
    fn sig(&mut self, idx: SignatureIndex) -> Result<Vec<TypeId>, VmError> {
        let toks = self.unit.signature(idx)?;
        toks.iter().map(|t| self.ty(t)).collect()
    }

    /// The first type of a signature (vector element types, closure types).
    ///
    /// perf: its conversion is remembered for the run (a closure type took about 900 host
    /// instructions to convert, twice per checked `call_closure`).
    pub(super) fn sig_first(&mut self, idx: SignatureIndex) -> Result<TypeId, VmError> {
        let key = (self.unit.address(), idx.0);
        let t = match self.first_types.get(&key) {
            Some(&t) => t,
            None => {
                let toks = self.unit.signature(idx)?;
                let tok = toks.first().ok_or_else(crate::loader::bad_index)?;
                let t = self.unit.convert(self.cache, tok)?;
                if self.first_types.len() >= MEMO_CAPACITY {
                    self.first_types.clear();
                }
                self.first_types.insert(key, t);
                t
            }
        };
        self.cache
            .types
            .substitute(t, self.ty_args, &TypeLimits::NONE)
    }

    fn prim(&mut self, node: TypeNode) -> TypeId {
        self.cache.types.intern(node)
    }

    fn reference(&mut self, ty: TypeId, mutable: bool) -> TypeId {
        if mutable {
            self.prim(TypeNode::MutableReference(ty))
        } else {
            self.prim(TypeNode::Reference(ty))
        }
    }

    /// The struct type of a definition with `args` as its type arguments.
    fn struct_ty(
        &mut self,
        def: StructDefinitionIndex,
        args: &[TypeId],
    ) -> Result<TypeId, VmError> {
        let m = self.unit.module()?;
        let d = at(&m.struct_defs, def.idx())?;
        let sid = signature::struct_of(self.cache, m, d.struct_handle.0)?;
        let list = self.cache.types.intern_list(args);
        Ok(self.prim(TypeNode::Struct(sid, list)))
    }

    /// The field types of a definition (of `variant` for an enum) with `args` substituted.
    fn field_tys(
        &mut self,
        def: StructDefinitionIndex,
        variant: Option<u16>,
        args: &[TypeId],
    ) -> Result<Vec<TypeId>, VmError> {
        let m = self.unit.module()?;
        let d = at(&m.struct_defs, def.idx())?;
        let fields = match (&d.field_information, variant) {
            (StructFieldInformation::Declared(f), None) => f.as_slice(),
            (StructFieldInformation::DeclaredVariants(vs), Some(v)) => vs
                .get(usize::from(v))
                .map(|v| v.fields.as_slice())
                .ok_or_else(crate::loader::bad_index)?,
            _ => {
                return Err(super::invariant(
                    "struct layout does not match the instruction",
                ))
            }
        };
        let mut out = Vec::with_capacity(fields.len());
        for f in fields {
            let t = signature::convert(self.cache, m, &f.type_)?;
            out.push(self.cache.types.substitute(t, args, &TypeLimits::NONE)?);
        }
        Ok(out)
    }

    /// The type arguments an instantiation names (none for a plain handle).
    fn args(&mut self, sig: Option<SignatureIndex>) -> Result<Vec<TypeId>, VmError> {
        sig.map_or(Ok(Vec::new()), |sig| self.sig(sig))
    }

    /// The struct type of a definition and its field types (of `variant` for an enum), with
    /// the type arguments `sig` names.
    pub(super) fn members(
        &mut self,
        def: StructDefinitionIndex,
        variant: Option<u16>,
        sig: Option<SignatureIndex>,
    ) -> Result<(TypeId, Vec<TypeId>), VmError> {
        let args = self.args(sig)?;
        let ty = self.struct_ty(def, &args)?;
        let fields = self.field_tys(def, variant, &args)?;
        Ok((ty, fields))
    }

    /// The struct type of a struct definition instantiation.
    pub(super) fn struct_inst_ty(&mut self, si: u16) -> Result<TypeId, VmError> {
        let inst = at(
            &self.unit.module()?.struct_def_instantiations,
            usize::from(si),
        )?;
        let args = self.sig(inst.type_parameters)?;
        self.struct_ty(inst.def, &args)
    }

    /// Struct type and field types of a struct definition instantiation.
    pub(super) fn struct_inst(&mut self, si: u16) -> Result<(TypeId, Vec<TypeId>), VmError> {
        let inst = at(
            &self.unit.module()?.struct_def_instantiations,
            usize::from(si),
        )?;
        self.members(inst.def, None, Some(inst.type_parameters))
    }

    /// Struct type and field types of a variant handle (with the type arguments `sig` names).
    pub(super) fn variant(
        &mut self,
        handle: u16,
        sig: Option<SignatureIndex>,
    ) -> Result<(TypeId, Vec<TypeId>), VmError> {
        let m = self.unit.module()?;
        let h = at(&m.struct_variant_handles, usize::from(handle))?;
        self.members(h.struct_index, Some(h.variant), sig)
    }

    /// Enum type and field types of a Sui variant handle (with the type arguments `sig`
    /// names).
    pub(super) fn sui_variant(
        &mut self,
        handle: u16,
        sig: Option<SignatureIndex>,
    ) -> Result<(TypeId, Vec<TypeId>), VmError> {
        let m = self.unit.module()?;
        let h = at(&m.variant_handles, usize::from(handle))?;
        self.sui_members(h.enum_def.idx(), h.variant, sig)
    }

    /// Enum type and field types of a Sui variant instantiation handle.
    pub(super) fn sui_variant_inst(&mut self, idx: u16) -> Result<(TypeId, Vec<TypeId>), VmError> {
        let m = self.unit.module()?;
        let h = at(&m.variant_instantiation_handles, usize::from(idx))?;
        let inst = at(&m.enum_def_instantiations, h.enum_def.idx())?;
        let (def, variant, sig) = (inst.def.idx(), h.variant, inst.type_parameters);
        self.sui_members(def, variant, Some(sig))
    }

    /// The enum type of Sui enum definition `def` and the field types of its `variant`, with
    /// the type arguments `sig` names.
    fn sui_members(
        &mut self,
        def: usize,
        variant: u16,
        sig: Option<SignatureIndex>,
    ) -> Result<(TypeId, Vec<TypeId>), VmError> {
        let args = self.args(sig)?;
        let m = self.unit.module()?;
        let d = at(&m.enum_defs, def)?;
        let sid = signature::struct_of(self.cache, m, d.enum_handle.0)?;
        let list = self.cache.types.intern_list(&args);
        let ty = self.prim(TypeNode::Struct(sid, list));
        let fields = &at(&d.variants, usize::from(variant))?.fields;
        let mut out = Vec::with_capacity(fields.len());
        for f in fields {
            let t = signature::convert(self.cache, m, &f.type_)?;
            out.push(self.cache.types.substitute(t, &args, &TypeLimits::NONE)?);
        }
        Ok((ty, out))
    }

    pub(super) fn variant_inst(&mut self, idx: u16) -> Result<(TypeId, Vec<TypeId>), VmError> {
        let m = self.unit.module()?;
        let inst = at(&m.struct_variant_instantiations, usize::from(idx))?;
        self.variant(inst.handle.0, Some(inst.type_parameters))
    }

    /// Struct type and field type of a field handle (with the type arguments `sig` names).
    fn field(&mut self, fh: u16, sig: Option<SignatureIndex>) -> Result<(TypeId, TypeId), VmError> {
        let m = self.unit.module()?;
        let h = at(&m.field_handles, usize::from(fh))?;
        let (ty, fields) = self.members(h.owner, None, sig)?;
        Ok((ty, *at(&fields, usize::from(h.field))?))
    }

    pub(super) fn field_inst(&mut self, fi: u16) -> Result<(TypeId, TypeId), VmError> {
        let m = self.unit.module()?;
        let inst = at(&m.field_instantiations, usize::from(fi))?;
        self.field(inst.handle.0, Some(inst.type_parameters))
    }

    /// Struct type and field type of a variant field handle (the field as declared in the
    /// first variant the handle names).
    fn variant_field(
        &mut self,
        vh: u16,
        sig: Option<SignatureIndex>,
    ) -> Result<(TypeId, TypeId), VmError> {
        let m = self.unit.module()?;
        let h = at(&m.variant_field_handles, usize::from(vh))?;
        let variant = *h.variants.first().ok_or_else(crate::loader::bad_index)?;
        let (ty, fields) = self.members(h.struct_index, Some(variant), sig)?;
        Ok((ty, *at(&fields, usize::from(h.field))?))
    }

    pub(super) fn variant_field_inst(&mut self, vi: u16) -> Result<(TypeId, TypeId), VmError> {
        let m = self.unit.module()?;
        let inst = at(&m.variant_field_instantiations, usize::from(vi))?;
        self.variant_field(inst.handle.0, Some(inst.type_parameters))
    }

    fn abilities(&self, ty: TypeId) -> AbilitySet {
        self.cache.abilities(ty)
    }

    fn show(&self, ty: TypeId) -> String {
        show_type(self.cache, ty)
    }

    fn has_ability(&self, ty: TypeId, a: Ability) -> Result<(), VmError> {
        if self.abilities(ty).has(a) {
            return Ok(());
        }
        Err(failure(format!(
            "Type {} does not have expected ability {}",
            self.show(ty),
            a.name()
        )))
    }

    fn check_eq(&self, given: TypeId, expected: TypeId) -> Result<(), VmError> {
        if given == expected {
            return Ok(());
        }
        Err(failure(format!(
            "Expected type {}, got {}",
            self.show(expected),
            self.show(given)
        )))
    }

    fn assignable(&self, given: TypeId, expected: TypeId) -> Result<(), VmError> {
        assignable(self.cache, given, expected)
    }

    /// `ty` is a reference (a mutable one when `mutable`) to `expected`.
    fn ref_eq(&self, ty: TypeId, expected: TypeId, mutable: bool) -> Result<(), VmError> {
        match self.cache.types.node(ty) {
            TypeNode::MutableReference(inner) => self.check_eq(*inner, expected),
            TypeNode::Reference(inner) if !mutable => self.check_eq(*inner, expected),
            _ => Err(failure(format!(
                "Expected a (mutable: {mutable}) reference type, got {}",
                self.show(ty)
            ))),
        }
    }

    /// `ty` is a reference (a mutable one when `mutable`) to a vector of `elem`; returns
    /// the element type.
    fn vec_ref(&self, ty: TypeId, elem: TypeId, mutable: bool) -> Result<TypeId, VmError> {
        let inner = match self.cache.types.node(ty) {
            TypeNode::MutableReference(inner) => Some(*inner),
            TypeNode::Reference(inner) if !mutable => Some(*inner),
            _ => None,
        };
        if let Some(inner) = inner {
            if let TypeNode::Vector(e) = self.cache.types.node(inner) {
                self.check_eq(*e, elem)?;
                return Ok(*e);
            }
        }
        Err(failure(format!(
            "Expected a (mutable: {mutable}) vector reference, got {}",
            self.show(ty)
        )))
    }

    fn is(&self, ty: TypeId, node: &TypeNode, what: &str) -> Result<(), VmError> {
        if self.cache.types.node(ty) == node {
            return Ok(());
        }
        Err(failure(format!(
            "Expected {what} type, got {}",
            self.show(ty)
        )))
    }
}

/// Whether a value of type `given` may be used where `expected` is: the types are equal,
/// except that a function type may have more abilities than expected, and an immutable
/// reference's target is compared the same way (a mutable reference's must be equal).
fn assignable(cache: &CodeCache, given: TypeId, expected: TypeId) -> Result<(), VmError> {
    if given == expected {
        return Ok(());
    }
    let ok = match (cache.types.node(expected), cache.types.node(given)) {
        (TypeNode::Function(a, r, ab), TypeNode::Function(ga, gr, gab)) => {
            a == ga && r == gr && ab.is_subset(*gab)
        }
        (TypeNode::Reference(e), TypeNode::Reference(g)) => {
            assignable(cache, *g, *e)?;
            true
        }
        _ => given == expected,
    };
    if ok {
        return Ok(());
    }
    Err(failure(format!(
        "Expected type {}, got {} which is not assignable ",
        show_type(cache, expected),
        show_type(cache, given)
    )))
}

/// A runtime type as the peer prints it in check messages (`status-codes.md` §5).
fn show_type(cache: &CodeCache, ty: TypeId) -> String {
    let list = |l: TypeListId, sep: &str| {
        cache
            .types
            .list(l)
            .iter()
            .map(|t| show_type(cache, *t))
            .collect::<Vec<_>>()
            .join(sep)
    };
    match cache.types.node(ty) {
        TypeNode::Bool => "bool".into(),
        TypeNode::U8 => "u8".into(),
        TypeNode::U16 => "u16".into(),
        TypeNode::U32 => "u32".into(),
        TypeNode::U64 => "u64".into(),
        TypeNode::U128 => "u128".into(),
        TypeNode::U256 => "u256".into(),
        TypeNode::I8 => "i8".into(),
        TypeNode::I16 => "i16".into(),
        TypeNode::I32 => "i32".into(),
        TypeNode::I64 => "i64".into(),
        TypeNode::I128 => "i128".into(),
        TypeNode::I256 => "i256".into(),
        TypeNode::Address => "address".into(),
        TypeNode::Signer => "signer".into(),
        TypeNode::Vector(t) => format!("vector<{}>", show_type(cache, *t)),
        TypeNode::Reference(t) => format!("&{}", show_type(cache, *t)),
        TypeNode::MutableReference(t) => format!("&mut {}", show_type(cache, *t)),
        TypeNode::Struct(sid, args) if *args == TypeListId::EMPTY => format!("s#{}", sid.0),
        TypeNode::Struct(sid, args) => format!("s#{}<{}>", sid.0, list(*args, ",")),
        // As the peer prints it: parameters and results each joined by a bare comma.
        TypeNode::Function(args, results, abilities) => {
            let abilities = if abilities.is_empty() {
                String::new()
            } else {
                format!(" has {abilities}")
            };
            format!("|{}|{}{abilities}", list(*args, ","), list(*results, ","))
        }
        TypeNode::TypeParam(i) => format!("_{i}"),
    }
}

impl TypeChecker {
    fn pop(&mut self) -> Result<TypeId, VmError> {
        self.stack.pop().ok_or_else(empty_stack)
    }

    fn popn(&mut self, n: usize) -> Result<Vec<TypeId>, VmError> {
        let at = self.stack.len().checked_sub(n).ok_or_else(empty_stack)?;
        Ok(self.stack.split_off(at))
    }

    fn top(&self) -> Result<TypeId, VmError> {
        self.stack.last().copied().ok_or_else(empty_stack)
    }

    fn push(&mut self, ty: TypeId) {
        self.stack.push(ty);
    }

    /// The memo key of `instr` over the types on top of the stack (`None`: not remembered).
    fn memo_key(&self, instr: &Bytecode) -> Option<(MemoKey, usize)> {
        let (pops, _) = memo_arity(instr)?;
        let n = self.stack.len();
        if n < pops {
            return None;
        }
        let popped = |k: usize| match k < pops {
            true => self.stack.get(n - 1 - k).copied().unwrap_or(NO_TYPE),
            false => NO_TYPE,
        };
        let ty_args = self.frames.last()?.ty_args;
        let key = (
            instr as *const Bytecode as usize,
            ty_args,
            popped(0),
            popped(1),
        );
        Some((key, pops))
    }

    /// Replays a remembered check that passed: true (done) if `key` is remembered.
    fn replay(&mut self, (key, pops): (MemoKey, usize)) -> bool {
        let Some(&pushed) = self.memo.get(&key) else {
            return false;
        };
        self.stack.truncate(self.stack.len() - pops);
        if let Some(t) = pushed {
            self.stack.push(t);
        }
        true
    }

    /// Remembers that the check of `key` passed (its result, if any, on top of the stack).
    fn remember(&mut self, instr: &Bytecode, (key, _): (MemoKey, usize)) {
        let pushed = match memo_arity(instr) {
            Some((_, true)) => self.stack.last().copied(),
            _ => None,
        };
        if self.memo.len() >= MEMO_CAPACITY {
            self.memo.clear();
        }
        self.memo.insert(key, pushed);
    }

    /// Pops a call's argument types when they are exactly `params` (false: nothing changed).
    fn take_args(&mut self, params: &[TypeId]) -> bool {
        let Some(at) = self.stack.len().checked_sub(params.len()) else {
            return false;
        };
        if self.stack.get(at..) != Some(params) {
            return false;
        }
        self.stack.truncate(at);
        true
    }

    /// Pushes a callee's frame with local types `locals`, entered with `caller_values`
    /// values on the operand stack below its arguments.
    fn enter(
        &mut self,
        locals: &Arc<[TypeId]>,
        caller_values: usize,
        checked: bool,
        ty_args: TypeListId,
    ) {
        self.frames.push(TypeFrame {
            locals: locals.clone(),
            caller_height: self.stack.len(),
            caller_values,
            checked,
            ty_args,
        });
    }

    /// Whether the running frame is checked (not trusted code).
    fn checking(&self) -> bool {
        self.frames.last().is_some_and(|t| t.checked)
    }

    /// The checks after `instr` where they need no table: instructions over primitive types
    /// and the locals' types. True: done (they passed); false: nothing changed, and the full
    /// checks (which also raise every failure) must run. perf: the full checks take the code
    /// cache's lock and build a context for every instruction.
    fn after_fast(&mut self, instr: &Bytecode) -> bool {
        use Bytecode as B;
        let n = self.stack.len();
        // The top two types when equal (binary operators take two operands of one type).
        let pair = || match self.stack.get(n.wrapping_sub(2)..) {
            Some(&[a, b]) if a == b => Some(b),
            _ => None,
        };
        if let Some(node) = loaded(instr) {
            return match TypeId::primitive(&node) {
                Some(t) => {
                    self.stack.push(t);
                    true
                }
                None => false,
            };
        }
        match instr {
            B::MoveLoc(i) | B::CopyLoc(i) => {
                let Ok(t) = self.local(*i) else {
                    return false;
                };
                // Every primitive but `signer` has `copy`.
                if matches!(instr, B::CopyLoc(_)) && !(t.is_primitive() && t != TypeId::SIGNER) {
                    return false;
                }
                self.stack.push(t);
                return true;
            }
            B::Pop => {
                if !self.stack.last().is_some_and(|t| t.is_primitive()) {
                    return false;
                }
                self.stack.truncate(n - 1);
                return true;
            }
            // One type for both operands and the result.
            B::Add
            | B::Sub
            | B::Mul
            | B::Mod
            | B::Div
            | B::BitOr
            | B::BitAnd
            | B::Xor
            | B::Or
            | B::And => {
                if pair().is_none() {
                    return false;
                }
                self.stack.truncate(n - 1);
                return true;
            }
            B::Shl | B::Shr => {
                if n == 0 {
                    return false;
                }
                self.stack.truncate(n - 1);
                return true;
            }
            // `eq` also needs `drop`, which every primitive has.
            B::Lt | B::Le | B::Gt | B::Ge | B::Eq | B::Neq => {
                let Some(t) = pair() else {
                    return false;
                };
                if matches!(instr, B::Eq | B::Neq) && !t.is_primitive() {
                    return false;
                }
                self.stack.truncate(n - 2);
                self.stack.push(TypeId::BOOL);
                return true;
            }
            B::Not => return self.stack.last() == Some(&TypeId::BOOL),
            _ => match (cast_target(instr), n) {
                (Some(node), 1..) => match TypeId::primitive(&node) {
                    Some(t) => {
                        self.stack.truncate(n - 1);
                        self.stack.push(t);
                    }
                    None => return false,
                },
                _ => return false,
            },
        }
        true
    }

    /// The net effect on the type stack of the original instructions behind a
    /// super-instruction over `u64` values (`i64` for the `i64` immediates), when every check
    /// they have would pass in its table-free form: `(types popped, type pushed)`. `None`:
    /// not such a super-instruction, or a local or operand type that is not exactly the one
    /// its fast path handles; the instructions then run and are checked one by one (which
    /// raises any failure at its own instruction). `code` holds the frame's ops (a
    /// `branch` fused with the loop test at its target takes that test's effect). In
    /// trusted code nothing is checked: no effect.
    ///
    /// The conditions are stricter than the checks (every operand exactly `u64`): what the
    /// originals check, in order, is the type of each local copied or moved (copy: a
    /// primitive other than `signer`), that the two operands of the operator have one type
    /// (`eq`/`neq`: also a primitive), that a branch pops something, and that `st_loc`'s
    /// value has the local's declared type (a primitive, so nothing to drop); with all of
    /// them `u64`, each holds. Single instructions whose check needs no table (`branch`,
    /// loads, `copy_loc` and `st_loc` of a primitive, `move_loc`, `pop`, a conditional
    /// branch on a `bool`, operators on two `u64`) take the same path, with the conditions
    /// of `after_fast` and `before_fast` or stricter ones.
    #[inline(always)]
    pub(crate) fn fused_effect(&self, op: &Op, code: &[Op]) -> Option<(usize, Option<TypeId>)> {
        let frame = self.frames.last()?;
        let u64_local = |i: u8| frame.locals.get(usize::from(i)) == Some(&TypeId::U64);
        let n = self.stack.len();
        let on_top = |k: usize, ty: TypeId| n >= k && self.stack[n - k..].iter().all(|t| *t == ty);
        let (ok, effect) = match *op {
            Op::CmpLocImmBrFalse { local, .. } => (u64_local(local), (0, None)),
            Op::CmpLocLocBrFalse { a, b, .. } => (u64_local(a) && u64_local(b), (0, None)),
            Op::BranchTest(target) => {
                return match code.get(target as usize)? {
                    test @ (Op::CmpLocImmBrFalse { .. } | Op::CmpLocLocBrFalse { .. }) => {
                        self.fused_effect(test, code)
                    }
                    _ => None,
                };
            }
            Op::ArithLocImmStLoc { src, dst, .. }
            | Op::AddLocImmStLoc { src, dst, .. }
            | Op::SubLocImmStLoc { src, dst, .. } => (u64_local(src) && u64_local(dst), (0, None)),
            Op::AddLocImm { src, .. } | Op::SubLocImm { src, .. } => {
                (u64_local(src), (0, Some(TypeId::U64)))
            }
            Op::BinLocLoc { a, b, .. } => (u64_local(a) && u64_local(b), (0, Some(TypeId::U64))),
            Op::BinLocLocStLoc { a, b, dst, .. } => {
                (u64_local(a) && u64_local(b) && u64_local(dst), (0, None))
            }
            Op::BinStLoc { dst, .. } => (on_top(2, TypeId::U64) && u64_local(dst), (2, None)),
            Op::LdU64StLoc { dst, .. } => (u64_local(dst), (0, None)),
            Op::AddImm(_) | Op::SubImm(_) | Op::MulImm(_) | Op::ModImm(_) | Op::DivImm(_) => {
                (on_top(1, TypeId::U64), (0, None))
            }
            Op::AddImmI64(_)
            | Op::SubImmI64(_)
            | Op::MulImmI64(_)
            | Op::ModImmI64(_)
            | Op::DivImmI64(_) => (on_top(1, TypeId::I64), (0, None)),
            // Single instructions whose checks need no table, as `after_fast` and
            // `before_fast` make them (perf: without the observed loop's per-instruction work).
            Op::Branch(_) => (true, (0, None)),
            Op::LdU64(_) => (true, (0, Some(TypeId::U64))),
            Op::LdTrue | Op::LdFalse => (true, (0, Some(TypeId::BOOL))),
            Op::CopyLoc(i) => match frame.locals.get(usize::from(i)) {
                Some(&t) if t.is_primitive() && t != TypeId::SIGNER => (true, (0, Some(t))),
                _ => (false, (0, None)),
            },
            Op::MoveLoc(i) => match frame.locals.get(usize::from(i)) {
                Some(&t) => (true, (0, Some(t))),
                None => (false, (0, None)),
            },
            // A primitive destination: nothing to drop, whatever it holds.
            Op::StLoc(i) => match (self.stack.last(), frame.locals.get(usize::from(i))) {
                (Some(&given), Some(&expected)) => {
                    (given == expected && expected.is_primitive(), (1, None))
                }
                _ => (false, (0, None)),
            },
            Op::Pop => (
                self.stack.last().is_some_and(|t| t.is_primitive()),
                (1, None),
            ),
            Op::BrFalse(_) | Op::BrTrue(_) => (on_top(1, TypeId::BOOL), (1, None)),
            Op::Add | Op::Sub | Op::Mul | Op::Mod | Op::Div | Op::BitOr | Op::BitAnd | Op::Xor => {
                (on_top(2, TypeId::U64), (1, None))
            }
            Op::Lt | Op::Gt | Op::Le | Op::Ge | Op::Eq | Op::Neq => {
                (on_top(2, TypeId::U64), (2, Some(TypeId::BOOL)))
            }
            _ => return None,
        };
        match (frame.checked, ok) {
            (false, _) => Some((0, None)),
            (true, true) => Some(effect),
            (true, false) => None,
        }
    }

    /// Applies an effect from [`TypeChecker::fused_effect`] after its super-instruction ran.
    pub(crate) fn apply_fused(&mut self, (pops, push): (usize, Option<TypeId>)) {
        self.stack.truncate(self.stack.len().saturating_sub(pops));
        if let Some(t) = push {
            self.stack.push(t);
        }
    }

    /// The checks before a branch, `abort` or `st_loc` where they need no table (see
    /// [`TypeChecker::after_fast`]); `overwritten` tells whether `st_loc`'s local holds a
    /// value. True: done; false: nothing changed.
    fn before_fast(&mut self, instr: &Bytecode, overwritten: bool) -> bool {
        let top = self.stack.last().copied();
        match instr {
            Bytecode::BrTrue(_) | Bytecode::BrFalse(_) | Bytecode::Abort if top.is_some() => {}
            // Equal types are assignable; every primitive has `drop`.
            Bytecode::StLoc(i) => match (top, self.local(*i)) {
                (Some(given), Ok(expected))
                    if given == expected && (!overwritten || expected.is_primitive()) => {}
                _ => return false,
            },
            _ => return false,
        }
        self.stack.pop();
        true
    }

    fn local(&self, i: u8) -> Result<TypeId, VmError> {
        self.frames
            .last()
            .and_then(|f| f.locals.get(usize::from(i)))
            .copied()
            .ok_or_else(|| super::invariant("local index out of range"))
    }

    /// Packing: the field types are popped and checked, the struct type pushed.
    fn pack(&mut self, cx: &Cx<'_>, ty: TypeId, fields: &[TypeId]) -> Result<(), VmError> {
        let abilities = cx.abilities(ty);
        let expected = if abilities.has(Ability::Key) {
            abilities.without(Ability::Key).with(Ability::Store)
        } else {
            abilities
        };
        let given = self.popn(fields.len())?;
        for (g, e) in given.iter().zip(fields) {
            let have = cx.abilities(*g);
            if !expected.is_subset(have) {
                return Err(failure(format!(
                    "Type {} has unexpected ability: expected {expected}, got {have}",
                    cx.show(*g)
                )));
            }
            cx.assignable(*g, *e)?;
        }
        self.push(ty);
        Ok(())
    }

    fn unpack(&mut self, cx: &Cx<'_>, ty: TypeId, fields: &[TypeId]) -> Result<(), VmError> {
        let given = self.pop()?;
        cx.check_eq(given, ty)?;
        self.stack.extend_from_slice(fields);
        Ok(())
    }

    /// A cast: the operand popped, the integer type `to` pushed.
    fn cast(&mut self, cx: &mut Cx<'_>, to: TypeNode) -> Result<(), VmError> {
        self.pop()?;
        self.push(cx.prim(to));
        Ok(())
    }

    /// Packing the struct or variant whose type and field types `members` gives.
    fn pack_members<'c>(
        &mut self,
        cx: &mut Cx<'c>,
        members: impl FnOnce(&mut Cx<'c>) -> Result<(TypeId, Vec<TypeId>), VmError>,
    ) -> Result<(), VmError> {
        let (ty, fields) = members(cx)?;
        self.pack(cx, ty, &fields)
    }

    /// Unpacking the struct or variant whose type and field types `members` gives.
    fn unpack_members<'c>(
        &mut self,
        cx: &mut Cx<'c>,
        members: impl FnOnce(&mut Cx<'c>) -> Result<(TypeId, Vec<TypeId>), VmError>,
    ) -> Result<(), VmError> {
        let (ty, fields) = members(cx)?;
        self.unpack(cx, ty, &fields)
    }

    /// Sui's unpacking of an enum variant through a reference: a reference to the enum type
    /// popped, a reference to each field (of the same mutability) pushed.
    fn unpack_ref(
        &mut self,
        cx: &mut Cx<'_>,
        (ty, fields): (TypeId, Vec<TypeId>),
        mutable: bool,
    ) -> Result<(), VmError> {
        let given = self.pop()?;
        cx.ref_eq(given, ty, mutable)?;
        for f in fields {
            let r = cx.reference(f, mutable);
            self.push(r);
        }
        Ok(())
    }

    /// Borrowing a field: a reference to the struct (or enum) popped, then `member` gives the
    /// struct's type and the field's, and a reference to the field is pushed.
    fn borrow_field<'c>(
        &mut self,
        cx: &mut Cx<'c>,
        mutable: bool,
        member: impl FnOnce(&mut Cx<'c>) -> Result<(TypeId, TypeId), VmError>,
    ) -> Result<(), VmError> {
        let given = self.pop()?;
        let (st, field) = member(cx)?;
        cx.ref_eq(given, st, mutable)?;
        let r = cx.reference(field, mutable);
        self.push(r);
        Ok(())
    }

    /// Testing an enum's variant: an immutable reference to the enum type `ty` popped, a
    /// `bool` pushed.
    fn test_variant(&mut self, cx: &mut Cx<'_>, ty: TypeId) -> Result<(), VmError> {
        let given = self.pop()?;
        cx.ref_eq(given, ty, false)?;
        self.push(cx.prim(TypeNode::Bool));
        Ok(())
    }

    /// `move_to`: the value and a `&signer` popped, then `resource` gives the resource type,
    /// which the value must have, with `key`.
    fn move_to<'c>(
        &mut self,
        cx: &mut Cx<'c>,
        resource: impl FnOnce(&mut Cx<'c>) -> Result<TypeId, VmError>,
    ) -> Result<(), VmError> {
        let given = self.pop()?;
        let signer = self.pop()?;
        let signer_ok = matches!(cx.cache.types.node(signer),
            TypeNode::Reference(t) if *cx.cache.types.node(*t) == TypeNode::Signer);
        if !signer_ok {
            return Err(failure(format!(
                "Expected &signer type, got {}",
                cx.show(signer)
            )));
        }
        let ty = resource(cx)?;
        cx.check_eq(given, ty)?;
        cx.has_ability(given, Ability::Key)
    }

    /// `move_from`: an address popped, then `resource` gives the resource type (with `key`),
    /// which is pushed.
    fn move_from<'c>(
        &mut self,
        cx: &mut Cx<'c>,
        resource: impl FnOnce(&mut Cx<'c>) -> Result<TypeId, VmError>,
    ) -> Result<(), VmError> {
        let a = self.pop()?;
        cx.is(a, &TypeNode::Address, "address")?;
        let ty = resource(cx)?;
        cx.has_ability(ty, Ability::Key)?;
        self.push(ty);
        Ok(())
    }

    /// The checks made before `instr` executes (calls excepted: see [`Session::check_call`]).
    fn before(
        &mut self,
        cx: &mut Cx<'_>,
        instr: &Bytecode,
        locals: &[Value],
    ) -> Result<(), VmError> {
        match instr {
            Bytecode::BrTrue(_) | Bytecode::BrFalse(_) | Bytecode::Abort => {
                self.pop()?;
            }
            Bytecode::AbortMsg => {
                self.popn(2)?;
            }
            Bytecode::CallClosure(sig) => {
                let expected = cx.sig_first(*sig)?;
                let given = self.pop()?;
                cx.assignable(given, expected)?;
            }
            Bytecode::Ret => {
                let frame = self
                    .frames
                    .last()
                    .ok_or_else(|| super::invariant("no frame"))?;
                for (i, ty) in frame.locals.iter().enumerate() {
                    if !matches!(locals.get(i), None | Some(Value::Invalid)) {
                        cx.has_ability(*ty, Ability::Drop)?;
                    }
                }
            }
            Bytecode::StLoc(i) => {
                let expected = self.local(*i)?;
                let given = self.pop()?;
                cx.assignable(given, expected)?;
                if !matches!(locals.get(usize::from(*i)), None | Some(Value::Invalid)) {
                    cx.has_ability(expected, Ability::Drop)?;
                }
            }
            // Nothing to check before these (calls are checked by `Session::check_call`).
            Bytecode::Pop
            | Bytecode::Branch(..)
            | Bytecode::LdU64(..)
            | Bytecode::LdConst(..)
            | Bytecode::LdTrue
            | Bytecode::LdFalse
            | Bytecode::CopyLoc(..)
            | Bytecode::MoveLoc(..)
            | Bytecode::MutBorrowLoc(..)
            | Bytecode::ImmBorrowLoc(..)
            | Bytecode::MutBorrowField(..)
            | Bytecode::ImmBorrowField(..)
            | Bytecode::Call(..)
            | Bytecode::Pack(..)
            | Bytecode::Unpack(..)
            | Bytecode::ReadRef
            | Bytecode::WriteRef
            | Bytecode::Add
            | Bytecode::Sub
            | Bytecode::Mul
            | Bytecode::Mod
            | Bytecode::Div
            | Bytecode::BitOr
            | Bytecode::BitAnd
            | Bytecode::Xor
            | Bytecode::Or
            | Bytecode::And
            | Bytecode::Not
            | Bytecode::Eq
            | Bytecode::Neq
            | Bytecode::Lt
            | Bytecode::Gt
            | Bytecode::Le
            | Bytecode::Ge
            | Bytecode::Nop
            | Bytecode::Exists(..)
            | Bytecode::MutBorrowGlobal(..)
            | Bytecode::ImmBorrowGlobal(..)
            | Bytecode::MoveFrom(..)
            | Bytecode::MoveTo(..)
            | Bytecode::FreezeRef
            | Bytecode::Shl
            | Bytecode::Shr
            | Bytecode::LdU8(..)
            | Bytecode::LdU128(..)
            | Bytecode::CastU8
            | Bytecode::CastU64
            | Bytecode::CastU128
            | Bytecode::MutBorrowFieldGeneric(..)
            | Bytecode::ImmBorrowFieldGeneric(..)
            | Bytecode::CallGeneric(..)
            | Bytecode::PackGeneric(..)
            | Bytecode::UnpackGeneric(..)
            | Bytecode::ExistsGeneric(..)
            | Bytecode::MutBorrowGlobalGeneric(..)
            | Bytecode::ImmBorrowGlobalGeneric(..)
            | Bytecode::MoveFromGeneric(..)
            | Bytecode::MoveToGeneric(..)
            | Bytecode::VecPack(..)
            | Bytecode::VecLen(..)
            | Bytecode::VecImmBorrow(..)
            | Bytecode::VecMutBorrow(..)
            | Bytecode::VecPushBack(..)
            | Bytecode::VecPopBack(..)
            | Bytecode::VecUnpack(..)
            | Bytecode::VecSwap(..)
            | Bytecode::LdU16(..)
            | Bytecode::LdU32(..)
            | Bytecode::LdU256(..)
            | Bytecode::CastU16
            | Bytecode::CastU32
            | Bytecode::CastU256
            | Bytecode::ImmBorrowVariantField(..)
            | Bytecode::MutBorrowVariantField(..)
            | Bytecode::ImmBorrowVariantFieldGeneric(..)
            | Bytecode::MutBorrowVariantFieldGeneric(..)
            | Bytecode::PackVariant(..)
            | Bytecode::PackVariantGeneric(..)
            | Bytecode::UnpackVariant(..)
            | Bytecode::UnpackVariantGeneric(..)
            | Bytecode::TestVariant(..)
            | Bytecode::TestVariantGeneric(..)
            | Bytecode::PackClosure(..)
            | Bytecode::PackClosureGeneric(..)
            | Bytecode::LdI8(..)
            | Bytecode::LdI16(..)
            | Bytecode::LdI32(..)
            | Bytecode::LdI64(..)
            | Bytecode::LdI128(..)
            | Bytecode::LdI256(..)
            | Bytecode::CastI8
            | Bytecode::CastI16
            | Bytecode::CastI32
            | Bytecode::CastI64
            | Bytecode::CastI128
            | Bytecode::CastI256
            | Bytecode::Negate
            | Bytecode::SuiPackVariant(..)
            | Bytecode::SuiPackVariantGeneric(..)
            | Bytecode::SuiUnpackVariant(..)
            | Bytecode::SuiUnpackVariantImmRef(..)
            | Bytecode::SuiUnpackVariantMutRef(..)
            | Bytecode::SuiUnpackVariantGeneric(..)
            | Bytecode::SuiUnpackVariantGenericImmRef(..)
            | Bytecode::SuiUnpackVariantGenericMutRef(..)
            | Bytecode::VariantSwitch(..) => {}
        }
        Ok(())
    }

    /// The checks made after `instr` executed.
    fn after(&mut self, cx: &mut Cx<'_>, instr: &Bytecode) -> Result<(), VmError> {
        use Bytecode as B;
        match instr {
            B::LdU8(_) => self.push(cx.prim(TypeNode::U8)),
            B::LdU16(_) => self.push(cx.prim(TypeNode::U16)),
            B::LdU32(_) => self.push(cx.prim(TypeNode::U32)),
            B::LdU64(_) => self.push(cx.prim(TypeNode::U64)),
            B::LdU128(_) => self.push(cx.prim(TypeNode::U128)),
            B::LdU256(_) => self.push(cx.prim(TypeNode::U256)),
            B::LdI8(_) => self.push(cx.prim(TypeNode::I8)),
            B::LdI16(_) => self.push(cx.prim(TypeNode::I16)),
            B::LdI32(_) => self.push(cx.prim(TypeNode::I32)),
            B::LdI64(_) => self.push(cx.prim(TypeNode::I64)),
            B::LdI128(_) => self.push(cx.prim(TypeNode::I128)),
            B::LdI256(_) => self.push(cx.prim(TypeNode::I256)),
            B::LdTrue | B::LdFalse => self.push(cx.prim(TypeNode::Bool)),
            // The operand's kind is checked as the cast runs.
            B::CastU8 => self.cast(cx, TypeNode::U8)?,
            B::CastU16 => self.cast(cx, TypeNode::U16)?,
            B::CastU32 => self.cast(cx, TypeNode::U32)?,
            B::CastU64 => self.cast(cx, TypeNode::U64)?,
            B::CastU128 => self.cast(cx, TypeNode::U128)?,
            B::CastU256 => self.cast(cx, TypeNode::U256)?,
            B::CastI8 => self.cast(cx, TypeNode::I8)?,
            B::CastI16 => self.cast(cx, TypeNode::I16)?,
            B::CastI32 => self.cast(cx, TypeNode::I32)?,
            B::CastI64 => self.cast(cx, TypeNode::I64)?,
            B::CastI128 => self.cast(cx, TypeNode::I128)?,
            B::CastI256 => self.cast(cx, TypeNode::I256)?,
            B::Pop => {
                let t = self.pop()?;
                cx.has_ability(t, Ability::Drop)?;
            }
            B::LdConst(i) => {
                let tok = match cx.unit {
                    Unit::Module(m) => m.constant_pool.get(i.idx()),
                    Unit::Script(s) => s.constant_pool.get(i.idx()),
                }
                .map(|c| c.type_.clone())
                .ok_or_else(crate::loader::bad_index)?;
                let t = cx.ty(&tok)?;
                self.push(t);
            }
            B::CopyLoc(i) => {
                let t = self.local(*i)?;
                cx.has_ability(t, Ability::Copy)?;
                self.push(t);
            }
            B::MoveLoc(i) => {
                let t = self.local(*i)?;
                self.push(t);
            }
            B::MutBorrowLoc(i) | B::ImmBorrowLoc(i) => {
                let t = self.local(*i)?;
                let r = cx.reference(t, matches!(instr, B::MutBorrowLoc(_)));
                self.push(r);
            }
            B::ImmBorrowField(h) => self.borrow_field(cx, false, |cx| cx.field(h.0, None))?,
            B::MutBorrowField(h) => self.borrow_field(cx, true, |cx| cx.field(h.0, None))?,
            B::ImmBorrowFieldGeneric(h) => self.borrow_field(cx, false, |cx| cx.field_inst(h.0))?,
            B::MutBorrowFieldGeneric(h) => self.borrow_field(cx, true, |cx| cx.field_inst(h.0))?,
            B::ImmBorrowVariantField(h) => {
                self.borrow_field(cx, false, |cx| cx.variant_field(h.0, None))?
            }
            B::MutBorrowVariantField(h) => {
                self.borrow_field(cx, true, |cx| cx.variant_field(h.0, None))?
            }
            B::ImmBorrowVariantFieldGeneric(h) => {
                self.borrow_field(cx, false, |cx| cx.variant_field_inst(h.0))?
            }
            B::MutBorrowVariantFieldGeneric(h) => {
                self.borrow_field(cx, true, |cx| cx.variant_field_inst(h.0))?
            }
            B::Pack(d) => self.pack_members(cx, |cx| cx.members(*d, None, None))?,
            B::Unpack(d) => self.unpack_members(cx, |cx| cx.members(*d, None, None))?,
            B::PackGeneric(i) => self.pack_members(cx, |cx| cx.struct_inst(i.0))?,
            B::UnpackGeneric(i) => self.unpack_members(cx, |cx| cx.struct_inst(i.0))?,
            B::PackVariant(h) => self.pack_members(cx, |cx| cx.variant(h.0, None))?,
            B::UnpackVariant(h) => self.unpack_members(cx, |cx| cx.variant(h.0, None))?,
            B::PackVariantGeneric(i) => self.pack_members(cx, |cx| cx.variant_inst(i.0))?,
            B::UnpackVariantGeneric(i) => self.unpack_members(cx, |cx| cx.variant_inst(i.0))?,
            B::SuiPackVariant(h) => self.pack_members(cx, |cx| cx.sui_variant(h.0, None))?,
            B::SuiUnpackVariant(h) => self.unpack_members(cx, |cx| cx.sui_variant(h.0, None))?,
            B::SuiPackVariantGeneric(i) => self.pack_members(cx, |cx| cx.sui_variant_inst(i.0))?,
            B::SuiUnpackVariantGeneric(i) => {
                self.unpack_members(cx, |cx| cx.sui_variant_inst(i.0))?
            }
            B::SuiUnpackVariantImmRef(h) => {
                let members = cx.sui_variant(h.0, None)?;
                self.unpack_ref(cx, members, false)?;
            }
            B::SuiUnpackVariantMutRef(h) => {
                let members = cx.sui_variant(h.0, None)?;
                self.unpack_ref(cx, members, true)?;
            }
            B::SuiUnpackVariantGenericImmRef(i) => {
                let members = cx.sui_variant_inst(i.0)?;
                self.unpack_ref(cx, members, false)?;
            }
            B::SuiUnpackVariantGenericMutRef(i) => {
                let members = cx.sui_variant_inst(i.0)?;
                self.unpack_ref(cx, members, true)?;
            }
            B::VariantSwitch(_) => {
                let given = self.pop()?;
                let on_enum = match cx.cache.types.node(given) {
                    TypeNode::Reference(t) | TypeNode::MutableReference(t) => {
                        match cx.cache.types.node(*t) {
                            TypeNode::Struct(sid, _) => {
                                cx.cache.struct_info(*sid).is_some_and(|info| {
                                    matches!(info.layout, crate::loader::StructLayout::Variants(_))
                                })
                            }
                            _ => false,
                        }
                    }
                    _ => false,
                };
                if !on_enum {
                    return Err(failure(format!(
                        "Variant switch expects a reference to an enum, got {}",
                        cx.show(given)
                    )));
                }
            }
            B::TestVariant(h) => {
                let (ty, _) = cx.variant(h.0, None)?;
                self.test_variant(cx, ty)?;
            }
            B::TestVariantGeneric(i) => {
                let (ty, _) = cx.variant_inst(i.0)?;
                self.test_variant(cx, ty)?;
            }
            B::ReadRef => {
                let r = self.pop()?;
                let inner = match cx.cache.types.node(r) {
                    TypeNode::Reference(t) | TypeNode::MutableReference(t) => *t,
                    _ => {
                        return Err(failure(format!(
                            "Expected a reference to read, got {}",
                            cx.show(r)
                        )))
                    }
                };
                cx.has_ability(inner, Ability::Copy)?;
                self.push(inner);
            }
            B::WriteRef => {
                let r = self.pop()?;
                let v = self.pop()?;
                match cx.cache.types.node(r) {
                    TypeNode::MutableReference(inner) => {
                        let inner = *inner;
                        cx.assignable(v, inner)?;
                        cx.has_ability(inner, Ability::Drop)?;
                    }
                    _ => {
                        return Err(failure(format!(
                            "Cannot write type {} to immutable type {}",
                            cx.show(v),
                            cx.show(r)
                        )))
                    }
                }
            }
            B::FreezeRef => {
                let r = self.pop()?;
                match cx.cache.types.node(r) {
                    TypeNode::MutableReference(inner) => {
                        let inner = *inner;
                        let frozen = cx.reference(inner, false);
                        self.push(frozen);
                    }
                    _ => {
                        return Err(failure(format!(
                            "Expected a mutable reference to freeze, got {}",
                            cx.show(r)
                        )))
                    }
                }
            }
            // One type for both operands and the result.
            B::Add
            | B::Sub
            | B::Mul
            | B::Mod
            | B::Div
            | B::BitOr
            | B::BitAnd
            | B::Xor
            | B::Or
            | B::And => {
                let rhs = self.pop()?;
                cx.check_eq(rhs, self.top()?)?;
            }
            B::Shl | B::Shr => {
                self.pop()?;
            }
            B::Lt | B::Le | B::Gt | B::Ge => {
                let rhs = self.pop()?;
                let lhs = self.pop()?;
                cx.check_eq(rhs, lhs)?;
                self.push(cx.prim(TypeNode::Bool));
            }
            B::Eq | B::Neq => {
                let rhs = self.pop()?;
                let lhs = self.pop()?;
                cx.check_eq(rhs, lhs)?;
                cx.has_ability(rhs, Ability::Drop)?;
                self.push(cx.prim(TypeNode::Bool));
            }
            B::Not => {
                let t = self.top()?;
                cx.is(t, &TypeNode::Bool, "boolean")?;
            }
            B::MutBorrowGlobal(d) | B::ImmBorrowGlobal(d) => {
                let a = self.pop()?;
                cx.is(a, &TypeNode::Address, "address")?;
                let ty = cx.struct_ty(*d, &[])?;
                cx.has_ability(ty, Ability::Key)?;
                let r = cx.reference(ty, matches!(instr, B::MutBorrowGlobal(_)));
                self.push(r);
            }
            B::MutBorrowGlobalGeneric(i) | B::ImmBorrowGlobalGeneric(i) => {
                let a = self.pop()?;
                cx.is(a, &TypeNode::Address, "address")?;
                let ty = cx.struct_inst_ty(i.0)?;
                cx.has_ability(ty, Ability::Key)?;
                let r = cx.reference(ty, matches!(instr, B::MutBorrowGlobalGeneric(_)));
                self.push(r);
            }
            B::Exists(_) | B::ExistsGeneric(_) => {
                let a = self.pop()?;
                cx.is(a, &TypeNode::Address, "address")?;
                self.push(cx.prim(TypeNode::Bool));
            }
            B::MoveTo(d) => self.move_to(cx, |cx| cx.struct_ty(*d, &[]))?,
            B::MoveToGeneric(i) => self.move_to(cx, |cx| cx.struct_inst_ty(i.0))?,
            B::MoveFrom(d) => self.move_from(cx, |cx| cx.struct_ty(*d, &[]))?,
            B::MoveFromGeneric(i) => self.move_from(cx, |cx| cx.struct_inst_ty(i.0))?,
            B::VecPack(sig, n) => {
                let elem = cx.sig_first(*sig)?;
                let n = usize::try_from(*n).map_err(|_| empty_stack())?;
                for given in self.popn(n)? {
                    cx.assignable(given, elem)?;
                }
                self.push(cx.prim(TypeNode::Vector(elem)));
            }
            B::VecLen(sig) => {
                let elem = cx.sig_first(*sig)?;
                let v = self.pop()?;
                cx.vec_ref(v, elem, false)?;
                self.push(cx.prim(TypeNode::U64));
            }
            B::VecImmBorrow(sig) | B::VecMutBorrow(sig) => {
                let mutable = matches!(instr, B::VecMutBorrow(_));
                let elem = cx.sig_first(*sig)?;
                let i = self.pop()?;
                cx.is(i, &TypeNode::U64, "U64")?;
                let v = self.pop()?;
                let e = cx.vec_ref(v, elem, mutable)?;
                let r = cx.reference(e, mutable);
                self.push(r);
            }
            B::VecPushBack(sig) => {
                let elem = cx.sig_first(*sig)?;
                let given = self.pop()?;
                cx.assignable(given, elem)?;
                let v = self.pop()?;
                cx.vec_ref(v, elem, true)?;
            }
            B::VecPopBack(sig) => {
                let elem = cx.sig_first(*sig)?;
                let v = self.pop()?;
                let e = cx.vec_ref(v, elem, true)?;
                self.push(e);
            }
            B::VecUnpack(sig, n) => {
                let elem = cx.sig_first(*sig)?;
                let v = self.pop()?;
                match cx.cache.types.node(v) {
                    TypeNode::Vector(e) => cx.check_eq(*e, elem)?,
                    _ => return Err(failure(format!("Expected vector type, got {}", cx.show(v)))),
                }
                for _ in 0..*n {
                    self.push(elem);
                }
            }
            B::VecSwap(sig) => {
                let elem = cx.sig_first(*sig)?;
                for _ in 0..2 {
                    let i = self.pop()?;
                    cx.is(i, &TypeNode::U64, "U64")?;
                }
                let v = self.pop()?;
                cx.vec_ref(v, elem, true)?;
            }
            // Checked before execution, or by the call and closure paths
            // (`checked_before_only`).
            B::Ret
            | B::BrTrue(..)
            | B::BrFalse(..)
            | B::Branch(..)
            | B::StLoc(..)
            | B::Call(..)
            | B::Abort
            | B::Nop
            | B::CallGeneric(..)
            | B::PackClosure(..)
            | B::PackClosureGeneric(..)
            | B::CallClosure(..)
            | B::Negate
            | B::AbortMsg => {}
        }
        Ok(())
    }
}

/// The peer keeps vectors of primitive elements specialized by element type, so packing or
/// pushing a value of another kind into one fails while the instruction executes, with
/// `INTERNAL_TYPE_ERROR` (a value it cannot cast), before the check after it. Tern's vectors
/// hold any value, so the checked configuration makes that failure here.
fn element_kinds(elem: &TypeNode, values: &[Value]) -> Option<(Value, &'static str)> {
    let name = cast_name(elem)?;
    for v in values {
        let fits = matches!(
            (elem, v),
            (TypeNode::Bool, Value::Bool(_))
                | (TypeNode::U8, Value::U8(_))
                | (TypeNode::U16, Value::U16(_))
                | (TypeNode::U32, Value::U32(_))
                | (TypeNode::U64, Value::U64(_))
                | (TypeNode::U128, Value::U128(_))
                | (TypeNode::U256, Value::U256(_))
                | (TypeNode::I8, Value::I8(_))
                | (TypeNode::I16, Value::I16(_))
                | (TypeNode::I32, Value::I32(_))
                | (TypeNode::I64, Value::I64(_))
                | (TypeNode::I128, Value::I128(_))
                | (TypeNode::I256, Value::I256(_))
                | (TypeNode::Address, Value::Address(_))
        );
        if !fits {
            return Some((*v, name));
        }
    }
    None
}

/// The name the peer's failed cast to a primitive type gives it (`u64`, `AccountAddress`),
/// `None` for a type its vectors do not hold unboxed.
pub(super) fn cast_name(ty: &TypeNode) -> Option<&'static str> {
    Some(match ty {
        TypeNode::Bool => "bool",
        TypeNode::U8 => "u8",
        TypeNode::U16 => "u16",
        TypeNode::U32 => "u32",
        TypeNode::U64 => "u64",
        TypeNode::U128 => "u128",
        TypeNode::U256 => "int256::U256",
        TypeNode::I8 => "i8",
        TypeNode::I16 => "i16",
        TypeNode::I32 => "i32",
        TypeNode::I64 => "i64",
        TypeNode::I128 => "i128",
        TypeNode::I256 => "int256::I256",
        TypeNode::Address => "AccountAddress",
        _ => return None,
    })
}

/// Instructions with something to check (or, for calls, to record) before they execute:
/// `TypeChecker::before`'s, calls and closure packing, and the vector element kinds.
#[inline(always)]
fn has_checks_before(instr: &Bytecode) -> bool {
    matches!(
        instr,
        Bytecode::BrTrue(_)
            | Bytecode::BrFalse(_)
            | Bytecode::Ret
            | Bytecode::Abort
            | Bytecode::AbortMsg
            | Bytecode::StLoc(_)
            | Bytecode::Call(_)
            | Bytecode::CallGeneric(_)
            | Bytecode::CallClosure(_)
            | Bytecode::PackClosure(..)
            | Bytecode::PackClosureGeneric(..)
            | Bytecode::VecPack(..)
            | Bytecode::VecPushBack(_)
    )
}

/// Instructions with nothing to check after they executed.
#[inline(always)]
fn checked_before_only(instr: &Bytecode) -> bool {
    matches!(
        instr,
        Bytecode::BrTrue(_)
            | Bytecode::BrFalse(_)
            | Bytecode::Branch(_)
            | Bytecode::Ret
            | Bytecode::Abort
            | Bytecode::AbortMsg
            | Bytecode::StLoc(_)
            | Bytecode::Call(_)
            | Bytecode::CallGeneric(_)
            | Bytecode::CallClosure(_)
            | Bytecode::PackClosure(..)
            | Bytecode::PackClosureGeneric(..)
            | Bytecode::Nop
            | Bytecode::Negate
    )
}

/// The primitive type a load instruction pushes (`None` for any other instruction).
fn loaded(instr: &Bytecode) -> Option<TypeNode> {
    use Bytecode as B;
    Some(match instr {
        B::LdU8(_) => TypeNode::U8,
        B::LdU16(_) => TypeNode::U16,
        B::LdU32(_) => TypeNode::U32,
        B::LdU64(_) => TypeNode::U64,
        B::LdU128(_) => TypeNode::U128,
        B::LdU256(_) => TypeNode::U256,
        B::LdI8(_) => TypeNode::I8,
        B::LdI16(_) => TypeNode::I16,
        B::LdI32(_) => TypeNode::I32,
        B::LdI64(_) => TypeNode::I64,
        B::LdI128(_) => TypeNode::I128,
        B::LdI256(_) => TypeNode::I256,
        B::LdTrue | B::LdFalse => TypeNode::Bool,
        _ => return None,
    })
}

/// The type a cast instruction pushes (`None` for any other instruction).
fn cast_target(instr: &Bytecode) -> Option<TypeNode> {
    use Bytecode as B;
    Some(match instr {
        B::CastU8 => TypeNode::U8,
        B::CastU16 => TypeNode::U16,
        B::CastU32 => TypeNode::U32,
        B::CastU64 => TypeNode::U64,
        B::CastU128 => TypeNode::U128,
        B::CastU256 => TypeNode::U256,
        B::CastI8 => TypeNode::I8,
        B::CastI16 => TypeNode::I16,
        B::CastI32 => TypeNode::I32,
        B::CastI64 => TypeNode::I64,
        B::CastI128 => TypeNode::I128,
        B::CastI256 => TypeNode::I256,
        _ => return None,
    })
}

/// Entry `i` of a table of the unit, or the bounds checker's status.
fn at<T>(table: &[T], i: usize) -> Result<&T, VmError> {
    table.get(i).ok_or_else(crate::loader::bad_index)
}

/// Where the error of a check is reported.
enum At {
    /// At the instruction (with the suspended frames as execution state).
    Instruction,
    /// At the native's module, offset 0 of its definition.
    Native(Location, u16),
    /// At the caller's caller, without offsets (a Move callee's arguments).
    CallersCaller,
    /// At the instruction, without execution state: a `ret`, or a call short of arguments.
    Return,
}

/// A call the checks are about to see: the callee, its type arguments and capture mask.
pub(super) struct Callee {
    pub(super) function: LinkedFunction,
    pub(super) ty_args: Vec<TypeId>,
    mask: u64,
    closure: bool,
}

impl Session<'_> {
    /// With the runtime type checks on, the type frame of `target`, which the native `f`
    /// dispatches to with its arguments on the operand stack: the results the checks of the
    /// native's call pushed (a checked caller's) are taken back, and `target` is entered as
    /// a called function is, its results returning to the caller in the native's place.
    pub(super) fn dispatch_types(
        &mut self,
        f: &Function,
        target: &Function,
        ty_args: &[TypeId],
    ) -> Result<(), VmError> {
        let Some(checker) = self.interpreter.checker.as_deref_mut() else {
            return Ok(());
        };
        if checker.checking() {
            checker.popn(f.returns.len())?;
        }
        let mut cache = self.runtime.write()?;
        let locals: Arc<[TypeId]> = if ty_args.is_empty() {
            target.local_types.clone()
        } else {
            target
                .local_types
                .iter()
                .map(|t| cache.types.substitute(*t, ty_args, &TypeLimits::NONE))
                .collect::<Result<Vec<_>, _>>()?
                .into()
        };
        let list = cache.types.intern_list(ty_args);
        let values = self
            .interpreter
            .operands
            .len()
            .saturating_sub(target.params.len());
        checker.enter(&locals, values, !trusted(target), list);
        Ok(())
    }

    /// Turns the runtime type checks of later executions on or off (see the module docs).
    pub fn set_type_checks(&mut self, on: bool) {
        self.interpreter.checker = on.then(Default::default);
    }

    /// Starts the checks of a run at its entry frame.
    pub(crate) fn check_entry(&mut self, f: &Function, ty_args: &[TypeId]) -> Result<(), VmError> {
        if self.interpreter.checker.is_none() {
            return Ok(());
        }
        let locals = self.instantiate_types(&f.local_types, ty_args)?;
        let list_id = match ty_args {
            [] => TypeListId::EMPTY,
            _ => self.runtime.write()?.types.intern_list(ty_args),
        };
        let Some(checker) = self.interpreter.checker.as_deref_mut() else {
            return Ok(());
        };
        checker.stack.clear();
        checker.frames.clear();
        checker.memo.clear();
        checker.generic_calls.clear();
        checker.generic_returns.clear();
        checker.units.clear();
        self.interpreter.first_types.clear();
        checker.frames.push(TypeFrame {
            locals: locals.into(),
            caller_height: 0,
            caller_values: 0,
            checked: !trusted(f),
            ty_args: list_id,
        });
        Ok(())
    }

    /// The net effect on the type stack of the original instructions behind `op` (a
    /// super-instruction over locals, [`reads_locals_only`]) at `pc` of `frame`, when all
    /// their checks pass: `Some(pushed)`, the type it leaves pushed, if any; the type stack
    /// itself is left unchanged (the effect is applied once the op has run). `None`: a check
    /// does not pass, or the op is not such a unit; its instructions must run and be checked
    /// one by one, which raises any failure at its own instruction.
    ///
    /// The checks are run in order on the type stack, then undone (each original instruction
    /// pops only what an earlier one of the unit pushed, so truncating restores the stack).
    /// A `st_loc` is checked against the destination's value before the unit runs, which is
    /// stricter than at its turn (an earlier `move_loc` of the same local would have emptied
    /// it). The outcome is remembered for the op and its frame's type arguments when it does
    /// not depend on that value (the destination's type is primitive, or nothing is stored).
    #[inline(never)]
    pub(crate) fn unit_effect<'a>(
        &mut self,
        frame: &Frame<'a>,
        frames: &[Frame<'a>],
        op: &Op,
        original: &[Bytecode],
        pc: u32,
    ) -> Option<Option<TypeId>> {
        if !reads_locals_only(op) {
            return None;
        }
        let checker = self.interpreter.checker.as_deref()?;
        let top = checker.frames.last()?;
        if !top.checked {
            return Some(None);
        }
        let key = (op as *const Op as usize, top.ty_args);
        if let Some(&pushed) = checker.units.get(&key) {
            return Some(pushed);
        }
        let start = checker.stack.len();
        let mut passed = true;
        for at in pc..pc + op.span() as u32 {
            let Some(instr) = original.get(at as usize) else {
                passed = false;
                break;
            };
            if self.check_before(frame, frames, instr, at).is_err()
                || self.check_after(frame, frames, instr, at).is_err()
            {
                passed = false;
                break;
            }
        }
        let checker = self.interpreter.checker.as_deref_mut()?;
        let pushed = match checker.stack.len().checked_sub(start) {
            Some(0) => None,
            Some(1) => checker.stack.last().copied(),
            _ => {
                passed = false;
                None
            }
        };
        checker.stack.truncate(start);
        if !passed {
            return None;
        }
        let settled = unit_destination(op)
            .is_none_or(|dst| checker.local(dst).is_ok_and(TypeId::is_primitive));
        if settled {
            if checker.units.len() >= MEMO_CAPACITY {
                checker.units.clear();
            }
            checker.units.insert(key, pushed);
        }
        Some(pushed)
    }

    /// The checks before original instruction `instr` at `pc` of `frame` executes, calls
    /// included. Errors come located.
    ///
    /// perf: inlined into the observed loops (with a second caller, `Session::unit_effect`, the
    /// compiler stopped inlining its helpers: 5-13 % more host instructions on the checked
    /// programs).
    #[inline(always)]
    pub(crate) fn check_before<'a>(
        &mut self,
        frame: &Frame<'a>,
        frames: &[Frame<'a>],
        instr: &Bytecode,
        pc: u32,
    ) -> Result<(), VmError> {
        if !has_checks_before(instr) {
            return Ok(());
        }
        if let Bytecode::Call(h) = instr {
            if self.call_fast(frame, h.0) {
                return Ok(());
            }
        }
        if let Some(checker) = self.interpreter.checker.as_mut() {
            if let Bytecode::BrTrue(_)
            | Bytecode::BrFalse(_)
            | Bytecode::Abort
            | Bytecode::StLoc(_) = instr
            {
                // Unchecked (trusted) code has nothing to check before these.
                if !checker.checking() {
                    return Ok(());
                }
                let overwritten = match instr {
                    Bytecode::StLoc(i) => !matches!(
                        self.interpreter
                            .locals
                            .get(frame.base as usize + usize::from(*i)),
                        None | Some(Value::Invalid)
                    ),
                    _ => false,
                };
                if checker.before_fast(instr, overwritten) {
                    return Ok(());
                }
            }
            // `ret`: every live local must have `drop`, which every primitive has.
            if let Bytecode::Ret = instr {
                let Some(top) = checker.frames.last() else {
                    return Ok(());
                };
                let base = frame.base as usize;
                let live = self.interpreter.locals.get(base..).unwrap_or_default();
                let droppable =
                    |(ty, v): (&TypeId, &Value)| ty.is_primitive() || matches!(v, Value::Invalid);
                if !top.checked || top.locals.iter().zip(live).all(droppable) {
                    return Ok(());
                }
            }
        }
        if let Bytecode::CallGeneric(_) = instr {
            return self.check_generic_call(frame, frames, instr, pc);
        }
        let Some(mut checker) = self.interpreter.checker.take() else {
            return Ok(());
        };
        let result = self.checked_before(&mut checker, frame, instr);
        self.interpreter.checker = Some(checker);
        result.map_err(|(e, at)| self.place(e, at, frame, frames, pc))
    }

    /// [`Session::check_before`] of a generic `call`: replayed when the same call passed
    /// earlier in the run under the same type arguments ([`Session::generic_call_fast`]),
    /// else checked in full and, when it passes and enters a Move function, remembered.
    /// perf: out of line, so that the other instructions' checks stay small.
    #[inline(never)]
    fn check_generic_call<'a>(
        &mut self,
        frame: &Frame<'a>,
        frames: &[Frame<'a>],
        instr: &Bytecode,
        pc: u32,
    ) -> Result<(), VmError> {
        if self.generic_call_fast(instr) {
            return Ok(());
        }
        let Some(mut checker) = self.interpreter.checker.take() else {
            return Ok(());
        };
        let depth = checker.frames.len();
        let result = self.checked_before(&mut checker, frame, instr);
        // A Move callee's frame was pushed: remembered.
        if let (Ok(()), [.., caller, callee]) = (&result, &checker.frames[..]) {
            if checker.frames.len() == depth + 1 {
                let key = (instr as *const Bytecode as usize, caller.ty_args);
                let call = GenericCall {
                    locals: callee.locals.clone(),
                    params: self.interpreter.operands.len() - callee.caller_values,
                    checked: callee.checked,
                    ty_args: callee.ty_args,
                };
                if checker.generic_calls.len() >= MEMO_CAPACITY {
                    checker.generic_calls.clear();
                }
                checker.generic_calls.insert(key, call);
            }
        }
        self.interpreter.checker = Some(checker);
        result.map_err(|(e, at)| self.place(e, at, frame, frames, pc))
    }

    /// The checks before a generic `call` whose full checks passed earlier in the run at the
    /// same instruction under the same type arguments (`TypeChecker::generic_calls`), when
    /// the arguments have exactly the parameters' types (or the caller is not checked): the
    /// callee's frame is pushed again. False: nothing changed.
    fn generic_call_fast(&mut self, instr: &Bytecode) -> bool {
        let operands = self.interpreter.operands.len();
        let Some(checker) = self.interpreter.checker.as_deref_mut() else {
            return false;
        };
        let Some(caller) = checker.frames.last() else {
            return false;
        };
        let checking = caller.checked;
        let key = (instr as *const Bytecode as usize, caller.ty_args);
        let Some(call) = checker.generic_calls.get(&key) else {
            return false;
        };
        let (locals, params) = (call.locals.clone(), call.params);
        let (checked, ty_args) = (call.checked, call.ty_args);
        if params > operands {
            return false;
        }
        if checking && !checker.take_args(locals.get(..params).unwrap_or_default()) {
            return false;
        }
        checker.enter(&locals, operands - params, checked, ty_args);
        true
    }

    /// The checks after `instr` executed.
    ///
    /// perf: inlined into the observed loops, as [`Session::check_before`].
    #[inline(always)]
    pub(crate) fn check_after<'a>(
        &mut self,
        frame: &Frame<'a>,
        frames: &[Frame<'a>],
        instr: &Bytecode,
        pc: u32,
    ) -> Result<(), VmError> {
        if checked_before_only(instr) {
            return Ok(());
        }
        let Some(checker) = self.interpreter.checker.as_mut() else {
            return Ok(());
        };
        if !checker.checking() || checker.after_fast(instr) {
            return Ok(());
        }
        let memo = checker.memo_key(instr);
        if let Some(key) = memo {
            if checker.replay(key) {
                return Ok(());
            }
        }
        let Some(mut checker) = self.interpreter.checker.take() else {
            return Ok(());
        };
        let result = (|| {
            let mut cache = self.runtime.write()?;
            let mut cx = Cx {
                cache: &mut cache,
                unit: Unit::of(frame.links)?,
                ty_args: frame.ty_args(),
                first_types: &mut self.interpreter.first_types,
            };
            checker.after(&mut cx, instr)
        })();
        if let (Ok(()), Some(key)) = (&result, memo) {
            checker.remember(instr, key);
        }
        self.interpreter.checker = Some(checker);
        result.map_err(|e| self.place(e, At::Instruction, frame, frames, pc))
    }

    /// The checks of a return from `frame` (its `ret` at `pc`): the operand stack holds
    /// exactly the caller's values and the results; for checked code, the type stack likewise
    /// and the results have the declared types; an unchecked callee's results get their
    /// declared types for a checked caller, a checked callee's are dropped for an unchecked
    /// one.
    pub(crate) fn check_return<'a>(
        &mut self,
        frame: &Frame<'a>,
        frames: &[Frame<'a>],
        pc: u32,
    ) -> Result<(), VmError> {
        let Some(mut checker) = self.interpreter.checker.take() else {
            return Ok(());
        };
        let f: &Function = frame.function;
        let values = self.interpreter.operands.len();
        // perf: a non-generic function's result types are its declared ones; a generic
        // one's are instantiated once per run and type arguments.
        let shared: Arc<[TypeId]>;
        let returns: Result<&[TypeId], VmError> = match frame.ty_args() {
            [] => Ok(&f.returns[..]),
            ty_args => {
                let list = checker.frames.last().map(|t| t.ty_args);
                let key = (
                    f as *const Function as usize,
                    list.unwrap_or(TypeListId::EMPTY),
                );
                match checker.generic_returns.get(&key) {
                    Some(known) => {
                        shared = known.clone();
                        Ok(&shared[..])
                    }
                    None => match self.instantiate_types(&f.returns, ty_args) {
                        Ok(types) => {
                            shared = types.into();
                            if checker.generic_returns.len() >= MEMO_CAPACITY {
                                checker.generic_returns.clear();
                            }
                            checker.generic_returns.insert(key, shared.clone());
                            Ok(&shared[..])
                        }
                        Err(e) => Err(e),
                    },
                }
            }
        };
        let result = returns.and_then(|returns| {
            let n = checker.frames.len();
            let top = checker
                .frames
                .last()
                .ok_or_else(|| super::invariant("no frame"))?;
            let (height, checked) = (top.caller_height, top.checked);
            // Checked for every return, checked code or not, with the paranoid sub-status as
            // the peer gives it.
            let mismatch = |expected: usize, got: usize| {
                failure(format!(
                    "Stack size mismatch when returning from {}: expected: {expected}, got: {got}",
                    f.full_name()
                ))
            };
            let expected_values = top.caller_values + returns.len();
            if values != expected_values {
                return Err(mismatch(expected_values, values));
            }
            let caller_checked = n >= 2 && checker.frames[n - 2].checked;
            if checked {
                let expected = height + returns.len();
                if checker.stack.len() != expected {
                    return Err(mismatch(expected, checker.stack.len()));
                }
                // perf: results of exactly the declared types need no table.
                let given = checker.stack.get(height..).unwrap_or_default();
                if given != returns {
                    let mut cache = self.runtime.write()?;
                    let cx = Cx {
                        cache: &mut cache,
                        unit: Unit::of(frame.links)?,
                        ty_args: frame.ty_args(),
                        first_types: &mut self.interpreter.first_types,
                    };
                    for (given, want) in given.iter().zip(returns.iter()) {
                        cx.assignable(*given, *want)?;
                    }
                }
                if !caller_checked {
                    checker.stack.truncate(height);
                }
            } else if caller_checked {
                if checker.stack.len() != height {
                    return Err(mismatch(height, checker.stack.len()));
                }
                checker.stack.extend_from_slice(returns);
            }
            checker.frames.pop();
            Ok(())
        });
        self.interpreter.checker = Some(checker);
        result.map_err(|e| self.place(e, At::Return, frame, frames, pc))
    }

    fn checked_before(
        &mut self,
        checker: &mut TypeChecker,
        frame: &Frame<'_>,
        instr: &Bytecode,
    ) -> Result<(), (VmError, At)> {
        let here = |e| (e, At::Instruction);
        let f: &Function = frame.function;
        let window = f.local_types.len();
        let base = frame.base as usize;
        // The callee of a call, resolved as the call will resolve it; a callee that does not
        // resolve is left to the call itself, which fails the same way.
        let callee = match instr {
            Bytecode::Call(h) => self.resolve(frame.links, h.0).ok().map(|function| Callee {
                function,
                ty_args: Vec::new(),
                mask: 0,
                closure: false,
            }),
            Bytecode::CallGeneric(i) => self.generic_callee(frame, i.0).ok(),
            Bytecode::CallClosure(_) => self.closure_callee(),
            _ => None,
        };
        let packed = match instr {
            Bytecode::PackClosure(h, mask) => self
                .resolve(frame.links, h.0)
                .ok()
                .map(|function| (function, Vec::new(), mask.0)),
            Bytecode::PackClosureGeneric(i, mask) => self
                .generic_callee(frame, i.0)
                .ok()
                .map(|c| (c.function, c.ty_args, mask.0)),
            _ => None,
        };
        let mut cache = self.runtime.write().map_err(here)?;
        let mut cx = Cx {
            cache: &mut cache,
            unit: Unit::of(frame.links).map_err(here)?,
            ty_args: frame.ty_args(),
            first_types: &mut self.interpreter.first_types,
        };
        let checked = checker.frames.last().is_some_and(|t| t.checked);
        if checked {
            let locals = self
                .interpreter
                .locals
                .get(base..base + window)
                .unwrap_or(&[]);
            checker.before(&mut cx, instr, locals).map_err(here)?;
        }
        if let Bytecode::VecPack(sig, _) | Bytecode::VecPushBack(sig) = instr {
            // A pushed element must fit the vector it goes into: the peer's vector holds its
            // elements specialized by the type it was made with, whatever the instruction
            // names (a mismatch with the instruction's type is the check after it). That
            // type is the one the type stack gives the reference under the element.
            // (No vector there: the push fails on the container first.)
            let elem = match instr {
                Bytecode::VecPushBack(_) if checked => checker
                    .stack
                    .len()
                    .checked_sub(2)
                    .and_then(|i| checker.stack.get(i))
                    .and_then(|r| match cx.cache.types.node(*r) {
                        TypeNode::MutableReference(v) | TypeNode::Reference(v) => {
                            match cx.cache.types.node(*v) {
                                TypeNode::Vector(e) => Some(*e),
                                _ => None,
                            }
                        }
                        _ => None,
                    }),
                _ => Some(cx.sig_first(*sig).map_err(here)?),
            };
            let count = match instr {
                Bytecode::VecPack(_, n) => usize::try_from(*n).unwrap_or(usize::MAX),
                _ => 1,
            };
            // The peer takes the operands (a push: the element, then the vector reference)
            // before it casts the elements: too few, or no reference under a pushed element,
            // fail as the instruction executes.
            let ops = &self.interpreter.operands;
            let taken = match instr {
                Bytecode::VecPushBack(_) => ops
                    .top_values(2)
                    .filter(|pair| matches!(pair.first(), Some(Value::Ref(_))))
                    .and_then(|pair| pair.get(1..)),
                _ => ops.top_values(count),
            };
            if let (Some(elem), Some(values)) = (elem, taken) {
                if let Some((v, name)) = element_kinds(cx.cache.types.node(elem), values) {
                    drop(cache);
                    return Err(here(self.cannot_cast(v, name)));
                }
            }
        }
        if let (true, Some((function, ty_args, mask))) = (checked, packed) {
            visibility(f, &function).map_err(here)?;
            // The peer takes the captured values (to charge them) before it checks them.
            let captured = mask.count_ones() as usize;
            if self.interpreter.operands.len() < captured {
                return Err(here(super::missing_operands(captured)));
            }
            pack_closure(checker, &mut cx, &function, &ty_args, mask).map_err(here)?;
        }
        let Some(callee) = callee else {
            return Ok(());
        };
        if checked && !callee.closure {
            visibility(f, &callee.function).map_err(here)?;
        }
        let g = &callee.function;
        if let Bytecode::CallClosure(sig) = instr {
            closure_arity(&mut cx, *sig, g, callee.mask).map_err(here)?;
        }
        let is_given = |i: usize| i >= 64 || callee.mask & (1 << i) == 0;
        // The peer takes the arguments off the stack (to charge the call) before it checks
        // their types, in checked code or not: too few fail at the call, without execution
        // state (a closure's own value lies above them).
        let given = (0..g.params.len()).filter(|i| is_given(*i)).count();
        let available = self
            .interpreter
            .operands
            .len()
            .saturating_sub(usize::from(callee.closure));
        if available < given {
            return Err((super::missing_operands(given), At::Return));
        }
        let native = g.is_native();
        let declared: &[TypeId] = if native { &g.params } else { &g.local_types };
        // perf: a non-generic Move callee's types are shared, not copied.
        let params: Arc<[TypeId]> = if callee.ty_args.is_empty() && !native {
            g.local_types.clone()
        } else if callee.ty_args.is_empty() {
            declared.into()
        } else {
            declared
                .iter()
                .map(|t| {
                    cx.cache
                        .types
                        .substitute(*t, &callee.ty_args, &TypeLimits::NONE)
                })
                .collect::<Result<Vec<_>, _>>()
                .map_err(here)?
                .into()
        };
        if checked {
            // A Move callee's arguments fail at its caller's caller; a native's at the native.
            let place = || {
                if native {
                    At::Native(g.location(), g.id.def_index)
                } else {
                    At::CallersCaller
                }
            };
            for i in (0..g.params.len()).rev().filter(|i| is_given(*i)) {
                let given = checker.pop().map_err(|e| (e, place()))?;
                let want = params
                    .get(i)
                    .copied()
                    .ok_or_else(|| here(super::invariant("param")))?;
                cx.assignable(given, want).map_err(|e| (e, place()))?;
            }
        }
        if native {
            if checked {
                for r in &g.returns {
                    let t = cx
                        .cache
                        .types
                        .substitute(*r, &callee.ty_args, &TypeLimits::NONE)
                        .map_err(here)?;
                    checker.push(t);
                }
            }
        } else {
            // The operand stack without the call's arguments (and the closure called).
            let taken =
                (0..g.params.len()).filter(|i| is_given(*i)).count() + usize::from(callee.closure);
            checker.frames.push(TypeFrame {
                locals: params,
                caller_height: checker.stack.len(),
                caller_values: self.interpreter.operands.len().saturating_sub(taken),
                checked: !trusted(g),
                ty_args: cx.cache.types.intern_list(&callee.ty_args),
            });
        }
        Ok(())
    }

    /// The checks before a `call` of a resolved Move function where they need no table: the
    /// arguments on the type stack have exactly the parameters' types and the callee may be
    /// called from here (or the caller is not checked). True: done (the callee's frame is
    /// pushed); false: nothing changed, and the full checks must run (they raise every
    /// failure). perf: the full checks take the code cache's lock and resolve the callee
    /// again on every call.
    #[inline(always)]
    fn call_fast(&mut self, frame: &Frame<'_>, handle: u16) -> bool {
        let f: &Function = frame.function;
        let Some(g) = frame
            .links
            .resolved
            .get(usize::from(handle))
            .and_then(|cell| cell.get())
            .map(|callee| &*callee.function)
        else {
            return false;
        };
        let operands = self.interpreter.operands.len();
        let Some(checker) = self.interpreter.checker.as_deref_mut() else {
            return false;
        };
        let params = g.params.len();
        if g.is_native() || !g.type_params.is_empty() || params > operands {
            return false;
        }
        if checker.checking() && (visibility(f, g).is_err() || !checker.take_args(&g.params)) {
            return false;
        }
        checker.enter(
            &g.local_types,
            operands - params,
            !trusted(g),
            TypeListId::EMPTY,
        );
        true
    }

    /// The callee and type arguments of a generic call site of `frame`.
    pub(super) fn generic_callee(
        &mut self,
        frame: &Frame<'_>,
        inst: u16,
    ) -> Result<Callee, VmError> {
        let info = frame
            .links
            .instantiations
            .get(usize::from(inst))
            .ok_or_else(|| super::invariant("instantiation out of range"))?;
        let function = self.resolve(frame.links, info.handle)?;
        let ty_args = self.instantiate_call(&info.type_args, frame.ty_args())?;
        Ok(Callee {
            function,
            ty_args,
            mask: 0,
            closure: false,
        })
    }

    /// The function a `call_closure` is about to call (the closure on top of the stack).
    pub(super) fn closure_callee(&mut self) -> Option<Callee> {
        let closure = self.top_closure()?.clone();
        let function = match &closure.target {
            ClosureTarget::Resolved(f) => f.clone(),
            ClosureTarget::Unresolved { module, name, .. } => {
                self.function(module, name.as_str()).ok()?
            }
        };
        let ty_args = self
            .runtime
            .read()
            .ok()?
            .types
            .list(closure.ty_args)
            .to_vec();
        Some(Callee {
            function,
            ty_args,
            mask: closure.mask,
            closure: true,
        })
    }

    /// Locates a check's error as the peer does (see [`At`]).
    fn place<'a>(
        &self,
        err: VmError,
        at: At,
        frame: &Frame<'a>,
        frames: &[Frame<'a>],
        pc: u32,
    ) -> VmError {
        let mut err = err;
        match at {
            At::Instruction => return super::locate(err, frames, frame, pc),
            At::Return => {
                let f: &Function = frame.function;
                let d = err.data_mut();
                d.location = frame.function.location();
                d.offsets = vec![(f.id.def_index, pc as u16)];
            }
            At::Native(location, def) => {
                let d = err.data_mut();
                d.location = location;
                d.offsets = vec![(def, 0)];
                d.exec_state = Some(stack_trace(frames));
            }
            At::CallersCaller => {
                let d = err.data_mut();
                d.location = match frames.last() {
                    Some(caller) => caller.function.location(),
                    None => Location::Undefined,
                };
                d.offsets.clear();
            }
        }
        err
    }
}

/// The arity rule of a `call_closure` with signature `sig` calling `callee` with capture
/// `mask`: as many arguments given and results taken as the function's parameters left
/// uncaptured and its results. Checked whatever the caller (trusted code is not type
/// checked, and a closure it calls may come from anywhere); an invariant of the call, so no
/// paranoid sub-status, like the return's stack-height check.
fn closure_arity(
    cx: &mut Cx<'_>,
    sig: SignatureIndex,
    callee: &Function,
    mask: u64,
) -> Result<(), VmError> {
    let expected = cx.sig_first(sig)?;
    let &TypeNode::Function(params, results, _) = cx.cache.types.node(expected) else {
        return Err(super::invariant(
            "call_closure signature is not a function type",
        ));
    };
    let want = (
        cx.cache.types.list(params).len(),
        cx.cache.types.list(results).len(),
    );
    let captured = (0..callee.params.len().min(64))
        .filter(|i| mask & (1 << i) != 0)
        .count();
    let got = (callee.params.len() - captured, callee.returns.len());
    if want == got {
        return Ok(());
    }
    Err(super::invariant(&format!(
        "Closure signature mismatch for {}: expected ({} parameters, {} results), got ({} parameters, {} results)",
        callee.full_name(),
        want.0,
        want.1,
        got.0,
        got.1
    )))
}

/// The peer's runtime visibility rule for a call (or closure packing) from `caller` to
/// `callee` in another module: private functions cannot be reached, friend functions only
/// from a friend.
fn visibility(caller: &Function, callee: &Function) -> Result<(), VmError> {
    // perf: functions of one loaded module share its link tables, so the common cases (a
    // public callee, a callee of the same module) are told without comparing module names.
    if callee.visibility == Visibility::Public
        || (Weak::ptr_eq(&caller.links, &callee.links) && caller.id.module.is_some())
        || (caller.id.module.is_some() && caller.id.module == callee.id.module)
    {
        return Ok(());
    }
    let callee_module = module_full_name(callee.id.module.as_ref());
    match callee.visibility {
        Visibility::Public => Ok(()),
        Visibility::Private => Err(failure(format!(
            "Function {callee_module}::{} cannot be called because it is private",
            callee.name
        ))),
        Visibility::Friend => {
            let is_friend = |m: &CompiledModule, c: &ModuleId| {
                m.friend_decls.iter().any(|h| {
                    m.address_identifier_at(h.address) == Some(&c.address)
                        && m.identifier_at(h.name) == Some(&c.name)
                })
            };
            if let (Some(links), Some(c)) = (callee.links.upgrade(), &caller.id.module) {
                if let SourceCode::Module(m) = &links.source {
                    if is_friend(m, c) {
                        return Ok(());
                    }
                }
            }
            Err(failure(format!(
                "Function {callee_module}::{} cannot be called because it has friend \
                 visibility, but {} is not {callee_module}'s friend",
                callee.name,
                module_full_name(caller.id.module.as_ref())
            )))
        }
    }
}

/// Whether `f`'s handle carries the `persistent` attribute (what decides, as for the
/// verifier, whether a closure of it may have `store`; a public function without it may not).
fn persistent_attribute(f: &Function) -> bool {
    let Some(links) = f.links.upgrade() else {
        return false;
    };
    let SourceCode::Module(m) = &links.source else {
        return false;
    };
    m.function_defs
        .get(usize::from(f.id.def_index))
        .and_then(|d| m.function_handles.get(d.function.idx()))
        .is_some_and(|h| h.attributes.contains(&FunctionAttribute::Persistent))
}

/// Packing a closure: the captured values' types are popped and checked against the
/// captured parameters; the closure's function type is pushed, its abilities those of
/// the function (`copy + drop`, and `store` for a persistent one) that every
/// captured value has.
fn pack_closure(
    checker: &mut TypeChecker,
    cx: &mut Cx<'_>,
    function: &Function,
    ty_args: &[TypeId],
    mask: u64,
) -> Result<(), VmError> {
    let mut abilities = if persistent_attribute(function) {
        AbilitySet::PRIMITIVES
    } else {
        AbilitySet::REFERENCES
    };
    let captured_params: Vec<TypeId> = function
        .params
        .iter()
        .enumerate()
        .filter(|(i, _)| *i < 64 && mask & (1 << i) != 0)
        .map(|(_, t)| *t)
        .collect();
    let given = checker.popn(captured_params.len())?;
    for (expected, given) in captured_params.iter().zip(given) {
        if matches!(
            cx.cache.types.node(*expected),
            TypeNode::Reference(_) | TypeNode::MutableReference(_)
        ) {
            return Err(failure(format!(
                "Captured argument type `{}` cannot be a reference",
                cx.show(*expected)
            )));
        }
        let expected = cx
            .cache
            .types
            .substitute(*expected, ty_args, &TypeLimits::NONE)?;
        abilities = abilities.intersect(cx.abilities(given));
        cx.assignable(given, expected)?;
    }
    let mut args = Vec::new();
    for (i, t) in function.params.iter().enumerate() {
        if !(i < 64 && mask & (1 << i) != 0) {
            args.push(cx.cache.types.substitute(*t, ty_args, &TypeLimits::NONE)?);
        }
    }
    let mut results = Vec::new();
    for t in &function.returns {
        results.push(cx.cache.types.substitute(*t, ty_args, &TypeLimits::NONE)?);
    }
    let args = cx.cache.types.intern_list(&args);
    let results = cx.cache.types.intern_list(&results);
    let ty = cx.prim(TypeNode::Function(args, results, abilities));
    checker.push(ty);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::StructId;

    fn function(
        cache: &mut CodeCache,
        args: &[TypeId],
        results: &[TypeId],
        ab: AbilitySet,
    ) -> TypeId {
        let a = cache.types.intern_list(args);
        let r = cache.types.intern_list(results);
        cache.types.intern(TypeNode::Function(a, r, ab))
    }

    #[test]
    fn types_print_as_the_peer_prints_them() {
        let mut cache = CodeCache::new();
        let u64_ = cache.types.intern(TypeNode::U64);
        let u8_ = cache.types.intern(TypeNode::U8);
        let v = cache.types.intern(TypeNode::Vector(u8_));
        let r = cache.types.intern(TypeNode::MutableReference(v));
        assert_eq!(show_type(&cache, r), "&mut vector<u8>");
        let cd = AbilitySet::EMPTY.with(Ability::Copy).with(Ability::Drop);
        let f = function(&mut cache, &[u8_], &[u8_], cd);
        assert_eq!(show_type(&cache, f), "|u8|u8 has copy + drop");
        let g = function(&mut cache, &[u64_, u8_], &[u64_, u64_], AbilitySet::EMPTY);
        assert_eq!(show_type(&cache, g), "|u64,u8|u64,u64");
        let h = function(&mut cache, &[], &[], AbilitySet::EMPTY);
        assert_eq!(show_type(&cache, h), "||");
        let list = cache.types.intern_list(&[u64_, u8_]);
        let s = cache.types.intern(TypeNode::Struct(StructId(7), list));
        assert_eq!(show_type(&cache, s), "s#7<u64,u8>");
    }

    #[test]
    fn assignability_allows_more_function_abilities_and_covariant_references() {
        let mut cache = CodeCache::new();
        let u8_ = cache.types.intern(TypeNode::U8);
        let u64_ = cache.types.intern(TypeNode::U64);
        let d = AbilitySet::EMPTY.with(Ability::Drop);
        let cd = d.with(Ability::Copy);
        let weak = function(&mut cache, &[u8_], &[u8_], d);
        let strong = function(&mut cache, &[u8_], &[u8_], cd);
        assert!(assignable(&cache, strong, weak).is_ok());
        let err = assignable(&cache, weak, strong).expect_err("drop only where copy is needed");
        assert_eq!(err.status(), StatusCode::UNKNOWN_INVARIANT_VIOLATION_ERROR);
        assert_eq!(err.sub_status(), Some(PARANOID_FAILURE));
        assert_eq!(
            err.message(),
            Some("Expected type |u8|u8 has copy + drop, got |u8|u8 has drop which is not assignable ")
        );
        let r_strong = cache.types.intern(TypeNode::Reference(strong));
        let r_weak = cache.types.intern(TypeNode::Reference(weak));
        assert!(assignable(&cache, r_strong, r_weak).is_ok());
        let m_strong = cache.types.intern(TypeNode::MutableReference(strong));
        let m_weak = cache.types.intern(TypeNode::MutableReference(weak));
        assert!(assignable(&cache, m_strong, m_weak).is_err());
        // A mutable reference is not an immutable one without a freeze.
        assert!(assignable(&cache, m_weak, r_weak).is_err());
        assert!(assignable(&cache, u8_, u64_).is_err());
        assert!(assignable(&cache, u64_, u64_).is_ok());
    }
}
