//! Named addresses of a test file (`std` plus `init --addresses`), and the address, type and
//! run-target parsers of command arguments (spec §4.1, §4.3, §4.4).

use std::collections::BTreeMap;
use tern_primitives::{
    is_valid_identifier, parse_address, AccountAddress, Identifier, ModuleId, StructTag, TypeTag,
};

/// The named addresses visible to command arguments: `std` = `0x1` always, plus the names
/// from `init --addresses`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NamedAddresses {
    map: BTreeMap<String, AccountAddress>,
}

impl Default for NamedAddresses {
    fn default() -> NamedAddresses {
        NamedAddresses::new()
    }
}

impl NamedAddresses {
    /// Only `std` = `0x1`.
    pub fn new() -> NamedAddresses {
        let mut map = BTreeMap::new();
        map.insert("std".to_string(), AccountAddress::ONE);
        NamedAddresses { map }
    }

    /// The address of `name`, if defined.
    pub fn get(&self, name: &str) -> Option<AccountAddress> {
        self.map.get(name).copied()
    }

    /// Defines `name`; redefining `std` (or any name) is an error, as in the peer's harness.
    pub fn insert(&mut self, name: &str, address: AccountAddress) -> Result<(), String> {
        if self.map.contains_key(name) {
            return Err(format!("named address `{name}` is already defined"));
        }
        if !is_valid_identifier(name.as_bytes(), false) {
            return Err(format!("invalid address name `{name}`"));
        }
        self.map.insert(name.to_string(), address);
        Ok(())
    }

    /// Parses `NAME=ADDR` (ADDR in hex or decimal) and defines it.
    pub fn insert_assignment(&mut self, text: &str) -> Result<(), String> {
        let (name, value) = text
            .split_once('=')
            .ok_or_else(|| format!("expected NAME=ADDRESS, found `{text}`"))?;
        let address = parse_address(value, &|_| None)
            .ok_or_else(|| format!("invalid address `{value}` for `{name}`"))?;
        self.insert(name, address)
    }
}

/// Parses an address argument: `0x` hex (`_` allowed), decimal, or a named address.
pub fn parse_address_arg(text: &str, named: &NamedAddresses) -> Result<AccountAddress, String> {
    if text.is_empty() {
        return Err("expected an address".to_string());
    }
    parse_address(text, &|n| named.get(n))
        .ok_or_else(|| format!("invalid or unknown address `{text}`"))
}

/// Parses a type argument (`u64`, `vector<u8>`, `0x42::M::S<u8,bool>`, named addresses).
pub fn parse_type_arg(text: &str, named: &NamedAddresses) -> Result<TypeTag, String> {
    TypeTag::parse(text, &|n| named.get(n)).map_err(|e| e.to_string())
}

/// Parses a struct type (`--resource`): like [`parse_type_arg`] but it must be a struct.
pub fn parse_struct_tag(text: &str, named: &NamedAddresses) -> Result<StructTag, String> {
    match parse_type_arg(text, named)? {
        TypeTag::Struct(s) => Ok(*s),
        _ => Err(format!("`{text}` is not a struct type")),
    }
}

/// A function to run: `ADDR::module::function`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunTarget {
    /// The module.
    pub module: ModuleId,
    /// The function.
    pub function: Identifier,
}

/// Parses a run target `ADDR::module::function` (exactly three parts; `$` allowed in names).
pub fn parse_run_target(text: &str, named: &NamedAddresses) -> Result<RunTarget, String> {
    let parts: Vec<&str> = text.split("::").collect();
    let [addr, module, function] = parts.as_slice() else {
        return Err(format!(
            "invalid function `{text}`: expected ADDRESS::module::function"
        ));
    };
    let address = parse_address_arg(addr, named)?;
    let ident = |s: &str| Identifier::new(s).map_err(|e| format!("invalid function `{text}`: {e}"));
    Ok(RunTarget {
        module: ModuleId::new(address, ident(module)?),
        function: ident(function)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn named_addresses_and_std() {
        let mut n = NamedAddresses::new();
        assert_eq!(n.get("std"), Some(AccountAddress::ONE));
        n.insert_assignment("A=0x42").unwrap();
        n.insert_assignment("K=25").unwrap();
        assert_eq!(n.get("A"), Some(AccountAddress::from_u64(0x42)));
        assert_eq!(n.get("K"), Some(AccountAddress::from_u64(25)));
        assert!(n.insert_assignment("std=0x2").is_err());
        assert!(n.insert_assignment("A=0x43").is_err());
        assert!(n.insert_assignment("B").is_err());
        assert!(n.insert_assignment("B=zz").is_err());
    }

    #[test]
    fn addresses() {
        let mut n = NamedAddresses::new();
        n.insert("A", AccountAddress::from_u64(0x42)).unwrap();
        for (text, v) in [
            ("0x1", 1u64),
            ("42", 42),
            ("0xA", 10),
            ("0x1_0", 16),
            ("std", 1),
            ("A", 0x42),
        ] {
            assert_eq!(
                parse_address_arg(text, &n),
                Ok(AccountAddress::from_u64(v)),
                "{text}"
            );
        }
        assert!(parse_address_arg("B", &n).is_err());
        assert!(parse_address_arg(&format!("0x1{}", "0".repeat(64)), &n).is_err());
    }

    #[test]
    fn types_and_targets() {
        let mut n = NamedAddresses::new();
        n.insert("A", AccountAddress::from_u64(0x42)).unwrap();
        let t = parse_type_arg("A::M::Cup<vector<u64>,std::x::Y>", &n).unwrap();
        assert_eq!(t.to_string(), "0x42::M::Cup<vector<u64>, 0x1::x::Y>");
        assert!(parse_struct_tag("u64", &n).is_err());
        assert_eq!(
            parse_struct_tag("0x1::M::R", &n).unwrap().to_string(),
            "0x1::M::R"
        );
        let r = parse_run_target("0x42::M::t$1", &n).unwrap();
        assert_eq!(r.module.to_string(), "0x42::M");
        assert_eq!(r.function.as_str(), "t$1");
        assert!(parse_run_target("0x42::M", &n).is_err());
        assert!(parse_run_target("0x42::M::f::g", &n).is_err());
        assert!(parse_run_target("Z::M::f", &n).is_err());
        assert!(parse_run_target("0x42::1M::f", &n).is_err());
    }
}
