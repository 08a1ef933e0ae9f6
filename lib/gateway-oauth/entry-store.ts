import { createHash } from "node:crypto";

import { getDb } from "../db";
import { seal, unseal } from "../secrets/sealed-values";

/** What oidc-provider hands its adapter: a model's payload (see its docs, "Adapter"). */
export type EntryPayload = Record<string, unknown> & {
  grantId?: string;
  uid?: string;
  accountId?: string;
  clientId?: string;
  consumed?: number;
  jti?: string;
};

/**
 * oidc-provider's storage (its Adapter interface), in the database so that every instance sees the same grants and
 * tokens. An entry's key is a SHA-256 of its kind and id — for tokens the id is the token itself, which is never
 * stored in the clear — and its payload is sealed like a secret (DESIGN §10), bound to that key.
 */
export class GatewayOAuthEntries {
  constructor(private readonly kind: string) {}

  async upsert(id: string, payload: EntryPayload, expiresInS?: number): Promise<void> {
    const key = entryKey(this.kind, id);
    const data = {
      kind: this.kind,
      payload: seal(sealSlot(key), JSON.stringify(payload)),
      grantId: payload.grantId ?? null,
      uid: payload.uid ?? null,
      accountId: payload.accountId ?? null,
      clientId: payload.clientId ?? null,
      expiresAt: expiresInS ? new Date(Date.now() + expiresInS * 1000) : null,
      consumedAt: null,
    };
    await getDb().gatewayOAuthEntry.upsert({ where: { key }, create: { key, ...data }, update: data });
    // Each authorization starts with an interaction: then is when the expired entries are let go.
    if (this.kind === "Interaction") await deleteExpiredEntries();
  }

  async find(id: string): Promise<EntryPayload | undefined> {
    const key = entryKey(this.kind, id);
    const entry = await getDb().gatewayOAuthEntry.findUnique({ where: { key } });
    return entry ? openEntry(entry) : undefined;
  }

  async findByUid(uid: string): Promise<EntryPayload | undefined> {
    const entry = await getDb().gatewayOAuthEntry.findFirst({ where: { kind: this.kind, uid } });
    return entry ? openEntry(entry) : undefined;
  }

  async findByUserCode(): Promise<undefined> {
    return undefined; // the device flow is not enabled
  }

  async consume(id: string): Promise<void> {
    await getDb().gatewayOAuthEntry.updateMany({ where: { key: entryKey(this.kind, id) }, data: { consumedAt: new Date() } });
  }

  async destroy(id: string): Promise<void> {
    await getDb().gatewayOAuthEntry.deleteMany({ where: { key: entryKey(this.kind, id) } });
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await getDb().gatewayOAuthEntry.deleteMany({ where: { grantId } });
  }
}

export type StoredEntry = { key: string; payload: string; expiresAt: Date | null; consumedAt: Date | null };

/** An entry's payload; an expired entry is gone, and a payload that no longer opens (the key was replaced) too. */
export function openEntry(entry: StoredEntry): EntryPayload | undefined {
  if (entry.expiresAt && entry.expiresAt.getTime() <= Date.now()) return undefined;
  const text = unseal(sealSlot(entry.key), entry.payload);
  if (text === null) return undefined;
  const payload = JSON.parse(text) as EntryPayload;
  return { ...payload, ...(entry.consumedAt ? { consumed: Math.floor(entry.consumedAt.getTime() / 1000) } : {}) };
}

export function entryKey(kind: string, id: string): string {
  return createHash("sha256").update(`${kind}:${id}`).digest("hex");
}

function sealSlot(key: string): string {
  return `gateway-oauth:${key}`;
}

/** Expired entries are found as gone at once (`openEntry`), and deleted when an authorization starts. */
async function deleteExpiredEntries(): Promise<void> {
  await getDb().gatewayOAuthEntry.deleteMany({ where: { expiresAt: { lte: new Date() } } });
}
