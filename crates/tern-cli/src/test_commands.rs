//! `tern test` and `tern run`.

use crate::failure::{describe, FailureContext, SourceLines};
use crate::output::{out, outln};
use anyhow::{Context, Result};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::str::FromStr;
use tern::{DirectoryStorage, Journal, ResourceChange};
use tern_testrunner::{run_masm_file, run_tests, RunFileOptions, RunTestsOptions};
use tern_testrunner::{TernAdapter, TestAdapter};

/// `tern test PATH... [--update] [--filter S] [-j N] [-v]`.
pub(crate) fn test(
    paths: &[PathBuf],
    update: bool,
    filter: Option<String>,
    jobs: usize,
    verbose: bool,
) -> Result<ExitCode> {
    TernAdapter::new().context("the standard library does not publish")?;
    let options = RunTestsOptions {
        update,
        filter,
        jobs,
        verbose,
    };
    let summary = run_tests(paths, &options, TernAdapter::for_config);
    Ok(if summary.failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// Arguments of `tern run`.
#[derive(clap::Args, Debug)]
pub(crate) struct RunArgs {
    /// The `.masm` file, or compiled code: a `.mv` module or script, or a folder of `.mv`
    /// modules (a package's `bytecode_modules`), published as one bundle.
    pub(crate) file: PathBuf,
    /// `0xADDR::module::function` to run (a module file); omit for a script.
    pub(crate) target: Option<String>,
    /// Arguments (`25 7u8 @0x1 b"hi" vector[1,2]`).
    #[arg(long, num_args = 1.., allow_negative_numbers = true)]
    pub(crate) args: Vec<String>,
    /// Type arguments.
    #[arg(long = "type-args", num_args = 1..)]
    pub(crate) type_args: Vec<String>,
    /// Signer addresses, passed first.
    #[arg(long, num_args = 1..)]
    pub(crate) signers: Vec<String>,
    /// Compiled packages published before FILE, in order, each as one bundle: folders of
    /// `.mv` modules, or `.mv` files.
    #[arg(long, num_args = 1..)]
    pub(crate) deps: Vec<PathBuf>,
    /// Publish the real Aptos framework from DIR (its `MoveStdlib`, `AptosStdlib` and
    /// `AptosFramework` folders) at 0x1 instead of Tern's standard library; its other packages
    /// go in `--deps`.
    #[arg(long, value_name = "DIR")]
    pub(crate) framework: Option<PathBuf>,
    /// Print errors with message and execution state.
    #[arg(short, long)]
    pub(crate) verbose: bool,
    /// Print the execution trace first: instructions executed, their fingerprint, the
    /// outcome of each conditional branch, and the functions entered.
    #[arg(long = "display-trace")]
    pub(crate) display_trace: bool,
    /// Print the process's peak resident memory on standard error when the run ends
    /// (`peak memory: N bytes`; Linux, read from `/proc/self/status`).
    #[arg(long = "peak-memory")]
    pub(crate) peak_memory: bool,
    /// Keep published modules and resources in DIR between runs (created if missing): the
    /// run starts from what earlier runs left there, and prints the resources it wrote or
    /// deleted. `tern view --state DIR ADDRESS TYPE` shows one.
    #[arg(long, value_name = "DIR")]
    pub(crate) state: Option<PathBuf>,
    /// Meter the run by Aptos's gas schedule with a budget of N gas units: prints the gas
    /// used (`gas used: …`), and fails with `OUT_OF_GAS` past the budget.
    #[arg(long = "gas-budget", value_name = "N")]
    pub(crate) gas_budget: Option<u64>,
    /// The values the VM's heap may hold before a copy, constant load or vector growth
    /// fails with `MEMORY_LIMIT_EXCEEDED` (a container counts one plus its elements, bytes
    /// one per 40); default 4,194,304, about 160 MB.
    #[arg(long = "max-heap-values", value_name = "N")]
    pub(crate) max_heap_values: Option<usize>,
}

/// The VM configuration of `tern run`: the defaults, with `--max-heap-values`.
pub(crate) fn run_config(max_heap_values: Option<usize>) -> tern::VmConfig {
    let mut config = tern::VmConfig::default();
    if let Some(n) = max_heap_values {
        config.max_heap_values = n;
    }
    config
}

/// The schedule `--gas-budget` meters by.
pub(crate) fn gas_schedule() -> std::sync::Arc<tern::GasSchedule> {
    std::sync::Arc::new(tern::GasSchedule::aptos())
}

/// Prints what a run metered by `--gas-budget` used (`vm.gas_used()`, in the schedule's
/// internal units).
pub(crate) fn print_gas_used(vm: &tern::Vm, schedule: &tern::GasSchedule) -> Result<()> {
    if let Some(internal) = vm.gas_used() {
        outln!(
            "gas used: {} units ({internal} internal units, {})",
            schedule.gas_units(internal),
            schedule.name
        )?;
    }
    Ok(())
}

/// `tern run FILE.masm|FILE.mv|DIR [TARGET] [--args ...] [--type-args ...] [--signers ...]`.
pub(crate) fn run(args: RunArgs) -> Result<ExitCode> {
    if crate::run_package::is_compiled(&args.file) {
        return crate::run_package::run(args);
    }
    crate::run_package::check_masm_options(&args.deps, args.framework.as_deref())?;
    let RunArgs {
        file,
        target,
        args,
        type_args,
        signers,
        verbose,
        display_trace,
        state,
        gas_budget,
        max_heap_values,
        ..
    } = args;
    let (adapter, journal) = match state.as_deref() {
        Some(dir) => {
            let storage = open_state(dir)?;
            let journal = storage.journal();
            let config = run_config(max_heap_values);
            (
                TernAdapter::with_config_and_storage(config, Box::new(storage)),
                Some(journal),
            )
        }
        None => (TernAdapter::with_config(run_config(max_heap_values)), None),
    };
    let mut adapter = adapter.context("the standard library does not publish")?;
    let schedule = gas_budget.map(|_| gas_schedule());
    adapter.vm_mut().set_gas_schedule(schedule.clone());
    let options = RunFileOptions {
        target,
        args,
        type_args,
        signers,
        named_addresses: Vec::new(),
        verbose,
        gas_budget: schedule
            .as_ref()
            .zip(gas_budget)
            .map(|(s, units)| s.internal_units(units)),
        display_trace,
    };
    let output = run_masm_file(&file, &options, &mut adapter)
        .with_context(|| format!("{}", file.display()))?;
    let text = match &output.error {
        // In words; `-v` adds the error as the peer prints it.
        Some(failure) => {
            let vm = adapter.vm();
            let lookup = |id: &tern::ModuleId| vm.storage().module(id).ok().flatten();
            let cx = FailureContext {
                module: &lookup,
                known: adapter
                    .context_modules()
                    .iter()
                    .filter_map(|m| m.self_id())
                    .collect(),
                target: failure.target.clone(),
                given: options.signers.len() + options.args.len(),
                source: SourceLines::of(&file, output.published.clone()),
            };
            let line = describe(&failure.error, &cx);
            if verbose {
                format!("{}\n{line}\n", output.text.trim_end())
            } else {
                format!("{}{line}\n", failure.trace)
            }
        }
        // A module published with nothing to run: say so, and what could run.
        None if output.text.is_empty() && options.target.is_none() => {
            match output.published.as_ref() {
                Some(id) => {
                    let names = adapter
                        .vm()
                        .storage()
                        .module(id)
                        .ok()
                        .flatten()
                        .map(|m| crate::failure::function_names(&m).join(", "))
                        .unwrap_or_default();
                    let module = format!("{}::{}", id.address.to_hex_literal(), id.name);
                    format!(
                        "published {module} (functions: {names}); name one to run it, as \
                         {module}::FUNCTION\n"
                    )
                }
                None => String::new(),
            }
        }
        // The values readably, with their types' names (the test format is for `.exp` files).
        None => match adapter.last_run().filter(|_| options.target.is_some()) {
            Some(run) => {
                let trace = run
                    .trace
                    .as_ref()
                    .filter(|_| options.display_trace)
                    .map(|t| t.render())
                    .unwrap_or_default();
                let named = tern_testrunner::NamedAddresses::new();
                let target = options
                    .target
                    .as_deref()
                    .and_then(|t| tern_testrunner::parse_run_target(t, &named).ok());
                let function = target.as_ref().map(|t| (&t.module, t.function.as_str()));
                let readable = readable_output(adapter.vm(), run, function, &options.type_args);
                format!("{trace}{readable}")
            }
            None => output.text.clone(),
        },
    };
    if text.is_empty() || text.ends_with('\n') {
        out!("{text}")?;
    } else {
        outln!("{text}")?;
    }
    if let Some(schedule) = &schedule {
        print_gas_used(adapter.vm(), schedule)?;
    }
    if let Some(journal) = &journal {
        print_state_changes(adapter.vm(), journal)?;
    }
    Ok(if output.failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

/// A successful run's `&mut` results, return values and events as `tern run` prints them:
/// readably, with their types' names ([`tern::readable`]), `function` (module and name) and
/// `type_args` (as given on the command line) giving the types.
pub(crate) fn readable_output(
    vm: &tern::Vm,
    out: &tern::RunOutput,
    function: Option<(&tern::ModuleId, &str)>,
    type_args: &[String],
) -> String {
    let named = tern_testrunner::NamedAddresses::new();
    let type_args: Option<Vec<tern::TypeTag>> = type_args
        .iter()
        .map(|t| tern_testrunner::parse_type_arg(t, &named).ok())
        .collect();
    let types = function
        .zip(type_args)
        .and_then(|((module, name), tys)| vm.function_types(module, name, &tys));
    vm.describe_output(out, types.as_ref()).to_string()
}

/// Opens the state folder of `--state` (creating it if missing).
pub(crate) fn open_state(dir: &Path) -> Result<DirectoryStorage> {
    DirectoryStorage::open(dir).with_context(|| format!("--state {}", dir.display()))
}

/// Prints the resources the run wrote or deleted (`resource written: ADDRESS TYPE`, then the
/// value as `tern view` shows it, indented; `resource deleted: ADDRESS TYPE`), and fails if a
/// file of the state could not be written.
pub(crate) fn print_state_changes(vm: &tern::Vm, journal: &Journal) -> Result<()> {
    let log = journal
        .lock()
        .map_err(|_| anyhow::anyhow!("the state journal is poisoned"))?;
    if let Some(e) = log.write_errors.first() {
        anyhow::bail!("the state was not saved: {e}");
    }
    let mut last: std::collections::BTreeMap<_, _> = std::collections::BTreeMap::new();
    for (address, tag, change) in &log.changes {
        last.insert((*address, tag.clone()), change.clone());
    }
    for ((address, tag), change) in last {
        match change {
            ResourceChange::Deleted => outln!("resource deleted: {address} {tag}")?,
            ResourceChange::Added(_) | ResourceChange::Modified(_) => {
                outln!("resource written: {address} {tag}")?;
                if let Some(text) = vm.describe_resource(address, &tag)? {
                    for line in text.lines() {
                        outln!("    {line}")?;
                    }
                }
            }
        }
    }
    Ok(())
}

/// `tern view --state DIR ADDRESS TYPE`: prints a resource kept in a state folder, readably
/// ([`tern::readable`]).
pub(crate) fn view(state: &Path, address: &str, type_tag: &str) -> Result<ExitCode> {
    let named = tern_testrunner::NamedAddresses::new();
    let address = tern_testrunner::parse_address_arg(address, &named)
        .map_err(anyhow::Error::msg)
        .with_context(|| format!("address `{address}`"))?;
    let tag = tern_primitives::StructTag::from_str(type_tag)
        .map_err(|e| anyhow::anyhow!("type `{type_tag}`: {e}"))?;
    if !state.is_dir() {
        anyhow::bail!("--state {}: no such folder", state.display());
    }
    let vm = tern::Vm::with_storage(Box::new(open_state(state)?));
    match vm.describe_resource(address, &tag)? {
        Some(text) => {
            outln!("{text}")?;
            Ok(ExitCode::SUCCESS)
        }
        None => {
            eprintln!("no resource {tag} at {address}");
            Ok(ExitCode::FAILURE)
        }
    }
}
