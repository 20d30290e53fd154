//! Calls, natives and closures.

use crate::interpreter::{
    invariant, type_mismatch, underflow, CallSiteKey, Callable, Frame, GenericFrame, OperandStack,
    Pins,
};
use crate::loader::{
    Body, Callee, Function, FunctionInstInfo, LinkedFunction, ModuleLinks, ResolvedSlots,
};
use crate::natives::{NativeContext, NativeResult};
use crate::session::{GenericCall, Session};
use crate::types::{TypeId, TypeListId};
use crate::values::{Closure, ClosureTarget, Container, Value};
use std::sync::Arc;
use tern_ir::TypeSlot;
use tern_primitives::{Location, StatusCode, VmError};

impl Session<'_> {
    /// The function a handle of `links` names, resolved once and remembered.
    pub(crate) fn resolve(
        &mut self,
        links: &ModuleLinks,
        handle: u16,
    ) -> Result<LinkedFunction, VmError> {
        let cell = links
            .resolved
            .get(usize::from(handle))
            .ok_or_else(|| invariant("function handle out of range"))?;
        let callee = match cell.get() {
            Some(callee) => callee,
            None => {
                let (module, name) = links
                    .handles
                    .get(usize::from(handle))
                    .ok_or_else(|| invariant("function handle out of range"))?
                    .clone();
                let f = self.function(&module, name.as_str())?;
                cell.get_or_init(|| Callee::new(&f, links))
            }
        };
        callee
            .linked(links)
            .ok_or_else(|| invariant("a resolved function's link tables are gone"))
    }

    /// [`Session::resolve`] borrowing the function and its tables from the link table: they
    /// live as long as the table (a resolved handle is never unset).
    pub(crate) fn resolve_ref<'a>(
        &mut self,
        links: &'a ModuleLinks,
        handle: u16,
    ) -> Result<Callable<'a>, VmError> {
        let cell = links
            .resolved
            .get(usize::from(handle))
            .ok_or_else(|| invariant("function handle out of range"))?;
        if cell.get().is_none() {
            // Resolving fills the cell.
            self.resolve(links, handle)?;
        }
        match cell.get() {
            Some(callee) => Ok((&callee.function, callee.links(links))),
            None => Err(invariant("function handle did not resolve")),
        }
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

    /// A generic call's type arguments `tys` under the caller's `args`, with the runtime
    /// limits (Sui's also bound the caller's and the callee's together).
    pub(crate) fn instantiate_call(
        &self,
        tys: &[TypeId],
        args: &[TypeId],
    ) -> Result<Vec<TypeId>, VmError> {
        let ty_args = self.instantiate_types(tys, args)?;
        let limits = self.runtime.config.type_limits;
        self.runtime
            .read()?
            .types
            .check_instantiation_nodes(args, &ty_args, &limits)?;
        Ok(ty_args)
    }

    /// The concrete type slots of a generic function under `ty_args` (cached per session).
    fn resolved_slots(
        &mut self,
        f: &Function,
        ty_args: &[TypeId],
    ) -> Result<Option<ResolvedSlots>, VmError> {
        let Some(body) = f.move_body() else {
            return Ok(None);
        };
        if f.type_params.is_empty() {
            return Ok(None);
        }
        let key = (f as *const Function as usize, ty_args.to_vec());
        if let Some(r) = self.instantiations.get(&key) {
            return Ok(Some(r.clone()));
        }
        let limits = self.runtime.config.type_limits;
        let mut cache = self.runtime.write()?;
        let resolved: ResolvedSlots = match limits.pack_value_depth() {
            None => {
                // Instantiating the frame's local types enforces the type limits at the call,
                // as the peer does when it builds the frame.
                for t in f.local_types.iter() {
                    cache.types.substitute(*t, ty_args, &limits)?;
                }
                body.types
                    .iter()
                    .map(|t| cache.types.substitute(*t, ty_args, &limits))
                    .collect()
            }
            Some(max_depth) => {
                // Sui's runtime instantiates no local types, and an instruction's type when
                // it runs: each slot keeps its outcome, a checked pack's its checks'.
                let mut slots: Vec<Result<TypeId, VmError>> = body
                    .types
                    .iter()
                    .map(|t| cache.types.substitute(*t, ty_args, &limits))
                    .collect();
                for pack in &body.checked_packs {
                    let Some(&template) = body.types.get(usize::from(pack.slot)) else {
                        return Err(invariant("checked pack slot out of range"));
                    };
                    if let Some(slot) = slots.get_mut(usize::from(pack.slot)) {
                        *slot = cache.check_pack(template, pack.kind, ty_args, max_depth);
                    }
                }
                slots.into()
            }
        };
        drop(cache);
        self.instantiations.insert(key, resolved.clone());
        Ok(Some(resolved))
    }

    /// A call through a function handle (the slow path: the dispatch loop enters resolved,
    /// non-generic Move callees itself).
    pub(crate) fn call<'a>(
        &mut self,
        frame: &Frame<'a>,
        callers: &[Frame<'a>],
        handle: u16,
        pins: &mut Pins<'a>,
    ) -> Result<Option<Frame<'a>>, VmError> {
        let callee = self
            .resolve_ref(frame.links, handle)
            .map_err(VmError::at_callee_lookup)?;
        self.check_module_lock(frame, callers, callee.0)?;
        let entered = self.invoke(callee, None, (Some(frame), callers), pins)?;
        Ok(self.count_entered(callee.0, entered))
    }

    /// The peer's module lock: while a `module_lock` function runs (or when the callee is
    /// one), a call from another module into a module that is already running (one of its
    /// functions is on the call stack) fails with `RUNTIME_DISPATCH_ERROR`, located at the
    /// callee's module with no code offset. Calls within a module are never checked.
    pub(crate) fn check_module_lock(
        &self,
        caller: &Frame<'_>,
        callers: &[Frame<'_>],
        callee: &Function,
    ) -> Result<(), VmError> {
        if (self.interpreter.module_locks == 0 && !callee.entry.locking) || callee.is_native() {
            return Ok(());
        }
        let module = &callee.id.module;
        if caller.function.id.module == *module {
            return Ok(());
        }
        let running = callers
            .iter()
            .chain(std::iter::once(caller))
            .any(|f| f.function.id.module == *module);
        match module {
            Some(m) if running => Err(VmError::new(StatusCode::RUNTIME_DISPATCH_ERROR)
                .with_message(format!(
                    "Reentrancy disallowed: reentering `{}::{}` via function `{}` (module lock is active)",
                    m.address.full_hex(),
                    m.name,
                    callee.name
                ))
                .at_location(Location::Module(m.clone()))),
            _ => Ok(()),
        }
    }

    /// Counts the module lock of a frame just entered (see [`Session::check_module_lock`]);
    /// the observed loop, which alone runs while a lock is held, releases it at the return.
    /// [`Session::count_module_lock`] of the frame a call of `callee` entered, unless
    /// `callee` is a native: the frame a native dispatches to was counted when it was
    /// entered ([`Session::enter_dispatched`]).
    fn count_entered<'a>(
        &mut self,
        callee: &Function,
        entered: Option<Frame<'a>>,
    ) -> Option<Frame<'a>> {
        if callee.is_native() {
            entered
        } else {
            self.count_module_lock(entered)
        }
    }

    fn count_module_lock<'a>(&mut self, entered: Option<Frame<'a>>) -> Option<Frame<'a>> {
        if let Some(f) = &entered {
            if f.function.entry.locking {
                self.interpreter.module_locks += 1;
            }
        }
        entered
    }

    /// `call_generic`: calls the instantiation `inst` from `frame` (the frame to enter, if any).
    pub(crate) fn call_generic<'a>(
        &mut self,
        frame: &Frame<'a>,
        callers: &[Frame<'a>],
        inst: u16,
        pins: &mut Pins<'a>,
    ) -> Result<Option<Frame<'a>>, VmError> {
        let links: &'a ModuleLinks = frame.links;
        let info = links
            .instantiations
            .get(usize::from(inst))
            .ok_or_else(|| invariant("instantiation out of range"))?;
        let callee = self
            .resolve_ref(links, info.handle)
            .map_err(VmError::at_callee_lookup)?;
        self.check_module_lock(frame, callers, callee.0)?;
        let entered = self.call_generic_checked(frame, callers, (inst, info), callee, pins)?;
        Ok(self.count_entered(callee.0, entered))
    }

    /// [`Session::call_generic`] of instantiation `inst` (whose record is `info`) once the
    /// module lock allows the call.
    fn call_generic_checked<'a>(
        &mut self,
        frame: &Frame<'a>,
        callers: &[Frame<'a>],
        (inst, info): (u16, &FunctionInstInfo),
        callee: Callable<'a>,
        pins: &mut Pins<'a>,
    ) -> Result<Option<Frame<'a>>, VmError> {
        let links: &'a ModuleLinks = frame.links;
        // perf: a call site's instantiation is computed once: per module link table for a
        // non-generic caller (the same in every session; the dispatch loop then enters the
        // callee itself), per session and caller instantiation for a generic caller
        // (call_loop_generic: 194 -> 81 ns per call, then 66 -> 39).
        let key: CallSiteKey = (
            links as *const ModuleLinks as usize,
            inst,
            frame.generic.map_or(0, |g| Arc::as_ptr(g) as usize),
        );
        let cached: Option<&'a Arc<GenericFrame>> = match frame.generic {
            None => links
                .generic_frames
                .get(usize::from(inst))
                .and_then(|cell| cell.get()),
            Some(_) => match pins.call_frame(&key) {
                Some(pinned) => Some(pinned),
                None => match self.generic_calls.get(&key) {
                    Some(call) => Some(pins.pin_call_frame(key, call.frame.clone())),
                    None => None,
                },
            },
        };
        if let Some(generic) = cached {
            return self.enter(callee, Some(generic), (frame, callers), pins);
        }
        // The peer instantiates the type arguments as it loads the callee, outside the call
        // instruction's execution: a limit reached there keeps its status, with no execution
        // state (`limits/call_type_arguments`).
        let ty_args = self
            .instantiate_call(&info.type_args, frame.ty_args())
            .map_err(VmError::at_call_site)?;
        if ty_args.is_empty() {
            return self.invoke(callee, None, (Some(frame), callers), pins);
        }
        // A native's instantiation is remembered too (with no type slots): its next call
        // neither instantiates nor allocates.
        let resolved = self
            .resolved_slots(callee.0, &ty_args)
            .map_err(|e| crate::interpreter::frame_entry_error(e, callers))?;
        let generic = Arc::new(GenericFrame {
            ty_args: ty_args.into(),
            resolved,
        });
        let pinned: &'a Arc<GenericFrame> = match frame.generic {
            None => match links.generic_frames.get(usize::from(inst)) {
                Some(cell) => cell.get_or_init(|| generic),
                None => pins.pin_call_frame(key, generic),
            },
            Some(caller) => {
                // The session's cache keeps the key's addresses in use.
                if let Some(caller_links) = frame.function.links.upgrade() {
                    self.generic_calls.insert(
                        key,
                        GenericCall {
                            frame: generic.clone(),
                            _links: caller_links,
                            _caller: Some(caller.clone()),
                        },
                    );
                }
                pins.pin_call_frame(key, generic)
            }
        };
        self.enter(callee, Some(pinned), (frame, callers), pins)
    }

    /// Calls `callee` with already resolved type slots: natives run at once.
    fn enter<'a>(
        &mut self,
        callable: Callable<'a>,
        generic: Option<&'a Arc<GenericFrame>>,
        (caller, callers): (&Frame<'a>, &[Frame<'a>]),
        pins: &mut Pins<'a>,
    ) -> Result<Option<Frame<'a>>, VmError> {
        let callee = callable.0;
        if callee.is_native() {
            let ty_args: &'a [TypeId] = generic.map_or(&[], |g| &g.ty_args);
            return self.call_native(callee, ty_args, (Some(caller), callers), pins);
        }
        if callers.len() >= self.runtime.config.max_call_depth {
            return Err(VmError::new(StatusCode::CALL_STACK_OVERFLOW));
        }
        let base = self.push_arguments(callee)?;
        Ok(Some(Frame::entered(callable, base, generic)))
    }

    /// Moves the callee's arguments from the operand stack into a new locals area; returns
    /// its base.
    fn push_arguments(&mut self, callee: &Function) -> Result<u32, VmError> {
        self.interpreter
            .enter_window(callee.param_count(), callee.frame_slots())
            .ok_or_else(underflow)
    }

    /// Calls `callee` with its arguments on the operand stack: natives run at once (returning
    /// `None`, or the frame of the Move function a dispatching native calls in its place);
    /// Move functions get a new frame. `caller` is the calling frame (none for the entry
    /// function), `callers` the suspended frames below it.
    pub(crate) fn invoke<'a>(
        &mut self,
        callable: Callable<'a>,
        ty_args: Option<Arc<[TypeId]>>,
        (caller, callers): (Option<&Frame<'a>>, &[Frame<'a>]),
        pins: &mut Pins<'a>,
    ) -> Result<Option<Frame<'a>>, VmError> {
        let callee = callable.0;
        let args: &[TypeId] = ty_args.as_deref().unwrap_or(&[]);
        if callee.is_native() {
            return self.call_native(callee, args, (caller, callers), pins);
        }
        if callers.len() >= self.runtime.config.max_call_depth {
            return Err(VmError::new(StatusCode::CALL_STACK_OVERFLOW));
        }
        // The type slots first: their limits are checked before the frame exists.
        let resolved = match caller {
            Some(_) => self
                .resolved_slots(callee, args)
                .map_err(|e| crate::interpreter::frame_entry_error(e, callers))?,
            None => self.resolved_slots(callee, args)?,
        };
        let base = self.push_arguments(callee)?;
        let generic = ty_args.map(|ty_args| pins.instance(callee, ty_args, resolved));
        Ok(Some(Frame::entered(callable, base, generic)))
    }

    /// Runs a native with its arguments popped from the operand stack; errors are located at
    /// the native's module with offset 0. A native that dispatches
    /// ([`NativeResult::CallFunction`]) returns the frame of the function it calls.
    pub(crate) fn call_native<'a>(
        &mut self,
        f: &Function,
        ty_args: &[TypeId],
        (caller, callers): (Option<&Frame<'a>>, &[Frame<'a>]),
        pins: &mut Pins<'a>,
    ) -> Result<Option<Frame<'a>>, VmError> {
        // The native runs in place of a frame: its callers are the suspended frames, whose
        // trace is built only for an error (perf: built on every call, it cost a module-id
        // clone per suspended frame per native call).
        let locate = |e: VmError| locate_native(e, f, callers);
        // perf: borrowed from the function, not cloned (an `Arc` clone and drop per call).
        let Some(native) = f.native.as_deref() else {
            return Err(locate(
                VmError::new(StatusCode::MISSING_DEPENDENCY)
                    .with_message(format!("Missing Native Function `{}`", f.name)),
            ));
        };
        let n = f.param_count();
        // perf: the arguments are read where they lie on the operand stack (popped: they stay
        // in its buffer until the next push), not copied into a vector per call.
        let args: &[Value] = self
            .interpreter
            .operands
            .pop_top_values(n)
            .ok_or_else(underflow)?;
        let mut ctx = NativeContext::new(
            &mut self.heap,
            self.runtime,
            &mut self.interpreter.locals,
            &mut self.extensions,
            crate::natives::GlobalsView::new(&self.globals, self.storage, self.link_check),
            self.interpreter
                .schedule
                .as_deref()
                .filter(|_| self.interpreter.fuel != u64::MAX),
        );
        let result = native(&mut ctx, ty_args, args);
        let charged = ctx.gas_charged;
        match self.interpreter.fuel.checked_sub(charged) {
            Some(left) => self.interpreter.fuel = left,
            None => {
                self.interpreter.fuel = 0;
                return Err(locate(crate::gas::out_of_gas()));
            }
        }
        match result.map_err(locate)? {
            NativeResult::Return(values) => {
                for v in values {
                    // What a native made counts toward the heap's quota, as a copy does.
                    if let Value::Container(_) = v {
                        self.heap.charge_retained(v).map_err(locate)?;
                    }
                    self.push(v)?;
                }
                Ok(None)
            }
            NativeResult::Abort(code) => Err(locate(
                VmError::new(StatusCode::ABORTED).with_sub_status(code),
            )),
            NativeResult::BorrowGlobal {
                address,
                ty,
                mutable,
                missing,
            } => {
                let slot = self.global_slot(address, ty).map_err(locate)?;
                let Some(c) = slot.value else {
                    return Err(locate(
                        VmError::new(StatusCode::ABORTED).with_sub_status(missing),
                    ));
                };
                slot.dirty |= mutable;
                self.push(Value::Ref(crate::values::Ref {
                    place: crate::values::Place::Whole(c),
                }))?;
                Ok(None)
            }
            NativeResult::CallFunction {
                module,
                function,
                ty_args,
                args,
            } => {
                let caller = caller.ok_or_else(|| {
                    locate(invariant("a dispatching native needs a calling frame"))
                })?;
                let target = self
                    .dispatch_target(f, &module, function.as_str(), args)
                    .map_err(locate)?;
                let target: Callable<'a> = pins.pin(target);
                self.enter_dispatched(f, target, ty_args, (caller, callers), pins)
                    .map_err(locate)
            }
        }
    }

    /// The Move function a native dispatches to, checked as Aptos checks a native dynamic
    /// dispatch, with `args` pushed as its arguments: it must load, be public, be a Move
    /// function of another module than the native `f`'s, and have `f`'s type parameters and
    /// results and `f`'s parameters less the last one (`RUNTIME_DISPATCH_ERROR` otherwise).
    fn dispatch_target(
        &mut self,
        f: &Function,
        module: &tern_primitives::ModuleId,
        name: &str,
        args: Vec<Value>,
    ) -> Result<LinkedFunction, VmError> {
        let dispatch_error =
            |m: &str| VmError::new(StatusCode::RUNTIME_DISPATCH_ERROR).with_message(m.to_string());
        let target = self.function(module, name)?;
        if !target.is_public() || target.id.module == f.id.module {
            return Err(dispatch_error(
                "Invoking private or friend function during dispatch",
            ));
        }
        if target.is_native() {
            return Err(dispatch_error("Invoking native function during dispatch"));
        }
        let Some((_, params)) = f.params.split_last() else {
            return Err(invariant(
                "Dispatch functions have at least 1 argument (function information)",
            ));
        };
        if f.type_params != target.type_params
            || f.returns != target.returns
            || params != &target.params[..]
        {
            return Err(dispatch_error("Invoking function with incompatible type"));
        }
        if args.len() != target.params.len() {
            return Err(invariant("dispatch with the wrong number of arguments"));
        }
        for v in args {
            self.push(v)?;
        }
        Ok(target)
    }

    /// Enters `target`, which the native `f` dispatches to, with its arguments on the stack:
    /// the call takes a module lock (released when `target` returns), under which a target
    /// whose module is already running fails with `RUNTIME_DISPATCH_ERROR`.
    fn enter_dispatched<'a>(
        &mut self,
        f: &Function,
        target: Callable<'a>,
        ty_args: Vec<TypeId>,
        (caller, callers): (&Frame<'a>, &[Frame<'a>]),
        pins: &mut Pins<'a>,
    ) -> Result<Option<Frame<'a>>, VmError> {
        self.interpreter.module_locks += 1;
        self.interpreter.dispatch_depths.push(callers.len() + 1);
        self.check_module_lock(caller, callers, target.0)?;
        self.dispatch_types(f, target.0, &ty_args)?;
        let entered = self.invoke(target, non_empty(ty_args), (Some(caller), callers), pins)?;
        Ok(self.count_module_lock(entered))
    }

    /// `pack_closure`: packs the closure of `body`'s closure site `site`, capturing the operands
    /// its mask names.
    pub(crate) fn pack_closure(
        &mut self,
        frame: &Frame<'_>,
        body: &Body,
        site: u16,
    ) -> Result<(), VmError> {
        let site = body
            .closures
            .get(usize::from(site))
            .ok_or_else(|| invariant("closure site out of range"))?
            .clone();
        let function = self.resolve(frame.links, site.handle)?;
        let ty_args = self.instantiate_types(&site.type_args, frame.ty_args())?;
        // The closure's function type is built from the instantiated signature.
        self.instantiate_types(&function.params, &ty_args)?;
        self.instantiate_types(&function.returns, &ty_args)?;
        let count = site.mask.count_ones() as usize;
        let captured: Vec<Value> = self
            .interpreter
            .operands
            .take_top(count)
            .ok_or_else(|| crate::interpreter::missing_operands(count))?;
        // As the peer checks captured values: each must be at most the limit deep, counting a
        // container and the values in it (`Heap::depth`; the peer counts from 0 against the
        // limit less one, the same bound).
        let mut depth = 0;
        for v in &captured {
            depth = depth.max(self.heap.depth(*v)?);
        }
        if depth > self.runtime.config.max_value_depth {
            for v in captured {
                self.heap.free_value(v);
            }
            return Err(VmError::new(StatusCode::VM_MAX_VALUE_DEPTH_REACHED));
        }
        let ty_args = self.runtime.write()?.types.intern_list(&ty_args);
        let id = self.heap.alloc(Container::Closure(Arc::new(Closure {
            target: ClosureTarget::Resolved(function),
            ty_args,
            mask: site.mask,
            captured,
        })));
        self.push(Value::Container(id))
    }

    /// `call_closure`: calls the closure under its arguments (the frame to enter, if any).
    pub(crate) fn call_closure<'a>(
        &mut self,
        frame: &Frame<'a>,
        callers: &[Frame<'a>],
        body: &Body,
        slot: TypeSlot,
        pins: &mut Pins<'a>,
    ) -> Result<Option<Frame<'a>>, VmError> {
        let _fn_type = self.slot_type(frame, body, slot)?;
        let Value::Container(c) = self.pop()? else {
            return Err(type_mismatch("call of a non-closure"));
        };
        let Container::Closure(closure) = self.heap.take(c)? else {
            return Err(type_mismatch("call of a non-closure"));
        };
        // perf: a function pinned before is found without touching its reference count.
        let callable: Callable<'a> = match &closure.target {
            ClosureTarget::Resolved(f) => pins.pin_shared(f),
            ClosureTarget::Unresolved { module, name, .. } => {
                let f = self.function(module, name.as_str())?;
                pins.pin(f)
            }
        };
        let function = callable.0;
        let limit = self.runtime.config.max_operand_stack;
        place_closure_args(
            &mut self.interpreter.operands,
            &closure,
            function.param_count(),
            limit,
        )
        .map_err(|failure| match failure {
            ArgsFailure::Mismatch => invariant("closure argument count mismatch"),
            ArgsFailure::Underflow => underflow(),
            ArgsFailure::Overflow => VmError::new(StatusCode::EXECUTION_STACK_OVERFLOW),
        })?;
        let ty_args = if closure.ty_args == TypeListId::EMPTY {
            Vec::new()
        } else {
            self.runtime.read()?.types.list(closure.ty_args).to_vec()
        };
        self.check_module_lock(frame, callers, function)?;
        let entered = self.invoke(callable, non_empty(ty_args), (Some(frame), callers), pins)?;
        Ok(self.count_entered(function, entered))
    }
}

