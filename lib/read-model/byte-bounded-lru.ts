/** What an entry costs to hold, in bytes (an estimate the caller makes once, when it adds the entry). */
type Sized = { bytes: number };

/**
 * A map that holds at most `maxBytes` of entries: adding one past the bound drops the least recently used
 * (read or written) first; an entry larger than `maxEntryBytes` is never held at all.
 */
export class ByteBoundedLru<V extends Sized> {
  private readonly entries = new Map<string, V>();
  private held = 0;

  constructor(private readonly maxBytes: number, private readonly maxEntryBytes: number = maxBytes) {}

  /** The entry under `key`, now the most recently used. */
  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, entry: V): void {
    this.delete(key);
    if (entry.bytes > this.maxEntryBytes) return;
    this.entries.set(key, entry);
    this.held += entry.bytes;
    // A Map iterates in insertion order, and get() re-inserts: the first entries are the least recently used.
    for (const [oldest, old] of this.entries) {
      if (this.held <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.held -= old.bytes;
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    this.entries.delete(key);
    this.held -= entry.bytes;
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.held };
  }
}
