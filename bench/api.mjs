// Registry API throughput at 10,000 servers as runners call it, beside two floors measured in the same run.
// Run: npm run bench:api  (node --import tsx bench/api.mjs)
// Options: BENCH_SERVERS (10000), BENCH_DURATION_S (8), BENCH_CONNECTIONS (8),
//   BENCH_AUTH    runner (default: auth on, every scenario with a runner token, as runners call it) | off
//   BENCH_SETUPS  comma list of sqlite | postgresql | postgresql-x2 (two instances on one database, load
//                 spread over both); each on a fresh database, PostgreSQL in a throwaway cluster.
//                 Default sqlite,postgresql-x2.
//   BENCH_DATABASE_URL  one setup on this database instead (file: or postgresql://; loaded when empty),
//                 with BENCH_INSTANCES (1, or 2 on PostgreSQL).
//   BENCH_WARM_ALL  1 (default): after the scenarios, read every server once, to report the RSS of a warm
//                 read model at this size; 0 skips it.
// The machine's load average is printed at start and end; when the 1-minute load at start is above 1.5, every
// table opens with a warning row: those numbers are not to be reported.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";

import { ensureBuild } from "../lib/cli/ensure-build.ts";
import { createClient } from "../lib/db.ts";
import { isPostgresUrl } from "../lib/env.ts";
import { removeTempSqlite, startPatchbay, tempSqliteUrl } from "../e2e/support/patchbay-process.ts";
import { createTestDatabase, startTestPostgres } from "../e2e/support/postgres.ts";
import { BLUEPRINT_REQUEST, CAPABILITIES, loadBlueprintAgent, SERVERS_PER_CAPABILITY } from "./blueprint-agent.mjs";
import { loadServers } from "./load-servers.ts";
import { printMarkdown } from "./markdown-table.mjs";
import { measure, printComparison, startBareServer } from "./measure.mjs";

const count = Number(process.env.BENCH_SERVERS ?? 10_000);
const duration = Number(process.env.BENCH_DURATION_S ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 8);
const authOn = (process.env.BENCH_AUTH ?? "runner") !== "off";
const warmAll = process.env.BENCH_WARM_ALL !== "0";
const MAX_START_LOAD = 1.5;
const WARM_UP_S = 1;
/** The first seconds after an import: lists, search and blueprints measured this long on a server that has answered nothing yet. */
const COLD_S = 3;

/**
 * Issue 26's "today", on a quiet machine at 10,000 servers with a runner token (warmed), 8 connections:
 * req/s and p99 ms before the one router, with the bare node:http floor of that run (29,748 req/s).
 */
const BEFORE = {
  floor: 29_748,
  "GET one server, environment": { rps: 2_604 },
  "GET one server, If-None-Match": { rps: 4_327 },
  "GET list, tags=tag-3,tag-4": { rps: 1_955, p99: 13 },
  "GET list, search": { rps: 638, p99: 29 },
  "POST validate": { rps: 1_624 },
  "POST blueprint": { rps: 1_656, p99: 12 },
  "GET blueprint, If-None-Match": { rps: 1_984, p99: 15 },
};

const loadAtStart = os.loadavg();
console.log(`load average at start: ${formatLoad(loadAtStart)} (${os.cpus().length} CPUs)`);
const warning = loadAtStart[0] > MAX_START_LOAD
  ? `NOT REPORTABLE: 1-minute load ${loadAtStart[0].toFixed(2)} > ${MAX_START_LOAD} at start`
  : undefined;
if (warning) console.log(`\n⚠ ${warning}: the machine is not idle; measure again on a quiet one.`);

ensureBuild();
const given = process.env.BENCH_DATABASE_URL;
const setups = given
  ? [{ name: `${isPostgresUrl(given) ? "postgresql" : "sqlite"} ×${process.env.BENCH_INSTANCES ?? 1}`, databaseUrl: given, instances: Number(process.env.BENCH_INSTANCES ?? 1) }]
  : (process.env.BENCH_SETUPS ?? "sqlite,postgresql-x2").split(",").map((setup) => ({ name: setup.trim(), instances: setup.trim().endsWith("-x2") ? 2 : 1 }));

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
  console.log(`\n${count} servers, ${connections} connections, ${duration} s each, auth ${authOn ? "on (runner token)" : "off"}: req/s (p99 ms)\n`);
  if (warning) console.log(`⚠ ${warning}\n`);
  printComparison(results);
}
const loadAtEnd = os.loadavg();
console.log(`\nload average at start: ${formatLoad(loadAtStart)}; at end: ${formatLoad(loadAtEnd)}`);
if (warning) console.log(`⚠ ${warning}`);

