//! What a successful transaction did: the objects it created, changed, deleted, wrapped and
//! unwrapped, with their owners and versions, its events and the gas it used.

use crate::ids::{ObjectId, TxDigest};
use crate::object::Owner;
use crate::object_runtime::{AccumulatorEvent, Event};
use tern_primitives::{StructTag, TypeTag};

/// An object a transaction wrote.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ObjectChange {
    /// The object.
    pub id: ObjectId,
    /// Its owner now.
    pub owner: Owner,
    /// Its new version.
    pub version: u64,
    /// Its type (by defining ids).
    pub type_: StructTag,
}

/// The gas a transaction used (Sui's `GasCostSummary` without storage rebates of a gas coin).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct GasSummary {
    /// Computation units charged by the schedule (instructions by tier, natives).
    pub computation_units: u64,
    /// Computation cost: units times the gas price, rounded up to Sui's bucket.
    pub computation_cost: u64,
    /// Storage cost of the bytes written: bytes times the storage price.
    pub storage_cost: u64,
    /// Storage rebate of the bytes deleted or overwritten.
    pub storage_rebate: u64,
}

impl GasSummary {
    /// Computation plus storage, less the rebate (what the sender pays).
    pub fn net(&self) -> i128 {
        i128::from(self.computation_cost) + i128::from(self.storage_cost)
            - i128::from(self.storage_rebate)
    }
}

/// The effects of a successful transaction.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TransactionEffects {
    /// The transaction's digest.
    pub digest: TxDigest,
    /// The version every written object has now.
    pub lamport_version: u64,
    /// The package a publish or upgrade stored.
    pub published: Option<ObjectId>,
    /// Objects that did not exist before.
    pub created: Vec<ObjectChange>,
    /// Objects that existed and were written (also those only read by `&mut` or owned).
    pub mutated: Vec<ObjectChange>,
    /// Objects taken out of another object's value and stored again.
    pub unwrapped: Vec<ObjectChange>,
    /// Objects deleted.
    pub deleted: Vec<ObjectId>,
    /// Objects put inside another object's value.
    pub wrapped: Vec<ObjectId>,
    /// Objects that had been wrapped and were deleted.
    pub unwrapped_then_deleted: Vec<ObjectId>,
    /// Events, in emission order.
    pub events: Vec<Event>,
    /// Changes of address balances.
    pub accumulator_events: Vec<AccumulatorEvent>,
    /// The call's return values (types and BCS bytes).
    pub return_values: Vec<(TypeTag, Vec<u8>)>,
    /// Gas used.
    pub gas: GasSummary,
}

impl TransactionEffects {
    /// Every object written, in the order created, mutated, unwrapped.
    pub fn written(&self) -> impl Iterator<Item = &ObjectChange> {
        self.created
            .iter()
            .chain(&self.mutated)
            .chain(&self.unwrapped)
    }

    /// The created object of type `module::name` (any type arguments), if exactly one.
    pub fn created_of(&self, module: &str, name: &str) -> Option<&ObjectChange> {
        let mut found = self
            .created
            .iter()
            .filter(|c| c.type_.module.as_str() == module && c.type_.name.as_str() == name);
        let first = found.next();
        match found.next() {
            None => first,
            Some(_) => None,
        }
    }

