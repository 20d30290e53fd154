//! The Sui-flavor twins: each one assembles to a Sui module that Sui's verifier accepts as a
//! package publish, and returns what its Aptos-flavor twin returns (and what the native twin
//! returns) on the same inputs.

use tern_bench::harness::assemble_module;
use tern_bench::{harness, prepare, programs, run_results, SUI_PROGRAMS};
use tern_primitives::{AccountAddress, Flavor};
use tern_verifier::{verify_sui_package, SuiPackage, SuiVerifierConfig};

#[test]
fn every_sui_program_is_a_sui_module_sui_publishes() {
    let config = SuiVerifierConfig::mainnet();
    for p in SUI_PROGRAMS.iter() {
        let module = assemble_module(p.source).unwrap_or_else(|e| panic!("{}: {e}", p.name));
        assert_eq!(module.flavor, Flavor::Sui, "{}", p.name);
        let here = AccountAddress::from_u64(0xbe);
        let package = SuiPackage {
            original_id: here,
            version_id: here,
            modules: std::slice::from_ref(&module),
        };
        verify_sui_package(&package, &[], &config, None)
            .unwrap_or_else(|e| panic!("{}: {e}", p.name));
    }
}

#[test]
fn every_sui_program_returns_what_its_aptos_twin_returns() {
    for (aptos, sui) in programs::sui::pairs() {
        for size in [0, 1, 2, 3, 5, sui.test_size] {
            let results = |p| {
                let prepared = prepare(p, size).unwrap_or_else(|e| panic!("{}: {e}", sui.name));
                run_results(&prepared).unwrap_or_else(|e| panic!("{} {size}: {e}", sui.name))
            };
            let got = results(sui);
            assert_eq!(got, results(aptos), "{} at {size}", sui.name);
            assert_eq!(
                got,
                sui.native_output(size).to_bcs(),
                "{} at {size}",
                sui.name
            );
        }
    }
}

#[test]
fn larger_sui_inputs_still_agree() {
    for name in ["merge_sort", "bst"] {
        let (aptos, sui) = (
            programs::find(name).unwrap(),
            programs::sui::find(name).unwrap(),
        );
        let prepared = prepare(sui, sui.figure_size).unwrap();
        harness::run(&prepared).unwrap();
        let aptos_results = run_results(&prepare(aptos, aptos.figure_size).unwrap()).unwrap();
        assert_eq!(run_results(&prepared).unwrap(), aptos_results, "{name}");
    }
}

#[test]
fn programs_are_listed_by_flavor() {
    let names = |f| {
        programs::of_flavor(f)
            .iter()
            .map(|p| p.name)
            .collect::<Vec<_>>()
    };
    assert_eq!(names(Flavor::Aptos), names(Flavor::Sui));
    assert_eq!(names(Flavor::Sui).len(), 13);
    let sources = |f| {
        programs::of_flavor(f)
            .iter()
            .map(|p| p.source)
            .collect::<Vec<_>>()
    };
    assert_eq!(sources(Flavor::Sui), SUI_PROGRAMS.map(|p| p.source));
}
