//! `consensus_config::validator_txn_enabled_internal(config_bytes: vector<u8>): bool` and
//! `state_storage::get_state_storage_usage_only_at_epoch_beginning(): Usage`.
//!
//! The first reads the BCS bytes of an `OnChainConsensusConfig` as Aptos does: validator
//! transactions are enabled only by a V3, V4 or V5 config whose `vtxn` is `V1`; bytes that
//! are not exactly one config count as the default config (V4 with `vtxn` `V0`: disabled).
//! The second returns the host's [`StateStorageUsage`] (zero items and bytes unless the host
//! puts another in the session), standing for Aptos's storage usage at the epoch's start.

use super::{ret, state};
use crate::bad_args;
use tern_primitives::VmError;
use tern_vm::natives::{NativeContext, NativeResult};
use tern_vm::types::TypeId;
use tern_vm::values::{Container, Value};

/// What `get_state_storage_usage_only_at_epoch_beginning` returns: the number of state items
/// and their bytes as of the start of the epoch. Default zero and zero.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct StateStorageUsage {
    /// State items.
    pub items: u64,
    /// Their bytes.
    pub bytes: u64,
}

/// `state_storage::get_state_storage_usage_only_at_epoch_beginning(): Usage`.
pub(super) fn get_state_storage_usage(
    ctx: &mut NativeContext<'_>,
    _ty_args: &[TypeId],
    _args: &[Value],
) -> Result<NativeResult, VmError> {
    ctx.charge_priced(&[("aptos_framework.state_storage.get_usage.base", 1)], 1);
    let usage = *state::<StateStorageUsage>(ctx)?;
    let fields = vec![Value::U64(usage.items), Value::U64(usage.bytes)];
    ret(Value::Container(
        ctx.heap.alloc(Container::Struct(fields.into())),
    ))
}

/// `consensus_config::validator_txn_enabled_internal(config_bytes: vector<u8>): bool`
/// (Aptos charges nothing for it).
pub(super) fn validator_txn_enabled_internal(
    ctx: &mut NativeContext<'_>,
    _ty_args: &[TypeId],
    args: &[Value],
) -> Result<NativeResult, VmError> {
    let v = args.first().copied().ok_or_else(bad_args)?;
    let enabled = validator_txn_enabled(ctx.bytes(v)?);
    ctx.heap.free_value(v);
    ret(Value::Bool(enabled))
}

/// Whether the BCS bytes of an `OnChainConsensusConfig` enable validator transactions
/// (`false` for bytes that are not exactly one config).
pub fn validator_txn_enabled(bytes: &[u8]) -> bool {
    let mut r = Reader { bytes, at: 0 };
    config_vtxn(&mut r).filter(|_| r.at == bytes.len()) == Some(true)
}

/// A BCS reader over bytes; `None` for anything malformed.
struct Reader<'b> {
    bytes: &'b [u8],
    at: usize,
}

impl Reader<'_> {
    fn take(&mut self, n: usize) -> Option<&[u8]> {
        let end = self.at.checked_add(n)?;
        let out = self.bytes.get(self.at..end)?;
        self.at = end;
        Some(out)
    }

    fn skip(&mut self, n: usize) -> Option<()> {
        self.take(n).map(|_| ())
    }

    fn bool(&mut self) -> Option<()> {
        matches!(self.take(1)?, [0] | [1]).then_some(())
    }

    /// A canonical ULEB128 of at most 32 bits (lengths and variant tags).
    fn uleb(&mut self) -> Option<u32> {
        let mut value: u64 = 0;
        for shift in (0..35).step_by(7) {
            let byte = *self.take(1)?.first()?;
            value |= u64::from(byte & 0x7f) << shift;
            if byte & 0x80 == 0 {
                // Not canonical: a trailing zero byte after the first.
                if byte == 0 && shift > 0 {
                    return None;
                }
                return u32::try_from(value).ok();
            }
        }
        None
    }
}

/// `OnChainConsensusConfig`: whether its validator-transaction config is enabled.
fn config_vtxn(r: &mut Reader<'_>) -> Option<bool> {
    match r.uleb()? {
        0 | 1 => {
            consensus_v1(r)?;
            Some(false)
        }
        variant @ 2..=4 => {
            algorithm(r)?;
            let enabled = vtxn(r)?;
            if variant >= 3 {
                // window_size: Option<u64>
                match r.take(1)? {
                    [0] => {}
                    [1] => r.skip(8)?,
                    _ => return None,
                }
            }
            if variant == 4 {
                r.bool()?; // rand_check_enabled
            }
            Some(enabled)
        }
        _ => None,
    }
}

