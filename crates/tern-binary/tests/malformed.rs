//! Malformed input: the §13 conformance cases (in `malformed/conformance.rs`), every truncation
//! of a few real binaries, and seeded random mutations. Nothing may panic; whatever deserializes
//! must serialize and deserialize back to the same model.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    unreachable_pub
)]

#[path = "malformed/builder.rs"]
#[allow(dead_code)]
mod builder;
#[path = "malformed/conformance.rs"]
mod conformance;

use builder::Bin;
use std::path::{Path, PathBuf};
use tern_binary::{CompiledModule, CompiledScript, DeserializerConfig, VERSION_MIN};

/// `<workspace>/../shared/corpus`, if present.
fn corpus_dir() -> Option<PathBuf> {
    let mut dir = Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf();
    while !dir.join("crates").is_dir() {
        if !dir.pop() {
            return None;
        }
    }
    let corpus = dir.join("../shared/corpus");
    corpus.is_dir().then_some(corpus)
}

const MODULES: [&str; 5] = [
    "aptos-framework/MoveStdlib/hash.mv",
    "aptos-framework/MoveStdlib/vector.mv",
    "aptos-framework/AptosFramework/auth_data.mv",
    "aptos-framework/AptosExperimental/test_function_values.mv",
    "misc/modules/foo.mv",
];
const SCRIPTS: [&str; 3] = [
    "misc/scripts/simple_user_script.mv",
    "misc/scripts/minter_main.mv",
    "misc/scripts/empty_script.mv",
];

/// Seed binaries: corpus files when present, else hand-built ones. `true` = module.
fn seeds() -> Vec<(bool, Vec<u8>)> {
    let Some(corpus) = corpus_dir() else {
        eprintln!("../shared/corpus not found: mutating hand-built binaries only");
        return vec![
            (
                true,
                Bin::module_with_code(9, 2, &[0x31, 0x2A, 0x02]).bytes(),
            ),
            (true, Bin::module(7).bytes()),
            (false, Bin::script(9).bytes()),
        ];
    };
    let read = |p: &str| std::fs::read(corpus.join(p)).unwrap();
    let mut out: Vec<(bool, Vec<u8>)> = MODULES.iter().map(|p| (true, read(p))).collect();
    out.extend(SCRIPTS.iter().map(|p| (false, read(p))));
    out
}

/// Deserializes `bytes` as a module and as a script (checked, and unchecked with the legacy
/// identifier limit); anything accepted must round-trip through the serializer.
fn exercise(bytes: &[u8]) -> (bool, bool) {
    let legacy = DeserializerConfig::legacy();
    let _ = CompiledModule::deserialize_unchecked(bytes, &legacy);
    let _ = CompiledScript::deserialize_unchecked(bytes, &legacy);
    let module = CompiledModule::deserialize(bytes);
    if let Ok(m) = &module {
        if m.version >= VERSION_MIN {
            if let Ok(out) = m.serialize() {
                let back = CompiledModule::deserialize(&out).expect("re-serialized module loads");
                assert_eq!(&back, m, "module round trip after mutation");
            }
        }
    }
    let script = CompiledScript::deserialize(bytes);
    if let Ok(s) = &script {
        if s.version >= VERSION_MIN {
            if let Ok(out) = s.serialize() {
                let back = CompiledScript::deserialize(&out).expect("re-serialized script loads");
                assert_eq!(&back, s, "script round trip after mutation");
            }
        }
    }
    (module.is_ok(), script.is_ok())
}

#[test]
fn every_truncation_fails_cleanly() {
    for (is_module, bytes) in seeds() {
        let (m, s) = exercise(&bytes);
        assert!(if is_module { m } else { s }, "the seed itself must load");
        for len in 0..bytes.len() {
            let (m, s) = exercise(&bytes[..len]);
            if is_module {
                assert!(!m, "a {len}-byte prefix of a module deserialized");
            } else {
                assert!(!s, "a {len}-byte prefix of a script deserialized");
            }
        }
    }
}

