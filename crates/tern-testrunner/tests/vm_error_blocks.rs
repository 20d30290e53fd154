//! `VmError::render_with` against every VMError block of the conformance `.exp` files: each
//! block is parsed back into a `VmError` and must render to the same text.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use common::conformance_dir;
use tern_primitives::{
    AccountAddress, Identifier, IndexKind, Location, ModuleId, StackFrameInfo, StatusCode, VmError,
};
use tern_testrunner::collect_test_files;

const KINDS: [IndexKind; 24] = [
    IndexKind::ModuleHandle,
    IndexKind::StructHandle,
    IndexKind::FunctionHandle,
    IndexKind::FieldHandle,
    IndexKind::FriendDeclaration,
    IndexKind::FunctionInstantiation,
    IndexKind::FieldInstantiation,
    IndexKind::StructDefinition,
    IndexKind::StructDefInstantiation,
    IndexKind::FunctionDefinition,
    IndexKind::FieldDefinition,
    IndexKind::Signature,
    IndexKind::Identifier,
    IndexKind::AddressIdentifier,
    IndexKind::ConstantPool,
    IndexKind::LocalPool,
    IndexKind::CodeDefinition,
    IndexKind::TypeParameter,
    IndexKind::MemberCount,
    IndexKind::VariantFieldHandle,
    IndexKind::VariantFieldInstantiation,
    IndexKind::StructVariantHandle,
    IndexKind::StructVariantInstantiation,
    IndexKind::VariantDefinition,
];

fn field<'a>(line: &'a str, name: &str) -> &'a str {
    line.strip_prefix(&format!("    {name}: "))
        .and_then(|l| l.strip_suffix(','))
        .unwrap_or_else(|| panic!("expected field {name} in `{line}`"))
}

fn pairs(list: &str) -> Vec<(String, u16)> {
    let inner = list.strip_prefix('[').unwrap().strip_suffix(']').unwrap();
    if inner.is_empty() {
        return Vec::new();
    }
    inner
        .strip_prefix('(')
        .unwrap()
        .strip_suffix(')')
        .unwrap()
        .split("), (")
        .map(|p| {
            let (a, b) = p.rsplit_once(", ").unwrap();
            (a.to_string(), b.parse().unwrap())
        })
        .collect()
}

fn location(text: &str) -> Location {
    match text {
        "undefined" => Location::Undefined,
        "script" => Location::Script,
        _ => {
            let (addr, name) = text.split_once("::").unwrap();
            Location::Module(ModuleId::new(
                AccountAddress::from_hex_literal(addr).unwrap(),
                Identifier::new(name).unwrap(),
            ))
        }
    }
}

fn frames(text: &str) -> Vec<StackFrameInfo> {
    let inner = text
        .strip_prefix("Some(ExecutionState { stack_trace: [")
        .and_then(|t| t.strip_suffix("] })"))
        .unwrap();
    if inner.is_empty() {
        return Vec::new();
    }
    let mut out = Vec::new();
    for frame in inner.split("), (") {
        let frame = frame.trim_start_matches('(').trim_end_matches(')');
        let (module_text, rest) = frame.split_once(", FunctionDefinitionIndex(").unwrap();
        let (function, pc) = rest.split_once("), ").unwrap();
        let module = module_text
            .strip_prefix("Some(ModuleId { address: ")
            .map(|m| {
                let (addr, name) = m.split_once(", name: Identifier(\"").unwrap();
                let name = name.split('"').next().unwrap();
                ModuleId::new(
                    AccountAddress::from_hex_literal(addr).unwrap(),
                    Identifier::new(name).unwrap(),
                )
            });
        out.push(StackFrameInfo {
            module,
            function: function.parse().unwrap(),
            pc: pc.parse().unwrap(),
        });
    }
    out
}

/// Parses the block lines (between `{` and `}`) into an error and whether it is verbose.
fn parse_block(lines: &[&str]) -> (VmError, bool) {
    let verbose = lines[0].starts_with("    message: ");
    let mut it = lines.iter().copied();
    let message = if verbose {
        Some(field(it.next().unwrap(), "message"))
    } else {
        None
    };
    let status = StatusCode::from_name(field(it.next().unwrap(), "major_status")).unwrap();
    let mut e = VmError::new(status);
    if let Some(m) = message.filter(|m| *m != "None") {
        e = e.with_message(m);
    }
    let sub = field(it.next().unwrap(), "sub_status");
    if let Some(n) = sub.strip_prefix("Some(").and_then(|s| s.strip_suffix(')')) {
        e = e.with_sub_status(n.parse().unwrap());
    }
    e = e.at_location(location(field(it.next().unwrap(), "location")));
    for (kind, i) in pairs(field(it.next().unwrap(), "indices")) {
        let kind = KINDS.iter().find(|k| k.name() == kind).unwrap();
        e = e.at_index(*kind, i);
    }
    for (f, pc) in pairs(field(it.next().unwrap(), "offsets")) {
        let f = f
            .strip_prefix("FunctionDefinitionIndex(")
            .and_then(|f| f.strip_suffix(')'))
            .unwrap();
        e = e.at_code_offset(f.parse().unwrap(), pc);
    }
    if verbose {
        let state = field(it.next().unwrap(), "exec_state");
        if state != "None" {
            e = e.with_exec_state(frames(state));
        }
    }
    assert!(it.next().is_none());
    (e, verbose)
}

#[test]
fn every_vm_error_block_renders_identically() {
    let Some(root) = conformance_dir("every_vm_error_block_renders_identically") else {
        return;
    };
    let mut blocks = 0;
    for masm in collect_test_files(&[root], None).unwrap() {
        let exp = std::fs::read_to_string(masm.with_extension("exp")).unwrap();
        let lines: Vec<&str> = exp.lines().collect();
        let mut i = 0;
        while i < lines.len() {
            if !lines[i].ends_with("VMError: {") {
                i += 1;
                continue;
            }
            let end = i + lines[i..].iter().position(|l| *l == "}").unwrap();
            let body = &lines[i + 1..end];
            let (err, verbose) = parse_block(body);
            let original = format!("{{\n{}\n}}", body.join("\n"));
            assert_eq!(err.render_with(verbose), original, "{}", masm.display());
            blocks += 1;
            i = end + 1;
        }
    }
    assert!(blocks > 150, "only {blocks} blocks");
}
