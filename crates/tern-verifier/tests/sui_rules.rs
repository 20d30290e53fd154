//! Sui's own verifier passes and the package checks of a Sui publish
//! (`verify_sui_package`): each rule accepts a conforming package and refuses a breaking one
//! with Sui's error and message.
//!
//! The packages are small `.masm` modules under `0xc0ffee` linked against a stand-in for the
//! parts of the Sui framework the rules know (`0x2::object`, `0x2::tx_context`,
//! `0x2::transfer`, `0x2::event`, `0x2::clock`, `0x1::option`).

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use tern_asm::assembler::{assemble, AsmOptions, CompiledUnit};
use tern_binary::CompiledModule;
use tern_primitives::{AccountAddress, IndexKind, Location, StatusCode, VmError};
use tern_verifier::*;

const TX_CONTEXT: &str = "
flavor sui
module 0x2::tx_context
struct TxContext has drop
  sender: address

public fun sender(l0: &TxContext): address
    move_loc l0
    borrow_field TxContext, sender
    read_ref
    ret
";

const OBJECT: &str = "
flavor sui
module 0x2::object
use 0x2::tx_context
struct ID has copy + drop + store
  bytes: address

struct UID has store
  id: ID

public fun new(l0: &mut tx_context::TxContext): UID
    move_loc l0
    freeze_ref
    call tx_context::sender
    pack ID
    pack UID
    ret

public fun delete(l0: UID)
    move_loc l0
    unpack UID
    pop
    ret
";

const TRANSFER: &str = "
flavor sui
module 0x2::transfer
public native fun transfer<T0: key>(l0: T0, l1: address)
public native fun public_transfer<T0: store + key>(l0: T0, l1: address)
public native fun share_object<T0: key>(l0: T0)
";

const EVENT: &str = "
flavor sui
module 0x2::event
public native fun emit<T0: copy + drop>(l0: T0)
";

const CLOCK: &str = "
flavor sui
module 0x2::clock
use 0x2::object
struct Clock has key
  id: object::UID
  timestamp_ms: u64
";

const OPTION: &str = "
flavor sui
module 0x1::option
struct Option<T0> has copy + drop + store
  vec: vector<T0>
";

/// The published package's address.
const HERE: AccountAddress = AccountAddress::from_u64(0xc0ffee);

fn assemble_sui(src: &str, deps: &[&CompiledModule]) -> CompiledModule {
    match assemble(src, deps, &AsmOptions { version: 7 }) {
        Ok(CompiledUnit::Module(m)) => m,
        Ok(CompiledUnit::Script(_)) => panic!("expected a module"),
        Err(e) => panic!("assembly failed: {e:?}\n{src}"),
    }
}

/// The stand-in framework: `0x1` and `0x2` modules.
struct Framework {
    std: Vec<CompiledModule>,
    sui: Vec<CompiledModule>,
}

impl Framework {
    fn new() -> Framework {
        let tx_context = assemble_sui(TX_CONTEXT, &[]);
        let object = assemble_sui(OBJECT, &[&tx_context]);
        let transfer = assemble_sui(TRANSFER, &[]);
        let event = assemble_sui(EVENT, &[]);
        let clock = assemble_sui(CLOCK, &[&object]);
        let option = assemble_sui(OPTION, &[]);
        Framework {
            std: vec![option],
            sui: vec![tx_context, object, transfer, event, clock],
        }
    }

    fn deps(&self) -> Vec<&CompiledModule> {
        self.std.iter().chain(&self.sui).collect()
    }

    fn packages(&self) -> [SuiPackage<'_>; 2] {
        [
            SuiPackage {
                original_id: AccountAddress::ONE,
                version_id: AccountAddress::ONE,
                modules: &self.std,
            },
            SuiPackage {
                original_id: AccountAddress::from_u64(2),
                version_id: AccountAddress::from_u64(2),
                modules: &self.sui,
            },
        ]
    }

    /// Verifies the modules (each `.masm` text, assembled in order against the framework and
    /// the ones before it) as one package at [`HERE`].
    fn publish(&self, sources: &[&str]) -> Result<(), SuiPublishError> {
        let modules = self.build(sources);
        self.publish_modules(&modules)
    }

