//! The dispatch loop.

use super::fast::{data_step, fast_step, Fast, STORE_PATH_SKIP};
use super::modes::{
    CostSchedule, InstructionCount, Meter, Observed, Observer, Unmetered, Unobserved,
};
use super::ops::calls::place_closure_args;
use super::ops::enums::{enum_branch_fast, pack_plain_variant_into};
use super::ops::locals::{is_scalar, loc_st_loc_fast};
use super::ops::refs::field_elem_field_read_fast;
use super::ops::vector::{vec_borrow_write_u64, vec_push_back_loc_fast};
use super::typecheck::reads_locals_only;
use super::{locate, Callable, Frame, GenericFrame, OperandStack, Pins};
use crate::loader::{Body, Callee, ConstValue, Function, ModuleLinks};
use crate::session::Session;
use crate::types::TypeListId;
use crate::values::{Closure, ClosureTarget, Container, Heap, Value};
use std::sync::Arc;
use tern_ir::{field_path, vec_push, vec_read, Op};
use tern_primitives::{StatusCode, VmError};

/// Why the inner loop left a frame.
pub(crate) enum Exit<'a> {
    /// The frame calls through this function handle (the pc is past the call).
    Call(u16),
    /// The frame entered this callee (the pc is past the call).
    Enter(Frame<'a>),
    /// The entry frame returned.
    Done,
}

/// What the loop does after an op run by [`Session::step`].
pub(crate) enum Flow<'a> {
    /// Go on at the next op.
    Next,
    /// Go on at this pc.
    Jump(u32),
    /// Enter this frame (the caller resumes at the next op).
    Call(Frame<'a>),
    /// The frame returned (its locals are already released).
    Return,
}

/// Enters the callee of `handle` from `frame` when it is a resolved, non-generic Move
/// function whose arguments are on `ops` and the call depth (`depth` suspended frames) is
/// below `max_depth` ([`Session::enter_linked`]); `None` leaves everything as it was.
#[inline(always)]
fn enter_plain<'a>(
    frame: &Frame<'a>,
    depth: usize,
    max_depth: usize,
    handle: u16,
    locals: &mut Vec<Value>,
    ops: &mut OperandStack,
) -> Option<Frame<'a>> {
    let links: &'a ModuleLinks = frame.links;
    let resolved: &'a Callee = links.resolved.get(usize::from(handle))?.get()?;
    let callee: &'a Function = &resolved.function;
    if !callee.entry.plain || depth >= max_depth {
        return None;
    }
    let (params, slots) = (callee.entry.params as usize, callee.entry.slots as usize);
    let base = super::enter_window(locals, ops, params, slots)?;
    Some(Frame::entered((callee, resolved.links(links)), base, None))
}

/// The callee of call site `handle` of a unit whose tables are `links` when it is a native
/// already resolved (its module loaded, its implementation registered): what the dispatch
/// loop runs in place.
#[inline]
fn linked_native(links: &ModuleLinks, handle: u16) -> Option<&Function> {
    let callee: &Function = &links.resolved.get(usize::from(handle))?.get()?.function;
    (callee.is_native() && callee.native.is_some()).then_some(callee)
}

