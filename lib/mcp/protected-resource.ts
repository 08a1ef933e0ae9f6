import { discoverOAuthProtectedResourceMetadata, extractWWWAuthenticateParams } from "@modelcontextprotocol/client";

import type { HttpFailure } from "./fetch-trace";
import type { OutboundPolicy } from "./outbound-policy";
import { createSafeFetch } from "./safe-fetch";
import type { AuthInfo } from "./types";

export type ProtectedResourceOptions = { policy: OutboundPolicy; timeoutMs: number; signal?: AbortSignal };

/**
 * RFC 9728 protected-resource metadata for a server that answered 401/403: the document named by
 * `resource_metadata` in `WWW-Authenticate`, else the well-known path derived from the server's URL. Fetched
 * under the outbound policy with none of the server's headers (it is public by definition). Null when there is
 * none or it cannot be read: the status stays `auth_required` either way.
 */
export async function readProtectedResource(serverUrl: string, failure: HttpFailure, options: ProtectedResourceOptions): Promise<AuthInfo | null> {
  const challenge = failure.wwwAuthenticate ? extractWWWAuthenticateParams(new Response(null, { headers: { "www-authenticate": failure.wwwAuthenticate } })) : {};
  const metadataUrl = challenge.resourceMetadataUrl;
  const safeFetch = createSafeFetch(options.policy, { timeoutMs: options.timeoutMs, crossOriginRedirects: "strip-headers" });
  const fetchFn = (url: string | URL, init?: RequestInit) => safeFetch(url, { ...init, signal: options.signal });
  try {
    const metadata = await discoverOAuthProtectedResourceMetadata(serverUrl, metadataUrl ? { resourceMetadataUrl: metadataUrl } : {}, fetchFn);
    return {
      resource_metadata_url: metadataUrl?.href ?? null,
      authorization_servers: metadata.authorization_servers ?? [],
      scopes_supported: metadata.scopes_supported ?? [],
    };
  } catch {
    return null;
  }
}
