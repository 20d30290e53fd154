//! The verifier's limits and feature switches.

/// Limits and features of the verifier. `Default` gives the peer's production values, which its
/// conformance tests run with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VerifierConfig {
    /// Deepest loop nesting (`LOOP_MAX_DEPTH_REACHED`).
    pub max_loop_depth: Option<usize>,
    /// Most parameters of a function handle or function type (`TOO_MANY_PARAMETERS`).
    pub max_function_parameters: Option<usize>,
    /// Most return values of a function handle or function type (`TOO_MANY_PARAMETERS`).
    pub max_function_return_values: Option<usize>,
    /// Most type parameters of a struct or function handle (`TOO_MANY_TYPE_PARAMETERS`).
    pub max_generic_instantiation_length: Option<usize>,
    /// Most basic blocks in a function (`TOO_MANY_BASIC_BLOCKS`).
    pub max_basic_blocks: Option<usize>,
    /// Most basic blocks in a script (`TOO_MANY_BASIC_BLOCKS`).
    pub max_basic_blocks_in_script: Option<usize>,
    /// Highest operand stack a basic block may build (`VALUE_STACK_OVERFLOW`).
    pub max_value_stack_size: usize,
    /// Largest signature size, counting structs and type parameters as 4 and other tokens as 1
    /// (`TOO_MANY_TYPE_NODES`).
    pub max_type_nodes: Option<usize>,
    /// Deepest type in a signature, the outermost token being depth 1 (`TOO_MANY_TYPE_NODES`).
    pub max_type_depth: Option<usize>,
    /// Most values pushed by one basic block (`VALUE_STACK_PUSH_OVERFLOW`).
    pub max_push_size: Option<usize>,
    /// Most struct definitions (`MAX_STRUCT_DEFINITIONS_REACHED`).
    pub max_struct_definitions: Option<usize>,
    /// Most variants of an enum (`MAX_STRUCT_VARIANTS_REACHED`).
    pub max_struct_variants: Option<usize>,
    /// Most fields of a struct or of one variant (`MAX_FIELD_DEFINITIONS_REACHED`).
    pub max_fields_in_struct: Option<usize>,
    /// Most function definitions (`MAX_FUNCTION_DEFINITIONS_REACHED`).
    pub max_function_definitions: Option<usize>,
    /// Most loop back edges in a function (`TOO_MANY_BACK_EDGES`).
    pub max_back_edges_per_function: Option<usize>,
    /// Most loop back edges in a module (`TOO_MANY_BACK_EDGES`).
    pub max_back_edges_per_module: Option<usize>,
    /// Metering budget of one function's analysis (reported as `CONSTRAINT_NOT_SATISFIED`, like
    /// the peer).
    pub max_per_fun_meter_units: Option<u128>,
    /// Metering budget of a whole module. The peer bounds the module scope with the per-function
    /// budget; this field is kept for completeness and follows the same value.
    pub max_per_mod_meter_units: Option<u128>,
    /// Whether the signature checker also checks the types inside function types.
    pub sig_checker_v2_fix_function_signatures: bool,
    /// Whether the type-parameter count of a script includes `main`'s own type parameters.
    pub sig_checker_v2_fix_script_ty_param_count: bool,
    /// Whether enums are allowed (`FEATURE_NOT_ENABLED` otherwise).
    pub enable_enum_types: bool,
    /// Whether access specifiers are allowed (`FEATURE_NOT_ENABLED` otherwise).
    pub enable_resource_access_control: bool,
    /// Whether function values (closures, function types, attributes) are allowed.
    pub enable_function_values: bool,
    /// The limits and switches used for Sui modules.
    pub sui: SuiVerifierConfig,
}

