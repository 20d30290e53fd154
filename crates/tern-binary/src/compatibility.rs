//! Upgrade compatibility (Aptos's rules): may a module replace the one already published under
//! its id?
//!
//! The rules (the peer's, established from its conformance tests and documented behaviour):
//!
//! * **Structs** (each old definition, in definition order, looked up by name in the new
//!   module): a struct may not be removed (`removed struct `S``; the struct loop then stops),
//!   may not lose abilities (``removed abilities `copy` from struct `S` ``), must keep the same
//!   number of type parameters, each either keeping `phantom` or gaining it and keeping or
//!   dropping constraints (``changed type parameters of struct `S` ``), and — unless
//!   `skip_struct_layout` — must keep its layout (``changed layout of struct `S` ``): a plain
//!   struct stays a plain struct with the same field names and types in the same order; an
//!   enum keeps its variants (names, fields) as a prefix and may only append new variants.
//! * **Functions** (each old definition that is public, friend, entry or `#[persistent]`,
//!   looked up by name): it may not be removed (``removed function `f` ``). Otherwise the first
//!   of these that applies is reported: ``changed visibility`` (public stays public, friend
//!   becomes friend or public), ``removed `entry` modifier``, ``removed required attributes``
//!   (`persistent` must stay), ``changed parameter types``, ``changed return type``,
//!   ``changed type parameters`` (same count; constraints may only be dropped), each followed
//!   by `` of function `f` ``. With `skip_friend_linking`, friend functions that are not
//!   `#[persistent]` are treated as private (not checked, may be removed) — entry ones
//!   included, as in the peer's test harness.
//! * **Friends**: unless `skip_friend_linking`, every old friend declaration must remain
//!   (``removed friend declaration `ADDR::m` `` — several joined by ` and `).
//!
//! Types are compared structurally: structs by defining module and name (never by handle
//! index), function types by argument and result types and exactly equal abilities, type
//! parameters by index. All findings are reported together, joined by `, `, after
//! ``Module update failure: new module not compatible with existing module in `ADDR::m`: ``,
//! as `BACKWARD_INCOMPATIBLE_MODULE_UPDATE` with location `undefined`.
//!
//! `skip_all` (the runner's `--skip-check-struct-and-pub-function-linking`) disables the check.

use crate::{
    BinaryTables, CompiledModule, FieldDefinition, FunctionAttribute, FunctionDefinition,
    FunctionHandle, SignatureIndex, SignatureToken, StructDefinition, StructHandle,
    StructHandleIndex, StructTypeParameter, Visibility,
};
use std::collections::BTreeSet;
use tern_primitives::{AbilitySet, Identifier, Location, ModuleId, StatusCode, VmError};

/// Options relaxing the check (from the test runner's publish flags).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CompatibilityOptions {
    /// `--skip-check-struct-layout`: struct and enum layouts may change.
    pub skip_struct_layout: bool,
    /// `--skip-check-friend-linking`: friend functions count as private and friend
    /// declarations may be removed.
    pub skip_friend_linking: bool,
    /// `--skip-check-struct-and-pub-function-linking`: no compatibility check at all.
    pub skip_all: bool,
}

/// Whether a friend `entry` function stays checked when friend linking is skipped. The peer's
/// transactional-test harness runs with this off (its production configuration may differ).
const TREAT_ENTRY_AS_PUBLIC: bool = false;

/// Checks that `new` may replace `old` (same module id). Errors exactly as the peer reports them.
pub fn check_compatibility(
    old: &CompiledModule,
    new: &CompiledModule,
    options: &CompatibilityOptions,
) -> Result<(), VmError> {
    if options.skip_all {
        return Ok(());
    }
    let pair = Pair {
        old,
        new,
        check_layout: !options.skip_struct_layout,
        check_friends: !options.skip_friend_linking,
    };
    let mut errors = Vec::new();
    pair.check_identity(&mut errors);
    pair.check_structs(&mut errors);
    pair.check_functions(&mut errors);
    if pair.check_friends {
        pair.check_friend_decls(&mut errors);
    }
    if errors.is_empty() {
        return Ok(());
    }
    Err(
        VmError::new(StatusCode::BACKWARD_INCOMPATIBLE_MODULE_UPDATE)
            .with_message(format!(
                "Module update failure: new module not compatible with existing module in `{}`: {}",
                module_label(old),
                errors.join(", ")
            ))
            .at_location(Location::Undefined),
    )
}

