//! The instruction set of both flavors of Move bytecode, defined once.
//!
//! [`for_each_instruction!`](crate::for_each_instruction) holds the one table of every
//! instruction Tern knows: its name, operands (each with an encoding kind), its `.masm`
//! mnemonic, its opcode byte and lowest bytecode version in each flavor (`-` where the flavor
//! lacks it), its variant number in the Aptos runtime's instruction enum (the numbering
//! execution traces fingerprint; Sui-only instructions continue it from 104, Tern's own
//! numbers) and its stack effect
//! (`(pops, pushes)`, or `dyn` when it depends on a handle).
//!
//! Everything that must list the instructions is generated from that table by a macro of its
//! own: the [`Opcode`](crate::Opcode) and [`Bytecode`](crate::Bytecode) enums, the opcode
//! tables per flavor, the operand decoder and encoder, the assembler's and disassembler's
//! mnemonics, the trace numbering. Adding an instruction is one line here plus the places
//! that give it meaning (bounds checks, verifier, loader), which exhaustive matches point at.
//!
//! Operand kinds and their encodings:
//!
//! | kind | Rust type | encoding |
//! |---|---|---|
//! | `Offset` | [`CodeOffset`](crate::CodeOffset) | ULEB128 ≤ 65535 |
//! | `Local` | [`LocalIndex`](crate::LocalIndex) | ULEB128 ≤ 255 |
//! | `U8` … `U256`, `I8` … `I256` | the integer (boxed above 64 bits) | fixed-width little endian |
//! | `Count` | `u64` | 8 bytes little endian |
//! | `Mask` | [`ClosureMask`](crate::ClosureMask) | ULEB128 u64 |
//! | any table index | its index newtype | ULEB128 ≤ 65535 (Sui's variant handles ≤ 1024, jump tables ≤ 127) |

