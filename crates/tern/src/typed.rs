//! Function handles, and typed ones: [`Vm::function`] finds a published function once, and
//! [`FunctionHandle::typed`] checks Rust parameter and result types against its declaration,
//! so that calls then take and return Rust values.
//!
//! ```
//! use tern::{AccountAddress, Signer, Vm};
//!
//! let mut vm = Vm::with_stdlib()?;
//! vm.publish_masm(
//!     "module 0x42::math
//! public fun add_mul(a: u64, b: u8): (u64, bool)
//!     move_loc a
//!     move_loc b
//!     cast_u64
//!     mul
//!     ld_true
//!     ret
//! ",
//! )?;
//! let add_mul = vm.function("0x42::math::add_mul")?.typed::<(u64, u8), (u64, bool)>()?;
//! assert_eq!(add_mul.call(&mut vm, (6, 7))?, (42, true));
//! // Types that do not fit the declaration are refused once, when the handle is made.
//! let wrong = vm.function("0x42::math::add_mul")?.typed::<(u64, u64), u64>();
//! assert!(wrong.is_err());
//! # let _ = Signer(AccountAddress::ONE);
//! # Ok::<(), tern::VmError>(())
//! ```

use crate::{MoveValue, RunOutput, Vm};
use std::marker::PhantomData;
use tern_binary::{BinaryTables, CompiledModule, SignatureToken};
use tern_primitives::{AccountAddress, ModuleId, StatusCode, VmError, I256, U256};

/// A `signer` (or `&signer`) argument for this account.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Signer(pub AccountAddress);

/// A Rust type that stands for a Move type in typed calls.
pub trait MoveType: Sized {
    /// Whether a parameter or result declared `token` takes this type.
    fn declared_as(token: &SignatureToken) -> bool;
    /// The Move type, for errors.
    fn move_type() -> String;
    /// The value as a [`MoveValue`].
    fn into_move(self) -> MoveValue;
    /// The value from a [`MoveValue`] (`None` when it is another type).
    fn from_move(value: MoveValue) -> Option<Self>;
}

/// Defines [`MoveType`] for a primitive from its token, its `MoveValue` variant and its name.
macro_rules! primitive {
    ($($rust:ty => $token:ident, $variant:ident, $name:literal;)*) => {
        $(
            impl MoveType for $rust {
                fn declared_as(token: &SignatureToken) -> bool {
                    matches!(token, SignatureToken::$token)
                }
                fn move_type() -> String {
                    $name.to_string()
                }
                fn into_move(self) -> MoveValue {
                    MoveValue::$variant(self)
                }
                fn from_move(value: MoveValue) -> Option<Self> {
                    match value {
                        MoveValue::$variant(v) => Some(v),
                        _ => None,
                    }
                }
            }
        )*
    };
}

primitive! {
    bool => Bool, Bool, "bool";
    u8 => U8, U8, "u8";
    u16 => U16, U16, "u16";
    u32 => U32, U32, "u32";
    u64 => U64, U64, "u64";
    u128 => U128, U128, "u128";
    U256 => U256, U256, "u256";
    i8 => I8, I8, "i8";
    i16 => I16, I16, "i16";
    i32 => I32, I32, "i32";
    i64 => I64, I64, "i64";
    i128 => I128, I128, "i128";
    I256 => I256, I256, "i256";
    AccountAddress => Address, Address, "address";
}

impl MoveType for Signer {
    fn declared_as(token: &SignatureToken) -> bool {
        match token {
            SignatureToken::Signer => true,
            SignatureToken::Reference(inner) => matches!(**inner, SignatureToken::Signer),
            _ => false,
        }
    }
    fn move_type() -> String {
        "signer".to_string()
    }
    fn into_move(self) -> MoveValue {
        MoveValue::Signer(self.0)
    }
    fn from_move(value: MoveValue) -> Option<Self> {
        match value {
            MoveValue::Signer(a) => Some(Signer(a)),
            _ => None,
        }
    }
}

impl<T: MoveType> MoveType for Vec<T> {
    fn declared_as(token: &SignatureToken) -> bool {
        matches!(token, SignatureToken::Vector(inner) if T::declared_as(inner))
    }
    fn move_type() -> String {
        format!("vector<{}>", T::move_type())
    }
    fn into_move(self) -> MoveValue {
        MoveValue::Vector(self.into_iter().map(T::into_move).collect())
    }
    fn from_move(value: MoveValue) -> Option<Self> {
        match value {
            MoveValue::Vector(items) => items.into_iter().map(T::from_move).collect(),
            _ => None,
        }
    }
}

