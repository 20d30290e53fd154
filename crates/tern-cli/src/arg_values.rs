//! Command-line words before `clap` reads them: the values of `--args` that are negative
//! literals with a type suffix (`-5i8`), which `clap` would take for short flags.

use std::ffi::OsString;

/// Whether `word` is a negative integer literal, with or without a type suffix (`-5`,
/// `-128i8`, `-1_000i64`).
fn is_negative_literal(word: &str) -> bool {
    let Some(rest) = word.strip_prefix('-') else {
        return false;
    };
    let digits_end = rest
        .find(|c: char| !(c.is_ascii_digit() || c == '_'))
        .unwrap_or(rest.len());
    let (digits, suffix) = rest.split_at(digits_end);
    digits.starts_with(|c: char| c.is_ascii_digit())
        && matches!(suffix, "" | "i8" | "i16" | "i32" | "i64" | "i128" | "i256")
}

/// `argv` with each value list of `--args` written as `--args=VALUE` words, so that a
/// negative literal among them reaches `clap` as a value. A list ends at `--`, at the first
/// word that starts with `-` and is not a negative literal (the next option), or at the end;
/// other words are left as they are.
pub(crate) fn with_attached_arg_values(argv: Vec<OsString>) -> Vec<OsString> {
    let mut out = Vec::with_capacity(argv.len());
    // After `--args`: whether a value has followed it yet.
    let mut list: Option<bool> = None;
    for word in argv {
        let text = word.to_str();
        if let Some(seen_value) = list {
            match text {
                Some(t) if t != "--" && (!t.starts_with('-') || is_negative_literal(t)) => {
                    out.push(OsString::from(format!("--args={t}")));
                    list = Some(true);
                    continue;
                }
                _ => {
                    if !seen_value {
                        // No value: left for clap to report.
                        out.push(OsString::from("--args"));
                    }
                    list = None;
                }
            }
        }
        if text == Some("--args") {
            list = Some(false);
            continue;
        }
        out.push(word);
    }
    if list == Some(false) {
        out.push(OsString::from("--args"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(line: &str) -> Vec<OsString> {
        line.split(' ').map(OsString::from).collect()
    }

    #[test]
    fn negative_literals_are_recognized() {
        for yes in ["-5", "-5i8", "-128i8", "-1_000i64", "-0i256"] {
            assert!(is_negative_literal(yes), "{yes}");
        }
        for no in ["-v", "--verbose", "-5u8", "-", "-i8", "5", "-5x"] {
            assert!(!is_negative_literal(no), "{no}");
        }
    }

    #[test]
    fn argument_lists_are_attached_up_to_the_next_option() {
        assert_eq!(
            with_attached_arg_values(words("tern run f.masm 0x1::m::f --args -5i8 3 -v")),
            words("tern run f.masm 0x1::m::f --args=-5i8 --args=3 -v")
        );
        assert_eq!(
            with_attached_arg_values(words("tern run f.masm --args 1 -- x")),
            words("tern run f.masm --args=1 -- x")
        );
        assert_eq!(
            with_attached_arg_values(words("tern run f.masm --signers 0x5 --args=-1i8")),
            words("tern run f.masm --signers 0x5 --args=-1i8")
        );
        // `--args` with no values is left for clap to report.
        assert_eq!(
            with_attached_arg_values(words("tern run f.masm --args --verbose")),
            words("tern run f.masm --args --verbose")
        );
        assert_eq!(
            with_attached_arg_values(words("tern run f.masm --args")),
            words("tern run f.masm --args")
        );
        // Two lists.
        assert_eq!(
            with_attached_arg_values(words("tern bench f --args 1 --iters 3 --args -2i8")),
            words("tern bench f --args=1 --iters 3 --args=-2i8")
        );
    }
}
