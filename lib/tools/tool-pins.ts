import { getDb, type Tx } from "../db";
import { getConfig } from "../env";
import { ConflictError, NotFoundError, UnresolvableError } from "../errors";
import type { ToolsetDiff } from "./toolset-diff";
import { recordDriftCleared } from "../data/health";

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
 * the registry's own) and clears its drift — in `R` too, which the event stream then reports as it reports a drift —
 * recorded in the audit, in the same transaction. 422 when no probe has succeeded there yet.
 */
export async function pinToolset(name: string, environment: string | undefined, actor: string) {
  const server = await findServerId(name);
  const chosen = environment ?? getConfig().environment;
  return getDb().$transaction((tx) => pinCurrentToolset(tx, { serverId: server.id, name, environment: chosen, actor, via: "pin" }));
}

/**
 * Pins what is current for (server, environment) inside `tx`, with its audit entry. With `expected`, only when the
 * current toolset is that one (an approved drift request pins the toolset it was about, nothing newer): 409 otherwise.
 */
export async function pinCurrentToolset(tx: Tx, pin: { serverId: number; name: string; environment: string; actor: string; via: "pin" | "approval"; expected?: string }) {
  const now = new Date();
  const key = { serverId_environment: { serverId: pin.serverId, environment: pin.environment } };
  const toolset = await tx.toolset.findUnique({ where: key });
  if (!toolset) {
    throw new UnresolvableError(`MCP server '${pin.name}' has no discovered tools in '${pin.environment}' to pin yet: test it or wait for a health check.`,
      [{ path: "/environment", message: "has no successful probe yet" }]);
  }
  if (pin.expected !== undefined && toolset.fingerprint !== pin.expected) {
    throw new ConflictError(`The tools of '${pin.name}' in '${pin.environment}' changed again since this drift was seen; pin what is current instead.`);
  }
  const rows = await tx.catalogTool.findMany({ where: { serverId: pin.serverId, environment: pin.environment }, select: { name: true, definition: true, fingerprint: true } });
  const pinnedTools = `{${rows.map((row) => `${JSON.stringify(row.name)}:${row.definition}`).join(",")}}`;
  const pinnedFingerprints = JSON.stringify(Object.fromEntries(rows.map((row) => [row.name, row.fingerprint])));
  await tx.toolset.update({ where: key, data: { pinnedTools, pinnedFingerprints, pinnedFingerprint: toolset.fingerprint, pinnedBy: pin.actor, pinnedAt: now, drift: false } });
  await recordDriftCleared(tx, pin.serverId, pin.environment);
  await tx.auditEvent.create({
    data: {
      at: now, actor: pin.actor, action: "tools.pin", entityType: "toolset", entityName: pin.name,
      detail: JSON.stringify({ environment: pin.environment, toolset_fingerprint: toolset.fingerprint, previous_fingerprint: toolset.pinnedFingerprint, via: pin.via }),
    },
  });
  return { environment: pin.environment, pinned_fingerprint: toolset.fingerprint, pinned_by: pin.actor, pinned_at: now.toISOString() };
}

async function findServerId(name: string): Promise<{ id: number }> {
  const server = await getDb().server.findUnique({ where: { name }, select: { id: true } });
  if (!server) throw new NotFoundError(`MCP server '${name}' does not exist.`);
  return server;
}
