//! The bounds checker on the real framework corpus (`../shared/corpus/aptos-framework`): every
//! module passes, and hand-mutated modules fail with INDEX_OUT_OF_BOUNDS where expected.
//! Skips (and passes) when the shared directory is absent.

// Test helpers outside `#[test]` functions: failing loudly is the point.
#![allow(clippy::unwrap_used, clippy::panic)]

use std::path::{Path, PathBuf};
use tern_binary::{
    check_module, check_script, Bytecode, CompiledModule, CompiledScript, DeserializerConfig,
    IndexKind, SignatureToken, StructHandleIndex,
};
use tern_primitives::StatusCode;

/// The framework corpus directory, if present.
fn corpus_dir() -> Option<PathBuf> {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let root = manifest.ancestors().find(|p| p.join("crates").is_dir())?;
    let dir = root.join("../shared/corpus/aptos-framework");
    dir.is_dir().then_some(dir)
}

/// Every `.mv` file under `dir`, sorted.
fn modules_under(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(d) = pending.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|e| e == "mv") {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// The `misc` corpus directory, if present.
fn misc_dir() -> Option<PathBuf> {
    let dir = corpus_dir()?.join("../misc");
    dir.is_dir().then_some(dir)
}

/// The corpus, deserialized without the bounds check, or `None` (with a message) when absent.
fn corpus() -> Option<Vec<(PathBuf, CompiledModule)>> {
    let Some(dir) = corpus_dir() else {
        eprintln!("skipping: ../shared/corpus/aptos-framework not found");
        return None;
    };
    let config = DeserializerConfig::default();
    let modules = modules_under(&dir)
        .into_iter()
        .map(|path| {
            let bytes = std::fs::read(&path).unwrap();
            let module = CompiledModule::deserialize_unchecked(&bytes, &config)
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            (path, module)
        })
        .collect();
    Some(modules)
}

#[test]
fn every_corpus_module_passes() {
    let Some(corpus) = corpus() else { return };
    assert_eq!(corpus.len(), 186);
    for (path, module) in &corpus {
        check_module(module).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    }
}

#[test]
fn deserialize_runs_the_bounds_check_on_mutated_bytes() {
    let Some(dir) = corpus_dir() else {
        eprintln!("skipping: ../shared/corpus/aptos-framework not found");
        return;
    };
    let mut bytes = std::fs::read(dir.join("MoveStdlib/mem.mv")).unwrap();
    CompiledModule::deserialize(&bytes).unwrap();
    // `replace`: MoveLoc 0, MutBorrowLoc 1, CallGeneric 0, MoveLoc 1, Ret; 2 locals.
    let code = [0x0b, 0x00, 0x0d, 0x01, 0x38, 0x00, 0x0b, 0x01, 0x02];
    let at = bytes.windows(code.len()).position(|w| w == code).unwrap();
    bytes[at + 7] = 0x02; // MoveLoc 2
    let err = CompiledModule::deserialize(&bytes).unwrap_err();
    assert_eq!(err.status, StatusCode::INDEX_OUT_OF_BOUNDS, "{err}");
    assert_eq!(err.location.entry, Some((IndexKind::FunctionDefinition, 0)));
    assert_eq!(err.location.code_offset, Some(3));
}

/// The first instruction of any function of `module` matching `pick`: (function, pc).
fn find(module: &CompiledModule, pick: impl Fn(&Bytecode) -> bool) -> Option<(usize, usize)> {
    module
        .function_defs
        .iter()
        .enumerate()
        .find_map(|(f, def)| {
            let code = def.code.as_ref()?;
            code.code.iter().position(&pick).map(|pc| (f, pc))
        })
}

/// Mutates the instruction at (function, pc) and checks the result is INDEX_OUT_OF_BOUNDS there.
fn assert_instruction_fails(
    path: &Path,
    module: &mut CompiledModule,
    (f, pc): (usize, usize),
    mutate: impl FnOnce(&mut Bytecode, usize),
) {
    let code = &mut module.function_defs[f].code.as_mut().unwrap().code;
    let len = code.len();
    let original = code[pc].clone();
    mutate(&mut code[pc], len);
    let err = check_module(module).unwrap_err();
    assert_eq!(
        err.status,
        StatusCode::INDEX_OUT_OF_BOUNDS,
        "{}: {err}",
        path.display()
    );
    assert_eq!(err.location.entry, Some((IndexKind::FunctionDefinition, f)));
    assert_eq!(err.location.code_offset, Some(u16::try_from(pc).unwrap()));
    module.function_defs[f].code.as_mut().unwrap().code[pc] = original;
}

#[test]
fn raised_local_indices_fail() {
    let Some(mut corpus) = corpus() else { return };
    let mut mutated = 0;
    for (path, module) in &mut corpus {
        let is_local = |i: &Bytecode| matches!(i, Bytecode::CopyLoc(_) | Bytecode::MoveLoc(_));
        let Some(site) = find(module, is_local) else {
            continue;
        };
        assert_instruction_fails(path, module, site, |instr, _| match instr {
            Bytecode::CopyLoc(l) | Bytecode::MoveLoc(l) => *l = u8::MAX,
            _ => unreachable!(),
        });
        check_module(module).unwrap();
        mutated += 1;
    }
    assert!(
        mutated > 150,
        "only {mutated} modules have a local instruction"
    );
}

#[test]
fn raised_branch_targets_fail() {
    let Some(mut corpus) = corpus() else { return };
    let mut mutated = 0;
    for (path, module) in &mut corpus {
        let Some(site) = find(module, |i| i.branch_target().is_some()) else {
            continue;
        };
        assert_instruction_fails(path, module, site, |instr, len| {
            let target = u16::try_from(len).unwrap();
            match instr {
                Bytecode::BrTrue(t) | Bytecode::BrFalse(t) | Bytecode::Branch(t) => *t = target,
                _ => unreachable!(),
            }
        });
        mutated += 1;
    }
    assert!(mutated > 100, "only {mutated} modules have a branch");
}

#[test]
fn raised_struct_handle_in_a_signature_fails() {
    let Some(mut corpus) = corpus() else { return };
    let (path, module) = corpus
        .iter_mut()
        .find(|(_, m)| {
            m.signatures
                .iter()
                .any(|s| s.0.iter().any(|t| matches!(t, SignatureToken::Struct(_))))
        })
        .unwrap();
    let handles = u16::try_from(module.struct_handles.len()).unwrap();
    let (row, pos) = module
        .signatures
        .iter()
        .enumerate()
        .find_map(|(row, s)| {
            let pos =
                s.0.iter()
                    .position(|t| matches!(t, SignatureToken::Struct(_)))?;
            Some((row, pos))
        })
        .unwrap();
    module.signatures[row].0[pos] = SignatureToken::Struct(StructHandleIndex(handles));
    let err = check_module(module).unwrap_err();
    assert_eq!(
        err.status,
        StatusCode::INDEX_OUT_OF_BOUNDS,
        "{}: {err}",
        path.display()
    );
    assert_eq!(err.location.entry, Some((IndexKind::Signature, row)));
}

#[test]
fn misc_binaries() {
    let Some(misc) = misc_dir() else {
        eprintln!("skipping: ../shared/corpus/misc not found");
        return;
    };
    let legacy = DeserializerConfig::legacy();
    for name in ["foo", "mem", "option", "tool_long_identifier"] {
        let bytes = std::fs::read(misc.join(format!("modules/{name}.mv"))).unwrap();
        let module = CompiledModule::deserialize_unchecked(&bytes, &legacy).unwrap();
        check_module(&module).unwrap_or_else(|e| panic!("{name}: {e}"));
    }
    let scripts = [
        "empty_script",
        "fa_double_transfer",
        "fa_mint_transfer_burn",
        "minter_main",
        "simple_user_script",
    ];
    for name in scripts {
        let bytes = std::fs::read(misc.join(format!("scripts/{name}.mv"))).unwrap();
        let script = CompiledScript::deserialize_unchecked(&bytes, &legacy).unwrap();
        check_script(&script).unwrap_or_else(|e| panic!("{name}: {e}"));
    }
    // Conformance case 74: no tables at all, so `main`'s parameters signature is missing.
    let bytes = std::fs::read(misc.join("scripts/invalid_script_no_signature.mv")).unwrap();
    let err = CompiledScript::deserialize(&bytes).unwrap_err();
    assert_eq!(err.status, StatusCode::INDEX_OUT_OF_BOUNDS, "{err}");
}

#[test]
fn module_without_tables_has_no_module_handles() {
    // Conformance case 13: a v9 module with 0 tables and self handle index 0.
    let bytes = [0xa1, 0x1c, 0xeb, 0x0b, 0x09, 0x00, 0x00, 0x0a, 0x00, 0x00];
    let err = CompiledModule::deserialize(&bytes).unwrap_err();
    assert_eq!(err.status, StatusCode::NO_MODULE_HANDLES, "{err}");
}
