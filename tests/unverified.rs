//! Defence in depth: every conformance test file, run with the bytecode verifier switched off
//! (so the interpreter meets ill-typed and unsafe code the verifier would reject), must finish
//! without a panic — the VM reports errors instead. Skips when `../shared` is absent; the
//! project's own `testsuite/` is run the same way always.

use std::path::{Path, PathBuf};
use tern_testrunner::TernAdapter;
use tern_testrunner::{run_test_file, RunConfig};

fn masm_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            masm_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "masm") {
            out.push(p);
        }
    }
}

/// Runs every file with the verifier off (as the peer runs `paranoid-tests/`: with an
/// instruction budget, since some files loop on purpose); returns the files that panicked.
fn panicking_files(files: &[PathBuf]) -> Vec<String> {
    let paranoid = |_| TernAdapter::for_config(RunConfig::Paranoid);
    files
        .iter()
        .filter(|f| std::panic::catch_unwind(|| run_test_file(f, paranoid)).is_err())
        .map(|f| f.display().to_string())
        .collect()
}

#[test]
fn unverified_code_never_panics_the_vm() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/conformance/aptos");
    if !root.is_dir() {
        println!("skipped: {} not found", root.display());
        return;
    }
    let mut files = Vec::new();
    masm_files(&root, &mut files);
    files.sort();
    let panicked = panicking_files(&files);
    assert!(files.len() > 300, "only {} files found", files.len());
    assert!(panicked.is_empty(), "panicked on: {panicked:#?}");
}

#[test]
fn unverified_runs_of_the_testsuite_never_panic() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("testsuite");
    let mut files = Vec::new();
    masm_files(&root, &mut files);
    files.sort();
    let panicked = panicking_files(&files);
    assert!(files.len() > 90, "only {} files found", files.len());
    assert!(panicked.is_empty(), "panicked on: {panicked:#?}");
}

/// A module whose function `f(x: u64): u64` has its code replaced by `code`, published without
/// the verifier or the bounds checker (as an embedder may publish a hand-built module), and run.
fn run_patched(code: Vec<tern_binary::Bytecode>) -> Result<tern::RunOutput, tern::VmError> {
    run_patched_with(code, false)
}

/// [`run_patched`], with the runtime type checks on or off.
fn run_patched_with(
    code: Vec<tern_binary::Bytecode>,
    type_checks: bool,
) -> Result<tern::RunOutput, tern::VmError> {
    let source = "module 0x42::m\npublic fun f(x: u64): u64\n    move_loc x\n    ret\n";
    let setup =
        |msg: String| tern::VmError::new(tern::StatusCode::UNKNOWN_MODULE).with_message(msg);
    let unit = tern_asm::assembler::assemble(source, &[], &Default::default())
        .map_err(|e| setup(e.to_string()))?;
    let tern_asm::assembler::CompiledUnit::Module(mut module) = unit else {
        return Err(setup("expected a module".into()));
    };
    let Some(body) = module
        .function_defs
        .get_mut(0)
        .and_then(|f| f.code.as_mut())
    else {
        return Err(setup("f has no code".into()));
    };
    body.code = code;
    let mut vm = tern::Vm::new(Default::default());
    vm.set_skip_verification(true);
    vm.set_type_checks(type_checks);
    let id = vm.publish_compiled(module, Vec::new())?;
    vm.run_function(&id, "f", &[], vec![7u64.to_le_bytes().to_vec()])
}

// Without the checks the interpreter runs ill-typed code as far as the values allow; with
// them the first instruction whose types do not fit stops the run (the peer's paranoid mode).
#[test]
fn runtime_type_checks_stop_ill_typed_code() {
    use tern_binary::Bytecode as B;
    // `f(x: u64): u64` returning a bool: no value is misused, only the declared type.
    let wrong_return = vec![B::LdTrue, B::Ret];
    let unchecked = run_patched_with(wrong_return.clone(), false).expect("values are fine");
    assert_eq!(unchecked.return_values, vec!["true".to_string()]);
    let err = run_patched_with(wrong_return, true).expect_err("bool returned as u64");
    assert_eq!(
        err.status(),
        tern::StatusCode::UNKNOWN_INVARIANT_VIOLATION_ERROR
    );
    assert_eq!(err.sub_status(), Some(1));
    assert_eq!(err.data().offsets, vec![(0, 1)]);
    // A u64 stored into the u64 parameter after a bool: caught at the st_loc itself.
    let err = run_patched_with(vec![B::LdFalse, B::StLoc(0), B::LdU64(1), B::Ret], true)
        .expect_err("bool into a u64 local");
    assert_eq!(err.sub_status(), Some(1));
    assert_eq!(err.data().offsets, vec![(0, 1)]);
    // Well-typed code gives the same result either way.
    let fine = vec![B::CopyLoc(0), B::LdU64(1), B::Add, B::Ret];
    let a = run_patched_with(fine.clone(), false).expect("runs");
    let b = run_patched_with(fine, true).expect("runs checked");
    assert_eq!(a.return_values, b.return_values);
}

