//! `tern run`: a `.masm` file (assembled against the modules published before it), a `.mv`
//! module or script, or a folder of `.mv` modules (a package's `bytecode_modules`), published
//! as one bundle after its `--deps`, on Tern's standard library or on the real Aptos framework
//! (`--framework DIR`); and `tern view`, which prints what a `--state` folder keeps. The VM is
//! driven directly through the `tern` facade.

use crate::binary_commands::{read_binary, Binary};
use crate::failure::{describe, FailureContext, SourceLines};
use crate::output::{out, outln};
use anyhow::{bail, Context, Result};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::str::FromStr;
use tern::{DirectoryStorage, Journal, ModuleId, ResourceChange, RunOutput, TypeTag, Vm, VmError};
use tern_asm::assembler::CompiledUnit;
use tern_binary::Flavor;
use tern_testrunner::{
    parse_address_arg, parse_run_target, parse_type_arg, ArgValue, NamedAddresses,
};

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
fn run_config(max_heap_values: Option<usize>) -> tern::VmConfig {
    let mut config = tern::VmConfig::default();
    if let Some(n) = max_heap_values {
        config.max_heap_values = n;
    }
    config
}

/// The schedule `--gas-budget` meters by.
fn gas_schedule() -> std::sync::Arc<tern::GasSchedule> {
    std::sync::Arc::new(tern::GasSchedule::aptos())
}

/// Prints what a run metered by `--gas-budget` used (`vm.gas_used()`, in the schedule's
/// internal units).
fn print_gas_used(vm: &tern::Vm, schedule: &tern::GasSchedule) -> Result<()> {
    if let Some(internal) = vm.gas_used() {
        outln!(
            "gas used: {} units ({internal} internal units, {})",
            schedule.gas_units(internal),
            schedule.name
        )?;
    }
    Ok(())
}

/// Whether `path` is compiled code: a folder or a `.mv` file (else `.masm` text).
fn is_compiled(path: &Path) -> bool {
    path.is_dir() || path.extension().is_some_and(|e| e == "mv")
}

/// What the command publishes last and then runs.
enum Main {
    /// A bundle of modules, with their ids.
    Modules(Vec<ModuleId>),
    /// A script.
    Script(Box<tern_binary::CompiledScript>),
}

