//! An in-memory Sui chain: packages, objects, a clock and epoch, and transactions that publish,
//! upgrade and call Move code against them.

use crate::call::{run_call, CallArg, CallOutput, MoveCall};
use crate::effects::TransactionEffects;
use crate::error::{ExecutionFailure, FailureKind, InputError, SuiError};
use crate::gas::GasSchedule;
use crate::ids::{ObjectId, TxDigest};
use crate::linked::LinkedStorage;
use crate::object::{Object, ObjectStore, Owner};
use crate::object_runtime::{Features, ObjectRuntime, RuntimeLimits, TxContext};
use crate::package::{Linkage, Package, PackageStore};
use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex};
use tern_primitives::{AccountAddress, StructTag, TypeTag};
use tern_verifier::SuiVerifierConfig;
use tern_vm::natives::NativeRegistry;
use tern_vm::{Runtime, Session, VmConfig};

/// The clock's object id.
pub const CLOCK_ID: ObjectId = AccountAddress::from_u64(6);

/// How a chain runs transactions.
#[derive(Debug, Clone)]
pub struct ChainConfig {
    /// Limits of the VM (operand stack, frames, value depth, …).
    pub vm: VmConfig,
    /// Limits of the object runtime.
    pub limits: RuntimeLimits,
    /// Protocol features that are on.
    pub features: Features,
    /// The verifier's limits for publishing.
    pub verifier: SuiVerifierConfig,
    /// Gas costs.
    pub gas: GasSchedule,
    /// The epoch transactions run in.
    pub epoch: u64,
    /// When the epoch started (ms since the Unix epoch).
    pub epoch_timestamp_ms: u64,
    /// The reference gas price.
    pub reference_gas_price: u64,
}

impl Default for ChainConfig {
    /// Sui mainnet's limits at protocol 130, epoch 0 starting at time 0, reference gas price
    /// 1000.
    fn default() -> Self {
        ChainConfig {
            vm: crate::sui_vm_config(),
            limits: RuntimeLimits::default(),
            features: Features::default(),
            verifier: SuiVerifierConfig::mainnet(),
            gas: GasSchedule::default(),
            epoch: 0,
            epoch_timestamp_ms: 0,
            reference_gas_price: 1000,
        }
    }
}

/// Who sends a transaction and what it may spend.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Transaction {
    /// The sender.
    pub sender: AccountAddress,
    /// The most gas (in MIST) it may use.
    pub gas_budget: u64,
    /// The gas price it pays (at least the reference gas price on Sui).
    pub gas_price: u64,
    /// Another address paying the gas, if any.
    pub sponsor: Option<AccountAddress>,
    /// The digest to derive object ids from; by default one per transaction the chain has
    /// run ([`TxDigest::for_sequence`]).
    pub digest: Option<TxDigest>,
}

impl Transaction {
    /// A transaction from `sender` with a budget of 50 SUI at gas price 1000.
    pub fn new(sender: AccountAddress) -> Transaction {
        Transaction {
            sender,
            gas_budget: 50_000_000_000,
            gas_price: 1000,
            sponsor: None,
            digest: None,
        }
    }

    /// This transaction with another budget (MIST).
    pub fn with_budget(mut self, gas_budget: u64) -> Transaction {
        self.gas_budget = gas_budget;
        self
    }

    /// This transaction with a given digest.
    pub fn with_digest(mut self, digest: TxDigest) -> Transaction {
        self.digest = Some(digest);
        self
    }
}

/// How a parameter takes its argument.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Passing {
    /// By value.
    Value,
    /// By `&`.
    Reference,
    /// By `&mut`.
    MutableReference,
}

/// An in-memory Sui chain (see the crate documentation).
#[derive(Debug)]
pub struct SuiChain {
    config: ChainConfig,
    natives: NativeRegistry,
    packages: Arc<PackageStore>,
    objects: Arc<ObjectStore>,
    runtimes: Mutex<HashMap<Linkage, Arc<Runtime>>>,
    executed: u64,
}

/// The state of one transaction while it runs.
pub(crate) struct Run<'s, 'r> {
    pub session: Session<'r>,
    pub packages: &'s PackageStore,
    pub linkage: Linkage,
    pub outputs: Vec<CallOutput>,
    pub commands: usize,
}

