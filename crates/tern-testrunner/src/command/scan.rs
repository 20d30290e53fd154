//! A clap-like scan of a command's words: long options (`--name value`, `--name=value`),
//! boolean flags, multi-value options, `--`, positionals, and the peer's `--args`
//! negative-number rewriting.

use std::collections::BTreeMap;

/// How an option takes values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Arity {
    /// A boolean flag: no value.
    Flag,
    /// Exactly one value; the option may appear once.
    Single,
    /// Every following word up to the next option; may repeat (values accumulate).
    Multi,
}

/// One option of a subcommand: its names (first is canonical) and arity.
pub(crate) struct OptSpec {
    pub(crate) names: &'static [&'static str],
    pub(crate) arity: Arity,
}

/// The scanned words of one subcommand.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub(crate) struct Scanned {
    /// Flags and single options by canonical name (a flag's value is empty).
    pub(crate) single: BTreeMap<&'static str, String>,
    /// Multi-value options by canonical name.
    pub(crate) multi: BTreeMap<&'static str, Vec<String>>,
    /// Positional words.
    pub(crate) positionals: Vec<String>,
}

impl Scanned {
    /// Whether a flag was given.
    pub(crate) fn flag(&self, name: &str) -> bool {
        self.single.contains_key(name)
    }

    /// The value of a single option.
    pub(crate) fn value(&self, name: &str) -> Option<&str> {
        self.single.get(name).map(String::as_str)
    }

    /// The values of a multi option (empty if absent).
    pub(crate) fn values(&self, name: &str) -> &[String] {
        self.multi.get(name).map_or(&[], Vec::as_slice)
    }
}

/// Rewrites the words after each `--args` to `--args=VALUE` when one of them starts with `-`
/// (so negative numbers are not taken for options).
pub(crate) fn rewrite_negative_args(words: &[String]) -> Vec<String> {
    let mut out = Vec::with_capacity(words.len());
    let mut i = 0;
    while let Some(word) = words.get(i) {
        i += 1;
        if word != "--args" {
            out.push(word.clone());
            continue;
        }
        let start = i;
        while let Some(w) = words.get(i) {
            if w.starts_with('-') && !w.chars().nth(1).is_some_and(|c| c.is_ascii_digit()) {
                break;
            }
            i += 1;
        }
        let values = words.get(start..i).unwrap_or(&[]);
        if values.iter().any(|v| v.starts_with('-')) {
            out.extend(values.iter().map(|v| format!("--args={v}")));
        } else {
            out.push(word.clone());
            out.extend(values.iter().cloned());
        }
    }
    out
}

fn is_negative_number(word: &str) -> bool {
    word.strip_prefix('-')
        .and_then(|r| r.chars().next())
        .is_some_and(|c| c.is_ascii_digit())
}

/// Scans `words` (the words after the subcommand name) against `specs`.
pub(crate) fn scan(words: &[String], specs: &[OptSpec]) -> Result<Scanned, String> {
    let mut out = Scanned::default();
    let mut i = 0;
    let mut only_positionals = false;
    while let Some(word) = words.get(i) {
        i += 1;
        if only_positionals || !word.starts_with('-') || word == "-" {
            out.positionals.push(word.clone());
            continue;
        }
        if word == "--" {
            only_positionals = true;
            continue;
        }
        let Some(long) = word.strip_prefix("--") else {
            return Err(format!("unexpected argument `{word}`"));
        };
        let (name, attached) = match long.split_once('=') {
            Some((n, v)) => (n, Some(v.to_string())),
            None => (long, None),
        };
        let spec = specs
            .iter()
            .find(|s| s.names.contains(&name))
            .ok_or_else(|| format!("unexpected argument `--{name}`"))?;
        let canonical: &'static str = spec.names.first().copied().unwrap_or("");
        take_values(words, &mut i, spec.arity, canonical, attached, &mut out)?;
    }
    Ok(out)
}

