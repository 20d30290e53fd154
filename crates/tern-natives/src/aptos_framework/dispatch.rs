//! Native dynamic dispatch: `function_info`'s `load_function_impl` and
//! `check_dispatch_type_compatibility_impl`, `dispatchable_fungible_asset`'s four
//! `dispatchable_*` natives and `account_abstraction::dispatchable_authenticate`, with
//! Aptos's semantics and abort codes.
//!
//! A `FunctionInfo` names a Move function (module address, module name, function name). A
//! dispatching native ends by calling that function with its other arguments
//! ([`NativeResult::CallFunction`]); the interpreter checks the target's signature against
//! the native's. Aptos lets a transaction dispatch only to a module it has already loaded and
//! paid for ("visited"): here `load_function_impl` marks a module visited in the session
//! ([`tern_vm::natives::VisitedModules`]), which the framework always calls before it
//! dispatches. Modules at the special addresses `0x0`–`0xf` count as visited when
//! `ACCOUNT_ABSTRACTION` or `DERIVABLE_ACCOUNT_ABSTRACTION` is on (always, for
//! `dispatchable_authenticate`). Aptos also counts the modules a transaction loaded for other
//! reasons (its entry function's, those it called); Tern does not.

use super::{ret, state, FeatureFlags};
use crate::bad_args;
use tern_primitives::{Identifier, ModuleId, VmError};
use tern_vm::natives::{NativeContext, NativeResult};
use tern_vm::types::TypeId;
use tern_vm::values::Value;

/// `function_info`'s abort code for a name that is not a Move identifier.
pub const EINVALID_IDENTIFIER: u64 = 1;
/// `function_info`'s abort code for a function that does not exist, or is not loaded.
pub const EINVALID_FUNCTION: u64 = 2;
/// `dispatchable_fungible_asset`'s abort code for a dispatch to a module not loaded before.
pub const ENOT_LOADED: u64 = 4;
/// `account_abstraction`'s abort code for a dispatch to a module not loaded before (a
/// legacy name: Aptos reuses its "not the master signer" code).
pub const ENOT_MASTER_SIGNER: u64 = 4;

/// `ACCOUNT_ABSTRACTION`.
const ACCOUNT_ABSTRACTION: u64 = 85;
/// `DERIVABLE_ACCOUNT_ABSTRACTION`.
const DERIVABLE_ACCOUNT_ABSTRACTION: u64 = 88;
/// `ENABLE_LAZY_LOADING`: loading a function for a check needs its module visited.
const ENABLE_LAZY_LOADING: u64 = 95;

/// The module and function a `&FunctionInfo` argument names; a name that is not an
/// identifier aborts with [`EINVALID_IDENTIFIER`] (`Err(Ok(code))`).
fn function_info(
    ctx: &NativeContext<'_>,
    info: Value,
) -> Result<Result<(ModuleId, Identifier), u64>, VmError> {
    let fields = ctx.struct_fields(info)?;
    let (Some(Value::Address(address)), Some(module), Some(function)) =
        (fields.first(), fields.get(1), fields.get(2))
    else {
        return Err(bad_args());
    };
    let name = |v: &Value| crate::string_identifier(ctx, *v);
    let (Some(module), Some(function)) = (name(module)?, name(function)?) else {
        return Ok(Err(EINVALID_IDENTIFIER));
    };
    Ok(Ok((ModuleId::new(*address, module), function)))
}

/// Whether a dispatch may go to `module`: visited, or special when `special_counts`.
fn loaded(ctx: &NativeContext<'_>, module: &ModuleId, special_counts: bool) -> bool {
    (special_counts && module.address.is_special()) || ctx.is_visited(module)
}

/// Whether the account-abstraction features make special addresses count as visited.
fn special_counts(ctx: &mut NativeContext<'_>) -> Result<bool, VmError> {
    let flags = state::<FeatureFlags>(ctx)?;
    Ok(flags.is_enabled(ACCOUNT_ABSTRACTION) || flags.is_enabled(DERIVABLE_ACCOUNT_ABSTRACTION))
}

/// `function_info::load_function_impl(f: &FunctionInfo)`: loads the module `f` names and
/// marks it visited for a later dispatch. A module that does not exist fails the
/// transaction (`LINKER_ERROR`), as Aptos's loading does.
pub(super) fn load_function_impl(
    ctx: &mut NativeContext<'_>,
    _ty_args: &[TypeId],
    args: &[Value],
) -> Result<NativeResult, VmError> {
    ctx.charge_priced(
        &[("aptos_framework.function_info.load_function.base", 1)],
        1,
    );
    let info = args.first().copied().ok_or_else(bad_args)?;
    let module = match function_info(ctx, info)? {
        Ok((module, _)) => module,
        Err(code) => return Ok(NativeResult::Abort(code)),
    };
    if !module.address.is_special() && !ctx.is_visited(&module) {
        // Loading the module is what Aptos charges for here.
        ctx.load_module(&module)?;
        ctx.visit_module(&module);
    }
    Ok(NativeResult::Return(Vec::new()))
}

