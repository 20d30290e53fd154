//! Run Sui Move packages on the Tern VM: an in-memory chain with Sui's framework, packages
//! with linkage and upgrades, an object runtime behind Sui's natives, and the effects of each
//! transaction as Sui reports them.
//!
//! ```
//! use tern_sui::{MoveCall, SuiChain, Transaction};
//! use tern_primitives::AccountAddress;
//!
//! let mut chain = SuiChain::with_framework()?;
//! let alice = AccountAddress::from_u64(0xa11ce);
//! // `0x2::object::new` is not public-entry; `0x2::tx_context::sender` is public.
//! let call = MoveCall::new(AccountAddress::from_u64(2), "tx_context", "sender");
//! let effects = chain.call(&Transaction::new(alice), &call)?;
//! assert_eq!(effects.return_values[0].1, alice.as_bytes().to_vec());
//! # Ok::<(), tern_sui::SuiError>(())
//! ```
//!
//! Objects, packages and the clock live in memory ([`SuiChain::objects`]); a transaction
//! that fails changes none of them. See `docs/sui.md` for what Tern models of Sui's
//! execution and what it does not.

#![forbid(unsafe_code)]

mod call;
mod chain;
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
/// nested 128 deep, type layouts of 512 nodes.
pub fn sui_vm_config() -> tern_vm::VmConfig {
    tern_vm::VmConfig {
        max_operand_stack: 1024,
        max_call_depth: 1024,
        max_value_depth: 128,
        max_layout_nodes: 512,
        max_layout_depth: 128,
        ..tern_vm::VmConfig::default()
    }
}
