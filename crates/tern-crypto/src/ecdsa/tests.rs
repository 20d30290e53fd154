use super::*;
use crate::test_util::hex;
use HashFunction::{Keccak256, Sha256};

// Vectors of Sui's ecdsa_k1_tests.move / ecdsa_r1_tests.move ("Hello, world!").
const MSG: &[u8] = b"Hello, world!";
const K1_PK: &str = "02337cca2171fdbfcfd657fa59881f46269f1e590b5ffab6023686c7ad2ecc2c1c";
const K1_SIG_KECCAK: &str = "7e4237ebfbc36613e166bfc5f6229360a9c1949242da97ca04867e4de57b2df30c8340bcb320328cf46d71bda51fcb519e3ce53b348eec62de852e350edbd886";
const K1_SIG_SHA256: &str = "e5847245b38548547f613aaea3421ad47f5b95a222366fb9f9b8c57568feb19c7077fc31e7d83e00acc1347d08c3e1ad50a4eeb6ab044f25c861ddc7be5b8f9f";
const R1_PK: &str = "0227322b3a891a0a280d6bc1fb2cbb23d28f54906fd6407f5f741f6def5762609a";
const R1_SIG_KECCAK: &str = "209841acabd0fdf6d25fa0948b2f5c6c74f930eede89c6fce59502218a3134a147535921bf0cdf5d1990f6f0b3dadb8c05069ddc531db057d325857ce198a529";
const R1_SIG_SHA256: &str = "26d84720652d8bc4ddd1986434a10b3b7b69f0e35a17c6a5987e6d1cba69652f4384a342487642df5e44592d304bea0ceb0fae2e347fa3cec5ce1a8144cfbbb2";

fn with_v(sig: &str, v: u8) -> Vec<u8> {
    let mut s = hex(sig);
    s.push(v);
    s
}

/// `n - s`: the high-`s` twin of a signature.
fn high_s_twin(curve: Curve, sig: &[u8]) -> Vec<u8> {
    let mut out = sig[..32].to_vec();
    match curve {
        Curve::Secp256k1 => {
            let sig = k256::ecdsa::Signature::from_slice(sig).unwrap();
            out.extend_from_slice(&(-*sig.s()).to_bytes());
        }
        Curve::Secp256r1 => {
            let sig = p256::ecdsa::Signature::from_slice(sig).unwrap();
            out.extend_from_slice(&(-*sig.s()).to_bytes());
        }
    }
    out
}

#[test]
fn secp256k1_recovers_suis_vectors() {
    let pk = hex(K1_PK);
    let sig = with_v(K1_SIG_KECCAK, 0);
    assert_eq!(
        recover(Curve::Secp256k1, &sig, MSG, Keccak256)
            .unwrap()
            .to_vec(),
        pk
    );
    let sig = with_v(K1_SIG_SHA256, 1);
    assert_eq!(
        recover(Curve::Secp256k1, &sig, MSG, Sha256)
            .unwrap()
            .to_vec(),
        pk
    );
    // The wrong hash recovers some other key.
    assert_ne!(
        recover(Curve::Secp256k1, &sig, MSG, Keccak256)
            .unwrap()
            .to_vec(),
        pk
    );
}

#[test]
fn secp256k1_recovery_failures_are_told_apart() {
    // All zero (v = 0): parses, recovers nothing (Sui's EFailToRecoverPubKey).
    assert_eq!(
        recover(Curve::Secp256k1, &[0u8; 65], &[0], Sha256),
        Err(CryptoError::RecoveryFailed)
    );
    // 64 bytes: not a recoverable signature (Sui's EInvalidSignature).
    assert!(matches!(
        recover(Curve::Secp256k1, &hex(K1_SIG_KECCAK), MSG, Sha256),
        Err(CryptoError::InvalidLength {
            expected: 65,
            actual: 64,
            ..
        })
    ));
    // v = 4, and r = n: invalid encodings.
    assert!(matches!(
        recover(Curve::Secp256k1, &with_v(K1_SIG_KECCAK, 4), MSG, Keccak256),
        Err(CryptoError::InvalidEncoding(_))
    ));
    let mut r_is_n = hex("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141");
    r_is_n.extend_from_slice(&[1u8; 32]);
    r_is_n.push(0);
    assert!(matches!(
        recover(Curve::Secp256k1, &r_is_n, MSG, Keccak256),
        Err(CryptoError::InvalidEncoding(_))
    ));
}

