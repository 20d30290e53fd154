//! `0x2::dynamic_field`: children of objects, keyed by an id hashed from the parent and the
//! key, loaded from the store on first use and kept in the heap while the call runs.

use super::{arg_address, bad_args, native, runtime, struct_tag, type_arg};
use crate::ids::{derive_dynamic_field_id, type_tag_bcs};
use crate::object::Owner;
use crate::object_runtime::{Child, ObjectRuntime};
use tern_primitives::{StatusCode, VmError};
use tern_vm::natives::{NativeContext, NativeFunction, NativeResult};
use tern_vm::types::TypeId;
use tern_vm::values::{Place, Ref, Value};

/// No child under that id (with that type).
const E_KEY_DOES_NOT_EXIST: u64 = 1;
/// A child exists under that id with another type.
const E_FIELD_TYPE_MISMATCH: u64 = 2;
/// The key's type or value cannot be serialized.
const E_BCS_SERIALIZATION_FAILURE: u64 = 3;

/// Sui's costs (protocol 130).
mod cost {
    pub(super) const HASH_BASE: u64 = 100;
    pub(super) const HASH_PER_BYTE: u64 = 2;
    pub(super) const ADD_BASE: u64 = 100;
    pub(super) const BORROW_BASE: u64 = 100;
    pub(super) const REMOVE_BASE: u64 = 100;
    pub(super) const HAS_BASE: u64 = 100;
    pub(super) const PER_BYTE: u64 = 10;
}

pub(super) fn add(table: &mut Vec<(&'static str, &'static str, NativeFunction)>) {
    let entries: [(&str, NativeFunction); 7] = [
        ("hash_type_and_key", native(hash_type_and_key)),
        ("add_child_object", native(add_child_object)),
        ("borrow_child_object", native(borrow_child_object)),
        ("borrow_child_object_mut", native(borrow_child_object)),
        ("remove_child_object", native(remove_child_object)),
        ("has_child_object", native(has_child_object)),
        ("has_child_object_with_ty", native(has_child_object_with_ty)),
    ];
    for (name, f) in entries {
        table.push(("dynamic_field", name, f));
    }
}

type Result<T> = std::result::Result<T, VmError>;

/// The id of `parent`'s field under key `k: K`.
fn hash_type_and_key(
    ctx: &mut NativeContext<'_>,
    tys: &[TypeId],
    args: &[Value],
) -> Result<NativeResult> {
    ctx.charge(cost::HASH_BASE);
    let parent = arg_address(args.first())?;
    let key = args.get(1).copied().ok_or_else(bad_args)?;
    let ty = type_arg(tys, 0)?;
    let key_bytes = ctx.to_bcs(ty, key)?;
    ctx.heap.free_value(key);
    let tag = ctx.type_tag(ty)?;
    let rt = runtime(ctx.extensions)?;
    let tag = rt.linkage.defining_type_tag(&rt.packages, &tag);
    let Some(tag_bytes) = type_tag_bcs(&tag) else {
        return Ok(NativeResult::Abort(E_BCS_SERIALIZATION_FAILURE));
    };
    ctx.charge(cost::HASH_PER_BYTE.saturating_mul((key_bytes.len() + tag_bytes.len()) as u64));
    let id = derive_dynamic_field_id(&parent, &tag_bytes, &key_bytes);
    Ok(NativeResult::Return(vec![Value::Address(id)]))
}

/// What looking a child up found.
enum Lookup {
    /// Attached to the parent, with this value and type.
    Found(tern_vm::values::ContainerId),
    /// Attached with another type.
    OtherType,
    /// Not attached to the parent.
    Missing,
}

/// Finds child `id` of `parent`, loading it from the store (as type `ty`) on first use.
fn lookup(
    ctx: &mut NativeContext<'_>,
    parent: crate::ids::ObjectId,
    id: crate::ids::ObjectId,
    ty: TypeId,
) -> Result<Lookup> {
    let rt = runtime(ctx.extensions)?;
    if let Some(child) = rt.children.get(&id) {
        return Ok(match child.value {
            Some(c) if child.parent == parent && child.ty == ty => Lookup::Found(c),
            Some(_) if child.parent == parent => Lookup::OtherType,
            _ => Lookup::Missing,
        });
    }
    let Some(object) = rt.stored_child(parent, id) else {
        return Ok(Lookup::Missing);
    };
    let stored_tag = crate::package::runtime_tag(&rt.packages, &object.type_);
    if stored_tag != struct_tag(ctx, ty)? {
        return Ok(Lookup::OtherType);
    }
    let value = ctx.from_bcs(ty, &object.contents)?;
    let Value::Container(c) = value else {
        return Err(bad_args());
    };
    ctx.charge(cost::PER_BYTE.saturating_mul(object.contents.len() as u64));
    let rt = runtime(ctx.extensions)?;
    rt.count_loaded_child()?;
    rt.children.insert(
        id,
        Child {
            parent,
            ty,
            value: Some(c),
            loaded: Some(object),
        },
    );
    Ok(Lookup::Found(c))
}

