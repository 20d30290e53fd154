//! The in-memory model of a compiled module and a compiled script: every table of the format.
//!
//! The model keeps everything needed to serialize a deserialized binary back to the identical
//! bytes: the plain version number, every table as an ordered list (duplicates included), the
//! self handle, `None` versus `Some(empty)` access specifiers, and attribute lists in order.

use crate::index::*;
use crate::instruction::Bytecode;
use tern_primitives::{AbilitySet, AccountAddress, Flavor, Identifier, ModuleId};

/// Entry of the module-handle table (also used for friend declarations).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ModuleHandle {
    /// The module's address.
    pub address: AddressIdentifierIndex,
    /// The module's name.
    pub name: IdentifierIndex,
}

/// A type parameter of a struct handle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct StructTypeParameter {
    /// Abilities the type argument must have.
    pub constraints: AbilitySet,
    /// Whether the parameter is phantom.
    pub is_phantom: bool,
}

/// Entry of the struct-handle table: a struct (or enum) declared here or imported.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct StructHandle {
    /// The defining module.
    pub module: ModuleHandleIndex,
    /// The struct's name.
    pub name: IdentifierIndex,
    /// The struct's declared abilities.
    pub abilities: AbilitySet,
    /// The struct's type parameters.
    pub type_parameters: Vec<StructTypeParameter>,
}

/// Kind of access in an access specifier.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AccessKind {
    /// Read access (encoded 0x01).
    Reads,
    /// Write access (encoded 0x02).
    Writes,
}

/// Which resources an access specifier covers.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum ResourceSpecifier {
    /// Any resource (0x01).
    Any,
    /// Resources declared at an address (0x02).
    DeclaredAtAddress(AddressIdentifierIndex),
    /// Resources declared in a module (0x03).
    DeclaredInModule(ModuleHandleIndex),
    /// One resource type (0x04).
    Resource(StructHandleIndex),
    /// One instantiation of a generic resource type (0x05).
    ResourceInstantiation(StructHandleIndex, SignatureIndex),
}

/// At which addresses an access specifier applies.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum AddressSpecifier {
    /// Any address (0x01).
    Any,
    /// A literal address (0x02).
    Literal(AddressIdentifierIndex),
    /// The address held by a parameter, optionally passed through a function (0x03).
    Parameter(LocalIndex, Option<FunctionInstantiationIndex>),
}

/// One access specifier of a function handle or script.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct AccessSpecifier {
    /// Reads or writes.
    pub kind: AccessKind,
    /// Whether the specifier excludes instead of includes.
    pub negated: bool,
    /// The resources covered.
    pub resource: ResourceSpecifier,
    /// The addresses covered.
    pub address: AddressSpecifier,
}

/// An attribute of a function handle (v8+; kinds 3–9 need v10).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FunctionAttribute {
    /// 0x01: the function may be stored in a closure that persists.
    Persistent,
    /// 0x02: the function holds a module lock (no re-entrancy).
    ModuleLock,
    /// 0x03: struct API: pack.
    Pack,
    /// 0x04: struct API: pack the given variant.
    PackVariant(VariantIndex),
    /// 0x05: struct API: unpack.
    Unpack,
    /// 0x06: struct API: unpack the given variant.
    UnpackVariant(VariantIndex),
    /// 0x07: struct API: test the given variant.
    TestVariant(VariantIndex),
    /// 0x08: struct API: borrow the given field immutably.
    BorrowFieldImmutable(MemberCount),
    /// 0x09: struct API: borrow the given field mutably.
    BorrowFieldMutable(MemberCount),
}

impl FunctionAttribute {
    /// The tag byte of the attribute.
    pub fn tag(self) -> u8 {
        match self {
            FunctionAttribute::Persistent => 0x01,
            FunctionAttribute::ModuleLock => 0x02,
            FunctionAttribute::Pack => 0x03,
            FunctionAttribute::PackVariant(_) => 0x04,
            FunctionAttribute::Unpack => 0x05,
            FunctionAttribute::UnpackVariant(_) => 0x06,
            FunctionAttribute::TestVariant(_) => 0x07,
            FunctionAttribute::BorrowFieldImmutable(_) => 0x08,
            FunctionAttribute::BorrowFieldMutable(_) => 0x09,
        }
    }