/// `e` located at the native `f` (its module, offset 0), with the execution state of its
/// `callers` unless it has one.
fn locate_native(mut e: VmError, f: &Function, callers: &[Frame<'_>]) -> VmError {
    let d = e.data_mut();
    if let Some(m) = &f.id.module {
        d.location = Location::Module(m.clone());
    }
    d.offsets = vec![(f.id.def_index, 0)];
    if d.exec_state.is_none() {
        d.exec_state = Some(crate::interpreter::stack_trace(callers));
    }
    e
}

/// Why a closure's arguments could not be placed on the operand stack.
pub(crate) enum ArgsFailure {
    /// The capture mask does not place every captured value among the parameters.
    Mismatch,
    /// Fewer given arguments are on the stack than the parameters not captured.
    Underflow,
    /// The arguments would exceed the operand-stack limit.
    Overflow,
}

/// Interleaves `closure`'s captured values with the given arguments at the top of the operand
/// stack, so that the callee's `params` arguments stand there in parameter order. Nothing
/// changes on failure.
pub(crate) fn place_closure_args(
    operands: &mut OperandStack,
    closure: &Closure,
    params: usize,
    limit: usize,
) -> Result<(), ArgsFailure> {
    let captured = &closure.captured;
    let placed = match params {
        0..64 => closure.mask & ((1u64 << params) - 1),
        _ => closure.mask,
    };
    if placed.count_ones() as usize != captured.len() {
        return Err(ArgsFailure::Mismatch);
    }
    // The mask places every captured value, so the indices below cannot run out.
    let provided = params - captured.len();
    let start = operands
        .len()
        .checked_sub(provided)
        .ok_or(ArgsFailure::Underflow)?;
    if start + params > limit {
        return Err(ArgsFailure::Overflow);
    }
    if captured.is_empty() {
        // The given arguments are all there is, already in order.
        return Ok(());
    }
    // perf: in place, from the back (each given value moves up, never over one not yet
    // moved), without a buffer.
    if !operands.resize(start + params, Value::Invalid) {
        return Err(ArgsFailure::Overflow);
    }
    let operands = operands.as_mut_slice();
    let (mut k, mut j) = (captured.len(), provided);
    for i in (0..params).rev() {
        let src = if i < 64 && closure.mask & (1 << i) != 0 {
            k -= 1;
            captured.get(k)
        } else {
            j -= 1;
            operands.get(start + j)
        };
        // perf: a u64 moves as tag and payload (store forwarding, see `exec.rs`).
        let v = match src {
            Some(&Value::U64(x)) => Value::U64(x),
            Some(&v) => v,
            None => continue,
        };
        if let Some(slot) = operands.get_mut(start + i) {
            *slot = v;
        }
    }
    Ok(())
}

/// `Some` list for a generic call, `None` for none.
fn non_empty(ty_args: Vec<TypeId>) -> Option<Arc<[TypeId]>> {
    (!ty_args.is_empty()).then(|| ty_args.into())
}

impl Session<'_> {
    /// Frees the locals a returning frame still holds and drops its locals area.
    ///
    /// perf: inlined into the dispatch loops' return arms (left to the compiler, it was called
    /// out of line once `fast_step` listed every op: fib and the call loops 3-8 % more host
    /// instructions).
    #[inline(always)]
    pub(crate) fn release_frame(&mut self, frame: &Frame<'_>) {
        let base = frame.base as usize;
        let locals = &mut self.interpreter.locals;
        if base < locals.len() {
            // perf: a function whose locals are all primitives or references owns nothing
            // when it returns (a load-time fact, `Entry::scalar_locals`).
            let owned = if frame.function.entry.scalar_locals {
                &[][..]
            } else {
                locals.get(base..).unwrap_or_default()
            };
            for v in owned {
                if let Value::Container(c) = v {
                    self.heap.free_tree(*c);
                }
            }
            locals.truncate(base);
        }
    }
}
