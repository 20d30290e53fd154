// SPDX-License-Identifier: Apache-2.0 OR MIT
// Test data of the Tern project (tests/data/sui-compiled/enums).

/// A small stack machine: a program is a `vector<Op>` (an enum of eight variants, so an
/// eight-entry jump table), the machine's status is an enum field of a struct, updated through
/// `&mut`, and its final state is matched with nested patterns.
module enums::machine;

use enums::maybe::{Self, Maybe};

/// An opcode other than 0–7.
const EBadOpcode: u64 = 1;
/// An operation found too few values on the stack.
const EStackUnderflow: u64 = 2;
/// `step` was called on a halted machine.
const EHalted: u64 = 3;

public enum Op has copy, drop, store {
    Push(u64),
    Add,
    Sub,
    Mul,
    Dup,
    Swap,
    Pop,
    Halt,
}

public enum Outcome has copy, drop, store {
    Value(u64),
    Empty,
}

public enum Status has copy, drop, store {
    Ready,
    Running { pc: u64, steps: u64 },
    Halted { outcome: Outcome, steps: u64 },
}

public struct Machine has copy, drop, store {
    program: vector<Op>,
    stack: vector<u64>,
    status: Status,
    /// The deepest the stack has been.
    peak: Maybe<u64>,
}

/// Words to operations: `0 x` is `Push(x)`, 1 `Add`, 2 `Sub`, 3 `Mul`, 4 `Dup`, 5 `Swap`,
/// 6 `Pop`, 7 `Halt`; any other word aborts with `EBadOpcode`.
public fun decode(code: vector<u64>): vector<Op> {
    let mut ops = vector[];
    let mut i = 0;
    while (i < code.length()) {
        let op = match (code[i]) {
            0 => {
                i = i + 1;
                Op::Push(code[i])
            },
            1 => Op::Add,
            2 => Op::Sub,
            3 => Op::Mul,
            4 => Op::Dup,
            5 => Op::Swap,
            6 => Op::Pop,
            7 => Op::Halt,
            _ => abort EBadOpcode,
        };
        ops.push_back(op);
        i = i + 1;
    };
    ops
}

public fun new(code: vector<u64>): Machine {
    Machine { program: decode(code), stack: vector[], status: Status::Ready, peak: maybe::nothing() }
}

fun pop(stack: &mut vector<u64>): u64 {
    assert!(stack.length() > 0, EStackUnderflow);
    stack.pop_back()
}

fun top(stack: &vector<u64>): Outcome {
    let n = stack.length();
    if (n == 0) Outcome::Empty else Outcome::Value(stack[n - 1])
}

public fun is_halted(m: &Machine): bool {
    match (&m.status) {
        Status::Halted { .. } => true,
        _ => false,
    }
}

/// Runs one operation. A machine past its last operation halts with the top of its stack.
public fun step(m: &mut Machine) {
    if (m.status == Status::Ready) m.status = Status::Running { pc: 0, steps: 0 };
    let (pc, steps) = match (&m.status) {
        Status::Running { pc, steps } => (*pc, *steps),
        _ => abort EHalted,
    };
    if (pc >= m.program.length()) {
        m.status = Status::Halted { outcome: top(&m.stack), steps };
        return
    };
    match (m.program[pc]) {
        Op::Push(x) => m.stack.push_back(x),
        Op::Add => {
            let b = pop(&mut m.stack);
            let a = pop(&mut m.stack);
            m.stack.push_back(a + b)
        },
        Op::Sub => {
            let b = pop(&mut m.stack);
            let a = pop(&mut m.stack);
            m.stack.push_back(a - b)
        },
        Op::Mul => {
            let b = pop(&mut m.stack);
            let a = pop(&mut m.stack);
            m.stack.push_back(a * b)
        },
        Op::Dup => {
            let a = pop(&mut m.stack);
            m.stack.push_back(a);
            m.stack.push_back(a)
        },
        Op::Swap => {
            let n = m.stack.length();
            assert!(n >= 2, EStackUnderflow);
            m.stack.swap(n - 1, n - 2)
        },
        Op::Pop => {
            pop(&mut m.stack);
        },
        Op::Halt => {
            m.status = Status::Halted { outcome: top(&m.stack), steps: steps + 1 };
            return
        },
    };
    let depth = m.stack.length();
    if (depth > maybe::unwrap_or(m.peak, 0)) maybe::set(&mut m.peak, depth);
    match (&mut m.status) {
        Status::Running { pc, steps } => {
            *pc = *pc + 1;
            *steps = *steps + 1;
        },
        Status::Ready | Status::Halted { .. } => abort EHalted,
    }
}

/// Steps a new machine for `code` until it halts.
public fun run_machine(code: vector<u64>): Machine {
    let mut m = new(code);
    while (!is_halted(&m)) step(&mut m);
    m
}

// === Callable with pure arguments ===

/// The value left on top of the stack, or `default` when the stack is empty.
public fun run(code: vector<u64>, default: u64): u64 {
    let m = run_machine(code);
    match (m.status) {
        Status::Halted { outcome: Outcome::Value(v), .. } => v,
        Status::Halted { outcome: Outcome::Empty, .. } => default,
        _ => abort EHalted,
    }
}

/// The final status, as an enum value.
public fun final_status(code: vector<u64>): Status {
    run_machine(code).status
}

/// The number of operations run and the deepest the stack has been (0 if never pushed).
public fun stats(code: vector<u64>): (u64, u64) {
    let Machine { status, peak, .. } = run_machine(code);
    let steps = match (status) {
        Status::Halted { steps, .. } => steps,
        Status::Ready | Status::Running { .. } => abort EHalted,
    };
    (steps, maybe::unwrap_or(peak, 0))
}

/// Over the decoded program: how many `Push`es, the sum of the pushed values, and how many
/// arithmetic operations (`Add`, `Sub`, `Mul`).
public fun census(code: vector<u64>): (u64, u64, u64) {
    let ops = decode(code);
    let (mut pushes, mut pushed, mut arith) = (0, 0, 0);
    let mut i = 0;
    while (i < ops.length()) {
        match (&ops[i]) {
            Op::Push(x) => {
                pushes = pushes + 1;
                pushed = pushed + *x;
            },
            Op::Add | Op::Sub | Op::Mul => arith = arith + 1,
            _ => {},
        };
        i = i + 1;
    };
    (pushes, pushed, arith)
}
