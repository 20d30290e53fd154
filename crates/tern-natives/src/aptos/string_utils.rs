//! `string_utils::native_format` and `native_format_list`: values printed byte for byte as
//! Aptos prints them (`[ 1, 2 ]`, `Cons { car: "a", cdr: 2 }`, `Some(1)`, `@0x1`,
//! `0x0102` for bytes, multi-line with two-space indents unless `single_line`).
//!
//! Gas under a schedule, as Aptos's natives charge it: `string_utils.format.base` for every
//! value printed (a struct, each of its fields, each vector element, an option and its
//! content, …) and `string_utils.format.per_byte` for the bytes of each `String` and
//! `vector<u8>` printed; `native_format_list` also `per_byte` for the bytes of the format.
//! What was printed before an abort stays charged.

use super::type_info::{canonical_struct_name, canonical_type_name, struct_shape, StructShape};
use super::{bool_arg, ref_arg, ret, string_value, ty_arg};
use crate::{bad_args, ref_bytes};
use tern_primitives::{AccountAddress, StatusCode, TypeTag, VmError};
use tern_vm::natives::{NativeContext, NativeResult};
use tern_vm::types::{TypeId, TypeNode};
use tern_vm::values::{ClosureTarget, Container, Value};

/// The schedule's price of each value printed.
const BASE: &str = "aptos_framework.string_utils.format.base";
/// The schedule's price of each byte of a string, a byte vector or a format.
const PER_BYTE: &str = "aptos_framework.string_utils.format.per_byte";

/// Abort code of `native_format_list` when the arguments do not match the `{}`s.
pub const EARGS_MISMATCH: u64 = 1;
/// Abort code of `native_format_list` for unmatched braces or a format that is not UTF-8.
pub const EINVALID_FORMAT: u64 = 2;
/// Abort code for a value that cannot be printed (Aptos: a delayed field; Tern: a function
/// value deserialized from storage whose function is not loaded, so the types of its
/// captured values are unknown).
pub const EUNABLE_TO_FORMAT: u64 = 3;

/// How a value is printed (the flags of `native_format`).
#[derive(Clone, Copy)]
pub(super) struct Options {
    /// Structs named by their full type (`0x1::m::S<u8> {`) instead of their name.
    pub type_tag: bool,
    /// Addresses in 64 hex digits instead of `0x` and the short form.
    pub canonicalize: bool,
    /// Vectors of non-primitives and structs on one line.
    pub single_line: bool,
    /// Integers with their type (`1u8`).
    pub include_int_type: bool,
}

/// Why formatting stopped.
pub(super) enum Stop {
    /// The native aborts with this code.
    Abort(u64),
    /// A VM error.
    Error(VmError),
}

impl From<VmError> for Stop {
    fn from(e: VmError) -> Stop {
        Stop::Error(e)
    }
}

/// Turns a formatting outcome into the native's result.
fn finish(ctx: &mut NativeContext<'_>, out: Result<String, Stop>) -> Result<NativeResult, VmError> {
    match out {
        Ok(s) => {
            let v = string_value(ctx, s.into_bytes());
            ret(v)
        }
        Err(Stop::Abort(code)) => Ok(NativeResult::Abort(code)),
        Err(Stop::Error(e)) => Err(e),
    }
}

/// `native_format<T>(s: &T, type_tag, canonicalize, single_line, include_int_types):
/// String`.
pub(super) fn format(
    ctx: &mut NativeContext<'_>,
    ty_args: &[TypeId],
    args: &[Value],
) -> Result<NativeResult, VmError> {
    let ty = ty_arg(ty_args, 0)?;
    let value = ctx.deref(ref_arg(args, 0)?)?;
    let options = Options {
        type_tag: bool_arg(args, 1)?,
        canonicalize: bool_arg(args, 2)?,
        single_line: bool_arg(args, 3)?,
        include_int_type: bool_arg(args, 4)?,
    };
    let out = format_value(ctx, ty, value, options);
    finish(ctx, out)
}

/// Prints `value` of type `ty`, charging one unit per value printed and per 32 bytes
/// (Aptos's `string_utils` parameters under a schedule).
pub(super) fn format_value(
    ctx: &mut NativeContext<'_>,
    ty: TypeId,
    value: Value,
    options: Options,
) -> Result<String, Stop> {
    format_charged(ctx, ty, value, options, true)
}

