//! The native Rust twins: the same algorithms as the `.masm` programs, with the same
//! data shapes (a vector of nodes with index links, a temporary vector per merge, ...).
//!
//! Inputs pass through [`black_box`] so nothing is computed at compile time; where rustc would
//! otherwise delete or close-form a whole loop (count-down, the call loops), the loop variable
//! or the callee passes through [`black_box`] each iteration, which costs about a nanosecond
//! (a store and a load). Arithmetic wraps where Move's would abort: inputs never overflow.

use crate::programs::{Input, Output};
use std::hint::black_box;

fn count(input: &Input) -> u64 {
    match input {
        Input::Count(n) => black_box(*n),
        Input::Numbers(v) => v.len() as u64,
    }
}

fn numbers(input: &Input) -> &[u64] {
    match input {
        Input::Numbers(v) => v,
        Input::Count(_) => &[],
    }
}

/// Naive recursive Fibonacci.
pub fn fib(n: u64) -> u64 {
    if n < 2 {
        n
    } else {
        fib(n - 1).wrapping_add(fib(n - 2))
    }
}

/// How many calls `fib(n)` makes (242,785 for n = 25).
pub fn fib_calls(n: u64) -> u64 {
    let (mut a, mut b) = (1u64, 1u64); // calls(0), calls(1)
    for _ in 1..n {
        let c = a.saturating_add(b).saturating_add(1);
        a = b;
        b = c;
    }
    if n == 0 {
        a
    } else {
        b
    }
}

pub(crate) fn fib_twin(input: &Input) -> Output {
    Output::U64(fib(count(input)))
}

pub(crate) fn int_arith_u64_twin(input: &Input) -> Output {
    let mut acc: u64 = 1;
    for _ in 0..count(input) {
        for _ in 0..30 {
            acc = (acc.wrapping_mul(31).wrapping_add(17)) % 1_000_003;
        }
    }
    Output::U64(acc)
}

pub(crate) fn int_arith_i64_twin(input: &Input) -> Output {
    let mut acc: i64 = 1;
    for _ in 0..count(input) {
        for _ in 0..30 {
            acc = (acc.wrapping_mul(31).wrapping_add(17)) % 1_000_003;
        }
    }
    Output::I64(acc)
}

pub(crate) fn nested_loop_twin(input: &Input) -> Output {
    let n = count(input);
    let mut sum: u64 = 0;
    for i in 0..n {
        for j in 0..n {
            sum = sum.wrapping_add(i ^ j);
        }
    }
    Output::U64(sum)
}

pub(crate) fn merge_sort_twin(input: &Input) -> Output {
    let mut v = numbers(input).to_vec();
    let len = v.len();
    sort_range(&mut v, 0, len);
    Output::Numbers(v)
}

fn sort_range(v: &mut [u64], lo: usize, hi: usize) {
    if hi - lo < 2 {
        return;
    }
    let mid = lo + (hi - lo) / 2;
    sort_range(v, lo, mid);
    sort_range(v, mid, hi);
    merge(v, lo, mid, hi);
}

#[allow(clippy::indexing_slicing)]
fn merge(v: &mut [u64], lo: usize, mid: usize, hi: usize) {
    let mut tmp = Vec::new();
    let (mut i, mut j) = (lo, mid);
    while i < mid && j < hi {
        let (a, b) = (v[i], v[j]);
        if a <= b {
            tmp.push(a);
            i += 1;
        } else {
            tmp.push(b);
            j += 1;
        }
    }
    while i < mid {
        tmp.push(v[i]);
        i += 1;
    }
    while j < hi {
        tmp.push(v[j]);
        j += 1;
    }
    v[lo..hi].copy_from_slice(&tmp);
}

pub(crate) fn bst_twin(input: &Input) -> Output {
    Output::Numbers(crate::native_bst::run_ops(numbers(input)))
}

