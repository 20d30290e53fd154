//! The located VM error every Tern crate reports to users, rendered exactly as the peer's
//! transactional-test output prints it.

use crate::{AccountAddress, IndexKind, ModuleId, StatusCode};
use std::fmt;

/// Where an error happened.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Location {
    /// Not attributed to a module or script (binary-format, linking and argument errors).
    Undefined,
    /// The running script.
    Script,
    /// A module.
    Module(ModuleId),
    /// A Sui package, by the id of its version (package-level checks of a publish).
    Package(AccountAddress),
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Location::Undefined => f.write_str("undefined"),
            Location::Script => f.write_str("script"),
            Location::Module(id) => write!(f, "{id}"),
            Location::Package(id) => write!(f, "package {id}"),
        }
    }
}

/// One caller frame of an execution state: module (`None` for a script), function definition
/// index and the pc of the pending call.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StackFrameInfo {
    /// The frame's module, or `None` for a script.
    pub module: Option<ModuleId>,
    /// The function definition index.
    pub function: u16,
    /// The code offset of the pending call.
    pub pc: u16,
}

/// A VM error: status, sub-status, message, location, indices, offsets and execution state.
///
/// Boxed so that `Result<T, VmError>` stays one pointer wide.
#[derive(Clone, PartialEq, Eq)]
pub struct VmError(Box<VmErrorData>);

/// The fields of a [`VmError`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VmErrorData {
    /// The major status.
    pub status: StatusCode,
    /// The sub-status (abort code, vector error kind, ...).
    pub sub_status: Option<u64>,
    /// A message for humans (printed under `--verbose`).
    pub message: Option<String>,
    /// Where.
    pub location: Location,
    /// Table entries involved.
    pub indices: Vec<(IndexKind, u16)>,
    /// `(function definition index, code offset)` pairs.
    pub offsets: Vec<(u16, u16)>,
    /// Callers of the failing frame, innermost first; `None` when not raised by an instruction.
    pub exec_state: Option<Vec<StackFrameInfo>>,
    /// What raised it, which decides how the interpreter locates it.
    pub origin: ErrorOrigin,
}

/// What raised a [`VmError`], which decides how the interpreter locates it at the instruction
/// that was running, as the peer does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ErrorOrigin {
    /// An instruction: a verification-class status is reported as `VERIFICATION_ERROR`, with
    /// the execution state.
    #[default]
    Instruction,
    /// Loading something an instruction needs (a resource's type layout): the status is
    /// remapped as for an instruction, but no execution state is given.
    Loading,
    /// A call loading its generic callee (instantiating its type arguments): the status is
    /// kept and no execution state is given, the peer raising it outside the instruction's
    /// execution.
    CallSite,
    /// A call finding its callee by name (the callee's module, then the function in it): the
    /// status is kept and the error located as a frame-entry error is (at the frame below the
    /// caller, undefined under the entry function), with no code offset and no execution
    /// state, as the peer reports a callee its lazy loader cannot find.
    CalleeLookup,
    /// Building a callee's frame (instantiating its local types): located already, where the
    /// peer reports it (see `Session::frame_entry_error` in `tern-vm`); left as it is.
    FrameEntry,
}

impl VmError {
    /// An error with a status and nothing else.
    #[cold]
    pub fn new(status: StatusCode) -> VmError {
        VmError(Box::new(VmErrorData {
            status,
            sub_status: None,
            message: None,
            location: Location::Undefined,
            indices: Vec::new(),
            offsets: Vec::new(),
            exec_state: None,
            origin: ErrorOrigin::Instruction,
        }))
    }

    /// Sets the message.
    pub fn with_message(mut self, message: impl Into<String>) -> VmError {
        self.0.message = Some(message.into());
        self
    }

    /// Sets the sub-status.
    pub fn with_sub_status(mut self, sub_status: u64) -> VmError {
        self.0.sub_status = Some(sub_status);
        self
    }

    /// Sets the location.
    pub fn at_location(mut self, location: Location) -> VmError {
        self.0.location = location;
        self
    }

    /// Appends an index.
    pub fn at_index(mut self, kind: IndexKind, index: u16) -> VmError {
        self.0.indices.push((kind, index));
        self
    }

