import { readFileSync } from "node:fs";

import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { apiClient } from "../support/api-client";
import { startOfficialRegistryPeer, type OfficialRegistryPeer } from "../support/official-registry-peer";
import { startPatchbay, type PatchbayProcess } from "../support/patchbay-process";
import { OFFICIAL_DUMP, sharedFixture } from "../support/shared-fixtures";

/** The upstream mirror (DESIGN §13) against a local server answering the official API over the 2025-12-18 dump. */
const dump = JSON.parse(readFileSync(sharedFixture(OFFICIAL_DUMP), "utf8").replace(/^\uFEFF/, ""));
const latest = dump.filter((entry: any) => entry._meta?.["io.modelcontextprotocol.registry/official"]?.isLatest === true);
const latestNames = new Set<string>(latest.map((entry: any) => entry.server.name));

let peer: OfficialRegistryPeer;
let patchbay: PatchbayProcess;
let api: ReturnType<typeof apiClient>;

type Listed = { name: string; description: string; version: string | null; transport_type: string | null; preview: any; reason: string | null };

async function pageThrough(search?: string): Promise<{ servers: Listed[]; pages: number }> {
  const servers: Listed[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const query: URLSearchParams = new URLSearchParams({ ...(search ? { search } : {}), ...(cursor ? { cursor } : {}) });
    const page: { status: number; body: { servers: Listed[]; next_cursor: string | null } } = await api.get(`/api/upstream/servers?${query}`);
    expect(page.status).toBe(200);
    servers.push(...page.body.servers);
    cursor = page.body.next_cursor;
    pages++;
  } while (cursor);
  return { servers, pages };
}

beforeAll(async () => {
  peer = await startOfficialRegistryPeer(dump);
  patchbay = await startPatchbay({ env: { PATCHBAY_AUTH: "off", PATCHBAY_SEED_DEMO: "false", PATCHBAY_UPSTREAM_URL: peer.baseUrl } });
  api = apiClient(patchbay.baseUrl);
}, 120_000);

afterAll(async () => {
  await patchbay?.stop();
  await peer?.stop();
});

describe("GET /api/upstream/servers", () => {
  test("paged through to the end: every latest-version name of the dump exactly once, each as it would import", async () => {
    const { servers, pages } = await pageThrough();

    const names = servers.map((server) => server.name);
    expect(new Set(names).size).toBe(latestNames.size);
    expect(names).toHaveLength(latestNames.size);
    expect(new Set(names)).toEqual(latestNames);
    expect(pages).toBe(Math.ceil(latestNames.size / 50));
    // The same split as importing the whole dump (e2e/api/import-dump.test.ts): 1,051 importable, 57 not.
    expect(servers.filter((server) => server.preview !== null)).toHaveLength(1051);
    expect(servers.filter((server) => server.reason !== null)).toHaveLength(57);
    for (const server of servers) {
      expect(server.transport_type, server.name).toBe(server.preview?.transport.type ?? null);
      expect(server.reason === null, server.name).toBe(server.preview !== null);
    }
    // Each upstream call asked for latest versions only, following the upstream's own cursors.
    expect(peer.requests.filter((request) => request.startsWith("/v0.1/servers?")).every((request) => request.includes("version=latest"))).toBe(true);
  });

  test("search is passed to the upstream as it is, and paged the same way", async () => {
    const expected = [...latestNames].filter((name) => name.toLowerCase().includes("github"));
    const { servers } = await pageThrough("github");
    expect(servers.map((server) => server.name).sort()).toEqual(expected.sort());
    expect(expected.length).toBeGreaterThan(0);
  });
});

describe("POST /api/upstream/servers/{name}/add", () => {
  test("creates the server as previewed → 201, then the server's page reads it; adding again → 409", async () => {
    const { body } = await api.get("/api/upstream/servers?search=" + encodeURIComponent("io.github"));
    const chosen: Listed = body.servers.find((server: Listed) => server.preview !== null);

    const added = await api.post(`/api/upstream/servers/${encodeURIComponent(chosen.name)}/add`);
    expect(added.status).toBe(201);
    const { created_at, modified_at, revision, ...definition } = added.body.mcp_server;
    expect(definition).toEqual(chosen.preview);
    expect(revision).toBe(1);
    expect(created_at).toBe(modified_at);
    expect(added.headers.get("location")).toBe(`/api/mcp-servers/${encodeURIComponent(chosen.preview.name)}`);

    const stored = await api.get(`/api/mcp-servers/${encodeURIComponent(chosen.preview.name)}?raw=true`);
    expect(stored.body.mcp_server).toEqual(added.body.mcp_server);
    const [first] = (await api.get(`/api/mcp-servers/${encodeURIComponent(chosen.preview.name)}/revisions`)).body.revisions;
    expect(first).toMatchObject({ revision: 1, action: "import" });

    const again = await api.post(`/api/upstream/servers/${encodeURIComponent(chosen.name)}/add`);
    expect(again.status).toBe(409);
    expect(again.body.detail).toContain(chosen.preview.name);
  });

  test("an upstream name that does not exist → 404; one that cannot be imported → 422 with the reason", async () => {
    const missing = await api.post(`/api/upstream/servers/${encodeURIComponent("io.example/no-such-server")}/add`);
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toContain("io.example/no-such-server");

    const { servers } = await pageThrough();
    const unimportable = servers.find((server) => server.reason !== null)!;
    const refused = await api.post(`/api/upstream/servers/${encodeURIComponent(unimportable.name)}/add`);
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toContain(unimportable.reason);
  });

  test("an upstream that fails → 502 problem for both routes, and nothing is written", async () => {
    const before = (await api.get("/api/mcp-servers?limit=1")).body.total;
    peer.setFailing(true);
    try {
      const listed = await api.get("/api/upstream/servers");
      expect(listed.status).toBe(502);
      expect(listed.headers.get("content-type")).toMatch(/^application\/problem\+json/);
      expect(listed.body.detail).toContain("503");

      const added = await api.post(`/api/upstream/servers/${encodeURIComponent([...latestNames][0])}/add`);
      expect(added.status).toBe(502);
    } finally {
      peer.setFailing(false);
    }
    expect((await api.get("/api/mcp-servers?limit=1")).body.total).toBe(before);
  });
});

describe("the upstream and the outbound policy", () => {
  let guarded: PatchbayProcess | undefined;
  afterAll(async () => guarded?.stop());

  test("an upstream the outbound policy denies → 502 naming the policy, and no request reaches it", async () => {
    guarded = await startPatchbay({ env: { PATCHBAY_AUTH: "off", PATCHBAY_SEED_DEMO: "false", PATCHBAY_UPSTREAM_URL: peer.baseUrl, PATCHBAY_OUTBOUND_DENY: "127.0.0.1/32" } });
    const client = apiClient(guarded.baseUrl);
    const requestsBefore = peer.requests.length;

    const listed = await client.get("/api/upstream/servers");
    expect(listed.status).toBe(502);
    expect(listed.body.detail).toContain("blocked by outbound policy: 127.0.0.1 (in deny list (127.0.0.1/32))");
    const added = await client.post(`/api/upstream/servers/${encodeURIComponent([...latestNames][0])}/add`);
    expect(added.status).toBe(502);
    expect(peer.requests).toHaveLength(requestsBefore);
  }, 120_000);
});
