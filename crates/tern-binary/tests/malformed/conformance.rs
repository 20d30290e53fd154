//! The conformance cases of `binary-format.md` §13 (numbered as there), built by hand.
//! Cases 73 and 74 use corpus files and live in `corpus_roundtrip.rs`.

use super::builder::*;
use tern_binary::{
    CompiledModule, CompiledScript, DeserializerConfig, FunctionAttribute, TableKind,
};
use tern_primitives::StatusCode;
use StatusCode::*;

fn module(bytes: &[u8]) -> Result<CompiledModule, StatusCode> {
    CompiledModule::deserialize(bytes).map_err(|e| e.status)
}

fn script(bytes: &[u8]) -> Result<CompiledScript, StatusCode> {
    CompiledScript::deserialize(bytes).map_err(|e| e.status)
}

fn m(b: &Bin) -> Result<CompiledModule, StatusCode> {
    module(&b.bytes())
}

fn s(b: &Bin) -> Result<CompiledScript, StatusCode> {
    script(&b.bytes())
}

fn err(b: &Bin) -> StatusCode {
    m(b).err()
        .unwrap_or_else(|| panic!("expected an error for {b:?}"))
}

#[test]
fn c01_bad_magic() {
    for bytes in [
        &[][..],
        &[0xA1, 0x1C, 0xEB],
        &[0xA1, 0x1C, 0xEB, 0x0C, 9, 0, 0, 0x0A, 0],
    ] {
        assert_eq!(module(bytes).unwrap_err(), BAD_MAGIC);
        assert_eq!(script(bytes).unwrap_err(), BAD_MAGIC);
    }
}

#[test]
fn c02_header_too_short() {
    let magic = [0xA1, 0x1C, 0xEB, 0x0B];
    assert_eq!(module(&magic).unwrap_err(), MALFORMED);
    assert_eq!(
        module(&[0xA1, 0x1C, 0xEB, 0x0B, 9, 0, 0]).unwrap_err(),
        MALFORMED
    );
}

#[test]
fn c03_version_words() {
    for (w, ok) in [
        (0x0A00_0009u32, true),
        (0x0000_0009, true),
        (0x0800_0009, true),
        (0x0200_0009, true),
        (0x0A00_0006, true),
        (0x0B00_0009, false),
        (0x0100_0009, false),
        (0xFF00_0009, false),
        (0xF500_0009, false),
        (0x0A01_0009, false),
        (0x0A00_0000, false),
        (0x0A00_000B, false),
    ] {
        let mut b = Bin::module(9);
        b.word = w;
        match m(&b) {
            Ok(module) => {
                assert!(ok, "{w:#x}");
                assert_eq!(module.version, w & 0xFF);
            }
            Err(status) => {
                assert!(!ok, "{w:#x}");
                assert_eq!(status, UNKNOWN_VERSION, "{w:#x}");
            }
        }
    }
}

#[test]
fn c04_config_max_version() {
    let bytes = Bin::module(10).bytes();
    let cfg = DeserializerConfig::new(9, 255);
    let e = CompiledModule::deserialize_with_config(&bytes, &cfg).unwrap_err();
    assert_eq!(e.status, UNKNOWN_VERSION);
    // the effective max is min(config, 10)
    let mut b = Bin::module(9);
    b.word = 11;
    let cfg = DeserializerConfig::new(u32::MAX, 255);
    let e = CompiledModule::deserialize_with_config(&b.bytes(), &cfg).unwrap_err();
    assert_eq!(e.status, UNKNOWN_VERSION);
}

/// Header bytes (magic + v9 word) followed by `rest`.
fn raw(rest: &[u8]) -> Vec<u8> {
    let mut out = vec![0xA1, 0x1C, 0xEB, 0x0B, 0x09, 0x00, 0x00, 0x0A];
    out.extend_from_slice(rest);
    out
}

#[test]
fn c05_c06_table_count() {
    assert_eq!(module(&raw(&[0x87, 0x00])).unwrap_err(), MALFORMED);
    assert_eq!(module(&raw(&[0x80, 0x02])).unwrap_err(), MALFORMED);
}