/// `tern run FILE.masm|FILE.mv|DIR [TARGET] [--deps ...] [--framework DIR] [--args ...] ...`.
pub(crate) fn run(args: RunArgs) -> Result<ExitCode> {
    let mut journal = None;
    let config = run_config(args.max_heap_values);
    let mut vm = match (&args.framework, &args.state) {
        (Some(_), Some(_)) => bail!("--state does not work with --framework yet"),
        (Some(dir), None) => Vm::with_aptos_framework_config(dir, config)
            .with_context(|| format!("--framework {}", dir.display()))?,
        (None, Some(dir)) => {
            let storage = open_state(dir)?;
            journal = Some(storage.journal());
            let mut vm = Vm::with_parts(config, tern::natives::stdlib_natives(), Box::new(storage));
            vm.publish_stdlib()
                .context("the standard library does not publish")?;
            vm
        }
        (None, None) => {
            let mut vm = Vm::new(config);
            vm.publish_stdlib()
                .context("the standard library does not publish")?;
            vm
        }
    };
    // The command line runs the user's own code: dependencies and packages may sit at the
    // library's addresses (an embedding VM refuses that by default).
    vm.set_reserved_publishing(true);
    for dep in &args.deps {
        publish_path(&mut vm, dep).with_context(|| format!("dependency {}", dep.display()))?;
    }
    let named = NamedAddresses::new();
    // The arguments are read before anything of FILE is published.
    let signers = args
        .signers
        .iter()
        .map(|s| parse_address_arg(s, &named).map_err(anyhow::Error::msg))
        .collect::<Result<Vec<_>>>()?;
    let values = args
        .args
        .iter()
        .map(|a| ArgValue::parse(a, &named))
        .collect::<Result<Vec<_>, _>>()?;
    let type_args = args
        .type_args
        .iter()
        .map(|t| parse_type_arg(t, &named).map_err(anyhow::Error::msg))
        .collect::<Result<Vec<TypeTag>>>()?;
    let given = Given {
        signers,
        values,
        words: &args.args,
    };
    let (main, source) = if args.file.is_dir() {
        (Main::Modules(vm.publish_package_dir(&args.file)?), None)
    } else if is_compiled(&args.file) {
        (publish_file(&mut vm, &args.file)?, None)
    } else {
        match publish_masm(&mut vm, &args)? {
            Ok(published) => published,
            // Assembling or publishing failed; what was wrong is printed.
            Err(code) => return Ok(code),
        }
    };
    // This run's settings, passed with the call (the VM keeps none of them).
    let schedule = args.gas_budget.map(|_| gas_schedule());
    let options = tern::CallOptions {
        gas_budget: schedule
            .as_ref()
            .zip(args.gas_budget)
            .map(|(s, units)| s.internal_units(units)),
        gas_schedule: schedule.clone(),
        tracing: args.display_trace,
        type_checks: false,
    };
    let (result, target) = match main {
        Main::Script(script) => {
            if args.target.is_some() {
                bail!("a function can only be named when the file is a module");
            }
            let params = script
                .signatures
                .get(script.parameters.idx())
                .map(|s| &s.0[..]);
            let blobs = given.blobs(params).context("the script")?;
            (
                vm.run_script_with(&script, &type_args, blobs, &options),
                None,
            )
        }
        Main::Modules(ids) => {
            let Some(target) = &args.target else {
                say_published(&vm, &ids)?;
                return finish(&vm, ExitCode::SUCCESS, journal.as_ref(), None);
            };
            let (module, function) = resolve_target(target, &ids, &named)?;
            let params = vm
                .storage()
                .module(&module)?
                .and_then(|m| tern_testrunner::function_parameters(&m, &function));
            let blobs = given.blobs(params.as_deref()).with_context(|| {
                format!(
                    "{}::{}::{function}",
                    module.address.to_hex_literal(),
                    module.name
                )
            })?;
            let result = vm.run_function_with(&module, &function, &type_args, blobs, &options);
            (result, Some((module, function)))
        }
    };
    let code = report(&mut vm, result, &args, target, source)?;
    finish(&vm, code, journal.as_ref(), schedule.as_deref())
}

/// The values the command line gives the function or script.
struct Given<'a> {
    /// `--signers`, passed first.
    signers: Vec<tern::AccountAddress>,
    /// `--args`, as read.
    values: Vec<ArgValue>,
    /// `--args` as written, for naming one that does not fit.
    words: &'a [String],
}

impl Given<'_> {
    /// The BCS arguments: signers (addresses) first, then `--args`, unsuffixed integers typed
    /// by the parameters `params` when known; an argument that does not fit its parameter is
    /// refused before the run.
    fn blobs(&self, params: Option<&[tern_binary::SignatureToken]>) -> Result<Vec<Vec<u8>>> {
        let signers = self.signers.len();
        let values = match params {
            Some(params) => {
                let values = tern_testrunner::fit_arguments(
                    self.values.clone(),
                    self.words,
                    params,
                    signers,
                );
                tern_testrunner::check_arguments(&values, self.words, params, signers)?;
                values
            }
            None => self.values.clone(),
        };
        let mut blobs = Vec::with_capacity(signers + values.len());
        blobs.extend(
            self.signers
                .iter()
                .map(|a| tern::MoveValue::Signer(*a).to_bcs()),
        );
        blobs.extend(values.iter().map(ArgValue::to_bcs));
        Ok(blobs)
    }
}

