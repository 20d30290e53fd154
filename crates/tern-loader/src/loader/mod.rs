//! The loader: turns published modules and scripts into runtime structures once
//! (struct layouts, functions with lowered code, link tables), cached in the [`CodeCache`].

mod constants;
pub mod fetch;
pub mod lower;
pub mod signature;

pub use constants::{decode_constant, ConstValue};

use crate::natives::NativeFunction;
use crate::types::{StructId, TypeId, TypeNode, TypeTable};
use std::collections::HashMap;
use std::sync::{Arc, OnceLock, Weak};
use tern_binary::{
    BinaryTables, CompiledModule, CompiledScript, StructFieldInformation, Visibility,
};
use tern_primitives::{AbilitySet, Identifier, ModuleId, StatusCode, VmError};

/// A field of a struct or variant.
#[derive(Debug, Clone)]
pub struct FieldInfo {
    /// The field's name.
    pub name: Identifier,
    /// The field's type, in terms of the struct's type parameters.
    pub ty: TypeId,
}

/// A variant of an enum.
#[derive(Debug, Clone)]
pub struct VariantInfo {
    /// The variant's name.
    pub name: Identifier,
    /// Its fields.
    pub fields: Vec<FieldInfo>,
}

/// The body of a struct definition.
#[derive(Debug, Clone)]
pub enum StructLayout {
    /// A struct with fields.
    Fields(Vec<FieldInfo>),
    /// An enum.
    Variants(Vec<VariantInfo>),
}

/// A struct or enum definition as the runtime sees it.
#[derive(Debug, Clone)]
pub struct StructInfo {
    /// The defining module.
    pub module: ModuleId,
    /// The struct's name.
    pub name: Identifier,
    /// Its definition index in the module (a Sui enum: the number of struct definitions plus
    /// its enum definition index).
    pub def_index: u16,
    /// Declared abilities.
    pub abilities: AbilitySet,
    /// Type parameter constraints and phantom flags.
    pub type_params: Vec<(AbilitySet, bool)>,
    /// Fields or variants.
    pub layout: StructLayout,
}

impl StructInfo {
    /// The types of its fields (every variant's, in order, for an enum), in terms of its
    /// type parameters.
    pub fn field_types(&self) -> Vec<TypeId> {
        match &self.layout {
            StructLayout::Fields(f) => f.iter().map(|f| f.ty).collect(),
            StructLayout::Variants(vs) => vs
                .iter()
                .flat_map(|v| v.fields.iter().map(|f| f.ty))
                .collect(),
        }
    }
}

/// Identity of a function: its module (`None` for a script) and definition index.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct FunctionId {
    /// The module, or `None` for a script's `main`.
    pub module: Option<ModuleId>,
    /// The definition index.
    pub def_index: u16,
}

/// A variant check used by `UnpackVariant`, `UnpackVariantRef` and variant-field borrows.
#[derive(Debug, Clone)]
pub struct VariantCheck {
    /// Allowed variants.
    pub allowed: Vec<u16>,
    /// Names of all variants of the enum, for messages.
    pub names: Vec<Identifier>,
    /// How a mismatch is reported (the flavor of the code that made the check).
    pub mismatch: VariantMismatch,
}

/// How a failed variant check is reported.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VariantMismatch {
    /// Aptos: `STRUCT_VARIANT_MISMATCH`, naming the variants.
    Named,
    /// Sui, unpacking a value: `VARIANT_TAG_MISMATCH`, with the tags.
    Tag,
    /// Sui, unpacking through a reference: `VARIANT_TAG_MISMATCH`, with the tags (Sui words
    /// this message differently).
    TagRef,
}

impl VariantCheck {
    /// The error for a value of variant `found`.
    #[cold]
    pub fn error(&self, found: u16) -> VmError {
        match self.mismatch {
            VariantMismatch::Named => {
                let name = |v: u16| {
                    self.names
                        .get(usize::from(v))
                        .map(|n| n.as_str().to_string())
                        .unwrap_or_default()
                };
                let expected: Vec<String> = self.allowed.iter().map(|v| name(*v)).collect();
                VmError::new(StatusCode::STRUCT_VARIANT_MISMATCH).with_message(format!(
                    "expected enum variant {}, found {}",
                    expected.join(" or "),
                    name(found)
                ))
            }
            VariantMismatch::Tag => {
                let expected = self.allowed.first().copied().unwrap_or_default();
                VmError::new(StatusCode::VARIANT_TAG_MISMATCH)
                    .with_message(format!("tag mismatch: expected {expected}, got {found}"))
            }
            VariantMismatch::TagRef => {
                let expected = self.allowed.first().copied().unwrap_or_default();
                VmError::new(StatusCode::VARIANT_TAG_MISMATCH).with_message(format!(
                    "Variant tag mismatch: expected {expected}, found {found}"
                ))
            }
        }
    }
}

/// A `PackClosure` site.
#[derive(Debug, Clone)]
pub struct ClosureSite {
    /// Function handle index (in the module's link table).
    pub handle: u16,
    /// Type arguments (generic form, as type slots of the enclosing function), if generic.
    pub type_args: Vec<TypeId>,
    /// Capture mask.
    pub mask: u64,
}

