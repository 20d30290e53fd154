//! Signature tokens (spec §6) and ability sets (§4, legacy v1 kinds §4.12).
//!
//! Tokens are decoded by bounded recursion: the depth is checked before every node is read, so
//! at most [`SIGNATURE_TOKEN_DEPTH_MAX`] frames are ever live.

use super::reader::{DeResult, Reader};
use super::tables::Ctx;
use crate::index::StructHandleIndex;
use crate::model::{Signature, SignatureToken};
use crate::SIGNATURE_TOKEN_DEPTH_MAX;
use tern_primitives::{Ability, AbilitySet, Flavor, StatusCode};

/// Where an ability set appears (matters only for v1's legacy kind bytes).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum AbilityPosition {
    /// A struct handle's own abilities.
    StructHandle,
    /// A struct handle's type-parameter constraints.
    StructTypeParameter,
    /// A function's (or script's) type-parameter constraints.
    FunctionTypeParameter,
}

/// Reads an ability set: `uleb(0x0F)` for v ≥ 2, a legacy kind byte for v1.
#[inline]
pub(crate) fn read_abilities(
    r: &mut Reader<'_>,
    version: u32,
    position: AbilityPosition,
) -> DeResult<AbilitySet> {
    if version >= 2 {
        let bits = r.uleb_u8(0x0F)?;
        return Ok(AbilitySet::from_bits(bits).unwrap_or(AbilitySet::EMPTY));
    }
    let start = r.pos();
    let byte = r.u8()?;
    legacy_abilities(byte, position)
        .ok_or_else(|| r.error_at(start, StatusCode::UNKNOWN_ABILITY, "unknown legacy kind"))
}

/// Maps a v1 kind byte to an ability set.
fn legacy_abilities(byte: u8, position: AbilityPosition) -> Option<AbilitySet> {
    let set = |list: &[Ability]| list.iter().copied().collect::<AbilitySet>();
    match position {
        AbilityPosition::StructHandle => match byte {
            0x01 => Some(set(&[Ability::Store, Ability::Key])),
            0x02 => Some(set(&[Ability::Store, Ability::Copy, Ability::Drop])),
            _ => None,
        },
        AbilityPosition::StructTypeParameter | AbilityPosition::FunctionTypeParameter => {
            let base = match byte {
                0x01 => set(&[]),
                0x02 => set(&[Ability::Copy, Ability::Drop]),
                0x03 => set(&[Ability::Key]),
                _ => return None,
            };
            if position == AbilityPosition::FunctionTypeParameter {
                Some(base | Ability::Store)
            } else {
                Some(base)
            }
        }
    }
}

/// Reads one SIGNATURES row: `uleb(255)` count then that many tokens.
pub(crate) fn read_signature(r: &mut Reader<'_>, ctx: Ctx) -> DeResult<Signature> {
    let n = r.count(255)?;
    let mut tokens = Vec::with_capacity(r.capacity_for(n, 1));
    for _ in 0..n {
        tokens.push(read_token(r, ctx)?);
    }
    Ok(Signature(tokens))
}

/// Reads one signature token (a root at depth 1).
#[inline]
pub(crate) fn read_token(r: &mut Reader<'_>, ctx: Ctx) -> DeResult<SignatureToken> {
    // perf: most tokens are ungated primitives; decode them without the recursive call.
    if let Some(tok) = r.peek().and_then(ungated_primitive) {
        r.skip(1);
        return Ok(tok);
    }
    read_node(r, ctx, 1)
}

/// The token for a primitive tag that no version gate applies to.
#[inline]
fn ungated_primitive(tag: u8) -> Option<SignatureToken> {
    match tag {
        0x01 => Some(SignatureToken::Bool),
        0x02 => Some(SignatureToken::U8),
        0x03 => Some(SignatureToken::U64),
        0x04 => Some(SignatureToken::U128),
        0x05 => Some(SignatureToken::Address),
        0x0C => Some(SignatureToken::Signer),
        _ => None,
    }
}

