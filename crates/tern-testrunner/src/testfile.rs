//! A whole test file parsed up front: template expansion, task splitting and every command
//! parsed (a parse failure aborts the file, as in the peer's harness).

use crate::command::{Command, UnitKind};
use crate::named::NamedAddresses;
use crate::tasks::{split_tasks, RawTask};
use crate::template::expand_if_template;
use crate::RunnerError;

/// A task with its parsed command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParsedTask {
    /// Line ranges, echo text and code block.
    pub raw: RawTask,
    /// The command.
    pub command: Command,
}

/// A parsed test file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TestFile {
    /// The tasks in order (a leading `init` included).
    pub tasks: Vec<ParsedTask>,
    /// The named addresses (`std` plus those of a leading `init`).
    pub named: NamedAddresses,
}

impl TestFile {
    /// Expands, splits and parses the text of a test file.
    pub fn parse(text: &str) -> Result<TestFile, RunnerError> {
        let expanded = expand_if_template(text)?;
        let raw_tasks = split_tasks(&expanded)?;
        let mut named = NamedAddresses::new();
        let mut tasks = Vec::with_capacity(raw_tasks.len());
        for raw in raw_tasks {
            let err = |message: String| RunnerError::Command {
                task: raw.number,
                line: raw.start_line,
                message,
            };
            let command = Command::parse(&raw.words(), &named).map_err(err)?;
            if let Command::Init(init) = &command {
                if raw.number != 0 {
                    return Err(err("`init` is only allowed as the first task".into()));
                }
                for assignment in &init.addresses {
                    named.insert_assignment(assignment).map_err(err)?;
                }
            }
            check_data(&raw, &command).map_err(err)?;
            tasks.push(ParsedTask { raw, command });
        }
        Ok(TestFile { tasks, named })
    }
}

/// Commands that assemble their block need one.
fn check_data(raw: &RawTask, command: &Command) -> Result<(), String> {
    let needs = match command {
        Command::Publish(_) => Some(UnitKind::Module),
        Command::Run(run) if run.target.is_none() => Some(UnitKind::Script),
        Command::PrintBytecode(p) => Some(p.input),
        _ => None,
    };
    match (needs, &raw.data) {
        (Some(kind), None) => Err(format!(
            "expected a {} text block after the command",
            match kind {
                UnitKind::Module => "module",
                UnitKind::Script => "script",
            }
        )),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tern_primitives::AccountAddress;

    #[test]
    fn init_defines_names_for_later_tasks() {
        let text = "//# init --addresses A=0x42\n\n//# run A::m::f --signers A\n";
        let file = TestFile::parse(text).unwrap();
        assert_eq!(file.tasks.len(), 2);
        assert_eq!(file.named.get("A"), Some(AccountAddress::from_u64(0x42)));
        let Command::Run(run) = &file.tasks[1].command else {
            panic!()
        };
        assert_eq!(run.signers, vec![AccountAddress::from_u64(0x42)]);
    }

    #[test]
    fn parse_failures_abort_with_task_and_line() {
        let text = "//# publish\nmodule 0x1::M\n\n//# run --signers Z\nscript\n";
        assert_eq!(
            TestFile::parse(text).unwrap_err(),
            RunnerError::Command {
                task: 1,
                line: 4,
                message: "invalid or unknown address `Z`".into()
            }
        );
        assert!(TestFile::parse("//# run 0x1::M::f\n\n//# init --addresses A=1\n").is_err());
        assert!(TestFile::parse("//# init --addresses std=0x2\n").is_err());
        assert!(TestFile::parse("//# publish\n\n//# run 0x1::M::f\n").is_err());
        assert!(TestFile::parse("//# run --args 1\n").is_err());
        assert!(TestFile::parse("//# print-bytecode\n").is_err());
    }
}
