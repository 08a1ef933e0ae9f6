/** What one probe concluded (DESIGN §5). `unknown`: never checked or unresolved placeholders; `skipped`: not allowed to run. */
export type HealthStatus = "healthy" | "degraded" | "auth_required" | "unhealthy" | "unknown" | "skipped";

export type ServerInfo = { name: string; version: string };

/** The health object `R` of DESIGN §5, snake_case as on the wire. `ok` is true for healthy and degraded. */
export type HealthResult = {
  status: HealthStatus;
  ok: boolean;
  reason: string | null;
  latency_ms: number | null;
  checked_at: string | null;
  server_info: ServerInfo | null;
  protocol_version: string | null;
  tool_count: number | null;
};

/** A tool as `tools/list` reported it, in wire shape. */
export type ProbeTool = { name: string; description: string | null; input_schema: Record<string, unknown> };

export type ProbeResult = HealthResult & { tools: ProbeTool[] };

/** The `fetch` shape the MCP SDK transports accept (`FetchLike`). */
export type FetchLike = (url: string | URL, init?: RequestInit) => Promise<Response>;
