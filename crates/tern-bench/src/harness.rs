//! Preparing a benchmarked call once and making it many times.
//!
//! [`prepare`] (or [`prepare_source`]) builds a VM with the standard library, assembles and
//! publishes the module (deserialize, verify, link: all outside any timed region), resolves the
//! function and the type arguments, and keeps the BCS arguments. [`run`] then makes exactly one
//! call in a fresh session and discards its writes, as the gas-calibration tool does, so calls
//! that `move_to` can be repeated.

use crate::error::BenchError;
use crate::programs::Program;
use tern::Vm;
use tern_asm::assembler::{assemble, AsmOptions, CompiledUnit};
use tern_binary::CompiledModule;
use tern_primitives::{ModuleId, StatusCode, TypeTag, VmError};
use tern_vm::loader::LinkedFunction;
use tern_vm::types::TypeId;
use tern_vm::Session;

/// A published function with its decoded type arguments and BCS arguments, ready to be called.
pub struct Prepared {
    vm: Vm,
    module: ModuleId,
    function: LinkedFunction,
    ty_args: Vec<TypeId>,
    args: Vec<Vec<u8>>,
}

impl std::fmt::Debug for Prepared {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Prepared")
            .field("module", &self.module)
            .field("function", &self.function.name)
            .finish_non_exhaustive()
    }
}

impl Prepared {
    /// The module the function belongs to.
    pub fn module(&self) -> &ModuleId {
        &self.module
    }

    /// The function's name.
    pub fn function_name(&self) -> &str {
        self.function.name.as_str()
    }

    /// Replaces the BCS arguments of later calls.
    pub fn set_args(&mut self, args: Vec<Vec<u8>>) {
        self.args = args;
    }

    /// The VM holding the published module (its committed storage is never changed by runs).
    pub fn vm(&self) -> &Vm {
        &self.vm
    }
}

/// Prepares `program` at `size` (see [`Program::input`]).
pub fn prepare(program: &Program, size: u64) -> Result<Prepared, BenchError> {
    let args = program.input(size).to_bcs_args();
    prepare_source(program.source, program.function, &[], args)
}

/// Prepares `function` of the module in `source` (a `.masm` module, which may import the
/// standard library) with type arguments and BCS arguments.
pub fn prepare_source(
    source: &str,
    function: &str,
    type_args: &[TypeTag],
    args: Vec<Vec<u8>>,
) -> Result<Prepared, BenchError> {
    // A Sui-flavor module runs under Sui's runtime limits (its packs check value depth), as
    // a Sui chain runs it.
    let mut vm = if tern_asm::assembler::declares_sui_flavor(source) {
        let config = tern::VmConfig {
            type_limits: tern::TypeLimits::SUI,
            address_signers: true,
            ..tern::VmConfig::default()
        };
        let mut vm = Vm::new(config);
        vm.publish_stdlib()?;
        vm
    } else {
        Vm::with_stdlib()?
    };
    let module = publish_source(&mut vm, source)?;
    prepare_published(vm, module, function, type_args, args)
}

/// `function` of `module`, already published on `vm` (a VM of the caller's: its natives and
/// modules), prepared as [`prepare_source`] prepares one.
pub fn prepare_published(
    vm: Vm,
    module: ModuleId,
    function: &str,
    type_args: &[TypeTag],
    args: Vec<Vec<u8>>,
) -> Result<Prepared, BenchError> {
    let runtime = vm.runtime().clone();
    let mut session = Session::new(&runtime, vm.storage());
    let function = session.function(&module, function)?;
    let ty_args = type_args
        .iter()
        .map(|t| session.load_type(t))
        .collect::<Result<Vec<_>, _>>()?;
    drop(session);
    Ok(Prepared {
        vm,
        module,
        function,
        ty_args,
        args,
    })
}

/// Assembles the module in `source` against the standard library and publishes it on `vm`.
pub fn publish_source(vm: &mut Vm, source: &str) -> Result<ModuleId, BenchError> {
    let module = assemble_module(source)?;
    let bytes = module
        .serialize()
        .map_err(|e| BenchError::Serialize(e.to_string()))?;
    Ok(vm.publish_compiled(module, bytes)?)
}

/// The bytecode version a Sui-flavor module is assembled at: Sui's newest, as `tern asm` and
/// the transactional tests write them (Aptos-flavor modules keep the assembler's default).
pub const SUI_VERSION: u32 = 7;

/// Assembles the module in `source`; its imports may name the standard library. A `flavor sui`
/// module is assembled at [`SUI_VERSION`].
pub fn assemble_module(source: &str) -> Result<CompiledModule, BenchError> {
    let stdlib = tern_stdlib::stdlib_modules().map_err(|e| BenchError::Other(e.to_string()))?;
    let deps: Vec<&CompiledModule> = stdlib.iter().collect();
    let options = if tern_asm::assembler::declares_sui_flavor(source) {
        AsmOptions {
            version: SUI_VERSION,
        }
    } else {
        AsmOptions::default()
    };
    match assemble(source, &deps, &options) {
        Ok(CompiledUnit::Module(m)) => Ok(m),
        Ok(CompiledUnit::Script(_)) => Err(BenchError::NotAModule),
        Err(e) => Err(BenchError::Assemble(e.to_string())),
    }
}

