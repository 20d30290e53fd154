//! The `table` natives over an in-memory [`TableStore`] kept in the session's extensions.
//!
//! A table's entries live in the session's heap while it runs. They are not part of the
//! session's change set: by default they die with the session, so a table created and
//! filled in one session (one `Vm::call`) is empty in the next, and a borrow or remove there
//! aborts with [`TABLE_NOT_FOUND`]. A host that keeps tables between sessions (the chain of
//! the `tern` crate does) starts each session's store from the entries earlier sessions
//! left ([`TableStore::with_entries`], as BCS bytes, read back when first used) and takes
//! them out at the end ([`TableStore::into_entries`]). Rolling back follows the session: a
//! run that aborts is discarded with its session (the facade's behaviour), extensions
//! included; a host that keeps a session after an aborted run keeps the table writes that
//! run made before aborting.
//!
//! Gas under a schedule, as Aptos's table natives charge it: each of `add_box`,
//! `borrow_box(_mut)`, `contains_box` and `remove_box` its `base`, `per_byte_serialized` for
//! the key's BCS bytes, `common.load.base`, and for the first access to a key in the session
//! a load: `common.load.base_new` plus `common.load.per_byte` for the entry's stored bytes
//! rounded up to 4 KiB pages, or plus `common.load.failure` for a key not in storage;
//! `new_table_handle`, `destroy_empty_box` and `drop_unchecked_box` their `base`. An abort
//! (a key already there, a key missing) comes after all of these charges.

use super::{arg, ref_arg, ret, ty_arg};
use crate::bad_args;
use sha3::Digest;
use std::collections::{BTreeMap, BTreeSet};
use tern_primitives::{AccountAddress, StatusCode, VmError};
use tern_vm::natives::{NativeContext, NativeResult};
use tern_vm::types::TypeId;
use tern_vm::values::{ContainerId, Place, Ref, Value};

/// Abort code of `add` for a key already in the table (`error::invalid_argument(100)`).
pub const TABLE_ALREADY_EXISTS: u64 = (100 << 8) + 7;
/// Abort code of `borrow`/`remove` for a key not in the table
/// (`error::invalid_argument(101)`).
pub const TABLE_NOT_FOUND: u64 = (101 << 8) + 7;

/// Table entries as they are kept between sessions: for each table handle, the BCS bytes of
/// each entry's value by the BCS bytes of its key.
pub type TableEntries = BTreeMap<AccountAddress, BTreeMap<Vec<u8>, Vec<u8>>>;

/// The tables of a session: for each handle, the entries used so far by the BCS bytes of
/// their keys, each a `Box<V>` in the session's heap with its type; and the entries of
/// earlier sessions not used yet, as bytes. Created on first use; a host may insert one with
/// [`TableStore::with_session_hash`] or [`TableStore::with_entries`] so that handles differ
/// between sessions.
#[derive(Debug, Default)]
pub struct TableStore {
    session_hash: [u8; 32],
    created: u32,
    tables: BTreeMap<AccountAddress, BTreeMap<Vec<u8>, (ContainerId, TypeId)>>,
    stored: TableEntries,
    /// The keys this session has looked up, by table: later accesses load nothing (for gas).
    touched: BTreeSet<(AccountAddress, Vec<u8>)>,
}

impl TableStore {
    /// An empty store whose new handles derive from `hash` (Aptos uses the transaction's
    /// hash): handle `n` is the SHA3-256 of `hash` and `n` as 4 big-endian bytes.
    pub fn with_session_hash(hash: [u8; 32]) -> TableStore {
        TableStore {
            session_hash: hash,
            ..TableStore::default()
        }
    }

    /// A store holding the entries earlier sessions left (read into the heap when first
    /// used), whose new handles derive from `hash` as [`TableStore::with_session_hash`]'s do.
    pub fn with_entries(hash: [u8; 32], entries: TableEntries) -> TableStore {
        TableStore {
            session_hash: hash,
            stored: entries,
            ..TableStore::default()
        }
    }

