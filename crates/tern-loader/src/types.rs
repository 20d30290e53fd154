//! Runtime types: an interner of type nodes and type lists shared by all sessions, with the
//! depth, node count and abilities of each concrete type computed once.

use rustc_hash::FxHashMap;
use tern_primitives::{AbilitySet, StatusCode, VmError};

/// An interned type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TypeId(pub u32);

impl TypeId {
    /// `u8` (interned first by [`TypeTable::new`], so `vector<u8>` is told apart without
    /// reading the table).
    pub const U8: TypeId = TypeId(0);
    /// `bool` (pre-interned, see [`TypeTable::new`]).
    pub const BOOL: TypeId = TypeId(1);
    /// `u64` (pre-interned, see [`TypeTable::new`]).
    pub const U64: TypeId = TypeId(4);
    /// `i64` (pre-interned, see [`TypeTable::new`]).
    pub const I64: TypeId = TypeId(10);
    /// `signer` (pre-interned, the last primitive).
    pub const SIGNER: TypeId = TypeId(14);

    /// Whether this is a primitive type (`bool`, an integer, `address` or `signer`): every
    /// one is pre-interned by [`TypeTable::new`] below the first other type.
    #[inline]
    pub fn is_primitive(self) -> bool {
        (self.0 as usize) < PRIMITIVES.len()
    }

    /// The id of a primitive node (`None` for any other node), without a table.
    #[inline]
    pub fn primitive(node: &TypeNode) -> Option<TypeId> {
        primitive_id(node)
    }
}

/// The primitive types, interned by [`TypeTable::new`] in this order (ids 0 to 14), so that
/// interning one costs no lookup: the runtime type checks intern a primitive for most
/// instructions they check.
const PRIMITIVES: [TypeNode; 15] = [
    TypeNode::U8,
    TypeNode::Bool,
    TypeNode::U16,
    TypeNode::U32,
    TypeNode::U64,
    TypeNode::U128,
    TypeNode::U256,
    TypeNode::I8,
    TypeNode::I16,
    TypeNode::I32,
    TypeNode::I64,
    TypeNode::I128,
    TypeNode::I256,
    TypeNode::Address,
    TypeNode::Signer,
];

/// The id [`TypeTable::new`] gave a primitive node (`None` for any other node).
fn primitive_id(node: &TypeNode) -> Option<TypeId> {
    let i = match node {
        TypeNode::U8 => 0,
        TypeNode::Bool => 1,
        TypeNode::U16 => 2,
        TypeNode::U32 => 3,
        TypeNode::U64 => 4,
        TypeNode::U128 => 5,
        TypeNode::U256 => 6,
        TypeNode::I8 => 7,
        TypeNode::I16 => 8,
        TypeNode::I32 => 9,
        TypeNode::I64 => 10,
        TypeNode::I128 => 11,
        TypeNode::I256 => 12,
        TypeNode::Address => 13,
        TypeNode::Signer => 14,
        _ => return None,
    };
    Some(TypeId(i))
}

/// An interned list of types (type arguments).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TypeListId(pub u32);

impl TypeListId {
    /// The empty list (interned first by [`TypeTable::new`]).
    pub const EMPTY: TypeListId = TypeListId(0);
}

/// A struct or enum definition known to the runtime (global index into the code cache's
/// struct table).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct StructId(pub u32);

/// One node of a runtime type. Children are interned ids.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum TypeNode {
    /// `bool`.
    Bool,
    /// `u8`.
    U8,
    /// `u16`.
    U16,
    /// `u32`.
    U32,
    /// `u64`.
    U64,
    /// `u128`.
    U128,
    /// `u256`.
    U256,
    /// `i8`.
    I8,
    /// `i16`.
    I16,
    /// `i32`.
    I32,
    /// `i64`.
    I64,
    /// `i128`.
    I128,
    /// `i256`.
    I256,
    /// `address`.
    Address,
    /// `signer`.
    Signer,
    /// `vector<T>`.
    Vector(TypeId),
    /// A struct or enum with type arguments.
    Struct(StructId, TypeListId),
    /// `&T`.
    Reference(TypeId),
    /// `&mut T`.
    MutableReference(TypeId),
    /// A function type.
    Function(TypeListId, TypeListId, AbilitySet),
    /// A type parameter of the enclosing generic (only in uninstantiated types).
    TypeParam(u16),
}

/// What the interner knows about each type.
#[derive(Debug, Clone)]
pub struct TypeInfo {
    /// The node.
    pub node: TypeNode,
    /// Depth in nodes along the deepest path (a leaf is 1).
    pub depth: u32,
    /// Number of nodes.
    pub nodes: u32,
    /// Whether a type parameter occurs in it.
    pub has_type_params: bool,
}

