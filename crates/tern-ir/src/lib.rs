//! Tern's internal instruction form: Move bytecode with every operand resolved at load time.
//!
//! Each [`Op`] keeps the position of the bytecode instruction it came from (the lowering is
//! 1:1 for now, so op index = bytecode offset), so errors report the peer's offsets. The
//! loader lowers bytecode into [`Op`]s, [`fuse`] rewrites fusable sequences into
//! super-instructions, and [`code::Code`] checks once the bounds the interpreter's dispatch
//! loop relies on. This crate knows nothing of types, values or storage: a type operand is a
//! [`TypeSlot`], an index into a table the loader keeps beside the code.

pub mod code;
mod fuse;
mod op;

pub use fuse::fuse;
pub use op::*;
