//! Publishing and upgrading packages as Sui's `Publish` and `Upgrade` commands do: ids,
//! address substitution, linkage, verification, `init` functions and the `UpgradeCap`.

use crate::call::{invariant, move_location, tx_context_bytes};
use crate::chain::{Run, SuiChain, Transaction};
use crate::effects::TransactionEffects;
use crate::error::{ExecutionFailure, FailureKind, InputError, SuiError};
use crate::ids::{blake2b256, derive_object_id, ObjectId};
use crate::object::Owner;
use crate::object_runtime::{ObjectRuntime, Transfer};
use crate::package::{Linkage, Package, UpgradeInfo};
use std::collections::BTreeMap;
use std::sync::Arc;
use tern_binary::BinaryTables;
use tern_binary::{CompiledModule, DeserializerConfig};
use tern_primitives::{AccountAddress, Identifier, ModuleId, StructTag, TypeTag};
use tern_verifier::{SuiPackage, SuiPublishError};

/// Who may upgrade a package, and how far (`0x2::package`'s policies).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum UpgradePolicy {
    /// New code may change bodies and add; public signatures and types stay (0).
    Compatible,
    /// Only additions: existing functions and types stay exactly as they are (128).
    Additive,
    /// Only the dependencies may change (192).
    DepOnly,
}

impl UpgradePolicy {
    /// The policy's byte.
    pub fn byte(self) -> u8 {
        match self {
            UpgradePolicy::Compatible => 0,
            UpgradePolicy::Additive => 128,
            UpgradePolicy::DepOnly => 192,
        }
    }

    /// The policy of a byte, if it is one.
    pub fn from_byte(b: u8) -> Option<UpgradePolicy> {
        match b {
            0 => Some(UpgradePolicy::Compatible),
            128 => Some(UpgradePolicy::Additive),
            192 => Some(UpgradePolicy::DepOnly),
            _ => None,
        }
    }
}

/// Deserializes a package's modules with Sui's rules.
pub(crate) fn read_modules(modules: &[Vec<u8>]) -> Result<Vec<CompiledModule>, InputError> {
    modules
        .iter()
        .enumerate()
        .map(|(index, bytes)| {
            CompiledModule::deserialize_with_config(bytes, &DeserializerConfig::sui()).map_err(
                |e| InputError::BadModule {
                    index,
                    error: e.to_string(),
                },
            )
        })
        .collect()
}

/// A package stored as genesis stores the framework: at `id`, version 1, linked to `deps`,
/// without verification or `init`.
pub(crate) fn predefined_package(
    id: AccountAddress,
    binaries: &[(&str, &[u8])],
    deps: &[&Package],
) -> Result<Package, SuiError> {
    let bytes: Vec<Vec<u8>> = binaries.iter().map(|(_, b)| b.to_vec()).collect();
    let modules = read_modules(&bytes)?;
    let mut linkage = BTreeMap::new();
    for dep in deps {
        linkage.insert(
            dep.original_id,
            UpgradeInfo {
                upgraded_id: dep.id,
                version: dep.version,
            },
        );
    }
    Ok(make_package(
        id,
        id,
        1,
        modules,
        bytes,
        linkage,
        &BTreeMap::new(),
    ))
}

