//! The [`TestAdapter`] that runs transactional tests on Tern: a [`Vm`] with the standard
//! library published, plus the modules each test publishes.

use crate::{ExecOutput, PublishOptions, RunConfig, RunOptions, TestAdapter};
use tern::Vm;
use tern_binary::{CompiledModule, CompiledScript};
use tern_primitives::{AccountAddress, Identifier, ModuleId, StructTag, TypeTag, VmError};

/// Runs test tasks on a fresh [`Vm`] with the standard library at `0x1`.
pub struct TernAdapter {
    vm: Vm,
    context: Vec<CompiledModule>,
    /// The instruction budget of runs that give none (`--gas-budget`).
    default_budget: Option<u64>,
    /// Set for a [`RunConfig::Sui`] adapter: Sui's packages, published as Sui's Move test
    /// runner publishes them.
    sui: Option<SuiPackages>,
}

/// What a Sui adapter keeps: the package published at each address (its runner publishes a
/// module as the one-module package at the module's address, replacing the one there).
#[derive(Debug, Default)]
struct SuiPackages {
    packages: std::collections::BTreeMap<AccountAddress, Vec<CompiledModule>>,
}

/// The instruction budget of a run in the [`RunConfig::Paranoid`] configuration that sets no
/// `--gas-budget`: unverified code that the peer's runtime type checks would have stopped may
/// run on here, and must not hang the test run (a program of the suites executes far fewer
/// instructions).
pub const PARANOID_INSTRUCTION_BUDGET: u64 = 100_000_000;

impl std::fmt::Debug for TernAdapter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TernAdapter").finish_non_exhaustive()
    }
}

impl TernAdapter {
    /// A VM with the standard library published.
    pub fn new() -> Result<TernAdapter, VmError> {
        TernAdapter::with_config(tern::VmConfig::default())
    }

    /// A VM with `config` (its limits) and the standard library published.
    pub fn with_config(config: tern::VmConfig) -> Result<TernAdapter, VmError> {
        let mut vm = Vm::new(config);
        // Test files publish at 0x1 and the natives' addresses, as the peer's runner allows.
        vm.set_reserved_publishing(true);
        let stdlib = tern_stdlib::stdlib_modules().map_err(|e| {
            VmError::new(tern_primitives::StatusCode::UNKNOWN_INVARIANT_VIOLATION_ERROR)
                .with_message(format!("standard library does not assemble: {e}"))
        })?;
        vm.publish_stdlib()?;
        Ok(TernAdapter {
            vm,
            context: stdlib,
            default_budget: None,
            sui: None,
        })
    }

    /// A VM over `storage` (for example a [`tern::DirectoryStorage`] that keeps state between
    /// runs) with the standard library published into it.
    pub fn with_storage(storage: Box<dyn tern::StorageBackend>) -> Result<TernAdapter, VmError> {
        TernAdapter::with_config_and_storage(tern::VmConfig::default(), storage)
    }

    /// [`TernAdapter::with_storage`] with this VM configuration.
    pub fn with_config_and_storage(
        config: tern::VmConfig,
        storage: Box<dyn tern::StorageBackend>,
    ) -> Result<TernAdapter, VmError> {
        let mut vm = Vm::with_parts(config, tern_natives::stdlib_natives(), storage);
        vm.set_reserved_publishing(true);
        let stdlib = tern_stdlib::stdlib_modules().map_err(|e| {
            VmError::new(tern_primitives::StatusCode::UNKNOWN_INVARIANT_VIOLATION_ERROR)
                .with_message(format!("standard library does not assemble: {e}"))
        })?;
        vm.publish_stdlib()?;
        Ok(TernAdapter {
            vm,
            context: stdlib,
            default_budget: None,
            sui: None,
        })
    }

    /// The argument blobs with the first `signers` (`--signers`, in the Aptos VM's form: byte
    /// 0, then the address) as bare addresses for a Sui adapter, whose VM takes them so.
    fn signers_as_the_flavor_takes_them(
        &self,
        mut args: Vec<Vec<u8>>,
        signers: usize,
    ) -> Vec<Vec<u8>> {
        if self.sui.is_some() {
            for blob in args.iter_mut().take(signers) {
                if blob.len() == 33 && blob.first() == Some(&0) {
                    blob.remove(0);
                }
            }
        }
        args
    }

