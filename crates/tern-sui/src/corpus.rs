//! Packages published on Sui mainnet, kept in Tern's corpus format (`corpus/sui-mainnet`:
//! a `manifest.json` and `packages/<id>/<module>.mv`), turned into [`Package`]s and installed
//! on a [`SuiChain`] with the packages they link to.
//!
//! ```no_run
//! use std::path::Path;
//! use tern_sui::{corpus, SuiChain};
//!
//! let manifest = corpus::load_manifest(Path::new("corpus/sui-mainnet"))?;
//! let mut chain = SuiChain::with_framework()?;
//! let id = tern_primitives::AccountAddress::from_hex_literal(
//!     "0x0004e706dcaab822e4b2e753b855ffcaa0916989868fd5429b58e47591dfb3be",
//! )?;
//! let installed = manifest.install_with_dependencies(&mut chain, id)?;
//! assert!(installed.missing.is_empty());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::chain::SuiChain;
use crate::error::InputError;
use crate::ids::ObjectId;
use crate::package::{Package, UpgradeInfo};
use serde_json::{Map, Value};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use tern_primitives::AccountAddress;

/// The `format` the manifest must declare.
pub const MANIFEST_FORMAT: &str = "tern-sui-corpus/1";

/// Why a corpus, one of its entries or one of its module files could not be used.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum CorpusError {
    /// A file could not be read.
    #[error("cannot read {}: {source}", .path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// The manifest is not JSON.
    #[error("{} is not JSON: {source}", .path.display())]
    Json {
        /// The manifest file.
        path: PathBuf,
        /// Why.
        #[source]
        source: serde_json::Error,
    },
    /// An entry of the manifest is missing or malformed.
    #[error("{}: {entry}: {reason}", .path.display())]
    Manifest {
        /// The manifest file.
        path: PathBuf,
        /// Where in it, as a JSON path (`packages[3].dependencies`).
        entry: String,
        /// What is wrong.
        reason: String,
    },
    /// No package of the manifest has this id.
    #[error("package {} is not in the corpus", .0.to_hex_literal())]
    UnknownPackage(ObjectId),
    /// A module file does not deserialize with Sui's rules.
    #[error("{}: {error}", .path.display())]
    BadModule {
        /// The module file.
        path: PathBuf,
        /// Why.
        error: String,
    },
    /// A module file holds another module than its manifest entry names: its name or its
    /// address (which must be the package's original id) differs.
    #[error("{}: holds module {found}, expected {expected}", .path.display())]
    ModuleMismatch {
        /// The module file.
        path: PathBuf,
        /// `address::name` the manifest implies.
        expected: String,
        /// `address::name` the file holds.
        found: String,
    },
}

/// One package of the manifest: what is needed to rebuild it as a [`Package`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CorpusPackage {
    /// Storage id of this version.
    pub id: ObjectId,
    /// Id of version 1 (the address its modules carry).
    pub original_id: ObjectId,
    /// Object version of the package.
    pub version: u64,
    /// A short human-readable name.
    pub label: String,
    /// Module names; each is stored as `packages/<id>/<name>.mv`.
    pub modules: Vec<String>,
    /// The linkage table: original id → the version linked.
    pub linkage: BTreeMap<ObjectId, UpgradeInfo>,
    /// For each datatype `(module, name)`, the id of the version that first defined it.
    pub type_origins: BTreeMap<(String, String), ObjectId>,
    /// Linkage targets (storage ids) that the corpus does not hold.
    pub missing_dependencies: Vec<ObjectId>,
    /// Modules with enum tables.
    pub enum_modules: Vec<String>,
    /// The folder name of its modules (the id as the manifest spells it).
    folder: String,
}

/// A corpus: its folder and the packages its manifest lists.
#[derive(Debug, Clone)]
pub struct CorpusManifest {
    dir: PathBuf,
    packages: BTreeMap<ObjectId, CorpusPackage>,
}

/// What [`CorpusManifest::install_with_dependencies`] did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Installed {
    /// Packages installed from the corpus, by storage id, dependencies first.
    pub installed: Vec<ObjectId>,
    /// Packages the chain already stored under their storage id and kept as they were (the
    /// framework packages `0x1` and `0x2`, among others).
    pub kept: Vec<ObjectId>,
    /// Linkage targets neither the chain nor the corpus holds. Calls into code that needs
    /// them fail when that code is linked.
    pub missing: Vec<ObjectId>,
}

