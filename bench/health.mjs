// Health sweep of 1,000 loopback servers at concurrency 32, and what it does to the API's latency.
// Run: npm run bench:health   Options: BENCH_SERVERS, BENCH_LIVE_SHARE, BENCH_DURATION_S, BENCH_INTERVAL_S,
// BENCH_CONCURRENCY, BENCH_NICE_PEERS=1 (peers take CPU only when it is free, as servers on other machines would)
import { readFileSync } from "node:fs";
import os from "node:os";

import autocannon from "autocannon";

import { ensureBuild } from "../lib/cli/ensure-build.ts";
import { startPatchbay, tempSqliteUrl } from "../e2e/support/patchbay-process.ts";
import { freePort, startEverything } from "../lib/mcp/test-peers.ts";
import { printMarkdown } from "./markdown-table.mjs";

const count = Number(process.env.BENCH_SERVERS ?? 1_000);
const liveShare = Number(process.env.BENCH_LIVE_SHARE ?? 0.5);
const duration = Number(process.env.BENCH_DURATION_S ?? 80);
const interval = process.env.BENCH_INTERVAL_S ?? "25";
const concurrency = process.env.BENCH_CONCURRENCY ?? "32";
const SWEEP_LINE = /health sweep by \S+: (\d+) servers in (\d+) ms/;
const MARGIN_MS = 500;

ensureBuild();
const load = () => os.loadavg().map((value) => value.toFixed(2)).join(" ");
console.log(`load average before: ${load()} (${os.cpus().length} cores)`);

// A few live reference servers, each shared by many registrations; the rest point at closed ports.
const peers = await Promise.all([startEverything("streamableHttp"), startEverything("streamableHttp"), startEverything("streamableHttp"), startEverything("sse")]);
if (process.env.BENCH_NICE_PEERS === "1") for (const peer of peers) os.setPriority(peer.child.pid, 19);
const closedPorts = await Promise.all(Array.from({ length: 20 }, () => freePort()));
const databaseUrl = tempSqliteUrl("bench-health");
process.env.DATABASE_URL = databaseUrl;
const liveCount = Math.round(count * liveShare);
await loadHealthServers(count, (index) => {
  if (index >= liveCount) return { type: "http", url: `http://127.0.0.1:${closedPorts[index % closedPorts.length]}/mcp` };
  const peer = peers[index % peers.length];
  return peer === peers[3] ? { type: "sse", url: `http://127.0.0.1:${peer.port}/sse` } : { type: "http", url: `http://127.0.0.1:${peer.port}/mcp` };
});

// One instance sweeping every `interval` s; the API is loaded throughout, and each response is classed by
// whether a sweep was running when it arrived. Interleaving idle and sweeping spans of one run keeps the
// machine's other load (shared with other work) out of the comparison as far as possible.
const patchbay = await startPatchbay({ databaseUrl, env: { PATCHBAY_AUTH: "off", PATCHBAY_SEED_DEMO: "false", PATCHBAY_HEALTH_CONCURRENCY: concurrency, PATCHBAY_HEALTH_INTERVAL_S: interval } });
const sweeps = [];
const watcher = setInterval(() => {
  const lines = patchbay.logs().split("\n").filter((line) => SWEEP_LINE.test(line));
  for (const line of lines.slice(sweeps.length)) {
    const [, servers, ms] = line.match(SWEEP_LINE).map(Number);
    const cpu = [cpuMs(patchbay.pid), peers.reduce((sum, peer) => sum + cpuMs(peer.child.pid), 0)];
    sweeps.push({ servers, ms, end: Date.now(), start: Date.now() - ms, cpu });
  }
}, 50);

try {
  // The first sweep also starts the worker; the second runs with the API idle and is the one timed alone.
  await waitFor(() => sweeps.length >= 2, 180_000);
  const alone = sweeps[1];
  const aloneCpu = [alone.cpu[0] - sweeps[0].cpu[0], alone.cpu[1] - sweeps[0].cpu[1]];
  const url = `${patchbay.baseUrl}/api/mcp-servers/health-bench-${String(Math.floor(count / 2)).padStart(5, "0")}`;
  const samples = await sampleLatencies(url, duration);
  const samplesEnd = Date.now();
  // A sweep still running when sampling ended is known once it ends (its line carries its duration).
  const sweepsSoFar = sweeps.length;
  await waitFor(() => sweeps.length > sweepsSoFar, 180_000);

  const timed = sweeps.slice(2);
  const during = (at) => timed.some((sweep) => at >= sweep.start && at <= sweep.end);
  const nearEdge = (at) => timed.some((sweep) => Math.abs(at - sweep.start) < MARGIN_MS || Math.abs(at - sweep.end) < MARGIN_MS);
  const rows = [
    { name: "idle (no sweep running)", ...stats(samples.filter((s) => !during(s.at) && !nearEdge(s.at))) },
    { name: "during a sweep", ...stats(samples.filter((s) => during(s.at) && !nearEdge(s.at))) },
  ];

  console.log(`\n${count} servers (${liveCount} on ${peers.length} live server-everything, the rest on closed ports), concurrency ${concurrency}, a sweep every ${interval} s`);
  console.log(`API: GET one server, 8 connections for ${duration} s, each response classed by whether a sweep was running\n`);
  printMarkdown(["scenario", "requests", "p50 ms", "p99 ms"], rows.map((row) => [row.name, String(row.count), row.p50.toFixed(1), row.p99.toFixed(1)]));
  console.log("");
  printMarkdown(["sweep", "servers", "duration ms", "Patchbay CPU ms", "peers CPU ms"], [
    ["alone (API idle)", String(alone.servers), String(alone.ms), String(aloneCpu[0]), String(aloneCpu[1])],
    ...timed.map((sweep) => [sweep.start < samplesEnd ? "while the API is loaded" : "after the load", String(sweep.servers), String(sweep.ms), "", ""]),
  ]);
  console.log(`\np99 during a sweep / idle = ${(rows[1].p99 / rows[0].p99).toFixed(2)} (target ≤ 2); sweep target ≤ 15,000 ms`);
  const health = await (await fetch(`${patchbay.baseUrl}/api/mcp-servers?limit=1000&health=healthy`)).json();
  console.log(`healthy after the sweeps: ${health.mcp_servers.length} of ${liveCount} live registrations`);
  console.log(`load average after: ${load()}`);
} finally {
  clearInterval(watcher);
  await patchbay.stop();
  await Promise.all(peers.map((peer) => peer.stop()));
}

/** autocannon for `seconds`, keeping every response's arrival time and latency. */
async function sampleLatencies(url, seconds) {
  const samples = [];
  const instance = autocannon({ url, connections: 8, duration: seconds });
  instance.on("response", (_client, status, _bytes, latency) => {
    if (status !== 200) throw new Error(`GET ${url} answered ${status}`);
    samples.push({ at: Date.now(), latency });
  });
  await instance;
  return samples;
}

function stats(samples) {
  const sorted = samples.map((sample) => sample.latency).sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return { count: sorted.length, p50: at(0.5), p99: at(0.99) };
}

/** utime + stime of a process (all its threads), in ms; /proc counts in ticks of 10 ms (USER_HZ 100). */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
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
  const { createServer } = await import("../lib/registry/servers.ts");
  const { serverInputSchema } = await import("../lib/schemas/server.ts");
  for (let index = 0; index < total; index++) {
    const name = `health-bench-${String(index).padStart(5, "0")}`;
    await createServer(serverInputSchema.parse({ name, description: `Health bench server ${index}`, transport: transportOf(index) }), { actor: "bench" });
  }
}

