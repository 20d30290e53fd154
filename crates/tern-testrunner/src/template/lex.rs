//! Splitting a template into text and tags (with whitespace control applied), and tokenizing the
//! inside of a tag.

use super::TemplateError;

/// The kind of a tag.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum TagKind {
    /// `{{ ... }}`.
    Expr,
    /// `{% ... %}`.
    Stmt,
    /// `{# ... #}`.
    Comment,
}

/// A piece of the template: text, or a tag with its inner text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Piece {
    /// Literal text.
    Text(String),
    /// A tag: kind, inner text (without delimiters and `-` markers), and its 1-based line.
    Tag(TagKind, String, usize),
}

/// Splits `source` into pieces, applying `{%-`/`-%}` trimming and the whitespace swallowed
/// after `{% import %}`.
pub(super) fn pieces(source: &str) -> Result<Vec<Piece>, TemplateError> {
    let mut out: Vec<Piece> = Vec::new();
    let mut rest = source;
    let mut trim_next = false;
    let mut line = 1usize;
    loop {
        let Some((start, kind)) = next_tag_start(rest) else {
            push_text(&mut out, rest, trim_next);
            return Ok(out);
        };
        let (text, tag_and_rest) = rest.split_at(start);
        push_text(&mut out, text, trim_next);
        line += text.matches('\n').count();
        let tag_line = line;
        let inner_and_rest = tag_and_rest.get(2..).unwrap_or("");
        let end = find_tag_end(inner_and_rest, kind)
            .ok_or_else(|| TemplateError::new(tag_line, "unterminated tag"))?;
        let raw_inner = inner_and_rest.get(..end).unwrap_or("");
        rest = inner_and_rest.get(end + 2..).unwrap_or("");
        line += raw_inner.matches('\n').count();
        let mut inner = raw_inner;
        if let Some(s) = inner.strip_prefix('-') {
            inner = s;
            trim_last_text(&mut out);
        }
        trim_next = false;
        if let Some(s) = inner.strip_suffix('-') {
            inner = s;
            trim_next = true;
        }
        let inner = inner.trim().to_string();
        if kind == TagKind::Stmt && inner.split_whitespace().next() == Some("import") {
            trim_next = true;
        }
        out.push(Piece::Tag(kind, inner, tag_line));
    }
}

fn push_text(out: &mut Vec<Piece>, text: &str, trim_start: bool) {
    let text = if trim_start { text.trim_start() } else { text };
    if !text.is_empty() {
        out.push(Piece::Text(text.to_string()));
    }
}

fn trim_last_text(out: &mut Vec<Piece>) {
    if let Some(Piece::Text(t)) = out.last_mut() {
        let trimmed = t.trim_end().len();
        t.truncate(trimmed);
        if t.is_empty() {
            out.pop();
        }
    }
}

fn next_tag_start(text: &str) -> Option<(usize, TagKind)> {
    let bytes = text.as_bytes();
    let mut i = 0;
    while i + 1 < bytes.len() {
        if bytes.get(i) == Some(&b'{') {
            let kind = match bytes.get(i + 1) {
                Some(b'{') => Some(TagKind::Expr),
                Some(b'%') => Some(TagKind::Stmt),
                Some(b'#') => Some(TagKind::Comment),
                _ => None,
            };
            if let Some(kind) = kind {
                return Some((i, kind));
            }
        }
        i += 1;
    }
    None
}

/// Finds the closing delimiter of a tag (skipping quoted strings in expression/statement
/// tags); returns the byte offset of the delimiter in `text`.
fn find_tag_end(text: &str, kind: TagKind) -> Option<usize> {
    let close: &[u8; 2] = match kind {
        TagKind::Expr => b"}}",
        TagKind::Stmt => b"%}",
        TagKind::Comment => b"#}",
    };
    let bytes = text.as_bytes();
    let mut quote: Option<u8> = None;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes.get(i).copied().unwrap_or(0);
        match quote {
            Some(q) if b == q => quote = None,
            Some(_) => {}
            None if kind != TagKind::Comment && matches!(b, b'"' | b'\'' | b'`') => quote = Some(b),
            None if b == close[0] && bytes.get(i + 1) == Some(&close[1]) => return Some(i),
            None => {}
        }
        i += 1;
    }
    None
}

