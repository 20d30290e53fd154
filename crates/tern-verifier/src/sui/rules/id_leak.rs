//! UIDs never leak: an object (a struct with `key`) may only be packed with a UID that comes
//! straight from a function that makes a fresh one (`sui::object::new`,
//! `sui::object::new_uid_from_hash`, `sui::derived_object::claim`,
//! `sui::test_scenario::new_object`).
//!
//! An abstract interpretation over the function's blocks tracks, for each stack slot and local,
//! whether it holds such a fresh UID; any other value, including a UID taken out of an object
//! by `unpack`, is "other". The functions that create the system's singleton objects are not
//! checked.

use super::{is, RuleError, RuleResult, View, BRIDGE, SUI_FRAMEWORK, SUI_SYSTEM};
use crate::absint::{analyze, Domain, FunctionView, Transfer};
use crate::cfg::Cfg;
use crate::error::VResult;
use crate::meter::Meter;
use tern_binary::{
    BinaryTables, Bytecode, CodeOffset, FunctionDefinition, StructDefinition,
    StructFieldInformation,
};
use tern_primitives::{Ability, AccountAddress, StatusCode, VmError};

/// What a slot holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Value {
    /// A UID fresh from one of the creating functions.
    Fresh,
    /// Anything else.
    Other,
}

impl Value {
    fn join(self, other: Value) -> Value {
        if self == other {
            self
        } else {
            Value::Other
        }
    }
}

/// The functions whose result is a fresh UID.
const FRESH_ID_FUNCTIONS: [(AccountAddress, &str, &str); 4] = [
    (SUI_FRAMEWORK, "object", "new"),
    (SUI_FRAMEWORK, "object", "new_uid_from_hash"),
    (SUI_FRAMEWORK, "derived_object", "claim"),
    (SUI_FRAMEWORK, "test_scenario", "new_object"),
];

/// The functions that create the system's singleton objects (not checked).
const FUNCTIONS_TO_SKIP: [(AccountAddress, &str, &str); 10] = [
    (SUI_SYSTEM, "sui_system", "create"),
    (SUI_FRAMEWORK, "clock", "create"),
    (SUI_FRAMEWORK, "authenticator_state", "create"),
    (SUI_FRAMEWORK, "random", "create"),
    (SUI_FRAMEWORK, "deny_list", "create"),
    (BRIDGE, "bridge", "create"),
    (SUI_FRAMEWORK, "accumulator", "create"),
    (SUI_FRAMEWORK, "coin_registry", "create"),
    (SUI_FRAMEWORK, "display_registry", "create"),
    (SUI_FRAMEWORK, "address_alias", "create"),
];

/// Checks every function with a body.
pub(super) fn verify(view: &View<'_>) -> RuleResult {
    for (index, def) in view.module.function_defs.iter().enumerate() {
        let Some(code) = &def.code else { continue };
        let handle = view.function(def.function)?;
        let name = view.function_name(handle)?;
        if FUNCTIONS_TO_SKIP.iter().any(|(a, m, f)| is(name, a, m, f)) {
            continue;
        }
        let index = crate::error::idx_u16(index);
        let cfg = Cfg::new(&code.code, &code.jump_tables, index).map_err(invariant)?;
        let function = FunctionView {
            index: Some(index),
            code: &code.code,
            jump_tables: &code.jump_tables,
            parameters: sig_of(view, handle.parameters)?,
            locals: sig_of(view, code.locals)?,
            returns: sig_of(view, handle.return_)?,
            type_parameters: &handle.type_parameters,
            cfg,
            flavor: tern_primitives::Flavor::Sui,
        };
        let mut analysis = Analysis {
            view,
            def,
            returns: function.returns.len(),
            stack: Vec::new(),
            failure: None,
        };
        let initial = State(vec![Value::Other; function.local_count()]);
        let result = analyze(&mut analysis, initial, &function, &mut Meter::unmetered());
        if let Some(failure) = analysis.failure {
            return Err(failure);
        }
        result.map_err(invariant)?;
    }
    Ok(())
}

fn sig_of<'a>(
    view: &View<'a>,
    idx: tern_binary::SignatureIndex,
) -> RuleResult<&'a tern_binary::Signature> {
    view.module
        .signature_at(idx)
        .ok_or_else(|| RuleError::Invariant("signature index out of range".into()))
}

