//! Checks on signature tokens: struct handles and their arity, and type-parameter indices.

use super::site::Site;
use super::Tables;
use crate::errors::{BinaryError, BinaryResult};
use crate::index::SignatureIndex;
use crate::model::{SignatureToken, StructHandle};
use crate::SIGNATURE_TOKEN_DEPTH_MAX;
use std::fmt;
use tern_primitives::StatusCode;

/// What is wrong with one token node (turned into an error with its context only on failure).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Fault {
    /// A struct handle index past the struct-handle table.
    StructHandle {
        /// The index.
        index: u16,
        /// The table size.
        len: usize,
    },
    /// A `Struct` token (no type arguments) whose handle is generic, or a `StructInstantiation`
    /// with the wrong number of type arguments.
    Arity {
        /// The struct handle.
        index: u16,
        /// The handle's type-parameter count.
        expected: usize,
        /// The number of type arguments given.
        got: usize,
    },
    /// A type parameter index not below the enclosing generic's type-parameter count.
    TypeParameter {
        /// The index.
        index: u16,
        /// The enclosing generic's type-parameter count.
        count: usize,
    },
}

impl Fault {
    /// The error for this fault, at `site`, where `what` names the token's position.
    #[cold]
    #[inline(never)]
    pub(super) fn into_error(self, site: Site, what: fmt::Arguments<'_>) -> BinaryError {
        match self {
            Fault::StructHandle { index, len } => site.out_of_bounds(
                format_args!("{what}: struct handle index"),
                usize::from(index),
                len,
                "struct handles",
            ),
            Fault::Arity {
                index,
                expected,
                got,
            } => site.error(
                StatusCode::NUMBER_OF_TYPE_ARGUMENTS_MISMATCH,
                format_args!(
                    "{what}: struct handle {index} expects {expected} type arguments, got {got}"
                ),
            ),
            Fault::TypeParameter { index, count } => site.out_of_bounds(
                format_args!("{what}: type parameter index"),
                usize::from(index),
                count,
                "type parameters",
            ),
        }
    }
}

/// Visits `tok` and every token nested in it in pre-order (function arguments before results),
/// stopping at the first fault.
#[inline]
pub(super) fn visit<F>(tok: &SignatureToken, f: &mut F) -> Result<(), Fault>
where
    F: FnMut(&SignatureToken) -> Result<(), Fault>,
{
    visit_at(tok, 1, f)
}

/// [`visit`] at nesting depth `depth` (root = 1). Recursion stops at the format's depth bound;
/// deeper (hand-built) tokens are walked with a heap stack instead.
fn visit_at<F>(tok: &SignatureToken, depth: usize, f: &mut F) -> Result<(), Fault>
where
    F: FnMut(&SignatureToken) -> Result<(), Fault>,
{
    if depth > SIGNATURE_TOKEN_DEPTH_MAX {
        return tok.preorder().try_for_each(f);
    }
    f(tok)?;
    let depth = depth.saturating_add(1);
    match tok {
        SignatureToken::Vector(inner)
        | SignatureToken::Reference(inner)
        | SignatureToken::MutableReference(inner) => visit_at(inner, depth, f),
        SignatureToken::StructInstantiation(_, args) => visit_all(args, depth, f),
        SignatureToken::Function(args, results, _) => {
            visit_all(args, depth, f)?;
            visit_all(results, depth, f)
        }
        _ => Ok(()),
    }
}

/// [`visit_at`] on each token of `toks`, in order.
fn visit_all<F>(toks: &[SignatureToken], depth: usize, f: &mut F) -> Result<(), Fault>
where
    F: FnMut(&SignatureToken) -> Result<(), Fault>,
{
    toks.iter().try_for_each(|tok| visit_at(tok, depth, f))
}

/// Checks one token node: a struct handle in range, used with its exact arity.
#[inline]
fn struct_use(handles: &[StructHandle], tok: &SignatureToken) -> Result<(), Fault> {
    let (index, got) = match tok {
        SignatureToken::Struct(h) => (*h, 0),
        SignatureToken::StructInstantiation(h, args) => (*h, args.len()),
        _ => return Ok(()),
    };
    let Some(handle) = handles.get(index.idx()) else {
        return Err(Fault::StructHandle {
            index: index.0,
            len: handles.len(),
        });
    };
    let expected = handle.type_parameters.len();
    if expected == got {
        Ok(())
    } else {
        Err(Fault::Arity {
            index: index.0,
            expected,
            got,
        })
    }
}

/// Checks every struct node of `tok` (§10 step 1).
pub(super) fn check_type(handles: &[StructHandle], tok: &SignatureToken) -> Result<(), Fault> {
    visit(tok, &mut |t| struct_use(handles, t))
}

/// Checks every type-parameter node of `tok` against `count`.
pub(super) fn check_type_params(tok: &SignatureToken, count: usize) -> Result<(), Fault> {
    visit(tok, &mut |t| match t {
        SignatureToken::TypeParameter(i) if usize::from(*i) >= count => {
            Err(Fault::TypeParameter { index: *i, count })
        }
        _ => Ok(()),
    })
}

/// Checks every struct node of `tok` (§10 step 1) and raises `bound` to 1 + the highest
/// type-parameter index in it.
pub(super) fn check_signature_token(
    handles: &[StructHandle],
    tok: &SignatureToken,
    bound: &mut u32,
) -> Result<(), Fault> {
    visit(tok, &mut |t| {
        if let SignatureToken::TypeParameter(i) = t {
            *bound = (*bound).max(u32::from(*i).saturating_add(1));
        }
        struct_use(handles, t)
    })
}

/// Checks the type parameters of every token of signature `sig` against `count`, if the
/// signature exists (its index was checked before). `what` names the signature's role.
#[inline]
pub(super) fn signature_type_params(
    t: &Tables<'_>,
    sig: SignatureIndex,
    count: usize,
    site: Site,
    what: &dyn fmt::Display,
) -> BinaryResult<()> {
    // perf: the bound recorded by step 1 settles almost every check without a walk.
    let bound = t.type_param_bounds.get(sig.idx()).copied();
    match bound.map(usize::try_from) {
        Some(Ok(bound)) if bound <= count => Ok(()),
        _ => signature_type_params_slow(t, sig, count, site, what),
    }
}

/// [`signature_type_params`] by walking the signature, to find the failing token.
#[cold]
#[inline(never)]
fn signature_type_params_slow(
    t: &Tables<'_>,
    sig: SignatureIndex,
    count: usize,
    site: Site,
    what: &dyn fmt::Display,
) -> BinaryResult<()> {
    let Some(signature) = t.signatures.get(sig.idx()) else {
        return Ok(());
    };
    for (pos, tok) in signature.0.iter().enumerate() {
        check_type_params(tok, count).map_err(|f| {
            f.into_error(site, format_args!("{what} (signature {sig}) token {pos}"))
        })?;
    }
    Ok(())
}
