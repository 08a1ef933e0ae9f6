// Health sweep of 1,000 loopback servers at concurrency 32, and what it does to the API's latency.
// Run: node --import tsx bench/health.mjs   Options: BENCH_SERVERS, BENCH_LIVE_SHARE, BENCH_DURATION_S, BENCH_CONCURRENCY
import { readFileSync } from "node:fs";
import os from "node:os";

import { ensureBuild } from "../lib/cli/ensure-build.ts";
import { startPatchbay, tempSqliteUrl } from "../e2e/support/patchbay-process.ts";
import { freePort, startEverything } from "../lib/health/test-peers.ts";
import { measure } from "./measure.mjs";

const count = Number(process.env.BENCH_SERVERS ?? 1_000);
const liveShare = Number(process.env.BENCH_LIVE_SHARE ?? 0.5);
const duration = Number(process.env.BENCH_DURATION_S ?? 8);
const concurrency = process.env.BENCH_CONCURRENCY ?? "32";
const SWEEP_LINE = /health sweep by \S+: (\d+) servers in (\d+) ms/g;

ensureBuild();
const load = () => os.loadavg().map((value) => value.toFixed(2)).join(" ");
console.log(`load average before: ${load()} (${os.cpus().length} cores)`);

// A few live reference servers, each shared by many registrations; the rest point at closed ports.
const peers = await Promise.all([startEverything("streamableHttp"), startEverything("streamableHttp"), startEverything("streamableHttp"), startEverything("sse")]);
const closedPorts = await Promise.all(Array.from({ length: 20 }, () => freePort()));
const databaseUrl = tempSqliteUrl("bench-health");
process.env.DATABASE_URL = databaseUrl;
const liveCount = Math.round(count * liveShare);
await loadHealthServers(count, (index) => {
  if (index >= liveCount) return { type: "http", url: `http://127.0.0.1:${closedPorts[index % closedPorts.length]}/mcp` };
  const peer = peers[index % peers.length];
  return peer === peers[3] ? { type: "sse", url: `http://127.0.0.1:${peer.port}/sse` } : { type: "http", url: `http://127.0.0.1:${peer.port}/mcp` };
});
const sample = `health-bench-${String(Math.floor(count / 2)).padStart(5, "0")}`;
const env = { PATCHBAY_AUTH: "off", PATCHBAY_SEED_DEMO: "false", PATCHBAY_HEALTH_CONCURRENCY: concurrency };

const rows = [];
try {
  // Idle: the same app with the scheduler off.
  const idle = await startPatchbay({ databaseUrl, env: { ...env, PATCHBAY_HEALTH_INTERVAL_S: "0" } });
  try {
    const url = `${idle.baseUrl}/api/mcp-servers/${sample}`;
    await measure({ url, duration: 2 }); // warm-up
    rows.push({ name: "idle (scheduler off)", ...(await measure({ url, duration })) });
  } finally {
    await idle.stop();
  }

  // Sweeping: a 1 s interval, so sweeps follow one another back to back for the whole measurement.
  const busy = await startPatchbay({ databaseUrl, env: { ...env, PATCHBAY_HEALTH_INTERVAL_S: "1" } });
  try {
    const url = `${busy.baseUrl}/api/mcp-servers/${sample}`;
    // Sweep 1 warms the worker up (it loads the sources through tsx); sweep 2 runs alone and is timed.
    await waitFor(() => sweeps(busy.logs()).length >= 1, 180_000);
    const cpuBefore = [cpuMs(busy.pid), ...peers.map((peer) => cpuMs(peer.child.pid))];
    await waitFor(() => sweeps(busy.logs()).length >= 2, 180_000);
    const cpuAfter = [cpuMs(busy.pid), ...peers.map((peer) => cpuMs(peer.child.pid))];
    const alone = sweeps(busy.logs())[1];
    const before = sweeps(busy.logs()).length;
    rows.push({ name: "during back-to-back sweeps", ...(await measure({ url, duration })) });
    const loaded = sweeps(busy.logs()).slice(before);
    console.log(`\nsweep alone: ${alone.servers} servers in ${alone.ms} ms`);
    console.log(`CPU used meanwhile: Patchbay ${cpuAfter[0] - cpuBefore[0]} ms, the ${peers.length} peers ${cpuAfter.slice(1).reduce((sum, ms, i) => sum + ms - cpuBefore[i + 1], 0)} ms`);
    console.log(`sweeps finished while measuring the API: ${loaded.map((sweep) => `${sweep.ms} ms`).join(", ") || "none"}`);
    const health = await (await fetch(`${busy.baseUrl}/api/mcp-servers?limit=1000&health=healthy`)).json();
    console.log(`healthy after the sweeps: ${health.mcp_servers.length} of ${liveCount} live registrations`);
  } finally {
    await busy.stop();
  }
} finally {
  await Promise.all(peers.map((peer) => peer.stop()));
}

console.log(`\n${count} servers (${liveCount} on ${peers.length} live server-everything, the rest on closed ports), concurrency ${concurrency}; GET one server, 8 connections, ${duration} s\n`);
printTable(rows);
const ratio = rows[1].p99 / rows[0].p99;
console.log(`\np99 during sweeps / idle = ${ratio.toFixed(2)} (target ≤ 2)`);
console.log(`load average after: ${load()}`);

function sweeps(logs) {
  return [...logs.matchAll(SWEEP_LINE)].map((match) => ({ servers: Number(match[1]), ms: Number(match[2]) }));
}

/** utime + stime of a process (all its threads), in ms. */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

async function waitFor(condition, timeoutMs) {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function loadHealthServers(total, transportOf) {
  const { applyMigrations } = await import("../lib/db/migrate.ts");
  await applyMigrations(databaseUrl);
  const { createServer } = await import("../lib/data/servers.ts");
  const { serverInputSchema } = await import("../lib/schemas/server.ts");
  for (let index = 0; index < total; index++) {
    const name = `health-bench-${String(index).padStart(5, "0")}`;
    await createServer(serverInputSchema.parse({ name, description: `Health bench server ${index}`, transport: transportOf(index) }), { actor: "bench" });
  }
}

function printTable(table) {
  const header = ["scenario", "req/s", "p50 ms", "p99 ms"];
  const lines = table.map((row) => [row.name, row.rps.toFixed(0), row.p50.toFixed(1), row.p99.toFixed(1)]);
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column].length)));
  const format = (cells) => `| ${cells.map((cell, column) => cell.padEnd(widths[column])).join(" | ")} |`;
  console.log(format(header));
  console.log(format(widths.map((width) => "-".repeat(width))));
  for (const line of lines) console.log(format(line));
}
