//! Argument values of `--args` (spec §4.2): parsing and BCS encoding by the value's own type.

use crate::bcs::BcsWriter;
use crate::named::NamedAddresses;
use tern_binary::SignatureToken;
use tern_primitives::{AccountAddress, I256, U256};
use thiserror::Error;

/// The width of an integer type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum IntWidth {
    /// 8 bits.
    W8,
    /// 16 bits.
    W16,
    /// 32 bits.
    W32,
    /// 64 bits.
    W64,
    /// 128 bits.
    W128,
    /// 256 bits.
    W256,
}

impl IntWidth {
    /// The number of bits.
    pub fn bits(self) -> u32 {
        match self {
            IntWidth::W8 => 8,
            IntWidth::W16 => 16,
            IntWidth::W32 => 32,
            IntWidth::W64 => 64,
            IntWidth::W128 => 128,
            IntWidth::W256 => 256,
        }
    }

    /// The number of bytes.
    pub fn bytes(self) -> usize {
        (self.bits() / 8) as usize
    }

    fn from_suffix(digits: &str) -> Option<IntWidth> {
        Some(match digits {
            "8" => IntWidth::W8,
            "16" => IntWidth::W16,
            "32" => IntWidth::W32,
            "64" => IntWidth::W64,
            "128" => IntWidth::W128,
            "256" => IntWidth::W256,
            _ => return None,
        })
    }
}

/// A parsed argument value. Integers keep their type (width and signedness).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ArgValue {
    /// `true` / `false`.
    Bool(bool),
    /// An unsigned integer of the given width (`42`, `42u8`, `0x2a`).
    Unsigned(IntWidth, U256),
    /// A signed integer of the given width (`-5i8`).
    Signed(IntWidth, I256),
    /// `@0x1`, `@std`, `@A`.
    Address(AccountAddress),
    /// `vector[...]`.
    Vector(Vec<ArgValue>),
    /// A `vector<u8>` written `b"..."`, `x"..."` or `"..."`.
    Bytes(Vec<u8>),
}

/// Why an argument value could not be parsed.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("invalid argument value `{text}`: {reason}")]
pub struct ValueParseError {
    /// The text.
    pub text: String,
    /// What is wrong.
    pub reason: String,
}

/// Maximum nesting of `vector[...]` in one value.
const MAX_DEPTH: usize = 64;

impl ArgValue {
    /// Parses one `--args` value; named addresses resolve `@NAME`.
    pub fn parse(text: &str, named: &NamedAddresses) -> Result<ArgValue, ValueParseError> {
        let err = |reason: String| ValueParseError {
            text: text.to_string(),
            reason,
        };
        let mut p = ValueParser { rest: text, named };
        let v = p.value(0).map_err(err)?;
        p.skip_ws();
        if !p.rest.is_empty() {
            return Err(err(format!("unexpected `{}`", p.rest)));
        }
        Ok(v)
    }

    /// This value fitted to a parameter of type `param` when `text` (the value as written)
    /// has no type suffix: an integer literal takes the parameter's integer type (`7` for a
    /// `u8` is a `u8`, for an `i64` an `i64`), also inside vectors. A value that does not fit
    /// that type, a suffixed one and any other value are unchanged.
    pub fn fitted_to(self, param: &SignatureToken, text: &str) -> ArgValue {
        if has_type_suffix(text) {
            return self;
        }
        self.fit(param)
    }

    fn fit(self, param: &SignatureToken) -> ArgValue {
        use SignatureToken as T;
        match (self, param) {
            (ArgValue::Unsigned(IntWidth::W64, v), param) => {
                let target = unsigned_width(param)
                    .map(|w| (false, w))
                    .or_else(|| signed_width(param).map(|w| (true, w)));
                match target {
                    Some((false, width)) if width.bits() == 256 || v >> width.bits() == 0 => {
                        ArgValue::Unsigned(width, v)
                    }
                    Some((true, width)) if v >> (width.bits() - 1) == 0 => {
                        ArgValue::Signed(width, v.as_i256())
                    }
                    _ => ArgValue::Unsigned(IntWidth::W64, v),
                }
            }
            (ArgValue::Vector(items), T::Vector(inner)) => {
                ArgValue::Vector(items.into_iter().map(|item| item.fit(inner)).collect())
            }
            (value, _) => value,
        }
    }

    /// The BCS bytes of the value according to its own type.
    pub fn to_bcs(&self) -> Vec<u8> {
        let mut w = BcsWriter::new();
        self.write_bcs(&mut w);
        w.into_bytes()
    }

