//! Load benchmarks: deserialize + bounds-check (and serialize) all modules of the framework
//! corpus in `../shared/corpus/aptos-framework` (skipped when absent).

use criterion::{criterion_group, criterion_main, Criterion};
use std::path::{Path, PathBuf};
use tern_binary::CompiledModule;

fn corpus() -> Vec<Vec<u8>> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/aptos-framework");
    let mut files = Vec::new();
    collect(&root, &mut files);
    files.sort();
    files
        .iter()
        .filter_map(|f| std::fs::read(f).ok())
        .collect()
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

criterion_group!(benches, load);
criterion_main!(benches);
