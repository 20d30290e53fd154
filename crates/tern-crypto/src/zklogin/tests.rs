//! Vectors of fastcrypto-zkp's zkLogin tests (`zk_login_tests.rs`, `poseidon/mod.rs`) and of
//! Sui's framework tests (`zklogin_verified_id_tests.move`, `zklogin_verified_issuer_tests.move`).

use super::*;
use crate::test_util::hex;

/// A decimal integer below 2^256 as 32 big-endian bytes.
fn dec(s: &str) -> [u8; 32] {
    let mut out = [0u8; 32];
    for digit in s.bytes() {
        let mut carry = u32::from(digit - b'0');
        for byte in out.iter_mut().rev() {
            let v = u32::from(*byte) * 10 + carry;
            *byte = v as u8;
            carry = v >> 8;
        }
        assert_eq!(carry, 0, "{s} overflows 256 bits");
    }
    out
}

fn address(s: &str) -> [u8; 32] {
    hex(s).try_into().unwrap()
}

/// Sui's framework test identity (a Google `sub`).
const SUI_ADDRESS: &str = "1c6b623a2f2c91333df730c98d220f11484953b391a3818680f922c264cc0c6b";
const SUB: &str = "106294049240999307923";
const SUI_AUD: &str = "575519204237-msop9ep45u2uo98hapqmngv8d84qdc8k.apps.googleusercontent.com";
const GOOGLE: &str = "https://accounts.google.com";
const SUI_SALT: &str = "6588741469050502421550140105345050859";
const SUI_PIN_HASH: &str =
    "15232766888716517538274372547598053531354666056102343895255590477425668733026";
const SUI_SEED: &str =
    "3006596378422062745101035755700472756930796952630484939867684134047976874601";

#[test]
fn strings_pack_as_fastcryptos_hash_ascii_str_to_field() {
    for (s, max, expected) in [
        (
            "test@gmail.com",
            30,
            "13606676331558803166736332982602687405662978305929711411606106012181987145625",
        ),
        (
            "test@gmail.com",
            32,
            "10404231015713323946367565043703223078961469658905861259850380980432751872181",
        ),
        // 248 characters: 64 chunks of 31 bytes, hashed as a tree of 16-input hashes.
        (
            "eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCIsImtpZCI6IjEifQ",
            248,
            "10859137172532636243875876865378218840892896099608302223608404291948352005840",
        ),
        // fastcrypto's `hash_to_field([32, 25, 73], 8, 248)`.
        (
            " \u{19}I",
            3,
            "12957933350199698616059824573728499566767221415248116668293168872342238553232",
        ),
    ] {
        assert_eq!(
            hash_ascii_str_to_field(s, max).unwrap(),
            dec(expected),
            "{s}/{max}"
        );
    }
}

#[test]
fn the_poseidon_tree_matches_fastcrypto_past_sixteen_inputs() {
    let hash = |inputs: std::ops::Range<u64>| {
        let inputs: Vec<Fr> = inputs.map(Fr::from).collect();
        to_bytes(poseidon_zk_login(&inputs).unwrap())
    };
    let expected = [
        (
            1..2,
            "18586133768512220936620570745912940619677854269274689475585506675881198879027",
        ),
        (
            1..17,
            "9989051620750914585850546081941653841776809718687451684622678807385399211877",
        ),
        (
            0..30,
            "4123755143677678663754455867798672266093104048057302051129414708339780424023",
        ),
        (
            0..33,
            "15368023340287843142129781602124963668572853984788169144128906033251913623349",
        ),
    ];
    for (inputs, digest) in expected {
        assert_eq!(hash(inputs.clone()), dec(digest), "{inputs:?}");
    }
    assert!(poseidon_zk_login(&[Fr::from(1u64); 64]).is_ok());
    assert!(matches!(
        poseidon_zk_login(&[Fr::from(1u64); 65]),
        Err(CryptoError::TooManyInputs { actual: 65, .. })
    ));
    assert!(matches!(
        poseidon_zk_login(&[]),
        Err(CryptoError::NoInput { .. })
    ));
    assert!(hash_ascii_str_to_field("", 0).is_err());
    assert!(hash_ascii_str_to_field("", 64 * 31).is_ok());
    assert!(hash_ascii_str_to_field("", 64 * 31 + 1).is_err());
}

