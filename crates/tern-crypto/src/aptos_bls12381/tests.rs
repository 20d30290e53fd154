use super::*;
use crate::test_util::hex;
use blst::min_pk::SecretKey;

// Vectors from `aptos-stdlib`'s `bls12381.move` tests.
const RANDOM_SIGNATURE: &str = "a01a65854f987d3434149b7f08f70730e30b241984e8712bc2aca885d632aafced4c3f661209debb6b1c8601326623cc16ca2f6c9edc53b7b88b7435fb6b05ddece418d2c34dc6aca2f5a11a79e67774582c14084a01dcb7820e4cb4bad0ea8d";
const RANDOM_PK: &str = "8a53e7ae5270e3e765cd8a4032c2e77c6f7e87a44ebb85bf28a4d7865565698f975346714262f9e47c6f3e0d5d951660";

const PKS: [&str; 5] = [
    "92e201a806af246f805f460fbdc6fc90dd16a18d6accc236e85d3578671d6f6690dde22134d19596c58ce9d63252410a",
    "ab9df801c6f96ade1c0490c938c87d5bcc2e52ccb8768e1b5d14197c5e8bfa562783b96711b702dda411a1a9f08ebbfa",
    "b698c932cf7097d99c17bd6e9c9dc4eeba84278c621700a8f80ec726b1daa11e3ab55fc045b4dbadefbeef05c4182494",
    "934706a8b876d47a996d427e1526ce52c952d5ec0858d49cd262efb785b62b1972d06270b0a7adda1addc98433ad1843",
    "a4cd352daad3a0651c1998dfbaa7a748e08d248a54347544bfedd51a197e016bb6008e9b8e45a744e1a030cc3b27d2da",
];
/// `AGG_PKS[i]` is the sum of `PKS[..=i]`.
const AGG_PKS: [&str; 5] = [
    "92e201a806af246f805f460fbdc6fc90dd16a18d6accc236e85d3578671d6f6690dde22134d19596c58ce9d63252410a",
    "b79ad47abb441d7eda9b220a626df2e4e4910738c5f777947f0213398ecafae044ec0c20d552d1348347e9abfcf3eca1",
    "b5f5eb6153ab5388a1a76343d714e4a2dcf224c5d0722d1e8e90c6bcead05c573fffe986460bd4000645a655bf52bc60",
    "b922006ec14c183572a8864c31dc6632dccffa9f9c86411796f8b1b5a93a2457762c8e2f5ef0a2303506c4bca9a4e0bf",
    "b53df1cfee2168f59e5792e710bf22928dc0553e6531dae5c7656c0a66fc12cb82fbb04863938c953dc901a5a79cc0f3",
];
/// `MULTISIGS[i]` signs "Hello, Aptoverse!" under `AGG_PKS[i]`.
const MULTISIGS: [&str; 4] = [
    "ade45c67bff09ae57e0575feb0be870f2d351ce078e8033d847615099366da1299c69497027b77badb226ff1708543cd062597030c3f1553e0aef6c17e7af5dd0de63c1e4f1f9da68c966ea6c1dcade2cdc646bd5e8bcd4773931021ec5be3fd",
    "964af3d83436f6a9a382f34590c0c14e4454dc1de536af205319ce1ed417b87a2374863d5df7b7d5ed900cf91dffa7a105d3f308831d698c0d74fb2259d4813434fb86425db0ded664ae8f85d02ec1d31734910317d4155cbf69017735900d4d",
    "b523a31813e771e55aa0fc99a48db716ecc1085f9899ccadb64e759ecb481a2fb1cdcc0b266f036695f941361de773081729311f6a1bca9d47393f5359c8c87dc34a91f5dae335590aacbff974076ad1f910dd81750553a72ccbcad3c8cc0f07",
    "a945f61699df58617d37530a85e67bd1181349678b89293951ed29d1fb7588b5c12ebb7917dfc9d674f3f4fde4d062740b85a5f4927f5a4f0091e46e1ac6e41bbd650a74dd49e91445339d741e3b10bdeb9bc8bba46833e0011ff91fa5c77bd2",
];
const SIGS: [&str; 5] = [
    "a55ac2d64b4c1d141b15d876d3e54ad1eea07ee488e8287cce7cdf3eec551458ab5795ab196f8c112590346f7bc7c97e0053cd5be0f9bd74b93a87cd44458e98d125d6d5c6950ea5e62666beb34422ead79121f8cb0815dae41a986688d03eaf",
    "90a639a44491191c46379a843266c293de3a46197714ead2ad3886233dd5c2b608b6437fa32fbf9d218b20f1cbfa7970182663beb9c148e2e9412b148e16abf283ffa51b8a536c0e55d61b2e5c849edc49f636c0ef07cb99f125cbcf602e22bb",
    "9527d81aa15863ef3a3bf96bea6d58157d5063a93a6d0eb9d8b4f4bbda3b31142ec4586cb519da2cd7600941283d1bad061b5439703fd584295b44037a969876962ae1897dcc7cadf909d06faae213c4fef8e015dfb33ec109af02ab0c3f6833",
    "a54d264f5cab9654b1744232c4650c42b29adf2b19bd00bbdaf4a4d792ee4dfd40a1fe1b067f298bcfd8ae4fdc8250660a2848bd4a80d96585afccec5c6cfa617033dd7913c9acfdf98a72467e8a5155d4cad589a72d6665be7cb410aebc0068",
    "8d22876bdf73e6ad36ed98546018f6258cd47e45904b87c071e774a6ef4b07cac323258cb920b2fe2b07cca1f2b24bcb0a3194ec76f32edb92391ed2c39e1ada8919f8ea755c5e39873d33ff3a8f4fba21b1261c1ddb9d1688c2b40b77e355d1",
];
/// `AGG_SIGS[i]` is the sum of `SIGS[..=i]`.
const AGG_SIGS: [&str; 5] = [
    "a55ac2d64b4c1d141b15d876d3e54ad1eea07ee488e8287cce7cdf3eec551458ab5795ab196f8c112590346f7bc7c97e0053cd5be0f9bd74b93a87cd44458e98d125d6d5c6950ea5e62666beb34422ead79121f8cb0815dae41a986688d03eaf",
    "8f1949a06b95c3cb62898d861f889350c0d2cb740da513bfa195aa0ab8fa006ea2efe004a7bbbd9bb363637a279aed20132efd0846f520e7ee0e8ed847a1c6969bb986ad2239bcc9af561b6c2aa6d3016e1c722146471f1e28313de189fe7ebc",
    "ab5ad42bb8f350f8a6b4ae897946a05dbe8f2b22db4f6c37eff6ff737aebd6c5d75bd1abdfc99345ac8ec38b9a449700026f98647752e1c99f69bb132340f063b8a989728e0a3d82a753740bf63e5d8f51e413ebd9a36f6acbe1407a00c4b3e7",
    "ae307a0d055d3ba55ad6ec7094adef27ed821bdcf735fb509ab2c20b80952732394bc67ea1fd8c26ea963540df7448f8102509f7b8c694e4d75f30a43c455f251b6b3fd8b580b9228ffeeb9039834927aacefccd3069bef4b847180d036971cf",
    "8284e4e3983f29cb45020c3e2d89066df2eae533a01cb6ca2c4d466b5e02dd22467f59640aa120db2b9cc49e931415c3097e3d54ff977fd9067b5bc6cfa1c885d9d8821aef20c028999a1d97e783ae049d8fa3d0bbac36ce4ca8e10e551d3461",
];

