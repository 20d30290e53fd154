//! `tern bench`: time one Move function, the built-in benchmark programs beside their native
//! twins (`--programs`), or every opcode family (`--opcodes`).

use crate::output::{out, outln};
use anyhow::{bail, Context, Result};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;
use tern_bench::report::FunctionReport;
use tern_bench::stats::{measure, Budget, MeasureConfig};
use tern_bench::{
    count_instructions, prepare_source, run, run_in, table, CallMode, UNEXHAUSTIBLE_BUDGET,
};
use tern_testrunner::NamedAddresses;
use tern_testrunner::{parse_address_arg, parse_run_target, parse_type_arg, ArgValue};

/// Arguments of `tern bench`.
#[derive(clap::Args, Debug)]
pub(crate) struct BenchArgs {
    /// The `.masm` file holding the module.
    #[arg(required_unless_present_any = ["programs", "opcodes"])]
    file: Option<PathBuf>,
    /// `0xADDR::module::function` to time.
    #[arg(required_unless_present_any = ["programs", "opcodes"])]
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
    /// Measure the per-opcode cost table.
    #[arg(long)]
    opcodes: bool,
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

impl BenchArgs {
    fn config(&self) -> MeasureConfig {
        let budget = match (self.iters, self.time) {
            (Some(n), _) => Budget::Iters(n),
            (None, Some(t)) => Budget::Time(Duration::from_secs_f64(t.max(0.0))),
            (None, None) => Budget::Time(Duration::from_secs(2)),
        };
        MeasureConfig {
            budget,
            samples: self.samples.max(1),
            warmup: Duration::from_millis(self.warmup_ms),
        }
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
        self.filter.as_deref().map_or(true, |f| name.contains(f))
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
    let (Some(file), Some(target)) = (&a.file, &a.target) else {
        bail!("give FILE.masm and 0xADDR::module::function, or --programs, or --opcodes");
    };
    let named = NamedAddresses::new();
    let target = parse_run_target(target, &named).map_err(anyhow::Error::msg)?;
    let source =
        std::fs::read_to_string(file).with_context(|| format!("reading {}", file.display()))?;
    let type_args = a
        .type_args
        .iter()
        .map(|t| parse_type_arg(t, &named).map_err(anyhow::Error::msg))
        .collect::<Result<Vec<_>>>()?;
    let mut args = Vec::new();
    for s in &a.signers {
        let addr = parse_address_arg(s, &named).map_err(anyhow::Error::msg)?;
        args.push(addr.as_bytes().to_vec());
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
    let samples = measure(|| run_in(&prepared, mode), &a.config(), &mut |d, t| {
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
    let config = a.config();
    let mut rows = Vec::new();
    for p in tern_bench::PROGRAMS.iter().filter(|p| a.selected(p.name)) {
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
                    tern_bench::report::json_number(r.tern.median),
                    tern_bench::report::json_number(r.native.median),
                    r.instructions,
                    tern_bench::report::json_number(r.ns_per_instruction()),
                    tern_bench::report::json_number(r.ratio_to_native())
                )
            })
            .collect();
        outln!("[{}]", items.join(","))?;
    } else {
        if a.metered {
            outln!("Tern metered: every instruction charged to an instruction-counting meter.\n")?;
        }
        if a.type_checks {
            outln!(
                "Tern with runtime type checks: every instruction's types checked as it runs.\n"
            )?;
        }
        out!("{}", table::markdown_table(&rows))?;
    }
    Ok(ExitCode::SUCCESS)
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
