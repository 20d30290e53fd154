//! Tern's internal instruction form: Move bytecode with every operand resolved at load time.
//!
//! Each [`Op`] keeps the position of the bytecode instruction it came from (the lowering is
//! 1:1 for now, so op index = bytecode offset), so errors report the peer's offsets.

/// Index into a function's type-slot table ([`crate::loader::Function::types`]).
pub type TypeSlot = u16;

/// A lowered instruction. Kept at 16 bytes (asserted in a test).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    /// Pop and drop the top value.
    Pop,
    /// Return from the function.
    Ret,
    /// Branch if true.
    BrTrue(u32),
    /// Branch if false.
    BrFalse(u32),
    /// Unconditional branch.
    Branch(u32),
    /// Push a `u8`.
    LdU8(u8),
    /// Push a `u16`.
    LdU16(u16),
    /// Push a `u32`.
    LdU32(u32),
    /// Push a `u64`.
    LdU64(u64),
    /// Push an `i8`.
    LdI8(i8),
    /// Push an `i16`.
    LdI16(i16),
    /// Push an `i32`.
    LdI32(i32),
    /// Push an `i64`.
    LdI64(i64),
    /// Push a wide literal (u128/i128/u256/i256) from the function's literal table.
    LdWide(u32),
    /// Push a module constant (decoded once at load).
    LdConst(u32),
    /// Push `true`.
    LdTrue,
    /// Push `false`.
    LdFalse,
    /// Push a copy of a local.
    CopyLoc(u8),
    /// Move a local out onto the stack.
    MoveLoc(u8),
    /// Pop into a local (dropping the old value).
    StLoc(u8),
    /// Borrow a local (mutably or not: runtime references do not distinguish).
    BorrowLoc(u8),
    /// Borrow a field of the referenced struct.
    BorrowField(u16),
    /// Borrow a field of the referenced enum value, checking the variant.
    BorrowVariantField {
        /// Field offset.
        offset: u16,
        /// Index into the function's variant-set table (allowed variants and names).
        variants: u16,
    },
    /// Call a function through the module's link table (function handle index).
    Call(u16),
    /// Call a generic function through the module's instantiation table.
    CallGeneric(u16),
    /// Pack a struct with `n` fields.
    Pack(u16),
    /// Unpack a struct with `n` fields.
    Unpack(u16),
    /// Pack an enum variant.
    PackVariant {
        /// Variant tag.
        variant: u16,
        /// Field count.
        fields: u16,
    },
    /// Unpack an enum variant, checking it.
    UnpackVariant {
        /// Index into the function's variant-set table (expected variant and names).
        check: u16,
        /// Field count.
        fields: u16,
    },
    /// Test an enum variant.
    TestVariant(u16),
    /// Read through a reference (deep copy).
    ReadRef,
    /// Write through a reference.
    WriteRef,
    /// Freeze a mutable reference (no-op at run time).
    FreezeRef,
    /// `+`.
    Add,
    /// `-`.
    Sub,
    /// `*`.
    Mul,
    /// `%`.
    Mod,
    /// `/`.
    Div,
    /// `|`.
    BitOr,
    /// `&`.
    BitAnd,
    /// `^`.
    Xor,
    /// `||` on booleans.
    Or,
    /// `&&` on booleans.
    And,
    /// `!`.
    Not,
    /// `==`.
    Eq,
    /// `!=`.
    Neq,
    /// `<`.
    Lt,
    /// `>`.
    Gt,
    /// `<=`.
    Le,
    /// `>=`.
    Ge,
    /// `<<`.
    Shl,
    /// `>>`.
    Shr,
    /// Cast to an integer type.
    Cast(IntKind),
    /// Negate a signed integer.
    Negate,
    /// Abort with the code on the stack.
    Abort,
    /// Abort with a message and a code.
    AbortMsg,
    /// No-op.
    Nop,
    /// `exists<T>` for the struct type in the given type slot.
    Exists(TypeSlot),
    /// Borrow a global resource.
    BorrowGlobal {
        /// Type slot of the resource type.
        ty: TypeSlot,
        /// Whether mutably (marks the resource as possibly modified).
        mutable: bool,
    },
    /// Move a resource out of global storage.
    MoveFrom(TypeSlot),
    /// Move a resource into global storage.
    MoveTo(TypeSlot),
    /// Pack `n` values into a vector of the element type in the slot.
    VecPack(TypeSlot, u32),
    /// Length of a vector.
    VecLen,
    /// Borrow a vector element.
    VecBorrow,
    /// Push onto a vector.
    VecPushBack,
    /// Pop from a vector.
    VecPopBack,
    /// Unpack a vector of exactly `n` elements.
    VecUnpack(u32),
    /// Swap two elements.
    VecSwap,
    /// Pack a closure over a function handle with a capture mask (index into the closure
    /// table).
    PackClosure(u16),
    /// Call a closure (type slot of the function type).
    CallClosure(TypeSlot),
}

/// The twelve integer kinds, for casts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum IntKind {
    /// `u8`.
    U8,
    /// `u16`.
    U16,
    /// `u32`.
    U32,
    /// `u64`.
    U64,
    /// `u128`.
    U128,
    /// `u256`.
    U256,
    /// `i8`.
    I8,
    /// `i16`.
    I16,
    /// `i32`.
    I32,
    /// `i64`.
    I64,
    /// `i128`.
    I128,
    /// `i256`.
    I256,
}

#[cfg(test)]
mod tests {
    #[test]
    fn op_is_16_bytes() {
        assert!(std::mem::size_of::<super::Op>() <= 16);
    }
}
