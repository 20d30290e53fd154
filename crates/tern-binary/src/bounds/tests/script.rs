//! Scripts (§10, last paragraph).

use super::*;

#[test]
fn base_script_passes() {
    check_script(&script()).unwrap();
    // Scripts need no module handles.
    let mut s = script();
    s.module_handles.clear();
    s.struct_handles.clear();
    s.function_handles.clear();
    s.function_instantiations.clear();
    s.signatures[3].0.clear();
    s.code.code = vec![Bytecode::Ret];
    check_script(&s).unwrap();
}

#[test]
fn script_common_tables() {
    assert_script(NTAM, |s| {
        s.signatures[2].0.push(T::Struct(StructHandleIndex(1)))
    });
    assert_script(IOOB, |s| {
        s.constant_pool[0].type_ = T::Struct(StructHandleIndex(3))
    });
    assert_script(IOOB, |s| s.module_handles[0].name = IdentifierIndex(6));
    assert_script(IOOB, |s| s.struct_handles[0].module = ModuleHandleIndex(1));
    assert_script(IOOB, |s| s.function_handles[1].return_ = SignatureIndex(6));
    assert_script(IOOB, |s| {
        s.function_handles[1].parameters = SignatureIndex(SIG_T0)
    });
    assert_script(IOOB, |s| {
        s.function_instantiations[0].handle = FunctionHandleIndex(2)
    });
}

#[test]
fn script_without_signatures() {
    // Conformance case 67.
    let s = CompiledScript {
        code: CodeUnit {
            locals: SignatureIndex(0),
            code: vec![Bytecode::Ret],
            jump_tables: vec![],
        },
        ..CompiledScript::default()
    };
    let err = check_script(&s).unwrap_err();
    assert_eq!(err.status, IOOB);
    assert_eq!(
        err.message,
        "script main: parameters signature index 0 out of bounds (0 signatures)"
    );
}

#[test]
fn script_parameters_type_parameters() {
    // Conformance case 68.
    let err = assert_script(IOOB, |s| s.type_parameters.clear());
    assert!(
        err.message.contains("parameters (signature 1) token 1"),
        "{err}"
    );
}

#[test]
fn script_code_checks() {
    assert_script(IOOB, |s| s.code.locals = SignatureIndex(6));
    assert_script(IOOB, |s| s.code.code[1] = Bytecode::CopyLoc(3));
    let err = assert_script(IOOB, |s| s.code.code[5] = Bytecode::BrTrue(7));
    assert_eq!(err.location.code_offset, Some(5));
    assert_eq!(err.location.entry, Some((IndexKind::FunctionDefinition, 0)));
    assert_script(IOOB, |s| {
        s.code.code[0] = Bytecode::LdConst(ConstantPoolIndex(1))
    });
    assert_script(IOOB, |s| {
        s.code.code[3] = Bytecode::Call(FunctionHandleIndex(2))
    });
    assert_script(IOOB, |s| {
        s.code.code[4] = Bytecode::VecSwap(SignatureIndex(6))
    });
    assert_script(IOOB, |s| {
        s.code.code[2] = Bytecode::PackClosureGeneric(FunctionInstantiationIndex(1), ClosureMask(1))
    });
    assert_script(IOOB, |s| {
        s.code.code[4] = Bytecode::CallClosure(SignatureIndex(SIG_F_PARAMS + 10))
    });
    assert_script(TOO_MANY_LOCALS, |s| {
        s.signatures.push(Signature(vec![T::U8; 254]));
        s.code.locals = SignatureIndex(6);
    });
}

#[test]
fn script_skips_module_only_instructions() {
    // Conformance case 70: `Pack 5` in a script passes, as do the other module-only operands.
    let mut s = script();
    s.code.code = bad_instructions()
        .into_iter()
        .filter(|i| {
            use Bytecode as B;
            !matches!(
                i,
                B::LdConst(_)
                    | B::CopyLoc(_)
                    | B::MoveLoc(_)
                    | B::StLoc(_)
                    | B::MutBorrowLoc(_)
                    | B::ImmBorrowLoc(_)
                    | B::Call(_)
                    | B::CallGeneric(_)
                    | B::PackClosure(..)
                    | B::PackClosureGeneric(..)
                    | B::CallClosure(_)
                    | B::BrTrue(_)
                    | B::BrFalse(_)
                    | B::Branch(_)
            ) && !matches!(i.opcode().byte(crate::Flavor::Aptos), Some(0x40..=0x47))
        })
        .collect();
    assert_eq!(s.code.code.len(), 49 - 14 - 8);
    s.code.code.push(Bytecode::Pack(StructDefinitionIndex(5)));
    check_script(&s).unwrap();
}