/// A package value: modules by name, and the origin of each datatype (`previous` origins
/// kept, new types defined by `id`).
pub(crate) fn make_package(
    id: ObjectId,
    original_id: ObjectId,
    version: u64,
    modules: Vec<CompiledModule>,
    bytes: Vec<Vec<u8>>,
    linkage: BTreeMap<ObjectId, UpgradeInfo>,
    previous: &BTreeMap<(String, String), ObjectId>,
) -> Package {
    let mut by_name = BTreeMap::new();
    let mut type_origins = BTreeMap::new();
    for (module, bytes) in modules.into_iter().zip(bytes) {
        let name = module.name().map(|n| n.to_string()).unwrap_or_default();
        let datatypes = module
            .struct_defs
            .iter()
            .map(|d| d.struct_handle)
            .chain(module.enum_defs.iter().map(|d| d.enum_handle));
        for handle in datatypes {
            let type_name = module
                .struct_handles
                .get(handle.idx())
                .and_then(|h| module.identifier_at(h.name))
                .map(|n| n.to_string())
                .unwrap_or_default();
            let key = (name.clone(), type_name);
            let origin = previous.get(&key).copied().unwrap_or(id);
            type_origins.insert(key, origin);
        }
        by_name.insert(name, (bytes, Arc::new(module)));
    }
    Package {
        id,
        original_id,
        version,
        modules: by_name,
        linkage,
        type_origins,
    }
}

/// Writes `id` into each module's self address, which must be `0x0`.
fn substitute_address(modules: &mut [CompiledModule], id: ObjectId) -> Result<(), FailureKind> {
    for module in modules {
        let index = module
            .self_handle()
            .map(|h| h.address.idx())
            .ok_or(FailureKind::PublishErrorNonZeroAddress)?;
        match module.address_identifiers.get_mut(index) {
            Some(address) if *address == AccountAddress::ZERO => *address = id,
            _ => return Err(FailureKind::PublishErrorNonZeroAddress),
        }
    }
    Ok(())
}

impl SuiChain {
    /// The linkage of a package whose modules use `modules`' imports, built from the
    /// dependency list as Sui's publish builds it: every package a module imports and every
    /// package a dependency links to must be listed, at a version no older than any
    /// dependency needs.
    fn linkage_table(
        &self,
        own: ObjectId,
        modules: &[CompiledModule],
        deps: &[ObjectId],
    ) -> Result<BTreeMap<ObjectId, UpgradeInfo>, FailureKind> {
        let mut linkage = BTreeMap::new();
        let mut packages = Vec::new();
        for id in deps {
            let p = self
                .package(id)
                .ok_or(FailureKind::PublishUpgradeMissingDependency)?;
            let info = UpgradeInfo {
                upgraded_id: p.id,
                version: p.version,
            };
            if linkage.insert(p.original_id, info).is_some() {
                return Err(FailureKind::PackageUpgradeError(format!(
                    "package {} listed twice among the dependencies",
                    p.original_id.to_hex_literal()
                )));
            }
            packages.push(p.clone());
        }
        for p in &packages {
            for (original, needed) in &p.linkage {
                match linkage.get(original) {
                    None => return Err(FailureKind::PublishUpgradeMissingDependency),
                    Some(have) if have.version < needed.version => {
                        return Err(FailureKind::PublishUpgradeDependencyDowngrade)
                    }
                    Some(_) => {}
                }
            }
        }
        for module in modules {
            for dep in module.immediate_dependencies() {
                if dep.address != own && !linkage.contains_key(&dep.address) {
                    return Err(FailureKind::PublishUpgradeMissingDependency);
                }
            }
        }
        Ok(linkage)
    }

    /// Verifies `modules` as the package (`original_id`, `version_id`) against its linkage.
    fn verify_package(
        &self,
        original_id: ObjectId,
        version_id: ObjectId,
        modules: &[CompiledModule],
        linkage: &BTreeMap<ObjectId, UpgradeInfo>,
    ) -> Result<(), FailureKind> {
        let deps: Vec<(ObjectId, ObjectId, Vec<CompiledModule>)> = linkage
            .iter()
            .filter_map(|(original, info)| {
                let p = self.package(&info.upgraded_id)?;
                let ms = p.modules.values().map(|(_, m)| (**m).clone()).collect();
                Some((*original, p.id, ms))
            })
            .collect();
        let dep_packages: Vec<SuiPackage<'_>> = deps
            .iter()
            .map(|(original, id, ms)| SuiPackage {
                original_id: *original,
                version_id: *id,
                modules: ms,
            })
            .collect();
        let natives = self.natives_known();
        let known = |a: &AccountAddress, m: &str, f: &str| natives(a, m, f);
        tern_verifier::verify_sui_package(
            &SuiPackage {
                original_id,
                version_id,
                modules,
            },
            &dep_packages,
            &self.config().verifier,
            Some(&known),
        )
        .map_err(|e| match e {
            SuiPublishError::Vm(e) => FailureKind::VmVerificationOrDeserializationError(e),
            other => FailureKind::SuiMoveVerificationError(other),
        })
    }

