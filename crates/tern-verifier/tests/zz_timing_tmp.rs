use std::time::Instant;
use tern_binary::CompiledModule;
#[test]
fn timing() {
    let dir = std::path::Path::new("/work/shared/corpus/aptos-framework");
    let manifest = std::fs::read_to_string(dir.join("MANIFEST.tsv")).unwrap();
    let bins: Vec<Vec<u8>> = manifest.lines().skip(1).map(|l| std::fs::read(dir.join(l.split('\t').next().unwrap())).unwrap()).collect();
    let mut best = std::time::Duration::MAX; let mut bestd = best; let mut bestl = best;
    let rounds: usize = std::env::var("ROUNDS").ok().and_then(|r| r.parse().ok()).unwrap_or(60);
    for round in 0..rounds {
        let t = Instant::now();
        let mods: Vec<CompiledModule> = bins.iter().map(|b| CompiledModule::deserialize(b).unwrap()).collect();
        let d = t.elapsed();
        let t = Instant::now();
        let mut per: Vec<(std::time::Duration, String)> = Vec::new();
        for m in &mods {
            let t1 = Instant::now();
            tern_verifier::verify_module(m, &Default::default()).unwrap();
            per.push((t1.elapsed(), m.name().unwrap().to_string()));
        }
        let v = t.elapsed();
        let t = Instant::now();
        let by_id: std::collections::BTreeMap<_, &CompiledModule> = mods.iter().map(|m| ({let h = m.self_handle().unwrap(); tern_primitives::ModuleId::new(m.address_identifiers[h.address.idx()], m.identifiers[h.name.idx()].clone())}, m)).collect();
        for m in &mods {
            let lookup = |id: &tern_primitives::ModuleId| by_id.get(id).copied();
            tern_verifier::verify_module_dependencies(m, &lookup).unwrap();
        }
        let l = t.elapsed(); bestl = bestl.min(l);
        per.sort(); per.reverse(); best = best.min(v); bestd = bestd.min(d);
        eprintln!("round {round}: deserialize {d:?} verify {v:?} top {:?}", &per[..5]);
    }
    eprintln!("BEST deserialize {bestd:?} verify {best:?} link {bestl:?}");
}
