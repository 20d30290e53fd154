//! Step 2 of a test file: parsing a task's command (spec §4, §5) into a typed [`Command`].

mod scan;

use crate::named::{
    parse_address_arg, parse_run_target, parse_struct_tag, parse_type_arg, NamedAddresses,
    RunTarget,
};
use crate::value::ArgValue;
use scan::{rewrite_negative_args, scan, Arity, OptSpec, Scanned};
use tern_primitives::{AccountAddress, StructTag, TypeTag};

/// The kind of compilation unit a block must hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnitKind {
    /// A `module`.
    Module,
    /// A `script`.
    Script,
}

/// `//# init --addresses NAME=ADDR ...`.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct InitCommand {
    /// The `NAME=ADDR` assignments, in order.
    pub addresses: Vec<String>,
}

/// `//# publish [options]`.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PublishCommand {
    /// `--verbose`: verbose VM error block.
    pub verbose: bool,
    /// `--print-bytecode`: print the disassembly after a successful publish.
    pub print_bytecode: bool,
    /// `--skip-check-friend-linking`.
    pub skip_check_friend_linking: bool,
    /// `--skip-check-struct-and-pub-function-linking`.
    pub skip_check_struct_and_pub_function_linking: bool,
    /// `--skip-check-struct-layout`.
    pub skip_check_struct_layout: bool,
    /// `--gas-budget N` (no effect on publishing).
    pub gas_budget: Option<u64>,
}

/// `//# run [options] [ADDR::module::function]`.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RunCommand {
    /// `--signers`: passed first, as signers.
    pub signers: Vec<AccountAddress>,
    /// `--args`.
    pub args: Vec<ArgValue>,
    /// `--type-args`.
    pub type_args: Vec<TypeTag>,
    /// `--verbose`.
    pub verbose: bool,
    /// `--print-bytecode` (scripts only).
    pub print_bytecode: bool,
    /// `--gas-budget N`.
    pub gas_budget: Option<u64>,
    /// `--display-trace`.
    pub display_trace: bool,
    /// The function to run; `None` runs the task's script.
    pub target: Option<RunTarget>,
}

/// `//# view --address ADDR --resource TYPE`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ViewCommand {
    /// The account.
    pub address: AccountAddress,
    /// The resource type.
    pub resource: StructTag,
}

/// `//# print-bytecode [--input script|module]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PrintBytecodeCommand {
    /// What the block must hold (default script).
    pub input: UnitKind,
}

/// A parsed task command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// `init`.
    Init(InitCommand),
    /// `publish`.
    Publish(PublishCommand),
    /// `run`.
    Run(Box<RunCommand>),
    /// `view`.
    View(ViewCommand),
    /// `print-bytecode`.
    PrintBytecode(PrintBytecodeCommand),
}

const fn opt(names: &'static [&'static str], arity: Arity) -> OptSpec {
    OptSpec { names, arity }
}

const INIT: &[OptSpec] = &[opt(&["addresses"], Arity::Multi)];
const PUBLISH: &[OptSpec] = &[
    opt(&["verbose"], Arity::Flag),
    opt(&["print-bytecode"], Arity::Flag),
    opt(&["skip-check-friend-linking"], Arity::Flag),
    opt(&["skip-check-struct-and-pub-function-linking"], Arity::Flag),
    opt(&["skip-check-struct-layout"], Arity::Flag),
    opt(&["gas-budget"], Arity::Single),
    opt(&["syntax"], Arity::Single),
];
const RUN: &[OptSpec] = &[
    opt(&["signers"], Arity::Multi),
    opt(&["args"], Arity::Multi),
    opt(&["type-args"], Arity::Multi),
    opt(&["verbose"], Arity::Flag),
    opt(&["print-bytecode"], Arity::Flag),
    opt(&["display-trace"], Arity::Flag),
    opt(&["gas-budget"], Arity::Single),
    opt(&["syntax"], Arity::Single),
    opt(&["exec-group", "exec_group"], Arity::Single),
];
const VIEW: &[OptSpec] = &[
    opt(&["address"], Arity::Single),
    opt(&["resource"], Arity::Single),
];
const PRINT_BYTECODE: &[OptSpec] = &[
    opt(&["input"], Arity::Single),
    opt(&["syntax"], Arity::Single),
];

/// The largest accepted `--gas-budget` (exclusive bound of the peer).
pub const MAX_GAS_BUDGET: u64 = 18_446_744_073_709_551;

