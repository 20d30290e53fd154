//! Sui's `vdf_tests.move` vectors, fastcrypto-vdf's regression vectors, vectors computed with
//! fastcrypto-vdf (`testdata/vdf/vectors.txt`), chiavdf's, and the group laws.

use super::form::Form;
use super::prime::{hash_prime, is_probable_prime, jacobi};
use super::{group, hash, hash_to_input, identity, verify, wesolowski, Group};
use crate::test_util::hex;
use num_bigint::{BigInt, BigUint};
use num_traits::{One, Zero};

/// A vector of `testdata/vdf/vectors.txt` by name.
fn vector(name: &str) -> Vec<u8> {
    const VECTORS: &str = include_str!("../../testdata/vdf/vectors.txt");
    let line = VECTORS
        .lines()
        .find(|line| line.split(' ').next() == Some(name))
        .unwrap_or_else(|| panic!("no vector {name}"));
    hex(line.split(' ').nth(1).unwrap())
}

fn int(decimal: &str) -> BigInt {
    decimal.parse().unwrap()
}

fn form(bytes: &[u8]) -> Form {
    Form::from_bytes(bytes).unwrap()
}

/// A test-only prover: `2^T·x` by squaring, and Wesolowski's proof `⌊2^T / ℓ⌋·x`.
fn evaluate(x: &Form, iterations: u64) -> (Form, Form) {
    let g = group();
    let mut output = x.clone();
    for _ in 0..iterations {
        output = output.double(&g.limit).unwrap();
    }
    let l = wesolowski::challenge(g, x, &output, iterations);
    let quotient = (BigUint::one() << iterations) / l;
    let mut proof = g.identity.clone();
    for i in (0..quotient.bits()).rev() {
        proof = proof.double(&g.limit).unwrap();
        if quotient.bit(i) {
            proof = proof.compose(x, &g.limit).unwrap();
        }
    }
    (output, proof)
}

#[test]
fn hash_to_input_matches_suis_vectors() {
    assert_eq!(hash_to_input(b"seed").unwrap(), vector("sui_seed_hash"));
    assert_ne!(
        hash_to_input(b"other seed").unwrap(),
        vector("sui_seed_hash")
    );
    let input = hash_to_input(&vector("sui_input_seed")).unwrap();
    assert_eq!(input, vector("sui_input"));
    assert_eq!(hash_to_input(b"tern").unwrap(), vector("tern_input"));
}

#[test]
fn hash_to_form_matches_fastcryptos_vector_on_a_1024_bit_discriminant() {
    let discriminant = -BigInt::parse_bytes(b"c3811f4ad2f4a7bdf2ed89385866ad526c6dd3aa942e04c141d0562a8e7b014f08804f47b3c2ecbba0a5a0ad8f4d8e869a10cff13dbc522aea141f6d1c42913f2d3bff8d3e7656c72523a2e9d47f838234bd65f05ef3ca86c2f640bca6630ed8d1da21e30a67f83e25b89c32c2d0dc0bacb81bd971b0932a82d131b4a74bff36b60b66543105da2c3ecb1a4e8c2cb6d47c1e85942cce8f3fc50c27856e6dfbd15c0bd5017fea15ae0eb43dfb32b2d947c3131d1951f00bcc40352eeb65e364551e40d13768f443406760ee6b37a5b5819d3f630c034c7f42212ad49c803772aaafd4cd1f87697c68d5a6b0855f475b370b20058558993e76759caa38edbc82407b4e3559bade5f7479a860ebef62fed82d657765ebb8f7f375c2b78f73669760e4bd4932177087a49a0b68d7", 16).unwrap();
    let hashed = hash::hash_to_form(b"seed", &discriminant).unwrap();
    assert_eq!(hashed.to_bytes(), hex("2300a0f9131173334d92c14bbc1d83d411168de882cb1e387b48a5194006c58632e9a9c33269cc033517c7d6b299377c647ba53aded9e27341dd4b941716b9e5191144864791c162fd9e52c5572ff85beae15ebdd9a2ab8a024dbaa59598e97587ae8ecb848611552c21b4a7a32ee1a69dc968dbc37b67774712a9ca92d630113853952ec9d55c737738c59bfcd452ab7f45d1c8df8ce405f55de4392d85d96428a8f1b547b44a11a2b418f5b4ccbd5385723fd34e60a7e3a4b8ac812addf27ace931c3450f989eae8c382e1f9181914e96a35902e6ef5fe972b7d0a1562d7274a68256de34a228c5260df099baa42a13cc011713dd246f149cb085b5002701e95c1a9c7b61467aefab791d9793bfed8c3ebfb251fe0d8f578b165d79b2cb8109cd6b62f84405f659668b9580fffd6f7631f66079ec18846a9e9feb75c128e318914ff93fcb24152ba7c655131af3a75832b37a5024c8095a13faadd23723b90c586ec"));
    assert_eq!(hashed.discriminant(), discriminant);
}

