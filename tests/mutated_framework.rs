//! The mutation test of tests/mutated_programs.rs on real compiler output: functions of the
//! Aptos standard library (`../shared/corpus/aptos-framework`: `vector`, `option` (an enum),
//! `bit_vector`, `simple_map`, `math64`, `math128`, `fixed_point32`, and `bcs`, `hash`,
//! `string` and `comparator` over natives) with their module mutated, published without the
//! verifier, must end the same way in the metered, traced and unmetered loops and never panic;
//! those the verifier accepts must never trip the interpreter's own consistency checks. Skips
//! when `../shared` is absent.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::mutation::{env_or, mutate, mutate_function, Call, Rng, Tally};
use std::path::PathBuf;
use tern::{AccountAddress, Identifier, ModuleId, TypeTag};
use tern_binary::CompiledModule;

/// The corpus modules the targets need, dependencies first.
const MODULES: &[&str] = &[
    "MoveStdlib/mem.mv",
    "MoveStdlib/vector.mv",
    "MoveStdlib/error.mv",
    "MoveStdlib/option.mv",
    "MoveStdlib/bcs.mv",
    "MoveStdlib/bit_vector.mv",
    "MoveStdlib/fixed_point32.mv",
    "MoveStdlib/hash.mv",
    "MoveStdlib/string.mv",
    "AptosStdlib/comparator.mv",
    "AptosStdlib/fixed_point64.mv",
    "AptosStdlib/math128.mv",
    "AptosStdlib/math64.mv",
    "AptosStdlib/simple_map.mv",
];

fn corpus() -> Option<Vec<CompiledModule>> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/aptos-framework");
    if !dir.join("MANIFEST.tsv").is_file() {
        return None;
    }
    let load = |p: &str| CompiledModule::deserialize(&std::fs::read(dir.join(p)).unwrap()).unwrap();
    Some(MODULES.iter().map(|p| load(p)).collect())
}

/// A function to run: module name, function, type arguments, BCS arguments. (Not those that
/// call the framework's native `vector::move_range`: like the peer's harness, Tern registers
/// no `vector` natives.)
type Target = (&'static str, &'static str, Vec<TypeTag>, Vec<Vec<u8>>);

fn targets() -> Vec<Target> {
    let u64_ = |n: u64| n.to_le_bytes().to_vec();
    let u128_ = |n: u128| n.to_le_bytes().to_vec();
    let u64s = |xs: &[u64]| {
        let mut b = vec![xs.len() as u8];
        for x in xs {
            b.extend_from_slice(&x.to_le_bytes());
        }
        b
    };
    let bytes = |b: &[u8]| {
        let mut v = vec![b.len() as u8];
        v.extend_from_slice(b);
        v
    };
    let v = u64s(&[5, 1, 4, 2, 3, 9, 7]);
    let t = || vec![TypeTag::U64];
    let b = || vec![TypeTag::U8];
    let vb = || vec![TypeTag::Vector(Box::new(TypeTag::U8))];
    let nested = {
        let mut n = vec![3u8];
        for word in [&b"ab"[..], b"", b"cde"] {
            n.extend(bytes(word));
        }
        n
    };
    vec![
        ("vector", "reverse", t(), vec![v.clone()]),
        ("vector", "contains", t(), vec![v.clone(), u64_(2)]),
        ("vector", "index_of", t(), vec![v.clone(), u64_(9)]),
        ("vector", "rotate", t(), vec![v.clone(), u64_(3)]),
        ("vector", "slice", t(), vec![v.clone(), u64_(1), u64_(5)]),
        (
            "vector",
            "reverse_slice",
            t(),
            vec![v.clone(), u64_(1), u64_(6)],
        ),
        ("vector", "swap_remove", t(), vec![v.clone(), u64_(2)]),
        ("vector", "range", vec![], vec![u64_(3), u64_(12)]),
        // `vector<u8>` is stored as bytes: the same functions over the other representation.
        ("vector", "reverse", b(), vec![bytes(b"abcdefg")]),
        (
            "vector",
            "index_of",
            b(),
            vec![bytes(b"abcdefg"), vec![b'e']],
        ),
        ("vector", "rotate", b(), vec![bytes(b"abcdefg"), u64_(3)]),
        (
            "vector",
            "slice",
            b(),
            vec![bytes(b"abcdefg"), u64_(1), u64_(5)],
        ),
        (
            "vector",
            "swap_remove",
            b(),
            vec![bytes(b"abcdefg"), u64_(2)],
        ),
        // Over containers: a vector of vectors, an option of a vector.
        ("vector", "reverse", vb(), vec![nested.clone()]),
        ("vector", "rotate", vb(), vec![nested.clone(), u64_(1)]),
        ("vector", "swap_remove", vb(), vec![nested, u64_(0)]),
        ("option", "some", vb(), vec![bytes(b"xyz")]),
        ("math64", "sqrt", vec![], vec![u64_(1_000_000)]),
        ("math64", "pow", vec![], vec![u64_(3), u64_(7)]),
        ("math64", "floor_log2", vec![], vec![u64_(1000)]),
        ("math64", "log2", vec![], vec![u64_(1000)]),
        ("math64", "clamp", vec![], vec![u64_(7), u64_(2), u64_(5)]),
        ("math64", "average", vec![], vec![u64_(7), u64_(20)]),
        ("math128", "sqrt", vec![], vec![u128_(1 << 100)]),
        ("math128", "pow", vec![], vec![u128_(3), u128_(40)]),
        ("math128", "log2_64", vec![], vec![u128_(12345)]),
        (
            "fixed_point32",
            "create_from_rational",
            vec![],
            vec![u64_(7), u64_(3)],
        ),
        ("bcs", "to_bytes", t(), vec![u64_(7)]),
        ("hash", "sha2_256", vec![], vec![bytes(b"abc")]),
        ("string", "utf8", vec![], vec![bytes(b"hello")]),
        ("option", "some", t(), vec![u64_(3)]),
        ("option", "from_vec", t(), vec![u64s(&[4])]),
        ("bit_vector", "new", vec![], vec![u64_(70)]),
        (
            "comparator",
            "compare_u8_vector",
            vec![],
            vec![bytes(b"abc"), bytes(b"abd")],
        ),
        (
            "simple_map",
            "new_from",
            vec![TypeTag::U64, TypeTag::U64],
            vec![u64s(&[1, 2, 3]), u64s(&[10, 20, 30])],
        ),
    ]
}

