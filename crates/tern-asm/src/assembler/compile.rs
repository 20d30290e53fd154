//! The assembler proper: walks the syntax tree in the peer's order (aliases, friends, struct
//! declarations, function declarations, then — only if nothing failed so far — struct layouts
//! and function bodies), collecting every semantic error.

use super::ast::{Decl, FunDecl, Layout, QName, StructDecl, Type, TypeParam, Unit};
use super::errors::{Diag, Span};
use super::resolve::{Builder, DatatypeDef};
use super::CompiledUnit;
use std::collections::{BTreeMap, HashMap};
use tern_binary::*;

/// Assembles a parsed unit.
pub(crate) fn compile(
    unit: &Unit,
    version: u32,
    deps: &[&CompiledModule],
) -> Result<CompiledUnit, Vec<Diag>> {
    let builder = Builder::new(unit.module.as_ref(), unit.flavor, version, deps)
        .map_err(|e| vec![Diag::new(Span::ZERO, e)])?;
    let mut asm = Assembler {
        b: builder,
        diags: vec![],
        ctx: Context::default(),
        datatypes: vec![],
    };
    asm.unit(unit);
    if !asm.diags.is_empty() {
        return Err(asm.diags);
    }
    let result = if unit.module.is_some() {
        asm.b.into_module().map(CompiledUnit::Module)
    } else {
        asm.b.into_script().map(CompiledUnit::Script)
    };
    result.map_err(|e| vec![Diag::new(Span::ZERO, e)])
}

/// Names in scope while translating one struct or function.
#[derive(Default)]
pub(crate) struct Context {
    ty_params: HashMap<String, u16>,
    /// Locals by name: index and type. A later declaration of a name replaces the earlier.
    pub(crate) locals: BTreeMap<String, (LocalIndex, SignatureToken)>,
}

pub(crate) struct Assembler<'d> {
    pub(crate) b: Builder<'d>,
    pub(crate) diags: Vec<Diag>,
    pub(crate) ctx: Context,
    /// Where each struct or enum of the unit was declared (`None` if its declaration failed).
    datatypes: Vec<Option<DatatypeDef>>,
}

