//! Every library body passes a small type, stack and local-safety check (see `checker`); and,
//! as a self-test, the checker rejects broken bodies.

mod checker;
mod common;

use common::{function_name, module_name, modules};

#[test]
fn every_body_is_well_typed_and_balanced() {
    let mut failures = Vec::new();
    for m in modules() {
        for (index, def) in m.function_defs.iter().enumerate() {
            if let Err(problem) = checker::check_function(m, index) {
                let name = function_name(m, def);
                failures.push(format!("0x1::{}::{name}: {problem}", module_name(m)));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn check_source(body: &str) -> Result<(), String> {
    let source = format!("module 0x77::probe\nuse 0x1::option\n{body}");
    let deps: Vec<&tern_binary::CompiledModule> = modules().iter().collect();
    let unit = tern_asm::assembler::assemble(&source, &deps, &Default::default())
        .map_err(|err| err.render("probe", &source))?;
    let tern_asm::assembler::CompiledUnit::Module(m) = unit else {
        return Err("not a module".into());
    };
    checker::check_function(&m, 0)
}

#[test]
fn the_checker_rejects_broken_bodies() {
    let ok = "fun f(x: u64): u64\n    move_loc x\n    ret";
    assert_eq!(check_source(ok), Ok(()));
    let broken = [
        "fun f(x: u64): bool\n    move_loc x\n    ret",
        "fun f(x: u64): u64\n    move_loc x\n    move_loc x\n    add\n    ret",
        "fun f(x: u64)\n    move_loc x\n    br_true l\n    ret\nl:  ret",
        "fun f(x: u64)\n    copy_loc x\n    ld_u64 0\n    eq\n    ld_u8 1\n    br_true l\n    pop\n    ret\nl:  pop\n    ret",
        "fun f<T>(x: T)\n    ret",
        "fun f<T>(x: T): option::Option<T>\n    move_loc x\n    call option::some<T>\n    ld_true\n    ret",
        "fun f<T>(x: &mut option::Option<T>): bool\n    move_loc x\n    call option::is_some<T>\n    ret",
        "fun f(v: vector<u8>)\n    borrow_loc v\n    vec_pop_back <u8>\n    pop\n    ret",
    ];
    for body in broken {
        assert!(check_source(body).is_err(), "accepted:\n{body}");
    }
}
