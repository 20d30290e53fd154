//! The opcode families of the cost table.
//!
//! Each family is a *unit*: a short, stack-balanced instruction sequence holding the measured
//! instruction once (plus the operand loads and the `pop` it needs). The unit is repeated
//! [`super::UNITS`] times in the body of a counted loop in the style of the Aptos
//! gas-calibration programs. The cost of the measured instruction is the unit's cost minus the
//! costs of its *helpers* (instructions measured by earlier families). Families are listed so
//! that helpers come first.
//!
//! A stack machine only ever runs balanced sequences, so the cost of a push cannot be told
//! apart from the cost of the pop that balances it; by convention `ld_u64` and `pop` (of a
//! `u64`) are given equal shares of the `ld_u64; pop` pair. Rows whose unit drops a container
//! (struct, vector, closure) say so in their name: that drop is part of the figure.

/// One family of the table.
#[derive(Debug, Clone, PartialEq)]
pub struct Family {
    /// Display name and key (`add u64`).
    pub name: String,
    /// Group for the table (`arithmetic`, `locals`, ...).
    pub group: &'static str,
    /// The unit's instruction lines; `{k}` is replaced by the copy number (for labels).
    pub unit: Vec<String>,
    /// Extra locals (`a: u64`).
    pub locals: Vec<String>,
    /// Code run once before the loop.
    pub init: Vec<String>,
    /// Costs subtracted from the unit: (family name, count per unit).
    pub helpers: Vec<(String, f64)>,
    /// Measured instructions per unit (2 for the `ld_u64`/`pop` split, else 1).
    pub ops_per_unit: f64,
    /// Further names under which this family's per-op cost is known (`pop`).
    pub aliases: Vec<String>,
    /// Whether the loop function takes a `signer` (global-storage families).
    pub signer: bool,
    /// Instructions a unit runs in a callee (`move_loc x; ret` of `id`).
    pub callee_instructions: u64,
}

/// The integer types: (name, load mnemonic, signed).
pub const WIDTHS: [(&str, &str, bool); 12] = [
    ("u8", "ld_u8", false),
    ("u16", "ld_u16", false),
    ("u32", "ld_u32", false),
    ("u64", "ld_u64", false),
    ("u128", "ld_u128", false),
    ("u256", "ld_u256", false),
    ("i8", "ld_i8", true),
    ("i16", "ld_i16", true),
    ("i32", "ld_i32", true),
    ("i64", "ld_i64", true),
    ("i128", "ld_i128", true),
    ("i256", "ld_i256", true),
];

fn lines(s: &str) -> Vec<String> {
    s.split(';')
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(String::from)
        .collect()
}

fn family(
    name: impl Into<String>,
    group: &'static str,
    unit: &str,
    helpers: &[(&str, f64)],
) -> Family {
    Family {
        name: name.into(),
        group,
        unit: lines(unit),
        locals: Vec::new(),
        init: Vec::new(),
        helpers: helpers.iter().map(|(n, c)| (n.to_string(), *c)).collect(),
        ops_per_unit: 1.0,
        aliases: Vec::new(),
        signer: false,
        callee_instructions: 0,
    }
}

impl Family {
    fn locals(mut self, l: &str) -> Family {
        self.locals = lines(l);
        self
    }

    fn init(mut self, code: &str) -> Family {
        self.init = lines(code);
        self
    }

    fn signer(mut self) -> Family {
        self.signer = true;
        self
    }

    fn calls_id(mut self) -> Family {
        self.callee_instructions = 2;
        self
    }
}

/// The empty loop: its per-iteration cost is the loop overhead subtracted from every family.
pub const LOOP: &str = "loop overhead";

/// Every family, helpers first.
pub fn all() -> Vec<Family> {
    let mut out = vec![family(LOOP, "loop", "", &[])];
    let mut pair = family("ld_u64", "constants", "ld_u64 1; pop", &[]);
    pair.ops_per_unit = 2.0;
    pair.aliases = vec!["pop".into()];
    out.push(pair);
    out.extend(locals());
    out.extend(constants());
    out.extend(control());
    out.extend(arithmetic());
    out.extend(casts_and_bools());
    out.extend(references_and_structs());
    out.extend(vectors());
    out.extend(calls());
    out.extend(globals());
    out
}