/// Reads `dir/manifest.json`, the manifest of the corpus in `dir`. Module files are read later,
/// by [`CorpusManifest::package`].
pub fn load_manifest(dir: &Path) -> Result<CorpusManifest, CorpusError> {
    let path = dir.join("manifest.json");
    let text = std::fs::read_to_string(&path).map_err(|source| CorpusError::Io {
        path: path.clone(),
        source,
    })?;
    CorpusManifest::parse(dir, &path, &text)
}

impl CorpusManifest {
    /// The manifest `text` (read from `manifest`) of the corpus in `dir`.
    pub fn parse(dir: &Path, manifest: &Path, text: &str) -> Result<CorpusManifest, CorpusError> {
        let root: Value = serde_json::from_str(text).map_err(|source| CorpusError::Json {
            path: manifest.to_path_buf(),
            source,
        })?;
        let reader = Reader { path: manifest };
        let root = reader.object(&root, "$")?;
        let format = reader.string(root, "$", "format")?;
        if format != MANIFEST_FORMAT {
            return Err(reader.error(
                "$.format",
                format!("format {format:?}, expected {MANIFEST_FORMAT:?}"),
            ));
        }
        let list = reader.array(root, "$", "packages")?;
        let mut packages = BTreeMap::new();
        for (i, entry) in list.iter().enumerate() {
            let at = format!("packages[{i}]");
            let package = reader.package(entry, &at)?;
            if packages.insert(package.id, package).is_some() {
                return Err(reader.error(&at, "a second entry with this id".to_string()));
            }
        }
        Ok(CorpusManifest {
            dir: dir.to_path_buf(),
            packages,
        })
    }

    /// The corpus folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Every package of the manifest, by storage id.
    pub fn entries(&self) -> impl Iterator<Item = &CorpusPackage> {
        self.packages.values()
    }

    /// The manifest entry of the package stored at `id`.
    pub fn entry(&self, id: ObjectId) -> Option<&CorpusPackage> {
        self.packages.get(&id)
    }

    /// The package stored at `id`, built from its module files, linkage and type origins
    /// (checked: each file holds the module its name says, at the package's original id).
    pub fn package(&self, id: ObjectId) -> Result<Package, CorpusError> {
        let entry = self
            .packages
            .get(&id)
            .ok_or(CorpusError::UnknownPackage(id))?;
        let folder = self.dir.join("packages").join(&entry.folder);
        let mut paths = Vec::with_capacity(entry.modules.len());
        let mut bytes = Vec::with_capacity(entry.modules.len());
        for name in &entry.modules {
            let path = folder.join(format!("{name}.mv"));
            let b = std::fs::read(&path).map_err(|source| CorpusError::Io {
                path: path.clone(),
                source,
            })?;
            paths.push(path);
            bytes.push(b);
        }
        let package = Package::new(
            entry.id,
            entry.original_id,
            entry.version,
            &bytes,
            entry.linkage.clone(),
            entry.type_origins.clone(),
        )
        .map_err(|e| bad_module(&paths, e))?;
        check_modules(entry, &package, &paths)?;
        Ok(package)
    }

    /// Installs the package stored at `id` and every package its linkage names (as genesis
    /// would: no verification, no `init`), dependencies first.
    ///
    /// A package the chain already stores under the same storage id is kept, not replaced:
    /// the chain's framework (`0x1`, `0x2`, Sui's protocol-130 build) is newer than the
    /// corpus's copies (`0x1` v21, `0x2` v46, which differ from it byte for byte), and user
    /// packages are linked against framework versions v3 to v58 whose public functions later
    /// versions keep, so the chain's framework is used. `0x3`, which the chain does not
    /// store, is installed from the corpus when a package links it. Linkage targets the corpus
    /// lacks are listed in [`Installed::missing`], not treated as errors: code that does not
    /// reach them still runs.
    pub fn install_with_dependencies(
        &self,
        chain: &mut SuiChain,
        id: ObjectId,
    ) -> Result<Installed, CorpusError> {
        let root = self
            .packages
            .get(&id)
            .ok_or(CorpusError::UnknownPackage(id))?;
        let mut out = Installed::default();
        let mut seen = BTreeSet::new();
        let mut order = Vec::new();
        self.collect(root, &mut seen, &mut order, &mut out);
        for id in order {
            if chain.package(&id).is_some() {
                out.kept.push(id);
            } else {
                chain.install_package(self.package(id)?);
                out.installed.push(id);
            }
        }
        Ok(out)
    }