/// `ADDR::name` with the address as 64 hex digits (the peer's module-id display).
fn module_label(m: &CompiledModule) -> String {
    let addr = m.address().map(|a| a.full_hex()).unwrap_or_default();
    let name = m.name().map(Identifier::as_str).unwrap_or_default();
    format!("{addr}::{name}")
}

/// The old and new module with the checks in force.
struct Pair<'a> {
    old: &'a CompiledModule,
    new: &'a CompiledModule,
    check_layout: bool,
    check_friends: bool,
}

impl Pair<'_> {
    /// The address and name must not change (always true when called from publishing).
    fn check_identity(&self, errors: &mut Vec<String>) {
        if self.old.address() != self.new.address() {
            let addr = self.new.address().map(|a| a.full_hex()).unwrap_or_default();
            errors.push(format!("module address changed to `{addr}`"));
        }
        if self.old.name() != self.new.name() {
            let name = self.new.name().map(Identifier::as_str).unwrap_or_default();
            errors.push(format!("module name changed to `{name}`"));
        }
    }

    /// Every old struct must survive with its abilities, type parameters and layout.
    fn check_structs(&self, errors: &mut Vec<String>) {
        for old_def in &self.old.struct_defs {
            let Some(old_handle) = self.old.struct_handle_at(old_def.struct_handle) else {
                continue;
            };
            let Some(name) = self.old.identifier_at(old_handle.name) else {
                continue;
            };
            let Some((new_def, new_handle)) = find_struct(self.new, name.as_str()) else {
                // The peer stops looking at structs after the first removed one.
                errors.push(format!("removed struct `{name}`"));
                break;
            };
            if !old_handle.abilities.is_subset(new_handle.abilities) {
                let removed: AbilitySet = old_handle
                    .abilities
                    .iter()
                    .filter(|a| !new_handle.abilities.has(*a))
                    .collect();
                errors.push(format!(
                    "removed abilities `{removed}` from struct `{name}`"
                ));
            }
            if !struct_type_params_compatible(
                &old_handle.type_parameters,
                &new_handle.type_parameters,
            ) {
                errors.push(format!("changed type parameters of struct `{name}`"));
            }
            if self.check_layout && !self.layout_compatible(old_def, new_def) {
                errors.push(format!("changed layout of struct `{name}`"));
            }
        }
    }

    /// A plain struct keeps its fields; an enum keeps its variants as a prefix.
    fn layout_compatible(&self, old: &StructDefinition, new: &StructDefinition) -> bool {
        let (old_variants, new_variants) = (old.variants(), new.variants());
        if old_variants.is_empty() {
            return new_variants.is_empty() && self.fields_compatible(old.fields(), new.fields());
        }
        old_variants.len() <= new_variants.len()
            && old_variants.iter().zip(new_variants).all(|(o, n)| {
                self.same_identifier(o.name, n.name) && self.fields_compatible(&o.fields, &n.fields)
            })
    }

    /// Same number of fields, pairwise the same name and a compatible type.
    fn fields_compatible(&self, old: &[FieldDefinition], new: &[FieldDefinition]) -> bool {
        old.len() == new.len()
            && old.iter().zip(new).all(|(o, n)| {
                self.same_identifier(o.name, n.name) && self.token_compatible(&o.type_, &n.type_)
            })
    }

    /// Whether an identifier of the old module equals one of the new module.
    fn same_identifier(&self, old: crate::IdentifierIndex, new: crate::IdentifierIndex) -> bool {
        match (self.old.identifier_at(old), self.new.identifier_at(new)) {
            (Some(o), Some(n)) => o == n,
            _ => false,
        }
    }

    /// Every exposed old function must survive with a compatible signature.
    fn check_functions(&self, errors: &mut Vec<String>) {
        for old_def in &self.old.function_defs {
            let Some(old_handle) = self.old.function_handle_at(old_def.function) else {
                continue;
            };
            let Some(name) = self.old.identifier_at(old_handle.name) else {
                continue;
            };
            let persistent = is_persistent(old_handle);
            if old_def.visibility == Visibility::Private && !old_def.is_entry && !persistent {
                continue;
            }
            // With friend linking skipped, friend functions are treated as private.
            let checked_anyway =
                persistent || self.check_friends || (old_def.is_entry && TREAT_ENTRY_AS_PUBLIC);
            let friend_as_private = old_def.visibility == Visibility::Friend && !checked_anyway;
            let Some((new_def, new_handle)) = find_function(self.new, name.as_str()) else {
                if !friend_as_private {
                    errors.push(format!("removed function `{name}`"));
                }
                continue;
            };
            if friend_as_private {
                continue;
            }
            let old_fun = (old_def, old_handle);
            if let Some(what) = self.function_change(old_fun, (new_def, new_handle)) {
                errors.push(format!("{what} of function `{name}`"));
            }
        }
    }

    /// The first incompatible change of a function, in the peer's order.
    fn function_change(
        &self,
        (old_def, old_handle): (&FunctionDefinition, &FunctionHandle),
        (new_def, new_handle): (&FunctionDefinition, &FunctionHandle),
    ) -> Option<&'static str> {
        if !visibility_compatible(old_def.visibility, new_def.visibility) {
            Some("changed visibility")
        } else if !self.entry_compatible(old_def.is_entry, new_def.is_entry) {
            Some("removed `entry` modifier")
        } else if is_persistent(old_handle) && !is_persistent(new_handle) {
            Some("removed required attributes")
        } else if !self.signatures_compatible(old_handle.parameters, new_handle.parameters) {
            Some("changed parameter types")
        } else if !self.signatures_compatible(old_handle.return_, new_handle.return_) {
            Some("changed return type")
        } else if !fun_type_params_compatible(
            &old_handle.type_parameters,
            &new_handle.type_parameters,
        ) {
            Some("changed type parameters")
        } else {
            None
        }
    }

    /// An entry function stays entry (before v5 — `public(script)` — it also may not become one).
    fn entry_compatible(&self, old_entry: bool, new_entry: bool) -> bool {
        if self.old.version < 5 && self.new.version < 5 {
            old_entry == new_entry
        } else {
            !old_entry || new_entry
        }
    }

    /// Two signatures (by index into each module's pool) are pairwise compatible.
    fn signatures_compatible(&self, old: SignatureIndex, new: SignatureIndex) -> bool {
        match (self.old.signature_at(old), self.new.signature_at(new)) {
            (Some(o), Some(n)) => self.tokens_compatible(&o.0, &n.0),
            _ => false,
        }
    }

    /// Same length and pairwise compatible.
    fn tokens_compatible(&self, old: &[SignatureToken], new: &[SignatureToken]) -> bool {
        old.len() == new.len()
            && old
                .iter()
                .zip(new)
                .all(|(o, n)| self.token_compatible(o, n))
    }

    /// Structural type equality across the two modules.
    fn token_compatible(&self, old: &SignatureToken, new: &SignatureToken) -> bool {
        use SignatureToken as T;
        match (old, new) {
            (T::TypeParameter(o), T::TypeParameter(n)) => o == n,
            (T::Reference(o), T::Reference(n))
            | (T::MutableReference(o), T::MutableReference(n))
            | (T::Vector(o), T::Vector(n)) => self.token_compatible(o, n),
            (T::Struct(o), T::Struct(n)) => self.same_struct(*o, *n),
            (T::StructInstantiation(o, o_args), T::StructInstantiation(n, n_args)) => {
                self.same_struct(*o, *n) && self.tokens_compatible(o_args, n_args)
            }
            (T::Function(o_args, o_res, o_abs), T::Function(n_args, n_res, n_abs)) => {
                self.tokens_compatible(o_args, n_args)
                    && self.tokens_compatible(o_res, n_res)
                    && o_abs == n_abs
            }
            (
                T::TypeParameter(_)
                | T::Reference(_)
                | T::MutableReference(_)
                | T::Vector(_)
                | T::Struct(_)
                | T::StructInstantiation(..)
                | T::Function(..),
                _,
            ) => false,
            // Both leaves: primitives are compatible only with themselves.
            (o, n) => o == n,
        }
    }

    /// Whether two struct handles name the same struct (module and name).
    fn same_struct(&self, old: StructHandleIndex, new: StructHandleIndex) -> bool {
        match (
            struct_identity(self.old, old),
            struct_identity(self.new, new),
        ) {
            (Some(o), Some(n)) => o == n,
            _ => false,
        }
    }

    /// Every old friend declaration must remain.
    fn check_friend_decls(&self, errors: &mut Vec<String>) {
        let old = friend_ids(self.old);
        let new = friend_ids(self.new);
        let removed: Vec<String> = old
            .difference(&new)
            .map(|id| format!("`{}::{}`", id.address.full_hex(), id.name))
            .collect();
        if !removed.is_empty() {
            errors.push(format!(
                "removed friend declaration {}",
                removed.join(" and ")
            ));
        }
    }
}

