//! The fusion pass: rewrites the first op of each fusable sequence into its
//! super-instruction.

use crate::{field_path, vec_push, vec_read, FusedArith, FusedBin, FusedCmp, Op};

fn fused_cmp(op: Op) -> Option<FusedCmp> {
    Some(match op {
        Op::Lt => FusedCmp::Lt,
        Op::Gt => FusedCmp::Gt,
        Op::Le => FusedCmp::Le,
        Op::Ge => FusedCmp::Ge,
        Op::Eq => FusedCmp::Eq,
        Op::Neq => FusedCmp::Neq,
        _ => return None,
    })
}

/// Rewrites the first op of each fusable sequence into its super-instruction (the sequence's
/// other ops stay in place, so branch targets and error offsets are unchanged). A sequence is
/// fused only if no branch lands inside it.
///
/// `u64_locals[i]` tells whether local `i` is declared `u64`: the super-instructions over two
/// locals of any type (compare-and-branch, arithmetic) are formed only for `u64` locals, the
/// only kind their fast paths take; on other kinds each op runs its own fast path instead of
/// the declined super-instruction's first op taking the general path.
///
/// `jump_targets` are the targets of the function's jump tables (the ops `VariantSwitch` may
/// branch to).
pub fn fuse(code: &mut [Op], u64_locals: &[bool], jump_targets: &[u32]) {
    let is_u64 = |l: u8| u64_locals.get(usize::from(l)).copied().unwrap_or(false);
    let mut is_target = vec![false; code.len()];
    let branch_targets = code.iter().filter_map(|op| match op {
        Op::BrTrue(t) | Op::BrFalse(t) | Op::Branch(t) => Some(*t),
        _ => None,
    });
    for t in branch_targets.chain(jump_targets.iter().copied()) {
        if let Some(slot) = is_target.get_mut(t as usize) {
            *slot = true;
        }
    }
    for i in 0..code.len() {
        // Past the end the window holds `EndOfCode`, which no pattern takes as an op.
        let at = |k: usize| code.get(i + k).copied().unwrap_or(Op::EndOfCode);
        let targeted = |span: usize| {
            is_target
                .get(i + 1..(i + span).min(code.len()))
                .is_some_and(|t| t.iter().any(|x| *x))
        };
        let path = [at(0), at(1), at(2), at(3), at(4), at(5), at(6)];
        if let Some(read) = field_elem_field_read_at(path) {
            if !targeted(read.span()) {
                fused_at(code, i, read);
                continue;
            }
        }
        if let Some(read) = vec_read_at([at(0), at(1), at(2), at(3), at(4), at(5)]) {
            if !targeted(read.span()) {
                fused_at(code, i, read);
                continue;
            }
        }
        let window = [at(0), at(1), at(2), at(3)];
        // The enum super-instructions are shorter than the window: only their own ops count.
        if let Some(fused) = enum_op_at(window) {
            if !targeted(fused.span()) {
                fused_at(code, i, fused);
                continue;
            }
        }
        if targeted(4) {
            continue;
        }
        if let Some(fused) = vec_push_at(window).or_else(|| compare_branch_at(window, is_u64)) {
            fused_at(code, i, fused);
            continue;
        }
        let fused = match window {
            [Op::CopyLoc(src), Op::StLoc(dst), _, _] => Op::LocStLoc {
                src,
                moved: false,
                dst,
            },
            [Op::MoveLoc(src), Op::StLoc(dst), _, _] => Op::LocStLoc {
                src,
                moved: true,
                dst,
            },
            [Op::VecBorrow, Op::WriteRef, _, _] => Op::VecBorrowWrite,

            [first, second, op, _]
                if matches!(first, Op::CopyLoc(_) | Op::MoveLoc(_))
                    && matches!(second, Op::CopyLoc(_) | Op::MoveLoc(_)) =>
            {
                let (Op::CopyLoc(a) | Op::MoveLoc(a), Op::CopyLoc(b) | Op::MoveLoc(b)) =
                    (first, second)
                else {
                    continue;
                };
                // Moving the same local twice is invalid code: leave it to the slow path.
                if (a == b && matches!(first, Op::MoveLoc(_))) || !is_u64(a) || !is_u64(b) {
                    continue;
                }
                let moves = u8::from(matches!(first, Op::MoveLoc(_)))
                    | u8::from(matches!(second, Op::MoveLoc(_))) << 1;
                let Some(op) = FusedBin::of(op) else {
                    continue;
                };
                match window[3] {
                    Op::StLoc(dst) => Op::BinLocLocStLoc {
                        a,
                        b,
                        moves,
                        op,
                        dst,
                    },
                    _ => Op::BinLocLoc { a, b, moves, op },
                }
            }
            [Op::LdU64(imm), Op::StLoc(dst), _, _] => Op::LdU64StLoc { dst, imm },
            [Op::CopyLoc(local), Op::BorrowField(offset), _, _] => Op::BorrowFieldLoc {
                local,
                moved: false,
                offset,
            },
            [Op::MoveLoc(local), Op::BorrowField(offset), _, _] => Op::BorrowFieldLoc {
                local,
                moved: true,
                offset,
            },
            [Op::CopyLoc(idx), Op::VecBorrow, _, _] => Op::VecBorrowLoc { idx },
            [op, Op::StLoc(dst), _, _] if FusedBin::of(op).is_some() && is_u64(dst) => {
                let Some(op) = FusedBin::of(op) else { continue };
                Op::BinStLoc { op, dst }
            }
            [Op::BorrowField(offset), Op::ReadRef, Op::StLoc(dst), _] => {
                Op::BorrowFieldReadStLoc { offset, dst }
            }
            [Op::BorrowField(offset), Op::ReadRef, _, _] => Op::BorrowFieldRead(offset),
            [Op::VecBorrow, Op::ReadRef, _, _] => Op::VecBorrowRead,
            [Op::CopyLoc(local), Op::CallClosure(_), _, _] => Op::CallClosureLoc { local },
            [Op::LdU64(imm), arith, _, _] => match arith {
                Op::Add => Op::AddImm(imm),
                Op::Sub => Op::SubImm(imm),
                Op::Mul => Op::MulImm(imm),
                Op::Mod => Op::ModImm(imm),
                Op::Div => Op::DivImm(imm),
                _ => continue,
            },
            [Op::LdI64(imm), arith, _, _] => match arith {
                Op::Add => Op::AddImmI64(imm),
                Op::Sub => Op::SubImmI64(imm),
                Op::Mul => Op::MulImmI64(imm),
                Op::Mod => Op::ModImmI64(imm),
                Op::Div => Op::DivImmI64(imm),
                _ => continue,
            },
            [first, Op::LdU64(imm), arith, next] => {
                let (src, moved) = match first {
                    Op::CopyLoc(l) => (l, false),
                    Op::MoveLoc(l) => (l, true),
                    _ => continue,
                };
                // Without a store, the result is pushed (a call's argument, a return value).
                let Op::StLoc(dst) = next else {
                    match arith {
                        Op::Add => fused_at(code, i, Op::AddLocImm { src, moved, imm }),
                        Op::Sub => fused_at(code, i, Op::SubLocImm { src, moved, imm }),
                        _ => {}
                    }
                    continue;
                };
                let arith = match arith {
                    Op::Add => {
                        fused_at(
                            code,
                            i,
                            Op::AddLocImmStLoc {
                                src,
                                moved,
                                dst,
                                imm,
                            },
                        );
                        continue;
                    }
                    Op::Sub => {
                        fused_at(
                            code,
                            i,
                            Op::SubLocImmStLoc {
                                src,
                                moved,
                                dst,
                                imm,
                            },
                        );
                        continue;
                    }
                    Op::Mul => FusedArith::Mul,
                    Op::Mod => FusedArith::Mod,
                    Op::Div => FusedArith::Div,
                    _ => continue,
                };
                Op::ArithLocImmStLoc {
                    src,
                    moved,
                    arith,
                    dst,
                    imm,
                }
            }
            _ => continue,
        };
        if let Some(slot) = code.get_mut(i) {
            *slot = fused;
        }
    }
    // Branches to a fused loop test (fused by now wherever it is).
    for i in 0..code.len() {
        let Some(&Op::Branch(t)) = code.get(i) else {
            continue;
        };
        if let Some(Op::CmpLocImmBrFalse { .. } | Op::CmpLocLocBrFalse { .. }) =
            code.get(t as usize)
        {
            fused_at(code, i, Op::BranchTest(t));
        }
    }
}

