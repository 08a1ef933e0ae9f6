import type { Db, Tx } from "../db";
import { getDb } from "../db";
import { ConflictError, InvalidInputError, NotFoundError, PreconditionFailedError, SecretDestinationChangedError } from "../errors";
import { keepMaskedValues } from "../resolve/masked-values";
import { preserveKeyOrder } from "../schemas/key-order";
import type { EntityType, RevisionAction } from "../schemas/revision";
import { assertNotSyncManaged } from "./managed-by";
import { applyMergePatch } from "./merge-patch";
import { assertIfMatch } from "./preconditions";
import { isUniqueViolation } from "./prisma-errors";
import { getRevision, listRevisions, recordRevision } from "./revisions";
import { lockRow, type LockableTable } from "./row-lock";

/**
 * `isSync`: the write is GitOps sync's own, the only one allowed on what it manages (DESIGN §13). `secrets`: the API
 * write of a definition that may hold literal secrets, checked against DESIGN §14 — `keep` is an admin's
 * `?keep_secrets=true`; the store fills in what the write itself supplies.
 */
export type WriteOptions = { ifMatch?: string | null; actor: string; isSync?: boolean; secrets?: SecretCheck };
/** `readsSecrets`: the writer may read secrets (admin), so reference parameters may send them elsewhere (DESIGN §14). */
export type SecretCheck = { keep: boolean; supplied?: unknown; readsSecrets?: boolean };
export type DeleteOptions = WriteOptions & { force: boolean };

/** The columns every versioned entity's table has; each adds its own (definition, indexes, sealed values). */
export type EntityRow = { id: number; name: string; revision: number; createdAt: Date; modifiedAt: Date; managedBy?: string | null };

/** The part of a Prisma delegate the store uses: every versioned table answers these the same way. */
export type EntityTable<Row extends EntityRow> = {
  findUnique(args: { where: { name: string } }): Promise<Row | null>;
  create(args: { data: object }): Promise<Row>;
  updateMany(args: { where: { id: number; revision: number }; data: object }): Promise<{ count: number }>;
  deleteMany(args: { where: { id: number; revision: number } }): Promise<{ count: number }>;
};

/** Who references an entity: the 409's `used_by` body and the words for its message. */
export type Users = { usedBy: unknown; described: string };

/**
 * What differs between servers, capabilities, agents and variables; everything else about storing a named
 * definition with revisions — row lock, If-Match in the write statement, unique names, key order, the
 * revision snapshot and its actor — is this module's, once.
 */
export type EntitySpec<T extends { name: string }, Row extends EntityRow, Out> = {
  /** Names the revisions' entity type and the Prisma model (`tx.server`, `tx.variable`). */
  type: EntityType;
  /** "MCP server", "Capability": the start of messages */
  noun: string;
  /** "An MCP server", "A capability": the start of "… named 'x' already exists." */
  aNoun: string;
  /** The definition as entered, from unknown input: server-set fields dropped, spellings normalized; then parsed. */
  normalize?: (input: unknown) => unknown;
  parse: (input: unknown) => T;
  /** The definition a merge patch applies to (a secret's values opened). */
  definitionOf: (row: Row) => T;
  columnsOf: (input: T) => object;
  /** What a revision records: the definition, or less (a secret's values never). */
  snapshotOf: (row: Row) => unknown;
  toOutput: (row: Row) => Out;
  /** Masked values (`••••`) sent back mean "unchanged": they take the stored values. */
  keepMasked: (input: T, current: Row) => T;
  /** The base of a merge patch, when it is not simply the stored definition. */
  patchBase?: (current: Row, patch: Record<string, unknown>) => unknown;
  /** 422 for references to what does not exist, before anything is written. */
  assertTargets?: (tx: Tx, input: T) => Promise<void>;
  /** Who references it, null when nobody: refuses delete (unless forced) and rename. */
  usersOf?: (name: string, tx: Tx) => Promise<Users | null>;
  /** DESIGN §14: refuses (409) a write that would send secrets elsewhere (`current`: none on insert), for a writer who may not read them. */
  assertSecretsStay?: (tx: Tx, input: T, current?: Row) => Promise<void>;
  /** DESIGN §14: the literal secrets `next` would carry somewhere else than `current` connects, not supplied anew in `supplied`. */
  movedSecrets?: (current: Row, next: T, supplied: unknown) => string[];
  /** Keeps the entity's index tables (tags, provides, Reference rows) in step, after each write. */
  writeIndexes?: (tx: Tx, id: number, input: T, names: { from?: string; to: string }) => Promise<void>;
  /** Removes what the database does not cascade, before the row goes. */
  beforeDelete?: (tx: Tx, current: Row) => Promise<void>;
};

