//! The native-function interface: Rust functions that Move code calls, registered by
//! (address, module, function) and resolved when a module is loaded.

use crate::bcs::{self, SignerEncoding};
use crate::loader::StructInfo;
use crate::runtime::Runtime;
use crate::types::{StructId, TypeId, TypeListId, TypeNode, TypeTable};
use crate::values::{Heap, Value};
use std::collections::HashMap;
use std::sync::Arc;
use tern_primitives::{AccountAddress, Identifier, ModuleId, StatusCode, VmError};

/// What a native returns.
#[derive(Debug)]
pub enum NativeResult {
    /// Normal return with these values.
    Return(Vec<Value>),
    /// Abort with this code (reported as `ABORTED` at the native's location).
    Abort(u64),
    /// Call the Move function `module::function` with `ty_args` and `args` in place of the
    /// native's return (Aptos's native dynamic dispatch): the function's results are the
    /// native's. The interpreter checks the target as Aptos does: it must load, be public, be
    /// a Move function of another module than the native's, and have the native's type
    /// parameters, results and parameters less the last one; otherwise
    /// `RUNTIME_DISPATCH_ERROR` (or the loading error) at the native. The call takes a module
    /// lock while the target runs (no call may re-enter a module already running).
    CallFunction {
        /// The target's module.
        module: ModuleId,
        /// The target's name.
        function: Identifier,
        /// Its type arguments (the native's own, as Aptos passes them).
        ty_args: Vec<TypeId>,
        /// Its arguments, in declaration order.
        args: Vec<Value>,
    },
    /// Return a reference to the global resource of type `ty` at `address`, as
    /// `borrow_global` (or, `mutable`, `mut_borrow_global`) would: loaded from storage on
    /// first access (and charged as such), marked written when mutable. Abort with `missing`
    /// when there is no such resource.
    BorrowGlobal {
        /// Where the resource is.
        address: AccountAddress,
        /// Its type (a struct with `key`).
        ty: TypeId,
        /// Whether the reference is mutable.
        mutable: bool,
        /// The abort code when the resource does not exist.
        missing: u64,
    },
}

/// What a native can see and use while it runs.
pub struct NativeContext<'a> {
    /// The session's heap (values and containers).
    pub heap: &'a mut Heap,
    /// The runtime (types, configuration), reached through the context's methods only.
    pub(crate) runtime: &'a Runtime,
    /// The locals of all frames (what `Place::Local` references point into); mutable so that
    /// a native can write through a `&mut` to a primitive local (`mem::swap`).
    pub locals: &'a mut [Value],
    /// Gas charged by the native so far.
    pub gas_charged: u64,
    /// The session's host state (`Session::extensions_mut` in `tern-vm`): what natives of an
    /// embedder keep across calls within one session (an object store, an event log…).
    pub extensions: &'a mut Extensions,
    /// Global storage as the running session sees it (its own writes included), for
    /// [`NativeContext::resource_exists`].
    pub globals: GlobalsView<'a>,
    /// The gas schedule pricing the run, if one does ([`NativeContext::charge_priced`]).
    pub schedule: Option<&'a crate::gas::GasSchedule>,
}

/// What a native sees of global storage: whether a resource exists, as the running session
/// sees it (`exists<T>` would answer the same).
pub struct GlobalsView<'a> {
    pub(crate) buffered: &'a Buffered,
    pub(crate) storage: &'a dyn crate::storage::Storage,
    /// The session's link check of a module loaded from storage
    /// (`Session::set_link_check` in `tern-vm`), for [`NativeContext::load_function`].
    pub(crate) link_check: Option<crate::loader::fetch::LinkCheck>,
}

impl<'a> GlobalsView<'a> {
    /// Global storage as a session sees it: its buffered resources over `storage`, modules
    /// loaded from storage checked by `link_check`.
    pub fn new(
        buffered: &'a Buffered,
        storage: &'a dyn crate::storage::Storage,
        link_check: Option<crate::loader::fetch::LinkCheck>,
    ) -> GlobalsView<'a> {
        GlobalsView {
            buffered,
            storage,
            link_check,
        }
    }
}

/// A session's buffered resources.
pub type Buffered =
    std::collections::BTreeMap<(AccountAddress, TypeId), crate::storage::GlobalSlot>;

/// No resources at all.
struct NoStorage;