/// The compare-and-branch super-instruction starting a window of four ops, if any:
/// `copy_loc a; copy_loc b; <cmp>; br_false|br_true` over two u64 locals, or `copy_loc x;
/// ld_u64 k; <cmp>; br_false|br_true`. A `br_true` takes the complementary comparison, which
/// fails exactly where `br_true` jumps.
fn compare_branch_at(w: [Op; 4], is_u64: impl Fn(u8) -> bool) -> Option<Op> {
    let cmp = fused_cmp(w[2])?;
    let (cmp, target) = match w[3] {
        Op::BrFalse(target) => (cmp, target),
        Op::BrTrue(target) => (cmp.complement(), target),
        _ => return None,
    };
    match (w[0], w[1]) {
        (Op::CopyLoc(a), Op::CopyLoc(b)) if is_u64(a) && is_u64(b) => {
            Some(Op::CmpLocLocBrFalse { a, b, cmp, target })
        }
        (Op::CopyLoc(local), Op::LdU64(imm)) => Some(Op::CmpLocImmBrFalse {
            local,
            cmp,
            target,
            imm,
        }),
        _ => None,
    }
}

/// The enum super-instruction starting a window of four ops, if any: `borrow_loc e;
/// test_variant v; br_false|br_true` ([`Op::TestVariantLocBr`]), `borrow_loc e;
/// variant_switch t` ([`Op::VariantSwitchLoc`]) or `pack_variant` of a variant without fields
/// then `st_loc` ([`Op::PackVariantStLoc`]).
fn enum_op_at(w: [Op; 4]) -> Option<Op> {
    match w {
        [Op::BorrowLoc(local), Op::VariantSwitch(table), _, _] => {
            Some(Op::VariantSwitchLoc { local, table })
        }
        [Op::BorrowLoc(local), Op::TestVariant(variant), branch, _] => {
            let (target, jump_if_equal) = match branch {
                Op::BrFalse(t) => (t, false),
                Op::BrTrue(t) => (t, true),
                _ => return None,
            };
            Some(Op::TestVariantLocBr {
                local,
                variant,
                target,
                jump_if_equal,
            })
        }
        [Op::PackVariant { variant, fields: 0 }, Op::StLoc(dst), _, _] => {
            Some(Op::PackVariantStLoc { variant, dst })
        }
        _ => None,
    }
}

