import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from "@modelcontextprotocol/sdk/types.js";

import type { Principal } from "../../auth/principal";
import { NotFoundError } from "../../errors";
import { runToolCall } from "../run-tool-call";
import { advertisedTools, loadTargetTools } from "../target-tools";
import type { GatewayTarget, McpToolResult, UpstreamScope } from "../types";

/** Who a session's calls run for, and where its stdio upstreams live. */
export type GatewayCallContext = { target: GatewayTarget; environment: string; caller: Principal; scope: UpstreamScope; sessionId: () => string | undefined };

export type GatewayServerOptions = GatewayCallContext & {
  /** The target's revision: the version in serverInfo. */
  version: string;
  /** Told the revision of every tool list the session was sent, so list_changed compares against what it saw. */
  onListed: (revision: string) => void;
};

/**
 * The MCP server one gateway session talks to (DESIGN §12): `tools/list` answers the target's effective tools,
 * `tools/call` runs the call pipeline in the session's upstream scope; `ping` is the SDK's own.
 */
export function createGatewayServer(options: GatewayServerOptions): Server {
  const { target, environment, version, onListed } = options;
  const server = new Server({ name: `patchbay/${target.name}`, version }, { capabilities: { tools: { listChanged: true } } });

  server.setRequestHandler(ListToolsRequestSchema, async () => {
    const { tools, revision } = await loadTargetTools(target, environment);
    onListed(revision);
    return { tools: advertisedTools(tools) };
  });
  server.setRequestHandler(CallToolRequestSchema, (request, extra) => callGatewayTool(options, request.params, extra.signal));
  return server;
}

/**
 * A session's `tools/call`: the pipeline's result, or the McpError the client is sent. An unknown tool is a protocol
 * error (MCP: -32602); anything else says no more than that the call failed.
 */
export async function callGatewayTool(context: GatewayCallContext, params: { name: string; arguments?: Record<string, unknown> }, signal: AbortSignal): Promise<McpToolResult> {
  try {
    const answer = await runToolCall({
      target: context.target, environment: context.environment, tool: params.name, arguments: params.arguments ?? {},
      caller: context.caller, scope: context.scope, context: { session_id: context.sessionId() }, signal,
    });
    return answer.result;
  } catch (error) {
    if (error instanceof NotFoundError) throw new McpError(ErrorCode.InvalidParams, error.message);
    console.error("Patchbay gateway: tools/call failed", error);
    throw new McpError(ErrorCode.InternalError, "The call failed inside Patchbay.");
  }
}
