// Registry API throughput at 10,000 servers, beside two floors measured in the same run.
// Run: npm run bench:api  (node --import tsx bench/api.mjs)   Options: BENCH_SERVERS, BENCH_DURATION_S
import { ensureBuild } from "../lib/cli/ensure-build.ts";
import { startPatchbay, tempSqliteUrl } from "../e2e/support/patchbay-process.ts";
import { loadServers } from "./load-servers.ts";
import { measure, printTable, startBareServer } from "./measure.mjs";

const count = Number(process.env.BENCH_SERVERS ?? 10_000);
const duration = Number(process.env.BENCH_DURATION_S ?? 8);

ensureBuild();
const databaseUrl = process.env.BENCH_DATABASE_URL ?? tempSqliteUrl("bench");
process.env.DATABASE_URL = databaseUrl;

let started = Date.now();
await loadServers(count);
console.log(`loaded ${count} servers in ${((Date.now() - started) / 1000).toFixed(1)} s`);

const patchbay = await startPatchbay({ databaseUrl, env: { PATCHBAY_AUTH: "off", PATCHBAY_SEED_DEMO: "false", BENCH_BASE_URL: "http://127.0.0.1:9" } });
const base = patchbay.baseUrl;
try {
  const sample = `bench-${String(Math.floor(count / 2)).padStart(5, "0")}`;
  const oneBytes = await (await fetch(`${base}/api/mcp-servers/${sample}?environment=production`)).text();
  const bare = await startBareServer(oneBytes);

  const scenarios = [
    ["bare node:http, same bytes (physical floor)", { url: bare.url }],
    ["GET /api/healthz (framework floor)", { url: `${base}/api/healthz` }],
    ["GET one server, environment=production", { url: `${base}/api/mcp-servers/${sample}?environment=production` }],
    ["GET list, tags=tag-3,tag-10", { url: `${base}/api/mcp-servers?tags=tag-3,tag-10` }],
    ["GET list, search=semantic", { url: `${base}/api/mcp-servers?search=semantic` }],
    ["POST validate", { url: `${base}/api/mcp-servers/${sample}/validate`, method: "POST", body: { parameters: { tenant: "acme" }, environment: "staging" } }],
  ];
  const rows = [];
  for (const [name, options] of scenarios) {
    rows.push({ name, ...(await measure({ ...options, duration })) });
  }
  await bare.close();

  const listed = await (await fetch(`${base}/api/mcp-servers?tags=tag-3,tag-10`)).json();
  const searched = await (await fetch(`${base}/api/mcp-servers?search=semantic`)).json();
  console.log(`\n${count} servers; list with two tags returns ${listed.mcp_servers.length} per page, search ${searched.mcp_servers.length}; 8 connections, ${duration} s each\n`);
  printTable(rows, rows[1].rps);
  console.log(`\nframework floor / physical floor = ${(rows[1].rps / rows[0].rps).toFixed(3)}`);
} finally {
  await patchbay.stop();
}
