//! Runs the verification side of the peer's conformance tests (`../shared/conformance/aptos`):
//! each `publish` or script `run` task is assembled, bounds-checked, verified and linked, and
//! the first error is compared with the expected one (status, location, indices, offsets).
//! Runtime behaviour is not exercised: tasks that fail at run time must verify.
//!
//! The corpus' MoveStdlib stands in for the library published at `0x1`.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use tern_asm::assembler::{assemble, AsmOptions, CompiledUnit};
use tern_binary::{CompiledModule, CompiledScript};
use tern_primitives::{ModuleId, VmError};
use tern_verifier::*;

fn shared_dir() -> Option<PathBuf> {
    let mut dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    while !dir.join("crates").is_dir() {
        dir = dir.parent()?.to_path_buf();
    }
    let shared = dir.join("../shared");
    shared.is_dir().then_some(shared)
}

/// The four lines of an error block that are compared.
fn key_lines(block: &str) -> Vec<String> {
    block
        .lines()
        .map(str::trim)
        .filter(|l| {
            l.starts_with("major_status:")
                || l.starts_with("location:")
                || l.starts_with("indices:")
                || l.starts_with("offsets:")
        })
        .map(String::from)
        .collect()
}

/// Expected outcome of each task: `None` for success, else the key lines of the error.
fn expected(exp: &str) -> BTreeMap<usize, Option<Vec<String>>> {
    let mut out = BTreeMap::new();
    let mut current: Option<usize> = None;
    let mut block = String::new();
    for line in exp.lines() {
        if let Some(rest) = line.strip_prefix("task ") {
            if let Some(k) = current {
                let lines = key_lines(&block);
                out.insert(k, (!lines.is_empty()).then_some(lines));
            }
            current = rest.split_whitespace().next().and_then(|n| n.parse().ok());
            block.clear();
        } else {
            block.push_str(line);
            block.push('\n');
        }
    }
    if let Some(k) = current {
        let lines = key_lines(&block);
        out.insert(k, (!lines.is_empty()).then_some(lines));
    }
    out
}

/// The tasks of a `.masm` file: (command, body).
fn tasks(masm: &str) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    let mut in_command = false;
    for line in masm.lines() {
        if let Some(cmd) = line.strip_prefix("//#") {
            if in_command {
                if let Some(last) = out.last_mut() {
                    last.0.push(' ');
                    last.0.push_str(cmd.trim());
                }
            } else {
                out.push((cmd.trim().to_string(), String::new()));
            }
            in_command = true;
        } else {
            in_command = false;
            if let Some(last) = out.last_mut() {
                last.1.push_str(line);
                last.1.push('\n');
            }
        }
    }
    out
}

struct World {
    modules: BTreeMap<ModuleId, CompiledModule>,
}

fn self_id(m: &CompiledModule) -> Option<ModuleId> {
    let handle = m.self_handle()?;
    Some(ModuleId::new(
        *m.address_identifiers.get(handle.address.idx())?,
        m.identifiers.get(handle.name.idx())?.clone(),
    ))
}

fn bounds_error(e: tern_binary::BinaryError) -> VmError {
    e.to_vm_error()
}

impl World {
    fn new(shared: &Path) -> World {
        let mut modules = BTreeMap::new();
        let dir = shared.join("corpus/aptos-framework/MoveStdlib");
        for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let bytes = std::fs::read(entry.path()).unwrap_or_default();
            if let Ok(m) = CompiledModule::deserialize(&bytes) {
                if let Some(id) = self_id(&m) {
                    modules.insert(id, m);
                }
            }
        }
        World { modules }
    }

    fn deps(&self) -> Vec<&CompiledModule> {
        self.modules.values().collect()
    }

    fn publish(&mut self, module: CompiledModule) -> Result<(), VmError> {
        tern_binary::check_module(&module).map_err(bounds_error)?;
        verify_module(&module, &VerifierConfig::default())?;
        let me = self_id(&module);
        {
            let modules = &self.modules;
            let this = &module;
            let lookup = |id: &ModuleId| -> Option<&CompiledModule> {
                if Some(id) == me.as_ref() {
                    Some(this)
                } else {
                    modules.get(id)
                }
            };
            verify_module_dependencies(&module, &lookup)?;
        }
        if let Some(id) = me {
            self.modules.insert(id, module);
        }
        Ok(())
    }

    fn run(&self, script: CompiledScript) -> Result<(), VmError> {
        tern_binary::check_script(&script).map_err(bounds_error)?;
        verify_script(&script, &VerifierConfig::default())?;
        verify_script_dependencies(&script, &|id| self.modules.get(id))
    }
}

