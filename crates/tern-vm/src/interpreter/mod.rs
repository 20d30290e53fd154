//! The interpreter: frames over one shared operand stack, a dispatch loop over lowered ops,
//! and the handlers for references, vectors, globals, calls and closures.

mod exec;
mod fast;
mod modes;
mod ops;
mod scheduled;
mod stack;
mod step;
mod sui_dev;
mod typecheck;

pub(crate) use typecheck::TypeChecker;

pub use ops::arith::{binary, cast, compare, negate, shift, BinOp, CmpOp};

use crate::loader::{Function, LinkedFunction, ModuleLinks};
use crate::session::Session;
use crate::types::TypeId;
use crate::values::Value;
pub(crate) use stack::OperandStack;
use std::collections::HashMap;
use std::sync::Arc;
use tern_primitives::{ErrorOrigin, Location, StackFrameInfo, StatusCode, VmError};

/// A function a frame can run, with the link tables of its module.
pub(crate) type Callable<'a> = (&'a Function, &'a ModuleLinks);

/// One activation of a Move function.
///
/// perf: the function and its module's link tables are borrowed, not reference counted:
/// everything a run can reach is kept alive for the whole run by the entry function's link
/// tables (resolved handles are never unset, and a callee of another module is resolved with
/// its tables) or by the run's [`Pins`], so a call costs no atomic increment and decrement.
/// The tables travel in the frame because a function holds them only weakly (see
/// [`Function::links`]).
///
/// perf: `pc` and `base` are apart (`repr(C)`), so that the compiler cannot merge their
/// accesses into one wide access that straddles two narrower recent stores (see
/// [`Frame::enter`]).
#[derive(Debug, Clone)]
#[repr(C)]
pub(crate) struct Frame<'a> {
    pub function: &'a Function,
    /// The link tables of the function's module (its call sites, constants and code),
    /// borrowed like the function.
    pub links: &'a ModuleLinks,
    /// Index of the next op to execute.
    pub pc: u32,
    /// Type arguments and concrete type slots of a generic function's frame (`None` for a
    /// non-generic function), borrowed like the function: from the caller's link table or
    /// the run's [`Pins`].
    ///
    /// perf: a call and its return change no reference count (an owned `Arc` cost a locked
    /// increment and decrement per generic call).
    pub generic: Option<&'a Arc<GenericFrame>>,
    /// Absolute index of local 0 in the locals area.
    pub base: u32,
}

pub use crate::loader::GenericFrame;

impl<'a> Frame<'a> {
    /// The first frame of `function`, its locals window at `base`.
    #[inline(always)]
    pub(crate) fn entered(
        (function, links): Callable<'a>,
        base: u32,
        generic: Option<&'a Arc<GenericFrame>>,
    ) -> Frame<'a> {
        Frame {
            function,
            links,
            pc: 0,
            base,
            generic,
        }
    }

    /// Pushes this running frame on `frames`, to resume at `pc`, and makes `callee` the
    /// running frame, at its first op (every callee is a [`Frame::entered`]; its `pc` is not
    /// read).
    ///
    /// perf: the record is written into the vector field by field, each field with its own
    /// width. `Vec::push` would build it in a temporary and copy that with 16-byte loads,
    /// and a load spanning several recent narrower stores (the loop has just stored this
    /// frame's fields one by one) cannot take its data from them: a store-forwarding stall
    /// on every call. Writing in place made calls 10-16 % faster (`docs/performance.md`, "Where the time goes"); `testsuite/calls/frame_records.masm` runs every path through here.
    #[inline(always)]
    pub(crate) fn enter(&mut self, frames: &mut Vec<Frame<'a>>, pc: u32, callee: Frame<'a>) {
        let Frame {
            function,
            links,
            pc: _,
            generic,
            base,
        } = callee;
        if frames.len() == frames.capacity() {
            frames.reserve(1);
        }
        let len = frames.len();
        let slot = frames.spare_capacity_mut().first_mut();
        debug_assert!(slot.is_some(), "no spare capacity after reserve");
        if let Some(slot) = slot {
            let slot = slot.as_mut_ptr();
            // SAFETY: `slot` points to the vector's first spare slot: allocated, aligned for
            // a `Frame` and holding no value. All five fields are written (through raw
            // field pointers, never reading the uninitialized slot) before `set_len` makes
            // the record part of the vector, so it holds a valid `Frame`.
            unsafe {
                std::ptr::addr_of_mut!((*slot).function).write(self.function);
                std::ptr::addr_of_mut!((*slot).links).write(self.links);
                std::ptr::addr_of_mut!((*slot).pc).write(pc);
                std::ptr::addr_of_mut!((*slot).base).write(self.base);
                std::ptr::addr_of_mut!((*slot).generic).write(self.generic);
                frames.set_len(len + 1);
            }
        }
        self.function = function;
        self.links = links;
        self.pc = 0;
        self.base = base;
        self.generic = generic;
    }

    /// Makes the frame on top of `frames` the running frame again (dropping this one);
    /// false when `frames` is empty.
    ///
    /// perf: field by field, for the reason given at [`Frame::enter`].
    #[inline(always)]
    pub(crate) fn resume(&mut self, frames: &mut Vec<Frame<'a>>) -> bool {
        let Some(caller) = frames.last_mut() else {
            return false;
        };
        self.function = caller.function;
        self.links = caller.links;
        self.pc = caller.pc;
        self.base = caller.base;
        self.generic = caller.generic;
        frames.truncate(frames.len() - 1);
        true
    }

    /// The frame's concrete type arguments.
    #[inline]
    pub(crate) fn ty_args(&self) -> &[TypeId] {
        self.generic.map_or(&[], |g| &g.ty_args)
    }
}

