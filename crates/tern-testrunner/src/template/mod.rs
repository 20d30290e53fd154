//! Step 0 of a test file: expansion of the Tera template subset the suites use (spec §2).
//!
//! Supported: text, `{{ expr }}`, `{% for x in list %}`, `{% if %}`/`elif`/`else`,
//! `{% set %}`/`set_global`, `{% macro %}` definitions and `ns::name(k=v)` / `self::name()`
//! calls, `{% import "macros" as ns %}` (the harness's built-in macro file), `{# comments #}`,
//! and the `-` whitespace-control markers. Expressions: string/integer/bool literals, arrays,
//! variables, `mangle(repr=...)`, comparisons, `and`/`or`/`not`.
//!
//! Expansion is bounded in nesting, time and memory (the `limits` module): a hostile file ends
//! with a template error naming the limit it hit.

mod lex;
mod limits;
mod parse;

use crate::RunnerError;
use limits::{emit, string_units, Depth, Steps, MAX_VALUE_DEPTH, MAX_VALUE_SIZE};
use parse::{Expr, MacroDef, Node};
use std::collections::HashMap;
use std::fmt;
use std::rc::Rc;

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
    let mut renderer = Renderer {
        line: 1,
        ..Renderer::default()
    };
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
    renderer.render(&nodes, &mut scopes, &mut out, Depth::default())?;
    Ok(out)
}

fn collect_macros(nodes: &[Node]) -> HashMap<String, Rc<MacroDef>> {
    nodes
        .iter()
        .filter_map(|n| match n {
            Node::Macro(name, def) => Some((name.clone(), Rc::new(def.clone()))),
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

    /// The kind of the value, for messages (a value itself may be megabytes long).
    fn kind(&self) -> &'static str {
        match self {
            Value::Str(_) => "a string",
            Value::Int(_) => "an integer",
            Value::Bool(_) => "a boolean",
            Value::Array(_) => "an array",
        }
    }

    /// The size (see [`MAX_VALUE_SIZE`]) and array nesting of the value. Recursive, but every
    /// array is checked against [`MAX_VALUE_DEPTH`] when built, so the recursion is bounded.
    fn measure(&self) -> (usize, usize) {
        match self {
            Value::Str(s) => (string_units(s.len()), 0),
            Value::Int(_) | Value::Bool(_) => (1, 0),
            Value::Array(items) => items.iter().fold((1, 1), |(size, depth), item| {
                let (s, d) = item.measure();
                (size.saturating_add(s), depth.max(d.saturating_add(1)))
            }),
        }
    }

    /// Fails if the value passes [`MAX_VALUE_SIZE`] or [`MAX_VALUE_DEPTH`].
    fn check(&self, line: usize) -> Result<(), TemplateError> {
        let (size, depth) = self.measure();
        if depth > MAX_VALUE_DEPTH {
            return Err(limits::value_too_deep(line));
        }
        if size > MAX_VALUE_SIZE {
            return Err(limits::too_large(line));
        }
        Ok(())
    }
}

type Scopes = Vec<HashMap<String, Value>>;

/// Renders nodes; holds the macro namespaces (`self`, and `macros` once imported).
#[derive(Default)]
struct Renderer {
    /// Macros by template; shared so that a call does not copy the body.
    namespaces: HashMap<String, HashMap<String, Rc<MacroDef>>>,
    /// Import aliases: alias -> template name.
    imports: HashMap<String, String>,
    /// The work done so far.
    steps: Steps,
    /// The line of the last tag rendered, for errors in the text after it.
    line: usize,
}

impl Renderer {
    fn render(
        &mut self,
        nodes: &[Node],
        scopes: &mut Scopes,
        out: &mut String,
        depth: Depth,
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
        depth: Depth,
    ) -> Result<(), TemplateError> {
        // Text carries no line: it reports the line of the tag before it.
        let line = node.line().unwrap_or(self.line);
        self.line = line;
        self.steps.charge(1, line)?;
        match node {
            Node::Text(t) => self.write(out, t, line)?,
            Node::Print(e, line) => {
                let v = self.eval(e, scopes, *line, depth)?;
                self.write(out, &display(v, *line)?, *line)?;
            }
            Node::For(var, list, body, line) => {
                self.render_for(var, list, body, *line, scopes, out, depth)?
            }
            Node::If(branches, else_body, line) => {
                let depth = depth.nested(*line)?;
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

    /// Appends text to a render's output, charging for its length.
    fn write(&mut self, out: &mut String, text: &str, line: usize) -> Result<(), TemplateError> {
        self.steps
            .charge(text.len() / limits::STRING_BYTES_PER_UNIT, line)?;
        emit(out, text, line)
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
        depth: Depth,
    ) -> Result<(), TemplateError> {
        let depth = depth.nested(line)?;
        let items = match self.eval(list, scopes, line, depth)? {
            Value::Array(items) => items,
            other => {
                return Err(TemplateError::new(
                    line,
                    format!("cannot iterate over {}", other.kind()),
                ))
            }
        };
        let count = items.len();
        for (i, item) in items.into_iter().enumerate() {
            // One step per loop variable set below.
            self.steps.charge(5, line)?;
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
        depth: Depth,
    ) -> Result<Value, TemplateError> {
        let depth = depth.nested(line)?;
        self.steps.charge(1, line)?;
        Ok(match e {
            Expr::Str(s) => {
                self.steps.charge(string_units(s.len()), line)?;
                Value::Str(s.clone())
            }
            Expr::Int(i) => Value::Int(*i),
            Expr::Bool(b) => Value::Bool(*b),
            Expr::Array(items) => {
                let v = Value::Array(
                    items
                        .iter()
                        .map(|i| self.eval(i, scopes, line, depth))
                        .collect::<Result<_, _>>()?,
                );
                v.check(line)?;
                v
            }
            Expr::Var(name) => self.lookup(scopes, name, line)?,
            Expr::Call(ns, name, args) => {
                let v = self.call(ns.as_deref(), name, args, scopes, line, depth)?;
                v.check(line)?;
                v
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
        depth: Depth,
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
        depth: Depth,
    ) -> Result<Value, TemplateError> {
        // Entered before the defaults are evaluated: a default may call a macro too.
        let depth = depth.call(line)?;
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
        self.render(&def.body, &mut vec![scope], &mut out, depth)?;
        Ok(Value::Str(out))
    }

    /// A copy of variable `name`, charged by its size.
    fn lookup(&mut self, scopes: &Scopes, name: &str, line: usize) -> Result<Value, TemplateError> {
        let v = scopes
            .iter()
            .rev()
            .find_map(|s| s.get(name))
            .ok_or_else(|| TemplateError::new(line, format!("undefined variable `{name}`")))?;
        self.steps.charge(v.measure().0, line)?;
        Ok(v.clone())
    }
}

fn display(v: Value, line: usize) -> Result<String, TemplateError> {
    match v {
        Value::Str(s) => Ok(s),
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
