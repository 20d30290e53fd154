//! A gas schedule: what each instruction costs, in internal gas units, including the parts
//! that grow with the values an instruction touches (their abstract size), the types a
//! generic instruction instantiates (their node count), the constants it loads, the resources
//! it reads from storage and the modules a run depends on.
//!
//! [`GasSchedule::aptos`] holds the Aptos mainnet parameters: the `instr.*`, `misc.abs_val.*`
//! and the execution-related `txn.*` entries of aptos-core's gas schedule at gas feature
//! version 50 (release 1.46, aptos-core `f5bf2b45`), and its native parameters
//! (`aptos-natives.txt`). The formulas are the ones Aptos's standard gas meter applies to
//! them; `docs/gas.md` lists them and what Tern does not charge.

use std::collections::BTreeMap;

/// Costs of the instructions, in internal gas units (`instr.*` in Aptos's schedule).
///
/// A `*_base` cost is charged once per execution; the `per_*` costs multiply what the name
/// says (fields, arguments, elements, bytes, or abstract value units, see [`ValueSizes`]).
#[allow(missing_docs)] // Each field is the Aptos parameter of the same name.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct InstructionCosts {
    pub nop: u64,
    pub ret: u64,
    pub abort: u64,
    pub abort_msg_base: u64,
    pub abort_msg_per_byte: u64,
    pub br_true: u64,
    pub br_false: u64,
    pub branch: u64,
    pub pop: u64,
    /// `ld_u8` … `ld_u64`, `ld_i8` … `ld_i64`, `ld_true`, `ld_false`.
    pub ld_small: u64,
    /// `ld_u128`, `ld_u256`, `ld_i128`, `ld_i256`.
    pub ld_wide: u64,
    pub ld_const_base: u64,
    pub ld_const_per_byte: u64,
    pub imm_borrow_loc: u64,
    pub mut_borrow_loc: u64,
    /// `borrow_field` and `mut_borrow_field`, generic or not.
    pub borrow_field: u64,
    /// `borrow_variant_field` and `mut_borrow_variant_field`, generic or not.
    pub borrow_variant_field: u64,
    /// `test_variant`, generic or not.
    pub test_variant: u64,
    pub copy_loc_base: u64,
    pub copy_loc_per_abs_val_unit: u64,
    pub move_loc_base: u64,
    pub st_loc_base: u64,
    /// `call` and generic `call`: the base, per argument, per local (parameters included).
    pub call_base: u64,
    pub call_per_arg: u64,
    pub call_per_local: u64,
    /// Generic `call`, per type argument.
    pub call_generic_per_ty_arg: u64,
    /// `pack`, `unpack` and their variant forms, generic or not.
    pub pack_base: u64,
    pub pack_per_field: u64,
    pub unpack_base: u64,
    pub unpack_per_field: u64,
    pub pack_closure_base: u64,
    pub pack_closure_per_arg: u64,
    pub read_ref_base: u64,
    pub read_ref_per_abs_val_unit: u64,
    pub write_ref_base: u64,
    pub freeze_ref: u64,
    /// Every `cast_*`.
    pub cast: u64,
    /// Arithmetic, bitwise, boolean and ordering instructions and `negate`.
    pub arith: u64,
    pub eq_base: u64,
    pub eq_per_abs_val_unit: u64,
    pub neq_base: u64,
    pub neq_per_abs_val_unit: u64,
    /// `borrow_global` and `mut_borrow_global`, generic or not.
    pub borrow_global_base: u64,
    pub exists_base: u64,
    pub move_from_base: u64,
    pub move_to_base: u64,
    pub vec_len_base: u64,
    /// `vec_borrow` and `vec_mut_borrow`.
    pub vec_borrow_base: u64,
    pub vec_push_back_base: u64,
    pub vec_pop_back_base: u64,
    pub vec_swap_base: u64,
    pub vec_pack_base: u64,
    pub vec_pack_per_elem: u64,
    pub vec_unpack_base: u64,
    pub vec_unpack_per_expected_elem: u64,
    /// Per node of each type a generic instruction (and `ld_const` and the vector
    /// instructions) instantiates.
    pub subst_ty_per_node: u64,
}

/// The abstract size of values (`misc.abs_val.*`): what `copy_loc`, `read_ref`, `eq` and
/// `neq` charge per unit of the values they copy or compare.
///
/// A primitive, a struct, a closure, a vector and a reference each count one `node`; the
/// elements of a vector of primitives count their packed size instead (`per_*_packed`), and
/// the fields of structs, variants (whose tag counts as a `u16`), closures and other vectors
/// count as values of their own. A reference is not followed, except where a comparison
/// looks through it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ValueSizes {
    /// Units of any primitive, struct, closure, vector or reference (40 in every Aptos
    /// entry).
    pub node: u64,
    /// Units per element of a vector of `u8`, `i8` or `bool`.
    pub per_byte_packed: u64,
    /// Per element of a vector of `u16` or `i16`.
    pub per_u16_packed: u64,
    /// Per element of a vector of `u32` or `i32`.
    pub per_u32_packed: u64,
    /// Per element of a vector of `u64` or `i64`.
    pub per_u64_packed: u64,
    /// Per element of a vector of `u128` or `i128`.
    pub per_u128_packed: u64,
    /// Per element of a vector of `u256` or `i256`.
    pub per_u256_packed: u64,
    /// Per element of a vector of `address`.
    pub per_address_packed: u64,
}