type Named = { name: string };
/** For helpers that only read the spec's names and users. */
type AnySpec = Pick<EntitySpec<Named, EntityRow, unknown>, "type" | "noun" | "aNoun" | "usersOf">;

const TABLES: Record<EntityType, LockableTable> = { server: "Server", capability: "Capability", agent: "Agent", variable: "Variable" };

/** The entity's Prisma delegate: every versioned model is named after its type. */
function tableOf<Row extends EntityRow>(spec: { type: EntityType }, client: Db | Tx): EntityTable<Row> {
  return client[spec.type] as unknown as EntityTable<Row>;
}

/** The operations routes and importers call, bound to one entity. */
export function operationsOf<T extends Named, Row extends EntityRow, Out>(spec: EntitySpec<T, Row, Out>) {
  return {
    create: (input: T, options: WriteOptions, action: RevisionAction = "create") => createEntity(spec, input, options, action),
    insert: (tx: Tx, input: T, options: WriteOptions, action: RevisionAction = "create") => insertEntity(tx, spec, input, options, action),
    replace: (name: string, input: T, options: WriteOptions, action: RevisionAction = "update") => replaceEntity(spec, name, input, options, action),
    patch: (name: string, patch: Record<string, unknown>, options: WriteOptions) => patchEntity(spec, name, patch, options),
    remove: (name: string, options: DeleteOptions) => deleteEntity(spec, name, options),
    listRevisions: (name: string) => listEntityRevisions(spec, name),
    getRevision: (name: string, revision: number) => getEntityRevision(spec, name, revision),
    restoreRevision: (name: string, revision: number, options: WriteOptions) => restoreEntityRevision(spec, name, revision, options),
  };
}

export async function findEntity<T extends Named, Row extends EntityRow, Out>(spec: EntitySpec<T, Row, Out>, name: string, client: Db | Tx = getDb()): Promise<Row> {
  const row = await tableOf<Row>(spec, client).findUnique({ where: { name } });
  if (!row) throw notFound(spec, name);
  return row;
}

export async function createEntity<T extends Named, Row extends EntityRow, Out>(spec: EntitySpec<T, Row, Out>, input: T, options: WriteOptions, action: RevisionAction = "create") {
  return getDb().$transaction((tx) => insertEntity(tx, spec, input, options, action));
}

/** The one insert of a new entity, inside the caller's transaction (imports and adopt-inline share it). */
export async function insertEntity<T extends Named, Row extends EntityRow, Out>(tx: Tx, spec: EntitySpec<T, Row, Out>, input: T, { actor, secrets }: WriteOptions, action: RevisionAction): Promise<Out> {
  const table = tableOf<Row>(spec, tx);
  if (await table.findUnique({ where: { name: input.name } })) throw nameTaken(spec, input.name);
  await spec.assertTargets?.(tx, input);
  if (secrets && !secrets.readsSecrets) await spec.assertSecretsStay?.(tx, input);

  const now = new Date();
  const row = await table
    .create({ data: { ...spec.columnsOf(input), revision: 1, createdAt: now, modifiedAt: now } })
    .catch(mapUniqueViolation(spec, input.name));
  await spec.writeIndexes?.(tx, row.id, input, { to: input.name });
  await recordRevision(tx, { entityType: spec.type, entityId: row.id, entityName: row.name, revision: 1, action, actor, at: now, snapshot: spec.snapshotOf(row) });
  return spec.toOutput(row);
}