/// Lowered code of a function.
#[derive(Debug, Default)]
pub struct Body {
    /// The instructions (1:1 with bytecode offsets), fused and bounds-checked.
    pub code: tern_ir::code::Code,
    /// Type slots referenced by ops (in terms of the function's type parameters).
    pub types: Vec<TypeId>,
    /// Whether each type slot mentions a type parameter.
    pub slot_is_generic: Vec<bool>,
    /// Errors raised by [`Op::Fail`](tern_ir::Op::Fail) ops: instructions found at load to
    /// instantiate a type beyond the runtime type limits, which fail when they run.
    pub failures: Vec<VmError>,
    /// Wide literals (u128, u256, i128, i256).
    pub wide: Vec<crate::values::Value>,
    /// Variant checks.
    pub variant_checks: Vec<VariantCheck>,
    /// Jump tables of `VariantSwitch` (Sui): per table, the op each variant tag branches to.
    pub jump_tables: Vec<Box<[u32]>>,
    /// Closure sites.
    pub closures: Vec<ClosureSite>,
    /// Packs that Sui's rules check where they run ([`Op::CheckedPack`](tern_ir::Op::CheckedPack)).
    pub checked_packs: Vec<CheckedPack>,
}

/// A pack of a generic function that Sui's runtime checks when it runs: the size of the
/// instantiation, then the depth of the value it builds.
#[derive(Debug, Clone)]
pub struct CheckedPack {
    /// The slot of its own (never shared) holding the packed type (for a `vec_pack`, the
    /// element type); a frame's resolution of it fails where the check fails.
    pub slot: tern_ir::TypeSlot,
    /// What is checked.
    pub kind: PackCheck,
    /// The pack, run once the check passes.
    pub op: tern_ir::Op,
}

/// What a [`CheckedPack`] checks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PackCheck {
    /// A struct or variant pack: one plus the nodes of the datatype's type arguments (as
    /// written) and of the frame's may not pass the node limit, each argument once
    /// substituted neither, and the packed value's depth may not pass the value-depth limit.
    Datatype,
    /// A `vec_pack`: the element type once substituted within the node limit, and its
    /// depth within the value-depth limit.
    Element,
}

/// A loaded function.
pub struct Function {
    /// Module and definition index.
    pub id: FunctionId,
    /// The function's name.
    pub name: Identifier,
    /// Visibility.
    pub visibility: Visibility,
    /// Whether it is an entry function.
    pub is_entry: bool,
    /// Whether its handle carries the `persistent` attribute (or it is public).
    pub is_persistent: bool,
    /// Whether its definition's handle carries the `module_lock` attribute: while it runs, no
    /// call may re-enter a module already running (see `Entry::locking`).
    pub is_module_lock: bool,
    /// Type parameter constraints.
    pub type_params: Vec<AbilitySet>,
    /// Parameter types.
    pub params: Vec<TypeId>,
    /// Return types.
    pub returns: Vec<TypeId>,
    /// Types of parameters followed by declared locals (shared: the runtime type checks'
    /// frame of a call holds them without a copy).
    pub local_types: Arc<[TypeId]>,
    /// The lowered body; a native's is empty (its code is only the end-of-code sentinel), so
    /// the dispatch loop reaches a frame's code without a check (see [`Function::move_body`]).
    pub body: Body,
    /// Whether the function has Move code (false for natives); read it through
    /// [`Function::is_native`] or [`Function::move_body`].
    pub(crate) has_body: bool,
    /// The native implementation, when native and registered.
    pub native: Option<NativeFunction>,
    /// The module's link tables, held weakly: they hold the module's own functions (its call
    /// sites' callees), and a strong reference back would be a cycle that is never freed.
    /// Whoever runs a function holds its tables ([`LinkedFunction`], a frame's `links`).
    pub links: Weak<ModuleLinks>,
    /// What a call needs to know of this function, computed once at load.
    pub entry: Entry,
}

/// What the call and return paths need to know of a function (computed once at load, so a
/// call reads one small record instead of walking the function's tables).
#[derive(Debug, Clone, Copy, Default)]
pub struct Entry {
    /// Number of parameters (arguments taken from the operand stack).
    pub params: u32,
    /// Locals slots of a frame: the code's window, never fewer than the parameters.
    pub slots: u32,
    /// A Move function without type parameters or module lock: the fast call paths enter it
    /// directly.
    pub plain: bool,
    /// A Move function without module lock: the fast generic call path may enter it.
    pub enterable: bool,
    /// A `module_lock` function: entered only through the general call path, which applies
    /// the peer's module lock; while one runs, the dispatch loops leave every call to the
    /// general path (`Interpreter::module_locks`).
    pub locking: bool,
    /// No local can hold a container (every local is a primitive other than `signer`, or a
    /// reference): its return has nothing to free. (Code that broke its local types anyway,
    /// which the verifier rejects, could at worst leak a container until the session ends.)
    pub scalar_locals: bool,
}

