//! AWS Nitro Enclaves attestation documents, read and verified under the rules of Sui's
//! `0x2::nitro_attestation::load_nitro_attestation_internal` native at protocol 130, where
//! all of Sui's parsing flags are on, on every network (the upgraded parsing of protocol 83/84,
//! the non-zero custom PCRs and the always-included required PCRs of protocol 110).
//!
//! An attestation is a CBOR `COSE_Sign1` structure (RFC 8152) whose payload is the
//! attestation document (a CBOR map), signed with ECDSA P-384 over SHA-384 by the key of the
//! document's leaf certificate, which chains through the document's `cabundle` to AWS's root
//! certificate. [`parse`] reads the envelope and the document and checks their fields;
//! [`Attestation::verify`] then checks the signature and the chain at a time. Sui charges its
//! verification gas between the two, from [`Attestation::cert_chain_length`].
//!
//! ```
//! use tern_crypto::nitro_attestation::{self, NitroError};
//! assert!(matches!(nitro_attestation::parse(&[0, 0]), Err(NitroError::CoseSign1(_))));
//! ```
//!
//! Rules of [`parse`], each failure a [`NitroError::CoseSign1`], [`NitroError::Document`] or
//! [`NitroError::MissingField`]:
//! - The envelope is one CBOR item (bytes after it are ignored), untagged or tagged 18, an
//!   array whose first four elements are the protected header (bytes), the unprotected header
//!   (a map, possibly tagged, without duplicate keys), the payload and the signature (bytes);
//!   further elements are ignored. The protected header must decode to exactly `{1: -35}`
//!   (ES384), the payload must be 1 to 16383 bytes and the signature 96 bytes.
//! - The payload is a map with text keys, no key twice. `module_id` is non-empty text,
//!   `digest` is `"SHA384"`, `certificate` is 1 to 1024 bytes, `timestamp` a `u64`.
//!   `public_key` (at most 1024 bytes), `user_data` and `nonce` (at most 512 bytes each) are
//!   kept when they are byte strings and read as absent otherwise (`null`, say).
//! - `pcrs` is a map of at most 32 entries, each an integer index in `0..=255` and a value of
//!   32, 48 or 64 bytes, no index twice among those kept. An entry is kept when its index is
//!   at most 31 and its value is not all zeros, or its index is a required one (0, 1, 2, 3,
//!   4, 8) whatever its value; the others are dropped.
//! - `cabundle` is an array of 1 to 10 certificates of 1 to 1024 bytes each, root first.
//!
//! Rules of [`Attestation::verify`]: the signature must be a valid P-384 `r ‖ s`
//! ([`NitroError::Signature`]); the leaf certificate must parse and hold an elliptic-curve
//! key that is a P-384 point ([`NitroError::PublicKey`]) under which the signature verifies
//! ([`NitroError::SignatureMismatch`]); then the chain, leaf first, then the `cabundle` from
//! its end, then AWS's root ([`NitroError::Certificate`], see [`CertificateError`]). Each
//! certificate must parse, have a key usage extension allowing digital signatures (the leaf)
//! or certificate signing (the others), basic constraints marking it a CA, critical, whose
//! path length is respected (the others) or, when the leaf has basic constraints, not a CA
//! without a path length; it must be valid at the given time (milliseconds, truncated to
//! seconds; both bounds inclusive); its issuer must equal the next certificate's subject and
//! its signature verify under the next certificate's key.
//!
//! Crates, chosen to be Sui's own so that what they accept is what Sui accepts:
//! - `ciborium` 0.2: Sui's CBOR decoder. Its `Value` decoding decides which byte strings are
//!   CBOR at all (indefinite lengths accepted, text checked as UTF-8, nesting at most 256
//!   deep, trailing bytes ignored); the rules above then run on the decoded values. Sui
//!   re-encodes the untagged envelope and decodes it again through serde; the checks here
//!   on the decoded value accept exactly what that round trip does.
//! - `x509-parser` 0.18: Sui's certificate parser, so that DER leniency, extension decoding
//!   (a duplicated key usage or basic constraints extension counts as absent), name equality
//!   and the validity-time comparison are Sui's. `x509-cert` and `der` would be stricter DER
//!   readers and would refuse or accept other certificates. x509-parser's own signature check
//!   needs its `verify` feature, which brings `ring` (ISC-licensed, C and assembly); it is
//!   replaced by a check of its own on `p384`/`p256` under ring's rules for the same
//!   algorithms.
//! - `p384` 0.13 (RustCrypto): the P-384 ECDSA Sui verifies the document signature with;
//!   `p256` and `sha2` serve the certificate signatures.

