//! Fully instantiated runtime type names (`TypeTag`, `StructTag`) with canonical printing and
//! parsing of the textual form used by test files and the command line.

use crate::{AccountAddress, Identifier};
use std::fmt;
use thiserror::Error;

/// A fully instantiated type, as users name it (type arguments, resource types).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TypeTag {
    /// `bool`.
    Bool,
    /// `u8`.
    U8,
    /// `u16`.
    U16,
    /// `u32`.
    U32,
    /// `u64`.
    U64,
    /// `u128`.
    U128,
    /// `u256`.
    U256,
    /// `i8`.
    I8,
    /// `i16`.
    I16,
    /// `i32`.
    I32,
    /// `i64`.
    I64,
    /// `i128`.
    I128,
    /// `i256`.
    I256,
    /// `address`.
    Address,
    /// `signer`.
    Signer,
    /// `vector<T>`.
    Vector(Box<TypeTag>),
    /// A struct or enum type.
    Struct(Box<StructTag>),
    /// A function type `|args| results has abilities`.
    Function(Box<FunctionTag>),
}

/// A struct or enum type with its type arguments.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct StructTag {
    /// The defining module's address.
    pub address: AccountAddress,
    /// The defining module's name.
    pub module: Identifier,
    /// The struct's name.
    pub name: Identifier,
    /// The type arguments.
    pub type_args: Vec<TypeTag>,
}

/// A function type.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FunctionTag {
    /// Parameter types.
    pub args: Vec<TypeTag>,
    /// Result types.
    pub results: Vec<TypeTag>,
    /// Abilities.
    pub abilities: crate::AbilitySet,
}

/// Why a type could not be parsed.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("invalid type `{text}`: {reason}")]
pub struct TypeTagParseError {
    /// The text.
    pub text: String,
    /// What is wrong.
    pub reason: String,
}

impl TypeTag {
    /// Parses `u64`, `vector<u8>`, `0x1::m::S<u8,bool>`; `named` resolves named addresses.
    pub fn parse(
        text: &str,
        named: &dyn Fn(&str) -> Option<AccountAddress>,
    ) -> Result<TypeTag, TypeTagParseError> {
        let err = |reason: &str| TypeTagParseError {
            text: text.to_string(),
            reason: reason.to_string(),
        };
        let mut parser = Parser {
            rest: text.trim(),
            named,
        };
        let tag = parser.type_tag(0).map_err(|r| err(&r))?;
        if !parser.rest.trim().is_empty() {
            return Err(err("unexpected trailing text"));
        }
        Ok(tag)
    }
}

impl std::str::FromStr for TypeTag {
    type Err = TypeTagParseError;

    /// [`TypeTag::parse`] without named addresses.
    fn from_str(text: &str) -> Result<TypeTag, TypeTagParseError> {
        TypeTag::parse(text, &|_| None)
    }
}

impl std::str::FromStr for StructTag {
    type Err = TypeTagParseError;

    /// A struct type such as `0x1::string::String` (see [`TypeTag::parse`]).
    fn from_str(text: &str) -> Result<StructTag, TypeTagParseError> {
        match text.parse::<TypeTag>()? {
            TypeTag::Struct(s) => Ok(*s),
            _ => Err(TypeTagParseError {
                text: text.to_string(),
                reason: "not a struct type".to_string(),
            }),
        }
    }
}

struct Parser<'a> {
    rest: &'a str,
    named: &'a dyn Fn(&str) -> Option<AccountAddress>,
}

const MAX_PARSE_DEPTH: usize = 256;

impl Parser<'_> {
    fn word(&mut self) -> &str {
        self.rest = self.rest.trim_start();
        let end = self
            .rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '$'))
            .unwrap_or(self.rest.len());
        let (w, r) = self.rest.split_at(end);
        self.rest = r;
        w
    }

    fn eat(&mut self, s: &str) -> bool {
        self.rest = self.rest.trim_start();
        match self.rest.strip_prefix(s) {
            Some(r) => {
                self.rest = r;
                true
            }
            None => false,
        }
    }

    fn type_tag(&mut self, depth: usize) -> Result<TypeTag, String> {
        if depth > MAX_PARSE_DEPTH {
            return Err("type nesting too deep".into());
        }
        let word = self.word().to_string();
        let prim = match word.as_str() {
            "bool" => Some(TypeTag::Bool),
            "u8" => Some(TypeTag::U8),
            "u16" => Some(TypeTag::U16),
            "u32" => Some(TypeTag::U32),
            "u64" => Some(TypeTag::U64),
            "u128" => Some(TypeTag::U128),
            "u256" => Some(TypeTag::U256),
            "i8" => Some(TypeTag::I8),
            "i16" => Some(TypeTag::I16),
            "i32" => Some(TypeTag::I32),
            "i64" => Some(TypeTag::I64),
            "i128" => Some(TypeTag::I128),
            "i256" => Some(TypeTag::I256),
            "address" => Some(TypeTag::Address),
            "signer" => Some(TypeTag::Signer),
            _ => None,
        };
        if let Some(p) = prim {
            return Ok(p);
        }
        if word == "vector" {
            if !self.eat("<") {
                return Err("expected `<` after vector".into());
            }
            let inner = self.type_tag(depth + 1)?;
            if !self.eat(">") {
                return Err("expected `>`".into());
            }
            return Ok(TypeTag::Vector(Box::new(inner)));
        }
        self.struct_tag(&word, depth)
            .map(|s| TypeTag::Struct(Box::new(s)))
    }

    fn struct_tag(&mut self, addr_word: &str, depth: usize) -> Result<StructTag, String> {
        let address = parse_address(addr_word, self.named)
            .ok_or_else(|| format!("unknown address or type `{addr_word}`"))?;
        if !self.eat("::") {
            return Err("expected `::`".into());
        }
        let module = Identifier::new(self.word()).map_err(|e| e.to_string())?;
        if !self.eat("::") {
            return Err("expected `::`".into());
        }
        let name = Identifier::new(self.word()).map_err(|e| e.to_string())?;
        let mut type_args = Vec::new();
        if self.eat("<") {
            loop {
                type_args.push(self.type_tag(depth + 1)?);
                if self.eat(">") {
                    break;
                }
                if !self.eat(",") {
                    return Err("expected `,` or `>`".into());
                }
            }
        }
        Ok(StructTag {
            address,
            module,
            name,
            type_args,
        })
    }
}

