//! Rows of the tables modules and scripts share (spec §4.1–§4.8, §4.13) and pass 1 of the
//! decode order (§8 step 5).

use super::access::{read_access_specifiers, read_attributes};
use super::header::Header;
use super::reader::{DeResult, Reader};
use super::signature::{read_abilities, read_signature, read_token, AbilityPosition};
use super::DeserializerConfig;
use crate::index::*;
use crate::model::*;
use crate::table::TableKind;
use tern_primitives::{AccountAddress, Flavor, Identifier, StatusCode};

/// What the row decoders need to know about the binary.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Ctx {
    /// The binary's plain version.
    pub(crate) version: u32,
    /// The binary's flavor.
    pub(crate) flavor: Flavor,
    /// Maximum identifier length in bytes.
    pub(crate) max_identifier_size: u64,
    /// Sui: global storage is `DEPRECATED_BYTECODE_FORMAT`.
    pub(crate) deprecate_global_storage_ops: bool,
    /// Sui: no metadata, no trailing bytes.
    pub(crate) check_no_extraneous_bytes: bool,
    /// Sui: the most entries per table.
    pub(crate) sui_table_limits: super::SuiTableLimits,
}

impl Ctx {
    /// The context of the binary `header` describes, read under `config`.
    pub(crate) fn new(header: &Header<'_>, config: &DeserializerConfig) -> Ctx {
        Ctx {
            version: header.version,
            flavor: header.flavor,
            max_identifier_size: config.max_identifier_size,
            deprecate_global_storage_ops: config.deprecate_global_storage_ops,
            check_no_extraneous_bytes: config.check_no_extraneous_bytes,
            sui_table_limits: config.sui_table_limits,
        }
    }

    /// An Aptos context at `version` (identifiers up to 255 bytes), for tests.
    #[cfg(test)]
    pub(crate) fn aptos(version: u32) -> Ctx {
        Ctx {
            version,
            flavor: Flavor::Aptos,
            max_identifier_size: 255,
            deprecate_global_storage_ops: true,
            check_no_extraneous_bytes: true,
            sui_table_limits: super::SuiTableLimits::UNLIMITED,
        }
    }

    /// Sui's table size limit: `MALFORMED` when `kind` holds more than its limit.
    pub(crate) fn check_table_size(
        self,
        r: &Reader<'_>,
        kind: TableKind,
        len: usize,
    ) -> DeResult<()> {
        if self.flavor != Flavor::Sui {
            return Ok(());
        }
        let max = self.sui_table_limits.of(kind);
        if len > usize::from(max) {
            return Err(r.error(
                StatusCode::MALFORMED,
                format!("Exceeded size ({len} > {max}) in {kind}"),
            ));
        }
        Ok(())
    }

    /// Whether Sui's rule against metadata and trailing bytes applies.
    pub(crate) fn sui_strict_bytes(self) -> bool {
        self.flavor == Flavor::Sui && self.check_no_extraneous_bytes
    }

    /// Whether Sui's deprecation of global storage applies.
    pub(crate) fn sui_deprecated_globals(self) -> bool {
        self.flavor == Flavor::Sui && self.deprecate_global_storage_ops
    }
}

/// The tables modules and scripts share, filled by pass 1.
#[derive(Debug, Default)]
pub(crate) struct CommonTables {
    pub(crate) module_handles: Vec<ModuleHandle>,
    pub(crate) struct_handles: Vec<StructHandle>,
    pub(crate) function_handles: Vec<FunctionHandle>,
    pub(crate) function_instantiations: Vec<FunctionInstantiation>,
    pub(crate) signatures: Vec<Signature>,
    pub(crate) constant_pool: Vec<Constant>,
    pub(crate) identifiers: Vec<Identifier>,
    pub(crate) address_identifiers: Vec<AccountAddress>,
    pub(crate) metadata: Vec<Metadata>,
}

/// Decodes rows until the table's bytes are exhausted. `typical` is a row-size estimate used to
/// pre-size the vector from the bytes that exist (never from a count read from the input).
#[inline]
pub(crate) fn read_rows<'a, T>(
    r: &mut Reader<'a>,
    typical: usize,
    mut row: impl FnMut(&mut Reader<'a>) -> DeResult<T>,
) -> DeResult<Vec<T>> {
    let mut out = Vec::with_capacity(r.remaining().checked_div(typical).unwrap_or(0));
    while !r.is_empty() {
        out.push(row(r)?);
    }
    Ok(out)
}

/// Rejects a table that the binary's version may not contain (MALFORMED).
pub(crate) fn check_table_version(r: &Reader<'_>, kind: TableKind, version: u32) -> DeResult<()> {
    if version < kind.min_version() {
        return Err(r.error(
            StatusCode::MALFORMED,
            format!(
                "table {kind} needs bytecode version {}, binary is v{version}",
                kind.min_version()
            ),
        ));
    }
    Ok(())
}

