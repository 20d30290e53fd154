//! A package compiled by Sui's own Move compiler (Sui 1.71, through
//! `@zktx.io/sui-move-builder` 0.5.1 at development time; see
//! `tests/data/sui-compiled/README.md`): `tests/data/sui-compiled/enums`, three modules of
//! enums and `match`. Every module round-trips byte for byte and reaches the disassembly
//! fixpoint, the package verifies as Sui publishes it, its code holds every enum instruction of
//! Sui's format (with jump tables), and each function callable with pure arguments runs on a
//! `SuiChain` with the result the README states.

#![allow(clippy::unwrap_used, clippy::panic)] // test code: a failed unwrap is a failed test

mod common;

use common::{framework, ALICE};
use std::path::PathBuf;
use tern_asm::assembler::{assemble, AsmOptions, CompiledUnit};
use tern_asm::disassembler::disassemble_module;
use tern_binary::{Bytecode, CompiledModule, DeserializerConfig, Flavor};
use tern_primitives::{AccountAddress, Identifier, StructTag, TypeTag};
use tern_sui::{CallArg, FailureKind, MoveCall, ObjectId, SuiChain, Transaction};
use tern_verifier::{verify_sui_package, SuiPackage, SuiVerifierConfig};

/// The package's modules, in file-name order.
const MODULES: [&str; 3] = ["machine", "maybe", "shapes"];

fn package_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/sui-compiled/enums")
}

/// Each module's name, bytes and deserialized module.
fn modules() -> Vec<(&'static str, Vec<u8>, CompiledModule)> {
    MODULES
        .iter()
        .map(|name| {
            let path = package_dir().join(format!("{name}.mv"));
            let bytes = std::fs::read(&path).unwrap();
            let module =
                CompiledModule::deserialize_with_config(&bytes, &DeserializerConfig::sui())
                    .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            (*name, bytes, module)
        })
        .collect()
}

fn bytes_of_modules() -> Vec<Vec<u8>> {
    modules().into_iter().map(|(_, b, _)| b).collect()
}

// ---------------------------------------------------------------------------------------
// The format: reading, writing, disassembly, verification, the enum instructions.
// ---------------------------------------------------------------------------------------

#[test]
fn the_modules_are_sui_bytecode_v7_at_0x0_importing_nothing_outside_the_package() {
    for (name, bytes, module) in modules() {
        assert_eq!(
            bytes[..8],
            [0xa1, 0x1c, 0xeb, 0x0b, 0x07, 0x00, 0x00, 0x05],
            "{name}"
        );
        assert_eq!(module.flavor, Flavor::Sui, "{name}");
        assert_eq!(module.version, 7, "{name}");
        assert_eq!(module.address(), Some(&AccountAddress::ZERO), "{name}");
        assert_eq!(module.name().unwrap().as_str(), name);
        let imports: Vec<String> = module
            .immediate_dependencies()
            .map(|id| {
                assert_eq!(id.address, AccountAddress::ZERO, "{name}");
                id.name.to_string()
            })
            .collect();
        let expected: &[&str] = if name == "maybe" { &[] } else { &["maybe"] };
        assert_eq!(imports, expected, "{name}");
    }
}

#[test]
fn every_module_round_trips_byte_for_byte() {
    for (name, bytes, module) in modules() {
        assert!(module.serialize().unwrap() == bytes, "{name}");
    }
}

#[test]
fn every_module_reaches_the_disassembly_fixpoint() {
    let all = modules();
    for (name, _, module) in &all {
        let text = disassemble_module(module).unwrap();
        let deps: Vec<&CompiledModule> = all
            .iter()
            .filter(|(other, _, _)| other != name)
            .map(|(_, _, m)| m)
            .collect();
        let again = match assemble(&text, &deps, &AsmOptions { version: 7 }) {
            Ok(CompiledUnit::Module(m)) => m,
            other => panic!("{name}: {other:?}"),
        };
        assert_eq!(disassemble_module(&again).unwrap(), text, "{name}");
    }
}

