//! The Tern Move VM: loader, runtime types, values, interpreter, global storage, natives.
//!
//! A [`Runtime`] holds configuration, natives and the code cache and is shared by every
//! [`Session`]; a session holds one transaction's heap and buffered global writes.
//!
//! Most users want the `tern` facade crate; this is the engine underneath:
//!
//! ```
//! use std::sync::Arc;
//! use tern_vm::natives::NativeRegistry;
//! use tern_vm::{InMemoryStorage, Runtime, Session, VmConfig};
//! use tern_binary::*;
//! use tern_primitives::{AccountAddress, Identifier, ModuleId};
//!
//! // module 0x1::m { public fun seven(): u64 { 7 } }
//! let module = CompiledModule {
//!     version: 9,
//!     module_handles: vec![ModuleHandle { address: AddressIdentifierIndex(0), name: IdentifierIndex(0) }],
//!     function_handles: vec![FunctionHandle {
//!         module: ModuleHandleIndex(0),
//!         name: IdentifierIndex(1),
//!         parameters: SignatureIndex(0),
//!         return_: SignatureIndex(1),
//!         type_parameters: vec![],
//!         access_specifiers: None,
//!         attributes: vec![],
//!     }],
//!     signatures: vec![Signature(vec![]), Signature(vec![SignatureToken::U64])],
//!     identifiers: vec![Identifier::new("m").unwrap(), Identifier::new("seven").unwrap()],
//!     address_identifiers: vec![AccountAddress::ONE],
//!     function_defs: vec![FunctionDefinition {
//!         function: FunctionHandleIndex(0),
//!         visibility: Visibility::Public,
//!         is_entry: false,
//!         acquires_global_resources: vec![],
//!         code: Some(CodeUnit {
//!             locals: SignatureIndex(0),
//!             code: vec![Bytecode::LdU64(7), Bytecode::Ret],
//!             jump_tables: vec![],
//!         }),
//!     }],
//!     ..CompiledModule::default()
//! };
//! let id = ModuleId::new(AccountAddress::ONE, Identifier::new("m").unwrap());
//! let mut storage = InMemoryStorage::new();
//! storage.put_module(id.clone(), module.serialize().unwrap(), Arc::new(module));
//!
//! let runtime = Runtime::new(VmConfig::default(), NativeRegistry::new());
//! let mut session = Session::new(&runtime, &storage);
//! let seven = session.function(&id, "seven").unwrap();
//! let outcome = session.execute(seven, vec![], vec![]).unwrap();
//! let (ty, value) = outcome.return_values[0];
//! assert_eq!(session.serialize_value(ty, value).unwrap(), 7u64.to_le_bytes());
//! assert!(session.finish().unwrap().is_empty());
//! ```

mod execute;
pub mod interpreter;
pub mod session;
pub mod trace;

pub use tern_loader::{bcs, gas, loader, natives, runtime, storage, type_names, types, values};

pub use execute::ExecutionOutcome;
pub use gas::{GasMeter, GasSchedule, InstructionGasMeter, ScheduledGasMeter, UnmeteredGasMeter};
pub use runtime::{Runtime, VmConfig};
pub use session::{LinkCheck, Session};
pub use storage::{
    ChangeSet, InMemoryStorage, PublishedModule, ResourceChange, Storage, StorageBackend,
    StorageError,
};
pub use trace::ExecutionTrace;
