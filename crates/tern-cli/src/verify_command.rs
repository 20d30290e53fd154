//! `tern verify FILE...`: verifies modules and scripts as one bundle.

use crate::binary_commands::{collect_files, read_binary, Binary};
use crate::output::outln;
use anyhow::{Context, Result};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use tern_asm::disassembler::{disassemble_module, disassemble_script};
use tern_binary::{CompiledModule, CompiledScript};
use tern_primitives::{ModuleId, VmError};
use tern_verifier::{
    verify_module, verify_module_dependencies, verify_script, verify_script_dependencies,
    VerifierConfig,
};

enum Unit {
    Module(ModuleId, Box<CompiledModule>),
    Script(Box<CompiledScript>),
}

/// `tern verify FILE...`: one line per unit, then `N passed, N failed`.
pub(crate) fn verify(paths: &[PathBuf]) -> Result<ExitCode> {
    let files = collect_files(paths, "mv")?;
    let mut units = Vec::new();
    let (mut passed, mut failed) = (0usize, 0usize);
    for file in &files {
        match read_unit(file) {
            Ok(u) => units.push((file.clone(), u)),
            Err(e) => {
                failed += 1;
                outln!("FAILED  {}: {e}", file.display())?;
            }
        }
    }
    let bundle: HashMap<ModuleId, &CompiledModule> = units
        .iter()
        .filter_map(|(_, u)| match u {
            Unit::Module(id, m) => Some((id.clone(), m.as_ref())),
            Unit::Script(_) => None,
        })
        .collect();
    let deps = |id: &ModuleId| bundle.get(id).copied();
    let config = VerifierConfig::default();
    for (file, unit) in &units {
        let result = match unit {
            Unit::Module(_, m) => verify_module(m, &config)
                .and_then(|()| verify_module_dependencies(m, &deps))
                .map_err(|e| describe(&e, disassemble_module(m).ok())),
            Unit::Script(s) => verify_script(s, &config)
                .and_then(|()| verify_script_dependencies(s, &deps))
                .map_err(|e| describe(&e, disassemble_script(s).ok())),
        };
        let name = match unit {
            Unit::Module(id, _) => id.to_string(),
            Unit::Script(_) => format!("script {}", file.display()),
        };
        match result {
            Ok(()) => {
                passed += 1;
                outln!("ok      {name}")?;
            }
            Err(why) => {
                failed += 1;
                outln!("FAILED  {name}: {why}")?;
            }
        }
    }
    outln!("{passed} passed, {failed} failed")?;
    Ok(if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

fn read_unit(file: &Path) -> Result<Unit> {
    let bytes = std::fs::read(file).with_context(|| format!("cannot read {}", file.display()))?;
    Ok(match read_binary(&bytes, tern_binary::Flavor::Aptos)? {
        Binary::Module(m) => {
            let Some(id) = m
                .address()
                .zip(m.name())
                .map(|(a, n)| ModuleId::new(*a, n.clone()))
            else {
                anyhow::bail!("module has no self handle");
            };
            Unit::Module(id, Box::new(m))
        }
        Binary::Script(s) => Unit::Script(Box::new(s)),
    })
}

/// A readable verification error: status, location, function, offset and the instruction
/// there (from the disassembly), plus the verifier's message.
fn describe(e: &VmError, disassembly: Option<String>) -> String {
    let d = e.data();
    let mut out = format!("{} at {}", d.status.name(), d.location);
    for (kind, index) in &d.indices {
        out.push_str(&format!(", {kind} #{index}"));
    }
    if let Some((function, pc)) = d.offsets.first() {
        out.push_str(&format!(", function #{function} offset {pc}"));
        if let Some(instr) = disassembly.and_then(|t| instruction_at(&t, *function, *pc)) {
            out.push_str(&format!(" (`{instr}`)"));
        }
    }
    if let Some(m) = &d.message {
        out.push_str(&format!(": {m}"));
    }
    out
}

/// The `pc`-th instruction of function `function` in a disassembly (labels stripped).
fn instruction_at(text: &str, function: u16, pc: u16) -> Option<String> {
    let marker = format!("// Function definition at index {function}");
    let body = text.split(&marker).nth(1)?;
    let instrs = body
        .lines()
        .skip(1)
        .take_while(|l| !l.starts_with("// Function definition"))
        .filter(|l| l.starts_with("    ") || l.contains(": "))
        .map(|l| l.trim())
        .filter(|l| !l.is_empty() && !l.starts_with("local "))
        .map(|l| match l.split_once(": ") {
            Some((label, rest)) if !label.contains(' ') => rest.to_string(),
            _ => l.to_string(),
        });
    instrs.into_iter().nth(usize::from(pc))
}
