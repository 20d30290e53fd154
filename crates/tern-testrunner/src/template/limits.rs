//! Resource limits of template expansion, so that a small hostile test file ends quickly with a
//! [`TemplateError`] instead of overflowing the stack or using unbounded time or memory.
//!
//! Every limit sits far above what the suites use (their templates nest blocks three deep,
//! expressions two deep, call macros one deep and expand to a few hundred kilobytes); each error
//! message names the limit it hit.
//!
//! Stack: expansion runs on the test driver's worker threads (2 MiB default stack). The parser
//! and the renderer recurse, so nesting is bounded while parsing ([`MAX_NESTING_DEPTH`]) and again
//! while rendering ([`MAX_RENDER_DEPTH`]), because macro calls stack the bodies of several
//! macros on top of each other. Values are nested at most [`MAX_VALUE_DEPTH`] deep, which bounds
//! the recursion of their (derived) clone, comparison and drop.
//!
//! Time and memory: a step counter ([`MAX_STEPS`]) charges every rendered node, evaluated
//! expression and loop iteration, plus the size of every value copied and every piece of
//! text written, so work is linear in the steps taken; [`MAX_OUTPUT_BYTES`] bounds the text any
//! render produces (the file or a macro's output) and [`MAX_VALUE_SIZE`] the size of any value.

use super::TemplateError;

/// Deepest nesting the parser accepts, both for blocks (`for`/`if`/`macro` inside each other)
/// and within the expression of one tag (parentheses, brackets, call arguments, each `not`,
/// comparison and chained `and`/`or`). Bounds the parser's recursion and the height of the trees
/// it builds.
pub(super) const MAX_NESTING_DEPTH: usize = 128;

/// Deepest recursion of rendering: each nested block, each level of an expression and each
/// macro call counts one. A macro body renders on top of its caller, so this bounds the stack
/// that [`MAX_NESTING_DEPTH`] alone cannot. Measured: the heaviest 256 levels (64 macro calls)
/// need between 192 and 256 KiB of stack in a release build, against the workers' 2 MiB (test
/// `just_under_the_limits_renders_on_a_small_stack` runs them on 512 KiB).
pub(super) const MAX_RENDER_DEPTH: usize = 256;

/// Deepest nesting of macro calls, including calls made while evaluating default arguments
/// (guards against runaway recursion).
pub(super) const MAX_CALL_DEPTH: usize = 64;

/// Largest text a render may produce: the expanded file, and each macro's output (16 MiB).
pub(super) const MAX_OUTPUT_BYTES: usize = 16 * 1024 * 1024;

/// Largest value, in size units: one per integer, boolean and array (plus its elements, counted
/// recursively), and one per [`STRING_BYTES_PER_UNIT`] bytes of a string (plus one). At most
/// ~32 MB of memory per value.
pub(super) const MAX_VALUE_SIZE: usize = 1_000_000;

/// Deepest nesting of arrays inside a value (`{% set x = [x] %}` repeated).
pub(super) const MAX_VALUE_DEPTH: usize = 128;

/// Most work one expansion may do, in steps: one per rendered node, evaluated expression and
/// loop iteration, plus the size of each value copied out of a variable and one per
/// [`STRING_BYTES_PER_UNIT`] bytes of text written. Takes well under a second in a release build.
pub(super) const MAX_STEPS: u64 = 10_000_000;

/// String bytes counted as one unit of value size or one step of work.
pub(super) const STRING_BYTES_PER_UNIT: usize = 16;

/// The nesting of the render in progress; passed down by value, so leaving a level needs no
/// bookkeeping.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Depth {
    /// Recursion levels (blocks, expression levels, macro calls).
    render: usize,
    /// Macro calls.
    calls: usize,
}

impl Depth {
    /// One level deeper (a block or an expression level).
    pub(super) fn nested(self, line: usize) -> Result<Depth, TemplateError> {
        if self.render >= MAX_RENDER_DEPTH {
            return Err(TemplateError::new(
                line,
                format!(
                    "rendering nested too deeply: exceeds the render depth limit of \
                     {MAX_RENDER_DEPTH}"
                ),
            ));
        }
        Ok(Depth {
            render: self.render + 1,
            calls: self.calls,
        })
    }

    /// Into a macro call.
    pub(super) fn call(self, line: usize) -> Result<Depth, TemplateError> {
        if self.calls >= MAX_CALL_DEPTH {
            return Err(TemplateError::new(
                line,
                format!(
                    "macro calls nested too deeply: exceeds the call depth limit of \
                     {MAX_CALL_DEPTH}"
                ),
            ));
        }
        let nested = self.nested(line)?;
        Ok(Depth {
            render: nested.render,
            calls: self.calls + 1,
        })
    }
}

/// The error for a parse nested deeper than [`MAX_NESTING_DEPTH`]; `what` names the construct.
pub(super) fn too_deep(line: usize, what: &str) -> TemplateError {
    TemplateError::new(
        line,
        format!("{what} nested too deeply: exceeds the nesting limit of {MAX_NESTING_DEPTH}"),
    )
}

/// The step counter of one expansion.
#[derive(Debug, Default)]
pub(super) struct Steps {
    taken: u64,
}

impl Steps {
    /// Charges `n` steps, failing once the total passes [`MAX_STEPS`].
    pub(super) fn charge(&mut self, n: usize, line: usize) -> Result<(), TemplateError> {
        let n = u64::try_from(n).unwrap_or(u64::MAX);
        self.taken = self.taken.saturating_add(n);
        if self.taken > MAX_STEPS {
            return Err(TemplateError::new(
                line,
                format!("template does too much work: exceeds the step limit of {MAX_STEPS}"),
            ));
        }
        Ok(())
    }
}

/// Appends `text` to `out`, failing if `out` would pass [`MAX_OUTPUT_BYTES`].
pub(super) fn emit(out: &mut String, text: &str, line: usize) -> Result<(), TemplateError> {
    if out.len().saturating_add(text.len()) > MAX_OUTPUT_BYTES {
        return Err(TemplateError::new(
            line,
            format!("output exceeds the output size limit of {MAX_OUTPUT_BYTES} bytes"),
        ));
    }
    out.push_str(text);
    Ok(())
}

/// The size units of `len` string bytes.
pub(super) fn string_units(len: usize) -> usize {
    1 + len / STRING_BYTES_PER_UNIT
}

/// The error for a value larger than [`MAX_VALUE_SIZE`].
pub(super) fn too_large(line: usize) -> TemplateError {
    TemplateError::new(
        line,
        format!("value exceeds the value size limit of {MAX_VALUE_SIZE}"),
    )
}

/// The error for a value nested deeper than [`MAX_VALUE_DEPTH`].
pub(super) fn value_too_deep(line: usize) -> TemplateError {
    TemplateError::new(
        line,
        format!("value nested too deeply: exceeds the value depth limit of {MAX_VALUE_DEPTH}"),
    )
}