/// Parses an address as test files write it: `0x` hex (with `_` allowed), decimal, or a name.
pub fn parse_address(
    text: &str,
    named: &dyn Fn(&str) -> Option<AccountAddress>,
) -> Option<AccountAddress> {
    let cleaned: String = text.chars().filter(|c| *c != '_').collect();
    if let Some(hex) = cleaned
        .strip_prefix("0x")
        .or_else(|| cleaned.strip_prefix("0X"))
    {
        return AccountAddress::from_hex_literal(hex).ok();
    }
    if !cleaned.is_empty() && cleaned.chars().all(|c| c.is_ascii_digit()) {
        return ethnum::U256::from_str_radix(&cleaned, 10)
            .ok()
            .map(AccountAddress::from_u256);
    }
    named(text)
}

/// Canonical form: `u64`, `vector<u8>`, `0x1::m::S<u8, bool>` (short addresses).
impl fmt::Display for TypeTag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TypeTag::Bool => f.write_str("bool"),
            TypeTag::U8 => f.write_str("u8"),
            TypeTag::U16 => f.write_str("u16"),
            TypeTag::U32 => f.write_str("u32"),
            TypeTag::U64 => f.write_str("u64"),
            TypeTag::U128 => f.write_str("u128"),
            TypeTag::U256 => f.write_str("u256"),
            TypeTag::I8 => f.write_str("i8"),
            TypeTag::I16 => f.write_str("i16"),
            TypeTag::I32 => f.write_str("i32"),
            TypeTag::I64 => f.write_str("i64"),
            TypeTag::I128 => f.write_str("i128"),
            TypeTag::I256 => f.write_str("i256"),
            TypeTag::Address => f.write_str("address"),
            TypeTag::Signer => f.write_str("signer"),
            TypeTag::Vector(inner) => write!(f, "vector<{inner}>"),
            TypeTag::Struct(s) => write!(f, "{s}"),
            TypeTag::Function(func) => write!(f, "{func}"),
        }
    }
}

impl fmt::Display for StructTag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}::{}::{}", self.address, self.module, self.name)?;
        if !self.type_args.is_empty() {
            f.write_str("<")?;
            for (i, t) in self.type_args.iter().enumerate() {
                if i > 0 {
                    f.write_str(", ")?;
                }
                write!(f, "{t}")?;
            }
            f.write_str(">")?;
        }
        Ok(())
    }
}

impl fmt::Display for FunctionTag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |ts: &[TypeTag]| {
            ts.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        };
        write!(f, "|{}|", list(&self.args))?;
        match self.results.len() {
            0 => {}
            1 => write!(f, " {}", list(&self.results))?,
            _ => write!(f, " ({})", list(&self.results))?,
        }
        if !self.abilities.is_empty() {
            write!(f, " has {}", self.abilities)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn none(_: &str) -> Option<AccountAddress> {
        None
    }

    #[test]
    fn from_str_reads_types_and_struct_types() {
        let t: TypeTag = "vector<0x1::string::String>".parse().unwrap();
        assert_eq!(t.to_string(), "vector<0x1::string::String>");
        let s: StructTag = "0x1::option::Option<u8>".parse().unwrap();
        assert_eq!((s.module.as_str(), s.type_args.len()), ("option", 1));
        assert!("u8".parse::<StructTag>().is_err());
        assert!("named::m::S".parse::<TypeTag>().is_err());
    }

    #[test]
    fn parse_and_print() {
        let t = TypeTag::parse("0x42::M::Cup<0x42::M::Cup<vector<u64>>>", &none).unwrap();
        assert_eq!(t.to_string(), "0x42::M::Cup<0x42::M::Cup<vector<u64>>>");
        let t = TypeTag::parse("0x1::M::Ex<bool,u64>", &none).unwrap();
        assert_eq!(t.to_string(), "0x1::M::Ex<bool, u64>");
        assert!(TypeTag::parse("vector<u8", &none).is_err());
        assert!(TypeTag::parse("A::m::S", &none).is_err());
        let named = |n: &str| (n == "A").then_some(AccountAddress::from_u64(0x42));
        assert_eq!(
            TypeTag::parse("A::m::S", &named).unwrap().to_string(),
            "0x42::m::S"
        );
        assert_eq!(
            parse_address("42", &none),
            Some(AccountAddress::from_u64(42))
        );
    }
}