/// The limits applied when a type is built by substitution at run time (the peer's
/// `TypeBuilder` defaults: 128 nodes, depth 20).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TypeLimits {
    /// Maximum number of nodes of an instantiated type.
    pub max_nodes: u32,
    /// Maximum depth of an instantiated type.
    pub max_depth: u32,
    /// Whose rules count the nodes, and where the checks happen.
    pub rules: LimitRules,
}

/// Whose rules the runtime type limits follow.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum LimitRules {
    /// The Aptos VM's: a type built by substitution (a call's type arguments, a frame's
    /// local and instruction types) fails with `TOO_MANY_TYPE_NODES` past `max_nodes` nodes
    /// and `VM_MAX_TYPE_DEPTH_REACHED` past `max_depth` levels; values are measured when they
    /// are copied, compared or laid out.
    #[default]
    Aptos,
    /// Sui's runtime's: a substitution counts each node of the generic type plus, for each
    /// type parameter it replaces, one more node and the argument's nodes; a generic call
    /// also fails when one plus the nodes of the caller's and of the callee's type
    /// arguments pass `max_nodes`, and a generic pack when one plus the nodes of its type
    /// arguments and of the frame's do (all `VM_MAX_TYPE_NODES_REACHED`). Each pack and
    /// `vec_pack` checks the depth of the type of the value it builds (of the element, for
    /// a vector) against `max_value_depth` (`VM_MAX_VALUE_DEPTH_REACHED`), where it runs.
    Sui {
        /// The deepest value a pack may build (Sui: 128).
        max_value_depth: u32,
    },
}

impl TypeLimits {
    /// No limits: for substituting into the field types of a value's type, which was built
    /// within the limits already.
    pub const NONE: TypeLimits = TypeLimits {
        max_nodes: u32::MAX,
        max_depth: u32::MAX,
        rules: LimitRules::Aptos,
    };

    /// Sui's runtime limits: 128 nodes per instantiation, types 256 deep, values 128 deep.
    pub const SUI: TypeLimits = TypeLimits {
        max_nodes: 128,
        max_depth: 256,
        rules: LimitRules::Sui {
            max_value_depth: 128,
        },
    };

    /// The deepest value a pack may build, when packs check it (Sui's rules).
    pub fn pack_value_depth(&self) -> Option<u32> {
        match self.rules {
            LimitRules::Aptos => None,
            LimitRules::Sui { max_value_depth } => Some(max_value_depth),
        }
    }
}

impl Default for TypeLimits {
    fn default() -> Self {
        TypeLimits {
            max_nodes: 128,
            max_depth: 20,
            rules: LimitRules::Aptos,
        }
    }
}

/// What [`TypeTable::info`] returns for an id it does not know.
static INVALID_TYPE: TypeInfo = TypeInfo {
    node: TypeNode::TypeParam(u16::MAX),
    depth: 1,
    nodes: 1,
    has_type_params: true,
};

/// The interner of types and type lists.
#[derive(Debug)]
pub struct TypeTable {
    types: Vec<TypeInfo>,
    type_index: FxHashMap<TypeNode, TypeId>,
    lists: Vec<Box<[TypeId]>>,
    list_index: FxHashMap<Box<[TypeId]>, TypeListId>,
}

impl Default for TypeTable {
    fn default() -> Self {
        TypeTable::new()
    }
}

impl TypeTable {
    /// A table with the primitive types (`u8` first, [`TypeId::U8`]) and the empty list
    /// ([`TypeListId::EMPTY`]) pre-interned.
    pub fn new() -> TypeTable {
        let mut t = TypeTable {
            types: Vec::new(),
            type_index: FxHashMap::default(),
            lists: Vec::new(),
            list_index: FxHashMap::default(),
        };
        for node in PRIMITIVES {
            t.insert(node);
        }
        t.intern_list(&[]);
        t
    }

    /// Interns a node whose children are already interned.
    pub fn intern(&mut self, node: TypeNode) -> TypeId {
        if let Some(id) = primitive_id(&node) {
            return id;
        }
        if let Some(id) = self.type_index.get(&node) {
            return *id;
        }
        self.insert(node)
    }

    /// Adds a node the table does not hold yet.
    fn insert(&mut self, node: TypeNode) -> TypeId {
        let (depth, nodes, has_type_params) = self.measure(&node);
        let id = TypeId(self.types.len() as u32);
        self.types.push(TypeInfo {
            node: node.clone(),
            depth,
            nodes,
            has_type_params,
        });
        self.type_index.insert(node, id);
        id
    }

