//! Readable values: Move values printed with their types' names, as `tern run` shows them.
//!
//! The test runner prints values as the peer's transactional tests do (`{ 1, 1, 2 }`, 64-digit
//! addresses), which `.exp` files compare byte for byte; this printer is for people. Given a
//! value's type, it names structs, enum variants and fields from the declaring modules:
//!
//! | value | printed |
//! |---|---|
//! | struct (outermost) | `0x42::p::S { a: @0x42, b: b"hi", c: Shape::Line { x: 1, y: 2 } }` |
//! | struct or enum of the enclosing struct's module | `Shape::Line { x: 1, y: 2 }`, `Shape::Empty` |
//! | struct of another module | `0x1::m::T { f: true }`, generic: `0x42::p::Box<u8> { v: 7 }` |
//! | `0x1::string::String`, `0x1::ascii::String` | `"hello"` (Rust escapes) |
//! | `0x1::option::Option<T>` | `some(5)`, `none` |
//! | `address` | `@0x42`; an address of 2^128 or more (derived, hashed) with all 64 digits |
//! | `signer` | `signer(@0x5)` |
//! | `vector<u8>` | `b"hi"` when non-empty printable ASCII, else `x"00ff"` (`x""` when empty) |
//! | other vectors | `[1, 2, 3]`, `[[1, 2], [3]]`, `[S { a: 1 }, S { a: 2 }]` |
//! | function value | `fun 0x42::p::add(5, _)`: the function, captured arguments, `_` for the others |
//! | integers | `7`, `-3`; with a suffix (`7u8`, `-3i64`) where the type is not otherwise visible |
//!
//! Integer suffixes: inside a struct or variant an integer's type is its field's declared
//! type, so it prints bare. Elsewhere (a return value, the elements of a returned vector, a
//! closure's captured values) a number without suffix reads as `u64`, as `tern run --args`
//! takes it, so every other integer type carries its suffix: `return values: 7u8, 55,
//! [1u16, 2u16]`. The outermost forms (`@0x42`, `b"hi"`, `x"00"`, `7u8`) are also what
//! `--args` accepts.
//!
//! A value the VM could not express as a [`MoveValue`] ([`MoveValue::Bcs`], for example one
//! holding a function value) is read back from its bytes by its type. A function value over a
//! function that cannot be serialized (not public or `#[persistent]`) has no bytes and cannot
//! be printed here: [`describe`] gives `None` and [`Readable`] falls back to an untyped form.

mod decode;
mod error;
mod run;
#[cfg(test)]
mod tests;

pub use error::{abort_code, describe_error, SourceLookup};
pub use run::ReadableOutput;

use crate::MoveValue;
use std::fmt::Write as _;
use std::sync::Arc;
use tern_binary::{CompiledModule, FieldDefinition, SignatureToken, StructHandleIndex};
use tern_primitives::{AccountAddress, FunctionTag, ModuleId, StructTag, TypeTag, U256};

/// Finds a published module by id (for example `|id| vm.storage().module(id).ok().flatten()`): where the
/// printer reads the names of structs, variants and fields.
pub type ModuleLookup<'a> = dyn Fn(&ModuleId) -> Option<Arc<CompiledModule>> + 'a;

/// How deep values may nest before printing gives up.
const MAX_DEPTH: usize = 128;

/// The readable form of `value` of type `ty` (see the [module documentation](self)); `None`
/// when the value does not fit the type or a declaration it needs is not in `modules`.
pub fn describe(ty: &TypeTag, value: &MoveValue, modules: &ModuleLookup<'_>) -> Option<String> {
    let mut printer = Printer {
        modules,
        out: String::new(),
    };
    printer.value(ty, value, Cx::TOP, 0)?;
    Some(printer.out)
}

/// A value without its type: integers with suffixes (but `u64`), structs as `{ 1, true }`,
/// variants as `#2 { 5 }`, bytes the VM could not convert as `bcs(0x…)`. What [`Readable`]
/// prints when [`describe`] cannot.
pub fn describe_untyped(value: &MoveValue) -> String {
    let mut out = String::new();
    untyped(value, &mut out, 0);
    out
}

