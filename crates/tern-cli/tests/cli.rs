//! End-to-end tests of the `tern` binary.

#![allow(clippy::unwrap_used)] // test code: a failed unwrap is a failed test

use std::path::PathBuf;
use std::process::Command;

fn tern() -> Command {
    Command::new(env!("CARGO_BIN_EXE_tern"))
}

fn workspace() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tern-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

#[test]
fn run_example_prints_return_values() {
    let out = tern()
        .args(["run", "examples/hello.masm", "0x42::hello::main"])
        .current_dir(workspace())
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "return values: 6765, 7, 7\n"
    );
}

#[test]
fn asm_disasm_asm_gives_identical_bytes() {
    let mv = temp("hello.mv");
    let masm = temp("hello2.masm");
    let mv2 = temp("hello2.mv");
    let ws = workspace();
    let st = tern()
        .args(["asm", "examples/hello.masm", "-o"])
        .arg(&mv)
        .current_dir(&ws)
        .status()
        .unwrap();
    assert!(st.success());
    let text = tern().arg("disasm").arg(&mv).output().unwrap();
    assert!(text.status.success());
    std::fs::write(&masm, &text.stdout).unwrap();
    let st = tern()
        .arg("asm")
        .arg(&masm)
        .arg("-o")
        .arg(&mv2)
        .status()
        .unwrap();
    assert!(st.success());
    assert_eq!(std::fs::read(&mv).unwrap(), std::fs::read(&mv2).unwrap());
    let rt = tern().arg("roundtrip").arg(&mv).output().unwrap();
    assert!(rt.status.success());
    assert!(String::from_utf8_lossy(&rt.stdout).ends_with("1 passed, 0 failed\n"));
}

#[test]
fn malformed_binary_is_a_one_line_error_with_status_1() {
    let bad = temp("bad.mv");
    std::fs::write(&bad, [0xA1, 0x1C, 0xEB, 0x0B, 0x09, 0, 0, 0x0A, 0xFF, 0xFF]).unwrap();
    let out = tern().arg("disasm").arg(&bad).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    let rt = tern().arg("roundtrip").arg(&bad).output().unwrap();
    assert_eq!(rt.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&rt.stdout).ends_with("0 passed, 1 failed\n"));
}

#[test]
fn broken_masm_reports_line_and_column() {
    let src = temp("broken.masm");
    std::fs::write(&src, "module 0x1::m\nfun f()\n    bogus_instr\n").unwrap();
    let out = tern().arg("asm").arg(&src).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("3:"), "{err}");
}

#[test]
fn framework_corpus_roundtrips_when_present() {
    let corpus = workspace().join("../shared/corpus/aptos-framework");
    if !corpus.is_dir() {
        println!("skipped: {} not found", corpus.display());
        return;
    }
    let out = tern().arg("roundtrip").arg(&corpus).output().unwrap();
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).ends_with("186 passed, 0 failed\n"));
}

