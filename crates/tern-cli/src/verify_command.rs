//! `tern verify FILE...`: verifies modules and scripts as one bundle.
//!
//! Aptos modules and scripts are verified one by one and linked against the bundle. Sui modules
//! are grouped into packages by address and each package is verified as Sui publishes it
//! ([`tern_verifier::verify_sui_package`]), linked against the other packages of the bundle.
//! A folder with a `manifest.json` (a corpus of published Sui packages, as
//! `corpus/sui-mainnet`) is verified package by package against the versions each package's
//! linkage table names.

use crate::binary_commands::{collect_files, read_binary, Binary};
use crate::output::outln;
use anyhow::{Context, Result};
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use tern_asm::disassembler::{disassemble_module, disassemble_script};
use tern_binary::{CompiledModule, CompiledScript, Flavor};
use tern_primitives::{AccountAddress, ModuleId, VmError};
use tern_verifier::{
    verify_module, verify_module_dependencies, verify_script, verify_script_dependencies,
    verify_sui_package, SuiPackage, SuiPublishError, SuiVerifierConfig, VerifierConfig,
};

enum Unit {
    Module(ModuleId, Box<CompiledModule>),
    Script(Box<CompiledScript>),
}

/// `tern verify FILE...`: one line per unit (per package for Sui), then `N passed, N failed`
/// (counting modules and scripts).
pub(crate) fn verify(paths: &[PathBuf], unflavored: Flavor) -> Result<ExitCode> {
    let (corpora, paths): (Vec<PathBuf>, Vec<PathBuf>) = paths
        .iter()
        .cloned()
        .partition(|p| p.join("manifest.json").is_file());
    let (mut passed, mut failed) = (0usize, 0usize);
    for dir in &corpora {
        let (p, f) = verify_corpus(dir)?;
        passed += p;
        failed += f;
    }
    let files = if paths.is_empty() {
        Vec::new()
    } else {
        collect_files(&paths, "mv")?
    };
    let mut units = Vec::new();
    for file in &files {
        match read_unit(file, unflavored) {
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
    // Modules the bundle imports from `0x1` without giving them link against Tern's standard
    // library, as `tern run` publishes it.
    let library: HashMap<ModuleId, CompiledModule> = tern_stdlib::stdlib_modules()
        .context("Tern's standard library")?
        .into_iter()
        .filter_map(|m| Some((m.self_id()?, m)))
        .collect();
    let deps = |id: &ModuleId| bundle.get(id).copied().or_else(|| library.get(id));
    let config = VerifierConfig::default();
    let (sui_passed, sui_failed) = verify_sui_packages(&units)?;
    passed += sui_passed;
    failed += sui_failed;
    for (file, unit) in &units {
        if matches!(unit, Unit::Module(_, m) if m.flavor == Flavor::Sui) {
            continue;
        }
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

/// Verifies each package of the corpus in `dir` as Sui publishes it, against the package
/// versions its linkage table names; a package whose dependencies the corpus lacks gets the
/// module-local checks only, and says so. Returns (modules passed, modules failed).
fn verify_corpus(dir: &Path) -> Result<(usize, usize)> {
    let corpus = tern_sui::load_manifest(dir)?;
    let mut packages = BTreeMap::new();
    for entry in corpus.entries() {
        let package = corpus.package(entry.id)?;
        let modules: Vec<CompiledModule> = package
            .modules
            .values()
            .map(|(_, m)| m.as_ref().clone())
            .collect();
        packages.insert(entry.id, (entry, modules));
    }
    let config = SuiVerifierConfig::mainnet();
    let (mut passed, mut failed) = (0usize, 0usize);
    for (id, (entry, modules)) in &packages {
        let package = SuiPackage {
            original_id: entry.original_id,
            version_id: *id,
            modules,
        };
        let name = format!(
            "package {} v{} ({})",
            id.to_hex_literal(),
            entry.version,
            entry.label
        );
        let count = modules.len();
        let plural = if count == 1 { "module" } else { "modules" };
        let deps: Option<Vec<SuiPackage<'_>>> = entry
            .linkage
            .values()
            .map(|dep| {
                packages.get(&dep.upgraded_id).map(|(e, m)| SuiPackage {
                    original_id: e.original_id,
                    version_id: e.id,
                    modules: m,
                })
            })
            .collect();
        let (result, local) = match deps {
            Some(deps) => (
                verify_sui_package(&package, &deps, &config, None).map_err(|e| e.to_string()),
                false,
            ),
            None => {
                let local = VerifierConfig {
                    sui: config.clone(),
                    ..VerifierConfig::default()
                };
                let result = modules
                    .iter()
                    .try_for_each(|m| verify_module(m, &local))
                    .map_err(|e| describe(&e, disassemble_module_of(modules, &e)));
                (result, true)
            }
        };
        match result {
            Ok(()) if local => {
                passed += count;
                outln!(
                    "ok      {name}, {count} {plural}: module-local checks only \
                     (dependencies not in the corpus)"
                )?;
            }
            Ok(()) => {
                passed += count;
                outln!("ok      {name}, {count} {plural}")?;
            }
            Err(why) => {
                failed += count;
                outln!("FAILED  {name}: {why}")?;
            }
        }
    }
    Ok((passed, failed))
}

/// The disassembly of the module of `modules` that `e` names, if any.
fn disassemble_module_of(modules: &[CompiledModule], e: &VmError) -> Option<String> {
    let tern_primitives::Location::Module(id) = e.location() else {
        return None;
    };
    let module = modules.iter().find(|m| m.name() == Some(&id.name))?;
    disassemble_module(module).ok()
}

/// Verifies the Sui modules of the bundle, grouped into packages by address (each package's
/// version is its original id); one line per package. Returns (modules passed, modules failed).
fn verify_sui_packages(units: &[(PathBuf, Unit)]) -> Result<(usize, usize)> {
    let mut grouped: BTreeMap<AccountAddress, Vec<CompiledModule>> = BTreeMap::new();
    for (_, unit) in units {
        if let Unit::Module(id, m) = unit {
            if m.flavor == Flavor::Sui {
                grouped
                    .entry(id.address)
                    .or_default()
                    .push(m.as_ref().clone());
            }
        }
    }
    let packages: Vec<SuiPackage<'_>> = grouped
        .iter()
        .map(|(address, modules)| SuiPackage {
            original_id: *address,
            version_id: *address,
            modules,
        })
        .collect();
    let config = SuiVerifierConfig::mainnet();
    let (mut passed, mut failed) = (0usize, 0usize);
    for (i, package) in packages.iter().enumerate() {
        let others = sui_dependencies(&packages, i);
        let count = package.modules.len();
        match verify_sui_package(package, &others, &config, None) {
            Ok(()) => {
                passed += count;
                outln!("ok      package {} ({count} modules)", package.original_id)?;
            }
            Err(e) => {
                failed += count;
                let why = match &e {
                    SuiPublishError::Vm(vm) => {
                        let module = match vm.location() {
                            tern_primitives::Location::Module(id) => {
                                package.modules.iter().find(|m| m.name() == Some(&id.name))
                            }
                            _ => None,
                        };
                        describe(vm, module.and_then(|m| disassemble_module(m).ok()))
                    }
                    other => other.to_string(),
                };
                outln!("FAILED  package {}: {why}", package.original_id)?;
            }
        }
    }
    Ok((passed, failed))
}

/// The packages of the bundle package `i` depends on, directly or not (the linkage of its
/// publish).
fn sui_dependencies<'a>(packages: &[SuiPackage<'a>], i: usize) -> Vec<SuiPackage<'a>> {
    let by_address: HashMap<AccountAddress, &SuiPackage<'a>> =
        packages.iter().map(|p| (p.original_id, p)).collect();
    let mut seen = std::collections::BTreeSet::new();
    let mut stack: Vec<AccountAddress> =
        packages.get(i).map(|p| p.original_id).into_iter().collect();
    while let Some(address) = stack.pop() {
        let Some(package) = by_address.get(&address) else {
            continue;
        };
        for module in package.modules {
            for handle in &module.module_handles {
                if let Some(dep) = module.address_identifiers.get(handle.address.idx()) {
                    if seen.insert(*dep) {
                        stack.push(*dep);
                    }
                }
            }
        }
    }
    packages
        .iter()
        .enumerate()
        .filter(|(j, p)| *j != i && seen.contains(&p.original_id))
        .map(|(_, p)| *p)
        .collect()
}

fn read_unit(file: &Path, unflavored: Flavor) -> Result<Unit> {
    let bytes = crate::input::read_bytes(file)?;
    Ok(match read_binary(&bytes, unflavored)? {
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
    // The rest of the marker line, then the signature, then the body.
    let instrs = body
        .lines()
        .skip(2)
        .take_while(|l| !l.starts_with("// Function definition"))
        .filter(|l| l.starts_with("    ") || l.contains(": "))
        .map(|l| l.trim())
        .filter(|l| !l.is_empty() && !l.starts_with("local ") && !l.starts_with("//"))
        .map(|l| match l.split_once(": ") {
            Some((label, rest)) if !label.contains(' ') => rest.to_string(),
            _ => l.to_string(),
        });
    instrs.into_iter().nth(usize::from(pc))
}

#[cfg(test)]
mod tests {
    use super::instruction_at;

    #[test]
    fn instruction_at_skips_the_signature_locals_labels_and_comments() {
        let text = "\
// Function definition at index 0
public fun f(l0: &mut vector<u64>): u64
    local l1: u64
    copy_loc l0
    st_loc l1
    // @2
l0: move_loc l0
    ret

// Function definition at index 1
fun g()
    ret
";
        assert_eq!(instruction_at(text, 0, 0).as_deref(), Some("copy_loc l0"));
        assert_eq!(instruction_at(text, 0, 2).as_deref(), Some("move_loc l0"));
        assert_eq!(instruction_at(text, 0, 3).as_deref(), Some("ret"));
        assert_eq!(instruction_at(text, 0, 4), None);
        assert_eq!(instruction_at(text, 1, 0).as_deref(), Some("ret"));
    }
}
