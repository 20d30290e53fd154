//! The [`Vm`] facade.

use crate::publish::{check_links, check_stored_links, store, stored_dependencies, ModuleVerifier};
use std::sync::Arc;
use tern_binary::compatibility::{check_compatibility, CompatibilityOptions};
use tern_binary::{CompiledModule, CompiledScript};
use tern_primitives::{AccountAddress, ModuleId, StatusCode, TypeTag, VmError};
use tern_vm::values::{display_value, Closure};
use tern_vm::{ChangeSet, GasMeter, InMemoryStorage, Runtime, Session, StorageBackend, VmConfig};

/// The result of a successful run: printed return values and `&mut` inputs, and the changes
/// that were committed.
#[derive(Debug, Clone, Default)]
pub struct RunOutput {
    /// Return values, printed as the peer's test output prints them.
    pub return_values: Vec<String>,
    /// `(parameter index, printed final value)` for each `&mut` parameter.
    pub mutable_inputs: Vec<(usize, String)>,
    /// Return values as BCS bytes.
    pub return_bytes: Vec<Vec<u8>>,
    /// `(parameter index, BCS bytes of the final value)` for each `&mut` parameter.
    pub mutable_input_bytes: Vec<(usize, Vec<u8>)>,
    /// Return values as typed values (a value the conversion cannot express, such as a
    /// closure, comes as [`crate::MoveValue::Bcs`] of its bytes).
    pub values: Vec<crate::MoveValue>,
    /// `(parameter index, final value)` for each `&mut` parameter, typed like `values`.
    pub mutable_input_values: Vec<(usize, crate::MoveValue)>,
    /// The committed resource changes.
    pub changes: ChangeSet,
    /// The execution trace, when tracing is on ([`Vm::set_tracing`]).
    pub trace: Option<tern_vm::ExecutionTrace>,
    /// The gas units the run used (one per executed instruction plus what natives charged;
    /// under a gas schedule, its internal units) when it was metered ([`Vm::set_gas_budget`],
    /// [`Vm::set_gas_schedule`], [`Vm::run_function_metered`]).
    pub gas_used: Option<u64>,
    /// Events the Aptos framework's `event` natives recorded, one readable line each (type,
    /// and the value's BCS bytes), in emission order.
    pub events: Vec<String>,
    /// The table entries the run added, changed or removed, by table handle and key (BCS
    /// bytes): what an [`crate::AptosChain`] transaction committed of its tables (a bare
    /// `Vm` keeps no tables between runs and leaves this empty).
    pub table_changes: Vec<TableChange>,
}

/// One table entry a transaction wrote or removed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableChange {
    /// The table's handle (an address, as Aptos derives them).
    pub handle: AccountAddress,
    /// The key's BCS bytes.
    pub key: Vec<u8>,
    /// The entry's value (BCS bytes) after the transaction; `None` when it was removed.
    pub value: Option<Vec<u8>>,
}

/// How a run goes, given to one call ([`Vm::call_with`], [`Vm::run_function_with`]) instead
/// of set on the VM for every later one.
#[derive(Debug, Clone, Default)]
pub struct CallOptions {
    /// The gas budget (one unit per executed instruction, or the schedule's internal units);
    /// `None` runs unmetered.
    pub gas_budget: Option<u64>,
    /// The schedule pricing each instruction; `None` charges one unit each.
    pub gas_schedule: Option<Arc<tern_vm::GasSchedule>>,
    /// Whether to record an execution trace ([`RunOutput::trace`]).
    pub tracing: bool,
    /// Whether to check the types of every executed instruction at run time.
    pub type_checks: bool,
}

/// A Move VM with its own committed storage.
pub struct Vm {
    gas_budget: Option<u64>,
    gas_schedule: Option<Arc<tern_vm::GasSchedule>>,
    last_gas_used: Option<u64>,
    tracing: bool,
    type_checks: bool,
    failure_trace: Option<tern_vm::ExecutionTrace>,
    skip_verification: bool,
    eager_linking: bool,
    verifier_config: tern_verifier::VerifierConfig,
    runtime: Arc<Runtime>,
    storage: Box<dyn StorageBackend>,
    verifier: Option<Box<ModuleVerifier>>,
    published: Vec<ModuleId>,
    reserved_publishing: bool,
    reserved: Vec<tern_primitives::AccountAddress>,
}

impl std::fmt::Debug for Vm {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Vm").finish_non_exhaustive()
    }
}

impl Default for Vm {
    fn default() -> Self {
        Vm::new(VmConfig::default())
    }
}

impl Vm {
    /// A VM with this configuration, the standard-library natives registered and empty
    /// in-memory storage.
    pub fn new(config: VmConfig) -> Vm {
        Vm::with_parts(
            config,
            tern_natives::stdlib_natives(),
            Box::new(InMemoryStorage::new()),
        )
    }

    /// A VM over `storage` that shares `runtime` (its configuration, natives and code cache)
    /// with other VMs, for example one per thread or per tenant. The code cache is keyed by
    /// module id: the storages of VMs sharing a runtime must hold the same published modules
    /// (their resources may differ).
    pub fn with_runtime(runtime: Arc<Runtime>, storage: Box<dyn StorageBackend>) -> Vm {
        Vm {
            gas_budget: None,
            gas_schedule: None,
            last_gas_used: None,
            tracing: false,
            type_checks: false,
            failure_trace: None,
            skip_verification: false,
            eager_linking: false,
            verifier_config: tern_verifier::VerifierConfig::default(),
            runtime,
            storage,
            verifier: None,
            published: Vec::new(),
            reserved_publishing: false,
            reserved: Vec::new(),
        }
    }

