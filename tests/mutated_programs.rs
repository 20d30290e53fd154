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

use proptest::prelude::Rng as _;
use proptest::test_runner::{RngAlgorithm, TestRng};
use std::path::PathBuf;
use tern_binary::{Bytecode, CompiledModule};

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
        ("int_arith_loop", "run_u64", u64_arg(5)),
        ("int_arith_loop", "run_i64", u64_arg(5)),
        ("merge_sort", "merge_sort", u64s(&[5, 3, 9, 1, 7, 2, 8])),
        ("kitchen", "work", {
            let at = at().as_bytes().to_vec();
            vec![at.clone(), at, 12u64.to_le_bytes().to_vec()]
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

/// The number in environment variable `name`, or `default`.
fn env_or(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// A deterministic generator (proptest's, seeded).
struct Rng(TestRng);

impl Rng {
    fn new(seed: u64) -> Rng {
        let mut bytes = [0u8; 32];
        bytes[..8].copy_from_slice(&seed.to_le_bytes());
        Rng(TestRng::from_seed(RngAlgorithm::ChaCha, &bytes))
    }
    fn below(&mut self, n: usize) -> usize {
        (self.0.next_u64() % n as u64) as usize
    }
}

/// Swaps, deletes, duplicates or replaces one instruction of one function; replacements come
/// from the module's functions (so their module-level indices are in range) or are local and
/// branch ops with shifted operands (some out of range, which the loader must reject).
fn mutate(module: &mut CompiledModule, rng: &mut Rng) {
    let count = module.function_defs.len();
    // An instruction of any function (module-level indices stay in range).
    let donor = module.function_defs[rng.below(count)]
        .code
        .as_ref()
        .and_then(|c| c.code.get(rng.below(c.code.len().max(1))).cloned());
    let def = &mut module.function_defs[rng.below(count)];
    let Some(code) = def.code.as_mut() else {
        return;
    };
    let n = code.code.len();
    if n == 0 {
        return;
    }
    let (a, b) = (rng.below(n), rng.below(n));
    match rng.below(6) {
        0 => code.code.swap(a, b),
        1 => {
            code.code.remove(a);
        }
        2 => {
            let dup = code.code[b].clone();
            code.code.insert(a, dup);
        }
        3 => code.code[a] = code.code[b].clone(),
        4 => {
            if let Some(op) = donor {
                code.code[a] = op;
            }
        }
        _ => {
            let step = rng.below(3) as u8;
            let shift = |x: u8| x.wrapping_add(step);
            code.code[a] = match code.code[b].clone() {
                Bytecode::CopyLoc(l) => Bytecode::MoveLoc(shift(l)),
                Bytecode::MoveLoc(l) => Bytecode::CopyLoc(shift(l)),
                Bytecode::StLoc(l) => Bytecode::StLoc(shift(l)),
                Bytecode::BrFalse(t) => Bytecode::BrTrue(t),
                Bytecode::BrTrue(t) => Bytecode::BrFalse(t),
                Bytecode::Branch(t) => Bytecode::Branch(t.wrapping_add(1)),
                Bytecode::LdU64(_) => Bytecode::LdU64(u64::MAX),
                Bytecode::Add => Bytecode::Sub,
                Bytecode::Lt => Bytecode::Ge,
                Bytecode::ReadRef => Bytecode::FreezeRef,
                other => other,
            };
        }
    }
}

/// What a run ended in: return values and final `&mut` arguments (BCS), or the error as the
/// test runner prints it (status, sub-status, location, indices, offsets); and the BCS of the
/// kitchen's resource at 0x42 afterwards, if there is one.
type Outcome = (
    Result<(Vec<Vec<u8>>, Vec<(usize, Vec<u8>)>), String>,
    Option<Vec<u8>>,
);

/// The address the kitchen's resource is stored at.
fn at() -> tern::AccountAddress {
    let mut bytes = [0u8; 32];
    bytes[31] = 0x42;
    tern::AccountAddress::new(bytes)
}

/// How a mutant is run.
#[derive(Clone, Copy)]
enum Mode {
    /// The unmetered dispatch loop.
    Unmetered,
    /// The metered dispatch loop, with this budget.
    Metered(u64),
    /// The traced loop (every instruction unfused, through the general path), metered.
    Traced(u64),
    /// Published through the bytecode verifier, then metered.
    Verified(u64),
}

/// Publishes `module` without the verifier and runs `function`.
fn run(module: &CompiledModule, function: &str, args: &[Vec<u8>], mode: Mode) -> Outcome {
    let mut vm = tern::Vm::new(Default::default());
    vm.set_skip_verification(!matches!(mode, Mode::Verified(_)));
    match mode {
        Mode::Unmetered => vm.set_gas_budget(None),
        Mode::Verified(budget) => vm.set_gas_budget(Some(budget)),
        Mode::Metered(budget) => vm.set_gas_budget(Some(budget)),
        Mode::Traced(budget) => {
            vm.set_gas_budget(Some(budget));
            vm.set_tracing(true);
        }
    }
    let id = match vm.publish_compiled(module.clone(), Vec::new()) {
        Ok(id) => id,
        Err(e) => return (Err(format!("publish: {:?}", e.status())), None),
    };
    let result = match vm.run_function(&id, function, &[], args.to_vec()) {
        Ok(out) => Ok((out.return_bytes, out.mutable_input_bytes)),
        Err(e) => Err(format!("{:?} {}", e.status(), e.render())),
    };
    let acc = tern_primitives::StructTag {
        address: at(),
        module: tern::Identifier::new("kitchen").unwrap(),
        name: tern::Identifier::new("Acc").unwrap(),
        type_args: Vec::new(),
    };
    (result, vm.resource_bytes(at(), &acc))
}

#[test]
fn mutated_benchmark_programs_never_panic_the_vm() {
    let rounds = env_or("TERN_FUZZ_ROUNDS", 1500) as usize;
    let mut rng = Rng::new(env_or("TERN_FUZZ_SEED", 0x5EED_7E54));
    let mut failures = Vec::new();
    let mut outcomes = std::collections::BTreeMap::new();
    for round in 0..rounds {
        let targets = targets();
        let (file, function, args) = &targets[round % targets.len()];
        let mut module = program(file);
        for _ in 0..1 + rng.below(3) {
            mutate(&mut module, &mut rng);
        }
        // Metered first (the budget bounds what a mutant may loop). The traced loop runs
        // every instruction unfused through the general path: the super-instructions must
        // end the same way, out of gas at the same instruction included. A mutant that ends
        // within the budget must also end the same way unmetered, through the other loop.
        let budget = 20_000;
        let metered =
            std::panic::catch_unwind(|| run(&module, function, args, Mode::Metered(budget)));
        let Ok(metered) = metered else {
            failures.push(format!(
                "round {round}: {file}::{function} panicked metered"
            ));
            continue;
        };
        match std::panic::catch_unwind(|| run(&module, function, args, Mode::Traced(budget))) {
            Ok(traced) if traced == metered => {}
            Ok(traced) => failures.push(format!(
                "round {round}: {file}::{function}: metered {metered:?}, traced {traced:?}"
            )),
            Err(_) => failures.push(format!("round {round}: {file}::{function} panicked traced")),
        }
        let kind = match &metered.0 {
            Ok(_) => "completed".to_string(),
            Err(e) => e.split(' ').next().unwrap_or_default().to_string(),
        };
        // A failed run leaves storage as it was (empty: every run has a fresh VM).
        if metered.0.is_err() && metered.1.is_some() {
            failures.push(format!(
                "round {round}: {file}::{function}: storage kept a write"
            ));
        }
        *outcomes.entry(kind.clone()).or_insert(0usize) += 1;
        if kind == "OUT_OF_GAS" {
            continue;
        }
        match std::panic::catch_unwind(|| run(&module, function, args, Mode::Unmetered)) {
            Ok(unmetered) if unmetered == metered => {}
            Ok(unmetered) => failures.push(format!(
                "round {round}: {file}::{function}: metered {metered:?}, unmetered {unmetered:?}"
            )),
            Err(_) => failures.push(format!("round {round}: {file}::{function} panicked")),
        }
    }
    eprintln!("{rounds} mutants: {outcomes:#?}");
    assert!(failures.is_empty(), "{failures:#?}");
    // Many mutants must still run to the end, or the test exercises only the error paths.
    let completed = outcomes.get("completed").copied().unwrap_or(0);
    assert!(
        completed > rounds / 10,
        "only {completed} of {rounds} mutated programs ran to the end"
    );
}

/// The unmutated programs run to completion under the same budget and settings, so the test
/// above does exercise their code.
#[test]
fn unmutated_benchmark_programs_run_under_the_budget() {
    for (file, function, args) in targets() {
        let (metered, acc) = run(&program(file), function, &args, Mode::Metered(20_000));
        assert!(metered.is_ok(), "{file}::{function}: {metered:?}");
        // The storage check of the test above does see the kitchen's write.
        assert_eq!(acc.is_some(), file == "kitchen", "{file}::{function}");
        for mode in [Mode::Traced(20_000), Mode::Unmetered] {
            assert_eq!(
                run(&program(file), function, &args, mode),
                (metered.clone(), acc.clone())
            );
        }
    }
}

/// Mutants the bytecode verifier accepts are well-typed and reference-safe: running them may
/// abort, run out of gas or fail an arithmetic or vector check, but never trips one of the
/// interpreter's own consistency checks (which would mean the verifier let through code it
/// should not have, or the interpreter misjudged verified code).
#[test]
fn verified_mutants_never_trip_the_interpreters_checks() {
    let rounds = env_or("TERN_FUZZ_ROUNDS", 1500) as usize;
    let mut rng = Rng::new(env_or("TERN_FUZZ_SEED", 0x5EED_7E54) ^ 0xC0FF_EE00);
    let mut accepted = 0usize;
    let mut failures = Vec::new();
    for round in 0..rounds {
        let targets = targets();
        let (file, function, args) = &targets[round % targets.len()];
        let mut module = program(file);
        for _ in 0..1 + rng.below(2) {
            mutate(&mut module, &mut rng);
        }
        let (result, _) = run(&module, function, args, Mode::Verified(20_000));
        let Err(e) = &result else {
            accepted += 1;
            continue;
        };
        if e.starts_with("publish") {
            continue;
        }
        accepted += 1;
        let status = e.split(' ').next().unwrap_or_default();
        if matches!(
            status,
            "UNKNOWN_INVARIANT_VIOLATION_ERROR" | "INTERNAL_TYPE_ERROR" | "UNREACHABLE"
        ) {
            failures.push(format!("round {round}: {file}::{function}: {e}"));
        }
    }
    eprintln!("{accepted} of {rounds} mutants verified");
    assert!(failures.is_empty(), "{failures:#?}");
    assert!(
        accepted > rounds / 20,
        "only {accepted} of {rounds} mutants verified"
    );
}
