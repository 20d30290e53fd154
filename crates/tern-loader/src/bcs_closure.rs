//! BCS of function values (stdlib.md §7.7): format version, module, function name, type
//! arguments as `TypeTag`s, capture mask, then each captured value as its `MoveTypeLayout`
//! followed by the value.

use crate::bcs::{push_uleb, write_scalar, Scalar, SignerEncoding};
use crate::loader::{CodeCache, StructLayout};
use crate::types::{TypeId, TypeLimits, TypeNode};
use crate::values::{Closure, ClosureTarget, Container, Heap, Value};
use tern_primitives::{AccountAddress, Identifier, ModuleId, StatusCode, VmError};

const FORMAT_VERSION: u16 = 1;

/// How many vector, struct or function levels a type-argument tag may nest (the peer's type
/// tag (de)serializer counts one level on entering a vector's element, a struct's type
/// arguments or a function's parameters and results, and fails on entering a ninth):
/// `vector<vector<…8 deep…<u8>>>` serializes, nine vectors or eight vectors of a struct do not.
const MAX_TAG_NESTING: usize = 8;

#[cold]
fn ser_error(msg: &str) -> VmError {
    VmError::new(StatusCode::VALUE_SERIALIZATION_ERROR).with_message(msg)
}

#[cold]
fn de_error() -> VmError {
    VmError::new(StatusCode::FAILED_TO_DESERIALIZE_ARGUMENT)
        .with_message("[VM] failed to deserialize argument")
}

fn push_str(out: &mut Vec<u8>, s: &str) {
    push_uleb(out, s.len() as u64);
    out.extend_from_slice(s.as_bytes());
}

/// The header of a closure (everything before the captured values) and the types of the
/// captured values, for a resolved closure.
pub(crate) fn closure_header(
    cache: &mut CodeCache,
    closure: &Closure,
    out: &mut Vec<u8>,
) -> Result<Vec<TypeId>, VmError> {
    let ClosureTarget::Resolved(f) = &closure.target else {
        return Err(ser_error("unresolved closure has no types"));
    };
    if !f.is_persistent {
        return Err(ser_error("closure over a function that is not persistent"));
    }
    let module =
        f.id.module
            .as_ref()
            .ok_or_else(|| ser_error("closure over a script"))?;
    let count = closure.captured.len() as u64;
    push_uleb(out, 5 + 2 * count);
    out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    out.extend_from_slice(module.address.as_bytes());
    push_str(out, module.name.as_str());
    push_str(out, f.name.as_str());
    let ty_args = cache.types.list(closure.ty_args).to_vec();
    push_uleb(out, ty_args.len() as u64);
    for t in &ty_args {
        type_tag(cache, *t, out, 0)?;
    }
    out.extend_from_slice(&closure.mask.to_le_bytes());
    let mut captured_types = Vec::new();
    for (i, p) in f.params.iter().enumerate() {
        if i < 64 && closure.mask & (1 << i) != 0 {
            captured_types.push(cache.types.substitute(*p, &ty_args, &TypeLimits::NONE)?);
        }
    }
    Ok(captured_types)
}

/// The header of an unresolved closure read from storage, with its stored layouts.
pub(crate) fn unresolved_header(
    cache: &CodeCache,
    closure: &Closure,
    module: &ModuleId,
    name: &Identifier,
    out: &mut Vec<u8>,
) -> Result<(), VmError> {
    push_uleb(out, 5 + 2 * closure.captured.len() as u64);
    out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    out.extend_from_slice(module.address.as_bytes());
    push_str(out, module.name.as_str());
    push_str(out, name.as_str());
    let ty_args = cache.types.list(closure.ty_args);
    push_uleb(out, ty_args.len() as u64);
    for t in ty_args {
        type_tag(cache, *t, out, 0)?;
    }
    out.extend_from_slice(&closure.mask.to_le_bytes());
    Ok(())
}