    /// The lowest bytecode version that may contain the attribute.
    pub fn min_version(self) -> u32 {
        match self {
            FunctionAttribute::Persistent | FunctionAttribute::ModuleLock => 8,
            _ => 10,
        }
    }
}

/// Entry of the function-handle table: a function defined here or imported.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct FunctionHandle {
    /// The defining module.
    pub module: ModuleHandleIndex,
    /// The function's name.
    pub name: IdentifierIndex,
    /// The parameter types.
    pub parameters: SignatureIndex,
    /// The return types.
    pub return_: SignatureIndex,
    /// Constraints of the type parameters.
    pub type_parameters: Vec<AbilitySet>,
    /// Access specifiers (v7+): `None` = unspecified, `Some(vec![])` = accesses nothing.
    pub access_specifiers: Option<Vec<AccessSpecifier>>,
    /// Attributes (v8+), in order.
    pub attributes: Vec<FunctionAttribute>,
}

/// Entry of the function-instantiation table.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct FunctionInstantiation {
    /// The generic function.
    pub handle: FunctionHandleIndex,
    /// The type arguments.
    pub type_parameters: SignatureIndex,
}

/// Entry of the struct-definition-instantiation table.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct StructDefInstantiation {
    /// The generic struct definition.
    pub def: StructDefinitionIndex,
    /// The type arguments.
    pub type_parameters: SignatureIndex,
}

/// Entry of the field-handle table: a field of a struct defined in this module.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct FieldHandle {
    /// The struct definition.
    pub owner: StructDefinitionIndex,
    /// The field's offset.
    pub field: MemberCount,
}

/// Entry of the field-instantiation table.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct FieldInstantiation {
    /// The field handle.
    pub handle: FieldHandleIndex,
    /// The type arguments of its struct.
    pub type_parameters: SignatureIndex,
}

/// Entry of the variant-field-handle table: a field at the same offset in several variants.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct VariantFieldHandle {
    /// The enum definition.
    pub struct_index: StructDefinitionIndex,
    /// The variants that have this field.
    pub variants: Vec<VariantIndex>,
    /// The field's offset within each of those variants.
    pub field: MemberCount,
}

/// Entry of the variant-field-instantiation table.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct VariantFieldInstantiation {
    /// The variant field handle.
    pub handle: VariantFieldHandleIndex,
    /// The type arguments of its enum.
    pub type_parameters: SignatureIndex,
}

/// Entry of the struct-variant-handle table: one variant of an enum defined here.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct StructVariantHandle {
    /// The enum definition.
    pub struct_index: StructDefinitionIndex,
    /// The variant.
    pub variant: VariantIndex,
}

/// Entry of the struct-variant-instantiation table.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct StructVariantInstantiation {
    /// The struct variant handle.
    pub handle: StructVariantHandleIndex,
    /// The type arguments of its enum.
    pub type_parameters: SignatureIndex,
}

