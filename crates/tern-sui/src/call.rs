//! One Move call inside a transaction's session: resolving the function, checking and
//! encoding its arguments as Sui's programmable transactions do, and running it.

use crate::error::{CommandArgumentKind, FailureKind, MoveLocation, TypeArgumentKind};
use crate::ids::ObjectId;
use crate::object::{Object, Owner};
use crate::object_runtime::{InputObject, ObjectRuntime};
use crate::package::{runtime_tag, runtime_type_tag, PackageStore};
use tern_binary::BinaryTables;
use tern_binary::Visibility;
use tern_primitives::{AccountAddress, Identifier, ModuleId, TypeTag, VmError};
use tern_vm::types::{TypeId, TypeNode};
use tern_vm::values::Value;
use tern_vm::Session;

/// An argument of a Move call.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CallArg {
    /// A pure value: its BCS bytes (primitives, vectors of them, strings, `ID`, options).
    Pure(Vec<u8>),
    /// An object of the store, by id: passed by value, `&` or `&mut` as the parameter says.
    Object(ObjectId),
    /// An object sent to another object, to be received by `transfer::receive`
    /// (a `Receiving<T>` parameter).
    Receiving(ObjectId),
}

/// A Move call: which function, with which type arguments and arguments. A trailing
/// `&TxContext` or `&mut TxContext` parameter is supplied by the chain.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveCall {
    /// The package, by the id of the version to call.
    pub package: ObjectId,
    /// The module.
    pub module: String,
    /// The function.
    pub function: String,
    /// Type arguments (types named by defining ids, as objects name them; original ids work
    /// too).
    pub type_args: Vec<TypeTag>,
    /// Arguments.
    pub args: Vec<CallArg>,
}

impl MoveCall {
    /// A call of `package::module::function` with no type arguments or arguments yet.
    pub fn new(package: ObjectId, module: &str, function: &str) -> MoveCall {
        MoveCall {
            package,
            module: module.to_string(),
            function: function.to_string(),
            type_args: Vec::new(),
            args: Vec::new(),
        }
    }

    /// Adds a type argument.
    pub fn type_arg(mut self, tag: TypeTag) -> MoveCall {
        self.type_args.push(tag);
        self
    }

    /// Adds an argument.
    pub fn arg(mut self, arg: CallArg) -> MoveCall {
        self.args.push(arg);
        self
    }

    /// Adds a pure `u64` argument.
    pub fn u64(self, v: u64) -> MoveCall {
        self.arg(CallArg::Pure(v.to_le_bytes().to_vec()))
    }

    /// Adds a pure `address` argument.
    pub fn address(self, a: AccountAddress) -> MoveCall {
        self.arg(CallArg::Pure(a.as_bytes().to_vec()))
    }

    /// Adds an object argument.
    pub fn object(self, id: ObjectId) -> MoveCall {
        self.arg(CallArg::Object(id))
    }
}

/// How an object argument reaches its parameter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mode {
    Value,
    Ref,
    MutRef,
}

/// An object argument of a call, resolved.
#[derive(Debug, Clone)]
pub(crate) struct ObjectArg {
    /// The parameter's position.
    pub position: usize,
    pub object: Object,
    pub mode: Mode,
}

/// What a call produced.
#[derive(Debug, Default)]
pub(crate) struct CallOutput {
    pub return_values: Vec<(TypeId, Value)>,
    /// Final values of objects passed by `&mut`: (id, type, value).
    pub mutated_objects: Vec<(ObjectId, TypeId, Value)>,
    pub object_args: Vec<ObjectArg>,
}

/// A failed call: the failure and its argument-independent location.
pub(crate) type CallResult<T> = Result<T, FailureKind>;

/// The `TxContext` struct's tag.
fn is_tx_context(tag: &TypeTag) -> bool {
    matches!(tag, TypeTag::Struct(s) if s.address == AccountAddress::from_u64(2)
        && s.module.as_str() == "tx_context" && s.name.as_str() == "TxContext")
}

