//! Global storage: Sui keeps objects outside Move, so no function may use the global storage
//! instructions (`move_to`, `move_from`, `borrow_global`, `exists` and their generic forms).

use super::{RuleError, RuleResult, View};
use tern_binary::Bytecode;

/// Refuses the first function that uses global storage, listing every such instruction in it.
pub(super) fn verify(view: &View<'_>) -> RuleResult {
    for def in &view.module.function_defs {
        let Some(code) = &def.code else { continue };
        let found: Vec<String> = code.code.iter().filter_map(sui_debug).collect();
        if !found.is_empty() {
            return Err(RuleError::User(format!(
                "Access to Move global storage is not allowed. Found in function {}: [{}]",
                view.def_name(def)?,
                found.join(", ")
            )));
        }
    }
    Ok(())
}

/// A global storage instruction as Sui's `Debug` prints it; `None` for the others.
fn sui_debug(instr: &Bytecode) -> Option<String> {
    use Bytecode as B;
    let (name, index) = match instr {
        B::MoveFrom(d) => ("MoveFrom", format!("StructDefinitionIndex({})", d.0)),
        B::MoveTo(d) => ("MoveTo", format!("StructDefinitionIndex({})", d.0)),
        B::ImmBorrowGlobal(d) => ("ImmBorrowGlobal", format!("StructDefinitionIndex({})", d.0)),
        B::MutBorrowGlobal(d) => ("MutBorrowGlobal", format!("StructDefinitionIndex({})", d.0)),
        B::Exists(d) => ("Exists", format!("StructDefinitionIndex({})", d.0)),
        B::MoveFromGeneric(i) => ("MoveFromGeneric", instantiation(i.0)),
        B::MoveToGeneric(i) => ("MoveToGeneric", instantiation(i.0)),
        B::ImmBorrowGlobalGeneric(i) => ("ImmBorrowGlobalGeneric", instantiation(i.0)),
        B::MutBorrowGlobalGeneric(i) => ("MutBorrowGlobalGeneric", instantiation(i.0)),
        B::ExistsGeneric(i) => ("ExistsGeneric", instantiation(i.0)),
        _ => return None,
    };
    Some(format!("{name}({index})"))
}

fn instantiation(idx: u16) -> String {
    format!("StructDefInstantiationIndex({idx})")
}
