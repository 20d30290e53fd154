//! Name resolution and declarations: address and module aliases, the structs and functions
//! declared in this unit, and the import of handles from context modules (copied, with every
//! struct type they mention translated into this unit's tables).

use super::ast::ModName;
use super::builder::{bounded, intern, Tables};
use crate::suggest::did_you_mean;
use std::collections::HashMap;
use tern_binary::*;
use tern_primitives::{AbilitySet, AccountAddress, Flavor};

/// Where a datatype declared in this unit is defined: among the struct definitions (every
/// datatype of an Aptos module, the structs of a Sui module) or, for a Sui enum, among the
/// enum definitions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum DatatypeDef {
    /// A struct definition (an Aptos enum too).
    Struct(StructDefinitionIndex),
    /// A Sui enum definition.
    Enum(EnumDefinitionIndex),
}

/// The pseudo module id of scripts: all-`0xff` address, name `__script__`.
pub(crate) fn script_module_id() -> ModName {
    ModName {
        address: AccountAddress::new([0xff; 32]),
        name: String::from("__script__"),
    }
}

/// The id of a compiled module, if its self handle is in range.
pub(crate) fn module_id_of(m: &CompiledModule) -> Option<ModName> {
    Some(ModName {
        address: *m.address()?,
        name: m.name()?.as_str().to_string(),
    })
}

/// The unit under construction, its names and its context.
pub(crate) struct Builder<'d> {
    pub(crate) tables: Tables,
    context: HashMap<ModName, &'d CompiledModule>,
    address_aliases: HashMap<String, AccountAddress>,
    module_aliases: HashMap<String, ModName>,
    this: ModName,
    is_script: bool,
    pub(crate) main_handle: Option<FunctionHandle>,
    /// The datatypes declared in this unit, in source order.
    datatypes: Vec<(String, DatatypeDef)>,
    fun_names: Vec<String>,
}

impl<'d> Builder<'d> {
    /// A builder for module `id`, or for a script when `id` is `None`. Later context modules
    /// with the same id replace earlier ones.
    pub(crate) fn new(
        id: Option<&ModName>,
        flavor: Flavor,
        version: u32,
        deps: &[&'d CompiledModule],
    ) -> Result<Builder<'d>, String> {
        let context = deps
            .iter()
            .filter_map(|m| module_id_of(m).map(|id| (id, *m)))
            .collect();
        Ok(Builder {
            tables: Tables::new(id, flavor, version)?,
            context,
            address_aliases: HashMap::new(),
            module_aliases: HashMap::new(),
            this: id.cloned().unwrap_or_else(script_module_id),
            is_script: id.is_none(),
            main_handle: None,
            datatypes: vec![],
            fun_names: vec![],
        })
    }

    fn m(&self) -> &CompiledModule {
        &self.tables.module
    }

    /// The flavor of the unit being built.
    pub(crate) fn flavor(&self) -> Flavor {
        self.tables.module.flavor
    }

    // ---------------------------------------------------------------------------------------
    // Declarations

    pub(crate) fn declare_address_alias(
        &mut self,
        name: &str,
        addr: AccountAddress,
    ) -> Result<(), String> {
        match self.address_aliases.insert(name.to_string(), addr) {
            Some(_) => Err(format!("duplicate address alias `{name}`")),
            None => Ok(()),
        }
    }

    pub(crate) fn declare_module_alias(
        &mut self,
        name: &str,
        module: &ModName,
    ) -> Result<(), String> {
        match self.module_aliases.insert(name.to_string(), module.clone()) {
            Some(_) => Err(format!("duplicate module alias `{name}`")),
            None => Ok(()),
        }
    }

    pub(crate) fn declare_friend(&mut self, module: &ModName) -> Result<(), String> {
        let address = self.tables.address_index(module.address)?;
        let name = self.tables.name_index(&module.name)?;
        let handle = ModuleHandle { address, name };
        if self.m().friend_decls.contains(&handle) {
            return Err(format!("duplicate friend module `{}`", module.short()));
        }
        self.tables.module.friend_decls.push(handle);
        Ok(())
    }