    /// Publishes a package: `modules` (compiled with address `0x0`) and `dependencies`, the
    /// storage ids of every package they use directly or not (see
    /// [`SuiChain::dependency_closure`]). Runs each module's `init` and sends the new
    /// package's `UpgradeCap` to the sender, as `sui client publish` does.
    pub fn publish(
        &mut self,
        tx: &Transaction,
        modules: &[Vec<u8>],
        dependencies: &[ObjectId],
    ) -> Result<TransactionEffects, SuiError> {
        let digest = tx.digest.unwrap_or_else(|| self.tx_context(tx).digest);
        let package_id = derive_object_id(&digest, 0);
        let mut compiled = read_modules(modules)?;
        let fail = |kind| {
            SuiError::from(ExecutionFailure {
                kind,
                command: Some(0),
                gas_used: 0,
            })
        };
        substitute_address(&mut compiled, package_id).map_err(fail)?;
        let linkage = self
            .linkage_table(package_id, &compiled, dependencies)
            .map_err(fail)?;
        self.verify_package(package_id, package_id, &compiled, &linkage)
            .map_err(fail)?;
        let bytes = serialize_all(&compiled).map_err(fail)?;
        let names: Vec<String> = compiled
            .iter()
            .map(|m| m.name().map(|n| n.to_string()).unwrap_or_default())
            .collect();
        let package = make_package(
            package_id,
            package_id,
            1,
            compiled,
            bytes,
            linkage,
            &BTreeMap::new(),
        );
        let mut packages = (*self.packages_arc()).clone();
        // The framework serves the `UpgradeCap` even when the package links nothing of it (a
        // package that imports nothing), as Sui creates and transfers the cap outside the
        // package's linkage.
        let mut call_linkage = Linkage::of(&package);
        if let Some(framework) = self.package(&AccountAddress::from_u64(2)) {
            call_linkage.merge(framework);
        }
        packages.insert(package);
        let packages = Arc::new(packages);
        let sender = tx.sender;
        let mut effects = self.transact(tx, call_linkage, packages, |run| {
            bump_ids(run)?;
            run_inits(run, package_id, &names)?;
            run.commands = 1;
            new_upgrade_cap(run, package_id, sender)
        })?;
        effects.published = Some(package_id);
        Ok(effects)
    }

