//! What calling a native costs: each hash of Tern's standard library and of AptosStdlib's
//! `aptos_hash` and the generic `bcs::to_bytes` at several input sizes, and Aptos's Ed25519, MultiEd25519 and BLS12-381
//! verification and secp256k1 recovery once each, beside a Move call of the same shape (`id_bytes`, which takes and
//! returns a `vector<u8>`).
//!
//! Each case is a counted loop whose body calls the native on inputs held in locals
//! (`copy_loc` of each argument, the call, `pop` of each result), timed at several iteration
//! counts; the slope of a least-squares line is the cost of one iteration. The same loop
//! without the call (the copies and pops alone) is subtracted, so a row is the call itself:
//! the native's work and the VM's cost of calling it. The natives run with the Aptos sets
//! registered (`tern::aptos_framework_natives`), declared by small modules at `0x1`.

use crate::error::BenchError;
use crate::harness::{prepare_published, run, Prepared};
use crate::opcodes::least_squares;
use crate::stats::{measure, MeasureConfig};
use std::fmt::Write as _;
use tern::{InMemoryStorage, MoveValue, Vm, VmConfig};

/// Declarations of the AptosStdlib natives the cases call, at `0x1` beside Tern's standard
/// library (the natives are found by address, module and name).
const DECLARATIONS: [&str; 5] = [
    "module 0x1::aptos_hash
public native fun sip_hash(bytes: vector<u8>): u64
public native fun keccak256(bytes: vector<u8>): vector<u8>
public native fun sha2_512_internal(bytes: vector<u8>): vector<u8>
public native fun sha3_512_internal(bytes: vector<u8>): vector<u8>
public native fun ripemd160_internal(bytes: vector<u8>): vector<u8>
public native fun blake2b_256_internal(bytes: vector<u8>): vector<u8>
",
    "module 0x1::ed25519
public native fun signature_verify_strict_internal(signature: vector<u8>, public_key: vector<u8>, message: vector<u8>): bool
",
    "module 0x1::secp256k1
public native fun ecdsa_recover_internal(message: vector<u8>, recovery_id: u8, signature: vector<u8>): (vector<u8>, bool)
",
    "module 0x1::multi_ed25519
public native fun signature_verify_strict_internal(multisignature: vector<u8>, public_key: vector<u8>, message: vector<u8>): bool
",
    "module 0x1::bls12381
public native fun verify_normal_signature_internal(signature: vector<u8>, public_key: vector<u8>, message: vector<u8>): bool
",
];

/// Input sizes of the hash cases, in bytes.
pub const HASH_SIZES: [usize; 3] = [0, 1024, 16 * 1024];

/// Loop iteration counts each line is fitted through.
const ITERATIONS: [u64; 4] = [50, 100, 150, 200];

/// One measured case.
#[derive(Debug, Clone, PartialEq)]
pub struct NativeCall {
    /// What is called (`hash::sha3_256`, `Move call id_bytes`).
    pub name: String,
    /// Bytes of the main input (the message, for the signatures).
    pub input_bytes: usize,
    /// Nanoseconds of one call, the argument copies and result pops removed.
    pub ns_per_call: f64,
    /// Standard error of that figure (from the two fits).
    pub stderr: f64,
}

/// A loop calling `call` (lines over the locals `d`, `s`, `k`, `r`) once per iteration.
fn source(call: &str) -> String {
    let mut s = String::from(
        "module 0xbe::natives
fun id_bytes(x: vector<u8>): vector<u8>
    move_loc x
    ret

public fun run(d: vector<u8>, s: vector<u8>, k: vector<u8>, r: u8, n: u64)
    local i: u64
    ld_u64 0
    st_loc i
head:
    copy_loc i
    copy_loc n
    lt
    br_false done
    move_loc i
    ld_u64 1
    add
    st_loc i
",
    );
    for line in call.split(';').map(str::trim).filter(|l| !l.is_empty()) {
        let _ = writeln!(s, "    {line}");
    }
    s.push_str("    branch head\ndone:\n    ret\n");
    s
}

/// A VM with Tern's standard library, the Aptos natives and their declarations.
fn vm() -> Result<Vm, BenchError> {
    let mut vm = Vm::with_parts(
        VmConfig::default(),
        tern::aptos_framework_natives(),
        Box::new(InMemoryStorage::new()),
    );
    vm.publish_stdlib()?;
    // The declarations of the framework's natives go where the framework has them.
    vm.set_reserved_publishing(true);
    for module in DECLARATIONS {
        vm.publish_masm(module)
            .map_err(|e| BenchError::Count(format!("native declarations: {e}")))?;
    }
    Ok(vm)
}

