import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

import type { Role } from "../schemas/role";
import { getDb } from "../db";
import { NotFoundError } from "../errors";
import { isUniqueViolation } from "../data/prisma-errors";
import { endSessionsOfToken } from "./sessions";

export const TOKEN_PREFIX = "pb_";
const LAST_USED_RESOLUTION_MS = 60_000;

export type TokenSummary = {
  id: string;
  name: string;
  role: Role;
  prefix: string;
  created_at: string;
  last_used_at: string | null;
  expires_at: string | null;
};

/** SHA-256, not a slow hash: tokens are long and random, and every request pays for the hash (DESIGN §7). */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function generateToken(): string {
  return `${TOKEN_PREFIX}${randomBytes(24).toString("base64url")}`;
}

export async function createToken(input: { name: string; role: Role; expiresAt?: Date | null; token?: string }) {
  const token = input.token ?? generateToken();
  const row = await getDb().apiToken.create({
    data: {
      id: randomBytes(8).toString("hex"),
      name: input.name,
      role: input.role,
      prefix: token.slice(0, TOKEN_PREFIX.length + 6),
      hash: hashToken(token),
      createdAt: new Date(),
      expiresAt: input.expiresAt ?? null,
    },
  });
  return { ...toSummary(row), token };
}

export async function listTokens(): Promise<TokenSummary[]> {
  const rows = await getDb().apiToken.findMany({ where: { revokedAt: null }, orderBy: { createdAt: "asc" } });
  return rows.map(toSummary);
}

/** Revokes a token and ends its sessions in one transaction; returns what the audit log names. */
export async function revokeToken(id: string): Promise<{ name: string; role: Role }> {
  return getDb().$transaction(async (tx) => {
    const { count } = await tx.apiToken.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: new Date() } });
    if (count === 0) throw new NotFoundError(`No active token with id '${id}'.`);
    await endSessionsOfToken(tx, id);
    const row = await tx.apiToken.findUniqueOrThrow({ where: { id }, select: { name: true, role: true } });
    return { name: row.name, role: row.role as Role };
  });
}

export async function countActiveTokens(): Promise<number> {
  return getDb().apiToken.count({ where: { revokedAt: null } });
}

/** The token's record when it is known, not revoked and not expired; null otherwise. */
export async function findActiveToken(token: string) {
  const hash = hashToken(token);
  const row = await getDb().apiToken.findUnique({ where: { hash } });
  if (!row || !timingSafeEqual(Buffer.from(row.hash), Buffer.from(hash))) return null;
  if (row.revokedAt || (row.expiresAt && row.expiresAt <= new Date())) return null;

  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    await getDb().apiToken.update({ where: { id: row.id }, data: { lastUsedAt: new Date() } });
  }
  return { id: row.id, name: row.name, role: row.role as Role, expiresAt: row.expiresAt };
}

/** A token's name whether or not it is still active (for the audit log of a refused sign-in); null when unknown. */
export async function findTokenName(token: string): Promise<string | null> {
  const row = await getDb().apiToken.findUnique({ where: { hash: hashToken(token) }, select: { name: true } });
  return row?.name ?? null;
}

/**
 * PATCHBAY_ADMIN_TOKEN is accepted as given and ensured at every start. Instances starting together on one
 * PostgreSQL database race to create it: the one that loses finds it created, which is what it wanted.
 */
export async function ensureAdminToken(token: string): Promise<boolean> {
  const existing = await getDb().apiToken.findUnique({ where: { hash: hashToken(token) } });
  if (existing && !existing.revokedAt) return false;
  if (existing) await getDb().apiToken.deleteMany({ where: { id: existing.id } });
  try {
    await createToken({ name: "admin (PATCHBAY_ADMIN_TOKEN)", role: "admin", token });
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
  return true;
}

function toSummary(row: { id: string; name: string; role: string; prefix: string; createdAt: Date; lastUsedAt: Date | null; expiresAt: Date | null }): TokenSummary {
  return {
    id: row.id,
    name: row.name,
    role: row.role as Role,
    prefix: row.prefix,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
  };
}