    /// A VM with the default configuration and the standard-library natives over `storage`
    /// (for example a [`crate::DirectoryStorage`]); publish the library into it with
    /// [`Vm::publish_stdlib`] if the storage does not hold it yet.
    pub fn with_storage(storage: Box<dyn StorageBackend>) -> Vm {
        Vm::with_parts(VmConfig::default(), tern_natives::stdlib_natives(), storage)
    }

    /// A VM with this configuration, these natives (add the standard library's with
    /// `tern_natives::add_stdlib_natives`) and this storage backend.
    pub fn with_parts(
        config: VmConfig,
        natives: tern_vm::natives::NativeRegistry,
        storage: Box<dyn StorageBackend>,
    ) -> Vm {
        Vm::with_runtime(Arc::new(Runtime::new(config, natives)), storage)
    }

    /// A VM with the standard library published at `0x1`.
    pub fn with_stdlib() -> Result<Vm, VmError> {
        let mut vm = Vm::default();
        vm.publish_stdlib()?;
        Ok(vm)
    }

    /// Publishes the standard library at `0x1`, as one bundle (as the peer does).
    pub fn publish_stdlib(&mut self) -> Result<(), VmError> {
        let modules = tern_stdlib::stdlib_modules().map_err(|e| {
            VmError::new(StatusCode::UNKNOWN_INVARIANT_VIOLATION_ERROR)
                .with_message(format!("standard library does not assemble: {e}"))
        })?;
        let bundle = modules
            .into_iter()
            .map(|m| {
                tern_binary::check_module(&m).map_err(|e| e.to_vm_error())?;
                let bytes = m.serialize().map_err(|e| {
                    VmError::new(StatusCode::UNKNOWN_INVARIANT_VIOLATION_ERROR)
                        .with_message(e.to_string())
                })?;
                Ok((m, bytes))
            })
            .collect::<Result<Vec<_>, VmError>>()?;
        let allowed = std::mem::replace(&mut self.reserved_publishing, true);
        let result = self.publish_deserialized(bundle, &CompatibilityOptions::default());
        self.reserved_publishing = allowed;
        result.map(|_| ())
    }

    /// Meters later runs with this budget (one unit per executed instruction); `None` runs
    /// unmetered.
    pub fn set_gas_budget(&mut self, budget: Option<u64>) {
        self.gas_budget = budget;
    }

    /// Prices each instruction of later metered runs by `schedule` (for example
    /// [`tern_vm::GasSchedule::aptos`]) instead of one unit each; budgets and gas used are
    /// then in the schedule's internal units ([`tern_vm::GasSchedule::internal_units`]
    /// converts gas units). `None` goes back to one unit per instruction. A
    /// [`tern_vm::ScheduledGasMeter`] given to [`Vm::run_function_metered`] brings its own
    /// schedule and counts in gas units.
    pub fn set_gas_schedule(&mut self, schedule: Option<Arc<tern_vm::GasSchedule>>) {
        self.gas_schedule = schedule;
    }

