import { createHash, randomBytes } from "node:crypto";

import type { Role } from "../schemas/role";
import { getDb, type Tx } from "../db";

export type SessionOwner = { tokenId: string; name: string; role: Role };
/** An active session's owner and when the session (or its token, whichever is first) stops being valid. */
export type ActiveSession = SessionOwner & { expiresAt: Date };

/** Only the SHA-256 of a session id is stored: a copy of the table opens no session. */
function hashSessionId(sessionId: string): string {
  return createHash("sha256").update(sessionId).digest("hex");
}

/** A new session for `tokenId`, ending after `hours`; returns the opaque id for the cookie (never stored). */
export async function createSession(tokenId: string, hours: number): Promise<{ sessionId: string; expiresAt: Date }> {
  const sessionId = randomBytes(32).toString("base64url");
  const now = new Date();
  const expiresAt = new Date(now.getTime() + hours * 3_600_000);
  await getDb().session.create({ data: { hash: hashSessionId(sessionId), tokenId, createdAt: now, expiresAt } });
  return { sessionId, expiresAt };
}

type SessionRow = {
  expiresAt: Date | string;
  endedAt: Date | string | null;
  tokenId: string;
  name: string;
  role: string;
  revokedAt: Date | string | null;
  tokenExpiresAt: Date | string | null;
};

/**
 * The token behind a session that has neither ended nor expired, and whose token is neither revoked nor
 * expired; null otherwise. One query by primary key, joining the token.
 */
export async function findActiveSession(sessionId: string): Promise<ActiveSession | null> {
  const rows = await getDb().$queryRaw<SessionRow[]>`
    SELECT s."expiresAt", s."endedAt", t."id" AS "tokenId", t."name", t."role", t."revokedAt", t."expiresAt" AS "tokenExpiresAt"
    FROM "Session" s JOIN "ApiToken" t ON t."id" = s."tokenId"
    WHERE s."hash" = ${hashSessionId(sessionId)}`;
  const row = rows[0];
  const now = Date.now();
  if (!row || row.endedAt || row.revokedAt || toTime(row.expiresAt) <= now) return null;
  if (row.tokenExpiresAt && toTime(row.tokenExpiresAt) <= now) return null;
  const expiresAt = Math.min(toTime(row.expiresAt), row.tokenExpiresAt ? toTime(row.tokenExpiresAt) : Infinity);
  return { tokenId: row.tokenId, name: row.name, role: row.role as Role, expiresAt: new Date(expiresAt) };
}

/** Ends one session at once; returns who it belonged to, or null when it was unknown or already over. */
export async function endSession(sessionId: string): Promise<SessionOwner | null> {
  const active = await findActiveSession(sessionId);
  await getDb().session.updateMany({ where: { hash: hashSessionId(sessionId), endedAt: null }, data: { endedAt: new Date() } });
  return active && { tokenId: active.tokenId, name: active.name, role: active.role };
}

/** Ends every open session of a token (in the revoking transaction). */
export async function endSessionsOfToken(tx: Tx, tokenId: string): Promise<void> {
  await tx.session.updateMany({ where: { tokenId, endedAt: null }, data: { endedAt: new Date() } });
}

// Raw queries hand SQLite's timestamps back as text and PostgreSQL's as Date.
function toTime(value: Date | string): number {
  return new Date(value).getTime();
}
