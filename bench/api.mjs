// Registry API throughput at 10,000 servers, beside two floors measured in the same run.
// Run: npm run bench:api  (node --import tsx bench/api.mjs)
// Options: BENCH_SERVERS (10000), BENCH_DURATION_S (8), BENCH_CONNECTIONS (8),
//   BENCH_SETUPS  comma list of sqlite | postgresql | postgresql-x2 (two instances on one database, load
//                 spread over both); each on a fresh database, PostgreSQL in a throwaway cluster. Default sqlite.
//   BENCH_DATABASE_URL  one setup on this database instead (file: or postgresql://; loaded when empty),
//                 with BENCH_INSTANCES (1, or 2 on PostgreSQL).
import { ensureBuild } from "../lib/cli/ensure-build.ts";
import { createClient } from "../lib/db.ts";
import { isPostgresUrl } from "../lib/env.ts";
import { removeTempSqlite, startPatchbay, tempSqliteUrl } from "../e2e/support/patchbay-process.ts";
import { createTestDatabase, startTestPostgres } from "../e2e/support/postgres.ts";
import { loadServers } from "./load-servers.ts";
import { measure, printComparison, printTable, startBareServer } from "./measure.mjs";

const count = Number(process.env.BENCH_SERVERS ?? 10_000);
const duration = Number(process.env.BENCH_DURATION_S ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 8);

ensureBuild();
const given = process.env.BENCH_DATABASE_URL;
const setups = given
  ? [{ name: `${isPostgresUrl(given) ? "postgresql" : "sqlite"} ×${process.env.BENCH_INSTANCES ?? 1}`, databaseUrl: given, instances: Number(process.env.BENCH_INSTANCES ?? 1) }]
  : (process.env.BENCH_SETUPS ?? "sqlite").split(",").map((setup) => ({ name: setup.trim(), instances: setup.trim().endsWith("-x2") ? 2 : 1 }));

let postgres;
const results = [];
try {
  for (const setup of setups) {
    const isPostgres = setup.databaseUrl ? isPostgresUrl(setup.databaseUrl) : setup.name.startsWith("postgresql");
    if (setup.instances > 1 && !isPostgres) throw new Error("two instances need PostgreSQL: SQLite is one instance's database");
    if (isPostgres && !setup.databaseUrl) postgres ??= await startTestPostgres();
    const databaseUrl = setup.databaseUrl ?? (isPostgres ? await createTestDatabase(postgres) : tempSqliteUrl("bench"));
    try {
      results.push({ setup: setup.name, rows: await runSetup(databaseUrl, setup.instances) });
    } finally {
      if (!setup.databaseUrl) removeTempSqlite(databaseUrl);
    }
  }
} finally {
  await postgres?.stop();
}
if (results.length > 1) {
  console.log(`\n${count} servers, ${connections} connections, ${duration} s each: req/s (p99 ms)\n`);
  printComparison(results);
}

async function runSetup(databaseUrl, instances) {
  if (await isEmpty(databaseUrl)) {
    const started = Date.now();
    await loadServers(databaseUrl, count);
    console.log(`\n[${databaseUrl.replace(/\/\/[^@/]*@/, "//")}] loaded ${count} servers in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  const env = { PATCHBAY_AUTH: "off", PATCHBAY_SEED_DEMO: "false", BENCH_BASE_URL: "http://127.0.0.1:9" };
  const patchbays = await Promise.all(Array.from({ length: instances }, () => startPatchbay({ databaseUrl, env })));
  try {
    const bases = patchbays.map((patchbay) => patchbay.baseUrl);
    const urls = (path) => (bases.length === 1 ? `${bases[0]}${path}` : bases.map((base) => `${base}${path}`));
    const sample = `bench-${String(Math.floor(count / 2)).padStart(5, "0")}`;
    const oneBytes = await (await fetch(`${bases[0]}/api/mcp-servers/${sample}?environment=production`)).text();
    const bare = await startBareServer(oneBytes);

    // autocannon spreads its connections over an array of URLs round robin: one load balancer's worth.
    const scenarios = [
      ["bare node:http, same bytes (physical floor)", { url: bare.url }],
      ["GET /api/healthz (framework floor)", { url: urls("/api/healthz") }],
      ["GET one server, environment=production", { url: urls(`/api/mcp-servers/${sample}?environment=production`) }],
      ["GET list, tags=tag-3,tag-4", { url: urls("/api/mcp-servers?tags=tag-3,tag-4") }],
      ["GET list, search=semantic", { url: urls("/api/mcp-servers?search=semantic") }],
      ["POST validate", { url: urls(`/api/mcp-servers/${sample}/validate`), method: "POST", body: { parameters: { tenant: "acme" }, environment: "staging" } }],
    ];
    const rows = [];
    for (const [name, options] of scenarios) {
      rows.push({ name, ...(await measure({ ...options, connections, duration })) });
    }
    await bare.close();

    const listed = await (await fetch(`${bases[0]}/api/mcp-servers?tags=tag-3,tag-4`)).json();
    const searched = await (await fetch(`${bases[0]}/api/mcp-servers?search=semantic`)).json();
    console.log(`\n${count} servers on ${instances} instance(s); list with two tags returns ${listed.mcp_servers.length} per page, search ${searched.mcp_servers.length}; ${connections} connections, ${duration} s each\n`);
    printTable(rows, rows[1].rps);
    console.log(`\nframework floor / physical floor = ${(rows[1].rps / rows[0].rps).toFixed(3)}`);
    return rows;
  } finally {
    await Promise.all(patchbays.map((patchbay) => patchbay.stop()));
  }
}

async function isEmpty(databaseUrl) {
  const db = createClient(databaseUrl);
  try {
    return (await db.server.count()) === 0;
  } catch {
    return true; // not migrated yet
  } finally {
    await db.$disconnect();
  }
}
