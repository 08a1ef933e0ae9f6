import type { Resilience } from "../schemas/server-behaviour";

/** `resilience` with seed 001's defaults filled in (DESIGN §12). */
export type ResilienceSettings = {
  timeoutMs: number;
  retries: number;
  backoff: { minMs: number; maxMs: number };
  breaker: { failureThreshold: number; resetAfterMs: number };
};

/** How one attempt failed: what decides whether another attempt may follow. */
export type AttemptFailure =
  | { kind: "timeout" }
  | { kind: "http"; status: number }
  | { kind: "connection"; code: string }
  /** The server answered 404 to a request naming its session: it forgot it, the tool did not run. */
  | { kind: "session_expired" }
  | { kind: "other" };

const RETRYABLE_HTTP = new Set([502, 503, 504]);
const CONNECTION_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "UND_ERR_SOCKET", "ECONNABORTED", "EPIPE", "ETIMEDOUT", "process_exited"]);

export function resilienceSettings(resilience: Resilience | undefined): ResilienceSettings {
  const minMs = resilience?.backoff?.min_ms ?? 200;
  return {
    timeoutMs: resilience?.timeout_ms ?? 30_000,
    retries: resilience?.retries ?? 2,
    backoff: { minMs, maxMs: Math.max(minMs, resilience?.backoff?.max_ms ?? 2_000) },
    breaker: {
      failureThreshold: resilience?.circuit_breaker?.failure_threshold ?? 5,
      resetAfterMs: resilience?.circuit_breaker?.reset_after_ms ?? 30_000,
    },
  };
}

/**
 * Whether a failed attempt may be repeated: only transport failures — connection refused or reset, HTTP
 * 502/503/504, a session the server forgot (the next attempt opens a new one), or a timeout of a tool annotated `readOnlyHint` or `idempotentHint` (repeating it is harmless).
 * A result with `isError` is an answer, not a failure, and never reaches here.
 */
export function isRetryable(failure: AttemptFailure, annotations: Record<string, unknown> | undefined): boolean {
  switch (failure.kind) {
    case "connection": return CONNECTION_CODES.has(failure.code);
    case "http": return RETRYABLE_HTTP.has(failure.status);
    case "session_expired": return true;
    case "timeout": return annotations?.readOnlyHint === true || annotations?.idempotentHint === true;
    case "other": return false;
  }
}

/**
 * The wait before retry number `retry` (1-based): exponential from `minMs`, capped at `maxMs`, with full jitter
 * over the upper half (`random` in [0, 1)) so that callers failing together do not retry together.
 */
export function backoffDelay(retry: number, backoff: ResilienceSettings["backoff"], random: () => number = Math.random): number {
  const ceiling = Math.min(backoff.maxMs, backoff.minMs * 2 ** (retry - 1));
  const floor = Math.max(backoff.minMs, ceiling / 2);
  return Math.round(floor + (ceiling - floor) * random());
}
