//! Printing of values the way the peer prints them: the debug form used inside error messages
//! (`U64(1)`), return values in test output (`{ 1, [2, 3] }`) and the display form of values
//! captured by closures.

use super::{Closure, Container, Heap, Value};

/// The debug form of a primitive used in error messages (`U32(33)`, `Bool(true)`).
pub fn debug_value(v: Value) -> String {
    match v {
        Value::Invalid => "Invalid".into(),
        Value::Bool(b) => format!("Bool({b})"),
        Value::U8(x) => format!("U8({x})"),
        Value::U16(x) => format!("U16({x})"),
        Value::U32(x) => format!("U32({x})"),
        Value::U64(x) => format!("U64({x})"),
        Value::U128(x) => format!("U128({})", x.u128()),
        Value::U256(x) => format!("U256({})", x.u256()),
        Value::I8(x) => format!("I8({x})"),
        Value::I16(x) => format!("I16({x})"),
        Value::I32(x) => format!("I32({x})"),
        Value::I64(x) => format!("I64({x})"),
        Value::I128(x) => format!("I128({})", x.i128()),
        Value::I256(x) => format!("I256({})", x.i256()),
        Value::Address(a) => format!("Address({})", a.short_hex()),
        Value::Container(c) => format!("Container({c})"),
        Value::Ref(r) => format!("Ref({:?})", r.place),
    }
}

/// A value as the peer's `Debug` prints it inside error messages (`Cannot add U64(1) and
/// Bool(true)`): as [`debug_value`], but wide integers print their inner type too
/// (`U256(U256(6))`) and an address all its digits.
pub fn error_value(v: Value) -> String {
    match v {
        Value::U256(x) => format!("U256(U256({}))", x.u256()),
        Value::I256(x) => format!("I256(I256({}))", x.i256()),
        Value::Address(a) => format!("Address({})", a.full_hex()),
        other => debug_value(other),
    }
}

/// A value as the peer's `Debug` prints it inside error messages, containers and references
/// as its runtime keeps them: `Container(Struct(NestedValues(RefCell { value: [U64(3)] })))`
/// (an enum value is a struct whose first slot is its `u16` tag), `VecU64(RefCell { value:
/// [1, 2] })` for a vector of a primitive type, `ContainerRef(Local(..))` and
/// `IndexedRef(IndexedRef { idx, container_ref, tag })` for references (a reference to a
/// local keeps Tern's form, its frame's locals being out of reach here). `closure` gives a
/// closure's function as the peer names it.
pub fn error_value_in(heap: &Heap, v: Value, closure: &dyn Fn(&Closure) -> String) -> String {
    let mut out = String::new();
    write_error_value(heap, v, closure, &mut out, 0);
    out
}

/// Deeper than this, a container prints as `..` (the peer bounds value depth at 128).
const ERROR_VALUE_DEPTH: usize = 128;

fn write_error_value(
    heap: &Heap,
    v: Value,
    closure: &dyn Fn(&Closure) -> String,
    out: &mut String,
    depth: usize,
) {
    match v {
        Value::Container(c) => match heap.get(c) {
            Ok(Container::Closure(cl)) => write_error_closure(heap, cl, closure, out, depth),
            _ => {
                out.push_str("Container(");
                write_error_container(heap, c, closure, out, depth);
                out.push(')');
            }
        },
        Value::Ref(r) => match r.place {
            super::Place::Whole(c) => {
                out.push_str("ContainerRef(Local(");
                write_error_container(heap, c, closure, out, depth);
                out.push_str("))");
            }
            super::Place::Elem(c, i) => {
                out.push_str("IndexedRef(");
                write_indexed_ref(heap, c, i, closure, out, depth);
                out.push(')');
            }
            super::Place::Local(_) => out.push_str(&error_value(v)),
        },
        other => out.push_str(&error_value(other)),
    }
}

