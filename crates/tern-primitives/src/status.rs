//! Status codes with the numbers of the Aptos `StatusCode` enum.
//!
//! Generated from `shared/spec/status-codes.md` §7 (275 entries). Only the name is printed in
//! test output; the number is part of the on-chain format.

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

/// A VM status code. The discriminant is the Aptos number.
#[allow(non_camel_case_types, missing_docs)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u64)]
pub enum StatusCode {
    /// placeholder, never valid
    UNKNOWN_VALIDATION_STATUS = 0,
    /// txn signature check failed
    INVALID_SIGNATURE = 1,
    /// auth key mismatch
    INVALID_AUTH_KEY = 2,
    /// sequence number already used
    SEQUENCE_NUMBER_TOO_OLD = 3,
    /// sequence number ahead of account
    SEQUENCE_NUMBER_TOO_NEW = 4,
    /// cannot pay max gas
    INSUFFICIENT_BALANCE_FOR_TRANSACTION_FEE = 5,
    /// txn past expiry
    TRANSACTION_EXPIRED = 6,
    /// sender missing
    SENDING_ACCOUNT_DOES_NOT_EXIST = 7,
    /// write-set txn rejected
    REJECTED_WRITE_SET = 8,
    /// write-set not applicable
    INVALID_WRITE_SET = 9,
    /// txn too large
    EXCEEDED_MAX_TRANSACTION_SIZE = 10,
    /// script not allow-listed
    UNKNOWN_SCRIPT = 11,
    /// module publishing not allowed
    UNKNOWN_MODULE = 12,
    /// max gas above bound
    MAX_GAS_UNITS_EXCEEDS_MAX_GAS_UNITS_BOUND = 13,
    /// max gas below intrinsic cost
    MAX_GAS_UNITS_BELOW_MIN_TRANSACTION_GAS_UNITS = 14,
    /// gas price too low
    GAS_UNIT_PRICE_BELOW_MIN_BOUND = 15,
    /// gas price too high
    GAS_UNIT_PRICE_ABOVE_MAX_BOUND = 16,
    /// bad gas specifier
    INVALID_GAS_SPECIFIER = 17,
    /// sender frozen
    SENDING_ACCOUNT_FROZEN = 18,
    /// account blob unreadable
    UNABLE_TO_DESERIALIZE_ACCOUNT = 19,
    /// unknown currency
    CURRENCY_INFO_DOES_NOT_EXIST = 20,
    /// sender may not publish
    INVALID_MODULE_PUBLISHER = 21,
    /// account has no role
    NO_ACCOUNT_ROLE = 22,
    /// wrong chain id
    BAD_CHAIN_ID = 23,
    /// sequence number overflow
    SEQUENCE_NUMBER_TOO_BIG = 24,
    /// fee currency not accepted
    BAD_TRANSACTION_FEE_CURRENCY = 25,
    /// feature not enabled
    FEATURE_UNDER_GATING = 26,
    /// multi-agent key/address count mismatch
    SECONDARY_KEYS_ADDRESSES_COUNT_MISMATCH = 27,
    /// duplicate signers
    SIGNERS_CONTAIN_DUPLICATES = 28,
    /// bad nonce
    SEQUENCE_NONCE_INVALID = 29,
    /// chain account info missing
    CHAIN_ACCOUNT_INFO_DOES_NOT_EXIST = 30,
    /// not a multisig account
    ACCOUNT_NOT_MULTISIG = 31,
    /// not a multisig owner
    NOT_MULTISIG_OWNER = 32,
    /// multisig txn missing
    MULTISIG_TRANSACTION_NOT_FOUND = 33,
    /// not enough approvals
    MULTISIG_TRANSACTION_INSUFFICIENT_APPROVALS = 34,
    /// payload/hash mismatch
    MULTISIG_TRANSACTION_PAYLOAD_DOES_NOT_MATCH_HASH = 35,
    /// fee payer missing
    GAS_PAYER_ACCOUNT_MISSING = 36,
    /// cannot cover deposit
    INSUFFICIENT_BALANCE_FOR_REQUIRED_DEPOSIT = 37,
    /// gas parameters unavailable
    GAS_PARAMS_MISSING = 38,
    /// deposit vs max gas mismatch
    REQUIRED_DEPOSIT_INCONSISTENT_WITH_TXN_MAX_GAS = 39,
    /// multisig payload mismatch
    MULTISIG_TRANSACTION_PAYLOAD_DOES_NOT_MATCH = 40,
    /// authentication used too much gas
    ACCOUNT_AUTHENTICATION_GAS_LIMIT_EXCEEDED = 41,
    /// replay nonce reused
    NONCE_ALREADY_USED = 42,
    /// empty payload
    EMPTY_PAYLOAD_PROVIDED = 43,
    /// expiry too far ahead
    TRANSACTION_EXPIRATION_TOO_FAR_IN_FUTURE = 44,
    /// wrong number of proofs
    INVALID_NUMBER_OF_AUTHENTICATION_PROOFS = 45,
    /// not a stake pool owner
    NOT_STAKE_POOL_OWNER = 46,
    /// not a delegated voter
    NOT_DELEGATED_VOTER = 47,
    /// stake too small
    INSUFFICIENT_STAKE = 48,
    /// bad limits multiplier
    INVALID_HIGH_TXN_LIMITS_MULTIPLIER = 49,
    /// stake pool missing
    STAKE_POOL_NOT_FOUND = 50,
    /// delegation pool missing
    DELEGATION_POOL_NOT_FOUND = 51,
    /// multiplier unavailable
    MULTIPLIER_NOT_AVAILABLE = 52,
    /// gas price too low for high limits
    HIGH_LIMIT_TXN_GAS_UNIT_PRICE_BELOW_MIN_BOUND = 53,
    /// gas price too low for encrypted txn
    ENCRYPTED_TXN_GAS_UNIT_PRICE_BELOW_MIN_BOUND = 54,
    /// limits request not allowed for governance
    TXN_LIMITS_REQUEST_NOT_ALLOWED_FOR_GOVERNANCE_SCRIPT = 55,
    /// stake pool not a validator
    STAKE_POOL_NOT_IN_VALIDATOR_SET = 56,
    /// reserved
    RESERVED_VALIDATION_ERROR_2 = 57,
    /// reserved
    RESERVED_VALIDATION_ERROR_3 = 58,
    /// reserved
    RESERVED_VALIDATION_ERROR_4 = 59,
    /// catch-all verifier failure
    UNKNOWN_VERIFICATION_ERROR = 1000,
    /// a table index points past its table (bounds checker)
    INDEX_OUT_OF_BOUNDS = 1001,
    /// ill-formed type: reference inside a type argument/field/vector, nested reference, reference to reference, etc.
    INVALID_SIGNATURE_TOKEN = 1003,
    /// a struct contains itself (directly or through other structs of the module)
    RECURSIVE_STRUCT_DEFINITION = 1005,
    /// a field's type lacks an ability required by the struct's declared abilities
    FIELD_MISSING_TYPE_ABILITY = 1006,
    /// control can fall off the end of the code (last instruction not ret/abort/branch)
    INVALID_FALL_THROUGH = 1007,
    /// an instruction pops more values than the block has pushed
    NEGATIVE_STACK_SIZE_WITHIN_BLOCK = 1009,
    /// script main signature not allowed
    INVALID_MAIN_FUNCTION_SIGNATURE = 1011,
    /// duplicate entry (names, handles, fields, ...) in a table
    DUPLICATE_ELEMENT = 1012,
    /// self module handle inconsistent
    INVALID_MODULE_HANDLE = 1013,
    /// a handle of this module has no definition
    UNIMPLEMENTED_HANDLE = 1014,
    /// an imported function/struct does not exist in the dependency (or its signature differs)
    LOOKUP_FAILED = 1017,
    /// element type of a vec_* instruction does not match the operand; also a signature mismatch found by the dependency checker
    TYPE_MISMATCH = 1020,
    /// missing module dependency; at runtime also a missing native implementation
    MISSING_DEPENDENCY = 1021,
    /// pop of a value whose type has no drop
    POP_WITHOUT_DROP_ABILITY = 1023,
    /// br_true/br_false on a non-bool
    BR_TYPE_MISMATCH_ERROR = 1025,
    /// abort code is not u64
    ABORT_TYPE_MISMATCH_ERROR = 1026,
    /// st_loc value type differs from the local's type
    STLOC_TYPE_MISMATCH_ERROR = 1027,
    /// st_loc overwrites a value without drop (or a borrowed local)
    STLOC_UNSAFE_TO_DESTROY_ERROR = 1028,
    /// ret while a local/global is still borrowed
    UNSAFE_RET_LOCAL_OR_RESOURCE_STILL_BORROWED = 1029,
    /// returned values do not match the declared results
    RET_TYPE_MISMATCH_ERROR = 1030,
    /// ret of a mutable reference that is still borrowed
    RET_BORROWED_MUTABLE_REFERENCE_ERROR = 1031,
    /// freeze_ref on a non-mutable-reference
    FREEZEREF_TYPE_MISMATCH_ERROR = 1032,
    /// freeze_ref while a mutable borrow exists
    FREEZEREF_EXISTS_MUTABLE_BORROW_ERROR = 1033,
    /// field borrow on a value that is not a reference to that struct
    BORROWFIELD_TYPE_MISMATCH_ERROR = 1034,
    /// field handle does not belong to the struct
    BORROWFIELD_BAD_FIELD_ERROR = 1035,
    /// field borrow conflicts with an existing mutable borrow
    BORROWFIELD_EXISTS_MUTABLE_BORROW_ERROR = 1036,
    /// copy_loc of a local that is unset/moved
    COPYLOC_UNAVAILABLE_ERROR = 1037,
    /// copy_loc of a type without copy
    COPYLOC_WITHOUT_COPY_ABILITY = 1038,
    /// copy_loc of a local that is mutably borrowed
    COPYLOC_EXISTS_BORROW_ERROR = 1039,
    /// move_loc of a local that is unset/moved
    MOVELOC_UNAVAILABLE_ERROR = 1040,
    /// move_loc of a borrowed local
    MOVELOC_EXISTS_BORROW_ERROR = 1041,
    /// borrow_loc of a local holding a reference
    BORROWLOC_REFERENCE_ERROR = 1042,
    /// borrow_loc of an unset/moved local
    BORROWLOC_UNAVAILABLE_ERROR = 1043,
    /// mut_borrow_loc conflicts with an existing borrow
    BORROWLOC_EXISTS_BORROW_ERROR = 1044,
    /// call arguments do not match the callee's parameters (runtime: closure type mismatch)
    CALL_TYPE_MISMATCH_ERROR = 1045,
    /// passing a mutable reference that is still borrowed
    CALL_BORROWED_MUTABLE_REFERENCE_ERROR = 1046,
    /// pack operands do not match the field types (runtime: bad captured closure argument)
    PACK_TYPE_MISMATCH_ERROR = 1047,
    /// unpack operand is not that struct
    UNPACK_TYPE_MISMATCH_ERROR = 1048,
    /// read_ref on a non-reference
    READREF_TYPE_MISMATCH_ERROR = 1049,
    /// read_ref of a type without copy
    READREF_WITHOUT_COPY_ABILITY = 1050,
    /// read_ref while a mutable borrow exists
    READREF_EXISTS_MUTABLE_BORROW_ERROR = 1051,
    /// write_ref value/reference type mismatch
    WRITEREF_TYPE_MISMATCH_ERROR = 1052,
    /// write_ref over a type without drop
    WRITEREF_WITHOUT_DROP_ABILITY = 1053,
    /// write_ref while the target is borrowed
    WRITEREF_EXISTS_BORROW_ERROR = 1054,
    /// write_ref through an immutable reference
    WRITEREF_NO_MUTABLE_REFERENCE_ERROR = 1055,
    /// arithmetic/bitwise/compare/cast operands of wrong or different integer types
    INTEGER_OP_TYPE_MISMATCH_ERROR = 1056,
    /// and/or/not on non-bool
    BOOLEAN_OP_TYPE_MISMATCH_ERROR = 1057,
    /// eq/neq on different types or types without drop
    EQUALITY_OP_TYPE_MISMATCH_ERROR = 1058,
    /// exists on non-key type or non-address
    EXISTS_WITHOUT_KEY_ABILITY_OR_BAD_ARGUMENT = 1059,
    /// borrow_global operand not an address
    BORROWGLOBAL_TYPE_MISMATCH_ERROR = 1060,
    /// borrow_global of a type without key
    BORROWGLOBAL_WITHOUT_KEY_ABILITY = 1061,
    /// move_from operand not an address
    MOVEFROM_TYPE_MISMATCH_ERROR = 1062,
    /// move_from of a type without key
    MOVEFROM_WITHOUT_KEY_ABILITY = 1063,
    /// move_to operands not (&signer, struct)
    MOVETO_TYPE_MISMATCH_ERROR = 1064,
    /// move_to of a type without key
    MOVETO_WITHOUT_KEY_ABILITY = 1065,
    /// published module address differs from sender
    MODULE_ADDRESS_DOES_NOT_MATCH_SENDER = 1067,
    /// module has no self handle
    NO_MODULE_HANDLES = 1068,
    /// values left on the stack at the end of a basic block
    POSITIVE_STACK_SIZE_AT_BLOCK_END = 1069,
    /// function touches global storage of a local type without acquires
    MISSING_ACQUIRES_ANNOTATION = 1070,
    /// acquires lists a type that is not used
    EXTRANEOUS_ACQUIRES_ANNOTATION = 1071,
    /// acquires lists a type twice
    DUPLICATE_ACQUIRES_ANNOTATION = 1072,
    /// acquires lists a type without key / foreign
    INVALID_ACQUIRES_ANNOTATION = 1073,
    /// global borrow conflicts (e.g. borrow_global while a reference to it exists, returning a global reference)
    GLOBAL_REFERENCE_ERROR = 1074,
    /// a type argument lacks an ability required by a type parameter constraint
    CONSTRAINT_NOT_SATISFIED = 1075,
    /// wrong count of type arguments
    NUMBER_OF_TYPE_ARGUMENTS_MISMATCH = 1076,
    /// generic instantiations grow without bound (e.g. f<T> calls f<S<T>>)
    LOOP_IN_INSTANTIATION_GRAPH = 1077,
    /// struct with no fields
    ZERO_SIZED_STRUCT = 1080,
    /// dependency module missing or a function/struct cannot be linked; at runtime: module not found
    LINKER_ERROR = 1081,
    /// constant of a non-constant type
    INVALID_CONSTANT_TYPE = 1082,
    /// constant bytes do not decode as their type
    MALFORMED_CONSTANT_DATA = 1083,
    /// function body has no instructions
    EMPTY_CODE_UNIT = 1084,
    /// (legacy) loop structure
    INVALID_LOOP_SPLIT = 1085,
    /// (legacy) loop break
    INVALID_LOOP_BREAK = 1086,
    /// (legacy) loop continue
    INVALID_LOOP_CONTINUE = 1087,
    /// ret with locals still holding values without drop
    UNSAFE_RET_UNUSED_VALUES_WITHOUT_DROP = 1088,
    /// more than 255 locals (parameters + locals)
    TOO_MANY_LOCALS = 1089,
    /// generic/non-generic opcode used with the wrong kind of handle
    GENERIC_MEMBER_OPCODE_MISMATCH = 1090,
    /// function could not be resolved
    FUNCTION_RESOLUTION_FAILURE = 1091,
    /// operation not allowed in scripts
    INVALID_OPERATION_IN_SCRIPT = 1094,
    /// two modules with the same name in a bundle
    DUPLICATE_MODULE_NAME = 1095,
    /// republished module breaks compatibility (layouts, public signatures, ...)
    BACKWARD_INCOMPATIBLE_MODULE_UPDATE = 1096,
    /// modules depend on each other cyclically
    CYCLIC_MODULE_DEPENDENCY = 1097,
    /// entry function/script got a different number of arguments (incl. signers)
    NUMBER_OF_ARGUMENTS_MISMATCH = 1098,
    /// parameter type cannot be passed as a transaction argument
    INVALID_PARAM_TYPE_FOR_DESERIALIZATION = 1099,
    /// argument bytes do not deserialize as the parameter type
    FAILED_TO_DESERIALIZE_ARGUMENT = 1100,
    /// wrong number of signer arguments
    NUMBER_OF_SIGNER_ARGUMENTS_MISMATCH = 1101,
    /// (legacy) visibility
    CALLED_SCRIPT_VISIBLE_FROM_NON_SCRIPT_VISIBLE = 1102,
    /// entry call to a non-entry function
    EXECUTE_ENTRY_FUNCTION_CALLED_ON_NON_ENTRY_FUNCTION = 1103,
    /// module declares itself as friend
    INVALID_FRIEND_DECL_WITH_SELF = 1104,
    /// friend at another address
    INVALID_FRIEND_DECL_WITH_MODULES_OUTSIDE_ACCOUNT_ADDRESS = 1105,
    /// friend that is also a dependency
    INVALID_FRIEND_DECL_WITH_MODULES_IN_DEPENDENCIES = 1106,
    /// friend cycle
    CYCLIC_MODULE_FRIENDSHIP = 1107,
    /// phantom parameter used in a non-phantom position
    INVALID_PHANTOM_TYPE_PARAM_POSITION = 1108,
    /// vector update while elements are borrowed
    VEC_UPDATE_EXISTS_MUTABLE_BORROW_ERROR = 1109,
    /// vector element borrow conflicts with a mutable borrow
    VEC_BORROW_ELEMENT_EXISTS_MUTABLE_BORROW_ERROR = 1110,
    /// loop nesting deeper than the limit (5)
    LOOP_MAX_DEPTH_REACHED = 1111,
    /// too many type parameters
    TOO_MANY_TYPE_PARAMETERS = 1112,
    /// more parameters than the limit (128)
    TOO_MANY_PARAMETERS = 1113,
    /// more than 1024 basic blocks
    TOO_MANY_BASIC_BLOCKS = 1114,
    /// verifier-computed stack height above 1024
    VALUE_STACK_OVERFLOW = 1115,
    /// a type has more than 128 nodes (verifier); runtime type size limit
    TOO_MANY_TYPE_NODES = 1116,
    /// more than 10000 pushes in one function
    VALUE_STACK_PUSH_OVERFLOW = 1117,
    /// dependency chain too deep
    MAX_DEPENDENCY_DEPTH_REACHED = 1118,
    /// more than 1000 functions
    MAX_FUNCTION_DEFINITIONS_REACHED = 1119,
    /// more than 200 structs
    MAX_STRUCT_DEFINITIONS_REACHED = 1120,
    /// more than 30 fields in a struct
    MAX_FIELD_DEFINITIONS_REACHED = 1121,
    /// too many loop back edges
    TOO_MANY_BACK_EDGES = 1122,
    /// bad event metadata
    EVENT_METADATA_VALIDATION_ERROR = 1123,
    /// too many dependencies
    DEPENDENCY_LIMIT_REACHED = 1124,
    /// unstable bytecode not allowed
    UNSTABLE_BYTECODE_REJECTED = 1125,
    /// verifier metering budget exceeded
    PROGRAM_TOO_COMPLEX = 1126,
    /// native function in a user module
    USER_DEFINED_NATIVE_NOT_ALLOWED = 1127,
    /// more than 90 variants
    MAX_STRUCT_VARIANTS_REACHED = 1128,
    /// test_variant operand not a reference to that enum
    TEST_VARIANT_TYPE_MISMATCH_ERROR = 1129,
    /// enum without variants
    ZERO_VARIANTS_ERROR = 1130,
    /// construct needs a disabled feature
    FEATURE_NOT_ENABLED = 1131,
    /// closure mask inconsistent with the function
    INVALID_CLOSURE_MASK = 1132,
    /// call_closure on a non-function value
    CLOSURE_CALL_REQUIRES_FUNCTION = 1133,
    /// bad init_module function
    INVALID_INIT_MODULE = 1134,
    /// friend missing from bundle
    FRIEND_NOT_FOUND_IN_MODULE_BUNDLE = 1135,
    /// a function with a struct-API name/attribute (pack$S, borrow$S$0, #[pack] ...) has the wrong shape
    INVALID_STRUCT_API_CODE = 1136,
    /// reserved
    RESERVED_VERIFICATION_ERROR_1 = 1137,
    /// reserved
    RESERVED_VERIFICATION_ERROR_2 = 1138,
    /// reserved
    RESERVED_VERIFICATION_ERROR_3 = 1139,
    /// reserved
    RESERVED_VERIFICATION_ERROR_4 = 1140,
    /// generic internal error; used by paranoid runtime checks (sub-status 1 type check, 2 reference counting, 3 reference safety, 4 indexed-ref tag)
    UNKNOWN_INVARIANT_VIOLATION_ERROR = 2000,
    /// pop from an empty operand stack
    EMPTY_VALUE_STACK = 2003,
    /// program counter ran off the code
    PC_OVERFLOW = 2005,
    /// a verification-class error surfaced at runtime (remapped, e.g. type size limit hit while executing)
    VERIFICATION_ERROR = 2006,
    /// storage backend failure
    STORAGE_ERROR = 2008,
    /// value of unexpected kind at runtime (e.g. Cannot add U32(33) and U64(1))
    INTERNAL_TYPE_ERROR = 2009,
    /// event key mismatch
    EVENT_KEY_MISMATCH = 2010,
    /// code thought unreachable
    UNREACHABLE = 2011,
    /// VM could not start
    VM_STARTUP_FAILURE = 2012,
    /// framework function failed unexpectedly
    UNEXPECTED_ERROR_FROM_KNOWN_MOVE_FUNCTION = 2015,
    /// verifier internal error
    VERIFIER_INVARIANT_VIOLATION = 2016,
    /// stored code failed verification at load
    UNEXPECTED_VERIFIER_ERROR = 2017,
    /// stored code failed deserialization at load
    UNEXPECTED_DESERIALIZATION_ERROR = 2018,
    /// write set serialization failed
    FAILED_TO_SERIALIZE_WRITE_SET_CHANGES = 2019,
    /// stored resource bytes unreadable
    FAILED_TO_DESERIALIZE_RESOURCE = 2020,
    /// type tag could not be loaded (sub-status 1: user-provided type)
    TYPE_RESOLUTION_FAILURE = 2021,
    /// native registered twice
    DUPLICATE_NATIVE_FUNCTION = 2022,
    /// delayed-field/parallel-execution invariant
    DELAYED_FIELD_OR_BLOCKSTM_CODE_INVARIANT_ERROR = 2023,
    /// speculative execution must restart
    SPECULATIVE_EXECUTION_ABORT_ERROR = 2024,
    /// access-control invariant
    ACCESS_CONTROL_INVARIANT_VIOLATION = 2025,
    /// reserved
    RESERVED_INVARIANT_VIOLATION_ERROR_1 = 2026,
    /// reserved
    RESERVED_INVARIANT_VIOLATION_ERROR_2 = 2027,
    /// reserved
    RESERVED_INVARIANT_VIOLATION_ERROR_3 = 2028,
    /// reserved
    RESERVED_INVARIANT_VIOLATION_ERROR_4 = 2039,
    /// reserved
    RESERVED_INVARIANT_VIOLATION_ERROR_5 = 2040,
    /// unspecified binary format error
    UNKNOWN_BINARY_ERROR = 3000,
    /// binary is malformed
    MALFORMED = 3001,
    /// wrong magic bytes
    BAD_MAGIC = 3002,
    /// unsupported bytecode version
    UNKNOWN_VERSION = 3003,
    /// unknown table kind
    UNKNOWN_TABLE_TYPE = 3004,
    /// unknown signature kind
    UNKNOWN_SIGNATURE_TYPE = 3005,
    /// unknown type tag byte
    UNKNOWN_SERIALIZED_TYPE = 3006,
    /// unknown opcode byte
    UNKNOWN_OPCODE = 3007,
    /// table headers inconsistent
    BAD_HEADER_TABLE = 3008,
    /// signature kind not expected here
    UNEXPECTED_SIGNATURE_TYPE = 3009,
    /// table appears twice
    DUPLICATE_TABLE = 3010,
    /// unknown ability bits
    UNKNOWN_ABILITY = 3013,
    /// unknown struct field-info flag
    UNKNOWN_NATIVE_STRUCT_FLAG = 3014,
    /// bad u16 encoding
    BAD_U16 = 3017,
    /// bad u32 encoding
    BAD_U32 = 3018,
    /// bad u64 encoding
    BAD_U64 = 3019,
    /// bad u128 encoding
    BAD_U128 = 3020,
    /// bad u256 encoding
    BAD_U256 = 3021,
    /// value could not be serialized
    VALUE_SERIALIZATION_ERROR = 3022,
    /// value could not be deserialized
    VALUE_DESERIALIZATION_ERROR = 3023,
    /// code unit unreadable
    CODE_DESERIALIZATION_ERROR = 3024,
    /// invalid flag bits
    INVALID_FLAG_BITS = 3025,
    /// (internal)
    _UNABLE_TO_CAPTURE_OPTION_TYPE = 3026,
    /// reserved (sic spelling)
    RESERVED_DESERIALIZAION_ERROR_1 = 3027,
    /// reserved
    RESERVED_DESERIALIZAION_ERROR_2 = 3028,
    /// reserved
    RESERVED_DESERIALIZAION_ERROR_3 = 3029,
    /// reserved
    RESERVED_DESERIALIZAION_ERROR_4 = 3030,
    /// reserved
    RESERVED_DESERIALIZAION_ERROR_5 = 3031,
    /// unspecified runtime failure
    UNKNOWN_RUNTIME_STATUS = 4000,
    /// success (never an error)
    EXECUTED = 4001,
    /// gas budget exhausted
    OUT_OF_GAS = 4002,
    /// resource missing (storage API)
    RESOURCE_DOES_NOT_EXIST = 4003,
    /// move_to onto an address that already holds the resource
    RESOURCE_ALREADY_EXISTS = 4004,
    /// borrow_global/move_from of a resource that does not exist
    MISSING_DATA = 4008,
    /// stored data has the wrong format
    DATA_FORMAT_ERROR = 4009,
    /// abort/abort_msg executed, or a native aborted; sub_status = abort code
    ABORTED = 4016,
    /// overflow, division/remainder by zero, bad shift amount, lossy cast, negation overflow
    ARITHMETIC_ERROR = 4017,
    /// vector index out of bounds (sub 1), pop from empty (sub 2), vec_unpack length mismatch (sub 3)
    VECTOR_OPERATION_ERROR = 4018,
    /// operand stack would exceed 1024 values
    EXECUTION_STACK_OVERFLOW = 4020,
    /// call depth would exceed 1024 frames
    CALL_STACK_OVERFLOW = 4021,
    /// runtime type deeper than the limit (20 in the tests)
    VM_MAX_TYPE_DEPTH_REACHED = 4024,
    /// value/layout nesting deeper than 128
    VM_MAX_VALUE_DEPTH_REACHED = 4025,
    /// native extension failure
    VM_EXTENSION_ERROR = 4026,
    /// too many storage writes
    STORAGE_WRITE_LIMIT_REACHED = 4027,
    /// memory quota exceeded
    MEMORY_LIMIT_EXCEEDED = 4028,
    /// too many type nodes at runtime
    VM_MAX_TYPE_NODES_REACHED = 4029,
    /// execution limit reached
    EXECUTION_LIMIT_REACHED = 4030,
    /// I/O limit reached
    IO_LIMIT_REACHED = 4031,
    /// storage limit reached
    STORAGE_LIMIT_REACHED = 4032,
    /// type tag too large
    TYPE_TAG_LIMIT_EXCEEDED = 4033,
    /// resource access denied by access specifiers
    ACCESS_DENIED = 4034,
    /// access-control stack deeper than 256
    ACCESS_STACK_LIMIT_EXCEEDED = 4035,
    /// too many aggregators/delayed fields
    TOO_MANY_DELAYED_FIELDS = 4036,
    /// re-entrancy violation (resource of a module that is active further up the stack), bad dynamic dispatch
    RUNTIME_DISPATCH_ERROR = 4037,
    /// unpack_variant/borrow_variant_field on a value of another variant
    STRUCT_VARIANT_MISMATCH = 4038,
    /// feature not implemented
    UNIMPLEMENTED_FUNCTIONALITY = 4039,
    /// cyclic dependency found while loading lazily
    RUNTIME_CYCLIC_MODULE_DEPENDENCY = 4040,
    /// delayed fields cannot be captured
    UNABLE_TO_CAPTURE_DELAYED_FIELDS = 4041,
    /// abort_msg message is not valid UTF-8
    INVALID_ABORT_MESSAGE = 4042,
    /// abort_msg message longer than 1024 bytes
    ABORT_MESSAGE_LIMIT_EXCEEDED = 4043,
    /// reserved
    RESERVED_RUNTIME_ERROR_1 = 4044,
    /// reserved
    RESERVED_RUNTIME_ERROR_2 = 4045,
    /// reserved
    RESERVED_RUNTIME_ERROR_3 = 4046,
    /// sentinel, u64::MAX
    UNKNOWN_STATUS = 18446744073709551615,
}

impl StatusCode {
    /// Every status code, in ascending numeric order.
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

    /// The name as printed in test output, e.g. `ARITHMETIC_ERROR`.
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
        }
    }

    /// The Aptos number of this status.
    pub fn number(self) -> u64 {
        self as u64
    }

    /// The status with the given Aptos number, if any.
    pub fn from_number(number: u64) -> Option<StatusCode> {
        Self::ALL
            .binary_search_by_key(&number, |s| *s as u64)
            .ok()
            .map(|i| Self::ALL[i])
    }

    /// The status with the given name, if any.
    pub fn from_name(name: &str) -> Option<StatusCode> {
        Self::ALL.iter().copied().find(|s| s.name() == name)
    }

    /// The category this status belongs to.
    pub fn category(self) -> StatusCategory {
        match self as u64 {
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
        for pair in StatusCode::ALL.windows(2) {
            assert!(pair[0].number() < pair[1].number());
        }
        for s in StatusCode::ALL {
            assert_eq!(StatusCode::from_number(s.number()), Some(*s));
            assert_eq!(StatusCode::from_name(s.name()), Some(*s));
        }
        assert_eq!(StatusCode::ALL.len(), 275);
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
}
