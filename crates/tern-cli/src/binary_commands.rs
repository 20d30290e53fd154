//! The commands that work on binaries and assembly text: `disasm`, `asm`, `roundtrip`.

use crate::output::{out, outln};
use anyhow::{bail, Context, Result};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use tern_asm::assembler::{assemble, AsmOptions, CompiledUnit};
use tern_asm::disassembler::{disassemble_module, disassemble_script};
use tern_binary::{BinaryError, CompiledModule, CompiledScript, DeserializerConfig, Flavor};

/// A deserialized binary of either kind.
#[allow(clippy::large_enum_variant)] // one value per file read, moved once
pub(crate) enum Binary {
    Module(CompiledModule),
    Script(CompiledScript),
}

/// The deserializer configuration of the commands that read binaries: either flavor, told
/// apart by the version word, with `unflavored` deciding for plain v5/v6 words.
pub(crate) fn reader_config(unflavored: Flavor) -> DeserializerConfig {
    DeserializerConfig::detect(unflavored)
}

/// Reads a module, or failing that a script; the module's error is reported if both fail.
pub(crate) fn read_binary(bytes: &[u8], unflavored: Flavor) -> Result<Binary, BinaryError> {
    let config = reader_config(unflavored);
    match CompiledModule::deserialize_with_config(bytes, &config) {
        Ok(m) => Ok(Binary::Module(m)),
        Err(module_err) => match CompiledScript::deserialize_with_config(bytes, &config) {
            Ok(s) => Ok(Binary::Script(s)),
            Err(_) => Err(module_err),
        },
    }
}

/// `tern disasm FILE.mv`.
pub(crate) fn disasm(file: &Path, unflavored: Flavor) -> Result<ExitCode> {
    let bytes = crate::input::read_bytes(file)?;
    let binary = read_binary(&bytes, unflavored).with_context(|| format!("{}", file.display()))?;
    let text = match binary {
        Binary::Module(m) => disassemble_module(&m),
        Binary::Script(s) => disassemble_script(&s),
    }
    .with_context(|| format!("cannot disassemble {}", file.display()))?;
    out!("{text}")?;
    Ok(ExitCode::SUCCESS)
}

/// `tern asm FILE.masm [-o OUT] [--deps ...]`.
pub(crate) fn asm(
    file: &Path,
    output: Option<PathBuf>,
    deps: &[PathBuf],
    version: Option<u32>,
    unflavored: Flavor,
) -> Result<ExitCode> {
    let source = crate::input::read_text(file)?;
    let mut dep_modules = load_dependency_modules(deps, unflavored)?;
    dep_modules.extend(default_library(&source, &dep_modules)?);
    let dep_refs: Vec<&CompiledModule> = dep_modules.iter().collect();
    let options = AsmOptions {
        version: version
            .or_else(|| header_version(&source))
            .unwrap_or_else(|| default_version(&source)),
    };
    let unit = match assemble(&source, &dep_refs, &options) {
        Ok(unit) => unit,
        Err(err) => {
            eprint!("{}", err.render_with_help(&file.display().to_string()));
            return Ok(ExitCode::FAILURE);
        }
    };
    let mut unit = unit;
    let mut bytes =
        serialize_unit(&unit).with_context(|| format!("cannot serialize {}", file.display()))?;
    // Write only what loads. A source using instructions or types its version cannot hold (an
    // `abort_msg` at v9, a function type at v5) is written at the first version that holds
    // them when no version was asked for, and refused, naming that version, when one was.
    let chosen = version.is_some() || header_version(&source).is_some();
    if let Err(err) = read_binary(&bytes, unflavored) {
        let newest = if options.version <= 7 && default_version(&source) == 7 {
            7
        } else {
            10
        };
        let needed = (options.version + 1..=newest).find(|&v| {
            set_version(&mut unit, v);
            serialize_unit(&unit).is_ok_and(|b| read_binary(&b, unflavored).is_ok())
        });
        match needed {
            Some(v) if !chosen => {
                eprintln!(
                    "note: {}: written as bytecode version {v}, the first that holds this code \
                     (version {} cannot: {err})",
                    file.display(),
                    options.version
                );
                bytes = serialize_unit(&unit)
                    .with_context(|| format!("cannot serialize {}", file.display()))?;
            }
            Some(v) => {
                eprintln!(
                    "{}: bytecode version {} cannot hold this code ({err}); it needs version \
                     {v} (--bytecode-version {v})",
                    file.display(),
                    options.version
                );
                return Ok(ExitCode::FAILURE);
            }
            None => {
                eprintln!(
                    "{}: the assembled binary does not load: {err}",
                    file.display()
                );
                return Ok(ExitCode::FAILURE);
            }
        }
    }
    let out = output.unwrap_or_else(|| file.with_extension("mv"));
    std::fs::write(&out, bytes).with_context(|| format!("cannot write {}", out.display()))?;
    Ok(ExitCode::SUCCESS)
}

fn serialize_unit(unit: &CompiledUnit) -> Result<Vec<u8>, tern_binary::BinaryError> {
    match unit {
        CompiledUnit::Module(m) => m.serialize(),
        CompiledUnit::Script(s) => s.serialize(),
    }
}