#[test]
fn c07_unknown_table_kind() {
    for kind in [0x00, 0x09, 0x15, 0xFF] {
        let b = Bin::module(9).with(kind, vec![0x00]);
        assert_eq!(err(&b), UNKNOWN_TABLE_TYPE, "{kind:#x}");
    }
    // a truncated entry with a bad kind is MALFORMED (offset/length read first)
    assert_eq!(module(&raw(&[0x01, 0x09, 0x00])).unwrap_err(), MALFORMED);
    assert_eq!(module(&raw(&[0x01])).unwrap_err(), MALFORMED);
}

#[test]
fn c08_duplicate_table() {
    // contiguous duplicate: split the address table into two ADDR entries
    let b2 = Bin::module(9).with(ADDR, vec![0; 64]);
    let mut dir2 = b2.directory();
    let (k, off, _) = dir2[2];
    dir2[2] = (k, off, 32);
    dir2.push((ADDR, off + 32, 32));
    let e = CompiledModule::deserialize(&b2.bytes_with_directory(&dir2)).unwrap_err();
    assert_eq!(e.status, DUPLICATE_TABLE);
    assert_eq!(e.location.table, Some(TableKind::AddressIdentifiers));
}

#[test]
fn c09_empty_table() {
    let b = Bin::module(9);
    let mut dir = b.directory();
    let end = dir.iter().map(|e| e.1 + e.2).max().unwrap();
    dir.push((SH, end, 0));
    assert_eq!(
        module(&b.bytes_with_directory(&dir)).unwrap_err(),
        BAD_HEADER_TABLE
    );
}

#[test]
fn c10_gap_overlap_first_not_at_zero() {
    let b = Bin::module(9);
    let dir = b.directory();
    let mut gap = dir.clone();
    gap[2].1 += 1;
    let mut overlap = dir.clone();
    overlap[1].1 -= 1;
    let shifted: Vec<_> = dir.iter().map(|(k, o, l)| (*k, o + 1, *l)).collect();
    for d in [gap, overlap, shifted] {
        assert_eq!(
            module(&b.bytes_with_directory(&d)).unwrap_err(),
            BAD_HEADER_TABLE
        );
    }
}

#[test]
fn c11_c12_last_table_too_long() {
    let b = Bin::module(9);
    let mut dir = b.directory();
    dir[2].2 += 5;
    assert_eq!(
        module(&b.bytes_with_directory(&dir)).unwrap_err(),
        MALFORMED
    );
    let b = Bin::module(9);
    let mut dir = b.directory();
    dir[2].2 += 100;
    assert_eq!(
        module(&b.bytes_with_directory(&dir)).unwrap_err(),
        BAD_HEADER_TABLE
    );
}

#[test]
fn c13_c14_c15_self_handle() {
    assert_eq!(module(&raw(&[0x00, 0x00])).unwrap_err(), NO_MODULE_HANDLES);
    assert_eq!(module(&raw(&[0x00])).unwrap_err(), MALFORMED);
    assert_eq!(err(&Bin::module(9).tail(vec![0x01])), INDEX_OUT_OF_BOUNDS);
}

#[test]
fn c16_directory_and_content_order_are_free() {
    let canonical = Bin::module_with_code(9, 1, &[0x02]);
    let expected = module(&canonical.bytes()).unwrap().serialize().unwrap();
    let mut reordered = canonical.clone();
    reordered.tables.reverse();
    let mut dir = reordered.directory();
    dir.reverse();
    let bytes = reordered.bytes_with_directory(&dir);
    assert_ne!(bytes, expected);
    let module = module(&bytes).unwrap();
    assert_eq!(module.serialize().unwrap(), expected);
}

#[test]
fn c17_trailing_bytes_are_ignored() {
    let b = Bin::module(9);
    let mut bytes = b.bytes();
    bytes.extend([0xDE, 0xAD]);
    assert_eq!(module(&bytes).unwrap().serialize().unwrap(), b.bytes());
    let sc = Bin::script(9);
    let mut bytes = sc.bytes();
    bytes.extend([0x00; 7]);
    assert_eq!(script(&bytes).unwrap().serialize().unwrap(), sc.bytes());
}

fn with_ident(v: u32, text: &[u8]) -> Result<CompiledModule, StatusCode> {
    m(&Bin::module(v).with(IDENT, [ident(b"M"), ident(text)].concat()))
}

