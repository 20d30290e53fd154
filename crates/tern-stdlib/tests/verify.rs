//! Every library module passes Tern's bytecode verifier and links against the modules it uses.

mod common;

use common::{module_name, modules};
use tern_binary::CompiledModule;
use tern_primitives::ModuleId;
use tern_verifier::{verify_module, verify_module_dependencies, VerifierConfig};

#[test]
fn every_module_verifies() {
    let mut failures = Vec::new();
    for m in modules() {
        if let Err(err) = verify_module(m, &VerifierConfig::default()) {
            failures.push(format!("0x1::{}: {err:?}", module_name(m)));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_module_links_against_its_dependencies() {
    let lookup = |id: &ModuleId| -> Option<&'static CompiledModule> {
        modules()
            .iter()
            .find(|m| m.address() == Some(&id.address) && m.name() == Some(&id.name))
    };
    for m in modules() {
        let linked = verify_module_dependencies(m, &lookup);
        assert!(linked.is_ok(), "0x1::{}: {linked:?}", module_name(m));
    }
}
