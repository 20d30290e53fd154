use super::*;
use crate::test_util::hex;
use curve25519_dalek::scalar::Scalar;

// From Sui's `rangeproofs_tests.move`: a 32-bit proof for one commitment under the empty tag,
// and one under the tag `sui-rangeproof-dst-v1`.
const SUI_PROOF: &str = "800cc916d5bf8335c8c19698271a275ff68c2c6b72c29cbaf1300679754668773ef47a57485ac66a2f1e106a88a051d854199af0db189f9172a5c6c059ed566030c003e902f3e159f6e8f3c5e41a7d18277c1653449b51ec6453aa560376ae1864e03a04902640e929611d8267fe36ab7b437610b4b30ed3003d12175d70855722733cefa6bb85fe8b6b07653c2659c9d54ea6bbb59f70ede385e292a5ad6c009040621235e9bdf91be1a0f231e058a3cb88a751f71d16a38feeec0996b776011a314d53752cccc970f08f46a7aeb36aad3fef6f2587e4b01a07d54740504b01a2c205511cb6832e131b7ee23114a62a2eaf3b4b385d2c5a9512b5f263b4d34e7e5fc6fc85b976b32516940bbe2fc3504b661e29a9f631c46973e708622c1253b6d64281ecdb438d7307e8954a8ade469f2398d599e22eba918f1cf24896e27ce6f285204b6795089ed7904a6c646bdc7a4c1a116570d25b086772e05208b83000f9cd8c13f875649a6e3ef4874a3b5b505d3ef3fa1a2295b97a0d74e3e30c207684afebbb8a433bfa59e1f6e804c5dc176fd0bcc28545e90143fd167b135601aef7ee42646616c4b98ca23df6366802d88f484f9d418f1dccd198ff7a70306402be209b35f11a6ed9e23dfc2ab86c301183cfbe5477f28d2ba47da53934ae4eca5b4e77cafae01c9723b8bde0012812f54280b290e6162bad2bd08b4bb8ff09e01401cec270c9f555f0fce2f40b132b85418f83a92ac7eba929d194c25af12d1acd8e0b88bcc5a8e6f01841a2b9ea486496ffa2365dd8cf6b9780a7292303027e797f9da8881b81f047a691e0cb88618398077e88f8664fd39bfb9355fc540b";
const SUI_COMM: &str = "3881417f033fc69b256df6c73d35ca3f06649d2de98970391e39e6139fd95c44";
const SUI_DST_PROOF: &str = "3c63f5d2134352fc588a289433ee897bc6bcb570c17207eb834e48ea00a6c003c0c662a4d04d0bf5935f47e4ab545cec1aeb9411836e2821ab2c9edb58ce1b61f635508e1dcd6034d23d0e269361b2d2d30d447c4de473629177fb5eab15b548d46096a4c4b832e176cd1ae17f6a0fa021fb3d4722a760faadef8a9607974633a5c2340116256c532e62f81e646fa3419d78882ab48793387158ea4973821d05eb5a433bf04843370831bd1853c4034cb2748e010464eba8d40353b4e042490a2ab62de8a8adf78bfc768972f8e529eb2e77055202ef79be15b9de06581daf049055d44918c08827e24f43c3d0ee6ef41e31981e82e6f6bed48f9a2804e309235adf24dd41616a87a8472796633a2105810c9c93dbf39688c23ecaa131cfc726daf3c0ac50df7e5bdc5ac74f67945c9310b5ef56e6a08166665bf7cb9e28b0010288b51cf63feed33d7873c5bd7d6bc7fa5b29b955932f8a292c4e17d9ef200c5c34a4f2eb73db70a6cbad9879b003086e898c63a9a8f52faae40cbbc4cccb3b586fd1970289429d11ed8ecc4d91f90137da6f5ad367d95d9ea11d662d6f547d0c54c958177b92311b7fc3b43de7d7588fa55674bc152f43953e8a8321e81b105423410b41a2b99d6ac75d476c5d9f462c1903380938df601bf1682ae6974623ca1ccbd86b9c74c0617986e2e48528d7aee8c4d3a410eb6823f9d8afa62f677ef8b28f171766f37608f79fc514aaf059eef1eb3900896a74480e7949649dfb6f299b60acaaa7637e919a3542814923634db98036fdd5cd2bc90f6ddad4b0080b50360c37da3327e57d53d63ef76533138248eae132106c75895125b6dbbe8d06";
const SUI_DST_COMM: &str = "283042a73a56c0b936b6bf83a5751dc60c8abece4e2eed11aa5105266f4b8d7a";
const SUI_DST: &[u8] = b"sui-rangeproof-dst-v1";

