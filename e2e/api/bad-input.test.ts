import { beforeAll, describe, expect, inject, test } from "vitest";

import { apiClient, httpServer, uniqueName } from "../support/api-client";

const api = apiClient(inject("baseUrl"));
const existing = uniqueName("existing");
const fresh = uniqueName("fresh");

type Case = [label: string, method: string, path: string, body: string | undefined, status: number, failingPath?: string];

const json = (value: unknown) => JSON.stringify(value);
const valid = httpServer(fresh);

/** Each case must be refused with problem+json and leave the registry exactly as it was. */
const cases: Case[] = [
  ["malformed JSON", "POST", "/api/mcp-servers", '{"name": "x",', 400, ""],
  ["empty body", "POST", "/api/mcp-servers", "", 400, ""],
  ["a JSON array instead of an object", "POST", "/api/mcp-servers", "[1,2]", 400, ""],
  ["missing name", "POST", "/api/mcp-servers", json({ ...valid, name: undefined }), 400, "/name"],
  ["upper-case name", "POST", "/api/mcp-servers", json({ ...valid, name: "Fresh" }), 400, "/name"],
  ["the reserved name new", "POST", "/api/mcp-servers", json({ ...valid, name: "new" }), 400, "/name"],
  ["empty description", "POST", "/api/mcp-servers", json({ ...valid, description: "" }), 400, "/description"],
  ["description over 500 characters", "POST", "/api/mcp-servers", json({ ...valid, description: "x".repeat(501) }), 400, "/description"],
  ["unknown top-level key", "POST", "/api/mcp-servers", json({ ...valid, colour: "red" }), 400, "/colour"],
  ["unknown transport type", "POST", "/api/mcp-servers", json({ ...valid, transport: { type: "carrier-pigeon", url: "http://127.0.0.1" } }), 400, "/transport/type"],
  ["a url that is not a URL", "POST", "/api/mcp-servers", json({ ...valid, transport: { type: "http", url: "not a url" } }), 400, "/transport/url"],
  ["a non-http URL scheme", "POST", "/api/mcp-servers", json({ ...valid, transport: { type: "http", url: "ftp://127.0.0.1/x" } }), 400, "/transport/url"],
  ["stdio fields on an http transport", "POST", "/api/mcp-servers", json({ ...valid, transport: { type: "http", url: "http://127.0.0.1", command: "rm" } }), 400, "/transport/command"],
  ["stdio without a command", "POST", "/api/mcp-servers", json({ ...valid, transport: { type: "stdio" } }), 400, "/transport/command"],
  ["header values that are not strings", "POST", "/api/mcp-servers", json({ ...valid, transport: { type: "http", url: "http://127.0.0.1", headers: { "X-N": 5 } } }), 400, "/transport/headers/X-N"],
  ["an environment overriding a foreign field", "POST", "/api/mcp-servers", json({ ...valid, environments: { prod: { command: "sh" } } }), 400, "/environments/prod/command"],
  ["parameters_schema that is not a JSON Schema", "POST", "/api/mcp-servers", json({ ...valid, parameters_schema: { type: "strnig" } }), 400, "/parameters_schema/type"],
  ["tags with a comma", "POST", "/api/mcp-servers", json({ ...valid, tags: ["a,b"] }), 400, "/tags/0"],
  ["repeated tags", "POST", "/api/mcp-servers", json({ ...valid, tags: ["a", "a"] }), 400, "/tags"],
  ["a body over 1 MiB", "POST", "/api/mcp-servers", json({ ...valid, description: "d", tools: [{ name: "big", description: "x".repeat(1_100_000) }] }), 413],
  ["PUT with an invalid body", "PUT", `/api/mcp-servers/${existing}`, json({ ...httpServer(existing), transport: { type: "sse" } }), 400, "/transport/url"],
  ["PATCH that breaks the definition", "PATCH", `/api/mcp-servers/${existing}`, json({ transport: { url: "nope" } }), 400, "/transport/url"],
  ["PATCH renaming onto a taken name", "PATCH", `/api/mcp-servers/${existing}`, json({ name: "context-store" }), 409],
  ["PATCH with a stale If-Match", "PATCH", `/api/mcp-servers/${existing}`, json({ description: "changed" }), 412],
  // A value no store can hold is refused where it is, on every route and in every import (lib/schemas/storable-json.ts):
  // each was a 500 (Prisma and JSON canonicalization refuse a lone surrogate) or a silent loss (`__proto__`).
  ["a lone UTF-16 surrogate in a description", "POST", "/api/mcp-servers", json({ ...valid, description: "x\ud800y" }), 400, "/description"],
  ["a lone surrogate in a PATCH", "PATCH", `/api/mcp-servers/${existing}`, json({ description: "\udc00" }), 400, "/description"],
  ["a NUL in a description, named by its field", "POST", "/api/mcp-servers", json({ ...valid, description: "a\u0000b" }), 400, "/description"],
  ["a __proto__ environment", "POST", "/api/mcp-servers", `{"name":"${fresh}","description":"d","transport":{"type":"http","url":"http://127.0.0.1:9/mcp"},"environments":{"__proto__":{"url":"http://127.0.0.1:9/evil"}}}`, 400, "/environments/__proto__"],
  ["a lone surrogate in an agent's alias", "POST", "/api/agents", json({ name: fresh, description: "d", mcp_servers: { "\udc00": existing } }), 400, "/mcp_servers/\udc00"],
  ["a token name with a line break and a terminal escape", "POST", "/api/tokens", json({ name: "evil\nPatchbay: health sweep by FORGED\u001b[2J", role: "editor" }), 400, "/name"],
  ["a lone surrogate in a token's name", "POST", "/api/tokens", json({ name: "\ud800", role: "viewer" }), 400, "/name"],
  ["a lone surrogate in a variable's value", "PUT", `/api/variables/${fresh.toUpperCase().replace(/[^A-Z0-9]/g, "_")}`, json({ value: "\ud800" }), 400, "/value"],
  ["a lone surrogate in an imported bundle", "POST", "/api/import", json({ mcp_servers: [{ ...valid, description: "\ud800" }] }), 400, "/mcp_servers/0/description"],
  ["a header name HTTP cannot carry", "POST", "/api/mcp-servers", json({ ...valid, transport: { type: "http", url: "http://127.0.0.1", headers: { "a b": "x" } } }), 400, "/transport/headers/a b"],
  ["a header value with a line break", "POST", "/api/mcp-servers", json({ ...valid, transport: { type: "http", url: "http://127.0.0.1", headers: { "X-E": "x\r\nInjected: y" } } }), 400, "/transport/headers/X-E"],
  ["a header value past U+00FF", "POST", "/api/mcp-servers", json({ ...valid, environments: { prod: { headers: { "X-E": "😀" } } } }), 400, "/environments/prod/headers/X-E"],
  ["an empty environment for a blueprint", "POST", `/api/agents/${existing}/blueprint`, json({ environment: "" }), 400, "/environment"],
  ["an environment that is no name", "GET", `/api/agents/${existing}?environment=a%20b%2F..%2Fc`, undefined, 400, "/environment"],
  ["an environment that is no name, for a server", "GET", `/api/mcp-servers/${existing}?environment=%FF`, undefined, 400, "/environment"],
  ["bad limit", "GET", "/api/mcp-servers?limit=5000", undefined, 400, "/limit"],
  ["bad transport filter", "GET", "/api/mcp-servers?transport=smoke", undefined, 400, "/transport"],
  ["a forged cursor", "GET", "/api/mcp-servers?cursor=%%%", undefined, 400, "/cursor"],
  ["validate with parameters that are not an object", "POST", `/api/mcp-servers/${existing}/validate`, json({ parameters: [1] }), 400, "/parameters"],
  ["revision number that is not a number", "GET", `/api/mcp-servers/${existing}/revisions/abc`, undefined, 400, "/n"],
  ["restore of a revision that does not exist", "POST", `/api/mcp-servers/${existing}/revisions/99/restore`, undefined, 404],
];

