import { getEventListeners } from "node:events";
import net from "node:net";

import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";

import { OutboundBlockedError, createOutboundPolicy } from "./outbound-policy";
import { MAX_RESPONSE_BYTES, ResponseTooLargeError } from "./response-limit";
import { CrossOriginRedirectError, FetchTimeoutError, createSafeFetch } from "./safe-fetch";
import { startHttpPeer, startSilentPeer, type Peer } from "./test-peers";

const policy = createOutboundPolicy({ deny: "127.0.0.2/32" });
const safeFetch = createSafeFetch(policy, { timeoutMs: 2_000, crossOriginRedirects: "refuse" });
let main: Peer;
/** Another port: another origin. Records the headers of every request it gets. */
let other: Peer;
const otherSaw: Array<import("node:http").IncomingHttpHeaders> = [];
let denied: Peer;
let releaseStream = () => {};

beforeAll(async () => {
  other = await startHttpPeer((req, res) => {
    otherSaw.push(req.headers);
    res.end("other origin");
  });
  denied = await startHttpPeer((_req, res) => res.end("should never be reached"), "127.0.0.2");
  main = await startHttpPeer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    if (url.pathname === "/echo") {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c)).on("end", () => {
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify({ method: req.method, auth: req.headers.authorization ?? null, host: req.headers.host, body: Buffer.concat(chunks).toString() }));
      });
      return;
    }
    if (url.pathname === "/stream") {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write("data: first\n\n");
      releaseStream = () => res.end("data: second\n\n"); // only once the client has read the first event
      return;
    }
    if (url.pathname === "/big") return res.writeHead(200, { "content-type": "application/json" }).end(Buffer.alloc(MAX_RESPONSE_BYTES + 1, 32));
    if (url.pathname === "/big-event") {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write("data: small\n\n");
      return res.end(`data: ${"x".repeat(MAX_RESPONSE_BYTES)}\n\n`);
    }
    if (url.pathname === "/many-events") {
      res.writeHead(200, { "content-type": "text/event-stream" });
      for (let i = 0; i < 100; i++) res.write(`data: ${"y".repeat(1_000)}\n\n`);
      return res.end();
    }
    if (url.pathname === "/hop") return redirect(res, 302, url.searchParams.get("to") ?? "/echo");
    if (url.pathname === "/see-other") return redirect(res, 303, "/echo");
    if (url.pathname === "/loop") return redirect(res, 307, "/loop");
    res.statusCode = 404;
    res.end("no");
  });
});
afterAll(async () => {
  await other.close();
  await main.close();
  await denied.close();
});
afterEach(() => vi.restoreAllMocks());

function redirect(res: import("node:http").ServerResponse, status: number, to: string) {
  res.writeHead(status, { location: to });
  res.end();
}

