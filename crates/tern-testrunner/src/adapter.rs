//! The interface between the runner and a VM: what the runner asks the VM to do for each
//! command, and what comes back.

use tern_binary::{CompiledModule, CompiledScript};
use tern_primitives::{AccountAddress, Identifier, ModuleId, StructTag, TypeTag, VmError};

/// Whose transactional-test runner a test file follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Style {
    /// Aptos's (`task N lines A-B:`, a `run` block is a script).
    #[default]
    Aptos,
    /// Sui's Move runner (`task N, lines A-B:`, a `run` block is a module whose entry function
    /// is called).
    Sui,
}

/// Options of a `publish` task that the VM acts on.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PublishOptions {
    /// `--verbose` (the runner renders the verbose error block; informative for the VM).
    pub verbose: bool,
    /// `--skip-check-friend-linking`: relax the friend-linking compatibility check.
    pub skip_check_friend_linking: bool,
    /// `--skip-check-struct-and-pub-function-linking`: disable all compatibility checking.
    pub skip_check_struct_and_pub_function_linking: bool,
    /// `--skip-check-struct-layout`: relax the struct-layout compatibility check.
    pub skip_check_struct_layout: bool,
    /// `--gas-budget` (no effect on publishing in the peer).
    pub gas_budget: Option<u64>,
}

/// Options of a `run` task that the VM acts on.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RunOptions {
    /// `--verbose` (the runner renders the verbose error block; informative for the VM).
    pub verbose: bool,
    /// `--gas-budget N`: meter gas with this budget; `None` runs unmetered.
    pub gas_budget: Option<u64>,
    /// `--display-trace`: record the execution trace and return it in
    /// [`ExecOutput::trace`] (or [`TestAdapter::take_failure_trace`] on failure).
    pub display_trace: bool,
    /// How many of the leading arguments are signers (from `--signers`).
    pub signers_count: usize,
}

/// What a successful run produced, as text rendered by the VM's value printer (spec §6.3).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ExecOutput {
    /// For each `&mut` parameter, in parameter order: (parameter index, final value).
    pub mutable_inputs: Vec<(usize, String)>,
    /// The return values (references dereferenced).
    pub return_values: Vec<String>,
    /// The trace text of §8 (ending with `\n`), when recorded and requested.
    pub trace: Option<String>,
}

/// What the runner needs from a VM. The lead implements it on top of the Tern VM.
///
/// Storage starts with the standard library at `0x1`. Every method works on the storage left
/// by the last successful task; a failed publish or run must leave storage unchanged.
pub trait TestAdapter {
    /// Modules available to the assembler as dependencies: the stdlib and every successfully
    /// published module (latest version of each).
    fn context_modules(&self) -> Vec<&CompiledModule>;

    /// Publishes one assembled module at its own address. `bytes` is the module serialized at
    /// bytecode version 10 by the runner.
    fn publish(
        &mut self,
        module: CompiledModule,
        bytes: Vec<u8>,
        opts: &PublishOptions,
    ) -> Result<(), VmError>;

    /// Runs a script. `args` are BCS blobs (signers first, as 32-byte addresses, spec §4.2).
    /// A script's return values are never printed.
    fn run_script(
        &mut self,
        script: CompiledScript,
        bytes: Vec<u8>,
        args: Vec<Vec<u8>>,
        type_args: Vec<TypeTag>,
        opts: &RunOptions,
    ) -> Result<ExecOutput, VmError>;

    /// Runs a module function of any visibility; `args` as for [`TestAdapter::run_script`].
    fn run_function(
        &mut self,
        module: &ModuleId,
        function: &Identifier,
        args: Vec<Vec<u8>>,
        type_args: Vec<TypeTag>,
        opts: &RunOptions,
    ) -> Result<ExecOutput, VmError>;

    /// Renders the resource at `address` (the text of spec §5.4), or `None` if absent.
    fn view(
        &mut self,
        address: AccountAddress,
        resource: &StructTag,
    ) -> Result<Option<String>, VmError>;

    /// Whose test runner this adapter follows: its output format and the meaning of `run`
    /// with a module block (the default: Aptos's).
    fn style(&self) -> Style {
        Style::Aptos
    }

    /// The trace of the last run if it failed (printed before the error under
    /// `--display-trace`, spec §8). The default records none.
    fn take_failure_trace(&mut self) -> Option<String> {
        None
    }
}
