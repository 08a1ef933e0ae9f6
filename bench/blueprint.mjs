// Blueprint resolution under load: an agent with 10 capabilities × 5 servers each (parameters, environments,
// registry values), POST /api/agents/{name}/blueprint at 8 connections for ~10 s, beside /api/healthz measured
// in the same run. Run: node --import tsx bench/blueprint.mjs   Target: p99 ≤ 50 ms.
import autocannon from "autocannon";

import { ensureBuild } from "../lib/cli/ensure-build.ts";
import { startPatchbay } from "../e2e/support/patchbay-process.ts";

const CAPABILITIES = 10;
const SERVERS_PER_CAPABILITY = 5;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const TARGET_P99_MS = 50;

ensureBuild();
const patchbay = await startPatchbay({ env: { PATCHBAY_AUTH: "off", PATCHBAY_SEED_DEMO: "false", BENCH_TOKEN: "s3cret" } });
try {
  const agent = await loadAgent(patchbay.baseUrl);
  const body = JSON.stringify({
    environment: "production",
    parameters: { "cap-0-srv-0": { level: "debug" } },
    context: { tenant: "acme", namespace: "ignored-when-the-reference-gives-it" },
  });

  await measure(patchbay.baseUrl, "/api/healthz", { seconds: 2 }); // warm-up
  await measure(patchbay.baseUrl, `/api/agents/${agent}/blueprint`, { method: "POST", body, seconds: 2 });

  const rows = [
    ["GET /api/healthz", await measure(patchbay.baseUrl, "/api/healthz", {})],
    [`POST blueprint (${CAPABILITIES * SERVERS_PER_CAPABILITY} servers)`, await measure(patchbay.baseUrl, `/api/agents/${agent}/blueprint`, { method: "POST", body })],
  ];
  printTable(rows);
  const p99 = rows[1][1].latency.p99;
  console.log(`\nblueprint p99 ${p99} ms — target ≤ ${TARGET_P99_MS} ms: ${p99 <= TARGET_P99_MS ? "met" : "MISSED"}`);
} finally {
  await patchbay.stop();
}

async function loadAgent(baseUrl) {
  const post = async (path, payload) => {
    const response = await fetch(`${baseUrl}${path}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(payload) });
    if (response.status !== 201) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
  };

  const capabilities = [];
  for (let c = 0; c < CAPABILITIES; c++) {
    const references = {};
    for (let s = 0; s < SERVERS_PER_CAPABILITY; s++) {
      const name = `bench-${c}-${s}`;
      await post("/api/mcp-servers", benchServer(name, c * SERVERS_PER_CAPABILITY + s));
      references[`cap-${c}-srv-${s}`] = { server: name, parameters: { namespace: `ns-${c}-${s}` } };
    }
    capabilities.push(`bench-capability-${c}`);
    await post("/api/capabilities", { name: `bench-capability-${c}`, description: `Bench capability ${c}`, mcp_servers: references });
  }
  await post("/api/agents", { name: "bench-agent", description: "Bench agent", capabilities });

  const check = await fetch(`${baseUrl}/api/agents/bench-agent/blueprint`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
  const blueprint = await check.json();
  if (check.status !== 200 || Object.keys(blueprint.agent.mcp_servers).length !== CAPABILITIES * SERVERS_PER_CAPABILITY) {
    throw new Error(`the bench agent does not resolve: ${check.status} ${JSON.stringify(blueprint).slice(0, 500)}`);
  }
  return "bench-agent";
}

function benchServer(name, index) {
  const remote = index % 5 !== 4;
  return {
    name,
    description: `Bench server ${index}`,
    version: "1.0.0",
    transport: remote
      ? { type: "http", url: `http://127.0.0.1:${10_000 + index}/mcp`, headers: { Authorization: "Bearer ${BENCH_TOKEN}", "X-Namespace": "{{namespace}}", "X-Tenant": "{{tenant}}", "X-Level": "{{level}}" } }
      : { type: "stdio", command: "node", args: ["server.js", "--namespace", "{{namespace}}"], env: { LEVEL: "{{level}}", TOKEN: "${BENCH_TOKEN}" } },
    parameters_schema: {
      type: "object",
      required: ["namespace"],
      properties: {
        namespace: { type: "string", minLength: 1 },
        tenant: { type: "string", default: "default-tenant" },
        level: { enum: ["debug", "info", "warn"], default: "info" },
      },
    },
    environments: remote
      ? { staging: { url: `http://127.0.0.1:${20_000 + index}/mcp` }, production: { url: `http://127.0.0.1:${30_000 + index}/mcp`, headers: { "X-Env": "production" } } }
      : { production: { env: { NODE_ENV: "production" } } },
    tags: ["bench", `group-${index % 10}`],
  };
}

async function measure(baseUrl, path, { method = "GET", body, seconds = SECONDS }) {
  const result = await autocannon({
    url: `${baseUrl}${path}`,
    method,
    body,
    headers: body ? { "Content-Type": "application/json" } : {},
    connections: CONNECTIONS,
    duration: seconds,
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${method} ${path}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result;
}

function printTable(rows) {
  const header = ["endpoint", "req/s", "p50 ms", "p99 ms", "requests"];
  const lines = rows.map(([label, result]) => [label, result.requests.average.toFixed(0), String(result.latency.p50), String(result.latency.p99), String(result.requests.total)]);
  const widths = header.map((_, column) => Math.max(...[header, ...lines].map((line) => line[column].length)));
  const format = (line) => `| ${line.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join(" | ")} |`;
  console.log(`\n${CONNECTIONS} connections, ${SECONDS} s each, node ${process.version}\n`);
  console.log(format(header));
  console.log(`|${widths.map((width, column) => (column === 0 ? "-".repeat(width + 2) : `${"-".repeat(width + 1)}:`)).join("|")}|`);
  for (const line of lines) console.log(format(line));
}
