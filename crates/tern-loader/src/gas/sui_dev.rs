//! The cost table of Sui's Move VM development meter, the one Sui's transactional test runner
//! charges a `--gas-budget` against ([`super::Pricing::SuiDev`]).
//!
//! Each instruction has a table cost (Sui lists an instruction part and a memory part; only
//! their sum is ever charged). Most instructions cost exactly that; those that handle values
//! cost it times the abstract size of the values (never less than once, see
//! [`charged_size`]). Sizes: 8 units per primitive up to `u64` and per `bool`, 16 per
//! `u128`, 32 per `u256` and per address, 8 per reference (not followed), 2 per struct,
//! variant or vector of non-primitives plus its elements, and the packed bytes of a vector of
//! primitives. A call costs its table cost times its argument count plus one (a generic
//! call: times its argument count). Budgets are gas units of [`INTERNAL_PER_GAS_UNIT`]
//! internal units.
//!
//! Values are Sui's `INITIAL_COST_SCHEDULE` (`move-vm-runtime` `dev_utils::gas_schedule`).

use tern_binary::{
    Bytecode, ConstantPoolIndex, FunctionHandleIndex, FunctionInstantiationIndex, LocalIndex,
};

/// Internal units per gas unit.
pub const INTERNAL_PER_GAS_UNIT: u64 = 1000;

/// Abstract size of a primitive up to `u64` (and of `bool`).
pub const SMALL_PRIMITIVE_SIZE: u64 = 8;
/// Abstract size of a `u128` (or `i128`).
pub const U128_SIZE: u64 = 16;
/// Abstract size of a `u256` (or `i256`).
pub const U256_SIZE: u64 = 32;
/// Abstract size of an address.
pub const ADDRESS_SIZE: u64 = 32;
/// Abstract size of a reference (what it points to is not counted).
pub const REFERENCE_SIZE: u64 = 8;
/// Abstract size of a struct, variant or vector of non-primitives, before its elements.
pub const CONTAINER_SIZE: u64 = 2;

/// What an instruction Sui's table does not list costs (Aptos-only instructions: signed
/// integers, closures, `abort_msg`, Aptos's variant instructions): the commonest entry,
/// 1 + 1.
pub const UNLISTED_COST: u64 = 2;

/// What the size an instruction is charged by measures, read from the state just before it
/// runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SizeRule {
    /// Charged its table cost once.
    Once,
    /// The value in this local.
    Local(LocalIndex),
    /// The value this many places below the top of the stack.
    Operand(usize),
    /// The value the reference on top of the stack points to (not followed further).
    Referent,
    /// The two values on top of the stack.
    TopTwo,
    /// One per field packed plus the fields' sizes.
    Pack,
    /// One per field unpacked plus the fields' sizes, or (`by_ref`) a reference's size per
    /// field.
    Unpack {
        /// Whether the fields are unpacked by reference.
        by_ref: bool,
    },
    /// This element count.
    Count(u64),
    /// The serialized bytes of this constant.
    Constant(ConstantPoolIndex),
    /// The callee's parameter count plus one.
    CallArguments(FunctionHandleIndex),
    /// The generic callee's parameter count.
    GenericCallArguments(FunctionInstantiationIndex),
}

