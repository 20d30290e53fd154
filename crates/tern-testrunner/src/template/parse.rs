//! Parsing template pieces into a tree of nodes, and tag contents into expressions.

use super::lex::{tokens, Piece, TagKind, Tok};
use super::limits::{too_deep, MAX_NESTING_DEPTH};
use super::TemplateError;

/// A template expression.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Expr {
    /// A string literal.
    Str(String),
    /// An integer literal.
    Int(i64),
    /// `true` / `false`.
    Bool(bool),
    /// `[a, b]`.
    Array(Vec<Expr>),
    /// A variable (possibly dotted, `loop.index`).
    Var(String),
    /// A call: optional namespace (`self`, an import name), name, keyword arguments.
    Call(Option<String>, String, Vec<(String, Expr)>),
    /// A comparison: left, operator, right.
    Cmp(Box<Expr>, &'static str, Box<Expr>),
    /// `not e`.
    Not(Box<Expr>),
    /// `a and b`.
    And(Box<Expr>, Box<Expr>),
    /// `a or b`.
    Or(Box<Expr>, Box<Expr>),
}

/// A macro definition: parameters (with optional defaults) and body.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct MacroDef {
    /// Parameter names with default values.
    pub(super) params: Vec<(String, Option<Expr>)>,
    /// The body.
    pub(super) body: Vec<Node>,
}

/// A node of the template tree.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Node {
    /// Literal text.
    Text(String),
    /// `{{ expr }}`.
    Print(Expr, usize),
    /// `{% for var in expr %}body{% endfor %}`.
    For(String, Expr, Vec<Node>, usize),
    /// `{% if %}` with its `(condition, body)` branches and the `else` body.
    If(Vec<(Expr, Vec<Node>)>, Vec<Node>, usize),
    /// `{% set name = expr %}`; the flag is `set_global`.
    Set(String, Expr, bool, usize),
    /// `{% macro name(params) %}body{% endmacro %}`.
    Macro(String, MacroDef),
    /// `{% import "name" as ns %}`.
    Import(String, String, usize),
}

impl Node {
    /// The line of the node's tag (text and macro definitions have none).
    pub(super) fn line(&self) -> Option<usize> {
        match self {
            Node::Print(_, line)
            | Node::For(_, _, _, line)
            | Node::If(_, _, line)
            | Node::Set(_, _, _, line)
            | Node::Import(_, _, line) => Some(*line),
            Node::Text(_) | Node::Macro(..) => None,
        }
    }
}

/// What closed a block.
enum End {
    Eof,
    Tag(String, Vec<Tok>, usize),
}

/// Parses pieces into nodes.
pub(super) fn parse(pieces: Vec<Piece>) -> Result<Vec<Node>, TemplateError> {
    let mut iter = pieces.into_iter();
    let (nodes, end) = block(&mut iter, 0)?;
    match end {
        End::Eof => Ok(nodes),
        End::Tag(word, _, line) => Err(TemplateError::new(line, format!("unexpected `{word}`"))),
    }
}

/// Parses nodes until EOF or an `end*`/`else`/`elif` tag, which is returned; `depth` counts the
/// blocks around this one.
fn block(
    iter: &mut std::vec::IntoIter<Piece>,
    depth: usize,
) -> Result<(Vec<Node>, End), TemplateError> {
    let mut nodes = Vec::new();
    while let Some(piece) = iter.next() {
        match piece {
            Piece::Text(t) => nodes.push(Node::Text(t)),
            Piece::Tag(TagKind::Comment, _, _) => {}
            Piece::Tag(TagKind::Expr, text, line) => {
                let mut p = ExprParser::new(tokens(&text, line)?, line);
                let e = p.expr()?;
                p.finish()?;
                nodes.push(Node::Print(e, line));
            }
            Piece::Tag(TagKind::Stmt, text, line) => {
                let mut toks = tokens(&text, line)?;
                let word = match toks.first() {
                    Some(Tok::Ident(w)) => w.clone(),
                    _ => return Err(TemplateError::new(line, "expected a statement")),
                };
                toks.remove(0);
                if word.starts_with("end") || word == "else" || word == "elif" {
                    return Ok((nodes, End::Tag(word, toks, line)));
                }
                nodes.push(statement(&word, toks, line, iter, depth)?);
            }
        }
    }
    Ok((nodes, End::Eof))
}

