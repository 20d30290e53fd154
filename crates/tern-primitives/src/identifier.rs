//! Identifiers (module, struct, function and field names) and module ids.

use crate::AccountAddress;
use compact_str::CompactString;
use std::fmt;
use thiserror::Error;

/// Why a string is not a valid identifier.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("invalid identifier `{0}`")]
pub struct IdentifierError(pub String);

/// [`BYTE_CLASS`] bit: an ASCII letter.
const LETTER: u8 = 1;
/// [`BYTE_CLASS`] bit: an ASCII digit.
const DIGIT: u8 = 2;
/// [`BYTE_CLASS`] bit: `_`.
const UNDERSCORE: u8 = 4;
/// [`BYTE_CLASS`] bit: `$`.
const DOLLAR: u8 = 8;

/// The class bit of every byte value (0 for a byte no identifier holds). perf: one table
/// load per byte instead of a chain of range tests (identifiers are the largest table of
/// many modules).
const BYTE_CLASS: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        table[c] = if b.is_ascii_alphabetic() {
            LETTER
        } else if b.is_ascii_digit() {
            DIGIT
        } else if b == b'_' {
            UNDERSCORE
        } else if b == b'$' {
            DOLLAR
        } else {
            0
        };
        c += 1;
    }
    table
};

/// Whether `text` is a valid Move identifier as the binary format accepts it:
/// `[a-zA-Z][a-zA-Z0-9_$]*`, `[_$][a-zA-Z0-9_$]+`, `<SELF>` or `<SELF>_N`. `$` is allowed only
/// when `allow_dollar` (bytecode v9 and later).
pub fn is_valid_identifier(text: &[u8], allow_dollar: bool) -> bool {
    let dollar = if allow_dollar { DOLLAR } else { 0 };
    let class = |c: &u8| BYTE_CLASS[usize::from(*c)];
    let valid_rest = |c: &u8| class(c) & (LETTER | DIGIT | UNDERSCORE | dollar) != 0;
    match text.split_first() {
        None => false,
        Some((first, rest)) if class(first) == LETTER => rest.iter().all(valid_rest),
        Some((first, rest)) if class(first) & (UNDERSCORE | dollar) != 0 => {
            !rest.is_empty() && rest.iter().all(valid_rest)
        }
        Some(_) => is_self_name(text),
    }
}

/// `<SELF>` or `<SELF>_N` (the name the compiler gives a script's own module).
fn is_self_name(text: &[u8]) -> bool {
    if text == b"<SELF>" {
        return true;
    }
    match text.strip_prefix(b"<SELF>_") {
        Some(rest) => !rest.is_empty() && rest.iter().all(u8::is_ascii_digit),
        None => false,
    }
}

/// A validated identifier (`$` allowed).
///
/// perf: the text is held inline when it fits in 24 bytes (nearly every Move identifier), so
/// reading a module's identifier table allocates nothing per identifier.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Identifier(CompactString);

impl Identifier {
    /// Validates and wraps `text`.
    pub fn new(text: impl AsRef<str>) -> Result<Identifier, IdentifierError> {
        let text = text.as_ref();
        if is_valid_identifier(text.as_bytes(), true) {
            Ok(Identifier(CompactString::new(text)))
        } else {
            Err(IdentifierError(text.into()))
        }
    }

    /// Wraps `text` without validating it: for a tool that must write what its source says
    /// (the assembler, which the peer's does not let reject a name such as `_`). The binary
    /// reader rejects such an identifier (`MALFORMED`), so it never reaches a loaded module.
    pub fn new_unchecked(text: impl AsRef<str>) -> Identifier {
        Identifier(CompactString::new(text.as_ref()))
    }

    /// The text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Identifier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", &*self.0)
    }
}

impl fmt::Display for Identifier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::borrow::Borrow<str> for Identifier {
    fn borrow(&self) -> &str {
        &self.0
    }
}

/// A module's id: its address and name.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct ModuleId {
    /// The account the module is published under.
    pub address: AccountAddress,
    /// The module's name.
    pub name: Identifier,
}

impl ModuleId {
    /// A module id from its parts.
    pub fn new(address: AccountAddress, name: Identifier) -> ModuleId {
        ModuleId { address, name }
    }
}

impl std::str::FromStr for Identifier {
    type Err = IdentifierError;

    /// [`Identifier::new`].
    fn from_str(text: &str) -> Result<Identifier, IdentifierError> {
        Identifier::new(text)
    }
}