describe("createSafeFetch", () => {
  it("sends method, headers and body and answers a web Response", async () => {
    const response = await safeFetch(`${main.url}/echo`, { method: "POST", headers: { Authorization: "Bearer t" }, body: "hello" });
    expect(response.status).toBe(200);
    expect(response.url).toBe(`${main.url}/echo`);
    expect(await response.json()).toEqual({ method: "POST", auth: "Bearer t", host: `127.0.0.1:${main.port}`, body: "hello" });
  });

  it("streams a response body (SSE): the first event is readable before the server ends the response", async () => {
    const response = await safeFetch(`${main.url}/stream`);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    expect(decoder.decode((await reader.read()).value)).toBe("data: first\n\n");

    releaseStream();
    expect(decoder.decode((await reader.read()).value)).toBe("data: second\n\n");
    expect((await reader.read()).done).toBe(true);
  });

  it("follows redirects, turning a 303 into a GET, and reports the final URL", async () => {
    const response = await safeFetch(`${main.url}/see-other`, { method: "POST", body: "x" });
    expect(response.redirected).toBe(true);
    expect(response.url).toBe(`${main.url}/echo`);
    expect(await response.json()).toMatchObject({ method: "GET", body: "" });
  });

  it("re-checks every redirect hop: a hop to a denied address is refused and that server sees no connection", async () => {
    const hop = `${main.url}/hop?to=${encodeURIComponent(`${denied.url}/secret`)}`;
    const following = createSafeFetch(policy, { timeoutMs: 2_000, crossOriginRedirects: "strip-headers" });
    await expect(following(hop)).rejects.toMatchObject({ name: "OutboundBlockedError", address: "127.0.0.2" });
    expect(denied.connections()).toBe(0);
  });

  it("refuses a redirect to another origin (another port): that server is never contacted with the secret", async () => {
    const hop = `${main.url}/hop?to=${encodeURIComponent(`${other.url}/steal`)}`;
    const before = other.connections();
    const error = await safeFetch(hop, { headers: { authorization: "Bearer secret" } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CrossOriginRedirectError);
    expect((error as Error).message).toBe(`fetch failed: redirect from ${main.url} to another origin (${other.url}) refused`);
    expect(other.connections()).toBe(before);
  });

  it("strip-headers: follows a redirect to another origin without Authorization or any other custom header", async () => {
    const stripping = createSafeFetch(policy, { timeoutMs: 2_000, crossOriginRedirects: "strip-headers" });
    const hop = `${main.url}/hop?to=${encodeURIComponent(`${other.url}/health`)}`;
    otherSaw.length = 0;
    const response = await stripping(hop, { headers: { authorization: "Bearer secret", "x-api-key": "k", cookie: "c=1", accept: "text/plain" } });
    expect(await response.text()).toBe("other origin");
    expect(otherSaw).toHaveLength(1);
    expect(otherSaw[0]).not.toHaveProperty("authorization");
    expect(otherSaw[0]).not.toHaveProperty("x-api-key");
    expect(otherSaw[0]).not.toHaveProperty("cookie");
    expect(otherSaw[0].accept).toBe("text/plain");

    const sameOrigin = await stripping(`${main.url}/hop?to=/echo`, { headers: { authorization: "Bearer t" } });
    expect(await sameOrigin.json()).toMatchObject({ auth: "Bearer t" });
  });

  it(`cuts a body over ${MAX_RESPONSE_BYTES} bytes with a clear reason, and tells onOversized`, async () => {
    const told: ResponseTooLargeError[] = [];
    const capped = createSafeFetch(policy, { timeoutMs: 2_000, crossOriginRedirects: "refuse", onOversized: (error) => told.push(error) });
    const response = await capped(`${main.url}/big`);
    const error = await response.text().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect((error as Error).message).toBe(`response larger than 4 MiB from ${main.url}`);
    expect(told).toHaveLength(1);
  });

  it("an event stream is capped per event, not in total", async () => {
    const small = createSafeFetch(policy, { timeoutMs: 2_000, crossOriginRedirects: "refuse", maxResponseBytes: 10_000 });
    expect((await (await small(`${main.url}/many-events`)).text()).length).toBeGreaterThan(100_000);
    await expect((await safeFetch(`${main.url}/big-event`)).text()).rejects.toBeInstanceOf(ResponseTooLargeError);
  });

  it("stops after 5 redirects", async () => {
    await expect(safeFetch(`${main.url}/loop`)).rejects.toThrow(/more than 5 redirects/);
  });

  it("returns the redirect itself with redirect: manual (the SDK follows same-origin hops through this fetch)", async () => {
    const response = await safeFetch(`${main.url}/hop`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/echo");
  });

  it("refuses 169.254.169.254 (also IPv4-mapped) without opening a socket", async () => {
    const connect = vi.spyOn(net.Socket.prototype, "connect");
    for (const url of ["http://169.254.169.254/latest/meta-data/", "http://[::ffff:169.254.169.254]/", "http://[fd00:ec2::254]/"]) {
      const error = await safeFetch(url).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(OutboundBlockedError);
      expect((error as OutboundBlockedError).reason).toBe("cloud metadata address");
    }
    expect(connect).not.toHaveBeenCalled();

    await (await safeFetch(`${main.url}/echo`)).text(); // the spy does see real connections
    expect(connect).toHaveBeenCalled();
  });

  it("refuses a host name when any of its addresses is refused (DNS rebinding), without connecting", async () => {
    const connect = vi.spyOn(net.Socket.prototype, "connect");
    const resolve = async () => [{ address: "127.0.0.1", family: 4 as const }, { address: "169.254.169.254", family: 4 as const }];
    const rebinding = createSafeFetch(policy, { timeoutMs: 2_000, crossOriginRedirects: "refuse", resolve });
    await expect(rebinding("http://metadata.example.test/")).rejects.toMatchObject({ address: "169.254.169.254", hostname: "metadata.example.test" });
    expect(connect).not.toHaveBeenCalled();
  });

  it("connects to the checked address, not whatever a second lookup would say", async () => {
    const resolve = vi.fn(async () => [{ address: "127.0.0.1", family: 4 as const }]);
    const pinned = createSafeFetch(policy, { timeoutMs: 2_000, crossOriginRedirects: "refuse", resolve });
    const response = await pinned(`http://registered.example.test:${main.port}/echo`);
    expect(await response.json()).toMatchObject({ host: `registered.example.test:${main.port}` });
    expect(resolve).toHaveBeenCalledTimes(1);
  });

  it("gives up waiting for headers after timeoutMs", async () => {
    const silent = await startSilentPeer();
    const quick = createSafeFetch(policy, { timeoutMs: 300, crossOriginRedirects: "refuse" });
    await expect(quick(silent.url)).rejects.toBeInstanceOf(FetchTimeoutError);
    await silent.close();
  });

  it("aborts with the caller's signal", async () => {
    const silent = await startSilentPeer();
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    await expect(safeFetch(silent.url, { signal: controller.signal })).rejects.toMatchObject({ name: "AbortError" });
    await silent.close();
  });

  it("opens a socket per request, and with keepAlive one for a session's requests until close()", async () => {
    const peer = await startHttpPeer((_req, res) => res.end("ok"));
    try {
      for (let i = 0; i < 3; i++) expect(await (await safeFetch(peer.url)).text()).toBe("ok");
      expect(peer.connections()).toBe(3);

      const session = createSafeFetch(policy, { timeoutMs: 2_000, crossOriginRedirects: "refuse", keepAlive: true });
      for (let i = 0; i < 3; i++) expect(await (await session(peer.url)).text()).toBe("ok");
      expect(peer.connections()).toBe(4);
      session.close();
      expect(await (await session(peer.url)).text()).toBe("ok");
      expect(peer.connections()).toBe(5);
      session.close();
    } finally {
      await peer.close();
    }
  });

  it("leaves no listener on a long-lived signal once each request is done (an MCP session's signal serves thousands)", async () => {
    const session = new AbortController();
    for (let i = 0; i < 20; i++) {
      const response = await safeFetch(`${main.url}/echo`, { method: "POST", body: `call ${i}`, signal: session.signal });
      expect((await response.json()).body).toBe(`call ${i}`);
    }
    await expect.poll(() => getEventListeners(session.signal, "abort").length).toBe(0);
  });

  it("with keepAlive still refuses a denied address before any socket opens", async () => {
    const session = createSafeFetch(policy, { timeoutMs: 2_000, crossOriginRedirects: "refuse", keepAlive: true });
    await expect(session(denied.url)).rejects.toBeInstanceOf(OutboundBlockedError);
    expect(denied.connections()).toBe(0);
    session.close();
  });

  it("reports a refused connection as a TypeError with the Node error as cause", async () => {
    const closed = await startHttpPeer(() => {});
    await closed.close();
    const error = await safeFetch(closed.url).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as Error).cause).toMatchObject({ code: "ECONNREFUSED", port: closed.port });
  });
});
