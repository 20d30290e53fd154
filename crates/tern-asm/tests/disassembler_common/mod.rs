//! Helpers shared by the disassembler integration tests: locating `../shared` and loading the
//! framework corpus in MANIFEST.tsv order.

#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

pub(crate) mod builder;

use std::path::PathBuf;
use tern_binary::CompiledModule;

/// `/work/shared` (the `shared` folder beside the workspace root), if present.
pub(crate) fn shared_dir() -> Option<PathBuf> {
    let mut dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    loop {
        if dir.join("crates").is_dir() {
            let shared = dir.join("..").join("shared");
            return shared.is_dir().then_some(shared);
        }
        if !dir.pop() {
            return None;
        }
    }
}

/// The framework modules as `(path, module)` in MANIFEST.tsv order, or `None` (after
/// printing a skip message) when the corpus is absent.
pub(crate) fn framework_modules() -> Option<Vec<(String, CompiledModule)>> {
    let Some(shared) = shared_dir() else {
        eprintln!("skipping: ../shared not found");
        return None;
    };
    let root = shared.join("corpus").join("aptos-framework");
    let Ok(manifest) = std::fs::read_to_string(root.join("MANIFEST.tsv")) else {
        eprintln!("skipping: framework corpus not found");
        return None;
    };
    let mut modules = Vec::new();
    for line in manifest.lines().skip(1) {
        let Some(path) = line.split('\t').next().filter(|p| !p.is_empty()) else {
            continue;
        };
        let bytes = std::fs::read(root.join(path)).expect("read module");
        let module = CompiledModule::deserialize(&bytes)
            .unwrap_or_else(|e| panic!("deserialize {path}: {e}"));
        modules.push((path.to_string(), module));
    }
    Some(modules)
}
