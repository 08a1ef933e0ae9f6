import type { ResolvedConfig } from "../resolve/types";
import { startDeadline } from "./deadline";
import { describeFailure } from "./describe-failure";
import { checkHealthEndpoint } from "./health-endpoint";
import { isOkStatus, unreachedResult } from "./health-result";
import { listAllTools } from "./list-tools";
import { openSession } from "./mcp-session";
import type { OutboundPolicy } from "./outbound-policy";
import { refuseBeforeConnecting } from "./refuse-before-connecting";
import { createSafeFetch } from "./safe-fetch";
import type { ProbeResult } from "./types";

export type ProbeOptions = {
  /** One limit for everything: connect, initialize, ping, tools/list and the health endpoint. */
  timeoutMs: number;
  /** `support.health_endpoint`, resolved against the server URL (`new URL(endpoint, url)`). */
  healthEndpoint?: string;
  policy: OutboundPolicy;
  /** `PATCHBAY_STDIO_ALLOW` entries (whole command lines); see `stdio-allow.ts`. */
  stdioAllow: readonly string[];
  /** Slower than this (default: half the timeout) is `degraded`. */
  slowMs?: number;
  now?: () => Date;
};

/**
 * The health probe of DESIGN §5: MCP `initialize` → `ping` → `tools/list` through the SDK, then the health
 * endpoint when one is set. Never throws; the client is closed and a stdio child stopped before it returns.
 */
export async function probeServer(config: ResolvedConfig, options: ProbeOptions): Promise<ProbeResult> {
  const checkedAt = (options.now ?? (() => new Date()))().toISOString();
  const refusal = refuseBeforeConnecting(config, options.stdioAllow);
  if (refusal) return unreachedResult(refusal.status, refusal.reason, checkedAt);

  const session = openSession(config, options);
  const deadline = startDeadline(options.timeoutMs);
  const startedAt = performance.now();
  const elapsed = () => Math.round(performance.now() - startedAt);
  let isHealthy = false;
  try {
    const requestOptions = { signal: deadline.signal, timeout: options.timeoutMs };
    await session.connect(deadline);
    await deadline.race(session.client.ping(requestOptions));
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

    const info = session.client.getServerVersion();
    const status = problems.length > 0 ? "degraded" : "healthy";
    return {
      status, ok: isOkStatus(status), reason: problems.length > 0 ? problems.join("; ") : null,
      latency_ms: latency, checked_at: checkedAt,
      server_info: info ? { name: info.name, version: info.version } : null,
      protocol_version: session.protocolVersion(), tool_count: tools.length, tools,
    };
  } catch (error) {
    const failure = describeFailure(error, session.trace, session.stdio);
    const result = unreachedResult(failure.status, failure.reason, checkedAt);
    return failure.status === "skipped" ? result : { ...result, latency_ms: elapsed() };
  } finally {
    deadline.dispose();
    await session.close({ endSession: isHealthy });
  }
}