/// Fails when a tag at nesting `depth` would enter one more level ([`MAX_TAG_NESTING`]).
fn enter_tag_level(depth: usize, error: fn() -> VmError) -> Result<usize, VmError> {
    if depth >= MAX_TAG_NESTING {
        return Err(error());
    }
    Ok(depth + 1)
}

#[cold]
fn tag_nesting_error() -> VmError {
    ser_error("type tag nesting exceeded during serialization")
}

/// Writes a runtime type as a BCS `TypeTag` (`depth`: the levels it is nested in).
fn type_tag(cache: &CodeCache, ty: TypeId, out: &mut Vec<u8>, depth: usize) -> Result<(), VmError> {
    let tag: u8 = match cache.types.node(ty) {
        TypeNode::Bool => 0,
        TypeNode::U8 => 1,
        TypeNode::U64 => 2,
        TypeNode::U128 => 3,
        TypeNode::Address => 4,
        TypeNode::Signer => 5,
        TypeNode::U16 => 8,
        TypeNode::U32 => 9,
        TypeNode::U256 => 10,
        TypeNode::I8 => 12,
        TypeNode::I16 => 13,
        TypeNode::I32 => 14,
        TypeNode::I64 => 15,
        TypeNode::I128 => 16,
        TypeNode::I256 => 17,
        TypeNode::Vector(t) => {
            out.push(6);
            return type_tag(cache, *t, out, enter_tag_level(depth, tag_nesting_error)?);
        }
        TypeNode::Struct(sid, args) => {
            let inner = enter_tag_level(depth, tag_nesting_error)?;
            out.push(7);
            let (module, name) = cache
                .struct_name(*sid)
                .ok_or_else(|| ser_error("unknown struct"))?;
            out.extend_from_slice(module.address.as_bytes());
            push_str(out, module.name.as_str());
            push_str(out, name.as_str());
            let args = cache.types.list(*args);
            push_uleb(out, args.len() as u64);
            for a in args {
                type_tag(cache, *a, out, inner)?;
            }
            return Ok(());
        }
        TypeNode::Function(a, r, abilities) => {
            let depth = enter_tag_level(depth, tag_nesting_error)?;
            out.push(11);
            for list in [*a, *r] {
                let items = cache.types.list(list);
                push_uleb(out, items.len() as u64);
                for t in items {
                    match cache.types.node(*t) {
                        TypeNode::Reference(inner) => {
                            out.push(0);
                            type_tag(cache, *inner, out, depth)?;
                        }
                        TypeNode::MutableReference(inner) => {
                            out.push(1);
                            type_tag(cache, *inner, out, depth)?;
                        }
                        _ => {
                            out.push(2);
                            type_tag(cache, *t, out, depth)?;
                        }
                    }
                }
            }
            out.push(abilities.bits());
            return Ok(());
        }
        TypeNode::Reference(_) | TypeNode::MutableReference(_) | TypeNode::TypeParam(_) => {
            return Err(ser_error("type has no tag"))
        }
    };
    out.push(tag);
    Ok(())
}

