//! The runtime shared by all sessions: configuration, natives and the code cache.

use crate::loader::CodeCache;
use crate::natives::NativeRegistry;
use crate::types::TypeLimits;
use std::sync::{RwLock, RwLockReadGuard, RwLockWriteGuard};
use tern_primitives::{StatusCode, VmError};

/// Limits and switches of a VM.
#[derive(Debug, Clone)]
pub struct VmConfig {
    /// Operand-stack entries shared by all frames.
    pub max_operand_stack: usize,
    /// Suspended caller frames allowed.
    pub max_call_depth: usize,
    /// Limits of types built at run time.
    pub type_limits: TypeLimits,
    /// Maximum nesting depth of values: packing a closure, copying, comparing and serializing
    /// a value deeper fails with `VM_MAX_VALUE_DEPTH_REACHED`.
    pub max_value_depth: usize,
    /// Maximum abort-message length in bytes.
    pub max_abort_message: usize,
    /// Nodes allowed in a type layout (serialization).
    pub max_layout_nodes: usize,
    /// Depth allowed in a type layout.
    pub max_layout_depth: usize,
    /// Values the session's heap may hold (a container counts one plus its fields or
    /// elements, a byte vector one per 40 bytes), checked where a copy, a constant load
    /// (`ld_const` of a vector, made anew at each load) or a push that grows a vector
    /// allocates: past it the copy, load or push fails with `MEMORY_LIMIT_EXCEEDED`. The
    /// default, 4,194,304 units, is about 160 MB of values (20 million `u64` in a vector). Copies are the one way a few instructions
    /// can multiply memory (the instruction meter charges a copy one unit whatever its size:
    /// a vector copied into another on every iteration grows quadratically, an unverified
    /// vector pushed a copy of itself doubles); everything else grows by at most a stack's
    /// worth of values per instruction. The check is approximate: a copy fails once a recount
    /// leaves less than a sixteenth of the quota free.
    pub max_heap_values: usize,
    /// Whether `signer` arguments are bare 32-byte addresses, as Sui's VM takes them; else
    /// (the default) they take the Aptos VM's form, byte 0 then the address, and a bare
    /// address does not deserialize as a signer.
    pub address_signers: bool,
}

impl Default for VmConfig {
    fn default() -> Self {
        VmConfig {
            max_operand_stack: 1024,
            max_call_depth: 1024,
            type_limits: TypeLimits::default(),
            max_value_depth: 128,
            max_abort_message: 1024,
            max_layout_nodes: 512,
            max_layout_depth: 128,
            max_heap_values: 1 << 22,
            address_signers: false,
        }
    }
}

/// Configuration, natives and the code cache, shared (`Send + Sync`) by every session.
#[derive(Debug)]
pub struct Runtime {
    /// The configuration.
    pub config: VmConfig,
    /// Registered natives.
    pub natives: NativeRegistry,
    cache: RwLock<CodeCache>,
}

#[cold]
fn poisoned() -> VmError {
    VmError::new(StatusCode::UNKNOWN_INVARIANT_VIOLATION_ERROR)
        .with_message("code cache lock poisoned")
}

impl Runtime {
    /// A runtime with this configuration and these natives.
    pub fn new(config: VmConfig, natives: NativeRegistry) -> Runtime {
        let limits = config.type_limits;
        Runtime {
            config,
            natives,
            cache: RwLock::new(CodeCache::with_limits(limits)),
        }
    }

    /// Read access to the code cache.
    pub fn read(&self) -> Result<RwLockReadGuard<'_, CodeCache>, VmError> {
        self.cache.read().map_err(|_| poisoned())
    }

    /// Read access to the code cache if it can be had at once (`None` while a writer holds
    /// it, this thread included): for what may be left out, such as names in a message.
    pub fn try_read(&self) -> Option<RwLockReadGuard<'_, CodeCache>> {
        self.cache.try_read().ok()
    }

    /// Write access to the code cache.
    pub fn write(&self) -> Result<RwLockWriteGuard<'_, CodeCache>, VmError> {
        self.cache.write().map_err(|_| poisoned())
    }
}
