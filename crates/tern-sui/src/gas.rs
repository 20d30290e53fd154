//! Gas in the spirit of Sui's schedule (protocol 130, gas model 14): instructions charged at
//! a multiplier that grows with the number executed (Sui's instruction tiers), natives at
//! Sui's internal costs, computation rounded as Sui rounds it, and storage charged per byte
//! written with a 99 % rebate when the object is written again or deleted.
//!
//! What differs from Sui: Sui also charges for operand-stack height and for the bytes each
//! instruction pushes (about one to two internal units per instruction on top of the one the
//! tiers charge), which the interpreter's instruction counter does not see; and natives count
//! toward the tier counter here (Sui counts them only past 700 native calls).

use crate::object::{Object, ObjectStore};

/// Internal units per gas unit.
const INTERNAL_PER_UNIT: u64 = 1000;

/// Sui's gas parameters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GasSchedule {
    /// `(first counted unit, multiplier)`: from that many units on, each costs `multiplier`
    /// internal units (`initial_cost_schedule_v5`).
    pub instruction_tiers: Vec<(u64, u64)>,
    /// Most gas units of computation one transaction may use (`max_gas_computation_bucket`).
    pub max_computation_units: u64,
    /// MIST per storage unit (`storage_gas_price`).
    pub storage_price: u64,
    /// Storage units per byte (`obj_data_cost_refundable`).
    pub storage_units_per_byte: u64,
    /// Part of a rebate refunded, in basis points (`storage_rebate_rate`).
    pub rebate_rate_bps: u64,
}

impl Default for GasSchedule {
    /// Sui mainnet's parameters at protocol 130.
    fn default() -> Self {
        GasSchedule {
            instruction_tiers: vec![
                (0, 1),
                (20_000, 2),
                (50_000, 10),
                (100_000, 50),
                (200_000, 100),
                (10_000_000, 1000),
            ],
            max_computation_units: 5_000_000,
            storage_price: 76,
            storage_units_per_byte: 100,
            rebate_rate_bps: 9900,
        }
    }
}

/// The bytes a transaction wrote and the rebates of what they replaced.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StorageChange {
    /// Storage size (Sui's `object_size_for_gas_metering`) of each object written.
    pub written_sizes: Vec<(crate::ids::ObjectId, u64)>,
    /// Ids of stored objects written, deleted or wrapped (their rebates are refunded).
    pub replaced: Vec<crate::ids::ObjectId>,
}

impl GasSchedule {
    /// Internal units of the first `n` counted units.
    pub fn internal_cost(&self, n: u64) -> u64 {
        let mut total: u64 = 0;
        for (i, (start, mult)) in self.instruction_tiers.iter().enumerate() {
            if n <= *start {
                break;
            }
            let end = self
                .instruction_tiers
                .get(i + 1)
                .map_or(n, |(next, _)| (*next).min(n));
            total = total.saturating_add(end.saturating_sub(*start).saturating_mul(*mult));
        }
        total
    }

    /// The most counted units whose internal cost fits `internal`.
    pub fn units_within(&self, internal: u64) -> u64 {
        let mut left = internal;
        let mut units: u64 = 0;
        for (i, (start, mult)) in self.instruction_tiers.iter().enumerate() {
            let mult = (*mult).max(1);
            let span = self
                .instruction_tiers
                .get(i + 1)
                .map_or(u64::MAX, |(next, _)| next.saturating_sub(*start));
            let fits = left / mult;
            if fits < span {
                return units.saturating_add(fits);
            }
            units = units.saturating_add(span);
            left -= span.saturating_mul(mult);
        }
        units
    }

    /// The counted units a transaction with `gas_budget` MIST at `gas_price` may use.
    pub fn budget_units(&self, gas_budget: u64, gas_price: u64) -> u64 {
        let price = gas_price.max(1);
        let computation = gas_budget.min(self.max_computation_units.saturating_mul(price));
        let internal = (computation / price).saturating_mul(INTERNAL_PER_UNIT);
        self.units_within(internal)
    }

    /// Gas units (rounded as Sui rounds them) of `counted` units.
    pub fn gas_units(&self, counted: u64) -> u64 {
        bucketize(self.internal_cost(counted) / INTERNAL_PER_UNIT)
    }

    /// Storage fee of an object of `size` bytes.
    pub fn storage_fee(&self, size: u64) -> u64 {
        size.saturating_mul(self.storage_units_per_byte)
            .saturating_mul(self.storage_price)
    }

    /// The gas summary of a transaction that counted `counted` units and changed storage so.
    pub(crate) fn summary(
        &self,
        counted: u64,
        gas_price: u64,
        storage: &StorageChange,
        before: &ObjectStore,
    ) -> crate::effects::GasSummary {
        let computation_units = self.gas_units(counted);
        let storage_cost = storage
            .written_sizes
            .iter()
            .map(|(_, size)| self.storage_fee(*size))
            .fold(0u64, u64::saturating_add);
        let previous: u64 = storage
            .replaced
            .iter()
            .filter_map(|id| before.get(id))
            .map(|o| o.storage_rebate)
            .fold(0u64, u64::saturating_add);
        let storage_rebate =
            (u128::from(previous) * u128::from(self.rebate_rate_bps) + 5000) / 10_000;
        crate::effects::GasSummary {
            computation_units,
            computation_cost: computation_units.saturating_mul(gas_price),
            storage_cost,
            storage_rebate: u64::try_from(storage_rebate).unwrap_or(u64::MAX),
        }
    }
}

/// Sui's rounding of computation units (`KeepHalfDigits`): below 1000 it is 1000; otherwise
/// rounded up to a multiple of 10 to the power of half its number of digits less one.
pub fn bucketize(units: u64) -> u64 {
    if units < 1000 {
        return 1000;
    }
    let digits = units.ilog10();
    let step = 10u64.pow(digits / 2);
    units.div_ceil(step).saturating_mul(step)
}

/// Sui's storage size of an object: 80 bytes of metadata, the contents, the BCS of its type
/// and 9 more bytes.
pub fn object_storage_size(object: &Object) -> u64 {
    let mut type_bytes = Vec::new();
    let _ = crate::ids::write_struct_tag(&object.type_, &mut type_bytes);
    80 + object.contents.len() as u64 + type_bytes.len() as u64 + 9
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounding_keeps_half_the_digits() {
        assert_eq!(bucketize(5), 1000);
        assert_eq!(bucketize(1001), 1010);
        assert_eq!(bucketize(20_001), 20_100);
        assert_eq!(bucketize(305_501), 305_600);
        assert_eq!(bucketize(1_000_001), 1_001_000);
    }

    #[test]
    fn tiers_multiply_past_their_start() {
        let g = GasSchedule::default();
        assert_eq!(g.internal_cost(20_000), 20_000);
        assert_eq!(g.internal_cost(20_010), 20_020);
        assert_eq!(g.internal_cost(50_000), 20_000 + 60_000);
        assert_eq!(g.units_within(20_020), 20_010);
        assert_eq!(g.units_within(g.internal_cost(150_000)), 150_000);
    }

    #[test]
    fn the_budget_is_capped_by_the_computation_bucket() {
        let g = GasSchedule::default();
        let capped = g.budget_units(u64::MAX, 1000);
        assert_eq!(capped, g.units_within(5_000_000 * 1000));
        // 2000 gas units: 20 000 at 1, 30 000 at 2, 50 000 at 10, then 28 400 at 50.
        assert_eq!(g.budget_units(2_000_000, 1000), 128_400);
    }
}
