//! Struct API functions (bytecode v10+): a function named like a struct API wrapper
//! (`pack$S`, `pack$E$V`, `unpack$S`, `unpack$E$V`, `test_variant$E$V`, `borrow$S$off`,
//! `borrow_mut$S$off`, `borrow$E$off$order`) must carry the matching attribute and vice versa,
//! must have the wrapper's exact signature (field types in order, the struct type, references
//! of the right mutability), may not wrap a `key` struct, and must have the wrapper's exact
//! code (`move_loc 0..n-1`, the operation, `ret`). Everything fails with
//! `INVALID_STRUCT_API_CODE`.

use crate::error::{err, VResult};
use crate::view::Binary;
use std::collections::BTreeMap;
use tern_binary::*;
use tern_primitives::{Ability, StatusCode};

/// Separator of the parts of a struct API name.
const DELIMITER: char = '$';

fn fail(message: &str) -> tern_primitives::VmError {
    err(StatusCode::INVALID_STRUCT_API_CODE).with_message(message)
}

/// Per-module lookup tables.
pub(crate) struct Context {
    handles: BTreeMap<String, StructHandleIndex>,
    defs: BTreeMap<String, StructDefinitionIndex>,
    type_orders: BTreeMap<String, BTreeMap<(u16, SignatureToken), u16>>,
    variant_sets: BTreeMap<String, BTreeMap<(u16, SignatureToken), Vec<u16>>>,
}

impl Context {
    /// Builds the tables; rejects a function handle with several struct API attributes.
    pub(crate) fn new(module: &CompiledModule) -> VResult<Context> {
        for handle in &module.function_handles {
            attribute(&handle.attributes)?;
        }
        let binary = Binary::Module(module);
        let mut ctx = Context {
            handles: BTreeMap::new(),
            defs: BTreeMap::new(),
            type_orders: BTreeMap::new(),
            variant_sets: BTreeMap::new(),
        };
        for (idx, def) in module.struct_defs.iter().enumerate() {
            let handle = binary.struct_handle(def.struct_handle)?;
            let name = binary.identifier(handle.name)?.as_str().to_string();
            ctx.handles.insert(name.clone(), def.struct_handle);
            let def_idx = StructDefinitionIndex(crate::error::idx_u16(idx));
            ctx.defs.insert(name.clone(), def_idx);
            if let StructFieldInformation::DeclaredVariants(variants) = &def.field_information {
                let (orders, sets) = variant_maps(variants);
                ctx.type_orders.insert(name.clone(), orders);
                ctx.variant_sets.insert(name, sets);
            }
        }
        Ok(ctx)
    }
}

type VariantMaps = (
    BTreeMap<(u16, SignatureToken), u16>,
    BTreeMap<(u16, SignatureToken), Vec<u16>>,
);

/// Numbers each distinct (offset, type) of an enum's fields in first-seen order, and lists the
/// variants that have it.
fn variant_maps(variants: &[VariantDefinition]) -> VariantMaps {
    let mut orders = BTreeMap::new();
    let mut sets: BTreeMap<(u16, SignatureToken), Vec<u16>> = BTreeMap::new();
    let mut next = 0u16;
    for (v, variant) in variants.iter().enumerate() {
        for (offset, field) in variant.fields.iter().enumerate() {
            let key = (crate::error::idx_u16(offset), field.type_.clone());
            if !orders.contains_key(&key) {
                orders.insert(key.clone(), next);
                next = next.saturating_add(1);
            }
            sets.entry(key).or_default().push(crate::error::idx_u16(v));
        }
    }
    (orders, sets)
}

/// The struct API attribute of a handle, if any (at most one is allowed).
fn attribute(attrs: &[FunctionAttribute]) -> VResult<Option<FunctionAttribute>> {
    let mut found = None;
    for attr in attrs {
        if matches!(
            attr,
            FunctionAttribute::Persistent | FunctionAttribute::ModuleLock
        ) {
            continue;
        }
        if found.is_some() {
            return Err(fail("function has multiple struct API attributes"));
        }
        found = Some(*attr);
    }
    Ok(found)
}

/// What a struct API name says.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Kind {
    Pack,
    PackVariant(String),
    Unpack,
    UnpackVariant(String),
    TestVariant(String),
    Borrow {
        offset: u16,
        type_order: Option<u16>,
        mutable: bool,
    },
}

struct NameInfo {
    struct_name: String,
    handle: StructHandleIndex,
    def: StructDefinitionIndex,
    kind: Kind,
}

/// Parses a struct API name; `None` if the name is not one (no local struct matches).
fn parse_name(name: &str, ctx: &Context, shortest: bool) -> Option<NameInfo> {
    let parts: Vec<&str> = name.split(DELIMITER).collect();
    let (&prefix, rest) = parts.split_first()?;
    if rest.is_empty()
        || !matches!(
            prefix,
            "pack" | "unpack" | "test_variant" | "borrow" | "borrow_mut"
        )
    {
        return None;
    }
    let mut candidate = String::new();
    let mut found: Option<(String, usize)> = None;
    for (i, part) in rest.iter().enumerate() {
        if i > 0 {
            candidate.push(DELIMITER);
        }
        candidate.push_str(part);
        if ctx.handles.contains_key(&candidate) {
            found = Some((candidate.clone(), i.saturating_add(1)));
            if shortest {
                break;
            }
        }
    }
    let (struct_name, used) = found?;
    let handle = *ctx.handles.get(&struct_name)?;
    let def = *ctx.defs.get(&struct_name)?;
    let remaining = rest.get(used..).unwrap_or(&[]);
    let joined = remaining.join("$");
    let kind = match (prefix, remaining.len()) {
        ("pack", 0) => Kind::Pack,
        ("pack", _) => Kind::PackVariant(joined),
        ("unpack", 0) => Kind::Unpack,
        ("unpack", _) => Kind::UnpackVariant(joined),
        ("test_variant", 0) => return None,
        ("test_variant", _) => Kind::TestVariant(joined),
        (_, 1 | 2) => Kind::Borrow {
            offset: remaining.first()?.parse().ok()?,
            type_order: match remaining.get(1) {
                Some(t) => Some(t.parse().ok()?),
                None => None,
            },
            mutable: prefix == "borrow_mut",
        },
        _ => return None,
    };
    Some(NameInfo {
        struct_name,
        handle,
        def,
        kind,
    })
}

