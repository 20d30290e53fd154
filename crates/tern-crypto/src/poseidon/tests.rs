use super::*;
use crate::test_util::hex;
use ark_ff::Zero;

fn le(n: u64) -> Vec<u8> {
    let mut out = n.to_le_bytes().to_vec();
    out.resize(32, 0);
    out
}

fn decimal(s: &str) -> [u8; 32] {
    let value = s.bytes().fold(Fr::zero(), |acc, d| {
        acc * Fr::from(10u8) + Fr::from(d - b'0')
    });
    let mut out = [0u8; 32];
    out.copy_from_slice(&value.into_bigint().to_bytes_le());
    out
}

fn hash_of(values: &[u64]) -> [u8; 32] {
    let inputs: Vec<Vec<u8>> = values.iter().map(|v| le(*v)).collect();
    let refs: Vec<&[u8]> = inputs.iter().map(|v| v.as_slice()).collect();
    poseidon_bn254(&refs).unwrap()
}

#[test]
fn matches_suis_and_fastcryptos_vectors() {
    // Sui's poseidon_tests.move and fastcrypto's poseidon tests.
    assert_eq!(
        hash_of(&[1]),
        decimal("18586133768512220936620570745912940619677854269274689475585506675881198879027")
    );
    assert_eq!(
        hash_of(&[1]).to_vec(),
        hex("33018202c57d898b84338b16d1a4960e133c6a4d656cfec1bd62a9ea00611729")
    );
    assert_eq!(
        hash_of(&[1, 2]),
        decimal("7853200120776062878684798364095072458815029376092732009249414926327459813530")
    );
    assert_eq!(
        hash_of(&[0]),
        decimal("19014214495641488759237505126948346942972912379615652741039992445865937985820")
    );
    let fifteen: Vec<u64> = (1..=15).collect();
    assert_eq!(
        hash_of(&fifteen),
        decimal("4203130618016961831408770638653325366880478848856764494148034853759773445968")
    );
    let sixteen: Vec<u64> = (1..=16).collect();
    assert_eq!(
        hash_of(&sixteen),
        decimal("9989051620750914585850546081941653841776809718687451684622678807385399211877")
    );
}

#[test]
fn a_merkle_tree_of_fourteen_and_three_inputs_matches_fastcrypto() {
    // fastcrypto's poseidon_merkle_tree over 0..=29: chunks of 16 and 14, then of 2.
    let first: Vec<u64> = (0..16).collect();
    let second: Vec<u64> = (16..30).collect();
    let (a, b) = (hash_of(&first), hash_of(&second));
    let root = poseidon_bn254(&[&a, &b]).unwrap();
    assert_eq!(
        root,
        decimal("4123755143677678663754455867798672266093104048057302051129414708339780424023")
    );
    // Over 0..=32: chunks of 16, 16 and 1, then of 3.
    let (a, b, c) = (
        hash_of(&(0..16).collect::<Vec<_>>()),
        hash_of(&(16..32).collect::<Vec<_>>()),
        hash_of(&[32]),
    );
    let root = poseidon_bn254(&[&a, &b, &c]).unwrap();
    assert_eq!(
        root,
        decimal("15368023340287843142129781602124963668572853984788169144128906033251913623349")
    );
}

#[test]
fn derived_parameters_equal_light_poseidons_for_widths_two_to_thirteen() {
    use light_poseidon::parameters::bn254_x5::get_poseidon_parameters;
    for t in 2..=13usize {
        let shipped = get_poseidon_parameters::<Fr>(t as u8).unwrap();
        let derived = parameters(t).unwrap();
        assert_eq!(derived.partial_rounds, shipped.partial_rounds, "width {t}");
        assert_eq!(derived.round_constants, shipped.ark, "width {t}");
        assert_eq!(derived.mds, shipped.mds, "width {t}");
    }
}

#[test]
fn garbage_never_panics() {
    for count in 0..=18 {
        for len in [0, 1, 31, 32, 33] {
            for fill in [0x00, 0x30, 0xff] {
                let input = vec![fill; len];
                let inputs = vec![input.as_slice(); count];
                let _ = poseidon_bn254(&inputs);
            }
        }
    }
}

#[test]
fn rejects_bad_inputs() {
    // The field's largest element is canonical; the modulus is not (Sui's
    // test_poseidon_bn254_canonical_input / non_canonical_input).
    let max =
        decimal("21888242871839275222246405745257275088548364400416034343698204186575808495616");
    assert_eq!(
        poseidon_bn254(&[&max]).unwrap(),
        decimal("3366645945435192953002076803303112651887535928162668198103357554665518664470")
    );
    let modulus = hex("010000f093f5e1439170b97948e833285d588181b64550b829a031e1724e6430");
    assert!(matches!(
        poseidon_bn254(&[&modulus]),
        Err(CryptoError::InvalidEncoding(_))
    ));
    assert!(matches!(
        poseidon_bn254(&[&[0u8; 31]]),
        Err(CryptoError::InvalidEncoding(_))
    ));
    assert!(matches!(
        poseidon_bn254(&[]),
        Err(CryptoError::NoInput { .. })
    ));
    let zero = [0u8; 32];
    assert!(matches!(
        poseidon_bn254(&[&zero[..]; 17]),
        Err(CryptoError::TooManyInputs {
            max: 16,
            actual: 17,
            ..
        })
    ));
}
