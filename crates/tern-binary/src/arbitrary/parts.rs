//! The staged generation of a module: a [`Shape`] (table sizes and struct layouts), then the
//! table contents ([`Parts`]) consistent with it, then the code units, which need the concrete
//! signatures to know how many locals each function has.

use super::code::CodeContext;
use super::{arb_abilities, arb_signature, arb_signature_token};
use crate::index::*;
use crate::model::*;
use proptest::collection::vec;
use proptest::prelude::*;
use proptest::sample::{select, subsequence};
use std::sync::Arc;
use tern_primitives::{AbilitySet, AccountAddress, Identifier};

/// The layout of one struct definition: a plain struct with `n` fields or an enum with the
/// given field count per variant.
#[derive(Debug, Clone)]
pub(crate) enum DefShape {
    Declared(usize),
    Enum(Vec<usize>),
}

/// Table sizes decided first.
#[derive(Debug, Clone)]
pub(crate) struct Shape {
    pub(crate) n_ident: usize,
    pub(crate) n_addr: usize,
    pub(crate) n_mh: usize,
    pub(crate) struct_tparams: Arc<Vec<u8>>,
    pub(crate) fn_tparams: u16,
    pub(crate) n_sig: usize,
    pub(crate) defs: Arc<Vec<DefShape>>,
    pub(crate) n_fh: usize,
    pub(crate) n_fdef: usize,
}

/// Visibility, entry flag, acquires and nativeness of a function definition.
#[derive(Debug, Clone)]
pub(crate) struct FdefHead {
    visibility: Visibility,
    is_entry: bool,
    acquires: Vec<StructDefinitionIndex>,
    native: bool,
}

/// Every table of the module except the code units.
#[derive(Debug, Clone)]
pub(crate) struct Parts {
    pub(crate) shape: Shape,
    pub(crate) module: CompiledModule,
    fdef_heads: Vec<FdefHead>,
}

/// Identifiers of every accepted form: `[a-zA-Z][a-zA-Z0-9_$]*`, `[_$][a-zA-Z0-9_$]+`,
/// `<SELF>`, `<SELF>_N`.
pub fn arb_identifier() -> impl Strategy<Value = Identifier> {
    prop_oneof![
        4 => "[a-zA-Z][a-zA-Z0-9_$]{0,10}",
        1 => "[_$][a-zA-Z0-9_$]{1,8}",
        1 => Just("<SELF>".to_string()),
        1 => "<SELF>_[0-9]{1,3}",
    ]
    .prop_filter_map("valid identifier", |s| Identifier::new(s).ok())
}

fn arb_def_shape() -> impl Strategy<Value = DefShape> {
    prop_oneof![
        (0usize..4).prop_map(DefShape::Declared),
        vec(0usize..3, 1..4).prop_map(DefShape::Enum),
    ]
}

/// Sizes: at least one plain struct with a field and one enum whose first variant has a field,
/// so every table (and so every instruction) can be populated.
pub(crate) fn arb_shape() -> impl Strategy<Value = Shape> {
    let defs = (
        1usize..4,
        1usize..3,
        vec(0usize..3, 0..3),
        vec(arb_def_shape(), 0..3),
    )
        .prop_map(|(n0, first, more, extra)| {
            let mut variants = vec![first];
            variants.extend(more);
            let mut defs = vec![DefShape::Declared(n0), DefShape::Enum(variants)];
            defs.extend(extra);
            Arc::new(defs)
        });
    let sizes = (
        1usize..10,
        1usize..4,
        1usize..5,
        vec(0u8..3, 1..6),
        0u16..3,
        1usize..8,
    );
    (sizes, defs, 1usize..6)
        .prop_flat_map(|(sizes, defs, n_fh)| (Just((sizes, defs, n_fh)), 1..=n_fh))
        .prop_map(
            |(((n_ident, n_addr, n_mh, st, t, n_sig), defs, n_fh), n_fdef)| Shape {
                n_ident,
                n_addr,
                n_mh,
                struct_tparams: Arc::new(st),
                fn_tparams: t,
                n_sig,
                defs,
                n_fh,
                n_fdef,
            },
        )
}

/// Indices `0..n` (n is small and at least 1 here).
fn idx(n: usize) -> impl Strategy<Value = u16> {
    0..(n.clamp(1, 65535) as u16)
}

