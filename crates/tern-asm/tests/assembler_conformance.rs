//! Assembles every module and script body of the peer's conformance tests
//! (`../shared/conformance/aptos`), publishing successfully assembled modules as context for
//! later tasks of the same file, and checks the outcome against the `.exp` file: bodies the
//! peer assembles must assemble; where the peer prints assembler diagnostics we must fail
//! with the identical rendered text.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod assembler_support;

use assembler_support::{load, masm_files, module_key, shared_dir, stdlib, Expect, TestFile};
use std::collections::BTreeMap;
use tern_asm::assembler::{assemble, AsmOptions, CompiledUnit};
use tern_binary::CompiledModule;

#[derive(Default)]
struct Tally {
    assembled: usize,
    expected_errors: usize,
    failures: Vec<String>,
    skipped: Vec<String>,
}

fn run_file(file: &TestFile, stdlib: &[CompiledModule], tally: &mut Tally) {
    let mut published: BTreeMap<String, CompiledModule> = BTreeMap::new();
    let name = file.path.display();
    for (task, expect) in &file.tasks {
        let (Some(data), "publish" | "run") = (&task.data, task.name()) else {
            continue;
        };
        let deps: Vec<&CompiledModule> = stdlib.iter().chain(published.values()).collect();
        let result = assemble(data, &deps, &AsmOptions::default());
        let where_ = format!("{name} task {}", task.index);
        match (result, expect) {
            (Ok(unit), Expect::AsmError(text)) => {
                let kind = matches!(unit, CompiledUnit::Module(_));
                tally.failures.push(format!(
                    "{where_}: assembled (module: {kind}) but the peer fails:\n{text}"
                ));
            }
            (Ok(unit), _) => {
                tally.assembled += 1;
                if let (CompiledUnit::Module(m), Expect::Ok, "publish") =
                    (unit, expect, task.name())
                {
                    published.insert(module_key(&m), m);
                }
            }
            (Err(e), Expect::AsmError(text)) => {
                let ours = format!("{e:#}");
                if ours.trim_end() == text.trim_end() {
                    tally.expected_errors += 1;
                } else {
                    tally.failures.push(format!(
                        "{where_}: diagnostics differ\n--- peer\n{text}\n--- ours\n{ours}"
                    ));
                }
            }
            (Err(e), _) => {
                tally
                    .failures
                    .push(format!("{where_}: {}", e.render("test", data)));
            }
        }
    }
}

#[test]
fn conformance_bodies_assemble() {
    let Some(shared) = shared_dir() else {
        eprintln!("skipping: ../shared not found");
        return;
    };
    let root = shared.join("conformance/aptos");
    let files = masm_files(&root);
    if files.is_empty() {
        eprintln!("skipping: no conformance files under {}", root.display());
        return;
    }
    let stdlib = stdlib();
    let mut tally = Tally::default();
    for path in &files {
        match load(path) {
            Ok(file) => run_file(&file, &stdlib, &mut tally),
            Err(why) => tally.skipped.push(format!("{}: {why}", path.display())),
        }
    }
    eprintln!(
        "conformance: {} files, {} bodies assembled, {} expected assembler errors reproduced, {} failures, {} files skipped",
        files.len(),
        tally.assembled,
        tally.expected_errors,
        tally.failures.len(),
        tally.skipped.len()
    );
    for s in &tally.skipped {
        eprintln!("skipped {s}");
    }
    for f in &tally.failures {
        eprintln!("FAIL {f}");
    }
    assert!(
        tally.failures.is_empty(),
        "{} failures",
        tally.failures.len()
    );
    assert!(
        tally.assembled > 500,
        "only {} bodies assembled",
        tally.assembled
    );
}
