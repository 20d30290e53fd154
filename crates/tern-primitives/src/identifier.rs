//! Identifiers (module, struct, function and field names) and module ids.

use crate::AccountAddress;
use std::fmt;
use thiserror::Error;

/// Why a string is not a valid identifier.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("invalid identifier `{0}`")]
pub struct IdentifierError(pub String);

/// Whether `text` is a valid Move identifier as the binary format accepts it:
/// `[a-zA-Z][a-zA-Z0-9_$]*`, `[_$][a-zA-Z0-9_$]+`, `<SELF>` or `<SELF>_N`. `$` is allowed only
/// when `allow_dollar` (bytecode v9 and later).
pub fn is_valid_identifier(text: &[u8], allow_dollar: bool) -> bool {
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

/// A validated identifier (`$` allowed).
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Identifier(Box<str>);

impl Identifier {
    /// Validates and wraps `text`.
    pub fn new(text: impl Into<Box<str>>) -> Result<Identifier, IdentifierError> {
        let text = text.into();
        if is_valid_identifier(text.as_bytes(), true) {
            Ok(Identifier(text))
        } else {
            Err(IdentifierError(text.into()))
        }
    }

    /// Wraps `text` without validating it: for a tool that must write what its source says
    /// (the assembler, which the peer's does not let reject a name such as `_`). The binary
    /// reader rejects such an identifier (`MALFORMED`), so it never reaches a loaded module.
    pub fn new_unchecked(text: impl Into<Box<str>>) -> Identifier {
        Identifier(text.into())
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
        let m = ModuleId::new(AccountAddress::ONE, Identifier::new("vector").unwrap());
        assert_eq!(m.to_string(), "0x1::vector");
    }
}
