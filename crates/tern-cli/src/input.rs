//! Reading the files the commands are given: bounded in size (a device such as `/dev/zero`
//! or a huge file is refused, not read until memory runs out) and, for sources, checked to be
//! UTF-8 text with the position of the first bad byte.

use anyhow::{bail, Context, Result};
use std::io::Read;
use std::path::Path;

/// Largest file a command reads: far above any Move binary or source (the largest Aptos
/// framework module is under 200 KB).
pub(crate) const MAX_INPUT_BYTES: u64 = 64 * 1024 * 1024;

/// The bytes of `path`, refused past [`MAX_INPUT_BYTES`].
pub(crate) fn read_bytes(path: &Path) -> Result<Vec<u8>> {
    let file =
        std::fs::File::open(path).with_context(|| format!("cannot read {}", path.display()))?;
    let mut bytes = Vec::new();
    file.take(MAX_INPUT_BYTES + 1)
        .read_to_end(&mut bytes)
        .with_context(|| format!("cannot read {}", path.display()))?;
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        bail!(
            "{}: larger than {} MiB, not a Move binary or source",
            path.display(),
            MAX_INPUT_BYTES >> 20
        );
    }
    Ok(bytes)
}

/// The text of `path`, which must be UTF-8.
pub(crate) fn read_text(path: &Path) -> Result<String> {
    let bytes = read_bytes(path)?;
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        anyhow::anyhow!(
            "{}: not UTF-8 text (invalid byte at offset {at})",
            path.display()
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_that_is_not_utf8_names_the_offset() {
        let path = std::env::temp_dir().join(format!("tern-input-{}.masm", std::process::id()));
        std::fs::write(&path, b"module 0x1::m\n\xff").unwrap();
        let err = read_text(&path).unwrap_err().to_string();
        std::fs::remove_file(&path).unwrap();
        assert!(
            err.ends_with("not UTF-8 text (invalid byte at offset 14)"),
            "{err}"
        );
    }

    #[test]
    #[cfg(unix)]
    fn an_endless_device_is_refused() {
        let err = read_bytes(Path::new("/dev/zero")).unwrap_err().to_string();
        assert!(err.contains("larger than 64 MiB"), "{err}");
    }
}
