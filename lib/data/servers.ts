import type { Tx } from "../db";
import type { RevisionAction } from "../schemas/revision";
import { serverInputSchema, normalizeServerInput, type ServerInput } from "../schemas/server";
import type { StoredServer } from "../schemas/server-output";
import {
  createEntity,
  deleteEntity,
  findEntity,
  getEntityRevision,
  insertEntity,
  keepMaskedDefinition,
  listEntityRevisions,
  patchEntity,
  replaceEntity,
  restoreEntityRevision,
  type DeleteOptions,
  type EntitySpec,
  type EntityTable,
  type WriteOptions,
} from "./entity-store";
import { columnsOf, definitionOf, toStoredServer, type ServerRow } from "./server-record";
import { findServerUsers, referencedBy } from "./used-by";

export type { WriteOptions } from "./entity-store";

export const serverSpec: EntitySpec<ServerInput, ServerRow, StoredServer> = {
  type: "server",
  table: "Server",
  noun: "MCP server",
  aNoun: "An MCP server",
  tableOf: (client) => client.server as unknown as EntityTable<ServerRow>,
  normalize: normalizeServerInput,
  parse: (input) => serverInputSchema.parse(input),
  definitionOf,
  columnsOf,
  snapshotOf: definitionOf,
  toOutput: toStoredServer,
  keepMasked: (input, current) => keepMaskedDefinition(input, definitionOf(current)),
  usersOf: async (name, tx) => referencedBy(await findServerUsers(name, tx)),
  writeIndexes: (tx, serverId, input, { from }) => writeLabels(tx, serverId, input, { replace: from !== undefined }),
  beforeDelete: async (tx, current) => { await tx.healthCheck.deleteMany({ where: { serverId: current.id } }); },
};

export async function getServer(name: string): Promise<StoredServer & { id: number }> {
  const row = await findEntity(serverSpec, name);
  return { ...toStoredServer(row), id: row.id };
}

export const createServer = (input: ServerInput, options: WriteOptions, action: RevisionAction = "create") => createEntity(serverSpec, input, options, action);

/** Creates a server inside the caller's transaction (adopt-inline creates several beside a capability). */
export const insertServer = (tx: Tx, input: ServerInput, options: WriteOptions, action: RevisionAction = "create") => insertEntity(tx, serverSpec, input, options, action);

/** PUT: the whole definition; a different `name` renames, refused while anything references the server. */
export const replaceServer = (name: string, input: ServerInput, options: WriteOptions, action: RevisionAction = "update") =>
  replaceEntity(serverSpec, name, input, options, action);

/** PATCH: a JSON merge patch over the definition as stored, validated whole afterwards. */
export const patchServer = (name: string, patch: Record<string, unknown>, options: WriteOptions) => patchEntity(serverSpec, name, patch, options);
export const restoreServerRevision = (name: string, revision: number, options: WriteOptions) => restoreEntityRevision(serverSpec, name, revision, options);
export const deleteServer = (name: string, options: DeleteOptions) => deleteEntity(serverSpec, name, options);
export const listServerRevisions = (name: string) => listEntityRevisions(serverSpec, name);
export const getServerRevision = (name: string, revision: number) => getEntityRevision(serverSpec, name, revision);

/** Tags and capability strings live in their own indexed tables so filters never scan definitions. */
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
