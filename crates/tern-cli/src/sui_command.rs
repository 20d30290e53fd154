//! `tern sui`: publish Sui packages on an in-memory chain with Sui's framework and run Move
//! calls against it, printing each transaction's results, effects and events.

use crate::output::outln;
use crate::sui_args::{self, Names, ObjectLookup};
use anyhow::{anyhow, bail, Context, Result};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use tern_primitives::AccountAddress;
use tern_sui::{MoveCall, ObjectId, SuiChain, TransactionEffects};

/// Arguments of `tern sui`.
#[derive(clap::Args, Debug)]
pub(crate) struct SuiArgs {
    /// Publish a package before the calls: a folder of its modules (`.mv`, compiled at
    /// address 0x0), or one `.masm` module (assembled against the packages the chain has).
    /// `NAME=PATH` names the package for calls and types (default: the file or folder name).
    #[arg(long = "publish", value_name = "[NAME=]PATH")]
    publish: Vec<String>,
    /// A folder of published packages in the corpus format (`manifest.json` and
    /// `packages/<id>/*.mv`, as `corpus/sui-mainnet`): a call or type argument naming one of
    /// its packages installs it with its dependencies first.
    #[arg(long, value_name = "DIR")]
    corpus: Option<PathBuf>,
    /// A call to run, as a transaction of its own, in order:
    /// `PACKAGE::module::function<T, ..>(arg, ..)`. Arguments: numbers, `true`/`false`,
    /// `"text"`, `x"hex"`, `[a, b]`, `none`/`some(x)`, addresses (`0x..`, `sender`, a package
    /// name) and objects (`@0x..` by id, `@Type` for the newest object of that type).
    #[arg(long = "call", value_name = "CALL")]
    calls: Vec<String>,
    /// The sender of every transaction.
    #[arg(long, default_value = "0xa11ce")]
    sender: String,
    /// Gas budget of each transaction (MIST).
    #[arg(long)]
    gas_budget: Option<u64>,
    /// Also print the value of every object each transaction wrote.
    #[arg(long)]
    show_objects: bool,
    /// Print the transactions as one JSON document instead of text.
    #[arg(long)]
    json: bool,
}

/// Runs `tern sui`: fails with the first transaction that fails (after printing it).
pub(crate) fn sui(args: &SuiArgs) -> Result<ExitCode> {
    let mut chain = SuiChain::with_framework().context("Sui's framework does not install")?;
    let mut names = Names::new();
    let sender = sui_args::parse_address(&args.sender, &names).map_err(|e| anyhow!(e))?;
    names.insert("sender".to_string(), sender);
    let corpus = args
        .corpus
        .as_deref()
        .map(tern_sui::load_manifest)
        .transpose()?;
    let mut report = Report::new(args.json);
    let mut created: Vec<ObjectId> = Vec::new();
    let tx = || {
        let tx = tern_sui::Transaction::new(sender);
        match args.gas_budget {
            Some(budget) => tx.with_budget(budget),
            None => tx,
        }
    };
    for spec in &args.publish {
        let (name, dir) = match spec.split_once('=') {
            Some((name, dir)) => (name.to_string(), PathBuf::from(dir)),
            None => {
                let dir = PathBuf::from(spec);
                let name = dir
                    .file_stem()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_else(|| spec.clone());
                (name, dir)
            }
        };
        let modules = if dir.extension().is_some_and(|x| x == "masm") {
            vec![assemble(&chain, &dir)?]
        } else {
            read_modules(&dir)?
        };
        let deps = dependencies(&chain, &modules)?;
        let title = format!("publish {name} ({})", dir.display());
        match chain.publish(&tx(), &modules, &deps) {
            Ok(effects) => {
                if let Some(id) = effects.published {
                    names.insert(name, id);
                }
                created.extend(effects.created.iter().map(|c| c.id));
                report.effects(&chain, &title, &effects, args.show_objects)?;
            }
            Err(err) => return report.failed(&title, &err.to_string()),
        }
    }
    for text in &args.calls {
        let call = match build_call(&mut chain, corpus.as_ref(), text, &names, &created) {
            Ok(call) => call,
            Err(err) => return report.failed(text, &format!("{err:#}")),
        };
        match chain.call(&tx(), &call) {
            Ok(effects) => {
                created.extend(effects.created.iter().map(|c| c.id));
                report.effects(&chain, text, &effects, args.show_objects)?;
            }
            Err(err) => return report.failed(text, &err.to_string()),
        }
    }
    report.finish()?;
    Ok(ExitCode::SUCCESS)
}

