import { NotFoundError } from "../errors";
import { getProbeSettings } from "../health/probe-settings";
import { refuseBeforeConnecting } from "../mcp/refuse-before-connecting";
import { connectMessage, connectPageUrl } from "../oauth/connect-page";
import { connectionPerson } from "../oauth/oauth-store";
import { cloneJson } from "../resolve/clone-json";
import { upstreamCall, type EffectiveTool } from "../resolve/effective-tools";
import { project } from "../resolve/tool-projection";
import type { ResolvedConfig } from "../resolve/types";
import { compileJsonSchema, validateAgainstSchema } from "../schemas/json-schema";
import { activeTraceId, contextForTraceId, newTraceId, withSpan } from "../telemetry/spans";
import { jcsSha256 } from "../tools/fingerprint";
import { callUpstream } from "./call-upstream";
import { circuitOpenText } from "./circuits";
import { logCall } from "./log-call";
import { gatePolicyAndApproval } from "./policy-gate";
import { createRedactor, type Redactor } from "./redact";
import { resilienceSettings } from "./resilience";
import { loadTargetConfigs } from "./target-configs";
import { loadTargetTools } from "./target-tools";
import type { CallOutcome, McpToolResult, ToolCallAnswer, ToolCallRequest } from "./types";

/**
 * Runs one tool call of a gateway target through the call pipeline, in DESIGN §12's order: find the tool → inject
 * its hidden defaults → policy of the upstream tool → approval → drift gate → refuse an unusable input schema →
 * validate the arguments → call upstream (pooled session, timeout, retries, circuit breaker) → project → redact.
 * Every refusal is an answer with a tool-error result; every answer is logged and counted. An unknown tool is a
 * NotFoundError.
 */
export function runToolCall(request: ToolCallRequest): Promise<ToolCallAnswer> {
  const given = request.context?.trace_id;
  const attributes = { "patchbay.target": `${request.target.kind} ${request.target.name}`, "patchbay.tool": request.tool };
  // While tracing, the call is a span of the caller's trace (seed 001's context.trace_id) and the log names that trace.
  return withSpan("patchbay.tool_call", attributes, () => {
    const trace_id = activeTraceId() ?? (typeof given === "string" && given !== "" ? given : newTraceId());
    return runPipeline(request, trace_id);
  }, contextForTraceId(given));
}

