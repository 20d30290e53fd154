//! The scenarios of Aptos's `bls12381_algebra.move` and `bn254_algebra.move` unit tests, run
//! on the store with their vectors ([`vectors`]), plus limits, gating and bad handles.

#[path = "vectors.rs"]
mod vectors;

use super::*;
use crate::test_util::hex;
use vectors::*;

fn bls(name: &str) -> Structure {
    Structure::from_name("bls12381_algebra", name).unwrap()
}
fn bn(name: &str) -> Structure {
    Structure::from_name("bn254_algebra", name).unwrap()
}
fn bls_f(name: &str) -> Format {
    Format::from_name("bls12381_algebra", name).unwrap()
}
fn bn_f(name: &str) -> Format {
    Format::from_name("bn254_algebra", name).unwrap()
}

fn de(store: &mut ElementStore, s: Structure, f: Format, h: &str) -> u64 {
    store.deserialize(s, f, &hex(h)).unwrap().unwrap()
}

#[test]
fn orders_are_the_vectors() {
    let store = ElementStore::default();
    for s in ["Fr", "G1", "G2", "Gt"] {
        assert_eq!(store.order(bls(s)).unwrap(), hex(BLS_R_SERIALIZED), "{s}");
        assert_eq!(store.order(bn(s)).unwrap(), hex(BN_R_SERIALIZED), "{s}");
    }
    assert_eq!(store.order(bls("Fq12")).unwrap(), hex(BLS_Q12_SERIALIZED));
    assert_eq!(store.order(bn("Fq")).unwrap(), hex(BN_Q_SERIALIZED));
    assert_eq!(store.order(bn("Fq12")).unwrap(), hex(BN_Q12_SERIALIZED));
}

