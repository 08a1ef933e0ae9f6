import { recordAuditEvent } from "../audit/audit-events";
import { getDb } from "../db";
import { NotFoundError } from "../errors";
import { clientAddress } from "../http/client-address";
import type { ConnectedClient } from "../schemas/connected-clients";
import { entryKey, openEntry, type EntryPayload } from "./entry-store";

/** What oidc-provider keeps of a consent (its Grant model): the id is its `jti`, the gateways are its resources. */
type GrantPayload = EntryPayload & { jti: string; clientId: string; iat: number; resources?: Record<string, string> };

/** The one answer for an id that is not the caller's grant: whether it is someone else's or none at all is not said. */
const NOT_YOURS = "You have no connected MCP client with this id.";
/** The token kinds that say when a client last signed in or refreshed. */
const ISSUED_KINDS = ["AccessToken", "RefreshToken"];

/**
 * GET /api/oauth/clients: the MCP clients `accountId` allowed on the consent page (DESIGN §18), one per unexpired
 * grant, newest first. Never a token: only what the grant and the client's registration say. A metadata-document
 * client is named by its document's host — its document is not fetched to list it.
 */
export async function listConnectedClients(accountId: string | null): Promise<ConnectedClient[]> {
  if (!accountId) return [];
  const rows = await getDb().gatewayOAuthEntry.findMany({ where: { kind: "Grant", accountId, expiresAt: { gt: new Date() } } });
  const grants = rows.flatMap((row) => {
    const grant = openEntry(row) as GrantPayload | undefined;
    return grant && row.expiresAt ? [{ grant, expiresAt: row.expiresAt }] : [];
  });
  if (grants.length === 0) return [];

  const [lastUse, names] = await Promise.all([lastUseOf(grants.map(({ grant }) => grant.jti)), registeredNames(grants.map(({ grant }) => grant.clientId))]);
  return grants
    // `iat` counts whole seconds; within one, the later expiry (set to the millisecond when the grant was saved) is the newer.
    .sort((a, b) => b.grant.iat - a.grant.iat || b.expiresAt.getTime() - a.expiresAt.getTime())
    .map(({ grant, expiresAt }) => {
      const used = lastUse.get(grant.jti);
      return {
        grant_id: grant.jti,
        client_id: grant.clientId,
        ...describeClient(grant.clientId, names.get(grant.clientId)),
        gateways: Object.keys(grant.resources ?? {}),
        granted_at: new Date(grant.iat * 1000).toISOString(),
        expires_at: expiresAt.toISOString(),
        ...(used !== undefined && { last_used_at: new Date(used * 1000).toISOString() }),
      };
    });
}

/**
 * DELETE /api/oauth/clients/:grant_id: the grant and every entry issued under it (codes, access and refresh tokens)
 * go in one transaction, so the client is out of every gateway at once; then the audit log says so. Only the
 * caller's own grant: any other id is the same 404, whether it exists or not.
 */
export async function revokeConnectedClient(accountId: string | null, grantId: string, caller: { actor: string; request: Request }): Promise<void> {
  const key = entryKey("Grant", grantId);
  const row = accountId ? await getDb().gatewayOAuthEntry.findUnique({ where: { key } }) : null;
  const grant = row && row.kind === "Grant" && row.accountId === accountId ? (openEntry(row) as GrantPayload | undefined) : undefined;
  if (!grant) throw new NotFoundError(NOT_YOURS);

  const client = describeClient(grant.clientId, (await registeredNames([grant.clientId])).get(grant.clientId));
  const [deleted] = await getDb().$transaction([
    getDb().gatewayOAuthEntry.deleteMany({ where: { key } }),
    getDb().gatewayOAuthEntry.deleteMany({ where: { grantId } }),
  ]);
  // A revoke that raced this one and won has deleted it already, and said so in the audit log.
  if (deleted.count === 0) throw new NotFoundError(NOT_YOURS);
  await recordAuditEvent({
    actor: caller.actor, action: "mcp-client.revoke", entityType: "mcp-client", entityName: client.client_name,
    detail: { client_address: clientAddress(caller.request), client_id: grant.clientId, known_by: client.known_by, gateways: Object.keys(grant.resources ?? {}) },
  });
}

/** The newest `iat` of the tokens issued under each grant (in seconds). */
async function lastUseOf(grantIds: string[]): Promise<Map<string, number>> {
  const rows = await getDb().gatewayOAuthEntry.findMany({ where: { kind: { in: ISSUED_KINDS }, grantId: { in: grantIds } } });
  const lastUse = new Map<string, number>();
  for (const row of rows) {
    const token = row.grantId ? openEntry(row) : undefined;
    if (!token || typeof token.iat !== "number") continue;
    lastUse.set(row.grantId!, Math.max(token.iat, lastUse.get(row.grantId!) ?? 0));
  }
  return lastUse;
}

/** The names self-registered (DCR) clients gave (their id when they gave none), by client id. */
async function registeredNames(clientIds: string[]): Promise<Map<string, string>> {
  const keys = [...new Set(clientIds)].map((clientId) => entryKey("Client", clientId));
  const rows = await getDb().gatewayOAuthEntry.findMany({ where: { key: { in: keys } } });
  const names = new Map<string, string>();
  for (const row of rows) {
    const client = openEntry(row) as (EntryPayload & { client_id?: string; client_name?: string }) | undefined;
    if (client?.client_id) names.set(client.client_id, client.client_name || client.client_id);
  }
  return names;
}

/** A registered client by the name it gave; a Client ID Metadata Document client (an https URL, not stored) by its host. */
function describeClient(clientId: string, registeredName: string | undefined): Pick<ConnectedClient, "client_name" | "known_by"> {
  if (registeredName !== undefined) return { client_name: registeredName, known_by: "self-registered" };
  if (clientId.startsWith("https://") && URL.canParse(clientId)) return { client_name: new URL(clientId).host, known_by: "metadata-document" };
  return { client_name: clientId, known_by: "self-registered" };
}
