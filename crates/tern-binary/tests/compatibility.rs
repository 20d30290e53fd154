//! The upgrade compatibility check, on assembled modules.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use tern_asm::assembler::{assemble, AsmOptions, CompiledUnit};
use tern_binary::compatibility::{check_compatibility, CompatibilityOptions};
use tern_binary::CompiledModule;
use tern_primitives::{Location, StatusCode, VmError};

const ID: &str = "0000000000000000000000000000000000000000000000000000000000000066::m";

/// Assembles `module 0x66::m` followed by `body`, with `deps` as context modules.
fn module_with(body: &str, deps: &[&CompiledModule]) -> CompiledModule {
    let src = format!("module 0x66::m\n{body}");
    match assemble(&src, deps, &AsmOptions::default()) {
        Ok(CompiledUnit::Module(m)) => m,
        other => panic!("not a module: {other:?}\n{src}"),
    }
}

fn module(body: &str) -> CompiledModule {
    module_with(body, &[])
}

fn check_with(old: &str, new: &str, options: CompatibilityOptions) -> Result<(), VmError> {
    check_compatibility(&module(old), &module(new), &options)
}

fn check(old: &str, new: &str) -> Result<(), VmError> {
    check_with(old, new, CompatibilityOptions::default())
}

/// The findings part of the message (after the fixed prefix), asserting status and location.
fn findings(result: Result<(), VmError>) -> String {
    let err = result.expect_err("expected an incompatibility");
    assert_eq!(
        err.status(),
        StatusCode::BACKWARD_INCOMPATIBLE_MODULE_UPDATE
    );
    assert_eq!(*err.location(), Location::Undefined);
    assert!(err.data().indices.is_empty() && err.data().offsets.is_empty());
    let message = err.message().expect("message").to_string();
    let prefix = format!(
        "Module update failure: new module not compatible with existing module in `{ID}`: "
    );
    message
        .strip_prefix(&prefix)
        .unwrap_or_else(|| panic!("unexpected message {message}"))
        .to_string()
}

fn incompatible(old: &str, new: &str) -> String {
    findings(check(old, new))
}

const SKIP_LAYOUT: CompatibilityOptions = CompatibilityOptions {
    skip_struct_layout: true,
    skip_friend_linking: false,
    skip_all: false,
};
const SKIP_FRIENDS: CompatibilityOptions = CompatibilityOptions {
    skip_struct_layout: false,
    skip_friend_linking: true,
    skip_all: false,
};
const SKIP_ALL: CompatibilityOptions = CompatibilityOptions {
    skip_struct_layout: false,
    skip_friend_linking: false,
    skip_all: true,
};

const STRUCT_AB: &str = "struct A\n    a: u64\n    b: u8\n";

#[test]
fn identical_and_empty_modules_are_compatible() {
    assert!(check("", "").is_ok());
    assert!(check(STRUCT_AB, STRUCT_AB).is_ok());
    let f = "public fun f(x: u64): u64\n    move_loc x\n    ret\n";
    assert!(check(f, f).is_ok());
}

#[test]
fn full_message_matches_the_peer() {
    let old = "public fun foo(): |u64|u32 has store\n    ld_u64 0\n    abort\n";
    let new = "public fun foo(): |bool|u32 has copy+store\n    ld_u64 0\n    abort\n";
    let err = check(old, new).unwrap_err();
    assert_eq!(
        err.message(),
        Some(
            "Module update failure: new module not compatible with existing module in \
             `0000000000000000000000000000000000000000000000000000000000000066::m`: \
             changed return type of function `foo`"
        )
    );
    assert!(err.render().contains("BACKWARD_INCOMPATIBLE_MODULE_UPDATE"));
}

#[test]
fn struct_fields_may_not_change() {
    let cases = [
        "struct A\n    a: u64\n",
        "struct A\n    a: u64\n    b: u8\n    c: bool\n",
        "struct A\n    y: u64\n    b: u8\n",
        "struct A\n    a: bool\n    b: u8\n",
        "struct A\n    b: u8\n    a: u64\n",
    ];
    for new in cases {
        assert_eq!(incompatible(STRUCT_AB, new), "changed layout of struct `A`");
    }
}

#[test]
fn skip_struct_layout_allows_field_changes_only() {
    let new = "struct A\n    a: bool\n";
    assert!(check_with(STRUCT_AB, new, SKIP_LAYOUT).is_ok());
    let old = "struct A has copy\n    a: u64\n";
    let new = "struct A\n    a: bool\n";
    assert_eq!(
        findings(check_with(old, new, SKIP_LAYOUT)),
        "removed abilities `copy` from struct `A`"
    );
}

