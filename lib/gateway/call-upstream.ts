import { setTimeout as wait } from "node:timers/promises";

import { isInputRequiredResult, ProtocolError, SdkError, SdkErrorCode, type Tool } from "@modelcontextprotocol/client";

import { ProbeTimeoutError, startDeadline } from "../mcp/deadline";
import { describeFailure } from "../mcp/describe-failure";
import { eitherSignal, type EitherSignal } from "../mcp/either-signal";
import { callToolLean, canCallLean, SessionExpiredError } from "../mcp/lean-requests";
import type { McpSession } from "../mcp/mcp-session";
import type { OutboundPolicy } from "../mcp/outbound-policy";
import { wireMessageOf } from "../mcp/wire-message";
import { withUpstreamAuth, type Authorized } from "../oauth/upstream-bearer";
import { noteUpstreamRefusal } from "../oauth/upstream-refusal";
import { scrubSecrets } from "../resolve/scrub";
import type { ResolvedConfig } from "../resolve/types";
import type { ServerAuth } from "../schemas/server-auth";
import type { Redaction } from "../schemas/server-behaviour";
import { breakerOf, publishCircuit } from "./circuits";
import { redactOnce } from "./redact";
import { backoffDelay, isRetryable, settingsForTool, type AttemptFailure, type ResilienceSettings } from "./resilience";
import { borrowSession, type PooledSession, type UpstreamProfile } from "./session-pool";
import type { McpToolResult, UpstreamInputRequired, UpstreamProtocolError, UpstreamResume, UpstreamScope } from "./types";

export type UpstreamRequest = {
  server: string;
  environment: string;
  config: ResolvedConfig;
  tool: string;
  arguments: Record<string, unknown>;
  annotations: Record<string, unknown> | undefined;
  /** How the server signs in (DESIGN §17): with OAuth, the call carries its connection's access token. */
  auth?: ServerAuth;
  /** Who calls (their connectionPerson, lib/oauth/oauth-store.ts): a `per_user` server is called with this person's own connection, and only with it. */
  person?: string;
  /** The tool's input schema as the catalog holds it: a 2026-07-28 session mirrors its `x-mcp-header` parameters into `Mcp-Param-*` headers. */
  inputSchema?: Record<string, unknown>;
  settings: ResilienceSettings;
  scope: UpstreamScope;
  policy: OutboundPolicy;
  /** The values substituted into `config` from secrets: scrubbed from an error body or stderr before either is shortened. */
  secrets: readonly string[];
  /** The server's `redaction`: with the secrets, applied to what the server sends the client while it serves (progress, log messages, questions). */
  redaction?: Redaction;
  signal?: AbortSignal;
  /** Whom the call relays for (DESIGN §16): absent for `/api/invoke`, which relays nothing. */
  profile?: UpstreamProfile;
  /** The client's answers, when this call continues one the upstream asked input for. */
  resume?: UpstreamResume;
  /** Upstream progress of the call, for a client that asked for it with a `progressToken`. */
  onProgress?: (progress: { progress: number; total?: number; message?: string }) => void;
};

export type UpstreamAnswer =
  | { kind: "result"; result: McpToolResult; attempts: number }
  | { kind: "input_required"; inputRequired: UpstreamInputRequired; attempts: number }
  | { kind: "failed"; outcome: "upstream_error" | "timeout"; reason: string; attempts: number; protocolError?: UpstreamProtocolError; credentialsRefused?: true }
  | { kind: "circuit_open"; retryAfterS: number; attempts: 0 }
  /** A `per_user` server the caller has no connection to: nothing was sent (DESIGN §17). */
  | { kind: "connect_required"; attempts: 0 };

/**
 * Calls one upstream tool under its server's `resilience` (DESIGN §12): through the circuit of (server,
 * environment), each attempt within `timeout_ms` on a pooled session, retried with backoff only after a transport
 * failure. A result — `isError` or not — is an answer: it closes the circuit and is never repeated.
 */