impl crate::storage::Storage for NoStorage {
    fn module(
        &self,
        _: &ModuleId,
    ) -> Result<Option<Arc<tern_binary::CompiledModule>>, crate::storage::StorageError> {
        Ok(None)
    }
    fn resource(
        &self,
        _: &AccountAddress,
        _: &tern_primitives::StructTag,
    ) -> Result<Option<Vec<u8>>, crate::storage::StorageError> {
        Ok(None)
    }
}

impl GlobalsView<'static> {
    /// A view of empty storage (for a context built outside a session, as tests build one).
    pub fn none() -> GlobalsView<'static> {
        static EMPTY: Buffered = std::collections::BTreeMap::new();
        GlobalsView {
            buffered: &EMPTY,
            storage: &NoStorage,
            link_check: None,
        }
    }
}

/// Host state of a session, one value per type: what an embedder's natives read and write
/// (`ctx.extensions.get_mut::<MyState>()`).
#[derive(Default)]
pub struct Extensions {
    values: HashMap<std::any::TypeId, Box<dyn std::any::Any>>,
}

impl std::fmt::Debug for Extensions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Extensions")
            .field("count", &self.values.len())
            .finish()
    }
}

impl Extensions {
    /// No host state.
    pub fn new() -> Extensions {
        Extensions::default()
    }

    /// Adds (or replaces) the value of type `T`.
    pub fn insert<T: 'static>(&mut self, value: T) {
        self.values
            .insert(std::any::TypeId::of::<T>(), Box::new(value));
    }

    /// The value of type `T`, if any.
    pub fn get<T: 'static>(&self) -> Option<&T> {
        self.values
            .get(&std::any::TypeId::of::<T>())
            .and_then(|v| v.downcast_ref())
    }

    /// The value of type `T`, mutably, if any.
    pub fn get_mut<T: 'static>(&mut self) -> Option<&mut T> {
        self.values
            .get_mut(&std::any::TypeId::of::<T>())
            .and_then(|v| v.downcast_mut())
    }

    /// Takes the value of type `T` out, if any.
    pub fn remove<T: 'static>(&mut self) -> Option<T> {
        self.values
            .remove(&std::any::TypeId::of::<T>())
            .and_then(|v| v.downcast().ok())
            .map(|b| *b)
    }
}

/// The modules a transaction has loaded for a native dynamic dispatch (Aptos's "visited"
/// modules of its traversal context): `function_info::load_function_impl` adds one, and a
/// dispatch to a module not in the set aborts. Kept in the session's [`Extensions`]
/// ([`NativeContext::visit_module`], [`NativeContext::is_visited`]); a new session starts
/// with none.
#[derive(Debug, Default, Clone)]
pub struct VisitedModules {
    modules: std::collections::BTreeSet<ModuleId>,
}

impl VisitedModules {
    /// Whether `module` was visited.
    pub fn contains(&self, module: &ModuleId) -> bool {
        self.modules.contains(module)
    }

    /// Marks `module` visited; true if it was not before.
    pub fn insert(&mut self, module: ModuleId) -> bool {
        self.modules.insert(module)
    }
}

impl<'a> NativeContext<'a> {
    /// The context of a native called by a session: its heap, runtime, locals, host state,
    /// storage view and (when metered by one) schedule; nothing charged yet.
    pub fn new(
        heap: &'a mut Heap,
        runtime: &'a Runtime,
        locals: &'a mut [Value],
        extensions: &'a mut Extensions,
        globals: GlobalsView<'a>,
        schedule: Option<&'a crate::gas::GasSchedule>,
    ) -> NativeContext<'a> {
        NativeContext {
            heap,
            runtime,
            locals,
            gas_charged: 0,
            extensions,
            globals,
            schedule,
        }
    }
}

