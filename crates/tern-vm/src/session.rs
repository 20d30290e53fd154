//! A session: one transaction's execution state over shared code. It owns the heap and the
//! buffered global-storage writes; `finish` turns them into a [`ChangeSet`], dropping the
//! session discards them.

use crate::bcs::{self, SignerEncoding};
pub use crate::loader::fetch::LinkCheck;
use crate::loader::fetch::{function_of, load_module_from};
use crate::loader::{LinkedFunction, LoadedModule};
use crate::runtime::Runtime;
use crate::storage::{ChangeSet, GlobalSlot, ResourceChange, Storage};
use crate::types::{TypeId, TypeNode};
use crate::values::{Heap, Value};
use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;
use tern_primitives::{
    AccountAddress, Identifier, ModuleId, StatusCode, StructTag, TypeTag, VmError,
};

/// A generic call site under one caller instantiation: the caller's link table, the
/// instantiation index, and the address of the calling frame's `GenericFrame` (calls from
/// non-generic callers are kept in the link table instead).
pub(crate) type GenericCallKey = (usize, u16, usize);

/// The concrete type arguments and type slots of a generic call site, computed on its first
/// execution in a session. It keeps the link table and the caller's type arguments alive, so
/// the addresses in its key cannot be reused while it exists.
#[derive(Debug)]
pub(crate) struct GenericCall {
    pub frame: Arc<crate::loader::GenericFrame>,
    pub _links: Arc<crate::loader::ModuleLinks>,
    pub _caller: Option<Arc<crate::loader::GenericFrame>>,
}

/// One transaction's execution state.
pub struct Session<'r> {
    pub(crate) runtime: &'r Runtime,
    pub(crate) storage: &'r dyn Storage,
    pub(crate) heap: Heap,
    pub(crate) globals: BTreeMap<(AccountAddress, TypeId), GlobalSlot>,
    pub(crate) instantiations: HashMap<(usize, Vec<TypeId>), crate::loader::ResolvedSlots>,
    /// Generic call sites of generic callers already instantiated (see [`GenericCall`]).
    pub(crate) generic_calls: rustc_hash::FxHashMap<GenericCallKey, GenericCall>,
    /// The interpreter's state: operand stack, locals, budget and module locks.
    pub(crate) interpreter: crate::interpreter::Interpreter,
    /// The link check of a stored module as it loads ([`Session::set_link_check`]).
    pub(crate) link_check: Option<LinkCheck>,
    /// Host state natives share ([`Session::extensions_mut`]).
    pub(crate) extensions: crate::natives::Extensions,
}