fn arb_attribute() -> impl Strategy<Value = FunctionAttribute> {
    use FunctionAttribute as A;
    prop_oneof![
        Just(A::Persistent),
        Just(A::ModuleLock),
        Just(A::Pack),
        any::<u16>().prop_map(A::PackVariant),
        Just(A::Unpack),
        any::<u16>().prop_map(A::UnpackVariant),
        any::<u16>().prop_map(A::TestVariant),
        any::<u16>().prop_map(A::BorrowFieldImmutable),
        any::<u16>().prop_map(A::BorrowFieldMutable),
    ]
}

/// Access specifier lists (indices are arbitrary: the format does not bounds-check them).
pub(crate) fn arb_access_specifiers() -> impl Strategy<Value = Option<Vec<AccessSpecifier>>> {
    let resource = prop_oneof![
        Just(ResourceSpecifier::Any),
        any::<u16>().prop_map(|i| ResourceSpecifier::DeclaredAtAddress(AddressIdentifierIndex(i))),
        any::<u16>().prop_map(|i| ResourceSpecifier::DeclaredInModule(ModuleHandleIndex(i))),
        any::<u16>().prop_map(|i| ResourceSpecifier::Resource(StructHandleIndex(i))),
        (any::<u16>(), any::<u16>()).prop_map(|(s, g)| {
            ResourceSpecifier::ResourceInstantiation(StructHandleIndex(s), SignatureIndex(g))
        }),
    ];
    let address = prop_oneof![
        Just(AddressSpecifier::Any),
        any::<u16>().prop_map(|i| AddressSpecifier::Literal(AddressIdentifierIndex(i))),
        (any::<u8>(), proptest::option::of(any::<u16>())).prop_map(|(l, f)| {
            AddressSpecifier::Parameter(l, f.map(FunctionInstantiationIndex))
        }),
    ];
    let kind = prop_oneof![Just(AccessKind::Reads), Just(AccessKind::Writes)];
    let spec =
        (kind, any::<bool>(), resource, address).prop_map(|(kind, negated, resource, address)| {
            AccessSpecifier {
                kind,
                negated,
                resource,
                address,
            }
        });
    proptest::option::of(vec(spec, 0..3))
}

fn arb_struct_handles(s: &Shape) -> Vec<BoxedStrategy<StructHandle>> {
    let (n_mh, n_ident) = (s.n_mh, s.n_ident);
    s.struct_tparams
        .iter()
        .map(|k| {
            let tps = vec((arb_abilities(), any::<bool>()), usize::from(*k));
            (idx(n_mh), idx(n_ident), arb_abilities(), tps)
                .prop_map(|(m, n, abilities, tps)| StructHandle {
                    module: ModuleHandleIndex(m),
                    name: IdentifierIndex(n),
                    abilities,
                    type_parameters: tps
                        .into_iter()
                        .map(|(constraints, is_phantom)| StructTypeParameter {
                            constraints,
                            is_phantom,
                        })
                        .collect(),
                })
                .boxed()
        })
        .collect()
}

fn arb_function_handle(s: &Shape) -> impl Strategy<Value = FunctionHandle> {
    let tps = vec(arb_abilities(), usize::from(s.fn_tparams));
    let attrs = vec(arb_attribute(), 0..3);
    let (n_mh, n_ident, n_sig) = (s.n_mh, s.n_ident, s.n_sig);
    (
        idx(n_mh),
        idx(n_ident),
        idx(n_sig),
        idx(n_sig),
        tps,
        arb_access_specifiers(),
        attrs,
    )
        .prop_map(|(m, n, p, r, tps, access, attrs)| FunctionHandle {
            module: ModuleHandleIndex(m),
            name: IdentifierIndex(n),
            parameters: SignatureIndex(p),
            return_: SignatureIndex(r),
            type_parameters: tps,
            access_specifiers: access,
            attributes: attrs,
        })
}

fn arb_fields(s: &Shape, tparams: u8, n: usize) -> impl Strategy<Value = Vec<FieldDefinition>> {
    let tok = arb_signature_token(s.struct_tparams.clone(), u16::from(tparams));
    vec((idx(s.n_ident), tok), n).prop_map(|fields| {
        fields
            .into_iter()
            .map(|(name, type_)| FieldDefinition {
                name: IdentifierIndex(name),
                type_,
            })
            .collect()
    })
}

