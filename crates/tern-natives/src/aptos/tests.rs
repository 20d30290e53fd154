//! The natives called directly with a `NativeContext` (no framework needed): arguments by
//! value and by reference, results, abort codes and host state.

use super::*;
use tern_primitives::{AbilitySet, FunctionTag, Identifier, StructTag, TypeTag};
use tern_vm::natives::Extensions;
use tern_vm::types::TypeNode;
use tern_vm::values::{Heap, Place};
use tern_vm::{Runtime, VmConfig};

/// A native's outcome, with the heap and extensions it left.
struct Run {
    out: Result<NativeResult, VmError>,
    heap: Heap,
    locals: Vec<Value>,
    extensions: Extensions,
}

type Native = fn(&mut NativeContext<'_>, &[TypeId], &[Value]) -> Result<NativeResult, VmError>;

fn run_with(
    runtime: &Runtime,
    native: Native,
    ty_args: &[TypeId],
    locals: Vec<Value>,
    build: impl FnOnce(&mut Heap) -> Vec<Value>,
) -> Run {
    let mut heap = Heap::new();
    let args = build(&mut heap);
    let mut locals = locals;
    let mut extensions = Extensions::new();
    let mut ctx = NativeContext::detached(&mut heap, runtime, &mut locals, &mut extensions);
    let out = native(&mut ctx, ty_args, &args);
    Run {
        out,
        heap,
        locals,
        extensions,
    }
}

fn run(native: Native, ty_args: &[TypeId], build: impl FnOnce(&mut Heap) -> Vec<Value>) -> Run {
    let runtime = Runtime::new(VmConfig::default(), NativeRegistry::new());
    run_with(&runtime, native, ty_args, Vec::new(), build)
}

fn whole(c: u32) -> Value {
    Value::Ref(Ref {
        place: Place::Whole(c),
    })
}

fn bytes(heap: &mut Heap, b: &[u8]) -> Value {
    Value::Container(heap.alloc(Container::Bytes(b.to_vec())))
}

fn u64s(heap: &mut Heap, v: &[u64]) -> u32 {
    heap.alloc(Container::Vec(v.iter().map(|x| Value::U64(*x)).collect()))
}

/// The single value returned.
fn returned(run: &Run) -> Value {
    match &run.out {
        Ok(NativeResult::Return(v)) if v.len() == 1 => v[0],
        other => panic!("{other:?}"),
    }
}

fn returned_bytes(run: &Run) -> Vec<u8> {
    match run.heap.get(returned(run).container().unwrap()).unwrap() {
        Container::Bytes(b) => b.clone(),
        other => panic!("{other:?}"),
    }
}

/// The text of a returned `String`.
fn returned_text(run: &Run) -> String {
    let Container::Struct(f) = run.heap.get(returned(run).container().unwrap()).unwrap() else {
        panic!("not a struct")
    };
    match run.heap.get(f[0].container().unwrap()).unwrap() {
        Container::Bytes(b) => String::from_utf8(b.clone()).unwrap(),
        Container::Vec(e) if e.is_empty() => String::new(),
        other => panic!("{other:?}"),
    }
}

fn aborted(run: &Run) -> u64 {
    match run.out {
        Ok(NativeResult::Abort(code)) => code,
        ref other => panic!("{other:?}"),
    }
}

#[test]
fn the_registry_holds_thirty_nine_natives() {
    // 10 shared with Tern's stdlib and 28 of this module; like Aptos, none of the `vector`
    // functions that are bytecode instructions.
    let natives = aptos_stdlib_natives();
    assert_eq!(natives.len(), 39);
    let vector =
        tern_primitives::ModuleId::new(AccountAddress::ONE, Identifier::new("vector").unwrap());
    assert!(natives.lookup(&vector, "move_range").is_some());
    assert!(natives.lookup(&vector, "empty").is_none());
}

#[test]
fn keccak_and_siphash_of_empty_input() {
    let r = run(hash::keccak256, &[], |h| vec![bytes(h, b"")]);
    assert_eq!(
        returned_bytes(&r)[..4],
        [0xc5, 0xd2, 0x46, 0x01],
        "Keccak-256, not SHA3-256"
    );
    // The argument was consumed: only the result is live.
    assert_eq!(r.heap.live(), 1);
    let r = run(hash::sip_hash, &[], |h| vec![bytes(h, b"")]);
    assert!(matches!(returned(&r), Value::U64(2202906307356721367)));
}

#[test]
fn move_range_moves_between_vectors_and_checks_bounds_first() {
    let mut ids = (0, 0);
    let r = run(vector::move_range, &[TypeId::U64], |h| {
        ids = (u64s(h, &[1, 2, 3]), u64s(h, &[9]));
        vec![
            whole(ids.0),
            Value::U64(0),
            Value::U64(2),
            whole(ids.1),
            Value::U64(1),
        ]
    });
    assert!(matches!(r.out, Ok(NativeResult::Return(ref v)) if v.is_empty()));
    let values = |c| match r.heap.get(c).unwrap() {
        Container::Vec(e) => e
            .iter()
            .map(|v| match v {
                Value::U64(x) => *x,
                _ => panic!(),
            })
            .collect::<Vec<_>>(),
        other => panic!("{other:?}"),
    };
    assert_eq!(values(ids.0), [3]);
    assert_eq!(values(ids.1), [9, 1, 2]);
    let r = run(vector::move_range, &[TypeId::U64], |h| {
        let (a, b) = (u64s(h, &[1]), u64s(h, &[]));
        vec![
            whole(a),
            Value::U64(1),
            Value::U64(1),
            whole(b),
            Value::U64(0),
        ]
    });
    assert_eq!(aborted(&r), EINDEX_OUT_OF_BOUNDS);
}

#[test]
fn swap_writes_through_references_to_locals() {
    let runtime = Runtime::new(VmConfig::default(), NativeRegistry::new());
    let local = |i| {
        Value::Ref(Ref {
            place: Place::Local(i),
        })
    };
    let r = run_with(
        &runtime,
        cmp::swap,
        &[TypeId::U64],
        vec![Value::U64(1), Value::U64(2)],
        |_| vec![local(0), local(1)],
    );
    assert!(r.out.is_ok());
    assert!(matches!(r.locals[..], [Value::U64(2), Value::U64(1)]));
}

#[test]
fn compare_is_lexicographic_then_by_length() {
    let r = run(cmp::compare, &[], |h| {
        let (a, b) = (u64s(h, &[1, 2]), u64s(h, &[1]));
        vec![whole(a), whole(b)]
    });
    let c = returned(&r).container().unwrap();
    assert!(matches!(r.heap.get(c).unwrap(), Container::Variant(2, f) if f.is_empty()));
}

#[test]
fn format_prints_vectors_with_and_without_integer_types() {
    let runtime = Runtime::new(VmConfig::default(), NativeRegistry::new());
    let nested = {
        let mut cache = runtime.write().unwrap();
        let v = cache.types.intern(TypeNode::Vector(TypeId::U64));
        cache.types.intern(TypeNode::Vector(v))
    };
    let format = |ty, single_line, int_types, build: &dyn Fn(&mut Heap) -> Value| {
        let r = run_with(&runtime, string_utils::format, &[ty], Vec::new(), |h| {
            vec![
                build(h),
                Value::Bool(false),
                Value::Bool(false),
                Value::Bool(single_line),
                Value::Bool(int_types),
            ]
        });
        returned_text(&r)
    };
    let pair = |h: &mut Heap| {
        let (a, b) = (u64s(h, &[1, 2]), u64s(h, &[]));
        whole(h.alloc(Container::Vec(vec![
            Value::Container(a),
            Value::Container(b),
        ])))
    };
    assert_eq!(format(nested, true, false, &pair), "[ [ 1, 2 ], [] ]");
    assert_eq!(
        format(nested, false, false, &pair),
        "[\n  [ 1, 2 ],\n  []\n]"
    );
    assert_eq!(format(nested, true, true, &pair), "[ [ 1u64, 2u64 ], [] ]");
}

#[test]
fn canonical_names_follow_aptos() {
    let tag: TypeTag = "0x1::m::S<u8, vector<0xcafe::n::T>>".parse().unwrap();
    assert_eq!(
        canonical_type_name(&tag),
        "0x1::m::S<u8, vector<0xcafe::n::T>>"
    );
    let f = TypeTag::Function(Box::new(FunctionTag {
        args: vec![TypeTag::U64, TypeTag::Bool],
        results: vec![],
        abilities: AbilitySet::EMPTY,
    }));
    assert_eq!(canonical_type_name(&f), "|u64, bool|()");
    let s = StructTag {
        address: AccountAddress::ZERO,
        module: Identifier::new("a").unwrap(),
        name: Identifier::new("B").unwrap(),
        type_args: vec![],
    };
    assert_eq!(
        canonical_type_name(&TypeTag::Struct(Box::new(s))),
        "0x0::a::B"
    );
}

#[test]
fn tables_keep_boxes_in_the_session_and_abort_with_aptos_codes() {
    let runtime = Runtime::new(VmConfig::default(), NativeRegistry::new());
    let mut heap = Heap::new();
    let mut extensions = Extensions::new();
    let mut ctx = NativeContext::detached(&mut heap, &runtime, &mut [], &mut extensions);
    let tys = [TypeId::U64, TypeId::U64, TypeId::U64];
    let Ok(NativeResult::Return(h)) = table::new_table_handle(&mut ctx, &tys, &[]) else {
        panic!()
    };
    let t = whole(ctx.heap.alloc(Container::Struct(h.into())));
    let boxed = |ctx: &mut NativeContext<'_>, x| {
        Value::Container(
            ctx.heap
                .alloc(Container::Struct(vec![Value::U64(x)].into())),
        )
    };
    let b = boxed(&mut ctx, 10);
    let add = table::add_box(&mut ctx, &tys, &[t, Value::U64(1), b]).unwrap();
    assert!(matches!(add, NativeResult::Return(_)));
    let b = boxed(&mut ctx, 11);
    let again = table::add_box(&mut ctx, &tys, &[t, Value::U64(1), b]).unwrap();
    assert!(matches!(again, NativeResult::Abort(TABLE_ALREADY_EXISTS)));
    let Ok(NativeResult::Return(r)) = table::borrow_box(&mut ctx, &tys, &[t, Value::U64(1)]) else {
        panic!()
    };
    let Value::Ref(r) = r[0] else { panic!() };
    assert_eq!(ctx.struct_fields(Value::Ref(r)).unwrap()[0], Value::U64(10));
    let removed = table::remove_box(&mut ctx, &tys, &[t, Value::U64(1)]).unwrap();
    assert!(matches!(removed, NativeResult::Return(_)));
    let missing = table::borrow_box(&mut ctx, &tys, &[t, Value::U64(1)]).unwrap();
    assert!(matches!(missing, NativeResult::Abort(TABLE_NOT_FOUND)));
    assert!(ctx.extensions.get::<TableStore>().unwrap().is_empty());
}

#[test]
fn debug_print_logs_instead_of_printing() {
    let r = run(debug::print, &[], |h| {
        let b = bytes(h, b"hi");
        vec![Value::Container(h.alloc(Container::Struct(vec![b].into())))]
    });
    assert!(r.out.is_ok());
    assert_eq!(
        r.extensions.get::<DebugLog>().unwrap().lines,
        vec!["[debug] hi".to_string()]
    );
    assert_eq!(r.heap.live(), 0);
}
