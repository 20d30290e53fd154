//! The VM's `tracing` spans and events, seen by a small hand-written subscriber: `publish`,
//! `load_module` and `execute` spans with their fields, and one `tern_vm::instructions` event
//! per executed instruction, emitted only when `Vm::set_tracing(true)` is on.

#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a failed unwrap is a failed test

use std::fmt;
use std::sync::{Arc, Mutex, MutexGuard};
use tern::{MoveValue, StatusCode, Vm};
use tracing::field::{Field, Visit};
use tracing::span::{Attributes, Id, Record};
use tracing::{Event, Metadata, Subscriber};

const SRC: &str = "module 0x42::m
public fun sum_to(n: u64): u64
    local acc: u64
    local i: u64
    ld_u64 0
    st_loc acc
    ld_u64 0
    st_loc i
head:
    copy_loc i
    copy_loc n
    lt
    br_false done
    move_loc acc
    copy_loc i
    add
    st_loc acc
    move_loc i
    ld_u64 1
    add
    st_loc i
    branch head
done:
    move_loc acc
    ret

fun add_one(x: u64): u64
    move_loc x
    ld_u64 1
    add
    ret

fun id<T>(x: T): T
    move_loc x
    ret

public fun twice(n: u64): u64
    move_loc n
    call add_one
    call id<u64>
    call add_one
    ret

public fun fail(code: u64)
    move_loc code
    abort
";

/// The target of the per-instruction events (`tern-vm`'s observed loop).
const INSTRUCTIONS: &str = "tern_vm::instructions";

/// The instructions `sum_to(n)` executes: 4 before the loop, 13 per iteration, 6 to leave.
fn sum_to_instructions(n: u64) -> u64 {
    4 + 13 * n + 6
}

