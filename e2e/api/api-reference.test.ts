import http from "node:http";
import type { AddressInfo } from "node:net";

import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { apiClient, httpServer, uniqueName, type ApiClient } from "../support/api-client";
import { OPEN_QUIET_ENV } from "../support/authed-patchbay";
import { startPatchbay, type PatchbayProcess } from "../support/patchbay-process";

/**
 * GET /api/mcp-servers/{name}/api-reference (DESIGN §19, seed 003): the OpenAPI document at a server's
 * `support.api_reference_url`, fetched over real HTTP from a host on 127.0.0.1 through the outbound policy, at most
 * 2 MiB, kept 5 minutes per URL; every failure a problem+json naming its `reason`, never the URL's secrets.
 */
const OPENAPI_JSON = JSON.stringify({
  openapi: "3.1.0",
  info: { title: "Context store", version: "2.3.0" },
  paths: {
    "/contexts": { get: { summary: "List contexts", operationId: "listContexts" }, post: { operationId: "createContext" } },
    "/contexts/{id}": { parameters: [], delete: { summary: "Delete a context" } },
  },
});
const OPENAPI_YAML = "swagger: \"2.0\"\ninfo:\n  title: Legacy store\n  version: 1.0\npaths:\n  /items:\n    get:\n      summary: List items\n";
/** The cap is 2 MiB: one byte more is refused, whether or not the host says its length first. */
const OVERSIZED = `{"openapi": "3.0.0", "paths": {}, "x-padding": "${"x".repeat(2 * 1024 * 1024)}"}`;

/** Requests each path received; the refused host's stay at zero. */
const hits = new Map<string, number>();
let docs: http.Server;
let refused: http.Server;
let docsBase: string;
let refusedBase: string;
let patchbay: PatchbayProcess;
let api: ApiClient;

function serveDocs(request: http.IncomingMessage, response: http.ServerResponse) {
  const path = new URL(request.url ?? "/", "http://x").pathname;
  hits.set(path, (hits.get(path) ?? 0) + 1);
  if (path.endsWith("/openapi.json")) return response.writeHead(200, { "Content-Type": "application/json" }).end(OPENAPI_JSON);
  if (path.endsWith("/openapi.yaml")) return response.writeHead(200, { "Content-Type": "application/yaml" }).end(OPENAPI_YAML);
  if (path === "/big-with-length.json") return response.writeHead(200, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(OVERSIZED) }).end(OVERSIZED);
  if (path === "/big-chunked.json") {
    response.writeHead(200, { "Content-Type": "application/json" });
    for (let at = 0; at < OVERSIZED.length; at += 64 * 1024) response.write(OVERSIZED.slice(at, at + 64 * 1024));
    return response.end();
  }
  if (path === "/docs.html") return response.writeHead(200, { "Content-Type": "text/html" }).end("<!doctype html><title>Docs</title>");
  if (path === "/trickle.json") return response.writeHead(200, { "Content-Type": "application/json" }).write('{"openapi": "3.0.0", ');
  return response.writeHead(500, { "Content-Type": "text/plain" }).end("down");
}