impl SuiChain {
    /// A chain holding Sui's framework (`0x1`, `0x2`) and its clock, with `config`.
    pub fn new(config: ChainConfig) -> Result<SuiChain, SuiError> {
        let mut chain = SuiChain {
            config,
            natives: crate::natives::sui_natives(),
            packages: Arc::new(PackageStore::new()),
            objects: Arc::new(ObjectStore::new()),
            runtimes: Mutex::new(HashMap::new()),
            executed: 0,
        };
        chain.install_framework()?;
        Ok(chain)
    }

    /// A chain with the default configuration ([`ChainConfig::default`]).
    pub fn with_framework() -> Result<SuiChain, SuiError> {
        SuiChain::new(ChainConfig::default())
    }

    /// The configuration.
    pub fn config(&self) -> &ChainConfig {
        &self.config
    }

    /// Sets the epoch and when it started.
    pub fn set_epoch(&mut self, epoch: u64, epoch_timestamp_ms: u64) {
        self.config.epoch = epoch;
        self.config.epoch_timestamp_ms = epoch_timestamp_ms;
    }

    /// Sets the clock object's time (what `clock::timestamp_ms` returns).
    pub fn set_clock(&mut self, timestamp_ms: u64) {
        let objects = Arc::make_mut(&mut self.objects);
        if let Some(mut clock) = objects.get(&CLOCK_ID).cloned() {
            let mut contents = CLOCK_ID.as_bytes().to_vec();
            contents.extend_from_slice(&timestamp_ms.to_le_bytes());
            clock.contents = contents;
            objects.insert(clock);
        }
    }

    /// The package version stored at `id`.
    pub fn package(&self, id: &ObjectId) -> Option<&Arc<Package>> {
        self.packages.get(id)
    }

    /// The object `id`.
    pub fn object(&self, id: &ObjectId) -> Option<&Object> {
        self.objects.get(id)
    }

    /// All objects.
    pub fn objects(&self) -> &ObjectStore {
        &self.objects
    }

    /// All packages.
    pub fn packages(&self) -> &PackageStore {
        &self.packages
    }

    /// Stores an object as genesis would (no transaction): for setting up state.
    pub fn insert_object(&mut self, object: Object) {
        Arc::make_mut(&mut self.objects).insert(object);
    }

    /// Stores a package version as genesis would (no transaction, no verification, no
    /// `init`): for loading packages published elsewhere, such as mainnet's, with their ids,
    /// linkage and type origins. A package stored under an id already taken replaces it.
    pub fn install_package(&mut self, package: Package) {
        Arc::make_mut(&mut self.packages).insert(package);
        if let Ok(mut cache) = self.runtimes.lock() {
            cache.clear();
        }
    }

    /// `ids` and every package they link to, by storage id (the dependency list a publish
    /// of code using `ids` needs).
    pub fn dependency_closure(&self, ids: &[ObjectId]) -> Vec<ObjectId> {
        let mut linkage = Linkage::default();
        for id in ids {
            if let Some(p) = self.packages.get(id) {
                linkage.merge(p);
            }
        }
        linkage.packages.values().map(|u| u.upgraded_id).collect()
    }

    /// The runtime (and code cache) serving `linkage`.
    pub(crate) fn runtime_for(&self, linkage: &Linkage) -> Arc<Runtime> {
        let mut cache = match self.runtimes.lock() {
            Ok(c) => c,
            Err(poisoned) => poisoned.into_inner(),
        };
        cache
            .entry(linkage.clone())
            .or_insert_with(|| Arc::new(Runtime::new(self.config.vm.clone(), self.natives.clone())))
            .clone()
    }

    /// The digest of the next transaction sent as `tx`.
    fn digest(&self, tx: &Transaction) -> TxDigest {
        tx.digest
            .unwrap_or_else(|| TxDigest::for_sequence(self.executed))
    }

