import type { ProbedPrompts } from "../mcp/list-prompts";
import type { AuthInfo, FailureStatus, ProbeTool, ProtocolEra, ServerInfo } from "../mcp/types";

/**
 * What one probe concluded (DESIGN §5): what an exchange that failed ended as (`FailureStatus`), or that it
 * succeeded. `unknown` is also a server never checked.
 */
export type HealthStatus = "healthy" | "degraded" | FailureStatus;

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

/**
 * `instructions`: what the server's handshake said (either era), which the toolset fingerprint covers; `prompts`:
 * what a successful probe's `prompts/list` came to (DESIGN §16), for the prompt catalog, never part of `R`.
 */
export type ProbeResult = HealthResult & { tools: ProbeTool[]; instructions?: string | null; prompts?: ProbedPrompts };
