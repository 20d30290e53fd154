//! The bytecode verifier on two kinds of input.
//!
//! * Raw bytes that deserialize (as an Aptos module, a Sui module or a script) are verified
//!   and linked against Tern's standard library.
//! * Any other input drives `tern_binary::arbitrary`'s module strategy with proptest's ChaCha
//!   generator seeded by the input's bytes 1 to 32 (zero-padded); bit 0 of the first byte
//!   chooses the configuration (production limits, or none). The generated module is
//!   verified, then serialized, read back and verified again: the model must survive the
//!   round trip and both verifications must end the same way.
//!
//! (proptest's `PassThrough` source, which would let the fuzzer steer each choice of the
//! generator, cannot be used: once the input is used up it yields zeros, and `rand`'s
//! rejection sampling of a range then loops forever.)
//!
//! Errors are expected; a panic or a difference is a finding.

#![no_main]

use libfuzzer_sys::fuzz_target;
use proptest::strategy::{BoxedStrategy, Strategy, ValueTree};
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
use std::sync::OnceLock;
use tern_binary::DeserializerConfig;
use tern_binary::{arbitrary::arb_compiled_module, CompiledModule, CompiledScript};
use tern_primitives::{ModuleId, VmError};
use tern_verifier::{
    verify_module, verify_module_dependencies, verify_script, verify_script_dependencies,
    VerifierConfig,
};

fuzz_target!(|data: &[u8]| {
    if !verify_raw(data) {
        verify_generated(data);
    }
});

/// Verifies `data` as whatever it deserializes to; whether it deserialized at all.
fn verify_raw(data: &[u8]) -> bool {
    let config = VerifierConfig::default();
    let mut loaded = false;
    if let Ok(module) = CompiledModule::deserialize(data) {
        loaded = true;
        if verify_module(&module, &config).is_ok() {
            let _ = verify_module_dependencies(&module, &stdlib_lookup);
        }
    }
    if let Ok(module) = CompiledModule::deserialize_with_config(data, &DeserializerConfig::sui()) {
        loaded = true;
        let _ = verify_module(&module, &config);
    }
    if let Ok(script) = CompiledScript::deserialize(data) {
        loaded = true;
        if verify_script(&script, &config).is_ok() {
            let _ = verify_script_dependencies(&script, &stdlib_lookup);
        }
    }
    loaded
}

/// Generates a module from `data` (see the file's docs) and verifies it twice.
fn verify_generated(data: &[u8]) {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let mut seed = [0u8; 32];
    seed.iter_mut().zip(rest).for_each(|(s, b)| *s = *b);
    let rng = TestRng::from_seed(RngAlgorithm::ChaCha, &seed);
    let config = if mode & 1 == 0 {
        VerifierConfig::production()
    } else {
        VerifierConfig::unbounded()
    };
    let mut runner = TestRunner::new_with_rng(Config::default(), rng);
    let Ok(tree) = STRATEGY.with(|s| s.new_tree(&mut runner)) else {
        return;
    };
    let module = tree.current();
    let first = outcome(verify_module(&module, &config));
    if first.is_ok() {
        let _ = verify_module_dependencies(&module, &stdlib_lookup);
    }
    let bytes = module.serialize().expect("a generated module serializes");
    let again = CompiledModule::deserialize(&bytes).expect("a generated module reads back");
    assert_eq!(again, module, "generated module round trip");
    let second = outcome(verify_module(&again, &config));
    assert_eq!(first, second, "verifying the model and its bytes");
}

thread_local! {
    /// The generator (a proptest strategy is not `Sync`: one per thread).
    static STRATEGY: BoxedStrategy<CompiledModule> = arb_compiled_module();
}

/// A verification result, comparable: the status, location, indices and offsets as printed.
fn outcome(result: Result<(), VmError>) -> Result<(), String> {
    result.map_err(|e| format!("{:?} {}", e.status(), e.render()))
}

/// Tern's standard library (the modules a published module links against).
fn stdlib() -> &'static [CompiledModule] {
    static STDLIB: OnceLock<Vec<CompiledModule>> = OnceLock::new();
    STDLIB.get_or_init(|| tern_stdlib::stdlib_modules().expect("the standard library assembles"))
}

/// Finds a standard-library module by id.
fn stdlib_lookup(id: &ModuleId) -> Option<&'static CompiledModule> {
    stdlib().iter().find(|m| m.self_id().as_ref() == Some(id))
}
