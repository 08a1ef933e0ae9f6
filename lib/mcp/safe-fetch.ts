import http from "node:http";
import https from "node:https";

import { traceHeaders } from "../telemetry/spans";
import { toWebResponse } from "./node-response";
import type { OutboundPolicy } from "./outbound-policy";
import { checkedLiteralAddress, pinnedLookup, resolveCheckedAddresses, type HostResolver } from "./resolve-host";
import { MAX_RESPONSE_BYTES, ResponseTooLargeError } from "./response-limit";
import type { FetchLike } from "./types";

export type SafeFetchOptions = {
  /** Bounds DNS, connect and waiting for the response headers of the whole redirect chain (not the body). */
  timeoutMs: number;
  maxRedirects?: number;
  /**
   * A redirect to another origin: "refuse" (MCP requests, which may carry a server's secrets in headers or the
   * URL: DESIGN §5) fails with CrossOriginRedirectError; "strip-headers" follows it with only `accept` and
   * `accept-encoding` left (the health endpoint). Same-origin redirects are followed either way.
   */
  crossOriginRedirects: "refuse" | "strip-headers";
  /** Per response, or per event of a `text/event-stream` (default MAX_RESPONSE_BYTES); more errors the body. */
  maxResponseBytes?: number;
  /** Told when a body went over the limit (the SDK may flatten the error it gets into a string). */
  onOversized?: (error: ResponseTooLargeError) => void;
  /** Replaces the system resolver (tests, or a resolver of your own). */
  resolve?: HostResolver;
  /**
   * Keep connections open between requests (an MCP session's calls): each reused socket goes to an address that
   * was checked when it was opened. `close()` ends them; without this option every request has its own socket.
   */
  keepAlive?: boolean;
};

/** A safe fetch; `close()` ends the connections it keeps open (none without `keepAlive`). */
export type SafeFetch = FetchLike & { close(): void };

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** The header wait ran out; `code` mimics Node's own timeouts so callers can classify it. */
export class FetchTimeoutError extends Error {
  readonly code = "ETIMEDOUT";

  constructor(readonly timeoutMs: number, readonly url: string) {
    super(`timeout after ${timeoutMs} ms waiting for ${url}`);
  }
}

/** A redirect to another origin, refused: the request may carry a server's secrets. */
export class CrossOriginRedirectError extends TypeError {
  override readonly name = "CrossOriginRedirectError";

  constructor(readonly from: URL, readonly to: URL) {
    super(`fetch failed: redirect from ${from.origin} to another origin (${to.origin}) refused`);
  }
}

const KEPT_ACROSS_ORIGINS = new Set(["accept", "accept-encoding"]);

/**
 * A `fetch` for outbound calls to registered servers: every hop resolves its host once, checks every address
 * against `policy` (throwing `OutboundBlockedError` before any socket opens), then connects only to the checked
 * addresses. Redirects are followed here (at most `maxRedirects`, re-checked per hop) unless `redirect` is
 * "manual" or "error"; across origins only as `crossOriginRedirects` says. Bodies are capped (see
 * `maxResponseBytes`). No proxy, no decompression (it asks for `identity`), connections reused only with
 * `keepAlive`. While tracing, the active span's W3C `traceparent` goes along (DESIGN §12).
 */
export function createSafeFetch(policy: OutboundPolicy, options: SafeFetchOptions): SafeFetch {
  const maxRedirects = options.maxRedirects ?? 5;
  const limit = { maxBytes: options.maxResponseBytes ?? MAX_RESPONSE_BYTES, onOversized: options.onOversized };
  const agents = options.keepAlive ? { "http:": new http.Agent({ keepAlive: true }), "https:": new https.Agent({ keepAlive: true }) } : undefined;

  const safeFetch: FetchLike = async (input, init) => {
    const signal = init?.signal ?? undefined;
    signal?.throwIfAborted();
    const request = await requestParts(input, init);

    const { headers, redirect } = request;
    if (!headers.has("accept-encoding")) headers.set("accept-encoding", "identity");
    for (const [name, value] of Object.entries(traceHeaders())) if (!headers.has(name)) headers.set(name, value);
    let { body, method, url } = request;

    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(new FetchTimeoutError(options.timeoutMs, url.href)), options.timeoutMs);
    try {
      for (let hop = 0; ; hop++) {
        const agent = agents?.[url.protocol as keyof typeof agents];
        const response = await sendOnce({ url, method, headers, body, policy, resolve: options.resolve, signal, deadline: deadline.signal, redirected: hop > 0, limit, agent });
        const location = response.headers.get("location");
        if (!REDIRECT_STATUSES.has(response.status) || !location || redirect === "manual") return response;

        await response.body?.cancel();
        if (redirect === "error") throw new TypeError(`fetch failed: redirect to ${location} (redirect: "error")`);
        if (hop >= maxRedirects) throw new TypeError(`fetch failed: more than ${maxRedirects} redirects`);

        const next = new URL(location, url);
        if (next.protocol !== "http:" && next.protocol !== "https:") throw new TypeError(`fetch failed: redirect to ${next.protocol} URL`);
        if (response.status === 303 ? method !== "HEAD" : response.status <= 302 && method === "POST") {
          method = "GET";
          body = undefined;
          for (const name of ["content-type", "content-length", "content-encoding", "content-language"]) headers.delete(name);
        }
        if (next.origin !== url.origin) {
          if (options.crossOriginRedirects === "refuse") throw new CrossOriginRedirectError(url, next);
          for (const name of [...headers.keys()]) if (!KEPT_ACROSS_ORIGINS.has(name)) headers.delete(name);
        }
        url = next;
      }
    } finally {
      clearTimeout(timer);
    }
  };
  return Object.assign(safeFetch, {
    close() {
      agents?.["http:"].destroy();
      agents?.["https:"].destroy();
    },
  });
}

