import { agentGatewayDeleteOperation, agentGatewayGetOperation, agentGatewayPostOperation, agentProtectedResourceOperation, capabilityGatewayDeleteOperation, capabilityGatewayGetOperation, capabilityGatewayPostOperation, capabilityProtectedResourceOperation } from "../api/mcp-endpoints";
import { handleGatewayRequest } from "../gateway/mcp/handle-gateway-request";
import { protectedResourceMetadata } from "../gateway-oauth/protected-resource";
import { json } from "../http/responses";
import { route } from "../http/route";
import { publicBaseUrl } from "../oauth/client-identity";

/** /mcp/agents/:name — the agent's MCP gateway (streamable HTTP, DESIGN §12); the MCP SDK answers the messages. */
export const agentGatewayPostHandler = route(agentGatewayPostOperation, (context) => handleGatewayRequest({ kind: "agent", name: context.params.name }, context));
export const agentGatewayGetHandler = route(agentGatewayGetOperation, (context) => handleGatewayRequest({ kind: "agent", name: context.params.name }, context));
export const agentGatewayDeleteHandler = route(agentGatewayDeleteOperation, (context) => handleGatewayRequest({ kind: "agent", name: context.params.name }, context));

/** /mcp/capabilities/:name — the capability's MCP gateway (streamable HTTP, DESIGN §12); the MCP SDK answers the messages. */
export const capabilityGatewayPostHandler = route(capabilityGatewayPostOperation, (context) => handleGatewayRequest({ kind: "capability", name: context.params.name }, context));
export const capabilityGatewayGetHandler = route(capabilityGatewayGetOperation, (context) => handleGatewayRequest({ kind: "capability", name: context.params.name }, context));
export const capabilityGatewayDeleteHandler = route(capabilityGatewayDeleteOperation, (context) => handleGatewayRequest({ kind: "capability", name: context.params.name }, context));

/** /.well-known/oauth-protected-resource/mcp/{agents,capabilities}/:name — RFC 9728 metadata of a gateway (DESIGN §18). */
export const agentProtectedResourceHandler = route(agentProtectedResourceOperation, async ({ params, request }) =>
  json(protectedResourceMetadata(publicBaseUrl(request.url), { kind: "agents", name: params.name })));
export const capabilityProtectedResourceHandler = route(capabilityProtectedResourceOperation, async ({ params, request }) =>
  json(protectedResourceMetadata(publicBaseUrl(request.url), { kind: "capabilities", name: params.name })));
