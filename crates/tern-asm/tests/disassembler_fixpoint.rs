//! The fixpoint property over the framework corpus: disassemble a module, assemble the text
//! (with the other framework modules as dependencies), disassemble the result, and get the
//! identical text.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod disassembler_common;

use tern_asm::assembler::{assemble, AsmOptions, CompiledUnit};
use tern_asm::disassembler::{disassemble_module, disassemble_script};
use tern_binary::{CompiledModule, CompiledScript};

/// Disassembles, reassembles and disassembles `module`; `Err` describes the first failure.
fn round_trip(module: &CompiledModule, deps: &[&CompiledModule]) -> Result<(), String> {
    let text = disassemble_module(module).map_err(|e| format!("disassemble: {e}"))?;
    let options = AsmOptions {
        version: module.version,
    };
    let unit = assemble(&text, deps, &options).map_err(|e| format!("assemble: {e}"))?;
    let CompiledUnit::Module(again) = unit else {
        return Err("assembled a script".to_string());
    };
    let text2 = disassemble_module(&again).map_err(|e| format!("disassemble again: {e}"))?;
    check_use_order(&again, &text2)?;
    if text == text2 {
        return Ok(());
    }
    let diff = text
        .lines()
        .zip(text2.lines())
        .enumerate()
        .find(|(_, (a, b))| a != b)
        .map(|(i, (a, b))| format!("line {}: `{a}` became `{b}`", i + 1))
        .unwrap_or_else(|| "texts differ in length".to_string());
    Err(diff)
}

/// For a module the assembler built, the `use` lines are exactly its module handles (other
/// than itself) in table order, as the peer prints them.
fn check_use_order(module: &CompiledModule, text: &str) -> Result<(), String> {
    let handles: Vec<String> = module
        .module_handles
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != module.self_module_handle_idx.idx())
        .map(|(_, h)| {
            let addr = module.address_identifiers[h.address.idx()].short_hex();
            format!("0x{addr}::{}", module.identifiers[h.name.idx()])
        })
        .collect();
    let uses: Vec<String> = text
        .lines()
        .filter_map(|l| l.strip_prefix("use "))
        .map(|l| l.split(' ').next().unwrap_or_default().to_string())
        .collect();
    if handles == uses {
        Ok(())
    } else {
        Err(format!(
            "use lines {uses:?} differ from table order {handles:?}"
        ))
    }
}

/// Whether the assembler reads `|u64|() has drop`, the form the disassembler prints for a
/// function type without results but with abilities (the peer's `|u64| has drop` reads `has`
/// as the result type, which is why the peer fails on `AptosExperimental/market_types`).
fn assembler_reads_empty_results() -> bool {
    let probe = "module 0x66::probe\nstruct S has drop\n  f: |u64|() has drop\n";
    assemble(probe, &[], &AsmOptions::default()).is_ok()
}

#[test]
fn framework_modules_are_fixpoints() {
    let Some(modules) = disassembler_common::framework_modules() else {
        return;
    };
    let empty_results = assembler_reads_empty_results();
    let mut failures = Vec::new();
    let mut blocked = Vec::new();
    for (i, (path, module)) in modules.iter().enumerate() {
        let deps: Vec<&CompiledModule> = modules
            .iter()
            .enumerate()
            .filter(|(j, _)| *j != i)
            .map(|(_, (_, m))| m)
            .collect();
        if let Err(e) = round_trip(module, &deps) {
            let text = disassemble_module(module).unwrap_or_default();
            if !empty_results && text.contains("|() has ") {
                blocked.push(path.clone());
            } else {
                failures.push(format!("{path}: {e}"));
            }
        }
    }
    let passed = modules.len() - failures.len() - blocked.len();
    eprintln!("fixpoint: {passed}/{} framework modules", modules.len());
    if !blocked.is_empty() {
        eprintln!(
            "fixpoint: blocked until the assembler reads `|T|() has ...`: {}",
            blocked.join(", ")
        );
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Disassembles, reassembles and disassembles a script.
fn round_trip_script(script: &CompiledScript, deps: &[&CompiledModule]) -> Result<(), String> {
    let text = disassemble_script(script).map_err(|e| format!("disassemble: {e}"))?;
    let options = AsmOptions {
        version: script.version,
    };
    let unit = assemble(&text, deps, &options).map_err(|e| format!("assemble: {e}\n{text}"))?;
    let CompiledUnit::Script(again) = unit else {
        return Err("assembled a module".to_string());
    };
    let text2 = disassemble_script(&again).map_err(|e| format!("disassemble again: {e}"))?;
    if text == text2 {
        Ok(())
    } else {
        Err(format!("texts differ:\n{text}----\n{text2}"))
    }
}

#[test]
fn misc_scripts_and_modules_are_fixpoints() {
    let Some(framework) = disassembler_common::framework_modules() else {
        return;
    };
    let Some(shared) = disassembler_common::shared_dir() else {
        return;
    };
    let deps: Vec<&CompiledModule> = framework.iter().map(|(_, m)| m).collect();
    let misc = shared.join("corpus").join("misc");
    let (mut scripts, mut modules) = (0, 0);
    for kind in ["scripts", "modules"] {
        let Ok(entries) = std::fs::read_dir(misc.join(kind)) else {
            continue;
        };
        for entry in entries.flatten() {
            let bytes = std::fs::read(entry.path()).unwrap();
            let name = entry.path().display().to_string();
            if kind == "scripts" {
                if let Ok(script) = CompiledScript::deserialize(&bytes) {
                    round_trip_script(&script, &deps).unwrap_or_else(|e| panic!("{name}: {e}"));
                    scripts += 1;
                }
            } else if let Ok(module) = CompiledModule::deserialize(&bytes) {
                round_trip(&module, &deps).unwrap_or_else(|e| panic!("{name}: {e}"));
                modules += 1;
            }
        }
    }
    eprintln!("fixpoint: {scripts} misc scripts, {modules} misc modules");
}
