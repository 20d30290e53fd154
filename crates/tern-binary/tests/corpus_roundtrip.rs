//! Real binaries from `../shared/corpus`: every framework module and every valid misc binary
//! deserializes (with the bounds check) and serializes back to identical bytes; the peer's
//! re-serializations (`corpus/*.mv.reser`) are reproduced; the deliberately invalid misc files
//! fail with the status their README lists. Skips (and passes) when `../shared` is absent.
//!
//! The `.reser` files are the peer's `serialize()` output for each corpus binary: modules at its
//! default version 9 (so v10 modules differ only in the version byte and v7/v8 modules gain the
//! v9 layout), scripts at their own version raised to the serializer's minimum of 5.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};
use std::time::Instant;
use tern_binary::{
    CompiledModule, CompiledScript, DeserializerConfig, VERSION_DEFAULT, VERSION_MIN,
};
use tern_primitives::StatusCode;

/// `<workspace>/../shared/corpus`, if present.
fn corpus_dir() -> Option<PathBuf> {
    let mut dir = Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf();
    while !dir.join("crates").is_dir() {
        if !dir.pop() {
            return None;
        }
    }
    let corpus = dir.join("../shared/corpus");
    corpus.is_dir().then_some(corpus)
}

/// Rows of a TSV file as maps from column name to value.
fn tsv(path: &Path) -> Vec<std::collections::HashMap<String, String>> {
    let text = std::fs::read_to_string(path).unwrap();
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap().split('\t').collect();
    lines
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            header
                .iter()
                .zip(l.split('\t'))
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect()
        })
        .collect()
}

fn framework_rows(corpus: &Path) -> Vec<(String, Vec<u8>, u32)> {
    let dir = corpus.join("aptos-framework");
    tsv(&dir.join("MANIFEST.tsv"))
        .into_iter()
        .map(|row| {
            let path = row["path"].clone();
            let bytes = std::fs::read(dir.join(&path)).unwrap();
            assert_eq!(bytes.len().to_string(), row["bytes"], "{path}");
            (path, bytes, row["bytecode_version"].parse().unwrap())
        })
        .collect()
}

#[test]
fn framework_modules_round_trip_byte_for_byte() {
    let Some(corpus) = corpus_dir() else {
        eprintln!("skipping: ../shared/corpus not found");
        return;
    };
    let rows = framework_rows(&corpus);
    assert_eq!(rows.len(), 186);
    for (path, bytes, version) in &rows {
        let m = CompiledModule::deserialize(bytes).unwrap_or_else(|e| panic!("{path}: {e}"));
        assert_eq!(m.version, *version, "{path}");
        assert_eq!(
            &m.serialize().unwrap(),
            bytes,
            "{path}: serialize() differs"
        );
        let reser_name = format!("aptos-framework_{}.reser", path.replace('/', "_"));
        let reser = std::fs::read(corpus.join(&reser_name)).unwrap();
        let ours = m.serialize_for_version(VERSION_DEFAULT).unwrap();
        assert_eq!(
            ours, reser,
            "{path}: differs from the peer's v9 re-serialization"
        );
        let again = CompiledModule::deserialize(&reser).unwrap();
        assert_eq!(again.version, VERSION_DEFAULT);
    }
}

#[test]
fn v10_modules_need_config_max_10() {
    let Some(corpus) = corpus_dir() else {
        eprintln!("skipping: ../shared/corpus not found");
        return;
    };
    let config9 = DeserializerConfig::new(9, 255);
    for (path, bytes, version) in framework_rows(&corpus) {
        let res = CompiledModule::deserialize_with_config(&bytes, &config9);
        if version == 10 {
            assert_eq!(
                res.unwrap_err().status,
                StatusCode::UNKNOWN_VERSION,
                "{path}"
            );
        } else {
            assert!(res.is_ok(), "{path}");
        }
    }
}