export async function callUpstream(given: UpstreamRequest): Promise<UpstreamAnswer> {
  // The tool's own `resilience.tools.{tool}` (seed 001's per-action timeout_ms and retry) over the server's.
  const settings = settingsForTool(given.settings, given.tool);
  const request = { ...given, settings };
  const circuit = breakerOf(request.server, request.environment, settings.breaker);
  const admission = circuit.admit(settings.breaker);
  publishCircuit(request.server, request.environment);
  if (!admission.admitted) return { kind: "circuit_open", retryAfterS: Math.max(1, Math.ceil(admission.retryAfterMs / 1000)), attempts: 0 };

  for (let attempt = 1; ; attempt++) {
    const tried = await attemptCall(request);
    // Nothing went out: neither the server's health nor its circuit is concerned.
    if (tried.kind === "connect_required") {
      circuit.releaseTrial();
      publishCircuit(request.server, request.environment);
      return { kind: "connect_required", attempts: 0 };
    }
    if (tried.kind === "result" || tried.kind === "input_required") {
      circuit.recordSuccess();
      publishCircuit(request.server, request.environment);
      return { ...tried, attempts: attempt };
    }
    // A JSON-RPC error is the server's answer, not a failure to reach it: not retried, and the circuit stays as it is.
    if (tried.protocolError) {
      circuit.releaseTrial();
      publishCircuit(request.server, request.environment);
      return { kind: "failed", outcome: "upstream_error", reason: tried.reason, attempts: attempt, protocolError: tried.protocolError };
    }
    const isLast = attempt > settings.retries || !isRetryable(tried.failure, request.annotations) || request.signal?.aborted;
    if (isLast) {
      // One person's refused token is theirs to renew (their connection alone expired), not the server failing everyone.
      if (request.signal?.aborted || tried.personalRefusal) circuit.releaseTrial();
      else circuit.recordFailure(settings.breaker);
      publishCircuit(request.server, request.environment);
      return { kind: "failed", outcome: tried.failure.kind === "timeout" ? "timeout" : "upstream_error", reason: tried.reason, attempts: attempt, ...(tried.credentialsRefused ? { credentialsRefused: true } : {}) };
    }
    await wait(backoffDelay(attempt, settings.backoff), undefined, { signal: request.signal }).catch(() => {});
  }
}

type Attempt =
  | { kind: "result"; result: McpToolResult } | { kind: "input_required"; inputRequired: UpstreamInputRequired } | { kind: "connect_required" }
  | { kind: "failed"; failure: AttemptFailure; reason: string; protocolError?: UpstreamProtocolError; credentialsRefused?: true; personalRefusal?: true };

async function attemptCall(request: UpstreamRequest): Promise<Attempt> {
  const timeoutMs = request.settings.timeoutMs;
  const deadline = startDeadline(timeoutMs);
  const onAbort = () => deadline.dispose();
  request.signal?.addEventListener("abort", onAbort, { once: true });
  let borrowed: PooledSession | undefined;
  let authorized: Authorized | undefined;
  let either: EitherSignal | undefined;
  try {
    // DESIGN §17: the server's OAuth access token (refreshed when due); a new token is a new pooled session.
    // A per_user server: the caller's own connection; the pool keys sessions by person too, so no two people share one.
    authorized = await withUpstreamAuth({ name: request.server, auth: request.auth }, request.environment, request.config, request.secrets, request.person);
    if (authorized.connectRequired) return { kind: "connect_required" };
    const { config, secrets } = authorized;
    borrowed = borrowSession(config, { ...request, secrets, timeoutMs, deadline, person: authorized.person });
    const session = await borrowed.connected;
    either = request.signal ? eitherSignal(deadline.signal, request.signal) : undefined;
    const signal = either?.signal ?? deadline.signal;
    const params = { name: request.tool, arguments: request.arguments, ...request.resume };
    const { onProgress } = request;
    const lean = canCallLean(session) && !onProgress;
    const answer = await deadline.race(lean ? callToolLean(session, params, signal) : session.client.callTool(params, {
      signal, timeout: timeoutMs, resetTimeoutOnProgress: onProgress !== undefined,
      // Its message may echo the server's credentials: redacted as a result is, with the session's secrets (an OAuth token's too).
      onprogress: onProgress && ((progress) => onProgress(redactOnce(request.redaction, secrets, progress))),
      // A 2026-07-28 server's questions go back to our client, not answered here (DESIGN §16).
      allowInputRequired: true,
      // SEP-2243: the session need not have listed the tools to know which arguments go into headers.
      ...(request.inputSchema ? { toolDefinition: { name: request.tool, inputSchema: request.inputSchema as Tool["inputSchema"] } } : {}),
    }));
    if (isInputRequiredResult(answer)) {
      const inputRequired = { inputRequests: answer.inputRequests ?? {}, ...(answer.requestState !== undefined ? { requestState: answer.requestState } : {}) };
      return { kind: "input_required", inputRequired: withoutBearer(inputRequired, authorized) };
    }
    return { kind: "result", result: withoutBearer(toMcpResult(answer), authorized) };
  } catch (error) {
    if (!request.signal?.aborted) {
      const answered = answeredWithError(error);
      if (answered?.kind === "error") {
        return { kind: "failed", failure: { kind: "other" }, reason: withoutBearer(describeFailure(error, {}).reason, authorized), protocolError: withoutBearer(answered.error, authorized) };
      }
      if (answered?.kind === "invalid") {
        return { kind: "result", result: { isError: true, content: [{ type: "text", text: withoutBearer(`The MCP server answered with a result the protocol does not allow: ${answered.reason}`, authorized) }] } };
      }
    }
    await borrowed?.discard(); // a session that failed a call is not trusted with the next one
    const session = borrowed?.session();
    const trace = session?.trace ?? {};
    // DESIGN §17: a refused access token expires its connection; a want of scope asks the next connect for it.
    const refusal = authorized?.bearer && trace.httpFailure ? await noteUpstreamRefusal(request.server, request.environment, authorized.bearer, trace.httpFailure, authorized.person) : null;
    if (refusal) return { kind: "failed", failure: classifyFailure(error, trace, session), reason: refusal, credentialsRefused: true, ...(authorized?.person ? { personalRefusal: true } : {}) };
    return { kind: "failed", failure: classifyFailure(error, trace, session), reason: describeFailure(error, trace, session?.stdio).reason };
  } finally {
    deadline.dispose();
    either?.release();
    request.signal?.removeEventListener("abort", onAbort);
  }
}

