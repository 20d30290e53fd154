//! Upgrades: Sui's compatibility policies, and the calls into `0x2::package` that authorize
//! and commit an upgrade.

use crate::call::{invariant, move_location, CallOutput, Mode, ObjectArg};
use crate::chain::Run;
use crate::error::FailureKind;
use crate::ids::ObjectId;
use crate::object::Object;
use crate::object_runtime::InputObject;
use crate::package::Package;
use crate::publish::{runtime, UpgradePolicy};
use std::collections::BTreeMap;
use tern_binary::BinaryTables;
use tern_binary::{
    CompiledModule, FunctionDefinition, SignatureToken, StructFieldInformation, Visibility,
};
use tern_primitives::{AbilitySet, AccountAddress, Identifier, ModuleId};

/// A type as both versions can compare it: datatypes by module and name.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Shape {
    Primitive(u8),
    Vector(Box<Shape>),
    Reference(bool, Box<Shape>),
    Datatype(ModuleId, String, Vec<Shape>),
    Param(u16),
    Other,
}

fn shape(m: &CompiledModule, t: &SignatureToken) -> Shape {
    use SignatureToken as S;
    let datatype = |h: &tern_binary::StructHandleIndex, args: Vec<Shape>| {
        m.struct_handles
            .get(h.idx())
            .and_then(|sh| {
                let mh = m.module_handles.get(sh.module.idx())?;
                let module = ModuleId::new(
                    *m.address_identifier_at(mh.address)?,
                    m.identifier_at(mh.name)?.clone(),
                );
                Some(Shape::Datatype(
                    module,
                    m.identifier_at(sh.name)?.to_string(),
                    args,
                ))
            })
            .unwrap_or(Shape::Other)
    };
    match t {
        S::Bool => Shape::Primitive(0),
        S::U8 => Shape::Primitive(1),
        S::U16 => Shape::Primitive(2),
        S::U32 => Shape::Primitive(3),
        S::U64 => Shape::Primitive(4),
        S::U128 => Shape::Primitive(5),
        S::U256 => Shape::Primitive(6),
        S::Address => Shape::Primitive(7),
        S::Signer => Shape::Primitive(8),
        S::Vector(inner) => Shape::Vector(Box::new(shape(m, inner))),
        S::Reference(inner) => Shape::Reference(false, Box::new(shape(m, inner))),
        S::MutableReference(inner) => Shape::Reference(true, Box::new(shape(m, inner))),
        S::Struct(h) => datatype(h, vec![]),
        S::StructInstantiation(h, args) => datatype(h, args.iter().map(|a| shape(m, a)).collect()),
        S::TypeParameter(i) => Shape::Param(*i),
        _ => Shape::Other,
    }
}

/// A datatype of a module as the compatibility check compares it.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Datatype {
    abilities: AbilitySet,
    type_params: Vec<(AbilitySet, bool)>,
    /// Fields of a struct, or variants (name, fields) of an enum.
    layout: Vec<(String, Vec<(String, Shape)>)>,
    is_enum: bool,
}

fn datatypes(m: &CompiledModule) -> BTreeMap<String, Datatype> {
    let mut out = BTreeMap::new();
    let fields = |fs: &[tern_binary::FieldDefinition]| -> Vec<(String, Shape)> {
        fs.iter()
            .map(|f| {
                let name = m
                    .identifier_at(f.name)
                    .map(|n| n.to_string())
                    .unwrap_or_default();
                (name, shape(m, &f.type_))
            })
            .collect()
    };
    let header = |h: tern_binary::StructHandleIndex| {
        m.struct_handles.get(h.idx()).map(|sh| {
            let name = m
                .identifier_at(sh.name)
                .map(|n| n.to_string())
                .unwrap_or_default();
            let params = sh
                .type_parameters
                .iter()
                .map(|p| (p.constraints, p.is_phantom))
                .collect();
            (name, sh.abilities, params)
        })
    };
    for d in &m.struct_defs {
        let Some((name, abilities, type_params)) = header(d.struct_handle) else {
            continue;
        };
        let layout = match &d.field_information {
            StructFieldInformation::Declared(fs) => vec![(String::new(), fields(fs))],
            _ => vec![],
        };
        out.insert(
            name,
            Datatype {
                abilities,
                type_params,
                layout,
                is_enum: false,
            },
        );
    }
    for d in &m.enum_defs {
        let Some((name, abilities, type_params)) = header(d.enum_handle) else {
            continue;
        };
        let layout = d
            .variants
            .iter()
            .map(|v| {
                let vname = m
                    .identifier_at(v.name)
                    .map(|n| n.to_string())
                    .unwrap_or_default();
                (vname, fields(&v.fields))
            })
            .collect();
        out.insert(
            name,
            Datatype {
                abilities,
                type_params,
                layout,
                is_enum: true,
            },
        );
    }
    out
}

/// A function as the compatibility check compares it.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Function {
    visibility: Visibility,
    is_entry: bool,
    type_params: Vec<AbilitySet>,
    params: Vec<Shape>,
    returns: Vec<Shape>,
    code: Option<Vec<tern_binary::Bytecode>>,
}