    /// Declares a struct, or an enum (`is_enum`: in a Sui unit it goes to the enum table).
    pub(crate) fn declare_struct(
        &mut self,
        name: &str,
        type_parameters: Vec<StructTypeParameter>,
        abilities: AbilitySet,
        is_enum: bool,
    ) -> Result<DatatypeDef, String> {
        if self.is_script {
            return Err(String::from("script cannot have struct definitions"));
        }
        if self.datatypes.iter().any(|(n, _)| n == name) {
            return Err(format!("duplicate struct definition `{name}`"));
        }
        let name_idx = self.tables.name_index(name)?;
        let handle = StructHandle {
            module: ModuleHandleIndex(0),
            name: name_idx,
            abilities,
            type_parameters,
        };
        let t = &mut self.tables;
        let key = (self.this.clone(), name.to_string());
        let struct_handle = intern(
            &mut t.module.struct_handles,
            &mut t.lookups.structs,
            key,
            || handle,
            StructHandleIndex,
            "struct handle",
        )?;
        let def = if is_enum && t.module.flavor == Flavor::Sui {
            let idx = bounded(t.module.enum_defs.len(), "enum definition index")?;
            t.module.enum_defs.push(EnumDefinition {
                enum_handle: struct_handle,
                variants: vec![],
            });
            DatatypeDef::Enum(EnumDefinitionIndex(idx))
        } else {
            let idx = bounded(t.module.struct_defs.len(), "struct definition index")?;
            t.module.struct_defs.push(StructDefinition {
                struct_handle,
                field_information: StructFieldInformation::Native,
            });
            DatatypeDef::Struct(StructDefinitionIndex(idx))
        };
        self.datatypes.push((name.to_string(), def));
        Ok(def)
    }

    /// Declares a function; `handle` holds everything but the name, which is set here.
    pub(crate) fn declare_fun(
        &mut self,
        name: &str,
        mut handle: FunctionHandle,
        mut def: FunctionDefinition,
    ) -> Result<FunctionDefinitionIndex, String> {
        if self.is_script && !self.m().function_defs.is_empty() {
            return Err(String::from("script can have only one function definition"));
        }
        if self.fun_names.iter().any(|n| n == name) {
            return Err(format!("duplicate function definition `{name}`"));
        }
        handle.name = self.tables.name_index(name)?;
        def.function = if self.is_script {
            self.main_handle = Some(handle);
            FunctionHandleIndex(u16::MAX)
        } else {
            let t = &mut self.tables;
            let key = (self.this.clone(), name.to_string());
            intern(
                &mut t.module.function_handles,
                &mut t.lookups.functions,
                key,
                || handle,
                FunctionHandleIndex,
                "function handle",
            )?
        };
        let idx = bounded(self.m().function_defs.len(), "function definition index")?;
        self.tables.module.function_defs.push(def);
        self.fun_names.push(name.to_string());
        Ok(FunctionDefinitionIndex(idx))
    }

    // ---------------------------------------------------------------------------------------
    // Resolution

    /// Resolves `[addr ::] parts` to a module that is this one or a context module.
    pub(crate) fn resolve_module(
        &self,
        address: Option<AccountAddress>,
        parts: &[String],
    ) -> Result<ModName, String> {
        let id = match (address, parts) {
            (Some(address), [name]) => ModName {
                address,
                name: name.clone(),
            },
            (Some(_), _) => return Err(String::from("expected one name part after address")),
            (None, [alias, name]) => match self.address_aliases.get(alias) {
                Some(address) => ModName {
                    address: *address,
                    name: name.clone(),
                },
                None => return Err(format!("undeclared address alias `{alias}`")),
            },
            (None, [alias]) => match self.module_aliases.get(alias) {
                Some(id) => id.clone(),
                None => return Err(format!("undeclared module alias `{alias}`")),
            },
            (None, _) => return Err(String::from("expected two name parts")),
        };
        if self.context.contains_key(&id) || id == self.this {
            Ok(id)
        } else {
            let same_address = self
                .context
                .keys()
                .filter(|m| m.address == id.address)
                .map(|m| m.name.as_str());
            let hint = did_you_mean(id.name.as_str(), same_address);
            Err(format!("unknown module `{}`{hint}", id.long()))
        }
    }

    /// Resolves a function name (`f`, `m::f`, `a::m::f`, `0x1::m::f`) to a handle.
    pub(crate) fn resolve_fun(
        &mut self,
        address: Option<AccountAddress>,
        parts: &[String],
    ) -> Result<FunctionHandleIndex, String> {
        if let (None, [name]) = (address, parts) {
            if !self.fun_names.contains(name) {
                let this = self.this.long();
                let hint = did_you_mean(name, self.fun_names.iter().map(String::as_str));
                return Err(format!("undeclared function `{name}` in `{this}`{hint}"));
            }
            return self.fun_index(&self.this.clone(), name);
        }
        let (name, prefix) = parts.split_last().ok_or("expected identifier")?;
        let module = self.resolve_module(address, prefix)?;
        self.fun_index(&module, name)
    }

