#!/usr/bin/env python3
"""Runs the same `.masm` functions on the peer (the Aptos MoveVM built by
`../shared/tools/aptos-peer/build.sh`) and on Tern, and compares what each reports: the return
value, or the error's status, location and offsets (publishing errors by status).

The peer's harness takes a module with no dependencies and calls a function with `u64`
arguments (or none); it prints the value of a `u64` result, or the error. The peer runs without
its debugging mode, so execution states are not compared.

    scripts/peer_diff.py probe FILE FUNCTION [ARG]
        one call, both outcomes printed
    scripts/peer_diff.py mutate FILE:FUNCTION:ARG[,FILE:FUNCTION:ARG...] COUNT [SEED]
        COUNT text-level mutants of the programs (instructions deleted, swapped, duplicated or
        replaced by one of their family, immediates changed); prints each mismatch and a tally

Environment: PEER (default ../peer/bin/aptos-move-bench), TERN (default
target/release/tern), PEER_DIFF_OUT (default /tmp/peer-diff: where mutants and mismatches are
kept, for reading). Mutants that Tern's assembler refuses are skipped.

With PEER_FULL set to a harness that also takes `--no-verify` (the verifier's scope set to
nothing), `--paranoid` (paranoid type checks and the trusted-code optimisation on) and `--debug`
(the VM's debugging mode, so errors carry an execution state; with the stable test display),
the comparison is complete: status, sub-status, location, offsets, message and execution
state, with Tern run through its transactional test runner; with SIGNER set (`0x1`), the
harness's `--signer` passes a signer before the `u64` argument, and Tern's `--signers` does. `PARANOID=1` then runs both in the
peer's paranoid-tests configuration (verifier off, runtime type checks on); without it, both
verify (and publishing failures are left to the comparison above). Mutants then also change
primitive types in locals, signatures and type arguments.
"""
import os
import random
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PEER = os.environ.get("PEER", os.path.join(ROOT, "..", "peer", "bin", "aptos-move-bench"))
TERN = os.environ.get("TERN", os.path.join(ROOT, "target", "release", "tern"))
OUT = os.environ.get("PEER_DIFF_OUT", "/tmp/peer-diff")
PEER_FULL = os.environ.get("PEER_FULL")
PARANOID = os.environ.get("PARANOID") == "1"
SIGNER = os.environ.get("SIGNER")


def run(cmd):
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=20)
    except subprocess.TimeoutExpired:
        return None
    return out.stdout + out.stderr


def peer_value(text):
    """The value the peer's harness printed, if it printed one."""
    m = re.search(r"warm-up call returned: \[U64\((\d+)\)\]", text)
    if m:
        return ("value", m.group(1))
    if "Err` value: [" in text:
        return ("value", "(not a u64)")
    return None


def peer_location(location):
    """The peer's `Debug` of a location, as Tern's test output writes it."""
    return re.sub(r'Module\(ModuleId \{ address: 0*([0-9a-f]+), name: Identifier\("(\w+)"\) \}\)',
                  r"0x\1::\2", location).replace("Undefined", "undefined")


def peer(path, function, arg):
    cmd = [PEER, path, function, "1", "--repeat", "1"] + (["--arg", str(arg)] if arg is not None else [])
    text = run(cmd)
    if text is None:
        return ("timeout",)
    value = peer_value(text)
    if value:
        return value
    if "UNEXPECTED_VERIFIER_ERROR" in text:
        m = re.search(r"Error: VMError \{ major_status: (\w+)", text)
        return ("publish", m.group(1) if m else "?")
    m = re.search(r"VMError \{ major_status: (\w+), sub_status: ([^,]+), .*?location: (.*?), "
                  r"indices: \[.*?\], offsets: (\[.*?\]) \}", text, re.S)
    if m:
        status, sub, location, offsets = m.groups()
        return ("error", status, sub, peer_location(location), offsets)
    return ("unread", text[-200:])


