//! A minimal Aptos chain on the real framework: [`AptosChain::initialize`] runs the
//! framework's own initializers (feature flags, chain id, clock, the APT coin and its
//! fungible-asset metadata at `0xA`), after which [`AptosChain::execute`] runs framework or
//! user functions as transactions, one session each, committed when they succeed.
//!
//! What the chain carries between transactions besides committed resources: the host state
//! of the natives that Aptos keeps in storage (table entries, v1 aggregator values), the
//! feature flags natives consult and the chain id. Each transaction gets its own
//! transaction hash (so that new table handles, aggregator keys and unique addresses differ
//! between transactions) and a user-transaction context whose sender is the first signer
//! argument. A transaction that requests a publish (`code::publish_package_txn`) has the
//! bundle published after it succeeds, with Aptos's checks; a bundle that does not publish
//! fails the transaction, leaving the chain as it was. The new modules' `init_module` is
//! not run.
//!
//! ```no_run
//! use tern::{AccountAddress, AptosChain, ChainOptions, Vm};
//! use std::path::Path;
//!
//! let vm = Vm::with_aptos_framework(Path::new("../shared/corpus/aptos-framework"))?;
//! let mut chain = AptosChain::initialize(vm, &ChainOptions::default())?;
//! let (alice, bob) = (AccountAddress::from_u64(0xA11CE), AccountAddress::from_u64(0xB0B));
//! chain.create_account(alice)?;
//! chain.mint_apt(alice, 1_000)?;
//! chain.transfer_apt(alice, bob, 300)?;
//! assert_eq!(chain.apt_balance(alice)?, 700);
//! assert_eq!(chain.apt_balance(bob)?, 300);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::{MoveValue, RunOutput, Vm};
use std::collections::BTreeMap;
use tern_natives::aptos::{ChainId, TableEntries, TableStore};
use tern_natives::aptos_framework::{
    features::APTOS_DEFAULT_FEATURES, AggregatorId, AggregatorStore, CodeContext, EventLog,
    FeatureFlags, TransactionContext, UserTransaction,
};
use tern_primitives::{AccountAddress, StatusCode, TypeTag, VmError};
use tern_vm::natives::Extensions;
use tern_vm::Session;

/// What a new chain starts with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChainOptions {
    /// The chain id (`chain_id::get`, `type_info::chain_id`, the transaction context's).
    /// Default 4, the id of Aptos's test chains.
    pub chain_id: u8,
    /// The on-chain time in microseconds (`timestamp::now_microseconds`); 0 leaves the
    /// clock at its start. Default 1,000,000 (one second).
    pub timestamp_usecs: u64,
    /// The feature flags to enable, by number (`0x1::features`), which are also the flags
    /// natives consult. Default: Aptos's defaults ([`APTOS_DEFAULT_FEATURES`]).
    pub features: Vec<u64>,
}

impl Default for ChainOptions {
    fn default() -> Self {
        ChainOptions {
            chain_id: 4,
            timestamp_usecs: 1_000_000,
            features: APTOS_DEFAULT_FEATURES.to_vec(),
        }
    }
}

/// An Aptos chain in memory: a [`Vm`] running the framework, and what natives keep between
/// transactions.
#[derive(Debug)]
pub struct AptosChain {
    vm: Vm,
    chain_id: u8,
    features: FeatureFlags,
    tables: TableEntries,
    aggregators: BTreeMap<AggregatorId, u128>,
    transactions: u64,
}

/// The `@aptos_framework` account, whose signer the initializers take.
pub const APTOS_FRAMEWORK: AccountAddress = AccountAddress::ONE;
/// The address of APT's fungible-asset metadata object (`@aptos_fungible_asset`).
pub const APT_METADATA: AccountAddress = AccountAddress::from_u64(0xA);
/// The `AptosCoin` type.
const APTOS_COIN: &str = "0x1::aptos_coin::AptosCoin";