/// Writes the `MoveTypeLayout` of a concrete type.
pub(crate) fn type_layout(
    cache: &mut CodeCache,
    ty: TypeId,
    out: &mut Vec<u8>,
    depth: usize,
) -> Result<(), VmError> {
    if depth > 128 {
        return Err(VmError::new(StatusCode::VM_MAX_VALUE_DEPTH_REACHED));
    }
    let tag: u8 = match cache.types.node(ty).clone() {
        TypeNode::Bool => 0,
        TypeNode::U8 => 1,
        TypeNode::U64 => 2,
        TypeNode::U128 => 3,
        TypeNode::Address => 4,
        TypeNode::Signer => 7,
        TypeNode::U16 => 8,
        TypeNode::U32 => 9,
        TypeNode::U256 => 10,
        TypeNode::Function(..) => 12,
        TypeNode::I8 => 13,
        TypeNode::I16 => 14,
        TypeNode::I32 => 15,
        TypeNode::I64 => 16,
        TypeNode::I128 => 17,
        TypeNode::I256 => 18,
        TypeNode::Vector(t) => {
            out.push(5);
            return type_layout(cache, t, out, depth + 1);
        }
        TypeNode::Struct(sid, args) => {
            out.push(6);
            let info = cache
                .struct_info(sid)
                .ok_or_else(|| ser_error("struct not loaded"))?
                .clone();
            let args = cache.types.list(args).to_vec();
            let field_list = |cache: &mut CodeCache,
                              fields: &[crate::loader::FieldInfo],
                              out: &mut Vec<u8>|
             -> Result<(), VmError> {
                push_uleb(out, fields.len() as u64);
                for f in fields {
                    let t = cache.types.substitute(f.ty, &args, &TypeLimits::NONE)?;
                    type_layout(cache, t, out, depth + 1)?;
                }
                Ok(())
            };
            match &info.layout {
                StructLayout::Fields(fields) => {
                    out.push(0);
                    field_list(cache, fields, out)?;
                }
                StructLayout::Variants(vs) => {
                    out.push(1);
                    push_uleb(out, vs.len() as u64);
                    for v in vs {
                        field_list(cache, &v.fields, out)?;
                    }
                }
            }
            return Ok(());
        }
        TypeNode::Reference(_) | TypeNode::MutableReference(_) | TypeNode::TypeParam(_) => {
            return Err(ser_error("type has no layout"))
        }
    };
    out.push(tag);
    Ok(())
}

/// A decoded `MoveTypeLayout`.
#[derive(Debug, Clone)]
pub(crate) enum Layout {
    Bool,
    U8,
    U16,
    U32,
    U64,
    U128,
    U256,
    I8,
    I16,
    I32,
    I64,
    I128,
    I256,
    Address,
    Signer,
    Function,
    Vector(Box<Layout>),
    Struct(Vec<Layout>),
    Enum(Vec<Vec<Layout>>),
}

impl Layout {
    /// The scalar kind of a layout, if it is one.
    fn scalar(&self) -> Option<Scalar> {
        Some(match self {
            Layout::Bool => Scalar::Bool,
            Layout::U8 => Scalar::U8,
            Layout::U16 => Scalar::U16,
            Layout::U32 => Scalar::U32,
            Layout::U64 => Scalar::U64,
            Layout::U128 => Scalar::U128,
            Layout::U256 => Scalar::U256,
            Layout::I8 => Scalar::I8,
            Layout::I16 => Scalar::I16,
            Layout::I32 => Scalar::I32,
            Layout::I64 => Scalar::I64,
            Layout::I128 => Scalar::I128,
            Layout::I256 => Scalar::I256,
            Layout::Address => Scalar::Address,
            _ => return None,
        })
    }
}

/// Reads a `MoveTypeLayout`, returning it and the bytes it spanned.
pub(crate) fn read_layout(input: &mut &[u8], depth: usize) -> Result<Layout, VmError> {
    if depth > 128 {
        return Err(de_error());
    }
    let (&tag, rest) = input.split_first().ok_or_else(de_error)?;
    *input = rest;
    Ok(match tag {
        0 => Layout::Bool,
        1 => Layout::U8,
        2 => Layout::U64,
        3 => Layout::U128,
        4 => Layout::Address,
        5 => Layout::Vector(Box::new(read_layout(input, depth + 1)?)),
        6 => {
            let (&kind, rest) = input.split_first().ok_or_else(de_error)?;
            *input = rest;
            match kind {
                0 => Layout::Struct(read_layouts(input, depth)?),
                1 => {
                    let n = read_len(input)?;
                    let mut variants = Vec::new();
                    for _ in 0..n {
                        variants.push(read_layouts(input, depth)?);
                    }
                    Layout::Enum(variants)
                }
                _ => return Err(de_error()),
            }
        }
        7 => Layout::Signer,
        8 => Layout::U16,
        9 => Layout::U32,
        10 => Layout::U256,
        12 => Layout::Function,
        13 => Layout::I8,
        14 => Layout::I16,
        15 => Layout::I32,
        16 => Layout::I64,
        17 => Layout::I128,
        18 => Layout::I256,
        _ => return Err(de_error()),
    })
}