/// Calls `$callback!` with the instruction table (see the [module docs](crate::isa)).
///
/// Each entry reads
/// `Name(operand: Kind, …) "mnemonic" aptos(byte, version) sui(byte, version) trace(n) stack(pops, pushes);`
/// (no parentheses for an instruction without operands)
/// preceded by its doc comment; `-` stands for "not in this flavor" and `stack(dyn)` for a
/// stack effect that depends on the operand. Entries are in Aptos opcode order, Sui-only
/// instructions last.
#[macro_export]
macro_rules! for_each_instruction {
    ($callback:ident) => {
        $callback! {
            /// Pops and discards the top value.
            Pop "pop" aptos(0x01, 1) sui(0x01, 1) trace(0) stack(1, 0);
            /// Returns from the function with its return values on the stack.
            Ret "ret" aptos(0x02, 1) sui(0x02, 1) trace(1) stack(dyn);
            /// Pops a `bool`; branches to the target if it is `true`.
            BrTrue(target: Offset) "br_true" aptos(0x03, 1) sui(0x03, 1) trace(2) stack(1, 0);
            /// Pops a `bool`; branches to the target if it is `false`.
            BrFalse(target: Offset) "br_false" aptos(0x04, 1) sui(0x04, 1) trace(3) stack(1, 0);
            /// Branches to the target.
            Branch(target: Offset) "branch" aptos(0x05, 1) sui(0x05, 1) trace(4) stack(0, 0);
            /// Pushes a `u64` constant.
            LdU64(value: U64) "ld_u64" aptos(0x06, 1) sui(0x06, 1) trace(6) stack(0, 1);
            /// Pushes a constant of the constant pool.
            LdConst(constant: Constant) "ld_const" aptos(0x07, 1) sui(0x07, 1) trace(11) stack(0, 1);
            /// Pushes `true`.
            LdTrue "ld_true" aptos(0x08, 1) sui(0x08, 1) trace(12) stack(0, 1);
            /// Pushes `false`.
            LdFalse "ld_false" aptos(0x09, 1) sui(0x09, 1) trace(13) stack(0, 1);
            /// Pushes a copy of a local.
            CopyLoc(local: Local) "copy_loc" aptos(0x0A, 1) sui(0x0A, 1) trace(14) stack(0, 1);
            /// Moves a local onto the stack, leaving it unavailable.
            MoveLoc(local: Local) "move_loc" aptos(0x0B, 1) sui(0x0B, 1) trace(15) stack(0, 1);
            /// Pops a value into a local.
            StLoc(local: Local) "st_loc" aptos(0x0C, 1) sui(0x0C, 1) trace(16) stack(1, 0);
            /// Pushes a mutable reference to a local.
            MutBorrowLoc(local: Local) "mut_borrow_loc" aptos(0x0D, 1) sui(0x0D, 1) trace(32) stack(0, 1);
            /// Pushes an immutable reference to a local.
            ImmBorrowLoc(local: Local) "borrow_loc" aptos(0x0E, 1) sui(0x0E, 1) trace(33) stack(0, 1);
            /// Pops a struct reference; pushes a mutable reference to one of its fields.
            MutBorrowField(field: FieldHandle) "mut_borrow_field" aptos(0x0F, 1) sui(0x0F, 1) trace(34) stack(1, 1);
            /// Pops a struct reference; pushes an immutable reference to one of its fields.
            ImmBorrowField(field: FieldHandle) "borrow_field" aptos(0x10, 1) sui(0x10, 1) trace(38) stack(1, 1);
            /// Calls a function with the arguments on the stack.
            Call(function: FunctionHandle) "call" aptos(0x11, 1) sui(0x11, 1) trace(17) stack(dyn);
            /// Pops the field values; pushes the struct built from them.
            Pack(def: StructDef) "pack" aptos(0x12, 1) sui(0x12, 1) trace(19) stack(dyn);
            /// Pops a struct; pushes its field values.
            Unpack(def: StructDef) "unpack" aptos(0x13, 1) sui(0x13, 1) trace(23) stack(dyn);
            /// Pops a reference; pushes a copy of the value it refers to.
            ReadRef "read_ref" aptos(0x14, 1) sui(0x14, 1) trace(29) stack(1, 1);
            /// Pops a mutable reference and a value; writes the value through the reference.
            WriteRef "write_ref" aptos(0x15, 1) sui(0x15, 1) trace(30) stack(2, 0);
            /// Integer addition (aborts on overflow).
            Add "add" aptos(0x16, 1) sui(0x16, 1) trace(46) stack(2, 1);
            /// Integer subtraction (aborts on underflow).
            Sub "sub" aptos(0x17, 1) sui(0x17, 1) trace(47) stack(2, 1);
            /// Integer multiplication (aborts on overflow).
            Mul "mul" aptos(0x18, 1) sui(0x18, 1) trace(48) stack(2, 1);
            /// Integer remainder (aborts on zero).
            Mod "mod" aptos(0x19, 1) sui(0x19, 1) trace(49) stack(2, 1);
            /// Integer division (aborts on zero).
            Div "div" aptos(0x1A, 1) sui(0x1A, 1) trace(50) stack(2, 1);
            /// Bitwise or.
            BitOr "bit_or" aptos(0x1B, 1) sui(0x1B, 1) trace(51) stack(2, 1);
            /// Bitwise and.
            BitAnd "bit_and" aptos(0x1C, 1) sui(0x1C, 1) trace(52) stack(2, 1);
            /// Bitwise exclusive or.
            Xor "xor" aptos(0x1D, 1) sui(0x1D, 1) trace(53) stack(2, 1);
            /// Boolean or.
            Or "or" aptos(0x1E, 1) sui(0x1E, 1) trace(54) stack(2, 1);
            /// Boolean and.
            And "and" aptos(0x1F, 1) sui(0x1F, 1) trace(55) stack(2, 1);
            /// Boolean not.
            Not "not" aptos(0x20, 1) sui(0x20, 1) trace(56) stack(1, 1);
            /// Equality of two values.
            Eq "eq" aptos(0x21, 1) sui(0x21, 1) trace(57) stack(2, 1);
            /// Inequality of two values.
            Neq "neq" aptos(0x22, 1) sui(0x22, 1) trace(58) stack(2, 1);
            /// Integer less-than.
            Lt "lt" aptos(0x23, 1) sui(0x23, 1) trace(59) stack(2, 1);
            /// Integer greater-than.
            Gt "gt" aptos(0x24, 1) sui(0x24, 1) trace(60) stack(2, 1);
            /// Integer less-or-equal.
            Le "le" aptos(0x25, 1) sui(0x25, 1) trace(61) stack(2, 1);
            /// Integer greater-or-equal.
            Ge "ge" aptos(0x26, 1) sui(0x26, 1) trace(62) stack(2, 1);
            /// Pops a `u64` code and aborts the transaction with it.
            Abort "abort" aptos(0x27, 1) sui(0x27, 1) trace(63) stack(1, 0);
            /// Does nothing.
            Nop "nop" aptos(0x28, 1) sui(0x28, 1) trace(64) stack(0, 0);
            /// Pops an address; pushes whether the resource exists there (deprecated in Sui).
            Exists(def: StructDef) "exists" aptos(0x29, 1) sui(0x29, 1) trace(65) stack(1, 1);
            /// Pops an address; pushes a mutable reference to the resource there (deprecated in Sui).
            MutBorrowGlobal(def: StructDef) "mut_borrow_global" aptos(0x2A, 1) sui(0x2A, 1) trace(42) stack(1, 1);
            /// Pops an address; pushes an immutable reference to the resource there (deprecated in Sui).
            ImmBorrowGlobal(def: StructDef) "borrow_global" aptos(0x2B, 1) sui(0x2B, 1) trace(44) stack(1, 1);
            /// Pops an address; moves the resource there onto the stack (deprecated in Sui).
            MoveFrom(def: StructDef) "move_from" aptos(0x2C, 1) sui(0x2C, 1) trace(67) stack(1, 1);
            /// Pops a signer reference and a resource; publishes it under the signer (deprecated in Sui).
            MoveTo(def: StructDef) "move_to" aptos(0x2D, 1) sui(0x2D, 1) trace(69) stack(2, 0);
            /// Turns a mutable reference into an immutable one.
            FreezeRef "freeze_ref" aptos(0x2E, 1) sui(0x2E, 1) trace(31) stack(1, 1);
            /// Shift left by a `u8` amount.
            Shl "shl" aptos(0x2F, 1) sui(0x2F, 1) trace(71) stack(2, 1);
            /// Logical shift right by a `u8` amount.
            Shr "shr" aptos(0x30, 1) sui(0x30, 1) trace(72) stack(2, 1);
            /// Pushes a `u8` constant.
            LdU8(value: U8) "ld_u8" aptos(0x31, 1) sui(0x31, 1) trace(5) stack(0, 1);
            /// Pushes a `u128` constant.
            LdU128(value: U128) "ld_u128" aptos(0x32, 1) sui(0x32, 1) trace(7) stack(0, 1);
            /// Casts an integer to `u8` (aborts when out of range).
            CastU8 "cast_u8" aptos(0x33, 1) sui(0x33, 1) trace(8) stack(1, 1);
            /// Casts an integer to `u64` (aborts when out of range).
            CastU64 "cast_u64" aptos(0x34, 1) sui(0x34, 1) trace(9) stack(1, 1);
            /// Casts an integer to `u128` (aborts when out of range).
            CastU128 "cast_u128" aptos(0x35, 1) sui(0x35, 1) trace(10) stack(1, 1);
            /// `MutBorrowField` of a generic struct instantiation.
            MutBorrowFieldGeneric(field: FieldInst) "mut_borrow_field" aptos(0x36, 1) sui(0x36, 1) trace(36) stack(1, 1);
            /// `ImmBorrowField` of a generic struct instantiation.
            ImmBorrowFieldGeneric(field: FieldInst) "borrow_field" aptos(0x37, 1) sui(0x37, 1) trace(40) stack(1, 1);
            /// `Call` of a generic function instantiation.
            CallGeneric(function: FunctionInst) "call" aptos(0x38, 1) sui(0x38, 1) trace(18) stack(dyn);
            /// `Pack` of a generic struct instantiation.
            PackGeneric(def: StructDefInst) "pack" aptos(0x39, 1) sui(0x39, 1) trace(20) stack(dyn);
            /// `Unpack` of a generic struct instantiation.
            UnpackGeneric(def: StructDefInst) "unpack" aptos(0x3A, 1) sui(0x3A, 1) trace(24) stack(dyn);
            /// `Exists` of a generic struct instantiation (deprecated in Sui).
            ExistsGeneric(def: StructDefInst) "exists" aptos(0x3B, 1) sui(0x3B, 1) trace(66) stack(1, 1);
            /// `MutBorrowGlobal` of a generic struct instantiation (deprecated in Sui).
            MutBorrowGlobalGeneric(def: StructDefInst) "mut_borrow_global" aptos(0x3C, 1) sui(0x3C, 1) trace(43) stack(1, 1);
            /// `ImmBorrowGlobal` of a generic struct instantiation (deprecated in Sui).
            ImmBorrowGlobalGeneric(def: StructDefInst) "borrow_global" aptos(0x3D, 1) sui(0x3D, 1) trace(45) stack(1, 1);
            /// `MoveFrom` of a generic struct instantiation (deprecated in Sui).
            MoveFromGeneric(def: StructDefInst) "move_from" aptos(0x3E, 1) sui(0x3E, 1) trace(68) stack(1, 1);
            /// `MoveTo` of a generic struct instantiation (deprecated in Sui).
            MoveToGeneric(def: StructDefInst) "move_to" aptos(0x3F, 1) sui(0x3F, 1) trace(70) stack(2, 0);
            /// Pops `count` values; pushes the vector of them.
            VecPack(elem: Signature, count: Count) "vec_pack" aptos(0x40, 4) sui(0x40, 4) trace(73) stack(dyn);
            /// Pops a vector reference; pushes its length.
            VecLen(elem: Signature) "vec_len" aptos(0x41, 4) sui(0x41, 4) trace(74) stack(1, 1);
            /// Pops a vector reference and an index; pushes an immutable reference to the element.
            VecImmBorrow(elem: Signature) "vec_borrow" aptos(0x42, 4) sui(0x42, 4) trace(75) stack(2, 1);
            /// Pops a vector reference and an index; pushes a mutable reference to the element.
            VecMutBorrow(elem: Signature) "vec_mut_borrow" aptos(0x43, 4) sui(0x43, 4) trace(76) stack(2, 1);
            /// Pops a mutable vector reference and a value; appends the value.
            VecPushBack(elem: Signature) "vec_push_back" aptos(0x44, 4) sui(0x44, 4) trace(77) stack(2, 0);
            /// Pops a mutable vector reference; removes and pushes its last element.
            VecPopBack(elem: Signature) "vec_pop_back" aptos(0x45, 4) sui(0x45, 4) trace(78) stack(1, 1);
            /// Pops a vector of exactly `count` elements; pushes its elements.
            VecUnpack(elem: Signature, count: Count) "vec_unpack" aptos(0x46, 4) sui(0x46, 4) trace(79) stack(dyn);
            /// Pops a mutable vector reference and two indices; swaps the two elements.
            VecSwap(elem: Signature) "vec_swap" aptos(0x47, 4) sui(0x47, 4) trace(80) stack(3, 0);
            /// Pushes a `u16` constant.
            LdU16(value: U16) "ld_u16" aptos(0x48, 6) sui(0x48, 6) trace(84) stack(0, 1);
            /// Pushes a `u32` constant.
            LdU32(value: U32) "ld_u32" aptos(0x49, 6) sui(0x49, 6) trace(85) stack(0, 1);
            /// Pushes a `u256` constant.
            LdU256(value: U256) "ld_u256" aptos(0x4A, 6) sui(0x4A, 6) trace(86) stack(0, 1);
            /// Casts an integer to `u16` (aborts when out of range).
            CastU16 "cast_u16" aptos(0x4B, 6) sui(0x4B, 6) trace(87) stack(1, 1);
            /// Casts an integer to `u32` (aborts when out of range).
            CastU32 "cast_u32" aptos(0x4C, 6) sui(0x4C, 6) trace(88) stack(1, 1);
            /// Casts an integer to `u256`.
            CastU256 "cast_u256" aptos(0x4D, 6) sui(0x4D, 6) trace(89) stack(1, 1);
            /// Pops an enum reference; pushes an immutable reference to a field shared by variants.
            ImmBorrowVariantField(field: VariantFieldHandle) "borrow_variant_field" aptos(0x4E, 7) sui(-) trace(39) stack(1, 1);
            /// Pops an enum reference; pushes a mutable reference to a field shared by variants.
            MutBorrowVariantField(field: VariantFieldHandle) "mut_borrow_variant_field" aptos(0x4F, 7) sui(-) trace(35) stack(1, 1);
            /// `ImmBorrowVariantField` of a generic enum instantiation.
            ImmBorrowVariantFieldGeneric(field: VariantFieldInst) "borrow_variant_field" aptos(0x50, 7) sui(-) trace(41) stack(1, 1);
            /// `MutBorrowVariantField` of a generic enum instantiation.
            MutBorrowVariantFieldGeneric(field: VariantFieldInst) "mut_borrow_variant_field" aptos(0x51, 7) sui(-) trace(37) stack(1, 1);
            /// Pops the variant's field values; pushes the enum value (Aptos flavor).
            PackVariant(variant: StructVariantHandle) "pack_variant" aptos(0x52, 7) sui(-) trace(21) stack(dyn);
            /// `PackVariant` of a generic enum instantiation (Aptos flavor).
            PackVariantGeneric(variant: StructVariantInst) "pack_variant" aptos(0x53, 7) sui(-) trace(22) stack(dyn);
            /// Pops an enum value of the variant; pushes its field values (Aptos flavor; the peer
            /// does not gate this opcode by version).
            UnpackVariant(variant: StructVariantHandle) "unpack_variant" aptos(0x54, 1) sui(-) trace(25) stack(dyn);
            /// `UnpackVariant` of a generic enum instantiation (Aptos flavor, ungated like it).
            UnpackVariantGeneric(variant: StructVariantInst) "unpack_variant" aptos(0x55, 1) sui(-) trace(26) stack(dyn);
            /// Pops an enum reference; pushes whether it holds the variant.
            TestVariant(variant: StructVariantHandle) "test_variant" aptos(0x56, 7) sui(-) trace(27) stack(1, 1);
            /// `TestVariant` of a generic enum instantiation.
            TestVariantGeneric(variant: StructVariantInst) "test_variant" aptos(0x57, 7) sui(-) trace(28) stack(1, 1);
            /// Pops the captured values; pushes a closure of the function.
            PackClosure(function: FunctionHandle, mask: Mask) "pack_closure" aptos(0x58, 8) sui(-) trace(81) stack(dyn);
            /// `PackClosure` of a generic function instantiation.
            PackClosureGeneric(function: FunctionInst, mask: Mask) "pack_closure" aptos(0x59, 8) sui(-) trace(82) stack(dyn);
            /// Pops a closure and its arguments; calls it.
            CallClosure(signature: Signature) "call_closure" aptos(0x5A, 8) sui(-) trace(83) stack(dyn);
            /// Pushes an `i8` constant.
            LdI8(value: I8) "ld_i8" aptos(0x5B, 9) sui(-) trace(90) stack(0, 1);
            /// Pushes an `i16` constant.
            LdI16(value: I16) "ld_i16" aptos(0x5C, 9) sui(-) trace(91) stack(0, 1);
            /// Pushes an `i32` constant.
            LdI32(value: I32) "ld_i32" aptos(0x5D, 9) sui(-) trace(92) stack(0, 1);
            /// Pushes an `i64` constant.
            LdI64(value: I64) "ld_i64" aptos(0x5E, 9) sui(-) trace(93) stack(0, 1);
            /// Pushes an `i128` constant.
            LdI128(value: I128) "ld_i128" aptos(0x5F, 9) sui(-) trace(94) stack(0, 1);
            /// Pushes an `i256` constant.
            LdI256(value: I256) "ld_i256" aptos(0x60, 9) sui(-) trace(95) stack(0, 1);
            /// Casts an integer to `i8` (aborts when out of range).
            CastI8 "cast_i8" aptos(0x61, 9) sui(-) trace(96) stack(1, 1);
            /// Casts an integer to `i16` (aborts when out of range).
            CastI16 "cast_i16" aptos(0x62, 9) sui(-) trace(97) stack(1, 1);
            /// Casts an integer to `i32` (aborts when out of range).
            CastI32 "cast_i32" aptos(0x63, 9) sui(-) trace(98) stack(1, 1);
            /// Casts an integer to `i64` (aborts when out of range).
            CastI64 "cast_i64" aptos(0x64, 9) sui(-) trace(99) stack(1, 1);
            /// Casts an integer to `i128` (aborts when out of range).
            CastI128 "cast_i128" aptos(0x65, 9) sui(-) trace(100) stack(1, 1);
            /// Casts an integer to `i256` (aborts when out of range).
            CastI256 "cast_i256" aptos(0x66, 9) sui(-) trace(101) stack(1, 1);
            /// Negates a signed integer (aborts on the minimum).
            Negate "negate" aptos(0x67, 9) sui(-) trace(102) stack(1, 1);
            /// Pops a `u64` code and a message; aborts the transaction with both.
            AbortMsg "abort_msg" aptos(0x68, 10) sui(-) trace(103) stack(2, 0);
            /// Pops the variant's field values; pushes the enum value (Sui flavor).
            SuiPackVariant(variant: VariantHandle) "pack_variant" aptos(-) sui(0x4E, 7) trace(104) stack(dyn);
            /// `SuiPackVariant` of a generic enum instantiation.
            SuiPackVariantGeneric(variant: VariantInst) "pack_variant" aptos(-) sui(0x4F, 7) trace(105) stack(dyn);
            /// Pops an enum value of the variant; pushes its field values (Sui flavor).
            SuiUnpackVariant(variant: VariantHandle) "unpack_variant" aptos(-) sui(0x50, 7) trace(106) stack(dyn);
            /// Pops an immutable enum reference; pushes immutable references to its fields.
            SuiUnpackVariantImmRef(variant: VariantHandle) "unpack_variant_ref" aptos(-) sui(0x51, 7) trace(107) stack(dyn);
            /// Pops a mutable enum reference; pushes mutable references to its fields.
            SuiUnpackVariantMutRef(variant: VariantHandle) "unpack_variant_mut_ref" aptos(-) sui(0x52, 7) trace(108) stack(dyn);
            /// `SuiUnpackVariant` of a generic enum instantiation.
            SuiUnpackVariantGeneric(variant: VariantInst) "unpack_variant" aptos(-) sui(0x53, 7) trace(109) stack(dyn);
            /// `SuiUnpackVariantImmRef` of a generic enum instantiation.
            SuiUnpackVariantGenericImmRef(variant: VariantInst) "unpack_variant_ref" aptos(-) sui(0x54, 7) trace(110) stack(dyn);
            /// `SuiUnpackVariantMutRef` of a generic enum instantiation.
            SuiUnpackVariantGenericMutRef(variant: VariantInst) "unpack_variant_mut_ref" aptos(-) sui(0x55, 7) trace(111) stack(dyn);
            /// Pops an enum reference; branches to its variant's entry of a jump table of the
            /// code unit.
            VariantSwitch(table: JumpTable) "variant_switch" aptos(-) sui(0x56, 7) trace(112) stack(1, 0);
        }
    };
}