    /// The effects as JSON (objects by id, owners, versions, events with hex contents).
    pub fn to_json(&self) -> String {
        let changes = |list: &[ObjectChange]| {
            let items: Vec<String> = list
                .iter()
                .map(|c| {
                    format!(
                        "{{\"id\":\"{}\",\"owner\":{},\"version\":{},\"type\":{}}}",
                        c.id.to_hex_literal(),
                        owner_json(&c.owner),
                        c.version,
                        json_string(&c.type_.to_string())
                    )
                })
                .collect();
            format!("[{}]", items.join(","))
        };
        let ids = |list: &[ObjectId]| {
            let items: Vec<String> = list
                .iter()
                .map(|id| format!("\"{}\"", id.to_hex_literal()))
                .collect();
            format!("[{}]", items.join(","))
        };
        let events: Vec<String> = self
            .events
            .iter()
            .map(|e| {
                format!(
                    "{{\"type\":{},\"bcs\":\"{}\"}}",
                    json_string(&e.type_.to_string()),
                    hex(&e.contents)
                )
            })
            .collect();
        let returns: Vec<String> = self
            .return_values
            .iter()
            .map(|(t, b)| {
                format!(
                    "{{\"type\":{},\"bcs\":\"{}\"}}",
                    json_string(&t.to_string()),
                    hex(b)
                )
            })
            .collect();
        format!(
            "{{\"digest\":\"{}\",\"lamport_version\":{},\"published\":{},\"created\":{},\
             \"mutated\":{},\"unwrapped\":{},\"deleted\":{},\"wrapped\":{},\
             \"unwrapped_then_deleted\":{},\"events\":[{}],\"return_values\":[{}],\
             \"gas\":{{\"computation_units\":{},\"computation_cost\":{},\"storage_cost\":{},\
             \"storage_rebate\":{}}}}}",
            self.digest,
            self.lamport_version,
            self.published.map_or("null".to_string(), |p| format!(
                "\"{}\"",
                p.to_hex_literal()
            )),
            changes(&self.created),
            changes(&self.mutated),
            changes(&self.unwrapped),
            ids(&self.deleted),
            ids(&self.wrapped),
            ids(&self.unwrapped_then_deleted),
            events.join(","),
            returns.join(","),
            self.gas.computation_units,
            self.gas.computation_cost,
            self.gas.storage_cost,
            self.gas.storage_rebate,
        )
    }
}

impl std::fmt::Display for TransactionEffects {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "digest: {}", self.digest)?;
        writeln!(f, "version: {}", self.lamport_version)?;
        if let Some(p) = self.published {
            writeln!(f, "published package: {}", p.to_hex_literal())?;
        }
        for (label, list) in [
            ("created", &self.created),
            ("mutated", &self.mutated),
            ("unwrapped", &self.unwrapped),
        ] {
            for c in list {
                writeln!(
                    f,
                    "{label}: {} {} (version {}, {})",
                    c.id.to_hex_literal(),
                    c.type_,
                    c.version,
                    c.owner
                )?;
            }
        }
        for (label, list) in [
            ("deleted", &self.deleted),
            ("wrapped", &self.wrapped),
            ("unwrapped then deleted", &self.unwrapped_then_deleted),
        ] {
            for id in list {
                writeln!(f, "{label}: {}", id.to_hex_literal())?;
            }
        }
        for e in &self.events {
            writeln!(f, "event: {} 0x{}", e.type_, hex(&e.contents))?;
        }
        for (t, b) in &self.return_values {
            writeln!(f, "return: {t} 0x{}", hex(b))?;
        }
        write!(
            f,
            "gas: {} units, computation {}, storage {}, rebate {}",
            self.gas.computation_units,
            self.gas.computation_cost,
            self.gas.storage_cost,
            self.gas.storage_rebate
        )
    }
}

fn owner_json(owner: &Owner) -> String {
    match owner {
        Owner::Address(a) => format!("{{\"address\":\"{}\"}}", a.to_hex_literal()),
        Owner::Object(o) => format!("{{\"object\":\"{}\"}}", o.to_hex_literal()),
        Owner::Shared {
            initial_shared_version,
        } => format!("{{\"shared\":{{\"initial_shared_version\":{initial_shared_version}}}}}"),
        Owner::Immutable => "\"immutable\"".to_string(),
        Owner::ConsensusAddress {
            start_version,
            owner,
        } => format!(
            "{{\"consensus_address\":{{\"owner\":\"{}\",\"start_version\":{start_version}}}}}",
            owner.to_hex_literal()
        ),
    }
}

/// `s` as a JSON string literal.
pub(crate) fn json_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Lower-case hex of `bytes`.
pub(crate) fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
