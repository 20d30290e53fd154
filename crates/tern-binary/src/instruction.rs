//! The 104 instructions of Move bytecode (`0x01`–`0x68`) with their operands.

use crate::index::*;
use tern_primitives::{I256, U256};

/// A closure mask: bit `i` set means parameter `i` of the target function is captured.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct ClosureMask(pub u64);

impl ClosureMask {
    /// Whether parameter `i` is captured.
    pub fn is_captured(self, i: usize) -> bool {
        i < 64 && self.0 & (1u64 << i) != 0
    }

    /// The number of captured parameters.
    pub fn captured_count(self) -> u32 {
        self.0.count_ones()
    }
}

/// The opcode byte of each instruction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Opcode {
    /// `Pop` (0x01).
    Pop = 0x01,
    /// `Ret` (0x02).
    Ret = 0x02,
    /// `BrTrue` (0x03).
    BrTrue = 0x03,
    /// `BrFalse` (0x04).
    BrFalse = 0x04,
    /// `Branch` (0x05).
    Branch = 0x05,
    /// `LdU64` (0x06).
    LdU64 = 0x06,
    /// `LdConst` (0x07).
    LdConst = 0x07,
    /// `LdTrue` (0x08).
    LdTrue = 0x08,
    /// `LdFalse` (0x09).
    LdFalse = 0x09,
    /// `CopyLoc` (0x0A).
    CopyLoc = 0x0A,
    /// `MoveLoc` (0x0B).
    MoveLoc = 0x0B,
    /// `StLoc` (0x0C).
    StLoc = 0x0C,
    /// `MutBorrowLoc` (0x0D).
    MutBorrowLoc = 0x0D,
    /// `ImmBorrowLoc` (0x0E).
    ImmBorrowLoc = 0x0E,
    /// `MutBorrowField` (0x0F).
    MutBorrowField = 0x0F,
    /// `ImmBorrowField` (0x10).
    ImmBorrowField = 0x10,
    /// `Call` (0x11).
    Call = 0x11,
    /// `Pack` (0x12).
    Pack = 0x12,
    /// `Unpack` (0x13).
    Unpack = 0x13,
    /// `ReadRef` (0x14).
    ReadRef = 0x14,
    /// `WriteRef` (0x15).
    WriteRef = 0x15,
    /// `Add` (0x16).
    Add = 0x16,
    /// `Sub` (0x17).
    Sub = 0x17,
    /// `Mul` (0x18).
    Mul = 0x18,
    /// `Mod` (0x19).
    Mod = 0x19,
    /// `Div` (0x1A).
    Div = 0x1A,
    /// `BitOr` (0x1B).
    BitOr = 0x1B,
    /// `BitAnd` (0x1C).
    BitAnd = 0x1C,
    /// `Xor` (0x1D).
    Xor = 0x1D,
    /// `Or` (0x1E).
    Or = 0x1E,
    /// `And` (0x1F).
    And = 0x1F,
    /// `Not` (0x20).
    Not = 0x20,
    /// `Eq` (0x21).
    Eq = 0x21,
    /// `Neq` (0x22).
    Neq = 0x22,
    /// `Lt` (0x23).
    Lt = 0x23,
    /// `Gt` (0x24).
    Gt = 0x24,
    /// `Le` (0x25).
    Le = 0x25,
    /// `Ge` (0x26).
    Ge = 0x26,
    /// `Abort` (0x27).
    Abort = 0x27,
    /// `Nop` (0x28).
    Nop = 0x28,
    /// `Exists` (0x29).
    Exists = 0x29,
    /// `MutBorrowGlobal` (0x2A).
    MutBorrowGlobal = 0x2A,
    /// `ImmBorrowGlobal` (0x2B).
    ImmBorrowGlobal = 0x2B,
    /// `MoveFrom` (0x2C).
    MoveFrom = 0x2C,
    /// `MoveTo` (0x2D).
    MoveTo = 0x2D,
    /// `FreezeRef` (0x2E).
    FreezeRef = 0x2E,
    /// `Shl` (0x2F).
    Shl = 0x2F,
    /// `Shr` (0x30).
    Shr = 0x30,
    /// `LdU8` (0x31).
    LdU8 = 0x31,
    /// `LdU128` (0x32).
    LdU128 = 0x32,
    /// `CastU8` (0x33).
    CastU8 = 0x33,
    /// `CastU64` (0x34).
    CastU64 = 0x34,
    /// `CastU128` (0x35).
    CastU128 = 0x35,
    /// `MutBorrowFieldGeneric` (0x36).
    MutBorrowFieldGeneric = 0x36,
    /// `ImmBorrowFieldGeneric` (0x37).
    ImmBorrowFieldGeneric = 0x37,
    /// `CallGeneric` (0x38).
    CallGeneric = 0x38,
    /// `PackGeneric` (0x39).
    PackGeneric = 0x39,
    /// `UnpackGeneric` (0x3A).
    UnpackGeneric = 0x3A,
    /// `ExistsGeneric` (0x3B).
    ExistsGeneric = 0x3B,
    /// `MutBorrowGlobalGeneric` (0x3C).
    MutBorrowGlobalGeneric = 0x3C,
    /// `ImmBorrowGlobalGeneric` (0x3D).
    ImmBorrowGlobalGeneric = 0x3D,
    /// `MoveFromGeneric` (0x3E).
    MoveFromGeneric = 0x3E,
    /// `MoveToGeneric` (0x3F).
    MoveToGeneric = 0x3F,
    /// `VecPack` (0x40).
    VecPack = 0x40,
    /// `VecLen` (0x41).
    VecLen = 0x41,
    /// `VecImmBorrow` (0x42).
    VecImmBorrow = 0x42,
    /// `VecMutBorrow` (0x43).
    VecMutBorrow = 0x43,
    /// `VecPushBack` (0x44).
    VecPushBack = 0x44,
    /// `VecPopBack` (0x45).
    VecPopBack = 0x45,
    /// `VecUnpack` (0x46).
    VecUnpack = 0x46,
    /// `VecSwap` (0x47).
    VecSwap = 0x47,
    /// `LdU16` (0x48).
    LdU16 = 0x48,
    /// `LdU32` (0x49).
    LdU32 = 0x49,
    /// `LdU256` (0x4A).
    LdU256 = 0x4A,
    /// `CastU16` (0x4B).
    CastU16 = 0x4B,
    /// `CastU32` (0x4C).
    CastU32 = 0x4C,
    /// `CastU256` (0x4D).
    CastU256 = 0x4D,
    /// `ImmBorrowVariantField` (0x4E).
    ImmBorrowVariantField = 0x4E,
    /// `MutBorrowVariantField` (0x4F).
    MutBorrowVariantField = 0x4F,
    /// `ImmBorrowVariantFieldGeneric` (0x50).
    ImmBorrowVariantFieldGeneric = 0x50,
    /// `MutBorrowVariantFieldGeneric` (0x51).
    MutBorrowVariantFieldGeneric = 0x51,
    /// `PackVariant` (0x52).
    PackVariant = 0x52,
    /// `PackVariantGeneric` (0x53).
    PackVariantGeneric = 0x53,
    /// `UnpackVariant` (0x54).
    UnpackVariant = 0x54,
    /// `UnpackVariantGeneric` (0x55).
    UnpackVariantGeneric = 0x55,
    /// `TestVariant` (0x56).
    TestVariant = 0x56,
    /// `TestVariantGeneric` (0x57).
    TestVariantGeneric = 0x57,
    /// `PackClosure` (0x58).
    PackClosure = 0x58,
    /// `PackClosureGeneric` (0x59).
    PackClosureGeneric = 0x59,
    /// `CallClosure` (0x5A).
    CallClosure = 0x5A,
    /// `LdI8` (0x5B).
    LdI8 = 0x5B,
    /// `LdI16` (0x5C).
    LdI16 = 0x5C,
    /// `LdI32` (0x5D).
    LdI32 = 0x5D,
    /// `LdI64` (0x5E).
    LdI64 = 0x5E,
    /// `LdI128` (0x5F).
    LdI128 = 0x5F,
    /// `LdI256` (0x60).
    LdI256 = 0x60,
    /// `CastI8` (0x61).
    CastI8 = 0x61,
    /// `CastI16` (0x62).
    CastI16 = 0x62,
    /// `CastI32` (0x63).
    CastI32 = 0x63,
    /// `CastI64` (0x64).
    CastI64 = 0x64,
    /// `CastI128` (0x65).
    CastI128 = 0x65,
    /// `CastI256` (0x66).
    CastI256 = 0x66,
    /// `Negate` (0x67).
    Negate = 0x67,
    /// `AbortMsg` (0x68).
    AbortMsg = 0x68,
}

