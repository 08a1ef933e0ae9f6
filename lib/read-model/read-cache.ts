import { ByteBoundedLru } from "./byte-bounded-lru";
import type { ChangeScope } from "./change-scope";
import { currentStamps, type ChangeStamps } from "./change-stamps";

/**
 * A response body as sent, and the tag naming it; `alsoStaleOn`: scopes besides the route's that this body turned
 * out to depend on (a blueprint with `{"provides": …}` references is bound by health).
 */
export type Representation = { text: string; etag: string; alsoStaleOn?: readonly ChangeScope[] };
type Entry = Representation & { scopes: readonly ChangeScope[]; stamp: string; bytes: number };

/**
 * Memory stays bounded: the least recently used entries go first once the bodies held pass this many bytes
 * (so a caller sending ever new bodies to a POST read cannot grow it), and no one body takes over a sixteenth.
 */
export const READ_CACHE_MAX_BYTES = 64 * 1024 * 1024;

// One cache per process, shared by every route bundle.
const holder = globalThis as unknown as { patchbayReadCache?: ByteBoundedLru<Entry> };
const cache = (holder.patchbayReadCache ??= new ByteBoundedLru<Entry>(READ_CACHE_MAX_BYTES, READ_CACHE_MAX_BYTES / 16));

/**
 * The read model: `make`'s representation, remembered under `key` (which names everything the body depends
 * on besides the database: the route, its parameters, the caller's visibility) for as long as nothing in
 * `scopes` is committed by anyone. The stamps are taken before `make` reads, so a change landing while it
 * reads leaves the entry already stale: a write is never hidden, only at worst re-read once more. `takeStamps`
 * may give stamps taken earlier in the same request (reuseStampsOf), never any older than its arrival.
 */
export async function readThrough(key: string, scopes: readonly ChangeScope[], make: () => Promise<Representation>, takeStamps: () => Promise<ChangeStamps | null> = currentStamps): Promise<Representation> {
  const stamps = await takeStamps();
  if (!stamps) return make();
  const stampOf = (list: readonly ChangeScope[]) => list.map((scope) => stamps[scope]).join("|");

  const known = cache.get(key);
  if (known && known.stamp === stampOf(known.scopes)) return known;

  const made = await make();
  const all = [...new Set([...scopes, ...(made.alsoStaleOn ?? [])])];
  cache.set(key, { ...made, scopes: all, stamp: stampOf(all), bytes: 2 * (key.length + made.text.length) + 200 });
  return made;
}

/** How much the cache holds (the bench and the debug log report it). */
export function readCacheSize(): { entries: number; bytes: number } {
  return cache.size;
}
