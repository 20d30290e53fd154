//! Link-time checks of imported handles (`verify_module_dependencies`): each imported struct
//! and function handle must match its definition in the dependency the lookup returns.
//!
//! A mismatching handle is made by assembling the importer against one version of its
//! dependency (the assembler copies abilities, type parameters and signatures from it) and
//! linking it against another. Every case checks the status, the location (the importer) and
//! the index of the offending handle in the importer's tables, next to a neighbour that links.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

mod common;

use common::*;
use tern_binary::CompiledModule;
use tern_primitives::{IndexKind, Location, ModuleId, StatusCode, VmError};
use tern_verifier::*;

/// Links `importer` against `dep`, its only dependency.
fn link(importer: &CompiledModule, dep: &CompiledModule) -> Result<(), VmError> {
    let id = id_of(dep);
    let lookup = |want: &ModuleId| (want == &id).then_some(dep);
    verify_module_dependencies(importer, &lookup)
}

/// Assembles `importer` against the dependency `built_against`, checks that the importer
/// passes the module-local passes and links against that same version, then links it against
/// `linked_against` (another version of the dependency, same id).
fn link_across(
    importer: &str,
    built_against: &str,
    linked_against: &str,
) -> (CompiledModule, Result<(), VmError>) {
    let built = module(built_against);
    let importer = module_with(importer, &[&built]);
    verify_module(&importer, &VerifierConfig::default()).unwrap();
    link(&importer, &built).unwrap();
    let linked = module(linked_against);
    assert_eq!(id_of(&built), id_of(&linked), "two versions of one module");
    verify_module(&linked, &VerifierConfig::default()).unwrap();
    let result = link(&importer, &linked);
    (importer, result)
}

/// Asserts `importer` built against `built_against` fails to link against `linked_against`
/// with `status` at the importer, naming handle `(kind, idx)` and no code offset.
fn mismatch(
    importer: &str,
    built_against: &str,
    linked_against: &str,
    status: StatusCode,
    kind: IndexKind,
    idx: u16,
) -> VmError {
    let (importer, result) = link_across(importer, built_against, linked_against);
    let e = result.expect_err("expected a link error");
    assert_eq!(e.status(), status, "{e:?}");
    assert_eq!(e.location(), &Location::Module(id_of(&importer)), "{e:?}");
    assert_eq!(e.data().indices, vec![(kind, idx)], "{e:?}");
    assert!(e.data().offsets.is_empty(), "{e:?}");
    assert_eq!(e.sub_status(), None, "{e:?}");
    e
}

/// Asserts `importer` built against `built_against` links against `linked_against`.
fn links(importer: &str, built_against: &str, linked_against: &str) {
    let (_, result) = link_across(importer, built_against, linked_against);
    if let Err(e) = result {
        panic!("expected the link to succeed, got {e:?}");
    }
}

// ---- Struct handles --------------------------------------------------------------------------

/// Imports `a::S` (struct handle 1: the local `L` is handle 0) through a parameter type.
const USES_S: &str = "module 0x42::b
use 0x42::a
struct L has drop
  x: u64
fun f(s: &a::S)
    ret";

/// Like `USES_S`, for a generic `S` instantiated with `u64`.
const USES_S_U64: &str = "module 0x42::b
use 0x42::a
struct L has drop
  x: u64
fun f(s: &a::S<u64>)
    ret";

fn dep_struct(header: &str) -> String {
    format!("module 0x42::a\n{header}\n  x: u64")
}

#[test]
fn struct_handle_abilities_must_be_a_subset_of_the_definition() {
    let copy_drop = dep_struct("struct S has copy + drop");
    let e = mismatch(
        USES_S,
        &copy_drop,
        &dep_struct("struct S has drop"),
        StatusCode::TYPE_MISMATCH,
        IndexKind::StructHandle,
        1,
    );
    assert_eq!(e.message(), None);
    // The local view may have fewer abilities than the definition, or the same ones.
    links(
        USES_S,
        &copy_drop,
        &dep_struct("struct S has copy + drop + store"),
    );
    links(USES_S, &dep_struct("struct S has drop"), &copy_drop);
    links(USES_S, &copy_drop, &copy_drop);
}

