use super::*;
use crate::test_util::hex;

// Vectors of Sui's bls12381_tests.move.
const MIN_SIG_PK: &str = "8df101606f91f3cad7f54b8aff0f0f64c41c482d9b9f9fe81d2b607bc5f611bdfa8017cf04b47b44b222c356ef555fbd11058c52c077f5a7ec6a15ccfd639fdc9bd47d005a111dd6cdb8c02fe49608df55a3c9822986ad0b86bdea3abfdfe464";
const MIN_SIG_SIG: &str = "908e345f2e2803cd941ae88c218c96194233c9053fa1bca52124787d3cca141c36429d7652435a820c72992d5eee6317";
const DRAND_PK: &str = "868f005eb8e6e4ca0a47c8a77ceaa5309a47978a7c71bc5cce96366b5d7a569937c529eeda66c7293784a9402801af31";
const DRAND_SIG: &str = "a2cd8577944b84484ef557a7f92f0d5092779497cc470b1b97680b8f7c807d97250d310b801c7c2185c7c8a21032d45403b97530ca87bd8f05d0cf4ffceb4bcb9bf7184fb604967db7e9e6ea555bc51b25a9e41fbd51181f712aa73aaec749fe";
const DRAND_PREV: &str = "a96aace596906562dc525dba4dff734642d71b334d51324f9c9bcb5a3d6caf14b05cde91d6507bf4615cb4285e5b4efd1358ebc46b80b51e338f9dc46cca17cf2e046765ba857c04101a560887fa81aef101a5bb3b2350884558bd3adc72be37";
const G1_GENERATOR: &str = "97f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb";
const G2_GENERATOR: &str = "93e02b6052719f607dacd3a088274f65596bd0d09920b61ab5da61bbdc7f5049334cf11213945d57e5ac7d055d042b7e024aa2b2f08f0a91260805272dc51051c6e47ad4fa403b02b4510b647ae3d1770bac0326a805bbefd48056c8c121bdb8";
const GT_GENERATOR: &str = "1250ebd871fc0a92a7b2d83168d0d727272d441befa15c503dd8e90ce98db3e7b6d194f60839c508a84305aaca1789b6089a1c5b46e5110b86750ec6a532348868a84045483c92b7af5af689452eafabf1a8943e50439f1d59882a98eaa0170f19f26337d205fb469cd6bd15c3d5a04dc88784fbb3d0b2dbdea54d43b2b73f2cbb12d58386a8703e0f948226e47ee89d06fba23eb7c5af0d9f80940ca771b6ffd5857baaf222eb95a7d2809d61bfe02e1bfd1b68ff02f0b8102ae1c2d5d5ab1a1368bb445c7c2d209703f239689ce34c0378a68e72a6b3b216da0e22a5031b54ddff57309396b38c881c4c849ec23e87193502b86edb8857c273fa075a50512937e0794e1e65a7617c90d8bd66065b1fffe51d7a579973b1315021ec3c19934f11b8b424cd48bf38fcef68083b0b0ec5c81a93b330ee1a677d0d15ff7b984e8978ef48881e32fac91b93b47333e2ba5703350f55a7aefcd3c31b4fcb6ce5771cc6a0e9786ab5973320c806ad360829107ba810c5a09ffdd9be2291a0c25a99a201b2f522473d171391125ba84dc4007cfbf2f8da752f7c74185203fcca589ac719c34dffbbaad8431dad1c1fb597aaa5018107154f25a764bd3c79937a45b84546da634b8f6be14a8061e55cceba478b23f7dacaa35c8ca78beae9624045b4b604c581234d086a9902249b64728ffd21a189e87935a954051c7cdba7b3872629a4fafc05066245cb9108f0242d0fe3ef0f41e58663bf08cf068672cbd01a7ec73baca4d72ca93544deff686bfd6df543d48eaa24afe47e1efde449383b676631";
const GT_54321: &str = "19763b7ba7f964f0266ea4acb45211c2348c42c557e02568cd9e43f23f6dfab7fff3b8ee79ff9c0ff36c8368e82f92ff08f9578afa437e97d2c515232f8acc83a562afe5dba1ce39d0a12cdd7df45ba52139291ff44192df325e6a3be19049920eff6c9895f58f39a102b930509a66047c2e77126de80d2fababcf71f0b83ff95fb2e5ce51b99ffb02262a2845158b53095654819a67adbf8c992c565df26b1d363f9044ca515b5d33f27f2f6848a9fb9d55ae13a5690a47d3e8e03c8441d506018083311e3531c1a3a935331913875452ec92656947e6ab101d9ef2cd358ca04d083eadc6159b1da86e49a4c11d9b731213e4113b956ddcf6d7d87dd70f7f55fc08c5935618aca8e8621ae9d4de2d06dda448c842b6954f90ba5fb31bb3ff64167384dd48635008693bac01aa0863ff4bf763126de8f9e19d6dac221e64539aacbae77f1938d46bd71735eb5c1730fd19be89613cda8e59ff5e2446adea9659322a14e668d5d13b36bb0548125b8f0d357936990b47a876a8a22c1a33cdf92509052d4c632440d161db2e807d953fa330ac7b10333b97ec4aba2bbcb9fdd43d62f17d7d0db194bce39f3ea78bd53501095d790bacc492a9ddf499aaec722f922bd2f1d491d53c979cabeea22a3be374674c6257e543ae8a1e574425a58d96e90b2caa4fd13534158dd916fc8682858013cb343d367db7d3cdc8cae8efa8241ce175a6b328b57b6f180e850ec53a6a6808fc45b2acaf06492a4a1fe98fd71d31b643bd8ef9472f0f83eeb5cd8b63a371c7c91891d0d637f9345024e8673802e2";

