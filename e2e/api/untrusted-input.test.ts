import type { IncomingHttpHeaders } from "node:http";

import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";

import { MAX_RESPONSE_BYTES } from "../../lib/mcp/response-limit";
import { startHttpPeer, type Peer } from "../../lib/mcp/test-peers";
import { apiClient, httpServer, uniqueName } from "../support/api-client";

const api = apiClient(inject("baseUrl"));
const group = uniqueName("untrusted");

describe("untrusted JSON Schemas (RE2)", () => {
  test("POST …/validate with a catastrophic-backtracking pattern answers 200 valid:false", async () => {
    const name = `${group}-redos`;
    const created = await api.post("/api/mcp-servers", httpServer(name, {
      parameters_schema: { type: "object", properties: { word: { type: "string", pattern: "^(a+)+$" } } },
    }));
    expect(created.status, created.text).toBe(201);

    const started = performance.now();
    const validated = await api.post(`/api/mcp-servers/${name}/validate`, { parameters: { word: "aaaaaaaaaaaaaaaaaaaaaaaaaaaaa!" } });
    console.log(`[redos] POST …/validate with ^(a+)+$: ${(performance.now() - started).toFixed(1)} ms`);
    expect(validated.status).toBe(200);
    expect(validated.body).toMatchObject({ valid: false, errors: [{ path: "/parameters/word", message: 'must match pattern "^(a+)+$"' }] });
  });

  test("a pattern RE2 cannot run (lookahead, backreference) is a 400 on write naming its path", async () => {
    const written = await api.post("/api/mcp-servers", httpServer(`${group}-lookahead`, {
      parameters_schema: { type: "object", properties: { a: { type: "string", pattern: "^(?=x)x$" }, b: { type: "string", pattern: "(b)\\1" } } },
    }));
    expect(written.status).toBe(400);
    expect(written.body.errors.map((error: { path: string }) => error.path)).toEqual([
      "/parameters_schema/properties/a/pattern", "/parameters_schema/properties/b/pattern",
    ]);
  });
});

describe("outbound: redirects and response size", () => {
  let target: Peer;
  let redirecting: Peer;
  let oversized: Peer;
  const targetSaw: IncomingHttpHeaders[] = [];

  beforeAll(async () => {
    target = await startHttpPeer((req, res) => {
      targetSaw.push(req.headers);
      res.writeHead(500).end();
    });
    redirecting = await startHttpPeer((_req, res) => res.writeHead(307, { location: `${target.url}/mcp` }).end());
    oversized = await startHttpPeer((_req, res) => res.writeHead(200, { "content-type": "application/json" }).end(Buffer.alloc(MAX_RESPONSE_BYTES + 1, 32)));
  });
  afterAll(async () => Promise.all([target?.close(), redirecting?.close(), oversized?.close()]));

  test("an MCP request with the server's headers is not redirected to another origin: the other port never sees Authorization", async () => {
    // Streamable HTTP: the SDK follows redirects itself (same-origin only) through our fetch; SSE relies on ours.
    for (const type of ["http", "sse"]) {
      const name = `${group}-redirect-${type}`;
      const created = await api.post("/api/mcp-servers", httpServer(name, {
        transport: { type, url: `${redirecting.url}/mcp`, headers: { Authorization: "Bearer not-for-you" } },
      }));
      expect(created.status, created.text).toBe(201);

      const tested = await api.post(`/api/mcp-servers/${name}/test`, {});
      expect(tested.body, type).toMatchObject({ status: "unhealthy", reason: expect.stringMatching(/redirect.*(refused|not followed)/i) });
    }
    expect(targetSaw).toEqual([]);
  });

  test("an oversized upstream response fails the probe with a clear reason", async () => {
    const name = `${group}-oversized`;
    expect((await api.post("/api/mcp-servers", httpServer(name, { transport: { type: "http", url: `${oversized.url}/mcp` } }))).status).toBe(201);
    const tested = await api.post(`/api/mcp-servers/${name}/test`, {});
    expect(tested.body).toMatchObject({ status: "unhealthy", reason: `response larger than 4 MiB from ${oversized.url}` });
  });
});

describe("GET /v0.1/servers?search= matches LIKE wildcards literally (in names and descriptions)", () => {
  beforeAll(async () => {
    for (const suffix of ["a_b", "axb"]) {
      expect((await api.post("/api/mcp-servers", httpServer(`${group}-${suffix}`))).status).toBe(201);
    }
  });

  const namesFor = async (search: string) => {
    const { body } = await api.get(`/v0.1/servers?limit=100&search=${encodeURIComponent(search)}`);
    return body.servers.map((entry: { server: { name: string } }) => entry.server.name.replace(/^dev\.patchbay\//, ""));
  };

  test("`_` is an underscore, `%` a percent sign, `\\` a backslash", async () => {
    expect(await namesFor(`${group}-a_b`)).toEqual([`${group}-a_b`]);
    expect(await namesFor(`${group}-a%b`)).toEqual([]);
    // Search covers descriptions too (DESIGN §13): whatever matches holds the character itself, in one or the other.
    for (const special of ["%", "\\", "_"]) {
      const { body } = await api.get(`/v0.1/servers?limit=100&search=${encodeURIComponent(special)}`);
      const texts = body.servers.map((entry: { server: { name: string; _meta: Record<string, Record<string, { description: string }>> } }) =>
        `${entry.server.name} ${entry.server._meta["io.modelcontextprotocol.registry/publisher-provided"]["dev.patchbay"].description}`);
      expect(texts.filter((text: string) => !text.includes(special)), special).toEqual([]);
      // As a wildcard, `_` would match `…-axb` too.
      expect(texts.filter((text: string) => text.includes(`${group}-axb`)), special).toEqual([]);
    }
    expect(await namesFor(`dev.patchbay/${group}-ax`)).toEqual([`${group}-axb`]);
  });
});