/// The interpreter's state in a session: the operand stack and the locals of all frames, the
/// module locks, the meter's state (budget, schedule, what it has charged once) and the
/// observers' (trace, runtime type checks). The call stack itself lives in the run
/// ([`Session::run_frames`]), since its frames borrow the run's code.
#[derive(Debug)]
pub(crate) struct Interpreter {
    /// The operand stack all frames share.
    pub operands: OperandStack,
    /// The locals of all frames, each frame's window from its `base`.
    pub locals: Vec<Value>,
    /// What may still be charged (`u64::MAX` when unmetered): instructions, or under a
    /// schedule its internal units.
    pub fuel: u64,
    /// Frames of `module_lock` functions on the call stack. While there is one, every call
    /// takes the general path, which raises the peer's re-entrancy error for a call into a
    /// module already running (`Session::check_module_lock`).
    pub module_locks: u32,
    /// The depths (callers below) of the frames a native dynamic dispatch entered, each
    /// holding one of `module_locks` until it returns (`Session::enter_dispatched`).
    pub dispatch_depths: Vec<usize>,
    /// The schedule pricing each instruction, when metered by one
    /// ([`Session::set_gas_schedule`]).
    pub schedule: Option<Arc<crate::gas::GasSchedule>>,
    /// Modules whose dependency cost the schedule has charged in this session.
    pub charged_modules: std::collections::HashSet<tern_primitives::ModuleId>,
    /// Generic call sites whose type arguments the schedule has charged in this execution:
    /// the caller (its function's address and type arguments) and the instantiation index.
    /// The peer instantiates a call site's type arguments once per execution and caches the
    /// callee, so it charges their nodes once.
    pub charged_instantiations: std::collections::HashSet<(usize, Vec<TypeId>, u16)>,
    /// The execution trace, when tracing.
    pub trace: Option<Box<crate::trace::ExecutionTrace>>,
    /// The runtime type checks, when on ([`Session::set_type_checks`]).
    pub checker: Option<Box<crate::interpreter::TypeChecker>>,
    /// The runtime type checks' types of a signature's first token (closure and vector
    /// element types), before substitution, by unit (its address: a run keeps the units it
    /// runs alive) and signature index; for one run (cleared at its entry).
    pub first_types: rustc_hash::FxHashMap<(usize, u16), crate::types::TypeId>,
}

impl Interpreter {
    /// An interpreter whose operand stack holds at most `max_operands` values, unmetered.
    pub(crate) fn new(max_operands: usize) -> Interpreter {
        Interpreter {
            operands: OperandStack::new(max_operands),
            locals: Vec::with_capacity(1024),
            fuel: u64::MAX,
            module_locks: 0,
            dispatch_depths: Vec::new(),
            schedule: None,
            charged_modules: Default::default(),
            charged_instantiations: Default::default(),
            trace: None,
            checker: None,
            first_types: Default::default(),
        }
    }

    /// A fresh operand stack and locals for a new execution; the budget carries over.
    pub(crate) fn start_execution(&mut self, max_operands: usize) {
        self.operands = OperandStack::new(max_operands);
        self.locals = Vec::with_capacity(1024);
    }