#[test]
fn secp256k1_recovery_accepts_high_s_like_libsecp256k1() {
    let sig = hex(K1_SIG_KECCAK);
    let mut twin = high_s_twin(Curve::Secp256k1, &sig);
    // Negating s mirrors the nonce point: flip the parity bit of v.
    twin.push(1);
    assert_eq!(
        recover(Curve::Secp256k1, &twin, MSG, Keccak256)
            .unwrap()
            .to_vec(),
        hex(K1_PK)
    );
}

#[test]
fn secp256k1_recovers_an_ethereum_address() {
    // Sui's test_ecrecover_eth_address: v = 0x1b (27) maps to 0.
    let mut sig = hex("382a3e04daf88f322730f6a2972475fc5646ea8c4a7f3b5e83a90b10ba08a7364cd2f55348f2b6d210fbed7fc485abf19ecb2f3967e410d6349dd7dd1d4487751b");
    sig[64] = 0;
    let msg = hex("19457468657265756d205369676e6564204d6573736167653a0a3533307836336639613932643864363162343861396666663864353830383034323561333031326430356338696777796b3472316f376f");
    let key = recover(Curve::Secp256k1, &sig, &msg, Keccak256).unwrap();
    let uncompressed = secp256k1_decompress(&key).unwrap();
    let hashed = crate::hash::keccak256(&uncompressed[1..]);
    assert_eq!(
        hashed[12..].to_vec(),
        hex("63f9a92d8d61b48a9fff8d58080425a3012d05c8")
    );
}

#[test]
fn secp256k1_verifies_suis_vectors() {
    let pk = hex(K1_PK);
    assert_eq!(
        verify(Curve::Secp256k1, &hex(K1_SIG_KECCAK), &pk, MSG, Keccak256),
        Ok(true)
    );
    assert_eq!(
        verify(Curve::Secp256k1, &hex(K1_SIG_SHA256), &pk, MSG, Sha256),
        Ok(true)
    );
    assert_eq!(
        verify(Curve::Secp256k1, &hex(K1_SIG_SHA256), &pk, MSG, Keccak256),
        Ok(false)
    );
    assert_eq!(
        verify(
            Curve::Secp256k1,
            &hex(K1_SIG_KECCAK),
            &pk,
            b"Farewell, world!",
            Keccak256
        ),
        Ok(false)
    );
    // A recoverable (65-byte) signature is not a signature.
    assert!(verify(
        Curve::Secp256k1,
        &with_v(K1_SIG_KECCAK, 0),
        &pk,
        MSG,
        Keccak256
    )
    .is_err());
    // A truncated key is not a key.
    assert!(verify(
        Curve::Secp256k1,
        &hex(K1_SIG_SHA256),
        &pk[..32],
        MSG,
        Sha256
    )
    .is_err());
}

#[test]
fn verification_rejects_high_s_on_both_curves() {
    let twin = high_s_twin(Curve::Secp256k1, &hex(K1_SIG_KECCAK));
    assert_eq!(
        verify(Curve::Secp256k1, &twin, &hex(K1_PK), MSG, Keccak256),
        Ok(false)
    );
    let twin = high_s_twin(Curve::Secp256r1, &hex(R1_SIG_KECCAK));
    assert_eq!(
        verify(Curve::Secp256r1, &twin, &hex(R1_PK), MSG, Keccak256),
        Ok(false)
    );
}

#[test]
fn secp256k1_keys_parse_in_every_libsecp256k1_form() {
    let compressed = hex(K1_PK);
    let uncompressed = secp256k1_decompress(&compressed).unwrap();
    assert_eq!(uncompressed[0], 0x04);
    assert_eq!(secp256k1_decompress(&uncompressed).unwrap(), uncompressed);
    let sig = hex(K1_SIG_KECCAK);
    assert_eq!(
        verify(Curve::Secp256k1, &sig, &uncompressed, MSG, Keccak256),
        Ok(true)
    );
    // Hybrid: tag 06/07 by the parity of y; the wrong parity is rejected.
    let odd = uncompressed[64] & 1 == 1;
    let mut hybrid = uncompressed;
    hybrid[0] = if odd { 0x07 } else { 0x06 };
    assert_eq!(secp256k1_decompress(&hybrid).unwrap(), uncompressed);
    hybrid[0] ^= 1;
    assert!(secp256k1_decompress(&hybrid).is_err());
    // Compressed with the other parity is the negated key.
    let mut other = compressed.clone();
    other[0] ^= 1;
    assert_ne!(secp256k1_decompress(&other).unwrap(), uncompressed);
    // Bad tag, bad length, x not on the curve, x = p.
    let mut bad_tag = compressed.clone();
    bad_tag[0] = 0x05;
    assert!(secp256k1_decompress(&bad_tag).is_err());
    assert!(secp256k1_decompress(&compressed[..32]).is_err());
    assert!(secp256k1_decompress(&[]).is_err());
    let mut not_on_curve = uncompressed;
    not_on_curve[64] ^= 1;
    assert!(secp256k1_decompress(&not_on_curve).is_err());
    let mut x_is_p = vec![0x02];
    x_is_p.extend(hex(
        "fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f",
    ));
    assert!(secp256k1_decompress(&x_is_p).is_err());
}

