//! Tern's internal instruction form: Move bytecode with every operand resolved at load time.
//!
//! Each [`Op`] keeps the position of the bytecode instruction it came from (the lowering is
//! 1:1 for now, so op index = bytecode offset), so errors report the peer's offsets.

/// Index into a function's type-slot table ([`crate::loader::Body::types`]).
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
    /// Pop a reference to an enum value and push a reference to each field of its variant,
    /// checking the variant (Sui's unpack by reference, immutable or mutable alike).
    UnpackVariantRef {
        /// Index into the function's variant-set table (expected variant and names).
        check: u16,
        /// Field count.
        fields: u16,
    },
    /// Pop a reference to an enum value and branch to the target of its variant in a jump
    /// table of the function (index into [`crate::loader::Body::jump_tables`]).
    VariantSwitch(u16),
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
    /// Super-instruction for `copy_loc local; ld_u64 imm; <cmp>; br_false target`, placed on
    /// the `copy_loc` while the three original ops stay in place behind it: the fast path runs
    /// all four at once; any other case runs the `copy_loc` alone and continues with the
    /// originals, so errors, offsets and gas stay exactly those of the bytecode. A
    /// `br_true` is fused too, with the complementary comparison.
    CmpLocImmBrFalse {
        /// The local copied.
        local: u8,
        /// The comparison.
        cmp: FusedCmp,
        /// Where `br_false` jumps.
        target: u32,
        /// The `ld_u64` immediate.
        imm: u64,
    },
    /// Super-instruction for `copy_loc|move_loc src; ld_u64 imm; mul|mod|div; st_loc dst`
    /// (same shadowing scheme as [`Op::CmpLocImmBrFalse`]; add and sub have their own variants).
    ArithLocImmStLoc {
        /// The local read.
        src: u8,
        /// Whether `src` is moved (else copied).
        moved: bool,
        /// The operation.
        arith: FusedArith,
        /// The local written.
        dst: u8,
        /// The `ld_u64` immediate.
        imm: u64,
    },
    /// Super-instruction for `copy_loc|move_loc src; ld_u64 imm; add` on a u64 local: pushes
    /// the sum (same shadowing scheme as [`Op::CmpLocImmBrFalse`]).
    AddLocImm {
        /// The local read.
        src: u8,
        /// Whether `src` is moved (else copied).
        moved: bool,
        /// The `ld_u64` immediate.
        imm: u64,
    },
    /// [`Op::AddLocImm`] for `sub`: pushes the difference.
    SubLocImm {
        /// The local read.
        src: u8,
        /// Whether `src` is moved (else copied).
        moved: bool,
        /// The `ld_u64` immediate.
        imm: u64,
    },
    /// [`Op::ArithLocImmStLoc`] for `add` (its own variant: a single dispatch jump).
    AddLocImmStLoc {
        /// The local read.
        src: u8,
        /// Whether `src` is moved (else copied).
        moved: bool,
        /// The local written.
        dst: u8,
        /// The `ld_u64` immediate.
        imm: u64,
    },
    /// [`Op::ArithLocImmStLoc`] for `sub` (its own variant: a single dispatch jump).
    SubLocImmStLoc {
        /// The local read.
        src: u8,
        /// Whether `src` is moved (else copied).
        moved: bool,
        /// The local written.
        dst: u8,
        /// The `ld_u64` immediate.
        imm: u64,
    },
    /// Super-instruction for `copy_loc a; copy_loc b; <cmp>; br_false target` (same shadowing
    /// scheme as [`Op::CmpLocImmBrFalse`]; `br_true` with the complementary comparison).
    CmpLocLocBrFalse {
        /// The left local.
        a: u8,
        /// The right local.
        b: u8,
        /// The comparison.
        cmp: FusedCmp,
        /// Where `br_false` jumps.
        target: u32,
    },
    /// Super-instruction for `copy_loc a; copy_loc b; <op>` on u64 values, pushing the result
    /// (same shadowing scheme as [`Op::CmpLocImmBrFalse`]).
    BinLocLoc {
        /// The left local.
        a: u8,
        /// The right local.
        b: u8,
        /// Bit 0: `a` is moved; bit 1: `b` is moved (else copied).
        moves: u8,
        /// The operation.
        op: FusedBin,
    },
    /// Super-instruction reading a vector element through a local: `copy_loc vec` (a
    /// reference, then `freeze_ref` if `freeze`) or `borrow_loc vec` (a vector local), then
    /// `copy_loc idx; vec_borrow; read_ref`, then `st_loc dst` if `store` (else the element
    /// stays pushed). Primitive elements only (same shadowing scheme).
    VecReadLoc {
        /// The local holding the vector reference, or the vector (`borrow`).
        vec: u8,
        /// The local holding the index.
        idx: u8,
        /// The local written when `store`.
        dst: u8,
        /// Bit 0: the vector is borrowed from a local (`borrow_loc`); bit 1: a `freeze_ref`
        /// follows the `copy_loc`; bit 2: the element is stored to `dst`.
        form: u8,
    },
    /// Super-instruction for `borrow_field offset; read_ref; st_loc dst` of a primitive field
    /// of the struct referenced at the top of the stack (same shadowing scheme).
    BorrowFieldReadStLoc {
        /// Field offset.
        offset: u16,
        /// The local written.
        dst: u8,
    },
    /// Super-instruction for `copy_loc|move_loc local; borrow_field offset` on a struct
    /// reference held in `local` (same shadowing scheme).
    BorrowFieldLoc {
        /// The local holding the reference.
        local: u8,
        /// Whether it is moved (else copied).
        moved: bool,
        /// Field offset.
        offset: u16,
    },
    /// Super-instruction for `copy_loc idx; vec_borrow` under a vector reference at the top
    /// of the stack (same shadowing scheme).
    VecBorrowLoc {
        /// The local holding the index.
        idx: u8,
    },
    /// Super-instruction for `<op>; st_loc dst` on the two u64 values at the top of the stack
    /// (`x = e1 op e2` where an operand is not a local; same shadowing scheme).
    BinStLoc {
        /// The operation.
        op: FusedBin,
        /// The local written.
        dst: u8,
    },
    /// Super-instruction for `copy_loc|move_loc a; copy_loc|move_loc b; <op>; st_loc dst` on
    /// u64 values (same shadowing scheme as [`Op::CmpLocImmBrFalse`]).
    BinLocLocStLoc {
        /// The left local.
        a: u8,
        /// The right local.
        b: u8,
        /// Bit 0: `a` is moved; bit 1: `b` is moved (else copied).
        moves: u8,
        /// The operation.
        op: FusedBin,
        /// The local written.
        dst: u8,
    },
    /// Super-instruction for `borrow_field offset; read_ref` of a primitive field (same
    /// shadowing scheme as [`Op::CmpLocImmBrFalse`]).
    BorrowFieldRead(u16),
    /// Super-instruction for `vec_borrow; read_ref` of a primitive element (same shadowing
    /// scheme).
    VecBorrowRead,
    /// Super-instruction for `ld_u64 imm; add` on a u64 at the top of the stack
    /// (same shadowing scheme; one variant per operation, so dispatch is a single jump).
    AddImm(u64),
    /// Super-instruction for `ld_u64 imm; sub` on a u64 at the top of the stack
    /// (same shadowing scheme; one variant per operation, so dispatch is a single jump).
    SubImm(u64),
    /// Super-instruction for `ld_u64 imm; mul` on a u64 at the top of the stack
    /// (same shadowing scheme; one variant per operation, so dispatch is a single jump).
    MulImm(u64),
    /// Super-instruction for `ld_u64 imm; mod` on a u64 at the top of the stack
    /// (same shadowing scheme; one variant per operation, so dispatch is a single jump).
    ModImm(u64),
    /// Super-instruction for `ld_u64 imm; div` on a u64 at the top of the stack
    /// (same shadowing scheme; one variant per operation, so dispatch is a single jump).
    DivImm(u64),
    /// Super-instruction for `ld_i64 imm; add` on a i64 at the top of the stack
    /// (same shadowing scheme; one variant per operation, so dispatch is a single jump).
    AddImmI64(i64),
    /// Super-instruction for `ld_i64 imm; sub` on a i64 at the top of the stack
    /// (same shadowing scheme; one variant per operation, so dispatch is a single jump).
    SubImmI64(i64),
    /// Super-instruction for `ld_i64 imm; mul` on a i64 at the top of the stack
    /// (same shadowing scheme; one variant per operation, so dispatch is a single jump).
    MulImmI64(i64),
    /// Super-instruction for `ld_i64 imm; mod` on a i64 at the top of the stack
    /// (same shadowing scheme; one variant per operation, so dispatch is a single jump).
    ModImmI64(i64),
    /// Super-instruction for `ld_i64 imm; div` on a i64 at the top of the stack
    /// (same shadowing scheme; one variant per operation, so dispatch is a single jump).
    DivImmI64(i64),
    /// Super-instruction for `copy_loc local; call_closure`: calls the closure held in
    /// `local` without copying it (same shadowing scheme; the fast path takes closures over
    /// non-generic Move functions that capture only primitives).
    CallClosureLoc {
        /// The local holding the closure.
        local: u8,
    },
    /// `branch target` where the op at `target` is a fused loop test (`CmpLocImmBrFalse` or
    /// `CmpLocLocBrFalse`): runs that test too and continues past it or at its target (loop
    /// inversion: one dispatch less per loop iteration).
    BranchTest(u32),
    /// The sentinel after a function's last op ([`crate::code::Code`]): reaching it (code
    /// that runs off its end) is an invariant violation.
    EndOfCode,
    /// Super-instruction for `ld_u64 imm; st_loc dst` (same shadowing scheme).
    LdU64StLoc {
        /// The local written.
        dst: u8,
        /// The immediate.
        imm: u64,
    },
    /// Super-instruction reading `r.f[i].g`, a primitive field of a struct element of a
    /// vector field of the struct referenced by local `r`: `copy_loc|move_loc r; borrow_field
    /// f; copy_loc|move_loc i; vec_borrow; borrow_field g; read_ref`, then `st_loc dst` if
    /// stored (else the value stays pushed). Same shadowing scheme as
    /// [`Op::CmpLocImmBrFalse`].
    FieldElemFieldRead {
        /// The local holding the struct reference.
        r: u8,
        /// The vector field's offset.
        f: u16,
        /// The local holding the index.
        idx: u8,
        /// The element's field offset.
        g: u16,
        /// The local written when stored.
        dst: u8,
        /// [`field_path`] form bits.
        form: u8,
    },
    /// Super-instruction for `copy_loc|move_loc src; st_loc dst` (same shadowing scheme).
    LocStLoc {
        /// The local read.
        src: u8,
        /// Whether `src` is moved (else copied).
        moved: bool,
        /// The local written.
        dst: u8,
    },
    /// Super-instruction for `borrow_loc v; copy_loc|move_loc x; vec_push_back` (a vector
    /// local) or `copy_loc v; ...` (a vector reference local) with a primitive `x` (same
    /// shadowing scheme).
    VecPushBackLoc {
        /// The local holding the vector or the reference to it.
        vec: u8,
        /// The local pushed.
        value: u8,
        /// [`vec_push`] form bits.
        form: u8,
    },
    /// Super-instruction for `vec_borrow; write_ref` of a primitive over a primitive element
    /// (same shadowing scheme).
    VecBorrowWrite,
    /// An instruction found at load to instantiate a type beyond the runtime type limits: it
    /// raises error `i` of the body's failures when it runs (as the peer raises it there).
    Fail(u16),
    /// A pack (or `vec_pack`) that Sui's rules check where it runs: index into the body's
    /// [`checked_packs`](crate::loader::Body::checked_packs). The check's outcome is its type
    /// slot's, worked out per frame instantiation; the pack runs once it passes.
    CheckedPack(u16),
    /// Super-instruction for `borrow_loc local; test_variant variant; br_false|br_true
    /// target` on the enum value held in `local` (same shadowing scheme as
    /// [`Op::CmpLocImmBrFalse`]).
    TestVariantLocBr {
        /// The local holding the enum value.
        local: u8,
        /// The variant tested.
        variant: u16,
        /// Where the branch jumps.
        target: u32,
        /// Whether it jumps when the value is that variant (`br_true`), else when it is not
        /// (`br_false`).
        jump_if_equal: bool,
    },
    /// Super-instruction for `pack_variant` of a variant without fields, then `st_loc dst`
    /// (same shadowing scheme): when `dst` holds such a variant already, its tag is
    /// rewritten in place (no allocation, nothing freed).
    PackVariantStLoc {
        /// The variant packed.
        variant: u16,
        /// The local written.
        dst: u8,
    },
    /// Super-instruction for `borrow_loc local; variant_switch table` (Sui's enum match) on
    /// the enum value held in `local` (same shadowing scheme as [`Op::CmpLocImmBrFalse`]):
    /// jumps where jump table `table` sends the value's variant.
    VariantSwitchLoc {
        /// The local holding the enum value.
        local: u8,
        /// The function's jump table (index into [`crate::loader::Body::jump_tables`]).
        table: u16,
    },
}

