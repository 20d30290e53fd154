//! One small `.masm` program per verifier pass (and limit), assembled with `tern-asm`: each
//! checks the status, location, indices and offsets the pass reports, plus a valid neighbour
//! that must pass.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

mod common;

use common::*;
use tern_primitives::{IndexKind, Location, ModuleId, StatusCode, VmError};
use tern_verifier::*;

fn verify(src: &str) -> Result<(), VmError> {
    verify_module(&module(src), &VerifierConfig::default())
}

/// Asserts the module fails with `status` at code offset `(function, offset)`.
fn fails_at(src: &str, status: StatusCode, function: u16, offset: u16) {
    let e = verify(src).expect_err("expected a verification error");
    assert_eq!(e.status(), status, "{e:?}");
    assert_eq!(e.data().offsets, vec![(function, offset)], "{e:?}");
    assert!(matches!(e.location(), Location::Module(_)), "{e:?}");
}

/// Asserts the module fails with `status` and no code offset.
fn fails_with(src: &str, status: StatusCode) -> VmError {
    let e = verify(src).expect_err("expected a verification error");
    assert_eq!(e.status(), status, "{e:?}");
    e
}

fn passes(src: &str) {
    if let Err(e) = verify(src) {
        panic!("expected success, got {e:?}");
    }
}

#[test]
fn duplication_rejects_repeated_field_names() {
    let e = fails_with(
        "module 0x42::m\nstruct S\n  a: u64\n  a: u8",
        StatusCode::DUPLICATE_ELEMENT,
    );
    assert!(e.data().offsets.is_empty());
    passes("module 0x42::m\nstruct S\n  a: u64\n  b: u8");
}

#[test]
fn signatures_reject_references_in_fields_and_unsatisfied_constraints() {
    fails_with(
        "module 0x42::m\nstruct S\n  a: &u64",
        StatusCode::INVALID_SIGNATURE_TOKEN,
    );
    fails_with(
        "module 0x42::m\nstruct C<T: copy>\n  a: T\npublic fun f(x: C<signer>)\n    ret",
        StatusCode::CONSTRAINT_NOT_SATISFIED,
    );
    passes("module 0x42::m\nstruct C<T: copy> has drop\n  a: T\npublic fun f(x: C<u64>)\n    ret");
}

#[test]
fn instantiation_loops_are_rejected() {
    fails_with(
        "module 0x42::m\nfun f<T>()\n    call f<vector<T>>\n    ret",
        StatusCode::LOOP_IN_INSTANTIATION_GRAPH,
    );
    passes("module 0x42::m\nfun f<T>()\n    call f<T>\n    ret");
}

#[test]
fn struct_definitions_need_field_abilities_and_no_recursion() {
    let e = fails_with(
        "module 0x42::m\nstruct R\n  x: u64\nstruct A has copy\n  r: R",
        StatusCode::FIELD_MISSING_TYPE_ABILITY,
    );
    assert_eq!(e.data().indices, vec![(IndexKind::StructDefinition, 1)]);
    fails_with(
        "module 0x42::m\nstruct A\n  b: B\nstruct B\n  a: A",
        StatusCode::RECURSIVE_STRUCT_DEFINITION,
    );
}

#[test]
fn friends_must_not_include_self() {
    fails_with(
        "module 0x42::m\nfriend 0x42::m",
        StatusCode::INVALID_FRIEND_DECL_WITH_SELF,
    );
}

#[test]
fn control_flow_rejects_fall_through() {
    fails_at(
        "module 0x42::m\nfun f()\n    ld_u64 1\n    pop",
        StatusCode::INVALID_FALL_THROUGH,
        0,
        1,
    );
}

#[test]
fn stack_usage_must_balance_blocks() {
    // Reported at the start of the block.
    fails_at(
        "module 0x42::m\nfun f()\n    ld_u64 1\n    ret",
        StatusCode::POSITIVE_STACK_SIZE_AT_BLOCK_END,
        0,
        0,
    );
    fails_at(
        "module 0x42::m\nfun f()\n    pop\n    ret",
        StatusCode::NEGATIVE_STACK_SIZE_WITHIN_BLOCK,
        0,
        0,
    );
}

#[test]
fn type_safety_of_signed_integers_follows_the_errata() {
    let bit_op =
        "module 0x42::m\nfun f()\n    ld_i64 1\n    ld_i64 2\n    bit_and\n    pop\n    ret";
    fails_at(bit_op, StatusCode::INTEGER_OP_TYPE_MISMATCH_ERROR, 0, 2);
    let shift = "module 0x42::m\nfun f()\n    ld_i8 1\n    ld_u8 2\n    shl\n    pop\n    ret";
    fails_at(shift, StatusCode::INTEGER_OP_TYPE_MISMATCH_ERROR, 0, 2);
    let negate_unsigned = "module 0x42::m\nfun f()\n    ld_u64 1\n    negate\n    pop\n    ret";
    fails_at(
        negate_unsigned,
        StatusCode::INTEGER_OP_TYPE_MISMATCH_ERROR,
        0,
        1,
    );
    passes("module 0x42::m\nfun f()\n    ld_i64 1\n    negate\n    ld_i64 2\n    add\n    pop\n    ret");
    passes("module 0x42::m\nfun f()\n    ld_u64 1\n    ld_u8 2\n    shl\n    pop\n    ret");
}

#[test]
fn type_safety_checks_operands() {
    fails_at(
        "module 0x42::m\nfun f()\n    ld_u64 1\n    ld_u8 2\n    add\n    pop\n    ret",
        StatusCode::INTEGER_OP_TYPE_MISMATCH_ERROR,
        0,
        2,
    );
    fails_at(
        "module 0x42::m\nfun f(s: signer)\n    copy_loc s\n    pop\n    ret",
        StatusCode::COPYLOC_WITHOUT_COPY_ABILITY,
        0,
        0,
    );
}

