//! Entry points: running a function or script with BCS arguments, collecting return values
//! and the final values of `&mut` arguments.

use crate::loader::{Function, LinkedFunction};
use crate::session::Session;
use crate::types::{TypeId, TypeNode};
use crate::values::{Place, Ref, Value};
use std::sync::Arc;
use tern_primitives::{StatusCode, VmError};

/// What a successful execution produced. Values live in the session's heap.
#[derive(Debug, Default)]
pub struct ExecutionOutcome {
    /// Return values with their types (references already dereferenced).
    pub return_values: Vec<(TypeId, Value)>,
    /// Whether each return value was returned by reference (before it was dereferenced).
    pub returned_by_reference: Vec<bool>,
    /// For each `&mut` parameter: its position, type and final value.
    pub mutable_inputs: Vec<(usize, TypeId, Value)>,
}

enum ArgSlot {
    Plain,
    Reference {
        hidden: usize,
        inner: TypeId,
        mutable: bool,
    },
}

impl Session<'_> {
    /// Runs `function` charging `meter`: its budget bounds the execution (`OUT_OF_GAS` when it
    /// runs out) and it records the units used, whether the run succeeds or fails.
    pub fn execute_metered(
        &mut self,
        function: LinkedFunction,
        ty_args: Vec<TypeId>,
        args: Vec<Vec<u8>>,
        meter: &mut dyn crate::gas::GasMeter,
    ) -> Result<ExecutionOutcome, VmError> {
        let budget = meter.budget();
        self.set_gas_budget(budget);
        let saved = std::mem::replace(&mut self.interpreter.schedule, meter.schedule());
        let result = self.execute(function, ty_args, args);
        if let Some(b) = budget {
            meter.record(b.saturating_sub(self.interpreter.fuel));
        }
        self.set_gas_budget(None);
        self.interpreter.schedule = saved;
        result
    }

    /// Runs `function` with type arguments and BCS-encoded arguments.
    pub fn execute(
        &mut self,
        function: LinkedFunction,
        ty_args: Vec<TypeId>,
        args: Vec<Vec<u8>>,
    ) -> Result<ExecutionOutcome, VmError> {
        let _span =
            tracing::debug_span!("execute", function = %function.qualified_name()).entered();
        self.check_type_args(&function, &ty_args)?;
        if args.len() != function.param_count() {
            return Err(
                VmError::new(StatusCode::NUMBER_OF_ARGUMENTS_MISMATCH).with_message(format!(
                    "argument length mismatch: expected {} got {}",
                    function.param_count(),
                    args.len()
                )),
            );
        }
        let params = self.instantiate_types(&function.params, &ty_args)?;
        let returns = self.instantiate_types(&function.returns, &ty_args)?;
        self.interpreter
            .start_execution(self.runtime.config.max_operand_stack);
        self.interpreter.charged_instantiations.clear();
        let (values, slots) = self.decode_args(&params, args)?;
        let base = self.interpreter.locals.len() as u32;
        for v in values {
            self.push(v)?;
        }
        let ty_args: Option<Arc<[TypeId]>> = (!ty_args.is_empty()).then(|| ty_args.into());
        if let Some(trace) = self.interpreter.trace.as_deref_mut() {
            trace.entrypoint(&function.full_name(), ty_args.is_some());
        }
        let arenas = crate::interpreter::PinArenas::default();
        let mut pins = crate::interpreter::Pins::new(&arenas);
        if let Some(frame) = self.invoke(
            (&function.function, &function.links),
            ty_args.clone(),
            (None, &[]),
            &mut pins,
        )? {
            debug_assert_eq!(frame.base, base);
            self.check_entry(&function, ty_args.as_deref().unwrap_or(&[]))?;
            self.charge_entry_frame(&function, ty_args.as_deref().unwrap_or(&[]))?;
            self.run_frames(frame, &mut pins)?;
        }
        self.collect_outcome(&returns, slots)
    }

    /// Under a schedule, charges making the entry function's frame, as a call charges its
    /// callee's.
    fn charge_entry_frame(&mut self, f: &Function, ty_args: &[TypeId]) -> Result<(), VmError> {
        let Some(schedule) = self.interpreter.schedule.clone() else {
            return Ok(());
        };
        if self.interpreter.fuel == u64::MAX {
            return Ok(());
        }
        let cost = self.frame_cost(&schedule, f, ty_args)?;
        let cost = cost.saturating_add(self.dependency_cost(&schedule, f));
        self.charge_scheduled(cost)
            .map_err(|e| e.at_location(f.location()))
    }

    /// Type arguments of an entry call: count, limits and ability constraints; errors are
    /// located at the script (or the function's module).
    fn check_type_args(&mut self, f: &Function, ty_args: &[TypeId]) -> Result<(), VmError> {
        let location = f.location();
        if ty_args.len() != f.type_params.len() {
            return Err(
                VmError::new(StatusCode::NUMBER_OF_TYPE_ARGUMENTS_MISMATCH).at_location(location)
            );
        }
        for t in ty_args {
            self.ensure_loaded(*t)?;
        }
        let cache = self.runtime.read()?;
        for (t, constraint) in ty_args.iter().zip(&f.type_params) {
            crate::types::check_limits(cache.types.info(*t), &self.runtime.config.type_limits)?;
            if !constraint.is_subset(cache.abilities(*t)) {
                return Err(
                    VmError::new(StatusCode::CONSTRAINT_NOT_SATISFIED).at_location(location)
                );
            }
        }
        Ok(())
    }

    fn decode_args(
        &mut self,
        params: &[TypeId],
        args: Vec<Vec<u8>>,
    ) -> Result<(Vec<Value>, Vec<ArgSlot>), VmError> {
        let mut values = Vec::with_capacity(args.len());
        let mut slots = Vec::with_capacity(args.len());
        for (ty, bytes) in params.iter().zip(args) {
            let node = self.runtime.read()?.types.node(*ty).clone();
            let (inner, mutable) = match node {
                TypeNode::Reference(t) => (Some(t), false),
                TypeNode::MutableReference(t) => (Some(t), true),
                _ => (None, false),
            };
            match inner {
                None => {
                    values.push(self.decode_arg(*ty, &bytes)?);
                    slots.push(ArgSlot::Plain);
                }
                Some(inner) => {
                    let v = self.decode_arg(inner, &bytes)?;
                    let hidden = self.interpreter.locals.len();
                    self.interpreter.locals.push(v);
                    let place = match v {
                        Value::Container(c) => Place::Whole(c),
                        _ => Place::Local(hidden as u32),
                    };
                    values.push(Value::Ref(Ref { place }));
                    slots.push(ArgSlot::Reference {
                        hidden,
                        inner,
                        mutable,
                    });
                }
            }
        }
        Ok((values, slots))
    }

    /// An argument from its BCS bytes; a `signer` takes the Aptos VM's form (byte 0, then the
    /// address: a bare 32-byte address is not a signer), or Sui's bare address under
    /// [`crate::VmConfig::address_signers`].
    fn decode_arg(&mut self, ty: TypeId, bytes: &[u8]) -> Result<Value, VmError> {
        let signer = if self.runtime.config.address_signers {
            crate::bcs::SignerEncoding::Legacy
        } else {
            crate::bcs::SignerEncoding::Enum
        };
        self.deserialize_with(ty, bytes, signer).map_err(|_| {
            VmError::new(StatusCode::FAILED_TO_DESERIALIZE_ARGUMENT)
                .with_message("[VM] failed to deserialize argument")
        })
    }

    fn collect_outcome(
        &mut self,
        returns: &[TypeId],
        slots: Vec<ArgSlot>,
    ) -> Result<ExecutionOutcome, VmError> {
        let mut out = ExecutionOutcome::default();
        let n = returns.len();
        let values: Vec<Value> = self
            .interpreter
            .operands
            .take_top(n)
            .ok_or_else(|| crate::interpreter::invariant("missing return values"))?;
        let (max_nodes, max_depth) = (
            self.runtime.config.max_layout_nodes,
            self.runtime.config.max_layout_depth,
        );
        for ty in returns {
            self.ensure_loaded(*ty)?;
            let inner = match self.runtime.read()?.types.node(*ty) {
                TypeNode::Reference(t) | TypeNode::MutableReference(t) => *t,
                _ => *ty,
            };
            self.runtime
                .write()?
                .check_layout(inner, max_nodes, max_depth)?;
        }
        for v in &values {
            // The peer serializes return values; a value too deep to copy cannot be
            // serialized either (errata, "Closures"), which the peer reports as an invariant
            // violation, unlocated.
            if self.heap.exceeds_copy_depth(*v)? {
                return Err(VmError::new(StatusCode::UNKNOWN_INVARIANT_VIOLATION_ERROR)
                    .with_message("failed to serialize return values"));
            }
        }
        for (ty, v) in returns.iter().zip(values) {
            let node = self.runtime.read()?.types.node(*ty).clone();
            match (node, v) {
                (TypeNode::Reference(t) | TypeNode::MutableReference(t), Value::Ref(r)) => {
                    let target = self.deref_shallow(r)?;
                    let copy = self.heap.copy_value(target)?;
                    out.return_values.push((t, copy));
                    out.returned_by_reference.push(true);
                }
                _ => {
                    out.return_values.push((*ty, v));
                    out.returned_by_reference.push(false);
                }
            }
        }
        for (i, slot) in slots.into_iter().enumerate() {
            if let ArgSlot::Reference {
                hidden,
                inner,
                mutable: true,
            } = slot
            {
                let v = self
                    .interpreter
                    .locals
                    .get(hidden)
                    .copied()
                    .ok_or_else(|| crate::interpreter::invariant("lost argument"))?;
                out.mutable_inputs.push((i, inner, v));
            }
        }
        Ok(out)
    }
}