/// Field names and values as `Debug` prints them (`%x` fields print with `Display`).
#[derive(Debug, Default, Clone, PartialEq, Eq)]
struct Fields(Vec<(&'static str, String)>);

impl Fields {
    fn get(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.as_str())
    }
}

impl Visit for Fields {
    fn record_debug(&mut self, field: &Field, value: &dyn fmt::Debug) {
        self.0.push((field.name(), format!("{value:?}")));
    }
}

/// One event: its target, fields, and the innermost span entered when it fired.
#[derive(Debug, Clone)]
struct EventRecord {
    target: &'static str,
    fields: Fields,
    within: Option<&'static str>,
}

/// What the subscriber saw.
#[derive(Debug, Default)]
struct Log {
    /// Every span created; its id is its position plus one.
    spans: Vec<(&'static str, Fields)>,
    /// The id of each span entered, in order, with the innermost span entered at the time.
    entered: Vec<(u64, Option<u64>)>,
    /// Spans entered and not yet exited, innermost last.
    stack: Vec<u64>,
    events: Vec<EventRecord>,
}

impl Log {
    /// Name and fields of each span entered, in order.
    fn entered(&self) -> Vec<(&'static str, Fields)> {
        self.entered
            .iter()
            .filter_map(|(id, _)| self.span(*id).cloned())
            .collect()
    }

    /// For each span entered, in order: its name and module (or function) field, and those of
    /// the span it was entered in.
    fn nesting(&self) -> Vec<(String, Option<String>)> {
        let describe = |id: u64| {
            self.span(id).map(|(name, f)| {
                let what = f.get("module").or_else(|| f.get("function"));
                format!("{name} {}", what.unwrap_or("?"))
            })
        };
        self.entered
            .iter()
            .filter_map(|(id, parent)| Some((describe(*id)?, parent.and_then(describe))))
            .collect()
    }

    fn span(&self, id: u64) -> Option<&(&'static str, Fields)> {
        self.spans.get(usize::try_from(id).ok()?.checked_sub(1)?)
    }

    fn instruction_events(&self) -> Vec<&EventRecord> {
        self.events
            .iter()
            .filter(|e| e.target == INSTRUCTIONS)
            .collect()
    }

    fn clear(&mut self) {
        self.entered.clear();
        self.events.clear();
    }
}

/// A subscriber recording into a shared [`Log`]; everything is enabled.
#[derive(Clone, Default)]
struct Recorder(Arc<Mutex<Log>>);

impl Recorder {
    fn log(&self) -> MutexGuard<'_, Log> {
        self.0.lock().unwrap()
    }

    /// Runs `f` with this recorder as the thread's subscriber.
    fn watch<R>(&self, f: impl FnOnce() -> R) -> R {
        tracing::subscriber::with_default(self.clone(), f)
    }
}

impl Subscriber for Recorder {
    fn enabled(&self, _: &Metadata<'_>) -> bool {
        true
    }

    fn new_span(&self, span: &Attributes<'_>) -> Id {
        let mut fields = Fields::default();
        span.record(&mut fields);
        let mut log = self.log();
        log.spans.push((span.metadata().name(), fields));
        Id::from_u64(log.spans.len() as u64)
    }

    fn record(&self, _: &Id, _: &Record<'_>) {}

    fn record_follows_from(&self, _: &Id, _: &Id) {}

    fn event(&self, event: &Event<'_>) {
        let mut fields = Fields::default();
        event.record(&mut fields);
        let mut log = self.log();
        let within = log
            .stack
            .last()
            .and_then(|id| log.span(*id))
            .map(|(name, _)| *name);
        log.events.push(EventRecord {
            target: event.metadata().target(),
            fields,
            within,
        });
    }

    fn enter(&self, span: &Id) {
        let mut log = self.log();
        let parent = log.stack.last().copied();
        log.entered.push((span.into_u64(), parent));
        log.stack.push(span.into_u64());
    }

    fn exit(&self, span: &Id) {
        let mut log = self.log();
        if let Some(at) = log.stack.iter().rposition(|id| *id == span.into_u64()) {
            log.stack.remove(at);
        }
    }
}

fn fields(pairs: &[(&'static str, &str)]) -> Fields {
    Fields(pairs.iter().map(|(n, v)| (*n, (*v).to_string())).collect())
}

fn call_u64(vm: &mut Vm, function: &str, arg: u64) -> tern::RunOutput {
    vm.call(function, &[], &[MoveValue::U64(arg)]).unwrap()
}

#[test]
fn publish_load_and_execute_spans_are_entered_with_their_fields() {
    let recorder = Recorder::default();
    let mut vm = Vm::default();
    let out = recorder.watch(|| {
        let id = vm.publish_masm(SRC).unwrap();
        assert_eq!(id.to_string(), "0x42::m");
        call_u64(&mut vm, "0x42::m::sum_to", 4)
    });
    assert_eq!(out.values, vec![MoveValue::U64(6)]);
    let log = recorder.log();
    assert_eq!(
        log.entered(),
        vec![
            ("publish", fields(&[("module", "0x42::m")])),
            ("load_module", fields(&[("module", "0x42::m")])),
            ("execute", fields(&[("function", "0x42::m::sum_to")])),
        ]
    );
    assert!(log.stack.is_empty(), "every span exited: {:?}", log.stack);
    // Tracing is off: no per-instruction events.
    assert!(log.instruction_events().is_empty(), "{:?}", log.events);
}

#[test]
fn loaded_module_is_not_loaded_again() {
    let recorder = Recorder::default();
    let mut vm = Vm::default();
    vm.publish_masm(SRC).unwrap();
    recorder.watch(|| {
        call_u64(&mut vm, "0x42::m::sum_to", 1);
        call_u64(&mut vm, "0x42::m::twice", 1);
    });
    let names: Vec<_> = recorder
        .log()
        .entered()
        .into_iter()
        .map(|(name, fields)| (name, fields.0[0].1.clone()))
        .collect();
    assert_eq!(
        names,
        vec![
            ("load_module", "0x42::m".to_string()),
            ("execute", "0x42::m::sum_to".to_string()),
            ("execute", "0x42::m::twice".to_string()),
        ]
    );
}

#[test]
fn instruction_events_appear_only_when_tracing_is_on() {
    let recorder = Recorder::default();
    let mut vm = Vm::default();
    vm.publish_masm(SRC).unwrap();

    recorder.watch(|| call_u64(&mut vm, "0x42::m::sum_to", 3));
    assert!(recorder.log().instruction_events().is_empty());

    // The runtime type checks also take the observed loop, but record no trace: no events.
    vm.set_type_checks(true);
    recorder.watch(|| call_u64(&mut vm, "0x42::m::sum_to", 3));
    assert!(recorder.log().instruction_events().is_empty());
    vm.set_type_checks(false);

    vm.set_tracing(true);
    recorder.log().clear();
    let out = recorder.watch(|| call_u64(&mut vm, "0x42::m::sum_to", 3));
    let trace = out.trace.expect("a trace when tracing is on");
    let log = recorder.log();
    let events = log.instruction_events();
    // A function without calls: one event per executed instruction.
    assert_eq!(events.len() as u64, sum_to_instructions(3));
    assert_eq!(trace.instructions, sum_to_instructions(3));
    for e in &events {
        assert_eq!(e.fields.get("function"), Some("sum_to"), "{e:?}");
        assert_eq!(e.within, Some("execute"), "{e:?}");
    }
    let first: Vec<_> = events
        .iter()
        .take(5)
        .map(|e| {
            (
                e.fields.get("pc").unwrap(),
                e.fields.get("instruction").unwrap(),
            )
        })
        .collect();
    assert_eq!(
        first,
        vec![
            ("0", "LdU64(0)"),
            ("1", "StLoc(1)"),
            ("2", "LdU64(0)"),
            ("3", "StLoc(2)"),
            ("4", "CopyLoc(2)"),
        ]
    );
    let last = events.last().unwrap();
    assert_eq!(last.fields.get("pc"), Some("18"));
    assert_eq!(last.fields.get("instruction"), Some("Ret"));
    drop(log);

    vm.set_tracing(false);
    recorder.log().clear();
    recorder.watch(|| call_u64(&mut vm, "0x42::m::sum_to", 3));
    assert!(recorder.log().instruction_events().is_empty());
}

#[test]
fn calls_and_aborts_have_their_instruction_events() {
    let recorder = Recorder::default();
    let mut vm = Vm::default();
    vm.publish_masm(SRC).unwrap();
    vm.set_tracing(true);

    let out = recorder.watch(|| call_u64(&mut vm, "0x42::m::twice", 5));
    assert_eq!(out.values, vec![MoveValue::U64(7)]);
    // `twice` runs 15 instructions, each with its event: the calls (pc 1, 2 and 3) before
    // the callee's instructions.
    assert_eq!(out.trace.unwrap().instructions, 15);
    let seen: Vec<(String, String)> = recorder
        .log()
        .instruction_events()
        .iter()
        .map(|e| {
            let f = &e.fields;
            (
                f.get("function").unwrap().into(),
                f.get("pc").unwrap().into(),
            )
        })
        .collect();
    let expected: Vec<(String, String)> = [
        ("twice", 0),
        ("twice", 1),
        ("add_one", 0),
        ("add_one", 1),
        ("add_one", 2),
        ("add_one", 3),
        ("twice", 2),
        ("id", 0),
        ("id", 1),
        ("twice", 3),
        ("add_one", 0),
        ("add_one", 1),
        ("add_one", 2),
        ("add_one", 3),
        ("twice", 4),
    ]
    .iter()
    .map(|(f, pc)| ((*f).to_string(), pc.to_string()))
    .collect();
    assert_eq!(seen, expected);

    // An abort counts in the trace and has its event.
    recorder.log().clear();
    let e = recorder
        .watch(|| vm.call("0x42::m::fail", &[], &[MoveValue::U64(9)]))
        .unwrap_err();
    assert_eq!(e.status(), StatusCode::ABORTED);
    assert_eq!(vm.take_failure_trace().unwrap().instructions, 2);
    let log = recorder.log();
    let events = log.instruction_events();
    assert_eq!(events.len(), 2);
    assert_eq!(events[0].fields.get("instruction"), Some("MoveLoc(0)"));
    assert_eq!(events[1].fields.get("instruction"), Some("Abort"));
    assert_eq!(
        log.entered(),
        vec![("execute", fields(&[("function", "0x42::m::fail")]))]
    );
}

#[test]
fn dependencies_are_loaded_within_the_importers_load_module_span() {
    let recorder = Recorder::default();
    let mut vm = Vm::default();
    vm.publish_masm("module 0x42::dep\npublic fun one(): u64\n    ld_u64 1\n    ret")
        .unwrap();
    vm.publish_masm(
        "module 0x42::top
use 0x42::dep
public fun f(x: u64): u64
    call dep::one
    move_loc x
    add
    ret",
    )
    .unwrap();
    let out = recorder.watch(|| call_u64(&mut vm, "0x42::top::f", 1));
    assert_eq!(out.values, vec![MoveValue::U64(2)]);
    // The importer is loaded first; its dependencies are loaded after it, while its span is
    // still entered (the span lives to the end of `Session::load_module`).
    let some = |s: &str| Some(s.to_string());
    assert_eq!(
        recorder.log().nesting(),
        vec![
            ("load_module 0x42::top".to_string(), None),
            (
                "load_module 0x42::dep".to_string(),
                some("load_module 0x42::top")
            ),
            ("execute 0x42::top::f".to_string(), None),
        ]
    );
}
