//! The instructions' handlers, one file per family: each family's general handlers (the
//! `Session` methods the general path, `Session::step`, calls, which raise the exact errors)
//! beside its fast paths (the functions `fast_step` and the dispatch loop call, which decline
//! anything they cannot do exactly).

pub(crate) mod arith;
pub(crate) mod calls;
pub(crate) mod control;
pub(crate) mod enums;
pub(crate) mod globals;
pub(crate) mod locals;
pub(crate) mod refs;
pub(crate) mod vector;