fn drand_message(round: u64) -> Vec<u8> {
    let mut m = hex(DRAND_PREV);
    m.extend_from_slice(&round.to_be_bytes());
    crate::hash::sha256(&m).to_vec()
}

fn scalar(n: u64) -> Scalar {
    Scalar(Fr::from(n))
}

#[test]
fn min_sig_verifies_suis_vectors() {
    let (pk, sig) = (hex(MIN_SIG_PK), hex(MIN_SIG_SIG));
    assert_eq!(min_sig_verify(&sig, &pk, &hex("0101010101")), Ok(true));
    assert_eq!(min_sig_verify(&sig, &pk, &hex("0201010101")), Ok(false));
    // Truncated signature / key (Sui's *_invalid_*_key_length tests).
    assert!(min_sig_verify(&sig, &pk[3..], &hex("0201010101")).is_err());
    let mut bad_sig = sig.clone();
    bad_sig[3] = 0;
    assert!(min_sig_verify(&bad_sig[..45], &pk, &hex("0201010101")).is_err());
}

#[test]
fn min_pk_verifies_a_drand_round() {
    let (pk, sig) = (hex(DRAND_PK), hex(DRAND_SIG));
    assert_eq!(min_pk_verify(&sig, &pk, &drand_message(2373935)), Ok(true));
    assert_eq!(min_pk_verify(&sig, &pk, &drand_message(2373936)), Ok(false));
    let mut bad = sig.clone();
    bad[0] = 0x11;
    bad[1] = 0x11;
    assert!(min_pk_verify(&bad, &pk, &drand_message(2373935)).is_err());
    assert!(min_pk_verify(&sig[1..], &pk, &drand_message(2373935)).is_err());
    assert!(min_pk_verify(&sig, &pk[1..], &drand_message(2373935)).is_err());
}

#[test]
fn signatures_and_keys_may_be_uncompressed() {
    let (pk, sig) = (hex(DRAND_PK), hex(DRAND_SIG));
    let key = G1::from_bytes(&pk).unwrap();
    assert_eq!(
        min_pk_verify(&sig, &key.to_uncompressed(), &drand_message(2373935)),
        Ok(true)
    );
    // The identity key is rejected.
    let identity =
        G1::from_bytes(&hex("c0").into_iter().chain([0u8; 47]).collect::<Vec<_>>()).unwrap();
    assert_eq!(identity.to_bytes()[0], 0xc0);
    assert!(min_pk_verify(&sig, &identity.to_bytes(), &drand_message(2373935)).is_err());
}

