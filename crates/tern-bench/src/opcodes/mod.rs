//! The per-opcode cost table.
//!
//! Every [`Family`] becomes a module whose `run(n)` is a counted loop in the style of the Aptos
//! gas-calibration programs (`copy_loc i; copy_loc n; lt; br_false; move_loc i; ld_u64 1; add;
//! st_loc i; <body>; branch`) with [`UNITS`] copies of the family's unit as body. Each loop is
//! timed at several iteration counts ([`ITERATIONS`]); a least-squares line through
//! (iterations, ns per call) gives the cost per iteration with the call's fixed cost in the
//! intercept. Each point is the fastest of several samples (each a batch of calls), since
//! interference from other work on the machine only ever adds time. The empty loop's slope is the loop overhead; the per-op cost of a family is
//!
//! `((slope − loop overhead) / UNITS − Σ helper costs) / ops per unit`.
//!
//! The executed instructions per iteration are counted (budget bisection at 1 and 2
//! iterations) and checked against the unit's length, so every row states what it measured.
//! The shared calibration programs themselves are smoke-run by [`calibration`].

pub mod calibration;
pub mod families;

pub use families::Family;

use crate::error::BenchError;
use crate::harness::{count_instructions, prepare_source, run, Prepared};
use crate::stats::{measure, Budget, MeasureConfig};
use std::collections::HashMap;
use std::fmt::Write as _;
use std::time::Duration;

/// Copies of the unit in one loop iteration.
pub const UNITS: usize = 10;

/// Loop iteration counts the line is fitted through.
pub const ITERATIONS: [u64; 5] = [200, 400, 600, 800, 1000];

/// Instructions of the loop skeleton per iteration.
pub const LOOP_INSTRUCTIONS: u64 = 9;

const PRELUDE: &str = "use 0x1::signer

struct S has copy + drop
    a: u64
    b: u64

struct G<T> has copy + drop
    a: T

struct R has key
    a: u64

enum E has copy + drop
    V1
        a: u64
    V2
        a: u64

fun id(x: u64): u64
    move_loc x
    ret

fun idg<T>(x: T): T
    move_loc x
    ret
";

/// The `.masm` module of `family` (module `0xbe::op<index>`).
pub fn source(family: &Family, index: usize) -> String {
    let mut s = format!("// {}\nmodule 0xbe::op{index}\n{PRELUDE}\n", family.name);
    let acquires = family
        .unit
        .iter()
        .any(|l| l.contains("borrow_global") || l.contains("move_from"));
    if family.signer && acquires {
        s.push_str("public fun run(s: signer, n: u64) acquires R\n");
    } else if family.signer {
        s.push_str("public fun run(s: signer, n: u64)\n");
    } else {
        s.push_str("public fun run(n: u64)\n");
    }
    s.push_str("    local i: u64\n");
    for l in &family.locals {
        let _ = writeln!(s, "    local {l}");
    }
    for l in &family.init {
        let _ = writeln!(s, "    {l}");
    }
    s.push_str(
        "    ld_u64 0\n    st_loc i\nhead:\n    copy_loc i\n    copy_loc n\n    lt\n    \
         br_false done\n    move_loc i\n    ld_u64 1\n    add\n    st_loc i\n",
    );
    for k in 0..UNITS {
        for l in &family.unit {
            let l = l.replace("{k}", &k.to_string());
            if l.ends_with(':') {
                let _ = writeln!(s, "{l}");
            } else {
                let _ = writeln!(s, "    {l}");
            }
        }
    }
    s.push_str("    branch head\ndone:\n    ret\n");
    s
}

/// The instructions a unit executes (labels excluded, callee included).
fn unit_len(family: &Family) -> u64 {
    family.unit.iter().filter(|l| !l.ends_with(':')).count() as u64 + family.callee_instructions
}

/// One row of the table.
#[derive(Debug, Clone, PartialEq)]
pub struct OpcodeRow {
    /// Family name.
    pub name: String,
    /// Group.
    pub group: &'static str,
    /// The unit, `; `-separated.
    pub unit: String,
    /// Executed instructions per loop iteration (counted).
    pub instructions_per_iteration: u64,
    /// Fitted ns per iteration.
    pub ns_per_iteration: f64,
    /// Standard error of that slope.
    pub slope_stderr: f64,
    /// ns per unit once the loop overhead is removed.
    pub ns_per_unit: f64,
    /// ns per measured instruction once the helpers are removed (NaN if a helper is missing).
    pub ns_per_op: f64,
    /// Standard error of `ns_per_op` from the fit alone.
    pub op_stderr: f64,
}

/// How long to time each point of each line.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct OpcodeConfig {
    /// Measurement of one (family, iteration count) point.
    pub point: MeasureConfig,
}

