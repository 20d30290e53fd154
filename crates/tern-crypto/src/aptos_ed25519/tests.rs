use super::*;
use crate::test_util::hex;
use ed25519_dalek::{Signer, SigningKey};

/// RFC 8032 §7.1, TESTS 1–3: (public key, message, signature).
const RFC8032: [(&str, &str, &str); 3] = [
    (
        "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a",
        "",
        "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b",
    ),
    (
        "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c",
        "72",
        "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00",
    ),
    (
        "fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025",
        "af82",
        "6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac18ff9b538d16f290ae67f760984dc6594a7c15e9716ed28dc027beceea1ec40a",
    ),
];

/// The group order ℓ, little-endian.
const ORDER: [u8; 32] = [
    0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde, 0x14,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10,
];

/// The identity point's encoding (small order).
fn identity() -> [u8; 32] {
    let mut b = [0u8; 32];
    b[0] = 1;
    b
}

#[test]
fn rfc8032_vectors_verify_strictly() {
    for (key, message, signature) in RFC8032 {
        let (key, message, signature) = (hex(key), hex(message), hex(signature));
        assert!(verify_strict(&signature, &key, &message));
        let mut wrong = message.clone();
        wrong.push(0);
        assert!(!verify_strict(&signature, &key, &wrong));
        assert!(is_valid_point(&key.clone().try_into().unwrap()));
    }
}

#[test]
fn s_plus_order_is_refused() {
    let (key, message, signature) = RFC8032[0];
    let (key, message, mut signature) = (hex(key), hex(message), hex(signature));
    // S + ℓ (< 2^253, so still 32 bytes): the same point equation, a non-canonical S.
    let mut carry = 0u16;
    for (s, l) in signature[32..].iter_mut().zip(ORDER) {
        let sum = u16::from(*s) + u16::from(l) + carry;
        *s = sum as u8;
        carry = sum >> 8;
    }
    assert!(!verify_strict(&signature, &key, &message));
}

#[test]
fn small_order_keys_are_invalid_and_never_verify() {
    assert!(!is_valid_point(&identity()));
    // A point of order 2: (0, -1).
    let mut minus_one = [0xffu8; 32];
    minus_one[0] = 0xec;
    minus_one[31] = 0x7f;
    assert!(!is_valid_point(&minus_one));
    // The identity key with the "signature" R = identity, S = 0 satisfies the cofactorless
    // equation for every message; strict verification refuses it.
    let mut signature = [0u8; 64];
    signature[..32].copy_from_slice(&identity());
    assert!(!verify_strict(&signature, &identity(), b"anything"));
}

#[test]
fn wrong_lengths_are_refused() {
    let (key, message, signature) = RFC8032[1];
    let (key, message, signature) = (hex(key), hex(message), hex(signature));
    assert!(!verify_strict(&signature[..63], &key, &message));
    assert!(!verify_strict(&signature, &key[..31], &message));
    assert!(!verify_strict(
        &[signature.clone(), vec![0]].concat(),
        &key,
        &message
    ));
}

fn signer(seed: u8) -> SigningKey {
    SigningKey::from_bytes(&[seed; 32])
}

/// A t-of-n key from seeds 1..=n.
fn multi_key(n: u8, t: u8) -> Vec<u8> {
    let mut key: Vec<u8> = (1..=n)
        .flat_map(|i| signer(i).verifying_key().to_bytes())
        .collect();
    key.push(t);
    key
}

/// A multi-signature by the signers at `indices` (ascending).
fn multi_sign(indices: &[usize], message: &[u8]) -> Vec<u8> {
    let mut bitmap = [0u8; 4];
    let mut out = Vec::new();
    for &i in indices {
        out.extend(signer(i as u8 + 1).sign(message).to_bytes());
        bitmap[i / 8] |= 0x80 >> (i % 8);
    }
    out.extend(bitmap);
    out
}

#[test]
fn multi_signatures_meeting_the_threshold_verify() {
    let key = multi_key(3, 2);
    assert!(multi_public_key_validate_v2(&key));
    assert!(multi_public_key_validate_v1(&key));
    let message = b"multi";
    assert!(multi_verify_strict(
        &multi_sign(&[0, 2], message),
        &key,
        message
    ));
    assert!(multi_verify_strict(
        &multi_sign(&[0, 1, 2], message),
        &key,
        message
    ));
    // Below the threshold.
    assert!(!multi_verify_strict(
        &multi_sign(&[1], message),
        &key,
        message
    ));
    // A bit beyond the last key.
    let key2 = multi_key(2, 1);
    assert!(!multi_verify_strict(
        &multi_sign(&[0, 2], message),
        &key2,
        message
    ));
    // Signatures swapped against their bits.
    let mut swapped = multi_sign(&[0, 2], message);
    let (a, b) = swapped.split_at_mut(64);
    a.swap_with_slice(&mut b[..64]);
    assert!(!multi_verify_strict(&swapped, &key, message));
}

#[test]
fn multi_key_and_signature_formats_are_checked() {
    assert_eq!(multi_threshold(&multi_key(3, 2)), Some((2, 3)));
    assert_eq!(multi_threshold(&multi_key(3, 0)), None);
    assert_eq!(multi_threshold(&multi_key(3, 4)), None);
    assert_eq!(multi_threshold(&[]), None);
    assert_eq!(multi_threshold(&[1]), None);
    // v1 ignores the threshold byte, v2 does not.
    assert!(multi_public_key_validate_v1(&multi_key(3, 0)));
    assert!(!multi_public_key_validate_v2(&multi_key(3, 0)));
    // A small-order key anywhere makes the key invalid.
    let mut key = multi_key(2, 1);
    key[32..64].copy_from_slice(&identity());
    assert!(!multi_public_key_validate_v1(&key));
    assert!(!multi_public_key_validate_v2(&key));
    // v1: at most 32 keys.
    let many: Vec<u8> = (0..33)
        .flat_map(|_| signer(1).verifying_key().to_bytes())
        .collect();
    assert!(!multi_public_key_validate_v1(&many));
    // Bitmap with more bits than signatures.
    let key = multi_key(3, 1);
    let mut signature = multi_sign(&[0], b"m");
    signature[64] |= 0x40;
    assert!(!multi_verify_strict(&signature, &key, b"m"));
}

#[test]
fn garbage_never_panics() {
    for len in [
        0usize, 1, 4, 31, 32, 33, 63, 64, 65, 68, 69, 132, 2052, 2053,
    ] {
        for fill in [0u8, 1, 0x80, 0xff] {
            let bytes = vec![fill; len];
            let _ = verify_strict(&bytes, &bytes, &bytes);
            let _ = multi_verify_strict(&bytes, &bytes, &bytes);
            let _ = multi_public_key_validate_v1(&bytes);
            let _ = multi_public_key_validate_v2(&bytes);
            let _ = multi_threshold(&bytes);
        }
    }
}
