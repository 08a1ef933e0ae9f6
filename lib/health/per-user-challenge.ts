import { discoverAuthorizationServerMetadata } from "@modelcontextprotocol/client";

import { startDeadline } from "../mcp/deadline";
import { createSafeFetch } from "../mcp/safe-fetch";
import type { OutboundPolicy } from "../mcp/outbound-policy";
import type { ProbeResult } from "./types";

/** The reason of a `per_user` server whose sign-in challenge lets each person connect (DESIGN §5, §17). */
export const EACH_PERSON_CONNECTS = "each person connects; the server answers its sign-in challenge";

/**
 * What a probe without anyone's token (the scheduler, a re-check) can tell of a `per_user` server: no one's token is
 * sent to probe for everyone (a person's token would show everyone what that person may do), so the server answers
 * 401. That answer is what each person will meet, and is checked as a client would: protected-resource metadata
 * (RFC 9728, already read by the probe into `auth`) naming an authorization server whose metadata (RFC 8414 / OIDC
 * discovery) can be had under the outbound policy. Then the status stays `auth_required` — reachable, credentials
 * per person — with EACH_PERSON_CONNECTS as the reason; a challenge nobody can answer is `unhealthy`, saying why.
 * Any other result is returned as it is.
 */
export async function judgePerUserChallenge(result: ProbeResult, options: { policy: OutboundPolicy; timeoutMs: number }): Promise<ProbeResult> {
  if (result.status !== "auth_required") return result;
  const issuer = result.auth?.authorization_servers[0];
  if (!issuer) return unanswerable(result, "its sign-in challenge names no authorization server (RFC 9728 protected-resource metadata)");

  const deadline = startDeadline(options.timeoutMs);
  const safeFetch = createSafeFetch(options.policy, { timeoutMs: options.timeoutMs, crossOriginRedirects: "strip-headers" });
  try {
    const metadata = await deadline.race(discoverAuthorizationServerMetadata(issuer, { fetchFn: (url, init) => safeFetch(url, { ...init, signal: deadline.signal }) }));
    if (!metadata) return unanswerable(result, `its authorization server ${issuer} publishes no metadata (RFC 8414 / OpenID Connect discovery)`);
    return { ...result, reason: `${EACH_PERSON_CONNECTS} (authorization server ${issuer})` };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return unanswerable(result, `its authorization server ${issuer} cannot be reached: ${message.slice(0, 300)}`);
  } finally {
    deadline.dispose();
  }
}

function unanswerable(result: ProbeResult, why: string): ProbeResult {
  return { ...result, status: "unhealthy", ok: false, reason: `each person connects, but nobody can: ${why}` };
}