#[test]
fn hash_prime_matches_fastcryptos_regression_vector() {
    let prime = hash_prime(&[0u8; 32], 64, &[0, 1, 511]);
    assert_eq!(prime, "7904272817142338150419757415334055106926417574777773392214522399425467199262039794276651240832053626391864792937889238336287002167559810128294881253078163".parse().unwrap());
}

#[test]
fn discriminants_match_fastcrypto_and_chiavdf() {
    // Discriminant::from_seed(seed, bits) = -hash_prime(seed, bits / 8, [0, 1, 2, bits - 1]).
    let chia = hash_prime(&hex("d911a54e3bf6f52b4111"), 128, &[0, 1, 2, 1023]);
    assert_eq!(chia.to_str_radix(16), "95a0b0523b6c516e813d745e7e58b3c7223d511f6008a0ff2757c9a0f15cba8841293cc903af3a40654670c9dee17ec14da1457360aafe40a93831d90c3dd59738d8a24e415b6e33780224fa24171de1d4a1ca5fe4c877bf44361e7ba869126ac12367714eb4246a5e310515508ad35e170aee19cae371069d6d92e94c21d63f");
    assert_eq!(group().discriminant.to_string(), "-4080390101490206102067801750685552291425412528983716161454985565795560716833845004659207152503580931176637478422335625954692628868126419714053340412299850300602673802493259771830686596468801304317015718872352674945215883546019961626928140286675493693757393881479657605888983279619347902770789061953207866325747708864327315769009839190765716943013935708854055658243676903245686125751909996824976354309908771869043784640567352757672203749399825983258156684652782580603170228640173640869773628592618889352385821753919281706169861276929330689892675986265846043432389737049521845230769417696140636288030698887830215613149485135897148487896368642774768920061430225392365148291796645740474628778185683682893521776342856643134668770656709308404166182149870849376649591338267281149794078240401323227967073641261327798339424740171219484355109588337730742391198073121589465833677609362668436116144203312494461735357918360857667357985711");
    let magnitude = group().discriminant.magnitude();
    assert!(is_probable_prime(magnitude) && magnitude % 8u8 == BigUint::from(7u8));
}

#[test]
fn primality_matches_a_sieve_and_known_numbers() {
    let mut sieve = vec![true; 10_000];
    (sieve[0], sieve[1]) = (false, false);
    for i in 2..100 {
        for j in (i * i..10_000).step_by(i) {
            sieve[j] = false;
        }
    }
    for (n, &prime) in sieve.iter().enumerate() {
        assert_eq!(is_probable_prime(&BigUint::from(n)), prime, "{n}");
    }
    // Mersenne primes, Fermat numbers, strong pseudoprimes to many bases (beyond 2⁶⁴ too):
    // fastcrypto's answers.
    let cases = [
        ("170141183460469231731687303715884105727", true),
        ("6864797660130609714981900799081393217269435300143305409394463459185543183397656052122559640661454554977296311391480858037121987999716643812574028291115057151", true),
        ("340282366920938463463374607431768211457", false),
        ("3215031751", false),
        ("3825123056546413051", false),
        ("318665857834031151167461", false),
        ("3317044064679887385961981", false),
        ("1195068768795265792518361315725116351898245581", false),
        ("9515496646195406143", true),
        ("18446744073709551557", true),
    ];
    for (n, prime) in cases {
        assert_eq!(is_probable_prime(&n.parse().unwrap()), prime, "{n}");
    }
}

