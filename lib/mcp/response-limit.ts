/**
 * The most Patchbay reads of one upstream response or message (an MCP HTTP response, one SSE event, one stdio
 * line, a health endpoint's body): 4 MiB, far above any tools/list seen in practice (the reference "everything"
 * server's is under 20 KiB), small enough that a sweep of many servers cannot exhaust memory. Larger is a
 * failed probe or call with `response larger than 4 MiB`, never an unbounded buffer.
 */
export const MAX_RESPONSE_BYTES = 4 * 1024 * 1024;

export class ResponseTooLargeError extends Error {
  override readonly name = "ResponseTooLargeError";

  constructor(readonly limitBytes: number, readonly what: string) {
    super(`response larger than ${formatBytes(limitBytes)} from ${what}`);
  }
}

function formatBytes(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`;
}
