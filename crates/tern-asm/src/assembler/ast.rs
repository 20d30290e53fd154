//! The syntax tree the parser produces. Names are kept as text; nothing is resolved yet.

use super::errors::Span;
use super::literals::AsmValue;
use tern_binary::{FunctionAttribute, Visibility};
use tern_primitives::{AbilitySet, AccountAddress, Flavor};

/// A module id as written (`0x1::signer`), names unchecked.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct ModName {
    pub(crate) address: AccountAddress,
    pub(crate) name: String,
}

impl ModName {
    /// `ADDR::name` with the address as 64 lowercase hex digits (the peer's `ModuleId` display).
    pub(crate) fn long(&self) -> String {
        format!("{}::{}", self.address.full_hex(), self.name)
    }

    /// `0xADDR::name` with the short address form.
    pub(crate) fn short(&self) -> String {
        format!("0x{}::{}", self.address.short_hex(), self.name)
    }
}

/// A whole `.masm` unit.
#[derive(Debug)]
pub(crate) struct Unit {
    /// The flavor of the binary (`flavor sui` line; Aptos by default).
    pub(crate) flavor: Flavor,
    /// `None` for a script.
    pub(crate) module: Option<ModName>,
    pub(crate) address_aliases: Vec<(String, AccountAddress)>,
    pub(crate) module_aliases: Vec<(String, ModName)>,
    pub(crate) friends: Vec<ModName>,
    pub(crate) structs: Vec<StructDecl>,
    pub(crate) functions: Vec<FunDecl>,
}

/// A type parameter of a struct or function.
#[derive(Debug, Clone)]
pub(crate) struct TypeParam {
    pub(crate) name: String,
    pub(crate) constraints: AbilitySet,
    pub(crate) is_phantom: bool,
}

/// A struct or enum declaration.
#[derive(Debug)]
pub(crate) struct StructDecl {
    /// Span of the name.
    pub(crate) loc: Span,
    pub(crate) name: String,
    pub(crate) type_params: Vec<TypeParam>,
    pub(crate) abilities: AbilitySet,
    pub(crate) layout: Layout,
}

/// The body of a struct declaration.
#[derive(Debug)]
pub(crate) enum Layout {
    /// A plain struct.
    Fields(Vec<Decl>),
    /// An enum.
    Variants(Vec<VariantDecl>),
    /// A native struct (`native struct T`): no fields, its values made by natives.
    Native,
}

/// An enum variant.
#[derive(Debug)]
pub(crate) struct VariantDecl {
    pub(crate) loc: Span,
    pub(crate) name: String,
    pub(crate) fields: Vec<Decl>,
}

/// `name: type` (field, parameter or local).
#[derive(Debug)]
pub(crate) struct Decl {
    /// Span of the name.
    pub(crate) loc: Span,
    pub(crate) name: String,
    pub(crate) ty: Type,
}

/// A function declaration.
#[derive(Debug)]
pub(crate) struct FunDecl {
    /// Span of the name.
    pub(crate) loc: Span,
    pub(crate) name: String,
    pub(crate) visibility: Visibility,
    pub(crate) is_entry: bool,
    pub(crate) is_native: bool,
    pub(crate) attributes: Vec<FunctionAttribute>,
    pub(crate) type_params: Vec<TypeParam>,
    pub(crate) params: Vec<Decl>,
    pub(crate) locals: Vec<Decl>,
    pub(crate) result: Vec<Type>,
    pub(crate) acquires: Vec<String>,
    pub(crate) instrs: Vec<Instr>,
}

/// A possibly qualified name: `[ADDR ::] id {:: id}`.
#[derive(Debug, Clone)]
pub(crate) struct QName {
    pub(crate) address: Option<AccountAddress>,
    pub(crate) parts: Vec<String>,
}

impl QName {
    /// The name if it is a single identifier without address.
    pub(crate) fn simple(&self) -> Option<&str> {
        match (self.address, self.parts.as_slice()) {
            (None, [one]) => Some(one),
            _ => None,
        }
    }
}

/// A type as written.
#[derive(Debug, Clone)]
pub(crate) enum Type {
    /// A named type with optional `<...>` arguments.
    Named(QName, Option<Vec<Type>>),
    /// `|args| results has abilities`.
    Func(Vec<Type>, Vec<Type>, AbilitySet),
    /// `&T` (false) or `&mut T` (true).
    Ref(bool, Box<Type>),
}

/// An instruction line.
#[derive(Debug)]
pub(crate) struct Instr {
    /// From the mnemonic to the end of the last argument.
    pub(crate) loc: Span,
    pub(crate) label: Option<String>,
    pub(crate) name: String,
    pub(crate) args: Vec<Arg>,
}

/// An instruction argument.
#[derive(Debug)]
pub(crate) enum Arg {
    /// A number, negative number or vector value.
    Const(AsmValue),
    /// A name with optional type arguments.
    Id(QName, Option<Vec<Type>>),
    /// `<T>`.
    Type(Type),
}
