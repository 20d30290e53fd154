//! Objects: a struct with `key` is a Sui object, so its first field is `id` of type
//! `sui::object::UID`; an enum never has `key`.

use super::{is, RuleError, RuleResult, View, SUI_FRAMEWORK};
use tern_binary::{SignatureToken, StructFieldInformation};
use tern_primitives::Ability;

/// Checks every struct with `key`, then every enum.
pub(super) fn verify(view: &View<'_>) -> RuleResult {
    for def in &view.module.struct_defs {
        let handle = view.datatype(def.struct_handle)?;
        if !handle.abilities.has(Ability::Key) {
            continue;
        }
        let name = view.ident(handle.name)?;
        let first = match &def.field_information {
            StructFieldInformation::Declared(fields) => fields.first(),
            _ => None,
        };
        let Some(first) = first else {
            return Err(RuleError::User(format!(
                "First field of struct {name} must be 'id', no field found"
            )));
        };
        let field_name = view.ident(first.name)?;
        if field_name != "id" {
            return Err(RuleError::User(format!(
                "First field of struct {name} must be 'id', {field_name} found"
            )));
        }
        let SignatureToken::Struct(uid) = &first.type_ else {
            return Err(RuleError::User(format!(
                "First field of struct {name} must be of type {}::object::UID, {} type found",
                SUI_FRAMEWORK.full_hex(),
                super::debug_type(&first.type_)
            )));
        };
        let found = view.datatype_name(*uid)?;
        if !is(found, &SUI_FRAMEWORK, "object", "UID") {
            return Err(RuleError::User(format!(
                "First field of struct {name} must be of type {}::object::UID, {}::{}::{} type found",
                SUI_FRAMEWORK.full_hex(),
                found.0.full_hex(),
                found.1,
                found.2
            )));
        }
    }
    for def in &view.module.enum_defs {
        let handle = view.datatype(def.enum_handle)?;
        if handle.abilities.has(Ability::Key) {
            return Err(RuleError::User(format!(
                "Enum {} cannot have the 'key' ability. Enums cannot have the 'key' ability.",
                view.ident(handle.name)?
            )));
        }
    }
    Ok(())
}
