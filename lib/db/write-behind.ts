/** Most items one write takes; more go in the next. */
export const MAX_GROUP = 256;

export type WriteBehind<T> = {
  /**
   * Queues `item`. While running it resolves at once; once `stop()` was called it resolves when the item is
   * written, so a request answered during shutdown has its row before the process exits.
   */
  add(item: T): Promise<void>;
  /** Writes what is queued now; resolves once everything added before it is written. */
  flush(): Promise<void>;
  /** From now on every item is written as it comes; resolves once the queue is written. */
  stop(): Promise<void>;
};

/**
 * Write-behind for rows nobody waits on (the call log): items queue for `delayMs` after the first of them, then go
 * in one write, one write at a time. At a few hundred calls a second that is one INSERT for a dozen rows instead
 * of one each; a reader on this instance calls `flush()` first and sees every row added before it. A failed write
 * is reported to `onError` and never reaches whoever added the items. What is lost if the process is killed
 * outright: at most the last `delayMs` of items.
 */
export function writeBehind<T>(write: (items: T[]) => Promise<void>, options: { delayMs: number; onError: (error: unknown, items: T[]) => void }): WriteBehind<T> {
  let queued: T[] = [];
  let timer: NodeJS.Timeout | undefined;
  let written: Promise<void> = Promise.resolve();
  let stopping = false;

  const writeQueued = (): Promise<void> => {
    clearTimeout(timer);
    timer = undefined;
    const items = queued;
    queued = [];
    if (items.length > 0) written = written.then(() => writeInGroups(items));
    return written;
  };
  const writeInGroups = async (items: T[]) => {
    for (let start = 0; start < items.length; start += MAX_GROUP) {
      const group = items.slice(start, start + MAX_GROUP);
      await write(group).catch((error: unknown) => options.onError(error, group));
    }
  };

  return {
    add(item) {
      queued.push(item);
      if (stopping || queued.length >= MAX_GROUP) {
        const writing = writeQueued();
        return stopping ? writing : Promise.resolve();
      }
      timer ??= setTimeout(writeQueued, options.delayMs);
      return Promise.resolve();
    },
    flush: writeQueued,
    stop() {
      stopping = true;
      return writeQueued();
    },
  };
}
