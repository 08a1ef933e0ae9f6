import { describeNetworkError } from "../mcp/describe-failure";
import { OutboundBlockedError } from "../mcp/outbound-policy";
import type { FetchLike } from "../mcp/types";

/**
 * GETs `support.health_endpoint` resolved against the server URL. Returns null when it answers 2xx, else why not.
 * The server's headers (credentials) go along only when the endpoint has the server URL's origin.
 */
export async function checkHealthEndpoint(
  endpoint: string,
  serverUrl: string | undefined,
  options: { fetch: FetchLike; signal: AbortSignal; headers?: Record<string, string> },
): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(endpoint, serverUrl);
  } catch {
    return `health endpoint ${endpoint} is not a URL`;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return `health endpoint ${endpoint} is not an http(s) URL`;

  const sameOrigin = serverUrl !== undefined && new URL(serverUrl).origin === url.origin;
  const headers = { accept: "application/json, text/plain, */*", ...(sameOrigin ? options.headers : {}) };
  try {
    const response = await options.fetch(url, { method: "GET", headers, signal: options.signal });
    await response.body?.cancel().catch(() => {});
    return response.ok ? null : `health endpoint ${url.pathname} answered HTTP ${response.status} ${response.statusText}`.trim();
  } catch (error) {
    if (error instanceof OutboundBlockedError) return `health endpoint blocked by outbound policy: ${error.address}`;
    const why = error instanceof Error && error.name === "ProbeTimeoutError" ? error.message : describeNetworkError(error);
    return `health endpoint ${url.pathname} failed: ${why ?? (error instanceof Error ? error.message : String(error))}`;
  }
}