impl Default for OpcodeConfig {
    fn default() -> Self {
        OpcodeConfig {
            point: MeasureConfig {
                budget: Budget::Time(Duration::from_millis(40)),
                samples: 7,
                warmup: Duration::from_millis(5),
            },
        }
    }
}

/// A least-squares line `y = a + b x`: `(a, b, standard error of b)`.
pub fn least_squares(xs: &[f64], ys: &[f64]) -> (f64, f64, f64) {
    let n = xs.len().min(ys.len()) as f64;
    if n < 2.0 {
        return (f64::NAN, f64::NAN, f64::NAN);
    }
    let mx = xs.iter().sum::<f64>() / n;
    let my = ys.iter().sum::<f64>() / n;
    let sxx: f64 = xs.iter().map(|x| (x - mx) * (x - mx)).sum();
    let sxy: f64 = xs.iter().zip(ys).map(|(x, y)| (x - mx) * (y - my)).sum();
    let b = sxy / sxx;
    let a = my - b * mx;
    let sse: f64 = xs
        .iter()
        .zip(ys)
        .map(|(x, y)| (y - a - b * x).powi(2))
        .sum();
    let se = if n > 2.0 {
        (sse / (n - 2.0) / sxx).sqrt()
    } else {
        0.0
    };
    (a, b, se)
}

/// Prepares the family's loop (publishes its module).
pub fn prepare_family(family: &Family, index: usize) -> Result<Prepared, BenchError> {
    prepare_source(&source(family, index), "run", &[], loop_args(family, 1))
}

/// The BCS arguments of the family's loop for `n` iterations (a signer first if it takes one).
pub fn loop_args(family: &Family, n: u64) -> Vec<Vec<u8>> {
    let mut a = Vec::new();
    if family.signer {
        let signer = tern_primitives::AccountAddress::from_u64(0xcafe);
        a.push(tern::MoveValue::Signer(signer).to_bcs());
    }
    a.push(n.to_le_bytes().to_vec());
    a
}

/// Times one family: fits its line and counts its instructions per iteration.
pub fn measure_family(
    family: &Family,
    index: usize,
    config: &OpcodeConfig,
) -> Result<(f64, f64, u64), BenchError> {
    let mut p = prepare_family(family, index)?;
    let one = count_instructions(&p)?;
    p.set_args(loop_args(family, 2));
    let per_iteration = count_instructions(&p)? - one;
    let expected = LOOP_INSTRUCTIONS + UNITS as u64 * unit_len(family);
    if per_iteration != expected {
        return Err(BenchError::Count(format!(
            "{}: {per_iteration} instructions per iteration, expected {expected}",
            family.name
        )));
    }
    let mut xs = Vec::new();
    let mut ys = Vec::new();
    for n in ITERATIONS {
        p.set_args(loop_args(family, n));
        let samples = measure(|| run(&p), &config.point, &mut |_, _| {})?;
        xs.push(n as f64);
        // The fastest sample: interference on a shared machine only ever adds time.
        let fastest = samples
            .ns_per_call
            .iter()
            .copied()
            .fold(f64::INFINITY, f64::min);
        ys.push(fastest);
    }
    let (_, slope, se) = least_squares(&xs, &ys);
    Ok((slope, se, per_iteration))
}

/// The families selected by `filter` (name contains it), with every helper they need.
pub fn select(filter: Option<&str>) -> Vec<Family> {
    let all = families::all();
    let Some(filter) = filter else {
        return all;
    };
    let mut wanted: Vec<bool> = all
        .iter()
        .map(|f| f.name == families::LOOP || f.name.contains(filter))
        .collect();
    for i in (0..all.len()).rev() {
        if !wanted.get(i).copied().unwrap_or(false) {
            continue;
        }
        let Some(f) = all.get(i) else { continue };
        for (h, _) in &f.helpers {
            for (j, g) in all.iter().enumerate().take(i) {
                if &g.name == h || g.aliases.contains(h) {
                    if let Some(w) = wanted.get_mut(j) {
                        *w = true;
                    }
                }
            }
        }
    }
    all.into_iter()
        .zip(wanted)
        .filter_map(|(f, w)| w.then_some(f))
        .collect()
}

/// Measures `families` in order; failures are returned beside the rows. `progress(name, done,
/// total)` is called before each family.
pub fn measure_all(
    families: &[Family],
    config: &OpcodeConfig,
    progress: &mut dyn FnMut(&str, usize, usize),
) -> (Vec<OpcodeRow>, Vec<(String, BenchError)>) {
    let mut rows = Vec::new();
    let mut failures = Vec::new();
    let mut known: HashMap<String, f64> = HashMap::new();
    let mut loop_ns = f64::NAN;
    for (i, f) in families.iter().enumerate() {
        progress(&f.name, i, families.len());
        match measure_family(f, i, config) {
            Ok((slope, se, per_iteration)) => {
                if f.name == families::LOOP {
                    loop_ns = slope;
                }
                let row = solve(f, slope, se, per_iteration, loop_ns, &known);
                known.insert(f.name.clone(), row.ns_per_op);
                for a in &f.aliases {
                    known.insert(a.clone(), row.ns_per_op);
                }
                rows.push(row);
            }
            Err(e) => failures.push((f.name.clone(), e)),
        }
    }
    (rows, failures)
}

