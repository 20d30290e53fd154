//! Unit tests of the bounds checker on hand-built modules and scripts.

#![allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

use super::{check_module, check_script};
use crate::index::*;
use crate::instruction::{Bytecode, ClosureMask};
use crate::model::*;
use crate::BinaryError;
use tern_primitives::{AbilitySet, AccountAddress, Identifier, StatusCode};

mod code;
mod fuzz;
mod script;
mod tables;

use SignatureToken as T;
use StatusCode::{
    INDEX_OUT_OF_BOUNDS as IOOB, NO_MODULE_HANDLES, NUMBER_OF_TYPE_ARGUMENTS_MISMATCH as NTAM,
    TOO_MANY_LOCALS, ZERO_VARIANTS_ERROR,
};

fn ident(text: &str) -> Identifier {
    Identifier::new(text).unwrap()
}

fn struct_handle(name: u16, type_params: usize) -> StructHandle {
    StructHandle {
        module: ModuleHandleIndex(0),
        name: IdentifierIndex(name),
        abilities: AbilitySet::EMPTY,
        type_parameters: vec![StructTypeParameter::default(); type_params],
    }
}

fn function_handle(name: u16, params: u16, ret: u16, type_params: usize) -> FunctionHandle {
    FunctionHandle {
        module: ModuleHandleIndex(0),
        name: IdentifierIndex(name),
        parameters: SignatureIndex(params),
        return_: SignatureIndex(ret),
        type_parameters: vec![AbilitySet::EMPTY; type_params],
        access_specifiers: None,
        attributes: vec![],
    }
}

fn field(name: u16, type_: SignatureToken) -> FieldDefinition {
    FieldDefinition {
        name: IdentifierIndex(name),
        type_,
    }
}

/// Signatures of the base module.
const SIG_EMPTY: u16 = 0;
/// `[u64, T0]`: the parameters of `f`.
const SIG_F_PARAMS: u16 = 1;
/// `[u64]`.
const SIG_U64: u16 = 2;
/// `[T0]`.
const SIG_T0: u16 = 5;

fn signatures() -> Vec<Signature> {
    vec![
        Signature(vec![]),
        Signature(vec![T::U64, T::TypeParameter(0)]),
        Signature(vec![T::U64]),
        Signature(vec![
            T::Struct(StructHandleIndex(0)),
            T::StructInstantiation(StructHandleIndex(1), vec![T::U64]),
            T::Vector(Box::new(T::Bool)),
            T::Reference(Box::new(T::Struct(StructHandleIndex(2)))),
        ]),
        Signature(vec![T::Function(
            vec![T::U64],
            vec![T::U64],
            AbilitySet::EMPTY,
        )]),
        Signature(vec![T::TypeParameter(0)]),
    ]
}

/// The code of `f<T0>(u64, T0)` with locals `[u64]`: one instruction of every operand kind.
fn code_of_f() -> Vec<Bytecode> {
    use Bytecode as B;
    vec![
        B::LdConst(ConstantPoolIndex(0)),
        B::CopyLoc(2),
        B::MoveLoc(0),
        B::StLoc(1),
        B::MutBorrowLoc(0),
        B::ImmBorrowLoc(1),
        B::MutBorrowField(FieldHandleIndex(0)),
        B::ImmBorrowFieldGeneric(FieldInstantiationIndex(0)),
        B::Call(FunctionHandleIndex(1)),
        B::CallGeneric(FunctionInstantiationIndex(1)),
        B::Pack(StructDefinitionIndex(0)),
        B::PackGeneric(StructDefInstantiationIndex(0)),
        B::MoveToGeneric(StructDefInstantiationIndex(0)),
        B::Exists(StructDefinitionIndex(0)),
        B::VecPack(SignatureIndex(SIG_U64), u64::MAX),
        B::VecLen(SignatureIndex(SIG_T0)),
        B::ImmBorrowVariantField(VariantFieldHandleIndex(0)),
        B::MutBorrowVariantFieldGeneric(VariantFieldInstantiationIndex(0)),
        B::PackVariant(StructVariantHandleIndex(0)),
        B::UnpackVariant(StructVariantHandleIndex(1)),
        B::TestVariantGeneric(StructVariantInstantiationIndex(0)),
        B::PackClosure(FunctionHandleIndex(1), ClosureMask(u64::MAX)),
        B::PackClosureGeneric(FunctionInstantiationIndex(0), ClosureMask(1)),
        B::CallClosure(SignatureIndex(4)),
        B::BrFalse(0),
        B::Branch(25),
        B::Ret,
    ]
}