#[test]
fn c18_c19_c20_c21_identifiers() {
    for bad in [&b"_"[..], b"1abc", b""] {
        assert_eq!(with_ident(9, bad).unwrap_err(), MALFORMED);
    }
    let long = [b'a'; 255];
    for good in [&b"_x"[..], b"$x", b"<SELF>", b"<SELF>_12", &long] {
        assert!(with_ident(9, good).is_ok());
    }
    assert_eq!(with_ident(9, &[b'a'; 256]).unwrap_err(), MALFORMED);
    assert_eq!(with_ident(8, b"sha2$256").unwrap_err(), MALFORMED);
    assert!(with_ident(9, b"sha2$256").is_ok());
}

#[test]
fn c22_c23_c24_pools() {
    let cut = Bin::module(9).with(IDENT, vec![0x01, b'M', 0x05, b'a', b'b']);
    assert_eq!(err(&cut), MALFORMED);
    assert_eq!(err(&Bin::module(9).with(ADDR, vec![0; 31])), MALFORMED);
    let dup = Bin::module(9).with(IDENT, [ident(b"M"), ident(b"M")].concat());
    assert_eq!(m(&dup).unwrap().identifiers.len(), 2);
}

/// A module whose only function definition has the given visibility and flags.
fn fdef(vis: u8, flags: u8) -> Bin {
    let mut row = vec![0x00, vis, flags, 0x00];
    if flags & 0x02 == 0 {
        row.extend([0x00, 0x01, 0x02]);
    }
    Bin::module_with_code(9, 1, &[0x02]).with(FDEF, row)
}

#[test]
fn c25_c26_c27_function_definition_flags_and_visibility() {
    for flags in [0x03, 0x0A, 0x01, 0x08] {
        assert_eq!(err(&fdef(0x01, flags)), INVALID_FLAG_BITS, "{flags:#x}");
    }
    let f = m(&fdef(0x01, 0x06)).unwrap();
    assert!(f.function_defs[0].is_entry && f.function_defs[0].is_native());
    for vis in [0x02, 0x04] {
        assert_eq!(err(&fdef(vis, 0x00)), MALFORMED);
    }
}

#[test]
fn c28_c29_c30_code_units() {
    assert!(m(&Bin::module_with_code(9, 0, &[])).is_ok());
    assert_eq!(err(&Bin::module_with_code(9, 3, &[0x02])), MALFORMED);
    for op in [0x00, 0x69] {
        assert_eq!(err(&Bin::module_with_code(9, 1, &[op])), UNKNOWN_OPCODE);
    }
}

#[test]
fn c31_c32_c33_truncated_immediates() {
    let e = CompiledModule::deserialize(&Bin::module_with_code(9, 1, &[0x06, 1, 2]).bytes())
        .unwrap_err();
    assert_eq!(e.status, BAD_U64);
    assert_eq!(e.location.table, Some(TableKind::FunctionDefinitions));
    assert!(e.location.offset.is_some());
    assert_eq!(err(&Bin::module_with_code(9, 1, &[0x48, 1])), BAD_U16);
    assert_eq!(err(&Bin::module_with_code(9, 1, &[0x5C, 1])), MALFORMED);
}

#[test]
fn c34_c35_c36_opcode_gates() {
    assert_eq!(
        err(&Bin::module_with_code(5, 2, &[0x48, 1, 0, 0x02])),
        MALFORMED
    );
    assert_eq!(err(&Bin::module_with_code(9, 1, &[0x68])), MALFORMED);
    assert_eq!(
        err(&Bin::module_with_code(6, 2, &[0x52, 0, 0x02])),
        MALFORMED
    );
    assert_eq!(
        err(&Bin::module_with_code(6, 2, &[0x54, 0, 0x02])),
        INDEX_OUT_OF_BOUNDS
    );
    assert!(m(&Bin::module_with_code(10, 1, &[0x68])).is_ok());
}

#[test]
fn c37_c38_operands_out_of_range() {
    assert_eq!(
        err(&Bin::module_with_code(9, 2, &[0x0A, 0xC8, 0x01, 0x02])),
        INDEX_OUT_OF_BOUNDS
    );
    assert_eq!(
        err(&Bin::module_with_code(9, 1, &[0x05, 0xAC, 0x02])),
        INDEX_OUT_OF_BOUNDS
    );
}

