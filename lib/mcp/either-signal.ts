/** A signal that aborts when either of two does; `release()` unhooks it from both once the work it guards is over. */
export type EitherSignal = { signal: AbortSignal; release(): void };

/**
 * What `AbortSignal.any([first, second])` gives — aborted with the reason of whichever source aborts first, at once
 * when one already has — for work whose end is known: its two listeners come off at `release()`. `AbortSignal.any`
 * instead follows its sources through weak references and a finalizer, which cost a tool call some 20 µs of CPU
 * (more than the rest of its upstream request) and work for the garbage collector.
 */
export function eitherSignal(first: AbortSignal, second: AbortSignal): EitherSignal {
  const already = first.aborted ? first : second.aborted ? second : undefined;
  if (already) return { signal: AbortSignal.abort(already.reason), release: () => {} };
  const either = new AbortController();
  const release = () => {
    first.removeEventListener("abort", onAbort);
    second.removeEventListener("abort", onAbort);
  };
  const onAbort = (event: Event) => {
    release();
    either.abort((event.target as AbortSignal).reason);
  };
  first.addEventListener("abort", onAbort);
  second.addEventListener("abort", onAbort);
  return { signal: either.signal, release };
}
