//! Tern: embed a Move VM.
//!
//! A [`Vm`] owns the shared code cache (a [`Runtime`]) and committed storage. Publish modules,
//! then run functions or scripts; a successful run commits its resource changes, a failed one
//! leaves storage exactly as it was.
//!
//! What is shared and what is per run: the [`Runtime`] (configuration, natives, loaded code and
//! interned types) is `Send + Sync` and shared by every session; a [`Session`] holds one
//! transaction's heap and buffered writes and lives on one thread.

mod compat;
mod publish;
mod test_adapter;
mod vm;

pub use compat::{check_compatibility, CompatibilityOptions};
pub use publish::{ModuleVerifier, PublishError};
pub use tern_primitives::{AccountAddress, Identifier, ModuleId, StatusCode, TypeTag, VmError};
pub use tern_vm::{ChangeSet, ExecutionOutcome, InMemoryStorage, Runtime, Session, VmConfig};
pub use test_adapter::TernAdapter;
pub use vm::{RunOutput, Vm};
