//! Helpers of the Sui chain tests: test packages assembled from `tests/packages`, addresses,
//! and BCS readers.

#![allow(dead_code, unreachable_pub, clippy::panic)] // each test file uses some of these

use std::sync::Arc;
use tern_binary::{CompiledModule, DeserializerConfig};
use tern_primitives::AccountAddress;
use tern_sui::{ObjectId, SuiChain, Transaction, TransactionEffects};

/// The test sender.
pub const ALICE: AccountAddress = AccountAddress::from_u64(0xa11ce);
/// Another address.
pub const BOB: AccountAddress = AccountAddress::from_u64(0xb0b);

/// The framework's compiled modules (`0x1`, `0x2`).
pub fn framework() -> Vec<Arc<CompiledModule>> {
    tern_stdlib::sui_stdlib_binaries()
        .iter()
        .chain(tern_stdlib::sui_framework_binaries())
        .map(|(_, b)| {
            Arc::new(
                CompiledModule::deserialize_with_config(b, &DeserializerConfig::sui()).unwrap(),
            )
        })
        .collect()
}

/// Assembles `tests/packages/{name}.masm` (a Sui module at `0x0`) against the framework and
/// `extra` modules.
pub fn assemble(name: &str, extra: &[CompiledModule]) -> Vec<u8> {
    let path = format!("{}/tests/packages/{name}.masm", env!("CARGO_MANIFEST_DIR"));
    let source = std::fs::read_to_string(&path).unwrap();
    let framework = framework();
    let deps: Vec<&CompiledModule> = framework
        .iter()
        .map(|m| m.as_ref())
        .chain(extra.iter())
        .collect();
    let options = tern_asm::assembler::AsmOptions { version: 7 };
    let unit = tern_asm::assembler::assemble(&source, &deps, &options)
        .unwrap_or_else(|e| panic!("{path}: {e}"));
    match unit {
        tern_asm::assembler::CompiledUnit::Module(m) => m.serialize().unwrap(),
        tern_asm::assembler::CompiledUnit::Script(_) => panic!("{path} is a script"),
    }
}

/// The framework packages as dependencies.
pub fn framework_deps() -> Vec<ObjectId> {
    vec![AccountAddress::ONE, AccountAddress::from_u64(2)]
}

/// Publishes the packages' modules from Alice; the effects and the package id.
pub fn publish(chain: &mut SuiChain, modules: &[Vec<u8>]) -> (TransactionEffects, ObjectId) {
    let effects = chain
        .publish(&Transaction::new(ALICE), modules, &framework_deps())
        .unwrap();
    let id = effects.published.unwrap();
    (effects, id)
}

/// A `u64` from its BCS bytes.
pub fn u64_of(bytes: &[u8]) -> u64 {
    u64::from_le_bytes(bytes[..8].try_into().unwrap())
}

/// The balance of a `Coin<T>` object's bytes (id, then `Balance { value }`).
pub fn coin_value(chain: &SuiChain, id: &ObjectId) -> u64 {
    u64_of(&chain.object(id).unwrap().contents[32..40])
}
