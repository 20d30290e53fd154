//! Every native function Sui's framework declares has an implementation in Tern's registry.

#![allow(clippy::unwrap_used, clippy::panic)] // test code: a failed unwrap is a failed test

use tern_binary::{CompiledModule, DeserializerConfig};

#[test]
fn every_framework_native_is_registered() {
    let registry = tern_sui::natives::sui_natives();
    let mut declared = 0;
    let mut missing = Vec::new();
    let modules = tern_stdlib::sui_stdlib_binaries()
        .iter()
        .chain(tern_stdlib::sui_framework_binaries());
    for (name, bytes) in modules {
        let module = CompiledModule::deserialize_with_config(bytes, &DeserializerConfig::sui())
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let id = module.self_id().unwrap();
        for def in module.function_defs.iter().filter(|d| d.is_native()) {
            let handle = &module.function_handles[def.function.0 as usize];
            let function = &module.identifiers[handle.name.0 as usize];
            declared += 1;
            if registry.lookup(&id, function.as_str()).is_none() {
                missing.push(format!("{}::{function}", id.name));
            }
        }
    }
    assert_eq!(declared, 95, "natives declared by 0x1 and 0x2");
    assert!(
        missing.is_empty(),
        "natives without an implementation: {missing:?}"
    );
}

/// `hex` as bytes.
fn unhex(hex: &str) -> Vec<u8> {
    (0..hex.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).unwrap())
        .collect()
}

/// A `vector<u8>` in BCS: its ULEB128 length, then its bytes.
fn bcs_bytes(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut len = bytes.len();
    while len >= 0x80 {
        out.push((len & 0x7f) as u8 | 0x80);
        len >>= 7;
    }
    out.push(len as u8);
    out.extend_from_slice(bytes);
    out
}

/// A `vector<u8>` argument of a call.
fn bytes_arg(bytes: &[u8]) -> tern_sui::CallArg {
    tern_sui::CallArg::Pure(bcs_bytes(bytes))
}

#[test]
fn framework_hashes_run_through_a_call() {
    use tern_primitives::AccountAddress;
    use tern_sui::{CallArg, MoveCall, SuiChain, Transaction};
    let mut chain = SuiChain::with_framework().unwrap();
    let alice = AccountAddress::from_u64(0xa11ce);
    // `vector<u8>` "abc" in BCS: its length, then its bytes.
    let abc = CallArg::Pure(vec![3, b'a', b'b', b'c']);
    for (function, digest) in [
        // BLAKE2b-256("abc") and Keccak-256("abc"), the standard test vectors.
        (
            "blake2b256",
            "bddd813c634239723171ef3fee98579b94964e3bb1cb3e427262c8c068d52319",
        ),
        (
            "keccak256",
            "4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45",
        ),
    ] {
        let call = MoveCall::new(AccountAddress::from_u64(2), "hash", function).arg(abc.clone());
        let effects = chain.call(&Transaction::new(alice), &call).unwrap();
        let mut expected = vec![32];
        expected.extend(unhex(digest));
        assert_eq!(effects.return_values[0].1, expected, "{function}");
    }
}

/// Sui's zkLogin test identity (`zklogin_verified_id_tests.move`,
/// `zklogin_verified_issuer_tests.move`): a Google `sub`, its wallet and the address.
mod zklogin {
    use std::sync::Arc;
    use tern_binary::{CompiledModule, DeserializerConfig};
    use tern_primitives::AccountAddress;
    use tern_sui::{CallArg, FailureKind, MoveCall, Owner, SuiChain, Transaction};

    pub(super) const ADDRESS: &str =
        "0x1c6b623a2f2c91333df730c98d220f11484953b391a3818680f922c264cc0c6b";
    pub(super) const OTHER: &str =
        "0x006b623a2f2c91333df730c98d220f11484953b391a3818680f922c264cc0c6b";
    pub(super) const SUB: &str = "106294049240999307923";
    pub(super) const AUD: &str =
        "575519204237-msop9ep45u2uo98hapqmngv8d84qdc8k.apps.googleusercontent.com";
    pub(super) const GOOGLE: &str = "https://accounts.google.com";
    pub(super) const PIN_HASH: &str =
        "15232766888716517538274372547598053531354666056102343895255590477425668733026";
    pub(super) const SEED: &str =
        "3006596378422062745101035755700472756930796952630484939867684134047976874601";