#[test]
fn aptos_normal_signature_verifies() {
    let (sig, pk) = (hex(RANDOM_SIGNATURE), hex(RANDOM_PK));
    assert!(validate_pubkey(&pk));
    assert!(signature_subgroup_check(&sig));
    assert!(verify_signature(&sig, &pk, b"Hello Aptos!", true));
    assert!(!verify_signature(&sig, &pk, b"Hello Aptos?", true));
    assert!(verify_signature(&sig, &pk, b"Hello Aptos!", false));
}

#[test]
fn aptos_small_order_keys_fail_validation() {
    assert!(!validate_pubkey(&hex("ae3cd9403b69c20a0d455fd860e977fe6ee7140a7f091f26c860f2caccd3e0a7a7365798ac10df776675b3a67db8faa0")));
    assert!(!validate_pubkey(&hex("928d4862a40439a67fd76a9c7560e2ff159e770dcf688ff7b2dd165792541c88ee76c82eb77dd6e9e72c89cbf1a56a68")));
    assert!(validate_pubkey(&hex("b3e4921277221e01ed71284be5e3045292b26c7f465a6fcdba53ee47edd39ec5160da3b229a73c75671024dcb36de091")));
    // The identity (compressed, infinity flag) deserializes but is not a valid key.
    let mut infinity = [0u8; 48];
    infinity[0] = 0xc0;
    assert!(!validate_pubkey(&infinity));
}