impl Entry {
    /// The entry record of `f` (whose own `entry` is not read).
    pub(crate) fn of(types: &crate::types::TypeTable, f: &Function) -> Entry {
        use crate::types::TypeNode as N;
        let params = f.params.len();
        let window = f.move_body().map_or(0, |b| b.code.window());
        let scalar_locals = f.local_types.iter().all(|&t| {
            !matches!(
                types.node(t),
                N::Signer | N::Vector(_) | N::Struct(..) | N::Function(..) | N::TypeParam(_)
            )
        });
        Entry {
            params: params as u32,
            slots: window.max(params) as u32,
            plain: f.has_body && f.type_params.is_empty() && !f.is_module_lock,
            enterable: f.has_body && !f.is_module_lock,
            locking: f.has_body && f.is_module_lock,
            scalar_locals,
        }
    }
}

impl std::fmt::Debug for Function {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Function")
            .field("id", &self.id)
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

impl Function {
    /// The identity of the function.
    pub fn id(&self) -> &FunctionId {
        &self.id
    }

    /// Number of parameters.
    pub fn param_count(&self) -> usize {
        self.params.len()
    }

    /// Number of parameters plus locals.
    pub fn local_count(&self) -> usize {
        self.local_types.len()
    }

    /// Locals slots a frame of this function is given: its code's window (parameters and
    /// declared locals), never fewer than its parameters.
    #[inline(always)]
    pub fn frame_slots(&self) -> usize {
        self.entry.slots as usize
    }

    /// Whether the function is public (not `friend`, not private).
    pub fn is_public(&self) -> bool {
        self.visibility == Visibility::Public
    }

    /// Whether the function is native.
    pub fn is_native(&self) -> bool {
        !self.has_body
    }

    /// The lowered body of a Move function (`None` for a native).
    #[inline]
    pub fn move_body(&self) -> Option<&Body> {
        self.has_body.then_some(&self.body)
    }

    /// `0xADDR::module::name` for messages.
    pub fn qualified_name(&self) -> String {
        match &self.id.module {
            Some(m) => format!("{}::{}::{}", m.address.to_hex_literal(), m.name, self.name),
            None => format!("script::{}", self.name),
        }
    }

    /// The function's name as the peer's traces and runtime messages print it:
    /// `0x<64 hex>::module::name`, or `script::name`.
    pub fn full_name(&self) -> String {
        full_name(self.id.module.as_ref(), self.name.as_str())
    }

    /// Where an error raised in this function is located: its module, or the script.
    pub fn location(&self) -> tern_primitives::Location {
        match &self.id.module {
            Some(m) => tern_primitives::Location::Module(m.clone()),
            None => tern_primitives::Location::Script,
        }
    }
}

/// A function name as the peer's traces and runtime messages print it:
/// `0x<64 hex>::module::name` (see [`module_full_name`]), or `script::name`.
pub fn full_name(module: Option<&ModuleId>, name: &str) -> String {
    format!("{}::{name}", module_full_name(module))
}

/// A module as the peer's runtime messages print it: `0x<64 hex>::module`, or `script`.
pub fn module_full_name(module: Option<&ModuleId>) -> String {
    match module {
        Some(m) => format!("0x{}::{}", m.address.full_hex(), m.name),
        None => "script".to_string(),
    }
}

/// A generic function instantiation used by `CallGeneric`.
#[derive(Debug, Clone)]
pub struct FunctionInstInfo {
    /// The function handle.
    pub handle: u16,
    /// The type arguments, in terms of the calling function's type parameters.
    pub type_args: Vec<TypeId>,
}

/// A call site's resolved callee.
#[derive(Debug, Clone)]
pub struct Callee {
    /// The function.
    pub function: Arc<Function>,
    /// The callee's link tables when they are not the calling unit's own (`None` for a call
    /// within one loaded module, which must not hold its own tables).
    links: Option<Arc<ModuleLinks>>,
}

impl Callee {
    /// `function` as called from a unit whose tables are `caller`.
    pub fn new(function: &LinkedFunction, caller: &ModuleLinks) -> Callee {
        let own = std::ptr::eq(Arc::as_ptr(&function.links), caller);
        Callee {
            function: function.function.clone(),
            links: (!own).then(|| function.links.clone()),
        }
    }

    /// The callee's link tables, given the caller's.
    #[inline(always)]
    pub fn links<'a>(&'a self, caller: &'a ModuleLinks) -> &'a ModuleLinks {
        match &self.links {
            Some(links) => links,
            None => caller,
        }
    }

    /// The callee with its tables, given the caller's (`None` when they are gone, which a
    /// caller that is running cannot see).
    pub fn linked(&self, caller: &ModuleLinks) -> Option<LinkedFunction> {
        let links = match &self.links {
            Some(links) => links.clone(),
            None => self.function.links.upgrade()?,
        };
        debug_assert!(std::ptr::eq(self.links(caller), &*links));
        Some(LinkedFunction {
            function: self.function.clone(),
            links,
        })
    }
}

/// A loaded function with its module's link tables: what it takes to run it. Holding one
/// keeps the function and everything it calls loaded, even after its module is evicted.
#[derive(Debug, Clone)]
pub struct LinkedFunction {
    /// The function.
    pub function: Arc<Function>,
    /// Its module's (or script's) link tables.
    pub links: Arc<ModuleLinks>,
}

impl std::ops::Deref for LinkedFunction {
    type Target = Function;

