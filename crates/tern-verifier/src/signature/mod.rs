//! Signature checks: every type is well formed (no reference except at the top of a parameter,
//! return or local; right number of type arguments), type arguments satisfy the constraints of
//! the parameters they instantiate, struct fields have the abilities the struct declares, and
//! phantom parameters appear only in phantom positions.
//!
//! As in the peer, each type is first checked without context, which computes the minimal
//! abilities each type parameter must have; that requirement is then checked against the
//! declared constraints of the enclosing function or struct. The order of the checks and the
//! `indices` of errors follow the peer:
//! 1. every signature of the pool, context-free (`(Signature, i)`);
//! 2. every function, struct, field, variant and variant-field instantiation, context-free;
//! 3. function handles in their own context (`(FunctionHandle, i)`);
//! 4. function bodies: locals (`(Signature, locals), (FunctionDefinition, i)`) and every
//!    instantiation used by an instruction (`(FunctionDefinition, i)`);
//! 5. struct definitions (`(StructDefinition, i)`).

mod checker;

use crate::config::VerifierConfig;
use crate::error::{err, finish, with_index, VResult};
use crate::view::Binary;
use checker::{Checker, Constraints};
use tern_binary::{
    CodeUnit, FieldDefinition, SignatureToken, StructFieldInformation, StructHandle,
    StructTypeParameter,
};
use tern_primitives::{AbilitySet, IndexKind, Location, StatusCode, VmError};

/// Most type parameters (or type-parameter indices) the peer's bitsets can hold.
const MAX_TYPE_PARAMETER_SLOTS: usize = 1024;

/// Checks a module or script; errors carry `location`.
pub(crate) fn verify(
    config: &VerifierConfig,
    binary: Binary<'_>,
    location: &Location,
) -> Result<(), VmError> {
    let mut slots = max_type_parameter_slots(binary);
    if let Binary::Script(s) = binary {
        if config.sig_checker_v2_fix_script_ty_param_count {
            slots = slots.max(s.type_parameters.len());
        }
    }
    if slots > MAX_TYPE_PARAMETER_SLOTS {
        return Err(err(StatusCode::UNKNOWN_INVARIANT_VIOLATION_ERROR)
            .with_message("too many type parameters/arguments in the program"));
    }
    let mut checker = Checker::new(binary, config.sig_checker_v2_fix_function_signatures);
    let result = match binary {
        Binary::Module(_) => verify_module(&mut checker),
        Binary::Script(s) => verify_script(&mut checker, s),
    };
    result.map_err(|e| finish(e, location))
}

fn verify_module(checker: &mut Checker<'_>) -> VResult<()> {
    let binary = checker.binary;
    checker.verify_pool()?;
    checker.verify_instantiation_tables()?;
    verify_function_handles(checker)?;
    for (idx, def) in binary.function_defs().iter().enumerate() {
        if let Some(code) = &def.code {
            let handle = binary.function_handle(def.function)?;
            verify_code(checker, &handle.type_parameters, code)
                .map_err(|e| with_index(e, IndexKind::FunctionDefinition, idx))?;
        }
    }
    for (idx, def) in binary.struct_defs().iter().enumerate() {
        let handle = binary.struct_handle(def.struct_handle)?;
        verify_struct_def(checker, handle, &def.field_information)
            .map_err(|e| with_index(e, IndexKind::StructDefinition, idx))?;
    }
    Ok(())
}

fn verify_script(checker: &mut Checker<'_>, script: &tern_binary::CompiledScript) -> VResult<()> {
    checker.verify_pool()?;
    checker.verify_function_instantiations()?;
    verify_function_handles(checker)?;
    let context = Constraints::from_abilities(&script.type_parameters);
    checker.verify_signature_in_context(&context, script.parameters)?;
    verify_code(checker, &script.type_parameters, &script.code)
}

fn verify_function_handles(checker: &mut Checker<'_>) -> VResult<()> {
    for (idx, handle) in checker.binary.function_handles().iter().enumerate() {
        let context = Constraints::from_abilities(&handle.type_parameters);
        checker
            .verify_signature_in_context(&context, handle.parameters)
            .and_then(|()| checker.verify_signature_in_context(&context, handle.return_))
            .map_err(|e| with_index(e, IndexKind::FunctionHandle, idx))?;
    }
    Ok(())
}

