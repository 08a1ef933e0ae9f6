import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { startToolsetPeer, type ToolsetPeer } from "../../lib/tools/toolset-peer";
import { OPEN_QUIET_ENV } from "../support/authed-patchbay";
import { apiClient, everyPage, httpServer, uniqueName } from "../support/api-client";
import { jcs, sha256 } from "../support/independent-jcs";
import { startPatchbay, type PatchbayProcess } from "../support/patchbay-process";
import { freshDatabaseUrl, removeDatabase } from "../support/test-database";

/**
 * Declared tools in the registry-wide catalog (DESIGN §11 `source: "declared"`), on the project's engine (its own
 * database, so api-pg runs it on PostgreSQL): written with the definition in every write path, searched and
 * filtered like discovered ones, and shown once — as discovered — where a probe of a real MCP server (the SDK's,
 * started here) found the same name in the environment looked at.
 */
let patchbay: PatchbayProcess;
let api: ReturnType<typeof apiClient>;
let peer: ToolsetPeer;
let databaseUrl: string;
const name = uniqueName("declared");
const imported = uniqueName("declared-import");

const DECLARED = [
  { name: "lookup", description: "Declared lookup" },
  { name: "report", description: "Quarterly figures of the archive" },
  { name: "zeta_export", description: "Writes a file", input_schema: { type: "object", properties: { path: { type: "string" } }, required: ["path"] } },
];


type Row = { server: string; environment: string | null; name: string; source: string; pinned: boolean; drift: boolean; fingerprint: string; first_seen_at: string | null };
const catalog = async (query: string): Promise<Row[]> => {
  const response = await api.get(`/api/tools?${query}`);
  expect(response.status, query).toBe(200);
  return response.body.tools;
};
const sources = (rows: Row[]) => rows.map((row) => [row.name, row.source, row.environment]);
const etagOf = async (server: string) => (await api.get(`/api/mcp-servers/${server}`)).headers.get("etag")!;

beforeAll(async () => {
  databaseUrl = await freshDatabaseUrl("declared-tools");
  [patchbay, peer] = await Promise.all([
    startPatchbay({ env: OPEN_QUIET_ENV, databaseUrl }),
    startToolsetPeer([{ name: "lookup", description: "Finds a record by id", input_schema: { type: "object", properties: { id: { type: "string" } } }, annotations: { readOnlyHint: true } }]),
  ]);
  api = apiClient(patchbay.baseUrl);
  expect((await api.post("/api/mcp-servers", httpServer(name, { transport: { type: "http", url: peer.url }, tools: DECLARED }))).status).toBe(201);
}, 120_000);

afterAll(async () => {
  await Promise.all([patchbay?.stop(), peer?.close()]);
  if (databaseUrl) removeDatabase(databaseUrl);
});

