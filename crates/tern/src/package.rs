//! Compiled packages on disk: a folder of `.mv` modules (a build's `bytecode_modules`)
//! published as one bundle, and the real Aptos framework at `0x1` in place of Tern's own
//! standard library.

use crate::Vm;
use std::io::Read;
use std::path::{Path, PathBuf};
use tern_primitives::{ModuleId, VmError};
use tern_vm::natives::NativeRegistry;
use tern_vm::{InMemoryStorage, VmConfig};

/// The framework packages [`Vm::with_aptos_framework`] publishes at `0x1`, in dependency
/// order. The others (`AptosToken` at `0x3`, …) depend on these and can be published after
/// them with [`Vm::publish_package_dir`].
pub const APTOS_FRAMEWORK_PACKAGES: [&str; 3] = ["MoveStdlib", "AptosStdlib", "AptosFramework"];

/// Largest module file read: far above any Move binary (the largest Aptos framework module is
/// under 200 KB), so that a device or a huge file is refused instead of filling memory.
const MAX_MODULE_BYTES: u64 = 64 * 1024 * 1024;

/// Why a package could not be read or published. The message says what and where; the
/// cause (the I/O or VM error) is its [`std::error::Error::source`].
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PackageError {
    /// A file or folder could not be read.
    #[error("cannot read {}", path.display())]
    Read {
        /// The file or folder.
        path: PathBuf,
        /// The I/O error.
        #[source]
        source: std::io::Error,
    },
    /// A file is larger than any Move binary.
    #[error("{}: larger than {} MiB, not a Move binary", path.display(), MAX_MODULE_BYTES >> 20)]
    TooLarge {
        /// The file.
        path: PathBuf,
    },
    /// A folder holds no `.mv` file.
    #[error("{}: no `.mv` modules in this folder", path.display())]
    Empty {
        /// The folder.
        path: PathBuf,
    },
    /// The package's modules did not publish (deserializing, verifying or linking them).
    #[error("{} does not publish", path.display())]
    Publish {
        /// The package's folder.
        path: PathBuf,
        /// The VM's error.
        #[source]
        source: VmError,
    },
}

/// The bytes of the `.mv` files directly in `dir`, sorted by file name. Subfolders (such as
/// the `dependencies` folder of a build) are not read: publish them as their own packages.
pub fn read_package_dir(dir: &Path) -> Result<Vec<Vec<u8>>, PackageError> {
    let read_err = |path: &Path| {
        let path = path.to_path_buf();
        move |source| PackageError::Read { path, source }
    };
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(read_err(dir))? {
        let path = entry.map_err(read_err(dir))?.path();
        if path.is_file() && path.extension().is_some_and(|e| e == "mv") {
            files.push(path);
        }
    }
    if files.is_empty() {
        return Err(PackageError::Empty {
            path: dir.to_path_buf(),
        });
    }
    files.sort();
    files.iter().map(|f| read_module_file(f)).collect()
}

