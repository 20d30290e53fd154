//! Disassembler: compiled modules and scripts to `.masm` text.
