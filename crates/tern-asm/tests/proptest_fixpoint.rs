//! Property: for any module our assembler produced, disassemble -> assemble gives back the
//! identical module (and bytes), and the disassembly is a fixpoint.
//!
//! Modules are generated as well-formed `.masm` text from a small grammar: structs with fields
//! of primitive, vector and earlier struct types, an enum, a generic struct, and functions whose
//! bodies are random sequences of every kind of instruction with valid operands and labels.

use proptest::prelude::*;
use tern_asm::assembler::{assemble, AsmOptions, CompiledUnit};
use tern_asm::disassembler::disassemble_module;
use tern_binary::CompiledModule;

fn assemble_module(text: &str) -> Result<CompiledModule, String> {
    match assemble(text, &[], &AsmOptions { version: 10 }) {
        Ok(CompiledUnit::Module(m)) => Ok(m),
        Ok(CompiledUnit::Script(_)) => Err("assembled a script".into()),
        Err(e) => Err(format!("{e}")),
    }
}

const PRIMS: [&str; 13] = [
    "bool", "u8", "u16", "u32", "u64", "u128", "u256", "i8", "i16", "i32", "i64", "i128", "i256",
];

fn arb_type(structs: usize) -> impl Strategy<Value = String> {
    let prim = prop::sample::select(PRIMS.to_vec()).prop_map(String::from);
    let leaf = prop_oneof![
        prim.clone(),
        Just("address".to_string()),
        (0..structs.max(1)).prop_map(move |i| if structs == 0 {
            "u64".to_string()
        } else {
            format!("S{i}")
        }),
    ];
    leaf.prop_recursive(2, 6, 2, |inner| {
        prop_oneof![
            inner.clone().prop_map(|t| format!("vector<{t}>")),
            inner.prop_map(|t| format!("G<{t}>")),
        ]
    })
}

/// One instruction line, given the counts of locals, labels, structs and functions.
fn arb_instr(
    locals: usize,
    labels: usize,
    structs: usize,
    funs: usize,
) -> impl Strategy<Value = String> {
    let simple = prop::sample::select(vec![
        "pop",
        "ret",
        "ld_true",
        "ld_false",
        "read_ref",
        "write_ref",
        "freeze_ref",
        "add",
        "sub",
        "mul",
        "mod",
        "div",
        "bit_or",
        "bit_and",
        "xor",
        "or",
        "and",
        "not",
        "eq",
        "neq",
        "lt",
        "gt",
        "le",
        "ge",
        "shl",
        "shr",
        "abort",
        "abort_msg",
        "nop",
        "negate",
        "cast_u8",
        "cast_u16",
        "cast_u32",
        "cast_u64",
        "cast_u128",
        "cast_u256",
        "cast_i8",
        "cast_i16",
        "cast_i32",
        "cast_i64",
        "cast_i128",
        "cast_i256",
    ])
    .prop_map(String::from);
    let loads = prop_oneof![
        any::<u8>().prop_map(|v| format!("ld_u8 {v}")),
        any::<u16>().prop_map(|v| format!("ld_u16 {v}")),
        any::<u32>().prop_map(|v| format!("ld_u32 {v}")),
        any::<u64>().prop_map(|v| format!("ld_u64 {v}")),
        any::<u128>().prop_map(|v| format!("ld_u128 {v}")),
        any::<u128>().prop_map(|v| format!("ld_u256 {v}")),
        any::<i8>().prop_map(|v| format!("ld_i8 {v}")),
        any::<i16>().prop_map(|v| format!("ld_i16 {v}")),
        any::<i32>().prop_map(|v| format!("ld_i32 {v}")),
        any::<i64>().prop_map(|v| format!("ld_i64 {v}")),
        any::<i128>().prop_map(|v| format!("ld_i128 {v}")),
        any::<i64>().prop_map(|v| format!("ld_i256 {v}")),
        prop::collection::vec(any::<u8>(), 0..4)
            .prop_map(|v| format!("ld_const<vector<u8>> {v:?}")),
        any::<u64>().prop_map(|v| format!("ld_const<u64> {v}")),
    ];
    let loc = (0..locals.max(1)).prop_map(|i| format!("l{i}"));
    let local_ops = (
        prop::sample::select(vec![
            "copy_loc",
            "move_loc",
            "st_loc",
            "borrow_loc",
            "mut_borrow_loc",
        ]),
        loc,
    )
        .prop_map(|(op, l)| format!("{op} {l}"));
    let lab = (0..labels.max(1)).prop_map(|i| format!("lab{i}"));
    let branches = (
        prop::sample::select(vec!["br_true", "br_false", "branch"]),
        lab,
    )
        .prop_map(|(op, l)| format!("{op} {l}"));
    let s = (0..structs.max(1)).prop_map(|i| format!("S{i}"));
    let struct_ops = (
        prop::sample::select(vec![
            "pack",
            "unpack",
            "exists",
            "borrow_global",
            "mut_borrow_global",
            "move_from",
            "move_to",
        ]),
        s.clone(),
    )
        .prop_map(|(op, s)| format!("{op} {s}"));
    let fields = (
        prop::sample::select(vec!["borrow_field", "mut_borrow_field"]),
        s,
    )
        .prop_map(|(op, s)| format!("{op} {s}, x0"));
    let generic = prop::sample::select(PRIMS.to_vec()).prop_flat_map(|t| {
        prop::sample::select(vec![
            format!("pack G<{t}>"),
            format!("unpack G<{t}>"),
            format!("borrow_field G<{t}>, v"),
            format!("vec_pack <{t}>, 2"),
            format!("vec_len <{t}>"),
            format!("vec_borrow <{t}>"),
            format!("vec_mut_borrow <{t}>"),
            format!("vec_push_back <{t}>"),
            format!("vec_pop_back <{t}>"),
            format!("vec_unpack <{t}>, 1"),
            format!("vec_swap <{t}>"),
            format!("call id<{t}>"),
            format!("pack_closure id<{t}>, 1"),
            format!("call_closure <|{t}|{t} has copy + drop>"),
        ])
    });
    let variants = prop::sample::select(vec![
        "pack_variant E, A",
        "pack_variant E, B",
        "unpack_variant E, B",
        "test_variant E, A",
        "borrow_variant_field E, B::b, C::b",
        "mut_borrow_variant_field E, C::c",
    ])
    .prop_map(String::from);
    let calls = (0..funs.max(1)).prop_flat_map(|i| {
        prop::sample::select(vec![format!("call f{i}"), format!("pack_closure f{i}, 1")])
    });
    prop_oneof![simple, loads, local_ops, branches, struct_ops, fields, generic, variants, calls]
}