fn arb_struct_defs(s: &Shape) -> Vec<BoxedStrategy<StructDefinition>> {
    let n_sh = s.struct_tparams.len().max(1);
    s.defs
        .iter()
        .enumerate()
        .map(|(i, def)| {
            let h = i % n_sh;
            let k = s.struct_tparams.get(h).copied().unwrap_or(0);
            let info = match def {
                DefShape::Declared(n) => arb_fields(s, k, *n)
                    .prop_map(StructFieldInformation::Declared)
                    .boxed(),
                DefShape::Enum(vs) => {
                    let variants: Vec<_> = vs
                        .iter()
                        .map(|n| {
                            (idx(s.n_ident), arb_fields(s, k, *n)).prop_map(|(name, fields)| {
                                VariantDefinition {
                                    name: IdentifierIndex(name),
                                    fields,
                                }
                            })
                        })
                        .collect();
                    variants
                        .prop_map(StructFieldInformation::DeclaredVariants)
                        .boxed()
                }
            };
            info.prop_map(move |field_information| StructDefinition {
                struct_handle: StructHandleIndex(h as u16),
                field_information,
            })
            .boxed()
        })
        .collect()
}

fn arb_pairs(a: usize, b: usize) -> impl Strategy<Value = Vec<(u16, u16)>> {
    vec((idx(a), idx(b)), 1..3)
}

/// Field handles on plain structs with at least one field.
fn arb_field_handles(s: &Shape) -> impl Strategy<Value = Vec<FieldHandle>> {
    let cands: Vec<(u16, usize)> = s
        .defs
        .iter()
        .enumerate()
        .filter_map(|(i, d)| match d {
            DefShape::Declared(n) if *n > 0 => Some((i as u16, *n)),
            _ => None,
        })
        .collect();
    let one = select(cands).prop_flat_map(|(d, n)| {
        (0..n as u16).prop_map(move |field| FieldHandle {
            owner: StructDefinitionIndex(d),
            field,
        })
    });
    vec(one, 1..3)
}

/// Variant field handles: a field offset and a non-empty set of variants that all have it.
fn arb_variant_field_handles(s: &Shape) -> impl Strategy<Value = Vec<VariantFieldHandle>> {
    let mut cands: Vec<(u16, u16, Vec<u16>)> = Vec::new();
    for (i, d) in s.defs.iter().enumerate() {
        if let DefShape::Enum(vs) = d {
            let max = vs.iter().copied().max().unwrap_or(0);
            for f in 0..max {
                let elig: Vec<u16> = (0..vs.len())
                    .filter(|v| vs[*v] > f)
                    .map(|v| v as u16)
                    .collect();
                cands.push((i as u16, f as u16, elig));
            }
        }
    }
    let one = select(cands).prop_flat_map(|(d, f, elig)| {
        let n = elig.len();
        subsequence(elig, 1..=n).prop_map(move |variants| VariantFieldHandle {
            struct_index: StructDefinitionIndex(d),
            variants,
            field: f,
        })
    });
    vec(one, 1..3)
}

fn arb_struct_variant_handles(s: &Shape) -> impl Strategy<Value = Vec<StructVariantHandle>> {
    let mut cands = Vec::new();
    for (i, d) in s.defs.iter().enumerate() {
        if let DefShape::Enum(vs) = d {
            cands.extend((0..vs.len()).map(|v| StructVariantHandle {
                struct_index: StructDefinitionIndex(i as u16),
                variant: v as u16,
            }));
        }
    }
    vec(select(cands), 1..3)
}

fn arb_fdef_heads(s: &Shape) -> impl Strategy<Value = Vec<FdefHead>> {
    let vis = prop_oneof![
        Just(Visibility::Private),
        Just(Visibility::Public),
        Just(Visibility::Friend)
    ];
    let n_sdef = s.defs.len();
    let head = (
        vis,
        any::<bool>(),
        vec(idx(n_sdef), 0..2),
        prop::bool::weighted(0.2),
    )
        .prop_map(|(visibility, is_entry, acq, native)| FdefHead {
            visibility,
            is_entry,
            acquires: acq.into_iter().map(StructDefinitionIndex).collect(),
            native,
        });
    vec(head, s.n_fdef)
}