/// A token inside a tag.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Tok {
    /// An identifier, possibly dotted (`loop.index`).
    Ident(String),
    /// A string literal (without quotes).
    Str(String),
    /// An integer literal.
    Int(i64),
    /// Punctuation or an operator: `( ) [ ] , = == != < > <= >= ::`.
    Punct(&'static str),
}

const PUNCTS: [&str; 13] = [
    "==", "!=", "<=", ">=", "::", "(", ")", "[", "]", ",", "=", "<", ">",
];

/// Tokenizes the inside of a tag.
pub(super) fn tokens(text: &str, line: usize) -> Result<Vec<Tok>, TemplateError> {
    let mut out = Vec::new();
    let mut rest = text.trim_start();
    while !rest.is_empty() {
        let c = rest.chars().next().unwrap_or(' ');
        if c == '"' || c == '\'' || c == '`' {
            let body = rest.get(1..).unwrap_or("");
            let end = body
                .find(c)
                .ok_or_else(|| TemplateError::new(line, "unterminated string"))?;
            out.push(Tok::Str(body.get(..end).unwrap_or("").to_string()));
            rest = body.get(end + 1..).unwrap_or("");
        } else if c.is_ascii_digit() || (c == '-' && starts_with_digit(rest.get(1..))) {
            let len = 1 + rest
                .get(1..)
                .unwrap_or("")
                .find(|ch: char| !ch.is_ascii_digit())
                .unwrap_or(rest.len() - 1);
            let (num, r) = rest.split_at(len);
            let value = num
                .parse::<i64>()
                .map_err(|_| TemplateError::new(line, format!("bad integer `{num}`")))?;
            out.push(Tok::Int(value));
            rest = r;
        } else if c.is_ascii_alphabetic() || c == '_' {
            let len = rest
                .find(|ch: char| !(ch.is_ascii_alphanumeric() || ch == '_' || ch == '.'))
                .unwrap_or(rest.len());
            let (word, r) = rest.split_at(len);
            out.push(Tok::Ident(word.to_string()));
            rest = r;
        } else if let Some(p) = PUNCTS.iter().find(|p| rest.starts_with(**p)) {
            out.push(Tok::Punct(p));
            rest = rest.get(p.len()..).unwrap_or("");
        } else {
            return Err(TemplateError::new(
                line,
                format!("unexpected character `{c}` in tag"),
            ));
        }
        rest = rest.trim_start();
    }
    Ok(out)
}

fn starts_with_digit(text: Option<&str>) -> bool {
    text.and_then(|t| t.chars().next())
        .is_some_and(|c| c.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_apply_whitespace_control() {
        let p = pieces("a \n{%- set x = 1 -%}\n b{{ x }}{# c #}").unwrap();
        assert_eq!(
            p,
            vec![
                Piece::Text("a".into()),
                Piece::Tag(TagKind::Stmt, "set x = 1".into(), 2),
                Piece::Text("b".into()),
                Piece::Tag(TagKind::Expr, "x".into(), 3),
                Piece::Tag(TagKind::Comment, "c".into(), 3),
            ]
        );
    }

    #[test]
    fn import_swallows_following_whitespace() {
        let p = pieces("{% import \"macros\" as m %}\n\n  x").unwrap();
        assert_eq!(p.get(1), Some(&Piece::Text("x".into())));
    }

    #[test]
    fn unterminated_tag_is_an_error() {
        assert!(pieces("{{ x").is_err());
        assert!(pieces("{% if \"%}\" %}").is_ok());
    }

    #[test]
    fn tokens_of_a_call() {
        let t = tokens("m::f(ty=\"u8\", val=-25) != [1]", 1).unwrap();
        assert_eq!(
            t,
            vec![
                Tok::Ident("m".into()),
                Tok::Punct("::"),
                Tok::Ident("f".into()),
                Tok::Punct("("),
                Tok::Ident("ty".into()),
                Tok::Punct("="),
                Tok::Str("u8".into()),
                Tok::Punct(","),
                Tok::Ident("val".into()),
                Tok::Punct("="),
                Tok::Int(-25),
                Tok::Punct(")"),
                Tok::Punct("!="),
                Tok::Punct("["),
                Tok::Int(1),
                Tok::Punct("]"),
            ]
        );
    }
}
