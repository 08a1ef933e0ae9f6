import { ApiReferenceUnreadableError, NotFoundError } from "../errors";
import { NotOpenApiError, summarizeOpenApi } from "../formats/openapi-summary";
import { getProbeSettings } from "../health/probe-settings";
import { describeNetworkError } from "../mcp/describe-failure";
import { OutboundBlockedError } from "../mcp/outbound-policy";
import { ResponseTooLargeError } from "../mcp/response-limit";
import { createSafeFetch, FetchTimeoutError } from "../mcp/safe-fetch";
import { getServer } from "../registry/servers";
import { supportLink } from "../resolve/support-links";
import { processSlot } from "../runtime/runtime";
import type { ApiReference } from "../schemas/api-reference";
import { shownUrl } from "./shown-url";

/** The largest OpenAPI document Patchbay reads (DESIGN §19): larger is `too-large`, never an unbounded buffer. */
export const MAX_API_REFERENCE_BYTES = 2 * 1024 * 1024;
/** A document read is kept this long per URL, so a page view does not fetch it every time. */
const KEPT_MS = 5 * 60_000;
/** A failure is kept briefly: a page reloaded at once does not hammer a failing host, a fix shows soon. */
const FAILURE_KEPT_MS = 30_000;
const MAX_KEPT = 200;

type Kept = { answer: Promise<ApiReference>; expiresAt: number };

const kept = () => processSlot("apiReference.documents", () => new Map<string, Kept>());

/**
 * GET /api/mcp-servers/{name}/api-reference: the OpenAPI document at the server's `support.api_reference_url`
 * (a relative one against the server's URL, as the Support card links it), summarised. 404 when the server has
 * none; otherwise ApiReferenceUnreadableError naming the step that failed.
 */
export async function readApiReference(name: string): Promise<ApiReference> {
  const server = await getServer(name);
  const href = server.support?.api_reference_url;
  if (!href) throw new NotFoundError(`Server '${name}' has no support.api_reference_url.`);

  const serverUrl = server.transport.type === "stdio" ? undefined : server.transport.url;
  const link = /\$\{|\{\{/.test(href) ? null : supportLink(href, serverUrl);
  if (!link) throw new ApiReferenceUnreadableError("not-a-url", "support.api_reference_url is not an http(s) URL Patchbay can fetch (a relative one needs the server's own http(s) URL, without placeholders).");

  const cache = kept();
  const now = Date.now();
  const hit = cache.get(link);
  if (hit && hit.expiresAt > now) return hit.answer;

  const entry: Kept = { answer: fetchApiReference(new URL(link)), expiresAt: Number.POSITIVE_INFINITY };
  cache.delete(link);
  cache.set(link, entry);
  if (cache.size > MAX_KEPT) cache.delete(cache.keys().next().value!);
  entry.answer.then(
    () => { entry.expiresAt = Date.now() + KEPT_MS; },
    () => { entry.expiresAt = Date.now() + FAILURE_KEPT_MS; },
  );
  return entry.answer;
}

/**
 * One GET through the outbound policy of the probes (PATCHBAY_OUTBOUND_ALLOW / _DENY: a refused address is never
 * connected to), headers and body within PATCHBAY_HEALTH_TIMEOUT_MS, the body within MAX_API_REFERENCE_BYTES.
 */
async function fetchApiReference(url: URL): Promise<ApiReference> {
  const shown = shownUrl(url);
  const { policy, timeoutMs } = getProbeSettings();
  const safeFetch = createSafeFetch(policy, { timeoutMs, crossOriginRedirects: "strip-headers", maxResponseBytes: MAX_API_REFERENCE_BYTES });
  const deadline = AbortSignal.timeout(timeoutMs);
  const fail = (reason: string, why: string) => new ApiReferenceUnreadableError(reason, `The API reference at ${shown} could not be read: ${why}`);

  let text: string;
  try {
    const response = await safeFetch(url, {
      headers: { accept: "application/json, application/yaml;q=0.9, text/yaml;q=0.9, */*;q=0.1", "user-agent": "Patchbay" },
      signal: deadline,
    });
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw fail("http-status", `it answered HTTP ${response.status}.`);
    }
    if (Number(response.headers.get("content-length")) > MAX_API_REFERENCE_BYTES) {
      await response.body?.cancel().catch(() => undefined);
      throw fail("too-large", "the document is larger than 2 MiB.");
    }
    text = await readText(response, deadline);
  } catch (error) {
    if (error instanceof ApiReferenceUnreadableError) throw error;
    throw describeFetchFailure(error, timeoutMs, fail);
  }

  try {
    return { url: shown, fetched_at: new Date().toISOString(), ...summarizeOpenApi(text) };
  } catch (error) {
    if (error instanceof NotOpenApiError) throw fail("not-openapi", `${error.message}.`);
    throw error;
  }
}

/** The body, or the deadline's reason: a host that sends its headers and then trickles is cut off too. */
function readText(response: Response, deadline: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      reject(deadline.reason);
      response.body?.cancel().catch(() => undefined);
    };
    if (deadline.aborted) return onAbort();
    deadline.addEventListener("abort", onAbort, { once: true });
    response.text().then(resolve, reject).finally(() => deadline.removeEventListener("abort", onAbort));
  });
}

/** Each failure said by its kind, never by an error's own message (which may quote the URL with its secrets). */
function describeFetchFailure(error: unknown, timeoutMs: number, fail: (reason: string, why: string) => ApiReferenceUnreadableError) {
  const blocked = findInChain(error, (e) => e instanceof OutboundBlockedError) as OutboundBlockedError | undefined;
  if (blocked) return fail("outbound-refused", `the outbound policy refuses ${blocked.address} (${blocked.reason}); PATCHBAY_OUTBOUND_ALLOW and PATCHBAY_OUTBOUND_DENY decide.`);
  if (findInChain(error, (e) => e instanceof ResponseTooLargeError)) return fail("too-large", "the document is larger than 2 MiB.");
  if (findInChain(error, (e) => e instanceof FetchTimeoutError || (e instanceof DOMException && e.name === "TimeoutError"))) {
    return fail("timeout", `no complete answer within ${timeoutMs} ms.`);
  }
  return fail("unreachable", `${describeNetworkError(error) ?? "the request failed"}.`);
}

function findInChain(error: unknown, test: (e: unknown) => boolean): unknown {
  for (let e = error, depth = 0; e !== undefined && e !== null && depth < 8; e = (e as { cause?: unknown }).cause, depth++) {
    if (test(e)) return e;
  }
  return undefined;
}
