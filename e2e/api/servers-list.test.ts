import { beforeAll, describe, expect, inject, test } from "vitest";

import { apiClient, everyPage, httpServer, uniqueName } from "../support/api-client";

const api = apiClient(inject("baseUrl"));
const group = uniqueName("list");
const names = { alpha: `${group}-alpha`, beta: `${group}-beta`, gamma: `${group}-gamma`, delta: `${group}-delta` };

const namesOf = (body: { mcp_servers: { name: string }[] }) => body.mcp_servers.map((server) => server.name);

describe("GET /api/mcp-servers filters", () => {
  beforeAll(async () => {
    const created = await Promise.all([
      api.post("/api/mcp-servers", httpServer(names.alpha, { tags: [group, "storage", "search"], provides: ["docs:read"], description: "Holds DOCUMENTS" })),
      api.post("/api/mcp-servers", httpServer(names.beta, { tags: [group, "storage"], provides: ["docs:read", "docs:write"] })),
      api.post("/api/mcp-servers", httpServer(names.gamma, { tags: [group, "search"], transport: { type: "sse", url: "http://127.0.0.1:9/sse" } })),
      api.post("/api/mcp-servers", httpServer(names.delta, { tags: [group], transport: { type: "stdio", command: "node" } })),
    ]);
    expect(created.map((response) => response.status)).toEqual([201, 201, 201, 201]);
  });

  test("summaries carry the DESIGN §3 fields, health unknown before any probe", async () => {
    const list = await api.get(`/api/mcp-servers?tags=${group}&search=alpha`);

    expect(list.status).toBe(200);
    expect(list.body).toEqual({
      mcp_servers: [{
        name: names.alpha, description: "Holds DOCUMENTS", version: "1.0.0", transport_type: "http", auth_type: null, auth_mode: null,
        tags: [group, "storage", "search"], provides: ["docs:read"], has_parameters: false, support: {},
        health: { status: "unknown", checked_at: null, latency_ms: null, drift: false }, modified_at: expect.any(String),
      }],
      next_cursor: null,
      previous_cursor: null,
      total: 1,
    });
  });

  test.each([
    ["tags is all-of", `tags=${group},storage`, ["alpha", "beta"]],
    ["tags all-of narrows further", `tags=${group},storage,search`, ["alpha"]],
    ["search is case-insensitive over descriptions", `tags=${group}&search=documents`, ["alpha"]],
    ["search matches tags", `search=${group}`, ["alpha", "beta", "delta", "gamma"]],
    ["search matches names", `search=${names.gamma.toUpperCase()}`, ["gamma"]],
    ["transport", `tags=${group}&transport=stdio`, ["delta"]],
    ["provides is all-of", `tags=${group}&provides=docs:read,docs:write`, ["beta"]],
    ["health=unknown matches never-probed servers", `tags=${group}&health=unknown`, ["alpha", "beta", "delta", "gamma"]],
    ["health=healthy matches none yet", `tags=${group}&health=healthy`, []],
  ])("%s (?%s)", async (_label, query, expected) => {
    const list = await api.get(`/api/mcp-servers?${query}`);
    expect(list.status).toBe(200);
    expect(namesOf(list.body)).toEqual(expected.map((key) => names[key as keyof typeof names]));
  });

  test("limit and cursor page through in name order without gaps or repeats", async () => {
    const first = await api.get(`/api/mcp-servers?tags=${group}&limit=3`);
    expect(namesOf(first.body)).toEqual([names.alpha, names.beta, names.delta]);
    expect(first.body.next_cursor).toEqual(expect.any(String));

    const second = await api.get(`/api/mcp-servers?tags=${group}&limit=3&cursor=${first.body.next_cursor}`);
    expect(namesOf(second.body)).toEqual([names.gamma]);
    expect(second.body.next_cursor).toBeNull();
    expect([first.body.total, second.body.total]).toEqual([4, 4]);
    expect(first.body.previous_cursor).toBeNull();
    expect(second.body.previous_cursor).toBeNull(); // the page before is the first one, fetched without a cursor
  });

  test("previous_cursor opens the page before, from any page", async () => {
    const pages: string[][] = [];
    const cursors: (string | undefined)[] = [undefined];
    for (let cursor: string | undefined; ;) {
      const page = await api.get(`/api/mcp-servers?tags=${group}&limit=1${cursor ? `&cursor=${cursor}` : ""}`);
      pages.push(namesOf(page.body));
      if (!page.body.next_cursor) break;
      cursor = page.body.next_cursor;
      cursors.push(cursor);
    }
    expect(pages).toHaveLength(4);
    const third = await api.get(`/api/mcp-servers?tags=${group}&limit=1&cursor=${cursors[2]}`);
    expect(third.body.previous_cursor).toBe(cursors[1]);
    const second = await api.get(`/api/mcp-servers?tags=${group}&limit=1&cursor=${third.body.previous_cursor}`);
    expect(namesOf(second.body)).toEqual(pages[1]);
    expect(second.body.previous_cursor).toBeNull();
  });

  test("GET /api/environments lists every environment defined, plus the current one", async () => {
    const name = uniqueName("envlist");
    await api.post("/api/mcp-servers", httpServer(name, { environments: { [`qa-${group}`]: { url: "http://127.0.0.1:9/qa" } } }));
    const environments = await api.get("/api/environments");

    expect(environments.body.current).toBe("development");
    expect(environments.body.environments).toEqual(expect.arrayContaining(["development", `qa-${group}`]));
  });
});

describe("GET /api/mcp-servers?search= takes %, _ and \\ literally", () => {
  const wild = uniqueName("wild");
  const wildNames = { percent: `${wild}-percent`, plain: `${wild}-plain`, under: `${wild}-under` };

  beforeAll(async () => {
    const created = await Promise.all([
      api.post("/api/mcp-servers", httpServer(wildNames.percent, { tags: [wild], description: "Uptime 100% Sure" })),
      api.post("/api/mcp-servers", httpServer(wildNames.plain, { tags: [wild], description: "Uptime 1000 sure" })),
      api.post("/api/mcp-servers", httpServer(wildNames.under, { tags: [wild], description: "Keys in snake_case Back\\slash" })),
    ]);
    expect(created.map((response) => response.status)).toEqual([201, 201, 201]);
  });

  test.each([
    ["%", ["percent"]],
    ["100%", ["percent"]],
    ["_", ["under"]],
    ["E_C", ["under"]],
    ["\\", ["under"]],
    ["K\\S", ["under"]],
    ["SURE", ["percent", "plain"]],
  ])("search=%s", async (search, expected) => {
    const list = await api.get(`/api/mcp-servers?tags=${wild}&search=${encodeURIComponent(search)}`);
    expect(list.status).toBe(200);
    expect(namesOf(list.body)).toEqual(expected.map((key) => wildNames[key as keyof typeof wildNames]));
  });
});

describe("GET /api/mcp-servers order", () => {
  test("names come in byte order on every engine, page by page, whatever the database's collation", async () => {
    const group = uniqueName("order");
    const names = ["a_b", "a-b", "a.b", "a0", "ab", "a-c"].map((suffix) => `${group}-${suffix}`);
    for (const name of names) expect((await api.post("/api/mcp-servers", httpServer(name, { tags: [group] }))).status).toBe(201);

    const seen = await everyPage<{ name: string }>(api, `/api/mcp-servers?tags=${group}&limit=2`, "mcp_servers");
    expect(namesOf({ mcp_servers: seen })).toEqual([...names].sort());
  });
});
