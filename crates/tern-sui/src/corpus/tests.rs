//! Manifest parsing (from text, with every kind of malformed entry) and the repository's own
//! corpus (`corpus/sui-mainnet`) built into packages and installed on a chain.

#![allow(clippy::unwrap_used, clippy::panic)] // test code: a failed unwrap is a failed test

use super::*;

/// The repository's corpus.
fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/sui-mainnet")
}

fn addr(text: &str) -> ObjectId {
    AccountAddress::from_hex_literal(text).unwrap()
}

/// A one-package manifest whose package entry has `field` set to `value` (JSON text);
/// `None` leaves the field out.
fn manifest_with(field: &str, value: Option<&str>) -> String {
    let mut fields = vec![
        ("id", r#""0xabc""#),
        ("original_id", r#""0xabc""#),
        ("version", "1"),
        ("label", r#""test""#),
        ("modules", r#"["m"]"#),
        ("enum_modules", "[]"),
        ("missing_dependencies", r#"["0xdead"]"#),
        (
            "dependencies",
            r#"{"0x2": {"upgraded_id": "0x2", "upgraded_version": 31}, "0xd": {"upgraded_id": "0xdead", "upgraded_version": 2}}"#,
        ),
        (
            "type_origins",
            r#"[{"module_name": "m", "datatype_name": "T", "package": "0xabc"}]"#,
        ),
    ];
    fields.retain(|(k, _)| *k != field);
    if let Some(v) = value {
        fields.push((field, v));
    }
    let body: Vec<String> = fields.iter().map(|(k, v)| format!("{k:?}: {v}")).collect();
    format!(
        r#"{{"format": "tern-sui-corpus/1", "packages": [{{{}}}]}}"#,
        body.join(", ")
    )
}

fn parse(text: &str) -> Result<CorpusManifest, CorpusError> {
    CorpusManifest::parse(Path::new("c"), Path::new("c/manifest.json"), text)
}

/// The entry a manifest error names.
fn entry_of(error: CorpusError) -> String {
    match error {
        CorpusError::Manifest { entry, .. } => entry,
        other => panic!("not a manifest error: {other}"),
    }
}

#[test]
fn parse_reads_linkage_type_origins_and_missing_dependencies() {
    let manifest = parse(&manifest_with("", None)).unwrap();
    let entry = manifest.entry(addr("0xabc")).unwrap();
    assert_eq!(entry.original_id, addr("0xabc"));
    assert_eq!(entry.modules, vec!["m".to_string()]);
    assert_eq!(
        entry.linkage.get(&addr("0xd")),
        Some(&UpgradeInfo {
            upgraded_id: addr("0xdead"),
            version: 2
        })
    );
    assert_eq!(
        entry.type_origins.get(&("m".to_string(), "T".to_string())),
        Some(&addr("0xabc"))
    );
    assert_eq!(entry.missing_dependencies, vec![addr("0xdead")]);
    assert_eq!(manifest.entries().count(), 1);
}

#[test]
fn missing_and_malformed_fields_name_their_entry() {
    let missing = parse(&manifest_with("original_id", None)).unwrap_err();
    assert_eq!(entry_of(missing), "packages[0].original_id");
    let version = parse(&manifest_with("version", Some("-1"))).unwrap_err();
    assert_eq!(entry_of(version), "packages[0].version");
    let address = parse(&manifest_with("id", Some(r#""0xnothex""#))).unwrap_err();
    assert_eq!(entry_of(address), "packages[0].id");
    let traversal = parse(&manifest_with("id", Some(r#""../x""#))).unwrap_err();
    assert_eq!(entry_of(traversal), "packages[0].id");
    let module = parse(&manifest_with("modules", Some(r#"["../m"]"#))).unwrap_err();
    assert_eq!(entry_of(module), "packages[0].modules[0]");
    let dep = parse(&manifest_with(
        "dependencies",
        Some(r#"{"0x2": {"upgraded_id": "0x2"}}"#),
    ))
    .unwrap_err();
    assert_eq!(
        entry_of(dep),
        "packages[0].dependencies.0x2.upgraded_version"
    );
    let origin = parse(&manifest_with(
        "type_origins",
        Some(r#"[{"module_name": "m"}]"#),
    ));
    assert_eq!(
        entry_of(origin.unwrap_err()),
        "packages[0].type_origins[0].datatype_name"
    );
}

#[test]
fn wrong_format_duplicates_and_non_json_are_refused() {
    let format = parse(r#"{"format": "other", "packages": []}"#).unwrap_err();
    assert_eq!(entry_of(format), "$.format");
    let one = manifest_with("", None);
    let body = one
        .split_once('[')
        .and_then(|(_, rest)| rest.rsplit_once(']'))
        .unwrap()
        .0;
    let twice = format!(r#"{{"format": "tern-sui-corpus/1", "packages": [{body}, {body}]}}"#);
    assert_eq!(entry_of(parse(&twice).unwrap_err()), "packages[1]");
    assert!(matches!(parse("{"), Err(CorpusError::Json { .. })));
    let error = parse("{").unwrap_err().to_string();
    assert!(error.starts_with("c/manifest.json is not JSON"), "{error}");
}

#[test]
fn a_missing_manifest_or_module_file_names_the_file() {
    let error = load_manifest(Path::new("/nonexistent-corpus")).unwrap_err();
    assert!(
        matches!(&error, CorpusError::Io { path, .. } if path.ends_with("manifest.json")),
        "{error}"
    );
    let manifest = parse(&manifest_with("", None)).unwrap();
    match manifest.package(addr("0xabc")).unwrap_err() {
        CorpusError::Io { path, .. } => assert!(path.ends_with("packages/0xabc/m.mv")),
        other => panic!("{other}"),
    }
    assert!(matches!(
        manifest.package(addr("0x123")),
        Err(CorpusError::UnknownPackage(id)) if id == addr("0x123")
    ));
}

#[test]
fn the_repository_corpus_loads_and_builds_every_package() {
    let manifest = load_manifest(&corpus_dir()).unwrap();
    // The counts the manifest states at its top level.
    let text = std::fs::read_to_string(corpus_dir().join("manifest.json")).unwrap();
    let json: Value = serde_json::from_str(&text).unwrap();
    let count = |key: &str| usize::try_from(json[key].as_u64().unwrap()).unwrap();
    assert_eq!(manifest.entries().count(), count("package_count"));
    let mut modules = 0;
    for entry in manifest.entries() {
        let package = manifest.package(entry.id).unwrap();
        assert_eq!(package.modules.len(), entry.modules.len());
        modules += package.modules.len();
    }
    assert_eq!(modules, count("module_count"));
}

#[test]
fn an_upgrade_keeps_its_original_id_and_type_origins() {
    let manifest = load_manifest(&corpus_dir()).unwrap();
    let v2 = addr("0x01027390c1d969d5d61f6c1af3d5bfc7a623c3801b93290e2e998b5ef3703094");
    let v1 = addr("0x2e0029466734d5baca6ee6dae6e9ae08b0c44c4ec3d0d0f93b0ccccf2ada290e");
    let package = manifest.package(v2).unwrap();
    assert_eq!(
        (package.id, package.original_id, package.version),
        (v2, v1, 2)
    );
    let origin = |name: &str| package.type_origins[&("rewards".to_string(), name.to_string())];
    assert_eq!(origin("AdminCap"), v1);
    assert_eq!(origin("EligibilityRegistry"), v2);
}

#[test]
fn a_module_file_of_another_package_is_refused() {
    let dir = std::env::temp_dir().join(format!("tern-corpus-test-{}", std::process::id()));
    let folder = dir.join("packages/0xabc");
    std::fs::create_dir_all(&folder).unwrap();
    let counter = corpus_dir().join(
        "packages/0x4107c8e18a4f6c24d0283033ad4e7d938b1e0e98c6fd4be5b15b904d821e3377/counter.mv",
    );
    std::fs::copy(counter, folder.join("counter.mv")).unwrap();
    let text = manifest_with("modules", Some(r#"["counter"]"#));
    let manifest = CorpusManifest::parse(&dir, &dir.join("manifest.json"), &text).unwrap();
    let result = manifest.package(addr("0xabc"));
    std::fs::remove_dir_all(&dir).unwrap();
    match result.unwrap_err() {
        CorpusError::ModuleMismatch {
            expected, found, ..
        } => {
            assert_eq!(expected, "0xabc::counter");
            assert!(found.starts_with("0x4107c8e1"), "{found}");
        }
        other => panic!("{other}"),
    }
}

#[test]
fn install_keeps_the_chain_framework_and_adds_dependencies_first() {
    let manifest = load_manifest(&corpus_dir()).unwrap();
    let mut chain = SuiChain::with_framework().unwrap();
    let framework_0x2 = chain.package(&addr("0x2")).unwrap().modules.len();
    let call = addr("0x28de9e8e087a6347001907fb698fdf8ab0467b342229b74b19264067aebc4ae9");
    let utils = addr("0x00245ba36f7a1cc643a2b037450dff1e4399e18069c6545fb5fcaaf37d39d7dc");
    let installed = manifest
        .install_with_dependencies(&mut chain, call)
        .unwrap();
    assert_eq!(installed.installed, vec![utils, call]);
    assert_eq!(installed.kept, vec![addr("0x1"), addr("0x2")]);
    assert!(installed.missing.is_empty());
    // The chain's protocol-130 framework (66 modules) stays, not the corpus's v46 (60).
    assert_eq!(
        chain.package(&addr("0x2")).unwrap().modules.len(),
        framework_0x2
    );
    assert_ne!(framework_0x2, 60);
    // A second install finds everything in place.
    let again = manifest
        .install_with_dependencies(&mut chain, call)
        .unwrap();
    assert!(again.installed.is_empty());
    assert_eq!(again.kept.len(), 4);
}

#[test]
fn install_adds_0x3_from_the_corpus_when_a_package_links_it() {
    let manifest = load_manifest(&corpus_dir()).unwrap();
    let mut chain = SuiChain::with_framework().unwrap();
    assert!(chain.package(&addr("0x3")).is_none());
    // The corpus's Sui native bridge (0xb) links 0x1, 0x2 and 0x3.
    let bridge = addr("0xb");
    let installed = manifest
        .install_with_dependencies(&mut chain, bridge)
        .unwrap();
    assert_eq!(installed.installed, vec![addr("0x3"), bridge]);
    assert_eq!(installed.kept, vec![addr("0x1"), addr("0x2")]);
    assert!(installed.missing.is_empty());
    assert!(chain.package(&addr("0x3")).is_some());
}

/// The repository's corpus is closed under dependencies, so a copy of three of its packages
/// (`0x1`, `0x2` and the counter `0x4107c8e1…`) stands for one that is not: the counter's
/// linkage gains a target, `0xdead`, that the copy lacks.
#[test]
fn install_reports_dependencies_outside_the_corpus() {
    let counter = "0x4107c8e18a4f6c24d0283033ad4e7d938b1e0e98c6fd4be5b15b904d821e3377";
    let dir = std::env::temp_dir().join(format!("tern-corpus-missing-{}", std::process::id()));
    let text = std::fs::read_to_string(corpus_dir().join("manifest.json")).unwrap();
    let mut json: Value = serde_json::from_str(&text).unwrap();
    let mut kept = Vec::new();
    for mut entry in json["packages"].as_array().unwrap().clone() {
        let id = entry["id"].as_str().unwrap().to_string();
        if ![addr("0x1"), addr("0x2"), addr(counter)].contains(&addr(&id)) {
            continue;
        }
        let from = corpus_dir().join("packages").join(&id);
        let to = dir.join("packages").join(&id);
        std::fs::create_dir_all(&to).unwrap();
        for file in std::fs::read_dir(&from).unwrap() {
            let file = file.unwrap();
            std::fs::copy(file.path(), to.join(file.file_name())).unwrap();
        }
        if id == counter {
            entry["dependencies"]["0xd"] =
                serde_json::json!({"upgraded_id": "0xdead", "upgraded_version": 2});
            entry["missing_dependencies"] = serde_json::json!(["0xdead"]);
        }
        kept.push(entry);
    }
    assert_eq!(kept.len(), 3);
    json["packages"] = Value::Array(kept);
    let text = serde_json::to_string(&json).unwrap();
    let manifest = CorpusManifest::parse(&dir, &dir.join("manifest.json"), &text);
    let result = manifest.and_then(|m| {
        let mut chain = SuiChain::with_framework().unwrap();
        let installed = m.install_with_dependencies(&mut chain, addr(counter))?;
        Ok((m, installed))
    });
    std::fs::remove_dir_all(&dir).unwrap();
    let (manifest, installed) = result.unwrap();
    assert_eq!(installed.installed, vec![addr(counter)]);
    assert_eq!(installed.kept, vec![addr("0x1"), addr("0x2")]);
    // The rest is reported as the manifest reports it.
    let entry = manifest.entry(addr(counter)).unwrap();
    assert_eq!(installed.missing, vec![addr("0xdead")]);
    assert_eq!(installed.missing, entry.missing_dependencies);
}
