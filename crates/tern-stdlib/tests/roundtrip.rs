//! Every module serializes at bytecode version 10 and deserializes back to the same module.
#![allow(clippy::panic)]

mod common;

use common::{module_name, modules};
use tern_binary::CompiledModule;

#[test]
fn every_module_round_trips_through_the_binary_format() {
    for m in modules() {
        let name = module_name(m);
        let bytes = m
            .serialize()
            .unwrap_or_else(|err| panic!("serialize {name}: {err:?}"));
        assert_eq!(
            bytes.get(4..8),
            Some(&[0x0A, 0x00, 0x00, 0x0A][..]),
            "{name}"
        );
        let back = CompiledModule::deserialize(&bytes)
            .unwrap_or_else(|err| panic!("deserialize {name}: {err:?}"));
        assert_eq!(&back, m, "{name}");
        assert_eq!(back.serialize().ok(), Some(bytes), "{name}");
    }
}

#[test]
fn every_module_disassembles_and_reassembles_to_itself() {
    let mut deps: Vec<&CompiledModule> = Vec::new();
    for m in modules() {
        let name = module_name(m);
        let text = tern_asm::disassembler::disassemble_module(m)
            .unwrap_or_else(|err| panic!("disassemble {name}: {err:?}"));
        let options = tern_asm::assembler::AsmOptions {
            version: tern_stdlib::STDLIB_BYTECODE_VERSION,
        };
        let unit = tern_asm::assembler::assemble(&text, &deps, &options)
            .unwrap_or_else(|err| panic!("reassemble {name}: {}", err.render(name, &text)));
        let tern_asm::assembler::CompiledUnit::Module(again) = unit else {
            panic!("{name} reassembled to a script");
        };
        assert_eq!(again.function_defs, m.function_defs, "{name}");
        assert_eq!(again.struct_defs, m.struct_defs, "{name}");
        deps.push(m);
    }
}