// The dispatch loop reads locals and fetches ops without bounds checks; the loader's `Code`
// check is what makes that sound for code no checker has seen.
#[test]
fn out_of_range_locals_and_branches_are_rejected_at_load() {
    use tern_binary::Bytecode as B;
    let local = run_patched(vec![B::CopyLoc(9), B::Ret]).expect_err("local 9 of 1");
    assert_eq!(local.status(), tern::StatusCode::INDEX_OUT_OF_BOUNDS);
    let fused = run_patched(vec![
        B::MoveLoc(0),
        B::LdU64(1),
        B::Add,
        B::StLoc(3),
        B::Ret,
    ])
    .expect_err("fused store to local 3 of 1");
    assert_eq!(fused.status(), tern::StatusCode::INDEX_OUT_OF_BOUNDS);
    let branch = run_patched(vec![B::Branch(5), B::Ret]).expect_err("branch past the end");
    assert_eq!(branch.status(), tern::StatusCode::INDEX_OUT_OF_BOUNDS);
    let fine = run_patched(vec![B::CopyLoc(0), B::LdU64(1), B::Add, B::Ret]).expect("in bounds");
    assert_eq!(fine.return_values.len(), 1);
}

#[test]
fn code_running_off_its_end_is_pc_overflow() {
    use tern_binary::Bytecode as B;
    // As the peer reports it (compared with its build, `paranoid-tests/execution_order`).
    let err = run_patched(vec![B::CopyLoc(0), B::Pop]).expect_err("no ret");
    assert_eq!(err.status(), tern::StatusCode::PC_OVERFLOW);
    // A branch to the end is out of bounds when the module is published (the bounds check
    // of `publish_compiled`); the loader's own check lets it land on the end-of-code sentinel,
    // which would raise the same `PC_OVERFLOW` (`code.rs`'s tests).
    let err = run_patched(vec![B::Branch(1)]).expect_err("branch to the end");
    assert_eq!(err.status(), tern::StatusCode::INDEX_OUT_OF_BOUNDS);
}

/// An ill-typed loop that pushes a copy of a vector into itself: every push doubles the
/// containers the vector holds, at a few instructions each. (A vector of structs: a vector
/// of primitives is stored unboxed and refuses an element of another type.)
const SELF_PUSH: &str = "module 0x42::grow
struct S has copy + drop
    x: u64

public fun grow(n: u64): u64
    local v: vector<S>
    local i: u64
    vec_pack <S>, 0
    st_loc v
    ld_u64 0
    st_loc i
head:
    copy_loc i
    copy_loc n
    lt
    br_false done
    mut_borrow_loc v
    copy_loc v
    vec_push_back <S>
    move_loc i
    ld_u64 1
    add
    st_loc i
    branch head
done:
    borrow_loc v
    vec_len <S>
    ret
";

/// Runs `grow(n)` from [`SELF_PUSH`], unverified, with a copy quota of `quota` values.
fn grow(n: u64, quota: usize) -> Result<tern::RunOutput, tern::VmError> {
    let config = tern_vm::VmConfig {
        max_heap_values: quota,
        ..Default::default()
    };
    let mut vm = tern::Vm::new(config);
    vm.set_skip_verification(true);
    let id = vm.publish_masm(SELF_PUSH)?;
    vm.run_function(&id, "grow", &[], vec![n.to_le_bytes().to_vec()])
}

// Memory must stay bounded even for code no checker has seen, under a bounded gas budget
// too: the instruction meter charges a copy one unit whatever its size.
#[test]
fn copies_past_the_quota_fail_with_memory_limit_exceeded() {
    // About 2^6 values copied: within the quota.
    let small = grow(5, 1 << 12).expect("within the quota");
    assert_eq!(small.return_values, vec!["5".to_string()]);
    // The copy that would pass the quota fails, at the `copy_loc`.
    let err = grow(40, 1 << 12).expect_err("past the quota");
    assert_eq!(err.status(), tern::StatusCode::MEMORY_LIMIT_EXCEEDED);
    assert_eq!(err.data().offsets, vec![(0, 9)]);
    assert_eq!(
        tern_vm::VmConfig::default().max_heap_values,
        1 << 22,
        "the default quota"
    );
}

// An unboxed vector of primitives refuses an element of another type, whichever fast or
// general path pushes or writes it: a typed error where the push is, and nothing stored.
#[test]
fn ill_typed_elements_of_unboxed_vectors_are_refused() {
    let source = SELF_PUSH
        .replace("struct S has copy + drop\n    x: u64\n\n", "")
        .replace("<S>", "<bool>")
        .replace("vector<S>", "vector<bool>");
    let mut vm = tern::Vm::default();
    vm.set_skip_verification(true);
    let id = vm.publish_masm(&source).expect("publishes unverified");
    let err = vm
        .run_function(&id, "grow", &[], vec![3u64.to_le_bytes().to_vec()])
        .expect_err("a vector pushed into a vector<bool>");
    assert_eq!(err.status(), tern::StatusCode::INTERNAL_TYPE_ERROR);
    assert_eq!(err.data().offsets, vec![(0, 10)]);

    let write = "module 0x42::w
public fun write(): u64
    local v: vector<u64>
    ld_u64 1
    ld_u64 2
    vec_pack <u64>, 2
    st_loc v
    ld_true
    mut_borrow_loc v
    ld_u64 0
    vec_mut_borrow <u64>
    write_ref
    borrow_loc v
    vec_len <u64>
    ret
";
    let id = vm.publish_masm(write).expect("publishes unverified");
    let err = vm
        .run_function(&id, "write", &[], vec![])
        .expect_err("a bool written over a u64 element");
    // As the peer refuses it (`paranoid-tests/operand_kinds`).
    assert_eq!(err.status(), tern::StatusCode::INTERNAL_TYPE_ERROR);
    assert!(err
        .message()
        .is_some_and(|m| m.starts_with("cannot write value Bool(true) to indexed ref")));
    assert_eq!(err.data().offsets, vec![(0, 8)], "at the write_ref");
}