#[test]
fn struct_abilities_may_grow_but_not_shrink() {
    let old = "struct A has copy + drop + store\n    a: u64\n";
    assert!(check(old, "struct A has copy + drop + store + key\n    a: u64\n").is_ok());
    assert_eq!(
        incompatible(old, "struct A has drop\n    a: u64\n"),
        "removed abilities `copy + store` from struct `A`"
    );
}

#[test]
fn struct_type_parameters() {
    let old = "struct S<T: copy + drop>\n    x: T\n";
    // Dropping a constraint is fine; adding one, or changing the count, is not.
    assert!(check(old, "struct S<T: drop>\n    x: T\n").is_ok());
    assert_eq!(
        incompatible(old, "struct S<T: copy + drop + store>\n    x: T\n"),
        "changed type parameters of struct `S`"
    );
    assert_eq!(
        incompatible(old, "struct S<T: copy + drop, U>\n    x: T\n"),
        "changed type parameters of struct `S`"
    );
}

#[test]
fn phantom_may_be_added_but_not_removed() {
    let plain = "struct S<T>\n    x: u64\n";
    let phantom = "struct S<phantom T>\n    x: u64\n";
    assert!(check(plain, phantom).is_ok());
    assert_eq!(
        incompatible(phantom, plain),
        "changed type parameters of struct `S`"
    );
}

#[test]
fn struct_findings_are_reported_together_in_order() {
    let old = "struct S<T> has copy\n    x: u64\n";
    let new = "struct S<T, U>\n    y: u64\n";
    assert_eq!(
        incompatible(old, new),
        "removed abilities `copy` from struct `S`, changed type parameters of struct `S`, \
         changed layout of struct `S`"
    );
}

#[test]
fn removed_struct_stops_the_struct_checks_only() {
    let old = "struct A\n    a: u64\nstruct B\n    b: u64\nstruct C\n    c: u64\n\
               public fun f()\n    ret\n";
    // `B` removed, `C` changed: only `B` is reported, then the function findings follow.
    let new = "struct A\n    a: u64\nstruct C\n    c: bool\n";
    assert_eq!(
        incompatible(old, new),
        "removed struct `B`, removed function `f`"
    );
}

#[test]
fn struct_order_and_new_structs_do_not_matter() {
    let old = "struct A\n    a: u64\nstruct B\n    b: u8\n";
    let new = "struct C\n    c: u8\nstruct B\n    b: u8\nstruct A\n    a: u64\n";
    assert!(check(old, new).is_ok());
}

const ENUM_AB: &str = "enum E\n    V0\n        a: u64\n    V1\n        b: u8\n";

#[test]
fn enum_variants_may_only_be_appended() {
    let appended = format!("{ENUM_AB}    V2\n        c: bool\n");
    assert!(check(ENUM_AB, &appended).is_ok());
    let cases = [
        // Removed variant.
        "enum E\n    V0\n        a: u64\n".to_string(),
        // Reordered variants.
        "enum E\n    V1\n        b: u8\n    V0\n        a: u64\n".to_string(),
        // Renamed variant.
        "enum E\n    V0\n        a: u64\n    W1\n        b: u8\n".to_string(),
        // Field added to a variant.
        "enum E\n    V0\n        a: u64\n        z: u8\n    V1\n        b: u8\n".to_string(),
        // Field type changed.
        "enum E\n    V0\n        a: u32\n    V1\n        b: u8\n".to_string(),
        // Inserted before an old variant.
        "enum E\n    V0\n        a: u64\n    X\n        x: u8\n    V1\n        b: u8\n".to_string(),
    ];
    for new in cases {
        assert_eq!(
            incompatible(ENUM_AB, &new),
            "changed layout of struct `E`",
            "{new}"
        );
    }
}

#[test]
fn enum_and_struct_do_not_convert() {
    let old_enum = "enum A\n    V0\n        a: u64\n        b: u8\n";
    let new_struct = "struct A\n    v: u16\n    a: u64\n    b: u8\n";
    assert_eq!(
        incompatible(old_enum, new_struct),
        "changed layout of struct `A`"
    );
    let new_enum = "enum A\n    V0\n        a: u64\n        b: u8\n";
    assert_eq!(
        incompatible(STRUCT_AB, new_enum),
        "changed layout of struct `A`"
    );
    assert!(check_with(STRUCT_AB, new_enum, SKIP_LAYOUT).is_ok());
}

