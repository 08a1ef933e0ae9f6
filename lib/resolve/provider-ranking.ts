import type { HealthSummary } from "../schemas/server-output";

export type HealthStatus = HealthSummary["status"];

/** A server that `provides` a capability string, as negotiation weighs it. */
export type ProviderCandidate = { server: string; status: HealthStatus; latency_ms: number | null };

/**
 * DESIGN §12: healthy before degraded before unknown, then lowest latency; unhealthy ones only when nothing else
 * provides it. A status that says nothing about the server's fitness (never checked, skipped, waiting for a
 * user's sign-in) counts as unknown; one that says it cannot serve (unhealthy, not an MCP server) comes last.
 */
const RANK: Record<HealthStatus, number> = {
  healthy: 0, degraded: 1, unknown: 2, skipped: 2, auth_required: 2, unhealthy: 3, not_mcp: 3,
};

/** Best first; ties broken by name so that the same registry always binds the same way. */
export function rankProviders<T extends ProviderCandidate>(candidates: readonly T[]): T[] {
  return [...candidates].sort((a, b) =>
    RANK[a.status] - RANK[b.status]
    || (a.latency_ms ?? Number.POSITIVE_INFINITY) - (b.latency_ms ?? Number.POSITIVE_INFINITY)
    || (a.server < b.server ? -1 : a.server > b.server ? 1 : 0));
}

/** A binding to such a server makes the negotiation BOUND; any other leaves it DEGRADED. */
export function isSoundBinding(status: HealthStatus): boolean {
  return status === "healthy" || status === "degraded";
}
