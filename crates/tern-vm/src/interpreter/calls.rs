//! Calls, natives and closures.

use super::{invariant, Frame};
use crate::ir::TypeSlot;
use crate::loader::{Body, Function, ModuleLinks};
use crate::natives::{NativeContext, NativeResult};
use crate::session::{ResolvedSlots, Session};
use crate::types::TypeId;
use crate::values::{Closure, ClosureTarget, Container, Value};
use std::sync::Arc;
use tern_primitives::{Location, StatusCode, VmError};

impl Session<'_> {
    /// The function a handle of `links` names, resolved once and remembered.
    pub(crate) fn resolve(
        &mut self,
        links: &ModuleLinks,
        handle: u16,
    ) -> Result<Arc<Function>, VmError> {
        let cell = links
            .resolved
            .get(usize::from(handle))
            .ok_or_else(|| invariant("function handle out of range"))?;
        if let Some(f) = cell.get() {
            return Ok(f.clone());
        }
        let (module, name) = links
            .handles
            .get(usize::from(handle))
            .ok_or_else(|| invariant("function handle out of range"))?
            .clone();
        let f = self.function(&module, name.as_str())?;
        Ok(cell.get_or_init(|| f).clone())
    }

    /// Concrete types of `tys` under the frame's type arguments, with the runtime limits.
    pub(crate) fn instantiate_types(
        &self,
        tys: &[TypeId],
        args: &[TypeId],
    ) -> Result<Vec<TypeId>, VmError> {
        let limits = self.runtime.config.type_limits;
        let mut cache = self.runtime.write()?;
        tys.iter()
            .map(|t| cache.types.substitute(*t, args, &limits))
            .collect()
    }

    /// The concrete type slots of a generic function under `ty_args` (cached per session).
    fn resolved_slots(
        &mut self,
        f: &Arc<Function>,
        ty_args: &[TypeId],
    ) -> Result<Option<ResolvedSlots>, VmError> {
        let Some(body) = &f.body else { return Ok(None) };
        if f.type_params.is_empty() {
            return Ok(None);
        }
        let key = (Arc::as_ptr(f) as usize, ty_args.to_vec());
        if let Some(r) = self.instantiations.get(&key) {
            return Ok(Some(r.clone()));
        }
        let limits = self.runtime.config.type_limits;
        let mut cache = self.runtime.write()?;
        // Instantiating the frame's local types enforces the type limits at the call, as the
        // peer does when it builds the frame.
        for t in &f.local_types {
            cache.types.substitute(*t, ty_args, &limits)?;
        }
        let resolved: ResolvedSlots = body
            .types
            .iter()
            .map(|t| cache.types.substitute(*t, ty_args, &limits))
            .collect();
        drop(cache);
        self.instantiations.insert(key, resolved.clone());
        Ok(Some(resolved))
    }

    pub(crate) fn call(
        &mut self,
        frame: &Frame,
        handle: u16,
        ty_args: Option<Vec<TypeId>>,
    ) -> Result<Option<Frame>, VmError> {
        // perf: the resolved callee is read without cloning the link table, and a call without
        // type arguments shares one empty list instead of allocating (≈ 10 % of fib).
        let resolved = frame
            .function
            .links
            .resolved
            .get(usize::from(handle))
            .and_then(|cell| cell.get().cloned());
        let callee = match resolved {
            Some(f) => f,
            None => {
                let links = frame.function.links.clone();
                self.resolve(&links, handle)?
            }
        };
        let ty_args: Option<Arc<[TypeId]>> = match ty_args {
            Some(t) if !t.is_empty() => Some(t.into()),
            _ => None,
        };
        self.invoke(callee, ty_args)
    }

    pub(crate) fn call_generic(
        &mut self,
        frame: &Frame,
        inst: u16,
    ) -> Result<Option<Frame>, VmError> {
        let links = frame.function.links.clone();
        let info = links
            .instantiations
            .get(usize::from(inst))
            .ok_or_else(|| invariant("instantiation out of range"))?;
        let ty_args = self.instantiate_types(&info.type_args, frame.ty_args())?;
        let callee = self.resolve(&links, info.handle)?;
        self.invoke(callee, non_empty(ty_args))
    }

    /// Calls `callee` with its arguments on the operand stack: natives run at once (returning
    /// `None`); Move functions get a new frame.
    pub(crate) fn invoke(
        &mut self,
        callee: Arc<Function>,
        ty_args: Option<Arc<[TypeId]>>,
    ) -> Result<Option<Frame>, VmError> {
        let args: &[TypeId] = ty_args.as_deref().unwrap_or(&[]);
        if callee.is_native() {
            self.call_native(&callee, args)?;
            return Ok(None);
        }
        if self.machine.frames.len() >= self.runtime.config.max_call_depth {
            return Err(VmError::new(StatusCode::CALL_STACK_OVERFLOW));
        }
        let n = callee.param_count();
        let len = self.machine.operands.len();
        let start = len
            .checked_sub(n)
            .ok_or_else(|| invariant("operand stack underflow"))?;
        let base = self.machine.locals.len() as u32;
        // perf: values are `Copy`, so arguments move as one slice copy.
        let m = &mut self.machine;
        m.locals
            .extend_from_slice(m.operands.get(start..).unwrap_or_default());
        m.operands.truncate(start);
        let total = m.locals.len() + callee.local_count().saturating_sub(n);
        m.locals.resize(total, Value::Invalid);
        let resolved = self.resolved_slots(&callee, args)?;
        Ok(Some(Frame {
            function: callee,
            pc: 0,
            base,
            ty_args,
            resolved,
        }))
    }

    /// Runs a native with its arguments popped from the operand stack; errors are located at
    /// the native's module with offset 0.
    fn call_native(&mut self, f: &Arc<Function>, ty_args: &[TypeId]) -> Result<(), VmError> {
        // The native runs in place of a frame: its callers are the suspended frames.
        let callers = super::stack_trace(&self.machine.frames);
        let locate = |e: VmError| -> VmError {
            let mut e = e;
            let d = e.data_mut();
            if let Some(m) = &f.id.module {
                d.location = Location::Module(m.clone());
            }
            d.offsets = vec![(f.id.def_index, 0)];
            if d.exec_state.is_none() {
                d.exec_state = Some(callers.clone());
            }
            e
        };
        let Some(native) = f.native.clone() else {
            return Err(locate(
                VmError::new(StatusCode::MISSING_DEPENDENCY)
                    .with_message(format!("Missing Native Function `{}`", f.name)),
            ));
        };
        let n = f.param_count();
        let len = self.machine.operands.len();
        let start = len
            .checked_sub(n)
            .ok_or_else(|| invariant("operand stack underflow"))?;
        let args: Vec<Value> = self.machine.operands.drain(start..).collect();
        let mut ctx = NativeContext {
            heap: &mut self.heap,
            runtime: self.runtime,
            locals: &self.machine.locals,
            gas_charged: 0,
        };
        let result = native(&mut ctx, ty_args, args);
        let charged = ctx.gas_charged;
        match self.gas_left.checked_sub(charged) {
            Some(left) => self.gas_left = left,
            None => {
                self.gas_left = 0;
                return Err(locate(crate::gas::out_of_gas()));
            }
        }
        match result.map_err(locate)? {
            NativeResult::Return(values) => {
                for v in values {
                    self.push(v)?;
                }
                Ok(())
            }
            NativeResult::Abort(code) => Err(locate(
                VmError::new(StatusCode::ABORTED).with_sub_status(code),
            )),
        }
    }

    pub(crate) fn pack_closure(
        &mut self,
        frame: &Frame,
        body: &Body,
        site: u16,
    ) -> Result<(), VmError> {
        let site = body
            .closures
            .get(usize::from(site))
            .ok_or_else(|| invariant("closure site out of range"))?
            .clone();
        let links = frame.function.links.clone();
        let function = self.resolve(&links, site.handle)?;
        let ty_args = self.instantiate_types(&site.type_args, frame.ty_args())?;
        // The closure's function type is built from the instantiated signature.
        self.instantiate_types(&function.params, &ty_args)?;
        self.instantiate_types(&function.returns, &ty_args)?;
        let count = site.mask.count_ones() as usize;
        let len = self.machine.operands.len();
        let start = len
            .checked_sub(count)
            .ok_or_else(|| invariant("operand stack underflow"))?;
        let captured: Vec<Value> = self.machine.operands.drain(start..).collect();
        let mut depth = 1;
        for v in &captured {
            depth = depth.max(1 + self.heap.depth(*v)?);
        }
        if depth > self.runtime.config.max_value_depth {
            for v in captured {
                self.heap.free_value(v);
            }
            return Err(VmError::new(StatusCode::VM_MAX_VALUE_DEPTH_REACHED));
        }
        let ty_args = self.runtime.write()?.types.intern_list(&ty_args);
        let id = self.heap.alloc(Container::Closure(Box::new(Closure {
            target: ClosureTarget::Resolved(function),
            ty_args,
            mask: site.mask,
            captured,
        })));
        self.push(Value::Container(id))
    }

    pub(crate) fn call_closure(
        &mut self,
        frame: &Frame,
        body: &Body,
        slot: TypeSlot,
    ) -> Result<Option<Frame>, VmError> {
        let _fn_type = self.slot_type(frame, body, slot)?;
        let Value::Container(c) = self.pop()? else {
            return Err(invariant("call of a non-closure"));
        };
        let Container::Closure(closure) = self.heap.take(c)? else {
            return Err(invariant("call of a non-closure"));
        };
        let function = match &closure.target {
            ClosureTarget::Resolved(f) => f.clone(),
            ClosureTarget::Unresolved { module, name, .. } => {
                self.function(module, name.as_str())?
            }
        };
        let total = function.param_count();
        let provided = total.saturating_sub(closure.captured.len());
        let len = self.machine.operands.len();
        let start = len
            .checked_sub(provided)
            .ok_or_else(|| invariant("operand stack underflow"))?;
        let mut given = self
            .machine
            .operands
            .drain(start..)
            .collect::<Vec<_>>()
            .into_iter();
        let mut captured = closure.captured.into_iter();
        let mut args = Vec::with_capacity(total);
        for i in 0..total {
            let next = if i < 64 && closure.mask & (1 << i) != 0 {
                captured.next()
            } else {
                given.next()
            };
            args.push(next.ok_or_else(|| invariant("closure argument count mismatch"))?);
        }
        for a in args {
            self.push(a)?;
        }
        let ty_args = self.runtime.read()?.types.list(closure.ty_args).to_vec();
        self.invoke(function, non_empty(ty_args))
    }
}

/// `Some` list for a generic call, `None` for none.
fn non_empty(ty_args: Vec<TypeId>) -> Option<Arc<[TypeId]>> {
    (!ty_args.is_empty()).then(|| ty_args.into())
}