/// The definition and handle of the struct called `name` (the last one, should there be
/// several, as the peer's by-name map keeps the last).
fn find_struct<'m>(
    m: &'m CompiledModule,
    name: &str,
) -> Option<(&'m StructDefinition, &'m StructHandle)> {
    m.struct_defs.iter().rev().find_map(|def| {
        let handle = m.struct_handle_at(def.struct_handle)?;
        let n = m.identifier_at(handle.name)?;
        (n.as_str() == name).then_some((def, handle))
    })
}

/// The definition and handle of the function called `name` (the last one, like
/// [`find_struct`]).
fn find_function<'m>(
    m: &'m CompiledModule,
    name: &str,
) -> Option<(&'m FunctionDefinition, &'m FunctionHandle)> {
    m.function_defs.iter().rev().find_map(|def| {
        let handle = m.function_handle_at(def.function)?;
        let n = m.identifier_at(handle.name)?;
        (n.as_str() == name).then_some((def, handle))
    })
}

/// `(module, struct name)` of a struct handle.
fn struct_identity(m: &CompiledModule, idx: StructHandleIndex) -> Option<(ModuleId, &str)> {
    let handle = m.struct_handle_at(idx)?;
    let module = m.module_handle_at(handle.module)?;
    let id = ModuleId::new(
        *m.address_identifier_at(module.address)?,
        m.identifier_at(module.name)?.clone(),
    );
    Some((id, m.identifier_at(handle.name)?.as_str()))
}