#[test]
fn struct_handle_type_parameter_count_must_match() {
    let one = dep_struct("struct S<T> has drop");
    mismatch(
        USES_S_U64,
        &one,
        &dep_struct("struct S<T, U> has drop"),
        StatusCode::TYPE_MISMATCH,
        IndexKind::StructHandle,
        1,
    );
    mismatch(
        USES_S,
        &dep_struct("struct S has drop"),
        &one,
        StatusCode::TYPE_MISMATCH,
        IndexKind::StructHandle,
        1,
    );
    links(USES_S_U64, &one, &dep_struct("struct S<U> has drop"));
}

#[test]
fn struct_handle_phantom_parameter_must_be_phantom_in_the_definition() {
    let phantom = dep_struct("struct S<phantom T> has drop");
    let plain = dep_struct("struct S<T> has drop");
    mismatch(
        USES_S_U64,
        &phantom,
        &plain,
        StatusCode::TYPE_MISMATCH,
        IndexKind::StructHandle,
        1,
    );
    // A parameter the importer sees as non-phantom may be phantom in the definition.
    links(USES_S_U64, &plain, &phantom);
    links(USES_S_U64, &phantom, &phantom);
}

#[test]
fn struct_handle_type_parameter_constraints_must_include_the_definitions() {
    let copy = dep_struct("struct S<T: copy> has drop");
    mismatch(
        USES_S_U64,
        &copy,
        &dep_struct("struct S<T: copy + drop> has drop"),
        StatusCode::TYPE_MISMATCH,
        IndexKind::StructHandle,
        1,
    );
    mismatch(
        USES_S_U64,
        &dep_struct("struct S<T> has drop"),
        &copy,
        StatusCode::TYPE_MISMATCH,
        IndexKind::StructHandle,
        1,
    );
    // The importer may constrain a parameter more than the definition does.
    links(USES_S_U64, &copy, &dep_struct("struct S<T> has drop"));
    links(USES_S_U64, &copy, &copy);
}

#[test]
fn imported_struct_missing_from_the_dependency_is_lookup_failed() {
    let with_s = dep_struct("struct S has drop");
    let e = mismatch(
        USES_S,
        &with_s,
        &dep_struct("struct R has drop"),
        StatusCode::LOOKUP_FAILED,
        IndexKind::StructHandle,
        1,
    );
    assert_eq!(e.message(), None);
    // A struct the dependency only imports (a handle of another module) does not count.
    let c = module("module 0x42::c\nstruct S has drop\n  x: u64");
    let importer = module_with(USES_S, &[&module(&with_s)]);
    let reexports = module_with(
        "module 0x42::a\nuse 0x42::c\nstruct R has drop\n  x: u64\nfun f(s: &c::S)\n    ret",
        &[&c],
    );
    let e = link(&importer, &reexports).unwrap_err();
    assert_eq!(e.status(), StatusCode::LOOKUP_FAILED);
    assert_eq!(e.data().indices, vec![(IndexKind::StructHandle, 1)]);
    // The struct may have moved among the definitions: it is found by name.
    links(
        USES_S,
        &with_s,
        "module 0x42::a\nstruct R has drop\n  y: u8\nstruct S has drop\n  x: u64",
    );
}

// ---- Function handles ------------------------------------------------------------------------

/// Calls `a::g<u64>` (function handle 1: the local `f` is handle 0).
const CALLS_G_U64: &str = "module 0x42::b
use 0x42::a
fun f()
    call a::g<u64>
    ret";

