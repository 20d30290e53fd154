//! Sui's `nitro_attestation::load_nitro_attestation_internal(attestation: &vector<u8>,
//! current_timestamp: u64): NitroAttestationDocument`, over
//! [`tern_crypto::nitro_attestation`].
//!
//! Sui gates it behind `enable_nitro_attestation` and three parsing flags
//! (`enable_nitro_attestation_upgraded_parsing`, `..._all_nonzero_pcrs_parsing`,
//! `..._always_include_required_pcrs_parsing`); at protocol 130 all four are on, on every
//! network, so Tern implements only that behaviour and never answers `ENotSupportedError`
//! (0), nor `EInvalidPCRsError` (3), which only the legacy parsing raised.
//!
//! Gas, as Sui charges it: 2650 plus 50 per byte of the attestation before parsing; if it
//! parses, 2481600 plus 2618450 per certificate of its `cabundle` before verifying. A parse
//! failure aborts with [`abort::PARSE_ERROR`], a verification failure with
//! [`abort::VERIFY_ERROR`].

use super::{bytes, gas, Outcome};
use crate::bad_args;
use tern_crypto::nitro_attestation::{self as nitro, AttestationDocument};
use tern_vm::natives::{NativeContext, NativeResult};
use tern_vm::types::TypeId;
use tern_vm::values::{Container, Value};

/// Abort codes of `load_nitro_attestation_internal` (`0x2::nitro_attestation`'s constants).
pub mod abort {
    /// `EParseError`: the attestation is not a well-formed `COSE_Sign1` attestation document.
    pub const PARSE_ERROR: u64 = 1;
    /// `EVerifyError`: its signature or certificate chain does not verify at the time given.
    pub const VERIFY_ERROR: u64 = 2;
}

/// `load_nitro_attestation_internal(attestation, current_timestamp)`.
pub(super) fn load_nitro_attestation_internal(
    ctx: &mut NativeContext<'_>,
    _: &[TypeId],
    args: &[Value],
) -> Outcome {
    let attestation = bytes(ctx, args, 0)?;
    let now_ms = match args.get(1) {
        Some(Value::U64(t)) => *t,
        _ => return Err(bad_args()),
    };
    let (base, per_byte) = gas::NITRO_ATTESTATION_PARSE;
    ctx.charge(base.saturating_add(per_byte.saturating_mul(attestation.len() as u64)));
    let Ok(parsed) = nitro::parse(&attestation) else {
        return Ok(NativeResult::Abort(abort::PARSE_ERROR));
    };
    let (base, per_cert) = gas::NITRO_ATTESTATION_VERIFY;
    let certs = parsed.cert_chain_length() as u64;
    ctx.charge(base.saturating_add(per_cert.saturating_mul(certs)));
    if parsed.verify(now_ms).is_err() {
        return Ok(NativeResult::Abort(abort::VERIFY_ERROR));
    }
    let document = document_value(ctx, parsed.into_document());
    Ok(NativeResult::Return(vec![document]))
}

/// `NitroAttestationDocument { module_id, timestamp, digest, pcrs: vector<PCREntry>,
/// public_key, user_data, nonce: Option<vector<u8>> }`, the PCRs by ascending index.
fn document_value(ctx: &mut NativeContext<'_>, doc: AttestationDocument) -> Value {
    let pcrs: Vec<Value> = doc
        .pcrs
        .into_iter()
        .map(|(index, value)| {
            let value = ctx.new_bytes(value);
            struct_value(ctx, vec![Value::U8(index), value])
        })
        .collect();
    let fields = vec![
        ctx.new_bytes(doc.module_id.into_bytes()),
        Value::U64(doc.timestamp),
        ctx.new_bytes(doc.digest.into_bytes()),
        Value::Container(ctx.heap.alloc(Container::Vec(pcrs))),
        option_bytes(ctx, doc.public_key),
        option_bytes(ctx, doc.user_data),
        option_bytes(ctx, doc.nonce),
    ];
    struct_value(ctx, fields)
}

fn struct_value(ctx: &mut NativeContext<'_>, fields: Vec<Value>) -> Value {
    Value::Container(ctx.heap.alloc(Container::Struct(fields.into_boxed_slice())))
}

/// An `Option<vector<u8>>`: a struct holding a vector of no or one element.
fn option_bytes(ctx: &mut NativeContext<'_>, bytes: Option<Vec<u8>>) -> Value {
    let element: Vec<Value> = bytes.map(|b| ctx.new_bytes(b)).into_iter().collect();
    let vector = Value::Container(ctx.heap.alloc(Container::Vec(element)));
    struct_value(ctx, vec![vector])
}

#[cfg(test)]
mod tests {
    #![allow(clippy::panic)]