/// The module ids a module declares as friends.
fn friend_ids(m: &CompiledModule) -> BTreeSet<ModuleId> {
    m.friend_decls
        .iter()
        .filter_map(|h| {
            Some(ModuleId::new(
                *m.address_identifier_at(h.address)?,
                m.identifier_at(h.name)?.clone(),
            ))
        })
        .collect()
}

/// Whether the function carries `#[persistent]` (treated like a public function on upgrade).
fn is_persistent(handle: &FunctionHandle) -> bool {
    handle.attributes.contains(&FunctionAttribute::Persistent)
}

/// Public stays public; friend stays friend or becomes public; private may become anything.
fn visibility_compatible(old: Visibility, new: Visibility) -> bool {
    match old {
        Visibility::Public => new == Visibility::Public,
        Visibility::Friend => matches!(new, Visibility::Public | Visibility::Friend),
        Visibility::Private => true,
    }
}

/// Same count; each parameter keeps or drops constraints (adding one could break callers).
fn fun_type_params_compatible(old: &[AbilitySet], new: &[AbilitySet]) -> bool {
    old.len() == new.len() && old.iter().zip(new).all(|(o, n)| n.is_subset(*o))
}

/// Same count; each parameter keeps or gains `phantom` and keeps or drops constraints.
fn struct_type_params_compatible(old: &[StructTypeParameter], new: &[StructTypeParameter]) -> bool {
    old.len() == new.len()
        && old
            .iter()
            .zip(new)
            .all(|(o, n)| (!o.is_phantom || n.is_phantom) && n.constraints.is_subset(o.constraints))
}