/// [`Op::FieldElemFieldRead`] form bits.
pub mod field_path {
    /// The struct reference is moved out of its local (else copied).
    pub const MOVE_REF: u8 = 1;
    /// The index is moved out of its local (else copied).
    pub const MOVE_IDX: u8 = 2;
    /// The value is stored to a local (else pushed).
    pub const STORE: u8 = 4;

    /// How many original ops the form covers.
    pub const fn span(form: u8) -> usize {
        6 + (form & STORE != 0) as usize
    }
}

/// [`Op::VecPushBackLoc`] form bits.
pub mod vec_push {
    /// The vector is a local borrowed by `borrow_loc` (else a reference local copied).
    pub const BORROW: u8 = 1;
    /// The value is moved out of its local (else copied).
    pub const MOVE_VALUE: u8 = 2;
}

/// The operation of a fused two-local binary op.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FusedBin {
    /// `+`.
    Add,
    /// `-`.
    Sub,
    /// `*`.
    Mul,
    /// `^`.
    Xor,
    /// `&`.
    BitAnd,
    /// `|`.
    BitOr,
}

/// The comparison of a fused compare-and-branch. Each discriminant is the set of orderings
/// it accepts (bit 0: less, bit 1: equal, bit 2: greater), so [`FusedCmp::holds`] is a shift
/// and a mask, with no branch on the kind of comparison.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub enum FusedCmp {
    /// `<`.
    Lt = 0b001,
    /// `>`.
    Gt = 0b100,
    /// `<=`.
    Le = 0b011,
    /// `>=`.
    Ge = 0b110,
    /// `==`.
    Eq = 0b010,
    /// `!=`.
    Neq = 0b101,
}

