//! Publishing a Sui package: the checks Sui runs between reading a package's modules and
//! accepting it, in Sui's order.
//!
//! 1. The package: not empty (`EMPTY_PACKAGE`), every module under the package's original id
//!    (`MISMATCHED_MODULE_IDS_IN_PACKAGE`), no two modules with one name
//!    (`DUPLICATE_MODULE_NAME`); located at the package.
//! 2. Each module, in name order: the Move verifier (Sui's configuration), then its natives:
//!    a native function the VM does not provide, or any native struct, is `MISSING_DEPENDENCY`.
//! 3. Linkage, for each dependency package and then the package itself: every module a module
//!    imports resolves through the linkage (original id → the version in use) or within the
//!    package (`MISSING_DEPENDENCY`), its handles match the definitions (`LOOKUP_FAILED`,
//!    `TYPE_MISMATCH`), and no module depends on itself (`CYCLIC_MODULE_DEPENDENCY`).
//! 4. Sui's own passes on each module of the package ([`SuiRule`]).

use super::rules::{self, RuleError, SuiRule};
use crate::config::SuiVerifierConfig;
use crate::dependencies;
use crate::view::Binary;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use tern_binary::{CompiledModule, ModuleHandleIndex, StructFieldInformation};
use tern_primitives::{AccountAddress, IndexKind, Location, ModuleId, StatusCode, VmError};

/// One version of a Sui package: its modules and the two ids Sui knows it by.
#[derive(Debug, Clone, Copy)]
pub struct SuiPackage<'a> {
    /// The id of the package's first version: the address its modules are published under
    /// and that other modules import them by.
    pub original_id: AccountAddress,
    /// The id of this version (the original id for a first version).
    pub version_id: AccountAddress,
    /// The modules.
    pub modules: &'a [CompiledModule],
}

/// Why Sui refuses to publish a package.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SuiPublishError {
    /// The package checks, the Move verifier or the linkage checks refused it (Sui reports a
    /// `VMVerificationOrDeserializationError` with this status and location).
    #[error("{0}")]
    Vm(VmError),
    /// One of Sui's own passes refused a module (Sui's `SuiMoveVerificationError`); the message
    /// is Sui's.
    #[error("Sui verifier ({rule}) refused {module}: {message}")]
    Rule {
        /// The pass.
        rule: SuiRule,
        /// The module.
        module: ModuleId,
        /// Sui's message.
        message: String,
    },
    /// One of Sui's own passes found the module inconsistent (Sui's invariant violation).
    #[error("invariant violation in the Sui verifier ({rule}) on {module}: {message}")]
    Invariant {
        /// The pass.
        rule: SuiRule,
        /// The module.
        module: ModuleId,
        /// What was inconsistent.
        message: String,
    },
}

impl From<VmError> for SuiPublishError {
    fn from(e: VmError) -> Self {
        SuiPublishError::Vm(e)
    }
}

/// Which native functions the VM provides: `(address, module, function)` → provided.
pub type KnownNatives<'n> = &'n dyn Fn(&AccountAddress, &str, &str) -> bool;