/// A value with its type, displayed readably ([`describe`]; [`describe_untyped`] when that
/// fails).
pub struct Readable<'a> {
    ty: &'a TypeTag,
    value: &'a MoveValue,
    modules: &'a ModuleLookup<'a>,
}

impl<'a> Readable<'a> {
    /// `value` of type `ty`, names found in `modules`.
    pub fn new(ty: &'a TypeTag, value: &'a MoveValue, modules: &'a ModuleLookup<'a>) -> Self {
        Readable { ty, value, modules }
    }
}

impl std::fmt::Display for Readable<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match describe(self.ty, self.value, self.modules) {
            Some(text) => f.write_str(&text),
            None => f.write_str(&describe_untyped(self.value)),
        }
    }
}

/// A function's parameter and return types, instantiated and without references
/// (`&mut T` is `T`): the types of a run's [`crate::RunOutput::values`] and
/// [`crate::RunOutput::mutable_input_values`].
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct FunctionTypes {
    /// The parameters' types, in order.
    pub parameters: Vec<TypeTag>,
    /// The return types, in order.
    pub returns: Vec<TypeTag>,
}

/// The types of `function` of `module` instantiated with `type_args`; `None` when there is no
/// such function or too few type arguments.
pub fn function_types(
    module: &CompiledModule,
    function: &str,
    type_args: &[TypeTag],
) -> Option<FunctionTypes> {
    let (_, handle) = module.function_named(function)?;
    let list = |index: usize| -> Option<Vec<TypeTag>> {
        let sig = module.signatures.get(index)?;
        sig.0
            .iter()
            .map(|t| signature_type_tag(module, t, type_args))
            .collect()
    };
    Some(FunctionTypes {
        parameters: list(handle.parameters.idx())?,
        returns: list(handle.return_.idx())?,
    })
}

/// The type a signature token of `module` stands for, its type parameters replaced by
/// `type_args` and references dropped (`&T` is `T`); `None` for an index out of range.
pub fn signature_type_tag(
    module: &CompiledModule,
    token: &SignatureToken,
    type_args: &[TypeTag],
) -> Option<TypeTag> {
    let list = |tokens: &[SignatureToken]| -> Option<Vec<TypeTag>> {
        tokens
            .iter()
            .map(|t| signature_type_tag(module, t, type_args))
            .collect()
    };
    Some(match token {
        SignatureToken::Bool => TypeTag::Bool,
        SignatureToken::U8 => TypeTag::U8,
        SignatureToken::U16 => TypeTag::U16,
        SignatureToken::U32 => TypeTag::U32,
        SignatureToken::U64 => TypeTag::U64,
        SignatureToken::U128 => TypeTag::U128,
        SignatureToken::U256 => TypeTag::U256,
        SignatureToken::I8 => TypeTag::I8,
        SignatureToken::I16 => TypeTag::I16,
        SignatureToken::I32 => TypeTag::I32,
        SignatureToken::I64 => TypeTag::I64,
        SignatureToken::I128 => TypeTag::I128,
        SignatureToken::I256 => TypeTag::I256,
        SignatureToken::Address => TypeTag::Address,
        SignatureToken::Signer => TypeTag::Signer,
        SignatureToken::Vector(t) => {
            TypeTag::Vector(Box::new(signature_type_tag(module, t, type_args)?))
        }
        SignatureToken::Function(args, results, abilities) => {
            TypeTag::Function(Box::new(FunctionTag {
                args: list(args)?,
                results: list(results)?,
                abilities: *abilities,
            }))
        }
        SignatureToken::Struct(h) => struct_tag(module, *h, Vec::new())?,
        SignatureToken::StructInstantiation(h, args) => struct_tag(module, *h, list(args)?)?,
        SignatureToken::Reference(t) | SignatureToken::MutableReference(t) => {
            signature_type_tag(module, t, type_args)?
        }
        SignatureToken::TypeParameter(i) => type_args.get(usize::from(*i))?.clone(),
    })
}

