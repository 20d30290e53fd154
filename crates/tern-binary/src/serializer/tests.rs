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
            }),
        }],
        ..CompiledModule::default()
    }
}

/// The encoded size of `op` with index operands 200, immediates as chosen in the test.
fn expected_size(op: Opcode) -> usize {
    match op as u8 {
        0x03..=0x05 | 0x07 | 0x0A..=0x13 | 0x29..=0x2D | 0x36..=0x3F => 3,
        0x41..=0x45 | 0x47 | 0x4E..=0x57 | 0x5A => 3,
        0x40 | 0x46 => 11,
        0x58 | 0x59 => 12,
        0x06 | 0x5E => 9,
        0x31 | 0x5B => 2,
        0x32 | 0x5F => 17,
        0x48 | 0x5C => 3,
        0x49 | 0x5D => 5,
        0x4A | 0x60 => 33,
        _ => 1,
    }
}

#[test]
fn every_instruction_encodes_and_decodes() {
    let mut wide = [0u8; 32];
    for (i, b) in wide.iter_mut().enumerate() {
        *b = 0x80 | i as u8;
    }
    let cfg = DeserializerConfig::default();
    for op in Opcode::ALL {
        let instr = instruction_with_operands(op, 200, 0x0123_4567_89AB_CDEF, wide);
        assert_eq!(instr.opcode(), op);
        let lowest = op
            .min_version()
            .max(if (0x48..=0x4D).contains(&(op as u8)) {
                6
            } else {
                5
            });
        for version in [lowest, VERSION_MAX] {
            let m = module(version, vec![instr.clone()]);
            let bytes = m.serialize().unwrap();
            let empty = module(version, vec![]).serialize().unwrap();
            assert_eq!(
                bytes.len() - empty.len(),
                expected_size(op),
                "{} size",
                op.name()
            );
            let back = CompiledModule::deserialize_unchecked(&bytes, &cfg).unwrap();
            assert_eq!(back, m, "{} at v{version}", op.name());
        }
    }
}

#[test]
fn version_word_and_range() {
    let m = module(9, vec![Bytecode::Ret]);
    for (v, word) in [(5, 5u32), (6, 6), (7, 0x0A00_0007), (10, 0x0A00_000A)] {
        let bytes = m.serialize_for_version(v).unwrap();
        assert_eq!(bytes[4..8], word.to_le_bytes());
    }
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