/// [`format_value`] for `debug::print`, which charges nothing under a schedule: Aptos's
/// production natives print nothing and charge nothing.
pub(super) fn format_value_for_debug(
    ctx: &mut NativeContext<'_>,
    ty: TypeId,
    value: Value,
    options: Options,
) -> Result<String, Stop> {
    format_charged(ctx, ty, value, options, false)
}

fn format_charged(
    ctx: &mut NativeContext<'_>,
    ty: TypeId,
    value: Value,
    options: Options,
    priced: bool,
) -> Result<String, Stop> {
    let mut f = Formatter {
        ctx,
        options,
        out: String::new(),
        units: 0,
        bytes: 0,
    };
    let result = f.value(ty, value, 0);
    let (values, bytes, out) = (f.units, f.bytes, f.out);
    let units = values + out.len() as u64 / 32;
    if priced {
        ctx.charge_priced(&[(BASE, values), (PER_BYTE, bytes)], units);
    } else {
        ctx.charge_priced(&[], units);
    }
    result.map(|()| out)
}

struct Formatter<'c, 'a> {
    ctx: &'c NativeContext<'a>,
    options: Options,
    out: String,
    /// The values printed so far.
    units: u64,
    /// The bytes of the strings and byte vectors printed so far.
    bytes: u64,
}

impl Formatter<'_, '_> {
    fn value(&mut self, ty: TypeId, v: Value, depth: usize) -> Result<(), Stop> {
        if depth > self.ctx.heap.max_depth() {
            return Err(VmError::new(StatusCode::VM_MAX_VALUE_DEPTH_REACHED).into());
        }
        self.units += 1;
        let suffix = match (self.ctx.type_node(ty)?, v) {
            (TypeNode::Bool, Value::Bool(b)) => self.text(b, ""),
            (TypeNode::U8, Value::U8(n)) => self.text(n, "u8"),
            (TypeNode::U16, Value::U16(n)) => self.text(n, "u16"),
            (TypeNode::U32, Value::U32(n)) => self.text(n, "u32"),
            (TypeNode::U64, Value::U64(n)) => self.text(n, "u64"),
            (TypeNode::U128, Value::U128(n)) => self.text(n.u128(), "u128"),
            (TypeNode::U256, Value::U256(n)) => self.text(n.u256(), "u256"),
            (TypeNode::I8, Value::I8(n)) => self.text(n, "i8"),
            (TypeNode::I16, Value::I16(n)) => self.text(n, "i16"),
            (TypeNode::I32, Value::I32(n)) => self.text(n, "i32"),
            (TypeNode::I64, Value::I64(n)) => self.text(n, "i64"),
            (TypeNode::I128, Value::I128(n)) => self.text(n.i128(), "i128"),
            (TypeNode::I256, Value::I256(n)) => self.text(n.i256(), "i256"),
            (TypeNode::Address, Value::Address(a)) => {
                let a = self.address(a);
                self.text(format_args!("@{a}"), "")
            }
            (TypeNode::Signer, v) => {
                let a = self.signer_address(v)?;
                let a = self.address(a);
                self.text(format_args!("signer(@{a})"), "")
            }
            (TypeNode::Vector(elem), v) => return self.vector(elem, v, depth),
            (TypeNode::Struct(..), v) => return self.structure(ty, v, depth),
            (TypeNode::Function(..), Value::Container(c)) => return self.closure(c, depth),
            _ => return Err(bad_args().into()),
        };
        if self.options.include_int_type {
            self.out.push_str(suffix);
        }
        Ok(())
    }

