//! Private generics (Sui's second version of the rule): some type parameters of framework
//! functions are "internal" — `sui::transfer::transfer<T>`, `sui::event::emit<T>`,
//! `std::internal::permit<T>`… — and a call must instantiate them with a datatype defined in the
//! calling module. `sui::test_scenario` is exempt; every public function of `sui::event` and
//! `sui::transfer` must be listed here (an unlisted one is an invariant violation).

use super::{RuleError, RuleResult, View, MOVE_STDLIB, SUI_FRAMEWORK};
use tern_binary::{SignatureToken, Visibility};
use tern_primitives::AccountAddress;

/// A checked function and, per type parameter, whether it is internal.
type Rule = (
    (AccountAddress, &'static str, &'static str),
    &'static [bool],
);

/// Every function the rule knows.
const FUNCTIONS_TO_CHECK: [Rule; 17] = [
    ((MOVE_STDLIB, "internal", "permit"), &[true]),
    ((SUI_FRAMEWORK, "event", "emit"), &[true]),
    ((SUI_FRAMEWORK, "event", "emit_authenticated"), &[true]),
    ((SUI_FRAMEWORK, "event", "num_events"), &[]),
    ((SUI_FRAMEWORK, "event", "events_by_type"), &[false]),
    ((SUI_FRAMEWORK, "transfer", "public_transfer"), &[false]),
    (
        (SUI_FRAMEWORK, "transfer", "public_freeze_object"),
        &[false],
    ),
    ((SUI_FRAMEWORK, "transfer", "public_share_object"), &[false]),
    ((SUI_FRAMEWORK, "transfer", "public_receive"), &[false]),
    ((SUI_FRAMEWORK, "transfer", "receiving_object_id"), &[false]),
    (
        (SUI_FRAMEWORK, "transfer", "public_party_transfer"),
        &[false],
    ),
    ((SUI_FRAMEWORK, "transfer", "transfer"), &[true]),
    ((SUI_FRAMEWORK, "transfer", "freeze_object"), &[true]),
    ((SUI_FRAMEWORK, "transfer", "share_object"), &[true]),
    ((SUI_FRAMEWORK, "transfer", "receive"), &[true]),
    ((SUI_FRAMEWORK, "transfer", "party_transfer"), &[true]),
    ((SUI_FRAMEWORK, "coin_registry", "new_currency"), &[true]),
];

/// Modules all of whose public functions must be listed in [`FUNCTIONS_TO_CHECK`].
const EXHAUSTIVE_MODULES: [(AccountAddress, &str); 2] =
    [(SUI_FRAMEWORK, "event"), (SUI_FRAMEWORK, "transfer")];

fn rule_for(address: &AccountAddress, module: &str, function: &str) -> Option<&'static [bool]> {
    FUNCTIONS_TO_CHECK
        .iter()
        .find(|((a, m, f), _)| a == address && *m == module && *f == function)
        .map(|(_, flags)| *flags)
}

/// Checks the exhaustiveness of the sensitive modules, then every call of every function.
pub(super) fn verify(view: &View<'_>) -> RuleResult {
    let (address, module) = (view.address, view.name);
    if *address == SUI_FRAMEWORK && module == "test_scenario" {
        return Ok(());
    }
    if EXHAUSTIVE_MODULES
        .iter()
        .any(|(a, m)| a == address && *m == module)
    {
        for def in &view.module.function_defs {
            if def.visibility != Visibility::Public {
                continue;
            }
            let function = view.def_name(def)?;
            if rule_for(address, module, function).is_none() {
                let id = view.id_text();
                return Err(RuleError::Invariant(format!(
                    "Unknown function '{id}::{function}'. All functions in '{id}' must be listed \
                     in FUNCTIONS_TO_CHECK"
                )));
            }
        }
    }
    for def in &view.module.function_defs {
        let Some(code) = &def.code else { continue };
        for instr in &code.code {
            let Some((handle, type_args)) = view.callee(instr)? else {
                continue;
            };
            let callee = view.function_name(handle)?;
            check_call(view, callee, type_args).map_err(|e| {
                let prefix = format!(
                    "{}::{}. ",
                    view.id_text(),
                    view.def_name(def).unwrap_or_default()
                );
                match e {
                    RuleError::User(m) => RuleError::User(prefix + &m),
                    RuleError::Invariant(m) => RuleError::Invariant(prefix + &m),
                }
            })?;
        }
    }
    Ok(())
}

fn check_call(
    view: &View<'_>,
    (address, module, function): super::QualifiedName<'_>,
    type_args: &[SignatureToken],
) -> RuleResult {
    let Some(flags) = rule_for(address, module, function) else {
        return Ok(());
    };
    if type_args.len() != flags.len() {
        return Err(RuleError::Invariant(format!(
            "'{}::{module}::{function}' expects {} type arguments found {}",
            address.full_hex(),
            flags.len(),
            type_args.len()
        )));
    }
    for (idx, (arg, internal)) in type_args.iter().zip(flags).enumerate() {
        if *internal && !defined_here(view, arg)? {
            let package = if *address == SUI_FRAMEWORK {
                "sui".to_string()
            } else if *address == MOVE_STDLIB {
                "std".to_string()
            } else {
                address.full_hex()
            };
            let help = if *address == SUI_FRAMEWORK && module == "transfer" {
                format!(
                    " If the type has the 'store' ability, use the public variant instead: \
                     'sui::transfer::public_{function}'."
                )
            } else {
                String::new()
            };
            return Err(RuleError::User(format!(
                "Invalid call to '{package}::{module}::{function}'. Type argument #{idx} must be \
                 a type defined in the current module, found '{}'.{help}",
                view.format_type(arg)?
            )));
        }
    }
    Ok(())
}

/// Whether a type argument is a datatype of the calling module.
fn defined_here(view: &View<'_>, ty: &SignatureToken) -> RuleResult<bool> {
    match ty {
        SignatureToken::Struct(idx) | SignatureToken::StructInstantiation(idx, _) => {
            Ok(view.datatype(*idx)?.module == view.module.self_module_handle_idx)
        }
        _ => Ok(false),
    }
}