/// A signature token: one type as written in a signature, field or constant.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SignatureToken {
    /// `bool` (0x01).
    Bool,
    /// `u8` (0x02).
    U8,
    /// `u16` (0x0D, v6).
    U16,
    /// `u32` (0x0E, v6).
    U32,
    /// `u64` (0x03).
    U64,
    /// `u128` (0x04).
    U128,
    /// `u256` (0x0F, v6).
    U256,
    /// `i8` (0x11, v9).
    I8,
    /// `i16` (0x12, v9).
    I16,
    /// `i32` (0x13, v9).
    I32,
    /// `i64` (0x14, v9).
    I64,
    /// `i128` (0x15, v9).
    I128,
    /// `i256` (0x16, v9).
    I256,
    /// `address` (0x05).
    Address,
    /// `signer` (0x0C).
    Signer,
    /// `vector<T>` (0x0A).
    Vector(Box<SignatureToken>),
    /// A function type `|args| results has abilities` (0x10, v8).
    Function(Vec<SignatureToken>, Vec<SignatureToken>, AbilitySet),
    /// A non-generic struct (0x08).
    Struct(StructHandleIndex),
    /// A generic struct with its type arguments (0x0B).
    StructInstantiation(StructHandleIndex, Vec<SignatureToken>),
    /// `&T` (0x06).
    Reference(Box<SignatureToken>),
    /// `&mut T` (0x07).
    MutableReference(Box<SignatureToken>),
    /// A type parameter of the enclosing generic (0x09).
    TypeParameter(TypeParameterIndex),
}

impl SignatureToken {
    /// Whether this is `&T` or `&mut T`.
    pub fn is_reference(&self) -> bool {
        matches!(
            self,
            SignatureToken::Reference(_) | SignatureToken::MutableReference(_)
        )
    }

    /// Whether this is `&mut T`.
    pub fn is_mutable_reference(&self) -> bool {
        matches!(self, SignatureToken::MutableReference(_))
    }

    /// Whether this is one of the twelve integer types.
    pub fn is_integer(&self) -> bool {
        use SignatureToken::*;
        matches!(
            self,
            U8 | U16 | U32 | U64 | U128 | U256 | I8 | I16 | I32 | I64 | I128 | I256
        )
    }

    /// Whether this is a signed integer type.
    pub fn is_signed_integer(&self) -> bool {
        use SignatureToken::*;
        matches!(self, I8 | I16 | I32 | I64 | I128 | I256)
    }

    /// Pre-order iterator over this token and all tokens nested in it.
    pub fn preorder(&self) -> SignatureTokenPreorder<'_> {
        SignatureTokenPreorder { stack: vec![self] }
    }

    /// The tokens directly nested in this one, in encoding order.
    pub fn children(&self) -> &[SignatureToken] {
        match self {
            SignatureToken::Vector(inner)
            | SignatureToken::Reference(inner)
            | SignatureToken::MutableReference(inner) => std::slice::from_ref(inner),
            SignatureToken::StructInstantiation(_, args) => args,
            _ => &[],
        }
    }
}

/// Pre-order walk over a signature token (see [`SignatureToken::preorder`]).
#[derive(Debug)]
pub struct SignatureTokenPreorder<'a> {
    stack: Vec<&'a SignatureToken>,
}

impl<'a> Iterator for SignatureTokenPreorder<'a> {
    type Item = &'a SignatureToken;

    fn next(&mut self) -> Option<&'a SignatureToken> {
        let tok = self.stack.pop()?;
        match tok {
            SignatureToken::Function(args, results, _) => {
                self.stack.extend(results.iter().rev());
                self.stack.extend(args.iter().rev());
            }
            other => self.stack.extend(other.children().iter().rev()),
        }
        Some(tok)
    }
}

/// Entry of the signature pool: a list of types.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Signature(pub Vec<SignatureToken>);

impl Signature {
    /// The number of types.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether the signature has no types.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// Entry of the constant pool: a type and the BCS bytes of the value.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Constant {
    /// The constant's type.
    pub type_: SignatureToken,
    /// The BCS bytes of the value.
    pub data: Vec<u8>,
}

/// Entry of the metadata table: opaque key and value bytes.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Metadata {
    /// The key.
    pub key: Vec<u8>,
    /// The value.
    pub value: Vec<u8>,
}

/// A field of a struct or variant definition.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct FieldDefinition {
    /// The field's name.
    pub name: IdentifierIndex,
    /// The field's type.
    pub type_: SignatureToken,
}

/// A variant of an enum definition.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct VariantDefinition {
    /// The variant's name.
    pub name: IdentifierIndex,
    /// The variant's fields.
    pub fields: Vec<FieldDefinition>,
}

