//! Printing types, ability sets, type-parameter lists and the names of structs and functions.

use super::{DisasmError, Printer};
use tern_binary::*;
use tern_primitives::AbilitySet;

/// How deep a type may nest before the printer gives up (the format allows 256).
pub(super) const MAX_TYPE_DEPTH: usize = 512;

/// An ability set as printed: `copy + drop + store + key` order, joined by ` + `.
pub(super) fn abilities(set: AbilitySet) -> String {
    set.to_string()
}

/// Whether a type must be parenthesised where a function type would swallow what follows
/// it: a function type, possibly behind references.
fn needs_parens(tok: &SignatureToken) -> bool {
    match tok {
        SignatureToken::Function(..) => true,
        SignatureToken::Reference(inner) | SignatureToken::MutableReference(inner) => {
            needs_parens(inner)
        }
        _ => false,
    }
}

impl Printer<'_> {
    /// A type as printed.
    pub(super) fn type_(&self, tok: &SignatureToken) -> Result<String, DisasmError> {
        let mut out = String::new();
        self.write_type(&mut out, tok, 0)?;
        Ok(out)
    }

    /// Types joined by `, `.
    pub(super) fn type_list(&self, toks: &[SignatureToken]) -> Result<String, DisasmError> {
        let mut out = String::new();
        self.write_type_list(&mut out, toks, 0)?;
        Ok(out)
    }

    /// `<A, B>`, or nothing for an empty list.
    pub(super) fn type_args(&self, toks: &[SignatureToken]) -> Result<String, DisasmError> {
        if toks.is_empty() {
            return Ok(String::new());
        }
        Ok(format!("<{}>", self.type_list(toks)?))
    }

    /// A result type followed by more words (`acquires`): wrapped in parentheses when it is a
    /// function type without results, so that the next word is not read as its result.
    pub(super) fn result_type(&self, tok: &SignatureToken) -> Result<String, DisasmError> {
        let text = self.type_(tok)?;
        if matches!(tok, SignatureToken::Function(_, results, _) if results.is_empty()) {
            return Ok(format!("({text})"));
        }
        Ok(text)
    }

    fn write_type_list(
        &self,
        out: &mut String,
        toks: &[SignatureToken],
        depth: usize,
    ) -> Result<(), DisasmError> {
        for (i, tok) in toks.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            self.write_type(out, tok, depth)?;
        }
        Ok(())
    }

    fn write_type(
        &self,
        out: &mut String,
        tok: &SignatureToken,
        depth: usize,
    ) -> Result<(), DisasmError> {
        if depth > MAX_TYPE_DEPTH {
            return Err(DisasmError::TypeTooDeep);
        }
        let depth = depth.saturating_add(1);
        use SignatureToken as T;
        let simple = match tok {
            T::Bool => "bool",
            T::U8 => "u8",
            T::U16 => "u16",
            T::U32 => "u32",
            T::U64 => "u64",
            T::U128 => "u128",
            T::U256 => "u256",
            T::I8 => "i8",
            T::I16 => "i16",
            T::I32 => "i32",
            T::I64 => "i64",
            T::I128 => "i128",
            T::I256 => "i256",
            T::Address => "address",
            T::Signer => "signer",
            _ => return self.write_compound(out, tok, depth),
        };
        out.push_str(simple);
        Ok(())
    }

    fn write_compound(
        &self,
        out: &mut String,
        tok: &SignatureToken,
        depth: usize,
    ) -> Result<(), DisasmError> {
        use SignatureToken as T;
        match tok {
            T::Vector(inner) => {
                out.push_str("vector<");
                self.write_type(out, inner, depth)?;
                out.push('>');
            }
            T::Reference(inner) => {
                out.push('&');
                self.write_type(out, inner, depth)?;
            }
            T::MutableReference(inner) => {
                out.push_str("&mut ");
                self.write_type(out, inner, depth)?;
            }
            T::TypeParameter(i) => out.push_str(&format!("T{i}")),
            T::Struct(sh) => out.push_str(&self.struct_name(*sh)?),
            T::StructInstantiation(sh, args) => {
                out.push_str(&self.struct_name(*sh)?);
                out.push('<');
                self.write_type_list(out, args, depth)?;
                out.push('>');
            }
            T::Function(args, results, abilities) => {
                self.write_function(out, args, results, *abilities, depth)?
            }
            _ => self.write_type(out, tok, depth)?,
        }
        Ok(())
    }

    fn write_function(
        &self,
        out: &mut String,
        args: &[SignatureToken],
        results: &[SignatureToken],
        abilities: AbilitySet,
        depth: usize,
    ) -> Result<(), DisasmError> {
        out.push('|');
        for (i, arg) in args.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            self.write_parenthesised(out, arg, needs_parens(arg), depth)?;
        }
        out.push('|');
        match results {
            [] if !abilities.is_empty() => out.push_str("()"),
            [] => {}
            [one] => self.write_parenthesised(out, one, needs_parens(one), depth)?,
            many => {
                out.push('(');
                self.write_type_list(out, many, depth)?;
                out.push(')');
            }
        }
        if !abilities.is_empty() {
            out.push_str(" has ");
            out.push_str(&abilities.to_string());
        }
        Ok(())
    }

    fn write_parenthesised(
        &self,
        out: &mut String,
        tok: &SignatureToken,
        parens: bool,
        depth: usize,
    ) -> Result<(), DisasmError> {
        if parens {
            out.push('(');
        }
        self.write_type(out, tok, depth)?;
        if parens {
            out.push(')');
        }
        Ok(())
    }

    /// `S` for a struct of this module, `alias::S` for an imported one.
    pub(super) fn struct_name(&self, idx: StructHandleIndex) -> Result<String, DisasmError> {
        let handle = self.tables.struct_handle(idx)?;
        self.qualified(handle.module, handle.name)
    }

    /// `f` for a function of this module, `alias::f` for an imported one.
    pub(super) fn function_name(&self, idx: FunctionHandleIndex) -> Result<String, DisasmError> {
        let handle = self.tables.function_handle(idx)?;
        self.qualified(handle.module, handle.name)
    }

    fn qualified(
        &self,
        module: ModuleHandleIndex,
        name: IdentifierIndex,
    ) -> Result<String, DisasmError> {
        let name = self.tables.identifier(name)?;
        let key = self.tables.module_id(module)?;
        Ok(match self.imports.alias(&key)? {
            Some(alias) => format!("{alias}::{name}"),
            None => name.to_string(),
        })
    }
}

/// `<T0: copy, T1>` for a function's type parameters (nothing when there are none).
pub(super) fn function_type_params(params: &[AbilitySet]) -> String {
    if params.is_empty() {
        return String::new();
    }
    let items: Vec<String> = params
        .iter()
        .enumerate()
        .map(|(i, ab)| constrained(format!("T{i}"), *ab))
        .collect();
    format!("<{}>", items.join(", "))
}

/// `<phantom T0: store, T1>` for a struct's type parameters.
pub(super) fn struct_type_params(params: &[StructTypeParameter]) -> String {
    if params.is_empty() {
        return String::new();
    }
    let items: Vec<String> = params
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let name = if p.is_phantom {
                format!("phantom T{i}")
            } else {
                format!("T{i}")
            };
            constrained(name, p.constraints)
        })
        .collect();
    format!("<{}>", items.join(", "))
}

fn constrained(name: String, set: AbilitySet) -> String {
    if set.is_empty() {
        name
    } else {
        format!("{name}: {}", abilities(set))
    }
}