impl NativeContext<'_> {
    /// Charges gas for work done by the native, in the run's units: one per instruction's
    /// worth of work without a schedule, internal units under one (see
    /// [`NativeContext::charge_priced`] for a native the schedule prices).
    pub fn charge(&mut self, amount: u64) {
        self.gas_charged = self.gas_charged.saturating_add(amount);
    }

    /// Charges what the run's schedule prices this native's work at, each `(parameter,
    /// count)` costing the parameter's price ([`crate::gas::GasSchedule::natives`]) times the
    /// count; without a schedule, charges `units` instead (Tern's own units). A parameter the
    /// schedule does not list costs nothing.
    pub fn charge_priced(&mut self, priced: &[(&str, u64)], units: u64) {
        let amount = match self.schedule {
            Some(schedule) => priced.iter().fold(0u64, |total, (name, count)| {
                let price = schedule.native_price(name).unwrap_or(0);
                total.saturating_add(price.saturating_mul(*count))
            }),
            None => units,
        };
        self.charge(amount);
    }

    /// The abstract size of `value` as the run's schedule measures a copy of it (what the
    /// peer's natives charge `per_abstract_memory_unit` of), or 0 without a schedule.
    pub fn abstract_size(&self, value: Value) -> Result<u64, VmError> {
        self.sized(value, crate::values::abstract_size::SizeMode::Copy)
    }

    /// The abstract size of `value` (the value behind a reference) as the run's schedule
    /// measures a comparison of it, or 0 without a schedule.
    pub fn compared_size(&self, value: Value) -> Result<u64, VmError> {
        self.sized(value, crate::values::abstract_size::SizeMode::Compare)
    }

    fn sized(
        &self,
        value: Value,
        mode: crate::values::abstract_size::SizeMode,
    ) -> Result<u64, VmError> {
        match self.schedule {
            Some(schedule) => crate::values::abstract_size::abstract_size(
                self.heap,
                value,
                &schedule.sizes,
                mode,
                schedule.max_value_depth,
            ),
            None => Ok(0),
        }
    }

    /// The value a reference points to (containers by id, not copied).
    pub fn deref(&self, r: crate::values::Ref) -> Result<Value, VmError> {
        use crate::values::{Container, Place};
        let bad = || {
            VmError::new(tern_primitives::StatusCode::UNKNOWN_INVARIANT_VIOLATION_ERROR)
                .with_message("dangling reference passed to a native")
        };
        match r.place {
            Place::Local(i) => self.locals.get(i as usize).copied().ok_or_else(bad),
            Place::Whole(c) => Ok(Value::Container(c)),
            Place::Elem(c, i) => match self.heap.get(c)? {
                Container::Struct(f) | Container::Variant(_, f) => {
                    f.get(i as usize).copied().ok_or_else(bad)
                }
                Container::Vec(e) => e.get(i as usize).copied().ok_or_else(bad),
                Container::Bytes(b) => b.get(i as usize).map(|x| Value::U8(*x)).ok_or_else(bad),
                Container::Prims(p) => p.get(i as usize).ok_or_else(bad),
                _ => Err(bad()),
            },
        }
    }

    /// A context outside a session (for testing a native): no gas charged yet and empty
    /// global storage ([`GlobalsView::none`]).
    pub fn detached<'a>(
        heap: &'a mut Heap,
        runtime: &'a Runtime,
        locals: &'a mut [Value],
        extensions: &'a mut Extensions,
    ) -> NativeContext<'a> {
        NativeContext {
            heap,
            runtime,
            locals,
            gas_charged: 0,
            extensions,
            globals: GlobalsView::none(),
            schedule: None,
        }
    }

    /// Whether a resource of type `ty` exists at `address`, as the running session sees it:
    /// what it moved to or from there, else committed storage.
    pub fn resource_exists(&self, address: AccountAddress, ty: TypeId) -> Result<bool, VmError> {
        if let Some(slot) = self.globals.buffered.get(&(address, ty)) {
            return Ok(slot.value.is_some());
        }
        let tag = match self.type_tag(ty)? {
            tern_primitives::TypeTag::Struct(s) => *s,
            _ => return Err(unexpected_value("a resource type")),
        };
        Ok(self.globals.storage.resource(&address, &tag)?.is_some())
    }

    /// The function `name` of module `module`, loading the module (and its dependencies)
    /// from storage if needed: `LINKER_ERROR` for a module that does not exist,
    /// `FUNCTION_RESOLUTION_FAILURE` for a function it does not define.
    pub fn load_function(
        &mut self,
        module: &ModuleId,
        name: &str,
    ) -> Result<crate::loader::LinkedFunction, VmError> {
        let m = self.load_module(module)?;
        crate::loader::fetch::function_of(&m, module, name)
    }

    /// The module `module`, loading it (and its dependencies) from storage if needed:
    /// `LINKER_ERROR` for a module that does not exist.
    pub fn load_module(
        &mut self,
        module: &ModuleId,
    ) -> Result<Arc<crate::loader::LoadedModule>, VmError> {
        crate::loader::fetch::load_module_from(
            self.runtime,
            self.globals.storage,
            self.globals.link_check,
            module,
        )
    }

    /// Marks `module` visited in this session ([`VisitedModules`]).
    pub fn visit_module(&mut self, module: &ModuleId) {
        match self.extensions.get_mut::<VisitedModules>() {
            Some(visited) => {
                visited.insert(module.clone());
            }
            None => {
                let mut visited = VisitedModules::default();
                visited.insert(module.clone());
                self.extensions.insert(visited);
            }
        }
    }

    /// Whether `module` was visited in this session ([`VisitedModules`]).
    pub fn is_visited(&self, module: &ModuleId) -> bool {
        self.extensions
            .get::<VisitedModules>()
            .is_some_and(|v| v.contains(module))
    }

    /// The fields of the struct a value is or a reference points to.
    pub fn struct_fields(&self, v: Value) -> Result<&[Value], VmError> {
        use crate::values::{Container, Place};
        let c = match v {
            Value::Container(c)
            | Value::Ref(crate::values::Ref {
                place: Place::Whole(c),
            }) => c,
            _ => return Err(unexpected_value("a struct")),
        };
        match self.heap.get(c)? {
            Container::Struct(fields) => Ok(fields),
            _ => Err(unexpected_value("a struct")),
        }
    }

    /// The bytes of a `vector<u8>` value or of the one a reference points to.
    pub fn bytes(&self, v: Value) -> Result<&[u8], VmError> {
        use crate::values::{Container, Place};
        let c = match v {
            Value::Container(c)
            | Value::Ref(crate::values::Ref {
                place: Place::Whole(c),
            }) => c,
            _ => return Err(unexpected_value("a vector<u8>")),
        };
        match self.heap.get(c)? {
            Container::Bytes(b) => Ok(b),
            Container::Vec(e) if e.is_empty() => Ok(&[]),
            _ => Err(unexpected_value("a vector<u8>")),
        }
    }

    /// The elements of a vector value or of the one a reference points to, whatever its
    /// storage (unboxed primitives are read out as values).
    pub fn vector_values(&self, v: Value) -> Result<std::borrow::Cow<'_, [Value]>, VmError> {
        use crate::values::Place;
        let c = match v {
            Value::Container(c)
            | Value::Ref(crate::values::Ref {
                place: Place::Whole(c),
            }) => c,
            _ => return Err(unexpected_value("a vector")),
        };
        self.heap
            .get(c)?
            .vector_values()
            .ok_or_else(|| unexpected_value("a vector"))
    }

    /// Counts value `v`, which the native keeps past this call (a table entry), toward the
    /// heap's quota (`MEMORY_LIMIT_EXCEEDED` past it), as a push that grows a vector counts.
    pub fn charge_retained(&mut self, v: Value) -> Result<(), VmError> {
        self.heap.charge_retained(v)
    }

    /// A new `vector<u8>` value holding `bytes`.
    pub fn new_bytes(&mut self, bytes: Vec<u8>) -> Value {
        Value::Container(self.heap.alloc(crate::values::Container::Bytes(bytes)))
    }

    /// A value of type `ty` read from BCS bytes (signers as bare addresses); malformed bytes
    /// are an error.
    pub fn from_bcs(&mut self, ty: TypeId, bytes: &[u8]) -> Result<Value, VmError> {
        let mut cache = self.runtime.write()?;
        bcs::deserialize(&mut cache, self.heap, ty, bytes, SignerEncoding::Legacy)
    }

    /// The user-facing tag of a type.
    pub fn type_tag(&self, ty: TypeId) -> Result<tern_primitives::TypeTag, VmError> {
        let cache = self.runtime.read()?;
        crate::type_names::type_tag(&cache, ty)
    }

    /// The abilities of a type.
    pub fn abilities(&self, ty: TypeId) -> Result<tern_primitives::AbilitySet, VmError> {
        Ok(self.runtime.read()?.abilities(ty))
    }

    /// The node of a type.
    pub fn type_node(&self, ty: TypeId) -> Result<TypeNode, VmError> {
        Ok(self.runtime.read()?.types.node(ty).clone())
    }

    /// The configuration the run is under (limits and quotas).
    pub fn config(&self) -> &crate::runtime::VmConfig {
        &self.runtime.config
    }

    /// The types of an interned type list (a generic type's or a closure's type arguments).
    pub fn type_list(&self, list: TypeListId) -> Result<Vec<TypeId>, VmError> {
        Ok(self.runtime.read()?.types.list(list).to_vec())
    }

    /// Interns a list of types (a closure's type arguments).
    pub fn intern_type_list(&self, types: &[TypeId]) -> Result<TypeListId, VmError> {
        Ok(self.runtime.write()?.types.intern_list(types))
    }

    /// `ty` with its type parameters replaced by `args`, within the runtime type limits.
    pub fn substitute(&self, ty: TypeId, args: &[TypeId]) -> Result<TypeId, VmError> {
        let mut guard = self.runtime.write()?;
        let cache = &mut *guard;
        cache.types.substitute(ty, args, &cache.limits)
    }

    /// The defining module and name of a struct or enum (`None`: not a loaded one).
    pub fn struct_name(&self, id: StructId) -> Result<Option<(ModuleId, Identifier)>, VmError> {
        Ok(self.runtime.read()?.struct_name(id).cloned())
    }

    /// A struct's or enum's definition as the runtime sees it (`None`: not a loaded one).
    pub fn struct_info(&self, id: StructId) -> Result<Option<Arc<StructInfo>>, VmError> {
        Ok(self.runtime.read()?.struct_info(id).cloned())
    }

    /// Runs `f` over the interned types (to match types against patterns without copying
    /// them); the code cache is read-locked meanwhile, so `f` must not call back into the
    /// context.
    pub fn with_types<R>(&self, f: impl FnOnce(&TypeTable) -> R) -> Result<R, VmError> {
        Ok(f(&self.runtime.read()?.types))
    }

    /// The canonical name of a type (`0x1::m::S<u8>`), as `type_name::get` returns it.
    pub fn type_name(&self, ty: TypeId) -> Result<String, VmError> {
        let cache = self.runtime.read()?;
        crate::type_names::canonical_name(&cache, ty)
    }

    /// BCS bytes of a value in the "legacy signer" mode of `bcs::to_bytes`. The type's layout
    /// limits are not checked here: `bcs::to_bytes` checks them first ([`Self::check_layout`]),
    /// as its own step with its own outcome.
    pub fn to_bcs(&mut self, ty: TypeId, v: Value) -> Result<Vec<u8>, VmError> {
        let mut cache = self.runtime.write()?;
        bcs::serialize(&mut cache, self.heap, ty, v, SignerEncoding::Legacy)
    }

    /// Whether the type layout of `ty` can be built within the configured limits (nodes and
    /// depth of a layout).
    pub fn check_layout(&mut self, ty: TypeId) -> Result<(), VmError> {
        let config = &self.runtime.config;
        let (nodes, depth) = (config.max_layout_nodes, config.max_layout_depth);
        // perf: a primitive's layout is one node at depth 1, checked without the lock.
        if ty.is_primitive() && nodes >= 1 && depth >= 1 {
            return Ok(());
        }
        // perf: a layout checked before is found under the shared lock.
        if self.runtime.read()?.layout_checked(ty, nodes, depth) {
            return Ok(());
        }
        self.runtime.write()?.check_layout(ty, nodes, depth)
    }

    /// Fails with `VM_MAX_VALUE_DEPTH_REACHED` when `v` is too deep to copy (the check of
    /// `copy_loc` and `read_ref`): what a native that reads a value through a reference
    /// raises for a value at the depth limit.
    pub fn check_copy_depth(&self, v: Value) -> Result<(), VmError> {
        if self.heap.exceeds_copy_depth(v)? {
            return Err(VmError::new(StatusCode::VM_MAX_VALUE_DEPTH_REACHED));
        }
        Ok(())
    }
}