    /// Upgrades the package of `cap` (an `UpgradeCap` the sender owns) to `modules`, as
    /// `sui client upgrade` does: `package::authorize_upgrade` with `policy` and the new
    /// code's digest, the `Upgrade` command (checks of the policy, verification, `init` of new
    /// modules), then `package::commit_upgrade`.
    pub fn upgrade(
        &mut self,
        tx: &Transaction,
        cap: ObjectId,
        policy: UpgradePolicy,
        modules: &[Vec<u8>],
        dependencies: &[ObjectId],
    ) -> Result<TransactionEffects, SuiError> {
        let cap_object = self
            .object(&cap)
            .cloned()
            .ok_or(InputError::ObjectNotFound(cap))?;
        if cap_object.owner != Owner::Address(tx.sender) {
            return Err(InputError::NotOwnedBySender {
                id: cap,
                owner: cap_object.owner.to_string(),
            }
            .into());
        }
        let is_cap = cap_object.type_.address == AccountAddress::from_u64(2)
            && cap_object.type_.module.as_str() == "package"
            && cap_object.type_.name.as_str() == "UpgradeCap";
        let current_id = cap_object
            .contents
            .get(32..64)
            .and_then(AccountAddress::from_slice);
        let (true, Some(current_id)) = (is_cap, current_id) else {
            return Err(InputError::BadUpgradeCap(format!(
                "object {} is not an UpgradeCap",
                cap.to_hex_literal()
            ))
            .into());
        };
        let current = self
            .package(&current_id)
            .cloned()
            .ok_or(InputError::PackageNotFound(current_id))?;
        let fail = |kind, command| {
            SuiError::from(ExecutionFailure {
                kind,
                command: Some(command),
                gas_used: 0,
            })
        };
        let package_digest = package_digest(modules, dependencies);
        let digest = tx.digest.unwrap_or_else(|| self.tx_context(tx).digest);
        let version_id = derive_object_id(&digest, 0);
        let mut compiled = read_modules(modules)?;
        substitute_address(&mut compiled, current.original_id).map_err(|k| fail(k, 1))?;
        let linkage = self
            .linkage_table(current.original_id, &compiled, dependencies)
            .map_err(|k| fail(k, 1))?;
        self.verify_package(current.original_id, version_id, &compiled, &linkage)
            .map_err(|k| fail(k, 1))?;
        crate::upgrade::check_compatibility(&current, &compiled, policy).map_err(|k| fail(k, 1))?;
        let bytes = serialize_all(&compiled).map_err(|k| fail(k, 1))?;
        let new_names: Vec<String> = compiled
            .iter()
            .filter_map(|m| m.name().map(|n| n.to_string()))
            .filter(|n| !current.modules.contains_key(n))
            .collect();
        let package = make_package(
            version_id,
            current.original_id,
            current.version + 1,
            compiled,
            bytes,
            linkage,
            &current.type_origins,
        );
        let mut call_linkage = Linkage::of(&package);
        if let Some(framework) = self.package(&AccountAddress::from_u64(2)) {
            call_linkage.merge(framework);
        }
        let mut packages = (*self.packages_arc()).clone();
        packages.insert(package);
        let packages = Arc::new(packages);
        let objects = BTreeMap::from([(cap, cap_object)]);
        let mut effects = self.transact(tx, call_linkage, packages, |run| {
            let ticket = crate::upgrade::authorize(run, &objects, cap, policy, &package_digest)?;
            run.commands = 1;
            crate::upgrade::check_ticket(&ticket, current_id, &package_digest)?;
            bump_ids(run)?;
            run_inits(run, version_id, &new_names)?;
            run.commands = 2;
            crate::upgrade::commit(run, &objects, cap, ticket.cap, version_id)
        })?;
        effects.published = Some(version_id);
        Ok(effects)
    }

    /// Which natives the chain provides, for the verifier.
    fn natives_known(&self) -> impl Fn(&AccountAddress, &str, &str) -> bool + '_ {
        move |address, module, function| {
            Identifier::new(module).is_ok_and(|m| {
                self.natives_registry()
                    .lookup(&ModuleId::new(*address, m), function)
                    .is_some()
            })
        }
    }
}

/// The digest Sui computes of a package's code and dependencies: Blake2b-256 over the
/// sorted list of each module's Blake2b-256 and each dependency id.
pub fn package_digest(modules: &[Vec<u8>], dependencies: &[ObjectId]) -> [u8; 32] {
    let mut parts: Vec<Vec<u8>> = modules.iter().map(|m| blake2b256(m).to_vec()).collect();
    parts.extend(dependencies.iter().map(|d| d.as_bytes().to_vec()));
    parts.sort();
    blake2b256(&parts.concat())
}

fn serialize_all(modules: &[CompiledModule]) -> Result<Vec<Vec<u8>>, FailureKind> {
    modules
        .iter()
        .map(|m| {
            m.serialize().map_err(|e| {
                FailureKind::VmVerificationOrDeserializationError(
                    tern_primitives::VmError::new(e.status).with_message(e.to_string()),
                )
            })
        })
        .collect()
}

