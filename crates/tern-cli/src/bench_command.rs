//! `tern bench`: time one Move function, the built-in benchmark programs beside their native
//! twins (`--programs`; `--flavor sui` for their Sui-flavor twins, `--flavor both` for each
//! program beside its Sui twin), or every opcode family (`--opcodes`).

use crate::output::{out, outln};
use anyhow::{bail, Context, Result};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;
use tern_bench::flavors::{self, FlavorRow};
use tern_bench::report::{json_number, FunctionReport};
use tern_bench::stats::{measure, Budget, MeasureConfig};
use tern_bench::{
    count_instructions, prepare_source, run, run_in, table, CallMode, UNEXHAUSTIBLE_BUDGET,
};
use tern_primitives::Flavor;
use tern_testrunner::NamedAddresses;
use tern_testrunner::{parse_address_arg, parse_run_target, parse_type_arg, ArgValue};

/// Arguments of `tern bench`.
#[derive(clap::Args, Debug)]
pub(crate) struct BenchArgs {
    /// The `.masm` file holding the module.
    #[arg(required_unless_present_any = ["programs", "opcodes", "memory", "natives"])]
    file: Option<PathBuf>,
    /// `0xADDR::module::function` to time.
    #[arg(required_unless_present_any = ["programs", "opcodes", "memory", "natives"])]
    target: Option<String>,
    /// Arguments (`25 7u8 @0x1 b"hi" vector[1,2]`).
    #[arg(long, num_args = 1.., allow_negative_numbers = true)]
    args: Vec<String>,
    /// Type arguments.
    #[arg(long = "type-args", num_args = 1..)]
    type_args: Vec<String>,
    /// Signer addresses, passed first.
    #[arg(long, num_args = 1..)]
    signers: Vec<String>,
    /// Timed calls in total (per program with --programs).
    #[arg(long, conflicts_with = "time")]
    iters: Option<u64>,
    /// Seconds of timed calls (default 2; per arm with --programs).
    #[arg(long)]
    time: Option<f64>,
    /// Number of samples the timed calls are split into.
    #[arg(long, default_value_t = 20)]
    samples: usize,
    /// Milliseconds of untimed warm-up calls (at least one call is made); 0 makes a run with
    /// `--iters` deterministic, for counting host instructions under cachegrind.
    #[arg(long, default_value_t = 300)]
    warmup_ms: u64,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// Time the built-in benchmark programs beside their native twins (a Markdown table).
    #[arg(long, conflicts_with = "opcodes")]
    programs: bool,
    /// Which benchmark programs --programs times: the Aptos-flavor ones, their Sui-flavor twins
    /// (no closures or signed integers, enums matched by `variant_switch`), or both, each
    /// program beside its twin with the ratio Sui / Aptos and their geometric mean.
    #[arg(long, value_enum, default_value_t = ProgramFlavor::Aptos, requires = "programs")]
    flavor: ProgramFlavor,
    /// Measure the per-opcode cost table, and beside it the cost of each hash native (per call
    /// and per byte) and signature native (per operation), written to `<csv stem>-natives.csv`
    #[arg(long)]
    opcodes: bool,
    /// Measure what calling a native costs: the hashes at 0 B, 1 KiB and 16 KiB (per call
    /// and per byte), Ed25519 verification and secp256k1 recovery, each against a Move call
    /// of the same shape.
    #[arg(long, conflicts_with_all = ["programs", "opcodes", "memory"])]
    natives: bool,
    /// Measure memory: the peak resident memory of a `tern run` process that pushes
    /// `--elements` elements onto a vector of each primitive type, and the bytes per element
    /// above the same process pushing none (Linux).
    #[arg(long, conflicts_with_all = ["programs", "opcodes"])]
    memory: bool,
    /// Elements pushed per vector with --memory.
    #[arg(long, default_value_t = 10_000_000, requires = "memory")]
    elements: u64,
    /// Where to write the table as CSV (--programs, --opcodes; default for --opcodes:
    /// `opcodes.csv`).
    #[arg(long)]
    csv: Option<PathBuf>,
    /// Only programs or opcode families whose name contains this text.
    #[arg(long)]
    filter: Option<String>,
    /// Time calls metered by the instruction-counting gas meter (with a budget no call
    /// exhausts) instead of unmetered: what per-instruction gas costs (function and --programs).
    #[arg(long, conflicts_with = "opcodes")]
    metered: bool,
    /// Time calls with the runtime type checks on (the peer's "paranoid" mode: every
    /// instruction's operand types checked as it runs; function and --programs).
    #[arg(long = "type-checks", conflicts_with = "opcodes")]
    type_checks: bool,
}