impl Opcode {
    /// Every opcode in numeric order.
    pub const ALL: [Opcode; 104] = [
        Opcode::Pop,
        Opcode::Ret,
        Opcode::BrTrue,
        Opcode::BrFalse,
        Opcode::Branch,
        Opcode::LdU64,
        Opcode::LdConst,
        Opcode::LdTrue,
        Opcode::LdFalse,
        Opcode::CopyLoc,
        Opcode::MoveLoc,
        Opcode::StLoc,
        Opcode::MutBorrowLoc,
        Opcode::ImmBorrowLoc,
        Opcode::MutBorrowField,
        Opcode::ImmBorrowField,
        Opcode::Call,
        Opcode::Pack,
        Opcode::Unpack,
        Opcode::ReadRef,
        Opcode::WriteRef,
        Opcode::Add,
        Opcode::Sub,
        Opcode::Mul,
        Opcode::Mod,
        Opcode::Div,
        Opcode::BitOr,
        Opcode::BitAnd,
        Opcode::Xor,
        Opcode::Or,
        Opcode::And,
        Opcode::Not,
        Opcode::Eq,
        Opcode::Neq,
        Opcode::Lt,
        Opcode::Gt,
        Opcode::Le,
        Opcode::Ge,
        Opcode::Abort,
        Opcode::Nop,
        Opcode::Exists,
        Opcode::MutBorrowGlobal,
        Opcode::ImmBorrowGlobal,
        Opcode::MoveFrom,
        Opcode::MoveTo,
        Opcode::FreezeRef,
        Opcode::Shl,
        Opcode::Shr,
        Opcode::LdU8,
        Opcode::LdU128,
        Opcode::CastU8,
        Opcode::CastU64,
        Opcode::CastU128,
        Opcode::MutBorrowFieldGeneric,
        Opcode::ImmBorrowFieldGeneric,
        Opcode::CallGeneric,
        Opcode::PackGeneric,
        Opcode::UnpackGeneric,
        Opcode::ExistsGeneric,
        Opcode::MutBorrowGlobalGeneric,
        Opcode::ImmBorrowGlobalGeneric,
        Opcode::MoveFromGeneric,
        Opcode::MoveToGeneric,
        Opcode::VecPack,
        Opcode::VecLen,
        Opcode::VecImmBorrow,
        Opcode::VecMutBorrow,
        Opcode::VecPushBack,
        Opcode::VecPopBack,
        Opcode::VecUnpack,
        Opcode::VecSwap,
        Opcode::LdU16,
        Opcode::LdU32,
        Opcode::LdU256,
        Opcode::CastU16,
        Opcode::CastU32,
        Opcode::CastU256,
        Opcode::ImmBorrowVariantField,
        Opcode::MutBorrowVariantField,
        Opcode::ImmBorrowVariantFieldGeneric,
        Opcode::MutBorrowVariantFieldGeneric,
        Opcode::PackVariant,
        Opcode::PackVariantGeneric,
        Opcode::UnpackVariant,
        Opcode::UnpackVariantGeneric,
        Opcode::TestVariant,
        Opcode::TestVariantGeneric,
        Opcode::PackClosure,
        Opcode::PackClosureGeneric,
        Opcode::CallClosure,
        Opcode::LdI8,
        Opcode::LdI16,
        Opcode::LdI32,
        Opcode::LdI64,
        Opcode::LdI128,
        Opcode::LdI256,
        Opcode::CastI8,
        Opcode::CastI16,
        Opcode::CastI32,
        Opcode::CastI64,
        Opcode::CastI128,
        Opcode::CastI256,
        Opcode::Negate,
        Opcode::AbortMsg,
    ];