    /// Moves the top `params` operands into a new locals window of `slots` slots (the rest
    /// unset) and returns the window's base, or `None` when the stack holds fewer operands.
    pub(crate) fn enter_window(&mut self, params: usize, slots: usize) -> Option<u32> {
        enter_window(&mut self.locals, &mut self.operands, params, slots)
    }
}

/// Moves the top `params` values of `operands` into a new window of `slots` slots appended
/// to `locals` and returns its base, or `None` when the stack holds fewer (the window itself
/// is built out of line, [`open_window`]).
#[inline(always)]
pub(crate) fn enter_window(
    locals: &mut Vec<Value>,
    operands: &mut OperandStack,
    params: usize,
    slots: usize,
) -> Option<u32> {
    let args = operands.pop_top_values(params)?;
    Some(open_window(locals, args, slots))
}

/// Appends a locals window of `slots` slots to `locals`, its first slots the arguments `args`
/// (the rest unset), and returns the window's base.
///
/// perf: out of line, so that its registers do not crowd the dispatch loop's (inlined,
/// 3-4 % more host instructions on the loop programs; `docs/performance.md`, "Where the time goes"). The
/// window is written into spare capacity, and growing the vector is a separate cold function
/// reached by a tail call: with no call left on the common path the function saves one
/// register instead of six (`Vec::push` per argument also checked the capacity each time),
/// and filling the unset slots first leaves fewer values live across the copy; 16-18 fewer
/// host instructions per call, calls 4-6 % faster (`docs/performance.md`, "Where the time goes").
#[inline(never)]
pub(crate) fn open_window(locals: &mut Vec<Value>, args: &[Value], slots: usize) -> u32 {
    let base = locals.len();
    let len = slots.max(args.len());
    let Some(window) = locals.spare_capacity_mut().get_mut(..len) else {
        return open_window_growing(locals, args, slots);
    };
    let (params, rest) = window.split_at_mut(args.len());
    for slot in rest {
        slot.write(Value::Invalid);
    }
    // perf: a u64 argument moves as tag and payload: the caller usually pushed it just
    // before the call, and a whole-value copy of a value stored piecewise defeats
    // store-to-load forwarding.
    for (slot, v) in params.iter_mut().zip(args) {
        match *v {
            Value::U64(x) => slot.write(Value::U64(x)),
            other => slot.write(other),
        };
    }
    // SAFETY: the first `len` spare slots (`params` and `rest`) were all written above, so
    // the vector's new length covers initialized values only.
    unsafe { locals.set_len(base + len) };
    base as u32
}

/// [`open_window`] when `locals` must grow first.
#[cold]
#[inline(never)]
fn open_window_growing(locals: &mut Vec<Value>, args: &[Value], slots: usize) -> u32 {
    let base = locals.len();
    locals.extend_from_slice(args);
    if slots > args.len() {
        locals.resize(base + slots, Value::Invalid);
    }
    base as u32
}

/// The arenas a run's [`Pins`] allocate in; they live as long as the run.
#[derive(Default)]
pub(crate) struct PinArenas {
    functions: typed_arena::Arena<LinkedFunction>,
    generics: typed_arena::Arena<Arc<GenericFrame>>,
}

/// A generic call site's identity within a run: the caller's link table, the instantiation
/// index and the caller frame's instantiation.
pub(crate) type CallSiteKey = (usize, u16, usize);

/// What a run reaches other than through link tables, kept alive until the run ends so that
/// frames can borrow it: functions (closure targets, dispatch targets) and the instantiations
/// of generic frames that no link table holds. Each is pinned once.
pub(crate) struct Pins<'a> {
    arenas: &'a PinArenas,
    seen: HashMap<usize, Callable<'a>>,
    /// The last function pinned (loops call the same closure target again and again).
    last: Option<(usize, Callable<'a>)>,
    /// Generic frames by call site, for calls from generic callers.
    calls: HashMap<CallSiteKey, &'a Arc<GenericFrame>>,
    /// Generic frames by function and type arguments, for calls that name no call site
    /// (the entry function, closures, dispatching natives).
    instances: HashMap<(usize, Arc<[TypeId]>), &'a Arc<GenericFrame>>,
}