fn locals() -> Vec<Family> {
    let mut out = vec![
        family("st_loc", "locals", "ld_u64 1; st_loc a", &[("ld_u64", 1.0)]).locals("a: u64"),
        family(
            "move_loc",
            "locals",
            "move_loc a; st_loc a",
            &[("st_loc", 1.0)],
        )
        .locals("a: u64")
        .init("ld_u64 7; st_loc a"),
        family(
            "copy_loc bool",
            "locals",
            "copy_loc a; pop",
            &[("pop", 1.0)],
        )
        .locals("a: bool")
        .init("ld_true; st_loc a"),
        family(
            "copy_loc address",
            "locals",
            "copy_loc a; pop",
            &[("pop", 1.0)],
        )
        .locals("a: address")
        .init("ld_const<address> 0xcafe; st_loc a"),
    ];
    for (w, ld, _) in WIDTHS {
        out.push(
            family(
                format!("copy_loc {w}"),
                "locals",
                "copy_loc a; pop",
                &[("pop", 1.0)],
            )
            .locals(&format!("a: {w}"))
            .init(&format!("{ld} 7; st_loc a")),
        );
    }
    out
}

fn constants() -> Vec<Family> {
    let mut out = Vec::new();
    for (_, ld, _) in WIDTHS.iter().filter(|(w, _, _)| *w != "u64") {
        out.push(family(
            ld.to_string(),
            "constants",
            &format!("{ld} 1; pop"),
            &[("pop", 1.0)],
        ));
    }
    let bytes: Vec<String> = (1..=32).map(|b| b.to_string()).collect();
    out.extend([
        family("ld_true", "constants", "ld_true; pop", &[("pop", 1.0)]),
        family("ld_false", "constants", "ld_false; pop", &[("pop", 1.0)]),
        family(
            "ld_const u64",
            "constants",
            "ld_const<u64> 5; pop",
            &[("pop", 1.0)],
        ),
        family(
            "ld_const vector<u8>[32] + drop",
            "constants",
            &format!("ld_const<vector<u8>> [{}]; pop", bytes.join(", ")),
            &[],
        ),
    ]);
    out
}

fn control() -> Vec<Family> {
    vec![
        family("nop", "control", "nop", &[]),
        family("branch", "control", "branch b{k}; b{k}:", &[]),
        family(
            "br_true",
            "control",
            "ld_true; br_true t{k}; t{k}:",
            &[("ld_true", 1.0)],
        ),
        family(
            "br_false",
            "control",
            "ld_false; br_false f{k}; f{k}:",
            &[("ld_false", 1.0)],
        ),
    ]
}

const UNSIGNED_OPS: [&str; 14] = [
    "add", "sub", "mul", "div", "mod", "bit_and", "bit_or", "xor", "lt", "gt", "le", "ge", "eq",
    "neq",
];
const SIGNED_OPS: [&str; 11] = [
    "add", "sub", "mul", "div", "mod", "lt", "gt", "le", "ge", "eq", "neq",
];

fn arithmetic() -> Vec<Family> {
    let mut out = Vec::new();
    for (w, ld, signed) in WIDTHS {
        let copy = format!("copy_loc {w}");
        let ops: &[&str] = if signed { &SIGNED_OPS } else { &UNSIGNED_OPS };
        let init = format!("{ld} 7; st_loc a; {ld} 3; st_loc b; ld_u8 3; st_loc s");
        let locals = format!("a: {w}; b: {w}; s: u8");
        for op in ops {
            let f = family(
                format!("{op} {w}"),
                "arithmetic",
                &format!("copy_loc a; copy_loc b; {op}; pop"),
                &[(&copy, 2.0), ("pop", 1.0)],
            );
            out.push(f.locals(&locals).init(&init));
        }
        if signed {
            let f = family(
                format!("negate {w}"),
                "arithmetic",
                "copy_loc a; negate; pop",
                &[(&copy, 1.0), ("pop", 1.0)],
            );
            out.push(f.locals(&locals).init(&init));
        } else {
            for op in ["shl", "shr"] {
                let f = family(
                    format!("{op} {w}"),
                    "arithmetic",
                    &format!("copy_loc a; copy_loc s; {op}; pop"),
                    &[(&copy, 1.0), ("copy_loc u8", 1.0), ("pop", 1.0)],
                );
                out.push(f.locals(&locals).init(&init));
            }
        }
    }
    out
}