impl FusedCmp {
    /// The comparison that holds exactly where this one does not (`<` and `>=`, `==` and
    /// `!=`, ...): the complement of its set of orderings.
    pub fn complement(self) -> FusedCmp {
        match self {
            FusedCmp::Lt => FusedCmp::Ge,
            FusedCmp::Ge => FusedCmp::Lt,
            FusedCmp::Gt => FusedCmp::Le,
            FusedCmp::Le => FusedCmp::Gt,
            FusedCmp::Eq => FusedCmp::Neq,
            FusedCmp::Neq => FusedCmp::Eq,
        }
    }

    /// Whether `x cmp y` holds.
    #[inline(always)]
    pub fn holds(self, x: u64, y: u64) -> bool {
        let ordering = u8::from(x >= y) + u8::from(x > y);
        (self as u8 >> ordering) & 1 != 0
    }
}

impl Op {
    /// The local indices the op names.
    pub fn locals(&self) -> [Option<u8>; 3] {
        match *self {
            Op::CopyLoc(l)
            | Op::MoveLoc(l)
            | Op::StLoc(l)
            | Op::BorrowLoc(l)
            | Op::CallClosureLoc { local: l }
            | Op::CmpLocImmBrFalse { local: l, .. }
            | Op::LdU64StLoc { dst: l, .. }
            | Op::BinStLoc { dst: l, .. }
            | Op::BorrowFieldLoc { local: l, .. }
            | Op::VecBorrowLoc { idx: l }
            | Op::BorrowFieldReadStLoc { dst: l, .. }
            | Op::AddLocImm { src: l, .. }
            | Op::SubLocImm { src: l, .. }
            | Op::TestVariantLocBr { local: l, .. }
            | Op::VariantSwitchLoc { local: l, .. }
            | Op::PackVariantStLoc { dst: l, .. } => [Some(l), None, None],
            Op::CmpLocLocBrFalse { a, b, .. } | Op::BinLocLoc { a, b, .. } => {
                [Some(a), Some(b), None]
            }
            Op::BinLocLocStLoc { a, b, dst, .. } => [Some(a), Some(b), Some(dst)],
            Op::VecReadLoc {
                vec,
                idx,
                dst,
                form,
            } => [
                Some(vec),
                Some(idx),
                (form & vec_read::STORE != 0).then_some(dst),
            ],
            Op::ArithLocImmStLoc { src, dst, .. }
            | Op::AddLocImmStLoc { src, dst, .. }
            | Op::SubLocImmStLoc { src, dst, .. }
            | Op::LocStLoc { src, dst, .. } => [Some(src), Some(dst), None],
            Op::VecPushBackLoc { vec, value, .. } => [Some(vec), Some(value), None],
            Op::FieldElemFieldRead {
                r, idx, dst, form, ..
            } => [
                Some(r),
                Some(idx),
                (form & field_path::STORE != 0).then_some(dst),
            ],
            _ => [None, None, None],
        }
    }

    /// The op's branch target, if it branches.
    pub fn target(&self) -> Option<u32> {
        match *self {
            Op::BrTrue(t)
            | Op::BrFalse(t)
            | Op::Branch(t)
            | Op::BranchTest(t)
            | Op::CmpLocImmBrFalse { target: t, .. }
            | Op::CmpLocLocBrFalse { target: t, .. }
            | Op::TestVariantLocBr { target: t, .. } => Some(t),
            _ => None,
        }
    }