def tern(path, target, arg):
    cmd = [TERN, "run", path, target, "-v"] + (["--args", str(arg)] if arg is not None else [])
    text = run(cmd)
    if text is None:
        return ("timeout",)
    m = re.match(r"return values: (\d+)\s*$", text)
    if m:
        return ("value", m.group(1))
    if text.startswith("return values:"):
        return ("value", "(not a u64)")
    m = re.search(r"Unable to publish module .*?major_status: (\w+)", text, re.S)
    if m:
        return ("publish", m.group(1))
    m = re.search(r"major_status: (\w+),\s*sub_status: ([^,]+),\s*location: ([^,]+),\s*"
                  r"indices: \[.*?\],\s*offsets: (\[.*?\]),", text, re.S)
    if m:
        return ("error",) + m.groups()
    if text.startswith("Error: "):
        return ("assembly",)
    return ("unread", text[-200:])


def both(path, function, arg):
    if PEER_FULL:
        return tern_full(path, function, arg), peer_full(path, function, arg)
    module = re.search(r"module (0x\w+::\w+)", open(path).read()).group(1)
    return tern(path, f"{module}::{function}", arg), peer(path, function, arg)


def module_ids(text):
    return re.sub(r'Some\(ModuleId \{ address: 0*([0-9a-f]+), name: Identifier\("(\w+)"\) \}\)',
                  r"0x\1::\2", text)


def peer_full(path, function, arg):
    flags = ["--paranoid", "--debug"] + (["--no-verify"] if PARANOID else [])
    flags += ["--signer", SIGNER] if SIGNER else []
    cmd = [PEER_FULL, path, function, "1", "--repeat", "1"] + flags
    text = run(cmd + (["--arg", str(arg)] if arg is not None else []))
    if text is None:
        return ("timeout",)
    value = peer_value(text)
    if value:
        return value
    m = re.search(r"VMError \{ major_status: (\w+), sub_status: ([^,]+), message: (None|Some\(\"(.*?)\"\)), "
                  r"exec_state: (.*?), location: (.*?), indices: \[.*?\], offsets: (\[.*?\]) \}", text, re.S)
    if m:
        status, sub, _, message, state, location, offsets = m.groups()
        return ("error", status, sub, peer_location(location), offsets,
                (message or "").replace('\\"', '"'), module_ids(state))
    return ("unread", text[-200:])


def tern_full(path, function, arg):
    """Runs the call as a transactional test (in a paranoid-tests folder under PARANOID)."""
    source = open(path).read()
    module = re.search(r"module (0x\w+::\w+)", source).group(1)
    folder = os.path.join(OUT, "runner", "paranoid-tests" if PARANOID else "baseline")
    os.makedirs(folder, exist_ok=True)
    test = os.path.join(folder, "t.masm")
    args = (f" --signers {SIGNER}" if SIGNER else "") + (f" --args {arg}" if arg is not None else "")
    with open(test, "w") as f:
        f.write(f"//# publish\n{source.strip()}\n\n//# run {module}::{function}{args} --verbose\n")
    expected = test[:-5] + ".exp"
    open(expected, "w").close()
    if run([TERN, "test", test, "--update"]) is None:
        return ("timeout",)
    text = open(expected).read()
    published = text.split("task 1")[0]
    if "Error" in published:
        return ("publish",) if "Unable to publish" in published else ("assembly",)
    m = re.search(r"return values: (\d+)\s*$", text)
    if m:
        return ("value", m.group(1))
    if "return values:" in text:
        return ("value", "(not a u64)")
    m = re.search(r"message: (.*?),\n\s*major_status: (\w+),\s*sub_status: ([^,]+),\s*location: ([^,]+),\s*"
                  r"indices: \[.*?\],\s*offsets: (\[.*?\]),\s*exec_state: (.*?),\n\}", text, re.S)
    if m:
        message, status, sub, location, offsets, state = m.groups()
        return ("error", status, sub, location, offsets, "" if message == "None" else message,
                module_ids(state))
    return ("unread", text[-200:])


FAMILIES = [
    ["add", "sub", "mul", "div", "mod", "bit_or", "bit_and", "xor"],
    ["lt", "gt", "le", "ge", "eq", "neq"],
    ["br_true", "br_false"],
    ["copy_loc", "move_loc"],
    ["ld_u64", "ld_u8", "ld_u16", "ld_u32", "ld_u128", "ld_i64"],
    ["cast_u8", "cast_u16", "cast_u32", "cast_u64", "cast_u128", "cast_u256", "cast_i8", "cast_i64"],
]
INSTRUCTION = re.compile(r"^    [a-z_]+")


