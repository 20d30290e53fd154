//! The Move verifier on Sui modules, where Sui's rules differ from Aptos's: each case is
//! refused with the status, indices and offsets Sui's verifier reports (checked against Sui's
//! verifier at protocol 130), or accepted where Sui accepts.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use tern_asm::assembler::{assemble, AsmOptions, CompiledUnit};
use tern_binary::{CompiledModule, VariantDefinition};
use tern_primitives::{IndexKind, StatusCode, VmError};
use tern_verifier::{verify_module, VerifierConfig};

fn sui_module(src: &str) -> CompiledModule {
    match assemble(src, &[], &AsmOptions { version: 7 }) {
        Ok(CompiledUnit::Module(m)) => m,
        other => panic!("{other:?}"),
    }
}

fn verify(module: &CompiledModule) -> Result<(), VmError> {
    verify_module(module, &VerifierConfig::default())
}

/// Asserts the refusal: status, indices and code offsets.
fn refused(
    module: &CompiledModule,
    status: StatusCode,
    indices: &[(IndexKind, u16)],
    offsets: &[(u16, u16)],
) {
    let e = verify(module).expect_err("expected a refusal");
    assert_eq!(e.status(), status, "{e:?}");
    assert_eq!(e.data().indices, indices, "{e:?}");
    assert_eq!(e.data().offsets, offsets, "{e:?}");
}

#[test]
fn an_element_borrow_through_a_borrowed_mutable_vector_is_refused() {
    // Sui types `vec_borrow` as a call taking the vector reference: a `&mut vector` argument
    // must be free of borrows even for an immutable element borrow.
    let m = sui_module(
        "
flavor sui
module 0x42::vb
public fun f(l0: &mut vector<u64>): u64
    local l1: &mut vector<u64>
    copy_loc l0
    st_loc l1
    move_loc l0
    ld_u64 0
    vec_borrow<u64>
    read_ref
    move_loc l1
    pop
    ret
",
    );
    refused(
        &m,
        StatusCode::VEC_BORROW_ELEMENT_EXISTS_MUTABLE_BORROW_ERROR,
        &[(IndexKind::FunctionDefinition, 0)],
        &[(0, 4)],
    );
}

/// A function whose `&u64` local borrows one of `n` parameters on `n` paths that join, then
/// copies parameter 0.
fn joined_borrows(n: usize) -> String {
    let params: Vec<String> = (0..n).map(|i| format!("l{i}: u64")).collect();
    let flag = n;
    let reference = n + 1;
    let mut body = String::new();
    for i in 0..n {
        let label = if i == 0 {
            "    ".to_string()
        } else {
            format!("b{i}: ")
        };
        body.push_str(&format!(
            "{label}copy_loc l{flag}\n    br_false b{}\n    borrow_loc l{i}\n    st_loc l{reference}\n    branch join\n",
            i + 1
        ));
    }
    body.push_str(&format!(
        "b{n}: borrow_loc l0\n    st_loc l{reference}\njoin: copy_loc l0\n    move_loc l{reference}\n    read_ref\n    add\n    ret\n"
    ));
    format!(
        "flavor sui\nmodule 0x42::cl\npublic fun f({}, l{flag}: bool): u64\n    local l{reference}: &u64\n{body}",
        params.join(", ")
    )
}

#[test]
fn a_copy_is_refused_once_the_frames_borrows_overflow() {
    // Ten borrow edges from the frame to the joined reference are tracked one by one; the
    // eleventh collapses them into a borrow of the whole frame, and Sui then refuses to copy
    // any local.
    verify(&sui_module(&joined_borrows(10))).unwrap();
    let m = sui_module(&joined_borrows(11));
    let e = verify(&m).expect_err("expected a refusal");
    assert_eq!(e.status(), StatusCode::COPYLOC_EXISTS_BORROW_ERROR);
    let copy_at = u16::try_from(11 * 5 + 2).unwrap();
    assert_eq!(e.data().offsets, vec![(0, copy_at)]);
}