#[test]
fn jacobi_symbols_match_known_values() {
    let big = "32317006071311007300714876688669951960444102669715484032130345427524655138867890893197201411522913463688717960921898019494119559150490921095088152386448283120630877367300996091750197750389652106796057638384067568276792218642619756161838094338476170470581645852036305042887575891541065808607552399123930385521914333389668342420684974786564569494856176035326322058077805659331026192708460314150258592864177116725943603718461857357598351152301645904403697613233287231227125684710820209725157101726931323469678542580656697935045997268352998638215525166389647960126939249806625440700685819469589938384356951833568218188663";
    let cases = [
        ("1", "3", 1),
        ("2", "3", -1),
        ("30", "59", -1),
        ("89", "59", -1),
        ("-19", "59", -1),
        ("1001", "9907", -1),
        ("2", big, 1),
        ("3", big, -1),
        ("21", "15", 0),
    ];
    for (a, m, expected) in cases {
        assert_eq!(jacobi(&int(a), &m.parse().unwrap()), expected, "({a}/{m})");
    }
}

#[test]
fn reduction_matches_the_textbook_example() {
    // Δ = -223: (41, 49, 16) normalises to (41, -33, 8) and reduces to (7, -1, 8).
    let start = Form::from_a_b(int("41"), int("49"), &int("-223")).unwrap();
    assert_eq!(start.c, int("16"));
    let reduced = start.reduce().unwrap();
    assert_eq!(
        (reduced.a, reduced.b, reduced.c),
        (int("7"), int("-1"), int("8"))
    );
}

#[test]
fn encoding_round_trips_and_rejects_malformed_bytes() {
    for name in [
        "sui_input",
        "sui_output_100",
        "sui_proof_100",
        "negative_input",
    ] {
        let bytes = vector(name);
        assert_eq!(form(&bytes).to_bytes(), bytes, "{name}");
    }
    // Empty vectors are zero; padded encodings decode to the same value, re-encoded minimally.
    let zero = form(&[0, 0, 0]);
    assert_eq!((zero.a.is_zero(), zero.c.is_zero()), (true, true));
    assert_eq!(zero.to_bytes(), [1, 0, 1, 0, 1, 0]);
    assert_eq!(
        form(&vector("padded_input")).to_bytes(),
        vector("tern_input")
    );
    assert_eq!(form(&[1, 0xff, 2, 0xff, 0x7f, 1, 1]).b, int("-129"));
    let input = vector("sui_input");
    let bad: [Vec<u8>; 6] = [
        Vec::new(),
        hex("abcd"),
        [input.clone(), vec![0]].concat(),       // trailing byte
        input[..input.len() - 1].to_vec(),       // truncated
        [vec![0x80, 0x00], vec![0, 0]].concat(), // non-canonical ULEB128
        vec![0xff, 0xff, 0xff, 0xff, 0x0f],      // length over 2³¹ - 1
    ];
    for bytes in bad {
        assert!(Form::from_bytes(&bytes).is_none(), "{bytes:?}");
        assert!(verify(&bytes, &input, &input, 1).is_err());
    }
}

