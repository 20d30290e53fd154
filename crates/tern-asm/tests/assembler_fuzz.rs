//! The assembler never panics: random text, random token soup, and random mutations of real
//! bodies (our own samples and, when present, every conformance task body) must all end in
//! `Ok` or in an `AsmError` whose position lies inside the text.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod assembler_support;

use assembler_support::{load, masm_files, shared_dir, stdlib};
use proptest::prelude::*;
use tern_asm::assembler::{assemble, AsmOptions};
use tern_binary::CompiledModule;

const SAMPLES: [&str; 3] = [
    "address A = 0x66\nmodule A::m\nuse 0x1::signer\nfriend 0x66::f\nstruct S<phantom T: copy + drop, U> has key\n    a: U\n    b: vector<|u64, &mut T|(u8, bool) has copy>\nenum E<T> has drop\n    V1\n        x: T\n    V2\n#[persistent, borrow(1)] entry public fun f<T: drop>(s: &signer, x: u64): (u64, E<u8>) acquires S\n    local v: vector<u8>\n    ld_const<vector<u8>> [1, 2]\n    st_loc v\n    borrow_loc s\n    call signer::address_of\n    pop\n  l0:\n    copy_loc x\n    ld_u64 0\n    eq\n    br_true l0\n    ld_u8 1\n    pack_variant E<u8>, V1\n    borrow_variant_field E<u8>, V1::x\n    pack_closure f<T>, 1\n    call_closure <|u64|u8 has drop>\n    ret\npublic native fun n()",
    "script\nuse 0x1::signer\nfun main(a: signer, b: address)\n    local c: address\n    borrow_loc a\n    call signer::address_of\n    st_loc c\n    move_loc c\n    move_loc b\n    eq\n    br_true ok\n    ld_i64 -42\n    abort\nok: ret",
    "module 0x66::t\nstruct R has key\n    v: u64\nfun g(x: u8): u8\n    vec_pack <u8>, 0\n    vec_len <u8>\n    ld_u256 0xFFFF\n    ld_i8 -128\n    ld_const<address> 0x1\n    exists R\n    ret",
];

/// Assembles and checks that any error points inside the text.
fn check(src: &str, deps: &[&CompiledModule]) {
    if let Err(e) = assemble(src, deps, &AsmOptions::default()) {
        assert!(!e.diagnostics.is_empty());
        for d in &e.diagnostics {
            assert!(
                d.span.start <= d.span.end && d.span.end <= src.len(),
                "{d:?} in {src:?}"
            );
            assert!(d.line >= 1 && d.column >= 1);
        }
        let rendered = e.render("test", src);
        assert!(rendered.starts_with("error: "));
    }
}

/// A deterministic xorshift generator.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

const PIECES: [&str; 24] = [
    "\n",
    " ",
    "    ",
    "\t",
    ":",
    "::",
    "<",
    ">",
    "[",
    "]",
    ",",
    "-",
    "|",
    "&",
    "#[",
    "(",
    ")",
    "0x",
    "99999999999999999999999999999999999999999999999999999999999999999999999999999999",
    "x",
    "local",
    "ret",
    "é",
    "//",
];

/// One random edit: delete, insert a piece, duplicate or cut a range.
fn mutate(src: &str, rng: &mut Rng) -> String {
    let chars: Vec<char> = src.chars().collect();
    let at = rng.below(chars.len() + 1);
    let len = rng.below(12);
    let end = (at + len).min(chars.len());
    let (head, tail) = chars.split_at(at);
    let head: String = head.iter().collect();
    match rng.below(4) {
        0 => format!("{head}{}", chars[end..].iter().collect::<String>()),
        1 => format!(
            "{head}{}{}",
            PIECES[rng.below(PIECES.len())],
            tail.iter().collect::<String>()
        ),
        2 => {
            let dup: String = chars[at..end].iter().collect();
            format!(
                "{head}{dup}{dup}{}",
                chars[end..].iter().collect::<String>()
            )
        }
        _ => head,
    }
}

#[test]
fn samples_assemble_and_mutations_never_panic() {
    let stdlib = stdlib();
    let deps: Vec<&CompiledModule> = stdlib.iter().collect();
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for sample in SAMPLES {
        assemble(sample, &deps, &AsmOptions::default()).unwrap();
        for _ in 0..400 {
            let mut text = sample.to_string();
            for _ in 0..=rng.below(3) {
                text = mutate(&text, &mut rng);
            }
            check(&text, &deps);
        }
    }
}

#[test]
fn conformance_body_mutations_never_panic() {
    let Some(shared) = shared_dir() else {
        eprintln!("skipping: ../shared not found");
        return;
    };
    let stdlib = stdlib();
    let deps: Vec<&CompiledModule> = stdlib.iter().collect();
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let mut count = 0;
    for path in masm_files(&shared.join("conformance/aptos")) {
        let Ok(file) = load(&path) else { continue };
        for (task, _) in &file.tasks {
            let Some(data) = &task.data else { continue };
            for _ in 0..4 {
                check(&mutate(data, &mut rng), &deps);
                count += 1;
            }
        }
    }
    eprintln!("{count} mutated conformance bodies checked");
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 600,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn random_text_never_panics(s in "\\PC{0,200}") {
        check(&s, &[]);
    }

    #[test]
    fn random_token_soup_never_panics(
        words in proptest::collection::vec(
            prop_oneof![
                Just("module 0x1::m\n".to_string()),
                Just("script\n".to_string()),
                Just("fun f(x: u64)\n".to_string()),
                Just("struct S<T> has key\n".to_string()),
                Just("enum E\n".to_string()),
                Just("    ".to_string()),
                Just("\n".to_string()),
                "[a-z_]{1,6}",
                "[0-9]{1,4}",
                "[:<>\\[\\],|&#()+=-]",
                Just(" ".to_string()),
            ],
            0..60,
        )
    ) {
        check(&words.concat(), &[]);
    }
}