    /// A new session over `storage` with the link check `link_check` and `options` applied
    /// (budget, schedule, runtime type checks; tracing applies where the run is executed).
    fn open_session<'r>(
        runtime: &'r Runtime,
        storage: &'r dyn StorageBackend,
        link_check: Option<tern_vm::LinkCheck>,
        options: &CallOptions,
    ) -> Session<'r> {
        let mut session = Session::new(runtime, storage);
        session.set_link_check(link_check);
        session.set_gas_budget(options.gas_budget);
        session.set_gas_schedule(options.gas_schedule.clone());
        session.set_type_checks(options.type_checks);
        session
    }

    /// The gas units (under a schedule, internal units) the last run ([`Vm::run_function`],
    /// [`Vm::run_script`], [`Vm::call`]) used, whether it succeeded or failed; `None` when it was unmetered or failed before
    /// executing anything (a missing function, bad arguments).
    pub fn gas_used(&self) -> Option<u64> {
        self.last_gas_used
    }

    /// Runs `module::function` like [`Vm::run_function`], charging `meter`: its budget bounds
    /// the run (`OUT_OF_GAS` when it runs out) and it records the units used, whether the run
    /// succeeds or fails. The budget set by [`Vm::set_gas_budget`] does not apply to this run.
    pub fn run_function_metered(
        &mut self,
        module: &ModuleId,
        function: &str,
        type_args: &[TypeTag],
        args: Vec<Vec<u8>>,
        meter: &mut dyn GasMeter,
    ) -> Result<RunOutput, VmError> {
        let options = CallOptions {
            gas_budget: meter.budget(),
            gas_schedule: meter.schedule(),
            ..self.call_options()
        };
        let result = self.run_function_with(module, function, type_args, args, &options);
        if let Some(used) = self.last_gas_used {
            meter.record(used);
        }
        result
    }

    /// The options later runs take by default: what [`Vm::set_gas_budget`],
    /// [`Vm::set_gas_schedule`], [`Vm::set_tracing`] and [`Vm::set_type_checks`] set.
    pub fn call_options(&self) -> CallOptions {
        CallOptions {
            gas_budget: self.gas_budget,
            gas_schedule: self.gas_schedule.clone(),
            tracing: self.tracing,
            type_checks: self.type_checks,
        }
    }

    /// Runs `module::function` like [`Vm::run_function`] with `options` for this run only
    /// (the VM's own settings do not apply to it and stay as they are).
    pub fn run_function_with(
        &mut self,
        module: &ModuleId,
        function: &str,
        type_args: &[TypeTag],
        args: Vec<Vec<u8>>,
        options: &CallOptions,
    ) -> Result<RunOutput, VmError> {
        self.last_gas_used = None;
        let runtime = self.runtime.clone();
        let mut session =
            Self::open_session(&runtime, self.storage.as_ref(), self.link_check(), options);
        let f = session.function(module, function)?;
        let tys = load_types(&mut session, type_args)?;
        let outcomes = (
            options.tracing,
            &mut self.failure_trace,
            &mut self.last_gas_used,
        );
        let out = Self::execute_in(outcomes, session, f, tys, args)
            .map_err(|e| sui_conventions(e, self.storage.as_ref()))?;
        self.storage.apply(out.changes.clone())?;
        Ok(out)
    }

    /// Calls `0xADDR::module::function` like [`Vm::call`] with `options` for this call only.
    ///
    /// ```
    /// use tern::{CallOptions, MoveValue, StatusCode, Vm};
    ///
    /// let mut vm = Vm::with_stdlib()?;
    /// vm.publish_masm("module 0x42::m\npublic fun spin()\nl: branch l\n")?;
    /// let bounded = CallOptions { gas_budget: Some(1_000), ..vm.call_options() };
    /// let err = vm.call_with("0x42::m::spin", &[], &[], &bounded).unwrap_err();
    /// assert_eq!(err.status(), StatusCode::OUT_OF_GAS);
    /// assert_eq!(vm.call_options().gas_budget, None); // the VM's own setting is unchanged
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn call_with(
        &mut self,
        function: &str,
        type_args: &[TypeTag],
        args: &[crate::MoveValue],
        options: &CallOptions,
    ) -> Result<RunOutput, VmError> {
        let (module, name) = parse_function(function)?;
        let blobs = args.iter().map(crate::MoveValue::to_bcs).collect();
        self.run_function_with(&module, &name, type_args, blobs, options)
    }

    /// Records an execution trace of later runs and simulations (returned in
    /// [`RunOutput::trace`], or by [`Vm::take_failure_trace`] when a run fails). Tracing runs
    /// every instruction through the interpreter's general path; it is off by default.
    pub fn set_tracing(&mut self, on: bool) {
        self.tracing = on;
    }

    /// Checks the types of every executed instruction at run time, as the peer's "paranoid"
    /// configurations do for code that skipped the verifier: a failed check is
    /// `UNKNOWN_INVARIANT_VIOLATION_ERROR` with sub-status 1. Checked runs take the
    /// interpreter's general path; off by default (verified code cannot fail the checks).
    pub fn set_type_checks(&mut self, on: bool) {
        self.type_checks = on;
    }

    /// The trace of the last run, if tracing was on and the run failed.
    pub fn take_failure_trace(&mut self) -> Option<tern_vm::ExecutionTrace> {
        self.failure_trace.take()
    }

    /// Executes on `session`, renders the outcome and finishes the session (the output's
    /// `changes`, not yet applied); with tracing on, the trace goes into the output, or into
    /// `failure_trace` when the run fails.
    fn execute_in(
        (tracing, failure_trace, gas_used): Outcomes<'_>,
        mut session: Session<'_>,
        f: tern_vm::loader::LinkedFunction,
        tys: Vec<tern_vm::types::TypeId>,
        args: Vec<Vec<u8>>,
    ) -> Result<RunOutput, VmError> {
        session.set_tracing(tracing);
        *failure_trace = None;
        let budget = session.gas_left();
        // Sui code's values print as Sui's runtime prints them.
        let flavor = match &f.links.source {
            tern_vm::loader::SourceCode::Module(m) => m.flavor,
            _ => tern_binary::Flavor::Aptos,
        };
        let result = session.execute(f, tys, args);
        // Unmetered, the budget is `u64::MAX` and nothing is counted.
        *gas_used = (budget != u64::MAX).then(|| budget.saturating_sub(session.gas_left()));
        let result = result.and_then(|outcome| render(&mut session, &outcome, flavor));
        let trace = session.take_trace();
        match result {
            Ok(out) => {
                let events = session
                    .extensions_mut()
                    .remove::<tern_natives::aptos_framework::EventLog>()
                    .map(|log| log.lines())
                    .unwrap_or_default();
                let changes = session.finish()?;
                Ok(RunOutput {
                    changes,
                    trace,
                    gas_used: *gas_used,
                    events,
                    ..out
                })
            }
            Err(e) => {
                *failure_trace = trace;
                Err(e)
            }
        }
    }

    /// The link check sessions make of each stored module they load: none unless linking is
    /// eager ([`Vm::set_eager_linking`]) and the verifier on.
    pub(crate) fn link_check(&self) -> Option<tern_vm::LinkCheck> {
        (self.eager_linking && !self.skip_verification)
            .then_some(check_stored_links as tern_vm::LinkCheck)
    }

    /// Whether modules may be published at reserved addresses: `0x0`–`0xf` (the standard
    /// library's and the framework's) and those given to [`Vm::reserve_addresses`]. Off by
    /// default: natives bind by name, and the VM knows no owner of an address, so a module
    /// published there could declare a native with another signature than the one it
    /// implements (`vector<signer>` read as `vector<u64>`) or reach natives meant for the
    /// library. [`Vm::publish_stdlib`] always may; a VM built with
    /// [`Vm::with_aptos_framework`] leaves the decision to the framework's own publishing rules
    /// (`code::publish_package`); the test runner allows it, as the peer's does. An embedder
    /// publishing the modules that declare its own natives reserves their address afterwards.
    pub fn set_reserved_publishing(&mut self, allowed: bool) {
        self.reserved_publishing = allowed;
    }

    /// Adds `addresses` to the reserved ones (see [`Vm::set_reserved_publishing`]): for
    /// example the address of an embedder's natives, once their modules are published.
    pub fn reserve_addresses(
        &mut self,
        addresses: impl IntoIterator<Item = tern_primitives::AccountAddress>,
    ) {
        self.reserved.extend(addresses);
    }

    /// Whether `address` is reserved (see [`Vm::set_reserved_publishing`]).
    pub fn is_reserved_address(&self, address: &tern_primitives::AccountAddress) -> bool {
        address.is_special() || self.reserved.contains(address)
    }

    /// Publishes and runs code without the bytecode verifier (for testing the interpreter's
    /// own defences; the VM then reports invariant violations instead of verifier errors).
    pub fn set_skip_verification(&mut self, skip: bool) {
        self.skip_verification = skip;
    }

    /// Whether a session link-checks each stored module as it loads it, as the peer does with
    /// lazy loading off. Off by default, as the peer's default (lazy loading): a module is
    /// checked against its dependencies when it is published, and a dependency republished
    /// later with the compatibility checks off leaves its dependents stale; a stale call then
    /// fails when it runs (a function that no longer exists is `FUNCTION_RESOLUTION_FAILURE`,
    /// reported as `VERIFICATION_ERROR` at the call; a changed signature, visibility or
    /// struct is caught by the runtime type checks). On, loading a stale dependent fails with
    /// `UNEXPECTED_VERIFIER_ERROR` at it, quoting the link error. No effect with the verifier
    /// off.
    pub fn set_eager_linking(&mut self, eager: bool) {
        self.eager_linking = eager;
    }

    /// Replaces the verifier's limits (the default is the peer's production configuration).
    pub fn set_verifier_config(&mut self, config: tern_verifier::VerifierConfig) {
        self.verifier_config = config;
    }

    /// Sets the verification hook run at publish.
    pub fn set_verifier(&mut self, verifier: Box<ModuleVerifier>) {
        self.verifier = Some(verifier);
    }

    /// The shared runtime.
    pub fn runtime(&self) -> &Arc<Runtime> {
        &self.runtime
    }

    /// The committed storage.
    pub fn storage(&self) -> &dyn StorageBackend {
        self.storage.as_ref()
    }

    /// Publishes a module from its bytes.
    pub fn publish(&mut self, bytes: &[u8]) -> Result<ModuleId, VmError> {
        self.publish_with(bytes, &CompatibilityOptions::default())
    }

    /// Like [`Vm::publish`], with the upgrade compatibility check relaxed by `options`.
    pub fn publish_with(
        &mut self,
        bytes: &[u8],
        options: &CompatibilityOptions,
    ) -> Result<ModuleId, VmError> {
        let module = read_module(bytes)?;
        first_id(self.publish_deserialized(vec![(module, bytes.to_vec())], options)?)
    }

    /// Publishes modules from their bytes as one bundle, as the peer publishes a package:
    /// each is deserialized, bounds-checked, checked for upgrade compatibility against the
    /// module it replaces, verified, and linked against the published modules and the
    /// bundle's others, so bundle members may import one another in any order. Either every
    /// module is stored or, at the first error, none. Two modules with one id are
    /// `DUPLICATE_MODULE_NAME`.
    pub fn publish_bundle(&mut self, bundle: &[Vec<u8>]) -> Result<Vec<ModuleId>, VmError> {
        let modules = bundle
            .iter()
            .map(|bytes| {
                let module = read_module(bytes)?;
                Ok((module, bytes.clone()))
            })
            .collect::<Result<Vec<_>, VmError>>()?;
        self.publish_deserialized(modules, &CompatibilityOptions::default())
    }

    /// Publishes an already deserialized module (its bytes are kept in storage as given), with
    /// the full upgrade compatibility check if a module with its id is already published. The
    /// module is bounds-checked first, as deserializing it would have.
    pub fn publish_compiled(
        &mut self,
        module: CompiledModule,
        bytes: Vec<u8>,
    ) -> Result<ModuleId, VmError> {
        self.publish_compiled_with(module, bytes, &CompatibilityOptions::default())
    }

    /// Like [`Vm::publish_compiled`], with the upgrade compatibility check relaxed by `options`.
    pub fn publish_compiled_with(
        &mut self,
        module: CompiledModule,
        bytes: Vec<u8>,
        options: &CompatibilityOptions,
    ) -> Result<ModuleId, VmError> {
        tern_binary::check_module(&module).map_err(|e| e.to_vm_error())?;
        first_id(self.publish_deserialized(vec![(module, bytes)], options)?)
    }

    /// Publishes bounds-checked modules as one bundle (see [`Vm::publish_bundle`]): every
    /// check of every module runs before anything is stored.
    pub(crate) fn publish_deserialized(
        &mut self,
        bundle: Vec<(CompiledModule, Vec<u8>)>,
        options: &CompatibilityOptions,
    ) -> Result<Vec<ModuleId>, VmError> {
        let mut ids: Vec<ModuleId> = Vec::with_capacity(bundle.len());
        for (module, _) in &bundle {
            let id = module_id(module)?;
            if ids.contains(&id) {
                return Err(VmError::new(StatusCode::DUPLICATE_MODULE_NAME)
                    .with_message(format!("module {id} appears twice in the bundle"))
                    .at_location(tern_primitives::Location::Undefined));
            }
            if !self.reserved_publishing && self.is_reserved_address(&id.address) {
                return Err(
                    VmError::new(StatusCode::MODULE_ADDRESS_DOES_NOT_MATCH_SENDER)
                        .with_message(format!(
                            "cannot publish {id}: {} is a reserved address (0x0-0xf, the \
                         standard library's and the framework's, or one reserved by the \
                         embedder); Vm::set_reserved_publishing allows it",
                            id.address.to_hex_literal()
                        ))
                        .at_location(tern_primitives::Location::Undefined),
                );
            }
            ids.push(id);
        }
        for ((module, _), id) in bundle.iter().zip(&ids) {
            self.check_publishable(module, id, &bundle, &ids, options)?;
        }
        // One write for the whole bundle: a storage failure stores none of it.
        let modules = bundle
            .into_iter()
            .zip(&ids)
            .map(|((module, bytes), id)| (id.clone(), bytes, module))
            .collect();
        store(self.storage.as_mut(), modules)?;
        for id in &ids {
            if !self.published.contains(id) {
                self.published.push(id.clone());
            }
            self.runtime.write()?.evict(id);
        }
        Ok(ids)
    }

    /// Every check publishing `module` (id `id`, a member of `bundle`, whose ids are `ids`)
    /// makes before storing it: upgrade compatibility, verification, the verifier hook, and
    /// linking against the bundle and the published modules.
    fn check_publishable(
        &self,
        module: &CompiledModule,
        id: &ModuleId,
        bundle: &[(CompiledModule, Vec<u8>)],
        ids: &[ModuleId],
        options: &CompatibilityOptions,
    ) -> Result<(), VmError> {
        let _span = tracing::debug_span!("publish", module = %id).entered();
        // The peer checks an upgrade against the old module before verifying the new one.
        if let Some(old) = self.storage.module(id)? {
            check_compatibility(&old, module, options)?;
        }
        if !self.skip_verification {
            tern_verifier::verify_module(module, &self.verifier_config)?;
        }
        if let Some(verify) = &self.verifier {
            verify(module)?;
        }
        check_links(module, id, self.storage.as_ref(), ids)?;
        if self.skip_verification {
            return Ok(());
        }
        // A bundle member links against the bundle's version of a module it names.
        let published = stored_dependencies(module, self.storage.as_ref(), ids)?;
        let lookup = |want: &ModuleId| {
            ids.iter()
                .position(|d| d == want)
                .and_then(|i| bundle.get(i))
                .map(|(m, _)| m)
                .or_else(|| {
                    published
                        .iter()
                        .find(|(d, _)| d == want)
                        .map(|(_, m)| m.as_ref())
                })
        };
        tern_verifier::verify_module_dependencies(module, &lookup)
    }

    /// Runs `module::function` with type arguments and BCS arguments; commits on success.
    pub fn run_function(
        &mut self,
        module: &ModuleId,
        function: &str,
        type_args: &[TypeTag],
        args: Vec<Vec<u8>>,
    ) -> Result<RunOutput, VmError> {
        let options = self.call_options();
        self.run_function_with(module, function, type_args, args, &options)
    }

    /// Runs a script; commits on success.
    pub fn run_script(
        &mut self,
        script: &CompiledScript,
        type_args: &[TypeTag],
        args: Vec<Vec<u8>>,
    ) -> Result<RunOutput, VmError> {
        let options = self.call_options();
        self.run_script_with(script, type_args, args, &options)
    }

    /// Runs a script like [`Vm::run_script`] with `options` for this run only.
    pub fn run_script_with(
        &mut self,
        script: &CompiledScript,
        type_args: &[TypeTag],
        args: Vec<Vec<u8>>,
        options: &CallOptions,
    ) -> Result<RunOutput, VmError> {
        self.last_gas_used = None;
        let runtime = self.runtime.clone();
        if !self.skip_verification {
            tern_verifier::verify_script(script, &self.verifier_config)?;
        }
        let mut deps: Vec<(ModuleId, Arc<CompiledModule>)> = Vec::new();
        for d in script_imports(script) {
            if let Some(m) = self.storage.module(&d)? {
                deps.push((d, m));
            }
        }
        let lookup = |want: &ModuleId| {
            deps.iter()
                .find(|(d, _)| d == want)
                .map(|(_, m)| m.as_ref())
        };
        if !self.skip_verification {
            tern_verifier::verify_script_dependencies(script, &lookup)?;
        }
        let mut session =
            Self::open_session(&runtime, self.storage.as_ref(), self.link_check(), options);
        let f = runtime.write()?.load_script(script)?;
        // A script's type argument that does not load fails at the script, without the
        // sub-status a function's gets (`EUSER_TYPE_LOADING_FAILURE`), as in the peer.
        let tys = load_types(&mut session, type_args).map_err(|mut e| {
            if e.status() == StatusCode::TYPE_RESOLUTION_FAILURE {
                e.data_mut().sub_status = None;
            }
            if *e.location() == tern_primitives::Location::Undefined {
                e.at_location(tern_primitives::Location::Script)
            } else {
                e
            }
        })?;
        let outcomes = (
            options.tracing,
            &mut self.failure_trace,
            &mut self.last_gas_used,
        );
        let out = Self::execute_in(outcomes, session, f, tys, args)?;
        self.storage.apply(out.changes.clone())?;
        Ok(out)
    }

    /// Assembles `.masm` text holding one module (its imports resolved against the published
    /// modules) and publishes it. An assembly error keeps its diagnostics (line, column, span,
    /// help: [`MasmError::Assembly`]); a `?` into a [`VmError`] makes it `UNKNOWN_MODULE`
    /// with the rendered diagnostics as message.
    pub fn publish_masm(&mut self, source: &str) -> Result<ModuleId, MasmError> {
        let tern_asm::assembler::CompiledUnit::Module(module) = self.assemble_masm(source)? else {
            return Err(MasmError::NotAModule);
        };
        Ok(self.publish(&serialize_assembled_module(&module)?)?)
    }

    /// Assembles `.masm` text holding a module or a script, its imports resolved against the
    /// modules this VM has published; nothing is published.
    pub fn assemble_masm(
        &self,
        source: &str,
    ) -> Result<tern_asm::assembler::CompiledUnit, MasmError> {
        let mut deps: Vec<Arc<CompiledModule>> = Vec::new();
        for id in &self.published {
            if let Some(m) = self.storage.module(id).map_err(VmError::from)? {
                deps.push(m);
            }
        }
        let dep_refs: Vec<&CompiledModule> = deps.iter().map(|m| m.as_ref()).collect();
        tern_asm::assembler::assemble(source, &dep_refs, &Default::default())
            .map_err(|e| MasmError::Assembly(Box::new(e)))
    }

    /// The modules this VM has published (the standard library's among them when it
    /// published it), in the order they were first published.
    pub fn published_modules(&self) -> &[ModuleId] {
        &self.published
    }

    /// Calls `0xADDR::module::function` with typed arguments; commits on success.
    pub fn call(
        &mut self,
        function: &str,
        type_args: &[TypeTag],
        args: &[crate::MoveValue],
    ) -> Result<RunOutput, VmError> {
        let options = self.call_options();
        self.call_with(function, type_args, args, &options)
    }

    /// Runs a function like [`Vm::run_function`] but commits nothing: the output's `changes`
    /// are what committing would apply (see [`Vm::commit`]).
    pub fn simulate_function(
        &self,
        module: &ModuleId,
        function: &str,
        type_args: &[TypeTag],
        args: Vec<Vec<u8>>,
    ) -> Result<RunOutput, VmError> {
        let options = self.call_options();
        let mut session = Self::open_session(
            &self.runtime,
            self.storage.as_ref(),
            self.link_check(),
            &options,
        );
        let f = session.function(module, function)?;
        let tys = load_types(&mut session, type_args)?;
        Self::execute_in(
            (options.tracing, &mut None, &mut None),
            session,
            f,
            tys,
            args,
        )
    }

    /// Applies a change set (for example one returned by [`Vm::simulate_function`]);
    /// `STORAGE_ERROR` when the storage cannot write it (it then holds none of it).
    pub fn commit(&mut self, changes: ChangeSet) -> Result<(), VmError> {
        Ok(self.storage.apply(changes)?)
    }

    /// The BCS bytes of the resource of type `tag` at `address`, if it exists
    /// (`STORAGE_ERROR` when the storage cannot read it).
    pub fn resource_bytes(
        &self,
        address: tern_primitives::AccountAddress,
        tag: &tern_primitives::StructTag,
    ) -> Result<Option<Vec<u8>>, VmError> {
        Ok(self.storage.resource(&address, tag)?)
    }

    /// The resource of type `tag` at `address` as a value, if it exists (a value the
    /// conversion cannot express, such as one holding a closure, gives
    /// [`crate::MoveValue::Bcs`] of its bytes).
    pub fn resource(
        &self,
        address: tern_primitives::AccountAddress,
        tag: &tern_primitives::StructTag,
    ) -> Result<Option<crate::MoveValue>, VmError> {
        let Some(bytes) = self.storage.resource(&address, tag)? else {
            return Ok(None);
        };
        let mut session = Session::new(&self.runtime, self.storage.as_ref());
        session.set_link_check(self.link_check());
        let ty = session.load_type(&TypeTag::Struct(Box::new(tag.clone())))?;
        let v = session.deserialize_value(ty, &bytes)?;
        let mut cache = self.runtime.write()?;
        Ok(Some(
            crate::value::from_heap(&mut cache, session.heap(), ty, v, 0)
                .unwrap_or(crate::MoveValue::Bcs(bytes)),
        ))
    }

    /// Renders a resource the way the test runner's `view` prints it.
    pub fn view(
        &self,
        address: tern_primitives::AccountAddress,
        tag: &tern_primitives::StructTag,
    ) -> Result<Option<String>, VmError> {
        let mut session = Session::new(&self.runtime, self.storage.as_ref());
        session.set_link_check(self.link_check());
        session.view_resource(address, tag)
    }
}

