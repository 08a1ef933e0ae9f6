import { createHash, randomBytes } from "node:crypto";

import type { Role } from "../schemas/role";
import { getDb, type Tx } from "../db";
import { recheckWithProvider } from "../people/idp-recheck";

/** Who a session is: a token's (tokenId) or a person's (personId, named by their email), never both. */
export type SessionOwner = { tokenId: string | null; personId: string | null; name: string; role: Role };
/** An active session's owner and when the session (or its token, whichever is first) stops being valid. */
export type ActiveSession = SessionOwner & { expiresAt: Date };

/** Only the SHA-256 of a session id is stored: a copy of the table opens no session. */
export function hashSessionId(sessionId: string): string {
  return createHash("sha256").update(sessionId).digest("hex");
}

/** What a session belongs to: a token, or a person with the provider's sealed refresh token (DESIGN §18). */
export type SessionSubject = { tokenId: string } | { personId: string; idpRefreshToken: (hash: string) => string | null };

/** A new session, ending after `hours`; returns the opaque id for the cookie (never stored). */
export async function createSession(subject: SessionSubject, hours: number): Promise<{ sessionId: string; expiresAt: Date }> {
  const sessionId = randomBytes(32).toString("base64url");
  const hash = hashSessionId(sessionId);
  const now = new Date();
  const expiresAt = new Date(now.getTime() + hours * 3_600_000);
  const owner = "tokenId" in subject
    ? { tokenId: subject.tokenId }
    : { personId: subject.personId, idpRefreshToken: subject.idpRefreshToken(hash), idpCheckedAt: now };
  await getDb().session.create({ data: { hash, ...owner, createdAt: now, expiresAt } });
  return { sessionId, expiresAt };
}

type SessionRow = {
  hash: string;
  expiresAt: Date | string;
  endedAt: Date | string | null;
  idpRefreshToken: string | null;
  idpCheckedAt: Date | string | null;
  tokenId: string | null;
  personId: string | null;
  tokenName: string | null;
  tokenRole: string | null;
  revokedAt: Date | string | null;
  tokenExpiresAt: Date | string | null;
  email: string | null;
  personName: string | null;
  personRole: string | null;
};

/**
 * The owner of a session that has neither ended nor expired: a token neither revoked nor expired, or a person
 * the identity provider still vouches for (asked again when due); null otherwise. One query by primary key.
 */
export async function findActiveSession(sessionId: string): Promise<ActiveSession | null> {
  const rows = await getDb().$queryRaw<SessionRow[]>`
    SELECT s."hash", s."expiresAt", s."endedAt", s."idpRefreshToken", s."idpCheckedAt", s."tokenId", s."personId",
      t."name" AS "tokenName", t."role" AS "tokenRole", t."revokedAt", t."expiresAt" AS "tokenExpiresAt",
      p."email", p."name" AS "personName", p."role" AS "personRole"
    FROM "Session" s LEFT JOIN "ApiToken" t ON t."id" = s."tokenId" LEFT JOIN "Person" p ON p."id" = s."personId"
    WHERE s."hash" = ${hashSessionId(sessionId)}`;
  const row = rows[0];
  const now = Date.now();
  if (!row || row.endedAt || toTime(row.expiresAt) <= now) return null;
  if (row.personId) return findPersonSession(row);
  if (!row.tokenId || !row.tokenName || row.revokedAt) return null;
  if (row.tokenExpiresAt && toTime(row.tokenExpiresAt) <= now) return null;
  const expiresAt = Math.min(toTime(row.expiresAt), row.tokenExpiresAt ? toTime(row.tokenExpiresAt) : Infinity);
  return { tokenId: row.tokenId, personId: null, name: row.tokenName, role: row.tokenRole as Role, expiresAt: new Date(expiresAt) };
}

/**
 * A person's session, once the identity provider was asked again when due (lib/people/idp-recheck.ts). Its
 * `expiresAt` is the next such turn at the latest, so a cached principal is judged again by then.
 */
async function findPersonSession(row: SessionRow): Promise<ActiveSession | null> {
  if (!row.personRole) return null;
  const session = { hash: row.hash, personId: row.personId!, role: row.personRole as Role, idpRefreshToken: row.idpRefreshToken, idpCheckedAt: row.idpCheckedAt ? new Date(row.idpCheckedAt) : null };
  const vouched = await recheckWithProvider(session);
  if (!vouched) return null;
  const expiresAt = Math.min(toTime(row.expiresAt), vouched.nextCheckAt?.getTime() ?? Infinity);
  return { tokenId: null, personId: row.personId, name: row.email ?? row.personName ?? row.personId!, role: vouched.role, expiresAt: new Date(expiresAt) };
}

/**
 * Whether a person still stands, for what their sessions do not cover (MCP clients they allowed, DESIGN §18): one
 * of their sessions is active and the identity provider, asked again when due, still vouches for them. Their
 * name and role now, or null — signed out everywhere, expired, or removed at the provider.
 */
export async function findPersonStanding(personId: string): Promise<{ name: string; role: Role } | null> {
  const rows = await getDb().$queryRaw<SessionRow[]>`
    SELECT s."hash", s."expiresAt", s."endedAt", s."idpRefreshToken", s."idpCheckedAt", s."tokenId", s."personId",
      NULL AS "tokenName", NULL AS "tokenRole", NULL AS "revokedAt", NULL AS "tokenExpiresAt",
      p."email", p."name" AS "personName", p."role" AS "personRole"
    FROM "Session" s JOIN "Person" p ON p."id" = s."personId"
    WHERE s."personId" = ${personId} AND s."endedAt" IS NULL
    ORDER BY s."createdAt" DESC LIMIT 5`;
  for (const row of rows) {
    if (toTime(row.expiresAt) <= Date.now()) continue;
    const session = await findPersonSession(row);
    if (session) return { name: session.name, role: session.role };
  }
  return null;
}

/** The provider's refresh token a person's session held (sealed to the session's hash), for revoking it. */
export type HeldRefreshToken = { sessionHash: string; sealed: string };

/**
 * Ends one session at once; returns who it belonged to and the provider's refresh token it held, or null when it was
 * unknown or already over.
 */
export async function endSession(sessionId: string): Promise<(SessionOwner & { refreshToken: HeldRefreshToken | null }) | null> {
  const hash = hashSessionId(sessionId);
  const active = await findActiveSession(sessionId);
  const held = active?.personId ? await getDb().session.findUnique({ where: { hash }, select: { idpRefreshToken: true } }) : null;
  await getDb().session.updateMany({ where: { hash, endedAt: null }, data: { endedAt: new Date(), idpRefreshToken: null } });
  const refreshToken = held?.idpRefreshToken ? { sessionHash: hash, sealed: held.idpRefreshToken } : null;
  return active && { tokenId: active.tokenId, personId: active.personId, name: active.name, role: active.role, refreshToken };
}

/** Ends every open session of a token (in the revoking transaction). */
export async function endSessionsOfToken(tx: Tx, tokenId: string): Promise<void> {
  await tx.session.updateMany({ where: { tokenId, endedAt: null }, data: { endedAt: new Date() } });
}

// Raw queries hand SQLite's timestamps back as text and PostgreSQL's as Date.
function toTime(value: Date | string): number {
  return new Date(value).getTime();
}