TYPES = ["u64", "u8", "bool", "address", "vector<u64>", "vector<u8>", "u128", "i64", "u16"]
PRIMITIVE = re.compile(r"\b(u64|u8|bool|address|u128|i64|u16)\b")


def mutate_type(lines, rng):
    """Changes one primitive type in a local, a signature or an instruction's type argument."""
    spots = [i for i, line in enumerate(lines) if PRIMITIVE.search(line)
             and (line.strip().startswith("local") or "fun " in line or "<" in line)]
    if not spots:
        return lines
    out = list(lines)
    i = rng.choice(spots)
    m = rng.choice(list(PRIMITIVE.finditer(out[i])))
    out[i] = out[i][: m.start()] + rng.choice(TYPES) + out[i][m.end():]
    return out


def mutate(lines, rng):
    body = [i for i, line in enumerate(lines) if INSTRUCTION.match(line) and not line.strip().startswith("local")]
    if not body:
        return lines
    out = list(lines)
    i = rng.choice(body)
    kind = rng.choice(["delete", "swap", "duplicate", "immediate", "immediate", "copy", "family", "family"])
    if kind == "delete":
        del out[i]
    elif kind == "swap":
        j = rng.choice(body)
        out[i], out[j] = out[j], out[i]
    elif kind == "duplicate":
        out.insert(i, out[rng.choice(body)])
    elif kind == "immediate":
        m = re.search(r"(\d+)$", out[i])
        if m:
            value = rng.choice([0, 1, 2, 255, 256, 65535, 2**32, 2**63, 2**64 - 1, rng.randrange(100)])
            out[i] = out[i][: m.start()] + str(value)
    elif kind == "copy":
        out[i] = out[rng.choice(body)]
    else:
        words = out[i].split()
        for family in FAMILIES:
            if words and words[0] in family:
                words[0] = rng.choice(family)
                out[i] = "    " + " ".join(words)
                break
    return out


def main():
    if len(sys.argv) >= 4 and sys.argv[1] == "probe":
        arg = sys.argv[4] if len(sys.argv) > 4 else None
        t, p = both(sys.argv[2], sys.argv[3], arg)
        print(f"tern {t}\npeer {p}\n{'same' if t == p else 'DIFFERENT'}")
        return
    if len(sys.argv) < 4 or sys.argv[1] != "mutate":
        sys.exit(__doc__)
    programs = [spec.split(":") for spec in sys.argv[2].split(",")]
    count = int(sys.argv[3])
    rng = random.Random(int(sys.argv[4]) if len(sys.argv) > 4 else 1)
    os.makedirs(OUT, exist_ok=True)
    tally = {}
    for n in range(count):
        path, function, arg = rng.choice(programs)
        lines = open(path).read().split("\n")
        for _ in range(rng.randrange(1, 3)):
            lines = mutate_type(lines, rng) if PEER_FULL and rng.random() < 0.35 else mutate(lines, rng)
        mutant = os.path.join(OUT, f"m{n}.masm")
        with open(mutant, "w") as f:
            f.write("\n".join(lines))
        t, p = both(mutant, function, arg)
        if t[0] == "assembly" or (PEER_FULL and t[0] == "publish"):
            os.remove(mutant)
            continue
        # An endless loop runs into the paranoid configuration's instruction budget in Tern
        # and into the time limit in the peer.
        if PEER_FULL and ("timeout" in (t[0], p[0]) or (t[0] == "error" and t[1] == "OUT_OF_GAS")):
            tally["timeout"] = tally.get("timeout", 0) + 1
            os.remove(mutant)
            continue
        key = ("same " if t == p else "DIFFERENT ") + t[0]
        tally[key] = tally.get(key, 0) + 1
        if t == p:
            os.remove(mutant)
        else:
            print(f"DIFFERENT {mutant} {function} {arg}\n  tern {t}\n  peer {p}", flush=True)
    print(tally)


if __name__ == "__main__":
    main()