    /// How many ops from its own pc the op may continue at without a branch: 1, or the
    /// length of the sequence a super-instruction runs in one step.
    pub fn span(&self) -> usize {
        match self {
            Op::CmpLocImmBrFalse { .. }
            | Op::CmpLocLocBrFalse { .. }
            | Op::BinLocLocStLoc { .. }
            | Op::ArithLocImmStLoc { .. }
            | Op::AddLocImmStLoc { .. }
            | Op::SubLocImmStLoc { .. } => 4,
            Op::BinLocLoc { .. }
            | Op::BorrowFieldReadStLoc { .. }
            | Op::AddLocImm { .. }
            | Op::SubLocImm { .. } => 3,
            Op::VecReadLoc { form, .. } => vec_read::span(*form),
            Op::FieldElemFieldRead { form, .. } => field_path::span(*form),
            Op::VecPushBackLoc { .. } | Op::TestVariantLocBr { .. } => 3,
            Op::LocStLoc { .. }
            | Op::VecBorrowWrite
            | Op::PackVariantStLoc { .. }
            | Op::VariantSwitchLoc { .. } => 2,
            Op::LdU64StLoc { .. }
            | Op::BinStLoc { .. }
            | Op::BorrowFieldLoc { .. }
            | Op::VecBorrowLoc { .. }
            | Op::AddImm(_)
            | Op::SubImm(_)
            | Op::MulImm(_)
            | Op::ModImm(_)
            | Op::DivImm(_)
            | Op::AddImmI64(_)
            | Op::SubImmI64(_)
            | Op::MulImmI64(_)
            | Op::ModImmI64(_)
            | Op::DivImmI64(_)
            | Op::CallClosureLoc { .. }
            | Op::BorrowFieldRead(_)
            | Op::VecBorrowRead => 2,
            _ => 1,
        }
    }
}

/// [`Op::VecReadLoc`] form bits.
pub mod vec_read {
    /// `borrow_loc` of a vector local (else `copy_loc` of a reference).
    pub const BORROW: u8 = 1;
    /// A `freeze_ref` follows the `copy_loc`.
    pub const FREEZE: u8 = 2;
    /// The element is stored to a local.
    pub const STORE: u8 = 4;

    /// How many original ops the form covers.
    pub fn span(form: u8) -> usize {
        4 + usize::from(form & FREEZE != 0) + usize::from(form & STORE != 0)
    }
}

impl FusedBin {
    /// The operation on two u64 values (`None` on overflow).
    #[inline(always)]
    pub fn apply(self, x: u64, y: u64) -> Option<u64> {
        match self {
            FusedBin::Add => x.checked_add(y),
            FusedBin::Sub => x.checked_sub(y),
            FusedBin::Mul => x.checked_mul(y),
            FusedBin::Xor => Some(x ^ y),
            FusedBin::BitAnd => Some(x & y),
            FusedBin::BitOr => Some(x | y),
        }
    }

    /// The op it stands for.
    pub fn op(self) -> Op {
        match self {
            FusedBin::Add => Op::Add,
            FusedBin::Sub => Op::Sub,
            FusedBin::Mul => Op::Mul,
            FusedBin::Xor => Op::Xor,
            FusedBin::BitAnd => Op::BitAnd,
            FusedBin::BitOr => Op::BitOr,
        }
    }

    fn of(op: Op) -> Option<FusedBin> {
        Some(match op {
            Op::Add => FusedBin::Add,
            Op::Sub => FusedBin::Sub,
            Op::Mul => FusedBin::Mul,
            Op::Xor => FusedBin::Xor,
            Op::BitAnd => FusedBin::BitAnd,
            Op::BitOr => FusedBin::BitOr,
            _ => return None,
        })
    }
}

/// The arithmetic of a fused local update (add and sub are variants of their own).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FusedArith {
    /// `*`.
    Mul,
    /// `%`.
    Mod,
    /// `/`.
    Div,
}

fn fused_cmp(op: Op) -> Option<FusedCmp> {
    Some(match op {
        Op::Lt => FusedCmp::Lt,
        Op::Gt => FusedCmp::Gt,
        Op::Le => FusedCmp::Le,
        Op::Ge => FusedCmp::Ge,
        Op::Eq => FusedCmp::Eq,
        Op::Neq => FusedCmp::Neq,
        _ => return None,
    })
}

