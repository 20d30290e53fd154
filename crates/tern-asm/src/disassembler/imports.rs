//! The `use` lines: which modules are imported, in which order, under which alias.
//!
//! The peer prints one `use` per module handle in table order. Table order is an artefact of
//! whoever built the binary, so printing it would not survive a reassembly. Instead the
//! imported modules are listed in the order the assembler requests them (§10 of masm.md)
//! when it reads the printed text back: for a module built by that assembler this is exactly
//! the table order, and for any other module it is the order the reassembled module will
//! have, which makes the text a fixpoint. Modules that nothing printed refers to are left
//! out (reassembly would drop them too).

use super::tables::{ModuleKey, Tables};
use super::types::MAX_TYPE_DEPTH;
use super::DisasmError;
use std::collections::{HashMap, HashSet};
use tern_binary::*;

/// The imported modules in print order, each with its alias.
pub(super) struct Imports<'a> {
    /// `(module, alias)` in the order the `use` lines are printed.
    pub(super) lines: Vec<(ModuleKey<'a>, String)>,
    aliases: HashMap<ModuleKey<'a>, usize>,
    self_id: Option<ModuleKey<'a>>,
}

impl<'a> Imports<'a> {
    /// The alias under which a module is referenced, or `None` for this module itself.
    pub(super) fn alias(&self, key: &ModuleKey<'a>) -> Result<Option<&str>, DisasmError> {
        if self.self_id.as_ref() == Some(key) {
            return Ok(None);
        }
        let line = self
            .aliases
            .get(key)
            .and_then(|i| self.lines.get(*i))
            .ok_or(DisasmError::UnlistedModule)?;
        Ok(Some(line.1.as_str()))
    }
}

/// Collects the imports of a module (`defs` = its function definitions).
pub(super) fn collect_module<'a>(
    tables: &Tables<'a>,
    defs: &'a [FunctionDefinition],
) -> Result<Imports<'a>, DisasmError> {
    let mut walk = Walk::new(tables)?;
    for def in defs {
        let handle = tables.function_handle(def.function)?;
        let locals = def.code.as_ref().map(|c| c.locals);
        walk.declaration(handle.parameters, locals, Some(handle.return_))?;
    }
    for def in tables.struct_defs {
        walk.struct_layout(def)?;
    }
    for def in tables.enum_defs {
        for field in def.variants.iter().flat_map(|v| &v.fields) {
            walk.token(&field.type_, 0)?;
        }
    }
    for def in defs {
        if let Some(code) = &def.code {
            walk.body(&code.code)?;
        }
    }
    Ok(walk.finish())
}

/// Collects the imports of a script.
pub(super) fn collect_script<'a>(
    tables: &Tables<'a>,
    script: &'a CompiledScript,
) -> Result<Imports<'a>, DisasmError> {
    let mut walk = Walk::new(tables)?;
    walk.declaration(script.parameters, Some(script.code.locals), None)?;
    walk.body(&script.code.code)?;
    Ok(walk.finish())
}

/// Records modules in order of first reference.
struct Walk<'t, 'a> {
    tables: &'t Tables<'a>,
    self_id: Option<ModuleKey<'a>>,
    order: Vec<ModuleKey<'a>>,
    seen: HashSet<ModuleKey<'a>>,
    imported_functions: HashSet<FunctionHandleIndex>,
}

impl<'t, 'a> Walk<'t, 'a> {
    fn new(tables: &'t Tables<'a>) -> Result<Self, DisasmError> {
        Ok(Walk {
            tables,
            self_id: tables.self_id()?,
            order: Vec::new(),
            seen: HashSet::new(),
            imported_functions: HashSet::new(),
        })
    }

