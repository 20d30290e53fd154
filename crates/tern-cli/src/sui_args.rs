//! The text of `tern sui --call`: `PACKAGE::module::function<T, ..>(arg, ..)`, and each
//! argument's text turned into a Sui call argument by its parameter's type.
//!
//! Arguments, by parameter type:
//! - integers: decimal or `0x` hex; `bool`: `true` / `false`;
//! - `address`, `0x2::object::ID`: `@0x..`, `0x..`, a package name, or `sender`;
//! - `vector<u8>`: `"utf-8 text"`, `x"hex"` or `[1, 2]`; other vectors: `[a, b]`;
//! - `0x1::string::String`, `0x1::ascii::String`: `"text"`;
//! - `0x1::option::Option<T>`: `none` or `some(x)`;
//! - objects (any other struct, by value or reference) and `0x2::transfer::Receiving<T>`:
//!   `@0x..` (an id) or `@Name` (the newest object of type `Name`, `module::Name` or the full
//!   type, see [`ObjectLookup`]).

use std::collections::BTreeMap;
use tern_primitives::{AccountAddress, StructTag, TypeTag};
use tern_sui::{CallArg, ObjectId};

/// A parsed `--call`: the target, its type arguments and the text of each argument.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct CallText {
    /// The package (an id, or a name given with `--publish`).
    pub package: ObjectId,
    /// The module.
    pub module: String,
    /// The function.
    pub function: String,
    /// Type arguments.
    pub type_args: Vec<TypeTag>,
    /// Each argument's text, trimmed.
    pub args: Vec<String>,
}

/// Names an address may be written as: published packages and `sender`.
pub(crate) type Names = BTreeMap<String, AccountAddress>;

/// Finds the object an `@Name` argument means.
pub(crate) trait ObjectLookup {
    /// The newest object whose type matches `name` (`Name`, `module::Name` or a full type
    /// without type arguments), or why there is none.
    fn object_named(&self, name: &str) -> Result<ObjectId, String>;
}

/// Parses `PACKAGE::module::function<T, ..>(arg, ..)`; the argument list may be omitted for a
/// function without parameters.
pub(crate) fn parse_call(text: &str, names: &Names) -> Result<CallText, String> {
    let text = text.trim();
    let (head, args) = match text.find('(') {
        Some(open) => {
            let inner = text[open + 1..]
                .strip_suffix(')')
                .ok_or_else(|| format!("`{text}`: the argument list does not end with `)`"))?;
            (&text[..open], split_top_level(inner)?)
        }
        None => (text, Vec::new()),
    };
    let (path, type_args) = match head.find('<') {
        Some(lt) => {
            let inner = head[lt + 1..]
                .trim_end()
                .strip_suffix('>')
                .ok_or_else(|| format!("`{head}`: the type arguments do not end with `>`"))?;
            let tags = split_top_level(inner)?
                .iter()
                .map(|t| parse_type(t, names))
                .collect::<Result<Vec<_>, _>>()?;
            (&head[..lt], tags)
        }
        None => (head, Vec::new()),
    };
    let parts: Vec<&str> = path.trim().split("::").collect();
    let [package, module, function] = parts[..] else {
        return Err(format!(
            "`{path}`: a call target is PACKAGE::module::function"
        ));
    };
    Ok(CallText {
        package: parse_address(package, names)?,
        module: module.to_string(),
        function: function.to_string(),
        type_args,
        args,
    })
}

/// Parses a type, with package names allowed where addresses go.
pub(crate) fn parse_type(text: &str, names: &Names) -> Result<TypeTag, String> {
    TypeTag::parse(text, &|n| names.get(n).copied()).map_err(|e| e.to_string())
}

/// Parses an address: `0x` hex, `@0x` hex, or a name.
pub(crate) fn parse_address(text: &str, names: &Names) -> Result<AccountAddress, String> {
    let text = text.trim();
    let bare = text.strip_prefix('@').unwrap_or(text);
    tern_primitives::parse_address(bare, &|n| names.get(n).copied())
        .ok_or_else(|| format!("`{text}` is not an address or a known name"))
}

/// The call argument for `text` given to a parameter of type `ty`.
pub(crate) fn call_arg(
    text: &str,
    ty: &TypeTag,
    names: &Names,
    objects: &dyn ObjectLookup,
) -> Result<CallArg, String> {
    if let TypeTag::Struct(s) = ty {
        if is_struct(s, 2, "transfer", "Receiving") {
            return Ok(CallArg::Receiving(object_id(text, names, objects)?));
        }
        if !is_pure_struct(s) {
            return Ok(CallArg::Object(object_id(text, names, objects)?));
        }
    }
    let mut bytes = Vec::new();
    encode_pure(text.trim(), ty, names, &mut bytes, 0)?;
    Ok(CallArg::Pure(bytes))
}

