import type { FetchLike } from "@modelcontextprotocol/client";

import { getProbeSettings } from "../health/probe-settings";
import { createSafeFetch } from "../mcp/safe-fetch";

/**
 * Every request of the OAuth flow (discovery, registration, token, revocation) goes through the outbound policy
 * of the probes (DESIGN §5, §17). Requests that carry credentials never follow a redirect to another origin.
 */
export function oauthFetch(): FetchLike {
  const { policy, timeoutMs } = getProbeSettings();
  const safeFetch = createSafeFetch(policy, { timeoutMs, crossOriginRedirects: "refuse" });
  return (url, init) => safeFetch(url, init);
}

/** A failure to reach the authorization server, said without anything it may have echoed. */
export function unreachableReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, 300);
}
