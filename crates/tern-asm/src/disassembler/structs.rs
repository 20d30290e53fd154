//! Printing struct and enum blocks.

use super::types::{abilities, struct_type_params};
use super::{DisasmError, Printer};
use std::fmt::Write as _;
use tern_binary::*;

impl Printer<'_> {
    /// One struct or enum block, with the empty line that ends it.
    pub(super) fn struct_block(
        &self,
        out: &mut String,
        def: &StructDefinition,
    ) -> Result<(), DisasmError> {
        let handle = self.tables.struct_handle(def.struct_handle)?;
        let keyword = match &def.field_information {
            _ if def.is_enum() => "enum",
            StructFieldInformation::Native => "native struct",
            _ => "struct",
        };
        let name = self.tables.identifier(handle.name)?;
        let tparams = struct_type_params(&handle.type_parameters);
        let _ = write!(out, "{keyword} {name}{tparams}");
        if !handle.abilities.is_empty() {
            let _ = write!(out, " has {}", abilities(handle.abilities));
        }
        out.push('\n');
        match &def.field_information {
            StructFieldInformation::Native => {}
            StructFieldInformation::Declared(fields) => self.fields(out, fields, "  ")?,
            StructFieldInformation::DeclaredVariants(variants) => {
                for variant in variants {
                    let _ = writeln!(out, "  {}", self.tables.identifier(variant.name)?);
                    self.fields(out, &variant.fields, "    ")?;
                }
            }
        }
        out.push('\n');
        Ok(())
    }

    /// One Sui enum block, with the empty line that ends it.
    pub(super) fn enum_block(
        &self,
        out: &mut String,
        def: &EnumDefinition,
    ) -> Result<(), DisasmError> {
        let handle = self.tables.struct_handle(def.enum_handle)?;
        let name = self.tables.identifier(handle.name)?;
        let tparams = struct_type_params(&handle.type_parameters);
        let _ = write!(out, "enum {name}{tparams}");
        if !handle.abilities.is_empty() {
            let _ = write!(out, " has {}", abilities(handle.abilities));
        }
        out.push('\n');
        for variant in &def.variants {
            let _ = writeln!(out, "  {}", self.tables.identifier(variant.name)?);
            self.fields(out, &variant.fields, "    ")?;
        }
        out.push('\n');
        Ok(())
    }

    fn fields(
        &self,
        out: &mut String,
        fields: &[FieldDefinition],
        indent: &str,
    ) -> Result<(), DisasmError> {
        for field in fields {
            let name = self.tables.identifier(field.name)?;
            let _ = writeln!(out, "{indent}{name}: {}", self.type_(&field.type_)?);
        }
        Ok(())
    }
}
