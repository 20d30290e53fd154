//! Renders a diagnostic the way `codespan-reporting` 0.11 ("rich" style, no colours) does in the
//! peer's `.exp` files: a header, the source line(s) with a gutter, and carets under the span.
//! Tabs display as four spaces. A span that runs past the end of its line (a `<newline>`
//! token) is drawn as a two-line label with `╭`/`╰` markers.

use super::errors::{floor_boundary, line_column, Span};
use std::fmt::Write;

/// Appends the rendering of one diagnostic (ending with an empty line) to `out`.
pub(crate) fn render_one(out: &mut String, file: &str, source: &str, message: &str, span: Span) {
    let start = floor_boundary(source, span.start);
    let end = floor_boundary(source, span.end.max(start));
    let (line, column) = line_column(source, start);
    let (end_line, _) = line_column(source, end);
    let _ = writeln!(out, "error: {message}");
    if end_line > line {
        multi_line(out, file, source, (start, end), (line, column), end_line);
    } else {
        single_line(out, file, source, (start, end), (line, column));
    }
    out.push('\n');
}

fn single_line(out: &mut String, file: &str, source: &str, span: (usize, usize), pos: (u32, u32)) {
    let (line, column) = pos;
    let pad = " ".repeat(digits(line).saturating_add(1));
    let line_start = line_start_of(source, span.0);
    let text = line_text(source, line_start);
    let before = source.get(line_start..span.0).unwrap_or_default();
    let inside = source.get(span.0..span.1).unwrap_or_default();
    let carets = width(inside).max(1);
    let _ = writeln!(out, "{pad}┌─ {file}:{line}:{column}");
    let _ = writeln!(out, "{pad}│");
    let _ = writeln!(out, "{line} │ {}", expand_tabs(text));
    let _ = writeln!(
        out,
        "{pad}│ {}{}",
        " ".repeat(width(before)),
        "^".repeat(carets)
    );
}

fn multi_line(
    out: &mut String,
    file: &str,
    source: &str,
    span: (usize, usize),
    pos: (u32, u32),
    end_line: u32,
) {
    let (line, column) = pos;
    let w = digits(end_line);
    let pad = " ".repeat(w.saturating_add(1));
    let first_start = line_start_of(source, span.0);
    let before = source.get(first_start..span.0).unwrap_or_default();
    let _ = writeln!(out, "{pad}┌─ {file}:{line}:{column}");
    let _ = writeln!(out, "{pad}│  ");
    let text = expand_tabs(line_text(source, first_start));
    let _ = writeln!(out, "{line:>w$} │   {text}");
    let _ = writeln!(out, "{pad}│ ╭{}^", "─".repeat(width(before)));
    let mut cursor = next_line_start(source, first_start);
    let mut number = line;
    let last_start = line_start_of(source, span.1);
    while number < end_line {
        number = number.saturating_add(1);
        let text = expand_tabs(line_text(source, cursor));
        let _ = writeln!(out, "{number:>w$} │ │ {text}");
        if cursor >= last_start {
            break;
        }
        cursor = next_line_start(source, cursor);
    }
    let end_before = source.get(last_start..span.1).unwrap_or_default();
    let _ = writeln!(out, "{pad}│ ╰{}^", "─".repeat(width(end_before)));
}

fn digits(n: u32) -> usize {
    n.to_string().len()
}

fn line_start_of(source: &str, offset: usize) -> usize {
    source
        .get(..offset)
        .and_then(|s| s.rfind('\n'))
        .map_or(0, |p| p.saturating_add(1))
}

fn next_line_start(source: &str, line_start: usize) -> usize {
    let rest = source.get(line_start..).unwrap_or_default();
    rest.find('\n').map_or(source.len(), |p| {
        line_start.saturating_add(p).saturating_add(1)
    })
}

fn line_text(source: &str, line_start: usize) -> &str {
    let rest = source.get(line_start..).unwrap_or_default();
    rest.split('\n').next().unwrap_or_default()
}

fn expand_tabs(text: &str) -> String {
    text.replace('\t', "    ")
}

fn width(text: &str) -> usize {
    text.chars()
        .map(|c| if c == '\t' { 4 } else { 1 })
        .fold(0usize, usize::saturating_add)
}

#[cfg(test)]
#[allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)]
mod tests {
    use super::*;

    fn render(source: &str, span: Span, message: &str) -> String {
        let mut out = String::new();
        render_one(&mut out, "test", source, message, span);
        out
    }

    #[test]
    fn single_line_label() {
        let src = "\n\n\n    br_false l3\n";
        let got = render(src, Span::new(7, 18), "unbound branch label `l3`");
        let want = "error: unbound branch label `l3`\n  ┌─ test:4:5\n  │\n4 │     br_false l3\n  │     ^^^^^^^^^^^\n\n";
        assert_eq!(got, want);
    }

    #[test]
    fn empty_span_at_start() {
        let got = render("", Span::ZERO, "scripts can only contain one function");
        let want =
            "error: scripts can only contain one function\n  ┌─ test:1:1\n  │\n1 │ \n  │ ^\n\n";
        assert_eq!(got, want);
    }

    #[test]
    fn newline_label_spans_two_lines() {
        let mut src = "\n".repeat(37);
        src.push_str("    V0\n        // Cannot change field name, publish fails\n        y: u64");
        let nl = src.find("V0").unwrap() + 2;
        let got = render(
            &src,
            Span::new(nl, nl + 1),
            "expected `:`, found `<newline>`",
        );
        let want = "error: expected `:`, found `<newline>`\n   ┌─ test:38:7\n   │  \n38 │       V0\n   │ ╭──────^\n39 │ │         // Cannot change field name, publish fails\n   │ ╰^\n\n";
        assert_eq!(got, want);
    }

    #[test]
    fn tabs_are_four_columns() {
        let got = render("\tpop 1", Span::new(1, 6), "m");
        assert!(got.contains("1 │     pop 1\n  │     ^^^^^\n"), "{got}");
    }
}