fn object_id(text: &str, names: &Names, objects: &dyn ObjectLookup) -> Result<ObjectId, String> {
    let text = text.trim();
    let Some(rest) = text.strip_prefix('@') else {
        return Err(format!(
            "`{text}`: an object argument is `@0x..` (its id) or `@Type`"
        ));
    };
    if rest.starts_with("0x") || names.contains_key(rest) {
        parse_address(rest, names)
    } else {
        objects.object_named(rest)
    }
}

fn is_struct(s: &StructTag, address: u64, module: &str, name: &str) -> bool {
    s.address == AccountAddress::from_u64(address)
        && s.module.as_str() == module
        && s.name.as_str() == name
}

/// Structs Sui accepts as pure arguments.
fn is_pure_struct(s: &StructTag) -> bool {
    is_struct(s, 1, "string", "String")
        || is_struct(s, 1, "ascii", "String")
        || is_struct(s, 2, "object", "ID")
        || is_struct(s, 1, "option", "Option")
}

/// Deepest nesting of vectors and options in an argument's text.
const MAX_DEPTH: usize = 64;

fn encode_pure(
    text: &str,
    ty: &TypeTag,
    names: &Names,
    out: &mut Vec<u8>,
    depth: usize,
) -> Result<(), String> {
    if depth > MAX_DEPTH {
        return Err(format!("`{text}` nests deeper than {MAX_DEPTH}"));
    }
    let int = |bits: u32| parse_int(text, bits);
    match ty {
        TypeTag::Bool => match text {
            "true" => out.push(1),
            "false" => out.push(0),
            _ => return Err(format!("`{text}` is not a bool")),
        },
        TypeTag::U8 => out.extend_from_slice(&int(8)?.to_le_bytes()[..1]),
        TypeTag::U16 => out.extend_from_slice(&int(16)?.to_le_bytes()[..2]),
        TypeTag::U32 => out.extend_from_slice(&int(32)?.to_le_bytes()[..4]),
        TypeTag::U64 => out.extend_from_slice(&int(64)?.to_le_bytes()[..8]),
        TypeTag::U128 => out.extend_from_slice(&int(128)?.to_le_bytes()),
        TypeTag::U256 => {
            let value = parse_u256(text)?;
            out.extend_from_slice(&value.to_le_bytes());
        }
        TypeTag::Address => out.extend_from_slice(parse_address(text, names)?.as_bytes()),
        TypeTag::Vector(inner) => encode_vector(text, inner, names, out, depth)?,
        TypeTag::Struct(s) if is_struct(s, 2, "object", "ID") => {
            out.extend_from_slice(parse_address(text, names)?.as_bytes());
        }
        TypeTag::Struct(s) if is_struct(s, 1, "string", "String") => {
            write_bytes(&string_literal(text)?, out);
        }
        TypeTag::Struct(s) if is_struct(s, 1, "ascii", "String") => {
            let bytes = string_literal(text)?;
            if !bytes.is_ascii() {
                return Err(format!("`{text}` is not ASCII"));
            }
            write_bytes(&bytes, out);
        }
        TypeTag::Struct(s) if is_struct(s, 1, "option", "Option") => {
            let inner = s
                .type_args
                .first()
                .ok_or_else(|| "an Option without its type argument".to_string())?;
            if text == "none" {
                out.push(0);
            } else if let Some(value) = text.strip_prefix("some(").and_then(|r| r.strip_suffix(')'))
            {
                out.push(1);
                encode_pure(value.trim(), inner, names, out, depth + 1)?;
            } else {
                return Err(format!("`{text}`: an Option is `none` or `some(x)`"));
            }
        }
        other => return Err(format!("a {other} cannot be written as an argument")),
    }
    Ok(())
}

fn encode_vector(
    text: &str,
    inner: &TypeTag,
    names: &Names,
    out: &mut Vec<u8>,
    depth: usize,
) -> Result<(), String> {
    if *inner == TypeTag::U8 && (text.starts_with('"') || text.starts_with("x\"")) {
        write_bytes(&string_literal(text)?, out);
        return Ok(());
    }
    let items = text
        .strip_prefix('[')
        .and_then(|r| r.strip_suffix(']'))
        .ok_or_else(|| format!("`{text}`: a vector is `[a, b, ..]`"))?;
    let items = split_top_level(items)?;
    write_uleb(items.len() as u64, out);
    for item in &items {
        encode_pure(item, inner, names, out, depth + 1)?;
    }
    Ok(())
}

