//! Register custom native functions implemented in Rust and call them from Move.
//!
//! Two ways for a native to keep host state today:
//! - state captured by the native's closure (here an `Arc<AtomicU64>` and an
//!   `Arc<Mutex<Vec<String>>>`): works through [`Vm::call`], but lives outside the
//!   transaction, so an abort does not undo it;
//! - state in the session's extensions (`ctx.extensions`), one value per Rust type: per run,
//!   and reachable only when the embedder drives a [`Session`] itself (the `Vm::call` facade
//!   gives no way to insert extensions), then commits its change set with [`Vm::commit`].
//!
//! It also shows a native aborting with its own code and a native charging gas.
//!
//! Run with `cargo run --release -p tern --example custom_native`.

use std::error::Error;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use tern::natives::{NativeResult, Value};
use tern::Location;
use tern::{
    AccountAddress, InMemoryStorage, MoveValue, Session, StatusCode, Vm, VmConfig, VmError,
};

/// Abort code of `host::log` for an empty message.
const E_EMPTY_MESSAGE: u64 = 1;
/// Abort code of `host::emit` when the session has no [`Events`].
const E_NO_EVENT_LOG: u64 = 2;

const HOST: &str = "module 0x77::host

// Implemented in Rust (registered before publishing).
native fun next_ticket(): u64
native fun log(msg: vector<u8>)
native fun emit(x: u64)

// Logs `ticket` and returns a fresh ticket number from the host.
public fun take_ticket(): u64
    ld_const<vector<u8>> [116, 105, 99, 107, 101, 116]
    call log
    call next_ticket
    ret

// Takes a ticket, then aborts with 9.
public fun take_ticket_then_abort()
    call next_ticket
    pop
    ld_u64 9
    abort

// Logs an empty message: the native aborts.
public fun log_nothing()
    vec_pack <u8>, 0
    call log
    ret

// Emits `x` and `2 * x` into the session's event log.
public fun emit_twice(x: u64)
    copy_loc x
    call emit
    move_loc x
    ld_u64 2
    mul
    call emit
    ret
";

/// Per-session host state of `host::emit`.
#[derive(Default)]
struct Events(Vec<u64>);

/// The error a native returns when Move passed what its signature does not allow (the
/// verifier makes that impossible for published code).
fn bad_arguments() -> VmError {
    VmError::new(StatusCode::UNKNOWN_INVARIANT_VIOLATION_ERROR)
        .with_message("host native called with unexpected arguments")
}

