//! The gas parameters of Sui's crypto natives at protocol version 130 (Sui's
//! `sui-protocol-config`, the latest version; values in Sui's internal gas units, charged
//! as they are with [`NativeContext::charge`](tern_vm::natives::NativeContext::charge)).
//!
//! | native | base | per byte | per block (block size) | other |
//! |---|---|---|---|---|
//! | `hash::blake2b256` | 10 | 2 | 2 (128) | |
//! | `hash::keccak256` | 10 | 2 | 2 (136) | |
//! | `hmac::hmac_sha3_256` | 52 | 2 (key + msg) | 2 (136, blocks `(len + 270) / 136`) | |
//! | `ed25519::ed25519_verify` | 1802 | 2 (msg) | 2 (128) | |
//! | `ecdsa_k1::secp256k1_ecrecover` | 500 | 2 (msg) | 2 (136 keccak, 64 sha256) | |
//! | `ecdsa_k1::decompress_pubkey` | 52 | | | |
//! | `ecdsa_k1::secp256k1_verify` | 1470 | 2 (msg) | 2 (136 keccak, 64 sha256) | |
//! | `ecdsa_r1::secp256r1_ecrecover` | 1173 | 2 (msg) | 2 (136 keccak, 64 sha256) | |
//! | `ecdsa_r1::secp256r1_verify` | 4225 | 2 (msg) | 2 (136 keccak, 64 sha256) | |
//! | `bls12381::bls12381_min_sig_verify` | 44064 | 2 (msg) | 2 (64) | |
//! | `bls12381::bls12381_min_pk_verify` | 49282 | 2 (msg) | 2 (64) | |
//! | `ecvrf::ecvrf_verify` | 4848 | 2 (alpha) | 2 (128) | |
//! | `groth16::prepare_verifying_key_internal` | 53838 BLS12-381, 82010 BN254 | | | |
//! | `groth16::verify_groth16_proof_internal` | 72090 BLS12-381, 115502 BN254 | 2 (inputs) | | 8213 / 9484 per public input |
//! | `poseidon::poseidon_bn254_internal` | 260 | | | 388 per input |
//! | `rangeproofs::verify_bulletproofs_with_dst_ristretto255_internal` | 23866 | | | 1324 per commitment and bit of range |
//! | `zklogin_verified_id::check_zklogin_id_internal` | 200 | | | |
//! | `zklogin_verified_issuer::check_zklogin_issuer_internal` | 200 | | | |
//! | `nitro_attestation::load_nitro_attestation_internal` | 2650 to parse, then 2481600 to verify | 50 (attestation) | | 2618450 per `cabundle` certificate, charged with the verification |
//! | `vdf::hash_to_input_internal` | 100 (`vdf_hash_to_input_cost`) | | | |
//! | `vdf::vdf_verify_internal` | 1500 (`vdf_verify_vdf_cost`) | | | any iteration count |
//! | any of the above with a bad hash or curve id | 100 (`crypto_invalid_arguments_cost`) | | | |
//!
//! `group_ops` charges one fixed cost per operation and type (below), hashing to a curve a
//! base plus 2 per byte, a multi-scalar multiplication the decoding of each scalar and point
//! plus a base and a cost per estimated addition (`⌈255 / w⌉ · (n + 2^w + 1)` for `n` terms,
//! the window width `w` growing with `log2 n`), a sum of uncompressed G1 points a base plus a
//! cost per term:
//!
//! | group (Sui id) | decode | add | sub | mul | div | other |
//! |---|---|---|---|---|---|---|
//! | BLS12-381 scalar (0) | 7 | 10 | 10 | 11 | 91 | |
//! | G1 (1) | 2848 | 1556 | 1550 | 4842 | 5091 | hash 2962 + 2/byte; MSM 62648 + 1333/addition (≤ 32 terms); pairing 26897; to uncompressed 2099 |
//! | G2 (2) | 3770 | 3048 | 3019 | 9108 | 9206 | hash 8688 + 2/byte; MSM 131192 + 3216/addition (≤ 32 terms) |
//! | GT (3) | 3068 | 188 | 497 | 27490 | 27804 | |
//! | uncompressed G1 (4) | | | | | | to G1 677; sum 77 + 26/term (≤ 1200 terms) |
//! | ristretto255 scalar (5) | 5 | 2 | 2 | 5 | 557 | |
//! | ristretto255 point (6) | 216 | 8 | 8 | 1763 | 2244 | |