    /// The transaction context of `tx`.
    pub(crate) fn tx_context(&self, tx: &Transaction) -> TxContext {
        TxContext {
            sender: tx.sender,
            digest: self.digest(tx),
            epoch: self.config.epoch,
            epoch_timestamp_ms: self.config.epoch_timestamp_ms,
            reference_gas_price: self.config.reference_gas_price,
            gas_price: tx.gas_price,
            gas_budget: tx.gas_budget,
            sponsor: tx.sponsor,
            ids_created: 0,
        }
    }

    /// Checks the objects a call names against the sender: they exist, appear once, and are
    /// the sender's, shared, immutable, or (to receive) sent to an address.
    fn input_objects(
        &self,
        tx: &Transaction,
        args: &[CallArg],
    ) -> Result<BTreeMap<ObjectId, Object>, InputError> {
        let mut objects = BTreeMap::new();
        for arg in args {
            let (id, receiving) = match arg {
                CallArg::Pure(_) => continue,
                CallArg::Object(id) => (*id, false),
                CallArg::Receiving(id) => (*id, true),
            };
            let object = self
                .objects
                .get(&id)
                .ok_or(InputError::ObjectNotFound(id))?;
            let ok = match (object.owner, receiving) {
                (Owner::Address(_), true) => true,
                (_, true) => return Err(InputError::NotReceivable(id)),
                (Owner::Address(a), false) | (Owner::ConsensusAddress { owner: a, .. }, false) => {
                    a == tx.sender
                }
                (Owner::Object(_), false) => return Err(InputError::ChildObjectAsInput(id)),
                (Owner::Shared { .. } | Owner::Immutable, false) => true,
            };
            if !ok {
                return Err(InputError::NotOwnedBySender {
                    id,
                    owner: object.owner.to_string(),
                });
            }
            if objects.insert(id, object.clone()).is_some() {
                return Err(InputError::DuplicateObject(id));
            }
        }
        Ok(objects)
    }

    /// Adds the packages of the types in `tag` to `linkage`.
    fn link_type(&self, linkage: &mut Linkage, tag: &TypeTag) {
        match tag {
            TypeTag::Vector(inner) => self.link_type(linkage, inner),
            TypeTag::Struct(s) => self.link_struct(linkage, s),
            _ => {}
        }
    }

    fn link_struct(&self, linkage: &mut Linkage, tag: &StructTag) {
        if let Some(p) = self.packages.get(&tag.address) {
            linkage.merge(p);
        } else {
            // An original id whose versions are all stored: link its newest.
            let newest = self
                .packages
                .iter()
                .filter(|p| p.original_id == tag.address)
                .max_by_key(|p| p.version);
            if let Some(p) = newest {
                linkage.merge(p);
            }
        }
        for t in &tag.type_args {
            self.link_type(linkage, t);
        }
    }

    /// Runs a Move call as a transaction of its own; on success its effects are applied.
    pub fn call(
        &mut self,
        tx: &Transaction,
        call: &MoveCall,
    ) -> Result<TransactionEffects, SuiError> {
        let package = self
            .packages
            .get(&call.package)
            .cloned()
            .ok_or(InputError::PackageNotFound(call.package))?;
        let objects = self.input_objects(tx, &call.args)?;
        let mut linkage = Linkage::of(&package);
        for t in &call.type_args {
            self.link_type(&mut linkage, t);
        }
        for o in objects.values() {
            self.link_struct(&mut linkage, &o.type_);
        }
        let packages = self.packages.clone();
        self.transact(tx, linkage, packages, |run| {
            let out = run_call(&mut run.session, run.packages, call, &objects)?;
            run.outputs.push(out);
            run.commands += 1;
            Ok(())
        })
    }

