import { ApiError, NotFoundError, UnresolvableError } from "../errors";
import { startDeadline } from "../mcp/deadline";
import { describeFailure, type Failure } from "../mcp/describe-failure";
import { listAllTools } from "../mcp/list-tools";
import { openSession } from "../mcp/mcp-session";
import { normalizeToolResult, type NormalizedToolResult } from "../mcp/normalize-content";
import type { OutboundPolicy } from "../mcp/outbound-policy";
import { refuseBeforeConnecting } from "../mcp/refuse-before-connecting";
import type { ResolvedConfig } from "../resolve/types";
import { compileJsonSchema, validateAgainstSchema } from "../schemas/json-schema";

/** `secrets`: the values substituted from secrets, scrubbed from an error body or stderr before either is shortened. */
export type CallToolOptions = { timeoutMs: number; policy: OutboundPolicy; stdioAllow: readonly string[]; secrets: readonly string[] };

/** The server could not be asked: refused before connecting (422) or it failed to answer (502). */
export class ToolCallFailedError extends ApiError {
  constructor(readonly failure: Failure) {
    const isRefused = failure.status === "skipped" || failure.status === "unknown";
    super(isRefused ? 422 : 502, isRefused ? "tool-call-refused" : "upstream-failed",
      isRefused ? "Tool call refused" : "MCP server did not answer", failure.reason, undefined,
      { health_status: failure.status, reason: failure.reason });
  }
}

/**
 * Calls one tool (POST /api/mcp-servers/:name/tools/:tool/call). Connects like the probe and lists the tools; the
 * arguments are validated against the tool's input schema before anything is sent (422 with `/arguments/...`
 * paths; nothing sent), then the result is normalized. An unknown tool is a 404.
 */
export async function callTool(
  config: ResolvedConfig,
  toolName: string,
  args: unknown,
  options: CallToolOptions,
): Promise<NormalizedToolResult & { latency_ms: number }> {
  const refusal = refuseBeforeConnecting(config, options.stdioAllow, options.secrets);
  if (refusal) throw new ToolCallFailedError(refusal);

  const session = openSession(config, options);
  const deadline = startDeadline(options.timeoutMs);
  const startedAt = performance.now();
  try {
    const requestOptions = { signal: deadline.signal, timeout: options.timeoutMs };
    await session.connect(deadline);
    const tools = await deadline.race(listAllTools(session.client, requestOptions));
    const tool = tools.find((candidate) => candidate.name === toolName);
    if (!tool) throw new NotFoundError(`The server offers no tool named '${toolName}'.`);

    refuseUnusableSchema(toolName, tool.input_schema);
    const candidate = structuredClone(args ?? {}); // validation fills in defaults; the caller's object stays as given
    const errors = validateAgainstSchema(tool.input_schema, candidate);
    if (errors.length > 0) {
      throw new UnresolvableError(`The arguments do not match the input schema of tool '${toolName}'.`,
        errors.map((error) => ({ path: `/arguments${error.path}`, message: error.message })));
    }

    const params = { name: toolName, arguments: candidate as Record<string, unknown> };
    const result = await deadline.race(session.client.callTool(params, requestOptions));
    return { ...normalizeToolResult(result), latency_ms: Math.round(performance.now() - startedAt) };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ToolCallFailedError(describeFailure(error, session.trace, session.stdio));
  } finally {
    deadline.dispose();
    await session.close({ endSession: true });
  }
}

/** A remote tool's input schema is untrusted: one RE2 cannot run (lookaround, backreferences) refuses the call. */
function refuseUnusableSchema(toolName: string, schema: Record<string, unknown>): void {
  try {
    compileJsonSchema(schema);
  } catch (error) {
    throw new UnresolvableError(`The input schema of tool '${toolName}' cannot be used: ${(error as Error).message}`,
      [{ path: "/arguments", message: `the tool's input schema cannot be used: ${(error as Error).message}` }]);
  }
}
