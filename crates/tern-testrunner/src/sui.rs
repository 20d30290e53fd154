//! Test files run as Sui's Move test runner runs them ([`crate::Style::Sui`]): its output
//! format (`task N, lines A-B:` blocks separated by blank lines, errors printed with their
//! message last and no execution state), and its `run` of a module block (the module is
//! published, then its single entry function called).

use crate::adapter::{ExecOutput, PublishOptions, RunOptions, TestAdapter};
use crate::command::{Command, PublishCommand, RunCommand};
use crate::exec::{argument_blobs, render_outputs};
use crate::testfile::{ParsedTask, TestFile};
use crate::toolchain::{Toolchain, Unit};
use tern_binary::{BinaryTables, CompiledModule};
use tern_primitives::{IndexKind, Location, VmError};

/// Runs every task of `file` and returns the complete output text, in Sui's format.
pub(crate) fn run_file<A: TestAdapter, T: Toolchain>(
    file: &TestFile,
    adapter: &mut A,
    toolchain: &T,
) -> String {
    let count = file.tasks.len();
    let mut out = format!(
        "processed {count} task{}\n",
        if count > 1 { "s" } else { "" }
    );
    for task in &file.tasks {
        let Some(result) = run_task(task, adapter, toolchain) else {
            continue;
        };
        let raw = &task.raw;
        let lines = if raw.start_line == raw.stop_line {
            format!("line {}", raw.start_line)
        } else {
            format!("lines {}-{}", raw.start_line, raw.stop_line)
        };
        out.push_str(&format!(
            "\ntask {}, {lines}:\n//# {}\n{result}\n",
            raw.number, raw.command
        ));
    }
    out
}

fn run_task<A: TestAdapter, T: Toolchain>(
    task: &ParsedTask,
    adapter: &mut A,
    toolchain: &T,
) -> Option<String> {
    let data = task.raw.data.as_deref().unwrap_or("");
    match &task.command {
        Command::Init(_) => None,
        Command::Publish(cmd) => publish(cmd, data, adapter, toolchain).err(),
        Command::Run(cmd) => match &cmd.target {
            Some(target) => {
                let (module, function) = (target.module.clone(), target.function.clone());
                call(cmd, &module, &function, adapter)
            }
            None => run_module(cmd, data, adapter, toolchain),
        },
        Command::View(_) => Some("Error: `view` is not a command of Sui's runner".into()),
        Command::PrintBytecode(_) => {
            let deps: Vec<&CompiledModule> = adapter.context_modules();
            Some(match toolchain.assemble(data, &deps) {
                Ok(Unit::Module(m)) => toolchain.disassemble_module(&m).unwrap_or_else(|e| e),
                Ok(Unit::Script(s)) => toolchain.disassemble_script(&s).unwrap_or_else(|e| e),
                Err(e) => format!("Error: {e}"),
            })
        }
    }
}

/// Assembles and publishes the module block; the error text if that fails.
fn publish<A: TestAdapter, T: Toolchain>(
    cmd: &PublishCommand,
    data: &str,
    adapter: &mut A,
    toolchain: &T,
) -> Result<CompiledModule, String> {
    let deps: Vec<&CompiledModule> = adapter.context_modules();
    let module = match toolchain.assemble(data, &deps) {
        Ok(Unit::Module(m)) => m,
        Ok(Unit::Script(_)) => return Err("Error: Sui has no scripts".into()),
        Err(e) => return Err(format!("Error: {e}")),
    };
    let bytes = toolchain
        .serialize_module(&module)
        .map_err(|e| format!("Error: {e}"))?;
    let id = format!(
        "{}::{}",
        module.address().map(|a| a.full_hex()).unwrap_or_default(),
        module.name().map(|n| n.to_string()).unwrap_or_default()
    );
    let options = PublishOptions {
        gas_budget: cmd.gas_budget,
        ..PublishOptions::default()
    };
    adapter
        .publish(module.clone(), bytes, &options)
        .map_err(|e| {
            format!(
                "Error: Unable to publish module '{id}'. Got VMError: {}",
                render_error(&e)
            )
        })?;
    Ok(module)
}

/// `run` with a module block: the module is published, then its single entry function run.
fn run_module<A: TestAdapter, T: Toolchain>(
    cmd: &RunCommand,
    data: &str,
    adapter: &mut A,
    toolchain: &T,
) -> Option<String> {
    let publish_cmd = PublishCommand {
        gas_budget: cmd.gas_budget,
        ..PublishCommand::default()
    };
    let module = match publish(&publish_cmd, data, adapter, toolchain) {
        Ok(m) => m,
        Err(e) => return Some(e),
    };
    let entries: Vec<_> = module
        .function_defs
        .iter()
        .filter(|d| d.is_entry)
        .filter_map(|d| module.function_handle_at(d.function))
        .filter_map(|h| module.identifier_at(h.name))
        .collect();
    let (Some(id), [name]) = (module.self_id(), entries.as_slice()) else {
        return Some("Error: the module of a `run` must have exactly one entry function".into());
    };
    call(cmd, &id, name, adapter)
}

fn call<A: TestAdapter>(
    cmd: &RunCommand,
    module: &tern_primitives::ModuleId,
    function: &tern_primitives::Identifier,
    adapter: &mut A,
) -> Option<String> {
    let options = RunOptions {
        verbose: false,
        gas_budget: cmd.gas_budget,
        display_trace: false,
        signers_count: cmd.signers.len(),
    };
    match adapter.run_function(
        module,
        function,
        argument_blobs(cmd),
        cmd.type_args.clone(),
        &options,
    ) {
        Ok(output) => non_empty(render(&output)),
        Err(e) => Some(format!(
            "Error: Function execution failed with VMError: {}",
            render_error(&e)
        )),
    }
}

fn render(output: &ExecOutput) -> String {
    render_outputs(output)
}

fn non_empty(text: String) -> Option<String> {
    (!text.is_empty()).then_some(text)
}

/// An error as Sui's runner prints it: status, sub-status, location (`undefined`, `0x42`
/// for a package, `0x42::m`), indices, offsets, then the message if there is one.
pub fn render_error(e: &VmError) -> String {
    let d = e.data();
    let location = match &d.location {
        Location::Undefined | Location::Script => "undefined".to_string(),
        Location::Module(id) => format!("{}::{}", id.address, id.name),
        Location::Package(address) => address.to_string(),
    };
    let indices: Vec<String> = d
        .indices
        .iter()
        .map(|(kind, i)| format!("({}, {i})", sui_index_kind(*kind)))
        .collect();
    let offsets: Vec<String> = d
        .offsets
        .iter()
        .map(|(f, pc)| format!("(FunctionDefinitionIndex({f}), {pc})"))
        .collect();
    let sub_status = match d.sub_status {
        Some(s) => format!("Some({s})"),
        None => "None".to_string(),
    };
    let message = match &d.message {
        Some(m) => format!("\n    message: {m:?},"),
        None => String::new(),
    };
    format!(
        "{{\n    major_status: {},\n    sub_status: {sub_status},\n    location: {location},\n    \
         indices: [{}],\n    offsets: [{}],{message}\n}}",
        d.status.name(),
        indices.join(", "),
        offsets.join(", ")
    )
}

/// An index kind under Sui's name (struct handles are datatype handles).
fn sui_index_kind(kind: IndexKind) -> &'static str {
    match kind {
        IndexKind::StructHandle => "DatatypeHandle",
        other => other.name(),
    }
}
