import type { Principal } from "../auth/principal";
import type { EffectiveTool } from "../resolve/effective-tools";
import type { UpstreamProfile } from "./session-pool";

/** What a gateway endpoint or `/api/invoke` serves: an agent's tools, or one capability's. */
export type GatewayTarget = { kind: "agent" | "capability"; name: string };

/**
 * What a call goes to: a gateway target, or (seed 001's `plugin.action` without agent or capability, `/api/invoke`
 * only) one registry server, whose tools it names `server.tool`. No endpoint serves a server alone.
 */
export type CallTarget = GatewayTarget | { kind: "server"; name: string };

/** DESIGN §12: how a call ended, as the call log and `patchbay_tool_calls_total` name it. */
export type CallOutcome = "ok" | "tool_error" | "upstream_error" | "timeout" | "circuit_open" | "denied" | "awaiting_approval" | "input_required";

/** A 2026-07-28 upstream's `InputRequiredResult`: what it asks the client, and the state it wants back with the answers. */
export type UpstreamInputRequired = { inputRequests: Record<string, unknown>; requestState?: string };

/** A retry of a call the upstream asked input for: the client's answers, and the upstream's own state. */
export type UpstreamResume = { inputResponses: Record<string, unknown>; requestState?: string };

/** An MCP `tools/call` result in the wire's own field names. */
export type McpToolResult = {
  content: Record<string, unknown>[];
  structuredContent?: unknown;
  isError?: boolean;
};

/** The tools a target advertises, with everything the pipeline needs to call them; `revision` changes whenever the list does. */
export type TargetTools = {
  target: CallTarget; environment: string; tools: EffectiveTool[]; revision: string;
  /** Tools the drift gate hides (DESIGN §11 `on_drift`), with why: not advertised, and refused when called. */
  withheld?: { tool: EffectiveTool; reason: string }[];
};

/**
 * Where stdio upstreams live: one per gateway session (DESIGN §12). Closing it signals every child process
 * it started (SIGTERM, then SIGKILL, whole group). `/api/invoke` uses a scope per request.
 */
export interface UpstreamScope {
  readonly id: string;
  close(): Promise<void>;
  /** Runs `closer` when the scope closes (at once when it already has); stdio sessions of the scope register here. */
  onClose?(closer: () => Promise<void>): void;
  /** Once closed, nothing new starts in it. */
  isClosed?(): boolean;
}

export type ToolCallRequest = {
  target: CallTarget;
  /** Defaults to the registry's default environment. */
  environment?: string;
  /** The advertised name, as `tools/list` gave it (DESIGN §16: `alias.tool`, bare, or under the target's `tool_names`). */
  tool: string;
  arguments: Record<string, unknown>;
  caller: Principal;
  /** Seed 001's call context (`session_id`, `locale`, `trace_id`, …); policies match against it. */
  context?: Record<string, unknown>;
  scope: UpstreamScope;
  signal?: AbortSignal;
  /** A gateway client's call (DESIGN §16): the upstream sessions that relay for it, and where upstream progress goes. */
  relay?: CallRelay;
  /** Where Patchbay is reached by browsers (PATCHBAY_PUBLIC_URL, else the origin asked): a connect page is linked under it. */
  baseUrl: string;
};

/** A `per_user` server the caller has not connected to (DESIGN §17): where they connect, and what to tell them. */
export type ConnectRequired = { server: string; environment: string; url: string; message: string };

export type UpstreamProtocolError = { code: number; message: string; data?: unknown };

export type CallRelay = {
  profile: UpstreamProfile;
  /** The answers to what the upstream asked, on a 2026-07-28 retry. */
  resume?: UpstreamResume;
  onProgress?: (progress: { progress: number; total?: number; message?: string }) => void;
};

/** One call's answer: `result` is what the MCP client receives (a tool error for every refusal). */
export type ToolCallAnswer = {
  outcome: CallOutcome;
  result: McpToolResult;
  /** The registry server that answered (or would have); absent when the tool is unknown. */
  server?: string;
  environment: string;
  latency_ms: number;
  attempts: number;
  trace_id: string;
  /** Set when outcome is "awaiting_approval". */
  approval?: { id: string; state: string };
  /** What is wrong with the arguments (JSON pointers from the arguments' root), when the input schema refused them. */
  invalid_arguments?: { path: string; message: string }[];
  /** Seconds until a half-open trial, when outcome is "circuit_open". */
  retry_after_s?: number;
  /** The JSON-RPC error the upstream answered the call with, when outcome is "upstream_error" for that reason. */
  upstream_error?: UpstreamProtocolError;
  /** Set when outcome is "input_required": the upstream asks the client first (DESIGN §16). */
  input_required?: UpstreamInputRequired;
  /** Set when outcome is "input_required" because the caller must connect their own account first; nothing reached the server. */
  connect_required?: ConnectRequired;
};