/// The bytes of one module file, refused past 64 MiB (far above any Move binary).
pub fn read_module_file(path: &Path) -> Result<Vec<u8>, PackageError> {
    let file = std::fs::File::open(path).map_err(|source| PackageError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    let mut bytes = Vec::new();
    file.take(MAX_MODULE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|source| PackageError::Read {
            path: path.to_path_buf(),
            source,
        })?;
    if bytes.len() as u64 > MAX_MODULE_BYTES {
        return Err(PackageError::TooLarge {
            path: path.to_path_buf(),
        });
    }
    Ok(bytes)
}

/// The natives of a VM running the real Aptos framework: every framework native Tern
/// implements. A framework function whose native is missing fails when called, with
/// `MISSING_DEPENDENCY` and the message `Missing Native Function `name``.
///
/// This is the one place the registry of framework runs is built (`tern run --framework`
/// uses it too).
pub fn aptos_framework_natives() -> NativeRegistry {
    let mut registry = NativeRegistry::new();
    // MoveStdlib and AptosStdlib: vector, bcs, cmp, mem, string, hashes, type_info, from_bcs,
    // string_utils, debug, table.
    tern_natives::aptos::add_aptos_stdlib_natives(&mut registry);
    // Ed25519, multi-Ed25519, secp256k1, BLS12-381, Ristretto255 and Bulletproofs.
    tern_natives::aptos_crypto::add_aptos_crypto_natives(&mut registry);
    // AptosFramework: create_signer, util, object address derivation, transaction_context,
    // events and randomness over in-memory host state; the rest (exists_at, aggregators, …)
    // and `crypto_algebra` are not implemented: calling one fails naming it.
    tern_natives::add_aptos_framework_natives(&mut registry);
    registry
}

impl Vm {
    /// A VM running the real Aptos framework instead of Tern's standard library: the natives
    /// of [`aptos_framework_natives`], then the packages of [`APTOS_FRAMEWORK_PACKAGES`]
    /// published from `dir`'s subfolders of those names (each a folder of `.mv` files, such
    /// as `aptos-move/framework`'s build output or a release bundle unpacked), each as one
    /// bundle.
    ///
    /// ```no_run
    /// use tern::{MoveValue, Vm};
    /// use std::path::Path;
    ///
    /// let mut vm = Vm::with_aptos_framework(Path::new("corpus/aptos-framework"))?;
    /// // A package built against the framework, then one of its functions.
    /// vm.publish_package_dir(Path::new("build/my_pkg/bytecode_modules"))?;
    /// let out = vm.call("0x1::math64::sqrt", &[], &[MoveValue::U64(1_000_000)])?;
    /// assert_eq!(out.values, vec![MoveValue::U64(1000)]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_aptos_framework(dir: &Path) -> Result<Vm, PackageError> {
        Vm::with_aptos_framework_config(dir, VmConfig::default())
    }

    /// [`Vm::with_aptos_framework`] with this VM configuration (limits, memory quota).
    pub fn with_aptos_framework_config(dir: &Path, config: VmConfig) -> Result<Vm, PackageError> {
        let mut vm = Vm::with_parts(
            config,
            aptos_framework_natives(),
            Box::new(InMemoryStorage::new()),
        );
        // The framework's own rules (`code::publish_package`) decide who publishes where.
        vm.set_reserved_publishing(true);
        for package in APTOS_FRAMEWORK_PACKAGES {
            vm.publish_package_dir(&dir.join(package))?;
        }
        Ok(vm)
    }

    /// Publishes the `.mv` files directly in `dir` (a package's `bytecode_modules` folder) as
    /// one bundle ([`Vm::publish_bundle`]), returning the ids of its modules. The packages it
    /// depends on must be published first.
    ///
    /// ```
    /// use tern::{MoveValue, Vm};
    ///
    /// // Compile a module to a folder (`tern asm` or the Move compiler would write it).
    /// let mut build = Vm::with_stdlib()?;
    /// let id = build.publish_masm("module 0x42::m\npublic fun f(): u64\n    ld_u64 7\n    ret\n")?;
    /// let dir = std::env::temp_dir().join(format!("tern-doc-{}", std::process::id()));
    /// std::fs::create_dir_all(&dir)?;
    /// let bytes = build.storage().module(&id)?.ok_or("not stored")?.serialize()?;
    /// std::fs::write(dir.join("m.mv"), bytes)?;
    ///
    /// let mut vm = Vm::with_stdlib()?;
    /// assert_eq!(vm.publish_package_dir(&dir)?, vec![id]);
    /// assert_eq!(vm.call("0x42::m::f", &[], &[])?.values, vec![MoveValue::U64(7)]);
    /// # std::fs::remove_dir_all(&dir)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn publish_package_dir(&mut self, dir: &Path) -> Result<Vec<ModuleId>, PackageError> {
        let bundle = read_package_dir(dir)?;
        self.publish_bundle(&bundle)
            .map_err(|source| PackageError::Publish {
                path: dir.to_path_buf(),
                source,
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::MoveValue;

    #[test]
    fn a_folder_without_modules_is_refused_by_name() {
        let dir = std::env::temp_dir().join(format!("tern-empty-pkg-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let err = Vm::default().publish_package_dir(&dir).unwrap_err();
        assert!(matches!(err, PackageError::Empty { .. }), "{err}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_aptos_framework_runs_when_present() {
        let dir =
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus/aptos-framework");
        if !dir.is_dir() {
            println!("skipped: {} not found", dir.display());
            return;
        }
        let mut vm = Vm::with_aptos_framework(&dir).unwrap();
        let out = vm
            .call("0x1::math64::sqrt", &[], &[MoveValue::U64(1_000_000)])
            .unwrap();
        assert_eq!(out.values, vec![MoveValue::U64(1000)]);
        // Aptos's `vector`, not Tern's: `range` is Aptos's own.
        let out = vm
            .call(
                "0x1::vector::range",
                &[],
                &[MoveValue::U64(1), MoveValue::U64(3)],
            )
            .unwrap();
        assert_eq!(out.return_values, vec!["[1, 2]".to_string()]);
    }
}