/// Assembles the `.masm` FILE against the modules published so far, then publishes its module
/// or reads its script (after a round trip through its bytes, as compiled code would come).
/// When assembling or publishing fails, prints what was wrong and gives the exit code.
fn publish_masm(
    vm: &mut Vm,
    args: &RunArgs,
) -> Result<Result<(Main, Option<SourceLines>), ExitCode>> {
    let file = &args.file;
    let text = std::fs::read_to_string(file).with_context(|| format!("{}", file.display()))?;
    let unit = match vm.assemble_masm(&text) {
        Ok(unit) => unit,
        Err(tern::MasmError::Assembly(e)) => {
            outln!("Error: {}", e.render_with_help(&file.display().to_string()))?;
            return Ok(Err(ExitCode::FAILURE));
        }
        Err(e) => return Err(anyhow::Error::new(e).context(format!("{}", file.display()))),
    };
    let (main, module) = match unit {
        CompiledUnit::Script(script) => {
            let bytes = tern::serialize_assembled_script(&script)?;
            let script = tern_binary::CompiledScript::deserialize(&bytes)
                .map_err(|e| anyhow::anyhow!("{}: {e}", file.display()))?;
            (Main::Script(Box::new(script)), None)
        }
        CompiledUnit::Module(module) => {
            let bytes = tern::serialize_assembled_module(&module)?;
            let id = module.self_id();
            match vm.publish(&bytes) {
                Ok(id) => (Main::Modules(vec![id.clone()]), Some(id)),
                Err(e) => {
                    // As the peer's test runner words it.
                    let name = id.as_ref().map_or_else(
                        || "the module".to_string(),
                        |id| format!("'{}::{}'", id.address.full_hex(), id.name),
                    );
                    let peer = peer_error(
                        args.verbose,
                        &format!("Unable to publish module {name}. Got"),
                        &e,
                    );
                    // The module that failed is not stored: its own functions are named from
                    // what was assembled.
                    let assembled = std::sync::Arc::new(module);
                    let lookup = |want: &ModuleId| match vm.storage().module(want).ok().flatten() {
                        Some(m) => Some(m),
                        None => (id.as_ref() == Some(want)).then(|| assembled.clone()),
                    };
                    let cx = FailureContext {
                        module: &lookup,
                        known: vm.published_modules().to_vec(),
                        target: None,
                        given: 0,
                        source: SourceLines::of(file, id.clone()),
                    };
                    out!("{peer}{}\n", describe(&e, &cx))?;
                    return Ok(Err(ExitCode::FAILURE));
                }
            }
        }
    };
    Ok(Ok((main, SourceLines::of(file, module))))
}

/// Says what modules a run without a function published, and what could run.
fn say_published(vm: &Vm, ids: &[ModuleId]) -> Result<()> {
    for id in ids {
        let names = vm
            .storage()
            .module(id)
            .ok()
            .flatten()
            .map(|m| crate::failure::function_names(&m).join(", "))
            .unwrap_or_default();
        let module = format!("{}::{}", id.address.to_hex_literal(), id.name);
        outln!(
            "published {module} (functions: {names}); name one to run it, as {module}::FUNCTION"
        )?;
    }
    Ok(())
}

/// Prints the gas a metered run used, and what the run left in the `--state` folder, if one
/// was given.
fn finish(
    vm: &Vm,
    code: ExitCode,
    journal: Option<&tern::Journal>,
    schedule: Option<&tern::GasSchedule>,
) -> Result<ExitCode> {
    if let Some(schedule) = schedule {
        print_gas_used(vm, schedule)?;
    }
    if let Some(journal) = journal {
        print_state_changes(vm, journal)?;
    }
    Ok(code)
}

/// Publishes a dependency: a folder as one bundle, a file as a one-module bundle.
fn publish_path(vm: &mut Vm, path: &Path) -> Result<()> {
    if path.is_dir() {
        vm.publish_package_dir(path)?;
    } else {
        let bytes = tern::read_module_file(path)?;
        vm.publish_bundle(&[bytes])
            .map_err(|e| anyhow::anyhow!("{} does not publish: {e}", path.display()))?;
    }
    Ok(())
}

