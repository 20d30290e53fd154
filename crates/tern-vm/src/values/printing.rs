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
        Container::Closure(cl) => write_closure(heap, cl, closure, out, depth),
        Container::Free(_) => out.push_str("<dangling>"),
    }
}

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

/// The display form of captured values: `U64(10)`, `U8(5)`, other widths `U16(..)`,
/// containers `(container: [..])`, deeper than 8 levels `...`.
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
        Value::U8(x) => out.push_str(&format!("U8({x})")),
        Value::U64(x) => out.push_str(&format!("U64({x})")),
        Value::U16(_) => out.push_str("U16(..)"),
        Value::U32(_) => out.push_str("U32(..)"),
        Value::U128(_) => out.push_str("U128(..)"),
        Value::U256(_) => out.push_str("U256(..)"),
        Value::I8(_) => out.push_str("I8(..)"),
        Value::I16(_) => out.push_str("I16(..)"),
        Value::I32(_) => out.push_str("I32(..)"),
        Value::I64(_) => out.push_str("I64(..)"),
        Value::I128(_) => out.push_str("I128(..)"),
        Value::I256(_) => out.push_str("I256(..)"),
        Value::Bool(b) => out.push_str(if b { "true" } else { "false" }),
        Value::Address(a) => out.push_str(&format!("Address({})", a.short_hex())),
        Value::Container(id) => write_display_container(heap, id, closure, out, depth),
        Value::Invalid | Value::Ref(_) => out.push_str(&debug_value(v)),
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
    let items: Vec<Value> = match c {
        Container::Struct(f) => f.to_vec(),
        Container::Variant(tag, f) => {
            let mut v = vec![Value::U16(*tag)];
            v.extend(f.iter().copied());
            v
        }
        Container::Vec(e) => e.clone(),
        Container::Bytes(b) => b.iter().map(|x| Value::U8(*x)).collect(),
        Container::Prims(p) => p.to_values(),
        Container::Closure(cl) => {
            write_closure(heap, cl, closure, out, depth);
            return;
        }
        Container::Free(_) => Vec::new(),
    };
    out.push_str("(container: [");
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        write_display(heap, *item, closure, out, depth + 1);
    }
    out.push_str("])");
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
