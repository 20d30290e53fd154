//! Why a Sui transaction was refused or failed, with Sui's names for each failure.

use crate::ids::ObjectId;
use tern_primitives::{ModuleId, StatusCategory, StatusCode, VmError};
use tern_verifier::SuiPublishError;

/// A transaction Tern could not run, or that ran and failed. Either way, nothing changed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SuiError {
    /// The transaction's inputs were refused before it ran (Sui's `UserInputError`).
    #[error("transaction refused: {0}")]
    Input(#[from] InputError),
    /// The transaction ran and failed (Sui's `ExecutionFailureStatus`).
    #[error("{0}")]
    Execution(Box<ExecutionFailure>),
}

impl From<ExecutionFailure> for SuiError {
    fn from(failure: ExecutionFailure) -> SuiError {
        SuiError::Execution(Box::new(failure))
    }
}

impl SuiError {
    /// The execution failure, if the transaction ran.
    pub fn execution(&self) -> Option<&ExecutionFailure> {
        match self {
            SuiError::Execution(e) => Some(e),
            SuiError::Input(_) => None,
        }
    }
}

/// Inputs Sui refuses before execution.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum InputError {
    /// No package at this id.
    #[error("package {} does not exist", .0.to_hex_literal())]
    PackageNotFound(ObjectId),
    /// No object at this id (or it is a package).
    #[error("object {} does not exist", .0.to_hex_literal())]
    ObjectNotFound(ObjectId),
    /// An owned object the sender does not own.
    #[error("object {} is owned by {owner}, not by the sender", .id.to_hex_literal())]
    NotOwnedBySender {
        /// The object.
        id: ObjectId,
        /// Its owner.
        owner: String,
    },
    /// A child object (owned by another object) given as an input.
    #[error("object {} is owned by another object and cannot be an input", .0.to_hex_literal())]
    ChildObjectAsInput(ObjectId),
    /// An immutable object given where it would be written (`&mut` or by value).
    #[error("immutable object {} passed as mutable", .0.to_hex_literal())]
    MutableUseOfImmutable(ObjectId),
    /// A receiving argument whose object is not owned by an address at its version.
    #[error("object {} cannot be received", .0.to_hex_literal())]
    NotReceivable(ObjectId),
    /// The same object given twice.
    #[error("object {} given twice", .0.to_hex_literal())]
    DuplicateObject(ObjectId),
    /// A system object users may not write (the clock by `&mut`, say).
    #[error("object {} can only be read", .0.to_hex_literal())]
    ReadOnlySystemObject(ObjectId),
    /// An upgrade capability that is not an `UpgradeCap` of the package named.
    #[error("{0}")]
    BadUpgradeCap(String),
    /// Modules that do not deserialize.
    #[error("module {index} does not deserialize: {error}")]
    BadModule {
        /// Its position in the list.
        index: usize,
        /// Why.
        error: String,
    },
}

/// A transaction that ran and failed: what failed, in which command, and the gas it used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{kind}{}", command.map(|c| format!(" in command {c}")).unwrap_or_default())]
pub struct ExecutionFailure {
    /// What failed.
    pub kind: FailureKind,
    /// The command that failed (0 for a single call; publish and upgrade count theirs).
    pub command: Option<usize>,
    /// Gas the transaction used up to the failure.
    pub gas_used: u64,
}

