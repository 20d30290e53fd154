//! Primitive types shared by every Tern crate: account addresses, identifiers, module ids,
//! ability sets and the VM status codes with their Aptos numbers.
//!
//! ```
//! use tern_primitives::{AccountAddress, Ability, AbilitySet, StatusCode};
//!
//! let addr = AccountAddress::from_hex_literal("0x1").unwrap();
//! assert_eq!(addr.short_hex(), "1");
//! let abilities = AbilitySet::EMPTY | Ability::Copy | Ability::Drop;
//! assert!(abilities.has(Ability::Drop));
//! assert_eq!(StatusCode::ARITHMETIC_ERROR.number(), 4017);
//! ```

mod ability;
mod address;
mod flavor;
mod identifier;
mod index_kind;
mod status;
mod type_tag;
mod vm_error;

pub use ability::{Ability, AbilitySet};
pub use address::{AccountAddress, AddressParseError};
pub use flavor::{Flavor, UnknownFlavor};
pub use identifier::{
    is_valid_identifier, Identifier, IdentifierError, ModuleId, ModuleIdParseError,
};
pub use index_kind::IndexKind;
pub use status::{StatusCategory, StatusCode};
pub use type_tag::{parse_address, FunctionTag, StructTag, TypeTag, TypeTagParseError};
pub use vm_error::{ErrorOrigin, Location, StackFrameInfo, VmError, VmErrorData};

/// Unsigned 256-bit integer (ethnum).
pub type U256 = ethnum::U256;
/// Signed 256-bit integer (ethnum).
pub type I256 = ethnum::I256;
