import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";

import { startEverything, type EverythingServer } from "../../lib/mcp/test-peers";
import { apiClient, everyPage, httpServer, uniqueName } from "../support/api-client";

const api = apiClient(inject("baseUrl"));
const group = uniqueName("sort");
// Created in this order, so each is modified after the one before; `c` is patched last of all.
const suffixes = ["d", "b", "e", "a", "c"];
const names = suffixes.map((suffix) => `${group}-${suffix}`);
const [d, b, e, a, c] = names;
let everything: EverythingServer;

type Summary = { name: string; modified_at: string; transport_type: string; health: { status: string } };
const list = (query: string) => everyPage<Summary>(api, `/api/mcp-servers?tags=${group}&${query}`, "mcp_servers");
const namesOf = (servers: { name: string }[]) => servers.map((server) => server.name);

describe("GET /api/mcp-servers?sort=", () => {
  beforeAll(async () => {
    everything = await startEverything("streamableHttp");
    const transports: Record<string, Record<string, unknown>> = {
      [b]: { type: "sse", url: "http://127.0.0.1:9/sse" },
      [e]: { type: "stdio", command: "node" },
      [a]: { type: "http", url: `http://127.0.0.1:${everything.port}/mcp` },
    };
    for (const name of names) {
      const created = await api.post("/api/mcp-servers", httpServer(name, { tags: [group], ...(transports[name] ? { transport: transports[name] } : {}) }));
      expect(created.status, created.text).toBe(201);
    }
    expect((await api.patch(`/api/mcp-servers/${c}`, { description: "Changed last" })).status).toBe(200);
    // a answers the handshake (healthy), d's port is closed (unhealthy); b, c and e are never probed (unknown).
    expect((await api.post(`/api/mcp-servers/${a}/health-check`, {})).body.status).toBe("healthy");
    expect((await api.post(`/api/mcp-servers/${d}/health-check`, {})).body.status).toBe("unhealthy");
  });

  afterAll(async () => {
    await everything?.stop();
  });

  test.each([
    ["name (the default)", "", [a, b, c, d, e]],
    ["name", "sort=name", [a, b, c, d, e]],
    ["-name", "sort=-name", [e, d, c, b, a]],
    ["modified: oldest change first", "sort=modified", [d, b, e, a, c]],
    ["-modified: newest change first", "sort=-modified", [c, a, e, b, d]],
    ["health: healthy first, unhealthy last, ties by name", "sort=health", [a, b, c, e, d]],
    ["-health: unhealthy first", "sort=-health", [d, e, c, b, a]],
    ["transport: http, sse, stdio, ties by name", "sort=transport", [a, c, d, b, e]],
    ["-transport", "sort=-transport", [e, b, d, c, a]],
  ])("%s, in one page and page by page (limit=1 and 2) alike", async (_label, query, expected) => {
    expect(namesOf(await list(`${query}&limit=100`))).toEqual(expected);
    expect(namesOf(await list(`${query}&limit=1`))).toEqual(expected);
    expect(namesOf(await list(`${query}&limit=2`))).toEqual(expected);
  });

  test("the modified order is the order of modified_at as the list reports it", async () => {
    const servers = await list("sort=modified&limit=2");
    const times = servers.map((server) => Date.parse(server.modified_at));
    expect(times).toEqual([...times].sort((x, y) => x - y));
  });

  test.each(["health", "-modified", "transport", "-name"])("previous_cursor opens the page before under sort=%s", async (sort) => {
    const first = await api.get(`/api/mcp-servers?tags=${group}&sort=${sort}&limit=2`);
    const second = await api.get(`/api/mcp-servers?tags=${group}&sort=${sort}&limit=2&cursor=${first.body.next_cursor}`);
    const third = await api.get(`/api/mcp-servers?tags=${group}&sort=${sort}&limit=2&cursor=${second.body.next_cursor}`);
    expect(third.body.next_cursor).toBeNull();
    expect([first.body.total, second.body.total, third.body.total]).toEqual([5, 5, 5]);

    const back = await api.get(`/api/mcp-servers?tags=${group}&sort=${sort}&limit=2&cursor=${third.body.previous_cursor}`);
    expect(namesOf(back.body.mcp_servers)).toEqual(namesOf(second.body.mcp_servers));
    expect(second.body.previous_cursor).toBeNull(); // the page before is the first one, fetched without a cursor
  });

  test.each(["size", "-", "name,-modified", "NAME", "--name"])("sort=%s → 400 problem naming sort", async (sort) => {
    const response = await api.get(`/api/mcp-servers?sort=${encodeURIComponent(sort)}`);
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(response.body.errors).toEqual([expect.objectContaining({ path: "/sort" })]);
  });

  test("a cursor of one order is refused under another (400 naming cursor), not read as a wrong position", async () => {
    const byName = await api.get(`/api/mcp-servers?tags=${group}&limit=2`);
    const byHealth = await api.get(`/api/mcp-servers?tags=${group}&sort=health&limit=2`);

    for (const [sort, cursor] of [["modified", byName.body.next_cursor], ["name", byHealth.body.next_cursor], ["modified", byHealth.body.next_cursor]]) {
      const response = await api.get(`/api/mcp-servers?tags=${group}&sort=${sort}&cursor=${cursor}`);
      expect(response.status, `${sort} with ${cursor}`).toBe(400);
      expect(response.body.errors).toEqual([{ path: "/cursor", message: "is invalid" }]);
    }
  });

  test("the OpenAPI document lists sort with its values", async () => {
    const document = await api.get("/api/openapi.json");
    const parameters = document.body.paths["/api/mcp-servers"].get.parameters as { name: string; schema: { enum?: string[] } }[];
    const sort = parameters.find((parameter) => parameter.name === "sort");
    expect(sort?.schema.enum).toEqual(["name", "-name", "modified", "-modified", "health", "-health", "transport", "-transport"]);
  });
});
