//! Sui's Move verifier tests (`tests/data/sui-move-verifier`): every ported `publish` task is
//! published as Sui's Move test runner publishes it, and the outcome — status, indices and code
//! offsets — must be the one Sui records.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use tern_asm::assembler::{assemble, AsmOptions, CompiledUnit};
use tern_binary::{CompiledModule, DeserializerConfig, SuiTableLimits};
use tern_primitives::{AccountAddress, VmError};
use tern_verifier::{verify_sui_move_package, SuiPackage, SuiVerifierConfig};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Sui's Move test runner reads binaries without the mainnet table limits.
fn reader() -> DeserializerConfig {
    DeserializerConfig {
        sui_table_limits: SuiTableLimits::UNLIMITED,
        ..DeserializerConfig::sui()
    }
}

/// The runner's verifier configuration: Sui's defaults, without mainnet's size limits.
fn verifier() -> SuiVerifierConfig {
    SuiVerifierConfig {
        max_loop_depth: None,
        max_function_parameters: None,
        max_generic_instantiation_length: None,
        max_basic_blocks: None,
        max_type_nodes: None,
        max_generic_instantiation_type_nodes_per_function: None,
        max_generic_instantiation_type_nodes_per_module: None,
        max_push_size: None,
        max_dependency_depth: None,
        max_data_definitions: None,
        max_fields_in_struct: None,
        max_function_definitions: None,
        disallow_self_identifier: false,
        ..SuiVerifierConfig::mainnet()
    }
}

/// `STATUS [(Kind, i), …] [(FunctionDefinitionIndex(f), pc), …]`, as the `.exp` files write it.
fn render(e: &VmError) -> String {
    let d = e.data();
    let indices: Vec<String> = d
        .indices
        .iter()
        .map(|(k, i)| format!("({}, {i})", k.name()))
        .collect();
    let offsets: Vec<String> = d
        .offsets
        .iter()
        .map(|(f, pc)| format!("(FunctionDefinitionIndex({f}), {pc})"))
        .collect();
    format!(
        "{} [{}] [{}]",
        d.status.name(),
        indices.join(", "),
        offsets.join(", ")
    )
}

fn test_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            test_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "exp") {
            out.push(path);
        }
    }
}

/// The addresses a module's publish links against, through the packages already published;
/// `None` when one of them was never published.
fn linkage(
    module: &CompiledModule,
    published: &BTreeMap<AccountAddress, Vec<CompiledModule>>,
) -> Option<BTreeSet<AccountAddress>> {
    let own = *module.address().unwrap();
    let imports = |m: &CompiledModule, from: AccountAddress| -> Vec<AccountAddress> {
        m.module_handles
            .iter()
            .map(|h| m.address_identifiers[h.address.idx()])
            .filter(|a| *a != from)
            .collect()
    };
    let mut seen = BTreeSet::new();
    let mut todo = imports(module, own);
    while let Some(address) = todo.pop() {
        if !seen.insert(address) {
            continue;
        }
        for dep in published.get(&address)? {
            todo.extend(imports(dep, address));
        }
    }
    seen.remove(&own);
    Some(seen)
}

#[test]
fn sui_move_verifier_tests_have_suis_outcomes() {
    let std_dir = root().join("corpus/sui-framework/0x1-move-stdlib");
    let mut std_files: Vec<PathBuf> = std::fs::read_dir(&std_dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    std_files.sort();
    let std_modules: Vec<CompiledModule> = std_files
        .iter()
        .map(|p| {
            CompiledModule::deserialize_with_config(&std::fs::read(p).unwrap(), &reader()).unwrap()
        })
        .collect();
    let mut files = Vec::new();
    test_files(&root().join("tests/data/sui-move-verifier"), &mut files);
    files.sort();
    let (mut tasks, mut failures) = (0usize, Vec::new());
    for exp_path in &files {
        let expected = std::fs::read_to_string(exp_path).unwrap();
        let source = std::fs::read_to_string(exp_path.with_extension("masm")).unwrap_or_default();
        let blocks: BTreeMap<usize, &str> = source
            .split("//# publish ")
            .skip(1)
            .map(|b| {
                let (n, text) = b.split_once('\n').unwrap();
                (n.trim().parse().unwrap(), text)
            })
            .collect();
        let mut assembled: Vec<CompiledModule> = Vec::new();
        let mut published: BTreeMap<AccountAddress, Vec<CompiledModule>> = BTreeMap::new();
        published.insert(AccountAddress::ONE, std_modules.clone());
        for line in expected.lines() {
            let (label, want) = line.split_once(": ").unwrap();
            let task: usize = label.trim_start_matches("task ").parse().unwrap();
            let bytes = match blocks.get(&task) {
                Some(text) => {
                    let deps: Vec<&CompiledModule> =
                        std_modules.iter().chain(assembled.iter()).collect();
                    let module = match assemble(text, &deps, &AsmOptions { version: 7 }) {
                        Ok(CompiledUnit::Module(m)) => m,
                        other => panic!("{} task {task}: {other:?}", exp_path.display()),
                    };
                    let bytes = module.serialize().unwrap();
                    assembled
                        .retain(|m| m.address() != module.address() || m.name() != module.name());
                    assembled.push(module);
                    bytes
                }
                None => {
                    let stem = exp_path.file_stem().unwrap().to_str().unwrap();
                    let binary = exp_path.with_file_name(format!("{stem}.{task}.mv"));
                    std::fs::read(&binary).unwrap_or_else(|e| panic!("{}: {e}", binary.display()))
                }
            };
            let got = match CompiledModule::deserialize_with_config(&bytes, &reader()) {
                Err(e) => render(&e.to_vm_error()),
                Ok(module) => match linkage(&module, &published) {
                    None => "LINKER_ERROR [] []".to_string(),
                    Some(addresses) => {
                        let address = *module.address().unwrap();
                        let modules = [module];
                        let package = SuiPackage {
                            original_id: address,
                            version_id: address,
                            modules: &modules,
                        };
                        let deps: Vec<SuiPackage<'_>> = addresses
                            .iter()
                            .map(|a| SuiPackage {
                                original_id: *a,
                                version_id: *a,
                                modules: &published[a],
                            })
                            .collect();
                        let result = verify_sui_move_package(&package, &deps, &verifier(), None);
                        match result {
                            Ok(()) => {
                                let [module] = modules;
                                published.insert(address, vec![module]);
                                "ok".to_string()
                            }
                            Err(e) => render(&e),
                        }
                    }
                },
            };
            tasks += 1;
            if got != want {
                failures.push(format!(
                    "{} task {task}\n  want {want}\n  got  {got}",
                    exp_path.display()
                ));
            }
        }
    }
    assert!(tasks >= 640, "only {tasks} tasks found");
    assert!(
        failures.is_empty(),
        "{} of {tasks} tasks differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
