//! The embedded Sui framework lists hold exactly the modules of the corpus folders they come
//! from, each under its own name.

#![allow(clippy::unwrap_used)] // test code: a failed unwrap is a failed test

use std::path::Path;

fn check(list: &[(&str, &[u8])], folder: &str) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../corpus/sui-framework")
        .join(folder);
    let mut on_disk: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| {
            let name = e.unwrap().file_name().into_string().unwrap();
            name.strip_suffix(".mv").map(str::to_string)
        })
        .collect();
    on_disk.sort();
    let listed: Vec<String> = list.iter().map(|(n, _)| n.to_string()).collect();
    assert_eq!(listed, on_disk, "{folder}");
    for (name, bytes) in list {
        let module = tern_binary::CompiledModule::deserialize_with_config(
            bytes,
            &tern_binary::DeserializerConfig::sui(),
        )
        .unwrap();
        assert_eq!(module.self_id().unwrap().name.as_str(), *name);
    }
}

#[test]
fn sui_stdlib_list_matches_the_corpus() {
    check(tern_stdlib::sui_stdlib_binaries(), "0x1-move-stdlib");
}

#[test]
fn sui_framework_list_matches_the_corpus() {
    check(tern_stdlib::sui_framework_binaries(), "0x2-sui-framework");
}
