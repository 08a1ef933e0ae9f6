// CPU profile of Patchbay while MCP SDK clients call server-everything's `echo` through an agent's gateway: where a
// relayed tools/call's time goes (not a benchmark: no numbers to report). PROFILE_REQUEST=prompt profiles prompts/get.
// Run: node --import tsx bench/profile-gateway.mjs   Options: BENCH_DURATION_S (20), PROFILE_CONNECTIONS (1),
// PROFILE_CPU=0 (no profile: only Patchbay's CPU per call), PROFILE_DIR (/tmp/patchbay-profile).
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

import { ensureBuild } from "../lib/cli/ensure-build.ts";
import { startEverything } from "../lib/mcp/test-peers.ts";
import { removeTempSqlite, startPatchbay, tempSqliteUrl } from "../e2e/support/patchbay-process.ts";
import { printTop } from "./cpu-profile-report.mjs";
import { measureMcp } from "./measure-mcp.mjs";
import { cpuTicks, TICKS_PER_S } from "./process-cpu.mjs";

const profiling = process.env.PROFILE_CPU !== "0";
const dir = process.env.PROFILE_DIR ?? "/tmp/patchbay-profile";
const connections = Number(process.env.PROFILE_CONNECTIONS ?? 1);
const duration = Number(process.env.BENCH_DURATION_S ?? 20);
const requests = {
  call: async (client) => client.callTool({ name: "everything.echo", arguments: { message: "profile" } }),
  prompt: async (client) => client.getPrompt({ name: "everything.simple-prompt" }),
};
const request = requests[process.env.PROFILE_REQUEST ?? "call"];
fs.mkdirSync(dir, { recursive: true });

ensureBuild();
const databaseUrl = tempSqliteUrl("profile-gateway");
const adminToken = `pb_profile_admin_${randomBytes(12).toString("hex")}`;
const everything = await startEverything("streamableHttp");
const before = new Set(fs.readdirSync(dir));
try {
  const patchbay = await startPatchbay({
    databaseUrl,
    env: {
      PATCHBAY_AUTH: "on", PATCHBAY_ADMIN_TOKEN: adminToken, PATCHBAY_SEED_DEMO: "false", PATCHBAY_RATE_CALLS_PER_MIN: "100000000",
      ...(profiling ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${dir}` } : {}),
    },
  });
  try {
    const admin = { Authorization: `Bearer ${adminToken}`, "Content-Type": "application/json" };
    const send = async (method, route, body) => {
      const response = await fetch(`${patchbay.baseUrl}${route}`, { method, headers: admin, body: JSON.stringify(body) });
      if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
      return response.json();
    };
    await send("POST", "/api/mcp-servers", { name: "everything", description: "server-everything", version: "1.0.0", transport: { type: "http", url: `http://127.0.0.1:${everything.port}/mcp` } });
    await send("POST", "/api/mcp-servers/everything/test", {});
    await send("POST", "/api/agents", { name: "echo", description: "One upstream", mcp_servers: { everything: "everything" } });
    const runner = { Authorization: `Bearer ${(await send("POST", "/api/tokens", { name: "profile-runner", role: "runner" })).token}` };
    let ticks = 0;
    const result = await measureMcp({ url: `${patchbay.baseUrl}/mcp/agents/echo`, headers: runner, request, connections, duration, onStart: () => (ticks = cpuTicks(patchbay.pid)) });
    const used = (cpuTicks(patchbay.pid) - ticks) / TICKS_PER_S;
    console.log(`${result.rps.toFixed(0)} calls/s, p50 ${result.p50.toFixed(2)} ms, Patchbay CPU ${((1e6 * used) / result.count).toFixed(0)} µs per call${profiling ? " (under profiling)" : ""}`);
  } finally {
    await patchbay.stop();
  }
} finally {
  await everything.stop();
  removeTempSqlite(databaseUrl);
}
const written = fs.readdirSync(dir).filter((file) => file.endsWith(".cpuprofile") && !before.has(file))
  .map((file) => path.join(dir, file)).sort((a, b) => fs.statSync(b).size - fs.statSync(a).size);
for (const file of written.slice(0, 1)) printTop(file);