/// A native implementation: gets the type arguments and the argument values (popped off the
/// operand stack, in declaration order, borrowed where they were: no allocation per call)
/// and returns values or an abort code.
pub type NativeFunction = Arc<
    dyn Fn(&mut NativeContext<'_>, &[TypeId], &[Value]) -> Result<NativeResult, VmError>
        + Send
        + Sync,
>;

/// The parameter and result types a native implements, as Move writes them: `u64`,
/// `vector<u8>`, `&signer`, `0x1::string::String`, `T0` for the first type parameter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NativeSignature {
    /// Parameter types.
    pub params: Vec<String>,
    /// Result types.
    pub returns: Vec<String>,
}

impl NativeSignature {
    /// A signature from its types' names.
    pub fn new(params: &[&str], returns: &[&str]) -> NativeSignature {
        NativeSignature {
            params: params.iter().map(|p| p.to_string()).collect(),
            returns: returns.iter().map(|r| r.to_string()).collect(),
        }
    }
}

impl std::fmt::Display for NativeSignature {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "({})", self.params.join(", "))?;
        match self.returns.as_slice() {
            [] => Ok(()),
            [one] => write!(f, ": {one}"),
            many => write!(f, ": ({})", many.join(", ")),
        }
    }
}

/// A table of natives keyed by (address, module, function), with the signatures of those
/// registered typed.
#[derive(Clone, Default)]
pub struct NativeRegistry {
    table: HashMap<(AccountAddress, String, String), NativeFunction>,
    signatures: HashMap<(AccountAddress, String, String), NativeSignature>,
}

