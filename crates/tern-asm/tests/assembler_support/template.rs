//! A small subset of the Tera template language, enough for the simple templated test files
//! (transactional-tests.md §2): `{{ var }}`, `{% for x in LIST %}`, `{% if a != b %}` /
//! `==`, `{% set x = ... %}`, `mangle(repr=...)`, comments, and the `-` whitespace controls.
//! Macros and imports are not supported (such files are skipped by the callers).

use std::collections::HashMap;

/// Whether the text is a template: some line starts with `{%` or `{#` after blanks.
pub(crate) fn is_template(text: &str) -> bool {
    text.lines().any(|l| {
        let t = l.trim_start();
        t.starts_with("{%") || t.starts_with("{#")
    })
}

#[derive(Debug, Clone)]
enum Value {
    Str(String),
    List(Vec<String>),
}

#[derive(Debug)]
enum Piece {
    Text(String),
    Expr(String),
    Tag(String),
}

/// Splits into text and tags, applying the whitespace controls.
fn lex(src: &str) -> Result<Vec<Piece>, String> {
    let mut pieces = vec![];
    let mut rest = src;
    let mut trim_next = false;
    while let Some(pos) = rest.find('{') {
        let (before, at) = rest.split_at(pos);
        let close = match at.get(..2) {
            Some("{{") => "}}",
            Some("{%") => "%}",
            Some("{#") => "#}",
            _ => {
                push_text(&mut pieces, before, trim_next, false);
                pieces.push(Piece::Text("{".into()));
                trim_next = false;
                rest = &at[1..];
                continue;
            }
        };
        let end = at.find(close).ok_or("unclosed tag")?;
        let mut inner = &at[2..end];
        let trim_before = inner.starts_with('-');
        let trim_after = inner.ends_with('-');
        inner = inner.trim_start_matches('-').trim_end_matches('-').trim();
        push_text(&mut pieces, before, trim_next, trim_before);
        trim_next = trim_after;
        match close {
            "}}" => pieces.push(Piece::Expr(inner.to_string())),
            "%}" => {
                if inner.starts_with("import") {
                    trim_next = true;
                }
                pieces.push(Piece::Tag(inner.to_string()));
            }
            _ => {}
        }
        rest = &at[end + 2..];
    }
    push_text(&mut pieces, rest, trim_next, false);
    Ok(pieces)
}

fn push_text(pieces: &mut Vec<Piece>, text: &str, trim_start: bool, trim_end: bool) {
    let mut t = text;
    if trim_start {
        t = t.trim_start();
    }
    if trim_end {
        t = t.trim_end();
    }
    if !t.is_empty() {
        pieces.push(Piece::Text(t.to_string()));
    }
}

/// Renders a template.
pub(crate) fn render(src: &str) -> Result<String, String> {
    let pieces = lex(src)?;
    let mut scope: HashMap<String, Value> = HashMap::new();
    let ints = ["u8", "u16", "u32", "u64", "u128", "u256"];
    scope.insert(
        "integer_types".into(),
        Value::List(ints.iter().map(|s| s.to_string()).collect()),
    );
    let mut out = String::new();
    let end = run(&pieces, 0, &mut scope, &mut out, true)?;
    if end != pieces.len() {
        return Err("unbalanced block".into());
    }
    Ok(out)
}

/// Renders pieces from `i` until an `end*`/`else` tag at this level; returns its index.
fn run(
    pieces: &[Piece],
    mut i: usize,
    scope: &mut HashMap<String, Value>,
    out: &mut String,
    emit: bool,
) -> Result<usize, String> {
    while i < pieces.len() {
        match &pieces[i] {
            Piece::Text(t) => {
                if emit {
                    out.push_str(t)
                }
            }
            Piece::Expr(e) => {
                if emit {
                    out.push_str(&as_str(&eval(e, scope)?)?)
                }
            }
            Piece::Tag(t) if t.starts_with("end") => return Ok(i),
            Piece::Tag(t) => i = tag(pieces, i, t, scope, out, emit)?,
        }
        i += 1;
    }
    Ok(i)
}

fn tag(
    pieces: &[Piece],
    i: usize,
    t: &str,
    scope: &mut HashMap<String, Value>,
    out: &mut String,
    emit: bool,
) -> Result<usize, String> {
    let words: Vec<&str> = t.split_whitespace().collect();
    match words.first().copied() {
        Some("for") => {
            let var = words.get(1).ok_or("bad for")?.to_string();
            let list_src = t.split_once(" in ").ok_or("bad for")?.1.trim();
            let mut end = run(pieces, i + 1, &mut scope.clone(), &mut String::new(), false)?;
            if !emit {
                return Ok(end);
            }
            let items = match eval(list_src, scope)? {
                Value::List(l) => l,
                Value::Str(s) => vec![s],
            };
            for item in items {
                scope.insert(var.clone(), Value::Str(item));
                end = run(pieces, i + 1, scope, out, true)?;
            }
            Ok(end)
        }
        Some("if") => {
            if !emit {
                return run(pieces, i + 1, scope, out, false);
            }
            let cond = t.strip_prefix("if").ok_or("bad if")?.trim();
            let (a, b, negate) = match (cond.split_once("!="), cond.split_once("==")) {
                (Some((a, b)), _) => (a, b, true),
                (None, Some((a, b))) => (a, b, false),
                _ => return Err(format!("unsupported condition `{cond}`")),
            };
            let equal = as_str(&eval(a.trim(), scope)?)? == as_str(&eval(b.trim(), scope)?)?;
            run(pieces, i + 1, scope, out, equal != negate)
        }
        Some("set") => {
            let (name, expr) = t
                .strip_prefix("set")
                .and_then(|r| r.split_once('='))
                .ok_or("bad set")?;
            if emit {
                let v = eval(expr.trim(), scope)?;
                scope.insert(name.trim().to_string(), v);
            }
            Ok(i)
        }
        _ => Err(format!("unsupported tag `{t}`")),
    }
}

fn as_str(v: &Value) -> Result<String, String> {
    match v {
        Value::Str(s) => Ok(s.clone()),
        Value::List(_) => Err("list used as a string".into()),
    }
}

fn eval(e: &str, scope: &HashMap<String, Value>) -> Result<Value, String> {
    let e = e.trim();
    if let Some(inner) = e.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
        let items = inner
            .split(',')
            .map(|s| eval(s, scope).and_then(|v| as_str(&v)))
            .collect::<Result<Vec<_>, _>>()?;
        return Ok(Value::List(items));
    }
    if let Some(s) = e.strip_prefix('"').and_then(|r| r.strip_suffix('"')) {
        return Ok(Value::Str(s.to_string()));
    }
    if e.chars().all(|c| c.is_ascii_digit()) && !e.is_empty() {
        return Ok(Value::Str(e.to_string()));
    }
    if let Some(arg) = e
        .strip_prefix("mangle(repr=")
        .and_then(|r| r.strip_suffix(')'))
    {
        let s = as_str(&eval(arg, scope)?)?;
        return Ok(Value::Str(mangle(&s)));
    }
    scope
        .get(e)
        .cloned()
        .ok_or_else(|| format!("unsupported expression `{e}`"))
}

fn mangle(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        match c {
            '|' => out.push_str("_F_"),
            '<' | '>' => out.push('$'),
            '&' => out.push_str("R_"),
            '+' => out.push_str("_A_"),
            ':' | ' ' => out.push('_'),
            other => out.push(other),
        }
    }
    out
}
