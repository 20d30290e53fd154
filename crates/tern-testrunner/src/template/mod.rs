//! Step 0 of a test file: expansion of the Tera template subset the suites use (spec §2).
//!
//! Supported: text, `{{ expr }}`, `{% for x in list %}`, `{% if %}`/`elif`/`else`,
//! `{% set %}`/`set_global`, `{% macro %}` definitions and `ns::name(k=v)` / `self::name()`
//! calls, `{% import "macros" as ns %}` (the harness's built-in macro file), `{# comments #}`,
//! and the `-` whitespace-control markers. Expressions: string/integer/bool literals, arrays,
//! variables, `mangle(repr=...)`, comparisons, `and`/`or`/`not`.

mod lex;
mod parse;

use crate::RunnerError;
use parse::{Expr, MacroDef, Node};
use std::collections::HashMap;
use std::fmt;

/// A template failure at a line of the template.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct TemplateError {
    line: usize,
    message: String,
}

impl TemplateError {
    fn new(line: usize, message: impl Into<String>) -> TemplateError {
        TemplateError {
            line,
            message: message.into(),
        }
    }
}

impl fmt::Display for TemplateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl From<TemplateError> for RunnerError {
    fn from(e: TemplateError) -> RunnerError {
        RunnerError::Template(e.to_string())
    }
}

/// The harness's built-in template `macros`.
const MACROS_TEMPLATE: &str = "{% macro expect_num(ty, val) -%}
ld_{{ty}} {{val}}
    eq
    br_true r
    ld_u64 255
    abort
  r:
{%- endmacro expect_num %}";

/// Maximum nesting of macro calls (guards against runaway recursion).
const MAX_CALL_DEPTH: usize = 64;

/// True when the file is a template: some line starts (after whitespace) with `{%` or `{#`.
pub fn is_template(text: &str) -> bool {
    text.split('\n').any(|line| {
        let t = line.trim_start();
        t.starts_with("{%") || t.starts_with("{#")
    })
}

/// Expands `text` if it is a template ([`is_template`]); otherwise returns it unchanged.
pub fn expand_if_template(text: &str) -> Result<String, RunnerError> {
    if is_template(text) {
        expand_template(text)
    } else {
        Ok(text.to_string())
    }
}

/// Renders `text` with the Tera subset and the harness's context (`integer_types`, `mangle`,
/// the `macros` template).
pub fn expand_template(text: &str) -> Result<String, RunnerError> {
    let nodes = parse::parse(lex::pieces(text)?)?;
    let macro_nodes = parse::parse(lex::pieces(MACROS_TEMPLATE)?)?;
    let mut renderer = Renderer::default();
    renderer
        .namespaces
        .insert("macros".into(), collect_macros(&macro_nodes));
    renderer
        .namespaces
        .insert("self".into(), collect_macros(&nodes));
    let mut globals = HashMap::new();
    let ints = ["u8", "u16", "u32", "u64", "u128", "u256"];
    globals.insert(
        "integer_types".to_string(),
        Value::Array(ints.iter().map(|s| Value::Str(s.to_string())).collect()),
    );
    let mut scopes = vec![globals];
    let mut out = String::new();
    renderer.render(&nodes, &mut scopes, &mut out, 0)?;
    Ok(out)
}

fn collect_macros(nodes: &[Node]) -> HashMap<String, MacroDef> {
    nodes
        .iter()
        .filter_map(|n| match n {
            Node::Macro(name, def) => Some((name.clone(), def.clone())),
            _ => None,
        })
        .collect()
}

/// A template value.
#[derive(Debug, Clone, PartialEq)]
enum Value {
    Str(String),
    Int(i64),
    Bool(bool),
    Array(Vec<Value>),
}

impl Value {
    fn truthy(&self) -> bool {
        match self {
            Value::Str(s) => !s.is_empty(),
            Value::Int(i) => *i != 0,
            Value::Bool(b) => *b,
            Value::Array(a) => !a.is_empty(),
        }
    }
}

type Scopes = Vec<HashMap<String, Value>>;

/// Renders nodes; holds the macro namespaces (`self`, and `macros` once imported).
#[derive(Default)]
struct Renderer {
    namespaces: HashMap<String, HashMap<String, MacroDef>>,
    /// Import aliases: alias -> template name.
    imports: HashMap<String, String>,
}

