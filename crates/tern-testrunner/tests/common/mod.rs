//! Helpers shared by the integration tests: a recording mock adapter and the location of
//! `/work/shared`.

#![allow(dead_code, unreachable_pub)]

use std::collections::VecDeque;
use std::path::PathBuf;
use tern_binary::{CompiledModule, CompiledScript};
use tern_primitives::{AccountAddress, Identifier, ModuleId, StructTag, TypeTag, VmError};
use tern_testrunner::{ExecOutput, PublishOptions, RunOptions, TestAdapter};

/// The shared folder (`../shared` next to the workspace root), if present.
pub fn shared_dir() -> Option<PathBuf> {
    let mut dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    while !dir.join("crates").is_dir() {
        if !dir.pop() {
            return None;
        }
    }
    let shared = dir.parent()?.join("shared");
    shared.is_dir().then_some(shared)
}

/// The conformance folder, or `None` with a skip message.
pub fn conformance_dir(test: &str) -> Option<PathBuf> {
    let dir = shared_dir().map(|s| s.join("conformance").join("aptos"));
    match dir {
        Some(d) if d.is_dir() => Some(d),
        _ => {
            eprintln!("{test}: skipped, ../shared/conformance/aptos is absent");
            None
        }
    }
}

/// A VM stand-in: records every call and answers from queues of canned results (success when
/// a queue is empty). Published modules become context modules.
#[derive(Default)]
pub struct MockAdapter {
    pub modules: Vec<CompiledModule>,
    pub calls: Vec<String>,
    pub publish_results: VecDeque<Result<(), VmError>>,
    pub run_results: VecDeque<Result<ExecOutput, VmError>>,
    pub view_results: VecDeque<Option<String>>,
    pub failure_trace: Option<String>,
}

fn module_id(m: &CompiledModule) -> String {
    match (m.address(), m.name()) {
        (Some(a), Some(n)) => format!("0x{}::{n}", a.short_hex()),
        _ => "<invalid>".to_string(),
    }
}

fn hex(blobs: &[Vec<u8>]) -> String {
    let items: Vec<String> = blobs
        .iter()
        .map(|b| b.iter().map(|x| format!("{x:02x}")).collect())
        .collect();
    items.join(",")
}

fn types(tys: &[TypeTag]) -> String {
    let items: Vec<String> = tys.iter().map(ToString::to_string).collect();
    items.join(",")
}

impl TestAdapter for MockAdapter {
    fn context_modules(&self) -> Vec<&CompiledModule> {
        self.modules.iter().collect()
    }

    fn publish(
        &mut self,
        module: CompiledModule,
        bytes: Vec<u8>,
        opts: &PublishOptions,
    ) -> Result<(), VmError> {
        assert_eq!(bytes.get(..4), Some(&[0xA1, 0x1C, 0xEB, 0x0B][..]));
        assert_eq!(bytes.get(4), Some(&10), "serialized at version 10");
        let id = module_id(&module);
        self.calls.push(format!(
            "publish {id} friend={} layout={} all={}",
            opts.skip_check_friend_linking,
            opts.skip_check_struct_layout,
            opts.skip_check_struct_and_pub_function_linking
        ));
        let result = self.publish_results.pop_front().unwrap_or(Ok(()));
        if result.is_ok() {
            self.modules.retain(|m| module_id(m) != id);
            self.modules.push(module);
        }
        result
    }

    fn run_script(
        &mut self,
        _script: CompiledScript,
        bytes: Vec<u8>,
        args: Vec<Vec<u8>>,
        type_args: Vec<TypeTag>,
        opts: &RunOptions,
    ) -> Result<ExecOutput, VmError> {
        assert_eq!(bytes.get(4), Some(&10), "serialized at version 10");
        self.calls.push(format!(
            "script args=[{}] types=[{}] signers={} gas={:?} trace={}",
            hex(&args),
            types(&type_args),
            opts.signers_count,
            opts.gas_budget,
            opts.display_trace
        ));
        self.run_results
            .pop_front()
            .unwrap_or(Ok(ExecOutput::default()))
    }

    fn run_function(
        &mut self,
        module: &ModuleId,
        function: &Identifier,
        args: Vec<Vec<u8>>,
        type_args: Vec<TypeTag>,
        opts: &RunOptions,
    ) -> Result<ExecOutput, VmError> {
        self.calls.push(format!(
            "function {module}::{function} args=[{}] types=[{}] signers={} verbose={}",
            hex(&args),
            types(&type_args),
            opts.signers_count,
            opts.verbose
        ));
        self.run_results
            .pop_front()
            .unwrap_or(Ok(ExecOutput::default()))
    }

    fn view(
        &mut self,
        address: AccountAddress,
        resource: &StructTag,
    ) -> Result<Option<String>, VmError> {
        self.calls
            .push(format!("view 0x{} {resource}", address.short_hex()));
        Ok(self.view_results.pop_front().flatten())
    }

    fn take_failure_trace(&mut self) -> Option<String> {
        self.failure_trace.take()
    }
}
