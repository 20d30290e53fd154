//! The dispatch loop.

use super::arith::{binary, cast, compare, negate, shift, BinOp, CmpOp};
use super::calls::place_closure_args;
use super::modes::{
    CostSchedule, InstructionCount, Meter, Observed, Observer, Unmetered, Unobserved,
};
use super::typecheck::reads_locals_only;
use super::{
    invariant, locate, type_mismatch, underflow, Callable, Frame, GenericFrame, OperandStack, Pins,
};
use crate::loader::{Body, Callee, ConstValue, Function, ModuleLinks};
use crate::session::Session;
use crate::types::TypeListId;
use crate::values::{
    Closure, ClosureTarget, Container, ContainerId, Heap, Place, PrimVec, Ref, Value,
};
use std::sync::Arc;
use tern_ir::{field_path, vec_push, vec_read, FusedArith, FusedBin, Op};
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

/// The ops past the first of an [`Op::FieldElemFieldRead`] of the store form with nothing
/// moved.
const STORE_PATH_SKIP: u64 = field_path::span(field_path::STORE) as u64 - 1;

/// The callee of call site `handle` of a unit whose tables are `links` when it is a native
/// already resolved (its module loaded, its implementation registered): what the dispatch
/// loop runs in place.
#[inline]
fn linked_native(links: &ModuleLinks, handle: u16) -> Option<&Function> {
    let callee: &Function = &links.resolved.get(usize::from(handle))?.get()?.function;
    (callee.is_native() && callee.native.is_some()).then_some(callee)
}

/// Running past the last instruction (code that does not end with a return or a branch,
/// accepted with the verifier off): the peer's `PC_OVERFLOW`, with no message.
#[cold]
fn pc_overflow() -> VmError {
    VmError::new(StatusCode::PC_OVERFLOW)
}

