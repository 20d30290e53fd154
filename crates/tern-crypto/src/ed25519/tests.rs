use super::*;
use crate::test_util::hex;

#[test]
fn verifies_rfc_8032_test_vectors() {
    // RFC 8032 §7.1, TEST 1 (empty message) and TEST 2 (one byte).
    let pk = hex("d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a");
    let sig = hex("e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b");
    assert_eq!(verify(&sig, &pk, b""), Ok(true));
    assert_eq!(verify(&sig, &pk, b"x"), Ok(false));
    let pk = hex("3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c");
    let sig = hex("92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00");
    assert_eq!(verify(&sig, &pk, &[0x72]), Ok(true));
}

#[test]
fn verifies_suis_vectors() {
    // Sui's ed25519_tests.move.
    let msg = hex("315f5bdb76d078c43b8ac0064e4a0164612b1fce77c869345bfc94c75894edd3");
    let pk = hex("cc62332e34bb2d5cd69f60efbb2a36cb916c7eb458301ea36636c4dbb012bd88");
    let sig = hex("cce72947906dbae4c166fc01fd096432784032be43db540909bc901dbc057992b4d655ca4f4355cf0868e1266baacf6919902969f063e74162f8f04bc4056105");
    assert_eq!(verify(&sig, &pk, &msg), Ok(true));
    let mut bad = sig.clone();
    bad[0] = 0xcd;
    assert_eq!(verify(&bad, &pk, &msg), Ok(false));
    let mut other = msg.clone();
    other[0] = 0x41;
    assert_eq!(verify(&sig, &pk, &other), Ok(false));
    assert!(verify(&sig, &[], &msg).is_err());
    assert!(verify(&sig[..63], &pk, &msg).is_err());
}

#[test]
fn rejects_non_canonical_s() {
    let pk = hex("d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a");
    let mut sig = hex("e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b");
    // s + ℓ encodes the same scalar non-canonically: ZIP-215 rejects it.
    let l = hex("edd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010");
    let mut carry = 0u16;
    for i in 0..32 {
        let sum = sig[32 + i] as u16 + l[i] as u16 + carry;
        sig[32 + i] = sum as u8;
        carry = sum >> 8;
    }
    assert_eq!(verify(&sig, &pk, b""), Ok(false));
}

#[test]
fn accepts_small_order_and_non_canonical_points_as_zip_215_does() {
    // A = R = the identity (y = 1), s = 0: [8]([0]B - [k]A - R) is the identity for any
    // message, so ZIP-215 accepts (a strict verifier would not).
    let identity = hex("0100000000000000000000000000000000000000000000000000000000000000");
    let mut sig = identity.clone();
    sig.extend_from_slice(&[0u8; 32]);
    assert_eq!(verify(&sig, &identity, b"anything"), Ok(true));
    // The identity with a non-canonical y = p + 1 and the sign bit set on x = 0.
    let mut non_canonical = hex("eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f");
    non_canonical[31] |= 0x80;
    let mut sig = non_canonical.clone();
    sig.extend_from_slice(&[0u8; 32]);
    assert_eq!(verify(&sig, &non_canonical, b"anything"), Ok(true));
    // y = 2 is not on the curve.
    let mut off_curve = [0u8; 32];
    off_curve[0] = 2;
    assert!(verify(&sig, &off_curve, b"").is_err());
}
