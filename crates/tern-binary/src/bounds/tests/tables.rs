//! Table steps (§10 steps 1–16) and their order.

use super::*;

#[test]
fn base_module_passes() {
    check_module(&module()).unwrap();
}

#[test]
fn no_module_handles_comes_first() {
    assert_module(NO_MODULE_HANDLES, |m| {
        m.module_handles.clear();
        m.signatures
            .push(Signature(vec![T::Struct(StructHandleIndex(99))]));
    });
    let empty = CompiledModule::default();
    assert_eq!(check_module(&empty).unwrap_err().status, NO_MODULE_HANDLES);
}

#[test]
fn signature_struct_handle_out_of_bounds() {
    let err = assert_module(IOOB, |m| {
        m.signatures[3].0[1] = T::Vector(Box::new(T::Struct(StructHandleIndex(3))));
    });
    assert_eq!(err.location.entry, Some((IndexKind::Signature, 3)));
    assert_eq!(
        err.message,
        "Signature #3: token 1: struct handle index 3 out of bounds (3 struct handles)"
    );
}

#[test]
fn struct_arity_mismatches() {
    // A 0x08 struct whose handle is generic.
    assert_module(NTAM, |m| {
        m.signatures[2].0.push(T::Struct(StructHandleIndex(1)))
    });
    // An instantiation with too many / too few arguments.
    assert_module(NTAM, |m| {
        m.signatures[2].0.push(T::StructInstantiation(
            StructHandleIndex(1),
            vec![T::U8, T::U8],
        ))
    });
    assert_module(NTAM, |m| {
        m.signatures[2]
            .0
            .push(T::StructInstantiation(StructHandleIndex(0), vec![T::U8]))
    });
    // Nested inside a function type's results.
    assert_module(NTAM, |m| {
        let bad = T::Struct(StructHandleIndex(1));
        m.signatures[4].0[0] = T::Function(vec![T::U64], vec![T::U8, bad], AbilitySet::EMPTY);
    });
}

#[test]
fn token_checks_are_preorder() {
    // The instantiation node (wrong arity) comes before its out-of-bounds argument.
    let bad_arg = T::Struct(StructHandleIndex(50));
    assert_module(NTAM, |m| {
        m.signatures[2].0[0] = T::StructInstantiation(StructHandleIndex(1), vec![bad_arg, T::U8]);
    });
    // Function arguments come before results.
    let err = assert_module(IOOB, |m| {
        let args = vec![T::Struct(StructHandleIndex(40))];
        let results = vec![T::Struct(StructHandleIndex(1))];
        m.signatures[4].0[0] = T::Function(args, results, AbilitySet::EMPTY);
    });
    assert!(err.message.contains("index 40"), "{err}");
}

#[test]
fn constant_type_is_checked() {
    let err = assert_module(IOOB, |m| {
        m.constant_pool[0].type_ = T::Vector(Box::new(T::Struct(StructHandleIndex(7))));
    });
    assert_eq!(err.location.entry, Some((IndexKind::ConstantPool, 0)));
    assert_module(NTAM, |m| {
        m.constant_pool[0].type_ = T::Struct(StructHandleIndex(1))
    });
}

#[test]
fn module_handle_indices() {
    let err = assert_module(IOOB, |m| {
        m.module_handles[0].address = AddressIdentifierIndex(1)
    });
    assert_eq!(err.location.entry, Some((IndexKind::ModuleHandle, 0)));
    assert_module(IOOB, |m| m.module_handles[0].name = IdentifierIndex(10));
}

#[test]
fn self_handle_out_of_bounds() {
    let err = assert_module(IOOB, |m| m.self_module_handle_idx = ModuleHandleIndex(1));
    assert_eq!(err.location.entry, None);
}

#[test]
fn struct_handle_indices() {
    let err = assert_module(IOOB, |m| m.struct_handles[2].module = ModuleHandleIndex(1));
    assert_eq!(err.location.entry, Some((IndexKind::StructHandle, 2)));
    assert_module(IOOB, |m| m.struct_handles[1].name = IdentifierIndex(100));
}

#[test]
fn function_handle_indices() {
    assert_module(IOOB, |m| {
        m.function_handles[1].module = ModuleHandleIndex(3)
    });
    assert_module(IOOB, |m| m.function_handles[1].name = IdentifierIndex(10));
    let err = assert_module(IOOB, |m| {
        m.function_handles[1].parameters = SignatureIndex(17)
    });
    assert_eq!(
        err.message,
        "FunctionHandle #1: parameters signature index 17 out of bounds (6 signatures)"
    );
    assert_eq!(err.location.entry, Some((IndexKind::FunctionHandle, 1)));
    assert_module(IOOB, |m| m.function_handles[0].return_ = SignatureIndex(6));
}

