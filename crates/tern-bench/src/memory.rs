//! Memory of vectors built by a push loop, measured as the peak resident memory of a whole
//! `tern run` process (`tern bench --memory`).
//!
//! For each primitive element type, [`push_loop_source`] is a module whose `run(n)` pushes `n`
//! elements onto a local vector and returns its length. [`measure_element_type`] runs it in a
//! child `tern run --peak-memory` twice, with `n` elements and with none; the difference of
//! the two peaks divided by `n` is what one element costs the process.

use crate::error::BenchError;
use std::path::Path;
use std::process::Command;

/// The primitive element types measured, in the order of the table.
pub const ELEMENT_TYPES: [&str; 14] = [
    "bool", "u8", "u16", "u32", "u64", "u128", "u256", "i8", "i16", "i32", "i64", "i128", "i256",
    "address",
];

/// The process's peak resident memory in bytes (`VmHWM` of `/proc/self/status`), or `None`
/// where the system does not report it.
pub fn peak_resident_bytes() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: u64 = line
        .trim_start_matches("VmHWM:")
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    kib.checked_mul(1024)
}

/// The instruction that pushes one element of type `ty`.
fn element_instruction(ty: &str) -> String {
    match ty {
        "bool" => "ld_true".to_string(),
        "address" => "ld_const<address> 0x7".to_string(),
        _ => format!("ld_{ty} 7"),
    }
}

/// A module `0xbe::push` whose `run(n: u64): u64` pushes `n` elements of type `ty` onto a
/// local `vector<ty>` and returns its length.
pub fn push_loop_source(ty: &str) -> String {
    let element = element_instruction(ty);
    format!(
        "module 0xbe::push

public fun run(n: u64): u64
    local v: vector<{ty}>
    local i: u64
    vec_pack<{ty}> 0
    st_loc v
    ld_u64 0
    st_loc i
head:
    copy_loc i
    copy_loc n
    lt
    br_false done
    mut_borrow_loc v
    {element}
    vec_push_back<{ty}>
    move_loc i
    ld_u64 1
    add
    st_loc i
    branch head
done:
    borrow_loc v
    vec_len<{ty}>
    ret
"
    )
}

/// What one element type cost.
#[derive(Debug, Clone, PartialEq)]
pub struct MemoryRow {
    /// The element type.
    pub element_type: String,
    /// Elements pushed.
    pub elements: u64,
    /// Peak resident memory of the process that pushed them, in bytes.
    pub peak_bytes: u64,
    /// Peak resident memory of the same process pushing none, in bytes.
    pub baseline_bytes: u64,
}

impl MemoryRow {
    /// Bytes per element: the peak above the baseline, divided by the elements.
    pub fn bytes_per_element(&self) -> f64 {
        self.peak_bytes.saturating_sub(self.baseline_bytes) as f64 / self.elements.max(1) as f64
    }
}

/// The heap quota of the measured runs (`tern run --max-heap-values`): 2³⁰ values, far
/// above what any measured vector holds.
pub const MEASURED_HEAP_VALUES: usize = 1 << 30;

/// Runs the push loop of `ty` with `elements` elements, and with none, each in a child
/// `tern_exe run --peak-memory`; `scratch` is a folder for the program file.
pub fn measure_element_type(
    tern_exe: &Path,
    scratch: &Path,
    ty: &str,
    elements: u64,
) -> Result<MemoryRow, BenchError> {
    let file = scratch.join(format!("push_{ty}.masm"));
    std::fs::write(&file, push_loop_source(ty))
        .map_err(|e| BenchError::Memory(format!("{}: {e}", file.display())))?;
    let peak_bytes = child_peak(tern_exe, &file, elements)?;
    let baseline_bytes = child_peak(tern_exe, &file, 0)?;
    // Best effort: a leftover scratch file is harmless.
    let _ = std::fs::remove_file(&file);
    Ok(MemoryRow {
        element_type: ty.to_string(),
        elements,
        peak_bytes,
        baseline_bytes,
    })
}

/// The peak memory a child `tern run --peak-memory` reports for `run(elements)`.
fn child_peak(tern_exe: &Path, file: &Path, elements: u64) -> Result<u64, BenchError> {
    let output = Command::new(tern_exe)
        .arg("run")
        .arg(file)
        .arg("0xbe::push::run")
        .arg(format!("--args={elements}"))
        .arg("--peak-memory")
        // Room for 10⁷ 32-byte elements and the vector's doubling (the default quota, about
        // 160 MB of values, stops a push loop near 5 million of them).
        .arg(format!("--max-heap-values={MEASURED_HEAP_VALUES}"))
        .output()
        .map_err(|e| BenchError::Memory(format!("{}: {e}", tern_exe.display())))?;
    let stderr = String::from_utf8_lossy(&output.stderr);
    let expected = format!("return values: {elements}");
    if !output.status.success() || !String::from_utf8_lossy(&output.stdout).contains(&expected) {
        return Err(BenchError::Memory(format!(
            "{} with {elements} elements failed: {}",
            file.display(),
            stderr.trim()
        )));
    }
    stderr
        .lines()
        .find_map(|l| l.strip_prefix("peak memory: "))
        .and_then(|rest| rest.strip_suffix(" bytes"))
        .and_then(|n| n.parse().ok())
        .ok_or_else(|| BenchError::Memory(format!("no peak memory reported: {}", stderr.trim())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_push_loop_assembles_and_counts_its_elements() {
        for ty in ELEMENT_TYPES {
            let source = push_loop_source(ty);
            let prepared = crate::harness::prepare_source(
                &source,
                "run",
                &[],
                vec![1000u64.to_le_bytes().to_vec()],
            )
            .unwrap_or_else(|e| panic!("{ty}: {e}"));
            let results = crate::harness::run_results(&prepared).unwrap();
            assert_eq!(results, vec![1000u64.to_le_bytes().to_vec()], "{ty}");
        }
    }

    #[test]
    fn bytes_per_element_is_the_peak_above_the_baseline() {
        let row = MemoryRow {
            element_type: "u64".into(),
            elements: 1000,
            peak_bytes: 20_000,
            baseline_bytes: 12_000,
        };
        assert_eq!(row.bytes_per_element(), 8.0);
    }
}