/// The field vectors of one structure: format, 0, 1, 7 and −7.
struct FieldVectors {
    s: Structure,
    f: Format,
    zero: &'static str,
    one: &'static str,
    seven: &'static str,
    minus_seven: &'static str,
    seven_msb: Option<(Format, &'static str)>,
}

/// `test_fr`, `test_fq` and `test_fq12` of the Move sources.
fn field_scenario(v: FieldVectors) {
    let mut st = ElementStore::default();
    let (s, f) = (v.s, v.f);
    let zero = st.zero(s).unwrap();
    let one = st.one(s).unwrap();
    assert_eq!(st.serialize(s, f, zero).unwrap(), hex(v.zero));
    assert_eq!(st.serialize(s, f, one).unwrap(), hex(v.one));
    let seven = st.from_u64(s, 7).unwrap();
    let seven_2 = de(&mut st, s, f, v.seven);
    assert!(st.eq(s, seven, seven_2).unwrap());
    assert_eq!(st.serialize(s, f, seven).unwrap(), hex(v.seven));
    if let Some((msb, bytes)) = v.seven_msb {
        let seven_3 = de(&mut st, s, msb, bytes);
        assert!(st.eq(s, seven, seven_3).unwrap());
        assert_eq!(st.serialize(s, msb, seven).unwrap(), hex(bytes));
    }
    assert_eq!(st.deserialize(s, f, &[0xff, 0xff]).unwrap(), None);
    let minus_seven = st.neg(s, seven).unwrap();
    assert_eq!(st.serialize(s, f, minus_seven).unwrap(), hex(v.minus_seven));
    let nine = st.from_u64(s, 9).unwrap();
    let two = st.from_u64(s, 2).unwrap();
    let sum = st.add(s, minus_seven, nine).unwrap();
    assert!(st.eq(s, two, sum).unwrap());
    let diff = st.sub(s, two, minus_seven).unwrap();
    assert!(st.eq(s, nine, diff).unwrap());
    let sixty_three = st.from_u64(s, 63).unwrap();
    let product = st.mul(s, seven, nine).unwrap();
    assert!(st.eq(s, sixty_three, product).unwrap());
    let quotient = st.div(s, sixty_three, nine).unwrap().unwrap();
    assert!(st.eq(s, seven, quotient).unwrap());
    let zero_2 = st.from_u64(s, 0).unwrap();
    assert_eq!(st.div(s, sixty_three, zero_2).unwrap(), None);
    assert_eq!(st.inv(s, zero_2).unwrap(), None);
    let inv_seven = st.inv(s, seven).unwrap().unwrap();
    let unit = st.mul(s, seven, inv_seven).unwrap();
    assert!(st.eq(s, one, unit).unwrap());
    let squared = st.sqr(s, seven).unwrap();
    let forty_nine = st.from_u64(s, 49).unwrap();
    assert!(st.eq(s, squared, forty_nine).unwrap());
    // No point operations on a field.
    assert_eq!(st.double(s, seven), Err(AlgebraError::NotImplemented));
}

#[test]
fn bls12381_fields_behave_as_the_move_tests_say() {
    field_scenario(FieldVectors {
        s: bls("Fr"),
        f: bls_f("FormatFrLsb"),
        zero: BLS_FR_VAL_0_SERIALIZED_LSB,
        one: BLS_FR_VAL_1_SERIALIZED_LSB,
        seven: BLS_FR_VAL_7_SERIALIZED_LSB,
        minus_seven: BLS_FR_VAL_7_NEG_SERIALIZED_LSB,
        seven_msb: Some((bls_f("FormatFrMsb"), BLS_FR_VAL_7_SERIALIZED_MSB)),
    });
    field_scenario(FieldVectors {
        s: bls("Fq12"),
        f: bls_f("FormatFq12LscLsb"),
        zero: BLS_FQ12_VAL_0_SERIALIZED,
        one: BLS_FQ12_VAL_1_SERIALIZED,
        seven: BLS_FQ12_VAL_7_SERIALIZED,
        minus_seven: BLS_FQ12_VAL_7_NEG_SERIALIZED,
        seven_msb: None,
    });
}

#[test]
fn bn254_fields_behave_as_the_move_tests_say() {
    field_scenario(FieldVectors {
        s: bn("Fr"),
        f: bn_f("FormatFrLsb"),
        zero: BN_FR_VAL_0_SERIALIZED_LSB,
        one: BN_FR_VAL_1_SERIALIZED_LSB,
        seven: BN_FR_VAL_7_SERIALIZED_LSB,
        minus_seven: BN_FR_VAL_7_NEG_SERIALIZED_LSB,
        seven_msb: Some((bn_f("FormatFrMsb"), BN_FR_VAL_7_SERIALIZED_MSB)),
    });
    field_scenario(FieldVectors {
        s: bn("Fq"),
        f: bn_f("FormatFqLsb"),
        zero: BN_FQ_VAL_0_SERIALIZED_LSB,
        one: BN_FQ_VAL_1_SERIALIZED_LSB,
        seven: BN_FQ_VAL_7_SERIALIZED_LSB,
        minus_seven: BN_FQ_VAL_7_NEG_SERIALIZED_LSB,
        seven_msb: Some((bn_f("FormatFqMsb"), BN_FQ_VAL_7_SERIALIZED_MSB)),
    });
    field_scenario(FieldVectors {
        s: bn("Fq12"),
        f: bn_f("FormatFq12LscLsb"),
        zero: BN_FQ12_VAL_0_SERIALIZED,
        one: BN_FQ12_VAL_1_SERIALIZED,
        seven: BN_FQ12_VAL_7_SERIALIZED,
        minus_seven: BN_FQ12_VAL_7_NEG_SERIALIZED,
        seven_msb: None,
    });
}

/// The point vectors of one group and format: ∞, the generator, 7·G and −7·G.
struct GroupVectors {
    g: Structure,
    fr: Structure,
    f: Format,
    inf: &'static str,
    generator: &'static str,
    seven: &'static str,
    minus_seven: &'static str,
}

/// `test_g1affine`, `test_g2affine` and `test_gt` of the Move sources, for one format.
fn group_scenario(v: GroupVectors) {
    let mut st = ElementStore::default();
    let (g, f) = (v.g, v.f);
    let inf = st.zero(g).unwrap();
    let generator = st.one(g).unwrap();
    assert_eq!(st.serialize(g, f, generator).unwrap(), hex(v.generator));
    assert_eq!(st.serialize(g, f, inf).unwrap(), hex(v.inf));
    let generator_2 = de(&mut st, g, f, v.generator);
    assert!(st.eq(g, generator, generator_2).unwrap());
    let inf_2 = de(&mut st, g, f, v.inf);
    assert!(st.eq(g, inf, inf_2).unwrap());
    let seven_g = de(&mut st, g, f, v.seven);
    let seven = st.from_u64(v.fr, 7).unwrap();
    let seven_g_2 = st.scalar_mul(g, v.fr, generator, seven).unwrap();
    assert!(st.eq(g, seven_g, seven_g_2).unwrap());
    assert_eq!(st.serialize(g, f, seven_g_2).unwrap(), hex(v.seven));
    let two = st.from_u64(v.fr, 2).unwrap();
    let two_g = st.scalar_mul(g, v.fr, generator, two).unwrap();
    let doubled = st.double(g, generator).unwrap();
    assert!(st.eq(g, two_g, doubled).unwrap());
    let minus_seven_g = st.neg(g, seven_g_2).unwrap();
    assert_eq!(
        st.serialize(g, f, minus_seven_g).unwrap(),
        hex(v.minus_seven)
    );
    let nine = st.from_u64(v.fr, 9).unwrap();
    let nine_g = st.scalar_mul(g, v.fr, generator, nine).unwrap();
    let sum = st.add(g, minus_seven_g, nine_g).unwrap();
    assert!(st.eq(g, two_g, sum).unwrap());
    let diff = st.sub(g, two_g, minus_seven_g).unwrap();
    assert!(st.eq(g, nine_g, diff).unwrap());
    // No field operations on a group.
    assert_eq!(st.mul(g, two_g, two_g), Err(AlgebraError::NotImplemented));
    assert_eq!(st.from_u64(g, 1), Err(AlgebraError::NotImplemented));
}

#[test]
fn bls12381_groups_behave_as_the_move_tests_say() {
    let fr = bls("Fr");
    for (g, f, inf, generator, seven, minus_seven) in [
        (
            "G1",
            "FormatG1Uncompr",
            BLS_G1_INF_SERIALIZED_UNCOMP,
            BLS_G1_GENERATOR_SERIALIZED_UNCOMP,
            BLS_G1_GENERATOR_MUL_BY_7_SERIALIZED_UNCOMP,
            BLS_G1_GENERATOR_MUL_BY_7_NEG_SERIALIZED_UNCOMP,
        ),
        (
            "G1",
            "FormatG1Compr",
            BLS_G1_INF_SERIALIZED_COMP,
            BLS_G1_GENERATOR_SERIALIZED_COMP,
            BLS_G1_GENERATOR_MUL_BY_7_SERIALIZED_COMP,
            BLS_G1_GENERATOR_MUL_BY_7_NEG_SERIALIZED_COMP,
        ),
        (
            "G2",
            "FormatG2Uncompr",
            BLS_G2_INF_SERIALIZED_UNCOMP,
            BLS_G2_GENERATOR_SERIALIZED_UNCOMP,
            BLS_G2_GENERATOR_MUL_BY_7_SERIALIZED_UNCOMP,
            BLS_G2_GENERATOR_MUL_BY_7_NEG_SERIALIZED_UNCOMP,
        ),
        (
            "G2",
            "FormatG2Compr",
            BLS_G2_INF_SERIALIZED_COMP,
            BLS_G2_GENERATOR_SERIALIZED_COMP,
            BLS_G2_GENERATOR_MUL_BY_7_SERIALIZED_COMP,
            BLS_G2_GENERATOR_MUL_BY_7_NEG_SERIALIZED_COMP,
        ),
        (
            "Gt",
            "FormatGt",
            BLS_FQ12_ONE_SERIALIZED,
            BLS_GT_GENERATOR_SERIALIZED,
            BLS_GT_GENERATOR_MUL_BY_7_SERIALIZED,
            BLS_GT_GENERATOR_MUL_BY_7_NEG_SERIALIZED,
        ),
    ] {
        group_scenario(GroupVectors {
            g: bls(g),
            fr,
            f: bls_f(f),
            inf,
            generator,
            seven,
            minus_seven,
        });
    }
}

#[test]
fn bn254_groups_behave_as_the_move_tests_say() {
    let fr = bn("Fr");
    for (g, f, inf, generator, seven, minus_seven) in [
        (
            "G1",
            "FormatG1Uncompr",
            BN_G1_INF_SERIALIZED_UNCOMP,
            BN_G1_GENERATOR_SERIALIZED_UNCOMP,
            BN_G1_GENERATOR_MUL_BY_7_SERIALIZED_UNCOMP,
            BN_G1_GENERATOR_MUL_BY_7_NEG_SERIALIZED_UNCOMP,
        ),
        (
            "G1",
            "FormatG1Compr",
            BN_G1_INF_SERIALIZED_COMP,
            BN_G1_GENERATOR_SERIALIZED_COMP,
            BN_G1_GENERATOR_MUL_BY_7_SERIALIZED_COMP,
            BN_G1_GENERATOR_MUL_BY_7_NEG_SERIALIZED_COMP,
        ),
        (
            "G2",
            "FormatG2Uncompr",
            BN_G2_INF_SERIALIZED_UNCOMP,
            BN_G2_GENERATOR_SERIALIZED_UNCOMP,
            BN_G2_GENERATOR_MUL_BY_7_SERIALIZED_UNCOMP,
            BN_G2_GENERATOR_MUL_BY_7_NEG_SERIALIZED_UNCOMP,
        ),
        (
            "G2",
            "FormatG2Compr",
            BN_G2_INF_SERIALIZED_COMP,
            BN_G2_GENERATOR_SERIALIZED_COMP,
            BN_G2_GENERATOR_MUL_BY_7_SERIALIZED_COMP,
            BN_G2_GENERATOR_MUL_BY_7_NEG_SERIALIZED_COMP,
        ),
        (
            "Gt",
            "FormatGt",
            BN_FQ12_ONE_SERIALIZED,
            BN_GT_GENERATOR_SERIALIZED,
            BN_GT_GENERATOR_MUL_BY_7_SERIALIZED,
            BN_GT_GENERATOR_MUL_BY_7_NEG_SERIALIZED,
        ),
    ] {
        group_scenario(GroupVectors {
            g: bn(g),
            fr,
            f: bn_f(f),
            inf,
            generator,
            seven,
            minus_seven,
        });
    }
}

#[test]
fn every_literal_deserialization_of_the_move_tests_answers_as_there() {
    for (rows, structure, format) in [
        (
            BLS_DESERIALIZE,
            bls as fn(&str) -> Structure,
            bls_f as fn(&str) -> Format,
        ),
        (BN_DESERIALIZE, bn, bn_f),
    ] {
        assert!(rows.len() >= 30);
        for (s, f, bytes, accepted) in rows {
            let mut st = ElementStore::default();
            let out = st
                .deserialize(structure(s), format(f), &hex(bytes))
                .unwrap();
            assert_eq!(out.is_some(), *accepted, "{s} {f} {bytes}");
        }
    }
}

#[test]
fn hash_to_curve_matches_rfc_9380_vectors() {
    assert_eq!(BLS_HASH_TO.len(), 4);
    for (s, suite, dst, msg, f, expected) in BLS_HASH_TO {
        let mut st = ElementStore::default();
        let suite = HashSuite::from_name("bls12381_algebra", suite).unwrap();
        let h = st.hash_to(bls(s), suite, dst, msg).unwrap();
        assert_eq!(st.serialize(bls(s), bls_f(f), h).unwrap(), hex(expected));
    }
    let mut st = ElementStore::default();
    let g1 = HashSuite::Bls12381G1XmdSha256SswuRo;
    assert_eq!(
        st.hash_to(bls("G2"), g1, b"", b""),
        Err(AlgebraError::NotImplemented)
    );
    // DSTs longer than 255 bytes are hashed first (RFC 9380 5.3.3), not rejected.
    assert!(st.hash_to(bls("G1"), g1, &[7; 300], b"m").is_ok());
}

#[test]
fn casts_between_fq12_and_gt() {
    for (fq12, gt, fmt) in [
        (bls("Fq12"), bls("Gt"), bls_f("FormatFq12LscLsb")),
        (bn("Fq12"), bn("Gt"), bn_f("FormatFq12LscLsb")),
    ] {
        let mut st = ElementStore::default();
        let one = st.one(fq12).unwrap();
        let seven = st.from_u64(fq12, 7).unwrap();
        assert_eq!(st.downcast(fq12, gt, one).unwrap(), (true, one));
        assert_eq!(st.downcast(fq12, gt, seven).unwrap(), (false, seven));
        let identity = st.zero(gt).unwrap();
        assert!(st.eq(gt, identity, one).unwrap());
        assert_eq!(st.upcast(gt, fq12, identity).unwrap(), identity);
        // Upcasting looks at no element.
        assert_eq!(st.upcast(gt, fq12, 999).unwrap(), 999);
        assert_eq!(st.upcast(fq12, gt, one), Err(AlgebraError::NotImplemented));
        assert_eq!(
            st.downcast(gt, fq12, one),
            Err(AlgebraError::NotImplemented)
        );
        assert_eq!(
            st.serialize(gt, fmt, one),
            Err(AlgebraError::NotImplemented)
        );
    }
}

/// `multi_scalar_mul` against a sum of `scalar_mul`s, and both pairing laws.
fn msm_and_pairings(g1: Structure, g2: Structure, gt: Structure, fr: Structure) {
    let mut st = ElementStore::default();
    let (p, q) = (st.one(g1).unwrap(), st.one(g2).unwrap());
    for g in [g1, g2] {
        let base = st.one(g).unwrap();
        let mut elements = Vec::new();
        let mut scalars = Vec::new();
        let mut expected = st.zero(g).unwrap();
        for i in 1..6u64 {
            let k = st.from_u64(fr, 1000 + i).unwrap();
            let x = st.from_u64(fr, i * i + 3).unwrap();
            let e = st.scalar_mul(g, fr, base, x).unwrap();
            let term = st.scalar_mul(g, fr, e, k).unwrap();
            expected = st.add(g, expected, term).unwrap();
            elements.push(e);
            scalars.push(k);
        }
        let actual = st.multi_scalar_mul(g, fr, &elements, &scalars).unwrap();
        assert!(st.eq(g, expected, actual).unwrap());
        let empty = st.multi_scalar_mul(g, fr, &[], &[]).unwrap();
        let zero = st.zero(g).unwrap();
        assert!(st.eq(g, empty, zero).unwrap());
        assert_eq!(
            st.multi_scalar_mul(g, fr, &elements[..1], &scalars),
            Err(AlgebraError::SizesNotMatching(1, 5))
        );
    }
    let (a, b) = (st.from_u64(fr, 11).unwrap(), st.from_u64(fr, 13).unwrap());
    let ap = st.scalar_mul(g1, fr, p, a).unwrap();
    let bq = st.scalar_mul(g2, fr, q, b).unwrap();
    let left = st.pairing(g1, g2, gt, ap, bq).unwrap();
    let ab = st.mul(fr, a, b).unwrap();
    let e = st.pairing(g1, g2, gt, p, q).unwrap();
    let right = st.scalar_mul(gt, fr, e, ab).unwrap();
    assert!(st.eq(gt, left, right).unwrap());
    let generator = st.one(gt).unwrap();
    assert!(st.eq(gt, e, generator).unwrap());
    let product = st.add(gt, left, e).unwrap();
    let multi = st.multi_pairing(g1, g2, gt, &[ap, p], &[bq, q]).unwrap();
    assert!(st.eq(gt, product, multi).unwrap());
    assert_eq!(
        st.multi_pairing(g1, g2, gt, &[p], &[q, q]),
        Err(AlgebraError::SizesNotMatching(1, 2))
    );
    assert_eq!(
        st.pairing(g2, g1, gt, q, p),
        Err(AlgebraError::NotImplemented)
    );
}

#[test]
fn bls12381_msm_and_pairings() {
    msm_and_pairings(bls("G1"), bls("G2"), bls("Gt"), bls("Fr"));
}

#[test]
fn bn254_msm_and_pairings() {
    msm_and_pairings(bn("G1"), bn("G2"), bn("Gt"), bn("Fr"));
}

#[test]
fn elements_are_charged_the_size_aptos_charges() {
    let mut st = ElementStore::default();
    let sizes = [
        (bls("Fr"), 32),
        (bls("Fq12"), 576),
        (bls("G1"), 144),
        (bls("G2"), 288),
        (bls("Gt"), 576),
        (bn("Fr"), 32),
        (bn("Fq"), 32),
        (bn("Fq12"), 384),
        (bn("G1"), 96),
        (bn("G2"), 192),
        (bn("Gt"), 384),
    ];
    for (s, size) in sizes {
        let before = st.bytes_used();
        st.zero(s).unwrap();
        assert_eq!(st.bytes_used() - before, size, "{s:?}");
    }
}

#[test]
fn the_session_runs_out_at_the_element_aptos_runs_out_at() {
    // `test_memory_limit` and `test_memory_limit_exceeded_with_g1`: 1 MiB / 144 G1 points fit.
    let mut st = ElementStore::default();
    let fit = MEMORY_LIMIT_IN_BYTES / 144;
    for i in 0..fit {
        assert_eq!(st.zero(bls("G1")).unwrap(), i as u64);
    }
    let err = st.zero(bls("G1")).unwrap_err();
    assert!(matches!(err, AlgebraError::TooMuchMemoryUsed { .. }));
    assert_eq!(err.abort_code(), Some(E_TOO_MUCH_MEMORY_USED));
    assert_eq!(st.len(), fit);
    // A smaller element still fits in what is left.
    assert!(st.zero(bls("Fr")).is_ok());
}

#[test]
fn switched_off_families_and_unsupported_combinations_are_not_implemented() {
    let mut st = ElementStore::new(EnabledStructures {
        bls12_381: true,
        bn254: false,
    });
    assert!(st.zero(bls("Fr")).is_ok());
    let err = st.zero(bn("Fr")).unwrap_err();
    assert_eq!(err.abort_code(), Some(E_NOT_IMPLEMENTED));
    assert_eq!(st.order(bn("G1")), Err(AlgebraError::NotImplemented));
    assert_eq!(
        st.deserialize(bn("Fr"), bn_f("FormatFrLsb"), &[0; 32]),
        Err(AlgebraError::NotImplemented)
    );
    let mut st = ElementStore::default();
    let g = st.one(bls("G1")).unwrap();
    let k = st.one(bn("Fr")).unwrap();
    assert_eq!(
        st.scalar_mul(bls("G1"), bn("Fr"), g, k),
        Err(AlgebraError::NotImplemented)
    );
    assert_eq!(
        st.serialize(bls("G1"), bn_f("FormatG1Compr"), g),
        Err(AlgebraError::NotImplemented)
    );
    assert_eq!(
        st.multi_scalar_mul(bls("Gt"), bls("Fr"), &[], &[]),
        Err(AlgebraError::NotImplemented)
    );
    // Unsupported before any handle is looked at.
    assert_eq!(st.div(bls("G1"), 77, 78), Err(AlgebraError::NotImplemented));
}

#[test]
fn bad_handles_are_invariant_violations() {
    let mut st = ElementStore::default();
    let fr = st.one(bls("Fr")).unwrap();
    for err in [
        st.add(bls("G1"), fr, fr).unwrap_err(),
        st.neg(bls("Fr"), 5).unwrap_err(),
        st.serialize(bls("Fr"), bls_f("FormatFrLsb"), u64::MAX)
            .unwrap_err(),
        st.eq(bn("Fr"), fr, fr).unwrap_err(),
    ] {
        assert!(matches!(err, AlgebraError::Invariant(_)), "{err}");
        assert_eq!(err.abort_code(), None);
    }
}

#[test]
fn unknown_names_are_no_structure() {
    assert_eq!(Structure::from_name("bls12381_algebra", "Fq"), None);
    assert_eq!(Structure::from_name("bn254_algebra", "FormatFrLsb"), None);
    assert_eq!(Format::from_name("bls12381_algebra", "Fr"), None);
    assert_eq!(
        HashSuite::from_name("bn254_algebra", "HashG1XmdSha256SswuRo"),
        None
    );
}