/// Sui's `ExecutionFailureStatus` variants that Tern reports.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FailureKind {
    /// The budget ran out.
    #[error("InsufficientGas")]
    InsufficientGas,
    /// Move code aborted.
    #[error("MoveAbort({}, {code})", location.as_ref().map_or("undefined".to_string(), |l| l.to_string()))]
    MoveAbort {
        /// Where: module, function and instruction.
        location: Option<MoveLocation>,
        /// The abort code.
        code: u64,
    },
    /// A runtime error of an instruction (arithmetic, vector index, limits, …).
    #[error("MovePrimitiveRuntimeError({}): {error}", location.as_ref().map_or("undefined".to_string(), |l| l.to_string()))]
    MovePrimitiveRuntimeError {
        /// Where.
        location: Option<MoveLocation>,
        /// The VM's error.
        error: VmError,
    },
    /// The VM found code inconsistent (Sui's `VMInvariantViolation`).
    #[error("VMInvariantViolation: {0}")]
    VmInvariantViolation(VmError),
    /// Code failed to verify or deserialize (Sui's `VMVerificationOrDeserializationError`).
    #[error("VMVerificationOrDeserializationError: {0}")]
    VmVerificationOrDeserializationError(VmError),
    /// A publish or upgrade whose modules Sui's verifier refused.
    #[error("SuiMoveVerificationError: {0}")]
    SuiMoveVerificationError(SuiPublishError),
    /// An argument does not fit its parameter.
    #[error("CommandArgumentError {{ arg_idx: {arg_idx}, kind: {kind} }}")]
    CommandArgumentError {
        /// The argument's position.
        arg_idx: u16,
        /// What is wrong.
        kind: CommandArgumentKind,
    },
    /// A type argument does not exist or breaks a constraint.
    #[error("TypeArgumentError {{ argument_idx: {argument_idx}, kind: {kind} }}")]
    TypeArgumentError {
        /// The type argument's position.
        argument_idx: u16,
        /// What is wrong.
        kind: TypeArgumentKind,
    },
    /// Wrong number of arguments or type arguments.
    #[error("ArityMismatch")]
    ArityMismatch,
    /// A public function returning a reference, called from a transaction.
    #[error("InvalidPublicFunctionReturnType {{ idx: {idx} }}")]
    InvalidPublicFunctionReturnType {
        /// The return value's position.
        idx: u16,
    },
    /// Every package a publish or upgrade uses must be listed among its dependencies.
    #[error("PublishUpgradeMissingDependency")]
    PublishUpgradeMissingDependency,
    /// A dependency listed at a version older than another dependency needs.
    #[error("PublishUpgradeDependencyDowngrade")]
    PublishUpgradeDependencyDowngrade,
    /// The function is neither `public` nor `entry`.
    #[error("NonEntryFunctionInvoked")]
    NonEntryFunctionInvoked,
    /// No such function (or module) in the package.
    #[error("FunctionNotFound: {0}")]
    FunctionNotFound(String),
    /// A value without `drop` left over at the end of the transaction.
    #[error(
        "UnusedValueWithoutDrop {{ result_idx: {result_idx}, secondary_idx: {secondary_idx} }}"
    )]
    UnusedValueWithoutDrop {
        /// The command whose result it is.
        result_idx: u16,
        /// Its position among the results.
        secondary_idx: u16,
    },
    /// A shared object was transferred, frozen, wrapped or passed by value and kept.
    #[error("SharedObjectOperationNotAllowed")]
    SharedObjectOperationNotAllowed,
    /// Objects that would own one another in a cycle.
    #[error("CircularObjectOwnership {{ object: {} }}", .object.to_hex_literal())]
    CircularObjectOwnership {
        /// An object on the cycle.
        object: ObjectId,
    },
    /// An object larger than Sui allows.
    #[error(
        "MoveObjectTooBig {{ object_size: {object_size}, max_object_size: {max_object_size} }}"
    )]
    MoveObjectTooBig {
        /// Its size in bytes.
        object_size: u64,
        /// The limit.
        max_object_size: u64,
    },
    /// An upgrade the policy or the checks refuse.
    #[error("PackageUpgradeError: {0}")]
    PackageUpgradeError(String),
    /// Address balances that do not cover the withdrawals of the transaction.
    #[error("InsufficientFundsForWithdraw")]
    InsufficientFundsForWithdraw,
    /// A publish whose modules are not all at address `0x0`.
    #[error("PublishErrorNonZeroAddress")]
    PublishErrorNonZeroAddress,
    /// An `init` function whose signature Sui does not accept.
    #[error("InvalidInitFunction: {0}")]
    InvalidInitFunction(String),
}

/// Why an argument does not fit (Sui's `CommandArgumentError`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CommandArgumentKind {
    /// The value's type is not the parameter's.
    #[error("TypeMismatch")]
    TypeMismatch,
    /// Pure bytes that do not decode as the parameter's type.
    #[error("InvalidBCSBytes")]
    InvalidBCSBytes,
    /// A pure argument for a parameter that cannot take pure bytes.
    #[error("InvalidUsageOfPureArg")]
    InvalidUsageOfPureArg,
    /// An object passed by value that may not be (immutable, or a shared one kept).
    #[error("InvalidObjectByValue")]
    InvalidObjectByValue,
    /// An object passed by `&mut` that may not be.
    #[error("InvalidObjectByMutRef")]
    InvalidObjectByMutRef,
    /// A consensus-owned object used where it may not be.
    #[error("SharedObjectOperationNotAllowed")]
    SharedObjectOperationNotAllowed,
}

/// Why a type argument is refused (Sui's `TypeArgumentError`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TypeArgumentKind {
    /// It names a type that does not exist.
    #[error("TypeNotFound")]
    TypeNotFound,
    /// It lacks an ability the parameter requires.
    #[error("ConstraintNotSatisfied")]
    ConstraintNotSatisfied,
}

/// Where in Move code a failure happened (Sui's `MoveLocation`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveLocation {
    /// The module.
    pub module: ModuleId,
    /// The function's definition index.
    pub function: u16,
    /// The function's name, when known.
    pub function_name: Option<String>,
    /// The instruction's offset.
    pub instruction: u16,
}

impl std::fmt::Display for MoveLocation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}::{}::{} at instruction {}",
            self.module.address.to_hex_literal(),
            self.module.name,
            self.function_name
                .clone()
                .unwrap_or_else(|| format!("function#{}", self.function)),
            self.instruction
        )
    }
}

impl FailureKind {
    /// The failure a VM error stands for, as Sui converts the VM's errors.
    pub fn from_vm_error(error: VmError, location: Option<MoveLocation>) -> FailureKind {
        let status = error.status();
        if status == StatusCode::ABORTED {
            return FailureKind::MoveAbort {
                location,
                code: error.sub_status().unwrap_or(0),
            };
        }
        if status == StatusCode::OUT_OF_GAS {
            return FailureKind::InsufficientGas;
        }
        match status.category() {
            StatusCategory::Verification | StatusCategory::Deserialization => {
                FailureKind::VmVerificationOrDeserializationError(error)
            }
            StatusCategory::InvariantViolation => FailureKind::VmInvariantViolation(error),
            _ => FailureKind::MovePrimitiveRuntimeError { location, error },
        }
    }
}
