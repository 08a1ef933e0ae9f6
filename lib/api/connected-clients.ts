import { connectedClientListSchema, connectedClientParamsSchema } from "../schemas/connected-clients";
import { defineOperation, readOperation } from "./operation";
import { NOT_FOUND } from "./problem-responses";

const tag = "Security";

export const listConnectedClientsOperation = readOperation({
  path: "/api/oauth/clients", tag,
  summary: "The MCP clients the caller allowed on the consent page (DESIGN §18), one per unexpired grant, newest first: who, how Patchbay knows it, which gateways — never a token. Empty for a caller with no account of their own (auth off)",
  responses: { 200: { description: "Connected clients", schema: connectedClientListSchema } },
});

export const revokeConnectedClientOperation = defineOperation({
  method: "DELETE", path: "/api/oauth/clients/{grant_id}", tag, role: "viewer",
  summary: "Revoke one of the caller's own connected clients: the grant and every code, access and refresh token issued under it end at once, at every gateway",
  params: connectedClientParamsSchema,
  responses: { 204: { description: "Revoked" }, ...NOT_FOUND },
});
