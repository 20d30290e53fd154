//! Writing to standard output. `print!` panics when stdout is a closed pipe
//! (`tern disasm x.mv | head -1`); these macros return the error instead, and `main` ends such
//! a command quietly, as command-line tools do.

/// `print!` returning the write's `io::Result`.
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        write!(std::io::stdout().lock(), $($arg)*)
    }};
}

/// `println!` returning the write's `io::Result`.
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        writeln!(std::io::stdout().lock(), $($arg)*)
    }};
}

pub(crate) use {out, outln};

/// Whether `err` comes from writing to a pipe whose reader has gone.
pub(crate) fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
    })
}