/// Publishes a module file, or reads a script file to run.
fn publish_file(vm: &mut Vm, path: &Path) -> Result<Main> {
    let bytes = tern::read_module_file(path)?;
    match read_binary(&bytes, Flavor::Aptos).with_context(|| format!("{}", path.display()))? {
        Binary::Script(script) => Ok(Main::Script(Box::new(script))),
        Binary::Module(_) => {
            let ids = vm
                .publish_bundle(&[bytes])
                .map_err(|e| anyhow::anyhow!("{} does not publish: {e}", path.display()))?;
            Ok(Main::Modules(ids))
        }
    }
}

/// `0xADDR::module::function`, or a bare function name when one module was published.
fn resolve_target(
    target: &str,
    ids: &[ModuleId],
    named: &NamedAddresses,
) -> Result<(ModuleId, String)> {
    if target.contains("::") {
        let t = parse_run_target(target, named).map_err(anyhow::Error::msg)?;
        return Ok((t.module, t.function.as_str().to_string()));
    }
    match ids {
        [only] => Ok((only.clone(), target.to_string())),
        _ => {
            bail!("name the function as 0xADDR::module::{target}: the package has several modules")
        }
    }
}

/// Prints the run's values readably, or its error in words (`error: ...`; with `-v` after the
/// error as the peer prints it).
fn report(
    vm: &mut Vm,
    result: Result<RunOutput, VmError>,
    args: &RunArgs,
    target: Option<(ModuleId, String)>,
    source: Option<SourceLines>,
) -> Result<ExitCode> {
    let trace = |t: Option<tern::ExecutionTrace>| {
        t.filter(|_| args.display_trace)
            .map(|t| t.render())
            .unwrap_or_default()
    };
    let (text, code) = match result {
        Ok(output) => {
            let function = target.as_ref().map(|(m, f)| (m, f.as_str()));
            let values = readable_output(vm, &output, function, &args.type_args);
            (
                format!("{}{values}", trace(output.trace)),
                ExitCode::SUCCESS,
            )
        }
        Err(e) => {
            let kind = if args.target.is_some() {
                "Function"
            } else {
                "Script"
            };
            let lookup = |id: &ModuleId| vm.storage().module(id).ok().flatten();
            let cx = FailureContext {
                module: &lookup,
                known: vm.published_modules().to_vec(),
                target,
                given: args.signers.len() + args.args.len(),
                source,
            };
            let line = describe(&e, &cx);
            let peer = peer_error(args.verbose, &format!("{kind} execution failed with"), &e);
            let text = format!("{}{peer}{line}\n", trace(vm.take_failure_trace()));
            (text, ExitCode::FAILURE)
        }
    };
    if text.is_empty() || text.ends_with('\n') {
        out!("{text}")?;
    } else {
        outln!("{text}")?;
    }
    Ok(code)
}

/// With `-v`, the error as the peer's test runner prints it (`Error: {what} VMError: {…}`),
/// on its own lines; else nothing.
fn peer_error(verbose: bool, what: &str, e: &VmError) -> String {
    if verbose {
        format!("Error: {what} VMError: {}\n", e.render_with(true))
    } else {
        String::new()
    }
}

/// A successful run's `&mut` results, return values and events as `tern run` prints them:
/// readably, with their types' names ([`tern::readable`]), `function` (module and name) and
/// `type_args` (as given on the command line) giving the types.
fn readable_output(
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
fn open_state(dir: &Path) -> Result<DirectoryStorage> {
    DirectoryStorage::open(dir).with_context(|| format!("--state {}", dir.display()))
}

/// Prints the resources the run wrote or deleted (`resource written: ADDRESS TYPE`, then the
/// value as `tern view` shows it, indented; `resource deleted: ADDRESS TYPE`), and fails if a
/// file of the state could not be written.
fn print_state_changes(vm: &tern::Vm, journal: &Journal) -> Result<()> {
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
