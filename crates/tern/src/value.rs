//! Typed argument values for calls from Rust, encoded to BCS for the VM.

use tern_primitives::{AccountAddress, I256, U256};

/// A Move value given from Rust (an argument of a call).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveValue {
    /// `bool`.
    Bool(bool),
    /// `u8`.
    U8(u8),
    /// `u16`.
    U16(u16),
    /// `u32`.
    U32(u32),
    /// `u64`.
    U64(u64),
    /// `u128`.
    U128(u128),
    /// `u256`.
    U256(U256),
    /// `i8`.
    I8(i8),
    /// `i16`.
    I16(i16),
    /// `i32`.
    I32(i32),
    /// `i64`.
    I64(i64),
    /// `i128`.
    I128(i128),
    /// `i256`.
    I256(I256),
    /// `address`.
    Address(AccountAddress),
    /// A `signer` (or `&signer`) for this account.
    Signer(AccountAddress),
    /// `vector<T>` with the given elements.
    Vector(Vec<MoveValue>),
    /// A struct, by its fields in declaration order.
    Struct(Vec<MoveValue>),
    /// An enum value: variant index and fields.
    Variant(u16, Vec<MoveValue>),
    /// Already BCS-encoded bytes, passed as they are.
    Bcs(Vec<u8>),
}

impl MoveValue {
    /// `vector<u8>` from bytes.
    pub fn bytes(bytes: impl AsRef<[u8]>) -> MoveValue {
        MoveValue::Vector(bytes.as_ref().iter().map(|b| MoveValue::U8(*b)).collect())
    }

    /// The BCS encoding (a signer as the VM takes it for `signer` and `&signer` parameters:
    /// byte 0, then the 32 address bytes).
    pub fn to_bcs(&self) -> Vec<u8> {
        let mut out = Vec::new();
        self.write(&mut out);
        out
    }

    fn write(&self, out: &mut Vec<u8>) {
        match self {
            MoveValue::Bool(b) => out.push(u8::from(*b)),
            MoveValue::U8(v) => out.push(*v),
            MoveValue::U16(v) => out.extend_from_slice(&v.to_le_bytes()),
            MoveValue::U32(v) => out.extend_from_slice(&v.to_le_bytes()),
            MoveValue::U64(v) => out.extend_from_slice(&v.to_le_bytes()),
            MoveValue::U128(v) => out.extend_from_slice(&v.to_le_bytes()),
            MoveValue::U256(v) => out.extend_from_slice(&v.to_le_bytes()),
            MoveValue::I8(v) => out.extend_from_slice(&v.to_le_bytes()),
            MoveValue::I16(v) => out.extend_from_slice(&v.to_le_bytes()),
            MoveValue::I32(v) => out.extend_from_slice(&v.to_le_bytes()),
            MoveValue::I64(v) => out.extend_from_slice(&v.to_le_bytes()),
            MoveValue::I128(v) => out.extend_from_slice(&v.to_le_bytes()),
            MoveValue::I256(v) => out.extend_from_slice(&v.to_le_bytes()),
            MoveValue::Address(a) => out.extend_from_slice(a.as_bytes()),
            // The runtime's form of a signer: the variant of an account's own signer (0), then
            // the address, as the Aptos VM takes signer arguments.
            MoveValue::Signer(a) => {
                out.push(0);
                out.extend_from_slice(a.as_bytes());
            }
            MoveValue::Vector(items) => {
                uleb(out, items.len() as u64);
                for i in items {
                    i.write(out);
                }
            }
            MoveValue::Struct(fields) => {
                for f in fields {
                    f.write(out);
                }
            }
            MoveValue::Variant(tag, fields) => {
                uleb(out, u64::from(*tag));
                for f in fields {
                    f.write(out);
                }
            }
            MoveValue::Bcs(b) => out.extend_from_slice(b),
        }
    }
}

fn uleb(out: &mut Vec<u8>, mut v: u64) {
    loop {
        let byte = (v & 0x7F) as u8;
        v >>= 7;
        if v == 0 {
            out.push(byte);
            return;
        }
        out.push(byte | 0x80);
    }
}

impl MoveValue {
    /// The value `v` of concrete type `ty` held by `session` (a result of
    /// [`Session::execute`](tern_vm::Session::execute), a value read with
    /// [`Session::deserialize_value`](tern_vm::Session::deserialize_value)), as a
    /// `MoveValue`; `None` for one the conversion cannot express (a closure: serialize it with
    /// [`Session::serialize_value`](tern_vm::Session::serialize_value) instead). Arguments go
    /// the other way as BCS: [`MoveValue::to_bcs`].
    pub fn from_session(
        session: &tern_vm::Session<'_>,
        ty: tern_vm::types::TypeId,
        v: tern_vm::values::Value,
    ) -> Result<Option<MoveValue>, tern_primitives::VmError> {
        let mut cache = session.runtime().write()?;
        Ok(from_heap(&mut cache, session.heap(), ty, v, 0))
    }
}

