import { getConfig } from "../env";
import type { Resilience } from "../schemas/server-behaviour";

/** `resilience` with seed 001's defaults filled in (DESIGN §12). */
export type ResilienceSettings = {
  timeoutMs: number;
  retries: number;
  backoff: { minMs: number; maxMs: number };
  /** `enabled: false` (MCP_CIRCUIT_BREAKER_ENABLED=false): calls neither pass through nor trip a circuit. */
  breaker: { enabled: boolean; failureThreshold: number; resetAfterMs: number };
  /** `resilience.tools`: per upstream tool, what its attempts take instead of the server's; see settingsForTool. */
  tools?: Record<string, Pick<ResilienceSettings, "timeoutMs" | "retries" | "backoff">>;
};

/** What the process's configuration sets where a server sets nothing (seed 001's variables). */
export type ResilienceDefaults = { timeoutMs: number; breakerEnabled: boolean };

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

/** `MCP_DEFAULT_TIMEOUT_MS` and `MCP_CIRCUIT_BREAKER_ENABLED`. */
export function configuredResilienceDefaults(): ResilienceDefaults {
  const config = getConfig();
  return { timeoutMs: config.MCP_DEFAULT_TIMEOUT_MS, breakerEnabled: config.MCP_CIRCUIT_BREAKER_ENABLED };
}

export function resilienceSettings(resilience: Resilience | undefined, defaults: ResilienceDefaults = configuredResilienceDefaults()): ResilienceSettings {
  const server = attemptSettings(resilience, { timeoutMs: defaults.timeoutMs, retries: 2, backoff: { minMs: 200, maxMs: 2_000 } });
  const tools = resilience?.tools && Object.fromEntries(Object.entries(resilience.tools).map(([tool, own]) => [tool, attemptSettings(own, server)]));
  return {
    ...server,
    breaker: {
      enabled: defaults.breakerEnabled,
      failureThreshold: resilience?.circuit_breaker?.failure_threshold ?? 5,
      resetAfterMs: resilience?.circuit_breaker?.reset_after_ms ?? 30_000,
    },
    ...(tools ? { tools } : {}),
  };
}

/** The settings one call of upstream tool `tool` runs under: its own `resilience.tools.{tool}` over the server's. */
export function settingsForTool(settings: ResilienceSettings, tool: string): ResilienceSettings {
  const own = settings.tools && Object.hasOwn(settings.tools, tool) ? settings.tools[tool] : undefined;
  return own ? { ...settings, ...own } : settings;
}

type AttemptSettings = Pick<ResilienceSettings, "timeoutMs" | "retries" | "backoff">;

function attemptSettings(given: Pick<Resilience, "timeout_ms" | "retries" | "backoff"> | undefined, fallback: AttemptSettings): AttemptSettings {
  const minMs = given?.backoff?.min_ms ?? fallback.backoff.minMs;
  return {
    timeoutMs: given?.timeout_ms ?? fallback.timeoutMs,
    retries: given?.retries ?? fallback.retries,
    backoff: { minMs, maxMs: Math.max(minMs, given?.backoff?.max_ms ?? fallback.backoff.maxMs) },
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