async function listen(server: http.Server, host: string): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return `http://${host}:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  docs = http.createServer(serveDocs);
  refused = http.createServer(serveDocs);
  [docsBase, refusedBase] = await Promise.all([listen(docs, "127.0.0.1"), listen(refused, "127.0.0.2")]);
  // 127.0.0.2 is loopback like the docs host, but denied: what the policy refuses must never be connected to.
  patchbay = await startPatchbay({ env: { ...OPEN_QUIET_ENV, PATCHBAY_OUTBOUND_DENY: "127.0.0.2/32", PATCHBAY_HEALTH_TIMEOUT_MS: "3000" } });
  api = apiClient(patchbay.baseUrl);
}, 120_000);

afterAll(async () => {
  await patchbay?.stop();
  docs?.closeAllConnections();
  await Promise.all([new Promise((resolve) => docs?.close(resolve)), new Promise((resolve) => refused?.close(resolve))]);
});

/** A server whose support.api_reference_url is `reference`, its transport at `url`; answers the GET of its API reference. */
async function apiReferenceOf(reference: string | undefined, url = "http://127.0.0.1:9/mcp") {
  const name = uniqueName("apiref");
  const created = await api.post("/api/mcp-servers", httpServer(name, { transport: { type: "http", url }, ...(reference ? { support: { api_reference_url: reference } } : {}) }));
  expect(created.status, created.text).toBe(201);
  return api.get(`/api/mcp-servers/${name}/api-reference`);
}

describe("GET /api/mcp-servers/{name}/api-reference", () => {
  test("summarises an OpenAPI 3.1 JSON document: title, version, every operation in order", async () => {
    const response = await apiReferenceOf(`${docsBase}/a/openapi.json`);
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({
      url: `${docsBase}/a/openapi.json`,
      fetched_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      title: "Context store",
      version: "2.3.0",
      operations: [
        { method: "GET", path: "/contexts", summary: "List contexts", operation_id: "listContexts" },
        { method: "POST", path: "/contexts", summary: null, operation_id: "createContext" },
        { method: "DELETE", path: "/contexts/{id}", summary: "Delete a context", operation_id: null },
      ],
    });
  });

  test("reads a Swagger 2.0 YAML document at a URL relative to the server's own (seed 003's `/docs/…` links)", async () => {
    const response = await apiReferenceOf("/b/openapi.yaml", `${docsBase}/mcp`);
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({
      url: `${docsBase}/b/openapi.yaml`, title: "Legacy store", version: "1",
      operations: [{ method: "GET", path: "/items", summary: "List items", operation_id: null }],
    });
  });

  test("keeps a document 5 minutes per URL: a second page view does not fetch it again", async () => {
    const first = await apiReferenceOf(`${docsBase}/c/openapi.json`);
    const second = await apiReferenceOf(`${docsBase}/c/openapi.json`);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body.fetched_at).toBe(first.body.fetched_at);
    expect(hits.get("/c/openapi.json")).toBe(1);
  });

  test("refuses a document over 2 MiB, announced by Content-Length or not, with 502 too-large", async () => {
    for (const path of ["/big-with-length.json", "/big-chunked.json"]) {
      const response = await apiReferenceOf(`${docsBase}${path}`);
      expect(response.status, response.text).toBe(502);
      expect(response.headers.get("content-type")).toContain("application/problem+json");
      expect(response.body).toMatchObject({ type: expect.stringContaining("api-reference-unreadable"), reason: "too-large" });
      expect(response.body.detail).toBe(`The API reference at ${docsBase}${path} could not be read: the document is larger than 2 MiB.`);
    }
  });

  test("an address the outbound policy refuses is never connected to (PATCHBAY_OUTBOUND_DENY, cloud metadata)", async () => {
    const denied = await apiReferenceOf(`${refusedBase}/d/openapi.json`);
    expect(denied.status, denied.text).toBe(502);
    expect(denied.body.reason).toBe("outbound-refused");
    expect(denied.body.detail).toContain("the outbound policy refuses 127.0.0.2 (in deny list (127.0.0.2/32))");
    expect(hits.get("/d/openapi.json")).toBeUndefined();

    const metadata = await apiReferenceOf("http://169.254.169.254/latest/meta-data/openapi.json");
    expect(metadata.status, metadata.text).toBe(502);
    expect(metadata.body).toMatchObject({ reason: "outbound-refused", detail: expect.stringContaining("169.254.169.254 (cloud metadata address)") });
  });

  test("credentials and query tokens of the URL never come back, in an error or in the summary", async () => {
    const failed = await apiReferenceOf(`http://reader:pw-s3cret@127.0.0.1:${new URL(docsBase).port}/down?api_key=tok-s3cret`);
    expect(failed.status, failed.text).toBe(502);
    expect(failed.body).toMatchObject({ reason: "http-status", detail: `The API reference at ${docsBase}/down?api_key=•••• could not be read: it answered HTTP 500.` });
    expect(failed.text).not.toContain("s3cret");

    const read = await apiReferenceOf(`http://reader:pw-s3cret@127.0.0.1:${new URL(docsBase).port}/e/openapi.json?api_key=tok-s3cret`);
    expect(read.status, read.text).toBe(200);
    expect(read.body.url).toBe(`${docsBase}/e/openapi.json?api_key=••••`);
    expect(read.text).not.toContain("s3cret");
  });

  test("a page that is not OpenAPI, a host that stops sending, a closed port: 502 naming why", async () => {
    const html = await apiReferenceOf(`${docsBase}/docs.html`);
    expect(html.status, html.text).toBe(502);
    expect(html.body).toMatchObject({ reason: "not-openapi", detail: `The API reference at ${docsBase}/docs.html could not be read: the document is HTML (or XML), not OpenAPI.` });

    const trickle = await apiReferenceOf(`${docsBase}/trickle.json`);
    expect(trickle.status, trickle.text).toBe(502);
    expect(trickle.body).toMatchObject({ reason: "timeout", detail: `The API reference at ${docsBase}/trickle.json could not be read: no complete answer within 3000 ms.` });

    const closed = await apiReferenceOf("http://127.0.0.1:9/openapi.json");
    expect(closed.status, closed.text).toBe(502);
    expect(closed.body).toMatchObject({ reason: "unreachable", detail: "The API reference at http://127.0.0.1:9/openapi.json could not be read: connection refused 127.0.0.1:9." });
  });

  test("404 without an api_reference_url; 422 not-a-url for a javascript: URL, nothing fetched", async () => {
    const none = await apiReferenceOf(undefined);
    expect(none.status, none.text).toBe(404);
    expect(none.body.detail).toMatch(/has no support\.api_reference_url/);

    const script = await apiReferenceOf("javascript:alert(1)");
    expect(script.status, script.text).toBe(422);
    expect(script.body).toMatchObject({ reason: "not-a-url" });
  });
});