    fn deref(&self) -> &Function {
        &self.function
    }
}

impl LinkedFunction {
    /// Whether both are the same loaded function.
    pub fn ptr_eq(a: &LinkedFunction, b: &LinkedFunction) -> bool {
        Arc::ptr_eq(&a.function, &b.function)
    }
}

/// The per-module link tables shared by the module's functions.
#[derive(Debug, Default)]
pub struct ModuleLinks {
    /// The module (None for a script).
    pub module: Option<ModuleId>,
    /// Per function handle: the target's module and name.
    pub handles: Vec<(ModuleId, Identifier)>,
    /// Per function handle: the resolved callee, filled on first use.
    pub resolved: Vec<OnceLock<Callee>>,
    /// Function instantiations.
    pub instantiations: Vec<FunctionInstInfo>,
    /// Per function instantiation, when called from a non-generic function of this unit: the
    /// callee frame's type arguments and slots, filled by the first call (they depend only
    /// on the instantiation, so every session shares them).
    pub generic_frames: Vec<OnceLock<Arc<GenericFrame>>>,
    /// Decoded constants.
    pub constants: Vec<ConstValue>,
    /// The unit's original instructions (what an execution trace records).
    pub source: SourceCode,
    /// The module's size serialized, in bytes, measured on first use (what a gas schedule
    /// charges for depending on it).
    pub(crate) serialized_size: OnceLock<u64>,
}

impl ModuleLinks {
    /// The original instruction at `pc` of the function defined at `def_index`.
    pub fn instruction(&self, def_index: u16, pc: u32) -> Option<&tern_binary::Bytecode> {
        self.code_of(def_index)?.get(pc as usize)
    }

    /// The module's size serialized (0 for a script, or a module that does not serialize).
    pub fn module_size(&self) -> u64 {
        *self.serialized_size.get_or_init(|| match &self.source {
            SourceCode::Module(m) => m.serialize().map_or(0, |b| b.len() as u64),
            _ => 0,
        })
    }

    /// The original instructions of function definition `def_index` (the script's for a
    /// script), if kept.
    pub fn code_of(&self, def_index: u16) -> Option<&[tern_binary::Bytecode]> {
        match &self.source {
            SourceCode::Module(m) => Some(
                &m.function_defs
                    .get(usize::from(def_index))?
                    .code
                    .as_ref()?
                    .code,
            ),
            SourceCode::Script(s) => Some(&s.code.code),
            SourceCode::None => None,
        }
    }
}

/// Where a unit's original instructions are: the module itself (kept by the cache anyway), or
/// a copy of a script's code.
#[derive(Debug, Default)]
pub enum SourceCode {
    /// Not kept.
    #[default]
    None,
    /// The module's definitions.
    Module(Arc<CompiledModule>),
    /// A script (its tables are needed by the runtime type checks).
    Script(Arc<CompiledScript>),
}

/// A loaded module.
#[derive(Debug)]
pub struct LoadedModule {
    /// The module's id.
    pub id: ModuleId,
    /// The compiled module.
    pub compiled: Arc<CompiledModule>,
    /// Functions by definition index.
    pub functions: Vec<Arc<Function>>,
    /// The link tables the functions share (held here: the functions hold them weakly).
    pub links: Arc<ModuleLinks>,
    /// Functions by name.
    pub by_name: HashMap<Identifier, usize>,
    /// Structs by definition index.
    pub structs: Vec<StructId>,
}

/// Concrete types of a generic function's type slots (an error where a type exceeds limits).
pub type ResolvedSlots = Arc<[Result<TypeId, VmError>]>;

/// What a generic function's frame knows about its instantiation: kept in the link tables of
/// a non-generic caller's module ([`ModuleLinks`]), or by a session for a generic caller.
#[derive(Debug)]
pub struct GenericFrame {
    /// Concrete type arguments.
    pub ty_args: Arc<[TypeId]>,
    /// Concrete types of the function's type slots.
    pub resolved: Option<ResolvedSlots>,
}

/// One layout walk of [`CodeCache::check_layout`]: the nodes counted so far, the limits, and
/// the struct types whose fields were walked (each is walked once per layout, as the peer
/// builds a layout with a per-pass struct layout cache).
struct LayoutWalk {
    nodes: usize,
    max_nodes: usize,
    max_depth: usize,
    structs_walked: rustc_hash::FxHashSet<TypeId>,
}

/// The shared code cache: types, structs and loaded modules.
#[derive(Debug, Default)]
pub struct CodeCache {
    /// The type interner.
    pub types: TypeTable,
    /// The runtime type limits (what an instruction may instantiate).
    pub limits: crate::types::TypeLimits,
    /// Types whose value layout passed [`CodeCache::check_layout`] with these limits (nodes,
    /// depth); cleared when a module is evicted (a republished struct changes layouts).
    layouts_checked: rustc_hash::FxHashSet<(TypeId, usize, usize)>,
    /// Depths of the values of concrete types ([`CodeCache::check_value_depth`]); cleared
    /// with the layouts.
    value_depths: rustc_hash::FxHashMap<TypeId, u32>,
    struct_ids: HashMap<(ModuleId, Identifier), StructId>,
    struct_names: Vec<(ModuleId, Identifier)>,
    structs: Vec<Option<Arc<StructInfo>>>,
    modules: HashMap<ModuleId, Arc<LoadedModule>>,
}

/// Looks up native implementations while loading.
pub type NativeLookup<'a> =
    &'a dyn Fn(&ModuleId, &str, &crate::natives::NativeSignature) -> Option<NativeFunction>;

impl CodeCache {
    /// An empty cache.
    pub fn new() -> CodeCache {
        CodeCache::with_limits(crate::types::TypeLimits::default())
    }