#[test]
fn function_typed_fields_compare_structurally() {
    let old = "struct A has drop\n    x: |u64|u32 has drop\n";
    let cases = [
        "struct A has drop\n    x: |u16|u32 has drop\n",
        "struct A has drop\n    x: |u64|address has drop\n",
        "struct A has drop\n    x: |&mut u8|u32 has drop\n",
        "struct A has drop\n    x: |u64|u32 has copy + drop\n",
        "struct A has drop\n    x: |u64|u32\n",
        "struct A has drop\n    x: |u64, u64|u32 has drop\n",
        "struct A has drop\n    x: |u64|(u32, u32) has drop\n",
    ];
    for new in cases {
        assert_eq!(
            incompatible(old, new),
            "changed layout of struct `A`",
            "{new}"
        );
    }
    assert!(check(old, "struct A has drop\n    x: |u64|u32 has drop\n").is_ok());
}

#[test]
fn public_function_may_not_be_removed() {
    let old = "public fun foo()\n    ret\n";
    assert_eq!(incompatible(old, ""), "removed function `foo`");
}

#[test]
fn private_functions_may_change_freely() {
    let old = "fun foo()\n    ret\nfun bar(x: u64): u64\n    ld_u64 10\n    ret\n";
    let new =
        "fun foo(y: u32): bool\n    ld_true\n    ret\nfun bar(): u32\n    ld_u32 20\n    ret\n";
    assert!(check(old, new).is_ok());
    assert!(check(old, "").is_ok());
}

#[test]
fn visibility_rules() {
    let public = "public fun foo()\n    ret\n";
    let friend = "friend fun foo()\n    ret\n";
    let private = "fun foo()\n    ret\n";
    assert_eq!(
        incompatible(public, friend),
        "changed visibility of function `foo`"
    );
    assert_eq!(
        incompatible(public, private),
        "changed visibility of function `foo`"
    );
    assert_eq!(
        incompatible(friend, private),
        "changed visibility of function `foo`"
    );
    assert!(check(friend, public).is_ok());
    assert!(check(private, friend).is_ok());
    assert!(check(private, public).is_ok());
}

#[test]
fn friend_functions_are_checked_unless_friend_linking_is_skipped() {
    let old = "friend fun foo(x: u64)\n    ret\nfriend fun bar()\n    ret\n";
    assert_eq!(
        incompatible(old, ""),
        "removed function `foo`, removed function `bar`"
    );
    let changed = "friend fun foo(x: u8)\n    ret\nfun bar()\n    ret\n";
    assert_eq!(
        incompatible(old, changed),
        "changed parameter types of function `foo`, changed visibility of function `bar`"
    );
    assert!(check_with(old, "", SKIP_FRIENDS).is_ok());
    assert!(check_with(old, changed, SKIP_FRIENDS).is_ok());
}

#[test]
fn skipping_friend_linking_still_checks_public_functions_and_layouts() {
    let old = "struct A\n    a: u64\npublic fun foo()\n    ret\n";
    let new = "struct A\n    a: u8\n";
    assert_eq!(
        findings(check_with(old, new, SKIP_FRIENDS)),
        "changed layout of struct `A`, removed function `foo`"
    );
}

#[test]
fn entry_functions_keep_entry() {
    for vis in ["", "friend ", "public "] {
        let old = format!("entry {vis}fun foo()\n    ret\n");
        let new = format!("{vis}fun foo()\n    ret\n");
        assert_eq!(
            incompatible(&old, &new),
            "removed `entry` modifier of function `foo`",
            "{vis}"
        );
        assert_eq!(incompatible(&old, ""), "removed function `foo`", "{vis}");
        // Becoming entry is allowed.
        assert!(check(&new, &old).is_ok(), "{vis}");
    }
}

#[test]
fn friend_entry_functions_are_private_when_friend_linking_is_skipped() {
    let old = "entry friend fun foo()\n    ret\n";
    assert!(check_with(old, "", SKIP_FRIENDS).is_ok());
    assert!(check_with(old, "fun foo(x: u64)\n    ret\n", SKIP_FRIENDS).is_ok());
    // A private entry function stays checked.
    let old = "entry fun foo()\n    ret\n";
    assert_eq!(
        findings(check_with(old, "", SKIP_FRIENDS)),
        "removed function `foo`"
    );
}