#[test]
fn function_handle_type_parameters() {
    // `g` has no type parameters but takes `[u64, T0]`.
    assert_module(IOOB, |m| {
        m.function_handles[1].parameters = SignatureIndex(SIG_F_PARAMS)
    });
    assert_module(IOOB, |m| {
        m.function_handles[1].return_ = SignatureIndex(SIG_T0)
    });
    // TypeParameter 65535 (conformance case 43).
    assert_module(IOOB, |m| m.signatures[1].0[1] = T::TypeParameter(u16::MAX));
}

#[test]
fn access_specifiers_and_attributes_are_not_checked() {
    let m = {
        let mut m = module();
        m.function_handles[0].access_specifiers = Some(vec![AccessSpecifier {
            kind: AccessKind::Reads,
            negated: false,
            resource: ResourceSpecifier::ResourceInstantiation(
                StructHandleIndex(900),
                SignatureIndex(900),
            ),
            address: AddressSpecifier::Parameter(200, Some(FunctionInstantiationIndex(900))),
        }]);
        m.function_handles[1].attributes = vec![
            FunctionAttribute::PackVariant(0x1234),
            FunctionAttribute::BorrowFieldMutable(500),
        ];
        m
    };
    check_module(&m).unwrap();
}

#[test]
fn field_handle_checks() {
    let err = assert_module(IOOB, |m| {
        m.field_handles[1].owner = StructDefinitionIndex(3)
    });
    assert_eq!(err.location.entry, Some((IndexKind::FieldHandle, 1)));
    assert_module(IOOB, |m| m.field_handles[0].field = 1);
    // A field handle on an enum (conformance case 53).
    assert_module(IOOB, |m| {
        m.field_handles[0].owner = StructDefinitionIndex(2)
    });
}

#[test]
fn friend_decl_indices() {
    let err = assert_module(IOOB, |m| m.friend_decls[0].name = IdentifierIndex(10));
    assert_eq!(err.location.entry, Some((IndexKind::FriendDeclaration, 0)));
    assert_module(IOOB, |m| {
        m.friend_decls[0].address = AddressIdentifierIndex(1)
    });
}

#[test]
fn instantiation_tables() {
    use IndexKind as K;
    type Edit = fn(&mut CompiledModule);
    let cases: Vec<(K, Edit)> = vec![
        (K::StructDefInstantiation, |m| {
            m.struct_def_instantiations[0].def = StructDefinitionIndex(3)
        }),
        (K::StructDefInstantiation, |m| {
            m.struct_def_instantiations[0].type_parameters = SignatureIndex(6)
        }),
        (K::FunctionInstantiation, |m| {
            m.function_instantiations[1].handle = FunctionHandleIndex(2)
        }),
        (K::FunctionInstantiation, |m| {
            m.function_instantiations[0].type_parameters = SignatureIndex(9)
        }),
        (K::FieldInstantiation, |m| {
            m.field_instantiations[0].handle = FieldHandleIndex(2)
        }),
        (K::FieldInstantiation, |m| {
            m.field_instantiations[0].type_parameters = SignatureIndex(6)
        }),
        (K::VariantFieldInstantiation, |m| {
            m.variant_field_instantiations[0].handle = VariantFieldHandleIndex(1)
        }),
        (K::VariantFieldInstantiation, |m| {
            m.variant_field_instantiations[0].type_parameters = SignatureIndex(6)
        }),
        (K::StructVariantInstantiation, |m| {
            m.struct_variant_instantiations[0].handle = StructVariantHandleIndex(2)
        }),
        (K::StructVariantInstantiation, |m| {
            m.struct_variant_instantiations[0].type_parameters = SignatureIndex(6)
        }),
    ];
    for (kind, edit) in cases {
        let err = assert_module(IOOB, edit);
        assert_eq!(err.location.entry.map(|e| e.0), Some(kind), "{err}");
    }
}

