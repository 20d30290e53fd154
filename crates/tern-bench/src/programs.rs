//! The benchmark programs: `.masm` source, entry function, sizes, inputs and native twin.
//! [`PROGRAMS`] are Aptos-flavor modules; [`sui::PROGRAMS`] are their Sui-flavor twins.

use crate::native;
use tern_primitives::Flavor;

pub mod sui;

/// A program's input at some size.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    /// One `u64` argument (a count: `n`, `iters`).
    Count(u64),
    /// One `vector<u64>` argument (passed by value, or as `&mut` for `merge_sort`).
    Numbers(Vec<u64>),
}

impl Input {
    /// The BCS arguments of the Move call.
    pub fn to_bcs_args(&self) -> Vec<Vec<u8>> {
        match self {
            Input::Count(n) => vec![n.to_le_bytes().to_vec()],
            Input::Numbers(v) => vec![bcs_numbers(v)],
        }
    }
}

/// What a call produces: its return value or, for `merge_sort`, the final `&mut` vector.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Output {
    /// No value.
    Unit,
    /// A `u64`.
    U64(u64),
    /// An `i64`.
    I64(i64),
    /// A `vector<u64>`.
    Numbers(Vec<u64>),
}

impl Output {
    /// BCS bytes as [`crate::harness::run_results`] returns them.
    pub fn to_bcs(&self) -> Vec<Vec<u8>> {
        match self {
            Output::Unit => vec![],
            Output::U64(v) => vec![v.to_le_bytes().to_vec()],
            Output::I64(v) => vec![v.to_le_bytes().to_vec()],
            Output::Numbers(v) => vec![bcs_numbers(v)],
        }
    }
}

fn bcs_numbers(v: &[u64]) -> Vec<u8> {
    let mut out = Vec::with_capacity(10 + 8 * v.len());
    let mut len = v.len() as u64;
    loop {
        let byte = (len & 0x7f) as u8;
        len >>= 7;
        if len == 0 {
            out.push(byte);
            break;
        }
        out.push(byte | 0x80);
    }
    for x in v {
        out.extend_from_slice(&x.to_le_bytes());
    }
    out
}

/// How a program's size becomes its input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InputKind {
    /// The size is the `u64` argument.
    Count,
    /// `size` pseudo-random numbers to sort ([`sort_input`]).
    SortInput,
    /// `size` map operations ([`bst_ops`]).
    BstOps,
}

/// One benchmark program.
#[derive(Debug, Clone, Copy)]
pub struct Program {
    /// Name used in tables and by [`find`] (`fib`, `int_arith_loop_u64`, ...).
    pub name: &'static str,
    /// The `.masm` module.
    pub source: &'static str,
    /// The entry function.
    pub function: &'static str,
    /// What one unit of size is (`calls`, `iterations`, `ops`, ...), for per-unit figures.
    pub unit: &'static str,
    /// The size used for published figures.
    pub figure_size: u64,
    /// A small size for tests.
    pub test_size: u64,
    /// How the input is built.
    pub input_kind: InputKind,
    /// The native twin.
    pub native: fn(&Input) -> Output,
    /// The Aptos MoveVM time for `figure_size`, in ns, where the issue gives one.
    pub aptos_ns: Option<f64>,
}

impl Program {
    /// The input at `size`.
    pub fn input(&self, size: u64) -> Input {
        match self.input_kind {
            InputKind::Count => Input::Count(size),
            InputKind::SortInput => Input::Numbers(sort_input(size)),
            InputKind::BstOps => Input::Numbers(bst_ops(size)),
        }
    }

    /// Runs the native twin on `input`.
    pub fn run_native(&self, input: &Input) -> Output {
        (self.native)(input)
    }

    /// The native twin's output at `size`.
    pub fn native_output(&self, size: u64) -> Output {
        self.run_native(&self.input(size))
    }

    /// How many units (calls, iterations, ...) one run at `size` does (for `fib`: calls made).
    pub fn units(&self, size: u64) -> u64 {
        if self.name == "fib" {
            native::fib_calls(size)
        } else if self.name == "nested_loop" {
            size.saturating_mul(size)
        } else {
            size
        }
    }
}

const FIB: &str = include_str!("../programs/fib.masm");
const INT_ARITH: &str = include_str!("../programs/int_arith_loop.masm");
const NESTED: &str = include_str!("../programs/nested_loop.masm");
const MERGE_SORT: &str = include_str!("../programs/merge_sort.masm");
const BST: &str = include_str!("../programs/bst.masm");
const MATCH_SUM: &str = include_str!("../programs/match_sum.masm");
const COUNTDOWN: &str = include_str!("../programs/countdown.masm");
const CALL_LOOP: &str = include_str!("../programs/call_loop.masm");

#[allow(clippy::too_many_arguments)]
const fn program(
    name: &'static str,
    source: &'static str,
    function: &'static str,
    unit: &'static str,
    sizes: (u64, u64),
    input_kind: InputKind,
    native: fn(&Input) -> Output,
    aptos_ns: Option<f64>,
) -> Program {
    Program {
        name,
        source,
        function,
        unit,
        figure_size: sizes.0,
        test_size: sizes.1,
        input_kind,
        native,
        aptos_ns,
    }
}

