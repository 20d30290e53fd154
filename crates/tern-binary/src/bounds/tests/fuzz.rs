//! Random index mutations of the base module and script: the checker never panics and only
//! reports the statuses of §10.

use super::*;
use proptest::prelude::*;

/// The code unit of the first function, if any.
fn first_code(m: &mut CompiledModule) -> Option<&mut CodeUnit> {
    m.function_defs.get_mut(0)?.code.as_mut()
}

/// Sets one index-like field of the module, chosen by `which`, to `value` (if the row still
/// exists after earlier truncations).
fn mutate_module(m: &mut CompiledModule, which: u8, value: u16) {
    let v8 = value as u8;
    let n = usize::from(value % 8);
    match which % 24 {
        0 => m.self_module_handle_idx = ModuleHandleIndex(value),
        1 => m
            .module_handles
            .iter_mut()
            .for_each(|h| h.name = IdentifierIndex(value)),
        2 => m
            .struct_handles
            .iter_mut()
            .for_each(|h| h.module = ModuleHandleIndex(value % 4)),
        3 => m
            .function_handles
            .iter_mut()
            .for_each(|h| h.parameters = SignatureIndex(value % 8)),
        4 => m
            .function_handles
            .iter_mut()
            .for_each(|h| h.return_ = SignatureIndex(value % 8)),
        5 => m
            .field_handles
            .iter_mut()
            .for_each(|h| h.owner = StructDefinitionIndex(value % 4)),
        6 => m.field_handles.iter_mut().for_each(|h| h.field = value % 3),
        7 => m
            .struct_def_instantiations
            .iter_mut()
            .for_each(|i| i.def = StructDefinitionIndex(value % 4)),
        8 => m
            .function_instantiations
            .iter_mut()
            .for_each(|i| i.type_parameters = SignatureIndex(value % 8)),
        9 => m
            .signatures
            .iter_mut()
            .for_each(|s| s.0.push(T::TypeParameter(value % 3))),
        10 => m
            .signatures
            .iter_mut()
            .for_each(|s| s.0.push(T::Struct(StructHandleIndex(value % 4)))),
        11 => m.struct_defs.truncate(n),
        12 => m.signatures.truncate(n),
        13 => m
            .variant_field_handles
            .iter_mut()
            .for_each(|h| h.variants.push(value % 4)),
        14 => m
            .variant_field_handles
            .iter_mut()
            .for_each(|h| h.field = value % 3),
        15 => m
            .struct_variant_handles
            .iter_mut()
            .for_each(|h| h.variant = value % 4),
        16 => first_code(m)
            .into_iter()
            .for_each(|c| c.code.insert(0, Bytecode::CopyLoc(v8))),
        17 => first_code(m)
            .into_iter()
            .for_each(|c| c.code.push(Bytecode::Branch(value % 40))),
        18 => first_code(m)
            .into_iter()
            .for_each(|c| c.code.push(Bytecode::VecLen(SignatureIndex(value % 8)))),
        19 => first_code(m).into_iter().for_each(|c| c.code.truncate(n)),
        20 => m
            .function_handles
            .iter_mut()
            .for_each(|h| h.type_parameters.truncate(n % 2)),
        21 => m
            .struct_handles
            .iter_mut()
            .for_each(|h| h.type_parameters.truncate(n % 2)),
        22 => first_code(m)
            .into_iter()
            .for_each(|c| c.locals = SignatureIndex(value % 8)),
        _ => m.module_handles.truncate(n % 2),
    }
}

fn allowed(status: StatusCode) -> bool {
    [
        IOOB,
        NO_MODULE_HANDLES,
        NTAM,
        TOO_MANY_LOCALS,
        ZERO_VARIANTS_ERROR,
    ]
    .contains(&status)
}

proptest! {
    #[test]
    fn mutated_modules_never_panic(edits in prop::collection::vec((any::<u8>(), any::<u16>()), 1..6)) {
        let mut m = module();
        for (which, value) in edits {
            mutate_module(&mut m, which, value);
        }
        if let Err(err) = check_module(&m) {
            prop_assert!(allowed(err.status), "{err}");
        }
    }

    #[test]
    fn mutated_scripts_never_panic(which in any::<u8>(), value in any::<u16>(), pc in 0usize..7) {
        let mut s = script();
        match which % 5 {
            0 => s.parameters = SignatureIndex(value % 8),
            1 => s.type_parameters.clear(),
            2 => s.code.code[pc] = Bytecode::MoveLoc(value as u8),
            3 => s.signatures.truncate(usize::from(value % 6)),
            _ => s.code.code[pc] = Bytecode::PackGeneric(StructDefInstantiationIndex(value)),
        }
        if let Err(err) = check_script(&s) {
            prop_assert!(allowed(err.status), "{err}");
        }
    }
}
