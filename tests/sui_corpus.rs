//! The Sui corpora (`corpus/sui-framework`: the protocol-130 system packages;
//! `corpus/sui-mainnet`: packages published on mainnet, closed under dependencies): every module
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

/// xorshift64*: a small deterministic PRNG.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        usize::try_from(self.next() % u64::try_from(n.max(1)).unwrap()).unwrap()
    }
}

/// Changes one instruction (to one of the enum instructions among others) or one type, keeping
/// indices in range where the module has the tables.
fn mutate_model(module: &mut CompiledModule, rng: &mut Rng) {
    use tern_binary::{Bytecode, SignatureToken};
    let fcount = module.function_defs.len();
    if rng.below(4) < 3 && fcount > 0 {
        let has_tables = !module.variant_handles.is_empty();
        let def = &mut module.function_defs[rng.below(fcount)];
        let Some(code) = def.code.as_mut() else {
            return;
        };
        let n = code.code.len();
        if n == 0 {
            return;
        }
        let (a, b) = (rng.below(n), rng.below(n));
        match rng.below(3) {
            0 => code.code.swap(a, b),
            1 => {
                code.code.remove(a);
            }
            _ => {
                let handle = tern_binary::VariantHandleIndex(0);
                code.code[a] = match rng.below(9) {
                    0 => Bytecode::Pop,
                    1 => Bytecode::FreezeRef,
                    2 => Bytecode::ReadRef,
                    3 => Bytecode::WriteRef,
                    4 => Bytecode::Branch(u16::try_from(b).unwrap()),
                    5 if has_tables => Bytecode::SuiUnpackVariantImmRef(handle),
                    6 if has_tables => Bytecode::SuiPackVariant(handle),
                    7 if !code.jump_tables.is_empty() => {
                        Bytecode::VariantSwitch(tern_binary::VariantJumpTableIndex(0))
                    }
                    _ => Bytecode::CopyLoc(0),
                };
            }
        }
    } else if !module.signatures.is_empty() {
        let s = rng.below(module.signatures.len());
        if let Some(ty) = module.signatures[s].0.first_mut() {
            *ty = match rng.below(3) {
                0 => SignatureToken::Reference(Box::new(ty.clone())),
                1 => SignatureToken::Vector(Box::new(ty.clone())),
                _ => SignatureToken::TypeParameter(0),
            };
        }
    }
}

#[test]
fn mutated_framework_packages_never_panic_the_verifier() {
    let packages = framework();
    let std_: Vec<CompiledModule> = packages[0].modules.iter().map(|m| m.2.clone()).collect();
    let sui: Vec<CompiledModule> = packages[1].modules.iter().map(|m| m.2.clone()).collect();
    let deps = [
        SuiPackage {
            original_id: AccountAddress::ONE,
            version_id: AccountAddress::ONE,
            modules: &std_,
        },
        SuiPackage {
            original_id: AccountAddress::from_u64(2),
            version_id: AccountAddress::from_u64(2),
            modules: &sui,
        },
    ];
    let config = SuiVerifierConfig::mainnet();
    // Published as one-module packages of `0x3` (sui_system), linked against std and sui.
    let seeds: Vec<&(PathBuf, Vec<u8>, CompiledModule)> = packages[2].modules.iter().collect();
    let publish = |m: CompiledModule| {
        let modules = [m];
        let package = SuiPackage {
            original_id: AccountAddress::from_u64(3),
            version_id: AccountAddress::from_u64(3),
            modules: &modules,
        };
        let _ = verify_sui_package(&package, &deps, &config, None);
    };
    let mut rng = Rng(0x5EED_0000_0000_0003);
    let mut byte_hits = 0;
    for _ in 0..2000 {
        let mut bytes = seeds[rng.below(seeds.len())].1.clone();
        for _ in 0..=rng.below(3) {
            let i = rng.below(bytes.len());
            bytes[i] = u8::try_from(rng.next() & 0xff).unwrap();
        }
        if let Ok(m) = CompiledModule::deserialize_with_config(&bytes, &DeserializerConfig::sui()) {
            byte_hits += 1;
            publish(m);
        }
    }
    // The enum-using framework modules, mutated structurally, as one-module packages of 0x2.
    let enum_modules: Vec<&CompiledModule> = packages[1]
        .modules
        .iter()
        .map(|m| &m.2)
        .filter(|m| !m.enum_defs.is_empty())
        .collect();
    assert!(!enum_modules.is_empty());
    let std_only = &deps[..1];
    for _ in 0..1500 {
        let mut m = enum_modules[rng.below(enum_modules.len())].clone();
        for _ in 0..=rng.below(3) {
            mutate_model(&mut m, &mut rng);
        }
        let mut modules = sui.clone();
        let at = modules.iter().position(|x| x.name() == m.name()).unwrap();
        modules[at] = m;
        let package = SuiPackage {
            original_id: AccountAddress::from_u64(2),
            version_id: AccountAddress::from_u64(2),
            modules: &modules,
        };
        let _ = verify_sui_package(&package, std_only, &config, None);
    }
    eprintln!("verified {byte_hits} byte-mutated and 1500 model-mutated Sui modules");
}