/// `0x42::a` with one function: `header`, then the `body` lines (may be empty) and `ret`.
fn dep_fun(header: &str, body: &str) -> String {
    let mut src = format!("module 0x42::a\n{header}\n");
    if !body.is_empty() {
        src.push_str(body);
        src.push('\n');
    }
    src.push_str("    ret");
    src
}

#[test]
fn function_handle_type_parameter_constraints_must_include_the_definitions() {
    let copy = dep_fun("public fun g<T: copy>()", "");
    let e = mismatch(
        CALLS_G_U64,
        &copy,
        &dep_fun("public fun g<T: copy + drop>()", ""),
        StatusCode::TYPE_MISMATCH,
        IndexKind::FunctionHandle,
        1,
    );
    assert_eq!(e.message(), None);
    mismatch(
        CALLS_G_U64,
        &dep_fun("public fun g<T>()", ""),
        &copy,
        StatusCode::TYPE_MISMATCH,
        IndexKind::FunctionHandle,
        1,
    );
    links(CALLS_G_U64, &copy, &dep_fun("public fun g<T>()", ""));
    links(CALLS_G_U64, &copy, &dep_fun("public fun g<U: copy>()", ""));
}

#[test]
fn function_handle_type_parameter_count_must_match() {
    mismatch(
        CALLS_G_U64,
        &dep_fun("public fun g<T>()", ""),
        &dep_fun("public fun g<T, U>()", ""),
        StatusCode::TYPE_MISMATCH,
        IndexKind::FunctionHandle,
        1,
    );
}

/// Calls `a::g` with one `u64`.
const CALLS_G_WITH_U64: &str = "module 0x42::b
use 0x42::a
fun f()
    ld_u64 1
    call a::g
    ret";

#[test]
fn function_handle_parameter_types_must_match() {
    let takes_u64 = dep_fun("public fun g(x: u64)", "");
    // A type that differs is described; a count that differs is not (as the peer's).
    for (other, message) in [
        ("public fun g(x: u8)", Some(TYPES_DIFFER)),
        ("public fun g(x: u128)", Some(TYPES_DIFFER)),
        ("public fun g(x: u64, y: u64)", None),
        ("public fun g()", None),
        ("public fun g(x: vector<u64>)", Some(TYPES_DIFFER)),
    ] {
        let e = mismatch(
            CALLS_G_WITH_U64,
            &takes_u64,
            &dep_fun(other, ""),
            StatusCode::TYPE_MISMATCH,
            IndexKind::FunctionHandle,
            1,
        );
        assert_eq!(e.message(), message, "{other}");
    }
    // Only the handle is compared: the definition's body and parameter names may change.
    links(
        CALLS_G_WITH_U64,
        &takes_u64,
        &dep_fun(
            "public fun g(renamed: u64)",
            "    move_loc renamed\n    pop",
        ),
    );
}

#[test]
fn function_handle_parameter_references_and_type_parameters_must_match() {
    let importer = "module 0x42::b
use 0x42::a
fun f(r: &mut u64)
    move_loc r
    call a::g<u64, u8>
    ret";
    let by_mut = dep_fun("public fun g<T, U>(x: &mut T)", "");
    for other in [
        "public fun g<T, U>(x: &T)",
        "public fun g<T, U>(x: &mut U)",
        "public fun g<T, U>(x: &mut u64)",
    ] {
        mismatch(
            importer,
            &by_mut,
            &dep_fun(other, ""),
            StatusCode::TYPE_MISMATCH,
            IndexKind::FunctionHandle,
            1,
        );
    }
    links(importer, &by_mut, &by_mut);
}

#[test]
fn function_handle_struct_parameter_must_name_the_same_struct() {
    // `S` exists in both versions (its struct handle links), but `g` takes `R` in the second.
    let importer = "module 0x42::b
use 0x42::a
fun f(s: a::S)
    move_loc s
    call a::g
    ret";
    let structs = "module 0x42::a\nstruct S has drop\n  x: u64\nstruct R has drop\n  x: u64";
    let takes_s = format!("{structs}\npublic fun g(s: S)\n    ret");
    mismatch(
        importer,
        &takes_s,
        &format!("{structs}\npublic fun g(s: R)\n    ret"),
        StatusCode::TYPE_MISMATCH,
        IndexKind::FunctionHandle,
        1,
    );
    links(importer, &takes_s, &takes_s);
}

