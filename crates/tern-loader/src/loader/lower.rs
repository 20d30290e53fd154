//! Lowering of a function definition's bytecode into [`Op`]s with resolved operands.

use super::signature::{convert, struct_of};
use super::{
    bad_index, Body, CheckedPack, ClosureSite, CodeCache, Entry, Function, FunctionId, ModuleLinks,
    NativeLookup, PackCheck, VariantCheck, VariantMismatch,
};
use crate::types::{TypeId, TypeNode};
use crate::values::Value;
use std::sync::Arc;
use tern_binary::{
    BinaryTables, Bytecode, CodeUnit, CompiledModule, CompiledScript, FunctionAttribute,
    FunctionDefinition, SignatureToken, StructDefinitionIndex, Visibility,
};
use tern_ir::{IntKind, Op, TypeSlot};
use tern_primitives::{Identifier, StatusCode, VmError};

/// Loads one function definition of a module.
pub(super) fn load_function(
    cache: &mut CodeCache,
    m: &CompiledModule,
    def: &FunctionDefinition,
    def_index: usize,
    links: &Arc<ModuleLinks>,
    natives: NativeLookup<'_>,
) -> Result<Function, VmError> {
    let handle = m.function_handle_at(def.function).ok_or_else(bad_index)?;
    let name = m.identifier_at(handle.name).ok_or_else(bad_index)?.clone();
    let params = convert_sig(cache, m, handle.parameters)?;
    let returns = convert_sig(cache, m, handle.return_)?;
    let mut local_types = params.clone();
    let body = match &def.code {
        Some(code) => {
            local_types.extend(convert_sig(cache, m, code.locals)?);
            let generic = !handle.type_parameters.is_empty();
            Some(Lowering::new(cache, m, generic).lower(code, Some(m), &local_types)?)
        }
        None => None,
    };
    let module_id = links.module.clone();
    let native = match (&def.code, &module_id) {
        (None, Some(id)) => {
            let declared = declared_signature(cache, &params, &returns)?;
            natives(id, name.as_str(), &declared)
        }
        _ => None,
    };
    Ok(with_entry(
        cache,
        Function {
            id: FunctionId {
                module: module_id,
                def_index: def_index as u16,
            },
            name,
            visibility: def.visibility,
            is_entry: def.is_entry,
            is_persistent: def.visibility == Visibility::Public
                || handle.attributes.contains(&FunctionAttribute::Persistent),
            is_module_lock: handle.attributes.contains(&FunctionAttribute::ModuleLock),
            type_params: handle.type_parameters.clone(),
            params,
            returns,
            local_types: local_types.into(),
            has_body: body.is_some(),
            body: body.unwrap_or_default(),
            native,
            links: Arc::downgrade(links),
            entry: Entry::default(),
        },
    ))
}

/// The signature a module declares for a native, as [`crate::natives::NativeSignature`]
/// writes it.
pub fn declared_signature(
    cache: &CodeCache,
    params: &[TypeId],
    returns: &[TypeId],
) -> Result<crate::natives::NativeSignature, VmError> {
    let names = |tys: &[TypeId]| -> Result<Vec<String>, VmError> {
        tys.iter()
            .map(|t| crate::type_names::canonical_name(cache, *t))
            .collect()
    };
    Ok(crate::natives::NativeSignature {
        params: names(params)?,
        returns: names(returns)?,
    })
}

/// Loads a script's `main`.
pub(super) fn load_script(
    cache: &mut CodeCache,
    s: &CompiledScript,
    links: &Arc<ModuleLinks>,
) -> Result<Function, VmError> {
    let params = convert_sig(cache, s, s.parameters)?;
    let mut local_types = params.clone();
    local_types.extend(convert_sig(cache, s, s.code.locals)?);
    let generic = !s.type_parameters.is_empty();
    let body = Lowering::new(cache, s, generic).lower(&s.code, None, &local_types)?;
    Ok(with_entry(
        cache,
        Function {
            id: FunctionId {
                module: None,
                def_index: 0,
            },
            name: Identifier::new("main").map_err(|_| bad_index())?,
            visibility: Visibility::Public,
            is_entry: true,
            is_persistent: false,
            is_module_lock: false,
            type_params: s.type_parameters.clone(),
            params,
            returns: Vec::new(),
            local_types: local_types.into(),
            body,
            has_body: true,
            native: None,
            links: Arc::downgrade(links),
            entry: Entry::default(),
        },
    ))
}

/// `f` with its call record ([`Entry`]) filled in.
fn with_entry(cache: &CodeCache, mut f: Function) -> Function {
    f.entry = Entry::of(&cache.types, &f);
    f
}