    /// Appends the BCS bytes of the value.
    pub fn write_bcs(&self, w: &mut BcsWriter) {
        match self {
            ArgValue::Bool(b) => w.bool(*b),
            ArgValue::Unsigned(width, v) => {
                w.raw(v.to_le_bytes().get(..width.bytes()).unwrap_or(&[]))
            }
            ArgValue::Signed(width, v) => {
                w.raw(v.to_le_bytes().get(..width.bytes()).unwrap_or(&[]))
            }
            ArgValue::Address(a) => w.address(a),
            ArgValue::Vector(items) => {
                w.seq_len(items.len());
                for item in items {
                    item.write_bcs(w);
                }
            }
            ArgValue::Bytes(bytes) => w.byte_vector(bytes),
        }
    }
}

/// `values` (written `texts`) fitted to the parameters they are passed to
/// ([`ArgValue::fitted_to`]): the first `signers` parameters take the signers, the values
/// the ones after them; a value past the last parameter is unchanged.
pub fn fit_arguments(
    values: Vec<ArgValue>,
    texts: &[String],
    params: &[SignatureToken],
    signers: usize,
) -> Vec<ArgValue> {
    values
        .into_iter()
        .enumerate()
        .map(|(i, v)| match (params.get(signers + i), texts.get(i)) {
            (Some(param), Some(text)) => v.fitted_to(param, text),
            _ => v,
        })
        .collect()
}

/// An `--args` value whose kind is not its parameter's type.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("argument {position} (`{text}`) is {found}, but its parameter is {expected}")]
pub struct ArgumentMismatch {
    /// The argument's position among `--args`, from 1.
    pub position: usize,
    /// The argument as written.
    pub text: String,
    /// What the value is (`a bool`, `a u64`, ...).
    pub found: String,
    /// The parameter's type (`a u8`, `a vector<u8>`, ...).
    pub expected: String,
}

/// Checks each value (fitted, as [`fit_arguments`] leaves it) against the parameter it is
/// given for: a bool for a `bool`, an integer of the parameter's width and sign, an address
/// for an `address`, a vector (or bytes, for a `vector<u8>`) for a vector, element by element.
/// Values for structs (a `String`, an `Option` written as a vector) and type parameters are
/// left to the VM, which deserializes them by the instantiated type. `texts` are the values as
/// written; `signers` parameters come first.
pub fn check_arguments(
    values: &[ArgValue],
    texts: &[String],
    params: &[SignatureToken],
    signers: usize,
) -> Result<(), ArgumentMismatch> {
    for (i, value) in values.iter().enumerate() {
        let Some(param) = params.get(signers + i) else {
            continue;
        };
        if !value.fits(param) {
            let text = texts.get(i).cloned().unwrap_or_default();
            let integer_param = unsigned_width(param).or(signed_width(param)).is_some();
            let found = match value {
                // An unsuffixed integer takes its parameter's type when it fits in it.
                ArgValue::Unsigned(..) if integer_param && !has_type_suffix(&text) => {
                    "an integer out of its range".to_string()
                }
                _ => value.kind(),
            };
            return Err(ArgumentMismatch {
                position: i + 1,
                text,
                found,
                expected: token_kind(param),
            });
        }
    }
    Ok(())
}

impl ArgValue {
    /// Whether the value can stand for a parameter of type `param`.
    fn fits(&self, param: &SignatureToken) -> bool {
        use SignatureToken as T;
        match (self, param) {
            (_, T::Struct(_) | T::StructInstantiation(..) | T::TypeParameter(_)) => true,
            (v, T::Reference(inner) | T::MutableReference(inner)) => v.fits(inner),
            (ArgValue::Bool(_), T::Bool) => true,
            (ArgValue::Unsigned(w, _), t) => unsigned_width(t) == Some(*w),
            (ArgValue::Signed(w, _), t) => signed_width(t) == Some(*w),
            (ArgValue::Address(_), T::Address) => true,
            (ArgValue::Bytes(_), T::Vector(inner)) => **inner == T::U8,
            (ArgValue::Vector(items), T::Vector(inner)) => items.iter().all(|v| v.fits(inner)),
            _ => false,
        }
    }

    /// What kind of value this is, for a message (`a u8`, `a vector`, ...).
    fn kind(&self) -> String {
        match self {
            ArgValue::Bool(_) => "a bool".into(),
            ArgValue::Unsigned(w, _) => format!("a u{}", w.bits()),
            ArgValue::Signed(w, _) => format!("an i{}", w.bits()),
            ArgValue::Address(_) => "an address".into(),
            ArgValue::Vector(_) => "a vector".into(),
            ArgValue::Bytes(_) => "a byte string".into(),
        }
    }
}

fn unsigned_width(t: &SignatureToken) -> Option<IntWidth> {
    use SignatureToken as T;
    Some(match t {
        T::U8 => IntWidth::W8,
        T::U16 => IntWidth::W16,
        T::U32 => IntWidth::W32,
        T::U64 => IntWidth::W64,
        T::U128 => IntWidth::W128,
        T::U256 => IntWidth::W256,
        _ => return None,
    })
}