fn struct_tag(
    module: &CompiledModule,
    handle: StructHandleIndex,
    type_args: Vec<TypeTag>,
) -> Option<TypeTag> {
    let handle = module.struct_handles.get(handle.idx())?;
    let owner = module.module_handles.get(handle.module.idx())?;
    Some(TypeTag::Struct(Box::new(StructTag {
        address: *module.address_identifiers.get(owner.address.idx())?,
        module: module.identifiers.get(owner.name.idx())?.clone(),
        name: module.identifiers.get(handle.name.idx())?.clone(),
        type_args,
    })))
}

/// A struct's fields, or an enum's variants with theirs: names and instantiated types.
pub(crate) enum Declaration {
    /// A struct.
    Fields(Vec<(String, TypeTag)>),
    /// An enum.
    Variants(Vec<(String, Vec<(String, TypeTag)>)>),
}

/// The declaration of the struct or enum `tag` (instantiated with its type arguments).
pub(crate) fn declaration(modules: &ModuleLookup<'_>, tag: &StructTag) -> Option<Declaration> {
    let module = modules(&ModuleId::new(tag.address, tag.module.clone()))?;
    let m = module.as_ref();
    let named = |h: StructHandleIndex| {
        m.struct_handles
            .get(h.idx())
            .and_then(|h| m.identifiers.get(h.name.idx()))
            == Some(&tag.name)
    };
    let fields = |fields: &[FieldDefinition]| -> Option<Vec<(String, TypeTag)>> {
        fields
            .iter()
            .map(|f| {
                let name = m.identifiers.get(f.name.idx())?.to_string();
                Some((name, signature_type_tag(m, &f.type_, &tag.type_args)?))
            })
            .collect()
    };
    let variants = |variants: &[tern_binary::VariantDefinition]| {
        variants
            .iter()
            .map(|v| {
                Some((
                    m.identifiers.get(v.name.idx())?.to_string(),
                    fields(&v.fields)?,
                ))
            })
            .collect::<Option<Vec<_>>>()
    };
    if let Some(def) = m.struct_defs.iter().find(|d| named(d.struct_handle)) {
        return match &def.field_information {
            tern_binary::StructFieldInformation::Declared(fs) => {
                Some(Declaration::Fields(fields(fs)?))
            }
            tern_binary::StructFieldInformation::DeclaredVariants(vs) => {
                Some(Declaration::Variants(variants(vs)?))
            }
            tern_binary::StructFieldInformation::Native => None,
        };
    }
    // Sui keeps enums in a table of their own.
    let def = m.enum_defs.iter().find(|d| named(d.enum_handle))?;
    Some(Declaration::Variants(variants(&def.variants)?))
}

/// Where a value is printed.
#[derive(Clone, Copy)]
struct Cx<'s> {
    /// Whether the surrounding text fixes the type of an integer (a declared field).
    typed: bool,
    /// The module of the enclosing struct, whose own types print by their short names.
    scope: Option<&'s ModuleId>,
}

impl Cx<'_> {
    const TOP: Cx<'static> = Cx {
        typed: false,
        scope: None,
    };
}

struct Printer<'a, 'b> {
    modules: &'a ModuleLookup<'b>,
    out: String,
}

