//! Sui's own verifier passes, run on each module of a package after the Move verifier and the
//! linkage checks accepted the package, in Sui's order: objects (`struct_with_key`), global
//! storage, `id_leak`, private generics, entry points, one-time witness.
//!
//! They assume a verified module, yet never panic on one that is not: an index out of range is
//! reported as an invariant violation. Their failures carry Sui's messages; the messages name
//! modules the way Sui prints them (`<64 hex digits>::name`) and types as Sui's
//! `format_signature_token` does (`0x2::object::UID`).

mod entry_points;
mod global_storage;
mod id_leak;
mod one_time_witness;
mod private_generics;
mod struct_with_key;

use crate::config::SuiVerifierConfig;
use std::fmt;
use tern_binary::*;
use tern_primitives::AccountAddress;

/// One of Sui's own verifier passes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SuiRule {
    /// Objects (`key` structs) start with `id: sui::object::UID`; enums never have `key`.
    StructWithKey,
    /// No global storage instruction (Sui keeps objects outside Move).
    GlobalStorageAccess,
    /// An object is only packed with a UID fresh from `sui::object::new` (or its siblings).
    IdLeak,
    /// Type arguments of `sui::transfer`/`sui::event`/`std::internal` functions marked
    /// internal are defined by the calling module.
    PrivateGenerics,
    /// The `init` function's shape, `init` never called, and (when enabled) entry signatures.
    EntryPoints,
    /// The one-time witness type's shape and its sole instance, passed to `init`.
    OneTimeWitness,
}

impl SuiRule {
    /// The name of the pass in Sui's sources.
    pub fn name(self) -> &'static str {
        match self {
            SuiRule::StructWithKey => "struct_with_key",
            SuiRule::GlobalStorageAccess => "global_storage_access",
            SuiRule::IdLeak => "id_leak",
            SuiRule::PrivateGenerics => "private_generics",
            SuiRule::EntryPoints => "entry_points",
            SuiRule::OneTimeWitness => "one_time_witness",
        }
    }
}

impl fmt::Display for SuiRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How a pass refuses a module.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum RuleError {
    /// Sui's `SuiMoveVerificationError` with its message.
    User(String),
    /// Sui's invariant violation (its verifier would have panicked or reports one).
    Invariant(String),
}

/// Result of a pass.
pub(crate) type RuleResult<T = ()> = Result<T, RuleError>;

/// The failure of a pass on `module`: which pass and how.
pub(crate) struct RuleFailure {
    /// The pass.
    pub(crate) rule: SuiRule,
    /// What it reports.
    pub(crate) error: RuleError,
}

/// Runs Sui's passes over one module in Sui's order; the first failure is returned.
pub(crate) fn verify_module(
    module: &CompiledModule,
    config: &SuiVerifierConfig,
) -> Result<(), RuleFailure> {
    let view = View::new(module).map_err(|error| RuleFailure {
        rule: SuiRule::StructWithKey,
        error,
    })?;
    let at = |rule: SuiRule| move |error| RuleFailure { rule, error };
    struct_with_key::verify(&view).map_err(at(SuiRule::StructWithKey))?;
    global_storage::verify(&view).map_err(at(SuiRule::GlobalStorageAccess))?;
    id_leak::verify(&view).map_err(at(SuiRule::IdLeak))?;
    private_generics::verify(&view).map_err(at(SuiRule::PrivateGenerics))?;
    entry_points::verify(&view, config).map_err(at(SuiRule::EntryPoints))?;
    one_time_witness::verify(&view).map_err(at(SuiRule::OneTimeWitness))
}

/// `std` (`0x1`).
pub(crate) const MOVE_STDLIB: AccountAddress = AccountAddress::from_u64(1);
/// The Sui framework (`0x2`).
pub(crate) const SUI_FRAMEWORK: AccountAddress = AccountAddress::from_u64(2);
/// The Sui system package (`0x3`).
pub(crate) const SUI_SYSTEM: AccountAddress = AccountAddress::from_u64(3);
/// The bridge package (`0xb`).
pub(crate) const BRIDGE: AccountAddress = AccountAddress::from_u64(0xb);