#[test]
fn struct_def_checks() {
    let err = assert_module(IOOB, |m| {
        m.struct_defs[0].struct_handle = StructHandleIndex(3)
    });
    assert_eq!(err.location.entry, Some((IndexKind::StructDefinition, 0)));
    assert_module(IOOB, |m| {
        m.struct_defs[0].field_information =
            StructFieldInformation::Declared(vec![field(6, T::U8), field(10, T::U8)]);
    });
    assert_module(IOOB, |m| {
        m.struct_defs[0].field_information =
            StructFieldInformation::Declared(vec![field(6, T::Struct(StructHandleIndex(5)))]);
    });
    assert_module(NTAM, |m| {
        m.struct_defs[0].field_information =
            StructFieldInformation::Declared(vec![field(6, T::Struct(StructHandleIndex(1)))]);
    });
    // A type parameter in a non-generic struct.
    let err = assert_module(IOOB, |m| {
        m.struct_defs[0].field_information =
            StructFieldInformation::Declared(vec![field(6, T::TypeParameter(0))]);
    });
    assert!(err.message.contains("type parameter index 0"), "{err}");
    // Native structs have nothing to check.
    let mut m = module();
    m.struct_defs[0].field_information = StructFieldInformation::Native;
    m.field_handles[0].owner = StructDefinitionIndex(1);
    check_module(&m).unwrap();
}

#[test]
fn field_type_struct_errors_win_over_type_parameters() {
    // Same field: the struct node is checked over the whole token first.
    let tok = T::Vector(Box::new(T::StructInstantiation(
        StructHandleIndex(1),
        vec![T::TypeParameter(5), T::Struct(StructHandleIndex(1))],
    )));
    assert_module(NTAM, |m| {
        m.struct_defs[1].field_information = StructFieldInformation::Declared(vec![field(6, tok)]);
    });
    let tok = T::Function(
        vec![T::TypeParameter(5)],
        vec![T::Struct(StructHandleIndex(1))],
        AbilitySet::EMPTY,
    );
    assert_module(NTAM, |m| {
        m.struct_defs[1].field_information = StructFieldInformation::Declared(vec![field(6, tok)]);
    });
    // An earlier field's type parameter wins over a later field's struct error.
    assert_module(IOOB, |m| {
        m.struct_defs[1].field_information = StructFieldInformation::Declared(vec![
            field(6, T::TypeParameter(1)),
            field(6, T::Struct(StructHandleIndex(1))),
        ]);
    });
}

#[test]
fn enum_checks() {
    assert_module(IOOB, |m| {
        if let StructFieldInformation::DeclaredVariants(v) = &mut m.struct_defs[2].field_information
        {
            v[1].name = IdentifierIndex(10);
        }
    });
    assert_module(IOOB, |m| {
        if let StructFieldInformation::DeclaredVariants(v) = &mut m.struct_defs[2].field_information
        {
            v[1].fields.push(field(6, T::TypeParameter(0)));
        }
    });
    // Enum with zero variants (conformance case 50).
    let err = assert_module(ZERO_VARIANTS_ERROR, |m| {
        m.struct_defs[2].field_information = StructFieldInformation::DeclaredVariants(vec![]);
    });
    assert_eq!(err.location.entry, Some((IndexKind::StructDefinition, 2)));
}

#[test]
fn variant_field_handle_checks() {
    let err = assert_module(IOOB, |m| {
        m.variant_field_handles[0].struct_index = StructDefinitionIndex(3)
    });
    assert_eq!(err.location.entry, Some((IndexKind::VariantFieldHandle, 0)));
    // Empty variant list (conformance case 51), but after the struct index.
    assert_module(ZERO_VARIANTS_ERROR, |m| {
        m.variant_field_handles[0].variants.clear()
    });
    assert_module(IOOB, |m| {
        m.variant_field_handles[0].variants.clear();
        m.variant_field_handles[0].struct_index = StructDefinitionIndex(9);
    });
    // Variant 5 of 2 (conformance case 52).
    assert_module(IOOB, |m| m.variant_field_handles[0].variants = vec![0, 5]);
    // Variant B has no field 0.
    let err = assert_module(IOOB, |m| m.variant_field_handles[0].variants = vec![0, 1]);
    assert!(err.message.contains("variant 1 field offset 0"), "{err}");
    // A variant field handle on a plain struct: it has no variants.
    assert_module(IOOB, |m| {
        m.variant_field_handles[0].struct_index = StructDefinitionIndex(0)
    });
}

#[test]
fn struct_variant_handle_checks() {
    let err = assert_module(IOOB, |m| {
        m.struct_variant_handles[1].struct_index = StructDefinitionIndex(3)
    });
    assert_eq!(
        err.location.entry,
        Some((IndexKind::StructVariantHandle, 1))
    );
    assert_module(IOOB, |m| m.struct_variant_handles[1].variant = 2);
    assert_module(IOOB, |m| {
        m.struct_variant_handles[0].struct_index = StructDefinitionIndex(1)
    });
}
