import { readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, inject, test } from "vitest";

import { apiClient, uniqueName } from "../support/api-client";
import { givenAgent, givenCapability, givenServer } from "../support/documents";

const api = apiClient(inject("baseUrl"));

const fetchInput = { type: "object", properties: { url: { type: "string" }, max_length: { type: "integer" } }, required: ["url", "max_length"] };
const declared = {
  fetch: [{ name: "fetch", description: "Fetch a URL", input_schema: fetchInput }],
  docs: [{ name: "search_docs", original_name: "search_documentation", input_schema: { type: "object" } }],
};

describe("capability tools: validation on write", () => {
  test.each([
    ["a cycle, naming the chain", { virtual: [{ name: "a", source: "b" }, { name: "b", source: "a" }] }, "/tools/virtual/0/source", "is a cycle: a → b → a"],
    ["a source_field that is not RFC 9535 JSONPath", { virtual: [{ name: "a", source: "f.fetch", output_schema: { type: "object", properties: { n: { source_field: "total" } } } }] },
      "/tools/virtual/0/output_schema/properties/n/source_field", "must be an RFC 9535 JSONPath such as '$.items[*]'"],
    ["a source on an alias the capability does not have", { virtual: [{ name: "a", source: "gh.search" }] }, "/tools/virtual/0/source",
      "'gh.search' names no alias of mcp_servers (as 'alias.tool') and no virtual tool of this capability"],
  ])("400 for %s, and nothing changes", async (_, tools, errorPath, message) => {
    const server = await givenServer(api, "vt-f", { tools: declared.fetch });
    const name = await givenCapability(api, "vt-bad", { mcp_servers: { f: server } });
    const before = await api.get(`/api/capabilities/${name}`);

    const response = await api.patch(`/api/capabilities/${name}`, { tools });

    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toContain("application/problem+json");
    expect(response.body.errors).toContainEqual({ path: errorPath, message });
    expect((await api.get(`/api/capabilities/${name}`)).body).toEqual(before.body);
  });
});

describe("GET /api/capabilities/:name/tools and /api/agents/:name/tools", () => {
  test("include, a virtual chain to the upstream tool, hidden default keys only", async () => {
    const fetch = await givenServer(api, "vt-fetch", { tools: declared.fetch });
    const docs = await givenServer(api, "vt-docs", { tools: declared.docs });
    const name = await givenCapability(api, "vt-web", {
      mcp_servers: { web: fetch, docs },
      tools: { include: ["docs.*"], virtual: [
        { name: "page", source: "get_webpage" },
        { name: "get_webpage", source: "web.fetch", description: "Get a page", defaults: { max_length: "${SECRET_LIMIT}" } },
      ] },
    });

    const response = await api.get(`/api/capabilities/${name}/tools?environment=production`);

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      name, environment: "production", errors: [],
      tools: [
        { name: "docs.search_docs", input_schema: { type: "object" }, origin: { place: `capability ${name}`, alias: "docs", server: docs, upstream_tool: "search_documentation", chain: [], hidden_default_keys: [] } },
        { name: "page", description: "Get a page", input_schema: { type: "object", properties: { url: { type: "string" } }, required: ["url"] },
          origin: { place: `capability ${name}`, alias: "web", server: fetch, upstream_tool: "fetch", chain: ["page", "get_webpage", "web.fetch"], hidden_default_keys: ["max_length"] } },
        { name: "get_webpage", description: "Get a page", input_schema: { type: "object", properties: { url: { type: "string" } }, required: ["url"] },
          origin: { place: `capability ${name}`, alias: "web", server: fetch, upstream_tool: "fetch", chain: ["get_webpage", "web.fetch"], hidden_default_keys: ["max_length"] } },
      ],
    });
    expect(response.text).not.toContain("SECRET_LIMIT");
  });

  test("an agent's union, with a name claimed twice named in both places", async () => {
    const fetch = await givenServer(api, "vt-fetch", { tools: declared.fetch });
    const first = await givenCapability(api, "vt-one", { mcp_servers: { web: fetch }, tools: { include: [], virtual: [{ name: "get", source: "web.fetch" }] } });
    const second = await givenCapability(api, "vt-two", { mcp_servers: { other: fetch }, tools: { include: [], virtual: [{ name: "get", source: "other.fetch" }] } });
    const agent = await givenAgent(api, "vt-agent", { capabilities: [first, second], mcp_servers: { own: fetch } });

    const response = await api.get(`/api/agents/${agent}/tools`);

    expect(response.status).toBe(200);
    expect(response.body.tools.map((tool: { name: string; origin: { place: string } }) => [tool.name, tool.origin.place])).toEqual([
      ["get", `capability ${first}`], ["own.fetch", `agent ${agent}`],
    ]);
    expect(response.body.errors).toEqual([{ path: "/tools/get", message: `Tool 'get' defined in multiple places: capability ${first}, capability ${second}` }]);
  });

  test("404 for an unknown capability or agent; 400 for a bad environment", async () => {
    expect((await api.get(`/api/capabilities/${uniqueName("none")}/tools`)).status).toBe(404);
    expect((await api.get(`/api/agents/${uniqueName("none")}/tools`)).status).toBe(404);
    const name = await givenCapability(api, "vt-env");
    const bad = await api.get(`/api/capabilities/${name}/tools?environment=${encodeURIComponent("no spaces")}`);
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].path).toBe("/environment");
  });
});