#[test]
fn composition_follows_the_group_laws() {
    let g = group();
    let [x, y, z] = [b"x".as_slice(), b"y", b"z"].map(|m| form(&hash_to_input(m).unwrap()));
    let compose = |p: &Form, q: &Form| p.compose(q, &g.limit).unwrap();
    let xy = compose(&x, &y);
    assert_eq!(xy, compose(&y, &x));
    assert_eq!(compose(&xy, &z), compose(&x, &compose(&y, &z)));
    assert_eq!(x.double(&g.limit).unwrap(), compose(&x, &x));
    assert_eq!(compose(&x, &g.identity), x.clone().reduce().unwrap());
    let inverse = Form {
        b: -x.b.clone(),
        ..x.clone()
    };
    // fastcrypto's normalisation maps b into [-a, a), so x·x⁻¹ comes out as (1, -1, c), the
    // identity's class but not its usual representative (fastcrypto gives the same).
    let neutral = compose(&x, &inverse);
    assert_eq!(
        (&neutral.a, &neutral.b, &neutral.c),
        (&g.identity.a, &-g.identity.b.clone(), &g.identity.c)
    );
    assert_eq!(compose(&neutral, &y), compose(&g.identity, &y));
    // Six squarings give the 64th power, as do 63 additions.
    let mut by_doubling = x.clone();
    for _ in 0..6 {
        by_doubling = by_doubling.double(&g.limit).unwrap();
    }
    let by_adding = (1..64).fold(x.clone(), |acc, _| compose(&acc, &x));
    assert_eq!(by_doubling, by_adding);
    for f in [&xy, &by_doubling] {
        assert!(f.is_reduced_if_normal() && f.discriminant() == g.discriminant);
    }
}

#[test]
fn sui_vectors_verify_as_in_sui() {
    let input = vector("sui_input");
    let (output_100, output_101) = (vector("sui_output_100"), vector("sui_output_101"));
    let proof = vector("sui_proof_100");
    assert_eq!(proof, identity());
    assert_eq!(proof, vector("sui_proof_101"));
    assert!(verify(&input, &output_100, &proof, 100).unwrap());
    assert!(!verify(&input, &output_101, &proof, 100).unwrap());
    assert!(verify(&input, &output_101, &proof, 101).unwrap());
    let wrong = ["input", "output", "proof"].map(|w| vector(&format!("sui_wrong_group_{w}")));
    assert!(!verify(&wrong[0], &wrong[1], &wrong[2], 100).unwrap());
    // Sui's `EInvalidInput` cases: x"abcd" in each position.
    let (other_input, other_output) = (vector("sui_other_input"), vector("sui_other_output"));
    let junk = hex("abcd");
    assert!(verify(&junk, &other_output, &proof, 100).is_err());
    assert!(verify(&other_input, &junk, &proof, 100).is_err());
    assert!(verify(&other_input, &other_output, &junk, 100).is_err());
}

#[test]
fn fastcrypto_vectors_verify() {
    let input = vector("tern_input");
    let (output, proof) = (vector("tern_output_1000"), vector("tern_proof_1000"));
    assert!(verify(&input, &output, &proof, 1000).unwrap());
    assert!(!verify(&input, &output, &proof, 1001).unwrap());
    assert!(!verify(&input, &output, &identity(), 1000).unwrap());
    let (output, proof) = (vector("tern_output_300"), vector("tern_proof_300"));
    assert!(verify(&input, &output, &proof, 300).unwrap());
    // The same input with a zero byte of padding: the challenge hashes the re-encoding.
    assert!(verify(&vector("padded_input"), &output, &proof, 300).unwrap());
    // A negative-definite "input" (-a, b, -c) has the group's discriminant, and fastcrypto
    // accepts its own evaluation of it.
    let negative = vector("negative_input");
    let (output, proof) = (vector("negative_output_300"), vector("negative_proof_300"));
    assert!(verify(&negative, &output, &proof, 300).unwrap());
    assert!(!verify(&negative, &output, &proof, 299).unwrap());
}

#[test]
fn chiavdf_block_0_vector_verifies_with_its_challenge() {
    let discriminant = int("-178333777053301117117702583998161755803539768255026550238546398959430362085160891839143870686333959898768973627501543050673299722162920809872631876535963079708632677960753403482168047846781718043417502562521413075070055588055373173898058979019814085260390558743330450388913014891726165953277341036916349194527");
    let chia = Group::new(discriminant.clone());
    let generator = Form::from_a_b(int("2"), int("1"), &discriminant).unwrap();
    let output = Form::from_a_b(int("5229738340597739241737971536347978272715235210410923937567237618049037412166200077244995787131087550307523694727956250097277310766933336068474825405652036"), int("-3096696303705675681560871524238217371290270541873900921742966946679899781296678313618277916864547545067742976652559823874869615853670880196986766000673113"), &discriminant).unwrap();
    let proof = Form::from_a_b(int("269045224950172139388701381657611623403690061497324483767769709486526106374289433207532765507632104438556574675400375880648266212459081029470628330651968"), int("-138011067542034487860643678409953738631107554007673747141459530097427412192013567645959803101754265070201162396361305697197871510988607320533641929367439"), &discriminant).unwrap();
    let l = BigUint::parse_bytes(
        b"a8d8728e9942a994a3a1aa3d2fa21549aa1a7b37d3c315c6e705bda590689c640f",
        16,
    )
    .unwrap();
    let check = |proof: &Form, t| wesolowski::check(&chia, &generator, &output, proof, t, &l);
    assert!(check(&proof, 4_194_304));
    assert!(!check(&proof, 4_194_305));
    assert!(!check(&generator, 4_194_304));
}