fn read_layouts(input: &mut &[u8], depth: usize) -> Result<Vec<Layout>, VmError> {
    let n = read_len(input)?;
    let mut out = Vec::new();
    for _ in 0..n {
        out.push(read_layout(input, depth + 1)?);
    }
    Ok(out)
}

pub(crate) fn read_len(input: &mut &[u8]) -> Result<usize, VmError> {
    crate::uleb::read_bcs_length(input)
        .map(|v| v as usize)
        .ok_or_else(de_error)
}

fn take<const N: usize>(input: &mut &[u8]) -> Result<[u8; N], VmError> {
    if input.len() < N {
        return Err(de_error());
    }
    let (head, rest) = input.split_at(N);
    *input = rest;
    <[u8; N]>::try_from(head).map_err(|_| de_error())
}

fn read_str(input: &mut &[u8]) -> Result<String, VmError> {
    let n = read_len(input)?;
    if input.len() < n {
        return Err(de_error());
    }
    let (head, rest) = input.split_at(n);
    *input = rest;
    String::from_utf8(head.to_vec()).map_err(|_| de_error())
}

/// Reads a value by its layout into the heap (signers in enum form).
pub(crate) fn read_by_layout(
    heap: &mut Heap,
    layout: &Layout,
    input: &mut &[u8],
    cache: &mut CodeCache,
    depth: usize,
) -> Result<Value, VmError> {
    if depth > 128 {
        return Err(de_error());
    }
    if let Some(kind) = layout.scalar() {
        return kind.read(input).ok_or_else(de_error);
    }
    Ok(match layout {
        Layout::Signer => {
            if take::<1>(input)?[0] != 0 {
                return Err(de_error());
            }
            let a = AccountAddress::new(take(input)?);
            Value::Container(heap.alloc(Container::Variant(0, vec![Value::Address(a)].into())))
        }
        Layout::Vector(elem) => {
            let n = read_len(input)?;
            if matches!(**elem, Layout::U8) {
                if input.len() < n {
                    return Err(de_error());
                }
                let (head, rest) = input.split_at(n);
                *input = rest;
                return Ok(Value::Container(
                    heap.alloc(Container::Bytes(head.to_vec())),
                ));
            }
            let mut items = Vec::with_capacity(n.min(input.len()));
            for _ in 0..n {
                items.push(read_by_layout(heap, elem, input, cache, depth + 1)?);
            }
            Value::Container(heap.alloc(Container::Vec(items)))
        }
        Layout::Struct(fields) => {
            let mut values = Vec::with_capacity(fields.len());
            for f in fields {
                values.push(read_by_layout(heap, f, input, cache, depth + 1)?);
            }
            Value::Container(heap.alloc(Container::Struct(values.into())))
        }
        Layout::Enum(variants) => {
            let tag = read_len(input)?;
            let fields = variants.get(tag).ok_or_else(de_error)?;
            let mut values = Vec::with_capacity(fields.len());
            for f in fields {
                values.push(read_by_layout(heap, f, input, cache, depth + 1)?);
            }
            Value::Container(heap.alloc(Container::Variant(tag as u16, values.into())))
        }
        Layout::Function => read_closure(heap, input, cache, depth + 1)?,
        // Scalars were read above.
        _ => return Err(de_error()),
    })
}