/// The [`Op::VecPushBackLoc`] starting a window of four ops (`borrow_loc v|copy_loc r;
/// copy_loc|move_loc x; vec_push_back`), if any.
fn vec_push_at(w: [Op; 4]) -> Option<Op> {
    if w[2] != Op::VecPushBack {
        return None;
    }
    let (vec, borrow) = match w[0] {
        Op::BorrowLoc(v) => (v, vec_push::BORROW),
        Op::CopyLoc(v) => (v, 0),
        _ => return None,
    };
    let (value, moved) = match w[1] {
        Op::CopyLoc(x) => (x, 0),
        Op::MoveLoc(x) => (x, vec_push::MOVE_VALUE),
        _ => return None,
    };
    Some(Op::VecPushBackLoc {
        vec,
        value,
        form: borrow | moved,
    })
}

/// The local a closing `st_loc` stores to, with `store` added to `form`; 0 (and `form`
/// unchanged) when `op` is not an `st_loc` (the value stays pushed).
fn stored_to(op: Op, form: &mut u8, store: u8) -> u8 {
    match op {
        Op::StLoc(dst) => {
            *form |= store;
            dst
        }
        _ => 0,
    }
}

/// The [`Op::FieldElemFieldRead`] starting a window of seven ops, if any.
fn field_elem_field_read_at(w: [Op; 7]) -> Option<Op> {
    use field_path::{MOVE_IDX, MOVE_REF, STORE};
    let (r, mut form) = match w[0] {
        Op::CopyLoc(r) => (r, 0),
        Op::MoveLoc(r) => (r, MOVE_REF),
        _ => return None,
    };
    let (Op::BorrowField(f), Op::VecBorrow, Op::BorrowField(g), Op::ReadRef) =
        (w[1], w[3], w[4], w[5])
    else {
        return None;
    };
    let idx = match w[2] {
        Op::CopyLoc(i) => i,
        Op::MoveLoc(i) => {
            form |= MOVE_IDX;
            i
        }
        _ => return None,
    };
    let dst = stored_to(w[6], &mut form, STORE);
    Some(Op::FieldElemFieldRead {
        r,
        f,
        idx,
        g,
        dst,
        form,
    })
}