impl AptosChain {
    /// Starts a chain on `vm` (a VM with the framework published,
    /// [`Vm::with_aptos_framework`]), calling the framework's initializers with the
    /// `@aptos_framework` signer, each as a transaction, as genesis does:
    ///
    /// 1. `features::change_feature_flags_internal` enables `options.features`;
    /// 2. `chain_id::initialize` sets the chain id;
    /// 3. `timestamp::set_time_has_started`, then `timestamp::update_global_time` (as the VM
    ///    signer `0x0`) moves the clock to `options.timestamp_usecs`;
    /// 4. `account::initialize` and `aggregator_factory::initialize_aggregator_factory`
    ///    (APT's supply is a parallelizable aggregator);
    /// 5. `aptos_coin::initialize` creates `AptosCoin` and keeps its mint capability at
    ///    `0x1` (so [`AptosChain::mint_apt`] works; the burn capability is dropped);
    /// 6. `coin::create_coin_conversion_map` and `coin::create_pairing<AptosCoin>` create
    ///    APT's fungible-asset metadata at [`APT_METADATA`] and pair it with the coin.
    ///
    /// Not done (genesis does them; nothing here needs them): the framework's own account,
    /// staking, governance, gas schedule, consensus and execution configs, block and
    /// reconfiguration state, validators.
    pub fn initialize(vm: Vm, options: &ChainOptions) -> Result<AptosChain, VmError> {
        let mut chain = AptosChain {
            vm,
            chain_id: options.chain_id,
            features: FeatureFlags::new(options.features.iter().copied()),
            tables: TableEntries::new(),
            aggregators: BTreeMap::new(),
            transactions: 0,
        };
        let framework = || MoveValue::Signer(APTOS_FRAMEWORK);
        let features = options.features.iter().map(|f| MoveValue::U64(*f));
        let steps: [(&str, Vec<MoveValue>); 5] = [
            (
                "0x1::features::change_feature_flags_internal",
                vec![
                    framework(),
                    MoveValue::Vector(features.collect()),
                    MoveValue::Vector(vec![]),
                ],
            ),
            (
                "0x1::chain_id::initialize",
                vec![framework(), MoveValue::U8(options.chain_id)],
            ),
            ("0x1::timestamp::set_time_has_started", vec![framework()]),
            ("0x1::account::initialize", vec![framework()]),
            (
                "0x1::aggregator_factory::initialize_aggregator_factory",
                vec![framework()],
            ),
        ];
        for (function, args) in steps {
            chain.execute(function, &[], &args)?;
        }
        if options.timestamp_usecs > 0 {
            chain.set_time(options.timestamp_usecs)?;
        }
        chain.execute("0x1::aptos_coin::initialize", &[], &[framework()])?;
        chain.execute("0x1::coin::create_coin_conversion_map", &[], &[framework()])?;
        chain.execute("0x1::coin::create_pairing", &[apt()?], &[framework()])?;
        Ok(chain)
    }

    /// Runs `0xADDR::module::function` (of any visibility) as a transaction with typed
    /// arguments; commits its changes, table entries and aggregator values when it
    /// succeeds, and leaves the chain as it was when it fails. The output holds the
    /// return values, the committed resource changes and the events emitted.
    pub fn execute(
        &mut self,
        function: &str,
        type_args: &[TypeTag],
        args: &[MoveValue],
    ) -> Result<RunOutput, VmError> {
        self.transactions += 1;
        let hash = transaction_hash(self.transactions);
        let sender = args.iter().find_map(|a| match a {
            MoveValue::Signer(s) => Some(*s),
            _ => None,
        });
        let runtime = self.vm.runtime().clone();
        let mut session = Session::new(&runtime, self.vm.storage());
        session.set_link_check(self.vm.link_check());
        self.put_host_state(session.extensions_mut(), hash, sender);
        let (module, name) = crate::vm::parse_function(function)?;
        let f = session.function(&module, &name)?;
        let tys = crate::vm::load_types(&mut session, type_args)?;
        let bcs = args.iter().map(MoveValue::to_bcs).collect();
        let outcome = session.execute(f, tys, bcs)?;
        let mut out = crate::vm::render(&mut session, &outcome, tern_binary::Flavor::Aptos)?;
        let ext = session.extensions_mut();
        out.events = ext
            .remove::<EventLog>()
            .map(|log| log.lines())
            .unwrap_or_default();
        let aggregators = ext.remove::<AggregatorStore>().map(|s| s.values);
        let publish = ext.remove::<CodeContext>().and_then(|c| c.request);
        let tables = match ext.remove::<TableStore>() {
            Some(store) => Some(store.into_entries(|ty, v| session.serialize_value(ty, v))?),
            None => None,
        };
        out.changes = session.finish()?;
        // As Aptos's VM after `code::publish_package_txn`: the requested bundle is published
        // once the transaction succeeded, and a bundle that fails to publish fails it.
        if let Some(request) = &publish {
            crate::aptos_publish::publish_requested(&mut self.vm, request)?;
        }
        self.vm.commit(out.changes.clone())?;
        if let Some(tables) = tables {
            out.table_changes = table_changes(&self.tables, &tables);
            self.tables = tables;
        }
        self.aggregators = aggregators.unwrap_or_else(|| self.aggregators.clone());
        Ok(out)
    }

    /// Puts the natives' host state for transaction `hash` into a new session's
    /// extensions: copies of the chain's tables and aggregators (a failed transaction
    /// drops its copies), the feature flags, the chain id and a user-transaction context.
    // perf: the copies cost one clone of every table entry per transaction, fine for the
    // test chains this serves; a long-lived chain would want copy-on-write.
    fn put_host_state(&self, ext: &mut Extensions, hash: [u8; 32], sender: Option<AccountAddress>) {
        ext.insert(TableStore::with_entries(hash, self.tables.clone()));
        ext.insert(AggregatorStore::new(hash, self.aggregators.clone()));
        ext.insert(self.features.clone());
        ext.insert(ChainId(self.chain_id));
        let user = UserTransaction {
            sender: sender.unwrap_or(AccountAddress::ZERO),
            chain_id: self.chain_id,
            ..UserTransaction::default()
        };
        ext.insert(TransactionContext::new(hash, Some(user)));
    }