/// Publishes `source` on a fresh [`vm`] (it may call the declared natives) and prepares
/// `function`.
fn prepare(source: &str, function: &str, args: Vec<Vec<u8>>) -> Result<Prepared, BenchError> {
    let mut vm = vm()?;
    let module = vm
        .publish_masm(source)
        .map_err(|e| BenchError::Assemble(e.to_string()))?;
    prepare_published(vm, module, function, &[], args)
}

/// The arguments of `run`: data, signature, key, recovery id, iterations.
struct Inputs {
    data: Vec<u8>,
    signature: Vec<u8>,
    key: Vec<u8>,
    recovery: u8,
}

impl Inputs {
    fn args(&self, n: u64) -> Vec<Vec<u8>> {
        let bytes = |b: &[u8]| MoveValue::Vector(b.iter().map(|x| MoveValue::U8(*x)).collect());
        vec![
            bytes(&self.data).to_bcs(),
            bytes(&self.signature).to_bcs(),
            bytes(&self.key).to_bcs(),
            MoveValue::U8(self.recovery).to_bcs(),
            MoveValue::U64(n).to_bcs(),
        ]
    }
}

/// The slope (ns per iteration) and its standard error of the loop over `call`.
fn slope(call: &str, inputs: &Inputs, config: &MeasureConfig) -> Result<(f64, f64), BenchError> {
    let mut p: Prepared = prepare(&source(call), "run", inputs.args(1))?;
    let (mut xs, mut ys) = (Vec::new(), Vec::new());
    for n in ITERATIONS {
        p.set_args(inputs.args(n));
        let samples = measure(|| run(&p), config, &mut |_, _| {})?;
        let fastest = samples
            .ns_per_call
            .iter()
            .copied()
            .fold(f64::INFINITY, f64::min);
        xs.push(n as f64);
        ys.push(fastest);
    }
    let (_, b, se) = least_squares(&xs, &ys);
    Ok((b, se))
}

/// One case: the loop with the call, minus the loop with only its copies and pops.
fn case(
    name: &str,
    call: &str,
    baseline: &str,
    inputs: &Inputs,
    config: &MeasureConfig,
) -> Result<NativeCall, BenchError> {
    let (with, se1) = slope(call, inputs, config)?;
    let (without, se2) = slope(baseline, inputs, config)?;
    Ok(NativeCall {
        name: name.to_string(),
        input_bytes: inputs.data.len(),
        ns_per_call: with - without,
        stderr: (se1 * se1 + se2 * se2).sqrt(),
    })
}

/// The hashes: (row name, function to call).
const HASHES: [(&str, &str); 8] = [
    ("hash::sha2_256", "0x1::hash::sha2_256"),
    ("hash::sha3_256", "0x1::hash::sha3_256"),
    ("aptos_hash::keccak256", "0x1::aptos_hash::keccak256"),
    ("aptos_hash::sha2_512", "0x1::aptos_hash::sha2_512_internal"),
    ("aptos_hash::sha3_512", "0x1::aptos_hash::sha3_512_internal"),
    (
        "aptos_hash::ripemd160",
        "0x1::aptos_hash::ripemd160_internal",
    ),
    (
        "aptos_hash::blake2b_256",
        "0x1::aptos_hash::blake2b_256_internal",
    ),
    ("aptos_hash::sip_hash", "0x1::aptos_hash::sip_hash"),
];

/// The generic native's row name.
const GENERIC: &str = "bcs::to_bytes<vector<u8>>";