#[test]
fn function_handle_closure_parameter_abilities_must_match() {
    let importer = "module 0x42::b
use 0x42::a
fun f(k: |u64|u64 has copy + drop)
    move_loc k
    call a::g
    ret";
    let copy_drop = dep_fun("public fun g(k: |u64|u64 has copy + drop)", "");
    let e = mismatch(
        importer,
        &copy_drop,
        &dep_fun("public fun g(k: |u64|u64 has drop)", ""),
        StatusCode::TYPE_MISMATCH,
        IndexKind::FunctionHandle,
        1,
    );
    assert_eq!(
        e.message(),
        Some("Function type ability constraints mismatch")
    );
    // Unlike struct abilities, a closure type's abilities must be equal, not a subset.
    mismatch(
        importer,
        &copy_drop,
        &dep_fun("public fun g(k: |u64|u64 has copy + drop + store)", ""),
        StatusCode::TYPE_MISMATCH,
        IndexKind::FunctionHandle,
        1,
    );
    links(importer, &copy_drop, &copy_drop);
}

/// Calls `a::g` and drops its `u64` result.
const CALLS_G_FOR_U64: &str = "module 0x42::b
use 0x42::a
fun f()
    call a::g
    pop
    ret";

/// The message of a type in an imported signature that differs from the definition's.
const TYPES_DIFFER: &str = "imported type mismatches expectation";

#[test]
fn function_handle_return_types_must_match() {
    let returns_u64 = dep_fun("public fun g(): u64", "    ld_u64 1");
    for (other, message) in [
        (
            dep_fun("public fun g(): u32", "    ld_u32 1"),
            Some(TYPES_DIFFER),
        ),
        (
            dep_fun("public fun g(): (u64, u64)", "    ld_u64 1\n    ld_u64 2"),
            None,
        ),
        (dep_fun("public fun g()", ""), None),
        (
            dep_fun("public fun g(): bool", "    ld_true"),
            Some(TYPES_DIFFER),
        ),
    ] {
        let e = mismatch(
            CALLS_G_FOR_U64,
            &returns_u64,
            &other,
            StatusCode::TYPE_MISMATCH,
            IndexKind::FunctionHandle,
            1,
        );
        assert_eq!(e.message(), message, "{other}");
    }
    links(
        CALLS_G_FOR_U64,
        &returns_u64,
        &dep_fun("public fun g(): u64", "    ld_u64 2"),
    );
}

#[test]
fn imported_function_missing_from_the_dependency_is_lookup_failed() {
    let with_g = dep_fun("public fun g(): u64", "    ld_u64 1");
    mismatch(
        CALLS_G_FOR_U64,
        &with_g,
        &dep_fun("public fun h(): u64", "    ld_u64 1"),
        StatusCode::LOOKUP_FAILED,
        IndexKind::FunctionHandle,
        1,
    );
    // Still there but private now: invisible, so also not found.
    mismatch(
        CALLS_G_FOR_U64,
        &with_g,
        &dep_fun("fun g(): u64", "    ld_u64 1"),
        StatusCode::LOOKUP_FAILED,
        IndexKind::FunctionHandle,
        1,
    );
}

// ---- Friend visibility -----------------------------------------------------------------------

/// `0x42::a` with a friend function, and `0x42::b` as its friend.
const FRIENDLY: &str = "module 0x42::a
friend 0x42::b
friend fun fr(): u64
    ld_u64 1
    ret";

fn calls_fr(importer: &str) -> String {
    format!("module {importer}\nuse 0x42::a\nfun f()\n    call a::fr\n    pop\n    ret")
}

