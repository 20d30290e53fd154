//! Status codes with their numbers in both flavors.
//!
//! One name per status across the two flavors: 195 names carry the same number in Aptos and
//! Sui, 5 carry different numbers (`PROGRAM_TOO_COMPLEX`, `RESERVED_VERIFICATION_ERROR_1`–`4`),
//! 75 exist in Aptos only and 27 in Sui only; and 30 numbers mean different things (4030 is
//! `EXECUTION_LIMIT_REACHED` in Aptos, `VARIANT_TAG_MISMATCH` in Sui). Aptos numbers come from
//! `shared/spec/status-codes.md` §7, Sui numbers from Sui's `StatusCode` enum (MystenLabs/sui,
//! `external-crates/move/crates/move-core-types/src/vm_status.rs`). Only the name is printed in
//! test output; the number is part of each chain's format.

use crate::Flavor;

/// The category of a status code, a pure function of its number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum StatusCategory {
    /// 0–999: transaction validation.
    Validation,
    /// 1000–1999: verifier, linker, loader and argument checks.
    Verification,
    /// 2000–2999: internal invariant violations.
    InvariantViolation,
    /// 3000–3999: binary deserialization.
    Deserialization,
    /// 4000–4999: runtime failures of valid code.
    Execution,
    /// Anything else.
    Unknown,
}

/// A VM status code of either flavor (see [`StatusCode::number_in`]).
#[allow(non_camel_case_types, missing_docs)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum StatusCode {
    /// placeholder, never valid
    UNKNOWN_VALIDATION_STATUS,
    /// txn signature check failed
    INVALID_SIGNATURE,
    /// auth key mismatch
    INVALID_AUTH_KEY,
    /// sequence number already used
    SEQUENCE_NUMBER_TOO_OLD,
    /// sequence number ahead of account
    SEQUENCE_NUMBER_TOO_NEW,
    /// cannot pay max gas
    INSUFFICIENT_BALANCE_FOR_TRANSACTION_FEE,
    /// txn past expiry
    TRANSACTION_EXPIRED,
    /// sender missing
    SENDING_ACCOUNT_DOES_NOT_EXIST,
    /// write-set txn rejected
    REJECTED_WRITE_SET,
    /// write-set not applicable
    INVALID_WRITE_SET,
    /// txn too large
    EXCEEDED_MAX_TRANSACTION_SIZE,
    /// script not allow-listed
    UNKNOWN_SCRIPT,
    /// module publishing not allowed
    UNKNOWN_MODULE,
    /// max gas above bound
    MAX_GAS_UNITS_EXCEEDS_MAX_GAS_UNITS_BOUND,
    /// max gas below intrinsic cost
    MAX_GAS_UNITS_BELOW_MIN_TRANSACTION_GAS_UNITS,
    /// gas price too low
    GAS_UNIT_PRICE_BELOW_MIN_BOUND,
    /// gas price too high
    GAS_UNIT_PRICE_ABOVE_MAX_BOUND,
    /// bad gas specifier
    INVALID_GAS_SPECIFIER,
    /// sender frozen
    SENDING_ACCOUNT_FROZEN,
    /// account blob unreadable
    UNABLE_TO_DESERIALIZE_ACCOUNT,
    /// unknown currency
    CURRENCY_INFO_DOES_NOT_EXIST,
    /// sender may not publish
    INVALID_MODULE_PUBLISHER,
    /// account has no role
    NO_ACCOUNT_ROLE,
    /// wrong chain id
    BAD_CHAIN_ID,
    /// sequence number overflow
    SEQUENCE_NUMBER_TOO_BIG,
    /// fee currency not accepted
    BAD_TRANSACTION_FEE_CURRENCY,
    /// feature not enabled
    FEATURE_UNDER_GATING,
    /// multi-agent key/address count mismatch
    SECONDARY_KEYS_ADDRESSES_COUNT_MISMATCH,
    /// duplicate signers
    SIGNERS_CONTAIN_DUPLICATES,
    /// bad nonce
    SEQUENCE_NONCE_INVALID,
    /// chain account info missing
    CHAIN_ACCOUNT_INFO_DOES_NOT_EXIST,
    /// not a multisig account
    ACCOUNT_NOT_MULTISIG,
    /// not a multisig owner
    NOT_MULTISIG_OWNER,
    /// multisig txn missing
    MULTISIG_TRANSACTION_NOT_FOUND,
    /// not enough approvals
    MULTISIG_TRANSACTION_INSUFFICIENT_APPROVALS,
    /// payload/hash mismatch
    MULTISIG_TRANSACTION_PAYLOAD_DOES_NOT_MATCH_HASH,
    /// fee payer missing
    GAS_PAYER_ACCOUNT_MISSING,
    /// cannot cover deposit
    INSUFFICIENT_BALANCE_FOR_REQUIRED_DEPOSIT,
    /// gas parameters unavailable
    GAS_PARAMS_MISSING,
    /// deposit vs max gas mismatch
    REQUIRED_DEPOSIT_INCONSISTENT_WITH_TXN_MAX_GAS,
    /// multisig payload mismatch
    MULTISIG_TRANSACTION_PAYLOAD_DOES_NOT_MATCH,
    /// authentication used too much gas
    ACCOUNT_AUTHENTICATION_GAS_LIMIT_EXCEEDED,
    /// replay nonce reused
    NONCE_ALREADY_USED,
    /// empty payload
    EMPTY_PAYLOAD_PROVIDED,
    /// expiry too far ahead
    TRANSACTION_EXPIRATION_TOO_FAR_IN_FUTURE,
    /// wrong number of proofs
    INVALID_NUMBER_OF_AUTHENTICATION_PROOFS,
    /// not a stake pool owner
    NOT_STAKE_POOL_OWNER,
    /// not a delegated voter
    NOT_DELEGATED_VOTER,
    /// stake too small
    INSUFFICIENT_STAKE,
    /// bad limits multiplier
    INVALID_HIGH_TXN_LIMITS_MULTIPLIER,
    /// stake pool missing
    STAKE_POOL_NOT_FOUND,
    /// delegation pool missing
    DELEGATION_POOL_NOT_FOUND,
    /// multiplier unavailable
    MULTIPLIER_NOT_AVAILABLE,
    /// gas price too low for high limits
    HIGH_LIMIT_TXN_GAS_UNIT_PRICE_BELOW_MIN_BOUND,
    /// gas price too low for encrypted txn
    ENCRYPTED_TXN_GAS_UNIT_PRICE_BELOW_MIN_BOUND,
    /// limits request not allowed for governance
    TXN_LIMITS_REQUEST_NOT_ALLOWED_FOR_GOVERNANCE_SCRIPT,
    /// stake pool not a validator
    STAKE_POOL_NOT_IN_VALIDATOR_SET,
    /// reserved
    RESERVED_VALIDATION_ERROR_2,
    /// reserved
    RESERVED_VALIDATION_ERROR_3,
    /// reserved
    RESERVED_VALIDATION_ERROR_4,
    /// catch-all verifier failure
    UNKNOWN_VERIFICATION_ERROR,
    /// a table index points past its table (bounds checker)
    INDEX_OUT_OF_BOUNDS,
    /// ill-formed type: reference inside a type argument/field/vector, nested reference, reference to reference, etc.
    INVALID_SIGNATURE_TOKEN,
    /// a struct contains itself (directly or through other structs of the module)
    RECURSIVE_STRUCT_DEFINITION,
    /// a field's type lacks an ability required by the struct's declared abilities
    FIELD_MISSING_TYPE_ABILITY,
    /// control can fall off the end of the code (last instruction not ret/abort/branch)
    INVALID_FALL_THROUGH,
    /// an instruction pops more values than the block has pushed
    NEGATIVE_STACK_SIZE_WITHIN_BLOCK,
    /// script main signature not allowed
    INVALID_MAIN_FUNCTION_SIGNATURE,
    /// duplicate entry (names, handles, fields, ...) in a table
    DUPLICATE_ELEMENT,
    /// self module handle inconsistent
    INVALID_MODULE_HANDLE,
    /// a handle of this module has no definition
    UNIMPLEMENTED_HANDLE,
    /// an imported function/struct does not exist in the dependency (or its signature differs)
    LOOKUP_FAILED,
    /// element type of a vec_* instruction does not match the operand; also a signature mismatch found by the dependency checker
    TYPE_MISMATCH,
    /// missing module dependency; at runtime also a missing native implementation
    MISSING_DEPENDENCY,
    /// pop of a value whose type has no drop
    POP_WITHOUT_DROP_ABILITY,
    /// br_true/br_false on a non-bool
    BR_TYPE_MISMATCH_ERROR,
    /// abort code is not u64
    ABORT_TYPE_MISMATCH_ERROR,
    /// st_loc value type differs from the local's type
    STLOC_TYPE_MISMATCH_ERROR,
    /// st_loc overwrites a value without drop (or a borrowed local)
    STLOC_UNSAFE_TO_DESTROY_ERROR,
    /// ret while a local/global is still borrowed
    UNSAFE_RET_LOCAL_OR_RESOURCE_STILL_BORROWED,
    /// returned values do not match the declared results
    RET_TYPE_MISMATCH_ERROR,
    /// ret of a mutable reference that is still borrowed
    RET_BORROWED_MUTABLE_REFERENCE_ERROR,
    /// freeze_ref on a non-mutable-reference
    FREEZEREF_TYPE_MISMATCH_ERROR,
    /// freeze_ref while a mutable borrow exists
    FREEZEREF_EXISTS_MUTABLE_BORROW_ERROR,
    /// field borrow on a value that is not a reference to that struct
    BORROWFIELD_TYPE_MISMATCH_ERROR,
    /// field handle does not belong to the struct
    BORROWFIELD_BAD_FIELD_ERROR,
    /// field borrow conflicts with an existing mutable borrow
    BORROWFIELD_EXISTS_MUTABLE_BORROW_ERROR,
    /// copy_loc of a local that is unset/moved
    COPYLOC_UNAVAILABLE_ERROR,
    /// copy_loc of a type without copy
    COPYLOC_WITHOUT_COPY_ABILITY,
    /// copy_loc of a local that is mutably borrowed
    COPYLOC_EXISTS_BORROW_ERROR,
    /// move_loc of a local that is unset/moved
    MOVELOC_UNAVAILABLE_ERROR,
    /// move_loc of a borrowed local
    MOVELOC_EXISTS_BORROW_ERROR,
    /// borrow_loc of a local holding a reference
    BORROWLOC_REFERENCE_ERROR,
    /// borrow_loc of an unset/moved local
    BORROWLOC_UNAVAILABLE_ERROR,
    /// mut_borrow_loc conflicts with an existing borrow
    BORROWLOC_EXISTS_BORROW_ERROR,
    /// call arguments do not match the callee's parameters (runtime: closure type mismatch)
    CALL_TYPE_MISMATCH_ERROR,
    /// passing a mutable reference that is still borrowed
    CALL_BORROWED_MUTABLE_REFERENCE_ERROR,
    /// pack operands do not match the field types (runtime: bad captured closure argument)
    PACK_TYPE_MISMATCH_ERROR,
    /// unpack operand is not that struct
    UNPACK_TYPE_MISMATCH_ERROR,
    /// read_ref on a non-reference
    READREF_TYPE_MISMATCH_ERROR,
    /// read_ref of a type without copy
    READREF_WITHOUT_COPY_ABILITY,
    /// read_ref while a mutable borrow exists
    READREF_EXISTS_MUTABLE_BORROW_ERROR,
    /// write_ref value/reference type mismatch
    WRITEREF_TYPE_MISMATCH_ERROR,
    /// write_ref over a type without drop
    WRITEREF_WITHOUT_DROP_ABILITY,
    /// write_ref while the target is borrowed
    WRITEREF_EXISTS_BORROW_ERROR,
    /// write_ref through an immutable reference
    WRITEREF_NO_MUTABLE_REFERENCE_ERROR,
    /// arithmetic/bitwise/compare/cast operands of wrong or different integer types
    INTEGER_OP_TYPE_MISMATCH_ERROR,
    /// and/or/not on non-bool
    BOOLEAN_OP_TYPE_MISMATCH_ERROR,
    /// eq/neq on different types or types without drop
    EQUALITY_OP_TYPE_MISMATCH_ERROR,
    /// exists on non-key type or non-address
    EXISTS_WITHOUT_KEY_ABILITY_OR_BAD_ARGUMENT,
    /// borrow_global operand not an address
    BORROWGLOBAL_TYPE_MISMATCH_ERROR,
    /// borrow_global of a type without key
    BORROWGLOBAL_WITHOUT_KEY_ABILITY,
    /// move_from operand not an address
    MOVEFROM_TYPE_MISMATCH_ERROR,
    /// move_from of a type without key
    MOVEFROM_WITHOUT_KEY_ABILITY,
    /// move_to operands not (&signer, struct)
    MOVETO_TYPE_MISMATCH_ERROR,
    /// move_to of a type without key
    MOVETO_WITHOUT_KEY_ABILITY,
    /// published module address differs from sender
    MODULE_ADDRESS_DOES_NOT_MATCH_SENDER,
    /// module has no self handle
    NO_MODULE_HANDLES,
    /// values left on the stack at the end of a basic block
    POSITIVE_STACK_SIZE_AT_BLOCK_END,
    /// function touches global storage of a local type without acquires
    MISSING_ACQUIRES_ANNOTATION,
    /// acquires lists a type that is not used
    EXTRANEOUS_ACQUIRES_ANNOTATION,
    /// acquires lists a type twice
    DUPLICATE_ACQUIRES_ANNOTATION,
    /// acquires lists a type without key / foreign
    INVALID_ACQUIRES_ANNOTATION,
    /// global borrow conflicts (e.g. borrow_global while a reference to it exists, returning a global reference)
    GLOBAL_REFERENCE_ERROR,
    /// a type argument lacks an ability required by a type parameter constraint
    CONSTRAINT_NOT_SATISFIED,
    /// wrong count of type arguments
    NUMBER_OF_TYPE_ARGUMENTS_MISMATCH,
    /// generic instantiations grow without bound (e.g. `f<T>` calls `f<S<T>>`)
    LOOP_IN_INSTANTIATION_GRAPH,
    /// struct with no fields
    ZERO_SIZED_STRUCT,
    /// dependency module missing or a function/struct cannot be linked; at runtime: module not found
    LINKER_ERROR,
    /// constant of a non-constant type
    INVALID_CONSTANT_TYPE,
    /// constant bytes do not decode as their type
    MALFORMED_CONSTANT_DATA,
    /// function body has no instructions
    EMPTY_CODE_UNIT,
    /// (legacy) loop structure
    INVALID_LOOP_SPLIT,
    /// (legacy) loop break
    INVALID_LOOP_BREAK,
    /// (legacy) loop continue
    INVALID_LOOP_CONTINUE,
    /// ret with locals still holding values without drop
    UNSAFE_RET_UNUSED_VALUES_WITHOUT_DROP,
    /// more than 255 locals (parameters + locals)
    TOO_MANY_LOCALS,
    /// generic/non-generic opcode used with the wrong kind of handle
    GENERIC_MEMBER_OPCODE_MISMATCH,
    /// function could not be resolved
    FUNCTION_RESOLUTION_FAILURE,
    /// operation not allowed in scripts
    INVALID_OPERATION_IN_SCRIPT,
    /// two modules with the same name in a bundle
    DUPLICATE_MODULE_NAME,
    /// republished module breaks compatibility (layouts, public signatures, ...)
    BACKWARD_INCOMPATIBLE_MODULE_UPDATE,
    /// modules depend on each other cyclically
    CYCLIC_MODULE_DEPENDENCY,
    /// entry function/script got a different number of arguments (incl. signers)
    NUMBER_OF_ARGUMENTS_MISMATCH,
    /// parameter type cannot be passed as a transaction argument
    INVALID_PARAM_TYPE_FOR_DESERIALIZATION,
    /// argument bytes do not deserialize as the parameter type
    FAILED_TO_DESERIALIZE_ARGUMENT,
    /// wrong number of signer arguments
    NUMBER_OF_SIGNER_ARGUMENTS_MISMATCH,
    /// (legacy) visibility
    CALLED_SCRIPT_VISIBLE_FROM_NON_SCRIPT_VISIBLE,
    /// entry call to a non-entry function
    EXECUTE_ENTRY_FUNCTION_CALLED_ON_NON_ENTRY_FUNCTION,
    /// module declares itself as friend
    INVALID_FRIEND_DECL_WITH_SELF,
    /// friend at another address
    INVALID_FRIEND_DECL_WITH_MODULES_OUTSIDE_ACCOUNT_ADDRESS,
    /// friend that is also a dependency
    INVALID_FRIEND_DECL_WITH_MODULES_IN_DEPENDENCIES,
    /// friend cycle
    CYCLIC_MODULE_FRIENDSHIP,
    /// phantom parameter used in a non-phantom position
    INVALID_PHANTOM_TYPE_PARAM_POSITION,
    /// vector update while elements are borrowed
    VEC_UPDATE_EXISTS_MUTABLE_BORROW_ERROR,
    /// vector element borrow conflicts with a mutable borrow
    VEC_BORROW_ELEMENT_EXISTS_MUTABLE_BORROW_ERROR,
    /// loop nesting deeper than the limit (5)
    LOOP_MAX_DEPTH_REACHED,
    /// too many type parameters
    TOO_MANY_TYPE_PARAMETERS,
    /// more parameters than the limit (128)
    TOO_MANY_PARAMETERS,
    /// more than 1024 basic blocks
    TOO_MANY_BASIC_BLOCKS,
    /// verifier-computed stack height above 1024
    VALUE_STACK_OVERFLOW,
    /// a type has more than 128 nodes (verifier); runtime type size limit
    TOO_MANY_TYPE_NODES,
    /// more than 10000 pushes in one function
    VALUE_STACK_PUSH_OVERFLOW,
    /// dependency chain too deep
    MAX_DEPENDENCY_DEPTH_REACHED,
    /// more than 1000 functions
    MAX_FUNCTION_DEFINITIONS_REACHED,
    /// more than 200 structs
    MAX_STRUCT_DEFINITIONS_REACHED,
    /// more than 30 fields in a struct
    MAX_FIELD_DEFINITIONS_REACHED,
    /// too many loop back edges
    TOO_MANY_BACK_EDGES,
    /// bad event metadata
    EVENT_METADATA_VALIDATION_ERROR,
    /// too many dependencies
    DEPENDENCY_LIMIT_REACHED,
    /// unstable bytecode not allowed
    UNSTABLE_BYTECODE_REJECTED,
    /// verifier metering budget exceeded
    PROGRAM_TOO_COMPLEX,
    /// native function in a user module
    USER_DEFINED_NATIVE_NOT_ALLOWED,
    /// more than 90 variants
    MAX_STRUCT_VARIANTS_REACHED,
    /// test_variant operand not a reference to that enum
    TEST_VARIANT_TYPE_MISMATCH_ERROR,
    /// enum without variants
    ZERO_VARIANTS_ERROR,
    /// construct needs a disabled feature
    FEATURE_NOT_ENABLED,
    /// closure mask inconsistent with the function
    INVALID_CLOSURE_MASK,
    /// call_closure on a non-function value
    CLOSURE_CALL_REQUIRES_FUNCTION,
    /// bad init_module function
    INVALID_INIT_MODULE,
    /// friend missing from bundle
    FRIEND_NOT_FOUND_IN_MODULE_BUNDLE,
    /// a function with a struct-API name/attribute (`pack$S`, `borrow$S$0`, `#[pack]` ...) has the wrong shape
    INVALID_STRUCT_API_CODE,
    /// reserved
    RESERVED_VERIFICATION_ERROR_1,
    /// reserved
    RESERVED_VERIFICATION_ERROR_2,
    /// reserved
    RESERVED_VERIFICATION_ERROR_3,
    /// reserved
    RESERVED_VERIFICATION_ERROR_4,
    /// generic internal error; used by paranoid runtime checks (sub-status 1 type check, 2 reference counting, 3 reference safety, 4 indexed-ref tag)
    UNKNOWN_INVARIANT_VIOLATION_ERROR,
    /// pop from an empty operand stack
    EMPTY_VALUE_STACK,
    /// program counter ran off the code
    PC_OVERFLOW,
    /// a verification-class error surfaced at runtime (remapped, e.g. type size limit hit while executing)
    VERIFICATION_ERROR,
    /// storage backend failure
    STORAGE_ERROR,
    /// value of unexpected kind at runtime (e.g. Cannot add U32(33) and U64(1))
    INTERNAL_TYPE_ERROR,
    /// event key mismatch
    EVENT_KEY_MISMATCH,
    /// code thought unreachable
    UNREACHABLE,
    /// VM could not start
    VM_STARTUP_FAILURE,
    /// framework function failed unexpectedly
    UNEXPECTED_ERROR_FROM_KNOWN_MOVE_FUNCTION,
    /// verifier internal error
    VERIFIER_INVARIANT_VIOLATION,
    /// stored code failed verification at load
    UNEXPECTED_VERIFIER_ERROR,
    /// stored code failed deserialization at load
    UNEXPECTED_DESERIALIZATION_ERROR,
    /// write set serialization failed
    FAILED_TO_SERIALIZE_WRITE_SET_CHANGES,
    /// stored resource bytes unreadable
    FAILED_TO_DESERIALIZE_RESOURCE,
    /// type tag could not be loaded (sub-status 1: user-provided type)
    TYPE_RESOLUTION_FAILURE,
    /// native registered twice
    DUPLICATE_NATIVE_FUNCTION,
    /// delayed-field/parallel-execution invariant
    DELAYED_FIELD_OR_BLOCKSTM_CODE_INVARIANT_ERROR,
    /// speculative execution must restart
    SPECULATIVE_EXECUTION_ABORT_ERROR,
    /// access-control invariant
    ACCESS_CONTROL_INVARIANT_VIOLATION,
    /// reserved
    RESERVED_INVARIANT_VIOLATION_ERROR_1,
    /// reserved
    RESERVED_INVARIANT_VIOLATION_ERROR_2,
    /// reserved
    RESERVED_INVARIANT_VIOLATION_ERROR_3,
    /// reserved
    RESERVED_INVARIANT_VIOLATION_ERROR_4,
    /// reserved
    RESERVED_INVARIANT_VIOLATION_ERROR_5,
    /// unspecified binary format error
    UNKNOWN_BINARY_ERROR,
    /// binary is malformed
    MALFORMED,
    /// wrong magic bytes
    BAD_MAGIC,
    /// unsupported bytecode version
    UNKNOWN_VERSION,
    /// unknown table kind
    UNKNOWN_TABLE_TYPE,
    /// unknown signature kind
    UNKNOWN_SIGNATURE_TYPE,
    /// unknown type tag byte
    UNKNOWN_SERIALIZED_TYPE,
    /// unknown opcode byte
    UNKNOWN_OPCODE,
    /// table headers inconsistent
    BAD_HEADER_TABLE,
    /// signature kind not expected here
    UNEXPECTED_SIGNATURE_TYPE,
    /// table appears twice
    DUPLICATE_TABLE,
    /// unknown ability bits
    UNKNOWN_ABILITY,
    /// unknown struct field-info flag
    UNKNOWN_NATIVE_STRUCT_FLAG,
    /// bad u16 encoding
    BAD_U16,
    /// bad u32 encoding
    BAD_U32,
    /// bad u64 encoding
    BAD_U64,
    /// bad u128 encoding
    BAD_U128,
    /// bad u256 encoding
    BAD_U256,
    /// value could not be serialized
    VALUE_SERIALIZATION_ERROR,
    /// value could not be deserialized
    VALUE_DESERIALIZATION_ERROR,
    /// code unit unreadable
    CODE_DESERIALIZATION_ERROR,
    /// invalid flag bits
    INVALID_FLAG_BITS,
    /// (internal)
    _UNABLE_TO_CAPTURE_OPTION_TYPE,
    /// reserved (sic spelling)
    RESERVED_DESERIALIZAION_ERROR_1,
    /// reserved
    RESERVED_DESERIALIZAION_ERROR_2,
    /// reserved
    RESERVED_DESERIALIZAION_ERROR_3,
    /// reserved
    RESERVED_DESERIALIZAION_ERROR_4,
    /// reserved
    RESERVED_DESERIALIZAION_ERROR_5,
    /// unspecified runtime failure
    UNKNOWN_RUNTIME_STATUS,
    /// success (never an error)
    EXECUTED,
    /// gas budget exhausted
    OUT_OF_GAS,
    /// resource missing (storage API)
    RESOURCE_DOES_NOT_EXIST,
    /// move_to onto an address that already holds the resource
    RESOURCE_ALREADY_EXISTS,
    /// borrow_global/move_from of a resource that does not exist
    MISSING_DATA,
    /// stored data has the wrong format
    DATA_FORMAT_ERROR,
    /// abort/abort_msg executed, or a native aborted; sub_status = abort code
    ABORTED,
    /// overflow, division/remainder by zero, bad shift amount, lossy cast, negation overflow
    ARITHMETIC_ERROR,
    /// vector index out of bounds (sub 1), pop from empty (sub 2), vec_unpack length mismatch (sub 3)
    VECTOR_OPERATION_ERROR,
    /// operand stack would exceed 1024 values
    EXECUTION_STACK_OVERFLOW,
    /// call depth would exceed 1024 frames
    CALL_STACK_OVERFLOW,
    /// runtime type deeper than the limit (20 in the tests)
    VM_MAX_TYPE_DEPTH_REACHED,
    /// value/layout nesting deeper than 128
    VM_MAX_VALUE_DEPTH_REACHED,
    /// native extension failure
    VM_EXTENSION_ERROR,
    /// too many storage writes
    STORAGE_WRITE_LIMIT_REACHED,
    /// memory quota exceeded
    MEMORY_LIMIT_EXCEEDED,
    /// too many type nodes at runtime
    VM_MAX_TYPE_NODES_REACHED,
    /// execution limit reached
    EXECUTION_LIMIT_REACHED,
    /// I/O limit reached
    IO_LIMIT_REACHED,
    /// storage limit reached
    STORAGE_LIMIT_REACHED,
    /// type tag too large
    TYPE_TAG_LIMIT_EXCEEDED,
    /// resource access denied by access specifiers
    ACCESS_DENIED,
    /// access-control stack deeper than 256
    ACCESS_STACK_LIMIT_EXCEEDED,
    /// too many aggregators/delayed fields
    TOO_MANY_DELAYED_FIELDS,
    /// re-entrancy violation (resource of a module that is active further up the stack), bad dynamic dispatch
    RUNTIME_DISPATCH_ERROR,
    /// unpack_variant/borrow_variant_field on a value of another variant
    STRUCT_VARIANT_MISMATCH,
    /// feature not implemented
    UNIMPLEMENTED_FUNCTIONALITY,
    /// cyclic dependency found while loading lazily
    RUNTIME_CYCLIC_MODULE_DEPENDENCY,
    /// delayed fields cannot be captured
    UNABLE_TO_CAPTURE_DELAYED_FIELDS,
    /// abort_msg message is not valid UTF-8
    INVALID_ABORT_MESSAGE,
    /// abort_msg message longer than 1024 bytes
    ABORT_MESSAGE_LIMIT_EXCEEDED,
    /// reserved
    RESERVED_RUNTIME_ERROR_1,
    /// reserved
    RESERVED_RUNTIME_ERROR_2,
    /// reserved
    RESERVED_RUNTIME_ERROR_3,
    /// sentinel, u64::MAX
    UNKNOWN_STATUS,
    /// a struct or enum contains itself (Sui name)
    RECURSIVE_DATATYPE_DEFINITION,
    /// borrowing a field while a mutable borrow of it exists (Sui name)
    FIELD_EXISTS_MUTABLE_BORROW_ERROR,
    /// reserved
    RESERVED_VERIFICATION_ERROR_5,
    /// vector pack/unpack or constant beyond the element limit
    TOO_MANY_VECTOR_ELEMENTS,
    /// identifier beyond the length limit
    IDENTIFIER_TOO_LONG,
    /// variant_switch on a value that is not an enum reference
    ENUM_SWITCH_BAD_OPERAND,
    /// variant_switch on an enum other than its jump table head
    ENUM_TYPE_MISMATCH,
    /// jump table not complete or out of range
    INVALID_ENUM_SWITCH,
    /// enum definition without variants
    ZERO_SIZED_ENUM,
    /// enum with too many variants
    MAX_VARIANTS_REACHED,
    /// identifier not valid
    INVALID_IDENTIFIER,
    /// package modules at different addresses
    MISMATCHED_MODULE_IDS_IN_PACKAGE,
    /// packages depend on each other in a cycle
    CYCLIC_PACKAGE_DEPENDENCY,
    /// internal arithmetic overflow
    ARITHMETIC_OVERFLOW,
    /// reference-safety state inconsistent
    REFERENCE_SAFETY_INCONSISTENT,
    /// type defined twice in the runtime
    DUPLICATE_TYPE_DEFINITION,
    /// dispatch-table key not found
    VTABLE_KEY_LOOKUP_ERROR,
    /// bytes after the end of the module
    TRAILING_BYTES,
    /// unknown enum definition flag
    UNKNOWN_ENUM_FLAG,
    /// unknown jump table flag
    UNKNOWN_JUMP_TABLE_FLAG,
    /// deprecated instruction or field (global storage) in a Sui binary
    DEPRECATED_BYTECODE_FORMAT,
    /// package without modules
    EMPTY_PACKAGE,
    /// unpack or borrow of an enum value of another variant (Sui)
    VARIANT_TAG_MISMATCH,
    /// package arena full
    PACKAGE_ARENA_LIMIT_REACHED,
    /// interner full
    INTERNER_LIMIT_REACHED,
    /// external resolution request failed
    EXTERNAL_RESOLUTION_REQUEST_ERROR,
    /// system object not available locally
    SYSTEM_OBJECT_NOT_AVAILABLE_LOCALLY,
}