/// Turns a family's fitted slope into its row.
pub fn solve(
    f: &Family,
    slope: f64,
    se: f64,
    per_iteration: u64,
    loop_ns: f64,
    known: &HashMap<String, f64>,
) -> OpcodeRow {
    let is_loop = f.name == families::LOOP;
    let units = UNITS as f64;
    let (ns_per_unit, ns_per_op, op_stderr) = if is_loop {
        let per = slope / LOOP_INSTRUCTIONS as f64;
        (slope, per, se / LOOP_INSTRUCTIONS as f64)
    } else {
        let per_unit = (slope - loop_ns) / units;
        let helpers: f64 = f
            .helpers
            .iter()
            .map(|(h, c)| known.get(h).copied().unwrap_or(f64::NAN) * c)
            .sum();
        let per_op = (per_unit - helpers) / f.ops_per_unit;
        (per_unit, per_op, se / units / f.ops_per_unit)
    };
    OpcodeRow {
        name: f.name.clone(),
        group: f.group,
        unit: f.unit.join("; ").replace("{k}", "k"),
        instructions_per_iteration: per_iteration,
        ns_per_iteration: slope,
        slope_stderr: se,
        ns_per_unit,
        ns_per_op,
        op_stderr,
    }
}

/// The table for a terminal or Markdown: arithmetic as an operation × width matrix, every
/// other family as a row with its unit.
pub fn markdown_table(rows: &[OpcodeRow]) -> String {
    let mut s = String::from(
        "| group | instruction | ns / instruction | ± (fit) | ns / unit | unit |\n\
         |---|---|---:|---:|---:|---|\n",
    );
    for r in rows.iter().filter(|r| r.group != "arithmetic") {
        let _ = writeln!(
            s,
            "| {} | {} | {:.2} | {:.2} | {:.2} | `{}` |",
            r.group,
            r.name,
            r.ns_per_op,
            r.op_stderr,
            r.ns_per_unit,
            r.unit.replace('|', "\\|")
        );
    }
    s.push('\n');
    s.push_str(&arithmetic_matrix(rows));
    s
}

/// Arithmetic rows (`op width`) as a matrix of ns per instruction.
pub fn arithmetic_matrix(rows: &[OpcodeRow]) -> String {
    let arith: Vec<(&str, &str, f64)> = rows
        .iter()
        .filter(|r| r.group == "arithmetic")
        .filter_map(|r| {
            let (op, w) = r.name.split_once(' ')?;
            Some((op, w, r.ns_per_op))
        })
        .collect();
    if arith.is_empty() {
        return String::new();
    }
    let widths: Vec<&str> = families::WIDTHS
        .iter()
        .map(|(w, _, _)| *w)
        .filter(|w| arith.iter().any(|(_, x, _)| x == w))
        .collect();
    let mut ops: Vec<&str> = Vec::new();
    for (op, _, _) in &arith {
        if !ops.contains(op) {
            ops.push(op);
        }
    }
    let mut s = format!("| ns / instruction | {} |\n|---|", widths.join(" | "));
    s.push_str(&"---:|".repeat(widths.len()));
    s.push('\n');
    for op in ops {
        let _ = write!(s, "| {op} |");
        for w in &widths {
            match arith.iter().find(|(o, x, _)| *o == op && x == w) {
                Some((_, _, v)) => {
                    let _ = write!(s, " {v:.1} |");
                }
                None => s.push_str(" – |"),
            }
        }
        s.push('\n');
    }
    s
}

/// The rows as CSV.
pub fn csv(rows: &[OpcodeRow]) -> String {
    let mut s = String::from(
        "group,instruction,ns_per_instruction,stderr,ns_per_unit,ns_per_iteration,\
         instructions_per_iteration,unit\n",
    );
    for r in rows {
        let _ = writeln!(
            s,
            "{},\"{}\",{:.4},{:.4},{:.4},{:.3},{},\"{}\"",
            r.group,
            r.name,
            r.ns_per_op,
            r.op_stderr,
            r.ns_per_unit,
            r.ns_per_iteration,
            r.instructions_per_iteration,
            r.unit.replace('"', "\"\"")
        );
    }
    s
}

#[cfg(test)]
mod tests;
