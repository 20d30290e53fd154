//! Signature tokens, signatures and ability sets (spec §6), with the depth limit of 256.

use super::writer::{refuse, Writer};
use crate::errors::BinaryResult;
use crate::model::{Signature, SignatureToken};
use crate::SIGNATURE_TOKEN_DEPTH_MAX;
use tern_primitives::AbilitySet;

/// Writes an ability set (`uleb(0x0F)`, always one byte).
#[inline]
pub(crate) fn write_abilities(w: &mut Writer, abilities: AbilitySet) {
    w.uleb(u64::from(abilities.bits()));
}

/// Writes a signature: `uleb(255)` count, then the tokens.
pub(crate) fn write_signature(w: &mut Writer, sig: &Signature) -> BinaryResult<()> {
    w.count(sig.0.len(), 255, "tokens in a signature")?;
    for tok in &sig.0 {
        write_token(w, tok)?;
    }
    Ok(())
}

/// Writes one token (root at depth 1).
#[inline]
pub(crate) fn write_token(w: &mut Writer, tok: &SignatureToken) -> BinaryResult<()> {
    write_node(w, tok, 1)
}

/// The tag byte of a token.
fn tag(tok: &SignatureToken) -> u8 {
    use SignatureToken as S;
    match tok {
        S::Bool => 0x01,
        S::U8 => 0x02,
        S::U64 => 0x03,
        S::U128 => 0x04,
        S::Address => 0x05,
        S::Reference(_) => 0x06,
        S::MutableReference(_) => 0x07,
        S::Struct(_) => 0x08,
        S::TypeParameter(_) => 0x09,
        S::Vector(_) => 0x0A,
        S::StructInstantiation(..) => 0x0B,
        S::Signer => 0x0C,
        S::U16 => 0x0D,
        S::U32 => 0x0E,
        S::U256 => 0x0F,
        S::Function(..) => 0x10,
        S::I8 => 0x11,
        S::I16 => 0x12,
        S::I32 => 0x13,
        S::I64 => 0x14,
        S::I128 => 0x15,
        S::I256 => 0x16,
    }
}

/// Writes the node at `depth` and its children (pre-order).
fn write_node(w: &mut Writer, tok: &SignatureToken, depth: usize) -> BinaryResult<()> {
    use SignatureToken as S;
    if depth > SIGNATURE_TOKEN_DEPTH_MAX {
        return Err(refuse("signature token nesting exceeds depth 256"));
    }
    let child = depth.saturating_add(1);
    w.u8(tag(tok));
    match tok {
        S::Reference(inner) | S::MutableReference(inner) | S::Vector(inner) => {
            write_node(w, inner, child)
        }
        S::Struct(handle) => {
            w.index(handle.0);
            Ok(())
        }
        S::TypeParameter(i) => {
            w.index(*i);
            Ok(())
        }
        S::StructInstantiation(handle, args) => {
            w.index(handle.0);
            if args.is_empty() {
                return Err(refuse("struct instantiation with no type arguments"));
            }
            w.count(args.len(), 255, "struct instantiation arity")?;
            write_nodes(w, args, child)
        }
        S::Function(args, results, abilities) => {
            write_abilities(w, *abilities);
            w.count(args.len(), 255, "function type arguments")?;
            w.count(results.len(), 255, "function type results")?;
            write_nodes(w, args, child)?;
            write_nodes(w, results, child)
        }
        _ => Ok(()),
    }
}

fn write_nodes(w: &mut Writer, toks: &[SignatureToken], depth: usize) -> BinaryResult<()> {
    for tok in toks {
        write_node(w, tok, depth)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::index::StructHandleIndex;
    use SignatureToken as S;

    fn enc(tok: &S) -> BinaryResult<Vec<u8>> {
        let mut w = Writer::default();
        write_token(&mut w, tok)?;
        Ok(w.into_bytes())
    }

    #[test]
    fn function_type_layout() {
        let f = S::Function(
            vec![S::U64, S::Bool],
            vec![S::Address],
            AbilitySet::from_bits(2).unwrap(),
        );
        assert_eq!(
            enc(&f).unwrap(),
            vec![0x10, 0x02, 0x02, 0x01, 0x03, 0x01, 0x05]
        );
        let inst = S::StructInstantiation(StructHandleIndex(200), vec![S::TypeParameter(300)]);
        assert_eq!(
            enc(&inst).unwrap(),
            vec![0x0B, 0xC8, 0x01, 0x01, 0x09, 0xAC, 0x02]
        );
        assert!(enc(&S::StructInstantiation(StructHandleIndex(0), vec![])).is_err());
    }

    #[test]
    fn depth_limit() {
        let mut t = S::U8;
        for _ in 0..255 {
            t = S::Vector(Box::new(t));
        }
        assert!(enc(&t).is_ok());
        let t = S::Vector(Box::new(t));
        assert!(enc(&t).is_err());
    }
}