impl Session<'_> {
    /// Runs from `entry` until it returns; return values are left on the operand stack.
    ///
    /// The inner loop ([`Session::run_loop`]) runs frames until a call needs the general
    /// path or a callee takes a module lock; this loop chooses the inner loop's meter and
    /// observer for the run and takes those calls.
    pub(crate) fn run_frames<'a>(
        &mut self,
        entry: Frame<'a>,
        pins: &mut Pins<'a>,
    ) -> Result<(), VmError> {
        let mut frames: Vec<Frame<'a>> = Vec::with_capacity(32);
        let mut frame = entry;
        self.interpreter.module_locks = u32::from(frame.function.entry.locking);
        self.interpreter.dispatch_depths.clear();
        loop {
            // perf: an unmetered run (the budget is `u64::MAX` and nothing can exhaust it)
            // uses a loop that does not count instructions. Under a module lock every call
            // needs the general path's check: the observed loop runs, which takes it.
            let observed = self.interpreter.trace.is_some()
                || self.interpreter.checker.is_some()
                || self.interpreter.module_locks > 0;
            let metered = self.interpreter.fuel != u64::MAX;
            let (f, fs) = (&mut frame, &mut frames);
            let exit = match (observed, metered, self.interpreter.schedule.is_some()) {
                (false, false, _) => self.run_loop::<Unmetered, Unobserved>(f, fs, pins),
                (false, true, false) => self.run_loop::<InstructionCount, Unobserved>(f, fs, pins),
                (false, true, true) => self.run_loop_apart::<CostSchedule, Unobserved>(f, fs, pins),
                (true, false, _) => self.run_loop_apart::<Unmetered, Observed>(f, fs, pins),
                (true, true, false) => {
                    self.run_loop_apart::<InstructionCount, Observed>(f, fs, pins)
                }
                (true, true, true) => self.run_loop_apart::<CostSchedule, Observed>(f, fs, pins),
            };
            match exit? {
                Exit::Call(handle) => {
                    let pc = frame.pc.wrapping_sub(1);
                    let entered = self
                        .call(&frame, &frames, handle, pins)
                        .map_err(|e| locate(e, &frames, &frame, pc))?;
                    if self.interpreter.trace.is_some() {
                        let function: &'a Function = frame.function;
                        let source = frame.links.instruction(function.id.def_index, pc);
                        self.trace_instruction(function, pc, source);
                    }
                    if let Some(callee) = entered {
                        let resume_at = frame.pc;
                        frame.enter(&mut frames, resume_at, callee);
                    }
                }
                Exit::Enter(callee) => {
                    let resume_at = frame.pc;
                    frame.enter(&mut frames, resume_at, callee);
                }
                Exit::Done => return Ok(()),
            }
        }
    }

    /// Enters the callee of `handle` when it is a resolved, non-generic Move function whose
    /// arguments are on the stack and the call depth allows it: the common call, with no
    /// type arguments to instantiate and nothing to look up. `None` leaves everything as it
    /// was for the general path.
    #[inline(always)]
    fn enter_linked<'a>(
        &mut self,
        ops: &mut OperandStack,
        frame: &Frame<'a>,
        depth: usize,
        handle: u16,
    ) -> Option<Frame<'a>> {
        let max_depth = self.runtime.config.max_call_depth;
        enter_plain(
            frame,
            depth,
            max_depth,
            handle,
            &mut self.interpreter.locals,
            ops,
        )
    }

    /// A frame for `callee` whose arguments are on the operand stack (`None` when fewer
    /// operands are there).
    #[inline(always)]
    fn new_frame<'a>(
        &mut self,
        ops: &mut OperandStack,
        callable: Callable<'a>,
        generic: Option<&'a Arc<GenericFrame>>,
    ) -> Option<Frame<'a>> {
        let callee = callable.0;
        let (params, slots) = (callee.entry.params as usize, callee.entry.slots as usize);
        let base = super::enter_window(&mut self.interpreter.locals, ops, params, slots)?;
        Some(Frame::entered(callable, base, generic))
    }

    /// Enters the callee of instantiation `inst` when the caller is not generic and a
    /// previous call already instantiated it ([`ModuleLinks::generic_frames`]), the callee
    /// is a Move function and the call depth allows it. `None` leaves everything as it was
    /// for the general path.
    ///
    /// [`ModuleLinks::generic_frames`]: crate::loader::ModuleLinks
    #[inline(always)]
    fn enter_linked_generic<'a>(
        &mut self,
        ops: &mut OperandStack,
        frame: &Frame<'a>,
        depth: usize,
        inst: u16,
    ) -> Option<Frame<'a>> {
        if frame.generic.is_some() || depth >= self.runtime.config.max_call_depth {
            return None;
        }
        let links: &'a ModuleLinks = frame.links;
        let generic = links.generic_frames.get(usize::from(inst))?.get()?;
        let info = links.instantiations.get(usize::from(inst))?;
        let resolved: &'a Callee = links.resolved.get(usize::from(info.handle))?.get()?;
        let callee: &'a Function = &resolved.function;
        // Natives and `module_lock` functions take the general path.
        if !callee.entry.enterable {
            return None;
        }
        self.new_frame(ops, (callee, resolved.links(links)), Some(generic))
    }

    /// `copy_loc local; call_closure` without the copy: enters the function of the closure in
    /// `local` when it is a resolved, non-generic Move function, every captured value is a
    /// primitive (so copying them is what copying the closure would give the callee), and the
    /// call fits the gas, stack and depth limits. `None` leaves everything as it was for the
    /// general path. The `copy_loc` is already charged; this charges the `call_closure`.
    ///
    /// perf: it takes the loop's operand stack, so the loop calls it without handing the
    /// stack back to the session (a swap of the whole stack, whose wide loads stall on the
    /// loop's recent store of `top`, twice per call).
    #[inline(never)]
    fn enter_closure_in_local<'a, M: Meter>(
        &mut self,
        ops: &mut OperandStack,
        frame: &Frame<'a>,
        depth: usize,
        local: u8,
        pins: &mut Pins<'a>,
    ) -> Option<Frame<'a>> {
        if depth >= self.runtime.config.max_call_depth || (M::COUNTS && self.interpreter.fuel == 0)
        {
            return None;
        }
        let Some(&Value::Container(c)) = self
            .interpreter
            .locals
            .get(frame.base as usize + usize::from(local))
        else {
            return None;
        };
        let Some(Container::Closure(closure)) = self.heap.try_get(c) else {
            return None;
        };
        let ClosureTarget::Resolved(target) = &closure.target else {
            return None;
        };
        if closure.ty_args != TypeListId::EMPTY || !closure.captured.iter().all(is_scalar) {
            return None;
        }
        let callable: Callable<'a> = pins.pin_shared(target);
        let function = callable.0;
        if !function.entry.plain {
            return None;
        }
        let limit = self.runtime.config.max_operand_stack;
        // The copied closure is pushed (then popped) before the arguments are placed.
        if ops.len() >= limit {
            return None;
        }
        place_closure_args(ops, closure, function.param_count(), limit).ok()?;
        if M::COUNTS {
            self.interpreter.fuel -= 1;
        }
        let base = super::enter_window(
            &mut self.interpreter.locals,
            ops,
            function.entry.params as usize,
            function.entry.slots as usize,
        )?;
        Some(Frame::entered(callable, base, None))
    }

    /// Runs the resolved native `native` called by `frame` from inside the dispatch loop
    /// (whose operand stack `ops` and budget `fuel` go back into the session around it): the
    /// frame the native dispatches to, if any (its module locks counted as it was entered).
    /// perf: out of line, so that the loop's call arm stays small (inline, it cost the
    /// call-heavy programs 2-3 %).
    #[cold]
    #[inline(never)]
    fn native_in_loop<'a, M: Meter>(
        &mut self,
        ops: &mut OperandStack,
        fuel: &mut u64,
        native: &Function,
        frame: &Frame<'a>,
        frames: &[Frame<'a>],
        pins: &mut Pins<'a>,
    ) -> Result<Option<Frame<'a>>, VmError> {
        if M::METERED {
            self.interpreter.fuel = *fuel;
        }
        std::mem::swap(&mut self.interpreter.operands, ops);
        let result = self.call_native(native, &[], (Some(frame), frames), pins);
        std::mem::swap(&mut self.interpreter.operands, ops);
        if M::METERED {
            *fuel = self.interpreter.fuel;
        }
        // A frame a native dispatched to was counted as it was entered.
        result
    }

    /// Runs `frame` under meter `M` and observer `O` ([`Session::dispatch`]) with the operand
    /// stack and the budget taken out of the session for the loop's duration.
    ///
    /// perf: inlined into `run_frames` for the unobserved, unmetered or counted loops (out of
    /// line, every op measured 1-4 % more host instructions: the loop's code pointer went to
    /// memory); the others run out of line ([`Session::run_loop_apart`]), so that neither
    /// they nor the type checks inlined into them crowd the fast loops' function.
    #[inline(always)]
    fn run_loop<'a, M: Meter, O: Observer>(
        &mut self,
        frame: &mut Frame<'a>,
        frames: &mut Vec<Frame<'a>>,
        pins: &mut Pins<'a>,
    ) -> Result<Exit<'a>, VmError> {
        // The placeholder left in the session is a two-slot allocation, made once per entry
        // (not per call or op).
        let mut ops = std::mem::take(&mut self.interpreter.operands);
        let mut fuel = self.interpreter.fuel;
        let exit = self.dispatch::<M, O>(&mut ops, &mut fuel, frame, frames, pins);
        self.interpreter.operands = ops;
        if M::METERED {
            self.interpreter.fuel = fuel;
        }
        exit
    }

    /// [`Session::run_loop`] out of line: the loops that observe or price each instruction.
    #[inline(never)]
    fn run_loop_apart<'a, M: Meter, O: Observer>(
        &mut self,
        frame: &mut Frame<'a>,
        frames: &mut Vec<Frame<'a>>,
        pins: &mut Pins<'a>,
    ) -> Result<Exit<'a>, VmError> {
        self.run_loop::<M, O>(frame, frames, pins)
    }

    /// The dispatch loop: runs `frame`, entering callees and returning to callers itself,
    /// until a call needs the general path or the entry frame returns; one loop for every
    /// meter `M` and observer `O`, each choice made at compile time.
    ///
    /// Unobserved and unpriced, each op first takes its fast path ([`fast_step`], then the
    /// super-instructions' own arms) and anything unusual (containers to copy, overflow, a
    /// full stack) falls through to the general [`Session::step`], which raises the exact
    /// error. Observed or priced, the loop runs the original instructions one at a time:
    /// before each, the runtime type checks and its price; after it, its trace record and
    /// the checks of its results.
    ///
    /// The operand stack `ops` is taken out of the session for the loop's duration (the
    /// session holds an empty stack meanwhile): the fast paths reach it as a local, which the
    /// compiler keeps in registers or in the loop's own stack frame instead of reloading it
    /// through the session after every store to a value, and it is put back around every
    /// general-path call (`general!`).
    ///
    /// A metered loop likewise counts down `fuel`, its copy of the session's budget
    /// (`Interpreter::fuel`), which it hands back around everything that reads or charges the session's
    /// budget (`with_budget!`), and which the caller writes back when the loop exits.
    /// perf: charging the session's field directly made every op wait for the previous op's
    /// store to it (one dependent load and store per op): the metered loop ran fib and the
    /// arithmetic loops 75-85 % slower than the unmetered one (`docs/performance.md`, "Where the time goes").
    #[inline(always)]
    fn dispatch<'a, M: Meter, O: Observer>(
        &mut self,
        ops: &mut OperandStack,
        fuel: &mut u64,
        frame: &mut Frame<'a>,
        frames: &mut Vec<Frame<'a>>,
        pins: &mut Pins<'a>,
    ) -> Result<Exit<'a>, VmError> {
        // Runs `$e` with the session's budget up to date (metered), then takes it back.
        macro_rules! with_budget {
            ($e:expr) => {{
                if M::METERED {
                    self.interpreter.fuel = *fuel;
                }
                let r = $e;
                if M::METERED {
                    *fuel = self.interpreter.fuel;
                }
                r
            }};
        }
        // Runs `$e` with the operand stack (and the budget) back in the session.
        macro_rules! general {
            ($e:expr) => {{
                with_budget!({
                    std::mem::swap(&mut self.interpreter.operands, ops);
                    let r = $e;
                    std::mem::swap(&mut self.interpreter.operands, ops);
                    r
                })
            }};
        }
        // Goes on `$n` ops past `$next`: a super-instruction ran them with the op just run
        // (and charges them, metered).
        macro_rules! skip_fused {
            ($next:ident, $n:expr) => {{
                if M::COUNTS {
                    *fuel -= $n;
                }
                $next += $n as u32;
                continue;
            }};
        }
        let mut unmetered = u64::MAX;
        // The cost schedule of a priced loop, held for the loop's duration (not a reference
        // count per instruction).
        let schedule = if M::PRICES {
            self.interpreter.schedule.clone()
        } else {
            None
        };
        'frames: loop {
            let function: &'a Function = frame.function;
            let links: &'a ModuleLinks = frame.links;
            // A native's body is empty: its code is the end-of-code sentinel, which no frame
            // runs (calls of natives never enter the loop), an invariant violation if one did.
            // perf: no check here, on every call and return (`Function::body`).
            let body: &'a Body = &function.body;
            let code: &'a [Op] = body.code.ops();
            let base = frame.base as usize;
            // The original instructions, which an observed or priced loop runs one at a time
            // (looked up once per frame, not per instruction).
            let original: &'a [tern_binary::Bytecode] = if O::ACTIVE || M::PRICES {
                links.code_of(function.id.def_index).unwrap_or(&[])
            } else {
                &[]
            };
            let mut next = frame.pc;
            loop {
                let pc = next;
                debug_assert!((pc as usize) < code.len());
                // SAFETY: `pc` is an index of `code`. `Code::new` appended the `EndOfCode`
                // sentinel (which never continues to a next op) and checked every branch
                // target and every super-instruction's skip stays within the ops; a frame
                // starts at pc 0 and resumes at the pc after its call, so every pc this loop
                // reaches is at most the sentinel's.
                let op = unsafe { code.get_unchecked(pc as usize) };
                next = pc + 1;
                let flow = if O::ACTIVE || M::PRICES {
                    // perf: with the type checks on and no trace, a super-instruction whose
                    // original instructions' checks would all pass runs whole, as in the fast
                    // loops, and their net effect on the type stack is applied: one over `u64`
                    // values whose every local and operand is exactly `u64`
                    // (`TypeChecker::fused_effect`), or one over locals whose checks passed
                    // (remembered per op and type arguments, `Session::unit_effect`). Anything
                    // else (a check not known to pass, a fast path that declines, a budget that
                    // does not cover the whole super-instruction) runs the original
                    // instructions one by one below, which raises any failure at its own
                    // instruction. A schedule prices each original instruction: none runs fused.
                    if !M::PRICES && self.interpreter.trace.is_none() {
                        let checker = self.interpreter.checker.as_deref();
                        let effect = match checker.and_then(|c| c.fused_effect(op, code)) {
                            Some(effect) => Some(effect),
                            // perf: the test here, not only in the call (every other op paid
                            // the call).
                            None if reads_locals_only(op) => {
                                general!(self.unit_effect(frame, frames, op, original, pc))
                                    .map(|pushed| (0, pushed))
                            }
                            None => None,
                        };
                        if let Some(effect) = effect {
                            let locals = &mut self.interpreter.locals;
                            let (at, heap) = (&mut next, &mut self.heap);
                            if run_fused::<M>(code, ops, locals, heap, base, op, at, fuel) {
                                if let Some(checker) = self.interpreter.checker.as_deref_mut() {
                                    checker.apply_fused(effect);
                                }
                                continue;
                            }
                        }
                    }
                    let source = original.get(pc as usize);
                    // The runtime type checks made before an instruction precede its execution
                    // and so its charge, as the peer's do.
                    if let (true, Some(instr)) =
                        (O::ACTIVE && self.interpreter.checker.is_some(), source)
                    {
                        if let Err(e) = general!(self.check_before(frame, frames, instr, pc)) {
                            frame.pc = next;
                            return Err(e);
                        }
                    }
                    if M::METERED {
                        let cost = match (&schedule, source) {
                            (Some(schedule), Some(instr)) => {
                                match general!(self.scheduled_cost(schedule, frame, instr)) {
                                    Ok(cost) => cost,
                                    Err(e) => {
                                        frame.pc = next;
                                        return Err(locate(e, frames, frame, pc));
                                    }
                                }
                            }
                            _ => 1,
                        };
                        let Some(left) = fuel.checked_sub(cost) else {
                            *fuel = 0;
                            frame.pc = next;
                            let err = VmError::new(StatusCode::OUT_OF_GAS);
                            return Err(locate(err, frames, frame, pc));
                        };
                        *fuel = left;
                    }
                    let op = unfused(*op);
                    // The trace's record of a closure call (its name is formatted: only when
                    // tracing).
                    let closure = match op {
                        Op::CallClosure(_) if self.interpreter.trace.is_some() => {
                            general!(self.closure_call())
                        }
                        _ => None,
                    };
                    let flow = match op {
                        Op::Call(handle) => {
                            frame.pc = next;
                            // Under a module lock every call takes the general path.
                            if self.interpreter.module_locks == 0 {
                                if let Some(callee) =
                                    self.enter_linked(ops, frame, frames.len(), handle)
                                {
                                    self.trace_instruction(function, pc, source);
                                    frame.enter(frames, next, callee);
                                    continue 'frames;
                                }
                            }
                            return Ok(Exit::Call(handle));
                        }
                        Op::Ret => Ok(Flow::Return),
                        // perf: the commonest single instructions run in place, as in the fast
                        // loops (anything unusual is left to `step`, which raises the exact
                        // error); a trace records whether a conditional branch jumped, which
                        // only `step` tells when the target is the next op.
                        op if self.interpreter.trace.is_none()
                            || !matches!(op, Op::BrTrue(_) | Op::BrFalse(_)) =>
                        {
                            let mut at = next;
                            let fast = fast_step::<Unmetered>(
                                code,
                                ops,
                                &mut self.interpreter.locals,
                                &mut self.heap,
                                base,
                                &mut at,
                                &op,
                                &mut unmetered,
                            );
                            match fast {
                                Fast::Done if at == next => Ok(Flow::Next),
                                Fast::Done => Ok(Flow::Jump(at)),
                                _ => general!(self.step(frame, frames, body, op, pins)),
                            }
                        }
                        op => general!(self.step(frame, frames, body, op, pins)),
                    };
                    if let (true, Some(trace)) = (O::ACTIVE, self.interpreter.trace.as_deref_mut())
                    {
                        match &flow {
                            Ok(flow) => {
                                if let Some(instr) = source {
                                    record_instruction(trace, function, pc, instr);
                                }
                                if matches!(op, Op::BrTrue(_) | Op::BrFalse(_)) {
                                    trace.branch(matches!(flow, Flow::Jump(_)));
                                }
                                if let Some((name, generic, mask)) = &closure {
                                    trace.closure(name, *generic, *mask);
                                }
                            }
                            // An abort completes: it counts although it raises.
                            Err(e)
                                if matches!(op, Op::Abort | Op::AbortMsg)
                                    && e.status() == StatusCode::ABORTED =>
                            {
                                if let Some(instr) = source {
                                    record_instruction(trace, function, pc, instr);
                                }
                            }
                            Err(_) => {}
                        }
                    }
                    let checked = O::ACTIVE && self.interpreter.checker.is_some();
                    if let (true, Ok(_), Some(instr)) = (checked, &flow, source) {
                        let checked = general!(match flow {
                            Ok(Flow::Return) => self.check_return(frame, frames, pc),
                            _ => self.check_after(frame, frames, instr, pc),
                        });
                        if let Err(e) = checked {
                            frame.pc = next;
                            return Err(e);
                        }
                    }
                    flow
                } else {
                    if M::COUNTS {
                        let Some(left) = fuel.checked_sub(1) else {
                            frame.pc = next;
                            let err = VmError::new(StatusCode::OUT_OF_GAS);
                            return Err(locate(err, frames, frame, pc));
                        };
                        *fuel = left;
                    }
                    // perf: the commonest ops run here without leaving the loop; anything unusual
                    // (containers to copy, overflow, a full stack) falls through to `step`, which
                    // raises the exact error.
                    let gas = if M::COUNTS {
                        &mut *fuel
                    } else {
                        &mut unmetered
                    };
                    // perf: calls and returns leave the first dispatch directly (not through a
                    // second jump table after the fast paths decline them).
                    match fast_step::<M>(
                        code,
                        ops,
                        &mut self.interpreter.locals,
                        &mut self.heap,
                        base,
                        &mut next,
                        op,
                        gas,
                    ) {
                        Fast::Done => continue,
                        Fast::Call(handle) => {
                            if let Some(callee) =
                                self.enter_linked(ops, frame, frames.len(), handle)
                            {
                                frame.enter(frames, next, callee);
                                continue 'frames;
                            }
                            frame.pc = next;
                            // perf: a resolved native runs here, without leaving the loop (the
                            // general path's exit and re-entry cost several Move calls).
                            if let Some(native) = linked_native(links, handle) {
                                match self
                                    .native_in_loop::<M>(ops, fuel, native, frame, frames, pins)
                                {
                                    Ok(None) => continue,
                                    // A dispatching native holds a module lock: the observed loop
                                    // runs its target.
                                    Ok(Some(target)) => return Ok(Exit::Enter(target)),
                                    Err(e) => return Err(locate(e, frames, frame, pc)),
                                }
                            }
                            return Ok(Exit::Call(handle));
                        }
                        Fast::Ret => {
                            self.release_frame(frame);
                            if frame.resume(frames) {
                                continue 'frames;
                            }
                            return Ok(Exit::Done);
                        }
                        Fast::Slow => {}
                    }
                    match *op {
                        Op::CallGeneric(inst) => {
                            if let Some(callee) =
                                self.enter_linked_generic(ops, frame, frames.len(), inst)
                            {
                                frame.enter(frames, next, callee);
                                continue 'frames;
                            }
                            frame.pc = next;
                            general!(self.step(frame, frames, body, Op::CallGeneric(inst), pins))
                        }
                        // A primitive constant from the module's pool.
                        Op::LdConst(i) => match links.constants.get(i as usize) {
                            Some(ConstValue::Prim(v)) if ops.has_room(1) => {
                                ops.push_in_room(*v);
                                continue;
                            }
                            _ => general!(self.step(frame, frames, body, Op::LdConst(i), pins)),
                        },
                        // A wide literal (u128, u256, i128, i256) from the function's table.
                        Op::LdWide(i) => match body.wide.get(i as usize) {
                            Some(&v) if ops.has_room(1) => {
                                ops.push_in_room(v);
                                continue;
                            }
                            _ => general!(self.step(frame, frames, body, Op::LdWide(i), pins)),
                        },
                        Op::CallClosureLoc { local } => {
                            let depth = frames.len();
                            let entered =
                                with_budget!(self
                                    .enter_closure_in_local::<M>(ops, frame, depth, local, pins));
                            match entered {
                                // The callee resumes the caller past the fused `call_closure`.
                                Some(callee) => {
                                    frame.enter(frames, next + 1, callee);
                                    continue 'frames;
                                }
                                // Else the `copy_loc` alone; the `call_closure` follows.
                                None => {
                                    general!(self.step(
                                        frame,
                                        frames,
                                        body,
                                        Op::CopyLoc(local),
                                        pins
                                    ))
                                }
                            }
                        }
                        // perf: `data_step`'s commonest cases run here, inline, each op's own
                        // guard taking it (anything else falls to the next arm): the store form
                        // of a field path with nothing moved and a u64 field, and the other three
                        // over u64 values (with room in the vector, for a push). Out of line, the
                        // call and the register saves around it were about a third of a field
                        // path's cost; through one inline helper with its own match, 1 % more
                        // host instructions than these guards (bst, merge_sort).
                        Op::FieldElemFieldRead {
                            r,
                            f,
                            idx,
                            g,
                            dst,
                            form: field_path::STORE,
                        } if (!M::COUNTS || *fuel >= STORE_PATH_SKIP)
                            && ops.has_room(2)
                            && field_elem_field_read_fast::<true>(
                                ops,
                                &mut self.interpreter.locals,
                                &self.heap,
                                base,
                                (r, f, idx, g, dst, field_path::STORE),
                            ) =>
                        {
                            skip_fused!(next, STORE_PATH_SKIP)
                        }
                        Op::LocStLoc { src, moved, dst }
                            if (!M::COUNTS || *fuel >= 1)
                                && ops.has_room(1)
                                && loc_st_loc_fast::<true>(
                                    &mut self.interpreter.locals,
                                    base,
                                    (src, moved, dst),
                                ) =>
                        {
                            skip_fused!(next, 1)
                        }
                        Op::VecBorrowWrite
                            if (!M::COUNTS || *fuel >= 1)
                                && vec_borrow_write_u64(ops, &mut self.heap) =>
                        {
                            skip_fused!(next, 1)
                        }
                        Op::VecPushBackLoc { vec, value, form }
                            if (!M::COUNTS || *fuel >= 2)
                                && ops.has_room(2)
                                && vec_push_back_loc_fast::<true>(
                                    &mut self.interpreter.locals,
                                    &mut self.heap,
                                    base,
                                    (vec, value, form),
                                ) =>
                        {
                            skip_fused!(next, 2)
                        }
                        // perf: after the first dispatch, not in `fast_step` (see `data_step`).
                        Op::FieldElemFieldRead { .. }
                        | Op::LocStLoc { .. }
                        | Op::VecPushBackLoc { .. }
                        | Op::VecBorrowWrite => {
                            let gas = if M::COUNTS { *fuel } else { u64::MAX };
                            let locals = &mut self.interpreter.locals;
                            match data_step::<M>(ops, locals, &mut self.heap, base, op, gas) {
                                0 => general!(self.step(frame, frames, body, unfused(*op), pins)),
                                skip => {
                                    if M::COUNTS {
                                        *fuel -= u64::from(skip);
                                    }
                                    next += skip;
                                    continue;
                                }
                            }
                        }
                        // perf: here, not in `fast_step`, with no fallback of their own (the last
                        // arm takes a declined one), and `unfused` maps them out of line: in
                        // `fast_step`, or with inline fallbacks, the two enum super-instructions
                        // cost fib and the call loops 7-11 %; as they are, the call loops 3-4 %
                        // (code layout: nothing of theirs runs there), for match_sum_enum 45 ->
                        // 24 ms.
                        // Sui's `borrow_loc; variant_switch` shares the arm (an arm of its own
                        // was measured to slow the whole loop, see performance.md).
                        enum_branch @ (Op::TestVariantLocBr { .. }
                        | Op::VariantSwitchLoc { .. })
                            if ops.has_room(1)
                                && enum_branch_fast::<M>(
                                    &self.interpreter.locals,
                                    &self.heap,
                                    base,
                                    (enum_branch, &body.jump_tables),
                                    (&mut next, fuel),
                                ) =>
                        {
                            continue
                        }
                        Op::PackVariantStLoc { variant, dst }
                            if (!M::COUNTS || *fuel >= 1)
                                && ops.has_room(1)
                                && pack_plain_variant_into(
                                    &mut self.interpreter.locals,
                                    &mut self.heap,
                                    base,
                                    (variant, dst),
                                ) =>
                        {
                            skip_fused!(next, 1)
                        }
                        op => general!(self.step(frame, frames, body, unfused(op), pins)),
                    }
                };
                match flow {
                    Ok(Flow::Next) => {}
                    Ok(Flow::Jump(target)) => next = target,
                    // perf: the callee runs in this loop (leaving it to push the frame costs
                    // the loop's exit and re-entry on every such call), unless an unobserved
                    // loop's callee took a module lock: then the observed loop runs it.
                    Ok(Flow::Call(callee)) => {
                        if !O::ACTIVE && self.interpreter.module_locks > 0 {
                            frame.pc = next;
                            return Ok(Exit::Enter(callee));
                        }
                        frame.enter(frames, next, callee);
                        continue 'frames;
                    }
                    Ok(Flow::Return) => {
                        if O::ACTIVE {
                            self.unlock_returning(frame, frames.len());
                        }
                        self.release_frame(frame);
                        if frame.resume(frames) {
                            continue 'frames;
                        }
                        return Ok(Exit::Done);
                    }
                    Err(e) => {
                        frame.pc = next;
                        return Err(locate(e, frames, frame, pc));
                    }
                }
            }
        }
    }

    /// Counts down the module locks `frame` holds as it returns with `depth` frames below it:
    /// a locking frame's own, and a native dispatch's whose target it is. Locking frames run
    /// only in the observed loop (see `run_frames`).
    fn unlock_returning(&mut self, frame: &Frame<'_>, depth: usize) {
        if frame.function.entry.locking {
            self.interpreter.module_locks = self.interpreter.module_locks.saturating_sub(1);
        }
        if self.interpreter.dispatch_depths.last() == Some(&depth) {
            self.interpreter.dispatch_depths.pop();
            self.interpreter.module_locks = self.interpreter.module_locks.saturating_sub(1);
        }
    }

    /// Records a completed instruction in the trace (when tracing).
    /// perf: out of line, so the dispatch loops it is called from (only when tracing) keep
    /// their code as it was.
    #[inline(never)]
    fn trace_instruction(
        &mut self,
        function: &Function,
        pc: u32,
        source: Option<&tern_binary::Bytecode>,
    ) {
        if let (Some(trace), Some(instr)) = (self.interpreter.trace.as_deref_mut(), source) {
            record_instruction(trace, function, pc, instr);
        }
    }

    /// The function a `call_closure` is about to enter, as the trace names it: name,
    /// whether it has type arguments, and the capture mask.
    fn closure_call(&self) -> Option<(String, bool, u64)> {
        let closure = self.top_closure()?;
        let name =
            crate::loader::full_name(closure.target.module(), closure.target.name().as_str());
        let generic = closure.ty_args != crate::types::TypeListId::EMPTY;
        Some((name, generic, closure.mask))
    }

    /// The closure on top of the operand stack (what a `call_closure` is about to call).
    pub(crate) fn top_closure(&self) -> Option<&Arc<Closure>> {
        let Some(Value::Container(c)) = self.interpreter.operands.last() else {
            return None;
        };
        match self.heap.get(*c) {
            Ok(Container::Closure(closure)) => Some(closure),
            _ => None,
        }
    }
}

