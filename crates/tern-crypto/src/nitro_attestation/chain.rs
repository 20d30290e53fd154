//! The certificate chain of an attestation, from the leaf to AWS's Nitro Enclaves root,
//! checked as Sui checks it (see the [parent module](super)).
//!
//! Certificate signatures are checked as x509-parser's `verify_signature` checks them with
//! ring: ECDSA with SHA-256 or SHA-384 (`ecdsa-with-SHA256`, `ecdsa-with-SHA384`) under an
//! issuer key on P-256 or P-384 (the curve named by the key's parameters), the key an
//! uncompressed point, the signature DER with both integers in `1..n`, any `s`. ring also
//! verifies RSA (PKCS#1 v1.5 and PSS) and Ed25519 certificate signatures, which are refused
//! here: they could only appear below a CA certificate with such a key issued by AWS, whose
//! chains are P-384 throughout.

use super::NitroError;
use p384::ecdsa::signature::hazmat::PrehashVerifier;
use sha2::{Digest, Sha256, Sha384};
use std::sync::OnceLock;
use x509_parser::oid_registry::{
    OID_EC_P256, OID_NIST_EC_P384, OID_SIG_ECDSA_WITH_SHA256, OID_SIG_ECDSA_WITH_SHA384,
};
use x509_parser::prelude::{FromDer, X509Certificate};
use x509_parser::time::ASN1Time;
use x509_parser::x509::SubjectPublicKeyInfo;

/// AWS's Nitro Enclaves root certificate (`CN=aws.nitro-enclaves`, valid from 2019-10-28 to
/// 2049-10-28, SHA-256 fingerprint `641A0321…8F79BB5B`), as AWS publishes it.
const ROOT_PEM: &[u8] = include_bytes!("aws_nitro_enclaves_root.pem");

/// Why a certificate of the chain is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CertificateError {
    /// It is not a DER X.509 certificate (or the embedded root could not be read).
    #[error("not a well-formed certificate")]
    Malformed,
    /// It has no key usage extension (or two).
    #[error("missing key usage extension")]
    MissingKeyUsage,
    /// The leaf's key usage does not allow digital signatures.
    #[error("the leaf's key usage lacks digitalSignature")]
    NoDigitalSignature,
    /// A CA's key usage does not allow certificate signing.
    #[error("a CA's key usage lacks keyCertSign")]
    NoKeyCertSign,
    /// A CA has no basic constraints extension (or two).
    #[error("missing basic constraints")]
    MissingBasicConstraints,
    /// A CA's basic constraints are not critical or do not mark it a CA.
    #[error("basic constraints do not mark a critical CA")]
    NotCa,
    /// The chain below a CA is longer than its path length constraint.
    #[error("the chain exceeds a path length constraint")]
    PathLength,
    /// The leaf's basic constraints mark it a CA or give it a path length.
    #[error("the leaf is marked as a CA")]
    LeafIsCa,
    /// The time is outside its validity period.
    #[error("not valid at the given time")]
    NotValidAt,
    /// Its issuer is not the next certificate's subject.
    #[error("issuer does not match the next certificate's subject")]
    IssuerMismatch,
    /// Its signature algorithm or its issuer's key is not one the check supports.
    #[error("unsupported signature algorithm")]
    UnsupportedAlgorithm,
    /// Its signature does not verify under the next certificate's key.
    #[error("signature does not verify")]
    BadSignature,
}

/// The root certificate's DER, read once from the embedded PEM.
pub(super) fn root_der() -> Option<&'static [u8]> {
    static ROOT: OnceLock<Option<Vec<u8>>> = OnceLock::new();
    ROOT.get_or_init(|| {
        x509_parser::pem::parse_x509_pem(ROOT_PEM)
            .ok()
            .map(|(_, pem)| pem.contents)
    })
    .as_deref()
}

/// Checks `leaf`, then `cabundle` from its end, each issued by the next and the last by the
/// root, at `now_ms`.
pub(super) fn verify(leaf: &[u8], cabundle: &[Vec<u8>], now_ms: u64) -> Result<(), NitroError> {
    let chain: Vec<&[u8]> = std::iter::once(leaf)
        .chain(cabundle.iter().rev().map(Vec::as_slice))
        .collect();
    let root_index = chain.len();
    let root = root_der()
        .and_then(|der| X509Certificate::from_der(der).ok())
        .map(|(_, cert)| cert)
        .ok_or(refused(root_index, CertificateError::Malformed))?;
    let now = validity_time(now_ms)?;
    for (index, der) in chain.iter().enumerate() {
        let cert = parse(der, index)?;
        check_key_usage(&cert, index)?;
        check_basic_constraints(&cert, index)?;
        if !cert.validity().is_valid_at(now) {
            return Err(refused(index, CertificateError::NotValidAt));
        }
        let next;
        let issuer = match chain.get(index + 1) {
            Some(der) => {
                next = parse(der, index + 1)?;
                &next
            }
            None => &root,
        };
        if cert.issuer() != issuer.subject() {
            return Err(refused(index, CertificateError::IssuerMismatch));
        }
        check_signature(&cert, issuer.public_key()).map_err(|reason| refused(index, reason))?;
    }
    Ok(())
}

