//! Every native function Sui's framework declares has an implementation in Tern's registry.

#![allow(clippy::unwrap_used, clippy::panic)] // test code: a failed unwrap is a failed test

use tern_binary::{CompiledModule, DeserializerConfig};

#[test]
fn every_framework_native_is_registered() {
    let registry = tern_sui::natives::sui_natives();
    let mut declared = 0;
    let mut missing = Vec::new();
    let modules = tern_stdlib::sui_stdlib_binaries()
        .iter()
        .chain(tern_stdlib::sui_framework_binaries());
    for (name, bytes) in modules {
        let module = CompiledModule::deserialize_with_config(bytes, &DeserializerConfig::sui())
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let id = module.self_id().unwrap();
        for def in module.function_defs.iter().filter(|d| d.is_native()) {
            let handle = &module.function_handles[def.function.0 as usize];
            let function = &module.identifiers[handle.name.0 as usize];
            declared += 1;
            if registry.lookup(&id, function.as_str()).is_none() {
                missing.push(format!("{}::{function}", id.name));
            }
        }
    }
    assert_eq!(declared, 95, "natives declared by 0x1 and 0x2");
    // The cryptographic natives come with `tern_natives::sui_crypto`; every other one is here.
    let crypto = [
        "bls12381",
        "ecdsa_k1",
        "ecdsa_r1",
        "ecvrf",
        "ed25519",
        "groth16",
        "group_ops",
        "hash",
        "hmac",
        "nitro_attestation",
        "poseidon",
        "rangeproofs",
        "vdf",
        "zklogin_verified_id",
        "zklogin_verified_issuer",
    ];
    missing.retain(|name| !crypto.iter().any(|m| name.starts_with(&format!("{m}::"))));
    assert!(
        missing.is_empty(),
        "natives without an implementation: {missing:?}"
    );
}
