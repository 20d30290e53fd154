//! The execution trace: what a traced run executed, in the form the peer's transactional
//! tests print under `--display-trace` (instruction count, a fingerprint of the executed
//! instructions, the outcome of every conditional branch, and the functions entered).
//!
//! Tracing is off unless a session asks for it ([`crate::Session::set_tracing`]); a run
//! without it uses the ordinary dispatch loops, which contain no tracing code.

use tern_binary::{Bytecode, Operand};

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

/// The words one operand contributes to the fingerprint: indices and narrow immediates as one
/// word (signed ones as their two's-complement bits at their width), 128-bit values as two,
/// 256-bit values as a length word and four.
fn operand_words(operand: Operand) -> Words {
    let one = |w: u64| words(&[w]);
    match operand {
        Operand::Offset(o) => one(u64::from(o)),
        Operand::Local(l) => one(u64::from(l)),
        Operand::U8(v) => one(u64::from(v)),
        Operand::U16(v) => one(u64::from(v)),
        Operand::U32(v) => one(u64::from(v)),
        Operand::U64(v) | Operand::Count(v) => one(v),
        Operand::U128(v) => wide128(v),
        Operand::U256(v) => {
            let (hi, lo) = v.into_words();
            wide256(lo, hi)
        }
        Operand::I8(v) => one(u64::from(v as u8)),
        Operand::I16(v) => one(u64::from(v as u16)),
        Operand::I32(v) => one(u64::from(v as u32)),
        Operand::I64(v) => one(v as u64),
        Operand::I128(v) => wide128(v as u128),
        Operand::I256(v) => {
            let (hi, lo) = v.as_u256().into_words();
            wide256(lo, hi)
        }
        Operand::Mask(m) => one(m.0),
        Operand::Constant(i) => one(u64::from(i.0)),
        Operand::Signature(i) => one(u64::from(i.0)),
        Operand::FieldHandle(i) => one(u64::from(i.0)),
        Operand::FieldInst(i) => one(u64::from(i.0)),
        Operand::FunctionHandle(i) => one(u64::from(i.0)),
        Operand::FunctionInst(i) => one(u64::from(i.0)),
        Operand::StructDef(i) => one(u64::from(i.0)),
        Operand::StructDefInst(i) => one(u64::from(i.0)),
        Operand::VariantFieldHandle(i) => one(u64::from(i.0)),
        Operand::VariantFieldInst(i) => one(u64::from(i.0)),
        Operand::StructVariantHandle(i) => one(u64::from(i.0)),
        Operand::StructVariantInst(i) => one(u64::from(i.0)),
        Operand::VariantHandle(i) => one(u64::from(i.0)),
        Operand::VariantInst(i) => one(u64::from(i.0)),
        Operand::JumpTable(i) => one(u64::from(i.0)),
    }
}

/// The variant number of an instruction in the peer's runtime instruction enum (from the
/// instruction table) and the words its operands contribute (spec: transactional-tests.md §8).
fn trace_words(instr: &Bytecode) -> (u64, Words) {
    let mut out = words(&[]);
    for operand in instr.operands().iter() {
        // The peer's runtime form holds `VecPack`'s count as a u16.
        let operand = match (instr, operand) {
            (Bytecode::VecPack(..), Operand::Count(n)) => Operand::Count(u64::from(n as u16)),
            (_, other) => other,
        };
        let w = operand_words(operand);
        for word in w.iter().take(w.len) {
            if let Some(slot) = out.words.get_mut(out.len) {
                *slot = *word;
                out.len += 1;
            }
        }
    }
    (instr.opcode().trace_index(), out)
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