    /// Appends `entry`'s dependencies (depth first) and then `entry` to `order`; linkage
    /// targets outside the corpus go to `out.missing`.
    fn collect(
        &self,
        entry: &CorpusPackage,
        seen: &mut BTreeSet<ObjectId>,
        order: &mut Vec<ObjectId>,
        out: &mut Installed,
    ) {
        if !seen.insert(entry.id) {
            return;
        }
        for info in entry.linkage.values() {
            match self.packages.get(&info.upgraded_id) {
                Some(dep) => self.collect(dep, seen, order, out),
                None => {
                    if seen.insert(info.upgraded_id) {
                        out.missing.push(info.upgraded_id);
                    }
                }
            }
        }
        order.push(entry.id);
    }
}

/// Maps a [`Package::new`] error on module `index` to the file it came from.
fn bad_module(paths: &[PathBuf], error: InputError) -> CorpusError {
    match error {
        InputError::BadModule { index, error } => CorpusError::BadModule {
            path: paths.get(index).cloned().unwrap_or_default(),
            error,
        },
        other => CorpusError::BadModule {
            path: PathBuf::new(),
            error: other.to_string(),
        },
    }
}

/// Checks that the package holds exactly the modules its entry names, at its original id.
fn check_modules(
    entry: &CorpusPackage,
    package: &Package,
    paths: &[PathBuf],
) -> Result<(), CorpusError> {
    for (name, path) in entry.modules.iter().zip(paths) {
        let expected = format!("{}::{name}", entry.original_id.to_hex_literal());
        let found = match package.module(name).and_then(|m| m.self_id()) {
            Some(id) if id.address == entry.original_id => continue,
            Some(id) => format!("{}::{}", id.address.to_hex_literal(), id.name),
            None => "another module".to_string(),
        };
        return Err(CorpusError::ModuleMismatch {
            path: path.clone(),
            expected,
            found,
        });
    }
    Ok(())
}

/// Reads typed fields out of the manifest's JSON, naming the entry on error.
struct Reader<'a> {
    path: &'a Path,
}

