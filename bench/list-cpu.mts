// In-process CPU per uncached GET /api/mcp-servers list read (listServers, no HTTP, no read model), on an existing database.
// Run: DATABASE_URL=file:… node --import tsx bench/list-cpu.mts
import { listServers } from "../lib/registry/server-list.ts";
import { serverListQuerySchema } from "../lib/schemas/server-query.ts";

const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const cases: [string, Record<string, string>][] = [
  ["tags=tag-3,tag-4", { tags: "tag-3,tag-4" }],
  ["search=semantic", { search: "semantic" }],
  ["search=number 4321", { search: "number 4321" }],
  ["no filter", {}],
];
for (const [name, raw] of cases) {
  const query = serverListQuerySchema.parse(raw);
  for (let i = 0; i < 10; i++) await listServers(query);
  const started = process.cpuUsage();
  let result;
  for (let i = 0; i < RUNS; i++) result = await listServers(query);
  const used = process.cpuUsage(started);
  console.log(`${name}: ${((used.user + used.system) / RUNS / 1000).toFixed(2)} ms CPU per call (total ${result!.total}, page ${result!.mcp_servers.length})`);
}
