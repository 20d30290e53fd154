//! Entry points: no function calls a module's `init`; `init`, where a module has one, is
//! private, not `entry`, not generic, returns nothing and takes one or two parameters, the last
//! a `&TxContext` or `&mut TxContext`. Where the configuration enables it (older protocols),
//! the parameters and results of entry functions are checked too: primitives, objects, vectors
//! of objects and `Receiving<T>` in, values with `drop` out, `Clock` and `Random` only by
//! immutable reference.

use super::{is, RuleError, RuleResult, View, MOVE_STDLIB, SUI_FRAMEWORK};
use crate::config::SuiVerifierConfig;
use tern_binary::{FunctionDefinition, SignatureToken, Visibility};
use tern_primitives::{Ability, AbilitySet};

/// Checks every function in order: calls of `init`, then `init` itself or an entry signature.
pub(super) fn verify(view: &View<'_>, config: &SuiVerifierConfig) -> RuleResult {
    for def in &view.module.function_defs {
        let name = view.def_name(def)?;
        init_not_called(view, def)?;
        if name == "init" {
            init_function(view, def)?;
            continue;
        }
        if !def.is_entry || config.disable_entry_point_signature_check {
            continue;
        }
        entry_function(view, def, config)?;
    }
    Ok(())
}

fn init_not_called(view: &View<'_>, def: &FunctionDefinition) -> RuleResult {
    let Some(code) = &def.code else {
        return Ok(());
    };
    for (offset, instr) in code.code.iter().enumerate() {
        let Some((handle, _)) = view.callee(instr)? else {
            continue;
        };
        let name = view.ident(handle.name)?;
        if name == "init" {
            return Err(RuleError::User(format!(
                "{}::{name} at offset {offset}. Cannot call a module's 'init' function from \
                 another Move function",
                view.id_text()
            )));
        }
    }
    Ok(())
}

/// Whether a type is `&TxContext` or `&mut TxContext`.
fn is_tx_context(view: &View<'_>, ty: &SignatureToken) -> RuleResult<bool> {
    let (SignatureToken::Reference(inner) | SignatureToken::MutableReference(inner)) = ty else {
        return Ok(false);
    };
    let SignatureToken::Struct(idx) = &**inner else {
        return Ok(false);
    };
    Ok(is(
        view.datatype_name(*idx)?,
        &SUI_FRAMEWORK,
        "tx_context",
        "TxContext",
    ))
}

fn init_function(view: &View<'_>, def: &FunctionDefinition) -> RuleResult {
    let id = view.id_text();
    if def.visibility != Visibility::Private {
        return Err(RuleError::User(format!(
            "{id}. 'init' function must be private"
        )));
    }
    if def.is_entry {
        return Err(RuleError::User(format!("{id}. 'init' cannot be 'entry'")));
    }
    let handle = view.function(def.function)?;
    if !handle.type_parameters.is_empty() {
        return Err(RuleError::User(format!(
            "{id}. 'init' function cannot have type parameters"
        )));
    }
    if !view.sig(handle.return_)?.is_empty() {
        return Err(RuleError::User(format!(
            "{id}, 'init' function cannot have return values"
        )));
    }
    let params = view.sig(handle.parameters)?;
    let (Some(first), Some(last)) = (params.first(), params.last()) else {
        return Err(too_many_or_few(&id));
    };
    if params.len() > 2 {
        return Err(too_many_or_few(&id));
    }
    if is_tx_context(view, last)? {
        return Ok(());
    }
    let sui = SUI_FRAMEWORK.full_hex();
    Err(RuleError::User(format!(
        "Expected last parameter for {id}::init to be &mut {sui}::tx_context::TxContext or \
         &{sui}::tx_context::TxContext, but found {}",
        view.format_type(first)?
    )))
}

fn too_many_or_few(id: &str) -> RuleError {
    RuleError::User(format!(
        "Expected at least one and at most two parameters for {id}::init"
    ))
}

fn entry_function(
    view: &View<'_>,
    def: &FunctionDefinition,
    config: &SuiVerifierConfig,
) -> RuleResult {
    let handle = view.function(def.function)?;
    let params = view.sig(handle.parameters)?;
    let params = match params.split_last() {
        Some((last, rest)) if is_tx_context(view, last)? => rest,
        _ => params,
    };
    let type_params = &handle.type_parameters;
    for param in params {
        entry_parameter(view, type_params, param, config)?;
    }
    for ret in view.sig(handle.return_)? {
        if ret.is_reference() {
            return Err(RuleError::User(
                "Invalid entry point return type. Expected a non reference type.".into(),
            ));
        }
        let abilities = abilities(view, ret, type_params)?;
        if !abilities.has(Ability::Drop) {
            return Err(RuleError::User(format!(
                "Invalid entry point return type. The specified return type does not have the \
                 'drop' ability: {}",
                view.format_type(ret)?
            )));
        }
    }
    Ok(())
}

