import { getDb } from "../db";
import { getConfig } from "../env";
import { NotFoundError, UnresolvableError } from "../errors";
import type { ServerPrompts } from "../schemas/prompts";
import { compareCodeUnits } from "./fingerprint";
import { diffPromptsets, type PromptDefinition, type PromptsetDiff } from "./prompt-definition";
import { isEmptyDiff } from "./toolset-diff";

/**
 * GET /api/mcp-servers/:name/prompts?environment= (DESIGN §16, as …/tools of §11): the prompts the last successful
 * probe of that environment listed (default: the registry's own), their fingerprints, the pin and the drift against
 * it, and why the last listing failed when it did.
 */
export async function getServerPrompts(name: string, environment?: string): Promise<ServerPrompts> {
  const server = await findServerId(name);
  const chosen = environment ?? getConfig().environment;
  const row = await getDb().promptset.findUnique({ where: { serverId_environment: { serverId: server.id, environment: chosen } } });
  const current = JSON.parse(row?.prompts ?? "{}") as Record<string, PromptDefinition>;
  const fingerprints = JSON.parse(row?.fingerprints ?? "{}") as Record<string, string>;
  const pinned = row?.pinnedPrompts ? (JSON.parse(row.pinnedPrompts) as Record<string, PromptDefinition>) : null;
  const diff = row?.drift && pinned ? diffPromptsets(pinned, current) : null;
  const drifted = new Set([...(diff?.added ?? []), ...(diff?.changed.map((prompt) => prompt.name) ?? [])]);

  return {
    environment: chosen,
    promptset_fingerprint: row?.fingerprint ?? null,
    pinned_fingerprint: row?.pinnedFingerprint ?? null,
    pinned_by: row?.pinnedBy ?? null,
    pinned_at: row?.pinnedAt?.toISOString() ?? null,
    drift: diff && !isEmptyDiff(diff) ? diff : null,
    list_error: row?.listError ?? null,
    prompts: Object.keys(current).sort(compareCodeUnits).map((prompt) => {
      const definition = current[prompt];
      return {
        name: prompt, title: definition.title ?? null, description: definition.description ?? null,
        arguments: definition.arguments ?? null, icons: definition.icons ?? null, fingerprint: fingerprints[prompt],
        pinned: pinned !== null && !drifted.has(prompt), drift: drifted.has(prompt),
      };
    }),
  };
}

/** GET /api/mcp-servers/:name/prompts/drift: every recorded prompt drift event of the server, newest first. */
export async function listPromptDriftEvents(name: string) {
  const server = await findServerId(name);
  const rows = await getDb().promptDriftEvent.findMany({ where: { serverId: server.id }, orderBy: { id: "desc" } });
  return {
    events: rows.map((row) => ({
      at: row.at.toISOString(), environment: row.environment, promptset_fingerprint: row.promptsetFingerprint,
      ...(JSON.parse(row.changes) as PromptsetDiff),
    })),
  };
}

/**
 * POST /api/mcp-servers/:name/prompts/pin: pins the prompts the last successful listing of `environment` saw
 * (default: the registry's own) and clears their drift, recorded in the audit in the same transaction. 422 when no
 * listing has succeeded there yet (the server offers no prompts, or no probe reached it).
 */
export async function pinPromptset(name: string, environment: string | undefined, actor: string) {
  const server = await findServerId(name);
  const chosen = environment ?? getConfig().environment;
  const key = { serverId_environment: { serverId: server.id, environment: chosen } };
  const now = new Date();
  return getDb().$transaction(async (tx) => {
    const row = await tx.promptset.findUnique({ where: key });
    if (!row?.fingerprint) {
      throw new UnresolvableError(`MCP server '${name}' has no listed prompts in '${chosen}' to pin yet: test it or wait for a health check.`,
        [{ path: "/environment", message: "has no successful prompts/list yet" }]);
    }
    await tx.promptset.update({ where: key, data: { pinnedPrompts: row.prompts, pinnedFingerprint: row.fingerprint, pinnedBy: actor, pinnedAt: now, drift: false } });
    await tx.auditEvent.create({
      data: {
        at: now, actor, action: "prompts.pin", entityType: "promptset", entityName: name,
        detail: JSON.stringify({ environment: chosen, promptset_fingerprint: row.fingerprint, previous_fingerprint: row.pinnedFingerprint }),
      },
    });
    return { environment: chosen, pinned_fingerprint: row.fingerprint, pinned_by: actor, pinned_at: now.toISOString() };
  });
}

async function findServerId(name: string): Promise<{ id: number }> {
  const server = await getDb().server.findUnique({ where: { name }, select: { id: true } });
  if (!server) throw new NotFoundError(`MCP server '${name}' does not exist.`);
  return server;
}