/// Pass 1: decodes every common table in offset order; checks the version of FRIEND_DECLS and
/// the variant tables; leaves the other module-only tables for pass 2.
pub(crate) fn read_common_tables(header: &Header<'_>, ctx: Ctx) -> DeResult<CommonTables> {
    let mut t = CommonTables::default();
    for entry in &header.tables {
        let mut r = header.table_reader(entry)?;
        check_table_version(&r, entry.kind, ctx.version)?;
        if entry.kind == TableKind::Metadata && ctx.sui_strict_bytes() {
            return Err(r.error(
                StatusCode::MALFORMED,
                "metadata declarations not applicable in Sui binaries",
            ));
        }
        let r = &mut r;
        match entry.kind {
            TableKind::ModuleHandles => t.module_handles = read_rows(r, 2, read_module_handle)?,
            TableKind::StructHandles => {
                t.struct_handles = read_rows(r, 4, |r| read_struct_handle(r, ctx.version))?
            }
            TableKind::FunctionHandles => {
                t.function_handles = read_rows(r, 7, |r| read_function_handle(r, ctx))?
            }
            TableKind::FunctionInstantiations => {
                t.function_instantiations = read_rows(r, 2, |r| {
                    Ok(FunctionInstantiation {
                        handle: FunctionHandleIndex(r.index()?),
                        type_parameters: SignatureIndex(r.index()?),
                    })
                })?
            }
            TableKind::Signatures => t.signatures = read_rows(r, 8, |r| read_signature(r, ctx))?,
            TableKind::ConstantPool => {
                t.constant_pool = read_rows(r, 24, |r| read_constant(r, ctx))?
            }
            TableKind::Identifiers => {
                t.identifiers = read_rows(r, 14, |r| read_identifier(r, ctx))?
            }
            TableKind::AddressIdentifiers => t.address_identifiers = read_addresses(r)?,
            TableKind::Metadata => t.metadata = read_rows(r, 200, read_metadata)?,
            TableKind::StructDefinitions
            | TableKind::StructDefInstantiations
            | TableKind::FunctionDefinitions
            | TableKind::FieldHandles
            | TableKind::FieldInstantiations
            | TableKind::FriendDeclarations
            | TableKind::VariantFieldHandles
            | TableKind::VariantFieldInstantiations
            | TableKind::StructVariantHandles
            | TableKind::StructVariantInstantiations
            | TableKind::EnumDefinitions
            | TableKind::EnumDefInstantiations
            | TableKind::VariantHandles
            | TableKind::VariantInstantiationHandles => continue,
        }
        ctx.check_table_size(r, entry.kind, t.len_of(entry.kind))?;
    }
    Ok(t)
}

impl CommonTables {
    /// The number of rows read into a shared table.
    fn len_of(&self, kind: TableKind) -> usize {
        match kind {
            TableKind::ModuleHandles => self.module_handles.len(),
            TableKind::StructHandles => self.struct_handles.len(),
            TableKind::FunctionHandles => self.function_handles.len(),
            TableKind::FunctionInstantiations => self.function_instantiations.len(),
            TableKind::Signatures => self.signatures.len(),
            TableKind::ConstantPool => self.constant_pool.len(),
            TableKind::Identifiers => self.identifiers.len(),
            TableKind::AddressIdentifiers => self.address_identifiers.len(),
            _ => 0,
        }
    }
}

/// MODULE_HANDLES / FRIEND_DECLS row.
pub(crate) fn read_module_handle(r: &mut Reader<'_>) -> DeResult<ModuleHandle> {
    Ok(ModuleHandle {
        address: AddressIdentifierIndex(r.index()?),
        name: IdentifierIndex(r.index()?),
    })
}

/// STRUCT_HANDLES row.
fn read_struct_handle(r: &mut Reader<'_>, version: u32) -> DeResult<StructHandle> {
    let module = ModuleHandleIndex(r.index()?);
    let name = IdentifierIndex(r.index()?);
    let abilities = read_abilities(r, version, AbilityPosition::StructHandle)?;
    let n = r.count(255)?;
    let mut type_parameters = Vec::with_capacity(r.capacity_for(n, 1));
    for _ in 0..n {
        let constraints = read_abilities(r, version, AbilityPosition::StructTypeParameter)?;
        let is_phantom = if version >= 3 { r.uleb(1)? == 1 } else { false };
        type_parameters.push(StructTypeParameter {
            constraints,
            is_phantom,
        });
    }
    Ok(StructHandle {
        module,
        name,
        abilities,
        type_parameters,
    })
}