/// A fully qualified function or datatype name: address, module, member.
pub(crate) type QualifiedName<'a> = (&'a AccountAddress, &'a str, &'a str);

/// Whether `name` is `address::module::member`.
pub(crate) fn is(
    name: QualifiedName<'_>,
    address: &AccountAddress,
    module: &str,
    member: &str,
) -> bool {
    name.0 == address && name.1 == module && name.2 == member
}

/// The error for an index a verified module cannot have out of range.
#[cold]
fn out_of_range(what: &str) -> RuleError {
    RuleError::Invariant(format!("{what} index out of range"))
}

/// A module as the passes read it: checked lookups and Sui's ways of printing names.
pub(crate) struct View<'a> {
    /// The module.
    pub(crate) module: &'a CompiledModule,
    /// The module's address.
    pub(crate) address: &'a AccountAddress,
    /// The module's name.
    pub(crate) name: &'a str,
}

impl<'a> View<'a> {
    fn new(module: &'a CompiledModule) -> RuleResult<View<'a>> {
        let address = module
            .address()
            .ok_or_else(|| out_of_range("self module"))?;
        let name = module.name().ok_or_else(|| out_of_range("self module"))?;
        Ok(View {
            module,
            address,
            name: name.as_str(),
        })
    }

    /// The module's id as Sui prints it: 64 hex digits, `::`, the name.
    pub(crate) fn id_text(&self) -> String {
        format!("{}::{}", self.address.full_hex(), self.name)
    }

    /// The identifier at `idx`.
    pub(crate) fn ident(&self, idx: IdentifierIndex) -> RuleResult<&'a str> {
        self.module
            .identifier_at(idx)
            .map(|i| i.as_str())
            .ok_or_else(|| out_of_range("identifier"))
    }

    /// The signature at `idx`.
    pub(crate) fn sig(&self, idx: SignatureIndex) -> RuleResult<&'a [SignatureToken]> {
        self.module
            .signature_at(idx)
            .map(|s| s.0.as_slice())
            .ok_or_else(|| out_of_range("signature"))
    }

    /// The datatype handle at `idx`.
    pub(crate) fn datatype(&self, idx: StructHandleIndex) -> RuleResult<&'a StructHandle> {
        self.module
            .struct_handle_at(idx)
            .ok_or_else(|| out_of_range("datatype handle"))
    }

    /// The function handle at `idx`.
    pub(crate) fn function(&self, idx: FunctionHandleIndex) -> RuleResult<&'a FunctionHandle> {
        self.module
            .function_handle_at(idx)
            .ok_or_else(|| out_of_range("function handle"))
    }

    /// The name of the function a definition defines.
    pub(crate) fn def_name(&self, def: &FunctionDefinition) -> RuleResult<&'a str> {
        self.ident(self.function(def.function)?.name)
    }

    /// Address and name of the module a handle names.
    pub(crate) fn module_of(
        &self,
        idx: ModuleHandleIndex,
    ) -> RuleResult<(&'a AccountAddress, &'a str)> {
        let handle = self
            .module
            .module_handle_at(idx)
            .ok_or_else(|| out_of_range("module handle"))?;
        let address = self
            .module
            .address_identifier_at(handle.address)
            .ok_or_else(|| out_of_range("address"))?;
        Ok((address, self.ident(handle.name)?))
    }

    /// The qualified name of a datatype handle.
    pub(crate) fn datatype_name(&self, idx: StructHandleIndex) -> RuleResult<QualifiedName<'a>> {
        let handle = self.datatype(idx)?;
        let (address, module) = self.module_of(handle.module)?;
        Ok((address, module, self.ident(handle.name)?))
    }

    /// The qualified name of a function handle.
    pub(crate) fn function_name(&self, handle: &FunctionHandle) -> RuleResult<QualifiedName<'a>> {
        let (address, module) = self.module_of(handle.module)?;
        Ok((address, module, self.ident(handle.name)?))
    }

    /// The function a `Call`/`CallGeneric` calls, with its type arguments; `None` for other
    /// instructions.
    pub(crate) fn callee(
        &self,
        instr: &Bytecode,
    ) -> RuleResult<Option<(&'a FunctionHandle, &'a [SignatureToken])>> {
        match instr {
            Bytecode::Call(idx) => Ok(Some((self.function(*idx)?, &[]))),
            Bytecode::CallGeneric(idx) => {
                let inst = self
                    .module
                    .function_instantiation_at(*idx)
                    .ok_or_else(|| out_of_range("function instantiation"))?;
                Ok(Some((
                    self.function(inst.handle)?,
                    self.sig(inst.type_parameters)?,
                )))
            }
            _ => Ok(None),
        }
    }

    /// A type as Sui's `format_signature_token` prints it (`vector<u8>`, `&mut T0`,
    /// `0x2::coin::Coin<0x2::sui::SUI>`).
    pub(crate) fn format_type(&self, ty: &SignatureToken) -> RuleResult<String> {
        use SignatureToken as T;
        Ok(match ty {
            T::Bool => "bool".into(),
            T::U8 => "u8".into(),
            T::U16 => "u16".into(),
            T::U32 => "u32".into(),
            T::U64 => "u64".into(),
            T::U128 => "u128".into(),
            T::U256 => "u256".into(),
            T::Address => "address".into(),
            T::Signer => "signer".into(),
            T::Vector(inner) => format!("vector<{}>", self.format_type(inner)?),
            T::Reference(inner) => format!("&{}", self.format_type(inner)?),
            T::MutableReference(inner) => format!("&mut {}", self.format_type(inner)?),
            T::TypeParameter(i) => format!("T{i}"),
            T::Struct(idx) => self.format_datatype(*idx, &[])?,
            T::StructInstantiation(idx, args) => self.format_datatype(*idx, args)?,
            // Not in Sui's format (the deserializer refuses them in a Sui module).
            other => format!("{other:?}"),
        })
    }

    fn format_datatype(
        &self,
        idx: StructHandleIndex,
        args: &[SignatureToken],
    ) -> RuleResult<String> {
        let (address, module, name) = self.datatype_name(idx)?;
        let mut text = format!("0x{}::{module}::{name}", address.short_hex());
        if !args.is_empty() {
            let args = args
                .iter()
                .map(|a| self.format_type(a))
                .collect::<RuleResult<Vec<_>>>()?;
            text.push('<');
            text.push_str(&args.join(", "));
            text.push('>');
        }
        Ok(text)
    }
}

