//! The runner against the peer's conformance suite (`../shared/conformance/aptos`), where
//! present: every file parses, every task header matches the `.exp`, and files whose
//! expected output holds no VM-produced text are reproduced exactly with an always-succeeding
//! mock VM (exercising the assembler, serializer and disassembler on real inputs).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::{conformance_dir, MockAdapter};
use std::path::{Path, PathBuf};
use tern_testrunner::{collect_test_files, expected_path, run_test_text, Command, TestFile};

fn masm_files(root: &Path) -> Vec<PathBuf> {
    collect_test_files(&[root.to_path_buf()], None).unwrap()
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap()
}

#[test]
fn every_conformance_file_parses_into_tasks_and_commands() {
    let Some(root) = conformance_dir("every_conformance_file_parses") else {
        return;
    };
    let files = masm_files(&root);
    assert!(files.len() > 300, "found only {} files", files.len());
    let mut failures = Vec::new();
    for file in &files {
        match TestFile::parse(&read(file)) {
            Ok(parsed) => assert!(!parsed.tasks.is_empty(), "{}", file.display()),
            Err(e) => failures.push(format!("{}: {e}", file.display())),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The header lines (`processed ...` and `task K lines A-B: ...`) the runner prints.
fn headers(file: &TestFile) -> Vec<String> {
    let n = file.tasks.len();
    let mut out = vec![format!(
        "processed {n} task{}",
        if n == 1 { "" } else { "s" }
    )];
    for t in &file.tasks {
        if !matches!(t.command, Command::Init(_)) {
            let r = &t.raw;
            out.push(format!(
                "task {} lines {}-{}: {}",
                r.number, r.start_line, r.stop_line, r.source
            ));
        }
    }
    out
}

fn is_header(line: &str) -> bool {
    if line.starts_with("processed ") {
        return true;
    }
    let mut words = line.split(' ');
    words.next() == Some("task")
        && words.next().is_some_and(|n| n.parse::<usize>().is_ok())
        && words.next() == Some("lines")
}

#[test]
fn task_headers_match_the_expected_files() {
    let Some(root) = conformance_dir("task_headers_match") else {
        return;
    };
    let mut failures = Vec::new();
    for file in masm_files(&root) {
        let parsed = TestFile::parse(&read(&file)).unwrap();
        let expected: Vec<String> = read(&expected_path(&file))
            .lines()
            .filter(|l| is_header(l))
            .map(str::to_string)
            .collect();
        if headers(&parsed) != expected {
            failures.push(file.display().to_string());
        }
    }
    assert!(
        failures.is_empty(),
        "headers differ in:\n{}",
        failures.join("\n")
    );
}

/// Whether the expected output holds nothing but headers and `--print-bytecode` blocks.
fn only_headers_and_bytecode(exp: &str) -> bool {
    let mut in_bytecode = false;
    for line in exp.lines() {
        match line {
            "== BEGIN Bytecode ==" => in_bytecode = true,
            "== END Bytecode ==" => in_bytecode = false,
            "" => {}
            _ if in_bytecode || is_header(line) => {}
            _ => return false,
        }
    }
    true
}

/// Whether the text refers to a module of the standard library at `0x1`.
fn uses_stdlib(text: &str) -> bool {
    const STDLIB: [&str; 12] = [
        "ascii",
        "bcs",
        "bit_vector",
        "error",
        "fixed_point32",
        "hash",
        "option",
        "signer",
        "string",
        "type_name",
        "unit_test",
        "vector",
    ];
    text.match_indices("0x1::").any(|(at, m)| {
        let rest = &text[at + m.len()..];
        let name: String = rest
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        STDLIB.contains(&name.as_str())
    })
}

#[test]
fn silent_files_are_reproduced_with_an_always_succeeding_vm() {
    let Some(root) = conformance_dir("silent_files_are_reproduced") else {
        return;
    };
    let mut checked = 0;
    let mut failures = Vec::new();
    for file in masm_files(&root) {
        let text = read(&file);
        let expected = read(&expected_path(&file));
        // Files that use the standard library need the VM's stdlib as context modules.
        if !only_headers_and_bytecode(&expected) || uses_stdlib(&text) {
            continue;
        }
        checked += 1;
        let mut mock = MockAdapter::default();
        let actual = run_test_text(&text, &mut mock).unwrap();
        if actual != expected {
            failures.push(format!(
                "{}:\n{}",
                file.display(),
                tern_testrunner::unified_diff(&expected, &actual, 20)
            ));
        }
    }
    eprintln!("checked {checked} files, {} differ", failures.len());
    assert!(checked > 80, "only {checked} silent files");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
