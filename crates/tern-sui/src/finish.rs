//! The end of a transaction: what the object runtime recorded, the final values of the inputs
//! and the results, checked by Sui's end-of-transaction rules and turned into effects and the
//! objects to store.

use crate::call::{invariant, Mode};
use crate::chain::{Outcome, Run};
use crate::effects::{ObjectChange, TransactionEffects};
use crate::error::FailureKind;
use crate::gas::{object_storage_size, StorageChange};
use crate::ids::ObjectId;
use crate::object::{Object, ObjectStore, Owner};
use crate::object_runtime::ObjectRuntime;
use std::collections::{BTreeMap, BTreeSet};
use tern_primitives::{Ability, StructTag, VmError};
use tern_vm::types::TypeId;
use tern_vm::values::Value;

/// An object's value at the end of the transaction.
struct Written {
    owner: Owner,
    type_: StructTag,
    has_public_transfer: bool,
    bytes: Vec<u8>,
}

/// Serializes `value` of type `ty` in the run's session.
fn bytes_of(run: &mut Run<'_, '_>, ty: TypeId, value: Value) -> Result<Vec<u8>, FailureKind> {
    run.session.serialize_value(ty, value).map_err(invariant)
}

fn has_store(run: &Run<'_, '_>, ty: TypeId) -> Result<bool, FailureKind> {
    Ok(run
        .session
        .abilities(ty)
        .map_err(invariant)?
        .has(Ability::Store))
}

/// Checks and collects what the transaction did (see the module documentation).
pub(crate) fn finish(run: &mut Run<'_, '_>, before: &ObjectStore) -> Result<Outcome, FailureKind> {
    let rt = run
        .session
        .extensions_mut()
        .remove::<ObjectRuntime>()
        .ok_or_else(|| {
            invariant(VmError::new(
                tern_primitives::StatusCode::UNKNOWN_INVARIANT_VIOLATION_ERROR,
            ))
        })?;
    let mut written: BTreeMap<ObjectId, Written> = BTreeMap::new();
    let mut taken: BTreeSet<ObjectId> = BTreeSet::new();
    let outputs = std::mem::take(&mut run.outputs);
    let mut return_values = Vec::new();
    for (index, out) in outputs.iter().enumerate() {
        for (secondary, (ty, value)) in out.return_values.iter().enumerate() {
            if !run
                .session
                .abilities(*ty)
                .map_err(invariant)?
                .has(Ability::Drop)
            {
                return Err(FailureKind::UnusedValueWithoutDrop {
                    result_idx: index as u16,
                    secondary_idx: secondary as u16,
                });
            }
            let tag = run.session.type_tag(*ty).map_err(invariant)?;
            let bytes = bytes_of(run, *ty, *value)?;
            return_values.push((rt.linkage.defining_type_tag(run.packages, &tag), bytes));
        }
        for arg in &out.object_args {
            if arg.mode == Mode::Value {
                taken.insert(arg.object.id);
            }
        }
        for (id, ty, value) in &out.mutated_objects {
            let Some(input) = rt.inputs.get(id) else {
                continue;
            };
            let bytes = bytes_of(run, *ty, *value)?;
            written.insert(
                *id,
                Written {
                    owner: input.object.owner,
                    type_: input.object.type_.clone(),
                    has_public_transfer: input.object.has_public_transfer,
                    bytes,
                },
            );
        }
    }
    // Every mutable input still in place is written back (a new version), even if unchanged.
    for (id, input) in &rt.inputs {
        if input.mutable && !taken.contains(id) && !written.contains_key(id) {
            written.insert(
                *id,
                Written {
                    owner: input.object.owner,
                    type_: input.object.type_.clone(),
                    has_public_transfer: input.object.has_public_transfer,
                    bytes: input.object.contents.clone(),
                },
            );
        }
    }
    for id in &rt.transfer_order {
        let Some(t) = rt.transfers.get(id) else {
            continue;
        };
        let was_shared = rt.inputs.get(id).and_then(|i| match i.object.owner {
            Owner::Shared {
                initial_shared_version,
            } => Some(initial_shared_version),
            _ => None,
        });
        let owner = match (t.owner, was_shared) {
            (Owner::Shared { .. }, Some(v)) => Owner::Shared {
                initial_shared_version: v,
            },
            (_, Some(_)) => return Err(FailureKind::SharedObjectOperationNotAllowed),
            (other, None) => other,
        };
        let has_public_transfer = has_store(run, t.ty)?;
        written.insert(
            *id,
            Written {
                owner,
                type_: rt.linkage.defining_tag(run.packages, &t.tag),
                has_public_transfer,
                bytes: t.bytes.clone(),
            },
        );
    }
    let mut attached = BTreeSet::new();
    for (id, child) in &rt.children {
        let Some(container) = child.value else {
            if child.loaded.is_some() {
                taken.insert(*id);
            }
            continue;
        };
        attached.insert(*id);
        let bytes = bytes_of(run, child.ty, Value::Container(container))?;
        let owner = Owner::Object(child.parent);
        let unchanged = child
            .loaded
            .as_ref()
            .is_some_and(|o| o.contents == bytes && o.owner == owner);
        if unchanged {
            continue;
        }
        if let Some(input) = rt.inputs.get(id) {
            if matches!(input.object.owner, Owner::Shared { .. }) {
                return Err(FailureKind::SharedObjectOperationNotAllowed);
            }
        }
        let tag = match run.session.type_tag(child.ty).map_err(invariant)? {
            tern_primitives::TypeTag::Struct(s) => *s,
            _ => {
                return Err(invariant(VmError::new(
                    tern_primitives::StatusCode::UNKNOWN_INVARIANT_VIOLATION_ERROR,
                )))
            }
        };
        let has_public_transfer = has_store(run, child.ty)?;
        written.insert(
            *id,
            Written {
                owner,
                type_: rt.linkage.defining_tag(run.packages, &tag),
                has_public_transfer,
                bytes,
            },
        );
    }
    taken.extend(rt.received.keys().copied());
    let mut wrapped = BTreeSet::new();
    for id in &taken {
        if written.contains_key(id) || rt.deleted_ids.contains(id) || attached.contains(id) {
            continue;
        }
        if rt
            .inputs
            .get(id)
            .is_some_and(|i| matches!(i.object.owner, Owner::Shared { .. }))
        {
            return Err(FailureKind::SharedObjectOperationNotAllowed);
        }
        wrapped.insert(*id);
    }
    check_cycles(&written, before)?;
    let lamport = lamport_version(&rt);
    effects(rt, written, wrapped, lamport, before, return_values)
}