    pub(super) fn two() -> AccountAddress {
        AccountAddress::from_u64(2)
    }

    pub(super) fn address(hex: &str) -> AccountAddress {
        AccountAddress::from_hex_literal(hex).unwrap()
    }

    /// A `u256` in BCS (32 bytes, little-endian) from its decimal digits.
    pub(super) fn u256(decimal: &str) -> CallArg {
        let mut le = [0u8; 32];
        for digit in decimal.bytes() {
            let mut carry = u32::from(digit - b'0');
            for byte in le.iter_mut() {
                let v = u32::from(*byte) * 10 + carry;
                *byte = v as u8;
                carry = v >> 8;
            }
        }
        CallArg::Pure(le.to_vec())
    }

    /// A `vector<u8>` or `String` in BCS (one-byte length: all are shorter than 128).
    pub(super) fn bytes(b: &[u8]) -> CallArg {
        assert!(b.len() < 128);
        let mut out = vec![b.len() as u8];
        out.extend_from_slice(b);
        CallArg::Pure(out)
    }

    pub(super) fn addr(a: &str) -> CallArg {
        CallArg::Pure(address(a).as_bytes().to_vec())
    }

    /// The call's single `bool` result, or its failure.
    pub(super) fn answer(
        chain: &mut SuiChain,
        sender: AccountAddress,
        call: &MoveCall,
    ) -> Result<bool, FailureKind> {
        match chain.call(&Transaction::new(sender), call) {
            Ok(effects) => match effects.return_values[0].1.as_slice() {
                [0] => Ok(false),
                [1] => Ok(true),
                other => panic!("not a bool: {other:?}"),
            },
            Err(e) => Err(e.execution().unwrap().kind.clone()),
        }
    }

    pub(super) fn abort_code(failure: Result<bool, FailureKind>, module: &str) -> u64 {
        match failure {
            Err(FailureKind::MoveAbort { location, code }) => {
                assert_eq!(location.unwrap().module.name.as_str(), module);
                code
            }
            other => panic!("{other:?}"),
        }
    }

    /// A chain whose `0x2::zklogin_verified_id` and `0x2::zklogin_verified_issuer` are shims
    /// declaring the natives and exposing them to calls over plain byte vectors: Sui's
    /// framework disables the functions that reach `check_zklogin_id_internal`, and `String`
    /// arguments are valid UTF-8 before they reach `check_zklogin_issuer_internal`.
    pub(super) fn chain_with_shims() -> SuiChain {
        const SHIMS: [(&str, &str); 2] = [
            (
                "zklogin_verified_id",
                "flavor sui
module 0x2::zklogin_verified_id
native fun check_zklogin_id_internal(address: address, key_claim_name: &vector<u8>, key_claim_value: &vector<u8>, issuer: &vector<u8>, audience: &vector<u8>, pin_hash: u256): bool
public fun check(address: address, name: vector<u8>, value: vector<u8>, issuer: vector<u8>, audience: vector<u8>, pin_hash: u256): bool
    move_loc address
    borrow_loc name
    borrow_loc value
    borrow_loc issuer
    borrow_loc audience
    move_loc pin_hash
    call check_zklogin_id_internal
    ret
",
            ),
            (
                "zklogin_verified_issuer",
                "flavor sui
module 0x2::zklogin_verified_issuer
native fun check_zklogin_issuer_internal(address: address, address_seed: u256, issuer: &vector<u8>): bool
public fun check(address: address, address_seed: u256, issuer: vector<u8>): bool
    move_loc address
    move_loc address_seed
    borrow_loc issuer
    call check_zklogin_issuer_internal
    ret
",
            ),
        ];
        let mut chain = SuiChain::with_framework().unwrap();
        let mut framework = (**chain.package(&two()).unwrap()).clone();
        let stdlib: Vec<CompiledModule> = tern_stdlib::sui_stdlib_binaries()
            .iter()
            .map(|(_, b)| {
                CompiledModule::deserialize_with_config(b, &DeserializerConfig::sui()).unwrap()
            })
            .collect();
        let options = tern_asm::assembler::AsmOptions { version: 7 };
        for (name, source) in SHIMS {
            let deps: Vec<&CompiledModule> = stdlib.iter().collect();
            let module = match tern_asm::assembler::assemble(source, &deps, &options).unwrap() {
                tern_asm::assembler::CompiledUnit::Module(m) => m,
                tern_asm::assembler::CompiledUnit::Script(_) => panic!("a script"),
            };
            let bytes = module.serialize().unwrap();
            framework
                .modules
                .insert(name.to_string(), (bytes, Arc::new(module)));
        }
        chain.install_package(framework);
        chain
    }