    /// Every entry, as bytes for a later session ([`TableStore::with_entries`]): the entries
    /// this session used, serialized by `serialize` (the session's `serialize_value`, given
    /// each entry's `Box<V>` type and value), and those it did not touch.
    pub fn into_entries(
        self,
        mut serialize: impl FnMut(TypeId, Value) -> Result<Vec<u8>, VmError>,
    ) -> Result<TableEntries, VmError> {
        let mut out = self.stored;
        for (handle, entries) in self.tables {
            let table = out.entry(handle).or_default();
            for (key, (boxed, ty)) in entries {
                table.insert(key, serialize(ty, Value::Container(boxed))?);
            }
        }
        out.retain(|_, t| !t.is_empty());
        Ok(out)
    }

    /// The number of entries of table `handle` (0 for an unknown handle).
    pub fn len(&self, handle: &AccountAddress) -> usize {
        self.tables.get(handle).map_or(0, |t| t.len())
            + self.stored.get(handle).map_or(0, |t| t.len())
    }

    /// Whether no table has an entry.
    pub fn is_empty(&self) -> bool {
        self.tables.values().all(|t| t.is_empty()) && self.stored.values().all(|t| t.is_empty())
    }

    /// Whether table `handle` has `key`.
    fn contains(&self, handle: &AccountAddress, key: &[u8]) -> bool {
        self.tables.get(handle).is_some_and(|t| t.contains_key(key))
            || self.stored.get(handle).is_some_and(|t| t.contains_key(key))
    }
}

/// Brings the stored entry `key` of `table` into the heap (as a value of type `boxed`, the
/// `Box<V>` of the call), if an earlier session left one and this one has not read it yet.
fn load(
    ctx: &mut NativeContext<'_>,
    table: AccountAddress,
    key: &[u8],
    boxed: TypeId,
) -> Result<(), VmError> {
    let tables = store(ctx)?;
    if tables
        .tables
        .get(&table)
        .is_some_and(|t| t.contains_key(key))
    {
        return Ok(());
    }
    let Some(bytes) = tables.stored.get_mut(&table).and_then(|t| t.remove(key)) else {
        return Ok(());
    };
    ctx.charge_priced(&[], bytes.len() as u64 / 32);
    let Value::Container(c) = ctx.from_bcs(boxed, &bytes)? else {
        return Err(bad_args());
    };
    let entries = store(ctx)?.tables.entry(table).or_default();
    entries.insert(key.to_vec(), (c, boxed));
    Ok(())
}

/// The session's table store, created empty if the host put none in.
fn store<'e>(ctx: &'e mut NativeContext<'_>) -> Result<&'e mut TableStore, VmError> {
    if ctx.extensions.get::<TableStore>().is_none() {
        ctx.extensions.insert(TableStore::default());
    }
    ctx.extensions.get_mut::<TableStore>().ok_or_else(|| {
        VmError::new(StatusCode::UNKNOWN_INVARIANT_VIOLATION_ERROR)
            .with_message("the table store vanished")
    })
}

/// `table::new_table_handle<K, V>(): address`.
pub(super) fn new_table_handle(
    ctx: &mut NativeContext<'_>,
    _ty_args: &[TypeId],
    _args: &[Value],
) -> Result<NativeResult, VmError> {
    ctx.charge_priced(&[("table.new_table_handle.base", 1)], 0);
    let store = store(ctx)?;
    let mut digest = sha3::Sha3_256::new();
    digest.update(store.session_hash);
    digest.update(store.created.to_be_bytes());
    store.created = store.created.wrapping_add(1);
    let bytes: [u8; 32] = digest.finalize().into();
    let handle = AccountAddress::new(bytes);
    store.tables.entry(handle).or_default();
    ret(Value::Address(handle))
}

/// The handle of the `Table` a reference points to (its first field).
fn handle(ctx: &NativeContext<'_>, table: Value) -> Result<AccountAddress, VmError> {
    match ctx.struct_fields(table)? {
        [Value::Address(a), ..] => Ok(*a),
        _ => Err(bad_args()),
    }
}