/// Why a text is not a module id.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("invalid module id `{0}`: expected ADDRESS::name")]
pub struct ModuleIdParseError(pub String);

impl std::str::FromStr for ModuleId {
    type Err = ModuleIdParseError;

    /// Parses `0x1::vector` (the address in hex with `0x`, or decimal).
    fn from_str(text: &str) -> Result<ModuleId, ModuleIdParseError> {
        let err = || ModuleIdParseError(text.to_string());
        let (address, name) = text.trim().split_once("::").ok_or_else(err)?;
        let address = crate::parse_address(address, &|_| None).ok_or_else(err)?;
        let name = Identifier::new(name).map_err(|_| err())?;
        Ok(ModuleId { address, name })
    }
}

/// Prints `0xADDR::name` with the short address form.
impl fmt::Display for ModuleId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}::{}", self.address, self.name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identifier_rules() {
        for ok in ["a", "_x", "$x", "<SELF>", "<SELF>_12", "sha2_256", "A$b"] {
            assert!(is_valid_identifier(ok.as_bytes(), true), "{ok}");
        }
        for bad in ["", "_", "$", "1abc", "<SELF>_", "<SELF>x", "a-b", "é"] {
            assert!(!is_valid_identifier(bad.as_bytes(), true), "{bad}");
        }
        assert!(!is_valid_identifier(b"sha2$256", false));
        assert!(is_valid_identifier(b"sha2$256", true));
        assert!(Identifier::new("1x").is_err());
        assert_eq!(
            "sha2_256".parse::<Identifier>().unwrap().as_str(),
            "sha2_256"
        );
        assert!("a-b".parse::<Identifier>().is_err());
        let id: ModuleId = "0x1::vector".parse().unwrap();
        assert_eq!(
            (id.address, id.name.as_str()),
            (AccountAddress::ONE, "vector")
        );
        assert_eq!(id.to_string().parse::<ModuleId>().unwrap(), id);
        for bad in ["vector", "0x1::", "0xzz::m", "0x1::m::f"] {
            assert!(bad.parse::<ModuleId>().is_err(), "{bad}");
        }
        // Long names (past the inline size) keep their text.
        let long = "a_very_long_identifier_of_more_than_24_bytes";
        assert_eq!(Identifier::new(long).unwrap().as_str(), long);
        let m = ModuleId::new(AccountAddress::ONE, Identifier::new("vector").unwrap());
        assert_eq!(m.to_string(), "0x1::vector");
    }

    /// The rules as first written, one test per character class: the table must agree.
    fn reference(text: &[u8], allow_dollar: bool) -> bool {
        if text == b"<SELF>" {
            return true;
        }
        if let Some(rest) = text.strip_prefix(b"<SELF>_") {
            return !rest.is_empty() && rest.iter().all(u8::is_ascii_digit);
        }
        let valid_rest =
            |c: &u8| c.is_ascii_alphanumeric() || *c == b'_' || (allow_dollar && *c == b'$');
        match text.split_first() {
            None => false,
            Some((first, rest)) if first.is_ascii_alphabetic() => rest.iter().all(valid_rest),
            Some((first, rest)) if *first == b'_' || (allow_dollar && *first == b'$') => {
                !rest.is_empty() && rest.iter().all(valid_rest)
            }
            Some(_) => false,
        }
    }

    #[test]
    fn the_byte_table_agrees_with_the_rules() {
        // Every byte alone and after a letter or `_`, and every string of up to three
        // characters over the interesting ones, with `$` allowed and not.
        for dollar in [false, true] {
            for b in 0..=255u8 {
                for text in [vec![b], vec![b'a', b], vec![b'_', b], vec![b, b'a']] {
                    assert_eq!(
                        is_valid_identifier(&text, dollar),
                        reference(&text, dollar),
                        "{text:?} {dollar}"
                    );
                }
            }
            let chars = b"aZ09_$<>S-\xc3";
            for a in chars {
                for b in chars {
                    for c in chars {
                        let text = [*a, *b, *c];
                        assert_eq!(
                            is_valid_identifier(&text, dollar),
                            reference(&text, dollar),
                            "{text:?} {dollar}"
                        );
                    }
                }
            }
            for special in [
                &b"<SELF>"[..],
                b"<SELF>_7",
                b"<SELF>_",
                b"<SELF>_x",
                b"<SELF",
            ] {
                assert_eq!(
                    is_valid_identifier(special, dollar),
                    reference(special, dollar)
                );
            }
        }
    }
}