fn functions(m: &CompiledModule) -> BTreeMap<String, Function> {
    let sig = |i: tern_binary::SignatureIndex| -> Vec<Shape> {
        m.signatures
            .get(i.idx())
            .map(|s| s.0.iter().map(|t| shape(m, t)).collect())
            .unwrap_or_default()
    };
    let mut out = BTreeMap::new();
    for d in &m.function_defs {
        let FunctionDefinition {
            function,
            visibility,
            is_entry,
            code,
            ..
        } = d;
        let Some(h) = m.function_handles.get(function.idx()) else {
            continue;
        };
        let name = m
            .identifier_at(h.name)
            .map(|n| n.to_string())
            .unwrap_or_default();
        out.insert(
            name,
            Function {
                visibility: *visibility,
                is_entry: *is_entry,
                type_params: h.type_parameters.clone(),
                params: sig(h.parameters),
                returns: sig(h.return_),
                code: code.as_ref().map(|c| c.code.clone()),
            },
        );
    }
    out
}

fn incompatible(what: String) -> FailureKind {
    FailureKind::PackageUpgradeError(format!("IncompatibleUpgrade: {what}"))
}

/// Checks `new` against the package's current version under `policy`:
/// - every policy: every existing module stays;
/// - `Compatible`: datatypes keep abilities, type parameters and layout (enums gain no
///   variants); public functions keep their signatures (type-parameter constraints may only
///   relax); other functions may change or go;
/// - `Additive`: existing datatypes and functions stay exactly as they are, code included;
/// - `DepOnly`: additionally no new module, datatype or function.
pub(crate) fn check_compatibility(
    current: &Package,
    new: &[CompiledModule],
    policy: UpgradePolicy,
) -> Result<(), FailureKind> {
    let by_name: BTreeMap<String, &CompiledModule> = new
        .iter()
        .filter_map(|m| Some((m.name()?.to_string(), m)))
        .collect();
    if policy == UpgradePolicy::DepOnly && by_name.len() != current.modules.len() {
        return Err(incompatible("a module was added".to_string()));
    }
    for (name, (_, old)) in &current.modules {
        let Some(new) = by_name.get(name) else {
            return Err(incompatible(format!("module {name} was removed")));
        };
        let (old_types, new_types) = (datatypes(old), datatypes(new));
        let (old_funs, new_funs) = (functions(old), functions(new));
        for (t, before) in &old_types {
            match new_types.get(t) {
                Some(after) if after == before => {}
                _ => return Err(incompatible(format!("type {name}::{t} changed"))),
            }
        }
        for (f, before) in &old_funs {
            let after = new_funs.get(f);
            let ok = match policy {
                UpgradePolicy::Compatible => {
                    before.visibility != Visibility::Public
                        || after.is_some_and(|a| public_compatible(before, a))
                }
                UpgradePolicy::Additive | UpgradePolicy::DepOnly => after == Some(before),
            };
            if !ok {
                return Err(incompatible(format!("function {name}::{f} changed")));
            }
        }
        if policy == UpgradePolicy::DepOnly
            && (new_types.len() != old_types.len() || new_funs.len() != old_funs.len())
        {
            return Err(incompatible(format!("module {name} gained definitions")));
        }
    }
    Ok(())
}

/// A public function stays public with the same parameters and returns, and type-parameter
/// constraints that only relax.
fn public_compatible(before: &Function, after: &Function) -> bool {
    after.visibility == Visibility::Public
        && after.params == before.params
        && after.returns == before.returns
        && after.type_params.len() == before.type_params.len()
        && after
            .type_params
            .iter()
            .zip(&before.type_params)
            .all(|(a, b)| a.is_subset(*b))
}

/// `UpgradeTicket { cap: ID, package: ID, policy: u8, digest: vector<u8> }`.
pub(crate) struct Ticket {
    pub cap: ObjectId,
    pub package: ObjectId,
    pub policy: u8,
    pub digest: Vec<u8>,
}

/// Runs `0x2::package::function` with BCS `args` in the run's session.
fn call_package(
    run: &mut Run<'_, '_>,
    function: &str,
    args: Vec<Vec<u8>>,
) -> Result<tern_vm::ExecutionOutcome, FailureKind> {
    let module = ModuleId::new(
        AccountAddress::from_u64(2),
        Identifier::new("package")
            .map_err(|_| FailureKind::FunctionNotFound(function.to_string()))?,
    );
    let f = run
        .session
        .function(&module, function)
        .map_err(|_| FailureKind::FunctionNotFound(format!("0x2::package::{function}")))?;
    runtime(run)?.current_call = (AccountAddress::from_u64(2), "package".to_string());
    let linkage = run.linkage.clone();
    run.session.execute(f, vec![], args).map_err(|e| {
        FailureKind::from_vm_error(e.clone(), move_location(run.packages, &linkage, &e))
    })
}

