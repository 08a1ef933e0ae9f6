// CPU profile of the server while it answers one route: where a request's time goes (not a benchmark: no numbers to report).
// Run: PROFILE_PATH='/api/mcp-servers/bench-05000?environment=production' node --import tsx bench/profile-route.mjs
// Writes a .cpuprofile into PROFILE_DIR (/tmp/patchbay-profile) and prints the top functions by self time.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { SourceMap } from "node:module";
import path from "node:path";

import { ensureBuild } from "../lib/cli/ensure-build.ts";
import { startPatchbay } from "../e2e/support/patchbay-process.ts";
import { loadServers } from "./load-servers.ts";
import { cpuTicks, TICKS_PER_S } from "./process-cpu.mjs";
import { measure } from "./measure.mjs";

/** PROFILE_CPU=0: no profile, only the server's CPU time per request (steadier than req/s on a busy machine). */
const profiling = process.env.PROFILE_CPU !== "0";
const count = Number(process.env.BENCH_SERVERS ?? 10_000);
const route = process.env.PROFILE_PATH ?? `/api/mcp-servers/bench-05000?environment=production`;
/** Source maps of the build's chunks, read once each. */
const maps = new Map();
const dir = process.env.PROFILE_DIR ?? "/tmp/patchbay-profile";
const databaseUrl = process.env.BENCH_DATABASE_URL ?? `file:${dir}/profile.db`;
fs.mkdirSync(dir, { recursive: true });
if (process.env.PROFILE_FILE) {
  printTop(process.env.PROFILE_FILE); // an earlier run's profile, read again
  process.exit(0);
}

ensureBuild();
if (!fs.existsSync(databaseUrl.slice("file:".length))) await loadServers(databaseUrl, count);
const adminToken = `pb_bench_admin_${randomBytes(12).toString("hex")}`;
const patchbay = await startPatchbay({
  databaseUrl,
  env: { PATCHBAY_SEED_DEMO: "false", PATCHBAY_AUTH: "on", PATCHBAY_ADMIN_TOKEN: adminToken, ...(profiling ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${dir}` } : {}) },
});
const before = new Set(fs.readdirSync(dir));
try {
  const minted = await fetch(`${patchbay.baseUrl}/api/tokens`, {
    method: "POST", headers: { Authorization: `Bearer ${adminToken}`, "Content-Type": "application/json" }, body: JSON.stringify({ name: "profile", role: "runner" }),
  });
  const headers = { Authorization: `Bearer ${(await minted.json()).token}` };
  const method = process.env.PROFILE_METHOD ?? "GET";
  const body = process.env.PROFILE_BODY ? JSON.parse(process.env.PROFILE_BODY) : undefined;
  const options = { url: `${patchbay.baseUrl}${route}`, method, body, headers, expect: Number(process.env.PROFILE_EXPECT ?? 200) };
  await measure({ ...options, duration: 2 }); // warm-up
  const ticks = cpuTicks(patchbay.pid);
  const result = await measure({ ...options, duration: Number(process.env.BENCH_DURATION_S ?? 10) });
  const used = (cpuTicks(patchbay.pid) - ticks) / TICKS_PER_S;
  console.log(`${method} ${route}: ${result.rps.toFixed(0)} req/s, server CPU ${((1e6 * used) / result.count).toFixed(0)} µs per request${profiling ? " (under profiling)" : ""}`);
} finally {
  await patchbay.stop();
}
const written = fs.readdirSync(dir).filter((file) => file.endsWith(".cpuprofile") && !before.has(file))
  .map((file) => path.join(dir, file)).sort((a, b) => fs.statSync(b).size - fs.statSync(a).size);
for (const file of written.slice(0, 1)) printTop(file);

/** Self time by function and by source file, and time inside each of our source files (inclusive), source-mapped through the build's maps. */
function printTop(file) {
  const profile = JSON.parse(fs.readFileSync(file, "utf8"));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const hitsOf = new Map();
  for (const id of profile.samples) hitsOf.set(id, (hitsOf.get(id) ?? 0) + 1);
  const total = profile.samples.length;
  const self = new Map();
  const selfByFile = new Map();
  const inclusiveByFile = new Map();
  const inclusiveByFunction = new Map();
  for (const [id, hits] of hitsOf) {
    const where = originalOf(byId.get(id).callFrame);
    self.set(where.label, (self.get(where.label) ?? 0) + hits);
    selfByFile.set(where.file, (selfByFile.get(where.file) ?? 0) + hits);
    const seen = new Set();
    for (let at = id; at !== undefined; at = parentOf.get(at)) {
      const { file: source, label } = originalOf(byId.get(at).callFrame);
      if (!seen.has(source)) inclusiveByFile.set(source, (inclusiveByFile.get(source) ?? 0) + hits);
      if (!seen.has(label)) inclusiveByFunction.set(label, (inclusiveByFunction.get(label) ?? 0) + hits);
      seen.add(source);
      seen.add(label);
    }
  }
  const top = Number(process.env.PROFILE_TOP ?? 30);
  const print = (title, map) => {
    console.log(`\n${title}`);
    for (const [key, hits] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${((100 * hits) / total).toFixed(1).padStart(5)}%  ${key}`);
  };
  console.log(`${file}: ${total} samples`);
  print("self time by function", self);
  print("self time by file", selfByFile);
  print("inclusive time by function", new Map([...inclusiveByFunction].filter(([label]) => /lib\/|undici/.test(label))));
  print("inclusive time by file (ours and packages)", new Map([...inclusiveByFile].filter(([source]) => !source.startsWith("node:") && source !== "(native)")));
}

function originalOf({ functionName, url, lineNumber, columnNumber }) {
  const name = functionName || "(anonymous)";
  if (!url) return { file: "(native)", label: name };
  if (!url.includes("/.next/")) {
    const file = url.replace(/^file:\/\//, "").replace(/^.*\/node_modules\//, "");
    return { file: file.startsWith("node:") ? "node:" + file.slice(5).split("/")[0] : file, label: `${name} ${file}:${lineNumber + 1}` };
  }
  const chunk = url.replace(/^file:\/\//, "");
  if (!maps.has(chunk)) {
    let map = null;
    try { map = new SourceMap(JSON.parse(fs.readFileSync(`${chunk}.map`, "utf8"))); } catch { /* no map */ }
    maps.set(chunk, map);
  }
  const entry = maps.get(chunk)?.findEntry(lineNumber, columnNumber);
  if (!entry?.originalSource) return { file: chunk.replace(/^.*\/\.next\//, ".next/"), label: `${name} ${chunk}:${lineNumber + 1}` };
  const source = entry.originalSource.replace(/^.*\[project\]\//, "").replace(/^turbopack:\/\/\/?/, "").replace(/^.*\/node_modules\//, "");
  return { file: source, label: `${entry.name ?? name} ${source}:${entry.originalLine + 1}` };
}