/// What a run's storage reads and dependencies cost (`txn.*`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct IoCosts {
    /// Per resource read from storage (`storage_io_per_state_slot_read`).
    pub per_slot_read: u64,
    /// Per byte read, rounded up to whole pages (`storage_io_per_state_byte_read`).
    pub per_byte_read: u64,
    /// The page size reads are rounded up to.
    pub read_page: u64,
    /// Per module a run uses outside the special addresses `0x0`–`0xf`
    /// (`dependency_per_module`).
    pub dependency_per_module: u64,
    /// Per byte of such a module (`dependency_per_byte`).
    pub dependency_per_byte: u64,
}

/// How a schedule prices an instruction.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum Pricing {
    /// Aptos's formulas: a base cost plus what grows with sizes, fields, arguments and type
    /// nodes, each from [`GasSchedule::instructions`] and [`GasSchedule::sizes`].
    #[default]
    Additive,
    /// The cost table of Sui's Move VM development meter (what Sui's transactional test
    /// runner charges, see [`super::sui_dev`]): each instruction's table cost, times the
    /// abstract size of the values it handles (at least 1) for the instructions charged by
    /// size. [`GasSchedule::instructions`], [`GasSchedule::sizes`] and [`GasSchedule::io`]
    /// are not read.
    SuiDev,
}

/// A complete gas schedule: instruction costs, value sizes, storage and dependency costs,
/// and the unit conversion.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GasSchedule {
    /// What it names itself in reports (`aptos 1.46 (gas feature version 50)`).
    pub name: String,
    /// The formulas instructions are priced by.
    pub pricing: Pricing,
    /// Instruction costs.
    pub instructions: InstructionCosts,
    /// Abstract value sizes.
    pub sizes: ValueSizes,
    /// Storage reads and dependencies.
    pub io: IoCosts,
    /// Internal units per gas unit (`txn.gas_unit_scaling_factor`).
    pub scaling_factor: u64,
    /// Most internal units one transaction's execution may use (`txn.max_execution_gas`).
    pub max_execution_gas: u64,
    /// Deepest value the size computation visits before failing with
    /// `VM_MAX_VALUE_DEPTH_REACHED` (Aptos: 128).
    pub max_value_depth: u64,
    /// The prices natives charge by ([`crate::natives::NativeContext::charge_priced`]),
    /// by parameter name (Aptos's on-chain names, such as
    /// `move_stdlib.hash.sha3_256.per_byte`), in internal units.
    pub natives: BTreeMap<String, u64>,
}

/// Aptos's native parameters: `name cost` lines, `#` comments.
const APTOS_NATIVES: &str = include_str!("aptos-natives.txt");

/// The `name cost` lines of a parameter table (comments and malformed lines skipped: the
/// table is part of the source, and a test checks that every line reads).
fn read_prices(table: &str) -> BTreeMap<String, u64> {
    table
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| {
            let (name, cost) = l.split_once(' ')?;
            Some((name.to_string(), cost.trim().parse().ok()?))
        })
        .collect()
}