impl Printer<'_, '_> {
    fn value(&mut self, ty: &TypeTag, v: &MoveValue, cx: Cx<'_>, depth: usize) -> Option<()> {
        if depth > MAX_DEPTH {
            return None;
        }
        match (ty, v) {
            (TypeTag::Function(_), MoveValue::Bcs(bytes)) => self.function(bytes, depth)?,
            (_, MoveValue::Bcs(bytes)) => {
                let v = decode::decode(ty, bytes, self.modules)?;
                if matches!(v, MoveValue::Bcs(_)) {
                    return None;
                }
                self.value(ty, &v, cx, depth + 1)?;
            }
            (TypeTag::Bool, MoveValue::Bool(b)) => self.push(&b.to_string()),
            (TypeTag::U8, MoveValue::U8(x)) => self.int(x, "u8", cx),
            (TypeTag::U16, MoveValue::U16(x)) => self.int(x, "u16", cx),
            (TypeTag::U32, MoveValue::U32(x)) => self.int(x, "u32", cx),
            (TypeTag::U64, MoveValue::U64(x)) => self.int(x, "u64", cx),
            (TypeTag::U128, MoveValue::U128(x)) => self.int(x, "u128", cx),
            (TypeTag::U256, MoveValue::U256(x)) => self.int(x, "u256", cx),
            (TypeTag::I8, MoveValue::I8(x)) => self.int(x, "i8", cx),
            (TypeTag::I16, MoveValue::I16(x)) => self.int(x, "i16", cx),
            (TypeTag::I32, MoveValue::I32(x)) => self.int(x, "i32", cx),
            (TypeTag::I64, MoveValue::I64(x)) => self.int(x, "i64", cx),
            (TypeTag::I128, MoveValue::I128(x)) => self.int(x, "i128", cx),
            (TypeTag::I256, MoveValue::I256(x)) => self.int(x, "i256", cx),
            (TypeTag::Address, MoveValue::Address(a)) => self.push(&format!("@{}", address(a))),
            (TypeTag::Signer, MoveValue::Signer(a)) => {
                self.push(&format!("signer(@{})", address(a)))
            }
            (TypeTag::Vector(elem), MoveValue::Vector(items)) => {
                if **elem == TypeTag::U8 {
                    self.push(&bytes_literal(&u8_items(items)?));
                } else {
                    self.list("[", items.iter().map(|i| (&**elem, i)), "]", cx, depth)?;
                }
            }
            (TypeTag::Struct(tag), MoveValue::Struct(_) | MoveValue::Variant(..)) => {
                if !self.library_value(tag, v, cx, depth)? {
                    self.structure(tag, v, cx, depth)?;
                }
            }
            _ => return None,
        }
        Some(())
    }

    fn push(&mut self, text: &str) {
        self.out.push_str(text);
    }

    /// An integer, with its suffix where the context does not fix its type and it is not
    /// `u64`.
    fn int(&mut self, x: &dyn std::fmt::Display, suffix: &str, cx: Cx<'_>) {
        let _ = write!(self.out, "{x}");
        if !cx.typed && suffix != "u64" {
            self.out.push_str(suffix);
        }
    }

