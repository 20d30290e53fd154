//! Every dependency of the workspace comes from crates.io (or the workspace itself) under a
//! licence `deny.toml` allows, read from `cargo metadata`.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::process::Command;

/// The `allow` list of `deny.toml`'s `[licenses]` table.
fn allowed_licences() -> Vec<String> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/deny.toml")).unwrap();
    let start = text
        .find("allow = [")
        .expect("deny.toml lists allowed licences");
    let list = &text[start + "allow = [".len()..];
    let list = &list[..list.find(']').unwrap()];
    // Drop `#` comments line by line (they give the reason for an entry), then split.
    let entries: String = list
        .lines()
        .map(|line| line.split('#').next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n");
    entries
        .split(',')
        .map(|s| s.trim().trim_matches('"').to_string())
        .filter(|s| !s.is_empty())
        .collect()
}

#[test]
fn deny_toml_allows_bsd_3_clause_for_the_crypto_crates() {
    // BSD-3-Clause is needed by `subtle` and `curve25519-dalek` (tern-crypto).
    let allowed = allowed_licences();
    assert!(allowed.iter().any(|l| l == "BSD-3-Clause"), "{allowed:?}");
    assert!(allowed.iter().all(|l| !l.contains('#')), "{allowed:?}");
}

/// Whether an SPDX expression (`A OR B`, `A AND (B OR C)`, the old `A/B`) is satisfied by
/// the allowed licences.
fn acceptable(expression: &str, allowed: &[String]) -> bool {
    let expression = expression.replace('/', " OR ");
    let expression = expression.trim();
    if let Some(inner) = expression
        .strip_prefix('(')
        .and_then(|e| e.strip_suffix(')'))
    {
        if !inner.contains(')') || inner.find(')') > inner.find('(') {
            return acceptable(inner, allowed);
        }
    }
    // OR binds loosest; split at top-level ORs, then ANDs.
    let split = |text: &str, op: &str| -> Vec<String> {
        let (mut parts, mut depth, mut current) = (Vec::new(), 0i32, String::new());
        let tokens: Vec<&str> = text.split_whitespace().collect();
        for token in tokens {
            depth += token.matches('(').count() as i32 - token.matches(')').count() as i32;
            if token == op && depth == 0 {
                parts.push(std::mem::take(&mut current));
            } else {
                current.push_str(token);
                current.push(' ');
            }
        }
        parts.push(current);
        parts
    };
    let alternatives = split(expression, "OR");
    if alternatives.len() > 1 {
        return alternatives.iter().any(|a| acceptable(a, allowed));
    }
    let conjuncts = split(expression, "AND");
    if conjuncts.len() > 1 {
        return conjuncts.iter().all(|c| acceptable(c, allowed));
    }
    allowed.iter().any(|a| a == expression)
}

#[test]
fn licence_expressions_are_read_as_spdx() {
    let allowed = vec!["MIT".to_string(), "Unicode-3.0".to_string()];
    assert!(acceptable("MIT OR Apache-2.0", &allowed));
    assert!(acceptable("Apache-2.0/MIT", &allowed));
    assert!(acceptable("(MIT OR Apache-2.0) AND Unicode-3.0", &allowed));
    assert!(!acceptable("GPL-3.0", &allowed));
    assert!(!acceptable("MIT AND GPL-3.0", &allowed));
}

#[test]
fn dependencies_have_allowed_licences_and_sources() {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    let output = Command::new(cargo)
        .args(["metadata", "--format-version", "1", "--locked"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo metadata runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let metadata: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let allowed = allowed_licences();
    let mut checked = 0;
    for package in metadata["packages"].as_array().unwrap() {
        let name = package["name"].as_str().unwrap_or("?");
        let Some(source) = package["source"].as_str() else {
            continue; // a workspace crate
        };
        assert!(
            source.starts_with("registry+https://github.com/rust-lang/crates.io-index"),
            "{name} comes from {source}"
        );
        let licence = package["license"]
            .as_str()
            .unwrap_or_else(|| panic!("{name} has no licence"));
        assert!(acceptable(licence, &allowed), "{name}: {licence}");
        checked += 1;
    }
    assert!(checked > 50, "only {checked} dependencies read");
}