fn casts_and_bools() -> Vec<Family> {
    let mut out = Vec::new();
    for (w, _, _) in WIDTHS {
        let f = family(
            format!("cast_{w}"),
            "casts",
            &format!("copy_loc c; cast_{w}; pop"),
            &[("copy_loc u64", 1.0), ("pop", 1.0)],
        );
        out.push(f.locals("c: u64").init("ld_u64 7; st_loc c"));
    }
    let bools = |name: &str, unit: &str, copies: f64| {
        family(
            name,
            "bool",
            unit,
            &[("copy_loc bool", copies), ("pop", 1.0)],
        )
        .locals("t: bool; f: bool")
        .init("ld_true; st_loc t; ld_false; st_loc f")
    };
    out.push(bools("not", "copy_loc t; not; pop", 1.0));
    out.push(bools("and", "copy_loc t; copy_loc f; and; pop", 2.0));
    out.push(bools("or", "copy_loc t; copy_loc f; or; pop", 2.0));
    out
}

fn references_and_structs() -> Vec<Family> {
    let a = |f: Family| f.locals("a: u64").init("ld_u64 7; st_loc a");
    let s = |f: Family| {
        f.locals("s: S; a: u64")
            .init("ld_u64 1; ld_u64 2; pack S; st_loc s; ld_u64 7; st_loc a")
    };
    let e = |f: Family| {
        f.locals("e: E; a: u64")
            .init("ld_u64 1; pack_variant E, V1; st_loc e; ld_u64 7; st_loc a")
    };
    let (b, mb, pop, c) = ("borrow_loc", "mut_borrow_loc", "pop", "copy_loc u64");
    vec![
        a(family(b, "references", "borrow_loc a; pop", &[(pop, 1.0)])),
        a(family(
            mb,
            "references",
            "mut_borrow_loc a; pop",
            &[(pop, 1.0)],
        )),
        a(family(
            "read_ref u64",
            "references",
            "borrow_loc a; read_ref; pop",
            &[(b, 1.0), (pop, 1.0)],
        )),
        a(family(
            "write_ref u64",
            "references",
            "ld_u64 1; mut_borrow_loc a; write_ref",
            &[(mb, 1.0), ("ld_u64", 1.0)],
        )),
        a(family(
            "freeze_ref",
            "references",
            "mut_borrow_loc a; freeze_ref; pop",
            &[(mb, 1.0), (pop, 1.0)],
        )),
        s(family(
            "borrow_field",
            "structs",
            "borrow_loc s; borrow_field S, b; pop",
            &[(b, 1.0), (pop, 1.0)],
        )),
        s(family(
            "mut_borrow_field",
            "structs",
            "mut_borrow_loc s; mut_borrow_field S, b; pop",
            &[(mb, 1.0), (pop, 1.0)],
        )),
        s(family(
            "pack 2 fields + drop",
            "structs",
            "copy_loc a; copy_loc a; pack S; pop",
            &[(c, 2.0)],
        )),
        s(family(
            "pack + unpack 2 fields",
            "structs",
            "copy_loc a; copy_loc a; pack S; unpack S; pop; pop",
            &[(c, 2.0), (pop, 2.0)],
        )),
        s(family(
            "pack_generic 1 field + drop",
            "structs",
            "copy_loc a; pack G<u64>; pop",
            &[(c, 1.0)],
        )),
        s(family(
            "pack_generic + unpack_generic",
            "structs",
            "copy_loc a; pack G<u64>; unpack G<u64>; pop",
            &[(c, 1.0), (pop, 1.0)],
        )),
        e(family(
            "pack_variant + drop",
            "enums",
            "copy_loc a; pack_variant E, V2; pop",
            &[(c, 1.0)],
        )),
        e(family(
            "pack_variant + unpack_variant",
            "enums",
            "copy_loc a; pack_variant E, V2; unpack_variant E, V2; pop",
            &[(c, 1.0), (pop, 1.0)],
        )),
        e(family(
            "test_variant",
            "enums",
            "borrow_loc e; test_variant E, V1; pop",
            &[(b, 1.0), (pop, 1.0)],
        )),
        e(family(
            "borrow_variant_field",
            "enums",
            "borrow_loc e; borrow_variant_field E, V1::a, V2::a; pop",
            &[(b, 1.0), (pop, 1.0)],
        )),
    ]
}