/// Registers the cap as a mutable input and returns its current bytes.
fn cap_bytes(
    run: &mut Run<'_, '_>,
    objects: &BTreeMap<ObjectId, Object>,
    cap: ObjectId,
) -> Result<Vec<u8>, FailureKind> {
    let object = objects
        .get(&cap)
        .ok_or_else(|| FailureKind::FunctionNotFound("UpgradeCap".to_string()))?;
    let rt = runtime(run)?;
    let current = match rt.inputs.get(&cap) {
        Some(_) => rt
            .upgrade_cap_bytes
            .clone()
            .unwrap_or_else(|| object.contents.clone()),
        None => object.contents.clone(),
    };
    rt.inputs.entry(cap).or_insert_with(|| InputObject {
        object: object.clone(),
        mutable: true,
    });
    Ok(current)
}

/// `package::authorize_upgrade(&mut cap, policy, digest)`: the ticket.
pub(crate) fn authorize(
    run: &mut Run<'_, '_>,
    objects: &BTreeMap<ObjectId, Object>,
    cap: ObjectId,
    policy: UpgradePolicy,
    digest: &[u8; 32],
) -> Result<Ticket, FailureKind> {
    let cap_now = cap_bytes(run, objects, cap)?;
    let mut digest_arg = vec![32u8];
    digest_arg.extend_from_slice(digest);
    let out = call_package(
        run,
        "authorize_upgrade",
        vec![cap_now, vec![policy.byte()], digest_arg],
    )?;
    let (_, ty, value) = *out.mutable_inputs.first().ok_or_else(|| {
        invariant(tern_primitives::VmError::new(
            tern_primitives::StatusCode::UNKNOWN_INVARIANT_VIOLATION_ERROR,
        ))
    })?;
    let new_cap = run.session.serialize_value(ty, value).map_err(invariant)?;
    runtime(run)?.upgrade_cap_bytes = Some(new_cap);
    let (ticket_ty, ticket) = *out.return_values.first().ok_or_else(|| {
        invariant(tern_primitives::VmError::new(
            tern_primitives::StatusCode::UNKNOWN_INVARIANT_VIOLATION_ERROR,
        ))
    })?;
    let bytes = run
        .session
        .serialize_value(ticket_ty, ticket)
        .map_err(invariant)?;
    run.session.free_value(ticket);
    let read =
        |range: std::ops::Range<usize>| bytes.get(range).and_then(AccountAddress::from_slice);
    let (Some(cap_id), Some(package), Some(policy), Some(digest)) = (
        read(0..32),
        read(32..64),
        bytes.get(64).copied(),
        bytes.get(66..),
    ) else {
        return Err(invariant(tern_primitives::VmError::new(
            tern_primitives::StatusCode::UNKNOWN_INVARIANT_VIOLATION_ERROR,
        )));
    };
    Ok(Ticket {
        cap: cap_id,
        package,
        policy,
        digest: digest.to_vec(),
    })
}

/// The checks of the `Upgrade` command on its ticket.
pub(crate) fn check_ticket(
    ticket: &Ticket,
    current: ObjectId,
    digest: &[u8; 32],
) -> Result<(), FailureKind> {
    if ticket.package != current {
        return Err(FailureKind::PackageUpgradeError(
            "PackageIDDoesNotMatch".to_string(),
        ));
    }
    if UpgradePolicy::from_byte(ticket.policy).is_none() {
        return Err(FailureKind::PackageUpgradeError(
            "UnknownUpgradePolicy".to_string(),
        ));
    }
    if ticket.digest != digest {
        return Err(FailureKind::PackageUpgradeError(
            "DigestDoesNotMatch".to_string(),
        ));
    }
    Ok(())
}

/// `package::commit_upgrade(&mut cap, receipt)`: the cap now names the new version.
pub(crate) fn commit(
    run: &mut Run<'_, '_>,
    objects: &BTreeMap<ObjectId, Object>,
    cap: ObjectId,
    ticket_cap: ObjectId,
    new_package: ObjectId,
) -> Result<(), FailureKind> {
    let cap_now = cap_bytes(run, objects, cap)?;
    let mut receipt = ticket_cap.as_bytes().to_vec();
    receipt.extend_from_slice(new_package.as_bytes());
    let out = call_package(run, "commit_upgrade", vec![cap_now, receipt])?;
    let Some((_, ty, value)) = out.mutable_inputs.first() else {
        return Err(invariant(tern_primitives::VmError::new(
            tern_primitives::StatusCode::UNKNOWN_INVARIANT_VIOLATION_ERROR,
        )));
    };
    let object = objects
        .get(&cap)
        .cloned()
        .ok_or_else(|| FailureKind::FunctionNotFound("UpgradeCap".to_string()))?;
    run.outputs.push(CallOutput {
        return_values: vec![],
        mutated_objects: vec![(cap, *ty, *value)],
        object_args: vec![ObjectArg {
            position: 0,
            object,
            mode: Mode::MutRef,
        }],
    });
    Ok(())
}
