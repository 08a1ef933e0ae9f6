/**
 * A first-come, first-served async mutex: `acquire` resolves with a release function once every earlier holder
 * has released. Releasing twice is harmless, so a holder may release on every path without bookkeeping.
 */
export class WriteLock {
  #tail: Promise<void> = Promise.resolve();

  async acquire(): Promise<() => void> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const previous = this.#tail;
    this.#tail = previous.then(() => released);
    await previous;
    let isReleased = false;
    return () => {
      if (isReleased) return;
      isReleased = true;
      release();
    };
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await work();
    } finally {
      release();
    }
  }
}