/// Measures every case whose name contains `filter` (all without one); `progress(name)` is
/// called before each.
pub fn measure_all(
    filter: Option<&str>,
    config: &MeasureConfig,
    progress: &mut dyn FnMut(&str),
) -> Result<Vec<NativeCall>, BenchError> {
    let wanted = |name: &str| filter.is_none_or(|f| name.contains(f));
    let mut rows = Vec::new();
    let copy_pop = "copy_loc d; pop";
    for size in HASH_SIZES {
        let inputs = Inputs {
            data: (0..size).map(|i| i as u8).collect(),
            signature: Vec::new(),
            key: Vec::new(),
            recovery: 0,
        };
        if wanted("Move call") {
            progress(&format!("Move call id_bytes ({size} B)"));
            let call = "copy_loc d; call id_bytes; pop";
            rows.push(case("Move call id_bytes", call, copy_pop, &inputs, config)?);
        }
        for (name, function) in HASHES {
            if !wanted(name) {
                continue;
            }
            progress(&format!("{name} ({size} B)"));
            let call = format!("copy_loc d; call {function}; pop");
            rows.push(case(name, &call, copy_pop, &inputs, config)?);
        }
        // A generic native: its instantiation is remembered by the call site.
        if wanted(GENERIC) {
            progress(&format!("{GENERIC} ({size} B)"));
            let call = "borrow_loc d; call 0x1::bcs::to_bytes<vector<u8>>; pop";
            rows.push(case(GENERIC, call, "borrow_loc d; pop", &inputs, config)?);
        }
    }
    let three = "copy_loc s; pop; copy_loc k; pop; copy_loc d; pop";
    if wanted("ed25519") {
        progress("ed25519::signature_verify_strict");
        let inputs = ed25519_inputs();
        let call =
            "copy_loc s; copy_loc k; copy_loc d; call 0x1::ed25519::signature_verify_strict_internal; pop";
        rows.push(case(
            "ed25519::signature_verify_strict",
            call,
            three,
            &inputs,
            config,
        )?);
    }
    if wanted("multi_ed25519") {
        progress("multi_ed25519::signature_verify_strict (2 of 3)");
        let inputs = multi_ed25519_inputs();
        let call = "copy_loc s; copy_loc k; copy_loc d; call 0x1::multi_ed25519::signature_verify_strict_internal; pop";
        rows.push(case(
            "multi_ed25519::signature_verify_strict (2 of 3)",
            call,
            three,
            &inputs,
            config,
        )?);
    }
    if wanted("bls12381") {
        progress("bls12381::verify_normal_signature");
        let inputs = bls12381_inputs()?;
        let call = "copy_loc s; copy_loc k; copy_loc d; call 0x1::bls12381::verify_normal_signature_internal; pop";
        rows.push(case(
            "bls12381::verify_normal_signature",
            call,
            three,
            &inputs,
            config,
        )?);
    }
    if wanted("secp256k1") {
        progress("secp256k1::ecdsa_recover");
        let inputs = secp256k1_inputs()?;
        let call = "copy_loc d; copy_loc r; copy_loc s; call 0x1::secp256k1::ecdsa_recover_internal; pop; pop";
        let baseline = "copy_loc d; pop; copy_loc r; pop; copy_loc s; pop";
        rows.push(case(
            "secp256k1::ecdsa_recover",
            call,
            baseline,
            &inputs,
            config,
        )?);
    }
    Ok(rows)
}

/// A valid Ed25519 signature of a 32-byte message under a fixed key.
fn ed25519_inputs() -> Inputs {
    use ed25519_dalek::Signer;
    let key = ed25519_dalek::SigningKey::from_bytes(&[7u8; 32]);
    let message: Vec<u8> = (0..32).collect();
    let signature = key.sign(&message);
    Inputs {
        data: message,
        signature: signature.to_bytes().to_vec(),
        key: key.verifying_key().to_bytes().to_vec(),
        recovery: 0,
    }
}

/// A 2-of-3 MultiEd25519 signature of a 32-byte message: three keys then the threshold
/// byte; keys 0 and 2 sign, the bitmap's most significant bits first.
fn multi_ed25519_inputs() -> Inputs {
    use ed25519_dalek::Signer;
    let keys: Vec<_> = (1..=3u8)
        .map(|i| ed25519_dalek::SigningKey::from_bytes(&[i; 32]))
        .collect();
    let message: Vec<u8> = (0..32).collect();
    let mut key = Vec::new();
    for k in &keys {
        key.extend_from_slice(&k.verifying_key().to_bytes());
    }
    key.push(2);
    let mut signature = Vec::new();
    for i in [0usize, 2] {
        if let Some(k) = keys.get(i) {
            signature.extend_from_slice(&k.sign(&message).to_bytes());
        }
    }
    signature.extend_from_slice(&[0b1010_0000, 0, 0, 0]);
    Inputs {
        data: message,
        signature,
        key,
        recovery: 0,
    }
}

/// A BLS12-381 signature (minimal-pubkey-size, Aptos's proof-of-possession ciphersuite) of
/// a 32-byte message under a fixed key.
fn bls12381_inputs() -> Result<Inputs, BenchError> {
    const DST: &[u8] = b"BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_";
    let key = blst::min_pk::SecretKey::key_gen(&[7u8; 32], &[])
        .map_err(|e| BenchError::Count(format!("bls12381 key: {e:?}")))?;
    let message: Vec<u8> = (0..32).collect();
    let signature = key.sign(&message, DST, &[]);
    Ok(Inputs {
        data: message,
        signature: signature.compress().to_vec(),
        key: key.sk_to_pk().compress().to_vec(),
        recovery: 0,
    })
}