    /// An empty cache whose loaded code applies `limits` to the types its instructions
    /// instantiate.
    pub fn with_limits(limits: crate::types::TypeLimits) -> CodeCache {
        CodeCache {
            types: TypeTable::new(),
            limits,
            ..CodeCache::default()
        }
    }

    /// The id for a struct name, allocated on first mention (the definition may load later).
    pub fn struct_id(&mut self, module: &ModuleId, name: &Identifier) -> StructId {
        let key = (module.clone(), name.clone());
        if let Some(id) = self.struct_ids.get(&key) {
            return *id;
        }
        let id = StructId(self.structs.len() as u32);
        self.structs.push(None);
        self.struct_names.push(key.clone());
        self.struct_ids.insert(key, id);
        id
    }

    /// The module and name of a struct id.
    pub fn struct_name(&self, id: StructId) -> Option<&(ModuleId, Identifier)> {
        self.struct_names.get(id.0 as usize)
    }

    /// Modules whose structs `ty` mentions but which are not loaded yet.
    pub fn unloaded_modules(&self, ty: TypeId) -> Vec<ModuleId> {
        let mut out = Vec::new();
        let mut pending = vec![ty];
        while let Some(t) = pending.pop() {
            match self.types.node(t) {
                TypeNode::Struct(sid, args) => {
                    if self.struct_info(*sid).is_none() {
                        if let Some((m, _)) = self.struct_name(*sid) {
                            if !out.contains(m) {
                                out.push(m.clone());
                            }
                        }
                    }
                    pending.extend_from_slice(self.types.list(*args));
                }
                TypeNode::Vector(t) | TypeNode::Reference(t) | TypeNode::MutableReference(t) => {
                    pending.push(*t)
                }
                TypeNode::Function(a, r, _) => {
                    pending.extend_from_slice(self.types.list(*a));
                    pending.extend_from_slice(self.types.list(*r));
                }
                _ => {}
            }
        }
        out
    }

    /// Checks the value layout of a concrete type against the layout limits: more than
    /// `max_nodes` nodes is `TOO_MANY_TYPE_NODES`, deeper than `max_depth` is
    /// `VM_MAX_VALUE_DEPTH_REACHED`. As the peer builds a layout, a struct type met again in
    /// the same layout counts as one node, its fields not walked again (nor their depth
    /// checked where it is met again).
    pub fn check_layout(
        &mut self,
        ty: TypeId,
        max_nodes: usize,
        max_depth: usize,
    ) -> Result<(), VmError> {
        if self.layout_checked(ty, max_nodes, max_depth) {
            return Ok(());
        }
        let mut walk = LayoutWalk {
            nodes: 0,
            max_nodes,
            max_depth,
            structs_walked: Default::default(),
        };
        self.count_layout(ty, 1, &mut walk)?;
        // Only a complete walk is remembered (a struct whose module is not loaded yet counts
        // as a leaf).
        if self.unloaded_modules(ty).is_empty() {
            self.layouts_checked.insert((ty, max_nodes, max_depth));
        }
        Ok(())
    }

    /// Sui's checks of a pack of `template` (for a `vec_pack`, the element type) in a frame
    /// with type arguments `frame_args`, as Sui's runtime makes them where the pack runs: for
    /// a datatype, one plus the nodes of its type arguments as written and of `frame_args`
    /// within the node limit; the substitution within it; then the depth of the packed value
    /// (of the element, for a vector) within `max_depth`. Returns the concrete type.
    pub fn check_pack(
        &mut self,
        template: TypeId,
        kind: PackCheck,
        frame_args: &[TypeId],
        max_depth: u32,
    ) -> Result<TypeId, VmError> {
        let limits = self.limits;
        let ty = match kind {
            PackCheck::Datatype => {
                let TypeNode::Struct(sid, list) = self.types.node(template).clone() else {
                    return Err(VmError::new(StatusCode::UNKNOWN_INVARIANT_VIOLATION_ERROR)
                        .with_message("a checked pack of a type that is not a datatype"));
                };
                let written = self.types.list(list).to_vec();
                self.types
                    .check_instantiation_nodes(&written, frame_args, &limits)?;
                let mut args = Vec::with_capacity(written.len());
                for t in written {
                    args.push(self.types.substitute(t, frame_args, &limits)?);
                }
                let list = self.types.intern_list(&args);
                self.types.intern(TypeNode::Struct(sid, list))
            }
            PackCheck::Element if frame_args.is_empty() => template,
            PackCheck::Element => self.types.substitute(template, frame_args, &limits)?,
        };
        self.check_value_depth(ty, max_depth)?;
        Ok(ty)
    }

