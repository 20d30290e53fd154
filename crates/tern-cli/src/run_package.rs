//! `tern run` on compiled code: a `.mv` module or script, or a folder of `.mv` modules (a
//! package's `bytecode_modules`), published as one bundle after its `--deps`, on Tern's
//! standard library or on the real Aptos framework (`--framework DIR`).

use crate::binary_commands::{read_binary, Binary};
use crate::output::{out, outln};
use crate::test_commands::RunArgs;
use anyhow::{bail, Context, Result};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use tern::{ModuleId, RunOutput, StatusCode, TypeTag, Vm, VmError};
use tern_binary::Flavor;
use tern_primitives::Location;
use tern_testrunner::{
    parse_address_arg, parse_run_target, parse_type_arg, render_outputs, ArgValue, ExecOutput,
    NamedAddresses,
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
    let mut vm = match (&args.framework, &args.state) {
        (Some(_), Some(_)) => bail!("--state does not work with --framework yet"),
        (Some(dir), None) => Vm::with_aptos_framework(dir)
            .with_context(|| format!("--framework {}", dir.display()))?,
        (None, Some(dir)) => {
            let storage = crate::test_commands::open_state(dir)?;
            journal = Some(storage.journal());
            let mut vm = Vm::with_storage(Box::new(storage));
            vm.publish_stdlib()
                .context("the standard library does not publish")?;
            vm
        }
        (None, None) => Vm::with_stdlib().context("the standard library does not publish")?,
    };
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
    let blobs = argument_blobs(&args, &named)?;
    vm.set_tracing(args.display_trace);
    let result = match main {
        Main::Script(script) => {
            if args.target.is_some() {
                bail!("a function can only be named when the file is a module");
            }
            vm.run_script(&script, &type_args, blobs)
        }
        Main::Modules(ids) => {
            let Some(target) = &args.target else {
                // Published, nothing to run: as for a `.masm` module without a target.
                return Ok(ExitCode::SUCCESS);
            };
            let (module, function) = resolve_target(target, &ids, &named)?;
            vm.run_function(&module, &function, &type_args, blobs)
        }
    };
    let code = report(&mut vm, result, &args)?;
    if let Some(journal) = &journal {
        crate::test_commands::print_state_changes(&vm, journal)?;
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

/// The BCS arguments: signers (addresses) first, then `--args`.
fn argument_blobs(args: &RunArgs, named: &NamedAddresses) -> Result<Vec<Vec<u8>>> {
    let mut blobs = Vec::with_capacity(args.signers.len() + args.args.len());
    for s in &args.signers {
        let address = parse_address_arg(s, named).map_err(anyhow::Error::msg)?;
        blobs.push(address.as_bytes().to_vec());
    }
    for a in &args.args {
        blobs.push(ArgValue::parse(a, named)?.to_bcs());
    }
    Ok(blobs)
}

/// Prints the run's values, or its error with a readable summary, as `tern run` does for a
/// `.masm` file (`return values: ...`, `Error: ... VMError: {...}`).
fn report(vm: &mut Vm, result: Result<RunOutput, VmError>, args: &RunArgs) -> Result<ExitCode> {
    let trace = |t: Option<tern::ExecutionTrace>| {
        t.filter(|_| args.display_trace)
            .map(|t| t.render())
            .unwrap_or_default()
    };
    let (text, code) = match result {
        Ok(output) => {
            let values = render_outputs(&ExecOutput {
                mutable_inputs: output.mutable_inputs,
                return_values: output.return_values,
                trace: None,
            });
            let events: String = output
                .events
                .iter()
                .map(|e| format!("event: {e}\n"))
                .collect();
            (
                format!("{}{values}{events}", trace(output.trace)),
                ExitCode::SUCCESS,
            )
        }
        Err(e) => {
            let kind = if args.target.is_some() {
                "Function"
            } else {
                "Script"
            };
            let text = format!(
                "{}Error: {kind} execution failed with VMError: {}\n{}",
                trace(vm.take_failure_trace()),
                e.render_with(args.verbose),
                summary(vm, &e)
            );
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

/// One line saying what failed where: the status, `module::function` and offset, and the
/// abort code (with its `std::error` category) or the missing native.
fn summary(vm: &Vm, e: &VmError) -> String {
    let at = e.data().offsets.first().copied();
    let function = match (e.location(), at) {
        (Location::Module(id), Some((def, _))) => Some(function_name(vm, id, def)),
        (Location::Script, Some(_)) => Some("script".to_string()),
        _ => None,
    };
    let mut line = e.status().name().to_string();
    match (&function, at) {
        (Some(f), Some((_, pc))) => line.push_str(&format!(" in {f} at offset {pc}")),
        _ => line.push_str(&format!(" at {}", e.location())),
    }
    let missing_native = e.status() == StatusCode::MISSING_DEPENDENCY
        && e.message()
            .is_some_and(|m| m.starts_with("Missing Native Function"));
    if e.status() == StatusCode::ABORTED {
        if let Some(code) = e.sub_status() {
            line.push_str(&format!(": abort code {}", abort_code(code)));
        }
    } else if let (true, Some(f)) = (missing_native, &function) {
        line.push_str(&format!(": native function {f} is not implemented in Tern"));
    } else if let Some(m) = e.message() {
        line.push_str(&format!(": {m}"));
    }
    line
}

/// `0xADDR::module::function` of a function definition (its index if the module lacks it).
fn function_name(vm: &Vm, id: &ModuleId, def: u16) -> String {
    let name = vm.storage().module(id).and_then(|m| {
        let d = m.function_defs.get(usize::from(def))?;
        let h = m.function_handles.get(d.function.idx())?;
        m.identifiers
            .get(h.name.idx())
            .map(|n| n.as_str().to_string())
    });
    let name = name.unwrap_or_else(|| format!("#{def}"));
    format!("{}::{}::{name}", id.address.to_hex_literal(), id.name)
}

/// An abort code, with the `std::error` category and reason Aptos packs into it
/// (`category << 16 | reason`) when it has that shape.
fn abort_code(code: u64) -> String {
    const CATEGORIES: [&str; 13] = [
        "INVALID_ARGUMENT",
        "OUT_OF_RANGE",
        "INVALID_STATE",
        "UNAUTHENTICATED",
        "PERMISSION_DENIED",
        "NOT_FOUND",
        "ABORTED",
        "ALREADY_EXISTS",
        "RESOURCE_EXHAUSTED",
        "CANCELLED",
        "INTERNAL",
        "NOT_IMPLEMENTED",
        "UNAVAILABLE",
    ];
    let category = code >> 16;
    let name = usize::try_from(category)
        .ok()
        .and_then(|c| c.checked_sub(1))
        .and_then(|c| CATEGORIES.get(c));
    match name {
        Some(name) => format!("{code} (0x{code:x}: {name}, reason {})", code & 0xffff),
        None => format!("{code} (0x{code:x})"),
    }
}

/// Refuses the options that only compiled code takes when FILE is a `.masm` file.
pub(crate) fn check_masm_options(deps: &[PathBuf], framework: Option<&Path>) -> Result<()> {
    if !deps.is_empty() || framework.is_some() {
        bail!("--deps and --framework take compiled code: give a `.mv` file or a folder of them (assemble a `.masm` with `tern asm`)");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::abort_code;

    #[test]
    fn abort_codes_name_their_error_category() {
        assert_eq!(abort_code(7), "7 (0x7)");
        assert_eq!(
            abort_code(0x10001),
            "65537 (0x10001: INVALID_ARGUMENT, reason 1)"
        );
        assert_eq!(abort_code(0xE0000), "917504 (0xe0000)");
        assert_eq!(
            abort_code(u64::MAX),
            "18446744073709551615 (0xffffffffffffffff)"
        );
    }
}