    /// Resolves a struct type name to a handle (like [`Self::resolve_fun`]).
    pub(crate) fn resolve_struct(
        &mut self,
        address: Option<AccountAddress>,
        parts: &[String],
    ) -> Result<StructHandleIndex, String> {
        if let (None, [name]) = (address, parts) {
            if !self.datatypes.iter().any(|(n, _)| n == name) {
                let this = self.this.long();
                let hint = did_you_mean(name, self.datatypes.iter().map(|(n, _)| n.as_str()));
                return Err(format!("undeclared struct `{name}` in `{this}`{hint}"));
            }
            return self.struct_index(&self.this.clone(), name);
        }
        let (name, prefix) = parts.split_last().ok_or("expected identifier")?;
        let module = self.resolve_module(address, prefix)?;
        self.struct_index(&module, name)
    }

    /// The definition index of a struct declared in this unit.
    pub(crate) fn resolve_struct_def(&self, name: &str) -> Result<StructDefinitionIndex, String> {
        match self.datatypes.iter().find(|(n, _)| n == name) {
            Some((_, DatatypeDef::Struct(idx))) => Ok(*idx),
            _ => Err(format!("undeclared struct `{name}` in current module")),
        }
    }

    /// The definition index of a Sui enum declared in this unit.
    pub(crate) fn resolve_enum_def(&self, name: &str) -> Result<EnumDefinitionIndex, String> {
        match self.datatypes.iter().find(|(n, _)| n == name) {
            Some((_, DatatypeDef::Enum(idx))) => Ok(*idx),
            _ => Err(format!("undeclared enum `{name}` in current module")),
        }
    }

    /// The tag of variant `name` of Sui enum `def`.
    pub(crate) fn resolve_enum_variant(
        &self,
        def: EnumDefinitionIndex,
        name: &str,
    ) -> Result<VariantIndex, String> {
        let variants = self.m().enum_def_at(def).map_or(&[][..], |d| &d.variants);
        match variants.iter().position(|v| self.ident_of(v.name) == name) {
            Some(pos) => Ok((pos & 0xFFFF) as u16),
            None => {
                let names = variants.iter().map(|v| self.ident_of(v.name));
                Err(format!(
                    "undeclared variant `{name}`{}",
                    did_you_mean(name, names)
                ))
            }
        }
    }

    fn ident_of(&self, idx: IdentifierIndex) -> &str {
        self.m().identifier_at(idx).map_or("", |i| i.as_str())
    }

    /// The index of variant `name` of enum `def`.
    pub(crate) fn resolve_variant(
        &self,
        def: StructDefinitionIndex,
        name: &str,
    ) -> Result<VariantIndex, String> {
        let variants = self
            .m()
            .struct_def_at(def)
            .map_or(&[][..], |d| d.variants());
        match variants.iter().position(|v| self.ident_of(v.name) == name) {
            Some(pos) => Ok((pos & 0xFFFF) as u16),
            None => {
                let names = variants.iter().map(|v| self.ident_of(v.name));
                Err(format!(
                    "undeclared variant `{name}`{}",
                    did_you_mean(name, names)
                ))
            }
        }
    }

    /// The offset of field `name` of struct `def` (of variant `variant` for enums).
    pub(crate) fn resolve_field(
        &self,
        def: StructDefinitionIndex,
        variant: Option<VariantIndex>,
        name: &str,
    ) -> Result<MemberCount, String> {
        let info = self.m().struct_def_at(def).map(|d| &d.field_information);
        let fields = match (info, variant) {
            (Some(StructFieldInformation::Declared(fields)), None) => fields,
            (Some(StructFieldInformation::DeclaredVariants(vs)), Some(v))
                if usize::from(v) < vs.len() =>
            {
                vs.get(usize::from(v)).map_or(&[][..], |v| &v.fields)
            }
            (_, Some(_)) => return Err(String::from("need variant for field selection of enum")),
            (_, None) => {
                return Err(String::from(
                    "invalid variant for field selection of struct",
                ))
            }
        };
        match fields.iter().position(|f| self.ident_of(f.name) == name) {
            Some(pos) => Ok((pos & 0xFFFF) as u16),
            None => {
                let names = fields.iter().map(|f| self.ident_of(f.name));
                Err(format!(
                    "undeclared field `{name}`{}",
                    did_you_mean(name, names)
                ))
            }
        }
    }

    /// Sets the layout of a declared struct.
    pub(crate) fn define_layout(
        &mut self,
        def: StructDefinitionIndex,
        info: StructFieldInformation,
    ) {
        if let Some(d) = self.tables.module.struct_defs.get_mut(def.idx()) {
            d.field_information = info;
        }
    }

