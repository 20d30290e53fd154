//! Serializer tests: every instruction encodes and decodes, and the refusals of §9.1.

use crate::arbitrary::instruction_with_operands;
use crate::*;
use tern_primitives::{AbilitySet, AccountAddress, Identifier, StatusCode};

/// A module `0x0::M` with one function `f()` whose body is `code`.
fn module(version: u32, code: Vec<Bytecode>) -> CompiledModule {
    CompiledModule {
        version,
        module_handles: vec![ModuleHandle {
            address: AddressIdentifierIndex(0),
            name: IdentifierIndex(0),
        }],
        identifiers: vec![Identifier::new("M").unwrap(), Identifier::new("f").unwrap()],
        address_identifiers: vec![AccountAddress::ZERO],
        signatures: vec![Signature(vec![])],
        function_handles: vec![FunctionHandle {
            module: ModuleHandleIndex(0),
            name: IdentifierIndex(1),
            parameters: SignatureIndex(0),
            return_: SignatureIndex(0),
            type_parameters: vec![],
            access_specifiers: None,
            attributes: vec![],
        }],
        function_defs: vec![FunctionDefinition {
            function: FunctionHandleIndex(0),
            visibility: Visibility::Public,
            is_entry: false,
            acquires_global_resources: vec![],
            code: Some(CodeUnit {
                locals: SignatureIndex(0),
                code,
                jump_tables: vec![],
            }),
        }],
        ..CompiledModule::default()
    }
}

/// The encoded size of one operand of `kind` with index operands 200 (100 for jump tables),
/// immediates as chosen in the test.
fn operand_size(kind: OperandKind) -> usize {
    use OperandKind as K;
    match kind {
        K::U8 | K::I8 | K::JumpTable => 1,
        K::U16 | K::I16 => 2,
        K::U32 | K::I32 => 4,
        K::U64 | K::I64 | K::Count => 8,
        K::U128 | K::I128 => 16,
        K::U256 | K::I256 => 32,
        K::Mask => 9,
        _ => 2,
    }
}

