//! Function definitions and code units (§10 step 17, and a script's `main`).

use super::site::Site;
use super::tokens::signature_type_params;
use super::Tables;
use crate::errors::{BinaryError, BinaryResult};
use crate::index::{IndexKind, LocalIndex, SignatureIndex};
use crate::instruction::Bytecode;
use crate::model::{CodeUnit, CompiledModule, CompiledScript};
use std::fmt;
use tern_primitives::{Flavor, StatusCode};

/// The most locals (parameters included) a function may have.
const LOCALS_MAX: usize = LocalIndex::MAX as usize;

/// Step 17: function definitions: handle, acquires, then the code unit if any.
pub(super) fn function_defs(t: &Tables<'_>, m: &CompiledModule) -> BinaryResult<()> {
    for (row, def) in m.function_defs.iter().enumerate() {
        let site = Site::entry(IndexKind::FunctionDefinition, row);
        let function = def.function.idx();
        site.check(
            "function handle index",
            function,
            t.function_handles.len(),
            "function handles",
        )?;
        for acquired in &def.acquires_global_resources {
            let idx = acquired.idx();
            let len = m.struct_defs.len();
            site.check(
                "acquires struct definition index",
                idx,
                len,
                "struct definitions",
            )?;
        }
        let (Some(code), Some(handle)) = (&def.code, t.function_handles.get(function)) else {
            continue;
        };
        let type_params = handle.type_parameters.len();
        let params = parameter_count(t, site, handle.parameters)?;
        CodeChecker::new(t, Some(m), site, type_params).check(code, params)?;
    }
    Ok(())
}

/// A script's `main`: parameters signature, its type parameters, then the code unit.
pub(super) fn script_main(t: &Tables<'_>, s: &CompiledScript) -> BinaryResult<()> {
    let site = Site::script_main();
    let type_params = s.type_parameters.len();
    let params = parameter_count(t, site, s.parameters)?;
    signature_type_params(t, s.parameters, type_params, site, &"parameters")?;
    CodeChecker::new(t, None, site, type_params).check(&s.code, params)
}

/// The number of parameters, from an (index-checked) parameters signature.
fn parameter_count(t: &Tables<'_>, site: Site, params: SignatureIndex) -> BinaryResult<usize> {
    t.signature(site, "parameters signature index", params.idx())?;
    Ok(t.signatures.get(params.idx()).map_or(0, |sig| sig.len()))
}

/// Checks one code unit against the tables and its function's type parameters and locals.
struct CodeChecker<'a> {
    /// The shared tables.
    t: &'a Tables<'a>,
    /// The module; `None` in a script, where module-only operands are not checked.
    module: Option<&'a CompiledModule>,
    /// The function (or `main`).
    site: Site,
    /// The function's type-parameter count.
    type_params: usize,
    /// Parameters plus locals (set by `check`).
    locals: usize,
    /// The instruction count (set by `check`).
    code_len: usize,
}

