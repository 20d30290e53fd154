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
    assert!(
        missing.is_empty(),
        "natives without an implementation: {missing:?}"
    );
}

/// `hex` as bytes.
fn unhex(hex: &str) -> Vec<u8> {
    (0..hex.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).unwrap())
        .collect()
}

#[test]
fn framework_hashes_run_through_a_call() {
    use tern_primitives::AccountAddress;
    use tern_sui::{CallArg, MoveCall, SuiChain, Transaction};
    let mut chain = SuiChain::with_framework().unwrap();
    let alice = AccountAddress::from_u64(0xa11ce);
    // `vector<u8>` "abc" in BCS: its length, then its bytes.
    let abc = CallArg::Pure(vec![3, b'a', b'b', b'c']);
    for (function, digest) in [
        // BLAKE2b-256("abc") and Keccak-256("abc"), the standard test vectors.
        (
            "blake2b256",
            "bddd813c634239723171ef3fee98579b94964e3bb1cb3e427262c8c068d52319",
        ),
        (
            "keccak256",
            "4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45",
        ),
    ] {
        let call = MoveCall::new(AccountAddress::from_u64(2), "hash", function).arg(abc.clone());
        let effects = chain.call(&Transaction::new(alice), &call).unwrap();
        let mut expected = vec![32];
        expected.extend(unhex(digest));
        assert_eq!(effects.return_values[0].1, expected, "{function}");
    }
}
