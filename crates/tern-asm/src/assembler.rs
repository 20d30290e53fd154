//! Assembler: `.masm` text to compiled modules and scripts.
