//! Shared helpers for the assembler's integration tests: locating `../shared`, expanding the
//! simple templates some test files use, splitting transactional test files into tasks
//! (transactional-tests.md §2–§3), reading per-task outcomes from `.exp` files, and stand-ins
//! for the standard-library modules the tests refer to.

#![allow(dead_code)]

pub(crate) mod template;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use tern_asm::assembler::{assemble, AsmOptions, CompiledUnit};
use tern_binary::CompiledModule;

/// `../shared` relative to the workspace root, if present.
pub(crate) fn shared_dir() -> Option<PathBuf> {
    let mut dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    loop {
        if dir.join("crates").is_dir() {
            let shared = dir.join("../shared");
            return shared.is_dir().then_some(shared);
        }
        if !dir.pop() {
            return None;
        }
    }
}

/// Every `.masm` file under `dir`, sorted.
pub(crate) fn masm_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = vec![];
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "masm") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// One task of a test file.
#[derive(Debug, Clone)]
pub(crate) struct Task {
    /// Task number (from 0).
    pub(crate) index: usize,
    /// The command words joined by spaces (`publish --verbose`).
    pub(crate) command: String,
    /// The text handed to the assembler (command lines as empty lines, blank lines
    /// dropped, no trailing newline), if the task has a body.
    pub(crate) data: Option<String>,
}

impl Task {
    /// The command name (`publish`, `run`, ...).
    pub(crate) fn name(&self) -> &str {
        self.command.split_whitespace().next().unwrap_or("")
    }
}

fn command_text(line: &str) -> Option<&str> {
    line.trim_start().strip_prefix("//#").map(str::trim_start)
}

fn is_leading_comment(line: &str) -> bool {
    let Some(rest) = line.trim_start().strip_prefix("//") else {
        return false;
    };
    rest.chars()
        .next()
        .is_some_and(|c| c.is_whitespace() || (c.is_ascii_graphic() && c != '#'))
}

/// A task being collected: its `(line number, command text)` lines and its text lines.
type Bucket = (Vec<(usize, String)>, Vec<String>);

/// Splits a (rendered) test file into tasks, as the peer's harness does.
pub(crate) fn split_tasks(text: &str) -> Result<Vec<Task>, String> {
    let lines: Vec<&str> = text.lines().collect();
    let mut i = 0;
    while i < lines.len() && (lines[i].trim().is_empty() || is_leading_comment(lines[i])) {
        i += 1;
    }
    let mut buckets: Vec<Bucket> = vec![];
    let mut in_command = true;
    let mut current: Bucket = (vec![], vec![]);
    for (n, line) in lines.iter().enumerate().skip(i) {
        let number = n + 1;
        if let Some(cmd) = command_text(line) {
            if cmd.trim().is_empty() {
                continue;
            }
            if !in_command {
                buckets.push(std::mem::take(&mut current));
                in_command = true;
            }
            current.0.push((number, cmd.to_string()));
        } else if line.trim().is_empty() {
            in_command = false;
        } else {
            in_command = false;
            current.1.push(line.to_string());
        }
    }
    buckets.push(current);
    let mut tasks = vec![];
    for (index, (commands, body)) in buckets.into_iter().enumerate() {
        let Some(&(stop, _)) = commands.last() else {
            return Err("No initial command".to_string());
        };
        let command = commands
            .iter()
            .map(|(_, c)| c.trim_end())
            .collect::<Vec<_>>()
            .join(" ");
        let joined = body.join("\n");
        let data = (!joined.trim().is_empty()).then(|| format!("{}{joined}", "\n".repeat(stop)));
        tasks.push(Task {
            index,
            command,
            data,
        });
    }
    Ok(tasks)
}

/// The printed output of each task in an `.exp` file, by task number.
pub(crate) fn exp_outputs(exp: &str) -> BTreeMap<usize, String> {
    let mut out: BTreeMap<usize, String> = BTreeMap::new();
    let mut current: Option<usize> = None;
    for line in exp.lines() {
        let header = line
            .strip_prefix("task ")
            .and_then(|rest| rest.split_once(' '))
            .filter(|(_, rest)| rest.starts_with("lines "))
            .and_then(|(n, _)| n.parse::<usize>().ok());
        if let Some(n) = header {
            current = Some(n);
            out.insert(n, String::new());
        } else if let Some(n) = current {
            let text = out.entry(n).or_default();
            text.push_str(line);
            text.push('\n');
        }
    }
    out
}

/// What a task's expected output says about assembling its body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Expect {
    /// Assembles (and, for `publish`, publishes).
    Ok,
    /// Assembles but the publish fails (verifier, linker, serializer...).
    NotPublished,
    /// The assembler fails with this text (the rendered diagnostics).
    AsmError(String),
}

/// Classifies the output of a task.
pub(crate) fn expectation(output: Option<&str>) -> Expect {
    let output = output.unwrap_or("");
    if let Some(diags) = output.strip_prefix("Error: error: ") {
        return Expect::AsmError(format!("error: {}", diags.trim_end_matches('\n')));
    }
    if output.starts_with("Error: Unable to publish module") || output.starts_with("Error: value (")
    {
        return Expect::NotPublished;
    }
    Expect::Ok
}

/// Stand-ins for the standard-library modules the test files use (handles only matter).
pub(crate) const STDLIB_STUBS: [&str; 2] = [
    "module 0x1::signer\n\
     public native fun borrow_address(s: &signer): &address\n\
     public native fun address_of(s: &signer): address",
    "module 0x1::bcs\npublic native fun to_bytes<T>(v: &T): vector<u8>",
];

/// The assembled stand-ins.
pub(crate) fn stdlib() -> Vec<CompiledModule> {
    STDLIB_STUBS
        .iter()
        .map(|src| match assemble(src, &[], &AsmOptions::default()) {
            Ok(CompiledUnit::Module(m)) => m,
            other => panic!("stub does not assemble: {other:?}"),
        })
        .collect()
}

/// The id of a module as `0xADDR::name`.
pub(crate) fn module_key(m: &CompiledModule) -> String {
    match (m.address(), m.name()) {
        (Some(a), Some(n)) => format!("0x{}::{n}", a.short_hex()),
        _ => String::from("?"),
    }
}

/// A file's tasks with their expectations, after template expansion.
pub(crate) struct TestFile {
    pub(crate) path: PathBuf,
    pub(crate) tasks: Vec<(Task, Expect)>,
}

/// Reads and splits a test file; `Err` explains why it is skipped.
pub(crate) fn load(path: &Path) -> Result<TestFile, String> {
    let raw = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let text = if template::is_template(&raw) {
        template::render(&raw).map_err(|e| format!("template not supported: {e}"))?
    } else {
        raw
    };
    let exp_path = path.with_extension("exp");
    let exp = std::fs::read_to_string(&exp_path).unwrap_or_default();
    let outputs = exp_outputs(&exp.replace("\r\n", "\n"));
    let tasks = split_tasks(&text)?
        .into_iter()
        .map(|t| {
            let e = expectation(outputs.get(&t.index).map(String::as_str));
            (t, e)
        })
        .collect();
    Ok(TestFile {
        path: path.to_path_buf(),
        tasks,
    })
}
