/** The one overall time limit of a probe or tool call ran out. */
export class ProbeTimeoutError extends Error {
  override readonly name = "ProbeTimeoutError";

  constructor(readonly timeoutMs: number) {
    super(`timeout after ${timeoutMs} ms`);
  }
}

export type Deadline = {
  /** Aborted with a `ProbeTimeoutError` when time is up; pass it to every request. */
  signal: AbortSignal;
  /** Settles like `work`, or rejects with the `ProbeTimeoutError` as soon as time is up, whichever comes first. */
  race<T>(work: Promise<T>): Promise<T>;
  dispose(): void;
};

export function startDeadline(timeoutMs: number): Deadline {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new ProbeTimeoutError(timeoutMs)), timeoutMs);
  const expired = new Promise<never>((_, reject) => {
    controller.signal.addEventListener("abort", () => reject(controller.signal.reason), { once: true });
  });
  expired.catch(() => {});

  return {
    signal: controller.signal,
    race(work) {
      work.catch(() => {}); // a late failure after the deadline won must not become an unhandled rejection
      return Promise.race([work, expired]);
    },
    dispose: () => clearTimeout(timer),
  };
}