// From fastcrypto's `bulletproofs.rs` regression test: a 32-bit batch proof for eight
// commitments under the tag `test`.
const FC_PROOF: &str = "e27e1f3db57f05833973ec4b3e9def2b660ef256e42be0ca2747d47ff1ccdb30e65730ffed8175c640a8bfaa6d8840baa74130b439e9270dcbb0ce041801040a00d0d7dcdcd088f6bb63320ec2c1c2db4b5634ec7b477c2685a390a76658a679809d44e5a62481597a843a0d93953ebc9dc0b4640a02408111e7ad82da6c7460334eb71999b7758f27ea76f76b5335b21398574525e04b1d609eca69080f250cd573edf050ca9cb0d152d493037b2f46b0d2a8db005ec2bb13cfc67829fd220c989e3e3b4ba93bd798ff45892f69b279bc3311ed19ab396c8ce7a81d314ef10ef6b7ce7d0d323ae8e03c69e38bc3dfc88f4930d69adc8661e577f7bcd10c7b3d0c2dd337a9149a90ef961b0ac7f39b43a9658698036bb94ec2fa30de9058c16e20a6a88b60adf0af37e01f90a51bf3353256f4ec10d862b1870b58dd4f0cea255891878a36e54ebbfc126d271e54459abcd74b1b05512e43ae8cd8df88d96159ae6e0b0dda3e0da88c8aad392d264e34c9cc40464d3cb24f39a25373104ff03cb45050dc9d65d5909a07bbbee45e875d48aa3e1355d7356a97d7d8a37fa88355b0115b8eeda7e2dbae17c4259b9a75d93830e9934781275e771263313824bb4f8439f882fba97f4bb8f5159a22640181d155f8ca342055654325a6d6ae25460d4075e595f8eb1cde6afd95a0c1eec6edcfc60c666501bfbb38098faec118672f622a484e848e1fc523bf6b09f4f03324ae2bc66f9eeffa4d9fd86392c1602b4d1e3fafd9db0f5d263cfdc98f7d65ad4cd6d765e7c151d7cd528839f4d6b8bd481203e7e5c3fcfa114f86bd71240b8a4e7efa760f6691d2d23120957d258915379a2bf98c4bb3c011e704ebdeb463dd53bbd3e6ca01a1dc070e4064b73e4d690a76ced51e0b0562783409c8c8cdff0864f7636641481562aaeb1c2c962ecd2a5e3e2b376ee5f0b1bcad29f0e3cd292144455c63b708154bca4f80d337f06bfe5f520750afaf6d2fa78e400a6bbf1625e8b262ea24539237fd365b4dd1fdc9644b2752bf6e6c0aa3bdd8332ebf9f34c32176e4fea97a5a185dd267e11f6283e20dce2a83e4fc1e1e848d6e1b3174564aa3b5eb9c523f35f1274b54da5a2a6d7905";
const FC_COMMS: [&str; 8] = [
    "3864fd028e266349c38e76d2b3361e1a197084247dd9c7413c061bcbd2026634",
    "0e95477497ebd8390b70fde21813ad0f060d2b5fe8ee300f045d5dc4941fd431",
    "74a2b02427dd95fbe2e0fdc7c1fb046ad1bfec0cb7777581ccc2bc3fcb81462f",
    "d65e1514458c92150f02ef24d9524490f26bdbba9302e7e06056007576bf8e44",
    "a27f94f3d348cb67237a0e86beba42a20d6cd36b63ce7421e5a8fd2043f7727e",
    "00f28f68b3dad813674a578644391e4faa272a6d29522eb38e1773c72cfed145",
    "6afc2e4d5d9924b8359a25cefe49a04ea8b1cab5b03c17d535a69b4603350e52",
    "d0983791c005d212e98659c181e72f187680f2675b163dc817d8dc41d03b3c7c",
];

fn verify(proof: &str, bits: u8, comms: &[&str], dst: &[u8]) -> Result<bool, SuiRangeProofError> {
    let comms: Vec<Vec<u8>> = comms.iter().map(|c| hex(c)).collect();
    let refs: Vec<&[u8]> = comms.iter().map(Vec::as_slice).collect();
    verify_range_proof(&hex(proof), bits, &refs, dst)
}

