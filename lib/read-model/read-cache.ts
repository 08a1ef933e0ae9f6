import type { ChangeScope } from "./change-scope";
import { currentStamps } from "./change-stamps";

/**
 * A response body as sent, and the tag naming it; `alsoStaleOn`: scopes besides the route's that this body turned
 * out to depend on (a blueprint with `{"provides": …}` references is bound by health).
 */
export type Representation = { text: string; etag: string; alsoStaleOn?: readonly ChangeScope[] };
type Entry = Representation & { scopes: readonly ChangeScope[]; stamp: string; bytes: number };

/** Memory stays bounded: the oldest entries go first once the bodies held pass this many bytes. */
export const READ_CACHE_MAX_BYTES = 64 * 1024 * 1024;

type Cache = { entries: Map<string, Entry>; bytes: number };
// One cache per process, shared by every route bundle.
const holder = globalThis as unknown as { patchbayReadCache?: Cache };
const cache = (holder.patchbayReadCache ??= { entries: new Map(), bytes: 0 });

/**
 * The read model: `make`'s representation, remembered under `key` (which names everything the body depends
 * on besides the database: the route, its parameters, the caller's visibility) for as long as nothing in
 * `scopes` is committed by anyone. The stamps are taken before `make` reads, so a change landing while it
 * reads leaves the entry already stale: a write is never hidden, only at worst re-read once more.
 */
export async function readThrough(key: string, scopes: readonly ChangeScope[], make: () => Promise<Representation>): Promise<Representation> {
  const stamps = await currentStamps();
  if (!stamps) return make();
  const stampOf = (list: readonly ChangeScope[]) => list.map((scope) => stamps[scope]).join("|");

  const known = cache.entries.get(key);
  if (known && known.stamp === stampOf(known.scopes)) return known;
  if (known) forget(key, known);

  const made = await make();
  const all = [...new Set([...scopes, ...(made.alsoStaleOn ?? [])])];
  remember(key, { ...made, scopes: all, stamp: stampOf(all), bytes: 2 * (key.length + made.text.length) + 200 });
  return made;
}

/** How much the cache holds (the bench and the debug log report it). */
export function readCacheSize(): { entries: number; bytes: number } {
  return { entries: cache.entries.size, bytes: cache.bytes };
}

function remember(key: string, entry: Entry): void {
  const previous = cache.entries.get(key);
  if (previous) forget(key, previous);
  if (entry.bytes > READ_CACHE_MAX_BYTES / 16) return;
  cache.entries.set(key, entry);
  cache.bytes += entry.bytes;
  for (const [oldest, old] of cache.entries) {
    if (cache.bytes <= READ_CACHE_MAX_BYTES) break;
    forget(oldest, old);
  }
}

function forget(key: string, entry: Entry): void {
  cache.entries.delete(key);
  cache.bytes -= entry.bytes;
}
