// CPU profile of the server while it answers one route: where a request's time goes (not a benchmark: no numbers to report).
// Run: PROFILE_PATH='/api/mcp-servers/bench-05000?environment=production' node --import tsx bench/profile-route.mjs
// Writes a .cpuprofile into PROFILE_DIR (/tmp/patchbay-profile) and prints the top functions by self time.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

import { ensureBuild } from "../lib/cli/ensure-build.ts";
import { startPatchbay } from "../e2e/support/patchbay-process.ts";
import { loadServers } from "./load-servers.ts";
import { cpuTicks, TICKS_PER_S } from "./process-cpu.mjs";
import { measure } from "./measure.mjs";
import { printTop } from "./cpu-profile-report.mjs";

/** PROFILE_CPU=0: no profile, only the server's CPU time per request (steadier than req/s on a busy machine). */
const profiling = process.env.PROFILE_CPU !== "0";
const count = Number(process.env.BENCH_SERVERS ?? 10_000);
const route = process.env.PROFILE_PATH ?? `/api/mcp-servers/bench-05000?environment=production`;
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
