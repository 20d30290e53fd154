//! Every one of the 104 instructions prints with the operand syntax of masm.md §7/§13.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod disassembler_common;

use disassembler_common::builder::Builder;
use std::collections::BTreeSet;
use tern_asm::disassembler::disassemble_module;
use tern_binary::SignatureToken as T;
use tern_binary::*;
use tern_primitives::{Ability, AbilitySet, I256, U256};

/// A module with structs `S`, `G<T0>`, enum `E<T0>`, an import `0x1::m` and one function
/// `all` holding `code`; returns the builder so the caller can add table entries first.
fn base() -> Builder {
    let mut b = Builder::module(0x42, "all");
    let drop = AbilitySet::EMPTY | Ability::Drop;
    let cd = drop | Ability::Copy;
    let tp = vec![StructTypeParameter::default()];
    let s = b.struct_handle(ModuleHandleIndex(0), "S", cd | Ability::Key, vec![]);
    let g = b.struct_handle(ModuleHandleIndex(0), "G", drop | Ability::Key, tp.clone());
    let e = b.struct_handle(ModuleHandleIndex(0), "E", drop, tp);
    let fields = vec![b.field("x", T::U64), b.field("y", T::Bool)];
    b.struct_def(s, StructFieldInformation::Declared(fields));
    let fields = vec![b.field("v", T::TypeParameter(0))];
    b.struct_def(g, StructFieldInformation::Declared(fields));
    let a = vec![b.field("a", T::TypeParameter(0))];
    let bf = vec![b.field("b", T::TypeParameter(0)), b.field("c", T::U8)];
    let variants = vec![b.variant("A", a), b.variant("B", bf)];
    b.struct_def(e, StructFieldInformation::DeclaredVariants(variants));
    b
}

