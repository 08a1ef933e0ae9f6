import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";

import { afterAll, beforeAll, describe, expect, test } from "vitest";

import type { HttpMethod, Operation } from "../api/operation";
import { frontDoorFor, type RouteModule } from "./front-door";
import { answering } from "./route";

const API_CSP = "default-src 'none'; frame-ancestors 'none'";

function operation(method: HttpMethod, apiPath: string): Operation<unknown, unknown, unknown> {
  return { method, path: apiPath, summary: "test", tag: "test", role: "public", responses: {} };
}

function writeBuild(routes: string[], headers: unknown[]): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "front-door-"));
  fs.writeFileSync(path.join(dir, "app-path-routes-manifest.json"), JSON.stringify(Object.fromEntries(routes.map((route) => [`${route}/route`, route]))));
  fs.writeFileSync(path.join(dir, "routes-manifest.json"), JSON.stringify({ headers }));
  return dir;
}

const HEADER_RULES = [
  { source: "/:path*", regex: "^(?:/((?:[^/]+?)(?:/(?:[^/]+?))*))?(?:/)?$", headers: [{ key: "X-Frame-Options", value: "DENY" }] },
  { source: "/api/:path*", regex: "^/api(?:/((?:[^/]+?)(?:/(?:[^/]+?))*))?(?:/)?$", headers: [{ key: "Content-Security-Policy", value: API_CSP }] },
];

let aborts = 0;
let cancels = 0;

const things: RouteModule = {
  GET: answering(operation("GET", "/api/things/{name}"), async (request, context) => {
    const { name } = await context.params;
    return Response.json({ name, url: request.url, forwardedFor: request.headers.get("x-forwarded-for") }, { headers: { "Cache-Control": "no-store" } });
  }),
  POST: answering(operation("POST", "/api/things/{name}"), async (request) => {
    const text = await request.text();
    const headers = new Headers({ "Content-Type": "application/json" });
    headers.append("Set-Cookie", "a=1; Path=/");
    headers.append("Set-Cookie", "b=2; Path=/");
    return new Response(JSON.stringify({ received: text, padding: "x".repeat(Number(new URL(request.url).searchParams.get("pad") ?? 0)) }), { headers });
  }),
};
const events: RouteModule = {
  GET: answering(operation("GET", "/api/events"), async (request) => {
    request.signal.addEventListener("abort", () => aborts++);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("data: first\n\n"));
      },
      cancel() {
        cancels++;
      },
    });
    return new Response(body, { headers: { "Content-Type": "text/event-stream" } });
  }),
};

const refusing: RouteModule = {
  POST: answering(operation("POST", "/api/refuse"), async () => new Response("too large", { status: 413 })),
};

let server: http.Server;
let base: string;

