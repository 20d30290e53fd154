use super::*;
use crate::adapter::PublishOptions;
use tern_binary::{AddressIdentifierIndex, CompiledScript, IdentifierIndex, ModuleHandle};
use tern_primitives::{AccountAddress, Identifier, ModuleId, StatusCode, StructTag, TypeTag};

/// A toolchain answering from fixed results.
struct FakeToolchain {
    unit: Result<Unit, String>,
    serialized: Result<Vec<u8>, String>,
    disassembly: Result<String, String>,
}

fn module() -> CompiledModule {
    CompiledModule {
        version: 9,
        module_handles: vec![ModuleHandle {
            address: AddressIdentifierIndex(0),
            name: IdentifierIndex(0),
        }],
        identifiers: vec![Identifier::new("M").unwrap()],
        address_identifiers: vec![AccountAddress::from_u64(0xc0ffee)],
        ..CompiledModule::default()
    }
}

impl Toolchain for FakeToolchain {
    fn assemble(&self, _: &str, _: &[&CompiledModule]) -> Result<Unit, String> {
        self.unit.clone()
    }
    fn serialize_module(&self, _: &CompiledModule) -> Result<Vec<u8>, String> {
        self.serialized.clone()
    }
    fn serialize_script(&self, _: &CompiledScript) -> Result<Vec<u8>, String> {
        self.serialized.clone()
    }
    fn disassemble_module(&self, _: &CompiledModule) -> Result<String, String> {
        self.disassembly.clone()
    }
    fn disassemble_script(&self, _: &CompiledScript) -> Result<String, String> {
        self.disassembly.clone()
    }
}

/// An adapter whose every call fails with the given status.
struct Failing(StatusCode);

impl TestAdapter for Failing {
    fn context_modules(&self) -> Vec<&CompiledModule> {
        Vec::new()
    }
    fn publish(
        &mut self,
        _: CompiledModule,
        _: Vec<u8>,
        _: &PublishOptions,
    ) -> Result<(), VmError> {
        Err(VmError::new(self.0))
    }
    fn run_script(
        &mut self,
        _: CompiledScript,
        _: Vec<u8>,
        _: Vec<Vec<u8>>,
        _: Vec<TypeTag>,
        _: &RunOptions,
    ) -> Result<ExecOutput, VmError> {
        Err(VmError::new(self.0))
    }
    fn run_function(
        &mut self,
        _: &ModuleId,
        _: &Identifier,
        _: Vec<Vec<u8>>,
        _: Vec<TypeTag>,
        _: &RunOptions,
    ) -> Result<ExecOutput, VmError> {
        Err(VmError::new(self.0))
    }
    fn view(&mut self, _: AccountAddress, _: &StructTag) -> Result<Option<String>, VmError> {
        Err(VmError::new(self.0))
    }
}

fn run(text: &str, toolchain: &FakeToolchain) -> String {
    let file = TestFile::parse(text).unwrap();
    run_test_file_with(&file, &mut Failing(StatusCode::LINKER_ERROR), toolchain)
}

#[test]
fn serializer_errors_are_printed_and_nothing_is_published() {
    let tc = FakeToolchain {
        unit: Ok(Unit::Module(module())),
        serialized: Err("value (256) cannot exceed (255)".into()),
        disassembly: Ok(String::new()),
    };
    assert_eq!(
        run("//# publish\nmodule 0x1::M\n", &tc),
        "processed 1 task\ntask 0 lines 1-2:  publish [module 0x1::M]\nError: value (256) cannot exceed (255)\n"
    );
}

#[test]
fn publish_errors_name_the_module_by_its_full_address() {
    let tc = FakeToolchain {
        unit: Ok(Unit::Module(module())),
        serialized: Ok(vec![]),
        disassembly: Ok("never printed\n".into()),
    };
    let out = run("//# publish --print-bytecode\nmodule 0xc0ffee::M\n", &tc);
    assert!(out.contains("Error: Unable to publish module '0000000000000000000000000000000000000000000000000000000000c0ffee::M'. Got VMError: {\n    major_status: LINKER_ERROR,\n"), "{out}");
    assert!(!out.contains("never printed"));
}

#[test]
fn script_bytecode_follows_the_error_and_view_errors_are_printed() {
    let tc = FakeToolchain {
        unit: Ok(Unit::Script(CompiledScript::default())),
        serialized: Ok(vec![]),
        disassembly: Ok("// Bytecode version v9\nscript\n".into()),
    };
    let out = run(
        "//# run --print-bytecode --verbose\nscript\n\n//# view --address 0x1 --resource 0x1::M::R\n",
        &tc,
    );
    assert_eq!(
        out,
        "processed 2 tasks
task 0 lines 1-2:  run --print-bytecode --verbose [script]
Error: Script execution failed with VMError: {
    message: None,
    major_status: LINKER_ERROR,
    sub_status: None,
    location: undefined,
    indices: [],
    offsets: [],
    exec_state: None,
}
== BEGIN Bytecode ==
// Bytecode version v9
script

== END Bytecode ==
task 1 lines 4-4:  view --address 0x1 --resource 0x1::M::R
Error: {
    major_status: LINKER_ERROR,
    sub_status: None,
    location: undefined,
    indices: [],
    offsets: [],
}
"
    );
}

#[test]
fn disassembler_failures_are_errors() {
    let tc = FakeToolchain {
        unit: Ok(Unit::Script(CompiledScript::default())),
        serialized: Ok(vec![]),
        disassembly: Err("Signature index 3 is out of bounds".into()),
    };
    let out = run("//# print-bytecode\nscript\n", &tc);
    assert!(
        out.ends_with("Error: Signature index 3 is out of bounds\n"),
        "{out}"
    );
}

#[test]
fn outputs_are_joined_per_line_kind() {
    let mut out = ExecOutput::default();
    assert_eq!(render_outputs(&out), "");
    out.return_values = vec!["1".into(), "{ 2 }".into()];
    assert_eq!(render_outputs(&out), "return values: 1, { 2 }");
    out.mutable_inputs = vec![(0, "112".into()), (2, "[120, 0, 122]".into())];
    assert_eq!(
        render_outputs(&out),
        "mutable inputs after call: local#0: 112, local#2: [120, 0, 122]\nreturn values: 1, { 2 }"
    );
    out.return_values.clear();
    assert_eq!(
        render_outputs(&out),
        "mutable inputs after call: local#0: 112, local#2: [120, 0, 122]"
    );
}
