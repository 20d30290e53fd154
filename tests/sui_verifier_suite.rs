//! Sui's verifier tests (`tests/data/sui-verifier`): every ported `publish` task is assembled
//! against the protocol-130 framework (`corpus/sui-framework`) and verified as Sui publishes a
//! package; the outcome must be the one Sui records, message for message.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};
use tern_asm::assembler::{assemble, AsmOptions, CompiledUnit};
use tern_binary::{CompiledModule, DeserializerConfig};
use tern_primitives::AccountAddress;
use tern_verifier::{verify_sui_package, SuiPackage, SuiPublishError, SuiVerifierConfig};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read_package(dir: &Path) -> Vec<CompiledModule> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "mv"))
        .collect();
    files.sort();
    files
        .iter()
        .map(|p| {
            CompiledModule::deserialize_with_config(
                &std::fs::read(p).unwrap(),
                &DeserializerConfig::sui(),
            )
            .unwrap()
        })
        .collect()
}

/// Sui's runner prints the published package as `_`, `0x1` as `std`, `0x2` as `sui`.
fn as_sui_prints(message: &str) -> String {
    let mut s = message.to_string();
    for (address, name) in [(0u64, "_"), (1, "std"), (2, "sui")] {
        s = s.replace(&AccountAddress::from_u64(address).full_hex(), name);
        s = s.replace(&format!("0x{address:x}::"), &format!("{name}::"));
    }
    s
}

fn outcome(result: Result<(), SuiPublishError>) -> String {
    match result {
        Ok(()) => "ok".into(),
        Err(SuiPublishError::Vm(e)) => format!("vm {}", e.status().name()),
        Err(SuiPublishError::Rule { message, .. }) => format!("sui {}", as_sui_prints(&message)),
        Err(e @ SuiPublishError::Invariant { .. }) => format!("invariant {e}"),
    }
}

#[test]
fn sui_verifier_tests_have_suis_outcomes() {
    let framework = root().join("corpus/sui-framework");
    let std_ = read_package(&framework.join("0x1-move-stdlib"));
    let sui = read_package(&framework.join("0x2-sui-framework"));
    let system = read_package(&framework.join("0x3-sui-system"));
    let package = |n: u64, modules| SuiPackage {
        original_id: AccountAddress::from_u64(n),
        version_id: AccountAddress::from_u64(n),
        modules,
    };
    let deps = [package(1, &std_), package(2, &sui), package(3, &system)];
    let dep_modules: Vec<&CompiledModule> = std_.iter().chain(&sui).chain(&system).collect();

    let suite = root().join("tests/data/sui-verifier");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&suite)
        .unwrap()
        .filter_map(|g| g.ok().map(|g| g.path()))
        .filter(|g| g.is_dir())
        .flat_map(|g| std::fs::read_dir(g).unwrap().map(|e| e.unwrap().path()))
        .filter(|p| p.extension().is_some_and(|x| x == "masm"))
        .collect();
    files.sort();
    let (mut tasks, mut failures) = (0usize, Vec::new());
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let expected = std::fs::read_to_string(file.with_extension("exp")).unwrap();
        let mut config = SuiVerifierConfig::mainnet();
        if text.contains("// config: entry-point-signature-check") {
            config.disable_entry_point_signature_check = false;
        }
        let mut blocks = text.split("//# publish ").skip(1);
        for line in expected.lines() {
            let (label, want) = line.split_once(": ").unwrap();
            let block = blocks.next().expect("one publish block per expected line");
            let (number, source) = block.split_once('\n').unwrap();
            assert_eq!(label, format!("task {number}"), "{}", file.display());
            let module = match assemble(source, &dep_modules, &AsmOptions { version: 7 }) {
                Ok(CompiledUnit::Module(m)) => m,
                other => panic!("{} task {number}: {other:?}", file.display()),
            };
            let modules = [module];
            let published = SuiPackage {
                original_id: AccountAddress::ZERO,
                version_id: AccountAddress::ZERO,
                modules: &modules,
            };
            let got = outcome(verify_sui_package(&published, &deps, &config, None));
            tasks += 1;
            if got != want {
                failures.push(format!(
                    "{} task {number}\n  want {want}\n  got  {got}",
                    file.display()
                ));
            }
        }
    }
    assert!(tasks >= 190, "only {tasks} tasks found");
    assert!(
        failures.is_empty(),
        "{} of {tasks} tasks differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