    /// The opcode for a byte, if it is one of `0x01..=0x68`.
    pub fn from_byte(byte: u8) -> Option<Opcode> {
        match byte {
            0x01..=0x68 => Some(Self::ALL[usize::from(byte - 1)]),
            _ => None,
        }
    }

    /// The lowest bytecode version whose deserializer accepts this opcode.
    /// (`UnpackVariant` and `UnpackVariantGeneric` are not gated by the peer, hence 1.)
    pub fn min_version(self) -> u32 {
        match self as u8 {
            0x40..=0x47 => 4,
            0x48..=0x4D => 6,
            0x54 | 0x55 => 1,
            0x4E..=0x57 => 7,
            0x58..=0x5A => 8,
            0x5B..=0x67 => 9,
            0x68 => 10,
            _ => 1,
        }
    }

    /// The Rust-style name of the opcode (`MutBorrowField`).
    pub fn name(self) -> &'static str {
        match self {
            Opcode::Pop => "Pop",
            Opcode::Ret => "Ret",
            Opcode::BrTrue => "BrTrue",
            Opcode::BrFalse => "BrFalse",
            Opcode::Branch => "Branch",
            Opcode::LdU64 => "LdU64",
            Opcode::LdConst => "LdConst",
            Opcode::LdTrue => "LdTrue",
            Opcode::LdFalse => "LdFalse",
            Opcode::CopyLoc => "CopyLoc",
            Opcode::MoveLoc => "MoveLoc",
            Opcode::StLoc => "StLoc",
            Opcode::MutBorrowLoc => "MutBorrowLoc",
            Opcode::ImmBorrowLoc => "ImmBorrowLoc",
            Opcode::MutBorrowField => "MutBorrowField",
            Opcode::ImmBorrowField => "ImmBorrowField",
            Opcode::Call => "Call",
            Opcode::Pack => "Pack",
            Opcode::Unpack => "Unpack",
            Opcode::ReadRef => "ReadRef",
            Opcode::WriteRef => "WriteRef",
            Opcode::Add => "Add",
            Opcode::Sub => "Sub",
            Opcode::Mul => "Mul",
            Opcode::Mod => "Mod",
            Opcode::Div => "Div",
            Opcode::BitOr => "BitOr",
            Opcode::BitAnd => "BitAnd",
            Opcode::Xor => "Xor",
            Opcode::Or => "Or",
            Opcode::And => "And",
            Opcode::Not => "Not",
            Opcode::Eq => "Eq",
            Opcode::Neq => "Neq",
            Opcode::Lt => "Lt",
            Opcode::Gt => "Gt",
            Opcode::Le => "Le",
            Opcode::Ge => "Ge",
            Opcode::Abort => "Abort",
            Opcode::Nop => "Nop",
            Opcode::Exists => "Exists",
            Opcode::MutBorrowGlobal => "MutBorrowGlobal",
            Opcode::ImmBorrowGlobal => "ImmBorrowGlobal",
            Opcode::MoveFrom => "MoveFrom",
            Opcode::MoveTo => "MoveTo",
            Opcode::FreezeRef => "FreezeRef",
            Opcode::Shl => "Shl",
            Opcode::Shr => "Shr",
            Opcode::LdU8 => "LdU8",
            Opcode::LdU128 => "LdU128",
            Opcode::CastU8 => "CastU8",
            Opcode::CastU64 => "CastU64",
            Opcode::CastU128 => "CastU128",
            Opcode::MutBorrowFieldGeneric => "MutBorrowFieldGeneric",
            Opcode::ImmBorrowFieldGeneric => "ImmBorrowFieldGeneric",
            Opcode::CallGeneric => "CallGeneric",
            Opcode::PackGeneric => "PackGeneric",
            Opcode::UnpackGeneric => "UnpackGeneric",
            Opcode::ExistsGeneric => "ExistsGeneric",
            Opcode::MutBorrowGlobalGeneric => "MutBorrowGlobalGeneric",
            Opcode::ImmBorrowGlobalGeneric => "ImmBorrowGlobalGeneric",
            Opcode::MoveFromGeneric => "MoveFromGeneric",
            Opcode::MoveToGeneric => "MoveToGeneric",
            Opcode::VecPack => "VecPack",
            Opcode::VecLen => "VecLen",
            Opcode::VecImmBorrow => "VecImmBorrow",
            Opcode::VecMutBorrow => "VecMutBorrow",
            Opcode::VecPushBack => "VecPushBack",
            Opcode::VecPopBack => "VecPopBack",
            Opcode::VecUnpack => "VecUnpack",
            Opcode::VecSwap => "VecSwap",
            Opcode::LdU16 => "LdU16",
            Opcode::LdU32 => "LdU32",
            Opcode::LdU256 => "LdU256",
            Opcode::CastU16 => "CastU16",
            Opcode::CastU32 => "CastU32",
            Opcode::CastU256 => "CastU256",
            Opcode::ImmBorrowVariantField => "ImmBorrowVariantField",
            Opcode::MutBorrowVariantField => "MutBorrowVariantField",
            Opcode::ImmBorrowVariantFieldGeneric => "ImmBorrowVariantFieldGeneric",
            Opcode::MutBorrowVariantFieldGeneric => "MutBorrowVariantFieldGeneric",
            Opcode::PackVariant => "PackVariant",
            Opcode::PackVariantGeneric => "PackVariantGeneric",
            Opcode::UnpackVariant => "UnpackVariant",
            Opcode::UnpackVariantGeneric => "UnpackVariantGeneric",
            Opcode::TestVariant => "TestVariant",
            Opcode::TestVariantGeneric => "TestVariantGeneric",
            Opcode::PackClosure => "PackClosure",
            Opcode::PackClosureGeneric => "PackClosureGeneric",
            Opcode::CallClosure => "CallClosure",
            Opcode::LdI8 => "LdI8",
            Opcode::LdI16 => "LdI16",
            Opcode::LdI32 => "LdI32",
            Opcode::LdI64 => "LdI64",
            Opcode::LdI128 => "LdI128",
            Opcode::LdI256 => "LdI256",
            Opcode::CastI8 => "CastI8",
            Opcode::CastI16 => "CastI16",
            Opcode::CastI32 => "CastI32",
            Opcode::CastI64 => "CastI64",
            Opcode::CastI128 => "CastI128",
            Opcode::CastI256 => "CastI256",
            Opcode::Negate => "Negate",
            Opcode::AbortMsg => "AbortMsg",
        }
    }
}

