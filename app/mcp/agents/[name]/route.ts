import { agentGatewayDeleteOperation, agentGatewayGetOperation, agentGatewayPostOperation } from "@/lib/api/mcp-endpoints";
import { handleGatewayRequest } from "@/lib/gateway/mcp/handle-gateway-request";
import { route } from "@/lib/http/route";

/** /mcp/agents/:name — the agent's MCP gateway (streamable HTTP, DESIGN §12); the MCP SDK answers the messages. */
export const POST = route(agentGatewayPostOperation, (context) => handleGatewayRequest({ kind: "agent", name: context.params.name }, context));
export const GET = route(agentGatewayGetOperation, (context) => handleGatewayRequest({ kind: "agent", name: context.params.name }, context));
export const DELETE = route(agentGatewayDeleteOperation, (context) => handleGatewayRequest({ kind: "agent", name: context.params.name }, context));