async function registrySnapshot() {
  const list = await api.get("/api/mcp-servers?limit=1000");
  const existingRaw = await api.get(`/api/mcp-servers/${existing}?raw=true`);
  const revisions = await api.get(`/api/mcp-servers/${existing}/revisions`);
  return { names: list.body.mcp_servers.map((server: { name: string }) => server.name), existing: existingRaw.body, revisions: revisions.body };
}

describe("bad input is refused with problem+json and changes nothing", () => {
  beforeAll(async () => {
    expect((await api.post("/api/mcp-servers", httpServer(existing))).status).toBe(201);
    expect((await api.patch(`/api/mcp-servers/${existing}`, { version: "1.1.0" })).status).toBe(200);
  });

  test.each(cases)("%s → %s %s", async (_label, method, path, body, status, failingPath) => {
    const before = await registrySnapshot();
    const headers = _label.includes("stale") ? { "If-Match": '"1"' } : undefined;
    const response = await api.request(method, path, { rawBody: body, headers });

    expect(response.status).toBe(status);
    expect(response.headers.get("content-type")).toContain("application/problem+json");
    expect(response.body).toMatchObject({ type: expect.any(String), title: expect.any(String), status, detail: expect.any(String) });
    if (failingPath !== undefined) {
      expect(response.body.errors.map((error: { path: string }) => error.path)).toContain(failingPath);
    }
    expect(await registrySnapshot()).toEqual(before);
  });

  test("the table covers at least 15 bad inputs", () => {
    expect(cases.length).toBeGreaterThanOrEqual(15);
  });

  test("a refused key of a map says the rule for its keys, not zod's bare 'Invalid key in record'", async () => {
    const response = await api.post("/api/mcp-servers", { ...valid, environments: { "Prod Env": { url: "http://127.0.0.1:9/mcp" } }, transport: { type: "http", url: "http://127.0.0.1:9/mcp", headers: { "Bad Header:": "x" } } });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([
      { path: "/transport/headers/Bad Header:", message: "is not a valid key: must be an HTTP header name: letters, digits and !#$%&'*+.^_`|~- only" },
      { path: "/environments/Prod Env", message: "is not a valid key: must be letters, digits, '.', '_' or '-', at most 64 characters" },
    ]);
  });

  test("every failing field is listed, not only the first", async () => {
    const response = await api.post("/api/mcp-servers", { name: "Bad Name", description: "", transport: { type: "http", url: "nope" }, colour: 1 });
    expect(response.body.errors.map((error: { path: string }) => error.path).sort()).toEqual(["/colour", "/description", "/name", "/transport/url"]);
  });
});