fn invariant(e: VmError) -> RuleError {
    RuleError::Invariant(e.to_string())
}

/// The locals: what each holds (a moved-out local holds "other").
#[derive(Clone, Debug, PartialEq, Eq)]
struct State(Vec<Value>);

impl Domain for State {
    fn join(&mut self, other: &State, _meter: &mut Meter) -> VResult<bool> {
        let mut changed = false;
        for (mine, theirs) in self.0.iter_mut().zip(&other.0) {
            let joined = mine.join(*theirs);
            changed |= joined != *mine;
            *mine = joined;
        }
        Ok(changed)
    }
}

struct Analysis<'v, 'a> {
    view: &'v View<'a>,
    def: &'a FunctionDefinition,
    /// Number of values the function returns.
    returns: usize,
    stack: Vec<Value>,
    /// The refusal, when the analysis stopped on one (the analysis itself only sees a status).
    failure: Option<RuleError>,
}

impl Analysis<'_, '_> {
    fn pop(&mut self) -> VResult<Value> {
        self.stack.pop().ok_or_else(stack_error)
    }

    fn pop_n(&mut self, n: usize) -> VResult<()> {
        let len = self.stack.len();
        let Some(rest) = len.checked_sub(n) else {
            return Err(stack_error());
        };
        self.stack.truncate(rest);
        Ok(())
    }

    fn push_n(&mut self, n: usize, value: Value) {
        self.stack.extend(std::iter::repeat_n(value, n));
    }

    /// Stops the analysis with a refusal.
    fn refuse(&mut self, error: RuleError) -> VmError {
        self.failure = Some(error);
        VmError::new(StatusCode::UNKNOWN_VERIFICATION_ERROR)
    }

    /// Runs a pass-local lookup, turning its failure into a stop of the analysis.
    fn lookup<T>(&mut self, result: RuleResult<T>) -> VResult<T> {
        result.map_err(|e| self.refuse(e))
    }

    fn call(&mut self, handle: &tern_binary::FunctionHandle) -> VResult<()> {
        let view = self.view;
        let params = self.lookup(view.sig(handle.parameters))?.len();
        self.pop_n(params)?;
        let returns = self.lookup(view.sig(handle.return_))?.len();
        let callee = self.lookup(view.function_name(handle))?;
        if FRESH_ID_FUNCTIONS
            .iter()
            .any(|(a, m, f)| is(callee, a, m, f))
        {
            if returns != 1 {
                return Err(self.refuse(RuleError::User(sui_error_text(
                    0,
                    "Should have a single return value",
                ))));
            }
            self.stack.push(Value::Fresh);
        } else {
            self.push_n(returns, Value::Other);
        }
        Ok(())
    }

    fn pack(&mut self, def: &StructDefinition) -> VResult<()> {
        let view = self.view;
        let fields = match &def.field_information {
            StructFieldInformation::Declared(fields) => fields.len(),
            _ => 0,
        };
        // Fields are pushed in order: the first one is the deepest.
        let Some(others) = fields.checked_sub(1) else {
            return Err(stack_error());
        };
        self.pop_n(others)?;
        let first = self.pop()?;
        let handle = self.lookup(view.datatype(def.struct_handle))?;
        if handle.abilities.has(Ability::Key) && first != Value::Fresh {
            let function = self.lookup(view.def_name(self.def))?;
            let message = format!(
                "Invalid object creation in {}::{}::{function}. Object created without a newly \
                 created UID. The UID must come directly from `sui::object::new`, or \
                 `sui::derived_object::claim`. For tests, it can also come from \
                 `sui::test_scenario::new_object`",
                view.address.full_hex(),
                view.name
            );
            return Err(self.refuse(RuleError::User(sui_error_text(1, &message))));
        }
        self.stack.push(Value::Other);
        Ok(())
    }

    fn unpack(&mut self, def: &StructDefinition) -> VResult<()> {
        self.pop()?;
        let fields = match &def.field_information {
            StructFieldInformation::Declared(fields) => fields.len(),
            _ => 0,
        };
        self.push_n(fields, Value::Other);
        Ok(())
    }
}