/// A v-module whose signature pool is exactly `sig` (one row).
fn with_sig(v: u32, sig: Vec<u8>) -> Bin {
    Bin::module(v).with(SIG, sig)
}

#[test]
fn c39_c40_c41_token_tags() {
    for tag in [0x00, 0x17] {
        assert_eq!(err(&with_sig(9, vec![0x01, tag])), UNKNOWN_SERIALIZED_TYPE);
    }
    assert_eq!(err(&with_sig(8, vec![0x01, 0x11])), MALFORMED);
    assert_eq!(err(&with_sig(5, vec![0x01, 0x0D])), MALFORMED);
    assert_eq!(
        err(&with_sig(7, vec![0x01, 0x10, 0x00, 0x00, 0x00])),
        MALFORMED
    );
    let generic = Bin::module(9).with(SH, vec![0x00, 0x00, 0x00, 0x01, 0x00, 0x00]);
    assert_eq!(
        err(&generic.clone().with(SIG, vec![0x01, 0x0B, 0x00, 0x00])),
        MALFORMED
    );
}

#[test]
fn c42_struct_arity_mismatch() {
    let generic = Bin::module(9).with(SH, vec![0x00, 0x00, 0x00, 0x01, 0x00, 0x00]);
    let plain_use = generic.clone().with(SIG, vec![0x01, 0x08, 0x00]);
    assert_eq!(err(&plain_use), NUMBER_OF_TYPE_ARGUMENTS_MISMATCH);
    let two_args = generic
        .clone()
        .with(SIG, vec![0x01, 0x0B, 0x00, 0x02, 0x01, 0x01]);
    assert_eq!(err(&two_args), NUMBER_OF_TYPE_ARGUMENTS_MISMATCH);
    assert!(m(&generic.with(SIG, vec![0x01, 0x0B, 0x00, 0x01, 0x01])).is_ok());
}

#[test]
fn c43_c44_type_parameter_index() {
    let fh = Bin::module(9).with(FH, fh_row(9, 0));
    let b = fh.clone().with(SIG, vec![0x01, 0x09, 0xFF, 0xFF, 0x03]);
    assert_eq!(err(&b), INDEX_OUT_OF_BOUNDS);
    let b = fh.with(SIG, vec![0x01, 0x09, 0x80, 0x80, 0x04]);
    assert_eq!(err(&b), UNKNOWN_INVARIANT_VIOLATION_ERROR);
}

#[test]
fn c45_c46_signature_limits() {
    for (vectors, ok) in [(255, true), (256, false)] {
        let mut sig = vec![0x01];
        sig.extend(std::iter::repeat_n(0x0A, vectors));
        sig.push(0x01);
        assert_eq!(m(&with_sig(9, sig)).is_ok(), ok, "{vectors}");
    }
    let mut sig = vec![0x80, 0x02];
    sig.extend([0x01; 256]);
    assert_eq!(err(&with_sig(9, sig)), MALFORMED);
}

#[test]
fn c47_c48_struct_handle_abilities_and_phantom() {
    let sh = |bytes: Vec<u8>| m(&Bin::module(9).with(SH, bytes));
    assert!(sh(vec![0x00, 0x00, 0x0F, 0x00]).is_ok());
    assert_eq!(sh(vec![0x00, 0x00, 0x10, 0x00]).unwrap_err(), MALFORMED);
    let h = sh(vec![0x00, 0x00, 0x00, 0x01, 0x00, 0x01]).unwrap();
    assert!(h.struct_handles[0].type_parameters[0].is_phantom);
    assert_eq!(
        sh(vec![0x00, 0x00, 0x00, 0x01, 0x00, 0x02]).unwrap_err(),
        MALFORMED
    );
}

/// A module with one non-generic struct handle and the given STRUCT_DEFS bytes.
fn with_sdef(sdef: Vec<u8>) -> Bin {
    Bin::module(9)
        .with(SH, vec![0x00, 0x00, 0x00, 0x00])
        .with(SDEF, sdef)
}

#[test]
fn c49_c50_struct_definitions() {
    assert_eq!(
        err(&with_sdef(vec![0x00, 0x04])),
        UNKNOWN_NATIVE_STRUCT_FLAG
    );
    assert_eq!(err(&with_sdef(vec![0x00, 0x03, 0x00])), ZERO_VARIANTS_ERROR);
}

