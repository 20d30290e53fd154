//! Function definitions and code units (§10 step 17), step order, deep tokens.

use super::*;

#[test]
fn function_def_header_checks() {
    let err = assert_module(IOOB, |m| {
        m.function_defs[1].function = FunctionHandleIndex(2)
    });
    assert_eq!(err.location.entry, Some((IndexKind::FunctionDefinition, 1)));
    assert_module(IOOB, |m| {
        m.function_defs[0]
            .acquires_global_resources
            .push(StructDefinitionIndex(3))
    });
    assert_module(IOOB, |m| {
        m.function_defs[1].code.as_mut().unwrap().locals = SignatureIndex(6)
    });
    // Locals of a non-generic function mention T0.
    assert_module(IOOB, |m| {
        m.function_defs[1].code.as_mut().unwrap().locals = SignatureIndex(SIG_T0)
    });
    // Natives have no code to check.
    let mut m = module();
    m.function_defs[0].code = None;
    check_module(&m).unwrap();
}

#[test]
fn too_many_locals() {
    // `f` has 2 parameters: 253 locals make 255 (fine), 254 make 256.
    let with_locals = |n: usize| {
        let mut m = module();
        m.signatures.push(Signature(vec![T::U8; n]));
        m.function_defs[0].code.as_mut().unwrap().locals = SignatureIndex(6);
        check_module(&m)
    };
    with_locals(253).unwrap();
    let err = with_locals(254).unwrap_err();
    assert_eq!(err.status, TOO_MANY_LOCALS);
    assert_eq!(err.location.entry, Some((IndexKind::FunctionDefinition, 0)));
    assert_eq!(err.location.code_offset, None);
    // As the peer reports it: the function definition is the one index.
    let reported = err.to_vm_error();
    assert_eq!(reported.status(), TOO_MANY_LOCALS);
    assert_eq!(
        reported.data().indices,
        vec![(IndexKind::FunctionDefinition, 0)]
    );
}

#[test]
fn other_bounds_errors_report_no_index() {
    let err = assert_module(IOOB, |m| code_mut(m)[3] = bad_instructions()[0].clone());
    assert!(err.location.entry.is_some());
    assert!(err.to_vm_error().data().indices.is_empty());
}

#[test]
fn too_many_locals_before_local_type_parameters() {
    let err = assert_module(TOO_MANY_LOCALS, |m| {
        m.signatures.push(Signature(vec![T::TypeParameter(9); 255]));
        m.function_defs[1].code.as_mut().unwrap().locals = SignatureIndex(6);
        m.function_handles[1].parameters = SignatureIndex(2);
    });
    assert!(err.message.contains("255 locals + 1 parameters"), "{err}");
}

#[test]
fn every_instruction_operand_is_checked() {
    for bad in bad_instructions() {
        let err = assert_module(IOOB, |m| code_mut(m)[3] = bad.clone());
        assert_eq!(
            err.location.entry,
            Some((IndexKind::FunctionDefinition, 0)),
            "{bad:?}"
        );
        assert_eq!(err.location.code_offset, Some(3), "{bad:?}");
        assert!(err.message.contains(bad.opcode().name()), "{err}");
    }
}

#[test]
fn copy_loc_and_branch_messages() {
    // CopyLoc 200 with 3 locals (conformance case 37).
    let err = assert_module(IOOB, |m| code_mut(m)[1] = Bytecode::CopyLoc(200));
    assert_eq!(
        err.message,
        "FunctionDefinition #0, code offset 1: CopyLoc operand 200 out of bounds (3 locals)"
    );
    // Branch 300 in a 1-instruction body (conformance case 38).
    let err = assert_module(IOOB, |m| {
        m.function_defs[1].code.as_mut().unwrap().code = vec![Bytecode::Branch(300)];
    });
    assert_eq!(err.location.code_offset, Some(0));
    assert!(
        err.message.contains("300 out of bounds (1 instructions)"),
        "{err}"
    );
}

