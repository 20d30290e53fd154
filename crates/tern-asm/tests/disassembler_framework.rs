//! Every framework module disassembles without error, and the text has the expected shape.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod disassembler_common;

use tern_asm::disassembler::disassemble_module;

#[test]
fn every_framework_module_disassembles() {
    let Some(modules) = disassembler_common::framework_modules() else {
        return;
    };
    assert_eq!(modules.len(), 186);
    for (path, module) in &modules {
        let text = disassemble_module(module).unwrap_or_else(|e| panic!("{path}: {e}"));
        assert!(text.starts_with("// Bytecode version v"), "{path}");
        let defs = text.matches("// Function definition at index ").count();
        assert_eq!(defs, module.function_defs.len(), "{path}");
        if std::env::var_os("DUMP_MASM").is_some() {
            let out = std::path::Path::new("/tmp/masm").join(path.replace(".mv", ".masm"));
            std::fs::create_dir_all(out.parent().unwrap()).unwrap();
            std::fs::write(out, &text).unwrap();
        }
    }
}
