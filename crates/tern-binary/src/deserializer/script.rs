//! Scripts (spec §5): the main section is decoded before the tables, then pass 1, then any
//! module-only table is rejected.

use super::access::read_access_specifiers;
use super::code::read_code_unit;
use super::header::read_header;
use super::reader::DeResult;
use super::tables::{read_common_tables, read_type_parameters, Ctx};
use super::DeserializerConfig;
use crate::index::SignatureIndex;
use crate::model::CompiledScript;
use tern_primitives::{Flavor, StatusCode};

/// Deserializes a script without bounds checking.
pub(crate) fn read_script(bytes: &[u8], config: &DeserializerConfig) -> DeResult<CompiledScript> {
    let header = read_header(bytes, config)?;
    let version = header.version;
    let ctx = Ctx::new(&header, config);
    if ctx.flavor == Flavor::Sui {
        return Err(header.rest.error(
            StatusCode::MALFORMED,
            "Sui binaries are modules: the Sui flavor has no scripts",
        ));
    }
    let mut main = header.rest.clone();
    let type_parameters = read_type_parameters(&mut main, version)?;
    let parameters = SignatureIndex(main.index()?);
    let access_specifiers = if version >= 8 {
        read_access_specifiers(&mut main)?
    } else {
        None
    };
    let code = read_code_unit(&mut main, ctx)?;
    let common = read_common_tables(&header, ctx)?;
    for entry in &header.tables {
        if !entry.kind.allowed_in_script() {
            let r = header.table_reader(entry)?;
            return Err(r.error(
                StatusCode::MALFORMED,
                format!("Bad table in Script: {}", entry.kind),
            ));
        }
    }
    Ok(CompiledScript {
        version,
        module_handles: common.module_handles,
        struct_handles: common.struct_handles,
        function_handles: common.function_handles,
        function_instantiations: common.function_instantiations,
        signatures: common.signatures,
        identifiers: common.identifiers,
        address_identifiers: common.address_identifiers,
        constant_pool: common.constant_pool,
        metadata: common.metadata,
        code,
        type_parameters,
        parameters,
        access_specifiers,
    })
}