/// The BCS bytes of key `key` of type `K` (`ty_args[0]`); the key value is dropped.
fn key_bytes(
    ctx: &mut NativeContext<'_>,
    ty_args: &[TypeId],
    key: Value,
) -> Result<Vec<u8>, VmError> {
    let ty = ty_arg(ty_args, 0)?;
    let bytes = ctx.to_bcs(ty, key).map_err(|_| {
        VmError::new(StatusCode::VM_EXTENSION_ERROR).with_message("cannot serialize table key")
    })?;
    ctx.heap.free_value(key);
    ctx.charge_priced(&[], bytes.len() as u64 / 32);
    Ok(bytes)
}

/// The bytes of a page of storage: Aptos charges loads by whole pages.
const PAGE_SIZE: u64 = 4096;

/// Charges, under a schedule, an access by native `name` (`add_box`, …) to `key` of `table`
/// as Aptos does: the native's base and per key byte, the common load base, and the load
/// of an entry the session has not looked up yet.
///
/// gas: Aptos charges a load by the bytes its storage read returns. Tern's storage for
/// tables is the entries earlier sessions left ([`TableStore::with_entries`]); the first
/// look-up of a key in a session is the read, priced by the entry's stored bytes (the
/// BCS bytes of the value, which Aptos stores too) or as a miss when there is none. Keys the
/// session added or already looked up are in memory, as in Aptos's table cache.
fn charge_access(
    ctx: &mut NativeContext<'_>,
    name: &str,
    table: AccountAddress,
    key: &[u8],
) -> Result<(), VmError> {
    if ctx.schedule.is_none() {
        return Ok(());
    }
    let tables = store(ctx)?;
    let cached = tables
        .tables
        .get(&table)
        .is_some_and(|t| t.contains_key(key));
    let first = tables.touched.insert((table, key.to_vec()));
    let loaded = match (cached, first) {
        (false, true) => Some(
            tables
                .stored
                .get(&table)
                .and_then(|t| t.get(key))
                .map(|bytes| (bytes.len() as u64).div_ceil(PAGE_SIZE) * PAGE_SIZE),
        ),
        _ => None,
    };
    let (base, per_byte) = (
        format!("table.{name}.base"),
        format!("table.{name}.per_byte_serialized"),
    );
    let mut priced = vec![
        (base.as_str(), 1),
        (per_byte.as_str(), key.len() as u64),
        ("table.common.load.base", 1),
    ];
    match loaded {
        Some(Some(bytes)) => {
            priced.push(("table.common.load.base_new", 1));
            priced.push(("table.common.load.per_byte", bytes));
        }
        Some(None) => {
            priced.push(("table.common.load.base_new", 1));
            priced.push(("table.common.load.failure", 1));
        }
        None => {}
    }
    ctx.charge_priced(&priced, 0);
    Ok(())
}

/// The table and key of a call `(table, key, ..)`.
/// The access is charged by native `name` ([`charge_access`]).
fn table_and_key(
    ctx: &mut NativeContext<'_>,
    ty_args: &[TypeId],
    args: &[Value],
    name: &str,
) -> Result<(AccountAddress, Vec<u8>), VmError> {
    let table = handle(ctx, Value::Ref(ref_arg(args, 0)?))?;
    let key = key_bytes(ctx, ty_args, arg(args, 1)?)?;
    charge_access(ctx, name, table, &key)?;
    Ok((table, key))
}

