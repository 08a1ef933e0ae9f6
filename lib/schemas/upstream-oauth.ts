import { z } from "zod";

import { environmentNameSchema } from "./common";

export const oauthConnectBodySchema = z.strictObject({
  environment: environmentNameSchema.optional().describe("the environment to connect in (default: the registry's own)"),
});

export const oauthEnvironmentQuerySchema = z.strictObject({ environment: environmentNameSchema.optional() });

/** What the authorization server sends the browser back with (RFC 6749 §4.1.2, RFC 9207); other parameters are ignored. */
export const oauthCallbackQuerySchema = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  iss: z.string().max(2048).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(2048).optional(),
});

export const oauthAuthorizationSchema = z.object({ authorization_url: z.string().describe("where to send the browser to sign in and consent") });

export const oauthConnectionSchema = z.object({
  environment: z.string(),
  mode: z.enum(["shared", "per_user"]),
  status: z.enum(["connected", "expired", "refused", "never"]),
  scopes: z.array(z.string()),
  expires_at: z.string().nullable().describe("when the access token expires (it is refreshed before it is used past that)"),
  connected_by: z.string().nullable(),
  connected_at: z.string().nullable(),
  reason: z.string().nullable().describe("why the status is what it is: a refused consent, a wrong issuer, a refresh that failed"),
  step_up_scopes: z.array(z.string()).describe("scopes the server asked for beyond those granted (insufficient_scope): connecting again asks for them too"),
});

export const oauthConnectionsSchema = z.object({ connections: z.array(oauthConnectionSchema) });

export const oauthDisconnectedSchema = z.object({ revoked: z.boolean().describe("the authorization server took the revocation (RFC 7009); false when it offers none") });

export const clientMetadataDocumentSchema = z.object({ client_id: z.string(), redirect_uris: z.array(z.string()) }).passthrough();
