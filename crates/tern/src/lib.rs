//! Tern: embed a Move VM.
//!
//! A [`Vm`] owns the shared code cache (a [`Runtime`]) and committed storage. Publish modules
//! (one at a time, or as a bundle whose members import one another: [`Vm::publish_bundle`]),
//! then run functions or scripts; a successful run commits its resource changes, a failed one
//! leaves storage exactly as it was. Runs are unmetered, metered with a budget
//! ([`Vm::set_gas_budget`]), or charged to a [`GasMeter`] ([`Vm::run_function_metered`]); a
//! metered run reports the units it used ([`RunOutput::gas_used`], [`Vm::gas_used`]).
//!
//! What is shared and what is per run: the [`Runtime`] (configuration, natives, loaded code and
//! interned types) is `Send + Sync` and shared by every session; a [`Session`] holds one
//! transaction's heap and buffered writes and lives on one thread. [`Vm`] itself is
//! `Send + Sync`; many VMs (or sessions built on [`Vm::runtime`]) can share one runtime.
//!
//! ```
//! use tern::{AccountAddress, MoveValue, StatusCode, Vm};
//!
//! let mut vm = Vm::with_stdlib()?;
//! vm.publish_masm(
//!     "module 0x42::counter
//! struct Counter has key
//!   value: u64
//!
//! public fun create(s: &signer, v: u64)
//!     move_loc s
//!     move_loc v
//!     pack Counter
//!     move_to Counter
//!     ret
//!
//! public fun get(a: address): u64 acquires Counter
//!     move_loc a
//!     borrow_global Counter
//!     borrow_field Counter, value
//!     read_ref
//!     ret
//! ",
//! )?;
//! let alice = AccountAddress::from_u64(0xa11ce);
//! let created = vm.call(
//!     "0x42::counter::create",
//!     &[],
//!     &[MoveValue::Signer(alice), MoveValue::U64(7)],
//! )?;
//! assert_eq!(created.changes.resources.len(), 1);
//! let out = vm.call("0x42::counter::get", &[], &[MoveValue::Address(alice)])?;
//! assert_eq!(out.values, vec![MoveValue::U64(7)]);
//! assert_eq!(out.return_values, vec!["7".to_string()]); // as the test output prints it
//!
//! // A second `create` aborts: storage is left exactly as it was.
//! let err = vm
//!     .call("0x42::counter::create", &[], &[MoveValue::Signer(alice), MoveValue::U64(9)])
//!     .unwrap_err();
//! assert_eq!(err.status(), StatusCode::RESOURCE_ALREADY_EXISTS);
//! let out = vm.call("0x42::counter::get", &[], &[MoveValue::Address(alice)])?;
//! assert_eq!(out.values, vec![MoveValue::U64(7)]);
//! # Ok::<(), tern::VmError>(())
//! ```
//!
//! Metering and tracing are per-VM switches: [`Vm::set_gas_budget`] charges one unit per
//! executed instruction (`OUT_OF_GAS` when the budget runs out), and [`Vm::set_tracing`]
//! records an [`ExecutionTrace`] of each run (instructions executed, their fingerprint, the
//! outcome of every conditional branch, the functions entered; [`Vm::take_failure_trace`]
//! after a failure). [`Vm::set_type_checks`] checks the type of every executed instruction at
//! run time, as the peer's "paranoid" mode does, for code published without the verifier
//! ([`Vm::set_skip_verification`]). None of them costs anything when off.
//!
//! Typed calls: [`Vm::function`] finds a published function once and
//! [`FunctionHandle::typed`] checks Rust parameter and result types against its declaration
//! (`vm.function("0x42::m::f")?.typed::<(Signer, u64), u64>()?`), after which calls take and
//! return Rust values ([`TypedFunction::call`]). [`Vm::with_runtime`] makes another VM over
//! its own storage that shares a runtime (code cache, natives) with others.
//!
//! Compiled packages publish from disk: [`Vm::publish_package_dir`] publishes a folder of
//! `.mv` modules (a build's `bytecode_modules`) as one bundle, and
//! [`Vm::with_aptos_framework`] starts a VM with the real Aptos framework at `0x1` instead of
//! Tern's standard library (natives: [`aptos_framework_natives`]). [`AptosChain`] initializes
//! a minimal chain on it (feature flags, chain id, clock, APT and its fungible-asset
//! metadata) and runs transactions that keep the natives' table and aggregator state.
//!
//! Values print readably, with their types' names ([`readable`]: `0x42::m::S { a: @0x42,
//! b: b"hi" }`, as `tern run` shows them): [`Vm::describe_value`], [`Vm::describe_output`].

mod aptos_chain;
mod aptos_publish;
mod directory_storage;
mod package;
mod publish;
pub mod readable;
mod typed;
mod typed_natives;
mod value;
mod vm;

pub use aptos_chain::{AptosChain, ChainOptions, APTOS_FRAMEWORK, APT_METADATA};
pub use directory_storage::{DirectoryStorage, Journal, StateError, StateLog};
pub use package::{
    aptos_framework_natives, read_module_file, read_package_dir, PackageError,
    APTOS_FRAMEWORK_PACKAGES,
};
pub use publish::{ModuleVerifier, PublishError};
pub use readable::{FunctionTypes, Readable, ReadableOutput};
pub use tern_binary::compatibility::{check_compatibility, CompatibilityOptions};
pub use tern_binary::CompiledModule;
pub use tern_primitives::{
    AccountAddress, Identifier, Location, ModuleId, StatusCode, StructTag, TypeTag, VmError,
};
pub use tern_vm::types::{LimitRules, TypeLimits};
pub use tern_vm::{
    ChangeSet, ExecutionOutcome, ExecutionTrace, GasMeter, GasSchedule, InMemoryStorage,
    InstructionGasMeter, PublishedModule, ResourceChange, Runtime, ScheduledGasMeter, Session,
    Storage, StorageBackend, StorageError, UnmeteredGasMeter, VmConfig,
};
pub use typed::{FunctionHandle, MoveParams, MoveResults, MoveType, Signer, TypedFunction};
pub use value::MoveValue;

pub mod natives {
    //! What a native function implemented in Rust needs: register it in a [`NativeRegistry`]
    //! (start from [`stdlib_natives`] to keep the standard library's) and give the registry
    //! to [`crate::Vm::with_parts`]; it receives a [`NativeContext`] (the heap, charges, the
    //! session's [`Extensions`]) and runtime [`Value`]s, and returns a [`NativeResult`]; or
    //! write it over Rust values and register it with [`register_typed`].
    pub use crate::typed_natives::{register_typed, NativeArgs, NativeResults, NativeType};
    pub use tern_natives::{add_stdlib_natives, stdlib_natives};
    pub use tern_vm::natives::{
        Extensions, NativeContext, NativeFunction, NativeRegistry, NativeResult,
    };
    pub use tern_vm::values::Value;
}
pub use vm::{
    serialize_assembled_module, serialize_assembled_script, CallOptions, MasmError, RunOutput,
    TableChange, Vm,
};