#[test]
fn output_into_a_closed_pipe_ends_quietly() {
    // A function returning 30,000 numbers prints far more than a pipe buffer holds, so the
    // write meets the closed pipe whatever the timing.
    let masm = temp("big_output.masm");
    std::fs::write(
        &masm,
        "module 0x42::big
public fun numbers(): vector<u64>
    local v: vector<u64>
    local i: u64
    vec_pack <u64>, 0
    st_loc v
    ld_u64 0
    st_loc i
head:
    copy_loc i
    ld_u64 30000
    lt
    br_false done
    mut_borrow_loc v
    copy_loc i
    vec_push_back <u64>
    move_loc i
    ld_u64 1
    add
    st_loc i
    branch head
done:
    move_loc v
    ret
",
    )
    .unwrap();
    let mut child = tern()
        .args(["run", masm.to_str().unwrap(), "0x42::big::numbers"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(out.status.success(), "{:?}: {stderr}", out.status);
}

fn sui_counter(extra: &[&str]) -> std::process::Output {
    let mut args = vec![
        "sui",
        "--publish",
        "examples/sui/counter.masm",
        "--call",
        "counter::counter::create()",
        "--call",
        "counter::counter::add(@Counter, 5)",
        "--call",
        "counter::counter::add(@Counter, 7)",
        "--call",
        "counter::counter::value(@Counter)",
    ];
    args.extend_from_slice(extra);
    tern()
        .args(&args)
        .current_dir(workspace())
        .output()
        .unwrap()
}

#[test]
fn sui_runs_the_counter_example_with_effects_and_events() {
    let out = sui_counter(&["--show-objects"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // The counter is created shared at the publish's successor version and mutated twice.
    assert!(
        text.contains("counter::Counter (version 2, shared (since version 2))"),
        "{text}"
    );
    assert!(
        text.contains("counter::Counter (version 4, shared (since version 2))"),
        "{text}"
    );
    // Each addition emits `Added { sender, amount }`, rendered as a Move value.
    assert!(
        text.contains("counter::Added: { 00000000000000000000000000000000000000000000000000000000000a11ce, 7 }"),
        "{text}"
    );
    assert!(text.contains("returned u64: 12"), "{text}");
    assert_eq!(text.matches("\ncounter::counter::").count(), 4, "{text}");
}

#[test]
fn sui_json_lists_each_transaction() {
    let out = sui_counter(&["--json"]);
    assert!(out.status.success());
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let list = doc.as_array().unwrap();
    assert_eq!(list.len(), 5);
    assert!(list[0]["published"].is_string());
    assert_eq!(
        list[2]["events_shown"][0]
            .as_str()
            .unwrap()
            .rsplit(", ")
            .next(),
        Some("5 }")
    );
    assert_eq!(list[4]["return_values"][0]["bcs"], "0c00000000000000");
    assert_eq!(list[4]["return_values_shown"][0], "12");
}

#[test]
fn sui_reports_a_bad_call_and_fails() {
    let out = tern()
        .args([
            "sui",
            "--publish",
            "examples/sui/counter.masm",
            "--call",
            "counter::counter::add(@Counter, 5)",
        ])
        .current_dir(workspace())
        .output()
        .unwrap();
    assert!(!out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("failed: argument 0"), "{text}");
    assert!(text.contains("no object of type `Counter`"), "{text}");
    // An abort (an address of one byte) names the function and the code.
    let out = tern()
        .args(["sui", "--call", "0x2::address::from_bytes(x\"01\")"])
        .current_dir(workspace())
        .output()
        .unwrap();
    assert!(!out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("failed: MoveAbort(0x2::address::from_bytes"),
        "{text}"
    );
}

#[test]
fn sui_calls_a_mainnet_package_from_the_corpus() {
    // 0x0004e706…: a math library published on Sui mainnet (corpus/sui-mainnet).
    let package = "0x0004e706dcaab822e4b2e753b855ffcaa0916989868fd5429b58e47591dfb3be";
    let out = tern()
        .args([
            "sui",
            "--corpus",
            "corpus/sui-mainnet",
            "--call",
            &format!("{package}::full_math_u64::mul_div_floor(10, 20, 3)"),
            "--call",
            &format!("{package}::math_u64::overflowing_add(18446744073709551615, 2)"),
        ])
        .current_dir(workspace())
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // 10 * 20 / 3 rounded down; u64::MAX + 2 wraps to 1 with the overflow flag set.
    assert!(text.contains("returned u64: 66"), "{text}");
    assert!(
        text.contains("returned u64: 1\n  returned bool: true"),
        "{text}"
    );
}

#[test]
fn verify_checks_a_corpus_package_by_package_against_its_linkage() {
    let out = tern()
        .args(["verify", "corpus/sui-mainnet"])
        .current_dir(workspace())
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    // The corpus is closed under dependencies: all 54 packages verify against their linkage.
    assert!(out.status.success(), "{text}");
    assert!(text.ends_with("319 passed, 0 failed\n"), "{text}");
    assert_eq!(text.matches("ok      package ").count(), 54, "{text}");
    assert!(!text.contains("FAILED"), "{text}");
    assert!(!text.contains("module-local checks only"), "{text}");
}

#[test]
fn verify_checks_only_locally_a_corpus_package_whose_dependencies_are_missing() {
    // A one-package corpus: the counter 0x4107c8e1… of corpus/sui-mainnet, its linkage (0x1,
    // 0x2) not in this corpus.
    let id = "0x4107c8e18a4f6c24d0283033ad4e7d938b1e0e98c6fd4be5b15b904d821e3377";
    let dir = temp("open-corpus");
    let folder = dir.join("packages").join(id);
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::copy(
        workspace().join(format!("corpus/sui-mainnet/packages/{id}/counter.mv")),
        folder.join("counter.mv"),
    )
    .unwrap();
    let manifest = format!(
        r#"{{"format": "tern-sui-corpus/1", "packages": [{{"id": "{id}", "original_id": "{id}",
        "version": 1, "label": "shared counter", "modules": ["counter"], "enum_modules": [],
        "missing_dependencies": ["0x1", "0x2"], "type_origins": [],
        "dependencies": {{"0x1": {{"upgraded_id": "0x1", "upgraded_version": 13}},
        "0x2": {{"upgraded_id": "0x2", "upgraded_version": 30}}}}}}]}}"#
    );
    std::fs::write(dir.join("manifest.json"), manifest).unwrap();
    let out = tern().arg("verify").arg(&dir).output().unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(
        text.contains("1 module: module-local checks only (dependencies not in the corpus)"),
        "{text}"
    );
    assert!(text.ends_with("1 passed, 0 failed\n"), "{text}");
}

#[test]
fn bench_refuses_a_time_no_run_can_take() {
    for time in ["inf", "1e20", "-1", "NaN"] {
        let out = tern()
            .args([
                "bench",
                "examples/hello.masm",
                "0x42::hello::fib",
                "--args",
                "5",
            ])
            .arg(format!("--time={time}"))
            .current_dir(workspace())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "--time {time}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("not a number of seconds a run can take"),
            "{err}"
        );
    }
}

#[test]
fn asm_writes_only_binaries_that_load() {
    let closure = temp("closure.masm");
    std::fs::write(
        &closure,
        "module 0x42::m\npublic fun g(x: |u64| u64): u64\n    ld_u64 1\n    move_loc x\n    \
         call_closure <|u64| u64>\n    ret\n",
    )
    .unwrap();
    // Asked for v5, which has no function types: refused, naming the version they need.
    let out = tern()
        .args(["asm", "--bytecode-version", "5"])
        .arg(&closure)
        .arg("-o")
        .arg(temp("closure.mv"))
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("it needs version 8 (--bytecode-version 8)"),
        "{err}"
    );
    assert!(!temp("closure.mv").exists());
    // No version asked for: `abort_msg` (v10) is written at v10, with a note, and loads.
    let abort = temp("abort_msg.masm");
    std::fs::write(
        &abort,
        "module 0x42::m\npublic fun f()\n    ld_u64 1\n    ld_const<vector<u8>> [104]\n    \
         abort_msg\n",
    )
    .unwrap();
    let mv = temp("abort_msg.mv");
    let out = tern()
        .arg("asm")
        .arg(&abort)
        .arg("-o")
        .arg(&mv)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("written as bytecode version 10"));
    let out = tern().arg("roundtrip").arg(&mv).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}

