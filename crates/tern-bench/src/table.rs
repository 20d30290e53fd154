//! The program table: every benchmark program timed on Tern beside its native twin, with the
//! ratio to native and to the Aptos MoveVM figure of the VM issue.

use crate::error::BenchError;
use crate::harness::{count_instructions, prepare, run_in, CallMode};
use crate::programs::Program;
use crate::report::format_ns;
use crate::stats::{measure, MeasureConfig, Summary};
use std::fmt::Write as _;
use std::hint::black_box;

/// One program's figures.
#[derive(Debug, Clone, PartialEq)]
pub struct ProgramRow {
    /// Program name.
    pub name: &'static str,
    /// Size it ran at.
    pub size: u64,
    /// What a unit of work is (`call`, `iteration`, ...).
    pub unit: &'static str,
    /// Units of work per call.
    pub units: u64,
    /// Move instructions per call.
    pub instructions: u64,
    /// Tern: ns per call.
    pub tern: Summary,
    /// Native twin: ns per call.
    pub native: Summary,
    /// Aptos MoveVM ns per call at the figure size, if known.
    pub aptos_ns: Option<f64>,
}

impl ProgramRow {
    /// Tern time / native time (medians).
    pub fn ratio_to_native(&self) -> f64 {
        ratio(self.tern.median, self.native.median)
    }

    /// ns per executed Move instruction.
    pub fn ns_per_instruction(&self) -> f64 {
        ratio(self.tern.median, self.instructions as f64)
    }

    /// ns per unit of work (per call of fib, per iteration of a loop, ...).
    pub fn ns_per_unit(&self) -> f64 {
        ratio(self.tern.median, self.units as f64)
    }

    /// Aptos time / Tern time, if an Aptos figure exists for this size.
    pub fn speedup_vs_aptos(&self) -> Option<f64> {
        self.aptos_ns.map(|a| ratio(a, self.tern.median))
    }
}

fn ratio(a: f64, b: f64) -> f64 {
    if b > 0.0 {
        a / b
    } else {
        f64::NAN
    }
}

/// Times `program` at `size` on Tern (each call run in `mode`) and natively;
/// `progress(label, done, total)` reports samples.
pub fn measure_program(
    program: &Program,
    size: u64,
    config: &MeasureConfig,
    mode: CallMode,
    progress: &mut dyn FnMut(&str, usize, usize),
) -> Result<ProgramRow, BenchError> {
    let prepared = prepare(program, size)?;
    let instructions = count_instructions(&prepared)?;
    let tern = measure(|| run_in(&prepared, mode), config, &mut |d, t| {
        progress("tern", d, t)
    })?;
    let input = program.input(size);
    let native = measure(
        || {
            black_box(program.run_native(black_box(&input)));
            Ok::<(), BenchError>(())
        },
        config,
        &mut |d, t| progress("native", d, t),
    )?;
    Ok(ProgramRow {
        name: program.name,
        size,
        unit: program.unit,
        units: program.units(size),
        instructions,
        tern: Summary::of(&tern.ns_per_call),
        native: Summary::of(&native.ns_per_call),
        aptos_ns: (size == program.figure_size)
            .then_some(program.aptos_ns)
            .flatten(),
    })
}

/// The geometric mean of the finite positive values (NaN if none).
pub fn geometric_mean(values: impl IntoIterator<Item = f64>) -> f64 {
    let (mut sum, mut n) = (0.0, 0u32);
    for v in values.into_iter().filter(|v| v.is_finite() && *v > 0.0) {
        sum += v.ln();
        n += 1;
    }
    if n == 0 {
        f64::NAN
    } else {
        (sum / f64::from(n)).exp()
    }
}

/// The rows as a Markdown table, with a geometric-mean line.
pub fn markdown_table(rows: &[ProgramRow]) -> String {
    let mut s = String::from(
        "| program | size | Tern per call (± MAD) | instructions | ns / instr | per unit | \
         native per call | Tern / native | Aptos per call | Aptos / Tern |\n\
         |---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n",
    );
    for r in rows {
        let aptos = r.aptos_ns.map(format_ns).unwrap_or_else(|| "–".into());
        let speedup = r
            .speedup_vs_aptos()
            .map(|x| format!("{x:.1}×"))
            .unwrap_or_else(|| "–".into());
        let _ = writeln!(
            s,
            "| {} | {} | {} (± {:.1} %) | {} | {:.2} | {} / {} | {} | {:.1}× | {aptos} | {speedup} |",
            r.name,
            r.size,
            format_ns(r.tern.median),
            r.tern.spread_pct(),
            r.instructions,
            r.ns_per_instruction(),
            format_ns(r.ns_per_unit()),
            r.unit,
            format_ns(r.native.median),
            r.ratio_to_native(),
        );
    }
    let native = geometric_mean(rows.iter().map(ProgramRow::ratio_to_native));
    let aptos = geometric_mean(rows.iter().filter_map(ProgramRow::speedup_vs_aptos));
    let _ = writeln!(
        s,
        "| geometric mean | | | | | | | {native:.1}× | | {aptos:.1}× |"
    );
    if let Some(ns) = call_return_ns(rows) {
        let _ = writeln!(
            s,
            "\nA call and its return: {} (call_loop less call_loop_inline, per iteration).",
            format_ns(ns)
        );
    }
    s
}