/// FUNCTION_HANDLES row (Aptos: access specifiers from v7, attributes from v8; Sui: neither).
fn read_function_handle(r: &mut Reader<'_>, ctx: Ctx) -> DeResult<FunctionHandle> {
    let version = ctx.version;
    let module = ModuleHandleIndex(r.index()?);
    let name = IdentifierIndex(r.index()?);
    let parameters = SignatureIndex(r.index()?);
    let return_ = SignatureIndex(r.index()?);
    let type_parameters = read_type_parameters(r, version)?;
    let aptos = ctx.flavor == Flavor::Aptos;
    let access_specifiers = if aptos && version >= 7 {
        read_access_specifiers(r)?
    } else {
        None
    };
    let attributes = if aptos && version >= 8 {
        read_attributes(r, version)?
    } else {
        Vec::new()
    };
    Ok(FunctionHandle {
        module,
        name,
        parameters,
        return_,
        type_parameters,
        access_specifiers,
        attributes,
    })
}

/// `uleb(255)` count, then the constraints of a function's (or script's) type parameters.
pub(crate) fn read_type_parameters(
    r: &mut Reader<'_>,
    version: u32,
) -> DeResult<Vec<tern_primitives::AbilitySet>> {
    let n = r.count(255)?;
    let mut out = Vec::with_capacity(r.capacity_for(n, 1));
    for _ in 0..n {
        out.push(read_abilities(
            r,
            version,
            AbilityPosition::FunctionTypeParameter,
        )?);
    }
    Ok(out)
}

/// CONSTANT_POOL row: a token and `blob(65535)` of BCS bytes (not validated here).
fn read_constant(r: &mut Reader<'_>, ctx: Ctx) -> DeResult<Constant> {
    let type_ = read_token(r, ctx)?;
    let data = r.blob(u64::from(u16::MAX))?.to_vec();
    Ok(Constant { type_, data })
}

/// METADATA row: `blob(1023)` key, `blob(65535)` value.
fn read_metadata(r: &mut Reader<'_>) -> DeResult<Metadata> {
    let key = r.blob(1023)?.to_vec();
    let value = r.blob(u64::from(u16::MAX))?.to_vec();
    Ok(Metadata { key, value })
}

/// IDENTIFIERS row: `uleb(limit)` length, then the text, validated (`$` only from v9).
fn read_identifier(r: &mut Reader<'_>, ctx: Ctx) -> DeResult<Identifier> {
    let start = r.pos();
    let bytes = r.blob(ctx.max_identifier_size)?;
    // perf: `Identifier::new` validates (ASCII only, `$` allowed); only the v < 9 `$` rule is
    // checked here, so each identifier is scanned once plus the UTF-8 check.
    if ctx.version < 9 && bytes.contains(&b'$') {
        return Err(invalid_identifier(r, start, bytes));
    }
    let Ok(text) = std::str::from_utf8(bytes) else {
        return Err(invalid_identifier(r, start, bytes));
    };
    Identifier::new(text).map_err(|_| invalid_identifier(r, start, bytes))
}

#[cold]
fn invalid_identifier(r: &Reader<'_>, start: usize, bytes: &[u8]) -> Box<crate::BinaryError> {
    r.error_at(
        start,
        StatusCode::MALFORMED,
        format!("Invalid Identifier {:?}", String::from_utf8_lossy(bytes)),
    )
}