/// A container as the peer's `Debug` prints its runtime form (`VecU64(RefCell { value: [1] })`,
/// without the `Container(..)` a value wraps it in), for error messages.
pub fn error_container_in(heap: &Heap, c: u32, closure: &dyn Fn(&Closure) -> String) -> String {
    let mut out = String::new();
    write_error_container(heap, c, closure, &mut out, 0);
    out
}

/// A reference to slot `i` of container `c` as the peer's `Debug` prints its `IndexedRef`
/// (`IndexedRef { idx: 0, container_ref: Local(..), tag: None }`; an enum value's fields are
/// one slot further, after its tag), for error messages.
pub fn error_indexed_ref_in(
    heap: &Heap,
    c: u32,
    i: u32,
    closure: &dyn Fn(&Closure) -> String,
) -> String {
    let mut out = String::new();
    write_indexed_ref(heap, c, i, closure, &mut out, 0);
    out
}

fn write_indexed_ref(
    heap: &Heap,
    c: u32,
    i: u32,
    closure: &dyn Fn(&Closure) -> String,
    out: &mut String,
    depth: usize,
) {
    let (idx, tag) = match heap.get(c) {
        Ok(Container::Variant(tag, _)) => (i + 1, format!("Some({tag})")),
        _ => (i, "None".to_string()),
    };
    out.push_str(&format!("IndexedRef {{ idx: {idx}, container_ref: Local("));
    write_error_container(heap, c, closure, out, depth);
    out.push_str(&format!("), tag: {tag} }}"));
}

fn write_error_container(
    heap: &Heap,
    c: u32,
    closure: &dyn Fn(&Closure) -> String,
    out: &mut String,
    depth: usize,
) {
    if depth > ERROR_VALUE_DEPTH {
        out.push_str("..");
        return;
    }
    let nested = |out: &mut String, kind: &str, tag: Option<u16>, items: &[Value]| {
        out.push_str(kind);
        out.push_str("(NestedValues(RefCell { value: [");
        let mut first = true;
        if let Some(tag) = tag {
            out.push_str(&format!("U16({tag})"));
            first = false;
        }
        for item in items {
            if !first {
                out.push_str(", ");
            }
            first = false;
            write_error_value(heap, *item, closure, out, depth + 1);
        }
        out.push_str("] }))");
    };
    match heap.get(c) {
        Ok(Container::Struct(fields)) => nested(out, "Struct", None, fields),
        Ok(Container::Variant(tag, fields)) => nested(out, "Struct", Some(*tag), fields),
        Ok(Container::Vec(items)) => nested(out, "Vec", None, items),
        Ok(Container::Bytes(bytes)) => {
            let items: Vec<String> = bytes.iter().map(u8::to_string).collect();
            out.push_str(&format!(
                "VecU8(RefCell {{ value: [{}] }})",
                items.join(", ")
            ));
        }
        Ok(Container::Prims(p)) => {
            let items: Vec<String> = p.to_values().into_iter().map(bare_element).collect();
            let kind = prim_kind(p);
            out.push_str(&format!(
                "Vec{kind}(RefCell {{ value: [{}] }})",
                items.join(", ")
            ));
        }
        Ok(Container::Closure(cl)) => write_error_closure(heap, cl, closure, out, depth),
        Ok(Container::Free(_)) | Err(_) => out.push_str("<dangling>"),
    }
}

/// A closure as the peer's `Debug` prints it.
fn write_error_closure(
    heap: &Heap,
    cl: &Closure,
    closure: &dyn Fn(&Closure) -> String,
    out: &mut String,
    depth: usize,
) {
    out.push_str(&format!(
        "Function(Closure {{ function: {:?}, closure_mask: ClosureMask({}), captured_count: {}, captured_values: [",
        closure(cl),
        cl.mask,
        cl.captured.len()
    ));
    for (i, v) in cl.captured.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        write_error_value(heap, *v, closure, out, depth + 1);
    }
    out.push_str("] })");
}