    /// The options of one run: its budget (under [`RunConfig::Sui`], a `--gas-budget` of `N`
    /// is `N` gas units of Sui's development cost table, [`tern::GasSchedule::sui_dev`], as
    /// Sui's runner meters it; otherwise one unit per instruction, or the VM's schedule) and
    /// tracing, beside the adapter's runtime type checks.
    fn call_options(&self, opts: &RunOptions) -> tern::CallOptions {
        let (gas_budget, gas_schedule) = match (&self.sui, opts.gas_budget) {
            (Some(_), Some(units)) => {
                let schedule = tern::GasSchedule::sui_dev();
                let budget = schedule.internal_units(units);
                (Some(budget), Some(std::sync::Arc::new(schedule)))
            }
            (Some(_), None) => (self.default_budget, None),
            (None, budget) => (
                budget.or(self.default_budget),
                self.vm.call_options().gas_schedule,
            ),
        };
        tern::CallOptions {
            gas_budget,
            gas_schedule,
            tracing: opts.display_trace,
            ..self.vm.call_options()
        }
    }

    /// The VM the adapter runs on.
    pub fn vm(&self) -> &Vm {
        &self.vm
    }

    /// The VM the adapter runs on, mutably (to set its gas schedule, say).
    pub fn vm_mut(&mut self) -> &mut Vm {
        &mut self.vm
    }

    /// A VM with the standard library published, or (if the library cannot be published, which
    /// [`TernAdapter::new`] reports) an empty one.
    pub fn new_or_empty() -> TernAdapter {
        TernAdapter::new().unwrap_or_else(|_| TernAdapter {
            vm: {
                let mut vm = Vm::default();
                vm.set_reserved_publishing(true);
                vm
            },
            context: Vec::new(),
            default_budget: None,
            sui: None,
        })
    }

    /// The adapter for a test file's configuration, as the peer's harness runs it, with the
    /// runtime type checks on in both ([`Vm::set_type_checks`]): the baseline one with the
    /// verifier, or for [`RunConfig::Paranoid`] (`paranoid-tests/`) one without it, whose
    /// runs stop after [`PARANOID_INSTRUCTION_BUDGET`] instructions unless they set a budget.
    pub fn for_config(config: RunConfig) -> TernAdapter {
        let mut adapter = match config {
            RunConfig::Baseline => TernAdapter::new_or_empty(),
            RunConfig::Paranoid => {
                let mut adapter = TernAdapter::unverified();
                adapter.default_budget = Some(PARANOID_INSTRUCTION_BUDGET);
                adapter
            }
            // Sui's runner has no runtime type checks.
            RunConfig::Sui => return TernAdapter::sui(),
        };
        adapter.vm.set_type_checks(true);
        adapter
    }

    /// This adapter with the runtime type checks on or off. Verified code never fails them,
    /// so a baseline run gives the same output either way (a test checks it), unless a module
    /// was republished with the compatibility checks off and left its dependents stale; off,
    /// runs take the interpreter's fast loops.
    pub fn with_type_checks(mut self, on: bool) -> TernAdapter {
        self.vm.set_type_checks(on);
        self
    }

    /// Like [`TernAdapter::new_or_empty`], but publishing and running without the verifier.
    fn unverified() -> TernAdapter {
        let mut adapter = TernAdapter::new_or_empty();
        adapter.vm.set_skip_verification(true);
        adapter
    }

    /// An adapter that runs Sui code as Sui's Move test runner does: Sui's standard library
    /// (protocol 130) and its natives at `0x1`, every publish a package verified as Sui's Move
    /// VM verifies it (its runner's configuration: no size limits).
    pub fn sui() -> TernAdapter {
        let mut vm = Vm::with_parts(
            tern::VmConfig {
                address_signers: true,
                type_limits: tern::TypeLimits::SUI,
                ..tern::VmConfig::default()
            },
            tern_natives::sui_stdlib_natives(),
            Box::new(tern::InMemoryStorage::new()),
        );
        vm.set_skip_verification(true);
        vm.set_reserved_publishing(true);
        let binaries: Vec<Vec<u8>> = tern_stdlib::sui_stdlib_binaries()
            .iter()
            .map(|(_, b)| b.to_vec())
            .collect();
        let stdlib: Vec<CompiledModule> = binaries
            .iter()
            .filter_map(|b| CompiledModule::deserialize_with_config(b, &sui_reader()).ok())
            .collect();
        let mut packages = SuiPackages::default();
        if vm.publish_bundle(&binaries).is_ok() {
            packages
                .packages
                .insert(AccountAddress::ONE, stdlib.clone());
        }
        TernAdapter {
            vm,
            context: stdlib,
            default_budget: None,
            sui: Some(packages),
        }
    }

    fn remember(&mut self, module: CompiledModule) {
        let id = module.self_id();
        self.context.retain(|m| m.self_id() != id);
        self.context.push(module);
    }
}

/// A binary-format error as the peer reports it at publish (location undefined).
fn to_exec_output(out: tern::RunOutput) -> ExecOutput {
    ExecOutput {
        mutable_inputs: out.mutable_inputs,
        return_values: out.return_values,
        trace: out.trace.map(|t| t.render()),
    }
}