/// Rewrites the first op of each fusable sequence into its super-instruction (the sequence's
/// other ops stay in place, so branch targets and error offsets are unchanged). A sequence is
/// fused only if no branch lands inside it.
///
/// `u64_locals[i]` tells whether local `i` is declared `u64`: the super-instructions over two
/// locals of any type (compare-and-branch, arithmetic) are formed only for `u64` locals, the
/// only kind their fast paths take; on other kinds each op runs its own fast path instead of
/// the declined super-instruction's first op taking the general path.
///
/// `jump_targets` are the targets of the function's jump tables (the ops `VariantSwitch` may
/// branch to).
pub fn fuse(code: &mut [Op], u64_locals: &[bool], jump_targets: &[u32]) {
    let is_u64 = |l: u8| u64_locals.get(usize::from(l)).copied().unwrap_or(false);
    let mut is_target = vec![false; code.len()];
    let branch_targets = code.iter().filter_map(|op| match op {
        Op::BrTrue(t) | Op::BrFalse(t) | Op::Branch(t) => Some(*t),
        _ => None,
    });
    for t in branch_targets.chain(jump_targets.iter().copied()) {
        if let Some(slot) = is_target.get_mut(t as usize) {
            *slot = true;
        }
    }
    for i in 0..code.len() {
        // Past the end the window holds `EndOfCode`, which no pattern takes as an op.
        let at = |k: usize| code.get(i + k).copied().unwrap_or(Op::EndOfCode);
        let targeted = |span: usize| {
            is_target
                .get(i + 1..(i + span).min(code.len()))
                .is_some_and(|t| t.iter().any(|x| *x))
        };
        let path = [at(0), at(1), at(2), at(3), at(4), at(5), at(6)];
        if let Some(read) = field_elem_field_read_at(path) {
            if !targeted(read.span()) {
                fused_at(code, i, read);
                continue;
            }
        }
        if let Some(read) = vec_read_at([at(0), at(1), at(2), at(3), at(4), at(5)]) {
            if !targeted(read.span()) {
                fused_at(code, i, read);
                continue;
            }
        }
        let window = [at(0), at(1), at(2), at(3)];
        // The enum super-instructions are shorter than the window: only their own ops count.
        if let Some(fused) = enum_op_at(window) {
            if !targeted(fused.span()) {
                fused_at(code, i, fused);
                continue;
            }
        }
        if targeted(4) {
            continue;
        }
        if let Some(fused) = vec_push_at(window).or_else(|| compare_branch_at(window, is_u64)) {
            fused_at(code, i, fused);
            continue;
        }
        let fused = match window {
            [Op::CopyLoc(src), Op::StLoc(dst), _, _] => Op::LocStLoc {
                src,
                moved: false,
                dst,
            },
            [Op::MoveLoc(src), Op::StLoc(dst), _, _] => Op::LocStLoc {
                src,
                moved: true,
                dst,
            },
            [Op::VecBorrow, Op::WriteRef, _, _] => Op::VecBorrowWrite,

            [first, second, op, _]
                if matches!(first, Op::CopyLoc(_) | Op::MoveLoc(_))
                    && matches!(second, Op::CopyLoc(_) | Op::MoveLoc(_)) =>
            {
                let (Op::CopyLoc(a) | Op::MoveLoc(a), Op::CopyLoc(b) | Op::MoveLoc(b)) =
                    (first, second)
                else {
                    continue;
                };
                // Moving the same local twice is invalid code: leave it to the slow path.
                if (a == b && matches!(first, Op::MoveLoc(_))) || !is_u64(a) || !is_u64(b) {
                    continue;
                }
                let moves = u8::from(matches!(first, Op::MoveLoc(_)))
                    | u8::from(matches!(second, Op::MoveLoc(_))) << 1;
                let op = match op {
                    Op::Add => FusedBin::Add,
                    Op::Sub => FusedBin::Sub,
                    Op::Mul => FusedBin::Mul,
                    Op::Xor => FusedBin::Xor,
                    Op::BitAnd => FusedBin::BitAnd,
                    Op::BitOr => FusedBin::BitOr,
                    _ => continue,
                };
                match window[3] {
                    Op::StLoc(dst) => Op::BinLocLocStLoc {
                        a,
                        b,
                        moves,
                        op,
                        dst,
                    },
                    _ => Op::BinLocLoc { a, b, moves, op },
                }
            }
            [Op::LdU64(imm), Op::StLoc(dst), _, _] => Op::LdU64StLoc { dst, imm },
            [Op::CopyLoc(local), Op::BorrowField(offset), _, _] => Op::BorrowFieldLoc {
                local,
                moved: false,
                offset,
            },
            [Op::MoveLoc(local), Op::BorrowField(offset), _, _] => Op::BorrowFieldLoc {
                local,
                moved: true,
                offset,
            },
            [Op::CopyLoc(idx), Op::VecBorrow, _, _] => Op::VecBorrowLoc { idx },
            [op, Op::StLoc(dst), _, _] if FusedBin::of(op).is_some() && is_u64(dst) => {
                let Some(op) = FusedBin::of(op) else { continue };
                Op::BinStLoc { op, dst }
            }
            [Op::BorrowField(offset), Op::ReadRef, Op::StLoc(dst), _] => {
                Op::BorrowFieldReadStLoc { offset, dst }
            }
            [Op::BorrowField(offset), Op::ReadRef, _, _] => Op::BorrowFieldRead(offset),
            [Op::VecBorrow, Op::ReadRef, _, _] => Op::VecBorrowRead,
            [Op::CopyLoc(local), Op::CallClosure(_), _, _] => Op::CallClosureLoc { local },
            [Op::LdU64(imm), arith, _, _] => match arith {
                Op::Add => Op::AddImm(imm),
                Op::Sub => Op::SubImm(imm),
                Op::Mul => Op::MulImm(imm),
                Op::Mod => Op::ModImm(imm),
                Op::Div => Op::DivImm(imm),
                _ => continue,
            },
            [Op::LdI64(imm), arith, _, _] => match arith {
                Op::Add => Op::AddImmI64(imm),
                Op::Sub => Op::SubImmI64(imm),
                Op::Mul => Op::MulImmI64(imm),
                Op::Mod => Op::ModImmI64(imm),
                Op::Div => Op::DivImmI64(imm),
                _ => continue,
            },
            [first, Op::LdU64(imm), arith, next] => {
                let (src, moved) = match first {
                    Op::CopyLoc(l) => (l, false),
                    Op::MoveLoc(l) => (l, true),
                    _ => continue,
                };
                // Without a store, the result is pushed (a call's argument, a return value).
                let Op::StLoc(dst) = next else {
                    match arith {
                        Op::Add => fused_at(code, i, Op::AddLocImm { src, moved, imm }),
                        Op::Sub => fused_at(code, i, Op::SubLocImm { src, moved, imm }),
                        _ => {}
                    }
                    continue;
                };
                let arith = match arith {
                    Op::Add => {
                        fused_at(
                            code,
                            i,
                            Op::AddLocImmStLoc {
                                src,
                                moved,
                                dst,
                                imm,
                            },
                        );
                        continue;
                    }
                    Op::Sub => {
                        fused_at(
                            code,
                            i,
                            Op::SubLocImmStLoc {
                                src,
                                moved,
                                dst,
                                imm,
                            },
                        );
                        continue;
                    }
                    Op::Mul => FusedArith::Mul,
                    Op::Mod => FusedArith::Mod,
                    Op::Div => FusedArith::Div,
                    _ => continue,
                };
                Op::ArithLocImmStLoc {
                    src,
                    moved,
                    arith,
                    dst,
                    imm,
                }
            }
            _ => continue,
        };
        if let Some(slot) = code.get_mut(i) {
            *slot = fused;
        }
    }
    // Branches to a fused loop test (fused by now wherever it is).
    for i in 0..code.len() {
        let Some(&Op::Branch(t)) = code.get(i) else {
            continue;
        };
        if let Some(Op::CmpLocImmBrFalse { .. } | Op::CmpLocLocBrFalse { .. }) =
            code.get(t as usize)
        {
            fused_at(code, i, Op::BranchTest(t));
        }
    }
}

/// The compare-and-branch super-instruction starting a window of four ops, if any:
/// `copy_loc a; copy_loc b; <cmp>; br_false|br_true` over two u64 locals, or `copy_loc x;
/// ld_u64 k; <cmp>; br_false|br_true`. A `br_true` takes the complementary comparison, which
/// fails exactly where `br_true` jumps.
fn compare_branch_at(w: [Op; 4], is_u64: impl Fn(u8) -> bool) -> Option<Op> {
    let cmp = fused_cmp(w[2])?;
    let (cmp, target) = match w[3] {
        Op::BrFalse(target) => (cmp, target),
        Op::BrTrue(target) => (cmp.complement(), target),
        _ => return None,
    };
    match (w[0], w[1]) {
        (Op::CopyLoc(a), Op::CopyLoc(b)) if is_u64(a) && is_u64(b) => {
            Some(Op::CmpLocLocBrFalse { a, b, cmp, target })
        }
        (Op::CopyLoc(local), Op::LdU64(imm)) => Some(Op::CmpLocImmBrFalse {
            local,
            cmp,
            target,
            imm,
        }),
        _ => None,
    }
}

