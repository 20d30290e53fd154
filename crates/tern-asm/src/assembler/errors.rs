//! Assembler diagnostics: byte spans, messages, line/column positions, and [`AsmError`], the
//! error type of [`assemble`](super::assemble).

use std::fmt;

/// A byte range `start..end` in the assembled text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// One past the last byte (equal to `start` for an empty span).
    pub end: usize,
}

impl Span {
    /// The span `start..end`.
    pub const fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }

    /// The empty span at offset 0 (used for file-level errors).
    pub const ZERO: Span = Span::new(0, 0);
}

/// A diagnostic before positions are computed: a span, a message and maybe a help.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Diag {
    pub(crate) span: Span,
    pub(crate) message: String,
    pub(crate) help: Option<String>,
}

impl Diag {
    /// A diagnostic; a help the message carries behind
    /// [`HELP_SEPARATOR`](crate::suggest::HELP_SEPARATOR) is split off.
    pub(crate) fn new(span: Span, message: impl Into<String>) -> Diag {
        let message = message.into();
        match message.split_once(crate::suggest::HELP_SEPARATOR) {
            Some((message, help)) => Diag {
                span,
                message: message.to_string(),
                help: Some(help.to_string()),
            },
            None => Diag {
                span,
                message,
                help: None,
            },
        }
    }
}

/// One assembler diagnostic with its position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// 1-based line of the span start.
    pub line: u32,
    /// 1-based column (in characters) of the span start.
    pub column: u32,
    /// The message, exactly as the peer words it.
    pub message: String,
    /// The byte span the diagnostic points at.
    pub span: Span,
    /// Tern's own help, for people (a "did you mean" for an unknown name); never part of the
    /// peer's format.
    pub help: Option<String>,
}

/// An assembly failure: one or more diagnostics, in the order the peer reports them.
///
/// `line`, `column`, `message` and `span` repeat the first diagnostic. `Display` prints one
/// `LINE:COLUMN: error: MESSAGE` line per diagnostic. The alternate form (`{:#}`) prints
/// exactly what the peer's test harness prints after `Error: ` in `.exp` files (file name
/// `test`, the assembled text as source); [`AsmError::render`] does the same for any file
/// name and text. The harness output of a failed task is `format!("Error: {err:#}\n")`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct AsmError {
    /// 1-based line of the first diagnostic.
    pub line: u32,
    /// 1-based column of the first diagnostic.
    pub column: u32,
    /// Message of the first diagnostic.
    pub message: String,
    /// Span of the first diagnostic.
    pub span: Span,
    /// Every diagnostic (the first one included).
    pub diagnostics: Vec<Diagnostic>,
    /// The assembled text (for the alternate `Display`).
    text: String,
}

impl fmt::Display for AsmError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            return f.write_str(&self.render("test", &self.text));
        }
        for (i, d) in self.diagnostics.iter().enumerate() {
            if i > 0 {
                f.write_str("\n")?;
            }
            write!(f, "{}:{}: error: {}", d.line, d.column, d.message)?;
        }
        Ok(())
    }
}

impl AsmError {
    /// Builds the error from raw diagnostics, computing positions in `source`.
    pub(crate) fn from_diags(source: &str, diags: Vec<Diag>) -> AsmError {
        let diagnostics: Vec<Diagnostic> = diags
            .into_iter()
            .map(|d| {
                let (line, column) = line_column(source, d.span.start);
                Diagnostic {
                    line,
                    column,
                    message: d.message,
                    span: d.span,
                    help: d.help,
                }
            })
            .collect();
        let first = diagnostics.first().cloned().unwrap_or(Diagnostic {
            line: 1,
            column: 1,
            message: String::from("unknown assembler error"),
            span: Span::ZERO,
            help: None,
        });
        AsmError {
            line: first.line,
            column: first.column,
            message: first.message,
            span: first.span,
            diagnostics,
            text: source.to_string(),
        }
    }

    /// The diagnostics rendered the way the peer's harness prints them (codespan "rich" style,
    /// no colours), for the text `source` named `file_name` (the harness uses `test`). Each
    /// diagnostic ends with an empty line.
    pub fn render(&self, file_name: &str, source: &str) -> String {
        let mut out = String::new();
        for d in &self.diagnostics {
            super::render::render_one(&mut out, file_name, source, &d.message, d.span);
        }
        out
    }

    /// The diagnostics for people: as [`AsmError::render`] for the assembled text named
    /// `file_name`, each followed by its help (`= help: did you mean `borrow_loc`?`) when it
    /// has one.
    pub fn render_with_help(&self, file_name: &str) -> String {
        let mut out = String::new();
        for d in &self.diagnostics {
            let mut one = String::new();
            super::render::render_one(&mut one, file_name, &self.text, &d.message, d.span);
            if let Some(help) = &d.help {
                // Before the empty line that ends the diagnostic.
                one.pop();
                let pad = " ".repeat(d.line.to_string().len().saturating_add(1));
                one.push_str(&format!("{pad}= help: {help}\n\n"));
            }
            out.push_str(&one);
        }
        out
    }
}

/// The 1-based line and character column of byte `offset` in `source` (clamped to the text).
pub(crate) fn line_column(source: &str, offset: usize) -> (u32, u32) {
    let offset = floor_boundary(source, offset);
    let before = source.get(..offset).unwrap_or_default();
    let line_start = before.rfind('\n').map_or(0, |p| p.saturating_add(1));
    let line = before.matches('\n').count().saturating_add(1);
    let column = before
        .get(line_start..)
        .unwrap_or_default()
        .chars()
        .count()
        .saturating_add(1);
    (to_u32(line), to_u32(column))
}

/// `offset` moved down to the nearest char boundary within `source`.
pub(crate) fn floor_boundary(source: &str, offset: usize) -> usize {
    let mut offset = offset.min(source.len());
    while offset > 0 && !source.is_char_boundary(offset) {
        offset = offset.saturating_sub(1);
    }
    offset
}

fn to_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

#[cfg(test)]
#[allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)]
mod tests {
    use super::*;

    #[test]
    fn positions() {
        let src = "ab\ncd\n\té";
        assert_eq!(line_column(src, 0), (1, 1));
        assert_eq!(line_column(src, 2), (1, 3));
        assert_eq!(line_column(src, 3), (2, 1));
        assert_eq!(line_column(src, 8), (3, 2));
        assert_eq!(line_column(src, 100), (3, 3));
    }

    #[test]
    fn display_lists_every_diagnostic() {
        let err = AsmError::from_diags(
            "x\ny",
            vec![
                Diag::new(Span::new(0, 1), "first"),
                Diag::new(Span::new(2, 3), "second"),
            ],
        );
        assert_eq!((err.line, err.column), (1, 1));
        assert_eq!(err.to_string(), "1:1: error: first\n2:1: error: second");
        let exact = format!("{err:#}");
        assert!(
            exact.starts_with("error: first\n  ┌─ test:1:1\n"),
            "{exact}"
        );
        assert!(exact.ends_with("2 │ y\n  │ ^\n\n"), "{exact}");
    }
}
