//! Reading BCS bytes by their type into [`MoveValue`]s for the readable printer.
//!
//! A run's value that [`MoveValue`] cannot express (one holding a function value) comes as
//! [`MoveValue::Bcs`] of its bytes; this module reads those bytes back by the value's type,
//! struct layouts taken from the declaring modules. A function value stays
//! [`MoveValue::Bcs`] of exactly its own bytes (the VM's closure format: format version,
//! module, function, type arguments, capture mask, then each captured value after its
//! `MoveTypeLayout`), which [`closure`] takes apart for printing.

use super::{declaration, Declaration, ModuleLookup};
use crate::MoveValue;
use tern_primitives::{
    AbilitySet, AccountAddress, FunctionTag, Identifier, ModuleId, StructTag, TypeTag, I256, U256,
};

/// How deep values and types may nest before reading gives up (no stack overflow on hostile
/// bytes).
const MAX_DEPTH: usize = 128;

/// The value of type `ty` that `bytes` encode, all of them; `None` when they do not.
pub(super) fn decode(ty: &TypeTag, bytes: &[u8], modules: &ModuleLookup<'_>) -> Option<MoveValue> {
    let mut input = bytes;
    let value = Reader { modules }.value(ty, &mut input, 0)?;
    input.is_empty().then_some(value)
}

/// A function value taken apart: what it calls and what it captured.
pub(super) struct ClosureParts {
    /// The module of the function.
    pub(super) module: ModuleId,
    /// The function's name.
    pub(super) function: String,
    /// The type arguments it was instantiated with.
    pub(super) ty_args: Vec<TypeTag>,
    /// Bit `i` set: parameter `i` is captured.
    pub(super) mask: u64,
    /// The BCS bytes of each captured value, in parameter order.
    pub(super) captured: Vec<Vec<u8>>,
}

/// Takes a function value's bytes apart (`None` if they are not one, or hold more).
pub(super) fn closure(bytes: &[u8]) -> Option<ClosureParts> {
    let mut input = bytes;
    let parts = read_closure(&mut input, 0)?;
    input.is_empty().then_some(parts)
}

struct Reader<'a, 'b> {
    modules: &'a ModuleLookup<'b>,
}

impl Reader<'_, '_> {
    fn value(&self, ty: &TypeTag, input: &mut &[u8], depth: usize) -> Option<MoveValue> {
        if depth > MAX_DEPTH {
            return None;
        }
        Some(match ty {
            TypeTag::Bool => match take::<1>(input)?[0] {
                0 => MoveValue::Bool(false),
                1 => MoveValue::Bool(true),
                _ => return None,
            },
            TypeTag::U8 => MoveValue::U8(u8::from_le_bytes(take(input)?)),
            TypeTag::U16 => MoveValue::U16(u16::from_le_bytes(take(input)?)),
            TypeTag::U32 => MoveValue::U32(u32::from_le_bytes(take(input)?)),
            TypeTag::U64 => MoveValue::U64(u64::from_le_bytes(take(input)?)),
            TypeTag::U128 => MoveValue::U128(u128::from_le_bytes(take(input)?)),
            TypeTag::U256 => MoveValue::U256(U256::from_le_bytes(take(input)?)),
            TypeTag::I8 => MoveValue::I8(i8::from_le_bytes(take(input)?)),
            TypeTag::I16 => MoveValue::I16(i16::from_le_bytes(take(input)?)),
            TypeTag::I32 => MoveValue::I32(i32::from_le_bytes(take(input)?)),
            TypeTag::I64 => MoveValue::I64(i64::from_le_bytes(take(input)?)),
            TypeTag::I128 => MoveValue::I128(i128::from_le_bytes(take(input)?)),
            TypeTag::I256 => MoveValue::I256(I256::from_le_bytes(take(input)?)),
            TypeTag::Address => MoveValue::Address(AccountAddress::new(take(input)?)),
            TypeTag::Signer => MoveValue::Signer(signer(input)?),
            TypeTag::Vector(elem) => {
                let n = uleb(input)?;
                // Every element takes at least one byte (none of zero size exist in Move).
                if n > input.len() {
                    return None;
                }
                let items = (0..n)
                    .map(|_| self.value(elem, input, depth + 1))
                    .collect::<Option<Vec<_>>>()?;
                MoveValue::Vector(items)
            }
            TypeTag::Struct(tag) => self.structure(tag, input, depth)?,
            TypeTag::Function(_) => {
                let start = *input;
                read_closure(input, depth)?;
                let used = start.len() - input.len();
                MoveValue::Bcs(start.get(..used)?.to_vec())
            }
        })
    }

