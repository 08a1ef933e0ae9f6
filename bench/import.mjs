// POST /api/import of the whole official registry dump (1,108 names, 4 MB) into an empty Patchbay: wall time
// and the server's peak memory (VmHWM of the `next start` process tree). Target: ≤ 10 s for the import.
// Run: node --import tsx bench/import.mjs   (PATCHBAY_SHARED_DIR=… when ../shared is not beside the checkout)
import fs from "node:fs";
import os from "node:os";

import { ensureBuild } from "../lib/cli/ensure-build.ts";
import { startPatchbay } from "../e2e/support/patchbay-process.ts";
import { OFFICIAL_DUMP, sharedFixture } from "../e2e/support/shared-fixtures.ts";
import { printMarkdown } from "./markdown-table.mjs";

const dump = fs.readFileSync(sharedFixture(OFFICIAL_DUMP), "utf8");
// Every server description changed, so an overwrite has 1,051 real updates to write.
const changed = dump.replace(/"description": "/g, '"description": "Updated: ');

ensureBuild();
const patchbay = await startPatchbay({ env: { PATCHBAY_AUTH: "off", PATCHBAY_SEED_DEMO: "false" } });
try {
  const idle = memoryOf(patchbay.pid);
  // Loads the route module and the database client, as any first request would.
  await post("/api/import?dry_run=true", JSON.stringify({ mcp_servers: [] }));

  const rows = [];
  for (const [name, path, body] of [
    ["dry run, empty registry", "/api/import?dry_run=true", dump],
    ["import, empty registry (the target)", "/api/import", dump],
    ["again, on_conflict=skip (all exist)", "/api/import?on_conflict=skip", dump],
    ["again, on_conflict=overwrite (all unchanged)", "/api/import?on_conflict=overwrite", dump],
    ["overwrite, every description changed", "/api/import?on_conflict=overwrite", changed],
  ]) {
    const { ms, report } = await post(path, body);
    rows.push({ name, ms, counts: `${report.created.length}/${report.updated.length}/${report.skipped.length}/${report.errors.length}`, peak: memoryOf(patchbay.pid).peakMb });
  }
  const started = performance.now();
  const exported = await (await fetch(`${patchbay.baseUrl}/api/export`)).text();
  rows.push({ name: `GET /api/export (${(exported.length / 1024).toFixed(0)} KiB)`, ms: performance.now() - started, counts: "", peak: memoryOf(patchbay.pid).peakMb });

  const [one, five, fifteen] = os.loadavg().map((load) => load.toFixed(2));
  console.log(`\n${os.cpus().length} CPUs, load average ${one} ${five} ${fifteen}; dump ${(dump.length / 1024 / 1024).toFixed(1)} MiB`);
  console.log(`server process tree at idle: ${idle.rssMb} MB RSS (peak so far ${idle.peakMb} MB)\n`);
  printMarkdown(["scenario", "ms", "created/updated/skipped/errors", "server peak MB (VmHWM)"], rows.map((row) => [row.name, row.ms.toFixed(0), row.counts, String(row.peak)]));
  const target = rows[1].ms;
  console.log(`\nimport of the dump: ${(target / 1000).toFixed(2)} s — ${target <= 10_000 ? "within" : "OVER"} the 10 s target`);
} finally {
  await patchbay.stop();
}

async function post(path, body) {
  const started = performance.now();
  const response = await fetch(`${patchbay.baseUrl}${path}`, { method: "POST", body });
  const report = await response.json();
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(report).slice(0, 500)}`);
  return { ms, report };
}

/** The largest VmHWM and VmRSS in the process tree under `pid` (`next start` may serve from a child process). */
function memoryOf(pid) {
  const statuses = treeOf(pid).map((member) => fs.readFileSync(`/proc/${member}/status`, "utf8"));
  const kb = (status, field) => Number(new RegExp(`^${field}:\\s+(\\d+)`, "m").exec(status)?.[1] ?? 0);
  return {
    peakMb: Math.round(Math.max(...statuses.map((status) => kb(status, "VmHWM"))) / 1024),
    rssMb: Math.round(Math.max(...statuses.map((status) => kb(status, "VmRSS"))) / 1024),
  };
}

function treeOf(pid) {
  const children = fs.readdirSync(`/proc/${pid}/task`).flatMap((task) =>
    fs.readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").split(" ").filter(Boolean).map(Number));
  return [pid, ...children.flatMap(treeOf)];
}