mod chain;

use ciborium::value::Value;
use p384::ecdsa::signature::Verifier;
use std::collections::BTreeMap;
use x509_parser::prelude::{FromDer, X509Certificate};
use x509_parser::public_key::PublicKey;

pub use chain::CertificateError;

/// The most certificates in a `cabundle`.
pub const MAX_CERT_CHAIN_LENGTH: usize = 10;
/// The longest certificate, in bytes.
pub const MAX_CERT_LENGTH: usize = 1024;
/// The longest `public_key`, in bytes.
pub const MAX_PUBLIC_KEY_LENGTH: usize = 1024;
/// The longest `user_data` or `nonce`, in bytes.
pub const MAX_USER_DATA_LENGTH: usize = 512;
/// The most entries in `pcrs`.
pub const MAX_PCRS: usize = 32;
/// The payload must be shorter than this, in bytes.
pub const PAYLOAD_LIMIT: usize = 16384;
/// The length of the `r ‖ s` ES384 signature.
pub const SIGNATURE_LENGTH: usize = 96;

/// The CBOR tag of a `COSE_Sign1` structure.
const COSE_SIGN1_TAG: u64 = 18;
/// The COSE header key of the algorithm, and ES384's identifier.
const ALGORITHM_KEY: i128 = 1;
const ES384: i128 = -35;
/// The PCRs always kept, whatever their value.
const REQUIRED_PCRS: [u8; 6] = [0, 1, 2, 3, 4, 8];
/// The highest PCR index kept.
const MAX_PCR_INDEX: u8 = 31;

/// Why an attestation was refused. [`parse`] fails with [`NitroError::CoseSign1`],
/// [`NitroError::Document`] or [`NitroError::MissingField`] (Sui's `EParseError`),
/// [`Attestation::verify`] with the others (Sui's `EVerifyError`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum NitroError {
    /// The bytes are not a `COSE_Sign1` envelope as AWS signs it.
    #[error("invalid COSE_Sign1: {0}")]
    CoseSign1(&'static str),
    /// The payload is not a well-formed attestation document.
    #[error("invalid attestation document: {0}")]
    Document(&'static str),
    /// The document lacks a required field.
    #[error("attestation document without {0}")]
    MissingField(&'static str),
    /// The signature is not a P-384 `r ‖ s` with both in `1..n`.
    #[error("invalid signature encoding")]
    Signature,
    /// The leaf certificate's key is not an elliptic-curve key on P-384.
    #[error("the leaf certificate's key is not a P-384 public key")]
    PublicKey,
    /// The signature does not verify under the leaf certificate's key.
    #[error("the signature does not verify")]
    SignatureMismatch,
    /// The time cannot be compared with certificate validity periods.
    #[error("timestamp {0} ms is out of the range of certificate times")]
    Timestamp(u64),
    /// A certificate of the chain (0 the leaf, then the `cabundle` from its end; the embedded
    /// root if `index` is past them) is refused.
    #[error("certificate {index} of the chain: {reason}")]
    Certificate {
        /// Its position in the chain, leaf first.
        index: usize,
        /// Why.
        reason: CertificateError,
    },
}

/// The fields of an attestation document, as Sui's native returns them (with the
/// certificates it verifies).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AttestationDocument {
    /// The issuing Nitro hypervisor module's id.
    pub module_id: String,
    /// When the document was made, in milliseconds since the Unix epoch.
    pub timestamp: u64,
    /// The digest function of the PCRs (always `"SHA384"`).
    pub digest: String,
    /// The PCRs kept, by index (see the module documentation).
    pub pcrs: BTreeMap<u8, Vec<u8>>,
    /// The key the enclave offers, if any.
    pub public_key: Option<Vec<u8>>,
    /// Data the enclave signed, if any.
    pub user_data: Option<Vec<u8>>,
    /// The nonce the attestation was requested with, if any.
    pub nonce: Option<Vec<u8>>,
    /// The leaf certificate (DER), whose key signed the document.
    pub certificate: Vec<u8>,
    /// The certificates from AWS's root to the leaf's issuer (DER), root first.
    pub cabundle: Vec<Vec<u8>>,
}

/// A parsed attestation, not yet verified.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attestation {
    /// The document.
    pub document: AttestationDocument,
    /// The `r ‖ s` signature.
    signature: Vec<u8>,
    /// The COSE `Sig_structure` the signature covers.
    signed_message: Vec<u8>,
}

