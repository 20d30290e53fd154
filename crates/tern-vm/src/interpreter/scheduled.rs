//! What an instruction costs under a [`GasSchedule`], read from the state just before it
//! runs: the schedule's base cost, plus what grows with the values it copies or compares,
//! the fields, arguments, locals and elements it handles, the bytes of a constant or an
//! abort message, and the nodes of the types it instantiates.

use super::typecheck::{Callee, Cx, Unit};
use super::Frame;
use crate::gas::GasSchedule;
use crate::loader::Function;
use crate::session::Session;
use crate::types::TypeId;
use crate::values::abstract_size::{abstract_size, SizeMode};
use crate::values::{Container, Value};
use tern_binary::{Bytecode, SignatureToken};
use tern_primitives::VmError;

/// `a + b`, saturating (a cost past `u64::MAX` exhausts any budget anyway).
fn add(a: u64, b: u64) -> u64 {
    a.saturating_add(b)
}

/// `a * b`, saturating.
fn mul(a: u64, b: u64) -> u64 {
    a.saturating_mul(b)
}

/// Nodes of a constant's type (constants are never generic).
fn token_nodes(tok: &SignatureToken) -> u64 {
    match tok {
        SignatureToken::Vector(t)
        | SignatureToken::Reference(t)
        | SignatureToken::MutableReference(t) => add(1, token_nodes(t)),
        SignatureToken::StructInstantiation(_, args) => {
            args.iter().fold(1, |n, t| add(n, token_nodes(t)))
        }
        SignatureToken::Function(args, results, _) => args
            .iter()
            .chain(results.iter())
            .fold(1, |n, t| add(n, token_nodes(t))),
        _ => 1,
    }
}

