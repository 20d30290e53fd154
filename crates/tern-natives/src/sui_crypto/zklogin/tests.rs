//! The natives called as the VM calls them, with the vectors of Sui's framework tests
//! (`zklogin_verified_id_tests.move`, `zklogin_verified_issuer_tests.move`): the answer, the
//! abort code and the gas charged.

use super::abort::INVALID_INPUT;
use tern_primitives::{AccountAddress, Identifier, ModuleId, StatusCode};
use tern_vm::natives::{Extensions, NativeContext, NativeRegistry, NativeResult};
use tern_vm::values::{Container, Heap, Place, Ref, Value, W256};
use tern_vm::{Runtime, VmConfig};

const ADDRESS: &str = "1c6b623a2f2c91333df730c98d220f11484953b391a3818680f922c264cc0c6b";
const SUB: &[u8] = b"106294049240999307923";
const AUD: &[u8] = b"575519204237-msop9ep45u2uo98hapqmngv8d84qdc8k.apps.googleusercontent.com";
const GOOGLE: &[u8] = b"https://accounts.google.com";
const PIN_HASH: &str =
    "15232766888716517538274372547598053531354666056102343895255590477425668733026";
const SEED: &str = "3006596378422062745101035755700472756930796952630484939867684134047976874601";

enum Arg {
    Address(AccountAddress),
    Bytes(Vec<u8>),
    U256(&'static str),
}

fn address(hex: &str) -> AccountAddress {
    AccountAddress::from_hex_literal(&format!("0x{hex}")).unwrap()
}

/// Calls `0x2::module::function`; the outcome (`Ok(answer)` or `Err(abort code)`, or the
/// status of an error) and the gas charged.
fn call(
    module: &str,
    function: &str,
    args: Vec<Arg>,
) -> (Result<Result<bool, u64>, StatusCode>, u64) {
    let natives = crate::sui_crypto_natives();
    let id = ModuleId::new(
        AccountAddress::from_u64(2),
        Identifier::new(module).unwrap(),
    );
    let native = natives.lookup(&id, function).unwrap();
    let runtime = Runtime::new(VmConfig::default(), NativeRegistry::new());
    let (mut heap, mut extensions) = (Heap::new(), Extensions::new());
    let values: Vec<Value> = args
        .into_iter()
        .map(|a| match a {
            Arg::Address(a) => Value::Address(a),
            Arg::U256(s) => Value::U256(W256::from_u256(s.parse().unwrap())),
            Arg::Bytes(b) => Value::Ref(Ref {
                place: Place::Whole(heap.alloc(Container::Bytes(b))),
            }),
        })
        .collect();
    let mut ctx = NativeContext::detached(&mut heap, &runtime, &mut [], &mut extensions);
    let out = match native(&mut ctx, &[], &values) {
        Err(e) => Err(e.status()),
        Ok(NativeResult::Return(v)) => match v.as_slice() {
            [Value::Bool(b)] => Ok(Ok(*b)),
            other => panic!("returned {other:?}"),
        },
        Ok(NativeResult::Abort(code)) => Ok(Err(code)),
        Ok(_) => panic!("dispatched"),
    };
    (out, ctx.gas_charged)
}

fn check_id(address: &str, name: &[u8], value: &[u8], iss: &[u8], aud: &[u8]) -> Result<bool, u64> {
    let args = vec![
        Arg::Address(self::address(address)),
        Arg::Bytes(name.to_vec()),
        Arg::Bytes(value.to_vec()),
        Arg::Bytes(iss.to_vec()),
        Arg::Bytes(aud.to_vec()),
        Arg::U256(PIN_HASH),
    ];
    let (out, gas) = call("zklogin_verified_id", "check_zklogin_id_internal", args);
    assert_eq!(gas, 200);
    out.unwrap()
}

fn check_issuer(address: &str, seed: &'static str, iss: &[u8]) -> Result<bool, u64> {
    let args = vec![
        Arg::Address(self::address(address)),
        Arg::U256(seed),
        Arg::Bytes(iss.to_vec()),
    ];
    let (out, gas) = call(
        "zklogin_verified_issuer",
        "check_zklogin_issuer_internal",
        args,
    );
    assert_eq!(gas, 200);
    out.unwrap()
}

#[test]
fn check_zklogin_id_answers_and_aborts_as_sui() {
    let other = "006b623a2f2c91333df730c98d220f11484953b391a3818680f922c264cc0c6b";
    assert_eq!(check_id(ADDRESS, b"sub", SUB, GOOGLE, AUD), Ok(true));
    assert_eq!(check_id(other, b"sub", SUB, GOOGLE, AUD), Ok(false));
    assert_eq!(check_id(ADDRESS, b"email", SUB, GOOGLE, AUD), Ok(false));
    // Issuer and audience are not interchangeable.
    assert_eq!(check_id(ADDRESS, b"sub", SUB, AUD, GOOGLE), Ok(false));
    let not_utf8 = b"\xc3\x28";
    assert_eq!(
        check_id(ADDRESS, not_utf8, SUB, GOOGLE, AUD),
        Err(INVALID_INPUT)
    );
    assert_eq!(
        check_id(ADDRESS, b"sub", not_utf8, GOOGLE, AUD),
        Err(INVALID_INPUT)
    );
    assert_eq!(
        check_id(ADDRESS, b"sub", SUB, not_utf8, AUD),
        Err(INVALID_INPUT)
    );
    assert_eq!(
        check_id(ADDRESS, b"sub", SUB, GOOGLE, not_utf8),
        Err(INVALID_INPUT)
    );
    let long = [b'a'; 146];
    assert_eq!(
        check_id(ADDRESS, &long[..33], SUB, GOOGLE, AUD),
        Err(INVALID_INPUT)
    );
    assert_eq!(
        check_id(ADDRESS, b"sub", &long[..116], GOOGLE, AUD),
        Err(INVALID_INPUT)
    );
    assert_eq!(
        check_id(ADDRESS, b"sub", SUB, GOOGLE, &long),
        Err(INVALID_INPUT)
    );
    assert_eq!(check_id(ADDRESS, b"sub", SUB, &long, AUD), Ok(false));
    assert_eq!(
        check_id(ADDRESS, "ā".as_bytes(), SUB, GOOGLE, AUD),
        Err(INVALID_INPUT)
    );
}

#[test]
fn check_zklogin_issuer_answers_and_aborts_as_sui() {
    let other = "006b623a2f2c91333df730c98d220f11484953b391a3818680f922c264cc0c6b";
    assert_eq!(check_issuer(ADDRESS, SEED, GOOGLE), Ok(true));
    assert_eq!(check_issuer(other, SEED, GOOGLE), Ok(false));
    assert_eq!(check_issuer(ADDRESS, "1234", GOOGLE), Ok(false));
    assert_eq!(
        check_issuer(ADDRESS, SEED, b"https://other.issuer.com"),
        Ok(false)
    );
    assert_eq!(check_issuer(ADDRESS, SEED, b"\xff"), Err(INVALID_INPUT));
}

#[test]
fn arguments_of_the_wrong_kind_are_an_invariant_violation() {
    let args = vec![
        Arg::U256(SEED),
        Arg::U256(SEED),
        Arg::Bytes(GOOGLE.to_vec()),
    ];
    let (out, _) = call(
        "zklogin_verified_issuer",
        "check_zklogin_issuer_internal",
        args,
    );
    assert_eq!(out, Err(StatusCode::UNKNOWN_INVARIANT_VIOLATION_ERROR));
    let args = vec![
        Arg::Address(address(ADDRESS)),
        Arg::Bytes(vec![]),
        Arg::Bytes(vec![]),
    ];
    let (out, _) = call(
        "zklogin_verified_issuer",
        "check_zklogin_issuer_internal",
        args,
    );
    assert_eq!(out, Err(StatusCode::UNKNOWN_INVARIANT_VIOLATION_ERROR));
}