/// One instruction with its operands, as stored in a code unit.
///
/// Branch targets are absolute instruction indices. 128- and 256-bit immediates are boxed to
/// keep the enum at 16 bytes (measured: deserializing the framework corpus allocates and copies
/// half as much).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Bytecode {
    /// Opcode 0x01.
    Pop,
    /// Opcode 0x02.
    Ret,
    /// Opcode 0x03.
    BrTrue(CodeOffset),
    /// Opcode 0x04.
    BrFalse(CodeOffset),
    /// Opcode 0x05.
    Branch(CodeOffset),
    /// Opcode 0x06.
    LdU64(u64),
    /// Opcode 0x07.
    LdConst(ConstantPoolIndex),
    /// Opcode 0x08.
    LdTrue,
    /// Opcode 0x09.
    LdFalse,
    /// Opcode 0x0A.
    CopyLoc(LocalIndex),
    /// Opcode 0x0B.
    MoveLoc(LocalIndex),
    /// Opcode 0x0C.
    StLoc(LocalIndex),
    /// Opcode 0x0D.
    MutBorrowLoc(LocalIndex),
    /// Opcode 0x0E.
    ImmBorrowLoc(LocalIndex),
    /// Opcode 0x0F.
    MutBorrowField(FieldHandleIndex),
    /// Opcode 0x10.
    ImmBorrowField(FieldHandleIndex),
    /// Opcode 0x11.
    Call(FunctionHandleIndex),
    /// Opcode 0x12.
    Pack(StructDefinitionIndex),
    /// Opcode 0x13.
    Unpack(StructDefinitionIndex),
    /// Opcode 0x14.
    ReadRef,
    /// Opcode 0x15.
    WriteRef,
    /// Opcode 0x16.
    Add,
    /// Opcode 0x17.
    Sub,
    /// Opcode 0x18.
    Mul,
    /// Opcode 0x19.
    Mod,
    /// Opcode 0x1A.
    Div,
    /// Opcode 0x1B.
    BitOr,
    /// Opcode 0x1C.
    BitAnd,
    /// Opcode 0x1D.
    Xor,
    /// Opcode 0x1E.
    Or,
    /// Opcode 0x1F.
    And,
    /// Opcode 0x20.
    Not,
    /// Opcode 0x21.
    Eq,
    /// Opcode 0x22.
    Neq,
    /// Opcode 0x23.
    Lt,
    /// Opcode 0x24.
    Gt,
    /// Opcode 0x25.
    Le,
    /// Opcode 0x26.
    Ge,
    /// Opcode 0x27.
    Abort,
    /// Opcode 0x28.
    Nop,
    /// Opcode 0x29.
    Exists(StructDefinitionIndex),
    /// Opcode 0x2A.
    MutBorrowGlobal(StructDefinitionIndex),
    /// Opcode 0x2B.
    ImmBorrowGlobal(StructDefinitionIndex),
    /// Opcode 0x2C.
    MoveFrom(StructDefinitionIndex),
    /// Opcode 0x2D.
    MoveTo(StructDefinitionIndex),
    /// Opcode 0x2E.
    FreezeRef,
    /// Opcode 0x2F.
    Shl,
    /// Opcode 0x30.
    Shr,
    /// Opcode 0x31.
    LdU8(u8),
    /// Opcode 0x32.
    LdU128(Box<u128>),
    /// Opcode 0x33.
    CastU8,
    /// Opcode 0x34.
    CastU64,
    /// Opcode 0x35.
    CastU128,
    /// Opcode 0x36.
    MutBorrowFieldGeneric(FieldInstantiationIndex),
    /// Opcode 0x37.
    ImmBorrowFieldGeneric(FieldInstantiationIndex),
    /// Opcode 0x38.
    CallGeneric(FunctionInstantiationIndex),
    /// Opcode 0x39.
    PackGeneric(StructDefInstantiationIndex),
    /// Opcode 0x3A.
    UnpackGeneric(StructDefInstantiationIndex),
    /// Opcode 0x3B.
    ExistsGeneric(StructDefInstantiationIndex),
    /// Opcode 0x3C.
    MutBorrowGlobalGeneric(StructDefInstantiationIndex),
    /// Opcode 0x3D.
    ImmBorrowGlobalGeneric(StructDefInstantiationIndex),
    /// Opcode 0x3E.
    MoveFromGeneric(StructDefInstantiationIndex),
    /// Opcode 0x3F.
    MoveToGeneric(StructDefInstantiationIndex),
    /// Opcode 0x40.
    VecPack(SignatureIndex, u64),
    /// Opcode 0x41.
    VecLen(SignatureIndex),
    /// Opcode 0x42.
    VecImmBorrow(SignatureIndex),
    /// Opcode 0x43.
    VecMutBorrow(SignatureIndex),
    /// Opcode 0x44.
    VecPushBack(SignatureIndex),
    /// Opcode 0x45.
    VecPopBack(SignatureIndex),
    /// Opcode 0x46.
    VecUnpack(SignatureIndex, u64),
    /// Opcode 0x47.
    VecSwap(SignatureIndex),
    /// Opcode 0x48.
    LdU16(u16),
    /// Opcode 0x49.
    LdU32(u32),
    /// Opcode 0x4A.
    LdU256(Box<U256>),
    /// Opcode 0x4B.
    CastU16,
    /// Opcode 0x4C.
    CastU32,
    /// Opcode 0x4D.
    CastU256,
    /// Opcode 0x4E.
    ImmBorrowVariantField(VariantFieldHandleIndex),
    /// Opcode 0x4F.
    MutBorrowVariantField(VariantFieldHandleIndex),
    /// Opcode 0x50.
    ImmBorrowVariantFieldGeneric(VariantFieldInstantiationIndex),
    /// Opcode 0x51.
    MutBorrowVariantFieldGeneric(VariantFieldInstantiationIndex),
    /// Opcode 0x52.
    PackVariant(StructVariantHandleIndex),
    /// Opcode 0x53.
    PackVariantGeneric(StructVariantInstantiationIndex),
    /// Opcode 0x54.
    UnpackVariant(StructVariantHandleIndex),
    /// Opcode 0x55.
    UnpackVariantGeneric(StructVariantInstantiationIndex),
    /// Opcode 0x56.
    TestVariant(StructVariantHandleIndex),
    /// Opcode 0x57.
    TestVariantGeneric(StructVariantInstantiationIndex),
    /// Opcode 0x58.
    PackClosure(FunctionHandleIndex, ClosureMask),
    /// Opcode 0x59.
    PackClosureGeneric(FunctionInstantiationIndex, ClosureMask),
    /// Opcode 0x5A.
    CallClosure(SignatureIndex),
    /// Opcode 0x5B.
    LdI8(i8),
    /// Opcode 0x5C.
    LdI16(i16),
    /// Opcode 0x5D.
    LdI32(i32),
    /// Opcode 0x5E.
    LdI64(i64),
    /// Opcode 0x5F.
    LdI128(Box<i128>),
    /// Opcode 0x60.
    LdI256(Box<I256>),
    /// Opcode 0x61.
    CastI8,
    /// Opcode 0x62.
    CastI16,
    /// Opcode 0x63.
    CastI32,
    /// Opcode 0x64.
    CastI64,
    /// Opcode 0x65.
    CastI128,
    /// Opcode 0x66.
    CastI256,
    /// Opcode 0x67.
    Negate,
    /// Opcode 0x68.
    AbortMsg,
}