fn convert_sig<T: BinaryTables>(
    cache: &mut CodeCache,
    unit: &T,
    idx: tern_binary::SignatureIndex,
) -> Result<Vec<TypeId>, VmError> {
    let sig = unit.signature_at(idx).ok_or_else(bad_index)?;
    sig.0.iter().map(|t| convert(cache, unit, t)).collect()
}

struct Lowering<'a, T: BinaryTables> {
    cache: &'a mut CodeCache,
    unit: &'a T,
    body: Body,
    /// Whether the function has type parameters.
    generic: bool,
}

impl<'a, T: BinaryTables> Lowering<'a, T> {
    fn new(cache: &'a mut CodeCache, unit: &'a T, generic: bool) -> Self {
        Lowering {
            cache,
            unit,
            body: Body::default(),
            generic,
        }
    }

    fn lower(
        mut self,
        code: &CodeUnit,
        module: Option<&CompiledModule>,
        local_types: &[TypeId],
    ) -> Result<Body, VmError> {
        self.body.jump_tables = code
            .jump_tables
            .iter()
            .map(|t| t.targets.iter().map(|&pc| u32::from(pc)).collect())
            .collect();
        let mut ops = Vec::with_capacity(code.code.len() + 1);
        for instr in &code.code {
            let op = match module {
                Some(m) => self.lower_module_instr(instr, m)?,
                None => None,
            };
            let op = match op {
                Some(op) => op,
                None => self.lower_common(instr)?,
            };
            ops.push(op);
        }
        let u64_locals: Vec<bool> = local_types
            .iter()
            .map(|t| matches!(self.cache.types.node(*t), TypeNode::U64))
            .collect();
        self.body.code =
            tern_ir::code::Code::with_jump_tables(ops, &u64_locals, &self.body.jump_tables)?;
        Ok(self.body)
    }

    fn slot(&mut self, ty: TypeId) -> TypeSlot {
        if let Some(i) = self.body.types.iter().position(|t| *t == ty) {
            return i as TypeSlot;
        }
        self.body.types.push(ty);
        let generic = self.cache.types.info(ty).has_type_params;
        self.body.slot_is_generic.push(generic);
        (self.body.types.len() - 1) as TypeSlot
    }

    fn token_slot(&mut self, tok: &SignatureToken) -> Result<TypeSlot, VmError> {
        let ty = convert(self.cache, self.unit, tok)?;
        Ok(self.slot(ty))
    }

    fn sig_slot(&mut self, idx: tern_binary::SignatureIndex) -> Result<TypeSlot, VmError> {
        let tok = self
            .unit
            .signature_at(idx)
            .and_then(|s| s.0.first())
            .ok_or_else(bad_index)?
            .clone();
        self.token_slot(&tok)
    }

    fn wide(&mut self, v: Value) -> Op {
        self.body.wide.push(v);
        Op::LdWide((self.body.wide.len() - 1) as u32)
    }