fn statement(
    word: &str,
    toks: Vec<Tok>,
    line: usize,
    iter: &mut std::vec::IntoIter<Piece>,
    depth: usize,
) -> Result<Node, TemplateError> {
    let mut p = ExprParser::new(toks, line);
    // The depth of a body opened by this statement (checked only where one is opened).
    let inner = || {
        if depth >= MAX_NESTING_DEPTH {
            Err(too_deep(line, "blocks"))
        } else {
            Ok(depth + 1)
        }
    };
    match word {
        "for" => {
            let var = p.ident()?;
            p.keyword("in")?;
            let list = p.expr()?;
            p.finish()?;
            let body = expect_end(iter, "endfor", line, inner()?)?;
            Ok(Node::For(var, list, body, line))
        }
        "if" => if_statement(p, iter, line, inner()?),
        "set" | "set_global" => {
            let name = p.ident()?;
            p.punct("=")?;
            let value = p.expr()?;
            p.finish()?;
            Ok(Node::Set(name, value, word == "set_global", line))
        }
        "macro" => {
            let name = p.ident()?;
            let params = p.params()?;
            p.finish()?;
            let body = expect_end(iter, "endmacro", line, inner()?)?;
            Ok(Node::Macro(name, MacroDef { params, body }))
        }
        "import" => {
            let path = match p.next() {
                Some(Tok::Str(s)) => s,
                _ => return Err(TemplateError::new(line, "expected a template name")),
            };
            p.keyword("as")?;
            let ns = p.ident()?;
            p.finish()?;
            Ok(Node::Import(path, ns, line))
        }
        other => Err(TemplateError::new(
            line,
            format!("unsupported statement `{other}`"),
        )),
    }
}

/// Parses an `if` whose bodies sit at `depth`.
fn if_statement(
    mut p: ExprParser,
    iter: &mut std::vec::IntoIter<Piece>,
    line: usize,
    depth: usize,
) -> Result<Node, TemplateError> {
    let mut branches = Vec::new();
    let mut cond = p.expr()?;
    p.finish()?;
    loop {
        let (body, end) = block(iter, depth)?;
        branches.push((cond, body));
        match end {
            End::Tag(w, _, _) if w == "endif" => return Ok(Node::If(branches, Vec::new(), line)),
            End::Tag(w, toks, l) if w == "elif" => {
                let mut p = ExprParser::new(toks, l);
                cond = p.expr()?;
                p.finish()?;
            }
            End::Tag(w, _, _) if w == "else" => {
                let else_body = expect_end(iter, "endif", line, depth)?;
                return Ok(Node::If(branches, else_body, line));
            }
            _ => return Err(TemplateError::new(line, "`if` without `endif`")),
        }
    }
}

/// Parses a body at `depth` that must close with `end`.
fn expect_end(
    iter: &mut std::vec::IntoIter<Piece>,
    end: &str,
    line: usize,
    depth: usize,
) -> Result<Vec<Node>, TemplateError> {
    match block(iter, depth)? {
        (body, End::Tag(w, _, _)) if w == end => Ok(body),
        (_, End::Tag(w, _, l)) => Err(TemplateError::new(l, format!("unexpected `{w}`"))),
        (_, End::Eof) => Err(TemplateError::new(line, format!("missing `{end}`"))),
    }
}

/// A recursive-descent parser over the tokens of one tag.
struct ExprParser {
    toks: std::iter::Peekable<std::vec::IntoIter<Tok>>,
    line: usize,
    /// Current nesting, bounded by [`MAX_NESTING_DEPTH`]: every recursion of the descent and
    /// every node that gets a child passes through [`ExprParser::enter`].
    depth: usize,
}

impl ExprParser {
    fn new(toks: Vec<Tok>, line: usize) -> ExprParser {
        ExprParser {
            toks: toks.into_iter().peekable(),
            line,
            depth: 0,
        }
    }

    /// Goes one level deeper; the caller sets `depth` back when the level is done (on errors
    /// the whole parse is abandoned, so no restore is needed).
    fn enter(&mut self) -> Result<(), TemplateError> {
        if self.depth >= MAX_NESTING_DEPTH {
            return Err(too_deep(self.line, "expression"));
        }
        self.depth += 1;
        Ok(())
    }

    fn err(&self, msg: impl Into<String>) -> TemplateError {
        TemplateError::new(self.line, msg)
    }

    fn next(&mut self) -> Option<Tok> {
        self.toks.next()
    }

    fn eat_punct(&mut self, p: &str) -> bool {
        if matches!(self.toks.peek(), Some(Tok::Punct(q)) if *q == p) {
            self.toks.next();
            return true;
        }
        false
    }

    fn eat_keyword(&mut self, k: &str) -> bool {
        if matches!(self.toks.peek(), Some(Tok::Ident(w)) if w == k) {
            self.toks.next();
            return true;
        }
        false
    }

