//! Runs the Aptos gas-calibration programs (`shared/bench-programs/aptos-gas-calibration`) the
//! way their upstream tool does: every `entry` function whose name starts with `calibrate_` is
//! called once in a fresh session whose writes are discarded, with a signer for `0xcafe` when
//! it takes one; those named `…_should_error` must fail (an arithmetic underflow), all others
//! must succeed. Modules are published without the verifier's production limits, as upstream
//! stores them without a publish.

use crate::error::BenchError;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use tern::Vm;
use tern_asm::assembler::{assemble, AsmOptions, CompiledUnit};
use tern_binary::{CompiledModule, SignatureToken};
use tern_primitives::{AccountAddress, ModuleId};
use tern_vm::Session;

/// The outcome of one `calibrate_*` function.
#[derive(Debug, Clone, PartialEq)]
pub struct SmokeResult {
    /// The `.masm` file, relative to the calibration folder.
    pub file: String,
    /// The function.
    pub function: String,
    /// Whether it is expected to fail (`_should_error`).
    pub should_error: bool,
    /// `Ok(())` or the error text (for a whole file that fails to load: the load error).
    pub outcome: Result<(), String>,
    /// Wall time of the call.
    pub time: Duration,
}

impl SmokeResult {
    /// Whether the function behaved as upstream expects.
    pub fn passed(&self) -> bool {
        match (&self.outcome, self.should_error) {
            (Ok(()), false) => true,
            (Err(e), true) => e.contains("ARITHMETIC_ERROR"),
            _ => false,
        }
    }
}

/// `shared/bench-programs/aptos-gas-calibration` next to the workspace, if present.
pub fn calibration_dir() -> Option<PathBuf> {
    let mut dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    while !dir.join("crates").is_dir() {
        dir = dir.parent()?.to_path_buf();
    }
    let d = dir
        .parent()?
        .join("shared/bench-programs/aptos-gas-calibration");
    d.is_dir().then_some(d)
}

/// Every `.masm` file under `dir`, sorted.
pub fn masm_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "masm") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// Runs every `calibrate_*` entry function of `file` (relative name `rel`).
pub fn smoke_file(file: &Path, rel: &str) -> Vec<SmokeResult> {
    let fail = |e: String| SmokeResult {
        file: rel.to_string(),
        function: String::new(),
        should_error: false,
        outcome: Err(e),
        time: Duration::ZERO,
    };
    let (vm, module) = match load(file) {
        Ok(x) => x,
        Err(e) => return vec![fail(e.to_string())],
    };
    let Some(id) = module.self_id() else {
        return vec![fail("no module id".into())];
    };
    entry_points(&module)
        .into_iter()
        .map(|(name, signer)| {
            let start = Instant::now();
            let outcome = call(&vm, &id, &name, signer).map_err(|e| e.to_string());
            SmokeResult {
                file: rel.to_string(),
                should_error: name.ends_with("_should_error"),
                function: name,
                outcome,
                time: start.elapsed(),
            }
        })
        .collect()
}

fn load(file: &Path) -> Result<(Vm, CompiledModule), BenchError> {
    let text = std::fs::read_to_string(file).map_err(|e| BenchError::Other(e.to_string()))?;
    let module = match assemble(&text, &[], &AsmOptions::default()) {
        Ok(CompiledUnit::Module(m)) => m,
        Ok(CompiledUnit::Script(_)) => return Err(BenchError::NotAModule),
        Err(e) => return Err(BenchError::Assemble(e.to_string())),
    };
    let bytes = module
        .serialize()
        .map_err(|e| BenchError::Serialize(e.to_string()))?;
    let mut vm = Vm::default();
    // Upstream writes these modules straight into storage, so no publish limit applies to
    // them (some have 64 fields or 1,600 structs); the verifier's passes still run.
    vm.set_verifier_config(tern_verifier::VerifierConfig::unbounded());
    vm.publish_compiled(module.clone(), bytes)?;
    Ok((vm, module))
}

/// `(name, takes a signer)` of each `entry` function named `calibrate_*`.
fn entry_points(m: &CompiledModule) -> Vec<(String, bool)> {
    m.function_defs
        .iter()
        .filter(|d| d.is_entry)
        .filter_map(|d| {
            let h = m.function_handles.get(d.function.idx())?;
            let name = m.identifiers.get(h.name.idx())?.as_str().to_string();
            let params = m.signatures.get(h.parameters.idx())?;
            let signer = matches!(params.0.first(), Some(SignatureToken::Signer));
            name.starts_with("calibrate_").then_some((name, signer))
        })
        .collect()
}

/// One call in a fresh session (writes discarded).
fn call(vm: &Vm, id: &ModuleId, name: &str, signer: bool) -> Result<(), tern_primitives::VmError> {
    let mut session = Session::new(vm.runtime(), vm.storage());
    let f = session.function(id, name)?;
    let args = if signer {
        vec![tern::MoveValue::Signer(AccountAddress::from_u64(0xcafe)).to_bcs()]
    } else {
        vec![]
    };
    session.execute(f, vec![], args).map(|_| ())
}

/// Runs every file under `dir` whose relative path contains `filter`.
pub fn smoke_all(dir: &Path, filter: Option<&str>) -> Vec<SmokeResult> {
    masm_files(dir)
        .iter()
        .filter_map(|f| {
            let rel = f.strip_prefix(dir).ok()?.display().to_string();
            filter
                .is_none_or(|x| rel.contains(x))
                .then(|| smoke_file(f, &rel))
        })
        .flatten()
        .collect()
}