/// Verifies `package` for publication as Sui does, against `dependencies` (every package of
/// its linkage, each in the version it links to). `natives` says which native functions the VM
/// provides (`None`: assume all of them).
///
/// The modules must already carry the package's original id as their address (Sui writes the
/// new package's id into the modules of a first publish before verifying them).
pub fn verify_sui_package(
    package: &SuiPackage<'_>,
    dependencies: &[SuiPackage<'_>],
    config: &SuiVerifierConfig,
    natives: Option<KnownNatives<'_>>,
) -> Result<(), SuiPublishError> {
    verify_sui_move_package(package, dependencies, config, natives)?;
    for module in package.modules {
        rules::verify_module(module, config).map_err(|failure| {
            let module = super::module_id(module);
            match failure.error {
                RuleError::User(message) => SuiPublishError::Rule {
                    rule: failure.rule,
                    module,
                    message,
                },
                RuleError::Invariant(message) => SuiPublishError::Invariant {
                    rule: failure.rule,
                    module,
                    message,
                },
            }
        })?;
    }
    Ok(())
}

/// The checks Sui's Move VM makes when it publishes `package`: the package checks, the Move
/// verifier and natives of each module, linkage and cycles — everything
/// [`verify_sui_package`] checks except Sui's own passes, which the Sui adapter adds.
pub fn verify_sui_move_package(
    package: &SuiPackage<'_>,
    dependencies: &[SuiPackage<'_>],
    config: &SuiVerifierConfig,
    natives: Option<KnownNatives<'_>>,
) -> Result<(), VmError> {
    let by_name = package_modules(package)?;
    let shared = config.shared();
    for module in by_name.values() {
        super::verify_module(module, &shared)?;
        check_natives(module, natives)?;
    }
    let linkage = Linkage::new(package, dependencies);
    for dep in linkage.packages.values() {
        linkage.check_package(dep)?;
    }
    linkage.check_package(package)
}

/// The package checks: its modules by id, or why the package is malformed.
fn package_modules<'a>(
    package: &SuiPackage<'a>,
) -> Result<BTreeMap<ModuleId, &'a CompiledModule>, VmError> {
    let at = Location::Package(package.version_id);
    let mut sorted: Vec<&CompiledModule> = package.modules.iter().collect();
    sorted.sort_by(|a, b| a.name().cmp(&b.name()));
    let mut modules = BTreeMap::new();
    for module in sorted {
        let id = super::module_id(module);
        if id.address != package.original_id {
            return Err(VmError::new(StatusCode::MISMATCHED_MODULE_IDS_IN_PACKAGE)
                .at_index(
                    IndexKind::AddressIdentifier,
                    module.self_module_handle_idx.0,
                )
                .at_location(at));
        }
        let name = id.name.clone();
        if modules.insert(id, module).is_some() {
            return Err(VmError::new(StatusCode::DUPLICATE_MODULE_NAME)
                .with_message(format!("Duplicate module name found: '{name}'"))
                .at_location(at));
        }
    }
    if modules.is_empty() {
        return Err(VmError::new(StatusCode::EMPTY_PACKAGE)
            .with_message("Empty packages are not allowed.")
            .at_location(at));
    }
    Ok(modules)
}

/// Native functions must be provided by the VM; native structs are never accepted.
fn check_natives(
    module: &CompiledModule,
    natives: Option<KnownNatives<'_>>,
) -> Result<(), VmError> {
    let at = || Location::Module(super::module_id(module));
    let missing = |idx: usize| {
        VmError::new(StatusCode::MISSING_DEPENDENCY)
            .at_index(IndexKind::FunctionHandle, crate::error::idx_u16(idx))
    };
    if let Some(known) = natives {
        let b = Binary::Module(module);
        let native_defs = module.function_defs.iter().filter(|d| d.is_native());
        for (idx, def) in native_defs.enumerate() {
            let handle = b
                .function_handle(def.function)
                .map_err(|e| e.at_location(at()))?;
            let (address, module_name) = b
                .module_handle(handle.module)
                .and_then(|h| b.module_name(h))
                .map_err(|e| e.at_location(at()))?;
            let name = b.identifier(handle.name).map_err(|e| e.at_location(at()))?;
            if !known(address, module_name, name.as_str()) {
                return Err(missing(idx).at_location(at()));
            }
        }
    }
    // Sui reports a native struct under the function-handle kind, at the struct's position.
    for (idx, def) in module.struct_defs.iter().enumerate() {
        if def.field_information == StructFieldInformation::Native {
            return Err(missing(idx).at_location(at()));
        }
    }
    Ok(())
}

/// The packages a publish links against, by version id, and how original ids relocate.
struct Linkage<'p, 'a> {
    packages: BTreeMap<AccountAddress, &'p SuiPackage<'a>>,
    /// Original id → version id; the package being published maps to itself.
    relocation: HashMap<AccountAddress, AccountAddress>,
}