    /// Writes `x` and returns the integer suffix of its type.
    fn text(&mut self, x: impl std::fmt::Display, suffix: &'static str) -> &'static str {
        use std::fmt::Write;
        // Writing to a `String` cannot fail.
        let _ = write!(self.out, "{x}");
        suffix
    }

    fn address(&self, a: AccountAddress) -> String {
        if self.options.canonicalize {
            a.full_hex()
        } else {
            a.to_hex_literal()
        }
    }

    /// A signer's address: the first field of its variant (the master address).
    fn signer_address(&self, v: Value) -> Result<AccountAddress, Stop> {
        let Value::Container(c) = v else {
            return Err(bad_args().into());
        };
        match self.ctx.heap.get(c)? {
            Container::Variant(_, f) | Container::Struct(f) => match f.first() {
                Some(Value::Address(a)) => Ok(*a),
                _ => Err(Stop::Abort(super::string_utils::EINVALID_FORMAT)),
            },
            _ => Err(bad_args().into()),
        }
    }

    fn vector(&mut self, elem: TypeId, v: Value, depth: usize) -> Result<(), Stop> {
        let Value::Container(c) = v else {
            return Err(bad_args().into());
        };
        let elem_node = self.ctx.type_node(elem)?;
        if matches!(elem_node, TypeNode::U8) {
            let bytes = self.ctx.bytes(v)?;
            self.bytes = self.bytes.saturating_add(bytes.len() as u64);
            self.out.push_str("0x");
            for b in bytes {
                self.text(format_args!("{b:02x}"), "");
            }
            return Ok(());
        }
        let elements: Vec<Value> = match self.ctx.heap.get(c)?.vector_values() {
            Some(e) => e.into_owned(),
            None => return Err(bad_args().into()),
        };
        let primitive = !matches!(elem_node, TypeNode::Vector(_) | TypeNode::Struct(..));
        let items: Vec<(Option<String>, TypeId, Value)> =
            elements.into_iter().map(|e| (None, elem, e)).collect();
        self.out.push('[');
        self.sequence(items, depth, !self.options.single_line && !primitive)?;
        self.out.push(']');
        Ok(())
    }

    fn structure(&mut self, ty: TypeId, v: Value, depth: usize) -> Result<(), Stop> {
        let Value::Container(c) = v else {
            return Err(bad_args().into());
        };
        let (tag, values) = match self.ctx.heap.get(c)? {
            Container::Struct(f) => (None, f.to_vec()),
            Container::Variant(t, f) => (Some(*t), f.to_vec()),
            _ => return Err(bad_args().into()),
        };
        let shape = struct_shape(self.ctx, ty)?;
        match shape {
            StructShape::Fields { tag: st, fields } => {
                if is_named(&st, "string", "String") {
                    return self.string(values.first().copied());
                }
                if is_named(&st, "option", "Option") {
                    // Legacy option: a struct holding a vector of zero or one element.
                    return self.legacy_option(&fields, values.first().copied(), depth);
                }
                let name = if self.options.type_tag {
                    canonical_struct_name(&st)
                } else {
                    st.name.as_str().to_string()
                };
                self.out.push_str(&name);
                self.out.push_str(" {");
                let items = named(fields, values);
                self.sequence(items, depth, !self.options.single_line)?;
                self.out.push('}');
            }
            StructShape::Variants { variants } => {
                let tag = tag.ok_or_else(bad_args)?;
                let Some((name, fields)) = variants.into_iter().nth(usize::from(tag)) else {
                    return Err(Stop::Abort(EINVALID_FORMAT));
                };
                if let TypeTag::Struct(st) = self.ctx.type_tag(ty)? {
                    if is_named(&st, "option", "Option") {
                        return self.option(&fields, values.first().copied(), depth);
                    }
                }
                self.out.push_str(name.as_str());
                self.out.push('{');
                let items = named(fields, values);
                self.sequence(items, depth, !self.options.single_line)?;
                self.out.push('}');
            }
        }
        Ok(())
    }

    /// A function value: `0x1::m::f<u8>(` its captured values, `_` for each parameter not
    /// captured before the last captured one, then `..)`; `0x1::m::f()` when nothing is
    /// captured.
    fn closure(&mut self, c: u32, depth: usize) -> Result<(), Stop> {
        let Container::Closure(closure) = self.ctx.heap.get(c)? else {
            return Err(bad_args().into());
        };
        let closure = closure.clone();
        let ClosureTarget::Resolved(function) = &closure.target else {
            return Err(Stop::Abort(EUNABLE_TO_FORMAT));
        };
        let (ty_args, captured_tys) = {
            let ty_args = self.ctx.type_list(closure.ty_args)?;
            let mut captured = Vec::new();
            for (i, ty) in function.params.iter().enumerate().take(64) {
                if closure.mask >> i & 1 == 1 {
                    captured.push(self.ctx.substitute(*ty, &ty_args)?);
                }
            }
            (ty_args, captured)
        };
        if let Some(m) = &function.id.module {
            self.out.push_str(&m.address.to_standard_string());
            self.out.push_str("::");
            self.out.push_str(m.name.as_str());
        }
        self.out.push_str("::");
        self.out.push_str(function.name.as_str());
        if !ty_args.is_empty() {
            let names = ty_args
                .iter()
                .map(|t| Ok(canonical_type_name(&self.ctx.type_tag(*t)?)))
                .collect::<Result<Vec<_>, VmError>>()?;
            self.out.push('<');
            self.out.push_str(&names.join(", "));
            self.out.push('>');
        }
        self.out.push('(');
        if !captured_tys.is_empty() {
            let newline = !self.options.single_line;
            let mut values = closure.captured.iter().zip(captured_tys);
            let (mut mask, mut i) = (closure.mask, 0);
            while mask != 0 {
                if i > 0 {
                    self.out.push(',');
                    self.space_or_newline(newline, depth + 1);
                }
                if mask & 1 == 1 {
                    let (v, ty) = values.next().ok_or_else(bad_args)?;
                    self.value(ty, *v, depth + 1)?;
                } else {
                    self.out.push('_');
                }
                mask >>= 1;
                i += 1;
            }
            self.out.push(',');
            self.space_or_newline(newline, depth + 1);
            self.out.push_str("..");
        }
        self.out.push(')');
        Ok(())
    }

    /// `"text"` with `\` and `"` escaped.
    fn string(&mut self, bytes: Option<Value>) -> Result<(), Stop> {
        let bytes = self.ctx.bytes(bytes.ok_or_else(bad_args)?)?;
        self.bytes = self.bytes.saturating_add(bytes.len() as u64);
        let text = std::str::from_utf8(bytes).map_err(|_| {
            VmError::new(StatusCode::UNKNOWN_INVARIANT_VIOLATION_ERROR)
                .with_message("string_utils: a String that is not UTF-8")
        })?;
        self.out.push('"');
        self.out
            .push_str(&text.replace('\\', "\\\\").replace('"', "\\\""));
        self.out.push('"');
        Ok(())
    }

    /// An enum `Option`: `None`, or `Some(x)` for variant `Some { e: x }`.
    fn option(
        &mut self,
        fields: &super::type_info::Fields,
        inner: Option<Value>,
        depth: usize,
    ) -> Result<(), Stop> {
        match (fields.first(), inner) {
            (Some((_, ty)), Some(v)) => {
                self.out.push_str("Some(");
                self.value(*ty, v, depth)?;
                self.out.push(')');
            }
            _ => self.out.push_str("None"),
        }
        Ok(())
    }

    /// A struct `Option { vec: vector<T> }`: `None`, or `Some(x)`.
    fn legacy_option(
        &mut self,
        fields: &super::type_info::Fields,
        vec: Option<Value>,
        depth: usize,
    ) -> Result<(), Stop> {
        let (Some((_, vec_ty)), Some(Value::Container(c))) = (fields.first(), vec) else {
            return Err(bad_args().into());
        };
        let TypeNode::Vector(elem) = self.ctx.type_node(*vec_ty)? else {
            return Err(bad_args().into());
        };
        let container = self.ctx.heap.get(c)?;
        if !container.is_vector() {
            return Err(bad_args().into());
        }
        let first = container.vector_get(0);
        match first {
            Some(v) => {
                self.out.push_str("Some(");
                self.value(elem, v, depth)?;
                self.out.push(')');
            }
            None => self.out.push_str("None"),
        }
        Ok(())
    }

    /// The elements or fields between the brackets: ` a, b ` on one line, or one per line
    /// indented by two spaces per level; nothing for none.
    fn sequence(
        &mut self,
        items: Vec<(Option<String>, TypeId, Value)>,
        depth: usize,
        newline: bool,
    ) -> Result<(), Stop> {
        if items.is_empty() {
            return Ok(());
        }
        self.space_or_newline(newline, depth + 1);
        for (i, (name, ty, v)) in items.into_iter().enumerate() {
            if i > 0 {
                self.out.push(',');
                self.space_or_newline(newline, depth + 1);
            }
            if let Some(name) = name {
                self.out.push_str(&name);
                self.out.push_str(": ");
            }
            self.value(ty, v, depth + 1)?;
        }
        self.space_or_newline(newline, depth);
        Ok(())
    }

    fn space_or_newline(&mut self, newline: bool, depth: usize) {
        if newline {
            self.out.push('\n');
            for _ in 0..depth {
                self.out.push_str("  ");
            }
        } else {
            self.out.push(' ');
        }
    }
}

/// Whether a struct tag is `0x1::module::name`.
fn is_named(tag: &tern_primitives::StructTag, module: &str, name: &str) -> bool {
    tag.address == AccountAddress::ONE && tag.module.as_str() == module && tag.name.as_str() == name
}

/// Fields with their values, for [`Formatter::sequence`].
fn named(
    fields: super::type_info::Fields,
    values: Vec<Value>,
) -> Vec<(Option<String>, TypeId, Value)> {
    fields
        .into_iter()
        .zip(values)
        .map(|((name, ty), v)| (Some(name.as_str().to_string()), ty, v))
        .collect()
}

/// `native_format_list<T>(fmt: &vector<u8>, val: &T): String`: `fmt` with each `{}`
/// replaced by the next element of the list `val` (`Cons { car, cdr }` ending in `NIL`),
/// printed on one line with struct types named in full; `{{` and `}}` print one brace.
pub(super) fn format_list(
    ctx: &mut NativeContext<'_>,
    ty_args: &[TypeId],
    args: &[Value],
) -> Result<NativeResult, VmError> {
    let list_ty = ty_arg(ty_args, 0)?;
    let Ok(fmt) = std::str::from_utf8(ref_bytes(ctx, *args.first().ok_or_else(bad_args)?)?) else {
        return Ok(NativeResult::Abort(EINVALID_FORMAT));
    };
    let fmt = fmt.to_string();
    let len = fmt.len() as u64;
    ctx.charge_priced(&[(PER_BYTE, len)], len / 32);
    let val = ctx.deref(ref_arg(args, 1)?)?;
    let out = fill(ctx, &fmt, list_ty, val);
    finish(ctx, out)
}

/// The formatting loop of [`format_list`].
fn fill(
    ctx: &mut NativeContext<'_>,
    fmt: &str,
    mut list_ty: TypeId,
    mut val: Value,
) -> Result<String, Stop> {
    let options = Options {
        type_tag: true,
        canonicalize: false,
        single_line: true,
        include_int_type: false,
    };
    let mut out = String::new();
    // 1 after `{`, -1 after `}`.
    let mut open = 0i8;
    for c in fmt.chars() {
        if open == 1 {
            open = 0;
            if c == '}' {
                let [car_ty, cdr_ty] = list_node(ctx, list_ty, "Cons")?;
                let (car, cdr) = cons_fields(ctx, val)?;
                out.push_str(&format_value(ctx, car_ty, car, options)?);
                (list_ty, val) = (cdr_ty, cdr);
                continue;
            } else if c != '{' {
                return Err(Stop::Abort(EINVALID_FORMAT));
            }
        } else if open == -1 {
            open = 0;
            if c != '}' {
                return Err(Stop::Abort(EINVALID_FORMAT));
            }
        } else if c == '{' {
            open = 1;
            continue;
        } else if c == '}' {
            open = -1;
            continue;
        }
        out.push(c);
    }
    if open != 0 {
        return Err(Stop::Abort(EINVALID_FORMAT));
    }
    list_node(ctx, list_ty, "NIL")?;
    Ok(out)
}

/// The type arguments of `ty` if it is `0x1::string_utils::<name>` (none for `NIL`);
/// anything else aborts with [`EARGS_MISMATCH`].
fn list_node(ctx: &NativeContext<'_>, ty: TypeId, name: &str) -> Result<[TypeId; 2], Stop> {
    let TypeTag::Struct(tag) = ctx.type_tag(ty)? else {
        return Err(Stop::Abort(EARGS_MISMATCH));
    };
    if !is_named(&tag, "string_utils", name) {
        return Err(Stop::Abort(EARGS_MISMATCH));
    }
    let TypeNode::Struct(_, list) = ctx.type_node(ty)? else {
        return Err(bad_args().into());
    };
    let args = ctx.type_list(list)?;
    match args.as_slice() {
        [car, cdr] => Ok([*car, *cdr]),
        _ => Ok([ty, ty]),
    }
}

/// The `car` and `cdr` of a `Cons` value.
fn cons_fields(ctx: &NativeContext<'_>, v: Value) -> Result<(Value, Value), Stop> {
    match ctx.struct_fields(v)? {
        [car, cdr] => Ok((*car, *cdr)),
        _ => Err(bad_args().into()),
    }
}