/// Reads a serialized closure into an unresolved closure value.
pub(crate) fn read_closure(
    heap: &mut Heap,
    input: &mut &[u8],
    cache: &mut CodeCache,
    depth: usize,
) -> Result<Value, VmError> {
    let len = read_len(input)?;
    if len < 5 || (len - 5) % 2 != 0 {
        return Err(de_error());
    }
    if u16::from_le_bytes(take(input)?) != FORMAT_VERSION {
        return Err(de_error());
    }
    let address = AccountAddress::new(take(input)?);
    let module = Identifier::new(read_str(input)?).map_err(|_| de_error())?;
    let name = Identifier::new(read_str(input)?).map_err(|_| de_error())?;
    let n_args = read_len(input)?;
    let mut ty_args = Vec::new();
    for _ in 0..n_args {
        ty_args.push(read_type_tag(cache, input, 0)?);
    }
    let mask = u64::from_le_bytes(take(input)?);
    let mut layouts = Vec::new();
    let mut captured = Vec::new();
    for _ in 0..(len - 5) / 2 {
        let before = *input;
        let layout = read_layout(input, 0)?;
        let used = before.len() - input.len();
        layouts.push(before.get(..used).ok_or_else(de_error)?.to_vec());
        captured.push(read_by_layout(heap, &layout, input, cache, depth + 1)?);
    }
    let ty_args = cache.types.intern_list(&ty_args);
    let closure = Closure {
        target: ClosureTarget::Unresolved {
            module: ModuleId::new(address, module),
            name,
            layouts,
        },
        ty_args,
        mask,
        captured,
    };
    Ok(Value::Container(
        heap.alloc(Container::Closure(std::sync::Arc::new(closure))),
    ))
}

fn read_type_tag(
    cache: &mut CodeCache,
    input: &mut &[u8],
    depth: usize,
) -> Result<TypeId, VmError> {
    let tag = take::<1>(input)?[0];
    let node = match tag {
        0 => TypeNode::Bool,
        1 => TypeNode::U8,
        2 => TypeNode::U64,
        3 => TypeNode::U128,
        4 => TypeNode::Address,
        5 => TypeNode::Signer,
        6 => TypeNode::Vector(read_type_tag(
            cache,
            input,
            enter_tag_level(depth, de_error)?,
        )?),
        7 => {
            let inner = enter_tag_level(depth, de_error)?;
            let address = AccountAddress::new(take(input)?);
            let module = Identifier::new(read_str(input)?).map_err(|_| de_error())?;
            let name = Identifier::new(read_str(input)?).map_err(|_| de_error())?;
            let n = read_len(input)?;
            let mut args = Vec::new();
            for _ in 0..n {
                args.push(read_type_tag(cache, input, inner)?);
            }
            let sid = cache.struct_id(&ModuleId::new(address, module), &name);
            TypeNode::Struct(sid, cache.types.intern_list(&args))
        }
        8 => TypeNode::U16,
        9 => TypeNode::U32,
        10 => TypeNode::U256,
        11 => {
            let depth = enter_tag_level(depth, de_error)?;
            let mut lists = Vec::new();
            for _ in 0..2 {
                let n = read_len(input)?;
                let mut items = Vec::new();
                for _ in 0..n {
                    let kind = take::<1>(input)?[0];
                    let inner = read_type_tag(cache, input, depth)?;
                    items.push(match kind {
                        0 => cache.types.intern(TypeNode::Reference(inner)),
                        1 => cache.types.intern(TypeNode::MutableReference(inner)),
                        2 => inner,
                        _ => return Err(de_error()),
                    });
                }
                lists.push(cache.types.intern_list(&items));
            }
            let abilities = tern_primitives::AbilitySet::from_bits(take::<1>(input)?[0])
                .ok_or_else(de_error)?;
            let (Some(a), Some(r)) = (lists.first(), lists.get(1)) else {
                return Err(de_error());
            };
            TypeNode::Function(*a, *r, abilities)
        }
        12 => TypeNode::I8,
        13 => TypeNode::I16,
        14 => TypeNode::I32,
        15 => TypeNode::I64,
        16 => TypeNode::I128,
        17 => TypeNode::I256,
        _ => return Err(de_error()),
    };
    Ok(cache.types.intern(node))
}

/// Writes values by their `MoveTypeLayout`: a closure's header and captured values, with
/// the signer encoding of the whole serialization (a signer captured by a closure is written
/// like any other signer of the value: bare in `bcs::to_bytes`, `stdlib.md` §7.6).
pub(crate) struct LayoutWriter<'a> {
    /// The values' heap.
    pub heap: &'a Heap,
    /// Types, struct layouts and names.
    pub cache: &'a mut CodeCache,
    /// How signers are written.
    pub signer: SignerEncoding,
}