impl Bytecode {
    /// The opcode of this instruction.
    pub fn opcode(&self) -> Opcode {
        match self {
            Bytecode::Pop => Opcode::Pop,
            Bytecode::Ret => Opcode::Ret,
            Bytecode::BrTrue(..) => Opcode::BrTrue,
            Bytecode::BrFalse(..) => Opcode::BrFalse,
            Bytecode::Branch(..) => Opcode::Branch,
            Bytecode::LdU64(..) => Opcode::LdU64,
            Bytecode::LdConst(..) => Opcode::LdConst,
            Bytecode::LdTrue => Opcode::LdTrue,
            Bytecode::LdFalse => Opcode::LdFalse,
            Bytecode::CopyLoc(..) => Opcode::CopyLoc,
            Bytecode::MoveLoc(..) => Opcode::MoveLoc,
            Bytecode::StLoc(..) => Opcode::StLoc,
            Bytecode::MutBorrowLoc(..) => Opcode::MutBorrowLoc,
            Bytecode::ImmBorrowLoc(..) => Opcode::ImmBorrowLoc,
            Bytecode::MutBorrowField(..) => Opcode::MutBorrowField,
            Bytecode::ImmBorrowField(..) => Opcode::ImmBorrowField,
            Bytecode::Call(..) => Opcode::Call,
            Bytecode::Pack(..) => Opcode::Pack,
            Bytecode::Unpack(..) => Opcode::Unpack,
            Bytecode::ReadRef => Opcode::ReadRef,
            Bytecode::WriteRef => Opcode::WriteRef,
            Bytecode::Add => Opcode::Add,
            Bytecode::Sub => Opcode::Sub,
            Bytecode::Mul => Opcode::Mul,
            Bytecode::Mod => Opcode::Mod,
            Bytecode::Div => Opcode::Div,
            Bytecode::BitOr => Opcode::BitOr,
            Bytecode::BitAnd => Opcode::BitAnd,
            Bytecode::Xor => Opcode::Xor,
            Bytecode::Or => Opcode::Or,
            Bytecode::And => Opcode::And,
            Bytecode::Not => Opcode::Not,
            Bytecode::Eq => Opcode::Eq,
            Bytecode::Neq => Opcode::Neq,
            Bytecode::Lt => Opcode::Lt,
            Bytecode::Gt => Opcode::Gt,
            Bytecode::Le => Opcode::Le,
            Bytecode::Ge => Opcode::Ge,
            Bytecode::Abort => Opcode::Abort,
            Bytecode::Nop => Opcode::Nop,
            Bytecode::Exists(..) => Opcode::Exists,
            Bytecode::MutBorrowGlobal(..) => Opcode::MutBorrowGlobal,
            Bytecode::ImmBorrowGlobal(..) => Opcode::ImmBorrowGlobal,
            Bytecode::MoveFrom(..) => Opcode::MoveFrom,
            Bytecode::MoveTo(..) => Opcode::MoveTo,
            Bytecode::FreezeRef => Opcode::FreezeRef,
            Bytecode::Shl => Opcode::Shl,
            Bytecode::Shr => Opcode::Shr,
            Bytecode::LdU8(..) => Opcode::LdU8,
            Bytecode::LdU128(..) => Opcode::LdU128,
            Bytecode::CastU8 => Opcode::CastU8,
            Bytecode::CastU64 => Opcode::CastU64,
            Bytecode::CastU128 => Opcode::CastU128,
            Bytecode::MutBorrowFieldGeneric(..) => Opcode::MutBorrowFieldGeneric,
            Bytecode::ImmBorrowFieldGeneric(..) => Opcode::ImmBorrowFieldGeneric,
            Bytecode::CallGeneric(..) => Opcode::CallGeneric,
            Bytecode::PackGeneric(..) => Opcode::PackGeneric,
            Bytecode::UnpackGeneric(..) => Opcode::UnpackGeneric,
            Bytecode::ExistsGeneric(..) => Opcode::ExistsGeneric,
            Bytecode::MutBorrowGlobalGeneric(..) => Opcode::MutBorrowGlobalGeneric,
            Bytecode::ImmBorrowGlobalGeneric(..) => Opcode::ImmBorrowGlobalGeneric,
            Bytecode::MoveFromGeneric(..) => Opcode::MoveFromGeneric,
            Bytecode::MoveToGeneric(..) => Opcode::MoveToGeneric,
            Bytecode::VecPack(..) => Opcode::VecPack,
            Bytecode::VecLen(..) => Opcode::VecLen,
            Bytecode::VecImmBorrow(..) => Opcode::VecImmBorrow,
            Bytecode::VecMutBorrow(..) => Opcode::VecMutBorrow,
            Bytecode::VecPushBack(..) => Opcode::VecPushBack,
            Bytecode::VecPopBack(..) => Opcode::VecPopBack,
            Bytecode::VecUnpack(..) => Opcode::VecUnpack,
            Bytecode::VecSwap(..) => Opcode::VecSwap,
            Bytecode::LdU16(..) => Opcode::LdU16,
            Bytecode::LdU32(..) => Opcode::LdU32,
            Bytecode::LdU256(..) => Opcode::LdU256,
            Bytecode::CastU16 => Opcode::CastU16,
            Bytecode::CastU32 => Opcode::CastU32,
            Bytecode::CastU256 => Opcode::CastU256,
            Bytecode::ImmBorrowVariantField(..) => Opcode::ImmBorrowVariantField,
            Bytecode::MutBorrowVariantField(..) => Opcode::MutBorrowVariantField,
            Bytecode::ImmBorrowVariantFieldGeneric(..) => Opcode::ImmBorrowVariantFieldGeneric,
            Bytecode::MutBorrowVariantFieldGeneric(..) => Opcode::MutBorrowVariantFieldGeneric,
            Bytecode::PackVariant(..) => Opcode::PackVariant,
            Bytecode::PackVariantGeneric(..) => Opcode::PackVariantGeneric,
            Bytecode::UnpackVariant(..) => Opcode::UnpackVariant,
            Bytecode::UnpackVariantGeneric(..) => Opcode::UnpackVariantGeneric,
            Bytecode::TestVariant(..) => Opcode::TestVariant,
            Bytecode::TestVariantGeneric(..) => Opcode::TestVariantGeneric,
            Bytecode::PackClosure(..) => Opcode::PackClosure,
            Bytecode::PackClosureGeneric(..) => Opcode::PackClosureGeneric,
            Bytecode::CallClosure(..) => Opcode::CallClosure,
            Bytecode::LdI8(..) => Opcode::LdI8,
            Bytecode::LdI16(..) => Opcode::LdI16,
            Bytecode::LdI32(..) => Opcode::LdI32,
            Bytecode::LdI64(..) => Opcode::LdI64,
            Bytecode::LdI128(..) => Opcode::LdI128,
            Bytecode::LdI256(..) => Opcode::LdI256,
            Bytecode::CastI8 => Opcode::CastI8,
            Bytecode::CastI16 => Opcode::CastI16,
            Bytecode::CastI32 => Opcode::CastI32,
            Bytecode::CastI64 => Opcode::CastI64,
            Bytecode::CastI128 => Opcode::CastI128,
            Bytecode::CastI256 => Opcode::CastI256,
            Bytecode::Negate => Opcode::Negate,
            Bytecode::AbortMsg => Opcode::AbortMsg,
        }
    }