impl Session<'_> {
    /// What `instr`, about to run in `frame`, costs under `schedule`, in its internal units.
    ///
    /// A part the state does not let it read (a callee that does not resolve, a value that
    /// is not where the instruction expects it) is left out: the instruction then fails on
    /// its own, as it would without a schedule.
    pub(crate) fn scheduled_cost(
        &mut self,
        schedule: &GasSchedule,
        frame: &Frame<'_>,
        instr: &Bytecode,
    ) -> Result<u64, VmError> {
        use Bytecode as B;
        if schedule.pricing == crate::gas::Pricing::SuiDev {
            return self.sui_dev_cost(frame, instr);
        }
        let c = &schedule.instructions;
        let per_node = c.subst_ty_per_node;
        Ok(match instr {
            B::Nop => c.nop,
            B::Pop => c.pop,
            B::Ret => c.ret,
            B::Abort => c.abort,
            B::BrTrue(_) => c.br_true,
            B::BrFalse(_) => c.br_false,
            B::Branch(_) => c.branch,
            B::LdU8(_)
            | B::LdU16(_)
            | B::LdU32(_)
            | B::LdU64(_)
            | B::LdI8(_)
            | B::LdI16(_)
            | B::LdI32(_)
            | B::LdI64(_)
            | B::LdTrue
            | B::LdFalse => c.ld_small,
            B::LdU128(_) | B::LdU256(_) | B::LdI128(_) | B::LdI256(_) => c.ld_wide,
            B::LdConst(idx) => {
                let unit = Unit::of(frame.links)?;
                let constant = match unit {
                    Unit::Module(m) => m.constant_pool.get(idx.idx()),
                    Unit::Script(s) => s.constant_pool.get(idx.idx()),
                };
                match constant {
                    Some(k) => add(
                        add(
                            c.ld_const_base,
                            mul(c.ld_const_per_byte, k.data.len() as u64),
                        ),
                        mul(per_node, token_nodes(&k.type_)),
                    ),
                    None => c.ld_const_base,
                }
            }
            B::CopyLoc(i) => {
                let local = self
                    .interpreter
                    .locals
                    .get(frame.base as usize + usize::from(*i))
                    .copied();
                let size = match local {
                    Some(v) => self.value_size(schedule, v, SizeMode::Copy)?,
                    None => 0,
                };
                add(c.copy_loc_base, mul(c.copy_loc_per_abs_val_unit, size))
            }
            B::MoveLoc(_) => c.move_loc_base,
            B::StLoc(_) => c.st_loc_base,
            B::ImmBorrowLoc(_) => c.imm_borrow_loc,
            B::MutBorrowLoc(_) => c.mut_borrow_loc,
            B::ImmBorrowField(_) | B::MutBorrowField(_) => c.borrow_field,
            B::ImmBorrowVariantField(_) | B::MutBorrowVariantField(_) => c.borrow_variant_field,
            B::TestVariant(_) => c.test_variant,
            B::ImmBorrowFieldGeneric(fi) | B::MutBorrowFieldGeneric(fi) => {
                let nodes = self.with_cx(frame, |cx| {
                    let (s, f) = cx.field_inst(fi.0)?;
                    Ok(add(nodes(cx, s), nodes(cx, f)))
                })?;
                add(c.borrow_field, mul(per_node, nodes))
            }
            B::ImmBorrowVariantFieldGeneric(vi) | B::MutBorrowVariantFieldGeneric(vi) => {
                let nodes = self.with_cx(frame, |cx| {
                    let (s, f) = cx.variant_field_inst(vi.0)?;
                    Ok(add(nodes(cx, s), nodes(cx, f)))
                })?;
                add(c.borrow_variant_field, mul(per_node, nodes))
            }
            B::TestVariantGeneric(vi) => {
                let nodes = self.with_cx(frame, |cx| {
                    let (s, _) = cx.variant_inst(vi.0)?;
                    Ok(nodes(cx, s))
                })?;
                add(c.test_variant, mul(per_node, nodes))
            }
            B::Pack(def) | B::Unpack(def) => {
                let fields = self.with_cx(frame, |cx| Ok(cx.members(*def, None, None)?.1.len()))?;
                self.pack_cost(schedule, matches!(instr, B::Pack(_)), fields, 0)
            }
            B::PackVariant(h) => {
                let fields = self.with_cx(frame, |cx| Ok(cx.variant(h.0, None)?.1.len()))?;
                self.pack_cost(schedule, true, fields, 0)
            }
            B::UnpackVariant(h) => {
                let declared = self.with_cx(frame, |cx| Ok(cx.variant(h.0, None)?.1.len()))?;
                let fields = self.unpacked_variant_fields(declared);
                self.pack_cost(schedule, false, fields, 0)
            }
            B::SuiPackVariant(h)
            | B::SuiUnpackVariant(h)
            | B::SuiUnpackVariantImmRef(h)
            | B::SuiUnpackVariantMutRef(h) => {
                let fields = self.with_cx(frame, |cx| Ok(cx.sui_variant(h.0, None)?.1.len()))?;
                self.pack_cost(schedule, matches!(instr, B::SuiPackVariant(_)), fields, 0)
            }
            B::PackGeneric(si) => {
                let (fields, nodes) = self.members_nodes(frame, |cx| cx.struct_inst(si.0))?;
                self.pack_cost(schedule, true, fields, nodes)
            }
            B::UnpackGeneric(si) => {
                let (fields, nodes) = self.members_nodes(frame, |cx| cx.struct_inst(si.0))?;
                self.pack_cost(schedule, false, fields, nodes)
            }
            B::PackVariantGeneric(vi) => {
                let (fields, nodes) = self.members_nodes(frame, |cx| cx.variant_inst(vi.0))?;
                self.pack_cost(schedule, true, fields, nodes)
            }
            B::UnpackVariantGeneric(vi) => {
                let (declared, nodes) = self.members_nodes(frame, |cx| cx.variant_inst(vi.0))?;
                let fields = self.unpacked_variant_fields(declared);
                self.pack_cost(schedule, false, fields, nodes)
            }
            B::SuiPackVariantGeneric(vi) => {
                let (fields, nodes) = self.members_nodes(frame, |cx| cx.sui_variant_inst(vi.0))?;
                self.pack_cost(schedule, true, fields, nodes)
            }
            B::SuiUnpackVariantGeneric(vi)
            | B::SuiUnpackVariantGenericImmRef(vi)
            | B::SuiUnpackVariantGenericMutRef(vi) => {
                let (fields, nodes) = self.members_nodes(frame, |cx| cx.sui_variant_inst(vi.0))?;
                self.pack_cost(schedule, false, fields, nodes)
            }
            B::VariantSwitch(_) => c.branch,
            B::PackClosure(_, mask) => add(
                c.pack_closure_base,
                mul(c.pack_closure_per_arg, u64::from(mask.0.count_ones())),
            ),
            // The function's type arguments are instantiated at every execution.
            B::PackClosureGeneric(i, mask) => {
                let arg_nodes = match self.generic_callee(frame, i.0) {
                    Ok(callee) => self.with_cx(frame, |cx| {
                        Ok(callee.ty_args.iter().fold(0, |n, t| add(n, nodes(cx, *t))))
                    })?,
                    Err(_) => 0,
                };
                add(
                    add(
                        c.pack_closure_base,
                        mul(c.pack_closure_per_arg, u64::from(mask.0.count_ones())),
                    ),
                    mul(per_node, arg_nodes),
                )
            }
            B::Call(h) => match self.resolve(frame.links, h.0) {
                Ok(callee) => self.call_cost(schedule, &callee, &[], false)?,
                Err(_) => c.call_base,
            },
            B::CallGeneric(i) => match self.generic_callee(frame, i.0) {
                Ok(Callee {
                    function, ty_args, ..
                }) => {
                    let f: &Function = frame.function;
                    let site = (f as *const Function as usize, frame.ty_args().to_vec(), i.0);
                    let arg_nodes = if self.interpreter.charged_instantiations.insert(site) {
                        self.with_cx(frame, |cx| {
                            Ok(ty_args.iter().fold(0, |n, t| add(n, nodes(cx, *t))))
                        })?
                    } else {
                        0
                    };
                    add(
                        self.call_cost(schedule, &function, &ty_args, true)?,
                        mul(per_node, arg_nodes),
                    )
                }
                Err(_) => c.call_base,
            },
            B::CallClosure(_) => match self.closure_callee() {
                Some(Callee {
                    function, ty_args, ..
                }) => self.call_cost(schedule, &function, &ty_args, false)?,
                None => c.call_base,
            },
            B::ReadRef => {
                let size = match self.interpreter.operands.last().copied() {
                    Some(Value::Ref(r)) => {
                        let v = self.deref_shallow(r)?;
                        self.value_size(schedule, v, SizeMode::Copy)?
                    }
                    _ => 0,
                };
                add(c.read_ref_base, mul(c.read_ref_per_abs_val_unit, size))
            }
            B::WriteRef => c.write_ref_base,
            B::FreezeRef => c.freeze_ref,
            B::CastU8
            | B::CastU16
            | B::CastU32
            | B::CastU64
            | B::CastU128
            | B::CastU256
            | B::CastI8
            | B::CastI16
            | B::CastI32
            | B::CastI64
            | B::CastI128
            | B::CastI256 => c.cast,
            B::Add
            | B::Sub
            | B::Mul
            | B::Mod
            | B::Div
            | B::Negate
            | B::BitOr
            | B::BitAnd
            | B::Xor
            | B::Shl
            | B::Shr
            | B::Or
            | B::And
            | B::Not
            | B::Lt
            | B::Gt
            | B::Le
            | B::Ge => c.arith,
            B::Eq => add(
                c.eq_base,
                mul(c.eq_per_abs_val_unit, self.compared_size(schedule)?),
            ),
            B::Neq => add(
                c.neq_base,
                mul(c.neq_per_abs_val_unit, self.compared_size(schedule)?),
            ),
            B::AbortMsg => {
                let len = match self.interpreter.operands.last() {
                    Some(Value::Container(m)) => match self.heap.get(*m)? {
                        Container::Bytes(b) => b.len(),
                        other => other.vector_len().unwrap_or(0),
                    },
                    _ => 0,
                };
                add(c.abort_msg_base, mul(c.abort_msg_per_byte, len as u64))
            }
            B::Exists(_) => c.exists_base,
            B::ImmBorrowGlobal(_) | B::MutBorrowGlobal(_) => c.borrow_global_base,
            B::MoveFrom(_) => c.move_from_base,
            B::MoveTo(_) => c.move_to_base,
            // The resource type's nodes, then the base of each.
            B::ExistsGeneric(si) => add(
                c.exists_base,
                self.type_nodes_cost(frame, per_node, |cx| cx.struct_inst_ty(si.0))?,
            ),
            B::ImmBorrowGlobalGeneric(si) | B::MutBorrowGlobalGeneric(si) => add(
                c.borrow_global_base,
                self.type_nodes_cost(frame, per_node, |cx| cx.struct_inst_ty(si.0))?,
            ),
            B::MoveFromGeneric(si) => add(
                c.move_from_base,
                self.type_nodes_cost(frame, per_node, |cx| cx.struct_inst_ty(si.0))?,
            ),
            B::MoveToGeneric(si) => add(
                c.move_to_base,
                self.type_nodes_cost(frame, per_node, |cx| cx.struct_inst_ty(si.0))?,
            ),
            // The element type's nodes, then the base of each.
            B::VecPack(sig, n) => add(
                add(c.vec_pack_base, mul(c.vec_pack_per_elem, *n)),
                self.type_nodes_cost(frame, per_node, |cx| cx.sig_first(*sig))?,
            ),
            B::VecUnpack(sig, n) => add(
                add(c.vec_unpack_base, mul(c.vec_unpack_per_expected_elem, *n)),
                self.type_nodes_cost(frame, per_node, |cx| cx.sig_first(*sig))?,
            ),
            B::VecLen(sig) => add(
                c.vec_len_base,
                self.type_nodes_cost(frame, per_node, |cx| cx.sig_first(*sig))?,
            ),
            B::VecImmBorrow(sig) | B::VecMutBorrow(sig) => add(
                c.vec_borrow_base,
                self.type_nodes_cost(frame, per_node, |cx| cx.sig_first(*sig))?,
            ),
            B::VecPushBack(sig) => add(
                c.vec_push_back_base,
                self.type_nodes_cost(frame, per_node, |cx| cx.sig_first(*sig))?,
            ),
            B::VecPopBack(sig) => add(
                c.vec_pop_back_base,
                self.type_nodes_cost(frame, per_node, |cx| cx.sig_first(*sig))?,
            ),
            B::VecSwap(sig) => add(
                c.vec_swap_base,
                self.type_nodes_cost(frame, per_node, |cx| cx.sig_first(*sig))?,
            ),
        })
    }

    /// The number of members `members` gives (fields, or a variant's fields) and the type
    /// nodes of the type and its members, which a generic pack or unpack is charged for.
    fn members_nodes(
        &mut self,
        frame: &Frame<'_>,
        members: impl FnOnce(&mut Cx<'_>) -> Result<(TypeId, Vec<TypeId>), VmError>,
    ) -> Result<(usize, u64), VmError> {
        self.with_cx(frame, |cx| {
            let (s, fields) = members(cx)?;
            let n = fields
                .iter()
                .fold(nodes(cx, s), |n, f| add(n, nodes(cx, *f)));
            Ok((fields.len(), n))
        })
    }

    /// What an instruction is charged for the type nodes of the type `ty` gives (a generic
    /// global storage instruction's resource type, a vector instruction's element type):
    /// `per_node` per node.
    fn type_nodes_cost(
        &mut self,
        frame: &Frame<'_>,
        per_node: u64,
        ty: impl FnOnce(&mut Cx<'_>) -> Result<TypeId, VmError>,
    ) -> Result<u64, VmError> {
        let nodes = self.with_cx(frame, |cx| {
            let t = ty(cx)?;
            Ok(nodes(cx, t))
        })?;
        Ok(mul(per_node, nodes))
    }

    /// The abstract size of the two values `eq` or `neq` compares (the top two operands,
    /// references read through).
    fn compared_size(&mut self, schedule: &GasSchedule) -> Result<u64, VmError> {
        let operands: Vec<Value> = self
            .interpreter
            .operands
            .top_values(2)
            .map(<[Value]>::to_vec)
            .unwrap_or_default();
        let mut size = 0;
        for v in operands {
            let v = match v {
                Value::Ref(r) => self.deref_shallow(r)?,
                v => v,
            };
            size = add(size, self.value_size(schedule, v, SizeMode::Compare)?);
        }
        Ok(size)
    }

    /// The fields an Aptos `unpack_variant` is charged for: those of the value on the stack
    /// (whichever variant it is) and its tag, as the peer counts them; `declared` and the tag
    /// when the top of the stack is not a variant.
    fn unpacked_variant_fields(&self, declared: usize) -> usize {
        let actual = match self.interpreter.operands.last() {
            Some(Value::Container(c)) => match self.heap.get(*c) {
                Ok(Container::Variant(_, fields)) => fields.len(),
                _ => declared,
            },
            _ => declared,
        };
        actual + 1
    }

    /// A `pack` (`packs`) or `unpack` of `fields` fields, with `nodes` type nodes
    /// instantiated.
    fn pack_cost(&self, schedule: &GasSchedule, packs: bool, fields: usize, nodes: u64) -> u64 {
        let c = &schedule.instructions;
        let (base, per_field) = if packs {
            (c.pack_base, c.pack_per_field)
        } else {
            (c.unpack_base, c.unpack_per_field)
        };
        add(
            add(base, mul(per_field, fields as u64)),
            mul(c.subst_ty_per_node, nodes),
        )
    }

    /// A call of `callee` under `ty_args`: the base, per argument and per local, per type
    /// argument for a generic call, and, for a Move callee, the nodes of its frame's local
    /// types.
    fn call_cost(
        &mut self,
        schedule: &GasSchedule,
        callee: &Function,
        ty_args: &[TypeId],
        generic: bool,
    ) -> Result<u64, VmError> {
        let c = &schedule.instructions;
        let params = callee.params.len() as u64;
        // A native has no locals (not even its parameters count as locals).
        let locals = if callee.is_native() {
            0
        } else {
            callee.local_types.len() as u64
        };
        let mut cost = add(
            c.call_base,
            add(mul(c.call_per_arg, params), mul(c.call_per_local, locals)),
        );
        if generic {
            cost = add(cost, mul(c.call_generic_per_ty_arg, ty_args.len() as u64));
        }
        if !callee.is_native() {
            cost = add(cost, self.frame_cost(schedule, callee, ty_args)?);
        }
        Ok(add(cost, self.dependency_cost(schedule, callee)))
    }

    /// What making a frame of Move function `f` under `ty_args` costs: the nodes of its
    /// local types (parameters included), instantiated.
    pub(crate) fn frame_cost(
        &mut self,
        schedule: &GasSchedule,
        f: &Function,
        ty_args: &[TypeId],
    ) -> Result<u64, VmError> {
        let per_node = schedule.instructions.subst_ty_per_node;
        // perf: a non-generic function's local types are its own: their node counts are
        // read under the read lock, with nothing to substitute.
        if ty_args.is_empty() {
            let cache = self.runtime.read()?;
            let nodes = f
                .local_types
                .iter()
                .fold(0u64, |n, t| add(n, u64::from(cache.types.info(*t).nodes)));
            return Ok(mul(per_node, nodes));
        }
        let limits = self.runtime.config.type_limits;
        let mut cache = self.runtime.write()?;
        let mut frame_nodes = 0u64;
        for t in f.local_types.iter() {
            let t = cache.types.substitute(*t, ty_args, &limits)?;
            frame_nodes = add(frame_nodes, u64::from(cache.types.info(t).nodes));
        }
        Ok(mul(per_node, frame_nodes))
    }

    /// Under a schedule, charges reading a resource of `bytes` bytes from storage (0 for
    /// one that is not there): `OUT_OF_GAS` when the budget does not cover it.
    pub(crate) fn charge_read(&mut self, bytes: u64) -> Result<(), VmError> {
        let cost = match &self.interpreter.schedule {
            Some(schedule) if self.interpreter.fuel != u64::MAX => schedule.read_cost(bytes),
            _ => return Ok(()),
        };
        self.charge_scheduled(cost)
    }

    /// Under a schedule, charges `cost` internal units now: `OUT_OF_GAS` (and nothing left)
    /// when the budget does not cover it.
    pub(crate) fn charge_scheduled(&mut self, cost: u64) -> Result<(), VmError> {
        match self.interpreter.fuel.checked_sub(cost) {
            Some(left) => {
                self.interpreter.fuel = left;
                Ok(())
            }
            None => {
                self.interpreter.fuel = 0;
                Err(crate::gas::out_of_gas())
            }
        }
    }

    /// What depending on `f`'s module costs, the first time in this session a function of
    /// it runs (nothing for a module at a special address, `0x0` to `0xf`, nor for a script),
    /// and marks the module charged.
    pub(crate) fn dependency_cost(&mut self, schedule: &GasSchedule, f: &Function) -> u64 {
        let Some(module) = &f.id.module else {
            return 0;
        };
        if module.address.is_special() || self.interpreter.charged_modules.contains(module) {
            return 0;
        }
        self.interpreter.charged_modules.insert(module.clone());
        // A function being called has its tables alive (its caller's link table or the run
        // holds them).
        let size = f.links.upgrade().map_or(0, |links| links.module_size());
        schedule.dependency_cost(size)
    }

    /// The abstract size of `value` under `schedule`.
    fn value_size(
        &self,
        schedule: &GasSchedule,
        value: Value,
        mode: SizeMode,
    ) -> Result<u64, VmError> {
        abstract_size(
            &self.heap,
            value,
            &schedule.sizes,
            mode,
            schedule.max_value_depth,
        )
    }

    /// Runs `f` over the type context of `frame`'s instructions.
    pub(super) fn with_cx<T>(
        &mut self,
        frame: &Frame<'_>,
        f: impl FnOnce(&mut Cx<'_>) -> Result<T, VmError>,
    ) -> Result<T, VmError> {
        let unit = Unit::of(frame.links)?;
        let mut cache = self.runtime.write()?;
        let mut cx = Cx {
            cache: &mut cache,
            unit,
            ty_args: frame.ty_args(),
            first_types: &mut self.interpreter.first_types,
        };
        f(&mut cx)
    }
}

/// Nodes of type `t`.
fn nodes(cx: &Cx<'_>, t: TypeId) -> u64 {
    u64::from(cx.cache.types.info(t).nodes)
}
