import { createHash } from "node:crypto";

import type { AuthorizationServerMetadata, OAuthClientInformationMixed } from "@modelcontextprotocol/client";

import { principalKey, type Principal } from "../auth/principal";
import { getDb } from "../db";
import { seal, unseal } from "../secrets/sealed-values";
import { pendingSlotOf, slotOf } from "./sealed";

export type ConnectionStatus = "connected" | "expired" | "refused" | "never";
export type ConnectionMode = "shared" | "per_user";

/**
 * Which connection: a `shared` one has person "" (DESIGN §17: per server, environment and, for per_user, person);
 * a `per_user` one the person's connectionPerson.
 */
export type ConnectionKey = { serverId: number; environment: string; person: string };

/**
 * Whose `per_user` connection is the caller's (DESIGN §17, §18): who they are, not what they are called — the
 * identity lib/auth/principal.ts `principalKey` gives (`person:<id>`, `token:<id>`), by which approvals and connected
 * clients are bound too. Names are not unique: two tokens may share one, a token may be named like a person's email.
 * Also who may finish an authorization they started.
 */
export function connectionPerson(principal: Principal): string {
  return principalKey(principal);
}

/** What the API shows of a connection (never a token). */
export type ConnectionView = {
  environment: string; mode: ConnectionMode; status: ConnectionStatus; scopes: string[]; expires_at: string | null;
  connected_by: string | null; connected_at: string | null; reason: string | null;
  /** Scopes the server asked for beyond those granted (RFC 6750 `insufficient_scope`): connecting again asks for them too. */
  step_up_scopes: string[];
};

/** A connection with its secrets opened: for sending upstream and refreshing, never for a response. */
export type OpenConnection = {
  key: ConnectionKey; mode: ConnectionMode; status: ConnectionStatus; scopes: string | null; stepUpScopes: string | null; expiresAt: Date | null;
  issuer: string | null; metadata: AuthorizationServerMetadata | null; resource: string | null;
  client: OAuthClientInformationMixed | null; accessToken: string | null; refreshToken: string | null;
};

/** What a finished (or failed) authorization writes. */
export type ConnectionWrite = {
  mode: ConnectionMode; status: ConnectionStatus; reason: string | null;
  tokens?: { accessToken: string; refreshToken: string | null; scopes: string | null; expiresAt: Date | null };
  connectedBy?: string; issuer?: string | null; metadata?: AuthorizationServerMetadata | null; resource?: string | null;
  client?: OAuthClientInformationMixed | null;
};

/** The server's connections; with `person`, only that person's (connectionPerson). */
export async function listConnections(serverId: number, person?: string): Promise<ConnectionView[]> {
  const rows = await getDb().oAuthConnection.findMany({ where: { serverId, ...(person !== undefined ? { person } : {}) }, orderBy: [{ environment: "asc" }, { person: "asc" }] });
  return rows.map((row) => ({
    environment: row.environment, mode: row.mode as ConnectionMode, status: row.status as ConnectionStatus,
    scopes: splitScopes(row.scopes), expires_at: row.expiresAt?.toISOString() ?? null,
    connected_by: row.connectedBy, connected_at: row.connectedAt?.toISOString() ?? null, reason: row.reason,
    step_up_scopes: splitScopes(row.stepUpScopes),
  }));
}

export async function readConnection(key: ConnectionKey): Promise<OpenConnection | null> {
  const row = await getDb().oAuthConnection.findUnique({ where: { serverId_environment_person: key } });
  if (!row) return null;
  const open = (what: string, value: string | null) => (value ? unseal(slotOf(key.serverId, key.environment, key.person, what), value) : null);
  const client = open("client", row.client);
  return {
    key, mode: row.mode as ConnectionMode, status: row.status as ConnectionStatus, scopes: row.scopes, stepUpScopes: row.stepUpScopes, expiresAt: row.expiresAt,
    issuer: row.issuer, metadata: row.asMetadata ? JSON.parse(row.asMetadata) as AuthorizationServerMetadata : null, resource: row.resource,
    client: client ? JSON.parse(client) as OAuthClientInformationMixed : null,
    accessToken: open("access", row.accessToken), refreshToken: open("refresh", row.refreshToken),
  };
}

