import { readFileSync } from "node:fs";

import { afterAll, beforeAll, describe, expect, test } from "vitest";

import Ajv from "ajv";
import addFormats from "ajv-formats";

import rules from "../../lib/formats/fixtures/official-server-rules.schema.json";
import { apiClient } from "../support/api-client";
import { startPatchbay, type PatchbayProcess } from "../support/patchbay-process";
import { OFFICIAL_DUMP, sharedFixture } from "../support/shared-fixtures";

/** The official registry dump (1,108 names) into an empty registry of its own, then read back. */
const dump = readFileSync(sharedFixture(OFFICIAL_DUMP), "utf8");
const EMPTY = { PATCHBAY_AUTH: "off", PATCHBAY_SEED_DEMO: "false" };

let patchbay: PatchbayProcess;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  patchbay = await startPatchbay({ env: EMPTY });
  api = apiClient(patchbay.baseUrl);
});
afterAll(() => patchbay?.stop());

describe("POST /api/import — the official registry dump into an empty registry", () => {
  test("a dry run reports 1,051 to create and 57 skipped, and writes nothing", async () => {
    const dry = await api.request("POST", "/api/import?dry_run=true", { rawBody: dump });

    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({ dry_run: true, format: "official", updated: [], errors: [] });
    expect(dry.body.created).toHaveLength(1051);
    expect(dry.body.skipped).toHaveLength(57);
    expect((await api.get("/api/mcp-servers?limit=10")).body.mcp_servers).toEqual([]);
  });

  test("the import creates 1,051 servers, skips 57 with reasons and lists every renamed name", async () => {
    const imported = await api.request("POST", "/api/import", { rawBody: dump });

    expect(imported.status).toBe(200);
    expect(Object.keys(imported.body)).toEqual(["dry_run", "format", "created", "updated", "skipped", "renamed", "errors"]);
    expect(imported.body).toMatchObject({ dry_run: false, format: "official", updated: [], errors: [] });
    expect(imported.body.created).toHaveLength(1051);
    expect(imported.body.created[0]).toEqual({ name: expect.any(String) });
    expect(imported.body.skipped).toHaveLength(57);
    expect(imported.body.skipped).toContainEqual({
      name: "io.github.tuannvm/mcp-trino",
      reason: "has no streamable-http or sse remote and no package that npx, uvx, docker or dnx can run",
    });
    expect(imported.body.renamed).toContainEqual({ from: "io.github.github/github-mcp-server", to: "io.github.github-github-mcp-server" });

    expect(await listNames(api)).toEqual(imported.body.created.map(({ name }: { name: string }) => name).sort());
  });

  test("every imported server has one revision, action import", async () => {
    const revisions = await api.get("/api/mcp-servers/io.github.github-github-mcp-server/revisions");

    expect(revisions.body.revisions).toEqual([{ revision: 1, action: "import", actor: "anonymous", at: expect.any(String) }]);
  });

  test("importing it again with on_conflict=fail answers 422 with the report and writes nothing", async () => {
    const again = await api.request("POST", "/api/import", { rawBody: dump });

    expect(again.status).toBe(422);
    expect(again.headers.get("content-type")).toContain("application/problem+json");
    expect(again.body).toMatchObject({ status: 422, dry_run: false, format: "official", created: [], updated: [] });
    expect(again.body.errors).toHaveLength(1051);
    expect(again.body.errors[0].message).toMatch(/already exists/);
    const revisions = await api.get("/api/mcp-servers/io.github.github-github-mcp-server/revisions");
    expect(revisions.body.revisions).toHaveLength(1);
  });

  test("importing it again with on_conflict=overwrite changes nothing: every definition is unchanged", async () => {
    const again = await api.request("POST", "/api/import?on_conflict=overwrite", { rawBody: dump });

    expect(again.status).toBe(200);
    expect(again.body.created).toEqual([]);
    expect(again.body.updated).toEqual([]);
    expect(again.body.skipped.filter(({ reason }: { reason: string }) => reason.startsWith("unchanged"))).toHaveLength(1051);
  });
});

