import { capabilityGatewayDeleteOperation, capabilityGatewayGetOperation, capabilityGatewayPostOperation } from "@/lib/api/mcp-endpoints";
import { handleGatewayRequest } from "@/lib/gateway/mcp/handle-gateway-request";
import { route } from "@/lib/http/route";

/** /mcp/capabilities/:name — the capability's MCP gateway (streamable HTTP, DESIGN §12); the MCP SDK answers the messages. */
export const POST = route(capabilityGatewayPostOperation, (context) => handleGatewayRequest({ kind: "capability", name: context.params.name }, context));
export const GET = route(capabilityGatewayGetOperation, (context) => handleGatewayRequest({ kind: "capability", name: context.params.name }, context));
export const DELETE = route(capabilityGatewayDeleteOperation, (context) => handleGatewayRequest({ kind: "capability", name: context.params.name }, context));