/// A minimal module using every table, which passes the bounds checker.
fn module() -> CompiledModule {
    CompiledModule {
        version: 9,
        self_module_handle_idx: ModuleHandleIndex(0),
        module_handles: vec![ModuleHandle {
            address: AddressIdentifierIndex(0),
            name: IdentifierIndex(0),
        }],
        // S, G<T>, E (enum)
        struct_handles: vec![
            struct_handle(1, 0),
            struct_handle(2, 1),
            struct_handle(3, 0),
        ],
        // f<T>(u64, T), g()
        function_handles: vec![
            function_handle(4, SIG_F_PARAMS, SIG_EMPTY, 1),
            function_handle(5, SIG_EMPTY, SIG_EMPTY, 0),
        ],
        field_handles: vec![
            FieldHandle {
                owner: StructDefinitionIndex(0),
                field: 0,
            },
            FieldHandle {
                owner: StructDefinitionIndex(1),
                field: 0,
            },
        ],
        friend_decls: vec![ModuleHandle {
            address: AddressIdentifierIndex(0),
            name: IdentifierIndex(9),
        }],
        struct_def_instantiations: vec![StructDefInstantiation {
            def: StructDefinitionIndex(1),
            type_parameters: SignatureIndex(SIG_T0),
        }],
        function_instantiations: vec![
            FunctionInstantiation {
                handle: FunctionHandleIndex(0),
                type_parameters: SignatureIndex(SIG_U64),
            },
            FunctionInstantiation {
                handle: FunctionHandleIndex(0),
                type_parameters: SignatureIndex(SIG_T0),
            },
        ],
        field_instantiations: vec![FieldInstantiation {
            handle: FieldHandleIndex(1),
            type_parameters: SignatureIndex(SIG_T0),
        }],
        signatures: signatures(),
        identifiers: ["m", "S", "G", "E", "f", "g", "x", "A", "B", "friend"]
            .into_iter()
            .map(ident)
            .collect(),
        address_identifiers: vec![AccountAddress::ONE],
        constant_pool: vec![Constant {
            type_: T::Vector(Box::new(T::U8)),
            data: vec![0],
        }],
        metadata: vec![],
        struct_defs: vec![
            StructDefinition {
                struct_handle: StructHandleIndex(0),
                field_information: StructFieldInformation::Declared(vec![field(6, T::U64)]),
            },
            StructDefinition {
                struct_handle: StructHandleIndex(1),
                field_information: StructFieldInformation::Declared(vec![field(
                    6,
                    T::TypeParameter(0),
                )]),
            },
            StructDefinition {
                struct_handle: StructHandleIndex(2),
                field_information: StructFieldInformation::DeclaredVariants(vec![
                    VariantDefinition {
                        name: IdentifierIndex(7),
                        fields: vec![field(6, T::Bool)],
                    },
                    VariantDefinition {
                        name: IdentifierIndex(8),
                        fields: vec![],
                    },
                ]),
            },
        ],
        function_defs: vec![
            FunctionDefinition {
                function: FunctionHandleIndex(0),
                visibility: Visibility::Public,
                is_entry: false,
                acquires_global_resources: vec![StructDefinitionIndex(0)],
                code: Some(CodeUnit {
                    locals: SignatureIndex(SIG_U64),
                    code: code_of_f(),
                    jump_tables: vec![],
                }),
            },
            FunctionDefinition {
                function: FunctionHandleIndex(1),
                visibility: Visibility::Private,
                is_entry: false,
                acquires_global_resources: vec![],
                code: Some(CodeUnit {
                    locals: SignatureIndex(SIG_EMPTY),
                    code: vec![Bytecode::Ret],
                    jump_tables: vec![],
                }),
            },
        ],
        variant_field_handles: vec![VariantFieldHandle {
            struct_index: StructDefinitionIndex(2),
            variants: vec![0],
            field: 0,
        }],
        variant_field_instantiations: vec![VariantFieldInstantiation {
            handle: VariantFieldHandleIndex(0),
            type_parameters: SignatureIndex(SIG_T0),
        }],
        struct_variant_handles: vec![
            StructVariantHandle {
                struct_index: StructDefinitionIndex(2),
                variant: 0,
            },
            StructVariantHandle {
                struct_index: StructDefinitionIndex(2),
                variant: 1,
            },
        ],
        struct_variant_instantiations: vec![StructVariantInstantiation {
            handle: StructVariantHandleIndex(0),
            type_parameters: SignatureIndex(SIG_T0),
        }],
        ..CompiledModule::default()
    }
}

/// The error of `check_module` on the base module after `edit`.
fn module_error(edit: impl FnOnce(&mut CompiledModule)) -> BinaryError {
    let mut m = module();
    edit(&mut m);
    check_module(&m).expect_err("module should fail the bounds check")
}

/// Asserts the status of `check_module` on the base module after `edit`.
fn assert_module(status: StatusCode, edit: impl FnOnce(&mut CompiledModule)) -> BinaryError {
    let err = module_error(edit);
    assert_eq!(err.status, status, "{err}");
    err
}

fn code_mut(m: &mut CompiledModule) -> &mut Vec<Bytecode> {
    &mut m.function_defs[0].code.as_mut().unwrap().code
}