fn vectors() -> Vec<Family> {
    let v = |f: Family| {
        f.locals("v: vector<u64>")
            .init("ld_const<vector<u64>> [1, 2, 3, 4, 5, 6, 7, 8]; st_loc v")
    };
    let (b, mb, pop, ld) = ("borrow_loc", "mut_borrow_loc", "pop", "ld_u64");
    vec![
        v(family("vec_len", "vectors", "borrow_loc v; vec_len <u64>; pop", &[(b, 1.0), (pop, 1.0)])),
        v(family("vec_borrow", "vectors", "borrow_loc v; ld_u64 3; vec_borrow <u64>; pop", &[(b, 1.0), (ld, 1.0), (pop, 1.0)])),
        v(family("vec_mut_borrow", "vectors", "mut_borrow_loc v; ld_u64 3; vec_mut_borrow <u64>; pop", &[(mb, 1.0), (ld, 1.0), (pop, 1.0)])),
        v(family(
            "vec_push_back + vec_pop_back",
            "vectors",
            "mut_borrow_loc v; ld_u64 9; vec_push_back <u64>; mut_borrow_loc v; vec_pop_back <u64>; pop",
            &[(mb, 2.0), (ld, 1.0), (pop, 1.0)],
        )),
        v(family("vec_swap", "vectors", "mut_borrow_loc v; ld_u64 0; ld_u64 7; vec_swap <u64>", &[(mb, 1.0), (ld, 2.0)])),
        v(family("vec_pack 2 + drop", "vectors", "ld_u64 1; ld_u64 2; vec_pack <u64>, 2; pop", &[(ld, 2.0)])),
        v(family(
            "vec_pack + vec_unpack 2",
            "vectors",
            "ld_u64 1; ld_u64 2; vec_pack <u64>, 2; vec_unpack <u64>, 2; pop; pop",
            &[(ld, 2.0), (pop, 2.0)],
        )),
    ]
}

fn calls() -> Vec<Family> {
    let a = |f: Family| f.locals("a: u64").init("ld_u64 7; st_loc a");
    let helpers: &[(&str, f64)] = &[("copy_loc u64", 1.0), ("move_loc", 1.0), ("pop", 1.0)];
    vec![
        a(family(
            "call + ret",
            "calls",
            "copy_loc a; call id; pop",
            helpers,
        ))
        .calls_id(),
        a(family(
            "call_generic + ret",
            "calls",
            "copy_loc a; call idg<u64>; pop",
            helpers,
        ))
        .calls_id(),
        a(family(
            "pack_closure + drop",
            "calls",
            "pack_closure id, 0; pop",
            &[],
        )),
        family(
            "call_closure + ret (+ copy of the closure)",
            "calls",
            "copy_loc a; copy_loc f; call_closure <|u64|u64 has copy + drop>; pop",
            helpers,
        )
        .locals("a: u64; f: |u64|u64 has copy + drop")
        .init("ld_u64 7; st_loc a; pack_closure id, 0; st_loc f")
        .calls_id(),
    ]
}

fn globals() -> Vec<Family> {
    let g = |f: Family| {
        f.locals("addr: address")
            .init("borrow_loc s; call signer::address_of; st_loc addr; borrow_loc s; ld_u64 1; pack R; move_to R")
            .signer()
    };
    let (ca, pop) = ("copy_loc address", "pop");
    vec![
        g(family(
            "exists",
            "globals",
            "copy_loc addr; exists R; pop",
            &[(ca, 1.0), (pop, 1.0)],
        )),
        g(family(
            "borrow_global",
            "globals",
            "copy_loc addr; borrow_global R; pop",
            &[(ca, 1.0), (pop, 1.0)],
        )),
        g(family(
            "mut_borrow_global",
            "globals",
            "copy_loc addr; mut_borrow_global R; pop",
            &[(ca, 1.0), (pop, 1.0)],
        )),
        g(family(
            "move_from + move_to",
            "globals",
            "borrow_loc s; copy_loc addr; move_from R; move_to R",
            &[("borrow_loc", 1.0), (ca, 1.0)],
        )),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn helpers_come_first_and_names_are_unique() {
        let mut known: HashSet<String> = HashSet::new();
        for f in all() {
            for (h, _) in &f.helpers {
                assert!(
                    known.contains(h),
                    "{}: helper {h} not measured before",
                    f.name
                );
            }
            assert!(known.insert(f.name.clone()), "duplicate {}", f.name);
            known.extend(f.aliases.iter().cloned());
        }
        assert!(known.len() > 150, "{}", known.len());
    }
}
