//! Assembling test programs for the verifier's integration tests.

#![allow(dead_code, clippy::panic, clippy::indexing_slicing)] // each test file uses a part

use tern_asm::assembler::{assemble, AsmOptions, CompiledUnit};
use tern_binary::{CompiledModule, CompiledScript};
use tern_primitives::ModuleId;

/// The assembler's options: the peer's harness serializes with version 10.
pub(crate) fn options() -> AsmOptions {
    AsmOptions { version: 10 }
}

/// `src`, a module, assembled against `deps`.
pub(crate) fn module_with(src: &str, deps: &[&CompiledModule]) -> CompiledModule {
    match assemble(src, deps, &options()) {
        Ok(CompiledUnit::Module(m)) => m,
        Ok(CompiledUnit::Script(_)) => panic!("expected a module"),
        Err(e) => panic!("assembly failed: {e:?}"),
    }
}

/// `src`, a module with no dependencies, assembled.
pub(crate) fn module(src: &str) -> CompiledModule {
    module_with(src, &[])
}

/// `src`, a script, assembled against `deps`.
pub(crate) fn script_with(src: &str, deps: &[&CompiledModule]) -> CompiledScript {
    match assemble(src, deps, &options()) {
        Ok(CompiledUnit::Script(s)) => s,
        Ok(CompiledUnit::Module(_)) => panic!("expected a script"),
        Err(e) => panic!("assembly failed: {e:?}"),
    }
}

/// `src`, a script with no dependencies, assembled.
pub(crate) fn script(src: &str) -> CompiledScript {
    script_with(src, &[])
}

/// The id of a module.
pub(crate) fn id_of(m: &CompiledModule) -> ModuleId {
    let h = m.self_handle().expect("a module has its own handle");
    ModuleId::new(
        m.address_identifiers[h.address.idx()],
        m.identifiers[h.name.idx()].clone(),
    )
}