/**
 * What the server answered, with the OAuth access token it was sent masked: a careless server may quote it, and the
 * pipeline's redactor knows the blueprint's secrets, not the connection's token (DESIGN §7, §17).
 */
function withoutBearer<T>(value: T, authorized: Authorized | undefined): T {
  return authorized?.bearer ? scrubSecrets(value, [authorized.bearer]) : value;
}

/**
 * The server answered, but not with a result: a JSON-RPC error (the client gets it), or a result the protocol does not
 * allow (the SDK refuses it; the client gets a tool error saying so). Either way the server is up: the call is not
 * repeated and its circuit not tripped.
 */
function answeredWithError(error: unknown): { kind: "error"; error: UpstreamProtocolError } | { kind: "invalid"; reason: string } | undefined {
  if (error instanceof ProtocolError) {
    const { code, data } = error;
    return { kind: "error", error: { code, message: wireMessageOf(error), ...(data !== undefined ? { data } : {}) } };
  }
  if (error instanceof SdkError && error.code === SdkErrorCode.InvalidResult) return { kind: "invalid", reason: error.message };
  return undefined;
}

/** The result in the wire's own field names; a legacy `toolResult` answer becomes one text block. */
function toMcpResult(answer: Record<string, unknown>): McpToolResult {
  if (!Array.isArray(answer.content) && "toolResult" in answer) return { content: [{ type: "text", text: JSON.stringify(answer.toolResult) }] };
  return {
    content: Array.isArray(answer.content) ? (answer.content as Record<string, unknown>[]) : [],
    ...(answer.structuredContent !== undefined ? { structuredContent: answer.structuredContent } : {}),
    ...(answer.isError === true ? { isError: true } : {}),
  };
}

function classifyFailure(error: unknown, trace: McpSession["trace"], session: McpSession | undefined): AttemptFailure {
  if (error instanceof ProbeTimeoutError || isTimeoutError(error)) return { kind: "timeout" };
  if (error instanceof SessionExpiredError) return { kind: "session_expired" };
  if (trace.httpFailure) return { kind: "http", status: trace.httpFailure.status };
  const code = findCode(trace.networkError) ?? findCode(error);
  if (code) return { kind: "connection", code };
  if (session?.stdio?.exit || session?.stdio?.spawnError) return { kind: "connection", code: "process_exited" };
  return { kind: "other" };
}

/** The SDK client's own request timeout (SDK 2.x: SdkError REQUEST_TIMEOUT), should it fire before our deadline. */
function isTimeoutError(error: unknown): boolean {
  return error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout;
}

function findCode(error: unknown, depth = 0): string | undefined {
  if (!(error instanceof Error) || depth > 8) return undefined;
  const code = (error as Error & { code?: unknown }).code;
  if (typeof code === "string" && /^(E[A-Z]+|UND_ERR_[A-Z_]+)$/.test(code)) return code; // Node's and undici's, not the SDK's
  if (error instanceof AggregateError) for (const inner of error.errors) {
    const found = findCode(inner, depth + 1);
    if (found) return found;
  }
  return findCode(error.cause, depth + 1);
}
