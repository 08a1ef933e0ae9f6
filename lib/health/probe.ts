import type { RequestOptions } from "@modelcontextprotocol/client";

import { startDeadline, type Deadline } from "../mcp/deadline";
import { describeFailure } from "../mcp/describe-failure";
import { listAllPrompts, type ProbedPrompts } from "../mcp/list-prompts";
import { listAllTools } from "../mcp/list-tools";
import { openSession, type McpSession } from "../mcp/mcp-session";
import type { OutboundPolicy } from "../mcp/outbound-policy";
import type { HttpFailure } from "../mcp/fetch-trace";
import { readProtectedResource } from "../mcp/protected-resource";
import { refuseBeforeConnecting } from "../mcp/refuse-before-connecting";
import { createSafeFetch } from "../mcp/safe-fetch";
import { scrubThenCut } from "../resolve/scrub";
import type { ResolvedConfig } from "../resolve/types";
import { checkHealthEndpoint } from "./health-endpoint";
import { isOkStatus, unreachedResult } from "./health-result";
import type { ProbeResult } from "./types";

/** The note on every SSE server: the transport was deprecated in 2025-03-26 and is gone from 2026-07-28. */
export const DEPRECATED_TRANSPORT_NOTE = "deprecated transport";

export type ProbeOptions = {
  /** One limit for everything: connect (discover or initialize), ping, tools/list and the health endpoint. */
  timeoutMs: number;
  /** `support.health_endpoint`, resolved against the server URL (`new URL(endpoint, url)`). */
  healthEndpoint?: string;
  policy: OutboundPolicy;
  /** `PATCHBAY_STDIO_ALLOW` entries (whole command lines); see `lib/mcp/stdio-allow.ts`. */
  stdioAllow: readonly string[];
  /** The values substituted from secrets: scrubbed from an error body or stderr before either is shortened (DESIGN §14). */
  secrets: readonly string[];
  /** Slower than this (default: half the timeout) is `degraded`. */
  slowMs?: number;
  /** The server answered 401/403 to the credentials sent: notes it where they came from, and may say why better. */
  onRefused?: (failure: HttpFailure) => Promise<string | null>;
  now?: () => Date;
};

/**
 * The health probe of DESIGN §5, for both eras of MCP: `server/discover` → `tools/list` (2026-07-28), or, when the
 * server answers as an older one, `initialize` → `ping` → `tools/list`; then the health endpoint when one is set.
 * On a 401/403 it reads the server's protected-resource metadata. Never throws; the client is closed and a stdio
 * child stopped before it returns.
 */
export async function probeServer(config: ResolvedConfig, options: ProbeOptions): Promise<ProbeResult> {
  const checkedAt = (options.now ?? (() => new Date()))().toISOString();
  const refusal = refuseBeforeConnecting(config, options.stdioAllow, options.secrets);
  if (refusal) return unreachedResult(refusal.status, refusal.reason, checkedAt);

  const session = openSession(config, options);
  const deadline = startDeadline(options.timeoutMs);
  const startedAt = performance.now();
  const elapsed = () => Math.round(performance.now() - startedAt);
  let isHealthy = false;
  try {
    const requestOptions = { signal: deadline.signal, timeout: options.timeoutMs };
    await session.connect(deadline);
    // 2026-07-28 removed ping: the discover answer already proved the server alive.
    if (session.era() === "legacy") await deadline.race(session.client.ping(requestOptions));
    const tools = await deadline.race(listAllTools(session.client, requestOptions));
    const latency = elapsed();
    isHealthy = true;

    const problems: string[] = [];
    const slowMs = options.slowMs ?? options.timeoutMs / 2;
    if (latency > slowMs) problems.push(`slow: ${latency} ms (over ${slowMs} ms)`);
    if (options.healthEndpoint) {
      const serverUrl = config.type === "stdio" ? undefined : config.url;
      const headers = config.type === "stdio" ? undefined : config.headers;
      // Its own fetch: a redirect to another origin is followed, but without the server's headers.
      const fetch = createSafeFetch(options.policy, { timeoutMs: options.timeoutMs, crossOriginRedirects: "strip-headers" });
      const problem = await checkHealthEndpoint(options.healthEndpoint, serverUrl, { fetch, signal: deadline.signal, headers });
      if (problem) problems.push(problem);
    }

    // Last, so that a listing that uses up the time limit costs only the prompts, not the health endpoint's check.
    const prompts = await listPromptsOf(session, deadline, requestOptions, options.secrets);
    const info = session.client.getServerVersion();
    const status = problems.length > 0 ? "degraded" : "healthy";
    return {
      status, ok: isOkStatus(status), reason: problems.length > 0 ? problems.join("; ") : null,
      latency_ms: latency, checked_at: checkedAt,
      server_info: info ? { name: info.name, version: info.version } : null,
      protocol_version: session.protocolVersion(), tool_count: tools.length,
      era: session.era(), protocol_versions: session.protocolVersions(),
      capabilities: (session.client.getServerCapabilities() as Record<string, unknown> | undefined) ?? null,
      auth: null, notes: notesFor(config), environment: null, drift: false, tools, instructions: instructionsOf(session), prompts,
    };
  } catch (error) {
    const failure = describeFailure(error, session.trace, session.stdio);
    const refusal = failure.status === "auth_required" && session.trace.httpFailure ? await options.onRefused?.(session.trace.httpFailure) : null;
    const result = { ...unreachedResult(failure.status, refusal ?? failure.reason, checkedAt), notes: notesFor(config) };
    if (failure.status === "skipped") return result;
    const auth = failure.status === "auth_required" ? await readAuth(config, session, options) : null;
    return { ...result, latency_ms: elapsed(), auth };
  } finally {
    deadline.dispose();
    await session.close({ endSession: isHealthy });
  }
}

/**
 * The prompts of a server that declares the capability (DESIGN §16). A failed listing is reported beside the
 * prompts (scrubbed, then cut) and never fails the probe: its tools and status stand.
 */
async function listPromptsOf(session: McpSession, deadline: Deadline, requestOptions: RequestOptions, secrets: readonly string[]): Promise<ProbedPrompts> {
  try {
    return { prompts: await deadline.race(listAllPrompts(session.client, requestOptions)), error: null };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { prompts: null, error: scrubThenCut(`prompts/list failed: ${message}`, secrets, 500) };
  }
}

/** The server's instructions: from `initialize` (legacy) or `server/discover` (2026-07-28); null when none. */
function instructionsOf(session: McpSession): string | null {
  const discovered = session.client.getDiscoverResult() as { instructions?: unknown } | undefined;
  const instructions = session.client.getInstructions() ?? discovered?.instructions;
  return typeof instructions === "string" ? instructions : null;
}

function notesFor(config: ResolvedConfig): string[] {
  return config.type === "sse" ? [DEPRECATED_TRANSPORT_NOTE] : [];
}

/** On a 401/403 over HTTP: what the server's RFC 9728 metadata says about signing in (a short limit of its own). */
async function readAuth(config: ResolvedConfig, session: McpSession, options: ProbeOptions) {
  const failure = session.trace.httpFailure;
  if (config.type === "stdio" || !failure) return null;
  const deadline = startDeadline(options.timeoutMs);
  try {
    return await deadline.race(readProtectedResource(failure.url, failure, { policy: options.policy, timeoutMs: options.timeoutMs, signal: deadline.signal }));
  } catch {
    return null;
  } finally {
    deadline.dispose();
  }
}
