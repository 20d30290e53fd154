//! The execution trace: what a traced run executed, in the form the peer's transactional
//! tests print under `--display-trace` (instruction count, a fingerprint of the executed
//! instructions, the outcome of every conditional branch, and the functions entered).
//!
//! Tracing is off unless a session asks for it ([`crate::Session::set_tracing`]); a run
//! without it uses the ordinary dispatch loops, which contain no tracing code.

use tern_binary::Bytecode;

/// The multiplier of the FxHash word mix.
const FX_SEED: u64 = 0x517c_c1b7_2722_0a95;

/// What a traced run executed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ExecutionTrace {
    /// Instructions that completed (an `abort` counts; the failing instruction does not).
    pub instructions: u64,
    /// FxHash64 of the executed instructions and their operands, in execution order.
    pub fingerprint: u64,
    /// One entry per executed conditional branch: `true` when it jumped.
    pub branch_outcomes: Vec<bool>,
    /// The entry function and every function entered through `call_closure`, as printed.
    pub calls: Vec<String>,
}

impl ExecutionTrace {
    /// Records the entry function (`name` as `0x<64 hex>::module::function`).
    pub fn entrypoint(&mut self, name: &str, generic: bool) {
        let generic = if generic { "<..>" } else { "" };
        self.calls.push(format!("entrypoint {name}{generic}"));
    }

    /// Records a function entered through `call_closure`.
    pub fn closure(&mut self, name: &str, generic: bool, mask: u64) {
        let generic = if generic { "<..>" } else { "" };
        self.calls.push(format!("closure {name}{generic} {mask:b}"));
    }

    /// Records a completed instruction.
    pub fn instruction(&mut self, instr: &Bytecode) {
        self.instructions += 1;
        let (variant, operands) = trace_words(instr);
        self.absorb(variant);
        for w in operands.iter().take(operands.len) {
            self.absorb(*w);
        }
    }

    /// Records the outcome of a conditional branch.
    pub fn branch(&mut self, jumped: bool) {
        self.branch_outcomes.push(jumped);
    }

    fn absorb(&mut self, word: u64) {
        self.fingerprint = (self.fingerprint.rotate_left(5) ^ word).wrapping_mul(FX_SEED);
    }

    /// The trace as `--display-trace` prints it (every line ends with `\n`).
    pub fn render(&self) -> String {
        let branches: String = self
            .branch_outcomes
            .iter()
            .map(|b| if *b { '1' } else { '0' })
            .collect();
        let mut out = format!(
            "instructions: {}\nfingerprint: {}\nbranch_outcomes: {branches}\ncalls:\n",
            self.instructions, self.fingerprint
        );
        for call in &self.calls {
            out.push_str("  ");
            out.push_str(call);
            out.push('\n');
        }
        out
    }
}

/// Up to five operand words of an instruction.
struct Words {
    words: [u64; 5],
    len: usize,
}

impl Words {
    fn iter(&self) -> std::slice::Iter<'_, u64> {
        self.words.iter()
    }
}

fn words(ws: &[u64]) -> Words {
    let mut words = [0u64; 5];
    for (slot, w) in words.iter_mut().zip(ws) {
        *slot = *w;
    }
    Words {
        words,
        len: ws.len().min(5),
    }
}

fn wide128(v: u128) -> Words {
    words(&[v as u64, (v >> 64) as u64])
}

fn wide256(lo: u128, hi: u128) -> Words {
    words(&[
        2,
        lo as u64,
        (lo >> 64) as u64,
        hi as u64,
        (hi >> 64) as u64,
    ])
}