    /// Appends a code offset.
    pub fn at_code_offset(mut self, function: u16, pc: u16) -> VmError {
        self.0.offsets.push((function, pc));
        self
    }

    /// Marks the error as raised while loading (see [`ErrorOrigin::Loading`]).
    pub fn while_loading(mut self) -> VmError {
        self.0.origin = ErrorOrigin::Loading;
        self
    }

    /// Marks the error as raised by a call loading its callee (see [`ErrorOrigin::CallSite`]).
    pub fn at_call_site(mut self) -> VmError {
        self.0.origin = ErrorOrigin::CallSite;
        self
    }

    /// Marks the error as raised finding a call's callee (see [`ErrorOrigin::CalleeLookup`]).
    pub fn at_callee_lookup(mut self) -> VmError {
        self.0.origin = ErrorOrigin::CalleeLookup;
        self
    }

    /// Sets the execution state (callers of the failing frame).
    pub fn with_exec_state(mut self, frames: Vec<StackFrameInfo>) -> VmError {
        self.0.exec_state = Some(frames);
        self
    }

    /// The major status.
    pub fn status(&self) -> StatusCode {
        self.0.status
    }

    /// The sub-status.
    pub fn sub_status(&self) -> Option<u64> {
        self.0.sub_status
    }

    /// The message.
    pub fn message(&self) -> Option<&str> {
        self.0.message.as_deref()
    }

    /// The location.
    pub fn location(&self) -> &Location {
        &self.0.location
    }

    /// All fields.
    pub fn data(&self) -> &VmErrorData {
        &self.0
    }

    /// All fields, mutably.
    pub fn data_mut(&mut self) -> &mut VmErrorData {
        &mut self.0
    }

    /// The block the peer prints after `Got VMError: ` (without `--verbose`).
    pub fn render(&self) -> String {
        self.render_with(false)
    }

    /// The block with `message` and `exec_state` lines when `verbose`.
    pub fn render_with(&self, verbose: bool) -> String {
        let d = &self.0;
        let mut out = String::from("{\n");
        if verbose {
            match &d.message {
                Some(m) => out.push_str(&format!("    message: {m},\n")),
                None => out.push_str("    message: None,\n"),
            }
        }
        out.push_str(&format!("    major_status: {},\n", d.status.name()));
        match d.sub_status {
            Some(s) => out.push_str(&format!("    sub_status: Some({s}),\n")),
            None => out.push_str("    sub_status: None,\n"),
        }
        out.push_str(&format!("    location: {},\n", d.location));
        let indices: Vec<String> = d
            .indices
            .iter()
            .map(|(k, i)| format!("({}, {i})", k.name()))
            .collect();
        out.push_str(&format!("    indices: [{}],\n", indices.join(", ")));
        let offsets: Vec<String> = d
            .offsets
            .iter()
            .map(|(f, pc)| format!("(FunctionDefinitionIndex({f}), {pc})"))
            .collect();
        out.push_str(&format!("    offsets: [{}],\n", offsets.join(", ")));
        if verbose {
            out.push_str(&format!(
                "    exec_state: {},\n",
                render_exec_state(&d.exec_state)
            ));
        }
        out.push('}');
        out
    }
}

impl VmError {
    /// The error as the peer's `Debug` prints it, on one line (`VMError { major_status: ..,
    /// sub_status: .., message: .., exec_state: .., location: .., indices: .., offsets: .. }`):
    /// how it quotes an error inside another's message.
    pub fn peer_debug(&self) -> String {
        let d = &self.0;
        let sub_status = match d.sub_status {
            Some(s) => format!("Some({s})"),
            None => "None".to_string(),
        };
        let message = match &d.message {
            Some(m) => format!("Some({m:?})"),
            None => "None".to_string(),
        };
        let location = match &d.location {
            Location::Undefined => "Undefined".to_string(),
            Location::Script => "Script".to_string(),
            Location::Module(id) => format!(
                "Module(ModuleId {{ address: {}, name: Identifier({:?}) }})",
                id.address.full_hex(),
                id.name.as_str()
            ),
            Location::Package(id) => format!("Package({})", id.full_hex()),
        };
        let indices: Vec<String> = d
            .indices
            .iter()
            .map(|(k, i)| format!("({}, {i})", k.name()))
            .collect();
        let offsets: Vec<String> = d
            .offsets
            .iter()
            .map(|(f, pc)| format!("(FunctionDefinitionIndex({f}), {pc})"))
            .collect();
        format!(
            "VMError {{ major_status: {}, sub_status: {sub_status}, message: {message}, \
             exec_state: {}, location: {location}, indices: [{}], offsets: [{}] }}",
            d.status.name(),
            render_exec_state(&d.exec_state),
            indices.join(", "),
            offsets.join(", ")
        )
    }
}

