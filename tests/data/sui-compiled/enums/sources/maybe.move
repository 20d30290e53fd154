// SPDX-License-Identifier: Apache-2.0 OR MIT
// Test data of the Tern project (tests/data/sui-compiled/enums).

/// A generic enum, `Maybe<T>`: packed and matched by value, by `&` and by `&mut` in generic
/// functions and at one instantiation (`Maybe<u64>`), and nested (`Maybe<Maybe<u64>>`).
module enums::maybe;

public enum Maybe<T> has copy, drop, store {
    Nothing,
    Just(T),
}

public fun just<T>(x: T): Maybe<T> {
    Maybe::Just(x)
}

public fun nothing<T>(): Maybe<T> {
    Maybe::Nothing
}

/// Through `&`, fields ignored.
public fun is_just<T>(m: &Maybe<T>): bool {
    match (m) {
        Maybe::Just(_) => true,
        Maybe::Nothing => false,
    }
}

/// By value: the held value, or `default`.
public fun unwrap_or<T: drop>(m: Maybe<T>, default: T): T {
    match (m) {
        Maybe::Just(x) => x,
        Maybe::Nothing => default,
    }
}

/// Through `&mut`: replaces the held value, or makes `m` hold `x`.
public fun set<T: drop>(m: &mut Maybe<T>, x: T) {
    match (m) {
        Maybe::Just(slot) => *slot = x,
        Maybe::Nothing => *m = Maybe::Just(x),
    }
}

/// Nested patterns: `Just(Just(x))` gives `Just(x)`, anything else `Nothing`.
public fun flatten<T>(m: Maybe<Maybe<T>>): Maybe<T> {
    match (m) {
        Maybe::Just(Maybe::Just(x)) => Maybe::Just(x),
        Maybe::Just(Maybe::Nothing) | Maybe::Nothing => Maybe::Nothing,
    }
}

/// Through `&mut` at `Maybe<u64>`: adds `by` to a held value.
public fun add(m: &mut Maybe<u64>, by: u64) {
    match (m) {
        Maybe::Just(x) => *x = *x + by,
        Maybe::Nothing => {},
    }
}

/// Through `&` at `Maybe<u64>`: the held value or 0.
public fun value_or_zero(m: &Maybe<u64>): u64 {
    match (m) {
        Maybe::Just(x) => *x,
        Maybe::Nothing => 0,
    }
}

// === Callable with pure arguments ===

/// `Just(a / b)`, or `Nothing` when `b == 0`.
public fun safe_div(a: u64, b: u64): Maybe<u64> {
    if (b == 0) Maybe::Nothing else Maybe::Just(a / b)
}

/// `a / b`, or `default` when `b == 0`.
public fun div_or(a: u64, b: u64, default: u64): u64 {
    unwrap_or(safe_div(a, b), default)
}

/// Each element `x` becomes `Just(x)`, or `Nothing` when it is 0; `set` then replaces the
/// first element's value with 100 (or fills it), `add` adds 1 to every `Just`; returns the sum
/// of the values held and the number of `Nothing`s left.
public fun sum_present(v: vector<u64>): (u64, u64) {
    let mut ms = vector[];
    let mut i = 0;
    while (i < v.length()) {
        let x = v[i];
        ms.push_back(if (x == 0) nothing() else just(x));
        i = i + 1;
    };
    if (ms.length() > 0) set(&mut ms[0], 100);
    let mut i = 0;
    while (i < ms.length()) {
        add(&mut ms[i], 1);
        i = i + 1;
    };
    let (mut sum, mut nothings) = (0, 0);
    let mut i = 0;
    while (i < ms.length()) {
        if (is_just(&ms[i])) sum = sum + value_or_zero(&ms[i]) else nothings = nothings + 1;
        i = i + 1;
    };
    (sum, nothings)
}

/// Builds `Nothing` (a == 0), `Just(Nothing)` (b == 0) or `Just(Just(b))`; returns which one
/// it matched (1, 2, 3) plus the flattened value (0 when `Nothing`) times 10.
public fun nested(a: u64, b: u64): u64 {
    let m: Maybe<Maybe<u64>> = if (a == 0) Maybe::Nothing
    else if (b == 0) Maybe::Just(Maybe::Nothing)
    else Maybe::Just(Maybe::Just(b));
    let tag = match (&m) {
        Maybe::Nothing => 1,
        Maybe::Just(Maybe::Nothing) => 2,
        Maybe::Just(Maybe::Just(_)) => 3,
    };
    tag + 10 * unwrap_or(flatten(m), 0)
}
