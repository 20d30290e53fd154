// SPDX-License-Identifier: Apache-2.0 OR MIT
//
// Rebuilds the compiled test packages of this folder with Sui's Move compiler (1.71) as the
// npm package @zktx.io/sui-move-builder 0.5.1 (MIT) ships it, compiled to WebAssembly. It runs
// offline under Node 20 or later. A development-time tool only: Tern's build and CI read the
// stored `.mv` files and never run this.
//
//   mkdir /tmp/smb && cd /tmp/smb && npm install @zktx.io/sui-move-builder@0.5.1
//   cd /tmp/smb && node /path/to/tern/tests/data/sui-compiled/build.mjs            # writes
//   cd /tmp/smb && node /path/to/tern/tests/data/sui-compiled/build.mjs --check    # compares
//
// The builder is looked up from the current directory (or from SUI_MOVE_BUILDER, the path of
// its package folder). Each package folder (default: `enums`) is compiled from its `Move.toml`
// and `sources/*.move`; its local dependencies (`{ local = "..." }`) are read from disk, and
// nothing is fetched from the network. Each compiled module is written as `<module>.mv` next to
// the package's `Move.toml`, byte for byte as the compiler produced it; `--check` instead
// fails if any stored file differs.

import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const check = args.includes("--check");
const packages = args.filter((a) => !a.startsWith("--"));
if (packages.length === 0) packages.push("enums");

const require = createRequire(path.join(process.cwd(), "noop.js"));
const builderPath = process.env.SUI_MOVE_BUILDER
  ? path.resolve(process.env.SUI_MOVE_BUILDER)
  : path.dirname(path.dirname(path.dirname(require.resolve("@zktx.io/sui-move-builder"))));
const builderJson = JSON.parse(fs.readFileSync(path.join(builderPath, "package.json"), "utf8"));
const builder = createRequire(path.join(builderPath, "noop.js"))(builderPath);
if (builderJson.version !== "0.5.1") {
  console.error(`warning: @zktx.io/sui-move-builder ${builderJson.version}, not 0.5.1`);
}
await builder.initMovePackageBuilder();
console.log(
  `@zktx.io/sui-move-builder ${builderJson.version}, Sui ${await builder.getPinnedSuiVersion()}`,
);

/// Move.toml and sources/*.move of a package folder.
function snapshot(dir) {
  const files = { "Move.toml": fs.readFileSync(path.join(dir, "Move.toml"), "utf8") };
  for (const name of fs.readdirSync(path.join(dir, "sources")).sort()) {
    if (name.endsWith(".move")) {
      files[`sources/${name}`] = fs.readFileSync(path.join(dir, "sources", name), "utf8");
    }
  }
  return files;
}

/// Serves local dependencies from disk, relative to the package that names them; refuses git.
class LocalFetcher extends builder.MovePackageFetcher {
  constructor(root) {
    super();
    this.root = root;
  }
  async fetch(gitUrl, rev, subdir) {
    throw new Error(`offline build: no git dependency (${gitUrl} ${rev} ${subdir ?? ""})`);
  }
  async fetchFile() {
    return null;
  }
  getResolvedSha() {
    return undefined;
  }
  async fetchLocal(localPath) {
    return snapshot(path.resolve(this.root, localPath));
  }
}

function uleb(bytes, at) {
  let value = 0;
  let shift = 0;
  for (;;) {
    const b = bytes[at.i++];
    value += (b & 0x7f) * 2 ** shift;
    if ((b & 0x80) === 0) return value;
    shift += 7;
  }
}

/// The name of a compiled module: its self module handle's identifier.
function moduleName(bytes) {
  const at = { i: 8 };
  const tables = new Map();
  const count = uleb(bytes, at);
  for (let t = 0; t < count; t++) {
    const kind = bytes[at.i++];
    tables.set(kind, { offset: uleb(bytes, at), length: uleb(bytes, at) });
  }
  const start = at.i;
  const end = Math.max(...[...tables.values()].map((t) => t.offset + t.length));
  const entries = (kind) => {
    const t = tables.get(kind);
    return { i: start + t.offset, end: start + t.offset + t.length };
  };
  const selfIndex = uleb(bytes, { i: start + end });
  const handles = entries(0x1);
  let nameIndex;
  for (let h = 0; h <= selfIndex; h++) {
    uleb(bytes, handles);
    nameIndex = uleb(bytes, handles);
  }
  const ids = entries(0x7);
  for (let k = 0; ; k++) {
    const len = uleb(bytes, ids);
    if (k === nameIndex) return Buffer.from(bytes.subarray(ids.i, ids.i + len)).toString("utf8");
    ids.i += len;
  }
}

let failed = false;
for (const name of packages) {
  const dir = path.resolve(here, name);
  const result = await builder.dumpMovePackage({
    files: snapshot(dir),
    fetcher: new LocalFetcher(dir),
    network: "mainnet",
  });
  if ("error" in result) {
    console.error(`${name}: ${result.category}: ${result.error}`);
    process.exit(1);
  }
  if (result.warnings) console.error(result.warnings);
  for (const b64 of result.modules) {
    const bytes = Buffer.from(b64, "base64");
    const header = bytes.subarray(0, 8).toString("hex");
    if (header !== "a11ceb0b07000005") throw new Error(`${name}: unexpected header ${header}`);
    const file = path.join(dir, `${moduleName(bytes)}.mv`);
    const rel = path.relative(here, file);
    if (check) {
      const same = fs.existsSync(file) && Buffer.compare(fs.readFileSync(file), bytes) === 0;
      console.log(`${same ? "same" : "DIFFERS"} ${rel} (${bytes.length} bytes)`);
      failed ||= !same;
    } else {
      fs.writeFileSync(file, bytes);
      console.log(`wrote ${rel} (${bytes.length} bytes)`);
    }
  }
}
process.exit(failed ? 1 : 0);
