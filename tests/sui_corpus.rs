//! The Sui corpus (`corpus/sui-framework`: the protocol-130 system packages): every module
//! reads and writes back byte for byte, reaches the disassemble → assemble → disassemble
//! fixpoint against its package's dependencies, and every package verifies as Sui publishes it.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};
use tern_asm::assembler::{assemble, AsmOptions, CompiledUnit};
use tern_asm::disassembler::disassemble_module;
use tern_binary::{CompiledModule, DeserializerConfig, Flavor};
use tern_primitives::AccountAddress;
use tern_verifier::{verify_sui_package, SuiPackage, SuiVerifierConfig};

/// One corpus package: its address and modules (with their bytes), in file-name order.
struct Package {
    address: AccountAddress,
    modules: Vec<(PathBuf, Vec<u8>, CompiledModule)>,
}

fn framework() -> Vec<Package> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("corpus/sui-framework");
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .collect();
    dirs.sort();
    dirs.iter().map(|d| read_package(d)).collect()
}

fn read_package(dir: &Path) -> Package {
    let name = dir.file_name().unwrap().to_str().unwrap();
    let address = AccountAddress::from_hex_literal(name.split('-').next().unwrap()).unwrap();
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "mv"))
        .collect();
    files.sort();
    let modules = files
        .into_iter()
        .map(|path| {
            let bytes = std::fs::read(&path).unwrap();
            let module =
                CompiledModule::deserialize_with_config(&bytes, &DeserializerConfig::sui())
                    .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            (path, bytes, module)
        })
        .collect();
    Package { address, modules }
}

#[test]
fn the_framework_is_the_protocol_130_framework() {
    let packages = framework();
    let counts: Vec<(String, usize)> = packages
        .iter()
        .map(|p| (p.address.to_string(), p.modules.len()))
        .collect();
    let expected = [
        ("0x1", 22),
        ("0x2", 66),
        ("0x3", 11),
        ("0xb", 8),
        ("0xdee9", 7),
    ];
    let expected: Vec<(String, usize)> =
        expected.iter().map(|(a, n)| (a.to_string(), *n)).collect();
    assert_eq!(counts, expected);
    for package in &packages {
        for (path, _, module) in &package.modules {
            assert_eq!(module.flavor, Flavor::Sui, "{}", path.display());
            assert_eq!(module.version, 7, "{}", path.display());
            assert_eq!(module.address(), Some(&package.address));
        }
    }
}

#[test]
fn every_framework_module_round_trips_byte_for_byte() {
    for package in framework() {
        for (path, bytes, module) in &package.modules {
            let written = module.serialize().unwrap();
            assert!(&written == bytes, "{} does not round-trip", path.display());
        }
    }
}

#[test]
fn every_framework_module_reaches_the_disassembly_fixpoint() {
    let packages = framework();
    let all: Vec<&CompiledModule> = packages
        .iter()
        .flat_map(|p| p.modules.iter().map(|(_, _, m)| m))
        .collect();
    for package in &packages {
        for (path, _, module) in &package.modules {
            let text = disassemble_module(module).unwrap();
            let deps: Vec<&CompiledModule> = all.iter().copied().filter(|m| *m != module).collect();
            let again = match assemble(&text, &deps, &AsmOptions { version: 7 }) {
                Ok(CompiledUnit::Module(m)) => m,
                other => panic!("{}: {other:?}", path.display()),
            };
            assert_eq!(
                disassemble_module(&again).unwrap(),
                text,
                "{} is not a fixpoint",
                path.display()
            );
        }
    }
}

#[test]
fn every_framework_package_verifies_as_sui_publishes_it() {
    let packages = framework();
    let modules: Vec<Vec<CompiledModule>> = packages
        .iter()
        .map(|p| p.modules.iter().map(|(_, _, m)| m.clone()).collect())
        .collect();
    let as_sui: Vec<SuiPackage<'_>> = packages
        .iter()
        .zip(&modules)
        .map(|(p, m)| SuiPackage {
            original_id: p.address,
            version_id: p.address,
            modules: m,
        })
        .collect();
    let config = SuiVerifierConfig::mainnet();
    // Each package links against the ones before it (std, sui, sui_system, then bridge and
    // deepbook, which use the first three).
    for (i, package) in as_sui.iter().enumerate() {
        let deps: Vec<SuiPackage<'_>> = as_sui.iter().take(i.min(3)).copied().collect();
        verify_sui_package(package, &deps, &config, None)
            .unwrap_or_else(|e| panic!("{}: {e}", package.original_id));
    }
}