    fn build(&self, sources: &[&str]) -> Vec<CompiledModule> {
        let mut modules: Vec<CompiledModule> = Vec::new();
        for src in sources {
            let built = {
                let mut deps = self.deps();
                deps.extend(modules.iter());
                assemble_sui(src, &deps)
            };
            modules.push(built);
        }
        modules
    }

    fn publish_modules(&self, modules: &[CompiledModule]) -> Result<(), SuiPublishError> {
        let package = SuiPackage {
            original_id: HERE,
            version_id: HERE,
            modules,
        };
        verify_sui_package(
            &package,
            &self.packages(),
            &SuiVerifierConfig::mainnet(),
            None,
        )
    }
}

/// Asserts Sui's pass `rule` refuses the package with `message`, where `_` stands for the
/// package's address as Sui prints it (64 hex digits).
fn refused(result: Result<(), SuiPublishError>, rule: SuiRule, message: &str) {
    let here = HERE.full_hex();
    match result {
        Err(SuiPublishError::Rule {
            rule: got,
            message: got_message,
            ..
        }) => {
            assert_eq!(got, rule);
            assert_eq!(got_message, message.replace("_::", &format!("{here}::")));
        }
        other => panic!("expected {rule} to refuse, got {other:?}"),
    }
}

fn sui_hex() -> String {
    AccountAddress::from_u64(2).full_hex()
}

// ---------------------------------------------------------------------------------------
// struct_with_key

const OBJ_OK: &str = "
flavor sui
module 0xc0ffee::m
use 0x2::object
use 0x2::tx_context
use 0x2::transfer
struct Obj has key
  id: object::UID

public fun make(l0: &mut tx_context::TxContext): Obj
    move_loc l0
    call object::new
    pack Obj
    ret
";

#[test]
fn conforming_objects_are_accepted() {
    Framework::new().publish(&[OBJ_OK]).unwrap();
}

#[test]
fn an_object_must_start_with_an_id_field() {
    let fw = Framework::new();
    let src = "
flavor sui
module 0xc0ffee::m
use 0x2::object
struct Obj has key
  uid: object::UID
";
    refused(
        fw.publish(&[src]),
        SuiRule::StructWithKey,
        "First field of struct Obj must be 'id', uid found",
    );
}

#[test]
fn an_object_id_must_be_a_uid() {
    let fw = Framework::new();
    let src = "
flavor sui
module 0xc0ffee::m
struct Obj has key
  id: address
";
    refused(
        fw.publish(&[src]),
        SuiRule::StructWithKey,
        &format!(
            "First field of struct Obj must be of type {}::object::UID, Address type found",
            sui_hex()
        ),
    );
    let src = "
flavor sui
module 0xc0ffee::m
use 0x2::object
struct Obj has key
  id: object::ID
";
    refused(
        fw.publish(&[src]),
        SuiRule::StructWithKey,
        &format!(
            "First field of struct Obj must be of type {0}::object::UID, {0}::object::ID type found",
            sui_hex()
        ),
    );
}

#[test]
fn an_enum_cannot_be_an_object() {
    let fw = Framework::new();
    let src = "
flavor sui
module 0xc0ffee::m
use 0x2::object
enum E has key
  A
    x: u64
";
    refused(
        fw.publish(&[src]),
        SuiRule::StructWithKey,
        "Enum E cannot have the 'key' ability. Enums cannot have the 'key' ability.",
    );
}

// ---------------------------------------------------------------------------------------
// global storage

#[test]
fn global_storage_is_refused() {
    let fw = Framework::new();
    let src = "
flavor sui
module 0xc0ffee::m
use 0x2::object
struct R has key
  id: object::UID

public fun has_r(l0: address): bool
    move_loc l0
    exists R
    ret

public fun has_both(l0: address): bool
    copy_loc l0
    exists R
    move_loc l0
    exists R
    and
    ret
";
    // Sui's deserializer refuses these instructions in bytes; a module built in memory
    // passes the Move verifier (which types them) and meets this pass.
    refused(
        fw.publish(&[src]),
        SuiRule::GlobalStorageAccess,
        "Access to Move global storage is not allowed. Found in function has_r: \
         [Exists(StructDefinitionIndex(0))]",
    );
}

// ---------------------------------------------------------------------------------------
// id_leak