/// An element of a vector of a primitive type as the peer's `Debug` prints it: the Rust value
/// (`1`, `true`), a wide integer as its type prints it (`U256(1)`), an address in full.
fn bare_element(v: Value) -> String {
    match v {
        Value::Bool(b) => b.to_string(),
        Value::U256(x) => format!("U256({})", x.u256()),
        Value::I256(x) => format!("I256({})", x.i256()),
        Value::Address(a) => a.full_hex(),
        other => integer_digits(other).unwrap_or_else(|| debug_value(other)),
    }
}

/// The peer's name for a vector of a primitive type's container (`U64` in `VecU64`).
fn prim_kind(p: &super::PrimVec) -> &'static str {
    use super::PrimVec as P;
    match p {
        P::Bool(_) => "Bool",
        P::U16(_) => "U16",
        P::U32(_) => "U32",
        P::U64(_) => "U64",
        P::U128(_) => "U128",
        P::U256(_) => "U256",
        P::I8(_) => "I8",
        P::I16(_) => "I16",
        P::I32(_) => "I32",
        P::I64(_) => "I64",
        P::I128(_) => "I128",
        P::I256(_) => "I256",
        P::Address(_) => "Address",
    }
}

/// An integer's decimal digits (`None` for any other value): how return values and cast
/// messages print integers.
pub fn integer_digits(v: Value) -> Option<String> {
    Some(match v {
        Value::U8(x) => x.to_string(),
        Value::U16(x) => x.to_string(),
        Value::U32(x) => x.to_string(),
        Value::U64(x) => x.to_string(),
        Value::U128(x) => x.u128().to_string(),
        Value::U256(x) => x.u256().to_string(),
        Value::I8(x) => x.to_string(),
        Value::I16(x) => x.to_string(),
        Value::I32(x) => x.to_string(),
        Value::I64(x) => x.to_string(),
        Value::I128(x) => x.i128().to_string(),
        Value::I256(x) => x.i256().to_string(),
        _ => return None,
    })
}

/// Prints a value as test output shows return values (§6.3 of the runner spec). `closure`
/// renders a closure's function part (`0x1::m::f<u8>`).
pub fn display_value(heap: &Heap, v: Value, closure: &dyn Fn(&Closure) -> String) -> String {
    let mut out = String::new();
    write_value(heap, v, closure, &mut out, 0);
    out
}

fn write_value(
    heap: &Heap,
    v: Value,
    closure: &dyn Fn(&Closure) -> String,
    out: &mut String,
    depth: usize,
) {
    match v {
        Value::Bool(b) => out.push_str(if b { "true" } else { "false" }),
        Value::Address(a) => out.push_str(&a.full_hex()),
        Value::Container(c) => write_container(heap, c, closure, out, depth),
        Value::Invalid | Value::Ref(_) => out.push_str(&debug_value(v)),
        integer => out.push_str(&integer_digits(integer).unwrap_or_else(|| debug_value(v))),
    }
}

fn write_list(
    heap: &Heap,
    open: &str,
    close: &str,
    items: &[Value],
    closure: &dyn Fn(&Closure) -> String,
    out: &mut String,
    depth: usize,
) {
    out.push_str(open);
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        write_value(heap, *item, closure, out, depth + 1);
    }
    out.push_str(close);
}

fn write_container(
    heap: &Heap,
    id: u32,
    closure: &dyn Fn(&Closure) -> String,
    out: &mut String,
    depth: usize,
) {
    let Ok(c) = heap.get(id) else {
        out.push_str("<dangling>");
        return;
    };
    match c {
        Container::Struct(fields) => {
            if fields.is_empty() {
                out.push_str("{  }");
            } else {
                write_list(heap, "{ ", " }", fields, closure, out, depth);
            }
        }
        Container::Variant(tag, fields) => {
            out.push_str("{ ");
            out.push_str(&tag.to_string());
            for f in fields.iter() {
                out.push_str(", ");
                write_value(heap, *f, closure, out, depth + 1);
            }
            out.push_str(" }");
        }
        Container::Vec(items) => write_list(heap, "[", "]", items, closure, out, depth),
        Container::Prims(p) => write_list(heap, "[", "]", &p.to_values(), closure, out, depth),
        Container::Bytes(bytes) => {
            let items: Vec<String> = bytes.iter().map(u8::to_string).collect();
            out.push('[');
            out.push_str(&items.join(", "));
            out.push(']');
        }
        // A closure displays itself from the top, wherever it sits.
        Container::Closure(cl) => write_closure(heap, cl, closure, out, 0),
        Container::Free(_) => out.push_str("<dangling>"),
    }
}