/** PUT: the whole definition; a different `name` renames, refused while anything references the entity. */
export async function replaceEntity<T extends Named, Row extends EntityRow, Out>(spec: EntitySpec<T, Row, Out>, name: string, input: T, options: WriteOptions, action: RevisionAction = "update") {
  const secrets = options.secrets && { ...options.secrets, supplied: action === "restore" ? null : input };
  return getDb().$transaction((tx) => writeEntity(tx, spec, name, () => input, { ...options, secrets }, action));
}

/** PATCH: a JSON merge patch over the definition as stored, validated whole afterwards, key order as entered. */
export async function patchEntity<T extends Named, Row extends EntityRow, Out>(spec: EntitySpec<T, Row, Out>, name: string, patch: Record<string, unknown>, options: WriteOptions) {
  return getDb().$transaction((tx) =>
    writeEntity(tx, spec, name, (row) => parseAsEntered(spec, applyMergePatch(spec.patchBase?.(row, patch) ?? spec.definitionOf(row), patch)),
      { ...options, secrets: options.secrets && { ...options.secrets, supplied: patch } }, "update"),
  );
}

/** Writes a new revision equal to revision `n`, as it was entered; it supplies no literal secret anew (DESIGN §14). */
export async function restoreEntityRevision<T extends Named, Row extends EntityRow, Out>(spec: EntitySpec<T, Row, Out>, name: string, revision: number, options: WriteOptions) {
  const { snapshot } = await getEntityRevision(spec, name, revision);
  return replaceEntity(spec, name, parseAsEntered(spec, snapshot), options, "restore");
}

export async function deleteEntity<T extends Named, Row extends EntityRow, Out>(spec: EntitySpec<T, Row, Out>, name: string, { ifMatch, actor, force, isSync = false }: DeleteOptions): Promise<void> {
  await getDb().$transaction(async (tx) => {
    const current = await lockAndFind(tx, spec, name, ifMatch);
    assertNotSyncManaged(current, spec.noun, name, isSync);

    const users = await spec.usersOf?.(name, tx);
    if (users && !force) {
      throw new ConflictError(`${spec.noun} '${name}' is ${users.described}; delete with ?force=true to remove it anyway.`, { used_by: users.usedBy });
    }
    await spec.beforeDelete?.(tx, current);
    const { count } = await tableOf(spec, tx).deleteMany({ where: { id: current.id, revision: current.revision } });
    if (count === 0) throw new PreconditionFailedError();
    await recordRevision(tx, {
      entityType: spec.type, entityId: current.id, entityName: name, revision: current.revision + 1,
      action: "delete", actor, at: new Date(), snapshot: spec.snapshotOf(current),
    });
  });
}

export async function listEntityRevisions<T extends Named, Row extends EntityRow, Out>(spec: EntitySpec<T, Row, Out>, name: string) {
  const { id } = await findEntity(spec, name);
  return listRevisions(spec.type, id);
}

export async function getEntityRevision<T extends Named, Row extends EntityRow, Out>(spec: EntitySpec<T, Row, Out>, name: string, revision: number) {
  const { id } = await findEntity(spec, name);
  return getRevision(spec.type, id, name, revision);
}