/// Outcome of one file: (tasks compared, tasks matching, descriptions of mismatches).
fn run_file(shared: &Path, masm_path: &Path) -> (usize, usize, Vec<String>) {
    let masm = std::fs::read_to_string(masm_path).unwrap_or_default();
    let exp = std::fs::read_to_string(masm_path.with_extension("exp")).unwrap_or_default();
    let expected = expected(&exp);
    let mut world = World::new(shared);
    let (mut compared, mut matched, mut problems) = (0, 0, Vec::new());
    for (k, (cmd, body)) in tasks(&masm).into_iter().enumerate() {
        let is_publish = cmd.starts_with("publish");
        let is_script = cmd.starts_with("run") && body.trim_start().starts_with("script");
        if !is_publish && !is_script {
            continue;
        }
        let options = AsmOptions { version: 10 };
        let unit = match assemble(&body, &world.deps(), &options) {
            Ok(u) => u,
            Err(_) => continue,
        };
        let got = match unit {
            CompiledUnit::Module(m) => world.publish(m),
            CompiledUnit::Script(s) => world.run(s),
        };
        let want = expected.get(&k).cloned().flatten();
        let want = want.filter(|lines| is_verification_error(lines));
        let got_lines = got.as_ref().err().map(|e| key_lines(&e.render()));
        compared += 1;
        if got_lines == want {
            matched += 1;
        } else {
            problems.push(format!(
                "{} task {k}: want {:?} got {:?} ({})",
                masm_path.display(),
                want,
                got_lines,
                got.err().map(|e| e.to_string()).unwrap_or_default()
            ));
        }
    }
    (compared, matched, problems)
}

/// Whether an expected error comes from verification (not from running code).
fn is_verification_error(lines: &[String]) -> bool {
    let status = lines
        .first()
        .and_then(|l| l.strip_prefix("major_status: "))
        .map(|s| s.trim_end_matches(','))
        .unwrap_or("");
    let runtime = [
        "ABORTED",
        "ARITHMETIC_ERROR",
        "VECTOR_OPERATION_ERROR",
        "MISSING_DATA",
        "BACKWARD_INCOMPATIBLE_MODULE_UPDATE",
        "VM_MAX_TYPE_DEPTH_REACHED",
        "UNKNOWN_INVARIANT_VIOLATION_ERROR",
        "VERIFICATION_ERROR",
        "CALL_STACK_OVERFLOW",
        "EXECUTION_STACK_OVERFLOW",
        "RUNTIME_DISPATCH_ERROR",
        "STRUCT_VARIANT_MISMATCH",
        "FAILED_TO_DESERIALIZE_ARGUMENT",
        "NUMBER_OF_ARGUMENTS_MISMATCH",
        "VM_MAX_VALUE_DEPTH_REACHED",
    ];
    if runtime.contains(&status) {
        return false;
    }
    // A script's type arguments (count, constraints) are checked by the runner.
    let no_where = lines.get(1).is_some_and(|l| l == "location: script,")
        && lines.get(2).is_some_and(|l| l == "indices: [],")
        && lines.get(3).is_some_and(|l| l == "offsets: [],");
    !(no_where
        && matches!(
            status,
            "CONSTRAINT_NOT_SATISFIED" | "NUMBER_OF_TYPE_ARGUMENTS_MISMATCH"
        ))
}

fn masm_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            masm_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "masm") {
            out.push(path);
        }
    }
}

#[test]
fn verifier_conformance() {
    let Some(shared) = shared_dir() else {
        eprintln!("skipping: ../shared not found");
        return;
    };
    let mut files = Vec::new();
    masm_files(&shared.join("conformance/aptos/verifier"), &mut files);
    masm_files(&shared.join("conformance/aptos/vm"), &mut files);
    let (mut compared, mut matched) = (0, 0);
    let mut problems = Vec::new();
    for file in &files {
        let (c, m, p) = run_file(&shared, file);
        compared += c;
        matched += m;
        problems.extend(p);
    }
    for p in &problems {
        eprintln!("MISMATCH {p}");
    }
    eprintln!("verification tasks: {matched}/{compared} match");
    assert!(compared > 0);
    assert!(problems.is_empty(), "{} mismatches", problems.len());
}