impl Renderer {
    fn render(
        &mut self,
        nodes: &[Node],
        scopes: &mut Scopes,
        out: &mut String,
        depth: usize,
    ) -> Result<(), TemplateError> {
        for node in nodes {
            self.render_node(node, scopes, out, depth)?;
        }
        Ok(())
    }

    fn render_node(
        &mut self,
        node: &Node,
        scopes: &mut Scopes,
        out: &mut String,
        depth: usize,
    ) -> Result<(), TemplateError> {
        match node {
            Node::Text(t) => out.push_str(t),
            Node::Print(e, line) => {
                let v = self.eval(e, scopes, *line, depth)?;
                out.push_str(&display(&v, *line)?);
            }
            Node::For(var, list, body, line) => {
                self.render_for(var, list, body, *line, scopes, out, depth)?
            }
            Node::If(branches, else_body, line) => {
                for (cond, body) in branches {
                    if self.eval(cond, scopes, *line, depth)?.truthy() {
                        return self.render(body, scopes, out, depth);
                    }
                }
                self.render(else_body, scopes, out, depth)?;
            }
            Node::Set(name, e, global, line) => {
                let v = self.eval(e, scopes, *line, depth)?;
                let scope = if *global {
                    scopes.first_mut()
                } else {
                    scopes.last_mut()
                };
                if let Some(scope) = scope {
                    scope.insert(name.clone(), v);
                }
            }
            Node::Macro(..) => {}
            Node::Import(path, ns, line) => {
                if !self.namespaces.contains_key(path) {
                    return Err(TemplateError::new(
                        *line,
                        format!("unknown template `{path}`"),
                    ));
                }
                self.imports.insert(ns.clone(), path.clone());
            }
        }
        Ok(())
    }

    #[allow(clippy::too_many_arguments)]
    fn render_for(
        &mut self,
        var: &str,
        list: &Expr,
        body: &[Node],
        line: usize,
        scopes: &mut Scopes,
        out: &mut String,
        depth: usize,
    ) -> Result<(), TemplateError> {
        let items = match self.eval(list, scopes, line, depth)? {
            Value::Array(items) => items,
            other => {
                return Err(TemplateError::new(
                    line,
                    format!("cannot iterate over {other:?}"),
                ))
            }
        };
        let count = items.len();
        for (i, item) in items.into_iter().enumerate() {
            let mut scope = HashMap::new();
            scope.insert(var.to_string(), item);
            let index = i64::try_from(i).unwrap_or(i64::MAX);
            scope.insert("loop.index".into(), Value::Int(index.saturating_add(1)));
            scope.insert("loop.index0".into(), Value::Int(index));
            scope.insert("loop.first".into(), Value::Bool(i == 0));
            scope.insert("loop.last".into(), Value::Bool(i + 1 == count));
            scopes.push(scope);
            let result = self.render(body, scopes, out, depth);
            scopes.pop();
            result?;
        }
        Ok(())
    }

    fn eval(
        &mut self,
        e: &Expr,
        scopes: &mut Scopes,
        line: usize,
        depth: usize,
    ) -> Result<Value, TemplateError> {
        Ok(match e {
            Expr::Str(s) => Value::Str(s.clone()),
            Expr::Int(i) => Value::Int(*i),
            Expr::Bool(b) => Value::Bool(*b),
            Expr::Array(items) => Value::Array(
                items
                    .iter()
                    .map(|i| self.eval(i, scopes, line, depth))
                    .collect::<Result<_, _>>()?,
            ),
            Expr::Var(name) => lookup(scopes, name)
                .ok_or_else(|| TemplateError::new(line, format!("undefined variable `{name}`")))?,
            Expr::Call(ns, name, args) => {
                self.call(ns.as_deref(), name, args, scopes, line, depth)?
            }
            Expr::Cmp(l, op, r) => {
                let l = self.eval(l, scopes, line, depth)?;
                let r = self.eval(r, scopes, line, depth)?;
                Value::Bool(compare(&l, op, &r, line)?)
            }
            Expr::Not(e) => Value::Bool(!self.eval(e, scopes, line, depth)?.truthy()),
            Expr::And(l, r) => Value::Bool(
                self.eval(l, scopes, line, depth)?.truthy()
                    && self.eval(r, scopes, line, depth)?.truthy(),
            ),
            Expr::Or(l, r) => Value::Bool(
                self.eval(l, scopes, line, depth)?.truthy()
                    || self.eval(r, scopes, line, depth)?.truthy(),
            ),
        })
    }

