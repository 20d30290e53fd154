//! Feature gates: enums, access specifiers and function values may be switched off in the
//! configuration, and a module or script that uses a disabled feature fails with
//! `FEATURE_NOT_ENABLED`.

use crate::config::VerifierConfig;
use crate::error::{err, with_index, VResult};
use crate::view::Binary;
use tern_binary::{Bytecode, SignatureToken, StructFieldInformation};
use tern_primitives::{IndexKind, StatusCode};

/// Checks a module or script (without its location).
pub(crate) fn verify(config: &VerifierConfig, binary: Binary<'_>) -> VResult<()> {
    verify_signatures(config, binary)?;
    verify_function_handles(config, binary)?;
    if let Binary::Script(script) = binary {
        if !config.enable_resource_access_control && script.access_specifiers.is_some() {
            return Err(err(StatusCode::FEATURE_NOT_ENABLED)
                .with_message("resource access control feature not enabled"));
        }
        return verify_code(config, &script.code.code, None);
    }
    verify_struct_defs(config, binary)?;
    for (idx, def) in binary.function_defs().iter().enumerate() {
        if let Some(unit) = &def.code {
            verify_code(config, &unit.code, Some(idx))?;
        }
    }
    Ok(())
}

fn function_values_off(config: &VerifierConfig) -> VResult<()> {
    if config.enable_function_values {
        Ok(())
    } else {
        Err(err(StatusCode::FEATURE_NOT_ENABLED).with_message("function value feature not enabled"))
    }
}

fn verify_token(config: &VerifierConfig, ty: &SignatureToken) -> VResult<()> {
    if ty
        .preorder()
        .any(|t| matches!(t, SignatureToken::Function(..)))
    {
        function_values_off(config)?;
    }
    Ok(())
}

fn verify_signatures(config: &VerifierConfig, binary: Binary<'_>) -> VResult<()> {
    if config.enable_function_values {
        return Ok(());
    }
    for (idx, sig) in binary.signatures().iter().enumerate() {
        for ty in &sig.0 {
            verify_token(config, ty).map_err(|e| with_index(e, IndexKind::Signature, idx))?;
        }
    }
    Ok(())
}

fn verify_function_handles(config: &VerifierConfig, binary: Binary<'_>) -> VResult<()> {
    for (idx, handle) in binary.function_handles().iter().enumerate() {
        if !config.enable_resource_access_control && handle.access_specifiers.is_some() {
            return Err(with_index(
                err(StatusCode::FEATURE_NOT_ENABLED)
                    .with_message("resource access control feature not enabled"),
                IndexKind::FunctionHandle,
                idx,
            ));
        }
        if !handle.attributes.is_empty() {
            // The peer labels this one with the handle's position as a definition index.
            function_values_off(config)
                .map_err(|e| with_index(e, IndexKind::FunctionDefinition, idx))?;
        }
    }
    Ok(())
}

fn verify_struct_defs(config: &VerifierConfig, binary: Binary<'_>) -> VResult<()> {
    for (idx, def) in binary.struct_defs().iter().enumerate() {
        let fields: Vec<&tern_binary::FieldDefinition> = match &def.field_information {
            StructFieldInformation::Native => continue,
            StructFieldInformation::Declared(fields) => fields.iter().collect(),
            StructFieldInformation::DeclaredVariants(variants) => {
                if !config.enable_enum_types {
                    return Err(with_index(
                        err(StatusCode::FEATURE_NOT_ENABLED)
                            .with_message("enum type feature not enabled"),
                        IndexKind::StructDefinition,
                        idx,
                    ));
                }
                variants.iter().flat_map(|v| &v.fields).collect()
            }
        };
        for field in fields {
            verify_token(config, &field.type_)
                .map_err(|e| with_index(e, IndexKind::StructDefinition, idx))?;
        }
    }
    Ok(())
}

fn verify_code(config: &VerifierConfig, code: &[Bytecode], def: Option<usize>) -> VResult<()> {
    if config.enable_function_values {
        return Ok(());
    }
    let uses_closures = code.iter().any(|bc| {
        matches!(
            bc,
            Bytecode::PackClosure(..) | Bytecode::PackClosureGeneric(..) | Bytecode::CallClosure(_)
        )
    });
    if uses_closures {
        let e =
            err(StatusCode::FEATURE_NOT_ENABLED).with_message("function value feature not enabled");
        return Err(match def {
            Some(idx) => with_index(e, IndexKind::FunctionDefinition, idx),
            None => e,
        });
    }
    Ok(())
}