/// The body of a struct definition.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum StructFieldInformation {
    /// 0x01: a native struct (decodes, but the peer refuses to load it).
    Native,
    /// 0x02: a struct with fields.
    Declared(Vec<FieldDefinition>),
    /// 0x03: an enum with variants (v7).
    DeclaredVariants(Vec<VariantDefinition>),
}

/// Entry of the enum-definition table (Sui flavor): an enum and its variants.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct EnumDefinition {
    /// The enum's datatype handle (name, abilities, type parameters).
    pub enum_handle: StructHandleIndex,
    /// The variants; a variant's tag is its position.
    pub variants: Vec<VariantDefinition>,
}

/// Entry of the enum-definition-instantiation table (Sui flavor).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct EnumDefInstantiation {
    /// The generic enum definition.
    pub def: EnumDefinitionIndex,
    /// The type arguments.
    pub type_parameters: SignatureIndex,
}

/// Entry of the variant-handle table (Sui flavor): one variant of an enum defined here.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct VariantHandle {
    /// The enum definition.
    pub enum_def: EnumDefinitionIndex,
    /// The variant's tag.
    pub variant: VariantIndex,
}

/// Entry of the variant-instantiation-handle table (Sui flavor).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct VariantInstantiationHandle {
    /// The enum instantiation.
    pub enum_def: EnumDefInstantiationIndex,
    /// The variant's tag.
    pub variant: VariantIndex,
}

/// Entry of the struct-definition table.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct StructDefinition {
    /// The struct's handle (which holds its name, abilities and type parameters).
    pub struct_handle: StructHandleIndex,
    /// Fields or variants.
    pub field_information: StructFieldInformation,
}

impl StructDefinition {
    /// The fields of a plain struct; empty for enums and natives.
    pub fn fields(&self) -> &[FieldDefinition] {
        match &self.field_information {
            StructFieldInformation::Declared(fields) => fields,
            _ => &[],
        }
    }

    /// The variants of an enum; empty for plain structs and natives.
    pub fn variants(&self) -> &[VariantDefinition] {
        match &self.field_information {
            StructFieldInformation::DeclaredVariants(variants) => variants,
            _ => &[],
        }
    }

    /// Whether this is an enum.
    pub fn is_enum(&self) -> bool {
        matches!(
            self.field_information,
            StructFieldInformation::DeclaredVariants(_)
        )
    }
}

/// Visibility of a function definition.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[repr(u8)]
pub enum Visibility {
    /// 0x00: callable only from its own module.
    #[default]
    Private = 0x00,
    /// 0x01: callable from anywhere.
    Public = 0x01,
    /// 0x03: callable from friend modules.
    Friend = 0x03,
}

/// A jump table of a Sui code unit: one code offset per variant of an enum, read by
/// `VariantSwitch`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct VariantJumpTable {
    /// The enum whose variant tag selects the entry.
    pub head_enum: EnumDefinitionIndex,
    /// The target of each variant, indexed by tag (Sui's only kind of table, "full", flag
    /// 0x01).
    pub targets: Vec<CodeOffset>,
}

/// A function body: its non-parameter locals, its instructions and (Sui) its jump tables.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct CodeUnit {
    /// Types of the locals after the parameters.
    pub locals: SignatureIndex,
    /// The instructions.
    pub code: Vec<Bytecode>,
    /// The jump tables `VariantSwitch` instructions index (Sui flavor, v7+; always empty in
    /// Aptos binaries).
    pub jump_tables: Vec<VariantJumpTable>,
}

/// Entry of the function-definition table.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct FunctionDefinition {
    /// The function's handle (name, signature, type parameters).
    pub function: FunctionHandleIndex,
    /// Who may call it.
    pub visibility: Visibility,
    /// Whether it is an entry function (flag 0x04).
    pub is_entry: bool,
    /// The resources it declares it acquires.
    pub acquires_global_resources: Vec<StructDefinitionIndex>,
    /// The body; `None` for a native function (flag 0x02).
    pub code: Option<CodeUnit>,
}

