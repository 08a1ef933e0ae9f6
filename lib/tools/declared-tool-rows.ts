import type { Tool } from "../schemas/server-fields";
import type { ToolDefinition } from "./tool-definition";
import { columnsOf, fingerprintTool, type CatalogRow } from "./catalog-columns";

/**
 * The catalog's `environment` of a declared tool (DESIGN §11 `source: "declared"`): it has none of its own and
 * belongs to every environment, so it is stored under a name no environment can have (names are 1–64
 * characters) and answered as `null`. It sorts before every environment, beside the discovered rows of its name.
 */
export const DECLARED_ENVIRONMENT = "";

/** The fingerprinted object of a declared tool: what the definition says, an absent input schema being `{"type": "object"}`. */
export function declaredToolDefinition(tool: Tool): ToolDefinition {
  return {
    name: tool.name,
    ...(tool.description !== undefined && { description: tool.description }),
    input_schema: tool.input_schema ?? { type: "object" },
    ...(tool.output_schema !== undefined && { output_schema: tool.output_schema }),
  };
}

/** The catalog rows of a server's declared tools, as written beside its definition (and by migration 0012's backfill). */
export function declaredCatalogRows(serverId: number, tools: readonly Tool[] | undefined, now: Date): CatalogRow[] {
  // A name declared twice is one tool: the last declaration wins, as it would in a map.
  const byName = new Map((tools ?? []).map((tool) => [tool.name, tool]));
  return [...byName.values()].map((tool) => ({
    serverId, environment: DECLARED_ENVIRONMENT, name: tool.name, ...columnsOf(fingerprintTool(declaredToolDefinition(tool))), firstSeenAt: now, lastSeenAt: now,
  }));
}