    pub(super) fn is_owned_by(owner: &Owner, address: AccountAddress) -> bool {
        matches!(owner, Owner::Address(a) if *a == address)
    }
}

#[test]
fn zklogin_issuer_checks_run_through_the_framework() {
    use tern_sui::MoveCall;
    use zklogin::*;
    let mut chain = tern_sui::SuiChain::with_framework().unwrap();
    let check = |a: &str, seed: &str, iss: &str| {
        MoveCall::new(two(), "zklogin_verified_issuer", "check_zklogin_issuer")
            .arg(addr(a))
            .arg(u256(seed))
            .arg(bytes(iss.as_bytes()))
    };
    let sender = address(ADDRESS);
    let mut ask = |call: MoveCall| answer(&mut chain, sender, &call);
    assert_eq!(ask(check(ADDRESS, SEED, GOOGLE)), Ok(true));
    assert_eq!(ask(check(OTHER, SEED, GOOGLE)), Ok(false));
    assert_eq!(ask(check(ADDRESS, "1234", GOOGLE)), Ok(false));
    assert_eq!(
        ask(check(ADDRESS, SEED, "https://other.issuer.com")),
        Ok(false)
    );

    // `verify_zklogin_issuer` gives the sender a `VerifiedIssuer` when the seed is its own.
    let verify = MoveCall::new(two(), "zklogin_verified_issuer", "verify_zklogin_issuer")
        .arg(u256(SEED))
        .arg(bytes(GOOGLE.as_bytes()));
    let effects = chain
        .call(&tern_sui::Transaction::new(sender), &verify)
        .unwrap();
    let created = effects
        .created_of("zklogin_verified_issuer", "VerifiedIssuer")
        .unwrap();
    assert!(is_owned_by(&created.owner, sender));
    let object = chain.object(&created.id).unwrap();
    // `VerifiedIssuer { id, owner, issuer }`.
    assert_eq!(&object.contents[32..64], sender.as_bytes());
    let mut issuer = vec![GOOGLE.len() as u8];
    issuer.extend_from_slice(GOOGLE.as_bytes());
    assert_eq!(object.contents[64..], issuer[..]);

    // From another sender the proof is refused: `EInvalidProof`.
    let refused = answer(&mut chain, tern_primitives::AccountAddress::ONE, &verify);
    assert_eq!(abort_code(refused, "zklogin_verified_issuer"), 1);
}

#[test]
fn zklogin_id_checks_are_disabled_in_the_framework() {
    use tern_sui::MoveCall;
    use zklogin::*;
    let mut chain = tern_sui::SuiChain::with_framework().unwrap();
    let check = MoveCall::new(two(), "zklogin_verified_id", "check_zklogin_id")
        .arg(addr(ADDRESS))
        .arg(bytes(b"sub"))
        .arg(bytes(SUB.as_bytes()))
        .arg(bytes(GOOGLE.as_bytes()))
        .arg(bytes(AUD.as_bytes()))
        .arg(u256(PIN_HASH));
    // `EFunctionDisabled`, before the native is reached.
    let disabled = answer(&mut chain, address(ADDRESS), &check);
    assert_eq!(abort_code(disabled, "zklogin_verified_id"), 0);
}