#[test]
fn signature_changes_are_reported_first_wins_per_function() {
    let old = "public fun foo<T>(x: u64): u64\n    move_loc x\n    ret\n";
    let params_and_return = "public fun foo<T>(x: u8): u8\n    move_loc x\n    ret\n";
    assert_eq!(
        incompatible(old, params_and_return),
        "changed parameter types of function `foo`"
    );
    let return_and_tparams = "public fun foo<T, U>(x: u64): bool\n    ld_true\n    ret\n";
    assert_eq!(
        incompatible(old, return_and_tparams),
        "changed return type of function `foo`"
    );
    let tparams = "public fun foo<T, U>(x: u64): u64\n    move_loc x\n    ret\n";
    assert_eq!(
        incompatible(old, tparams),
        "changed type parameters of function `foo`"
    );
    let visibility_and_params = "friend fun foo<T>(x: u8): u64\n    ld_u64 0\n    ret\n";
    assert_eq!(
        incompatible(old, visibility_and_params),
        "changed visibility of function `foo`"
    );
}

#[test]
fn function_type_parameter_constraints_may_only_be_dropped() {
    let old = "public fun foo<T: copy + drop>()\n    ret\n";
    assert!(check(old, "public fun foo<T: drop>()\n    ret\n").is_ok());
    assert!(check(old, "public fun foo<T>()\n    ret\n").is_ok());
    assert_eq!(
        incompatible(old, "public fun foo<T: copy + drop + store>()\n    ret\n"),
        "changed type parameters of function `foo`"
    );
}

#[test]
fn type_parameters_compare_by_index() {
    let old = "public fun foo<A, B>(x: A, y: B)\n    ret\n";
    let swapped = "public fun foo<A, B>(x: B, y: A)\n    ret\n";
    assert_eq!(
        incompatible(old, swapped),
        "changed parameter types of function `foo`"
    );
    let renamed = "public fun foo<X, Y>(p: X, q: Y)\n    ret\n";
    assert!(check(old, renamed).is_ok());
}

#[test]
fn generic_function_types_in_returns() {
    let old = "public fun foo<A>(): |A|A\n    ld_u64 0\n    abort\n";
    assert_eq!(
        incompatible(
            old,
            "public fun foo<A>(): |A|u32\n    ld_u64 0\n    abort\n"
        ),
        "changed return type of function `foo`"
    );
    assert_eq!(
        incompatible(
            old,
            "public fun foo<A, B>(): |A|B\n    ld_u64 0\n    abort\n"
        ),
        "changed return type of function `foo`"
    );
}

#[test]
fn structs_compare_by_name_not_handle_index() {
    let old = "struct A has drop\n    x: u64\nstruct B has drop\n    x: u64\n\
               public fun f(g: |A|, s: &mut vector<B>)\n    ret\n";
    let swapped_decls = "struct B has drop\n    x: u64\nstruct A has drop\n    x: u64\n\
                         public fun f(g: |A|, s: &mut vector<B>)\n    ret\n";
    assert!(check(old, swapped_decls).is_ok());
    let swapped_types = "struct B has drop\n    x: u64\nstruct A has drop\n    x: u64\n\
                         public fun f(g: |B|, s: &mut vector<B>)\n    ret\n";
    assert_eq!(
        incompatible(old, swapped_types),
        "changed parameter types of function `f`"
    );
}

#[test]
fn structs_of_other_modules_compare_by_module_and_name() {
    let dep = |src: &str| match assemble(src, &[], &AsmOptions::default()) {
        Ok(CompiledUnit::Module(m)) => m,
        other => panic!("{other:?}"),
    };
    let d1 = dep("module 0x66::d1\nstruct D<T> has drop\n    x: T\n");
    let d2 = dep("module 0x66::d2\nstruct D<T> has drop\n    x: T\n");
    let old = module_with(
        "use 0x66::d1\npublic fun f(x: d1::D<u8>)\n    ret\n",
        &[&d1],
    );
    let same = module_with(
        "use 0x66::d2\nuse 0x66::d1\npublic fun f(x: d1::D<u8>)\n    ret\n",
        &[&d1, &d2],
    );
    let other_module = module_with(
        "use 0x66::d2\npublic fun f(x: d2::D<u8>)\n    ret\n",
        &[&d2],
    );
    let other_arg = module_with(
        "use 0x66::d1\npublic fun f(x: d1::D<u16>)\n    ret\n",
        &[&d1],
    );
    let opts = CompatibilityOptions::default();
    assert!(check_compatibility(&old, &same, &opts).is_ok());
    for new in [&other_module, &other_arg] {
        assert_eq!(
            findings(check_compatibility(&old, new, &opts)),
            "changed parameter types of function `f`"
        );
    }
}