    /// Sui's check of the value a pack builds: the depth of concrete type `ty`'s values (a
    /// primitive is 1 deep, a vector or reference one more than what it holds, a datatype one
    /// more than its deepest field, or 1 without fields) may not pass `max_depth`, nor may
    /// that of a datatype's type arguments (`VM_MAX_VALUE_DEPTH_REACHED`). Returns the depth.
    pub fn check_value_depth(&mut self, ty: TypeId, max_depth: u32) -> Result<u32, VmError> {
        self.value_depth_within(ty, max_depth)
    }

    /// The depth of `ty`'s values when it is at most `budget` (the walk stops there, so its
    /// recursion is at most `budget` deep).
    fn value_depth_within(&mut self, ty: TypeId, budget: u32) -> Result<u32, VmError> {
        let too_deep = || VmError::new(StatusCode::VM_MAX_VALUE_DEPTH_REACHED);
        if let Some(&d) = self.value_depths.get(&ty) {
            return if d > budget { Err(too_deep()) } else { Ok(d) };
        }
        if budget == 0 {
            return Err(too_deep());
        }
        let depth = match self.types.node(ty).clone() {
            TypeNode::Vector(t) | TypeNode::Reference(t) | TypeNode::MutableReference(t) => {
                1 + self.value_depth_within(t, budget - 1)?
            }
            TypeNode::Struct(sid, args) => {
                let args = self.types.list(args).to_vec();
                for a in &args {
                    self.value_depth_within(*a, budget)?;
                }
                let Some(info) = self.struct_info(sid).cloned() else {
                    return Ok(1);
                };
                let fields = info.field_types();
                let mut deepest = 0;
                for f in fields {
                    let t = self
                        .types
                        .substitute(f, &args, &crate::types::TypeLimits::NONE)?;
                    deepest = deepest.max(self.value_depth_within(t, budget - 1)?);
                }
                1 + deepest
            }
            _ => 1,
        };
        self.value_depths.insert(ty, depth);
        Ok(depth)
    }

    /// Whether `ty`'s layout already passed [`CodeCache::check_layout`] with these limits.
    pub fn layout_checked(&self, ty: TypeId, max_nodes: usize, max_depth: usize) -> bool {
        self.layouts_checked.contains(&(ty, max_nodes, max_depth))
    }

    fn count_layout(
        &mut self,
        ty: TypeId,
        depth: usize,
        walk: &mut LayoutWalk,
    ) -> Result<(), VmError> {
        let (max_nodes, max_depth) = (walk.max_nodes, walk.max_depth);
        walk.nodes += 1;
        if walk.nodes > max_nodes {
            return Err(VmError::new(StatusCode::TOO_MANY_TYPE_NODES).with_message(format!(
                "Number of type nodes when constructing type layout exceeded the maximum of {max_nodes}"
            )));
        }
        if depth > max_depth {
            return Err(
                VmError::new(StatusCode::VM_MAX_VALUE_DEPTH_REACHED).with_message(format!(
                    "Depth of a layout exceeded the maximum of {max_depth} during construction"
                )),
            );
        }
        match self.types.node(ty).clone() {
            TypeNode::Vector(t) => self.count_layout(t, depth + 1, walk),
            TypeNode::Struct(sid, args) => {
                if walk.structs_walked.contains(&ty) {
                    return Ok(());
                }
                let Some(info) = self.struct_info(sid).cloned() else {
                    return Ok(());
                };
                let args = self.types.list(args).to_vec();
                let fields = info.field_types();
                for f in fields {
                    let t = self
                        .types
                        .substitute(f, &args, &crate::types::TypeLimits::NONE)?;
                    self.count_layout(t, depth + 1, walk)?;
                }
                walk.structs_walked.insert(ty);
                Ok(())
            }
            _ => Ok(()),
        }
    }

    /// The abilities of a concrete type (struct abilities restricted by their type arguments).
    pub fn abilities(&self, ty: TypeId) -> AbilitySet {
        match self.types.node(ty) {
            TypeNode::Signer => AbilitySet::SIGNER,
            TypeNode::Reference(_) | TypeNode::MutableReference(_) => AbilitySet::REFERENCES,
            TypeNode::Vector(t) => self.abilities(*t).intersect(AbilitySet::VECTOR),
            TypeNode::Function(_, _, a) => *a,
            TypeNode::TypeParam(_) => AbilitySet::EMPTY,
            TypeNode::Struct(sid, args) => {
                let Some(info) = self.struct_info(*sid) else {
                    return AbilitySet::EMPTY;
                };
                let mut result = info.abilities;
                for (arg, (_, phantom)) in self.types.list(*args).iter().zip(&info.type_params) {
                    if *phantom {
                        continue;
                    }
                    let arg_abilities = self.abilities(*arg);
                    for a in info.abilities.iter() {
                        if !arg_abilities.has(a.requires()) {
                            result = result.without(a);
                        }
                    }
                }
                result
            }
            _ => AbilitySet::PRIMITIVES,
        }
    }

    /// The loaded definition of a struct, if its module is loaded.
    pub fn struct_info(&self, id: StructId) -> Option<&Arc<StructInfo>> {
        self.structs.get(id.0 as usize).and_then(|s| s.as_ref())
    }

    /// A loaded module.
    pub fn module(&self, id: &ModuleId) -> Option<&Arc<LoadedModule>> {
        self.modules.get(id)
    }

