//! The Aptos framework corpus (`../shared/corpus/aptos-framework`, 186 real modules) verifies:
//! every module passes the local passes and links against the others; and the verifier never
//! panics on mutated copies of those modules.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Instant;
use tern_binary::{Bytecode, CompiledModule, SignatureToken};
use tern_primitives::ModuleId;
use tern_verifier::*;

fn corpus_dir() -> Option<PathBuf> {
    let mut dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    while !dir.join("crates").is_dir() {
        dir = dir.parent()?.to_path_buf();
    }
    let corpus = dir.join("../shared/corpus/aptos-framework");
    corpus.join("MANIFEST.tsv").is_file().then_some(corpus)
}

/// The corpus binaries in publish order.
fn corpus_binaries() -> Option<Vec<(String, Vec<u8>)>> {
    let dir = corpus_dir()?;
    let manifest = std::fs::read_to_string(dir.join("MANIFEST.tsv")).ok()?;
    let mut out = Vec::new();
    for line in manifest.lines().skip(1) {
        let Some(path) = line.split('\t').next() else {
            continue;
        };
        let bytes = std::fs::read(dir.join(path)).ok()?;
        out.push((path.to_string(), bytes));
    }
    Some(out)
}

fn self_id(m: &CompiledModule) -> ModuleId {
    let handle = m.self_handle().unwrap();
    ModuleId::new(
        m.address_identifiers[handle.address.idx()],
        m.identifiers[handle.name.idx()].clone(),
    )
}

#[test]
fn every_corpus_module_verifies_and_links() {
    let Some(binaries) = corpus_binaries() else {
        eprintln!("skipping: ../shared/corpus not found");
        return;
    };
    let config = VerifierConfig::default();
    let start = Instant::now();
    let modules: Vec<CompiledModule> = binaries
        .iter()
        .map(|(path, bytes)| {
            CompiledModule::deserialize(bytes).unwrap_or_else(|e| panic!("{path}: {e}"))
        })
        .collect();
    let by_id: BTreeMap<ModuleId, &CompiledModule> =
        modules.iter().map(|m| (self_id(m), m)).collect();
    let mut failures = Vec::new();
    for ((path, _), module) in binaries.iter().zip(&modules) {
        if let Err(e) = verify_module(module, &config) {
            failures.push(format!("{path}: {e}"));
            continue;
        }
        let lookup = |id: &ModuleId| by_id.get(id).copied();
        if let Err(e) = verify_module_dependencies(module, &lookup) {
            failures.push(format!("{path} (linking): {e}"));
        }
    }
    eprintln!(
        "deserialized, verified and linked {} modules in {:?}",
        modules.len(),
        start.elapsed()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(modules.len(), 186);
}

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
}

fn verify_all(module: &CompiledModule, deps: &BTreeMap<ModuleId, &CompiledModule>) {
    let _ = verify_module(module, &VerifierConfig::default());
    let _ = verify_module(module, &VerifierConfig::unbounded());
    let lookup = |id: &ModuleId| deps.get(id).copied();
    let _ = verify_module_dependencies(module, &lookup);
}

/// Changes one instruction or one type of the module in a way that keeps indices in range.
fn mutate_model(module: &mut CompiledModule, rng: &mut Rng) {
    let fcount = module.function_defs.len();
    let choice = rng.below(4);
    if choice < 3 && fcount > 0 {
        let def = &mut module.function_defs[rng.below(fcount)];
        let Some(code) = def.code.as_mut() else {
            return;
        };
        let n = code.code.len();
        if n == 0 {
            return;
        }
        let (a, b) = (rng.below(n), rng.below(n));
        match choice {
            0 => code.code.swap(a, b),
            1 => {
                code.code.remove(a);
            }
            _ => {
                let replacement = match rng.below(8) {
                    0 => Bytecode::Pop,
                    1 => Bytecode::LdU64(7),
                    2 => Bytecode::FreezeRef,
                    3 => Bytecode::ReadRef,
                    4 => Bytecode::WriteRef,
                    5 => Bytecode::Branch(u16::try_from(b).unwrap()),
                    6 => Bytecode::CopyLoc(0),
                    _ => Bytecode::Ret,
                };
                code.code[a] = replacement;
            }
        }
    } else if !module.signatures.is_empty() {
        let s = rng.below(module.signatures.len());
        let sig = &mut module.signatures[s];
        if let Some(ty) = sig.0.first_mut() {
            *ty = match rng.below(4) {
                0 => SignatureToken::Reference(Box::new(ty.clone())),
                1 => SignatureToken::Vector(Box::new(ty.clone())),
                2 => SignatureToken::Signer,
                _ => SignatureToken::TypeParameter(0),
            };
        }
    }
}

#[test]
fn mutated_corpus_modules_never_panic() {
    let Some(binaries) = corpus_binaries() else {
        eprintln!("skipping: ../shared/corpus not found");
        return;
    };
    let modules: Vec<CompiledModule> = binaries
        .iter()
        .filter_map(|(_, bytes)| CompiledModule::deserialize(bytes).ok())
        .collect();
    let deps: BTreeMap<ModuleId, &CompiledModule> =
        modules.iter().map(|m| (self_id(m), m)).collect();
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let (mut byte_hits, mut model_hits) = (0, 0);
    // Byte mutations that still deserialize (and so pass the bounds checker).
    for _ in 0..3000 {
        let (_, bytes) = &binaries[rng.below(binaries.len())];
        let mut bytes = bytes.clone();
        for _ in 0..=rng.below(3) {
            let i = rng.below(bytes.len());
            bytes[i] = (rng.next() & 0xff) as u8;
        }
        if let Ok(m) = CompiledModule::deserialize(&bytes) {
            byte_hits += 1;
            verify_all(&m, &deps);
        }
    }
    // Structural mutations, bounds-checked or not.
    for _ in 0..1500 {
        let mut m = modules[rng.below(modules.len())].clone();
        for _ in 0..=rng.below(3) {
            mutate_model(&mut m, &mut rng);
        }
        model_hits += 1;
        verify_all(&m, &deps);
    }
    eprintln!("verified {byte_hits} byte-mutated and {model_hits} model-mutated modules");
}
