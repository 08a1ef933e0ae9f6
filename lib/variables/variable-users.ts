import type { Db, Tx } from "../db";
import { getDb } from "../db";
import { ENV_VAR_PATTERN } from "../schemas/placeholders";

/**
 * The servers whose definitions name `${NAME}`: a LIKE narrows the rows (its wildcards escaped: names hold
 * `_`), then the placeholder pattern confirms each, so `${NAME_2}` never counts as a use of `NAME`.
 */
export async function findVariableUsers(name: string, client: Db | Tx = getDb()): Promise<{ name: string }[]> {
  const pattern = `%\${${name.replace(/[\\%_]/g, (char) => `\\${char}`)}}%`;
  const rows = await client.$queryRaw<{ name: string; definition: string }[]>`
    SELECT "name", "definition" FROM "Server" WHERE "definition" LIKE ${pattern} ESCAPE '\\' ORDER BY "name"`;
  return rows.filter((row) => namesVariable(row.definition, name)).map((row) => ({ name: row.name }));
}

/** Every `${VAR}` a definition names. */
export function variablesNamedIn(definitionText: string): Set<string> {
  return new Set([...definitionText.matchAll(ENV_VAR_PATTERN)].map((match) => match[1]));
}

function namesVariable(definitionText: string, name: string): boolean {
  return variablesNamedIn(definitionText).has(name);
}