    /// The branch target, for `BrTrue`, `BrFalse` and `Branch`.
    pub fn branch_target(&self) -> Option<CodeOffset> {
        match self {
            Bytecode::BrTrue(t) | Bytecode::BrFalse(t) | Bytecode::Branch(t) => Some(*t),
            _ => None,
        }
    }

    /// Whether control never falls through to the next instruction
    /// (`Ret`, `Abort`, `AbortMsg`, `Branch`).
    pub fn is_unconditional_branch(&self) -> bool {
        matches!(
            self,
            Bytecode::Ret | Bytecode::Abort | Bytecode::AbortMsg | Bytecode::Branch(_)
        )
    }

    /// Whether the instruction may transfer control somewhere other than the next instruction.
    pub fn is_branch(&self) -> bool {
        matches!(self, Bytecode::BrTrue(_) | Bytecode::BrFalse(_)) || self.is_unconditional_branch()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opcode_table_is_dense() {
        for (i, op) in Opcode::ALL.iter().enumerate() {
            assert_eq!(*op as u8 as usize, i + 1);
            assert_eq!(Opcode::from_byte(*op as u8), Some(*op));
        }
        assert_eq!(Opcode::from_byte(0), None);
        assert_eq!(Opcode::from_byte(0x69), None);
        assert_eq!(Opcode::AbortMsg.min_version(), 10);
        assert_eq!(Opcode::UnpackVariant.min_version(), 1);
        assert_eq!(Opcode::PackVariant.min_version(), 7);
    }

    #[test]
    fn bytecode_size_is_small() {
        assert!(std::mem::size_of::<Bytecode>() <= 16);
    }
}