    fn call(
        &mut self,
        ns: Option<&str>,
        name: &str,
        args: &[(String, Expr)],
        scopes: &mut Scopes,
        line: usize,
        depth: usize,
    ) -> Result<Value, TemplateError> {
        let mut values = HashMap::new();
        for (k, e) in args {
            values.insert(k.clone(), self.eval(e, scopes, line, depth)?);
        }
        let Some(ns) = ns else {
            return call_function(name, &values, line);
        };
        let template = if ns == "self" {
            "self".to_string()
        } else {
            self.imports
                .get(ns)
                .cloned()
                .ok_or_else(|| TemplateError::new(line, format!("unknown namespace `{ns}`")))?
        };
        let def = self
            .namespaces
            .get(&template)
            .and_then(|m| m.get(name))
            .cloned()
            .ok_or_else(|| TemplateError::new(line, format!("unknown macro `{ns}::{name}`")))?;
        self.call_macro(&def, values, line, depth)
    }

    fn call_macro(
        &mut self,
        def: &MacroDef,
        mut values: HashMap<String, Value>,
        line: usize,
        depth: usize,
    ) -> Result<Value, TemplateError> {
        if depth >= MAX_CALL_DEPTH {
            return Err(TemplateError::new(line, "macro calls nested too deeply"));
        }
        let mut scope = HashMap::new();
        for (param, default) in &def.params {
            let v = match (values.remove(param), default) {
                (Some(v), _) => v,
                (None, Some(d)) => self.eval(d, &mut vec![HashMap::new()], line, depth)?,
                (None, None) => {
                    return Err(TemplateError::new(
                        line,
                        format!("missing macro argument `{param}`"),
                    ))
                }
            };
            scope.insert(param.clone(), v);
        }
        let mut out = String::new();
        self.render(&def.body, &mut vec![scope], &mut out, depth + 1)?;
        Ok(Value::Str(out))
    }
}

fn lookup(scopes: &Scopes, name: &str) -> Option<Value> {
    scopes.iter().rev().find_map(|s| s.get(name)).cloned()
}

fn display(v: &Value, line: usize) -> Result<String, TemplateError> {
    match v {
        Value::Str(s) => Ok(s.clone()),
        Value::Int(i) => Ok(i.to_string()),
        Value::Bool(b) => Ok(b.to_string()),
        Value::Array(_) => Err(TemplateError::new(line, "cannot print an array")),
    }
}

fn compare(l: &Value, op: &str, r: &Value, line: usize) -> Result<bool, TemplateError> {
    let ord = match (l, r) {
        (Value::Int(a), Value::Int(b)) => a.cmp(b),
        (Value::Str(a), Value::Str(b)) => a.cmp(b),
        _ if op == "==" => return Ok(l == r),
        _ if op == "!=" => return Ok(l != r),
        _ => return Err(TemplateError::new(line, "cannot order these values")),
    };
    Ok(match op {
        "==" => ord.is_eq(),
        "!=" => ord.is_ne(),
        "<" => ord.is_lt(),
        ">" => ord.is_gt(),
        "<=" => ord.is_le(),
        _ => ord.is_ge(),
    })
}

/// The harness's template functions: `mangle(repr=...)`.
fn call_function(
    name: &str,
    args: &HashMap<String, Value>,
    line: usize,
) -> Result<Value, TemplateError> {
    match (name, args.get("repr")) {
        ("mangle", Some(Value::Str(s))) => Ok(Value::Str(mangle(s))),
        ("mangle", _) => Err(TemplateError::new(line, "mangle needs a string `repr`")),
        _ => Err(TemplateError::new(
            line,
            format!("unknown function `{name}`"),
        )),
    }
}

/// The harness's `mangle`: `|` → `_F_`, `<`/`>` → `$`, `&` → `R_`, `+` → `_A_`, `:`/space → `_`.
pub fn mangle(repr: &str) -> String {
    let mut out = String::with_capacity(repr.len());
    for c in repr.chars() {
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

#[cfg(test)]
mod tests;
