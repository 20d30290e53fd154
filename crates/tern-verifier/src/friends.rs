//! Friend declarations: a module cannot be its own friend, and friends must live at the module's
//! own address. (Whether friends exist is a linking question, see `dependencies`.)

use crate::error::{err, VResult};
use crate::view::Binary;
use tern_primitives::StatusCode;

/// Checks the friend list of a module (without its location).
pub(crate) fn verify(binary: Binary<'_>) -> VResult<()> {
    let Some(self_idx) = binary.self_handle_idx() else {
        return Ok(());
    };
    let self_handle = binary.module_handle(self_idx)?;
    if binary.friend_decls().contains(self_handle) {
        return Err(err(StatusCode::INVALID_FRIEND_DECL_WITH_SELF));
    }
    let self_address = binary.address(self_handle.address)?;
    for friend in binary.friend_decls() {
        if binary.address(friend.address)? != self_address {
            return Err(err(
                StatusCode::INVALID_FRIEND_DECL_WITH_MODULES_OUTSIDE_ACCOUNT_ADDRESS,
            ));
        }
    }
    Ok(())
}