/// The [`Op::VecReadLoc`] starting a window of six ops, if any.
fn vec_read_at(w: [Op; 6]) -> Option<Op> {
    use vec_read::{BORROW, FREEZE, STORE};
    let (vec, mut form) = match w[0] {
        Op::CopyLoc(v) => (v, 0),
        Op::BorrowLoc(v) => (v, BORROW),
        _ => return None,
    };
    let mut k = 1;
    if form == 0 && w[1] == Op::FreezeRef {
        form |= FREEZE;
        k = 2;
    }
    let (Op::CopyLoc(idx), Op::VecBorrow, Op::ReadRef) = (w[k], w[k + 1], w[k + 2]) else {
        return None;
    };
    let dst = stored_to(w[k + 3], &mut form, STORE);
    Some(Op::VecReadLoc {
        vec,
        idx,
        dst,
        form,
    })
}

/// Places a super-instruction at `i`.
fn fused_at(code: &mut [Op], i: usize, op: Op) {
    if let Some(slot) = code.get_mut(i) {
        *slot = op;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fused_comparisons_agree_with_the_operators() {
        for (x, y) in [(1u64, 2u64), (2, 2), (3, 2), (0, u64::MAX), (u64::MAX, 0)] {
            assert_eq!(FusedCmp::Lt.holds(x, y), x < y);
            assert_eq!(FusedCmp::Gt.holds(x, y), x > y);
            assert_eq!(FusedCmp::Le.holds(x, y), x <= y);
            assert_eq!(FusedCmp::Ge.holds(x, y), x >= y);
            assert_eq!(FusedCmp::Eq.holds(x, y), x == y);
            assert_eq!(FusedCmp::Neq.holds(x, y), x != y);
            for cmp in [
                FusedCmp::Lt,
                FusedCmp::Gt,
                FusedCmp::Le,
                FusedCmp::Ge,
                FusedCmp::Eq,
                FusedCmp::Neq,
            ] {
                assert_eq!(cmp.complement().holds(x, y), !cmp.holds(x, y));
            }
        }
    }

    #[test]
    fn two_local_super_instructions_need_u64_locals() {
        let code = vec![
            Op::CopyLoc(0),
            Op::CopyLoc(1),
            Op::Lt,
            Op::BrFalse(9),
            Op::CopyLoc(0),
            Op::CopyLoc(1),
            Op::Add,
            Op::StLoc(2),
            Op::Ret,
        ];
        // Locals of another kind (a u8, a u128, an address...): nothing fuses.
        let mut other = code.clone();
        fuse(&mut other, &[false, false, false], &[]);
        assert_eq!(other, code);
        let mut all = code.clone();
        fuse(&mut all, &[true, true, true], &[]);
        assert!(matches!(all[0], Op::CmpLocLocBrFalse { .. }));
        assert!(matches!(all[4], Op::BinLocLocStLoc { .. }));
    }

    #[test]
    fn br_true_tests_fuse_with_the_complementary_comparison() {
        let mut code = vec![
            Op::CopyLoc(0),
            Op::CopyLoc(1),
            Op::Eq,
            Op::BrTrue(9),
            Op::CopyLoc(0),
            Op::LdU64(7),
            Op::Lt,
            Op::BrTrue(9),
            Op::Ret,
            Op::Ret,
        ];
        fuse(&mut code, &[true; 8], &[]);
        assert_eq!(
            code[0],
            Op::CmpLocLocBrFalse {
                a: 0,
                b: 1,
                cmp: FusedCmp::Neq,
                target: 9
            }
        );
        assert_eq!(
            code[4],
            Op::CmpLocImmBrFalse {
                local: 0,
                cmp: FusedCmp::Ge,
                target: 9,
                imm: 7
            }
        );
        // The originals stay behind them.
        assert_eq!(code[3], Op::BrTrue(9));
        assert_eq!(code[7], Op::BrTrue(9));
    }

    #[test]
    fn op_is_16_bytes() {
        assert!(std::mem::size_of::<Op>() <= 16);
    }

    #[test]
    fn fusion_keeps_the_originals_and_respects_branch_targets() {
        let mut code = vec![
            Op::CopyLoc(0),
            Op::LdU64(0),
            Op::Gt,
            Op::BrFalse(9),
            Op::MoveLoc(0),
            Op::LdU64(1),
            Op::Sub,
            Op::StLoc(0),
            Op::Branch(0),
            Op::Ret,
        ];
        fuse(&mut code, &[true; 8], &[]);
        assert!(matches!(
            code[0],
            Op::CmpLocImmBrFalse {
                local: 0,
                cmp: FusedCmp::Gt,
                target: 9,
                imm: 0
            }
        ));
        assert_eq!(code[1], Op::LdU64(0));
        assert!(matches!(
            code[4],
            Op::SubLocImmStLoc {
                src: 0,
                moved: true,
                dst: 0,
                imm: 1
            }
        ));
        // `x op k` on a local without a store pushes (a call's argument, a return value); the
        // `ld_u64 k; op` behind it stays fusable for the general path.
        let mut code = vec![
            Op::CopyLoc(0),
            Op::LdU64(1),
            Op::Sub,
            Op::Call(0),
            Op::MoveLoc(0),
            Op::LdU64(2),
            Op::Add,
            Op::Ret,
        ];
        fuse(&mut code, &[true; 8], &[]);
        assert_eq!(
            code[0],
            Op::SubLocImm {
                src: 0,
                moved: false,
                imm: 1
            }
        );
        assert_eq!(code[1], Op::SubImm(1));
        assert_eq!(
            code[4],
            Op::AddLocImm {
                src: 0,
                moved: true,
                imm: 2
            }
        );
        assert_eq!(code[4].span(), 3);
        assert_eq!(code[4].locals(), [Some(0), None, None]);
        // `x = a op b` on locals is one op; without the store, the push form.
        let mut code = vec![
            Op::MoveLoc(0),
            Op::CopyLoc(1),
            Op::Add,
            Op::StLoc(0),
            Op::CopyLoc(0),
            Op::CopyLoc(1),
            Op::Xor,
            Op::Ret,
        ];
        fuse(&mut code, &[true; 8], &[]);
        assert_eq!(
            code[0],
            Op::BinLocLocStLoc {
                a: 0,
                b: 1,
                moves: 1,
                op: FusedBin::Add,
                dst: 0
            }
        );
        assert_eq!(
            code[4],
            Op::BinLocLoc {
                a: 0,
                b: 1,
                moves: 0,
                op: FusedBin::Xor
            }
        );
        assert_eq!(code[1], Op::CopyLoc(1));
        // `<op>; st_loc` on computed operands.
        let mut code = vec![
            Op::MoveLoc(0),
            Op::CopyLoc(1),
            Op::CopyLoc(2),
            Op::Mul,
            Op::Add,
            Op::StLoc(0),
            Op::Ret,
        ];
        fuse(&mut code, &[true; 8], &[]);
        assert!(matches!(
            code[1],
            Op::BinLocLoc {
                op: FusedBin::Mul,
                ..
            }
        ));
        assert_eq!(
            code[4],
            Op::BinStLoc {
                op: FusedBin::Add,
                dst: 0
            }
        );
        assert_eq!(code[5], Op::StLoc(0));
        // Vector element reads through a local, stored or pushed.
        let mut code = vec![
            Op::CopyLoc(0),
            Op::FreezeRef,
            Op::CopyLoc(1),
            Op::VecBorrow,
            Op::ReadRef,
            Op::StLoc(2),
            Op::BorrowLoc(3),
            Op::CopyLoc(1),
            Op::VecBorrow,
            Op::ReadRef,
            Op::Ret,
        ];
        fuse(&mut code, &[true; 8], &[]);
        let form = vec_read::FREEZE | vec_read::STORE;
        assert_eq!(
            code[0],
            Op::VecReadLoc {
                vec: 0,
                idx: 1,
                dst: 2,
                form
            }
        );
        assert_eq!(vec_read::span(form), 6);
        assert!(matches!(
            code[6],
            Op::VecReadLoc {
                vec: 3,
                idx: 1,
                form: vec_read::BORROW,
                ..
            }
        ));
        assert_eq!(vec_read::span(vec_read::BORROW), 4);
        assert_eq!(code[8], Op::VecBorrowRead);
        // Borrows through a reference local.
        let mut code = vec![
            Op::MoveLoc(0),
            Op::BorrowField(1),
            Op::CopyLoc(2),
            Op::VecBorrow,
            Op::Pop,
            Op::Ret,
        ];
        fuse(&mut code, &[true; 8], &[]);
        assert_eq!(
            code[0],
            Op::BorrowFieldLoc {
                local: 0,
                moved: true,
                offset: 1
            }
        );
        assert_eq!(code[2], Op::VecBorrowLoc { idx: 2 });
        let mut code = vec![Op::BorrowField(1), Op::ReadRef, Op::StLoc(4), Op::Ret];
        fuse(&mut code, &[true; 8], &[]);
        assert_eq!(code[0], Op::BorrowFieldReadStLoc { offset: 1, dst: 4 });
        // Reads through a field or element reference.
        let mut code = vec![
            Op::BorrowField(2),
            Op::ReadRef,
            Op::VecBorrow,
            Op::ReadRef,
            Op::Ret,
            Op::Ret,
        ];
        fuse(&mut code, &[true; 8], &[]);
        assert_eq!(code[0], Op::BorrowFieldRead(2));
        assert_eq!(code[1], Op::ReadRef);
        assert_eq!(code[2], Op::VecBorrowRead);
        // Data-structure sequences: `r.f[i].g` reads, local-to-local moves, pushes of a
        // local, element writes.
        let mut code = vec![
            Op::MoveLoc(0),
            Op::BorrowField(1),
            Op::CopyLoc(2),
            Op::VecBorrow,
            Op::BorrowField(3),
            Op::ReadRef,
            Op::StLoc(4),
            Op::CopyLoc(0),
            Op::BorrowField(1),
            Op::MoveLoc(2),
            Op::VecBorrow,
            Op::BorrowField(3),
            Op::ReadRef,
            Op::Ret,
        ];
        fuse(&mut code, &[true; 8], &[]);
        let stored = field_path::MOVE_REF | field_path::STORE;
        assert_eq!(
            code[0],
            Op::FieldElemFieldRead {
                r: 0,
                f: 1,
                idx: 2,
                g: 3,
                dst: 4,
                form: stored
            }
        );
        assert_eq!(code[0].span(), 7);
        assert_eq!(code[0].locals(), [Some(0), Some(2), Some(4)]);
        // The originals behind it are fused on their own, for the general path's fallback.
        assert_eq!(code[2], Op::VecBorrowLoc { idx: 2 });
        assert_eq!(code[4], Op::BorrowFieldReadStLoc { offset: 3, dst: 4 });
        assert!(matches!(
            code[7],
            Op::FieldElemFieldRead {
                form: field_path::MOVE_IDX,
                ..
            }
        ));
        assert_eq!(code[7].span(), 6);
        assert_eq!(code[7].locals(), [Some(0), Some(2), None]);
        let mut code = vec![
            Op::MoveLoc(0),
            Op::StLoc(1),
            Op::BorrowLoc(2),
            Op::MoveLoc(1),
            Op::VecPushBack,
            Op::CopyLoc(3),
            Op::CopyLoc(1),
            Op::VecPushBack,
            Op::VecBorrow,
            Op::WriteRef,
            Op::Ret,
        ];
        fuse(&mut code, &[true; 8], &[]);
        assert_eq!(
            code[0],
            Op::LocStLoc {
                src: 0,
                moved: true,
                dst: 1
            }
        );
        assert_eq!(
            code[2],
            Op::VecPushBackLoc {
                vec: 2,
                value: 1,
                form: vec_push::BORROW | vec_push::MOVE_VALUE
            }
        );
        assert_eq!(
            code[5],
            Op::VecPushBackLoc {
                vec: 3,
                value: 1,
                form: 0
            }
        );
        assert_eq!(code[5].span(), 3);
        assert_eq!(code[8], Op::VecBorrowWrite);
        // An enum local tested against a variant, and a plain variant stored.
        let mut code = vec![
            Op::BorrowLoc(2),
            Op::TestVariant(1),
            Op::BrFalse(6),
            Op::BorrowLoc(2),
            Op::TestVariant(0),
            Op::BrTrue(0),
            Op::PackVariant {
                variant: 3,
                fields: 0,
            },
            Op::StLoc(2),
            Op::PackVariant {
                variant: 3,
                fields: 1,
            },
            Op::StLoc(2),
            Op::Ret,
        ];
        fuse(&mut code, &[true; 8], &[]);
        assert_eq!(
            code[0],
            Op::TestVariantLocBr {
                local: 2,
                variant: 1,
                target: 6,
                jump_if_equal: false
            }
        );
        assert_eq!(code[0].span(), 3);
        assert_eq!(code[0].target(), Some(6));
        assert_eq!(
            code[3],
            Op::TestVariantLocBr {
                local: 2,
                variant: 0,
                target: 0,
                jump_if_equal: true
            }
        );
        assert_eq!(code[6], Op::PackVariantStLoc { variant: 3, dst: 2 });
        assert_eq!(code[6].locals(), [Some(2), None, None]);
        // A variant with fields is packed as usual.
        assert!(matches!(code[8], Op::PackVariant { fields: 1, .. }));
        // A branch into the middle of a sequence prevents fusing it.
        let mut code = vec![
            Op::CopyLoc(0),
            Op::LdU64(0),
            Op::Gt,
            Op::BrFalse(0),
            Op::Branch(2),
        ];
        fuse(&mut code, &[true; 8], &[]);
        assert_eq!(code[0], Op::CopyLoc(0));
    }

    #[test]
    fn sui_variant_switch_on_a_local_is_fused() {
        // `borrow_loc 1; variant_switch 0`, whose table sends variants to ops 2 and 3.
        let mut code = vec![Op::BorrowLoc(1), Op::VariantSwitch(0), Op::Ret, Op::Ret];
        fuse(&mut code, &[false; 2], &[2, 3]);
        assert_eq!(code[0], Op::VariantSwitchLoc { local: 1, table: 0 });
        assert_eq!(code[0].span(), 2);
        assert_eq!(code[0].locals(), [Some(1), None, None]);
        // The shadowed `variant_switch` stays for the general path.
        assert_eq!(code[1], Op::VariantSwitch(0));
        // A jump-table target on the `variant_switch` prevents fusing.
        let mut code = vec![Op::BorrowLoc(1), Op::VariantSwitch(0), Op::Ret];
        fuse(&mut code, &[false; 2], &[1, 2]);
        assert_eq!(code[0], Op::BorrowLoc(1));
    }
}
