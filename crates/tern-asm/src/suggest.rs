//! "Did you mean" for names the assembler (and the `tern` command) does not know: the closest
//! known name, if one is close enough to be a likely slip.

/// The words of a name, lowercased, without the ones a guess adds or drops around Tern's
/// mnemonics (`imm_borrow_loc` for `borrow_loc`, `borrow_global_mut` for `mut_borrow_global`).
fn words(name: &str) -> Vec<String> {
    let mut w: Vec<String> = name
        .split('_')
        .filter(|w| !w.is_empty() && *w != "imm")
        .map(str::to_lowercase)
        .collect();
    w.sort();
    w
}

/// The candidate closest to `name`: one with the same words in another order (ignoring
/// `imm`), else the nearest by edit distance (a swap of two neighbours counts one edit)
/// within a third of the name's length, at least one edit and fewer than the name has
/// letters; `None` when nothing is that close.
pub fn closest<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let key = words(name);
    let lower = name.to_lowercase();
    let len = name.chars().count();
    let limit = (len / 3).max(1);
    let mut best: Option<(usize, &'a str)> = None;
    for c in candidates {
        if c == name {
            continue;
        }
        if !key.is_empty() && words(c) == key {
            return Some(c);
        }
        let d = strsim::osa_distance(&lower, &c.to_lowercase());
        if d <= limit && d < len && best.is_none_or(|(bd, _)| d < bd) {
            best = Some((d, c));
        }
    }
    best.map(|(_, c)| c)
}

/// Separates a diagnostic's message from its help in the strings the assembler's passes
/// return (identifiers never hold it); [`crate::assembler::Diagnostic`] keeps them apart.
pub(crate) const HELP_SEPARATOR: char = '\u{1f}';

/// The help "did you mean `X`?" for the closest candidate, behind [`HELP_SEPARATOR`], to
/// append to a message; or nothing.
pub(crate) fn did_you_mean<'a>(
    name: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> String {
    closest(name, candidates).map_or_else(String::new, |c| {
        format!("{HELP_SEPARATOR}did you mean `{c}`?")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const MNEMONICS: [&str; 6] = [
        "borrow_loc",
        "mut_borrow_loc",
        "mut_borrow_global",
        "borrow_global",
        "vec_borrow",
        "vec_mut_borrow",
    ];

    #[test]
    fn guesses_users_made_find_the_mnemonic() {
        assert_eq!(closest("imm_borrow_loc", MNEMONICS), Some("borrow_loc"));
        assert_eq!(
            closest("borrow_global_mut", MNEMONICS),
            Some("mut_borrow_global")
        );
        assert_eq!(closest("vec_imm_borrow", MNEMONICS), Some("vec_borrow"));
        assert_eq!(closest("borow_loc", MNEMONICS), Some("borrow_loc"));
        assert_eq!(closest("BORROW_LOK", MNEMONICS), Some("borrow_loc"));
    }

    #[test]
    fn far_names_get_no_suggestion() {
        assert_eq!(closest("frob", MNEMONICS), None);
        assert_eq!(did_you_mean("pack", MNEMONICS), "");
        assert_eq!(
            did_you_mean("counter", ["Counter", "Vault"]),
            "\u{1f}did you mean `Counter`?"
        );
        // One-letter names are too short to guess from.
        assert_eq!(closest("y", ["x"]), None);
    }
}
