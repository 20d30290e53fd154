//! Code shared by the workspace tests.

pub(crate) mod mutation;