fn abilities(
    view: &View<'_>,
    ty: &SignatureToken,
    type_params: &[AbilitySet],
) -> RuleResult<AbilitySet> {
    crate::view::Binary::Module(view.module)
        .abilities(ty, type_params)
        .map_err(|e| RuleError::User(format!("Unexpected CompiledModule error: {e}")))
}

/// Whether `ty`, after any `&mut`, is the datatype `0x2::module::name` (`Clock`, `Random`).
fn is_mutable(view: &View<'_>, ty: &SignatureToken, module: &str, name: &str) -> RuleResult<bool> {
    match ty {
        SignatureToken::MutableReference(inner) => is_mutable(view, inner, module, name),
        SignatureToken::Struct(idx) => {
            Ok(is(view.datatype_name(*idx)?, &SUI_FRAMEWORK, module, name))
        }
        _ => Ok(false),
    }
}

fn entry_parameter(
    view: &View<'_>,
    type_params: &[AbilitySet],
    ty: &SignatureToken,
    config: &SuiVerifierConfig,
) -> RuleResult {
    if is_mutable(view, ty, "clock", "Clock")? {
        return Err(RuleError::User(format!(
            "Invalid entry point parameter type. Clock must be passed by immutable reference. \
             got: {}",
            view.format_type(ty)?
        )));
    }
    if config.reject_mutable_random_on_entry_functions && is_mutable(view, ty, "random", "Random")?
    {
        return Err(RuleError::User(format!(
            "Invalid entry point parameter type. Random must be passed by immutable reference. \
             got: {}",
            view.format_type(ty)?
        )));
    }
    if is_primitive(view, type_params, ty)?
        || is_object(view, type_params, ty)?
        || is_object_vector(view, type_params, ty)?
        || is_receiving(view, ty)?
    {
        return Ok(());
    }
    Err(RuleError::User(format!(
        "Invalid entry point parameter type. Expected primitive or object type. Got: {}",
        view.format_type(ty)?
    )))
}

/// Primitives as Sui's entry rules count them: integers, `bool`, `address`, `object::ID`,
/// the two string types, `Option` and vectors of primitives, and type parameters without `key`.
fn is_primitive(
    view: &View<'_>,
    type_params: &[AbilitySet],
    ty: &SignatureToken,
) -> RuleResult<bool> {
    use SignatureToken as T;
    Ok(match ty {
        T::Bool | T::U8 | T::U16 | T::U32 | T::U64 | T::U128 | T::U256 | T::Address => true,
        T::TypeParameter(i) => !type_params
            .get(usize::from(*i))
            .is_some_and(|a| a.has(Ability::Key)),
        T::Struct(idx) => {
            let name = view.datatype_name(*idx)?;
            is(name, &SUI_FRAMEWORK, "object", "ID")
                || is(name, &MOVE_STDLIB, "ascii", "String")
                || is(name, &MOVE_STDLIB, "string", "String")
        }
        T::StructInstantiation(idx, args) => {
            is(view.datatype_name(*idx)?, &MOVE_STDLIB, "option", "Option")
                && args.len() == 1
                && match args.first() {
                    Some(arg) => is_primitive(view, type_params, arg)?,
                    None => false,
                }
        }
        T::Vector(inner) => is_primitive(view, type_params, inner)?,
        _ => false,
    })
}

fn is_object(view: &View<'_>, type_params: &[AbilitySet], ty: &SignatureToken) -> RuleResult<bool> {
    match ty {
        SignatureToken::Reference(inner) | SignatureToken::MutableReference(inner) => {
            is_object(view, type_params, inner)
        }
        _ => is_object_struct(view, type_params, ty),
    }
}

fn is_object_vector(
    view: &View<'_>,
    type_params: &[AbilitySet],
    ty: &SignatureToken,
) -> RuleResult<bool> {
    match ty {
        SignatureToken::Vector(inner) => is_object_struct(view, type_params, inner),
        _ => is_object_struct(view, type_params, ty),
    }
}

fn is_object_struct(
    view: &View<'_>,
    type_params: &[AbilitySet],
    ty: &SignatureToken,
) -> RuleResult<bool> {
    match ty {
        SignatureToken::TypeParameter(i) => Ok(type_params
            .get(usize::from(*i))
            .is_some_and(|a| a.has(Ability::Key))),
        SignatureToken::Struct(_) | SignatureToken::StructInstantiation(..) => {
            Ok(abilities(view, ty, type_params)?.has(Ability::Key))
        }
        _ => Ok(false),
    }
}

fn is_receiving(view: &View<'_>, ty: &SignatureToken) -> RuleResult<bool> {
    match ty {
        SignatureToken::Reference(inner) | SignatureToken::MutableReference(inner) => {
            is_receiving(view, inner)
        }
        SignatureToken::StructInstantiation(idx, args) => Ok(is(
            view.datatype_name(*idx)?,
            &SUI_FRAMEWORK,
            "transfer",
            "Receiving",
        ) && args.len() == 1),
        _ => Ok(false),
    }
}
