import net from "node:net";

import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";

import { OutboundBlockedError, createOutboundPolicy } from "./outbound-policy";
import { FetchTimeoutError, createSafeFetch } from "./safe-fetch";
import { startHttpPeer, startSilentPeer, type Peer } from "./test-peers";

const policy = createOutboundPolicy({ deny: "127.0.0.2/32" });
const safeFetch = createSafeFetch(policy, { timeoutMs: 2_000 });
let main: Peer;
let denied: Peer;
let releaseStream = () => {};

beforeAll(async () => {
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
    if (url.pathname === "/hop") return redirect(res, 302, url.searchParams.get("to") ?? "/echo");
    if (url.pathname === "/see-other") return redirect(res, 303, "/echo");
    if (url.pathname === "/loop") return redirect(res, 307, "/loop");
    res.statusCode = 404;
    res.end("no");
  });
});
afterAll(async () => {
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
    await expect(safeFetch(hop)).rejects.toMatchObject({ name: "OutboundBlockedError", address: "127.0.0.2" });
    expect(denied.connections()).toBe(0);
  });

  it("drops Authorization on a cross-origin redirect", async () => {
    const other = `http://localhost:${main.port}/echo`;
    const response = await safeFetch(`${main.url}/hop?to=${encodeURIComponent(other)}`, { headers: { authorization: "Bearer t" } });
    expect(await response.json()).toMatchObject({ auth: null });
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
    const rebinding = createSafeFetch(policy, { timeoutMs: 2_000, resolve });
    await expect(rebinding("http://metadata.example.test/")).rejects.toMatchObject({ address: "169.254.169.254", hostname: "metadata.example.test" });
    expect(connect).not.toHaveBeenCalled();
  });

  it("connects to the checked address, not whatever a second lookup would say", async () => {
    const resolve = vi.fn(async () => [{ address: "127.0.0.1", family: 4 as const }]);
    const pinned = createSafeFetch(policy, { timeoutMs: 2_000, resolve });
    const response = await pinned(`http://registered.example.test:${main.port}/echo`);
    expect(await response.json()).toMatchObject({ host: `registered.example.test:${main.port}` });
    expect(resolve).toHaveBeenCalledTimes(1);
  });

  it("gives up waiting for headers after timeoutMs", async () => {
    const silent = await startSilentPeer();
    const quick = createSafeFetch(policy, { timeoutMs: 300 });
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

  it("reports a refused connection as a TypeError with the Node error as cause", async () => {
    const closed = await startHttpPeer(() => {});
    await closed.close();
    const error = await safeFetch(closed.url).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as Error).cause).toMatchObject({ code: "ECONNREFUSED", port: closed.port });
  });
});
