//! The `transaction_context` natives over a host-set [`TransactionContext`].
//!
//! Aptos fills this context from the transaction being executed; Tern's host sets it in the
//! session's extensions, and without one the natives see [`TransactionContext::default`]: a
//! zero session hash, an empty script hash, chain id 4 (Aptos's test chain), and a user
//! transaction sent by `0x0` (see [`UserTransaction::default`]).
//!
//! gas: each native charges its Aptos `transaction_context.*.base` first, before any abort
//! (`gas_payer_internal`'s is `fee_payer.base`, both counters'
//! `monotonically_increasing_counter.base`); once the user transaction is there,
//! `secondary_signers_internal` adds `per_signer` × the secondary signers, and
//! `entry_function_payload_internal` and `multisig_payload_internal` add their
//! `per_abstract_memory_unit` × the bytes of the entry function they return (32 for the
//! address, the module and function names, the type arguments' names and the arguments'
//! bytes), nothing when there is none.

use super::{option_value, ret, state, string_value};
use crate::bad_args;
use sha3::Digest;
use std::sync::Arc;
use tern_primitives::{AccountAddress, VmError};
use tern_vm::natives::{NativeContext, NativeFunction, NativeResult};
use tern_vm::types::TypeId;
use tern_vm::values::{Container, Value, W128};

/// Abort code of the natives that read the user transaction when there is none
/// (`error::invalid_state(1)`).
pub const ETRANSACTION_CONTEXT_NOT_AVAILABLE: u64 = 0x03_0001;
/// Abort code of the monotonically increasing counter after `u16::MAX` calls in a session
/// (`error::invalid_state(2)`).
pub const EMONOTONICALLY_INCREASING_COUNTER_OVERFLOW: u64 = 0x03_0002;
/// Abort code of the monotonically increasing counter when the transaction has no index
/// (`error::invalid_state(5)`).
pub const ETRANSACTION_INDEX_NOT_AVAILABLE: u64 = 0x03_0005;

/// The scheme byte Aptos appends to derive a unique address (`DeriveAuid`).
const DERIVE_AUID: u8 = 0xFB;

/// What `transaction_context` reads: the session's identity, and the user transaction when
/// the session runs one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TransactionContext {
    /// The session's hash (Aptos: the transaction's hash): what `get_transaction_hash`
    /// returns and what unique addresses derive from. Default: 32 zero bytes.
    pub session_hash: [u8; 32],
    /// The hash of the script being run, empty for an entry function (the default).
    pub script_hash: Vec<u8>,
    /// The session's number within its transaction (bits 16..24 of the monotonically
    /// increasing counter). Default: 0.
    pub session_counter: u8,
    /// The user transaction, `None` outside one (then the natives reading it abort with
    /// [`ETRANSACTION_CONTEXT_NOT_AVAILABLE`]). Default: [`UserTransaction::default`].
    pub user: Option<UserTransaction>,
    /// Unique addresses generated so far.
    auid_counter: u64,
    /// Values of the monotonically increasing counter taken so far.
    local_counter: u16,
}

impl Default for TransactionContext {
    fn default() -> TransactionContext {
        TransactionContext::new([0; 32], Some(UserTransaction::default()))
    }
}

impl TransactionContext {
    /// A context with this session hash and user transaction, no script hash, session counter 0.
    pub fn new(session_hash: [u8; 32], user: Option<UserTransaction>) -> TransactionContext {
        TransactionContext {
            session_hash,
            script_hash: Vec::new(),
            session_counter: 0,
            user,
            auid_counter: 0,
            local_counter: 0,
        }
    }

    /// The unique address number `counter` (from 1) of a session with `session_hash`:
    /// SHA3-256 of `session_hash ‖ counter (8 bytes, little-endian) ‖ 0xFB`, as Aptos's
    /// `AuthenticationKey::auid`.
    pub fn unique_address(session_hash: &[u8], counter: u64) -> AccountAddress {
        let mut digest = sha3::Sha3_256::new();
        digest.update(session_hash);
        digest.update(counter.to_le_bytes());
        digest.update([DERIVE_AUID]);
        AccountAddress::new(digest.finalize().into())
    }
}

