// SPDX-License-Identifier: Apache-2.0 OR MIT
// Test data of the Tern project (tests/data/sui-compiled/enums).

/// A non-generic enum with a variant without fields, variants with named fields and a
/// positional variant, matched by value, by `&` and by `&mut`; copies and equality of enum
/// values; loops over a `vector<Shape>`.
module enums::shapes;

use enums::maybe::{Self, Maybe};

/// `make` was given a kind other than 0–3.
const EUnknownKind: u64 = 1;

public enum Shape has copy, drop, store {
    Empty,
    Circle { radius: u64 },
    Rect { w: u64, h: u64 },
    Triangle(u64, u64),
}

/// 0 `Empty`, 1 `Circle { radius: a }`, 2 `Rect { w: a, h: b }`, 3 `Triangle(a, b)`; any other
/// kind aborts with `EUnknownKind` (a match on an integer falling into `abort`).
public fun make(kind: u8, a: u64, b: u64): Shape {
    match (kind) {
        0 => Shape::Empty,
        1 => Shape::Circle { radius: a },
        2 => Shape::Rect { w: a, h: b },
        3 => Shape::Triangle(a, b),
        _ => abort EUnknownKind,
    }
}

/// By value: pi taken as 3, triangles rounded down.
public fun area(s: Shape): u64 {
    match (s) {
        Shape::Empty => 0,
        Shape::Circle { radius } => 3 * radius * radius,
        Shape::Rect { w, h } => w * h,
        Shape::Triangle(base, height) => base * height / 2,
    }
}

/// Through `&`, with wildcard arms.
public fun corners(s: &Shape): u64 {
    match (s) {
        Shape::Rect { .. } => 4,
        Shape::Triangle(..) => 3,
        _ => 0,
    }
}

/// Through `&`, reading the field references: the largest extent.
public fun extent(s: &Shape): u64 {
    match (s) {
        Shape::Empty => 0,
        Shape::Circle { radius } => 2 * *radius,
        Shape::Rect { w, h } => if (*w > *h) *w else *h,
        Shape::Triangle(base, height) => if (*base > *height) *base else *height,
    }
}

/// Through `&mut`, writing through the field references: every length times `k`.
public fun scale(s: &mut Shape, k: u64) {
    match (s) {
        Shape::Empty => {},
        Shape::Circle { radius } => *radius = *radius * k,
        Shape::Rect { w, h } => {
            *w = *w * k;
            *h = *h * k;
        },
        Shape::Triangle(base, height) => {
            *base = *base * k;
            *height = *height * k;
        },
    }
}

/// Literal sub-patterns, a guard and an or-pattern: 0 empty, 1 a point (radius 0), 2 another
/// circle, 3 a square, 4 another rectangle, 5 a flat triangle (a zero side), 6 another triangle.
public fun classify(s: &Shape): u8 {
    match (s) {
        Shape::Empty => 0,
        Shape::Circle { radius: 0 } => 1,
        Shape::Circle { .. } => 2,
        Shape::Rect { w, h } if (w == h) => 3,
        Shape::Rect { .. } => 4,
        Shape::Triangle(0, _) | Shape::Triangle(_, 0) => 5,
        Shape::Triangle(..) => 6,
    }
}

/// The shapes `make(kinds[i], a[i], b[i])`.
fun make_all(kinds: &vector<u8>, a: &vector<u64>, b: &vector<u64>): vector<Shape> {
    let mut shapes = vector[];
    let mut i = 0;
    while (i < kinds.length()) {
        shapes.push_back(make(kinds[i], a[i], b[i]));
        i = i + 1;
    };
    shapes
}

// === Callable with pure arguments ===

/// `area(make(kind, a, b))`.
public fun area_of(kind: u8, a: u64, b: u64): u64 {
    area(make(kind, a, b))
}

/// `classify(&make(kind, a, b))`.
public fun classify_of(kind: u8, a: u64, b: u64): u8 {
    classify(&make(kind, a, b))
}

/// Makes a shape, scales it by `k` in place, returns its area.
public fun scaled_area(kind: u8, a: u64, b: u64, k: u64): u64 {
    let mut s = make(kind, a, b);
    scale(&mut s, k);
    area(s)
}

/// Copies a shape, scales the copy by `k`: whether the two are still equal, the original's area
/// and the copy's area.
public fun copy_and_scale(kind: u8, a: u64, b: u64, k: u64): (bool, u64, u64) {
    let s = make(kind, a, b);
    let mut t = s;
    scale(&mut t, k);
    (s == t, area(s), area(t))
}

/// Whether `make(k1, a1, b1) == make(k2, a2, b2)`.
public fun same(k1: u8, a1: u64, b1: u64, k2: u8, a2: u64, b2: u64): bool {
    make(k1, a1, b1) == make(k2, a2, b2)
}

/// Over a vector of shapes: the sum of the areas, the sum of the corners, and the sum of the
/// areas after each shape was doubled in place (`scale(&mut shapes[i], 2)`).
public fun totals(kinds: vector<u8>, a: vector<u64>, b: vector<u64>): (u64, u64, u64) {
    let mut shapes = make_all(&kinds, &a, &b);
    let (mut areas, mut corner_count, mut doubled) = (0, 0, 0);
    let mut i = 0;
    while (i < shapes.length()) {
        areas = areas + area(shapes[i]);
        corner_count = corner_count + corners(&shapes[i]);
        scale(&mut shapes[i], 2);
        i = i + 1;
    };
    while (shapes.length() > 0) {
        doubled = doubled + area(shapes.pop_back());
    };
    shapes.destroy_empty();
    (areas, corner_count, doubled)
}

/// The first shape of the largest extent, `Nothing` for no shapes: a `Maybe<Shape>` value.
public fun largest(kinds: vector<u8>, a: vector<u64>, b: vector<u64>): Maybe<Shape> {
    let shapes = make_all(&kinds, &a, &b);
    let mut best: Maybe<Shape> = maybe::nothing();
    let mut best_extent = 0;
    let mut i = 0;
    while (i < shapes.length()) {
        let e = extent(&shapes[i]);
        if (!maybe::is_just(&best) || e > best_extent) {
            maybe::set(&mut best, shapes[i]);
            best_extent = e;
        };
        i = i + 1;
    };
    best
}
