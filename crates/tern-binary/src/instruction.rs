//! The instructions of both flavors with their operands, generated from the instruction table
//! ([`crate::isa`]).

use crate::index::*;
use tern_primitives::Flavor;

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

/// How an instruction is encoded in one flavor: its opcode byte and the lowest bytecode
/// version whose deserializer accepts it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Encoding {
    /// The opcode byte.
    pub byte: u8,
    /// The lowest bytecode version that may contain the instruction.
    pub min_version: u32,
}

/// How many values an instruction pops and pushes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum StackEffect {
    /// A fixed number of values.
    Fixed {
        /// Values popped.
        pops: u8,
        /// Values pushed.
        pushes: u8,
    },
    /// A number that depends on the instruction's operand (a function's signature, a
    /// struct's fields, a vector count).
    Dynamic,
}

/// The encoding kind of an operand (see the table in [`crate::isa`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[allow(missing_docs)] // the kinds are documented by the table in `isa`
pub enum OperandKind {
    Offset,
    Local,
    Constant,
    U8,
    U16,
    U32,
    U64,
    U128,
    U256,
    I8,
    I16,
    I32,
    I64,
    I128,
    I256,
    Count,
    Mask,
    Signature,
    FieldHandle,
    FieldInst,
    FunctionHandle,
    FunctionInst,
    StructDef,
    StructDefInst,
    VariantFieldHandle,
    VariantFieldInst,
    StructVariantHandle,
    StructVariantInst,
    VariantHandle,
    VariantInst,
    JumpTable,
}

macro_rules! encoding {
    ((-)) => {
        None
    };
    (($byte:literal, $version:literal)) => {
        Some(Encoding {
            byte: $byte,
            min_version: $version,
        })
    };
}

macro_rules! trace_index {
    (($n:literal)) => {
        $n
    };
}

macro_rules! stack_effect {
    (dyn) => {
        StackEffect::Dynamic
    };
    ($pops:literal, $pushes:literal) => {
        StackEffect::Fixed {
            pops: $pops,
            pushes: $pushes,
        }
    };
}

/// One operand with its kind, as [`Bytecode::operands`] lists them and
/// [`Bytecode::from_operands`] takes them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[allow(missing_docs)] // the kinds are documented by the table in `isa`
pub enum Operand {
    Offset(CodeOffset),
    Local(LocalIndex),
    Constant(ConstantPoolIndex),
    U8(u8),
    U16(u16),
    U32(u32),
    U64(u64),
    U128(u128),
    U256(tern_primitives::U256),
    I8(i8),
    I16(i16),
    I32(i32),
    I64(i64),
    I128(i128),
    I256(tern_primitives::I256),
    Count(u64),
    Mask(ClosureMask),
    Signature(SignatureIndex),
    FieldHandle(FieldHandleIndex),
    FieldInst(FieldInstantiationIndex),
    FunctionHandle(FunctionHandleIndex),
    FunctionInst(FunctionInstantiationIndex),
    StructDef(StructDefinitionIndex),
    StructDefInst(StructDefInstantiationIndex),
    VariantFieldHandle(VariantFieldHandleIndex),
    VariantFieldInst(VariantFieldInstantiationIndex),
    StructVariantHandle(StructVariantHandleIndex),
    StructVariantInst(StructVariantInstantiationIndex),
    VariantHandle(VariantHandleIndex),
    VariantInst(VariantInstantiationHandleIndex),
    JumpTable(VariantJumpTableIndex),
}

/// The operands of one instruction (at most two).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Operands {
    items: [Option<Operand>; 2],
}

impl Operands {
    /// The operands in order.
    pub fn iter(&self) -> impl Iterator<Item = Operand> + '_ {
        self.items.iter().flatten().copied()
    }

    /// The first operand, if any.
    pub fn first(&self) -> Option<Operand> {
        self.items[0]
    }

    /// The number of operands.
    pub fn len(&self) -> usize {
        self.iter().count()
    }

    /// Whether the instruction has no operands.
    pub fn is_empty(&self) -> bool {
        self.items[0].is_none()
    }
}

/// Wraps a stored operand value as an [`Operand`].
macro_rules! to_operand {
    (U128, $v:ident) => {
        Operand::U128(**$v)
    };
    (U256, $v:ident) => {
        Operand::U256(**$v)
    };
    (I128, $v:ident) => {
        Operand::I128(**$v)
    };
    (I256, $v:ident) => {
        Operand::I256(**$v)
    };
    ($kind:ident, $v:ident) => {
        Operand::$kind(*$v)
    };
}

