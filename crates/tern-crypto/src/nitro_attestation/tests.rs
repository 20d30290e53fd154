//! Real attestations (the test vectors of Sui's unit and Move tests) and hand-built
//! envelopes and documents for each rule.

use super::*;
use crate::test_util::hex;
use ciborium::value::Integer;

/// Valid at [`FIXED_TIME`]: PCRs 0–15, 5–15 and 0–2 zero; no public key; 32 bytes of user data.
fn fixed() -> Vec<u8> {
    hex(include_str!("../../testdata/nitro/fixed_valid.hex").trim())
}
const FIXED_TIME: u64 = 1731627987382;

/// The Nautilus example enclave's attestation of Sui's Move test, valid at [`NAUTILUS_TIME`].
fn nautilus() -> Vec<u8> {
    hex(include_str!("../../testdata/nitro/nautilus.hex").trim())
}
const NAUTILUS_TIME: u64 = 1747071568899;

/// The PCRs of [`nautilus`] (index, value), as Sui's Move test lists them.
fn nautilus_pcrs() -> Vec<(u8, Vec<u8>)> {
    include_str!("../../testdata/nitro/nautilus_pcrs.txt")
        .lines()
        .map(|line| {
            let (index, value) = line.split_once(' ').unwrap();
            (index.parse().unwrap(), hex(value))
        })
        .collect()
}

/// An attestation with a non-zero PCR16 and empty user data, valid at [`PCR16_TIME`].
fn pcr16() -> Vec<u8> {
    hex(include_str!("../../testdata/nitro/pcr16.hex").trim())
}
const PCR16_TIME: u64 = 1762795380000;

const MINUTE: u64 = 60 * 1000;
const HOUR: u64 = 60 * MINUTE;

fn cert_error(index: usize, reason: CertificateError) -> NitroError {
    NitroError::Certificate { index, reason }
}

#[test]
fn fixed_document_parses_with_its_fields() {
    let attestation = parse(&fixed()).unwrap();
    assert_eq!(attestation.cert_chain_length(), 4);
    let doc = load(&fixed(), FIXED_TIME).unwrap();
    assert_eq!(doc.module_id, "i-0f73a4b4cb74cc9f2-enc0192e4188fef781d");
    assert_eq!(doc.timestamp, 1731627989450);
    assert_eq!(doc.digest, "SHA384");
    // PCRs 0, 1, 2 and 8 are zero but required; 5-7 and 9-15 are zero and dropped.
    assert_eq!(
        doc.pcrs.keys().copied().collect::<Vec<_>>(),
        [0, 1, 2, 3, 4, 8]
    );
    assert_eq!(doc.pcrs[&0], vec![0; 48]);
    assert_eq!(
        doc.pcrs[&3],
        hex("639a8b65f68b0223cbb14a0032487e5656d260434e3d1a10e7ec1407fb86143860717fc8afee90df7a1604111709af46")
    );
    assert_eq!(
        doc.pcrs[&4],
        hex("9ab5a1aba055ee41ee254b9b251a58259b29fa1096859762744e9ac73b5869b25e51223854d9f86adbb37fe69f3e5d1c")
    );
    assert_eq!(doc.public_key, None);
    assert_eq!(
        doc.user_data,
        Some(hex(
            "5a264748a62368075d34b9494634a3e096e0e48f6647f965b81d2a653de684f2"
        ))
    );
    assert_eq!(doc.nonce, None);
}

#[test]
fn nautilus_document_has_the_fields_of_suis_move_test() {
    let doc = load(&nautilus(), NAUTILUS_TIME).unwrap();
    assert_eq!(doc.module_id, "i-06e4b98c6549ff803-enc0196373b195fb723");
    assert_eq!(doc.timestamp, 1747071544386);
    let pcrs: Vec<(u8, Vec<u8>)> = doc.pcrs.into_iter().collect();
    assert_eq!(pcrs, nautilus_pcrs());
    assert_eq!(
        doc.public_key,
        Some(hex(
            "e8e62201dbe293b703c759f653107acbc2c911fa1d2e66f2c747bec95971a2af"
        ))
    );
    assert_eq!((doc.user_data, doc.nonce), (None, None));
}