impl<'a> Pins<'a> {
    /// Pins allocating in `arenas` (which live as long as the run).
    pub(crate) fn new(arenas: &'a PinArenas) -> Pins<'a> {
        Pins {
            arenas,
            seen: HashMap::new(),
            last: None,
            calls: HashMap::new(),
            instances: HashMap::new(),
        }
    }

    /// `f`, kept alive for the rest of the run (cloned only when not yet pinned).
    pub(crate) fn pin_shared(&mut self, f: &LinkedFunction) -> Callable<'a> {
        match self.last {
            Some((last, pinned)) if last == Arc::as_ptr(&f.function) as usize => pinned,
            _ => self.pin(f.clone()),
        }
    }

    /// `f`, kept alive for the rest of the run.
    pub(crate) fn pin(&mut self, f: LinkedFunction) -> Callable<'a> {
        // The key is the function's address, which cannot be reused while it is pinned.
        let key = Arc::as_ptr(&f.function) as usize;
        match self.last {
            Some((last, pinned)) if last == key => return pinned,
            _ => {}
        }
        let pinned: Callable<'a> = match self.seen.get(&key) {
            Some(pinned) => *pinned,
            None => {
                let pinned: &'a LinkedFunction = self.arenas.functions.alloc(f);
                let pinned: Callable<'a> = (&pinned.function, &pinned.links);
                self.seen.insert(key, pinned);
                pinned
            }
        };
        self.last = Some((key, pinned));
        pinned
    }

    /// The generic frame pinned for call site `key`, if any.
    #[inline]
    pub(crate) fn call_frame(&self, key: &CallSiteKey) -> Option<&'a Arc<GenericFrame>> {
        self.calls.get(key).copied()
    }

    /// `generic`, kept alive for the rest of the run as the frame of call site `key`.
    pub(crate) fn pin_call_frame(
        &mut self,
        key: CallSiteKey,
        generic: Arc<GenericFrame>,
    ) -> &'a Arc<GenericFrame> {
        let pinned: &'a Arc<GenericFrame> = self.arenas.generics.alloc(generic);
        self.calls.insert(key, pinned);
        pinned
    }

    /// The generic frame of `f` under `ty_args` for the rest of the run: the one pinned
    /// before, or a new one with the concrete type slots `resolved`.
    pub(crate) fn instance(
        &mut self,
        f: &Function,
        ty_args: Arc<[TypeId]>,
        resolved: Option<crate::loader::ResolvedSlots>,
    ) -> &'a Arc<GenericFrame> {
        // The function's address cannot be reused during the run: frames borrow it.
        let key = (f as *const Function as usize, ty_args);
        if let Some(pinned) = self.instances.get(&key) {
            return pinned;
        }
        let ty_args = key.1.clone();
        let pinned: &'a Arc<GenericFrame> = self
            .arenas
            .generics
            .alloc(Arc::new(GenericFrame { ty_args, resolved }));
        self.instances.insert(key, pinned);
        pinned
    }
}