impl StatusCode {
    /// Every status with an Aptos number, in ascending Aptos order.
    pub const ALL: &'static [StatusCode] = &[
        StatusCode::UNKNOWN_VALIDATION_STATUS,
        StatusCode::INVALID_SIGNATURE,
        StatusCode::INVALID_AUTH_KEY,
        StatusCode::SEQUENCE_NUMBER_TOO_OLD,
        StatusCode::SEQUENCE_NUMBER_TOO_NEW,
        StatusCode::INSUFFICIENT_BALANCE_FOR_TRANSACTION_FEE,
        StatusCode::TRANSACTION_EXPIRED,
        StatusCode::SENDING_ACCOUNT_DOES_NOT_EXIST,
        StatusCode::REJECTED_WRITE_SET,
        StatusCode::INVALID_WRITE_SET,
        StatusCode::EXCEEDED_MAX_TRANSACTION_SIZE,
        StatusCode::UNKNOWN_SCRIPT,
        StatusCode::UNKNOWN_MODULE,
        StatusCode::MAX_GAS_UNITS_EXCEEDS_MAX_GAS_UNITS_BOUND,
        StatusCode::MAX_GAS_UNITS_BELOW_MIN_TRANSACTION_GAS_UNITS,
        StatusCode::GAS_UNIT_PRICE_BELOW_MIN_BOUND,
        StatusCode::GAS_UNIT_PRICE_ABOVE_MAX_BOUND,
        StatusCode::INVALID_GAS_SPECIFIER,
        StatusCode::SENDING_ACCOUNT_FROZEN,
        StatusCode::UNABLE_TO_DESERIALIZE_ACCOUNT,
        StatusCode::CURRENCY_INFO_DOES_NOT_EXIST,
        StatusCode::INVALID_MODULE_PUBLISHER,
        StatusCode::NO_ACCOUNT_ROLE,
        StatusCode::BAD_CHAIN_ID,
        StatusCode::SEQUENCE_NUMBER_TOO_BIG,
        StatusCode::BAD_TRANSACTION_FEE_CURRENCY,
        StatusCode::FEATURE_UNDER_GATING,
        StatusCode::SECONDARY_KEYS_ADDRESSES_COUNT_MISMATCH,
        StatusCode::SIGNERS_CONTAIN_DUPLICATES,
        StatusCode::SEQUENCE_NONCE_INVALID,
        StatusCode::CHAIN_ACCOUNT_INFO_DOES_NOT_EXIST,
        StatusCode::ACCOUNT_NOT_MULTISIG,
        StatusCode::NOT_MULTISIG_OWNER,
        StatusCode::MULTISIG_TRANSACTION_NOT_FOUND,
        StatusCode::MULTISIG_TRANSACTION_INSUFFICIENT_APPROVALS,
        StatusCode::MULTISIG_TRANSACTION_PAYLOAD_DOES_NOT_MATCH_HASH,
        StatusCode::GAS_PAYER_ACCOUNT_MISSING,
        StatusCode::INSUFFICIENT_BALANCE_FOR_REQUIRED_DEPOSIT,
        StatusCode::GAS_PARAMS_MISSING,
        StatusCode::REQUIRED_DEPOSIT_INCONSISTENT_WITH_TXN_MAX_GAS,
        StatusCode::MULTISIG_TRANSACTION_PAYLOAD_DOES_NOT_MATCH,
        StatusCode::ACCOUNT_AUTHENTICATION_GAS_LIMIT_EXCEEDED,
        StatusCode::NONCE_ALREADY_USED,
        StatusCode::EMPTY_PAYLOAD_PROVIDED,
        StatusCode::TRANSACTION_EXPIRATION_TOO_FAR_IN_FUTURE,
        StatusCode::INVALID_NUMBER_OF_AUTHENTICATION_PROOFS,
        StatusCode::NOT_STAKE_POOL_OWNER,
        StatusCode::NOT_DELEGATED_VOTER,
        StatusCode::INSUFFICIENT_STAKE,
        StatusCode::INVALID_HIGH_TXN_LIMITS_MULTIPLIER,
        StatusCode::STAKE_POOL_NOT_FOUND,
        StatusCode::DELEGATION_POOL_NOT_FOUND,
        StatusCode::MULTIPLIER_NOT_AVAILABLE,
        StatusCode::HIGH_LIMIT_TXN_GAS_UNIT_PRICE_BELOW_MIN_BOUND,
        StatusCode::ENCRYPTED_TXN_GAS_UNIT_PRICE_BELOW_MIN_BOUND,
        StatusCode::TXN_LIMITS_REQUEST_NOT_ALLOWED_FOR_GOVERNANCE_SCRIPT,
        StatusCode::STAKE_POOL_NOT_IN_VALIDATOR_SET,
        StatusCode::RESERVED_VALIDATION_ERROR_2,
        StatusCode::RESERVED_VALIDATION_ERROR_3,
        StatusCode::RESERVED_VALIDATION_ERROR_4,
        StatusCode::UNKNOWN_VERIFICATION_ERROR,
        StatusCode::INDEX_OUT_OF_BOUNDS,
        StatusCode::INVALID_SIGNATURE_TOKEN,
        StatusCode::RECURSIVE_STRUCT_DEFINITION,
        StatusCode::FIELD_MISSING_TYPE_ABILITY,
        StatusCode::INVALID_FALL_THROUGH,
        StatusCode::NEGATIVE_STACK_SIZE_WITHIN_BLOCK,
        StatusCode::INVALID_MAIN_FUNCTION_SIGNATURE,
        StatusCode::DUPLICATE_ELEMENT,
        StatusCode::INVALID_MODULE_HANDLE,
        StatusCode::UNIMPLEMENTED_HANDLE,
        StatusCode::LOOKUP_FAILED,
        StatusCode::TYPE_MISMATCH,
        StatusCode::MISSING_DEPENDENCY,
        StatusCode::POP_WITHOUT_DROP_ABILITY,
        StatusCode::BR_TYPE_MISMATCH_ERROR,
        StatusCode::ABORT_TYPE_MISMATCH_ERROR,
        StatusCode::STLOC_TYPE_MISMATCH_ERROR,
        StatusCode::STLOC_UNSAFE_TO_DESTROY_ERROR,
        StatusCode::UNSAFE_RET_LOCAL_OR_RESOURCE_STILL_BORROWED,
        StatusCode::RET_TYPE_MISMATCH_ERROR,
        StatusCode::RET_BORROWED_MUTABLE_REFERENCE_ERROR,
        StatusCode::FREEZEREF_TYPE_MISMATCH_ERROR,
        StatusCode::FREEZEREF_EXISTS_MUTABLE_BORROW_ERROR,
        StatusCode::BORROWFIELD_TYPE_MISMATCH_ERROR,
        StatusCode::BORROWFIELD_BAD_FIELD_ERROR,
        StatusCode::BORROWFIELD_EXISTS_MUTABLE_BORROW_ERROR,
        StatusCode::COPYLOC_UNAVAILABLE_ERROR,
        StatusCode::COPYLOC_WITHOUT_COPY_ABILITY,
        StatusCode::COPYLOC_EXISTS_BORROW_ERROR,
        StatusCode::MOVELOC_UNAVAILABLE_ERROR,
        StatusCode::MOVELOC_EXISTS_BORROW_ERROR,
        StatusCode::BORROWLOC_REFERENCE_ERROR,
        StatusCode::BORROWLOC_UNAVAILABLE_ERROR,
        StatusCode::BORROWLOC_EXISTS_BORROW_ERROR,
        StatusCode::CALL_TYPE_MISMATCH_ERROR,
        StatusCode::CALL_BORROWED_MUTABLE_REFERENCE_ERROR,
        StatusCode::PACK_TYPE_MISMATCH_ERROR,
        StatusCode::UNPACK_TYPE_MISMATCH_ERROR,
        StatusCode::READREF_TYPE_MISMATCH_ERROR,
        StatusCode::READREF_WITHOUT_COPY_ABILITY,
        StatusCode::READREF_EXISTS_MUTABLE_BORROW_ERROR,
        StatusCode::WRITEREF_TYPE_MISMATCH_ERROR,
        StatusCode::WRITEREF_WITHOUT_DROP_ABILITY,
        StatusCode::WRITEREF_EXISTS_BORROW_ERROR,
        StatusCode::WRITEREF_NO_MUTABLE_REFERENCE_ERROR,
        StatusCode::INTEGER_OP_TYPE_MISMATCH_ERROR,
        StatusCode::BOOLEAN_OP_TYPE_MISMATCH_ERROR,
        StatusCode::EQUALITY_OP_TYPE_MISMATCH_ERROR,
        StatusCode::EXISTS_WITHOUT_KEY_ABILITY_OR_BAD_ARGUMENT,
        StatusCode::BORROWGLOBAL_TYPE_MISMATCH_ERROR,
        StatusCode::BORROWGLOBAL_WITHOUT_KEY_ABILITY,
        StatusCode::MOVEFROM_TYPE_MISMATCH_ERROR,
        StatusCode::MOVEFROM_WITHOUT_KEY_ABILITY,
        StatusCode::MOVETO_TYPE_MISMATCH_ERROR,
        StatusCode::MOVETO_WITHOUT_KEY_ABILITY,
        StatusCode::MODULE_ADDRESS_DOES_NOT_MATCH_SENDER,
        StatusCode::NO_MODULE_HANDLES,
        StatusCode::POSITIVE_STACK_SIZE_AT_BLOCK_END,
        StatusCode::MISSING_ACQUIRES_ANNOTATION,
        StatusCode::EXTRANEOUS_ACQUIRES_ANNOTATION,
        StatusCode::DUPLICATE_ACQUIRES_ANNOTATION,
        StatusCode::INVALID_ACQUIRES_ANNOTATION,
        StatusCode::GLOBAL_REFERENCE_ERROR,
        StatusCode::CONSTRAINT_NOT_SATISFIED,
        StatusCode::NUMBER_OF_TYPE_ARGUMENTS_MISMATCH,
        StatusCode::LOOP_IN_INSTANTIATION_GRAPH,
        StatusCode::ZERO_SIZED_STRUCT,
        StatusCode::LINKER_ERROR,
        StatusCode::INVALID_CONSTANT_TYPE,
        StatusCode::MALFORMED_CONSTANT_DATA,
        StatusCode::EMPTY_CODE_UNIT,
        StatusCode::INVALID_LOOP_SPLIT,
        StatusCode::INVALID_LOOP_BREAK,
        StatusCode::INVALID_LOOP_CONTINUE,
        StatusCode::UNSAFE_RET_UNUSED_VALUES_WITHOUT_DROP,
        StatusCode::TOO_MANY_LOCALS,
        StatusCode::GENERIC_MEMBER_OPCODE_MISMATCH,
        StatusCode::FUNCTION_RESOLUTION_FAILURE,
        StatusCode::INVALID_OPERATION_IN_SCRIPT,
        StatusCode::DUPLICATE_MODULE_NAME,
        StatusCode::BACKWARD_INCOMPATIBLE_MODULE_UPDATE,
        StatusCode::CYCLIC_MODULE_DEPENDENCY,
        StatusCode::NUMBER_OF_ARGUMENTS_MISMATCH,
        StatusCode::INVALID_PARAM_TYPE_FOR_DESERIALIZATION,
        StatusCode::FAILED_TO_DESERIALIZE_ARGUMENT,
        StatusCode::NUMBER_OF_SIGNER_ARGUMENTS_MISMATCH,
        StatusCode::CALLED_SCRIPT_VISIBLE_FROM_NON_SCRIPT_VISIBLE,
        StatusCode::EXECUTE_ENTRY_FUNCTION_CALLED_ON_NON_ENTRY_FUNCTION,
        StatusCode::INVALID_FRIEND_DECL_WITH_SELF,
        StatusCode::INVALID_FRIEND_DECL_WITH_MODULES_OUTSIDE_ACCOUNT_ADDRESS,
        StatusCode::INVALID_FRIEND_DECL_WITH_MODULES_IN_DEPENDENCIES,
        StatusCode::CYCLIC_MODULE_FRIENDSHIP,
        StatusCode::INVALID_PHANTOM_TYPE_PARAM_POSITION,
        StatusCode::VEC_UPDATE_EXISTS_MUTABLE_BORROW_ERROR,
        StatusCode::VEC_BORROW_ELEMENT_EXISTS_MUTABLE_BORROW_ERROR,
        StatusCode::LOOP_MAX_DEPTH_REACHED,
        StatusCode::TOO_MANY_TYPE_PARAMETERS,
        StatusCode::TOO_MANY_PARAMETERS,
        StatusCode::TOO_MANY_BASIC_BLOCKS,
        StatusCode::VALUE_STACK_OVERFLOW,
        StatusCode::TOO_MANY_TYPE_NODES,
        StatusCode::VALUE_STACK_PUSH_OVERFLOW,
        StatusCode::MAX_DEPENDENCY_DEPTH_REACHED,
        StatusCode::MAX_FUNCTION_DEFINITIONS_REACHED,
        StatusCode::MAX_STRUCT_DEFINITIONS_REACHED,
        StatusCode::MAX_FIELD_DEFINITIONS_REACHED,
        StatusCode::TOO_MANY_BACK_EDGES,
        StatusCode::EVENT_METADATA_VALIDATION_ERROR,
        StatusCode::DEPENDENCY_LIMIT_REACHED,
        StatusCode::UNSTABLE_BYTECODE_REJECTED,
        StatusCode::PROGRAM_TOO_COMPLEX,
        StatusCode::USER_DEFINED_NATIVE_NOT_ALLOWED,
        StatusCode::MAX_STRUCT_VARIANTS_REACHED,
        StatusCode::TEST_VARIANT_TYPE_MISMATCH_ERROR,
        StatusCode::ZERO_VARIANTS_ERROR,
        StatusCode::FEATURE_NOT_ENABLED,
        StatusCode::INVALID_CLOSURE_MASK,
        StatusCode::CLOSURE_CALL_REQUIRES_FUNCTION,
        StatusCode::INVALID_INIT_MODULE,
        StatusCode::FRIEND_NOT_FOUND_IN_MODULE_BUNDLE,
        StatusCode::INVALID_STRUCT_API_CODE,
        StatusCode::RESERVED_VERIFICATION_ERROR_1,
        StatusCode::RESERVED_VERIFICATION_ERROR_2,
        StatusCode::RESERVED_VERIFICATION_ERROR_3,
        StatusCode::RESERVED_VERIFICATION_ERROR_4,
        StatusCode::UNKNOWN_INVARIANT_VIOLATION_ERROR,
        StatusCode::EMPTY_VALUE_STACK,
        StatusCode::PC_OVERFLOW,
        StatusCode::VERIFICATION_ERROR,
        StatusCode::STORAGE_ERROR,
        StatusCode::INTERNAL_TYPE_ERROR,
        StatusCode::EVENT_KEY_MISMATCH,
        StatusCode::UNREACHABLE,
        StatusCode::VM_STARTUP_FAILURE,
        StatusCode::UNEXPECTED_ERROR_FROM_KNOWN_MOVE_FUNCTION,
        StatusCode::VERIFIER_INVARIANT_VIOLATION,
        StatusCode::UNEXPECTED_VERIFIER_ERROR,
        StatusCode::UNEXPECTED_DESERIALIZATION_ERROR,
        StatusCode::FAILED_TO_SERIALIZE_WRITE_SET_CHANGES,
        StatusCode::FAILED_TO_DESERIALIZE_RESOURCE,
        StatusCode::TYPE_RESOLUTION_FAILURE,
        StatusCode::DUPLICATE_NATIVE_FUNCTION,
        StatusCode::DELAYED_FIELD_OR_BLOCKSTM_CODE_INVARIANT_ERROR,
        StatusCode::SPECULATIVE_EXECUTION_ABORT_ERROR,
        StatusCode::ACCESS_CONTROL_INVARIANT_VIOLATION,
        StatusCode::RESERVED_INVARIANT_VIOLATION_ERROR_1,
        StatusCode::RESERVED_INVARIANT_VIOLATION_ERROR_2,
        StatusCode::RESERVED_INVARIANT_VIOLATION_ERROR_3,
        StatusCode::RESERVED_INVARIANT_VIOLATION_ERROR_4,
        StatusCode::RESERVED_INVARIANT_VIOLATION_ERROR_5,
        StatusCode::UNKNOWN_BINARY_ERROR,
        StatusCode::MALFORMED,
        StatusCode::BAD_MAGIC,
        StatusCode::UNKNOWN_VERSION,
        StatusCode::UNKNOWN_TABLE_TYPE,
        StatusCode::UNKNOWN_SIGNATURE_TYPE,
        StatusCode::UNKNOWN_SERIALIZED_TYPE,
        StatusCode::UNKNOWN_OPCODE,
        StatusCode::BAD_HEADER_TABLE,
        StatusCode::UNEXPECTED_SIGNATURE_TYPE,
        StatusCode::DUPLICATE_TABLE,
        StatusCode::UNKNOWN_ABILITY,
        StatusCode::UNKNOWN_NATIVE_STRUCT_FLAG,
        StatusCode::BAD_U16,
        StatusCode::BAD_U32,
        StatusCode::BAD_U64,
        StatusCode::BAD_U128,
        StatusCode::BAD_U256,
        StatusCode::VALUE_SERIALIZATION_ERROR,
        StatusCode::VALUE_DESERIALIZATION_ERROR,
        StatusCode::CODE_DESERIALIZATION_ERROR,
        StatusCode::INVALID_FLAG_BITS,
        StatusCode::_UNABLE_TO_CAPTURE_OPTION_TYPE,
        StatusCode::RESERVED_DESERIALIZAION_ERROR_1,
        StatusCode::RESERVED_DESERIALIZAION_ERROR_2,
        StatusCode::RESERVED_DESERIALIZAION_ERROR_3,
        StatusCode::RESERVED_DESERIALIZAION_ERROR_4,
        StatusCode::RESERVED_DESERIALIZAION_ERROR_5,
        StatusCode::UNKNOWN_RUNTIME_STATUS,
        StatusCode::EXECUTED,
        StatusCode::OUT_OF_GAS,
        StatusCode::RESOURCE_DOES_NOT_EXIST,
        StatusCode::RESOURCE_ALREADY_EXISTS,
        StatusCode::MISSING_DATA,
        StatusCode::DATA_FORMAT_ERROR,
        StatusCode::ABORTED,
        StatusCode::ARITHMETIC_ERROR,
        StatusCode::VECTOR_OPERATION_ERROR,
        StatusCode::EXECUTION_STACK_OVERFLOW,
        StatusCode::CALL_STACK_OVERFLOW,
        StatusCode::VM_MAX_TYPE_DEPTH_REACHED,
        StatusCode::VM_MAX_VALUE_DEPTH_REACHED,
        StatusCode::VM_EXTENSION_ERROR,
        StatusCode::STORAGE_WRITE_LIMIT_REACHED,
        StatusCode::MEMORY_LIMIT_EXCEEDED,
        StatusCode::VM_MAX_TYPE_NODES_REACHED,
        StatusCode::EXECUTION_LIMIT_REACHED,
        StatusCode::IO_LIMIT_REACHED,
        StatusCode::STORAGE_LIMIT_REACHED,
        StatusCode::TYPE_TAG_LIMIT_EXCEEDED,
        StatusCode::ACCESS_DENIED,
        StatusCode::ACCESS_STACK_LIMIT_EXCEEDED,
        StatusCode::TOO_MANY_DELAYED_FIELDS,
        StatusCode::RUNTIME_DISPATCH_ERROR,
        StatusCode::STRUCT_VARIANT_MISMATCH,
        StatusCode::UNIMPLEMENTED_FUNCTIONALITY,
        StatusCode::RUNTIME_CYCLIC_MODULE_DEPENDENCY,
        StatusCode::UNABLE_TO_CAPTURE_DELAYED_FIELDS,
        StatusCode::INVALID_ABORT_MESSAGE,
        StatusCode::ABORT_MESSAGE_LIMIT_EXCEEDED,
        StatusCode::RESERVED_RUNTIME_ERROR_1,
        StatusCode::RESERVED_RUNTIME_ERROR_2,
        StatusCode::RESERVED_RUNTIME_ERROR_3,
        StatusCode::UNKNOWN_STATUS,
    ];

    /// Every status with a Sui number, in ascending Sui order.
    pub const ALL_SUI: &'static [StatusCode] = &[
        StatusCode::UNKNOWN_VALIDATION_STATUS,
        StatusCode::INVALID_SIGNATURE,
        StatusCode::INVALID_AUTH_KEY,
        StatusCode::SEQUENCE_NUMBER_TOO_OLD,
        StatusCode::SEQUENCE_NUMBER_TOO_NEW,
        StatusCode::INSUFFICIENT_BALANCE_FOR_TRANSACTION_FEE,
        StatusCode::TRANSACTION_EXPIRED,
        StatusCode::SENDING_ACCOUNT_DOES_NOT_EXIST,
        StatusCode::REJECTED_WRITE_SET,
        StatusCode::INVALID_WRITE_SET,
        StatusCode::EXCEEDED_MAX_TRANSACTION_SIZE,
        StatusCode::UNKNOWN_SCRIPT,
        StatusCode::UNKNOWN_MODULE,
        StatusCode::MAX_GAS_UNITS_EXCEEDS_MAX_GAS_UNITS_BOUND,
        StatusCode::MAX_GAS_UNITS_BELOW_MIN_TRANSACTION_GAS_UNITS,
        StatusCode::GAS_UNIT_PRICE_BELOW_MIN_BOUND,
        StatusCode::GAS_UNIT_PRICE_ABOVE_MAX_BOUND,
        StatusCode::INVALID_GAS_SPECIFIER,
        StatusCode::SENDING_ACCOUNT_FROZEN,
        StatusCode::UNABLE_TO_DESERIALIZE_ACCOUNT,
        StatusCode::CURRENCY_INFO_DOES_NOT_EXIST,
        StatusCode::INVALID_MODULE_PUBLISHER,
        StatusCode::NO_ACCOUNT_ROLE,
        StatusCode::BAD_CHAIN_ID,
        StatusCode::SEQUENCE_NUMBER_TOO_BIG,
        StatusCode::BAD_TRANSACTION_FEE_CURRENCY,
        StatusCode::FEATURE_UNDER_GATING,
        StatusCode::SECONDARY_KEYS_ADDRESSES_COUNT_MISMATCH,
        StatusCode::SIGNERS_CONTAIN_DUPLICATES,
        StatusCode::SEQUENCE_NONCE_INVALID,
        StatusCode::CHAIN_ACCOUNT_INFO_DOES_NOT_EXIST,
        StatusCode::UNKNOWN_VERIFICATION_ERROR,
        StatusCode::INDEX_OUT_OF_BOUNDS,
        StatusCode::INVALID_SIGNATURE_TOKEN,
        StatusCode::RECURSIVE_DATATYPE_DEFINITION,
        StatusCode::FIELD_MISSING_TYPE_ABILITY,
        StatusCode::INVALID_FALL_THROUGH,
        StatusCode::NEGATIVE_STACK_SIZE_WITHIN_BLOCK,
        StatusCode::INVALID_MAIN_FUNCTION_SIGNATURE,
        StatusCode::DUPLICATE_ELEMENT,
        StatusCode::INVALID_MODULE_HANDLE,
        StatusCode::UNIMPLEMENTED_HANDLE,
        StatusCode::LOOKUP_FAILED,
        StatusCode::TYPE_MISMATCH,
        StatusCode::MISSING_DEPENDENCY,
        StatusCode::POP_WITHOUT_DROP_ABILITY,
        StatusCode::BR_TYPE_MISMATCH_ERROR,
        StatusCode::ABORT_TYPE_MISMATCH_ERROR,
        StatusCode::STLOC_TYPE_MISMATCH_ERROR,
        StatusCode::STLOC_UNSAFE_TO_DESTROY_ERROR,
        StatusCode::UNSAFE_RET_LOCAL_OR_RESOURCE_STILL_BORROWED,
        StatusCode::RET_TYPE_MISMATCH_ERROR,
        StatusCode::RET_BORROWED_MUTABLE_REFERENCE_ERROR,
        StatusCode::FREEZEREF_TYPE_MISMATCH_ERROR,
        StatusCode::FREEZEREF_EXISTS_MUTABLE_BORROW_ERROR,
        StatusCode::BORROWFIELD_TYPE_MISMATCH_ERROR,
        StatusCode::BORROWFIELD_BAD_FIELD_ERROR,
        StatusCode::FIELD_EXISTS_MUTABLE_BORROW_ERROR,
        StatusCode::COPYLOC_UNAVAILABLE_ERROR,
        StatusCode::COPYLOC_WITHOUT_COPY_ABILITY,
        StatusCode::COPYLOC_EXISTS_BORROW_ERROR,
        StatusCode::MOVELOC_UNAVAILABLE_ERROR,
        StatusCode::MOVELOC_EXISTS_BORROW_ERROR,
        StatusCode::BORROWLOC_REFERENCE_ERROR,
        StatusCode::BORROWLOC_UNAVAILABLE_ERROR,
        StatusCode::BORROWLOC_EXISTS_BORROW_ERROR,
        StatusCode::CALL_TYPE_MISMATCH_ERROR,
        StatusCode::CALL_BORROWED_MUTABLE_REFERENCE_ERROR,
        StatusCode::PACK_TYPE_MISMATCH_ERROR,
        StatusCode::UNPACK_TYPE_MISMATCH_ERROR,
        StatusCode::READREF_TYPE_MISMATCH_ERROR,
        StatusCode::READREF_WITHOUT_COPY_ABILITY,
        StatusCode::READREF_EXISTS_MUTABLE_BORROW_ERROR,
        StatusCode::WRITEREF_TYPE_MISMATCH_ERROR,
        StatusCode::WRITEREF_WITHOUT_DROP_ABILITY,
        StatusCode::WRITEREF_EXISTS_BORROW_ERROR,
        StatusCode::WRITEREF_NO_MUTABLE_REFERENCE_ERROR,
        StatusCode::INTEGER_OP_TYPE_MISMATCH_ERROR,
        StatusCode::BOOLEAN_OP_TYPE_MISMATCH_ERROR,
        StatusCode::EQUALITY_OP_TYPE_MISMATCH_ERROR,
        StatusCode::EXISTS_WITHOUT_KEY_ABILITY_OR_BAD_ARGUMENT,
        StatusCode::BORROWGLOBAL_TYPE_MISMATCH_ERROR,
        StatusCode::BORROWGLOBAL_WITHOUT_KEY_ABILITY,
        StatusCode::MOVEFROM_TYPE_MISMATCH_ERROR,
        StatusCode::MOVEFROM_WITHOUT_KEY_ABILITY,
        StatusCode::MOVETO_TYPE_MISMATCH_ERROR,
        StatusCode::MOVETO_WITHOUT_KEY_ABILITY,
        StatusCode::MODULE_ADDRESS_DOES_NOT_MATCH_SENDER,
        StatusCode::NO_MODULE_HANDLES,
        StatusCode::POSITIVE_STACK_SIZE_AT_BLOCK_END,
        StatusCode::MISSING_ACQUIRES_ANNOTATION,
        StatusCode::EXTRANEOUS_ACQUIRES_ANNOTATION,
        StatusCode::DUPLICATE_ACQUIRES_ANNOTATION,
        StatusCode::INVALID_ACQUIRES_ANNOTATION,
        StatusCode::GLOBAL_REFERENCE_ERROR,
        StatusCode::CONSTRAINT_NOT_SATISFIED,
        StatusCode::NUMBER_OF_TYPE_ARGUMENTS_MISMATCH,
        StatusCode::LOOP_IN_INSTANTIATION_GRAPH,
        StatusCode::ZERO_SIZED_STRUCT,
        StatusCode::LINKER_ERROR,
        StatusCode::INVALID_CONSTANT_TYPE,
        StatusCode::MALFORMED_CONSTANT_DATA,
        StatusCode::EMPTY_CODE_UNIT,
        StatusCode::INVALID_LOOP_SPLIT,
        StatusCode::INVALID_LOOP_BREAK,
        StatusCode::INVALID_LOOP_CONTINUE,
        StatusCode::UNSAFE_RET_UNUSED_VALUES_WITHOUT_DROP,
        StatusCode::TOO_MANY_LOCALS,
        StatusCode::GENERIC_MEMBER_OPCODE_MISMATCH,
        StatusCode::FUNCTION_RESOLUTION_FAILURE,
        StatusCode::INVALID_OPERATION_IN_SCRIPT,
        StatusCode::DUPLICATE_MODULE_NAME,
        StatusCode::BACKWARD_INCOMPATIBLE_MODULE_UPDATE,
        StatusCode::CYCLIC_MODULE_DEPENDENCY,
        StatusCode::NUMBER_OF_ARGUMENTS_MISMATCH,
        StatusCode::INVALID_PARAM_TYPE_FOR_DESERIALIZATION,
        StatusCode::FAILED_TO_DESERIALIZE_ARGUMENT,
        StatusCode::NUMBER_OF_SIGNER_ARGUMENTS_MISMATCH,
        StatusCode::CALLED_SCRIPT_VISIBLE_FROM_NON_SCRIPT_VISIBLE,
        StatusCode::EXECUTE_ENTRY_FUNCTION_CALLED_ON_NON_ENTRY_FUNCTION,
        StatusCode::INVALID_FRIEND_DECL_WITH_SELF,
        StatusCode::INVALID_FRIEND_DECL_WITH_MODULES_OUTSIDE_ACCOUNT_ADDRESS,
        StatusCode::INVALID_FRIEND_DECL_WITH_MODULES_IN_DEPENDENCIES,
        StatusCode::CYCLIC_MODULE_FRIENDSHIP,
        StatusCode::INVALID_PHANTOM_TYPE_PARAM_POSITION,
        StatusCode::VEC_UPDATE_EXISTS_MUTABLE_BORROW_ERROR,
        StatusCode::VEC_BORROW_ELEMENT_EXISTS_MUTABLE_BORROW_ERROR,
        StatusCode::LOOP_MAX_DEPTH_REACHED,
        StatusCode::TOO_MANY_TYPE_PARAMETERS,
        StatusCode::TOO_MANY_PARAMETERS,
        StatusCode::TOO_MANY_BASIC_BLOCKS,
        StatusCode::VALUE_STACK_OVERFLOW,
        StatusCode::TOO_MANY_TYPE_NODES,
        StatusCode::VALUE_STACK_PUSH_OVERFLOW,
        StatusCode::MAX_DEPENDENCY_DEPTH_REACHED,
        StatusCode::MAX_FUNCTION_DEFINITIONS_REACHED,
        StatusCode::MAX_STRUCT_DEFINITIONS_REACHED,
        StatusCode::MAX_FIELD_DEFINITIONS_REACHED,
        StatusCode::TOO_MANY_BACK_EDGES,
        StatusCode::RESERVED_VERIFICATION_ERROR_1,
        StatusCode::RESERVED_VERIFICATION_ERROR_2,
        StatusCode::RESERVED_VERIFICATION_ERROR_3,
        StatusCode::RESERVED_VERIFICATION_ERROR_4,
        StatusCode::RESERVED_VERIFICATION_ERROR_5,
        StatusCode::TOO_MANY_VECTOR_ELEMENTS,
        StatusCode::IDENTIFIER_TOO_LONG,
        StatusCode::PROGRAM_TOO_COMPLEX,
        StatusCode::ENUM_SWITCH_BAD_OPERAND,
        StatusCode::ENUM_TYPE_MISMATCH,
        StatusCode::INVALID_ENUM_SWITCH,
        StatusCode::ZERO_SIZED_ENUM,
        StatusCode::MAX_VARIANTS_REACHED,
        StatusCode::INVALID_IDENTIFIER,
        StatusCode::MISMATCHED_MODULE_IDS_IN_PACKAGE,
        StatusCode::CYCLIC_PACKAGE_DEPENDENCY,
        StatusCode::UNKNOWN_INVARIANT_VIOLATION_ERROR,
        StatusCode::EMPTY_VALUE_STACK,
        StatusCode::PC_OVERFLOW,
        StatusCode::VERIFICATION_ERROR,
        StatusCode::STORAGE_ERROR,
        StatusCode::INTERNAL_TYPE_ERROR,
        StatusCode::EVENT_KEY_MISMATCH,
        StatusCode::UNREACHABLE,
        StatusCode::VM_STARTUP_FAILURE,
        StatusCode::UNEXPECTED_ERROR_FROM_KNOWN_MOVE_FUNCTION,
        StatusCode::VERIFIER_INVARIANT_VIOLATION,
        StatusCode::UNEXPECTED_VERIFIER_ERROR,
        StatusCode::UNEXPECTED_DESERIALIZATION_ERROR,
        StatusCode::FAILED_TO_SERIALIZE_WRITE_SET_CHANGES,
        StatusCode::FAILED_TO_DESERIALIZE_RESOURCE,
        StatusCode::TYPE_RESOLUTION_FAILURE,
        StatusCode::DUPLICATE_NATIVE_FUNCTION,
        StatusCode::ARITHMETIC_OVERFLOW,
        StatusCode::REFERENCE_SAFETY_INCONSISTENT,
        StatusCode::VTABLE_KEY_LOOKUP_ERROR,
        StatusCode::DUPLICATE_TYPE_DEFINITION,
        StatusCode::UNKNOWN_BINARY_ERROR,
        StatusCode::MALFORMED,
        StatusCode::BAD_MAGIC,
        StatusCode::UNKNOWN_VERSION,
        StatusCode::UNKNOWN_TABLE_TYPE,
        StatusCode::UNKNOWN_SIGNATURE_TYPE,
        StatusCode::UNKNOWN_SERIALIZED_TYPE,
        StatusCode::UNKNOWN_OPCODE,
        StatusCode::BAD_HEADER_TABLE,
        StatusCode::UNEXPECTED_SIGNATURE_TYPE,
        StatusCode::DUPLICATE_TABLE,
        StatusCode::UNKNOWN_ABILITY,
        StatusCode::UNKNOWN_NATIVE_STRUCT_FLAG,
        StatusCode::BAD_U16,
        StatusCode::BAD_U32,
        StatusCode::BAD_U64,
        StatusCode::BAD_U128,
        StatusCode::BAD_U256,
        StatusCode::VALUE_SERIALIZATION_ERROR,
        StatusCode::VALUE_DESERIALIZATION_ERROR,
        StatusCode::CODE_DESERIALIZATION_ERROR,
        StatusCode::INVALID_FLAG_BITS,
        StatusCode::TRAILING_BYTES,
        StatusCode::UNKNOWN_ENUM_FLAG,
        StatusCode::UNKNOWN_JUMP_TABLE_FLAG,
        StatusCode::DEPRECATED_BYTECODE_FORMAT,
        StatusCode::EMPTY_PACKAGE,
        StatusCode::UNKNOWN_RUNTIME_STATUS,
        StatusCode::EXECUTED,
        StatusCode::OUT_OF_GAS,
        StatusCode::RESOURCE_DOES_NOT_EXIST,
        StatusCode::RESOURCE_ALREADY_EXISTS,
        StatusCode::MISSING_DATA,
        StatusCode::DATA_FORMAT_ERROR,
        StatusCode::ABORTED,
        StatusCode::ARITHMETIC_ERROR,
        StatusCode::VECTOR_OPERATION_ERROR,
        StatusCode::EXECUTION_STACK_OVERFLOW,
        StatusCode::CALL_STACK_OVERFLOW,
        StatusCode::VM_MAX_TYPE_DEPTH_REACHED,
        StatusCode::VM_MAX_VALUE_DEPTH_REACHED,
        StatusCode::VM_EXTENSION_ERROR,
        StatusCode::STORAGE_WRITE_LIMIT_REACHED,
        StatusCode::MEMORY_LIMIT_EXCEEDED,
        StatusCode::VM_MAX_TYPE_NODES_REACHED,
        StatusCode::VARIANT_TAG_MISMATCH,
        StatusCode::PACKAGE_ARENA_LIMIT_REACHED,
        StatusCode::INTERNER_LIMIT_REACHED,
        StatusCode::EXTERNAL_RESOLUTION_REQUEST_ERROR,
        StatusCode::SYSTEM_OBJECT_NOT_AVAILABLE_LOCALLY,
        StatusCode::UNKNOWN_STATUS,
    ];

    /// The status's name (`MALFORMED`).
    pub fn name(self) -> &'static str {
        match self {
            StatusCode::UNKNOWN_VALIDATION_STATUS => "UNKNOWN_VALIDATION_STATUS",
            StatusCode::INVALID_SIGNATURE => "INVALID_SIGNATURE",
            StatusCode::INVALID_AUTH_KEY => "INVALID_AUTH_KEY",
            StatusCode::SEQUENCE_NUMBER_TOO_OLD => "SEQUENCE_NUMBER_TOO_OLD",
            StatusCode::SEQUENCE_NUMBER_TOO_NEW => "SEQUENCE_NUMBER_TOO_NEW",
            StatusCode::INSUFFICIENT_BALANCE_FOR_TRANSACTION_FEE => {
                "INSUFFICIENT_BALANCE_FOR_TRANSACTION_FEE"
            }
            StatusCode::TRANSACTION_EXPIRED => "TRANSACTION_EXPIRED",
            StatusCode::SENDING_ACCOUNT_DOES_NOT_EXIST => "SENDING_ACCOUNT_DOES_NOT_EXIST",
            StatusCode::REJECTED_WRITE_SET => "REJECTED_WRITE_SET",
            StatusCode::INVALID_WRITE_SET => "INVALID_WRITE_SET",
            StatusCode::EXCEEDED_MAX_TRANSACTION_SIZE => "EXCEEDED_MAX_TRANSACTION_SIZE",
            StatusCode::UNKNOWN_SCRIPT => "UNKNOWN_SCRIPT",
            StatusCode::UNKNOWN_MODULE => "UNKNOWN_MODULE",
            StatusCode::MAX_GAS_UNITS_EXCEEDS_MAX_GAS_UNITS_BOUND => {
                "MAX_GAS_UNITS_EXCEEDS_MAX_GAS_UNITS_BOUND"
            }
            StatusCode::MAX_GAS_UNITS_BELOW_MIN_TRANSACTION_GAS_UNITS => {
                "MAX_GAS_UNITS_BELOW_MIN_TRANSACTION_GAS_UNITS"
            }
            StatusCode::GAS_UNIT_PRICE_BELOW_MIN_BOUND => "GAS_UNIT_PRICE_BELOW_MIN_BOUND",
            StatusCode::GAS_UNIT_PRICE_ABOVE_MAX_BOUND => "GAS_UNIT_PRICE_ABOVE_MAX_BOUND",
            StatusCode::INVALID_GAS_SPECIFIER => "INVALID_GAS_SPECIFIER",
            StatusCode::SENDING_ACCOUNT_FROZEN => "SENDING_ACCOUNT_FROZEN",
            StatusCode::UNABLE_TO_DESERIALIZE_ACCOUNT => "UNABLE_TO_DESERIALIZE_ACCOUNT",
            StatusCode::CURRENCY_INFO_DOES_NOT_EXIST => "CURRENCY_INFO_DOES_NOT_EXIST",
            StatusCode::INVALID_MODULE_PUBLISHER => "INVALID_MODULE_PUBLISHER",
            StatusCode::NO_ACCOUNT_ROLE => "NO_ACCOUNT_ROLE",
            StatusCode::BAD_CHAIN_ID => "BAD_CHAIN_ID",
            StatusCode::SEQUENCE_NUMBER_TOO_BIG => "SEQUENCE_NUMBER_TOO_BIG",
            StatusCode::BAD_TRANSACTION_FEE_CURRENCY => "BAD_TRANSACTION_FEE_CURRENCY",
            StatusCode::FEATURE_UNDER_GATING => "FEATURE_UNDER_GATING",
            StatusCode::SECONDARY_KEYS_ADDRESSES_COUNT_MISMATCH => {
                "SECONDARY_KEYS_ADDRESSES_COUNT_MISMATCH"
            }
            StatusCode::SIGNERS_CONTAIN_DUPLICATES => "SIGNERS_CONTAIN_DUPLICATES",
            StatusCode::SEQUENCE_NONCE_INVALID => "SEQUENCE_NONCE_INVALID",
            StatusCode::CHAIN_ACCOUNT_INFO_DOES_NOT_EXIST => "CHAIN_ACCOUNT_INFO_DOES_NOT_EXIST",
            StatusCode::ACCOUNT_NOT_MULTISIG => "ACCOUNT_NOT_MULTISIG",
            StatusCode::NOT_MULTISIG_OWNER => "NOT_MULTISIG_OWNER",
            StatusCode::MULTISIG_TRANSACTION_NOT_FOUND => "MULTISIG_TRANSACTION_NOT_FOUND",
            StatusCode::MULTISIG_TRANSACTION_INSUFFICIENT_APPROVALS => {
                "MULTISIG_TRANSACTION_INSUFFICIENT_APPROVALS"
            }
            StatusCode::MULTISIG_TRANSACTION_PAYLOAD_DOES_NOT_MATCH_HASH => {
                "MULTISIG_TRANSACTION_PAYLOAD_DOES_NOT_MATCH_HASH"
            }
            StatusCode::GAS_PAYER_ACCOUNT_MISSING => "GAS_PAYER_ACCOUNT_MISSING",
            StatusCode::INSUFFICIENT_BALANCE_FOR_REQUIRED_DEPOSIT => {
                "INSUFFICIENT_BALANCE_FOR_REQUIRED_DEPOSIT"
            }
            StatusCode::GAS_PARAMS_MISSING => "GAS_PARAMS_MISSING",
            StatusCode::REQUIRED_DEPOSIT_INCONSISTENT_WITH_TXN_MAX_GAS => {
                "REQUIRED_DEPOSIT_INCONSISTENT_WITH_TXN_MAX_GAS"
            }
            StatusCode::MULTISIG_TRANSACTION_PAYLOAD_DOES_NOT_MATCH => {
                "MULTISIG_TRANSACTION_PAYLOAD_DOES_NOT_MATCH"
            }
            StatusCode::ACCOUNT_AUTHENTICATION_GAS_LIMIT_EXCEEDED => {
                "ACCOUNT_AUTHENTICATION_GAS_LIMIT_EXCEEDED"
            }
            StatusCode::NONCE_ALREADY_USED => "NONCE_ALREADY_USED",
            StatusCode::EMPTY_PAYLOAD_PROVIDED => "EMPTY_PAYLOAD_PROVIDED",
            StatusCode::TRANSACTION_EXPIRATION_TOO_FAR_IN_FUTURE => {
                "TRANSACTION_EXPIRATION_TOO_FAR_IN_FUTURE"
            }
            StatusCode::INVALID_NUMBER_OF_AUTHENTICATION_PROOFS => {
                "INVALID_NUMBER_OF_AUTHENTICATION_PROOFS"
            }
            StatusCode::NOT_STAKE_POOL_OWNER => "NOT_STAKE_POOL_OWNER",
            StatusCode::NOT_DELEGATED_VOTER => "NOT_DELEGATED_VOTER",
            StatusCode::INSUFFICIENT_STAKE => "INSUFFICIENT_STAKE",
            StatusCode::INVALID_HIGH_TXN_LIMITS_MULTIPLIER => "INVALID_HIGH_TXN_LIMITS_MULTIPLIER",
            StatusCode::STAKE_POOL_NOT_FOUND => "STAKE_POOL_NOT_FOUND",
            StatusCode::DELEGATION_POOL_NOT_FOUND => "DELEGATION_POOL_NOT_FOUND",
            StatusCode::MULTIPLIER_NOT_AVAILABLE => "MULTIPLIER_NOT_AVAILABLE",
            StatusCode::HIGH_LIMIT_TXN_GAS_UNIT_PRICE_BELOW_MIN_BOUND => {
                "HIGH_LIMIT_TXN_GAS_UNIT_PRICE_BELOW_MIN_BOUND"
            }
            StatusCode::ENCRYPTED_TXN_GAS_UNIT_PRICE_BELOW_MIN_BOUND => {
                "ENCRYPTED_TXN_GAS_UNIT_PRICE_BELOW_MIN_BOUND"
            }
            StatusCode::TXN_LIMITS_REQUEST_NOT_ALLOWED_FOR_GOVERNANCE_SCRIPT => {
                "TXN_LIMITS_REQUEST_NOT_ALLOWED_FOR_GOVERNANCE_SCRIPT"
            }
            StatusCode::STAKE_POOL_NOT_IN_VALIDATOR_SET => "STAKE_POOL_NOT_IN_VALIDATOR_SET",
            StatusCode::RESERVED_VALIDATION_ERROR_2 => "RESERVED_VALIDATION_ERROR_2",
            StatusCode::RESERVED_VALIDATION_ERROR_3 => "RESERVED_VALIDATION_ERROR_3",
            StatusCode::RESERVED_VALIDATION_ERROR_4 => "RESERVED_VALIDATION_ERROR_4",
            StatusCode::UNKNOWN_VERIFICATION_ERROR => "UNKNOWN_VERIFICATION_ERROR",
            StatusCode::INDEX_OUT_OF_BOUNDS => "INDEX_OUT_OF_BOUNDS",
            StatusCode::INVALID_SIGNATURE_TOKEN => "INVALID_SIGNATURE_TOKEN",
            StatusCode::RECURSIVE_STRUCT_DEFINITION => "RECURSIVE_STRUCT_DEFINITION",
            StatusCode::FIELD_MISSING_TYPE_ABILITY => "FIELD_MISSING_TYPE_ABILITY",
            StatusCode::INVALID_FALL_THROUGH => "INVALID_FALL_THROUGH",
            StatusCode::NEGATIVE_STACK_SIZE_WITHIN_BLOCK => "NEGATIVE_STACK_SIZE_WITHIN_BLOCK",
            StatusCode::INVALID_MAIN_FUNCTION_SIGNATURE => "INVALID_MAIN_FUNCTION_SIGNATURE",
            StatusCode::DUPLICATE_ELEMENT => "DUPLICATE_ELEMENT",
            StatusCode::INVALID_MODULE_HANDLE => "INVALID_MODULE_HANDLE",
            StatusCode::UNIMPLEMENTED_HANDLE => "UNIMPLEMENTED_HANDLE",
            StatusCode::LOOKUP_FAILED => "LOOKUP_FAILED",
            StatusCode::TYPE_MISMATCH => "TYPE_MISMATCH",
            StatusCode::MISSING_DEPENDENCY => "MISSING_DEPENDENCY",
            StatusCode::POP_WITHOUT_DROP_ABILITY => "POP_WITHOUT_DROP_ABILITY",
            StatusCode::BR_TYPE_MISMATCH_ERROR => "BR_TYPE_MISMATCH_ERROR",
            StatusCode::ABORT_TYPE_MISMATCH_ERROR => "ABORT_TYPE_MISMATCH_ERROR",
            StatusCode::STLOC_TYPE_MISMATCH_ERROR => "STLOC_TYPE_MISMATCH_ERROR",
            StatusCode::STLOC_UNSAFE_TO_DESTROY_ERROR => "STLOC_UNSAFE_TO_DESTROY_ERROR",
            StatusCode::UNSAFE_RET_LOCAL_OR_RESOURCE_STILL_BORROWED => {
                "UNSAFE_RET_LOCAL_OR_RESOURCE_STILL_BORROWED"
            }
            StatusCode::RET_TYPE_MISMATCH_ERROR => "RET_TYPE_MISMATCH_ERROR",
            StatusCode::RET_BORROWED_MUTABLE_REFERENCE_ERROR => {
                "RET_BORROWED_MUTABLE_REFERENCE_ERROR"
            }
            StatusCode::FREEZEREF_TYPE_MISMATCH_ERROR => "FREEZEREF_TYPE_MISMATCH_ERROR",
            StatusCode::FREEZEREF_EXISTS_MUTABLE_BORROW_ERROR => {
                "FREEZEREF_EXISTS_MUTABLE_BORROW_ERROR"
            }
            StatusCode::BORROWFIELD_TYPE_MISMATCH_ERROR => "BORROWFIELD_TYPE_MISMATCH_ERROR",
            StatusCode::BORROWFIELD_BAD_FIELD_ERROR => "BORROWFIELD_BAD_FIELD_ERROR",
            StatusCode::BORROWFIELD_EXISTS_MUTABLE_BORROW_ERROR => {
                "BORROWFIELD_EXISTS_MUTABLE_BORROW_ERROR"
            }
            StatusCode::COPYLOC_UNAVAILABLE_ERROR => "COPYLOC_UNAVAILABLE_ERROR",
            StatusCode::COPYLOC_WITHOUT_COPY_ABILITY => "COPYLOC_WITHOUT_COPY_ABILITY",
            StatusCode::COPYLOC_EXISTS_BORROW_ERROR => "COPYLOC_EXISTS_BORROW_ERROR",
            StatusCode::MOVELOC_UNAVAILABLE_ERROR => "MOVELOC_UNAVAILABLE_ERROR",
            StatusCode::MOVELOC_EXISTS_BORROW_ERROR => "MOVELOC_EXISTS_BORROW_ERROR",
            StatusCode::BORROWLOC_REFERENCE_ERROR => "BORROWLOC_REFERENCE_ERROR",
            StatusCode::BORROWLOC_UNAVAILABLE_ERROR => "BORROWLOC_UNAVAILABLE_ERROR",
            StatusCode::BORROWLOC_EXISTS_BORROW_ERROR => "BORROWLOC_EXISTS_BORROW_ERROR",
            StatusCode::CALL_TYPE_MISMATCH_ERROR => "CALL_TYPE_MISMATCH_ERROR",
            StatusCode::CALL_BORROWED_MUTABLE_REFERENCE_ERROR => {
                "CALL_BORROWED_MUTABLE_REFERENCE_ERROR"
            }
            StatusCode::PACK_TYPE_MISMATCH_ERROR => "PACK_TYPE_MISMATCH_ERROR",
            StatusCode::UNPACK_TYPE_MISMATCH_ERROR => "UNPACK_TYPE_MISMATCH_ERROR",
            StatusCode::READREF_TYPE_MISMATCH_ERROR => "READREF_TYPE_MISMATCH_ERROR",
            StatusCode::READREF_WITHOUT_COPY_ABILITY => "READREF_WITHOUT_COPY_ABILITY",
            StatusCode::READREF_EXISTS_MUTABLE_BORROW_ERROR => {
                "READREF_EXISTS_MUTABLE_BORROW_ERROR"
            }
            StatusCode::WRITEREF_TYPE_MISMATCH_ERROR => "WRITEREF_TYPE_MISMATCH_ERROR",
            StatusCode::WRITEREF_WITHOUT_DROP_ABILITY => "WRITEREF_WITHOUT_DROP_ABILITY",
            StatusCode::WRITEREF_EXISTS_BORROW_ERROR => "WRITEREF_EXISTS_BORROW_ERROR",
            StatusCode::WRITEREF_NO_MUTABLE_REFERENCE_ERROR => {
                "WRITEREF_NO_MUTABLE_REFERENCE_ERROR"
            }
            StatusCode::INTEGER_OP_TYPE_MISMATCH_ERROR => "INTEGER_OP_TYPE_MISMATCH_ERROR",
            StatusCode::BOOLEAN_OP_TYPE_MISMATCH_ERROR => "BOOLEAN_OP_TYPE_MISMATCH_ERROR",
            StatusCode::EQUALITY_OP_TYPE_MISMATCH_ERROR => "EQUALITY_OP_TYPE_MISMATCH_ERROR",
            StatusCode::EXISTS_WITHOUT_KEY_ABILITY_OR_BAD_ARGUMENT => {
                "EXISTS_WITHOUT_KEY_ABILITY_OR_BAD_ARGUMENT"
            }
            StatusCode::BORROWGLOBAL_TYPE_MISMATCH_ERROR => "BORROWGLOBAL_TYPE_MISMATCH_ERROR",
            StatusCode::BORROWGLOBAL_WITHOUT_KEY_ABILITY => "BORROWGLOBAL_WITHOUT_KEY_ABILITY",
            StatusCode::MOVEFROM_TYPE_MISMATCH_ERROR => "MOVEFROM_TYPE_MISMATCH_ERROR",
            StatusCode::MOVEFROM_WITHOUT_KEY_ABILITY => "MOVEFROM_WITHOUT_KEY_ABILITY",
            StatusCode::MOVETO_TYPE_MISMATCH_ERROR => "MOVETO_TYPE_MISMATCH_ERROR",
            StatusCode::MOVETO_WITHOUT_KEY_ABILITY => "MOVETO_WITHOUT_KEY_ABILITY",
            StatusCode::MODULE_ADDRESS_DOES_NOT_MATCH_SENDER => {
                "MODULE_ADDRESS_DOES_NOT_MATCH_SENDER"
            }
            StatusCode::NO_MODULE_HANDLES => "NO_MODULE_HANDLES",
            StatusCode::POSITIVE_STACK_SIZE_AT_BLOCK_END => "POSITIVE_STACK_SIZE_AT_BLOCK_END",
            StatusCode::MISSING_ACQUIRES_ANNOTATION => "MISSING_ACQUIRES_ANNOTATION",
            StatusCode::EXTRANEOUS_ACQUIRES_ANNOTATION => "EXTRANEOUS_ACQUIRES_ANNOTATION",
            StatusCode::DUPLICATE_ACQUIRES_ANNOTATION => "DUPLICATE_ACQUIRES_ANNOTATION",
            StatusCode::INVALID_ACQUIRES_ANNOTATION => "INVALID_ACQUIRES_ANNOTATION",
            StatusCode::GLOBAL_REFERENCE_ERROR => "GLOBAL_REFERENCE_ERROR",
            StatusCode::CONSTRAINT_NOT_SATISFIED => "CONSTRAINT_NOT_SATISFIED",
            StatusCode::NUMBER_OF_TYPE_ARGUMENTS_MISMATCH => "NUMBER_OF_TYPE_ARGUMENTS_MISMATCH",
            StatusCode::LOOP_IN_INSTANTIATION_GRAPH => "LOOP_IN_INSTANTIATION_GRAPH",
            StatusCode::ZERO_SIZED_STRUCT => "ZERO_SIZED_STRUCT",
            StatusCode::LINKER_ERROR => "LINKER_ERROR",
            StatusCode::INVALID_CONSTANT_TYPE => "INVALID_CONSTANT_TYPE",
            StatusCode::MALFORMED_CONSTANT_DATA => "MALFORMED_CONSTANT_DATA",
            StatusCode::EMPTY_CODE_UNIT => "EMPTY_CODE_UNIT",
            StatusCode::INVALID_LOOP_SPLIT => "INVALID_LOOP_SPLIT",
            StatusCode::INVALID_LOOP_BREAK => "INVALID_LOOP_BREAK",
            StatusCode::INVALID_LOOP_CONTINUE => "INVALID_LOOP_CONTINUE",
            StatusCode::UNSAFE_RET_UNUSED_VALUES_WITHOUT_DROP => {
                "UNSAFE_RET_UNUSED_VALUES_WITHOUT_DROP"
            }
            StatusCode::TOO_MANY_LOCALS => "TOO_MANY_LOCALS",
            StatusCode::GENERIC_MEMBER_OPCODE_MISMATCH => "GENERIC_MEMBER_OPCODE_MISMATCH",
            StatusCode::FUNCTION_RESOLUTION_FAILURE => "FUNCTION_RESOLUTION_FAILURE",
            StatusCode::INVALID_OPERATION_IN_SCRIPT => "INVALID_OPERATION_IN_SCRIPT",
            StatusCode::DUPLICATE_MODULE_NAME => "DUPLICATE_MODULE_NAME",
            StatusCode::BACKWARD_INCOMPATIBLE_MODULE_UPDATE => {
                "BACKWARD_INCOMPATIBLE_MODULE_UPDATE"
            }
            StatusCode::CYCLIC_MODULE_DEPENDENCY => "CYCLIC_MODULE_DEPENDENCY",
            StatusCode::NUMBER_OF_ARGUMENTS_MISMATCH => "NUMBER_OF_ARGUMENTS_MISMATCH",
            StatusCode::INVALID_PARAM_TYPE_FOR_DESERIALIZATION => {
                "INVALID_PARAM_TYPE_FOR_DESERIALIZATION"
            }
            StatusCode::FAILED_TO_DESERIALIZE_ARGUMENT => "FAILED_TO_DESERIALIZE_ARGUMENT",
            StatusCode::NUMBER_OF_SIGNER_ARGUMENTS_MISMATCH => {
                "NUMBER_OF_SIGNER_ARGUMENTS_MISMATCH"
            }
            StatusCode::CALLED_SCRIPT_VISIBLE_FROM_NON_SCRIPT_VISIBLE => {
                "CALLED_SCRIPT_VISIBLE_FROM_NON_SCRIPT_VISIBLE"
            }
            StatusCode::EXECUTE_ENTRY_FUNCTION_CALLED_ON_NON_ENTRY_FUNCTION => {
                "EXECUTE_ENTRY_FUNCTION_CALLED_ON_NON_ENTRY_FUNCTION"
            }
            StatusCode::INVALID_FRIEND_DECL_WITH_SELF => "INVALID_FRIEND_DECL_WITH_SELF",
            StatusCode::INVALID_FRIEND_DECL_WITH_MODULES_OUTSIDE_ACCOUNT_ADDRESS => {
                "INVALID_FRIEND_DECL_WITH_MODULES_OUTSIDE_ACCOUNT_ADDRESS"
            }
            StatusCode::INVALID_FRIEND_DECL_WITH_MODULES_IN_DEPENDENCIES => {
                "INVALID_FRIEND_DECL_WITH_MODULES_IN_DEPENDENCIES"
            }
            StatusCode::CYCLIC_MODULE_FRIENDSHIP => "CYCLIC_MODULE_FRIENDSHIP",
            StatusCode::INVALID_PHANTOM_TYPE_PARAM_POSITION => {
                "INVALID_PHANTOM_TYPE_PARAM_POSITION"
            }
            StatusCode::VEC_UPDATE_EXISTS_MUTABLE_BORROW_ERROR => {
                "VEC_UPDATE_EXISTS_MUTABLE_BORROW_ERROR"
            }
            StatusCode::VEC_BORROW_ELEMENT_EXISTS_MUTABLE_BORROW_ERROR => {
                "VEC_BORROW_ELEMENT_EXISTS_MUTABLE_BORROW_ERROR"
            }
            StatusCode::LOOP_MAX_DEPTH_REACHED => "LOOP_MAX_DEPTH_REACHED",
            StatusCode::TOO_MANY_TYPE_PARAMETERS => "TOO_MANY_TYPE_PARAMETERS",
            StatusCode::TOO_MANY_PARAMETERS => "TOO_MANY_PARAMETERS",
            StatusCode::TOO_MANY_BASIC_BLOCKS => "TOO_MANY_BASIC_BLOCKS",
            StatusCode::VALUE_STACK_OVERFLOW => "VALUE_STACK_OVERFLOW",
            StatusCode::TOO_MANY_TYPE_NODES => "TOO_MANY_TYPE_NODES",
            StatusCode::VALUE_STACK_PUSH_OVERFLOW => "VALUE_STACK_PUSH_OVERFLOW",
            StatusCode::MAX_DEPENDENCY_DEPTH_REACHED => "MAX_DEPENDENCY_DEPTH_REACHED",
            StatusCode::MAX_FUNCTION_DEFINITIONS_REACHED => "MAX_FUNCTION_DEFINITIONS_REACHED",
            StatusCode::MAX_STRUCT_DEFINITIONS_REACHED => "MAX_STRUCT_DEFINITIONS_REACHED",
            StatusCode::MAX_FIELD_DEFINITIONS_REACHED => "MAX_FIELD_DEFINITIONS_REACHED",
            StatusCode::TOO_MANY_BACK_EDGES => "TOO_MANY_BACK_EDGES",
            StatusCode::EVENT_METADATA_VALIDATION_ERROR => "EVENT_METADATA_VALIDATION_ERROR",
            StatusCode::DEPENDENCY_LIMIT_REACHED => "DEPENDENCY_LIMIT_REACHED",
            StatusCode::UNSTABLE_BYTECODE_REJECTED => "UNSTABLE_BYTECODE_REJECTED",
            StatusCode::PROGRAM_TOO_COMPLEX => "PROGRAM_TOO_COMPLEX",
            StatusCode::USER_DEFINED_NATIVE_NOT_ALLOWED => "USER_DEFINED_NATIVE_NOT_ALLOWED",
            StatusCode::MAX_STRUCT_VARIANTS_REACHED => "MAX_STRUCT_VARIANTS_REACHED",
            StatusCode::TEST_VARIANT_TYPE_MISMATCH_ERROR => "TEST_VARIANT_TYPE_MISMATCH_ERROR",
            StatusCode::ZERO_VARIANTS_ERROR => "ZERO_VARIANTS_ERROR",
            StatusCode::FEATURE_NOT_ENABLED => "FEATURE_NOT_ENABLED",
            StatusCode::INVALID_CLOSURE_MASK => "INVALID_CLOSURE_MASK",
            StatusCode::CLOSURE_CALL_REQUIRES_FUNCTION => "CLOSURE_CALL_REQUIRES_FUNCTION",
            StatusCode::INVALID_INIT_MODULE => "INVALID_INIT_MODULE",
            StatusCode::FRIEND_NOT_FOUND_IN_MODULE_BUNDLE => "FRIEND_NOT_FOUND_IN_MODULE_BUNDLE",
            StatusCode::INVALID_STRUCT_API_CODE => "INVALID_STRUCT_API_CODE",
            StatusCode::RESERVED_VERIFICATION_ERROR_1 => "RESERVED_VERIFICATION_ERROR_1",
            StatusCode::RESERVED_VERIFICATION_ERROR_2 => "RESERVED_VERIFICATION_ERROR_2",
            StatusCode::RESERVED_VERIFICATION_ERROR_3 => "RESERVED_VERIFICATION_ERROR_3",
            StatusCode::RESERVED_VERIFICATION_ERROR_4 => "RESERVED_VERIFICATION_ERROR_4",
            StatusCode::UNKNOWN_INVARIANT_VIOLATION_ERROR => "UNKNOWN_INVARIANT_VIOLATION_ERROR",
            StatusCode::EMPTY_VALUE_STACK => "EMPTY_VALUE_STACK",
            StatusCode::PC_OVERFLOW => "PC_OVERFLOW",
            StatusCode::VERIFICATION_ERROR => "VERIFICATION_ERROR",
            StatusCode::STORAGE_ERROR => "STORAGE_ERROR",
            StatusCode::INTERNAL_TYPE_ERROR => "INTERNAL_TYPE_ERROR",
            StatusCode::EVENT_KEY_MISMATCH => "EVENT_KEY_MISMATCH",
            StatusCode::UNREACHABLE => "UNREACHABLE",
            StatusCode::VM_STARTUP_FAILURE => "VM_STARTUP_FAILURE",
            StatusCode::UNEXPECTED_ERROR_FROM_KNOWN_MOVE_FUNCTION => {
                "UNEXPECTED_ERROR_FROM_KNOWN_MOVE_FUNCTION"
            }
            StatusCode::VERIFIER_INVARIANT_VIOLATION => "VERIFIER_INVARIANT_VIOLATION",
            StatusCode::UNEXPECTED_VERIFIER_ERROR => "UNEXPECTED_VERIFIER_ERROR",
            StatusCode::UNEXPECTED_DESERIALIZATION_ERROR => "UNEXPECTED_DESERIALIZATION_ERROR",
            StatusCode::FAILED_TO_SERIALIZE_WRITE_SET_CHANGES => {
                "FAILED_TO_SERIALIZE_WRITE_SET_CHANGES"
            }
            StatusCode::FAILED_TO_DESERIALIZE_RESOURCE => "FAILED_TO_DESERIALIZE_RESOURCE",
            StatusCode::TYPE_RESOLUTION_FAILURE => "TYPE_RESOLUTION_FAILURE",
            StatusCode::DUPLICATE_NATIVE_FUNCTION => "DUPLICATE_NATIVE_FUNCTION",
            StatusCode::DELAYED_FIELD_OR_BLOCKSTM_CODE_INVARIANT_ERROR => {
                "DELAYED_FIELD_OR_BLOCKSTM_CODE_INVARIANT_ERROR"
            }
            StatusCode::SPECULATIVE_EXECUTION_ABORT_ERROR => "SPECULATIVE_EXECUTION_ABORT_ERROR",
            StatusCode::ACCESS_CONTROL_INVARIANT_VIOLATION => "ACCESS_CONTROL_INVARIANT_VIOLATION",
            StatusCode::RESERVED_INVARIANT_VIOLATION_ERROR_1 => {
                "RESERVED_INVARIANT_VIOLATION_ERROR_1"
            }
            StatusCode::RESERVED_INVARIANT_VIOLATION_ERROR_2 => {
                "RESERVED_INVARIANT_VIOLATION_ERROR_2"
            }
            StatusCode::RESERVED_INVARIANT_VIOLATION_ERROR_3 => {
                "RESERVED_INVARIANT_VIOLATION_ERROR_3"
            }
            StatusCode::RESERVED_INVARIANT_VIOLATION_ERROR_4 => {
                "RESERVED_INVARIANT_VIOLATION_ERROR_4"
            }
            StatusCode::RESERVED_INVARIANT_VIOLATION_ERROR_5 => {
                "RESERVED_INVARIANT_VIOLATION_ERROR_5"
            }
            StatusCode::UNKNOWN_BINARY_ERROR => "UNKNOWN_BINARY_ERROR",
            StatusCode::MALFORMED => "MALFORMED",
            StatusCode::BAD_MAGIC => "BAD_MAGIC",
            StatusCode::UNKNOWN_VERSION => "UNKNOWN_VERSION",
            StatusCode::UNKNOWN_TABLE_TYPE => "UNKNOWN_TABLE_TYPE",
            StatusCode::UNKNOWN_SIGNATURE_TYPE => "UNKNOWN_SIGNATURE_TYPE",
            StatusCode::UNKNOWN_SERIALIZED_TYPE => "UNKNOWN_SERIALIZED_TYPE",
            StatusCode::UNKNOWN_OPCODE => "UNKNOWN_OPCODE",
            StatusCode::BAD_HEADER_TABLE => "BAD_HEADER_TABLE",
            StatusCode::UNEXPECTED_SIGNATURE_TYPE => "UNEXPECTED_SIGNATURE_TYPE",
            StatusCode::DUPLICATE_TABLE => "DUPLICATE_TABLE",
            StatusCode::UNKNOWN_ABILITY => "UNKNOWN_ABILITY",
            StatusCode::UNKNOWN_NATIVE_STRUCT_FLAG => "UNKNOWN_NATIVE_STRUCT_FLAG",
            StatusCode::BAD_U16 => "BAD_U16",
            StatusCode::BAD_U32 => "BAD_U32",
            StatusCode::BAD_U64 => "BAD_U64",
            StatusCode::BAD_U128 => "BAD_U128",
            StatusCode::BAD_U256 => "BAD_U256",
            StatusCode::VALUE_SERIALIZATION_ERROR => "VALUE_SERIALIZATION_ERROR",
            StatusCode::VALUE_DESERIALIZATION_ERROR => "VALUE_DESERIALIZATION_ERROR",
            StatusCode::CODE_DESERIALIZATION_ERROR => "CODE_DESERIALIZATION_ERROR",
            StatusCode::INVALID_FLAG_BITS => "INVALID_FLAG_BITS",
            StatusCode::_UNABLE_TO_CAPTURE_OPTION_TYPE => "_UNABLE_TO_CAPTURE_OPTION_TYPE",
            StatusCode::RESERVED_DESERIALIZAION_ERROR_1 => "RESERVED_DESERIALIZAION_ERROR_1",
            StatusCode::RESERVED_DESERIALIZAION_ERROR_2 => "RESERVED_DESERIALIZAION_ERROR_2",
            StatusCode::RESERVED_DESERIALIZAION_ERROR_3 => "RESERVED_DESERIALIZAION_ERROR_3",
            StatusCode::RESERVED_DESERIALIZAION_ERROR_4 => "RESERVED_DESERIALIZAION_ERROR_4",
            StatusCode::RESERVED_DESERIALIZAION_ERROR_5 => "RESERVED_DESERIALIZAION_ERROR_5",
            StatusCode::UNKNOWN_RUNTIME_STATUS => "UNKNOWN_RUNTIME_STATUS",
            StatusCode::EXECUTED => "EXECUTED",
            StatusCode::OUT_OF_GAS => "OUT_OF_GAS",
            StatusCode::RESOURCE_DOES_NOT_EXIST => "RESOURCE_DOES_NOT_EXIST",
            StatusCode::RESOURCE_ALREADY_EXISTS => "RESOURCE_ALREADY_EXISTS",
            StatusCode::MISSING_DATA => "MISSING_DATA",
            StatusCode::DATA_FORMAT_ERROR => "DATA_FORMAT_ERROR",
            StatusCode::ABORTED => "ABORTED",
            StatusCode::ARITHMETIC_ERROR => "ARITHMETIC_ERROR",
            StatusCode::VECTOR_OPERATION_ERROR => "VECTOR_OPERATION_ERROR",
            StatusCode::EXECUTION_STACK_OVERFLOW => "EXECUTION_STACK_OVERFLOW",
            StatusCode::CALL_STACK_OVERFLOW => "CALL_STACK_OVERFLOW",
            StatusCode::VM_MAX_TYPE_DEPTH_REACHED => "VM_MAX_TYPE_DEPTH_REACHED",
            StatusCode::VM_MAX_VALUE_DEPTH_REACHED => "VM_MAX_VALUE_DEPTH_REACHED",
            StatusCode::VM_EXTENSION_ERROR => "VM_EXTENSION_ERROR",
            StatusCode::STORAGE_WRITE_LIMIT_REACHED => "STORAGE_WRITE_LIMIT_REACHED",
            StatusCode::MEMORY_LIMIT_EXCEEDED => "MEMORY_LIMIT_EXCEEDED",
            StatusCode::VM_MAX_TYPE_NODES_REACHED => "VM_MAX_TYPE_NODES_REACHED",
            StatusCode::EXECUTION_LIMIT_REACHED => "EXECUTION_LIMIT_REACHED",
            StatusCode::IO_LIMIT_REACHED => "IO_LIMIT_REACHED",
            StatusCode::STORAGE_LIMIT_REACHED => "STORAGE_LIMIT_REACHED",
            StatusCode::TYPE_TAG_LIMIT_EXCEEDED => "TYPE_TAG_LIMIT_EXCEEDED",
            StatusCode::ACCESS_DENIED => "ACCESS_DENIED",
            StatusCode::ACCESS_STACK_LIMIT_EXCEEDED => "ACCESS_STACK_LIMIT_EXCEEDED",
            StatusCode::TOO_MANY_DELAYED_FIELDS => "TOO_MANY_DELAYED_FIELDS",
            StatusCode::RUNTIME_DISPATCH_ERROR => "RUNTIME_DISPATCH_ERROR",
            StatusCode::STRUCT_VARIANT_MISMATCH => "STRUCT_VARIANT_MISMATCH",
            StatusCode::UNIMPLEMENTED_FUNCTIONALITY => "UNIMPLEMENTED_FUNCTIONALITY",
            StatusCode::RUNTIME_CYCLIC_MODULE_DEPENDENCY => "RUNTIME_CYCLIC_MODULE_DEPENDENCY",
            StatusCode::UNABLE_TO_CAPTURE_DELAYED_FIELDS => "UNABLE_TO_CAPTURE_DELAYED_FIELDS",
            StatusCode::INVALID_ABORT_MESSAGE => "INVALID_ABORT_MESSAGE",
            StatusCode::ABORT_MESSAGE_LIMIT_EXCEEDED => "ABORT_MESSAGE_LIMIT_EXCEEDED",
            StatusCode::RESERVED_RUNTIME_ERROR_1 => "RESERVED_RUNTIME_ERROR_1",
            StatusCode::RESERVED_RUNTIME_ERROR_2 => "RESERVED_RUNTIME_ERROR_2",
            StatusCode::RESERVED_RUNTIME_ERROR_3 => "RESERVED_RUNTIME_ERROR_3",
            StatusCode::UNKNOWN_STATUS => "UNKNOWN_STATUS",
            StatusCode::RECURSIVE_DATATYPE_DEFINITION => "RECURSIVE_DATATYPE_DEFINITION",
            StatusCode::FIELD_EXISTS_MUTABLE_BORROW_ERROR => "FIELD_EXISTS_MUTABLE_BORROW_ERROR",
            StatusCode::RESERVED_VERIFICATION_ERROR_5 => "RESERVED_VERIFICATION_ERROR_5",
            StatusCode::TOO_MANY_VECTOR_ELEMENTS => "TOO_MANY_VECTOR_ELEMENTS",
            StatusCode::IDENTIFIER_TOO_LONG => "IDENTIFIER_TOO_LONG",
            StatusCode::ENUM_SWITCH_BAD_OPERAND => "ENUM_SWITCH_BAD_OPERAND",
            StatusCode::ENUM_TYPE_MISMATCH => "ENUM_TYPE_MISMATCH",
            StatusCode::INVALID_ENUM_SWITCH => "INVALID_ENUM_SWITCH",
            StatusCode::ZERO_SIZED_ENUM => "ZERO_SIZED_ENUM",
            StatusCode::MAX_VARIANTS_REACHED => "MAX_VARIANTS_REACHED",
            StatusCode::INVALID_IDENTIFIER => "INVALID_IDENTIFIER",
            StatusCode::MISMATCHED_MODULE_IDS_IN_PACKAGE => "MISMATCHED_MODULE_IDS_IN_PACKAGE",
            StatusCode::CYCLIC_PACKAGE_DEPENDENCY => "CYCLIC_PACKAGE_DEPENDENCY",
            StatusCode::ARITHMETIC_OVERFLOW => "ARITHMETIC_OVERFLOW",
            StatusCode::REFERENCE_SAFETY_INCONSISTENT => "REFERENCE_SAFETY_INCONSISTENT",
            StatusCode::DUPLICATE_TYPE_DEFINITION => "DUPLICATE_TYPE_DEFINITION",
            StatusCode::VTABLE_KEY_LOOKUP_ERROR => "VTABLE_KEY_LOOKUP_ERROR",
            StatusCode::TRAILING_BYTES => "TRAILING_BYTES",
            StatusCode::UNKNOWN_ENUM_FLAG => "UNKNOWN_ENUM_FLAG",
            StatusCode::UNKNOWN_JUMP_TABLE_FLAG => "UNKNOWN_JUMP_TABLE_FLAG",
            StatusCode::DEPRECATED_BYTECODE_FORMAT => "DEPRECATED_BYTECODE_FORMAT",
            StatusCode::EMPTY_PACKAGE => "EMPTY_PACKAGE",
            StatusCode::VARIANT_TAG_MISMATCH => "VARIANT_TAG_MISMATCH",
            StatusCode::PACKAGE_ARENA_LIMIT_REACHED => "PACKAGE_ARENA_LIMIT_REACHED",
            StatusCode::INTERNER_LIMIT_REACHED => "INTERNER_LIMIT_REACHED",
            StatusCode::EXTERNAL_RESOLUTION_REQUEST_ERROR => "EXTERNAL_RESOLUTION_REQUEST_ERROR",
            StatusCode::SYSTEM_OBJECT_NOT_AVAILABLE_LOCALLY => {
                "SYSTEM_OBJECT_NOT_AVAILABLE_LOCALLY"
            }
        }
    }

    /// The Aptos number of this status; `None` for the Sui-only statuses.
    pub const fn aptos_number(self) -> Option<u64> {
        match self {
            StatusCode::UNKNOWN_VALIDATION_STATUS => Some(0),
            StatusCode::INVALID_SIGNATURE => Some(1),
            StatusCode::INVALID_AUTH_KEY => Some(2),
            StatusCode::SEQUENCE_NUMBER_TOO_OLD => Some(3),
            StatusCode::SEQUENCE_NUMBER_TOO_NEW => Some(4),
            StatusCode::INSUFFICIENT_BALANCE_FOR_TRANSACTION_FEE => Some(5),
            StatusCode::TRANSACTION_EXPIRED => Some(6),
            StatusCode::SENDING_ACCOUNT_DOES_NOT_EXIST => Some(7),
            StatusCode::REJECTED_WRITE_SET => Some(8),
            StatusCode::INVALID_WRITE_SET => Some(9),
            StatusCode::EXCEEDED_MAX_TRANSACTION_SIZE => Some(10),
            StatusCode::UNKNOWN_SCRIPT => Some(11),
            StatusCode::UNKNOWN_MODULE => Some(12),
            StatusCode::MAX_GAS_UNITS_EXCEEDS_MAX_GAS_UNITS_BOUND => Some(13),
            StatusCode::MAX_GAS_UNITS_BELOW_MIN_TRANSACTION_GAS_UNITS => Some(14),
            StatusCode::GAS_UNIT_PRICE_BELOW_MIN_BOUND => Some(15),
            StatusCode::GAS_UNIT_PRICE_ABOVE_MAX_BOUND => Some(16),
            StatusCode::INVALID_GAS_SPECIFIER => Some(17),
            StatusCode::SENDING_ACCOUNT_FROZEN => Some(18),
            StatusCode::UNABLE_TO_DESERIALIZE_ACCOUNT => Some(19),
            StatusCode::CURRENCY_INFO_DOES_NOT_EXIST => Some(20),
            StatusCode::INVALID_MODULE_PUBLISHER => Some(21),
            StatusCode::NO_ACCOUNT_ROLE => Some(22),
            StatusCode::BAD_CHAIN_ID => Some(23),
            StatusCode::SEQUENCE_NUMBER_TOO_BIG => Some(24),
            StatusCode::BAD_TRANSACTION_FEE_CURRENCY => Some(25),
            StatusCode::FEATURE_UNDER_GATING => Some(26),
            StatusCode::SECONDARY_KEYS_ADDRESSES_COUNT_MISMATCH => Some(27),
            StatusCode::SIGNERS_CONTAIN_DUPLICATES => Some(28),
            StatusCode::SEQUENCE_NONCE_INVALID => Some(29),
            StatusCode::CHAIN_ACCOUNT_INFO_DOES_NOT_EXIST => Some(30),
            StatusCode::ACCOUNT_NOT_MULTISIG => Some(31),
            StatusCode::NOT_MULTISIG_OWNER => Some(32),
            StatusCode::MULTISIG_TRANSACTION_NOT_FOUND => Some(33),
            StatusCode::MULTISIG_TRANSACTION_INSUFFICIENT_APPROVALS => Some(34),
            StatusCode::MULTISIG_TRANSACTION_PAYLOAD_DOES_NOT_MATCH_HASH => Some(35),
            StatusCode::GAS_PAYER_ACCOUNT_MISSING => Some(36),
            StatusCode::INSUFFICIENT_BALANCE_FOR_REQUIRED_DEPOSIT => Some(37),
            StatusCode::GAS_PARAMS_MISSING => Some(38),
            StatusCode::REQUIRED_DEPOSIT_INCONSISTENT_WITH_TXN_MAX_GAS => Some(39),
            StatusCode::MULTISIG_TRANSACTION_PAYLOAD_DOES_NOT_MATCH => Some(40),
            StatusCode::ACCOUNT_AUTHENTICATION_GAS_LIMIT_EXCEEDED => Some(41),
            StatusCode::NONCE_ALREADY_USED => Some(42),
            StatusCode::EMPTY_PAYLOAD_PROVIDED => Some(43),
            StatusCode::TRANSACTION_EXPIRATION_TOO_FAR_IN_FUTURE => Some(44),
            StatusCode::INVALID_NUMBER_OF_AUTHENTICATION_PROOFS => Some(45),
            StatusCode::NOT_STAKE_POOL_OWNER => Some(46),
            StatusCode::NOT_DELEGATED_VOTER => Some(47),
            StatusCode::INSUFFICIENT_STAKE => Some(48),
            StatusCode::INVALID_HIGH_TXN_LIMITS_MULTIPLIER => Some(49),
            StatusCode::STAKE_POOL_NOT_FOUND => Some(50),
            StatusCode::DELEGATION_POOL_NOT_FOUND => Some(51),
            StatusCode::MULTIPLIER_NOT_AVAILABLE => Some(52),
            StatusCode::HIGH_LIMIT_TXN_GAS_UNIT_PRICE_BELOW_MIN_BOUND => Some(53),
            StatusCode::ENCRYPTED_TXN_GAS_UNIT_PRICE_BELOW_MIN_BOUND => Some(54),
            StatusCode::TXN_LIMITS_REQUEST_NOT_ALLOWED_FOR_GOVERNANCE_SCRIPT => Some(55),
            StatusCode::STAKE_POOL_NOT_IN_VALIDATOR_SET => Some(56),
            StatusCode::RESERVED_VALIDATION_ERROR_2 => Some(57),
            StatusCode::RESERVED_VALIDATION_ERROR_3 => Some(58),
            StatusCode::RESERVED_VALIDATION_ERROR_4 => Some(59),
            StatusCode::UNKNOWN_VERIFICATION_ERROR => Some(1000),
            StatusCode::INDEX_OUT_OF_BOUNDS => Some(1001),
            StatusCode::INVALID_SIGNATURE_TOKEN => Some(1003),
            StatusCode::RECURSIVE_STRUCT_DEFINITION => Some(1005),
            StatusCode::FIELD_MISSING_TYPE_ABILITY => Some(1006),
            StatusCode::INVALID_FALL_THROUGH => Some(1007),
            StatusCode::NEGATIVE_STACK_SIZE_WITHIN_BLOCK => Some(1009),
            StatusCode::INVALID_MAIN_FUNCTION_SIGNATURE => Some(1011),
            StatusCode::DUPLICATE_ELEMENT => Some(1012),
            StatusCode::INVALID_MODULE_HANDLE => Some(1013),
            StatusCode::UNIMPLEMENTED_HANDLE => Some(1014),
            StatusCode::LOOKUP_FAILED => Some(1017),
            StatusCode::TYPE_MISMATCH => Some(1020),
            StatusCode::MISSING_DEPENDENCY => Some(1021),
            StatusCode::POP_WITHOUT_DROP_ABILITY => Some(1023),
            StatusCode::BR_TYPE_MISMATCH_ERROR => Some(1025),
            StatusCode::ABORT_TYPE_MISMATCH_ERROR => Some(1026),
            StatusCode::STLOC_TYPE_MISMATCH_ERROR => Some(1027),
            StatusCode::STLOC_UNSAFE_TO_DESTROY_ERROR => Some(1028),
            StatusCode::UNSAFE_RET_LOCAL_OR_RESOURCE_STILL_BORROWED => Some(1029),
            StatusCode::RET_TYPE_MISMATCH_ERROR => Some(1030),
            StatusCode::RET_BORROWED_MUTABLE_REFERENCE_ERROR => Some(1031),
            StatusCode::FREEZEREF_TYPE_MISMATCH_ERROR => Some(1032),
            StatusCode::FREEZEREF_EXISTS_MUTABLE_BORROW_ERROR => Some(1033),
            StatusCode::BORROWFIELD_TYPE_MISMATCH_ERROR => Some(1034),
            StatusCode::BORROWFIELD_BAD_FIELD_ERROR => Some(1035),
            StatusCode::BORROWFIELD_EXISTS_MUTABLE_BORROW_ERROR => Some(1036),
            StatusCode::COPYLOC_UNAVAILABLE_ERROR => Some(1037),
            StatusCode::COPYLOC_WITHOUT_COPY_ABILITY => Some(1038),
            StatusCode::COPYLOC_EXISTS_BORROW_ERROR => Some(1039),
            StatusCode::MOVELOC_UNAVAILABLE_ERROR => Some(1040),
            StatusCode::MOVELOC_EXISTS_BORROW_ERROR => Some(1041),
            StatusCode::BORROWLOC_REFERENCE_ERROR => Some(1042),
            StatusCode::BORROWLOC_UNAVAILABLE_ERROR => Some(1043),
            StatusCode::BORROWLOC_EXISTS_BORROW_ERROR => Some(1044),
            StatusCode::CALL_TYPE_MISMATCH_ERROR => Some(1045),
            StatusCode::CALL_BORROWED_MUTABLE_REFERENCE_ERROR => Some(1046),
            StatusCode::PACK_TYPE_MISMATCH_ERROR => Some(1047),
            StatusCode::UNPACK_TYPE_MISMATCH_ERROR => Some(1048),
            StatusCode::READREF_TYPE_MISMATCH_ERROR => Some(1049),
            StatusCode::READREF_WITHOUT_COPY_ABILITY => Some(1050),
            StatusCode::READREF_EXISTS_MUTABLE_BORROW_ERROR => Some(1051),
            StatusCode::WRITEREF_TYPE_MISMATCH_ERROR => Some(1052),
            StatusCode::WRITEREF_WITHOUT_DROP_ABILITY => Some(1053),
            StatusCode::WRITEREF_EXISTS_BORROW_ERROR => Some(1054),
            StatusCode::WRITEREF_NO_MUTABLE_REFERENCE_ERROR => Some(1055),
            StatusCode::INTEGER_OP_TYPE_MISMATCH_ERROR => Some(1056),
            StatusCode::BOOLEAN_OP_TYPE_MISMATCH_ERROR => Some(1057),
            StatusCode::EQUALITY_OP_TYPE_MISMATCH_ERROR => Some(1058),
            StatusCode::EXISTS_WITHOUT_KEY_ABILITY_OR_BAD_ARGUMENT => Some(1059),
            StatusCode::BORROWGLOBAL_TYPE_MISMATCH_ERROR => Some(1060),
            StatusCode::BORROWGLOBAL_WITHOUT_KEY_ABILITY => Some(1061),
            StatusCode::MOVEFROM_TYPE_MISMATCH_ERROR => Some(1062),
            StatusCode::MOVEFROM_WITHOUT_KEY_ABILITY => Some(1063),
            StatusCode::MOVETO_TYPE_MISMATCH_ERROR => Some(1064),
            StatusCode::MOVETO_WITHOUT_KEY_ABILITY => Some(1065),
            StatusCode::MODULE_ADDRESS_DOES_NOT_MATCH_SENDER => Some(1067),
            StatusCode::NO_MODULE_HANDLES => Some(1068),
            StatusCode::POSITIVE_STACK_SIZE_AT_BLOCK_END => Some(1069),
            StatusCode::MISSING_ACQUIRES_ANNOTATION => Some(1070),
            StatusCode::EXTRANEOUS_ACQUIRES_ANNOTATION => Some(1071),
            StatusCode::DUPLICATE_ACQUIRES_ANNOTATION => Some(1072),
            StatusCode::INVALID_ACQUIRES_ANNOTATION => Some(1073),
            StatusCode::GLOBAL_REFERENCE_ERROR => Some(1074),
            StatusCode::CONSTRAINT_NOT_SATISFIED => Some(1075),
            StatusCode::NUMBER_OF_TYPE_ARGUMENTS_MISMATCH => Some(1076),
            StatusCode::LOOP_IN_INSTANTIATION_GRAPH => Some(1077),
            StatusCode::ZERO_SIZED_STRUCT => Some(1080),
            StatusCode::LINKER_ERROR => Some(1081),
            StatusCode::INVALID_CONSTANT_TYPE => Some(1082),
            StatusCode::MALFORMED_CONSTANT_DATA => Some(1083),
            StatusCode::EMPTY_CODE_UNIT => Some(1084),
            StatusCode::INVALID_LOOP_SPLIT => Some(1085),
            StatusCode::INVALID_LOOP_BREAK => Some(1086),
            StatusCode::INVALID_LOOP_CONTINUE => Some(1087),
            StatusCode::UNSAFE_RET_UNUSED_VALUES_WITHOUT_DROP => Some(1088),
            StatusCode::TOO_MANY_LOCALS => Some(1089),
            StatusCode::GENERIC_MEMBER_OPCODE_MISMATCH => Some(1090),
            StatusCode::FUNCTION_RESOLUTION_FAILURE => Some(1091),
            StatusCode::INVALID_OPERATION_IN_SCRIPT => Some(1094),
            StatusCode::DUPLICATE_MODULE_NAME => Some(1095),
            StatusCode::BACKWARD_INCOMPATIBLE_MODULE_UPDATE => Some(1096),
            StatusCode::CYCLIC_MODULE_DEPENDENCY => Some(1097),
            StatusCode::NUMBER_OF_ARGUMENTS_MISMATCH => Some(1098),
            StatusCode::INVALID_PARAM_TYPE_FOR_DESERIALIZATION => Some(1099),
            StatusCode::FAILED_TO_DESERIALIZE_ARGUMENT => Some(1100),
            StatusCode::NUMBER_OF_SIGNER_ARGUMENTS_MISMATCH => Some(1101),
            StatusCode::CALLED_SCRIPT_VISIBLE_FROM_NON_SCRIPT_VISIBLE => Some(1102),
            StatusCode::EXECUTE_ENTRY_FUNCTION_CALLED_ON_NON_ENTRY_FUNCTION => Some(1103),
            StatusCode::INVALID_FRIEND_DECL_WITH_SELF => Some(1104),
            StatusCode::INVALID_FRIEND_DECL_WITH_MODULES_OUTSIDE_ACCOUNT_ADDRESS => Some(1105),
            StatusCode::INVALID_FRIEND_DECL_WITH_MODULES_IN_DEPENDENCIES => Some(1106),
            StatusCode::CYCLIC_MODULE_FRIENDSHIP => Some(1107),
            StatusCode::INVALID_PHANTOM_TYPE_PARAM_POSITION => Some(1108),
            StatusCode::VEC_UPDATE_EXISTS_MUTABLE_BORROW_ERROR => Some(1109),
            StatusCode::VEC_BORROW_ELEMENT_EXISTS_MUTABLE_BORROW_ERROR => Some(1110),
            StatusCode::LOOP_MAX_DEPTH_REACHED => Some(1111),
            StatusCode::TOO_MANY_TYPE_PARAMETERS => Some(1112),
            StatusCode::TOO_MANY_PARAMETERS => Some(1113),
            StatusCode::TOO_MANY_BASIC_BLOCKS => Some(1114),
            StatusCode::VALUE_STACK_OVERFLOW => Some(1115),
            StatusCode::TOO_MANY_TYPE_NODES => Some(1116),
            StatusCode::VALUE_STACK_PUSH_OVERFLOW => Some(1117),
            StatusCode::MAX_DEPENDENCY_DEPTH_REACHED => Some(1118),
            StatusCode::MAX_FUNCTION_DEFINITIONS_REACHED => Some(1119),
            StatusCode::MAX_STRUCT_DEFINITIONS_REACHED => Some(1120),
            StatusCode::MAX_FIELD_DEFINITIONS_REACHED => Some(1121),
            StatusCode::TOO_MANY_BACK_EDGES => Some(1122),
            StatusCode::EVENT_METADATA_VALIDATION_ERROR => Some(1123),
            StatusCode::DEPENDENCY_LIMIT_REACHED => Some(1124),
            StatusCode::UNSTABLE_BYTECODE_REJECTED => Some(1125),
            StatusCode::PROGRAM_TOO_COMPLEX => Some(1126),
            StatusCode::USER_DEFINED_NATIVE_NOT_ALLOWED => Some(1127),
            StatusCode::MAX_STRUCT_VARIANTS_REACHED => Some(1128),
            StatusCode::TEST_VARIANT_TYPE_MISMATCH_ERROR => Some(1129),
            StatusCode::ZERO_VARIANTS_ERROR => Some(1130),
            StatusCode::FEATURE_NOT_ENABLED => Some(1131),
            StatusCode::INVALID_CLOSURE_MASK => Some(1132),
            StatusCode::CLOSURE_CALL_REQUIRES_FUNCTION => Some(1133),
            StatusCode::INVALID_INIT_MODULE => Some(1134),
            StatusCode::FRIEND_NOT_FOUND_IN_MODULE_BUNDLE => Some(1135),
            StatusCode::INVALID_STRUCT_API_CODE => Some(1136),
            StatusCode::RESERVED_VERIFICATION_ERROR_1 => Some(1137),
            StatusCode::RESERVED_VERIFICATION_ERROR_2 => Some(1138),
            StatusCode::RESERVED_VERIFICATION_ERROR_3 => Some(1139),
            StatusCode::RESERVED_VERIFICATION_ERROR_4 => Some(1140),
            StatusCode::UNKNOWN_INVARIANT_VIOLATION_ERROR => Some(2000),
            StatusCode::EMPTY_VALUE_STACK => Some(2003),
            StatusCode::PC_OVERFLOW => Some(2005),
            StatusCode::VERIFICATION_ERROR => Some(2006),
            StatusCode::STORAGE_ERROR => Some(2008),
            StatusCode::INTERNAL_TYPE_ERROR => Some(2009),
            StatusCode::EVENT_KEY_MISMATCH => Some(2010),
            StatusCode::UNREACHABLE => Some(2011),
            StatusCode::VM_STARTUP_FAILURE => Some(2012),
            StatusCode::UNEXPECTED_ERROR_FROM_KNOWN_MOVE_FUNCTION => Some(2015),
            StatusCode::VERIFIER_INVARIANT_VIOLATION => Some(2016),
            StatusCode::UNEXPECTED_VERIFIER_ERROR => Some(2017),
            StatusCode::UNEXPECTED_DESERIALIZATION_ERROR => Some(2018),
            StatusCode::FAILED_TO_SERIALIZE_WRITE_SET_CHANGES => Some(2019),
            StatusCode::FAILED_TO_DESERIALIZE_RESOURCE => Some(2020),
            StatusCode::TYPE_RESOLUTION_FAILURE => Some(2021),
            StatusCode::DUPLICATE_NATIVE_FUNCTION => Some(2022),
            StatusCode::DELAYED_FIELD_OR_BLOCKSTM_CODE_INVARIANT_ERROR => Some(2023),
            StatusCode::SPECULATIVE_EXECUTION_ABORT_ERROR => Some(2024),
            StatusCode::ACCESS_CONTROL_INVARIANT_VIOLATION => Some(2025),
            StatusCode::RESERVED_INVARIANT_VIOLATION_ERROR_1 => Some(2026),
            StatusCode::RESERVED_INVARIANT_VIOLATION_ERROR_2 => Some(2027),
            StatusCode::RESERVED_INVARIANT_VIOLATION_ERROR_3 => Some(2028),
            StatusCode::RESERVED_INVARIANT_VIOLATION_ERROR_4 => Some(2039),
            StatusCode::RESERVED_INVARIANT_VIOLATION_ERROR_5 => Some(2040),
            StatusCode::UNKNOWN_BINARY_ERROR => Some(3000),
            StatusCode::MALFORMED => Some(3001),
            StatusCode::BAD_MAGIC => Some(3002),
            StatusCode::UNKNOWN_VERSION => Some(3003),
            StatusCode::UNKNOWN_TABLE_TYPE => Some(3004),
            StatusCode::UNKNOWN_SIGNATURE_TYPE => Some(3005),
            StatusCode::UNKNOWN_SERIALIZED_TYPE => Some(3006),
            StatusCode::UNKNOWN_OPCODE => Some(3007),
            StatusCode::BAD_HEADER_TABLE => Some(3008),
            StatusCode::UNEXPECTED_SIGNATURE_TYPE => Some(3009),
            StatusCode::DUPLICATE_TABLE => Some(3010),
            StatusCode::UNKNOWN_ABILITY => Some(3013),
            StatusCode::UNKNOWN_NATIVE_STRUCT_FLAG => Some(3014),
            StatusCode::BAD_U16 => Some(3017),
            StatusCode::BAD_U32 => Some(3018),
            StatusCode::BAD_U64 => Some(3019),
            StatusCode::BAD_U128 => Some(3020),
            StatusCode::BAD_U256 => Some(3021),
            StatusCode::VALUE_SERIALIZATION_ERROR => Some(3022),
            StatusCode::VALUE_DESERIALIZATION_ERROR => Some(3023),
            StatusCode::CODE_DESERIALIZATION_ERROR => Some(3024),
            StatusCode::INVALID_FLAG_BITS => Some(3025),
            StatusCode::_UNABLE_TO_CAPTURE_OPTION_TYPE => Some(3026),
            StatusCode::RESERVED_DESERIALIZAION_ERROR_1 => Some(3027),
            StatusCode::RESERVED_DESERIALIZAION_ERROR_2 => Some(3028),
            StatusCode::RESERVED_DESERIALIZAION_ERROR_3 => Some(3029),
            StatusCode::RESERVED_DESERIALIZAION_ERROR_4 => Some(3030),
            StatusCode::RESERVED_DESERIALIZAION_ERROR_5 => Some(3031),
            StatusCode::UNKNOWN_RUNTIME_STATUS => Some(4000),
            StatusCode::EXECUTED => Some(4001),
            StatusCode::OUT_OF_GAS => Some(4002),
            StatusCode::RESOURCE_DOES_NOT_EXIST => Some(4003),
            StatusCode::RESOURCE_ALREADY_EXISTS => Some(4004),
            StatusCode::MISSING_DATA => Some(4008),
            StatusCode::DATA_FORMAT_ERROR => Some(4009),
            StatusCode::ABORTED => Some(4016),
            StatusCode::ARITHMETIC_ERROR => Some(4017),
            StatusCode::VECTOR_OPERATION_ERROR => Some(4018),
            StatusCode::EXECUTION_STACK_OVERFLOW => Some(4020),
            StatusCode::CALL_STACK_OVERFLOW => Some(4021),
            StatusCode::VM_MAX_TYPE_DEPTH_REACHED => Some(4024),
            StatusCode::VM_MAX_VALUE_DEPTH_REACHED => Some(4025),
            StatusCode::VM_EXTENSION_ERROR => Some(4026),
            StatusCode::STORAGE_WRITE_LIMIT_REACHED => Some(4027),
            StatusCode::MEMORY_LIMIT_EXCEEDED => Some(4028),
            StatusCode::VM_MAX_TYPE_NODES_REACHED => Some(4029),
            StatusCode::EXECUTION_LIMIT_REACHED => Some(4030),
            StatusCode::IO_LIMIT_REACHED => Some(4031),
            StatusCode::STORAGE_LIMIT_REACHED => Some(4032),
            StatusCode::TYPE_TAG_LIMIT_EXCEEDED => Some(4033),
            StatusCode::ACCESS_DENIED => Some(4034),
            StatusCode::ACCESS_STACK_LIMIT_EXCEEDED => Some(4035),
            StatusCode::TOO_MANY_DELAYED_FIELDS => Some(4036),
            StatusCode::RUNTIME_DISPATCH_ERROR => Some(4037),
            StatusCode::STRUCT_VARIANT_MISMATCH => Some(4038),
            StatusCode::UNIMPLEMENTED_FUNCTIONALITY => Some(4039),
            StatusCode::RUNTIME_CYCLIC_MODULE_DEPENDENCY => Some(4040),
            StatusCode::UNABLE_TO_CAPTURE_DELAYED_FIELDS => Some(4041),
            StatusCode::INVALID_ABORT_MESSAGE => Some(4042),
            StatusCode::ABORT_MESSAGE_LIMIT_EXCEEDED => Some(4043),
            StatusCode::RESERVED_RUNTIME_ERROR_1 => Some(4044),
            StatusCode::RESERVED_RUNTIME_ERROR_2 => Some(4045),
            StatusCode::RESERVED_RUNTIME_ERROR_3 => Some(4046),
            StatusCode::UNKNOWN_STATUS => Some(18446744073709551615),
            StatusCode::RECURSIVE_DATATYPE_DEFINITION => None,
            StatusCode::FIELD_EXISTS_MUTABLE_BORROW_ERROR => None,
            StatusCode::RESERVED_VERIFICATION_ERROR_5 => None,
            StatusCode::TOO_MANY_VECTOR_ELEMENTS => None,
            StatusCode::IDENTIFIER_TOO_LONG => None,
            StatusCode::ENUM_SWITCH_BAD_OPERAND => None,
            StatusCode::ENUM_TYPE_MISMATCH => None,
            StatusCode::INVALID_ENUM_SWITCH => None,
            StatusCode::ZERO_SIZED_ENUM => None,
            StatusCode::MAX_VARIANTS_REACHED => None,
            StatusCode::INVALID_IDENTIFIER => None,
            StatusCode::MISMATCHED_MODULE_IDS_IN_PACKAGE => None,
            StatusCode::CYCLIC_PACKAGE_DEPENDENCY => None,
            StatusCode::ARITHMETIC_OVERFLOW => None,
            StatusCode::REFERENCE_SAFETY_INCONSISTENT => None,
            StatusCode::DUPLICATE_TYPE_DEFINITION => None,
            StatusCode::VTABLE_KEY_LOOKUP_ERROR => None,
            StatusCode::TRAILING_BYTES => None,
            StatusCode::UNKNOWN_ENUM_FLAG => None,
            StatusCode::UNKNOWN_JUMP_TABLE_FLAG => None,
            StatusCode::DEPRECATED_BYTECODE_FORMAT => None,
            StatusCode::EMPTY_PACKAGE => None,
            StatusCode::VARIANT_TAG_MISMATCH => None,
            StatusCode::PACKAGE_ARENA_LIMIT_REACHED => None,
            StatusCode::INTERNER_LIMIT_REACHED => None,
            StatusCode::EXTERNAL_RESOLUTION_REQUEST_ERROR => None,
            StatusCode::SYSTEM_OBJECT_NOT_AVAILABLE_LOCALLY => None,
        }
    }

    /// The Sui number of this status; `None` for the Aptos-only statuses.
    pub const fn sui_number(self) -> Option<u64> {
        match self {
            StatusCode::UNKNOWN_VALIDATION_STATUS => Some(0),
            StatusCode::INVALID_SIGNATURE => Some(1),
            StatusCode::INVALID_AUTH_KEY => Some(2),
            StatusCode::SEQUENCE_NUMBER_TOO_OLD => Some(3),
            StatusCode::SEQUENCE_NUMBER_TOO_NEW => Some(4),
            StatusCode::INSUFFICIENT_BALANCE_FOR_TRANSACTION_FEE => Some(5),
            StatusCode::TRANSACTION_EXPIRED => Some(6),
            StatusCode::SENDING_ACCOUNT_DOES_NOT_EXIST => Some(7),
            StatusCode::REJECTED_WRITE_SET => Some(8),
            StatusCode::INVALID_WRITE_SET => Some(9),
            StatusCode::EXCEEDED_MAX_TRANSACTION_SIZE => Some(10),
            StatusCode::UNKNOWN_SCRIPT => Some(11),
            StatusCode::UNKNOWN_MODULE => Some(12),
            StatusCode::MAX_GAS_UNITS_EXCEEDS_MAX_GAS_UNITS_BOUND => Some(13),
            StatusCode::MAX_GAS_UNITS_BELOW_MIN_TRANSACTION_GAS_UNITS => Some(14),
            StatusCode::GAS_UNIT_PRICE_BELOW_MIN_BOUND => Some(15),
            StatusCode::GAS_UNIT_PRICE_ABOVE_MAX_BOUND => Some(16),
            StatusCode::INVALID_GAS_SPECIFIER => Some(17),
            StatusCode::SENDING_ACCOUNT_FROZEN => Some(18),
            StatusCode::UNABLE_TO_DESERIALIZE_ACCOUNT => Some(19),
            StatusCode::CURRENCY_INFO_DOES_NOT_EXIST => Some(20),
            StatusCode::INVALID_MODULE_PUBLISHER => Some(21),
            StatusCode::NO_ACCOUNT_ROLE => Some(22),
            StatusCode::BAD_CHAIN_ID => Some(23),
            StatusCode::SEQUENCE_NUMBER_TOO_BIG => Some(24),
            StatusCode::BAD_TRANSACTION_FEE_CURRENCY => Some(25),
            StatusCode::FEATURE_UNDER_GATING => Some(26),
            StatusCode::SECONDARY_KEYS_ADDRESSES_COUNT_MISMATCH => Some(27),
            StatusCode::SIGNERS_CONTAIN_DUPLICATES => Some(28),
            StatusCode::SEQUENCE_NONCE_INVALID => Some(29),
            StatusCode::CHAIN_ACCOUNT_INFO_DOES_NOT_EXIST => Some(30),
            StatusCode::ACCOUNT_NOT_MULTISIG => None,
            StatusCode::NOT_MULTISIG_OWNER => None,
            StatusCode::MULTISIG_TRANSACTION_NOT_FOUND => None,
            StatusCode::MULTISIG_TRANSACTION_INSUFFICIENT_APPROVALS => None,
            StatusCode::MULTISIG_TRANSACTION_PAYLOAD_DOES_NOT_MATCH_HASH => None,
            StatusCode::GAS_PAYER_ACCOUNT_MISSING => None,
            StatusCode::INSUFFICIENT_BALANCE_FOR_REQUIRED_DEPOSIT => None,
            StatusCode::GAS_PARAMS_MISSING => None,
            StatusCode::REQUIRED_DEPOSIT_INCONSISTENT_WITH_TXN_MAX_GAS => None,
            StatusCode::MULTISIG_TRANSACTION_PAYLOAD_DOES_NOT_MATCH => None,
            StatusCode::ACCOUNT_AUTHENTICATION_GAS_LIMIT_EXCEEDED => None,
            StatusCode::NONCE_ALREADY_USED => None,
            StatusCode::EMPTY_PAYLOAD_PROVIDED => None,
            StatusCode::TRANSACTION_EXPIRATION_TOO_FAR_IN_FUTURE => None,
            StatusCode::INVALID_NUMBER_OF_AUTHENTICATION_PROOFS => None,
            StatusCode::NOT_STAKE_POOL_OWNER => None,
            StatusCode::NOT_DELEGATED_VOTER => None,
            StatusCode::INSUFFICIENT_STAKE => None,
            StatusCode::INVALID_HIGH_TXN_LIMITS_MULTIPLIER => None,
            StatusCode::STAKE_POOL_NOT_FOUND => None,
            StatusCode::DELEGATION_POOL_NOT_FOUND => None,
            StatusCode::MULTIPLIER_NOT_AVAILABLE => None,
            StatusCode::HIGH_LIMIT_TXN_GAS_UNIT_PRICE_BELOW_MIN_BOUND => None,
            StatusCode::ENCRYPTED_TXN_GAS_UNIT_PRICE_BELOW_MIN_BOUND => None,
            StatusCode::TXN_LIMITS_REQUEST_NOT_ALLOWED_FOR_GOVERNANCE_SCRIPT => None,
            StatusCode::STAKE_POOL_NOT_IN_VALIDATOR_SET => None,
            StatusCode::RESERVED_VALIDATION_ERROR_2 => None,
            StatusCode::RESERVED_VALIDATION_ERROR_3 => None,
            StatusCode::RESERVED_VALIDATION_ERROR_4 => None,
            StatusCode::UNKNOWN_VERIFICATION_ERROR => Some(1000),
            StatusCode::INDEX_OUT_OF_BOUNDS => Some(1001),
            StatusCode::INVALID_SIGNATURE_TOKEN => Some(1003),
            StatusCode::RECURSIVE_STRUCT_DEFINITION => None,
            StatusCode::FIELD_MISSING_TYPE_ABILITY => Some(1006),
            StatusCode::INVALID_FALL_THROUGH => Some(1007),
            StatusCode::NEGATIVE_STACK_SIZE_WITHIN_BLOCK => Some(1009),
            StatusCode::INVALID_MAIN_FUNCTION_SIGNATURE => Some(1011),
            StatusCode::DUPLICATE_ELEMENT => Some(1012),
            StatusCode::INVALID_MODULE_HANDLE => Some(1013),
            StatusCode::UNIMPLEMENTED_HANDLE => Some(1014),
            StatusCode::LOOKUP_FAILED => Some(1017),
            StatusCode::TYPE_MISMATCH => Some(1020),
            StatusCode::MISSING_DEPENDENCY => Some(1021),
            StatusCode::POP_WITHOUT_DROP_ABILITY => Some(1023),
            StatusCode::BR_TYPE_MISMATCH_ERROR => Some(1025),
            StatusCode::ABORT_TYPE_MISMATCH_ERROR => Some(1026),
            StatusCode::STLOC_TYPE_MISMATCH_ERROR => Some(1027),
            StatusCode::STLOC_UNSAFE_TO_DESTROY_ERROR => Some(1028),
            StatusCode::UNSAFE_RET_LOCAL_OR_RESOURCE_STILL_BORROWED => Some(1029),
            StatusCode::RET_TYPE_MISMATCH_ERROR => Some(1030),
            StatusCode::RET_BORROWED_MUTABLE_REFERENCE_ERROR => Some(1031),
            StatusCode::FREEZEREF_TYPE_MISMATCH_ERROR => Some(1032),
            StatusCode::FREEZEREF_EXISTS_MUTABLE_BORROW_ERROR => Some(1033),
            StatusCode::BORROWFIELD_TYPE_MISMATCH_ERROR => Some(1034),
            StatusCode::BORROWFIELD_BAD_FIELD_ERROR => Some(1035),
            StatusCode::BORROWFIELD_EXISTS_MUTABLE_BORROW_ERROR => None,
            StatusCode::COPYLOC_UNAVAILABLE_ERROR => Some(1037),
            StatusCode::COPYLOC_WITHOUT_COPY_ABILITY => Some(1038),
            StatusCode::COPYLOC_EXISTS_BORROW_ERROR => Some(1039),
            StatusCode::MOVELOC_UNAVAILABLE_ERROR => Some(1040),
            StatusCode::MOVELOC_EXISTS_BORROW_ERROR => Some(1041),
            StatusCode::BORROWLOC_REFERENCE_ERROR => Some(1042),
            StatusCode::BORROWLOC_UNAVAILABLE_ERROR => Some(1043),
            StatusCode::BORROWLOC_EXISTS_BORROW_ERROR => Some(1044),
            StatusCode::CALL_TYPE_MISMATCH_ERROR => Some(1045),
            StatusCode::CALL_BORROWED_MUTABLE_REFERENCE_ERROR => Some(1046),
            StatusCode::PACK_TYPE_MISMATCH_ERROR => Some(1047),
            StatusCode::UNPACK_TYPE_MISMATCH_ERROR => Some(1048),
            StatusCode::READREF_TYPE_MISMATCH_ERROR => Some(1049),
            StatusCode::READREF_WITHOUT_COPY_ABILITY => Some(1050),
            StatusCode::READREF_EXISTS_MUTABLE_BORROW_ERROR => Some(1051),
            StatusCode::WRITEREF_TYPE_MISMATCH_ERROR => Some(1052),
            StatusCode::WRITEREF_WITHOUT_DROP_ABILITY => Some(1053),
            StatusCode::WRITEREF_EXISTS_BORROW_ERROR => Some(1054),
            StatusCode::WRITEREF_NO_MUTABLE_REFERENCE_ERROR => Some(1055),
            StatusCode::INTEGER_OP_TYPE_MISMATCH_ERROR => Some(1056),
            StatusCode::BOOLEAN_OP_TYPE_MISMATCH_ERROR => Some(1057),
            StatusCode::EQUALITY_OP_TYPE_MISMATCH_ERROR => Some(1058),
            StatusCode::EXISTS_WITHOUT_KEY_ABILITY_OR_BAD_ARGUMENT => Some(1059),
            StatusCode::BORROWGLOBAL_TYPE_MISMATCH_ERROR => Some(1060),
            StatusCode::BORROWGLOBAL_WITHOUT_KEY_ABILITY => Some(1061),
            StatusCode::MOVEFROM_TYPE_MISMATCH_ERROR => Some(1062),
            StatusCode::MOVEFROM_WITHOUT_KEY_ABILITY => Some(1063),
            StatusCode::MOVETO_TYPE_MISMATCH_ERROR => Some(1064),
            StatusCode::MOVETO_WITHOUT_KEY_ABILITY => Some(1065),
            StatusCode::MODULE_ADDRESS_DOES_NOT_MATCH_SENDER => Some(1067),
            StatusCode::NO_MODULE_HANDLES => Some(1068),
            StatusCode::POSITIVE_STACK_SIZE_AT_BLOCK_END => Some(1069),
            StatusCode::MISSING_ACQUIRES_ANNOTATION => Some(1070),
            StatusCode::EXTRANEOUS_ACQUIRES_ANNOTATION => Some(1071),
            StatusCode::DUPLICATE_ACQUIRES_ANNOTATION => Some(1072),
            StatusCode::INVALID_ACQUIRES_ANNOTATION => Some(1073),
            StatusCode::GLOBAL_REFERENCE_ERROR => Some(1074),
            StatusCode::CONSTRAINT_NOT_SATISFIED => Some(1075),
            StatusCode::NUMBER_OF_TYPE_ARGUMENTS_MISMATCH => Some(1076),
            StatusCode::LOOP_IN_INSTANTIATION_GRAPH => Some(1077),
            StatusCode::ZERO_SIZED_STRUCT => Some(1080),
            StatusCode::LINKER_ERROR => Some(1081),
            StatusCode::INVALID_CONSTANT_TYPE => Some(1082),
            StatusCode::MALFORMED_CONSTANT_DATA => Some(1083),
            StatusCode::EMPTY_CODE_UNIT => Some(1084),
            StatusCode::INVALID_LOOP_SPLIT => Some(1085),
            StatusCode::INVALID_LOOP_BREAK => Some(1086),
            StatusCode::INVALID_LOOP_CONTINUE => Some(1087),
            StatusCode::UNSAFE_RET_UNUSED_VALUES_WITHOUT_DROP => Some(1088),
            StatusCode::TOO_MANY_LOCALS => Some(1089),
            StatusCode::GENERIC_MEMBER_OPCODE_MISMATCH => Some(1090),
            StatusCode::FUNCTION_RESOLUTION_FAILURE => Some(1091),
            StatusCode::INVALID_OPERATION_IN_SCRIPT => Some(1094),
            StatusCode::DUPLICATE_MODULE_NAME => Some(1095),
            StatusCode::BACKWARD_INCOMPATIBLE_MODULE_UPDATE => Some(1096),
            StatusCode::CYCLIC_MODULE_DEPENDENCY => Some(1097),
            StatusCode::NUMBER_OF_ARGUMENTS_MISMATCH => Some(1098),
            StatusCode::INVALID_PARAM_TYPE_FOR_DESERIALIZATION => Some(1099),
            StatusCode::FAILED_TO_DESERIALIZE_ARGUMENT => Some(1100),
            StatusCode::NUMBER_OF_SIGNER_ARGUMENTS_MISMATCH => Some(1101),
            StatusCode::CALLED_SCRIPT_VISIBLE_FROM_NON_SCRIPT_VISIBLE => Some(1102),
            StatusCode::EXECUTE_ENTRY_FUNCTION_CALLED_ON_NON_ENTRY_FUNCTION => Some(1103),
            StatusCode::INVALID_FRIEND_DECL_WITH_SELF => Some(1104),
            StatusCode::INVALID_FRIEND_DECL_WITH_MODULES_OUTSIDE_ACCOUNT_ADDRESS => Some(1105),
            StatusCode::INVALID_FRIEND_DECL_WITH_MODULES_IN_DEPENDENCIES => Some(1106),
            StatusCode::CYCLIC_MODULE_FRIENDSHIP => Some(1107),
            StatusCode::INVALID_PHANTOM_TYPE_PARAM_POSITION => Some(1108),
            StatusCode::VEC_UPDATE_EXISTS_MUTABLE_BORROW_ERROR => Some(1109),
            StatusCode::VEC_BORROW_ELEMENT_EXISTS_MUTABLE_BORROW_ERROR => Some(1110),
            StatusCode::LOOP_MAX_DEPTH_REACHED => Some(1111),
            StatusCode::TOO_MANY_TYPE_PARAMETERS => Some(1112),
            StatusCode::TOO_MANY_PARAMETERS => Some(1113),
            StatusCode::TOO_MANY_BASIC_BLOCKS => Some(1114),
            StatusCode::VALUE_STACK_OVERFLOW => Some(1115),
            StatusCode::TOO_MANY_TYPE_NODES => Some(1116),
            StatusCode::VALUE_STACK_PUSH_OVERFLOW => Some(1117),
            StatusCode::MAX_DEPENDENCY_DEPTH_REACHED => Some(1118),
            StatusCode::MAX_FUNCTION_DEFINITIONS_REACHED => Some(1119),
            StatusCode::MAX_STRUCT_DEFINITIONS_REACHED => Some(1120),
            StatusCode::MAX_FIELD_DEFINITIONS_REACHED => Some(1121),
            StatusCode::TOO_MANY_BACK_EDGES => Some(1122),
            StatusCode::EVENT_METADATA_VALIDATION_ERROR => None,
            StatusCode::DEPENDENCY_LIMIT_REACHED => None,
            StatusCode::UNSTABLE_BYTECODE_REJECTED => None,
            StatusCode::PROGRAM_TOO_COMPLEX => Some(1130),
            StatusCode::USER_DEFINED_NATIVE_NOT_ALLOWED => None,
            StatusCode::MAX_STRUCT_VARIANTS_REACHED => None,
            StatusCode::TEST_VARIANT_TYPE_MISMATCH_ERROR => None,
            StatusCode::ZERO_VARIANTS_ERROR => None,
            StatusCode::FEATURE_NOT_ENABLED => None,
            StatusCode::INVALID_CLOSURE_MASK => None,
            StatusCode::CLOSURE_CALL_REQUIRES_FUNCTION => None,
            StatusCode::INVALID_INIT_MODULE => None,
            StatusCode::FRIEND_NOT_FOUND_IN_MODULE_BUNDLE => None,
            StatusCode::INVALID_STRUCT_API_CODE => None,
            StatusCode::RESERVED_VERIFICATION_ERROR_1 => Some(1123),
            StatusCode::RESERVED_VERIFICATION_ERROR_2 => Some(1124),
            StatusCode::RESERVED_VERIFICATION_ERROR_3 => Some(1125),
            StatusCode::RESERVED_VERIFICATION_ERROR_4 => Some(1126),
            StatusCode::UNKNOWN_INVARIANT_VIOLATION_ERROR => Some(2000),
            StatusCode::EMPTY_VALUE_STACK => Some(2003),
            StatusCode::PC_OVERFLOW => Some(2005),
            StatusCode::VERIFICATION_ERROR => Some(2006),
            StatusCode::STORAGE_ERROR => Some(2008),
            StatusCode::INTERNAL_TYPE_ERROR => Some(2009),
            StatusCode::EVENT_KEY_MISMATCH => Some(2010),
            StatusCode::UNREACHABLE => Some(2011),
            StatusCode::VM_STARTUP_FAILURE => Some(2012),
            StatusCode::UNEXPECTED_ERROR_FROM_KNOWN_MOVE_FUNCTION => Some(2015),
            StatusCode::VERIFIER_INVARIANT_VIOLATION => Some(2016),
            StatusCode::UNEXPECTED_VERIFIER_ERROR => Some(2017),
            StatusCode::UNEXPECTED_DESERIALIZATION_ERROR => Some(2018),
            StatusCode::FAILED_TO_SERIALIZE_WRITE_SET_CHANGES => Some(2019),
            StatusCode::FAILED_TO_DESERIALIZE_RESOURCE => Some(2020),
            StatusCode::TYPE_RESOLUTION_FAILURE => Some(2021),
            StatusCode::DUPLICATE_NATIVE_FUNCTION => Some(2022),
            StatusCode::DELAYED_FIELD_OR_BLOCKSTM_CODE_INVARIANT_ERROR => None,
            StatusCode::SPECULATIVE_EXECUTION_ABORT_ERROR => None,
            StatusCode::ACCESS_CONTROL_INVARIANT_VIOLATION => None,
            StatusCode::RESERVED_INVARIANT_VIOLATION_ERROR_1 => None,
            StatusCode::RESERVED_INVARIANT_VIOLATION_ERROR_2 => None,
            StatusCode::RESERVED_INVARIANT_VIOLATION_ERROR_3 => None,
            StatusCode::RESERVED_INVARIANT_VIOLATION_ERROR_4 => None,
            StatusCode::RESERVED_INVARIANT_VIOLATION_ERROR_5 => None,
            StatusCode::UNKNOWN_BINARY_ERROR => Some(3000),
            StatusCode::MALFORMED => Some(3001),
            StatusCode::BAD_MAGIC => Some(3002),
            StatusCode::UNKNOWN_VERSION => Some(3003),
            StatusCode::UNKNOWN_TABLE_TYPE => Some(3004),
            StatusCode::UNKNOWN_SIGNATURE_TYPE => Some(3005),
            StatusCode::UNKNOWN_SERIALIZED_TYPE => Some(3006),
            StatusCode::UNKNOWN_OPCODE => Some(3007),
            StatusCode::BAD_HEADER_TABLE => Some(3008),
            StatusCode::UNEXPECTED_SIGNATURE_TYPE => Some(3009),
            StatusCode::DUPLICATE_TABLE => Some(3010),
            StatusCode::UNKNOWN_ABILITY => Some(3013),
            StatusCode::UNKNOWN_NATIVE_STRUCT_FLAG => Some(3014),
            StatusCode::BAD_U16 => Some(3017),
            StatusCode::BAD_U32 => Some(3018),
            StatusCode::BAD_U64 => Some(3019),
            StatusCode::BAD_U128 => Some(3020),
            StatusCode::BAD_U256 => Some(3021),
            StatusCode::VALUE_SERIALIZATION_ERROR => Some(3022),
            StatusCode::VALUE_DESERIALIZATION_ERROR => Some(3023),
            StatusCode::CODE_DESERIALIZATION_ERROR => Some(3024),
            StatusCode::INVALID_FLAG_BITS => Some(3025),
            StatusCode::_UNABLE_TO_CAPTURE_OPTION_TYPE => None,
            StatusCode::RESERVED_DESERIALIZAION_ERROR_1 => None,
            StatusCode::RESERVED_DESERIALIZAION_ERROR_2 => None,
            StatusCode::RESERVED_DESERIALIZAION_ERROR_3 => None,
            StatusCode::RESERVED_DESERIALIZAION_ERROR_4 => None,
            StatusCode::RESERVED_DESERIALIZAION_ERROR_5 => None,
            StatusCode::UNKNOWN_RUNTIME_STATUS => Some(4000),
            StatusCode::EXECUTED => Some(4001),
            StatusCode::OUT_OF_GAS => Some(4002),
            StatusCode::RESOURCE_DOES_NOT_EXIST => Some(4003),
            StatusCode::RESOURCE_ALREADY_EXISTS => Some(4004),
            StatusCode::MISSING_DATA => Some(4008),
            StatusCode::DATA_FORMAT_ERROR => Some(4009),
            StatusCode::ABORTED => Some(4016),
            StatusCode::ARITHMETIC_ERROR => Some(4017),
            StatusCode::VECTOR_OPERATION_ERROR => Some(4018),
            StatusCode::EXECUTION_STACK_OVERFLOW => Some(4020),
            StatusCode::CALL_STACK_OVERFLOW => Some(4021),
            StatusCode::VM_MAX_TYPE_DEPTH_REACHED => Some(4024),
            StatusCode::VM_MAX_VALUE_DEPTH_REACHED => Some(4025),
            StatusCode::VM_EXTENSION_ERROR => Some(4026),
            StatusCode::STORAGE_WRITE_LIMIT_REACHED => Some(4027),
            StatusCode::MEMORY_LIMIT_EXCEEDED => Some(4028),
            StatusCode::VM_MAX_TYPE_NODES_REACHED => Some(4029),
            StatusCode::EXECUTION_LIMIT_REACHED => None,
            StatusCode::IO_LIMIT_REACHED => None,
            StatusCode::STORAGE_LIMIT_REACHED => None,
            StatusCode::TYPE_TAG_LIMIT_EXCEEDED => None,
            StatusCode::ACCESS_DENIED => None,
            StatusCode::ACCESS_STACK_LIMIT_EXCEEDED => None,
            StatusCode::TOO_MANY_DELAYED_FIELDS => None,
            StatusCode::RUNTIME_DISPATCH_ERROR => None,
            StatusCode::STRUCT_VARIANT_MISMATCH => None,
            StatusCode::UNIMPLEMENTED_FUNCTIONALITY => None,
            StatusCode::RUNTIME_CYCLIC_MODULE_DEPENDENCY => None,
            StatusCode::UNABLE_TO_CAPTURE_DELAYED_FIELDS => None,
            StatusCode::INVALID_ABORT_MESSAGE => None,
            StatusCode::ABORT_MESSAGE_LIMIT_EXCEEDED => None,
            StatusCode::RESERVED_RUNTIME_ERROR_1 => None,
            StatusCode::RESERVED_RUNTIME_ERROR_2 => None,
            StatusCode::RESERVED_RUNTIME_ERROR_3 => None,
            StatusCode::UNKNOWN_STATUS => Some(18446744073709551615),
            StatusCode::RECURSIVE_DATATYPE_DEFINITION => Some(1005),
            StatusCode::FIELD_EXISTS_MUTABLE_BORROW_ERROR => Some(1036),
            StatusCode::RESERVED_VERIFICATION_ERROR_5 => Some(1127),
            StatusCode::TOO_MANY_VECTOR_ELEMENTS => Some(1128),
            StatusCode::IDENTIFIER_TOO_LONG => Some(1129),
            StatusCode::ENUM_SWITCH_BAD_OPERAND => Some(1131),
            StatusCode::ENUM_TYPE_MISMATCH => Some(1132),
            StatusCode::INVALID_ENUM_SWITCH => Some(1133),
            StatusCode::ZERO_SIZED_ENUM => Some(1134),
            StatusCode::MAX_VARIANTS_REACHED => Some(1135),
            StatusCode::INVALID_IDENTIFIER => Some(1136),
            StatusCode::MISMATCHED_MODULE_IDS_IN_PACKAGE => Some(1137),
            StatusCode::CYCLIC_PACKAGE_DEPENDENCY => Some(1138),
            StatusCode::ARITHMETIC_OVERFLOW => Some(2023),
            StatusCode::REFERENCE_SAFETY_INCONSISTENT => Some(2024),
            StatusCode::DUPLICATE_TYPE_DEFINITION => Some(2050),
            StatusCode::VTABLE_KEY_LOOKUP_ERROR => Some(2033),
            StatusCode::TRAILING_BYTES => Some(3026),
            StatusCode::UNKNOWN_ENUM_FLAG => Some(3027),
            StatusCode::UNKNOWN_JUMP_TABLE_FLAG => Some(3028),
            StatusCode::DEPRECATED_BYTECODE_FORMAT => Some(3029),
            StatusCode::EMPTY_PACKAGE => Some(3030),
            StatusCode::VARIANT_TAG_MISMATCH => Some(4030),
            StatusCode::PACKAGE_ARENA_LIMIT_REACHED => Some(4031),
            StatusCode::INTERNER_LIMIT_REACHED => Some(4032),
            StatusCode::EXTERNAL_RESOLUTION_REQUEST_ERROR => Some(4033),
            StatusCode::SYSTEM_OBJECT_NOT_AVAILABLE_LOCALLY => Some(4034),
        }
    }

    /// The number of this status in `flavor`, if the flavor has it.
    pub const fn number_in(self, flavor: Flavor) -> Option<u64> {
        match flavor {
            Flavor::Aptos => self.aptos_number(),
            Flavor::Sui => self.sui_number(),
        }
    }

    /// The Aptos number of this status, or the Sui number of a Sui-only status.
    pub fn number(self) -> u64 {
        match self.aptos_number() {
            Some(n) => n,
            None => self.sui_number().unwrap_or(u64::MAX),
        }
    }

    /// The status with the given Aptos number, if any.
    pub fn from_number(number: u64) -> Option<StatusCode> {
        Self::from_number_in(Flavor::Aptos, number)
    }

    /// The status with the given number in `flavor`, if any.
    pub fn from_number_in(flavor: Flavor, number: u64) -> Option<StatusCode> {
        let all = match flavor {
            Flavor::Aptos => Self::ALL,
            Flavor::Sui => Self::ALL_SUI,
        };
        all.binary_search_by_key(&Some(number), |s| s.number_in(flavor))
            .ok()
            .and_then(|i| all.get(i).copied())
    }

    /// The status with the given name, if any.
    pub fn from_name(name: &str) -> Option<StatusCode> {
        Self::ALL
            .iter()
            .chain(Self::ALL_SUI)
            .copied()
            .find(|s| s.name() == name)
    }

    /// The category this status belongs to (by its number, see [`StatusCode::number`]).
    pub fn category(self) -> StatusCategory {
        match self.number() {
            0..=999 => StatusCategory::Validation,
            1000..=1999 => StatusCategory::Verification,
            2000..=2999 => StatusCategory::InvariantViolation,
            3000..=3999 => StatusCategory::Deserialization,
            4000..=4999 => StatusCategory::Execution,
            _ => StatusCategory::Unknown,
        }
    }
}