impl FunctionDefinition {
    /// Whether the function is native.
    pub fn is_native(&self) -> bool {
        self.code.is_none()
    }
}

/// A compiled module: every table of the format, in either flavor.
///
/// The flavor decides how the version word is written and which tables and instructions
/// may appear: the four Aptos variant tables stay empty in a Sui module, the four Sui enum
/// tables (and every code unit's jump tables) in an Aptos module.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct CompiledModule {
    /// The flavor the module is written in.
    pub flavor: Flavor,
    /// The plain bytecode version (Aptos: 5..=10 for writing, 1..=10 accepted on reading;
    /// Sui: up to 7).
    pub version: u32,
    /// The handle of this module in `module_handles`.
    pub self_module_handle_idx: ModuleHandleIndex,
    /// MODULE_HANDLES (0x01).
    pub module_handles: Vec<ModuleHandle>,
    /// STRUCT_HANDLES (0x02).
    pub struct_handles: Vec<StructHandle>,
    /// FUNCTION_HANDLES (0x03).
    pub function_handles: Vec<FunctionHandle>,
    /// FIELD_HANDLES (0x0D).
    pub field_handles: Vec<FieldHandle>,
    /// FRIEND_DECLS (0x0F).
    pub friend_decls: Vec<ModuleHandle>,
    /// STRUCT_DEF_INST (0x0B).
    pub struct_def_instantiations: Vec<StructDefInstantiation>,
    /// FUNCTION_INST (0x04).
    pub function_instantiations: Vec<FunctionInstantiation>,
    /// FIELD_INST (0x0E).
    pub field_instantiations: Vec<FieldInstantiation>,
    /// SIGNATURES (0x05).
    pub signatures: Vec<Signature>,
    /// IDENTIFIERS (0x07).
    pub identifiers: Vec<Identifier>,
    /// ADDRESS_IDENTIFIERS (0x08).
    pub address_identifiers: Vec<AccountAddress>,
    /// CONSTANT_POOL (0x06).
    pub constant_pool: Vec<Constant>,
    /// METADATA (0x10).
    pub metadata: Vec<Metadata>,
    /// STRUCT_DEFS (0x0A).
    pub struct_defs: Vec<StructDefinition>,
    /// FUNCTION_DEFS (0x0C).
    pub function_defs: Vec<FunctionDefinition>,
    /// VARIANT_FIELD_HANDLES (0x11).
    pub variant_field_handles: Vec<VariantFieldHandle>,
    /// VARIANT_FIELD_INST (0x12).
    pub variant_field_instantiations: Vec<VariantFieldInstantiation>,
    /// STRUCT_VARIANT_HANDLES (0x13).
    pub struct_variant_handles: Vec<StructVariantHandle>,
    /// STRUCT_VARIANT_INST (0x14).
    pub struct_variant_instantiations: Vec<StructVariantInstantiation>,
    /// ENUM_DEFS (Sui 0x11).
    pub enum_defs: Vec<EnumDefinition>,
    /// ENUM_DEF_INST (Sui 0x12).
    pub enum_def_instantiations: Vec<EnumDefInstantiation>,
    /// VARIANT_HANDLES (Sui 0x13).
    pub variant_handles: Vec<VariantHandle>,
    /// VARIANT_INST_HANDLES (Sui 0x14).
    pub variant_instantiation_handles: Vec<VariantInstantiationHandle>,
}