/// `examples/hello.masm` assembled by `tern asm` into a fresh folder `name`, as a package's
/// `bytecode_modules` would hold it.
fn hello_package(name: &str) -> PathBuf {
    let dir = temp(name);
    std::fs::create_dir_all(&dir).unwrap();
    let st = tern()
        .args(["asm", "examples/hello.masm", "-o"])
        .arg(dir.join("hello.mv"))
        .current_dir(workspace())
        .status()
        .unwrap();
    assert!(st.success());
    dir
}

#[test]
fn run_takes_a_compiled_module_or_a_folder_of_them() {
    let dir = hello_package("hello_pkg");
    let out = tern()
        .arg("run")
        .arg(dir.join("hello.mv"))
        .arg("0x42::hello::main")
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "return values: 6765, 7, 7\n"
    );
    let out = tern()
        .arg("run")
        .arg(&dir)
        .args(["0x42::hello::fib", "--args", "10"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "return values: 55\n");
    // Without a function, it says what it published, as for a `.masm` module.
    let out = tern().arg("run").arg(&dir).output().unwrap();
    assert!(out.status.success(), "{out:?}");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "published 0x42::hello (functions: double, fib, main); name one to run it, as \
         0x42::hello::FUNCTION\n"
    );
}

#[test]
fn run_of_compiled_code_names_where_it_failed() {
    let dir = hello_package("hello_pkg_fail");
    // A u8 where fib takes a u64: refused before the call, naming the argument and types.
    let out = tern()
        .arg("run")
        .arg(&dir)
        .args(["0x42::hello::fib", "--args", "10u8"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "");
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "error: 0x42::hello::fib: argument 1 (`10u8`) is a u8, but its parameter is a u64\n"
    );
    // A bool is not a u64 either (its BCS byte would deserialize as one); nor is a value
    // out of an unsuffixed integer's range.
    for (arg, found) in [("true", "a bool"), ("x\"01\"", "a byte string")] {
        let out = tern()
            .arg("run")
            .arg(&dir)
            .args(["0x42::hello::fib", "--args", arg])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1));
        assert_eq!(
            String::from_utf8_lossy(&out.stderr),
            format!(
                "error: 0x42::hello::fib: argument 1 (`{arg}`) is {found}, but its parameter \
                 is a u64\n"
            )
        );
    }
    // Unsuffixed integers take the parameter's type.
    let out = tern()
        .arg("run")
        .arg(&dir)
        .args(["0x42::hello::fib", "--args", "10"])
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout), "return values: 55\n");
    // A `.masm` file assembles against its compiled dependencies.
    let caller = temp("calls_hello.masm");
    std::fs::write(
        &caller,
        "module 0x43::caller\npublic fun twice_fib(n: u64): u64\n    copy_loc n\n    \
         call 0x42::hello::fib\n    move_loc n\n    call 0x42::hello::fib\n    add\n    ret\n",
    )
    .unwrap();
    let out = tern()
        .arg("run")
        .arg(&caller)
        .args(["twice_fib", "--args", "10", "--deps"])
        .arg(&dir)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "return values: 110\n");
}

/// The Aptos framework corpus, if present.
fn aptos_framework() -> Option<PathBuf> {
    let corpus = workspace().join("../shared/corpus/aptos-framework");
    if corpus.is_dir() {
        Some(corpus)
    } else {
        println!("skipped: {} not found", corpus.display());
        None
    }
}

/// `tern run --framework CORPUS CORPUS/PACKAGE TARGET ARGS...`.
fn run_on_framework(corpus: &std::path::Path, package: &str, call: &[&str]) -> (bool, String) {
    let out = tern()
        .arg("run")
        .arg("--framework")
        .arg(corpus)
        .arg(corpus.join(package))
        .args(call)
        .output()
        .unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.success(), text)
}

#[test]
fn run_calls_the_real_aptos_framework_when_present() {
    let Some(corpus) = aptos_framework() else {
        return;
    };
    let run = |package, call: &[&str]| run_on_framework(&corpus, package, call);
    let (ok, text) = run("AptosStdlib", &["0x1::math64::sqrt", "--args", "1000000"]);
    assert!(ok, "{text}");
    assert_eq!(text, "return values: 1000\n");
    let (ok, text) = run("MoveStdlib", &["0x1::string::utf8", "--args", "b\"hi\""]);
    assert!(ok, "{text}");
    assert_eq!(text, "return values: \"hi\"\n");
    let (ok, text) = run("MoveStdlib", &["0x1::vector::range", "--args", "1", "4"]);
    assert!(ok, "{text}");
    assert_eq!(text, "return values: [1, 2, 3]\n");
    // An abort names the function, the offset and the code's `std::error` category.
    let call = [
        "0x1::fixed_point32::create_from_rational",
        "--args",
        "1",
        "0",
    ];
    let (ok, text) = run("MoveStdlib", &call);
    assert!(!ok, "{text}");
    assert!(
        text.ends_with(
            "ABORTED in 0x1::fixed_point32::create_from_rational at offset 44 (abort): \
             abort code 65537 (0x10001: INVALID_ARGUMENT, reason 1)\n"
        ),
        "{text}"
    );
}