/// Reads the node at `depth` (root = 1) and its children.
fn read_node(r: &mut Reader<'_>, ctx: Ctx, depth: usize) -> DeResult<SignatureToken> {
    use SignatureToken as S;
    if depth > SIGNATURE_TOKEN_DEPTH_MAX {
        return Err(r.error(StatusCode::MALFORMED, "Maximum recursion depth reached"));
    }
    let start = r.pos();
    let tag = r.u8()?;
    let child = depth.saturating_add(1);
    Ok(match tag {
        0x01 => S::Bool,
        0x02 => S::U8,
        0x03 => S::U64,
        0x04 => S::U128,
        0x05 => S::Address,
        0x06 => S::Reference(Box::new(read_node(r, ctx, child)?)),
        0x07 => S::MutableReference(Box::new(read_node(r, ctx, child)?)),
        0x08 => S::Struct(StructHandleIndex(r.index()?)),
        0x09 => S::TypeParameter(read_type_parameter(r)?),
        0x0A => S::Vector(Box::new(read_node(r, ctx, child)?)),
        0x0B => read_struct_instantiation(r, ctx, child)?,
        0x0C => S::Signer,
        // Sui's format stops at 0x0F: its later tokens are unknown there, not too new.
        0x10.. if ctx.flavor == Flavor::Sui => return Err(unknown_token(r, start, tag)),
        0x0D..=0x0F => {
            gate(r, ctx.version, 6, start, tag)?;
            match tag {
                0x0D => S::U16,
                0x0E => S::U32,
                _ => S::U256,
            }
        }
        0x10 => {
            gate(r, ctx.version, 8, start, tag)?;
            read_function_type(r, ctx, child)?
        }
        0x11..=0x16 => {
            gate(r, ctx.version, 9, start, tag)?;
            signed_integer(tag)
        }
        _ => return Err(unknown_token(r, start, tag)),
    })
}

/// An unknown token tag (UNKNOWN_SERIALIZED_TYPE).
#[cold]
fn unknown_token(r: &Reader<'_>, start: usize, tag: u8) -> Box<crate::BinaryError> {
    r.error_at(
        start,
        StatusCode::UNKNOWN_SERIALIZED_TYPE,
        format!("unknown signature token tag {tag:#04x}"),
    )
}

/// The signed integer type for tags 0x11..=0x16.
fn signed_integer(tag: u8) -> SignatureToken {
    match tag {
        0x11 => SignatureToken::I8,
        0x12 => SignatureToken::I16,
        0x13 => SignatureToken::I32,
        0x14 => SignatureToken::I64,
        0x15 => SignatureToken::I128,
        _ => SignatureToken::I256,
    }
}

/// Rejects a token tag newer than the binary's version (MALFORMED).
#[inline]
fn gate(r: &Reader<'_>, version: u32, min: u32, start: usize, tag: u8) -> DeResult<()> {
    if version < min {
        return Err(r.error_at(
            start,
            StatusCode::MALFORMED,
            format!(
                "signature token {tag:#04x} needs bytecode version {min}, binary is v{version}"
            ),
        ));
    }
    Ok(())
}

/// `uleb(65536)`; 65536 itself fails the u16 conversion (UNKNOWN_INVARIANT_VIOLATION_ERROR).
fn read_type_parameter(r: &mut Reader<'_>) -> DeResult<u16> {
    let start = r.pos();
    let v = r.uleb(65536)?;
    u16::try_from(v).map_err(|_| {
        r.error_at(
            start,
            StatusCode::UNKNOWN_INVARIANT_VIOLATION_ERROR,
            "type parameter index 65536 does not fit u16",
        )
    })
}

/// `0x0B`: struct handle, arity 1..=255, then the type arguments.
fn read_struct_instantiation(
    r: &mut Reader<'_>,
    ctx: Ctx,
    child: usize,
) -> DeResult<SignatureToken> {
    let handle = StructHandleIndex(r.index()?);
    let start = r.pos();
    let arity = r.count(255)?;
    if arity == 0 {
        return Err(r.error_at(start, StatusCode::MALFORMED, "Struct inst with arity 0"));
    }
    let args = read_nodes(r, ctx, child, arity)?;
    Ok(SignatureToken::StructInstantiation(handle, args))
}