/// An enum with two variants of one u64 field each.
fn two_variant_enum() -> Bin {
    with_sdef(vec![
        0x00, 0x03, 0x02, 0x00, 0x01, 0x00, 0x03, 0x00, 0x01, 0x00, 0x03,
    ])
}

#[test]
fn c51_c52_c53_variant_and_field_handles() {
    assert_eq!(
        err(&two_variant_enum().with(VFH, vec![0x00, 0x00, 0x00])),
        ZERO_VARIANTS_ERROR
    );
    let b = two_variant_enum().with(VFH, vec![0x00, 0x00, 0x01, 0x05]);
    assert_eq!(err(&b), INDEX_OUT_OF_BOUNDS);
    assert!(m(&two_variant_enum().with(VFH, vec![0x00, 0x00, 0x02, 0x00, 0x01])).is_ok());
    assert_eq!(
        err(&two_variant_enum().with(FLDH, vec![0x00, 0x00])),
        INDEX_OUT_OF_BOUNDS
    );
}

/// A v-module with one function handle carrying the given access and attribute bytes.
fn with_fh(v: u32, access: &[u8], attrs: &[u8]) -> Result<CompiledModule, StatusCode> {
    let b = Bin::module(v)
        .with(FH, fh_row_with(v, 0, access, attrs))
        .with(SIG, vec![0x00]);
    m(&b)
}

#[test]
fn c54_c55_c56_c57_access_specifiers() {
    let none: &[u8] = &[0x00];
    assert_eq!(
        with_fh(9, &[0x02, 0x01, 0x03, 0x01, 0x01, 0x01], none).unwrap_err(),
        MALFORMED
    );
    for opt in [0x00, 0x03] {
        assert_eq!(with_fh(9, &[opt], none).unwrap_err(), MALFORMED);
    }
    assert_eq!(
        with_fh(9, &[0x02, 0x01, 0x01, 0x00, 0x01, 0x01], none).unwrap_err(),
        MALFORMED
    );
    let unchecked = [
        0x02, 0x01, 0x01, 0x01, 0x02, 0xFF, 0xFF, 0x03, 0x03, 0x00, 0x02, 0xFF, 0xFF, 0x03,
    ];
    assert!(with_fh(9, &unchecked, none).is_ok());
    let empty = with_fh(9, &[0x02, 0x00], none).unwrap();
    assert_eq!(empty.function_handles[0].access_specifiers, Some(vec![]));
    let bytes = empty.serialize().unwrap();
    assert_eq!(module(&bytes).unwrap(), empty);
}

#[test]
fn c58_c59_attributes() {
    let none: &[u8] = &[0x01];
    assert_eq!(with_fh(9, none, &[0x01, 0x03]).unwrap_err(), MALFORMED);
    assert!(with_fh(10, none, &[0x01, 0x03]).is_ok());
    let pv = with_fh(10, none, &[0x01, 0x04, 0x34, 0x12]).unwrap();
    assert_eq!(
        pv.function_handles[0].attributes,
        vec![FunctionAttribute::PackVariant(0x1234)]
    );
    assert!(with_fh(8, none, &[0x01, 0x02]).is_ok());
    let mut sixteen = vec![16];
    sixteen.extend([0x01; 16]);
    assert!(with_fh(9, none, &sixteen).is_ok());
    let mut seventeen = vec![17];
    seventeen.extend([0x01; 17]);
    assert_eq!(with_fh(9, none, &seventeen).unwrap_err(), MALFORMED);
    assert_eq!(with_fh(10, none, &[0x01, 0x0A]).unwrap_err(), MALFORMED);
}

#[test]
fn c60_c61_metadata() {
    let meta = |key_len: usize| {
        let mut row = super::builder::uleb(key_len as u64);
        row.extend(std::iter::repeat_n(b'k', key_len));
        row.push(0x00);
        row
    };
    assert!(m(&Bin::module(9).with(META, meta(1023))).is_ok());
    assert_eq!(err(&Bin::module(9).with(META, meta(1024))), MALFORMED);
    assert_eq!(err(&Bin::module(4).with(META, meta(1))), MALFORMED);
}