    /// Removes a module and every loaded module that imports it (transitively), so they are
    /// reloaded against its new version.
    pub fn evict(&mut self, id: &ModuleId) {
        self.layouts_checked.clear();
        self.value_depths.clear();
        let mut pending = vec![id.clone()];
        while let Some(m) = pending.pop() {
            if self.modules.remove(&m).is_none() {
                continue;
            }
            let dependents: Vec<ModuleId> = self
                .modules
                .iter()
                .filter(|(_, lm)| lm.compiled.immediate_dependencies().any(|d| d == m))
                .map(|(k, _)| k.clone())
                .collect();
            pending.extend(dependents);
        }
    }

    /// Loads a module (already deserialized, verified and linked) into the cache.
    pub fn load_module(
        &mut self,
        compiled: Arc<CompiledModule>,
        natives: NativeLookup<'_>,
    ) -> Result<Arc<LoadedModule>, VmError> {
        let id = compiled.self_id().ok_or_else(bad_index)?;
        let structs = self.load_structs(&compiled, &id)?;
        let mut links = self.build_links(&*compiled, Some(id.clone()))?;
        links.source = SourceCode::Module(compiled.clone());
        let links = Arc::new(links);
        let mut functions = Vec::with_capacity(compiled.function_defs.len());
        let mut by_name = HashMap::new();
        for (i, def) in compiled.function_defs.iter().enumerate() {
            let f = lower::load_function(self, &compiled, def, i, &links, natives)?;
            by_name.insert(f.name.clone(), i);
            functions.push(Arc::new(f));
        }
        let module = Arc::new(LoadedModule {
            id: id.clone(),
            compiled,
            functions,
            links,
            by_name,
            structs,
        });
        self.modules.insert(id, module.clone());
        Ok(module)
    }

    /// Loads a script's `main` as a function.
    pub fn load_script(&mut self, script: &CompiledScript) -> Result<LinkedFunction, VmError> {
        let mut links = self.build_links(script, None)?;
        links.source = SourceCode::Script(Arc::new(script.clone()));
        let links = Arc::new(links);
        let function = Arc::new(lower::load_script(self, script, &links)?);
        Ok(LinkedFunction { function, links })
    }

    fn load_structs(
        &mut self,
        m: &CompiledModule,
        id: &ModuleId,
    ) -> Result<Vec<StructId>, VmError> {
        let mut ids = Vec::with_capacity(m.struct_defs.len());
        for (i, def) in m.struct_defs.iter().enumerate() {
            let handle = m
                .struct_handle_at(def.struct_handle)
                .ok_or_else(bad_index)?;
            let name = m.identifier_at(handle.name).ok_or_else(bad_index)?.clone();
            let sid = self.struct_id(id, &name);
            let layout = match &def.field_information {
                StructFieldInformation::Native => {
                    return Err(VmError::new(StatusCode::MISSING_DEPENDENCY)
                        .with_message("native structs are not supported"))
                }
                StructFieldInformation::Declared(fields) => {
                    StructLayout::Fields(self.fields(m, fields)?)
                }
                StructFieldInformation::DeclaredVariants(vs) => {
                    let mut out = Vec::with_capacity(vs.len());
                    for v in vs {
                        out.push(VariantInfo {
                            name: m.identifier_at(v.name).ok_or_else(bad_index)?.clone(),
                            fields: self.fields(m, &v.fields)?,
                        });
                    }
                    StructLayout::Variants(out)
                }
            };
            let info = StructInfo {
                module: id.clone(),
                name,
                def_index: i as u16,
                abilities: handle.abilities,
                type_params: handle
                    .type_parameters
                    .iter()
                    .map(|p| (p.constraints, p.is_phantom))
                    .collect(),
                layout,
            };
            if let Some(slot) = self.structs.get_mut(sid.0 as usize) {
                *slot = Some(Arc::new(info));
            }
            ids.push(sid);
        }
        // Sui's enums have their own table; the runtime sees them as enums like Aptos's.
        for (i, def) in m.enum_defs.iter().enumerate() {
            let handle = m.struct_handle_at(def.enum_handle).ok_or_else(bad_index)?;
            let name = m.identifier_at(handle.name).ok_or_else(bad_index)?.clone();
            let sid = self.struct_id(id, &name);
            let mut variants = Vec::with_capacity(def.variants.len());
            for v in &def.variants {
                variants.push(VariantInfo {
                    name: m.identifier_at(v.name).ok_or_else(bad_index)?.clone(),
                    fields: self.fields(m, &v.fields)?,
                });
            }
            let info = StructInfo {
                module: id.clone(),
                name,
                def_index: u16::try_from(m.struct_defs.len().saturating_add(i))
                    .map_err(|_| bad_index())?,
                abilities: handle.abilities,
                type_params: handle
                    .type_parameters
                    .iter()
                    .map(|p| (p.constraints, p.is_phantom))
                    .collect(),
                layout: StructLayout::Variants(variants),
            };
            if let Some(slot) = self.structs.get_mut(sid.0 as usize) {
                *slot = Some(Arc::new(info));
            }
            ids.push(sid);
        }
        Ok(ids)
    }

