import type { Tx } from "../db";
import { getDb } from "../db";
import { InvalidInputError, PreconditionFailedError } from "../errors";
import { MASK } from "../schemas/secrets";
import { variableInputSchema, type VariableBody, type VariableInput, type VariableOutput } from "../schemas/variable";
import { findEntity, insertEntity, operationsOf, writeEntity, type EntitySpec, type WriteOptions } from "../data/entity-store";
import { lockRow } from "../data/row-lock";
import { columnsOfVariable, openVariable, toVariableOutput, toVariableSnapshot, type VariableRow } from "./variable-record";
import { findVariableUsers } from "./variable-users";

/** A variable's secret values live sealed in their own column; revisions and responses only ever see them masked. */
export const variableSpec: EntitySpec<VariableInput, VariableRow, VariableOutput> = {
  type: "variable",
  noun: "Variable",
  aNoun: "A variable",
  parse: (input) => variableInputSchema.parse(input),
  definitionOf: (row) => openVariable(row),
  columnsOf: columnsOfVariable,
  snapshotOf: toVariableSnapshot,
  toOutput: toVariableOutput,
  keepMasked: keepMaskedSecretValues,
  patchBase: (current, patch) => (current.secret && patch.secret === false ? demotedBase(current, patch) : undefined),
  usersOf: async (name, tx) => {
    const users = await findVariableUsers(name, tx);
    return users.length ? { usedBy: { mcp_servers: users }, described: `used by ${users.map((user) => user.name).join(", ")}` } : null;
  },
};

export async function listVariables(): Promise<VariableOutput[]> {
  const rows = await getDb().variable.findMany({ orderBy: { name: "asc" } });
  return rows.map(toVariableOutput);
}

export async function getVariable(name: string): Promise<VariableOutput> {
  return toVariableOutput(await findEntity(variableSpec, name));
}

const operations = operationsOf(variableSpec);

/** Creates a variable; 409 when the name is taken (the demo seed, racing another instance). */
export const createVariable = (input: VariableInput, options: WriteOptions) => operations.create(input, options);

/** PUT: creates (`created: true`, 201) or replaces (200) the whole variable. */
export async function putVariable(name: string, body: VariableBody, options: WriteOptions) {
  if (body.name !== undefined && body.name !== name) {
    throw new InvalidInputError("The name in the body must match the path.", [{ path: "/name", message: `must be '${name}' (the path's name) or left out` }]);
  }
  const input = { ...body, name } as VariableInput;
  return getDb().$transaction(async (tx: Tx) => {
    await lockRow(tx, "Variable", name);
    if (await tx.variable.findUnique({ where: { name }, select: { id: true } })) {
      return { variable: await writeEntity(tx, variableSpec, name, () => input, options, "update"), created: false };
    }
    if (options.ifMatch) throw new PreconditionFailedError();
    return { variable: await insertEntity(tx, variableSpec, input, options, "create"), created: true };
  });
}

/** PATCH: a JSON merge patch over the variable (a secret's values included), validated whole afterwards. */
export async function patchVariable(name: string, patch: Record<string, unknown>, options: WriteOptions) {
  if ("name" in patch && patch.name !== name) {
    throw new InvalidInputError("Variables cannot be renamed.", [{ path: "/name", message: "cannot change; create a new variable instead" }]);
  }
  return operations.patch(name, patch, options);
}

/** DELETE: 409 naming the servers that use it, unless `force`. */
export const deleteVariable = operations.remove;

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