/// The variant number of an instruction in the peer's runtime instruction enum and the words
/// its operands contribute (spec: transactional-tests.md §8).
fn trace_words(instr: &Bytecode) -> (u64, Words) {
    use Bytecode as B;
    let none = words(&[]);
    let one = |w: u64| words(&[w]);
    match instr {
        B::Pop => (0, none),
        B::Ret => (1, none),
        B::BrTrue(o) => (2, one(u64::from(*o))),
        B::BrFalse(o) => (3, one(u64::from(*o))),
        B::Branch(o) => (4, one(u64::from(*o))),
        B::LdU8(v) => (5, one(u64::from(*v))),
        B::LdU64(v) => (6, one(*v)),
        B::LdU128(v) => (7, wide128(**v)),
        B::CastU8 => (8, none),
        B::CastU64 => (9, none),
        B::CastU128 => (10, none),
        B::LdConst(i) => (11, one(u64::from(i.0))),
        B::LdTrue => (12, none),
        B::LdFalse => (13, none),
        B::CopyLoc(i) => (14, one(u64::from(*i))),
        B::MoveLoc(i) => (15, one(u64::from(*i))),
        B::StLoc(i) => (16, one(u64::from(*i))),
        B::Call(i) => (17, one(u64::from(i.0))),
        B::CallGeneric(i) => (18, one(u64::from(i.0))),
        B::Pack(i) => (19, one(u64::from(i.0))),
        B::PackGeneric(i) => (20, one(u64::from(i.0))),
        B::PackVariant(i) => (21, one(u64::from(i.0))),
        B::PackVariantGeneric(i) => (22, one(u64::from(i.0))),
        B::Unpack(i) => (23, one(u64::from(i.0))),
        B::UnpackGeneric(i) => (24, one(u64::from(i.0))),
        B::UnpackVariant(i) => (25, one(u64::from(i.0))),
        B::UnpackVariantGeneric(i) => (26, one(u64::from(i.0))),
        B::TestVariant(i) => (27, one(u64::from(i.0))),
        B::TestVariantGeneric(i) => (28, one(u64::from(i.0))),
        B::ReadRef => (29, none),
        B::WriteRef => (30, none),
        B::FreezeRef => (31, none),
        B::MutBorrowLoc(i) => (32, one(u64::from(*i))),
        B::ImmBorrowLoc(i) => (33, one(u64::from(*i))),
        B::MutBorrowField(i) => (34, one(u64::from(i.0))),
        B::MutBorrowVariantField(i) => (35, one(u64::from(i.0))),
        B::MutBorrowFieldGeneric(i) => (36, one(u64::from(i.0))),
        B::MutBorrowVariantFieldGeneric(i) => (37, one(u64::from(i.0))),
        B::ImmBorrowField(i) => (38, one(u64::from(i.0))),
        B::ImmBorrowVariantField(i) => (39, one(u64::from(i.0))),
        B::ImmBorrowFieldGeneric(i) => (40, one(u64::from(i.0))),
        B::ImmBorrowVariantFieldGeneric(i) => (41, one(u64::from(i.0))),
        B::MutBorrowGlobal(i) => (42, one(u64::from(i.0))),
        B::MutBorrowGlobalGeneric(i) => (43, one(u64::from(i.0))),
        B::ImmBorrowGlobal(i) => (44, one(u64::from(i.0))),
        B::ImmBorrowGlobalGeneric(i) => (45, one(u64::from(i.0))),
        B::Add => (46, none),
        B::Sub => (47, none),
        B::Mul => (48, none),
        B::Mod => (49, none),
        B::Div => (50, none),
        B::BitOr => (51, none),
        B::BitAnd => (52, none),
        B::Xor => (53, none),
        B::Or => (54, none),
        B::And => (55, none),
        B::Not => (56, none),
        B::Eq => (57, none),
        B::Neq => (58, none),
        B::Lt => (59, none),
        B::Gt => (60, none),
        B::Le => (61, none),
        B::Ge => (62, none),
        B::Abort => (63, none),
        B::Nop => (64, none),
        B::Exists(i) => (65, one(u64::from(i.0))),
        B::ExistsGeneric(i) => (66, one(u64::from(i.0))),
        B::MoveFrom(i) => (67, one(u64::from(i.0))),
        B::MoveFromGeneric(i) => (68, one(u64::from(i.0))),
        B::MoveTo(i) => (69, one(u64::from(i.0))),
        B::MoveToGeneric(i) => (70, one(u64::from(i.0))),
        B::Shl => (71, none),
        B::Shr => (72, none),
        // The peer's runtime form holds `VecPack`'s count as a u16.
        B::VecPack(s, n) => (73, words(&[u64::from(s.0), u64::from(*n as u16)])),
        B::VecLen(s) => (74, one(u64::from(s.0))),
        B::VecImmBorrow(s) => (75, one(u64::from(s.0))),
        B::VecMutBorrow(s) => (76, one(u64::from(s.0))),
        B::VecPushBack(s) => (77, one(u64::from(s.0))),
        B::VecPopBack(s) => (78, one(u64::from(s.0))),
        B::VecUnpack(s, n) => (79, words(&[u64::from(s.0), *n])),
        B::VecSwap(s) => (80, one(u64::from(s.0))),
        B::PackClosure(f, m) => (81, words(&[u64::from(f.0), m.0])),
        B::PackClosureGeneric(f, m) => (82, words(&[u64::from(f.0), m.0])),
        B::CallClosure(s) => (83, one(u64::from(s.0))),
        B::LdU16(v) => (84, one(u64::from(*v))),
        B::LdU32(v) => (85, one(u64::from(*v))),
        B::LdU256(v) => {
            let (hi, lo) = v.into_words();
            (86, wide256(lo, hi))
        }
        B::CastU16 => (87, none),
        B::CastU32 => (88, none),
        B::CastU256 => (89, none),
        B::LdI8(v) => (90, one(u64::from(*v as u8))),
        B::LdI16(v) => (91, one(u64::from(*v as u16))),
        B::LdI32(v) => (92, one(u64::from(*v as u32))),
        B::LdI64(v) => (93, one(*v as u64)),
        B::LdI128(v) => (94, wide128(**v as u128)),
        B::LdI256(v) => {
            let (hi, lo) = v.as_u256().into_words();
            (95, wide256(lo, hi))
        }
        B::CastI8 => (96, none),
        B::CastI16 => (97, none),
        B::CastI32 => (98, none),
        B::CastI64 => (99, none),
        B::CastI128 => (100, none),
        B::CastI256 => (101, none),
        B::Negate => (102, none),
        B::AbortMsg => (103, none),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tern_binary::Bytecode as B;

    #[test]
    fn fingerprint_of_the_specs_worked_example() {
        // `loop(0)`: CopyLoc(0) LdU64(0) Gt BrFalse(9) Ret.
        let mut t = ExecutionTrace::default();
        for i in [B::CopyLoc(0), B::LdU64(0), B::Gt, B::BrFalse(9), B::Ret] {
            t.instruction(&i);
        }
        assert_eq!(t.instructions, 5);
        assert_eq!(t.fingerprint, 12676503956122921955);
    }

    #[test]
    fn renders_as_display_trace_prints() {
        let mut t = ExecutionTrace::default();
        t.entrypoint("0x00::m::f", true);
        t.closure("0x00::m::g", false, 2);
        t.branch(true);
        t.branch(false);
        assert_eq!(
            t.render(),
            "instructions: 0\nfingerprint: 0\nbranch_outcomes: 10\ncalls:\n  \
             entrypoint 0x00::m::f<..>\n  closure 0x00::m::g 10\n"
        );
    }
}
