import type { HealthStatus, ProbeResult } from "./types";

export function isOkStatus(status: HealthStatus): boolean {
  return status === "healthy" || status === "degraded";
}

/** A result for a probe that never reached the server: nothing measured, nothing learned. */
export function unreachedResult(status: HealthStatus, reason: string | null, checkedAt: string | null): ProbeResult {
  return {
    status, ok: isOkStatus(status), reason, latency_ms: null, checked_at: checkedAt,
    server_info: null, protocol_version: null, tool_count: null,
    era: null, protocol_versions: null, capabilities: null, auth: null, notes: [], environment: null, drift: false, tools: [],
  };
}