/// Unwraps an [`Operand`] of the expected kind into the stored value.
macro_rules! from_operand {
    (U128, $v:expr) => {
        match $v {
            Some(Operand::U128(x)) => Box::new(x),
            _ => return None,
        }
    };
    (U256, $v:expr) => {
        match $v {
            Some(Operand::U256(x)) => Box::new(x),
            _ => return None,
        }
    };
    (I128, $v:expr) => {
        match $v {
            Some(Operand::I128(x)) => Box::new(x),
            _ => return None,
        }
    };
    (I256, $v:expr) => {
        match $v {
            Some(Operand::I256(x)) => Box::new(x),
            _ => return None,
        }
    };
    ($kind:ident, $v:expr) => {
        match $v {
            Some(Operand::$kind(x)) => x,
            _ => return None,
        }
    };
}

macro_rules! define_instructions {
    ($(
        $(#[doc = $doc:literal])*
        $name:ident $( ( $($field:ident : $kind:ident),+ ) )? $mnemonic:literal
        aptos $aptos:tt sui $sui:tt trace $trace:tt stack ($($stack:tt)*);
    )*) => {
        /// An instruction without its operands, flavor-neutral (each flavor gives it its own
        /// byte, see [`Opcode::encoding`]).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Opcode {
            $( $(#[doc = $doc])* $name, )*
        }

        impl Opcode {
            /// What the instruction does, in one paragraph (its entry in the instruction
            /// table's documentation).
            pub fn description(self) -> &'static str {
                match self {
                    $( Opcode::$name => concat!($($doc),*).trim_ascii(), )*
                }
            }

            /// Every instruction, Aptos instructions in opcode order, then Sui's own.
            pub const ALL: &'static [Opcode] = &[ $( Opcode::$name, )* ];

            /// The Rust-style name of the instruction (`MutBorrowField`).
            pub fn name(self) -> &'static str {
                match self {
                    $( Opcode::$name => stringify!($name), )*
                }
            }

            /// The `.masm` mnemonic (`mut_borrow_field`); the generic and plain forms share one.
            pub fn mnemonic(self) -> &'static str {
                match self {
                    $( Opcode::$name => $mnemonic, )*
                }
            }

            /// The byte and version gate of the instruction in `flavor`, if the flavor has it.
            pub const fn encoding(self, flavor: Flavor) -> Option<Encoding> {
                match flavor {
                    Flavor::Aptos => match self {
                        $( Opcode::$name => encoding!($aptos), )*
                    },
                    Flavor::Sui => match self {
                        $( Opcode::$name => encoding!($sui), )*
                    },
                }
            }

            /// The instruction's variant number in the Aptos runtime's instruction enum, which
            /// execution-trace fingerprints hash (Sui-only instructions continue from 104).
            pub fn trace_index(self) -> u64 {
                match self {
                    $( Opcode::$name => trace_index!($trace), )*
                }
            }

            /// How many values the instruction pops and pushes.
            pub fn stack_effect(self) -> StackEffect {
                match self {
                    $( Opcode::$name => stack_effect!($($stack)*), )*
                }
            }

            /// The encoding kinds of the operands, in order.
            pub fn operand_kinds(self) -> &'static [OperandKind] {
                match self {
                    $( Opcode::$name => &[ $( $( OperandKind::$kind ),+ )? ], )*
                }
            }
        }

        /// One instruction with its operands, as stored in a code unit.
        ///
        /// Branch targets are absolute instruction indices. 128- and 256-bit immediates are
        /// boxed to keep the enum at 16 bytes (measured: deserializing the framework corpus
        /// allocates and copies half as much).
        #[derive(Debug, Clone, PartialEq, Eq, Hash)]
        pub enum Bytecode {
            $( $(#[doc = $doc])* $name $( ( $( $crate::operand_type!($kind) ),+ ) )?, )*
        }

        impl Bytecode {
            /// The opcode of this instruction.
            pub fn opcode(&self) -> Opcode {
                match self {
                    $( Bytecode::$name { .. } => Opcode::$name, )*
                }
            }

            /// The operands, in order.
            pub fn operands(&self) -> Operands {
                #[allow(unused_mut)]
                let mut items = [None, None];
                #[allow(unused_mut, unused_variables)]
                let mut slots = items.iter_mut();
                match self {
                    $( Bytecode::$name $( ( $($field),+ ) )? => {
                        $( $( if let Some(slot) = slots.next() {
                            *slot = Some(to_operand!($kind, $field));
                        } )+ )?
                    } )*
                }
                Operands { items }
            }

            /// The instruction `op` with the given operands; `None` when their number or
            /// kinds are not the instruction's.
            pub fn from_operands(op: Opcode, operands: &[Operand]) -> Option<Bytecode> {
                #[allow(unused_mut, unused_variables)]
                let mut it = operands.iter().copied();
                let instr = match op {
                    $( Opcode::$name => Bytecode::$name $( ( $( from_operand!($kind, it.next()) ),+ ) )?, )*
                };
                match it.next() {
                    None => Some(instr),
                    Some(_) => None,
                }
            }
        }
    };
}

