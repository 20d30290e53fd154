//! Objects as the in-memory store keeps them: a Move value's BCS bytes with its type, version
//! and owner.

use crate::ids::{ObjectId, TxDigest};
use std::collections::BTreeMap;
use tern_primitives::{AccountAddress, StructTag};

/// Who owns an object.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Owner {
    /// Owned by an address: only a transaction that address sends may use it.
    Address(AccountAddress),
    /// A child of another object (a dynamic field or an object held in one).
    Object(ObjectId),
    /// Shared: any transaction may use it; `initial_shared_version` is the version at which it
    /// became shared.
    Shared {
        /// The version at which the object became shared.
        initial_shared_version: u64,
    },
    /// Frozen: read-only for every transaction.
    Immutable,
    /// Owned by an address but sequenced by consensus (a party object with one owner).
    ConsensusAddress {
        /// The version at which it became consensus-owned.
        start_version: u64,
        /// The owning address.
        owner: AccountAddress,
    },
}

impl std::fmt::Display for Owner {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Owner::Address(a) => write!(f, "address {}", a.to_hex_literal()),
            Owner::Object(o) => write!(f, "object {}", o.to_hex_literal()),
            Owner::Shared {
                initial_shared_version,
            } => write!(f, "shared (since version {initial_shared_version})"),
            Owner::Immutable => write!(f, "immutable"),
            Owner::ConsensusAddress {
                start_version,
                owner,
            } => write!(
                f,
                "consensus address {} (since version {start_version})",
                owner.to_hex_literal()
            ),
        }
    }
}

/// An object: a Move value of a struct type with `key`, its bytes, version and owner.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Object {
    /// The object's id (the first field of its value).
    pub id: ObjectId,
    /// Its Move type, with the ids of the packages that defined each type in it.
    pub type_: StructTag,
    /// Whether the type has `store` (anyone may transfer it with `public_transfer`).
    pub has_public_transfer: bool,
    /// The version: the lamport version of the last transaction that wrote it.
    pub version: u64,
    /// The owner.
    pub owner: Owner,
    /// The value's BCS bytes.
    pub contents: Vec<u8>,
    /// The transaction that last wrote it.
    pub previous_transaction: TxDigest,
    /// The storage fee paid when it was last written, refunded (99 %) when it is next
    /// written or deleted.
    pub storage_rebate: u64,
}

/// The objects of an in-memory chain, by id.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ObjectStore {
    objects: BTreeMap<ObjectId, Object>,
}

impl ObjectStore {
    /// No objects.
    pub fn new() -> ObjectStore {
        ObjectStore::default()
    }

    /// The object with this id.
    pub fn get(&self, id: &ObjectId) -> Option<&Object> {
        self.objects.get(id)
    }

    /// Stores (or replaces) an object.
    pub fn insert(&mut self, object: Object) {
        self.objects.insert(object.id, object);
    }

    /// Removes an object.
    pub fn remove(&mut self, id: &ObjectId) -> Option<Object> {
        self.objects.remove(id)
    }

    /// Every object, by id.
    pub fn iter(&self) -> impl Iterator<Item = &Object> {
        self.objects.values()
    }

    /// Number of objects.
    pub fn len(&self) -> usize {
        self.objects.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.objects.is_empty()
    }

    /// The objects an address owns.
    pub fn owned_by(&self, owner: AccountAddress) -> impl Iterator<Item = &Object> {
        self.objects
            .values()
            .filter(move |o| o.owner == Owner::Address(owner))
    }
}