#[test]
fn every_instruction_encodes_and_decodes_in_each_flavor() {
    let mut wide = [0u8; 32];
    for (i, b) in wide.iter_mut().enumerate() {
        *b = 0x80 | i as u8;
    }
    let mut checked = 0;
    for flavor in Flavor::ALL {
        // Sui's deprecated global storage decodes only with its deprecation off.
        let cfg = DeserializerConfig {
            deprecate_global_storage_ops: false,
            sui_min_version: 5,
            ..DeserializerConfig::detect(flavor)
        };
        let max = match flavor {
            Flavor::Aptos => VERSION_MAX,
            Flavor::Sui => SUI_VERSION_MAX,
        };
        for op in Opcode::ALL.iter().copied() {
            let Some(encoding) = op.encoding(flavor) else {
                continue;
            };
            let index = if op == Opcode::VariantSwitch {
                100
            } else {
                200
            };
            let instr = instruction_with_operands(op, index, 0x0123_4567_89AB_CDEF, wide);
            assert_eq!(instr.opcode(), op);
            let size = 1 + op
                .operand_kinds()
                .iter()
                .map(|k| operand_size(*k))
                .sum::<usize>();
            let lowest = encoding.min_version.max(5);
            for version in [lowest, max] {
                let mut m = module(version, vec![instr.clone()]);
                m.flavor = flavor;
                let mut empty = module(version, vec![]);
                empty.flavor = flavor;
                let bytes = m.serialize().unwrap();
                let empty = empty.serialize().unwrap();
                assert_eq!(bytes.len() - empty.len(), size, "{} size", op.name());
                let back = CompiledModule::deserialize_unchecked(&bytes, &cfg).unwrap();
                assert_eq!(back, m, "{} at {flavor} v{version}", op.name());
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 2 * (104 + 0x56));
}

#[test]
fn an_instruction_the_flavor_lacks_is_refused() {
    let mut m = module(7, vec![Bytecode::CallClosure(SignatureIndex(0))]);
    m.flavor = Flavor::Sui;
    assert!(refused(&m, 7));
    let m = module(7, vec![Bytecode::VariantSwitch(VariantJumpTableIndex(0))]);
    assert!(refused(&m, 7));
}

#[test]
fn version_word_and_range() {
    let m = module(9, vec![Bytecode::Ret]);
    for (v, word) in [(5, 5u32), (6, 6), (7, 0x0A00_0007), (10, 0x0A00_000A)] {
        let bytes = m.serialize_for_version(v).unwrap();
        assert_eq!(bytes[4..8], word.to_le_bytes());
    }
    let mut sui = module(7, vec![Bytecode::Ret]);
    sui.flavor = Flavor::Sui;
    for (v, word) in [(5, 5u32), (6, 6), (7, 0x0500_0007)] {
        let bytes = sui.serialize_for_version(v).unwrap();
        assert_eq!(bytes[4..8], word.to_le_bytes());
    }
    let e = sui.serialize_for_version(8).unwrap_err();
    assert_eq!(e.status, StatusCode::UNKNOWN_VERSION);
    for v in [0, 4, 11] {
        let e = m.serialize_for_version(v).unwrap_err();
        assert_eq!(e.status, StatusCode::UNKNOWN_VERSION);
    }
}

fn refused(m: &CompiledModule, v: u32) -> bool {
    m.serialize_for_version(v).is_err()
}

#[test]
fn feature_refusals() {
    let mut m = module(10, vec![Bytecode::Ret]);
    m.function_handles[0].access_specifiers = Some(vec![]);
    assert!(refused(&m, 6) && !refused(&m, 7));
    let mut m = module(10, vec![Bytecode::Ret]);
    m.function_handles[0].attributes = vec![FunctionAttribute::Persistent];
    assert!(refused(&m, 7) && !refused(&m, 8));
    m.function_handles[0].attributes = vec![FunctionAttribute::TestVariant(3)];
    assert!(refused(&m, 9) && !refused(&m, 10));
    for instr in [Bytecode::LdU16(1), Bytecode::CastU256] {
        let m = module(10, vec![instr, Bytecode::Ret]);
        assert!(refused(&m, 5) && !refused(&m, 6));
    }
    // not refused (the peer does not check): AbortMsg at v9, signed tokens at v5
    let mut m = module(10, vec![Bytecode::AbortMsg]);
    m.signatures.push(Signature(vec![SignatureToken::I8]));
    assert!(!refused(&m, 5));
}

#[test]
fn enums_need_v7_and_variant_tables_are_dropped_below_it() {
    let mut m = module(10, vec![Bytecode::Ret]);
    m.struct_handles.push(StructHandle {
        module: ModuleHandleIndex(0),
        name: IdentifierIndex(0),
        abilities: AbilitySet::EMPTY,
        type_parameters: vec![],
    });
    m.struct_defs.push(StructDefinition {
        struct_handle: StructHandleIndex(0),
        field_information: StructFieldInformation::DeclaredVariants(vec![]),
    });
    assert!(refused(&m, 6) && !refused(&m, 7));
    let mut m = module(10, vec![Bytecode::Ret]);
    m.struct_variant_handles.push(StructVariantHandle {
        struct_index: StructDefinitionIndex(0),
        variant: 0,
    });
    let v6 = m.serialize_for_version(6).unwrap();
    let back = CompiledModule::deserialize_unchecked(&v6, &DeserializerConfig::default()).unwrap();
    assert!(back.struct_variant_handles.is_empty());
}

#[test]
fn limit_refusals() {
    let mut m = module(10, vec![Bytecode::Ret]);
    m.identifiers[1] = Identifier::new("a".repeat(256)).unwrap();
    assert!(refused(&m, 10));
    let mut m = module(10, vec![Bytecode::Ret]);
    m.signatures[0] = Signature(vec![SignatureToken::U8; 256]);
    assert!(refused(&m, 10));
    let mut m = module(10, vec![Bytecode::Ret]);
    let mut tok = SignatureToken::U8;
    for _ in 0..256 {
        tok = SignatureToken::Vector(Box::new(tok));
    }
    m.signatures.push(Signature(vec![tok]));
    assert!(refused(&m, 10));
    let m = module(10, vec![Bytecode::Ret; 65536]);
    assert!(refused(&m, 10));
    let mut m = module(10, vec![Bytecode::Ret]);
    m.function_handles[0].attributes = vec![FunctionAttribute::Persistent; 17];
    assert!(refused(&m, 10));
    let mut m = module(10, vec![Bytecode::Ret]);
    m.metadata.push(Metadata {
        key: vec![0; 1024],
        value: vec![],
    });
    let e = m.serialize().unwrap_err();
    assert_eq!(e.location.table, Some(TableKind::Metadata));
    let mut m = module(10, vec![Bytecode::Ret]);
    m.field_handles.push(FieldHandle {
        owner: StructDefinitionIndex(0),
        field: 256,
    });
    assert!(refused(&m, 10));
}

#[test]
fn script_access_specifiers_need_v8() {
    let s = CompiledScript {
        version: 10,
        signatures: vec![Signature(vec![])],
        code: CodeUnit {
            locals: SignatureIndex(0),
            code: vec![Bytecode::Ret],
            jump_tables: vec![],
        },
        access_specifiers: Some(vec![]),
        ..CompiledScript::default()
    };
    assert!(s.serialize_for_version(7).is_err());
    let bytes = s.serialize_for_version(8).unwrap();
    assert_eq!(
        CompiledScript::deserialize(&bytes)
            .unwrap()
            .access_specifiers,
        Some(vec![])
    );
}

/// A Sui module with one enum `E { A, B(u64) }` and a function switching on it.
fn sui_enum_module() -> CompiledModule {
    let mut m = module(
        7,
        vec![
            Bytecode::VariantSwitch(VariantJumpTableIndex(0)),
            Bytecode::Ret,
            Bytecode::Ret,
        ],
    );
    m.flavor = Flavor::Sui;
    m.identifiers
        .extend(["E", "A", "B", "x"].map(|n| Identifier::new(n).unwrap()));
    m.struct_handles.push(StructHandle {
        module: ModuleHandleIndex(0),
        name: IdentifierIndex(2),
        abilities: AbilitySet::EMPTY,
        type_parameters: vec![],
    });
    m.enum_defs.push(EnumDefinition {
        enum_handle: StructHandleIndex(0),
        variants: vec![
            VariantDefinition {
                name: IdentifierIndex(3),
                fields: vec![],
            },
            VariantDefinition {
                name: IdentifierIndex(4),
                fields: vec![FieldDefinition {
                    name: IdentifierIndex(5),
                    type_: SignatureToken::U64,
                }],
            },
        ],
    });
    m.variant_handles.push(VariantHandle {
        enum_def: EnumDefinitionIndex(0),
        variant: 1,
    });
    if let Some(code) = m.function_defs[0].code.as_mut() {
        code.jump_tables.push(VariantJumpTable {
            head_enum: EnumDefinitionIndex(0),
            targets: vec![1, 2],
        });
    }
    m
}

#[test]
fn sui_enums_and_jump_tables_round_trip() {
    let m = sui_enum_module();
    let bytes = m.serialize().unwrap();
    assert_eq!(bytes[4..8], 0x0500_0007u32.to_le_bytes());
    let back = CompiledModule::deserialize_with_config(&bytes, &DeserializerConfig::sui()).unwrap();
    assert_eq!(back, m);
    assert_eq!(back.serialize().unwrap(), bytes);
    // Sui's tables cannot be written in an Aptos module, nor below v7.
    let mut aptos = m.clone();
    aptos.flavor = Flavor::Aptos;
    assert!(aptos.serialize().is_err());
    assert!(refused(&m, 6));
}

#[test]
fn aptos_only_parts_are_refused_in_a_sui_module() {
    let mut m = module(7, vec![Bytecode::Ret]);
    m.flavor = Flavor::Sui;
    m.function_handles[0].access_specifiers = Some(vec![]);
    assert!(refused(&m, 7));
    let mut m = module(7, vec![Bytecode::Ret]);
    m.flavor = Flavor::Sui;
    m.signatures.push(Signature(vec![SignatureToken::I64]));
    assert!(refused(&m, 7));
    let mut m = module(7, vec![Bytecode::Ret]);
    m.flavor = Flavor::Sui;
    m.struct_handles.push(StructHandle {
        module: ModuleHandleIndex(0),
        name: IdentifierIndex(0),
        abilities: AbilitySet::EMPTY,
        type_parameters: vec![],
    });
    m.struct_defs.push(StructDefinition {
        struct_handle: StructHandleIndex(0),
        field_information: StructFieldInformation::DeclaredVariants(vec![]),
    });
    assert!(refused(&m, 7));
}
