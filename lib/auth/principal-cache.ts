import { createHash } from "node:crypto";

import { currentStamps, type ChangeStamps } from "../read-model/change-stamps";
import { processSlot } from "../runtime/runtime";
import type { Principal } from "./principal";

/**
 * How long a cached principal is trusted without asking the database again: revocation needs no wait (any
 * token or session write changes the `credentials` stamp on every instance); this only keeps a token's
 * `last_used_at` as fresh as before (lib/auth/tokens.ts updates it at most once a minute) and lets expiry be
 * judged again. Expiry itself is checked on every hit.
 */
const TRUST_MS = 60_000;
const MAX_ENTRIES = 10_000;

type Entry = { principal: Principal; stamp: string; loadedAt: number; expiresAt: number | null };
const entries = processSlot("auth.principals", () => new Map<string, Entry>());

export type LoadedPrincipal = { principal: Principal; expiresAt: Date | null };

/**
 * The principal behind a credential (a bearer token, a session id), from memory while no token or session
 * was written anywhere since it was read; `load` otherwise. Keyed by a hash: the credential itself is
 * never kept. Unknown credentials are not remembered. `takeStamps` reads the change stamps (fresh, always).
 */
export async function cachedPrincipal(credential: string, load: () => Promise<LoadedPrincipal | null>, takeStamps: () => Promise<ChangeStamps | null> = currentStamps): Promise<Principal | null> {
  const stamps = await takeStamps();
  const key = createHash("sha256").update(credential).digest("base64url");
  const now = Date.now();
  const known = entries.get(key);
  if (stamps && known && known.stamp === stamps.credentials && now - known.loadedAt < TRUST_MS && (known.expiresAt === null || known.expiresAt > now)) {
    return known.principal;
  }

  entries.delete(key);
  const loaded = await load();
  if (!loaded || !stamps) return loaded?.principal ?? null;
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  entries.set(key, { principal: loaded.principal, stamp: stamps.credentials, loadedAt: now, expiresAt: loaded.expiresAt?.getTime() ?? null });
  return loaded.principal;
}