describe("declared tools in GET /api/tools (DESIGN §11)", { timeout: 60_000 }, () => {
  test("a created server's declared tools are catalog rows: source declared, no environment, unpinned, no drift, JCS fingerprints", async () => {
    const rows = await catalog(`server=${name}`);
    expect(sources(rows)).toEqual([["lookup", "declared", null], ["report", "declared", null], ["zeta_export", "declared", null]]);
    expect(rows.every((row) => !row.pinned && !row.drift && row.first_seen_at === null)).toBe(true);
    expect(rows.map((row) => row.fingerprint)).toEqual(DECLARED.map((tool) => sha256(jcs({ input_schema: { type: "object" }, ...tool }))));
  });

  test("search (through the trigram index and the short-needle scan), annotation, environment and cursor paging serve declared rows", async () => {
    expect(sources(await catalog(`search=QUARTERLY&server=${name}`))).toEqual([["report", "declared", null]]);
    expect(sources(await catalog(`search=qu&server=${name}`))).toEqual([["report", "declared", null]]);
    expect(sources(await catalog("search=figures of the archive"))).toEqual([["report", "declared", null]]);
    expect(await catalog(`annotation=readOnlyHint&server=${name}`)).toEqual([]);
    expect(sources(await catalog(`environment=staging&server=${name}`))).toEqual(sources(await catalog(`server=${name}`)));

    const paged = await everyPage<Row>(api, `/api/tools?server=${name}&limit=1`, "tools");
    expect(paged.map((tool) => tool.name)).toEqual(["lookup", "report", "zeta_export"]);
  });

  test("a probe that discovers a declared name shows it once, as discovered, in that environment only; probes keep the declared rows", async () => {
    for (let round = 0; round < 2; round++) {
      const tested = await api.post(`/api/mcp-servers/${name}/test`, {});
      expect(tested.body.status).toBe("healthy");
    }
    const expected = [["lookup", "discovered", "development"], ["report", "declared", null], ["zeta_export", "declared", null]];
    expect(sources(await catalog(`server=${name}`))).toEqual(expected);
    expect(sources(await catalog(`server=${name}&environment=development`))).toEqual(expected);
    expect(sources(await catalog(`search=lookup&server=${name}`))).toEqual([["lookup", "discovered", "development"]]);
    expect(sources(await catalog(`annotation=readOnlyHint&server=${name}`))).toEqual([["lookup", "discovered", "development"]]);
    // No probe ran in staging: there the declared lookup is what the registry knows.
    const staging = [["lookup", "declared", null], ["report", "declared", null], ["zeta_export", "declared", null]];
    expect(sources(await catalog(`server=${name}&environment=staging`))).toEqual(staging);

    // GET /api/mcp-servers/{name}/tools answers by the same rule.
    const ofServer = async (query: string) => sources((await api.get(`/api/mcp-servers/${name}/tools${query}`)).body.tools);
    expect(await ofServer("")).toEqual(expected);
    expect(await ofServer("?environment=staging")).toEqual(staging);
  });

  test("PATCH replaces the declared rows, restoring a revision brings them back, DELETE removes them", async () => {
    const patched = await api.patch(`/api/mcp-servers/${name}`, { tools: [{ name: "report", description: "Monthly figures" }] }, { "If-Match": await etagOf(name) });
    expect(patched.status).toBe(200);
    expect(sources(await catalog(`server=${name}`))).toEqual([["lookup", "discovered", "development"], ["report", "declared", null]]);
    expect(await catalog("search=quarterly")).toEqual([]);
    expect(sources(await catalog("search=monthly figures"))).toEqual([["report", "declared", null]]);

    const restored = await api.post(`/api/mcp-servers/${name}/revisions/1/restore`, undefined, { "If-Match": await etagOf(name) });
    expect(restored.status).toBe(200);
    expect(sources(await catalog(`server=${name}&environment=staging`))).toEqual([["lookup", "declared", null], ["report", "declared", null], ["zeta_export", "declared", null]]);
    expect(await catalog("search=monthly figures")).toEqual([]);

    expect((await api.delete(`/api/mcp-servers/${name}`, { "If-Match": await etagOf(name) })).status).toBe(204);
    expect(await catalog("search=quarterly")).toEqual([]);
    expect(await catalog("search=lookup")).toEqual([]);
  });

  test("an import writes declared tools with the servers it creates, and replaces them on overwrite", async () => {
    const first = await api.post("/api/import", { mcp_servers: [httpServer(imported, { tools: [{ name: "imported_one", description: "First import" }] })] });
    expect(first.status).toBe(200);
    expect(sources(await catalog(`server=${imported}`))).toEqual([["imported_one", "declared", null]]);

    const again = await api.post("/api/import?on_conflict=overwrite", { mcp_servers: [httpServer(imported, { tools: [{ name: "imported_two", description: "Second import" }] })] });
    expect(again.status).toBe(200);
    expect(sources(await catalog(`server=${imported}`))).toEqual([["imported_two", "declared", null]]);
  });
});
