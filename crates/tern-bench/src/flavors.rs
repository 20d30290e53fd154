//! Each benchmark program timed on Tern beside its Sui-flavor twin ([`crate::programs::sui`]):
//! both times per call and the ratio Sui / Aptos, with their geometric mean. The goal is every
//! twin within [`GOAL_RATIO`] of its Aptos program.
//!
//! The two arms alternate in [`ROUNDS`] rounds, each a share of the samples, so that a change
//! in the load of a shared machine falls on both rather than on whichever ran second.

use crate::error::BenchError;
use crate::harness::{count_instructions, prepare, run_in, CallMode};
use crate::programs::Program;
use crate::report::format_ns;
use crate::stats::{measure, Budget, MeasureConfig, Summary};
use crate::table::geometric_mean;
use std::fmt::Write as _;
use tern_primitives::Flavor;

/// The ratio Sui / Aptos a twin should stay within (10 % slower).
pub const GOAL_RATIO: f64 = 1.10;

/// How many times the measurement alternates between the two twins.
pub const ROUNDS: usize = 2;

/// One program's times in both flavors.
#[derive(Debug, Clone, PartialEq)]
pub struct FlavorRow {
    /// Program name (the same in both flavors).
    pub name: &'static str,
    /// Size both ran at.
    pub size: u64,
    /// Move instructions per call of the Aptos-flavor program.
    pub aptos_instructions: u64,
    /// Move instructions per call of the Sui-flavor twin.
    pub sui_instructions: u64,
    /// Aptos-flavor program: ns per call.
    pub aptos: Summary,
    /// Sui-flavor twin: ns per call.
    pub sui: Summary,
}

impl FlavorRow {
    /// Sui time / Aptos time (medians).
    pub fn ratio(&self) -> f64 {
        if self.aptos.median > 0.0 {
            self.sui.median / self.aptos.median
        } else {
            f64::NAN
        }
    }

    /// Whether the Sui twin is within [`GOAL_RATIO`] of the Aptos program.
    pub fn within_goal(&self) -> bool {
        self.ratio() <= GOAL_RATIO
    }
}

/// Times `aptos` and its twin `sui` at `size` on Tern (each call run in `mode`), alternating
/// between them [`ROUNDS`] times; `progress(flavor, done, total)` reports samples.
pub fn measure_twins(
    aptos: &Program,
    sui: &Program,
    size: u64,
    config: &MeasureConfig,
    mode: CallMode,
    progress: &mut dyn FnMut(Flavor, usize, usize),
) -> Result<FlavorRow, BenchError> {
    let arms = [prepare(aptos, size)?, prepare(sui, size)?];
    let round = round_config(config);
    let mut samples: [Vec<f64>; 2] = [Vec::new(), Vec::new()];
    for _ in 0..ROUNDS {
        for ((prepared, out), flavor) in arms.iter().zip(samples.iter_mut()).zip(Flavor::ALL) {
            let done = out.len();
            let total = round.samples * ROUNDS;
            let got = measure(|| run_in(prepared, mode), &round, &mut |d, _| {
                progress(flavor, done + d, total)
            })?;
            out.extend(got.ns_per_call);
        }
    }
    let [aptos_prepared, sui_prepared] = &arms;
    Ok(FlavorRow {
        name: aptos.name,
        size,
        aptos_instructions: count_instructions(aptos_prepared)?,
        sui_instructions: count_instructions(sui_prepared)?,
        aptos: Summary::of(&samples[0]),
        sui: Summary::of(&samples[1]),
    })
}

/// One round's share of `config`: a [`ROUNDS`]th of the samples and of the budget (at least
/// one sample and one call).
fn round_config(config: &MeasureConfig) -> MeasureConfig {
    let budget = match config.budget {
        Budget::Iters(n) => Budget::Iters((n / ROUNDS as u64).max(1)),
        Budget::Time(t) => Budget::Time(t / ROUNDS as u32),
    };
    MeasureConfig {
        budget,
        samples: (config.samples / ROUNDS).max(1),
        warmup: config.warmup,
    }
}

/// The geometric mean of the ratios Sui / Aptos.
pub fn geometric_mean_ratio(rows: &[FlavorRow]) -> f64 {
    geometric_mean(rows.iter().map(FlavorRow::ratio))
}