#[test]
fn an_object_packed_from_an_unpacked_uid_is_refused() {
    let fw = Framework::new();
    let src = "
flavor sui
module 0xc0ffee::m
use 0x2::object
use 0x2::tx_context
struct Obj has key
  id: object::UID

public fun rewrap(l0: Obj): Obj
    move_loc l0
    unpack Obj
    pack Obj
    ret
";
    refused(
        fw.publish(&[src]),
        SuiRule::IdLeak,
        "PartialVMError with status UNKNOWN_VERIFICATION_ERROR with sub status 1 and message \
         Invalid object creation in _::m::rewrap. Object created without a newly created UID. \
         The UID must come directly from `sui::object::new`, or `sui::derived_object::claim`. \
         For tests, it can also come from `sui::test_scenario::new_object`",
    );
}

#[test]
fn a_fresh_uid_may_pass_through_locals_but_not_a_join_with_another() {
    let fw = Framework::new();
    let through_locals = "
flavor sui
module 0xc0ffee::m
use 0x2::object
use 0x2::tx_context
struct Obj has key
  id: object::UID

public fun make(l0: &mut tx_context::TxContext): Obj
    local l1: object::UID
    local l2: object::UID
    move_loc l0
    call object::new
    st_loc l1
    move_loc l1
    st_loc l2
    move_loc l2
    pack Obj
    ret
";
    fw.publish(&[through_locals]).unwrap();
    let joined = "
flavor sui
module 0xc0ffee::m
use 0x2::object
use 0x2::tx_context
struct Obj has key
  id: object::UID

public fun make(l0: &mut tx_context::TxContext, l1: object::UID, l2: bool): Obj
    local l3: object::UID
    move_loc l2
    br_false l0
    move_loc l1
    call object::delete
    move_loc l0
    call object::new
    st_loc l3
    branch l1
l0: move_loc l0
    pop
    move_loc l1
    st_loc l3
l1: move_loc l3
    pack Obj
    ret
";
    refused(
        fw.publish(&[joined]),
        SuiRule::IdLeak,
        "PartialVMError with status UNKNOWN_VERIFICATION_ERROR with sub status 1 and message \
         Invalid object creation in _::m::make. Object created without a newly created UID. \
         The UID must come directly from `sui::object::new`, or `sui::derived_object::claim`. \
         For tests, it can also come from `sui::test_scenario::new_object`",
    );
}

// ---------------------------------------------------------------------------------------
// private generics

const TRANSFERS: &str = "
flavor sui
module 0xc0ffee::m
use 0x2::object
use 0x2::tx_context
use 0x2::transfer
use 0x2::event
struct Obj has store + key
  id: object::UID

struct Ev has copy + drop
  x: u64

public fun give(l0: Obj, l1: address)
    move_loc l0
    move_loc l1
    call transfer::transfer<Obj>
    ret

public fun notify()
    ld_u64 1
    pack Ev
    call event::emit<Ev>
    ret
";

#[test]
fn internal_type_arguments_defined_here_are_accepted() {
    Framework::new().publish(&[TRANSFERS]).unwrap();
}

#[test]
fn internal_type_arguments_from_elsewhere_are_refused() {
    let fw = Framework::new();
    let modules = fw.build(&[TRANSFERS]);
    let src = "
flavor sui
module 0xc0ffee::n
use 0xc0ffee::m
use 0x2::transfer
public fun give(l0: m::Obj, l1: address)
    move_loc l0
    move_loc l1
    call transfer::transfer<m::Obj>
    ret
";
    let mut deps = fw.deps();
    deps.extend(modules.iter());
    let n = assemble_sui(src, &deps);
    let all = [modules, vec![n]].concat();
    refused(
        fw.publish_modules(&all),
        SuiRule::PrivateGenerics,
        "_::n::give. Invalid call to 'sui::transfer::transfer'. Type argument #0 must be a type \
         defined in the current module, found '0xc0ffee::m::Obj'. If the type has the 'store' \
         ability, use the public variant instead: 'sui::transfer::public_transfer'.",
    );
    let src = "
flavor sui
module 0xc0ffee::n
use 0x2::event
use 0x1::option
public fun notify(l0: option::Option<u64>)
    move_loc l0
    call event::emit<option::Option<u64>>
    ret
";
    refused(
        fw.publish(&[src]),
        SuiRule::PrivateGenerics,
        "_::n::notify. Invalid call to 'sui::event::emit'. Type argument #0 must be a type \
         defined in the current module, found '0x1::option::Option<u64>'.",
    );
}