#[test]
fn hash_to_curve_agrees_with_the_signatures() {
    // Sui's test_group_ops_with_standard_signatures_*: e(sig, g2) = e(H(m), pk).
    let pk = G2::from_bytes(&hex(MIN_SIG_PK)).unwrap();
    let sig = G1::from_bytes(&hex(MIN_SIG_SIG)).unwrap();
    let h = hash_to_g1(&hex("0101010101"), DST_G1);
    assert_eq!(pairing(&sig, &G2::generator()), pairing(&h, &pk));
    let pk = G1::from_bytes(&hex(DRAND_PK)).unwrap();
    let sig = G2::from_bytes(&hex(DRAND_SIG)).unwrap();
    let h = hash_to_g2(&drand_message(2373935), DST_G2);
    assert_eq!(pairing(&G1::generator(), &sig), pairing(&pk, &h));
}

#[test]
fn encodings_match_suis_regression_vectors() {
    assert_eq!(
        Scalar::to_bytes(&scalar(8)),
        hex("0000000000000000000000000000000000000000000000000000000000000008")
    );
    let minus_eight = scalar(0).sub(&scalar(8));
    assert_eq!(
        minus_eight.to_bytes(),
        hex("73eda753299d7d483339d80809a1d80553bda402fffe5bfefffffffefffffff9")
    );
    let g1 = G1::generator();
    assert_eq!(g1.to_bytes(), hex(G1_GENERATOR));
    assert_eq!(g1.mul(&scalar(54321)).to_bytes(), hex("821285b97f9c0420a2d37951edbda3d7c3ebac40c6f194faa0256f6e569eba49829cd69c27f1dd9df2dd83bac1f5aa49"));
    assert_eq!(g1.sub(&g1).to_bytes()[0], 0xc0);
    let g2 = G2::generator();
    assert_eq!(g2.to_bytes(), hex(G2_GENERATOR));
    assert_eq!(g2.mul(&scalar(54321)).to_bytes(), hex("827f4d489fcad0bf484adcc739dfe0dfbe5c0a999fd8aa022e1b66d199f328a5a2ff6ee1e568f09dc39df4c44f9527bc011cb2a633188bd08146f6a730de30f8e5cdcaa48d69e27dd945315f5a3950bc311be5a5ea9f3d4a4cdd4315ae65040a"));
    let gt = Gt::generator();
    assert_eq!(gt.to_bytes(), hex(GT_GENERATOR));
    assert_eq!(gt.mul(&scalar(54321)).to_bytes(), hex(GT_54321));
    let identity = gt.sub(&gt).to_bytes();
    assert_eq!(identity[47], 1);
    assert_eq!(identity.iter().map(|b| *b as u32).sum::<u32>(), 1);
    assert_eq!(g1.to_uncompressed().to_vec(), hex("17f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb08b3f481e3aaa0f1a09e30ed741d8ae4fcf5e095d5d00af600db18cb2c04b3edd03cc744a2888ae40caa232946c5e7e1"));
    assert_eq!(G1::sum(&[]).to_uncompressed()[0], 0x40);
}