/// Whether the attribute is the one the name calls for.
fn attribute_matches(kind: &Kind, attr: FunctionAttribute) -> bool {
    use FunctionAttribute as A;
    matches!(
        (kind, attr),
        (Kind::Pack, A::Pack)
            | (Kind::PackVariant(_), A::PackVariant(_))
            | (Kind::Unpack, A::Unpack)
            | (Kind::UnpackVariant(_), A::UnpackVariant(_))
            | (Kind::TestVariant(_), A::TestVariant(_))
            | (
                Kind::Borrow { mutable: false, .. },
                A::BorrowFieldImmutable(_)
            )
            | (Kind::Borrow { mutable: true, .. }, A::BorrowFieldMutable(_))
    )
}

/// Checks the struct API rules for one function definition (without index).
pub(crate) fn check_function(
    module: &CompiledModule,
    def: &FunctionDefinition,
    ctx: &Context,
) -> VResult<()> {
    let binary = Binary::Module(module);
    let handle = binary.function_handle(def.function)?;
    let name = binary.identifier(handle.name)?.as_str();
    let attr = attribute(&handle.attributes)?;
    let shortest = matches!(
        attr,
        Some(
            FunctionAttribute::PackVariant(_)
                | FunctionAttribute::UnpackVariant(_)
                | FunctionAttribute::TestVariant(_)
        )
    );
    let (info, attr) = match (parse_name(name, ctx, shortest), attr) {
        (None, None) => return Ok(()),
        (Some(_), None) => return Err(fail("struct API name without attribute")),
        (None, Some(_)) => return Err(fail("struct API attribute on a regular name")),
        (Some(info), Some(attr)) if attribute_matches(&info.kind, attr) => (info, attr),
        (Some(_), Some(_)) => return Err(fail("attribute does not match the name")),
    };
    if binary
        .struct_handle(info.handle)?
        .abilities
        .has(Ability::Key)
    {
        return Err(fail("struct with key ability cannot have struct APIs"));
    }
    let mut parts = info_parts(&info);
    parts.returned = match binary.sig(handle.return_)?.0.as_slice() {
        [SignatureToken::Reference(inner) | SignatureToken::MutableReference(inner)] => {
            Some(inner.as_ref())
        }
        _ => None,
    };
    super::struct_api_checks::check_signature(binary, handle, &parts, ctx)?;
    super::struct_api_checks::check_variant_and_offset(binary, &parts, attr)?;
    let code = def
        .code
        .as_ref()
        .ok_or_else(|| fail("struct API function must have a body"))?;
    super::struct_api_checks::check_code(binary, &parts, attr, code, ctx)
}

/// The parsed name, as the detailed checks see it.
pub(crate) struct Parts<'a> {
    pub(crate) struct_name: &'a str,
    pub(crate) handle: StructHandleIndex,
    pub(crate) def: StructDefinitionIndex,
    pub(crate) variant: Option<&'a str>,
    pub(crate) borrow: Option<(u16, Option<u16>, bool)>,
    pub(crate) op: Op,
    /// The type a borrow wrapper returns a reference to.
    pub(crate) returned: Option<&'a SignatureToken>,
}

/// The operation a wrapper performs.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Op {
    Pack,
    Unpack,
    Test,
    Borrow,
}

fn info_parts(info: &NameInfo) -> Parts<'_> {
    let (variant, op) = match &info.kind {
        Kind::Pack => (None, Op::Pack),
        Kind::PackVariant(v) => (Some(v.as_str()), Op::Pack),
        Kind::Unpack => (None, Op::Unpack),
        Kind::UnpackVariant(v) => (Some(v.as_str()), Op::Unpack),
        Kind::TestVariant(v) => (Some(v.as_str()), Op::Test),
        Kind::Borrow { .. } => (None, Op::Borrow),
    };
    let borrow = match info.kind {
        Kind::Borrow {
            offset,
            type_order,
            mutable,
        } => Some((offset, type_order, mutable)),
        _ => None,
    };
    Parts {
        struct_name: &info.struct_name,
        handle: info.handle,
        def: info.def,
        variant,
        borrow,
        op,
        returned: None,
    }
}

impl Context {
    /// The type-order map of an enum.
    pub(crate) fn type_orders(&self, name: &str) -> Option<&BTreeMap<(u16, SignatureToken), u16>> {
        self.type_orders.get(name)
    }

    /// The variant sets of an enum.
    pub(crate) fn variant_sets(
        &self,
        name: &str,
    ) -> Option<&BTreeMap<(u16, SignatureToken), Vec<u16>>> {
        self.variant_sets.get(name)
    }
}
