//! The bounds checker (spec `binary-format.md` §10): after deserialization, checks that every
//! index of a module or script points into its table, in the peer's exact order and with its
//! status codes (the first failure wins).
//!
//! Order for modules: no module handles (NO_MODULE_HANDLES), then signatures, constants, module
//! handles, the self handle, struct handles, function handles, field handles, friends, struct /
//! function / field instantiations, struct definitions, (Sui) enum definitions, enum
//! instantiations, variant handles and variant instantiation handles, (Aptos) variant field
//! handles, struct variant handles, variant field / struct variant instantiations, and finally
//! function definitions with their code, and in Sui each code unit's jump tables: the head enum,
//! one target per variant (INVALID_ENUM_SWITCH otherwise), each target an instruction. An
//! instruction the module's flavor does not have is UNKNOWN_OPCODE. Scripts run the common steps, then `main`'s parameters and code; in a script,
//! instructions naming module-only tables (`Pack`, `MutBorrowField`, `PackVariant`, …) are not
//! checked, as the peer skips them.
//!
//! Not checked, as on the peer: access-specifier indices, attributes, `VecPack`/`VecUnpack`
//! element counts and closure masks.
//!
//! The checker is a single walk over the tables that allocates nothing and formats nothing unless
//! it fails; token walks recurse at most [`SIGNATURE_TOKEN_DEPTH_MAX`] deep and fall back to a
//! heap-allocated walk below that, so hand-built models of any shape are safe.
//!
//! [`SIGNATURE_TOKEN_DEPTH_MAX`]: crate::SIGNATURE_TOKEN_DEPTH_MAX

#![deny(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

mod code;
mod site;
mod tables;
mod tokens;

#[cfg(test)]
mod tests;

use crate::errors::BinaryResult;
use crate::model::*;
use site::Site;
use tern_primitives::{AccountAddress, Identifier, StatusCode};

/// Checks every index of a deserialized module is in range (§10), first failure wins.
///
/// Returns NO_MODULE_HANDLES for a module without module handles, INDEX_OUT_OF_BOUNDS for an
/// index past its table, NUMBER_OF_TYPE_ARGUMENTS_MISMATCH for a struct used with the wrong
/// number of type arguments, ZERO_VARIANTS_ERROR for an enum (or variant field handle) without
/// variants and TOO_MANY_LOCALS for more than 255 parameters plus locals. The error names the
/// entry (`at_entry`) and, inside code, the instruction offset (`at_code_offset`).
pub fn check_module(module: &CompiledModule) -> BinaryResult<()> {
    if module.module_handles.is_empty() {
        return Err(Site::none().error(
            StatusCode::NO_MODULE_HANDLES,
            format_args!("module has no module handles"),
        ));
    }
    let mut t = Tables::of(module);
    common_tables(&mut t)?;
    let self_idx = module.self_module_handle_idx.idx();
    Site::none().check(
        "self module handle index",
        self_idx,
        t.module_handles.len(),
        "module handles",
    )?;
    tables::struct_handles(&t)?;
    tables::function_handles(&t)?;
    tables::field_handles(module)?;
    tables::friend_decls(&t, module)?;
    tables::struct_def_instantiations(&t, module)?;
    tables::function_instantiations(&t)?;
    tables::field_instantiations(&t, module)?;
    tables::struct_defs(&t, module)?;
    // Sui's enum tables, in Sui's order (empty in Aptos modules).
    tables::enum_defs(&t, module)?;
    tables::enum_def_instantiations(&t, module)?;
    tables::sui_variant_handles(module)?;
    tables::sui_variant_instantiation_handles(module)?;
    tables::variant_field_handles(module)?;
    tables::struct_variant_handles(module)?;
    tables::variant_field_instantiations(&t, module)?;
    tables::struct_variant_instantiations(&t, module)?;
    code::function_defs(&t, module)
}

/// The script variant of [`check_module`] (§10, last paragraph): the common tables, function
/// instantiations, then `main`'s parameters signature, its type parameters, and its code unit.
///
/// Errors inside `main` are reported at entry `(FunctionDefinition, 0)`.
pub fn check_script(script: &CompiledScript) -> BinaryResult<()> {
    let mut t = Tables::of(script);
    common_tables(&mut t)?;
    tables::struct_handles(&t)?;
    tables::function_handles(&t)?;
    tables::function_instantiations(&t)?;
    code::script_main(&t, script)
}

/// Steps 1–3, shared by modules and scripts: signatures, constants, module handles.
fn common_tables(t: &mut Tables<'_>) -> BinaryResult<()> {
    tables::signatures(t)?;
    tables::constants(t)?;
    tables::module_handles(t)
}

/// The tables modules and scripts share, as plain slices.
struct Tables<'a> {
    module_handles: &'a [ModuleHandle],
    struct_handles: &'a [StructHandle],
    function_handles: &'a [FunctionHandle],
    function_instantiations: &'a [FunctionInstantiation],
    signatures: &'a [Signature],
    identifiers: &'a [Identifier],
    address_identifiers: &'a [AccountAddress],
    constant_pool: &'a [Constant],
    /// Per signature, 1 + its highest type-parameter index (0 if it has none), computed by step
    /// 1 so that later type-parameter checks on a signature are a single comparison.
    type_param_bounds: Vec<u32>,
}

impl<'a> Tables<'a> {
    /// The shared tables of a module or script.
    fn of(binary: &'a impl BinaryTables) -> Tables<'a> {
        Tables {
            module_handles: binary.module_handles(),
            struct_handles: binary.struct_handles(),
            function_handles: binary.function_handles(),
            function_instantiations: binary.function_instantiations(),
            signatures: binary.signatures(),
            identifiers: binary.identifiers(),
            address_identifiers: binary.address_identifiers(),
            constant_pool: binary.constant_pool(),
            type_param_bounds: Vec::new(),
        }
    }

    /// Checks an identifier index.
    #[inline]
    fn identifier(&self, site: Site, what: &'static str, idx: usize) -> BinaryResult<()> {
        site.check(what, idx, self.identifiers.len(), "identifiers")
    }

    /// Checks a signature index.
    #[inline]
    fn signature(&self, site: Site, what: &'static str, idx: usize) -> BinaryResult<()> {
        site.check(what, idx, self.signatures.len(), "signatures")
    }
}
