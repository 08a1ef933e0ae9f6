import { referenceFormOf, type McpServerReferences } from "../schemas/reference";

type JsonObject = Record<string, unknown>;

/**
 * One reference as the dashboard shows and edits it; `inline` holds a legacy inline config, kept as entered,
 * and `inlineError` why the text being edited for it is not a config yet (never sent); `names` (DESIGN §16) is kept
 * as it was, so saving the form does not drop it.
 */
export type ReferenceRow = { alias: string; server: string | null; parameters: JsonObject; inline?: JsonObject; inlineError?: string; provides?: string; names?: "bare" };

/** Every seed 003 form of `mcp_servers`, flattened to rows in the order entered. */
export function toReferenceRows(references: McpServerReferences | undefined): ReferenceRow[] {
  if (!references) return [];
  if (Array.isArray(references)) return references.map((name) => ({ alias: name, server: name, parameters: {} }));

  return Object.entries(references).map(([alias, value]): ReferenceRow => {
    const object = value as JsonObject;
    switch (referenceFormOf(value)) {
      case "name": return { alias, server: value as string, parameters: {} };
      case "server": return { alias, server: object.server as string, parameters: (object.parameters as JsonObject) ?? {}, ...namesOf(object) };
      case "named": return { alias, server: alias, parameters: (object.parameters as JsonObject) ?? {}, ...namesOf(object) };
      case "provides": return { alias, server: null, parameters: (object.parameters as JsonObject) ?? {}, provides: object.provides as string, ...namesOf(object) };
      default: return { alias, server: null, parameters: {}, inline: object };
    }
  });
}

/** Back to the alias map: a plain name when the alias is the server's name and there are no parameters. */
export function toReferences(rows: ReferenceRow[]): Record<string, unknown> {
  const references: Record<string, unknown> = {};
  for (const row of rows) {
    const hasParameters = Object.keys(row.parameters).length > 0;
    const rest = { ...(hasParameters ? { parameters: row.parameters } : {}), ...(row.names ? { names: row.names } : {}) };
    if (row.inline) references[row.alias] = row.inline;
    else if (row.provides !== undefined) references[row.alias] = { provides: row.provides, ...rest };
    else if (row.alias === row.server && Object.keys(rest).length === 0) references[row.alias] = row.server;
    else references[row.alias] = { server: row.server, ...rest };
  }
  return references;
}

function namesOf(object: JsonObject): { names?: "bare" } {
  return object.names === "bare" ? { names: "bare" } : {};
}
