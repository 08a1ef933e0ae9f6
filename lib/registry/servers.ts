import { writeDeclaredTools } from "../tools/declared-tools";
import { deleteToolCatalog } from "../tools/tool-catalog";
import type { Tx } from "../db";
import { movedLiteralSecrets } from "../resolve/secret-destinations";
import { serverInputSchema, normalizeServerInput, type ServerInput } from "../schemas/server";
import type { StoredServer } from "../schemas/server-output";
import { findEntity, keepMaskedDefinition, operationsOf, type EntitySpec } from "../data/entity-store";
import { columnsOf, definitionOf, toStoredServer, type ServerRow } from "./server-record";
import { assertServerSecretsStay } from "./secret-destination-checks";
import { findServerUsers, referencedBy } from "./used-by";

export type { WriteOptions } from "../data/entity-store";

/**
 * A server's indexes: tags and capability strings in their own tables, searchable columns beside the definition,
 * its declared tools in the tool catalog.
 */
export const serverSpec: EntitySpec<ServerInput, ServerRow, StoredServer> = {
  type: "server",
  noun: "MCP server",
  aNoun: "An MCP server",
  normalize: normalizeServerInput,
  parse: (input) => serverInputSchema.parse(input),
  definitionOf,
  columnsOf,
  snapshotOf: definitionOf,
  toOutput: toStoredServer,
  keepMasked: (input, current) => keepMaskedDefinition(input, definitionOf(current)),
  movedSecrets: (current, next, supplied) => movedLiteralSecrets(definitionOf(current) as Record<string, unknown>, next as Record<string, unknown>, supplied),
  // …and its `${VAR}` secrets may not follow it either, for a writer who may not read them (DESIGN §10, §14).
  assertSecretsStay: async (_tx, input, current) => (current ? assertServerSecretsStay(definitionOf(current), input) : undefined),
  usersOf: async (name, tx) => referencedBy(await findServerUsers(name, tx)),
  writeIndexes: async (tx, serverId, input, { from }) => {
    await writeLabels(tx, serverId, input, { replace: from !== undefined });
    await writeDeclaredTools(tx, [{ id: serverId, tools: input.tools }], { replace: from !== undefined, now: new Date() });
  },
  beforeDelete: async (tx, current) => {
    await tx.healthCheck.deleteMany({ where: { serverId: current.id } });
    await deleteToolCatalog(tx, current.id);
  },
};

export async function getServer(name: string): Promise<StoredServer & { id: number }> {
  const row = await findEntity(serverSpec, name);
  return { ...toStoredServer(row), id: row.id };
}

/** `insertServer` writes inside the caller's transaction (adopt-inline creates several beside a capability). */
export const {
  create: createServer, insert: insertServer, replace: replaceServer, patch: patchServer, remove: deleteServer,
  listRevisions: listServerRevisions, getRevision: getServerRevision, restoreRevision: restoreServerRevision,
} = operationsOf(serverSpec);

async function writeLabels(tx: Tx, serverId: number, input: ServerInput, { replace = false } = {}) {
  if (replace) {
    await tx.serverTag.deleteMany({ where: { serverId } });
    await tx.serverProvide.deleteMany({ where: { serverId } });
  }
  const tags = input.tags ?? [];
  const provides = input.provides ?? [];
  if (tags.length) await tx.serverTag.createMany({ data: tags.map((tag) => ({ serverId, tag })) });
  if (provides.length) await tx.serverProvide.createMany({ data: provides.map((value) => ({ serverId, value })) });
}