/// One more than the highest version of the objects the transaction read (inputs, loaded
/// children, received objects) and of a gas coin at version 1 (Tern charges no coin).
fn lamport_version(rt: &ObjectRuntime) -> u64 {
    let versions = rt
        .inputs
        .values()
        .map(|i| i.object.version)
        .chain(
            rt.children
                .values()
                .filter_map(|c| c.loaded.as_ref().map(|o| o.version)),
        )
        .chain(rt.received.values().map(|o| o.version));
    versions.fold(1, u64::max).saturating_add(1)
}

/// Refuses objects that would own each other in a cycle.
fn check_cycles(
    written: &BTreeMap<ObjectId, Written>,
    before: &ObjectStore,
) -> Result<(), FailureKind> {
    for start in written.keys() {
        let mut current = *start;
        for _ in 0..=written.len() {
            let owner = written
                .get(&current)
                .map(|w| w.owner)
                .or_else(|| before.get(&current).map(|o| o.owner));
            match owner {
                Some(Owner::Object(parent)) if parent == *start => {
                    return Err(FailureKind::CircularObjectOwnership { object: *start })
                }
                Some(Owner::Object(parent)) => current = parent,
                _ => break,
            }
        }
    }
    Ok(())
}

/// Classifies every object the transaction touched and builds the objects to store.
fn effects(
    rt: ObjectRuntime,
    written: BTreeMap<ObjectId, Written>,
    wrapped: BTreeSet<ObjectId>,
    lamport: u64,
    before: &ObjectStore,
    return_values: Vec<(tern_primitives::TypeTag, Vec<u8>)>,
) -> Result<Outcome, FailureKind> {
    let mut effects = TransactionEffects {
        lamport_version: lamport,
        return_values,
        ..TransactionEffects::default()
    };
    let mut storage = StorageChange::default();
    let mut writes = Vec::with_capacity(written.len());
    for (id, w) in written {
        if w.bytes.len() > rt.limits.max_object_size {
            return Err(FailureKind::MoveObjectTooBig {
                object_size: w.bytes.len() as u64,
                max_object_size: rt.limits.max_object_size as u64,
            });
        }
        let owner = match w.owner {
            Owner::Shared {
                initial_shared_version: 0,
            } => Owner::Shared {
                initial_shared_version: lamport,
            },
            Owner::ConsensusAddress { owner, .. } => {
                let start_version = match before.get(&id).map(|o| o.owner) {
                    Some(Owner::ConsensusAddress {
                        start_version,
                        owner: old,
                    }) if old == owner => start_version,
                    _ => lamport,
                };
                Owner::ConsensusAddress {
                    start_version,
                    owner,
                }
            }
            other => other,
        };
        let object = Object {
            id,
            type_: w.type_,
            has_public_transfer: w.has_public_transfer,
            version: lamport,
            owner,
            contents: w.bytes,
            previous_transaction: rt.tx.digest,
            storage_rebate: 0,
        };
        storage
            .written_sizes
            .push((id, object_storage_size(&object)));
        let change = ObjectChange {
            id,
            owner,
            version: lamport,
            type_: object.type_.clone(),
        };
        if before.get(&id).is_some() {
            storage.replaced.push(id);
            effects.mutated.push(change);
        } else if rt.new_ids.contains(&id) {
            effects.created.push(change);
        } else {
            effects.unwrapped.push(change);
        }
        writes.push(object);
    }
    for id in &rt.deleted_ids {
        if before.get(id).is_some() {
            storage.replaced.push(*id);
            effects.deleted.push(*id);
        } else {
            effects.unwrapped_then_deleted.push(*id);
        }
    }
    for id in wrapped {
        if before.get(&id).is_some() {
            storage.replaced.push(id);
            effects.wrapped.push(id);
        }
    }
    effects.events = rt.events;
    effects.accumulator_events = rt.accumulator_events;
    Ok(Outcome {
        effects,
        writes,
        storage,
    })
}