#[test]
fn aptos_aggregation_vectors() {
    let pks: Vec<Vec<u8>> = PKS.iter().map(|p| hex(p)).collect();
    let sigs: Vec<Vec<u8>> = SIGS.iter().map(|s| hex(s)).collect();
    for i in 0..PKS.len() {
        let keys: Vec<&[u8]> = pks[..=i].iter().map(Vec::as_slice).collect();
        assert_eq!(aggregate_pubkeys(&keys).unwrap().to_vec(), hex(AGG_PKS[i]));
        let parts: Vec<&[u8]> = sigs[..=i].iter().map(Vec::as_slice).collect();
        assert_eq!(
            aggregate_signatures(&parts).unwrap().to_vec(),
            hex(AGG_SIGS[i])
        );
    }
    assert_eq!(aggregate_pubkeys(&[]), None);
    assert_eq!(aggregate_signatures(&[]), None);
    assert_eq!(aggregate_pubkeys(&[&pks[0], &[1, 2, 3]]), None);
}

#[test]
fn aptos_multisignatures_verify() {
    for (agg, sig) in AGG_PKS.iter().zip(MULTISIGS) {
        assert!(verify_signature(
            &hex(sig),
            &hex(agg),
            b"Hello, Aptoverse!",
            false
        ));
        assert!(!verify_signature(
            &hex(sig),
            &hex(agg),
            b"Hello, Aptoverse?",
            false
        ));
    }
}

fn keypair(seed: u8) -> (SecretKey, Vec<u8>) {
    let sk = SecretKey::key_gen(&[seed; 32], &[]).unwrap();
    let pk = sk.sk_to_pk().to_bytes().to_vec();
    (sk, pk)
}

#[test]
fn proofs_of_possession_verify() {
    let (sk, pk) = keypair(7);
    let pop = sk.sign(&pk, DST_POP, &[]).to_bytes();
    assert!(verify_proof_of_possession(&pk, &pop));
    // A signature of the key's bytes under the message tag is not a proof of possession.
    let wrong = sk.sign(&pk, DST_SIG, &[]).to_bytes();
    assert!(!verify_proof_of_possession(&pk, &wrong));
    let (_, other) = keypair(8);
    assert!(!verify_proof_of_possession(&other, &pop));
}

#[test]
fn aggregate_signatures_on_distinct_messages_verify() {
    let messages: [&[u8]; 3] = [b"one", b"two", b"one"];
    let pairs: Vec<_> = (1..=3).map(keypair).collect();
    let sigs: Vec<Vec<u8>> = pairs
        .iter()
        .zip(messages)
        .map(|((sk, _), m)| sk.sign(m, DST_SIG, &[]).to_bytes().to_vec())
        .collect();
    let parts: Vec<&[u8]> = sigs.iter().map(Vec::as_slice).collect();
    let agg = aggregate_signatures(&parts).unwrap();
    let keys: Vec<&[u8]> = pairs.iter().map(|(_, pk)| pk.as_slice()).collect();
    assert!(verify_aggregate_signature(&agg, &keys, &messages));
    assert!(!verify_aggregate_signature(&agg, &keys, &messages[..2]));
    assert!(!verify_aggregate_signature(
        &agg,
        &keys[..2],
        &messages[..2]
    ));
    assert!(!verify_aggregate_signature(&agg, &[], &[]));
}

#[test]
fn garbage_never_panics() {
    for len in [0usize, 1, 47, 48, 49, 95, 96, 97, 192] {
        for fill in [0u8, 0x40, 0x80, 0xa0, 0xc0, 0xe0, 0xff] {
            let b = vec![fill; len];
            let _ = validate_pubkey(&b);
            let _ = signature_subgroup_check(&b);
            let _ = aggregate_pubkeys(&[&b, &b]);
            let _ = aggregate_signatures(&[&b, &b]);
            let _ = verify_signature(&b, &b, &b, true);
            let _ = verify_signature(&b, &b, &b, false);
            let _ = verify_proof_of_possession(&b, &b);
            let _ = verify_aggregate_signature(&b, &[&b], &[&b]);
        }
    }
}