crate::for_each_instruction!(define_instructions);

impl Opcode {
    /// The instruction a byte stands for in `flavor`, if any.
    pub fn from_byte(flavor: Flavor, byte: u8) -> Option<Opcode> {
        let table = match flavor {
            Flavor::Aptos => &APTOS_OPCODES,
            Flavor::Sui => &SUI_OPCODES,
        };
        table.get(usize::from(byte)).copied().flatten()
    }

    /// The opcode byte in `flavor`, if the flavor has the instruction.
    pub fn byte(self, flavor: Flavor) -> Option<u8> {
        self.encoding(flavor).map(|e| e.byte)
    }

    /// The lowest bytecode version of `flavor` that may contain the instruction.
    pub fn min_version(self, flavor: Flavor) -> Option<u32> {
        self.encoding(flavor).map(|e| e.min_version)
    }

    /// The instructions of `flavor` whose `.masm` mnemonic is `mnemonic` (the plain and the
    /// generic form share one; their operand kinds tell them apart).
    pub fn by_mnemonic(flavor: Flavor, mnemonic: &str) -> impl Iterator<Item = Opcode> + '_ {
        Opcode::ALL
            .iter()
            .copied()
            .filter(move |op| op.mnemonic() == mnemonic && op.encoding(flavor).is_some())
    }

    /// Whether this is one of the ten global-storage instructions (deprecated in Sui).
    pub fn is_global_storage(self) -> bool {
        use Opcode::*;
        matches!(
            self,
            Exists
                | ExistsGeneric
                | MutBorrowGlobal
                | MutBorrowGlobalGeneric
                | ImmBorrowGlobal
                | ImmBorrowGlobalGeneric
                | MoveFrom
                | MoveFromGeneric
                | MoveTo
                | MoveToGeneric
        )
    }
}

/// Byte → instruction in the Aptos flavor.
static APTOS_OPCODES: [Option<Opcode>; 256] = byte_table(Flavor::Aptos);
/// Byte → instruction in the Sui flavor.
static SUI_OPCODES: [Option<Opcode>; 256] = byte_table(Flavor::Sui);

#[allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)] // i < ALL.len(); bytes index 256 entries
const fn byte_table(flavor: Flavor) -> [Option<Opcode>; 256] {
    let mut table = [None; 256];
    let mut i = 0;
    while i < Opcode::ALL.len() {
        let op = Opcode::ALL[i];
        if let Some(e) = op.encoding(flavor) {
            table[e.byte as usize] = Some(op);
        }
        i += 1;
    }
    table
}

impl Bytecode {
    /// The branch targets within the code unit, for `BrTrue`, `BrFalse` and `Branch`.
    /// (`VariantSwitch` targets are in the code unit's jump table.)
    pub fn branch_target(&self) -> Option<CodeOffset> {
        match self {
            Bytecode::BrTrue(t) | Bytecode::BrFalse(t) | Bytecode::Branch(t) => Some(*t),
            _ => None,
        }
    }

