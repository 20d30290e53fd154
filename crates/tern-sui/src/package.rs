//! Packages: the versions of published Move code, their linkage and where their types were
//! first defined.

use crate::ids::ObjectId;
use std::collections::BTreeMap;
use std::sync::Arc;
use tern_binary::CompiledModule;
use tern_primitives::{Identifier, StructTag, TypeTag};

/// Which version of a package another package links to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct UpgradeInfo {
    /// The storage id of that version.
    pub upgraded_id: ObjectId,
    /// Its version number (1 for a first publish).
    pub version: u64,
}

/// One published version of a package.
#[derive(Debug, Clone)]
pub struct Package {
    /// This version's id (where it is stored).
    pub id: ObjectId,
    /// The id of the first version: the address every version's modules carry, and the one
    /// other code imports them by.
    pub original_id: ObjectId,
    /// 1 for a first publish, one more for each upgrade.
    pub version: u64,
    /// The modules by name: their bytes and deserialized form.
    pub modules: BTreeMap<String, (Vec<u8>, Arc<CompiledModule>)>,
    /// Every package the modules use, directly or not, by original id: the version used.
    pub linkage: BTreeMap<ObjectId, UpgradeInfo>,
    /// For each datatype, `(module, name)`, the id of the version that first defined it.
    pub type_origins: BTreeMap<(String, String), ObjectId>,
}

impl Package {
    /// A package version from its modules' bytes (read with Sui's rules), its linkage and the
    /// origins of its types (types missing from `type_origins` are taken as defined by `id`).
    pub fn new(
        id: ObjectId,
        original_id: ObjectId,
        version: u64,
        modules: &[Vec<u8>],
        linkage: BTreeMap<ObjectId, UpgradeInfo>,
        type_origins: BTreeMap<(String, String), ObjectId>,
    ) -> Result<Package, crate::error::InputError> {
        let compiled = crate::publish::read_modules(modules)?;
        Ok(crate::publish::make_package(
            id,
            original_id,
            version,
            compiled,
            modules.to_vec(),
            linkage,
            &type_origins,
        ))
    }

    /// The module named `name`.
    pub fn module(&self, name: &str) -> Option<&Arc<CompiledModule>> {
        self.modules.get(name).map(|(_, m)| m)
    }

    /// The storage id of the package with original id `original` as this package links it:
    /// itself, a linked dependency, or `None`.
    pub fn linked(&self, original: &ObjectId) -> Option<ObjectId> {
        if *original == self.original_id {
            return Some(self.id);
        }
        self.linkage.get(original).map(|u| u.upgraded_id)
    }
}

/// Every published package version, by storage id.
#[derive(Debug, Clone, Default)]
pub struct PackageStore {
    packages: BTreeMap<ObjectId, Arc<Package>>,
}

impl PackageStore {
    /// No packages.
    pub fn new() -> PackageStore {
        PackageStore::default()
    }

    /// The package version stored at `id`.
    pub fn get(&self, id: &ObjectId) -> Option<&Arc<Package>> {
        self.packages.get(id)
    }

    /// Stores a package version.
    pub fn insert(&mut self, package: Package) {
        self.packages.insert(package.id, Arc::new(package));
    }

    /// Every package version, by storage id.
    pub fn iter(&self) -> impl Iterator<Item = &Arc<Package>> {
        self.packages.values()
    }

    /// The original id of the package version stored at `id` (itself for an unknown id).
    pub fn original_id(&self, id: &ObjectId) -> ObjectId {
        self.packages.get(id).map_or(*id, |p| p.original_id)
    }
}

/// How the packages one execution uses are linked: for each original id, the package version
/// that serves it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Linkage {
    /// Original id → the version used.
    pub packages: BTreeMap<ObjectId, UpgradeInfo>,
}

impl Linkage {
    /// The linkage of a call into `package`: the package itself and its own linkage.
    pub fn of(package: &Package) -> Linkage {
        let mut packages = package.linkage.clone();
        packages.insert(
            package.original_id,
            UpgradeInfo {
                upgraded_id: package.id,
                version: package.version,
            },
        );
        Linkage { packages }
    }

    /// Adds `package` and its linkage, keeping the newer version where both name one.
    pub fn merge(&mut self, package: &Package) {
        for (original, info) in Linkage::of(package).packages {
            let slot = self.packages.entry(original).or_insert(info);
            if info.version > slot.version {
                *slot = info;
            }
        }
    }

    /// The storage id serving original id `original`.
    pub fn storage_id(&self, original: &ObjectId) -> Option<ObjectId> {
        self.packages.get(original).map(|u| u.upgraded_id)
    }

    /// The id of the package version that first defined `module::name` of the package with
    /// original id `original`, as this linkage and `store` know it.
    pub fn defining_id(
        &self,
        store: &PackageStore,
        original: &ObjectId,
        module: &str,
        name: &str,
    ) -> Option<ObjectId> {
        let package = store.get(&self.storage_id(original)?)?;
        package
            .type_origins
            .get(&(module.to_string(), name.to_string()))
            .copied()
    }

    /// `tag` with each datatype named by the id of the version that defined it (how objects
    /// and events name their types), from the runtime's names (original ids).
    pub fn defining_tag(&self, store: &PackageStore, tag: &StructTag) -> StructTag {
        let address = self
            .defining_id(store, &tag.address, tag.module.as_str(), tag.name.as_str())
            .unwrap_or(tag.address);
        StructTag {
            address,
            module: tag.module.clone(),
            name: tag.name.clone(),
            type_args: tag
                .type_args
                .iter()
                .map(|t| self.defining_type_tag(store, t))
                .collect(),
        }
    }

    /// [`Linkage::defining_tag`] for any type.
    pub fn defining_type_tag(&self, store: &PackageStore, tag: &TypeTag) -> TypeTag {
        match tag {
            TypeTag::Struct(s) => TypeTag::Struct(Box::new(self.defining_tag(store, s))),
            TypeTag::Vector(inner) => {
                TypeTag::Vector(Box::new(self.defining_type_tag(store, inner)))
            }
            other => other.clone(),
        }
    }
}

/// `tag` with each datatype named by the original id of its package (how the runtime names
/// types), from names by defining id.
pub(crate) fn runtime_tag(store: &PackageStore, tag: &StructTag) -> StructTag {
    StructTag {
        address: store.original_id(&tag.address),
        module: tag.module.clone(),
        name: tag.name.clone(),
        type_args: tag
            .type_args
            .iter()
            .map(|t| runtime_type_tag(store, t))
            .collect(),
    }
}

/// [`runtime_tag`] for any type.
pub(crate) fn runtime_type_tag(store: &PackageStore, tag: &TypeTag) -> TypeTag {
    match tag {
        TypeTag::Struct(s) => TypeTag::Struct(Box::new(runtime_tag(store, s))),
        TypeTag::Vector(inner) => TypeTag::Vector(Box::new(runtime_type_tag(store, inner))),
        other => other.clone(),
    }
}

/// The identifier `name` (a Move name known to be valid).
pub(crate) fn ident(name: &str) -> Option<Identifier> {
    Identifier::new(name).ok()
}

/// The defining ids of a transaction's linkage, for the `type_name` natives.
pub(crate) struct LinkedTypeOrigins {
    /// The packages.
    pub(crate) packages: Arc<PackageStore>,
    /// The transaction's linkage.
    pub(crate) linkage: Linkage,
}

impl tern_natives::DefiningIds for LinkedTypeOrigins {
    fn defining_id(&self, original: &ObjectId, module: &str, name: &str) -> Option<ObjectId> {
        self.linkage
            .defining_id(&self.packages, original, module, name)
    }
}
