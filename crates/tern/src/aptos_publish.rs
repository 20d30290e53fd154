//! Publishing the bundle a transaction requested (`code::request_publish*`, the end of
//! `code::publish_package_txn`) once it succeeded, with the checks Aptos's VM makes first:
//! friends within the bundle, exactly the modules the package metadata registers, only
//! the dependencies allowed, every module at the package owner's address. The bundle then
//! goes through Tern's ordinary publish path ([`Vm::publish_bundle`]: compatibility,
//! verification, linking).

use crate::Vm;
use std::collections::BTreeSet;
use tern_binary::CompiledModule;
use tern_natives::aptos_framework::PublishRequest;
use tern_primitives::{Location, ModuleId, StatusCode, VmError};

/// Publishes `request`'s bundle on `vm`, or fails (nothing published) as Aptos fails the
/// transaction.
pub(crate) fn publish_requested(vm: &mut Vm, request: &PublishRequest) -> Result<(), VmError> {
    let mut modules = Vec::with_capacity(request.bundle.len());
    for bytes in &request.bundle {
        match CompiledModule::deserialize(bytes) {
            Ok(m) => modules.push(m),
            // The publish path reports a malformed module exactly.
            Err(_) => return vm.publish_bundle(&request.bundle).map(|_| ()),
        }
    }
    let ids = modules
        .iter()
        .map(|m| {
            m.self_id()
                .ok_or_else(|| VmError::new(StatusCode::UNKNOWN_INVARIANT_VIOLATION_ERROR))
        })
        .collect::<Result<Vec<ModuleId>, VmError>>()?;
    check_friends(&modules, &ids)?;
    check_registered(request, &modules, &ids)?;
    for id in &ids {
        if id.address != request.destination {
            return Err(
                VmError::new(StatusCode::MODULE_ADDRESS_DOES_NOT_MATCH_SENDER)
                    .at_location(Location::Module(id.clone())),
            );
        }
    }
    vm.publish_bundle(&request.bundle).map(|_| ())
}

/// A friend of a bundle member must be in the bundle (`FRIEND_NOT_FOUND_IN_MODULE_BUNDLE`).
fn check_friends(modules: &[CompiledModule], ids: &[ModuleId]) -> Result<(), VmError> {
    for m in modules {
        for friend in m.friends() {
            if !ids.contains(&friend) {
                return Err(VmError::new(StatusCode::FRIEND_NOT_FOUND_IN_MODULE_BUNDLE)
                    .with_message(format!(
                        "Module {}::{} is declared as a friend and should be part of the \
                             module bundle, but it is not",
                        friend.address.to_hex_literal(),
                        friend.name
                    ))
                    .at_location(Location::Undefined));
            }
        }
    }
    Ok(())
}

/// The bundle is exactly the modules the metadata registers, each depending only on the
/// modules allowed (`CONSTRAINT_NOT_SATISFIED`, "metadata and code bundle mismatch").
fn check_registered(
    request: &PublishRequest,
    modules: &[CompiledModule],
    ids: &[ModuleId],
) -> Result<(), VmError> {
    let mut expected: BTreeSet<String> = request.expected_modules.clone();
    for (m, id) in modules.iter().zip(ids) {
        if !expected.remove(id.name.as_str()) {
            return Err(mismatch(&format!("unregistered module: '{}'", id.name)));
        }
        let Some(allowed) = &request.allowed_deps else {
            continue;
        };
        for dep in m.immediate_dependencies() {
            let ok = allowed
                .get(&dep.address)
                .is_some_and(|names| names.contains("") || names.contains(dep.name.as_str()));
            if !ok {
                return Err(mismatch(&format!(
                    "unregistered dependency: '{}::{}'",
                    dep.address.to_hex_literal(),
                    dep.name
                )));
            }
        }
    }
    if !expected.is_empty() {
        return Err(mismatch("not all registered modules published"));
    }
    Ok(())
}

fn mismatch(what: &str) -> VmError {
    VmError::new(StatusCode::CONSTRAINT_NOT_SATISFIED)
        .with_message(format!("metadata and code bundle mismatch: {what}"))
        .at_location(Location::Undefined)
}
