import { z } from "zod";

import { documentNameParamsSchema } from "../schemas/document";
import { healthEnvironmentQuerySchema } from "../schemas/health";
import { defineOperation, type HttpMethod, type Operation } from "./operation";
import { NOT_FOUND, problemResponse } from "./problem-responses";

const tag = "Gateway";
const params = documentNameParamsSchema;
const query = healthEnvironmentQuerySchema;

/** A JSON-RPC message of the MCP streamable HTTP transport (the SDK parses and answers it, not zod). */
const jsonRpcSchema = z.looseObject({ jsonrpc: z.literal("2.0") });

const protectedResourceMetadataSchema = z.object({
  resource: z.string(),
  authorization_servers: z.array(z.string()),
  scopes_supported: z.array(z.string()),
  bearer_methods_supported: z.array(z.string()),
  resource_name: z.string(),
});

const TRANSPORT = {
  400: { description: "A JSON-RPC error: malformed message, a batch (−32600: batches are refused), no `Mcp-Session-Id` where one is needed, or a request before `initialize`", schema: jsonRpcSchema },
  401: problemResponse("No or an unknown bearer token, or an access token issued for another resource; `WWW-Authenticate` names the protected-resource metadata (RFC 9728)"),
  403: problemResponse("Not a runner (or admin) token, or a foreign Origin"),
  406: { description: "The Accept header must admit the transport's media types", schema: jsonRpcSchema },
  ...NOT_FOUND,
};

/**
 * The MCP endpoints of DESIGN §12: streamable HTTP (MCP 2025-11-25) serving a target's effective tools. Not REST:
 * the bodies are JSON-RPC, answered by the MCP SDK; the table lists them so the role check, the rate budget and
 * this document stay one. A 404 also answers an `Mcp-Session-Id` that names no open session of this caller.
 */
function gatewayOperations(kind: "agents" | "capabilities") {
  const path = `/mcp/${kind}/{name}`;
  const noun = kind === "agents" ? "agent" : "capability";
  const define = (method: HttpMethod, summary: string, responses: Operation["responses"], rateLimit: Operation["rateLimit"]) =>
    defineOperation({ method, path, tag, role: "runner", params, query, rateLimit, refusesForeignOrigin: true, admitsListedOrigins: true, protectedResource: true, summary, responses: { ...responses, ...TRANSPORT } });
  return {
    post: define("POST", `MCP messages to the ${noun}'s gateway: \`initialize\` opens a session (\`?environment=\` fixes its environment; serverInfo \`patchbay/<name>\`, version its revision), then \`tools/list\` (the effective tools, \`alias.tool\` and virtual names), \`tools/call\` (the call pipeline) and \`ping\` with \`Mcp-Session-Id\`. Spends the runner call budget`, {
      200: { description: "The JSON-RPC answer, as JSON or as a server-sent event stream", schema: jsonRpcSchema },
      202: { description: "A notification or response was accepted" },
      413: problemResponse("The body is over 4 MiB (counted as it arrives; refused before it is parsed)"),
    }, "calls"),
    get: define("GET", `The session's server-sent event stream: \`notifications/tools/list_changed\` when the ${noun}'s effective tools change`, {
      200: { description: "An event stream", contentType: "text/event-stream", schema: z.string() },
    }, "none"),
    delete: define("DELETE", "Ends the session named by `Mcp-Session-Id`, and stops the stdio servers it started", {
      200: { description: "The session ended" },
    }, "none"),
  };
}

/** RFC 9728: what a client reads before it signs in to a gateway (DESIGN §18). Public, and the same for any name: it does not tell whether an agent exists. */
function protectedResourceOperation(kind: "agents" | "capabilities") {
  return defineOperation({
    method: "GET", path: `/.well-known/oauth-protected-resource/mcp/${kind}/{name}`, tag, role: "public", rateLimit: "none", params,
    summary: `OAuth protected-resource metadata of the ${kind === "agents" ? "agent" : "capability"}'s gateway: its URL as the \`resource\`, Patchbay's authorization server, the \`mcp\` scope`,
    responses: { 200: { description: "The metadata", schema: protectedResourceMetadataSchema } },
  });
}

export const agentProtectedResourceOperation = protectedResourceOperation("agents");
export const capabilityProtectedResourceOperation = protectedResourceOperation("capabilities");

const agents = gatewayOperations("agents");
const capabilities = gatewayOperations("capabilities");

export const agentGatewayPostOperation = agents.post;
export const agentGatewayGetOperation = agents.get;
export const agentGatewayDeleteOperation = agents.delete;
export const capabilityGatewayPostOperation = capabilities.post;
export const capabilityGatewayGetOperation = capabilities.get;
export const capabilityGatewayDeleteOperation = capabilities.delete;
