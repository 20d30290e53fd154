//! Access specifiers (function handles v7+, scripts v8+) and function attributes (v8+), spec §4.3.

use super::reader::{DeResult, Reader};
use crate::index::*;
use crate::model::{
    AccessKind, AccessSpecifier, AddressSpecifier, FunctionAttribute, ResourceSpecifier,
};
use tern_primitives::StatusCode;

/// Maximum number of access specifiers in one list.
pub(crate) const ACCESS_SPECIFIERS_MAX: u64 = 64;
/// Maximum number of attributes on one function handle.
pub(crate) const ATTRIBUTES_MAX: u64 = 16;

/// Reads an option tag: 0x01 = None (false), 0x02 = Some (true); anything else MALFORMED.
#[inline]
pub(crate) fn read_option_tag(r: &mut Reader<'_>) -> DeResult<bool> {
    let start = r.pos();
    match r.u8()? {
        0x01 => Ok(false),
        0x02 => Ok(true),
        other => Err(r.error_at(
            start,
            StatusCode::MALFORMED,
            format!("malformed option tag {other:#04x}"),
        )),
    }
}

/// Reads `option<uleb(64) count, specifiers>`.
pub(crate) fn read_access_specifiers(r: &mut Reader<'_>) -> DeResult<Option<Vec<AccessSpecifier>>> {
    if !read_option_tag(r)? {
        return Ok(None);
    }
    let n = r.count(ACCESS_SPECIFIERS_MAX)?;
    let mut specs = Vec::with_capacity(r.capacity_for(n, 4));
    for _ in 0..n {
        specs.push(read_access_specifier(r)?);
    }
    Ok(Some(specs))
}

/// Reads one specifier: kind, negated, resource, address.
fn read_access_specifier(r: &mut Reader<'_>) -> DeResult<AccessSpecifier> {
    let start = r.pos();
    let kind = match r.u8()? {
        0x01 => AccessKind::Reads,
        0x02 => AccessKind::Writes,
        other => {
            return Err(r.error_at(
                start,
                StatusCode::MALFORMED,
                format!("malformed access kind {other:#04x}"),
            ))
        }
    };
    let start = r.pos();
    let negated = match r.u8()? {
        0x01 => false,
        0x02 => true,
        other => {
            return Err(r.error_at(
                start,
                StatusCode::MALFORMED,
                format!("malformed bool {other:#04x}"),
            ))
        }
    };
    let resource = read_resource_specifier(r)?;
    let address = read_address_specifier(r)?;
    Ok(AccessSpecifier {
        kind,
        negated,
        resource,
        address,
    })
}

fn read_resource_specifier(r: &mut Reader<'_>) -> DeResult<ResourceSpecifier> {
    let start = r.pos();
    Ok(match r.u8()? {
        0x01 => ResourceSpecifier::Any,
        0x02 => ResourceSpecifier::DeclaredAtAddress(AddressIdentifierIndex(r.index()?)),
        0x03 => ResourceSpecifier::DeclaredInModule(ModuleHandleIndex(r.index()?)),
        0x04 => ResourceSpecifier::Resource(StructHandleIndex(r.index()?)),
        0x05 => {
            let handle = StructHandleIndex(r.index()?);
            ResourceSpecifier::ResourceInstantiation(handle, SignatureIndex(r.index()?))
        }
        other => {
            return Err(r.error_at(
                start,
                StatusCode::MALFORMED,
                format!("malformed resource specifier {other:#04x}"),
            ))
        }
    })
}

fn read_address_specifier(r: &mut Reader<'_>) -> DeResult<AddressSpecifier> {
    let start = r.pos();
    Ok(match r.u8()? {
        0x01 => AddressSpecifier::Any,
        0x02 => AddressSpecifier::Literal(AddressIdentifierIndex(r.index()?)),
        0x03 => {
            let local = r.uleb_u8(u8::MAX)?;
            let function = if read_option_tag(r)? {
                Some(FunctionInstantiationIndex(r.index()?))
            } else {
                None
            };
            AddressSpecifier::Parameter(local, function)
        }
        other => {
            return Err(r.error_at(
                start,
                StatusCode::MALFORMED,
                format!("malformed address specifier {other:#04x}"),
            ))
        }
    })
}

/// Reads `uleb(16)` count then the attributes (tags 3–9 need v10).
pub(crate) fn read_attributes(
    r: &mut Reader<'_>,
    version: u32,
) -> DeResult<Vec<FunctionAttribute>> {
    let n = r.count(ATTRIBUTES_MAX)?;
    let mut out = Vec::with_capacity(r.capacity_for(n, 1));
    for _ in 0..n {
        out.push(read_attribute(r, version)?);
    }
    Ok(out)
}

