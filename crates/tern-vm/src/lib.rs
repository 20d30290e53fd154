//! The Tern Move VM: loader, runtime types, values, interpreter, global storage, natives.
//!
//! A [`Runtime`] holds configuration, natives and the code cache and is shared by every
//! [`Session`]; a session holds one transaction's heap and buffered global writes.

pub mod bcs;
mod bcs_closure;
mod execute;
pub mod interpreter;
pub mod ir;
pub mod loader;
pub mod natives;
pub mod runtime;
pub mod session;
pub mod storage;
pub mod type_names;
pub mod types;
pub mod values;

pub use execute::ExecutionOutcome;
pub use runtime::{Runtime, VmConfig};
pub use session::Session;
pub use storage::{ChangeSet, InMemoryStorage, ResourceChange, Storage, StorageBackend};