/// Every instruction operand kind, raised past its table.
fn bad_instructions() -> Vec<Bytecode> {
    use Bytecode as B;
    vec![
        B::LdConst(ConstantPoolIndex(1)),
        B::CopyLoc(3),
        B::MoveLoc(200),
        B::StLoc(3),
        B::MutBorrowLoc(255),
        B::ImmBorrowLoc(3),
        B::MutBorrowField(FieldHandleIndex(2)),
        B::ImmBorrowField(FieldHandleIndex(2)),
        B::MutBorrowFieldGeneric(FieldInstantiationIndex(1)),
        B::Call(FunctionHandleIndex(2)),
        B::CallGeneric(FunctionInstantiationIndex(2)),
        B::Pack(StructDefinitionIndex(3)),
        B::Unpack(StructDefinitionIndex(3)),
        B::Exists(StructDefinitionIndex(3)),
        B::MutBorrowGlobal(StructDefinitionIndex(3)),
        B::ImmBorrowGlobal(StructDefinitionIndex(3)),
        B::MoveFrom(StructDefinitionIndex(3)),
        B::MoveTo(StructDefinitionIndex(3)),
        B::PackGeneric(StructDefInstantiationIndex(1)),
        B::UnpackGeneric(StructDefInstantiationIndex(1)),
        B::ExistsGeneric(StructDefInstantiationIndex(1)),
        B::MutBorrowGlobalGeneric(StructDefInstantiationIndex(1)),
        B::ImmBorrowGlobalGeneric(StructDefInstantiationIndex(1)),
        B::MoveFromGeneric(StructDefInstantiationIndex(1)),
        B::MoveToGeneric(StructDefInstantiationIndex(1)),
        B::VecPack(SignatureIndex(6), 0),
        B::VecLen(SignatureIndex(6)),
        B::VecImmBorrow(SignatureIndex(6)),
        B::VecMutBorrow(SignatureIndex(6)),
        B::VecPushBack(SignatureIndex(6)),
        B::VecPopBack(SignatureIndex(6)),
        B::VecUnpack(SignatureIndex(6), 0),
        B::VecSwap(SignatureIndex(6)),
        B::ImmBorrowVariantField(VariantFieldHandleIndex(1)),
        B::MutBorrowVariantField(VariantFieldHandleIndex(1)),
        B::ImmBorrowVariantFieldGeneric(VariantFieldInstantiationIndex(1)),
        B::MutBorrowVariantFieldGeneric(VariantFieldInstantiationIndex(1)),
        B::PackVariant(StructVariantHandleIndex(2)),
        B::PackVariantGeneric(StructVariantInstantiationIndex(1)),
        B::UnpackVariant(StructVariantHandleIndex(2)),
        B::UnpackVariantGeneric(StructVariantInstantiationIndex(1)),
        B::TestVariant(StructVariantHandleIndex(2)),
        B::TestVariantGeneric(StructVariantInstantiationIndex(1)),
        B::PackClosure(FunctionHandleIndex(2), ClosureMask(0)),
        B::PackClosureGeneric(FunctionInstantiationIndex(2), ClosureMask(0)),
        B::CallClosure(SignatureIndex(6)),
        B::BrTrue(27),
        B::BrFalse(27),
        B::Branch(27),
    ]
}

/// A script `main<T0>(u64, T0)` with locals `[u64]`, calling into the module's handles.
fn script() -> CompiledScript {
    use Bytecode as B;
    CompiledScript {
        version: 9,
        module_handles: vec![ModuleHandle {
            address: AddressIdentifierIndex(0),
            name: IdentifierIndex(0),
        }],
        struct_handles: vec![
            struct_handle(1, 0),
            struct_handle(2, 1),
            struct_handle(3, 0),
        ],
        function_handles: vec![
            function_handle(4, SIG_F_PARAMS, SIG_EMPTY, 1),
            function_handle(5, SIG_EMPTY, SIG_EMPTY, 0),
        ],
        function_instantiations: vec![FunctionInstantiation {
            handle: FunctionHandleIndex(0),
            type_parameters: SignatureIndex(SIG_T0),
        }],
        signatures: signatures(),
        identifiers: ["m", "S", "G", "E", "f", "g"]
            .into_iter()
            .map(ident)
            .collect(),
        address_identifiers: vec![AccountAddress::ONE],
        constant_pool: vec![Constant {
            type_: T::U64,
            data: vec![0; 8],
        }],
        metadata: vec![],
        code: CodeUnit {
            locals: SignatureIndex(SIG_U64),
            code: vec![
                B::LdConst(ConstantPoolIndex(0)),
                B::CopyLoc(2),
                B::CallGeneric(FunctionInstantiationIndex(0)),
                B::Call(FunctionHandleIndex(1)),
                B::VecLen(SignatureIndex(SIG_T0)),
                B::BrTrue(6),
                B::Ret,
            ],
            jump_tables: vec![],
        },
        type_parameters: vec![AbilitySet::EMPTY],
        parameters: SignatureIndex(SIG_F_PARAMS),
        access_specifiers: None,
    }
}

fn assert_script(status: StatusCode, edit: impl FnOnce(&mut CompiledScript)) -> BinaryError {
    let mut s = script();
    edit(&mut s);
    let err = check_script(&s).expect_err("script should fail the bounds check");
    assert_eq!(err.status, status, "{err}");
    err
}
