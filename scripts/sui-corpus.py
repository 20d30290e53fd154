#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Build Tern's Sui mainnet corpus from bcs.json files of the sui-packages repository.

Input: a directory laid out like the MystenLabs/sui-packages repository, i.e.
``packages/mainnet/0xNN/<62 hex digits>/bcs.json`` (other files are ignored).
Each bcs.json holds a package object: ``id``, ``version``, ``moduleMap``
(module name -> base64 module bytes), ``typeOriginTable``, ``linkageTable``
(``functionMap`` and anything else is ignored).

Output (in OUT_DIR):
  packages/<0x + 64 hex id>/<module>.mv   raw module bytes
  manifest.json                           per-package and per-module facts

The output is deterministic: packages and modules are written in sorted
order, JSON keys are sorted, and ``packages/`` is rebuilt from scratch on
every run (other files in OUT_DIR are left alone).

Module facts come from the binary header only: magic ``A1 1C EB 0B``, a
little-endian u32 version word (low 24 bits: bytecode version, high byte:
flavor, 0x05 = Sui), a ULEB128 table count, then per table a kind byte, a
ULEB128 offset and a ULEB128 length.  Tables of kind 0x11-0x14 (ENUM_DEFS,
ENUM_DEF_INST, VARIANT_HANDLES, VARIANT_INST_HANDLES) mean the module uses
enums.  The module's own name is read from its identifier and module-handle
tables and checked against the moduleMap key.

