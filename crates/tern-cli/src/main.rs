//! `tern`: the command line of the Tern Move VM.

mod arg_values;
mod bench_command;
mod binary_commands;
mod failure;
mod input;
mod output;
mod run_command;
mod sui_args;
mod sui_command;
mod test_command;
mod verify_command;

use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;
use tern_binary::Flavor;

/// Tern: a complete and fast Move bytecode virtual machine.
#[derive(Parser, Debug)]
#[command(name = "tern", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Print a resource kept in a `tern run --state` folder.
    View {
        /// The state folder.
        #[arg(long, value_name = "DIR")]
        state: PathBuf,
        /// The address holding the resource (`0x5`).
        address: String,
        /// The resource's type (`0x42::counter::Counter`).
        #[arg(value_name = "TYPE")]
        type_tag: String,
    },
    /// Print a compiled module or script (`.mv`) as `.masm` text.
    Disasm {
        /// The binary to print.
        file: PathBuf,
        /// The flavor of an unflavored (v5/v6) binary; v7+ binaries name their own.
        #[arg(long, default_value = "aptos")]
        flavor: Flavor,
    },
    /// Assemble a `.masm` file holding one module or script into a binary.
    Asm {
        /// The `.masm` source.
        file: PathBuf,
        /// Where to write the binary (default: FILE with extension `.mv`).
        #[arg(short, long)]
        output: Option<PathBuf>,
        /// Compiled modules (files or folders of `.mv`) the source imports from.
        #[arg(long, num_args = 1..)]
        deps: Vec<PathBuf>,
        /// Bytecode version to write (default: the `// Bytecode version vN` header the
        /// disassembler prints, else 9).
        #[arg(long = "bytecode-version")]
        bytecode_version: Option<u32>,
        /// The flavor of unflavored (v5/v6) dependencies; v7+ binaries name their own.
        #[arg(long, default_value = "aptos")]
        flavor: Flavor,
    },
    /// Run transactional tests (`.masm` files with `//#` tasks) against their `.exp` files.
    Test {
        /// Files or folders (searched recursively for `.masm`).
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// Write the produced output to the `.exp` files.
        #[arg(long)]
        update: bool,
        /// Only tests whose path contains this text.
        #[arg(long)]
        filter: Option<String>,
        /// Worker threads (default: one per core).
        #[arg(short = 'j', long = "jobs", default_value_t = 0)]
        jobs: usize,
        /// Show a diff under each failing test.
        #[arg(short, long)]
        verbose: bool,
    },
    /// Run a script, or publish a module and run one of its functions, from a `.masm` file,
    /// a `.mv` file or a folder of `.mv` modules (with `--deps`, and `--framework` for the
    /// real Aptos framework at 0x1).
    Run(run_command::RunArgs),
    /// Verify modules and scripts (`.mv`) as one bundle, so they may depend on each other.
    /// Sui modules are verified per package (their address), as Sui publishes them.
    Verify {
        /// Files or folders (searched recursively for `.mv`).
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// The flavor of unflavored (v5/v6) binaries; v7+ binaries name their own.
        #[arg(long, default_value = "aptos")]
        flavor: Flavor,
    },
    /// Time a function (ns and instructions per call), the built-in benchmark programs beside
    /// their native twins (`--programs`), or every opcode family (`--opcodes`).
    Bench(bench_command::BenchArgs),
    /// Publish Sui packages on an in-memory chain with Sui's framework and run Move calls,
    /// printing results, effects and events (`--json` for JSON).
    Sui(sui_command::SuiArgs),
    /// Deserialize, bounds-check and re-serialize binaries, comparing the bytes.
    Roundtrip {
        /// Files or folders (searched recursively for `.mv`).
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// The flavor of unflavored (v5/v6) binaries; v7+ binaries name their own.
        #[arg(long, default_value = "aptos")]
        flavor: Flavor,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse_from(arg_values::with_attached_arg_values(
        std::env::args_os().collect(),
    ));
    let result = match cli.command {
        Command::View {
            state,
            address,
            type_tag,
        } => run_command::view(&state, &address, &type_tag),
        Command::Disasm { file, flavor } => binary_commands::disasm(&file, flavor),
        Command::Asm {
            file,
            output,
            deps,
            bytecode_version,
            flavor,
        } => binary_commands::asm(&file, output, &deps, bytecode_version, flavor),
        Command::Roundtrip { files, flavor } => binary_commands::roundtrip(&files, flavor),
        Command::Bench(args) => bench_command::bench(&args),
        Command::Verify { files, flavor } => verify_command::verify(&files, flavor),
        Command::Test {
            paths,
            update,
            filter,
            jobs,
            verbose,
        } => test_command::test(&paths, update, filter, jobs, verbose),
        Command::Run(args) => {
            let peak_memory = args.peak_memory;
            let result = run_command::run(args);
            if peak_memory {
                match tern_bench::memory::peak_resident_bytes() {
                    Some(bytes) => eprintln!("peak memory: {bytes} bytes"),
                    None => eprintln!("peak memory: unavailable on this system"),
                }
            }
            result
        }
        Command::Sui(args) => sui_command::sui(&args),
    };
    match result {
        Ok(code) => code,
        // The reader of our output has gone (`tern disasm x.mv | head`): nothing to report.
        Err(err) if output::is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err:#}");
            ExitCode::FAILURE
        }
    }
}