/// `ValidatorTxnConfig`: `V0` (disabled) or `V1 { count: u64, bytes: u64 }` (enabled).
fn vtxn(r: &mut Reader<'_>) -> Option<bool> {
    match r.uleb()? {
        0 => Some(false),
        1 => r.skip(16).map(|_| true),
        _ => None,
    }
}

/// `ConsensusAlgorithmConfig`: `Jolteon { main, qs: bool }`, `DAG(DagConsensusConfigV1)`,
/// `JolteonV2 { main, qs: bool, order_vote: bool }`.
fn algorithm(r: &mut Reader<'_>) -> Option<()> {
    match r.uleb()? {
        0 => {
            consensus_v1(r)?;
            r.bool()
        }
        1 => {
            r.skip(8)?; // dag_ordering_causal_history_window
            match r.uleb()? {
                0 => Some(()),
                1 => leader_reputation(r),
                _ => None,
            }
        }
        2 => {
            consensus_v1(r)?;
            r.bool()?;
            r.bool()
        }
        _ => None,
    }
}

/// `ConsensusConfigV1 { decoupled_execution: bool, back_pressure_limit: u64, exclude_round:
/// u64, proposer_election_type, max_failed_authors_to_store: u64 }`.
fn consensus_v1(r: &mut Reader<'_>) -> Option<()> {
    r.bool()?;
    r.skip(16)?;
    match r.uleb()? {
        0 | 1 => r.skip(4)?,
        2 => leader_reputation(r)?,
        3 => round_proposers(r)?,
        _ => return None,
    }
    r.skip(8)
}

/// `LeaderReputationType`: either version over a `ProposerAndVoterConfig` (three u64, a
/// u32, two u64, a bool, a u32).
fn leader_reputation(r: &mut Reader<'_>) -> Option<()> {
    if r.uleb()? > 1 {
        return None;
    }
    r.skip(24 + 4 + 16)?;
    r.bool()?;
    r.skip(4)
}

/// `HashMap<u64, AccountAddress>`: keys strictly increasing in their encoded bytes, as BCS
/// requires of a map.
fn round_proposers(r: &mut Reader<'_>) -> Option<()> {
    let n = r.uleb()?;
    let mut last: Option<[u8; 8]> = None;
    for _ in 0..n {
        let key: [u8; 8] = r.take(8)?.try_into().ok()?;
        if last.is_some_and(|l| l >= key) {
            return None;
        }
        last = Some(key);
        r.skip(32)?;
    }
    Some(())
}

#[cfg(test)]
mod tests {
    use super::validator_txn_enabled;

    /// A V5 config: JolteonV2 over a default ConsensusConfigV1 with a leader-reputation
    /// election, then `vtxn`, a window of `Some(1)` and `rand_check_enabled`.
    fn v5(vtxn: &[u8]) -> Vec<u8> {
        let mut b = vec![4, 2, 1];
        b.extend(10u64.to_le_bytes());
        b.extend(40u64.to_le_bytes());
        b.extend([2, 1]);
        for w in [1000u64, 10, 1] {
            b.extend(w.to_le_bytes());
        }
        b.extend(10u32.to_le_bytes());
        b.extend(10u64.to_le_bytes());
        b.extend(1u64.to_le_bytes());
        b.push(1);
        b.extend(5u32.to_le_bytes());
        b.extend(10u64.to_le_bytes()); // max_failed_authors_to_store
        b.extend([1, 1]); // quorum store, order votes
        b.extend(vtxn);
        b.extend([1]);
        b.extend(1u64.to_le_bytes());
        b.push(1);
        b
    }

    #[test]
    fn vtxn_follows_the_config() {
        let mut on = vec![1];
        on.extend(2u64.to_le_bytes());
        on.extend(2_097_152u64.to_le_bytes());
        assert!(validator_txn_enabled(&v5(&on)));
        assert!(!validator_txn_enabled(&v5(&[0])));
    }

    #[test]
    fn malformed_bytes_are_the_default_config() {
        let mut on = vec![1];
        on.extend([0; 16]);
        let mut trailing = v5(&on);
        trailing.push(0);
        assert!(!validator_txn_enabled(&trailing));
        assert!(!validator_txn_enabled(&[]));
        assert!(!validator_txn_enabled(&[9]));
        let mut cut = v5(&on);
        cut.pop();
        assert!(!validator_txn_enabled(&cut));
    }
}