/// The programs `tern bench --programs` times.
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum ProgramFlavor {
    /// The Aptos-flavor programs, beside their native twins.
    #[default]
    Aptos,
    /// Their Sui-flavor twins, beside the same native twins.
    Sui,
    /// Each Aptos-flavor program beside its Sui-flavor twin.
    Both,
}

impl BenchArgs {
    fn config(&self) -> Result<MeasureConfig> {
        let budget = match (self.iters, self.time) {
            (Some(n), _) => Budget::Iters(n),
            (None, Some(t)) => Budget::Time(Duration::try_from_secs_f64(t).map_err(|_| {
                anyhow::anyhow!("--time {t}: not a number of seconds a run can take")
            })?),
            (None, None) => Budget::Time(Duration::from_secs(2)),
        };
        Ok(MeasureConfig {
            budget,
            samples: self.samples.max(1),
            warmup: Duration::from_millis(self.warmup_ms),
        })
    }

    /// How each timed call runs: unmetered unless `--metered`, unchecked unless
    /// `--type-checks`.
    fn call_mode(&self) -> CallMode {
        CallMode {
            budget: self.metered.then_some(UNEXHAUSTIBLE_BUDGET),
            type_checks: self.type_checks,
        }
    }

    fn selected(&self, name: &str) -> bool {
        self.filter.as_deref().is_none_or(|f| name.contains(f))
    }
}

/// Runs `tern bench`.
pub(crate) fn bench(a: &BenchArgs) -> Result<ExitCode> {
    if a.programs {
        return programs(a);
    }
    if a.opcodes {
        return opcodes(a);
    }
    if a.natives {
        return natives(a);
    }
    if a.memory {
        return memory(a);
    }
    let (Some(file), Some(target)) = (&a.file, &a.target) else {
        bail!("give FILE.masm and 0xADDR::module::function, or --programs, or --opcodes");
    };
    let named = NamedAddresses::new();
    let target = parse_run_target(target, &named).map_err(anyhow::Error::msg)?;
    let source = crate::input::read_text(file)?;
    let type_args = a
        .type_args
        .iter()
        .map(|t| parse_type_arg(t, &named).map_err(anyhow::Error::msg))
        .collect::<Result<Vec<_>>>()?;
    let mut args = Vec::new();
    for s in &a.signers {
        let addr = parse_address_arg(s, &named).map_err(anyhow::Error::msg)?;
        args.push(tern::MoveValue::Signer(addr).to_bcs());
    }
    for s in &a.args {
        args.push(ArgValue::parse(s, &named)?.to_bcs());
    }
    let prepared = prepare_source(&source, target.function.as_str(), &type_args, args)
        .with_context(|| file.display().to_string())?;
    if prepared.module() != &target.module {
        bail!(
            "{} defines module {}, not {}",
            file.display(),
            prepared.module(),
            target.module
        );
    }
    run(&prepared).context("the function fails")?;
    let name = format!("{}::{}", target.module, target.function);
    status(a.json, &format!("{name}: counting instructions"));
    let instructions = count_instructions(&prepared)?;
    let mode = a.call_mode();
    let samples = measure(|| run_in(&prepared, mode), &a.config()?, &mut |d, t| {
        progress(a.json, &name, d, t)
    })?;
    clear_status(a.json);
    let report = FunctionReport::new(name, instructions, &samples);
    if a.json {
        outln!("{}", report.to_json())?;
    } else {
        out!("{}", report.to_text())?;
    }
    Ok(ExitCode::SUCCESS)
}

