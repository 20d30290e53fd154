//! [`Op`], the instruction the interpreter runs, and the operand types of its
//! super-instructions.

/// Index into a function's type-slot table (the `types` of the loader's `Body`).
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
    /// table of the function (index into the `jump_tables` of the loader's `Body`).
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
    /// A pack (or `vec_pack`) that Sui's rules check where it runs: index into the
    /// `checked_packs` of the loader's `Body`. The check's outcome is its type
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
        /// The function's jump table (index into the `jump_tables` of the loader's `Body`).
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

    pub(crate) fn of(op: Op) -> Option<FusedBin> {
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