fn read_attribute(r: &mut Reader<'_>, version: u32) -> DeResult<FunctionAttribute> {
    use FunctionAttribute as A;
    let start = r.pos();
    let tag = r.u8()?;
    if !(0x01..=0x09).contains(&tag) {
        return Err(r.error_at(
            start,
            StatusCode::MALFORMED,
            format!("unknown function attribute {tag:#04x}"),
        ));
    }
    if tag >= 0x03 && version < 10 {
        return Err(r.error_at(
            start,
            StatusCode::MALFORMED,
            format!("function attribute {tag:#04x} needs bytecode version 10"),
        ));
    }
    Ok(match tag {
        0x01 => A::Persistent,
        0x02 => A::ModuleLock,
        0x03 => A::Pack,
        0x04 => A::PackVariant(r.u16_le()?),
        0x05 => A::Unpack,
        0x06 => A::UnpackVariant(r.u16_le()?),
        0x07 => A::TestVariant(r.u16_le()?),
        0x08 => A::BorrowFieldImmutable(r.u16_le()?),
        _ => A::BorrowFieldMutable(r.u16_le()?),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn specs(bytes: &[u8]) -> Result<Option<Vec<AccessSpecifier>>, StatusCode> {
        let mut r = Reader::new(bytes, 0, None);
        let v = read_access_specifiers(&mut r).map_err(|e| e.status)?;
        assert!(r.is_empty());
        Ok(v)
    }

    fn attrs(bytes: &[u8], version: u32) -> Result<Vec<FunctionAttribute>, StatusCode> {
        let mut r = Reader::new(bytes, 0, None);
        let v = read_attributes(&mut r, version).map_err(|e| e.status)?;
        assert!(r.is_empty());
        Ok(v)
    }

    #[test]
    fn access_specifier_variants() {
        assert_eq!(specs(&[0x01]), Ok(None));
        assert_eq!(specs(&[0x02, 0x00]), Ok(Some(vec![])));
        let all = [
            0x02, 0x05, // Some, 5 specs
            0x01, 0x01, 0x01, 0x01, // reads, !negated, any, any
            0x02, 0x02, 0x02, 0x07, 0x02, 0x09, // writes, negated, at addr 7, literal 9
            0x01, 0x01, 0x03, 0x01, 0x03, 0x04, 0x01, // in module 1, param 4 None
            0x01, 0x01, 0x04, 0x02, 0x03, 0x05, 0x02, 0x06, // resource 2, param 5 Some(6)
            0x01, 0x01, 0x05, 0x03, 0x04, 0x01, // instantiation (3, 4), any
        ];
        let v = specs(&all).unwrap().unwrap();
        assert_eq!(v.len(), 5);
        assert_eq!(
            v[1],
            AccessSpecifier {
                kind: AccessKind::Writes,
                negated: true,
                resource: ResourceSpecifier::DeclaredAtAddress(AddressIdentifierIndex(7)),
                address: AddressSpecifier::Literal(AddressIdentifierIndex(9)),
            }
        );
        assert_eq!(
            v[3].address,
            AddressSpecifier::Parameter(5, Some(FunctionInstantiationIndex(6)))
        );
        assert_eq!(
            v[4].resource,
            ResourceSpecifier::ResourceInstantiation(StructHandleIndex(3), SignatureIndex(4))
        );
    }

    #[test]
    fn access_specifier_rejections() {
        let m = Err(StatusCode::MALFORMED);
        assert_eq!(specs(&[0x00]), m);
        assert_eq!(specs(&[0x03]), m);
        assert_eq!(specs(&[0x02, 0x01, 0x03, 0x01, 0x01, 0x01]), m);
        assert_eq!(specs(&[0x02, 0x01, 0x01, 0x00, 0x01, 0x01]), m);
        assert_eq!(specs(&[0x02, 0x01, 0x01, 0x01, 0x06, 0x01]), m);
        assert_eq!(specs(&[0x02, 0x01, 0x01, 0x01, 0x01, 0x04]), m);
        assert_eq!(specs(&[0x02, 0x41]), m);
    }

    #[test]
    fn attributes_and_gates() {
        assert_eq!(attrs(&[0x00], 8), Ok(vec![]));
        assert_eq!(
            attrs(&[0x02, 0x01, 0x02], 8),
            Ok(vec![
                FunctionAttribute::Persistent,
                FunctionAttribute::ModuleLock
            ])
        );
        assert_eq!(attrs(&[0x01, 0x03], 9), Err(StatusCode::MALFORMED));
        assert_eq!(attrs(&[0x01, 0x03], 10), Ok(vec![FunctionAttribute::Pack]));
        assert_eq!(
            attrs(&[0x01, 0x04, 0x34, 0x12], 10),
            Ok(vec![FunctionAttribute::PackVariant(0x1234)])
        );
        assert_eq!(attrs(&[0x01, 0x04, 0x34], 10), Err(StatusCode::BAD_U16));
        assert_eq!(attrs(&[0x01, 0x0A], 10), Err(StatusCode::MALFORMED));
        assert_eq!(attrs(&[0x01, 0x00], 10), Err(StatusCode::MALFORMED));
        let mut sixteen = vec![16];
        sixteen.extend([1; 16]);
        assert_eq!(attrs(&sixteen, 8).map(|v| v.len()), Ok(16));
        let mut seventeen = vec![17];
        seventeen.extend([1; 17]);
        assert_eq!(attrs(&seventeen, 8), Err(StatusCode::MALFORMED));
    }
}