/// A closure as the peer displays it (its `Display`, which the return-value printer uses at
/// any nesting): the function, then each parameter position up to the last captured one (a
/// captured value in its display form one level down, `_` otherwise), then `..`.
fn write_closure(
    heap: &Heap,
    cl: &Closure,
    closure: &dyn Fn(&Closure) -> String,
    out: &mut String,
    depth: usize,
) {
    out.push_str(&closure(cl));
    out.push('(');
    let mut captured = cl.captured.iter();
    let highest = 64 - cl.mask.leading_zeros() as usize;
    for i in 0..highest {
        if cl.mask & (1 << i) != 0 {
            match captured.next() {
                Some(v) => write_display(heap, *v, closure, out, depth + 1),
                None => out.push('_'),
            }
        } else {
            out.push('_');
        }
        out.push_str(", ");
    }
    out.push_str("..)");
}

/// The display form of a value at nesting `depth` (the peer's `Display` of a VM value):
/// integers as `U16(7)` or `I8(-9)`, `bool` bare, addresses as `Address(cafe)`, a container
/// as `(container: [..])` one level down, whose struct fields and non-primitive elements take
/// this form one more level down and whose primitive elements and enum variant tag print bare;
/// deeper than 8 levels, `...`.
fn write_display(
    heap: &Heap,
    v: Value,
    closure: &dyn Fn(&Closure) -> String,
    out: &mut String,
    depth: usize,
) {
    if depth > 8 {
        out.push_str("...");
        return;
    }
    match v {
        Value::Bool(b) => out.push_str(if b { "true" } else { "false" }),
        Value::Address(a) => out.push_str(&format!("Address({})", a.short_hex())),
        Value::Container(id) => write_display_container(heap, id, closure, out, depth + 1),
        Value::Invalid | Value::Ref(_) => out.push_str(&debug_value(v)),
        integer => out.push_str(&debug_value(integer)),
    }
}

/// An element of a vector of a primitive type as the peer displays it: bare.
fn write_bare(v: Value, out: &mut String) {
    match v {
        Value::Bool(b) => out.push_str(if b { "true" } else { "false" }),
        Value::Address(a) if a.is_special() => out.push_str(&format!("0x{}", a.short_hex())),
        Value::Address(a) => out.push_str(&format!("0x{}", a.full_hex())),
        other => out.push_str(&integer_digits(other).unwrap_or_else(|| debug_value(other))),
    }
}

fn write_display_container(
    heap: &Heap,
    id: u32,
    closure: &dyn Fn(&Closure) -> String,
    out: &mut String,
    depth: usize,
) {
    let Ok(c) = heap.get(id) else {
        out.push_str("<dangling>");
        return;
    };
    // (the variant tag, the values in display form, the values printed bare)
    let (tag, items, bare): (Option<u16>, Vec<Value>, Vec<Value>) = match c {
        Container::Struct(f) => (None, f.to_vec(), Vec::new()),
        Container::Variant(tag, f) => (Some(*tag), f.to_vec(), Vec::new()),
        Container::Vec(e) if e.iter().all(is_primitive) => (None, Vec::new(), e.clone()),
        Container::Vec(e) => (None, e.clone(), Vec::new()),
        Container::Bytes(b) => (None, Vec::new(), b.iter().map(|x| Value::U8(*x)).collect()),
        Container::Prims(p) => (None, Vec::new(), p.to_values()),
        Container::Closure(cl) => {
            write_closure(heap, cl, closure, out, depth);
            return;
        }
        Container::Free(_) => (None, Vec::new(), Vec::new()),
    };
    out.push_str("(container: [");
    let mut first = true;
    let mut separate = |out: &mut String| {
        if !first {
            out.push_str(", ");
        }
        first = false;
    };
    if let Some(tag) = tag {
        separate(out);
        out.push_str(&tag.to_string());
    }
    for item in &items {
        separate(out);
        write_display(heap, *item, closure, out, depth + 1);
    }
    for item in &bare {
        separate(out);
        write_bare(*item, out);
    }
    out.push_str("])");
}

