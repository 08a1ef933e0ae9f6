/**
 * What one probe concluded (DESIGN §5). `not_mcp`: reachable over HTTP, but what answers is not an MCP server
 * (404/405, an HTML page, JSON that is not JSON-RPC); `unknown`: never checked or unresolved placeholders;
 * `skipped`: not allowed to run.
 */
export type HealthStatus = "healthy" | "degraded" | "auth_required" | "not_mcp" | "unhealthy" | "unknown" | "skipped";

export type ServerInfo = { name: string; version: string };

/** Which handshake answered: the 2026-07-28 revision's `server/discover`, or the older `initialize`. */
export type ProtocolEra = "2026-07-28" | "legacy";

/** From the server's RFC 9728 protected-resource metadata, read on a 401/403. */
export type AuthInfo = { resource_metadata_url: string | null; authorization_servers: string[]; scopes_supported: string[] };

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
  era: ProtocolEra | null;
  /** What the server says it supports: `supportedVersions` of `server/discover`, or the one `initialize` agreed. */
  protocol_versions: string[] | null;
  capabilities: Record<string, unknown> | null;
  auth: AuthInfo | null;
  /** Worth knowing though not a failure, e.g. `deprecated transport` for SSE. */
  notes: string[];
  /** The environment the server was resolved for; null only for a result recorded before environments were kept. */
  environment: string | null;
  /** The toolset of this (server, environment) differs from its pin (DESIGN §11); false before any pin. */
  drift: boolean;
};

/** A tool as `tools/list` reported it, in wire shape. */
export type ProbeTool = {
  name: string;
  description: string | null;
  input_schema: Record<string, unknown>;
  title?: string;
  output_schema?: Record<string, unknown>;
  annotations?: Record<string, unknown>;
  icons?: unknown[];
};

/** `instructions`: what the server's handshake said (either era), which the toolset fingerprint covers. */
export type ProbeResult = HealthResult & { tools: ProbeTool[]; instructions?: string | null };

/** The `fetch` shape the MCP SDK transports accept (`FetchLike`). */
export type FetchLike = (url: string | URL, init?: RequestInit) => Promise<Response>;
