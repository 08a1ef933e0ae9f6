import { z } from "zod";

import { ENV_VAR_PATTERN } from "./placeholders";

/** A whole `${VAR}` reference: the client secret of a pre-registered OAuth client is never written into a definition. */
const SECRET_REFERENCE = new RegExp(`^${ENV_VAR_PATTERN.source}$`);

/**
 * A pre-registered OAuth client (DESIGN §17): used instead of Patchbay's Client ID Metadata Document or Dynamic
 * Client Registration. Its secret is a `${VAR}` reference to a registry secret, resolved per environment.
 */
export const oauthClientSchema = z.strictObject({
  client_id: z.string().min(1).max(500),
  client_secret: z.string().regex(SECRET_REFERENCE, "must be a ${VAR} reference to a secret variable, never the secret itself").optional(),
  token_endpoint_auth_method: z.enum(["none", "client_secret_basic", "client_secret_post"]).optional(),
});

export type OAuthClient = z.infer<typeof oauthClientSchema>;

/**
 * How Patchbay signs in to the server (seed 004, DESIGN §17). `none`: it does not; `oauth`: Patchbay holds an OAuth
 * connection per environment (`shared`, the default) or per person (`per_user`) and sends its access token.
 */
export const serverAuthSchema = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("none") }),
  z.strictObject({
    type: z.literal("oauth"),
    mode: z.enum(["shared", "per_user"]).optional(),
    scopes: z.array(z.string().min(1).max(200).regex(/^[\x21\x23-\x5b\x5d-\x7e]+$/, "must be one scope token (no spaces or quotes)")).max(50).optional(),
    client: oauthClientSchema.optional(),
  }),
]);

export type ServerAuth = z.infer<typeof serverAuthSchema>;
export type OAuthServerAuth = Extract<ServerAuth, { type: "oauth" }>;
