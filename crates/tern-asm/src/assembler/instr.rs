//! Instruction translation: one mnemonic (matched case-insensitively) with its arguments to
//! one bytecode instruction, requesting table entries in the peer's order.

use super::ast::{Arg, Instr};
use super::compile::{Assembler, Labels};
use super::literals::{signed_range, unsigned_max};
use tern_binary::*;
use tern_primitives::{I256, U256};

/// The instructions without operands.
fn nullary(name: &str) -> Option<Bytecode> {
    use Bytecode::*;
    Some(match name {
        "pop" => Pop,
        "ret" => Ret,
        "ld_true" => LdTrue,
        "ld_false" => LdFalse,
        "cast_u8" => CastU8,
        "cast_u16" => CastU16,
        "cast_u32" => CastU32,
        "cast_u64" => CastU64,
        "cast_u128" => CastU128,
        "cast_u256" => CastU256,
        "cast_i8" => CastI8,
        "cast_i16" => CastI16,
        "cast_i32" => CastI32,
        "cast_i64" => CastI64,
        "cast_i128" => CastI128,
        "cast_i256" => CastI256,
        "negate" => Negate,
        "read_ref" => ReadRef,
        "write_ref" => WriteRef,
        "freeze_ref" => FreezeRef,
        "add" => Add,
        "sub" => Sub,
        "mul" => Mul,
        "mod" => Mod,
        "div" => Div,
        "bit_or" => BitOr,
        "bit_and" => BitAnd,
        "xor" => Xor,
        "or" => Or,
        "and" => And,
        "not" => Not,
        "eq" => Eq,
        "neq" => Neq,
        "lt" => Lt,
        "gt" => Gt,
        "le" => Le,
        "ge" => Ge,
        "shl" => Shl,
        "shr" => Shr,
        "abort" => Abort,
        "abort_msg" => AbortMsg,
        "nop" => Nop,
        _ => return None,
    })
}

/// The byte width of an `ld_uN`/`ld_iN` mnemonic's operand.
fn load_width(name: &str) -> Option<usize> {
    Some(match name.get(4..)? {
        "8" => 1,
        "16" => 2,
        "32" => 4,
        "64" => 8,
        "128" => 16,
        "256" => 32,
        _ => return None,
    })
}

/// The vector instructions with a single type operand.
fn vector_op(name: &str) -> Option<fn(SignatureIndex) -> Bytecode> {
    use Bytecode::*;
    Some(match name {
        "vec_len" => VecLen,
        "vec_borrow" => VecImmBorrow,
        "vec_mut_borrow" => VecMutBorrow,
        "vec_push_back" => VecPushBack,
        "vec_pop_back" => VecPopBack,
        "vec_swap" => VecSwap,
        "call_closure" => CallClosure,
        _ => return None,
    })
}

/// The local-variable instructions.
fn local_op(name: &str) -> Option<fn(LocalIndex) -> Bytecode> {
    use Bytecode::*;
    Some(match name {
        "copy_loc" => CopyLoc,
        "move_loc" => MoveLoc,
        "st_loc" => StLoc,
        "mut_borrow_loc" => MutBorrowLoc,
        "borrow_loc" => ImmBorrowLoc,
        _ => return None,
    })
}

type DefOps = (
    fn(StructDefInstantiationIndex) -> Bytecode,
    fn(StructDefinitionIndex) -> Bytecode,
);

/// The instructions on a struct definition (generic, plain).
fn struct_op(name: &str) -> Option<DefOps> {
    use Bytecode::*;
    Some(match name {
        "pack" => (PackGeneric, Pack),
        "unpack" => (UnpackGeneric, Unpack),
        "borrow_global" => (ImmBorrowGlobalGeneric, ImmBorrowGlobal),
        "mut_borrow_global" => (MutBorrowGlobalGeneric, MutBorrowGlobal),
        "exists" => (ExistsGeneric, Exists),
        "move_from" => (MoveFromGeneric, MoveFrom),
        "move_to" => (MoveToGeneric, MoveTo),
        _ => return None,
    })
}