    /// Sets the variants of a declared Sui enum.
    pub(crate) fn define_enum(
        &mut self,
        def: EnumDefinitionIndex,
        variants: Vec<VariantDefinition>,
    ) {
        if let Some(d) = self.tables.module.enum_defs.get_mut(def.idx()) {
            d.variants = variants;
        }
    }

    /// Sets the body of a declared function.
    pub(crate) fn define_code(&mut self, def: FunctionDefinitionIndex, code: CodeUnit) {
        if let Some(d) = self.tables.module.function_defs.get_mut(def.idx()) {
            d.code = Some(code);
        }
    }

    // ---------------------------------------------------------------------------------------
    // Handles, importing from context modules when needed

    fn fun_index(&mut self, module: &ModName, name: &str) -> Result<FunctionHandleIndex, String> {
        let key = (module.clone(), name.to_string());
        if let Some(idx) = self.tables.lookups.functions.get(&key) {
            return Ok(*idx);
        }
        if *module == self.this {
            return Err(format!("unknown function `{name}` in the current module"));
        }
        let handle = self.import_fun(module, name)?;
        let t = &mut self.tables;
        intern(
            &mut t.module.function_handles,
            &mut t.lookups.functions,
            key,
            || handle,
            FunctionHandleIndex,
            "function handle",
        )
    }

    fn struct_index(&mut self, module: &ModName, name: &str) -> Result<StructHandleIndex, String> {
        let key = (module.clone(), name.to_string());
        if let Some(idx) = self.tables.lookups.structs.get(&key) {
            return Ok(*idx);
        }
        if *module == self.this {
            return Err(format!("unknown struct `{name}` in the current module"));
        }
        let handle = self.import_struct(module, name)?;
        let t = &mut self.tables;
        intern(
            &mut t.module.struct_handles,
            &mut t.lookups.structs,
            key,
            || handle,
            StructHandleIndex,
            "struct handle",
        )
    }

