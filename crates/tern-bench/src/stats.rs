//! Sampling: warm up, then time several samples of repeated calls; summaries by median and
//! median absolute deviation (robust to the noise of a shared machine).

use std::time::{Duration, Instant};

/// How much to measure.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Budget {
    /// Exactly this many timed calls (at least one per sample).
    Iters(u64),
    /// About this much timed wall time.
    Time(Duration),
}

/// Measurement settings.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MeasureConfig {
    /// How much to measure.
    pub budget: Budget,
    /// Number of samples (each a timed batch of calls).
    pub samples: usize,
    /// Untimed warm-up (at least one call).
    pub warmup: Duration,
}

impl Default for MeasureConfig {
    fn default() -> Self {
        MeasureConfig {
            budget: Budget::Time(Duration::from_secs(2)),
            samples: 20,
            warmup: Duration::from_millis(300),
        }
    }
}

/// Timed samples: ns per call of each sample.
#[derive(Debug, Clone, PartialEq)]
pub struct Samples {
    /// Mean ns per call within each sample.
    pub ns_per_call: Vec<f64>,
    /// Total timed calls.
    pub calls: u64,
}

/// Median and spread of a set of values.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Summary {
    /// The median.
    pub median: f64,
    /// The smallest value.
    pub min: f64,
    /// The largest value.
    pub max: f64,
    /// The median absolute deviation from the median.
    pub mad: f64,
}

impl Summary {
    /// The summary of `values` (all zero when empty).
    pub fn of(values: &[f64]) -> Summary {
        let med = median(values);
        let deviations: Vec<f64> = values.iter().map(|v| (v - med).abs()).collect();
        Summary {
            median: med,
            min: values
                .iter()
                .copied()
                .fold(f64::INFINITY, f64::min)
                .min(med),
            max: values
                .iter()
                .copied()
                .fold(f64::NEG_INFINITY, f64::max)
                .max(med),
            mad: median(&deviations),
        }
    }

    /// The spread as a percentage of the median (MAD / median).
    pub fn spread_pct(&self) -> f64 {
        if self.median == 0.0 {
            0.0
        } else {
            100.0 * self.mad / self.median
        }
    }

    /// Every field mapped through `f` (e.g. ns per call to ns per instruction); min and max
    /// swap if `f` is decreasing.
    pub fn map(&self, f: impl Fn(f64) -> f64) -> Summary {
        let (a, b) = (f(self.min), f(self.max));
        let median = f(self.median);
        Summary {
            median,
            min: a.min(b),
            max: a.max(b),
            mad: (f(self.median + self.mad) - median).abs(),
        }
    }
}

/// The median (0 for an empty slice).
pub fn median(values: &[f64]) -> f64 {
    let mut v: Vec<f64> = values.to_vec();
    v.sort_by(f64::total_cmp);
    let n = v.len();
    match (
        v.get(n / 2),
        n.checked_sub(1).and_then(|_| v.get((n - 1) / 2)),
    ) {
        (Some(hi), Some(lo)) => (hi + lo) / 2.0,
        _ => 0.0,
    }
}

/// Warms up, then times `config.samples` batches of `call`; `progress(done, total)` is called
/// after each sample. Stops at the first failing call.
pub fn measure<E>(
    mut call: impl FnMut() -> Result<(), E>,
    config: &MeasureConfig,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Samples, E> {
    let start = Instant::now();
    let mut warm_calls = 0u64;
    while warm_calls == 0 || start.elapsed() < config.warmup {
        call()?;
        warm_calls += 1;
    }
    let per_call = start.elapsed().as_secs_f64() / warm_calls as f64;
    let plan = plan(config, per_call);
    let mut out = Samples {
        ns_per_call: Vec::with_capacity(plan.len()),
        calls: 0,
    };
    for (i, calls) in plan.iter().enumerate() {
        let t = Instant::now();
        for _ in 0..*calls {
            call()?;
        }
        let ns = t.elapsed().as_nanos() as f64;
        out.ns_per_call.push(ns / *calls as f64);
        out.calls += calls;
        progress(i + 1, plan.len());
    }
    Ok(out)
}

/// Calls per sample, given the estimated seconds per call.
fn plan(config: &MeasureConfig, per_call: f64) -> Vec<u64> {
    let samples = config.samples.max(1) as u64;
    let total = match config.budget {
        Budget::Iters(n) => n.max(1),
        Budget::Time(d) => {
            let calls = d.as_secs_f64() / per_call.max(1e-9);
            (calls as u64).max(samples)
        }
    };
    let samples = samples.min(total);
    let (base, extra) = (total / samples, total % samples);
    (0..samples).map(|i| base + u64::from(i < extra)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn medians() {
        assert_eq!(median(&[]), 0.0);
        assert_eq!(median(&[3.0]), 3.0);
        assert_eq!(median(&[4.0, 1.0]), 2.5);
        assert_eq!(median(&[5.0, 1.0, 3.0]), 3.0);
        let s = Summary::of(&[1.0, 2.0, 3.0, 4.0, 100.0]);
        assert_eq!((s.median, s.min, s.max, s.mad), (3.0, 1.0, 100.0, 1.0));
        assert!((s.spread_pct() - 33.333).abs() < 0.01);
        let inv = s.map(|x| 1.0 / x);
        assert_eq!((inv.min, inv.max), (0.01, 1.0));
    }

    #[test]
    fn plans() {
        let c = MeasureConfig {
            budget: Budget::Iters(7),
            samples: 3,
            warmup: Duration::ZERO,
        };
        assert_eq!(plan(&c, 1.0), vec![3, 2, 2]);
        let c = MeasureConfig {
            budget: Budget::Iters(2),
            ..c
        };
        assert_eq!(plan(&c, 1.0), vec![1, 1]);
        let c = MeasureConfig {
            budget: Budget::Time(Duration::from_secs(1)),
            samples: 4,
            warmup: Duration::ZERO,
        };
        assert_eq!(plan(&c, 0.01), vec![25, 25, 25, 25]);
        assert_eq!(plan(&c, 10.0), vec![1, 1, 1, 1]);
    }

    #[test]
    fn measures_and_reports_progress() {
        let mut n = 0u64;
        let mut seen = Vec::new();
        let c = MeasureConfig {
            budget: Budget::Iters(10),
            samples: 5,
            warmup: Duration::ZERO,
        };
        let s = measure(
            || {
                n += 1;
                Ok::<(), ()>(())
            },
            &c,
            &mut |d, t| seen.push((d, t)),
        )
        .unwrap();
        assert_eq!((s.calls, s.ns_per_call.len(), n), (10, 5, 11));
        assert_eq!(seen.last(), Some(&(5, 5)));
        let failing = measure(|| Err::<(), u8>(3), &c, &mut |_, _| {});
        assert_eq!(failing, Err(3));
    }
}
