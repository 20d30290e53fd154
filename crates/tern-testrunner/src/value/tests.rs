use super::*;

fn parse(text: &str) -> Result<ArgValue, ValueParseError> {
    let mut n = NamedAddresses::new();
    n.insert("A", AccountAddress::from_u64(0x42)).unwrap();
    ArgValue::parse(text, &n)
}

fn bcs(text: &str) -> Vec<u8> {
    parse(text).unwrap().to_bcs()
}

#[test]
fn unsuffixed_numbers_are_u64_or_u256() {
    assert_eq!(bcs("42"), 42u64.to_le_bytes());
    assert_eq!(bcs("0x2a"), 42u64.to_le_bytes());
    assert_eq!(bcs("1_000"), 1000u64.to_le_bytes());
    assert_eq!(bcs("0x1"), 1u64.to_le_bytes());
    assert_eq!(bcs("18446744073709551615"), u64::MAX.to_le_bytes());
    let big = bcs("18446744073709551616");
    assert_eq!(big.len(), 32);
    assert_eq!(&big[..9], &[0, 0, 0, 0, 0, 0, 0, 0, 1]);
    assert!(parse(&format!("0x1{}", "0".repeat(64))).is_err());
}

#[test]
fn suffixed_unsigned_numbers() {
    assert_eq!(bcs("255u8"), vec![255]);
    assert_eq!(bcs("0xffu8"), vec![255]);
    assert_eq!(bcs("258u16"), vec![2, 1]);
    assert_eq!(bcs("1u32"), vec![1, 0, 0, 0]);
    assert_eq!(bcs("404u64"), 404u64.to_le_bytes());
    assert_eq!(bcs("1u128"), 1u128.to_le_bytes());
    assert_eq!(bcs("1u256").len(), 32);
    assert!(parse("256u8").is_err());
    assert!(parse("65536u16").is_err());
    assert!(parse("1u7").is_err());
    assert!(parse("1q8").is_err());
    assert!(parse("-1u8").is_err());
}

#[test]
fn signed_numbers() {
    assert_eq!(bcs("-5i8"), vec![0xfb]);
    assert_eq!(bcs("7i16"), vec![7, 0]);
    assert_eq!(bcs("-128i8"), vec![0x80]);
    assert!(parse("128i8").is_err());
    assert!(parse("-129i8").is_err());
    assert_eq!(bcs("-50i32"), (-50i32).to_le_bytes());
    assert_eq!(bcs("-50i64"), (-50i64).to_le_bytes());
    assert_eq!(bcs("-50i128"), (-50i128).to_le_bytes());
    assert_eq!(
        bcs("-170141183460469231731687303715884105728i128"),
        i128::MIN.to_le_bytes()
    );
    let m = bcs("-50i256");
    assert_eq!(m[0], 0xce);
    assert!(m[1..].iter().all(|b| *b == 0xff));
    let min = bcs(&format!("-{}i256", U256::ONE << 255u32));
    assert_eq!(min[31], 0x80);
    assert!(parse(&format!("{}i256", U256::ONE << 255u32)).is_err());
    assert_eq!(
        parse("-5").unwrap_err().reason,
        "negative integer literal requires a type suffix"
    );
}

#[test]
fn bools_addresses_and_byte_strings() {
    assert_eq!(bcs("true"), vec![1]);
    assert_eq!(bcs("false"), vec![0]);
    let a = bcs("@0x1");
    assert_eq!(a.len(), 32);
    assert_eq!(a[31], 1);
    assert_eq!(bcs("@42")[31], 42);
    assert_eq!(bcs("@std")[31], 1);
    assert_eq!(bcs("@A")[31], 0x42);
    assert!(parse("@B").is_err());
    assert_eq!(bcs("b\"wat\""), vec![3, b'w', b'a', b't']);
    assert_eq!(bcs("x\"0102ff\""), vec![3, 1, 2, 0xff]);
    assert_eq!(bcs("x\"\""), vec![0]);
    assert!(parse("x\"123\"").is_err());
    assert!(parse("x\"zz\"").is_err());
    assert_eq!(bcs("\"hé\""), vec![3, b'h', 0xc3, 0xa9]);
    assert!(parse("b\"open").is_err());
}

#[test]
fn vectors() {
    assert_eq!(bcs("vector[]"), vec![0]);
    assert_eq!(bcs("vector[1u8,2u8]"), vec![2, 1, 2]);
    assert_eq!(bcs("vector[vector[1u16],vector[]]"), vec![2, 1, 1, 0, 0]);
    assert_eq!(bcs("vector[true, false,]"), vec![2, 1, 0]);
    assert_eq!(bcs("vector[b\"a\"]"), vec![1, 1, b'a']);
    assert!(parse("vector[1").is_err());
    assert!(parse("vector(1)").is_err());
    assert!(parse(&format!("{}1{}", "vector[".repeat(100), "]".repeat(100))).is_err());
}

#[test]
fn rejected_forms() {
    for bad in ["", "0x42::M::S{f: 1}", "M::S", "foo", "1 2", "tru", "@"] {
        assert!(parse(bad).is_err(), "{bad}");
    }
}

#[test]
fn unsuffixed_literals_take_the_parameters_type() {
    use tern_binary::SignatureToken as T;
    let named = NamedAddresses::new();
    let fit = |text: &str, param: &T| {
        ArgValue::parse(text, &named)
            .unwrap()
            .fitted_to(param, text)
    };
    assert_eq!(fit("7", &T::U8).to_bcs(), vec![7]);
    assert_eq!(fit("7", &T::I16).to_bcs(), vec![7, 0]);
    assert_eq!(fit("0x10", &T::U32).to_bcs(), vec![16, 0, 0, 0]);
    assert_eq!(
        fit("vector[1, 2]", &T::Vector(Box::new(T::U8))).to_bcs(),
        vec![2, 1, 2]
    );
    // A suffix wins; a value too wide for the parameter stays as written.
    assert_eq!(fit("7u64", &T::U8).to_bcs().len(), 8);
    assert_eq!(fit("300", &T::U8).to_bcs().len(), 8);
    assert_eq!(fit("128", &T::I8).to_bcs().len(), 8);
    assert_eq!(fit("127", &T::I8).to_bcs(), vec![127]);
    assert_eq!(fit("7", &T::U64).to_bcs().len(), 8);
    assert_eq!(fit("true", &T::U8), ArgValue::Bool(true));
    assert!(has_type_suffix("vector[1u8]") && !has_type_suffix("vector[1, 2]"));
    assert!(!has_type_suffix("@0x1") && has_type_suffix("-5i8"));
}
