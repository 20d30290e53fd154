//! `code::request_publish` and `request_publish_with_allowed_deps`: the framework's
//! `code::publish_package*` end by asking the VM to publish a bundle of modules once the
//! transaction succeeds. The native records the request in the session's [`CodeContext`];
//! the host publishes it after the transaction (`tern::AptosChain::execute`), failing the
//! transaction if publishing fails, as Aptos's VM does.

use super::state;
use crate::bad_args;
use std::collections::{BTreeMap, BTreeSet};
use tern_primitives::{AccountAddress, VmError};
use tern_vm::natives::{NativeContext, NativeResult};
use tern_vm::types::TypeId;
use tern_vm::values::{Container, Value};

/// Abort code of a second publish request in one transaction (or of one where publishing is
/// off): `0x03_0000`, as Aptos's.
pub const EALREADY_REQUESTED: u64 = 0x03_0000;

/// The upgrade policy `arbitrary` (no compatibility check).
const ARBITRARY_POLICY: u8 = 0;

/// A request to publish a bundle of modules at `destination` after the transaction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PublishRequest {
    /// The account the modules are published at (the package owner).
    pub destination: AccountAddress,
    /// The modules' bytes, in the package's order.
    pub bundle: Vec<Vec<u8>>,
    /// The names of the modules the package metadata lists: the bundle must be exactly
    /// these.
    pub expected_modules: BTreeSet<String>,
    /// For `request_publish_with_allowed_deps`: the modules each address may be depended on
    /// for (`""` for all of an address's), the package's own modules included.
    pub allowed_deps: Option<BTreeMap<AccountAddress, BTreeSet<String>>>,
    /// Whether an upgrade is checked for compatibility (any policy but `arbitrary`).
    pub check_compat: bool,
}

/// A session's publish request, if any (made by `code::request_publish*`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CodeContext {
    /// Whether the session may request a publish (Aptos allows it in user transactions).
    pub enabled: bool,
    /// The request made, taken by the host after the transaction.
    pub request: Option<PublishRequest>,
}

impl Default for CodeContext {
    /// Publishing allowed, nothing requested.
    fn default() -> Self {
        CodeContext {
            enabled: true,
            request: None,
        }
    }
}

/// `request_publish(owner, expected_modules, bundle, policy)`.
pub(super) fn request_publish(
    ctx: &mut NativeContext<'_>,
    _ty_args: &[TypeId],
    args: &[Value],
) -> Result<NativeResult, VmError> {
    let [owner, expected, bundle, policy] = args else {
        return Err(bad_args());
    };
    record(ctx, (*owner, *expected, None, *bundle, *policy))
}

/// `request_publish_with_allowed_deps(owner, expected_modules, allowed_deps, bundle, policy)`.
pub(super) fn request_publish_with_allowed_deps(
    ctx: &mut NativeContext<'_>,
    _ty_args: &[TypeId],
    args: &[Value],
) -> Result<NativeResult, VmError> {
    let [owner, expected, deps, bundle, policy] = args else {
        return Err(bad_args());
    };
    record(ctx, (*owner, *expected, Some(*deps), *bundle, *policy))
}

/// The arguments of a request: owner, expected module names, allowed dependencies (if
/// any), module bytes, policy.
type RequestArgs = (Value, Value, Option<Value>, Value, Value);

/// Records the request the arguments describe, charging the base and per byte of code,
/// names and dependency addresses as Aptos does; a second request aborts with
/// [`EALREADY_REQUESTED`].
fn record(
    ctx: &mut NativeContext<'_>,
    (owner, expected, deps, bundle, policy): RequestArgs,
) -> Result<NativeResult, VmError> {
    const PER_BYTE: &str = "aptos_framework.code.request_publish.per_byte";
    let (Value::Address(destination), Value::U8(policy)) = (owner, policy) else {
        return Err(bad_args());
    };
    let mut bytes = 0u64;
    let mut code = Vec::new();
    for module in ctx.vector_values(bundle)?.iter() {
        let module = ctx.bytes(*module)?.to_vec();
        bytes += module.len() as u64;
        code.push(module);
    }
    let allowed_deps = match deps {
        Some(deps) => {
            let mut allowed: BTreeMap<AccountAddress, BTreeSet<String>> = BTreeMap::new();
            for dep in ctx.vector_values(deps)?.iter() {
                let (account, name) = allowed_dep(ctx, *dep)?;
                if !allowed.contains_key(&account) {
                    bytes += 32;
                }
                bytes += name.len() as u64;
                allowed.entry(account).or_default().insert(name);
            }
            Some(allowed)
        }
        None => None,
    };
    let mut expected_modules = BTreeSet::new();
    for name in ctx.vector_values(expected)?.iter() {
        let name = string_of(ctx, *name)?;
        bytes += name.len() as u64;
        expected_modules.insert(name);
    }
    let allowed_deps = allowed_deps.map(|mut allowed| {
        allowed
            .entry(destination)
            .or_default()
            .extend(expected_modules.iter().cloned());
        allowed
    });
    ctx.charge_priced(
        &[
            ("aptos_framework.code.request_publish.base", 1),
            (PER_BYTE, bytes),
        ],
        1 + bytes / 32,
    );
    for v in [expected, bundle].into_iter().chain(deps) {
        ctx.heap.free_value(v);
    }
    let context = state::<CodeContext>(ctx)?;
    if context.request.is_some() || !context.enabled {
        return Ok(NativeResult::Abort(EALREADY_REQUESTED));
    }
    context.request = Some(PublishRequest {
        destination,
        bundle: code,
        expected_modules,
        allowed_deps,
        check_compat: policy != ARBITRARY_POLICY,
    });
    Ok(NativeResult::Return(Vec::new()))
}

/// The text of a `0x1::string::String` value.
fn string_of(ctx: &NativeContext<'_>, v: Value) -> Result<String, VmError> {
    let bytes = ctx
        .struct_fields(v)?
        .first()
        .copied()
        .ok_or_else(bad_args)?;
    String::from_utf8(ctx.bytes(bytes)?.to_vec()).map_err(|_| bad_args())
}

/// The account and module name of a `code::AllowedDep { account, module_name }`.
fn allowed_dep(ctx: &NativeContext<'_>, v: Value) -> Result<(AccountAddress, String), VmError> {
    let Value::Container(c) = v else {
        return Err(bad_args());
    };
    let Container::Struct(fields) = ctx.heap.get(c)? else {
        return Err(bad_args());
    };
    match (fields.first(), fields.get(1)) {
        (Some(Value::Address(account)), Some(name)) => Ok((*account, string_of(ctx, *name)?)),
        _ => Err(bad_args()),
    }
}
