//! Production limits: type parameters and parameters of handles, signature size and depth, and
//! the numbers of definitions, fields and variants. Errors carry no index except for handles.

use crate::config::VerifierConfig;
use crate::error::{err, err_at, VResult};
use crate::view::Binary;
use tern_binary::{SignatureToken, StructFieldInformation};
use tern_primitives::{IndexKind, StatusCode};

/// Size weight of a struct or type-parameter token (they may expand to many nodes).
const STRUCT_SIZE_WEIGHT: usize = 4;
/// Size weight of a type parameter token.
const PARAM_SIZE_WEIGHT: usize = 4;

/// Checks a module or script (without its location).
pub(crate) fn verify(config: &VerifierConfig, binary: Binary<'_>) -> VResult<()> {
    verify_function_handles(config, binary)?;
    verify_struct_handles(config, binary)?;
    verify_type_nodes(config, binary)?;
    if let Binary::Module(_) = binary {
        verify_definitions(config, binary)?;
    }
    Ok(())
}

fn over(limit: Option<usize>, value: usize) -> bool {
    limit.is_some_and(|l| value > l)
}

fn verify_struct_handles(config: &VerifierConfig, binary: Binary<'_>) -> VResult<()> {
    for (idx, handle) in binary.struct_handles().iter().enumerate() {
        if over(
            config.max_generic_instantiation_length,
            handle.type_parameters.len(),
        ) {
            return Err(err_at(
                StatusCode::TOO_MANY_TYPE_PARAMETERS,
                IndexKind::StructHandle,
                idx,
            ));
        }
    }
    Ok(())
}

fn verify_function_handles(config: &VerifierConfig, binary: Binary<'_>) -> VResult<()> {
    for (idx, handle) in binary.function_handles().iter().enumerate() {
        if over(
            config.max_generic_instantiation_length,
            handle.type_parameters.len(),
        ) {
            return Err(err_at(
                StatusCode::TOO_MANY_TYPE_PARAMETERS,
                IndexKind::FunctionHandle,
                idx,
            ));
        }
        let params = binary.sig(handle.parameters)?.len();
        let returns = binary.sig(handle.return_)?.len();
        if over(config.max_function_parameters, params)
            || over(config.max_function_return_values, returns)
        {
            return Err(err_at(
                StatusCode::TOO_MANY_PARAMETERS,
                IndexKind::FunctionHandle,
                idx,
            ));
        }
    }
    Ok(())
}

fn verify_type_nodes(config: &VerifierConfig, binary: Binary<'_>) -> VResult<()> {
    if config.max_type_nodes.is_none()
        && config.max_function_parameters.is_none()
        && config.max_function_return_values.is_none()
        && config.max_type_depth.is_none()
    {
        return Ok(());
    }
    for sig in binary.signatures() {
        for ty in &sig.0 {
            verify_type_node(config, ty)?;
        }
    }
    for constant in binary.constant_pool() {
        verify_type_node(config, &constant.type_)?;
    }
    for def in binary.struct_defs() {
        match &def.field_information {
            StructFieldInformation::Native => {}
            StructFieldInformation::Declared(fields) => {
                for field in fields {
                    verify_type_node(config, &field.type_)?;
                }
            }
            StructFieldInformation::DeclaredVariants(variants) => {
                for field in variants.iter().flat_map(|v| &v.fields) {
                    verify_type_node(config, &field.type_)?;
                }
            }
        }
    }
    Ok(())
}

/// Checks the size, depth and function-type arity of one type (pre-order, root at depth 1).
pub(crate) fn verify_type_node(config: &VerifierConfig, ty: &SignatureToken) -> VResult<()> {
    let mut size: usize = 0;
    let mut stack: smallvec::SmallVec<[(&SignatureToken, usize); 16]> =
        smallvec::smallvec![(ty, 1)];
    while let Some((token, depth)) = stack.pop() {
        if over(config.max_type_depth, depth) {
            return Err(err(StatusCode::TOO_MANY_TYPE_NODES));
        }
        let weight = match token {
            SignatureToken::Struct(_) | SignatureToken::StructInstantiation(..) => {
                STRUCT_SIZE_WEIGHT
            }
            SignatureToken::TypeParameter(_) => PARAM_SIZE_WEIGHT,
            SignatureToken::Function(params, results, _) => {
                if over(config.max_function_parameters, params.len())
                    || over(config.max_function_return_values, results.len())
                {
                    return Err(err(StatusCode::TOO_MANY_PARAMETERS));
                }
                1
            }
            _ => 1,
        };
        size = size.saturating_add(weight);
        let child_depth = depth.saturating_add(1);
        match token {
            SignatureToken::Function(params, results, _) => {
                stack.extend(results.iter().rev().map(|t| (t, child_depth)));
                stack.extend(params.iter().rev().map(|t| (t, child_depth)));
            }
            other => stack.extend(other.children().iter().rev().map(|t| (t, child_depth))),
        }
    }
    if over(config.max_type_nodes, size) {
        return Err(err(StatusCode::TOO_MANY_TYPE_NODES));
    }
    Ok(())
}

fn verify_definitions(config: &VerifierConfig, binary: Binary<'_>) -> VResult<()> {
    if over(
        config.max_function_definitions,
        binary.function_defs().len(),
    ) {
        return Err(err(StatusCode::MAX_FUNCTION_DEFINITIONS_REACHED));
    }
    let defs = binary.struct_defs();
    if over(config.max_struct_definitions, defs.len()) {
        return Err(err(StatusCode::MAX_STRUCT_DEFINITIONS_REACHED));
    }
    if config.max_fields_in_struct.is_some() {
        for def in defs {
            let fields = match &def.field_information {
                StructFieldInformation::Native => 0,
                StructFieldInformation::Declared(fields) => fields.len(),
                StructFieldInformation::DeclaredVariants(variants) => {
                    variants.iter().map(|v| v.fields.len()).max().unwrap_or(0)
                }
            };
            if over(config.max_fields_in_struct, fields) {
                return Err(err(StatusCode::MAX_FIELD_DEFINITIONS_REACHED));
            }
        }
    }
    for def in defs {
        if over(config.max_struct_variants, def.variants().len()) {
            return Err(err(StatusCode::MAX_STRUCT_VARIANTS_REACHED));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use SignatureToken as T;

    fn nested_vectors(n: usize) -> T {
        (0..n).fold(T::U8, |t, _| T::Vector(Box::new(t)))
    }

    #[test]
    fn depth_counts_the_root_as_one() {
        let config = VerifierConfig::production();
        assert!(verify_type_node(&config, &nested_vectors(19)).is_ok());
        let e = verify_type_node(&config, &nested_vectors(20)).unwrap_err();
        assert_eq!(e.status(), StatusCode::TOO_MANY_TYPE_NODES);
    }

    #[test]
    fn structs_and_params_weigh_four() {
        let config = VerifierConfig {
            max_type_depth: None,
            ..VerifierConfig::production()
        };
        // 32 type parameters = 128 units: allowed; one more node is too many.
        let args = vec![T::TypeParameter(0); 31];
        let ok = T::StructInstantiation(tern_binary::StructHandleIndex(0), args.clone());
        assert!(verify_type_node(&config, &ok).is_ok());
        let mut more = args;
        more.push(T::Bool);
        let bad = T::StructInstantiation(tern_binary::StructHandleIndex(0), more);
        assert_eq!(
            verify_type_node(&config, &bad).unwrap_err().status(),
            StatusCode::TOO_MANY_TYPE_NODES
        );
    }
}