/// The definition a (generic) struct instruction names.
fn struct_def<'a>(
    view: &View<'a>,
    idx: tern_binary::StructDefinitionIndex,
) -> RuleResult<&'a StructDefinition> {
    view.module
        .struct_def_at(idx)
        .ok_or_else(|| RuleError::Invariant("struct definition index out of range".into()))
}

fn generic_struct_def<'a>(
    view: &View<'a>,
    idx: tern_binary::StructDefInstantiationIndex,
) -> RuleResult<&'a StructDefinition> {
    let inst = view
        .module
        .struct_def_instantiations
        .get(usize::from(idx.0))
        .ok_or_else(|| RuleError::Invariant("struct instantiation index out of range".into()))?;
    struct_def(view, inst.def)
}

/// Number of fields of a variant, from its enum definition and tag.
fn variant_fields(
    view: &View<'_>,
    enum_def: tern_binary::EnumDefinitionIndex,
    tag: u16,
) -> RuleResult<usize> {
    view.module
        .enum_def_at(enum_def)
        .and_then(|e| e.variants.get(usize::from(tag)))
        .map(|v| v.fields.len())
        .ok_or_else(|| RuleError::Invariant("variant index out of range".into()))
}

fn variant_handle_fields(
    view: &View<'_>,
    idx: tern_binary::VariantHandleIndex,
) -> RuleResult<usize> {
    let handle = view
        .module
        .variant_handle_at(idx)
        .ok_or_else(|| RuleError::Invariant("variant handle index out of range".into()))?;
    variant_fields(view, handle.enum_def, handle.variant)
}

fn variant_inst_fields(
    view: &View<'_>,
    idx: tern_binary::VariantInstantiationHandleIndex,
) -> RuleResult<usize> {
    let module = view.module;
    let (enum_def, tag) = module
        .variant_instantiation_handle_at(idx)
        .and_then(|h| {
            let inst = module
                .enum_def_instantiations
                .get(usize::from(h.enum_def.0))?;
            Some((inst.def, h.variant))
        })
        .ok_or_else(|| RuleError::Invariant("variant instantiation index out of range".into()))?;
    variant_fields(view, enum_def, tag)
}

/// The text Sui reports for a failure of this pass: its verifier error printed whole.
fn sui_error_text(sub_status: u64, message: &str) -> String {
    format!(
        "PartialVMError with status UNKNOWN_VERIFICATION_ERROR with sub status {sub_status} and \
         message {message}"
    )
}

#[cold]
fn stack_error() -> VmError {
    VmError::new(StatusCode::VERIFIER_INVARIANT_VIOLATION)
        .with_message("Unexpected stack error in the id_leak analysis")
}

impl Transfer for Analysis<'_, '_> {
    type State = State;

    fn execute(
        &mut self,
        state: &mut State,
        instr: &Bytecode,
        index: CodeOffset,
        last: CodeOffset,
        _meter: &mut Meter,
    ) -> VResult<()> {
        self.step(state, instr)?;
        if index == last && !self.stack.is_empty() {
            return Err(
                VmError::new(StatusCode::VERIFIER_INVARIANT_VIOLATION).with_message(
                    "Invalid stack transitions. Non-zero stack size at the end of the block",
                ),
            );
        }
        Ok(())
    }
}

