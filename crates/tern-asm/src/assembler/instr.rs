//! Instruction translation: one mnemonic (matched case-insensitively) with its arguments to
//! one bytecode instruction, requesting table entries in the peer's order. Which instruction a
//! mnemonic names, and the shape of its operands, come from the instruction table
//! (`tern_binary::isa`), looked up in the unit's flavor.

use super::ast::{Arg, Instr};
use super::compile::{Assembler, Labels};
use super::literals::{signed_range, unsigned_max};
use tern_binary::*;
use tern_primitives::{I256, U256};

/// The byte width of an integer immediate kind.
fn width(kind: OperandKind) -> usize {
    use OperandKind as K;
    match kind {
        K::U8 | K::I8 => 1,
        K::U16 | K::I16 => 2,
        K::U32 | K::I32 => 4,
        K::U64 | K::I64 => 8,
        K::U128 | K::I128 => 16,
        _ => 32,
    }
}

impl Assembler<'_> {
    /// Translates one instruction; `None` after recording an error.
    pub(crate) fn build_instr(
        &mut self,
        instr: &Instr,
        offs: CodeOffset,
        labels: &mut Labels,
    ) -> Option<Bytecode> {
        use OperandKind as K;
        let name = instr.name.to_lowercase();
        let mut forms = Opcode::by_mnemonic(self.b.flavor(), &name);
        let Some(op) = forms.next() else {
            let known = Opcode::ALL
                .iter()
                .filter(|op| op.encoding(self.b.flavor()).is_some())
                .map(|op| op.mnemonic());
            let hint = crate::suggest::did_you_mean(&instr.name, known);
            self.error(
                instr.loc,
                format!("unknown instruction `{}`{hint}", instr.name),
            );
            return None;
        };
        // The generic form of an instruction that has one follows its plain form.
        let generic = forms.next();
        match op.operand_kinds() {
            [] => {
                self.args0(instr)?;
                self.make(instr, op, &[])
            }
            [K::Local] => {
                let arg = self.args1(instr)?;
                let local = self.local(instr, arg)?;
                self.make(instr, op, &[Operand::Local(local)])
            }
            [K::Signature] => {
                let arg = self.args1(instr)?;
                let sig = self.type_index(instr, arg)?;
                self.make(instr, op, &[Operand::Signature(sig)])
            }
            [K::Signature, K::Count] => self.vec_count(instr, op),
            [K::Offset] => self.branch(instr, op, offs, labels),
            [K::Constant] => self.ld_const(instr),
            [kind @ (K::U8 | K::U16 | K::U32 | K::U64 | K::U128 | K::U256)] => {
                self.ld_unsigned(instr, op, *kind)
            }
            [kind @ (K::I8 | K::I16 | K::I32 | K::I64 | K::I128 | K::I256)] => {
                self.ld_signed(instr, op, *kind)
            }
            [K::FunctionHandle] => self.call(instr),
            [K::FunctionHandle, K::Mask] => self.pack_closure(instr),
            [K::StructDef] => self.struct_instr(instr, op, generic),
            [K::FieldHandle] => self.borrow_field(instr, op, generic),
            [K::StructVariantHandle] => self.variant_instr(instr, op, generic),
            [K::VariantFieldHandle] => self.borrow_variant_field(instr, op, generic),
            [K::VariantHandle] => self.sui_variant_instr(instr, op, generic),
            [K::JumpTable] => self.variant_switch(instr, labels),
            _ => self.internal(instr, op),
        }
    }

    /// The instruction `op` with `operands`.
    fn make(&mut self, instr: &Instr, op: Opcode, operands: &[Operand]) -> Option<Bytecode> {
        match Bytecode::from_operands(op, operands) {
            Some(bc) => Some(bc),
            None => self.internal(instr, op),
        }
    }

    /// The plain form `op` or, with type arguments, its generic twin with `inst`.
    fn plain_or_generic(
        &mut self,
        instr: &Instr,
        (op, plain): (Opcode, Operand),
        generic: Option<(Option<Opcode>, Operand)>,
    ) -> Option<Bytecode> {
        match generic {
            None => self.make(instr, op, &[plain]),
            Some((Some(generic_op), inst)) => self.make(instr, generic_op, &[inst]),
            Some((None, _)) => self.internal(instr, op),
        }
    }

    /// An instruction table that does not match the assembler (a Tern bug, reported).
    fn internal<T>(&mut self, instr: &Instr, op: Opcode) -> Option<T> {
        self.error(
            instr.loc,
            format!("internal error: no operand form for `{}`", op.name()),
        );
        None
    }

    fn branch(
        &mut self,
        instr: &Instr,
        op: Opcode,
        offs: CodeOffset,
        labels: &mut Labels,
    ) -> Option<Bytecode> {
        let arg = self.args1(instr)?;
        let label = self.simple_id(instr, arg, " for label")?;
        if let Some(target) = labels.defs.get(&label) {
            let target = *target;
            return self.make(instr, op, &[Operand::Offset(target)]);
        }
        labels.open.insert(offs, (instr.loc, label));
        self.make(instr, op, &[Operand::Offset(0)])
    }

    fn ld_unsigned(&mut self, instr: &Instr, op: Opcode, kind: OperandKind) -> Option<Bytecode> {
        let width = width(kind);
        let arg = self.args1(instr)?;
        let n = self.number(instr, arg, unsigned_max(width))?;
        let value = match width {
            1 => Operand::U8(n.as_u8()),
            2 => Operand::U16(n.as_u16()),
            4 => Operand::U32(n.as_u32()),
            8 => Operand::U64(n.as_u64()),
            16 => Operand::U128(n.as_u128()),
            _ => Operand::U256(n),
        };
        self.make(instr, op, &[value])
    }

    fn ld_signed(&mut self, instr: &Instr, op: Opcode, kind: OperandKind) -> Option<Bytecode> {
        let width = width(kind);
        let arg = self.args1(instr)?;
        let (min, max) = signed_range(width);
        let n = self.signed_number(instr, arg, min, max)?;
        let value = match width {
            1 => Operand::I8(n.as_i8()),
            2 => Operand::I16(n.as_i16()),
            4 => Operand::I32(n.as_i32()),
            8 => Operand::I64(n.as_i64()),
            16 => Operand::I128(n.as_i128()),
            _ => Operand::I256(n),
        };
        self.make(instr, op, &[value])
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

    fn vec_count(&mut self, instr: &Instr, op: Opcode) -> Option<Bytecode> {
        let [ty, count] = self.args2(instr)?;
        let sig = self.type_index(instr, ty)?;
        let count = self.number(instr, count, U256::from(u64::MAX))?.as_u64();
        self.make(instr, op, &[Operand::Signature(sig), Operand::Count(count)])
    }

    fn struct_instr(
        &mut self,
        instr: &Instr,
        op: Opcode,
        generic: Option<Opcode>,
    ) -> Option<Bytecode> {
        let arg = self.args1(instr)?;
        let (def, targs) = self.struct_ref(instr, arg)?;
        let inst = match targs {
            Some(targs) => {
                let res = self.b.tables.struct_inst_index(def, targs);
                Some((generic, Operand::StructDefInst(self.check(instr.loc, res)?)))
            }
            None => None,
        };
        self.plain_or_generic(instr, (op, Operand::StructDef(def)), inst)
    }

    fn variant_instr(
        &mut self,
        instr: &Instr,
        op: Opcode,
        generic: Option<Opcode>,
    ) -> Option<Bytecode> {
        let [ty, variant] = self.args2(instr)?;
        let (def, targs) = self.struct_ref(instr, ty)?;
        let name = self.simple_id(instr, variant, " for variant")?;
        let res = self.b.resolve_variant(def, &name);
        let variant = self.check(instr.loc, res)?;
        let res = self.b.tables.variant_index(def, variant);
        let handle = self.check(instr.loc, res)?;
        let inst = match targs {
            Some(targs) => {
                let res = self.b.tables.variant_inst_index(handle, targs);
                Some((
                    generic,
                    Operand::StructVariantInst(self.check(instr.loc, res)?),
                ))
            }
            None => None,
        };
        self.plain_or_generic(instr, (op, Operand::StructVariantHandle(handle)), inst)
    }

    fn borrow_field(
        &mut self,
        instr: &Instr,
        op: Opcode,
        generic: Option<Opcode>,
    ) -> Option<Bytecode> {
        let [ty, field] = self.args2(instr)?;
        let (def, targs) = self.struct_ref(instr, ty)?;
        let field = self.simple_id(instr, field, " for field")?;
        let res = self.b.resolve_field(def, None, &field);
        let offset = self.check(instr.loc, res)?;
        let res = self.b.tables.field_index(def, offset);
        let handle = self.check(instr.loc, res)?;
        let inst = match targs {
            Some(targs) => {
                let res = self.b.tables.field_inst_index(handle, targs);
                Some((generic, Operand::FieldInst(self.check(instr.loc, res)?)))
            }
            None => None,
        };
        self.plain_or_generic(instr, (op, Operand::FieldHandle(handle)), inst)
    }

    fn borrow_variant_field(
        &mut self,
        instr: &Instr,
        op: Opcode,
        generic: Option<Opcode>,
    ) -> Option<Bytecode> {
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
        let inst = match targs {
            Some(targs) => {
                let res = self.b.tables.variant_field_inst_index(handle, targs);
                Some((
                    generic,
                    Operand::VariantFieldInst(self.check(instr.loc, res)?),
                ))
            }
            None => None,
        };
        self.plain_or_generic(instr, (op, Operand::VariantFieldHandle(handle)), inst)
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

    /// `pack_variant`, `unpack_variant`, `unpack_variant_ref`, `unpack_variant_mut_ref` of a
    /// Sui enum: `E<T…>, Variant`.
    fn sui_variant_instr(
        &mut self,
        instr: &Instr,
        op: Opcode,
        generic: Option<Opcode>,
    ) -> Option<Bytecode> {
        let [ty, variant] = self.args2(instr)?;
        let (def, targs) = self.enum_ref(instr, ty)?;
        let name = self.simple_id(instr, variant, " for variant")?;
        let res = self.b.resolve_enum_variant(def, &name);
        let tag = self.check(instr.loc, res)?;
        match (targs, generic) {
            (Some(targs), Some(generic)) => {
                let res = self.b.tables.sui_variant_inst_index(def, tag, targs);
                let inst = self.check(instr.loc, res)?;
                self.make(instr, generic, &[Operand::VariantInst(inst)])
            }
            (Some(_), None) => self.internal(instr, op),
            (None, _) => {
                let res = self.b.tables.sui_variant_index(def, tag);
                let handle = self.check(instr.loc, res)?;
                self.make(instr, op, &[Operand::VariantHandle(handle)])
            }
        }
    }

    /// `variant_switch E, label…`: a jump table of the code unit with one target per variant,
    /// in tag order (labels are resolved when the body is complete).
    fn variant_switch(&mut self, instr: &Instr, labels: &mut Labels) -> Option<Bytecode> {
        let Some((first, targets)) = instr.args.split_first() else {
            self.error(
                instr.loc,
                "expected an enum and its targets for `variant_switch`",
            );
            return None;
        };
        let (def, targs) = self.enum_ref(instr, first)?;
        if targs.is_some() {
            self.error(
                instr.loc,
                "`variant_switch` takes the enum without type arguments",
            );
            return None;
        }
        let mut names = vec![];
        for target in targets {
            names.push(self.simple_id(instr, target, " for label")?);
        }
        let index = labels.jump_tables.len();
        let Ok(index) = u16::try_from(index) else {
            self.error(instr.loc, "too many jump tables");
            return None;
        };
        labels.jump_tables.push((instr.loc, def, names));
        self.make(
            instr,
            Opcode::VariantSwitch,
            &[Operand::JumpTable(VariantJumpTableIndex(index))],
        )
    }

    /// A Sui enum of this unit with optional type arguments.
    fn enum_ref(
        &mut self,
        instr: &Instr,
        arg: &Arg,
    ) -> Option<(EnumDefinitionIndex, Option<Vec<SignatureToken>>)> {
        let Some((name, targs)) = (match arg {
            Arg::Id(q, targs) => q.simple().map(|n| (n, targs)),
            _ => None,
        }) else {
            self.error(
                instr.loc,
                "expected simple enum name with optional type instantiation",
            );
            return None;
        };
        let res = self.b.resolve_enum_def(name);
        let def = self.check(instr.loc, res)?;
        let targs = targs
            .as_ref()
            .map(|tys| tys.iter().map(|t| self.build_type(instr.loc, t)).collect());
        Some((def, targs))
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
                let hint =
                    crate::suggest::did_you_mean(&name, self.ctx.locals.keys().map(String::as_str));
                self.error(instr.loc, format!("unknown local `{name}`{hint}"));
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