/// `0x10`: abilities, argument count, result count, arguments, results.
fn read_function_type(r: &mut Reader<'_>, ctx: Ctx, child: usize) -> DeResult<SignatureToken> {
    let abilities = read_abilities(r, ctx.version, AbilityPosition::FunctionTypeParameter)?;
    let n_args = r.count(255)?;
    let n_results = r.count(255)?;
    let args = read_nodes(r, ctx, child, n_args)?;
    let results = read_nodes(r, ctx, child, n_results)?;
    Ok(SignatureToken::Function(args, results, abilities))
}

/// Reads `n` sibling nodes at `depth`.
fn read_nodes(
    r: &mut Reader<'_>,
    ctx: Ctx,
    depth: usize,
    n: usize,
) -> DeResult<Vec<SignatureToken>> {
    let mut out = Vec::with_capacity(r.capacity_for(n, 1));
    for _ in 0..n {
        out.push(read_node(r, ctx, depth)?);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::index::StructHandleIndex as SH;
    use SignatureToken as S;

    fn tok(bytes: &[u8], version: u32) -> Result<SignatureToken, StatusCode> {
        let mut r = Reader::new(bytes, 0, None);
        let t = read_token(&mut r, Ctx::aptos(version)).map_err(|e| e.status)?;
        assert!(r.is_empty(), "trailing bytes after token");
        Ok(t)
    }

    #[test]
    fn primitive_tokens() {
        let cases: [(u8, S, u32); 20] = [
            (0x01, S::Bool, 1),
            (0x02, S::U8, 1),
            (0x03, S::U64, 1),
            (0x04, S::U128, 1),
            (0x05, S::Address, 1),
            (0x0C, S::Signer, 1),
            (0x0D, S::U16, 6),
            (0x0E, S::U32, 6),
            (0x0F, S::U256, 6),
            (0x11, S::I8, 9),
            (0x12, S::I16, 9),
            (0x13, S::I32, 9),
            (0x14, S::I64, 9),
            (0x15, S::I128, 9),
            (0x16, S::I256, 9),
            (0x01, S::Bool, 10),
            (0x0D, S::U16, 10),
            (0x16, S::I256, 10),
            (0x0F, S::U256, 9),
            (0x05, S::Address, 5),
        ];
        for (tag, expected, version) in cases {
            assert_eq!(tok(&[tag], version), Ok(expected), "tag {tag:#x}");
        }
    }

    #[test]
    fn gates_and_unknown_tags() {
        assert_eq!(tok(&[0x11], 8), Err(StatusCode::MALFORMED));
        assert_eq!(tok(&[0x0D], 5), Err(StatusCode::MALFORMED));
        assert_eq!(tok(&[0x10, 0, 0, 0], 7), Err(StatusCode::MALFORMED));
        assert_eq!(tok(&[0x00], 10), Err(StatusCode::UNKNOWN_SERIALIZED_TYPE));
        assert_eq!(tok(&[0x17], 10), Err(StatusCode::UNKNOWN_SERIALIZED_TYPE));
        assert_eq!(tok(&[], 10), Err(StatusCode::MALFORMED));
    }

    #[test]
    fn composite_tokens() {
        let v = |t: S| S::Vector(Box::new(t));
        assert_eq!(tok(&[0x0A, 0x02], 9), Ok(v(S::U8)));
        assert_eq!(
            tok(&[0x06, 0x05], 9),
            Ok(S::Reference(Box::new(S::Address)))
        );
        assert_eq!(
            tok(&[0x07, 0x09, 0x00], 9),
            Ok(S::MutableReference(Box::new(S::TypeParameter(0))))
        );
        assert_eq!(tok(&[0x08, 0x80, 0x01], 9), Ok(S::Struct(SH(128))));
        assert_eq!(
            tok(&[0x0B, 0x01, 0x02, 0x03, 0x0A, 0x01], 9),
            Ok(S::StructInstantiation(SH(1), vec![S::U64, v(S::Bool)]))
        );
        // D5: |u64, bool| address has drop
        let f = S::Function(
            vec![S::U64, S::Bool],
            vec![S::Address],
            AbilitySet::from_bits(2).unwrap(),
        );
        assert_eq!(tok(&[0x10, 0x02, 0x02, 0x01, 0x03, 0x01, 0x05], 8), Ok(f));
        assert_eq!(
            tok(&[0x10, 0x00, 0x00, 0x00], 8),
            Ok(S::Function(vec![], vec![], AbilitySet::EMPTY))
        );
        assert_eq!(
            tok(&[0x10, 0x10, 0x00, 0x00], 8),
            Err(StatusCode::MALFORMED)
        );
    }

    #[test]
    fn struct_instantiation_arity_zero_is_malformed() {
        assert_eq!(tok(&[0x0B, 0x00, 0x00], 9), Err(StatusCode::MALFORMED));
    }

    #[test]
    fn type_parameter_limits() {
        assert_eq!(
            tok(&[0x09, 0xFF, 0xFF, 0x03], 9),
            Ok(S::TypeParameter(65535))
        );
        assert_eq!(
            tok(&[0x09, 0x80, 0x80, 0x04], 9),
            Err(StatusCode::UNKNOWN_INVARIANT_VIOLATION_ERROR)
        );
        assert_eq!(
            tok(&[0x09, 0x81, 0x80, 0x04], 9),
            Err(StatusCode::MALFORMED)
        );
    }

    #[test]
    fn depth_limit_is_256_nodes() {
        for (vectors, ok) in [(255usize, true), (256, false)] {
            let mut bytes = vec![0x0A; vectors];
            bytes.push(0x01);
            let res = tok(&bytes, 9);
            assert_eq!(res.is_ok(), ok, "{vectors} nested vectors");
            if !ok {
                assert_eq!(res, Err(StatusCode::MALFORMED));
            }
        }
        // depth through function arguments counts too
        let mut bytes = Vec::new();
        for _ in 0..255 {
            bytes.extend_from_slice(&[0x10, 0x00, 0x01, 0x00]);
        }
        bytes.push(0x01);
        assert!(tok(&bytes, 9).is_ok());
        bytes.pop();
        bytes.extend_from_slice(&[0x0A, 0x01]);
        assert_eq!(tok(&bytes, 9), Err(StatusCode::MALFORMED));
    }

    #[test]
    fn abilities() {
        let mut r = Reader::new(&[0x0F, 0x10], 0, None);
        assert_eq!(
            read_abilities(&mut r, 9, AbilityPosition::StructHandle).unwrap(),
            AbilitySet::ALL
        );
        assert_eq!(
            read_abilities(&mut r, 9, AbilityPosition::StructHandle)
                .unwrap_err()
                .status,
            StatusCode::MALFORMED
        );
        let legacy =
            |b: u8, p| read_abilities(&mut Reader::new(&[b], 0, None), 1, p).map_err(|e| e.status);
        let sh = AbilityPosition::StructHandle;
        assert_eq!(legacy(1, sh).unwrap().bits(), 0x0C);
        assert_eq!(legacy(2, sh).unwrap().bits(), 0x07);
        assert_eq!(legacy(3, sh), Err(StatusCode::UNKNOWN_ABILITY));
        let ftp = AbilityPosition::FunctionTypeParameter;
        let stp = AbilityPosition::StructTypeParameter;
        assert_eq!(legacy(1, ftp).unwrap().bits(), 0x04);
        assert_eq!(legacy(2, stp).unwrap().bits(), 0x03);
        assert_eq!(legacy(3, stp).unwrap().bits(), 0x08);
        assert_eq!(legacy(0, stp), Err(StatusCode::UNKNOWN_ABILITY));
    }

    #[test]
    fn signature_counts() {
        let mut r = Reader::new(&[0x02, 0x01, 0x02], 0, None);
        assert_eq!(
            read_signature(&mut r, Ctx::aptos(9)).unwrap(),
            Signature(vec![S::Bool, S::U8])
        );
        let mut bytes = vec![0x80, 0x02];
        bytes.extend(std::iter::repeat_n(0x01, 256));
        assert_eq!(
            read_signature(&mut Reader::new(&bytes, 0, None), Ctx::aptos(9))
                .unwrap_err()
                .status,
            StatusCode::MALFORMED
        );
    }
}