    /// Whether control never falls through to the next instruction
    /// (`Ret`, `Abort`, `AbortMsg`, `Branch`, `VariantSwitch`).
    pub fn is_unconditional_branch(&self) -> bool {
        matches!(
            self,
            Bytecode::Ret
                | Bytecode::Abort
                | Bytecode::AbortMsg
                | Bytecode::Branch(_)
                | Bytecode::VariantSwitch(_)
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
    fn aptos_opcodes_are_dense_and_in_order() {
        let aptos: Vec<Opcode> = Opcode::ALL
            .iter()
            .copied()
            .filter(|op| op.encoding(Flavor::Aptos).is_some())
            .collect();
        assert_eq!(aptos.len(), 104);
        for (i, op) in aptos.iter().enumerate() {
            assert_eq!(op.byte(Flavor::Aptos), Some(i as u8 + 1), "{}", op.name());
            assert_eq!(Opcode::from_byte(Flavor::Aptos, i as u8 + 1), Some(*op));
        }
        assert_eq!(Opcode::from_byte(Flavor::Aptos, 0), None);
        assert_eq!(Opcode::from_byte(Flavor::Aptos, 0x69), None);
        assert_eq!(Opcode::AbortMsg.min_version(Flavor::Aptos), Some(10));
        assert_eq!(Opcode::UnpackVariant.min_version(Flavor::Aptos), Some(1));
        assert_eq!(Opcode::PackVariant.min_version(Flavor::Aptos), Some(7));
    }

    #[test]
    fn trace_indices_are_a_permutation() {
        let mut seen = vec![false; Opcode::ALL.len()];
        for op in Opcode::ALL {
            let i = op.trace_index() as usize;
            assert!(!seen[i], "{} repeats trace index {i}", op.name());
            seen[i] = true;
            // The Aptos instructions hold the Aptos runtime's numbers, 0..104.
            assert_eq!(
                i < 104,
                op.encoding(Flavor::Aptos).is_some(),
                "{}",
                op.name()
            );
        }
    }

    #[test]
    fn sui_opcodes_and_gates() {
        let sui: Vec<Opcode> = Opcode::ALL
            .iter()
            .copied()
            .filter(|op| op.encoding(Flavor::Sui).is_some())
            .collect();
        // 0x01–0x56: every byte but none is missing.
        assert_eq!(sui.len(), 0x56);
        for b in 1..=0x56u8 {
            let op = Opcode::from_byte(Flavor::Sui, b).expect("every Sui byte decodes");
            assert_eq!(op.byte(Flavor::Sui), Some(b));
        }
        assert_eq!(Opcode::from_byte(Flavor::Sui, 0x57), None);
        assert_eq!(
            Opcode::from_byte(Flavor::Sui, 0x4E),
            Some(Opcode::SuiPackVariant)
        );
        assert_eq!(
            Opcode::from_byte(Flavor::Sui, 0x56),
            Some(Opcode::VariantSwitch)
        );
        assert_eq!(
            Opcode::from_byte(Flavor::Aptos, 0x56),
            Some(Opcode::TestVariant)
        );
        assert_eq!(Opcode::VariantSwitch.min_version(Flavor::Sui), Some(7));
        assert_eq!(Opcode::PackClosure.encoding(Flavor::Sui), None);
        assert!(Opcode::MoveToGeneric.is_global_storage());
    }

    #[test]
    fn operand_kinds_follow_the_variants() {
        assert_eq!(
            Opcode::VecPack.operand_kinds(),
            &[OperandKind::Signature, OperandKind::Count]
        );
        assert!(Opcode::Pop.operand_kinds().is_empty());
        assert_eq!(
            Bytecode::SuiUnpackVariantMutRef(VariantHandleIndex(3)).opcode(),
            Opcode::SuiUnpackVariantMutRef
        );
    }

    #[test]
    fn operands_round_trip_through_the_table() {
        let cases = [
            Bytecode::Pop,
            Bytecode::CopyLoc(7),
            Bytecode::VecPack(SignatureIndex(2), 9),
            Bytecode::LdU128(Box::new(u128::MAX)),
            Bytecode::PackClosureGeneric(FunctionInstantiationIndex(1), ClosureMask(3)),
            Bytecode::VariantSwitch(VariantJumpTableIndex(4)),
        ];
        for instr in cases {
            let ops: Vec<Operand> = instr.operands().iter().collect();
            assert_eq!(ops.len(), instr.opcode().operand_kinds().len());
            assert_eq!(
                Bytecode::from_operands(instr.opcode(), &ops),
                Some(instr.clone())
            );
        }
        assert_eq!(
            Bytecode::from_operands(Opcode::Pop, &[Operand::U8(1)]),
            None
        );
        assert_eq!(
            Bytecode::from_operands(Opcode::CopyLoc, &[Operand::U8(1)]),
            None
        );
        let packs: Vec<Opcode> = Opcode::by_mnemonic(Flavor::Sui, "pack_variant").collect();
        assert_eq!(
            packs,
            [Opcode::SuiPackVariant, Opcode::SuiPackVariantGeneric]
        );
        let packs: Vec<Opcode> = Opcode::by_mnemonic(Flavor::Aptos, "pack_variant").collect();
        assert_eq!(packs, [Opcode::PackVariant, Opcode::PackVariantGeneric]);
    }

    #[test]
    fn bytecode_size_is_small() {
        assert!(std::mem::size_of::<Bytecode>() <= 16);
    }
}