/// Charged when a hash-function or curve identifier is not one Sui knows.
pub(crate) const INVALID_ARGUMENTS: u64 = 100;

/// `(base, per byte, per block, block size)` of a native over one message.
pub(crate) type MessageCost = (u64, u64, u64, usize);

pub(crate) const BLAKE2B256: MessageCost = (10, 2, 2, 128);
pub(crate) const KECCAK256: MessageCost = (10, 2, 2, 136);
pub(crate) const HMAC_SHA3_256: MessageCost = (52, 2, 2, 136);
pub(crate) const ED25519_VERIFY: MessageCost = (1802, 2, 2, 128);
pub(crate) const K1_ECRECOVER_KECCAK256: MessageCost = (500, 2, 2, 136);
pub(crate) const K1_ECRECOVER_SHA256: MessageCost = (500, 2, 2, 64);
pub(crate) const K1_DECOMPRESS_PUBKEY: u64 = 52;
pub(crate) const K1_VERIFY_KECCAK256: MessageCost = (1470, 2, 2, 136);
pub(crate) const K1_VERIFY_SHA256: MessageCost = (1470, 2, 2, 64);
pub(crate) const R1_ECRECOVER_KECCAK256: MessageCost = (1173, 2, 2, 136);
pub(crate) const R1_ECRECOVER_SHA256: MessageCost = (1173, 2, 2, 64);
pub(crate) const R1_VERIFY_KECCAK256: MessageCost = (4225, 2, 2, 136);
pub(crate) const R1_VERIFY_SHA256: MessageCost = (4225, 2, 2, 64);
pub(crate) const BLS_MIN_SIG_VERIFY: MessageCost = (44064, 2, 2, 64);
pub(crate) const BLS_MIN_PK_VERIFY: MessageCost = (49282, 2, 2, 64);
pub(crate) const ECVRF_VERIFY: MessageCost = (4848, 2, 2, 128);

/// `prepare_verifying_key_internal`: BLS12-381, BN254.
pub(crate) const GROTH16_PREPARE: (u64, u64) = (53838, 82010);
/// `verify_groth16_proof_internal`: `(base, per public input)` for BLS12-381 and BN254.
pub(crate) const GROTH16_VERIFY: [(u64, u64); 2] = [(72090, 8213), (115502, 9484)];
/// `verify_groth16_proof_internal`: per byte of public inputs.
pub(crate) const GROTH16_VERIFY_PER_INPUT_BYTE: u64 = 2;

/// `poseidon_bn254_internal`: base and per input.
pub(crate) const POSEIDON: (u64, u64) = (260, 388);

/// `verify_bulletproofs_with_dst_ristretto255_internal`: base and per commitment and bit.
pub(crate) const BULLETPROOFS_VERIFY: (u64, u64) = (23866, 1324);

/// `load_nitro_attestation_internal`, charged before parsing: base and per byte of the
/// attestation (`nitro_attestation_parse_base_cost`, `_parse_cost_per_byte`: 53·50 and 50).
pub(crate) const NITRO_ATTESTATION_PARSE: (u64, u64) = (2650, 50);
/// `load_nitro_attestation_internal`, charged once it parsed: base and per `cabundle`
/// certificate (`nitro_attestation_verify_base_cost`, `_verify_cost_per_cert`: 49632·50 and
/// 52369·50).
pub(crate) const NITRO_ATTESTATION_VERIFY: (u64, u64) = (2481600, 2618450);

/// `check_zklogin_id_internal` (`check_zklogin_id_cost_base`).
pub(crate) const ZKLOGIN_CHECK_ID: u64 = 200;
/// `check_zklogin_issuer_internal` (`check_zklogin_issuer_cost_base`).
pub(crate) const ZKLOGIN_CHECK_ISSUER: u64 = 200;