impl TestAdapter for TernAdapter {
    fn context_modules(&self) -> Vec<&CompiledModule> {
        self.context.iter().collect()
    }

    fn style(&self) -> crate::Style {
        if self.sui.is_some() {
            crate::Style::Sui
        } else {
            crate::Style::Aptos
        }
    }

    fn publish(
        &mut self,
        module: CompiledModule,
        bytes: Vec<u8>,
        opts: &PublishOptions,
    ) -> Result<(), VmError> {
        if self.sui.is_some() {
            return self.publish_sui(module, bytes);
        }
        let compat = tern::CompatibilityOptions {
            skip_struct_layout: opts.skip_check_struct_layout,
            skip_friend_linking: opts.skip_check_friend_linking,
            skip_all: opts.skip_check_struct_and_pub_function_linking,
        };
        // Publish the serialized bytes, as the peer does: they are deserialized and
        // bounds-checked again before verification.
        self.vm.publish_with(&bytes, &compat)?;
        self.remember(module);
        Ok(())
    }

    fn run_script(
        &mut self,
        _script: CompiledScript,
        bytes: Vec<u8>,
        args: Vec<Vec<u8>>,
        type_args: Vec<TypeTag>,
        opts: &RunOptions,
    ) -> Result<ExecOutput, VmError> {
        let options = self.call_options(opts);
        // The peer reloads the script from its bytes; load failures are reported as
        // CODE_DESERIALIZATION_ERROR.
        let script = CompiledScript::deserialize(&bytes).map_err(|e| {
            VmError::new(tern_primitives::StatusCode::CODE_DESERIALIZATION_ERROR)
                .with_message(e.to_string())
        })?;
        let args = self.signers_as_the_flavor_takes_them(args, opts.signers_count);
        self.vm
            .run_script_with(&script, &type_args, args, &options)
            .map(to_exec_output)
    }

    fn run_function(
        &mut self,
        module: &ModuleId,
        function: &Identifier,
        args: Vec<Vec<u8>>,
        type_args: Vec<TypeTag>,
        opts: &RunOptions,
    ) -> Result<ExecOutput, VmError> {
        if let Some(sui) = &self.sui {
            if !sui.packages.contains_key(&module.address) {
                return Err(VmError::new(tern_primitives::StatusCode::LINKER_ERROR)
                    .with_message(format!(
                        "Cannot find package {} in data cache",
                        module.address.full_hex()
                    ))
                    .at_location(tern_primitives::Location::Package(module.address)));
            }
        }
        let options = self.call_options(opts);
        let args = self.signers_as_the_flavor_takes_them(args, opts.signers_count);
        let out =
            self.vm
                .run_function_with(module, function.as_str(), &type_args, args, &options)?;
        Ok(to_exec_output(out))
    }

    fn take_failure_trace(&mut self) -> Option<String> {
        self.vm.take_failure_trace().map(|t| t.render())
    }

    fn view(
        &mut self,
        address: AccountAddress,
        resource: &StructTag,
    ) -> Result<Option<String>, VmError> {
        self.vm.view(address, resource)
    }
}

/// How Sui's Move test runner reads binaries: Sui's format without mainnet's table limits.
fn sui_reader() -> tern_binary::DeserializerConfig {
    tern_binary::DeserializerConfig {
        sui_table_limits: tern_binary::SuiTableLimits::UNLIMITED,
        ..tern_binary::DeserializerConfig::sui()
    }
}

/// The verifier configuration of Sui's Move test runner: Sui's rules without mainnet's size
/// limits.
fn sui_runner_verifier() -> tern_verifier::SuiVerifierConfig {
    tern_verifier::SuiVerifierConfig {
        max_loop_depth: None,
        max_function_parameters: None,
        max_generic_instantiation_length: None,
        max_basic_blocks: None,
        max_type_nodes: None,
        max_generic_instantiation_type_nodes_per_function: None,
        max_generic_instantiation_type_nodes_per_module: None,
        max_push_size: None,
        max_dependency_depth: None,
        max_data_definitions: None,
        max_fields_in_struct: None,
        max_function_definitions: None,
        disallow_self_identifier: false,
        ..tern_verifier::SuiVerifierConfig::mainnet()
    }
}