async function runSetup(databaseUrl, instances) {
  if (await isEmpty(databaseUrl)) {
    const started = Date.now();
    await loadServers(databaseUrl, count);
    console.log(`\n[${databaseUrl.replace(/\/\/[^@/]*@/, "//")}] loaded ${count} servers in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  const adminToken = `pb_bench_admin_${randomBytes(12).toString("hex")}`;
  const env = {
    PATCHBAY_SEED_DEMO: "false",
    BENCH_BASE_URL: "http://127.0.0.1:9",
    ...(authOn ? { PATCHBAY_AUTH: "on", PATCHBAY_ADMIN_TOKEN: adminToken } : { PATCHBAY_AUTH: "off" }),
  };
  // One after the other: on an empty database both would migrate at once, which the bench does not measure.
  const patchbays = [];
  for (let index = 0; index < instances; index++) patchbays.push(await startPatchbay({ databaseUrl, env }));
  try {
    const bases = patchbays.map((patchbay) => patchbay.baseUrl);
    const rssAtStart = patchbays.map((patchbay) => rssOf(patchbay.pid));
    const admin = authOn ? { Authorization: `Bearer ${adminToken}` } : {};
    const runner = authOn ? { Authorization: `Bearer ${await mintRunnerToken(bases[0], admin)}` } : {};
    const agent = await loadBlueprintAgent(bases[0], admin);

    const urls = (path) => (bases.length === 1 ? `${bases[0]}${path}` : bases.map((base) => `${base}${path}`));
    const read = async (path, init = {}) => {
      const response = await fetch(`${bases[0]}${path}`, { ...init, headers: { ...runner, ...init.headers } });
      if (response.status !== 200) throw new Error(`${init.method ?? "GET"} ${path}: ${response.status} ${await response.text()}`);
      return response;
    };
    const sample = `bench-${String(Math.floor(count / 2)).padStart(5, "0")}`;
    const onePath = `/api/mcp-servers/${sample}?environment=production`;
    const listPath = "/api/mcp-servers?tags=tag-3,tag-4";
    const blueprintPath = `/api/agents/${agent}?environment=production`;
    // The first seconds: nothing but the token and the agent has been read yet (the import's caches are cold).
    const cold = [];
    for (const [name, options] of [
      ["GET list, tags=tag-3,tag-4 (first seconds)", { url: urls(listPath), headers: runner }],
      ["GET list, search=semantic (first seconds)", { url: urls("/api/mcp-servers?search=semantic"), headers: runner }],
      ["POST blueprint (first seconds)", { url: urls(`/api/agents/${agent}/blueprint`), method: "POST", headers: runner, body: BLUEPRINT_REQUEST }],
    ]) cold.push({ name, ...(await measure({ ...options, connections, duration: COLD_S })) });
    const oneBytes = await (await read(onePath)).text();
    const tagOf = async (path) => (await read(path)).headers.get("etag");
    const bare = await startBareServer(oneBytes);

    // autocannon spreads its connections over an array of URLs round robin: one load balancer's worth.
    const scenarios = [
      ["bare node:http, same bytes (physical floor)", { url: bare.url }],
      ["GET /api/healthz (framework floor)", { url: urls("/api/healthz"), headers: runner }],
      ["GET one server, environment=production", { url: urls(onePath), headers: runner }],
      ["GET one server, If-None-Match → 304", { url: urls(onePath), headers: { ...runner, "If-None-Match": await tagOf(onePath) }, expect: 304 }],
      ["GET list, tags=tag-3,tag-4", { url: urls(listPath), headers: runner }],
      ["GET list, tags=tag-3,tag-4, If-None-Match → 304", { url: urls(listPath), headers: { ...runner, "If-None-Match": await tagOf(listPath) }, expect: 304 }],
      ["GET list, search=semantic", { url: urls("/api/mcp-servers?search=semantic"), headers: runner }],
      ["POST validate", { url: urls(`/api/mcp-servers/${sample}/validate`), method: "POST", headers: runner, body: { parameters: { tenant: "acme" }, environment: "staging" } }],
      [`POST blueprint (${CAPABILITIES} capabilities × ${SERVERS_PER_CAPABILITY} servers)`, { url: urls(`/api/agents/${agent}/blueprint`), method: "POST", headers: runner, body: BLUEPRINT_REQUEST }],
      ["GET blueprint, If-None-Match → 304", { url: urls(blueprintPath), headers: { ...runner, "If-None-Match": await tagOf(blueprintPath) }, expect: 304 }],
    ];
    const rows = [];
    for (const [index, [name, options]] of scenarios.entries()) {
      await measure({ ...options, connections, duration: WARM_UP_S }); // JIT and lazily loaded routes, not measured
      const row = { name, ...(await measure({ ...options, connections, duration })) };
      // The floor for this scenario's own answer: bare node:http sending the same status and body bytes.
      if (index > 0) row.sameBytesFloor = await bareFloorFor(options);
      rows.push(row);
    }
    // The floor again, last: whatever the run warmed up since is not credited to the routes measured after it.
    rows.push({ name: "GET /api/healthz (framework floor, again at the end)", ...(await measure({ ...scenarios[1][1], connections, duration })) });
    await bare.close();
    const rssAfterScenarios = patchbays.map((patchbay) => rssOf(patchbay.pid));

    let warmed = "";
    if (warmAll) {
      const started = Date.now();
      await readEveryServer(bases, runner);
      warmed = `; after reading all ${count} servers once (${((Date.now() - started) / 1000).toFixed(1)} s): ${formatRss(patchbays.map((patchbay) => rssOf(patchbay.pid)))}`;
    }

    const listed = await (await read(listPath)).json();
    const searched = await (await read("/api/mcp-servers?search=semantic")).json();
    console.log(`\n${count} servers on ${instances} instance(s), auth ${authOn ? "on (runner token)" : "off"}; list with two tags returns ${listed.mcp_servers.length} per page, search ${searched.mcp_servers.length}; ${connections} connections, ${duration} s each; load average now ${formatLoad(os.loadavg())}\n`);
    printRatios([...rows, ...cold], warning);
    console.log(`\nframework floor (/api/healthz) / physical floor = ${(floorOf(rows) / rows[0].rps).toFixed(3)}`);
    printTargets(rows, cold, patchbays.map((patchbay) => rssOf(patchbay.pid)));
    console.log(`server RSS at start: ${formatRss(rssAtStart)}; after the scenarios: ${formatRss(rssAfterScenarios)}${warmed}`);
    return rows;
  } finally {
    await Promise.all(patchbays.map((patchbay) => patchbay.stop()));
  }
}

/** req/s of a bare node:http server answering exactly what `options`' request is answered (status and body bytes), measured now. */
async function bareFloorFor(options) {
  const url = Array.isArray(options.url) ? options.url[0] : options.url;
  const answer = await fetch(url, {
    method: options.method ?? "GET",
    headers: { ...options.headers, ...(options.body === undefined ? {} : { "content-type": "application/json" }) },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const bytes = Buffer.from(await answer.arrayBuffer());
  const bare = await startBareServer(bytes, answer.status);
  try {
    return (await measure({ url: bare.url, expect: answer.status === 304 ? 304 : 200, connections, duration })).rps;
  } finally {
    await bare.close();
  }
}

/** The framework floor of the run: the better of its two measurements (first and last), so ratios are not flattered. */
function floorOf(rows) {
  return Math.max(...rows.filter((row) => row.name.startsWith("GET /api/healthz")).map((row) => row.rps));
}

/** Each scenario against the bare node:http floor of the same run (the figure that counts), and beside issue 26's "before". */
function printRatios(rows, warning) {
  const physical = rows[0].rps;
  const framework = floorOf(rows);
  const header = ["scenario", "req/s", "p50 ms", "p99 ms", "× bare floor", "× bare, same answer", "× /api/healthz", "before: req/s (× bare)"];
  const lines = rows.map((row) => {
    const before = beforeOf(row);
    const then = before ? `${before.rps} (${(before.rps / BEFORE.floor).toFixed(3)})` : row === rows[0] ? String(BEFORE.floor) : "—";
    const sameAnswer = row.sameBytesFloor ? `${(row.rps / row.sameBytesFloor).toFixed(3)} (of ${row.sameBytesFloor.toFixed(0)})` : "—";
    return [row.name, row.rps.toFixed(0), row.p50.toFixed(1), row.p99.toFixed(1), (row.rps / physical).toFixed(3), sameAnswer, (row.rps / framework).toFixed(2), then];
  });
  printMarkdown(header, warning ? [[`⚠ ${warning}`, "—", "—", "—", "—", "—", "—", "—"], ...lines] : lines);
}

/** The "before" figure of a scenario: the same route, and a 304 only for a 304 (the list's 304 has none). */
function beforeOf(row) {
  if (row.name.includes("first seconds")) return undefined;
  const conditional = row.name.includes("If-None-Match");
  return Object.entries(BEFORE).find(([prefix]) => row.name.startsWith(prefix) && prefix.includes("If-None-Match") === conditional)?.[1];
}

/**
 * Issue 26's targets, against the bare node:http floor of the same run: once against the floor answering one
 * server's bytes (the issue's table), once against each scenario's own answer (a 100-server page, a 304).
 */
function printTargets(rows, cold, rss) {
  printTargetsAgainst("targets, × bare floor (one server's bytes)", () => rows[0].rps, rows, cold, rss);
  printTargetsAgainst("targets, × bare floor answering the same status and body", (candidate) => candidate.sameBytesFloor ?? rows[0].rps, rows, cold, rss);
}

function printTargetsAgainst(title, bareFor, rows, cold, rss) {
  const row = (prefix) => rows.find((candidate) => candidate.name.startsWith(prefix));
  const ratio = (candidate) => candidate.rps / bareFor(candidate);
  const atLeast = (prefix, floor) => ratio(row(prefix)) >= floor;
  const ratioOf = (candidate) => candidate.rps / BEFORE.floor;
  const bare = rows[0].rps;
  const checks = [
    ["GET one ≥ 0.3× bare", atLeast("GET one server, environment", 0.3)],
    ["lists ≥ 0.3× bare", rows.filter((candidate) => candidate.name.startsWith("GET list") && !candidate.name.includes("304")).every((candidate) => ratio(candidate) >= 0.3)],
    ["validate ≥ 0.3× bare", atLeast("POST validate", 0.3)],
    ["blueprints ≥ 0.3× bare", atLeast("POST blueprint", 0.3) && atLeast("GET blueprint", 0.3)],
    ["304s ≥ 0.5× bare", rows.filter((candidate) => candidate.name.includes("304")).every((candidate) => ratio(candidate) >= 0.5)],
    ["p99 ≤ 20 ms for lists, search, blueprints (warm and first seconds)", [...rows, ...cold].filter((candidate) => /^(GET list|POST blueprint|GET blueprint)/.test(candidate.name)).every((candidate) => candidate.p99 <= 20)],
    ["no route slower than before (× bare)", rows.every((candidate) => {
      const before = beforeOf(candidate);
      return !before || candidate.rps / bare >= ratioOf(before);
    })],
    ["RSS ≤ 600 MiB", rss.every((bytes) => bytes <= 600 * 1024 * 1024)],
  ];
  console.log(`${title}: ${checks.map(([name, met]) => `${name} ${met ? "met" : "MISSED"}`).join("; ")}`);
}

async function mintRunnerToken(baseUrl, admin) {
  const response = await fetch(`${baseUrl}/api/tokens`, {
    method: "POST", headers: { ...admin, "Content-Type": "application/json" }, body: JSON.stringify({ name: "bench runner", role: "runner" }),
  });
  if (response.status !== 201) throw new Error(`minting the runner token: ${response.status} ${await response.text()}`);
  return (await response.json()).token;
}

/** Every server once, resolved for production, 8 at a time over the instances. */
async function readEveryServer(bases, headers) {
  let next = 0;
  const worker = async (index) => {
    while (next < count) {
      const name = `bench-${String(next++).padStart(5, "0")}`;
      const response = await fetch(`${bases[index % bases.length]}/api/mcp-servers/${name}?environment=production`, { headers });
      if (response.status !== 200) throw new Error(`GET ${name}: ${response.status}`);
      await response.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: connections }, (_, index) => worker(index)));
}

/** Resident memory of a server process and its descendants (`next start` may run the server in a child), in bytes. */
function rssOf(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const own = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
  const children = fs.readdirSync(`/proc/${pid}/task`).flatMap((task) => {
    try {
      return fs.readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
    } catch {
      return [];
    }
  });
  return own + children.reduce((sum, child) => sum + rssOf(child), 0);
}

function formatRss(values) {
  return values.map((bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`).join(" + ");
}

function formatLoad(load) {
  return load.map((value) => value.toFixed(2)).join(" / ");
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