    fn structure(&self, tag: &StructTag, input: &mut &[u8], depth: usize) -> Option<MoveValue> {
        let read_fields = |fields: &[(String, TypeTag)], input: &mut &[u8]| {
            fields
                .iter()
                .map(|(_, t)| self.value(t, input, depth + 1))
                .collect::<Option<Vec<_>>>()
        };
        Some(match declaration(self.modules, tag)? {
            Declaration::Fields(fields) => MoveValue::Struct(read_fields(&fields, input)?),
            Declaration::Variants(variants) => {
                let index = uleb(input)?;
                let (_, fields) = variants.get(index)?;
                MoveValue::Variant(u16::try_from(index).ok()?, read_fields(fields, input)?)
            }
        })
    }
}

/// A signer's bytes: the VM's form (byte 0, then the address) or a bare address (Sui's).
fn signer(input: &mut &[u8]) -> Option<AccountAddress> {
    if input.len() >= 33 && input.first() == Some(&0) {
        take::<1>(input)?;
    }
    Some(AccountAddress::new(take(input)?))
}

fn read_closure(input: &mut &[u8], depth: usize) -> Option<ClosureParts> {
    if depth > MAX_DEPTH {
        return None;
    }
    // The number of the closure's serialized parts: 5 plus a layout and a value per capture.
    let parts = uleb(input)?;
    let count = parts.checked_sub(5).filter(|n| n % 2 == 0)? / 2;
    let _format_version = u16::from_le_bytes(take(input)?);
    let address = AccountAddress::new(take(input)?);
    let module = Identifier::new(string(input)?).ok()?;
    let function = string(input)?;
    let n = uleb(input)?;
    if n > input.len() {
        return None;
    }
    let ty_args = (0..n)
        .map(|_| type_tag(input, depth + 1))
        .collect::<Option<Vec<_>>>()?;
    let mask = u64::from_le_bytes(take(input)?);
    if count > input.len() {
        return None;
    }
    let mut captured = Vec::with_capacity(count);
    for _ in 0..count {
        let layout = layout(input, depth + 1)?;
        let start = *input;
        skip(&layout, input, depth + 1)?;
        let used = start.len() - input.len();
        captured.push(start.get(..used)?.to_vec());
    }
    Some(ClosureParts {
        module: ModuleId::new(address, module),
        function,
        ty_args,
        mask,
        captured,
    })
}

/// A decoded `MoveTypeLayout`: what it takes to step over a captured value.
enum Layout {
    /// A value of this many bytes.
    Fixed(usize),
    Signer,
    Vector(Box<Layout>),
    Struct(Vec<Layout>),
    Enum(Vec<Vec<Layout>>),
    Function,
}

fn layout(input: &mut &[u8], depth: usize) -> Option<Layout> {
    if depth > MAX_DEPTH {
        return None;
    }
    let list = |input: &mut &[u8]| -> Option<Vec<Layout>> {
        let n = uleb(input)?;
        if n > input.len() {
            return None;
        }
        (0..n).map(|_| layout(input, depth + 1)).collect()
    };
    Some(match take::<1>(input)?[0] {
        0 | 1 | 13 => Layout::Fixed(1),
        8 | 14 => Layout::Fixed(2),
        9 | 15 => Layout::Fixed(4),
        2 | 16 => Layout::Fixed(8),
        3 | 17 => Layout::Fixed(16),
        4 | 10 | 18 => Layout::Fixed(32),
        5 => Layout::Vector(Box::new(layout(input, depth + 1)?)),
        6 => match take::<1>(input)?[0] {
            0 => Layout::Struct(list(input)?),
            1 => {
                let n = uleb(input)?;
                if n > input.len() {
                    return None;
                }
                Layout::Enum((0..n).map(|_| list(input)).collect::<Option<_>>()?)
            }
            _ => return None,
        },
        7 => Layout::Signer,
        12 => Layout::Function,
        _ => return None,
    })
}