/// Where an error was raised: the frame's function and pc, whether it is an instruction
/// error (which carries an execution state) and whether offsets apply.
pub(crate) fn locate(err: VmError, frames: &[Frame<'_>], current: &Frame<'_>, pc: u32) -> VmError {
    let mut err = err;
    if err.data().origin == ErrorOrigin::FrameEntry {
        return err;
    }
    let f = &current.function;
    {
        let d = err.data_mut();
        if d.origin == ErrorOrigin::CalleeLookup {
            // Where the peer locates it: at the frame below the caller's (undefined under the
            // entry function), as `frame_entry_error` does.
            if d.location == Location::Undefined {
                d.location = frames
                    .last()
                    .map_or(Location::Undefined, |f| f.function.location());
            }
            return err;
        }
        if d.location == Location::Undefined && d.offsets.is_empty() {
            // A verification-class status raised by an instruction is reported as
            // VERIFICATION_ERROR (errors a native located itself keep theirs, as do those of
            // a call loading its callee).
            if d.status.category() == tern_primitives::StatusCategory::Verification
                && d.status != StatusCode::CALL_STACK_OVERFLOW
                && d.origin != ErrorOrigin::CallSite
            {
                d.status = StatusCode::VERIFICATION_ERROR;
            }
            d.location = f.location();
            d.offsets.push((f.id.def_index, pc as u16));
            if d.exec_state.is_none()
                && d.origin == ErrorOrigin::Instruction
                && attaches_exec_state(d.status)
            {
                d.exec_state = Some(stack_trace(frames));
            }
        }
    }
    err
}

/// An error building a callee's frame (instantiating its local types under its type
/// arguments), located as the peer locates it: at the location of the frame below the caller
/// (`callers`' last; undefined under the entry function), without offsets or an execution
/// state, a verification-class status reported as `VERIFICATION_ERROR`.
pub(crate) fn frame_entry_error(mut err: VmError, callers: &[Frame<'_>]) -> VmError {
    let d = err.data_mut();
    if d.location != Location::Undefined || !d.offsets.is_empty() {
        return err;
    }
    if d.status.category() == tern_primitives::StatusCategory::Verification {
        d.status = StatusCode::VERIFICATION_ERROR;
    }
    d.location = callers
        .last()
        .map_or(Location::Undefined, |f| f.function.location());
    d.origin = ErrorOrigin::FrameEntry;
    err
}

/// Statuses raised while interpreting instructions carry an execution state.
fn attaches_exec_state(status: StatusCode) -> bool {
    !matches!(status, StatusCode::CALL_STACK_OVERFLOW)
}

/// The callers of the failing frame, innermost first, with the pc of their pending call.
pub(crate) fn stack_trace(frames: &[Frame<'_>]) -> Vec<StackFrameInfo> {
    frames
        .iter()
        .rev()
        .map(|fr| StackFrameInfo {
            module: fr.function.id.module.clone(),
            function: fr.function.id.def_index,
            pc: fr.pc.saturating_sub(1) as u16,
        })
        .collect()
}

/// A value of the wrong kind for its instruction (only code that skipped the verifier gets
/// there): `INTERNAL_TYPE_ERROR`, as the peer reports a value it cannot cast.
#[cold]
pub(crate) fn type_mismatch(msg: &str) -> VmError {
    VmError::new(StatusCode::INTERNAL_TYPE_ERROR).with_message(msg)
}

/// The sub-status of a failed runtime check (the peer's `EPARANOID_FAILURE`): a type check,
/// a return's stack height, an unpack's field count.
pub(crate) const PARANOID_FAILURE: u64 = 1;

/// A pop from an empty operand stack (only code that skipped the verifier gets there).
#[cold]
pub(crate) fn underflow() -> VmError {
    VmError::new(StatusCode::EMPTY_VALUE_STACK)
}

/// Too few operands for an instruction that takes `n` at once (a pack, a vector pack, the
/// captured arguments of a closure), as the peer words it.
#[cold]
pub(crate) fn missing_operands(n: usize) -> VmError {
    VmError::new(StatusCode::EMPTY_VALUE_STACK).with_message(format!(
        "Failed to get last {n} arguments on the argument stack"
    ))
}

impl Session<'_> {
    /// A value as the peer's `Debug` prints it in an error message, containers and
    /// references included (see [`crate::values::error_value_in`]).
    #[cold]
    pub(crate) fn describe(&self, v: Value) -> String {
        crate::values::error_value_in(&self.heap, v, &|cl| self.closure_function(cl))
    }

    /// Container `c` as the peer's `Debug` prints its runtime form, for an error message.
    #[cold]
    pub(crate) fn describe_container(&self, c: u32) -> String {
        crate::values::error_container_in(&self.heap, c, &|cl| self.closure_function(cl))
    }

    /// A reference to slot `i` of container `c` as the peer's `Debug` prints its
    /// `IndexedRef`, for an error message.
    #[cold]
    pub(crate) fn describe_indexed_ref(&self, c: u32, i: u32) -> String {
        crate::values::error_indexed_ref_in(&self.heap, c, i, &|cl| self.closure_function(cl))
    }

    /// A closure's function as the peer names it in a message (`0x…::m::f<u64>`).
    fn closure_function(&self, cl: &crate::values::Closure) -> String {
        let mut s = match cl.target.module() {
            Some(m) => format!(
                "0x{}::{}::{}",
                m.address.full_hex(),
                m.name,
                cl.target.name()
            ),
            None => format!("script::{}", cl.target.name()),
        };
        // Not `read`: an error may be described while this thread holds the cache.
        if let Some(cache) = self.runtime.try_read() {
            let args: Vec<String> = cache
                .types
                .list(cl.ty_args)
                .iter()
                .filter_map(|t| crate::type_names::type_tag(&cache, *t).ok())
                .map(|t| t.to_string())
                .collect();
            if !args.is_empty() {
                s.push_str(&format!("<{}>", args.join(",")));
            }
        }
        s
    }

    /// A value of another kind than the instruction takes (only code that skipped the
    /// verifier gets there): `INTERNAL_TYPE_ERROR`, worded as the peer words a failed cast
    /// (`cannot cast U64(1) to reference`).
    #[cold]
    pub(crate) fn cannot_cast(&self, v: Value, target: &str) -> VmError {
        type_mismatch(&format!("cannot cast {} to {target}", self.describe(v)))
    }

    /// `err`, raised by an arithmetic routine over `operands`, with each container or
    /// reference among them written as the peer writes it (the routine, which sees no heap,
    /// wrote Tern's short form).
    #[cold]
    pub(crate) fn with_operands_described(&self, mut err: VmError, operands: &[Value]) -> VmError {
        let Some(message) = err.message().map(str::to_string) else {
            return err;
        };
        let mut message = message;
        for v in operands {
            if matches!(v, Value::Container(_) | Value::Ref(_)) {
                let short = crate::values::error_value(*v);
                message = message.replacen(&short, &self.describe(*v), 1);
            }
        }
        err.data_mut().message = Some(message);
        err
    }
}

#[cold]
pub(crate) fn invariant(msg: &str) -> VmError {
    VmError::new(StatusCode::UNKNOWN_INVARIANT_VIOLATION_ERROR).with_message(msg)
}

#[cfg(test)]
mod tests {
    use super::{open_window, GenericFrame, PinArenas, Pins};
    use crate::types::TypeId;
    use crate::values::Value;
    use std::sync::Arc;

    #[test]
    fn a_run_pins_each_generic_frame_once() {
        let (f, g) = (
            crate::loader::stub_function(),
            crate::loader::stub_function(),
        );
        let arenas = PinArenas::default();
        let mut pins = Pins::new(&arenas);
        let args = |t: u32| -> Arc<[TypeId]> { Arc::from(vec![TypeId(t)]) };
        // Frames without a call site: one per function and type arguments, however often
        // a loop enters them (a closure, a dispatching native).
        let first = pins.instance(&f, args(1), None);
        for _ in 0..1000 {
            assert!(std::ptr::eq(pins.instance(&f, args(1), None), first));
        }
        assert!(!std::ptr::eq(pins.instance(&f, args(2), None), first));
        assert!(!std::ptr::eq(pins.instance(&g, args(1), None), first));
        assert_eq!(pins.instances.len(), 3);
        assert_eq!(&*first.ty_args, &*args(1));
        // Frames of a generic caller's call site: found again by the site.
        let key = (1, 2, 3);
        assert!(pins.call_frame(&key).is_none());
        let frame = Arc::new(GenericFrame {
            ty_args: args(4),
            resolved: None,
        });
        let pinned = pins.pin_call_frame(key, frame.clone());
        assert!(Arc::ptr_eq(pinned, &frame));
        assert!(pins
            .call_frame(&key)
            .is_some_and(|p| std::ptr::eq(p, pinned)));
        assert!(pins.call_frame(&(1, 2, 4)).is_none());
    }

    #[test]
    fn open_window_places_arguments_and_unsets_the_rest() {
        let mut locals = Vec::with_capacity(8);
        locals.push(Value::Bool(true));
        let args = [Value::U64(7), Value::U8(3), Value::Container(9)];
        assert_eq!(open_window(&mut locals, &args, 5), 1);
        assert_eq!(
            locals,
            [
                Value::Bool(true),
                Value::U64(7),
                Value::U8(3),
                Value::Container(9),
                Value::Invalid,
                Value::Invalid
            ]
        );
        // A window of arguments only, and one without arguments.
        assert_eq!(open_window(&mut locals, &[Value::U64(1)], 1), 6);
        assert_eq!(open_window(&mut locals, &[], 1), 7);
        assert_eq!(locals[6..], [Value::U64(1), Value::Invalid]);
        // No room left: the window grows the vector.
        assert_eq!(locals.len(), locals.capacity());
        let args = [Value::U64(2), Value::Address(Default::default())];
        assert_eq!(open_window(&mut locals, &args, 3), 8);
        assert_eq!(
            locals[8..],
            [
                Value::U64(2),
                Value::Address(Default::default()),
                Value::Invalid
            ]
        );
        // An empty window is allowed.
        assert_eq!(open_window(&mut locals, &[], 0), 11);
        assert_eq!(locals.len(), 11);
    }
}