/// Runs the super-instruction `op` of an observed frame through its fast path, charging its
/// original instructions when `M` counts: true if it ran (`next` is then the pc it goes on
/// at), false (nothing changed) if the fast path declined or the budget `fuel` does not cover
/// every instruction it runs.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn run_fused<M: Meter>(
    code: &[Op],
    ops: &mut OperandStack,
    locals: &mut Vec<Value>,
    heap: &mut Heap,
    base: usize,
    op: &Op,
    next: &mut u32,
    fuel: &mut u64,
) -> bool {
    if matches!(
        op,
        Op::FieldElemFieldRead { .. }
            | Op::LocStLoc { .. }
            | Op::VecPushBackLoc { .. }
            | Op::VecBorrowWrite
    ) {
        // The data super-instructions run out of the fast loops' first match.
        let skip = if M::COUNTS {
            let Some(gas) = fuel.checked_sub(1) else {
                return false;
            };
            let skip = data_step::<M>(ops, locals, heap, base, op, gas);
            if skip > 0 {
                *fuel = gas - u64::from(skip);
            }
            skip
        } else {
            data_step::<M>(ops, locals, heap, base, op, u64::MAX)
        };
        *next += skip;
        return skip > 0;
    }
    let mut at = *next;
    let done = if M::COUNTS {
        // The first instruction is charged here, as the loops charge every op; the fast path
        // charges the others.
        let Some(mut gas) = fuel.checked_sub(1) else {
            return false;
        };
        let fast = fast_step::<M>(code, ops, locals, heap, base, &mut at, op, &mut gas);
        let done = matches!(fast, Fast::Done);
        if done {
            *fuel = gas;
        }
        done
    } else {
        let mut unmetered = u64::MAX;
        let fast = fast_step::<M>(code, ops, locals, heap, base, &mut at, op, &mut unmetered);
        matches!(fast, Fast::Done)
    };
    if done {
        *next = at;
    }
    done
}

