//! What `tern run` says when publishing or running fails: one line in words that names the
//! function, the offset and the instruction there, the abort code with its `std::error`
//! category, the function that does not exist (with the closest one) or the arguments the
//! function takes. `-v` adds the error as the peer prints it.

use std::sync::Arc;
use tern::{CompiledModule, Location, ModuleId, StatusCode, VmError};

/// Where the failed run looked things up.
pub(crate) struct FailureContext<'a> {
    /// The published module with this id, if any.
    pub module: &'a dyn Fn(&ModuleId) -> Option<Arc<CompiledModule>>,
    /// The modules a missing one may have been meant as.
    pub known: Vec<ModuleId>,
    /// The function the run named, if it ran one.
    pub target: Option<(ModuleId, String)>,
    /// The values given to it (signers and arguments).
    pub given: usize,
    /// The `.masm` source of the module or script run, to name the line of the instruction
    /// that failed.
    pub source: Option<SourceLines>,
}

/// The line of each instruction of a `.masm` file's functions.
pub(crate) struct SourceLines {
    /// The file as given.
    pub file: String,
    /// The module the file holds (`None` for a script).
    pub module: Option<ModuleId>,
    /// By function name, the line of the instruction at each code offset.
    pub lines: std::collections::HashMap<String, Vec<u32>>,
}

impl SourceLines {
    /// The lines of `file`'s instructions (`None` when it cannot be read or parsed).
    pub(crate) fn of(file: &std::path::Path, module: Option<ModuleId>) -> Option<SourceLines> {
        let text = std::fs::read_to_string(file).ok()?;
        Some(SourceLines {
            file: file.display().to_string(),
            module,
            lines: tern_asm::assembler::instruction_lines(&text)?,
        })
    }

    /// `FILE:LINE` of the instruction at `pc` of `function` in `module` (`None` for a script).
    fn at(&self, module: Option<&ModuleId>, function: &str, pc: u16) -> Option<String> {
        if self.module.as_ref() != module {
            return None;
        }
        let lines = match module {
            Some(_) => self.lines.get(function)?,
            // A script holds one function.
            None => self.lines.values().next()?,
        };
        let line = lines.get(usize::from(pc))?;
        Some(format!("{}:{line}", self.file))
    }
}

/// The line describing `e` (starting `error: `).
pub(crate) fn describe(e: &VmError, cx: &FailureContext<'_>) -> String {
    if let Some(text) = target_problem(e, cx) {
        return format!("error: {text}");
    }
    let source = |module: Option<&ModuleId>, function: &str, pc: u16| {
        cx.source.as_ref().and_then(|s| s.at(module, function, pc))
    };
    format!(
        "error: {}",
        tern::readable::describe_error(e, cx.module, Some(&source))
    )
}

/// A failure of the call itself: the module or function does not exist, or the arguments do
/// not fit the function's parameters.
fn target_problem(e: &VmError, cx: &FailureContext<'_>) -> Option<String> {
    let (module_id, name) = cx.target.as_ref()?;
    if *e.location() != Location::Undefined || !e.data().offsets.is_empty() {
        return None;
    }
    let Some(module) = (cx.module)(module_id) else {
        let names = cx.known.iter().map(|m| m.name.as_str());
        let hint = tern_asm::suggest::closest(module_id.name.as_str(), names)
            .and_then(|n| cx.known.iter().find(|m| m.name.as_str() == n))
            .map(|m| format!("; did you mean {}?", full_name(m)))
            .unwrap_or_default();
        return Some(format!(
            "no module {} is published{hint}",
            full_name(module_id)
        ));
    };
    let Some((_, handle)) = module.function_named(name) else {
        let names = function_names(&module);
        let hint = tern_asm::suggest::closest(name, names.iter().map(String::as_str))
            .map(|n| format!("; did you mean `{n}`?"))
            .unwrap_or_default();
        return Some(format!(
            "no function `{name}` in {}{hint} (it has: {})",
            full_name(module_id),
            names.join(", ")
        ));
    };
    let signature = signature_line(&module, name);
    let params = module
        .signatures
        .get(handle.parameters.idx())
        .map_or(0, |s| s.0.len());
    let full = format!("{}::{name}", full_name(module_id));
    match e.status() {
        StatusCode::NUMBER_OF_ARGUMENTS_MISMATCH => Some(format!(
            "{full} takes {params} argument{} (signers first), {} given: {signature}",
            if params == 1 { "" } else { "s" },
            cx.given
        )),
        StatusCode::FAILED_TO_DESERIALIZE_ARGUMENT => Some(format!(
            "an argument of {full} does not fit its parameter's type: {signature}"
        )),
        StatusCode::TYPE_MISMATCH | StatusCode::NUMBER_OF_TYPE_ARGUMENTS_MISMATCH => Some(format!(
            "{}: the call does not fit {full}: {signature}",
            e.status().name()
        )),
        _ => None,
    }
}

/// `0xADDR::name`.
fn full_name(id: &ModuleId) -> String {
    format!("{}::{}", id.address.to_hex_literal(), id.name)
}

/// The names of a module's functions, in definition order.
pub(crate) fn function_names(m: &CompiledModule) -> Vec<String> {
    m.function_names()
        .map(|n| n.unwrap_or("?").to_string())
        .collect()
}

/// The function's declaration as `tern disasm` prints it (`public fun incr(account: &signer):
/// u64`), or its name.
fn signature_line(m: &CompiledModule, name: &str) -> String {
    let needle = format!("fun {name}(");
    tern_asm::disassembler::disassemble_module(m)
        .ok()
        .and_then(|text| {
            text.lines()
                .find(|l| l.contains(&needle))
                .map(|l| l.trim().to_string())
        })
        .unwrap_or_else(|| format!("fun {name}"))
}