impl TernAdapter {
    /// A publish as Sui's Move test runner makes it: the module read from its bytes, linked
    /// against the packages published at the addresses it uses (transitively), verified as
    /// Sui's Move VM verifies a package, then stored as the package at its address.
    fn publish_sui(&mut self, module: CompiledModule, bytes: Vec<u8>) -> Result<(), VmError> {
        let checked = CompiledModule::deserialize_with_config(&bytes, &sui_reader())
            .map_err(|e| e.to_vm_error())?;
        let Some(sui) = &self.sui else {
            return Ok(());
        };
        let address = *checked.address().ok_or_else(|| {
            VmError::new(tern_primitives::StatusCode::UNKNOWN_INVARIANT_VIOLATION_ERROR)
        })?;
        // The linkage: every package reachable through the addresses the module imports.
        let mut linked = std::collections::BTreeSet::new();
        let mut pending: Vec<AccountAddress> = checked
            .immediate_dependencies()
            .map(|id| id.address)
            .filter(|a| *a != address)
            .collect();
        while let Some(next) = pending.pop() {
            if !linked.insert(next) {
                continue;
            }
            let Some(modules) = sui.packages.get(&next) else {
                return Err(
                    VmError::new(tern_primitives::StatusCode::LINKER_ERROR).with_message(format!(
                        "Cannot find {} in data cache when building linkage context",
                        next.full_hex()
                    )),
                );
            };
            pending.extend(
                modules
                    .iter()
                    .flat_map(|m| m.immediate_dependencies())
                    .map(|id| id.address)
                    .filter(|a| *a != next),
            );
        }
        linked.remove(&address);
        let deps: Vec<tern_verifier::SuiPackage<'_>> = linked
            .iter()
            .filter_map(|a| {
                sui.packages
                    .get(a)
                    .map(|modules| tern_verifier::SuiPackage {
                        original_id: *a,
                        version_id: *a,
                        modules,
                    })
            })
            .collect();
        let modules = [checked];
        let package = tern_verifier::SuiPackage {
            original_id: address,
            version_id: address,
            modules: &modules,
        };
        let natives = &self.vm.runtime().natives;
        let known = |a: &AccountAddress, m: &str, f: &str| {
            tern_primitives::Identifier::new(m)
                .ok()
                .and_then(|m| natives.lookup(&ModuleId::new(*a, m), f))
                .is_some()
        };
        tern_verifier::verify_sui_move_package(
            &package,
            &deps,
            &sui_runner_verifier(),
            Some(&known),
        )?;
        let compat = tern::CompatibilityOptions {
            skip_all: true,
            ..tern::CompatibilityOptions::default()
        };
        self.vm.publish_with(&bytes, &compat)?;
        let [checked] = modules;
        if let Some(sui) = &mut self.sui {
            sui.packages.insert(address, vec![checked]);
        }
        self.remember(module);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)] // test code: a failed unwrap is a failed test

    use super::*;

    /// A run's budget, schedule and tracing are the run's own: the VM's settings are the same
    /// before and after, and the next run without them is unmetered and untraced.
    #[test]
    fn a_runs_options_do_not_stay_on_the_vm() {
        let mut adapter = TernAdapter::for_config(RunConfig::Baseline);
        let id = adapter
            .vm_mut()
            .publish_masm("module 0x42::m\npublic fun spin()\nl: branch l\npublic fun one(): u64\n    ld_u64 1\n    ret\n")
            .unwrap();
        let before = adapter.vm().call_options();
        let bounded = RunOptions {
            gas_budget: Some(100),
            display_trace: true,
            ..RunOptions::default()
        };
        let spin = Identifier::new("spin").unwrap();
        let err = adapter
            .run_function(&id, &spin, Vec::new(), Vec::new(), &bounded)
            .unwrap_err();
        assert_eq!(err.status(), tern_primitives::StatusCode::OUT_OF_GAS);
        let after = adapter.vm().call_options();
        assert_eq!(
            (after.gas_budget, after.tracing, after.type_checks),
            (before.gas_budget, before.tracing, before.type_checks)
        );
        let one = Identifier::new("one").unwrap();
        let out = adapter
            .run_function(&id, &one, Vec::new(), Vec::new(), &RunOptions::default())
            .unwrap();
        assert_eq!(
            (out.return_values, out.trace),
            (vec!["1".to_string()], None)
        );
        assert_eq!(adapter.vm().gas_used(), None, "the second run was metered");
    }

    /// Under Sui's configuration a `--gas-budget` brings Sui's development schedule for that
    /// run only.
    #[test]
    fn a_sui_budget_prices_its_run_only() {
        let mut adapter = TernAdapter::sui();
        let metered = adapter.call_options(&RunOptions {
            gas_budget: Some(7),
            ..RunOptions::default()
        });
        let schedule = tern::GasSchedule::sui_dev();
        assert_eq!(metered.gas_budget, Some(schedule.internal_units(7)));
        assert!(metered.gas_schedule.is_some());
        let plain = adapter.call_options(&RunOptions::default());
        assert!(plain.gas_schedule.is_none() && plain.gas_budget.is_none());
        assert!(adapter.vm_mut().call_options().gas_schedule.is_none());
    }
}