/// The user transaction a session runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UserTransaction {
    /// The sender. Default: `0x0`.
    pub sender: AccountAddress,
    /// The secondary signers. Default: none.
    pub secondary_signers: Vec<AccountAddress>,
    /// Who pays for gas. Default: `0x0`.
    pub gas_payer: AccountAddress,
    /// The gas limit. Default: 2,000,000 (Aptos's CLI default).
    pub max_gas_amount: u64,
    /// The gas unit price. Default: 100 (Aptos's minimum).
    pub gas_unit_price: u64,
    /// The chain id. Default: 4 (Aptos's test chain).
    pub chain_id: u8,
    /// The entry function called, if any. Default: none.
    pub entry_function_payload: Option<EntryFunctionPayload>,
    /// The multisig payload, if any. Default: none.
    pub multisig_payload: Option<MultisigPayload>,
    /// Whether the transaction was encrypted. Default: false.
    pub is_encrypted: bool,
    /// The transaction's index in its block. Default: index 0 in block execution.
    pub transaction_index: TransactionIndex,
}

impl Default for UserTransaction {
    fn default() -> UserTransaction {
        UserTransaction {
            sender: AccountAddress::ZERO,
            secondary_signers: Vec::new(),
            gas_payer: AccountAddress::ZERO,
            max_gas_amount: 2_000_000,
            gas_unit_price: 100,
            chain_id: 4,
            entry_function_payload: None,
            multisig_payload: None,
            is_encrypted: false,
            transaction_index: TransactionIndex::BlockExecution(0),
        }
    }
}

/// Where a transaction's index comes from (the top byte of the monotonically increasing
/// counter: 0 in block execution, 1 in validation or simulation).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TransactionIndex {
    /// Executed in a block at this index.
    BlockExecution(u32),
    /// Validated or simulated, at this index.
    ValidationOrSimulation(u32),
    /// No index: the counter aborts with [`ETRANSACTION_INDEX_NOT_AVAILABLE`].
    NotAvailable,
}

/// `0x1::transaction_context::EntryFunctionPayload`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EntryFunctionPayload {
    /// The module's address.
    pub account_address: AccountAddress,
    /// The module's name.
    pub module_name: String,
    /// The function's name.
    pub function_name: String,
    /// The type arguments, as names.
    pub ty_arg_names: Vec<String>,
    /// The arguments, as BCS bytes.
    pub args: Vec<Vec<u8>>,
}

/// `0x1::transaction_context::MultisigPayload`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MultisigPayload {
    /// The multisig account.
    pub multisig_address: AccountAddress,
    /// The entry function it runs, if any.
    pub entry_function_payload: Option<EntryFunctionPayload>,
}

/// The `transaction_context` gas parameter `name`.
macro_rules! param {
    ($name:literal) => {
        concat!("aptos_framework.transaction_context.", $name)
    };
}