/// The bytes of an assembled module, at the newest version, as the peer's test harness
/// serializes (the assembler records v9, and v10 instructions such as `abort_msg` need v10).
pub fn serialize_assembled_module(module: &CompiledModule) -> Result<Vec<u8>, VmError> {
    module
        .serialize_for_version(tern_binary::VERSION_MAX)
        .map_err(|e| VmError::new(e.status).with_message(e.message))
}

/// The bytes of an assembled script, at the newest version (see
/// [`serialize_assembled_module`]).
pub fn serialize_assembled_script(
    script: &tern_binary::CompiledScript,
) -> Result<Vec<u8>, VmError> {
    script
        .serialize_for_version(tern_binary::VERSION_MAX)
        .map_err(|e| VmError::new(e.status).with_message(e.message))
}

/// Why [`Vm::publish_masm`] failed.
#[derive(Debug, thiserror::Error)]
pub enum MasmError {
    /// The text does not assemble: the diagnostics, with positions and help
    /// ([`tern_asm::assembler::AsmError::diagnostics`]).
    #[error("{}", .0.render_with_help("<masm>"))]
    Assembly(Box<tern_asm::assembler::AsmError>),
    /// The text holds a script, not a module.
    #[error("expected a module but found a script")]
    NotAModule,
    /// The module assembled but did not publish.
    #[error("{0}")]
    Vm(#[from] VmError),
}

impl MasmError {
    /// The VM's status: `UNKNOWN_MODULE` for text that does not assemble to a module.
    pub fn status(&self) -> StatusCode {
        match self {
            MasmError::Vm(e) => e.status(),
            MasmError::Assembly(_) | MasmError::NotAModule => StatusCode::UNKNOWN_MODULE,
        }
    }
}

impl From<MasmError> for VmError {
    fn from(e: MasmError) -> VmError {
        match e {
            MasmError::Vm(e) => e,
            other => VmError::new(StatusCode::UNKNOWN_MODULE).with_message(other.to_string()),
        }
    }
}

/// Splits `0xADDR::module::function`.
pub(crate) fn parse_function(path: &str) -> Result<(ModuleId, String), VmError> {
    let bad = || {
        VmError::new(StatusCode::FUNCTION_RESOLUTION_FAILURE).with_message(format!(
            "`{path}` is not of the form 0xADDR::module::function"
        ))
    };
    let mut parts = path.split("::");
    let (Some(addr), Some(module), Some(function), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(bad());
    };
    let address = tern_primitives::AccountAddress::from_hex_literal(addr).map_err(|_| bad())?;
    let module = tern_primitives::Identifier::new(module).map_err(|_| bad())?;
    Ok((ModuleId::new(address, module), function.to_string()))
}

/// The modules a script imports.
fn script_imports(script: &CompiledScript) -> Vec<ModuleId> {
    script
        .module_handles
        .iter()
        .filter_map(|h| {
            Some(ModuleId::new(
                *script.address_identifiers.get(h.address.idx())?,
                script.identifiers.get(h.name.idx())?.clone(),
            ))
        })
        .collect()
}

pub(crate) fn load_types(
    session: &mut Session<'_>,
    tags: &[TypeTag],
) -> Result<Vec<tern_vm::types::TypeId>, VmError> {
    tags.iter().map(|t| session.load_type(t)).collect()
}

/// Prints and serializes an outcome's values.
pub(crate) fn render(
    session: &mut Session<'_>,
    outcome: &tern_vm::ExecutionOutcome,
    flavor: tern_binary::Flavor,
) -> Result<RunOutput, VmError> {
    let runtime = session.runtime();
    let is_signer = |ty: tern_vm::types::TypeId| {
        use tern_vm::types::TypeNode as N;
        runtime
            .read()
            .is_ok_and(|cache| match cache.types.node(ty) {
                N::Signer => true,
                N::Reference(t) | N::MutableReference(t) => {
                    matches!(cache.types.node(*t), N::Signer)
                }
                _ => false,
            })
    };
    let closure_name = |c: &Closure| -> String {
        let mut s = match c.target.module() {
            Some(m) => {
                let addr = m.address.to_standard_string();
                format!("{addr}::{}::{}", m.name, c.target.name())
            }
            None => format!("script::{}", c.target.name()),
        };
        if let Ok(cache) = runtime.read() {
            let args = cache.types.list(c.ty_args);
            if !args.is_empty() {
                let names: Vec<String> = args
                    .iter()
                    .map(|t| {
                        tern_vm::type_names::type_tag(&cache, *t)
                            .map(|t| t.to_string())
                            .unwrap_or_default()
                    })
                    .collect();
                s.push_str(&format!("<{}>", names.join(", ")));
            }
        }
        s
    };
    // The typed form of a value, or its bytes when the conversion cannot express it.
    let typed = |session: &Session<'_>, ty, v, bytes: &Vec<u8>| {
        runtime
            .write()
            .ok()
            .and_then(|mut cache| crate::value::from_heap(&mut cache, session.heap(), ty, v, 0))
            .unwrap_or_else(|| crate::MoveValue::Bcs(bytes.clone()))
    };
    let show = |session: &Session<'_>, ty, v| match flavor {
        tern_binary::Flavor::Sui => {
            tern_vm::values::display_value_sui(session.heap(), v, is_signer(ty))
        }
        tern_binary::Flavor::Aptos => display_value(session.heap(), v, &closure_name),
    };
    let mut out = RunOutput::default();
    for (i, (ty, v)) in outcome.return_values.iter().enumerate() {
        let mut text = show(session, *ty, *v);
        // Sui prints a value returned by reference as `(&) ` and the value.
        if flavor == tern_binary::Flavor::Sui
            && outcome
                .returned_by_reference
                .get(i)
                .copied()
                .unwrap_or(false)
        {
            text = format!("(&) {text}");
        }
        out.return_values.push(text);
        let bytes = session.serialize_value(*ty, *v).unwrap_or_default();
        out.values.push(typed(session, *ty, *v, &bytes));
        out.return_bytes.push(bytes);
    }
    for (i, ty, v) in &outcome.mutable_inputs {
        out.mutable_inputs.push((*i, show(session, *ty, *v)));
        let bytes = session.serialize_value(*ty, *v).unwrap_or_default();
        out.mutable_input_values
            .push((*i, typed(session, *ty, *v, &bytes)));
        out.mutable_input_bytes.push((*i, bytes));
    }
    Ok(out)
}