/// How a timed call runs.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CallMode {
    /// The gas budget in instructions (`None`: unmetered).
    pub budget: Option<u64>,
    /// Whether the runtime type checks are on (the peer's "paranoid" mode).
    pub type_checks: bool,
}

/// Makes one unmetered call; results are dropped and writes discarded.
pub fn run(p: &Prepared) -> Result<(), VmError> {
    run_in(p, CallMode::default())
}

/// Makes one call metered with `budget` instructions (`None`: unmetered).
pub fn run_with_budget(p: &Prepared, budget: Option<u64>) -> Result<(), VmError> {
    run_in(
        p,
        CallMode {
            budget,
            type_checks: false,
        },
    )
}

/// Makes one call in `mode`; results are dropped and writes discarded.
pub fn run_in(p: &Prepared, mode: CallMode) -> Result<(), VmError> {
    let mut session = Session::new(p.vm.runtime(), p.vm.storage());
    session.set_gas_budget(mode.budget);
    session.set_type_checks(mode.type_checks);
    let outcome = session.execute(p.function.clone(), p.ty_args.clone(), p.args.clone())?;
    std::hint::black_box(&outcome);
    Ok(())
}

/// Makes one call and returns the BCS bytes of its return values followed by the final values
/// of its `&mut` parameters.
pub fn run_results(p: &Prepared) -> Result<Vec<Vec<u8>>, VmError> {
    let mut session = Session::new(p.vm.runtime(), p.vm.storage());
    let outcome = session.execute(p.function.clone(), p.ty_args.clone(), p.args.clone())?;
    let mut out = Vec::new();
    for (ty, v) in &outcome.return_values {
        out.push(session.serialize_value(*ty, *v)?);
    }
    for (_, ty, v) in &outcome.mutable_inputs {
        out.push(session.serialize_value(*ty, *v)?);
    }
    Ok(out)
}

/// A gas budget no benchmark call exhausts: every instruction is counted against it (any
/// budget but `u64::MAX`, which means unmetered, counts).
pub const UNEXHAUSTIBLE_BUDGET: u64 = u64::MAX - 1;

/// The number of Move instructions one call executes (plus any gas its natives charge): one
/// call metered with a budget no call can exhaust, read back from the session's meter.
pub fn count_instructions(p: &Prepared) -> Result<u64, BenchError> {
    let budget = UNEXHAUSTIBLE_BUDGET;
    let mut session = Session::new(p.vm.runtime(), p.vm.storage());
    session.set_gas_budget(Some(budget));
    let outcome = session
        .execute(p.function.clone(), p.ty_args.clone(), p.args.clone())
        .map_err(|e| BenchError::Count(e.to_string()))?;
    std::hint::black_box(&outcome);
    Ok(budget - session.gas_left())
}

/// Whether the call completes within `budget` instructions.
pub fn fits(p: &Prepared, budget: u64) -> Result<bool, BenchError> {
    match run_with_budget(p, Some(budget)) {
        Ok(()) => Ok(true),
        Err(e) if e.status() == StatusCode::OUT_OF_GAS => Ok(false),
        Err(e) => Err(BenchError::Count(e.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SRC: &str = "module 0xbe::t\npublic fun three(x: u64): u64\n    move_loc x\n    ld_u64 2\n    add\n    ret\n";

    #[test]
    fn counts_exactly() {
        let p = prepare_source(SRC, "three", &[], vec![5u64.to_le_bytes().to_vec()]).unwrap();
        assert_eq!(count_instructions(&p).unwrap(), 4);
        // The count is the smallest budget the call fits in.
        assert!(fits(&p, 4).unwrap());
        assert!(!fits(&p, 3).unwrap());
        assert_eq!(run_results(&p).unwrap(), vec![7u64.to_le_bytes().to_vec()]);
        assert_eq!(p.function_name(), "three");
    }

    #[test]
    fn sui_modules_are_assembled_at_sui_version() {
        let sui = format!("// a comment\n\nflavor sui\n{SRC}");
        let module = assemble_module(&sui).unwrap();
        assert_eq!(module.flavor, tern_primitives::Flavor::Sui);
        assert_eq!(module.version, SUI_VERSION);
        let p = prepare_source(&sui, "three", &[], vec![5u64.to_le_bytes().to_vec()]).unwrap();
        assert_eq!(run_results(&p).unwrap(), vec![7u64.to_le_bytes().to_vec()]);
        assert_eq!(
            assemble_module(SRC).unwrap().flavor,
            tern_primitives::Flavor::Aptos
        );
    }

    #[test]
    fn errors_are_reported() {
        assert!(matches!(
            prepare_source("module 0xbe::t\nfun f()\n    ld_u8 512", "f", &[], vec![]),
            Err(BenchError::Assemble(_))
        ));
        assert!(matches!(
            prepare_source(SRC, "missing", &[], vec![]),
            Err(BenchError::Vm(_))
        ));
        let p = prepare_source(SRC, "three", &[], vec![u64::MAX.to_le_bytes().to_vec()]).unwrap();
        assert!(run(&p).is_err());
        assert!(matches!(count_instructions(&p), Err(BenchError::Count(_))));
    }
}