fn main() -> Result<(), Box<dyn Error>> {
    let host = AccountAddress::from_u64(0x77);
    let tickets = Arc::new(AtomicU64::new(100));
    let host_log: Arc<Mutex<Vec<String>>> = Arc::default();

    // The standard library's natives, plus ours.
    let mut natives = tern::natives::stdlib_natives();
    let counter = tickets.clone();
    natives.register(
        host,
        "host",
        "next_ticket",
        Arc::new(move |ctx, _ty_args, _args| {
            ctx.charge(10); // counted by a metered run on top of the instructions
            let ticket = counter.fetch_add(1, Ordering::SeqCst);
            Ok(NativeResult::Return(vec![Value::U64(ticket)]))
        }),
    );
    let log = host_log.clone();
    natives.register(
        host,
        "host",
        "log",
        Arc::new(move |ctx, _ty_args, args| {
            let [msg] = args[..] else {
                return Err(bad_arguments());
            };
            let text = String::from_utf8_lossy(ctx.bytes(msg)?).into_owned();
            ctx.heap.free_value(msg); // the vector was moved in: the native owns it
            if text.is_empty() {
                return Ok(NativeResult::Abort(E_EMPTY_MESSAGE));
            }
            log.lock()
                .map_err(|_| {
                    VmError::new(StatusCode::UNKNOWN_INVARIANT_VIOLATION_ERROR)
                        .with_message("host log lock poisoned")
                })?
                .push(text);
            Ok(NativeResult::Return(vec![]))
        }),
    );
    natives.register(
        host,
        "host",
        "emit",
        Arc::new(|ctx, _ty_args, args| {
            let [Value::U64(x)] = args[..] else {
                return Err(bad_arguments());
            };
            match ctx.extensions.get_mut::<Events>() {
                Some(events) => {
                    events.0.push(x);
                    Ok(NativeResult::Return(vec![]))
                }
                None => Ok(NativeResult::Abort(E_NO_EVENT_LOG)),
            }
        }),
    );

    let mut vm = Vm::with_parts(
        VmConfig::default(),
        natives,
        Box::new(InMemoryStorage::new()),
    );
    vm.publish_stdlib()?;
    let id = vm.publish_masm(HOST)?;

    // 1. Closure state through the facade; the native's gas charge shows in a metered run.
    vm.set_gas_budget(Some(1_000));
    let out = vm.call("0x77::host::take_ticket", &[], &[])?;
    vm.set_gas_budget(None);
    assert_eq!(out.values, vec![MoveValue::U64(100)]);
    let gas = out.gas_used.ok_or("a metered run reports its gas")?;
    // Four instructions (`ld_const`, two `call`s, `ret`) and the 10 units `next_ticket` charged.
    assert_eq!(gas, 4 + 10);
    println!("take_ticket -> {} (gas used: {gas})", out.return_values[0]);
    assert_eq!(tickets.load(Ordering::SeqCst), 101);
    assert_eq!(*host_log.lock().map_err(|_| "poisoned")?, vec!["ticket"]);

    // 2. An abort after the native ran: storage is rolled back, closure state is not.
    let err = match vm.call("0x77::host::take_ticket_then_abort", &[], &[]) {
        Ok(out) => return Err(format!("expected an abort, got {out:?}").into()),
        Err(e) => e,
    };
    assert_eq!(
        (err.status(), err.sub_status()),
        (StatusCode::ABORTED, Some(9))
    );
    assert_eq!(
        tickets.load(Ordering::SeqCst),
        102,
        "the ticket stays taken"
    );
    println!(
        "take_ticket_then_abort -> {err}; host counter now {}",
        tickets.load(Ordering::SeqCst)
    );

    // 3. A native's own abort code, located at the module declaring it.
    let err = match vm.call("0x77::host::log_nothing", &[], &[]) {
        Ok(out) => return Err(format!("expected an abort, got {out:?}").into()),
        Err(e) => e,
    };
    assert_eq!(err.status(), StatusCode::ABORTED);
    assert_eq!(err.sub_status(), Some(E_EMPTY_MESSAGE));
    assert_eq!(err.location(), &Location::Module(id.clone()));
    println!("log_nothing -> {err}");

    // 4. Session state: `Vm::call` runs without any extensions, so `emit` aborts there.
    let err = match vm.call("0x77::host::emit_twice", &[], &[MoveValue::U64(5)]) {
        Ok(out) => return Err(format!("expected an abort, got {out:?}").into()),
        Err(e) => e,
    };
    assert_eq!(err.sub_status(), Some(E_NO_EVENT_LOG));
    println!("emit_twice through Vm::call -> {err}");

    // Driving a session over the VM's runtime and storage, the embedder puts the state in,
    // runs, takes it out, and commits the run's change set.
    let mut session = Session::new(vm.runtime(), vm.storage());
    session.extensions_mut().insert(Events::default());
    let emit_twice = session.function(&id, "emit_twice")?;
    session.execute(emit_twice.clone(), vec![], vec![MoveValue::U64(5).to_bcs()])?;
    session.execute(emit_twice, vec![], vec![MoveValue::U64(7).to_bcs()])?;
    let events = session
        .extensions_mut()
        .remove::<Events>()
        .ok_or("the events are still in the session")?;
    let changes = session.finish()?;
    vm.commit(changes)?;
    assert_eq!(events.0, vec![5, 10, 7, 14]);
    println!(
        "emit_twice(5), emit_twice(7) in one session -> events {:?}",
        events.0
    );
    Ok(())
}
