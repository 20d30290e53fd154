//! A failed run in words: the function, the offset and the instruction there, the abort code
//! with its `std::error` category, the message. What `tern run` prints, and
//! [`Vm::describe_error`](crate::Vm::describe_error).

use super::ModuleLookup;
use tern_primitives::{Location, ModuleId, StatusCode, VmError};

/// Where an instruction is in its source, when known: `FILE:LINE` of the instruction at a code
/// offset of a function (by name) of a module (`None`: the script).
pub type SourceLookup<'a> = dyn Fn(Option<&ModuleId>, &str, u16) -> Option<String> + 'a;

/// `e` in words: `STATUS in 0xADDR::module::function at offset N (mnemonic, FILE:LINE): what`,
/// where `what` is the abort code with its category (`abort code 65537 (0x10001:
/// INVALID_ARGUMENT, reason 1)`), the native that is missing, or the error's message.
/// `modules` finds the published modules, `source` the lines of `.masm` code.
pub fn describe_error(
    e: &VmError,
    modules: &ModuleLookup<'_>,
    source: Option<&SourceLookup<'_>>,
) -> String {
    let at = e.data().offsets.first().copied();
    let function = match (e.location(), at) {
        (Location::Module(id), Some((def, pc))) => Some(function_at(modules, source, id, def, pc)),
        (Location::Script, Some((_, pc))) => {
            let line = source
                .and_then(|s| s(None, "", pc))
                .map(|l| format!(" ({l})"))
                .unwrap_or_default();
            Some((
                "the script".to_string(),
                format!("the script at offset {pc}{line}"),
            ))
        }
        _ => None,
    };
    let mut line = e.status().name().to_string();
    match &function {
        Some((_, f)) => line.push_str(&format!(" in {f}")),
        None if *e.location() != Location::Undefined => {
            line.push_str(&format!(" at {}", e.location()))
        }
        None => {}
    }
    let missing_native = e.status() == StatusCode::MISSING_DEPENDENCY
        && e.message()
            .is_some_and(|m| m.starts_with("Missing Native Function"));
    if e.status() == StatusCode::ABORTED {
        if let Some(code) = e.sub_status() {
            line.push_str(&format!(": abort code {}", abort_code(code)));
        }
    } else if let (true, Some((name, _))) = (missing_native, &function) {
        line.push_str(&format!(
            ": native function {name} is not implemented in Tern"
        ));
    } else if let Some(m) = e.message() {
        line.push_str(&format!(": {m}"));
    } else if let Some(s) = e.sub_status() {
        line.push_str(&format!(" (sub-status {s})"));
    }
    line
}

/// `0xADDR::module::function`, and that with ` at offset N (mnemonic)`, for a function
/// definition and offset.
fn function_at(
    modules: &ModuleLookup<'_>,
    source: Option<&SourceLookup<'_>>,
    id: &ModuleId,
    def: u16,
    pc: u16,
) -> (String, String) {
    let module = modules(id);
    let d = module
        .as_ref()
        .and_then(|m| m.function_defs.get(usize::from(def)).map(|d| (m, d)));
    let name = d
        .and_then(|(m, d)| {
            let h = m.function_handles.get(d.function.idx())?;
            m.identifiers.get(h.name.idx())
        })
        .map_or_else(|| format!("#{def}"), |n| n.as_str().to_string());
    let mnemonic = d
        .and_then(|(_, d)| d.code.as_ref())
        .and_then(|c| c.code.get(usize::from(pc)))
        .map(|b| b.opcode().mnemonic());
    let line = source.and_then(|s| s(Some(id), &name, pc));
    let instruction = match (mnemonic, line) {
        (Some(m), Some(l)) => format!(" ({m}, {l})"),
        (Some(m), None) => format!(" ({m})"),
        (None, Some(l)) => format!(" ({l})"),
        (None, None) => String::new(),
    };
    let name = format!("{}::{}::{name}", id.address.to_hex_literal(), id.name);
    let at = format!("{name} at offset {pc}{instruction}");
    (name, at)
}

/// An abort code, with the `std::error` category and reason Aptos packs into it
/// (`category << 16 | reason`) when it has that shape.
pub fn abort_code(code: u64) -> String {
    const CATEGORIES: [&str; 13] = [
        "INVALID_ARGUMENT",
        "OUT_OF_RANGE",
        "INVALID_STATE",
        "UNAUTHENTICATED",
        "PERMISSION_DENIED",
        "NOT_FOUND",
        "ABORTED",
        "ALREADY_EXISTS",
        "RESOURCE_EXHAUSTED",
        "CANCELLED",
        "INTERNAL",
        "NOT_IMPLEMENTED",
        "UNAVAILABLE",
    ];
    let category = code >> 16;
    let name = usize::try_from(category)
        .ok()
        .and_then(|c| c.checked_sub(1))
        .and_then(|c| CATEGORIES.get(c));
    match name {
        Some(name) => format!("{code} (0x{code:x}: {name}, reason {})", code & 0xffff),
        None => format!("{code} (0x{code:x})"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn abort_codes_name_their_error_category() {
        assert_eq!(abort_code(7), "7 (0x7)");
        assert_eq!(
            abort_code(0x10001),
            "65537 (0x10001: INVALID_ARGUMENT, reason 1)"
        );
        assert_eq!(abort_code(0xE0000), "917504 (0xe0000)");
        assert_eq!(
            abort_code(u64::MAX),
            "18446744073709551615 (0xffffffffffffffff)"
        );
    }
}
