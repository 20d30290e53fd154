//! Abilities (`copy`, `drop`, `store`, `key`) and sets of them.

use std::fmt;
use std::ops::BitOr;

/// One of the four Move abilities. The discriminant is its bit in an [`AbilitySet`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Ability {
    /// Values may be copied.
    Copy = 0x1,
    /// Values may be dropped.
    Drop = 0x2,
    /// Values may be stored inside resources.
    Store = 0x4,
    /// The type may be a top-level resource in global storage.
    Key = 0x8,
}

impl Ability {
    /// All abilities in bit order.
    pub const ALL: [Ability; 4] = [Ability::Copy, Ability::Drop, Ability::Store, Ability::Key];

    /// The keyword used in source and assembly (`copy`, `drop`, `store`, `key`).
    pub fn name(self) -> &'static str {
        match self {
            Ability::Copy => "copy",
            Ability::Drop => "drop",
            Ability::Store => "store",
            Ability::Key => "key",
        }
    }

    /// The ability with the given keyword.
    pub fn from_name(name: &str) -> Option<Ability> {
        Ability::ALL.into_iter().find(|a| a.name() == name)
    }

    /// The ability a type argument must have for a struct with this ability to have it too
    /// (`key` requires `store` of its fields; the others require themselves).
    pub fn requires(self) -> Ability {
        match self {
            Ability::Key => Ability::Store,
            other => other,
        }
    }
}

/// A set of abilities, encoded as the 4-bit mask of the binary format.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct AbilitySet(u8);

impl AbilitySet {
    /// No abilities.
    pub const EMPTY: AbilitySet = AbilitySet(0);
    /// All four abilities.
    pub const ALL: AbilitySet = AbilitySet(0xF);
    /// `copy + drop + store`: the abilities of primitive types.
    pub const PRIMITIVES: AbilitySet = AbilitySet(0x7);
    /// `copy + drop`: the abilities of references.
    pub const REFERENCES: AbilitySet = AbilitySet(0x3);
    /// `drop`: the abilities of `signer`.
    pub const SIGNER: AbilitySet = AbilitySet(0x2);
    /// `copy + drop + store`: the abilities `vector<T>` may have (intersected with T's).
    pub const VECTOR: AbilitySet = AbilitySet(0x7);

    /// The set encoded by `bits`, or `None` if a bit above 0x0F is set.
    pub fn from_bits(bits: u8) -> Option<AbilitySet> {
        (bits <= 0xF).then_some(AbilitySet(bits))
    }

    /// The 4-bit encoding.
    pub fn bits(self) -> u8 {
        self.0
    }

    /// Whether `ability` is in the set.
    pub fn has(self, ability: Ability) -> bool {
        self.0 & ability as u8 != 0
    }

    /// The set with `ability` added.
    pub fn with(self, ability: Ability) -> AbilitySet {
        AbilitySet(self.0 | ability as u8)
    }

    /// The set with `ability` removed.
    pub fn without(self, ability: Ability) -> AbilitySet {
        AbilitySet(self.0 & !(ability as u8))
    }

    /// Abilities in both sets.
    pub fn intersect(self, other: AbilitySet) -> AbilitySet {
        AbilitySet(self.0 & other.0)
    }

    /// Abilities in either set.
    pub fn union(self, other: AbilitySet) -> AbilitySet {
        AbilitySet(self.0 | other.0)
    }

    /// Whether every ability of `self` is in `other`.
    pub fn is_subset(self, other: AbilitySet) -> bool {
        self.0 & !other.0 == 0
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The abilities in bit order.
    pub fn iter(self) -> impl Iterator<Item = Ability> {
        Ability::ALL.into_iter().filter(move |a| self.has(*a))
    }
}

impl BitOr<Ability> for AbilitySet {
    type Output = AbilitySet;
    fn bitor(self, rhs: Ability) -> AbilitySet {
        self.with(rhs)
    }
}

impl BitOr for AbilitySet {
    type Output = AbilitySet;
    fn bitor(self, rhs: AbilitySet) -> AbilitySet {
        self.union(rhs)
    }
}

impl FromIterator<Ability> for AbilitySet {
    fn from_iter<I: IntoIterator<Item = Ability>>(iter: I) -> Self {
        iter.into_iter().fold(AbilitySet::EMPTY, AbilitySet::with)
    }
}

impl fmt::Debug for AbilitySet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "AbilitySet({self})")
    }
}

/// Prints the abilities joined by ` + ` (`copy + drop`); empty prints nothing.
impl fmt::Display for AbilitySet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, a) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" + ")?;
            }
            f.write_str(a.name())?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations() {
        let cd = AbilitySet::EMPTY | Ability::Copy | Ability::Drop;
        assert_eq!(cd.bits(), 3);
        assert!(cd.is_subset(AbilitySet::ALL));
        assert!(!AbilitySet::ALL.is_subset(cd));
        assert_eq!(cd.to_string(), "copy + drop");
        assert_eq!(AbilitySet::from_bits(0x10), None);
        assert_eq!(cd.without(Ability::Copy), AbilitySet::SIGNER);
        assert_eq!(Ability::from_name("key"), Some(Ability::Key));
    }
}