/// Attaches `child` to `parent`.
fn add_child_object(
    ctx: &mut NativeContext<'_>,
    tys: &[TypeId],
    args: &[Value],
) -> Result<NativeResult> {
    ctx.charge(cost::ADD_BASE);
    let parent = arg_address(args.first())?;
    let value = args.get(1).copied().ok_or_else(bad_args)?;
    let ty = type_arg(tys, 0)?;
    let Value::Container(c) = value else {
        return Err(bad_args());
    };
    let id = ObjectRuntime::object_id(ctx.heap, value)?;
    let rt = runtime(ctx.extensions)?;
    // A child loaded from the store and since removed keeps its stored form (for effects).
    let loaded = match rt.children.remove(&id) {
        Some(Child { value: Some(_), .. }) => {
            return Err(VmError::new(StatusCode::UNKNOWN_INVARIANT_VIOLATION_ERROR)
                .with_message("Duplicate addition of a child object"))
        }
        Some(previous) => previous.loaded,
        None => None,
    };
    rt.children.insert(
        id,
        Child {
            parent,
            ty,
            value: Some(c),
            loaded,
        },
    );
    Ok(NativeResult::Return(vec![]))
}

/// `&UID, id` → `&T` (or `&mut T`): the child's value in place.
fn borrow_child_object(
    ctx: &mut NativeContext<'_>,
    tys: &[TypeId],
    args: &[Value],
) -> Result<NativeResult> {
    ctx.charge(cost::BORROW_BASE);
    let uid = args.first().copied().ok_or_else(bad_args)?;
    let parent = crate::object_runtime::uid_address(ctx.heap, uid, 1)?;
    let id = arg_address(args.get(1))?;
    Ok(match lookup(ctx, parent, id, type_arg(tys, 0)?)? {
        Lookup::Found(c) => NativeResult::Return(vec![Value::Ref(Ref {
            place: Place::Whole(c),
        })]),
        Lookup::OtherType => NativeResult::Abort(E_FIELD_TYPE_MISMATCH),
        Lookup::Missing => NativeResult::Abort(E_KEY_DOES_NOT_EXIST),
    })
}

/// Detaches child `id` from `parent` and returns its value.
fn remove_child_object(
    ctx: &mut NativeContext<'_>,
    tys: &[TypeId],
    args: &[Value],
) -> Result<NativeResult> {
    ctx.charge(cost::REMOVE_BASE);
    let parent = arg_address(args.first())?;
    let id = arg_address(args.get(1))?;
    Ok(match lookup(ctx, parent, id, type_arg(tys, 0)?)? {
        Lookup::Found(c) => {
            if let Some(child) = runtime(ctx.extensions)?.children.get_mut(&id) {
                child.value = None;
            }
            NativeResult::Return(vec![Value::Container(c)])
        }
        Lookup::OtherType => NativeResult::Abort(E_FIELD_TYPE_MISMATCH),
        Lookup::Missing => NativeResult::Abort(E_KEY_DOES_NOT_EXIST),
    })
}

fn has_child_object(
    ctx: &mut NativeContext<'_>,
    _: &[TypeId],
    args: &[Value],
) -> Result<NativeResult> {
    ctx.charge(cost::HAS_BASE);
    let parent = arg_address(args.first())?;
    let id = arg_address(args.get(1))?;
    let rt = runtime(ctx.extensions)?;
    let exists = match rt.children.get(&id) {
        Some(child) => child.value.is_some() && child.parent == parent,
        None => rt.stored_child(parent, id).is_some(),
    };
    Ok(NativeResult::Return(vec![Value::Bool(exists)]))
}

fn has_child_object_with_ty(
    ctx: &mut NativeContext<'_>,
    tys: &[TypeId],
    args: &[Value],
) -> Result<NativeResult> {
    ctx.charge(cost::HAS_BASE);
    let parent = arg_address(args.first())?;
    let id = arg_address(args.get(1))?;
    let ty = type_arg(tys, 0)?;
    let tag = struct_tag(ctx, ty)?;
    let rt = runtime(ctx.extensions)?;
    let exists = match rt.children.get(&id) {
        Some(child) => child.value.is_some() && child.parent == parent && child.ty == ty,
        None => rt
            .stored_child(parent, id)
            .is_some_and(|o| crate::package::runtime_tag(&rt.packages, &o.type_) == tag),
    };
    Ok(NativeResult::Return(vec![Value::Bool(exists)]))
}

impl ObjectRuntime {
    /// The stored object `id` if it is a child of `parent` (not yet loaded).
    pub(crate) fn stored_child(
        &self,
        parent: crate::ids::ObjectId,
        id: crate::ids::ObjectId,
    ) -> Option<crate::object::Object> {
        self.store
            .get(&id)
            .filter(|o| o.owner == Owner::Object(parent))
            .cloned()
    }
}