    fn measure(&self, node: &TypeNode) -> (u32, u32, bool) {
        let children: Vec<TypeId> = match node {
            TypeNode::Vector(t) | TypeNode::Reference(t) | TypeNode::MutableReference(t) => {
                vec![*t]
            }
            TypeNode::Struct(_, args) => self.list(*args).to_vec(),
            TypeNode::Function(a, r, _) => {
                let mut v = self.list(*a).to_vec();
                v.extend_from_slice(self.list(*r));
                v
            }
            TypeNode::TypeParam(_) => return (1, 1, true),
            _ => return (1, 1, false),
        };
        let mut depth = 0;
        let mut nodes = 1u32;
        let mut params = false;
        for c in children {
            let info = self.info(c);
            depth = depth.max(info.depth);
            nodes = nodes.saturating_add(info.nodes);
            params |= info.has_type_params;
        }
        (depth.saturating_add(1), nodes, params)
    }

    /// Interns a list of types.
    pub fn intern_list(&mut self, types: &[TypeId]) -> TypeListId {
        if let Some(id) = self.list_index.get(types) {
            return *id;
        }
        let id = TypeListId(self.lists.len() as u32);
        let boxed: Box<[TypeId]> = types.into();
        self.lists.push(boxed.clone());
        self.list_index.insert(boxed, id);
        id
    }

    /// The information about a type. An id this table did not create (a caller's mistake)
    /// reads as an unbound type parameter, which every consumer rejects, instead of panicking.
    pub fn info(&self, id: TypeId) -> &TypeInfo {
        self.types.get(id.0 as usize).unwrap_or(&INVALID_TYPE)
    }

    /// The node of a type.
    pub fn node(&self, id: TypeId) -> &TypeNode {
        &self.info(id).node
    }

    /// The types of a list (empty for an id this table did not create).
    pub fn list(&self, id: TypeListId) -> &[TypeId] {
        self.lists.get(id.0 as usize).map_or(&[], |l| l)
    }

    /// Substitutes `args` for the type parameters of `ty`, enforcing `limits` on the result.
    pub fn substitute(
        &mut self,
        ty: TypeId,
        args: &[TypeId],
        limits: &TypeLimits,
    ) -> Result<TypeId, VmError> {
        let result = self.substitute_unchecked(ty, args)?;
        match limits.rules {
            LimitRules::Aptos => check_limits(self.info(result), limits)?,
            LimitRules::Sui { .. } => {
                // Sui counts a replaced type parameter as a node of its own, above the
                // argument's; its depth check cannot fail first (a path of `max_depth`
                // levels passes `max_nodes` nodes on the way).
                let nodes = self
                    .info(result)
                    .nodes
                    .saturating_add(self.param_occurrences(ty));
                if nodes > limits.max_nodes {
                    return Err(VmError::new(StatusCode::VM_MAX_TYPE_NODES_REACHED));
                }
            }
        }
        Ok(result)
    }

    /// How many times type parameters occur in `ty`.
    fn param_occurrences(&self, ty: TypeId) -> u32 {
        if !self.info(ty).has_type_params {
            return 0;
        }
        match self.node(ty) {
            TypeNode::TypeParam(_) => 1,
            TypeNode::Vector(t) | TypeNode::Reference(t) | TypeNode::MutableReference(t) => {
                self.param_occurrences(*t)
            }
            TypeNode::Struct(_, list) => self
                .list(*list)
                .iter()
                .fold(0u32, |n, t| n.saturating_add(self.param_occurrences(*t))),
            TypeNode::Function(a, r, _) => self
                .list(*a)
                .iter()
                .chain(self.list(*r))
                .fold(0u32, |n, t| n.saturating_add(self.param_occurrences(*t))),
            _ => 0,
        }
    }

    /// Sui's check of a generic call or pack: one plus the nodes of `first` and of `second`
    /// may not pass `limits.max_nodes` (`VM_MAX_TYPE_NODES_REACHED`). Nothing under the
    /// Aptos VM's rules.
    pub fn check_instantiation_nodes(
        &self,
        first: &[TypeId],
        second: &[TypeId],
        limits: &TypeLimits,
    ) -> Result<(), VmError> {
        if limits.rules == LimitRules::Aptos {
            return Ok(());
        }
        let mut sum = 1u32;
        for t in first.iter().chain(second) {
            sum = sum.saturating_add(self.info(*t).nodes);
            if sum > limits.max_nodes {
                return Err(VmError::new(StatusCode::VM_MAX_TYPE_NODES_REACHED));
            }
        }
        Ok(())
    }