#[test]
fn proofs_from_the_test_prover_verify_and_tampering_fails() {
    let input = form(&hash_to_input(b"prover").unwrap());
    let (output, proof) = evaluate(&input, 600);
    let (input, output, proof) = (input.to_bytes(), output.to_bytes(), proof.to_bytes());
    assert_ne!(proof, identity());
    assert!(verify(&input, &output, &proof, 600).unwrap());
    assert!(!verify(&input, &output, &proof, 601).unwrap());
    assert!(!verify(&input, &output, &input, 600).unwrap());
    assert!(!verify(&output, &output, &proof, 600).unwrap());
}

#[test]
fn edge_iteration_counts() {
    let input = vector("sui_input");
    let reduced = form(&input).reduce().unwrap().to_bytes();
    // T = 0: the output is the input itself, reduced (Sui's inputs are not), proof the identity.
    assert!(verify(&input, &reduced, &identity(), 0).unwrap());
    assert!(!verify(&input, &input, &identity(), 0).unwrap());
    // The identity is its own square; (1, -1, c) is its class but not the answer (fastcrypto
    // agrees on both).
    let id = identity();
    for t in [0, 1, 5, 1000] {
        assert!(verify(&id, &id, &id, t).unwrap());
    }
    let flipped = Form {
        b: -group().identity.b.clone(),
        ..group().identity.clone()
    };
    assert!(!verify(&id, &flipped.to_bytes(), &id, 5).unwrap());
    // Only 2^T mod ℓ is computed: the largest count answers at once.
    let output = vector("sui_output_100");
    assert!(!verify(&input, &output, &identity(), u64::MAX).unwrap());
}

#[test]
fn unreduced_outputs_and_other_discriminants_are_false() {
    let input = vector("sui_input");
    let output = form(&vector("sui_output_100"));
    let unreduced = Form {
        b: &output.b + (&output.a << 1),
        c: &output.c + &output.b + &output.a,
        a: output.a.clone(),
    };
    assert_eq!(unreduced.discriminant(), group().discriminant);
    assert!(!verify(&input, &unreduced.to_bytes(), &identity(), 100).unwrap());
    let off = Form {
        c: &output.c + 1u8,
        ..output
    };
    assert!(!verify(&input, &off.to_bytes(), &identity(), 100).unwrap());
}

#[test]
fn malformed_and_degenerate_forms_never_panic() {
    let mut inputs: Vec<Vec<u8>> = vec![vec![1, 0, 1, 0, 1, 0], vec![0, 0, 0]];
    for len in [0usize, 1, 2, 3, 48, 200] {
        for fill in [0x00u8, 0x01, 0x7f, 0x80, 0xff] {
            inputs.push(vec![fill; len]);
            inputs.push([vec![len as u8], vec![fill; len], vec![1, 1, 1, 1]].concat());
        }
    }
    let proof = identity();
    for bytes in &inputs {
        let _ = hash_to_input(bytes);
        let _ = verify(bytes, bytes, bytes, 3);
        let _ = verify(bytes, &proof, &proof, 0);
        if let Some(f) = Form::from_bytes(bytes) {
            let _ = f.clone().reduce();
            let _ = f.double(&group().limit);
            let _ = f.compose(&f, &group().limit);
        }
    }
}
