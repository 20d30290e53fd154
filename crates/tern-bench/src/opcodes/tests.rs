use super::*;

#[test]
fn lines_fit() {
    let (a, b, se) = least_squares(&[1.0, 2.0, 3.0], &[3.0, 5.0, 7.0]);
    assert!((a - 1.0).abs() < 1e-12 && (b - 2.0).abs() < 1e-12 && se.abs() < 1e-12);
    let (_, _, se) = least_squares(&[1.0, 2.0, 3.0, 4.0], &[3.0, 5.5, 7.0, 9.5]);
    assert!(se > 0.0);
    assert!(least_squares(&[1.0], &[1.0]).1.is_nan());
}

#[test]
fn solving_subtracts_loop_and_helpers() {
    let fams = families::all();
    let add = fams.iter().find(|f| f.name == "add u64").unwrap();
    let known: HashMap<String, f64> = [("copy_loc u64".to_string(), 1.0), ("pop".into(), 0.5)]
        .into_iter()
        .collect();
    // slope = loop 9 + 10 units of (2 copies + add 3 + pop) = 9 + 10 * 5.5
    let row = solve(add, 9.0 + 55.0, 1.0, 49, 9.0, &known);
    assert!((row.ns_per_unit - 5.5).abs() < 1e-9);
    assert!((row.ns_per_op - 3.0).abs() < 1e-9);
    assert!((row.op_stderr - 0.1).abs() < 1e-9);
    let pair = fams.iter().find(|f| f.name == "ld_u64").unwrap();
    let row = solve(pair, 9.0 + 10.0, 0.0, 29, 9.0, &HashMap::new());
    assert!((row.ns_per_op - 0.5).abs() < 1e-9);
}

#[test]
fn selection_keeps_helpers() {
    let names: Vec<String> = select(Some("xor u8")).into_iter().map(|f| f.name).collect();
    for n in [families::LOOP, "ld_u64", "copy_loc u8", "xor u8"] {
        assert!(names.iter().any(|x| x == n), "{n} missing from {names:?}");
    }
    assert!(names.len() < 6, "{names:?}");
}

/// Every family's loop assembles, verifies, runs, and executes exactly the instructions its
/// unit lists (checked inside `measure_family`, here with a tiny timing budget).
#[test]
fn every_family_runs_and_counts_as_expected() {
    let config = OpcodeConfig {
        point: MeasureConfig {
            budget: Budget::Iters(1),
            samples: 1,
            warmup: Duration::ZERO,
        },
    };
    let families = families::all();
    let (rows, failures) = measure_all(&families, &config, &mut |_, _, _| {});
    let failures: Vec<String> = failures.iter().map(|(n, e)| format!("{n}: {e}")).collect();
    assert!(failures.is_empty(), "{failures:#?}");
    assert_eq!(rows.len(), families.len());
    let table = markdown_table(&rows);
    assert!(table.contains("| ns / instruction | u8 | u16 |"), "{table}");
    assert!(table.contains("| add |"), "{table}");
    assert!(table.contains("| locals | copy_loc u64 |"), "{table}");
    assert_eq!(csv(&rows).lines().count(), rows.len() + 1);
}

#[test]
fn calibration_programs_run() {
    let Some(dir) = calibration::calibration_dir() else {
        eprintln!("skipped: shared/bench-programs/aptos-gas-calibration not found");
        return;
    };
    // All of them (well under a second in release): every file publishes, including those
    // beyond the production verifier limits (64 fields, 1,600 structs), and every
    // `calibrate_*` function behaves as upstream expects.
    let results = calibration::smoke_all(&dir, None);
    let rejected: Vec<_> = results.iter().filter(|r| r.function.is_empty()).collect();
    assert!(rejected.is_empty(), "{rejected:#?}");
    assert!(results.len() > 400, "{}", results.len());
    let failed: Vec<_> = results.iter().filter(|r| !r.passed()).collect();
    assert!(failed.is_empty(), "{failed:#?}");
}
