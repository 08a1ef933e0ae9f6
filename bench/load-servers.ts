import { columnsOf } from "../lib/registry/server-record";
import { createClient, type Tx } from "../lib/db";
import { applyMigrations } from "../lib/db/migrate";
import { isPostgresUrl } from "../lib/env";
import { serverInputSchema, type ServerInput } from "../lib/schemas/server";

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

/**
 * Fills a fresh database with `count` servers before the server under test starts: the rows createServer
 * writes (server, tags, capability strings, revision 1), 500 servers per transaction, since one createServer
 * per server costs ~10 ms on SQLite and more on PostgreSQL.
 */
export async function loadServers(databaseUrl: string, count: number): Promise<void> {
  await applyMigrations(databaseUrl);
  const db = createClient(databaseUrl);
  try {
    if (!isPostgresUrl(databaseUrl)) await db.$executeRawUnsafe("PRAGMA synchronous = NORMAL");
    for (let start = 0; start < count; start += BATCH) {
      const inputs = Array.from({ length: Math.min(BATCH, count - start) }, (_, offset) => serverInputSchema.parse(benchServer(start + offset)));
      await db.$transaction((tx) => insertBatch(tx, inputs));
    }
  } finally {
    await db.$disconnect();
  }
}

const BATCH = 500;

async function insertBatch(tx: Tx, inputs: ServerInput[]) {
  const now = new Date();
  const rows = await tx.server.createManyAndReturn({
    data: inputs.map((input) => ({ ...columnsOf(input), revision: 1, createdAt: now, modifiedAt: now })),
    select: { id: true, name: true },
  });
  const idOf = new Map(rows.map((row) => [row.name, row.id]));
  const each = <T>(pick: (input: ServerInput, serverId: number) => T[]) => inputs.flatMap((input) => pick(input, idOf.get(input.name)!));

  await tx.serverTag.createMany({ data: each((input, serverId) => (input.tags ?? []).map((tag) => ({ serverId, tag }))) });
  await tx.serverProvide.createMany({ data: each((input, serverId) => (input.provides ?? []).map((value) => ({ serverId, value }))) });
  await tx.revision.createMany({
    data: each((input, entityId) => [{
      entityType: "server", entityId, entityName: input.name, revision: 1, action: "create", actor: "bench", at: now, snapshot: JSON.stringify(input),
    }]),
  });
}