/// A type as Sui's `Debug` of a signature token prints it (`Vector(U8)`,
/// `Struct(DatatypeHandleIndex(3))`).
pub(crate) fn debug_type(ty: &SignatureToken) -> String {
    use SignatureToken as T;
    match ty {
        T::Bool => "Bool".into(),
        T::U8 => "U8".into(),
        T::U16 => "U16".into(),
        T::U32 => "U32".into(),
        T::U64 => "U64".into(),
        T::U128 => "U128".into(),
        T::U256 => "U256".into(),
        T::Address => "Address".into(),
        T::Signer => "Signer".into(),
        T::Vector(inner) => format!("Vector({})", debug_type(inner)),
        T::Struct(idx) => format!("Struct(DatatypeHandleIndex({}))", idx.0),
        T::StructInstantiation(idx, args) => {
            let args: Vec<String> = args.iter().map(debug_type).collect();
            format!(
                "StructInstantiation(DatatypeHandleIndex({}), [{}])",
                idx.0,
                args.join(", ")
            )
        }
        T::Reference(inner) => format!("Reference({})", debug_type(inner)),
        T::MutableReference(inner) => format!("MutableReference({})", debug_type(inner)),
        T::TypeParameter(i) => format!("TypeParameter({i})"),
        other => format!("{other:?}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn debug_type_prints_as_sui_does() {
        use SignatureToken as T;
        let ty = T::StructInstantiation(
            StructHandleIndex(3),
            vec![T::Vector(Box::new(T::U8)), T::TypeParameter(1)],
        );
        assert_eq!(
            debug_type(&ty),
            "StructInstantiation(DatatypeHandleIndex(3), [Vector(U8), TypeParameter(1)])"
        );
        assert_eq!(
            debug_type(&T::MutableReference(Box::new(T::Struct(
                StructHandleIndex(0)
            )))),
            "MutableReference(Struct(DatatypeHandleIndex(0)))"
        );
    }
}