Standard library only (Python 3.11).
"""

import argparse
import base64
import hashlib
import json
import os
import shutil
import sys

MAGIC = b"\xa1\x1c\xeb\x0b"
SUI_FLAVOR = 0x05
TABLE_NAMES = {
    0x01: "MODULE_HANDLES",
    0x02: "DATATYPE_HANDLES",
    0x03: "FUNCTION_HANDLES",
    0x04: "FUNCTION_INST",
    0x05: "SIGNATURES",
    0x06: "CONSTANT_POOL",
    0x07: "IDENTIFIERS",
    0x08: "ADDRESS_IDENTIFIERS",
    0x0A: "STRUCT_DEFS",
    0x0B: "STRUCT_DEF_INST",
    0x0C: "FUNCTION_DEFS",
    0x0D: "FIELD_HANDLE",
    0x0E: "FIELD_INST",
    0x0F: "FRIEND_DECLS",
    0x10: "METADATA",
    0x11: "ENUM_DEFS",
    0x12: "ENUM_DEF_INST",
    0x13: "VARIANT_HANDLES",
    0x14: "VARIANT_INST_HANDLES",
}
ENUM_TABLE_KINDS = (0x11, 0x12, 0x13, 0x14)
FORMAT = "tern-sui-corpus/1"


class HeaderError(Exception):
    pass


def read_uleb(data, pos):
    value = 0
    shift = 0
    while True:
        if pos >= len(data):
            raise HeaderError("ULEB128 runs past the end at byte %d" % pos)
        byte = data[pos]
        pos += 1
        value |= (byte & 0x7F) << shift
        if not byte & 0x80:
            return value, pos
        shift += 7
        if shift > 63:
            raise HeaderError("ULEB128 too long at byte %d" % pos)


def module_facts(data):
    """Header facts of one compiled module (raises HeaderError if malformed)."""
    if len(data) < 9 or data[:4] != MAGIC:
        raise HeaderError("bad magic")
    word = int.from_bytes(data[4:8], "little")
    version = word & 0x00FFFFFF
    flavor_byte = word >> 24
    count, pos = read_uleb(data, 8)
    tables = []
    for _ in range(count):
        if pos >= len(data):
            raise HeaderError("table header runs past the end")
        kind = data[pos]
        pos += 1
        offset, pos = read_uleb(data, pos)
        length, pos = read_uleb(data, pos)
        tables.append((kind, offset, length))
    content_start = pos
    content_size = max((o + l for _, o, l in tables), default=0)
    if content_start + content_size > len(data):
        raise HeaderError("tables extend past the end of the binary")
    kinds = [k for k, _, _ in tables]
    unknown = sorted({k for k in kinds if k not in TABLE_NAMES})
    if unknown:
        raise HeaderError("unknown table kinds %s" % [hex(k) for k in unknown])
    name = self_name(data, tables, content_start, content_size)
    enum_kinds = sorted(k for k in set(kinds) if k in ENUM_TABLE_KINDS)
    if flavor_byte == SUI_FLAVOR:
        flavor = "sui"
    elif flavor_byte == 0:
        flavor = "unflavored"
    else:
        flavor = "unknown-0x%02x" % flavor_byte
    return {
        "size": len(data),
        "sha256": hashlib.sha256(data).hexdigest(),
        "version_word": "0x%08x" % word,
        "bytecode_version": version,
        "flavor": flavor,
        "table_count": count,
        "tables": [TABLE_NAMES[k] for k in kinds],
        "has_enum_tables": bool(enum_kinds),
        "enum_tables": [TABLE_NAMES[k] for k in enum_kinds],
        "self_name": name,
    }


def self_name(data, tables, start, size):
    """The module's own name: identifier of module handle number self_idx.

    The self module-handle index is the ULEB128 right after the table contents.
    """
    by_kind = {k: (o, l) for k, o, l in tables}
    if 0x01 not in by_kind or 0x07 not in by_kind:
        raise HeaderError("no module-handle or identifier table")
    self_idx, end = read_uleb(data, start + size)
    if end != len(data):
        raise HeaderError("%d trailing bytes after the self index" % (len(data) - end))
    off, length = by_kind[0x07]
    pos, stop = start + off, start + off + length
    idents = []
    while pos < stop:
        n, pos = read_uleb(data, pos)
        idents.append(data[pos:pos + n].decode("utf-8", "strict"))
        pos += n
    off, length = by_kind[0x01]
    pos, stop = start + off, start + off + length
    handles = []
    while pos < stop:
        addr, pos = read_uleb(data, pos)
        name, pos = read_uleb(data, pos)
        handles.append((addr, name))
    if self_idx >= len(handles) or handles[self_idx][1] >= len(idents):
        raise HeaderError("self module handle out of range")
    return idents[handles[self_idx][1]]


def norm_id(value):
    """0x + 64 lowercase hex digits."""
    h = value.lower()
    if h.startswith("0x"):
        h = h[2:]
    if not h or len(h) > 64 or any(c not in "0123456789abcdef" for c in h):
        raise ValueError("not an object id: %r" % value)
    return "0x" + h.rjust(64, "0")


def id_from_path(rel):
    """packages/<net>/0xNN/<62 hex>/bcs.json -> 0x + 64 hex, or None."""
    parts = rel.replace(os.sep, "/").split("/")
    if len(parts) >= 4 and parts[-1] == "bcs.json":
        prefix, rest = parts[-3], parts[-2]
        if prefix.startswith("0x") and len(prefix) == 4 and len(rest) == 62:
            return norm_id(prefix + rest)
    return None


def is_system_id(pid):
    """Framework/system packages live at small addresses and upgrade in place."""
    return int(pid, 16) < 0x10000


def find_bcs_files(root):
    found = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames.sort()
        if "bcs.json" in filenames:
            found.append(os.path.relpath(os.path.join(dirpath, "bcs.json"), root).replace(os.sep, "/"))
    return sorted(found)


def load_sources(path):
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    files = {}
    for entry in doc.get("files", []):
        files[entry["path"]] = entry
    return doc.get("repository"), files


def load_package(root, rel):
    with open(os.path.join(root, rel), encoding="utf-8") as f:
        doc = json.load(f)
    if doc.get("dataType", "package") != "package":
        raise ValueError("%s: dataType is %r, not a package" % (rel, doc.get("dataType")))
    pid = norm_id(doc["id"])
    from_path = id_from_path(rel)
    if from_path is not None and from_path != pid:
        raise ValueError("%s: id %s does not match its path" % (rel, pid))
    modules = {}
    for name in sorted(doc.get("moduleMap", {})):
        modules[name] = base64.b64decode(doc["moduleMap"][name], validate=True)
    linkage = {}
    for orig in sorted(doc.get("linkageTable") or {}):
        entry = doc["linkageTable"][orig]
        linkage[norm_id(orig)] = {
            "upgraded_id": norm_id(entry["upgraded_id"]),
            "upgraded_version": entry["upgraded_version"],
        }
    origins = []
    for entry in doc.get("typeOriginTable") or []:
        origins.append({
            "module_name": entry["module_name"],
            "datatype_name": entry["datatype_name"],
            "package": norm_id(entry["package"]),
        })
    return {
        "id": pid,
        "version": doc["version"],
        "modules": modules,
        "linkage": linkage,
        "type_origins": origins,
    }


def derive_original_ids(pkgs):
    """Original (version-1) id of each package, with the evidence used."""
    # Evidence 1: another package in the corpus links against this one.
    via_linkage = {}
    for p in pkgs.values():
        for orig, entry in p["linkage"].items():
            via_linkage.setdefault(entry["upgraded_id"], set()).add(orig)
    result = {}
    for pid, p in pkgs.items():
        others = sorted({o["package"] for o in p["type_origins"]} - {pid})
        if p["version"] == 1:
            result[pid] = (pid, "version_1", [])
        elif pid in via_linkage and len(via_linkage[pid]) == 1:
            result[pid] = (next(iter(via_linkage[pid])), "linkage_of_corpus_package", [])
        elif is_system_id(pid) and not others:
            result[pid] = (pid, "system_package_upgraded_in_place", [])
        elif len(others) == 1:
            result[pid] = (others[0], "type_origins", [])
        elif len(others) > 1:
            result[pid] = (None, "type_origins_ambiguous", others)
        else:
            result[pid] = (None, "unknown", [])
    return result


def build(args):
    root = args.bcs_dir
    repository = args.repository
    selection = None
    sources_path = args.sources or os.path.join(root, "sources.json")
    if os.path.exists(sources_path):
        repo_from_file, selection = load_sources(sources_path)
        repository = repository or repo_from_file
    elif args.sources:
        sys.exit("error: sources file %s not found" % args.sources)
    repository = repository or "MystenLabs/sui-packages"

    rels = find_bcs_files(root)
    if selection is not None:
        missing = sorted(set(selection) - set(rels))
        if missing:
            sys.exit("error: listed in the sources file but not found: %s" % ", ".join(missing))
        rels = [r for r in rels if r in selection]
    if not rels:
        sys.exit("error: no bcs.json files under %s" % root)

    pkgs = {}
    rel_of = {}
    errors = []
    for rel in rels:
        p = load_package(root, rel)
        if p["id"] in pkgs:
            sys.exit("error: package %s appears twice (%s, %s)" % (p["id"], rel_of[p["id"]], rel))
        pkgs[p["id"]] = p
        rel_of[p["id"]] = rel

    originals = derive_original_ids(pkgs)
    out_pkgs_dir = os.path.join(args.out_dir, "packages")
    if os.path.isdir(out_pkgs_dir):
        shutil.rmtree(out_pkgs_dir)
    os.makedirs(out_pkgs_dir)

    entries = []
    total_modules = 0
    total_bytes = 0
    for pid in sorted(pkgs):
        p = pkgs[pid]
        pdir = os.path.join(out_pkgs_dir, pid)
        os.makedirs(pdir)
        facts = {}
        for name, data in p["modules"].items():
            try:
                f = module_facts(data)
            except HeaderError as e:
                errors.append("%s::%s: %s" % (pid, name, e))
                continue
            if f["self_name"] != name:
                errors.append("%s::%s: the binary names itself %r" % (pid, name, f["self_name"]))
            del f["self_name"]
            facts[name] = f
            with open(os.path.join(pdir, name + ".mv"), "wb") as out:
                out.write(data)
            total_modules += 1
            total_bytes += len(data)
        deps = {}
        missing = []
        for orig, entry in p["linkage"].items():
            target = entry["upgraded_id"]
            dep = dict(entry)
            dep["in_corpus"] = target in pkgs
            if target in pkgs:
                dep["corpus_version"] = pkgs[target]["version"]
            else:
                missing.append(target)
            deps[orig] = dep
        original, basis, candidates = originals[pid]
        src = selection.get(rel_of[pid], {}) if selection is not None else {}
        source = {
            "repository": repository,
            "path": rel_of[pid],
            "commit": src.get("commit"),
        }
        for key in ("file_total_chars", "complete_copy", "note"):
            if key in src:
                source[key] = src[key]
        label = src.get("label")
        versions = [f["bytecode_version"] for f in facts.values()]
        entry = {
            "id": pid,
            "version": p["version"],
            "original_id": original,
            "original_id_basis": basis,
            "is_upgrade": original is not None and original != pid,
            "modules": sorted(p["modules"]),
            "module_facts": facts,
            "module_count": len(p["modules"]),
            "total_module_bytes": sum(len(d) for d in p["modules"].values()),
            "max_bytecode_version": max(versions) if versions else None,
            "flavors": sorted({f["flavor"] for f in facts.values()}),
            "has_enum_modules": any(f["has_enum_tables"] for f in facts.values()),
            "enum_modules": sorted(n for n, f in facts.items() if f["has_enum_tables"]),
            "dependencies": deps,
            "missing_dependencies": sorted(set(missing)),
            "type_origins": p["type_origins"],
            "source": source,
        }
        if candidates:
            entry["original_id_candidates"] = candidates
        if label:
            entry["label"] = label
        entries.append(entry)

    if errors:
        for e in errors:
            print("error: " + e, file=sys.stderr)
        sys.exit(1)

    closed = [e["id"] for e in entries if not e["missing_dependencies"]]
    manifest = {
        "format": FORMAT,
        "network": "mainnet",
        "source_repository": repository,
        "package_count": len(entries),
        "module_count": total_modules,
        "total_module_bytes": total_bytes,
        "packages_with_enum_modules": sum(1 for e in entries if e["has_enum_modules"]),
        "packages_closed_under_dependencies": len(closed),
        "packages": entries,
    }
    with open(os.path.join(args.out_dir, "manifest.json"), "w", encoding="utf-8") as f:
        json.dump(manifest, f, indent=2, sort_keys=True)
        f.write("\n")
    print("%d packages, %d modules, %d bytes of bytecode, %d with enum modules -> %s"
          % (len(entries), total_modules, total_bytes, manifest["packages_with_enum_modules"], args.out_dir))
    if args.markdown_table:
        print_table(entries)
    if args.list_missing:
        print_missing(entries)


def bcs_path(pid):
    """Repository path of a package's bcs.json (packages/mainnet/0xNN/<62 hex>/bcs.json)."""
    return "packages/mainnet/%s/%s/bcs.json" % (pid[:4], pid[4:])


