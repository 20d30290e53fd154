//! Running one plain `.masm` file outside the test format (`tern run FILE.masm [target]
//! [--args ...] [--type-args ...] [--signers ...]`): a script is run; a module is published and,
//! if a function is named, that function is run.

use crate::adapter::TestAdapter;
use crate::command::RunCommand;
use crate::exec::{argument_blobs, render_outputs};
use crate::named::{parse_address_arg, parse_run_target, parse_type_arg, NamedAddresses};
use crate::toolchain::{Toolchain, Unit, UserMasmToolchain};
use crate::value::ArgValue;
use crate::{PublishOptions, RunOptions, RunnerError};
use std::path::Path;
use tern_primitives::Identifier;

/// What to run and with which arguments (all as written on the command line).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RunFileOptions {
    /// `0xADDR::module::function`, or a bare function name of the file's module.
    pub target: Option<String>,
    /// Argument values (spec §4.2 syntax).
    pub args: Vec<String>,
    /// Type arguments (spec §4.3 syntax).
    pub type_args: Vec<String>,
    /// Signer addresses, passed first.
    pub signers: Vec<String>,
    /// Named addresses `NAME=ADDR` usable in the above.
    pub named_addresses: Vec<String>,
    /// Render VM errors verbosely.
    pub verbose: bool,
    /// Meter gas with this budget.
    pub gas_budget: Option<u64>,
    /// Print the execution trace (spec §8) before the result.
    pub display_trace: bool,
}

/// The result of a standalone run.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RunFileOutput {
    /// The text the test format would print for the run (return values, or an `Error: ...`
    /// block); empty when there is nothing to print.
    pub text: String,
    /// Whether assembling, publishing or running failed.
    pub failed: bool,
    /// The VM's error when publishing or running failed (for a caller that describes it in
    /// its own words; `text` holds it as the peer prints it).
    pub error: Option<RunError>,
    /// The module the file published, when it held one.
    pub published: Option<tern_primitives::ModuleId>,
}

/// A VM error of a `.masm` run, with the trace recorded before it (when asked for).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunError {
    /// The execution trace of the failed run (`--display-trace`), or empty.
    pub trace: String,
    /// Whether publishing failed (else running).
    pub publishing: bool,
    /// The function the run named (module and name), when running it failed.
    pub target: Option<(tern_primitives::ModuleId, String)>,
    /// The error.
    pub error: tern_primitives::VmError,
}

/// Reads and runs a `.masm` file; assembly errors name the file and carry Tern's "did you
/// mean" help ([`UserMasmToolchain`]).
pub fn run_masm_file<A: TestAdapter>(
    path: &Path,
    options: &RunFileOptions,
    adapter: &mut A,
) -> Result<RunFileOutput, RunnerError> {
    let source = std::fs::read_to_string(path).map_err(|e| RunnerError::io(path, &e))?;
    let toolchain = UserMasmToolchain {
        file_name: path.display().to_string(),
    };
    run_masm_source(&source, options, adapter, &toolchain)
}

/// Runs `.masm` source text: a script is run; a module is published, then the target (if
/// any) is run.
pub fn run_masm_source<A: TestAdapter, T: Toolchain>(
    source: &str,
    options: &RunFileOptions,
    adapter: &mut A,
    toolchain: &T,
) -> Result<RunFileOutput, RunnerError> {
    let deps = adapter.context_modules();
    let unit = match toolchain.assemble(source, &deps) {
        Ok(u) => u,
        Err(diagnostics) => return Ok(failed(format!("Error: {diagnostics}"))),
    };
    match unit {
        Unit::Script(script) => {
            if options.target.is_some() {
                return Err(RunnerError::Usage(
                    "a function can only be named when the file is a module".into(),
                ));
            }
            let mut cmd = run_command(options, None)?;
            if let Some(params) = script.signatures.get(script.parameters.idx()) {
                let values = std::mem::take(&mut cmd.args);
                cmd.args = crate::value::fit_arguments(
                    values,
                    &options.args,
                    &params.0,
                    cmd.signers.len(),
                );
                crate::value::check_arguments(
                    &cmd.args,
                    &options.args,
                    &params.0,
                    cmd.signers.len(),
                )
                .map_err(|e| RunnerError::Usage(format!("the script's {e}")))?;
            }
            let bytes = match toolchain.serialize_script(&script) {
                Ok(b) => b,
                Err(e) => return Ok(failed(format!("Error: {e}"))),
            };
            let opts = run_options(&cmd, options);
            let result =
                adapter.run_script(script, bytes, argument_blobs(&cmd), cmd.type_args, &opts);
            Ok(match result {
                Ok(output) => RunFileOutput {
                    text: output
                        .trace
                        .filter(|_| options.display_trace)
                        .unwrap_or_default(),
                    failed: false,
                    error: None,
                    published: None,
                },
                Err(e) => {
                    let trace = failure_trace(options, adapter);
                    let text = format!(
                        "{trace}Error: Script execution failed with VMError: {}",
                        e.render_with(options.verbose)
                    );
                    failed_with(text, trace, false, e)
                }
            })
        }
        Unit::Module(module) => publish_and_run(module, options, adapter, toolchain),
    }
}