impl std::fmt::Display for StatusCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_ascend_and_round_trip() {
        for flavor in Flavor::ALL {
            let all = match flavor {
                Flavor::Aptos => StatusCode::ALL,
                Flavor::Sui => StatusCode::ALL_SUI,
            };
            for pair in all.windows(2) {
                assert!(pair[0].number_in(flavor) < pair[1].number_in(flavor));
            }
            for s in all {
                let n = s.number_in(flavor).expect("listed statuses have a number");
                assert_eq!(StatusCode::from_number_in(flavor, n), Some(*s));
                assert_eq!(StatusCode::from_name(s.name()), Some(*s));
            }
        }
        assert_eq!(StatusCode::ALL.len(), 275);
        assert_eq!(StatusCode::ALL_SUI.len(), 227);
    }

    #[test]
    fn known_numbers() {
        assert_eq!(StatusCode::MALFORMED.number(), 3001);
        assert_eq!(
            StatusCode::ARITHMETIC_ERROR.category(),
            StatusCategory::Execution
        );
        assert_eq!(StatusCode::UNKNOWN_STATUS.number(), u64::MAX);
    }

    #[test]
    fn the_flavors_disagree_where_they_should() {
        assert_eq!(
            StatusCode::from_number_in(Flavor::Aptos, 4030),
            Some(StatusCode::EXECUTION_LIMIT_REACHED)
        );
        assert_eq!(
            StatusCode::from_number_in(Flavor::Sui, 4030),
            Some(StatusCode::VARIANT_TAG_MISMATCH)
        );
        assert_eq!(StatusCode::VARIANT_TAG_MISMATCH.aptos_number(), None);
        assert_eq!(
            StatusCode::CLOSURE_CALL_REQUIRES_FUNCTION.sui_number(),
            None
        );
        assert_ne!(
            StatusCode::PROGRAM_TOO_COMPLEX.aptos_number(),
            StatusCode::PROGRAM_TOO_COMPLEX.sui_number()
        );
        let shared = StatusCode::ALL
            .iter()
            .filter(|s| s.sui_number().is_some() && s.sui_number() == s.aptos_number())
            .count();
        assert_eq!(shared, 195);
    }
}
