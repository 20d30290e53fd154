//! Running the tasks of a parsed test file through a [`TestAdapter`] and rendering the output
//! exactly as the peer's harness prints it (spec §5, §6).

use crate::adapter::{ExecOutput, PublishOptions, RunOptions, TestAdapter};
use crate::command::{
    Command, PrintBytecodeCommand, PublishCommand, RunCommand, UnitKind, ViewCommand,
};
use crate::testfile::{ParsedTask, TestFile};
use crate::toolchain::{Toolchain, Unit};
use tern_binary::CompiledModule;
use tern_primitives::VmError;

/// Runs every task of `file` and returns the complete output text.
pub fn run_test_file_with<A: TestAdapter, T: Toolchain>(
    file: &TestFile,
    adapter: &mut A,
    toolchain: &T,
) -> String {
    if adapter.style() == crate::adapter::Style::Sui {
        return crate::sui::run_file(file, adapter, toolchain);
    }
    let count = file.tasks.len();
    let mut out = format!(
        "processed {count} task{}\n",
        if count == 1 { "" } else { "s" }
    );
    for task in &file.tasks {
        if matches!(task.command, Command::Init(_)) {
            continue;
        }
        let raw = &task.raw;
        out.push_str(&format!(
            "task {} lines {}-{}: {}\n",
            raw.number, raw.start_line, raw.stop_line, raw.source
        ));
        if let Some(result) = run_task(task, adapter, toolchain) {
            out.push_str(&result);
            out.push('\n');
        }
    }
    out
}

/// Runs one task; returns its result text (without the final `\n`), if any.
pub fn run_task<A: TestAdapter, T: Toolchain>(
    task: &ParsedTask,
    adapter: &mut A,
    toolchain: &T,
) -> Option<String> {
    let data = task.raw.data.as_deref().unwrap_or("");
    match &task.command {
        Command::Init(_) => None,
        Command::Publish(cmd) => publish(cmd, data, adapter, toolchain),
        Command::Run(cmd) => match &cmd.target {
            Some(_) => run_function(cmd, adapter),
            None => run_script(cmd, data, adapter, toolchain),
        },
        Command::View(cmd) => Some(view(cmd, adapter)),
        Command::PrintBytecode(cmd) => Some(print_bytecode(cmd, data, adapter, toolchain)),
    }
}

/// `Error: ` + text.
fn error(text: &str) -> String {
    format!("Error: {text}")
}

/// The marker text of a wrong unit kind.
fn wrong_kind(expected: UnitKind) -> String {
    match expected {
        UnitKind::Module => error("expected a module but found a script"),
        UnitKind::Script => error("expected a script but found a module"),
    }
}

/// The `--print-bytecode` part of a publish or script run.
fn bytecode_block(disassembly: &str) -> String {
    format!("\n== BEGIN Bytecode ==\n{disassembly}\n== END Bytecode ==")
}

fn assemble<A: TestAdapter, T: Toolchain>(
    data: &str,
    adapter: &A,
    toolchain: &T,
) -> Result<Unit, String> {
    let deps: Vec<&CompiledModule> = adapter.context_modules();
    toolchain.assemble(data, &deps).map_err(|d| error(&d))
}

fn publish<A: TestAdapter, T: Toolchain>(
    cmd: &PublishCommand,
    data: &str,
    adapter: &mut A,
    toolchain: &T,
) -> Option<String> {
    let module = match assemble(data, adapter, toolchain) {
        Ok(Unit::Module(m)) => m,
        Ok(Unit::Script(_)) => return Some(wrong_kind(UnitKind::Module)),
        Err(e) => return Some(e),
    };
    let bytes = match toolchain.serialize_module(&module) {
        Ok(b) => b,
        Err(e) => return Some(error(&e)),
    };
    let disassembly = if cmd.print_bytecode {
        Some(toolchain.disassemble_module(&module))
    } else {
        None
    };
    let id = module_display_id(&module);
    let opts = PublishOptions {
        verbose: cmd.verbose,
        skip_check_friend_linking: cmd.skip_check_friend_linking,
        skip_check_struct_and_pub_function_linking: cmd.skip_check_struct_and_pub_function_linking,
        skip_check_struct_layout: cmd.skip_check_struct_layout,
        gas_budget: cmd.gas_budget,
    };
    match adapter.publish(module, bytes, &opts) {
        Err(e) => Some(error(&format!(
            "Unable to publish module '{id}'. Got VMError: {}",
            e.render_with(cmd.verbose)
        ))),
        Ok(()) => match disassembly {
            Some(Ok(text)) => Some(bytecode_block(&text)),
            Some(Err(e)) => Some(error(&e)),
            None => None,
        },
    }
}

/// `<64 hex digits>::<name>` of a module, as the publish error prints it.
fn module_display_id(module: &CompiledModule) -> String {
    let address = module.address().map(|a| a.full_hex()).unwrap_or_default();
    let name = module.name().map(|n| n.to_string()).unwrap_or_default();
    format!("{address}::{name}")
}

