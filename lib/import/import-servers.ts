import type { Tx } from "../db";
import { ConflictError } from "../errors";
import type { ExistingServer, ServerImportPlan } from "./plan-import";
import type { ServerInput } from "../schemas/server";
import { writeDeclaredTools } from "../tools/declared-tools";
import { isUniqueViolation } from "../data/prisma-errors";
import { columnsOf } from "../registry/server-record";

/** Stays well under every engine's limit of bound parameters per statement. */
const CHUNK = 500;

export async function findExistingServers(db: Tx, names: string[]): Promise<Map<string, ExistingServer>> {
  const found = new Map<string, ExistingServer>();
  for (const chunk of chunksOf(names)) {
    const rows = await db.server.findMany({
      where: { name: { in: chunk } },
      select: { id: true, name: true, revision: true, definition: true, managedBy: true },
    });
    for (const row of rows) found.set(row.name, row);
  }
  return found;
}

/**
 * Writes a whole import inside the caller's transaction with a handful of bulk statements (servers, tags,
 * provides, declared tools and one `import` revision per server), instead of a transaction per server: about 10 ms each
 * through Prisma's interactive transactions would make the official registry's 1,000 servers take 10 s.
 */
export async function writeServerImport(tx: Tx, plan: Pick<ServerImportPlan, "create" | "update">, { actor, at }: { actor: string; at: Date }) {
  const created = await createServers(tx, plan.create, at);

  for (const { server, current } of plan.update) {
    // Guarded by the revision read in this transaction: a concurrent writer makes the import fail, not vanish.
    const { count } = await tx.server.updateMany({
      where: { id: current.id, revision: current.revision },
      data: { ...columnsOf(server), revision: current.revision + 1, modifiedAt: at },
    });
    if (count === 0) throw new ConflictError(`MCP server '${current.name}' changed during the import; nothing was imported, try again.`);
  }
  const updatedIds = plan.update.map(({ current }) => current.id);
  for (const chunk of chunksOf(updatedIds)) {
    await tx.serverTag.deleteMany({ where: { serverId: { in: chunk } } });
    await tx.serverProvide.deleteMany({ where: { serverId: { in: chunk } } });
  }

  const written = [
    ...plan.create.map((server) => ({ server, id: created.get(server.name)!, revision: 1 })),
    ...plan.update.map(({ server, current }) => ({ server, id: current.id, revision: current.revision + 1 })),
  ];
  await tx.serverTag.createMany({ data: written.flatMap(({ server, id }) => (server.tags ?? []).map((tag) => ({ serverId: id, tag }))) });
  await tx.serverProvide.createMany({ data: written.flatMap(({ server, id }) => (server.provides ?? []).map((value) => ({ serverId: id, value }))) });
  const declaring = ({ server, id }: (typeof written)[number]) => ({ id, tools: server.tools });
  await writeDeclaredTools(tx, written.filter(({ revision }) => revision === 1).map(declaring), { replace: false, now: at });
  await writeDeclaredTools(tx, written.filter(({ revision }) => revision > 1).map(declaring), { replace: true, now: at });
  await tx.revision.createMany({
    data: written.map(({ server, id, revision }) => ({
      entityType: "server", entityId: id, entityName: server.name, revision, action: "import", actor, at, snapshot: JSON.stringify(server),
    })),
  });
}

async function createServers(tx: Tx, servers: ServerInput[], at: Date): Promise<Map<string, number>> {
  if (servers.length === 0) return new Map();

  const rows = await tx.server
    .createManyAndReturn({
      data: servers.map((server) => ({ ...columnsOf(server), revision: 1, createdAt: at, modifiedAt: at })),
      select: { id: true, name: true },
    })
    .catch((error) => {
      throw isUniqueViolation(error) ? new ConflictError("A server of this import was created by someone else meanwhile; nothing was imported, try again.") : error;
    });
  return new Map(rows.map((row) => [row.name, row.id]));
}

function chunksOf<T>(items: T[]): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += CHUNK) chunks.push(items.slice(start, start + CHUNK));
  return chunks;
}