/// A recoverable secp256k1 signature of a 32-byte message hash under a fixed key.
fn secp256k1_inputs() -> Result<Inputs, BenchError> {
    let key = k256::ecdsa::SigningKey::from_bytes(&[7u8; 32].into())
        .map_err(|e| BenchError::Count(format!("secp256k1 key: {e}")))?;
    let message: Vec<u8> = (0..32).collect();
    let (signature, recovery) = key
        .sign_prehash_recoverable(&message)
        .map_err(|e| BenchError::Count(format!("secp256k1 signature: {e}")))?;
    Ok(Inputs {
        data: message,
        signature: signature.to_bytes().to_vec(),
        key: Vec::new(),
        recovery: recovery.to_byte(),
    })
}

/// The table: each row, and for the hashes the cost per byte between the smallest and the
/// largest input, and each call against the Move call of the same input size.
pub fn render(rows: &[NativeCall]) -> String {
    let mut out = String::from(
        "native                              input   ns/call (± se)      ns/byte   × Move call\n",
    );
    let move_call = |bytes: usize| {
        rows.iter()
            .find(|r| r.name == "Move call id_bytes" && r.input_bytes == bytes)
            .map(|r| r.ns_per_call)
    };
    for r in rows {
        let per_byte = match (
            r.input_bytes,
            rows.iter().find(|o| o.name == r.name && o.input_bytes == 0),
        ) {
            (b, Some(zero)) if b > 0 && r.name != "Move call id_bytes" => {
                format!("{:>9.3}", (r.ns_per_call - zero.ns_per_call) / b as f64)
            }
            _ => format!("{:>9}", "-"),
        };
        let ratio = match move_call(r.input_bytes) {
            Some(m) if m > 0.0 && r.name != "Move call id_bytes" => {
                format!("{:>10.1}", r.ns_per_call / m)
            }
            _ => format!("{:>10}", "-"),
        };
        let _ = writeln!(
            out,
            "{:<34} {:>7} {:>10.1} (± {:>5.1}) {per_byte} {ratio}",
            r.name,
            format!("{} B", r.input_bytes),
            r.ns_per_call,
            r.stderr
        );
    }
    out
}

/// The rows as CSV.
pub fn csv(rows: &[NativeCall]) -> String {
    let mut out = String::from("native,input_bytes,ns_per_call,stderr\n");
    for r in rows {
        let _ = writeln!(
            out,
            "{},{},{:.3},{:.3}",
            r.name, r.input_bytes, r.ns_per_call, r.stderr
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::harness::run_results;
    use std::time::Duration;

    /// Every case's loop runs and calls what it names: one iteration each, checked by its
    /// result where the call has one to check.
    #[test]
    fn every_case_runs_with_valid_inputs() {
        let config = MeasureConfig {
            budget: crate::stats::Budget::Time(Duration::from_millis(1)),
            samples: 1,
            warmup: Duration::from_millis(0),
        };
        let rows = measure_all(Some("ed25519"), &config, &mut |_| {}).unwrap();
        assert_eq!(rows.len(), 2, "ed25519 and multi_ed25519");
        // The signature verifies: the loop below returns nothing, so check the native's
        // answer through a function that returns it.
        let inputs = ed25519_inputs();
        let src = "module 0xbe::check
public fun check(s: vector<u8>, k: vector<u8>, d: vector<u8>): bool
    move_loc s
    move_loc k
    move_loc d
    call 0x1::ed25519::signature_verify_strict_internal
    ret
";
        let args = inputs.args(0);
        let args = vec![args[1].clone(), args[2].clone(), args[0].clone()];
        let p = prepare(src, "check", args).unwrap();
        assert_eq!(run_results(&p).unwrap(), vec![vec![1u8]]);
        let rows = measure_all(Some("secp256k1"), &config, &mut |_| {}).unwrap();
        assert_eq!(rows.len(), 1);
        // The other two schemes' inputs verify too.
        for (native, inputs) in [
            ("multi_ed25519", multi_ed25519_inputs()),
            ("bls12381", bls12381_inputs().unwrap()),
        ] {
            let function = match native {
                "bls12381" => "verify_normal_signature_internal",
                _ => "signature_verify_strict_internal",
            };
            let src = format!(
                "module 0xbe::check_{native}
public fun check(s: vector<u8>, k: vector<u8>, d: vector<u8>): bool
    move_loc s
    move_loc k
    move_loc d
    call 0x1::{native}::{function}
    ret
"
            );
            let args = inputs.args(0);
            let args = vec![args[1].clone(), args[2].clone(), args[0].clone()];
            let p = prepare(&src, "check", args).unwrap();
            assert_eq!(run_results(&p).unwrap(), vec![vec![1u8]], "{native}");
        }
        let rows = measure_all(Some("sip_hash"), &config, &mut |_| {}).unwrap();
        assert_eq!(rows.len(), HASH_SIZES.len());
        assert!(render(&rows).contains("aptos_hash::sip_hash"));
        assert_eq!(csv(&rows).lines().count(), HASH_SIZES.len() + 1);
    }
}
