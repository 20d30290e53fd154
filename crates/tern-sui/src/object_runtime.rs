//! The object runtime: what Sui's natives record while one call runs (ids created and
//! deleted, transfers, events, dynamic-field children, received objects), kept in the session's
//! extensions and turned into effects when the call ends.

use crate::ids::{derive_object_id, ObjectId, TxDigest};
use crate::object::{Object, ObjectStore, Owner};
use crate::package::{Linkage, PackageStore};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;
use tern_primitives::{AccountAddress, StatusCode, StructTag, VmError};
use tern_vm::types::TypeId;
use tern_vm::values::{ContainerId, Heap, Value};

/// The transaction a call runs in: what `0x2::tx_context`'s natives report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TxContext {
    /// The sender.
    pub sender: AccountAddress,
    /// The digest fresh object ids are derived from.
    pub digest: TxDigest,
    /// The current epoch.
    pub epoch: u64,
    /// When the epoch started, in milliseconds since the Unix epoch.
    pub epoch_timestamp_ms: u64,
    /// The reference gas price of the epoch.
    pub reference_gas_price: u64,
    /// The gas price the transaction pays.
    pub gas_price: u64,
    /// The transaction's gas budget.
    pub gas_budget: u64,
    /// The sponsor, if another address pays the gas.
    pub sponsor: Option<AccountAddress>,
    /// How many object ids the transaction has created so far.
    pub ids_created: u64,
}

impl TxContext {
    /// The next fresh object id (and counts it).
    pub fn fresh_id(&mut self) -> ObjectId {
        let id = derive_object_id(&self.digest, self.ids_created);
        self.ids_created += 1;
        id
    }
}

/// A limit Sui places on what one transaction may do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RuntimeLimits {
    /// Most object ids one transaction may create.
    pub max_new_ids: usize,
    /// Most object ids one transaction may delete.
    pub max_deleted_ids: usize,
    /// Most objects one transaction may transfer.
    pub max_transfers: usize,
    /// Most events one transaction may emit.
    pub max_events: usize,
    /// Largest event, in BCS bytes.
    pub max_event_size: usize,
    /// Largest object, in BCS bytes.
    pub max_object_size: usize,
    /// Most dynamic fields one transaction may load.
    pub max_loaded_children: usize,
    /// Most entries of the scratch pad.
    pub max_scratch_entries: usize,
}

impl Default for RuntimeLimits {
    /// Sui mainnet's limits for user transactions (protocol 130).
    fn default() -> Self {
        RuntimeLimits {
            max_new_ids: 2048,
            max_deleted_ids: 2048,
            max_transfers: 2048,
            max_events: 1024,
            max_event_size: 250 * 1024,
            max_object_size: 250 * 1024,
            max_loaded_children: 1000,
            max_scratch_entries: 1000,
        }
    }
}

/// Protocol features a chain has on, by Sui's names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Features {
    /// Address balances (`accumulators`): `0x2::funds_accumulator` and friends work.
    pub accumulators: bool,
    /// Authenticated event streams (`enable_authenticated_event_streams`).
    pub authenticated_event_streams: bool,
    /// Other feature flags that are on, by name (`protocol_config::is_feature_enabled`).
    pub enabled: std::collections::BTreeSet<String>,
}

impl Default for Features {
    /// Sui mainnet's features at protocol 130 that Tern models.
    fn default() -> Self {
        Features {
            accumulators: false,
            authenticated_event_streams: false,
            enabled: std::collections::BTreeSet::new(),
        }
    }
}

impl Features {
    /// Whether the feature `name` is on.
    pub fn is_enabled(&self, name: &str) -> bool {
        match name {
            "enable_accumulators" | "accumulators" => self.accumulators,
            "enable_authenticated_event_streams" => self.authenticated_event_streams,
            other => self.enabled.contains(other),
        }
    }
}

/// A change to an address balance a call recorded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AccumulatorEvent {
    /// The accumulator object's id.
    pub accumulator: ObjectId,
    /// The address whose balance changes.
    pub address: AccountAddress,
    /// The balance's type, named by defining ids.
    pub type_: tern_primitives::TypeTag,
    /// A deposit (`true`) or a withdrawal.
    pub merge: bool,
    /// The amount.
    pub amount: u64,
}