/// The call `text` means: its target, type arguments and arguments typed by the function's
/// parameters. Corpus packages it names are installed first.
fn build_call(
    chain: &mut SuiChain,
    corpus: Option<&tern_sui::CorpusManifest>,
    text: &str,
    names: &Names,
    created: &[ObjectId],
) -> Result<MoveCall> {
    let parsed = sui_args::parse_call(text, names).map_err(|e| anyhow!(e))?;
    if let Some(corpus) = corpus {
        let mut named = vec![parsed.package];
        for tag in &parsed.type_args {
            tag_addresses(tag, &mut named);
        }
        for id in named {
            if chain.package(&id).is_none() && corpus.entry(id).is_some() {
                corpus.install_with_dependencies(chain, id)?;
            }
        }
    }
    let chain = &*chain;
    let parameters = chain
        .parameter_types(
            parsed.package,
            &parsed.module,
            &parsed.function,
            &parsed.type_args,
        )
        .map_err(|e| anyhow!("{e}"))?;
    if parameters.len() != parsed.args.len() {
        bail!(
            "{}::{} takes {} arguments ({}), {} given",
            parsed.module,
            parsed.function,
            parameters.len(),
            parameters
                .iter()
                .map(|(t, _)| t.to_string())
                .collect::<Vec<_>>()
                .join(", "),
            parsed.args.len()
        );
    }
    let lookup = ChainObjects { chain, created };
    let mut call = MoveCall::new(parsed.package, &parsed.module, &parsed.function);
    call.type_args = parsed.type_args.clone();
    for (i, (arg, (ty, _))) in parsed.args.iter().zip(&parameters).enumerate() {
        let arg = sui_args::call_arg(arg, ty, names, &lookup)
            .map_err(|e| anyhow!("argument {i} ({ty}): {e}"))?;
        call = call.arg(arg);
    }
    Ok(call)
}

/// The addresses of the structs in `tag`.
fn tag_addresses(tag: &tern_primitives::TypeTag, out: &mut Vec<AccountAddress>) {
    match tag {
        tern_primitives::TypeTag::Vector(inner) => tag_addresses(inner, out),
        tern_primitives::TypeTag::Struct(s) => {
            out.push(s.address);
            for t in &s.type_args {
                tag_addresses(t, out);
            }
        }
        _ => {}
    }
}

/// `@Type` arguments: the newest object of the type among those this run created, else the
/// only one in the store.
struct ChainObjects<'a> {
    chain: &'a SuiChain,
    created: &'a [ObjectId],
}

impl ObjectLookup for ChainObjects<'_> {
    fn object_named(&self, name: &str) -> Result<ObjectId, String> {
        let matches = |id: &ObjectId| {
            self.chain.object(id).is_some_and(|o| {
                let t = &o.type_;
                let short = format!("{}::{}", t.module, t.name);
                let full = format!("{}::{short}", t.address.to_hex_literal());
                t.name.as_str() == name || short == name || full == name
            })
        };
        if let Some(id) = self.created.iter().rev().find(|id| matches(id)) {
            return Ok(*id);
        }
        let found: Vec<ObjectId> = self
            .chain
            .objects()
            .iter()
            .map(|o| o.id)
            .filter(|id| matches(id))
            .collect();
        match found[..] {
            [id] => Ok(id),
            [] => Err(format!("no object of type `{name}`")),
            _ => Err(format!(
                "{} objects of type `{name}`: name one by id",
                found.len()
            )),
        }
    }
}

