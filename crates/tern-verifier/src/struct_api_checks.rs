//! The signature, index and code checks of struct API wrappers.

use crate::error::{err, VResult};
use crate::struct_api::{Context, Op, Parts};
use crate::view::Binary;
use tern_binary::*;
use tern_primitives::StatusCode;

use SignatureToken as ST;

fn fail(message: &str) -> tern_primitives::VmError {
    err(StatusCode::INVALID_STRUCT_API_CODE).with_message(message)
}

/// Whether `ty` is the struct instantiated with the wrapper's own type parameters in order
/// (`S`, or `S<T0, .., Tn-1>`).
fn is_canonical(ty: &SignatureToken, handle: StructHandleIndex, n: usize) -> bool {
    match ty {
        ST::Struct(idx) => *idx == handle && n == 0,
        ST::StructInstantiation(idx, args) => *idx == handle && is_canonical_args(args, n),
        _ => false,
    }
}

/// Whether `args` are `T0, .., Tn-1`.
fn is_canonical_args(args: &[SignatureToken], n: usize) -> bool {
    args.len() == n
        && args
            .iter()
            .enumerate()
            .all(|(i, t)| matches!(t, ST::TypeParameter(p) if usize::from(*p) == i))
}

/// The struct handle a type names (by value).
fn struct_of(ty: &SignatureToken) -> Option<StructHandleIndex> {
    match ty {
        ST::Struct(idx) | ST::StructInstantiation(idx, _) => Some(*idx),
        _ => None,
    }
}

/// The fields a pack/unpack wrapper deals with (the struct's, or the named variant's).
fn wrapped_fields<'a>(
    binary: Binary<'a>,
    def: StructDefinitionIndex,
    variant: Option<&str>,
) -> VResult<&'a [FieldDefinition]> {
    match (&binary.struct_def(def)?.field_information, variant) {
        (StructFieldInformation::Native, _) => Err(fail("cannot pack/unpack a native struct")),
        (StructFieldInformation::Declared(_), Some(_)) => {
            Err(fail("variant operation on a struct without variants"))
        }
        (StructFieldInformation::Declared(fields), None) => Ok(fields),
        (StructFieldInformation::DeclaredVariants(_), None) => {
            Err(fail("pack/unpack on an enum needs a variant"))
        }
        (StructFieldInformation::DeclaredVariants(variants), Some(name)) => {
            for v in variants {
                if binary.identifier(v.name)?.as_str() == name {
                    return Ok(&v.fields);
                }
            }
            Err(fail("variant name not found in the enum"))
        }
    }
}

fn matches_fields(sig: &Signature, fields: &[FieldDefinition]) -> VResult<()> {
    if sig.len() != fields.len() || sig.0.iter().zip(fields).any(|(t, f)| *t != f.type_) {
        return Err(fail("signature does not match the fields"));
    }
    Ok(())
}

fn single(sig: &Signature) -> VResult<&SignatureToken> {
    match sig.0.as_slice() {
        [ty] => Ok(ty),
        _ => Err(fail("expected exactly one type")),
    }
}

/// Checks the wrapper's parameter and return types.
pub(crate) fn check_signature(
    binary: Binary<'_>,
    handle: &FunctionHandle,
    parts: &Parts<'_>,
    ctx: &Context,
) -> VResult<()> {
    let params = binary.sig(handle.parameters)?;
    let returns = binary.sig(handle.return_)?;
    let n = binary.struct_handle(parts.handle)?.type_parameters.len();
    let canonical = |ty: &SignatureToken| is_canonical(ty, parts.handle, n);
    match parts.op {
        Op::Pack => {
            matches_fields(params, wrapped_fields(binary, parts.def, parts.variant)?)?;
            match single(returns)? {
                ty if struct_of(ty) == Some(parts.handle) && canonical(ty) => {}
                _ => return Err(fail("pack function must return the struct")),
            }
        }
        Op::Unpack => {
            match single(params)? {
                ty if struct_of(ty) == Some(parts.handle) && canonical(ty) => {}
                _ => return Err(fail("unpack parameter must be the struct")),
            }
            matches_fields(returns, wrapped_fields(binary, parts.def, parts.variant)?)?;
        }
        Op::Test => match single(params)? {
            ST::Reference(inner) if canonical(inner) => {}
            _ => {
                return Err(fail(
                    "test_variant parameter must be a reference to the struct",
                ))
            }
        },
        Op::Borrow => check_borrow_signature(binary, params, returns, parts, ctx)?,
    }
    if handle.type_parameters.len() != n {
        return Err(fail("wrapper must have the struct's type parameters"));
    }
    Ok(())
}