impl Attestation {
    /// The number of certificates in the `cabundle` (what Sui charges verification per).
    pub fn cert_chain_length(&self) -> usize {
        self.document.cabundle.len()
    }

    /// Checks the signature and the certificate chain to AWS's root at `now_ms`
    /// (milliseconds since the Unix epoch), in Sui's order.
    pub fn verify(&self, now_ms: u64) -> Result<(), NitroError> {
        let signature = p384::ecdsa::Signature::from_slice(&self.signature)
            .map_err(|_| NitroError::Signature)?;
        let leaf_error = |reason| NitroError::Certificate { index: 0, reason };
        let (_, leaf) = X509Certificate::from_der(&self.document.certificate)
            .map_err(|_| leaf_error(CertificateError::Malformed))?;
        let key = match leaf.public_key().parsed() {
            Ok(PublicKey::EC(point)) => p384::ecdsa::VerifyingKey::from_sec1_bytes(point.data())
                .map_err(|_| NitroError::PublicKey)?,
            Ok(_) => return Err(NitroError::PublicKey),
            Err(_) => return Err(leaf_error(CertificateError::Malformed)),
        };
        key.verify(&self.signed_message, &signature)
            .map_err(|_| NitroError::SignatureMismatch)?;
        chain::verify(&self.document.certificate, &self.document.cabundle, now_ms)
    }

    /// The document.
    pub fn into_document(self) -> AttestationDocument {
        self.document
    }
}

/// Reads an attestation: the `COSE_Sign1` envelope and the document's fields (see the module
/// documentation), without verifying it.
pub fn parse(bytes: &[u8]) -> Result<Attestation, NitroError> {
    let envelope = Envelope::decode(bytes)?;
    let document = decode_document(&envelope.payload)?;
    let signed_message = envelope.signed_message()?;
    Ok(Attestation {
        document,
        signature: envelope.signature,
        signed_message,
    })
}

/// [`parse`], then [`Attestation::verify`] at `now_ms`: the document of a valid attestation.
pub fn load(bytes: &[u8], now_ms: u64) -> Result<AttestationDocument, NitroError> {
    let attestation = parse(bytes)?;
    attestation.verify(now_ms)?;
    Ok(attestation.into_document())
}

/// The parts of a `COSE_Sign1` that matter (AWS sends no unprotected header).
struct Envelope {
    protected: Vec<u8>,
    payload: Vec<u8>,
    signature: Vec<u8>,
}