impl LayoutWriter<'_> {
    /// Writes a closure at value depth `depth`.
    pub(crate) fn closure(
        &mut self,
        closure: &Closure,
        out: &mut Vec<u8>,
        depth: usize,
    ) -> Result<(), VmError> {
        match &closure.target {
            ClosureTarget::Resolved(_) => {
                let tys = closure_header(self.cache, closure, out)?;
                for (t, v) in tys.iter().zip(&closure.captured) {
                    let mut layout = Vec::new();
                    type_layout(self.cache, *t, &mut layout, 0)?;
                    let parsed = read_layout(&mut layout.as_slice(), 0)?;
                    out.extend_from_slice(&layout);
                    self.value(&parsed, *v, out, depth + 1)?;
                }
            }
            ClosureTarget::Unresolved {
                module,
                name,
                layouts,
            } => {
                unresolved_header(self.cache, closure, module, name, out)?;
                for (bytes, v) in layouts.iter().zip(&closure.captured) {
                    let parsed = read_layout(&mut bytes.as_slice(), 0)?;
                    out.extend_from_slice(bytes);
                    self.value(&parsed, *v, out, depth + 1)?;
                }
            }
        }
        Ok(())
    }

    fn value(
        &mut self,
        layout: &Layout,
        v: Value,
        out: &mut Vec<u8>,
        depth: usize,
    ) -> Result<(), VmError> {
        if depth > self.heap.max_depth() {
            return Err(VmError::new(StatusCode::VM_MAX_VALUE_DEPTH_REACHED));
        }
        if let Some(kind) = layout.scalar() {
            if Scalar::of_value(v) != Some(kind) || !write_scalar(v, out) {
                return Err(ser_error("value does not match its layout"));
            }
            return Ok(());
        }
        match (layout, v) {
            (_, Value::Container(c)) => {
                let contents = self.heap.get(c)?.clone();
                self.container(layout, &contents, out, depth)
            }
            _ => Err(ser_error("value does not match its layout")),
        }
    }

    fn container(
        &mut self,
        layout: &Layout,
        contents: &Container,
        out: &mut Vec<u8>,
        depth: usize,
    ) -> Result<(), VmError> {
        match (layout, contents) {
            (Layout::Signer, Container::Variant(0, f)) => match f.first() {
                Some(Value::Address(a)) => {
                    if self.signer == SignerEncoding::Enum {
                        out.push(0);
                    }
                    out.extend_from_slice(a.as_bytes());
                }
                _ => return Err(ser_error("malformed signer")),
            },
            (Layout::Vector(_), Container::Bytes(b)) => {
                push_uleb(out, b.len() as u64);
                out.extend_from_slice(b);
            }
            (Layout::Vector(elem), Container::Vec(items)) => {
                push_uleb(out, items.len() as u64);
                for v in items {
                    self.value(elem, *v, out, depth + 1)?;
                }
            }
            (Layout::Vector(elem), Container::Prims(p)) => {
                push_uleb(out, p.len() as u64);
                for v in p.to_values() {
                    self.value(elem, v, out, depth + 1)?;
                }
            }
            (Layout::Struct(fields), Container::Struct(values)) => {
                for (l, v) in fields.iter().zip(values.iter()) {
                    self.value(l, *v, out, depth + 1)?;
                }
            }
            (Layout::Enum(variants), Container::Variant(tag, values)) => {
                push_uleb(out, u64::from(*tag));
                let fields = variants
                    .get(usize::from(*tag))
                    .ok_or_else(|| ser_error("bad variant"))?;
                for (l, v) in fields.iter().zip(values.iter()) {
                    self.value(l, *v, out, depth + 1)?;
                }
            }
            (Layout::Function, Container::Closure(cl)) => self.closure(cl, out, depth)?,
            _ => return Err(ser_error("value does not match its layout")),
        }
        Ok(())
    }
}