type VariantOps = (
    fn(StructVariantInstantiationIndex) -> Bytecode,
    fn(StructVariantHandleIndex) -> Bytecode,
);

type FieldOps = (
    fn(FieldInstantiationIndex) -> Bytecode,
    fn(FieldHandleIndex) -> Bytecode,
);

type VariantFieldOps = (
    fn(VariantFieldInstantiationIndex) -> Bytecode,
    fn(VariantFieldHandleIndex) -> Bytecode,
);

fn variant_op(name: &str) -> Option<VariantOps> {
    use Bytecode::*;
    Some(match name {
        "pack_variant" => (PackVariantGeneric, PackVariant),
        "unpack_variant" => (UnpackVariantGeneric, UnpackVariant),
        "test_variant" => (TestVariantGeneric, TestVariant),
        _ => return None,
    })
}

impl Assembler<'_> {
    /// Translates one instruction; `None` after recording an error.
    pub(crate) fn build_instr(
        &mut self,
        instr: &Instr,
        offs: CodeOffset,
        labels: &mut Labels,
    ) -> Option<Bytecode> {
        let name = instr.name.to_lowercase();
        let name = name.as_str();
        if let Some(bc) = nullary(name) {
            return self.args0(instr).map(|()| bc);
        }
        if let Some(op) = local_op(name) {
            let arg = self.args1(instr)?;
            return self.local(instr, arg).map(op);
        }
        if let Some(op) = vector_op(name) {
            let arg = self.args1(instr)?;
            return self.type_index(instr, arg).map(op);
        }
        if let Some(ops) = struct_op(name) {
            return self.struct_instr(instr, ops);
        }
        if let Some(ops) = variant_op(name) {
            return self.variant_instr(instr, ops);
        }
        match name {
            "br_true" | "br_false" | "branch" => self.branch(instr, name, offs, labels),
            "ld_u8" | "ld_u16" | "ld_u32" | "ld_u64" | "ld_u128" | "ld_u256" => {
                self.ld_unsigned(instr, name)
            }
            "ld_i8" | "ld_i16" | "ld_i32" | "ld_i64" | "ld_i128" | "ld_i256" => {
                self.ld_signed(instr, name)
            }
            "ld_const" => self.ld_const(instr),
            "call" => self.call(instr),
            "pack_closure" => self.pack_closure(instr),
            "vec_pack" | "vec_unpack" => self.vec_count(instr, name),
            "borrow_field" | "mut_borrow_field" => self.borrow_field(instr, name),
            "borrow_variant_field" | "mut_borrow_variant_field" => {
                self.borrow_variant_field(instr, name)
            }
            _ => {
                self.error(instr.loc, format!("unknown instruction `{}`", instr.name));
                None
            }
        }
    }

    fn branch(
        &mut self,
        instr: &Instr,
        name: &str,
        offs: CodeOffset,
        labels: &mut Labels,
    ) -> Option<Bytecode> {
        let make = match name {
            "br_true" => Bytecode::BrTrue,
            "br_false" => Bytecode::BrFalse,
            _ => Bytecode::Branch,
        };
        let arg = self.args1(instr)?;
        let label = self.simple_id(instr, arg, " for label")?;
        if let Some(target) = labels.defs.get(&label) {
            return Some(make(*target));
        }
        labels.open.insert(offs, (instr.loc, label));
        Some(make(0))
    }

    fn ld_unsigned(&mut self, instr: &Instr, name: &str) -> Option<Bytecode> {
        let width = load_width(name)?;
        let arg = self.args1(instr)?;
        let n = self.number(instr, arg, unsigned_max(width))?;
        Some(match width {
            1 => Bytecode::LdU8(n.as_u8()),
            2 => Bytecode::LdU16(n.as_u16()),
            4 => Bytecode::LdU32(n.as_u32()),
            8 => Bytecode::LdU64(n.as_u64()),
            16 => Bytecode::LdU128(Box::new(n.as_u128())),
            _ => Bytecode::LdU256(Box::new(n)),
        })
    }

    fn ld_signed(&mut self, instr: &Instr, name: &str) -> Option<Bytecode> {
        let width = load_width(name)?;
        let arg = self.args1(instr)?;
        let (min, max) = signed_range(width);
        let n = self.signed_number(instr, arg, min, max)?;
        Some(match width {
            1 => Bytecode::LdI8(n.as_i8()),
            2 => Bytecode::LdI16(n.as_i16()),
            4 => Bytecode::LdI32(n.as_i32()),
            8 => Bytecode::LdI64(n.as_i64()),
            16 => Bytecode::LdI128(Box::new(n.as_i128())),
            _ => Bytecode::LdI256(Box::new(n)),
        })
    }

    fn ld_const(&mut self, instr: &Instr) -> Option<Bytecode> {
        let [ty_arg, value] = self.args2(instr)?;
        let ty = self.type_arg(instr, ty_arg)?;
        let Arg::Const(value) = value else {
            self.error(instr.loc, "expected a constant value");
            return None;
        };
        let data = self.check(instr.loc, value.to_constant(&ty))?;
        let res = self.b.tables.const_index(data, ty);
        self.check(instr.loc, res).map(Bytecode::LdConst)
    }

    fn call(&mut self, instr: &Instr) -> Option<Bytecode> {
        let arg = self.args1(instr)?;
        let (handle, targs) = self.fun_ref(instr, arg)?;
        match targs {
            Some(targs) => {
                let res = self.b.tables.fun_inst_index(handle, targs);
                self.check(instr.loc, res).map(Bytecode::CallGeneric)
            }
            None => Some(Bytecode::Call(handle)),
        }
    }

    fn pack_closure(&mut self, instr: &Instr) -> Option<Bytecode> {
        let [fun, mask] = self.args2(instr)?;
        let (handle, targs) = self.fun_ref(instr, fun)?;
        let mask = ClosureMask(self.number(instr, mask, U256::from(u64::MAX))?.as_u64());
        match targs {
            Some(targs) => {
                let res = self.b.tables.fun_inst_index(handle, targs);
                let inst = self.check(instr.loc, res)?;
                Some(Bytecode::PackClosureGeneric(inst, mask))
            }
            None => Some(Bytecode::PackClosure(handle, mask)),
        }
    }

    fn vec_count(&mut self, instr: &Instr, name: &str) -> Option<Bytecode> {
        let [ty, count] = self.args2(instr)?;
        let sig = self.type_index(instr, ty)?;
        let count = self.number(instr, count, U256::from(u64::MAX))?.as_u64();
        Some(if name == "vec_pack" {
            Bytecode::VecPack(sig, count)
        } else {
            Bytecode::VecUnpack(sig, count)
        })
    }

    fn struct_instr(&mut self, instr: &Instr, (generic, plain): DefOps) -> Option<Bytecode> {
        let arg = self.args1(instr)?;
        let (def, targs) = self.struct_ref(instr, arg)?;
        match targs {
            Some(targs) => {
                let res = self.b.tables.struct_inst_index(def, targs);
                self.check(instr.loc, res).map(generic)
            }
            None => Some(plain(def)),
        }
    }

    fn variant_instr(&mut self, instr: &Instr, (generic, plain): VariantOps) -> Option<Bytecode> {
        let [ty, variant] = self.args2(instr)?;
        let (def, targs) = self.struct_ref(instr, ty)?;
        let name = self.simple_id(instr, variant, " for variant")?;
        let res = self.b.resolve_variant(def, &name);
        let variant = self.check(instr.loc, res)?;
        let res = self.b.tables.variant_index(def, variant);
        let handle = self.check(instr.loc, res)?;
        match targs {
            Some(targs) => {
                let res = self.b.tables.variant_inst_index(handle, targs);
                self.check(instr.loc, res).map(generic)
            }
            None => Some(plain(handle)),
        }
    }

    fn borrow_field(&mut self, instr: &Instr, name: &str) -> Option<Bytecode> {
        use Bytecode::*;
        let (generic, plain): FieldOps = if name == "borrow_field" {
            (ImmBorrowFieldGeneric, ImmBorrowField)
        } else {
            (MutBorrowFieldGeneric, MutBorrowField)
        };
        let [ty, field] = self.args2(instr)?;
        let (def, targs) = self.struct_ref(instr, ty)?;
        let field = self.simple_id(instr, field, " for field")?;
        let res = self.b.resolve_field(def, None, &field);
        let offset = self.check(instr.loc, res)?;
        let res = self.b.tables.field_index(def, offset);
        let handle = self.check(instr.loc, res)?;
        match targs {
            Some(targs) => {
                let res = self.b.tables.field_inst_index(handle, targs);
                self.check(instr.loc, res).map(generic)
            }
            None => Some(plain(handle)),
        }
    }

    fn borrow_variant_field(&mut self, instr: &Instr, name: &str) -> Option<Bytecode> {
        use Bytecode::*;
        let (generic, plain): VariantFieldOps = if name == "borrow_variant_field" {
            (ImmBorrowVariantFieldGeneric, ImmBorrowVariantField)
        } else {
            (MutBorrowVariantFieldGeneric, MutBorrowVariantField)
        };
        let (Some(first), Some(rest)) = (instr.args.first(), instr.args.get(1..)) else {
            self.error(
                instr.loc,
                "expected at least 2 arguments for variant field borrow",
            );
            return None;
        };
        if rest.is_empty() {
            self.error(
                instr.loc,
                "expected at least 2 arguments for variant field borrow",
            );
            return None;
        }
        let (def, targs) = self.struct_ref(instr, first)?;
        let (variants, offset) = self.variant_fields(instr, def, rest)?;
        let res = self.b.tables.variant_field_index(def, variants, offset);
        let handle = self.check(instr.loc, res)?;
        match targs {
            Some(targs) => {
                let res = self.b.tables.variant_field_inst_index(handle, targs);
                self.check(instr.loc, res).map(generic)
            }
            None => Some(plain(handle)),
        }
    }

    /// The variants of `Variant::field` arguments and their common field offset.
    fn variant_fields(
        &mut self,
        instr: &Instr,
        def: StructDefinitionIndex,
        args: &[Arg],
    ) -> Option<(Vec<VariantIndex>, MemberCount)> {
        let mut variants = vec![];
        let mut offset: Option<MemberCount> = None;
        for arg in args {
            let (variant, field) = match arg {
                Arg::Id(q, None) => match (q.address, q.parts.as_slice()) {
                    (None, [v, f]) => (v, f),
                    _ => return self.bad_variant_field(instr),
                },
                _ => return self.bad_variant_field(instr),
            };
            let res = self.b.resolve_variant(def, variant);
            let v = self.check(instr.loc, res)?;
            variants.push(v);
            let res = self.b.resolve_field(def, Some(v), field);
            let offs = self.check(instr.loc, res)?;
            match offset {
                Some(prev) if prev != offs => {
                    self.error(
                        instr.loc,
                        format!("variants of fields must be at some position, previous was {prev} while this is {offs}"),
                    );
                    return None;
                }
                _ => offset = Some(offs),
            }
        }
        Some((variants, offset?))
    }

    fn bad_variant_field<T>(&mut self, instr: &Instr) -> Option<T> {
        self.error(
            instr.loc,
            "expected `<variant>::<field>` to describe field of variant",
        );
        None
    }

    // ---------------------------------------------------------------------------------------
    // Operands

    fn args0(&mut self, instr: &Instr) -> Option<()> {
        if instr.args.is_empty() {
            return Some(());
        }
        let n = instr.args.len();
        let msg = format!(
            "expected zero but found {n} arguments for instruction `{}`",
            instr.name
        );
        self.error(instr.loc, msg);
        None
    }

    fn count_error(&mut self, instr: &Instr) {
        let n = instr.args.len();
        // The peer says "expected 1" for two-operand instructions too.
        let msg = format!(
            "expected 1 but found {n} arguments for instruction `{}`",
            instr.name
        );
        self.error(instr.loc, msg);
    }

    fn args1<'i>(&mut self, instr: &'i Instr) -> Option<&'i Arg> {
        match instr.args.as_slice() {
            [one] => Some(one),
            _ => {
                self.count_error(instr);
                None
            }
        }
    }

    fn args2<'i>(&mut self, instr: &'i Instr) -> Option<[&'i Arg; 2]> {
        match instr.args.as_slice() {
            [a, b] => Some([a, b]),
            _ => {
                self.count_error(instr);
                None
            }
        }
    }

    fn simple_id(&mut self, instr: &Instr, arg: &Arg, what: &str) -> Option<String> {
        if let Arg::Id(q, None) = arg {
            if let Some(name) = q.simple() {
                return Some(name.to_string());
            }
        }
        self.error(instr.loc, format!("expected simple identifier{what}"));
        None
    }

    fn local(&mut self, instr: &Instr, arg: &Arg) -> Option<LocalIndex> {
        let name = self.simple_id(instr, arg, " for local")?;
        match self.ctx.locals.get(&name) {
            Some((idx, _)) => Some(*idx),
            None => {
                self.error(instr.loc, format!("unknown local `{name}`"));
                None
            }
        }
    }

    fn number(&mut self, instr: &Instr, arg: &Arg, max: U256) -> Option<U256> {
        match arg {
            Arg::Const(v) => self.check(instr.loc, v.unsigned(max)),
            _ => {
                self.error(instr.loc, "expected unsigned number argument");
                None
            }
        }
    }

    fn signed_number(&mut self, instr: &Instr, arg: &Arg, min: I256, max: I256) -> Option<I256> {
        match arg {
            Arg::Const(v) => self.check(instr.loc, v.signed(min, max)),
            _ => {
                self.error(instr.loc, "expected signed number argument");
                None
            }
        }
    }

    fn type_arg(&mut self, instr: &Instr, arg: &Arg) -> Option<SignatureToken> {
        match arg {
            Arg::Type(ty) => Some(self.build_type(instr.loc, ty)),
            _ => {
                self.error(instr.loc, "expected type argument");
                None
            }
        }
    }

    fn type_index(&mut self, instr: &Instr, arg: &Arg) -> Option<SignatureIndex> {
        let ty = self.type_arg(instr, arg)?;
        let res = self.b.tables.signature_index(vec![ty]);
        self.check(instr.loc, res)
    }

    fn fun_ref(
        &mut self,
        instr: &Instr,
        arg: &Arg,
    ) -> Option<(FunctionHandleIndex, Option<Vec<SignatureToken>>)> {
        let Arg::Id(q, targs) = arg else {
            self.error(instr.loc, "expected function name");
            return None;
        };
        let res = self.b.resolve_fun(q.address, &q.parts);
        let handle = self.check(instr.loc, res)?;
        let targs = targs
            .as_ref()
            .map(|tys| tys.iter().map(|t| self.build_type(instr.loc, t)).collect());
        Some((handle, targs))
    }

    fn struct_ref(
        &mut self,
        instr: &Instr,
        arg: &Arg,
    ) -> Option<(StructDefinitionIndex, Option<Vec<SignatureToken>>)> {
        let Some((name, targs)) = (match arg {
            Arg::Id(q, targs) => q.simple().map(|n| (n, targs)),
            _ => None,
        }) else {
            self.error(
                instr.loc,
                "expected simple struct name with optional type instantiation",
            );
            return None;
        };
        let res = self.b.resolve_struct_def(name);
        let def = self.check(instr.loc, res)?;
        let targs = targs
            .as_ref()
            .map(|tys| tys.iter().map(|t| self.build_type(instr.loc, t)).collect());
        Some((def, targs))
    }
}