fn signed_width(t: &SignatureToken) -> Option<IntWidth> {
    use SignatureToken as T;
    Some(match t {
        T::I8 => IntWidth::W8,
        T::I16 => IntWidth::W16,
        T::I32 => IntWidth::W32,
        T::I64 => IntWidth::W64,
        T::I128 => IntWidth::W128,
        T::I256 => IntWidth::W256,
        _ => return None,
    })
}

/// A parameter type in words (`a u8`, `a vector<u8>`, `a signer (given by --signers)`).
fn token_kind(t: &SignatureToken) -> String {
    use SignatureToken as T;
    match t {
        T::Signer => "a signer (signers are given by --signers)".into(),
        T::Reference(inner) | T::MutableReference(inner) => token_kind(inner),
        T::Address | T::I8 | T::I16 | T::I32 | T::I64 | T::I128 | T::I256 => {
            format!("an {}", token_name(t))
        }
        _ => format!("a {}", token_name(t)),
    }
}

fn token_name(t: &SignatureToken) -> String {
    use SignatureToken as T;
    match t {
        T::Bool => "bool".into(),
        T::Address => "address".into(),
        T::Signer => "signer".into(),
        T::Vector(inner) => format!("vector<{}>", token_name(inner)),
        T::Function(..) => "function".into(),
        T::Struct(_) | T::StructInstantiation(..) => "struct".into(),
        T::Reference(inner) => format!("&{}", token_name(inner)),
        T::MutableReference(inner) => format!("&mut {}", token_name(inner)),
        T::TypeParameter(i) => format!("type parameter {i}"),
        t => match (unsigned_width(t), signed_width(t)) {
            (Some(w), _) => format!("u{}", w.bits()),
            (_, Some(w)) => format!("i{}", w.bits()),
            _ => "value".into(),
        },
    }
}

/// The parameter types of the function `name` defined in `module`, if it has one.
pub fn function_parameters(
    module: &tern_binary::CompiledModule,
    name: &str,
) -> Option<Vec<SignatureToken>> {
    let (_, handle) = module.function_named(name)?;
    Some(module.signatures.get(handle.parameters.idx())?.0.clone())
}

/// Whether a value as written carries an integer type suffix somewhere (`7u8`,
/// `vector[1u16]`, `-5i64`): a `u` or `i` right after a digit.
fn has_type_suffix(text: &str) -> bool {
    text.as_bytes()
        .windows(2)
        .any(|w| w[0].is_ascii_digit() && matches!(w[1], b'u' | b'i'))
}

struct ValueParser<'a> {
    rest: &'a str,
    named: &'a NamedAddresses,
}

impl ValueParser<'_> {
    fn skip_ws(&mut self) {
        self.rest = self.rest.trim_start();
    }

    fn eat(&mut self, s: &str) -> bool {
        self.skip_ws();
        match self.rest.strip_prefix(s) {
            Some(r) => {
                self.rest = r;
                true
            }
            None => false,
        }
    }

    /// Takes the longest prefix of identifier-like characters.
    fn word(&mut self) -> &str {
        self.skip_ws();
        let end = self
            .rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(self.rest.len());
        let (w, r) = self.rest.split_at(end);
        self.rest = r;
        w
    }

    fn value(&mut self, depth: usize) -> Result<ArgValue, String> {
        if depth > MAX_DEPTH {
            return Err("value nested too deeply".into());
        }
        self.skip_ws();
        if self.eat("@") {
            let word = self.word().to_string();
            return crate::named::parse_address_arg(&word, self.named).map(ArgValue::Address);
        }
        if self.eat("b\"") {
            return self
                .quoted()
                .map(|s| ArgValue::Bytes(s.as_bytes().to_vec()));
        }
        if self.eat("x\"") {
            return self
                .quoted()
                .and_then(|s| hex_bytes(&s))
                .map(ArgValue::Bytes);
        }
        if self.eat("\"") {
            return self.quoted().map(|s| ArgValue::Bytes(s.into_bytes()));
        }
        if self.eat("-") {
            let word = self.word().to_string();
            return parse_number(&word, true);
        }
        if self.rest.starts_with(|c: char| c.is_ascii_digit()) {
            let word = self.word().to_string();
            if self.rest.trim_start().starts_with("::") {
                return Err("struct values are not supported".into());
            }
            return parse_number(&word, false);
        }
        let word = self.word().to_string();
        match word.as_str() {
            "true" => Ok(ArgValue::Bool(true)),
            "false" => Ok(ArgValue::Bool(false)),
            "vector" => self.vector(depth),
            "" => Err("expected a value".into()),
            _ if self.rest.trim_start().starts_with("::") => {
                Err("struct values are not supported".into())
            }
            other => Err(format!("unexpected `{other}`")),
        }
    }

    fn vector(&mut self, depth: usize) -> Result<ArgValue, String> {
        if !self.eat("[") {
            return Err("expected `[` after `vector`".into());
        }
        let mut items = Vec::new();
        if self.eat("]") {
            return Ok(ArgValue::Vector(items));
        }
        loop {
            items.push(self.value(depth + 1)?);
            if self.eat("]") {
                return Ok(ArgValue::Vector(items));
            }
            if !self.eat(",") {
                return Err("expected `,` or `]`".into());
            }
            // A trailing comma is accepted: `vector[1,]`.
            if self.eat("]") {
                return Ok(ArgValue::Vector(items));
            }
        }
    }

    /// The text up to the closing `"` (no escapes).
    fn quoted(&mut self) -> Result<String, String> {
        let end = self
            .rest
            .find('"')
            .ok_or_else(|| "unterminated string".to_string())?;
        let (s, r) = self.rest.split_at(end);
        self.rest = r.get(1..).unwrap_or("");
        Ok(s.to_string())
    }
}