/// Records an executed instruction in the trace, with one `tracing` event for it (target
/// `tern_vm::instructions`) for a subscriber.
fn record_instruction(
    trace: &mut crate::ExecutionTrace,
    function: &Function,
    pc: u32,
    instr: &tern_binary::Bytecode,
) {
    trace.instruction(instr);
    tracing::trace!(
        target: "tern_vm::instructions",
        function = %function.name,
        pc,
        instruction = ?instr,
    );
}

/// The op the general path runs for `op`: a super-instruction's first original op (the ops
/// behind it follow at the next pcs), any other op itself.
#[inline]
fn unfused(op: Op) -> Op {
    match op {
        Op::CmpLocImmBrFalse { local, .. } => Op::CopyLoc(local),
        Op::CmpLocLocBrFalse { a, .. } => Op::CopyLoc(a),
        Op::CallClosureLoc { local } => Op::CopyLoc(local),
        Op::BranchTest(target) => Op::Branch(target),
        Op::BinStLoc { op, .. } => op.op(),
        Op::BorrowFieldLoc {
            local, moved: true, ..
        } => Op::MoveLoc(local),
        Op::BorrowFieldLoc { local, .. } => Op::CopyLoc(local),
        Op::VecBorrowLoc { idx } => Op::CopyLoc(idx),
        Op::VecReadLoc { vec, form, .. } if form & vec_read::BORROW != 0 => Op::BorrowLoc(vec),
        Op::VecReadLoc { vec, .. } => Op::CopyLoc(vec),
        Op::BorrowFieldRead(offset) | Op::BorrowFieldReadStLoc { offset, .. } => {
            Op::BorrowField(offset)
        }
        Op::VecBorrowRead | Op::VecBorrowWrite => Op::VecBorrow,
        Op::FieldElemFieldRead { r, form, .. } if form & field_path::MOVE_REF != 0 => {
            Op::MoveLoc(r)
        }
        Op::FieldElemFieldRead { r, .. } => Op::CopyLoc(r),
        Op::LocStLoc {
            src, moved: true, ..
        } => Op::MoveLoc(src),
        Op::LocStLoc { src, .. } => Op::CopyLoc(src),
        Op::VecPushBackLoc { vec, form, .. } if form & vec_push::BORROW != 0 => Op::BorrowLoc(vec),
        Op::VecPushBackLoc { vec, .. } => Op::CopyLoc(vec),
        Op::BinLocLoc { a, moves, .. } | Op::BinLocLocStLoc { a, moves, .. } if moves & 1 != 0 => {
            Op::MoveLoc(a)
        }
        Op::BinLocLoc { a, .. } | Op::BinLocLocStLoc { a, .. } => Op::CopyLoc(a),
        Op::LdU64StLoc { imm, .. }
        | Op::AddImm(imm)
        | Op::SubImm(imm)
        | Op::MulImm(imm)
        | Op::ModImm(imm)
        | Op::DivImm(imm) => Op::LdU64(imm),
        Op::AddImmI64(imm)
        | Op::SubImmI64(imm)
        | Op::MulImmI64(imm)
        | Op::ModImmI64(imm)
        | Op::DivImmI64(imm) => Op::LdI64(imm),
        Op::ArithLocImmStLoc {
            src, moved: true, ..
        } => Op::MoveLoc(src),
        Op::ArithLocImmStLoc { src, .. } => Op::CopyLoc(src),
        Op::AddLocImmStLoc {
            src, moved: true, ..
        }
        | Op::SubLocImmStLoc {
            src, moved: true, ..
        } => Op::MoveLoc(src),
        Op::AddLocImmStLoc { src, .. } | Op::SubLocImmStLoc { src, .. } => Op::CopyLoc(src),
        Op::AddLocImm {
            src, moved: true, ..
        }
        | Op::SubLocImm {
            src, moved: true, ..
        } => Op::MoveLoc(src),
        Op::AddLocImm { src, .. } | Op::SubLocImm { src, .. } => Op::CopyLoc(src),
        Op::TestVariantLocBr { .. } | Op::VariantSwitchLoc { .. } | Op::PackVariantStLoc { .. } => {
            unfused_enum_op(op)
        }
        other => other,
    }
}

/// [`unfused`] for the enum super-instructions. perf: out of line; as arms of `unfused`
/// (inlined at every general-path call in the loops) they cost fib and the call loops 7-11 %.
#[inline(never)]
#[cold]
fn unfused_enum_op(op: Op) -> Op {
    match op {
        Op::TestVariantLocBr { local, .. } | Op::VariantSwitchLoc { local, .. } => {
            Op::BorrowLoc(local)
        }
        Op::PackVariantStLoc { variant, .. } => Op::PackVariant { variant, fields: 0 },
        other => other,
    }
}