    /// Runs `body` as one transaction over `packages` (the stored ones, plus any it
    /// publishes) linked by `linkage`, then turns what it did into effects and applies them.
    pub(crate) fn transact(
        &mut self,
        tx: &Transaction,
        linkage: Linkage,
        packages: Arc<PackageStore>,
        body: impl FnOnce(&mut Run<'_, '_>) -> Result<(), FailureKind>,
    ) -> Result<TransactionEffects, SuiError> {
        let runtime = self.runtime_for(&linkage);
        let storage = LinkedStorage {
            packages: packages.clone(),
            linkage: linkage.clone(),
        };
        let budget = self.config.gas.budget_units(tx.gas_budget, tx.gas_price);
        let mut session = Session::new(&runtime, &storage);
        session.set_gas_budget(Some(budget));
        let rt = ObjectRuntime::new(
            self.tx_context(tx),
            self.config.limits,
            self.config.features.clone(),
            self.objects.clone(),
            packages.clone(),
            linkage.clone(),
        );
        session.extensions_mut().insert(rt);
        session
            .extensions_mut()
            .insert(tern_natives::TypeOrigins(Box::new(
                crate::package::LinkedTypeOrigins {
                    packages: packages.clone(),
                    linkage: linkage.clone(),
                },
            )));
        let mut run = Run {
            session,
            packages: &packages,
            linkage,
            outputs: Vec::new(),
            commands: 0,
        };
        let result = body(&mut run).and_then(|()| crate::finish::finish(&mut run, &self.objects));
        let used = budget.saturating_sub(run.session.gas_left());
        let fail = |kind, command| {
            SuiError::from(ExecutionFailure {
                kind,
                command,
                gas_used: used,
            })
        };
        let mut outcome = match result {
            Ok(outcome) => outcome,
            Err(kind) => return Err(fail(kind, Some(run.commands))),
        };
        let gas = self
            .config
            .gas
            .summary(used, tx.gas_price, &outcome.storage, &self.objects);
        if gas.net() > i128::from(tx.gas_budget) && gas.computation_cost <= tx.gas_budget {
            return Err(fail(FailureKind::InsufficientGas, None));
        }
        outcome.effects.gas = gas;
        for object in &mut outcome.writes {
            object.storage_rebate = self
                .config
                .gas
                .storage_fee(crate::gas::object_storage_size(object));
        }
        outcome.effects.digest = self.digest(tx);
        drop(run);
        self.apply(&outcome.effects, outcome.writes, packages);
        self.executed += 1;
        Ok(outcome.effects)
    }

    /// Applies the writes of a successful transaction and keeps the packages it published.
    fn apply(
        &mut self,
        effects: &TransactionEffects,
        writes: Vec<Object>,
        packages: Arc<PackageStore>,
    ) {
        let objects = Arc::make_mut(&mut self.objects);
        for id in effects
            .deleted
            .iter()
            .chain(&effects.wrapped)
            .chain(&effects.unwrapped_then_deleted)
        {
            objects.remove(id);
        }
        for object in writes {
            objects.insert(object);
        }
        self.packages = packages;
    }

    /// The storage that serves code of `linkage` over the stored packages.
    pub(crate) fn storage(&self, linkage: Linkage) -> LinkedStorage {
        LinkedStorage {
            packages: self.packages.clone(),
            linkage,
        }
    }

    /// The parameters a transaction gives `package::module::function` under `type_args`
    /// (its parameter types without the `TxContext` the chain supplies), with runtime names
    /// (original ids): what a caller needs to encode arguments.
    pub fn parameter_types(
        &self,
        package: ObjectId,
        module: &str,
        function: &str,
        type_args: &[TypeTag],
    ) -> Result<Vec<(TypeTag, Passing)>, SuiError> {
        let p = self
            .packages
            .get(&package)
            .ok_or(InputError::PackageNotFound(package))?;
        let mut linkage = Linkage::of(p);
        for t in type_args {
            self.link_type(&mut linkage, t);
        }
        let runtime = self.runtime_for(&linkage);
        let storage = self.storage(linkage);
        let mut session = Session::new(&runtime, &storage);
        let not_found = || {
            SuiError::from(ExecutionFailure {
                kind: FailureKind::FunctionNotFound(format!(
                    "{}::{module}::{function}",
                    package.to_hex_literal()
                )),
                command: Some(0),
                gas_used: 0,
            })
        };
        let ident = tern_primitives::Identifier::new(module).map_err(|_| not_found())?;
        let f = session
            .function(
                &tern_primitives::ModuleId::new(p.original_id, ident),
                function,
            )
            .map_err(|_| not_found())?;
        let mut tys = Vec::new();
        for t in type_args {
            let tag = crate::package::runtime_type_tag(&self.packages, t);
            tys.push(session.load_type(&tag).map_err(|_| not_found())?);
        }
        let params = session
            .instantiate(&f.params, &tys)
            .map_err(|_| not_found())?;
        let mut out = Vec::new();
        for ty in params {
            use tern_vm::types::TypeNode;
            let (inner, passing) = match session.type_node(ty).map_err(|_| not_found())? {
                TypeNode::Reference(t) => (t, Passing::Reference),
                TypeNode::MutableReference(t) => (t, Passing::MutableReference),
                _ => (ty, Passing::Value),
            };
            let tag = session.type_tag(inner).map_err(|_| not_found())?;
            let is_context = matches!(&tag, TypeTag::Struct(s)
                if s.address == AccountAddress::from_u64(2)
                    && s.module.as_str() == "tx_context"
                    && s.name.as_str() == "TxContext");
            if !is_context {
                out.push((tag, passing));
            }
        }
        Ok(out)
    }

