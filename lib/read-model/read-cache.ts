import { processSlot } from "../runtime/runtime";
import type { ChangeScope } from "./change-scope";
import type { ChangeStamps } from "./change-stamps";
import { StampedCache } from "./stamped-cache";

/**
 * A response body as sent, and the tag naming it; `alsoStaleOn`: scopes besides the route's that this body turned
 * out to depend on (a blueprint with `{"provides": …}` references is bound by health); `freshUntil`: a time (ms)
 * after which it is made again whatever the stamps say (a blueprint carrying an OAuth token due for refresh).
 */
export type Representation = { text: string; etag: string; alsoStaleOn?: readonly ChangeScope[]; freshUntil?: number };

/**
 * Memory stays bounded: the least recently used entries go first once the bodies held pass this many bytes
 * (so a caller sending ever new bodies to a POST read cannot grow it), and no one body takes over a sixteenth.
 */
export const READ_CACHE_MAX_BYTES = 64 * 1024 * 1024;
/** What an entry holds a character: its text (two bytes) and, once answered, its UTF-8 bytes and gzip (lib/http/encoded-text.ts). */
const BYTES_PER_CHARACTER = 3.5;

// One cache per process, shared by every route bundle.
const cache = processSlot("readModel.readCache", () => new StampedCache<Representation>(READ_CACHE_MAX_BYTES, READ_CACHE_MAX_BYTES / 16));

/**
 * The read model: `make`'s representation, remembered under `key` (which names everything the body depends
 * on besides the database: the route, its parameters, the caller's visibility) for as long as nothing in
 * `scopes` is committed by anyone. `takeStamps` may give stamps taken earlier in the same request
 * (reuseStampsOf), never any older than its arrival.
 */
export function readThrough(
  key: string, scopes: readonly ChangeScope[], make: () => Promise<Representation>, takeStamps?: () => Promise<ChangeStamps | null>,
): Promise<Representation> {
  return cache.get(key, scopes, async () => {
    const made = await make();
    return { value: made, bytes: BYTES_PER_CHARACTER * made.text.length, alsoStaleOn: made.alsoStaleOn, freshUntil: made.freshUntil };
  }, takeStamps);
}

/** How much the cache holds (the bench and the debug log report it). */
export function readCacheSize(): { entries: number; bytes: number } {
  return cache.size;
}
