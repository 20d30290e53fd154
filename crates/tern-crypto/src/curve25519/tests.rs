use super::*;
use crate::test_util::hex;

/// RFC 9496 §A.1: encodings of the multiples 0·B … 15·B.
const MULTIPLES: [&str; 16] = [
    "0000000000000000000000000000000000000000000000000000000000000000",
    "e2f2ae0a6abc4e71a884a961c500515f58e30b6aa582dd8db6a65945e08d2d76",
    "6a493210f7499cd17fecb510ae0cea23a110e8d5b901f8acadd3095c73a3b919",
    "94741f5d5d52755ece4f23f044ee27d5d1ea1e2bd196b462166b16152a9d0259",
    "da80862773358b466ffadfe0b3293ab3d9fd53c5ea6c955358f568322daf6a57",
    "e882b131016b52c1d3337080187cf768423efccbb517bb495ab812c4160ff44e",
    "f64746d3c92b13050ed8d80236a7f0007c3b3f962f5ba793d19a601ebb1df403",
    "44f53520926ec81fbd5a387845beb7df85a96a24ece18738bdcfa6a7822a176d",
    "903293d8f2287ebe10e2374dc1a53e0bc887e592699f02d077d5263cdd55601c",
    "02622ace8f7303a31cafc63f8fc48fdc16e1c8c8d234b2f0d6685282a9076031",
    "20706fd788b2720a1ed2a5dad4952b01f413bcf0e7564de8cdc816689e2db95f",
    "bce83f8ba5dd2fa572864c24ba1810f9522bc6004afe95877ac73241cafdab42",
    "e4549ee16b9aa03099ca208c67adafcafa4c3f3e4e5303de6026e3ca8ff84460",
    "aa52e000df2e16f55fb1032fc33bc42742dad6bd5a8fc0be0167436c5948501f",
    "46376b80f409b29dc2b5f6f0c52591990896e5716f41477cd30085ab7f10301e",
    "e0c418f7c8d9c4cdd7395b93ea124f3ad99021bb681dfc3302a9d99a2e53e64e",
];

#[test]
fn encodes_and_decodes_rfc_9496_multiples_of_the_generator() {
    let mut point = RistrettoPoint::identity();
    for expected in MULTIPLES {
        assert_eq!(point.to_bytes().to_vec(), hex(expected));
        assert_eq!(
            RistrettoPoint::from_bytes(&hex(expected)).unwrap(),
            point.clone()
        );
        point = Group::add(&point, &RistrettoPoint::generator());
    }
}

#[test]
fn rejects_rfc_9496_bad_encodings() {
    for bad in [
        // Non-canonical field encodings.
        "00ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
        "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
        "f3ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
        "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
        // Negative field elements.
        "0100000000000000000000000000000000000000000000000000000000000000",
        "01ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
        "ed57ffd8c914fb201471d1c3d245ce3c746fcbe63a3679d51b6a516ebebe0e20",
        // Non-square x².
        "26948d35ca62e643e26a83177332e6b6afeb9d08e4268b650f1f5bbd8d81d371",
        "4eac077a713c57b4f4397629a4145982c661f48044dd3f96427d40b147d9742f",
        // Negative xy value.
        "3eb858e78f5a7254d8c9731174a94f76755fd3941c0ac93735c07ba14579630e",
        // s = -1, which causes y = 0.
        "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    ] {
        assert!(RistrettoPoint::from_bytes(&hex(bad)).is_err(), "{bad}");
    }
    assert!(RistrettoPoint::from_bytes(&[0u8; 31]).is_err());
}

#[test]
fn maps_uniform_bytes_as_rfc_9496_does() {
    // RFC 9496 §A.3, first vector.
    let input = hex("5d1be09e3d0c82fc538112490e35701979d99e06ca3e2b5b54bffe8b4dc772c14d98b696a1bbfb5ca32c436cc61c16563790306c79eaca7705668b47dffe5bb6");
    let expected = hex("3066f82a1a747d45120d1740f14358531a8f04bbffe6a819f86dfe50f44a0a46");
    let mut bytes = [0u8; 64];
    bytes.copy_from_slice(&input);
    assert_eq!(
        RistrettoPoint::from_uniform_bytes(&bytes)
            .to_bytes()
            .to_vec(),
        expected
    );
}

#[test]
fn scalars_are_canonical_little_endian() {
    let l = hex("edd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010");
    assert!(RistrettoScalar::from_bytes(&l).is_err());
    let mut l_minus_one = l.clone();
    l_minus_one[0] -= 1;
    let s = RistrettoScalar::from_bytes(&l_minus_one).unwrap();
    assert_eq!(s.to_bytes().to_vec(), l_minus_one);
    let one = Group::add(
        &s,
        &Group::add(&s, &RistrettoScalar::from_bytes_mod_order(&[2; 32])),
    );
    let _ = one;
    let trusted = <RistrettoScalar as Group>::from_trusted_bytes(&l).unwrap();
    assert_eq!(trusted.to_bytes(), [0u8; 32]);
    let zero = RistrettoScalar::from_bytes(&[0u8; 32]).unwrap();
    assert_eq!(Group::div(&s, &zero), Err(CryptoError::DivisionByZero));
}

#[test]
fn hash_to_group_expands_with_xmd_sha512() {
    // RFC 9380 appendix K.3 (expand_message_xmd, SHA-512, DST
    // "QUUX-V01-CS02-with-expander-SHA512-256"), msg "", 0x20 bytes: checks the expander
    // wiring by its first 32 bytes.
    let dst: &[u8] = b"QUUX-V01-CS02-with-expander-SHA512-256";
    let dsts = [dst];
    let mut out = [0u8; 32];
    ExpandMsgXmd::<sha2::Sha512>::expand_message(&[b""], &dsts, 32)
        .unwrap()
        .fill_bytes(&mut out);
    assert_eq!(
        out.to_vec(),
        hex("6b9a7312411d92f921c6f68ca0b6380730a1a4d982c507211a90964c394179ba")
    );
    let a = RistrettoPoint::hash_to_group(&[b"a", b"b"], b"dst").unwrap();
    let b = RistrettoPoint::hash_to_group(&[b"ab"], b"dst").unwrap();
    assert_eq!(a, b);
}

#[test]
fn garbage_never_panics() {
    for len in [0, 1, 31, 32, 33, 64] {
        for fill in [0x00, 0x01, 0x7f, 0x80, 0xff] {
            let bytes = vec![fill; len];
            let _ = RistrettoPoint::from_bytes(&bytes);
            let _ = RistrettoScalar::from_bytes(&bytes);
            let _ = <RistrettoScalar as Group>::from_trusted_bytes(&bytes);
        }
    }
}
