//! The peer's `publish --print-bytecode` outputs in the conformance tests: every module the
//! peer printed, assembled from the test's text, disassembles to exactly the peer's text.
//! (Reads `../shared/conformance` at run time; skips when it is absent.)

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod disassembler_common;

use std::path::{Path, PathBuf};
use tern_asm::assembler::{assemble, AsmOptions, CompiledUnit};
use tern_asm::disassembler::disassemble_module;
use tern_binary::CompiledModule;

/// One task of a transactional test: its command and the text handed to the assembler.
struct Task {
    command: String,
    data: String,
}

fn is_command(line: &str) -> Option<&str> {
    line.trim_start().strip_prefix("//#").map(str::trim_start)
}

fn is_leading_comment(line: &str) -> bool {
    let t = line.trim_start();
    t.starts_with("//") && !t.starts_with("//#")
}

/// Splits a test file into tasks (transactional-tests.md §3).
fn split_tasks(text: &str) -> Vec<Task> {
    let mut tasks: Vec<(Vec<String>, usize, Vec<String>)> = Vec::new();
    let mut in_command = false;
    let mut started = false;
    for (n, line) in text.lines().enumerate() {
        let blank = line.trim().is_empty();
        if !started && (blank || is_leading_comment(line)) {
            continue;
        }
        started = true;
        if let Some(cmd) = is_command(line) {
            if cmd.is_empty() {
                continue;
            }
            if !in_command || tasks.is_empty() {
                tasks.push((vec![], 0, vec![]));
            }
            in_command = true;
            let task = tasks.last_mut().unwrap();
            task.0.push(cmd.to_string());
            task.1 = n + 1;
        } else {
            in_command = false;
            if !blank {
                tasks.last_mut().unwrap().2.push(line.to_string());
            }
        }
    }
    tasks
        .into_iter()
        .map(|(cmds, stop, lines)| Task {
            command: cmds.join(" "),
            data: "\n".repeat(stop) + &lines.join("\n"),
        })
        .collect()
}

/// The output of each task in an `.exp` file.
fn task_outputs(exp: &str) -> Vec<String> {
    let mut outputs: Vec<String> = Vec::new();
    for line in exp.lines() {
        if line.starts_with("task ") && line.contains(" lines ") {
            outputs.push(String::new());
        } else if let Some(out) = outputs.last_mut() {
            out.push_str(line);
            out.push('\n');
        }
    }
    outputs
}

fn bytecode_block(output: &str) -> Option<&str> {
    let start = output.find("== BEGIN Bytecode ==\n")? + "== BEGIN Bytecode ==\n".len();
    let end = output.find("\n== END Bytecode ==")?;
    output.get(start..end)
}

fn masm_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            masm_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "masm") {
            out.push(path);
        }
    }
}

/// Checks one test file; returns how many printed modules matched.
fn check_file(path: &Path) -> Result<usize, String> {
    let text = std::fs::read_to_string(path).unwrap();
    let Ok(exp) = std::fs::read_to_string(path.with_extension("exp")) else {
        return Ok(0);
    };
    let outputs = task_outputs(&exp);
    let mut published: Vec<CompiledModule> = Vec::new();
    let mut matched = 0;
    for (task, output) in split_tasks(&text).iter().zip(&outputs) {
        if !task.command.starts_with("publish") || output.starts_with("Error") {
            continue;
        }
        let deps: Vec<&CompiledModule> = published.iter().collect();
        let Ok(CompiledUnit::Module(module)) = assemble(&task.data, &deps, &AsmOptions::default())
        else {
            return Err(format!("{}: does not assemble", path.display()));
        };
        if let Some(expected) = bytecode_block(output) {
            let actual = disassemble_module(&module).map_err(|e| e.to_string())?;
            if actual != expected {
                return Err(format!(
                    "{}:\n{actual}---- expected ----\n{expected}",
                    path.display()
                ));
            }
            matched += 1;
        }
        published.push(module);
    }
    Ok(matched)
}

#[test]
fn print_bytecode_outputs_match_the_peer() {
    let Some(shared) = disassembler_common::shared_dir() else {
        eprintln!("skipping: ../shared not found");
        return;
    };
    let mut files = Vec::new();
    masm_files(&shared.join("conformance").join("aptos"), &mut files);
    files.retain(|p| std::fs::read_to_string(p).is_ok_and(|t| t.contains("--print-bytecode")));
    files.sort();
    let mut matched = 0;
    let mut failures = Vec::new();
    for file in &files {
        match check_file(file) {
            Ok(n) => matched += n,
            Err(e) => failures.push(e),
        }
    }
    eprintln!(
        "print-bytecode: {matched} modules matched in {} files",
        files.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
