//! `tern run` on compiled code: a `.mv` module or script, or a folder of `.mv` modules (a
//! package's `bytecode_modules`), published as one bundle after its `--deps`, on Tern's
//! standard library or on the real Aptos framework (`--framework DIR`).

use crate::binary_commands::{read_binary, Binary};
use crate::failure::{describe, FailureContext};
use crate::output::{out, outln};
use crate::test_commands::RunArgs;
use anyhow::{bail, Context, Result};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use tern::{ModuleId, RunOutput, TypeTag, Vm, VmError};
use tern_binary::Flavor;
use tern_testrunner::{
    parse_address_arg, parse_run_target, parse_type_arg, ArgValue, NamedAddresses,
};

/// Whether `tern run` takes `path` as compiled code: a folder or a `.mv` file.
pub(crate) fn is_compiled(path: &Path) -> bool {
    path.is_dir() || path.extension().is_some_and(|e| e == "mv")
}

/// What the command publishes last and then runs.
enum Main {
    /// A bundle of modules, with their ids.
    Modules(Vec<ModuleId>),
    /// A script.
    Script(Box<tern_binary::CompiledScript>),
}

/// `tern run PATH.mv|DIR [TARGET] [--deps ...] [--framework DIR] [--args ...] ...`.
pub(crate) fn run(args: RunArgs) -> Result<ExitCode> {
    let mut journal = None;
    let config = crate::test_commands::run_config(args.max_heap_values);
    let mut vm = match (&args.framework, &args.state) {
        (Some(_), Some(_)) => bail!("--state does not work with --framework yet"),
        (Some(dir), None) => Vm::with_aptos_framework_config(dir, config)
            .with_context(|| format!("--framework {}", dir.display()))?,
        (None, Some(dir)) => {
            let storage = crate::test_commands::open_state(dir)?;
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
    let main = if args.file.is_dir() {
        Main::Modules(vm.publish_package_dir(&args.file)?)
    } else {
        publish_file(&mut vm, &args.file)?
    };
    let named = NamedAddresses::new();
    let type_args = args
        .type_args
        .iter()
        .map(|t| parse_type_arg(t, &named).map_err(anyhow::Error::msg))
        .collect::<Result<Vec<TypeTag>>>()?;
    vm.set_tracing(args.display_trace);
    let schedule = args
        .gas_budget
        .map(|_| crate::test_commands::gas_schedule());
    if let (Some(schedule), Some(units)) = (&schedule, args.gas_budget) {
        vm.set_gas_schedule(Some(schedule.clone()));
        vm.set_gas_budget(Some(schedule.internal_units(units)));
    }
    let result = match main {
        Main::Script(script) => {
            if args.target.is_some() {
                bail!("a function can only be named when the file is a module");
            }
            let params = script
                .signatures
                .get(script.parameters.idx())
                .map(|s| &s.0[..]);
            let blobs = argument_blobs(&args, &named, params).context("the script")?;
            vm.run_script(&script, &type_args, blobs)
        }
        Main::Modules(ids) => {
            let Some(target) = &args.target else {
                // Published, nothing to run: as for a `.masm` module without a target.
                return Ok(ExitCode::SUCCESS);
            };
            let (module, function) = resolve_target(target, &ids, &named)?;
            let params = vm
                .storage()
                .module(&module)?
                .and_then(|m| tern_testrunner::function_parameters(&m, &function));
            let blobs = argument_blobs(&args, &named, params.as_deref()).with_context(|| {
                format!(
                    "{}::{}::{function}",
                    module.address.to_hex_literal(),
                    module.name
                )
            })?;
            let result = vm.run_function(&module, &function, &type_args, blobs);
            let context = (ids, Some((module, function)));
            let code = report(&mut vm, result, &args, context)?;
            return finish(&vm, code, journal.as_ref(), schedule.as_deref());
        }
    };
    let code = report(&mut vm, result, &args, (Vec::new(), None))?;
    finish(&vm, code, journal.as_ref(), schedule.as_deref())
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
        crate::test_commands::print_gas_used(vm, schedule)?;
    }
    if let Some(journal) = journal {
        crate::test_commands::print_state_changes(vm, journal)?;
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

/// The BCS arguments: signers (addresses) first, then `--args`, unsuffixed integers typed by
/// the parameters `params` when known.
fn argument_blobs(
    args: &RunArgs,
    named: &NamedAddresses,
    params: Option<&[tern_binary::SignatureToken]>,
) -> Result<Vec<Vec<u8>>> {
    let mut blobs = Vec::with_capacity(args.signers.len() + args.args.len());
    for s in &args.signers {
        let address = parse_address_arg(s, named).map_err(anyhow::Error::msg)?;
        blobs.push(tern::MoveValue::Signer(address).to_bcs());
    }
    let values = args
        .args
        .iter()
        .map(|a| ArgValue::parse(a, named))
        .collect::<Result<Vec<_>, _>>()?;
    let values = match params {
        Some(params) => {
            let values =
                tern_testrunner::fit_arguments(values, &args.args, params, args.signers.len());
            tern_testrunner::check_arguments(&values, &args.args, params, args.signers.len())?;
            values
        }
        None => values,
    };
    blobs.extend(values.iter().map(ArgValue::to_bcs));
    Ok(blobs)
}

/// Prints the run's values readably, or its error in words (`error: ...`; with `-v` after the
/// error as the peer prints it), as `tern run` does for a `.masm` file.
fn report(
    vm: &mut Vm,
    result: Result<RunOutput, VmError>,
    args: &RunArgs,
    context: (Vec<ModuleId>, Option<(ModuleId, String)>),
) -> Result<ExitCode> {
    let trace = |t: Option<tern::ExecutionTrace>| {
        t.filter(|_| args.display_trace)
            .map(|t| t.render())
            .unwrap_or_default()
    };
    let (text, code) = match result {
        Ok(output) => {
            let function = context.1.as_ref().map(|(m, f)| (m, f.as_str()));
            let values =
                crate::test_commands::readable_output(vm, &output, function, &args.type_args);
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
            let (known, target) = context;
            let lookup = |id: &ModuleId| vm.storage().module(id).ok().flatten();
            let cx = FailureContext {
                module: &lookup,
                known,
                target,
                given: args.signers.len() + args.args.len(),
                source: None,
            };
            let line = describe(&e, &cx);
            let peer = if args.verbose {
                format!(
                    "Error: {kind} execution failed with VMError: {}\n",
                    e.render_with(true)
                )
            } else {
                String::new()
            };
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

/// Refuses the options that only compiled code takes when FILE is a `.masm` file.
pub(crate) fn check_masm_options(deps: &[PathBuf], framework: Option<&Path>) -> Result<()> {
    if !deps.is_empty() || framework.is_some() {
        bail!("--deps and --framework take compiled code: give a `.mv` file or a folder of them (assemble a `.masm` with `tern asm`)");
    }
    Ok(())
}