/// Sui's verifier limits and switches. `Default` gives the values Sui mainnet runs publishes
/// with at execution (protocol version 130, no signing-time limits, unmetered).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SuiVerifierConfig {
    /// Deepest loop nesting (`LOOP_MAX_DEPTH_REACHED`).
    pub max_loop_depth: Option<usize>,
    /// Most parameters of a function handle (`TOO_MANY_PARAMETERS`).
    pub max_function_parameters: Option<usize>,
    /// Most type parameters of a datatype or function handle (`TOO_MANY_TYPE_PARAMETERS`).
    pub max_generic_instantiation_length: Option<usize>,
    /// Most basic blocks in a function (`TOO_MANY_BASIC_BLOCKS`).
    pub max_basic_blocks: Option<usize>,
    /// Highest operand stack a basic block may build (`VALUE_STACK_OVERFLOW`).
    pub max_value_stack_size: usize,
    /// Largest type, counting datatypes and type parameters as 4 and other tokens as 1
    /// (`TOO_MANY_TYPE_NODES`).
    pub max_type_nodes: Option<usize>,
    /// Most type nodes of the instantiations one function uses (`TOO_MANY_TYPE_NODES`).
    pub max_generic_instantiation_type_nodes_per_function: Option<usize>,
    /// Most type nodes of the instantiations one module uses (`TOO_MANY_TYPE_NODES`).
    pub max_generic_instantiation_type_nodes_per_module: Option<usize>,
    /// Most values pushed by one basic block (`VALUE_STACK_PUSH_OVERFLOW`).
    pub max_push_size: Option<usize>,
    /// Deepest dependency chain (`MAX_DEPENDENCY_DEPTH_REACHED`).
    pub max_dependency_depth: Option<usize>,
    /// Most struct and enum definitions (`MAX_STRUCT_DEFINITIONS_REACHED`).
    pub max_data_definitions: Option<usize>,
    /// Most fields of a struct, or of all the variants of an enum together
    /// (`MAX_FIELD_DEFINITIONS_REACHED`).
    pub max_fields_in_struct: Option<usize>,
    /// Most variants of an enum (`MAX_VARIANTS_REACHED`).
    pub max_variants_in_enum: Option<u64>,
    /// Most function definitions (`MAX_FUNCTION_DEFINITIONS_REACHED`).
    pub max_function_definitions: Option<usize>,
    /// Most elements of a vector constant (`TOO_MANY_VECTOR_ELEMENTS`).
    pub max_constant_vector_len: Option<u64>,
    /// Most loop back edges in a function (`TOO_MANY_BACK_EDGES`).
    pub max_back_edges_per_function: Option<usize>,
    /// Most loop back edges in a module (`TOO_MANY_BACK_EDGES`).
    pub max_back_edges_per_module: Option<usize>,
    /// Longest identifier in bytes (`IDENTIFIER_TOO_LONG`).
    pub max_identifier_len: Option<u64>,
    /// Whether the identifier `<SELF>` is refused (`INVALID_IDENTIFIER`).
    pub disallow_self_identifier: bool,
    /// Whether a jump table that no `variant_switch` uses is refused (`INVALID_ENUM_SWITCH`).
    pub disallow_jump_orphans: bool,
    /// Metering budget of one function's analysis (`None`: unmetered, as at execution).
    pub max_per_fun_meter_units: Option<u128>,
    /// Metering budget of one module's analysis.
    pub max_per_mod_meter_units: Option<u128>,
    /// Sui passes: whether `sui::transfer::Receiving` may hold an object id in an entry
    /// function's parameters.
    pub allow_receiving_object_id: bool,
    /// Sui passes: whether an entry function may take `&mut Random`.
    pub reject_mutable_random_on_entry_functions: bool,
    /// Sui passes: whether entry functions' parameter types are checked (off on Sui mainnet).
    pub disable_entry_point_signature_check: bool,
}

impl Default for SuiVerifierConfig {
    fn default() -> Self {
        SuiVerifierConfig::mainnet()
    }
}

impl SuiVerifierConfig {
    /// Sui mainnet at protocol version 130, as a publish is verified at execution.
    pub fn mainnet() -> SuiVerifierConfig {
        SuiVerifierConfig {
            max_loop_depth: Some(5),
            max_function_parameters: Some(128),
            max_generic_instantiation_length: Some(32),
            max_basic_blocks: Some(1024),
            max_value_stack_size: 1024,
            max_type_nodes: Some(256),
            max_generic_instantiation_type_nodes_per_function: Some(10_000),
            max_generic_instantiation_type_nodes_per_module: Some(500_000),
            max_push_size: Some(10_000),
            max_dependency_depth: Some(100),
            max_data_definitions: Some(200),
            max_fields_in_struct: Some(32),
            max_variants_in_enum: Some(127),
            max_function_definitions: Some(1000),
            max_constant_vector_len: Some(262_144),
            max_back_edges_per_function: None,
            max_back_edges_per_module: None,
            max_identifier_len: Some(128),
            disallow_self_identifier: true,
            disallow_jump_orphans: true,
            max_per_fun_meter_units: None,
            max_per_mod_meter_units: None,
            allow_receiving_object_id: true,
            reject_mutable_random_on_entry_functions: true,
            disable_entry_point_signature_check: true,
        }
    }