#[test]
fn zklogin_natives_answer_and_abort_through_a_call() {
    use tern_sui::MoveCall;
    use zklogin::*;
    let mut chain = chain_with_shims();
    let sender = address(ADDRESS);
    let id = |a: &str, name: &[u8], value: &[u8], iss: &[u8], aud: &[u8]| {
        MoveCall::new(two(), "zklogin_verified_id", "check")
            .arg(addr(a))
            .arg(bytes(name))
            .arg(bytes(value))
            .arg(bytes(iss))
            .arg(bytes(aud))
            .arg(u256(PIN_HASH))
    };
    let (sub, value, iss, aud) = (
        b"sub".as_slice(),
        SUB.as_bytes(),
        GOOGLE.as_bytes(),
        AUD.as_bytes(),
    );
    let mut ask = |call: MoveCall| answer(&mut chain, sender, &call);
    assert_eq!(ask(id(ADDRESS, sub, value, iss, aud)), Ok(true));
    assert_eq!(ask(id(OTHER, sub, value, iss, aud)), Ok(false));
    assert_eq!(ask(id(ADDRESS, b"email", value, iss, aud)), Ok(false));
    assert_eq!(
        ask(id(
            ADDRESS,
            sub,
            value,
            b"https://some.other.issuer.com",
            aud
        )),
        Ok(false)
    );
    // `INVALID_INPUT` (0): not UTF-8, a claim name over 32 characters.
    let bad = ask(id(ADDRESS, sub, value, iss, b"\xc3\x28"));
    assert_eq!(abort_code(bad, "zklogin_verified_id"), 0);
    let long = ask(id(ADDRESS, &[b's'; 33], value, iss, aud));
    assert_eq!(abort_code(long, "zklogin_verified_id"), 0);

    let issuer = |a: &str, seed: &str, iss: &[u8]| {
        MoveCall::new(two(), "zklogin_verified_issuer", "check")
            .arg(addr(a))
            .arg(u256(seed))
            .arg(bytes(iss))
    };
    assert_eq!(ask(issuer(ADDRESS, SEED, iss)), Ok(true));
    assert_eq!(ask(issuer(ADDRESS, "1234", iss)), Ok(false));
    let bad = ask(issuer(ADDRESS, SEED, b"\xff"));
    assert_eq!(abort_code(bad, "zklogin_verified_issuer"), 0);
}

/// Sui's `nitro_attestation_test.move` through the entry function
/// `0x2::nitro_attestation::load_nitro_attestation(attestation, &Clock)`, reading the
/// returned `NitroAttestationDocument` from its BCS.
mod nitro {
    use tern_primitives::AccountAddress;
    use tern_sui::{CallArg, FailureKind, MoveCall, SuiChain, Transaction, CLOCK_ID};