#[test]
fn a_variant_switch_takes_a_reference() {
    let m = sui_module(
        "
flavor sui
module 0x42::badop
enum E has drop
  A
    x: u64
  B
    y: u64

public fun f(l0: E): u64
    move_loc l0
    variant_switch E, l0, l1
l0: ld_u64 1
    ret
l1: ld_u64 2
    ret
",
    );
    refused(
        &m,
        StatusCode::ENUM_SWITCH_BAD_OPERAND,
        &[(IndexKind::FunctionDefinition, 0)],
        &[(0, 1)],
    );
}

#[test]
fn a_field_borrow_under_a_mutable_borrow_has_suis_name() {
    let m = sui_module(
        "
flavor sui
module 0x42::fm
struct S has drop
  x: u64
  y: u64

public fun f(l0: &mut S): u64
    local l1: &mut u64
    copy_loc l0
    mut_borrow_field S, x
    st_loc l1
    move_loc l0
    borrow_field S, x
    read_ref
    move_loc l1
    pop
    ret
",
    );
    refused(
        &m,
        StatusCode::FIELD_EXISTS_MUTABLE_BORROW_ERROR,
        &[(IndexKind::FunctionDefinition, 0)],
        &[(0, 4)],
    );
}

#[test]
fn an_enum_cannot_contain_itself() {
    let m = sui_module(
        "
flavor sui
module 0x42::rec
enum E
  A
    x: vector<E>
",
    );
    refused(
        &m,
        StatusCode::RECURSIVE_DATATYPE_DEFINITION,
        &[(IndexKind::EnumDefinition, 0)],
        &[],
    );
}

#[test]
fn identifiers_are_at_most_128_bytes() {
    let src = |len: usize| {
        format!(
            "flavor sui\nmodule 0x42::longid\nstruct S has drop\n  {}: u64\n",
            "a".repeat(len)
        )
    };
    verify(&sui_module(&src(128))).unwrap();
    refused(
        &sui_module(&src(129)),
        StatusCode::IDENTIFIER_TOO_LONG,
        &[(IndexKind::Identifier, 2)],
        &[],
    );
}

#[test]
fn enums_have_between_one_and_127_variants() {
    let mut m = sui_module(
        "
flavor sui
module 0x42::many
enum E has drop
  V
    x: u64
",
    );
    verify(&m).unwrap();
    let variant = m.enum_defs[0].variants[0].clone();
    m.enum_defs[0].variants = vec![variant.clone(); 128];
    // The limits pass reports no index.
    refused(&m, StatusCode::MAX_VARIANTS_REACHED, &[], &[]);
    m.enum_defs[0].variants = Vec::<VariantDefinition>::new();
    refused(
        &m,
        StatusCode::ZERO_SIZED_ENUM,
        &[(IndexKind::EnumDefinition, 0)],
        &[],
    );
}

/// Sui labels a field borrow's edge by the field handle (Aptos by the field's offset); the
/// order of labels decides how a released reference's edges are spliced into its parent's,
/// and so whether an edge set reaches the 10 edges that collapse it. These functions switch
/// over an 11-variant enum so that one splice lands exactly there.
#[test]
fn field_edges_are_labelled_by_field_handle() {
    let load = |name: &str| {
        let path = format!(
            "{}/tests/sui_label_order/{name}.masm",
            env!("CARGO_MANIFEST_DIR")
        );
        sui_module(&std::fs::read_to_string(path).unwrap())
    };
    verify(&load("label_order_accepted")).unwrap();
    refused(
        &load("label_order_sui_rejects"),
        StatusCode::FIELD_EXISTS_MUTABLE_BORROW_ERROR,
        &[(IndexKind::FunctionDefinition, 0)],
        &[(0, 60)],
    );
    refused(
        &load("label_order_root_copyloc_sui_rejects"),
        StatusCode::COPYLOC_EXISTS_BORROW_ERROR,
        &[(IndexKind::FunctionDefinition, 0)],
        &[(0, 59)],
    );
}
