//! Function bodies: for each definition (in order), control flow, the block and back-edge
//! limits, stack usage, type safety, locals safety, reference safety and acquires, metered per
//! function and per module. Errors get `(FunctionDefinition, i)` appended.

use crate::absint::FunctionView;
use crate::config::VerifierConfig;
use crate::error::{err, err_offset, with_index, VResult};
use crate::meter::{Meter, Scope};
use crate::view::Binary;
use crate::{
    acquires, control_flow, locals_safety, reference_safety, stack_usage, struct_api, type_safety,
};
use rustc_hash::FxHashMap;
use tern_binary::{CompiledModule, CompiledScript, FunctionDefinition, Signature};
use tern_primitives::{Flavor, IndexKind, StatusCode};

static NO_RETURNS: Signature = Signature(Vec::new());

struct Maps {
    name_to_def: FxHashMap<tern_binary::IdentifierIndex, usize>,
    handle_to_def: FxHashMap<tern_binary::FunctionHandleIndex, usize>,
}

/// Checks every function body of a module (without location).
pub(crate) fn verify_module(config: &VerifierConfig, module: &CompiledModule) -> VResult<()> {
    let binary = Binary::Module(module);
    let mut meter = Meter::new(config);
    let mut maps = Maps {
        name_to_def: FxHashMap::default(),
        handle_to_def: FxHashMap::default(),
    };
    for (idx, def) in module.function_defs.iter().enumerate() {
        let handle = binary.function_handle(def.function)?;
        maps.name_to_def.insert(handle.name, idx);
        maps.handle_to_def.insert(def.function, idx);
    }
    // Struct API wrappers are only recognized from bytecode v10 on.
    let struct_api = if module.version >= 10 {
        Some(struct_api::Context::new(module)?)
    } else {
        None
    };
    let mut total_back_edges = 0usize;
    for (idx, def) in module.function_defs.iter().enumerate() {
        let index = crate::error::idx_u16(idx);
        if let Some(ctx) = &struct_api {
            struct_api::check_function(module, def, ctx)
                .map_err(|e| with_index(e, IndexKind::FunctionDefinition, idx))?;
        }
        let back_edges = verify_function(config, binary, index, def, &maps, &mut meter)
            .map_err(|e| with_index(e, IndexKind::FunctionDefinition, idx))?;
        total_back_edges = total_back_edges.saturating_add(back_edges);
    }
    if config
        .max_back_edges_per_module
        .is_some_and(|l| total_back_edges > l)
    {
        return Err(err(StatusCode::TOO_MANY_BACK_EDGES));
    }
    Ok(())
}

fn verify_function(
    config: &VerifierConfig,
    binary: Binary<'_>,
    index: u16,
    def: &FunctionDefinition,
    maps: &Maps,
    meter: &mut Meter,
) -> VResult<usize> {
    meter.enter_scope(Scope::Function);
    let Some(code) = &def.code else {
        return Ok(0);
    };
    let handle = binary.function_handle(def.function)?;
    let cfg = control_flow::verify(
        config,
        binary.version(),
        index,
        &code.code,
        &code.jump_tables,
    )?;
    if config
        .max_basic_blocks
        .is_some_and(|l| cfg.num_blocks() > l)
    {
        return Err(err_offset(StatusCode::TOO_MANY_BASIC_BLOCKS, index, 0));
    }
    let back_edges = cfg.num_back_edges();
    if config
        .max_back_edges_per_function
        .is_some_and(|l| back_edges > l)
    {
        return Err(err_offset(StatusCode::TOO_MANY_BACK_EDGES, index, 0));
    }
    let view = FunctionView {
        index: Some(index),
        code: &code.code,
        jump_tables: &code.jump_tables,
        parameters: binary.sig(handle.parameters)?,
        locals: binary.sig(code.locals)?,
        returns: binary.sig(handle.return_)?,
        type_parameters: &handle.type_parameters,
        cfg,
        flavor: binary.flavor(),
    };
    verify_common(config, binary, &view, &maps.name_to_def, meter)?;
    acquires::verify(binary, &maps.handle_to_def, index, def)?;
    meter.transfer(Scope::Function, Scope::Module, 1.0)?;
    Ok(back_edges)
}

/// Checks a script's body (without location).
pub(crate) fn verify_script(config: &VerifierConfig, script: &CompiledScript) -> VResult<()> {
    let binary = Binary::Script(script);
    let mut meter = Meter::new(config);
    let cfg = control_flow::verify(config, script.version, 0, &script.code.code, &[])?;
    if config
        .max_basic_blocks_in_script
        .is_some_and(|l| cfg.num_blocks() > l)
    {
        return Err(err(StatusCode::TOO_MANY_BASIC_BLOCKS));
    }
    if config
        .max_back_edges_per_function
        .is_some_and(|l| cfg.num_back_edges() > l)
    {
        return Err(err(StatusCode::TOO_MANY_BACK_EDGES));
    }
    meter.enter_scope(Scope::Function);
    let view = FunctionView {
        index: None,
        code: &script.code.code,
        jump_tables: &[],
        parameters: binary.sig(script.parameters)?,
        locals: binary.sig(script.code.locals)?,
        returns: &NO_RETURNS,
        type_parameters: &script.type_parameters,
        cfg,
        flavor: tern_primitives::Flavor::Aptos,
    };
    verify_common(config, binary, &view, &FxHashMap::default(), &mut meter)
}

fn verify_common(
    config: &VerifierConfig,
    binary: Binary<'_>,
    view: &FunctionView<'_>,
    name_to_def: &FxHashMap<tern_binary::IdentifierIndex, usize>,
    meter: &mut Meter,
) -> VResult<()> {
    stack_usage::verify(config, binary, view)?;
    type_safety::verify(binary, view, meter)?;
    locals_safety::verify(binary, view, meter)?;
    if binary.flavor() == Flavor::Sui && config.sui.disallow_jump_orphans {
        verify_jump_table_use(view)?;
    }
    reference_safety::verify(binary, view, name_to_def, meter)
}

/// Sui: every jump table of the code unit is used by some `variant_switch`
/// (`INVALID_ENUM_SWITCH`, no index or offset, as Sui reports it).
fn verify_jump_table_use(view: &FunctionView<'_>) -> VResult<()> {
    let used: std::collections::BTreeSet<u16> = view
        .code
        .iter()
        .filter_map(|instr| match instr {
            tern_binary::Bytecode::VariantSwitch(table) => Some(table.0),
            _ => None,
        })
        .collect();
    if used.len() != view.jump_tables.len() {
        return Err(err(StatusCode::INVALID_ENUM_SWITCH));
    }
    Ok(())
}