/// One package of the mainnet corpus, from its manifest entry.
struct MainnetPackage {
    id: AccountAddress,
    original_id: AccountAddress,
    label: String,
    modules: Vec<CompiledModule>,
    /// The modules' bytes as stored.
    bytes: Vec<Vec<u8>>,
    /// Original id → the id of the version linked against.
    linkage: Vec<(AccountAddress, AccountAddress)>,
    /// The linkage targets the manifest says the corpus lacks.
    missing: Vec<String>,
}

fn as_sui(p: &MainnetPackage) -> SuiPackage<'_> {
    SuiPackage {
        original_id: p.original_id,
        version_id: p.id,
        modules: &p.modules,
    }
}

fn mainnet() -> Vec<MainnetPackage> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("corpus/sui-mainnet");
    let manifest: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("manifest.json")).unwrap()).unwrap();
    let address =
        |v: &serde_json::Value| AccountAddress::from_hex_literal(v.as_str().unwrap()).unwrap();
    manifest["packages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            let id_text = p["id"].as_str().unwrap();
            let bytes: Vec<Vec<u8>> = p["modules"]
                .as_array()
                .unwrap()
                .iter()
                .map(|name| {
                    let path = dir
                        .join("packages")
                        .join(id_text)
                        .join(format!("{}.mv", name.as_str().unwrap()));
                    std::fs::read(&path).unwrap()
                })
                .collect();
            let modules = bytes
                .iter()
                .map(|b| {
                    CompiledModule::deserialize_with_config(b, &DeserializerConfig::sui()).unwrap()
                })
                .collect();
            let linkage = p["dependencies"]
                .as_object()
                .unwrap()
                .iter()
                .map(|(original, dep)| {
                    (
                        AccountAddress::from_hex_literal(original).unwrap(),
                        address(&dep["upgraded_id"]),
                    )
                })
                .collect();
            let missing = p["missing_dependencies"]
                .as_array()
                .unwrap()
                .iter()
                .map(|d| d.as_str().unwrap().to_string())
                .collect();
            MainnetPackage {
                id: address(&p["id"]),
                original_id: address(&p["original_id"]),
                label: p["label"].as_str().unwrap().to_string(),
                modules,
                bytes,
                linkage,
                missing,
            }
        })
        .collect()
}

/// The corpus is closed under dependencies: every package's linkage is in it, and the
/// manifest's top-level counts are those of its entries.
#[test]
fn the_mainnet_corpus_is_closed_under_dependencies() {
    let packages = mainnet();
    assert_eq!(packages.len(), 54);
    for package in &packages {
        assert!(
            package.missing.is_empty(),
            "{} ({}) lacks {:?}",
            package.label,
            package.id,
            package.missing
        );
        for (original, version) in &package.linkage {
            assert!(
                packages.iter().any(|p| &p.id == version),
                "{} ({}) links {original} at {version}, which the corpus lacks",
                package.label,
                package.id
            );
        }
    }
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("corpus/sui-mainnet");
    let manifest: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("manifest.json")).unwrap()).unwrap();
    let count = |key: &str| usize::try_from(manifest[key].as_u64().unwrap()).unwrap();
    let modules: usize = packages.iter().map(|p| p.modules.len()).sum();
    let bytes: usize = packages.iter().flat_map(|p| &p.bytes).map(Vec::len).sum();
    assert_eq!(count("package_count"), packages.len());
    assert_eq!(count("packages_closed_under_dependencies"), packages.len());
    assert_eq!(count("module_count"), modules);
    assert_eq!(count("total_module_bytes"), bytes);
    assert_eq!((modules, bytes), (319, 459_158));
    // No package folder is left over from a package the manifest does not list.
    let folders = std::fs::read_dir(dir.join("packages")).unwrap().count();
    assert_eq!(folders, packages.len());
}