    /// Renders the object `id` as a Move value (Sui's value printing), or `None`.
    pub fn render_object(&self, id: &ObjectId) -> Option<String> {
        let object = self.objects.get(id)?;
        self.render_value(
            &TypeTag::Struct(Box::new(object.type_.clone())),
            &object.contents,
        )
    }

    /// Renders `bytes`, the BCS of a value of type `tag` (a return value, an event), as a
    /// Move value the way Sui prints values, or `None` if the type is unknown or the bytes do
    /// not decode as it.
    pub fn render_value(&self, tag: &TypeTag, bytes: &[u8]) -> Option<String> {
        let mut linkage = Linkage::default();
        self.link_type(&mut linkage, tag);
        let runtime = self.runtime_for(&linkage);
        let storage = self.storage(linkage);
        let mut session = Session::new(&runtime, &storage);
        let tag = crate::package::runtime_type_tag(&self.packages, tag);
        let ty = session.load_type(&tag).ok()?;
        let value = session.deserialize_value(ty, bytes).ok()?;
        Some(tern_vm::values::display_value_sui(
            session.heap(),
            value,
            false,
        ))
    }

    /// Stores the framework packages (`0x1`, `0x2`) and the clock, as genesis does.
    fn install_framework(&mut self) -> Result<(), SuiError> {
        let stdlib = crate::publish::predefined_package(
            AccountAddress::ONE,
            tern_stdlib::sui_stdlib_binaries(),
            &[],
        )?;
        let framework = crate::publish::predefined_package(
            AccountAddress::from_u64(2),
            tern_stdlib::sui_framework_binaries(),
            &[&stdlib],
        )?;
        let packages = Arc::make_mut(&mut self.packages);
        packages.insert(stdlib);
        packages.insert(framework);
        let mut contents = CLOCK_ID.as_bytes().to_vec();
        contents.extend_from_slice(&0u64.to_le_bytes());
        self.insert_object(Object {
            id: CLOCK_ID,
            type_: StructTag {
                address: AccountAddress::from_u64(2),
                module: crate::package::ident("clock").ok_or_else(internal)?,
                name: crate::package::ident("Clock").ok_or_else(internal)?,
                type_args: vec![],
            },
            has_public_transfer: false,
            version: 1,
            owner: Owner::Shared {
                initial_shared_version: 1,
            },
            contents,
            previous_transaction: TxDigest::default(),
            storage_rebate: 0,
        });
        Ok(())
    }

    /// The stored packages, shared.
    pub(crate) fn packages_arc(&self) -> Arc<PackageStore> {
        self.packages.clone()
    }

    /// The natives the chain's code can call.
    pub fn natives_registry(&self) -> &NativeRegistry {
        &self.natives
    }
}

#[cold]
fn internal() -> SuiError {
    SuiError::Input(InputError::BadModule {
        index: 0,
        error: "invalid framework identifier".to_string(),
    })
}

/// What `finish` made of a successful run.
pub(crate) struct Outcome {
    pub effects: TransactionEffects,
    pub writes: Vec<Object>,
    /// Bytes written, and bytes of the stored objects they replace or delete.
    pub storage: crate::gas::StorageChange,
}
