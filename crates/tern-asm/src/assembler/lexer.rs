//! The scanner: turns `.masm` text into tokens with byte spans.
//!
//! Every token is ASCII. Blanks (space, tab, carriage return) and `//` comments are skipped;
//! blanks at the start of a line produce an [`Tok::Indent`]; a `\n` is a [`Tok::Newline`]. The
//! token list always ends with one [`Tok::End`].

use super::errors::{Diag, Span};
use std::fmt;
use tern_primitives::U256;

/// One token of the assembly language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Tok<'s> {
    /// An unsigned integer literal (decimal or `0x` hex), at most 256 bits.
    Number(U256),
    /// An identifier or (soft) keyword: `[A-Za-z_$][A-Za-z0-9_$]*`.
    Ident(&'s str),
    /// One of `( ) < > [ ] , : :: | + = & # -`.
    Special(&'static str),
    /// A `\n`.
    Newline,
    /// Blanks at the start of a line (only their presence matters).
    Indent,
    /// End of input.
    End,
}

impl fmt::Display for Tok<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Tok::Number(n) => write!(f, "{n}"),
            Tok::Ident(s) => f.write_str(s),
            Tok::Special(s) => f.write_str(s),
            Tok::Newline => f.write_str("<newline>"),
            Tok::Indent => f.write_str("<indent>"),
            Tok::End => f.write_str("<end of file>"),
        }
    }
}

/// The special characters, each a one-character token (except `::`).
const SPECIALS: [&str; 14] = [
    "(", ")", "<", ">", "[", "]", ",", ":", "|", "+", "=", "&", "#", "-",
];

fn special_of(byte: u8) -> Option<&'static str> {
    SPECIALS.iter().copied().find(|s| s.as_bytes() == [byte])
}

fn is_blank(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\r')
}

fn is_id_start(byte: u8) -> bool {
    byte.is_ascii_alphabetic() || byte == b'_' || byte == b'$'
}

fn is_id_cont(byte: u8) -> bool {
    is_id_start(byte) || byte.is_ascii_digit()
}

/// Scans `source` into tokens; the first lexical error stops the scan.
pub(crate) fn scan(source: &str) -> Result<Vec<(Span, Tok<'_>)>, Diag> {
    let mut scanner = Scanner {
        source,
        bytes: source.as_bytes(),
        pos: 0,
        tokens: Vec::new(),
    };
    scanner.run()?;
    Ok(scanner.tokens)
}

struct Scanner<'s> {
    source: &'s str,
    bytes: &'s [u8],
    pos: usize,
    tokens: Vec<(Span, Tok<'s>)>,
}

impl<'s> Scanner<'s> {
    fn byte_at(&self, pos: usize) -> Option<u8> {
        self.bytes.get(pos).copied()
    }

    fn skip_while(&mut self, pred: impl Fn(u8) -> bool) {
        while self.byte_at(self.pos).is_some_and(&pred) {
            self.pos = self.pos.saturating_add(1);
        }
    }

    fn run(&mut self) -> Result<(), Diag> {
        loop {
            let start = self.pos;
            self.skip_while(is_blank);
            if self.byte_at(self.pos) == Some(b'/')
                && self.byte_at(self.pos.saturating_add(1)) == Some(b'/')
            {
                self.skip_while(|b| b != b'\n');
                continue;
            }
            let Some(byte) = self.byte_at(self.pos) else {
                self.tokens.push((Span::new(start, self.pos), Tok::End));
                return Ok(());
            };
            let after_newline = matches!(self.tokens.last(), Some((_, Tok::Newline)));
            if self.pos > start && (start == 0 || after_newline) {
                self.tokens.push((Span::new(start, self.pos), Tok::Indent));
            }
            self.token(byte)?;
        }
    }