impl GasSchedule {
    /// Aptos mainnet's parameters at gas feature version 50 (release 1.46).
    pub fn aptos() -> GasSchedule {
        GasSchedule {
            name: "aptos 1.46 (gas feature version 50)".to_string(),
            pricing: Pricing::Additive,
            instructions: InstructionCosts {
                nop: 360,
                ret: 2200,
                abort: 2200,
                abort_msg_base: 4400,
                abort_msg_per_byte: 450,
                br_true: 4410,
                br_false: 4410,
                branch: 2940,
                pop: 1470,
                ld_small: 2200,
                ld_wide: 2940,
                ld_const_base: 23890,
                ld_const_per_byte: 1280,
                imm_borrow_loc: 2200,
                mut_borrow_loc: 2200,
                borrow_field: 7350,
                borrow_variant_field: 8350,
                test_variant: 5350,
                copy_loc_base: 2940,
                copy_loc_per_abs_val_unit: 140,
                move_loc_base: 4410,
                st_loc_base: 4410,
                call_base: 36760,
                call_per_arg: 3670,
                call_per_local: 3670,
                call_generic_per_ty_arg: 3670,
                pack_base: 8080,
                pack_per_field: 1470,
                unpack_base: 8080,
                unpack_per_field: 1470,
                pack_closure_base: 9080,
                pack_closure_per_arg: 1470,
                read_ref_base: 7350,
                read_ref_per_abs_val_unit: 140,
                write_ref_base: 7350,
                freeze_ref: 360,
                cast: 4410,
                arith: 5880,
                eq_base: 3670,
                eq_per_abs_val_unit: 140,
                neq_base: 3670,
                neq_per_abs_val_unit: 140,
                borrow_global_base: 18380,
                exists_base: 9190,
                move_from_base: 12860,
                move_to_base: 18380,
                vec_len_base: 8080,
                vec_borrow_base: 12130,
                vec_push_back_base: 13960,
                vec_pop_back_base: 9550,
                vec_swap_base: 11020,
                vec_pack_base: 22050,
                vec_pack_per_elem: 1470,
                vec_unpack_base: 18380,
                vec_unpack_per_expected_elem: 1470,
                subst_ty_per_node: 4000,
            },
            sizes: ValueSizes {
                node: 40,
                per_byte_packed: 1,
                per_u16_packed: 2,
                per_u32_packed: 4,
                per_u64_packed: 8,
                per_u128_packed: 16,
                per_u256_packed: 32,
                per_address_packed: 32,
            },
            io: IoCosts {
                per_slot_read: 3_023_850,
                per_byte_read: 1510,
                read_page: 4096,
                dependency_per_module: 744_600,
                dependency_per_byte: 420,
            },
            scaling_factor: 1_000_000,
            max_execution_gas: 9_200_000_000,
            max_value_depth: 128,
            natives: read_prices(APTOS_NATIVES),
        }
    }

    /// The cost table of Sui's Move VM development meter ([`Pricing::SuiDev`]), with 1000
    /// internal units per gas unit as that meter converts them. It prices no storage reads,
    /// dependencies or natives by name (a native charges nothing of its own under it).
    pub fn sui_dev() -> GasSchedule {
        GasSchedule {
            name: "sui move-vm dev cost table".to_string(),
            pricing: Pricing::SuiDev,
            instructions: InstructionCosts::default(),
            sizes: ValueSizes::default(),
            io: IoCosts::default(),
            scaling_factor: super::sui_dev::INTERNAL_PER_GAS_UNIT,
            max_execution_gas: u64::MAX,
            max_value_depth: 128,
            natives: BTreeMap::new(),
        }
    }

    /// What native parameter `name` costs per unit, if the schedule lists it.
    pub fn native_price(&self, name: &str) -> Option<u64> {
        self.natives.get(name).copied()
    }

    /// Internal units of `gas` gas units (saturating).
    pub fn internal_units(&self, gas: u64) -> u64 {
        gas.saturating_mul(self.scaling_factor)
    }

    /// Gas units of `internal` internal units, rounded up (a run is billed whole units).
    pub fn gas_units(&self, internal: u64) -> u64 {
        internal.div_ceil(self.scaling_factor.max(1))
    }

    /// What reading a resource of `bytes` bytes from storage costs: one slot and the bytes
    /// rounded up to whole pages.
    pub fn read_cost(&self, bytes: u64) -> u64 {
        let page = self.io.read_page.max(1);
        let rounded = bytes.div_ceil(page).saturating_mul(page);
        self.io
            .per_slot_read
            .saturating_add(self.io.per_byte_read.saturating_mul(rounded))
    }

    /// What depending on a module of `bytes` bytes costs.
    pub fn dependency_cost(&self, bytes: u64) -> u64 {
        self.io
            .dependency_per_module
            .saturating_add(self.io.dependency_per_byte.saturating_mul(bytes))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units_convert_with_the_scaling_factor_rounding_up() {
        let s = GasSchedule::aptos();
        assert_eq!(s.internal_units(3), 3_000_000);
        assert_eq!(s.gas_units(0), 0);
        assert_eq!(s.gas_units(1), 1);
        assert_eq!(s.gas_units(2_000_000), 2);
        assert_eq!(s.gas_units(2_000_001), 3);
        assert_eq!(s.internal_units(u64::MAX), u64::MAX);
    }

    #[test]
    fn every_native_price_reads() {
        let lines = APTOS_NATIVES
            .lines()
            .filter(|l| !l.starts_with('#'))
            .count();
        let s = GasSchedule::aptos();
        assert_eq!(s.natives.len(), lines);
        assert_eq!(
            s.native_price("move_stdlib.hash.sha3_256.per_byte"),
            Some(1650)
        );
        assert_eq!(s.native_price("no.such.parameter"), None);
    }

    #[test]
    fn reads_round_up_to_pages_and_dependencies_count_bytes() {
        let s = GasSchedule::aptos();
        assert_eq!(s.read_cost(0), 3_023_850);
        assert_eq!(s.read_cost(1), 3_023_850 + 1510 * 4096);
        assert_eq!(s.read_cost(4096), 3_023_850 + 1510 * 4096);
        assert_eq!(s.read_cost(4097), 3_023_850 + 1510 * 8192);
        assert_eq!(s.dependency_cost(1000), 744_600 + 420_000);
    }
}
