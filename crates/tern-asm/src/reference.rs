//! The instruction reference of the `.masm` guide (`docs/masm.md`), generated from the
//! instruction table ([`tern_binary::isa`]) so that it cannot drift from what the assembler
//! accepts.

use tern_binary::{Encoding, Flavor, Opcode, OperandKind, StackEffect};

/// The operands of a mnemonic as written in `.masm` (placeholders in capitals).
fn operand_syntax(op: Opcode) -> &'static str {
    use OperandKind as K;
    match op.operand_kinds() {
        [] => "",
        [K::Local] => "LOCAL",
        [K::Offset] => "LABEL",
        [K::Constant] => "<TYPE> VALUE",
        [K::Signature] if op == Opcode::CallClosure => "<FUNCTION TYPE>",
        [K::Signature] => "<TYPE>",
        [K::Signature, K::Count] => "<TYPE> COUNT",
        [K::FunctionHandle] | [K::FunctionInst] => "FUNCTION[<TYPES>]",
        [K::FunctionHandle, K::Mask] | [K::FunctionInst, K::Mask] => "FUNCTION[<TYPES>], MASK",
        [K::StructDef] | [K::StructDefInst] => "STRUCT[<TYPES>]",
        [K::FieldHandle] | [K::FieldInst] => "STRUCT[<TYPES>], FIELD",
        [K::StructVariantHandle]
        | [K::StructVariantInst]
        | [K::VariantHandle]
        | [K::VariantInst] => "ENUM[<TYPES>], VARIANT",
        [K::VariantFieldHandle] | [K::VariantFieldInst] => "ENUM[<TYPES>], VARIANT::FIELD, …",
        [K::JumpTable] => "ENUM, LABEL, …",
        _ => "NUMBER",
    }
}

/// `0x12 (v1)` or `–`.
fn encoding_text(encoding: Option<Encoding>) -> String {
    match encoding {
        Some(e) => format!("`{:#04x}` v{}", e.byte, e.min_version),
        None => "–".to_string(),
    }
}

fn stack_text(effect: StackEffect) -> String {
    match effect {
        StackEffect::Fixed { pops, pushes } => format!("{pops} → {pushes}"),
        _ => "depends".to_string(),
    }
}

/// The markdown table of every mnemonic: operands, stack effect, opcode byte and first
/// bytecode version in each flavor, and what it does. A generic form (`pack S<u64>`) shares
/// its plain form's mnemonic and row.
pub fn instruction_table() -> String {
    let mut out = String::from(
        "| mnemonic | operands | stack (pops → pushes) | Aptos | Sui | what it does |\n\
         |---|---|---|---|---|---|\n",
    );
    let mut seen: Vec<(&str, Flavor)> = Vec::new();
    for &op in Opcode::ALL {
        let mnemonic = op.mnemonic();
        // Sui's enum instructions share mnemonics with Aptos's but are distinct rows.
        let family = if op.encoding(Flavor::Aptos).is_some() {
            Flavor::Aptos
        } else {
            Flavor::Sui
        };
        if seen.contains(&(mnemonic, family)) {
            continue;
        }
        seen.push((mnemonic, family));
        let generic: Vec<Opcode> = Opcode::ALL
            .iter()
            .copied()
            .filter(|o| o.mnemonic() == mnemonic && *o != op)
            .filter(|o| (o.encoding(Flavor::Aptos).is_some()) == (family == Flavor::Aptos))
            .collect();
        let encodings = |flavor: Flavor| {
            let mut text = encoding_text(op.encoding(flavor));
            for g in &generic {
                if let Some(e) = g.encoding(flavor) {
                    text.push_str(&format!(" / `{:#04x}` v{}", e.byte, e.min_version));
                }
            }
            text
        };
        out.push_str(&format!(
            "| `{mnemonic}` | {} | {} | {} | {} | {} |\n",
            match operand_syntax(op) {
                "" => "–".to_string(),
                s => format!("`{s}`"),
            },
            stack_text(op.stack_effect()),
            encodings(Flavor::Aptos),
            encodings(Flavor::Sui),
            op.description().replace('|', "\\|"),
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The guide's table is the generated one (`TERN_UPDATE_DOCS=1` rewrites it).
    #[test]
    fn the_guide_lists_every_instruction() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/masm.md");
        let Ok(guide) = std::fs::read_to_string(path) else {
            panic!("docs/masm.md is missing");
        };
        let (begin, end) = ("<!-- instructions:begin -->\n", "<!-- instructions:end -->");
        let (Some(start), Some(stop)) = (guide.find(begin), guide.find(end)) else {
            panic!("docs/masm.md lacks the instruction table markers");
        };
        let table = instruction_table();
        let current = &guide[start + begin.len()..stop];
        if current != table {
            if std::env::var_os("TERN_UPDATE_DOCS").is_some() {
                let updated = format!("{}{table}{}", &guide[..start + begin.len()], &guide[stop..]);
                std::fs::write(path, updated).unwrap_or_else(|e| panic!("{e}"));
            } else {
                panic!("docs/masm.md's instruction table is stale: rerun with TERN_UPDATE_DOCS=1");
            }
        }
        for &op in Opcode::ALL {
            assert!(table.contains(&format!("`{}`", op.mnemonic())));
        }
    }
}
