//! Entry signatures. For bytecode v5 and newer the peer's verifier adds no rule here (the
//! adapter checks entry arguments when a transaction runs). For older binaries, entry
//! functions and scripts take signers first, then only constant-like types, and return nothing
//! (`INVALID_MAIN_FUNCTION_SIGNATURE`).

use crate::constants::is_valid_constant_type;
use crate::error::{err, with_index, VResult};
use crate::view::Binary;
use tern_binary::{SignatureIndex, SignatureToken};
use tern_primitives::{IndexKind, StatusCode};

/// Checks a module's entry functions (without location).
pub(crate) fn verify_module(binary: Binary<'_>) -> VResult<()> {
    if binary.version() < 5 {
        return Ok(());
    }
    for (idx, def) in binary.function_defs().iter().enumerate() {
        if !def.is_entry {
            continue;
        }
        let handle = binary.function_handle(def.function)?;
        legacy_checks(binary, handle.parameters, Some(handle.return_))
            .map_err(|e| with_index(e, IndexKind::FunctionDefinition, idx))?;
    }
    Ok(())
}

/// Checks a script's `main` (without location).
pub(crate) fn verify_script(binary: Binary<'_>, parameters: SignatureIndex) -> VResult<()> {
    if binary.version() >= 5 {
        return Ok(());
    }
    legacy_checks(binary, parameters, None)
}

fn legacy_checks(
    binary: Binary<'_>,
    parameters: SignatureIndex,
    returns: Option<SignatureIndex>,
) -> VResult<()> {
    if binary.version() >= 5 {
        return Ok(());
    }
    use SignatureToken as T;
    let params = &binary.sig(parameters)?.0;
    let no_returns = match returns {
        Some(r) => binary.sig(r)?.is_empty(),
        None => true,
    };
    let is_signer = |t: &T| match t {
        T::Reference(inner) if binary.version() <= 1 => **inner == T::Signer,
        T::Signer => binary.version() > 1,
        _ => false,
    };
    let valid = params
        .iter()
        .skip_while(|t| is_signer(t))
        .all(|t| is_valid_constant_type(t, 0));
    if !valid || !no_returns {
        return Err(err(StatusCode::INVALID_MAIN_FUNCTION_SIGNATURE));
    }
    Ok(())
}
