//! The Move assembly text format (`.masm`): an assembler that builds `tern-binary` modules and
//! scripts the way the peer's assembler does, and a disassembler that prints them back.

pub mod assembler;
pub mod disassembler;
pub mod reference;
pub mod suggest;
pub use disassembler::{disassemble_module, disassemble_script, DisasmError, DisasmOptions};

pub use assembler::{assemble, AsmError, AsmOptions, CompiledUnit, Diagnostic, Span};