/// xorshift64*: a tiny deterministic PRNG (no dependency).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// Applies one random mutation; positions are biased towards the header and directory.
fn mutate(rng: &mut Rng, bytes: &mut Vec<u8>) {
    let len = bytes.len().max(1);
    let pos = if rng.below(4) == 0 {
        rng.below(len.min(48))
    } else {
        rng.below(len)
    };
    let special = [0x00, 0x01, 0x02, 0x7F, 0x80, 0xFF];
    match rng.below(7) {
        0 if pos < bytes.len() => bytes[pos] ^= 1 << rng.below(8),
        1 if pos < bytes.len() => bytes[pos] = rng.next() as u8,
        2 if pos < bytes.len() => bytes[pos] = special[rng.below(special.len())],
        3 => bytes.insert(pos.min(bytes.len()), rng.next() as u8),
        4 if pos < bytes.len() => {
            bytes.remove(pos);
        }
        5 => bytes.truncate(pos),
        _ => {
            let end = (pos + 1 + rng.below(16)).min(bytes.len());
            let chunk = bytes.get(pos..end).unwrap_or(&[]).to_vec();
            let at = rng.below(bytes.len() + 1);
            bytes.splice(at..at, chunk);
        }
    }
}

#[test]
fn random_mutations_never_panic() {
    let seeds = seeds();
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut accepted = 0usize;
    let rounds = 60_000;
    for i in 0..rounds {
        let (_, seed) = &seeds[i % seeds.len()];
        let mut bytes = seed.clone();
        for _ in 0..1 + rng.below(3) {
            mutate(&mut rng, &mut bytes);
        }
        let (m, s) = exercise(&bytes);
        accepted += usize::from(m || s);
    }
    eprintln!("{accepted} of {rounds} mutated binaries still deserialized");
}

/// Sui seeds from the project's own corpus (`corpus/sui-framework`): a module with enums and
/// jump tables, one with an enum, and a plain one.
fn sui_seeds() -> Vec<Vec<u8>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/sui-framework");
    [
        "0x2-sui-framework/coin_registry.mv",
        "0x2-sui-framework/derived_object.mv",
        "0x1-move-stdlib/vector.mv",
    ]
    .iter()
    .map(|p| std::fs::read(dir.join(p)).unwrap())
    .collect()
}

/// Deserializes `bytes` as Sui mainnet does and with flavor detection; anything accepted must
/// round-trip through the serializer. Returns whether Sui's reader accepted it.
fn exercise_sui(bytes: &[u8]) -> bool {
    let detect = DeserializerConfig::detect(tern_binary::Flavor::Aptos);
    let _ = CompiledModule::deserialize_with_config(bytes, &detect);
    let sui = DeserializerConfig::sui();
    let module = CompiledModule::deserialize_with_config(bytes, &sui);
    if let Ok(m) = &module {
        let out = m.serialize().expect("an accepted Sui module serializes");
        let back = CompiledModule::deserialize_with_config(&out, &sui)
            .expect("re-serialized Sui module loads");
        assert_eq!(&back, m, "Sui module round trip after mutation");
    }
    module.is_ok()
}

#[test]
fn sui_truncations_fail_cleanly() {
    for bytes in sui_seeds() {
        assert!(exercise_sui(&bytes), "the seed itself must load");
        for len in 0..bytes.len() {
            assert!(
                !exercise_sui(&bytes[..len]),
                "a {len}-byte prefix of a Sui module deserialized"
            );
        }
    }
}

#[test]
fn sui_random_mutations_never_panic() {
    let seeds = sui_seeds();
    let mut rng = Rng(0xD1B5_4A32_D192_ED03);
    let mut accepted = 0usize;
    let rounds = 30_000;
    for i in 0..rounds {
        let mut bytes = seeds[i % seeds.len()].clone();
        for _ in 0..1 + rng.below(3) {
            mutate(&mut rng, &mut bytes);
        }
        accepted += usize::from(exercise_sui(&bytes));
    }
    eprintln!("{accepted} of {rounds} mutated Sui binaries still deserialized");
}