/// All tables of the module except the code units.
pub(crate) fn arb_parts(s: Shape) -> BoxedStrategy<Parts> {
    let st = s.struct_tparams.clone();
    let (n_addr, n_ident, n_sig) = (s.n_addr, s.n_ident, s.n_sig);
    let g1 = (
        vec(arb_identifier(), s.n_ident),
        vec(any::<[u8; 32]>().prop_map(AccountAddress::new), s.n_addr),
        vec((idx(n_addr), idx(n_ident)), s.n_mh),
        idx(s.n_mh),
        arb_struct_handles(&s),
        vec(arb_signature(st.clone(), s.fn_tparams), s.n_sig),
    );
    let constant = (arb_signature_token(st, 0), vec(any::<u8>(), 0..8))
        .prop_map(|(type_, data)| Constant { type_, data });
    let metadata = (vec(any::<u8>(), 0..8), vec(any::<u8>(), 0..8))
        .prop_map(|(key, value)| Metadata { key, value });
    let g2 = (
        vec(constant, 1..3),
        vec(metadata, 0..3),
        vec(arb_function_handle(&s), s.n_fh),
        arb_pairs(s.n_fh, n_sig),
        arb_struct_defs(&s),
        arb_pairs(s.defs.len(), n_sig),
    );
    let with_insts = move |n: usize| arb_pairs(n, n_sig);
    let g3 = (
        arb_field_handles(&s).prop_flat_map(move |h| (arb_pairs(h.len(), n_sig), Just(h))),
        vec((idx(n_addr), idx(n_ident)), 0..3),
        arb_variant_field_handles(&s).prop_flat_map(move |h| (with_insts(h.len()), Just(h))),
        arb_struct_variant_handles(&s).prop_flat_map(move |h| (with_insts(h.len()), Just(h))),
        arb_fdef_heads(&s),
    );
    (g1, g2, g3)
        .prop_map(move |(g1, g2, g3)| assemble(s.clone(), g1, g2, g3))
        .boxed()
}

type G1 = (
    Vec<Identifier>,
    Vec<AccountAddress>,
    Vec<(u16, u16)>,
    u16,
    Vec<StructHandle>,
    Vec<Signature>,
);
type G2 = (
    Vec<Constant>,
    Vec<Metadata>,
    Vec<FunctionHandle>,
    Vec<(u16, u16)>,
    Vec<StructDefinition>,
    Vec<(u16, u16)>,
);
type G3 = (
    (Vec<(u16, u16)>, Vec<FieldHandle>),
    Vec<(u16, u16)>,
    (Vec<(u16, u16)>, Vec<VariantFieldHandle>),
    (Vec<(u16, u16)>, Vec<StructVariantHandle>),
    Vec<FdefHead>,
);

fn module_handles(pairs: Vec<(u16, u16)>) -> Vec<ModuleHandle> {
    pairs
        .into_iter()
        .map(|(a, n)| ModuleHandle {
            address: AddressIdentifierIndex(a),
            name: IdentifierIndex(n),
        })
        .collect()
}

fn assemble(shape: Shape, g1: G1, g2: G2, g3: G3) -> Parts {
    let (identifiers, address_identifiers, mh, self_idx, struct_handles, signatures) = g1;
    let (constant_pool, metadata, function_handles, fi, struct_defs, sdi) = g2;
    let ((fli, field_handles), friends, (vfi, vfh), (svi, svh), fdef_heads) = g3;
    let module = CompiledModule {
        flavor: tern_primitives::Flavor::Aptos,
        version: crate::VERSION_MAX,
        self_module_handle_idx: ModuleHandleIndex(self_idx),
        module_handles: module_handles(mh),
        struct_handles,
        function_handles,
        field_handles,
        friend_decls: module_handles(friends),
        struct_def_instantiations: map_pairs(sdi, |a, b| StructDefInstantiation {
            def: StructDefinitionIndex(a),
            type_parameters: SignatureIndex(b),
        }),
        function_instantiations: map_pairs(fi, |a, b| FunctionInstantiation {
            handle: FunctionHandleIndex(a),
            type_parameters: SignatureIndex(b),
        }),
        field_instantiations: map_pairs(fli, |a, b| FieldInstantiation {
            handle: FieldHandleIndex(a),
            type_parameters: SignatureIndex(b),
        }),
        signatures,
        identifiers,
        address_identifiers,
        constant_pool,
        metadata,
        struct_defs,
        function_defs: Vec::new(),
        variant_field_handles: vfh,
        variant_field_instantiations: map_pairs(vfi, |a, b| VariantFieldInstantiation {
            handle: VariantFieldHandleIndex(a),
            type_parameters: SignatureIndex(b),
        }),
        struct_variant_handles: svh,
        struct_variant_instantiations: map_pairs(svi, |a, b| StructVariantInstantiation {
            handle: StructVariantHandleIndex(a),
            type_parameters: SignatureIndex(b),
        }),
        enum_defs: Vec::new(),
        enum_def_instantiations: Vec::new(),
        variant_handles: Vec::new(),
        variant_instantiation_handles: Vec::new(),
    };
    Parts {
        shape,
        module,
        fdef_heads,
    }
}

fn map_pairs<T>(pairs: Vec<(u16, u16)>, f: impl Fn(u16, u16) -> T) -> Vec<T> {
    pairs.into_iter().map(|(a, b)| f(a, b)).collect()
}

/// The number of tokens of signature `i` (0 when out of range).
fn sig_len(m: &CompiledModule, i: SignatureIndex) -> usize {
    m.signatures.get(i.idx()).map_or(0, Signature::len)
}