impl<'a> CodeChecker<'a> {
    /// A checker for the code of the function at `site`.
    fn new(
        t: &'a Tables<'a>,
        module: Option<&'a CompiledModule>,
        site: Site,
        type_params: usize,
    ) -> CodeChecker<'a> {
        CodeChecker {
            t,
            module,
            site,
            type_params,
            locals: 0,
            code_len: 0,
        }
    }

    /// Locals signature, local count, type parameters of the locals, then every instruction.
    fn check(mut self, code: &CodeUnit, params: usize) -> BinaryResult<()> {
        let site = self.site;
        let t = self.t;
        t.signature(site, "locals signature index", code.locals.idx())?;
        let locals = t
            .signatures
            .get(code.locals.idx())
            .map_or(0, |sig| sig.len());
        self.locals = locals.saturating_add(params);
        if self.locals > LOCALS_MAX {
            let err = site.error(
                StatusCode::TOO_MANY_LOCALS,
                format_args!("{locals} locals + {params} parameters exceed {LOCALS_MAX}"),
            );
            return Err(match err.location.entry {
                Some((IndexKind::FunctionDefinition, row)) => {
                    err.reporting(IndexKind::FunctionDefinition, row)
                }
                _ => err,
            });
        }
        signature_type_params(t, code.locals, self.type_params, site, &"locals")?;
        self.code_len = code.code.len();
        let flavor = self.module.map_or(Flavor::Aptos, |m| m.flavor);
        for (pc, instr) in code.code.iter().enumerate() {
            if instr.opcode().encoding(flavor).is_none() {
                return Err(site.at(pc).error(
                    StatusCode::UNKNOWN_OPCODE,
                    format_args!(
                        "{} is not an instruction of the {flavor} flavor",
                        OpName(instr)
                    ),
                ));
            }
            self.instruction(pc, instr, code)?;
        }
        self.jump_tables(code)
    }

    /// Sui: each jump table switches on an enum of this module, has one target per variant and
    /// every target is an instruction of the code unit.
    fn jump_tables(&self, code: &CodeUnit) -> BinaryResult<()> {
        let (Some(m), false) = (self.module, code.jump_tables.is_empty()) else {
            return Ok(());
        };
        for table in &code.jump_tables {
            let head = table.head_enum.idx();
            self.site.check(
                "jump table enum index",
                head,
                m.enum_defs.len(),
                "enum definitions",
            )?;
            let variants = m.enum_defs.get(head).map_or(0, |d| d.variants.len());
            if table.targets.len() != variants {
                return Err(self
                    .site
                    .error(
                        StatusCode::INVALID_ENUM_SWITCH,
                        format_args!(
                            "Jump table length {} does not equal number of variants {variants}",
                            table.targets.len()
                        ),
                    )
                    .reporting(IndexKind::VariantTag, table.targets.len()));
            }
            for target in &table.targets {
                let target = usize::from(*target);
                self.site
                    .check("jump table target", target, self.code_len, "instructions")?;
            }
        }
        Ok(())
    }

    /// Checks the operands of one instruction (one flat dispatch: this runs for every
    /// instruction of every function).
    #[inline]
    fn instruction(&self, pc: usize, instr: &Bytecode, code: &CodeUnit) -> BinaryResult<()> {
        use Bytecode as B;
        let t = self.t;
        match instr {
            B::BrTrue(target) | B::BrFalse(target) | B::Branch(target) => self.operand(
                pc,
                instr,
                usize::from(*target),
                self.code_len,
                "instructions",
            ),
            B::CopyLoc(l)
            | B::MoveLoc(l)
            | B::StLoc(l)
            | B::MutBorrowLoc(l)
            | B::ImmBorrowLoc(l) => self.operand(pc, instr, usize::from(*l), self.locals, "locals"),
            B::LdConst(i) => self.operand(pc, instr, i.idx(), t.constant_pool.len(), "constants"),
            B::Call(i) | B::PackClosure(i, _) => {
                let len = t.function_handles.len();
                self.operand(pc, instr, i.idx(), len, "function handles")
            }
            B::CallGeneric(i) | B::PackClosureGeneric(i, _) => {
                let rows = t.function_instantiations;
                self.generic(pc, instr, rows, i.idx(), "function instantiations", |r| {
                    r.type_parameters
                })
            }
            B::VecPack(s, _)
            | B::VecLen(s)
            | B::VecImmBorrow(s)
            | B::VecMutBorrow(s)
            | B::VecPushBack(s)
            | B::VecPopBack(s)
            | B::VecUnpack(s, _)
            | B::VecSwap(s)
            | B::CallClosure(s) => self.signature(pc, instr, *s),
            B::MutBorrowField(i) | B::ImmBorrowField(i) => self.in_module(|m| {
                self.operand(pc, instr, i.idx(), m.field_handles.len(), "field handles")
            }),
            B::MutBorrowFieldGeneric(i) | B::ImmBorrowFieldGeneric(i) => self.in_module(|m| {
                let rows = &m.field_instantiations;
                self.generic(pc, instr, rows, i.idx(), "field instantiations", |r| {
                    r.type_parameters
                })
            }),
            B::Pack(i)
            | B::Unpack(i)
            | B::Exists(i)
            | B::MutBorrowGlobal(i)
            | B::ImmBorrowGlobal(i)
            | B::MoveFrom(i)
            | B::MoveTo(i) => self.in_module(|m| {
                self.operand(
                    pc,
                    instr,
                    i.idx(),
                    m.struct_defs.len(),
                    "struct definitions",
                )
            }),
            B::PackGeneric(i)
            | B::UnpackGeneric(i)
            | B::ExistsGeneric(i)
            | B::MutBorrowGlobalGeneric(i)
            | B::ImmBorrowGlobalGeneric(i)
            | B::MoveFromGeneric(i)
            | B::MoveToGeneric(i) => self.in_module(|m| {
                let rows = &m.struct_def_instantiations;
                let unit = "struct definition instantiations";
                self.generic(pc, instr, rows, i.idx(), unit, |r| r.type_parameters)
            }),
            B::ImmBorrowVariantField(i) | B::MutBorrowVariantField(i) => self.in_module(|m| {
                let len = m.variant_field_handles.len();
                self.operand(pc, instr, i.idx(), len, "variant field handles")
            }),
            B::ImmBorrowVariantFieldGeneric(i) | B::MutBorrowVariantFieldGeneric(i) => self
                .in_module(|m| {
                    let rows = &m.variant_field_instantiations;
                    let unit = "variant field instantiations";
                    self.generic(pc, instr, rows, i.idx(), unit, |r| r.type_parameters)
                }),
            B::PackVariant(i) | B::UnpackVariant(i) | B::TestVariant(i) => self.in_module(|m| {
                let len = m.struct_variant_handles.len();
                self.operand(pc, instr, i.idx(), len, "struct variant handles")
            }),
            B::PackVariantGeneric(i) | B::UnpackVariantGeneric(i) | B::TestVariantGeneric(i) => {
                self.in_module(|m| {
                    let rows = &m.struct_variant_instantiations;
                    let unit = "struct variant instantiations";
                    self.generic(pc, instr, rows, i.idx(), unit, |r| r.type_parameters)
                })
            }
            B::SuiPackVariant(i)
            | B::SuiUnpackVariant(i)
            | B::SuiUnpackVariantImmRef(i)
            | B::SuiUnpackVariantMutRef(i) => self.in_module(|m| {
                let len = m.variant_handles.len();
                self.operand(pc, instr, i.idx(), len, "variant handles")
            }),
            B::SuiPackVariantGeneric(i)
            | B::SuiUnpackVariantGeneric(i)
            | B::SuiUnpackVariantGenericImmRef(i)
            | B::SuiUnpackVariantGenericMutRef(i) => self.in_module(|m| {
                let rows = &m.variant_instantiation_handles;
                let unit = "variant instantiation handles";
                self.operand(pc, instr, i.idx(), rows.len(), unit)?;
                // The enum instantiations were checked before the code.
                let sig = rows
                    .get(i.idx())
                    .and_then(|h| m.enum_def_instantiations.get(h.enum_def.idx()))
                    .map(|inst| inst.type_parameters);
                match sig {
                    Some(sig) => self.type_args(pc, instr, sig),
                    None => Ok(()),
                }
            }),
            B::VariantSwitch(i) => {
                let len = code.jump_tables.len();
                self.operand(pc, instr, i.idx(), len, "jump tables")
            }
            B::Pop
            | B::Ret
            | B::LdU8(_)
            | B::LdU16(_)
            | B::LdU32(_)
            | B::LdU64(_)
            | B::LdU128(_)
            | B::LdU256(_)
            | B::LdI8(_)
            | B::LdI16(_)
            | B::LdI32(_)
            | B::LdI64(_)
            | B::LdI128(_)
            | B::LdI256(_)
            | B::LdTrue
            | B::LdFalse
            | B::ReadRef
            | B::WriteRef
            | B::FreezeRef
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
            | B::Shl
            | B::Shr
            | B::Abort
            | B::AbortMsg
            | B::Nop
            | B::CastU8
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
            | B::CastI256
            | B::Negate => Ok(()),
        }
    }

    /// Runs `check` with the module; in a script, module-only operands are not checked (the
    /// peer skips them too, and later verification rejects them).
    #[inline(always)]
    fn in_module(
        &self,
        check: impl FnOnce(&CompiledModule) -> BinaryResult<()>,
    ) -> BinaryResult<()> {
        match self.module {
            Some(m) => check(m),
            None => Ok(()),
        }
    }

    /// `Ok` if operand `index < len`, else INDEX_OUT_OF_BOUNDS at this instruction.
    #[inline(always)]
    fn operand(
        &self,
        pc: usize,
        instr: &Bytecode,
        index: usize,
        len: usize,
        unit: &'static str,
    ) -> BinaryResult<()> {
        if index < len {
            Ok(())
        } else {
            Err(self.operand_error(pc, instr, index, len, unit))
        }
    }

    /// The error for an operand out of bounds.
    #[cold]
    #[inline(never)]
    fn operand_error(
        &self,
        pc: usize,
        instr: &Bytecode,
        index: usize,
        len: usize,
        unit: &str,
    ) -> BinaryError {
        let what = format_args!("{} operand", instr.opcode().name());
        self.site.at(pc).out_of_bounds(what, index, len, unit)
    }

    /// An operand naming a row of an instantiation table: in range, then the type parameters
    /// of the row's type arguments against the function's.
    #[inline(always)]
    fn generic<R>(
        &self,
        pc: usize,
        instr: &Bytecode,
        rows: &[R],
        index: usize,
        unit: &'static str,
        type_args: impl Fn(&R) -> SignatureIndex,
    ) -> BinaryResult<()> {
        self.operand(pc, instr, index, rows.len(), unit)?;
        match rows.get(index) {
            Some(row) => self.type_args(pc, instr, type_args(row)),
            None => Ok(()),
        }
    }

    /// A signature operand (`Vec*`, `CallClosure`): in range, then its type parameters.
    #[inline(always)]
    fn signature(&self, pc: usize, instr: &Bytecode, sig: SignatureIndex) -> BinaryResult<()> {
        let len = self.t.signatures.len();
        self.operand(pc, instr, sig.idx(), len, "signatures")?;
        self.type_args(pc, instr, sig)
    }

    /// The type parameters of signature `sig`, used by the instruction, against the function's.
    #[inline(always)]
    fn type_args(&self, pc: usize, instr: &Bytecode, sig: SignatureIndex) -> BinaryResult<()> {
        let site = self.site.at(pc);
        signature_type_params(self.t, sig, self.type_params, site, &OpName(instr))
    }
}

/// Displays an instruction's opcode name (computed only when an error is built).
struct OpName<'a>(&'a Bytecode);

impl fmt::Display for OpName<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0.opcode().name())
    }
}