fn skip(layout: &Layout, input: &mut &[u8], depth: usize) -> Option<()> {
    if depth > MAX_DEPTH {
        return None;
    }
    match layout {
        Layout::Fixed(n) => advance(input, *n),
        Layout::Signer => signer(input).map(|_| ()),
        Layout::Vector(elem) => {
            let n = uleb(input)?;
            if n > input.len() {
                return None;
            }
            (0..n).try_for_each(|_| skip(elem, input, depth + 1))
        }
        Layout::Struct(fields) => fields.iter().try_for_each(|f| skip(f, input, depth + 1)),
        Layout::Enum(variants) => {
            let fields = variants.get(uleb(input)?)?;
            fields.iter().try_for_each(|f| skip(f, input, depth + 1))
        }
        Layout::Function => read_closure(input, depth + 1).map(|_| ()),
    }
}

/// Reads a BCS `TypeTag` (the VM's numbering, which puts the signed integers after 11).
fn type_tag(input: &mut &[u8], depth: usize) -> Option<TypeTag> {
    if depth > MAX_DEPTH {
        return None;
    }
    Some(match take::<1>(input)?[0] {
        0 => TypeTag::Bool,
        1 => TypeTag::U8,
        2 => TypeTag::U64,
        3 => TypeTag::U128,
        4 => TypeTag::Address,
        5 => TypeTag::Signer,
        6 => TypeTag::Vector(Box::new(type_tag(input, depth + 1)?)),
        7 => {
            let address = AccountAddress::new(take(input)?);
            let module = Identifier::new(string(input)?).ok()?;
            let name = Identifier::new(string(input)?).ok()?;
            let n = uleb(input)?;
            if n > input.len() {
                return None;
            }
            let type_args = (0..n)
                .map(|_| type_tag(input, depth + 1))
                .collect::<Option<_>>()?;
            TypeTag::Struct(Box::new(StructTag {
                address,
                module,
                name,
                type_args,
            }))
        }
        8 => TypeTag::U16,
        9 => TypeTag::U32,
        10 => TypeTag::U256,
        11 => {
            let args = function_types(input, depth)?;
            let results = function_types(input, depth)?;
            let abilities = AbilitySet::from_bits(take::<1>(input)?[0])?;
            TypeTag::Function(Box::new(FunctionTag {
                args,
                results,
                abilities,
            }))
        }
        12 => TypeTag::I8,
        13 => TypeTag::I16,
        14 => TypeTag::I32,
        15 => TypeTag::I64,
        16 => TypeTag::I128,
        17 => TypeTag::I256,
        _ => return None,
    })
}

/// A function type's parameter or result list (each a reference kind, then its type; the
/// reference is dropped, as [`TypeTag`] has none).
fn function_types(input: &mut &[u8], depth: usize) -> Option<Vec<TypeTag>> {
    let n = uleb(input)?;
    if n > input.len() {
        return None;
    }
    (0..n)
        .map(|_| {
            if take::<1>(input)?[0] > 2 {
                return None;
            }
            type_tag(input, depth + 1)
        })
        .collect()
}

fn take<const N: usize>(input: &mut &[u8]) -> Option<[u8; N]> {
    let (head, rest) = input.split_first_chunk::<N>()?;
    *input = rest;
    Some(*head)
}

fn advance(input: &mut &[u8], n: usize) -> Option<()> {
    *input = input.get(n..)?;
    Some(())
}

fn string(input: &mut &[u8]) -> Option<String> {
    let n = uleb(input)?;
    let bytes = input.get(..n)?;
    let text = std::str::from_utf8(bytes).ok()?.to_string();
    advance(input, n)?;
    Some(text)
}

/// A ULEB128 length (at most `u32::MAX`, as BCS allows).
fn uleb(input: &mut &[u8]) -> Option<usize> {
    let mut value: u64 = 0;
    for shift in (0..35).step_by(7) {
        let byte = take::<1>(input)?[0];
        value |= u64::from(byte & 0x7F) << shift;
        if byte & 0x80 == 0 {
            return usize::try_from(value)
                .ok()
                .filter(|_| value <= u64::from(u32::MAX));
        }
    }
    None
}