impl Assembler<'_> {
    pub(crate) fn error(&mut self, loc: Span, message: impl Into<String>) {
        self.diags.push(Diag::new(loc, message));
    }

    /// Records the error of `res` at `loc`, if any.
    pub(crate) fn check<T>(&mut self, loc: Span, res: Result<T, String>) -> Option<T> {
        match res {
            Ok(v) => Some(v),
            Err(e) => {
                self.error(loc, e);
                None
            }
        }
    }

    fn unit(&mut self, unit: &Unit) {
        for (name, addr) in &unit.address_aliases {
            let res = self.b.declare_address_alias(name, *addr);
            self.check(Span::ZERO, res);
        }
        for (name, module) in &unit.module_aliases {
            let res = self.b.declare_module_alias(name, module);
            self.check(Span::ZERO, res);
        }
        for module in &unit.friends {
            let res = self.b.declare_friend(module);
            self.check(Span::ZERO, res);
        }
        unit.structs.iter().for_each(|s| self.declare_struct(s));
        unit.functions.iter().for_each(|f| self.declare_fun(f));
        if !self.diags.is_empty() {
            return;
        }
        for (def, s) in std::mem::take(&mut self.datatypes)
            .into_iter()
            .zip(&unit.structs)
        {
            if let Some(def) = def {
                self.define_struct(def, s);
            }
        }
        for (pos, f) in unit.functions.iter().enumerate() {
            self.define_fun(FunctionDefinitionIndex((pos & 0xFFFF) as u16), f);
        }
    }

    // ---------------------------------------------------------------------------------------
    // Scopes

    fn setup_type_params(&mut self, params: &[TypeParam]) {
        self.ctx = Context {
            ty_params: params
                .iter()
                .enumerate()
                .map(|(pos, p)| (p.name.clone(), (pos & 0xFFFF) as u16))
                .collect(),
            locals: BTreeMap::new(),
        };
    }

    fn setup_fun(&mut self, fun: &FunDecl) {
        self.setup_type_params(&fun.type_params);
        let mut locals = BTreeMap::new();
        for (pos, decl) in fun.params.iter().chain(&fun.locals).enumerate() {
            let ty = self.build_type(decl.loc, &decl.ty);
            // Local indices are bytes; like the peer, larger positions wrap.
            locals.insert(decl.name.clone(), ((pos & 0xFF) as u8, ty));
        }
        self.ctx.locals = locals;
    }

    // ---------------------------------------------------------------------------------------
    // Structs

    fn declare_struct(&mut self, s: &StructDecl) {
        self.setup_type_params(&s.type_params);
        let params = s
            .type_params
            .iter()
            .map(|p| StructTypeParameter {
                constraints: p.constraints,
                is_phantom: p.is_phantom,
            })
            .collect();
        let is_enum = matches!(s.layout, Layout::Variants(_));
        let res = self.b.declare_struct(&s.name, params, s.abilities, is_enum);
        let def = self.check(s.loc, res);
        self.datatypes.push(def);
    }

    fn define_struct(&mut self, def: DatatypeDef, s: &StructDecl) {
        self.setup_type_params(&s.type_params);
        let info = match &s.layout {
            Layout::Fields(fields) => StructFieldInformation::Declared(self.fields(fields)),
            Layout::Native => StructFieldInformation::Native,
            Layout::Variants(variants) => {
                let mut result = vec![];
                for v in variants {
                    let res = self.b.tables.name_index(&v.name);
                    if let Some(name) = self.check(v.loc, res) {
                        let fields = self.fields(&v.fields);
                        result.push(VariantDefinition { name, fields });
                    }
                }
                StructFieldInformation::DeclaredVariants(result)
            }
        };
        match (def, info) {
            (DatatypeDef::Enum(idx), StructFieldInformation::DeclaredVariants(variants)) => {
                self.b.define_enum(idx, variants)
            }
            (DatatypeDef::Struct(idx), info) => self.b.define_layout(idx, info),
            (DatatypeDef::Enum(_), _) => {}
        }
    }

    fn fields(&mut self, fields: &[Decl]) -> Vec<FieldDefinition> {
        let mut result = vec![];
        for field in fields {
            let res = self.b.tables.name_index(&field.name);
            if let Some(name) = self.check(field.loc, res) {
                let type_ = self.build_type(field.loc, &field.ty);
                result.push(FieldDefinition { name, type_ });
            }
        }
        result
    }

    // ---------------------------------------------------------------------------------------
    // Functions

    fn declare_fun(&mut self, fun: &FunDecl) {
        self.setup_fun(fun);
        let params: Vec<_> = fun
            .params
            .iter()
            .map(|d| self.build_type(fun.loc, &d.ty))
            .collect();
        let res = self.b.tables.signature_index(params);
        let parameters = self.check(fun.loc, res).unwrap_or_default();
        let results: Vec<_> = fun
            .result
            .iter()
            .map(|t| self.build_type(fun.loc, t))
            .collect();
        let res = self.b.tables.signature_index(results);
        let return_ = self.check(fun.loc, res).unwrap_or_default();
        let acquires: Result<Vec<_>, _> = fun
            .acquires
            .iter()
            .map(|n| self.b.resolve_struct_def(n))
            .collect();
        let acquires = self.check(fun.loc, acquires).unwrap_or_default();
        let handle = FunctionHandle {
            module: ModuleHandleIndex(0),
            name: IdentifierIndex(0),
            parameters,
            return_,
            type_parameters: fun.type_params.iter().map(|p| p.constraints).collect(),
            access_specifiers: None,
            attributes: fun.attributes.clone(),
        };
        let def = FunctionDefinition {
            function: FunctionHandleIndex(0),
            visibility: fun.visibility,
            is_entry: fun.is_entry,
            acquires_global_resources: acquires,
            code: None,
        };
        let res = self.b.declare_fun(&fun.name, handle, def);
        self.check(fun.loc, res);
    }

    fn define_fun(&mut self, idx: FunctionDefinitionIndex, fun: &FunDecl) {
        if fun.instrs.is_empty() {
            return;
        }
        self.setup_fun(fun);
        let mut labels = Labels::default();
        let mut code = vec![];
        let mut has_errors = false;
        for (offs, instr) in fun.instrs.iter().enumerate() {
            let offs = (offs & 0xFFFF) as u16;
            if let Some(label) = &instr.label {
                labels.defs.insert(label.clone(), offs);
            }
            match self.build_instr(instr, offs, &mut labels) {
                Some(bc) => code.push(bc),
                None => has_errors = true,
            }
        }
        if has_errors {
            return;
        }
        self.link_branches(&labels, &mut code);
        let jump_tables = self.link_jump_tables(&labels);
        let start = fun.params.len();
        let mut locals: Vec<(LocalIndex, SignatureToken)> = self
            .ctx
            .locals
            .values()
            .filter(|(i, _)| usize::from(*i) >= start)
            .cloned()
            .collect();
        locals.sort_by_key(|(i, _)| *i);
        let res = self
            .b
            .tables
            .signature_index(locals.into_iter().map(|(_, t)| t).collect());
        if let Some(locals) = self.check(fun.loc, res) {
            self.b.define_code(
                idx,
                CodeUnit {
                    locals,
                    code,
                    jump_tables,
                },
            );
        }
    }

    fn link_branches(&mut self, labels: &Labels, code: &mut [Bytecode]) {
        for (offs, (loc, label)) in &labels.open {
            let Some(target) = labels.defs.get(label) else {
                self.error(*loc, format!("unbound branch label `{label}`"));
                continue;
            };
            if let Some(Bytecode::Branch(t) | Bytecode::BrTrue(t) | Bytecode::BrFalse(t)) =
                code.get_mut(usize::from(*offs))
            {
                *t = *target;
            }
        }
    }

    /// The jump tables of `variant_switch` instructions, their labels resolved.
    fn link_jump_tables(&mut self, labels: &Labels) -> Vec<VariantJumpTable> {
        let mut tables = vec![];
        for (loc, head_enum, names) in &labels.jump_tables {
            let mut targets = vec![];
            for label in names {
                match labels.defs.get(label) {
                    Some(target) => targets.push(*target),
                    None => self.error(*loc, format!("unbound branch label `{label}`")),
                }
            }
            tables.push(VariantJumpTable {
                head_enum: *head_enum,
                targets,
            });
        }
        tables
    }

    // ---------------------------------------------------------------------------------------
    // Types

    /// Translates a type; errors are recorded at `loc` and a placeholder (`bool`) is returned.
    pub(crate) fn build_type(&mut self, loc: Span, ty: &Type) -> SignatureToken {
        use SignatureToken as S;
        match ty {
            Type::Ref(is_mut, inner) => {
                let inner = Box::new(self.build_type(loc, inner));
                if *is_mut {
                    S::MutableReference(inner)
                } else {
                    S::Reference(inner)
                }
            }
            Type::Func(args, results, abilities) => S::Function(
                args.iter().map(|t| self.build_type(loc, t)).collect(),
                results.iter().map(|t| self.build_type(loc, t)).collect(),
                *abilities,
            ),
            Type::Named(name, args) => self.named_type(loc, name, args.as_deref()),
        }
    }

    fn named_type(&mut self, loc: Span, name: &QName, args: Option<&[Type]>) -> SignatureToken {
        use SignatureToken as S;
        let Some(simple) = name.simple() else {
            return self.struct_type(loc, name, args);
        };
        if let Some(idx) = self.ctx.ty_params.get(simple) {
            return S::TypeParameter(*idx);
        }
        let builtin = match simple {
            "bool" => S::Bool,
            "u8" => S::U8,
            "u16" => S::U16,
            "u32" => S::U32,
            "u64" => S::U64,
            "u128" => S::U128,
            "u256" => S::U256,
            "i8" => S::I8,
            "i16" => S::I16,
            "i32" => S::I32,
            "i64" => S::I64,
            "i128" => S::I128,
            "i256" => S::I256,
            "address" => S::Address,
            "signer" => S::Signer,
            "vector" => return self.vector_type(loc, args),
            _ => return self.struct_type(loc, name, args),
        };
        if args.is_some() {
            self.error(loc, "no type arguments expected");
        }
        builtin
    }

    fn vector_type(&mut self, loc: Span, args: Option<&[Type]>) -> SignatureToken {
        match args {
            Some([elem]) => SignatureToken::Vector(Box::new(self.build_type(loc, elem))),
            _ => {
                self.error(loc, "expected 1 type arguments");
                SignatureToken::Bool
            }
        }
    }

    fn struct_type(&mut self, loc: Span, name: &QName, args: Option<&[Type]>) -> SignatureToken {
        let res = self.b.resolve_struct(name.address, &name.parts);
        let Some(handle) = self.check(loc, res) else {
            return SignatureToken::Bool;
        };
        match args {
            Some(args) => {
                let args = args.iter().map(|t| self.build_type(loc, t)).collect();
                SignatureToken::StructInstantiation(handle, args)
            }
            None => SignatureToken::Struct(handle),
        }
    }
}

/// Label definitions and branches waiting for a forward label, while assembling a body.
#[derive(Default)]
pub(crate) struct Labels {
    /// Latest definition of each label so far.
    pub(crate) defs: HashMap<String, CodeOffset>,
    /// Forward branches: instruction offset to (span, label).
    pub(crate) open: BTreeMap<CodeOffset, (Span, String)>,
    /// The jump tables of the body's `variant_switch` instructions, in order: the span of the
    /// instruction, the enum switched on and the label of each variant's target.
    pub(crate) jump_tables: Vec<(Span, EnumDefinitionIndex, Vec<String>)>,
}
