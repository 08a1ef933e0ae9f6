import { getDb } from "../db";
import type { VariableBinding } from "../resolve/types";
import type { VariableInput } from "../schemas/variable";
import { openVariable } from "./variable-record";

type Opened = { revision: number; variable: VariableInput };

/** Opened variables by name and revision: a secret is decrypted once per revision, not once per request. */
const opened = new Map<string, Opened>();

/**
 * Every registry variable with its value for `environment` chosen (DESIGN §10: the environment's value, else
 * `value`). One small query per resolution, so a write on one instance is seen by the next read on any other.
 */
export async function loadVariableBindings(environment: string): Promise<Map<string, VariableBinding>> {
  const rows = await getDb().variable.findMany({ select: { name: true, revision: true, definition: true, sealed: true } });
  const bindings = new Map<string, VariableBinding>();
  for (const row of rows) {
    const variable = openOrReport(row);
    const value = variable.environments && Object.hasOwn(variable.environments, environment) ? variable.environments[environment] : variable.value;
    bindings.set(row.name, { value, secret: variable.secret, scope: variable.scope });
  }
  if (opened.size > rows.length * 2 + 100) pruneTo(new Set(rows.map((row) => row.name)));
  return bindings;
}

/**
 * A secret no configured key opens (a wrong or stale PATCHBAY_SECRET_KEY) resolves to nothing, with one log
 * line naming the variable — never a failed request, never a value.
 */
const reported = new Set<string>();
function openOrReport(row: { name: string; revision: number; definition: string; sealed: string | null }): VariableInput {
  try {
    return openCached(row);
  } catch (error) {
    const key = `${row.name}@${row.revision}`;
    if (!reported.has(key)) {
      reported.add(key);
      console.error(`Patchbay: secret ${row.name} cannot be opened: ${(error as Error).message}`);
    }
    const { value: _value, environments: _environments, ...rest } = JSON.parse(row.definition) as VariableInput;
    return rest as VariableInput;
  }
}

function openCached(row: { name: string; revision: number; definition: string; sealed: string | null }): VariableInput {
  const hit = opened.get(row.name);
  if (hit && hit.revision === row.revision) return hit.variable;
  const variable = openVariable(row);
  opened.set(row.name, { revision: row.revision, variable });
  return variable;
}

function pruneTo(names: Set<string>) {
  for (const name of opened.keys()) if (!names.has(name)) opened.delete(name);
}
