import type { Tx } from "../db";
import { getDb } from "../db";
import { ConflictError, InvalidInputError, NotFoundError, PreconditionFailedError } from "../errors";
import { preserveKeyOrder } from "../schemas/key-order";
import { MASK } from "../schemas/secrets";
import { variableInputSchema, type VariableBody, type VariableInput, type VariableOutput } from "../schemas/variable";
import { applyMergePatch } from "./merge-patch";
import { assertIfMatch } from "./preconditions";
import { isUniqueViolation } from "./prisma-errors";
import { recordRevision } from "./revisions";
import { lockVariableRow } from "./row-lock";
import { columnsOfVariable, openVariable, toVariableOutput, toVariableSnapshot, type VariableRow } from "./variable-record";
import { findVariableUsers } from "./variable-users";

type WriteOptions = { ifMatch?: string | null; actor: string };

export async function listVariables(): Promise<VariableOutput[]> {
  const rows = await getDb().variable.findMany({ orderBy: { name: "asc" } });
  return rows.map(toVariableOutput);
}

export async function getVariable(name: string): Promise<VariableOutput> {
  return toVariableOutput(await findRow(getDb(), name));
}

/** Creates a variable; 409 when the name is taken (the demo seed, racing another instance). */
export async function createVariable(input: VariableInput, { actor }: WriteOptions): Promise<VariableOutput> {
  return getDb().$transaction(async (tx) => {
    if (await tx.variable.findUnique({ where: { name: input.name }, select: { id: true } })) {
      throw new ConflictError(`A variable named '${input.name}' already exists.`);
    }
    return insertVariable(tx, input, actor);
  });
}

/** PUT: creates (`created: true`, 201) or replaces (200) the whole variable. */
export async function putVariable(name: string, body: VariableBody, options: WriteOptions) {
  if (body.name !== undefined && body.name !== name) {
    throw new InvalidInputError("The name in the body must match the path.", [{ path: "/name", message: `must be '${name}' (the path's name) or left out` }]);
  }
  const input = { ...body, name } as VariableInput;
  return getDb().$transaction(async (tx) => {
    await lockVariableRow(tx, name);
    const current = await tx.variable.findUnique({ where: { name } });
    if (!current) {
      if (options.ifMatch) throw new PreconditionFailedError();
      return { variable: await insertVariable(tx, input, options.actor), created: true };
    }
    return { variable: await writeVariable(tx, current, keepMaskedSecretValues(input, current), options), created: false };
  });
}

/** PATCH: a JSON merge patch over the variable (a secret's values included), validated whole afterwards. */
export async function patchVariable(name: string, patch: Record<string, unknown>, options: WriteOptions) {
  if ("name" in patch && patch.name !== name) {
    throw new InvalidInputError("Variables cannot be renamed.", [{ path: "/name", message: "cannot change; create a new variable instead" }]);
  }
  return getDb().$transaction(async (tx) => {
    await lockVariableRow(tx, name);
    const current = await findRow(tx, name);
    const merged = applyMergePatch(current.secret && patch.secret === false ? demotedBase(current, patch) : openVariable(current), patch);
    const input = preserveKeyOrder(variableInputSchema.parse(merged), merged);
    return writeVariable(tx, current, keepMaskedSecretValues(input, current), options);
  });
}

/** DELETE: 409 naming the servers that use it, unless `force`. */
export async function deleteVariable(name: string, { ifMatch, actor, force }: WriteOptions & { force: boolean }) {
  await getDb().$transaction(async (tx) => {
    await lockVariableRow(tx, name);
    const current = await findRow(tx, name);
    assertIfMatch(ifMatch, current.revision);

    const users = await findVariableUsers(name, tx);
    if (users.length && !force) {
      const names = users.map((user) => user.name).join(", ");
      throw new ConflictError(`Variable '${name}' is used by ${names}; delete with ?force=true to remove it anyway.`, { used_by: { mcp_servers: users } });
    }
    await recordRevision(tx, {
      entityType: "variable", entityId: current.id, entityName: name, revision: current.revision + 1,
      action: "delete", actor, at: new Date(), snapshot: toVariableSnapshot(current),
    });
    await tx.variable.delete({ where: { id: current.id } });
  });
}