/// `table::add_box<K, V, B>(table: &mut Table<K, V>, key: K, val: Box<V>)`; a key already
/// there aborts with [`TABLE_ALREADY_EXISTS`].
pub(super) fn add_box(
    ctx: &mut NativeContext<'_>,
    ty_args: &[TypeId],
    args: &[Value],
) -> Result<NativeResult, VmError> {
    let (table, key) = table_and_key(ctx, ty_args, args, "add_box")?;
    let Value::Container(boxed) = arg(args, 2)? else {
        return Err(bad_args());
    };
    let ty = ty_arg(ty_args, 2)?;
    // The entry stays in the session's heap after the call, as a pushed element does.
    ctx.charge_retained(Value::Container(boxed))?;
    let store = store(ctx)?;
    if store.contains(&table, &key) {
        ctx.heap.free_value(Value::Container(boxed));
        return Ok(NativeResult::Abort(TABLE_ALREADY_EXISTS));
    }
    store
        .tables
        .entry(table)
        .or_default()
        .insert(key, (boxed, ty));
    Ok(NativeResult::Return(vec![]))
}

/// `table::borrow_box` and `borrow_box_mut`: a reference to the entry's `Box<V>`; a
/// missing key aborts with [`TABLE_NOT_FOUND`].
pub(super) fn borrow_box(
    ctx: &mut NativeContext<'_>,
    ty_args: &[TypeId],
    args: &[Value],
) -> Result<NativeResult, VmError> {
    let (table, key) = table_and_key(ctx, ty_args, args, "borrow_box")?;
    load(ctx, table, &key, ty_arg(ty_args, 2)?)?;
    match store(ctx)?.tables.get(&table).and_then(|t| t.get(&key)) {
        Some((c, _)) => ret(Value::Ref(Ref {
            place: Place::Whole(*c),
        })),
        None => Ok(NativeResult::Abort(TABLE_NOT_FOUND)),
    }
}

/// `table::contains_box(table: &Table<K, V>, key: K): bool`.
pub(super) fn contains_box(
    ctx: &mut NativeContext<'_>,
    ty_args: &[TypeId],
    args: &[Value],
) -> Result<NativeResult, VmError> {
    let (table, key) = table_and_key(ctx, ty_args, args, "contains_box")?;
    let found = store(ctx)?.contains(&table, &key);
    ret(Value::Bool(found))
}

/// `table::remove_box(table: &mut Table<K, V>, key: K): Box<V>`; a missing key aborts with
/// [`TABLE_NOT_FOUND`].
pub(super) fn remove_box(
    ctx: &mut NativeContext<'_>,
    ty_args: &[TypeId],
    args: &[Value],
) -> Result<NativeResult, VmError> {
    let (table, key) = table_and_key(ctx, ty_args, args, "remove_box")?;
    load(ctx, table, &key, ty_arg(ty_args, 2)?)?;
    match store(ctx)?
        .tables
        .get_mut(&table)
        .and_then(|t| t.remove(&key))
    {
        Some((c, _)) => ret(Value::Container(c)),
        None => Ok(NativeResult::Abort(TABLE_NOT_FOUND)),
    }
}

/// `table::destroy_empty_box(table: &Table<K, V>)`: forgets the table (the Move side has
/// checked it is empty where that matters; entries left are freed).
pub(super) fn destroy_empty_box(
    ctx: &mut NativeContext<'_>,
    _ty_args: &[TypeId],
    args: &[Value],
) -> Result<NativeResult, VmError> {
    ctx.charge_priced(&[("table.destroy_empty_box.base", 1)], 0);
    let table = handle(ctx, Value::Ref(ref_arg(args, 0)?))?;
    let store = store(ctx)?;
    store.stored.remove(&table);
    if let Some(entries) = store.tables.remove(&table) {
        for (c, _) in entries.into_values() {
            ctx.heap.free_value(Value::Container(c));
        }
    }
    Ok(NativeResult::Return(vec![]))
}

/// `table::drop_unchecked_box(table: Table<K, V>)`: drops the `Table` value; its entries
/// stay, as in Aptos.
pub(super) fn drop_unchecked_box(
    ctx: &mut NativeContext<'_>,
    _ty_args: &[TypeId],
    args: &[Value],
) -> Result<NativeResult, VmError> {
    ctx.charge_priced(&[("table.drop_unchecked_box.base", 1)], 0);
    ctx.heap.free_value(arg(args, 0)?);
    Ok(NativeResult::Return(vec![]))
}