fn arb_module() -> impl Strategy<Value = String> {
    (1usize..4, 1usize..4, 1usize..3).prop_flat_map(|(structs, funs, locals)| {
        let fields = prop::collection::vec(prop::collection::vec(arb_type(0), 1..3), structs);
        let field_types = (0..structs)
            .map(|i| prop::collection::vec(arb_type(i), 0..2))
            .collect::<Vec<_>>();
        let bodies = prop::collection::vec(
            (
                prop::collection::vec(arb_type(structs), locals),
                prop::collection::vec(arb_instr(locals, 3, structs, funs), 1..24),
            ),
            funs,
        );
        (fields, field_types, bodies)
            .prop_map(move |(firsts, more, bodies)| render(structs, &firsts, &more, &bodies))
    })
}

fn render(
    structs: usize,
    firsts: &[Vec<String>],
    more: &[Vec<String>],
    bodies: &[(Vec<String>, Vec<String>)],
) -> String {
    let mut out = String::from("module 0x42::m\n");
    out.push_str("struct G<T> has copy + drop + store\n  v: T\n\n");
    out.push_str("enum E has drop\n  A\n  B\n    b: u64\n  C\n    b: u64\n    c: bool\n\n");
    for i in 0..structs {
        out.push_str(&format!("struct S{i} has key + store\n"));
        let first = firsts
            .get(i)
            .and_then(|f| f.first())
            .cloned()
            .unwrap_or_default();
        out.push_str(&format!("  x0: {first}\n"));
        for (j, t) in more.get(i).into_iter().flatten().enumerate() {
            out.push_str(&format!("  y{j}: {t}\n"));
        }
        out.push('\n');
    }
    out.push_str("#[persistent] public fun id<T>(x: T): T\n    move_loc x\n    ret\n\n");
    for (k, (locals, instrs)) in bodies.iter().enumerate() {
        out.push_str(&format!("fun f{k}(p: u64): u64\n"));
        for (i, t) in locals.iter().enumerate() {
            out.push_str(&format!("    local l{i}: {t}\n"));
        }
        for (i, ins) in instrs.iter().enumerate() {
            // Labels lab0..lab2 sit at the first, middle and last instruction.
            let label = if i == 0 {
                Some(0)
            } else if i == instrs.len() / 2 {
                Some(1)
            } else if i + 1 == instrs.len() {
                Some(2)
            } else {
                None
            };
            match label {
                Some(l) if !(l == 1 && instrs.len() / 2 == 0) => {
                    out.push_str(&format!("lab{l}: {ins}\n"))
                }
                _ => out.push_str(&format!("    {ins}\n")),
            }
        }
        if instrs.len() < 3 {
            for l in instrs.len()..3 {
                out.push_str(&format!("lab{l}: nop\n"));
            }
        }
        out.push_str("    ret\n\n");
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn assembled_modules_round_trip_through_text(text in arb_module()) {
        let m = assemble_module(&text)
            .map_err(|e| TestCaseError::fail(format!("generated text does not assemble: {e}\n{text}")))?;
        let printed = disassemble_module(&m).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let again = assemble_module(&printed)
            .map_err(|e| TestCaseError::fail(format!("disassembly does not assemble: {e}\n{printed}")))?;
        prop_assert_eq!(&m, &again);
        prop_assert_eq!(m.serialize().ok(), again.serialize().ok());
        let printed2 = disassemble_module(&again).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(printed, printed2);
    }
}

#[test]
fn generated_modules_are_substantial() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let mut instructions = 0;
    for _ in 0..20 {
        let text = arb_module().new_tree(&mut runner).unwrap().current();
        let m = assemble_module(&text).unwrap();
        instructions += m
            .function_defs
            .iter()
            .filter_map(|f| f.code.as_ref())
            .map(|c| c.code.len())
            .sum::<usize>();
    }
    assert!(
        instructions > 200,
        "only {instructions} instructions generated"
    );
}