/// The module id of the framework module `name` at 0x1.
fn std_id(name: &str) -> ModuleId {
    ModuleId::new(AccountAddress::from_u64(1), Identifier::new(name).unwrap())
}

/// The index of module `name` in [`MODULES`].
fn index_of(modules: &[CompiledModule], name: &str) -> usize {
    modules
        .iter()
        .position(|m| m.name().is_some_and(|n| n.as_str() == name))
        .unwrap()
}

/// The definition index of `function` in `module`.
fn function_def(module: &CompiledModule, function: &str) -> usize {
    module
        .function_defs
        .iter()
        .position(|d| {
            let handle = &module.function_handles[d.function.idx()];
            module.identifiers[handle.name.idx()].as_str() == function
        })
        .unwrap()
}

#[test]
fn unmutated_framework_targets_run_alike_in_every_loop() {
    let Some(modules) = corpus() else {
        println!("skipped: ../shared/corpus not found");
        return;
    };
    for (module, function, type_args, args) in targets() {
        let id = std_id(module);
        let call = Call {
            modules: &modules,
            module: &id,
            function,
            type_args: &type_args,
            args: &args,
            watch: None,
        };
        assert_eq!(
            call.check_loops(50_000),
            Ok("completed".to_string()),
            "{module}::{function}"
        );
    }
}

#[test]
fn mutated_framework_functions_run_alike_in_every_loop() {
    let Some(corpus) = corpus() else {
        println!("skipped: ../shared/corpus not found");
        return;
    };
    let rounds = env_or("TERN_FUZZ_ROUNDS", 600) as usize;
    let mut rng = Rng::new(env_or("TERN_FUZZ_SEED", 0xF4A3_E000));
    let mut tally = Tally::default();
    let targets = targets();
    for round in 0..rounds {
        let (module, function, type_args, args) = &targets[round % targets.len()];
        let mut modules = corpus.clone();
        let at = index_of(&modules, module);
        // Mostly in the function run (a module has many), sometimes anywhere in its module.
        let def = function_def(&modules[at], function);
        for _ in 0..1 + rng.below(3) {
            if rng.below(4) == 0 {
                mutate(&mut modules[at], &mut rng);
            } else {
                mutate_function(&mut modules[at], def, &mut rng);
            }
        }
        let id = std_id(module);
        let call = Call {
            modules: &modules,
            module: &id,
            function,
            type_args,
            args,
            watch: None,
        };
        let label = format!("round {round}: {module}::{function}");
        tally.loops(&label, &call, 50_000);
        tally.verified(&label, &call, 50_000);
    }
    tally.assert(rounds, rounds / 10, 0);
}