#[test]
fn public_variants_take_any_type() {
    let fw = Framework::new();
    let modules = fw.build(&[TRANSFERS]);
    let src = "
flavor sui
module 0xc0ffee::n
use 0xc0ffee::m
use 0x2::transfer
public fun give(l0: m::Obj, l1: address)
    move_loc l0
    move_loc l1
    call transfer::public_transfer<m::Obj>
    ret
";
    let mut deps = fw.deps();
    deps.extend(modules.iter());
    let n = assemble_sui(src, &deps);
    fw.publish_modules(&[modules, vec![n]].concat()).unwrap();
}

// ---------------------------------------------------------------------------------------
// entry points and init

fn init_module(signature: &str, body: &str) -> String {
    format!(
        "
flavor sui
module 0xc0ffee::m
use 0x2::tx_context
{signature}
{body}
"
    )
}

#[test]
fn a_conforming_init_is_accepted() {
    let fw = Framework::new();
    for ctx in ["&mut tx_context::TxContext", "&tx_context::TxContext"] {
        let src = init_module(
            &format!("fun init(l0: {ctx})"),
            "    move_loc l0\n    pop\n    ret",
        );
        fw.publish(&[&src]).unwrap();
    }
}

#[test]
fn init_must_have_the_sanctioned_shape() {
    let fw = Framework::new();
    let body = "    move_loc l0\n    pop\n    ret";
    let cases = [
        (
            "public fun init(l0: &mut tx_context::TxContext)",
            "_::m. 'init' function must be private",
        ),
        (
            "entry fun init(l0: &mut tx_context::TxContext)",
            "_::m. 'init' cannot be 'entry'",
        ),
        (
            "fun init<T0>(l0: &mut tx_context::TxContext)",
            "_::m. 'init' function cannot have type parameters",
        ),
    ];
    for (signature, message) in cases {
        refused(
            fw.publish(&[&init_module(signature, body)]),
            SuiRule::EntryPoints,
            message,
        );
    }
    let src = init_module(
        "fun init(l0: &mut tx_context::TxContext): u64",
        "    move_loc l0\n    pop\n    ld_u64 0\n    ret",
    );
    refused(
        fw.publish(&[&src]),
        SuiRule::EntryPoints,
        "_::m, 'init' function cannot have return values",
    );
    let src = init_module("fun init()", "    ret");
    refused(
        fw.publish(&[&src]),
        SuiRule::EntryPoints,
        "Expected at least one and at most two parameters for _::m::init",
    );
    let src = init_module("fun init(l0: u64)", "    ret");
    refused(
        fw.publish(&[&src]),
        SuiRule::EntryPoints,
        &format!(
            "Expected last parameter for _::m::init to be &mut {0}::tx_context::TxContext or \
             &{0}::tx_context::TxContext, but found u64",
            sui_hex()
        ),
    );
}

#[test]
fn init_cannot_be_called() {
    let fw = Framework::new();
    let src = "
flavor sui
module 0xc0ffee::m
use 0x2::tx_context
fun init(l0: &mut tx_context::TxContext)
    move_loc l0
    pop
    ret

public fun again(l0: &mut tx_context::TxContext)
    ld_u64 0
    pop
    move_loc l0
    call init
    ret
";
    refused(
        fw.publish(&[src]),
        SuiRule::EntryPoints,
        "_::m::init at offset 3. Cannot call a module's 'init' function from another Move function",
    );
}

#[test]
fn entry_signatures_are_checked_only_where_enabled() {
    let fw = Framework::new();
    let src = "
flavor sui
module 0xc0ffee::m
use 0x2::clock
use 0x2::tx_context
entry fun tick(l0: &mut clock::Clock, l1: &mut tx_context::TxContext)
    move_loc l0
    pop
    move_loc l1
    pop
    ret
";
    // Mainnet (protocol 130) no longer checks entry signatures.
    fw.publish(&[src]).unwrap();
    let modules = fw.build(&[src]);
    let package = SuiPackage {
        original_id: HERE,
        version_id: HERE,
        modules: &modules,
    };
    let config = SuiVerifierConfig {
        disable_entry_point_signature_check: false,
        ..SuiVerifierConfig::mainnet()
    };
    let result = verify_sui_package(&package, &fw.packages(), &config, None);
    refused(
        result,
        SuiRule::EntryPoints,
        "Invalid entry point parameter type. Clock must be passed by immutable reference. got: \
         &mut 0x2::clock::Clock",
    );
}

