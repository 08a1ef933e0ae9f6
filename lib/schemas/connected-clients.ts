import { z } from "zod";

/** How Patchbay knows an MCP client: by its Client ID Metadata Document (an https URL), or only by what it said when it registered itself (DCR). */
export const CLIENT_KNOWN_BY = ["metadata-document", "self-registered"] as const;

/** One MCP client a person allowed on the consent page (DESIGN §18): the grant, never a token. */
export const connectedClientSchema = z.object({
  grant_id: z.string().describe("what DELETE /api/oauth/clients/{grant_id} revokes"),
  client_id: z.string(),
  client_name: z.string().describe("the name it registered with; for a metadata-document client, its document's host"),
  known_by: z.enum(CLIENT_KNOWN_BY),
  gateways: z.array(z.string()).describe("the gateway URLs its tokens open"),
  granted_at: z.iso.datetime(),
  expires_at: z.iso.datetime(),
  last_used_at: z.iso.datetime().optional().describe("when it last got a token (signed in or refreshed); absent when it never did"),
});
export type ConnectedClient = z.infer<typeof connectedClientSchema>;

export const connectedClientListSchema = z.object({ clients: z.array(connectedClientSchema) });

export const connectedClientParamsSchema = z.object({ grant_id: z.string().min(1).max(200) });