/**
 * A secret turned plain carries none of its values over (they would be shown to everyone): the patch must
 * give them again, or say `null` to drop them.
 */
function demotedBase(current: VariableRow, patch: Record<string, unknown>): Record<string, unknown> {
  const stored = openVariable(current);
  const missing = [
    ...(stored.value !== undefined && !("value" in patch) ? ["/value"] : []),
    ...(stored.environments && !("environments" in patch) ? ["/environments"] : []),
  ];
  if (missing.length) {
    throw new InvalidInputError("A secret's values are not carried over when it becomes a plain variable.", missing.map((path) => ({
      path, message: "must be given again (or null to drop it) when turning a secret into a plain variable",
    })));
  }
  return JSON.parse(current.definition) as Record<string, unknown>;
}

async function insertVariable(tx: Tx, input: VariableInput, actor: string): Promise<VariableOutput> {
  const now = new Date();
  const row = await tx.variable
    .create({ data: { ...columnsOfVariable(input), revision: 1, createdAt: now, modifiedAt: now } })
    .catch((error) => { throw isUniqueViolation(error) ? new ConflictError(`A variable named '${input.name}' already exists.`) : error; });
  await recordRevision(tx, { entityType: "variable", entityId: row.id, entityName: row.name, revision: 1, action: "create", actor, at: now, snapshot: toVariableSnapshot(row) });
  return toVariableOutput(row);
}

async function writeVariable(tx: Tx, current: VariableRow, input: VariableInput, { ifMatch, actor }: WriteOptions): Promise<VariableOutput> {
  assertIfMatch(ifMatch, current.revision);
  const now = new Date();
  const revision = current.revision + 1;
  const columns = columnsOfVariable(input);
  // The revision check and the write are one statement, should anything write without the row lock.
  const { count } = await tx.variable.updateMany({ where: { id: current.id, revision: current.revision }, data: { ...columns, revision, modifiedAt: now } });
  if (count === 0) throw new PreconditionFailedError();

  const row = { ...current, ...columns, revision, modifiedAt: now };
  await recordRevision(tx, { entityType: "variable", entityId: current.id, entityName: current.name, revision, action: "update", actor, at: now, snapshot: toVariableSnapshot(row) });
  return toVariableOutput(row);
}

/**
 * `••••` sent back for a secret's value means "unchanged" (DESIGN §7). Only while it stays a secret: turning a
 * secret into a plain variable needs its values typed again, or the mask would reveal them.
 */
function keepMaskedSecretValues(input: VariableInput, current: VariableRow): VariableInput {
  const masked = [input.value, ...Object.values(input.environments ?? {})].some((value) => value?.includes(MASK));
  if (!masked) return input;
  if (!current.secret || !input.secret) {
    throw new InvalidInputError("Masked values can only stand for a secret's stored values.", [
      { path: "/value", message: "is masked (••••); type the value to store (a secret's values are never shown, so they cannot be kept when it stops being secret)" },
    ]);
  }

  const stored = openVariable(current);
  const errors: { path: string; message: string }[] = [];
  const keep = (value: string | undefined, storedValue: string | undefined, path: string) => {
    if (value === undefined || !value.includes(MASK)) return value;
    if (storedValue === undefined) errors.push({ path, message: "is masked (••••) but nothing is stored here to keep" });
    return storedValue;
  };
  const value = keep(input.value, stored.value, "/value");
  const environments = input.environments
    ? Object.fromEntries(Object.entries(input.environments).map(([env, text]) => [env, keep(text, stored.environments?.[env], `/environments/${env}`)!]))
    : undefined;
  if (errors.length) throw new InvalidInputError("Masked values can only stand for values already stored.", errors);
  return { ...input, ...(value === undefined ? {} : { value }), ...(environments ? { environments } : {}) };
}

async function findRow(client: Pick<Tx, "variable">, name: string): Promise<VariableRow> {
  const row = await client.variable.findUnique({ where: { name } });
  if (!row) throw new NotFoundError(`Variable '${name}' does not exist.`);
  return row;
}