/// Any value, unchecked: the way to pass or receive structs and other types without a Rust
/// counterpart.
impl MoveType for MoveValue {
    fn declared_as(_: &SignatureToken) -> bool {
        true
    }
    fn move_type() -> String {
        "any type".to_string()
    }
    fn into_move(self) -> MoveValue {
        self
    }
    fn from_move(value: MoveValue) -> Option<Self> {
        Some(value)
    }
}

/// The parameters of a typed call: a [`MoveType`], or a tuple of them (`()` for none).
pub trait MoveParams: Sized {
    /// Checks the declared parameter types (`Err` names the first that does not fit).
    fn check(tokens: &[SignatureToken], module: &CompiledModule) -> Result<(), String>;
    /// The values, in order.
    fn into_values(self) -> Vec<MoveValue>;
}

/// The results of a typed call: a [`MoveType`], or a tuple of them (`()` for none).
pub trait MoveResults: Sized {
    /// Checks the declared result types (`Err` names the first that does not fit).
    fn check(tokens: &[SignatureToken], module: &CompiledModule) -> Result<(), String>;
    /// The results from the call's values (`None` when they do not fit).
    fn from_values(values: Vec<MoveValue>) -> Option<Self>;
}

/// A Rust type's test of a declared type, and its Move type for errors.
type Expected = (fn(&SignatureToken) -> bool, fn() -> String);

/// Checks that `tokens` has `types.len()` entries and each fits (`what` names them in errors).
fn check_list(
    what: &str,
    tokens: &[SignatureToken],
    types: &[Expected],
    module: &CompiledModule,
) -> Result<(), String> {
    if tokens.len() != types.len() {
        return Err(format!(
            "it has {} {what}{}, the Rust type {}",
            tokens.len(),
            if tokens.len() == 1 { "" } else { "s" },
            types.len()
        ));
    }
    for (i, (token, (fits, name))) in tokens.iter().zip(types).enumerate() {
        if !fits(token) {
            return Err(format!(
                "{what} {} is {}, the Rust type is {}",
                i + 1,
                token_text(token, module),
                name()
            ));
        }
    }
    Ok(())
}

/// A type as the declaration writes it (structs by name).
fn token_text(token: &SignatureToken, module: &CompiledModule) -> String {
    use SignatureToken as T;
    match token {
        T::Vector(inner) => format!("vector<{}>", token_text(inner, module)),
        T::Reference(inner) => format!("&{}", token_text(inner, module)),
        T::MutableReference(inner) => format!("&mut {}", token_text(inner, module)),
        T::Struct(h) | T::StructInstantiation(h, _) => module
            .struct_handle_at(*h)
            .and_then(|s| module.identifier_at(s.name))
            .map_or_else(|| "a struct".to_string(), |n| n.as_str().to_string()),
        T::TypeParameter(i) => format!("type parameter {i}"),
        other => format!("{other:?}").to_lowercase(),
    }
}

impl<T: MoveType> MoveParams for T {
    fn check(tokens: &[SignatureToken], module: &CompiledModule) -> Result<(), String> {
        check_list(
            "parameter",
            tokens,
            &[(T::declared_as, T::move_type)],
            module,
        )
    }
    fn into_values(self) -> Vec<MoveValue> {
        vec![self.into_move()]
    }
}

impl<T: MoveType> MoveResults for T {
    fn check(tokens: &[SignatureToken], module: &CompiledModule) -> Result<(), String> {
        check_list("result", tokens, &[(T::declared_as, T::move_type)], module)
    }
    fn from_values(values: Vec<MoveValue>) -> Option<Self> {
        let [value] = <[MoveValue; 1]>::try_from(values).ok()?;
        T::from_move(value)
    }
}

/// [`MoveParams`] and [`MoveResults`] for tuples.
macro_rules! tuples {
    ($(($($t:ident),*);)*) => {
        $(
            #[allow(non_snake_case)]
            impl<$($t: MoveType),*> MoveParams for ($($t,)*) {
                fn check(tokens: &[SignatureToken], module: &CompiledModule) -> Result<(), String> {
                    check_list("parameter", tokens, &[$(($t::declared_as, $t::move_type)),*], module)
                }
                fn into_values(self) -> Vec<MoveValue> {
                    let ($($t,)*) = self;
                    vec![$($t.into_move()),*]
                }
            }

            #[allow(non_snake_case)]
            impl<$($t: MoveType),*> MoveResults for ($($t,)*) {
                fn check(tokens: &[SignatureToken], module: &CompiledModule) -> Result<(), String> {
                    check_list("result", tokens, &[$(($t::declared_as, $t::move_type)),*], module)
                }
                fn from_values(values: Vec<MoveValue>) -> Option<Self> {
                    let mut values = values.into_iter();
                    let result = ($($t::from_move(values.next()?)?,)*);
                    values.next().is_none().then_some(result)
                }
            }
        )*
    };
}