beforeAll(async () => {
  const distDir = writeBuild(["/api/things/[name]", "/api/things/special", "/api/events", "/api/refuse", "/api/healthz", "/api/[...path]"], HEADER_RULES);
  const door = frontDoorFor([things, events, refusing], distDir);
  expect(door).not.toBeNull();
  server = http.createServer((request, response) => {
    if (door!.take(request, response)) return;
    response.setHeader("X-Answered-By", "next");
    response.end("next");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** A raw request: fetch would normalize the path and add its own Accept-Encoding. */
function request(method: string, target: string, options: { headers?: Record<string, string>; body?: string | string[]; agent?: http.Agent } = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(`${base}${target}`, { method, headers: options.headers, agent: options.agent }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
      incoming.on("end", () => resolve({ status: incoming.statusCode!, headers: incoming.headers, body: Buffer.concat(chunks) }));
    });
    outgoing.path = target;
    outgoing.on("error", reject);
    for (const chunk of [options.body ?? []].flat()) outgoing.write(chunk);
    outgoing.end();
  });
}

describe("the front door", () => {
  test("answers a hot route with its handler, the build's headers and the request as Next would hand it over", async () => {
    const answer = await request("GET", "/api/things/alpha?x=1");
    expect(answer.status).toBe(200);
    expect(answer.headers["x-answered-by"]).toBeUndefined();
    expect(JSON.parse(answer.body.toString())).toEqual({ name: "alpha", url: `${base}/api/things/alpha?x=1`, forwardedFor: "127.0.0.1" });
    expect(answer.headers["x-frame-options"]).toBe("DENY");
    expect(answer.headers["content-security-policy"]).toBe(API_CSP);
    expect(answer.headers["cache-control"]).toBe("no-store");
    expect(answer.headers["content-length"]).toBe(String(answer.body.byteLength));
  });

  test("leaves to Next a path another route owns, an encoded or unusual path, and a method the module lacks", async () => {
    const toNext = [
      ["GET", "/api/things/special"],
      ["GET", "/api/things/a%2Fb"],
      ["GET", "/api/things/alpha/"],
      ["GET", "/api/things//alpha"],
      ["GET", "/api/things/.."],
      ["HEAD", "/api/things/alpha"],
      ["OPTIONS", "/api/things/alpha"],
      ["DELETE", "/api/things/alpha"],
      ["GET", "/api/healthz"],
      ["GET", "/api/things/alpha/more"],
    ];
    for (const [method, target] of toNext) {
      const answer = await request(method, target);
      expect({ method, target, by: answer.headers["x-answered-by"] }).toEqual({ method, target, by: "next" });
    }
  });

  test("hands a small body, a chunked body and both Set-Cookie headers through", async () => {
    const small = await request("POST", "/api/things/alpha", { headers: { "Content-Type": "application/json" }, body: '{"a":1}' });
    expect(JSON.parse(small.body.toString()).received).toBe('{"a":1}');
    expect(small.headers["set-cookie"]).toEqual(["a=1; Path=/", "b=2; Path=/"]);

    const chunked = await request("POST", "/api/things/alpha", { headers: { "Transfer-Encoding": "chunked" }, body: ['{"a":', "2}"] });
    expect(JSON.parse(chunked.body.toString()).received).toBe('{"a":2}');
  });

  test("a large body the handler refuses unread is discarded: the connection serves the next request", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const chunk = "x".repeat(64 * 1024);
    const refused = await request("POST", "/api/refuse", { agent, headers: { "Content-Length": String(chunk.length * 32) }, body: Array(32).fill(chunk) });
    expect(refused.status).toBe(413);
    const next = await request("GET", "/api/things/alpha", { agent });
    expect(next.status).toBe(200);
    agent.destroy();
  });

  test("gzips a compressible body from 1 KiB when asked, and says it varies by Accept-Encoding either way", async () => {
    const large = await request("POST", "/api/things/alpha?pad=4096", { headers: { "Accept-Encoding": "gzip, deflate" }, body: "{}" });
    expect(large.headers["content-encoding"]).toBe("gzip");
    expect(large.headers.vary).toBe("Accept-Encoding");
    expect(JSON.parse(gunzipSync(large.body).toString()).padding).toHaveLength(4096);

    const small = await request("POST", "/api/things/alpha?pad=10", { headers: { "Accept-Encoding": "gzip" }, body: "{}" });
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.headers.vary).toBe("Accept-Encoding");

    const refused = await request("POST", "/api/things/alpha?pad=4096", { headers: { "Accept-Encoding": "gzip;q=0" }, body: "{}" });
    expect(refused.headers["content-encoding"]).toBeUndefined();
  });

  test("passes an event stream through as it is written; when the client goes away, the request is aborted and the stream cancelled", async () => {
    const firstEvent = await new Promise<string>((resolve, reject) => {
      const outgoing = http.get(`${base}/api/events`, (incoming) => {
        expect(incoming.headers["content-type"]).toBe("text/event-stream");
        incoming.once("data", (chunk: Buffer) => {
          resolve(chunk.toString());
          outgoing.destroy();
        });
      });
      outgoing.on("error", (error) => (outgoing.destroyed ? undefined : reject(error)));
    });
    expect(firstEvent).toBe("data: first\n\n");
    await expect.poll(() => ({ aborts, cancels }), { timeout: 10_000 }).toEqual({ aborts: 1, cancels: 1 });
  });

  test("is not built for a build whose headers depend on the request, or without manifests", () => {
    const conditional = [{ ...HEADER_RULES[0], has: [{ type: "header", key: "x-a" }] }];
    expect(frontDoorFor([things], writeBuild(["/api/things/[name]"], conditional))).toBeNull();
    expect(frontDoorFor([things], fs.mkdtempSync(path.join(os.tmpdir(), "front-door-empty-")))).toBeNull();
  });
});