/// A compiled script: the common tables plus a `main` code unit.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct CompiledScript {
    /// The plain bytecode version.
    pub version: u32,
    /// MODULE_HANDLES (0x01).
    pub module_handles: Vec<ModuleHandle>,
    /// STRUCT_HANDLES (0x02).
    pub struct_handles: Vec<StructHandle>,
    /// FUNCTION_HANDLES (0x03).
    pub function_handles: Vec<FunctionHandle>,
    /// FUNCTION_INST (0x04).
    pub function_instantiations: Vec<FunctionInstantiation>,
    /// SIGNATURES (0x05).
    pub signatures: Vec<Signature>,
    /// IDENTIFIERS (0x07).
    pub identifiers: Vec<Identifier>,
    /// ADDRESS_IDENTIFIERS (0x08).
    pub address_identifiers: Vec<AccountAddress>,
    /// CONSTANT_POOL (0x06).
    pub constant_pool: Vec<Constant>,
    /// METADATA (0x10).
    pub metadata: Vec<Metadata>,
    /// The body of `main`.
    pub code: CodeUnit,
    /// Constraints of `main`'s type parameters.
    pub type_parameters: Vec<AbilitySet>,
    /// `main`'s parameter types.
    pub parameters: SignatureIndex,
    /// Access specifiers (v8+).
    pub access_specifiers: Option<Vec<AccessSpecifier>>,
}

/// Read access to the tables shared by modules and scripts, by typed index.
///
/// Getters return `None` for an index out of range, so code that runs on unchecked input never
/// panics.
pub trait BinaryTables {
    /// The module-handle table.
    fn module_handles(&self) -> &[ModuleHandle];
    /// The struct-handle table.
    fn struct_handles(&self) -> &[StructHandle];
    /// The function-handle table.
    fn function_handles(&self) -> &[FunctionHandle];
    /// The function-instantiation table.
    fn function_instantiations(&self) -> &[FunctionInstantiation];
    /// The signature pool.
    fn signatures(&self) -> &[Signature];
    /// The identifier pool.
    fn identifiers(&self) -> &[Identifier];
    /// The address pool.
    fn address_identifiers(&self) -> &[AccountAddress];
    /// The constant pool.
    fn constant_pool(&self) -> &[Constant];

    /// The module handle at `idx`.
    fn module_handle_at(&self, idx: ModuleHandleIndex) -> Option<&ModuleHandle> {
        self.module_handles().get(idx.idx())
    }
    /// The struct handle at `idx`.
    fn struct_handle_at(&self, idx: StructHandleIndex) -> Option<&StructHandle> {
        self.struct_handles().get(idx.idx())
    }
    /// The function handle at `idx`.
    fn function_handle_at(&self, idx: FunctionHandleIndex) -> Option<&FunctionHandle> {
        self.function_handles().get(idx.idx())
    }
    /// The function instantiation at `idx`.
    fn function_instantiation_at(
        &self,
        idx: FunctionInstantiationIndex,
    ) -> Option<&FunctionInstantiation> {
        self.function_instantiations().get(idx.idx())
    }
    /// The signature at `idx`.
    fn signature_at(&self, idx: SignatureIndex) -> Option<&Signature> {
        self.signatures().get(idx.idx())
    }
    /// The identifier at `idx`.
    fn identifier_at(&self, idx: IdentifierIndex) -> Option<&Identifier> {
        self.identifiers().get(idx.idx())
    }
    /// The address at `idx`.
    fn address_identifier_at(&self, idx: AddressIdentifierIndex) -> Option<&AccountAddress> {
        self.address_identifiers().get(idx.idx())
    }
    /// The constant at `idx`.
    fn constant_at(&self, idx: ConstantPoolIndex) -> Option<&Constant> {
        self.constant_pool().get(idx.idx())
    }
}

macro_rules! impl_binary_tables {
    ($ty:ty) => {
        impl BinaryTables for $ty {
            fn module_handles(&self) -> &[ModuleHandle] {
                &self.module_handles
            }
            fn struct_handles(&self) -> &[StructHandle] {
                &self.struct_handles
            }
            fn function_handles(&self) -> &[FunctionHandle] {
                &self.function_handles
            }
            fn function_instantiations(&self) -> &[FunctionInstantiation] {
                &self.function_instantiations
            }
            fn signatures(&self) -> &[Signature] {
                &self.signatures
            }
            fn identifiers(&self) -> &[Identifier] {
                &self.identifiers
            }
            fn address_identifiers(&self) -> &[AccountAddress] {
                &self.address_identifiers
            }
            fn constant_pool(&self) -> &[Constant] {
                &self.constant_pool
            }
        }
    };
}