fn hex_bytes(s: &str) -> Result<Vec<u8>, String> {
    if !s.len().is_multiple_of(2) {
        return Err("odd number of hex digits".into());
    }
    (0..s.len())
        .step_by(2)
        .map(|i| {
            s.get(i..i + 2)
                .and_then(|d| u8::from_str_radix(d, 16).ok())
                .ok_or_else(|| format!("invalid hex string `{s}`"))
        })
        .collect()
}

/// Parses `42`, `0x2a`, `1_000`, `42u8`, `5i8` (`negative`: a `-` preceded it).
fn parse_number(word: &str, negative: bool) -> Result<ArgValue, String> {
    let (digits, radix, suffix) = split_number(word)?;
    let cleaned: String = digits.chars().filter(|c| *c != '_').collect();
    if cleaned.is_empty() {
        return Err(format!("invalid number `{word}`"));
    }
    let magnitude = U256::from_str_radix(&cleaned, radix)
        .map_err(|_| format!("number `{word}` is too large"))?;
    match suffix {
        "" if negative => Err("negative integer literal requires a type suffix".into()),
        "" if magnitude <= U256::from(u64::MAX) => Ok(ArgValue::Unsigned(IntWidth::W64, magnitude)),
        "" => Ok(ArgValue::Unsigned(IntWidth::W256, magnitude)),
        _ => {
            let width = IntWidth::from_suffix(suffix.get(1..).unwrap_or(""))
                .ok_or_else(|| format!("invalid type suffix `{suffix}`"))?;
            if suffix.starts_with('u') {
                unsigned(width, magnitude, negative, word)
            } else if suffix.starts_with('i') {
                signed(width, magnitude, negative, word)
            } else {
                Err(format!("invalid type suffix `{suffix}`"))
            }
        }
    }
}

/// Splits a number word into digits, radix and type suffix.
fn split_number(word: &str) -> Result<(&str, u32, &str), String> {
    if let Some(hex) = word.strip_prefix("0x").or_else(|| word.strip_prefix("0X")) {
        let end = hex
            .find(|c: char| !(c.is_ascii_hexdigit() || c == '_'))
            .unwrap_or(hex.len());
        let (digits, suffix) = hex.split_at(end);
        return Ok((digits, 16, suffix));
    }
    let end = word
        .find(|c: char| !(c.is_ascii_digit() || c == '_'))
        .unwrap_or(word.len());
    let (digits, suffix) = word.split_at(end);
    if digits.is_empty() {
        return Err(format!("invalid number `{word}`"));
    }
    Ok((digits, 10, suffix))
}

fn unsigned(width: IntWidth, v: U256, negative: bool, word: &str) -> Result<ArgValue, String> {
    if negative {
        return Err(format!("unsigned value `-{word}` cannot be negative"));
    }
    let bits = width.bits();
    if bits < 256 && v >> bits != U256::ZERO {
        return Err(format!("`{word}` is out of range"));
    }
    Ok(ArgValue::Unsigned(width, v))
}

fn signed(width: IntWidth, mag: U256, negative: bool, word: &str) -> Result<ArgValue, String> {
    let limit = U256::ONE << (width.bits() - 1);
    let fits = if negative { mag <= limit } else { mag < limit };
    if !fits {
        return Err(format!("`{word}` is out of range"));
    }
    let value = if negative {
        // Two's complement negation of the magnitude (exact for MIN too).
        I256::from_le_bytes((!mag).wrapping_add(U256::ONE).to_le_bytes())
    } else {
        I256::from_le_bytes(mag.to_le_bytes())
    };
    Ok(ArgValue::Signed(width, value))
}

#[cfg(test)]
mod tests;