describe("GET /v0.1/servers — the official registry API over the imported dump", () => {
  const checkRules = addFormats(new Ajv({ allErrors: true, strict: false })).compile(rules);

  test("a page of 30 by default, each entry a server.json with the registry's official metadata", async () => {
    const page = await api.get("/v0.1/servers");

    expect(page.status).toBe(200);
    expect(page.body.metadata).toEqual({ nextCursor: expect.any(String), count: 30 });
    expect(page.body.servers).toHaveLength(30);
    expect(page.body.servers[0]._meta["io.modelcontextprotocol.registry/official"]).toEqual({
      status: "active", publishedAt: expect.any(String), updatedAt: expect.any(String), isLatest: true,
    });
  });

  test("paging by cursor visits all 1,051 servers once, in name order, and every one meets the server.json rules", async () => {
    const names: string[] = [];
    const broken: unknown[] = [];
    let cursor: string | undefined;
    do {
      const page = await api.get(`/v0.1/servers?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
      expect(page.status).toBe(200);
      expect(page.body.metadata.count).toBe(page.body.servers.length);
      for (const { server } of page.body.servers) {
        names.push(server.name);
        if (!checkRules(server)) broken.push({ name: server.name, errors: checkRules.errors });
      }
      cursor = page.body.metadata.nextCursor;
    } while (cursor);

    expect(broken).toEqual([]);
    expect(names).toHaveLength(1051);
    expect(new Set(names).size).toBe(1051);
    expect(names).toEqual([...names].sort());
    expect(names.every((name) => name.startsWith("dev.patchbay/"))).toBe(true);
  });

  test.each(["limit=0", "limit=101", "updated_since=yesterday", "cursor=bm90IGEgbmFtZSE"])("400 for %s", async (query) => {
    const response = await api.get(`/v0.1/servers?${query}`);
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toContain("application/problem+json");
  });

  test("search matches a substring of the name, with or without the dev.patchbay/ namespace", async () => {
    const plain = await api.get("/v0.1/servers?search=GitHub-MCP&limit=100");
    const namespaced = await api.get("/v0.1/servers?search=dev.patchbay/io.github.github-github-mcp&limit=100");

    expect(plain.body.servers.length).toBeGreaterThan(0);
    expect(plain.body.servers.every(({ server }: { server: { name: string } }) => server.name.includes("github-mcp"))).toBe(true);
    expect(namespaced.body.servers.map(({ server }: { server: { name: string } }) => server.name)).toEqual(["dev.patchbay/io.github.github-github-mcp-server"]);
  });

  test("updated_since (RFC 3339) lists only the servers changed after it", async () => {
    // The boundaries are times the API reported (the import's, which every imported server shares, and the
    // change's), never our clock: "after" is strict, so each boundary excludes the writes made at it.
    const name = "com.jumpcloud-jumpcloud-genai";
    const imported = (await api.get(`/api/mcp-servers/${name}?raw=true`)).body.mcp_server.modified_at as string;
    const changed = await api.patch(`/api/mcp-servers/${name}`, { description: "Manage JumpCloud resources" });
    expect(changed.status).toBe(200);
    const changedAt = changed.body.mcp_server.modified_at as string;

    const listed = (since: string) => api.get(`/v0.1/servers?updated_since=${encodeURIComponent(since)}`);
    const since = await listed(imported);
    const offset = await listed(imported.replace("Z", "+00:00"));
    const sinceChange = await listed(changedAt);

    expect(since.body.servers.map(({ server }: { server: { name: string } }) => server.name)).toEqual([`dev.patchbay/${name}`]);
    expect(offset.body).toEqual(since.body);
    expect(sinceChange.body).toEqual({ servers: [], metadata: { count: 0 } });
  });

  test("GET /v0.1/servers/{name}/versions/latest takes the URL-encoded official name or the plain one", async () => {
    const encoded = await api.get(`/v0.1/servers/${encodeURIComponent("dev.patchbay/io.github.github-github-mcp-server")}/versions/latest`);
    const plain = await api.get("/v0.1/servers/io.github.github-github-mcp-server/versions/latest");
    const missing = await api.get(`/v0.1/servers/${encodeURIComponent("dev.patchbay/no-such-server")}/versions/latest`);

    expect(encoded.status).toBe(200);
    expect(encoded.body.server).toMatchObject({ name: "dev.patchbay/io.github.github-github-mcp-server", version: "0.26.0-rc.3" });
    expect(checkRules(encoded.body.server)).toBe(true);
    expect(plain.body).toEqual(encoded.body);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-type")).toContain("application/problem+json");
  });

  test("Patchbay's own fields ride along under _meta publisher-provided dev.patchbay", async () => {
    const definition = {
      name: "meta-carrier",
      description: "Carries every Patchbay field",
      transport: { type: "http", url: "https://meta.example/mcp", headers: { "X-Ns": "{{namespace}}" } },
      parameters_schema: { type: "object", required: ["namespace"], properties: { namespace: { type: "string" } } },
      support: { documentation_url: "https://meta.example/docs", contact: "team@example.com" },
      environments: { production: { url: "https://meta.prod.example/mcp" } },
      tags: ["meta", "carrier"],
    };
    expect((await api.post("/api/mcp-servers", definition)).status).toBe(201);
    const entry = await api.get("/v0.1/servers/meta-carrier/versions/latest");

    expect(checkRules(entry.body.server)).toBe(true);
    expect(entry.body.server._meta["io.modelcontextprotocol.registry/publisher-provided"]["dev.patchbay"]).toEqual(definition);
    expect(entry.body.server.remotes).toEqual([{
      type: "streamable-http", url: "https://meta.example/mcp",
      headers: [{ name: "X-Ns", value: "{namespace}", isRequired: true, variables: { namespace: { isRequired: true } } }],
    }]);
  });

  test("unknown paths under /v0.1 answer problem+json 404", async () => {
    const response = await api.get("/v0.1/nothing-here");
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toContain("application/problem+json");
  });
});

describe("GET /api/export → POST /api/import round trip", () => {
  test("export, import into an empty registry, export again: the same bytes", async () => {
    const exported = await api.get("/api/export");
    expect(exported.status).toBe(200);
    expect(Object.keys(exported.body)).toEqual(["mcp_servers", "capabilities", "agents"]);
    expect(exported.body.mcp_servers).toHaveLength(1052);
    expect(exported.body.mcp_servers.every((server: object) => !("revision" in server) && !("created_at" in server))).toBe(true);

    const other = await startPatchbay({ env: EMPTY });
    try {
      const otherApi = apiClient(other.baseUrl);
      const imported = await otherApi.request("POST", "/api/import", { rawBody: exported.text });
      expect(imported.status).toBe(200);
      expect(imported.body).toMatchObject({ format: "native", renamed: [], errors: [], skipped: [] });
      expect(imported.body.created).toHaveLength(1052);

      const again = await otherApi.get("/api/export");
      expect(again.text).toBe(exported.text);
    } finally {
      await other.stop();
    }
  });
});

/** Every server name, following next_cursor. */
async function listNames(client: ReturnType<typeof apiClient>): Promise<string[]> {
  const names: string[] = [];
  let cursor: string | null = null;
  do {
    const page: { body: { mcp_servers: { name: string }[]; next_cursor: string | null } } =
      await client.get(`/api/mcp-servers?limit=1000${cursor ? `&cursor=${cursor}` : ""}`);
    names.push(...page.body.mcp_servers.map(({ name }) => name));
    cursor = page.body.next_cursor;
  } while (cursor);
  return names;
}