    /// The Nautilus example enclave's attestation (Sui's `test_nitro_attestation`).
    const NAUTILUS: &str = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tern-crypto/testdata/nitro/nautilus.hex"
    ));
    /// The attestation of Sui's `test_nitro_attestation_expired`.
    const FIXED: &str = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tern-crypto/testdata/nitro/fixed_valid.hex"
    ));

    /// Reads BCS values off the front of a byte slice.
    struct Reader<'a>(&'a [u8]);

    impl Reader<'_> {
        fn take(&mut self, n: usize) -> Vec<u8> {
            let (head, rest) = self.0.split_at(n);
            self.0 = rest;
            head.to_vec()
        }
        fn len(&mut self) -> usize {
            let (mut value, mut shift) = (0usize, 0);
            loop {
                let byte = self.take(1)[0];
                value |= usize::from(byte & 0x7f) << shift;
                shift += 7;
                if byte < 0x80 {
                    return value;
                }
            }
        }
        fn bytes(&mut self) -> Vec<u8> {
            let n = self.len();
            self.take(n)
        }
        fn u64(&mut self) -> u64 {
            u64::from_le_bytes(self.take(8).try_into().unwrap())
        }
        fn option_bytes(&mut self) -> Option<Vec<u8>> {
            match self.len() {
                0 => None,
                1 => Some(self.bytes()),
                n => panic!("an option of {n} elements"),
            }
        }
    }

    fn load(chain: &mut SuiChain, attestation: &[u8]) -> Result<Vec<u8>, FailureKind> {
        let call = MoveCall::new(
            AccountAddress::from_u64(2),
            "nitro_attestation",
            "load_nitro_attestation",
        )
        .arg(super::bytes_arg(attestation))
        .arg(CallArg::Object(CLOCK_ID));
        let sender = AccountAddress::from_u64(0xa11ce);
        match chain.call(&Transaction::new(sender), &call) {
            Ok(effects) => Ok(effects.return_values[0].1.clone()),
            Err(e) => Err(e.execution().unwrap().kind.clone()),
        }
    }

    fn abort_code(result: Result<Vec<u8>, FailureKind>) -> u64 {
        match result {
            Err(FailureKind::MoveAbort { location, code }) => {
                let location = location.unwrap();
                assert_eq!(location.module.name.as_str(), "nitro_attestation");
                code
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn nitro_attestation_loads_the_document_of_suis_move_test() {
        let mut chain = SuiChain::with_framework().unwrap();
        chain.set_clock(1747071568899);
        let bcs = load(&mut chain, &super::unhex(NAUTILUS.trim())).unwrap();
        let mut doc = Reader(&bcs);
        assert_eq!(doc.bytes(), b"i-06e4b98c6549ff803-enc0196373b195fb723");
        assert_eq!(doc.u64(), 1747071544386);
        assert_eq!(doc.bytes(), b"SHA384");
        let expected: Vec<(u8, Vec<u8>)> = include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../tern-crypto/testdata/nitro/nautilus_pcrs.txt"
        ))
        .lines()
        .map(|line| {
            let (index, value) = line.split_once(' ').unwrap();
            (index.parse().unwrap(), super::unhex(value))
        })
        .collect();
        assert_eq!(doc.len(), expected.len());
        for (index, value) in expected {
            assert_eq!(doc.take(1), [index]);
            assert_eq!(doc.bytes(), value, "PCR {index}");
        }
        let key = "e8e62201dbe293b703c759f653107acbc2c911fa1d2e66f2c747bec95971a2af";
        assert_eq!(doc.option_bytes(), Some(super::unhex(key)));
        assert_eq!(doc.option_bytes(), None, "user_data");
        assert_eq!(doc.option_bytes(), None, "nonce");
        assert!(doc.0.is_empty());
    }

    #[test]
    fn nitro_attestation_aborts_as_suis_move_tests_expect() {
        let mut chain = SuiChain::with_framework().unwrap();
        chain.set_clock(1731627987382);
        // `test_nitro_attestation_invalid_attestation`: EParseError.
        assert_eq!(abort_code(load(&mut chain, &[0, 0])), 1);
        let fixed = super::unhex(FIXED.trim());
        assert!(load(&mut chain, &fixed).is_ok());
        // `test_nitro_attestation_expired`, three hours later: EVerifyError.
        chain.set_clock(1731627987382 + 3 * 60 * 60 * 1000);
        assert_eq!(abort_code(load(&mut chain, &fixed)), 2);
    }
}

/// Sui's `vdf_tests.move` (and a fastcrypto-vdf vector with a non-trivial proof) through
/// `0x2::vdf::hash_to_input` and `0x2::vdf::vdf_verify`.
mod vdf {
    use tern_primitives::AccountAddress;
    use tern_sui::{CallArg, FailureKind, MoveCall, SuiChain, Transaction};