#[test]
fn address_seeds_and_addresses_match_fastcrypto() {
    // `test_gen_seed`.
    let seed = address_seed_from_salt(
        &dec("248191903847969014646285995941615069143"),
        "sub",
        "904448692",
        "rs1bh065i9ya4ydvifixl4kss0uhpt",
    )
    .unwrap();
    assert_eq!(
        seed,
        dec("16657007263003735230240998439420301694514420923267872433517882233836276100450")
    );
    // `test_verify_zk_login_google`.
    let seed = address_seed_from_salt(
        &dec("206703048842351542647799591018316385612"),
        "sub",
        SUB,
        "25769832374-famecqrhe2gkebt5fvqms2263046lj96.apps.googleusercontent.com",
    )
    .unwrap();
    assert_eq!(
        zklogin_address(&seed, GOOGLE),
        address("a64ae946d5efd2dea396cb2fe81837f028c32f2b2f211176b65a3a152deb35a2")
    );
}

#[test]
fn suis_framework_vectors() {
    // The pin hash of Sui's tests is the Poseidon hash of fastcrypto's test salt, and the
    // address seed of the issuer test is the seed of the identity test.
    let pin_hash = dec(SUI_PIN_HASH);
    let salted = address_seed_from_salt(&dec(SUI_SALT), "sub", SUB, SUI_AUD).unwrap();
    let seed = address_seed(&pin_hash, "sub", SUB, SUI_AUD).unwrap();
    assert_eq!(seed, salted);
    assert_eq!(seed, dec(SUI_SEED));
    let sui = address(SUI_ADDRESS);
    let check = |address: &[u8; 32], iss: &str| {
        check_id(
            address,
            b"sub",
            SUB.as_bytes(),
            iss.as_bytes(),
            SUI_AUD.as_bytes(),
            &pin_hash,
        )
    };
    assert_eq!(check(&sui, GOOGLE), Ok(true));
    assert_eq!(check(&sui, "https://some.other.issuer.com"), Ok(false));
    // No normalisation of Google's issuer.
    assert_eq!(check(&sui, "accounts.google.com"), Ok(false));
    let mut other = sui;
    other[0] = 0;
    assert_eq!(check(&other, GOOGLE), Ok(false));

    assert_eq!(check_issuer(&sui, &seed, GOOGLE.as_bytes()), Ok(true));
    assert_eq!(check_issuer(&other, &seed, GOOGLE.as_bytes()), Ok(false));
    assert_eq!(
        check_issuer(&sui, &dec("1234"), GOOGLE.as_bytes()),
        Ok(false)
    );
    assert_eq!(
        check_issuer(&sui, &seed, b"https://other.issuer.com"),
        Ok(false)
    );
}

/// `value` plus the field order, in place (no overflow for the values used).
fn add_modulus(value: &mut [u8; 32]) {
    let modulus = Fr::MODULUS.to_bytes_be();
    let mut carry = 0u16;
    for (v, m) in value.iter_mut().zip(modulus).rev() {
        let sum = u16::from(*v) + u16::from(m) + carry;
        *v = sum as u8;
        carry = sum >> 8;
    }
    assert_eq!(carry, 0);
}