type Native = fn(&mut NativeContext<'_>, &[TypeId], &[Value]) -> Result<NativeResult, VmError>;

/// The natives of `transaction_context`, by name.
pub(super) fn natives() -> Vec<(&'static str, &'static str, NativeFunction)> {
    let table: [(&str, Native); 14] = [
        ("get_txn_hash", get_txn_hash),
        ("get_script_hash", get_script_hash),
        ("generate_unique_address", generate_unique_address),
        (
            "monotonically_increasing_counter_internal",
            monotonically_increasing_counter,
        ),
        (
            "monotonically_increasing_counter_internal_for_test_only",
            monotonically_increasing_counter_for_test_only,
        ),
        ("sender_internal", |c, _, _| {
            user_value(c, param!("sender.base"), |_, u| Value::Address(u.sender))
        }),
        ("secondary_signers_internal", |c, _, _| {
            user_value(c, param!("secondary_signers.base"), |c, u| {
                let n = u.secondary_signers.len() as u64;
                c.charge_priced(&[(param!("secondary_signers.per_signer"), n)], 0);
                let signers = u.secondary_signers.iter().map(|a| Value::Address(*a));
                Value::Container(c.heap.alloc(Container::Vec(signers.collect())))
            })
        }),
        ("gas_payer_internal", |c, _, _| {
            user_value(c, param!("fee_payer.base"), |_, u| {
                Value::Address(u.gas_payer)
            })
        }),
        ("max_gas_amount_internal", |c, _, _| {
            user_value(c, param!("max_gas_amount.base"), |_, u| {
                Value::U64(u.max_gas_amount)
            })
        }),
        ("gas_unit_price_internal", |c, _, _| {
            user_value(c, param!("gas_unit_price.base"), |_, u| {
                Value::U64(u.gas_unit_price)
            })
        }),
        ("chain_id_internal", |c, _, _| {
            user_value(c, param!("chain_id.base"), |_, u| Value::U8(u.chain_id))
        }),
        ("entry_function_payload_internal", |c, _, _| {
            user_value(c, param!("entry_function_payload.base"), |c, u| {
                let per_byte = param!("entry_function_payload.per_abstract_memory_unit");
                let payload = u
                    .entry_function_payload
                    .as_ref()
                    .map(|p| payload_value(c, p, per_byte));
                option_value(c, payload)
            })
        }),
        ("multisig_payload_internal", |c, _, _| {
            user_value(c, param!("multisig_payload.base"), |c, u| {
                let payload = u.multisig_payload.as_ref().map(|p| multisig_value(c, p));
                option_value(c, payload)
            })
        }),
        ("is_encrypted_txn_internal", |c, _, _| {
            user_value(c, param!("is_encrypted_txn.base"), |_, u| {
                Value::Bool(u.is_encrypted)
            })
        }),
    ];
    table
        .into_iter()
        .map(|(name, f)| ("transaction_context", name, Arc::new(f) as NativeFunction))
        .collect()
}

/// `get_txn_hash(): vector<u8>`: the session hash.
fn get_txn_hash(
    ctx: &mut NativeContext<'_>,
    _ty_args: &[TypeId],
    _args: &[Value],
) -> Result<NativeResult, VmError> {
    ctx.charge_priced(&[(param!("get_txn_hash.base"), 1)], 1);
    let hash = state::<TransactionContext>(ctx)?.session_hash.to_vec();
    ret(ctx.new_bytes(hash))
}

/// `get_script_hash(): vector<u8>`: the script hash.
fn get_script_hash(
    ctx: &mut NativeContext<'_>,
    _ty_args: &[TypeId],
    _args: &[Value],
) -> Result<NativeResult, VmError> {
    let hash = state::<TransactionContext>(ctx)?.script_hash.clone();
    let units = 1 + hash.len() as u64 / 32;
    ctx.charge_priced(&[(param!("get_script_hash.base"), 1)], units);
    ret(ctx.new_bytes(hash))
}

/// `generate_unique_address(): address`: the next unique address of the session
/// ([`TransactionContext::unique_address`], counting from 1).
fn generate_unique_address(
    ctx: &mut NativeContext<'_>,
    _ty_args: &[TypeId],
    _args: &[Value],
) -> Result<NativeResult, VmError> {
    let base = param!("generate_unique_address.base");
    ctx.charge_priced(&[(base, 1)], 1);
    let tc = state::<TransactionContext>(ctx)?;
    // Unreachable in practice (each call costs gas); wrapping keeps it panic-free.
    tc.auid_counter = tc.auid_counter.wrapping_add(1);
    let address = TransactionContext::unique_address(&tc.session_hash, tc.auid_counter);
    ret(Value::Address(address))
}

/// Takes the next local counter value (from 1), or the overflow abort; charges the
/// counters' base first.
fn next_local_counter(ctx: &mut NativeContext<'_>) -> Result<Result<u16, u64>, VmError> {
    let base = param!("monotonically_increasing_counter.base");
    ctx.charge_priced(&[(base, 1)], 1);
    let tc = state::<TransactionContext>(ctx)?;
    if tc.local_counter == u16::MAX {
        return Ok(Err(EMONOTONICALLY_INCREASING_COUNTER_OVERFLOW));
    }
    tc.local_counter += 1;
    Ok(Ok(tc.local_counter))
}

/// `monotonically_increasing_counter_internal(timestamp_us: u64): u128`: reserved byte (0
/// block execution, 1 validation) ‖ timestamp (64 bits) ‖ transaction index (32 bits) ‖
/// session counter (8 bits) ‖ local counter (16 bits).
fn monotonically_increasing_counter(
    ctx: &mut NativeContext<'_>,
    _ty_args: &[TypeId],
    args: &[Value],
) -> Result<NativeResult, VmError> {
    let local = match next_local_counter(ctx)? {
        Ok(n) => n,
        Err(code) => return Ok(NativeResult::Abort(code)),
    };
    let tc = state::<TransactionContext>(ctx)?;
    let session = tc.session_counter;
    let Some(user) = &tc.user else {
        return Ok(NativeResult::Abort(ETRANSACTION_CONTEXT_NOT_AVAILABLE));
    };
    let Some(Value::U64(timestamp_us)) = args.first().copied() else {
        return Err(bad_args());
    };
    let (reserved, index) = match user.transaction_index {
        TransactionIndex::BlockExecution(i) => (0u128, i),
        TransactionIndex::ValidationOrSimulation(i) => (1u128, i),
        TransactionIndex::NotAvailable => {
            return Ok(NativeResult::Abort(ETRANSACTION_INDEX_NOT_AVAILABLE))
        }
    };
    let counter = (reserved << 120)
        | (u128::from(timestamp_us) << 56)
        | (u128::from(index) << 24)
        | (u128::from(session) << 16)
        | u128::from(local);
    ret(Value::U128(W128::from_u128(counter)))
}

/// `monotonically_increasing_counter_internal_for_test_only(): u128`: the local counter.
fn monotonically_increasing_counter_for_test_only(
    ctx: &mut NativeContext<'_>,
    _ty_args: &[TypeId],
    _args: &[Value],
) -> Result<NativeResult, VmError> {
    match next_local_counter(ctx)? {
        Ok(n) => ret(Value::U128(W128::from_u128(u128::from(n)))),
        Err(code) => Ok(NativeResult::Abort(code)),
    }
}

/// Returns what `read` makes of the user transaction, or aborts with
/// [`ETRANSACTION_CONTEXT_NOT_AVAILABLE`] outside one; charges the parameter `base` first
/// under a schedule (also before the abort), Tern's units once the transaction is there.
fn user_value(
    ctx: &mut NativeContext<'_>,
    base: &str,
    read: impl FnOnce(&mut NativeContext<'_>, &UserTransaction) -> Value,
) -> Result<NativeResult, VmError> {
    ctx.charge_priced(&[(base, 1)], 0);
    // A clone, so that `read` can build values in the heap (the context is small).
    let user = state::<TransactionContext>(ctx)?.user.clone();
    let Some(user) = user else {
        return Ok(NativeResult::Abort(ETRANSACTION_CONTEXT_NOT_AVAILABLE));
    };
    ctx.charge_priced(&[], 1 + user.secondary_signers.len() as u64);
    let v = read(ctx, &user);
    ret(v)
}

/// A new `EntryFunctionPayload` value; charges the parameter `per_byte` for each byte Aptos
/// counts in it: the address's 32, the module's and function's names, the type arguments'
/// names and the arguments.
fn payload_value(ctx: &mut NativeContext<'_>, p: &EntryFunctionPayload, per_byte: &str) -> Value {
    let bytes: usize = p.args.iter().map(Vec::len).sum::<usize>()
        + p.ty_arg_names.iter().map(String::len).sum::<usize>();
    let aptos_bytes = AccountAddress::LENGTH + p.module_name.len() + p.function_name.len() + bytes;
    ctx.charge_priced(&[(per_byte, aptos_bytes as u64)], bytes as u64 / 32);
    let module = string_value(ctx, &p.module_name);
    let function = string_value(ctx, &p.function_name);
    let ty_args = p
        .ty_arg_names
        .iter()
        .map(|n| string_value(ctx, n))
        .collect();
    let ty_args = Value::Container(ctx.heap.alloc(Container::Vec(ty_args)));
    let args = p.args.iter().map(|a| ctx.new_bytes(a.clone())).collect();
    let args = Value::Container(ctx.heap.alloc(Container::Vec(args)));
    let fields = vec![
        Value::Address(p.account_address),
        module,
        function,
        ty_args,
        args,
    ];
    Value::Container(ctx.heap.alloc(Container::Struct(fields.into())))
}

/// A new `MultisigPayload` value.
fn multisig_value(ctx: &mut NativeContext<'_>, p: &MultisigPayload) -> Value {
    let inner = p
        .entry_function_payload
        .as_ref()
        .map(|e| payload_value(ctx, e, param!("multisig_payload.per_abstract_memory_unit")));
    let inner = option_value(ctx, inner);
    let fields = vec![Value::Address(p.multisig_address), inner];
    Value::Container(ctx.heap.alloc(Container::Struct(fields.into())))
}