    fn substitute_unchecked(&mut self, ty: TypeId, args: &[TypeId]) -> Result<TypeId, VmError> {
        if !self.info(ty).has_type_params {
            return Ok(ty);
        }
        let node = self.node(ty).clone();
        let new = match node {
            TypeNode::TypeParam(i) => {
                return args.get(usize::from(i)).copied().ok_or_else(|| {
                    VmError::new(StatusCode::UNKNOWN_INVARIANT_VIOLATION_ERROR)
                        .with_message(format!("type parameter {i} out of range"))
                })
            }
            TypeNode::Vector(t) => TypeNode::Vector(self.substitute_unchecked(t, args)?),
            TypeNode::Reference(t) => TypeNode::Reference(self.substitute_unchecked(t, args)?),
            TypeNode::MutableReference(t) => {
                TypeNode::MutableReference(self.substitute_unchecked(t, args)?)
            }
            TypeNode::Struct(s, list) => TypeNode::Struct(s, self.substitute_list(list, args)?),
            TypeNode::Function(a, r, ab) => {
                let a = self.substitute_list(a, args)?;
                let r = self.substitute_list(r, args)?;
                TypeNode::Function(a, r, ab)
            }
            other => other,
        };
        Ok(self.intern(new))
    }

    /// Substitutes into every type of a list.
    pub fn substitute_list(
        &mut self,
        list: TypeListId,
        args: &[TypeId],
    ) -> Result<TypeListId, VmError> {
        let items = self.list(list).to_vec();
        let mut out = Vec::with_capacity(items.len());
        for t in items {
            out.push(self.substitute_unchecked(t, args)?);
        }
        Ok(self.intern_list(&out))
    }
}

/// Checks an instantiated type against the runtime type limits, with the peer's statuses.
pub fn check_limits(info: &TypeInfo, limits: &TypeLimits) -> Result<(), VmError> {
    check_size(info.nodes, info.depth, limits)
}

/// Checks a type of `nodes` nodes and `depth` levels against the runtime type limits.
pub fn check_size(nodes: u32, depth: u32, limits: &TypeLimits) -> Result<(), VmError> {
    let info = (nodes, depth);
    if info.0 > limits.max_nodes {
        return Err(
            VmError::new(StatusCode::TOO_MANY_TYPE_NODES).with_message(format!(
                "Type size is larger than maximum {}",
                limits.max_nodes
            )),
        );
    }
    if info.1 > limits.max_depth {
        return Err(
            VmError::new(StatusCode::VM_MAX_TYPE_DEPTH_REACHED).with_message(format!(
                "Type depth is larger than maximum {}",
                limits.max_depth
            )),
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn primitives_are_pre_interned() {
        let mut t = TypeTable::new();
        assert_eq!(t.intern(TypeNode::U8), TypeId::U8);
        assert_eq!(t.node(TypeId::U8), &TypeNode::U8);
        assert_eq!(t.intern_list(&[]), TypeListId::EMPTY);
        for node in PRIMITIVES {
            let id = t.intern(node.clone());
            assert_eq!(primitive_id(&node), Some(id));
            assert_eq!(t.node(id), &node);
            assert_eq!(t.type_index.get(&node), Some(&id));
        }
        assert_eq!(primitive_id(&TypeNode::TypeParam(0)), None);
        assert_eq!(t.node(TypeId::BOOL), &TypeNode::Bool);
        assert_eq!(t.node(TypeId::SIGNER), &TypeNode::Signer);
        assert_eq!(t.node(TypeId::U64), &TypeNode::U64);
        assert_eq!(t.node(TypeId::I64), &TypeNode::I64);
        assert!(TypeId::SIGNER.is_primitive());
        let v = t.intern(TypeNode::Vector(TypeId::U8));
        assert_eq!(v, TypeId(PRIMITIVES.len() as u32));
        assert!(!v.is_primitive());
    }

    #[test]
    fn interning_and_substitution() {
        let mut t = TypeTable::new();
        let u64_ = t.intern(TypeNode::U64);
        let p0 = t.intern(TypeNode::TypeParam(0));
        let vp = t.intern(TypeNode::Vector(p0));
        assert!(t.info(vp).has_type_params);
        let vu = t.substitute(vp, &[u64_], &TypeLimits::default()).unwrap();
        assert_eq!(t.node(vu), &TypeNode::Vector(u64_));
        assert_eq!(t.intern(TypeNode::Vector(u64_)), vu);
        assert_eq!(t.info(vu).depth, 2);
        let mut deep = u64_;
        for _ in 0..25 {
            deep = t.intern(TypeNode::Vector(deep));
        }
        let err = check_limits(t.info(deep), &TypeLimits::default()).unwrap_err();
        assert_eq!(err.status(), StatusCode::VM_MAX_TYPE_DEPTH_REACHED);
        // Unknown ids never panic.
        assert!(matches!(t.node(TypeId(u32::MAX)), TypeNode::TypeParam(_)));
        assert!(t.list(TypeListId(u32::MAX)).is_empty());
    }
}