#[test]
fn decoding_round_trips_and_validates() {
    let g = hex(G1_GENERATOR);
    assert_eq!(G1::from_bytes(&g).unwrap().to_bytes(), g);
    assert_eq!(
        G2::from_bytes(&hex(G2_GENERATOR)).unwrap().to_bytes(),
        hex(G2_GENERATOR)
    );
    assert_eq!(Gt::from_bytes(&hex(GT_GENERATOR)).unwrap(), Gt::generator());
    let g1 = G1::generator().mul(&scalar(7));
    assert_eq!(G1::from_uncompressed(&g1.to_uncompressed()).unwrap(), g1);
    // Lengths (Sui's too_short / too_long / empty tests).
    assert!(G1::from_bytes(&g[..47]).is_err());
    assert!(G1::from_bytes(&[g.clone(), vec![0]].concat()).is_err());
    assert!(G1::from_bytes(&[]).is_err());
    assert!(G2::from_bytes(&hex(G2_GENERATOR)[..95]).is_err());
    // The compressed flag is required; infinity must be exactly 0xc0 then zeros.
    let mut no_flag = g.clone();
    no_flag[0] &= 0x7f;
    assert!(G1::from_bytes(&no_flag).is_err());
    let mut dirty_infinity = vec![0xc0; 1];
    dirty_infinity.extend_from_slice(&[0u8; 46]);
    dirty_infinity.push(1);
    assert!(G1::from_bytes(&dirty_infinity).is_err());
    let mut infinity_with_sort = vec![0xe0];
    infinity_with_sort.extend_from_slice(&[0u8; 47]);
    assert!(G1::from_bytes(&infinity_with_sort).is_err());
    // x = p is not canonical.
    let mut x_is_p = hex("1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab");
    x_is_p[0] |= 0x80;
    assert!(G1::from_bytes(&x_is_p).is_err());
    // A point on the curve outside G1: x = 4 has y² = 68, a square (checked below).
    let mut x4 = vec![0x80];
    x4.extend_from_slice(&[0u8; 46]);
    x4.push(4);
    let trusted = G1::from_trusted_bytes(&x4);
    if trusted.is_ok() {
        assert!(matches!(
            G1::from_bytes(&x4),
            Err(CryptoError::NotInSubgroup(_))
        ));
    }
    // Scalars: r itself is not canonical, r - 1 is; trusted scalars reduce.
    let r = hex("73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001");
    assert!(Scalar::from_bytes(&r).is_err());
    assert!(Scalar::from_bytes(&hex(
        "73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000000"
    ))
    .is_ok());
    assert_eq!(Scalar::from_trusted_bytes(&r).unwrap(), scalar(0));
    assert!(Scalar::from_bytes(&r[..31]).is_err());
    // GT: zero and a non-group element are rejected.
    assert!(Gt::from_bytes(&[0u8; 576]).is_err());
    let mut two = vec![0u8; 576];
    two[47] = 2;
    assert!(matches!(
        Gt::from_bytes(&two),
        Err(CryptoError::NotInSubgroup(_))
    ));
}

#[test]
fn group_laws_and_division() {
    let g = G1::generator();
    let (three, five) = (scalar(3), scalar(5));
    assert_eq!(g.mul(&three).add(&g.mul(&five)), g.mul(&scalar(8)));
    assert_eq!(g.mul(&scalar(15)).div(&five).unwrap(), g.mul(&three));
    assert_eq!(g.div(&scalar(0)), Err(CryptoError::DivisionByZero));
    assert_eq!(scalar(15).div(&five).unwrap(), three);
    assert_eq!(three.div(&scalar(0)), Err(CryptoError::DivisionByZero));
    let gt = Gt::generator();
    assert_eq!(
        pairing(&g.mul(&three), &G2::generator().mul(&five)),
        gt.mul(&scalar(15))
    );
    assert_eq!(gt.mul(&scalar(15)).div(&five).unwrap(), gt.mul(&three));
    assert_eq!(gt.mul(&scalar(0)), gt.sub(&gt));
    assert_eq!(pairing(&g.sub(&g), &G2::generator()), gt.sub(&gt));
    let points = [g, g.mul(&three)];
    assert_eq!(
        G1::multi_scalar_mul(&[five, three], &points).unwrap(),
        g.mul(&scalar(14))
    );
    assert!(G1::multi_scalar_mul(&[], &[]).is_err());
    assert!(G1::multi_scalar_mul(&[five], &points).is_err());
    let h = G2::generator();
    assert_eq!(
        G2::multi_scalar_mul(&[five, scalar(0)], &[h, h]).unwrap(),
        h.mul(&five)
    );
}
