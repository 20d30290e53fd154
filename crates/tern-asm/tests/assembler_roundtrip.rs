//! Round trip through the disassembler: every conformance body that assembles is
//! disassembled, the text is assembled again with the same context modules, and the result
//! must be the identical unit (same model, same serialized bytes).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod assembler_support;

use assembler_support::{load, masm_files, module_key, shared_dir, stdlib, Expect};
use std::collections::BTreeMap;
use tern_asm::assembler::{assemble, AsmOptions, CompiledUnit};
use tern_asm::disassembler::{disassemble_module, disassemble_script};
use tern_binary::{CompiledModule, CompiledScript};

/// Disassembles and reassembles `unit`; `Err` says what differs.
fn round_trip(unit: &CompiledUnit, deps: &[&CompiledModule]) -> Result<(), String> {
    let text = match unit {
        CompiledUnit::Module(m) => disassemble_module(m),
        CompiledUnit::Script(s) => disassemble_script(s),
    }
    .map_err(|e| format!("disassemble: {e}"))?;
    let again = assemble(&text, deps, &AsmOptions::default())
        .map_err(|e| format!("reassemble: {}\n{text}", e.render("disassembly", &text)))?;
    let (bytes, bytes_again) = match (unit, &again) {
        (CompiledUnit::Module(a), CompiledUnit::Module(b)) => {
            if a != b {
                return Err(format!(
                    "modules differ: {}\n{text}",
                    first_difference(a, b)
                ));
            }
            (a.serialize_for_version(10), b.serialize_for_version(10))
        }
        (CompiledUnit::Script(a), CompiledUnit::Script(b)) => {
            let a = &renamed_main(a, b)?;
            if a != b {
                return Err(format!(
                    "scripts differ: {}\n{text}",
                    first_difference(a, b)
                ));
            }
            (a.serialize_for_version(10), b.serialize_for_version(10))
        }
        _ => return Err("unit kind changed".to_string()),
    };
    match (bytes, bytes_again) {
        (Ok(a), Ok(b)) if a != b => Err("serialized bytes differ".to_string()),
        _ => Ok(()),
    }
}

/// `original` with its function's name replaced by `main`: the disassembler prints every
/// script function as `main` (as the peer does), so that one identifier may differ.
fn renamed_main(
    original: &CompiledScript,
    again: &CompiledScript,
) -> Result<CompiledScript, String> {
    let mut renamed = original.clone();
    let differing: Vec<usize> = (0..original.identifiers.len())
        .filter(|i| original.identifiers.get(*i) != again.identifiers.get(*i))
        .collect();
    match differing.as_slice() {
        [] => {}
        [i] if again
            .identifiers
            .get(*i)
            .is_some_and(|n| n.as_str() == "main") =>
        {
            renamed.identifiers[*i] = again.identifiers[*i].clone();
        }
        _ => return Err(format!("identifiers differ at {differing:?}")),
    }
    Ok(renamed)
}

/// The first line where the pretty-printed models differ, with a little context.
fn first_difference<T: std::fmt::Debug>(a: &T, b: &T) -> String {
    let (a, b) = (format!("{a:#?}"), format!("{b:#?}"));
    let (la, lb): (Vec<&str>, Vec<&str>) = (a.lines().collect(), b.lines().collect());
    let i = la
        .iter()
        .zip(&lb)
        .position(|(x, y)| x != y)
        .unwrap_or(la.len().min(lb.len()));
    let from = i.saturating_sub(6);
    format!(
        "at line {i}:\n{}\n  vs\n{}",
        la[from..(i + 3).min(la.len())].join("\n"),
        lb[from..(i + 3).min(lb.len())].join("\n")
    )
}

#[test]
fn assemble_disassemble_assemble_is_identical() {
    let Some(shared) = shared_dir() else {
        eprintln!("skipping: ../shared not found");
        return;
    };
    let files = masm_files(&shared.join("conformance/aptos"));
    let stdlib = stdlib();
    let (mut checked, mut failures) = (0usize, vec![]);
    for path in &files {
        let Ok(file) = load(path) else { continue };
        let mut published: BTreeMap<String, CompiledModule> = BTreeMap::new();
        for (task, expect) in &file.tasks {
            let (Some(data), "publish" | "run") = (&task.data, task.name()) else {
                continue;
            };
            let deps: Vec<&CompiledModule> = stdlib.iter().chain(published.values()).collect();
            let Ok(unit) = assemble(data, &deps, &AsmOptions::default()) else {
                continue;
            };
            checked += 1;
            if let Err(why) = round_trip(&unit, &deps) {
                failures.push(format!("{} task {}: {why}", path.display(), task.index));
            }
            if let (CompiledUnit::Module(m), Expect::Ok, "publish") = (unit, expect, task.name()) {
                published.insert(module_key(&m), m);
            }
        }
    }
    eprintln!(
        "round trip: {checked} units checked, {} failures",
        failures.len()
    );
    for f in &failures {
        eprintln!("FAIL {f}");
    }
    assert!(
        failures.is_empty(),
        "{} round-trip failures",
        failures.len()
    );
}
