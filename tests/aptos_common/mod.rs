//! What the tests on the real Aptos framework share: finding the corpus, a VM with its
//! standard libraries published, calls, and the natives its packages declare.

#![allow(dead_code, unreachable_pub)] // each test file uses some of these

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use tern::{MoveValue, Vm};
use tern_primitives::TypeTag;
use tern_vm::natives::NativeRegistry;
use tern_vm::{InMemoryStorage, VmConfig};

/// `../shared/corpus/aptos-framework` if it holds the framework's packages; otherwise prints
/// that the test is skipped.
pub fn corpus() -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/aptos-framework");
    if tern::APTOS_FRAMEWORK_PACKAGES
        .iter()
        .all(|p| dir.join(p).is_dir())
    {
        Some(dir)
    } else {
        println!("skipped: {} is absent", dir.display());
        None
    }
}

/// A VM with `natives` and MoveStdlib and AptosStdlib published; `None` without the corpus.
pub fn stdlib_vm(natives: NativeRegistry) -> Option<Vm> {
    stdlib_vm_with(VmConfig::default(), natives)
}

/// [`stdlib_vm`] with `config`.
pub fn stdlib_vm_with(config: VmConfig, natives: NativeRegistry) -> Option<Vm> {
    let dir = corpus()?;
    let mut vm = Vm::with_parts(config, natives, Box::new(InMemoryStorage::new()));
    vm.set_reserved_publishing(true);
    for package in ["MoveStdlib", "AptosStdlib"] {
        vm.publish_package_dir(&dir.join(package)).unwrap();
    }
    Some(vm)
}

/// A type from its text.
pub fn ty(s: &str) -> TypeTag {
    s.parse().unwrap()
}

/// The values `function` returns (it must succeed).
pub fn call(vm: &mut Vm, function: &str, tys: &[&str], args: &[MoveValue]) -> Vec<MoveValue> {
    let tys: Vec<TypeTag> = tys.iter().map(|t| ty(t)).collect();
    vm.call(function, &tys, args)
        .unwrap_or_else(|e| panic!("{function}: {e}"))
        .values
}

/// The bytes of a hex string.
pub fn hex(s: &str) -> Vec<u8> {
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
        .collect()
}

/// Every native the `packages` of the corpus in `dir` declare, as `module::function`.
pub fn declared_natives(dir: &Path, packages: &[&str]) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for package in packages {
        for entry in std::fs::read_dir(dir.join(package)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension() != Some(std::ffi::OsStr::new("mv")) {
                continue;
            }
            let bytes = std::fs::read(&path).unwrap();
            let m = tern_binary::CompiledModule::deserialize(&bytes).unwrap();
            let module = m.self_id().unwrap().name.as_str().to_string();
            for def in m.function_defs.iter().filter(|d| d.is_native()) {
                let handle = &m.function_handles[def.function.0 as usize];
                let name = m.identifiers[handle.name.0 as usize].as_str();
                out.insert(format!("{module}::{name}"));
            }
        }
    }
    out
}
