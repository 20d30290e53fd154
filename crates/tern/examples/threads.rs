//! Several threads calling one published module over one shared [`Vm`].
//!
//! What the API permits today: [`Vm`] is `Send + Sync` and its code cache (the
//! [`tern::Runtime`]) is shared by every run, but only runs that commit nothing take `&self`
//! ([`Vm::simulate_function`], [`Vm::resource`], [`Vm::view`]); [`Vm::call`] and
//! [`Vm::run_function`] take `&mut self`. So:
//! - read-only calls run in parallel over a plain `&Vm`;
//! - calls that write share the VM behind a lock (here an `RwLock`: readers in parallel,
//!   writers one at a time);
//! - simulating in parallel and committing later is not safe for runs that touch the same
//!   resources: [`Vm::commit`] applies a change set as it is, without checking what the run
//!   read (shown at the end: an increment is lost).
//!
//! Run with `cargo run --release -p tern --example threads`.

use std::error::Error;
use std::sync::RwLock;
use tern::{AccountAddress, ModuleId, MoveValue, Vm};

const THREADS: u64 = 4;
const ROUNDS: u64 = 25;

const SHARED: &str = "module 0x42::shared

struct Counter has key
  value: u64

public fun fib(n: u64): u64
    copy_loc n
    ld_u64 2
    lt
    br_false rec
    move_loc n
    ret
rec: copy_loc n
    ld_u64 1
    sub
    call fib
    move_loc n
    ld_u64 2
    sub
    call fib
    add
    ret

public fun init(account: &signer)
    move_loc account
    ld_u64 0
    pack Counter
    move_to Counter
    ret

public fun incr(owner: address): u64 acquires Counter
    local c: &mut u64
    move_loc owner
    mut_borrow_global Counter
    mut_borrow_field Counter, value
    st_loc c
    copy_loc c
    read_ref
    ld_u64 1
    add
    copy_loc c
    write_ref
    move_loc c
    read_ref
    ret

public fun get(owner: address): u64 acquires Counter
    move_loc owner
    borrow_global Counter
    borrow_field Counter, value
    read_ref
    ret
";

/// `fib(n)` computed in Rust, to check the VM's answers.
fn fib(n: u64) -> u64 {
    let (mut a, mut b) = (0u64, 1u64);
    for _ in 0..n {
        (a, b) = (b, a + b);
    }
    a
}

/// The `u64` a run returned, if it returned exactly that.
fn single_u64(values: &[MoveValue]) -> Result<u64, String> {
    match values {
        [MoveValue::U64(v)] => Ok(*v),
        other => Err(format!("expected one u64, got {other:?}")),
    }
}

/// Runs a function that commits nothing (`&Vm`), returning its `u64`.
fn simulate_u64(vm: &Vm, id: &ModuleId, function: &str, arg: MoveValue) -> Result<u64, String> {
    let out = vm
        .simulate_function(id, function, &[], vec![arg.to_bcs()])
        .map_err(|e| e.to_string())?;
    if !out.changes.is_empty() {
        return Err(format!("{function} changed storage"));
    }
    single_u64(&out.values)
}

fn main() -> Result<(), Box<dyn Error>> {
    let mut vm = Vm::with_stdlib()?;
    let id = vm.publish_masm(SHARED)?;
    let owner = AccountAddress::from_u64(0xc0);
    vm.call("0x42::shared::init", &[], &[MoveValue::Signer(owner)])?;

    // 1. Read-only calls on THREADS threads at once, over `&Vm`.
    let (vm_ref, id_ref) = (&vm, &id);
    let results = std::thread::scope(|s| {
        let handles: Vec<_> = (0..THREADS)
            .map(|t| {
                s.spawn(move || -> Result<(u64, u64), String> {
                    let n = 18 + t;
                    let mut last = 0;
                    for _ in 0..ROUNDS {
                        last = simulate_u64(vm_ref, id_ref, "fib", MoveValue::U64(n))?;
                    }
                    Ok((n, last))
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().map_err(|_| "a thread panicked".to_string())?)
            .collect::<Result<Vec<_>, String>>()
    })?;
    for (n, value) in &results {
        assert_eq!(*value, fib(*n));
        println!("thread computing fib({n}) {ROUNDS} times -> {value}");
    }

    // 2. Writers take the lock one at a time; readers share it and see the counter grow.
    let vm = RwLock::new(vm);
    let (vm_ref, id_ref) = (&vm, &id);
    let (writes, last_reads) = std::thread::scope(|s| {
        let writers: Vec<_> = (0..THREADS)
            .map(|_| {
                s.spawn(move || -> Result<u64, String> {
                    for _ in 0..ROUNDS {
                        let mut vm = vm_ref.write().map_err(|_| "lock poisoned")?;
                        vm.call("0x42::shared::incr", &[], &[MoveValue::Address(owner)])
                            .map_err(|e| e.to_string())?;
                    }
                    Ok(ROUNDS)
                })
            })
            .collect();
        let readers: Vec<_> = (0..2)
            .map(|_| {
                s.spawn(move || -> Result<u64, String> {
                    let mut seen = 0;
                    for _ in 0..ROUNDS {
                        let vm = vm_ref.read().map_err(|_| "lock poisoned")?;
                        let now = simulate_u64(&vm, id_ref, "get", MoveValue::Address(owner))?;
                        if now < seen {
                            return Err(format!("the counter went back from {seen} to {now}"));
                        }
                        seen = now;
                    }
                    Ok(seen)
                })
            })
            .collect();
        let mut writes = 0;
        for h in writers {
            writes += h.join().map_err(|_| "a writer panicked".to_string())??;
        }
        let mut reads = Vec::new();
        for h in readers {
            reads.push(h.join().map_err(|_| "a reader panicked".to_string())??);
        }
        Ok::<_, String>((writes, reads))
    })?;
    let mut vm = vm.into_inner().map_err(|_| "lock poisoned")?;
    let total = simulate_u64(&vm, &id, "get", MoveValue::Address(owner))?;
    assert_eq!(writes, THREADS * ROUNDS);
    assert_eq!(total, THREADS * ROUNDS);
    println!(
        "{THREADS} writers x {ROUNDS} increments -> counter {total} (readers' last values: {:?})",
        last_reads
    );

    // 3. Two runs simulated from the same state, committed one after the other: the second
    //    change set overwrites the first, so one increment is lost.
    let args = vec![MoveValue::Address(owner).to_bcs()];
    let first = vm.simulate_function(&id, "incr", &[], args.clone())?;
    let second = vm.simulate_function(&id, "incr", &[], args)?;
    vm.commit(first.changes)?;
    vm.commit(second.changes)?;
    let after = simulate_u64(&vm, &id, "get", MoveValue::Address(owner))?;
    assert_eq!(after, total + 1, "commit does not detect conflicting runs");
    println!("two simulated increments committed -> counter {after} (one lost)");
    Ok(())
}
