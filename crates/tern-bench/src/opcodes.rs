//! The per-opcode cost table (in progress).
