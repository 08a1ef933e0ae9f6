import type { Principal } from "../auth/principal";
import { assertKnownEnvironment } from "../registry/known-environments";
import { ApiError, ForbiddenError, InvalidInputError } from "../errors";
import type { InvokeBody, InvokeResponse } from "../schemas/invoke";
import { resolveActionServer } from "../registry/action-server";
import { assertMayUseTarget } from "./agent-users";
import { runToolCall } from "./run-tool-call";
import type { CallTarget, ToolCallAnswer } from "./types";
import { openUpstreamScope } from "./upstream-scope";

export type InvokeAnswer = { status: 200; body: InvokeResponse } | { status: 202; body: { approval: { id: string; state: string }; detail: string } };

/**
 * POST /api/invoke (seed 001, DESIGN §12): one call through the call pipeline in an upstream scope of its own
 * (its stdio servers stop when the request ends), answered in seed 001's unified shape. Refusals and failures
 * are problem+json: 400 invalid input (/input/… paths), 403 denied, 404 unknown action, 502, 503 + Retry-After, 504.
 * An agent listing `users` refuses the people it does not name (403), as its gateway does. Without agent or capability, `plugin.action` calls tool `action` of server `plugin` (DESIGN §19), under that
 * server's tool_policy and resilience like any other call.
 * A `per_user` server is called with the caller's own connection; without one, 409 naming where to connect (DESIGN §17).
 */
export async function invoke(body: InvokeBody, caller: Principal, { signal, baseUrl }: { signal?: AbortSignal; baseUrl: string }): Promise<InvokeAnswer> {
  await assertKnownEnvironment(body.environment);
  const target = await targetOf(body);
  await assertMayUseTarget(target, caller);
  const scope = openUpstreamScope();
  try {
    const answer = await runToolCall({
      target, environment: body.environment, tool: body.action, arguments: body.input, caller,
      context: body.context, scope, signal, baseUrl,
    });
    return toInvokeAnswer(answer);
  } finally {
    await scope.close();
  }
}

async function targetOf(body: InvokeBody): Promise<CallTarget> {
  if (body.agent !== undefined) return { kind: "agent", name: body.agent };
  if (body.capability !== undefined) return { kind: "capability", name: body.capability };
  return { kind: "server", name: await resolveActionServer(body.action) };
}

function toInvokeAnswer(answer: ToolCallAnswer): InvokeAnswer {
  const detail = answer.result.content.map((block) => (typeof block.text === "string" ? block.text : "")).join("\n");
  switch (answer.outcome) {
    case "ok":
    case "tool_error":
      return { status: 200, body: unified(answer) };
    case "awaiting_approval":
      return { status: 202, body: { approval: answer.approval!, detail } };
    case "denied":
      if (answer.invalid_arguments) throw new InvalidInputError(detail, answer.invalid_arguments.map((error) => ({ path: `/input${error.path}`, message: error.message })));
      throw new ForbiddenError(detail);
    case "upstream_error":
      throw new ApiError(502, "upstream-failed", "MCP server did not answer", detail);
    case "input_required":
      if (answer.connect_required) {
        const { server, environment, url, message } = answer.connect_required;
        throw new ApiError(409, "connect-required", "Connect your account first", message, undefined, { server, environment, connect_url: url });
      }
      // Only an MCP client can answer an upstream's questions (sampling, elicitation, roots): the gateway relays them, /api/invoke cannot.
      throw new ApiError(502, "upstream-input-required", "MCP server asked for input", "The MCP server asked the caller for input (elicitation, sampling or roots); call this tool through the gateway (/mcp/…) to answer it.");
    case "timeout":
      throw new ApiError(504, "upstream-timeout", "MCP server did not answer in time", detail);
    case "circuit_open":
      throw new ApiError(503, "circuit-open", "Circuit open", detail, undefined, { retry_after_s: answer.retry_after_s },
        { "Retry-After": String(answer.retry_after_s ?? 1) });
  }
}

/** Seed 001's `type`: one text block → text; one image or audio block → that type in base64; anything else → the MCP result. */
function unified(answer: ToolCallAnswer): InvokeResponse {
  const metadata = { provider: answer.server!, latency_ms: answer.latency_ms, attempts: answer.attempts, trace_id: answer.trace_id };
  const blocks = answer.result.content;
  const only = blocks.length === 1 && !answer.result.isError ? blocks[0] : undefined;
  if (only?.type === "text" && typeof only.text === "string") return { type: "text", content: only.text, mime_type: "text/plain", metadata, stream: false };
  if ((only?.type === "image" || only?.type === "audio") && typeof only.data === "string") {
    return { type: only.type, content: only.data, mime_type: typeof only.mimeType === "string" ? only.mimeType : "application/octet-stream", metadata, stream: false };
  }
  return { type: "tool_result", content: answer.result, mime_type: "application/json", metadata, stream: false };
}