impl Envelope {
    fn decode(bytes: &[u8]) -> Result<Envelope, NitroError> {
        let value: Value = ciborium::de::from_reader(bytes)
            .map_err(|_| NitroError::CoseSign1("not a CBOR item"))?;
        let inner = match value {
            Value::Tag(COSE_SIGN1_TAG, inner) => *inner,
            Value::Tag(..) => return Err(NitroError::CoseSign1("invalid tag")),
            other => other,
        };
        // Only an array reads as the structure: Sui's decoder takes a further tag (or any
        // other item) as the wrong type.
        let Value::Array(items) = inner else {
            return Err(NitroError::CoseSign1("not an array"));
        };
        let mut items = items.into_iter();
        let protected = byte_element(items.next(), "protected header")?;
        check_unprotected_header(items.next())?;
        let payload = byte_element(items.next(), "payload")?;
        let signature = byte_element(items.next(), "signature")?;
        let envelope = Envelope {
            protected,
            payload,
            signature,
        };
        if !(is_es384_header(&envelope.protected)
            && (1..PAYLOAD_LIMIT).contains(&envelope.payload.len())
            && envelope.signature.len() == SIGNATURE_LENGTH)
        {
            return Err(NitroError::CoseSign1("invalid cbor header"));
        }
        Ok(envelope)
    }

    /// The CBOR `Sig_structure` for a `COSE_Sign1` without external data:
    /// `["Signature1", protected, h'', payload]`.
    fn signed_message(&self) -> Result<Vec<u8>, NitroError> {
        let structure = Value::Array(vec![
            Value::Text("Signature1".to_string()),
            Value::Bytes(self.protected.clone()),
            Value::Bytes(Vec::new()),
            Value::Bytes(self.payload.clone()),
        ]);
        let mut out = Vec::with_capacity(self.protected.len() + self.payload.len() + 32);
        ciborium::ser::into_writer(&structure, &mut out)
            .map_err(|_| NitroError::CoseSign1("cannot encode the signed message"))?;
        Ok(out)
    }
}

/// An element of the envelope that must be a byte string.
fn byte_element(element: Option<Value>, what: &'static str) -> Result<Vec<u8>, NitroError> {
    match element {
        Some(Value::Bytes(bytes)) => Ok(bytes),
        Some(_) => Err(NitroError::CoseSign1(what)),
        None => Err(NitroError::CoseSign1("missing element")),
    }
}

/// The unprotected header: a map (tags before it are skipped, as Sui's decoder skips them
/// where it expects a map) without two equal keys. Quadratic, as Sui's check is.
fn check_unprotected_header(element: Option<Value>) -> Result<(), NitroError> {
    let mut value = element.ok_or(NitroError::CoseSign1("missing element"))?;
    while let Value::Tag(_, inner) = value {
        value = *inner;
    }
    let Value::Map(entries) = value else {
        return Err(NitroError::CoseSign1("unprotected header"));
    };
    for (i, (key, _)) in entries.iter().enumerate() {
        if entries.iter().take(i).any(|(seen, _)| seen == key) {
            return Err(NitroError::CoseSign1("duplicate header key"));
        }
    }
    Ok(())
}

/// Whether the protected header decodes to exactly `{1: -35}` (ES384).
fn is_es384_header(bytes: &[u8]) -> bool {
    match ciborium::de::from_reader::<Value, _>(bytes) {
        Ok(Value::Map(entries)) => matches!(
            entries.as_slice(),
            [(Value::Integer(key), Value::Integer(alg))]
                if i128::from(*key) == ALGORITHM_KEY && i128::from(*alg) == ES384
        ),
        _ => false,
    }
}

/// The payload's map, by text key (a key twice is refused).
fn document_fields(payload: &[u8]) -> Result<BTreeMap<String, Value>, NitroError> {
    let value: Value = ciborium::de::from_reader(payload)
        .map_err(|_| NitroError::Document("payload is not CBOR"))?;
    let Value::Map(entries) = value else {
        return Err(NitroError::Document("payload is not a map"));
    };
    let count = entries.len();
    let mut fields = BTreeMap::new();
    for (key, value) in entries {
        let Value::Text(key) = key else {
            return Err(NitroError::Document("a key is not text"));
        };
        fields.insert(key, value);
    }
    if fields.len() != count {
        return Err(NitroError::Document("duplicate key"));
    }
    Ok(fields)
}