    use super::*;
    use tern_vm::natives::{Extensions, NativeRegistry};
    use tern_vm::values::{Heap, Place, Ref};
    use tern_vm::{Runtime, VmConfig};

    /// Valid at [`FIXED_TIME`], four certificates in its `cabundle`.
    const FIXED: &str = include_str!("../../../tern-crypto/testdata/nitro/fixed_valid.hex");
    const FIXED_TIME: u64 = 1731627987382;

    fn unhex(s: &str) -> Vec<u8> {
        let s = s.trim();
        (0..s.len())
            .step_by(2)
            .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
            .collect()
    }

    /// Calls the native on `attestation` (by reference) at `now`: the result, the gas
    /// charged and the heap.
    fn run(attestation: Vec<u8>, now: u64) -> (NativeResult, u64, Heap) {
        let runtime = Runtime::new(VmConfig::default(), NativeRegistry::new());
        let mut heap = Heap::new();
        let place = Place::Whole(heap.alloc(Container::Bytes(attestation)));
        let args = vec![Value::Ref(Ref { place }), Value::U64(now)];
        let mut extensions = Extensions::new();
        let mut ctx = NativeContext::detached(&mut heap, &runtime, &mut [], &mut extensions);
        let result = load_nitro_attestation_internal(&mut ctx, &[], &args).unwrap();
        let gas = ctx.gas_charged;
        (result, gas, heap)
    }

    fn fields(heap: &Heap, value: &Value) -> Vec<Value> {
        match value {
            Value::Container(c) => match heap.get(*c).unwrap() {
                Container::Struct(f) => f.to_vec(),
                Container::Vec(e) => e.clone(),
                other => panic!("{other:?}"),
            },
            other => panic!("{other:?}"),
        }
    }

    fn bytes_at(heap: &Heap, value: &Value) -> Vec<u8> {
        match value {
            Value::Container(c) => match heap.get(*c).unwrap() {
                Container::Bytes(b) => b.clone(),
                other => panic!("{other:?}"),
            },
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn charges_parse_gas_then_verify_gas_as_sui_does() {
        let (result, gas, _) = run(vec![0, 0], FIXED_TIME);
        assert!(matches!(result, NativeResult::Abort(abort::PARSE_ERROR)));
        assert_eq!(gas, 2650 + 50 * 2);
        let fixed = unhex(FIXED);
        let parse_and_verify = 2650 + 50 * fixed.len() as u64 + 2481600 + 2618450 * 4;
        let (result, gas, _) = run(fixed.clone(), FIXED_TIME);
        assert!(matches!(result, NativeResult::Return(_)));
        assert_eq!(gas, parse_and_verify);
        // Expired three hours later: the verification is charged all the same.
        let (result, gas, _) = run(fixed, FIXED_TIME + 3 * 60 * 60 * 1000);
        assert!(matches!(result, NativeResult::Abort(abort::VERIFY_ERROR)));
        assert_eq!(gas, parse_and_verify);
    }

    #[test]
    fn builds_the_document_struct_the_framework_declares() {
        let (result, _, heap) = run(unhex(FIXED), FIXED_TIME);
        let NativeResult::Return(values) = result else {
            panic!("{result:?}")
        };
        let [document] = values.as_slice() else {
            panic!("{values:?}")
        };
        let doc = fields(&heap, document);
        assert_eq!(doc.len(), 7);
        let module_id = b"i-0f73a4b4cb74cc9f2-enc0192e4188fef781d".to_vec();
        assert_eq!(bytes_at(&heap, &doc[0]), module_id);
        assert!(matches!(doc[1], Value::U64(1731627989450)));
        assert_eq!(bytes_at(&heap, &doc[2]), b"SHA384");
        let pcrs: Vec<(Value, Vec<u8>)> = fields(&heap, &doc[3])
            .iter()
            .map(|entry| {
                let entry = fields(&heap, entry);
                (entry[0], bytes_at(&heap, &entry[1]))
            })
            .collect();
        let indices: Vec<Value> = pcrs.iter().map(|(i, _)| *i).collect();
        let expected = [0, 1, 2, 3, 4, 8].map(Value::U8);
        assert_eq!(format!("{indices:?}"), format!("{expected:?}"));
        assert!(pcrs.iter().all(|(_, v)| v.len() == 48));
        // public_key: none; user_data: some(32 bytes); nonce: none.
        let option = |v: &Value| fields(&heap, &fields(&heap, v)[0]);
        assert!(option(&doc[4]).is_empty());
        let user_data = option(&doc[5]);
        assert_eq!(user_data.len(), 1);
        assert_eq!(bytes_at(&heap, &user_data[0]).len(), 32);
        assert!(option(&doc[6]).is_empty());
    }
}
