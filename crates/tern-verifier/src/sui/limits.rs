//! Sui's limits, in Sui's order: vector constants, function handles, datatype handles, type
//! sizes, identifiers, definitions, then the type nodes of the generic instantiations each
//! function (and the module) uses.

use crate::config::SuiVerifierConfig;
use crate::error::{err, err_at, VResult};
use rustc_hash::FxHashMap;
use tern_binary::{
    BinaryTables, Bytecode, CompiledModule, SignatureIndex, SignatureToken, StructFieldInformation,
};
use tern_primitives::{IndexKind, StatusCode};

/// Weight of a datatype or a type parameter in a type's size; other tokens weigh 1.
const HEAVY_NODE: usize = 4;

/// The weighted size of a type.
pub(crate) fn weighted_size(ty: &SignatureToken) -> usize {
    ty.preorder().fold(0usize, |size, t| {
        let weight = match t {
            SignatureToken::Struct(_)
            | SignatureToken::StructInstantiation(..)
            | SignatureToken::TypeParameter(_) => HEAVY_NODE,
            _ => 1,
        };
        size.saturating_add(weight)
    })
}

/// Checks the limits of a module (without its location).
pub(crate) fn verify(config: &SuiVerifierConfig, m: &CompiledModule) -> VResult<()> {
    constants(config, m)?;
    function_handles(config, m)?;
    datatype_handles(config, m)?;
    type_sizes(config, m)?;
    identifiers(config, m)?;
    definitions(config, m)?;
    instantiations(config, m)
}

fn constants(config: &SuiVerifierConfig, m: &CompiledModule) -> VResult<()> {
    for (idx, constant) in m.constant_pool.iter().enumerate() {
        if !matches!(constant.type_, SignatureToken::Vector(_)) {
            continue;
        }
        // A vector constant's length is its BCS prefix; a constant that does not decode
        // as a vector of its type is malformed.
        let Some(len) = crate::constants::vector_length(&constant.type_, &constant.data) else {
            return Err(err_at(
                StatusCode::MALFORMED_CONSTANT_DATA,
                IndexKind::ConstantPool,
                idx,
            ));
        };
        if config.max_constant_vector_len.is_some_and(|max| len > max) {
            let max = config.max_constant_vector_len.unwrap_or_default();
            return Err(err(StatusCode::TOO_MANY_VECTOR_ELEMENTS)
                .with_message(format!("vector size limit is {max}")));
        }
    }
    Ok(())
}

fn function_handles(config: &SuiVerifierConfig, m: &CompiledModule) -> VResult<()> {
    for (idx, handle) in m.function_handles.iter().enumerate() {
        if config
            .max_generic_instantiation_length
            .is_some_and(|l| handle.type_parameters.len() > l)
        {
            return Err(err_at(
                StatusCode::TOO_MANY_TYPE_PARAMETERS,
                IndexKind::FunctionHandle,
                idx,
            ));
        }
        let params = m.signature_at(handle.parameters).map_or(0, |s| s.len());
        if config.max_function_parameters.is_some_and(|l| params > l) {
            return Err(err_at(
                StatusCode::TOO_MANY_PARAMETERS,
                IndexKind::FunctionHandle,
                idx,
            ));
        }
    }
    Ok(())
}

fn datatype_handles(config: &SuiVerifierConfig, m: &CompiledModule) -> VResult<()> {
    let Some(limit) = config.max_generic_instantiation_length else {
        return Ok(());
    };
    for (idx, handle) in m.struct_handles.iter().enumerate() {
        if handle.type_parameters.len() > limit {
            return Err(err_at(
                StatusCode::TOO_MANY_TYPE_PARAMETERS,
                IndexKind::StructHandle,
                idx,
            ));
        }
    }
    Ok(())
}

fn type_sizes(config: &SuiVerifierConfig, m: &CompiledModule) -> VResult<()> {
    let Some(max) = config.max_type_nodes else {
        return Ok(());
    };
    let struct_fields = m
        .struct_defs
        .iter()
        .flat_map(|d| match &d.field_information {
            StructFieldInformation::Declared(fields) => fields.as_slice(),
            _ => &[],
        });
    let enum_fields = m
        .enum_defs
        .iter()
        .flat_map(|e| e.variants.iter().flat_map(|v| &v.fields));
    let too_big = m
        .signatures
        .iter()
        .flat_map(|s| &s.0)
        .chain(m.constant_pool.iter().map(|c| &c.type_))
        .chain(struct_fields.map(|f| &f.type_))
        .chain(enum_fields.map(|f| &f.type_))
        .any(|ty| weighted_size(ty) > max);
    if too_big {
        return Err(err(StatusCode::TOO_MANY_TYPE_NODES));
    }
    Ok(())
}

fn identifiers(config: &SuiVerifierConfig, m: &CompiledModule) -> VResult<()> {
    for (idx, identifier) in m.identifiers.iter().enumerate() {
        let len = identifier.as_str().len() as u64;
        if config.max_identifier_len.is_some_and(|max| len > max) {
            return Err(err_at(
                StatusCode::IDENTIFIER_TOO_LONG,
                IndexKind::Identifier,
                idx,
            ));
        }
        if config.disallow_self_identifier && identifier.as_str() == "<SELF>" {
            return Err(err_at(
                StatusCode::INVALID_IDENTIFIER,
                IndexKind::Identifier,
                idx,
            ));
        }
    }
    Ok(())
}