    /// `open` items separated by `, ` `close`.
    fn list<'v>(
        &mut self,
        open: &str,
        items: impl Iterator<Item = (&'v TypeTag, &'v MoveValue)>,
        close: &str,
        cx: Cx<'_>,
        depth: usize,
    ) -> Option<()> {
        self.push(open);
        for (i, (ty, v)) in items.enumerate() {
            if i > 0 {
                self.push(", ");
            }
            self.value(ty, v, cx, depth + 1)?;
        }
        self.push(close);
        Some(())
    }

    /// The standard library's strings and options in their short forms; `false` when `tag`
    /// is none of them (or its value is not of the expected shape).
    fn library_value(
        &mut self,
        tag: &StructTag,
        v: &MoveValue,
        cx: Cx<'_>,
        depth: usize,
    ) -> Option<bool> {
        if tag.address != AccountAddress::ONE {
            return Some(false);
        }
        let MoveValue::Struct(fields) = v else {
            return Some(false);
        };
        let [MoveValue::Vector(items)] = fields.as_slice() else {
            return Some(false);
        };
        match (tag.module.as_str(), tag.name.as_str()) {
            ("string" | "ascii", "String") => {
                let Some(text) = u8_items(items).and_then(|b| String::from_utf8(b).ok()) else {
                    return Some(false);
                };
                let _ = write!(self.out, "{text:?}");
            }
            ("option", "Option") => match (items.as_slice(), tag.type_args.as_slice()) {
                ([], [_]) => self.push("none"),
                ([item], [ty]) => {
                    self.push("some(");
                    self.value(ty, item, cx, depth + 1)?;
                    self.push(")");
                }
                _ => return Some(false),
            },
            _ => return Some(false),
        }
        Some(true)
    }

    fn structure(
        &mut self,
        tag: &StructTag,
        v: &MoveValue,
        cx: Cx<'_>,
        depth: usize,
    ) -> Option<()> {
        let id = ModuleId::new(tag.address, tag.module.clone());
        let name = struct_name(tag, cx.scope);
        let inner = Cx {
            typed: true,
            scope: Some(&id),
        };
        match (declaration(self.modules, tag)?, v) {
            (Declaration::Fields(fields), MoveValue::Struct(values)) => {
                self.push(&name);
                self.fields(&fields, values, inner, depth)
            }
            (Declaration::Variants(variants), MoveValue::Variant(index, values)) => {
                let (variant, fields) = variants.get(usize::from(*index))?;
                let _ = write!(self.out, "{name}::{variant}");
                self.fields(fields, values, inner, depth)
            }
            _ => None,
        }
    }

    /// ` { a: 1, b: 2 }`, or nothing for no fields.
    fn fields(
        &mut self,
        fields: &[(String, TypeTag)],
        values: &[MoveValue],
        cx: Cx<'_>,
        depth: usize,
    ) -> Option<()> {
        if fields.len() != values.len() {
            return None;
        }
        if fields.is_empty() {
            return Some(());
        }
        self.push(" { ");
        for (i, ((name, ty), v)) in fields.iter().zip(values).enumerate() {
            if i > 0 {
                self.push(", ");
            }
            let _ = write!(self.out, "{name}: ");
            self.value(ty, v, cx, depth + 1)?;
        }
        self.push(" }");
        Some(())
    }

    /// `fun 0x42::m::f<T>(captured, _, …)` from a function value's bytes.
    fn function(&mut self, bytes: &[u8], depth: usize) -> Option<()> {
        let parts = decode::closure(bytes)?;
        let module = (self.modules)(&parts.module)?;
        let types = function_types(&module, &parts.function, &parts.ty_args)?;
        let _ = write!(
            self.out,
            "fun {}::{}::{}{}(",
            address(&parts.module.address),
            parts.module.name,
            parts.function,
            type_args(&parts.ty_args)
        );
        let mut captured = parts.captured.iter();
        for (i, ty) in types.parameters.iter().enumerate() {
            if i > 0 {
                self.push(", ");
            }
            if i < 64 && parts.mask & (1 << i) != 0 {
                let value = MoveValue::Bcs(captured.next()?.clone());
                self.value(ty, &value, Cx::TOP, depth + 1)?;
            } else {
                self.push("_");
            }
        }
        self.push(")");
        captured.next().is_none().then_some(())
    }
}

/// The elements of a `vector<u8>`.
fn u8_items(items: &[MoveValue]) -> Option<Vec<u8>> {
    items
        .iter()
        .map(|i| match i {
            MoveValue::U8(b) => Some(*b),
            _ => None,
        })
        .collect()
}

/// `b"text"` for non-empty printable ASCII (`\"` and `\\` escaped), else `x"hex"`.
fn bytes_literal(bytes: &[u8]) -> String {
    if !bytes.is_empty() && bytes.iter().all(|b| (0x20..=0x7e).contains(b)) {
        let mut s = String::from("b\"");
        for &b in bytes {
            if b == b'"' || b == b'\\' {
                s.push('\\');
            }
            s.push(char::from(b));
        }
        s.push('"');
        s
    } else {
        let mut s = String::from("x\"");
        for b in bytes {
            let _ = write!(s, "{b:02x}");
        }
        s.push('"');
        s
    }
}