impl_binary_tables!(CompiledModule);
impl_binary_tables!(CompiledScript);

impl CompiledModule {
    /// This module's own handle, if the index is in range.
    pub fn self_handle(&self) -> Option<&ModuleHandle> {
        self.module_handles.get(self.self_module_handle_idx.idx())
    }

    /// This module's name, if its handle and name index are in range.
    pub fn name(&self) -> Option<&Identifier> {
        self.self_handle().and_then(|h| self.identifier_at(h.name))
    }

    /// This module's address, if its handle and address index are in range.
    pub fn address(&self) -> Option<&AccountAddress> {
        self.self_handle()
            .and_then(|h| self.address_identifier_at(h.address))
    }

    /// This module's id, if its handle's indices are in range.
    pub fn self_id(&self) -> Option<ModuleId> {
        Some(ModuleId::new(*self.address()?, self.name()?.clone()))
    }

    /// The name of each function this module defines, in definition order (a definition whose
    /// indices are out of range has none).
    pub fn function_names(&self) -> impl Iterator<Item = Option<&str>> + '_ {
        self.function_defs.iter().map(move |d| {
            let handle = self.function_handle_at(d.function)?;
            Some(self.identifier_at(handle.name)?.as_str())
        })
    }

    /// The definition index and handle of the function this module defines under `name`.
    pub fn function_named(&self, name: &str) -> Option<(usize, &FunctionHandle)> {
        self.function_defs.iter().enumerate().find_map(|(i, d)| {
            let handle = self.function_handle_at(d.function)?;
            (self.identifier_at(handle.name)?.as_str() == name).then_some((i, handle))
        })
    }

    /// The ids of the modules this module imports (its module handles other than its own, in
    /// table order; handles with out-of-range indices are skipped).
    pub fn immediate_dependencies(&self) -> impl Iterator<Item = ModuleId> + '_ {
        self.module_handles
            .iter()
            .enumerate()
            .filter(move |(i, _)| *i != self.self_module_handle_idx.idx())
            .filter_map(move |(_, h)| self.module_id_of(h))
    }

    /// The ids of the modules this module declares as friends.
    pub fn friends(&self) -> impl Iterator<Item = ModuleId> + '_ {
        self.friend_decls
            .iter()
            .filter_map(move |h| self.module_id_of(h))
    }

    fn module_id_of(&self, handle: &ModuleHandle) -> Option<ModuleId> {
        Some(ModuleId::new(
            *self.address_identifier_at(handle.address)?,
            self.identifier_at(handle.name)?.clone(),
        ))
    }

    /// The struct definition at `idx`.
    pub fn struct_def_at(&self, idx: StructDefinitionIndex) -> Option<&StructDefinition> {
        self.struct_defs.get(idx.idx())
    }

    /// The function definition at `idx`.
    pub fn function_def_at(&self, idx: FunctionDefinitionIndex) -> Option<&FunctionDefinition> {
        self.function_defs.get(idx.idx())
    }

    /// The enum definition at `idx` (Sui).
    pub fn enum_def_at(&self, idx: EnumDefinitionIndex) -> Option<&EnumDefinition> {
        self.enum_defs.get(idx.idx())
    }

    /// The variant handle at `idx` (Sui).
    pub fn variant_handle_at(&self, idx: VariantHandleIndex) -> Option<&VariantHandle> {
        self.variant_handles.get(idx.idx())
    }

    /// The variant instantiation handle at `idx` (Sui).
    pub fn variant_instantiation_handle_at(
        &self,
        idx: VariantInstantiationHandleIndex,
    ) -> Option<&VariantInstantiationHandle> {
        self.variant_instantiation_handles.get(idx.idx())
    }
}