impl<'p, 'a> Linkage<'p, 'a> {
    fn new(package: &SuiPackage<'a>, dependencies: &'p [SuiPackage<'a>]) -> Self {
        let packages: BTreeMap<_, _> = dependencies.iter().map(|d| (d.version_id, d)).collect();
        let mut relocation: HashMap<_, _> = packages
            .values()
            .map(|d| (d.original_id, d.version_id))
            .collect();
        relocation.insert(package.original_id, package.original_id);
        Linkage {
            packages,
            relocation,
        }
    }

    /// A module of a linked package, by its (original) id.
    fn linked(&self, id: &ModuleId) -> Result<&'a CompiledModule, VmError> {
        let missing = || VmError::new(StatusCode::MISSING_DEPENDENCY);
        let version = self
            .relocation
            .get(&id.address)
            .ok_or_else(|| missing().at_location(Location::Undefined))?;
        let package = self
            .packages
            .get(version)
            .ok_or_else(|| missing().at_location(Location::Package(*version)))?;
        package
            .modules
            .iter()
            .find(|m| m.name() == Some(&id.name))
            .ok_or_else(|| missing().at_location(Location::Package(*version)))
    }

    /// The linkage and cycle checks of one package.
    fn check_package(&self, package: &SuiPackage<'a>) -> Result<(), VmError> {
        let own: BTreeMap<ModuleId, &'a CompiledModule> = package
            .modules
            .iter()
            .map(|m| (super::module_id(m), m))
            .collect();
        for (id, module) in &own {
            let mut resolved = Vec::new();
            for (handle_idx, dep_id) in immediate_dependencies(module) {
                let dep = match own.get(&dep_id) {
                    Some(m) => *m,
                    None => self.linked(&dep_id)?,
                };
                resolved.push((handle_idx, dep_id, dep));
            }
            let refs: Vec<_> = resolved.iter().map(|(h, id, m)| (*h, id, *m)).collect();
            dependencies::check(Binary::Module(module), &refs)
                .map_err(|e| crate::error::finish(e, &Location::Module(id.clone())))?;
        }
        // Cycles: from the last module by name, skipping modules a walk already visited.
        let mut to_visit: BTreeSet<&ModuleId> = own.keys().collect();
        while let Some(start) = to_visit.pop_last() {
            let at = Location::Module(start.clone());
            let mut visited = BTreeSet::new();
            for (_, dep) in immediate_dependencies(
                own.get(start)
                    .copied()
                    .ok_or_else(|| VmError::new(StatusCode::UNKNOWN_INVARIANT_VIOLATION_ERROR))?,
            ) {
                if self.reaches(start, &dep, &own, &mut visited, 0)? {
                    return Err(VmError::new(StatusCode::CYCLIC_MODULE_DEPENDENCY).at_location(at));
                }
            }
            for id in &visited {
                to_visit.remove(id);
            }
        }
        Ok(())
    }

    /// Whether the walk from `cursor` through immediate dependencies reaches `target`.
    fn reaches(
        &self,
        target: &ModuleId,
        cursor: &ModuleId,
        own: &BTreeMap<ModuleId, &'a CompiledModule>,
        visited: &mut BTreeSet<ModuleId>,
        depth: usize,
    ) -> Result<bool, VmError> {
        if cursor == target {
            return Ok(true);
        }
        if !visited.insert(cursor.clone()) {
            return Ok(false);
        }
        // Far beyond any real package graph (Sui bounds dependency depth at 100): refuse
        // rather than exhaust the stack on a hostile one.
        if depth > MAX_WALK_DEPTH {
            return Err(VmError::new(StatusCode::MAX_DEPENDENCY_DEPTH_REACHED)
                .at_location(Location::Module(target.clone())));
        }
        let module = match own.get(cursor) {
            Some(m) => *m,
            None => self
                .linked(cursor)
                .map_err(|e| e.at_location(Location::Module(target.clone())))?,
        };
        for (_, dep) in immediate_dependencies(module) {
            if self.reaches(target, &dep, own, visited, depth.saturating_add(1))? {
                return Ok(true);
            }
        }
        Ok(false)
    }
}

/// Deepest dependency walk of the cycle check.
const MAX_WALK_DEPTH: usize = 1024;

/// The modules a module imports, with the handle that names each (its own handle excluded).
fn immediate_dependencies(module: &CompiledModule) -> Vec<(usize, ModuleId)> {
    let b = Binary::Module(module);
    module
        .module_handles
        .iter()
        .enumerate()
        .filter(|(idx, _)| {
            ModuleHandleIndex(crate::error::idx_u16(*idx)) != module.self_module_handle_idx
        })
        .filter_map(|(idx, h)| b.module_id_for_handle(h).ok().map(|id| (idx, id)))
        .collect()
}
