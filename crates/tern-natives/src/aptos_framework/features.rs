//! The feature flags natives consult ([`FeatureFlags`]), and Aptos's default set of them.
//!
//! In Aptos the flags a native sees are the chain's `0x1::features::Features` as the block
//! started; in Tern the host puts a [`FeatureFlags`] in the session (the chain setup of the
//! `tern` crate puts the flags it enabled), and without one natives see Aptos's defaults.

/// `PERMISSIONED_SIGNER`: the permissioned-signer natives work (otherwise they abort).
pub const PERMISSIONED_SIGNER: u64 = 84;

/// The flags a new Aptos chain enables (`FeatureFlag::default_features` of aptos-core at
/// f5bf2b45), by number.
pub const APTOS_DEFAULT_FEATURES: [u64; 107] = [
    1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27,
    28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 46, 47, 49, 50, 51, 52, 53,
    54, 55, 56, 57, 58, 59, 60, 62, 63, 64, 65, 66, 67, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79,
    80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99, 100, 101, 102,
    103, 105, 106, 107, 109, 110, 111, 112, 113, 114,
];

/// The enabled feature flags, by number, as natives see them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FeatureFlags {
    enabled: std::collections::BTreeSet<u64>,
}

impl Default for FeatureFlags {
    /// Aptos's defaults ([`APTOS_DEFAULT_FEATURES`]).
    fn default() -> Self {
        FeatureFlags::new(APTOS_DEFAULT_FEATURES)
    }
}

impl FeatureFlags {
    /// Exactly these flags enabled.
    pub fn new(enabled: impl IntoIterator<Item = u64>) -> FeatureFlags {
        FeatureFlags {
            enabled: enabled.into_iter().collect(),
        }
    }

    /// Whether `flag` is enabled.
    pub fn is_enabled(&self, flag: u64) -> bool {
        self.enabled.contains(&flag)
    }

    /// Enables `flag`.
    pub fn enable(&mut self, flag: u64) {
        self.enabled.insert(flag);
    }

    /// Disables `flag`.
    pub fn disable(&mut self, flag: u64) {
        self.enabled.remove(&flag);
    }

    /// The enabled flags, ascending.
    pub fn enabled(&self) -> impl Iterator<Item = u64> + '_ {
        self.enabled.iter().copied()
    }
}
