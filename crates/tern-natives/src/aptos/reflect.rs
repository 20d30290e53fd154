//! `reflect::native_resolve<FuncType>(addr, module_name: &String, func_name: &String):
//! Result<FuncType, ReflectionError>`: a function value of the public function
//! `addr::module_name::func_name`, when its signature fits the function type `FuncType`
//! (its type arguments inferred from the match), as Aptos's function reflection resolves
//! one. Failures are `Err` values, in `ReflectionError`'s order: an invalid identifier (0),
//! no such module or function (1), a function that is not public (2), a signature that does
//! not fit or type arguments that break their constraints (3), type parameters the match
//! leaves open (4).

use super::{ref_arg, ret, ty_arg};
use crate::bad_args;
use std::sync::Arc;
use tern_primitives::{Identifier, ModuleId, StatusCode, VmError};
use tern_vm::loader::Function;
use tern_vm::natives::{NativeContext, NativeResult};
use tern_vm::types::{TypeId, TypeNode};
use tern_vm::values::{Closure, ClosureTarget, Container, Value};

/// `ReflectionError`'s variants.
const INVALID_IDENTIFIER: u16 = 0;
const FUNCTION_NOT_FOUND: u16 = 1;
const FUNCTION_NOT_ACCESSIBLE: u16 = 2;
const FUNCTION_INCOMPATIBLE_TYPE: u16 = 3;
const FUNCTION_NOT_INSTANTIATED: u16 = 4;

/// `Result`'s variants.
const RESULT_OK: u16 = 0;
const RESULT_ERR: u16 = 1;

/// `reflect::native_resolve`.
pub(super) fn native_resolve(
    ctx: &mut NativeContext<'_>,
    ty_args: &[TypeId],
    args: &[Value],
) -> Result<NativeResult, VmError> {
    ctx.charge_priced(&[("aptos_framework.reflect.resolve_base", 1)], 1);
    let expected = ty_arg(ty_args, 0)?;
    let Some(Value::Address(address)) = args.first() else {
        return Err(bad_args());
    };
    let module = crate::string_identifier(ctx, Value::Ref(ref_arg(args, 1)?))?;
    let function = crate::string_identifier(ctx, Value::Ref(ref_arg(args, 2)?))?;
    let result = match (module, function) {
        (Some(module), Some(function)) => {
            resolve(ctx, ModuleId::new(*address, module), &function, expected)?
        }
        _ => Err(INVALID_IDENTIFIER),
    };
    let value = match result {
        Ok(closure) => Container::Variant(RESULT_OK, vec![closure].into()),
        Err(code) => {
            let error = ctx.heap.alloc(Container::Variant(code, Box::new([])));
            Container::Variant(RESULT_ERR, vec![Value::Container(error)].into())
        }
    };
    ret(Value::Container(ctx.heap.alloc(value)))
}

/// The function value, or the `ReflectionError` variant.
fn resolve(
    ctx: &mut NativeContext<'_>,
    module: ModuleId,
    name: &Identifier,
    expected: TypeId,
) -> Result<Result<Value, u16>, VmError> {
    let function = match ctx.load_function(&module, name.as_str()) {
        Ok(f) => f,
        Err(e)
            if matches!(
                e.status(),
                StatusCode::FUNCTION_RESOLUTION_FAILURE | StatusCode::LINKER_ERROR
            ) =>
        {
            return Ok(Err(FUNCTION_NOT_FOUND))
        }
        Err(e) => return Err(e),
    };
    if !function.is_public() {
        return Ok(Err(FUNCTION_NOT_ACCESSIBLE));
    }
    let TypeNode::Function(args, results, _) = ctx.type_node(expected)? else {
        return Ok(Err(FUNCTION_INCOMPATIBLE_TYPE));
    };
    let ty_args = match instantiate(ctx, &function, args, results)? {
        Ok(ty_args) => ty_args,
        Err(code) => return Ok(Err(code)),
    };
    let list = ctx.intern_type_list(&ty_args)?;
    let closure = Closure {
        target: ClosureTarget::Resolved(function),
        ty_args: list,
        mask: 0,
        captured: Vec::new(),
    };
    Ok(Ok(Value::Container(
        ctx.heap.alloc(Container::Closure(Arc::new(closure))),
    )))
}

/// The type arguments that make `f`'s parameters and results the expected ones, checked
/// against `f`'s constraints; the `ReflectionError` variant when there are none.
fn instantiate(
    ctx: &NativeContext<'_>,
    f: &Function,
    args: tern_vm::types::TypeListId,
    results: tern_vm::types::TypeListId,
) -> Result<Result<Vec<TypeId>, u16>, VmError> {
    let mut subst: Vec<Option<TypeId>> = vec![None; f.type_params.len()];
    let fitting = ctx.with_types(|types| {
        let mut fits = |pattern: &[TypeId], actual: &[TypeId]| {
            pattern.len() == actual.len()
                && pattern
                    .iter()
                    .zip(actual)
                    .all(|(p, a)| match_type(types, *p, *a, &mut subst, 0))
        };
        fits(&f.params, types.list(args)) && fits(&f.returns, types.list(results))
    })?;
    if !fitting {
        return Ok(Err(FUNCTION_INCOMPATIBLE_TYPE));
    }
    let mut ty_args = Vec::with_capacity(subst.len());
    for (t, constraint) in subst.iter().zip(&f.type_params) {
        let Some(t) = t else {
            return Ok(Err(FUNCTION_NOT_INSTANTIATED));
        };
        if !constraint.is_subset(ctx.abilities(*t)?) {
            return Ok(Err(FUNCTION_INCOMPATIBLE_TYPE));
        }
        ty_args.push(*t);
    }
    Ok(Ok(ty_args))
}

/// Whether `pattern` (which may name the function's type parameters) is `actual` under
/// `subst`, binding the parameters it meets for the first time. Types are at most a few
/// dozen levels deep (the type limits), which bounds the recursion; deeper is no match.
fn match_type(
    types: &tern_vm::types::TypeTable,
    pattern: TypeId,
    actual: TypeId,
    subst: &mut Vec<Option<TypeId>>,
    depth: usize,
) -> bool {
    if depth > 256 {
        return false;
    }
    let lists = |p: tern_vm::types::TypeListId,
                 a: tern_vm::types::TypeListId,
                 subst: &mut Vec<Option<TypeId>>| {
        let (p, a) = (types.list(p), types.list(a));
        p.len() == a.len()
            && p.iter()
                .zip(a)
                .all(|(p, a)| match_type(types, *p, *a, subst, depth + 1))
    };
    match (types.node(pattern), types.node(actual)) {
        (TypeNode::TypeParam(i), _) => match subst.get_mut(usize::from(*i)) {
            Some(slot @ None) => {
                *slot = Some(actual);
                true
            }
            Some(Some(bound)) => *bound == actual,
            None => false,
        },
        (TypeNode::Vector(p), TypeNode::Vector(a))
        | (TypeNode::Reference(p), TypeNode::Reference(a))
        | (TypeNode::MutableReference(p), TypeNode::MutableReference(a)) => {
            match_type(types, *p, *a, subst, depth + 1)
        }
        (TypeNode::Struct(ps, pl), TypeNode::Struct(a_s, al)) => {
            ps == a_s && lists(*pl, *al, subst)
        }
        (TypeNode::Function(pa, pr, pab), TypeNode::Function(aa, ar, aab)) => {
            pab == aab && lists(*pa, *aa, subst) && lists(*pr, *ar, subst)
        }
        (p, a) => p == a,
    }
}
