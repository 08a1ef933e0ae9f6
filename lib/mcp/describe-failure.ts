import { ProbeTimeoutError } from "./deadline";
import type { FetchTrace } from "./fetch-trace";
import { OutboundBlockedError } from "./outbound-policy";
import { ResponseTooLargeError } from "./response-limit";
import { CrossOriginRedirectError } from "./safe-fetch";
import type { ProbeStdioTransport } from "./stdio-transport";
import type { FailureStatus } from "./types";

export type Failure = { status: FailureStatus; reason: string };

/** How much of the child's last stderr line a reason shows (scrubbed first, by the transport). */
const STDERR_LINE_CHARS = 200;

/** Statuses by which an HTTP server says there is no MCP endpoint here (DESIGN §5: `not_mcp`, not an outage). */
const NOT_MCP_STATUSES = new Set([404, 405]);

/**
 * Turns a failed exchange into a status and a reason a person can act on. What went over the wire (the trace)
 * is more precise than the SDK's error text, so it is consulted first; 401/403 mean reachable, not down; 404/405
 * and 2xx answers that are not JSON-RPC mean reachable, but not MCP.
 */
export function describeFailure(error: unknown, trace: FetchTrace, stdio?: ProbeStdioTransport): Failure {
  const blocked = trace.blocked ?? findInChain(error, (e) => e instanceof OutboundBlockedError);
  if (blocked instanceof OutboundBlockedError) return { status: "skipped", reason: `blocked by outbound policy: ${blocked.address}` };

  const oversized = trace.oversized ?? findInChain(error, (e) => e instanceof ResponseTooLargeError);
  if (oversized instanceof ResponseTooLargeError) return { status: "unhealthy", reason: oversized.message };
  const redirect = findInChain(trace.networkError ?? error, (e) => e instanceof CrossOriginRedirectError);
  if (redirect instanceof CrossOriginRedirectError) {
    return { status: "unhealthy", reason: `redirect to another origin refused: ${redirect.from.origin} → ${redirect.to.origin}` };
  }

  const http = trace.httpFailure;
  if (http) {
    const text = `HTTP ${http.status}${http.statusText ? ` ${http.statusText}` : ""}${http.detail ? `: ${http.detail}` : ""}`;
    if (http.status === 401 || http.status === 403) return { status: "auth_required", reason: text };
    return { status: NOT_MCP_STATUSES.has(http.status) ? "not_mcp" : "unhealthy", reason: text };
  }
  if (trace.notJsonRpc) return { status: "not_mcp", reason: `not an MCP server: ${trace.notJsonRpc}` };

  if (error instanceof ProbeTimeoutError) return { status: "unhealthy", reason: error.message };
  const network = describeNetworkError(trace.networkError ?? error);
  if (network) return { status: "unhealthy", reason: network };
  if (stdio) {
    const reason = describeStdioFailure(stdio);
    if (reason) return { status: "unhealthy", reason };
  }
  return { status: "unhealthy", reason: `protocol error: ${error instanceof Error ? error.message : String(error)}` };
}

type CodedError = Error & { code?: string; address?: string; port?: number; hostname?: string };

/** "connection refused 127.0.0.1:4567" and friends, from a Node network error anywhere in the cause chain. */
export function describeNetworkError(error: unknown): string | null {
  const hasCode = (e: unknown) => typeof (e as CodedError).code === "string";
  const found = (findInChain(error, (e) => hasCode(e) && typeof (e as CodedError).address === "string") ??
    findInChain(error, hasCode)) as CodedError | undefined;
  if (!found?.code) return null;

  const where = found.address ? `${found.address.includes(":") ? `[${found.address}]` : found.address}:${found.port}` : "";
  switch (found.code) {
    case "ECONNREFUSED": return `connection refused ${where}`.trim();
    case "ECONNRESET": return `connection reset by ${where || "peer"}`;
    case "ETIMEDOUT": return found.message.startsWith("timeout after") ? found.message : `connect timeout ${where}`.trim();
    case "EHOSTUNREACH": case "ENETUNREACH": return `host unreachable ${where}`.trim();
    case "ENOTFOUND": case "EAI_AGAIN": return `DNS lookup failed for ${found.hostname ?? "host"}`;
    case "UND_ERR_SOCKET": case "ECONNABORTED": case "EPIPE": return `connection closed by ${where || "peer"}`;
  }
  if (/^(ERR_TLS|ERR_SSL|CERT_|UNABLE_TO|DEPTH_ZERO|SELF_SIGNED|HOSTNAME_MISMATCH)/.test(found.code)) return `TLS error: ${found.message}`;
  if (/^E[A-Z]+$/.test(found.code)) return `${found.code}: ${found.message}`;
  return null;
}

function describeStdioFailure(stdio: ProbeStdioTransport): string | null {
  const { spawnError, exit, config, oversized } = stdio;
  if (oversized) return oversized.message;
  if (spawnError?.code === "ENOENT") return `command not found: ${config.command}`;
  if (spawnError?.code === "EACCES") return `permission denied: ${config.command}`;
  if (spawnError) return `could not start ${config.command}: ${spawnError.message}`;
  if (!exit) return null;

  const how = exit.signal ? `was killed by ${exit.signal}` : `exited with code ${exit.code}`;
  const lastLine = stdio.lastStderrLine(STDERR_LINE_CHARS);
  return `process ${how} before answering${lastLine ? `: ${lastLine}` : ""}`;
}

function findInChain(error: unknown, test: (e: unknown) => boolean, depth = 0): unknown {
  if (error === undefined || error === null || depth > 8) return undefined;
  if (test(error)) return error;
  if (error instanceof AggregateError) {
    for (const inner of error.errors) {
      const found = findInChain(inner, test, depth + 1);
      if (found) return found;
    }
  }
  return error instanceof Error ? findInChain(error.cause, test, depth + 1) : undefined;
}
