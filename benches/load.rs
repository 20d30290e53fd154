//! Load benchmarks: deserialize + bounds-check (and serialize) all modules of the framework
//! corpus in `../shared/corpus/aptos-framework` (skipped when absent), and the Sui framework
//! package `0x2` of `corpus/sui-framework` read and verified as Sui publishes it.

use criterion::{criterion_group, criterion_main, Criterion};
use std::path::{Path, PathBuf};
use tern_binary::CompiledModule;

fn corpus() -> Vec<Vec<u8>> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/aptos-framework");
    let mut files = Vec::new();
    collect(&root, &mut files);
    files.sort();
    files.iter().filter_map(|f| std::fs::read(f).ok()).collect()
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            collect(&p, out);
        } else if p.extension().is_some_and(|x| x == "mv") {
            out.push(p);
        }
    }
}

fn load(c: &mut Criterion) {
    let modules = corpus();
    if modules.is_empty() {
        eprintln!("skipped: framework corpus not found");
        return;
    }
    c.bench_function("framework/deserialize_and_bounds_check_186", |b| {
        b.iter(|| {
            for bytes in &modules {
                let m = CompiledModule::deserialize(bytes);
                std::hint::black_box(&m);
            }
        })
    });
    let parsed: Vec<CompiledModule> = modules
        .iter()
        .filter_map(|b| CompiledModule::deserialize(b).ok())
        .collect();
    c.bench_function("framework/serialize_186", |b| {
        b.iter(|| {
            for m in &parsed {
                std::hint::black_box(m.serialize().ok());
            }
        })
    });
}

/// Deserialize, bounds-check, verify and link the whole framework, as publishing it cold would.
fn publish_all(c: &mut Criterion) {
    let modules = corpus();
    if modules.is_empty() {
        return;
    }
    let config = tern_verifier::VerifierConfig::default();
    c.bench_function("framework/deserialize_verify_link_186", |b| {
        b.iter(|| {
            let parsed: Vec<CompiledModule> = modules
                .iter()
                .filter_map(|b| CompiledModule::deserialize(b).ok())
                .collect();
            let by_id: std::collections::HashMap<_, _> = parsed
                .iter()
                .filter_map(|m| {
                    let id = tern_primitives::ModuleId::new(*m.address()?, m.name()?.clone());
                    Some((id, m))
                })
                .collect();
            let deps = |id: &tern_primitives::ModuleId| by_id.get(id).copied();
            for m in &parsed {
                let ok = tern_verifier::verify_module(m, &config).is_ok()
                    && tern_verifier::verify_module_dependencies(m, &deps).is_ok();
                std::hint::black_box(ok);
            }
        })
    });
}

/// The `.mv` files of one package folder of `corpus/sui-framework`, in name order.
fn sui_package(folder: &str) -> Vec<Vec<u8>> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("corpus/sui-framework")
        .join(folder);
    let mut files = Vec::new();
    collect(&dir, &mut files);
    files.sort();
    files.iter().filter_map(|f| std::fs::read(f).ok()).collect()
}

fn read_sui(bytes: &[Vec<u8>]) -> Vec<CompiledModule> {
    let config = tern_binary::DeserializerConfig::sui();
    bytes
        .iter()
        .filter_map(|b| CompiledModule::deserialize_with_config(b, &config).ok())
        .collect()
}

/// Sui's framework package (`0x2`, 66 modules): read with Sui mainnet's rules, and verified
/// as Sui publishes it (package checks, Move verifier, linkage against `0x1`, Sui's passes).
fn sui_framework(c: &mut Criterion) {
    use tern_verifier::{verify_sui_package, SuiPackage, SuiVerifierConfig};
    let std_bytes = sui_package("0x1-move-stdlib");
    let sui_bytes = sui_package("0x2-sui-framework");
    let config = tern_binary::DeserializerConfig::sui();
    c.bench_function("sui_framework/deserialize_and_bounds_check_0x2", |b| {
        b.iter(|| {
            for bytes in &sui_bytes {
                std::hint::black_box(CompiledModule::deserialize_with_config(bytes, &config).ok());
            }
        })
    });
    let std_modules = read_sui(&std_bytes);
    let std_package = [SuiPackage {
        original_id: tern_primitives::AccountAddress::ONE,
        version_id: tern_primitives::AccountAddress::ONE,
        modules: &std_modules,
    }];
    let verifier = SuiVerifierConfig::mainnet();
    let two = tern_primitives::AccountAddress::from_u64(2);
    let sui_modules = read_sui(&sui_bytes);
    c.bench_function("sui_framework/verify_0x2", |b| {
        b.iter(|| {
            let package = SuiPackage {
                original_id: two,
                version_id: two,
                modules: &sui_modules,
            };
            std::hint::black_box(
                verify_sui_package(&package, &std_package, &verifier, None).is_ok(),
            )
        })
    });
    c.bench_function("sui_framework/deserialize_and_verify_0x2", |b| {
        b.iter(|| {
            let modules = read_sui(&sui_bytes);
            let package = SuiPackage {
                original_id: two,
                version_id: two,
                modules: &modules,
            };
            std::hint::black_box(
                verify_sui_package(&package, &std_package, &verifier, None).is_ok(),
            )
        })
    });
}

#[allow(missing_docs)]
mod groups {
    use super::*;
    criterion_group!(benches, load, publish_all, sui_framework);
}
use groups::benches;
criterion_main!(benches);