#[test]
fn persistent_private_functions_are_treated_as_public() {
    let old = "#[persistent] fun foo(x: u64)\n    ret\n";
    assert_eq!(incompatible(old, ""), "removed function `foo`");
    assert_eq!(
        incompatible(old, "#[persistent] fun foo(x: u8)\n    ret\n"),
        "changed parameter types of function `foo`"
    );
    assert_eq!(
        incompatible(old, "fun foo(x: u64)\n    ret\n"),
        "removed required attributes of function `foo`"
    );
    assert!(check(old, "#[persistent] public fun foo(x: u64)\n    ret\n").is_ok());
    // Adding the attribute, or other attributes, is fine.
    let plain = "public fun foo(x: u64)\n    ret\n";
    assert!(check(
        plain,
        "#[persistent, module_lock] public fun foo(x: u64)\n    ret\n"
    )
    .is_ok());
}

#[test]
fn persistent_friend_functions_stay_checked_when_friend_linking_is_skipped() {
    let old = "#[persistent] friend fun foo()\n    ret\n";
    assert_eq!(
        findings(check_with(old, "", SKIP_FRIENDS)),
        "removed function `foo`"
    );
    assert_eq!(
        findings(check_with(
            old,
            "#[persistent] fun foo()\n    ret\n",
            SKIP_FRIENDS
        )),
        "changed visibility of function `foo`"
    );
}

#[test]
fn friend_declarations_may_be_added_but_not_removed() {
    let old = "friend 0x66::b\nfriend 0x55::a\n";
    assert!(check(old, "friend 0x55::a\nfriend 0x66::b\nfriend 0x77::c\n").is_ok());
    let hex55 = "0000000000000000000000000000000000000000000000000000000000000055::a";
    let hex66 = "0000000000000000000000000000000000000000000000000000000000000066::b";
    assert_eq!(
        incompatible(old, "friend 0x55::a\n"),
        format!("removed friend declaration `{hex66}`")
    );
    assert_eq!(
        incompatible(old, ""),
        format!("removed friend declaration `{hex55}` and `{hex66}`")
    );
    assert!(check_with(old, "", SKIP_FRIENDS).is_ok());
}

#[test]
fn findings_are_ordered_structs_functions_friends() {
    let old = "friend 0x66::f\nstruct A\n    a: u64\npublic fun g()\n    ret\n\
               public fun h(): u8\n    ld_u8 0\n    ret\n";
    let new = "struct A\n    a: u8\npublic fun h(): u16\n    ld_u16 0\n    ret\n";
    let hex = "0000000000000000000000000000000000000000000000000000000000000066::f";
    assert_eq!(
        incompatible(old, new),
        format!(
            "changed layout of struct `A`, removed function `g`, changed return type of \
             function `h`, removed friend declaration `{hex}`"
        )
    );
}

#[test]
fn skip_all_disables_every_check() {
    let old = "friend 0x66::f\nstruct A has copy\n    a: u64\npublic fun g()\n    ret\n";
    assert!(check_with(old, "", SKIP_ALL).is_ok());
    let both = CompatibilityOptions {
        skip_struct_layout: true,
        skip_friend_linking: true,
        skip_all: false,
    };
    // Without `skip_all`, the other two flags still leave structs and public functions checked.
    assert_eq!(
        findings(check_with(old, "", both)),
        "removed struct `A`, removed function `g`"
    );
}

#[test]
fn module_identity_changes_are_reported() {
    let old = module("");
    let renamed = match assemble("module 0x66::n\n", &[], &AsmOptions::default()) {
        Ok(CompiledUnit::Module(m)) => m,
        other => panic!("{other:?}"),
    };
    let err = check_compatibility(&old, &renamed, &CompatibilityOptions::default()).unwrap_err();
    assert!(err
        .message()
        .unwrap()
        .ends_with(&format!("in `{ID}`: module name changed to `n`")));
}

#[test]
fn malformed_indices_do_not_panic() {
    let mut old = module("struct A\n    a: u64\npublic fun f(x: u64)\n    ret\n");
    let new = old.clone();
    old.signatures.clear();
    old.identifiers.truncate(1);
    let _ = check_compatibility(&old, &new, &CompatibilityOptions::default());
    let _ = check_compatibility(&new, &old, &CompatibilityOptions::default());
}