/// The status named in a README note (`... expected MALFORMED ...`), if any.
fn status_in_note(note: &str) -> Option<StatusCode> {
    note.split(|c: char| !(c.is_ascii_uppercase() || c == '_'))
        .filter(|w| w.len() > 3)
        .find_map(StatusCode::from_name)
}

#[test]
fn misc_binaries_match_their_readme() {
    let Some(corpus) = corpus_dir() else {
        eprintln!("skipping: ../shared/corpus not found");
        return;
    };
    let rows = tsv(&corpus.join("misc/README.tsv"));
    assert_eq!(rows.len(), 10);
    let mut valid = 0;
    for row in rows {
        let file = &row["file"];
        let bytes = std::fs::read(corpus.join("misc").join(file)).unwrap();
        let is_module = row["kind"] == "module";
        let version: u32 = row["bytecode_version"].parse().unwrap();
        if row["note"].starts_with("negative") {
            let expected = status_in_note(&row["note"]).expect("status in note");
            let status = if is_module {
                CompiledModule::deserialize(&bytes).unwrap_err().status
            } else {
                CompiledScript::deserialize(&bytes).unwrap_err().status
            };
            assert_eq!(status, expected, "{file}");
            continue;
        }
        valid += 1;
        let reser =
            std::fs::read(corpus.join(format!("misc_{}.reser", file.replace('/', "_")))).unwrap();
        let (own, peer) = if is_module {
            let m = CompiledModule::deserialize(&bytes).unwrap_or_else(|e| panic!("{file}: {e}"));
            assert_eq!(m.version, version);
            (
                m.serialize(),
                m.serialize_for_version(VERSION_DEFAULT).unwrap(),
            )
        } else {
            let s = CompiledScript::deserialize(&bytes).unwrap_or_else(|e| panic!("{file}: {e}"));
            assert_eq!(s.version, version);
            (
                s.serialize(),
                s.serialize_for_version(version.max(VERSION_MIN)).unwrap(),
            )
        };
        if version >= VERSION_MIN {
            assert_eq!(own.unwrap(), bytes, "{file}: serialize() differs");
        } else {
            assert!(own.is_err(), "{file}: v{version} cannot be written");
        }
        assert_eq!(
            peer, reser,
            "{file}: differs from the peer's re-serialization"
        );
    }
    assert_eq!(valid, 8);
}

#[test]
fn long_identifier_loads_only_with_the_legacy_limit() {
    let Some(corpus) = corpus_dir() else {
        eprintln!("skipping: ../shared/corpus not found");
        return;
    };
    let bytes = std::fs::read(corpus.join("misc/modules/tool_long_identifier.mv")).unwrap();
    let err = CompiledModule::deserialize(&bytes).unwrap_err();
    assert_eq!(err.status, StatusCode::MALFORMED);
    let m = CompiledModule::deserialize_with_config(&bytes, &DeserializerConfig::legacy()).unwrap();
    assert!(m.identifiers.iter().any(|i| i.as_str().len() > 255));
    assert_eq!(m.serialize().unwrap_err().status, StatusCode::MALFORMED);
}

/// Not an assertion (no timed tests): prints the cost of deserializing + bounds-checking the
/// whole framework, for a quick look with `--nocapture`.
#[test]
fn report_framework_deserialize_time() {
    let Some(corpus) = corpus_dir() else {
        eprintln!("skipping: ../shared/corpus not found");
        return;
    };
    let rows = framework_rows(&corpus);
    let total: usize = rows.iter().map(|r| r.1.len()).sum();
    let rounds = 5;
    let start = Instant::now();
    for _ in 0..rounds {
        for (_, bytes, _) in &rows {
            std::hint::black_box(CompiledModule::deserialize(bytes).unwrap());
        }
    }
    let per_round = start.elapsed() / rounds;
    eprintln!(
        "deserialize + bounds check of {} modules ({total} bytes): {per_round:?} per round",
        rows.len()
    );
}
