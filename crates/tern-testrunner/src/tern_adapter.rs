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
        let mut vm = Vm::default();
        let stdlib = tern_stdlib::stdlib_modules().map_err(|e| {
            VmError::new(tern_primitives::StatusCode::UNKNOWN_INVARIANT_VIOLATION_ERROR)
                .with_message(format!("standard library does not assemble: {e}"))
        })?;
        vm.publish_stdlib()?;
        Ok(TernAdapter {
            vm,
            context: stdlib,
            default_budget: None,
        })
    }

    /// A VM with the standard library published, or (if the library cannot be published, which
    /// [`TernAdapter::new`] reports) an empty one.
    pub fn new_or_empty() -> TernAdapter {
        TernAdapter::new().unwrap_or_else(|_| TernAdapter {
            vm: Vm::default(),
            context: Vec::new(),
            default_budget: None,
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
        };
        adapter.vm.set_type_checks(true);
        adapter
    }

    /// This adapter with the runtime type checks on or off. Verified code never fails them,
    /// so a baseline run gives the same output either way (a test checks it); off, runs take
    /// the interpreter's fast loops.
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

    fn publish(
        &mut self,
        module: CompiledModule,
        bytes: Vec<u8>,
        opts: &PublishOptions,
    ) -> Result<(), VmError> {
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
        self.vm
            .set_gas_budget(opts.gas_budget.or(self.default_budget));
        self.vm.set_tracing(opts.display_trace);
        // The peer reloads the script from its bytes; load failures are reported as
        // CODE_DESERIALIZATION_ERROR.
        let script = CompiledScript::deserialize(&bytes).map_err(|e| {
            VmError::new(tern_primitives::StatusCode::CODE_DESERIALIZATION_ERROR)
                .with_message(e.to_string())
        })?;
        self.vm
            .run_script(&script, &type_args, args)
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
        self.vm
            .set_gas_budget(opts.gas_budget.or(self.default_budget));
        self.vm.set_tracing(opts.display_trace);
        self.vm
            .run_function(module, function.as_str(), &type_args, args)
            .map(to_exec_output)
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