    fn fields(
        &mut self,
        m: &CompiledModule,
        fields: &[tern_binary::FieldDefinition],
    ) -> Result<Vec<FieldInfo>, VmError> {
        let mut out = Vec::with_capacity(fields.len());
        for f in fields {
            out.push(FieldInfo {
                name: m.identifier_at(f.name).ok_or_else(bad_index)?.clone(),
                ty: signature::convert(self, m, &f.type_)?,
            });
        }
        Ok(out)
    }

    fn build_links<T: BinaryTables>(
        &mut self,
        unit: &T,
        module: Option<ModuleId>,
    ) -> Result<ModuleLinks, VmError> {
        let mut handles = Vec::with_capacity(unit.function_handles().len());
        for h in unit.function_handles() {
            let mh = unit.module_handle_at(h.module).ok_or_else(bad_index)?;
            let addr = *unit
                .address_identifier_at(mh.address)
                .ok_or_else(bad_index)?;
            let mname = unit.identifier_at(mh.name).ok_or_else(bad_index)?.clone();
            let fname = unit.identifier_at(h.name).ok_or_else(bad_index)?.clone();
            handles.push((ModuleId::new(addr, mname), fname));
        }
        let mut instantiations = Vec::with_capacity(unit.function_instantiations().len());
        for fi in unit.function_instantiations() {
            let sig = unit
                .signature_at(fi.type_parameters)
                .ok_or_else(bad_index)?;
            let mut type_args = Vec::with_capacity(sig.len());
            for tok in &sig.0 {
                type_args.push(signature::convert(self, unit, tok)?);
            }
            instantiations.push(FunctionInstInfo {
                handle: fi.handle.0,
                type_args,
            });
        }
        let mut constants = Vec::with_capacity(unit.constant_pool().len());
        for c in unit.constant_pool() {
            constants.push(decode_constant(&c.type_, &c.data)?);
        }
        Ok(ModuleLinks {
            module,
            resolved: handles.iter().map(|_| OnceLock::new()).collect(),
            generic_frames: instantiations.iter().map(|_| OnceLock::new()).collect(),
            handles,
            instantiations,
            constants,
            source: SourceCode::None,
            serialized_size: OnceLock::new(),
        })
    }

    /// Interns a primitive node.
    pub fn prim(&mut self, node: TypeNode) -> TypeId {
        self.types.intern(node)
    }
}

/// An index out of range of the tables it names: an invariant violation (bounds-checked code
/// has none).
#[cold]
pub fn bad_index() -> VmError {
    VmError::new(StatusCode::UNKNOWN_INVARIANT_VIOLATION_ERROR)
        .with_message("index out of range in a loaded binary")
}

/// A native-shaped function of no module with no parameters, for tests of the code that
/// holds functions (this crate's, and the interpreter's through the `test-support` feature).
#[cfg(any(test, feature = "test-support"))]
pub fn stub_function() -> Function {
    Function {
        id: FunctionId {
            module: None,
            def_index: 0,
        },
        name: Identifier::new_unchecked("f"),
        visibility: Visibility::Public,
        is_entry: false,
        is_persistent: false,
        is_module_lock: false,
        type_params: vec![AbilitySet::EMPTY],
        params: Vec::new(),
        returns: Vec::new(),
        local_types: Arc::from(Vec::new()),
        has_body: false,
        body: Body::default(),
        native: None,
        links: Weak::new(),
        entry: Entry::default(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entry_knows_which_frames_own_nothing_on_return() {
        let mut types = TypeTable::new();
        let u64_ = types.intern(TypeNode::U64);
        let addr = types.intern(TypeNode::Address);
        let vec = types.intern(TypeNode::Vector(u64_));
        let vec_ref = types.intern(TypeNode::MutableReference(vec));
        let signer = types.intern(TypeNode::Signer);
        let param = types.intern(TypeNode::TypeParam(0));
        let function = |params: &[TypeId], locals: &[TypeId], body: Option<Body>, generic| {
            let mut local_types = params.to_vec();
            local_types.extend_from_slice(locals);
            Function {
                type_params: if generic {
                    vec![AbilitySet::EMPTY]
                } else {
                    Vec::new()
                },
                params: params.to_vec(),
                local_types: local_types.into(),
                has_body: body.is_some(),
                body: body.unwrap_or_default(),
                ..stub_function()
            }
        };
        let scalar = Entry::of(&types, &function(&[u64_, vec_ref], &[addr], None, false));
        assert!(scalar.scalar_locals);
        assert_eq!((scalar.params, scalar.slots), (2, 2));
        assert!(!scalar.plain, "a native is not entered by the fast paths");
        // A native has no Move body; its empty body's code is only the sentinel.
        let native = function(&[u64_], &[], None, false);
        assert!(native.is_native() && native.move_body().is_none());
        assert_eq!(native.body.code.ops(), &[tern_ir::Op::EndOfCode][..]);
        for owning in [vec, signer, param] {
            let f = function(&[u64_], &[owning], None, false);
            assert!(!Entry::of(&types, &f).scalar_locals);
        }
        let plain = function(&[], &[], Some(Body::default()), false);
        assert!(Entry::of(&types, &plain).plain);
        assert!(!plain.is_native() && plain.move_body().is_some());
        let generic = function(&[], &[], Some(Body::default()), true);
        assert!(!Entry::of(&types, &generic).plain);
    }
}