fn render_exec_state(state: &Option<Vec<StackFrameInfo>>) -> String {
    let Some(frames) = state else {
        return "None".to_string();
    };
    let frames: Vec<String> = frames
        .iter()
        .map(|fr| {
            let module = match &fr.module {
                Some(id) => format!(
                    "Some(ModuleId {{ address: {}, name: Identifier(\"{}\") }})",
                    id.address.full_hex(),
                    id.name
                ),
                None => "None".to_string(),
            };
            format!(
                "({module}, FunctionDefinitionIndex({}), {})",
                fr.function, fr.pc
            )
        })
        .collect();
    format!(
        "Some(ExecutionState {{ stack_trace: [{}] }})",
        frames.join(", ")
    )
}

impl fmt::Debug for VmError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.0, f)
    }
}

impl fmt::Display for VmError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0.status.name())?;
        if let Some(s) = self.0.sub_status {
            write!(f, " (sub-status {s})")?;
        }
        if let Some(m) = &self.0.message {
            write!(f, ": {m}")?;
        }
        // An error located nowhere in particular (a call that does not fit, a missing
        // function) says nothing of where.
        if self.0.location != Location::Undefined {
            write!(f, " at {}", self.0.location)?;
        }
        for (func, pc) in &self.0.offsets {
            write!(f, ", function #{func} offset {pc}")?;
        }
        Ok(())
    }
}

impl std::error::Error for VmError {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{AccountAddress, Identifier};

    #[test]
    fn renders_like_the_peer() {
        let id = ModuleId::new(
            AccountAddress::from_u64(0x42),
            Identifier::new("m").unwrap(),
        );
        let e = VmError::new(StatusCode::ABORTED)
            .with_sub_status(7)
            .at_location(Location::Module(id.clone()))
            .at_code_offset(0, 3)
            .with_exec_state(vec![StackFrameInfo {
                module: Some(id),
                function: 1,
                pc: 2,
            }]);
        assert_eq!(
            e.render(),
            "{\n    major_status: ABORTED,\n    sub_status: Some(7),\n    location: 0x42::m,\n    indices: [],\n    offsets: [(FunctionDefinitionIndex(0), 3)],\n}"
        );
        let verbose = e.render_with(true);
        assert!(verbose.starts_with("{\n    message: None,\n"));
        assert!(verbose.contains("exec_state: Some(ExecutionState { stack_trace: [(Some(ModuleId { address: 0000000000000000000000000000000000000000000000000000000000000042, name: Identifier(\"m\") }), FunctionDefinitionIndex(1), 2)] }),"));
    }
    #[test]
    fn prints_like_the_peers_debug() {
        let id = ModuleId::new(
            AccountAddress::from_u64(0x42),
            Identifier::new("m").unwrap(),
        );
        let e = VmError::new(StatusCode::TYPE_MISMATCH)
            .with_message("a \"quoted\" word")
            .at_location(Location::Module(id))
            .at_index(IndexKind::FunctionHandle, 2);
        assert_eq!(
            e.peer_debug(),
            "VMError { major_status: TYPE_MISMATCH, sub_status: None, message: \
             Some(\"a \\\"quoted\\\" word\"), exec_state: None, location: Module(ModuleId { \
             address: 0000000000000000000000000000000000000000000000000000000000000042, name: \
             Identifier(\"m\") }), indices: [(FunctionHandle, 2)], offsets: [] }"
        );
        let bare = VmError::new(StatusCode::ABORTED).with_sub_status(3);
        assert_eq!(
            bare.peer_debug(),
            "VMError { major_status: ABORTED, sub_status: Some(3), message: None, exec_state: \
             None, location: Undefined, indices: [], offsets: [] }"
        );
    }
}
