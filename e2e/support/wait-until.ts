/**
 * Polls `condition` until it holds, failing after a generous `timeoutMs`: the way tests wait for something
 * another process does (a sweep, an expiry). Nothing is asserted about how long it took.
 */
export async function waitUntil(condition: () => Promise<boolean> | boolean, timeoutMs: number, what: string): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`not within ${timeoutMs} ms: ${what}`);
}