/// The enum super-instruction starting a window of four ops, if any: `borrow_loc e;
/// test_variant v; br_false|br_true` ([`Op::TestVariantLocBr`]), `borrow_loc e;
/// variant_switch t` ([`Op::VariantSwitchLoc`]) or `pack_variant` of a variant without fields
/// then `st_loc` ([`Op::PackVariantStLoc`]).
fn enum_op_at(w: [Op; 4]) -> Option<Op> {
    match w {
        [Op::BorrowLoc(local), Op::VariantSwitch(table), _, _] => {
            Some(Op::VariantSwitchLoc { local, table })
        }
        [Op::BorrowLoc(local), Op::TestVariant(variant), branch, _] => {
            let (target, jump_if_equal) = match branch {
                Op::BrFalse(t) => (t, false),
                Op::BrTrue(t) => (t, true),
                _ => return None,
            };
            Some(Op::TestVariantLocBr {
                local,
                variant,
                target,
                jump_if_equal,
            })
        }
        [Op::PackVariant { variant, fields: 0 }, Op::StLoc(dst), _, _] => {
            Some(Op::PackVariantStLoc { variant, dst })
        }
        _ => None,
    }
}

/// The [`Op::VecPushBackLoc`] starting a window of four ops (`borrow_loc v|copy_loc r;
/// copy_loc|move_loc x; vec_push_back`), if any.
fn vec_push_at(w: [Op; 4]) -> Option<Op> {
    if w[2] != Op::VecPushBack {
        return None;
    }
    let (vec, borrow) = match w[0] {
        Op::BorrowLoc(v) => (v, vec_push::BORROW),
        Op::CopyLoc(v) => (v, 0),
        _ => return None,
    };
    let (value, moved) = match w[1] {
        Op::CopyLoc(x) => (x, 0),
        Op::MoveLoc(x) => (x, vec_push::MOVE_VALUE),
        _ => return None,
    };
    Some(Op::VecPushBackLoc {
        vec,
        value,
        form: borrow | moved,
    })
}

/// The local a closing `st_loc` stores to, with `store` added to `form`; 0 (and `form`
/// unchanged) when `op` is not an `st_loc` (the value stays pushed).
fn stored_to(op: Op, form: &mut u8, store: u8) -> u8 {
    match op {
        Op::StLoc(dst) => {
            *form |= store;
            dst
        }
        _ => 0,
    }
}

/// The [`Op::FieldElemFieldRead`] starting a window of seven ops, if any.
fn field_elem_field_read_at(w: [Op; 7]) -> Option<Op> {
    use field_path::{MOVE_IDX, MOVE_REF, STORE};
    let (r, mut form) = match w[0] {
        Op::CopyLoc(r) => (r, 0),
        Op::MoveLoc(r) => (r, MOVE_REF),
        _ => return None,
    };
    let (Op::BorrowField(f), Op::VecBorrow, Op::BorrowField(g), Op::ReadRef) =
        (w[1], w[3], w[4], w[5])
    else {
        return None;
    };
    let idx = match w[2] {
        Op::CopyLoc(i) => i,
        Op::MoveLoc(i) => {
            form |= MOVE_IDX;
            i
        }
        _ => return None,
    };
    let dst = stored_to(w[6], &mut form, STORE);
    Some(Op::FieldElemFieldRead {
        r,
        f,
        idx,
        g,
        dst,
        form,
    })
}

/// The [`Op::VecReadLoc`] starting a window of six ops, if any.
fn vec_read_at(w: [Op; 6]) -> Option<Op> {
    use vec_read::{BORROW, FREEZE, STORE};
    let (vec, mut form) = match w[0] {
        Op::CopyLoc(v) => (v, 0),
        Op::BorrowLoc(v) => (v, BORROW),
        _ => return None,
    };
    let mut k = 1;
    if form == 0 && w[1] == Op::FreezeRef {
        form |= FREEZE;
        k = 2;
    }
    let (Op::CopyLoc(idx), Op::VecBorrow, Op::ReadRef) = (w[k], w[k + 1], w[k + 2]) else {
        return None;
    };
    let dst = stored_to(w[k + 3], &mut form, STORE);
    Some(Op::VecReadLoc {
        vec,
        idx,
        dst,
        form,
    })
}