type RequestParts = { url: URL; method: string; headers: Headers; body: Buffer | undefined; redirect: RequestRedirect };

/** Fetch upper-cases these method names (and only these) whatever case they come in. */
const NORMALIZED_METHODS = new Set(["DELETE", "GET", "HEAD", "OPTIONS", "POST", "PUT"]);

/**
 * What `fetch(input, init)` asks for. A string or byte body (every MCP transport's request) is read as given;
 * another body goes through a `Request` — never with the caller's signal, which this fetch follows itself: a
 * `Request` made with a long-lived signal (an MCP session's) hangs a listener on it per call until garbage
 * collection (undici's MaxListenersExceededWarning at 1,500).
 */
async function requestParts(input: string | URL, init: RequestInit | undefined): Promise<RequestParts> {
  const given = init?.body ?? undefined;
  if (given === undefined || typeof given === "string" || given instanceof Uint8Array) {
    const method = init?.method ?? "GET";
    return {
      url: new URL(input), method: NORMALIZED_METHODS.has(method.toUpperCase()) ? method.toUpperCase() : method,
      headers: new Headers(init?.headers), redirect: init?.redirect ?? "follow", body: given === undefined ? undefined : Buffer.from(given),
    };
  }
  const request = new Request(input, { ...init, signal: undefined });
  return {
    url: new URL(request.url), method: request.method, headers: new Headers(request.headers), redirect: request.redirect,
    body: request.body ? Buffer.from(await request.arrayBuffer()) : undefined,
  };
}

type Hop = {
  url: URL; method: string; headers: Headers; body: Buffer | undefined; policy: OutboundPolicy;
  resolve: HostResolver | undefined; signal: AbortSignal | undefined; deadline: AbortSignal; redirected: boolean;
  limit: { maxBytes: number; onOversized?: (error: ResponseTooLargeError) => void };
  agent: http.Agent | undefined;
};

async function sendOnce(hop: Hop): Promise<Response> {
  if (hop.url.protocol !== "https:" && hop.url.protocol !== "http:") throw new TypeError(`fetch failed: unsupported protocol ${hop.url.protocol}`);
  // An IP literal needs no resolver (nor a race against one): checked here and now.
  const addresses = checkedLiteralAddress(hop.url.hostname, hop.policy) ?? await raceAbort(resolveCheckedAddresses(hop.url.hostname, hop.policy, hop.resolve), hop);
  const client = hop.url.protocol === "https:" ? https : http;

  return new Promise<Response>((resolve, reject) => {
    const request = client.request(hop.url, {
      method: hop.method, headers: Object.fromEntries(hop.headers), agent: hop.agent ?? false, lookup: pinnedLookup(addresses),
    });
    const onAbort = (event: Event) => request.destroy((event.target as AbortSignal).reason);
    hop.signal?.addEventListener("abort", onAbort, { once: true });
    hop.deadline.addEventListener("abort", onAbort, { once: true });
    request.once("close", () => hop.signal?.removeEventListener("abort", onAbort));

    request.on("error", (error) => {
      const reason = hop.signal?.aborted ? hop.signal.reason : hop.deadline.aborted ? hop.deadline.reason : undefined;
      reject(reason ?? new TypeError("fetch failed", { cause: error }));
    });
    request.once("response", (res) => {
      hop.deadline.removeEventListener("abort", onAbort);
      try {
        resolve(toWebResponse(res, hop.url, { redirected: hop.redirected, isHead: hop.method === "HEAD", ...hop.limit }));
      } catch (error) {
        res.destroy();
        reject(new TypeError("fetch failed", { cause: error }));
      }
    });
    request.end(hop.body);
  });
}

/** DNS is not cancellable; this at least stops waiting for it when the caller or the deadline gives up. */
function raceAbort<T>(work: Promise<T>, hop: Pick<Hop, "signal" | "deadline">): Promise<T> {
  const signals = [hop.signal, hop.deadline].filter((s): s is AbortSignal => s !== undefined);
  return new Promise<T>((resolve, reject) => {
    const onAbort = (event: Event) => reject((event.target as AbortSignal).reason);
    for (const s of signals) {
      if (s.aborted) return reject(s.reason);
      s.addEventListener("abort", onAbort, { once: true });
    }
    work.then(resolve, reject).finally(() => signals.forEach((s) => s.removeEventListener("abort", onAbort)));
  });
}