fn refused(index: usize, reason: CertificateError) -> NitroError {
    NitroError::Certificate { index, reason }
}

fn parse(der: &[u8], index: usize) -> Result<X509Certificate<'_>, NitroError> {
    X509Certificate::from_der(der)
        .map(|(_, cert)| cert)
        .map_err(|_| refused(index, CertificateError::Malformed))
}

/// `now_ms` as a certificate time: whole seconds, the milliseconds read as an `i64` first
/// (so that, as in Sui, a time past `i64::MAX` wraps to a negative one).
fn validity_time(now_ms: u64) -> Result<ASN1Time, NitroError> {
    let seconds = (now_ms as i64) / 1000;
    ASN1Time::from_timestamp(seconds).map_err(|_| NitroError::Timestamp(now_ms))
}

fn check_key_usage(cert: &X509Certificate<'_>, index: usize) -> Result<(), NitroError> {
    let Ok(Some(usage)) = cert.key_usage() else {
        return Err(refused(index, CertificateError::MissingKeyUsage));
    };
    if index == 0 && !usage.value.digital_signature() {
        return Err(refused(index, CertificateError::NoDigitalSignature));
    }
    if index != 0 && !usage.value.key_cert_sign() {
        return Err(refused(index, CertificateError::NoKeyCertSign));
    }
    Ok(())
}

/// A CA (`index` > 0) must have critical basic constraints marking it a CA, with at most
/// `path_len` CA certificates below it (`index - 1` are); the leaf may have basic
/// constraints, then neither a CA nor with a path length.
fn check_basic_constraints(cert: &X509Certificate<'_>, index: usize) -> Result<(), NitroError> {
    let constraints = cert.basic_constraints();
    if index == 0 {
        if let Ok(Some(bc)) = constraints {
            if bc.value.ca || bc.value.path_len_constraint.is_some() {
                return Err(refused(index, CertificateError::LeafIsCa));
            }
        }
        return Ok(());
    }
    let Ok(Some(bc)) = constraints else {
        return Err(refused(index, CertificateError::MissingBasicConstraints));
    };
    if !bc.critical || !bc.value.ca {
        return Err(refused(index, CertificateError::NotCa));
    }
    if let Some(path_len) = bc.value.path_len_constraint {
        let below = index.saturating_sub(1);
        if u64::try_from(below).map_or(true, |below| below > u64::from(path_len)) {
            return Err(refused(index, CertificateError::PathLength));
        }
    }
    Ok(())
}

/// Checks `cert`'s signature under `issuer`'s key (see the module documentation).
fn check_signature(
    cert: &X509Certificate<'_>,
    issuer: &SubjectPublicKeyInfo<'_>,
) -> Result<(), CertificateError> {
    let algorithm = &cert.signature_algorithm.algorithm;
    let tbs = cert.tbs_certificate.as_ref();
    let digest = if *algorithm == OID_SIG_ECDSA_WITH_SHA384 {
        Sha384::digest(tbs).to_vec()
    } else if *algorithm == OID_SIG_ECDSA_WITH_SHA256 {
        Sha256::digest(tbs).to_vec()
    } else {
        return Err(CertificateError::UnsupportedAlgorithm);
    };
    let curve = issuer
        .algorithm
        .parameters
        .as_ref()
        .and_then(|p| p.as_oid().ok())
        .ok_or(CertificateError::UnsupportedAlgorithm)?;
    let key: &[u8] = &issuer.subject_public_key.data;
    let signature: &[u8] = &cert.signature_value.data;
    // ring reads ECDSA public keys as uncompressed points only.
    if key.first() != Some(&0x04) {
        return Err(CertificateError::BadSignature);
    }
    let verified = if curve == OID_NIST_EC_P384 {
        verify_p384(key, signature, &digest)
    } else if curve == OID_EC_P256 {
        verify_p256(key, signature, &digest)
    } else {
        return Err(CertificateError::UnsupportedAlgorithm);
    };
    verified.ok_or(CertificateError::BadSignature)
}

/// ECDSA P-384 verification of a DER signature over a digest (a shorter digest is padded, a
/// longer one truncated to the field size, as ring does).
fn verify_p384(key: &[u8], signature: &[u8], digest: &[u8]) -> Option<()> {
    let key = p384::ecdsa::VerifyingKey::from_sec1_bytes(key).ok()?;
    let signature = p384::ecdsa::Signature::from_der(signature).ok()?;
    key.verify_prehash(digest, &signature).ok()
}

/// [`verify_p384`] on P-256.
fn verify_p256(key: &[u8], signature: &[u8], digest: &[u8]) -> Option<()> {
    let key = p256::ecdsa::VerifyingKey::from_sec1_bytes(key).ok()?;
    let signature = p256::ecdsa::Signature::from_der(signature).ok()?;
    key.verify_prehash(digest, &signature).ok()
}
