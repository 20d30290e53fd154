//! A small builder for hand-made modules and scripts: interns identifiers, addresses,
//! module handles and signatures the way the assembler does (first request appends).

use tern_binary::*;
use tern_primitives::{AbilitySet, AccountAddress, Identifier};

/// Builds a module table by table.
pub(crate) struct Builder {
    pub(crate) m: CompiledModule,
}

impl Builder {
    /// A module `0x<addr>::<name>` at bytecode version 9 whose self handle is handle 0.
    pub(crate) fn module(addr: u64, name: &str) -> Builder {
        let mut b = Builder {
            m: CompiledModule {
                version: 9,
                ..CompiledModule::default()
            },
        };
        b.module_handle(addr, name);
        b
    }

    /// A script at version 9: no self handle.
    pub(crate) fn script() -> Builder {
        Builder {
            m: CompiledModule {
                version: 9,
                ..CompiledModule::default()
            },
        }
    }

    pub(crate) fn ident(&mut self, s: &str) -> IdentifierIndex {
        let id = Identifier::new(s).unwrap();
        let pos = self.m.identifiers.iter().position(|x| *x == id);
        IdentifierIndex(pos.unwrap_or_else(|| {
            self.m.identifiers.push(id);
            self.m.identifiers.len() - 1
        }) as u16)
    }

    pub(crate) fn address(&mut self, a: u64) -> AddressIdentifierIndex {
        let addr = AccountAddress::from_u64(a);
        let pos = self.m.address_identifiers.iter().position(|x| *x == addr);
        AddressIdentifierIndex(pos.unwrap_or_else(|| {
            self.m.address_identifiers.push(addr);
            self.m.address_identifiers.len() - 1
        }) as u16)
    }

    pub(crate) fn module_handle(&mut self, a: u64, name: &str) -> ModuleHandleIndex {
        let handle = ModuleHandle {
            name: self.ident(name),
            address: self.address(a),
        };
        let pos = self.m.module_handles.iter().position(|x| *x == handle);
        ModuleHandleIndex(pos.unwrap_or_else(|| {
            self.m.module_handles.push(handle);
            self.m.module_handles.len() - 1
        }) as u16)
    }

    pub(crate) fn friend(&mut self, a: u64, name: &str) {
        let handle = ModuleHandle {
            address: self.address(a),
            name: self.ident(name),
        };
        self.m.friend_decls.push(handle);
    }

    pub(crate) fn sig(&mut self, toks: Vec<SignatureToken>) -> SignatureIndex {
        let sig = Signature(toks);
        let pos = self.m.signatures.iter().position(|x| *x == sig);
        SignatureIndex(pos.unwrap_or_else(|| {
            self.m.signatures.push(sig);
            self.m.signatures.len() - 1
        }) as u16)
    }

    pub(crate) fn struct_handle(
        &mut self,
        module: ModuleHandleIndex,
        name: &str,
        abilities: AbilitySet,
        type_parameters: Vec<StructTypeParameter>,
    ) -> StructHandleIndex {
        let name = self.ident(name);
        self.m.struct_handles.push(StructHandle {
            module,
            name,
            abilities,
            type_parameters,
        });
        StructHandleIndex(self.m.struct_handles.len() as u16 - 1)
    }

    pub(crate) fn struct_def(
        &mut self,
        handle: StructHandleIndex,
        info: StructFieldInformation,
    ) -> StructDefinitionIndex {
        self.m.struct_defs.push(StructDefinition {
            struct_handle: handle,
            field_information: info,
        });
        StructDefinitionIndex(self.m.struct_defs.len() as u16 - 1)
    }

    pub(crate) fn field(&mut self, name: &str, type_: SignatureToken) -> FieldDefinition {
        FieldDefinition {
            name: self.ident(name),
            type_,
        }
    }

    pub(crate) fn variant(
        &mut self,
        name: &str,
        fields: Vec<FieldDefinition>,
    ) -> VariantDefinition {
        VariantDefinition {
            name: self.ident(name),
            fields,
        }
    }

    #[allow(clippy::too_many_arguments)]
    pub(crate) fn function_handle(
        &mut self,
        module: ModuleHandleIndex,
        name: &str,
        params: Vec<SignatureToken>,
        ret: Vec<SignatureToken>,
        type_parameters: Vec<AbilitySet>,
        attributes: Vec<FunctionAttribute>,
    ) -> FunctionHandleIndex {
        let name = self.ident(name);
        let parameters = self.sig(params);
        let return_ = self.sig(ret);
        self.m.function_handles.push(FunctionHandle {
            module,
            name,
            parameters,
            return_,
            type_parameters,
            access_specifiers: None,
            attributes,
        });
        FunctionHandleIndex(self.m.function_handles.len() as u16 - 1)
    }

    pub(crate) fn function_def(
        &mut self,
        function: FunctionHandleIndex,
        visibility: Visibility,
        is_entry: bool,
        code: Option<(Vec<SignatureToken>, Vec<Bytecode>)>,
    ) -> FunctionDefinitionIndex {
        let code = code.map(|(locals, code)| CodeUnit {
            locals: self.sig(locals),
            code,
            jump_tables: vec![],
        });
        self.m.function_defs.push(FunctionDefinition {
            function,
            visibility,
            is_entry,
            acquires_global_resources: vec![],
            code,
        });
        FunctionDefinitionIndex(self.m.function_defs.len() as u16 - 1)
    }

    pub(crate) fn constant(&mut self, type_: SignatureToken, data: Vec<u8>) -> ConstantPoolIndex {
        self.m.constant_pool.push(Constant { type_, data });
        ConstantPoolIndex(self.m.constant_pool.len() as u16 - 1)
    }

    pub(crate) fn func_inst(
        &mut self,
        handle: FunctionHandleIndex,
        args: Vec<SignatureToken>,
    ) -> FunctionInstantiationIndex {
        let type_parameters = self.sig(args);
        self.m.function_instantiations.push(FunctionInstantiation {
            handle,
            type_parameters,
        });
        FunctionInstantiationIndex(self.m.function_instantiations.len() as u16 - 1)
    }

    /// Turns the built tables into a script whose `main` has these parts.
    pub(crate) fn into_script(
        self,
        params: SignatureIndex,
        locals: SignatureIndex,
        code: Vec<Bytecode>,
        type_parameters: Vec<AbilitySet>,
    ) -> CompiledScript {
        let m = self.m;
        CompiledScript {
            version: m.version,
            module_handles: m.module_handles,
            struct_handles: m.struct_handles,
            function_handles: m.function_handles,
            function_instantiations: m.function_instantiations,
            signatures: m.signatures,
            identifiers: m.identifiers,
            address_identifiers: m.address_identifiers,
            constant_pool: m.constant_pool,
            metadata: vec![],
            code: CodeUnit {
                locals,
                code,
                jump_tables: vec![],
            },
            type_parameters,
            parameters: params,
            access_specifiers: None,
        }
    }
}
