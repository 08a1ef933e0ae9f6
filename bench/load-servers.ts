import { applyMigrations } from "../lib/db/migrate";

/**
 * Fills a fresh database with `count` servers through the data layer (the same writes as the API, revision
 * rows included), before the server under test starts. DATABASE_URL must be set first.
 */
export const TAG_POOL = Array.from({ length: 20 }, (_, index) => `tag-${index}`);

export function benchServer(index: number) {
  const name = `bench-${String(index).padStart(5, "0")}`;
  return {
    name,
    description: `${index % 10 === 0 ? "Semantic search" : "Storage"} server number ${index}`,
    version: "1.0.0",
    transport: {
      type: "http",
      url: "${BENCH_BASE_URL}/mcp/{{tenant}}",
      headers: { Authorization: "Bearer ${BENCH_TOKEN}", "X-Tenant": "{{tenant}}" },
    },
    parameters_schema: {
      type: "object",
      required: ["tenant"],
      properties: { tenant: { type: "string", minLength: 2 }, limit: { type: "integer", default: 10 } },
    },
    environments: {
      staging: { url: `http://127.0.0.1:${10_000 + (index % 1000)}/mcp/{{tenant}}` },
      production: { url: `http://127.0.0.1:${20_000 + (index % 1000)}/mcp/{{tenant}}`, headers: { "X-Env": "prod" } },
    },
    tags: [TAG_POOL[index % 20], TAG_POOL[(index * 7 + 3) % 20], TAG_POOL[(index * 13 + 5) % 20]].filter((tag, i, all) => all.indexOf(tag) === i),
    provides: [`cap:${index % 50}`],
  };
}

export async function loadServers(count: number): Promise<void> {
  await applyMigrations(process.env.DATABASE_URL!);
  const { prepareDatabase } = await import("../lib/db");
  await prepareDatabase();
  const { createServer } = await import("../lib/data/servers");
  const { serverInputSchema } = await import("../lib/schemas/server");
  for (let index = 0; index < count; index++) {
    await createServer(serverInputSchema.parse(benchServer(index)), { actor: "bench" });
  }
}