/// The document's fields, checked in Sui's order.
fn decode_document(payload: &[u8]) -> Result<AttestationDocument, NitroError> {
    let fields = document_fields(payload)?;
    let field = |name: &'static str| fields.get(name).ok_or(NitroError::MissingField(name));
    let module_id = match field("module_id")? {
        Value::Text(id) if !id.is_empty() => id.clone(),
        _ => return Err(NitroError::Document("invalid module id")),
    };
    let digest = match field("digest")? {
        Value::Text(d) if d == "SHA384" => d.clone(),
        _ => return Err(NitroError::Document("invalid digest")),
    };
    let certificate = match field("certificate")? {
        Value::Bytes(c) if (1..=MAX_CERT_LENGTH).contains(&c.len()) => c.clone(),
        _ => return Err(NitroError::Document("invalid certificate")),
    };
    let timestamp = match field("timestamp")? {
        Value::Integer(t) => u64::try_from(*t).ok(),
        _ => None,
    }
    .ok_or(NitroError::Document("invalid timestamp"))?;
    let public_key = optional_bytes(&fields, "public_key", MAX_PUBLIC_KEY_LENGTH)
        .ok_or(NitroError::Document("public_key too long"))?;
    let user_data = optional_bytes(&fields, "user_data", MAX_USER_DATA_LENGTH)
        .ok_or(NitroError::Document("user_data too long"))?;
    let nonce = optional_bytes(&fields, "nonce", MAX_USER_DATA_LENGTH)
        .ok_or(NitroError::Document("nonce too long"))?;
    let pcrs = decode_pcrs(field("pcrs")?)?;
    let cabundle = decode_cabundle(field("cabundle")?)?;
    Ok(AttestationDocument {
        module_id,
        timestamp,
        digest,
        pcrs,
        public_key,
        user_data,
        nonce,
        certificate,
        cabundle,
    })
}

/// An optional byte-string field: absent unless it is a byte string; `None` when it is
/// longer than `max`.
fn optional_bytes(
    fields: &BTreeMap<String, Value>,
    name: &str,
    max: usize,
) -> Option<Option<Vec<u8>>> {
    match fields.get(name) {
        Some(Value::Bytes(b)) if b.len() > max => None,
        Some(Value::Bytes(b)) => Some(Some(b.clone())),
        _ => Some(None),
    }
}

/// The PCRs kept (see the module documentation).
fn decode_pcrs(value: &Value) -> Result<BTreeMap<u8, Vec<u8>>, NitroError> {
    let Value::Map(entries) = value else {
        return Err(NitroError::Document("invalid pcrs"));
    };
    if entries.len() > MAX_PCRS {
        return Err(NitroError::Document("too many PCRs"));
    }
    let mut pcrs = BTreeMap::new();
    for (key, value) in entries {
        let Value::Integer(key) = key else {
            return Err(NitroError::Document("invalid PCR index"));
        };
        let Value::Bytes(value) = value else {
            return Err(NitroError::Document("invalid PCR value"));
        };
        if ![32, 48, 64].contains(&value.len()) {
            return Err(NitroError::Document("invalid PCR value length"));
        }
        let index = u8::try_from(*key).map_err(|_| NitroError::Document("invalid PCR index"))?;
        if pcrs.contains_key(&index) {
            return Err(NitroError::Document("duplicate PCR index"));
        }
        let nonzero = value.iter().any(|&b| b != 0);
        if index <= MAX_PCR_INDEX && (nonzero || REQUIRED_PCRS.contains(&index)) {
            pcrs.insert(index, value.clone());
        }
    }
    Ok(pcrs)
}

/// The `cabundle`'s certificates.
fn decode_cabundle(value: &Value) -> Result<Vec<Vec<u8>>, NitroError> {
    let Value::Array(certs) = value else {
        return Err(NitroError::Document("invalid cabundle"));
    };
    if certs.is_empty() || certs.len() > MAX_CERT_CHAIN_LENGTH {
        return Err(NitroError::Document("invalid ca chain length"));
    }
    certs
        .iter()
        .map(|cert| match cert {
            Value::Bytes(c) if (1..=MAX_CERT_LENGTH).contains(&c.len()) => Ok(c.clone()),
            _ => Err(NitroError::Document("invalid ca certificate")),
        })
        .collect()
}

#[cfg(test)]
mod tests;
