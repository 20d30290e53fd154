//! Generated well-formed modules and scripts (v10, all tables, token kinds and instructions)
//! pass the bounds checker and survive serialize → deserialize unchanged.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use proptest::prelude::*;
use proptest::strategy::ValueTree;
use proptest::test_runner::TestRunner;
use std::collections::BTreeSet;
use tern_binary::arbitrary::{arb_compiled_module, arb_compiled_script};
use tern_binary::{
    check_module, check_script, CompiledModule, CompiledScript, Flavor, SignatureToken,
};

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn generated_modules_round_trip(m in arb_compiled_module()) {
        prop_assert!(check_module(&m).is_ok(), "bounds: {:?}", check_module(&m));
        let bytes = m.serialize().unwrap();
        let back = CompiledModule::deserialize(&bytes).unwrap();
        prop_assert_eq!(&back, &m);
        prop_assert_eq!(back.serialize().unwrap(), bytes);
    }

    #[test]
    fn generated_scripts_round_trip(s in arb_compiled_script()) {
        prop_assert!(check_script(&s).is_ok(), "bounds: {:?}", check_script(&s));
        let bytes = s.serialize().unwrap();
        let back = CompiledScript::deserialize(&bytes).unwrap();
        prop_assert_eq!(&back, &s);
        prop_assert_eq!(back.serialize().unwrap(), bytes);
    }
}

/// The tag of a token kind, for coverage.
fn token_kind(t: &SignatureToken) -> &'static str {
    use SignatureToken as S;
    match t {
        S::Bool => "bool",
        S::U8 => "u8",
        S::U16 => "u16",
        S::U32 => "u32",
        S::U64 => "u64",
        S::U128 => "u128",
        S::U256 => "u256",
        S::I8 => "i8",
        S::I16 => "i16",
        S::I32 => "i32",
        S::I64 => "i64",
        S::I128 => "i128",
        S::I256 => "i256",
        S::Address => "address",
        S::Signer => "signer",
        S::Vector(_) => "vector",
        S::Function(..) => "function",
        S::Struct(_) => "struct",
        S::StructInstantiation(..) => "struct_inst",
        S::Reference(_) => "ref",
        S::MutableReference(_) => "mut_ref",
        S::TypeParameter(_) => "type_param",
    }
}

#[test]
fn generator_covers_every_instruction_token_and_table() {
    let mut runner = TestRunner::deterministic();
    let strategy = arb_compiled_module();
    let mut opcodes = BTreeSet::new();
    let mut tokens = BTreeSet::new();
    let mut empty_tables = 0usize;
    for _ in 0..300 {
        let m = strategy.new_tree(&mut runner).unwrap().current();
        for f in &m.function_defs {
            for i in f.code.iter().flat_map(|c| &c.code) {
                opcodes.extend(i.opcode().byte(Flavor::Aptos));
            }
        }
        for sig in &m.signatures {
            for t in sig.0.iter().flat_map(|t| t.preorder()) {
                tokens.insert(token_kind(t));
            }
        }
        let sizes = [
            m.module_handles.len(),
            m.struct_handles.len(),
            m.function_handles.len(),
            m.function_instantiations.len(),
            m.signatures.len(),
            m.identifiers.len(),
            m.address_identifiers.len(),
            m.constant_pool.len(),
            m.struct_defs.len(),
            m.struct_def_instantiations.len(),
            m.function_defs.len(),
            m.field_handles.len(),
            m.field_instantiations.len(),
            m.variant_field_handles.len(),
            m.variant_field_instantiations.len(),
            m.struct_variant_handles.len(),
            m.struct_variant_instantiations.len(),
        ];
        empty_tables += sizes.iter().filter(|n| **n == 0).count();
    }
    assert_eq!(
        opcodes.len(),
        104,
        "missing opcodes: {:?}",
        (1..=104u8)
            .filter(|o| !opcodes.contains(o))
            .collect::<Vec<_>>()
    );
    assert_eq!(tokens.len(), 22, "token kinds seen: {tokens:?}");
    assert_eq!(empty_tables, 0);
}
