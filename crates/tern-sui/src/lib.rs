//! Run Sui Move packages on the Tern VM: an in-memory chain with Sui's framework, packages
//! with linkage and upgrades, an object runtime behind Sui's natives, and the effects of each
//! transaction as Sui reports them.
//!
//! Publish a package, create a shared counter, add to it and read it back:
//!
//! ```
//! use tern_primitives::AccountAddress;
//! use tern_sui::{MoveCall, SuiChain, Transaction};
//!
//! let mut chain = SuiChain::with_framework()?;
//! let alice = AccountAddress::from_u64(0xa11ce);
//! # let modules = vec![counter_module(&chain)];
//! // `modules`: the package's compiled modules (at address 0x0), here `examples/sui/counter.masm`.
//! let deps = chain.dependency_closure(&[AccountAddress::from_u64(2)]);
//! let published = chain.publish(&Transaction::new(alice), &modules, &deps)?;
//! let package = published.published.expect("a publish names its package");
//!
//! let create = MoveCall::new(package, "counter", "create");
//! let effects = chain.call(&Transaction::new(alice), &create)?;
//! let counter = effects.created_of("counter", "Counter").expect("one counter").id;
//!
//! let add = MoveCall::new(package, "counter", "add").object(counter).u64(5);
//! let effects = chain.call(&Transaction::new(alice), &add)?;
//! assert_eq!(effects.mutated[0].id, counter);
//! assert_eq!(effects.events.len(), 1); // `Added { by: alice, amount: 5 }`
//!
//! let read = MoveCall::new(package, "counter", "value").object(counter);
//! let effects = chain.call(&Transaction::new(alice), &read)?;
//! assert_eq!(effects.return_values[0].1, 5u64.to_le_bytes());
//! # fn counter_module(chain: &SuiChain) -> Vec<u8> {
//! #     let source = include_str!("../../../examples/sui/counter.masm");
//! #     let deps: Vec<&tern_binary::CompiledModule> = chain.packages().iter()
//! #         .flat_map(|p| p.modules.values().map(|(_, m)| m.as_ref())).collect();
//! #     let options = tern_asm::assembler::AsmOptions { version: 7 };
//! #     match tern_asm::assembler::assemble(source, &deps, &options).unwrap() {
//! #         tern_asm::assembler::CompiledUnit::Module(m) => m.serialize().unwrap(),
//! #         _ => unreachable!(),
//! #     }
//! # }
//! # Ok::<(), tern_sui::SuiError>(())
//! ```
//!
//! Objects, packages and the clock live in memory ([`SuiChain::objects`]); a transaction
//! that fails changes none of them. See `docs/sui.md` for what Tern models of Sui's
//! execution and what it does not.

#![forbid(unsafe_code)]

mod call;
mod chain;
pub mod corpus;
mod effects;
mod error;
mod finish;
pub mod gas;
mod ids;
mod linked;
pub mod natives;
mod object;
mod object_runtime;
mod package;
mod publish;
mod upgrade;

pub use call::{CallArg, MoveCall};
pub use chain::{ChainConfig, Passing, SuiChain, Transaction, CLOCK_ID};
pub use corpus::{load_manifest, CorpusError, CorpusManifest, CorpusPackage, Installed};
pub use effects::{GasSummary, ObjectChange, TransactionEffects};
pub use error::{
    CommandArgumentKind, ExecutionFailure, FailureKind, InputError, MoveLocation, SuiError,
    TypeArgumentKind,
};
pub use ids::{
    blake2b256, derive_dynamic_field_id, derive_object_id, type_tag_bcs, ObjectId, TxDigest,
};
pub use object::{Object, ObjectStore, Owner};
pub use object_runtime::{AccumulatorEvent, Event, Features, RuntimeLimits, TxContext};
pub use package::{Linkage, Package, PackageStore, UpgradeInfo};
pub use publish::{package_digest, UpgradePolicy};

/// The VM limits Sui sets (protocol 130): 1024 operand-stack values, 1024 frames, values
/// nested 128 deep (checked where packs build them, as Sui's runtime checks them), type
/// instantiations of 128 nodes counted as Sui counts them, type layouts of 512 nodes.
pub fn sui_vm_config() -> tern_vm::VmConfig {
    tern_vm::VmConfig {
        type_limits: tern_vm::types::TypeLimits::SUI,
        max_operand_stack: 1024,
        max_call_depth: 1024,
        max_value_depth: 128,
        max_layout_nodes: 512,
        max_layout_depth: 128,
        address_signers: true,
        ..tern_vm::VmConfig::default()
    }
}
