//! The disassembler never panics: modules with dangling indices (tables cut short), bad
//! operands and absurdly deep types give a `DisasmError` or text, never a crash.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod disassembler_common;

use tern_asm::disassembler::{disassemble_module, disassemble_script, DisasmError};
use tern_binary::*;
use tern_primitives::IndexKind;

/// A tiny deterministic generator (xorshift64).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
}

fn truncate<T>(rng: &mut Rng, items: &mut Vec<T>) {
    let len = rng.below(items.len() + 1);
    items.truncate(len);
}

/// Cuts one table of `m` short.
fn cut_table(rng: &mut Rng, m: &mut CompiledModule) {
    match rng.below(18) {
        0 => truncate(rng, &mut m.module_handles),
        1 => truncate(rng, &mut m.struct_handles),
        2 => truncate(rng, &mut m.function_handles),
        3 => truncate(rng, &mut m.field_handles),
        4 => truncate(rng, &mut m.struct_def_instantiations),
        5 => truncate(rng, &mut m.function_instantiations),
        6 => truncate(rng, &mut m.field_instantiations),
        7 => truncate(rng, &mut m.signatures),
        8 => truncate(rng, &mut m.identifiers),
        9 => truncate(rng, &mut m.address_identifiers),
        10 => truncate(rng, &mut m.constant_pool),
        11 => truncate(rng, &mut m.struct_defs),
        12 => truncate(rng, &mut m.variant_field_handles),
        13 => truncate(rng, &mut m.variant_field_instantiations),
        14 => truncate(rng, &mut m.struct_variant_handles),
        15 => truncate(rng, &mut m.struct_variant_instantiations),
        16 => m.self_module_handle_idx = ModuleHandleIndex(rng.next() as u16),
        _ => {
            for c in &mut m.constant_pool {
                let len = rng.below(c.data.len() + 1);
                c.data.truncate(len);
            }
        }
    }
}

#[test]
fn cut_tables_never_panic() {
    let Some(modules) = disassembler_common::framework_modules() else {
        return;
    };
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let (mut ok, mut err) = (0, 0);
    for (_, module) in modules.iter().step_by(9) {
        for _ in 0..40 {
            let mut m = module.clone();
            cut_table(&mut rng, &mut m);
            match disassemble_module(&m) {
                Ok(_) => ok += 1,
                Err(_) => err += 1,
            }
        }
    }
    assert!(err > 0 && ok > 0, "ok {ok}, err {err}");
}

#[test]
fn bad_operands_report_index_errors() {
    let mut m = CompiledModule {
        version: 9,
        ..CompiledModule::default()
    };
    assert_eq!(
        disassemble_module(&m),
        Err(DisasmError::IndexOutOfBounds {
            kind: IndexKind::ModuleHandle,
            index: 0
        })
    );
    m.identifiers
        .push(tern_primitives::Identifier::new("m").unwrap());
    m.address_identifiers
        .push(tern_primitives::AccountAddress::ONE);
    m.module_handles.push(ModuleHandle {
        address: AddressIdentifierIndex(0),
        name: IdentifierIndex(0),
    });
    m.signatures.push(Signature(vec![]));
    m.function_handles.push(FunctionHandle {
        module: ModuleHandleIndex(0),
        name: IdentifierIndex(0),
        parameters: SignatureIndex(0),
        return_: SignatureIndex(0),
        type_parameters: vec![],
        access_specifiers: None,
        attributes: vec![],
    });
    let bad_ops = [
        (
            Bytecode::Call(FunctionHandleIndex(9)),
            IndexKind::FunctionHandle,
        ),
        (
            Bytecode::LdConst(ConstantPoolIndex(3)),
            IndexKind::ConstantPool,
        ),
        (
            Bytecode::Pack(StructDefinitionIndex(1)),
            IndexKind::StructDefinition,
        ),
        (Bytecode::VecLen(SignatureIndex(4)), IndexKind::Signature),
        (
            Bytecode::PackVariantGeneric(StructVariantInstantiationIndex(0)),
            IndexKind::StructVariantInstantiation,
        ),
    ];
    for (op, kind) in bad_ops {
        m.function_defs = vec![FunctionDefinition {
            function: FunctionHandleIndex(0),
            visibility: Visibility::Private,
            is_entry: false,
            acquires_global_resources: vec![],
            code: Some(CodeUnit {
                locals: SignatureIndex(0),
                code: vec![op, Bytecode::Ret],
                jump_tables: vec![],
            }),
        }];
        match disassemble_module(&m) {
            Err(DisasmError::IndexOutOfBounds { kind: k, .. }) => assert_eq!(k, kind),
            other => panic!("expected an index error, got {other:?}"),
        }
    }
    // A vector instruction whose signature holds no type.
    m.function_defs[0].code.as_mut().unwrap().code = vec![Bytecode::VecLen(SignatureIndex(0))];
    assert!(matches!(
        disassemble_module(&m),
        Err(DisasmError::VectorSignature { count: 0, .. })
    ));
}

#[test]
fn deep_types_are_refused() {
    let mut tok = SignatureToken::U8;
    for _ in 0..600 {
        tok = SignatureToken::Vector(Box::new(tok));
    }
    let script = CompiledScript {
        version: 9,
        signatures: vec![Signature(vec![tok]), Signature(vec![])],
        code: CodeUnit {
            locals: SignatureIndex(0),
            code: vec![Bytecode::Ret],
            jump_tables: vec![],
        },
        parameters: SignatureIndex(1),
        ..CompiledScript::default()
    };
    assert_eq!(disassemble_script(&script), Err(DisasmError::TypeTooDeep));
}