/// Whether `v` is a value of a primitive type (what the peer stores unboxed in a vector).
fn is_primitive(v: &Value) -> bool {
    !matches!(v, Value::Container(_) | Value::Ref(_) | Value::Invalid)
}

/// A value as Sui's Move runtime prints it (its test runner's return values): integers in
/// decimal, addresses in 64 hex digits, `{ a, b }` for a struct, `|tag|{ a, b }` for an enum
/// value, `[a, b]` for a vector, and `(&) v` for a reference to `v`. `signer` says the value
/// (or the value referred to) is a signer, which Sui prints as the struct of its address.
pub fn display_value_sui(heap: &Heap, v: Value, signer: bool) -> String {
    let mut out = String::new();
    match (v, signer) {
        (Value::Ref(r), true) => {
            out.push_str("(&) ");
            if let super::Place::Whole(c) = r.place {
                write_signer(heap, c, &mut out);
            }
        }
        (Value::Container(c), true) => write_signer(heap, c, &mut out),
        _ => write_sui(heap, v, &mut out),
    }
    out
}

fn write_signer(heap: &Heap, c: u32, out: &mut String) {
    match heap.get(c) {
        Ok(Container::Variant(_, fields)) => write_sui_list(heap, "{ ", " }", fields, out),
        _ => write_sui_container(heap, c, out),
    }
}

fn write_sui(heap: &Heap, v: Value, out: &mut String) {
    match v {
        Value::Bool(b) => out.push_str(if b { "true" } else { "false" }),
        Value::Address(a) => out.push_str(&a.full_hex()),
        Value::Container(c) => write_sui_container(heap, c, out),
        Value::Ref(r) => {
            out.push_str("(&) ");
            let target = match r.place {
                super::Place::Whole(c) => Some(Value::Container(c)),
                super::Place::Elem(c, i) => match heap.get(c) {
                    Ok(Container::Struct(f) | Container::Variant(_, f)) => {
                        f.get(i as usize).copied()
                    }
                    Ok(Container::Vec(e)) => e.get(i as usize).copied(),
                    Ok(Container::Bytes(b)) => b.get(i as usize).map(|x| Value::U8(*x)),
                    _ => None,
                },
                super::Place::Local(_) => None,
            };
            match target {
                Some(t) => write_sui(heap, t, out),
                None => out.push_str("<dangling>"),
            }
        }
        Value::Invalid => out.push_str("Invalid"),
        integer => out.push_str(&integer_digits(integer).unwrap_or_else(|| debug_value(v))),
    }
}

fn write_sui_list(heap: &Heap, open: &str, close: &str, items: &[Value], out: &mut String) {
    out.push_str(open);
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        write_sui(heap, *item, out);
    }
    out.push_str(close);
}

fn write_sui_container(heap: &Heap, id: u32, out: &mut String) {
    let Ok(c) = heap.get(id) else {
        out.push_str("<dangling>");
        return;
    };
    match c {
        Container::Struct(fields) => write_sui_list(heap, "{ ", " }", fields, out),
        Container::Variant(tag, fields) => {
            write_sui_list(heap, &format!("|{tag}|{{ "), " }", fields, out)
        }
        Container::Vec(items) => write_sui_list(heap, "[", "]", items, out),
        Container::Prims(p) => write_sui_list(heap, "[", "]", &p.to_values(), out),
        Container::Bytes(bytes) => {
            let items: Vec<String> = bytes.iter().map(u8::to_string).collect();
            out.push('[');
            out.push_str(&items.join(", "));
            out.push(']');
        }
        Container::Closure(_) => out.push_str("<closure>"),
        Container::Free(_) => out.push_str("<dangling>"),
    }
}