    /// Instructions shared by scripts and modules.
    fn lower_common(&mut self, instr: &Bytecode) -> Result<Op, VmError> {
        use Bytecode as B;
        Ok(match instr {
            B::Pop => Op::Pop,
            B::Ret => Op::Ret,
            B::BrTrue(t) => Op::BrTrue(u32::from(*t)),
            B::BrFalse(t) => Op::BrFalse(u32::from(*t)),
            B::Branch(t) => Op::Branch(u32::from(*t)),
            B::LdU8(v) => Op::LdU8(*v),
            B::LdU16(v) => Op::LdU16(*v),
            B::LdU32(v) => Op::LdU32(*v),
            B::LdU64(v) => Op::LdU64(*v),
            B::LdI8(v) => Op::LdI8(*v),
            B::LdI16(v) => Op::LdI16(*v),
            B::LdI32(v) => Op::LdI32(*v),
            B::LdI64(v) => Op::LdI64(*v),
            B::LdU128(v) => self.wide(Value::u128(**v)),
            B::LdU256(v) => self.wide(Value::u256(**v)),
            B::LdI128(v) => self.wide(Value::i128(**v)),
            B::LdI256(v) => self.wide(Value::i256(**v)),
            B::LdConst(c) => Op::LdConst(u32::from(c.0)),
            B::LdTrue => Op::LdTrue,
            B::LdFalse => Op::LdFalse,
            B::CopyLoc(i) => Op::CopyLoc(*i),
            B::MoveLoc(i) => Op::MoveLoc(*i),
            B::StLoc(i) => Op::StLoc(*i),
            B::MutBorrowLoc(i) | B::ImmBorrowLoc(i) => Op::BorrowLoc(*i),
            B::Call(fh) => Op::Call(fh.0),
            B::CallGeneric(fi) => Op::CallGeneric(fi.0),
            B::ReadRef => Op::ReadRef,
            B::WriteRef => Op::WriteRef,
            B::FreezeRef => Op::FreezeRef,
            B::Add => Op::Add,
            B::Sub => Op::Sub,
            B::Mul => Op::Mul,
            B::Mod => Op::Mod,
            B::Div => Op::Div,
            B::BitOr => Op::BitOr,
            B::BitAnd => Op::BitAnd,
            B::Xor => Op::Xor,
            B::Or => Op::Or,
            B::And => Op::And,
            B::Not => Op::Not,
            B::Eq => Op::Eq,
            B::Neq => Op::Neq,
            B::Lt => Op::Lt,
            B::Gt => Op::Gt,
            B::Le => Op::Le,
            B::Ge => Op::Ge,
            B::Shl => Op::Shl,
            B::Shr => Op::Shr,
            B::Abort => Op::Abort,
            B::AbortMsg => Op::AbortMsg,
            B::Nop => Op::Nop,
            B::CastU8 => Op::Cast(IntKind::U8),
            B::CastU16 => Op::Cast(IntKind::U16),
            B::CastU32 => Op::Cast(IntKind::U32),
            B::CastU64 => Op::Cast(IntKind::U64),
            B::CastU128 => Op::Cast(IntKind::U128),
            B::CastU256 => Op::Cast(IntKind::U256),
            B::CastI8 => Op::Cast(IntKind::I8),
            B::CastI16 => Op::Cast(IntKind::I16),
            B::CastI32 => Op::Cast(IntKind::I32),
            B::CastI64 => Op::Cast(IntKind::I64),
            B::CastI128 => Op::Cast(IntKind::I128),
            B::CastI256 => Op::Cast(IntKind::I256),
            B::Negate => Op::Negate,
            B::VecPack(sig, n) => {
                let slot = self.sig_slot(*sig)?;
                // The peer holds the count in 16 bits (the verifier bounds it; reached with
                // the verifier off) and refuses a larger one as it loads the module.
                if u16::try_from(*n).is_err() {
                    return Err(VmError::new(StatusCode::UNKNOWN_INVARIANT_VIOLATION_ERROR)
                        .with_message(format!("VecPack count {n} exceeds u16::MAX")));
                }
                let op = Op::VecPack(slot, vec_count(*n)?);
                match self.cache.limits.pack_value_depth() {
                    Some(_) => {
                        let elem = *self
                            .body
                            .types
                            .get(usize::from(slot))
                            .ok_or_else(bad_index)?;
                        self.sui_pack(elem, PackCheck::Element, op)?
                    }
                    None => self.vector_over_limits(slot).unwrap_or(op),
                }
            }
            B::VecLen(_) => Op::VecLen,
            B::VecImmBorrow(_) | B::VecMutBorrow(_) => Op::VecBorrow,
            B::VecPushBack(_) => Op::VecPushBack,
            B::VecPopBack(_) => Op::VecPopBack,
            B::VecUnpack(_, n) => Op::VecUnpack(vec_count(*n)?),
            B::VecSwap(_) => Op::VecSwap,
            B::PackClosure(fh, mask) => self.closure(fh.0, Vec::new(), mask.0),
            B::PackClosureGeneric(fi, mask) => {
                let inst = self
                    .unit
                    .function_instantiation_at(*fi)
                    .ok_or_else(bad_index)?
                    .clone();
                let args = self.sig_types(inst.type_parameters)?;
                self.closure(inst.handle.0, args, mask.0)
            }
            B::CallClosure(sig) => Op::CallClosure(self.sig_slot(*sig)?),
            // Module-only instructions in a script: the verifier rejects them; reaching one
            // at run time is an invariant violation.
            B::MutBorrowField(..)
            | B::ImmBorrowField(..)
            | B::Pack(..)
            | B::Unpack(..)
            | B::Exists(..)
            | B::MutBorrowGlobal(..)
            | B::ImmBorrowGlobal(..)
            | B::MoveFrom(..)
            | B::MoveTo(..)
            | B::MutBorrowFieldGeneric(..)
            | B::ImmBorrowFieldGeneric(..)
            | B::PackGeneric(..)
            | B::UnpackGeneric(..)
            | B::ExistsGeneric(..)
            | B::MutBorrowGlobalGeneric(..)
            | B::ImmBorrowGlobalGeneric(..)
            | B::MoveFromGeneric(..)
            | B::MoveToGeneric(..)
            | B::ImmBorrowVariantField(..)
            | B::MutBorrowVariantField(..)
            | B::ImmBorrowVariantFieldGeneric(..)
            | B::MutBorrowVariantFieldGeneric(..)
            | B::PackVariant(..)
            | B::PackVariantGeneric(..)
            | B::UnpackVariant(..)
            | B::UnpackVariantGeneric(..)
            | B::TestVariant(..)
            | B::TestVariantGeneric(..)
            | B::SuiPackVariant(..)
            | B::SuiPackVariantGeneric(..)
            | B::SuiUnpackVariant(..)
            | B::SuiUnpackVariantImmRef(..)
            | B::SuiUnpackVariantMutRef(..)
            | B::SuiUnpackVariantGeneric(..)
            | B::SuiUnpackVariantGenericImmRef(..)
            | B::SuiUnpackVariantGenericMutRef(..)
            | B::VariantSwitch(..) => return Err(bad_index()),
        })
    }