/// Records one option occurrence, taking its value(s) from `attached` or the next words.
fn take_values(
    words: &[String],
    i: &mut usize,
    arity: Arity,
    name: &'static str,
    attached: Option<String>,
    out: &mut Scanned,
) -> Result<(), String> {
    match arity {
        Arity::Flag => {
            if attached.is_some() {
                return Err(format!("flag `--{name}` takes no value"));
            }
            insert_once(out, name, String::new())
        }
        Arity::Single => {
            let value = match attached {
                Some(v) => v,
                None => take_single(words, i, name)?,
            };
            insert_once(out, name, value)
        }
        Arity::Multi => {
            let entry = out.multi.entry(name).or_default();
            if let Some(v) = attached {
                entry.push(v);
                return Ok(());
            }
            while let Some(w) = words.get(*i) {
                if w.starts_with('-') && !is_negative_number(w) {
                    break;
                }
                entry.push(w.clone());
                *i += 1;
            }
            Ok(())
        }
    }
}

fn take_single(words: &[String], i: &mut usize, name: &str) -> Result<String, String> {
    match words.get(*i) {
        Some(w) if !w.starts_with("--") => {
            *i += 1;
            Ok(w.clone())
        }
        _ => Err(format!("option `--{name}` requires a value")),
    }
}

fn insert_once(out: &mut Scanned, name: &'static str, value: String) -> Result<(), String> {
    if out.single.insert(name, value).is_some() {
        return Err(format!("option `--{name}` cannot be used multiple times"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_string).collect()
    }

    const SPECS: &[OptSpec] = &[
        OptSpec {
            names: &["verbose"],
            arity: Arity::Flag,
        },
        OptSpec {
            names: &["gas-budget"],
            arity: Arity::Single,
        },
        OptSpec {
            names: &["exec-group", "exec_group"],
            arity: Arity::Single,
        },
        OptSpec {
            names: &["signers"],
            arity: Arity::Multi,
        },
        OptSpec {
            names: &["args"],
            arity: Arity::Multi,
        },
    ];

    #[test]
    fn negative_args_are_rewritten_only_when_needed() {
        assert_eq!(
            rewrite_negative_args(&w("--args -5i8 3i8 --verbose")),
            w("--args=-5i8 --args=3i8 --verbose")
        );
        assert_eq!(
            rewrite_negative_args(&w("--args 1 2 --args -1i8")),
            w("--args 1 2 --args=-1i8")
        );
        assert_eq!(
            rewrite_negative_args(&w("--args 1 2 -- x")),
            w("--args 1 2 -- x")
        );
    }

    #[test]
    fn options_flags_and_positionals() {
        let s = scan(&w("0x1::M::f --signers 0x1 0x2 --args 1 --verbose --args=2 --gas-budget=5 --exec_group 3"), SPECS).unwrap();
        assert_eq!(s.positionals, w("0x1::M::f"));
        assert_eq!(s.values("signers"), w("0x1 0x2").as_slice());
        assert_eq!(s.values("args"), w("1 2").as_slice());
        assert!(s.flag("verbose"));
        assert_eq!(s.value("gas-budget"), Some("5"));
        assert_eq!(s.value("exec-group"), Some("3"));
        assert!(s.values("nothing").is_empty());
    }

    #[test]
    fn double_dash_ends_multi_values() {
        let s = scan(&w("--signers 0x1 --args 0 -- 0x42::N::ex"), SPECS).unwrap();
        assert_eq!(s.values("args"), w("0").as_slice());
        assert_eq!(s.positionals, w("0x42::N::ex"));
        // Without `--` the target is taken as an argument value.
        let s = scan(&w("--args 0 0x42::N::ex"), SPECS).unwrap();
        assert!(s.positionals.is_empty());
        // Negative numbers are values of a multi option.
        let s = scan(&w("--args -1i8 2"), SPECS).unwrap();
        assert_eq!(s.values("args"), w("-1i8 2").as_slice());
    }

    #[test]
    fn errors() {
        for bad in [
            "--nope",
            "-v",
            "--verbose=true",
            "--verbose --verbose",
            "--gas-budget",
            "--gas-budget --verbose",
            "--gas-budget 1 --gas-budget 2",
        ] {
            assert!(scan(&w(bad), SPECS).is_err(), "{bad}");
        }
    }
}
