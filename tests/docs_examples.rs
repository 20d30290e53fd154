//! Every complete module or script in the `.masm` guide (`docs/masm.md`) assembles and
//! verifies.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use tern_asm::assembler::{assemble, AsmOptions, CompiledUnit};
use tern_verifier::{verify_module, verify_script, VerifierConfig};

/// The fenced code blocks of a markdown text.
fn code_blocks(text: &str) -> Vec<String> {
    let mut blocks = Vec::new();
    let mut current: Option<String> = None;
    for line in text.lines() {
        if line.starts_with("```") {
            match current.take() {
                Some(block) => blocks.push(block),
                None => current = Some(String::new()),
            }
        } else if let Some(block) = current.as_mut() {
            block.push_str(line);
            block.push('\n');
        }
    }
    blocks
}

#[test]
fn the_guides_examples_assemble_and_verify() {
    let guide =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/masm.md")).unwrap();
    let units: Vec<String> = code_blocks(&guide)
        .into_iter()
        .filter(|b| {
            let first = b
                .lines()
                .find(|l| !l.trim().is_empty() && !l.starts_with("//"));
            first.is_some_and(|l| {
                l.starts_with("module ") || l == "script" || l.starts_with("flavor ")
            })
        })
        .collect();
    assert!(units.len() >= 4, "found {} examples", units.len());
    let config = VerifierConfig::default();
    for source in &units {
        let version = if source.contains("flavor sui") { 7 } else { 9 };
        match assemble(source, &[], &AsmOptions { version }) {
            Ok(CompiledUnit::Module(m)) => {
                verify_module(&m, &config).unwrap_or_else(|e| panic!("{e}\n{source}"))
            }
            Ok(CompiledUnit::Script(s)) => {
                verify_script(&s, &config).unwrap_or_else(|e| panic!("{e}\n{source}"))
            }
            Err(e) => panic!("{e}\n{source}"),
        }
    }
}