    fn context_module(&self, module: &ModName) -> Result<&'d CompiledModule, String> {
        self.context.get(module).copied().ok_or_else(|| {
            let same_address = self
                .context
                .keys()
                .filter(|m| m.address == module.address)
                .map(|m| m.name.as_str());
            let hint = did_you_mean(module.name.as_str(), same_address);
            format!("unknown module `{}`{hint}", module.long())
        })
    }

    fn import_fun(&mut self, module: &ModName, name: &str) -> Result<FunctionHandle, String> {
        let dep = self.context_module(module)?;
        let found = dep.function_defs.iter().find_map(|def| {
            let handle = dep.function_handle_at(def.function)?;
            (dep.identifier_at(handle.name)?.as_str() == name).then_some(handle)
        });
        let Some(src) = found else {
            let names = dep.function_names().flatten();
            return Err(format!(
                "unknown function `{name}` in module `{}`{}",
                module.long(),
                did_you_mean(name, names)
            ));
        };
        let owner = handle_module_id(dep, src.module)?;
        let module_idx = self.tables.module_index(&owner)?;
        let name_idx = self.tables.name_index(name)?;
        let parameters = self.import_signature(dep, src.parameters)?;
        let return_ = self.import_signature(dep, src.return_)?;
        Ok(FunctionHandle {
            module: module_idx,
            name: name_idx,
            parameters,
            return_,
            type_parameters: src.type_parameters.clone(),
            access_specifiers: src.access_specifiers.clone(),
            attributes: src.attributes.clone(),
        })
    }

    fn import_struct(&mut self, module: &ModName, name: &str) -> Result<StructHandle, String> {
        let dep = self.context_module(module)?;
        let struct_handles = dep.struct_defs.iter().map(|d| d.struct_handle);
        let enum_handles = dep.enum_defs.iter().map(|d| d.enum_handle);
        let found = struct_handles.chain(enum_handles).find_map(|h| {
            let handle = dep.struct_handle_at(h)?;
            (dep.identifier_at(handle.name)?.as_str() == name).then_some(handle)
        });
        let Some(src) = found else {
            let names = dep
                .struct_defs
                .iter()
                .map(|d| d.struct_handle)
                .chain(dep.enum_defs.iter().map(|d| d.enum_handle))
                .filter_map(|h| Some(dep.identifier_at(dep.struct_handle_at(h)?.name)?.as_str()));
            return Err(format!(
                "unknown struct `{name}` in module `{}`{}",
                module.long(),
                did_you_mean(name, names)
            ));
        };
        let owner = handle_module_id(dep, src.module)?;
        let module_idx = self.tables.module_index(&owner)?;
        let name_idx = self.tables.name_index(name)?;
        Ok(StructHandle {
            module: module_idx,
            name: name_idx,
            abilities: src.abilities,
            type_parameters: src.type_parameters.clone(),
        })
    }

    fn import_signature(
        &mut self,
        dep: &CompiledModule,
        idx: SignatureIndex,
    ) -> Result<SignatureIndex, String> {
        let sig = dep.signature_at(idx).ok_or_else(|| bad_dep(dep))?;
        let tokens = sig
            .0
            .iter()
            .map(|tok| self.import_token(dep, tok))
            .collect::<Result<Vec<_>, _>>()?;
        self.tables.signature_index(tokens)
    }

    fn import_token(
        &mut self,
        dep: &CompiledModule,
        tok: &SignatureToken,
    ) -> Result<SignatureToken, String> {
        use SignatureToken as S;
        let list = |this: &mut Self, toks: &[SignatureToken]| -> Result<Vec<S>, String> {
            toks.iter().map(|t| this.import_token(dep, t)).collect()
        };
        Ok(match tok {
            S::Vector(t) => S::Vector(Box::new(self.import_token(dep, t)?)),
            S::Reference(t) => S::Reference(Box::new(self.import_token(dep, t)?)),
            S::MutableReference(t) => S::MutableReference(Box::new(self.import_token(dep, t)?)),
            S::Struct(h) => S::Struct(self.import_struct_ref(dep, *h)?),
            S::StructInstantiation(h, args) => {
                let h = self.import_struct_ref(dep, *h)?;
                S::StructInstantiation(h, list(self, args)?)
            }
            S::Function(args, results, abilities) => {
                S::Function(list(self, args)?, list(self, results)?, *abilities)
            }
            other => other.clone(),
        })
    }

    fn import_struct_ref(
        &mut self,
        dep: &CompiledModule,
        h: StructHandleIndex,
    ) -> Result<StructHandleIndex, String> {
        let handle = dep.struct_handle_at(h).ok_or_else(|| bad_dep(dep))?;
        let owner = handle_module_id(dep, handle.module)?;
        let name = dep.identifier_at(handle.name).ok_or_else(|| bad_dep(dep))?;
        self.struct_index(&owner, name.as_str())
    }

    // ---------------------------------------------------------------------------------------
    // Result

    /// The finished unit as a module.
    pub(crate) fn into_module(self) -> Result<CompiledModule, String> {
        if self.main_handle.is_some() {
            return Err(String::from("a module cannot be built from a script"));
        }
        Ok(self.tables.module)
    }

    /// The finished unit as a script.
    pub(crate) fn into_script(self) -> Result<CompiledScript, String> {
        let Some(main) = self.main_handle else {
            return Err(String::from("a script cannot be built from a module"));
        };
        let mut m = self.tables.module;
        if m.function_defs.len() != 1 {
            return Err(String::from("scripts can only contain one function"));
        }
        if !m.struct_defs.is_empty() || !m.enum_defs.is_empty() {
            return Err(String::from(
                "scripts cannot have struct or enum declarations",
            ));
        }
        let Some(code) = m
            .function_defs
            .pop()
            .and_then(|d| d.code)
            .filter(|c| !c.code.is_empty())
        else {
            return Err(String::from("script functions must have a body"));
        };
        if !matches!(m.signature_at(main.return_), Some(s) if s.is_empty()) {
            return Err(String::from("main function must not return values"));
        }
        Ok(CompiledScript {
            version: m.version,
            module_handles: m.module_handles,
            struct_handles: m.struct_handles,
            function_handles: m.function_handles,
            function_instantiations: m.function_instantiations,
            signatures: m.signatures,
            identifiers: m.identifiers,
            address_identifiers: m.address_identifiers,
            constant_pool: m.constant_pool,
            metadata: m.metadata,
            code,
            type_parameters: main.type_parameters,
            parameters: main.parameters,
            access_specifiers: main.access_specifiers,
        })
    }
}

fn bad_dep(dep: &CompiledModule) -> String {
    let id = module_id_of(dep).map_or_else(|| String::from("?"), |m| m.long());
    format!("malformed context module `{id}`")
}

fn handle_module_id(dep: &CompiledModule, idx: ModuleHandleIndex) -> Result<ModName, String> {
    let handle = dep.module_handle_at(idx).ok_or_else(|| bad_dep(dep))?;
    let address = dep
        .address_identifier_at(handle.address)
        .ok_or_else(|| bad_dep(dep))?;
    let name = dep.identifier_at(handle.name).ok_or_else(|| bad_dep(dep))?;
    Ok(ModName {
        address: *address,
        name: name.as_str().to_string(),
    })
}