/// The table cost of `instr` (instruction plus memory part), before any size multiplier, and
/// what its size multiplier measures.
pub fn instruction_price(instr: &Bytecode) -> (u64, SizeRule) {
    use Bytecode as B;
    use SizeRule as S;
    match instr {
        B::Ret => (639, S::Once),
        B::Call(h) => (1133, S::CallArguments(*h)),
        B::CallGeneric(i) => (583, S::GenericCallArguments(*i)),
        B::MutBorrowLoc(_)
        | B::BitAnd
        | B::BitOr
        | B::Shl
        | B::Le
        | B::Or
        | B::CastU8
        | B::CastU16
        | B::CastU32
        | B::CastU256 => (3, S::Once),
        B::Pack(_) | B::PackGeneric(_) | B::SuiPackVariant(_) | B::SuiPackVariantGeneric(_) => {
            (3, S::Pack)
        }
        B::Unpack(_)
        | B::UnpackGeneric(_)
        | B::SuiUnpackVariant(_)
        | B::SuiUnpackVariantGeneric(_) => (3, S::Unpack { by_ref: false }),
        B::SuiUnpackVariantImmRef(_)
        | B::SuiUnpackVariantMutRef(_)
        | B::SuiUnpackVariantGenericImmRef(_)
        | B::SuiUnpackVariantGenericMutRef(_) => (3, S::Unpack { by_ref: true }),
        B::VariantSwitch(_) => (3, S::Referent),
        B::Div => (4, S::Once),
        B::VecPack(_, n) => (85, S::Count(*n)),
        B::VecLen(_) => (99, S::Once),
        B::VecImmBorrow(_) => (1335, S::Once),
        B::VecMutBorrow(_) => (1903, S::Once),
        B::VecPushBack(_) => (54, S::Operand(0)),
        B::VecPopBack(_) => (228, S::Once),
        B::VecUnpack(_, n) => (573, S::Count(*n)),
        B::VecSwap(_) => (1437, S::Once),
        // Storage instructions, which Sui's own runtime no longer runs.
        B::MoveTo(_) => (14, S::Once),
        B::MoveToGeneric(_) => (28, S::Once),
        B::MoveFrom(_) => (460, S::Once),
        B::MoveFromGeneric(_) => (14, S::Once),
        B::Exists(_) => (42, S::Once),
        B::ExistsGeneric(_) => (35, S::Once),
        B::MutBorrowGlobal(_) => (22, S::Once),
        B::MutBorrowGlobalGeneric(_) => (16, S::Once),
        B::ImmBorrowGlobal(_) => (24, S::Once),
        B::ImmBorrowGlobalGeneric(_) => (15, S::Once),
        // Every other instruction Sui lists costs 1 + 1.
        B::CopyLoc(i) | B::MoveLoc(i) => (2, S::Local(*i)),
        B::StLoc(_) => (2, S::Operand(0)),
        B::WriteRef => (2, S::Operand(1)),
        B::ReadRef => (2, S::Referent),
        B::Eq | B::Neq => (2, S::TopTwo),
        B::LdConst(idx) => (2, S::Constant(*idx)),
        B::Pop
        | B::BrTrue(..)
        | B::BrFalse(..)
        | B::Branch(..)
        | B::LdU8(..)
        | B::LdU16(..)
        | B::LdU32(..)
        | B::LdU64(..)
        | B::LdU128(..)
        | B::LdU256(..)
        | B::LdTrue
        | B::LdFalse
        | B::ImmBorrowLoc(..)
        | B::MutBorrowField(..)
        | B::ImmBorrowField(..)
        | B::MutBorrowFieldGeneric(..)
        | B::ImmBorrowFieldGeneric(..)
        | B::FreezeRef
        | B::Add
        | B::Sub
        | B::Mul
        | B::Mod
        | B::Xor
        | B::Shr
        | B::And
        | B::Not
        | B::Lt
        | B::Gt
        | B::Ge
        | B::CastU64
        | B::CastU128
        | B::Abort
        | B::Nop => (2, S::Once),
        // Aptos-only instructions, which Sui's table does not list.
        B::ImmBorrowVariantField(..)
        | B::MutBorrowVariantField(..)
        | B::ImmBorrowVariantFieldGeneric(..)
        | B::MutBorrowVariantFieldGeneric(..)
        | B::PackVariant(..)
        | B::PackVariantGeneric(..)
        | B::UnpackVariant(..)
        | B::UnpackVariantGeneric(..)
        | B::TestVariant(..)
        | B::TestVariantGeneric(..)
        | B::PackClosure(..)
        | B::PackClosureGeneric(..)
        | B::CallClosure(..)
        | B::LdI8(..)
        | B::LdI16(..)
        | B::LdI32(..)
        | B::LdI64(..)
        | B::LdI128(..)
        | B::LdI256(..)
        | B::CastI8
        | B::CastI16
        | B::CastI32
        | B::CastI64
        | B::CastI128
        | B::CastI256
        | B::Negate
        | B::AbortMsg => (UNLISTED_COST, S::Once),
    }
}

/// The table cost of `instr` (instruction plus memory part), before any size multiplier.
pub fn instruction_cost(instr: &Bytecode) -> u64 {
    instruction_price(instr).0
}

/// The size an instruction charged by size is multiplied by: `size`, but at least 1.
pub fn charged_size(size: u64) -> u64 {
    size.max(1)
}

/// What `instr` costs when the values it handles measure `size`: its table cost times
/// [`charged_size`] (saturating).
pub fn sized_cost(instr: &Bytecode, size: u64) -> u64 {
    instruction_cost(instr).saturating_mul(charged_size(size))
}

#[cfg(test)]
mod tests {
    use super::*;
    use tern_binary::{FunctionHandleIndex, VariantJumpTableIndex};

    #[test]
    fn table_costs_are_the_sum_of_both_parts() {
        // Sui lists `ret` as 638 + 1 and `call` as 1132 + 1.
        assert_eq!(instruction_cost(&Bytecode::Ret), 639);
        assert_eq!(
            instruction_cost(&Bytecode::Call(FunctionHandleIndex(0))),
            1133
        );
        assert_eq!(instruction_cost(&Bytecode::ImmBorrowLoc(0)), 2);
    }

    #[test]
    fn each_instruction_says_what_its_size_measures() {
        use SizeRule as S;
        assert_eq!(instruction_price(&Bytecode::CopyLoc(3)), (2, S::Local(3)));
        assert_eq!(instruction_price(&Bytecode::WriteRef), (2, S::Operand(1)));
        assert_eq!(instruction_price(&Bytecode::Eq), (2, S::TopTwo));
        assert_eq!(
            instruction_price(&Bytecode::VecUnpack(Default::default(), 4)),
            (573, S::Count(4))
        );
        assert_eq!(
            instruction_price(&Bytecode::Call(FunctionHandleIndex(2))),
            (1133, S::CallArguments(FunctionHandleIndex(2)))
        );
        assert_eq!(
            instruction_price(&Bytecode::Negate),
            (UNLISTED_COST, S::Once)
        );
    }

    #[test]
    fn sized_instructions_multiply_by_at_least_one() {
        // `variant_switch` (2 + 1) on a variant with no fields (size 2): 3 × 2.
        let switch = Bytecode::VariantSwitch(VariantJumpTableIndex(0));
        assert_eq!(sized_cost(&switch, CONTAINER_SIZE), 6);
        // `copy_loc` (1 + 1) of a `u64`: 2 × 8.
        assert_eq!(sized_cost(&Bytecode::CopyLoc(0), SMALL_PRIMITIVE_SIZE), 16);
        // A call of a function with one parameter: 1133 × (1 + 1).
        assert_eq!(sized_cost(&Bytecode::Call(FunctionHandleIndex(0)), 2), 2266);
        // An empty `vec_pack` (84 + 1) still costs its table cost once.
        assert_eq!(sized_cost(&Bytecode::VecPack(Default::default(), 0), 0), 85);
    }
}