/// An input object as the call received it.
#[derive(Debug, Clone)]
pub(crate) struct InputObject {
    /// The object as stored before the call.
    pub object: Object,
    /// Whether the call could change it (by value or `&mut`, or any owned object).
    pub mutable: bool,
}

/// A dynamic-field child (or received object) the call loaded or added.
#[derive(Debug, Clone)]
pub(crate) struct Child {
    /// The parent it is attached to now.
    pub parent: ObjectId,
    /// Its Move type.
    pub ty: TypeId,
    /// Its value in the heap while attached; `None` once removed.
    pub value: Option<ContainerId>,
    /// The object as stored before the call, when it was loaded from the store.
    pub loaded: Option<Object>,
}

/// A transferred (or shared, frozen) object: its new owner and value.
#[derive(Debug, Clone)]
pub(crate) struct Transfer {
    pub owner: Owner,
    pub ty: TypeId,
    pub tag: StructTag,
    pub bytes: Vec<u8>,
}

/// An event a call emitted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Event {
    /// The package (by the id of the version called) of the function the transaction
    /// called, whatever code emitted it.
    pub package_id: ObjectId,
    /// That function's module.
    pub transaction_module: String,
    /// The transaction's sender.
    pub sender: AccountAddress,
    /// The event's type, named by defining ids.
    pub type_: StructTag,
    /// Its BCS bytes.
    pub contents: Vec<u8>,
}

/// How a `transfer` relates to the object's owner before the call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum TransferKind {
    /// Created by this call.
    New,
    /// An input whose owner stays the same.
    SameOwner,
    /// Anything else.
    OwnerChanged,
}

/// The object runtime of one call (see the module documentation).
#[derive(Debug)]
pub(crate) struct ObjectRuntime {
    pub(crate) tx: TxContext,
    pub(crate) limits: RuntimeLimits,
    pub(crate) features: Features,
    pub(crate) store: Arc<ObjectStore>,
    pub(crate) packages: Arc<PackageStore>,
    pub(crate) linkage: Linkage,
    pub(crate) inputs: BTreeMap<ObjectId, InputObject>,
    pub(crate) new_ids: BTreeSet<ObjectId>,
    pub(crate) deleted_ids: BTreeSet<ObjectId>,
    pub(crate) transfers: BTreeMap<ObjectId, Transfer>,
    pub(crate) transfer_order: Vec<ObjectId>,
    pub(crate) events: Vec<Event>,
    pub(crate) children: BTreeMap<ObjectId, Child>,
    /// Objects the call may receive (declared arguments), with their versions.
    pub(crate) receivable: BTreeMap<ObjectId, u64>,
    /// Objects received, as stored before the call.
    pub(crate) received: BTreeMap<ObjectId, Object>,
    pub(crate) accumulator_events: Vec<AccumulatorEvent>,
    /// The package (version id) and module of the function the transaction is calling now,
    /// which events are attributed to.
    pub(crate) current_call: (ObjectId, String),
    /// The `UpgradeCap`'s bytes between authorizing and committing an upgrade.
    pub(crate) upgrade_cap_bytes: Option<Vec<u8>>,
    /// Children loaded from the store so far.
    pub(crate) loaded_children: usize,
    /// Values kept across calls by `0x2::scratch`, by id, with their type.
    pub(crate) scratch: BTreeMap<AccountAddress, (TypeId, Value)>,
}

#[cold]
pub(crate) fn limit_error(what: &str, limit: usize, sub_status: u64) -> VmError {
    VmError::new(StatusCode::MEMORY_LIMIT_EXCEEDED)
        .with_message(format!("{what} more than {limit} IDs is not allowed"))
        .with_sub_status(sub_status)
}

impl ObjectRuntime {
    /// A runtime for a call in `tx` over these objects and packages.
    pub(crate) fn new(
        tx: TxContext,
        limits: RuntimeLimits,
        features: Features,
        store: Arc<ObjectStore>,
        packages: Arc<PackageStore>,
        linkage: Linkage,
    ) -> ObjectRuntime {
        ObjectRuntime {
            tx,
            limits,
            features,
            store,
            packages,
            linkage,
            inputs: BTreeMap::new(),
            new_ids: BTreeSet::new(),
            deleted_ids: BTreeSet::new(),
            transfers: BTreeMap::new(),
            transfer_order: Vec::new(),
            events: Vec::new(),
            children: BTreeMap::new(),
            receivable: BTreeMap::new(),
            received: BTreeMap::new(),
            accumulator_events: Vec::new(),
            current_call: (ObjectId::ZERO, String::new()),
            upgrade_cap_bytes: None,
            loaded_children: 0,
            scratch: BTreeMap::new(),
        }
    }