use InputKind::{BstOps, Count, SortInput};

/// Every program, in table order. Aptos figures are those of the VM issue (unmetered Aptos
/// MoveVM on the same machine kind); count-down and call figures there are per iteration.
pub const PROGRAMS: [Program; 13] = [
    program(
        "fib",
        FIB,
        "fib",
        "call",
        (25, 12),
        Count,
        native::fib_twin,
        Some(51.6e6),
    ),
    program(
        "int_arith_loop_u64",
        INT_ARITH,
        "run_u64",
        "iteration",
        (1000, 20),
        Count,
        native::int_arith_u64_twin,
        Some(2.7e6),
    ),
    program(
        "int_arith_loop_i64",
        INT_ARITH,
        "run_i64",
        "iteration",
        (1000, 20),
        Count,
        native::int_arith_i64_twin,
        None,
    ),
    program(
        "nested_loop",
        NESTED,
        "nested_loop",
        "inner iteration",
        (1000, 30),
        Count,
        native::nested_loop_twin,
        Some(164e6),
    ),
    program(
        "merge_sort",
        MERGE_SORT,
        "merge_sort",
        "element",
        (1000, 100),
        SortInput,
        native::merge_sort_twin,
        Some(8.3e6),
    ),
    program(
        "bst",
        BST,
        "run_ops",
        "op",
        (5000, 600),
        BstOps,
        native::bst_twin,
        Some(33e6),
    ),
    program(
        "match_sum",
        MATCH_SUM,
        "match_sum",
        "iteration",
        (1_000_000, 1000),
        Count,
        native::match_sum_twin,
        Some(287e6),
    ),
    program(
        "match_sum_enum",
        MATCH_SUM,
        "match_sum_enum",
        "iteration",
        (1_000_000, 1000),
        Count,
        native::match_sum_enum_twin,
        None,
    ),
    program(
        "countdown",
        COUNTDOWN,
        "countdown",
        "iteration",
        (1_000_000, 1000),
        Count,
        native::countdown_twin,
        Some(85e6),
    ),
    program(
        "call_loop",
        CALL_LOOP,
        "call_loop",
        "call",
        (1_000_000, 1000),
        Count,
        native::call_loop_twin,
        Some(255e6),
    ),
    program(
        "call_loop_inline",
        CALL_LOOP,
        "call_loop_inline",
        "iteration",
        (1_000_000, 1000),
        Count,
        native::call_loop_inline_twin,
        None,
    ),
    program(
        "call_loop_generic",
        CALL_LOOP,
        "call_loop_generic",
        "call",
        (1_000_000, 1000),
        Count,
        native::call_loop_generic_twin,
        None,
    ),
    program(
        "call_loop_closure",
        CALL_LOOP,
        "call_loop_closure",
        "call",
        (1_000_000, 1000),
        Count,
        native::call_loop_closure_twin,
        Some(371e6),
    ),
];

/// The program called `name`.
pub fn find(name: &str) -> Option<&'static Program> {
    PROGRAMS.iter().find(|p| p.name == name)
}

/// The programs written in `flavor`: [`PROGRAMS`] (Aptos) or [`sui::PROGRAMS`] (Sui).
pub fn of_flavor(flavor: Flavor) -> &'static [Program] {
    match flavor {
        Flavor::Aptos => &PROGRAMS,
        Flavor::Sui => &sui::PROGRAMS,
    }
}

/// A fixed-seed 64-bit LCG (Knuth's MMIX constants); yields the high 31 bits of each state.
#[derive(Debug, Clone)]
pub struct Lcg(u64);

impl Lcg {
    /// A generator with this seed.
    pub fn new(seed: u64) -> Lcg {
        Lcg(seed)
    }

    /// The next number (in `0..2^31`).
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        self.0 >> 33
    }
}

/// `n` pseudo-random numbers (seed 42) for `merge_sort`.
pub fn sort_input(n: u64) -> Vec<u64> {
    let mut g = Lcg::new(42);
    (0..n).map(|_| g.next_u64()).collect()
}

/// `n` map operations (seed 7) for `bst`, flattened as `(op, key, value)` triples: 40 %
/// inserts, 40 % gets, 20 % removes; keys in `0..2500`, values in `0..1_000_000`.
pub fn bst_ops(n: u64) -> Vec<u64> {
    let mut g = Lcg::new(7);
    let mut out = Vec::with_capacity(usize::try_from(n.saturating_mul(3)).unwrap_or(0));
    for _ in 0..n {
        let op = match g.next_u64() % 10 {
            0..=3 => 0,
            4..=7 => 1,
            _ => 2,
        };
        out.push(op);
        out.push(g.next_u64() % 2500);
        out.push(g.next_u64() % 1_000_000);
    }
    out
}