/// The BCS argument blobs of a run: signers (32-byte addresses) first, then `--args`.
pub fn argument_blobs(cmd: &RunCommand) -> Vec<Vec<u8>> {
    cmd.signers
        .iter()
        .map(|s| tern::MoveValue::Signer(*s).to_bcs())
        .chain(cmd.args.iter().map(|a| a.to_bcs()))
        .collect()
}

fn run_options(cmd: &RunCommand) -> RunOptions {
    RunOptions {
        verbose: cmd.verbose,
        gas_budget: cmd.gas_budget,
        display_trace: cmd.display_trace,
        signers_count: cmd.signers.len(),
    }
}

fn run_script<A: TestAdapter, T: Toolchain>(
    cmd: &RunCommand,
    data: &str,
    adapter: &mut A,
    toolchain: &T,
) -> Option<String> {
    let script = match assemble(data, adapter, toolchain) {
        Ok(Unit::Script(s)) => s,
        Ok(Unit::Module(_)) => return Some(wrong_kind(UnitKind::Script)),
        Err(e) => return Some(e),
    };
    let bytes = match toolchain.serialize_script(&script) {
        Ok(b) => b,
        Err(e) => return Some(error(&e)),
    };
    let disassembly = cmd
        .print_bytecode
        .then(|| toolchain.disassemble_script(&script));
    let result = adapter.run_script(
        script,
        bytes,
        argument_blobs(cmd),
        cmd.type_args.clone(),
        &run_options(cmd),
    );
    let mut text = match result {
        // A script's return values are never printed.
        Ok(output) => trace_part(cmd, output.trace),
        Err(e) => failure(cmd, adapter, "Script", &e),
    };
    match disassembly {
        Some(Ok(d)) => text.push_str(&bytecode_block(&d)),
        Some(Err(e)) => text.push_str(&error(&e)),
        None => {}
    }
    non_empty(text)
}

fn run_function<A: TestAdapter>(cmd: &RunCommand, adapter: &mut A) -> Option<String> {
    let target = cmd.target.as_ref()?;
    let result = adapter.run_function(
        &target.module,
        &target.function,
        argument_blobs(cmd),
        cmd.type_args.clone(),
        &run_options(cmd),
    );
    let text = match result {
        Ok(output) => {
            let mut text = trace_part(cmd, output.trace.clone());
            text.push_str(&render_outputs(&output));
            text
        }
        Err(e) => failure(cmd, adapter, "Function", &e),
    };
    non_empty(text)
}

fn trace_part(cmd: &RunCommand, trace: Option<String>) -> String {
    if cmd.display_trace {
        trace.unwrap_or_default()
    } else {
        String::new()
    }
}

/// The trace (if requested and recorded) followed by the error block of a failed run.
fn failure<A: TestAdapter>(cmd: &RunCommand, adapter: &mut A, what: &str, e: &VmError) -> String {
    let trace = if cmd.display_trace {
        adapter.take_failure_trace()
    } else {
        None
    };
    let mut text = trace.unwrap_or_default();
    text.push_str(&error(&format!(
        "{what} execution failed with VMError: {}",
        e.render_with(cmd.verbose)
    )));
    text
}

/// The mutable-inputs and return-values lines of a function run (spec §6.3).
pub fn render_outputs(output: &ExecOutput) -> String {
    let mut lines = Vec::new();
    if !output.mutable_inputs.is_empty() {
        let items: Vec<String> = output
            .mutable_inputs
            .iter()
            .map(|(i, v)| format!("local#{i}: {v}"))
            .collect();
        lines.push(format!("mutable inputs after call: {}", items.join(", ")));
    }
    if !output.return_values.is_empty() {
        lines.push(format!(
            "return values: {}",
            output.return_values.join(", ")
        ));
    }
    lines.join("\n")
}

fn non_empty(text: String) -> Option<String> {
    (!text.is_empty()).then_some(text)
}

fn view<A: TestAdapter>(cmd: &ViewCommand, adapter: &mut A) -> String {
    match adapter.view(cmd.address, &cmd.resource) {
        Ok(Some(text)) => text,
        Ok(None) => "[No Resource Exists]".to_string(),
        Err(e) => error(&e.render()),
    }
}

fn print_bytecode<A: TestAdapter, T: Toolchain>(
    cmd: &PrintBytecodeCommand,
    data: &str,
    adapter: &A,
    toolchain: &T,
) -> String {
    let result = match (assemble(data, adapter, toolchain), cmd.input) {
        (Err(e), _) => return e,
        (Ok(Unit::Module(m)), UnitKind::Module) => toolchain.disassemble_module(&m),
        (Ok(Unit::Script(s)), UnitKind::Script) => toolchain.disassemble_script(&s),
        (Ok(_), kind) => return wrong_kind(kind),
    };
    result.unwrap_or_else(|e| error(&e))
}

#[cfg(test)]
mod tests;