    /// The mainnet values with the limits Sui adds when a validator signs a publish: back
    /// edges bounded (10,000 per function and per module) and the analyses metered
    /// (16,000,000 units per function and per module).
    pub fn mainnet_signing() -> SuiVerifierConfig {
        SuiVerifierConfig {
            max_back_edges_per_function: Some(10_000),
            max_back_edges_per_module: Some(10_000),
            max_per_fun_meter_units: Some(16_000_000),
            max_per_mod_meter_units: Some(16_000_000),
            ..SuiVerifierConfig::mainnet()
        }
    }

    /// The configuration the passes shared with the Aptos verifier read, with Sui's values.
    pub(crate) fn shared(&self) -> VerifierConfig {
        VerifierConfig {
            max_loop_depth: self.max_loop_depth,
            max_function_parameters: self.max_function_parameters,
            max_function_return_values: None,
            max_generic_instantiation_length: self.max_generic_instantiation_length,
            max_basic_blocks: self.max_basic_blocks,
            max_basic_blocks_in_script: None,
            max_value_stack_size: self.max_value_stack_size,
            max_type_nodes: self.max_type_nodes,
            max_type_depth: None,
            max_push_size: self.max_push_size,
            max_struct_definitions: self.max_data_definitions,
            max_struct_variants: None,
            max_fields_in_struct: self.max_fields_in_struct,
            max_function_definitions: self.max_function_definitions,
            max_back_edges_per_function: self.max_back_edges_per_function,
            max_back_edges_per_module: self.max_back_edges_per_module,
            max_per_fun_meter_units: self.max_per_fun_meter_units,
            max_per_mod_meter_units: self.max_per_mod_meter_units,
            sig_checker_v2_fix_function_signatures: true,
            sig_checker_v2_fix_script_ty_param_count: true,
            enable_enum_types: true,
            enable_resource_access_control: false,
            enable_function_values: false,
            sui: self.clone(),
        }
    }
}

impl Default for VerifierConfig {
    fn default() -> Self {
        VerifierConfig::production()
    }
}

impl VerifierConfig {
    /// The peer's production configuration (the one its transactional tests use).
    pub fn production() -> VerifierConfig {
        VerifierConfig {
            max_loop_depth: Some(5),
            max_function_parameters: Some(128),
            max_function_return_values: Some(128),
            max_generic_instantiation_length: Some(32),
            max_basic_blocks: Some(1024),
            max_basic_blocks_in_script: Some(1024),
            max_value_stack_size: 1024,
            max_type_nodes: Some(128),
            max_type_depth: Some(20),
            max_push_size: Some(10_000),
            max_struct_definitions: Some(200),
            max_struct_variants: Some(90),
            max_fields_in_struct: Some(30),
            max_function_definitions: Some(1000),
            max_back_edges_per_function: None,
            max_back_edges_per_module: None,
            max_per_fun_meter_units: Some(8_000_000),
            max_per_mod_meter_units: Some(8_000_000),
            sig_checker_v2_fix_function_signatures: true,
            sig_checker_v2_fix_script_ty_param_count: true,
            enable_enum_types: true,
            enable_resource_access_control: true,
            enable_function_values: true,
            sui: SuiVerifierConfig::mainnet(),
        }
    }

    /// No limits at all (metering off too); the passes still run.
    pub fn unbounded() -> VerifierConfig {
        VerifierConfig {
            max_loop_depth: None,
            max_function_parameters: None,
            max_function_return_values: None,
            max_generic_instantiation_length: None,
            max_basic_blocks: None,
            max_basic_blocks_in_script: None,
            max_value_stack_size: 1024,
            max_type_nodes: None,
            max_type_depth: None,
            max_push_size: None,
            max_struct_definitions: None,
            max_struct_variants: None,
            max_fields_in_struct: None,
            max_function_definitions: None,
            max_back_edges_per_function: None,
            max_back_edges_per_module: None,
            max_per_fun_meter_units: None,
            max_per_mod_meter_units: None,
            ..VerifierConfig::production()
        }
    }
}