#[test]
fn friend_function_links_only_from_a_friend() {
    let dep = module(FRIENDLY);
    let friend = module_with(&calls_fr("0x42::b"), &[&dep]);
    verify_module(&friend, &VerifierConfig::default()).unwrap();
    link(&friend, &dep).unwrap();

    for stranger in ["0x42::c", "0x43::b"] {
        let importer = module_with(&calls_fr(stranger), &[&dep]);
        verify_module(&importer, &VerifierConfig::default()).unwrap();
        let e = link(&importer, &dep).expect_err(stranger);
        assert_eq!(e.status(), StatusCode::LOOKUP_FAILED, "{stranger}: {e:?}");
        assert_eq!(e.location(), &Location::Module(id_of(&importer)));
        assert_eq!(e.data().indices, vec![(IndexKind::FunctionHandle, 1)]);
        assert!(e.data().offsets.is_empty());
    }

    // The same function made public links from anyone.
    let public = module(&FRIENDLY.replace("friend fun", "public fun"));
    let stranger = module_with(&calls_fr("0x42::c"), &[&dep]);
    link(&stranger, &public).unwrap();
}

#[test]
fn script_never_links_to_a_friend_function() {
    let dep = module(FRIENDLY);
    let id = id_of(&dep);
    let lookup = |want: &ModuleId| (want == &id).then_some(&dep);
    let src = "script\nuse 0x42::a\nfun main()\n    call a::fr\n    pop\n    ret";
    let script = script_with(src, &[&dep]);
    let e = verify_script_dependencies(&script, &lookup).unwrap_err();
    assert_eq!(e.status(), StatusCode::LOOKUP_FAILED);
    assert_eq!(e.location(), &Location::Script);
    // A script's own function has no handle: the import is handle 0.
    assert_eq!(e.data().indices, vec![(IndexKind::FunctionHandle, 0)]);

    let public = module(&FRIENDLY.replace("friend fun", "public fun"));
    let lookup = |want: &ModuleId| (want == &id).then_some(&public);
    verify_script_dependencies(&script, &lookup).unwrap();
}

// ---- Order -----------------------------------------------------------------------------------

#[test]
fn struct_handles_are_checked_before_function_handles() {
    let importer = "module 0x42::b
use 0x42::a
fun f(s: &a::S)
    call a::g
    pop
    ret";
    let built = "module 0x42::a\nstruct S has copy + drop\n  x: u64\npublic fun g(): u64\n    ld_u64 1\n    ret";
    // Both `S` (abilities) and `g` (return type) mismatch: the struct handle is reported.
    let linked =
        "module 0x42::a\nstruct S has drop\n  x: u64\npublic fun g(): u8\n    ld_u8 1\n    ret";
    mismatch(
        importer,
        built,
        linked,
        StatusCode::TYPE_MISMATCH,
        IndexKind::StructHandle,
        0,
    );
    // With `S` fixed, `g` is reported.
    mismatch(
        importer,
        built,
        &linked.replace("struct S has drop", "struct S has copy + drop"),
        StatusCode::TYPE_MISMATCH,
        IndexKind::FunctionHandle,
        1,
    );
}

#[test]
fn undeclared_friend_module_is_a_linker_error() {
    // `errata.md`: declaring a friend module that is not published fails at publish.
    let dep = module(FRIENDLY);
    let friend = module("module 0x42::b\nfun f()\n    ret");
    let nothing = |_: &ModuleId| None;
    let e = verify_module_dependencies(&dep, &nothing).unwrap_err();
    assert_eq!(e.status(), StatusCode::LINKER_ERROR);
    assert_eq!(e.location(), &Location::Undefined);
    assert!(e.data().indices.is_empty());
    assert_eq!(
        e.message(),
        Some(
            "Linker Error: Module \
             0000000000000000000000000000000000000000000000000000000000000042::b doesn't exist"
        )
    );
    link(&dep, &friend).unwrap();
}