    fn punct(&mut self, p: &str) -> Result<(), TemplateError> {
        if self.eat_punct(p) {
            Ok(())
        } else {
            Err(self.err(format!("expected `{p}`")))
        }
    }

    fn keyword(&mut self, k: &str) -> Result<(), TemplateError> {
        if self.eat_keyword(k) {
            Ok(())
        } else {
            Err(self.err(format!("expected `{k}`")))
        }
    }

    fn ident(&mut self) -> Result<String, TemplateError> {
        match self.next() {
            Some(Tok::Ident(w)) => Ok(w),
            _ => Err(self.err("expected a name")),
        }
    }

    fn finish(&mut self) -> Result<(), TemplateError> {
        match self.toks.peek().cloned() {
            None => Ok(()),
            Some(t) => Err(self.err(format!("unexpected token {t:?}"))),
        }
    }

    fn params(&mut self) -> Result<Vec<(String, Option<Expr>)>, TemplateError> {
        self.punct("(")?;
        let mut params = Vec::new();
        while !self.eat_punct(")") {
            let name = self.ident()?;
            let default = if self.eat_punct("=") {
                Some(self.primary()?)
            } else {
                None
            };
            params.push((name, default));
            if !self.eat_punct(",") {
                self.punct(")")?;
                break;
            }
        }
        Ok(params)
    }

    fn expr(&mut self) -> Result<Expr, TemplateError> {
        let outer = self.depth;
        self.enter()?;
        let mut left = self.and_expr()?;
        // Each `or` deepens the left-leaning tree by one, so it counts as a level.
        while self.eat_keyword("or") {
            self.enter()?;
            left = Expr::Or(Box::new(left), Box::new(self.and_expr()?));
        }
        self.depth = outer;
        Ok(left)
    }

    fn and_expr(&mut self) -> Result<Expr, TemplateError> {
        let outer = self.depth;
        let mut left = self.not_expr()?;
        while self.eat_keyword("and") {
            self.enter()?;
            left = Expr::And(Box::new(left), Box::new(self.not_expr()?));
        }
        self.depth = outer;
        Ok(left)
    }

    fn not_expr(&mut self) -> Result<Expr, TemplateError> {
        let outer = self.depth;
        let mut nots = 0usize;
        while self.eat_keyword("not") {
            self.enter()?;
            nots += 1;
        }
        let mut e = self.comparison()?;
        for _ in 0..nots {
            e = Expr::Not(Box::new(e));
        }
        self.depth = outer;
        Ok(e)
    }

    fn comparison(&mut self) -> Result<Expr, TemplateError> {
        let left = self.primary()?;
        for op in ["==", "!=", "<=", ">=", "<", ">"] {
            if self.eat_punct(op) {
                let outer = self.depth;
                self.enter()?;
                let right = self.primary()?;
                self.depth = outer;
                return Ok(Expr::Cmp(Box::new(left), op, Box::new(right)));
            }
        }
        Ok(left)
    }

    fn primary(&mut self) -> Result<Expr, TemplateError> {
        match self.next() {
            Some(Tok::Str(s)) => Ok(Expr::Str(s)),
            Some(Tok::Int(i)) => Ok(Expr::Int(i)),
            Some(Tok::Ident(w)) if w == "true" || w == "false" => Ok(Expr::Bool(w == "true")),
            Some(Tok::Ident(w)) => self.name_or_call(w),
            Some(Tok::Punct("[")) => {
                let mut items = Vec::new();
                while !self.eat_punct("]") {
                    items.push(self.expr()?);
                    if !self.eat_punct(",") {
                        self.punct("]")?;
                        break;
                    }
                }
                Ok(Expr::Array(items))
            }
            Some(Tok::Punct("(")) => {
                let e = self.expr()?;
                self.punct(")")?;
                Ok(e)
            }
            other => Err(self.err(format!("expected an expression, found {other:?}"))),
        }
    }

    fn name_or_call(&mut self, first: String) -> Result<Expr, TemplateError> {
        let (ns, name) = if self.eat_punct("::") {
            (Some(first), self.ident()?)
        } else {
            (None, first)
        };
        if !self.eat_punct("(") {
            if ns.is_some() {
                return Err(self.err("expected `(` after a macro name"));
            }
            return Ok(Expr::Var(name));
        }
        let mut args = Vec::new();
        while !self.eat_punct(")") {
            let key = self.ident()?;
            self.punct("=")?;
            args.push((key, self.expr()?));
            if !self.eat_punct(",") {
                self.punct(")")?;
                break;
            }
        }
        Ok(Expr::Call(ns, name, args))
    }
}