#[test]
fn custom_pcrs_are_kept_when_nonzero_and_required_ones_always() {
    let doc = load(&pcr16(), PCR16_TIME).unwrap();
    assert_eq!(
        doc.pcrs.keys().copied().collect::<Vec<_>>(),
        [0, 1, 2, 3, 4, 8, 16]
    );
    assert_eq!(
        doc.pcrs[&16],
        hex("28827566f8b004a75ccd77ffab1813059cfc384b3b23f926728263fecb03e97d4928fbef613791fcb233d7b16ad74b94")
    );
    // An empty byte string is present, not absent.
    assert_eq!(doc.user_data, Some(Vec::new()));
    assert_eq!(doc.nonce, None);
}

#[test]
fn certificates_are_valid_only_within_their_period() {
    let attestation = parse(&fixed()).unwrap();
    assert_eq!(attestation.verify(FIXED_TIME + 10 * MINUTE), Ok(()));
    assert_eq!(attestation.verify(FIXED_TIME - 10 * MINUTE), Ok(()));
    let expired = cert_error(0, CertificateError::NotValidAt);
    assert_eq!(attestation.verify(FIXED_TIME + 3 * HOUR), Err(expired));
    assert_eq!(attestation.verify(FIXED_TIME - 3 * HOUR), Err(expired));
    // Past i64::MAX milliseconds the time wraps negative, out of the range of dates.
    assert_eq!(
        attestation.verify(1 << 63),
        Err(NitroError::Timestamp(1 << 63))
    );
    // u64::MAX wraps to -1 ms: 1970, before every certificate.
    assert_eq!(attestation.verify(u64::MAX), Err(expired));
}

