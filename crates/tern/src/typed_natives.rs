//! Natives from closures over Rust values ([`register_typed`]): the closure takes the
//! [`NativeContext`] (host state in `ctx.extensions`, `ctx.charge`) and its arguments as a
//! tuple of Rust types, and returns its results or an abort code.

use tern_primitives::{AccountAddress, StatusCode, VmError};
use tern_vm::natives::{NativeContext, NativeRegistry, NativeResult};
use tern_vm::values::Value;

/// A Rust type a typed native takes or returns.
pub trait NativeType: Sized {
    /// The value from a runtime value (`None` when it is another type).
    fn from_value(ctx: &NativeContext<'_>, value: Value) -> Option<Self>;
    /// The runtime value.
    fn into_value(self, ctx: &mut NativeContext<'_>) -> Value;
}

macro_rules! native_primitive {
    ($($rust:ty => $variant:ident;)*) => {
        $(
            impl NativeType for $rust {
                fn from_value(_: &NativeContext<'_>, value: Value) -> Option<Self> {
                    match value {
                        Value::$variant(v) => Some(v),
                        _ => None,
                    }
                }
                fn into_value(self, _: &mut NativeContext<'_>) -> Value {
                    Value::$variant(self)
                }
            }
        )*
    };
}

native_primitive! {
    bool => Bool;
    u8 => U8;
    u16 => U16;
    u32 => U32;
    u64 => U64;
    i8 => I8;
    i16 => I16;
    i32 => I32;
    i64 => I64;
    AccountAddress => Address;
}

impl NativeType for u128 {
    fn from_value(_: &NativeContext<'_>, value: Value) -> Option<Self> {
        match value {
            Value::U128(v) => Some(v.u128()),
            _ => None,
        }
    }
    fn into_value(self, _: &mut NativeContext<'_>) -> Value {
        Value::u128(self)
    }
}

/// `vector<u8>` (taken by value or by reference).
impl NativeType for Vec<u8> {
    fn from_value(ctx: &NativeContext<'_>, value: Value) -> Option<Self> {
        ctx.bytes(value).ok().map(<[u8]>::to_vec)
    }
    fn into_value(self, ctx: &mut NativeContext<'_>) -> Value {
        ctx.new_bytes(self)
    }
}

/// The arguments of a typed native: a tuple of [`NativeType`]s (`()` for none).
pub trait NativeArgs: Sized {
    /// The arguments from the runtime values (`None` when their number or a type differs).
    fn from_values(ctx: &NativeContext<'_>, values: &[Value]) -> Option<Self>;
}

/// The results of a typed native: a [`NativeType`], or a tuple of them (`()` for none).
pub trait NativeResults {
    /// The runtime values.
    fn into_values(self, ctx: &mut NativeContext<'_>) -> Vec<Value>;
}

impl<T: NativeType> NativeResults for T {
    fn into_values(self, ctx: &mut NativeContext<'_>) -> Vec<Value> {
        vec![self.into_value(ctx)]
    }
}

macro_rules! native_tuples {
    ($(($($t:ident),*);)*) => {
        $(
            #[allow(non_snake_case, unused_variables, unused_mut)]
            impl<$($t: NativeType),*> NativeArgs for ($($t,)*) {
                fn from_values(ctx: &NativeContext<'_>, values: &[Value]) -> Option<Self> {
                    let mut values = values.iter().copied();
                    let args = ($($t::from_value(ctx, values.next()?)?,)*);
                    values.next().is_none().then_some(args)
                }
            }

            #[allow(non_snake_case, unused_variables)]
            impl<$($t: NativeType),*> NativeResults for ($($t,)*) {
                fn into_values(self, ctx: &mut NativeContext<'_>) -> Vec<Value> {
                    let ($($t,)*) = self;
                    vec![$($t.into_value(ctx)),*]
                }
            }
        )*
    };
}

native_tuples! {
    ();
    (A);
    (A, B);
    (A, B, C);
    (A, B, C, D);
    (A, B, C, D, E);
}

/// Registers `0xADDR::module::function` as a native written over Rust values: `native` gets
/// the context and the arguments as the tuple `A`, and returns `Ok(results)` or `Err(code)`
/// to abort with `code`. Arguments of other types than `A`'s (a native declared with other
/// parameters) fail with `UNKNOWN_INVARIANT_VIOLATION_ERROR` naming the native.
///
/// ```
/// use std::sync::atomic::{AtomicU64, Ordering};
/// use std::sync::Arc;
/// use tern::natives::{register_typed, stdlib_natives};
/// use tern::{AccountAddress, InMemoryStorage, MoveValue, Vm, VmConfig};
///
/// let mut natives = stdlib_natives();
/// let calls = Arc::new(AtomicU64::new(0));
/// let seen = Arc::clone(&calls);
/// register_typed(&mut natives, AccountAddress::from_u64(0x77), "host", "scaled",
///     move |ctx, (x, factor): (u64, u8)| {
///         seen.fetch_add(1, Ordering::Relaxed);
///         ctx.charge(10);
///         x.checked_mul(u64::from(factor)).ok_or(1) // abort 1 on overflow
///     });
/// let mut vm = Vm::with_parts(VmConfig::default(), natives, Box::new(InMemoryStorage::new()));
/// vm.publish_stdlib()?;
/// vm.publish_masm("module 0x77::host
/// public native fun scaled(x: u64, factor: u8): u64
/// ")?;
/// let out = vm.call("0x77::host::scaled", &[], &[MoveValue::U64(6), MoveValue::U8(7)])?;
/// assert_eq!(out.values, vec![MoveValue::U64(42)]);
/// assert_eq!(calls.load(Ordering::Relaxed), 1);
/// # Ok::<(), tern::VmError>(())
/// ```
pub fn register_typed<A, R, F>(
    registry: &mut NativeRegistry,
    address: AccountAddress,
    module: &str,
    function: &str,
    native: F,
) where
    A: NativeArgs,
    R: NativeResults,
    F: Fn(&mut NativeContext<'_>, A) -> Result<R, u64> + Send + Sync + 'static,
{
    let name = format!("{}::{module}::{function}", address.to_hex_literal());
    registry.register(
        address,
        module,
        function,
        std::sync::Arc::new(move |ctx, _ty_args, args| {
            let Some(args) = A::from_values(ctx, args) else {
                return Err(VmError::new(StatusCode::UNKNOWN_INVARIANT_VIOLATION_ERROR)
                    .with_message(format!(
                        "the native {name} got arguments of other types than it takes"
                    )));
            };
            Ok(match native(ctx, args) {
                Ok(results) => NativeResult::Return(results.into_values(ctx)),
                Err(code) => NativeResult::Abort(code),
            })
        }),
    );
}
