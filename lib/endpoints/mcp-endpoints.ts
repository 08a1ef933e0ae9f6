import { agentGatewayDeleteOperation, agentGatewayGetOperation, agentGatewayPostOperation, capabilityGatewayDeleteOperation, capabilityGatewayGetOperation, capabilityGatewayPostOperation } from "../api/mcp-endpoints";
import { handleGatewayRequest } from "../gateway/mcp/handle-gateway-request";
import { route } from "../http/route";

/** /mcp/agents/:name — the agent's MCP gateway (streamable HTTP, DESIGN §12); the MCP SDK answers the messages. */
export const agentGatewayPostHandler = route(agentGatewayPostOperation, (context) => handleGatewayRequest({ kind: "agent", name: context.params.name }, context));
export const agentGatewayGetHandler = route(agentGatewayGetOperation, (context) => handleGatewayRequest({ kind: "agent", name: context.params.name }, context));
export const agentGatewayDeleteHandler = route(agentGatewayDeleteOperation, (context) => handleGatewayRequest({ kind: "agent", name: context.params.name }, context));

/** /mcp/capabilities/:name — the capability's MCP gateway (streamable HTTP, DESIGN §12); the MCP SDK answers the messages. */
export const capabilityGatewayPostHandler = route(capabilityGatewayPostOperation, (context) => handleGatewayRequest({ kind: "capability", name: context.params.name }, context));
export const capabilityGatewayGetHandler = route(capabilityGatewayGetOperation, (context) => handleGatewayRequest({ kind: "capability", name: context.params.name }, context));
export const capabilityGatewayDeleteHandler = route(capabilityGatewayDeleteOperation, (context) => handleGatewayRequest({ kind: "capability", name: context.params.name }, context));