/// `0x42` for an address below 2^128 (written by hand, like `0x1` or `0xcafe`); all 64
/// digits for a larger one (derived or hashed: an object's, a resource account's), as
/// explorers show them.
pub fn address(a: &AccountAddress) -> String {
    if a.to_u256() < (U256::ONE << 128) {
        a.to_hex_literal()
    } else {
        format!("0x{}", a.full_hex())
    }
}

/// A struct's name: `0x42::m::S<u8>`, or `S<u8>` inside a struct of its own module.
fn struct_name(tag: &StructTag, scope: Option<&ModuleId>) -> String {
    let local = scope.is_some_and(|s| s.address == tag.address && s.name == tag.module);
    let args = type_args(&tag.type_args);
    if local {
        format!("{}{args}", tag.name)
    } else {
        format!(
            "{}::{}::{}{args}",
            address(&tag.address),
            tag.module,
            tag.name
        )
    }
}

/// `<u8, 0x1::m::S>`, or nothing for no type arguments.
fn type_args(args: &[TypeTag]) -> String {
    if args.is_empty() {
        return String::new();
    }
    let names: Vec<String> = args.iter().map(type_name).collect();
    format!("<{}>", names.join(", "))
}

/// A type as Move writes it, addresses as [`address`] prints them.
pub fn type_name(ty: &TypeTag) -> String {
    match ty {
        TypeTag::Vector(t) => format!("vector<{}>", type_name(t)),
        TypeTag::Struct(s) => struct_name(s, None),
        TypeTag::Function(f) => {
            let list = |ts: &[TypeTag]| ts.iter().map(type_name).collect::<Vec<_>>().join(", ");
            let results = match f.results.as_slice() {
                [one] => type_name(one),
                many => format!("({})", list(many)),
            };
            let mut s = format!("|{}|{results}", list(&f.args));
            if !f.abilities.is_empty() {
                let _ = write!(s, " has {}", f.abilities);
            }
            s
        }
        other => other.to_string(),
    }
}

fn untyped(v: &MoveValue, out: &mut String, depth: usize) {
    if depth > MAX_DEPTH {
        out.push_str("...");
        return;
    }
    let list = |items: &[MoveValue], out: &mut String| {
        for (i, item) in items.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            untyped(item, out, depth + 1);
        }
    };
    let _ = match v {
        MoveValue::Bool(b) => write!(out, "{b}"),
        MoveValue::U8(x) => write!(out, "{x}u8"),
        MoveValue::U16(x) => write!(out, "{x}u16"),
        MoveValue::U32(x) => write!(out, "{x}u32"),
        MoveValue::U64(x) => write!(out, "{x}"),
        MoveValue::U128(x) => write!(out, "{x}u128"),
        MoveValue::U256(x) => write!(out, "{x}u256"),
        MoveValue::I8(x) => write!(out, "{x}i8"),
        MoveValue::I16(x) => write!(out, "{x}i16"),
        MoveValue::I32(x) => write!(out, "{x}i32"),
        MoveValue::I64(x) => write!(out, "{x}i64"),
        MoveValue::I128(x) => write!(out, "{x}i128"),
        MoveValue::I256(x) => write!(out, "{x}i256"),
        MoveValue::Address(a) => write!(out, "@{}", address(a)),
        MoveValue::Signer(a) => write!(out, "signer(@{})", address(a)),
        MoveValue::Vector(items) => match u8_items(items).filter(|b| !b.is_empty()) {
            Some(bytes) => write!(out, "{}", bytes_literal(&bytes)),
            None => {
                out.push('[');
                list(items, out);
                write!(out, "]")
            }
        },
        MoveValue::Struct(fields) => {
            out.push_str("{ ");
            list(fields, out);
            write!(out, " }}")
        }
        MoveValue::Variant(tag, fields) => {
            let _ = write!(out, "#{tag} {{ ");
            list(fields, out);
            write!(out, " }}")
        }
        MoveValue::Bcs(bytes) => {
            out.push_str("bcs(0x");
            for b in bytes {
                let _ = write!(out, "{b:02x}");
            }
            write!(out, ")")
        }
    };
}
