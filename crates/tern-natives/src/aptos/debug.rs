//! `debug::native_print`, `debug::native_stack_trace` and the old `debug::print`: lines go
//! to the session's [`DebugLog`], never to stdout.
//!
//! Gas: Aptos's production natives print nothing and charge nothing, so under a schedule
//! these charge nothing either; without one the old `print` charges Tern's units for what it
//! formats.

use super::string_utils::{format_value_for_debug, Options, Stop};
use super::{arg, ref_arg, ret, string_value, ty_arg};
use tern_primitives::VmError;
use tern_vm::natives::{NativeContext, NativeResult};
use tern_vm::types::TypeId;
use tern_vm::values::Value;

/// What `debug::print` printed in a session, one line per call (`[debug] text`, as Aptos's
/// test builds print them). Created on first print; take it out with
/// `session.extensions_mut().remove::<DebugLog>()`.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct DebugLog {
    /// The printed lines.
    pub lines: Vec<String>,
}

fn log(ctx: &mut NativeContext<'_>, line: String) {
    match ctx.extensions.get_mut::<DebugLog>() {
        Some(log) => log.lines.push(line),
        None => ctx.extensions.insert(DebugLog { lines: vec![line] }),
    }
}

/// `debug::native_print(s: String)`: logs `[debug] s`.
pub(super) fn print(
    ctx: &mut NativeContext<'_>,
    _ty_args: &[TypeId],
    args: &[Value],
) -> Result<NativeResult, VmError> {
    let s = arg(args, 0)?;
    let bytes = match ctx.struct_fields(s)? {
        [bytes] => ctx.bytes(*bytes)?.to_vec(),
        _ => return Err(crate::bad_args()),
    };
    ctx.heap.free_value(s);
    log(ctx, format!("[debug] {}", String::from_utf8_lossy(&bytes)));
    Ok(NativeResult::Return(vec![]))
}

/// `debug::native_stack_trace(): String`: empty, as in Aptos's production builds (a
/// native does not see the call stack in Tern).
pub(super) fn stack_trace(
    ctx: &mut NativeContext<'_>,
    _ty_args: &[TypeId],
    _args: &[Value],
) -> Result<NativeResult, VmError> {
    let s = string_value(ctx, Vec::new());
    ret(s)
}

/// The old `debug::print<T>(x: &T)`: logs `[debug] ` and the value as
/// `string_utils::debug_string` prints it.
pub(super) fn old_print(
    ctx: &mut NativeContext<'_>,
    ty_args: &[TypeId],
    args: &[Value],
) -> Result<NativeResult, VmError> {
    let ty = ty_arg(ty_args, 0)?;
    let value = ctx.deref(ref_arg(args, 0)?)?;
    let options = Options {
        type_tag: true,
        canonicalize: false,
        single_line: false,
        include_int_type: false,
    };
    match format_value_for_debug(ctx, ty, value, options) {
        Ok(text) => log(ctx, format!("[debug] {text}")),
        Err(Stop::Abort(code)) => return Ok(NativeResult::Abort(code)),
        Err(Stop::Error(e)) => return Err(e),
    }
    Ok(NativeResult::Return(vec![]))
}