/// Converts a heap value of a concrete type into a [`MoveValue`].
pub(crate) fn from_heap(
    cache: &mut tern_vm::loader::CodeCache,
    heap: &tern_vm::values::Heap,
    ty: tern_vm::types::TypeId,
    v: tern_vm::values::Value,
    depth: usize,
) -> Option<MoveValue> {
    use tern_vm::loader::StructLayout;
    use tern_vm::types::{TypeLimits, TypeNode};
    use tern_vm::values::{Container, Value};
    if depth > 256 {
        return None;
    }
    Some(match (cache.types.node(ty), v) {
        (_, Value::Bool(b)) => MoveValue::Bool(b),
        (_, Value::U8(x)) => MoveValue::U8(x),
        (_, Value::U16(x)) => MoveValue::U16(x),
        (_, Value::U32(x)) => MoveValue::U32(x),
        (_, Value::U64(x)) => MoveValue::U64(x),
        (_, Value::U128(x)) => MoveValue::U128(x.u128()),
        (_, Value::U256(x)) => MoveValue::U256(x.u256()),
        (_, Value::I8(x)) => MoveValue::I8(x),
        (_, Value::I16(x)) => MoveValue::I16(x),
        (_, Value::I32(x)) => MoveValue::I32(x),
        (_, Value::I64(x)) => MoveValue::I64(x),
        (_, Value::I128(x)) => MoveValue::I128(x.i128()),
        (_, Value::I256(x)) => MoveValue::I256(x.i256()),
        (_, Value::Address(a)) => MoveValue::Address(a),
        (TypeNode::Signer, Value::Container(c)) => match heap.get(c).ok()? {
            Container::Variant(_, f) => match f.first()? {
                Value::Address(a) => MoveValue::Signer(*a),
                _ => return None,
            },
            _ => return None,
        },
        (TypeNode::Vector(elem), Value::Container(c)) => {
            let elem = *elem;
            match heap.get(c).ok()? {
                Container::Bytes(b) => MoveValue::bytes(b),
                c @ (Container::Vec(_) | Container::Prims(_)) => MoveValue::Vector(
                    c.vector_values()?
                        .iter()
                        .map(|i| from_heap(cache, heap, elem, *i, depth + 1))
                        .collect::<Option<_>>()?,
                ),
                _ => return None,
            }
        }
        (TypeNode::Struct(sid, args), Value::Container(c)) => {
            let (sid, args) = (*sid, cache.types.list(*args).to_vec());
            let (tag, values) = match heap.get(c).ok()? {
                Container::Struct(values) => (None, values),
                Container::Variant(tag, values) => (Some(*tag), values),
                _ => return None,
            };
            // The declared field types, in terms of the struct's type parameters (which a
            // field may use anywhere inside its type, e.g. `vector<T>`).
            let declared: Vec<_> = match (&cache.struct_info(sid)?.layout, tag) {
                (StructLayout::Fields(fields), None) => fields.iter().map(|f| f.ty).collect(),
                (StructLayout::Variants(vs), Some(tag)) => {
                    let variant = vs.get(usize::from(tag))?;
                    variant.fields.iter().map(|f| f.ty).collect()
                }
                _ => return None,
            };
            if values.len() != declared.len() {
                return None;
            }
            let mut fields = Vec::with_capacity(values.len());
            for (t, v) in declared.into_iter().zip(values.iter()) {
                let t = cache.types.substitute(t, &args, &TypeLimits::NONE).ok()?;
                fields.push(from_heap(cache, heap, t, *v, depth + 1)?);
            }
            match tag {
                None => MoveValue::Struct(fields),
                Some(tag) => MoveValue::Variant(tag, fields),
            }
        }
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encodes_like_bcs() {
        assert_eq!(MoveValue::U64(1).to_bcs(), vec![1, 0, 0, 0, 0, 0, 0, 0]);
        assert_eq!(MoveValue::bytes(b"hi").to_bcs(), vec![2, b'h', b'i']);
        assert_eq!(
            MoveValue::Struct(vec![MoveValue::U8(7), MoveValue::Bool(true)]).to_bcs(),
            vec![7, 1]
        );
        assert_eq!(
            MoveValue::Variant(2, vec![MoveValue::U8(5)]).to_bcs(),
            vec![2, 5]
        );
        assert_eq!(MoveValue::I8(-2).to_bcs(), vec![0xfe]);
        assert_eq!(
            MoveValue::Vector(vec![MoveValue::U16(258)]).to_bcs(),
            vec![1, 2, 1]
        );
    }
}
