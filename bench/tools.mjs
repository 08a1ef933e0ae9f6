// The tool catalog at the official registry's size (issue 14): search p99 and req/s beside the framework floor,
// and the time to ingest one server's tools/list of 100 tools.
// Run: npm run bench:tools  (node --import tsx bench/tools.mjs)
// Options: BENCH_SERVERS (25000), BENCH_TOOLS (150000, spread evenly over the servers), BENCH_DURATION_S (8),
//   BENCH_CONNECTIONS (8), BENCH_INGEST_RUNS (50), BENCH_DATABASE_URL (a file: or postgresql:// database to use
//   instead of a fresh temporary SQLite file; loaded when empty).
// The machine's load average is printed at start and end; a busy start marks the table as not reportable.
import os from "node:os";

import { ensureBuild } from "../lib/cli/ensure-build.ts";
import { removeTempSqlite, startPatchbay, tempSqliteUrl } from "../e2e/support/patchbay-process.ts";
import { loadServers } from "./load-servers.ts";
import { benchTool, loadTools } from "./load-tools.ts";
import { measure, printTable } from "./measure.mjs";

const servers = Number(process.env.BENCH_SERVERS ?? 25_000);
const toolCount = Number(process.env.BENCH_TOOLS ?? 150_000);
const duration = Number(process.env.BENCH_DURATION_S ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 8);
const ingestRuns = Number(process.env.BENCH_INGEST_RUNS ?? 50);
const perServer = Math.max(1, Math.round(toolCount / servers));
const ENVIRONMENT = "development";
const MAX_START_LOAD = 1.5;

const loadAtStart = os.loadavg();
console.log(`load average at start: ${loadAtStart.map((value) => value.toFixed(2)).join(" ")} (${os.cpus().length} CPUs)`);
const warning = loadAtStart[0] > MAX_START_LOAD ? `NOT REPORTABLE: 1-minute load ${loadAtStart[0].toFixed(2)} > ${MAX_START_LOAD} at start` : undefined;

ensureBuild();
const given = process.env.BENCH_DATABASE_URL;
const databaseUrl = given ?? tempSqliteUrl("bench-tools");
process.env.DATABASE_URL = databaseUrl;
try {
  const started = Date.now();
  await loadServers(databaseUrl, servers);
  await loadTools(databaseUrl, servers, perServer, ENVIRONMENT);
  console.log(`loaded ${servers} servers and ${servers * perServer} tools in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const ingest = await measureIngest();
  const patchbay = await startPatchbay({ databaseUrl, env: { PATCHBAY_AUTH: "off", PATCHBAY_SEED_DEMO: "false", PATCHBAY_HEALTH_INTERVAL_S: "0" } });
  try {
    const base = patchbay.baseUrl;
    const sample = `bench-${String(Math.floor(servers / 2)).padStart(5, "0")}`;
    const scenarios = [
      ["GET /api/healthz (framework floor)", "/api/healthz"],
      ["GET /api/tools (first page)", "/api/tools?limit=50"],
      ["GET /api/tools?search=invoice (common)", "/api/tools?search=invoice&limit=50"],
      [`GET /api/tools?search=(tool ${servers * perServer - 7}) (one match)`, `/api/tools?search=${encodeURIComponent(`(tool ${servers * perServer - 7})`)}&limit=50`],
      ["GET /api/tools?annotation=destructiveHint", "/api/tools?annotation=destructiveHint&limit=50"],
      [`GET /api/tools?server=${sample}`, `/api/tools?server=${sample}`],
      [`GET /api/mcp-servers/${sample}/tools`, `/api/mcp-servers/${sample}/tools`],
    ];
    const rows = [];
    for (const [name, path] of scenarios) {
      await measure({ url: `${base}${path}`, connections, duration: 1 });
      rows.push({ name, ...(await measure({ url: `${base}${path}`, connections, duration })) });
    }
    rows.push({ name: "GET /api/healthz (framework floor, again at the end)", ...(await measure({ url: `${base}/api/healthz`, connections, duration })) });
    const floor = Math.max(...rows.filter((row) => row.name.startsWith("GET /api/healthz")).map((row) => row.rps));
    console.log(`\n${servers} servers, ${servers * perServer} tools (SQLite unless BENCH_DATABASE_URL), ${connections} connections, ${duration} s each\n`);
    printTable(rows, floor, warning);
    const searchP99 = Math.max(...rows.filter((row) => row.name.includes("search")).map((row) => row.p99));
    console.log(`\ningest of one 100-tool toolset (in process, ${ingestRuns} runs each): ${formatIngest(ingest)}`);
    console.log(`targets: search p99 ≤ 50 ms ${searchP99 <= 50 ? "met" : "MISSED"} (${searchP99.toFixed(1)} ms); ingest ≤ 20 ms ${ingest.new.p50 <= 20 ? "met" : "MISSED"} (new toolset p50 ${ingest.new.p50.toFixed(1)} ms)`);
  } finally {
    await patchbay.stop();
  }
} finally {
  if (!given) removeTempSqlite(databaseUrl);
}
console.log(`load average at end: ${os.loadavg().map((value) => value.toFixed(2)).join(" ")}`);
if (warning) console.log(`⚠ ${warning}`);

/** ingestToolset in this process on the loaded database: a new toolset, the same again, and one with a tool changed. */
async function measureIngest() {
  const { ingestToolset } = await import("../lib/tools/tool-catalog.ts");
  const { getDb } = await import("../lib/db.ts");
  const ids = (await getDb().server.findMany({ orderBy: { id: "desc" }, take: ingestRuns, select: { id: true } })).map((row) => row.id);
  const toolset = (offset) => Array.from({ length: 100 }, (_, index) => {
    const { name, description, input_schema, title, annotations } = benchTool(1_000_000 + index);
    return { name, description: index === 0 ? `${description} ${offset}` : description, input_schema, title, annotations };
  });
  const time = async (run) => {
    const samples = [];
    for (const id of ids) {
      const started = performance.now();
      await run(id);
      samples.push(performance.now() - started);
    }
    samples.sort((a, b) => a - b);
    return { p50: samples[Math.floor(samples.length / 2)], p99: samples[Math.min(samples.length - 1, Math.floor(samples.length * 0.99))] };
  };
  const result = {
    new: await time((id) => ingestToolset(id, "bench-ingest", null, toolset(0), "trust_on_first_use")),
    same: await time((id) => ingestToolset(id, "bench-ingest", null, toolset(0), "trust_on_first_use")),
    changed: await time((id) => ingestToolset(id, "bench-ingest", null, toolset(1), "trust_on_first_use")),
  };
  await getDb().$disconnect();
  return result;
}

function formatIngest(ingest) {
  return Object.entries(ingest).map(([kind, { p50, p99 }]) => `${kind} p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`).join("; ");
}