/// The `Receiving<T>` struct's inner type, if `tag` is one.
fn receiving_inner(tag: &TypeTag) -> Option<&TypeTag> {
    match tag {
        TypeTag::Struct(s)
            if s.address == AccountAddress::from_u64(2)
                && s.module.as_str() == "transfer"
                && s.name.as_str() == "Receiving" =>
        {
            s.type_args.first()
        }
        _ => None,
    }
}

/// Whether `tag` can be given as pure bytes: primitives, vectors of pure types, and the
/// framework's strings, `ID` and `Option` of a pure type.
fn is_pure_type(tag: &TypeTag) -> bool {
    match tag {
        TypeTag::Bool
        | TypeTag::U8
        | TypeTag::U16
        | TypeTag::U32
        | TypeTag::U64
        | TypeTag::U128
        | TypeTag::U256
        | TypeTag::Address => true,
        TypeTag::Vector(inner) => is_pure_type(inner),
        TypeTag::Struct(s) => {
            let name = (s.address, s.module.as_str(), s.name.as_str());
            let one = AccountAddress::ONE;
            let two = AccountAddress::from_u64(2);
            match name {
                (a, "string", "String") | (a, "ascii", "String") if a == one => true,
                (a, "option", "Option") if a == one => {
                    s.type_args.first().is_some_and(is_pure_type)
                }
                (a, "object", "ID") if a == two => true,
                _ => false,
            }
        }
        _ => false,
    }
}

/// Functions whose type parameter must be a type of the calling module (Sui's private
/// generics): a transaction, which has no module, cannot call them.
const INTERNAL_TYPE_PARAMETER: [(u64, &str, &str); 9] = [
    (1, "internal", "permit"),
    (2, "event", "emit"),
    (2, "event", "emit_authenticated"),
    (2, "transfer", "transfer"),
    (2, "transfer", "freeze_object"),
    (2, "transfer", "share_object"),
    (2, "transfer", "receive"),
    (2, "transfer", "party_transfer"),
    (2, "coin_registry", "new_currency"),
];

fn has_internal_type_parameter(module: &ModuleId, function: &str) -> bool {
    INTERNAL_TYPE_PARAMETER.iter().any(|(a, m, f)| {
        module.address == AccountAddress::from_u64(*a)
            && module.name.as_str() == *m
            && function == *f
    })
}

/// The location of a VM error raised in Move code.
pub(crate) fn move_location(
    packages: &PackageStore,
    linkage: &crate::package::Linkage,
    error: &VmError,
) -> Option<MoveLocation> {
    let tern_primitives::Location::Module(module) = error.location() else {
        return None;
    };
    let (function, instruction) = error.data().offsets.first().copied()?;
    let storage_id = linkage.storage_id(&module.address);
    let function_name = storage_id
        .and_then(|id| packages.get(&id))
        .and_then(|p| p.module(module.name.as_str()).cloned())
        .and_then(|m| {
            let def = m.function_defs.get(usize::from(function))?;
            let handle = m.function_handles.get(def.function.idx())?;
            m.identifier_at(handle.name).map(|n| n.to_string())
        });
    // An abort names the package version that ran (Sui relocates it); other runtime errors
    // keep the runtime (original) id.
    let module = match storage_id {
        Some(id) if error.status() == tern_primitives::StatusCode::ABORTED => {
            ModuleId::new(id, module.name.clone())
        }
        _ => module.clone(),
    };
    Some(MoveLocation {
        module,
        function,
        function_name,
        instruction,
    })
}

/// The BCS bytes of the `TxContext` a call sees.
pub(crate) fn tx_context_bytes(rt: &ObjectRuntime) -> Vec<u8> {
    let mut out = Vec::with_capacity(32 + 1 + 32 + 24);
    out.extend_from_slice(rt.tx.sender.as_bytes());
    out.push(32);
    out.extend_from_slice(&rt.tx.digest.0);
    out.extend_from_slice(&rt.tx.epoch.to_le_bytes());
    out.extend_from_slice(&rt.tx.epoch_timestamp_ms.to_le_bytes());
    out.extend_from_slice(&rt.tx.ids_created.to_le_bytes());
    out
}