    /// Moves the on-chain clock to `usecs` microseconds (later than now), as a block
    /// prologue does: `timestamp::update_global_time` with the VM signer.
    pub fn set_time(&mut self, usecs: u64) -> Result<(), VmError> {
        let args = [
            MoveValue::Signer(AccountAddress::ZERO),
            MoveValue::Address(APTOS_FRAMEWORK),
            MoveValue::U64(usecs),
        ];
        self.execute("0x1::timestamp::update_global_time", &[], &args)?;
        Ok(())
    }

    /// Creates an account at `address` with its APT primary store
    /// (`aptos_account::create_account`).
    pub fn create_account(&mut self, address: AccountAddress) -> Result<RunOutput, VmError> {
        let args = [MoveValue::Address(address)];
        self.execute("0x1::aptos_account::create_account", &[], &args)
    }

    /// Mints `amount` octas of APT into `to`'s primary store (`aptos_coin::mint` with the
    /// framework's mint capability; the coins become fungible assets on deposit).
    pub fn mint_apt(&mut self, to: AccountAddress, amount: u64) -> Result<RunOutput, VmError> {
        let args = [
            MoveValue::Signer(APTOS_FRAMEWORK),
            MoveValue::Address(to),
            MoveValue::U64(amount),
        ];
        self.execute("0x1::aptos_coin::mint", &[], &args)
    }

    /// Transfers `amount` octas of APT from `from` (as its signer) to `to`, creating `to`'s
    /// account if needed (`aptos_account::transfer`, between primary fungible stores).
    pub fn transfer_apt(
        &mut self,
        from: AccountAddress,
        to: AccountAddress,
        amount: u64,
    ) -> Result<RunOutput, VmError> {
        let args = [
            MoveValue::Signer(from),
            MoveValue::Address(to),
            MoveValue::U64(amount),
        ];
        self.execute("0x1::aptos_account::transfer", &[], &args)
    }

    /// `owner`'s APT balance (`coin::balance<AptosCoin>`: coins plus the paired fungible
    /// asset in its primary store).
    pub fn apt_balance(&mut self, owner: AccountAddress) -> Result<u64, VmError> {
        let out = self.execute(
            "0x1::coin::balance",
            &[apt()?],
            &[MoveValue::Address(owner)],
        )?;
        match out.values.as_slice() {
            [MoveValue::U64(v)] => Ok(*v),
            _ => Err(VmError::new(StatusCode::UNKNOWN_INVARIANT_VIOLATION_ERROR)
                .with_message("coin::balance did not return a u64")),
        }
    }

    /// The VM, for reading resources ([`Vm::resource`]) or publishing packages.
    pub fn vm(&self) -> &Vm {
        &self.vm
    }

    /// The VM, mutably (publish packages with [`Vm::publish_package_dir`]; calls made
    /// directly on it do not see the chain's tables or aggregators).
    pub fn vm_mut(&mut self) -> &mut Vm {
        &mut self.vm
    }

    /// The number of transactions run so far, failed ones included.
    pub fn transactions(&self) -> u64 {
        self.transactions
    }
}

/// The type `0x1::aptos_coin::AptosCoin`.
fn apt() -> Result<TypeTag, VmError> {
    APTOS_COIN.parse().map_err(|_| {
        VmError::new(StatusCode::UNKNOWN_INVARIANT_VIOLATION_ERROR)
            .with_message("cannot parse the AptosCoin type")
    })
}

/// The hash natives see for transaction number `n` (from 1): `n` as a 32-byte big-endian
/// number. Not a real hash, but distinct per transaction, which is what table handles,
/// aggregator keys and unique addresses derived from it need.
/// The entries `after` holds that `before` did not hold the same way, then those it lost.
fn table_changes(before: &TableEntries, after: &TableEntries) -> Vec<crate::TableChange> {
    let mut out = Vec::new();
    for (handle, entries) in after {
        let old = before.get(handle);
        for (key, value) in entries {
            if old.and_then(|o| o.get(key)) != Some(value) {
                out.push(crate::TableChange {
                    handle: *handle,
                    key: key.clone(),
                    value: Some(value.clone()),
                });
            }
        }
    }
    for (handle, entries) in before {
        let new = after.get(handle);
        for key in entries.keys() {
            if !new.is_some_and(|n| n.contains_key(key)) {
                out.push(crate::TableChange {
                    handle: *handle,
                    key: key.clone(),
                    value: None,
                });
            }
        }
    }
    out
}

fn transaction_hash(n: u64) -> [u8; 32] {
    let mut hash = [0; 32];
    hash[24..].copy_from_slice(&n.to_be_bytes());
    hash
}
