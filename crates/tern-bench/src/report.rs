//! Results of timing one function, printed for people or as JSON.

use crate::stats::{Samples, Summary};
use std::fmt::Write as _;

/// The figures of one timed function.
#[derive(Debug, Clone, PartialEq)]
pub struct FunctionReport {
    /// What was timed (`0xbe::fib::fib`).
    pub function: String,
    /// Move instructions executed per call.
    pub instructions_per_call: u64,
    /// ns per call over the samples.
    pub ns_per_call: Summary,
    /// Number of samples.
    pub samples: usize,
    /// Timed calls in total.
    pub calls: u64,
}

impl FunctionReport {
    /// The report for `samples` of `function`.
    pub fn new(function: String, instructions_per_call: u64, samples: &Samples) -> Self {
        FunctionReport {
            function,
            instructions_per_call,
            ns_per_call: Summary::of(&samples.ns_per_call),
            samples: samples.ns_per_call.len(),
            calls: samples.calls,
        }
    }

    /// ns per executed instruction (0 when no instruction count).
    pub fn ns_per_instruction(&self) -> Summary {
        let n = self.instructions_per_call.max(1) as f64;
        self.ns_per_call.map(|ns| ns / n)
    }

    /// Executed instructions per second.
    pub fn instructions_per_second(&self) -> Summary {
        let n = self.instructions_per_call as f64;
        self.ns_per_call
            .map(|ns| if ns > 0.0 { n * 1e9 / ns } else { 0.0 })
    }

    /// A few aligned lines for a terminal.
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(
            s,
            "{}: {} samples, {} calls (median, ± median absolute deviation, [min … max])",
            self.function, self.samples, self.calls
        );
        let line = |s: &mut String, label: &str, v: &Summary, fmt: &dyn Fn(f64) -> String| {
            let _ = writeln!(
                s,
                "  {label:<24} {:>12}  ±{:>5.1} %  [{} … {}]",
                fmt(v.median),
                v.spread_pct(),
                fmt(v.min),
                fmt(v.max)
            );
        };
        line(&mut s, "time per call", &self.ns_per_call, &format_ns);
        let _ = writeln!(
            s,
            "  {:<24} {:>12}",
            "instructions per call", self.instructions_per_call
        );
        line(
            &mut s,
            "ns per instruction",
            &self.ns_per_instruction(),
            &|v| format!("{v:.3}"),
        );
        line(
            &mut s,
            "instructions per second",
            &self.instructions_per_second(),
            &format_rate,
        );
        s
    }

    /// One JSON object (one line).
    pub fn to_json(&self) -> String {
        let c = &self.ns_per_call;
        let i = self.ns_per_instruction();
        format!(
            "{{\"function\":{},\"ns_per_call\":{},\"ns_per_call_min\":{},\"ns_per_call_max\":{},\
             \"ns_per_call_mad\":{},\"instructions_per_call\":{},\"ns_per_instruction\":{},\
             \"ns_per_instruction_mad\":{},\"instructions_per_second\":{},\"samples\":{},\
             \"calls\":{}}}",
            json_string(&self.function),
            json_number(c.median),
            json_number(c.min),
            json_number(c.max),
            json_number(c.mad),
            self.instructions_per_call,
            json_number(i.median),
            json_number(i.mad),
            json_number(self.instructions_per_second().median),
            self.samples,
            self.calls
        )
    }
}

/// `1.23 ms`, `456.7 ns`, ... from nanoseconds.
pub fn format_ns(ns: f64) -> String {
    if ns >= 1e9 {
        format!("{:.3} s", ns / 1e9)
    } else if ns >= 1e6 {
        format!("{:.3} ms", ns / 1e6)
    } else if ns >= 1e3 {
        format!("{:.3} µs", ns / 1e3)
    } else {
        format!("{ns:.2} ns")
    }
}

/// `312.4 M/s` from a per-second rate.
pub fn format_rate(r: f64) -> String {
    if r >= 1e9 {
        format!("{:.2} G/s", r / 1e9)
    } else if r >= 1e6 {
        format!("{:.1} M/s", r / 1e6)
    } else if r >= 1e3 {
        format!("{:.1} k/s", r / 1e3)
    } else {
        format!("{r:.1} /s")
    }
}

/// A JSON number (non-finite values become `null`).
pub fn json_number(v: f64) -> String {
    if v.is_finite() {
        let r = (v * 1e4).round() / 1e4;
        format!("{r}")
    } else {
        "null".into()
    }
}

/// A JSON string literal.
pub fn json_string(s: &str) -> String {
    let mut out = String::from("\"");
    for ch in s.chars() {
        match ch {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report() -> FunctionReport {
        let samples = Samples {
            ns_per_call: vec![100.0, 110.0, 90.0],
            calls: 30,
        };
        FunctionReport::new("0xbe::m::f".into(), 50, &samples)
    }

    #[test]
    fn derived_figures() {
        let r = report();
        assert_eq!(r.ns_per_call.median, 100.0);
        assert_eq!(r.ns_per_instruction().median, 2.0);
        assert_eq!(r.instructions_per_second().median, 5e8);
        let text = r.to_text();
        assert!(text.contains("100.00 ns"), "{text}");
        assert!(text.contains("500.0 M/s"), "{text}");
    }

    #[test]
    fn json_has_the_required_keys() {
        let j = report().to_json();
        assert!(j.starts_with("{\"function\":\"0xbe::m::f\",\"ns_per_call\":100,"));
        assert!(j.contains("\"instructions_per_call\":50,"));
        assert!(j.contains("\"ns_per_instruction\":2,"));
        assert_eq!(json_string("a\"b\\\n"), "\"a\\\"b\\\\\\u000a\"");
        assert_eq!(json_number(f64::NAN), "null");
    }

    #[test]
    fn units() {
        assert_eq!(format_ns(1.5e9), "1.500 s");
        assert_eq!(format_ns(2.5e6), "2.500 ms");
        assert_eq!(format_ns(2500.0), "2.500 µs");
        assert_eq!(format_rate(2.5e9), "2.50 G/s");
        assert_eq!(format_rate(2500.0), "2.5 k/s");
    }
}