impl std::fmt::Debug for NativeRegistry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.table.keys()).finish()
    }
}

impl NativeRegistry {
    /// An empty registry.
    pub fn new() -> NativeRegistry {
        NativeRegistry::default()
    }

    /// Registers (or replaces) a native.
    pub fn register(
        &mut self,
        address: AccountAddress,
        module: &str,
        function: &str,
        native: NativeFunction,
    ) {
        let key = (address, module.to_string(), function.to_string());
        self.signatures.remove(&key);
        self.table.insert(key, native);
    }

    /// Registers `native` with the signature it implements: a module declaring the native with
    /// another signature binds one that fails when called, naming both (natives bind by name,
    /// and a native reading its arguments as other types than they are would confuse them).
    pub fn register_with_signature(
        &mut self,
        address: AccountAddress,
        module: &str,
        function: &str,
        signature: NativeSignature,
        native: NativeFunction,
    ) {
        let key = (address, module.to_string(), function.to_string());
        self.signatures.insert(key.clone(), signature);
        self.table.insert(key, native);
    }

    /// Gives the native registered for `function` of `module` at `address` the signature it
    /// implements, as [`NativeRegistry::register_with_signature`] does; false (and nothing
    /// changed) when none is registered.
    pub fn expect_signature(
        &mut self,
        address: AccountAddress,
        module: &str,
        function: &str,
        signature: NativeSignature,
    ) -> bool {
        let key = (address, module.to_string(), function.to_string());
        if !self.table.contains_key(&key) {
            return false;
        }
        self.signatures.insert(key, signature);
        true
    }