/// `function_info::check_dispatch_type_compatibility_impl(lhs: &FunctionInfo, rhs:
/// &FunctionInfo): bool`: whether `rhs` may stand for the dispatch function `lhs` — the same
/// type parameter constraints and results, `lhs`'s parameters but the last (the
/// `FunctionInfo`), public, not native, another module. A function that does not load (or
/// whose module a lazily loading chain has not loaded), or an `lhs` without parameters,
/// aborts with [`EINVALID_FUNCTION`].
pub(super) fn check_dispatch_type_compatibility_impl(
    ctx: &mut NativeContext<'_>,
    _ty_args: &[TypeId],
    args: &[Value],
) -> Result<NativeResult, VmError> {
    ctx.charge_priced(
        &[(
            "aptos_framework.function_info.check_dispatch_type_compatibility_impl.base",
            1,
        )],
        1,
    );
    let (Some(lhs), Some(rhs)) = (args.first().copied(), args.get(1).copied()) else {
        return Err(bad_args());
    };
    let (rhs_module, rhs_name) = match function_info(ctx, rhs)? {
        Ok(named) => named,
        Err(code) => return Ok(NativeResult::Abort(code)),
    };
    let special = special_counts(ctx)?;
    if !loaded(ctx, &rhs_module, special) {
        return Ok(NativeResult::Abort(EINVALID_FUNCTION));
    }
    let Some(rhs_fn) = checked_function(ctx, &rhs_module, &rhs_name)? else {
        return Ok(NativeResult::Abort(EINVALID_FUNCTION));
    };
    let (lhs_module, lhs_name) = match function_info(ctx, lhs)? {
        Ok(named) => named,
        Err(code) => return Ok(NativeResult::Abort(code)),
    };
    let Some(lhs_fn) = checked_function(ctx, &lhs_module, &lhs_name)? else {
        return Ok(NativeResult::Abort(EINVALID_FUNCTION));
    };
    let Some((_, lhs_params)) = lhs_fn.params.split_last() else {
        return Ok(NativeResult::Abort(EINVALID_FUNCTION));
    };
    let compatible = rhs_fn.type_params == lhs_fn.type_params
        && rhs_fn.returns == lhs_fn.returns
        && lhs_params == &rhs_fn.params[..]
        && rhs_fn.is_public()
        && !rhs_fn.is_native()
        && lhs_module != rhs_module;
    ret(Value::Bool(compatible))
}

/// The function `name` of `module` as the compatibility check loads it: `None` when it does
/// not load, or when a lazily loading chain has not loaded its module in this transaction.
fn checked_function(
    ctx: &mut NativeContext<'_>,
    module: &ModuleId,
    name: &Identifier,
) -> Result<Option<tern_vm::loader::LinkedFunction>, VmError> {
    let lazy = state::<FeatureFlags>(ctx)?.is_enabled(ENABLE_LAZY_LOADING);
    if lazy && !loaded(ctx, module, true) {
        return Ok(None);
    }
    Ok(ctx.load_function(module, name.as_str()).ok())
}

/// The four `dispatchable_fungible_asset::dispatchable_*` natives: call the function the last
/// argument names with the others; a module not loaded before aborts with [`ENOT_LOADED`].
pub(super) fn dispatch_fungible_asset(
    ctx: &mut NativeContext<'_>,
    ty_args: &[TypeId],
    args: &[Value],
) -> Result<NativeResult, VmError> {
    let special = special_counts(ctx)?;
    dispatch(
        ctx,
        ty_args,
        args,
        (special, ENOT_LOADED),
        "aptos_framework.dispatchable_fungible_asset.dispatch.base",
    )
}

/// `account_abstraction::dispatchable_authenticate`: calls the authentication function the
/// last argument names; a module not loaded before (special addresses count as loaded)
/// aborts with [`ENOT_MASTER_SIGNER`].
pub(super) fn dispatchable_authenticate(
    ctx: &mut NativeContext<'_>,
    ty_args: &[TypeId],
    args: &[Value],
) -> Result<NativeResult, VmError> {
    dispatch(
        ctx,
        ty_args,
        args,
        (true, ENOT_MASTER_SIGNER),
        "aptos_framework.dispatchable_authenticate.dispatch.base",
    )
}

/// A dispatch to the function the last of `args` names, with the others and `ty_args`.
fn dispatch(
    ctx: &mut NativeContext<'_>,
    ty_args: &[TypeId],
    args: &[Value],
    (special_counts, not_loaded): (bool, u64),
    price: &str,
) -> Result<NativeResult, VmError> {
    let (&info, args) = args.split_last().ok_or_else(bad_args)?;
    let (module, function) = match function_info(ctx, info)? {
        Ok(named) => named,
        Err(code) => return Ok(NativeResult::Abort(code)),
    };
    if !loaded(ctx, &module, special_counts) {
        return Ok(NativeResult::Abort(not_loaded));
    }
    ctx.charge_priced(&[(price, 1)], 1);
    Ok(NativeResult::CallFunction {
        module,
        function,
        ty_args: ty_args.to_vec(),
        args: args.to_vec(),
    })
}
