#!/bin/sh
# Rebuilds seeds/verify and seeds/execute: assembles the modules of testsuite/, the conformance
# tests, the benchmark programs and tests/data (each `//# publish` task of a transactional test
# on its own, with the file's earlier modules as dependencies), adds every .mv of tests/data,
# corpus/sui-framework and the Aptos framework, minimizes with `cargo fuzz cmin` and keeps the
# smallest files. Run from fuzz/ after `cargo build --release -p tern-cli`.
set -eu
KEEP=${KEEP:-40}
work=$(mktemp -d)
mkdir -p "$work/raw" "$work/verify" "$work/execute"
python3 - "$work" <<'PY'
import hashlib, os, re, subprocess, sys
work = sys.argv[1]
tern = '../target/release/tern'
def keep(data):
    open(os.path.join(work, 'raw', hashlib.sha1(data).hexdigest()[:16]), 'wb').write(data)
roots = ['../testsuite', '../../shared/conformance', '../../shared/bench-programs',
         '../crates/tern-bench/programs', '../tests/data', '../examples']
for root in roots:
    for dp, _, fs in os.walk(root):
        for f in sorted(fs):
            path = os.path.join(dp, f)
            if f.endswith('.mv'):
                keep(open(path, 'rb').read())
            if not f.endswith('.masm'):
                continue
            text = open(path, errors='replace').read()
            chunks = [text] if '//#' not in text else [
                p.split('\n', 1)[1] for p in re.split(r'^//#', text, flags=re.M)[1:]
                if p.startswith(' publish') and '\n' in p]
            deps = []
            for i, body in enumerate(chunks):
                src, out = f'{work}/c.masm', f'{work}/c{len(deps)}.mv'
                open(src, 'w').write(body)
                cmd = [tern, 'asm', src, '-o', out] + sum((['--deps', d] for d in deps), [])
                if subprocess.run(cmd, capture_output=True, timeout=30).returncode == 0:
                    deps.append(out)
                    keep(open(out, 'rb').read())
for dp, _, fs in list(os.walk('../corpus/sui-framework')) + list(os.walk('../../shared/corpus/aptos-framework')):
    for f in fs:
        if f.endswith('.mv'):
            keep(open(os.path.join(dp, f), 'rb').read())
PY
for f in "$work"/raw/*; do
    cp "$f" "$work/verify/"
    # execute: 16 argument bytes (1, 2, ..., 16) before the module
    { printf '\020'; printf '\001\002\003\004\005\006\007\010\011\012\013\014\015\016\017\020'; cat "$f"; } \
        > "$work/execute/$(basename "$f")"
done
for t in verify execute; do
    sanitizer=""
    [ "$t" = verify ] && sanitizer="-s none"
    ASAN_OPTIONS=detect_leaks=0 cargo +nightly fuzz cmin $sanitizer "$t" "$work/$t" -- -detect_leaks=0 -timeout=10
    rm -rf "seeds/$t"
    mkdir -p "seeds/$t"
    ls -S -r "$work/$t" | head -n "$KEEP" | while read -r f; do cp "$work/$t/$f" "seeds/$t/"; done
done
rm -rf "$work"
