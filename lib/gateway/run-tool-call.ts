import { randomUUID } from "node:crypto";

import { NotFoundError } from "../errors";
import { callTool, ToolCallFailedError } from "../health/call-tool";
import { getProbeSettings } from "../health/probe-settings";
import { upstreamCall } from "../resolve/effective-tools";
import { scrubSecrets } from "../resolve/scrub";
import { project } from "../resolve/tool-projection";
import type { ResolvedConfig } from "../resolve/types";
import { resolveTargetConfigs } from "./target-configs";
import { loadTargetTools } from "./target-tools";
import type { McpToolResult, ToolCallAnswer, ToolCallRequest } from "./types";

/**
 * Runs one tool call of a gateway target (DESIGN §12). First cut: finds the effective tool, injects its hidden
 * defaults, resolves its server's config, calls upstream in a session of its own, projects and scrubs. The
 * full pipeline (policy, approval, drift gate, pooled sessions, resilience, redaction, call log) replaces it.
 * An unknown tool is a NotFoundError.
 */
export async function runToolCall(request: ToolCallRequest): Promise<ToolCallAnswer> {
  const startedAt = performance.now();
  const trace_id = typeof request.context?.trace_id === "string" ? request.context.trace_id : randomUUID().replaceAll("-", "");
  const { environment, tools } = await loadTargetTools(request.target, request.environment);
  const tool = tools.find((candidate) => candidate.name === request.tool);
  if (!tool) throw new NotFoundError(`${request.target.kind} '${request.target.name}' has no tool '${request.tool}' in environment '${environment}'.`);

  const call = upstreamCall(tool, request.arguments);
  const blueprint = await resolveTargetConfigs(request.target, environment, request.context);
  const config = blueprint.mcpServers[tool.origin.alias] as ResolvedConfig;
  const secrets = blueprint.sensitiveValues[tool.origin.alias] ?? [];
  const answer = (outcome: ToolCallAnswer["outcome"], result: McpToolResult): ToolCallAnswer => ({
    outcome, result: scrubSecrets(result, secrets), server: call.server, environment,
    latency_ms: Math.round(performance.now() - startedAt), attempts: 1, trace_id,
  });
  try {
    const { timeoutMs, policy, stdioAllow } = getProbeSettings();
    const normalized = await callTool(config, call.tool, call.arguments, { timeoutMs, policy, stdioAllow });
    const result: McpToolResult = { content: normalized.content, ...(normalized.structured_content !== undefined ? { structuredContent: normalized.structured_content } : {}), ...(normalized.is_error ? { isError: true } : {}) };
    const projected = tool.projection ? (project(result as never, tool.projection) as McpToolResult) : result;
    return answer(projected.isError ? "tool_error" : "ok", projected);
  } catch (error) {
    if (!(error instanceof ToolCallFailedError)) throw error;
    return answer("upstream_error", { isError: true, content: [{ type: "text", text: `MCP server '${call.server}' did not answer: ${error.failure.reason}` }] });
  }
}