/// Runs `call` in `session`, whose extensions hold the transaction's object runtime;
/// `objects` are the transaction's input objects (already checked against the sender).
pub(crate) fn run_call(
    session: &mut Session<'_>,
    packages: &PackageStore,
    call: &MoveCall,
    objects: &std::collections::BTreeMap<ObjectId, Object>,
) -> CallResult<CallOutput> {
    let package = packages
        .get(&call.package)
        .ok_or_else(|| FailureKind::FunctionNotFound(call.package.to_hex_literal()))?;
    let not_found = || {
        FailureKind::FunctionNotFound(format!(
            "{}::{}::{}",
            call.package.to_hex_literal(),
            call.module,
            call.function
        ))
    };
    let name = Identifier::new(call.module.as_str()).map_err(|_| not_found())?;
    let module = ModuleId::new(package.original_id, name);
    let function = session
        .function(&module, &call.function)
        .map_err(|_| not_found())?;
    if function.visibility != Visibility::Public && !function.is_entry {
        return Err(FailureKind::NonEntryFunctionInvoked);
    }
    if has_internal_type_parameter(&module, &call.function) {
        return Err(FailureKind::NonEntryFunctionInvoked);
    }
    if function.type_params.len() != call.type_args.len() {
        return Err(FailureKind::ArityMismatch);
    }
    let mut tys = Vec::with_capacity(call.type_args.len());
    for (i, (tag, constraint)) in call.type_args.iter().zip(&function.type_params).enumerate() {
        let argument_idx = i as u16;
        let ty = session
            .load_type(&runtime_type_tag(packages, tag))
            .map_err(|_| FailureKind::TypeArgumentError {
                argument_idx,
                kind: TypeArgumentKind::TypeNotFound,
            })?;
        let abilities = session.abilities(ty).map_err(invariant)?;
        if !constraint.is_subset(abilities) {
            return Err(FailureKind::TypeArgumentError {
                argument_idx,
                kind: TypeArgumentKind::ConstraintNotSatisfied,
            });
        }
        tys.push(ty);
    }
    let params = session
        .instantiate(&function.params, &tys)
        .map_err(invariant)?;
    let returns = session
        .instantiate(&function.returns, &tys)
        .map_err(invariant)?;
    if !function.is_entry {
        for (idx, ty) in returns.iter().enumerate() {
            if matches!(
                session.type_node(*ty).map_err(invariant)?,
                TypeNode::Reference(_) | TypeNode::MutableReference(_)
            ) {
                return Err(FailureKind::InvalidPublicFunctionReturnType { idx: idx as u16 });
            }
        }
    }
    let (bytes, object_args) = encode_args(session, packages, call, &params, objects)?;
    if let Some(rt) = session.extensions_mut().get_mut::<ObjectRuntime>() {
        rt.current_call = (call.package, call.module.clone());
    }
    let output = session.execute(function, tys, bytes).map_err(|e| {
        let location = move_location(packages, &linkage_of(session), &e);
        FailureKind::from_vm_error(e, location)
    })?;
    let mut mutated_objects = Vec::new();
    for (position, ty, value) in output.mutable_inputs {
        if let Some(arg) = object_args.iter().find(|a| a.position == position) {
            mutated_objects.push((arg.object.id, ty, value));
        }
    }
    Ok(CallOutput {
        return_values: output.return_values,
        mutated_objects,
        object_args,
    })
}

/// The linkage of the session's object runtime.
fn linkage_of(session: &mut Session<'_>) -> crate::package::Linkage {
    session
        .extensions()
        .get::<ObjectRuntime>()
        .map(|rt| rt.linkage.clone())
        .unwrap_or_default()
}

#[cold]
pub(crate) fn invariant(e: VmError) -> FailureKind {
    FailureKind::VmInvariantViolation(e)
}