/// The Rust type of an operand kind of the instruction table.
#[macro_export]
#[doc(hidden)]
macro_rules! operand_type {
    (Offset) => { $crate::CodeOffset };
    (Local) => { $crate::LocalIndex };
    (Constant) => { $crate::ConstantPoolIndex };
    (U8) => { u8 };
    (U16) => { u16 };
    (U32) => { u32 };
    (U64) => { u64 };
    (U128) => { ::std::boxed::Box<u128> };
    (U256) => { ::std::boxed::Box<$crate::__isa::U256> };
    (I8) => { i8 };
    (I16) => { i16 };
    (I32) => { i32 };
    (I64) => { i64 };
    (I128) => { ::std::boxed::Box<i128> };
    (I256) => { ::std::boxed::Box<$crate::__isa::I256> };
    (Count) => { u64 };
    (Mask) => { $crate::ClosureMask };
    (Signature) => { $crate::SignatureIndex };
    (FieldHandle) => { $crate::FieldHandleIndex };
    (FieldInst) => { $crate::FieldInstantiationIndex };
    (FunctionHandle) => { $crate::FunctionHandleIndex };
    (FunctionInst) => { $crate::FunctionInstantiationIndex };
    (StructDef) => { $crate::StructDefinitionIndex };
    (StructDefInst) => { $crate::StructDefInstantiationIndex };
    (VariantFieldHandle) => { $crate::VariantFieldHandleIndex };
    (VariantFieldInst) => { $crate::VariantFieldInstantiationIndex };
    (StructVariantHandle) => { $crate::StructVariantHandleIndex };
    (StructVariantInst) => { $crate::StructVariantInstantiationIndex };
    (VariantHandle) => { $crate::VariantHandleIndex };
    (VariantInst) => { $crate::VariantInstantiationHandleIndex };
    (JumpTable) => { $crate::VariantJumpTableIndex };
}