impl Command {
    /// Parses a task's words (`task <command> <args...>`, see [`crate::RawTask::words`]).
    pub fn parse(words: &[String], named: &NamedAddresses) -> Result<Command, String> {
        let mut iter = words.iter();
        if iter.next().map(String::as_str) != Some("task") {
            return Err("a command must start with `task`".into());
        }
        let name = iter.next().ok_or("missing command")?;
        let rest = rewrite_negative_args(iter.as_slice());
        match name.as_str() {
            "init" => parse_init(&rest),
            "publish" => parse_publish(&scan_no_positionals(&rest, PUBLISH)?),
            "run" => parse_run(&rest, named),
            "view" => parse_view(&scan_no_positionals(&rest, VIEW)?, named),
            "print-bytecode" => parse_print_bytecode(&scan_no_positionals(&rest, PRINT_BYTECODE)?),
            other => Err(format!("unrecognized subcommand `{other}`")),
        }
    }
}

fn scan_no_positionals(words: &[String], specs: &[OptSpec]) -> Result<Scanned, String> {
    let s = scan(words, specs)?;
    match s.positionals.first() {
        Some(p) => Err(format!("unexpected argument `{p}`")),
        None => Ok(s),
    }
}

fn parse_init(words: &[String]) -> Result<Command, String> {
    let s = scan_no_positionals(words, INIT)?;
    Ok(Command::Init(InitCommand {
        addresses: s.values("addresses").to_vec(),
    }))
}

fn check_syntax(s: &Scanned) -> Result<(), String> {
    match s.value("syntax") {
        None | Some("masm") => Ok(()),
        Some("move") => {
            Err("`--syntax move` is not supported (Move source is out of scope)".into())
        }
        Some(other) => Err(format!("invalid value `{other}` for `--syntax`")),
    }
}

fn gas_budget(s: &Scanned) -> Result<Option<u64>, String> {
    let Some(text) = s.value("gas-budget") else {
        return Ok(None);
    };
    match text.parse::<u64>() {
        Ok(v) if v < MAX_GAS_BUDGET => Ok(Some(v)),
        Ok(_) => Err(format!("gas budget must be less than {MAX_GAS_BUDGET}")),
        Err(_) => Err(format!("invalid value `{text}` for `--gas-budget`")),
    }
}

fn parse_publish(s: &Scanned) -> Result<Command, String> {
    check_syntax(s)?;
    Ok(Command::Publish(PublishCommand {
        verbose: s.flag("verbose"),
        print_bytecode: s.flag("print-bytecode"),
        skip_check_friend_linking: s.flag("skip-check-friend-linking"),
        skip_check_struct_and_pub_function_linking: s
            .flag("skip-check-struct-and-pub-function-linking"),
        skip_check_struct_layout: s.flag("skip-check-struct-layout"),
        gas_budget: gas_budget(s)?,
    }))
}

fn parse_run(words: &[String], named: &NamedAddresses) -> Result<Command, String> {
    let s = scan(words, RUN)?;
    check_syntax(&s)?;
    let target = match s.positionals.as_slice() {
        [] => None,
        [t] => Some(parse_run_target(t, named)?),
        [_, extra, ..] => return Err(format!("unexpected argument `{extra}`")),
    };
    if target.is_some() && s.value("syntax").is_some() {
        return Err("`--syntax` is not allowed when running a function".into());
    }
    if let Some(g) = s.value("exec-group") {
        g.parse::<u64>()
            .map_err(|_| format!("invalid value `{g}` for `--exec-group`"))?;
    }
    let signers = s
        .values("signers")
        .iter()
        .map(|a| parse_address_arg(a, named))
        .collect::<Result<_, _>>()?;
    let args = s
        .values("args")
        .iter()
        .map(|v| ArgValue::parse(v, named).map_err(|e| e.to_string()))
        .collect::<Result<_, _>>()?;
    let type_args = s
        .values("type-args")
        .iter()
        .map(|t| parse_type_arg(t, named))
        .collect::<Result<_, _>>()?;
    Ok(Command::Run(Box::new(RunCommand {
        signers,
        args,
        type_args,
        verbose: s.flag("verbose"),
        print_bytecode: s.flag("print-bytecode"),
        gas_budget: gas_budget(&s)?,
        display_trace: s.flag("display-trace"),
        target,
    })))
}

fn parse_view(s: &Scanned, named: &NamedAddresses) -> Result<Command, String> {
    let address = s.value("address").ok_or("`view` requires `--address`")?;
    let resource = s.value("resource").ok_or("`view` requires `--resource`")?;
    Ok(Command::View(ViewCommand {
        address: parse_address_arg(address, named)?,
        resource: parse_struct_tag(resource, named)?,
    }))
}

fn parse_print_bytecode(s: &Scanned) -> Result<Command, String> {
    check_syntax(s)?;
    let input = match s.value("input") {
        None | Some("script") => UnitKind::Script,
        Some("module") => UnitKind::Module,
        Some(other) => return Err(format!("invalid value `{other}` for `--input`")),
    };
    Ok(Command::PrintBytecode(PrintBytecodeCommand { input }))
}

#[cfg(test)]
mod tests;