/// Places a super-instruction at `i`.
fn fused_at(code: &mut [Op], i: usize, op: Op) {
    if let Some(slot) = code.get_mut(i) {
        *slot = op;
    }
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
    use super::*;

    #[test]
    fn fused_comparisons_agree_with_the_operators() {
        for (x, y) in [(1u64, 2u64), (2, 2), (3, 2), (0, u64::MAX), (u64::MAX, 0)] {
            assert_eq!(FusedCmp::Lt.holds(x, y), x < y);
            assert_eq!(FusedCmp::Gt.holds(x, y), x > y);
            assert_eq!(FusedCmp::Le.holds(x, y), x <= y);
            assert_eq!(FusedCmp::Ge.holds(x, y), x >= y);
            assert_eq!(FusedCmp::Eq.holds(x, y), x == y);
            assert_eq!(FusedCmp::Neq.holds(x, y), x != y);
            for cmp in [
                FusedCmp::Lt,
                FusedCmp::Gt,
                FusedCmp::Le,
                FusedCmp::Ge,
                FusedCmp::Eq,
                FusedCmp::Neq,
            ] {
                assert_eq!(cmp.complement().holds(x, y), !cmp.holds(x, y));
            }
        }
    }

    #[test]
    fn two_local_super_instructions_need_u64_locals() {
        let code = vec![
            Op::CopyLoc(0),
            Op::CopyLoc(1),
            Op::Lt,
            Op::BrFalse(9),
            Op::CopyLoc(0),
            Op::CopyLoc(1),
            Op::Add,
            Op::StLoc(2),
            Op::Ret,
        ];
        // Locals of another kind (a u8, a u128, an address...): nothing fuses.
        let mut other = code.clone();
        fuse(&mut other, &[false, false, false], &[]);
        assert_eq!(other, code);
        let mut all = code.clone();
        fuse(&mut all, &[true, true, true], &[]);
        assert!(matches!(all[0], Op::CmpLocLocBrFalse { .. }));
        assert!(matches!(all[4], Op::BinLocLocStLoc { .. }));
    }

    #[test]
    fn br_true_tests_fuse_with_the_complementary_comparison() {
        let mut code = vec![
            Op::CopyLoc(0),
            Op::CopyLoc(1),
            Op::Eq,
            Op::BrTrue(9),
            Op::CopyLoc(0),
            Op::LdU64(7),
            Op::Lt,
            Op::BrTrue(9),
            Op::Ret,
            Op::Ret,
        ];
        fuse(&mut code, &[true; 8], &[]);
        assert_eq!(
            code[0],
            Op::CmpLocLocBrFalse {
                a: 0,
                b: 1,
                cmp: FusedCmp::Neq,
                target: 9
            }
        );
        assert_eq!(
            code[4],
            Op::CmpLocImmBrFalse {
                local: 0,
                cmp: FusedCmp::Ge,
                target: 9,
                imm: 7
            }
        );
        // The originals stay behind them.
        assert_eq!(code[3], Op::BrTrue(9));
        assert_eq!(code[7], Op::BrTrue(9));
    }

    #[test]
    fn op_is_16_bytes() {
        assert!(std::mem::size_of::<Op>() <= 16);
    }

    #[test]
    fn fusion_keeps_the_originals_and_respects_branch_targets() {
        let mut code = vec![
            Op::CopyLoc(0),
            Op::LdU64(0),
            Op::Gt,
            Op::BrFalse(9),
            Op::MoveLoc(0),
            Op::LdU64(1),
            Op::Sub,
            Op::StLoc(0),
            Op::Branch(0),
            Op::Ret,
        ];
        fuse(&mut code, &[true; 8], &[]);
        assert!(matches!(
            code[0],
            Op::CmpLocImmBrFalse {
                local: 0,
                cmp: FusedCmp::Gt,
                target: 9,
                imm: 0
            }
        ));
        assert_eq!(code[1], Op::LdU64(0));
        assert!(matches!(
            code[4],
            Op::SubLocImmStLoc {
                src: 0,
                moved: true,
                dst: 0,
                imm: 1
            }
        ));
        // `x op k` on a local without a store pushes (a call's argument, a return value); the
        // `ld_u64 k; op` behind it stays fusable for the general path.
        let mut code = vec![
            Op::CopyLoc(0),
            Op::LdU64(1),
            Op::Sub,
            Op::Call(0),
            Op::MoveLoc(0),
            Op::LdU64(2),
            Op::Add,
            Op::Ret,
        ];
        fuse(&mut code, &[true; 8], &[]);
        assert_eq!(
            code[0],
            Op::SubLocImm {
                src: 0,
                moved: false,
                imm: 1
            }
        );
        assert_eq!(code[1], Op::SubImm(1));
        assert_eq!(
            code[4],
            Op::AddLocImm {
                src: 0,
                moved: true,
                imm: 2
            }
        );
        assert_eq!(code[4].span(), 3);
        assert_eq!(code[4].locals(), [Some(0), None, None]);
        // `x = a op b` on locals is one op; without the store, the push form.
        let mut code = vec![
            Op::MoveLoc(0),
            Op::CopyLoc(1),
            Op::Add,
            Op::StLoc(0),
            Op::CopyLoc(0),
            Op::CopyLoc(1),
            Op::Xor,
            Op::Ret,
        ];
        fuse(&mut code, &[true; 8], &[]);
        assert_eq!(
            code[0],
            Op::BinLocLocStLoc {
                a: 0,
                b: 1,
                moves: 1,
                op: FusedBin::Add,
                dst: 0
            }
        );
        assert_eq!(
            code[4],
            Op::BinLocLoc {
                a: 0,
                b: 1,
                moves: 0,
                op: FusedBin::Xor
            }
        );
        assert_eq!(code[1], Op::CopyLoc(1));
        // `<op>; st_loc` on computed operands.
        let mut code = vec![
            Op::MoveLoc(0),
            Op::CopyLoc(1),
            Op::CopyLoc(2),
            Op::Mul,
            Op::Add,
            Op::StLoc(0),
            Op::Ret,
        ];
        fuse(&mut code, &[true; 8], &[]);
        assert!(matches!(
            code[1],
            Op::BinLocLoc {
                op: FusedBin::Mul,
                ..
            }
        ));
        assert_eq!(
            code[4],
            Op::BinStLoc {
                op: FusedBin::Add,
                dst: 0
            }
        );
        assert_eq!(code[5], Op::StLoc(0));
        // Vector element reads through a local, stored or pushed.
        let mut code = vec![
            Op::CopyLoc(0),
            Op::FreezeRef,
            Op::CopyLoc(1),
            Op::VecBorrow,
            Op::ReadRef,
            Op::StLoc(2),
            Op::BorrowLoc(3),
            Op::CopyLoc(1),
            Op::VecBorrow,
            Op::ReadRef,
            Op::Ret,
        ];
        fuse(&mut code, &[true; 8], &[]);
        let form = vec_read::FREEZE | vec_read::STORE;
        assert_eq!(
            code[0],
            Op::VecReadLoc {
                vec: 0,
                idx: 1,
                dst: 2,
                form
            }
        );
        assert_eq!(vec_read::span(form), 6);
        assert!(matches!(
            code[6],
            Op::VecReadLoc {
                vec: 3,
                idx: 1,
                form: vec_read::BORROW,
                ..
            }
        ));
        assert_eq!(vec_read::span(vec_read::BORROW), 4);
        assert_eq!(code[8], Op::VecBorrowRead);
        // Borrows through a reference local.
        let mut code = vec![
            Op::MoveLoc(0),
            Op::BorrowField(1),
            Op::CopyLoc(2),
            Op::VecBorrow,
            Op::Pop,
            Op::Ret,
        ];
        fuse(&mut code, &[true; 8], &[]);
        assert_eq!(
            code[0],
            Op::BorrowFieldLoc {
                local: 0,
                moved: true,
                offset: 1
            }
        );
        assert_eq!(code[2], Op::VecBorrowLoc { idx: 2 });
        let mut code = vec![Op::BorrowField(1), Op::ReadRef, Op::StLoc(4), Op::Ret];
        fuse(&mut code, &[true; 8], &[]);
        assert_eq!(code[0], Op::BorrowFieldReadStLoc { offset: 1, dst: 4 });
        // Reads through a field or element reference.
        let mut code = vec![
            Op::BorrowField(2),
            Op::ReadRef,
            Op::VecBorrow,
            Op::ReadRef,
            Op::Ret,
            Op::Ret,
        ];
        fuse(&mut code, &[true; 8], &[]);
        assert_eq!(code[0], Op::BorrowFieldRead(2));
        assert_eq!(code[1], Op::ReadRef);
        assert_eq!(code[2], Op::VecBorrowRead);
        // Data-structure sequences: `r.f[i].g` reads, local-to-local moves, pushes of a
        // local, element writes.
        let mut code = vec![
            Op::MoveLoc(0),
            Op::BorrowField(1),
            Op::CopyLoc(2),
            Op::VecBorrow,
            Op::BorrowField(3),
            Op::ReadRef,
            Op::StLoc(4),
            Op::CopyLoc(0),
            Op::BorrowField(1),
            Op::MoveLoc(2),
            Op::VecBorrow,
            Op::BorrowField(3),
            Op::ReadRef,
            Op::Ret,
        ];
        fuse(&mut code, &[true; 8], &[]);
        let stored = field_path::MOVE_REF | field_path::STORE;
        assert_eq!(
            code[0],
            Op::FieldElemFieldRead {
                r: 0,
                f: 1,
                idx: 2,
                g: 3,
                dst: 4,
                form: stored
            }
        );
        assert_eq!(code[0].span(), 7);
        assert_eq!(code[0].locals(), [Some(0), Some(2), Some(4)]);
        // The originals behind it are fused on their own, for the general path's fallback.
        assert_eq!(code[2], Op::VecBorrowLoc { idx: 2 });
        assert_eq!(code[4], Op::BorrowFieldReadStLoc { offset: 3, dst: 4 });
        assert!(matches!(
            code[7],
            Op::FieldElemFieldRead {
                form: field_path::MOVE_IDX,
                ..
            }
        ));
        assert_eq!(code[7].span(), 6);
        assert_eq!(code[7].locals(), [Some(0), Some(2), None]);
        let mut code = vec![
            Op::MoveLoc(0),
            Op::StLoc(1),
            Op::BorrowLoc(2),
            Op::MoveLoc(1),
            Op::VecPushBack,
            Op::CopyLoc(3),
            Op::CopyLoc(1),
            Op::VecPushBack,
            Op::VecBorrow,
            Op::WriteRef,
            Op::Ret,
        ];
        fuse(&mut code, &[true; 8], &[]);
        assert_eq!(
            code[0],
            Op::LocStLoc {
                src: 0,
                moved: true,
                dst: 1
            }
        );
        assert_eq!(
            code[2],
            Op::VecPushBackLoc {
                vec: 2,
                value: 1,
                form: vec_push::BORROW | vec_push::MOVE_VALUE
            }
        );
        assert_eq!(
            code[5],
            Op::VecPushBackLoc {
                vec: 3,
                value: 1,
                form: 0
            }
        );
        assert_eq!(code[5].span(), 3);
        assert_eq!(code[8], Op::VecBorrowWrite);
        // An enum local tested against a variant, and a plain variant stored.
        let mut code = vec![
            Op::BorrowLoc(2),
            Op::TestVariant(1),
            Op::BrFalse(6),
            Op::BorrowLoc(2),
            Op::TestVariant(0),
            Op::BrTrue(0),
            Op::PackVariant {
                variant: 3,
                fields: 0,
            },
            Op::StLoc(2),
            Op::PackVariant {
                variant: 3,
                fields: 1,
            },
            Op::StLoc(2),
            Op::Ret,
        ];
        fuse(&mut code, &[true; 8], &[]);
        assert_eq!(
            code[0],
            Op::TestVariantLocBr {
                local: 2,
                variant: 1,
                target: 6,
                jump_if_equal: false
            }
        );
        assert_eq!(code[0].span(), 3);
        assert_eq!(code[0].target(), Some(6));
        assert_eq!(
            code[3],
            Op::TestVariantLocBr {
                local: 2,
                variant: 0,
                target: 0,
                jump_if_equal: true
            }
        );
        assert_eq!(code[6], Op::PackVariantStLoc { variant: 3, dst: 2 });
        assert_eq!(code[6].locals(), [Some(2), None, None]);
        // A variant with fields is packed as usual.
        assert!(matches!(code[8], Op::PackVariant { fields: 1, .. }));
        // A branch into the middle of a sequence prevents fusing it.
        let mut code = vec![
            Op::CopyLoc(0),
            Op::LdU64(0),
            Op::Gt,
            Op::BrFalse(0),
            Op::Branch(2),
        ];
        fuse(&mut code, &[true; 8], &[]);
        assert_eq!(code[0], Op::CopyLoc(0));
    }

    #[test]
    fn sui_variant_switch_on_a_local_is_fused() {
        // `borrow_loc 1; variant_switch 0`, whose table sends variants to ops 2 and 3.
        let mut code = vec![Op::BorrowLoc(1), Op::VariantSwitch(0), Op::Ret, Op::Ret];
        fuse(&mut code, &[false; 2], &[2, 3]);
        assert_eq!(code[0], Op::VariantSwitchLoc { local: 1, table: 0 });
        assert_eq!(code[0].span(), 2);
        assert_eq!(code[0].locals(), [Some(1), None, None]);
        // The shadowed `variant_switch` stays for the general path.
        assert_eq!(code[1], Op::VariantSwitch(0));
        // A jump-table target on the `variant_switch` prevents fusing.
        let mut code = vec![Op::BorrowLoc(1), Op::VariantSwitch(0), Op::Ret];
        fuse(&mut code, &[false; 2], &[1, 2]);
        assert_eq!(code[0], Op::BorrowLoc(1));
    }
}
