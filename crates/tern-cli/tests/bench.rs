//! End-to-end tests of `tern bench` (tiny budgets: they check the output, not the speed).

#![allow(clippy::unwrap_used)] // test code: a failed unwrap is a failed test

use std::path::PathBuf;
use std::process::Command;

fn tern() -> Command {
    Command::new(env!("CARGO_BIN_EXE_tern"))
}

fn workspace() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Runs `tern ARGS` in the workspace, requires success, and returns its standard output.
fn stdout_of(args: &[&str]) -> String {
    let out = tern().args(args).current_dir(workspace()).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn bench_prints_json_with_the_required_keys() {
    let out = tern()
        .args(["bench", "examples/hello.masm", "0x42::hello::fib"])
        .args(["--args", "10", "--iters", "3", "--samples", "3", "--json"])
        .current_dir(workspace())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.trim().starts_with('{') && text.trim().ends_with('}'),
        "{text}"
    );
    for key in ["\"ns_per_call\":", "\"ns_per_instruction\":", "\"calls\":3"] {
        assert!(text.contains(key), "{key} missing: {text}");
    }
    // fib(10): 89 leaf calls of 6 instructions, 88 inner calls of 14.
    assert!(text.contains("\"instructions_per_call\":1766,"), "{text}");
}

#[test]
fn bench_prints_text() {
    let out = tern()
        .args([
            "bench",
            "examples/hello.masm",
            "0x42::hello::fib",
            "--args",
            "5",
        ])
        .args(["--iters", "2", "--samples", "2"])
        .current_dir(workspace())
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    for line in [
        "time per call",
        "instructions per call",
        "ns per instruction",
        "instructions per second",
    ] {
        assert!(text.contains(line), "{line} missing: {text}");
    }
}

#[test]
fn bench_reports_a_wrong_target() {
    let out = tern()
        .args([
            "bench",
            "examples/hello.masm",
            "0x43::hello::fib",
            "--iters",
            "1",
        ])
        .current_dir(workspace())
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("defines module"));
}

#[test]
fn bench_programs_filter_prints_a_table() {
    let text = stdout_of(&[
        "bench",
        "--programs",
        "--filter",
        "countdown",
        "--iters",
        "1",
        "--samples",
        "1",
    ]);
    assert!(text.contains("| countdown | 1000000 |"), "{text}");
}

#[test]
fn bench_metered_times_calls_through_the_meter() {
    let text = stdout_of(&[
        "bench",
        "examples/hello.masm",
        "0x42::hello::fib",
        "--args",
        "10",
        "--iters",
        "3",
        "--samples",
        "3",
        "--json",
        "--metered",
    ]);
    assert!(text.contains("\"instructions_per_call\":1766,"), "{text}");
    assert!(text.contains("\"calls\":3"), "{text}");

    let text = stdout_of(&[
        "bench",
        "--programs",
        "--filter",
        "countdown",
        "--metered",
        "--iters",
        "1",
        "--samples",
        "1",
        "--warmup-ms",
        "0",
    ]);
    assert!(text.starts_with("Tern metered:"), "{text}");
    assert!(text.contains("| countdown |"), "{text}");
}

/// `tern bench --memory`: vectors of primitives cost what their elements are (unboxed), as
/// the peak resident memory of a `tern run` process shows. A regression guard on the
/// representation, with room for noise; the figures themselves come from the benchmark at
/// 10^7 elements (docs/performance.md).
#[test]
fn memory_bench_reports_unboxed_primitive_vectors() {
    if !std::path::Path::new("/proc/self/status").exists() {
        eprintln!("skipped: this system does not report peak resident memory");
        return;
    }
    let text = stdout_of(&[
        "bench",
        "--memory",
        "--elements",
        "1000000",
        "--json",
        "--filter",
        "u",
    ]);
    let per_element = |ty: &str| -> f64 {
        let key = format!("\"element_type\":\"{ty}\"");
        let row = text.split('{').find(|r| r.contains(&key)).unwrap();
        let value = row.split("\"bytes_per_element\":").nth(1).unwrap();
        value
            .trim()
            .trim_end_matches([']', '}', ','])
            .parse()
            .unwrap()
    };
    for (ty, size) in [
        ("u8", 1.0),
        ("u16", 2.0),
        ("u32", 4.0),
        ("u64", 8.0),
        ("u128", 16.0),
    ] {
        let measured = per_element(ty);
        assert!(
            measured < size + 4.0,
            "vector<{ty}>: {measured} bytes per element, expected about {size}"
        );
    }
    assert!(per_element("u256") < 36.0);
    // `--filter u` selects the unsigned types only.
    assert!(!text.contains("\"element_type\":\"bool\""));
}

#[test]
fn run_reports_its_peak_memory_on_request() {
    let out = tern()
        .args([
            "run",
            "examples/hello.masm",
            "0x42::hello::fib",
            "--args",
            "10",
        ])
        .arg("--peak-memory")
        .current_dir(workspace())
        .output()
        .unwrap();
    assert!(out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    let line = stderr
        .lines()
        .find(|l| l.starts_with("peak memory: "))
        .unwrap();
    if std::path::Path::new("/proc/self/status").exists() {
        let bytes: u64 = line
            .trim_start_matches("peak memory: ")
            .trim_end_matches(" bytes")
            .parse()
            .unwrap();
        assert!(bytes > 1 << 20, "{line}");
    }
}

#[test]
fn opcode_table_carries_the_natives_beside_it() {
    let dir = std::env::temp_dir().join(format!("tern-opcodes-natives-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let csv = dir.join("table.csv");
    // `sip` names no opcode family (the loop row always runs) and one native.
    let text = stdout_of(&[
        "bench",
        "--opcodes",
        "--filter",
        "sip",
        "--csv",
        csv.to_str().unwrap(),
    ]);
    assert!(text.contains("| loop |"), "{text}");
    assert!(text.contains("Natives"), "{text}");
    let natives = std::fs::read_to_string(dir.join("table-natives.csv")).unwrap();
    let rows: Vec<&str> = natives.lines().collect();
    assert_eq!(rows[0], "native,input_bytes,ns_per_call,stderr");
    // The hash at 0 B, 1 KiB and 16 KiB, each with a positive time.
    assert_eq!(rows.len(), 4, "{natives}");
    for row in &rows[1..] {
        let fields: Vec<&str> = row.split(',').collect();
        assert_eq!(fields[0], "aptos_hash::sip_hash", "{row}");
        assert!(fields[2].parse::<f64>().unwrap() > 0.0, "{row}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