    const VECTORS: &str = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tern-crypto/testdata/vdf/vectors.txt"
    ));

    fn vector(name: &str) -> Vec<u8> {
        let line = VECTORS
            .lines()
            .find(|line| line.split(' ').next() == Some(name))
            .unwrap();
        super::unhex(line.split(' ').nth(1).unwrap())
    }

    /// The BCS result of `0x2::vdf::{function}(args)`, or its failure.
    fn call(
        chain: &mut SuiChain,
        function: &str,
        args: Vec<CallArg>,
    ) -> Result<Vec<u8>, FailureKind> {
        let call = args.into_iter().fold(
            MoveCall::new(AccountAddress::from_u64(2), "vdf", function),
            MoveCall::arg,
        );
        let sender = AccountAddress::from_u64(0xa11ce);
        match chain.call(&Transaction::new(sender), &call) {
            Ok(effects) => Ok(effects.return_values[0].1.clone()),
            Err(e) => Err(e.execution().unwrap().kind.clone()),
        }
    }

    fn verify(
        chain: &mut SuiChain,
        [input, output, proof]: [&[u8]; 3],
        iterations: u64,
    ) -> Result<bool, FailureKind> {
        let args = vec![
            super::bytes_arg(input),
            super::bytes_arg(output),
            super::bytes_arg(proof),
            CallArg::Pure(iterations.to_le_bytes().to_vec()),
        ];
        call(chain, "vdf_verify", args).map(|result| match result.as_slice() {
            [0] => false,
            [1] => true,
            other => panic!("not a bool: {other:?}"),
        })
    }

    #[test]
    fn vdf_hash_to_input_runs_through_a_call() {
        let mut chain = SuiChain::with_framework().unwrap();
        for (message, expected) in [
            (b"seed".to_vec(), vector("sui_seed_hash")),
            (vector("sui_input_seed"), vector("sui_input")),
        ] {
            let result = call(
                &mut chain,
                "hash_to_input",
                vec![super::bytes_arg(&message)],
            );
            let CallArg::Pure(encoded) = super::bytes_arg(&expected) else {
                unreachable!()
            };
            assert_eq!(result.unwrap(), encoded);
        }
        let other = call(
            &mut chain,
            "hash_to_input",
            vec![super::bytes_arg(b"other seed")],
        );
        assert_ne!(other.unwrap()[2..], vector("sui_seed_hash")[..]);
    }

    #[test]
    fn vdf_verify_answers_suis_vectors() {
        let mut chain = SuiChain::with_framework().unwrap();
        let input = vector("sui_input");
        let (output_100, output_101) = (vector("sui_output_100"), vector("sui_output_101"));
        let proof = vector("sui_proof_100");
        let v = |chain: &mut SuiChain, output: &[u8], t| verify(chain, [&input, output, &proof], t);
        assert!(v(&mut chain, &output_100, 100).unwrap());
        assert!(!v(&mut chain, &output_101, 100).unwrap());
        assert!(v(&mut chain, &output_101, 101).unwrap());
        // Sui does not bound the iteration count.
        assert!(!v(&mut chain, &output_100, u64::MAX).unwrap());
        let wrong = ["input", "output", "proof"].map(|w| vector(&format!("sui_wrong_group_{w}")));
        assert!(!verify(&mut chain, [&wrong[0], &wrong[1], &wrong[2]], 100).unwrap());
        // fastcrypto-vdf's evaluation of hash_to_input(b"tern") over 1000 squarings.
        let tern = ["tern_input", "tern_output_1000", "tern_proof_1000"].map(vector);
        assert!(verify(&mut chain, [&tern[0], &tern[1], &tern[2]], 1000).unwrap());
        assert!(!verify(&mut chain, [&tern[0], &tern[1], &tern[2]], 999).unwrap());
    }

    #[test]
    fn vdf_verify_aborts_with_einvalidinput_on_malformed_forms() {
        let mut chain = SuiChain::with_framework().unwrap();
        let (input, output) = (vector("sui_other_input"), vector("sui_other_output"));
        let (proof, junk) = (vector("sui_proof_100"), super::unhex("abcd"));
        for forms in [
            [&junk, &output, &proof],
            [&input, &junk, &proof],
            [&input, &output, &junk],
        ] {
            match verify(&mut chain, forms.map(Vec::as_slice), 100) {
                Err(FailureKind::MoveAbort { location, code }) => {
                    assert_eq!(location.unwrap().module.name.as_str(), "vdf");
                    assert_eq!(code, tern_natives::sui_crypto::vdf_abort::INVALID_INPUT);
                }
                other => panic!("{other:?}"),
            }
        }
    }
}
