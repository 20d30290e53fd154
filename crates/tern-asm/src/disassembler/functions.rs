//! Printing function blocks: the comment line, the header with attributes and modifiers,
//! the `local` lines and the labelled instruction lines.

use super::instructions::branch_labels;
use super::types::function_type_params;
use super::{DisasmError, Printer};
use std::fmt::Write as _;
use tern_binary::*;

/// Indentation of `local` and instruction lines.
const INDENT: &str = "    ";

/// An attribute as written inside `#[...]`.
fn attribute(attr: &FunctionAttribute) -> String {
    match attr {
        FunctionAttribute::Persistent => "persistent".to_string(),
        FunctionAttribute::ModuleLock => "module_lock".to_string(),
        FunctionAttribute::Pack => "pack".to_string(),
        FunctionAttribute::Unpack => "unpack".to_string(),
        FunctionAttribute::PackVariant(n) => format!("pack_variant({n})"),
        FunctionAttribute::UnpackVariant(n) => format!("unpack_variant({n})"),
        FunctionAttribute::TestVariant(n) => format!("test_variant({n})"),
        FunctionAttribute::BorrowFieldImmutable(n) => format!("borrow({n})"),
        FunctionAttribute::BorrowFieldMutable(n) => format!("borrow_mut({n})"),
    }
}

/// `#[a, b] ` or nothing.
fn attributes(attrs: &[FunctionAttribute]) -> String {
    if attrs.is_empty() {
        return String::new();
    }
    let items: Vec<String> = attrs.iter().map(attribute).collect();
    format!("#[{}] ", items.join(", "))
}

/// The modifier words before `fun`.
fn modifiers(def: &FunctionDefinition) -> String {
    let mut out = String::new();
    if def.is_entry {
        out.push_str("entry ");
    }
    match def.visibility {
        Visibility::Public => out.push_str("public "),
        Visibility::Friend => out.push_str("friend "),
        Visibility::Private => {}
    }
    if def.code.is_none() {
        out.push_str("native ");
    }
    out
}

impl Printer<'_> {
    /// One function block of a module, with the empty line that ends it.
    pub(super) fn function_block(
        &self,
        out: &mut String,
        index: usize,
        def: &FunctionDefinition,
    ) -> Result<(), DisasmError> {
        let handle = self.tables.function_handle(def.function)?;
        let params = self.tables.signature(handle.parameters)?;
        let results = self.tables.signature(handle.return_)?;
        let _ = writeln!(out, "// Function definition at index {index}");
        out.push_str(&attributes(&handle.attributes));
        out.push_str(&modifiers(def));
        let name = self.tables.identifier(handle.name)?;
        let tparams = function_type_params(&handle.type_parameters);
        let _ = write!(out, "fun {name}{tparams}({})", self.parameters(params)?);
        let acquires = self.acquires(&def.acquires_global_resources)?;
        out.push_str(&self.results(results, !acquires.is_empty())?);
        out.push_str(&acquires);
        out.push('\n');
        if let Some(code) = &def.code {
            self.body(out, params.len(), code)?;
        }
        out.push('\n');
        Ok(())
    }

    /// The function block of a script: always `entry public fun main`.
    pub(super) fn script_block(
        &self,
        out: &mut String,
        script: &CompiledScript,
    ) -> Result<(), DisasmError> {
        let params = self.tables.signature(script.parameters)?;
        let tparams = function_type_params(&script.type_parameters);
        out.push_str("// Function definition at index 0\n");
        let _ = writeln!(
            out,
            "entry public fun main{tparams}({})",
            self.parameters(params)?
        );
        self.body(out, params.len(), &script.code)?;
        out.push('\n');
        Ok(())
    }

    /// `l0: T, l1: U`.
    fn parameters(&self, params: &[SignatureToken]) -> Result<String, DisasmError> {
        let items = params
            .iter()
            .enumerate()
            .map(|(i, t)| Ok(format!("l{i}: {}", self.type_(t)?)))
            .collect::<Result<Vec<String>, DisasmError>>()?;
        Ok(items.join(", "))
    }

    /// `: T`, `: (T, U)` or nothing.
    fn results(&self, results: &[SignatureToken], followed: bool) -> Result<String, DisasmError> {
        Ok(match results {
            [] => String::new(),
            [one] if followed => format!(": {}", self.result_type(one)?),
            [one] => format!(": {}", self.type_(one)?),
            many => format!(": ({})", self.type_list(many)?),
        })
    }

    /// ` acquires S1, S2` or nothing.
    fn acquires(&self, defs: &[StructDefinitionIndex]) -> Result<String, DisasmError> {
        if defs.is_empty() {
            return Ok(String::new());
        }
        let names = defs
            .iter()
            .map(|d| self.tables.struct_def_name(self.tables.struct_def(*d)?))
            .collect::<Result<Vec<&str>, DisasmError>>()?;
        Ok(format!(" acquires {}", names.join(", ")))
    }

    /// The `local` lines and the instruction lines of a code unit.
    fn body(
        &self,
        out: &mut String,
        param_count: usize,
        code: &CodeUnit,
    ) -> Result<(), DisasmError> {
        let locals = self.tables.signature(code.locals)?;
        for (i, tok) in locals.iter().enumerate() {
            let n = param_count.saturating_add(i);
            let _ = writeln!(out, "{INDENT}local l{n}: {}", self.type_(tok)?);
        }
        let labels = branch_labels(code);
        for (offset, instr) in code.code.iter().enumerate() {
            if offset > 0 && offset.checked_rem(5) == Some(0) {
                let _ = writeln!(out, "{INDENT}// @{offset}");
            }
            let label = CodeOffset::try_from(offset)
                .ok()
                .and_then(|o| labels.get(&o));
            match label {
                Some(label) => {
                    let _ = write!(out, "{label:>2}: ");
                }
                None => out.push_str(INDENT),
            }
            out.push_str(&self.instruction(instr, &code.jump_tables, &labels)?);
            out.push('\n');
        }
        Ok(())
    }
}