fn check_borrow_signature(
    binary: Binary<'_>,
    params: &Signature,
    returns: &Signature,
    parts: &Parts<'_>,
    ctx: &Context,
) -> VResult<()> {
    let (offset, type_order, mutable) = parts.borrow.ok_or_else(|| fail("not a borrow"))?;
    let n = binary.struct_handle(parts.handle)?.type_parameters.len();
    let (target, param_mut) = match single(params)? {
        ST::Reference(inner) => (Some(inner.as_ref()), false),
        ST::MutableReference(inner) => (Some(inner.as_ref()), true),
        _ => (None, false),
    };
    match target {
        Some(ty) if is_canonical(ty, parts.handle, n) && param_mut == mutable => {}
        _ => return Err(fail("borrow parameter must reference the struct")),
    }
    let returned = match (single(returns)?, mutable) {
        (ST::Reference(inner), false) | (ST::MutableReference(inner), true) => inner.as_ref(),
        _ => return Err(fail("borrow return mutability does not match")),
    };
    let expected = match &binary.struct_def(parts.def)?.field_information {
        StructFieldInformation::Native => return Err(fail("borrow on a native struct")),
        StructFieldInformation::Declared(fields) => {
            if type_order.is_some() {
                return Err(fail("borrow on a struct has no type order"));
            }
            &fields
                .get(usize::from(offset))
                .ok_or_else(|| fail("borrow offset out of bounds"))?
                .type_
        }
        StructFieldInformation::DeclaredVariants(_) => {
            let order = type_order.ok_or_else(|| fail("borrow on an enum needs a type order"))?;
            let orders = ctx
                .type_orders(parts.struct_name)
                .ok_or_else(|| fail("no type order map"))?;
            orders
                .iter()
                .find(|((o, _), n)| *o == offset && **n == order)
                .map(|((_, ty), _)| ty)
                .ok_or_else(|| fail("(offset, type order) not found"))?
        }
    };
    if returned != expected {
        return Err(fail("borrow return type does not match the field"));
    }
    Ok(())
}