fn verify_code(
    checker: &mut Checker<'_>,
    type_parameters: &[AbilitySet],
    code: &CodeUnit,
) -> VResult<()> {
    let context = Constraints::from_abilities(type_parameters);
    checker
        .verify_signature_in_context(&context, code.locals)
        .map_err(|e| with_index(e, IndexKind::Signature, code.locals.idx()))?;
    checker::verify_instructions(checker, &context, &code.code)
}

fn verify_struct_def(
    checker: &mut Checker<'_>,
    handle: &StructHandle,
    info: &StructFieldInformation,
) -> VResult<()> {
    let context = Constraints::from_abilities(
        &handle
            .type_parameters
            .iter()
            .map(|p| p.constraints)
            .collect::<Vec<_>>(),
    );
    let all = Constraints::from_abilities(&vec![AbilitySet::ALL; handle.type_parameters.len()]);
    let required = crate::view::requires(handle.abilities);
    let fields: Vec<&FieldDefinition> = match info {
        StructFieldInformation::Native => return Ok(()),
        StructFieldInformation::Declared(fields) => fields.iter().collect(),
        StructFieldInformation::DeclaredVariants(variants) => {
            variants.iter().flat_map(|v| &v.fields).collect()
        }
    };
    for field in fields {
        checker.check_ty_in_context(&context, &field.type_, false, AbilitySet::EMPTY)?;
        checker
            .check_ty_in_context(&all, &field.type_, false, required)
            .map_err(|_| err(StatusCode::FIELD_MISSING_TYPE_ABILITY))?;
        check_phantom_params(
            checker.binary.struct_handles(),
            &handle.type_parameters,
            false,
            &field.type_,
            0,
        )?;
    }
    Ok(())
}

/// Checks that phantom type parameters of the struct only occur as arguments of phantom
/// parameters of other structs.
fn check_phantom_params(
    handles: &[StructHandle],
    context: &[StructTypeParameter],
    phantom_position: bool,
    ty: &SignatureToken,
    depth: usize,
) -> VResult<()> {
    use SignatureToken as T;
    if depth > crate::view::MAX_WALK_DEPTH {
        return Err(crate::error::crash());
    }
    let next = depth.saturating_add(1);
    match ty {
        T::Vector(inner) => check_phantom_params(handles, context, false, inner, next)?,
        T::Function(args, results, _) => {
            for t in args.iter().chain(results) {
                check_phantom_params(handles, context, false, t, next)?;
            }
        }
        T::StructInstantiation(idx, args) => {
            let handle = handles.get(idx.idx()).ok_or_else(crate::error::crash)?;
            for (i, t) in args.iter().enumerate() {
                let param = handle
                    .type_parameters
                    .get(i)
                    .ok_or_else(crate::error::crash)?;
                check_phantom_params(handles, context, param.is_phantom, t, next)?;
            }
        }
        T::TypeParameter(i) => {
            let param = context
                .get(usize::from(*i))
                .ok_or_else(crate::error::crash)?;
            if param.is_phantom && !phantom_position {
                return Err(
                    err(StatusCode::INVALID_PHANTOM_TYPE_PARAM_POSITION).with_message(
                        "phantom type parameter cannot be used in non-phantom position",
                    ),
                );
            }
        }
        _ => {}
    }
    Ok(())
}

/// The number of type-parameter slots the program needs: the most type parameters of a handle,
/// and one more than the highest type-parameter index used in a signature or field.
fn max_type_parameter_slots(binary: Binary<'_>) -> usize {
    let mut n = 0usize;
    for handle in binary.function_handles() {
        n = n.max(handle.type_parameters.len());
    }
    for handle in binary.struct_handles() {
        n = n.max(handle.type_parameters.len());
    }
    let mut visit = |ty: &SignatureToken| {
        crate::view::for_each_node(ty, |t| {
            if let SignatureToken::TypeParameter(i) = t {
                n = n.max(usize::from(*i).saturating_add(1));
            }
        });
    };
    for sig in binary.signatures() {
        sig.0.iter().for_each(&mut visit);
    }
    for def in binary.struct_defs() {
        match &def.field_information {
            StructFieldInformation::Native => {}
            StructFieldInformation::Declared(fields) => {
                fields.iter().for_each(|f| visit(&f.type_));
            }
            StructFieldInformation::DeclaredVariants(variants) => variants
                .iter()
                .flat_map(|v| &v.fields)
                .for_each(|f| visit(&f.type_)),
        }
    }
    n
}
