//! The operand stack: one buffer shared by all frames, never longer than the limit.

use crate::values::Value;

/// Slots allocated up front (the buffer grows on demand, up to the limit).
const INITIAL_SLOTS: usize = 64;

/// Slots below the values: always unset, so that the top two slots of even an empty stack
/// can be read without a check (and match no value a fast path looks for).
const GUARDS: usize = 2;

/// The operand stack of a run: its values in a buffer that grows to at most `limit` values.
///
/// perf: the fast paths read the top two slots without checks (the guard slots below the
/// values are unset, so on a short stack they match nothing), and the room for a push is
/// one comparison with the buffer's length; the general path grows the buffer (or raises the
/// overflow) when it has no room. The dispatch loop keeps its own copy of the stack as a
/// local, never reaching it through the session (`docs/performance.md`, "Where the time goes").
#[derive(Debug)]
pub(crate) struct OperandStack {
    /// `GUARDS` unset slots, then the values (at `GUARDS..=top`), then unused slots.
    slots: Box<[Value]>,
    /// Index of the top value, `GUARDS - 1` when the stack is empty. Invariant (kept by every
    /// method, relied on by the unchecked reads): `GUARDS - 1 <= top < slots.len()`.
    top: usize,
    /// Most values the stack may hold (`EXECUTION_STACK_OVERFLOW` beyond).
    limit: usize,
}

impl Default for OperandStack {
    /// An empty stack that holds nothing (a placeholder while the dispatch loop holds the
    /// session's stack).
    fn default() -> Self {
        OperandStack::new(0)
    }
}

impl OperandStack {
    /// An empty stack that holds at most `limit` values.
    pub(crate) fn new(limit: usize) -> OperandStack {
        OperandStack {
            slots: vec![Value::Invalid; GUARDS + INITIAL_SLOTS.min(limit)].into_boxed_slice(),
            top: GUARDS - 1,
            limit,
        }
    }

    /// Number of values on the stack.
    #[inline(always)]
    pub(crate) fn len(&self) -> usize {
        self.top + 1 - GUARDS
    }

    /// Whether `n` more values fit in the buffer without growing it (false does not mean
    /// the limit is reached: the general path grows the buffer or raises the overflow).
    #[inline(always)]
    pub(crate) fn has_room(&self, n: usize) -> bool {
        self.top + n < self.slots.len()
    }

    /// The values on the stack, bottom first.
    #[cfg(test)]
    pub(crate) fn as_slice(&self) -> &[Value] {
        self.slots.get(GUARDS..=self.top).unwrap_or_default()
    }

    /// The values on the stack, bottom first, mutably.
    #[inline(always)]
    pub(crate) fn as_mut_slice(&mut self) -> &mut [Value] {
        self.slots.get_mut(GUARDS..=self.top).unwrap_or_default()
    }

    /// The top value, or an unset guard slot when the stack is empty.
    #[inline(always)]
    pub(crate) fn top(&self) -> &Value {
        debug_assert!(self.top < self.slots.len());
        // SAFETY: `top < slots.len()` is the type's invariant (see the field).
        unsafe { self.slots.get_unchecked(self.top) }
    }

    /// The top value, mutably, or an unset guard slot when the stack is empty (callers write
    /// only over a value they matched, never over a guard).
    #[inline(always)]
    pub(crate) fn top_mut(&mut self) -> &mut Value {
        debug_assert!(self.top < self.slots.len());
        // SAFETY: as in `top`.
        unsafe { self.slots.get_unchecked_mut(self.top) }
    }

    /// The value below the top, or an unset guard slot when the stack holds fewer than two.
    #[inline(always)]
    pub(crate) fn second(&self) -> &Value {
        debug_assert!(self.top >= 1 && self.top - 1 < self.slots.len());
        // SAFETY: `1 <= GUARDS - 1 <= top < slots.len()` (the invariant), so `top - 1` is an
        // index of `slots`.
        unsafe { self.slots.get_unchecked(self.top - 1) }
    }

    /// The top value.
    #[inline(always)]
    pub(crate) fn last(&self) -> Option<&Value> {
        (self.top >= GUARDS).then(|| self.top())
    }

    /// The top `n` values, bottom first; `None` when the stack holds fewer.
    #[inline(always)]
    pub(crate) fn top_values(&self, n: usize) -> Option<&[Value]> {
        if n > self.len() {
            return None;
        }
        self.slots.get(self.top + 1 - n..=self.top)
    }