#[test]
fn the_package_verifies_as_sui_publishes_it() {
    // Sui writes the new package's id into the modules before it verifies them.
    let here = AccountAddress::from_u64(0xe0);
    let mine: Vec<CompiledModule> = modules()
        .into_iter()
        .map(|(_, _, mut m)| {
            let index = m.self_handle().unwrap().address.idx();
            m.address_identifiers[index] = here;
            m
        })
        .collect();
    let framework: Vec<CompiledModule> = framework().iter().map(|m| (**m).clone()).collect();
    let (one, two) = (AccountAddress::ONE, AccountAddress::from_u64(2));
    let std: Vec<CompiledModule> = framework
        .iter()
        .filter(|m| m.address() == Some(&one))
        .cloned()
        .collect();
    let sui: Vec<CompiledModule> = framework
        .iter()
        .filter(|m| m.address() == Some(&two))
        .cloned()
        .collect();
    let deps = [
        SuiPackage {
            original_id: one,
            version_id: one,
            modules: &std,
        },
        SuiPackage {
            original_id: two,
            version_id: two,
            modules: &sui,
        },
    ];
    let package = SuiPackage {
        original_id: here,
        version_id: here,
        modules: &mine,
    };
    let config = SuiVerifierConfig::mainnet();
    verify_sui_package(&package, &deps, &config, None).unwrap();
    // It imports nothing, so it verifies without the framework as well.
    verify_sui_package(&package, &[], &config, None).unwrap();
}

/// How many of each enum instruction a module's code holds, in the order
/// pack_variant, pack_variant (generic), unpack_variant, unpack_variant (generic),
/// unpack_variant_ref, unpack_variant_ref (generic), unpack_variant_mut_ref,
/// unpack_variant_mut_ref (generic), variant_switch.
fn enum_instructions(module: &CompiledModule) -> [usize; 9] {
    let mut counts = [0; 9];
    for def in &module.function_defs {
        for instruction in def.code.iter().flat_map(|c| &c.code) {
            let slot = match instruction {
                Bytecode::SuiPackVariant(_) => 0,
                Bytecode::SuiPackVariantGeneric(_) => 1,
                Bytecode::SuiUnpackVariant(_) => 2,
                Bytecode::SuiUnpackVariantGeneric(_) => 3,
                Bytecode::SuiUnpackVariantImmRef(_) => 4,
                Bytecode::SuiUnpackVariantGenericImmRef(_) => 5,
                Bytecode::SuiUnpackVariantMutRef(_) => 6,
                Bytecode::SuiUnpackVariantGenericMutRef(_) => 7,
                Bytecode::VariantSwitch(_) => 8,
                _ => continue,
            };
            counts[slot] += 1;
        }
    }
    counts
}

#[test]
fn the_code_holds_every_enum_instruction_and_a_jump_table_per_switch() {
    let all = modules();
    let counts: Vec<(&str, [usize; 9])> = all
        .iter()
        .map(|(name, _, m)| (*name, enum_instructions(m)))
        .collect();
    // The generic forms come from `Maybe<T>` (at `T0`, `u64`, `Maybe<T0>` and `Maybe<u64>`),
    // the others from `Shape`, `Op`, `Outcome` and `Status`.
    assert_eq!(
        counts,
        [
            ("machine", [15, 0, 15, 0, 25, 0, 1, 0, 8]),
            ("maybe", [0, 13, 0, 7, 0, 21, 0, 2, 9]),
            ("shapes", [4, 0, 4, 0, 25, 0, 3, 0, 5]),
        ]
    );
    let mut total = [0; 9];
    for (_, c) in &counts {
        for (t, n) in total.iter_mut().zip(c) {
            *t += n;
        }
    }
    assert!(total.iter().all(|&n| n > 0), "{total:?}");

    // Each `variant_switch` names a jump table of its code unit with one target per variant of
    // the table's enum, every target inside the code.
    let mut widths = Vec::new();
    for (name, _, module) in &all {
        for def in &module.function_defs {
            let Some(code) = &def.code else { continue };
            let switches = code
                .code
                .iter()
                .filter(|i| matches!(i, Bytecode::VariantSwitch(_)))
                .count();
            assert_eq!(switches, code.jump_tables.len(), "{name}");
            for table in &code.jump_tables {
                let variants = module.enum_defs[usize::from(table.head_enum.0)]
                    .variants
                    .len();
                assert_eq!(table.targets.len(), variants, "{name}");
                assert!(table
                    .targets
                    .iter()
                    .all(|&t| usize::from(t) < code.code.len()));
                widths.push(variants);
            }
        }
    }
    widths.sort_unstable();
    widths.dedup();
    // Two-variant `Maybe` and `Outcome`, three-variant `Status`, four-variant `Shape`,
    // eight-variant `Op`.
    assert_eq!(widths, [2, 3, 4, 8]);
}