impl Reader<'_> {
    fn error(&self, entry: &str, reason: String) -> CorpusError {
        CorpusError::Manifest {
            path: self.path.to_path_buf(),
            entry: entry.to_string(),
            reason,
        }
    }

    fn object<'v>(&self, v: &'v Value, at: &str) -> Result<&'v Map<String, Value>, CorpusError> {
        v.as_object()
            .ok_or_else(|| self.error(at, "not an object".to_string()))
    }

    fn field<'v>(
        &self,
        obj: &'v Map<String, Value>,
        at: &str,
        key: &str,
    ) -> Result<&'v Value, CorpusError> {
        obj.get(key)
            .ok_or_else(|| self.error(&format!("{at}.{key}"), "missing".to_string()))
    }

    fn string<'v>(
        &self,
        obj: &'v Map<String, Value>,
        at: &str,
        key: &str,
    ) -> Result<&'v str, CorpusError> {
        self.field(obj, at, key)?
            .as_str()
            .ok_or_else(|| self.error(&format!("{at}.{key}"), "not a string".to_string()))
    }

    fn u64(&self, obj: &Map<String, Value>, at: &str, key: &str) -> Result<u64, CorpusError> {
        self.field(obj, at, key)?.as_u64().ok_or_else(|| {
            self.error(
                &format!("{at}.{key}"),
                "not an unsigned integer".to_string(),
            )
        })
    }

    fn array<'v>(
        &self,
        obj: &'v Map<String, Value>,
        at: &str,
        key: &str,
    ) -> Result<&'v Vec<Value>, CorpusError> {
        self.field(obj, at, key)?
            .as_array()
            .ok_or_else(|| self.error(&format!("{at}.{key}"), "not an array".to_string()))
    }

    fn address(&self, text: &str, at: &str) -> Result<AccountAddress, CorpusError> {
        AccountAddress::from_hex_literal(text)
            .map_err(|e| self.error(at, format!("{text:?} is not an address: {e}")))
    }

    fn id_field(
        &self,
        obj: &Map<String, Value>,
        at: &str,
        key: &str,
    ) -> Result<AccountAddress, CorpusError> {
        let text = self.string(obj, at, key)?;
        self.address(text, &format!("{at}.{key}"))
    }

    /// A list of strings (module names).
    fn names(
        &self,
        obj: &Map<String, Value>,
        at: &str,
        key: &str,
    ) -> Result<Vec<String>, CorpusError> {
        let mut out = Vec::new();
        for (i, v) in self.array(obj, at, key)?.iter().enumerate() {
            let name = v
                .as_str()
                .ok_or_else(|| self.error(&format!("{at}.{key}[{i}]"), "not a string".into()))?;
            if tern_primitives::Identifier::new(name).is_err() {
                let reason = format!("{name:?} is not a Move identifier");
                return Err(self.error(&format!("{at}.{key}[{i}]"), reason));
            }
            out.push(name.to_string());
        }
        Ok(out)
    }

    /// A package entry.
    fn package(&self, v: &Value, at: &str) -> Result<CorpusPackage, CorpusError> {
        let obj = self.object(v, at)?;
        let folder = self.string(obj, at, "id")?;
        if folder.contains(['/', '\\']) || folder.starts_with('.') {
            return Err(self.error(&format!("{at}.id"), format!("{folder:?} is not an id")));
        }
        let id = self.address(folder, &format!("{at}.id"))?;
        let mut missing_dependencies = Vec::new();
        for (i, v) in self
            .array(obj, at, "missing_dependencies")?
            .iter()
            .enumerate()
        {
            let here = format!("{at}.missing_dependencies[{i}]");
            let text = v
                .as_str()
                .ok_or_else(|| self.error(&here, "not a string".to_string()))?;
            missing_dependencies.push(self.address(text, &here)?);
        }
        Ok(CorpusPackage {
            id,
            original_id: self.id_field(obj, at, "original_id")?,
            version: self.u64(obj, at, "version")?,
            label: self.string(obj, at, "label")?.to_string(),
            modules: self.names(obj, at, "modules")?,
            linkage: self.linkage(obj, at)?,
            type_origins: self.type_origins(obj, at)?,
            missing_dependencies,
            enum_modules: self.names(obj, at, "enum_modules")?,
            folder: folder.to_string(),
        })
    }

    /// `dependencies`: original id → `upgraded_id`, `upgraded_version`.
    fn linkage(
        &self,
        obj: &Map<String, Value>,
        at: &str,
    ) -> Result<BTreeMap<ObjectId, UpgradeInfo>, CorpusError> {
        let at = format!("{at}.dependencies");
        let deps = obj
            .get("dependencies")
            .ok_or_else(|| self.error(&at, "missing".to_string()))?;
        let mut out = BTreeMap::new();
        for (original, info) in self.object(deps, &at)? {
            let here = format!("{at}.{original}");
            let info = self.object(info, &here)?;
            out.insert(
                self.address(original, &here)?,
                UpgradeInfo {
                    upgraded_id: self.id_field(info, &here, "upgraded_id")?,
                    version: self.u64(info, &here, "upgraded_version")?,
                },
            );
        }
        Ok(out)
    }

    /// `type_origins`: `{module_name, datatype_name, package}` records.
    fn type_origins(
        &self,
        obj: &Map<String, Value>,
        at: &str,
    ) -> Result<BTreeMap<(String, String), ObjectId>, CorpusError> {
        let mut out = BTreeMap::new();
        for (i, v) in self.array(obj, at, "type_origins")?.iter().enumerate() {
            let here = format!("{at}.type_origins[{i}]");
            let origin = self.object(v, &here)?;
            let module = self.string(origin, &here, "module_name")?.to_string();
            let name = self.string(origin, &here, "datatype_name")?.to_string();
            out.insert((module, name), self.id_field(origin, &here, "package")?);
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests;