/// ADDRESS_IDENTIFIERS: 32 raw bytes per row; the length must be a multiple of 32.
fn read_addresses(r: &mut Reader<'_>) -> DeResult<Vec<AccountAddress>> {
    if !r.remaining().is_multiple_of(AccountAddress::LENGTH) {
        return Err(r.error(
            StatusCode::MALFORMED,
            format!("Bad Address pool size {}", r.remaining()),
        ));
    }
    read_rows(r, AccountAddress::LENGTH, |r| {
        Ok(AccountAddress::new(r.array(StatusCode::MALFORMED)?))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ctx(version: u32) -> Ctx {
        Ctx::aptos(version)
    }

    fn ident(text: &[u8], c: Ctx) -> Result<Identifier, StatusCode> {
        let mut bytes = Vec::new();
        let mut n = text.len();
        loop {
            let b = (n & 0x7F) as u8;
            n >>= 7;
            if n == 0 {
                bytes.push(b);
                break;
            }
            bytes.push(b | 0x80);
        }
        bytes.extend_from_slice(text);
        read_identifier(&mut Reader::new(&bytes, 0, None), c).map_err(|e| e.status)
    }

    #[test]
    fn identifiers() {
        for ok in [
            &b"_x"[..],
            b"$x",
            b"<SELF>",
            b"<SELF>_12",
            b"a",
            &[b'a'; 255],
        ] {
            assert!(
                ident(ok, ctx(9)).is_ok(),
                "{:?}",
                String::from_utf8_lossy(ok)
            );
        }
        for bad in [&b"_"[..], b"1abc", b"", b"a-b", b"\xC3\xA9", &[b'a'; 256]] {
            assert_eq!(ident(bad, ctx(9)), Err(StatusCode::MALFORMED));
        }
        assert_eq!(ident(b"sha2$256", ctx(8)), Err(StatusCode::MALFORMED));
        assert!(ident(b"sha2$256", ctx(9)).is_ok());
        let legacy = Ctx {
            max_identifier_size: 65535,
            ..Ctx::aptos(9)
        };
        assert!(ident(&[b'a'; 1000], legacy).is_ok());
        // declared length beyond the bytes present
        let mut r = Reader::new(&[0x05, b'a', b'b'], 0, None);
        assert_eq!(
            read_identifier(&mut r, ctx(9)).unwrap_err().status,
            StatusCode::MALFORMED
        );
    }

    #[test]
    fn struct_handle_rows() {
        let mut r = Reader::new(&[0x00, 0x01, 0x0F, 0x02, 0x03, 0x01, 0x00, 0x00], 0, None);
        let h = read_struct_handle(&mut r, 9).unwrap();
        assert_eq!(h.type_parameters.len(), 2);
        assert!(h.type_parameters[0].is_phantom);
        assert!(!h.type_parameters[1].is_phantom);
        let mut r = Reader::new(&[0x00, 0x01, 0x0F, 0x01, 0x03, 0x02], 0, None);
        assert_eq!(
            read_struct_handle(&mut r, 9).unwrap_err().status,
            StatusCode::MALFORMED
        );
        let mut r = Reader::new(&[0x00, 0x01, 0x10, 0x00], 0, None);
        assert_eq!(
            read_struct_handle(&mut r, 9).unwrap_err().status,
            StatusCode::MALFORMED
        );
        // v2: no phantom byte
        let mut r = Reader::new(&[0x00, 0x01, 0x0F, 0x01, 0x03], 0, None);
        assert!(read_struct_handle(&mut r, 2).is_ok());
        assert!(r.is_empty());
    }

    #[test]
    fn function_handle_layout_grows_with_version() {
        let v6 = [0x00, 0x01, 0x02, 0x03, 0x01, 0x0F];
        let mut r = Reader::new(&v6, 0, None);
        let h = read_function_handle(&mut r, ctx(6)).unwrap();
        assert!(r.is_empty() && h.access_specifiers.is_none() && h.attributes.is_empty());
        let v7 = [0x00, 0x01, 0x02, 0x03, 0x00, 0x02, 0x00];
        let mut r = Reader::new(&v7, 0, None);
        assert_eq!(
            read_function_handle(&mut r, ctx(7))
                .unwrap()
                .access_specifiers,
            Some(vec![])
        );
        assert!(r.is_empty());
        let v8 = [0x00, 0x01, 0x02, 0x03, 0x00, 0x01, 0x01, 0x01];
        let mut r = Reader::new(&v8, 0, None);
        let h = read_function_handle(&mut r, ctx(8)).unwrap();
        assert_eq!(h.attributes, vec![FunctionAttribute::Persistent]);
        assert!(r.is_empty());
    }

    #[test]
    fn addresses_constants_metadata() {
        let mut r = Reader::new(&[0u8; 31], 0, None);
        assert_eq!(
            read_addresses(&mut r).unwrap_err().status,
            StatusCode::MALFORMED
        );
        let mut bytes = [0u8; 64];
        bytes[63] = 1;
        let addrs = read_addresses(&mut Reader::new(&bytes, 0, None)).unwrap();
        assert_eq!(addrs, vec![AccountAddress::ZERO, AccountAddress::ONE]);
        let mut r = Reader::new(&[0x03, 0x02, 0x07, 0x00], 0, None);
        let c = read_constant(&mut r, ctx(9)).unwrap();
        assert_eq!((c.type_, c.data), (SignatureToken::U64, vec![7, 0]));
        let mut key = vec![0xFF, 0x07];
        key.extend([b'k'; 1023]);
        key.push(0x00);
        assert_eq!(
            read_metadata(&mut Reader::new(&key, 0, None))
                .unwrap()
                .key
                .len(),
            1023
        );
        let mut key = vec![0x80, 0x08];
        key.extend([b'k'; 1024]);
        key.push(0x00);
        let err = read_metadata(&mut Reader::new(&key, 0, None)).unwrap_err();
        assert_eq!(err.status, StatusCode::MALFORMED);
    }
}