    fn finish(self) -> Imports<'a> {
        let mut used: HashSet<String> = HashSet::new();
        let mut lines = Vec::with_capacity(self.order.len());
        let mut aliases = HashMap::new();
        for key in self.order {
            let mut alias = key.name.to_string();
            while used.contains(&alias) {
                alias.push('_');
            }
            used.insert(alias.clone());
            aliases.insert(key, lines.len());
            lines.push((key, alias));
        }
        Imports {
            lines,
            aliases,
            self_id: self.self_id,
        }
    }

    fn module(&mut self, idx: ModuleHandleIndex) -> Result<(), DisasmError> {
        let key = self.tables.module_id(idx)?;
        if self.self_id != Some(key) && self.seen.insert(key) {
            self.order.push(key);
        }
        Ok(())
    }

    fn token(&mut self, tok: &SignatureToken, depth: usize) -> Result<(), DisasmError> {
        if depth > MAX_TYPE_DEPTH {
            return Err(DisasmError::TypeTooDeep);
        }
        let depth = depth.saturating_add(1);
        match tok {
            SignatureToken::Struct(sh) => self.module(self.tables.struct_handle(*sh)?.module),
            SignatureToken::StructInstantiation(sh, args) => {
                self.module(self.tables.struct_handle(*sh)?.module)?;
                args.iter().try_for_each(|t| self.token(t, depth))
            }
            SignatureToken::Function(args, results, _) => args
                .iter()
                .chain(results)
                .try_for_each(|t| self.token(t, depth)),
            SignatureToken::Vector(inner)
            | SignatureToken::Reference(inner)
            | SignatureToken::MutableReference(inner) => self.token(inner, depth),
            _ => Ok(()),
        }
    }

    fn signature(&mut self, idx: SignatureIndex) -> Result<(), DisasmError> {
        let tokens = self.tables.signature(idx)?;
        tokens.iter().try_for_each(|t| self.token(t, 0))
    }

    /// A function declaration: parameter types, then local types, then result types.
    fn declaration(
        &mut self,
        params: SignatureIndex,
        locals: Option<SignatureIndex>,
        results: Option<SignatureIndex>,
    ) -> Result<(), DisasmError> {
        self.signature(params)?;
        if let Some(locals) = locals {
            self.signature(locals)?;
        }
        if let Some(results) = results {
            self.signature(results)?;
        }
        Ok(())
    }

    fn struct_layout(&mut self, def: &StructDefinition) -> Result<(), DisasmError> {
        match &def.field_information {
            StructFieldInformation::Native => Ok(()),
            StructFieldInformation::Declared(fields) => {
                fields.iter().try_for_each(|f| self.token(&f.type_, 0))
            }
            StructFieldInformation::DeclaredVariants(variants) => variants
                .iter()
                .flat_map(|v| &v.fields)
                .try_for_each(|f| self.token(&f.type_, 0)),
        }
    }

    /// A function handle used by `call` or `pack_closure`: a foreign one is imported with
    /// its module and the structs of its signature.
    fn function(&mut self, idx: FunctionHandleIndex) -> Result<(), DisasmError> {
        let handle = self.tables.function_handle(idx)?;
        if self.self_id == Some(self.tables.module_id(handle.module)?) {
            return Ok(());
        }
        if self.imported_functions.insert(idx) {
            self.module(handle.module)?;
            self.signature(handle.parameters)?;
            self.signature(handle.return_)?;
        }
        Ok(())
    }

    fn function_inst(&mut self, idx: FunctionInstantiationIndex) -> Result<(), DisasmError> {
        let inst = self.tables.function_instantiation(idx)?;
        self.function(inst.handle)?;
        self.signature(inst.type_parameters)
    }

    fn body(&mut self, code: &[Bytecode]) -> Result<(), DisasmError> {
        code.iter().try_for_each(|instr| self.instruction(instr))
    }

    fn instruction(&mut self, instr: &Bytecode) -> Result<(), DisasmError> {
        let t = self.tables;
        let sig = match instr {
            Bytecode::Call(fh) | Bytecode::PackClosure(fh, _) => return self.function(*fh),
            Bytecode::CallGeneric(fi) | Bytecode::PackClosureGeneric(fi, _) => {
                return self.function_inst(*fi)
            }
            Bytecode::PackGeneric(i)
            | Bytecode::UnpackGeneric(i)
            | Bytecode::ExistsGeneric(i)
            | Bytecode::MutBorrowGlobalGeneric(i)
            | Bytecode::ImmBorrowGlobalGeneric(i)
            | Bytecode::MoveFromGeneric(i)
            | Bytecode::MoveToGeneric(i) => t.struct_def_instantiation(*i)?.type_parameters,
            Bytecode::MutBorrowFieldGeneric(i) | Bytecode::ImmBorrowFieldGeneric(i) => {
                t.field_instantiation(*i)?.type_parameters
            }
            Bytecode::ImmBorrowVariantFieldGeneric(i)
            | Bytecode::MutBorrowVariantFieldGeneric(i) => {
                t.variant_field_instantiation(*i)?.type_parameters
            }
            Bytecode::PackVariantGeneric(i)
            | Bytecode::UnpackVariantGeneric(i)
            | Bytecode::TestVariantGeneric(i) => {
                t.struct_variant_instantiation(*i)?.type_parameters
            }
            Bytecode::SuiPackVariantGeneric(i)
            | Bytecode::SuiUnpackVariantGeneric(i)
            | Bytecode::SuiUnpackVariantGenericImmRef(i)
            | Bytecode::SuiUnpackVariantGenericMutRef(i) => {
                let handle = t.variant_instantiation_handle(*i)?;
                t.enum_def_instantiation(handle.enum_def)?.type_parameters
            }
            Bytecode::VecPack(s, _)
            | Bytecode::VecLen(s)
            | Bytecode::VecImmBorrow(s)
            | Bytecode::VecMutBorrow(s)
            | Bytecode::VecPushBack(s)
            | Bytecode::VecPopBack(s)
            | Bytecode::VecUnpack(s, _)
            | Bytecode::VecSwap(s)
            | Bytecode::CallClosure(s) => *s,
            Bytecode::LdConst(c) => return self.token(&t.constant(*c)?.type_, 0),
            _ => return Ok(()),
        };
        self.signature(sig)
    }
}
