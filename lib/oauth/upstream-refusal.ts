import { extractWWWAuthenticateParams } from "@modelcontextprotocol/client";

import type { HttpFailure } from "../mcp/fetch-trace";
import { askStepUp, expireConnection, findConnectionKey, readConnection, splitScopes } from "./oauth-store";
import { forgetCachedAuthorization } from "./upstream-bearer";

/** How much of the server's `error_description` a reason keeps. */
const DESCRIPTION_CHARS = 200;

/**
 * What an OAuth server's refusal of the access token Patchbay sent means for its connection (DESIGN §17), and the
 * reason the refused call gives:
 * - 403 `insufficient_scope` (RFC 6750 §3.1): the connection keeps working for everything else and records the
 *   challenged scopes it lacks, so that connecting again asks for them beside those it holds (step-up, SEP-2350). A
 *   server that still refuses with scopes the connection holds is not stepped up again: no authorization loop.
 * - 401: the token is no longer accepted (revoked, or issued by an authorization server the server no longer
 *   trusts): the connection expires with its tokens dropped, and connecting again discovers afresh (a changed
 *   authorization server is registered with anew, SEP-2352).
 * Null when no token was sent, the answer is neither, or the connection holds another token by now. `person`: whose
 * connection sent it ("" for the shared one; a `per_user` caller connects again themselves).
 */
export async function noteUpstreamRefusal(server: string, environment: string, sentToken: string, failure: HttpFailure, person = ""): Promise<string | null> {
  if (failure.status !== 401 && failure.status !== 403) return null;
  const challenge = failure.wwwAuthenticate ? extractWWWAuthenticateParams(new Response(null, { headers: { "www-authenticate": failure.wwwAuthenticate } })) : {};
  const key = await findConnectionKey(server, environment, person);
  const connection = key ? await readConnection(key) : null;
  if (!key || connection?.accessToken !== sentToken) return null;
  const described = describeChallenge(challenge, [sentToken, connection.refreshToken]);

  if (failure.status === 403 && challenge.error === "insufficient_scope") {
    const granted = splitScopes(connection.scopes);
    const missing = splitScopes(challenge.scope).filter((scope) => !granted.includes(scope));
    if (missing.length === 0) {
      return `MCP server '${server}' refused the call for want of scope although its connection holds ${quoteScopes(splitScopes(challenge.scope))} (${described}): not asking for them again`;
    }
    const wanted = [...new Set([...splitScopes(connection.stepUpScopes), ...missing])];
    const reason = `the server asks for ${quoteScopes(missing)} (${described}): connect again to grant ${wanted.length > 1 ? "them" : "it"}`;
    await askStepUp(key, sentToken, wanted.join(" "), reason);
    forgetCachedAuthorization();
    return `MCP server '${server}' needs ${quoteScopes(missing)} for this call: ${whoConnects(person)} it again on its page to grant ${missing.length > 1 ? "them" : "it"}`;
  }
  if (failure.status !== 401) return null;
  await expireConnection(key, `the server refused the access token (${described}): connect again`, { dropTokens: true });
  forgetCachedAuthorization();
  return `MCP server '${server}' refused its OAuth access token (${described}): ${whoConnects(person)} it again on its page`;
}

function whoConnects(person: string): string {
  return person === "" ? "an admin connects" : "connect";
}

function describeChallenge(challenge: { error?: string; errorDescription?: string }, secrets: (string | null)[]): string {
  if (!challenge.error) return "no error named";
  if (!challenge.errorDescription) return challenge.error;
  let description = challenge.errorDescription;
  for (const secret of secrets) if (secret) description = description.replaceAll(secret, "[redacted]");
  return `${challenge.error}: ${description.slice(0, DESCRIPTION_CHARS)}`;
}

function quoteScopes(scopes: string[]): string {
  return `scope${scopes.length > 1 ? "s" : ""} ${scopes.map((scope) => `"${scope}"`).join(", ")}`;
}