#[test]
fn locals_must_be_assigned_before_use_and_dropped() {
    fails_at(
        "module 0x42::m\nfun f()\n    local x: u64\n    copy_loc x\n    pop\n    ret",
        StatusCode::COPYLOC_UNAVAILABLE_ERROR,
        0,
        0,
    );
    fails_at(
        "module 0x42::m\nstruct R\n  x: u64\nfun f(r: R)\n    ret",
        StatusCode::UNSAFE_RET_UNUSED_VALUES_WITHOUT_DROP,
        0,
        0,
    );
}

#[test]
fn references_to_locals_cannot_escape_or_alias() {
    fails_at(
        "module 0x42::m\nfun f(): &u64\n    local x: u64\n    ld_u64 1\n    st_loc x\n    borrow_loc x\n    ret",
        StatusCode::UNSAFE_RET_LOCAL_OR_RESOURCE_STILL_BORROWED,
        0,
        3,
    );
    let copy_while_borrowed = "module 0x42::m
fun f()
    local x: u64
    local r: &mut u64
    ld_u64 1
    st_loc x
    mut_borrow_loc x
    st_loc r
    copy_loc x
    pop
    move_loc r
    pop
    ret";
    fails_at(
        copy_while_borrowed,
        StatusCode::COPYLOC_EXISTS_BORROW_ERROR,
        0,
        4,
    );
}

#[test]
fn acquires_must_be_annotated() {
    let src = "module 0x42::m
struct T has key
  v: u64
public fun f(a: address)
    move_loc a
    mut_borrow_global T
    pop
    ret";
    fails_at(src, StatusCode::MISSING_ACQUIRES_ANNOTATION, 0, 1);
    passes(&src.replace(
        "public fun f(a: address)",
        "public fun f(a: address) acquires T",
    ));
}

#[test]
fn scripts_verify_their_body_and_signature() {
    let ok = script("script\nentry public fun main(x: u64)\n    ret");
    verify_script(&ok, &VerifierConfig::default()).unwrap();
    let bad = script("script\nentry public fun main()\n    ld_u64 1\n    ret");
    let e = verify_script(&bad, &VerifierConfig::default()).unwrap_err();
    assert_eq!(e.status(), StatusCode::POSITIVE_STACK_SIZE_AT_BLOCK_END);
    assert_eq!(e.location(), &Location::Script);
}

#[test]
fn limits_follow_the_configuration() {
    let config = VerifierConfig {
        max_function_parameters: Some(1),
        ..VerifierConfig::default()
    };
    let m = module("module 0x42::m\nfun f(a: u64, b: u64)\n    ret");
    let e = verify_module(&m, &config).unwrap_err();
    assert_eq!(e.status(), StatusCode::TOO_MANY_PARAMETERS);
    verify_module(&m, &VerifierConfig::default()).unwrap();
}

#[test]
fn metering_reports_programs_too_complex() {
    let config = VerifierConfig {
        max_per_fun_meter_units: Some(50),
        ..VerifierConfig::default()
    };
    let m =
        module("module 0x42::m\nfun f()\n    ld_u64 1\n    ld_u64 2\n    add\n    pop\n    ret");
    let e = verify_module(&m, &config).unwrap_err();
    assert_eq!(e.status(), StatusCode::CONSTRAINT_NOT_SATISFIED);
}

#[test]
fn dependencies_must_exist_and_match() {
    let dep = module("module 0x42::a\npublic fun pub_fn()\n    ret\nfun private_fn()\n    ret");
    let lookup = |id: &ModuleId| (id == &id_of(&dep)).then_some(&dep);

    let ok = module_with(
        "module 0x42::b\nuse 0x42::a\nfun f()\n    call a::pub_fn\n    ret",
        &[&dep],
    );
    verify_module_dependencies(&ok, &lookup).unwrap();

    let private = module_with(
        "module 0x42::b\nuse 0x42::a\nfun f()\n    call a::private_fn\n    ret",
        &[&dep],
    );
    let e = verify_module_dependencies(&private, &lookup).unwrap_err();
    assert_eq!(e.status(), StatusCode::LOOKUP_FAILED);
    assert_eq!(e.data().indices, vec![(IndexKind::FunctionHandle, 1)]);
    assert!(matches!(e.location(), Location::Module(_)));

    let nothing = |_: &ModuleId| None;
    let e = verify_module_dependencies(&ok, &nothing).unwrap_err();
    assert_eq!(e.status(), StatusCode::LINKER_ERROR);
    assert_eq!(e.location(), &Location::Undefined);
}

#[test]
fn enum_variants_are_type_checked() {
    let src = "module 0x42::m
enum E has drop
  A
    x: u64
  B
fun f()
    ld_u8 1
    pack_variant E, A
    pop
    ret";
    fails_at(src, StatusCode::PACK_TYPE_MISMATCH_ERROR, 0, 1);
    passes(&src.replace("ld_u8 1", "ld_u64 1"));
}

#[test]
fn closures_are_packed_and_called() {
    let src = "module 0x42::m
fun id(x: u64): u64
    move_loc x
    ret
fun f(): u64
    ld_u64 7
    pack_closure id, 0
    call_closure <|u64|u64 has drop>
    ret";
    passes(src);
    fails_at(
        &src.replace("ld_u64 7", "ld_u8 7"),
        StatusCode::CALL_TYPE_MISMATCH_ERROR,
        1,
        2,
    );
}
