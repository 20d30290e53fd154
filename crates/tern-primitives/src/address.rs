//! 32-byte account addresses.

use std::fmt;
use thiserror::Error;

/// Why a textual address could not be parsed.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum AddressParseError {
    /// The text is not hexadecimal digits (after an optional `0x`).
    #[error("invalid hex digit in address `{0}`")]
    InvalidHex(String),
    /// More than 64 hex digits.
    #[error("address `{0}` is longer than 32 bytes")]
    TooLong(String),
    /// No digits at all.
    #[error("empty address")]
    Empty,
}

/// A Move account address: 32 bytes, rendered big-endian (`0x1` is 31 zero bytes then `01`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct AccountAddress([u8; 32]);

impl AccountAddress {
    /// Length in bytes.
    pub const LENGTH: usize = 32;
    /// The zero address `0x0`.
    pub const ZERO: AccountAddress = AccountAddress([0; 32]);
    /// The standard-library address `0x1`.
    pub const ONE: AccountAddress = AccountAddress::from_u64(1);

    /// The address with these bytes.
    pub const fn new(bytes: [u8; 32]) -> AccountAddress {
        AccountAddress(bytes)
    }

    /// The address whose numeric value is `value`.
    pub const fn from_u64(value: u64) -> AccountAddress {
        let mut bytes = [0u8; 32];
        let be = value.to_be_bytes();
        let mut i = 0;
        while i < 8 {
            bytes[24 + i] = be[i];
            i += 1;
        }
        AccountAddress(bytes)
    }

    /// The address whose numeric value is `value` (big-endian u256).
    pub fn from_u256(value: ethnum::U256) -> AccountAddress {
        AccountAddress(value.to_be_bytes())
    }

    /// The numeric value of the address.
    pub fn to_u256(self) -> ethnum::U256 {
        ethnum::U256::from_be_bytes(self.0)
    }

    /// The raw bytes.
    pub fn as_bytes(&self) -> &[u8; 32] {
        &self.0
    }

    /// Whether this is one of the special addresses `0x0`–`0xf` (the standard library's and
    /// the framework's): the peer skips their type checks, exempts them from dependency gas,
    /// and counts them as loaded for native dispatch.
    pub fn is_special(&self) -> bool {
        self.0[..31].iter().all(|b| *b == 0) && self.0[31] < 0x10
    }

    /// The raw bytes, by value.
    pub fn into_bytes(self) -> [u8; 32] {
        self.0
    }

    /// The address from exactly 32 bytes.
    pub fn from_slice(bytes: &[u8]) -> Option<AccountAddress> {
        <[u8; 32]>::try_from(bytes).ok().map(AccountAddress)
    }

    /// Parses hex digits with an optional `0x` prefix; short forms are zero-extended on the left.
    pub fn from_hex_literal(text: &str) -> Result<AccountAddress, AddressParseError> {
        let digits = text
            .strip_prefix("0x")
            .or_else(|| text.strip_prefix("0X"))
            .unwrap_or(text);
        if digits.is_empty() {
            return Err(AddressParseError::Empty);
        }
        if digits.len() > 64 {
            return Err(AddressParseError::TooLong(text.to_string()));
        }
        let mut bytes = [0u8; 32];
        for (i, ch) in digits.chars().rev().enumerate() {
            let nibble = ch
                .to_digit(16)
                .ok_or_else(|| AddressParseError::InvalidHex(text.to_string()))?
                as u8;
            let byte = &mut bytes[31 - i / 2];
            *byte |= if i % 2 == 0 { nibble } else { nibble << 4 };
        }
        Ok(AccountAddress(bytes))
    }

    /// Hex without leading zeros and without `0x` (`1`, `cafe`; zero is `0`).
    pub fn short_hex(&self) -> String {
        let full = self.full_hex();
        let trimmed = full.trim_start_matches('0');
        if trimmed.is_empty() {
            "0".to_string()
        } else {
            trimmed.to_string()
        }
    }

    /// All 64 hex digits, without `0x`.
    pub fn full_hex(&self) -> String {
        let mut s = String::with_capacity(64);
        for b in self.0 {
            s.push_str(&format!("{b:02x}"));
        }
        s
    }

    /// `0x` followed by the short hex form (`0x1`).
    pub fn to_hex_literal(&self) -> String {
        format!("0x{}", self.short_hex())
    }

    /// The address in the peer's standard form, as its messages and `string_utils` write
    /// it: the short form for the special addresses `0x0`–`0xf` (`0x1`), `0x` and all 64 hex
    /// digits for any other.
    pub fn to_standard_string(&self) -> String {
        if self.is_special() {
            self.to_hex_literal()
        } else {
            format!("0x{}", self.full_hex())
        }
    }
}

impl fmt::Debug for AccountAddress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "0x{}", self.short_hex())
    }
}

/// Prints `0x` and the short hex form.
impl fmt::Display for AccountAddress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "0x{}", self.short_hex())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_standard_form_is_short_for_the_special_addresses_only() {
        let mut bytes = [0u8; 32];
        bytes[31] = 0xf;
        assert_eq!(
            AccountAddress::from_slice(&bytes).map(|a| a.to_standard_string()),
            Some("0xf".to_string())
        );
        bytes[31] = 0x10;
        let long = format!("0x{}10", "0".repeat(62));
        assert_eq!(
            AccountAddress::from_slice(&bytes).map(|a| a.to_standard_string()),
            Some(long)
        );
        assert_eq!(AccountAddress::ONE.to_standard_string(), "0x1");
    }

    #[test]
    fn special_addresses_are_0x0_to_0xf() {
        assert!(AccountAddress::ZERO.is_special());
        assert!(AccountAddress::from_u64(0xf).is_special());
        assert!(!AccountAddress::from_u64(0x10).is_special());
        let mut high = [0u8; 32];
        high[0] = 1;
        assert!(!AccountAddress::new(high).is_special());
    }

    #[test]
    fn parse_and_print() {
        let a = AccountAddress::from_hex_literal("0x1").unwrap();
        assert_eq!(a, AccountAddress::ONE);
        assert_eq!(a.as_bytes()[31], 1);
        assert_eq!(a.to_string(), "0x1");
        let b = AccountAddress::from_hex_literal("0xcafe").unwrap();
        assert_eq!(b.short_hex(), "cafe");
        assert_eq!(AccountAddress::ZERO.short_hex(), "0");
        assert_eq!(b.full_hex().len(), 64);
        assert!(AccountAddress::from_hex_literal("0xg").is_err());
        assert!(AccountAddress::from_hex_literal("0x").is_err());
        assert!(AccountAddress::from_hex_literal(&"1".repeat(65)).is_err());
        assert_eq!(AccountAddress::from_u256(b.to_u256()), b);
    }
}