/// What a plain call and its return cost: the time per iteration of `call_loop` less that of
/// `call_loop_inline` (the same loop with the callee's body in place of the call), when both
/// ran at the same size.
pub fn call_return_ns(rows: &[ProgramRow]) -> Option<f64> {
    let find = |name: &str| rows.iter().find(|r| r.name == name);
    let (with_call, inline) = (find("call_loop")?, find("call_loop_inline")?);
    (with_call.size == inline.size).then(|| with_call.ns_per_unit() - inline.ns_per_unit())
}

/// The rows as CSV (one header line).
pub fn csv(rows: &[ProgramRow]) -> String {
    let mut s = String::from(
        "program,size,unit,units,instructions,tern_ns_median,tern_ns_mad,native_ns_median,\
         native_ns_mad,ratio_to_native,ns_per_instruction,aptos_ns\n",
    );
    for r in rows {
        let _ = writeln!(
            s,
            "{},{},{},{},{},{:.1},{:.1},{:.1},{:.1},{:.3},{:.4},{}",
            r.name,
            r.size,
            r.unit,
            r.units,
            r.instructions,
            r.tern.median,
            r.tern.mad,
            r.native.median,
            r.native.mad,
            r.ratio_to_native(),
            r.ns_per_instruction(),
            r.aptos_ns.map(|a| format!("{a:.0}")).unwrap_or_default()
        );
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::Budget;
    use std::time::Duration;

    #[test]
    fn measures_a_small_program() {
        let p = crate::programs::find("countdown").unwrap();
        let config = MeasureConfig {
            budget: Budget::Iters(4),
            samples: 2,
            warmup: Duration::ZERO,
        };
        let mut seen = 0;
        let plain = CallMode::default();
        let row = measure_program(p, 50, &config, plain, &mut |_, _, _| seen += 1).unwrap();
        assert_eq!((row.instructions, row.units, seen), (9 * 50 + 5, 50, 4));
        // Metered: the same program, every call charged to the meter; checked: every
        // instruction type checked.
        let metered = CallMode {
            budget: Some(crate::harness::UNEXHAUSTIBLE_BUDGET),
            type_checks: false,
        };
        let checked = CallMode {
            budget: None,
            type_checks: true,
        };
        for mode in [metered, checked] {
            let other = measure_program(p, 50, &config, mode, &mut |_, _, _| {}).unwrap();
            assert_eq!(other.instructions, row.instructions, "{mode:?}");
            assert!(other.tern.median > 0.0, "{mode:?}");
        }
        assert!(row.tern.median > 0.0);
        assert_eq!(row.aptos_ns, None);
        let table = markdown_table(std::slice::from_ref(&row));
        assert!(table.contains("| countdown | 50 |"), "{table}");
        assert_eq!(csv(&[row]).lines().count(), 2);
    }

    fn row(name: &'static str, size: u64, ns: f64) -> ProgramRow {
        ProgramRow {
            name,
            size,
            unit: "iteration",
            units: size,
            instructions: 10 * size,
            tern: Summary::of(&[ns]),
            native: Summary::of(&[1.0]),
            aptos_ns: None,
        }
    }

    #[test]
    fn a_call_costs_the_difference_per_iteration() {
        let rows = [
            row("call_loop", 1000, 25_000.0),
            row("countdown", 1000, 6_000.0),
            row("call_loop_inline", 1000, 7_000.0),
        ];
        assert_eq!(call_return_ns(&rows), Some(18.0));
        assert!(markdown_table(&rows).ends_with(
            "A call and its return: 18.00 ns (call_loop less call_loop_inline, per iteration).\n"
        ));
        // Not both, or at different sizes: no figure and no line.
        assert_eq!(call_return_ns(&rows[..2]), None);
        let apart = [
            row("call_loop", 1000, 1.0),
            row("call_loop_inline", 10, 1.0),
        ];
        assert_eq!(call_return_ns(&apart), None);
        assert!(!markdown_table(&apart).contains("A call"));
    }

    #[test]
    fn means() {
        assert!((geometric_mean([2.0, 8.0]) - 4.0).abs() < 1e-12);
        assert!(geometric_mean([f64::NAN]).is_nan());
    }
}