pub(crate) fn match_sum_twin(input: &Input) -> Output {
    let mut sum: u64 = 0;
    for i in 0..count(input) {
        sum = sum.wrapping_add(match i % 4 {
            0 => 10,
            1 => 20,
            2 => 30,
            _ => 40,
        });
    }
    Output::U64(sum)
}

/// The enum of `match_sum_enum`.
#[derive(Debug, Clone, Copy)]
enum Kind {
    A,
    B,
    C,
    D,
}

pub(crate) fn match_sum_enum_twin(input: &Input) -> Output {
    let mut sum: u64 = 0;
    for i in 0..count(input) {
        let k = match i % 4 {
            0 => Kind::A,
            1 => Kind::B,
            2 => Kind::C,
            _ => Kind::D,
        };
        sum = sum.wrapping_add(match k {
            Kind::A => 10,
            Kind::B => 20,
            Kind::C => 30,
            Kind::D => 40,
        });
    }
    Output::U64(sum)
}

pub(crate) fn countdown_twin(input: &Input) -> Output {
    let mut n = count(input);
    while n > 0 {
        n = black_box(n - 1);
    }
    Output::Unit
}

#[inline(never)]
fn inc(x: u64) -> u64 {
    x.wrapping_add(1)
}

#[inline(never)]
fn id<T>(x: T) -> T {
    x
}

pub(crate) fn call_loop_twin(input: &Input) -> Output {
    let f: fn(u64) -> u64 = black_box(inc);
    let mut acc = 0;
    for _ in 0..count(input) {
        acc = f(acc);
    }
    Output::U64(acc)
}

pub(crate) fn call_loop_inline_twin(input: &Input) -> Output {
    let mut acc: u64 = 0;
    for _ in 0..count(input) {
        acc = black_box(acc).wrapping_add(1);
    }
    Output::U64(acc)
}

pub(crate) fn call_loop_generic_twin(input: &Input) -> Output {
    let f: fn(u64) -> u64 = black_box(id::<u64>);
    let mut acc: u64 = 0;
    for _ in 0..count(input) {
        acc = f(acc).wrapping_add(1);
    }
    Output::U64(acc)
}

pub(crate) fn call_loop_closure_twin(input: &Input) -> Output {
    let closure = |x: u64| inc(x);
    let f: &dyn Fn(u64) -> u64 = black_box(&closure);
    let mut acc = 0;
    for _ in 0..count(input) {
        acc = f(acc);
    }
    Output::U64(acc)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fib_and_calls() {
        assert_eq!(fib(25), 75025);
        assert_eq!(fib_calls(25), 242_785);
        assert_eq!(fib_calls(0), 1);
        assert_eq!(fib_calls(1), 1);
        assert_eq!(fib_calls(2), 3);
    }

    #[test]
    fn merge_sort_sorts() {
        let v = crate::programs::sort_input(500);
        let Output::Numbers(sorted) = merge_sort_twin(&Input::Numbers(v.clone())) else {
            panic!("not numbers");
        };
        let mut expected = v;
        expected.sort_unstable();
        assert_eq!(sorted, expected);
    }

    #[test]
    fn loops() {
        assert_eq!(match_sum_twin(&Input::Count(10)), Output::U64(230));
        assert_eq!(match_sum_enum_twin(&Input::Count(10)), Output::U64(230));
        assert_eq!(nested_loop_twin(&Input::Count(10)), Output::U64(594));
        assert_eq!(call_loop_twin(&Input::Count(7)), Output::U64(7));
        assert_eq!(call_loop_generic_twin(&Input::Count(7)), Output::U64(7));
        assert_eq!(call_loop_inline_twin(&Input::Count(7)), Output::U64(7));
        assert_eq!(call_loop_closure_twin(&Input::Count(7)), Output::U64(7));
        assert_eq!(countdown_twin(&Input::Count(7)), Output::Unit);
        assert_eq!(
            int_arith_u64_twin(&Input::Count(1000)),
            Output::U64(624_156)
        );
        assert_eq!(
            int_arith_i64_twin(&Input::Count(1000)),
            Output::I64(624_156)
        );
    }
}