impl Analysis<'_, '_> {
    fn step(&mut self, state: &mut State, instr: &Bytecode) -> VResult<()> {
        use Bytecode as B;
        match instr {
            B::Pop | B::BrTrue(_) | B::BrFalse(_) | B::Abort => {
                self.pop()?;
            }
            B::CopyLoc(_) => self.stack.push(Value::Other),
            B::MoveLoc(local) => {
                let slot = state
                    .0
                    .get_mut(usize::from(*local))
                    .ok_or_else(stack_error)?;
                let value = std::mem::replace(slot, Value::Other);
                self.stack.push(value);
            }
            B::StLoc(local) => {
                let value = self.pop()?;
                let slot = state
                    .0
                    .get_mut(usize::from(*local))
                    .ok_or_else(stack_error)?;
                *slot = value;
            }
            B::FreezeRef
            | B::ReadRef
            | B::CastU8
            | B::CastU16
            | B::CastU32
            | B::CastU64
            | B::CastU128
            | B::CastU256
            | B::Not
            | B::VecLen(_)
            | B::VecPopBack(_)
            | B::MutBorrowField(_)
            | B::MutBorrowFieldGeneric(_)
            | B::ImmBorrowField(_)
            | B::ImmBorrowFieldGeneric(_) => {
                self.pop()?;
                self.stack.push(Value::Other);
            }
            B::Branch(_) | B::Nop => {}
            B::Eq
            | B::Neq
            | B::Add
            | B::Sub
            | B::Mul
            | B::Mod
            | B::Div
            | B::BitOr
            | B::BitAnd
            | B::Xor
            | B::Shl
            | B::Shr
            | B::Or
            | B::And
            | B::Lt
            | B::Gt
            | B::Le
            | B::Ge
            | B::VecImmBorrow(_)
            | B::VecMutBorrow(_) => {
                self.pop_n(2)?;
                self.stack.push(Value::Other);
            }
            B::WriteRef | B::VecPushBack(_) => self.pop_n(2)?,
            B::VecSwap(_) => self.pop_n(3)?,
            B::MutBorrowLoc(_)
            | B::ImmBorrowLoc(_)
            | B::LdTrue
            | B::LdFalse
            | B::LdU8(_)
            | B::LdU16(_)
            | B::LdU32(_)
            | B::LdU64(_)
            | B::LdU128(_)
            | B::LdU256(_)
            | B::LdConst(_) => self.stack.push(Value::Other),
            B::Call(idx) => {
                let handle = self.lookup(self.view.function(*idx))?;
                self.call(handle)?;
            }
            B::CallGeneric(_) => {
                let callee = self.lookup(self.view.callee(instr))?;
                let Some((handle, _)) = callee else {
                    return Err(stack_error());
                };
                self.call(handle)?;
            }
            B::Ret => self.pop_n(self.returns)?,
            B::Pack(idx) => {
                let def = self.lookup(struct_def(self.view, *idx))?;
                self.pack(def)?;
            }
            B::PackGeneric(idx) => {
                let def = self.lookup(generic_struct_def(self.view, *idx))?;
                self.pack(def)?;
            }
            B::Unpack(idx) => {
                let def = self.lookup(struct_def(self.view, *idx))?;
                self.unpack(def)?;
            }
            B::UnpackGeneric(idx) => {
                let def = self.lookup(generic_struct_def(self.view, *idx))?;
                self.unpack(def)?;
            }
            B::VecPack(_, n) => {
                self.pop_n(usize::try_from(*n).unwrap_or(usize::MAX))?;
                self.stack.push(Value::Other);
            }
            B::VecUnpack(_, n) => {
                self.pop()?;
                self.push_n(usize::try_from(*n).unwrap_or(usize::MAX), Value::Other);
            }
            B::SuiPackVariant(idx) => {
                let fields = self.lookup(variant_handle_fields(self.view, *idx))?;
                self.pop_n(fields)?;
                self.stack.push(Value::Other);
            }
            B::SuiPackVariantGeneric(idx) => {
                let fields = self.lookup(variant_inst_fields(self.view, *idx))?;
                self.pop_n(fields)?;
                self.stack.push(Value::Other);
            }
            B::SuiUnpackVariant(idx)
            | B::SuiUnpackVariantImmRef(idx)
            | B::SuiUnpackVariantMutRef(idx) => {
                let fields = self.lookup(variant_handle_fields(self.view, *idx))?;
                self.pop()?;
                self.push_n(fields, Value::Other);
            }
            B::SuiUnpackVariantGeneric(idx)
            | B::SuiUnpackVariantGenericImmRef(idx)
            | B::SuiUnpackVariantGenericMutRef(idx) => {
                let fields = self.lookup(variant_inst_fields(self.view, *idx))?;
                self.pop()?;
                self.push_n(fields, Value::Other);
            }
            B::VariantSwitch(_) => {
                self.pop()?;
            }
            // Global storage is refused by the pass before this one; the instructions of the
            // Aptos flavor cannot appear in a Sui module.
            _ => {
                return Err(self.refuse(RuleError::Invariant(format!(
                    "unexpected instruction {instr:?} in the id_leak analysis"
                ))))
            }
        }
        Ok(())
    }
}