// ---------------------------------------------------------------------------------------
// one-time witness

fn witness_module(witness: &str, init: &str, extra: &str) -> String {
    format!(
        "
flavor sui
module 0xc0ffee::coin
use 0x2::tx_context
{witness}

{init}
{extra}
"
    )
}

const WITNESS: &str = "struct COIN has drop\n  dummy_field: bool";
const INIT_WITH_WITNESS: &str = "fun init(l0: COIN, l1: &mut tx_context::TxContext)
    move_loc l1
    pop
    move_loc l0
    pop
    ret";

#[test]
fn a_one_time_witness_passed_to_init_is_accepted() {
    let fw = Framework::new();
    fw.publish(&[&witness_module(WITNESS, INIT_WITH_WITNESS, "")])
        .unwrap();
}

#[test]
fn a_one_time_witness_has_only_drop_and_no_type_parameters() {
    let fw = Framework::new();
    let src = witness_module(
        "struct COIN has copy + drop\n  dummy_field: bool",
        INIT_WITH_WITNESS,
        "",
    );
    refused(
        fw.publish(&[&src]),
        SuiRule::OneTimeWitness,
        "one-time witness type candidate _::coin::COIN must have a single ability: drop",
    );
}

#[test]
fn init_must_take_the_witness_first() {
    let fw = Framework::new();
    let init = "fun init(l0: &mut tx_context::TxContext)
    move_loc l0
    pop
    ret";
    refused(
        fw.publish(&[&witness_module(WITNESS, init, "")]),
        SuiRule::OneTimeWitness,
        "init function of a module containing one-time witness type candidate must have \
         _::coin::COIN as the first parameter (a struct which has no fields or a single field \
         of type bool)",
    );
}

#[test]
fn without_a_witness_init_takes_only_the_context() {
    let fw = Framework::new();
    let src = "
flavor sui
module 0xc0ffee::coin
use 0x2::tx_context
struct Other has drop
  dummy_field: bool

fun init(l0: Other, l1: &mut tx_context::TxContext)
    move_loc l1
    pop
    move_loc l0
    pop
    ret
";
    let sui = sui_hex();
    refused(
        fw.publish(&[src]),
        SuiRule::OneTimeWitness,
        &format!(
            "Expected last (and at most second) parameter for _::coin::init to be &mut \
             {sui}::tx_context::TxContext or &{sui}::tx_context::TxContext; optional first \
             parameter must be of one-time witness type whose name is the same as the \
             capitalized module name (_::coin::COIN) and which has no fields or a single field \
             of type bool"
        ),
    );
}

#[test]
fn the_witness_is_never_packed() {
    let fw = Framework::new();
    let extra = "
public fun forge(): COIN
    ld_true
    pack COIN
    ret";
    refused(
        fw.publish(&[&witness_module(WITNESS, INIT_WITH_WITNESS, extra)]),
        SuiRule::OneTimeWitness,
        "one-time witness type _::coin::COIN is instantiated in the _::coin::forge function \
         and must never be",
    );
}

// ---------------------------------------------------------------------------------------
// package checks, linkage, natives

fn vm_error(result: Result<(), SuiPublishError>) -> VmError {
    match result {
        Err(SuiPublishError::Vm(e)) => e,
        other => panic!("expected a VM error, got {other:?}"),
    }
}

#[test]
fn a_package_is_not_empty_and_lives_at_its_original_id() {
    let fw = Framework::new();
    let e = vm_error(fw.publish_modules(&[]));
    assert_eq!(e.status(), StatusCode::EMPTY_PACKAGE);
    assert_eq!(e.location(), &Location::Package(HERE));
    let elsewhere = "
flavor sui
module 0xbad::m
";
    let e = vm_error(fw.publish(&[OBJ_OK, elsewhere]));
    assert_eq!(e.status(), StatusCode::MISMATCHED_MODULE_IDS_IN_PACKAGE);
    assert_eq!(e.data().indices, vec![(IndexKind::AddressIdentifier, 0)]);
    let twice = fw.build(&[OBJ_OK]);
    let e = vm_error(fw.publish_modules(&[twice.clone(), twice].concat()));
    assert_eq!(e.status(), StatusCode::DUPLICATE_MODULE_NAME);
}