#[test]
fn run_on_the_framework_names_a_missing_native() {
    let Some(corpus) = aptos_framework() else {
        return;
    };
    // `vector::empty` is declared native; compiled code uses the `vec_pack` instruction
    // instead, and Aptos itself has no native for a direct call (as
    // testsuite/natives/missing_native.exp records).
    let call = ["0x1::vector::empty", "--type-args", "u64"];
    let (ok, text) = run_on_framework(&corpus, "MoveStdlib", &call);
    assert!(!ok, "{text}");
    assert_eq!(
        text,
        "error: MISSING_DEPENDENCY in 0x1::vector::empty at offset 0: \
         native function 0x1::vector::empty is not implemented in Tern\n"
    );
}

#[test]
fn run_of_compiled_code_names_a_missing_native() {
    let src = temp("native.masm");
    std::fs::write(
        &src,
        "module 0x42::nat\npublic native fun made_up(x: u64): u64\npublic fun call_it(x: u64): u64\n    move_loc x\n    call made_up\n    ret\n",
    )
    .unwrap();
    let mv = temp("native.mv");
    let st = tern()
        .arg("asm")
        .arg(&src)
        .arg("-o")
        .arg(&mv)
        .status()
        .unwrap();
    assert!(st.success());
    let out = tern()
        .arg("run")
        .arg(&mv)
        .args(["call_it", "--args", "1"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.ends_with(
            "MISSING_DEPENDENCY in 0x42::nat::made_up at offset 0: \
             native function 0x42::nat::made_up is not implemented in Tern\n"
        ),
        "{text}"
    );
}

#[test]
fn run_on_the_framework_prints_the_events_emitted() {
    let Some(corpus) = aptos_framework() else {
        return;
    };
    let src = temp("ev.masm");
    std::fs::write(
        &src,
        "module 0x42::ev\nuse 0x1::event\nstruct Ping has drop + store\n  n: u64\n\
         public fun ping(n: u64)\n    move_loc n\n    pack Ping\n    call event::emit<Ping>\n    \
         ret\n",
    )
    .unwrap();
    let package = temp("ev_package");
    std::fs::create_dir_all(&package).unwrap();
    let deps = ["MoveStdlib", "AptosStdlib", "AptosFramework"].map(|p| corpus.join(p));
    let out = tern()
        .arg("asm")
        .arg(&src)
        .arg("-o")
        .arg(package.join("ev.mv"))
        .arg("--deps")
        .args(&deps)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = tern()
        .arg("run")
        .arg("--framework")
        .arg(&corpus)
        .arg(&package)
        .args(["0x42::ev::ping", "--args", "7"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // The event's value, read from its BCS bytes by its type.
    assert_eq!(text, "event: 0x42::ev::Ping { n: 7 }\n");
}

#[test]
fn asm_and_verify_know_the_standard_library_without_deps() {
    let src = temp("uses_signer.masm");
    std::fs::write(
        &src,
        "module 0x42::s\nuse 0x1::signer\npublic fun a(s: &signer): address\n    move_loc s\n    \
         call signer::address_of\n    ret\n",
    )
    .unwrap();
    let mv = temp("uses_signer.mv");
    let out = tern()
        .arg("asm")
        .arg(&src)
        .arg("-o")
        .arg(&mv)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = tern().arg("verify").arg(&mv).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert_eq!(text, "ok      0x42::s\n1 passed, 0 failed\n");
    // A Sui source imports Sui's framework the same way.
    let out = tern()
        .args(["asm", "examples/sui/counter.masm", "-o"])
        .arg(temp("counter.mv"))
        .current_dir(workspace())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A mistyped mnemonic and local: `tern asm` and `tern run` name the file and suggest the
/// names meant.
#[test]
fn assembly_errors_name_the_file_and_suggest_the_name_meant() {
    let file = temp("typo.masm");
    std::fs::write(
        &file,
        "module 0x42::m\npublic fun f(count: u64): u64\n    imm_borrow_loc count\n    pop\n    copy_loc cuont\n    ret\n",
    )
    .unwrap();
    let shown = file.display().to_string();
    let asm = tern()
        .arg("asm")
        .arg(&file)
        .arg("-o")
        .arg(temp("typo.mv"))
        .output()
        .unwrap();
    assert!(!asm.status.success());
    let stderr = String::from_utf8_lossy(&asm.stderr);
    assert!(stderr.contains(&format!("┌─ {shown}:3:5")), "{stderr}");
    assert!(
        stderr.contains("= help: did you mean `borrow_loc`?"),
        "{stderr}"
    );
    assert!(stderr.contains("unknown local `cuont`"), "{stderr}");
    assert!(stderr.contains("= help: did you mean `count`?"), "{stderr}");

    let run = tern()
        .arg("run")
        .arg(&file)
        .args(["0x42::m::f", "--args", "1"])
        .output()
        .unwrap();
    assert!(!run.status.success());
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(stdout.contains(&format!("┌─ {shown}:3:5")), "{stdout}");
    assert!(
        stdout.contains("= help: did you mean `borrow_loc`?"),
        "{stdout}"
    );
}

/// A negative literal with a type suffix is a value of `--args`, and an option after the list
/// is still an option.
#[test]
fn negative_suffixed_arguments_are_values() {
    let file = temp("neg.masm");
    std::fs::write(
        &file,
        "module 0x42::n\npublic fun f(x: i8, y: u64): i8\n    move_loc x\n    ret\n",
    )
    .unwrap();
    let out = tern()
        .arg("run")
        .arg(&file)
        .args(["0x42::n::f", "--args", "-5i8", "3", "-v"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // An `i8` returned prints with its suffix (an unsuffixed number reads as `u64`).
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "return values: -5i8\n"
    );
}

/// `tern run --state DIR` keeps modules and resources between runs, prints what a run wrote,
/// leaves the state as it was when a run aborts, and `tern view` reads a resource back.
#[test]
fn state_folder_keeps_the_counter_between_runs() {
    let state = temp("counter-state");
    let _ = std::fs::remove_dir_all(&state);
    let run = |function: &str, extra: &[&str]| {
        tern()
            .args(["run", "examples/counter.masm"])
            .arg(format!("0x42::counter::{function}"))
            .args(extra)
            .arg("--state")
            .arg(&state)
            .current_dir(workspace())
            .output()
            .unwrap()
    };
    let init = run("init", &["--signers", "0x5"]);
    assert!(init.status.success());
    let text = String::from_utf8_lossy(&init.stdout);
    assert!(
        text.starts_with("resource written: 0x5 0x42::counter::Counter\n"),
        "{text}"
    );
    assert!(
        text.contains("\n    0x42::counter::Counter { value: 0 }\n"),
        "{text}"
    );
    for expected in ["1", "2"] {
        let incr = run("incr", &["--signers", "0x5"]);
        let text = String::from_utf8_lossy(&incr.stdout);
        assert!(
            text.starts_with(&format!("return values: {expected}\n")),
            "{text}"
        );
    }
    let again = run("init", &["--signers", "0x5"]);
    assert!(!again.status.success());
    assert_eq!(
        String::from_utf8_lossy(&again.stdout),
        "error: ABORTED in 0x42::counter::init at offset 5 (abort, examples/counter.masm:19): \
         abort code 1 (0x1)\n"
    );
    let get = run("get", &["--args", "@0x5"]);
    assert_eq!(String::from_utf8_lossy(&get.stdout), "return values: 2\n");

    let view = tern()
        .args(["view", "--state"])
        .arg(&state)
        .args(["0x5", "0x42::counter::Counter"])
        .output()
        .unwrap();
    assert!(view.status.success());
    assert_eq!(
        String::from_utf8_lossy(&view.stdout),
        "0x42::counter::Counter { value: 2 }\n"
    );
    let missing = tern()
        .args(["view", "--state"])
        .arg(&state)
        .args(["0x6", "0x42::counter::Counter"])
        .output()
        .unwrap();
    assert!(!missing.status.success());
    assert_eq!(
        String::from_utf8_lossy(&missing.stderr),
        "no resource 0x42::counter::Counter at 0x6\n"
    );
    let _ = std::fs::remove_dir_all(&state);
}

/// A call that does not fit says what was wrong with it: the function that does not exist
/// (and the one meant), the module that is not published, the arguments the function takes.
#[test]
fn failed_calls_name_what_was_wrong() {
    let run = |target: &str, extra: &[&str]| {
        let out = tern()
            .args(["run", "examples/counter.masm", target])
            .args(extra)
            .current_dir(workspace())
            .output()
            .unwrap();
        assert!(!out.status.success());
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    assert_eq!(
        run("0x42::counter::incx", &["--signers", "0x5"]),
        "error: no function `incx` in 0x42::counter; did you mean `incr`? \
         (it has: init, incr, get)\n"
    );
    assert_eq!(
        run("0x42::countr::incr", &["--signers", "0x5"]),
        "error: no module 0x42::countr is published; did you mean 0x42::counter?\n"
    );
    assert_eq!(
        run("0x42::counter::incr", &[]),
        "error: 0x42::counter::incr takes 1 argument (signers first), 0 given: \
         public fun incr(l0: &signer): u64 acquires Counter\n"
    );
    let missing = run("0x42::counter::incr", &["--signers", "0x5"]);
    assert!(
        missing.starts_with(
            "error: MISSING_DATA in 0x42::counter::incr at offset 2 \
             (mut_borrow_global, examples/counter.masm:32): "
        ),
        "{missing}"
    );
}

/// A module file run without a function says what it published and what could run.
#[test]
fn a_module_without_a_target_is_published_and_named() {
    let out = tern()
        .args(["run", "examples/hello.masm"])
        .current_dir(workspace())
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "published 0x42::hello (functions: double, fib, main); name one to run it, as \
         0x42::hello::FUNCTION\n"
    );
}

/// The gas units and internal units a `--gas-budget` run printed.
fn gas_used(stdout: &[u8]) -> (u64, u64) {
    let text = String::from_utf8_lossy(stdout);
    let line = text.lines().find_map(|l| l.strip_prefix("gas used: "));
    assert!(line.is_some(), "no gas line in {text}");
    let line = line.unwrap();
    let mut numbers = line
        .split(|c: char| !c.is_ascii_digit())
        .filter(|s| !s.is_empty());
    let units = numbers.next().unwrap().parse().unwrap();
    let internal = numbers.next().unwrap().parse().unwrap();
    (units, internal)
}

/// `tern run --gas-budget N` meters by Aptos's schedule: it prints the gas used, the same
/// for the `.masm` file and its compiled module, and fails with `OUT_OF_GAS` one gas unit
/// short.
#[test]
fn gas_budget_meters_runs_by_the_aptos_schedule() {
    let run = |file: &std::path::Path, budget: &str| {
        tern()
            .arg("run")
            .arg(file)
            .args(["0x42::hello::fib", "--args", "10", "--gas-budget", budget])
            .current_dir(workspace())
            .output()
            .unwrap()
    };
    let masm = workspace().join("examples/hello.masm");
    let out = run(&masm, "1000");
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("return values: 55\ngas used: "), "{text}");
    assert!(
        text.contains("aptos 1.46 (gas feature version 50)"),
        "{text}"
    );
    let (units, internal) = gas_used(&out.stdout);
    assert_eq!(units, internal.div_ceil(1_000_000));
    assert!(units > 1, "{text}");

    let compiled = hello_package("hello_pkg_gas").join("hello.mv");
    assert_eq!(gas_used(&run(&compiled, "1000").stdout), (units, internal));

    let exact = run(&masm, &units.to_string());
    assert!(exact.status.success(), "{exact:?}");
    let short = run(&masm, &(units - 1).to_string());
    assert!(!short.status.success());
    let text = String::from_utf8_lossy(&short.stdout);
    assert!(text.contains("OUT_OF_GAS"), "{text}");
    assert_eq!(
        gas_used(&short.stdout),
        (units - 1, (units - 1) * 1_000_000)
    );
}

/// `tern run` prints values readably: struct, variant and field names, short addresses, byte
/// strings, suffixes where the type is not visible, function values, `&mut` results; the
/// test runner keeps the peer's format for the same module.
#[test]
fn run_prints_values_with_their_types_names() {
    let file = temp("readable.masm");
    std::fs::write(
        &file,
        "module 0x42::p
enum Shape has drop
    Dot
        x: u64
    Line
        x: u64
        y: u64
struct S has drop
    a: address
    b: vector<u8>
    c: Shape
public fun f(): S
    ld_const<address> 0x42
    ld_const<vector<u8>> [104, 105]
    ld_u64 1
    ld_u64 2
    pack_variant Shape, Line
    pack S
    ret
public fun g(s: signer, x: &mut u8): (signer, vector<vector<u16>>, vector<u8>, |u8|u64 has drop)
    ld_u8 9
    move_loc x
    write_ref
    move_loc s
    ld_const<vector<vector<u16>>> [[1, 2], [3]]
    ld_const<vector<u8>> [0, 255]
    ld_u64 5
    pack_closure add, 1
    ret
public fun add(a: u64, b: u8): u64
    move_loc a
    move_loc b
    cast_u64
    add
    ret
",
    )
    .unwrap();
    let run = |args: &[&str]| {
        let out = tern().arg("run").arg(&file).args(args).output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    assert_eq!(
        run(&["0x42::p::f"]),
        "return values: 0x42::p::S { a: @0x42, b: b\"hi\", c: Shape::Line { x: 1, y: 2 } }\n"
    );
    assert_eq!(
        run(&["0x42::p::g", "--signers", "0x5", "--args", "3u8"]),
        "mutable inputs after call: local#1: 9u8\n\
         return values: signer(@0x5), [[1u16, 2u16], [3u16]], x\"00ff\", fun 0x42::p::add(5, _)\n"
    );
    // The test format, for `.exp` files, is unchanged.
    let test = temp("readable_test.masm");
    let source = std::fs::read_to_string(&file).unwrap();
    std::fs::write(
        &test,
        format!("//# publish\n{source}\n//# run 0x42::p::f\n"),
    )
    .unwrap();
    let out = tern()
        .arg("test")
        .arg(&test)
        .arg("--update")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let exp = std::fs::read_to_string(test.with_extension("exp")).unwrap();
    assert!(
        exp.contains(
            "return values: { 0000000000000000000000000000000000000000000000000000000000000042, \
             [104, 105], { 1, 1, 2 } }"
        ),
        "{exp}"
    );
}

/// A push loop stops with `MEMORY_LIMIT_EXCEEDED` past the heap's quota, which
/// `--max-heap-values` sets.
#[test]
fn max_heap_values_bounds_a_push_loop() {
    let file = temp("push_loop.masm");
    std::fs::write(
        &file,
        "module 0x42::push
public fun fill(n: u64): u64
    local v: vector<u64>
    local i: u64
    vec_pack <u64>, 0
    st_loc v
    ld_u64 0
    st_loc i
head:
    copy_loc i
    copy_loc n
    lt
    br_false done
    mut_borrow_loc v
    copy_loc i
    vec_push_back <u64>
    move_loc i
    ld_u64 1
    add
    st_loc i
    branch head
done:
    borrow_loc v
    vec_len <u64>
    ret
",
    )
    .unwrap();
    let run = |quota: &str| {
        tern()
            .arg("run")
            .arg(&file)
            .args(["0x42::push::fill", "--args", "100000"])
            .arg(format!("--max-heap-values={quota}"))
            .output()
            .unwrap()
    };
    // 100,000 u64 are 20,000 quota units (8 of 40 bytes each).
    let ok = run("100000");
    assert!(ok.status.success(), "{ok:?}");
    assert_eq!(
        String::from_utf8_lossy(&ok.stdout),
        "return values: 100000\n"
    );
    let short = run("10000");
    assert!(!short.status.success());
    let text = String::from_utf8_lossy(&short.stdout);
    assert!(text.contains("MEMORY_LIMIT_EXCEEDED"), "{text}");
    // The quota holds with --state too, for a .masm file and for compiled code.
    let state = temp("push_loop_state");
    let compiled = temp("push_loop_compiled");
    std::fs::create_dir_all(&compiled).unwrap();
    let st = tern()
        .args(["asm"])
        .arg(&file)
        .arg("-o")
        .arg(compiled.join("push.mv"))
        .status()
        .unwrap();
    assert!(st.success());
    for target in [file.clone(), compiled.join("push.mv")] {
        let out = tern()
            .arg("run")
            .arg(&target)
            .args([
                "0x42::push::fill",
                "--args",
                "100000",
                "--max-heap-values=10000",
            ])
            .arg("--state")
            .arg(&state)
            .output()
            .unwrap();
        assert!(!out.status.success(), "{target:?}: {out:?}");
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.contains("MEMORY_LIMIT_EXCEEDED"), "{target:?}: {text}");
    }
}

#[test]
fn run_checks_arguments_against_parameter_types() {
    let dir = temp("typed_args");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("typed.masm");
    std::fs::write(
        &file,
        "module 0x42::typed\npublic fun f(x: u8, v: vector<u16>, a: address): u8\n    \
         move_loc x\n    ret\n",
    )
    .unwrap();
    let run = |args: &[&str]| {
        let out = tern()
            .arg("run")
            .arg(&file)
            .arg("0x42::typed::f")
            .arg("--args")
            .args(args)
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).to_string(),
            String::from_utf8_lossy(&out.stderr).to_string(),
        )
    };
    let (code, stdout, _) = run(&["7", "vector[1, 2]", "@0x1"]);
    assert_eq!((code, stdout.as_str()), (Some(0), "return values: 7u8\n"));
    for (args, message) in [
        (
            ["true", "vector[]", "@0x1"],
            "argument 1 (`true`) is a bool, but its parameter is a u8",
        ),
        (
            ["300", "vector[]", "@0x1"],
            "argument 1 (`300`) is an integer out of its range, but its parameter is a u8",
        ),
        (
            ["7", "vector[1u8]", "@0x1"],
            "argument 2 (`vector[1u8]`) is a vector, but its parameter is a vector<u16>",
        ),
        (
            ["7", "vector[]", "5"],
            "argument 3 (`5`) is a u64, but its parameter is an address",
        ),
    ] {
        let (code, _, stderr) = run(&args);
        assert_ne!(code, Some(0), "{args:?}");
        assert!(
            stderr.contains(&format!("0x42::typed::f: {message}")),
            "{args:?}: {stderr}"
        );
    }
}

/// The command line runs the user's own code, at the library's addresses too (an embedding
/// `Vm` refuses to publish there by default).
#[test]
fn run_publishes_compiled_code_at_reserved_addresses() {
    let dir = temp("reserved_pkg");
    std::fs::create_dir_all(&dir).unwrap();
    let source = dir.join("mine.masm");
    std::fs::write(
        &source,
        "module 0x5::mine\npublic fun f(): u64\n    ld_u64 5\n    ret\n",
    )
    .unwrap();
    let st = tern()
        .arg("asm")
        .arg(&source)
        .arg("-o")
        .arg(dir.join("mine.mv"))
        .status()
        .unwrap();
    assert!(st.success());
    std::fs::remove_file(&source).unwrap();
    let out = tern()
        .arg("run")
        .arg(&dir)
        .arg("0x5::mine::f")
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "return values: 5\n");
}

/// Runs `tern run` on `.masm` text written to a fresh file `name`, with `extra` after the
/// file; gives the exit code and standard output and error.
fn run_masm_text(name: &str, text: &str, extra: &[&str]) -> (Option<i32>, String, String) {
    let file = temp(name);
    std::fs::write(&file, text).unwrap();
    let out = tern().arg("run").arg(&file).args(extra).output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

const ADD_MODULE: &str =
    "module 0x42::m\npublic fun add(a: u64, b: u64): u64\n    move_loc a\n    \
                          move_loc b\n    add\n    ret\n";

/// A `.masm` module is published, then the function named runs (by its full name or, the
/// file holding one module, by its bare name), its unsuffixed arguments typed by its
/// parameters.
#[test]
fn a_masm_module_is_published_then_its_function_runs() {
    for target in ["0x42::m::add", "add"] {
        let (code, stdout, _) = run_masm_text(
            "add_module.masm",
            ADD_MODULE,
            &[target, "--args", "1", "2u64"],
        );
        assert_eq!(code, Some(0));
        assert_eq!(stdout, "return values: 3\n");
    }
}

/// A `.masm` script runs with signers and type arguments; an argument of another type than
/// its parameter's is refused before the run, and a script has no function to name.
#[test]
fn a_masm_script_runs_with_signers_and_type_arguments() {
    let script = "script\nfun main<T>(s: signer, x: u8)\n    ret\n";
    let ok = [
        "--signers",
        "0x1",
        "--args",
        "255u8",
        "--type-args",
        "vector<u8>",
    ];
    assert_eq!(
        run_masm_text("script_ok.masm", script, &ok),
        (Some(0), String::new(), String::new())
    );
    let (code, stdout, stderr) = run_masm_text(
        "script_bad_arg.masm",
        script,
        &[
            "--signers",
            "0x1",
            "--args",
            "-1i8",
            "--type-args",
            "vector<u8>",
        ],
    );
    assert_eq!((code, stdout.as_str()), (Some(1), ""));
    assert_eq!(
        stderr,
        "error: the script: argument 1 (`-1i8`) is an i8, but its parameter is a u8\n"
    );
    let (code, _, stderr) = run_masm_text("script_target.masm", script, &["0x42::m::f"]);
    assert_eq!(code, Some(1));
    assert_eq!(
        stderr,
        "error: a function can only be named when the file is a module\n"
    );
}

/// A failed run and a failed publication are said in words, with the source line; `-v` puts
/// the error as the peer's test runner prints it first.
#[test]
fn masm_failures_name_the_line_and_with_v_the_peer_error() {
    let abort = "script\nfun main()\n    ld_u64 22\n    abort\n";
    let file = temp("aborts.masm").display().to_string();
    let words =
        format!("error: ABORTED in the script at offset 1 ({file}:4): abort code 22 (0x16)\n");
    assert_eq!(
        run_masm_text("aborts.masm", abort, &[]),
        (Some(1), words.clone(), String::new())
    );
    let (code, stdout, _) = run_masm_text("aborts.masm", abort, &["-v"]);
    assert_eq!(code, Some(1));
    assert!(
        stdout.starts_with("Error: Script execution failed with VMError: {\n    message: None,\n    major_status: ABORTED,\n    sub_status: Some(22),"),
        "{stdout}"
    );
    assert!(stdout.ends_with(&words), "{stdout}");

    let unbalanced = "module 0x42::m\npublic fun f(): u64\n    ret\n";
    let file = temp("unbalanced.masm").display().to_string();
    let words = format!(
        "error: NEGATIVE_STACK_SIZE_WITHIN_BLOCK in 0x42::m::f at offset 0 (ret, {file}:3)\n"
    );
    assert_eq!(
        run_masm_text("unbalanced.masm", unbalanced, &["f"]),
        (Some(1), words.clone(), String::new())
    );
    let (_, stdout, _) = run_masm_text("unbalanced.masm", unbalanced, &["f", "-v"]);
    assert!(
        stdout.starts_with(
            "Error: Unable to publish module \
             '0000000000000000000000000000000000000000000000000000000000000042::m'. Got \
             VMError: {\n"
        ),
        "{stdout}"
    );
    assert!(stdout.ends_with(&words), "{stdout}");
}

/// Arguments that do not read are refused before anything runs, each naming what was wrong.
#[test]
fn unreadable_run_arguments_are_refused() {
    for (extra, said) in [
        (
            &["--args", "-1"][..],
            "error: invalid argument value `-1`: negative integer literal requires a type suffix\n",
        ),
        (
            &["--signers", "nobody"][..],
            "error: invalid or unknown address `nobody`\n",
        ),
        (
            &["--type-args", "vector<"][..],
            "error: invalid type `vector<`: unknown address or type ``\n",
        ),
        (
            &["0x42::m"][..],
            "error: invalid function `0x42::m`: expected ADDRESS::module::function\n",
        ),
    ] {
        let (code, stdout, stderr) = run_masm_text("add_refused.masm", ADD_MODULE, extra);
        assert_eq!(
            (code, stdout.as_str(), stderr.as_str()),
            (Some(1), "", said),
            "{extra:?}"
        );
    }
}

/// A `.masm` file run on the real Aptos framework assembles against the framework's modules.
#[test]
fn a_masm_file_assembles_against_the_framework_when_present() {
    let Some(corpus) = aptos_framework() else {
        return;
    };
    let module = "module 0x77::w\npublic fun who(s: signer): address\n    borrow_loc s\n    \
                  call 0x1::signer::address_of\n    ret\n";
    let extra = [
        "who",
        "--signers",
        "0x5",
        "--framework",
        corpus.to_str().unwrap(),
    ];
    assert_eq!(
        run_masm_text("on_framework.masm", module, &extra),
        (Some(0), "return values: @0x5\n".to_string(), String::new())
    );
}

/// `--display-trace` prints the trace before the values, and before the error of a failed run.
#[test]
fn display_trace_comes_before_the_values_or_the_error() {
    let (code, stdout, _) = run_masm_text(
        "traced_add.masm",
        ADD_MODULE,
        &["add", "--args", "1", "2", "--display-trace"],
    );
    assert_eq!(code, Some(0));
    assert!(stdout.starts_with("instructions: 4\n"), "{stdout}");
    assert!(stdout.ends_with("return values: 3\n"), "{stdout}");
    let abort = "script\nfun main()\n    ld_u64 22\n    abort\n";
    let (code, stdout, _) = run_masm_text("traced_abort.masm", abort, &["--display-trace"]);
    assert_eq!(code, Some(1));
    assert!(stdout.starts_with("instructions: 2\n"), "{stdout}");
    assert!(stdout.contains("error: ABORTED in the script"), "{stdout}");
}
