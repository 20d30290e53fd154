//! A run's values, `&mut` results and events, and stored resources, printed readably by a
//! [`Vm`] from its published modules.

use super::{describe, describe_untyped, function_types, FunctionTypes, Readable};
use crate::{MoveValue, RunOutput, Vm};
use tern_primitives::{AccountAddress, ModuleId, StructTag, TypeTag, VmError};

/// What a run printed readably: [`Vm::describe_output`].
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ReadableOutput {
    /// The return values.
    pub return_values: Vec<String>,
    /// `(parameter index, final value)` for each `&mut` parameter.
    pub mutable_inputs: Vec<(usize, String)>,
    /// The events, each its type and value (and its handle, for a handle event).
    pub events: Vec<String>,
}

impl std::fmt::Display for ReadableOutput {
    /// `mutable inputs after call: local#I: VALUE, …`, `return values: VALUE, …` and one
    /// `event: …` line per event, each line ending with a newline; nothing for an empty one.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if !self.mutable_inputs.is_empty() {
            let items: Vec<String> = self
                .mutable_inputs
                .iter()
                .map(|(i, v)| format!("local#{i}: {v}"))
                .collect();
            writeln!(f, "mutable inputs after call: {}", items.join(", "))?;
        }
        if !self.return_values.is_empty() {
            writeln!(f, "return values: {}", self.return_values.join(", "))?;
        }
        for event in &self.events {
            writeln!(f, "event: {event}")?;
        }
        Ok(())
    }
}

impl Vm {
    /// `value` of type `ty` printed readably, names taken from this VM's published modules
    /// (see [`crate::readable`]; an untyped form when the value does not fit the type).
    pub fn describe_value(&self, ty: &TypeTag, value: &MoveValue) -> String {
        let modules = |id: &ModuleId| self.storage().module(id).ok().flatten();
        Readable::new(ty, value, &modules).to_string()
    }

    /// The parameter and return types of a published function, instantiated with
    /// `type_args` ([`function_types`]).
    pub fn function_types(
        &self,
        module: &ModuleId,
        function: &str,
        type_args: &[TypeTag],
    ) -> Option<FunctionTypes> {
        let module = self.storage().module(module).ok().flatten()?;
        function_types(&module, function, type_args)
    }

    /// A run's return values, `&mut` results and events printed readably, `types` being the
    /// function's ([`Vm::function_types`]). A value without a type, or that cannot be printed
    /// readably (a function value over a function that does not serialize), keeps its text
    /// from [`RunOutput::return_values`] or [`RunOutput::mutable_inputs`]; an event whose
    /// line cannot be read keeps its line.
    pub fn describe_output(
        &self,
        out: &RunOutput,
        types: Option<&FunctionTypes>,
    ) -> ReadableOutput {
        let modules = |id: &ModuleId| self.storage().module(id).ok().flatten();
        let one = |ty: Option<&TypeTag>, value: &MoveValue| describe(ty?, value, &modules);
        let return_values = out
            .values
            .iter()
            .enumerate()
            .map(|(i, v)| {
                one(types.and_then(|t| t.returns.get(i)), v)
                    .or_else(|| out.return_values.get(i).cloned())
                    .unwrap_or_else(|| describe_untyped(v))
            })
            .collect();
        let mutable_inputs = out
            .mutable_input_values
            .iter()
            .map(|(i, v)| {
                let peer = || {
                    out.mutable_inputs
                        .iter()
                        .find(|(j, _)| j == i)
                        .map(|(_, text)| text.clone())
                };
                let text = one(types.and_then(|t| t.parameters.get(*i)), v)
                    .or_else(peer)
                    .unwrap_or_else(|| describe_untyped(v));
                (*i, text)
            })
            .collect();
        let events = out.events.iter().map(|e| self.describe_event(e)).collect();
        ReadableOutput {
            return_values,
            mutable_inputs,
            events,
        }
    }

    /// An event line of [`RunOutput::events`] (`TYPE 0xBCS`, then ` (handle …)` for a
    /// handle event) with its value printed readably instead of its bytes; the line as it is
    /// when it cannot be read.
    pub fn describe_event(&self, line: &str) -> String {
        let (head, handle) = match line.find(" (handle ") {
            Some(at) => line.split_at(at),
            None => (line, ""),
        };
        let readable = head.rsplit_once(" 0x").and_then(|(ty, hex)| {
            let ty: TypeTag = ty.parse().ok()?;
            let bytes = from_hex(hex)?;
            let modules = |id: &ModuleId| self.storage().module(id).ok().flatten();
            describe(&ty, &MoveValue::Bcs(bytes), &modules)
        });
        match readable {
            Some(value) => format!("{value}{handle}"),
            None => line.to_string(),
        }
    }

    /// A failed run's error in words, as `tern run` prints it: `ABORTED in
    /// 0x42::counter::init at offset 5 (abort): abort code 1 (0x1)`, the function and
    /// instruction named from the published modules (see [`super::describe_error`]).
    pub fn describe_error(&self, e: &VmError) -> String {
        let modules = |id: &ModuleId| self.storage().module(id).ok().flatten();
        super::describe_error(e, &modules, None)
    }

    /// The resource of type `tag` at `address` printed readably (`tern view`), if it exists.
    pub fn describe_resource(
        &self,
        address: AccountAddress,
        tag: &StructTag,
    ) -> Result<Option<String>, VmError> {
        let Some(value) = self.resource(address, tag)? else {
            return Ok(None);
        };
        let ty = TypeTag::Struct(Box::new(tag.clone()));
        Ok(Some(self.describe_value(&ty, &value)))
    }
}

fn from_hex(hex: &str) -> Option<Vec<u8>> {
    if !hex.len().is_multiple_of(2) {
        return None;
    }
    (0..hex.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(hex.get(i..i + 2)?, 16).ok())
        .collect()
}