tuples! {
    ();
    (A);
    (A, B);
    (A, B, C);
    (A, B, C, D);
    (A, B, C, D, E);
    (A, B, C, D, E, F);
}

/// A published function, found once: its module, name and declaration.
#[derive(Debug, Clone)]
pub struct FunctionHandle {
    module: ModuleId,
    name: String,
    type_parameters: usize,
    parameters: Vec<SignatureToken>,
    results: Vec<SignatureToken>,
    declaring: std::sync::Arc<CompiledModule>,
}

impl FunctionHandle {
    /// The module.
    pub fn module(&self) -> &ModuleId {
        &self.module
    }

    /// The function's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Calls it with these arguments (signers first, as [`MoveValue::Signer`]); commits on
    /// success, as [`Vm::call`].
    pub fn call(
        &self,
        vm: &mut Vm,
        type_args: &[tern_primitives::TypeTag],
        args: &[MoveValue],
    ) -> Result<RunOutput, VmError> {
        let blobs = args.iter().map(MoveValue::to_bcs).collect();
        vm.run_function(&self.module, &self.name, type_args, blobs)
    }

    /// This function with Rust parameter types `P` and result types `R`, checked against its
    /// declaration: `TYPE_MISMATCH` naming the first parameter or result that does not fit
    /// (or the count), `NUMBER_OF_TYPE_ARGUMENTS_MISMATCH` for a generic function.
    pub fn typed<P: MoveParams, R: MoveResults>(&self) -> Result<TypedFunction<P, R>, VmError> {
        let refuse = |status: StatusCode, why: String| {
            VmError::new(status).with_message(format!(
                "{}::{} cannot be called as typed: {why}",
                self.module, self.name
            ))
        };
        if self.type_parameters > 0 {
            return Err(refuse(
                StatusCode::NUMBER_OF_TYPE_ARGUMENTS_MISMATCH,
                format!(
                    "it takes {} type arguments; call it through FunctionHandle::call",
                    self.type_parameters
                ),
            ));
        }
        P::check(&self.parameters, &self.declaring)
            .and_then(|()| R::check(&self.results, &self.declaring))
            .map_err(|why| refuse(StatusCode::TYPE_MISMATCH, why))?;
        Ok(TypedFunction {
            handle: self.clone(),
            types: PhantomData,
        })
    }
}

/// A function whose parameters are the Rust types `P` and results `R` (see
/// [`FunctionHandle::typed`]).
#[derive(Debug, Clone)]
pub struct TypedFunction<P, R> {
    handle: FunctionHandle,
    types: PhantomData<fn(P) -> R>,
}

impl<P: MoveParams, R: MoveResults> TypedFunction<P, R> {
    /// Calls it; commits on success, as [`Vm::call`]. (The final values of `&mut` parameters
    /// are in the untyped [`RunOutput`] of [`FunctionHandle::call`].)
    pub fn call(&self, vm: &mut Vm, args: P) -> Result<R, VmError> {
        let out = self.handle.call(vm, &[], &args.into_values())?;
        R::from_values(out.values).ok_or_else(|| {
            VmError::new(StatusCode::UNKNOWN_INVARIANT_VIOLATION_ERROR).with_message(format!(
                "the results of {}::{} do not convert to the checked Rust types",
                self.handle.module, self.handle.name
            ))
        })
    }

    /// The untyped handle.
    pub fn handle(&self) -> &FunctionHandle {
        &self.handle
    }
}

impl Vm {
    /// The published function `0xADDR::module::function`: `LINKER_ERROR` when the module is
    /// not published, `FUNCTION_RESOLUTION_FAILURE` (naming the module's functions) when it
    /// has no such function.
    pub fn function(&self, path: &str) -> Result<FunctionHandle, VmError> {
        let (module, name) = crate::vm::parse_function(path)?;
        let Some(declaring) = self.storage().module(&module)? else {
            return Err(VmError::new(StatusCode::LINKER_ERROR)
                .with_message(format!("no module {module} is published")));
        };
        if let Some((_, handle)) = declaring.function_named(&name) {
            let tokens = |i: tern_binary::SignatureIndex| {
                declaring
                    .signatures
                    .get(i.idx())
                    .map_or_else(Vec::new, |s| s.0.clone())
            };
            return Ok(FunctionHandle {
                module: module.clone(),
                type_parameters: handle.type_parameters.len(),
                parameters: tokens(handle.parameters),
                results: tokens(handle.return_),
                name,
                declaring: declaring.clone(),
            });
        }
        let names: Vec<&str> = declaring.function_names().flatten().collect();
        Err(
            VmError::new(StatusCode::FUNCTION_RESOLUTION_FAILURE).with_message(format!(
                "{module} has no function `{name}` (it has: {})",
                names.join(", ")
            )),
        )
    }
}