    /// Records an id `object::new` made (`record_new_uid`). An id deleted earlier in the call
    /// (a dynamic field removed and added again) is no longer deleted, and not new.
    pub(crate) fn new_id(&mut self, id: ObjectId) -> Result<(), VmError> {
        if self.new_ids.len() >= self.limits.max_new_ids {
            return Err(limit_error("Creating", self.limits.max_new_ids, 1));
        }
        if !self.deleted_ids.remove(&id) {
            self.new_ids.insert(id);
        }
        Ok(())
    }

    /// Records a deleted id (`object::delete`): an id created in this call simply stops being
    /// new.
    pub(crate) fn delete_id(&mut self, id: ObjectId) -> Result<(), VmError> {
        if self.deleted_ids.len() >= self.limits.max_deleted_ids {
            return Err(limit_error("Deleting", self.limits.max_deleted_ids, 2));
        }
        if !self.new_ids.remove(&id) {
            self.deleted_ids.insert(id);
        }
        Ok(())
    }

    /// Records that an object goes to `owner`; how that relates to its owner before the call.
    pub(crate) fn transfer(
        &mut self,
        id: ObjectId,
        transfer: Transfer,
    ) -> Result<TransferKind, VmError> {
        let kind = if self.new_ids.contains(&id) {
            TransferKind::New
        } else if let Some(input) = self.inputs.get(&id) {
            match (&transfer.owner, &input.object.owner) {
                (Owner::Shared { .. }, Owner::Shared { .. }) => TransferKind::SameOwner,
                (new, old) if new == old => TransferKind::SameOwner,
                _ => TransferKind::OwnerChanged,
            }
        } else {
            TransferKind::OwnerChanged
        };
        if self.transfers.len() >= self.limits.max_transfers {
            return Err(limit_error("Transferring", self.limits.max_transfers, 3));
        }
        if self.transfers.insert(id, transfer).is_none() {
            self.transfer_order.push(id);
        }
        Ok(kind)
    }

    /// Counts a child loaded from the store, within Sui's limit.
    pub(crate) fn count_loaded_child(&mut self) -> Result<(), VmError> {
        if self.loaded_children >= self.limits.max_loaded_children {
            return Err(VmError::new(StatusCode::MEMORY_LIMIT_EXCEEDED)
                .with_message(format!(
                    "Object runtime cached objects limit ({} entries) reached",
                    self.limits.max_loaded_children
                ))
                .with_sub_status(6));
        }
        self.loaded_children += 1;
        Ok(())
    }

    /// The id of the object whose value is `v` (its first field, a `UID`).
    pub(crate) fn object_id(heap: &Heap, v: Value) -> Result<ObjectId, VmError> {
        uid_address(heap, v, 2)
    }
}

/// The address inside a value nested `depth` structs deep through first fields: an object
/// (`depth` 2: object → UID → ID → address), a `UID` or `Receiving` (1), an `ID` (0).
pub(crate) fn uid_address(heap: &Heap, v: Value, depth: usize) -> Result<ObjectId, VmError> {
    use tern_vm::values::{Container, Place, Ref};
    let mut current = v;
    for _ in 0..=depth {
        let c = match current {
            Value::Container(c)
            | Value::Ref(Ref {
                place: Place::Whole(c),
            }) => c,
            _ => return Err(not_an_object()),
        };
        current = match heap.get(c)? {
            Container::Struct(fields) => *fields.first().ok_or_else(not_an_object)?,
            _ => return Err(not_an_object()),
        };
    }
    match current {
        Value::Address(a) => Ok(a),
        _ => Err(not_an_object()),
    }
}

#[cold]
fn not_an_object() -> VmError {
    VmError::new(StatusCode::UNKNOWN_INVARIANT_VIOLATION_ERROR)
        .with_message("expected an object, UID or ID value")
}