fn definitions(config: &SuiVerifierConfig, m: &CompiledModule) -> VResult<()> {
    if config
        .max_function_definitions
        .is_some_and(|max| m.function_defs.len() > max)
    {
        return Err(err(StatusCode::MAX_FUNCTION_DEFINITIONS_REACHED));
    }
    let data_defs = m.struct_defs.len().saturating_add(m.enum_defs.len());
    if config
        .max_data_definitions
        .is_some_and(|max| data_defs > max)
    {
        return Err(err(StatusCode::MAX_STRUCT_DEFINITIONS_REACHED));
    }
    let Some(max_fields) = config.max_fields_in_struct else {
        return Ok(());
    };
    for def in &m.struct_defs {
        if let StructFieldInformation::Declared(fields) = &def.field_information {
            if fields.len() > max_fields {
                return Err(err(StatusCode::MAX_FIELD_DEFINITIONS_REACHED));
            }
        }
    }
    for def in &m.enum_defs {
        if config
            .max_variants_in_enum
            .is_some_and(|max| def.variants.len() as u64 > max)
        {
            return Err(err(StatusCode::MAX_VARIANTS_REACHED));
        }
        // The fields of all the variants together count against the limit.
        let mut fields = 0usize;
        for variant in &def.variants {
            fields = fields.saturating_add(variant.fields.len());
            if fields > max_fields {
                return Err(err(StatusCode::MAX_FIELD_DEFINITIONS_REACHED));
            }
        }
    }
    Ok(())
}

/// The signature of type arguments an instruction instantiates, if it is generic.
fn instantiation(m: &CompiledModule, instr: &Bytecode) -> Option<SignatureIndex> {
    use Bytecode as B;
    match instr {
        B::CallGeneric(i) => m
            .function_instantiations
            .get(i.idx())
            .map(|x| x.type_parameters),
        B::PackGeneric(i)
        | B::UnpackGeneric(i)
        | B::ExistsGeneric(i)
        | B::MoveFromGeneric(i)
        | B::MoveToGeneric(i)
        | B::ImmBorrowGlobalGeneric(i)
        | B::MutBorrowGlobalGeneric(i) => m
            .struct_def_instantiations
            .get(i.idx())
            .map(|x| x.type_parameters),
        B::ImmBorrowFieldGeneric(i) | B::MutBorrowFieldGeneric(i) => m
            .field_instantiations
            .get(i.idx())
            .map(|x| x.type_parameters),
        B::VecPack(s, _)
        | B::VecLen(s)
        | B::VecImmBorrow(s)
        | B::VecMutBorrow(s)
        | B::VecPushBack(s)
        | B::VecPopBack(s)
        | B::VecUnpack(s, _)
        | B::VecSwap(s) => Some(*s),
        B::SuiPackVariantGeneric(i)
        | B::SuiUnpackVariantGeneric(i)
        | B::SuiUnpackVariantGenericImmRef(i)
        | B::SuiUnpackVariantGenericMutRef(i) => m
            .variant_instantiation_handles
            .get(i.idx())
            .and_then(|h| m.enum_def_instantiations.get(h.enum_def.idx()))
            .map(|x| x.type_parameters),
        _ => None,
    }
}

fn instantiations(config: &SuiVerifierConfig, m: &CompiledModule) -> VResult<()> {
    let per_function = config.max_generic_instantiation_type_nodes_per_function;
    let per_module = config.max_generic_instantiation_type_nodes_per_module;
    if per_function.is_none() && per_module.is_none() {
        return Ok(());
    }
    let mut weights: FxHashMap<SignatureIndex, usize> = FxHashMap::default();
    let mut module_total = 0usize;
    for def in &m.function_defs {
        let Some(code) = &def.code else { continue };
        let mut function_total = 0usize;
        for instr in &code.code {
            let Some(sig) = instantiation(m, instr) else {
                continue;
            };
            let weight = *weights.entry(sig).or_insert_with(|| {
                m.signature_at(sig).map_or(0, |s| {
                    s.0.iter()
                        .fold(0usize, |acc, t| acc.saturating_add(weighted_size(t)))
                })
            });
            function_total = function_total.saturating_add(weight);
            module_total = module_total.saturating_add(weight);
            if let Some(max) = per_function.filter(|max| function_total > *max) {
                return Err(err(StatusCode::TOO_MANY_TYPE_NODES).with_message(format!(
                    "function exceeds generic-instantiation budget: {function_total} > {max}"
                )));
            }
            if let Some(max) = per_module.filter(|max| module_total > *max) {
                return Err(err(StatusCode::TOO_MANY_TYPE_NODES).with_message(format!(
                    "module exceeds generic-instantiation budget: {module_total} > {max}"
                )));
            }
        }
    }
    Ok(())
}