def print_missing(entries):
    """The linkage targets not in the corpus, with the packages that link them and the path to
    add to the sources file (one step of the dependency closure; repeat after adding them)."""
    users = {}
    for e in entries:
        for dep in e["missing_dependencies"]:
            users.setdefault(dep, []).append(e["id"])
    print()
    print("%d linkage targets missing from the corpus" % len(users))
    for dep in sorted(users):
        print("%s  linked by %s" % (bcs_path(dep), ", ".join(short_id(u) for u in users[dep])))


def short_id(pid):
    if is_system_id(pid):
        return "0x" + pid[2:].lstrip("0")
    return pid[:10] + "…"


def print_table(entries):
    print()
    print("| id prefix | name | version | modules | max bytecode version | enums |")
    print("|---|---|---|---|---|---|")
    for e in entries:
        name = e.get("label") or ", ".join(e["modules"][:3]) + (", ..." if len(e["modules"]) > 3 else "")
        print("| `%s` | %s | %d | %d | %s | %s |" % (
            short_id(e["id"]), name, e["version"], e["module_count"], e["max_bytecode_version"],
            "yes" if e["has_enum_modules"] else "no"))


def main(argv=None):
    parser = argparse.ArgumentParser(
        description="Extract Sui mainnet packages from sui-packages bcs.json files into .mv files "
                    "plus a manifest (deterministic; standard library only).",
        epilog="Example: scripts/sui-corpus.py /work/ref/sui-packages corpus/sui-mainnet")
    parser.add_argument("bcs_dir", metavar="BCS_DIR",
                        help="directory laid out like the sui-packages repository "
                             "(packages/mainnet/0xNN/<62 hex>/bcs.json)")
    parser.add_argument("out_dir", metavar="OUT_DIR", help="output directory (packages/ and manifest.json)")
    parser.add_argument("--sources", metavar="FILE",
                        help="JSON list of the selected files with their commits "
                             "(default: BCS_DIR/sources.json if present, else every bcs.json found)")
    parser.add_argument("--repository", metavar="OWNER/NAME",
                        help="repository recorded as the source (default: the sources file's, "
                             "else MystenLabs/sui-packages)")
    parser.add_argument("--markdown-table", action="store_true",
                        help="also print a Markdown table of the packages (uses the sources file's labels)")
    parser.add_argument("--list-missing", action="store_true",
                        help="also list the linkage targets missing from the corpus with the bcs.json "
                             "paths to add to the sources file to close the corpus under dependencies")
    args = parser.parse_args(argv)
    os.makedirs(args.out_dir, exist_ok=True)
    build(args)


if __name__ == "__main__":
    main()