fn set_version(unit: &mut CompiledUnit, version: u32) {
    match unit {
        CompiledUnit::Module(m) => m.version = version,
        CompiledUnit::Script(s) => s.version = version,
    }
}

/// The version written when neither `--bytecode-version` nor a header names one: Sui's
/// newest (7) for a `flavor sui` source, else the assembler's default (9).
fn default_version(source: &str) -> u32 {
    if tern_asm::assembler::declares_sui_flavor(source) {
        7
    } else {
        AsmOptions::default().version
    }
}

/// The version in a `// Bytecode version vN` first line, as the disassembler prints it.
fn header_version(source: &str) -> Option<u32> {
    source
        .lines()
        .next()?
        .trim()
        .strip_prefix("// Bytecode version v")?
        .trim()
        .parse()
        .ok()
}

/// The library a source may import without `--deps`: Tern's standard library at `0x1`, or for
/// a `flavor sui` source Sui's `0x1` and `0x2` — each module only where `given` (the
/// `--deps`) has none of the same id, so a given dependency always wins.
pub(crate) fn default_library(
    source: &str,
    given: &[CompiledModule],
) -> Result<Vec<CompiledModule>> {
    let library: Vec<CompiledModule> = if default_version(source) == 7 {
        let config = tern_binary::DeserializerConfig::sui();
        tern_stdlib::sui_stdlib_binaries()
            .iter()
            .chain(tern_stdlib::sui_framework_binaries())
            .map(|(name, bytes)| {
                CompiledModule::deserialize_with_config(bytes, &config)
                    .with_context(|| format!("Sui's framework module {name}"))
            })
            .collect::<Result<_>>()?
    } else {
        tern_stdlib::stdlib_modules().context("Tern's standard library")?
    };
    let taken: Vec<_> = given.iter().filter_map(|m| m.self_id()).collect();
    Ok(library
        .into_iter()
        .filter(|m| m.self_id().is_some_and(|id| !taken.contains(&id)))
        .collect())
}

/// Loads every module named by `paths` (files, or folders searched recursively for `.mv`).
fn load_dependency_modules(paths: &[PathBuf], unflavored: Flavor) -> Result<Vec<CompiledModule>> {
    let mut modules = Vec::new();
    let config = reader_config(unflavored);
    for file in collect_files(paths, "mv")? {
        let bytes = crate::input::read_bytes(&file)?;
        let module = CompiledModule::deserialize_with_config(&bytes, &config)
            .with_context(|| format!("dependency {}", file.display()))?;
        modules.push(module);
    }
    Ok(modules)
}

/// The files under `paths` with extension `ext`, sorted; plain files are taken as given.
pub(crate) fn collect_files(paths: &[PathBuf], ext: &str) -> Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    for path in paths {
        if path.is_dir() {
            walk(path, ext, &mut files)?;
        } else if path.exists() {
            files.push(path.clone());
        } else {
            bail!("no such file or folder: {}", path.display());
        }
    }
    Ok(files)
}

fn walk(dir: &Path, ext: &str, out: &mut Vec<PathBuf>) -> Result<()> {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .with_context(|| format!("cannot list {}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            walk(&path, ext, out)?;
        } else if path.extension().is_some_and(|e| e == ext) {
            out.push(path);
        }
    }
    Ok(())
}

/// `tern roundtrip FILE...`: one line per file, then `N passed, N failed`.
pub(crate) fn roundtrip(paths: &[PathBuf], unflavored: Flavor) -> Result<ExitCode> {
    let files = collect_files(paths, "mv")?;
    let (mut passed, mut failed) = (0usize, 0usize);
    for file in &files {
        match roundtrip_one(file, unflavored) {
            Ok(()) => {
                passed += 1;
                outln!("ok      {}", file.display())?;
            }
            Err(why) => {
                failed += 1;
                outln!("FAILED  {}: {why}", file.display())?;
            }
        }
    }
    outln!("{passed} passed, {failed} failed")?;
    Ok(if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

fn roundtrip_one(file: &Path, unflavored: Flavor) -> Result<(), String> {
    let bytes = crate::input::read_bytes(file).map_err(|e| format!("{e:#}"))?;
    let reserialized = match read_binary(&bytes, unflavored).map_err(|e| e.to_string())? {
        Binary::Module(m) => m.serialize(),
        Binary::Script(s) => s.serialize(),
    }
    .map_err(|e| format!("cannot serialize: {e}"))?;
    if reserialized == bytes {
        return Ok(());
    }
    let first_diff = bytes
        .iter()
        .zip(&reserialized)
        .position(|(a, b)| a != b)
        .unwrap_or(bytes.len().min(reserialized.len()));
    Err(format!(
        "bytes differ at offset {first_diff} (input {} bytes, output {} bytes)",
        bytes.len(),
        reserialized.len()
    ))
}

#[cfg(test)]
mod version_tests {
    use super::{default_version, header_version};

    #[test]
    fn sui_sources_default_to_version_7() {
        assert_eq!(default_version("flavor sui\nmodule 0x1::m\n"), 7);
        assert_eq!(
            default_version("// a comment\n\nflavor  sui\nmodule 0x1::m\n"),
            7
        );
        assert_eq!(default_version("module 0x1::m\n"), 9);
        assert_eq!(
            header_version("// Bytecode version v6\nflavor sui\n"),
            Some(6)
        );
    }
}
