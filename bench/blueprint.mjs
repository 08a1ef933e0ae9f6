// Blueprint resolution under load: an agent with 10 capabilities × 5 servers each (parameters, environments,
// registry values), POST /api/agents/{name}/blueprint at 8 connections for ~10 s, beside /api/healthz measured
// in the same run. Run: node --import tsx bench/blueprint.mjs   Target: p99 ≤ 50 ms.
import autocannon from "autocannon";

import { ensureBuild } from "../lib/cli/ensure-build.ts";
import { startPatchbay } from "../e2e/support/patchbay-process.ts";
import { BLUEPRINT_REQUEST, CAPABILITIES, loadBlueprintAgent, SERVERS_PER_CAPABILITY } from "./blueprint-agent.mjs";

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const TARGET_P99_MS = 50;

ensureBuild();
const patchbay = await startPatchbay({ env: { PATCHBAY_AUTH: "off", PATCHBAY_SEED_DEMO: "false", BENCH_TOKEN: "s3cret" } });
try {
  const agent = await loadBlueprintAgent(patchbay.baseUrl);
  const body = JSON.stringify(BLUEPRINT_REQUEST);

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