#[test]
fn secp256r1_recovers_suis_vectors() {
    let pk = hex(R1_PK);
    let sig = with_v(R1_SIG_KECCAK, 0);
    assert_eq!(
        recover(Curve::Secp256r1, &sig, MSG, Keccak256)
            .unwrap()
            .to_vec(),
        pk
    );
    let sig = with_v(R1_SIG_SHA256, 0);
    assert_eq!(
        recover(Curve::Secp256r1, &sig, MSG, Sha256)
            .unwrap()
            .to_vec(),
        pk
    );
    // 64 bytes: EInvalidSignature in Sui.
    assert!(matches!(
        recover(Curve::Secp256r1, &hex(R1_SIG_SHA256), MSG, Sha256),
        Err(CryptoError::InvalidLength { .. })
    ));
    // r = 0 is an invalid signature for the p256 parser (not a failed recovery).
    assert!(matches!(
        recover(Curve::Secp256r1, &[0u8; 65], MSG, Sha256),
        Err(CryptoError::InvalidEncoding(_))
    ));
}

#[test]
fn secp256r1_verifies_suis_vectors() {
    let pk = hex(R1_PK);
    assert_eq!(
        verify(Curve::Secp256r1, &hex(R1_SIG_KECCAK), &pk, MSG, Keccak256),
        Ok(true)
    );
    assert_eq!(
        verify(Curve::Secp256r1, &hex(R1_SIG_SHA256), &pk, MSG, Sha256),
        Ok(true)
    );
    assert_eq!(
        verify(Curve::Secp256r1, &hex(R1_SIG_SHA256), &pk, MSG, Keccak256),
        Ok(false)
    );
    assert!(verify(
        Curve::Secp256r1,
        &with_v(R1_SIG_KECCAK, 0),
        &pk,
        MSG,
        Keccak256
    )
    .is_err());
    assert!(verify(
        Curve::Secp256r1,
        &hex(R1_SIG_KECCAK),
        &pk[..32],
        MSG,
        Keccak256
    )
    .is_err());
}

#[test]
fn secp256r1_keys_parse_compressed_uncompressed_and_compact() {
    let key = p256::ecdsa::VerifyingKey::from_sec1_bytes(&hex(R1_PK)).unwrap();
    let uncompressed = key.to_encoded_point(false).as_bytes().to_vec();
    let sig = hex(R1_SIG_KECCAK);
    assert_eq!(
        verify(Curve::Secp256r1, &sig, &uncompressed, MSG, Keccak256),
        Ok(true)
    );
    // Compact (tag 05) takes the smaller y: the same x, and it is the key or its negation.
    let mut compact = hex(R1_PK);
    compact[0] = 0x05;
    let parsed = p256::ecdsa::VerifyingKey::from_sec1_bytes(&compact).unwrap();
    assert_eq!(
        parsed.to_encoded_point(true).as_bytes()[1..],
        hex(R1_PK)[1..]
    );
    assert!(verify(Curve::Secp256r1, &sig, &compact, MSG, Keccak256).is_ok());
    // Hybrid tags are libsecp256k1's, not p256's.
    let mut hybrid = uncompressed.clone();
    hybrid[0] = 0x06;
    assert!(verify(Curve::Secp256r1, &sig, &hybrid, MSG, Keccak256).is_err());
}

#[test]
fn garbage_never_panics() {
    for curve in [Curve::Secp256k1, Curve::Secp256r1] {
        for len in [0, 1, 32, 33, 63, 64, 65, 66, 96, 200] {
            for fill in [0x00, 0x01, 0x02, 0x04, 0x06, 0x7f, 0xff] {
                let bytes = vec![fill; len];
                for hash in [Keccak256, Sha256] {
                    let _ = verify(curve, &bytes, &bytes, &bytes, hash);
                    let _ = verify(curve, &hex(K1_SIG_KECCAK), &bytes, MSG, hash);
                    let _ = recover(curve, &bytes, &bytes, hash);
                }
                if curve == Curve::Secp256k1 {
                    let _ = secp256k1_decompress(&bytes);
                }
            }
        }
    }
}
