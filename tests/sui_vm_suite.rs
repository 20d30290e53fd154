//! Sui's Move VM tests (`tests/data/sui/vm`, ported from Sui's
//! `move-vm-transactional-tests`): every file runs as Sui's Move test runner runs it
//! (`tern test` picks that mode for files under a `sui/` folder), and every task's output must
//! be the one Sui records, byte for byte — except the tasks listed below, with the reason.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};
use tern_testrunner::{run_test_text, RunConfig, TernAdapter};

/// Tasks whose output is known to differ, and why (none: `enums/variant_switch_loop` task 2,
/// the one metered run, matches since `--gas-budget` charges Sui's development cost table).
const KNOWN_DIFFERENCES: &[(&str, usize, &str)] = &[];

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files(&path, out);
        } else if path.extension().is_some_and(|x| x == "masm") {
            out.push(path);
        }
    }
}

/// The output's task blocks by task number (the text after `task N, `), and the header.
fn blocks(output: &str) -> (String, Vec<(usize, String)>) {
    let mut parts = output.split("\ntask ");
    let header = parts.next().unwrap_or_default().to_string();
    let tasks = parts
        .map(|b| {
            let number = b.split(',').next().unwrap().parse().unwrap();
            (number, b.to_string())
        })
        .collect();
    (header, tasks)
}

#[test]
fn sui_vm_tests_have_suis_outputs() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/sui/vm");
    let mut all = Vec::new();
    files(&root, &mut all);
    all.sort();
    let (mut compared, mut known, mut failures) = (0usize, 0usize, Vec::new());
    for path in &all {
        let rel = path.strip_prefix(&root).unwrap().with_extension("");
        let rel = rel.to_string_lossy().to_string();
        let text = std::fs::read_to_string(path).unwrap();
        assert_eq!(RunConfig::for_path(path), RunConfig::Sui);
        let mut adapter = TernAdapter::for_config(RunConfig::Sui);
        let output = run_test_text(&text, &mut adapter).unwrap();
        let expected = std::fs::read_to_string(path.with_extension("exp")).unwrap();
        let (want_header, want) = blocks(&expected);
        let (got_header, got) = blocks(&output);
        assert_eq!(got_header, want_header, "{rel}");
        // Every task: one that prints nothing must print nothing here too.
        let count: usize = want_header
            .split_whitespace()
            .nth(1)
            .and_then(|n| n.parse().ok())
            .unwrap();
        let print_bytecode = |n: usize| {
            text.lines()
                .filter(|l| l.starts_with("//#"))
                .nth(n)
                .is_some_and(|l| l.contains("print-bytecode"))
        };
        for n in 0..count {
            let find = |blocks: &[(usize, String)]| {
                blocks.iter().find(|(m, _)| *m == n).map(|(_, b)| b.clone())
            };
            let (g, w) = (find(&got), find(&want));
            // Sui's disassembler (with the IR's source names) is not reproduced.
            if print_bytecode(n) {
                continue;
            }
            compared += 1;
            if g == w {
                continue;
            }
            if KNOWN_DIFFERENCES
                .iter()
                .any(|(f, t, _)| *f == rel && *t == n)
            {
                known += 1;
                continue;
            }
            failures.push(format!(
                "{rel} task {n}\n--- want\n{}\n--- got\n{}",
                w.unwrap_or_default(),
                g.unwrap_or_default()
            ));
        }
    }
    assert!(all.len() >= 140, "{} files", all.len());
    assert!(compared >= 430, "{compared} tasks compared");
    assert!(
        failures.is_empty(),
        "{} task outputs differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
    eprintln!(
        "{compared} tasks compared, {} identical, {known} known differences",
        compared - known
    );
}