/// Checks the variant index of variant wrappers and the offset of borrow wrappers against
/// their attribute.
pub(crate) fn check_variant_and_offset(
    binary: Binary<'_>,
    parts: &Parts<'_>,
    attr: FunctionAttribute,
) -> VResult<()> {
    use FunctionAttribute as A;
    match attr {
        A::PackVariant(index) | A::UnpackVariant(index) | A::TestVariant(index) => {
            let name = parts.variant.unwrap_or("");
            let StructFieldInformation::DeclaredVariants(variants) =
                &binary.struct_def(parts.def)?.field_information
            else {
                return Err(fail("variant attribute on a struct without variants"));
            };
            let mut found = None;
            for (i, v) in variants.iter().enumerate() {
                if binary.identifier(v.name)?.as_str() == name {
                    found = u16::try_from(i).ok();
                    break;
                }
            }
            if found != Some(index) {
                return Err(fail("variant name does not match the attribute's index"));
            }
            Ok(())
        }
        A::BorrowFieldImmutable(offset) | A::BorrowFieldMutable(offset) => {
            if parts.borrow.map(|b| b.0) != Some(offset) {
                return Err(fail("borrow offset does not match the attribute"));
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

/// Checks `move_loc 0 .. move_loc n-1; <op>; ret`.
fn pattern(
    code: &[Bytecode],
    move_locs: Option<usize>,
    op: impl Fn(&Bytecode) -> bool,
) -> VResult<()> {
    let n = code.len();
    if n < 2 || move_locs.is_some_and(|m| n != m.saturating_add(2)) {
        return Err(fail("wrong number of instructions"));
    }
    let (body, tail) = code.split_at(n.saturating_sub(2));
    match tail {
        [operation, Bytecode::Ret] if op(operation) => {}
        _ => return Err(fail("wrong operation or missing ret")),
    }
    for (i, instr) in body.iter().enumerate() {
        if !matches!(instr, Bytecode::MoveLoc(l) if usize::from(*l) == i) {
            return Err(fail("arguments must be moved in order"));
        }
    }
    Ok(())
}

fn variant_of(binary: Binary<'_>, instr: &Bytecode) -> VResult<Option<u16>> {
    use Bytecode as B;
    Ok(match instr {
        B::PackVariant(h) | B::UnpackVariant(h) | B::TestVariant(h) => {
            Some(binary.struct_variant_handle(*h)?.variant)
        }
        B::PackVariantGeneric(i) | B::UnpackVariantGeneric(i) | B::TestVariantGeneric(i) => {
            let inst = binary.struct_variant_inst(*i)?;
            Some(binary.struct_variant_handle(inst.handle)?.variant)
        }
        _ => None,
    })
}

/// The struct definition an instruction operates on and whether its type arguments are the
/// wrapper's own type parameters in order.
fn operated_struct(binary: Binary<'_>, instr: &Bytecode, n: usize) -> VResult<Option<(u16, bool)>> {
    use Bytecode as B;
    let generic =
        |def: StructDefinitionIndex, sig: SignatureIndex| -> VResult<Option<(u16, bool)>> {
            Ok(Some((def.0, is_canonical_args(&binary.sig(sig)?.0, n))))
        };
    match instr {
        B::Pack(d) | B::Unpack(d) => Ok(Some((d.0, n == 0))),
        B::PackGeneric(i) | B::UnpackGeneric(i) => {
            let inst = binary.struct_inst(*i)?;
            generic(inst.def, inst.type_parameters)
        }
        B::PackVariant(h) | B::UnpackVariant(h) | B::TestVariant(h) => Ok(Some((
            binary.struct_variant_handle(*h)?.struct_index.0,
            n == 0,
        ))),
        B::PackVariantGeneric(i) | B::UnpackVariantGeneric(i) | B::TestVariantGeneric(i) => {
            let inst = binary.struct_variant_inst(*i)?;
            generic(
                binary.struct_variant_handle(inst.handle)?.struct_index,
                inst.type_parameters,
            )
        }
        B::ImmBorrowField(h) | B::MutBorrowField(h) => {
            Ok(Some((binary.field_handle(*h)?.owner.0, n == 0)))
        }
        B::ImmBorrowFieldGeneric(i) | B::MutBorrowFieldGeneric(i) => {
            let inst = binary.field_inst(*i)?;
            generic(
                binary.field_handle(inst.handle)?.owner,
                inst.type_parameters,
            )
        }
        B::ImmBorrowVariantField(h) | B::MutBorrowVariantField(h) => Ok(Some((
            binary.variant_field_handle(*h)?.struct_index.0,
            n == 0,
        ))),
        B::ImmBorrowVariantFieldGeneric(i) | B::MutBorrowVariantFieldGeneric(i) => {
            let inst = binary.variant_field_inst(*i)?;
            generic(
                binary.variant_field_handle(inst.handle)?.struct_index,
                inst.type_parameters,
            )
        }
        _ => Ok(None),
    }
}

/// The wrapper's operation (second-to-last instruction) must act on the named struct with the
/// wrapper's own type parameters.
fn check_ownership(binary: Binary<'_>, parts: &Parts<'_>, code: &[Bytecode]) -> VResult<()> {
    let n = binary.struct_handle(parts.handle)?.type_parameters.len();
    let op = code
        .len()
        .checked_sub(2)
        .and_then(|i| code.get(i))
        .ok_or_else(|| fail("missing operation"))?;
    match operated_struct(binary, op, n)? {
        Some((def, true)) if def == parts.def.0 => Ok(()),
        _ => Err(fail("the operation does not act on the wrapped struct")),
    }
}

fn check_variant_in_code(binary: Binary<'_>, code: &[Bytecode], expected: u16) -> VResult<()> {
    for instr in code {
        if let Some(v) = variant_of(binary, instr)? {
            if v != expected {
                return Err(fail("variant in code does not match the attribute"));
            }
            return Ok(());
        }
    }
    Err(fail("no variant instruction"))
}

/// Checks the wrapper's code.
pub(crate) fn check_code(
    binary: Binary<'_>,
    parts: &Parts<'_>,
    attr: FunctionAttribute,
    code: &CodeUnit,
    ctx: &Context,
) -> VResult<()> {
    let code = &code.code;
    check_code_shape(binary, attr, code, parts, ctx)?;
    check_ownership(binary, parts, code)
}

fn check_code_shape(
    binary: Binary<'_>,
    attr: FunctionAttribute,
    code: &[Bytecode],
    parts: &Parts<'_>,
    ctx: &Context,
) -> VResult<()> {
    use Bytecode as B;
    use FunctionAttribute as A;
    match attr {
        A::Pack => pattern(code, None, |b| matches!(b, B::Pack(_) | B::PackGeneric(_))),
        A::PackVariant(v) => {
            pattern(code, None, |b| {
                matches!(b, B::PackVariant(_) | B::PackVariantGeneric(_))
            })?;
            check_variant_in_code(binary, code, v)
        }
        A::Unpack => pattern(code, Some(1), |b| {
            matches!(b, B::Unpack(_) | B::UnpackGeneric(_))
        }),
        A::UnpackVariant(v) => {
            pattern(code, Some(1), |b| {
                matches!(b, B::UnpackVariant(_) | B::UnpackVariantGeneric(_))
            })?;
            check_variant_in_code(binary, code, v)
        }
        A::TestVariant(v) => {
            pattern(code, Some(1), |b| {
                matches!(b, B::TestVariant(_) | B::TestVariantGeneric(_))
            })?;
            check_variant_in_code(binary, code, v)
        }
        A::BorrowFieldImmutable(offset) => {
            check_borrow_code(binary, parts, code, offset, false, ctx)
        }
        A::BorrowFieldMutable(offset) => check_borrow_code(binary, parts, code, offset, true, ctx),
        A::Persistent | A::ModuleLock => Err(fail("not a struct API attribute")),
    }
}

/// `(mutable, offset)` of a field-borrowing instruction.
fn borrow_of(binary: Binary<'_>, instr: &Bytecode) -> VResult<Option<(bool, u16)>> {
    use Bytecode as B;
    Ok(match instr {
        B::ImmBorrowField(h) | B::MutBorrowField(h) => Some((
            matches!(instr, B::MutBorrowField(_)),
            binary.field_handle(*h)?.field,
        )),
        B::ImmBorrowFieldGeneric(i) | B::MutBorrowFieldGeneric(i) => Some((
            matches!(instr, B::MutBorrowFieldGeneric(_)),
            binary.field_handle(binary.field_inst(*i)?.handle)?.field,
        )),
        B::ImmBorrowVariantField(h) | B::MutBorrowVariantField(h) => Some((
            matches!(instr, B::MutBorrowVariantField(_)),
            binary.variant_field_handle(*h)?.field,
        )),
        B::ImmBorrowVariantFieldGeneric(i) | B::MutBorrowVariantFieldGeneric(i) => Some((
            matches!(instr, B::MutBorrowVariantFieldGeneric(_)),
            binary
                .variant_field_handle(binary.variant_field_inst(*i)?.handle)?
                .field,
        )),
        _ => None,
    })
}

fn check_borrow_code(
    binary: Binary<'_>,
    parts: &Parts<'_>,
    code: &[Bytecode],
    offset: u16,
    mutable: bool,
    ctx: &Context,
) -> VResult<()> {
    use Bytecode as B;
    pattern(code, Some(1), |b| match b {
        B::ImmBorrowField(_)
        | B::ImmBorrowFieldGeneric(_)
        | B::ImmBorrowVariantField(_)
        | B::ImmBorrowVariantFieldGeneric(_) => !mutable,
        B::MutBorrowField(_)
        | B::MutBorrowFieldGeneric(_)
        | B::MutBorrowVariantField(_)
        | B::MutBorrowVariantFieldGeneric(_) => mutable,
        _ => false,
    })?;
    let instr = code.get(1).ok_or_else(|| fail("missing borrow"))?;
    match borrow_of(binary, instr)? {
        Some((m, o)) if m == mutable && o == offset => {}
        Some((m, _)) if m == mutable => return Err(fail("borrow offset does not match")),
        _ => return Err(fail("unexpected borrow instruction")),
    }
    check_variant_set(binary, parts, instr, ctx)
}

/// A variant field borrow must list exactly the variants having that field type at that
/// offset, in ascending order.
fn check_variant_set(
    binary: Binary<'_>,
    parts: &Parts<'_>,
    instr: &Bytecode,
    ctx: &Context,
) -> VResult<()> {
    use Bytecode as B;
    let handle = match instr {
        B::ImmBorrowVariantField(h) | B::MutBorrowVariantField(h) => {
            binary.variant_field_handle(*h)?
        }
        B::ImmBorrowVariantFieldGeneric(i) | B::MutBorrowVariantFieldGeneric(i) => {
            binary.variant_field_handle(binary.variant_field_inst(*i)?.handle)?
        }
        _ => return Ok(()),
    };
    let def = binary.struct_def(handle.struct_index)?;
    let StructFieldInformation::DeclaredVariants(variants) = &def.field_information else {
        return Err(fail("variant field borrow on a struct"));
    };
    let name = binary
        .identifier(binary.struct_handle(def.struct_handle)?.name)?
        .as_str();
    let sets = ctx
        .variant_sets(name)
        .ok_or_else(|| fail("no variant map"))?;
    let first = handle.variants.first().ok_or_else(|| fail("no variant"))?;
    let ty = &variants
        .get(usize::from(*first))
        .and_then(|v| v.fields.get(usize::from(handle.field)))
        .ok_or_else(|| fail("variant field out of bounds"))?
        .type_;
    let expected = sets
        .get(&(handle.field, ty.clone()))
        .ok_or_else(|| fail("(offset, type) not found"))?;
    if parts.returned.is_some_and(|r| r != ty) {
        return Err(fail(
            "borrowed variant field type does not match the return type",
        ));
    }
    if handle.variants != *expected {
        return Err(fail(
            "variant field borrow does not cover exactly the variants",
        ));
    }
    Ok(())
}