#[test]
fn mainnet_packages_verify_against_their_dependencies() {
    let packages = mainnet();
    assert_eq!(packages.len(), 54);
    let config = SuiVerifierConfig::mainnet();
    let by_id = |id: &AccountAddress| packages.iter().find(|p| &p.id == id);
    for package in &packages {
        let deps: Vec<SuiPackage<'_>> = package
            .linkage
            .iter()
            .map(|(_, version)| {
                as_sui(by_id(version).unwrap_or_else(|| {
                    panic!("{} ({}): {version} is missing", package.label, package.id)
                }))
            })
            .collect();
        verify_sui_package(&as_sui(package), &deps, &config, None)
            .unwrap_or_else(|e| panic!("{} ({}): {e}", package.label, package.id));
    }
}

#[test]
fn mainnet_modules_round_trip_and_reach_the_disassembly_fixpoint() {
    let packages = mainnet();
    let by_id = |id: &AccountAddress| packages.iter().find(|p| &p.id == id);
    let (mut round_trips, mut fixpoints) = (0, 0);
    for package in &packages {
        // The assembler needs every imported module: the whole linkage.
        let deps: Vec<&CompiledModule> = package
            .linkage
            .iter()
            .map(|(_, version)| by_id(version).unwrap())
            .flat_map(|p| p.modules.iter())
            .collect();
        for (module, bytes) in package.modules.iter().zip(&package.bytes) {
            assert!(
                &module.serialize().unwrap() == bytes,
                "{} does not round-trip",
                package.label
            );
            round_trips += 1;
            let text = disassemble_module(module).unwrap();
            let mut context = deps.clone();
            context.extend(package.modules.iter().filter(|m| *m != module));
            let version = module.version;
            let rebuilt = match assemble(&text, &context, &AsmOptions { version }) {
                Ok(CompiledUnit::Module(m)) => m,
                other => panic!("{} {:?}: {other:?}", package.label, module.name()),
            };
            assert_eq!(
                disassemble_module(&rebuilt).unwrap(),
                text,
                "{}",
                package.label
            );
            fixpoints += 1;
        }
    }
    assert_eq!(round_trips, 319);
    assert_eq!(fixpoints, 319);
    eprintln!("{round_trips} round trips, {fixpoints} disassembly fixpoints");
}

/// Eleven packages besides the framework define enums and branch on them with `variant_switch`
/// (listed by the first eight hex digits of their ids).
#[test]
fn mainnet_corpus_holds_eleven_enum_packages_besides_the_framework() {
    let packages = mainnet();
    let switches = |m: &CompiledModule| {
        m.function_defs.iter().any(|f| {
            f.code.as_ref().is_some_and(|c| {
                c.code
                    .iter()
                    .any(|i| matches!(i, tern_binary::Bytecode::VariantSwitch(_)))
            })
        })
    };
    let with_enums: Vec<String> = packages
        .iter()
        .filter(|p| p.id != AccountAddress::from_u64(2))
        .filter(|p| p.modules.iter().any(|m| !m.enum_defs.is_empty()))
        .filter(|p| p.modules.iter().any(switches))
        .map(|p| p.id.full_hex()[..8].to_string())
        .collect();
    assert_eq!(
        with_enums,
        [
            "0dd38c96", // LayerZero ptb_move_call, other build
            "19990ce2", // LayerZero ptb_move_call, third build
            "26848d19", // LayerZero call/call_cap with multi_call
            "28de9e8e", // LayerZero call/call_cap
            "2c05398b", // Seal key server and IBE decryption
            "7b0c676e", // Wormhole NTT manager
            "7b502c8a", // Pyth Lazer verifier
            "7ecc21a6", // Wormhole NTT manager, third deployment
            "c44d4a86", // LayerZero ptb_move_call
            "c9e63118", // Wormhole NTT manager, earlier build
            "eb055ffc", // Axelar gateway
        ]
    );
}

/// Mainnet's `0x1::fixed_point32` (package version 21, bytecode v6) verifies under both
/// flavors' rules: `get_raw_value` borrows its parameter (`borrow_loc`) before the field.
#[test]
fn mainnet_fixed_point32_verifies_in_both_flavors() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(
        "corpus/sui-mainnet/packages/0x0000000000000000000000000000000000000000000000000000000000000001/fixed_point32.mv",
    );
    let bytes = std::fs::read(path).unwrap();
    assert_eq!(&bytes[4..8], &[6, 0, 0, 0]);
    let aptos = CompiledModule::deserialize(&bytes).unwrap();
    assert_eq!(aptos.flavor, Flavor::Aptos);
    tern_verifier::verify_module(&aptos, &tern_verifier::VerifierConfig::default()).unwrap();
    let sui = CompiledModule::deserialize_with_config(&bytes, &DeserializerConfig::sui()).unwrap();
    assert_eq!(sui.flavor, Flavor::Sui);
    tern_verifier::verify_module(&sui, &tern_verifier::VerifierConfig::default()).unwrap();
}