/// The `.mv` files of `dir`, by file name.
fn read_modules(dir: &Path) -> Result<Vec<Vec<u8>>> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .with_context(|| format!("{}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "mv"))
        .collect();
    files.sort();
    if files.is_empty() {
        bail!("{}: no .mv files", dir.display());
    }
    files.iter().map(|p| crate::input::read_bytes(p)).collect()
}

/// The module of the `.masm` file `path`, assembled as Sui bytecode v7 against the newest
/// version of every package on the chain.
fn assemble(chain: &SuiChain, path: &Path) -> Result<Vec<u8>> {
    let source = crate::input::read_text(path)?;
    let mut newest: Vec<&std::sync::Arc<tern_sui::Package>> = Vec::new();
    for package in chain.packages().iter() {
        match newest
            .iter_mut()
            .find(|p| p.original_id == package.original_id)
        {
            Some(p) if p.version < package.version => *p = package,
            Some(_) => {}
            None => newest.push(package),
        }
    }
    let deps: Vec<&tern_binary::CompiledModule> = newest
        .iter()
        .flat_map(|p| p.modules.values().map(|(_, m)| m.as_ref()))
        .collect();
    let options = tern_asm::assembler::AsmOptions { version: 7 };
    match tern_asm::assembler::assemble(&source, &deps, &options)
        .map_err(|e| anyhow!("{}: {e}", path.display()))?
    {
        tern_asm::assembler::CompiledUnit::Module(m) => m
            .serialize()
            .map_err(|e| anyhow!("{}: {e}", path.display())),
        tern_asm::assembler::CompiledUnit::Script(_) => {
            bail!("{}: a script; Sui publishes modules", path.display())
        }
    }
}

/// The packages a publish of `modules` depends on: those they import (newest versions) and
/// everything those link to.
fn dependencies(chain: &SuiChain, modules: &[Vec<u8>]) -> Result<Vec<ObjectId>> {
    let config = tern_binary::DeserializerConfig::sui();
    let mut direct = Vec::new();
    for (i, bytes) in modules.iter().enumerate() {
        let module = tern_binary::CompiledModule::deserialize_with_config(bytes, &config)
            .with_context(|| format!("module {i}"))?;
        for dep in module.immediate_dependencies() {
            if dep.address == AccountAddress::ZERO || direct.contains(&dep.address) {
                continue;
            }
            let newest = chain
                .packages()
                .iter()
                .filter(|p| p.id == dep.address || p.original_id == dep.address)
                .max_by_key(|p| p.version)
                .ok_or_else(|| {
                    anyhow!(
                        "module {i} imports {}, a package the chain does not have",
                        dep.address.to_hex_literal()
                    )
                })?;
            direct.push(newest.id);
        }
    }
    Ok(chain.dependency_closure(&direct))
}

/// Prints transactions as text as they run, or collects them into one JSON document.
struct Report {
    json: Option<Vec<serde_json::Value>>,
}

impl Report {
    fn new(json: bool) -> Report {
        Report {
            json: json.then(Vec::new),
        }
    }

    fn effects(
        &mut self,
        chain: &SuiChain,
        title: &str,
        effects: &TransactionEffects,
        show_objects: bool,
    ) -> Result<()> {
        let values: Vec<Option<String>> = effects
            .return_values
            .iter()
            .map(|(tag, bytes)| chain.render_value(tag, bytes))
            .collect();
        let events: Vec<Option<String>> = effects
            .events
            .iter()
            .map(|e| {
                let tag = tern_primitives::TypeTag::Struct(Box::new(e.type_.clone()));
                chain.render_value(&tag, &e.contents)
            })
            .collect();
        let objects: Vec<(ObjectId, Option<String>)> = if show_objects {
            effects
                .written()
                .map(|c| (c.id, chain.render_object(&c.id)))
                .collect()
        } else {
            Vec::new()
        };
        if let Some(list) = &mut self.json {
            let mut value: serde_json::Value = serde_json::from_str(&effects.to_json())
                .context("the effects' JSON does not parse")?;
            value["title"] = title.into();
            value["return_values_shown"] = values.into();
            value["events_shown"] = events.into();
            if show_objects {
                let map: serde_json::Map<String, serde_json::Value> = objects
                    .into_iter()
                    .map(|(id, v)| (id.to_hex_literal(), v.into()))
                    .collect();
                value["objects_shown"] = map.into();
            }
            list.push(value);
            return Ok(());
        }
        outln!("{title}")?;
        // The effects' own event and return lines show BCS; the rendered values follow.
        for line in effects.to_string().lines() {
            if !line.starts_with("event: ") && !line.starts_with("return: ") {
                outln!("  {line}")?;
            }
        }
        for (value, (tag, _)) in values.iter().zip(&effects.return_values) {
            outln!("  returned {tag}: {}", value.as_deref().unwrap_or("?"))?;
        }
        for (value, event) in events.iter().zip(&effects.events) {
            outln!(
                "  event {}: {}",
                event.type_,
                value.as_deref().unwrap_or("?")
            )?;
        }
        for (id, value) in objects {
            outln!(
                "  object {}: {}",
                id.to_hex_literal(),
                value.as_deref().unwrap_or("?")
            )?;
        }
        Ok(())
    }

    /// Reports the failed transaction `title` and ends the run with failure.
    fn failed(mut self, title: &str, error: &str) -> Result<ExitCode> {
        if let Some(list) = &mut self.json {
            list.push(serde_json::json!({ "title": title, "error": error }));
            self.finish()?;
        } else {
            outln!("{title}")?;
            outln!("  failed: {error}")?;
        }
        Ok(ExitCode::FAILURE)
    }

    fn finish(self) -> Result<()> {
        if let Some(list) = self.json {
            let text = serde_json::to_string_pretty(&serde_json::Value::Array(list))
                .context("JSON output")?;
            outln!("{text}")?;
        }
        Ok(())
    }
}
