//! A small, bounded line diff (LCS over the differing middle) printed in unified style.

/// Lines of context around each change.
const CONTEXT: usize = 2;
/// Largest LCS table (cells) computed; beyond it the middle is shown as removed + added.
const MAX_CELLS: usize = 4_000_000;

/// One line of an edit script.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Edit {
    Same(usize, usize),
    Del(usize),
    Add(usize),
}

/// A unified diff of `expected` → `actual` (`-` expected, `+` actual), at most `max_lines`
/// lines long (a final `... N more lines` notes what was cut). Empty when equal.
pub fn unified_diff(expected: &str, actual: &str, max_lines: usize) -> String {
    let a: Vec<&str> = expected.split('\n').collect();
    let b: Vec<&str> = actual.split('\n').collect();
    let edits = edit_script(&a, &b);
    let mut out: Vec<String> = Vec::new();
    for hunk in hunks(&edits) {
        let (a0, b0) = hunk_start(&edits, hunk.0);
        let (na, nb) = hunk_counts(&edits[hunk.0..hunk.1]);
        out.push(format!("@@ -{},{na} +{},{nb} @@", a0 + 1, b0 + 1));
        for e in &edits[hunk.0..hunk.1] {
            out.push(match *e {
                Edit::Same(i, _) => format!(" {}", a.get(i).unwrap_or(&"")),
                Edit::Del(i) => format!("-{}", a.get(i).unwrap_or(&"")),
                Edit::Add(j) => format!("+{}", b.get(j).unwrap_or(&"")),
            });
        }
    }
    if out.len() > max_lines {
        let more = out.len() - max_lines;
        out.truncate(max_lines);
        out.push(format!("... {more} more lines"));
    }
    let mut text = out.join("\n");
    if !text.is_empty() {
        text.push('\n');
    }
    text
}

fn edit_script(a: &[&str], b: &[&str]) -> Vec<Edit> {
    let prefix = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let max_suffix = a.len().min(b.len()) - prefix;
    let suffix = a
        .iter()
        .rev()
        .zip(b.iter().rev())
        .take(max_suffix)
        .take_while(|(x, y)| x == y)
        .count();
    let mut edits: Vec<Edit> = (0..prefix).map(|i| Edit::Same(i, i)).collect();
    let (ma, mb) = (&a[prefix..a.len() - suffix], &b[prefix..b.len() - suffix]);
    middle(ma, mb, prefix, &mut edits);
    let (sa, sb) = (a.len() - suffix, b.len() - suffix);
    edits.extend((0..suffix).map(|k| Edit::Same(sa + k, sb + k)));
    edits
}

/// LCS edit script of the middle parts (offset by `base` in both inputs).
fn middle(a: &[&str], b: &[&str], base: usize, edits: &mut Vec<Edit>) {
    let (n, m) = (a.len(), b.len());
    if n.saturating_mul(m) > MAX_CELLS {
        edits.extend((0..n).map(|i| Edit::Del(base + i)));
        edits.extend((0..m).map(|j| Edit::Add(base + j)));
        return;
    }
    // lcs[i][j] = LCS length of a[i..] and b[j..], row-major with width m + 1.
    let w = m + 1;
    let mut lcs = vec![0u32; (n + 1) * w];
    for i in (0..n).rev() {
        for j in (0..m).rev() {
            lcs[i * w + j] = if a[i] == b[j] {
                lcs[(i + 1) * w + j + 1] + 1
            } else {
                lcs[(i + 1) * w + j].max(lcs[i * w + j + 1])
            };
        }
    }
    let (mut i, mut j) = (0, 0);
    while i < n || j < m {
        if i < n && j < m && a[i] == b[j] {
            edits.push(Edit::Same(base + i, base + j));
            i += 1;
            j += 1;
        } else if i < n && (j == m || lcs[(i + 1) * w + j] >= lcs[i * w + j + 1]) {
            edits.push(Edit::Del(base + i));
            i += 1;
        } else {
            edits.push(Edit::Add(base + j));
            j += 1;
        }
    }
}

/// Ranges of the edit script to print: changes with `CONTEXT` lines around, merged.
fn hunks(edits: &[Edit]) -> Vec<(usize, usize)> {
    let mut out: Vec<(usize, usize)> = Vec::new();
    for (k, e) in edits.iter().enumerate() {
        if matches!(e, Edit::Same(..)) {
            continue;
        }
        let start = k.saturating_sub(CONTEXT);
        let end = (k + CONTEXT + 1).min(edits.len());
        match out.last_mut() {
            Some(last) if start <= last.1 => last.1 = last.1.max(end),
            _ => out.push((start, end)),
        }
    }
    out
}

/// The line positions (0-based) in both inputs where the edit at `index` starts.
fn hunk_start(edits: &[Edit], index: usize) -> (usize, usize) {
    let before = &edits[..index];
    let na = before.iter().filter(|e| !matches!(e, Edit::Add(_))).count();
    let nb = before.iter().filter(|e| !matches!(e, Edit::Del(_))).count();
    (na, nb)
}

fn hunk_counts(edits: &[Edit]) -> (usize, usize) {
    hunk_start(edits, edits.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_texts_have_no_diff() {
        assert_eq!(unified_diff("a\nb\n", "a\nb\n", 100), "");
    }

    #[test]
    fn changed_line_with_context() {
        let exp = "1\n2\n3\n4\n5\n6\n7\n";
        let act = "1\n2\n3\nX\n5\n6\n7\n";
        assert_eq!(
            unified_diff(exp, act, 100),
            "@@ -2,5 +2,5 @@\n 2\n 3\n-4\n+X\n 5\n 6\n"
        );
    }

    #[test]
    fn insertions_deletions_and_truncation() {
        let d = unified_diff("a\nb\nc", "a\nc\nd", 100);
        assert_eq!(d, "@@ -1,3 +1,3 @@\n a\n-b\n c\n+d\n");
        let d = unified_diff("a\nb\nc", "x\ny\nz", 3);
        assert_eq!(d.lines().count(), 4);
        assert!(d.ends_with("... 4 more lines\n"));
    }

    #[test]
    fn separate_hunks() {
        let exp: String = (0..20).map(|i| format!("{i}\n")).collect();
        let act = exp.replace("3\n", "three\n").replace("15\n", "fifteen\n");
        let d = unified_diff(&exp, &act, 100);
        assert_eq!(d.matches("@@").count(), 4);
        assert!(d.contains("-15\n+fifteen\n"));
    }
}