/** The one write of an existing entity, inside the caller's transaction (imports and adopt-inline share it). */
export async function writeEntity<T extends Named, Row extends EntityRow, Out>(
  tx: Tx,
  spec: EntitySpec<T, Row, Out>,
  name: string,
  nextDefinition: (current: Row) => T,
  { ifMatch, actor, isSync = false, secrets }: WriteOptions,
  action: RevisionAction,
): Promise<Out> {
  const current = await lockAndFind(tx, spec, name, ifMatch);
  assertNotSyncManaged(current, spec.noun, name, isSync);
  const input = spec.keepMasked(nextDefinition(current), current);
  if (secrets && !secrets.keep && spec.movedSecrets) {
    const moved = spec.movedSecrets(current, input, secrets.supplied ?? null);
    if (moved.length > 0) throw new SecretDestinationChangedError(moved);
  }
  if (input.name !== name) await assertRenamable(tx, spec, name, input.name);
  await spec.assertTargets?.(tx, input);
  if (secrets && !secrets.readsSecrets) await spec.assertSecretsStay?.(tx, input, current);
  // Nothing changes, so nothing is written: no revision, and the ETag others hold stays good (DESIGN §1: +1 on every change).
  if (JSON.stringify(input) === JSON.stringify(spec.definitionOf(current))) return spec.toOutput(current);

  const now = new Date();
  const revision = current.revision + 1;
  const columns = spec.columnsOf(input);
  // The revision check and the write are one statement too, should anything write without the row lock.
  const { count } = await tableOf(spec, tx)
    .updateMany({ where: { id: current.id, revision: current.revision }, data: { ...columns, revision, modifiedAt: now } })
    .catch(mapUniqueViolation(spec, input.name));
  if (count === 0) throw new PreconditionFailedError();

  const row = { ...current, ...columns, revision, modifiedAt: now };
  await spec.writeIndexes?.(tx, current.id, input, { from: name, to: input.name });
  await recordRevision(tx, { entityType: spec.type, entityId: current.id, entityName: input.name, revision, action, actor, at: now, snapshot: spec.snapshotOf(row) });
  return spec.toOutput(row);
}

/** Locks the row (PostgreSQL; SQLite has one writer), reads it, and checks If-Match against what it read. */
export async function lockAndFind<T extends Named, Row extends EntityRow, Out>(tx: Tx, spec: EntitySpec<T, Row, Out>, name: string, ifMatch: string | null | undefined): Promise<Row> {
  await lockRow(tx, TABLES[spec.type], name);
  const current = await findEntity(spec, name, tx);
  assertIfMatch(ifMatch, current.revision);
  return current;
}

/** zod returns objects in schema order; what was entered keeps its own. */
export function parseAsEntered<T extends Named, Row extends EntityRow, Out>(spec: EntitySpec<T, Row, Out>, definition: unknown): T {
  const normalized = spec.normalize ? spec.normalize(definition) : definition;
  return preserveKeyOrder(spec.parse(normalized), normalized);
}

/** For definitions stored whole (servers, inline configs): each masked string takes the stored value at its path. */
export function keepMaskedDefinition<T>(input: T, stored: unknown): T {
  const { value, errors } = keepMaskedValues(input, stored);
  if (errors.length) throw new InvalidInputError("Masked values can only stand for values already stored.", errors);
  return value as T;
}

async function assertRenamable(tx: Tx, spec: AnySpec, from: string, to: string) {
  if (await tableOf(spec, tx).findUnique({ where: { name: to } })) throw nameTaken(spec, to);
  const users = await spec.usersOf?.(from, tx);
  if (users) throw new ConflictError(`${spec.noun} '${from}' cannot be renamed while ${users.described}.`, { used_by: users.usedBy });
}

/** A racing writer took the name between our check and our write: 409, as if the check had seen it. */
function mapUniqueViolation(spec: AnySpec, name: string) {
  return (error: unknown): never => {
    throw isUniqueViolation(error) ? nameTaken(spec, name) : error;
  };
}

function notFound(spec: AnySpec, name: string) {
  return new NotFoundError(`${spec.noun} '${name}' does not exist.`);
}

function nameTaken(spec: AnySpec, name: string) {
  return new ConflictError(`${spec.aNoun} named '${name}' already exists.`);
}
