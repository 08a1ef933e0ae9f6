import { getDb } from "../db";
import { DECLARED_ENVIRONMENT } from "./declared-tool-rows";

/**
 * The annotations (`destructiveHint`, `readOnlyHint` …) of `tool` as the server last listed it in `environment`,
 * for a `tool_policy` `approval_when` that reads them (DESIGN §11); `{}` when it was never discovered there or
 * declared none — which MCP reads as "may be destructive". They are the upstream's word, fingerprinted: a server
 * that changes them drifts.
 */
export async function discoveredAnnotations(server: string, environment: string, tool: string): Promise<Record<string, unknown>> {
  if (environment === DECLARED_ENVIRONMENT) return {};
  const found = await getDb().server.findUnique({ where: { name: server }, select: { id: true } });
  if (!found) return {};
  const row = await getDb().catalogTool.findUnique({ where: { serverId_environment_name: { serverId: found.id, environment, name: tool } }, select: { definition: true } });
  if (!row) return {};
  const { annotations } = JSON.parse(row.definition) as { annotations?: unknown };
  return annotations !== null && typeof annotations === "object" && !Array.isArray(annotations) ? (annotations as Record<string, unknown>) : {};
}

/** Whether a schema reads the call's `annotations` at all: only then are they looked up. */
export function readsAnnotations(schema: Record<string, unknown> | undefined): boolean {
  return schema !== undefined && JSON.stringify(schema).includes('"annotations"');
}