/// Counts the package id among the transaction's created ids (it is not an object).
fn bump_ids(run: &mut Run<'_, '_>) -> Result<(), FailureKind> {
    let rt = runtime(run)?;
    rt.tx.ids_created += 1;
    Ok(())
}

pub(crate) fn runtime<'a>(run: &'a mut Run<'_, '_>) -> Result<&'a mut ObjectRuntime, FailureKind> {
    run.session
        .extensions_mut()
        .get_mut::<ObjectRuntime>()
        .ok_or_else(|| {
            invariant(tern_primitives::VmError::new(
                tern_primitives::StatusCode::UNKNOWN_INVARIANT_VIOLATION_ERROR,
            ))
        })
}

/// Runs the `init` function of each of `modules` (of the package at `package_id`) that has
/// one, in order, with a one-time witness when it takes two parameters.
fn run_inits(
    run: &mut Run<'_, '_>,
    package_id: ObjectId,
    modules: &[String],
) -> Result<(), FailureKind> {
    let original = run
        .packages
        .get(&package_id)
        .map(|p| p.original_id)
        .unwrap_or(package_id);
    for name in modules {
        let Ok(ident) = Identifier::new(name.as_str()) else {
            continue;
        };
        let module = ModuleId::new(original, ident);
        let has_init = run
            .packages
            .get(&package_id)
            .and_then(|p| p.module(name))
            .is_some_and(|m| {
                m.function_defs.iter().any(|d| {
                    m.function_handles
                        .get(d.function.idx())
                        .and_then(|h| m.identifier_at(h.name))
                        .is_some_and(|n| n.as_str() == "init")
                })
            });
        if !has_init {
            continue;
        }
        let function = run.session.function(&module, "init").map_err(invariant)?;
        let rt = runtime(run)?;
        rt.current_call = (package_id, name.clone());
        let context = tx_context_bytes(rt);
        let args = if function.param_count() == 2 {
            vec![vec![1u8], context]
        } else {
            vec![context]
        };
        let linkage = run.linkage.clone();
        run.session.execute(function, vec![], args).map_err(|e| {
            FailureKind::from_vm_error(e.clone(), move_location(run.packages, &linkage, &e))
        })?;
    }
    Ok(())
}

/// Makes the package's `UpgradeCap` and sends it to `sender`.
fn new_upgrade_cap(
    run: &mut Run<'_, '_>,
    package_id: ObjectId,
    sender: AccountAddress,
) -> Result<(), FailureKind> {
    let tag = framework_tag("package", "UpgradeCap")?;
    let ty = run
        .session
        .load_type(&TypeTag::Struct(Box::new(tag.clone())))
        .map_err(invariant)?;
    let rt = runtime(run)?;
    let id = rt.tx.fresh_id();
    rt.new_id(id).map_err(invariant)?;
    let mut bytes = id.as_bytes().to_vec();
    bytes.extend_from_slice(package_id.as_bytes());
    bytes.extend_from_slice(&1u64.to_le_bytes());
    bytes.push(UpgradePolicy::Compatible.byte());
    rt.transfer(
        id,
        Transfer {
            owner: Owner::Address(sender),
            ty,
            tag,
            bytes,
        },
    )
    .map_err(invariant)?;
    Ok(())
}

/// The tag of `0x2::module::name`.
pub(crate) fn framework_tag(module: &str, name: &str) -> Result<StructTag, FailureKind> {
    let bad = || {
        invariant(tern_primitives::VmError::new(
            tern_primitives::StatusCode::UNKNOWN_INVARIANT_VIOLATION_ERROR,
        ))
    };
    Ok(StructTag {
        address: AccountAddress::from_u64(2),
        module: Identifier::new(module).map_err(|_| bad())?,
        name: Identifier::new(name).map_err(|_| bad())?,
        type_args: vec![],
    })
}
