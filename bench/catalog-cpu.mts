// In-process CPU per uncached catalog read (listCatalogTools, getServerTools: no HTTP, no read model), on an existing
// database such as the one bench/cpu.mjs or bench/tools.mjs loads (bench servers and tools in "development").
// Run: DATABASE_URL=file:… node --import tsx bench/catalog-cpu.mts   Options: BENCH_RUNS (100).
import { getDb } from "../lib/db.ts";
import { getServerTools, listCatalogTools } from "../lib/tools/tool-views.ts";
import { toolListQuerySchema } from "../lib/schemas/tools.ts";

const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const servers = await getDb().server.count();
const sample = `bench-${String(Math.floor(servers / 2)).padStart(5, "0")}`;
const list = (raw: Record<string, string>) => {
  const query = toolListQuerySchema.parse({ limit: "50", ...raw });
  return async () => (await listCatalogTools(query)).tools.length;
};
const cases: [string, () => Promise<number>][] = [
  ["GET /api/tools (first page)", list({})],
  ["annotation=destructiveHint", list({ annotation: "destructiveHint" })],
  ["annotation=readOnlyHint", list({ annotation: "readOnlyHint" })],
  ["annotation=idempotentHint (none)", list({ annotation: "idempotentHint" })],
  ["annotation=destructiveHint, environment=development", list({ annotation: "destructiveHint", environment: "development" })],
  [`annotation=readOnlyHint, server=${sample}`, list({ annotation: "readOnlyHint", server: sample })],
  [`getServerTools(${sample}, development)`, async () => (await getServerTools(sample, "development")).tools.length],
];
for (const [name, read] of cases) {
  for (let i = 0; i < 5; i++) await read();
  const started = process.cpuUsage();
  let found = 0;
  for (let i = 0; i < RUNS; i++) found = await read();
  const used = process.cpuUsage(started);
  console.log(`${name}: ${((used.user + used.system) / RUNS / 1000).toFixed(2)} ms CPU per call (${found} tools)`);
}
await getDb().$disconnect();