/// The id of the one module a single-module publish stored.
fn first_id(ids: Vec<ModuleId>) -> Result<ModuleId, VmError> {
    ids.into_iter().next().ok_or_else(|| {
        VmError::new(StatusCode::UNKNOWN_INVARIANT_VIOLATION_ERROR)
            .with_message("a publish stored no module".to_string())
    })
}

/// What a run reports besides its output: whether it is traced, and where its trace (when it
/// fails) and the gas it used go.
type Outcomes<'a> = (
    bool,
    &'a mut Option<tern_vm::ExecutionTrace>,
    &'a mut Option<u64>,
);

/// The id of a module to publish (a bounds-checked module always has one).
fn module_id(module: &CompiledModule) -> Result<ModuleId, VmError> {
    module.self_id().ok_or_else(|| {
        VmError::new(StatusCode::UNKNOWN_INVARIANT_VIOLATION_ERROR)
            .with_message("module without a valid self handle")
    })
}

/// Reads a module of either flavor: a v7+ binary names its own; an unflavored (v5/v6) one is
/// read as Aptos's.
fn read_module(bytes: &[u8]) -> Result<CompiledModule, VmError> {
    let config = tern_binary::DeserializerConfig::detect(tern_binary::Flavor::Aptos);
    CompiledModule::deserialize_with_config(bytes, &config).map_err(|e| e.to_vm_error())
}

