import { ByteBoundedLru } from "./byte-bounded-lru";
import type { ChangeScope } from "./change-scope";
import { currentStamps, type ChangeStamps } from "./change-stamps";

/**
 * What `make` returns: the value, what holding it costs, scopes besides the caller's it turned out to depend on,
 * and the time (ms) it goes stale by itself, if it does.
 */
export type Made<V> = { value: V; bytes: number; alsoStaleOn?: readonly ChangeScope[]; freshUntil?: number };
type Entry<V> = { value: V; scopes: readonly ChangeScope[]; stamp: string; bytes: number; freshUntil?: number };

/**
 * Values remembered under a key for as long as nothing in their change scopes is committed by anyone (the read
 * model's rule, DESIGN §13): every read compares the database's change stamps, so a write on this instance or
 * another is seen by the next read. The stamps are taken before `make` reads, so a change landing while it
 * reads leaves the entry already stale: a write is never hidden, only at worst re-read once more. Memory stays
 * within `maxBytes` (least recently used first; no one value over `maxEntryBytes`).
 */
export class StampedCache<V> {
  private readonly entries: ByteBoundedLru<Entry<V>>;

  constructor(maxBytes: number, maxEntryBytes = maxBytes) {
    this.entries = new ByteBoundedLru<Entry<V>>(maxBytes, maxEntryBytes);
  }

  /** `takeStamps`: the database's stamps now, or ones this request already took no earlier than its arrival. */
  async get(key: string, scopes: readonly ChangeScope[], make: () => Promise<Made<V>>, takeStamps: () => Promise<ChangeStamps | null> = currentStamps): Promise<V> {
    const stamps = await takeStamps();
    if (!stamps) return (await make()).value;
    const stampOf = (list: readonly ChangeScope[]) => list.map((scope) => stamps[scope]).join("|");

    const known = this.entries.get(key);
    if (known && known.stamp === stampOf(known.scopes) && (known.freshUntil === undefined || Date.now() < known.freshUntil)) return known.value;

    const made = await make();
    const all = [...new Set([...scopes, ...(made.alsoStaleOn ?? [])])];
    this.entries.set(key, { value: made.value, scopes: all, stamp: stampOf(all), bytes: 2 * key.length + made.bytes + 200, freshUntil: made.freshUntil });
    return made.value;
  }

  get size(): { entries: number; bytes: number } {
    return this.entries.size;
  }
}