#[test]
fn field_inputs_are_taken_modulo_the_field_order() {
    // fastcrypto parses the decimal form of a `u256` with arkworks, which reduces.
    let above = "24894839250261337967347441500957747845479161353046519283565888320623785370218";
    let parse = |s: &str| <Fr as std::str::FromStr>::from_str(s).unwrap();
    assert_eq!(parse(above), parse(SUI_SEED));
    assert_eq!(dec(above), {
        let mut sum = dec(SUI_SEED);
        add_modulus(&mut sum);
        sum
    });
    let seed = dec(SUI_SEED);
    let shifted = dec(above);
    let sui = address(SUI_ADDRESS);
    assert_eq!(check_issuer(&sui, &shifted, GOOGLE.as_bytes()), Ok(true));
    assert_eq!(
        address_seed(&shifted, "sub", SUB, SUI_AUD),
        address_seed(&seed, "sub", SUB, SUI_AUD)
    );
}

#[test]
fn bad_strings_are_rejected_as_fastcrypto_rejects_them() {
    let sui = address(SUI_ADDRESS);
    let pin_hash = dec(SUI_PIN_HASH);
    let check = |name: &[u8], value: &[u8], iss: &[u8], aud: &[u8]| {
        check_id(&sui, name, value, iss, aud, &pin_hash)
    };
    let (sub, value, iss, aud) = (
        b"sub".as_slice(),
        SUB.as_bytes(),
        GOOGLE.as_bytes(),
        SUI_AUD.as_bytes(),
    );
    let not_utf8 = b"s\xffb".as_slice();
    for args in [
        (not_utf8, value, iss, aud),
        (sub, not_utf8, iss, aud),
        (sub, value, not_utf8, aud),
        (sub, value, iss, not_utf8),
    ] {
        assert!(matches!(
            check(args.0, args.1, args.2, args.3),
            Err(CryptoError::InvalidEncoding(_))
        ));
    }
    assert!(matches!(
        check_issuer(&sui, &dec(SUI_SEED), not_utf8),
        Err(CryptoError::InvalidEncoding(_))
    ));
    // fastcrypto's too-long claim name and value.
    let long_name = "subsubsubsubsubsubsubsubsubsubsubsub";
    let long_value = SUB.repeat(6);
    assert_eq!(
        check(long_name.as_bytes(), value, iss, aud),
        Err(CryptoError::TooLong {
            what: "zkLogin key claim name",
            max: 32,
            actual: 36
        })
    );
    assert!(matches!(
        check(sub, long_value.as_bytes(), iss, aud),
        Err(CryptoError::TooLong { max: 115, .. })
    ));
    let long_aud = "a".repeat(146);
    assert!(matches!(
        check(sub, value, iss, long_aud.as_bytes()),
        Err(CryptoError::TooLong { max: 145, .. })
    ));
    // At the limits: an answer, not an error. Lengths count characters, not bytes.
    for (name, value, aud) in [
        ("n".repeat(32), "v".repeat(115), "a".repeat(145)),
        ("é".repeat(32), "ÿ".repeat(115), "\u{0}".repeat(145)),
    ] {
        let answer = check(name.as_bytes(), value.as_bytes(), iss, aud.as_bytes());
        assert_eq!(answer, Ok(false), "{name}");
    }
    // A character above U+00FF does not fit a byte.
    assert!(matches!(
        check("ā".as_bytes(), value, iss, aud),
        Err(CryptoError::InvalidEncoding(_))
    ));
    // The issuer has no length limit.
    let long_iss = "i".repeat(10_000);
    assert_eq!(check(sub, value, long_iss.as_bytes(), aud), Ok(false));
}

#[test]
fn the_issuer_length_byte_wraps() {
    let seed = dec(SUI_SEED);
    let iss = "x".repeat(300);
    let mut data = vec![ADDRESS_FLAG, 44];
    data.extend_from_slice(iss.as_bytes());
    data.extend_from_slice(&seed);
    assert_eq!(zklogin_address(&seed, &iss), crate::hash::blake2b256(&data));
}

#[test]
fn claims_pack_code_points_not_utf8_bytes() {
    assert_ne!(
        hash_ascii_str_to_field("é", 2).unwrap(),
        hash_ascii_str_to_field("\u{c3}\u{a9}", 2).unwrap()
    );
}