/// `tern bench --programs`.
fn programs(a: &BenchArgs) -> Result<ExitCode> {
    let flavor = match a.flavor {
        ProgramFlavor::Aptos => Flavor::Aptos,
        ProgramFlavor::Sui => Flavor::Sui,
        ProgramFlavor::Both => return both_flavors(a),
    };
    let config = a.config()?;
    let mut rows = Vec::new();
    let programs = tern_bench::programs::of_flavor(flavor);
    for p in programs.iter().filter(|p| a.selected(p.name)) {
        status(a.json, &format!("{}: preparing", p.name));
        let row = table::measure_program(
            p,
            p.figure_size,
            &config,
            a.call_mode(),
            &mut |arm, d, t| progress(a.json, &format!("{} ({arm})", p.name), d, t),
        )
        .with_context(|| p.name.to_string())?;
        rows.push(row);
    }
    clear_status(a.json);
    if let Some(path) = &a.csv {
        std::fs::write(path, table::csv(&rows))
            .with_context(|| format!("writing {}", path.display()))?;
    }
    if a.json {
        let items: Vec<String> = rows
            .iter()
            .map(|r| {
                format!(
                    "{{\"program\":\"{}\",\"size\":{},\"ns_per_call\":{},\"native_ns_per_call\":{},\
                     \"instructions_per_call\":{},\"ns_per_instruction\":{},\"ratio_to_native\":{}}}",
                    r.name,
                    r.size,
                    json_number(r.tern.median),
                    json_number(r.native.median),
                    r.instructions,
                    json_number(r.ns_per_instruction()),
                    json_number(r.ratio_to_native())
                )
            })
            .collect();
        outln!("[{}]", items.join(","))?;
    } else {
        mode_notes(a)?;
        if flavor == Flavor::Sui {
            outln!("Sui-flavor twins of the programs (crates/tern-bench/programs/sui).\n")?;
        }
        out!("{}", table::markdown_table(&rows))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// `tern bench --memory`.
fn memory(a: &BenchArgs) -> Result<ExitCode> {
    use tern_bench::memory::{measure_element_type, ELEMENT_TYPES};
    let exe = std::env::current_exe().context("finding the tern executable")?;
    let scratch = std::env::temp_dir().join(format!("tern-bench-memory-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).with_context(|| scratch.display().to_string())?;
    let mut rows = Vec::new();
    for ty in ELEMENT_TYPES.iter().filter(|t| a.selected(t)) {
        status(a.json, &format!("vector<{ty}>: {} elements", a.elements));
        rows.push(measure_element_type(&exe, &scratch, ty, a.elements)?);
    }
    clear_status(a.json);
    // Best effort: an empty scratch folder left behind is harmless.
    let _ = std::fs::remove_dir(&scratch);
    let mib = |b: u64| b as f64 / (1024.0 * 1024.0);
    if a.json {
        let items: Vec<String> = rows
            .iter()
            .map(|r| {
                format!(
                    "{{\"element_type\":\"{}\",\"elements\":{},\"peak_bytes\":{},\
                     \"baseline_bytes\":{},\"bytes_per_element\":{}}}",
                    r.element_type,
                    r.elements,
                    r.peak_bytes,
                    r.baseline_bytes,
                    json_number(r.bytes_per_element())
                )
            })
            .collect();
        outln!("[{}]", items.join(","))?;
    } else {
        outln!(
            "Peak resident memory of `tern run` pushing {} elements onto a vector.\n",
            a.elements
        )?;
        outln!("| vector | peak (MiB) | without the vector (MiB) | bytes per element |")?;
        outln!("|---|---:|---:|---:|")?;
        for r in &rows {
            outln!(
                "| vector<{}> | {:.1} | {:.1} | {:.1} |",
                r.element_type,
                mib(r.peak_bytes),
                mib(r.baseline_bytes),
                r.bytes_per_element()
            )?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The lines saying how calls ran, when not plainly (text output).
fn mode_notes(a: &BenchArgs) -> Result<()> {
    if a.metered {
        outln!("Tern metered: every instruction charged to an instruction-counting meter.\n")?;
    }
    if a.type_checks {
        outln!("Tern with runtime type checks: every instruction's types checked as it runs.\n")?;
    }
    Ok(())
}

/// `tern bench --programs --flavor both`: each program beside its Sui-flavor twin.
fn both_flavors(a: &BenchArgs) -> Result<ExitCode> {
    let rows = flavor_rows(a)?;
    clear_status(a.json);
    if let Some(path) = &a.csv {
        std::fs::write(path, flavors::csv(&rows))
            .with_context(|| format!("writing {}", path.display()))?;
    }
    if a.json {
        outln!("{}", flavor_json(&rows))?;
    } else {
        mode_notes(a)?;
        out!("{}", flavors::markdown_table(&rows))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Times every selected program and its Sui-flavor twin at the program's figure size.
fn flavor_rows(a: &BenchArgs) -> Result<Vec<FlavorRow>> {
    let config = a.config()?;
    let mut rows = Vec::new();
    for (aptos, sui) in tern_bench::programs::sui::pairs().filter(|(p, _)| a.selected(p.name)) {
        status(a.json, &format!("{}: preparing", aptos.name));
        let row = flavors::measure_twins(
            aptos,
            sui,
            aptos.figure_size,
            &config,
            a.call_mode(),
            &mut |flavor, d, t| progress(a.json, &format!("{} ({flavor:?})", aptos.name), d, t),
        )
        .with_context(|| aptos.name.to_string())?;
        rows.push(row);
    }
    Ok(rows)
}

/// The rows of `--flavor both` as one JSON array.
fn flavor_json(rows: &[FlavorRow]) -> String {
    let items: Vec<String> = rows
        .iter()
        .map(|r| {
            format!(
                "{{\"program\":\"{}\",\"size\":{},\"aptos_ns_per_call\":{},\
                 \"sui_ns_per_call\":{},\"aptos_instructions_per_call\":{},\
                 \"sui_instructions_per_call\":{},\"sui_over_aptos\":{}}}",
                r.name,
                r.size,
                json_number(r.aptos.median),
                json_number(r.sui.median),
                r.aptos_instructions,
                r.sui_instructions,
                json_number(r.ratio())
            )
        })
        .collect();
    format!("[{}]", items.join(","))
}

/// `tern bench --natives`: the native-call table (`--filter` picks rows, `--csv` writes it).
fn natives(a: &BenchArgs) -> Result<ExitCode> {
    use tern_bench::native_calls;
    let rows = native_rows(a)?;
    if let Some(path) = &a.csv {
        std::fs::write(path, native_calls::csv(&rows))
            .with_context(|| format!("writing {}", path.display()))?;
        eprintln!("wrote {}", path.display());
    }
    out!("{}", native_calls::render(&rows))?;
    Ok(ExitCode::SUCCESS)
}

/// The native-call rows `--filter` selects, measured.
fn native_rows(a: &BenchArgs) -> Result<Vec<tern_bench::native_calls::NativeCall>> {
    let config = MeasureConfig {
        budget: Budget::Time(Duration::from_millis(40)),
        samples: 7,
        warmup: Duration::from_millis(5),
    };
    let rows = tern_bench::native_calls::measure_all(a.filter.as_deref(), &config, &mut |name| {
        status(a.json, &format!("natives: {name}"))
    })?;
    clear_status(a.json);
    Ok(rows)
}

/// `tern bench --opcodes`: smoke-runs the gas-calibration programs, then measures the table.
fn opcodes(a: &BenchArgs) -> Result<ExitCode> {
    use tern_bench::opcodes;
    let smoke_ok = smoke_calibration(a);
    let families = opcodes::select(a.filter.as_deref());
    let config = opcodes::OpcodeConfig::default();
    let (rows, failures) = opcodes::measure_all(&families, &config, &mut |name, d, t| {
        status(a.json, &format!("opcodes: {name} ({}/{t})", d + 1))
    });
    clear_status(a.json);
    let csv_path = a
        .csv
        .clone()
        .unwrap_or_else(|| PathBuf::from("opcodes.csv"));
    std::fs::write(&csv_path, opcodes::csv(&rows))
        .with_context(|| format!("writing {}", csv_path.display()))?;
    out!("{}", opcodes::markdown_table(&rows))?;
    eprintln!("wrote {}", csv_path.display());
    // The natives beside the instructions: each hash per call and per byte, each signature
    // scheme per operation (the rows `--filter` selects; none when it names only opcodes).
    let natives = native_rows(a)?;
    if !natives.is_empty() {
        let natives_path = csv_path.with_file_name(format!(
            "{}-natives.csv",
            csv_path
                .file_stem()
                .map_or("opcodes".into(), |s| s.to_string_lossy())
        ));
        std::fs::write(&natives_path, tern_bench::native_calls::csv(&natives))
            .with_context(|| format!("writing {}", natives_path.display()))?;
        out!(
            "\nNatives (as `tern bench --natives`):\n\n{}",
            tern_bench::native_calls::render(&natives)
        )?;
        eprintln!("wrote {}", natives_path.display());
    }
    for (name, e) in &failures {
        eprintln!("failed: {name}: {e}");
    }
    Ok(if smoke_ok && failures.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// Runs every `calibrate_*` function of the shared gas-calibration programs once and reports
/// on stderr; false if one of them misbehaves (files the VM refuses to publish are listed but
/// do not count as failures).
fn smoke_calibration(a: &BenchArgs) -> bool {
    use tern_bench::opcodes::calibration;
    let Some(dir) = calibration::calibration_dir() else {
        eprintln!("gas-calibration programs not found (../shared/bench-programs): skipped");
        return true;
    };
    status(a.json, "running the gas-calibration programs");
    let results = calibration::smoke_all(&dir, a.filter.as_deref());
    clear_status(a.json);
    let (rejected, calls): (Vec<_>, Vec<_>) = results.iter().partition(|r| r.function.is_empty());
    let failed: Vec<_> = calls.iter().filter(|r| !r.passed()).collect();
    let files: std::collections::BTreeSet<&str> = calls.iter().map(|r| r.file.as_str()).collect();
    eprintln!(
        "gas-calibration programs: {} files load and run {} calibrate_* functions, {} as \
         expected, {} not; {} files are rejected at publish",
        files.len(),
        calls.len(),
        calls.len() - failed.len(),
        failed.len(),
        rejected.len()
    );
    for r in rejected.iter().chain(failed.iter().copied()) {
        let outcome = match &r.outcome {
            Ok(()) => "succeeded but should fail".to_string(),
            Err(e) => e.clone(),
        };
        eprintln!("  {} {}: {outcome}", r.file, r.function);
    }
    failed.is_empty()
}

/// Shows a one-line status on a terminal's stderr (never in JSON mode or when redirected).
pub(crate) fn status(json: bool, text: &str) {
    let mut err = std::io::stderr();
    if !json && err.is_terminal() {
        let _ = write!(err, "\r\x1b[K{text}");
        let _ = err.flush();
    }
}

/// A progress indicator: `name: sample d/t`.
pub(crate) fn progress(json: bool, name: &str, done: usize, total: usize) {
    status(json, &format!("{name}: sample {done}/{total}"));
}

/// Erases the status line.
pub(crate) fn clear_status(json: bool) {
    status(json, "");
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    /// `tern bench`'s arguments alone.
    #[derive(Parser, Debug)]
    struct Cli {
        #[command(flatten)]
        bench: BenchArgs,
    }

    fn parse(args: &[&str]) -> Result<BenchArgs, clap::Error> {
        Cli::try_parse_from(std::iter::once("bench").chain(args.iter().copied())).map(|c| c.bench)
    }

    #[test]
    fn programs_default_to_the_aptos_flavor() {
        let flavor = |args: &[&str]| parse(args).map(|a| a.flavor).ok();
        assert_eq!(flavor(&["--programs"]), Some(ProgramFlavor::Aptos));
        assert_eq!(
            flavor(&["--programs", "--flavor", "sui"]),
            Some(ProgramFlavor::Sui)
        );
        assert_eq!(
            flavor(&["--programs", "--flavor", "both"]),
            Some(ProgramFlavor::Both)
        );
        assert_eq!(flavor(&["--programs", "--flavor", "move"]), None);
        // Only the programs have flavors to choose; a function's module names its own.
        assert_eq!(flavor(&["f.masm", "0x1::m::f"]), Some(ProgramFlavor::Aptos));
        assert_eq!(flavor(&["f.masm", "0x1::m::f", "--flavor", "sui"]), None);
    }

    #[test]
    fn both_flavors_time_each_selected_program_beside_its_twin() {
        let a = parse(&[
            "--programs",
            "--flavor",
            "both",
            "--filter",
            "countdown",
            "--iters",
            "2",
            "--samples",
            "2",
            "--warmup-ms",
            "0",
        ])
        .unwrap();
        let rows = flavor_rows(&a).unwrap();
        assert_eq!(rows.len(), 1);
        let row = &rows[0];
        assert_eq!((row.name, row.size), ("countdown", 1_000_000));
        // The same bytecode in both flavors.
        assert_eq!(row.aptos_instructions, row.sui_instructions);
        assert!(row.ratio() > 0.0);
        let json = flavor_json(&rows);
        assert!(
            json.starts_with("[{\"program\":\"countdown\",\"size\":1000000,"),
            "{json}"
        );
        assert!(json.contains("\"sui_over_aptos\":"), "{json}");
    }
}