    /// Pushes `v` where [`OperandStack::has_room`] said there is room (the check repeated
    /// here folds into that one); a push without room is a VM bug and is dropped (checked in
    /// debug builds).
    #[inline(always)]
    pub(crate) fn push_in_room(&mut self, v: Value) {
        debug_assert!(self.has_room(1), "push without room");
        let at = self.top + 1;
        if let Some(slot) = self.slots.get_mut(at) {
            *slot = v;
            self.top = at;
        }
    }

    /// Pushes `v`, growing the buffer if needed; false (nothing pushed) at the limit.
    #[inline]
    pub(crate) fn push(&mut self, v: Value) -> bool {
        if !self.has_room(1) && !self.grow(1) {
            return false;
        }
        self.push_in_room(v);
        true
    }

    /// Pops the top value.
    #[inline(always)]
    pub(crate) fn pop(&mut self) -> Option<Value> {
        if self.top < GUARDS {
            return None;
        }
        let v = *self.top();
        self.top -= 1;
        Some(v)
    }

    /// Removes the top `n` values, which the caller has matched (so they are there); the
    /// values removed are forgotten: whoever removes containers frees them.
    #[inline(always)]
    pub(crate) fn drop_top(&mut self, n: usize) {
        debug_assert!(n <= self.len());
        self.top = self.top.saturating_sub(n).max(GUARDS - 1);
    }

    /// Shortens the stack to `len` values (nothing happens if it holds fewer). The values
    /// removed are forgotten: whoever removes containers frees them.
    #[inline(always)]
    pub(crate) fn truncate(&mut self, len: usize) {
        if len < self.len() {
            self.top = len + GUARDS - 1;
        }
    }

    /// Removes the top `n` values and returns them, bottom first (they stay in the buffer
    /// above the new top until the next push); `None` (nothing removed) when the stack holds
    /// fewer.
    #[inline(always)]
    pub(crate) fn pop_top_values(&mut self, n: usize) -> Option<&[Value]> {
        if n > self.len() {
            return None;
        }
        let first = self.top + 1 - n;
        debug_assert!(GUARDS <= first && self.top < self.slots.len());
        self.top = first - 1;
        // SAFETY: `n <= len()` gives `first = top + 1 - n >= GUARDS`, and `top < slots.len()`
        // is the type's invariant, so `first..top_before + 1` (`first..first + n`) is a range
        // of `slots`. perf: `get` checked both bounds again on every call (five host
        // instructions per call; `docs/performance.md`, "Where the time goes").
        Some(unsafe { self.slots.get_unchecked(first..first + n) })
    }

    /// The top `n` values, bottom first, removed from the stack; `None` (nothing removed)
    /// when it holds fewer.
    pub(crate) fn take_top(&mut self, n: usize) -> Option<Vec<Value>> {
        self.pop_top_values(n).map(<[Value]>::to_vec)
    }

    /// Lengthens the stack to `len` values with `fill`; false (nothing changed) beyond the
    /// limit. Shorter lengths truncate.
    pub(crate) fn resize(&mut self, len: usize, fill: Value) -> bool {
        let old = self.len();
        if len <= old {
            self.truncate(len);
            return true;
        }
        if !self.has_room(len - old) && !self.grow(len - old) {
            return false;
        }
        let new_top = len + GUARDS - 1;
        if let Some(new) = self.slots.get_mut(self.top + 1..=new_top) {
            new.fill(fill);
            self.top = new_top;
        }
        true
    }