#[test]
fn tampered_signature_or_payload_fails_to_verify() {
    let mut bytes = fixed();
    // The signature is the envelope's last element, its last 96 bytes.
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    let attestation = parse(&bytes).unwrap();
    assert_eq!(
        attestation.verify(FIXED_TIME),
        Err(NitroError::SignatureMismatch)
    );
    // A zero `r` is no signature at all.
    let mut bytes = fixed();
    let start = bytes.len() - SIGNATURE_LENGTH;
    bytes[start..start + 48].fill(0);
    let attestation = parse(&bytes).unwrap();
    assert_eq!(attestation.verify(FIXED_TIME), Err(NitroError::Signature));
    // One character of the module id changed: the document still reads, the signature fails.
    let mut bytes = fixed();
    let at = find(&bytes, b"i-0f73a4b4cb74cc9f2").unwrap();
    bytes[at + 2] = b'1';
    let attestation = parse(&bytes).unwrap();
    assert_eq!(
        attestation.document.module_id,
        "i-1f73a4b4cb74cc9f2-enc0192e4188fef781d"
    );
    assert_eq!(
        attestation.verify(FIXED_TIME),
        Err(NitroError::SignatureMismatch)
    );
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

#[test]
fn broken_chains_are_refused_where_they_break() {
    let attestation = parse(&fixed()).unwrap();
    // Without the leaf's issuer, the leaf names an issuer that is not the next subject.
    let mut missing = attestation.clone();
    missing.document.cabundle.pop();
    assert_eq!(
        missing.verify(FIXED_TIME),
        Err(cert_error(0, CertificateError::IssuerMismatch))
    );
    // A byte of the leaf's issuer changed: its issuer's signature over it fails.
    let mut corrupt = attestation.clone();
    corrupt.document.cabundle[3][20] = 0;
    assert_eq!(
        corrupt.verify(FIXED_TIME),
        Err(cert_error(1, CertificateError::BadSignature))
    );
    // The root's copy changed: the embedded root's signature over it fails.
    let mut corrupt = attestation.clone();
    corrupt.document.cabundle[0][20] = 0;
    assert_eq!(
        corrupt.verify(FIXED_TIME),
        Err(cert_error(4, CertificateError::BadSignature))
    );
    // A certificate that is not DER (the chain's third, read as the second's issuer).
    let mut garbage = attestation;
    garbage.document.cabundle[2] = vec![0x30, 0x03, 0x02, 0x01];
    assert_eq!(
        garbage.verify(FIXED_TIME),
        Err(cert_error(2, CertificateError::Malformed))
    );
}

#[test]
fn bad_cbor_is_not_an_envelope() {
    for bytes in [&[][..], &[0, 0], &[0x84], &fixed()[..100]] {
        assert!(
            matches!(parse(bytes), Err(NitroError::CoseSign1(_))),
            "{bytes:02x?}"
        );
    }
}

#[test]
fn the_embedded_root_is_awss() {
    let der = chain::root_der().unwrap();
    assert_eq!(
        crate::hash::sha256(der).to_vec(),
        hex("641a0321a3e244efe456463195d606317ed7cdcc3c1756e09893f3c68f79bb5b")
    );
}

/// A `COSE_Sign1` with these parts (`tag` 0 for none).
fn envelope(tag: u64, protected: Value, unprotected: Value, payload: &[u8], sig: usize) -> Vec<u8> {
    let mut header = Vec::new();
    ciborium::ser::into_writer(&protected, &mut header).unwrap();
    let array = Value::Array(vec![
        Value::Bytes(header),
        unprotected,
        Value::Bytes(payload.to_vec()),
        Value::Bytes(vec![7; sig]),
    ]);
    encode(&if tag == 0 {
        array
    } else {
        Value::Tag(tag, Box::new(array))
    })
}

fn encode(value: &Value) -> Vec<u8> {
    let mut out = Vec::new();
    ciborium::ser::into_writer(value, &mut out).unwrap();
    out
}

fn int(i: i64) -> Value {
    Value::Integer(Integer::from(i))
}

fn es384() -> Value {
    Value::Map(vec![(int(1), int(-35))])
}

fn no_header() -> Value {
    Value::Map(Vec::new())
}

#[test]
fn envelope_rules() {
    let ok = |bytes: &[u8]| Envelope::decode(bytes).map(|_| ());
    let invalid_header = Err(NitroError::CoseSign1("invalid cbor header"));
    assert_eq!(ok(&envelope(0, es384(), no_header(), b"doc", 96)), Ok(()));
    assert_eq!(ok(&envelope(18, es384(), no_header(), b"doc", 96)), Ok(()));
    assert_eq!(
        ok(&envelope(19, es384(), no_header(), b"doc", 96)),
        Err(NitroError::CoseSign1("invalid tag"))
    );
    // ES256 instead of ES384, or a second header entry.
    let es256 = Value::Map(vec![(int(1), int(-7))]);
    assert_eq!(
        ok(&envelope(0, es256, no_header(), b"doc", 96)),
        invalid_header
    );
    let two = Value::Map(vec![(int(1), int(-35)), (int(4), int(0))]);
    assert_eq!(
        ok(&envelope(0, two, no_header(), b"doc", 96)),
        invalid_header
    );
    // Payload and signature lengths.
    assert_eq!(
        ok(&envelope(0, es384(), no_header(), b"", 96)),
        invalid_header
    );
    let long = vec![1; PAYLOAD_LIMIT];
    assert_eq!(
        ok(&envelope(0, es384(), no_header(), &long, 96)),
        invalid_header
    );
    assert_eq!(
        ok(&envelope(0, es384(), no_header(), &long[1..], 96)),
        Ok(())
    );
    assert_eq!(
        ok(&envelope(0, es384(), no_header(), b"doc", 64)),
        invalid_header
    );
    // The unprotected header: any map, tags skipped, no key twice.
    let kid = Value::Map(vec![(int(4), Value::Bytes(b"11".to_vec()))]);
    assert_eq!(ok(&envelope(0, es384(), kid.clone(), b"doc", 96)), Ok(()));
    let tagged = Value::Tag(5, Box::new(kid));
    assert_eq!(ok(&envelope(0, es384(), tagged, b"doc", 96)), Ok(()));
    let twice = Value::Map(vec![(int(4), int(1)), (int(4), int(2))]);
    assert!(ok(&envelope(0, es384(), twice, b"doc", 96)).is_err());
    assert!(ok(&envelope(0, es384(), int(0), b"doc", 96)).is_err());
}

#[test]
fn envelope_shape_rules() {
    let ok = |value: &Value| Envelope::decode(&encode(value)).map(|_| ());
    let mut header = Vec::new();
    ciborium::ser::into_writer(&es384(), &mut header).unwrap();
    let parts = vec![
        Value::Bytes(header),
        no_header(),
        Value::Bytes(b"doc".to_vec()),
        Value::Bytes(vec![7; 96]),
    ];
    // Elements past the fourth are ignored; fewer than four are refused.
    let mut five = parts.clone();
    five.push(Value::Null);
    assert_eq!(ok(&Value::Array(five)), Ok(()));
    assert!(ok(&Value::Array(parts[..3].to_vec())).is_err());
    // A tag inside the COSE tag, or a map, is not the structure.
    let array = Value::Array(parts.clone());
    let nested = Value::Tag(18, Box::new(Value::Tag(18, Box::new(array))));
    assert!(ok(&nested).is_err());
    assert!(ok(&Value::Map(vec![(int(0), Value::Array(parts.clone()))])).is_err());
    // The protected header must be a byte string, not the map itself.
    let mut bare = parts;
    bare[0] = es384();
    assert!(ok(&Value::Array(bare)).is_err());
}

fn text(s: &str) -> Value {
    Value::Text(s.to_string())
}

/// A valid document's fields (certificates are not read while parsing).
fn fields() -> Vec<(Value, Value)> {
    vec![
        (text("module_id"), text("some")),
        (text("digest"), text("SHA384")),
        (text("certificate"), Value::Bytes(vec![1])),
        (text("timestamp"), int(1731627987382)),
        (
            text("pcrs"),
            Value::Map(vec![(int(0), Value::Bytes(vec![1; 32]))]),
        ),
        (text("cabundle"), Value::Array(vec![Value::Bytes(vec![1])])),
    ]
}

fn document(fields: Vec<(Value, Value)>) -> Result<AttestationDocument, NitroError> {
    decode_document(&encode(&Value::Map(fields)))
}

fn with(name: &str, value: Value) -> Result<AttestationDocument, NitroError> {
    let mut all = fields();
    all.retain(|(k, _)| *k != text(name));
    all.push((text(name), value));
    document(all)
}

#[test]
fn document_field_rules() {
    assert!(document(fields()).is_ok());
    let mut none = fields();
    none.retain(|(k, _)| *k != text("module_id"));
    assert_eq!(document(none), Err(NitroError::MissingField("module_id")));
    let bad = |s| Err(NitroError::Document(s));
    assert_eq!(with("module_id", text("")), bad("invalid module id"));
    assert_eq!(with("digest", text("SHA256")), bad("invalid digest"));
    assert_eq!(
        with("certificate", Value::Bytes(vec![1; 1025])),
        bad("invalid certificate")
    );
    assert!(with("certificate", Value::Bytes(vec![1; 1024])).is_ok());
    assert_eq!(with("timestamp", int(-1)), bad("invalid timestamp"));
    assert_eq!(
        with("cabundle", Value::Array(vec![])),
        bad("invalid ca chain length")
    );
    let eleven = Value::Array(vec![Value::Bytes(vec![1]); 11]);
    assert_eq!(with("cabundle", eleven), bad("invalid ca chain length"));
    assert_eq!(with("cabundle", int(0)), bad("invalid cabundle"));
    let empty_cert = Value::Array(vec![Value::Bytes(vec![])]);
    assert_eq!(with("cabundle", empty_cert), bad("invalid ca certificate"));
    // Optional byte strings: length limits; anything else reads as absent.
    assert_eq!(
        with("user_data", Value::Bytes(vec![1; 513])),
        bad("user_data too long")
    );
    assert_eq!(
        with("nonce", Value::Bytes(vec![1; 513])),
        bad("nonce too long")
    );
    assert_eq!(
        with("public_key", Value::Bytes(vec![1; 1025])),
        bad("public_key too long")
    );
    let doc = with("public_key", Value::Bytes(vec![1; 1024])).unwrap();
    assert_eq!(doc.public_key, Some(vec![1; 1024]));
    let doc = with("public_key", Value::Null).unwrap();
    assert_eq!(doc.public_key, None);
    // Keys: text only, each once.
    let mut twice = fields();
    twice.push((text("digest"), text("SHA384")));
    assert_eq!(document(twice), bad("duplicate key"));
    let mut int_key = fields();
    int_key.push((int(1), text("x")));
    assert_eq!(document(int_key), bad("a key is not text"));
    assert_eq!(
        decode_document(&encode(&int(0))),
        bad("payload is not a map")
    );
}

fn pcrs(entries: Vec<(Value, Value)>) -> Result<Vec<u8>, NitroError> {
    with("pcrs", Value::Map(entries)).map(|d| d.pcrs.into_keys().collect())
}

#[test]
fn pcr_rules() {
    let zero = || Value::Bytes(vec![0; 48]);
    let one = || Value::Bytes(vec![1; 48]);
    let bad = |s| Err(NitroError::Document(s));
    // Zero custom PCRs and indices past 31 are dropped; required PCRs are kept when zero.
    let kept = pcrs(vec![
        (int(8), zero()),
        (int(5), zero()),
        (int(31), one()),
        (int(32), one()),
        (int(255), one()),
        (int(0), zero()),
    ]);
    assert_eq!(kept, Ok(vec![0, 8, 31]));
    for len in [32, 48, 64] {
        assert!(pcrs(vec![(int(0), Value::Bytes(vec![1; len]))]).is_ok());
    }
    assert_eq!(
        pcrs(vec![(int(0), Value::Bytes(vec![1; 33]))]),
        bad("invalid PCR value length")
    );
    assert_eq!(pcrs(vec![(int(256), one())]), bad("invalid PCR index"));
    assert_eq!(pcrs(vec![(int(-1), one())]), bad("invalid PCR index"));
    assert_eq!(pcrs(vec![(text("0"), one())]), bad("invalid PCR index"));
    assert_eq!(pcrs(vec![(int(0), text("x"))]), bad("invalid PCR value"));
    // An index twice is refused once the first is kept (a dropped one may repeat).
    assert_eq!(
        pcrs(vec![(int(3), zero()), (int(3), one())]),
        bad("duplicate PCR index")
    );
    assert_eq!(pcrs(vec![(int(6), zero()), (int(6), one())]), Ok(vec![6]));
    let many = (0..33).map(|i| (int(i), one())).collect();
    assert_eq!(pcrs(many), bad("too many PCRs"));
    assert_eq!(
        with("pcrs", Value::Array(vec![])),
        Err(NitroError::Document("invalid pcrs"))
    );
}

/// Every byte of a real attestation changed in turn (a sample of them), and every prefix of
/// it: an error or a document, never a panic.
#[test]
fn mutated_attestations_never_panic() {
    let good = fixed();
    for at in (0..good.len()).step_by(13) {
        let mut bytes = good.clone();
        bytes[at] ^= 0x5a;
        if let Ok(attestation) = parse(&bytes) {
            let _ = attestation.verify(FIXED_TIME);
        }
    }
    for len in (0..good.len()).step_by(97) {
        assert!(parse(&good[..len]).is_err());
    }
}
