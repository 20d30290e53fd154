//! Sui's binary format as Sui mainnet's deserializer (protocol 130) reads it: each byte-level
//! change of one small Sui v7 module is refused with the status Sui's deserializer reports
//! (checked against it), and the module itself reads and writes back unchanged.
//!
//! The module (`0x42::e`): `enum Color has copy + drop { Red { x: u64 }, Green { y: bool } }`
//! and `public fun pick(l0: Color): u64` that switches on `&l0` through one jump table.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use tern_binary::{Bytecode, CompiledModule, DeserializerConfig, Flavor};
use tern_primitives::StatusCode;

const MODULE_HEX: &str = "a11ceb0b0700000508010002020204030605050b0607111b082c200c4c2411700b000000010300000200010001080001030001650543\
6f6c6f72047069636b03526564017805477265656e017900000000000000000000000000000000000000000000000000000000000000420001\
000002060e0056000601000000000000000206020000000000000002010002010204000202030104030501060100";

/// Offsets in the module: the version word, a `u64` token of the return signature, the first
/// instruction (`imm_borrow_loc 0`), the jump-table operand of `variant_switch`, the jump
/// table's enum, flag and second target, and the enum definition's flag.
const VERSION: usize = 4;
const U64_TOKEN: usize = 0x30;
const FIRST_OPCODE: usize = 0x73;
const SWITCH_OPERAND: usize = 0x76;
const TABLE_COUNT: usize = 0x8b;
const TABLE_ENUM: usize = 0x8c;
const TABLE_FLAG: usize = 0x8e;
const TABLE_SECOND_TARGET: usize = 0x90;
const ENUM_FLAG: usize = 0x92;

fn module_bytes() -> Vec<u8> {
    (0..MODULE_HEX.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&MODULE_HEX[i..i + 2], 16).unwrap())
        .collect()
}

fn read(bytes: &[u8]) -> Result<CompiledModule, StatusCode> {
    CompiledModule::deserialize_with_config(bytes, &DeserializerConfig::sui())
        .map_err(|e| e.status())
}

fn with(edits: &[(usize, &[u8])]) -> Vec<u8> {
    let mut bytes = module_bytes();
    for (at, new) in edits {
        bytes[*at..*at + new.len()].copy_from_slice(new);
    }
    bytes
}

#[test]
fn the_module_reads_and_writes_back_unchanged() {
    let bytes = module_bytes();
    let m = read(&bytes).unwrap();
    assert_eq!(m.flavor, Flavor::Sui);
    assert_eq!(m.version, 7);
    assert_eq!(m.enum_defs.len(), 1);
    let code = &m.function_defs[0].code.as_ref().unwrap();
    assert!(matches!(code.code[1], Bytecode::VariantSwitch(_)));
    assert_eq!(code.jump_tables[0].targets, vec![2, 4]);
    assert_eq!(m.serialize().unwrap(), bytes);
}

#[test]
fn version_words() {
    let version = |word: [u8; 4]| read(&with(&[(VERSION, &word)]));
    // v7 must carry the Sui flavor byte; v6 may not, and has no enums.
    assert_eq!(
        version([7, 0, 0, 0]).unwrap_err(),
        StatusCode::UNKNOWN_VERSION
    );
    assert_eq!(version([6, 0, 0, 0]).unwrap_err(), StatusCode::MALFORMED);
    assert_eq!(version([6, 0, 0, 5]).unwrap_err(), StatusCode::MALFORMED);
    // Below Sui's minimum, above its maximum, or another flavor.
    assert_eq!(
        version([5, 0, 0, 0]).unwrap_err(),
        StatusCode::UNKNOWN_VERSION
    );
    assert_eq!(
        version([8, 0, 0, 5]).unwrap_err(),
        StatusCode::UNKNOWN_VERSION
    );
    assert_eq!(
        version([7, 0, 0, 6]).unwrap_err(),
        StatusCode::UNKNOWN_VERSION
    );
}

#[test]
fn trailing_bytes_are_refused() {
    let mut bytes = module_bytes();
    bytes.push(0);
    assert_eq!(read(&bytes).unwrap_err(), StatusCode::TRAILING_BYTES);
}

#[test]
fn unknown_flags_are_refused() {
    assert_eq!(
        read(&with(&[(ENUM_FLAG, &[5])])).unwrap_err(),
        StatusCode::UNKNOWN_ENUM_FLAG
    );
    assert_eq!(
        read(&with(&[(TABLE_FLAG, &[2])])).unwrap_err(),
        StatusCode::UNKNOWN_JUMP_TABLE_FLAG
    );
}

#[test]
fn aptos_only_tokens_and_instructions_are_unknown() {
    // 0x10 is a signed integer type in Aptos's format.
    assert_eq!(
        read(&with(&[(U64_TOKEN, &[0x10])])).unwrap_err(),
        StatusCode::UNKNOWN_SERIALIZED_TYPE
    );
    // Closures and signed-integer loads in Aptos's format.
    for op in [0x57u8, 0x58, 0x5f] {
        assert_eq!(
            read(&with(&[(FIRST_OPCODE, &[op])])).unwrap_err(),
            StatusCode::UNKNOWN_OPCODE,
            "opcode {op:#04x}"
        );
    }
}

#[test]
fn global_storage_instructions_are_deprecated() {
    for op in [0x29u8, 0x2a, 0x3b] {
        assert_eq!(
            read(&with(&[(FIRST_OPCODE, &[op])])).unwrap_err(),
            StatusCode::DEPRECATED_BYTECODE_FORMAT,
            "opcode {op:#04x}"
        );
    }
}

#[test]
fn jump_tables_are_bounds_checked() {
    for (what, at, value) in [
        ("switch operand", SWITCH_OPERAND, 1u8),
        ("table enum", TABLE_ENUM, 1),
        ("table target", TABLE_SECOND_TARGET, 9),
    ] {
        assert_eq!(
            read(&with(&[(at, &[value])])).unwrap_err(),
            StatusCode::INDEX_OUT_OF_BOUNDS,
            "{what}"
        );
    }
    // Without its table the switch's operand names nothing, and the table's bytes are
    // misread.
    assert_eq!(
        read(&with(&[(TABLE_COUNT, &[0])])).unwrap_err(),
        StatusCode::MALFORMED
    );
}

#[test]
fn an_aptos_reader_refuses_sui_binaries_and_detection_reads_both() {
    let bytes = module_bytes();
    let aptos = CompiledModule::deserialize_with_config(&bytes, &DeserializerConfig::default());
    assert!(aptos.is_err());
    let detected =
        CompiledModule::deserialize_with_config(&bytes, &DeserializerConfig::detect(Flavor::Aptos))
            .unwrap();
    assert_eq!(detected.flavor, Flavor::Sui);
}

#[test]
fn tables_are_limited_as_on_mainnet() {
    // At most 100 addresses (protocol 130); the format itself allows 65535.
    let with_addresses = |count: u64| {
        let mut m = read(&module_bytes()).unwrap();
        let extra = (1..count).map(|i| tern_primitives::AccountAddress::from_u64(0x1000 + i));
        m.address_identifiers.extend(extra);
        m.serialize().unwrap()
    };
    read(&with_addresses(100)).unwrap();
    assert_eq!(
        read(&with_addresses(101)).unwrap_err(),
        StatusCode::MALFORMED
    );
    let unlimited = DeserializerConfig {
        sui_table_limits: tern_binary::SuiTableLimits::UNLIMITED,
        ..DeserializerConfig::sui()
    };
    CompiledModule::deserialize_with_config(&with_addresses(101), &unlimited).unwrap();
}
