// In-process CPU per ingestToolset of one 100-tool toolset (a new toolset, the same again, one tool changed),
// on an existing database (bench/tools.mjs times the same calls in wall-clock on an idle machine).
// Run: DATABASE_URL=file:… node --import tsx bench/ingest-cpu.mts   Options: BENCH_RUNS (50).
import { ingestToolset } from "../lib/tools/tool-catalog.ts";
import { getDb } from "../lib/db.ts";
import { benchTool } from "./load-tools.ts";

const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const environment = `bench-ingest-${Date.now()}`;
const [warmUp, ...ids] = (await getDb().server.findMany({ orderBy: { id: "desc" }, take: RUNS + 1, select: { id: true } })).map((row) => row.id);
const toolset = (offset: number) => Array.from({ length: 100 }, (_, index) => {
  const { name, description, input_schema, title, annotations } = benchTool(1_000_000 + index);
  return { name, description: index === 0 ? `${description} ${offset}` : description, input_schema, title, annotations };
});

for (const offset of [0, 0, 1]) await ingestToolset(warmUp, environment, null, toolset(offset), "trust_on_first_use");
for (const [kind, offset] of [["new toolset", 0], ["same toolset again", 0], ["one tool changed", 1]] as const) {
  const tools = toolset(offset);
  const started = process.cpuUsage();
  for (const id of ids) await ingestToolset(id, environment, null, tools, "trust_on_first_use");
  const used = process.cpuUsage(started);
  console.log(`${kind}: ${((used.user + used.system) / ids.length / 1000).toFixed(2)} ms CPU per ingest (${ids.length} servers)`);
}
await getDb().$disconnect();
