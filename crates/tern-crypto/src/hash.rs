//! Hash functions and HMAC: Keccak-256, SHA-256, SHA3-256, SHA-512, BLAKE2b-256 and
//! HMAC-SHA3-256.

use sha2::Digest;

/// Keccak-256 (the pre-standard SHA-3 padding Ethereum uses).
pub fn keccak256(data: &[u8]) -> [u8; 32] {
    sha3::Keccak256::digest(data).into()
}

/// SHA-256.
pub fn sha256(data: &[u8]) -> [u8; 32] {
    sha2::Sha256::digest(data).into()
}

/// SHA3-256 (FIPS 202).
pub fn sha3_256(data: &[u8]) -> [u8; 32] {
    sha3::Sha3_256::digest(data).into()
}

/// SHA-512.
pub fn sha512(data: &[u8]) -> [u8; 64] {
    sha2::Sha512::digest(data).into()
}

/// BLAKE2b with a 32-byte output, no key (RFC 7693).
pub fn blake2b256(data: &[u8]) -> [u8; 32] {
    blake2::Blake2b::<blake2::digest::consts::U32>::digest(data).into()
}

/// HMAC (RFC 2104) over SHA3-256 (the `hmac` crate): keys longer than the 136-byte block are
/// hashed first, any key length (including empty) is accepted.
pub fn hmac_sha3_256(key: &[u8], message: &[u8]) -> [u8; 32] {
    use hmac::Mac;
    // HMAC accepts keys of every length: `new_from_slice` cannot fail for it, and the
    // all-zero fallback is never taken.
    hmac::Hmac::<sha3::Sha3_256>::new_from_slice(key).map_or([0u8; 32], |mac| {
        mac.chain_update(message).finalize().into_bytes().into()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_util::hex;

    #[test]
    fn keccak256_matches_known_vectors() {
        assert_eq!(
            keccak256(b"").to_vec(),
            hex("c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470")
        );
        // Sui's hash_tests.move.
        assert_eq!(
            keccak256(b"hello world!").to_vec(),
            hex("57caa176af1ac0433c5df30e8dabcd2ec1af1e92a26eced5f719b88458777cd6")
        );
    }

    #[test]
    fn blake2b256_matches_known_vectors() {
        assert_eq!(
            blake2b256(b"").to_vec(),
            hex("0e5751c026e543b2e8ab2eb06099daa1d1e5df47778f7787faab45cdf12fe3a8")
        );
        assert_eq!(
            blake2b256(b"abc").to_vec(),
            hex("bddd813c634239723171ef3fee98579b94964e3bb1cb3e427262c8c068d52319")
        );
        // Sui's hash_tests.move.
        assert_eq!(
            blake2b256(b"hello world!").to_vec(),
            hex("4fccfb4d98d069558aa93e9565f997d81c33b080364efd586e77a433ddffc5e2")
        );
    }

    #[test]
    fn hmac_sha3_256_matches_known_vectors() {
        // Sui's hmac_tests.move (computed with Python's hmac module).
        assert_eq!(
            hmac_sha3_256(b"my key!", b"hello world!").to_vec(),
            hex("f6d6ae02f426eb9664e89e3c6d86c60e6103ce22b916819219c26e34e8d236dc")
        );
        // RFC 4231 test case 1 key/data, HMAC-SHA3-256 value from NIST's examples.
        assert_eq!(
            hmac_sha3_256(&[0x0b; 20], b"Hi There").to_vec(),
            hex("ba85192310dffa96e2a3a40e69774351140bb7185e1202cdcc917589f95e16bb")
        );
    }

    #[test]
    fn hmac_sha3_256_hashes_keys_longer_than_a_block() {
        let long = [7u8; 200];
        assert_eq!(
            hmac_sha3_256(&long, b"m"),
            hmac_sha3_256(&sha3_256(&long), b"m")
        );
        assert_ne!(
            hmac_sha3_256(&[7u8; 136], b"m"),
            hmac_sha3_256(&[7u8; 137], b"m")
        );
        assert_eq!(hmac_sha3_256(b"", b"").len(), 32);
    }
}
