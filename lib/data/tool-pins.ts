import { getDb } from "../db";
import { getConfig } from "../env";
import { NotFoundError, UnresolvableError } from "../errors";
import type { ToolsetDiff } from "../tools/toolset-diff";

/** GET /api/mcp-servers/:name/tools/drift: every recorded drift event of the server, newest first (DESIGN §11). */
export async function listDriftEvents(name: string) {
  const server = await findServerId(name);
  const rows = await getDb().driftEvent.findMany({ where: { serverId: server.id }, orderBy: { id: "desc" } });
  return {
    events: rows.map((row) => ({
      at: row.at.toISOString(), environment: row.environment, toolset_fingerprint: row.toolsetFingerprint,
      ...(JSON.parse(row.changes) as ToolsetDiff),
    })),
  };
}

/**
 * POST /api/mcp-servers/:name/tools/pin: pins the toolset the last successful probe of `environment` saw (default:
 * the registry's own) and clears its drift; recorded in the audit, in the same transaction. A recorded `R` keeps the
 * drift its probe saw; the next probe reports the new state. 422 when no probe has succeeded there yet (nothing to pin).
 */
export async function pinToolset(name: string, environment: string | undefined, actor: string) {
  const server = await findServerId(name);
  const chosen = environment ?? getConfig().environment;
  const now = new Date();
  return getDb().$transaction(async (tx) => {
    const toolset = await tx.toolset.findUnique({ where: { serverId_environment: { serverId: server.id, environment: chosen } } });
    if (!toolset) {
      throw new UnresolvableError(`MCP server '${name}' has no discovered tools in '${chosen}' to pin yet: test it or wait for a health check.`,
        [{ path: "/environment", message: "has no successful probe yet" }]);
    }
    const rows = await tx.catalogTool.findMany({ where: { serverId: server.id, environment: chosen }, select: { name: true, definition: true } });
    const pinnedTools = `{${rows.map((row) => `${JSON.stringify(row.name)}:${row.definition}`).join(",")}}`;
    await tx.toolset.update({
      where: { serverId_environment: { serverId: server.id, environment: chosen } },
      data: { pinnedTools, pinnedFingerprint: toolset.fingerprint, pinnedBy: actor, pinnedAt: now, drift: false },
    });
    await tx.auditEvent.create({
      data: {
        at: now, actor, action: "tools.pin", entityType: "toolset", entityName: name,
        detail: JSON.stringify({ environment: chosen, toolset_fingerprint: toolset.fingerprint, previous_fingerprint: toolset.pinnedFingerprint }),
      },
    });
    return { environment: chosen, pinned_fingerprint: toolset.fingerprint, pinned_by: actor, pinned_at: now.toISOString() };
  });
}

async function findServerId(name: string): Promise<{ id: number }> {
  const server = await getDb().server.findUnique({ where: { name }, select: { id: true } });
  if (!server) throw new NotFoundError(`MCP server '${name}' does not exist.`);
  return server;
}
