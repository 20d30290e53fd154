//! Loaded code lives as long as something can run it, and no longer: dropping a VM frees every
//! module it loaded (calls within a module, across modules, generic calls, closures and a
//! script included), and republishing a module frees the version it replaces.

#![allow(clippy::unwrap_used, clippy::panic)] // test code: a failed unwrap is a failed test

use std::sync::{Arc, Weak};
use tern::{ModuleId, MoveValue, TypeTag, Vm};
use tern_asm::{AsmOptions, CompiledUnit};
use tern_binary::CompiledModule;

/// Calls within the module (`twice` → `helper`, the generic `id` calling itself through
/// `apply`) and a closure of its own function.
const LIB: &str = "module 0x42::lib
public fun twice(x: u64): u64
    move_loc x
    call helper
    ret

fun helper(x: u64): u64
    move_loc x
    ld_u64 2
    mul
    ret

public fun id<T>(x: T): T
    move_loc x
    ret

public fun apply<T>(x: T): T
    move_loc x
    call id<T>
    ret

public fun via_closure(x: u64): u64
    local f: |u64|u64 has copy + drop
    pack_closure twice, 0
    st_loc f
    move_loc x
    copy_loc f
    call_closure <|u64|u64 has copy + drop>
    ret
";

/// Calls into `lib`, generic and not.
const APP: &str = "module 0x42::app
use 0x42::lib
public fun run(x: u64): u64
    move_loc x
    call lib::twice
    call lib::apply<u64>
    call lib::via_closure
    ret
";

/// The stored module `id` of `vm`, held weakly.
fn stored(vm: &Vm, id: &ModuleId) -> Weak<CompiledModule> {
    Arc::downgrade(&vm.storage().module(id).unwrap().unwrap())
}

fn run(vm: &mut Vm, id: &ModuleId, x: u64) -> String {
    let out = vm
        .run_function(id, "run", &[], vec![MoveValue::U64(x).to_bcs()])
        .unwrap();
    out.return_values.into_iter().next().unwrap()
}

#[test]
fn dropping_the_vm_frees_every_module_it_ran() {
    let mut vm = Vm::with_stdlib().unwrap();
    let lib = vm.publish_masm(LIB).unwrap();
    let app = vm.publish_masm(APP).unwrap();
    assert_eq!(run(&mut vm, &app, 3), "12");
    vm.run_function(&lib, "apply", &[TypeTag::Bool], vec![vec![1]])
        .unwrap();
    let script = "script
use 0x42::app
fun main()
    ld_u64 1
    call app::run
    pop
    ret
";
    let app_module = vm.storage().module(&app).unwrap().unwrap();
    let CompiledUnit::Script(script) =
        tern_asm::assemble(script, &[&app_module], &AsmOptions::default()).unwrap()
    else {
        panic!("not a script")
    };
    drop(app_module);
    vm.run_script(&script, &[], Vec::new()).unwrap();
    let (lib_code, app_code) = (stored(&vm, &lib), stored(&vm, &app));
    drop(vm);
    assert!(lib_code.upgrade().is_none(), "lib outlives the VM");
    assert!(app_code.upgrade().is_none(), "app outlives the VM");
}

#[test]
fn republishing_frees_the_version_it_replaces() {
    let mut vm = Vm::with_stdlib().unwrap();
    let lib = vm.publish_masm(LIB).unwrap();
    let app = vm.publish_masm(APP).unwrap();
    assert_eq!(run(&mut vm, &app, 1), "4");
    let (old_lib, old_app) = (stored(&vm, &lib), stored(&vm, &app));
    // A compatible upgrade: `helper` triples.
    let v2 = LIB.replace("ld_u64 2\n    mul", "ld_u64 3\n    mul");
    vm.publish_masm(&v2).unwrap();
    assert_eq!(run(&mut vm, &app, 1), "9");
    assert!(old_lib.upgrade().is_none(), "the replaced lib stays loaded");
    // `app` did not change, but it was reloaded against the new `lib`.
    assert!(Weak::ptr_eq(&old_app, &stored(&vm, &app)));
}
