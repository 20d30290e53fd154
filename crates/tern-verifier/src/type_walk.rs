//! Walks over signature tokens that avoid allocating: node counts, node visits, and
//! comparisons against an instantiation that is never built.

use crate::view::{is_assignable, MAX_WALK_DEPTH};
use tern_binary::SignatureToken;

/// Whether `instantiate(formal, subst) == actual`, without building the instantiation.
pub(crate) fn eq_instantiated(
    formal: &SignatureToken,
    subst: &[SignatureToken],
    actual: &SignatureToken,
) -> bool {
    if subst.is_empty() {
        return formal == actual;
    }
    eq_instantiated_at(formal, subst, actual, 0)
}

fn eq_instantiated_at(
    formal: &SignatureToken,
    subst: &[SignatureToken],
    actual: &SignatureToken,
    depth: usize,
) -> bool {
    use SignatureToken as T;
    if depth > MAX_WALK_DEPTH {
        // `instantiate` leaves such deep parts as they are.
        return formal == actual;
    }
    let next = depth.saturating_add(1);
    let all = |fs: &[SignatureToken], bs: &[SignatureToken]| {
        fs.len() == bs.len()
            && fs
                .iter()
                .zip(bs)
                .all(|(f, b)| eq_instantiated_at(f, subst, b, next))
    };
    match (formal, actual) {
        (T::TypeParameter(i), _) => match subst.get(usize::from(*i)) {
            Some(arg) => arg == actual,
            None => formal == actual,
        },
        (T::Vector(f), T::Vector(b))
        | (T::Reference(f), T::Reference(b))
        | (T::MutableReference(f), T::MutableReference(b)) => eq_instantiated_at(f, subst, b, next),
        (T::StructInstantiation(h1, f), T::StructInstantiation(h2, b)) => h1 == h2 && all(f, b),
        (T::Function(p1, r1, a1), T::Function(p2, r2, a2)) => {
            a1 == a2 && all(p1, p2) && all(r1, r2)
        }
        _ => formal == actual,
    }
}

/// Whether `is_assignable(&instantiate(formal, subst), source)`, without building the
/// instantiation.
pub(crate) fn is_assignable_instantiated(
    formal: &SignatureToken,
    subst: &[SignatureToken],
    source: &SignatureToken,
) -> bool {
    use SignatureToken as T;
    if subst.is_empty() {
        return is_assignable(formal, source);
    }
    let all = |fs: &[SignatureToken], bs: &[SignatureToken]| {
        fs.len() == bs.len()
            && fs
                .iter()
                .zip(bs)
                .all(|(f, b)| eq_instantiated_at(f, subst, b, 1))
    };
    match (formal, source) {
        (T::TypeParameter(i), _) => match subst.get(usize::from(*i)) {
            Some(arg) => is_assignable(arg, source),
            None => is_assignable(formal, source),
        },
        (T::Function(p1, r1, a1), T::Function(p2, r2, a2)) => {
            all(p1, p2) && all(r1, r2) && a1.is_subset(*a2)
        }
        (T::Reference(t), T::Reference(s)) => is_assignable_instantiated(t, subst, s),
        _ => eq_instantiated(formal, subst, source),
    }
}

/// Calls `f` on every node of `ty` (in no particular order), without allocating for the usual
/// shallow types.
pub(crate) fn for_each_node<'t>(ty: &'t SignatureToken, mut f: impl FnMut(&'t SignatureToken)) {
    let mut stack: smallvec::SmallVec<[&SignatureToken; 16]> = smallvec::smallvec![ty];
    while let Some(t) = stack.pop() {
        f(t);
        match t {
            SignatureToken::Function(args, results, _) => {
                stack.extend(args.iter());
                stack.extend(results.iter());
            }
            other => stack.extend(other.children().iter()),
        }
    }
}

/// Number of nodes of `ty` (as counted by a pre-order walk), without allocating.
pub(crate) fn node_count(ty: &SignatureToken) -> usize {
    node_count_at(ty, 0)
}

fn node_count_at(ty: &SignatureToken, depth: usize) -> usize {
    use SignatureToken as T;
    if depth > MAX_WALK_DEPTH {
        // Deeper than any checked type: count with an explicit stack instead.
        return ty.preorder().count();
    }
    let next = depth.saturating_add(1);
    let sum = |tys: &[SignatureToken]| {
        tys.iter()
            .map(|t| node_count_at(t, next))
            .fold(0usize, usize::saturating_add)
    };
    match ty {
        T::Vector(inner) | T::Reference(inner) | T::MutableReference(inner) => {
            node_count_at(inner, next).saturating_add(1)
        }
        T::StructInstantiation(_, args) => sum(args).saturating_add(1),
        T::Function(args, results, _) => sum(args).saturating_add(sum(results)).saturating_add(1),
        _ => 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view::instantiate;
    use tern_binary::StructHandleIndex;
    use tern_primitives::AbilitySet;
    use SignatureToken as T;

    fn samples() -> Vec<SignatureToken> {
        let s = StructHandleIndex(0);
        vec![
            T::U64,
            T::TypeParameter(0),
            T::TypeParameter(1),
            T::Vector(Box::new(T::TypeParameter(0))),
            T::Reference(Box::new(T::TypeParameter(1))),
            T::Reference(Box::new(T::Vector(Box::new(T::U8)))),
            T::MutableReference(Box::new(T::TypeParameter(0))),
            T::StructInstantiation(s, vec![T::TypeParameter(0), T::Bool]),
            T::StructInstantiation(s, vec![T::U64, T::Bool]),
            T::Function(vec![T::TypeParameter(0)], vec![], AbilitySet::EMPTY),
            T::Function(vec![T::U64], vec![], AbilitySet::ALL),
            T::Reference(Box::new(T::Function(
                vec![T::U64],
                vec![],
                AbilitySet::EMPTY,
            ))),
        ]
    }

    #[test]
    fn instantiated_comparisons_agree_with_instantiating() {
        let substs = [
            vec![],
            vec![T::U64],
            vec![T::U64, T::Vector(Box::new(T::U8))],
        ];
        for subst in &substs {
            for formal in samples() {
                let inst = instantiate(&formal, subst);
                for actual in samples().iter().chain(std::iter::once(&inst)) {
                    assert_eq!(eq_instantiated(&formal, subst, actual), inst == *actual);
                    assert_eq!(
                        is_assignable_instantiated(&formal, subst, actual),
                        is_assignable(&inst, actual),
                        "{formal:?} {subst:?} {actual:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn node_count_matches_preorder() {
        for ty in samples() {
            assert_eq!(node_count(&ty), ty.preorder().count());
        }
    }
}