#[test]
fn every_instruction_prints_its_operands() {
    let mut b = base();
    let (s, g, e) = (
        StructDefinitionIndex(0),
        StructDefinitionIndex(1),
        StructDefinitionIndex(2),
    );
    let all = b.function_handle(
        ModuleHandleIndex(0),
        "all",
        vec![T::U64],
        vec![],
        vec![],
        vec![],
    );
    let m = b.module_handle(1, "m");
    let tp0 = vec![T::TypeParameter(0)];
    let id = b.function_handle(m, "id", tp0.clone(), tp0, vec![AbilitySet::EMPTY], vec![]);
    let id_u64 = b.func_inst(id, vec![T::U64]);
    let u64s = b.sig(vec![T::U64]);
    let u8s = b.sig(vec![T::U8]);
    b.m.struct_def_instantiations.push(StructDefInstantiation {
        def: g,
        type_parameters: u64s,
    });
    let g_u64 = StructDefInstantiationIndex(0);
    b.m.field_handles.push(FieldHandle { owner: s, field: 1 });
    b.m.field_handles.push(FieldHandle { owner: g, field: 0 });
    b.m.field_handles.push(FieldHandle { owner: s, field: 7 });
    b.m.field_instantiations.push(FieldInstantiation {
        handle: FieldHandleIndex(1),
        type_parameters: u64s,
    });
    b.m.struct_variant_handles.push(StructVariantHandle {
        struct_index: e,
        variant: 0,
    });
    b.m.struct_variant_handles.push(StructVariantHandle {
        struct_index: e,
        variant: 1,
    });
    b.m.struct_variant_instantiations
        .push(StructVariantInstantiation {
            handle: StructVariantHandleIndex(1),
            type_parameters: u8s,
        });
    b.m.variant_field_handles.push(VariantFieldHandle {
        struct_index: e,
        variants: vec![0, 1],
        field: 0,
    });
    b.m.variant_field_handles.push(VariantFieldHandle {
        struct_index: e,
        variants: vec![1, 5],
        field: 1,
    });
    b.m.variant_field_instantiations
        .push(VariantFieldInstantiation {
            handle: VariantFieldHandleIndex(0),
            type_parameters: u8s,
        });
    let mut addr = vec![2u8];
    addr.extend([0u8; 31].iter().chain(&[0x66]));
    addr.extend([0u8; 30].iter().chain(&[0xca, 0xfe]));
    let c_addr = b.constant(T::Vector(Box::new(T::Address)), addr);
    let c_bad = b.constant(T::U8, vec![1, 2]);
    let c_i16 = b.constant(T::I16, vec![0xfe, 0xff]);
    let c_bool = b.constant(T::Bool, vec![1]);
    let c_nested = b.constant(
        T::Vector(Box::new(T::Vector(Box::new(T::U8)))),
        vec![2, 2, 1, 2, 0],
    );
    let fn_sig = b.sig(vec![T::Function(vec![T::U64], vec![], AbilitySet::EMPTY)]);
    let (svh0, svh1) = (StructVariantHandleIndex(0), StructVariantHandleIndex(1));
    let svi = StructVariantInstantiationIndex(0);
    let (vfh, vfh_bad) = (VariantFieldHandleIndex(0), VariantFieldHandleIndex(1));
    let vfi = VariantFieldInstantiationIndex(0);
    let (fh_y, fh_bad) = (FieldHandleIndex(0), FieldHandleIndex(2));
    let fi = FieldInstantiationIndex(0);
    use Bytecode as B;
    let cases: Vec<(Bytecode, &str)> = vec![
        (B::Pop, "pop"),
        (B::Ret, "ret"),
        (B::BrTrue(0), "br_true l0"),
        (B::BrFalse(1), "br_false l1"),
        (B::Branch(0), "branch l0"),
        (B::LdU8(255), "ld_u8 255"),
        (B::LdU16(65535), "ld_u16 65535"),
        (B::LdU32(u32::MAX), "ld_u32 4294967295"),
        (B::LdU64(u64::MAX), "ld_u64 18446744073709551615"),
        (B::LdU128(Box::new(u128::MAX)), "ld_u128 340282366920938463463374607431768211455"),
        (
            B::LdU256(Box::new(U256::MAX)),
            "ld_u256 115792089237316195423570985008687907853269984665640564039457584007913129639935",
        ),
        (B::LdI8(-45), "ld_i8 -45"),
        (B::LdI16(-1), "ld_i16 -1"),
        (B::LdI32(22), "ld_i32 22"),
        (B::LdI64(-2781274937452), "ld_i64 -2781274937452"),
        (B::LdI128(Box::new(i128::MIN)), "ld_i128 -170141183460469231731687303715884105728"),
        (
            B::LdI256(Box::new(I256::MIN)),
            "ld_i256 -57896044618658097711785492504343953926634992332820282019728792003956564819968",
        ),
        (B::LdTrue, "ld_true"),
        (B::LdFalse, "ld_false"),
        (B::LdConst(c_addr), "ld_const<vector<address>> [102, 51966]"),
        (B::LdConst(c_bad), "ld_const<u8> <invalid constant>"),
        (B::LdConst(c_i16), "ld_const<i16> -2"),
        (B::LdConst(c_bool), "ld_const<bool> 1"),
        (B::LdConst(c_nested), "ld_const<vector<vector<u8>>> [[1, 2], []]"),
        (B::CastU8, "cast_u8"),
        (B::CastU16, "cast_u16"),
        (B::CastU32, "cast_u32"),
        (B::CastU64, "cast_u64"),
        (B::CastU128, "cast_u128"),
        (B::CastU256, "cast_u256"),
        (B::CastI8, "cast_i8"),
        (B::CastI16, "cast_i16"),
        (B::CastI32, "cast_i32"),
        (B::CastI64, "cast_i64"),
        (B::CastI128, "cast_i128"),
        (B::CastI256, "cast_i256"),
        (B::Negate, "negate"),
        (B::CopyLoc(0), "copy_loc l0"),
        (B::MoveLoc(1), "move_loc l1"),
        (B::StLoc(2), "st_loc l2"),
        (B::MutBorrowLoc(3), "mut_borrow_loc l3"),
        (B::ImmBorrowLoc(4), "borrow_loc l4"),
        (B::Call(all), "call all"),
        (B::Call(id), "call m::id"),
        (B::CallGeneric(id_u64), "call m::id<u64>"),
        (B::Pack(s), "pack S"),
        (B::PackGeneric(g_u64), "pack G<u64>"),
        (B::Unpack(s), "unpack S"),
        (B::UnpackGeneric(g_u64), "unpack G<u64>"),
        (B::PackVariant(svh0), "pack_variant E, A"),
        (B::PackVariantGeneric(svi), "pack_variant E<u8>, B"),
        (B::UnpackVariant(svh1), "unpack_variant E, B"),
        (B::UnpackVariantGeneric(svi), "unpack_variant E<u8>, B"),
        (B::TestVariant(svh0), "test_variant E, A"),
        (B::TestVariantGeneric(svi), "test_variant E<u8>, B"),
        (B::ImmBorrowField(fh_y), "borrow_field S, y"),
        (B::MutBorrowField(fh_y), "mut_borrow_field S, y"),
        (B::ImmBorrowField(fh_bad), "borrow_field S, <index-error>"),
        (B::ImmBorrowFieldGeneric(fi), "borrow_field G<u64>, v"),
        (B::MutBorrowFieldGeneric(fi), "mut_borrow_field G<u64>, v"),
        (B::ImmBorrowVariantField(vfh), "borrow_variant_field E, A::a, B::b"),
        (B::MutBorrowVariantField(vfh), "mut_borrow_variant_field E, A::a, B::b"),
        (
            B::ImmBorrowVariantField(vfh_bad),
            "borrow_variant_field E, B::c, <index-bound-error>",
        ),
        (B::ImmBorrowVariantFieldGeneric(vfi), "borrow_variant_field E<u8>, A::a, B::b"),
        (B::MutBorrowVariantFieldGeneric(vfi), "mut_borrow_variant_field E<u8>, A::a, B::b"),
        (B::Exists(s), "exists S"),
        (B::ExistsGeneric(g_u64), "exists G<u64>"),
        (B::MutBorrowGlobal(s), "mut_borrow_global S"),
        (B::MutBorrowGlobalGeneric(g_u64), "mut_borrow_global G<u64>"),
        (B::ImmBorrowGlobal(s), "borrow_global S"),
        (B::ImmBorrowGlobalGeneric(g_u64), "borrow_global G<u64>"),
        (B::MoveFrom(s), "move_from S"),
        (B::MoveFromGeneric(g_u64), "move_from G<u64>"),
        (B::MoveTo(s), "move_to S"),
        (B::MoveToGeneric(g_u64), "move_to G<u64>"),
        (B::ReadRef, "read_ref"),
        (B::WriteRef, "write_ref"),
        (B::FreezeRef, "freeze_ref"),
        (B::Add, "add"),
        (B::Sub, "sub"),
        (B::Mul, "mul"),
        (B::Mod, "mod"),
        (B::Div, "div"),
        (B::BitOr, "bit_or"),
        (B::BitAnd, "bit_and"),
        (B::Xor, "xor"),
        (B::Or, "or"),
        (B::And, "and"),
        (B::Not, "not"),
        (B::Eq, "eq"),
        (B::Neq, "neq"),
        (B::Lt, "lt"),
        (B::Gt, "gt"),
        (B::Le, "le"),
        (B::Ge, "ge"),
        (B::Shl, "shl"),
        (B::Shr, "shr"),
        (B::Abort, "abort"),
        (B::AbortMsg, "abort_msg"),
        (B::Nop, "nop"),
        (B::VecPack(u64s, 2), "vec_pack <u64>, 2"),
        (B::VecLen(u64s), "vec_len <u64>"),
        (B::VecImmBorrow(u64s), "vec_borrow <u64>"),
        (B::VecMutBorrow(u8s), "vec_mut_borrow <u8>"),
        (B::VecPushBack(u64s), "vec_push_back <u64>"),
        (B::VecPopBack(u64s), "vec_pop_back <u64>"),
        (B::VecUnpack(u8s, 3), "vec_unpack <u8>, 3"),
        (B::VecSwap(u64s), "vec_swap <u64>"),
        (B::PackClosure(all, ClosureMask(5)), "pack_closure all, 5"),
        (B::PackClosureGeneric(id_u64, ClosureMask(0)), "pack_closure m::id<u64>, 0"),
        (B::CallClosure(fn_sig), "call_closure <|u64|>"),
    ];
    let opcodes: BTreeSet<u8> = cases
        .iter()
        .filter_map(|(i, _)| i.opcode().byte(Flavor::Aptos))
        .collect();
    assert_eq!(opcodes.len(), 104, "every opcode is covered");
    let code: Vec<Bytecode> = cases.iter().map(|(i, _)| i.clone()).collect();
    b.function_def(all, Visibility::Private, false, Some((vec![], code)));
    let text = disassemble_module(&b.m).unwrap();
    let body: Vec<&str> = text
        .lines()
        .skip_while(|l| !l.starts_with("fun all"))
        .skip(1)
        .filter(|l| !l.starts_with("    // @") && !l.is_empty())
        .collect();
    assert_eq!(body.len(), cases.len());
    for (i, (line, (_, expected))) in body.iter().zip(&cases).enumerate() {
        let prefix = match i {
            0 => "l0: ",
            1 => "l1: ",
            _ => "    ",
        };
        assert_eq!(*line, format!("{prefix}{expected}"), "instruction {i}");
    }
    assert!(
        text.contains("\n    nop\n    // @100\n    vec_pack <u64>, 2\n"),
        "{text}"
    );
    assert!(text.starts_with("// Bytecode version v9\nmodule 0x42::all\nuse 0x1::m\n"));
}
