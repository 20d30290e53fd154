//! Runs Move transactional test files (`.masm` with `//#` directives) through a VM adapter and
//! renders the peer's (Aptos's) output byte for byte (`transactional-tests.md`).
//!
//! The pipeline: template expansion ([`template`]), task splitting ([`split_tasks`]),
//! command parsing ([`Command`]), then for each task assembling, serializing and calling the
//! VM through [`TestAdapter`], and rendering ([`run_test_file_with`]). [`run_tests`] runs
//! whole folders against their `.exp` files.
//!
//! ```
//! use tern_testrunner::{split_tasks, Command, NamedAddresses, ArgValue};
//!
//! let tasks = split_tasks("//# run 0x42::M::t --args 0 -5i8 b\"ok\"\n").unwrap();
//! assert_eq!(tasks[0].source, " run 0x42::M::t --args 0 -5i8 b\"ok\"");
//! let Command::Run(run) = Command::parse(&tasks[0].words(), &NamedAddresses::new()).unwrap()
//! else { unreachable!() };
//! assert_eq!(run.args[1], ArgValue::parse("-5i8", &NamedAddresses::new()).unwrap());
//! assert_eq!(run.args[2].to_bcs(), vec![2, b'o', b'k']);
//! ```

mod adapter;
mod bcs;
mod command;
mod diff;
mod driver;
mod error;
mod exec;
mod named;
mod sui;
mod tasks;
pub mod template;
mod tern_adapter;
mod testfile;
mod toolchain;
mod value;

pub use adapter::{ExecOutput, PublishOptions, RunOptions, Style, TestAdapter};
pub use bcs::BcsWriter;
pub use command::{
    Command, InitCommand, PrintBytecodeCommand, PublishCommand, RunCommand, UnitKind, ViewCommand,
    MAX_GAS_BUDGET,
};
pub use diff::unified_diff;
pub use driver::{
    collect_test_files, expected_path, run_test_file, run_test_text, run_test_text_with, run_tests,
    run_tests_to, RunConfig, RunTestsOptions, Summary,
};
pub use error::RunnerError;
pub use exec::{argument_blobs, render_outputs, run_task, run_test_file_with};
pub use named::{
    parse_address_arg, parse_run_target, parse_struct_tag, parse_type_arg, NamedAddresses,
    RunTarget,
};
pub use sui::render_error as render_sui_error;
pub use tasks::{split_tasks, RawTask};
pub use tern_adapter::{TernAdapter, PARANOID_INSTRUCTION_BUDGET};
pub use testfile::{ParsedTask, TestFile};
pub use toolchain::{
    serializer_message, MasmToolchain, Toolchain, Unit, DIAGNOSTICS_FILE_NAME, SERIALIZE_VERSION,
    SUI_SERIALIZE_VERSION,
};
pub use value::{
    check_arguments, fit_arguments, function_parameters, ArgValue, ArgumentMismatch, IntWidth,
    ValueParseError,
};