/// A code unit whose locals and branch targets are in range.
fn arb_code_unit(
    ctx: CodeContext,
    params: usize,
    sig_lens: Arc<Vec<usize>>,
) -> impl Strategy<Value = CodeUnit> {
    (idx(sig_lens.len()), 1usize..12).prop_flat_map(move |(locals, len)| {
        let mut c = ctx;
        c.locals = params + sig_lens.get(usize::from(locals)).copied().unwrap_or(0);
        c.code_len = len;
        let instr = (0usize..104, any::<u64>(), any::<u64>(), any::<[u8; 32]>());
        vec(instr, len).prop_map(move |ops| CodeUnit {
            locals: SignatureIndex(locals),
            code: ops
                .into_iter()
                .map(|(op, pick, imm, wide)| c.instruction(op, pick, imm, wide))
                .collect(),
            jump_tables: vec![],
        })
    })
}

/// Table sizes of a module for instruction operands.
fn module_context(m: &CompiledModule) -> CodeContext {
    CodeContext {
        constants: m.constant_pool.len(),
        field_handles: m.field_handles.len(),
        field_instantiations: m.field_instantiations.len(),
        function_handles: m.function_handles.len(),
        function_instantiations: m.function_instantiations.len(),
        struct_defs: m.struct_defs.len(),
        struct_def_instantiations: m.struct_def_instantiations.len(),
        signatures: m.signatures.len(),
        variant_field_handles: m.variant_field_handles.len(),
        variant_field_instantiations: m.variant_field_instantiations.len(),
        struct_variant_handles: m.struct_variant_handles.len(),
        struct_variant_instantiations: m.struct_variant_instantiations.len(),
        locals: 0,
        code_len: 0,
    }
}

/// Adds function definitions (definition `i` uses handle `i`) with generated code.
pub(crate) fn arb_module_from_parts(p: Parts) -> BoxedStrategy<CompiledModule> {
    let ctx = module_context(&p.module);
    let sig_lens: Arc<Vec<usize>> =
        Arc::new(p.module.signatures.iter().map(Signature::len).collect());
    let codes: Vec<BoxedStrategy<Option<CodeUnit>>> = p
        .fdef_heads
        .iter()
        .enumerate()
        .map(|(i, head)| {
            if head.native {
                return Just(None).boxed();
            }
            let params = p
                .module
                .function_handles
                .get(i)
                .map_or(0, |h| sig_len(&p.module, h.parameters));
            arb_code_unit(ctx, params, sig_lens.clone())
                .prop_map(Some)
                .boxed()
        })
        .collect();
    (Just(p), codes)
        .prop_map(|(p, codes)| {
            let mut m = p.module;
            m.function_defs = p
                .fdef_heads
                .into_iter()
                .zip(codes)
                .enumerate()
                .map(|(i, (h, code))| FunctionDefinition {
                    function: FunctionHandleIndex(i as u16),
                    visibility: h.visibility,
                    is_entry: h.is_entry,
                    acquires_global_resources: h.acquires,
                    code,
                })
                .collect();
            m
        })
        .boxed()
}

/// A script over the shared tables of `p`.
pub(crate) fn arb_script_from_parts(
    p: Parts,
    type_parameters: Vec<AbilitySet>,
    parameters: u16,
    access_specifiers: Option<Vec<AccessSpecifier>>,
) -> impl Strategy<Value = CompiledScript> {
    let m = &p.module;
    let ctx = CodeContext {
        constants: m.constant_pool.len(),
        function_handles: m.function_handles.len(),
        function_instantiations: m.function_instantiations.len(),
        signatures: m.signatures.len(),
        ..CodeContext::default()
    };
    let sig_lens: Arc<Vec<usize>> = Arc::new(m.signatures.iter().map(Signature::len).collect());
    let params = sig_len(m, SignatureIndex(parameters));
    arb_code_unit(ctx, params, sig_lens).prop_map(move |code| {
        let m = p.module.clone();
        CompiledScript {
            version: crate::VERSION_MAX,
            module_handles: m.module_handles,
            struct_handles: m.struct_handles,
            function_handles: m.function_handles,
            function_instantiations: m.function_instantiations,
            signatures: m.signatures,
            identifiers: m.identifiers,
            address_identifiers: m.address_identifiers,
            constant_pool: m.constant_pool,
            metadata: m.metadata,
            code,
            type_parameters: type_parameters.clone(),
            parameters: SignatureIndex(parameters),
            access_specifiers: access_specifiers.clone(),
        }
    })
}
