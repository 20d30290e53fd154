//! Defence in depth for the interpreter's fast paths: the benchmark programs (every kind of
//! super-instruction, calls, closures, enums, structs in vectors) and tests/data/kitchen.masm
//! (global storage, wide and signed integers, variant fields) with a few instructions
//! swapped, deleted or replaced by others of the module, published without the verifier, must
//! end in a result or an error, never a panic, and the same one in the metered loop, the traced
//! loop (every instruction unfused through the general path) and the unmetered loop; those
//! the bytecode verifier accepts must never trip the interpreter's own consistency checks.
//! Deterministic (fixed seed), so a failure reproduces; `TERN_FUZZ_ROUNDS` and
//! `TERN_FUZZ_SEED` run more rounds or other seeds by hand.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::mutation::{env_or, mutate, Call, Mode, Rng, Tally};
use std::path::PathBuf;
use tern::{AccountAddress, Identifier, ModuleId};
use tern_binary::CompiledModule;
use tern_primitives::StructTag;

/// The programs and the public functions to run, with their BCS arguments.
fn targets() -> Vec<(&'static str, &'static str, Vec<Vec<u8>>)> {
    let u64_arg = |n: u64| vec![n.to_le_bytes().to_vec()];
    let u64s = |xs: &[u64]| {
        let mut b = vec![xs.len() as u8];
        for x in xs {
            b.extend_from_slice(&x.to_le_bytes());
        }
        vec![b]
    };
    vec![
        ("fib", "fib", u64_arg(8)),
        ("countdown", "countdown", u64_arg(20)),
        ("call_loop", "call_loop", u64_arg(10)),
        ("call_loop", "call_loop_generic", u64_arg(10)),
        ("call_loop", "call_loop_closure", u64_arg(10)),
        ("nested_loop", "nested_loop", u64_arg(5)),
        ("match_sum", "match_sum", u64_arg(20)),
        ("match_sum", "match_sum_enum", u64_arg(20)),
        // Sui twins: `borrow_loc; variant_switch` fused.
        ("sui/match_sum", "match_sum_enum", u64_arg(20)),
        ("sui/call_loop", "call_loop_closure", u64_arg(10)),
        ("int_arith_loop", "run_u64", u64_arg(5)),
        ("int_arith_loop", "run_i64", u64_arg(5)),
        ("merge_sort", "merge_sort", u64s(&[5, 3, 9, 1, 7, 2, 8])),
        ("kitchen", "work", {
            let at = at().as_bytes().to_vec();
            // A signer in the VM's argument form: byte 0, then the address.
            let signer = [&[0u8][..], &at].concat();
            vec![signer, at, 12u64.to_le_bytes().to_vec()]
        }),
        (
            "bst",
            "run_ops",
            u64s(&[
                0, 5, 50, 0, 3, 30, 0, 8, 80, 1, 5, 0, 2, 3, 0, 1, 3, 0, 2, 5, 0,
            ]),
        ),
    ]
}

/// A benchmark program, or `kitchen` (tests/data/kitchen.masm: globals, enums, closures,
/// wide and signed integers).
fn program(name: &str) -> CompiledModule {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let path = match name {
        "kitchen" => root.join("tests/data/kitchen.masm"),
        _ => root
            .join("crates/tern-bench/programs")
            .join(format!("{name}.masm")),
    };
    let source = std::fs::read_to_string(&path).unwrap();
    match tern_asm::assembler::assemble(&source, &[], &Default::default()).unwrap() {
        tern_asm::assembler::CompiledUnit::Module(m) => m,
        _ => panic!("{name} is not a module"),
    }
}

/// The module's id.
fn module_id(module: &CompiledModule) -> ModuleId {
    ModuleId::new(*module.address().unwrap(), module.name().unwrap().clone())
}

/// The address the kitchen's resource is stored at.
fn at() -> AccountAddress {
    AccountAddress::from_u64(0x42)
}

/// The kitchen's resource, watched by every run.
fn acc() -> (AccountAddress, StructTag) {
    let tag = StructTag {
        address: at(),
        module: Identifier::new("kitchen").unwrap(),
        name: Identifier::new("Acc").unwrap(),
        type_args: Vec::new(),
    };
    (at(), tag)
}

/// The call of `function` in the only module of `modules`.
fn call<'a>(
    modules: &'a [CompiledModule],
    id: &'a ModuleId,
    function: &'a str,
    args: &'a [Vec<u8>],
    watch: &'a (AccountAddress, StructTag),
) -> Call<'a> {
    Call {
        modules,
        module: id,
        function,
        type_args: &[],
        args,
        watch: Some(watch),
    }
}

/// Runs `check` on `rounds` mutants (1 to `most` mutations each) of the targets in turn, seeded
/// with `seed`, and returns the tally.
fn each_mutant(
    rounds: usize,
    seed: u64,
    most: usize,
    check: impl Fn(&mut Tally, &str, &Call<'_>),
) -> Tally {
    let mut rng = Rng::new(seed);
    let watch = acc();
    let mut tally = Tally::default();
    let targets = targets();
    for round in 0..rounds {
        let (file, function, args) = &targets[round % targets.len()];
        let mut module = program(file);
        let id = module_id(&module);
        for _ in 0..1 + rng.below(most) {
            mutate(&mut module, &mut rng);
        }
        let modules = [module];
        let label = format!("round {round}: {file}::{function}");
        check(
            &mut tally,
            &label,
            &call(&modules, &id, function, args, &watch),
        );
    }
    tally
}

#[test]
fn mutated_benchmark_programs_never_panic_the_vm() {
    let rounds = env_or("TERN_FUZZ_ROUNDS", 1500) as usize;
    let seed = env_or("TERN_FUZZ_SEED", 0x5EED_7E54);
    let tally = each_mutant(rounds, seed, 3, |tally, label, call| {
        tally.loops(label, call, 20_000)
    });
    tally.assert(rounds, rounds / 10, 0);
}

/// The unmutated programs run to completion under the same budget and settings, so the test
/// above does exercise their code.
#[test]
fn unmutated_benchmark_programs_run_under_the_budget() {
    let watch = acc();
    for (file, function, args) in targets() {
        let module = program(file);
        let id = module_id(&module);
        let modules = [module];
        let c = call(&modules, &id, function, &args, &watch);
        let (metered, kept) = c.run(Mode::Metered(20_000));
        assert!(metered.is_ok(), "{file}::{function}: {metered:?}");
        // The storage check of the test above does see the kitchen's write.
        assert_eq!(kept.is_some(), file == "kitchen", "{file}::{function}");
        assert_eq!(c.check_loops(20_000), Ok("completed".to_string()));
    }
}

/// Mutants the bytecode verifier accepts are well-typed and reference-safe: running them may
/// abort, run out of gas or fail an arithmetic or vector check, but never trips one of the
/// interpreter's own consistency checks (which would mean the verifier let through code it
/// should not have, or the interpreter misjudged verified code).
#[test]
fn verified_mutants_never_trip_the_interpreters_checks() {
    let rounds = env_or("TERN_FUZZ_ROUNDS", 1500) as usize;
    let seed = env_or("TERN_FUZZ_SEED", 0x5EED_7E54) ^ 0xC0FF_EE00;
    let tally = each_mutant(rounds, seed, 2, |tally, label, call| {
        tally.verified(label, call, 20_000)
    });
    tally.assert(rounds, 0, rounds / 20);
}
