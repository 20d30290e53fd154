//! Helpers shared by the integration tests: build the library once and print its items.

#![allow(dead_code, clippy::expect_used, clippy::panic)]

use tern_binary::{
    CompiledModule, FunctionAttribute, FunctionDefinition, SignatureToken, StructDefinition,
    Visibility,
};
use tern_primitives::AbilitySet;

/// The library, built once per test binary.
pub(crate) fn modules() -> &'static [CompiledModule] {
    static MODULES: std::sync::OnceLock<Vec<CompiledModule>> = std::sync::OnceLock::new();
    MODULES.get_or_init(|| {
        tern_stdlib::stdlib_modules()
            .map_err(|err| err.to_string())
            .expect("the stdlib builds")
    })
}

/// The module called `name`.
pub(crate) fn module(name: &str) -> &'static CompiledModule {
    modules()
        .iter()
        .find(|m| m.name().map(|n| n.as_str()) == Some(name))
        .expect("the module is built")
}

/// The module's name.
pub(crate) fn module_name(module: &CompiledModule) -> &str {
    module.name().map(|n| n.as_str()).unwrap_or("<unnamed>")
}

/// The name of function definition `def`.
pub(crate) fn function_name<'a>(module: &'a CompiledModule, def: &FunctionDefinition) -> &'a str {
    let handle = &module.function_handles[def.function.idx()];
    module.identifiers[handle.name.idx()].as_str()
}

/// Abilities as `copy + drop + store`.
pub(crate) fn abilities(set: AbilitySet) -> String {
    set.iter().map(|a| a.name()).collect::<Vec<_>>().join(" + ")
}

/// A type as `module::Name<T0>`, `&mut vector<u8>`, ...
pub(crate) fn type_text(module: &CompiledModule, token: &SignatureToken) -> String {
    match token {
        SignatureToken::Bool => "bool".into(),
        SignatureToken::U8 => "u8".into(),
        SignatureToken::U16 => "u16".into(),
        SignatureToken::U32 => "u32".into(),
        SignatureToken::U64 => "u64".into(),
        SignatureToken::U128 => "u128".into(),
        SignatureToken::U256 => "u256".into(),
        SignatureToken::Address => "address".into(),
        SignatureToken::Signer => "signer".into(),
        SignatureToken::Vector(inner) => format!("vector<{}>", type_text(module, inner)),
        SignatureToken::Reference(inner) => format!("&{}", type_text(module, inner)),
        SignatureToken::MutableReference(inner) => format!("&mut {}", type_text(module, inner)),
        SignatureToken::TypeParameter(i) => format!("T{i}"),
        SignatureToken::Struct(handle) => struct_name(module, handle.idx()),
        SignatureToken::StructInstantiation(handle, args) => {
            format!(
                "{}<{}>",
                struct_name(module, handle.idx()),
                list(module, args)
            )
        }
        other => format!("{other:?}"),
    }
}

fn list(module: &CompiledModule, tokens: &[SignatureToken]) -> String {
    tokens
        .iter()
        .map(|t| type_text(module, t))
        .collect::<Vec<_>>()
        .join(", ")
}

fn struct_name(module: &CompiledModule, handle: usize) -> String {
    let handle = &module.struct_handles[handle];
    let owner = &module.module_handles[handle.module.idx()];
    format!(
        "{}::{}",
        module.identifiers[owner.name.idx()].as_str(),
        module.identifiers[handle.name.idx()].as_str()
    )
}

/// A function header: `#[persistent] public native fun f<T0: drop>(&T0, u64): (bool, u64)`.
pub(crate) fn function_text(module: &CompiledModule, def: &FunctionDefinition) -> String {
    let handle = &module.function_handles[def.function.idx()];
    let mut text = String::new();
    if !handle.attributes.is_empty() {
        let attrs: Vec<&str> = handle
            .attributes
            .iter()
            .map(|a| match a {
                FunctionAttribute::Persistent => "persistent",
                _ => "other",
            })
            .collect();
        text.push_str(&format!("#[{}] ", attrs.join(", ")));
    }
    if def.is_entry {
        text.push_str("entry ");
    }
    match def.visibility {
        Visibility::Public => text.push_str("public "),
        Visibility::Friend => text.push_str("friend "),
        Visibility::Private => {}
    }
    if def.is_native() {
        text.push_str("native ");
    }
    text.push_str("fun ");
    text.push_str(function_name(module, def));
    if !handle.type_parameters.is_empty() {
        let params: Vec<String> = handle
            .type_parameters
            .iter()
            .enumerate()
            .map(|(i, set)| match set.is_empty() {
                true => format!("T{i}"),
                false => format!("T{i}: {}", abilities(*set)),
            })
            .collect();
        text.push_str(&format!("<{}>", params.join(", ")));
    }
    let params = &module.signatures[handle.parameters.idx()].0;
    text.push_str(&format!("({})", list(module, params)));
    let results = &module.signatures[handle.return_.idx()].0;
    match results.len() {
        0 => {}
        1 => text.push_str(&format!(": {}", list(module, results))),
        _ => text.push_str(&format!(": ({})", list(module, results))),
    }
    text
}

/// A struct: `struct Option<T0> has copy + drop + store { vec: vector<T0> }`.
pub(crate) fn struct_text(module: &CompiledModule, def: &StructDefinition) -> String {
    let handle = &module.struct_handles[def.struct_handle.idx()];
    let mut text = format!("struct {}", module.identifiers[handle.name.idx()].as_str());
    if !handle.type_parameters.is_empty() {
        let params: Vec<String> = handle
            .type_parameters
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let phantom = if p.is_phantom { "phantom " } else { "" };
                match p.constraints.is_empty() {
                    true => format!("{phantom}T{i}"),
                    false => format!("{phantom}T{i}: {}", abilities(p.constraints)),
                }
            })
            .collect();
        text.push_str(&format!("<{}>", params.join(", ")));
    }
    if !handle.abilities.is_empty() {
        text.push_str(&format!(" has {}", abilities(handle.abilities)));
    }
    let fields: Vec<String> = def
        .fields()
        .iter()
        .map(|f| {
            format!(
                "{}: {}",
                module.identifiers[f.name.idx()].as_str(),
                type_text(module, &f.type_)
            )
        })
        .collect();
    text.push_str(&format!(" {{ {} }}", fields.join(", ")));
    text
}