#[test]
fn c62_tables_newer_than_the_binary() {
    assert_eq!(
        err(&Bin::module(1).with(FRIEND, vec![0x00, 0x00])),
        MALFORMED
    );
    assert_eq!(err(&Bin::module(6).with(SVH, vec![0x00, 0x00])), MALFORMED);
    assert_eq!(
        s(&Bin::script(6).with(SVH, vec![0x00, 0x00])).unwrap_err(),
        MALFORMED
    );
}

#[test]
fn c63_legacy_versions_load_but_cannot_be_written() {
    for v in [1, 4] {
        let module = m(&Bin::module(v)).unwrap();
        assert_eq!(module.version, v);
        assert_eq!(module.serialize().unwrap_err().status, UNKNOWN_VERSION);
        assert!(module.serialize_for_version(5).is_ok());
    }
}

#[test]
fn c64_constants_are_not_checked() {
    assert!(m(&Bin::module(9).with(CONST, vec![0x0C, 0x00])).is_ok());
    assert!(m(&Bin::module(9).with(CONST, vec![0x03, 0x01, 0xFF])).is_ok());
}

#[test]
fn c65_module_tables_in_scripts() {
    assert_eq!(
        s(&Bin::script(9).with(FLDH, vec![0x00, 0x00])).unwrap_err(),
        MALFORMED
    );
    let sdef = vec![0x00, 0x02, 0x00];
    assert_eq!(s(&Bin::script(9).with(SDEF, sdef)).unwrap_err(), MALFORMED);
}

#[test]
fn c66_script_main_is_decoded_first() {
    let b = Bin::script(9)
        .with(IDENT, ident(b"1bad"))
        .tail(vec![0x00, 0x00, 0x01, 0x00, 0x01, 0x00]);
    assert_eq!(s(&b).unwrap_err(), UNKNOWN_OPCODE);
}

#[test]
fn c67_c68_c69_c70_scripts() {
    let mut no_sig = Bin::script(9);
    no_sig.tables.clear();
    assert_eq!(s(&no_sig).unwrap_err(), INDEX_OUT_OF_BOUNDS);
    let tparam = Bin::script(9).with(SIG, vec![0x01, 0x09, 0x00]);
    assert_eq!(s(&tparam).unwrap_err(), INDEX_OUT_OF_BOUNDS);
    let v8_missing_access = Bin::script(8).tail(vec![0x00, 0x00, 0x00, 0x01, 0x02]);
    assert_eq!(s(&v8_missing_access).unwrap_err(), MALFORMED);
    let v7 = Bin::script(7).tail(vec![0x00, 0x00, 0x00, 0x01, 0x02]);
    assert!(s(&v7).is_ok());
    let pack = Bin::script(9).tail(vec![0x00, 0x00, 0x01, 0x00, 0x02, 0x12, 0x05, 0x02]);
    assert!(s(&pack).is_ok());
}

#[test]
fn c71_c72_pass_one_runs_before_pass_two() {
    let bad_flags = fdef(0x01, 0x08).first(FDEF);
    assert_eq!(err(&bad_flags), INVALID_FLAG_BITS);
    let bad_ident = bad_flags.with(IDENT, [ident(b"M"), ident(b"1f")].concat());
    assert_eq!(err(&bad_ident), MALFORMED);
}

#[test]
fn huge_claims_fail_without_allocating() {
    // directory claims a 4 GiB table in a 14-byte input
    let bytes = raw(&[0x01, 0x07, 0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F]);
    assert_eq!(module(&bytes).unwrap_err(), BAD_HEADER_TABLE);
    // script main claims 65535 instructions with none present
    let b = Bin::script(9).tail(vec![0x00, 0x00, 0x01, 0x00, 0xFF, 0xFF, 0x03]);
    assert_eq!(s(&b).unwrap_err(), MALFORMED);
    // a signature claiming 255 tokens, an identifier claiming 65535 bytes (legacy limit)
    assert_eq!(err(&with_sig(9, vec![0xFF, 0x01])), MALFORMED);
    let long = Bin::module(9).with(IDENT, vec![0xFF, 0xFF, 0x03]);
    let cfg = DeserializerConfig::legacy();
    let e = CompiledModule::deserialize_with_config(&long.bytes(), &cfg).unwrap_err();
    assert_eq!(e.status, MALFORMED);
}