/// A proof, made with the bulletproofs prover under fastcrypto's conventions, that each of
/// `values` is below `2^bits`, and the commitments.
fn prove(values: &[u64], bits: usize, dst: &[u8]) -> (Vec<u8>, Vec<Vec<u8>>) {
    let blindings: Vec<Scalar> = (1..=values.len() as u64)
        .map(|i| Scalar::from(i * 7919))
        .collect();
    let (proof, comms) = RangeProof::prove_multiple(
        generators(bits),
        pedersen_gens(),
        &mut transcript(dst),
        values,
        &blindings,
        bits,
    )
    .expect("values in range");
    let comms = comms.iter().map(|c| c.as_bytes().to_vec()).collect();
    (proof.to_bytes(), comms)
}

#[test]
fn suis_vectors_verify() {
    assert_eq!(verify(SUI_PROOF, 32, &[SUI_COMM], b""), Ok(true));
    assert_eq!(verify(SUI_PROOF, 16, &[SUI_COMM], b""), Ok(false));
    assert_eq!(verify(SUI_PROOF, 32, &[SUI_DST_COMM], b""), Ok(false));
    assert_eq!(
        verify(SUI_DST_PROOF, 32, &[SUI_DST_COMM], SUI_DST),
        Ok(true)
    );
    assert_eq!(verify(SUI_DST_PROOF, 32, &[SUI_DST_COMM], b""), Ok(false));
}

#[test]
fn fastcryptos_batch_vector_verifies() {
    assert_eq!(verify(FC_PROOF, 32, &FC_COMMS, b"test"), Ok(true));
    assert_eq!(verify(FC_PROOF, 32, &FC_COMMS, b"other"), Ok(false));
    let mut swapped = FC_COMMS;
    swapped.swap(0, 1);
    assert_eq!(verify(FC_PROOF, 32, &swapped, b"test"), Ok(false));
}

#[test]
fn proofs_made_under_fastcryptos_conventions_verify_at_the_largest_batches() {
    for (bits, count) in [(8usize, 64usize), (64, 8), (16, 1)] {
        let values: Vec<u64> = (0..count as u64).map(|i| i * 3).collect();
        let (proof, comms) = prove(&values, bits, b"tern");
        if bits * count == MAX_TOTAL_BITS as usize {
            assert_eq!(proof.len(), MAX_PROOF_BYTES);
        }
        let refs: Vec<&[u8]> = comms.iter().map(Vec::as_slice).collect();
        assert_eq!(
            verify_range_proof(&proof, bits as u8, &refs, b"tern"),
            Ok(true)
        );
        assert_eq!(
            verify_range_proof(&proof, bits as u8, &refs, b"tern2"),
            Ok(false)
        );
    }
}

#[test]
fn inputs_are_refused_in_suis_order() {
    use SuiRangeProofError::{BatchSize, Commitment, Proof, Range};
    let proof = hex(SUI_PROOF);
    let comm = hex(SUI_COMM);
    let too_long = [proof.clone(), vec![0; MAX_PROOF_BYTES]].concat();
    // A bad proof comes before a bad range, a bad range before a bad batch.
    assert_eq!(verify_range_proof(&too_long, 7, &[], b""), Err(Proof));
    assert_eq!(verify_range_proof(&proof[1..], 7, &[], b""), Err(Proof));
    assert_eq!(verify_range_proof(&[], 32, &[&comm], b""), Err(Proof));
    for bits in [0u8, 1, 7, 9, 24, 63, 128, 255] {
        assert_eq!(verify_range_proof(&proof, bits, &[], b""), Err(Range));
    }
    assert_eq!(verify_range_proof(&proof, 32, &[], b""), Err(BatchSize));
    let three: [&[u8]; 3] = [&comm, &comm, &comm];
    assert_eq!(verify_range_proof(&proof, 32, &three, b""), Err(BatchSize));
    let thirty_two = [comm.as_slice(); 32];
    assert_eq!(
        verify_range_proof(&proof, 32, &thirty_two, b""),
        Err(BatchSize)
    );
    assert_eq!(
        verify_range_proof(&proof, 32, &[&comm[1..]], b""),
        Err(Commitment)
    );
    assert_eq!(
        verify_range_proof(&proof, 32, &[&[0xff; 32]], b""),
        Err(Commitment)
    );
}