/// The bytes of `"text"` (UTF-8, with `\"` and `\\` escapes) or `x"hex"`.
fn string_literal(text: &str) -> Result<Vec<u8>, String> {
    if let Some(hex) = text.strip_prefix("x\"").and_then(|r| r.strip_suffix('"')) {
        if hex.len() % 2 != 0 {
            return Err(format!("`{text}`: odd number of hex digits"));
        }
        return (0..hex.len())
            .step_by(2)
            .map(|i| {
                hex.get(i..i + 2)
                    .and_then(|d| u8::from_str_radix(d, 16).ok())
                    .ok_or_else(|| format!("`{text}`: not hex"))
            })
            .collect();
    }
    let inner = text
        .strip_prefix('"')
        .and_then(|r| r.strip_suffix('"'))
        .ok_or_else(|| format!("`{text}`: a string is written in double quotes"))?;
    let mut out = String::new();
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some(e @ ('"' | '\\')) => out.push(e),
                Some('n') => out.push('\n'),
                _ => return Err(format!("`{text}`: unknown escape")),
            }
        } else {
            out.push(c);
        }
    }
    Ok(out.into_bytes())
}

fn parse_int(text: &str, bits: u32) -> Result<u128, String> {
    let cleaned: String = text.chars().filter(|c| *c != '_').collect();
    let value = match cleaned.strip_prefix("0x") {
        Some(hex) => u128::from_str_radix(hex, 16),
        None => cleaned.parse::<u128>(),
    }
    .map_err(|_| format!("`{text}` is not an unsigned integer"))?;
    if bits < 128 && value >> bits != 0 {
        return Err(format!("`{text}` does not fit in u{bits}"));
    }
    Ok(value)
}

fn parse_u256(text: &str) -> Result<ethnum::U256, String> {
    let cleaned: String = text.chars().filter(|c| *c != '_').collect();
    match cleaned.strip_prefix("0x") {
        Some(hex) => ethnum::U256::from_str_radix(hex, 16),
        None => ethnum::U256::from_str_radix(&cleaned, 10),
    }
    .map_err(|_| format!("`{text}` is not a u256"))
}

fn write_bytes(bytes: &[u8], out: &mut Vec<u8>) {
    write_uleb(bytes.len() as u64, out);
    out.extend_from_slice(bytes);
}

fn write_uleb(mut n: u64, out: &mut Vec<u8>) {
    while n >= 0x80 {
        out.push((n as u8 & 0x7f) | 0x80);
        n >>= 7;
    }
    out.push(n as u8);
}

/// Splits `text` at commas outside brackets, parentheses, angle brackets and strings; an
/// empty text has no items.
fn split_top_level(text: &str) -> Result<Vec<String>, String> {
    let mut items = Vec::new();
    let mut depth = 0usize;
    let mut in_string = false;
    let mut escaped = false;
    let mut current = String::new();
    for c in text.chars() {
        if in_string {
            current.push(c);
            match (escaped, c) {
                (false, '\\') => escaped = true,
                (false, '"') => in_string = false,
                _ => escaped = false,
            }
            continue;
        }
        match c {
            '"' => in_string = true,
            '[' | '(' | '<' => depth += 1,
            ']' | ')' | '>' => {
                depth = depth
                    .checked_sub(1)
                    .ok_or_else(|| format!("`{text}`: unbalanced `{c}`"))?;
            }
            ',' if depth == 0 => {
                items.push(current.trim().to_string());
                current.clear();
                continue;
            }
            _ => {}
        }
        current.push(c);
    }
    if in_string || depth != 0 {
        return Err(format!("`{text}`: unclosed string or bracket"));
    }
    if !current.trim().is_empty() || !items.is_empty() {
        items.push(current.trim().to_string());
    }
    Ok(items)
}

#[cfg(test)]
mod tests {
    use super::*;

    struct NoObjects;
    impl ObjectLookup for NoObjects {
        fn object_named(&self, name: &str) -> Result<ObjectId, String> {
            if name == "Coin" {
                Ok(AccountAddress::from_u64(0xc0))
            } else {
                Err(format!("no {name}"))
            }
        }
    }

    fn names() -> Names {
        let mut names = Names::new();
        names.insert("shop".to_string(), AccountAddress::from_u64(0x5)); // a package
        names.insert("sender".to_string(), AccountAddress::from_u64(0xa));
        names
    }