async function runPipeline(request: ToolCallRequest, trace_id: string): Promise<ToolCallAnswer> {
  const startedAt = performance.now();
  const targets = await loadTargetTools(request.target, request.environment);
  const { environment } = targets;
  const withheld = targets.withheld?.find((entry) => entry.tool.name === request.tool);
  const tool = targets.tools.find((candidate) => candidate.name === request.tool) ?? withheld?.tool;
  const log = async (outcome: CallOutcome, fields: { server?: string; attempts: number; argumentsHash: string }) => {
    const latency_ms = Math.round(performance.now() - startedAt);
    // The row is written behind the answer (a failed write is logged, never the call's failure); a reader of the log on this instance sees it at once.
    await logCall({
      at: new Date(), agent: request.target.kind === "agent" ? request.target.name : null, capability: request.target.kind === "capability" ? request.target.name : null,
      tool: request.tool, server: fields.server ?? null, environment, caller: request.caller.name, latency_ms, attempts: fields.attempts,
      outcome, arguments_hash: fields.argumentsHash, trace_id,
    });
    return latency_ms;
  };
  if (!tool) {
    throw new NotFoundError(`${request.target.kind} '${request.target.name}' has no tool '${request.tool}' in environment '${environment}'.`);
  }

  const call = upstreamCall(tool, request.arguments);
  const argumentsHash = jcsSha256(call.arguments);
  const configs = await loadTargetConfigs(request.target, environment);
  const server = configs.server(call.server);
  if (!server) throw new NotFoundError(`MCP server '${call.server}' does not exist.`);
  const blueprint = configs.blueprint(request.context);
  const secrets = blueprint.sensitiveValues[tool.origin.alias] ?? [];
  const redact = createRedactor(server.redaction, secrets);
  const answer = async (outcome: CallOutcome, result: McpToolResult, extra: Partial<ToolCallAnswer> = {}): Promise<ToolCallAnswer> => {
    const attempts = extra.attempts ?? 0;
    const redacted = redact(result);
    const latency_ms = await log(outcome, { server: call.server, attempts, argumentsHash });
    return { outcome, result: redacted, server: call.server, environment, latency_ms, trace_id, ...extra, attempts };
  };
  const config = blueprint.mcpServers[tool.origin.alias] as ResolvedConfig;
  try {
    const refusal = await gatePolicyAndApproval(server.tool_policy, {
      server: call.server, environment, upstreamTool: call.tool, arguments: call.arguments, context: request.context ?? {}, caller: request.caller,
      destination: { config, sensitiveValues: blueprint.sensitiveValues[tool.origin.alias] ?? [] },
    });
    if (refusal) return await answer(refusal.outcome, toolError(refusal.text), refusal.outcome === "awaiting_approval" ? { approval: refusal.approval } : {});
    if (withheld) return await answer("denied", toolError(`Withheld by the drift gate: ${withheld.reason}.`));

    const unusable = unusableSchemaReason(tool);
    if (unusable) return await answer("denied", toolError(unusable));
    // Validation fills in defaults: it gets a copy (the arguments are parsed JSON, so a JSON copy is a whole one).
    const invalid = validateAgainstSchema(tool.input_schema, cloneJson(request.arguments));
    if (invalid.length > 0) {
      const lines = invalid.map((error) => `${error.path || "/"}: ${error.message}`).join("; ");
      return await answer("denied", toolError(`The arguments do not match the input schema of tool '${request.tool}': ${lines}`), { invalid_arguments: invalid });
    }

    const { policy, stdioAllow } = getProbeSettings();
    // Unresolved placeholders, or a stdio command line outside PATCHBAY_STDIO_ALLOW (DESIGN §7): nothing is started.
    const refused = refuseBeforeConnecting(config, stdioAllow);
    if (refused) return await answer("upstream_error", toolError(`MCP server '${call.server}' cannot be called: ${refused.reason}`));
    const upstream = await callUpstream({
      server: call.server, environment, config, tool: call.tool, arguments: call.arguments, annotations: tool.annotations, auth: server.auth, person: connectionPerson(request.caller),
      // A base tool's schema is the upstream's (less hidden arguments); a virtual tool's is its own, not the upstream's.
      inputSchema: tool.origin.chain.length === 0 ? tool.input_schema : undefined,
      settings: resilienceSettings(server.resilience), scope: request.scope, policy, secrets, redaction: server.redaction, signal: request.signal,
      profile: request.relay?.profile, onProgress: request.relay?.onProgress, resume: request.relay?.resume,
    });
    // What the upstream asks and its errors reach the client like its results: redacted, its secrets scrubbed.
    if (upstream.kind === "connect_required") {
      const url = connectPageUrl(request.baseUrl, call.server, environment);
      const message = connectMessage(call.server, environment, url);
      return await answer("input_required", toolError(message), { connect_required: { server: call.server, environment, url, message } });
    }
    if (upstream.kind === "input_required") return await answer("input_required", { content: [] }, { attempts: upstream.attempts, input_required: redact(upstream.inputRequired) });
    if (upstream.kind === "circuit_open") {
      return await answer("circuit_open", toolError(circuitOpenText(call.server, upstream.retryAfterS)), { retry_after_s: upstream.retryAfterS });
    }
    if (upstream.kind === "failed") {
      // A refusal of its OAuth credentials says in a whole sentence what the server wants (upstream-refusal.ts).
      const text = upstream.credentialsRefused ? upstream.reason
        : upstream.outcome === "timeout" ? `MCP server '${call.server}' did not answer in time: ${upstream.reason}` : `MCP server '${call.server}' did not answer: ${upstream.reason}`;
      return await answer(upstream.outcome, toolError(text), { attempts: upstream.attempts, ...(upstream.protocolError ? { upstream_error: redact(upstream.protocolError) } : {}) });
    }
    const projected = tool.projection ? (project(upstream.result as never, tool.projection) as McpToolResult) : upstream.result;
    return await answer(upstream.result.isError ? "tool_error" : "ok", projected, { attempts: upstream.attempts });
  } finally {
    (redact as Redactor & { release(): void }).release();
  }
}

/** DESIGN §11: a remote tool whose input schema has a pattern the safe engine cannot run is refused, naming it. */
function unusableSchemaReason(tool: EffectiveTool): string | null {
  try {
    compileJsonSchema(tool.input_schema);
    return null;
  } catch (error) {
    return `Tool '${tool.name}' has an unsupported_schema: ${(error as Error).message}.`;
  }
}

function toolError(text: string): McpToolResult {
  return { isError: true, content: [{ type: "text", text }] };
}
