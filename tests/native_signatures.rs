//! The Aptos natives bind only where a module declares them as the framework does: every
//! native of the real framework (`../shared/corpus/aptos-framework`, skipped with a message
//! when absent) is registered with the signature the framework declares
//! (`tern_natives::APTOS_NATIVE_SIGNATURES`), and a module declaring one with another
//! signature gets a native that fails naming both.
//!
//! When the framework changes, `TERN_BLESS_SIGNATURES=1 cargo test --release --test
//! native_signatures` rewrites `crates/tern-natives/src/aptos_signatures.rs` from it (then
//! `cargo fmt`).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod aptos_common;

use std::collections::BTreeMap;
use std::fmt::Write as _;
use tern::{ModuleId, MoveValue, StatusCode, Vm};
use tern_vm::natives::NativeSignature;
use tern_vm::Session;

/// `module::function` → (parameters, results), as the framework in the corpus declares them.
type Declared = BTreeMap<(String, String), (Vec<String>, Vec<String>)>;

fn framework_declarations(vm: &Vm, dir: &std::path::Path) -> Declared {
    let runtime = vm.runtime().clone();
    let mut session = Session::new(&runtime, vm.storage());
    let mut out = Declared::new();
    let mut ids = Vec::new();
    for package in tern::APTOS_FRAMEWORK_PACKAGES {
        for entry in std::fs::read_dir(dir.join(package)).unwrap() {
            let bytes = std::fs::read(entry.unwrap().path()).unwrap();
            if let Ok(m) = tern_binary::CompiledModule::deserialize(&bytes) {
                ids.extend(m.self_id());
            }
        }
    }
    for id in ids {
        for (name, signature) in session.declared_natives(&id).unwrap() {
            let NativeSignature { params, returns } = signature;
            out.insert(
                (id.name.as_str().to_string(), name.as_str().to_string()),
                (params, returns),
            );
        }
    }
    out
}

fn table() -> Declared {
    tern_natives::APTOS_NATIVE_SIGNATURES
        .iter()
        .map(|(m, f, params, returns)| {
            let strings = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
            (
                (m.to_string(), f.to_string()),
                (strings(params), strings(returns)),
            )
        })
        .collect()
}

fn render(declared: &Declared) -> String {
    let mut out = String::from(
        "//! The signature of every native the Aptos framework declares (`MoveStdlib`, `AptosStdlib`,
//! `AptosFramework`, all at `0x1`), as the framework declares it; the Aptos native sets are
//! registered with these ([`crate::expect_aptos_signatures`]).
//!
//! Generated from `../shared/corpus/aptos-framework` by `tests/native_signatures.rs`
//! (`TERN_BLESS_SIGNATURES=1`); do not edit by hand.

/// `(module, function, parameters, results)` of each native at `0x1`.
pub const APTOS_NATIVE_SIGNATURES: &[(&str, &str, &[&str], &[&str])] = &[
",
    );
    let quoted = |v: &[String]| {
        v.iter()
            .map(|s| format!("{s:?}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    for ((m, f), (params, returns)) in declared {
        writeln!(
            out,
            "    ({m:?}, {f:?}, &[{}], &[{}]),",
            quoted(params),
            quoted(returns)
        )
        .unwrap();
    }
    out.push_str("];\n");
    out
}

#[test]
fn the_table_holds_every_framework_native_as_declared() {
    let Some(dir) = aptos_common::corpus() else {
        return;
    };
    let vm = Vm::with_aptos_framework(&dir).unwrap();
    let declared = framework_declarations(&vm, &dir);
    assert_eq!(declared.len(), 169, "the framework declares 169 natives");
    if declared != table() {
        if std::env::var_os("TERN_BLESS_SIGNATURES").is_some() {
            let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("crates/tern-natives/src/aptos_signatures.rs");
            std::fs::write(&path, render(&declared)).unwrap();
            println!("wrote {}", path.display());
        } else {
            panic!("the native signature table differs from the framework's declarations; rerun with TERN_BLESS_SIGNATURES=1");
        }
    }
}

#[test]
fn every_registered_aptos_native_expects_its_signature() {
    let registry = tern::aptos_framework_natives();
    for (module, function, params, returns) in tern_natives::APTOS_NATIVE_SIGNATURES {
        let id = ModuleId::new(
            tern::AccountAddress::ONE,
            tern::Identifier::new(*module).unwrap(),
        );
        if registry.lookup(&id, function).is_none() {
            continue;
        }
        assert_eq!(
            registry.signature(&id, function),
            Some(&NativeSignature::new(params, returns)),
            "{module}::{function}"
        );
    }
}

#[test]
fn a_native_declared_with_another_signature_fails_naming_both() {
    let mut vm = Vm::with_parts(
        tern::VmConfig::default(),
        tern::aptos_framework_natives(),
        Box::new(tern_vm::InMemoryStorage::new()),
    );
    vm.set_reserved_publishing(true);
    // `sip_hash` takes the bytes of a `vector<u8>`; declared over a `u64`, it would read a
    // number as a vector.
    vm.publish_masm(
        "module 0x1::aptos_hash\npublic native fun sip_hash(bytes: u64): u64\npublic native fun keccak256(bytes: vector<u8>): vector<u8>\n",
    )
    .unwrap();
    let err = vm
        .call("0x1::aptos_hash::sip_hash", &[], &[MoveValue::U64(7)])
        .unwrap_err();
    assert_eq!(err.status(), StatusCode::MISSING_DEPENDENCY);
    let message = err.message().unwrap_or_default().to_string();
    assert!(
        message.contains("declared as (u64): u64") && message.contains("(vector<u8>): u64"),
        "{message}"
    );
    // Declared as the framework does, the native runs.
    let out = vm
        .call(
            "0x1::aptos_hash::keccak256",
            &[],
            &[MoveValue::Vector(Vec::new())],
        )
        .unwrap();
    assert_eq!(out.values.len(), 1);
}
