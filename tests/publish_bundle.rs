//! Publishing: a bundle of modules that import one another, all or nothing; duplicate ids in a
//! bundle; and an already deserialized module is bounds-checked before it is linked.

#![allow(clippy::unwrap_used, clippy::panic)] // test code: a failed unwrap is a failed test

use tern::{MoveValue, StatusCode, Vm};
use tern_asm::assembler::{assemble, AsmOptions, CompiledUnit};
use tern_binary::CompiledModule;
use tern_primitives::{AccountAddress, Identifier, ModuleId};

/// `src` assembled against `deps`.
fn module(src: &str, deps: &[&CompiledModule]) -> CompiledModule {
    match assemble(src, deps, &AsmOptions { version: 10 }) {
        Ok(CompiledUnit::Module(m)) => m,
        other => panic!("not a module: {other:?}"),
    }
}

fn bytes(m: &CompiledModule) -> Vec<u8> {
    m.serialize().unwrap()
}

const BASE: &str = "module 0x42::base
public fun seven(): u64
    ld_u64 7
    ret
";

const USER: &str = "module 0x42::user
use 0x42::base
public fun fourteen(): u64
    call base::seven
    call base::seven
    add
    ret
";

/// A module that fails verification (`add` of a `u64` and a `bool`).
const BROKEN: &str = "module 0x42::broken
public fun f(): u64
    ld_u64 1
    ld_true
    add
    ret
";

fn published(vm: &Vm, name: &str) -> bool {
    let id = ModuleId::new(
        AccountAddress::from_u64(0x42),
        Identifier::new(name).unwrap(),
    );
    vm.storage().module(&id).unwrap().is_some()
}

#[test]
fn a_bundle_links_its_members_in_any_order() {
    let base = module(BASE, &[]);
    let user = module(USER, &[&base]);
    // `user` comes first and imports `base`, which only the bundle holds.
    let mut vm = Vm::default();
    let ids = vm.publish_bundle(&[bytes(&user), bytes(&base)]).unwrap();
    assert_eq!(
        ids.iter().map(ToString::to_string).collect::<Vec<_>>(),
        ["0x42::user", "0x42::base"]
    );
    let out = vm.call("0x42::user::fourteen", &[], &[]).unwrap();
    assert_eq!(out.values, vec![MoveValue::U64(14)]);

    // One at a time, the importer first does not link.
    let mut vm = Vm::default();
    let e = vm.publish(&bytes(&user)).unwrap_err();
    assert_eq!(e.status(), StatusCode::LINKER_ERROR);
    assert!(!published(&vm, "user"));
}

#[test]
fn a_failing_member_publishes_nothing() {
    let base = module(BASE, &[]);
    let user = module(USER, &[&base]);
    let broken = module(BROKEN, &[]);
    let mut vm = Vm::default();
    let e = vm
        .publish_bundle(&[bytes(&base), bytes(&user), bytes(&broken)])
        .unwrap_err();
    assert_eq!(e.status(), StatusCode::INTEGER_OP_TYPE_MISMATCH_ERROR);
    for name in ["base", "user", "broken"] {
        assert!(!published(&vm, name), "{name} was stored");
    }
    // A member that does not deserialize (the magic and nothing else) stops the bundle
    // before anything is checked.
    let e = vm
        .publish_bundle(&[bytes(&base), vec![0xa1, 0x1c, 0xeb, 0x0b]])
        .unwrap_err();
    assert_eq!(e.status(), StatusCode::MALFORMED);
    assert!(!published(&vm, "base"));
}

#[test]
fn a_bundle_may_not_hold_one_module_twice() {
    let base = module(BASE, &[]);
    let mut vm = Vm::default();
    let e = vm
        .publish_bundle(&[bytes(&base), bytes(&base)])
        .unwrap_err();
    assert_eq!(e.status(), StatusCode::DUPLICATE_MODULE_NAME);
    assert!(e.message().is_some_and(|m| m.contains("0x42::base")));
    assert!(!published(&vm, "base"));
}

#[test]
fn a_compiled_module_is_bounds_checked_before_it_is_linked() {
    let mut base = module(BASE, &[]);
    // A function definition naming a function handle the module does not have.
    base.function_defs[0].function = tern_binary::FunctionHandleIndex(9);
    let mut vm = Vm::default();
    vm.set_skip_verification(true);
    let e = vm.publish_compiled(base, Vec::new()).unwrap_err();
    assert_eq!(e.status(), StatusCode::INDEX_OUT_OF_BOUNDS);
    assert!(!published(&vm, "base"));
}
