//! The Tern Move VM's loader: the code cache that resolves a module's handle tables once into
//! runtime functions, structs and link tables (lowering bytecode into `tern-ir`'s ops), the
//! runtime types and their interner, values and the heap, the interface natives are written
//! against, storage and gas schedules. `tern-vm` runs code over it.

pub mod bcs;
mod bcs_closure;
pub mod gas;
pub mod loader;
pub mod natives;
pub mod runtime;
pub mod storage;
pub mod type_names;
pub mod types;
mod uleb;
pub mod values;