impl<'r> Session<'r> {
    /// A session over `runtime`'s code and `storage`'s committed state.
    pub fn new(runtime: &'r Runtime, storage: &'r dyn Storage) -> Session<'r> {
        Session {
            runtime,
            storage,
            heap: Heap::with_value_quota(runtime.config.max_heap_values)
                .with_max_depth(runtime.config.max_value_depth),
            globals: BTreeMap::new(),
            instantiations: HashMap::new(),
            generic_calls: Default::default(),
            interpreter: crate::interpreter::Interpreter::new(runtime.config.max_operand_stack),
            link_check: None,
            extensions: crate::natives::Extensions::new(),
        }
    }

    /// The host state this session's natives share.
    pub fn extensions(&self) -> &crate::natives::Extensions {
        &self.extensions
    }

    /// The host state this session's natives share, mutably: put an embedder's state in
    /// before a run, take it out after.
    pub fn extensions_mut(&mut self) -> &mut crate::natives::Extensions {
        &mut self.extensions
    }

    /// Records an execution trace of later executions (see [`crate::trace`]); off by
    /// default. Tracing runs every instruction through the general path.
    pub fn set_tracing(&mut self, on: bool) {
        self.interpreter.trace = on.then(Default::default);
    }

    /// The trace recorded so far (when tracing), leaving an empty one in its place.
    pub fn take_trace(&mut self) -> Option<crate::trace::ExecutionTrace> {
        self.interpreter.trace.as_mut().map(|t| *std::mem::take(t))
    }

    /// Meters execution: each executed instruction costs one unit of `budget`; running out
    /// fails with `OUT_OF_GAS`. `None` runs unmetered.
    pub fn set_gas_budget(&mut self, budget: Option<u64>) {
        self.interpreter.fuel = budget.unwrap_or(u64::MAX);
    }

    /// Prices each instruction by `schedule` (its internal units) instead of one unit, from
    /// the next execution on; `None` goes back to one unit per instruction. A schedule only
    /// applies to a metered run: metered runs under a schedule take the dispatch loop's
    /// `CostSchedule` form, which prices each instruction by the values it touches before it
    /// runs.
    pub fn set_gas_schedule(&mut self, schedule: Option<Arc<crate::gas::GasSchedule>>) {
        self.interpreter.schedule = schedule;
    }

    /// Instructions the budget still allows; the budget minus this is the number of
    /// instructions executed (plus what natives charged). Unmetered (`u64::MAX`), nothing is
    /// counted and it stays `u64::MAX` unless a native charges.
    pub fn gas_left(&self) -> u64 {
        self.interpreter.fuel
    }

    /// Checks every module this session loads from storage with `check` (its imported
    /// handles against the modules stored now: a dependency may have been republished with
    /// the compatibility checks relaxed since the module was published). A failure is the
    /// peer's `UNEXPECTED_VERIFIER_ERROR` at the module, quoting the check's error. Off by
    /// default (code that skipped the verifier is not checked either).
    pub fn set_link_check(&mut self, check: Option<LinkCheck>) {
        self.link_check = check;
    }

    /// The runtime.
    pub fn runtime(&self) -> &'r Runtime {
        self.runtime
    }

    /// The heap of this session's values.
    pub fn heap(&self) -> &Heap {
        &self.heap
    }

    /// Checks the layout of resource type `ty` against the layout limits, as loading the
    /// resource does (a loading error: no execution state).
    pub(crate) fn check_resource_layout(&mut self, ty: TypeId) -> Result<(), VmError> {
        let (max_nodes, max_depth) = (
            self.runtime.config.max_layout_nodes,
            self.runtime.config.max_layout_depth,
        );
        // perf: a layout checked before (a `move_to` after the slot's first access, another
        // session) costs a lookup under the read lock, not a walk under the write lock.
        if self
            .runtime
            .read()?
            .layout_checked(ty, max_nodes, max_depth)
        {
            return Ok(());
        }
        self.ensure_loaded(ty)?;
        self.runtime
            .write()?
            .check_layout(ty, max_nodes, max_depth)
            .map_err(VmError::while_loading)
    }

    /// The loaded module with this id, loading it from storage if needed.
    ///
    /// The module loads first (its types name structs by id, allocated by name, so they
    /// resolve without the defining modules), then the dependencies not loaded yet, depth
    /// first, each within its importer's `load_module` span. The walk keeps its own stack, so
    /// a chain of thousands of modules does not recurse on the Rust stack.
    pub fn load_module(&mut self, id: &ModuleId) -> Result<Arc<LoadedModule>, VmError> {
        load_module_from(self.runtime, self.storage, self.link_check, id)
    }

    /// The natives module `id` declares, each with the signature it declares them with, as
    /// [`crate::natives::NativeRegistry::register_with_signature`] takes one: what an
    /// embedder registers for the module to run.
    pub fn declared_natives(
        &mut self,
        id: &ModuleId,
    ) -> Result<Vec<(Identifier, crate::natives::NativeSignature)>, VmError> {
        let m = self.load_module(id)?;
        let cache = self.runtime.read()?;
        m.functions
            .iter()
            .filter(|f| f.is_native())
            .map(|f| {
                let signature =
                    crate::loader::lower::declared_signature(&cache, &f.params, &f.returns)?;
                Ok((f.name.clone(), signature))
            })
            .collect()
    }

    /// The function `name` of module `id`.
    pub fn function(&mut self, id: &ModuleId, name: &str) -> Result<LinkedFunction, VmError> {
        let m = self.load_module(id)?;
        function_of(&m, id, name)
    }

    /// Interns a user-supplied type tag, loading the modules it names.
    pub fn load_type(&mut self, tag: &TypeTag) -> Result<TypeId, VmError> {
        let node = match tag {
            TypeTag::Bool => TypeNode::Bool,
            TypeTag::U8 => TypeNode::U8,
            TypeTag::U16 => TypeNode::U16,
            TypeTag::U32 => TypeNode::U32,
            TypeTag::U64 => TypeNode::U64,
            TypeTag::U128 => TypeNode::U128,
            TypeTag::U256 => TypeNode::U256,
            TypeTag::I8 => TypeNode::I8,
            TypeTag::I16 => TypeNode::I16,
            TypeTag::I32 => TypeNode::I32,
            TypeTag::I64 => TypeNode::I64,
            TypeTag::I128 => TypeNode::I128,
            TypeTag::I256 => TypeNode::I256,
            TypeTag::Address => TypeNode::Address,
            TypeTag::Signer => TypeNode::Signer,
            TypeTag::Vector(inner) => TypeNode::Vector(self.load_type(inner)?),
            TypeTag::Struct(s) => {
                let mid = ModuleId::new(s.address, s.module.clone());
                // As the peer loads a type argument: a module that does not exist (or does not
                // load) is its own error, a struct it does not define `TYPE_RESOLUTION_FAILURE`.
                let m = self.load_module(&mid)?;
                let named = |handle: usize| {
                    m.compiled
                        .struct_handles
                        .get(handle)
                        .and_then(|h| m.compiled.identifiers.get(h.name.idx()))
                        == Some(&s.name)
                };
                // A datatype: a struct, or (Sui) an enum of its own table.
                let defined = m
                    .compiled
                    .struct_defs
                    .iter()
                    .any(|d| named(d.struct_handle.idx()))
                    || m.compiled
                        .enum_defs
                        .iter()
                        .any(|d| named(d.enum_handle.idx()));
                if !defined {
                    return Err(type_resolution_failure().with_message(format!(
                        "Struct {}::{}::{} does not exist",
                        s.address.to_standard_string(),
                        s.module,
                        s.name
                    )));
                }
                let args = s
                    .type_args
                    .iter()
                    .map(|t| self.load_type(t))
                    .collect::<Result<Vec<_>, _>>()?;
                let mut cache = self.runtime.write()?;
                let sid = cache.struct_id(&mid, &s.name);
                if let Some(info) = cache.struct_info(sid) {
                    if info.type_params.len() != args.len() {
                        return Err(VmError::new(StatusCode::NUMBER_OF_TYPE_ARGUMENTS_MISMATCH));
                    }
                }
                let list = cache.types.intern_list(&args);
                TypeNode::Struct(sid, list)
            }
            TypeTag::Function(f) => {
                let a = f
                    .args
                    .iter()
                    .map(|t| self.load_type(t))
                    .collect::<Result<Vec<_>, _>>()?;
                let r = f
                    .results
                    .iter()
                    .map(|t| self.load_type(t))
                    .collect::<Result<Vec<_>, _>>()?;
                let mut cache = self.runtime.write()?;
                let a = cache.types.intern_list(&a);
                let r = cache.types.intern_list(&r);
                TypeNode::Function(a, r, f.abilities)
            }
        };
        Ok(self.runtime.write()?.types.intern(node))
    }

    /// Loads the modules defining the structs `ty` mentions (so layouts are known).
    pub fn ensure_loaded(&mut self, ty: TypeId) -> Result<(), VmError> {
        loop {
            let missing = self.runtime.read()?.unloaded_modules(ty);
            if missing.is_empty() {
                return Ok(());
            }
            for m in missing {
                self.load_module(&m)?;
            }
        }
    }

    /// `tys` (a function's parameter or return types) with its type parameters replaced by
    /// `ty_args`.
    pub fn instantiate(&self, tys: &[TypeId], ty_args: &[TypeId]) -> Result<Vec<TypeId>, VmError> {
        self.instantiate_types(tys, ty_args)
    }

    /// Frees a value the caller owns (a container and everything in it).
    pub fn free_value(&mut self, v: Value) {
        self.heap.free_value(v);
    }

    /// The node of a type.
    pub fn type_node(&self, ty: TypeId) -> Result<TypeNode, VmError> {
        Ok(self.runtime.read()?.types.node(ty).clone())
    }

    /// The abilities of a concrete type.
    pub fn abilities(&self, ty: TypeId) -> Result<tern_primitives::AbilitySet, VmError> {
        Ok(self.runtime.read()?.abilities(ty))
    }

    /// The user-facing tag of a concrete type.
    pub fn type_tag(&self, ty: TypeId) -> Result<TypeTag, VmError> {
        let cache = self.runtime.read()?;
        crate::type_names::type_tag(&cache, ty)
    }

    /// The BCS bytes of a value of type `ty` (signers in enum form).
    pub fn serialize_value(&mut self, ty: TypeId, v: Value) -> Result<Vec<u8>, VmError> {
        self.ensure_loaded(ty)?;
        let mut cache = self.runtime.write()?;
        bcs::serialize(&mut cache, &self.heap, ty, v, SignerEncoding::Enum)
    }

    /// A value of type `ty` from BCS bytes (signers in enum form).
    pub fn deserialize_value(&mut self, ty: TypeId, bytes: &[u8]) -> Result<Value, VmError> {
        self.deserialize_with(ty, bytes, SignerEncoding::Enum)
    }

    /// A value of type `ty` from BCS bytes, signers encoded as `signer` says.
    pub(crate) fn deserialize_with(
        &mut self,
        ty: TypeId,
        bytes: &[u8],
        signer: SignerEncoding,
    ) -> Result<Value, VmError> {
        self.ensure_loaded(ty)?;
        let mut cache = self.runtime.write()?;
        bcs::deserialize(&mut cache, &mut self.heap, ty, bytes, signer)
    }

    /// The slot of a global resource, reading it from storage on first access.
    pub(crate) fn global_slot(
        &mut self,
        addr: AccountAddress,
        ty: TypeId,
    ) -> Result<&mut GlobalSlot, VmError> {
        if !self.globals.contains_key(&(addr, ty)) {
            // The resource's type layout is built on first access, as the peer's data cache
            // builds it to load the resource (whether it exists or not).
            self.check_resource_layout(ty)?;
            let tag = match self.type_tag(ty)? {
                TypeTag::Struct(s) => *s,
                _ => return Err(crate::loader::bad_index()),
            };
            let loaded = self.storage.resource(&addr, &tag)?;
            let read = loaded.as_ref().map_or(0, |b| b.len() as u64);
            self.charge_read(read)?;
            let value = match loaded {
                Some(bytes) => {
                    let v = self
                        .deserialize_value(ty, &bytes)
                        .map_err(|_| VmError::new(StatusCode::FAILED_TO_DESERIALIZE_RESOURCE))?;
                    v.container()
                }
                None => None,
            };
            self.globals.insert(
                (addr, ty),
                GlobalSlot {
                    value,
                    existed: value.is_some(),
                    dirty: false,
                },
            );
        }
        self.globals
            .get_mut(&(addr, ty))
            .ok_or_else(crate::loader::bad_index)
    }

    /// Ends the session successfully: the resource changes it made.
    pub fn finish(mut self) -> Result<ChangeSet, VmError> {
        let mut changes = ChangeSet::default();
        let globals = std::mem::take(&mut self.globals);
        for ((addr, ty), slot) in globals {
            let tag = match self.type_tag(ty)? {
                TypeTag::Struct(s) => *s,
                _ => continue,
            };
            let change = match (slot.existed, slot.value) {
                (false, None) => continue,
                (true, None) => ResourceChange::Deleted,
                (existed, Some(c)) => {
                    if existed && !slot.dirty {
                        continue;
                    }
                    let bytes = self.serialize_value(ty, Value::Container(c))?;
                    if existed {
                        ResourceChange::Modified(bytes)
                    } else {
                        ResourceChange::Added(bytes)
                    }
                }
            };
            changes.resources.insert((addr, tag), change);
        }
        Ok(changes)
    }

    /// Renders the resource at `addr` of type `tag` the way `view` prints it, or `None` when
    /// nothing is stored there (also when `tag` names no type).
    pub fn view_resource(
        &mut self,
        addr: AccountAddress,
        tag: &StructTag,
    ) -> Result<Option<String>, VmError> {
        // A tag naming no loadable type (no such module or struct, wrong type-argument count)
        // has nothing stored under it: the peer looks the tag up in storage first.
        let Ok(ty) = self.load_type(&TypeTag::Struct(Box::new(tag.clone()))) else {
            return Ok(None);
        };
        let slot = *self.global_slot(addr, ty)?;
        match slot.value {
            None => Ok(None),
            Some(c) => {
                let cache = self.runtime.read()?;
                Ok(Some(crate::type_names::view_value(
                    &cache,
                    &self.heap,
                    ty,
                    Value::Container(c),
                )?))
            }
        }
    }
}

fn type_resolution_failure() -> VmError {
    VmError::new(StatusCode::TYPE_RESOLUTION_FAILURE).with_sub_status(1)
}
