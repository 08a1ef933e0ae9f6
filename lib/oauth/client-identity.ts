import {
  isHttpsUrl, registerClient, type AuthorizationServerMetadata, type FetchLike, type OAuthClientInformationMixed, type OAuthClientMetadata,
} from "@modelcontextprotocol/client";

import { getConfig } from "../env";
import { UnresolvableError, UpstreamOAuthError } from "../errors";
import type { ResolveContext } from "../resolve/types";
import type { OAuthServerAuth } from "../schemas/server-auth";

export const CALLBACK_PATH = "/oauth/callback";
export const CLIENT_METADATA_PATH = "/.well-known/oauth-client/patchbay.json";

/** Where Patchbay is reached by browsers and authorization servers: PATCHBAY_PUBLIC_URL, else the origin asked. */
export function publicBaseUrl(requestUrl: string): string {
  const configured = getConfig().PATCHBAY_PUBLIC_URL;
  return (configured ?? new URL(requestUrl).origin).replace(/\/+$/, "");
}

/** Patchbay's Client ID Metadata Document (CIMD): its URL is its client_id. */
export function clientMetadataDocument(baseUrl: string): OAuthClientMetadata & { client_id: string } {
  return {
    client_id: `${baseUrl}${CLIENT_METADATA_PATH}`,
    ...clientMetadata(baseUrl),
  };
}

function clientMetadata(baseUrl: string): OAuthClientMetadata {
  return {
    client_name: "Patchbay",
    client_uri: baseUrl,
    redirect_uris: [`${baseUrl}${CALLBACK_PATH}`],
    grant_types: ["authorization_code", "refresh_token"],
    response_types: ["code"],
    token_endpoint_auth_method: "none",
    application_type: "web",
  };
}

export type IdentityInput = {
  serverName: string; auth: OAuthServerAuth; context: ResolveContext; baseUrl: string; authorizationServerUrl: string;
  metadata: AuthorizationServerMetadata | undefined; scope: string | undefined; fetchFn: FetchLike;
  /** A client registered earlier with this authorization server (DCR), reused rather than registered again. */
  registered: OAuthClientInformationMixed | null;
};

/**
 * Who Patchbay is to the authorization server (DESIGN §17): the pre-registered `auth.client` when there is one,
 * else its Client ID Metadata Document where the server takes one (and Patchbay's URL is https), else Dynamic
 * Client Registration.
 */
export async function clientIdentity(input: IdentityInput): Promise<OAuthClientInformationMixed> {
  const { auth, metadata } = input;
  if (auth.client) return configuredClient(input);

  const documentUrl = `${input.baseUrl}${CLIENT_METADATA_PATH}`;
  if (metadata?.client_id_metadata_document_supported === true && isHttpsUrl(documentUrl)) return { client_id: documentUrl };
  if (input.registered && isRegisteredFor(input.registered, input.scope)) return input.registered;
  if (!metadata?.registration_endpoint) {
    throw new UpstreamOAuthError(`The authorization server ${input.authorizationServerUrl} offers neither Client ID Metadata Documents (for an https PATCHBAY_PUBLIC_URL) nor Dynamic Client Registration: configure auth.client.`);
  }
  try {
    return await registerClient(input.authorizationServerUrl, { metadata, clientMetadata: clientMetadata(input.baseUrl), scope: input.scope, fetchFn: input.fetchFn });
  } catch (error) {
    throw new UpstreamOAuthError(`Dynamic Client Registration at ${input.authorizationServerUrl} failed: ${(error as Error).message.slice(0, 300)}`);
  }
}

/**
 * Whether a client registered earlier may ask for `scope`: a registration that named its scopes (RFC 7591 `scope`)
 * is bound to them, so a step-up beyond them registers again.
 */
function isRegisteredFor(registered: OAuthClientInformationMixed, scope: string | undefined): boolean {
  const allowed = (registered as { scope?: string }).scope;
  if (!allowed || !scope) return true;
  const granted = new Set(allowed.split(" "));
  return scope.split(" ").filter(Boolean).every((wanted) => granted.has(wanted));
}

/**
 * What a token request sends of the client's secret, for scrubbing what an authorization server quotes back
 * (DESIGN §14): the secret (its encoded and base64 forms are the scrubber's), and `client_id:client_secret`, whose
 * base64 is the client_secret_basic credential.
 */
export function clientSecretsOf(client: OAuthClientInformationMixed | null | undefined): string[] {
  if (!client?.client_secret) return [];
  return [client.client_secret, `${client.client_id}:${client.client_secret}`];
}

/** The configured client; its secret is the value of the `${VAR}` it names, which must be a secret scoped to this server. */
function configuredClient({ serverName, auth, context }: IdentityInput): OAuthClientInformationMixed {
  const client = auth.client!;
  const base = { client_id: client.client_id, ...(client.token_endpoint_auth_method ? { token_endpoint_auth_method: client.token_endpoint_auth_method } : {}) };
  if (!client.client_secret) return base;
  const name = client.client_secret.slice(2, -1);
  const binding = context.variables.get(name);
  const path = "/auth/client/client_secret";
  if (!binding || binding.value === undefined) throw new UnresolvableError(`The client secret \${${name}} has no value in environment '${context.environment}'.`, [{ path, message: `\${${name}} is not set` }]);
  if (!binding.secret || !binding.scope?.servers?.includes(serverName)) {
    throw new UnresolvableError(`The client secret must be a secret variable scoped to server '${serverName}'.`, [{ path, message: `\${${name}} is not a secret scoped to '${serverName}'` }]);
  }
  return { ...base, client_secret: binding.value };
}
