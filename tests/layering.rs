//! The crates' floors, as `docs/architecture.md` draws them, against the workspace's
//! manifests (`cargo metadata`): every library or build dependency of a workspace crate on
//! another is on a lower floor, and every workspace crate is on a floor.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::BTreeMap;
use std::process::Command;

/// The floor of each crate, read from the drawing in `docs/architecture.md`: a fenced block
/// whose lines are `N  crate  crate …`.
fn floors() -> BTreeMap<String, u32> {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/architecture.md"))
        .unwrap();
    let start = doc
        .find("```text\n8  tern-cli")
        .expect("the floors' drawing");
    let block = &doc[start + "```text\n".len()..];
    let block = &block[..block.find("```").unwrap()];
    let mut floors = BTreeMap::new();
    for line in block.lines() {
        let mut words = line.split_whitespace();
        let floor: u32 = words.next().unwrap().parse().unwrap();
        for name in words {
            assert!(
                floors.insert(name.to_string(), floor).is_none(),
                "{name} twice"
            );
        }
    }
    floors
}

/// Each workspace crate's library and build dependencies on workspace crates.
fn workspace_dependencies() -> BTreeMap<String, Vec<String>> {
    let out = Command::new(env!("CARGO"))
        .args(["metadata", "--format-version", "1", "--no-deps"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert!(out.status.success());
    let metadata: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let packages = metadata["packages"].as_array().unwrap();
    let names: Vec<&str> = packages
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    packages
        .iter()
        .map(|p| {
            let deps = p["dependencies"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|d| d["kind"].is_null() || d["kind"] == "build")
                .map(|d| d["name"].as_str().unwrap().to_string())
                .filter(|d| names.contains(&d.as_str()))
                .collect();
            (p["name"].as_str().unwrap().to_string(), deps)
        })
        .collect()
}

#[test]
fn each_crate_uses_only_crates_on_lower_floors() {
    let floors = floors();
    let mut wrong = Vec::new();
    for (name, deps) in workspace_dependencies() {
        // The workspace package holds the cross-crate tests and benchmarks only.
        if name == "tern-suite" {
            continue;
        }
        let Some(&floor) = floors.get(&name) else {
            wrong.push(format!("{name} is on no floor of docs/architecture.md"));
            continue;
        };
        for dep in deps {
            match floors.get(&dep) {
                Some(&below) if below < floor => {}
                _ => wrong.push(format!("{name} (floor {floor}) uses {dep}")),
            }
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

#[test]
fn the_drawing_names_only_workspace_crates() {
    let deps = workspace_dependencies();
    for name in floors().keys() {
        assert!(deps.contains_key(name), "{name} is not a workspace crate");
    }
}