/// An execution error raised in a Sui module, with the message Sui's runtime gives it: an
/// abort names the function and offset, a failed cast names the value as `u128(…)`, other
/// arithmetic errors have none. (The engine's messages are Aptos's.)
fn sui_conventions(mut e: VmError, storage: &dyn StorageBackend) -> VmError {
    let tern_primitives::Location::Module(id) = e.location().clone() else {
        return e;
    };
    let Ok(Some(module)) = storage.module(&id) else {
        return e;
    };
    if module.flavor != tern_binary::Flavor::Sui {
        return e;
    }
    match e.status() {
        StatusCode::ABORTED => {
            let Some(&(def, pc)) = e.data().offsets.first() else {
                return e;
            };
            let name = module
                .function_defs
                .get(usize::from(def))
                .and_then(|d| module.function_handles.get(d.function.idx()))
                .and_then(|h| module.identifiers.get(h.name.idx()));
            if let Some(name) = name {
                e.data_mut().message = Some(format!(
                    "0x{}::{}::{name} at offset {pc}",
                    id.address.full_hex(),
                    id.name
                ));
            }
        }
        StatusCode::ARITHMETIC_ERROR => {
            let cast = e
                .message()
                .and_then(|m| m.strip_prefix("Cannot cast "))
                .map(|rest| {
                    // `U256(5) to u64` → `u256(5) to u64`
                    match rest.split_once('(') {
                        Some((ty, tail)) => format!("Cannot cast {}({tail}", ty.to_lowercase()),
                        None => format!("Cannot cast {rest}"),
                    }
                });
            e.data_mut().message = cast;
        }
        // An element borrow past the end names Sui's vector representation: primitive
        // elements live in a `PrimVec`, others in a `Vec` (an element type that is a type
        // parameter is known only at run time: no message then).
        StatusCode::VECTOR_OPERATION_ERROR if e.sub_status() == Some(1) => {
            let Some(&(def, pc)) = e.data().offsets.first() else {
                return e;
            };
            let code = module
                .function_defs
                .get(usize::from(def))
                .and_then(|d| d.code.as_ref());
            let element = match code.and_then(|c| c.code.get(pc as usize)) {
                Some(
                    tern_binary::Bytecode::VecImmBorrow(sig)
                    | tern_binary::Bytecode::VecMutBorrow(sig),
                ) => module.signatures.get(sig.idx()).and_then(|s| s.0.first()),
                _ => None,
            };
            use tern_binary::SignatureToken as T;
            let representation = match element {
                Some(
                    T::Bool | T::U8 | T::U16 | T::U32 | T::U64 | T::U128 | T::U256 | T::Address,
                ) => "PrimVec",
                Some(T::TypeParameter(_)) | None => return e,
                Some(_) => "Vec",
            };
            e.data_mut().message = Some(format!("Index out of bounds in {representation}"));
        }
        _ => {}
    }
    e
}