describe("seed 004 through the API: import → export → import", () => {
  const seed = readFileSync(path.resolve("lib/formats/fixtures/unified-seed-004.json"), "utf8");
  const imported = async (capability: string) => {
    const servers = await Promise.all(["server-name", "remote-server"].map(async (name) => (await api.get(`/api/mcp-servers/${name}?raw=true`)).body.mcp_server));
    const { body } = await api.get(`/api/capabilities/${capability}`);
    const strip = ({ created_at: _c, modified_at: _m, revision: _r, ...definition }: Record<string, unknown>) => definition;
    return { servers: servers.map(strip), capability: strip(body.capability) };
  };

  test("the example round-trips and keeps tools, original names and oauth", async () => {
    const capability = uniqueName("seed-004");
    const first = await api.request("POST", `/api/import?format=unified&on_conflict=overwrite&capability=${capability}`, { rawBody: seed });
    expect(first.status).toBe(200);
    expect(first.body.errors).toEqual([]);
    const once = await imported(capability);
    expect(once.capability).toEqual({
      name: capability, description: "Imported from unified", mcp_servers: ["server-name", "remote-server"],
      tools: { include: ["server-name.fetch"], virtual: [{ name: "get_webpage", source: "server-name.fetch", description: "Virtual tool aliasing fetch" }] },
    });
    expect(once.servers[1]).toMatchObject({ name: "remote-server", auth: { type: "oauth" }, transport: { type: "http", url: "https://api.example.com/mcp" } });

    const exported = await api.get(`/api/capabilities/${capability}/export?format=unified`);
    expect(exported.status).toBe(200);
    expect(exported.body).toEqual(JSON.parse(readFileSync(path.resolve("lib/formats/fixtures/expected/unified-seed-004-export.json"), "utf8")));

    const again = await api.request("POST", `/api/import?format=unified&on_conflict=overwrite&capability=${capability}`, { rawBody: exported.text });
    expect(again.status).toBe(200);
    expect(again.body.errors).toEqual([]);
    expect(await imported(capability)).toEqual(once);
  });

  test("the export needs ?format=unified and an existing capability", async () => {
    const name = await givenCapability(api, "vt-export");
    const missing = await api.get(`/api/capabilities/${name}/export`);
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0].path).toBe("/format");
    expect((await api.get(`/api/capabilities/${uniqueName("none")}/export?format=unified`)).status).toBe(404);
  });
});
