import { CHANGE_SCOPES, type ChangeScope } from "./change-scope";

/** The one statement that bumps counters, on either engine; the scopes are our own constants, never input. */
export function bumpChangeCountersStatement(scopes: readonly ChangeScope[]) {
  const list = scopes.map((scope) => `'${scope}'`).join(", ");
  return { sql: `UPDATE "ChangeCounter" SET "value" = "value" + 1 WHERE "scope" IN (${list})`, args: [], argTypes: [] };
}

export const READ_CHANGE_COUNTERS = `SELECT "scope", "value" FROM "ChangeCounter"`;

/** Counter rows → one stamp per scope (a missing row stamps as such, never as a number). */
export function stampsOf(rows: { scope: string; value: number | string }[]): Record<ChangeScope, string> {
  const stamps = {} as Record<ChangeScope, string>;
  for (const scope of CHANGE_SCOPES) stamps[scope] = String(rows.find((row) => row.scope === scope)?.value ?? "missing");
  return stamps;
}