#[test]
fn instruction_type_arguments_are_checked() {
    // `g` has no type parameters: every generic operand mentioning T0 fails.
    use Bytecode as B;
    let generic = [
        B::CallGeneric(FunctionInstantiationIndex(1)),
        B::PackClosureGeneric(FunctionInstantiationIndex(1), ClosureMask(1)),
        B::ImmBorrowFieldGeneric(FieldInstantiationIndex(0)),
        B::PackGeneric(StructDefInstantiationIndex(0)),
        B::ImmBorrowVariantFieldGeneric(VariantFieldInstantiationIndex(0)),
        B::UnpackVariantGeneric(StructVariantInstantiationIndex(0)),
        B::VecLen(SignatureIndex(SIG_T0)),
        B::CallClosure(SignatureIndex(SIG_T0)),
    ];
    for instr in generic {
        let err = assert_module(IOOB, |m| {
            m.function_defs[1].code.as_mut().unwrap().code = vec![B::Nop, instr.clone(), B::Ret];
        });
        assert_eq!(err.location.code_offset, Some(1), "{instr:?}");
        assert!(err.message.contains("type parameter index 0"), "{err}");
    }
}

#[test]
fn unpack_variant_without_variant_tables() {
    // Conformance case 35: UnpackVariant decodes in v6, then fails the bounds check.
    assert_module(IOOB, |m| {
        m.version = 6;
        m.struct_variant_handles.clear();
        m.struct_variant_instantiations.clear();
        code_mut(m).retain(|i| {
            !matches!(
                i,
                Bytecode::PackVariant(_)
                    | Bytecode::UnpackVariant(_)
                    | Bytecode::TestVariantGeneric(_)
            )
        });
        m.function_defs[1].code.as_mut().unwrap().code = vec![
            Bytecode::UnpackVariant(StructVariantHandleIndex(0)),
            Bytecode::Ret,
        ];
    });
}

#[test]
fn steps_run_in_spec_order() {
    // A signature error (step 1) wins over every later step.
    let err = assert_module(NTAM, |m| {
        m.signatures[2].0.push(T::Struct(StructHandleIndex(1)));
        m.constant_pool[0].type_ = T::Struct(StructHandleIndex(9));
        m.self_module_handle_idx = ModuleHandleIndex(5);
        code_mut(m)[0] = Bytecode::CopyLoc(9);
    });
    assert_eq!(err.location.entry, Some((IndexKind::Signature, 2)));
    // Struct defs (12) before variant field handles (13) before function defs (17).
    let err = assert_module(ZERO_VARIANTS_ERROR, |m| {
        m.struct_defs[2].field_information = StructFieldInformation::DeclaredVariants(vec![]);
        m.variant_field_handles[0].variants.clear();
        code_mut(m)[0] = Bytecode::CopyLoc(9);
    });
    assert_eq!(err.location.entry, Some((IndexKind::StructDefinition, 2)));
    // Field handles (7) before struct defs (12), although the latter come first in the file.
    let err = assert_module(IOOB, |m| {
        m.field_handles[0].field = 9;
        m.struct_defs[0].struct_handle = StructHandleIndex(9);
    });
    assert_eq!(err.location.entry, Some((IndexKind::FieldHandle, 0)));
}

#[test]
fn deep_tokens_do_not_overflow_the_stack() {
    let mut tok = T::Struct(StructHandleIndex(77));
    for _ in 0..2_000 {
        tok = T::Vector(Box::new(tok));
    }
    let err = assert_module(IOOB, |m| m.signatures.push(Signature(vec![tok])));
    assert!(err.message.contains("index 77"), "{err}");
}

#[test]
fn vec_counts_and_closure_masks_are_not_checked() {
    let mut m = module();
    code_mut(&mut m)[3] = Bytecode::VecUnpack(SignatureIndex(SIG_U64), u64::MAX);
    code_mut(&mut m)[4] = Bytecode::PackClosure(FunctionHandleIndex(0), ClosureMask(u64::MAX));
    check_module(&m).unwrap();
}