fn publish_and_run<A: TestAdapter, T: Toolchain>(
    module: tern_binary::CompiledModule,
    options: &RunFileOptions,
    adapter: &mut A,
    toolchain: &T,
) -> Result<RunFileOutput, RunnerError> {
    let id = match (module.address(), module.name()) {
        (Some(a), Some(n)) => tern_primitives::ModuleId::new(*a, n.clone()),
        _ => {
            return Err(RunnerError::Usage(
                "the module has no valid self handle".into(),
            ))
        }
    };
    let mut cmd = run_command(options, Some(&id))?;
    // Unsuffixed integers take the types of the target's parameters (`--args 7` for a `u8`).
    if let Some(target) = cmd.target.as_ref().filter(|t| t.module == id) {
        if let Some(params) = crate::value::function_parameters(&module, target.function.as_str()) {
            let values = std::mem::take(&mut cmd.args);
            cmd.args =
                crate::value::fit_arguments(values, &options.args, &params, cmd.signers.len());
            crate::value::check_arguments(&cmd.args, &options.args, &params, cmd.signers.len())
                .map_err(|e| {
                    RunnerError::Usage(format!(
                        "{}::{}::{}: {e}",
                        id.address.to_hex_literal(),
                        id.name,
                        target.function
                    ))
                })?;
        }
    }
    let bytes = match toolchain.serialize_module(&module) {
        Ok(b) => b,
        Err(e) => return Ok(failed(format!("Error: {e}"))),
    };
    let publish_opts = PublishOptions {
        verbose: options.verbose,
        gas_budget: options.gas_budget,
        ..PublishOptions::default()
    };
    if let Err(e) = adapter.publish(module, bytes, &publish_opts) {
        let text = format!(
            "Error: Unable to publish module '{}::{}'. Got VMError: {}",
            id.address.full_hex(),
            id.name,
            e.render_with(options.verbose)
        );
        return Ok(failed_with(text, String::new(), true, e));
    }
    let mut out = run_target(&cmd, options, adapter);
    out.published = Some(id);
    Ok(out)
}

/// Runs the command's target function, if any.
fn run_target<A: TestAdapter>(
    cmd: &RunCommand,
    options: &RunFileOptions,
    adapter: &mut A,
) -> RunFileOutput {
    let Some(target) = &cmd.target else {
        return RunFileOutput::default();
    };
    let result = adapter.run_function(
        &target.module,
        &target.function,
        argument_blobs(cmd),
        cmd.type_args.clone(),
        &run_options(cmd, options),
    );
    match result {
        Ok(output) => RunFileOutput {
            text: format!(
                "{}{}",
                output
                    .trace
                    .as_deref()
                    .filter(|_| options.display_trace)
                    .unwrap_or_default(),
                render_outputs(&output)
            ),
            failed: false,
            error: None,
            published: None,
        },
        Err(e) => {
            let trace = failure_trace(options, adapter);
            let text = format!(
                "{trace}Error: Function execution failed with VMError: {}",
                e.render_with(options.verbose)
            );
            let mut out = failed_with(text, trace, false, e);
            if let Some(failure) = out.error.as_mut() {
                failure.target = Some((target.module.clone(), target.function.to_string()));
            }
            out
        }
    }
}

/// The trace of a failed run, when asked for and recorded.
fn failure_trace<A: TestAdapter>(options: &RunFileOptions, adapter: &mut A) -> String {
    if options.display_trace {
        adapter.take_failure_trace().unwrap_or_default()
    } else {
        String::new()
    }
}

fn failed(text: String) -> RunFileOutput {
    RunFileOutput {
        text,
        failed: true,
        error: None,
        published: None,
    }
}

fn failed_with(
    text: String,
    trace: String,
    publishing: bool,
    error: tern_primitives::VmError,
) -> RunFileOutput {
    RunFileOutput {
        text,
        failed: true,
        published: None,
        error: Some(RunError {
            trace,
            publishing,
            target: None,
            error,
        }),
    }
}

fn run_options(cmd: &RunCommand, options: &RunFileOptions) -> RunOptions {
    RunOptions {
        verbose: options.verbose,
        gas_budget: options.gas_budget,
        display_trace: options.display_trace,
        signers_count: cmd.signers.len(),
    }
}

/// Parses the run's arguments; a bare target name refers to a function of `module`.
fn run_command(
    options: &RunFileOptions,
    module: Option<&tern_primitives::ModuleId>,
) -> Result<RunCommand, RunnerError> {
    let usage = RunnerError::Usage;
    let mut named = NamedAddresses::new();
    for a in &options.named_addresses {
        named.insert_assignment(a).map_err(usage)?;
    }
    let target = match (&options.target, module) {
        (None, _) => None,
        (Some(t), Some(m)) if !t.contains("::") => Some(crate::named::RunTarget {
            module: m.clone(),
            function: Identifier::new(t.as_str()).map_err(|e| usage(e.to_string()))?,
        }),
        (Some(t), _) => Some(parse_run_target(t, &named).map_err(usage)?),
    };
    Ok(RunCommand {
        signers: options
            .signers
            .iter()
            .map(|s| parse_address_arg(s, &named))
            .collect::<Result<_, _>>()
            .map_err(usage)?,
        args: options
            .args
            .iter()
            .map(|v| ArgValue::parse(v, &named).map_err(|e| usage(e.to_string())))
            .collect::<Result<_, _>>()?,
        type_args: options
            .type_args
            .iter()
            .map(|t| parse_type_arg(t, &named))
            .collect::<Result<_, _>>()
            .map_err(usage)?,
        verbose: options.verbose,
        gas_budget: options.gas_budget,
        target,
        ..RunCommand::default()
    })
}
