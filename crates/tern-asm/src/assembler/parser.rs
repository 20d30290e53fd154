//! The parser: tokens to a [`Unit`]. Parse errors stop at the first one, located at the
//! offending token, with the peer's wording (``expected `X`, found `Y` `` and friends).
//!
//! This file holds the token cursor and the expression-level rules (types, values, names,
//! instruction arguments); `items` holds the declarations (unit, structs, functions).

mod items;

use super::ast::{Arg, Instr, QName, Type, Unit};
use super::errors::{Diag, Span};
use super::lexer::{scan, Tok};
use super::literals::AsmValue;
use tern_primitives::{Ability, AbilitySet, AccountAddress};

/// Deepest nesting of types and values accepted (keeps recursion bounded on hostile input).
const MAX_NESTING: usize = 512;

/// Parses a whole unit.
pub(crate) fn parse(source: &str) -> Result<Unit, Diag> {
    let tokens = scan(source)?;
    let mut parser = Parser {
        tokens,
        idx: 0,
        previous: Span::ZERO,
        depth: 0,
        script: false,
    };
    parser.unit()
}

type PResult<T> = Result<T, Diag>;

pub(crate) struct Parser<'s> {
    tokens: Vec<(Span, Tok<'s>)>,
    idx: usize,
    /// Span of the last consumed token.
    previous: Span,
    /// Current nesting depth of types/values.
    depth: usize,
    /// Whether the unit is a script (whose missing body is the script conversion's error).
    script: bool,
}

