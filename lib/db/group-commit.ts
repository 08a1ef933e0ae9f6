/** Most items one write takes; more wait for the next. */
export const MAX_GROUP = 256;

/**
 * Group commit: `add` resolves once its item is written. The first item is written at once; items added while a
 * write runs wait for it and then go together in the next, so concurrent writers share one statement and one
 * commit instead of queueing for the single writer one by one. `write` failing rejects every item of its group.
 */
export function groupCommit<T>(write: (items: T[]) => Promise<void>): (item: T) => Promise<void> {
  let waiting: { item: T; settle: (error?: unknown) => void }[] = [];
  let draining = false;

  const drain = async () => {
    draining = true;
    while (waiting.length > 0) {
      const group = waiting.slice(0, MAX_GROUP);
      waiting = waiting.slice(group.length);
      let failure: unknown;
      try {
        await write(group.map((entry) => entry.item));
      } catch (error) {
        failure = error ?? new Error("the write failed");
      }
      for (const entry of group) entry.settle(failure);
    }
    draining = false;
  };

  return (item) =>
    new Promise<void>((resolve, reject) => {
      waiting.push({ item, settle: (error) => (error === undefined ? resolve() : reject(error)) });
      if (!draining) void drain();
    });
}