// ---------------------------------------------------------------------------------------
// Running: each function callable with pure arguments, with the README's results.
// ---------------------------------------------------------------------------------------

/// A framework chain with the package published by Alice, as the compiler lists its
/// dependencies (`0x1`: the vector operations it was compiled against; nothing is linked).
fn published() -> (SuiChain, ObjectId) {
    let mut chain = SuiChain::with_framework().unwrap();
    let effects = chain
        .publish(
            &Transaction::new(ALICE),
            &bytes_of_modules(),
            &[AccountAddress::ONE],
        )
        .unwrap();
    let package = effects.published.unwrap();
    (chain, package)
}

/// A pure argument.
enum P<'a> {
    U8(u8),
    U64(u64),
    Bytes(&'a [u8]),
    U64s(&'a [u64]),
}

fn pure(p: &P<'_>) -> CallArg {
    CallArg::Pure(match p {
        P::U8(v) => vec![*v],
        P::U64(v) => v.to_le_bytes().to_vec(),
        P::Bytes(b) => {
            let mut out = vec![u8::try_from(b.len()).unwrap()];
            assert!(out[0] < 128);
            out.extend_from_slice(b);
            out
        }
        P::U64s(v) => {
            let mut out = vec![u8::try_from(v.len()).unwrap()];
            assert!(out[0] < 128);
            v.iter()
                .for_each(|x| out.extend_from_slice(&x.to_le_bytes()));
            out
        }
    })
}

fn move_call(package: ObjectId, module: &str, function: &str, args: &[P<'_>]) -> MoveCall {
    args.iter()
        .fold(MoveCall::new(package, module, function), |c, a| {
            c.arg(pure(a))
        })
}

/// The return values (type, BCS) of a call from Alice that must succeed.
fn returns(
    chain: &mut SuiChain,
    package: ObjectId,
    module: &str,
    function: &str,
    args: &[P<'_>],
) -> Vec<(TypeTag, Vec<u8>)> {
    let call = move_call(package, module, function, args);
    chain
        .call(&Transaction::new(ALICE), &call)
        .unwrap_or_else(|e| panic!("{module}::{function}: {e}"))
        .return_values
}

/// The one return value's BCS bytes.
fn ret(
    chain: &mut SuiChain,
    package: ObjectId,
    module: &str,
    function: &str,
    args: &[P<'_>],
) -> Vec<u8> {
    let values = returns(chain, package, module, function, args);
    assert_eq!(values.len(), 1, "{module}::{function}");
    values.into_iter().next().unwrap().1
}

/// Little-endian bytes of `u64`s, concatenated (a tuple of them, or the fields of a value).
fn le(values: &[u64]) -> Vec<u8> {
    values.iter().flat_map(|v| v.to_le_bytes()).collect()
}

/// BCS of an enum value: the variant's tag, then its fields.
fn variant(tag: u8, fields: &[u64]) -> Vec<u8> {
    let mut out = vec![tag];
    out.extend(le(fields));
    out
}

fn type_of(package: ObjectId, module: &str, name: &str, type_args: Vec<TypeTag>) -> TypeTag {
    TypeTag::Struct(Box::new(StructTag {
        address: package,
        module: Identifier::new(module).unwrap(),
        name: Identifier::new(name).unwrap(),
        type_args,
    }))
}

/// The abort code of a call that must abort in `module`.
fn abort_code(
    chain: &mut SuiChain,
    package: ObjectId,
    module: &str,
    function: &str,
    args: &[P<'_>],
) -> (u64, String) {
    let call = move_call(package, module, function, args);
    let err = chain.call(&Transaction::new(ALICE), &call).unwrap_err();
    match err.execution().map(|e| &e.kind) {
        Some(FailureKind::MoveAbort {
            code,
            location: Some(at),
        }) => {
            assert_eq!(at.module.address, package, "{err}");
            let place = format!(
                "{}::{}",
                at.module.name,
                at.function_name.as_deref().unwrap_or("?")
            );
            (*code, place)
        }
        _ => panic!("{module}::{function}: not an abort: {err}"),
    }
}

#[test]
fn a_package_importing_nothing_publishes_with_or_without_framework_dependencies() {
    // The compiler lists 0x1; `sui client publish` of a framework package would list 0x1 and
    // 0x2; none is needed. Each publish also creates the UpgradeCap (a 0x2 type) and sends it.
    for deps in [
        vec![],
        vec![AccountAddress::ONE],
        vec![AccountAddress::ONE, AccountAddress::from_u64(2)],
    ] {
        let mut chain = SuiChain::with_framework().unwrap();
        let effects = chain
            .publish(&Transaction::new(ALICE), &bytes_of_modules(), &deps)
            .unwrap_or_else(|e| panic!("{deps:?}: {e}"));
        let package = effects.published.unwrap();
        assert!(effects.created_of("package", "UpgradeCap").is_some());
        assert_eq!(
            chain.package(&package).unwrap().modules.len(),
            3,
            "{deps:?}"
        );
        let area = ret(
            &mut chain,
            package,
            "shapes",
            "area_of",
            &[P::U8(2), P::U64(3), P::U64(4)],
        );
        assert_eq!(area, le(&[12]));
    }
}

#[test]
fn maybe_runs_with_the_stated_results() {
    use P::*;
    let (mut chain, pkg) = published();
    let maybe_u64 = type_of(pkg, "maybe", "Maybe", vec![TypeTag::U64]);
    // Generic functions at `u64`: `pack_variant Maybe<T0>, Just` / `Nothing`.
    let just = MoveCall::new(pkg, "maybe", "just")
        .type_arg(TypeTag::U64)
        .u64(9);
    let effects = chain.call(&Transaction::new(ALICE), &just).unwrap();
    assert_eq!(
        effects.return_values,
        [(maybe_u64.clone(), variant(1, &[9]))]
    );
    let nothing = MoveCall::new(pkg, "maybe", "nothing").type_arg(TypeTag::U64);
    let effects = chain.call(&Transaction::new(ALICE), &nothing).unwrap();
    assert_eq!(effects.return_values, [(maybe_u64.clone(), vec![0])]);

    let r = returns(&mut chain, pkg, "maybe", "safe_div", &[U64(7), U64(2)]);
    assert_eq!(r, [(maybe_u64.clone(), variant(1, &[3]))]);
    let r = returns(&mut chain, pkg, "maybe", "safe_div", &[U64(7), U64(0)]);
    assert_eq!(r, [(maybe_u64, vec![0])]);
    let r = ret(
        &mut chain,
        pkg,
        "maybe",
        "div_or",
        &[U64(7), U64(2), U64(99)],
    );
    assert_eq!(r, le(&[3]));
    let r = ret(
        &mut chain,
        pkg,
        "maybe",
        "div_or",
        &[U64(7), U64(0), U64(99)],
    );
    assert_eq!(r, le(&[99]));

    // sum_present: [5, 0, 7] → [Just(5), Nothing, Just(7)] → set → Just(100) first →
    // add 1 → 101 + 8 = 109, one Nothing; [0, 3] → set fills the first: 101 + 4 = 105.
    for (input, sum, nothings) in [
        (&[5u64, 0, 7][..], 109, 1),
        (&[0, 3][..], 105, 0),
        (&[][..], 0, 0),
    ] {
        let r = returns(&mut chain, pkg, "maybe", "sum_present", &[U64s(input)]);
        let r: Vec<Vec<u8>> = r.into_iter().map(|(_, b)| b).collect();
        assert_eq!(r, [le(&[sum]), le(&[nothings])], "{input:?}");
    }

    // nested: Nothing → 1; Just(Nothing) → 2; Just(Just(4)) → 3 + 10 * 4.
    for (a, b, want) in [(0, 5, 1), (1, 0, 2), (1, 4, 43)] {
        let r = ret(&mut chain, pkg, "maybe", "nested", &[U64(a), U64(b)]);
        assert_eq!(r, le(&[want]), "nested({a}, {b})");
    }
}

#[test]
fn shapes_runs_with_the_stated_results() {
    use P::*;
    let (mut chain, pkg) = published();
    let shape = type_of(pkg, "shapes", "Shape", vec![]);

    // make: the enum value itself (tag, then fields).
    for (kind, a, b, want) in [
        (0, 7, 8, variant(0, &[])),
        (1, 5, 9, variant(1, &[5])),
        (2, 3, 4, variant(2, &[3, 4])),
        (3, 5, 3, variant(3, &[5, 3])),
    ] {
        let r = returns(
            &mut chain,
            pkg,
            "shapes",
            "make",
            &[U8(kind), U64(a), U64(b)],
        );
        assert_eq!(r, [(shape.clone(), want)], "make({kind}, {a}, {b})");
    }
    // An enum value returned at the top level reads back as a value (the type loads as a
    // datatype of the enum table).
    let r = returns(&mut chain, pkg, "shapes", "make", &[U8(2), U64(3), U64(4)]);
    assert_eq!(
        chain.render_value(&r[0].0, &r[0].1).as_deref(),
        Some("|2|{ 3, 4 }")
    );

    // area_of: 0; 3 * 5 * 5; 3 * 4; 5 * 3 / 2.
    for (kind, a, b, want) in [(0, 7, 8, 0), (1, 5, 0, 75), (2, 3, 4, 12), (3, 5, 3, 7)] {
        let r = ret(
            &mut chain,
            pkg,
            "shapes",
            "area_of",
            &[U8(kind), U64(a), U64(b)],
        );
        assert_eq!(r, le(&[want]), "area_of({kind}, {a}, {b})");
    }

    // classify_of: literal sub-patterns, a guard, an or-pattern.
    for (kind, a, b, want) in [
        (0, 0, 0, 0u8),
        (1, 0, 0, 1),
        (1, 2, 0, 2),
        (2, 3, 3, 3),
        (2, 3, 4, 4),
        (3, 0, 5, 5),
        (3, 5, 0, 5),
        (3, 3, 4, 6),
    ] {
        let r = ret(
            &mut chain,
            pkg,
            "shapes",
            "classify_of",
            &[U8(kind), U64(a), U64(b)],
        );
        assert_eq!(r, [want], "classify_of({kind}, {a}, {b})");
    }

    // scaled_area: written through `&mut` field references.
    for (kind, a, b, k, want) in [(2, 3, 4, 2, 48), (1, 5, 0, 3, 675), (3, 5, 3, 2, 30)] {
        let args = [U8(kind), U64(a), U64(b), U64(k)];
        let r = ret(&mut chain, pkg, "shapes", "scaled_area", &args);
        assert_eq!(r, le(&[want]), "scaled_area({kind}, {a}, {b}, {k})");
    }

    // copy_and_scale: the copy changes, the original does not.
    for (kind, a, b, k, equal, before, after) in [
        (2, 3, 4, 2, false, 12, 48),
        (2, 3, 4, 1, true, 12, 12),
        (0, 0, 0, 5, true, 0, 0),
    ] {
        let args = [U8(kind), U64(a), U64(b), U64(k)];
        let r = returns(&mut chain, pkg, "shapes", "copy_and_scale", &args);
        let r: Vec<Vec<u8>> = r.into_iter().map(|(_, b)| b).collect();
        assert_eq!(r, [vec![u8::from(equal)], le(&[before]), le(&[after])]);
    }

    // same: equality of enum values (a circle ignores `b`).
    for (x, y, want) in [
        ((2, 3, 4), (2, 3, 4), true),
        ((2, 3, 4), (2, 4, 3), false),
        ((1, 5, 0), (1, 5, 9), true),
        ((0, 1, 2), (0, 3, 4), true),
        ((2, 3, 3), (3, 3, 3), false),
    ] {
        let args = [U8(x.0), U64(x.1), U64(x.2), U8(y.0), U64(y.1), U64(y.2)];
        let r = ret(&mut chain, pkg, "shapes", "same", &args);
        assert_eq!(r, [u8::from(want)], "same({x:?}, {y:?})");
    }

    // totals over [Empty, Circle 2, Rect 3x5, Triangle(4, 6)]: areas 0 + 12 + 15 + 12,
    // corners 0 + 0 + 4 + 3, areas once doubled 0 + 48 + 60 + 48.
    let args = [
        Bytes(&[0, 1, 2, 3]),
        U64s(&[0, 2, 3, 4]),
        U64s(&[0, 0, 5, 6]),
    ];
    let r = returns(&mut chain, pkg, "shapes", "totals", &args);
    let r: Vec<Vec<u8>> = r.into_iter().map(|(_, b)| b).collect();
    assert_eq!(r, [le(&[39]), le(&[7]), le(&[156])]);

    // largest: a `Maybe<Shape>`.
    let maybe_shape = type_of(pkg, "maybe", "Maybe", vec![shape]);
    for (kinds, a, b, want) in [
        (&[1u8, 2, 3][..], &[2u64, 3, 4][..], &[0u64, 5, 6][..], {
            let mut v = vec![1];
            v.extend(variant(3, &[4, 6]));
            v
        }),
        (&[2, 1][..], &[3, 3][..], &[4, 0][..], {
            let mut v = vec![1];
            v.extend(variant(1, &[3]));
            v
        }),
        (&[][..], &[][..], &[][..], vec![0]),
    ] {
        let args = [Bytes(kinds), U64s(a), U64s(b)];
        let r = returns(&mut chain, pkg, "shapes", "largest", &args);
        assert_eq!(r, [(maybe_shape.clone(), want)], "largest({kinds:?})");
    }
}

#[test]
fn machine_runs_with_the_stated_results() {
    use P::*;
    let (mut chain, pkg) = published();
    // (2 + 3) * 4, duplicated and multiplied: 400 in 7 operations, stack at most 2 deep.
    let program: &[u64] = &[0, 2, 0, 3, 1, 0, 4, 3, 4, 3];
    let r = ret(&mut chain, pkg, "machine", "run", &[U64s(program), U64(0)]);
    assert_eq!(r, le(&[400]));
    let r = returns(&mut chain, pkg, "machine", "stats", &[U64s(program)]);
    let r: Vec<Vec<u8>> = r.into_iter().map(|(_, b)| b).collect();
    assert_eq!(r, [le(&[7]), le(&[2])]);
    let r = returns(&mut chain, pkg, "machine", "census", &[U64s(program)]);
    let r: Vec<Vec<u8>> = r.into_iter().map(|(_, b)| b).collect();
    assert_eq!(r, [le(&[3]), le(&[9]), le(&[3])]);

    for (code, default, want) in [
        (&[0u64, 3, 0, 10, 5, 2][..], 0, 7), // swap then 10 - 3
        (&[0, 1, 7, 0, 2][..], 0, 1),        // halts before pushing 2
        (&[0, 1, 6][..], 42, 42),            // empty stack: the default
        (&[][..], 9, 9),                     // no operations
    ] {
        let r = ret(
            &mut chain,
            pkg,
            "machine",
            "run",
            &[U64s(code), U64(default)],
        );
        assert_eq!(r, le(&[want]), "run({code:?}, {default})");
    }
    let r = returns(&mut chain, pkg, "machine", "stats", &[U64s(&[])]);
    let r: Vec<Vec<u8>> = r.into_iter().map(|(_, b)| b).collect();
    assert_eq!(r, [le(&[0]), le(&[0])]);

    // final_status: `Halted { outcome, steps }` (tag 2) holding `Value(v)` (0) or `Empty` (1).
    let status = type_of(pkg, "machine", "Status", vec![]);
    for (code, want) in [
        (&[0u64, 2, 0, 3, 3][..], [vec![2, 0], le(&[6, 3])].concat()),
        (&[0, 1, 6][..], [vec![2, 1], le(&[2])].concat()),
    ] {
        let r = returns(&mut chain, pkg, "machine", "final_status", &[U64s(code)]);
        assert_eq!(r, [(status.clone(), want)], "final_status({code:?})");
    }

    // decode: a vector of `Op`s (Push is tag 0 with its value, Add 1, Halt 7).
    let r = ret(&mut chain, pkg, "machine", "decode", &[U64s(&[0, 5, 1, 7])]);
    assert_eq!(r, [vec![3, 0], le(&[5]), vec![1, 7]].concat());

    // new and run_machine: the `Machine` struct, its enum fields included (program, stack,
    // status, peak).
    let machine = type_of(pkg, "machine", "Machine", vec![]);
    let r = returns(&mut chain, pkg, "machine", "new", &[U64s(&[0, 4])]);
    let fresh = [vec![1, 0], le(&[4]), vec![0], vec![0], vec![0]].concat();
    assert_eq!(r, [(machine.clone(), fresh)]);
    let r = returns(
        &mut chain,
        pkg,
        "machine",
        "run_machine",
        &[U64s(&[0, 1, 7, 0, 2])],
    );
    let halted = [
        vec![3, 0],
        le(&[1]),
        vec![7, 0],
        le(&[2]), // program: Push(1), Halt, Push(2)
        vec![1],
        le(&[1]), // stack: [1]
        vec![2, 0],
        le(&[1, 2]), // status: Halted { Value(1), steps: 2 }
        vec![1],
        le(&[1]), // peak: Just(1)
    ]
    .concat();
    assert_eq!(r, [(machine, halted)]);
}

#[test]
fn the_aborts_are_the_stated_ones() {
    use P::*;
    let (mut chain, pkg) = published();
    // An unknown shape kind falls into `_ => abort EUnknownKind` (1).
    let r = abort_code(
        &mut chain,
        pkg,
        "shapes",
        "area_of",
        &[U8(4), U64(0), U64(0)],
    );
    assert_eq!(r, (1, "shapes::make".to_string()));
    let r = abort_code(&mut chain, pkg, "shapes", "make", &[U8(9), U64(0), U64(0)]);
    assert_eq!(r, (1, "shapes::make".to_string()));
    // An unknown opcode: `EBadOpcode` (1) in decode; `Add` on an empty stack:
    // `EStackUnderflow` (2) in pop.
    let r = abort_code(&mut chain, pkg, "machine", "run", &[U64s(&[9]), U64(0)]);
    assert_eq!(r, (1, "machine::decode".to_string()));
    let r = abort_code(&mut chain, pkg, "machine", "run", &[U64s(&[1]), U64(0)]);
    assert_eq!(r, (2, "machine::pop".to_string()));
    let r = abort_code(&mut chain, pkg, "machine", "census", &[U64s(&[8])]);
    assert_eq!(r, (1, "machine::decode".to_string()));
}