const END: (Span, Tok<'static>) = (Span::ZERO, Tok::End);

impl<'s> Parser<'s> {
    // ---------------------------------------------------------------------------------------
    // Cursor

    fn peek_at(&self, ahead: usize) -> &Tok<'s> {
        match self.tokens.get(self.idx.saturating_add(ahead)) {
            Some((_, tok)) => tok,
            None => &END.1,
        }
    }

    fn next(&self) -> &Tok<'s> {
        self.peek_at(0)
    }

    fn next_loc(&self) -> Span {
        match self.tokens.get(self.idx).or(self.tokens.last()) {
            Some((span, _)) => *span,
            None => Span::ZERO,
        }
    }

    fn advance(&mut self) {
        if *self.next() != Tok::End {
            self.previous = self.next_loc();
            self.idx = self.idx.saturating_add(1);
        }
    }

    fn is_special(&self, sp: &str) -> bool {
        matches!(self.next(), Tok::Special(s) if *s == sp)
    }

    fn lookahead_special(&self, ahead: usize, sp: &str) -> bool {
        matches!(self.peek_at(ahead), Tok::Special(s) if *s == sp)
    }

    fn is_kw(&self, kw: &str) -> bool {
        matches!(self.next(), Tok::Ident(s) if *s == kw)
    }

    /// Whether the token after the next one is keyword `kw`.
    fn peek_is_kw(&self, kw: &str) -> bool {
        matches!(self.peek_at(1), Tok::Ident(s) if *s == kw)
    }

    fn is_ident(&self) -> bool {
        matches!(self.next(), Tok::Ident(_))
    }

    fn is_number(&self) -> bool {
        matches!(self.next(), Tok::Number(_))
    }

    fn error<T>(&self, message: impl Into<String>) -> PResult<T> {
        Err(Diag::new(self.next_loc(), message))
    }

    fn expected<T>(&self, what: &str) -> PResult<T> {
        self.error(format!("expected `{what}`, found `{}`", self.next()))
    }

    fn expect_special(&mut self, sp: &str) -> PResult<()> {
        if self.is_special(sp) {
            self.advance();
            Ok(())
        } else {
            self.expected(sp)
        }
    }

    fn expect_kw(&mut self, kw: &str) -> PResult<()> {
        if self.is_kw(kw) {
            self.advance();
            Ok(())
        } else {
            self.expected(kw)
        }
    }

    /// A line end: a newline (then any empty lines are skipped), or the end of input, which
    /// is accepted without being consumed.
    fn expect_newline(&mut self) -> PResult<()> {
        match self.next() {
            Tok::End => return Ok(()),
            Tok::Newline => self.advance(),
            _ => return self.expected("<newline>"),
        }
        while *self.next() == Tok::Newline {
            self.advance();
        }
        Ok(())
    }

    /// One or more `item`s separated by `sep`.
    fn list<T>(&mut self, item: fn(&mut Self) -> PResult<T>, sep: &str) -> PResult<Vec<T>> {
        let mut result = vec![item(self)?];
        while self.is_special(sep) {
            self.advance();
            result.push(item(self)?);
        }
        Ok(result)
    }

    fn nested<T>(&mut self, rule: fn(&mut Self) -> PResult<T>) -> PResult<T> {
        if self.depth >= MAX_NESTING {
            return self.error("type or value nested too deeply");
        }
        self.depth = self.depth.saturating_add(1);
        let result = rule(self);
        self.depth = self.depth.saturating_sub(1);
        result
    }

    // ---------------------------------------------------------------------------------------
    // Names and numbers

    fn ident(&mut self) -> PResult<String> {
        match self.next() {
            Tok::Ident(s) => {
                let s = s.to_string();
                self.advance();
                Ok(s)
            }
            _ => self.error("expected identifier"),
        }
    }

    fn address(&mut self) -> PResult<AccountAddress> {
        match self.next() {
            Tok::Number(n) => {
                let addr = AccountAddress::from_u256(*n);
                self.advance();
                Ok(addr)
            }
            _ => self.error("expected address value"),
        }
    }

    fn is_qname(&self) -> bool {
        self.is_ident() || (self.is_number() && self.lookahead_special(1, "::"))
    }

    fn qname(&mut self) -> PResult<QName> {
        let address = if self.is_number() && self.lookahead_special(1, "::") {
            let addr = self.address()?;
            self.advance();
            Some(addr)
        } else {
            None
        };
        let parts = self.list(Self::ident, "::")?;
        Ok(QName { address, parts })
    }

    // ---------------------------------------------------------------------------------------
    // Types

    fn is_type(&self) -> bool {
        self.is_qname() || self.is_special("&") || self.is_special("(")
    }

    fn type_(&mut self) -> PResult<Type> {
        self.nested(Self::type_inner)
    }

    fn type_inner(&mut self) -> PResult<Type> {
        if self.is_special("(") {
            self.advance();
            let ty = self.type_()?;
            self.expect_special(")")?;
            Ok(ty)
        } else if self.is_qname() {
            let name = self.qname()?;
            let args = self.type_args_opt()?;
            Ok(Type::Named(name, args))
        } else if self.is_special("&") {
            self.advance();
            let is_mut = self.is_kw("mut");
            if is_mut {
                self.advance();
            }
            Ok(Type::Ref(is_mut, Box::new(self.type_()?)))
        } else if self.is_special("|") {
            self.function_type()
        } else {
            self.error("expected type")
        }
    }

    fn function_type(&mut self) -> PResult<Type> {
        self.advance();
        let args = if self.is_type() {
            self.type_list()?
        } else {
            vec![]
        };
        self.expect_special("|")?;
        // `()` spells "no results" where abilities follow (`|u64|() has drop`), which the
        // disassembler prints so that such types round-trip.
        let results = if self.is_special("(") && self.lookahead_special(1, ")") {
            self.advance();
            self.advance();
            vec![]
        } else if self.is_type() || self.is_special("(") {
            self.result_types()?
        } else {
            vec![]
        };
        let abilities = if self.is_kw("has") {
            self.advance();
            self.abilities()?
        } else {
            AbilitySet::EMPTY
        };
        Ok(Type::Func(args, results, abilities))
    }

    fn type_list(&mut self) -> PResult<Vec<Type>> {
        self.list(Self::type_, ",")
    }

    /// `(T1, T2)` or a single type.
    fn result_types(&mut self) -> PResult<Vec<Type>> {
        if self.is_special("(") {
            self.advance();
            let types = self.type_list()?;
            self.expect_special(")")?;
            Ok(types)
        } else if self.is_type() || self.is_special("|") {
            Ok(vec![self.type_()?])
        } else {
            self.error("expected type or type tuple")
        }
    }

    fn type_args_opt(&mut self) -> PResult<Option<Vec<Type>>> {
        if !self.is_special("<") {
            return Ok(None);
        }
        self.advance();
        let types = self.type_list()?;
        self.expect_special(">")?;
        Ok(Some(types))
    }

    fn abilities(&mut self) -> PResult<AbilitySet> {
        let list = self.list(Self::ability, "+")?;
        Ok(list.into_iter().collect())
    }

    fn ability(&mut self) -> PResult<Ability> {
        let name = self.ident()?;
        match name.as_str() {
            "copy" => Ok(Ability::Copy),
            "drop" => Ok(Ability::Drop),
            "key" => Ok(Ability::Key),
            "store" => Ok(Ability::Store),
            // The peer reports this at the token after the name.
            _ => self.error("expected one of copy, drop, key, or store"),
        }
    }

    // ---------------------------------------------------------------------------------------
    // Values and instruction arguments

    fn is_value(&self) -> bool {
        self.is_number() || self.is_special("[") || self.is_special("-")
    }

    fn value(&mut self) -> PResult<AsmValue> {
        self.nested(Self::value_inner)
    }

    fn value_inner(&mut self) -> PResult<AsmValue> {
        if self.is_special("-") {
            self.advance();
            match self.next() {
                Tok::Number(n) => {
                    let n = *n;
                    self.advance();
                    Ok(AsmValue::Number(false, n))
                }
                _ => self.error("expected number"),
            }
        } else if let Tok::Number(n) = self.next() {
            let n = *n;
            self.advance();
            Ok(AsmValue::Number(true, n))
        } else if self.is_special("[") {
            self.advance();
            let items = if self.is_value() {
                self.list(Self::value, ",")?
            } else {
                vec![]
            };
            self.expect_special("]")?;
            Ok(AsmValue::Vector(items))
        } else {
            self.error("expected value")
        }
    }

    fn is_argument(&self) -> bool {
        self.is_value() || self.is_qname() || self.is_special("<")
    }

    fn argument(&mut self) -> PResult<Arg> {
        if self.is_special("<") {
            self.advance();
            let ty = self.type_()?;
            self.expect_special(">")?;
            Ok(Arg::Type(ty))
        } else if self.is_value() && !self.lookahead_special(1, "::") {
            Ok(Arg::Const(self.value()?))
        } else {
            let name = self.qname()?;
            let args = self.type_args_opt()?;
            Ok(Arg::Id(name, args))
        }
    }

    fn arguments(&mut self) -> PResult<Vec<Arg>> {
        if !self.is_argument() {
            return Ok(vec![]);
        }
        if !self.is_special("<") {
            return self.list(Self::argument, ",");
        }
        // A leading `<T>` may be followed by a constant without a comma.
        let first = self.argument()?;
        let mut rest = if self.is_special(",") {
            self.advance();
            self.list(Self::argument, ",")?
        } else if self.is_value() {
            self.list(Self::argument, ",")?
        } else {
            vec![]
        };
        rest.insert(0, first);
        Ok(rest)
    }

    /// `[LABEL ":" [NL IND]] MNEMONIC [args]`.
    fn instr(&mut self) -> PResult<Instr> {
        let mut loc = self.next_loc();
        let mut name = self.ident()?;
        let mut label = None;
        if self.is_special(":") {
            self.advance();
            if *self.next() == Tok::Newline && *self.peek_at(1) == Tok::Indent {
                self.advance();
                self.advance();
            }
            label = Some(name);
            loc = self.next_loc();
            name = self.ident()?;
        }
        let args = self.arguments()?;
        Ok(Instr {
            loc: Span::new(loc.start, self.previous.end.max(loc.start)),
            label,
            name,
            args,
        })
    }
}

#[cfg(test)]
#[allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)]
mod tests;