    fn sig_types(&mut self, idx: tern_binary::SignatureIndex) -> Result<Vec<TypeId>, VmError> {
        let sig = self.unit.signature_at(idx).ok_or_else(bad_index)?.clone();
        sig.0
            .iter()
            .map(|t| convert(self.cache, self.unit, t))
            .collect()
    }

    fn closure(&mut self, handle: u16, type_args: Vec<TypeId>, mask: u64) -> Op {
        self.body.closures.push(ClosureSite {
            handle,
            type_args,
            mask,
        });
        Op::PackClosure((self.body.closures.len() - 1) as u16)
    }
}

fn vec_count(n: u64) -> Result<u32, VmError> {
    u32::try_from(n).map_err(|_| bad_index())
}

impl<T: BinaryTables> Lowering<'_, T> {
    /// Instructions that refer to module-only tables.
    fn lower_module_instr(
        &mut self,
        instr: &Bytecode,
        m: &CompiledModule,
    ) -> Result<Option<Op>, VmError> {
        use Bytecode as B;
        let op = match instr {
            B::MutBorrowField(fh) | B::ImmBorrowField(fh) => {
                Op::BorrowField(m.field_handles.get(fh.idx()).ok_or_else(bad_index)?.field)
            }
            B::MutBorrowFieldGeneric(fi) | B::ImmBorrowFieldGeneric(fi) => {
                let inst = m.field_instantiations.get(fi.idx()).ok_or_else(bad_index)?;
                let h = m
                    .field_handles
                    .get(inst.handle.idx())
                    .ok_or_else(bad_index)?;
                Op::BorrowField(h.field)
            }
            B::Pack(sd) => {
                let op = Op::Pack(field_count(m, *sd)?);
                match self.cache.limits.pack_value_depth() {
                    Some(_) => {
                        let ty = self.struct_type(m, *sd, None)?;
                        self.sui_pack(ty, PackCheck::Datatype, op)?
                    }
                    None => op,
                }
            }
            B::Unpack(sd) => Op::Unpack(field_count(m, *sd)?),
            B::PackGeneric(si) => {
                let op = Op::Pack(field_count(m, inst_def(m, si.idx())?)?);
                match self.cache.limits.pack_value_depth() {
                    Some(_) => {
                        let inst = m
                            .struct_def_instantiations
                            .get(si.idx())
                            .ok_or_else(bad_index)?;
                        let ty = self.struct_type(m, inst.def, Some(inst.type_parameters))?;
                        self.sui_pack(ty, PackCheck::Datatype, op)?
                    }
                    None => self.instantiation_over_limits(m, si.idx())?.unwrap_or(op),
                }
            }
            // Sui's runtime instantiates nothing to unpack.
            B::UnpackGeneric(si) => match self.cache.limits.pack_value_depth() {
                Some(_) => Op::Unpack(field_count(m, inst_def(m, si.idx())?)?),
                None => self
                    .instantiation_over_limits(m, si.idx())?
                    .unwrap_or(Op::Unpack(field_count(m, inst_def(m, si.idx())?)?)),
            },
            B::Exists(sd) => Op::Exists(self.struct_slot(m, *sd, None)?),
            B::ExistsGeneric(si) => Op::Exists(self.generic_struct_slot(m, si.idx())?),
            B::MutBorrowGlobal(sd) => borrow_global(self.struct_slot(m, *sd, None)?, true),
            B::ImmBorrowGlobal(sd) => borrow_global(self.struct_slot(m, *sd, None)?, false),
            B::MutBorrowGlobalGeneric(si) => {
                borrow_global(self.generic_struct_slot(m, si.idx())?, true)
            }
            B::ImmBorrowGlobalGeneric(si) => {
                borrow_global(self.generic_struct_slot(m, si.idx())?, false)
            }
            B::MoveFrom(sd) => Op::MoveFrom(self.struct_slot(m, *sd, None)?),
            B::MoveFromGeneric(si) => Op::MoveFrom(self.generic_struct_slot(m, si.idx())?),
            B::MoveTo(sd) => Op::MoveTo(self.struct_slot(m, *sd, None)?),
            B::MoveToGeneric(si) => Op::MoveTo(self.generic_struct_slot(m, si.idx())?),
            B::PackVariant(h) => self.pack_variant(m, h.idx())?,
            B::PackVariantGeneric(i) => {
                let inst = m
                    .struct_variant_instantiations
                    .get(i.idx())
                    .ok_or_else(bad_index)?;
                self.pack_variant(m, inst.handle.idx())?
            }
            B::UnpackVariant(h) => self.unpack_variant(m, h.idx())?,
            B::UnpackVariantGeneric(i) => {
                let inst = m
                    .struct_variant_instantiations
                    .get(i.idx())
                    .ok_or_else(bad_index)?;
                self.unpack_variant(m, inst.handle.idx())?
            }
            B::TestVariant(h) => Op::TestVariant(variant_of(m, h.idx())?.1),
            B::TestVariantGeneric(i) => {
                let inst = m
                    .struct_variant_instantiations
                    .get(i.idx())
                    .ok_or_else(bad_index)?;
                Op::TestVariant(variant_of(m, inst.handle.idx())?.1)
            }
            B::ImmBorrowVariantField(h) | B::MutBorrowVariantField(h) => {
                self.variant_field(m, h.idx())?
            }
            // Sui's enum instructions, onto the same ops (their checks report Sui's status).
            B::SuiPackVariant(h) => {
                let (e, variant) = sui_variant(m, h.idx())?;
                let op = Op::PackVariant {
                    variant,
                    fields: sui_field_count(m, e, variant)?,
                };
                match self.cache.limits.pack_value_depth() {
                    Some(_) => {
                        let ty = self.enum_type(m, e, None)?;
                        self.sui_pack(ty, PackCheck::Datatype, op)?
                    }
                    None => op,
                }
            }
            B::SuiPackVariantGeneric(i) => {
                let (e, variant) = sui_variant_inst(m, i.idx())?;
                let op = Op::PackVariant {
                    variant,
                    fields: sui_field_count(m, e, variant)?,
                };
                match self.cache.limits.pack_value_depth() {
                    Some(_) => {
                        let args = sui_enum_inst(m, i.idx())?.0.type_parameters;
                        let ty = self.enum_type(m, e, Some(args))?;
                        self.sui_pack(ty, PackCheck::Datatype, op)?
                    }
                    None => op,
                }
            }
            B::SuiUnpackVariant(h) => {
                let (e, variant) = sui_variant(m, h.idx())?;
                let (check, fields) = self.sui_check(m, e, variant, VariantMismatch::Tag)?;
                Op::UnpackVariant { check, fields }
            }
            B::SuiUnpackVariantGeneric(i) => {
                let (e, variant) = sui_variant_inst(m, i.idx())?;
                let (check, fields) = self.sui_check(m, e, variant, VariantMismatch::Tag)?;
                Op::UnpackVariant { check, fields }
            }
            B::SuiUnpackVariantImmRef(h) | B::SuiUnpackVariantMutRef(h) => {
                let (e, variant) = sui_variant(m, h.idx())?;
                let (check, fields) = self.sui_check(m, e, variant, VariantMismatch::TagRef)?;
                Op::UnpackVariantRef { check, fields }
            }
            B::SuiUnpackVariantGenericImmRef(i) | B::SuiUnpackVariantGenericMutRef(i) => {
                let (e, variant) = sui_variant_inst(m, i.idx())?;
                let (check, fields) = self.sui_check(m, e, variant, VariantMismatch::TagRef)?;
                Op::UnpackVariantRef { check, fields }
            }
            B::VariantSwitch(jt) => {
                if jt.idx() >= self.body.jump_tables.len() {
                    return Err(bad_index());
                }
                Op::VariantSwitch(jt.0)
            }
            B::ImmBorrowVariantFieldGeneric(i) | B::MutBorrowVariantFieldGeneric(i) => {
                let inst = m
                    .variant_field_instantiations
                    .get(i.idx())
                    .ok_or_else(bad_index)?;
                self.variant_field(m, inst.handle.idx())?
            }
            // Lowered the same in scripts and modules (`lower_common`).
            B::Pop
            | B::Ret
            | B::BrTrue(..)
            | B::BrFalse(..)
            | B::Branch(..)
            | B::LdU64(..)
            | B::LdConst(..)
            | B::LdTrue
            | B::LdFalse
            | B::CopyLoc(..)
            | B::MoveLoc(..)
            | B::StLoc(..)
            | B::MutBorrowLoc(..)
            | B::ImmBorrowLoc(..)
            | B::Call(..)
            | B::ReadRef
            | B::WriteRef
            | B::Add
            | B::Sub
            | B::Mul
            | B::Mod
            | B::Div
            | B::BitOr
            | B::BitAnd
            | B::Xor
            | B::Or
            | B::And
            | B::Not
            | B::Eq
            | B::Neq
            | B::Lt
            | B::Gt
            | B::Le
            | B::Ge
            | B::Abort
            | B::Nop
            | B::FreezeRef
            | B::Shl
            | B::Shr
            | B::LdU8(..)
            | B::LdU128(..)
            | B::CastU8
            | B::CastU64
            | B::CastU128
            | B::CallGeneric(..)
            | B::VecPack(..)
            | B::VecLen(..)
            | B::VecImmBorrow(..)
            | B::VecMutBorrow(..)
            | B::VecPushBack(..)
            | B::VecPopBack(..)
            | B::VecUnpack(..)
            | B::VecSwap(..)
            | B::LdU16(..)
            | B::LdU32(..)
            | B::LdU256(..)
            | B::CastU16
            | B::CastU32
            | B::CastU256
            | B::PackClosure(..)
            | B::PackClosureGeneric(..)
            | B::CallClosure(..)
            | B::LdI8(..)
            | B::LdI16(..)
            | B::LdI32(..)
            | B::LdI64(..)
            | B::LdI128(..)
            | B::LdI256(..)
            | B::CastI8
            | B::CastI16
            | B::CastI32
            | B::CastI64
            | B::CastI128
            | B::CastI256
            | B::Negate
            | B::AbortMsg => return Ok(None),
        };
        Ok(Some(op))
    }

    fn struct_slot(
        &mut self,
        m: &CompiledModule,
        sd: StructDefinitionIndex,
        args: Option<tern_binary::SignatureIndex>,
    ) -> Result<TypeSlot, VmError> {
        let ty = self.struct_type(m, sd, args)?;
        Ok(self.slot(ty))
    }

    /// The type of struct definition `sd` with type arguments `args` (none: no arguments).
    fn struct_type(
        &mut self,
        m: &CompiledModule,
        sd: StructDefinitionIndex,
        args: Option<tern_binary::SignatureIndex>,
    ) -> Result<TypeId, VmError> {
        let def = m.struct_def_at(sd).ok_or_else(bad_index)?;
        self.datatype(m, def.struct_handle.0, args)
    }

    /// The type of the datatype (struct or Sui enum) of handle `handle` with type arguments
    /// `args` (none: no arguments).
    fn datatype(
        &mut self,
        m: &CompiledModule,
        handle: u16,
        args: Option<tern_binary::SignatureIndex>,
    ) -> Result<TypeId, VmError> {
        let sid = struct_of(self.cache, m, handle)?;
        let list = match args {
            Some(sig) => {
                let tys = self.sig_types(sig)?;
                self.cache.types.intern_list(&tys)
            }
            None => self.cache.types.intern_list(&[]),
        };
        Ok(self.cache.types.intern(TypeNode::Struct(sid, list)))
    }

    /// [`Op::Fail`] for a struct instantiation with no type parameters that is beyond the
    /// runtime type limits: the peer instantiates it when the instruction runs and fails there,
    /// naming the type argument it was building. `None` for one within the limits, or one
    /// that mentions type parameters (a generic frame checks those when it instantiates them).
    fn instantiation_over_limits(
        &mut self,
        m: &CompiledModule,
        si: usize,
    ) -> Result<Option<Op>, VmError> {
        let inst = m.struct_def_instantiations.get(si).ok_or_else(bad_index)?;
        let ty = self.struct_type(m, inst.def, Some(inst.type_parameters))?;
        let limits = self.cache.limits;
        let info = self.cache.types.info(ty);
        if info.has_type_params {
            return Ok(None);
        }
        let Err(err) = crate::types::check_limits(info, &limits) else {
            return Ok(None);
        };
        let TypeNode::Struct(_, list) = info.node.clone() else {
            return Ok(None);
        };
        // The argument being built when a limit is passed: the struct is the first node and
        // level, then each argument in turn.
        let mut nodes = 1u32;
        let mut named = None;
        for &arg in self.cache.types.list(list) {
            let a = self.cache.types.info(arg);
            nodes = nodes.saturating_add(a.nodes);
            if a.depth.saturating_add(1) > limits.max_depth || nodes > limits.max_nodes {
                named = Some(arg);
                break;
            }
        }
        let message = match named {
            Some(arg) => format!(
                "{}.Failed to instantiate a type {} with type arguments []",
                err.message().unwrap_or_default(),
                crate::type_names::canonical_name(self.cache, arg)?
            ),
            None => err.message().unwrap_or_default().to_string(),
        };
        Ok(Some(self.fail(err.with_message(message))))
    }

    /// [`Op::Fail`] for a `vec_pack` whose vector type, of a concrete element type (type
    /// slot `elem`), is beyond the runtime type limits (a generic frame checks its own when
    /// the instruction runs).
    fn vector_over_limits(&mut self, elem: TypeSlot) -> Option<Op> {
        let ty = *self.body.types.get(usize::from(elem))?;
        let info = self.cache.types.info(ty);
        if info.has_type_params {
            return None;
        }
        let (nodes, depth) = (info.nodes.saturating_add(1), info.depth.saturating_add(1));
        let err = crate::types::check_size(nodes, depth, &self.cache.limits).err()?;
        Some(self.fail(err))
    }

    /// A pack under Sui's rules, of concrete or generic type `ty` (for a `vec_pack`, the
    /// element type): in a function without type parameters its checks are made now (an
    /// [`Op::Fail`] where one fails, else `op` itself); in a generic one it becomes an
    /// [`Op::CheckedPack`] with a slot of its own, checked per frame instantiation.
    fn sui_pack(&mut self, ty: TypeId, kind: PackCheck, op: Op) -> Result<Op, VmError> {
        let limits = self.cache.limits;
        let Some(max_depth) = limits.pack_value_depth() else {
            return Ok(op);
        };
        if self.generic {
            self.body.types.push(ty);
            let generic = self.cache.types.info(ty).has_type_params;
            self.body.slot_is_generic.push(generic);
            let slot = u16::try_from(self.body.types.len() - 1).map_err(|_| bad_index())?;
            self.body.checked_packs.push(CheckedPack { slot, kind, op });
            let index =
                u16::try_from(self.body.checked_packs.len() - 1).map_err(|_| bad_index())?;
            return Ok(Op::CheckedPack(index));
        }
        match self.cache.check_pack(ty, kind, &[], max_depth) {
            Ok(_) => Ok(op),
            Err(err) => Ok(self.fail(err)),
        }
    }

    /// The type of Sui enum definition `e` with type arguments `args` (none: no arguments).
    fn enum_type(
        &mut self,
        m: &CompiledModule,
        e: usize,
        args: Option<tern_binary::SignatureIndex>,
    ) -> Result<TypeId, VmError> {
        let def = m.enum_defs.get(e).ok_or_else(bad_index)?;
        self.datatype(m, def.enum_handle.0, args)
    }

    /// An [`Op::Fail`] raising `err`.
    fn fail(&mut self, err: VmError) -> Op {
        self.body.failures.push(err);
        Op::Fail(u16::try_from(self.body.failures.len() - 1).unwrap_or(u16::MAX))
    }

    fn generic_struct_slot(&mut self, m: &CompiledModule, si: usize) -> Result<TypeSlot, VmError> {
        let inst = m.struct_def_instantiations.get(si).ok_or_else(bad_index)?;
        self.struct_slot(m, inst.def, Some(inst.type_parameters))
    }

    fn variant_names(
        &self,
        m: &CompiledModule,
        sd: StructDefinitionIndex,
    ) -> Result<Vec<Identifier>, VmError> {
        let def = m.struct_def_at(sd).ok_or_else(bad_index)?;
        def.variants()
            .iter()
            .map(|v| m.identifier_at(v.name).cloned().ok_or_else(bad_index))
            .collect()
    }

    fn pack_variant(&mut self, m: &CompiledModule, h: usize) -> Result<Op, VmError> {
        let (sd, variant) = variant_of(m, h)?;
        let def = m.struct_def_at(sd).ok_or_else(bad_index)?;
        let fields = def
            .variants()
            .get(usize::from(variant))
            .ok_or_else(bad_index)?
            .fields
            .len() as u16;
        Ok(Op::PackVariant { variant, fields })
    }

    fn unpack_variant(&mut self, m: &CompiledModule, h: usize) -> Result<Op, VmError> {
        let (sd, variant) = variant_of(m, h)?;
        let Op::PackVariant { fields, .. } = self.pack_variant(m, h)? else {
            return Err(bad_index());
        };
        let names = self.variant_names(m, sd)?;
        let check = self.add_check(vec![variant], names, VariantMismatch::Named);
        Ok(Op::UnpackVariant { check, fields })
    }

    fn variant_field(&mut self, m: &CompiledModule, h: usize) -> Result<Op, VmError> {
        let vfh = m.variant_field_handles.get(h).ok_or_else(bad_index)?;
        let names = self.variant_names(m, vfh.struct_index)?;
        let variants = self.add_check(vfh.variants.clone(), names, VariantMismatch::Named);
        Ok(Op::BorrowVariantField {
            offset: vfh.field,
            variants,
        })
    }

    /// The check of a Sui unpack of `variant` of enum definition `e`, and the variant's field
    /// count.
    fn sui_check(
        &mut self,
        m: &CompiledModule,
        e: usize,
        variant: u16,
        mismatch: VariantMismatch,
    ) -> Result<(u16, u16), VmError> {
        let def = m.enum_defs.get(e).ok_or_else(bad_index)?;
        let names = def
            .variants
            .iter()
            .map(|v| m.identifier_at(v.name).cloned().ok_or_else(bad_index))
            .collect::<Result<Vec<_>, _>>()?;
        let fields = sui_field_count(m, e, variant)?;
        Ok((self.add_check(vec![variant], names, mismatch), fields))
    }

    fn add_check(
        &mut self,
        allowed: Vec<u16>,
        names: Vec<Identifier>,
        mismatch: VariantMismatch,
    ) -> u16 {
        self.body.variant_checks.push(VariantCheck {
            allowed,
            names,
            mismatch,
        });
        (self.body.variant_checks.len() - 1) as u16
    }
}