    fn token(&mut self, byte: u8) -> Result<(), Diag> {
        let start = self.pos;
        let tok = if byte == b'\n' {
            self.pos = start.saturating_add(1);
            Tok::Newline
        } else if byte.is_ascii_digit() {
            self.number()?
        } else if is_id_start(byte) {
            self.skip_while(is_id_cont);
            Tok::Ident(self.source.get(start..self.pos).unwrap_or_default())
        } else if let Some(special) = special_of(byte) {
            self.pos = start.saturating_add(1);
            if byte == b':' && self.byte_at(self.pos) == Some(b':') {
                self.pos = self.pos.saturating_add(1);
                Tok::Special("::")
            } else {
                Tok::Special(special)
            }
        } else {
            // The source character, which may take several bytes (the lexer reads bytes).
            let c = self
                .source
                .get(start..)
                .and_then(|rest| rest.chars().next())
                .unwrap_or(char::from(byte));
            let message = format!("invalid character `{c}`");
            return Err(Diag::new(Span::new(start, start), message));
        };
        self.tokens.push((Span::new(start, self.pos), tok));
        Ok(())
    }

    fn number(&mut self) -> Result<Tok<'s>, Diag> {
        let start = self.pos;
        self.pos = start.saturating_add(1);
        let mut digits_start = start;
        let hex = matches!(self.byte_at(self.pos), Some(b'x' | b'X'));
        if hex {
            self.pos = self.pos.saturating_add(1);
            digits_start = self.pos;
            self.skip_while(|b| b.is_ascii_hexdigit());
        } else {
            self.skip_while(|b| b.is_ascii_digit());
        }
        let digits = self.source.get(digits_start..self.pos).unwrap_or_default();
        match U256::from_str_radix(digits, if hex { 16 } else { 10 }) {
            Ok(n) => Ok(Tok::Number(n)),
            Err(_) => Err(Diag::new(
                Span::new(start, self.pos),
                format!("invalid number `{digits}`"),
            )),
        }
    }
}

#[cfg(test)]
#[allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)]
mod tests {
    use super::*;

    fn kinds(src: &str) -> Vec<String> {
        scan(src)
            .unwrap()
            .into_iter()
            .map(|(_, t)| match t {
                Tok::Indent => "IND".to_string(),
                Tok::Newline => "NL".to_string(),
                Tok::End => "END".to_string(),
                other => other.to_string(),
            })
            .collect()
    }

    #[test]
    fn indents_comments_and_specials() {
        assert_eq!(
            kinds("  a::b // c\n// only\n\tx: 0x1F <-3>"),
            ["IND", "a", "::", "b", "NL", "NL", "IND", "x", ":", "31", "<", "-", "3", ">", "END"]
        );
        assert_eq!(kinds("  // c\nx"), ["NL", "x", "END"]);
        assert_eq!(kinds("|| :"), ["|", "|", ":", "END"]);
    }

    #[test]
    fn number_then_ident_and_errors() {
        assert_eq!(kinds("10u8 $f g$1"), ["10", "u8", "$f", "g$1", "END"]);
        let err = scan("x 0x").unwrap_err();
        assert_eq!(err.message, "invalid number ``");
        assert_eq!(err.span, Span::new(2, 4));
        let big = format!("1{}", "0".repeat(80));
        assert!(scan(&big)
            .unwrap_err()
            .message
            .starts_with("invalid number `1000"));
        let err = scan("a ; b").unwrap_err();
        assert_eq!(err.message, "invalid character `;`");
        assert_eq!(err.span, Span::new(2, 2));
        // A character of several bytes is named whole.
        for (src, c) in [("ld_u8 中", '中'), ("x é", 'é'), ("\u{1F600}", '\u{1F600}')] {
            let err = scan(src).unwrap_err();
            assert_eq!(err.message, format!("invalid character `{c}`"), "{src}");
        }
    }

    #[test]
    fn end_span_covers_trailing_blanks() {
        let toks = scan("a  ").unwrap();
        assert_eq!(toks.last().unwrap().0, Span::new(1, 3));
    }
}