    fn pure(text: &str, ty: &str) -> Result<Vec<u8>, String> {
        let ty = parse_type(ty, &names())?;
        match call_arg(text, &ty, &names(), &NoObjects)? {
            CallArg::Pure(bytes) => Ok(bytes),
            other => Err(format!("not pure: {other:?}")),
        }
    }

    #[test]
    fn a_call_reads_target_type_arguments_and_arguments() {
        let call = parse_call(
            "shop::shop::buy<0x2::sui::SUI, vector<u8>>(@Coin, [1, 2], \"a,b\")",
            &names(),
        )
        .unwrap();
        assert_eq!(call.package, AccountAddress::from_u64(5));
        assert_eq!(
            (call.module.as_str(), call.function.as_str()),
            ("shop", "buy")
        );
        assert_eq!(call.type_args.len(), 2);
        assert_eq!(call.args, ["@Coin", "[1, 2]", "\"a,b\""]);
        let bare = parse_call("0x2::tx_context::sender", &names()).unwrap();
        assert!(bare.args.is_empty() && bare.type_args.is_empty());
        assert_eq!(
            parse_call("0x2::tx_context::sender()", &names())
                .unwrap()
                .args
                .len(),
            0
        );
    }

    #[test]
    fn bad_calls_are_refused_with_the_reason() {
        for text in [
            "0x2::m",
            "0x2::m::f(1",
            "0x2::m::f<u8(1)",
            "nobody::m::f()",
            "0x2::m::f(\"x)",
        ] {
            assert!(parse_call(text, &names()).is_err(), "{text}");
        }
    }

    #[test]
    fn pure_arguments_encode_as_bcs() {
        assert_eq!(pure("7", "u8").unwrap(), [7]);
        assert_eq!(pure("0x0102", "u16").unwrap(), [2, 1]);
        assert_eq!(pure("1_000", "u64").unwrap(), 1000u64.to_le_bytes());
        assert_eq!(pure("true", "bool").unwrap(), [1]);
        assert_eq!(pure("1", "u256").unwrap()[..2], [1, 0]);
        assert_eq!(pure("1", "u256").unwrap().len(), 32);
        assert_eq!(pure("\"hi\"", "vector<u8>").unwrap(), [2, b'h', b'i']);
        assert_eq!(pure("x\"ff00\"", "vector<u8>").unwrap(), [2, 0xff, 0]);
        assert_eq!(pure("[1, 2]", "vector<u64>").unwrap()[0], 2);
        assert_eq!(
            pure("[[1], []]", "vector<vector<u8>>").unwrap(),
            [2, 1, 1, 0]
        );
        assert_eq!(
            pure("\"é\"", "0x1::string::String").unwrap(),
            [2, 0xc3, 0xa9]
        );
        assert_eq!(pure("none", "0x1::option::Option<u8>").unwrap(), [0]);
        assert_eq!(pure("some(3)", "0x1::option::Option<u8>").unwrap(), [1, 3]);
        assert_eq!(pure("sender", "address").unwrap()[31], 0xa);
        assert_eq!(pure("@0x6", "0x2::object::ID").unwrap()[31], 6);
    }

    #[test]
    fn bad_pure_arguments_are_refused() {
        assert!(pure("256", "u8").is_err());
        assert!(pure("-1", "u64").is_err());
        assert!(pure("yes", "bool").is_err());
        assert!(pure("\"é\"", "0x1::ascii::String").is_err());
        assert!(pure("x\"f\"", "vector<u8>").is_err());
        assert!(pure("[1, 2", "vector<u8>").is_err());
        assert!(pure("maybe", "0x1::option::Option<u8>").is_err());
        let deep = format!("{}{}", "[".repeat(100), "]".repeat(100));
        assert!(pure(&deep, "vector<u8>").is_err());
    }

    #[test]
    fn objects_are_ids_or_type_names() {
        let coin = parse_type("0x2::coin::Coin<0x2::sui::SUI>", &names()).unwrap();
        let arg = |text| call_arg(text, &coin, &names(), &NoObjects);
        assert_eq!(
            arg("@0x9").unwrap(),
            CallArg::Object(AccountAddress::from_u64(9))
        );
        assert_eq!(
            arg("@Coin").unwrap(),
            CallArg::Object(AccountAddress::from_u64(0xc0))
        );
        assert!(arg("@Cat").is_err());
        assert!(arg("0x9").is_err());
        let receiving = parse_type("0x2::transfer::Receiving<0x5::m::T>", &names()).unwrap();
        assert_eq!(
            call_arg("@0x9", &receiving, &names(), &NoObjects).unwrap(),
            CallArg::Receiving(AccountAddress::from_u64(9))
        );
    }
}
