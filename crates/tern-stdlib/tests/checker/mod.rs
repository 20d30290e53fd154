//! A small, test-only checker for the library bodies: operand types, stack balance at block
//! boundaries, local availability and drop rules at `ret`. It understands exactly the
//! instructions the library uses and stands in for the bytecode verifier until Tern's is
//! ready; it does not check reference safety.

#![allow(clippy::panic, clippy::expect_used)]

mod ops;

use std::collections::BTreeSet;
use tern_binary::{Bytecode, CompiledModule, SignatureToken as Tok};
use tern_primitives::{Ability, AbilitySet};

/// The abstract state before an instruction.
#[derive(Clone, PartialEq, Debug)]
pub(crate) struct State {
    pub(crate) stack: Vec<Tok>,
    pub(crate) available: Vec<Avail>,
}

/// Whether a local holds a value.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Avail {
    No,
    Yes,
    Maybe,
}

/// One function being checked.
pub(crate) struct Function<'a> {
    pub(crate) module: &'a CompiledModule,
    pub(crate) locals: Vec<Tok>,
    pub(crate) returns: Vec<Tok>,
    pub(crate) type_params: Vec<AbilitySet>,
    pub(crate) code: &'a [Bytecode],
}

/// Checks function definition `index` of `module`; returns a description of the first
/// problem found.
pub(crate) fn check_function(module: &CompiledModule, index: usize) -> Result<(), String> {
    let def = &module.function_defs[index];
    let Some(unit) = &def.code else {
        return Ok(());
    };
    let handle = &module.function_handles[def.function.idx()];
    let params = module.signatures[handle.parameters.idx()].0.clone();
    let mut locals = params.clone();
    locals.extend(module.signatures[unit.locals.idx()].0.iter().cloned());
    let f = Function {
        module,
        returns: module.signatures[handle.return_.idx()].0.clone(),
        type_params: handle.type_parameters.clone(),
        code: &unit.code,
        locals,
    };
    let mut available = vec![Avail::No; f.locals.len()];
    available
        .iter_mut()
        .take(params.len())
        .for_each(|a| *a = Avail::Yes);
    f.run(State {
        stack: vec![],
        available,
    })
}

impl Function<'_> {
    fn run(&self, entry: State) -> Result<(), String> {
        let targets = self.branch_targets()?;
        let mut states: Vec<Option<State>> = vec![None; self.code.len()];
        states[0] = Some(entry);
        let mut work = vec![0usize];
        while let Some(pc) = work.pop() {
            let state = states[pc].clone().expect("queued states exist");
            let (after, successors) = self
                .step(pc, state)
                .map_err(|e| format!("pc {pc} ({:?}): {e}", self.code[pc]))?;
            for next in successors {
                if next >= self.code.len() {
                    return Err(format!("pc {pc}: falls off the end"));
                }
                if targets.contains(&next) && !after.stack.is_empty() {
                    return Err(format!("pc {pc}: stack not empty at block end"));
                }
                let merged = match &states[next] {
                    None => after.clone(),
                    Some(old) => join(old, &after).map_err(|e| format!("pc {next}: {e}"))?,
                };
                if states[next].as_ref() != Some(&merged) {
                    states[next] = Some(merged);
                    work.push(next);
                }
            }
        }
        Ok(())
    }

    fn branch_targets(&self) -> Result<BTreeSet<usize>, String> {
        let mut targets = BTreeSet::new();
        for op in self.code {
            if let Bytecode::BrTrue(t) | Bytecode::BrFalse(t) | Bytecode::Branch(t) = op {
                targets.insert(usize::from(*t));
            }
        }
        Ok(targets)
    }

    /// Applies the instruction at `pc`; returns the state after it and the successor pcs.
    fn step(&self, pc: usize, mut s: State) -> Result<(State, Vec<usize>), String> {
        let next = vec![pc + 1];
        match &self.code[pc] {
            Bytecode::Ret => {
                let values = std::mem::take(&mut s.stack);
                expect_eq(&values, &self.returns, "returned values")?;
                for (i, local) in self.locals.iter().enumerate() {
                    let held = s.available[i] != Avail::No;
                    if held && !self.abilities(local).has(Ability::Drop) {
                        return Err(format!("local {i} still holds a value without drop"));
                    }
                }
                Ok((s, vec![]))
            }
            Bytecode::Abort => {
                self.pop_exact(&mut s, &Tok::U64)?;
                s.stack.clear();
                Ok((s, vec![]))
            }
            Bytecode::Branch(t) => self.branch(s, vec![usize::from(*t)]),
            Bytecode::BrTrue(t) | Bytecode::BrFalse(t) => {
                self.pop_exact(&mut s, &Tok::Bool)?;
                self.branch(s, vec![pc + 1, usize::from(*t)])
            }
            op => {
                self.apply(op, &mut s)?;
                Ok((s, next))
            }
        }
    }

    fn branch(&self, s: State, successors: Vec<usize>) -> Result<(State, Vec<usize>), String> {
        if !s.stack.is_empty() {
            return Err("stack not empty at a branch".into());
        }
        Ok((s, successors))
    }

    pub(crate) fn pop(&self, s: &mut State) -> Result<Tok, String> {
        s.stack.pop().ok_or_else(|| "stack underflow".to_string())
    }

    pub(crate) fn pop_exact(&self, s: &mut State, want: &Tok) -> Result<(), String> {
        let got = self.pop(s)?;
        expect_eq(&[got], std::slice::from_ref(want), "operand")
    }

    /// The abilities of a type in this function.
    pub(crate) fn abilities(&self, tok: &Tok) -> AbilitySet {
        match tok {
            Tok::Signer => AbilitySet::SIGNER,
            Tok::Reference(_) | Tok::MutableReference(_) => AbilitySet::REFERENCES,
            Tok::Vector(inner) => AbilitySet::VECTOR.intersect(self.abilities(inner)),
            Tok::TypeParameter(i) => self.type_params[usize::from(*i)],
            Tok::Struct(h) => self.module.struct_handles[h.idx()].abilities,
            Tok::StructInstantiation(h, args) => {
                let handle = &self.module.struct_handles[h.idx()];
                let mut set = handle.abilities;
                for (param, arg) in handle.type_parameters.iter().zip(args) {
                    if param.is_phantom {
                        continue;
                    }
                    let arg = self.abilities(arg);
                    for a in handle.abilities.iter() {
                        if !arg.has(a.requires()) {
                            set = set.without(a);
                        }
                    }
                }
                set
            }
            _ => AbilitySet::PRIMITIVES,
        }
    }
}

fn join(a: &State, b: &State) -> Result<State, String> {
    if a.stack != b.stack {
        return Err("stacks differ at a join".into());
    }
    let available = a
        .available
        .iter()
        .zip(&b.available)
        .map(|(x, y)| if x == y { *x } else { Avail::Maybe })
        .collect();
    Ok(State {
        stack: a.stack.clone(),
        available,
    })
}

pub(crate) fn expect_eq(got: &[Tok], want: &[Tok], what: &str) -> Result<(), String> {
    if got != want {
        return Err(format!("{what}: expected {want:?}, found {got:?}"));
    }
    Ok(())
}