/// The rows as a Markdown table, with a geometric-mean line and the twins over the goal.
pub fn markdown_table(rows: &[FlavorRow]) -> String {
    let mut s = String::from(
        "| program | size | Aptos per call (± MAD) | Sui per call (± MAD) | instructions \
         Aptos / Sui | Sui / Aptos |\n|---|---:|---:|---:|---:|---:|\n",
    );
    for r in rows {
        let _ = writeln!(
            s,
            "| {} | {} | {} (± {:.1} %) | {} (± {:.1} %) | {} / {} | {:.3} |",
            r.name,
            r.size,
            format_ns(r.aptos.median),
            r.aptos.spread_pct(),
            format_ns(r.sui.median),
            r.sui.spread_pct(),
            r.aptos_instructions,
            r.sui_instructions,
            r.ratio(),
        );
    }
    let _ = writeln!(
        s,
        "| geometric mean | | | | | {:.3} |",
        geometric_mean_ratio(rows)
    );
    let over: Vec<String> = rows
        .iter()
        .filter(|r| !r.within_goal())
        .map(|r| format!("{} ({:.3})", r.name, r.ratio()))
        .collect();
    let over = if over.is_empty() {
        "none".to_string()
    } else {
        over.join(", ")
    };
    let percent = (GOAL_RATIO - 1.0) * 100.0;
    let _ = writeln!(s, "\nSui twins more than {percent:.0} % slower: {over}.");
    s
}

/// The rows as CSV (one header line).
pub fn csv(rows: &[FlavorRow]) -> String {
    let mut s = String::from(
        "program,size,aptos_instructions,sui_instructions,aptos_ns_median,aptos_ns_mad,\
         sui_ns_median,sui_ns_mad,sui_over_aptos\n",
    );
    for r in rows {
        let _ = writeln!(
            s,
            "{},{},{},{},{:.1},{:.1},{:.1},{:.1},{:.4}",
            r.name,
            r.size,
            r.aptos_instructions,
            r.sui_instructions,
            r.aptos.median,
            r.aptos.mad,
            r.sui.median,
            r.sui.mad,
            r.ratio()
        );
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::programs;
    use std::time::Duration;

    #[test]
    fn measures_a_program_beside_its_twin() {
        let (aptos, sui) = (
            programs::find("match_sum_enum").unwrap(),
            programs::sui::find("match_sum_enum").unwrap(),
        );
        let config = MeasureConfig {
            budget: Budget::Iters(8),
            samples: 4,
            warmup: Duration::ZERO,
        };
        let mut seen = Vec::new();
        let row = measure_twins(
            aptos,
            sui,
            40,
            &config,
            CallMode::default(),
            &mut |f, d, t| seen.push((f, d, t)),
        )
        .unwrap();
        // Two rounds of two samples each, alternating.
        let flavors: Vec<Flavor> = seen.iter().map(|s| s.0).collect();
        use Flavor::{Aptos, Sui};
        assert_eq!(flavors, [Aptos, Aptos, Sui, Sui, Aptos, Aptos, Sui, Sui]);
        assert_eq!(seen.last(), Some(&(Sui, 4, 4)));
        // variant_switch replaces the test_variant chain: fewer instructions per iteration.
        assert!(row.sui_instructions < row.aptos_instructions, "{row:?}");
        assert!(row.ratio() > 0.0);
        let table = markdown_table(std::slice::from_ref(&row));
        assert!(table.contains("| match_sum_enum | 40 |"), "{table}");
        assert_eq!(csv(&[row]).lines().count(), 2);
    }

    fn row(name: &'static str, aptos: f64, sui: f64) -> FlavorRow {
        FlavorRow {
            name,
            size: 10,
            aptos_instructions: 100,
            sui_instructions: 100,
            aptos: Summary::of(&[aptos]),
            sui: Summary::of(&[sui]),
        }
    }

    #[test]
    fn the_table_gives_ratios_their_mean_and_the_twins_over_the_goal() {
        let rows = [row("a", 100.0, 50.0), row("b", 100.0, 200.0)];
        assert!((geometric_mean_ratio(&rows) - 1.0).abs() < 1e-12);
        let table = markdown_table(&rows);
        assert!(
            table.contains("| geometric mean | | | | | 1.000 |"),
            "{table}"
        );
        assert!(
            table.ends_with("more than 10 % slower: b (2.000).\n"),
            "{table}"
        );
        let fine = markdown_table(&[row("a", 100.0, 110.0)]);
        assert!(fine.ends_with("more than 10 % slower: none.\n"), "{fine}");
        assert!(row("z", 0.0, 1.0).ratio().is_nan());
    }
}