#[cold]
fn stack_overflow() -> VmError {
    VmError::new(StatusCode::EXECUTION_STACK_OVERFLOW)
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
            let observed =
                self.trace.is_some() || self.checker.is_some() || self.interpreter.module_locks > 0;
            let metered = self.interpreter.fuel != u64::MAX;
            let (f, fs) = (&mut frame, &mut frames);
            let exit = match (observed, metered, self.schedule.is_some()) {
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
                    if self.trace.is_some() {
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
            self.schedule.clone()
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
                    if !M::PRICES && self.trace.is_none() {
                        let checker = self.checker.as_deref();
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
                                if let Some(checker) = self.checker.as_deref_mut() {
                                    checker.apply_fused(effect);
                                }
                                continue;
                            }
                        }
                    }
                    let source = original.get(pc as usize);
                    // The runtime type checks made before an instruction precede its execution
                    // and so its charge, as the peer's do.
                    if let (true, Some(instr)) = (O::ACTIVE && self.checker.is_some(), source) {
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
                        Op::CallClosure(_) if self.trace.is_some() => {
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
                        op if self.trace.is_none()
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
                    if let (true, Some(trace)) = (O::ACTIVE, self.trace.as_deref_mut()) {
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
                    let checked = O::ACTIVE && self.checker.is_some();
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
        if let (Some(trace), Some(instr)) = (self.trace.as_deref_mut(), source) {
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

    #[inline]
    pub(crate) fn push(&mut self, v: Value) -> Result<(), VmError> {
        if self.interpreter.operands.push(v) {
            Ok(())
        } else {
            Err(stack_overflow())
        }
    }

    #[inline]
    pub(crate) fn pop(&mut self) -> Result<Value, VmError> {
        self.interpreter.operands.pop().ok_or_else(underflow)
    }

    #[inline]
    fn pop_bool(&mut self) -> Result<bool, VmError> {
        match self.pop()? {
            Value::Bool(b) => Ok(b),
            v => Err(self.cannot_cast(v, "bool")),
        }
    }

    #[inline]
    pub(crate) fn local(&self, frame: &Frame<'_>, i: u8) -> Result<Value, VmError> {
        self.interpreter
            .locals
            .get(frame.base as usize + usize::from(i))
            .copied()
            .ok_or_else(|| invariant("local index out of range"))
    }

    #[inline]
    pub(crate) fn set_local(
        &mut self,
        frame: &Frame<'_>,
        i: u8,
        v: Value,
    ) -> Result<Value, VmError> {
        let slot = self
            .interpreter
            .locals
            .get_mut(frame.base as usize + usize::from(i))
            .ok_or_else(|| invariant("local index out of range"))?;
        Ok(std::mem::replace(slot, v))
    }

    /// Executes one op (the first original op of a super-instruction).
    fn step<'a>(
        &mut self,
        frame: &Frame<'a>,
        callers: &[Frame<'a>],
        body: &crate::loader::Body,
        op: Op,
        pins: &mut Pins<'a>,
    ) -> Result<Flow<'a>, VmError> {
        match op {
            Op::Pop => {
                let v = self.pop()?;
                self.heap.free_value(v);
            }
            Op::Ret => return Ok(Flow::Return),
            Op::BrTrue(t) => {
                if self.pop_bool()? {
                    return Ok(Flow::Jump(t));
                }
            }
            Op::BrFalse(t) => {
                if !self.pop_bool()? {
                    return Ok(Flow::Jump(t));
                }
            }
            Op::Branch(t) => return Ok(Flow::Jump(t)),
            Op::EndOfCode => return Err(pc_overflow()),
            Op::Fail(i) => {
                return Err(body
                    .failures
                    .get(usize::from(i))
                    .cloned()
                    .unwrap_or_else(|| invariant("failure index out of range")))
            }
            Op::CheckedPack(i) => {
                let pack = body
                    .checked_packs
                    .get(usize::from(i))
                    .ok_or_else(|| invariant("checked pack index out of range"))?;
                // The frame's resolution of the pack's own slot carries the checks' outcome.
                self.slot_type(frame, body, pack.slot)?;
                return self.step(frame, callers, body, pack.op, pins);
            }
            Op::LdU8(v) => self.push(Value::U8(v))?,
            Op::LdU16(v) => self.push(Value::U16(v))?,
            Op::LdU32(v) => self.push(Value::U32(v))?,
            Op::LdU64(v) => self.push(Value::U64(v))?,
            Op::LdI8(v) => self.push(Value::I8(v))?,
            Op::LdI16(v) => self.push(Value::I16(v))?,
            Op::LdI32(v) => self.push(Value::I32(v))?,
            Op::LdI64(v) => self.push(Value::I64(v))?,
            Op::LdWide(i) => {
                let v = *body
                    .wide
                    .get(i as usize)
                    .ok_or_else(|| invariant("bad literal"))?;
                self.push(v)?
            }
            Op::LdConst(i) => self.load_constant(frame, i)?,
            Op::LdTrue => self.push(Value::Bool(true))?,
            Op::LdFalse => self.push(Value::Bool(false))?,
            Op::CopyLoc(i) => {
                let v = match self.local(frame, i)? {
                    Value::Invalid => {
                        return Err(invariant(&format!(
                            "cannot copy invalid value at index {i}"
                        )))
                    }
                    v @ Value::Container(_) => self.heap.copy_value(v)?,
                    v => v,
                };
                self.push(v)?
            }
            Op::MoveLoc(i) => {
                let v = self.set_local(frame, i, Value::Invalid)?;
                if let Value::Invalid = v {
                    return Err(invariant(&format!(
                        "cannot move invalid value at index {i}"
                    )));
                }
                self.push(v)?
            }
            Op::StLoc(i) => {
                let v = self.pop()?;
                let old = self.set_local(frame, i, v)?;
                self.heap.free_value(old);
            }
            Op::BorrowLoc(i) => self.borrow_local(frame, i)?,
            Op::BorrowField(offset) => self.borrow_field(offset)?,
            Op::BorrowVariantField { offset, variants } => {
                self.borrow_variant_field(body, offset, variants)?
            }
            Op::Call(h) => return Ok(call_flow(self.call(frame, callers, h, pins)?)),
            Op::CallGeneric(i) => {
                return Ok(call_flow(self.call_generic(frame, callers, i, pins)?))
            }
            Op::Pack(n) => self.pack(n, None)?,
            Op::Unpack(n) => self.unpack(n)?,
            Op::PackVariant { variant, fields } => self.pack(fields, Some(variant))?,
            Op::UnpackVariant { check, fields } => self.unpack_variant(body, check, fields)?,
            Op::TestVariant(v) => self.test_variant(v)?,
            Op::UnpackVariantRef { check, fields } => {
                self.unpack_variant_ref(body, check, fields)?
            }
            Op::VariantSwitch(table) => return Ok(Flow::Jump(self.variant_switch(body, table)?)),
            Op::ReadRef => self.read_ref()?,
            Op::WriteRef => self.write_ref()?,
            Op::FreezeRef | Op::Nop => {}
            Op::Add => self.binop(BinOp::Add)?,
            Op::Sub => self.binop(BinOp::Sub)?,
            Op::Mul => self.binop(BinOp::Mul)?,
            Op::Mod => self.binop(BinOp::Mod)?,
            Op::Div => self.binop(BinOp::Div)?,
            Op::BitOr => self.binop(BinOp::BitOr)?,
            Op::BitAnd => self.binop(BinOp::BitAnd)?,
            Op::Xor => self.binop(BinOp::Xor)?,
            Op::Or => {
                let (b, a) = (self.pop_bool()?, self.pop_bool()?);
                self.push(Value::Bool(a || b))?
            }
            Op::And => {
                let (b, a) = (self.pop_bool()?, self.pop_bool()?);
                self.push(Value::Bool(a && b))?
            }
            Op::Not => {
                let a = self.pop_bool()?;
                self.push(Value::Bool(!a))?
            }
            Op::Eq | Op::Neq => {
                let (b, a) = (self.pop()?, self.pop()?);
                // The top operand first, as the peer compares (and names them in an error).
                let eq = self
                    .values_equal(b, a)
                    .map_err(|e| self.with_operands_described(e, &[b, a]))?;
                self.heap.free_value(a);
                self.heap.free_value(b);
                self.push(Value::Bool(eq == (op == Op::Eq)))?
            }
            Op::Lt => self.cmp(CmpOp::Lt)?,
            Op::Gt => self.cmp(CmpOp::Gt)?,
            Op::Le => self.cmp(CmpOp::Le)?,
            Op::Ge => self.cmp(CmpOp::Ge)?,
            Op::Shl | Op::Shr => {
                let (n, a) = (self.pop()?, self.pop()?);
                let r = shift(op == Op::Shl, a, n)
                    .map_err(|e| self.with_operands_described(e, &[a, n]))?;
                self.push(r)?
            }
            Op::Cast(kind) => {
                let a = self.pop()?;
                let r = cast(a, kind).map_err(|e| self.with_operands_described(e, &[a]))?;
                self.push(r)?
            }
            Op::Negate => {
                let a = self.pop()?;
                let r = negate(a).map_err(|e| self.with_operands_described(e, &[a]))?;
                self.push(r)?
            }
            Op::Abort => {
                let code = match self.pop()? {
                    Value::U64(c) => c,
                    v => return Err(self.cannot_cast(v, "u64")),
                };
                return Err(VmError::new(StatusCode::ABORTED).with_sub_status(code));
            }
            Op::AbortMsg => return Err(self.abort_msg()),
            Op::Exists(t) => self.exists(frame, callers, body, t)?,
            Op::BorrowGlobal { ty, mutable } => {
                self.borrow_global(frame, callers, body, ty, mutable)?
            }
            Op::MoveFrom(t) => self.move_from(frame, callers, body, t)?,
            Op::MoveTo(t) => self.move_to(frame, callers, body, t)?,
            Op::VecPack(t, n) => self.vec_pack(frame, body, t, n)?,
            Op::VecLen => self.vec_len()?,
            Op::VecBorrow => self.vec_borrow()?,
            Op::VecPushBack => self.vec_push_back()?,
            Op::VecPopBack => self.vec_pop_back()?,
            Op::VecUnpack(n) => self.vec_unpack(n)?,
            Op::VecSwap => self.vec_swap()?,
            Op::PackClosure(i) => self.pack_closure(frame, body, i)?,
            Op::CallClosure(t) => {
                return Ok(call_flow(self.call_closure(frame, callers, body, t, pins)?))
            }
            // `unfused` replaced every super-instruction by its first op.
            Op::CmpLocImmBrFalse { .. }
            | Op::CmpLocLocBrFalse { .. }
            | Op::BinLocLoc { .. }
            | Op::BinLocLocStLoc { .. }
            | Op::BorrowFieldRead(_)
            | Op::VecBorrowRead
            | Op::LdU64StLoc { .. }
            | Op::CallClosureLoc { .. }
            | Op::BranchTest(_)
            | Op::BinStLoc { .. }
            | Op::VecReadLoc { .. }
            | Op::BorrowFieldLoc { .. }
            | Op::VecBorrowLoc { .. }
            | Op::BorrowFieldReadStLoc { .. }
            | Op::AddImm(_)
            | Op::SubImm(_)
            | Op::MulImm(_)
            | Op::ModImm(_)
            | Op::DivImm(_)
            | Op::AddImmI64(_)
            | Op::SubImmI64(_)
            | Op::MulImmI64(_)
            | Op::ModImmI64(_)
            | Op::DivImmI64(_)
            | Op::ArithLocImmStLoc { .. }
            | Op::AddLocImmStLoc { .. }
            | Op::SubLocImmStLoc { .. }
            | Op::AddLocImm { .. }
            | Op::SubLocImm { .. }
            | Op::FieldElemFieldRead { .. }
            | Op::LocStLoc { .. }
            | Op::VecPushBackLoc { .. }
            | Op::VecBorrowWrite
            | Op::TestVariantLocBr { .. }
            | Op::VariantSwitchLoc { .. }
            | Op::PackVariantStLoc { .. } => return Err(invariant("unexpanded super-instruction")),
        }
        Ok(Flow::Next)
    }

    #[inline(always)]
    fn binop(&mut self, op: BinOp) -> Result<(), VmError> {
        let (b, a) = (self.pop()?, self.pop()?);
        // perf: the u64 case inline; other widths go through the general routine.
        let r = match (op, a, b) {
            (BinOp::Add, Value::U64(x), Value::U64(y)) if x.checked_add(y).is_some() => {
                Value::U64(x.wrapping_add(y))
            }
            (BinOp::Sub, Value::U64(x), Value::U64(y)) if x >= y => Value::U64(x - y),
            _ => binary(op, a, b).map_err(|e| self.with_operands_described(e, &[a, b]))?,
        };
        self.push(r)
    }

    #[inline(always)]
    fn cmp(&mut self, op: CmpOp) -> Result<(), VmError> {
        let (b, a) = (self.pop()?, self.pop()?);
        let r = match (a, b) {
            (Value::U64(x), Value::U64(y)) => match op {
                CmpOp::Lt => x < y,
                CmpOp::Gt => x > y,
                CmpOp::Le => x <= y,
                CmpOp::Ge => x >= y,
            },
            _ => compare(op, a, b).map_err(|e| self.with_operands_described(e, &[a, b]))?,
        };
        self.push(Value::Bool(r))
    }

    /// Equality of two operands; references compare what they point to.
    fn values_equal(&self, a: Value, b: Value) -> Result<bool, VmError> {
        match (a, b) {
            (Value::Ref(x), Value::Ref(y)) => {
                let (x, y) = (self.deref_shallow(x)?, self.deref_shallow(y)?);
                // The peer counts a reference as one level, and a value held inline in the
                // slot a reference names (a primitive, a closure) as one more.
                let depth = match x {
                    Value::Container(c) if !self.heap.is_closure(c) => 2,
                    _ => 3,
                };
                self.heap.equals_at_depth(x, y, depth)
            }
            _ => self.heap.equals(a, b),
        }
    }

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

    fn abort_msg(&mut self) -> VmError {
        let msg = match self.pop() {
            Ok(Value::Container(c)) => match self.heap.take(c) {
                Ok(Container::Bytes(b)) => b,
                _ => return type_mismatch("abort message is not a vector<u8>"),
            },
            Ok(_) => return type_mismatch("abort message is not a vector<u8>"),
            Err(e) => return e,
        };
        let code = match self.pop() {
            Ok(Value::U64(c)) => c,
            Ok(_) => return type_mismatch("abort code is not a u64"),
            Err(e) => return e,
        };
        let limit = self.runtime.config.max_abort_message;
        if msg.len() > limit {
            return VmError::new(StatusCode::ABORT_MESSAGE_LIMIT_EXCEEDED).with_message(format!(
                "Expected at most {limit} bytes, got {} bytes",
                msg.len()
            ));
        }
        match String::from_utf8(msg) {
            Ok(text) => VmError::new(StatusCode::ABORTED)
                .with_sub_status(code)
                .with_message(text),
            Err(e) => VmError::new(StatusCode::INVALID_ABORT_MESSAGE)
                .with_message(format!("Invalid UTF-8 string: {}", e.utf8_error())),
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

/// The flow after a call: natives have already run.
fn call_flow(frame: Option<Frame<'_>>) -> Flow<'_> {
    match frame {
        Some(f) => Flow::Call(f),
        None => Flow::Next,
    }
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

/// A reference to field `offset` of struct `c` with these fields, or `None` past the last.
#[inline(always)]
fn field_ref(c: ContainerId, fields: &[Value], offset: u16) -> Option<Value> {
    fields
        .get(usize::from(offset))
        .map(|v| elem_ref(c, u32::from(offset), v))
}

/// The primitive field `offset` of these fields, or `None` when the general path must read it
/// (a container field). perf: a u64 as tag and payload (see `on_u64`).
#[inline(always)]
fn primitive_field(fields: &[Value], offset: u16) -> Option<Value> {
    match fields.get(usize::from(offset)) {
        Some(&Value::U64(x)) => Some(Value::U64(x)),
        Some(v) if is_plain(v) => Some(*v),
        _ => None,
    }
}

/// The primitive element `i` of vector `c`, or `None` when the general path must read it
/// (out of range, a container element). perf: a u64 as tag and payload (see `on_u64`).
#[inline(always)]
fn primitive_element(heap: &Heap, c: ContainerId, i: u64) -> Option<Value> {
    match heap.get(c) {
        Ok(Container::Prims(PrimVec::U64(e))) => e.get(i as usize).map(|&x| Value::U64(x)),
        Ok(Container::Vec(e)) => match e.get(i as usize) {
            Some(&Value::U64(x)) => Some(Value::U64(x)),
            Some(v) if is_plain(v) => Some(*v),
            _ => None,
        },
        Ok(Container::Bytes(b)) => b.get(i as usize).map(|&x| Value::U8(x)),
        Ok(Container::Prims(p)) => p.get(i as usize),
        _ => None,
    }
}

/// A reference to element `i` of vector `c`, or `None` when it is out of range.
#[inline(always)]
fn element_ref(heap: &Heap, c: ContainerId, i: u64) -> Option<Value> {
    match heap.get(c) {
        Ok(Container::Vec(e)) => e.get(i as usize).map(|v| elem_ref(c, i as u32, v)),
        Ok(Container::Bytes(b)) if (i as usize) < b.len() => Some(Value::Ref(Ref {
            place: Place::Elem(c, i as u32),
        })),
        Ok(Container::Prims(p)) if (i as usize) < p.len() => Some(Value::Ref(Ref {
            place: Place::Elem(c, i as u32),
        })),
        _ => None,
    }
}

/// A reference to element `i` of container `c` holding `v` (a whole reference when `v` is a
/// container).
#[inline(always)]
fn elem_ref(c: ContainerId, i: u32, v: &Value) -> Value {
    let place = match *v {
        Value::Container(inner) => Place::Whole(inner),
        _ => Place::Elem(c, i),
    };
    Value::Ref(Ref { place })
}

/// `ld_u64|ld_i64 imm; <op>` on the value at the top of the stack: `op` applies the
/// operation with the immediate, `None` when the value is of another kind or the operation
/// fails (the general path then raises the exact error).
#[inline(always)]
fn arith_imm<M: Meter>(
    ops: &mut OperandStack,
    pc: &mut u32,
    gas: &mut u64,
    op: impl Fn(&mut Value) -> Option<()>,
) -> Fast {
    // The immediate is pushed transiently.
    let (true, Some(left)) = (ops.has_room(1), charge::<M>(*gas, 1)) else {
        return Fast::Slow;
    };
    if op(ops.top_mut()).is_none() {
        return Fast::Slow;
    }
    *gas = left;
    *pc += 1;
    Fast::Done
}

/// A u64 operation applied in place (other kinds give `None` and are left as they are).
///
/// perf: the value is read and written as tag and payload, never copied whole (a whole-value
/// load of a value just stored piecewise defeats store-to-load forwarding).
#[inline(always)]
fn on_u64(f: impl Fn(u64) -> Option<u64>) -> impl Fn(&mut Value) -> Option<()> {
    move |v| match v {
        Value::U64(x) => {
            *x = f(*x)?;
            Some(())
        }
        _ => None,
    }
}

/// An i64 operation applied in place (`checked_rem` and `checked_div` fail on MIN by -1 as
/// the general path does).
#[inline(always)]
fn on_i64(f: impl Fn(i64) -> Option<i64>) -> impl Fn(&mut Value) -> Option<()> {
    move |v| match v {
        Value::I64(x) => {
            *x = f(*x)?;
            Some(())
        }
        _ => None,
    }
}

/// `copy_loc|move_loc src; ld_u64 imm; <op>; st_loc dst` on u64 locals (`op` applied with the
/// immediate).
#[inline(always)]
fn arith_loc_imm<M: Meter>(
    ops: &OperandStack,
    locals: &mut [Value],
    base: usize,
    pc: &mut u32,
    gas: &mut u64,
    (src, moved, dst): (u8, bool, u8),
    op: impl Fn(u64) -> Option<u64>,
) -> bool {
    let (&Value::U64(x), Some(left)) = (frame_local(locals, base, src), charge::<M>(*gas, 3))
    else {
        return false;
    };
    // Two transient pushes.
    if !ops.has_room(2) {
        return false;
    }
    let Some(result) = op(x) else { return false };
    // The destination must not hold a container that storing would have to free.
    if let Value::Container(_) = frame_local(locals, base, dst) {
        return false;
    }
    if moved {
        *frame_local_mut(locals, base, src) = Value::Invalid;
    }
    *frame_local_mut(locals, base, dst) = Value::U64(result);
    *gas = left;
    *pc += 3;
    true
}

/// [`Op::AddLocImm`] and [`Op::SubLocImm`]: `op` of a u64 local and the immediate, pushed;
/// false (nothing changed) when the slow path must run the ops one by one.
#[inline(always)]
fn loc_arith_imm<M: Meter>(
    ops: &mut OperandStack,
    locals: &mut [Value],
    base: usize,
    pc: &mut u32,
    gas: &mut u64,
    (src, moved): (u8, bool),
    op: impl Fn(u64) -> Option<u64>,
) -> bool {
    let (&Value::U64(x), Some(left)) = (frame_local(locals, base, src), charge::<M>(*gas, 2))
    else {
        return false;
    };
    // Two transient pushes.
    if !ops.has_room(2) {
        return false;
    }
    let Some(result) = op(x) else { return false };
    if moved {
        *frame_local_mut(locals, base, src) = Value::Invalid;
    }
    ops.push_in_room(Value::U64(result));
    *gas = left;
    *pc += 2;
    true
}

/// `Pack` / `PackVariant` with the fields on the stack.
///
/// perf: out of line (the compiler made it so; stated, so that a change here does not move
/// the dispatch loop's code).
#[inline(never)]
fn pack_fast(ops: &mut OperandStack, heap: &mut Heap, n: u16, variant: Option<u16>) -> bool {
    // A value without fields (an enum's plain variant) is pushed on top, and allocates
    // nothing but its slot.
    let fields: Box<[Value]> = if n == 0 {
        if !ops.has_room(1) {
            return false;
        }
        Box::default()
    } else {
        // The struct is pushed where its first field was.
        let Some(fields) = ops.pop_top_values(usize::from(n)) else {
            return false;
        };
        fields.into()
    };
    let c = match variant {
        Some(tag) => Container::Variant(tag, fields),
        None => Container::Struct(fields),
    };
    ops.push_in_room(Value::Container(heap.alloc(c)));
    true
}

/// The whole-struct reference at the top of the stack (the slot holding it), the struct's id
/// and its fields.
#[inline(always)]
fn top_struct<'o, 'h>(
    top: &'o mut Value,
    heap: &'h Heap,
) -> Option<(&'o mut Value, ContainerId, &'h [Value])> {
    let top @ &mut Value::Ref(Ref {
        place: Place::Whole(c),
    }) = top
    else {
        return None;
    };
    match heap.get(c) {
        Ok(Container::Struct(fields)) => Some((top, c, fields)),
        _ => None,
    }
}

/// The vector reference and the u64 index at the top of the stack (`vec_borrow`'s operands).
#[inline(always)]
fn vec_and_index(ops: &OperandStack) -> Option<(ContainerId, u64)> {
    match (ops.second(), ops.top()) {
        (
            &Value::Ref(Ref {
                place: Place::Whole(c),
            }),
            &Value::U64(i),
        ) => Some((c, i)),
        _ => None,
    }
}

/// `BorrowField` of a struct on the top of the stack.
#[inline]
fn borrow_field_fast(top: &mut Value, heap: &Heap, offset: u16) -> bool {
    let Some((top, c, fields)) = top_struct(top, heap) else {
        return false;
    };
    match field_ref(c, fields, offset) {
        Some(r) => {
            *top = r;
            true
        }
        None => false,
    }
}

/// `ReadRef` of a primitive.
#[inline]
fn read_ref_fast(locals: &[Value], top: &mut Value, heap: &Heap) -> bool {
    let top @ &mut Value::Ref(Ref { place }) = top else {
        return false;
    };
    let src: &Value = match place {
        Place::Local(abs) => match locals.get(abs as usize) {
            Some(v) => v,
            None => return false,
        },
        Place::Elem(c, i) => {
            let slot = match heap.get(c) {
                Ok(Container::Struct(f) | Container::Variant(_, f)) => f.get(i as usize),
                Ok(Container::Vec(e)) => e.get(i as usize),
                Ok(Container::Bytes(b)) => match b.get(i as usize) {
                    Some(&x) => {
                        *top = Value::U8(x);
                        return true;
                    }
                    None => return false,
                },
                Ok(Container::Prims(p)) => match p.get(i as usize) {
                    Some(x) => {
                        *top = x;
                        return true;
                    }
                    None => return false,
                },
                _ => None,
            };
            match slot {
                Some(v) => v,
                None => return false,
            }
        }
        Place::Whole(_) => return false,
    };
    // perf: a u64 as tag and payload (see `on_u64`).
    match *src {
        Value::U64(x) => *top = Value::U64(x),
        Value::Container(_) | Value::Invalid => return false,
        v => *top = v,
    }
    true
}

/// `WriteRef` of a primitive over a primitive.
#[inline]
fn write_ref_fast(locals: &mut [Value], ops: &mut OperandStack, heap: &mut Heap) -> bool {
    let (&Value::Ref(Ref { place }), v) = (ops.top(), ops.second()) else {
        return false;
    };
    if !is_scalar(v) {
        return false;
    }
    let v = *v;
    let slot = match place {
        Place::Local(abs) => locals.get_mut(abs as usize),
        Place::Elem(c, i) => match heap.get_mut(c) {
            Ok(Container::Struct(f) | Container::Variant(_, f)) => f.get_mut(i as usize),
            Ok(Container::Vec(e)) => e.get_mut(i as usize),
            Ok(Container::Bytes(b)) => match (b.get_mut(i as usize), v) {
                (Some(byte), Value::U8(x)) => {
                    *byte = x;
                    ops.drop_top(2);
                    return true;
                }
                _ => return false,
            },
            Ok(Container::Prims(p)) => {
                if !p.set(i as usize, v) {
                    return false;
                }
                ops.drop_top(2);
                return true;
            }
            _ => None,
        },
        Place::Whole(_) => None,
    };
    match slot {
        Some(slot) if is_scalar(slot) => {
            *slot = v;
            ops.drop_top(2);
            true
        }
        _ => false,
    }
}

/// `VecBorrow` of an element in range.
#[inline]
fn vec_borrow_fast(ops: &mut OperandStack, heap: &Heap) -> bool {
    let Some((c, i)) = vec_and_index(ops) else {
        return false;
    };
    let Some(r) = element_ref(heap, c, i) else {
        return false;
    };
    ops.drop_top(1);
    *ops.top_mut() = r;
    true
}

/// `borrow_field offset; read_ref` of a primitive field of the struct referenced at the top
/// of the stack (replaced by the field's value).
#[inline]
fn borrow_field_read_fast(top: &mut Value, heap: &Heap, offset: u16) -> bool {
    let Some((top, _, fields)) = top_struct(top, heap) else {
        return false;
    };
    match primitive_field(fields, offset) {
        Some(v) => {
            *top = v;
            true
        }
        None => false,
    }
}

/// `vec_borrow; read_ref` of a primitive element in range: the vector reference and the
/// index are replaced by the element's value.
#[inline]
fn vec_borrow_read_fast(ops: &mut OperandStack, heap: &Heap) -> bool {
    let Some((c, i)) = vec_and_index(ops) else {
        return false;
    };
    let Some(v) = primitive_element(heap, c, i) else {
        return false;
    };
    ops.drop_top(1);
    *ops.top_mut() = v;
    true
}

/// `copy_loc|move_loc a; copy_loc|move_loc b; <op>` on u64 locals: the result, with the
/// moved locals unset, or `None` (nothing changed) when the general path must run the ops.
#[inline(always)]
fn bin_loc_loc(
    locals: &mut [Value],
    base: usize,
    (a, b, moves): (u8, u8, u8),
    op: FusedBin,
) -> Option<u64> {
    let (&Value::U64(x), &Value::U64(y)) =
        (frame_local(locals, base, a), frame_local(locals, base, b))
    else {
        return None;
    };
    let result = op.apply(x, y)?;
    for (local, bit) in [(a, 1u8), (b, 2u8)] {
        if moves & bit != 0 {
            *frame_local_mut(locals, base, local) = Value::Invalid;
        }
    }
    Some(result)
}

/// `VecPushBack` of a primitive.
#[inline]
fn vec_push_back_fast(ops: &mut OperandStack, heap: &mut Heap) -> bool {
    let (
        &Value::Ref(Ref {
            place: Place::Whole(c),
        }),
        v,
    ) = (ops.second(), ops.top())
    else {
        return false;
    };
    // A full vector (the push would grow it) goes to the general path, which counts the
    // growth toward the heap's quota.
    match (heap.get_mut(c), v) {
        (Ok(Container::Prims(PrimVec::U64(e))), &Value::U64(x)) if e.len() < e.capacity() => {
            e.push(x)
        }
        (Ok(Container::Vec(e)), &Value::U64(x)) if e.len() < e.capacity() => e.push(Value::U64(x)),
        (Ok(Container::Vec(e)), v) if is_scalar(v) && e.len() < e.capacity() => e.push(*v),
        (Ok(Container::Bytes(b)), &Value::U8(x)) if b.len() < b.capacity() => b.push(x),
        (Ok(Container::Prims(p)), v) if p.len() < p.capacity() => {
            if !p.push(*v) {
                return false;
            }
        }
        _ => return false,
    }
    ops.drop_top(2);
    true
}

/// `gas` less `units`, or `None` when it does not cover them; unmetered, always `gas`.
#[inline(always)]
fn charge<M: Meter>(gas: u64, units: u64) -> Option<u64> {
    if M::COUNTS {
        gas.checked_sub(units)
    } else {
        Some(gas)
    }
}

/// Whether a value is a plain primitive: not a container, a reference or unset.
#[inline(always)]
fn is_plain(v: &Value) -> bool {
    !matches!(v, Value::Container(_) | Value::Ref(_) | Value::Invalid)
}

/// A binary instruction on two primitive operands, as the fast paths run it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ScalarOp {
    /// `add` … `xor`.
    Arith(BinOp),
    /// `lt`, `gt`, `le`, `ge`.
    Cmp(CmpOp),
    /// `eq`.
    Eq,
    /// `neq`.
    Neq,
    /// `and`.
    And,
    /// `or`.
    Or,
    /// `shl`.
    Shl,
    /// `shr`.
    Shr,
}

/// `a op b` for two primitives, or `None` when the general path must run it (another kind of
/// value, an error to raise).
#[inline]
fn scalar_binary(op: ScalarOp, a: Value, b: Value) -> Option<Value> {
    if !is_plain(&a) || !is_plain(&b) {
        return None;
    }
    // perf: u64 and i64 inline; other kinds through the general routines.
    match (op, a, b) {
        (ScalarOp::Arith(BinOp::Mod), Value::U64(x), Value::U64(y)) => {
            return x.checked_rem(y).map(Value::U64)
        }
        (ScalarOp::Arith(BinOp::Div), Value::U64(x), Value::U64(y)) => {
            return x.checked_div(y).map(Value::U64)
        }
        (ScalarOp::Arith(BinOp::BitOr), Value::U64(x), Value::U64(y)) => {
            return Some(Value::U64(x | y))
        }
        (ScalarOp::Arith(BinOp::BitAnd), Value::U64(x), Value::U64(y)) => {
            return Some(Value::U64(x & y))
        }
        (ScalarOp::Arith(BinOp::Xor), Value::U64(x), Value::U64(y)) => {
            return Some(Value::U64(x ^ y))
        }
        (ScalarOp::Arith(BinOp::Add), Value::I64(x), Value::I64(y)) => {
            return x.checked_add(y).map(Value::I64)
        }
        (ScalarOp::Arith(BinOp::Sub), Value::I64(x), Value::I64(y)) => {
            return x.checked_sub(y).map(Value::I64)
        }
        (ScalarOp::Arith(BinOp::Mul), Value::I64(x), Value::I64(y)) => {
            return x.checked_mul(y).map(Value::I64)
        }
        (ScalarOp::Arith(BinOp::Mod), Value::I64(x), Value::I64(y)) => {
            return x.checked_rem(y).map(Value::I64)
        }
        (ScalarOp::Arith(BinOp::Div), Value::I64(x), Value::I64(y)) => {
            return x.checked_div(y).map(Value::I64)
        }
        (ScalarOp::Cmp(CmpOp::Lt), Value::I64(x), Value::I64(y)) => {
            return Some(Value::Bool(x < y))
        }
        (ScalarOp::Cmp(CmpOp::Gt), Value::I64(x), Value::I64(y)) => {
            return Some(Value::Bool(x > y))
        }
        (ScalarOp::Cmp(CmpOp::Le), Value::I64(x), Value::I64(y)) => {
            return Some(Value::Bool(x <= y))
        }
        (ScalarOp::Cmp(CmpOp::Ge), Value::I64(x), Value::I64(y)) => {
            return Some(Value::Bool(x >= y))
        }
        // Any other operation or kind: below.
        _ => {}
    }
    // The general routines refuse operands of two kinds (`None` here).
    let same_kind = std::mem::discriminant(&a) == std::mem::discriminant(&b);
    match op {
        ScalarOp::Arith(op) => binary(op, a, b).ok(),
        ScalarOp::Cmp(op) => compare(op, a, b).ok().map(Value::Bool),
        // Same-kind primitives are equal when their values are.
        ScalarOp::Eq => same_kind.then_some(Value::Bool(a == b)),
        ScalarOp::Neq => same_kind.then_some(Value::Bool(a != b)),
        ScalarOp::And => match (a, b) {
            (Value::Bool(x), Value::Bool(y)) => Some(Value::Bool(x && y)),
            _ => None,
        },
        ScalarOp::Or => match (a, b) {
            (Value::Bool(x), Value::Bool(y)) => Some(Value::Bool(x || y)),
            _ => None,
        },
        ScalarOp::Shl | ScalarOp::Shr => shift(op == ScalarOp::Shl, a, b).ok(),
    }
}

/// Whether a value is a primitive (no container to copy or free).
#[inline(always)]
fn is_scalar(v: &Value) -> bool {
    !matches!(v, Value::Container(_) | Value::Invalid)
}

// perf: the arithmetic of the super-instructions is written out in each arm. Sharing it
// through helpers measured 5-8 % slower on countdown and nested_loop (`tern bench --programs`,
// A/B against the same commit); comparisons use the branch-free `FusedCmp::holds`.

/// The current frame's local `i`, read without a bounds check (perf: with the unchecked op
/// fetch, 9-19 % fewer host instructions per program and up to 1.4x faster loops;
/// `docs/performance.md`, "Where the time goes").
#[inline(always)]
fn frame_local(locals: &[Value], base: usize, i: u8) -> &Value {
    let at = base + usize::from(i);
    debug_assert!(at < locals.len());
    // SAFETY: `i` comes from an op of the running frame's code, and `Code::new` checked every
    // local index of that code is below its window. `Interpreter::enter_window` gave the frame
    // at least `window` slots from `base`, and they stay allocated while it runs: callees
    // only grow the locals above them and truncate back to their own base on return.
    unsafe { locals.get_unchecked(at) }
}

/// The current frame's local `i`, mutably (see [`frame_local`]).
#[inline(always)]
fn frame_local_mut(locals: &mut [Value], base: usize, i: u8) -> &mut Value {
    let at = base + usize::from(i);
    debug_assert!(at < locals.len());
    // SAFETY: as in `frame_local`.
    unsafe { locals.get_unchecked_mut(at) }
}

/// The pc a conditional branch goes on at: `fallthrough` when `holds`, else `target`.
/// perf: computed by a jump, never by a conditional move. A `cmov` makes the next op's fetch
/// wait for the loads the condition reads, so the loop stops running ahead on the branch
/// predictor: where LLVM chose one for the compare-and-branch super-instructions (after an
/// unrelated change elsewhere in the loop), `countdown` and `match_sum` ran 2x slower at
/// the same host instructions. Marking the jump as the cold side keeps it a branch.
#[inline(always)]
fn branch_pc(holds: bool, fallthrough: u32, target: u32) -> u32 {
    if holds {
        fallthrough
    } else {
        jump_side();
        target
    }
}

/// Marks the side of a branch it is called on as the unlikely one (`std::hint::cold_path`
/// needs a newer Rust than the crate's minimum).
#[cold]
#[inline(always)]
fn jump_side() {}

/// Runs the loop test `test` found at a [`Op::BranchTest`]'s target (`CmpLocImmBrFalse` or
/// `CmpLocLocBrFalse` on u64 operands; its four instructions charged here) and returns the
/// pc it continues at; `None` (nothing changed) when the test must run as usual. perf: the
/// tests' own arms in `fast_step` keep their copy of this; routing them through here (with the
/// units as a parameter) measured 2-4 % more host instructions on match_sum and match_sum_enum.
#[inline(always)]
fn fused_test<M: Meter>(
    ops: &OperandStack,
    locals: &[Value],
    base: usize,
    (test, at): (&Op, u32),
    gas: &mut u64,
) -> Option<u32> {
    let (x, y, cmp, target) = match *test {
        Op::CmpLocImmBrFalse {
            local,
            cmp,
            target,
            imm,
        } => match frame_local(locals, base, local) {
            &Value::U64(x) => (x, imm, cmp, target),
            _ => return None,
        },
        Op::CmpLocLocBrFalse { a, b, cmp, target } => {
            match (frame_local(locals, base, a), frame_local(locals, base, b)) {
                (&Value::U64(x), &Value::U64(y)) => (x, y, cmp, target),
                _ => return None,
            }
        }
        _ => return None,
    };
    let left = charge::<M>(*gas, 4)?;
    // Two transient pushes.
    if !ops.has_room(2) {
        return None;
    }
    let holds = cmp.holds(x, y);
    *gas = left;
    // The test is at `at`; its three shadowed ops follow it.
    Some(branch_pc(holds, at + 4, target))
}

/// [`Op::BorrowFieldLoc`]: a reference to field `offset` of the struct referenced by `local`
/// (moving the local out if `moved`), to push; `None` (nothing changed) for the general path.
/// perf: out of line, so the dispatch loop's other paths keep their registers.
#[inline(never)]
fn borrow_field_loc_fast(
    locals: &mut [Value],
    heap: &Heap,
    base: usize,
    (local, moved, offset): (u8, bool, u16),
) -> Option<Value> {
    let &Value::Ref(Ref {
        place: Place::Whole(c),
    }) = frame_local(locals, base, local)
    else {
        return None;
    };
    let field = match heap.try_get(c) {
        Some(Container::Struct(fields)) => field_ref(c, fields, offset)?,
        _ => return None,
    };
    if moved {
        *frame_local_mut(locals, base, local) = Value::Invalid;
    }
    Some(field)
}

/// [`Op::BorrowFieldReadStLoc`]: stores primitive field `offset` of the struct referenced by
/// `top` (the top of the stack, which the caller pops) in local `dst`; false (nothing
/// changed) for the general path.
#[inline(never)]
fn borrow_field_read_st_loc_fast(
    top: &Value,
    locals: &mut [Value],
    heap: &Heap,
    base: usize,
    (offset, dst): (u16, u8),
) -> bool {
    let &Value::Ref(Ref {
        place: Place::Whole(c),
    }) = top
    else {
        return false;
    };
    let Some(Container::Struct(fields)) = heap.try_get(c) else {
        return false;
    };
    let slot = frame_local_mut(locals, base, dst);
    // The destination must not hold a container that storing would have to free.
    if let Value::Container(_) = slot {
        return false;
    }
    match primitive_field(fields, offset) {
        Some(Value::U64(x)) => *slot = Value::U64(x),
        Some(v) => *slot = v,
        None => return false,
    }
    true
}

/// [`Op::VecBorrowLoc`]: replaces the vector reference `top` (the top of the stack) by a
/// reference to its element at the index in local `idx`; false (nothing changed) for the
/// general path. The caller checks the room for the index's transient push.
#[inline(never)]
fn vec_borrow_loc_fast(
    top: &mut Value,
    locals: &[Value],
    heap: &Heap,
    base: usize,
    idx: u8,
) -> bool {
    let &Value::U64(i) = frame_local(locals, base, idx) else {
        return false;
    };
    let top @ &mut Value::Ref(Ref {
        place: Place::Whole(c),
    }) = top
    else {
        return false;
    };
    match element_ref(heap, c, i) {
        Some(r) => {
            *top = r;
            true
        }
        None => false,
    }
}

/// [`Op::FieldElemFieldRead`]: reads `r.f[i].g` (a primitive; a u64 only if `U64_ONLY`) and
/// stores it in local `dst` or pushes it, with the moved locals unset; false (nothing
/// changed) for the general path. The caller checks the room for the two transient pushes.
#[inline(always)]
fn field_elem_field_read_fast<const U64_ONLY: bool>(
    ops: &mut OperandStack,
    locals: &mut [Value],
    heap: &Heap,
    base: usize,
    (r, f, idx, g, dst, form): (u8, u16, u8, u16, u8, u8),
) -> bool {
    let &Value::Ref(Ref {
        place: Place::Whole(s),
    }) = frame_local(locals, base, r)
    else {
        return false;
    };
    let Some(Container::Struct(fields)) = heap.try_get(s) else {
        return false;
    };
    let Some(&Value::Container(v)) = fields.get(usize::from(f)) else {
        return false;
    };
    let &Value::U64(i) = frame_local(locals, base, idx) else {
        return false;
    };
    let Some(Container::Vec(elements)) = heap.try_get(v) else {
        return false;
    };
    let Some(&Value::Container(e)) = elements.get(i as usize) else {
        return false;
    };
    let Some(Container::Struct(element)) = heap.try_get(e) else {
        return false;
    };
    let store = form & field_path::STORE != 0;
    // The destination must not hold a container that storing would have to free.
    if store && matches!(frame_local(locals, base, dst), Value::Container(_)) {
        return false;
    }
    // perf: a u64 field (the common case) moves as tag and payload; any other primitive is
    // copied whole out of line. Through one `Value` temporary for both, the compiler copied
    // all 40 bytes for a u64 too (bst 1.3 % more host instructions).
    let Some(field) = element.get(usize::from(g)) else {
        return false;
    };
    // perf: only the u64 test on the common path (a match tested for any primitive first).
    let Value::U64(x) = *field else {
        return !U64_ONLY && field_path_finish(ops, locals, base, (r, idx, dst, form), *field);
    };
    unset_field_path_locals(locals, base, (r, idx, form));
    if store {
        *frame_local_mut(locals, base, dst) = Value::U64(x);
    } else {
        ops.push_in_room(Value::U64(x));
    }
    true
}

/// Unsets the reference and index locals of an [`Op::FieldElemFieldRead`] that moved them.
#[inline(always)]
fn unset_field_path_locals(locals: &mut [Value], base: usize, (r, idx, form): (u8, u8, u8)) {
    if form & field_path::MOVE_REF != 0 {
        *frame_local_mut(locals, base, r) = Value::Invalid;
    }
    if form & field_path::MOVE_IDX != 0 {
        *frame_local_mut(locals, base, idx) = Value::Invalid;
    }
}

/// The end of [`field_elem_field_read_fast`] for a field other than a u64: true if it holds
/// a primitive (then read), else false (nothing changed).
#[inline(never)]
fn field_path_finish(
    ops: &mut OperandStack,
    locals: &mut [Value],
    base: usize,
    (r, idx, dst, form): (u8, u8, u8, u8),
    value: Value,
) -> bool {
    if !is_plain(&value) {
        return false;
    }
    unset_field_path_locals(locals, base, (r, idx, form));
    if form & field_path::STORE != 0 {
        *frame_local_mut(locals, base, dst) = value;
    } else {
        ops.push_in_room(value);
    }
    true
}

/// [`Op::LocStLoc`]: copies (or moves) local `src` into local `dst`; false (nothing changed)
/// for the general path (a container to copy, or one in `dst` to free). With `U64_ONLY`, a
/// u64 only (the form the dispatch loop runs inline).
#[inline(always)]
fn loc_st_loc_fast<const U64_ONLY: bool>(
    locals: &mut [Value],
    base: usize,
    (src, moved, dst): (u8, bool, u8),
) -> bool {
    let v = match frame_local(locals, base, src) {
        &Value::U64(x) => Value::U64(x),
        _ if U64_ONLY => return false,
        &Value::Container(c) if moved => Value::Container(c),
        v if is_scalar(v) => *v,
        _ => return false,
    };
    // The destination must not hold a container that storing would have to free.
    if let Value::Container(_) = frame_local(locals, base, dst) {
        return false;
    }
    if moved {
        *frame_local_mut(locals, base, src) = Value::Invalid;
    }
    match v {
        Value::U64(x) => *frame_local_mut(locals, base, dst) = Value::U64(x),
        other => *frame_local_mut(locals, base, dst) = other,
    }
    true
}

/// The vector an [`Op::VecPushBackLoc`] pushes onto: the container in local `vec` (borrowed
/// by `borrow_loc`) or the one its reference points to.
#[inline(always)]
fn push_target(locals: &[Value], base: usize, vec: u8, form: u8) -> Option<ContainerId> {
    match (form & vec_push::BORROW != 0, frame_local(locals, base, vec)) {
        (
            false,
            &Value::Ref(Ref {
                place: Place::Whole(c),
            }),
        )
        | (true, &Value::Container(c)) => Some(c),
        _ => None,
    }
}

/// [`Op::VecPushBackLoc`]: pushes the primitive in local `value` onto the vector in (or
/// referenced by) local `vec`, unsetting `value` if moved; false (nothing changed) for the
/// general path. With `U64_WITH_ROOM`, only a u64 onto a vector with room for it (no
/// allocation: the dispatch loop runs this form inline).
#[inline(always)]
fn vec_push_back_loc_fast<const U64_WITH_ROOM: bool>(
    locals: &mut [Value],
    heap: &mut Heap,
    base: usize,
    (vec, value, form): (u8, u8, u8),
) -> bool {
    let Some(c) = push_target(locals, base, vec, form) else {
        return false;
    };
    let v = frame_local(locals, base, value);
    // A full vector (the push would grow it) goes to the general path, which counts the
    // growth toward the heap's quota.
    match (heap.try_get_mut(c), v) {
        (Some(Container::Prims(PrimVec::U64(e))), &Value::U64(x)) if e.len() < e.capacity() => {
            e.push(x)
        }
        (Some(Container::Vec(e)), &Value::U64(x)) if e.len() < e.capacity() => {
            e.push(Value::U64(x))
        }
        _ if U64_WITH_ROOM => return false,
        (Some(Container::Vec(e)), v) if is_plain(v) && e.len() < e.capacity() => e.push(*v),
        (Some(Container::Bytes(b)), &Value::U8(x)) if b.len() < b.capacity() => b.push(x),
        (Some(Container::Prims(p)), v) if p.len() < p.capacity() => {
            if !p.push(*v) {
                return false;
            }
        }
        _ => return false,
    }
    if form & vec_push::MOVE_VALUE != 0 {
        *frame_local_mut(locals, base, value) = Value::Invalid;
    }
    true
}

/// [`vec_borrow_write_fast`] for a u64 written over a u64 element.
#[inline(always)]
fn vec_borrow_write_u64(ops: &mut OperandStack, heap: &mut Heap) -> bool {
    let Some(
        &[Value::U64(x), Value::Ref(Ref {
            place: Place::Whole(c),
        }), Value::U64(i)],
    ) = ops.top_values(3)
    else {
        return false;
    };
    match heap.try_get_mut(c) {
        Some(Container::Prims(PrimVec::U64(e))) => match e.get_mut(i as usize) {
            Some(slot) => *slot = x,
            None => return false,
        },
        Some(Container::Vec(e)) => match e.get_mut(i as usize) {
            Some(Value::U64(slot)) => *slot = x,
            _ => return false,
        },
        _ => return false,
    }
    ops.drop_top(3);
    true
}

/// [`Op::VecBorrowWrite`]: writes the primitive under the vector reference and index at the
/// top of the stack over the primitive element there, popping all three; false (nothing
/// changed) for the general path.
#[inline]
fn vec_borrow_write_fast(ops: &mut OperandStack, heap: &mut Heap) -> bool {
    let Some(
        &[ref v, Value::Ref(Ref {
            place: Place::Whole(c),
        }), Value::U64(i)],
    ) = ops.top_values(3)
    else {
        return false;
    };
    // perf: a u64 as tag and payload (see `on_u64`).
    let v = match *v {
        Value::U64(x) => Value::U64(x),
        ref v if is_plain(v) => *v,
        _ => return false,
    };
    match (heap.try_get_mut(c), v) {
        (Some(Container::Vec(e)), v) => match e.get_mut(i as usize) {
            Some(slot) if is_plain(slot) => *slot = v,
            _ => return false,
        },
        (Some(Container::Bytes(b)), Value::U8(x)) => match b.get_mut(i as usize) {
            Some(byte) => *byte = x,
            None => return false,
        },
        (Some(Container::Prims(p)), v) => {
            if !p.set(i as usize, v) {
                return false;
            }
        }
        _ => return false,
    }
    ops.drop_top(3);
    true
}

/// The fast paths of the data-structure super-instructions, out of the dispatch loop: how
/// many ops past the first the super-instruction ran (each costs one gas unit, which `gas`
/// must cover when `M` counts), or 0 when nothing changed and the general path must run the
/// first op.
///
/// perf: `locals` is the vector, so that all six arguments travel in registers (a slice took
/// two, and the budget went through the stack: bst 0.5 % more host instructions).
///
/// perf: one call site for the four keeps the loop's code small; growing the loop by these
/// arms made the compiler stop inlining the loop into `run_frames`, and every op then
/// cost 1-4 % more host instructions (now `Session::run_loop` is `inline(always)`). The call
/// site is after the first dispatch: in `fast_step` it cost one dispatch less, but moved the
/// loop's code so that the closure call ran 10 % and int_arith_loop_i64 15 % slower at equal
/// host instructions (`docs/performance.md`, "Where the time goes").
#[inline(never)]
#[allow(clippy::ptr_arg)]
fn data_step<M: Meter>(
    ops: &mut OperandStack,
    locals: &mut Vec<Value>,
    heap: &mut Heap,
    base: usize,
    op: &Op,
    gas: u64,
) -> u32 {
    // The ops past the first, `op.span() - 1` for these four (perf: `Op::span`'s match over
    // every op cost bst 5 % more host instructions here).
    let skip = match *op {
        Op::FieldElemFieldRead { form, .. } => field_path::span(form) as u32 - 1,
        Op::VecPushBackLoc { .. } => 2,
        _ => 1,
    };
    debug_assert_eq!(skip as usize, op.span() - 1);
    if M::COUNTS && u64::from(skip) > gas {
        return 0;
    }
    let done = match *op {
        Op::FieldElemFieldRead {
            r,
            f,
            idx,
            g,
            dst,
            form,
        } => {
            // perf: the commonest form (reference and index copied, the value stored) with
            // its bits known (bst 4 % fewer host instructions).
            ops.has_room(2)
                && if form == field_path::STORE {
                    let operands = (r, f, idx, g, dst, field_path::STORE);
                    field_elem_field_read_fast::<false>(ops, locals, heap, base, operands)
                } else {
                    field_elem_field_read_fast::<false>(
                        ops,
                        locals,
                        heap,
                        base,
                        (r, f, idx, g, dst, form),
                    )
                }
        }
        Op::LocStLoc { src, moved, dst } => {
            ops.has_room(1) && loc_st_loc_fast::<false>(locals, base, (src, moved, dst))
        }
        Op::VecPushBackLoc { vec, value, form } => {
            ops.has_room(2)
                && vec_push_back_loc_fast::<false>(locals, heap, base, (vec, value, form))
        }
        Op::VecBorrowWrite => vec_borrow_write_fast(ops, heap),
        _ => false,
    };
    if done {
        skip
    } else {
        0
    }
}

/// The tag of the enum value held in local `local`, or `None` when it holds none (the
/// general path then runs the `borrow_loc`). For [`Op::TestVariantLocBr`].
#[inline(always)]
fn variant_tag_in_local(locals: &[Value], heap: &Heap, base: usize, local: u8) -> Option<u16> {
    match frame_local(locals, base, local) {
        &Value::Container(c) => match heap.try_get(c) {
            Some(Container::Variant(tag, _)) => Some(*tag),
            _ => None,
        },
        _ => None,
    }
}

/// [`Op::TestVariantLocBr`]: when local `local` holds an enum value, sets `next` to where the
/// branch goes (`target`, or past the shadowed ops) and charges the two shadowed ops when
/// metered; false (nothing changed) otherwise, or when the budget does not cover them.
#[inline(always)]
fn test_variant_branch<M: Meter>(
    locals: &[Value],
    heap: &Heap,
    base: usize,
    (local, variant, target, jump_if_equal): (u8, u16, u32, bool),
    (next, fuel): (&mut u32, &mut u64),
) -> bool {
    if M::COUNTS && *fuel < 2 {
        return false;
    }
    let Some(tag) = variant_tag_in_local(locals, heap, base, local) else {
        return false;
    };
    if M::COUNTS {
        *fuel -= 2;
    }
    *next = branch_pc((tag == variant) != jump_if_equal, *next + 2, target);
    true
}

/// [`Op::TestVariantLocBr`] and [`Op::VariantSwitchLoc`]: when the local holds an enum
/// value, sets `next` to where the op sends it and charges the ops it stands for past the
/// first (charged with the dispatch) when metered; false (nothing changed) otherwise, or when
/// the budget does not cover them.
#[inline(always)]
fn enum_branch_fast<M: Meter>(
    locals: &[Value],
    heap: &Heap,
    base: usize,
    (op, jump_tables): (Op, &[Box<[u32]>]),
    (next, fuel): (&mut u32, &mut u64),
) -> bool {
    match op {
        Op::TestVariantLocBr {
            local,
            variant,
            target,
            jump_if_equal,
        } => test_variant_branch::<M>(
            locals,
            heap,
            base,
            (local, variant, target, jump_if_equal),
            (next, fuel),
        ),
        Op::VariantSwitchLoc { local, table } => variant_switch_local::<M>(
            locals,
            heap,
            base,
            (local, table, jump_tables),
            (next, fuel),
        ),
        _ => false,
    }
}

/// [`Op::VariantSwitchLoc`]: when local `local` holds an enum value whose variant jump table
/// `table` names, sets `next` to that target and charges the `variant_switch` when metered; false
/// (nothing changed) otherwise: the general path then raises the error.
#[inline(always)]
fn variant_switch_local<M: Meter>(
    locals: &[Value],
    heap: &Heap,
    base: usize,
    (local, table, jump_tables): (u8, u16, &[Box<[u32]>]),
    (next, fuel): (&mut u32, &mut u64),
) -> bool {
    // The `borrow_loc` was charged with the dispatch; the `variant_switch` is charged here.
    if M::COUNTS && *fuel < 1 {
        return false;
    }
    let Some(tag) = variant_tag_in_local(locals, heap, base, local) else {
        return false;
    };
    let Some(&target) = jump_tables
        .get(usize::from(table))
        .and_then(|t| t.get(usize::from(tag)))
    else {
        return false;
    };
    if M::COUNTS {
        *fuel -= 1;
    }
    *next = target;
    true
}

/// [`Op::PackVariantStLoc`]: stores a new variant `variant` without fields into local `dst`;
/// false (nothing changed) when `dst` holds a container other than such a variant, which the
/// general path frees. perf: when `dst` holds a variant without fields already (the local's
/// type is the enum), its tag is rewritten in place, instead of a free and an allocation
/// (match_sum_enum 45 -> 24 ms).
#[inline(always)]
fn pack_plain_variant_into(
    locals: &mut [Value],
    heap: &mut Heap,
    base: usize,
    (variant, dst): (u16, u8),
) -> bool {
    match frame_local_mut(locals, base, dst) {
        &mut Value::Container(c) => match heap.try_get_mut(c) {
            Some(Container::Variant(tag, fields)) if fields.is_empty() => *tag = variant,
            _ => return false,
        },
        slot => {
            let fresh = Container::Variant(variant, Box::default());
            *slot = Value::Container(heap.alloc(fresh));
        }
    }
    true
}

/// What [`fast_step`] did with an op.
pub(crate) enum Fast {
    /// The op ran; go on at the (possibly updated) next pc.
    Done,
    /// A `call` through this function handle: the loop's call path takes it.
    Call(u16),
    /// A `ret`: the loop's return path takes it.
    Ret,
    /// Nothing changed: the general path runs the op.
    Slow,
}

impl From<bool> for Fast {
    #[inline(always)]
    fn from(done: bool) -> Fast {
        if done {
            Fast::Done
        } else {
            Fast::Slow
        }
    }
}

/// Executes the commonest scalar ops in place, and tells calls and returns apart from the
/// ops the general path must run (which it leaves unchanged).
///
/// perf: `locals` is the vector, not a slice: a slice's pointer and length would be loaded
/// before the dispatch on every op, used or not.
#[allow(clippy::too_many_arguments, clippy::ptr_arg)]
#[inline(always)]
fn fast_step<M: Meter>(
    code: &[Op],
    ops: &mut OperandStack,
    locals: &mut Vec<Value>,
    heap: &mut Heap,
    base: usize,
    pc: &mut u32,
    op: &Op,
    gas: &mut u64,
) -> Fast {
    match *op {
        Op::Call(handle) => Fast::Call(handle),
        Op::Ret => Fast::Ret,
        Op::CmpLocImmBrFalse {
            local,
            cmp,
            target,
            imm,
        } => {
            // Three more instructions than the one already charged; two transient pushes.
            let (&Value::U64(x), Some(left)) =
                (frame_local(locals, base, local), charge::<M>(*gas, 3))
            else {
                return Fast::Slow;
            };
            if !ops.has_room(2) {
                return Fast::Slow;
            }
            let holds = cmp.holds(x, imm);
            *gas = left;
            *pc = branch_pc(holds, *pc + 3, target);
            Fast::Done
        }
        Op::CmpLocLocBrFalse { a, b, cmp, target } => {
            let (&Value::U64(x), &Value::U64(y), Some(left)) = (
                frame_local(locals, base, a),
                frame_local(locals, base, b),
                charge::<M>(*gas, 3),
            ) else {
                return Fast::Slow;
            };
            if !ops.has_room(2) {
                return Fast::Slow;
            }
            let holds = cmp.holds(x, y);
            *gas = left;
            *pc = branch_pc(holds, *pc + 3, target);
            Fast::Done
        }
        Op::AddImm(imm) => arith_imm::<M>(ops, pc, gas, on_u64(|x| x.checked_add(imm))),
        Op::SubImm(imm) => arith_imm::<M>(ops, pc, gas, on_u64(|x| x.checked_sub(imm))),
        Op::MulImm(imm) => arith_imm::<M>(ops, pc, gas, on_u64(|x| mul_u64(x, imm))),
        Op::ModImm(imm) => arith_imm::<M>(ops, pc, gas, on_u64(|x| rem_u64(x, imm))),
        Op::DivImm(imm) => arith_imm::<M>(ops, pc, gas, on_u64(|x| x.checked_div(imm))),
        Op::AddImmI64(imm) => arith_imm::<M>(ops, pc, gas, on_i64(|x| x.checked_add(imm))),
        Op::SubImmI64(imm) => arith_imm::<M>(ops, pc, gas, on_i64(|x| x.checked_sub(imm))),
        Op::MulImmI64(imm) => arith_imm::<M>(ops, pc, gas, on_i64(|x| x.checked_mul(imm))),
        Op::ModImmI64(imm) => arith_imm::<M>(ops, pc, gas, on_i64(|x| x.checked_rem(imm))),
        Op::DivImmI64(imm) => arith_imm::<M>(ops, pc, gas, on_i64(|x| x.checked_div(imm))),
        Op::LdU64StLoc { dst, imm } => {
            let Some(left) = charge::<M>(*gas, 1) else {
                return Fast::Slow;
            };
            if !ops.has_room(1) {
                return Fast::Slow;
            }
            match frame_local_mut(locals, base, dst) {
                Value::Container(_) => return Fast::Slow,
                slot => *slot = Value::U64(imm),
            }
            *gas = left;
            *pc += 1;
            Fast::Done
        }
        Op::BinLocLoc { a, b, moves, op } => {
            let Some(left) = charge::<M>(*gas, 2) else {
                return Fast::Slow;
            };
            if !ops.has_room(2) {
                return Fast::Slow;
            }
            let Some(result) = bin_loc_loc(locals, base, (a, b, moves), op) else {
                return Fast::Slow;
            };
            *gas = left;
            ops.push_in_room(Value::U64(result));
            *pc += 2;
            Fast::Done
        }
        Op::BinStLoc { op, dst } => {
            let Some(left) = charge::<M>(*gas, 1) else {
                return Fast::Slow;
            };
            let (&Value::U64(x), &Value::U64(y)) = (ops.second(), ops.top()) else {
                return Fast::Slow;
            };
            let Some(result) = op.apply(x, y) else {
                return Fast::Slow;
            };
            // The destination must not hold a container that storing would have to free.
            let slot = frame_local_mut(locals, base, dst);
            if let Value::Container(_) = slot {
                return Fast::Slow;
            }
            *slot = Value::U64(result);
            ops.drop_top(2);
            *gas = left;
            *pc += 1;
            Fast::Done
        }
        Op::BinLocLocStLoc {
            a,
            b,
            moves,
            op,
            dst,
        } => {
            let Some(left) = charge::<M>(*gas, 3) else {
                return Fast::Slow;
            };
            // Two transient pushes; the destination must not hold a container that storing
            // would have to free.
            if !ops.has_room(2) || matches!(frame_local(locals, base, dst), Value::Container(_)) {
                return Fast::Slow;
            }
            let Some(result) = bin_loc_loc(locals, base, (a, b, moves), op) else {
                return Fast::Slow;
            };
            *frame_local_mut(locals, base, dst) = Value::U64(result);
            *gas = left;
            *pc += 3;
            Fast::Done
        }
        Op::ArithLocImmStLoc {
            src,
            moved,
            arith,
            dst,
            imm,
        } => arith_loc_imm::<M>(
            ops,
            locals,
            base,
            pc,
            gas,
            (src, moved, dst),
            |x| match arith {
                FusedArith::Mul => x.checked_mul(imm),
                FusedArith::Mod => x.checked_rem(imm),
                FusedArith::Div => x.checked_div(imm),
            },
        )
        .into(),
        Op::AddLocImmStLoc {
            src,
            moved,
            dst,
            imm,
        } => arith_loc_imm::<M>(ops, locals, base, pc, gas, (src, moved, dst), |x| {
            x.checked_add(imm)
        })
        .into(),
        Op::SubLocImmStLoc {
            src,
            moved,
            dst,
            imm,
        } => arith_loc_imm::<M>(ops, locals, base, pc, gas, (src, moved, dst), |x| {
            x.checked_sub(imm)
        })
        .into(),
        Op::AddLocImm { src, moved, imm } => {
            loc_arith_imm::<M>(ops, locals, base, pc, gas, (src, moved), |x| {
                x.checked_add(imm)
            })
            .into()
        }
        Op::SubLocImm { src, moved, imm } => {
            loc_arith_imm::<M>(ops, locals, base, pc, gas, (src, moved), |x| {
                x.checked_sub(imm)
            })
            .into()
        }
        // perf: a u64 or bool is rebuilt from its tag and payload rather than copied whole:
        // the whole-value copy reads 40 bytes the last write stored piecewise, which defeats
        // store-to-load forwarding.
        Op::CopyLoc(i) => match frame_local(locals, base, i) {
            &Value::U64(x) if ops.has_room(1) => {
                ops.push_in_room(Value::U64(x));
                Fast::Done
            }
            v if is_scalar(v) && ops.has_room(1) => {
                ops.push_in_room(*v);
                Fast::Done
            }
            _ => Fast::Slow,
        },
        // Moving a container moves its id.
        // perf: pushed before the local is unset, so that the push's own bound check folds
        // into `has_room` (a store to the local in between made the compiler check again).
        Op::MoveLoc(i) => match frame_local_mut(locals, base, i) {
            slot @ &mut Value::U64(x) if ops.has_room(1) => {
                ops.push_in_room(Value::U64(x));
                *slot = Value::Invalid;
                Fast::Done
            }
            slot if !matches!(slot, Value::Invalid) && ops.has_room(1) => {
                ops.push_in_room(std::mem::take(slot));
                Fast::Done
            }
            _ => Fast::Slow,
        },
        Op::StLoc(i) => match (ops.top(), frame_local_mut(locals, base, i)) {
            (&Value::U64(x), slot) if !matches!(slot, Value::Container(_)) => {
                *slot = Value::U64(x);
                ops.drop_top(1);
                Fast::Done
            }
            (&Value::Bool(x), slot) if !matches!(slot, Value::Container(_)) => {
                *slot = Value::Bool(x);
                ops.drop_top(1);
                Fast::Done
            }
            (&v, slot) if !matches!(v, Value::Invalid) => {
                let old = std::mem::replace(slot, v);
                ops.drop_top(1);
                heap.free_value(old);
                Fast::Done
            }
            _ => Fast::Slow,
        },
        Op::Pop => match ops.pop() {
            Some(v) => {
                heap.free_value(v);
                Fast::Done
            }
            None => Fast::Slow,
        },
        Op::Pack(n) => pack_fast(ops, heap, n, None).into(),
        Op::PackVariant { variant, fields } => pack_fast(ops, heap, fields, Some(variant)).into(),
        Op::TestVariant(variant) => match ops.top_mut() {
            top @ Value::Ref(Ref {
                place: Place::Whole(_),
            }) => {
                let Value::Ref(Ref {
                    place: Place::Whole(c),
                }) = *top
                else {
                    return Fast::Slow;
                };
                match heap.get(c) {
                    Ok(Container::Variant(tag, _)) => {
                        *top = Value::Bool(*tag == variant);
                        Fast::Done
                    }
                    _ => Fast::Slow,
                }
            }
            _ => Fast::Slow,
        },
        Op::BorrowLoc(i) if ops.has_room(1) => {
            let abs = base + usize::from(i);
            let place = match locals.get(abs) {
                Some(Value::Container(c)) => Place::Whole(*c),
                // A reference in a local (only code that skipped the verifier puts one there
                // to borrow it) is refused by the general path.
                Some(Value::Invalid | Value::Ref(_)) | None => return Fast::Slow,
                Some(_) => Place::Local(abs as u32),
            };
            ops.push_in_room(Value::Ref(Ref { place }));
            Fast::Done
        }
        Op::BorrowField(offset) => borrow_field_fast(ops.top_mut(), heap, offset).into(),
        Op::BorrowFieldLoc {
            local,
            moved,
            offset,
        } => match charge::<M>(*gas, 1) {
            Some(left) if ops.has_room(1) => {
                match borrow_field_loc_fast(locals, heap, base, (local, moved, offset)) {
                    Some(field) => {
                        ops.push_in_room(field);
                        *gas = left;
                        *pc += 1;
                        Fast::Done
                    }
                    None => Fast::Slow,
                }
            }
            _ => Fast::Slow,
        },
        Op::BorrowFieldReadStLoc { offset, dst } => match charge::<M>(*gas, 2) {
            Some(left)
                if borrow_field_read_st_loc_fast(ops.top(), locals, heap, base, (offset, dst)) =>
            {
                ops.drop_top(1);
                *gas = left;
                *pc += 2;
                Fast::Done
            }
            _ => Fast::Slow,
        },
        Op::VecBorrowLoc { idx } => match charge::<M>(*gas, 1) {
            Some(left)
                if ops.has_room(1)
                    && vec_borrow_loc_fast(ops.top_mut(), locals, heap, base, idx) =>
            {
                *gas = left;
                *pc += 1;
                Fast::Done
            }
            _ => Fast::Slow,
        },
        Op::ReadRef => read_ref_fast(locals, ops.top_mut(), heap).into(),
        Op::WriteRef => write_ref_fast(locals, ops, heap).into(),
        Op::VecBorrow => vec_borrow_fast(ops, heap).into(),
        Op::BorrowFieldRead(offset) => {
            let Some(left) = charge::<M>(*gas, 1) else {
                return Fast::Slow;
            };
            if !borrow_field_read_fast(ops.top_mut(), heap, offset) {
                return Fast::Slow;
            }
            *gas = left;
            *pc += 1;
            Fast::Done
        }
        Op::VecReadLoc {
            vec,
            idx,
            dst,
            form,
        } => {
            let span = vec_read::span(form) as u32;
            // The ops after the first; two transient pushes.
            let Some(left) = charge::<M>(*gas, u64::from(span - 1)) else {
                return Fast::Slow;
            };
            if !ops.has_room(2) {
                return Fast::Slow;
            }
            let c = match (form & vec_read::BORROW != 0, frame_local(locals, base, vec)) {
                (
                    false,
                    &Value::Ref(Ref {
                        place: Place::Whole(c),
                    }),
                )
                | (true, &Value::Container(c)) => c,
                _ => return Fast::Slow,
            };
            let &Value::U64(i) = frame_local(locals, base, idx) else {
                return Fast::Slow;
            };
            // perf: written out rather than through `primitive_element`, which measured 5 %
            // more host instructions on merge_sort here (the code around it, not the read).
            let element = match heap.get(c) {
                Ok(Container::Prims(PrimVec::U64(e))) => match e.get(i as usize) {
                    Some(&x) => Value::U64(x),
                    None => return Fast::Slow,
                },
                Ok(Container::Vec(e)) => match e.get(i as usize) {
                    Some(&Value::U64(x)) => Value::U64(x),
                    Some(v) if is_plain(v) => *v,
                    _ => return Fast::Slow,
                },
                Ok(Container::Bytes(b)) => match b.get(i as usize) {
                    Some(&x) => Value::U8(x),
                    None => return Fast::Slow,
                },
                Ok(Container::Prims(p)) => match p.get(i as usize) {
                    Some(x) => x,
                    None => return Fast::Slow,
                },
                _ => return Fast::Slow,
            };
            if form & vec_read::STORE != 0 {
                // The destination must not hold a container that storing would have to free.
                let slot = frame_local_mut(locals, base, dst);
                if let Value::Container(_) = slot {
                    return Fast::Slow;
                }
                match element {
                    Value::U64(x) => *slot = Value::U64(x),
                    other => *slot = other,
                }
            } else {
                match element {
                    Value::U64(x) => ops.push_in_room(Value::U64(x)),
                    other => ops.push_in_room(other),
                }
            }
            *gas = left;
            *pc += span - 1;
            Fast::Done
        }
        Op::VecBorrowRead => {
            let Some(left) = charge::<M>(*gas, 1) else {
                return Fast::Slow;
            };
            if !vec_borrow_read_fast(ops, heap) {
                return Fast::Slow;
            }
            *gas = left;
            *pc += 1;
            Fast::Done
        }
        Op::VecPushBack => vec_push_back_fast(ops, heap).into(),
        Op::VecLen => match ops.top_mut() {
            top @ &mut Value::Ref(Ref {
                place: Place::Whole(c),
            }) => {
                let len = match heap.get(c) {
                    Ok(Container::Vec(e)) => e.len(),
                    Ok(Container::Bytes(b)) => b.len(),
                    Ok(Container::Prims(p)) => p.len(),
                    _ => return Fast::Slow,
                };
                *top = Value::U64(len as u64);
                Fast::Done
            }
            _ => Fast::Slow,
        },
        Op::FreezeRef => Fast::Done,
        Op::LdU64(k) if ops.has_room(1) => {
            ops.push_in_room(Value::U64(k));
            Fast::Done
        }
        Op::LdTrue if ops.has_room(1) => {
            ops.push_in_room(Value::Bool(true));
            Fast::Done
        }
        Op::LdFalse if ops.has_room(1) => {
            ops.push_in_room(Value::Bool(false));
            Fast::Done
        }
        Op::Branch(t) => {
            *pc = t;
            Fast::Done
        }
        Op::BranchTest(t) => {
            *pc = match code.get(t as usize) {
                Some(test) => fused_test::<M>(ops, locals, base, (test, t), gas).unwrap_or(t),
                None => t,
            };
            Fast::Done
        }
        Op::BrFalse(t) | Op::BrTrue(t) => match ops.top() {
            Value::Bool(b) => {
                let jump = *b == matches!(*op, Op::BrTrue(_));
                ops.drop_top(1);
                *pc = branch_pc(!jump, *pc, t);
                Fast::Done
            }
            _ => Fast::Slow,
        },
        Op::Add => binary_on_top(ops, ScalarOp::Arith(BinOp::Add)),
        Op::Sub => binary_on_top(ops, ScalarOp::Arith(BinOp::Sub)),
        Op::Mul => binary_on_top(ops, ScalarOp::Arith(BinOp::Mul)),
        Op::Mod => binary_on_top(ops, ScalarOp::Arith(BinOp::Mod)),
        Op::Div => binary_on_top(ops, ScalarOp::Arith(BinOp::Div)),
        Op::BitOr => binary_on_top(ops, ScalarOp::Arith(BinOp::BitOr)),
        Op::BitAnd => binary_on_top(ops, ScalarOp::Arith(BinOp::BitAnd)),
        Op::Xor => binary_on_top(ops, ScalarOp::Arith(BinOp::Xor)),
        Op::Lt => binary_on_top(ops, ScalarOp::Cmp(CmpOp::Lt)),
        Op::Gt => binary_on_top(ops, ScalarOp::Cmp(CmpOp::Gt)),
        Op::Le => binary_on_top(ops, ScalarOp::Cmp(CmpOp::Le)),
        Op::Ge => binary_on_top(ops, ScalarOp::Cmp(CmpOp::Ge)),
        Op::Eq => binary_on_top(ops, ScalarOp::Eq),
        Op::Neq => binary_on_top(ops, ScalarOp::Neq),
        Op::And => binary_on_top(ops, ScalarOp::And),
        Op::Or => binary_on_top(ops, ScalarOp::Or),
        Op::Shl => binary_on_top(ops, ScalarOp::Shl),
        Op::Shr => binary_on_top(ops, ScalarOp::Shr),
        Op::Not => match ops.top_mut() {
            top @ Value::Bool(_) => {
                *top = Value::Bool(!matches!(top, Value::Bool(true)));
                Fast::Done
            }
            _ => Fast::Slow,
        },
        Op::Cast(kind) => match ops.top_mut() {
            top if is_plain(top) => match cast(*top, kind) {
                Ok(v) => {
                    *top = v;
                    Fast::Done
                }
                Err(_) => Fast::Slow,
            },
            _ => Fast::Slow,
        },
        Op::LdU8(v) if ops.has_room(1) => {
            ops.push_in_room(Value::U8(v));
            Fast::Done
        }
        Op::LdU16(v) if ops.has_room(1) => {
            ops.push_in_room(Value::U16(v));
            Fast::Done
        }
        Op::LdU32(v) if ops.has_room(1) => {
            ops.push_in_room(Value::U32(v));
            Fast::Done
        }
        Op::LdI8(v) if ops.has_room(1) => {
            ops.push_in_room(Value::I8(v));
            Fast::Done
        }
        Op::LdI16(v) if ops.has_room(1) => {
            ops.push_in_room(Value::I16(v));
            Fast::Done
        }
        Op::LdI32(v) if ops.has_room(1) => {
            ops.push_in_room(Value::I32(v));
            Fast::Done
        }
        Op::LdI64(v) if ops.has_room(1) => {
            ops.push_in_room(Value::I64(v));
            Fast::Done
        }
        // The general path: the other instructions, and the ones above when their guard
        // fails (no room, another kind of value).
        Op::LdWide(..)
        | Op::LdConst(..)
        | Op::BorrowVariantField { .. }
        | Op::CallGeneric(..)
        | Op::Unpack(..)
        | Op::UnpackVariant { .. }
        | Op::UnpackVariantRef { .. }
        | Op::VariantSwitch(..)
        | Op::Negate
        | Op::Abort
        | Op::AbortMsg
        | Op::Nop
        | Op::Exists(..)
        | Op::BorrowGlobal { .. }
        | Op::MoveFrom(..)
        | Op::MoveTo(..)
        | Op::VecPack(..)
        | Op::VecPopBack
        | Op::VecUnpack(..)
        | Op::VecSwap
        | Op::PackClosure(..)
        | Op::CallClosure(..)
        | Op::CallClosureLoc { .. }
        | Op::EndOfCode
        | Op::FieldElemFieldRead { .. }
        | Op::LocStLoc { .. }
        | Op::VecPushBackLoc { .. }
        | Op::VecBorrowWrite
        | Op::Fail(..)
        | Op::CheckedPack(..)
        | Op::TestVariantLocBr { .. }
        | Op::PackVariantStLoc { .. }
        | Op::VariantSwitchLoc { .. }
        | Op::BorrowLoc(..)
        | Op::LdU64(..)
        | Op::LdTrue
        | Op::LdFalse
        | Op::LdU8(..)
        | Op::LdU16(..)
        | Op::LdU32(..)
        | Op::LdI8(..)
        | Op::LdI16(..)
        | Op::LdI32(..)
        | Op::LdI64(..) => Fast::Slow,
    }
}

/// A binary instruction on the two top values, replacing them with the result.
///
/// perf: inlined into each instruction's arm with `op` known, so each arm keeps only its own
/// u64 case; each u64 result is stored in its own arm (tag and payload, no whole-value
/// temporary).
#[inline(always)]
fn binary_on_top(ops: &mut OperandStack, op: ScalarOp) -> Fast {
    let (a, b) = (ops.second(), ops.top());
    if let (&Value::U64(x), &Value::U64(y)) = (a, b) {
        let r = match op {
            ScalarOp::Arith(BinOp::Add) => x.checked_add(y).map(Ok),
            ScalarOp::Arith(BinOp::Sub) => x.checked_sub(y).map(Ok),
            ScalarOp::Arith(BinOp::Mul) => x.checked_mul(y).map(Ok),
            ScalarOp::Cmp(CmpOp::Lt) => Some(Err(x < y)),
            ScalarOp::Cmp(CmpOp::Gt) => Some(Err(x > y)),
            ScalarOp::Cmp(CmpOp::Le) => Some(Err(x <= y)),
            ScalarOp::Cmp(CmpOp::Ge) => Some(Err(x >= y)),
            ScalarOp::Eq => Some(Err(x == y)),
            ScalarOp::Neq => Some(Err(x != y)),
            // Through `scalar_binary`'s own u64 cases.
            ScalarOp::Arith(
                BinOp::Mod | BinOp::Div | BinOp::BitOr | BinOp::BitAnd | BinOp::Xor,
            )
            | ScalarOp::And
            | ScalarOp::Or
            | ScalarOp::Shl
            | ScalarOp::Shr => None,
        };
        match r {
            Some(Ok(r)) => {
                ops.drop_top(1);
                *ops.top_mut() = Value::U64(r);
                return Fast::Done;
            }
            Some(Err(holds)) => {
                ops.drop_top(1);
                *ops.top_mut() = Value::Bool(holds);
                return Fast::Done;
            }
            None => {}
        }
    }
    let Some(r) = scalar_binary(op, *a, *b) else {
        return Fast::Slow;
    };
    ops.drop_top(1);
    *ops.top_mut() = r;
    Fast::Done
}

/// `x * y` or `None` on overflow. perf: factors below 2^32 cannot overflow, and their product
/// is a plain `imul`; the widening `mul` with its overflow check is left for the rest.
#[inline(always)]
fn mul_u64(x: u64, y: u64) -> Option<u64> {
    if (x | y) >> 32 == 0 {
        Some(x * y)
    } else {
        x.checked_mul(y)
    }
}

/// `x % y` or `None` when `y` is 0. perf: operands below 2^32 divide with the 32-bit `div`,
/// several times faster than the 64-bit one on the CPUs measured.
#[inline(always)]
fn rem_u64(x: u64, y: u64) -> Option<u64> {
    if (x | y) >> 32 == 0 {
        (x as u32).checked_rem(y as u32).map(u64::from)
    } else {
        x.checked_rem(y)
    }
}

#[cfg(test)]
mod tests {
    use super::{mul_u64, rem_u64};

    #[test]
    fn u64_multiply_and_remainder_agree_with_the_checked_forms() {
        let samples = [
            0,
            1,
            2,
            31,
            1_000_003,
            u64::from(u32::MAX) - 1,
            u64::from(u32::MAX),
            1 << 32,
            (1 << 32) + 1,
            u64::MAX / 3,
            u64::MAX - 1,
            u64::MAX,
        ];
        for x in samples {
            for y in samples {
                assert_eq!(mul_u64(x, y), x.checked_mul(y), "{x} * {y}");
                assert_eq!(rem_u64(x, y), x.checked_rem(y), "{x} % {y}");
            }
        }
    }
}
