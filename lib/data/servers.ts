import type { Tx } from "../db";
import { getDb } from "../db";
import { ConflictError, NotFoundError, PreconditionFailedError } from "../errors";
import type { RevisionAction } from "../schemas/revision";
import { serverInputSchema, normalizeServerInput, type ServerInput } from "../schemas/server";
import { preserveKeyOrder } from "../schemas/key-order";
import type { StoredServer } from "../schemas/server-output";
import { applyMergePatch } from "./merge-patch";
import { assertIfMatch } from "./preconditions";
import { isUniqueViolation } from "./prisma-errors";
import { getRevision, listRevisions, recordRevision } from "./revisions";
import { columnsOf, definitionOf, toStoredServer } from "./server-record";
import { describeUsers, findServerUsers, isUsed } from "./used-by";

export type WriteOptions = { ifMatch?: string | null; actor: string };

export async function getServer(name: string): Promise<StoredServer & { id: number }> {
  const row = await getDb().server.findUnique({ where: { name } });
  if (!row) throw serverNotFound(name);
  return { ...toStoredServer(row), id: row.id };
}

export async function createServer(input: ServerInput, { actor }: WriteOptions, action: RevisionAction = "create") {
  return getDb().$transaction(async (tx) => {
    const now = new Date();
    if (await tx.server.findUnique({ where: { name: input.name }, select: { id: true } })) throw nameTaken(input.name);

    const row = await tx.server
      .create({ data: { ...columnsOf(input), revision: 1, createdAt: now, modifiedAt: now } })
      .catch((error) => { throw isUniqueViolation(error) ? nameTaken(input.name) : error; });
    await writeLabels(tx, row.id, input);
    await recordRevision(tx, { entityType: "server", entityId: row.id, entityName: row.name, revision: 1, action, actor, at: now, snapshot: input });
    return toStoredServer(row);
  });
}

/** PUT: the whole definition; a different `name` renames, refused while anything references the server. */
export async function replaceServer(name: string, input: ServerInput, options: WriteOptions, action: RevisionAction = "update") {
  return getDb().$transaction((tx) => writeServer(tx, name, () => input, options, action));
}

/** PATCH: a JSON merge patch over the definition as stored, validated whole afterwards. */
export async function patchServer(name: string, patch: Record<string, unknown>, options: WriteOptions) {
  return getDb().$transaction((tx) =>
    writeServer(tx, name, (current) => parseAsEntered(applyMergePatch(current, patch)), options, "update"),
  );
}

export async function restoreServerRevision(name: string, revision: number, options: WriteOptions) {
  const current = await getServer(name);
  const { snapshot } = await getRevision("server", current.id, name, revision);
  const input = parseAsEntered(snapshot);
  return replaceServer(name, input, options, "restore");
}

export async function deleteServer(name: string, { ifMatch, actor, force }: WriteOptions & { force: boolean }) {
  await getDb().$transaction(async (tx) => {
    const current = await tx.server.findUnique({ where: { name } });
    if (!current) throw serverNotFound(name);
    assertIfMatch(ifMatch, current.revision);

    const usedBy = await findServerUsers(name, tx);
    if (isUsed(usedBy) && !force) {
      throw new ConflictError(`MCP server '${name}' is referenced by ${describeUsers(usedBy)}; delete with ?force=true to remove it anyway.`, { used_by: usedBy });
    }
    await recordRevision(tx, {
      entityType: "server", entityId: current.id, entityName: name, revision: current.revision + 1,
      action: "delete", actor, at: new Date(), snapshot: definitionOf(current),
    });
    await tx.healthCheck.deleteMany({ where: { serverId: current.id } });
    await tx.server.delete({ where: { id: current.id } });
  });
}

export async function listServerRevisions(name: string) {
  const { id } = await getServer(name);
  return listRevisions("server", id);
}

export async function getServerRevision(name: string, revision: number) {
  const { id } = await getServer(name);
  return getRevision("server", id, name, revision);
}

async function writeServer(
  tx: Tx,
  name: string,
  nextDefinition: (current: ServerInput) => ServerInput,
  { ifMatch, actor }: WriteOptions,
  action: RevisionAction,
): Promise<StoredServer> {
  const current = await tx.server.findUnique({ where: { name } });
  if (!current) throw serverNotFound(name);
  assertIfMatch(ifMatch, current.revision);

  const input = nextDefinition(definitionOf(current));
  if (input.name !== name) await assertRenamable(tx, name, input.name);

  const now = new Date();
  const revision = current.revision + 1;
  // The revision check and the write are one statement: of racing writers with one If-Match, one wins.
  const { count } = await tx.server.updateMany({
    where: { id: current.id, revision: current.revision },
    data: { ...columnsOf(input), revision, modifiedAt: now },
  });
  if (count === 0) throw new PreconditionFailedError();

  await writeLabels(tx, current.id, input, { replace: true });
  await recordRevision(tx, { entityType: "server", entityId: current.id, entityName: input.name, revision, action, actor, at: now, snapshot: input });
  return toStoredServer({ definition: JSON.stringify(input), revision, createdAt: current.createdAt, modifiedAt: now });
}

async function assertRenamable(tx: Tx, from: string, to: string) {
  if (await tx.server.findUnique({ where: { name: to }, select: { id: true } })) throw nameTaken(to);
  const usedBy = await findServerUsers(from, tx);
  if (isUsed(usedBy)) {
    throw new ConflictError(`MCP server '${from}' cannot be renamed while referenced by ${describeUsers(usedBy)}.`, { used_by: usedBy });
  }
}

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

function parseAsEntered(definition: unknown): ServerInput {
  const normalized = normalizeServerInput(definition);
  return preserveKeyOrder(serverInputSchema.parse(normalized), normalized);
}

function serverNotFound(name: string) {
  return new NotFoundError(`MCP server '${name}' does not exist.`);
}

function nameTaken(name: string) {
  return new ConflictError(`An MCP server named '${name}' already exists.`);
}