    /// Grows the buffer so that `n` more values fit, up to the limit; false when they do
    /// not fit in it.
    #[cold]
    #[inline(never)]
    fn grow(&mut self, n: usize) -> bool {
        let Some(needed) = self.len().checked_add(n) else {
            return false;
        };
        if needed > self.limit {
            return false;
        }
        let values = (self.slots.len() - GUARDS)
            .saturating_mul(4)
            .max(needed)
            .max(INITIAL_SLOTS)
            .min(self.limit);
        let mut slots = std::mem::take(&mut self.slots).into_vec();
        slots.resize(GUARDS + values, Value::Invalid);
        self.slots = slots.into_boxed_slice();
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grows_to_the_limit_and_no_further() {
        let mut s = OperandStack::new(200);
        for i in 0..200u64 {
            assert!(s.push(Value::U64(i)), "push {i}");
        }
        assert!(!s.push(Value::U64(200)));
        assert_eq!(s.len(), 200);
        assert!(!s.has_room(1));
        assert!(matches!(s.last(), Some(Value::U64(199))));
        assert!(matches!(s.as_slice().first(), Some(Value::U64(0))));
    }

    #[test]
    fn room_is_the_buffer_not_the_limit() {
        let mut s = OperandStack::new(1024);
        assert!(s.has_room(INITIAL_SLOTS));
        assert!(!s.has_room(INITIAL_SLOTS + 1));
        assert!(s.resize(3, Value::U64(7)));
        assert!(s.resize(1, Value::Invalid));
        assert_eq!(s.len(), 1);
        assert!(s.resize(INITIAL_SLOTS + 1, Value::Bool(true)));
        assert_eq!(s.len(), INITIAL_SLOTS + 1);
        assert!(s.has_room(1));
        assert!(!s.resize(1025, Value::Invalid));
        assert_eq!(s.len(), INITIAL_SLOTS + 1);
    }

    #[test]
    fn pop_truncate_and_take_top() {
        let mut s = OperandStack::new(8);
        assert!(s.pop().is_none());
        for i in 0..5u64 {
            assert!(s.push(Value::U64(i)));
        }
        assert!(matches!(s.pop(), Some(Value::U64(4))));
        s.truncate(10);
        assert_eq!(s.len(), 4);
        let top = s.take_top(2).unwrap_or_default();
        assert!(matches!(top[..], [Value::U64(2), Value::U64(3)]));
        assert!(s.take_top(3).is_none());
        assert_eq!(s.len(), 2);
        s.truncate(0);
        assert!(s.last().is_none());
        assert!(s.as_slice().is_empty());
    }

    #[test]
    fn the_top_two_of_a_short_stack_are_unset_guards() {
        let mut s = OperandStack::new(8);
        assert!(matches!(s.top(), Value::Invalid));
        assert!(matches!(s.second(), Value::Invalid));
        assert!(s.last().is_none());
        assert!(s.push(Value::U64(1)));
        assert!(matches!(s.top(), Value::U64(1)));
        assert!(matches!(s.second(), Value::Invalid));
        assert!(s.push(Value::Bool(true)));
        assert!(matches!(s.second(), Value::U64(1)));
        *s.top_mut() = Value::U64(6);
        assert!(matches!(s.as_slice(), [Value::U64(1), Value::U64(6)]));
        assert!(matches!(
            s.top_values(2),
            Some([Value::U64(1), Value::U64(6)])
        ));
        assert!(s.top_values(3).is_none());
        s.drop_top(2);
        assert_eq!(s.len(), 0);
        assert!(matches!(s.second(), Value::Invalid));
        assert!(s.pop().is_none());
    }

    #[test]
    fn pop_top_values_removes_exactly_what_it_returns() {
        let mut s = OperandStack::new(8);
        for i in 1..=3 {
            assert!(s.push(Value::U64(i)));
        }
        assert!(s.pop_top_values(4).is_none());
        assert_eq!(s.len(), 3);
        assert_eq!(
            s.pop_top_values(2),
            Some(&[Value::U64(2), Value::U64(3)][..])
        );
        assert_eq!(s.len(), 1);
        assert_eq!(s.pop_top_values(0), Some(&[][..]));
        assert_eq!(s.pop_top_values(1), Some(&[Value::U64(1)][..]));
        assert_eq!(s.len(), 0);
        assert!(s.pop_top_values(1).is_none());
        assert!(matches!(s.top(), Value::Invalid));
        assert_eq!(s.take_top(0), Some(vec![]));
        // A buffer filled to its last slot gives all its values back.
        let mut full = OperandStack::new(8);
        let mut n = 0;
        while full.has_room(1) {
            n += 1;
            full.push_in_room(Value::U64(n));
        }
        let all: Vec<Value> = (1..=n).map(Value::U64).collect();
        assert_eq!(full.pop_top_values(n as usize), Some(&all[..]));
        assert_eq!(full.len(), 0);
    }

    #[test]
    fn a_taken_stack_is_empty_and_full() {
        let mut s = OperandStack::new(8);
        let taken = std::mem::take(&mut s);
        assert!(taken.has_room(1));
        assert!(!s.has_room(1));
        assert!(!s.push(Value::U64(1)));
    }
}