#[test]
fn every_import_must_be_in_the_linkage() {
    let fw = Framework::new();
    let other = assemble_sui(
        "flavor sui\nmodule 0x77::dep\npublic fun f()\n    ret\n",
        &[],
    );
    let src = "
flavor sui
module 0xc0ffee::m
use 0x77::dep
public fun g()
    call dep::f
    ret
";
    let mut deps = fw.deps();
    deps.push(&other);
    let m = assemble_sui(src, &deps);
    let e = vm_error(fw.publish_modules(&[m]));
    assert_eq!(e.status(), StatusCode::MISSING_DEPENDENCY);
    assert_eq!(e.location(), &Location::Undefined);
}

#[test]
fn natives_must_be_known_and_structs_cannot_be_native() {
    let fw = Framework::new();
    let src = "
flavor sui
module 0xc0ffee::m
public native fun magic(): u64
";
    let modules = fw.build(&[src]);
    let package = SuiPackage {
        original_id: HERE,
        version_id: HERE,
        modules: &modules,
    };
    let config = SuiVerifierConfig::mainnet();
    verify_sui_package(&package, &fw.packages(), &config, None).unwrap();
    let none = |_: &AccountAddress, _: &str, _: &str| false;
    let e = vm_error(verify_sui_package(
        &package,
        &fw.packages(),
        &config,
        Some(&none),
    ));
    assert_eq!(e.status(), StatusCode::MISSING_DEPENDENCY);
    assert_eq!(e.data().indices, vec![(IndexKind::FunctionHandle, 0)]);
    let src = "
flavor sui
module 0xc0ffee::m
struct S has drop
  x: u64
";
    let mut modules = fw.build(&[src]);
    modules[0].struct_defs[0].field_information = tern_binary::StructFieldInformation::Native;
    let e = vm_error(fw.publish_modules(&modules));
    assert_eq!(e.status(), StatusCode::MISSING_DEPENDENCY);
}

#[test]
fn modules_of_a_package_cannot_depend_on_each_other_in_a_cycle() {
    let fw = Framework::new();
    let a_alone = assemble_sui(
        "flavor sui\nmodule 0xc0ffee::a\npublic fun f()\n    ret\n",
        &[],
    );
    let b = assemble_sui(
        "flavor sui\nmodule 0xc0ffee::b\nuse 0xc0ffee::a\npublic fun g()\n    call a::f\n    ret\n",
        &[&a_alone],
    );
    let a = assemble_sui(
        "flavor sui\nmodule 0xc0ffee::a\nuse 0xc0ffee::b\npublic fun f()\n    ret\n\npublic fun h()\n    call b::g\n    ret\n",
        &[&b],
    );
    let e = vm_error(fw.publish_modules(&[a, b]));
    assert_eq!(e.status(), StatusCode::CYCLIC_MODULE_DEPENDENCY);
    // The walk starts from the last module by name.
    assert_eq!(
        e.location(),
        &Location::Module(tern_primitives::ModuleId::new(
            HERE,
            tern_primitives::Identifier::new("b").unwrap()
        ))
    );
}

#[test]
fn every_public_function_of_the_sensitive_framework_modules_is_known() {
    let src = "
flavor sui
module 0x2::event
public fun emit<T0: copy + drop>(l0: T0)
    move_loc l0
    pop
    ret

public fun broadcast(l0: u64)
    ret
";
    let modules = vec![assemble_sui(src, &[])];
    let two = AccountAddress::from_u64(2);
    let package = SuiPackage {
        original_id: two,
        version_id: two,
        modules: &modules,
    };
    let result = verify_sui_package(&package, &[], &SuiVerifierConfig::mainnet(), None);
    match result {
        Err(SuiPublishError::Invariant { rule, message, .. }) => {
            assert_eq!(rule, SuiRule::PrivateGenerics);
            let id = format!("{}::event", two.full_hex());
            assert_eq!(
                message,
                format!(
                    "Unknown function '{id}::broadcast'. All functions in '{id}' must be listed \
                     in FUNCTIONS_TO_CHECK"
                )
            );
        }
        other => panic!("expected an invariant violation, got {other:?}"),
    }
}