fn field_count(m: &CompiledModule, sd: StructDefinitionIndex) -> Result<u16, VmError> {
    Ok(m.struct_def_at(sd).ok_or_else(bad_index)?.fields().len() as u16)
}

fn inst_def(m: &CompiledModule, si: usize) -> Result<StructDefinitionIndex, VmError> {
    Ok(m.struct_def_instantiations
        .get(si)
        .ok_or_else(bad_index)?
        .def)
}

fn variant_of(m: &CompiledModule, h: usize) -> Result<(StructDefinitionIndex, u16), VmError> {
    let svh = m.struct_variant_handles.get(h).ok_or_else(bad_index)?;
    Ok((svh.struct_index, svh.variant))
}

/// The enum definition and tag of a Sui variant handle.
fn sui_variant(m: &CompiledModule, h: usize) -> Result<(usize, u16), VmError> {
    let vh = m.variant_handles.get(h).ok_or_else(bad_index)?;
    Ok((vh.enum_def.idx(), vh.variant))
}

/// The enum definition and tag of a Sui variant instantiation handle.
fn sui_variant_inst(m: &CompiledModule, i: usize) -> Result<(usize, u16), VmError> {
    let (inst, variant) = sui_enum_inst(m, i)?;
    Ok((inst.def.idx(), variant))
}

/// The enum instantiation and tag of a Sui variant instantiation handle.
fn sui_enum_inst(
    m: &CompiledModule,
    i: usize,
) -> Result<(&tern_binary::EnumDefInstantiation, u16), VmError> {
    let vih = m
        .variant_instantiation_handles
        .get(i)
        .ok_or_else(bad_index)?;
    let inst = m
        .enum_def_instantiations
        .get(vih.enum_def.idx())
        .ok_or_else(bad_index)?;
    Ok((inst, vih.variant))
}

/// The field count of `variant` of Sui enum definition `e`.
fn sui_field_count(m: &CompiledModule, e: usize, variant: u16) -> Result<u16, VmError> {
    let def = m.enum_defs.get(e).ok_or_else(bad_index)?;
    let v = def
        .variants
        .get(usize::from(variant))
        .ok_or_else(bad_index)?;
    u16::try_from(v.fields.len()).map_err(|_| bad_index())
}

fn borrow_global(ty: TypeSlot, mutable: bool) -> Op {
    Op::BorrowGlobal { ty, mutable }
}
