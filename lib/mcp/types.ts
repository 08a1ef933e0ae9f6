export type ServerInfo = { name: string; version: string };

/** Which handshake answered: the 2026-07-28 revision's `server/discover`, or the older `initialize`. */
export type ProtocolEra = "2026-07-28" | "legacy";

/** From the server's RFC 9728 protected-resource metadata, read on a 401/403. */
export type AuthInfo = { resource_metadata_url: string | null; authorization_servers: string[]; scopes_supported: string[] };

/**
 * How an exchange that did not succeed ended, in the words of DESIGN §5 (a probe reports them as its status).
 * `not_mcp`: reachable over HTTP, but what answers is not an MCP server (404/405, an HTML page, JSON that is not
 * JSON-RPC); `unknown`: unresolved placeholders; `skipped`: not allowed to run.
 */
export type FailureStatus = "auth_required" | "not_mcp" | "unhealthy" | "unknown" | "skipped";

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

/** The `fetch` shape the MCP SDK transports accept (`FetchLike`). */
export type FetchLike = (url: string | URL, init?: RequestInit) => Promise<Response>;