/// `vdf::hash_to_input_internal` (`vdf_hash_to_input_cost`, set at protocol 49 off mainnet
/// and testnet).
pub(crate) const VDF_HASH_TO_INPUT: u64 = 100;
/// `vdf::vdf_verify_internal` (`vdf_verify_vdf_cost`), whatever the iteration count.
pub(crate) const VDF_VERIFY: u64 = 1500;

/// `group_ops` costs of one group: decode (validate), add, sub, mul, div.
#[derive(Debug, Clone, Copy)]
pub(crate) struct GroupCosts {
    pub(crate) decode: u64,
    pub(crate) add: u64,
    pub(crate) sub: u64,
    pub(crate) mul: u64,
    pub(crate) div: u64,
}

const fn costs(decode: u64, add: u64, sub: u64, mul: u64, div: u64) -> GroupCosts {
    GroupCosts {
        decode,
        add,
        sub,
        mul,
        div,
    }
}

/// `group_ops` costs by Sui's group id: 0 BLS12-381 scalar, 1 G1, 2 G2, 3 GT, 4 uncompressed
/// G1 (no arithmetic), 5 ristretto255 scalar, 6 ristretto255 point.
pub(crate) const GROUP_OPS: [GroupCosts; 7] = [
    costs(7, 10, 10, 11, 91),
    costs(2848, 1556, 1550, 4842, 5091),
    costs(3770, 3048, 3019, 9108, 9206),
    costs(3068, 188, 497, 27490, 27804),
    costs(0, 0, 0, 0, 0),
    costs(5, 2, 2, 5, 557),
    costs(216, 8, 8, 1763, 2244),
];

/// Hash to G1 / G2: base and per byte.
pub(crate) const HASH_TO_G1: (u64, u64) = (2962, 2);
pub(crate) const HASH_TO_G2: (u64, u64) = (8688, 2);
/// Multi-scalar multiplication in G1 / G2: base and per estimated addition.
pub(crate) const MSM_G1: (u64, u64) = (62648, 1333);
pub(crate) const MSM_G2: (u64, u64) = (131192, 3216);
/// The most terms of a multi-scalar multiplication.
pub(crate) const MSM_MAX_LEN: usize = 32;
pub(crate) const PAIRING: u64 = 26897;
pub(crate) const G1_TO_UNCOMPRESSED: u64 = 2099;
pub(crate) const UNCOMPRESSED_TO_G1: u64 = 677;
/// Sum of uncompressed G1 points: base and per term.
pub(crate) const UNCOMPRESSED_G1_SUM: (u64, u64) = (77, 26);
/// The most terms of such a sum.
pub(crate) const UNCOMPRESSED_G1_SUM_MAX_TERMS: u64 = 1200;

/// Sui's estimate of the additions of a windowed multi-scalar multiplication of `n > 0`
/// terms over 255-bit scalars: the window width grows with `log2 n`, each of the
/// `⌈255 / width⌉` windows costs `n + 2^width + 1` additions.
pub(crate) fn msm_additions(n: u64) -> u64 {
    let log2 = u64::from(63 - n.max(1).leading_zeros());
    let width = match log2 {
        0 => 1,
        1..=4 => 2,
        5..=12 => log2 - 2,
        _ => log2 - 3,
    };
    255u64.div_ceil(width) * (n + (1 << width) + 1)
}

/// Base, per byte and per block of a message of `len` bytes.
pub(crate) fn message(cost: MessageCost, len: usize) -> (u64, u64) {
    let (base, per_byte, per_block, block) = cost;
    let len64 = len as u64;
    let blocks = len.div_ceil(block.max(1)) as u64;
    (
        base,
        per_byte
            .saturating_mul(len64)
            .saturating_add(per_block.saturating_mul(blocks)),
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn msm_additions_match_suis_estimates() {
        let expected = [(1, 1020), (2, 896), (3, 1024), (4, 1152), (32, 3485)];
        for (n, additions) in expected {
            assert_eq!(super::msm_additions(n), additions, "{n}");
        }
    }
}
