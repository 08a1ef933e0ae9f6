import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from "@modelcontextprotocol/sdk/types.js";

import type { Principal } from "../../auth/principal";
import { NotFoundError } from "../../errors";
import { runToolCall } from "../run-tool-call";
import { advertisedTools, loadTargetTools } from "../target-tools";
import type { GatewayTarget, UpstreamScope } from "../types";

export type GatewayServerOptions = {
  target: GatewayTarget;
  environment: string;
  /** The target's revision: the version in serverInfo. */
  version: string;
  caller: Principal;
  scope: UpstreamScope;
  /** Told the revision of every tool list the session was sent, so list_changed compares against what it saw. */
  onListed: (revision: string) => void;
};

/**
 * The MCP server one gateway session talks to (DESIGN §12): `tools/list` answers the target's effective tools,
 * `tools/call` runs the call pipeline in the session's upstream scope; `ping` is the SDK's own.
 */
export function createGatewayServer({ target, environment, version, caller, scope, onListed }: GatewayServerOptions): Server {
  const server = new Server({ name: `patchbay/${target.name}`, version }, { capabilities: { tools: { listChanged: true } } });

  server.setRequestHandler(ListToolsRequestSchema, async () => {
    const { tools, revision } = await loadTargetTools(target, environment);
    onListed(revision);
    return { tools: advertisedTools(tools) };
  });

  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    try {
      const answer = await runToolCall({
        target, environment, tool: request.params.name, arguments: request.params.arguments ?? {}, caller, scope,
        context: { session_id: extra.sessionId }, signal: extra.signal,
      });
      return answer.result;
    } catch (error) {
      // An unknown tool is a protocol error (MCP: -32602); anything else says no more than that it failed.
      if (error instanceof NotFoundError) throw new McpError(ErrorCode.InvalidParams, error.message);
      console.error("Patchbay gateway: tools/call failed", error);
      throw new McpError(ErrorCode.InternalError, "The call failed inside Patchbay.");
    }
  });
  return server;
}
