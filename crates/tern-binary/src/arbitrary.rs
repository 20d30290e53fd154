//! [proptest](mod@proptest) strategies for well-formed compiled modules and scripts (feature
//! `arbitrary`).
//!
//! Generated binaries are at bytecode v10 and pass the bounds checker: every index is in range,
//! struct instantiations match their handle's arity, type parameters are in scope, field and
//! variant handles point at fields that exist, branch targets and locals are in range. Every
//! table is non-empty in every module, every token kind and all 104 instructions occur.
//! Verifier-level validity (types, stack balance) is not attempted.
//!
//! ```
//! use proptest::prelude::*;
//! use tern_binary::{arbitrary::arb_compiled_module, CompiledModule};
//!
//! proptest!(|(m in arb_compiled_module())| {
//!     let bytes = m.serialize().unwrap();
//!     prop_assert_eq!(CompiledModule::deserialize(&bytes).unwrap(), m);
//! });
//! ```

mod code;
mod parts;

pub use code::{instruction_with_operands, operand_kind, CodeContext};

use crate::model::*;
pub use parts::arb_identifier;
use parts::{arb_access_specifiers, Parts, Shape};
use proptest::collection::vec;
use proptest::prelude::*;
use std::sync::Arc;
use tern_primitives::AbilitySet;

/// Any ability set.
pub fn arb_abilities() -> impl Strategy<Value = AbilitySet> {
    (0u8..16).prop_map(|b| AbilitySet::from_bits(b).unwrap_or(AbilitySet::EMPTY))
}

/// Signature tokens of every kind: `struct_type_parameters[i]` is the type-parameter count of
/// struct handle `i` (so `Struct` is used only for non-generic handles and instantiations get the
/// right arity), and type parameters are `< type_parameters`.
pub fn arb_signature_token(
    struct_type_parameters: Arc<Vec<u8>>,
    type_parameters: u16,
) -> BoxedStrategy<SignatureToken> {
    use SignatureToken as S;
    let mut leaves: Vec<BoxedStrategy<S>> = vec![prop_oneof![
        Just(S::Bool),
        Just(S::U8),
        Just(S::U16),
        Just(S::U32),
        Just(S::U64),
        Just(S::U128),
        Just(S::U256),
        Just(S::I8),
        Just(S::I16),
        Just(S::I32),
        Just(S::I64),
        Just(S::I128),
        Just(S::I256),
        Just(S::Address),
        Just(S::Signer),
    ]
    .boxed()];
    if type_parameters > 0 {
        leaves.push((0..type_parameters).prop_map(S::TypeParameter).boxed());
    }
    let plain: Vec<u16> = handles_with(&struct_type_parameters, |k| k == 0);
    if !plain.is_empty() {
        let s =
            proptest::sample::select(plain).prop_map(|h| S::Struct(crate::StructHandleIndex(h)));
        leaves.push(s.boxed());
    }
    let generic: Vec<(u16, u8)> = handles_with(&struct_type_parameters, |k| k > 0)
        .into_iter()
        .filter_map(|h| Some((h, *struct_type_parameters.get(usize::from(h))?)))
        .collect();
    let leaf = proptest::strategy::Union::new(leaves);
    leaf.prop_recursive(4, 24, 3, move |inner| {
        let mut arms: Vec<BoxedStrategy<S>> = vec![
            inner.clone().prop_map(|t| S::Vector(Box::new(t))).boxed(),
            inner
                .clone()
                .prop_map(|t| S::Reference(Box::new(t)))
                .boxed(),
            inner
                .clone()
                .prop_map(|t| S::MutableReference(Box::new(t)))
                .boxed(),
            (
                vec(inner.clone(), 0..3),
                vec(inner.clone(), 0..3),
                arb_abilities(),
            )
                .prop_map(|(a, r, ab)| S::Function(a, r, ab))
                .boxed(),
        ];
        if !generic.is_empty() {
            let inner = inner.clone();
            let inst = proptest::sample::select(generic.clone()).prop_flat_map(move |(h, k)| {
                vec(inner.clone(), usize::from(k))
                    .prop_map(move |args| S::StructInstantiation(crate::StructHandleIndex(h), args))
            });
            arms.push(inst.boxed());
        }
        proptest::strategy::Union::new(arms)
    })
    .boxed()
}

/// The struct handles (by index) whose type-parameter count satisfies `keep`.
fn handles_with(counts: &[u8], keep: impl Fn(u8) -> bool) -> Vec<u16> {
    counts
        .iter()
        .enumerate()
        .filter(|(_, k)| keep(**k))
        .map(|(i, _)| i as u16)
        .collect()
}

/// Signatures of 0..4 tokens.
pub fn arb_signature(
    struct_type_parameters: Arc<Vec<u8>>,
    type_parameters: u16,
) -> impl Strategy<Value = Signature> {
    vec(
        arb_signature_token(struct_type_parameters, type_parameters),
        0..4,
    )
    .prop_map(Signature)
}

/// Well-formed v10 modules (every table non-empty; see the module docs).
pub fn arb_compiled_module() -> BoxedStrategy<CompiledModule> {
    parts::arb_shape()
        .prop_flat_map(parts::arb_parts)
        .prop_flat_map(parts::arb_module_from_parts)
        .boxed()
}

/// Well-formed v10 scripts.
pub fn arb_compiled_script() -> BoxedStrategy<CompiledScript> {
    parts::arb_shape()
        .prop_flat_map(parts::arb_parts)
        .prop_flat_map(|p: Parts| {
            let shape: Shape = p.shape.clone();
            let t = shape.fn_tparams;
            let params = 0..(shape.n_sig.clamp(1, 65535) as u16);
            (
                Just(p),
                vec(arb_abilities(), usize::from(t)),
                params,
                arb_access_specifiers(),
            )
        })
        .prop_flat_map(|(p, type_parameters, params, access)| {
            parts::arb_script_from_parts(p, type_parameters, params, access)
        })
        .boxed()
}

impl Arbitrary for CompiledModule {
    type Parameters = ();
    type Strategy = BoxedStrategy<CompiledModule>;

    fn arbitrary_with(_: ()) -> Self::Strategy {
        arb_compiled_module()
    }
}

impl Arbitrary for CompiledScript {
    type Parameters = ();
    type Strategy = BoxedStrategy<CompiledScript>;

    fn arbitrary_with(_: ()) -> Self::Strategy {
        arb_compiled_script()
    }
}