    /// The signature `function` of `module` was registered with, if any.
    pub fn signature(&self, module: &ModuleId, function: &str) -> Option<&NativeSignature> {
        self.signatures.get(&(
            module.address,
            module.name.as_str().to_string(),
            function.to_string(),
        ))
    }

    /// The native to bind for `function` of `module`, declared there as `declared`: the one
    /// registered, or, when it was registered with another signature, one that fails with
    /// `MISSING_DEPENDENCY` naming both.
    pub fn bind(
        &self,
        module: &ModuleId,
        function: &str,
        declared: &NativeSignature,
    ) -> Option<NativeFunction> {
        let native = self.lookup(module, function)?;
        match self.signature(module, function) {
            Some(expected) if expected != declared => {
                let message = format!(
                    "native {module}::{function} is declared as {declared}, but implements \
                     {expected}"
                );
                Some(Arc::new(move |_, _, _| {
                    Err(VmError::new(StatusCode::MISSING_DEPENDENCY).with_message(message.clone()))
                }))
            }
            _ => Some(native),
        }
    }

    /// The native registered for `function` of `module`, if any.
    pub fn lookup(&self, module: &ModuleId, function: &str) -> Option<NativeFunction> {
        self.table
            .get(&(
                module.address,
                module.name.as_str().to_string(),
                function.to_string(),
            ))
            .cloned()
    }

    /// Number of registered natives.
    pub fn len(&self) -> usize {
        self.table.len()
    }

    /// Whether nothing is registered.
    pub fn is_empty(&self) -> bool {
        self.table.is_empty()
    }
}

#[cold]
fn unexpected_value(what: &str) -> VmError {
    VmError::new(StatusCode::UNKNOWN_INVARIANT_VIOLATION_ERROR)
        .with_message(format!("native expected {what}"))
}
