// CPU cost per request of the hot reads, relative to the framework floor: for a busy machine, where req/s is noise.
// Each scenario is sent REQUESTS times, one at a time, with a runner token; the server's CPU time (user + system,
// its whole process tree, from /proc) over those requests, divided by their count, is the figure.
// Run: node --import tsx bench/cpu.mjs
// Options: BENCH_SERVERS (10000), BENCH_TOOLS (0: tools spread over the servers, for the catalog searches),
//   BENCH_REQUESTS (400), BENCH_ROUNDS (10: the scenarios take turns, REQUESTS / ROUNDS at a time, so JIT warm-up and
//   the machine's other work fall on all of them alike), BENCH_DATABASE_URL (a file: or postgresql:// database to
//   reuse; loaded when empty).
import { randomBytes } from "node:crypto";

import { ensureBuild } from "../lib/cli/ensure-build.ts";
import { createClient } from "../lib/db.ts";
import { removeTempSqlite, startPatchbay, tempSqliteUrl } from "../e2e/support/patchbay-process.ts";
import { BLUEPRINT_REQUEST, loadBlueprintAgent } from "./blueprint-agent.mjs";
import { loadServers } from "./load-servers.ts";
import { loadTools } from "./load-tools.ts";
import { cpuTicks, TICKS_PER_S } from "./process-cpu.mjs";

const count = Number(process.env.BENCH_SERVERS ?? 10_000);
const tools = Number(process.env.BENCH_TOOLS ?? 0);
const requests = Number(process.env.BENCH_REQUESTS ?? 400);
const rounds = Number(process.env.BENCH_ROUNDS ?? 10);

ensureBuild();
const given = process.env.BENCH_DATABASE_URL;
const databaseUrl = given ?? tempSqliteUrl("bench-cpu");
try {
  const fresh = await isEmpty(databaseUrl);
  if (fresh) {
    await loadServers(databaseUrl, count);
    if (tools > 0) await loadTools(databaseUrl, count, Math.max(1, Math.round(tools / count)), "development");
  }
  const adminToken = `pb_bench_admin_${randomBytes(12).toString("hex")}`;
  const patchbay = await startPatchbay({ databaseUrl, env: { PATCHBAY_AUTH: "on", PATCHBAY_ADMIN_TOKEN: adminToken, PATCHBAY_SEED_DEMO: "false", PATCHBAY_HEALTH_INTERVAL_S: "0" } });
  try {
    const base = patchbay.baseUrl;
    const admin = { Authorization: `Bearer ${adminToken}` };
    const runner = { Authorization: `Bearer ${await mintRunnerToken(base, admin)}` };
    const agent = fresh || !(await exists(base, "/api/agents/bench-agent", admin)) ? await loadBlueprintAgent(base, admin) : "bench-agent";
    const sample = `bench-${String(Math.floor(count / 2)).padStart(5, "0")}`;
    const scenarios = [
      ["GET /api/healthz (framework floor)", "/api/healthz"],
      ["GET one server, environment=production", `/api/mcp-servers/${sample}?environment=production`],
      ["POST validate", `/api/mcp-servers/${sample}/validate`, { parameters: { tenant: "acme" }, environment: "staging" }],
      ["POST blueprint", `/api/agents/${agent}/blueprint`, BLUEPRINT_REQUEST],
      ["GET list, tags=tag-3,tag-4", "/api/mcp-servers?tags=tag-3,tag-4"],
      ["GET list, search=semantic", "/api/mcp-servers?search=semantic"],
      ...(tools > 0 ? [
        ["GET /api/tools?search=invoice", "/api/tools?search=invoice&limit=50"],
        ["GET /api/tools?search=(tool 1234) (one match)", `/api/tools?search=${encodeURIComponent("(tool 1234)")}&limit=50`],
        ["GET /api/tools?annotation=destructiveHint", "/api/tools?annotation=destructiveHint&limit=50"],
        [`GET /api/mcp-servers/${sample}/tools`, `/api/mcp-servers/${sample}/tools?environment=development`],
      ] : []),
    ];
    const sends = scenarios.map(([name, path, body]) => async () => {
      const response = await fetch(`${base}${path}`, body === undefined ? { headers: runner } : { method: "POST", headers: { ...runner, "Content-Type": "application/json" }, body: JSON.stringify(body) });
      if (response.status !== 200) throw new Error(`${name}: ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
    });
    for (const send of sends) for (let i = 0; i < 20; i++) await send(); // JIT and lazily loaded routes, not measured
    const ticks = sends.map(() => 0);
    const perRound = Math.ceil(requests / rounds);
    for (let round = 0; round < rounds; round++) {
      for (const [index, send] of sends.entries()) {
        const before = cpuTicks(patchbay.pid);
        for (let i = 0; i < perRound; i++) await send();
        ticks[index] += cpuTicks(patchbay.pid) - before;
      }
    }
    const rows = scenarios.map(([name], index) => ({ name, us: (ticks[index] / TICKS_PER_S / (perRound * rounds)) * 1e6 }));
    const floor = rows[0].us;
    console.log(`\n${count} servers${tools > 0 ? `, ${tools} tools` : ""}; ${requests} requests each, one at a time, runner token: server CPU per request\n`);
    console.log("| scenario | CPU µs/request | × floor's cost |\n|---|---|---|");
    for (const row of rows) console.log(`| ${row.name} | ${row.us.toFixed(0)} | ${(row.us / floor).toFixed(2)} |`);
  } finally {
    await patchbay.stop();
  }
} finally {
  if (!given) removeTempSqlite(databaseUrl);
}

async function mintRunnerToken(baseUrl, admin) {
  const response = await fetch(`${baseUrl}/api/tokens`, { method: "POST", headers: { ...admin, "Content-Type": "application/json" }, body: JSON.stringify({ name: `cpu runner ${randomBytes(4).toString("hex")}`, role: "runner" }) });
  if (response.status !== 201) throw new Error(`minting the runner token: ${response.status} ${await response.text()}`);
  return (await response.json()).token;
}

async function exists(baseUrl, path, headers) {
  return (await fetch(`${baseUrl}${path}`, { headers })).status === 200;
}

async function isEmpty(url) {
  const db = createClient(url);
  try {
    return (await db.server.count()) === 0;
  } catch {
    return true;
  } finally {
    await db.$disconnect();
  }
}
