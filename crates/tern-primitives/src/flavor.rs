//! The two flavors of Move bytecode.

use std::fmt;
use std::str::FromStr;

/// Which Move ecosystem a binary, an instruction encoding or a status number belongs to.
///
/// The two share the format up to bytecode version 6; from version 7 the version word carries
/// the flavor in its top byte (`0x0A` Aptos, `0x05` Sui) and the formats diverge (enum tables,
/// enum instructions, closures and signed integers in Aptos only, jump tables in Sui only).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum Flavor {
    /// Move as Aptos defines it (bytecode v5–v10).
    #[default]
    Aptos,
    /// Move as Sui defines it (bytecode v5–v7).
    Sui,
}

impl Flavor {
    /// Both flavors.
    pub const ALL: [Flavor; 2] = [Flavor::Aptos, Flavor::Sui];

    /// The lower-case name (`aptos`, `sui`).
    pub fn name(self) -> &'static str {
        match self {
            Flavor::Aptos => "aptos",
            Flavor::Sui => "sui",
        }
    }
}

impl fmt::Display for Flavor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A flavor name that is neither `aptos` nor `sui`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown flavor `{0}` (expected `aptos` or `sui`)")]
pub struct UnknownFlavor(pub String);

impl FromStr for Flavor {
    type Err = UnknownFlavor;

    fn from_str(s: &str) -> Result<Flavor, UnknownFlavor> {
        match s.to_ascii_lowercase().as_str() {
            "aptos" => Ok(Flavor::Aptos),
            "sui" => Ok(Flavor::Sui),
            _ => Err(UnknownFlavor(s.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for f in Flavor::ALL {
            assert_eq!(f.name().parse::<Flavor>(), Ok(f));
        }
        assert_eq!("Sui".parse::<Flavor>(), Ok(Flavor::Sui));
        assert!("move".parse::<Flavor>().is_err());
    }
}