/// The BCS arguments of a call (with the `TxContext` appended where the function takes one)
/// and its object arguments; registers the objects with the object runtime.
fn encode_args(
    session: &mut Session<'_>,
    packages: &PackageStore,
    call: &MoveCall,
    params: &[TypeId],
    objects: &std::collections::BTreeMap<ObjectId, Object>,
) -> CallResult<(Vec<Vec<u8>>, Vec<ObjectArg>)> {
    let mut user_params = params.len();
    let mut takes_context = false;
    if let Some(last) = params.last() {
        let inner = match session.type_node(*last).map_err(invariant)? {
            TypeNode::Reference(t) | TypeNode::MutableReference(t) => Some(t),
            _ => None,
        };
        if let Some(inner) = inner {
            if is_tx_context(&session.type_tag(inner).map_err(invariant)?) {
                takes_context = true;
                user_params -= 1;
            }
        }
    }
    if call.args.len() != user_params {
        return Err(FailureKind::ArityMismatch);
    }
    let mut bytes = Vec::with_capacity(params.len());
    let mut object_args = Vec::new();
    for (position, (param, arg)) in params.iter().zip(&call.args).enumerate() {
        let arg_idx = position as u16;
        let mismatch = |kind| FailureKind::CommandArgumentError { arg_idx, kind };
        let node = session.type_node(*param).map_err(invariant)?;
        let (inner, mode) = match node {
            TypeNode::Reference(t) => (t, Mode::Ref),
            TypeNode::MutableReference(t) => (t, Mode::MutRef),
            _ => (*param, Mode::Value),
        };
        let tag = session.type_tag(inner).map_err(invariant)?;
        match arg {
            CallArg::Pure(b) => {
                if !is_pure_type(&tag) {
                    return Err(mismatch(CommandArgumentKind::InvalidUsageOfPureArg));
                }
                let v = session
                    .deserialize_value(inner, b)
                    .map_err(|_| mismatch(CommandArgumentKind::InvalidBCSBytes))?;
                session.free_value(v);
                bytes.push(b.clone());
            }
            CallArg::Object(id) => {
                let object = objects
                    .get(id)
                    .ok_or_else(|| mismatch(CommandArgumentKind::TypeMismatch))?;
                let expected = TypeTag::Struct(Box::new(runtime_tag(packages, &object.type_)));
                if expected != tag {
                    return Err(mismatch(CommandArgumentKind::TypeMismatch));
                }
                check_mode(object, mode).map_err(mismatch)?;
                bytes.push(object.contents.clone());
                object_args.push(ObjectArg {
                    position,
                    object: object.clone(),
                    mode,
                });
            }
            CallArg::Receiving(id) => {
                let object = objects
                    .get(id)
                    .ok_or_else(|| mismatch(CommandArgumentKind::TypeMismatch))?;
                let expected = TypeTag::Struct(Box::new(runtime_tag(packages, &object.type_)));
                if mode != Mode::Value || receiving_inner(&tag) != Some(&expected) {
                    return Err(mismatch(CommandArgumentKind::TypeMismatch));
                }
                let mut b = object.id.as_bytes().to_vec();
                b.extend_from_slice(&object.version.to_le_bytes());
                bytes.push(b);
                if let Some(rt) = session.extensions_mut().get_mut::<ObjectRuntime>() {
                    rt.receivable.insert(object.id, object.version);
                }
            }
        }
    }
    let rt = session
        .extensions_mut()
        .get_mut::<ObjectRuntime>()
        .ok_or_else(|| {
            invariant(VmError::new(
                tern_primitives::StatusCode::UNKNOWN_INVARIANT_VIOLATION_ERROR,
            ))
        })?;
    for arg in &object_args {
        let owned = matches!(
            arg.object.owner,
            Owner::Address(_) | Owner::ConsensusAddress { .. }
        );
        rt.inputs.insert(
            arg.object.id,
            InputObject {
                object: arg.object.clone(),
                mutable: owned || arg.mode != Mode::Ref,
            },
        );
    }
    if takes_context {
        bytes.push(tx_context_bytes(rt));
    }
    Ok((bytes, object_args))
}

/// Whether an object may reach a parameter in `mode`: an immutable object only by `&`.
fn check_mode(object: &Object, mode: Mode) -> Result<(), CommandArgumentKind> {
    match (object.owner, mode) {
        (Owner::Immutable, Mode::Value) => Err(CommandArgumentKind::InvalidObjectByValue),
        (Owner::Immutable, Mode::MutRef) => Err(CommandArgumentKind::InvalidObjectByMutRef),
        _ => Ok(()),
    }
}