/** Creates or replaces the connection's state; fields not given keep their stored value. */
export async function writeConnection(key: ConnectionKey, write: ConnectionWrite): Promise<void> {
  const sealAs = (what: string, value: string) => seal(slotOf(key.serverId, key.environment, key.person, what), value);
  const now = new Date();
  const data = {
    mode: write.mode, status: write.status, reason: write.reason, updatedAt: now,
    ...(write.tokens ? {
      accessToken: sealAs("access", write.tokens.accessToken),
      refreshToken: write.tokens.refreshToken ? sealAs("refresh", write.tokens.refreshToken) : null,
      scopes: write.tokens.scopes, expiresAt: write.tokens.expiresAt, stepUpScopes: null,
    } : {}),
    ...(write.connectedBy ? { connectedBy: write.connectedBy, connectedAt: now } : {}),
    ...(write.issuer !== undefined ? { issuer: write.issuer } : {}),
    ...(write.metadata !== undefined ? { asMetadata: write.metadata ? JSON.stringify(write.metadata) : null } : {}),
    ...(write.resource !== undefined ? { resource: write.resource } : {}),
    ...(write.client !== undefined ? { client: write.client ? sealAs("client", JSON.stringify(write.client)) : null } : {}),
  };
  await getDb().oAuthConnection.upsert({ where: { serverId_environment_person: key }, create: { ...key, ...data }, update: data });
}

/** A refresh that failed for good: the tokens are dropped, the status says why. */
export async function expireConnection(key: ConnectionKey, reason: string, { dropTokens }: { dropTokens: boolean }): Promise<void> {
  await getDb().oAuthConnection.updateMany({
    where: key,
    data: { status: "expired", reason, updatedAt: new Date(), ...(dropTokens ? { accessToken: null, refreshToken: null } : {}) },
  });
}

/**
 * The server refused a call for want of `scopes` (RFC 6750 `insufficient_scope`): the connection keeps working for
 * everything else, and says what connecting again must ask for — only while `accessToken` is still the one it holds.
 */
export async function askStepUp(key: ConnectionKey, accessToken: string, scopes: string, reason: string): Promise<void> {
  const connection = await readConnection(key);
  if (connection?.accessToken !== accessToken) return; // connected again meanwhile: that token answers for itself
  await getDb().oAuthConnection.updateMany({ where: key, data: { stepUpScopes: scopes, reason, updatedAt: new Date() } });
}

export async function deleteConnection(key: ConnectionKey): Promise<boolean> {
  const { count } = await getDb().oAuthConnection.deleteMany({ where: key });
  return count > 0;
}

/** A started authorization, as the callback needs it back (sealed as one JSON document). */
export type PendingFlow = {
  serverName: string; mode: ConnectionMode; codeVerifier: string; redirectUri: string; resource: string | null; scope: string | null;
  authorizationServerUrl: string; metadata: AuthorizationServerMetadata | null; client: OAuthClientInformationMixed;
};

export const PENDING_TTL_MS = 10 * 60_000;

export function stateHashOf(state: string): string {
  return createHash("sha256").update(state).digest("hex");
}

export async function savePending(state: string, key: ConnectionKey, startedBy: string, flow: PendingFlow): Promise<void> {
  const db = getDb();
  await db.oAuthPending.deleteMany({ where: { expiresAt: { lt: new Date() } } });
  const stateHash = stateHashOf(state);
  await db.oAuthPending.create({
    data: { stateHash, ...key, startedBy, flow: seal(pendingSlotOf(stateHash), JSON.stringify(flow)), expiresAt: new Date(Date.now() + PENDING_TTL_MS) },
  });
}

export type PendingLookup =
  | { kind: "ok"; key: ConnectionKey; flow: PendingFlow }
  | { kind: "unknown" } | { kind: "expired" } | { kind: "not_yours" };

/**
 * Takes the pending authorization for `state`, once: the row is deleted by the first caller who started it (a
 * second use finds nothing). Someone else's state is refused and left in place. `caller`, like `startedBy` on
 * savePending: the connectionPerson of who asks.
 */
export async function takePending(state: string, caller: string): Promise<PendingLookup> {
  const db = getDb();
  const stateHash = stateHashOf(state);
  const row = await db.oAuthPending.findUnique({ where: { stateHash } });
  if (!row) return { kind: "unknown" };
  if (row.startedBy !== caller) return { kind: "not_yours" };
  const { count } = await db.oAuthPending.deleteMany({ where: { stateHash } });
  if (count !== 1) return { kind: "unknown" };
  if (row.expiresAt.getTime() <= Date.now()) return { kind: "expired" };
  const flow = unseal(pendingSlotOf(stateHash), row.flow);
  if (!flow) return { kind: "unknown" };
  return { kind: "ok", key: { serverId: row.serverId, environment: row.environment, person: row.person }, flow: JSON.parse(flow) as PendingFlow };
}

/** The key of the connection of the server named `name`, if it has one. */
export async function findConnectionKey(name: string, environment: string, person: string): Promise<ConnectionKey | null> {
  const row = await getDb().oAuthConnection.findFirst({ where: { server: { name }, environment, person }, select: { serverId: true } });
  return row ? { serverId: row.serverId, environment, person } : null;
}

export function splitScopes(scopes: string | null | undefined): string[] {
  return scopes ? scopes.split(" ").filter(Boolean) : [];
}
