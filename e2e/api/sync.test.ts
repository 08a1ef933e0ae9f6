import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { apiClient, httpServer, type ApiResponse } from "../support/api-client";
import { capabilityBody } from "../support/documents";
import { startPatchbay, type PatchbayProcess } from "../support/patchbay-process";
import { freshDatabaseUrl, removeDatabase } from "../support/test-database";
import { waitUntil } from "../support/wait-until";

/**
 * GitOps sync (DESIGN §13) against real files in a temp folder: a Patchbay of its own per layout, whose poll is
 * an hour, so every change after the first import is seen through the file watch. Tests wait on GET /api/sync
 * or on the entity itself, never on time.
 */
const WAIT_MS = 30_000;

type Api = ReturnType<typeof apiClient>;

function writeJson(file: string, value: unknown) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
}

async function syncStatus(api: Api) {
  return (await api.get("/api/sync")).body;
}

async function waitForStatus(api: Api, condition: (status: any) => boolean, what: string) {
  await waitUntil(async () => condition(await syncStatus(api)), WAIT_MS, what);
  return syncStatus(api);
}

type SyncingPatchbay = { dir: string; patchbay: PatchbayProcess; api: Api };

/**
 * Registers the describe block's beforeAll/afterAll: a fresh folder, which `prepare` fills and answers the sync
 * settings for; a Patchbay of its own on a fresh database syncing it; all of them removed at the end.
 */
function useSyncingPatchbay(label: string, prepare: (dir: string) => Record<string, string>): SyncingPatchbay {
  const sync = {} as SyncingPatchbay;
  let databaseUrl: string;
  beforeAll(async () => {
    sync.dir = fs.mkdtempSync(path.join(os.tmpdir(), `patchbay-sync-${label}-`));
    const env = prepare(sync.dir);
    databaseUrl = await freshDatabaseUrl(`sync-${label}`);
    sync.patchbay = await startPatchbay({ databaseUrl, env: { PATCHBAY_AUTH: "off", PATCHBAY_SEED_DEMO: "false", ...env } });
    sync.api = apiClient(sync.patchbay.baseUrl);
  }, 120_000);
  afterAll(async () => {
    await sync.patchbay?.stop();
    removeDatabase(databaseUrl);
    fs.rmSync(sync.dir, { recursive: true, force: true });
  });
  return sync;
}

describe("a seed 003 directory as PATCHBAY_SYNC_PATH", () => {
  const sync = useSyncingPatchbay("dir", (root) => {
    writeJson(serverFile("synced-alpha"), httpServer("synced-alpha", { description: "Alpha from git" }));
    writeJson(serverFile("synced-beta"), httpServer("synced-beta", { description: "Beta from git" }));
    writeJson(path.join(root, "agents", "synced-agent", "agent.json"), { name: "synced-agent", description: "An agent from git", mcp_servers: ["synced-alpha"] });
    return { PATCHBAY_SYNC_PATH: root, PATCHBAY_SYNC_POLL_S: "3600" };
  });
  const serverFile = (name: string) => path.join(sync.dir, "mcp-servers", name, "mcp-server.json");

  test("at start: the folder is imported by actor sync, every entity managed_by sync, and the status names the path", async () => {
    const status = await waitForStatus(sync.api, (body) => body.status !== "pending", "the first sync run");
    expect(status).toMatchObject({ path: sync.dir, status: "ok" });
    expect(status.report.created).toEqual([
      { kind: "server", name: "synced-alpha" },
      { kind: "server", name: "synced-beta" },
      { kind: "agent", name: "synced-agent" },
    ]);
    expect(status.report.errors).toEqual([]);

    const alpha = await sync.api.get("/api/mcp-servers/synced-alpha?raw=true");
    expect(alpha.body.mcp_server).toMatchObject({ description: "Alpha from git", managed_by: "sync", revision: 1 });
    expect((await sync.api.get("/api/agents/synced-agent?raw=true")).body.agent.managed_by).toBe("sync");
    const [revision] = (await sync.api.get("/api/mcp-servers/synced-alpha/revisions")).body.revisions;
    expect(revision).toMatchObject({ revision: 1, action: "import", actor: "sync" });
  });

  test("API writes to a synced entity → 409 naming the path, and nothing changes", async () => {
    const refusals: ApiResponse[] = [
      await sync.api.patch("/api/mcp-servers/synced-alpha", { description: "edited in the UI" }),
      await sync.api.put("/api/mcp-servers/synced-alpha", httpServer("synced-alpha", { description: "replaced" })),
      await sync.api.delete("/api/mcp-servers/synced-alpha"),
      await sync.api.patch("/api/agents/synced-agent", { description: "edited" }),
    ];
    for (const refused of refusals) {
      expect(refused.status).toBe(409);
      expect(refused.headers.get("content-type")).toMatch(/^application\/problem\+json/);
      expect(refused.body.detail).toContain(`managed in ${sync.dir}`);
      expect(refused.body.managed_in).toBe(sync.dir);
    }

    const imported = await sync.api.request("POST", "/api/import?on_conflict=overwrite", { rawBody: JSON.stringify([httpServer("synced-alpha", { description: "imported over it" })]) });
    expect(imported.status).toBe(200);
    expect(imported.body.updated).toEqual([]);
    expect(imported.body.errors).toEqual([{ path: "/servers/0/name", message: `'synced-alpha' is managed in ${sync.dir}; change it there` }]);

    const alpha = (await sync.api.get("/api/mcp-servers/synced-alpha?raw=true")).body.mcp_server;
    expect(alpha).toMatchObject({ description: "Alpha from git", revision: 1 });
  });

  test("editing the file → a new revision by sync", async () => {
    writeJson(serverFile("synced-alpha"), httpServer("synced-alpha", { description: "Alpha, edited in git" }));
    await waitUntil(async () => (await sync.api.get("/api/mcp-servers/synced-alpha")).body.mcp_server.description === "Alpha, edited in git", WAIT_MS, "the edit synced");

    const [latest, first] = (await sync.api.get("/api/mcp-servers/synced-alpha/revisions")).body.revisions;
    expect(latest).toMatchObject({ revision: 2, action: "import", actor: "sync" });
    expect(first).toMatchObject({ revision: 1 });
    const status = await syncStatus(sync.api);
    expect(status.status).toBe("ok");
    expect(status.report.updated).toEqual([{ kind: "server", name: "synced-alpha" }]);
  });

  test("a broken file changes nothing and the status shows its error; fixing it recovers", async () => {
    const before = await syncStatus(sync.api);
    fs.writeFileSync(serverFile("synced-beta"), "{ \"name\": \"synced-beta\", ");
    writeJson(serverFile("synced-alpha"), httpServer("synced-alpha", { description: "never applied" }));

    const failed = await waitForStatus(sync.api, (body) => body.status === "error", "the sync run to fail");
    expect(Date.parse(failed.last_run_at)).toBeGreaterThan(Date.parse(before.last_run_at));
    expect(failed.report.errors).toHaveLength(1);
    expect(failed.report.errors[0].message).toContain(serverFile("synced-beta"));
    expect(failed.report.errors[0].message).toContain("is not valid JSON");
    expect((await sync.api.get("/api/mcp-servers/synced-alpha?raw=true")).body.mcp_server).toMatchObject({ description: "Alpha, edited in git", revision: 2 });

    // An entry that is JSON but invalid: the whole run is refused, the other file's change included.
    writeJson(serverFile("synced-beta"), { name: "synced-beta", description: "no transport" });
    const refused = await waitForStatus(sync.api, (body) => body.status === "error" && body.report.format === "native", "the invalid entry refused");
    expect(refused.report.errors.map((error: { path: string }) => error.path)).toEqual(["/servers/1/transport"]);
    expect((await sync.api.get("/api/mcp-servers/synced-alpha?raw=true")).body.mcp_server.revision).toBe(2);

    writeJson(serverFile("synced-beta"), httpServer("synced-beta", { description: "Beta from git" }));
    const recovered = await waitForStatus(sync.api, (body) => body.status === "ok", "the sync run to recover");
    expect(recovered.report.updated).toEqual([{ kind: "server", name: "synced-alpha" }]);
    expect((await sync.api.get("/api/mcp-servers/synced-alpha")).body.mcp_server.description).toBe("never applied");
  });

  test("removed from the folder → deleted by sync, unless referenced: then kept and flagged sync-orphan", async () => {
    // A capability created through the API references beta: beta must survive its removal from git.
    const capability = await sync.api.post("/api/capabilities", capabilityBody("uses-beta", { mcp_servers: { beta: { server: "synced-beta" } } }));
    expect(capability.status).toBe(201);

    // Two removals may reach the watch as two runs: wait for the end state, then check the report that kept beta.
    fs.rmSync(path.join(sync.dir, "agents"), { recursive: true });
    fs.rmSync(path.dirname(serverFile("synced-beta")), { recursive: true });
    await waitUntil(async () => (await sync.api.get("/api/agents/synced-agent")).status === 404, WAIT_MS, "the agent pruned");
    const kept = await waitForStatus(sync.api, (body) => body.status === "ok" && body.report.kept.length > 0, "beta kept");
    expect(kept.report.kept).toEqual([{ kind: "server", name: "synced-beta", reason: expect.stringContaining("uses-beta") }]);

    const beta = (await sync.api.get("/api/mcp-servers/synced-beta?raw=true")).body.mcp_server;
    expect(beta.managed_by).toBe("sync-orphan");
    // No longer managed: the API may now change it.
    expect((await sync.api.patch("/api/mcp-servers/synced-beta", { description: "now edited here" })).status).toBe(200);

    // Once nothing references it, the next run deletes it; the history says sync did.
    expect((await sync.api.delete("/api/capabilities/uses-beta")).status).toBe(204);
    fs.rmSync(path.dirname(serverFile("synced-alpha")), { recursive: true });
    const next = await waitForStatus(sync.api, (body) => body.report?.pruned.some((entry: { name: string }) => entry.name === "synced-alpha"), "alpha pruned");
    expect(next.report.pruned).toEqual([{ kind: "server", name: "synced-alpha" }, { kind: "server", name: "synced-beta" }]);
    expect((await sync.api.get("/api/mcp-servers/synced-beta")).status).toBe(404);
    expect((await sync.api.get("/api/mcp-servers?limit=100")).body.mcp_servers).toEqual([]);
  });
});

describe("seed 001: MCP_REGISTRY_FILE with MCP_REGISTRY_HOT_RELOAD=true", () => {
  const registry = (description: string) => ({
    plugins: [{ id: "weather", description, transport: "http", endpoint: "http://127.0.0.1:9/api", actions: [{ name: "weather.query" }] }],
  });

  const sync = useSyncingPatchbay("file", (dir) => {
    writeJson(path.join(dir, "mcp_registry.json"), registry("Weather, first"));
    return { MCP_REGISTRY_FILE: `file:${path.join(dir, "mcp_registry.json")}`, MCP_REGISTRY_HOT_RELOAD: "true", PATCHBAY_SYNC_POLL_S: "3600" };
  });

  test("the registry file is imported at start and again when it is replaced (written elsewhere, renamed over it)", async () => {
    const first = await waitForStatus(sync.api, (body) => body.status !== "pending", "the first sync run");
    expect(first).toMatchObject({ path: path.join(sync.dir, "mcp_registry.json"), status: "ok" });
    expect(first.report).toMatchObject({ format: "mcp-registry", created: [{ kind: "server", name: "weather" }] });
    expect((await sync.api.get("/api/mcp-servers/weather?raw=true")).body.mcp_server).toMatchObject({ description: "Weather, first", managed_by: "sync" });

    // As editors and `git checkout` do: a new file renamed over the old one.
    writeJson(path.join(sync.dir, "next.json"), registry("Weather, second"));
    fs.renameSync(path.join(sync.dir, "next.json"), path.join(sync.dir, "mcp_registry.json"));
    await waitUntil(async () => (await sync.api.get("/api/mcp-servers/weather")).body.mcp_server.description === "Weather, second", WAIT_MS, "the replaced file synced");
    const [latest] = (await sync.api.get("/api/mcp-servers/weather/revisions")).body.revisions;
    expect(latest).toMatchObject({ revision: 2, actor: "sync" });
  });
});

describe("a sync path that does not exist yet", () => {
  // Nothing to watch at start: only the poll can notice the folder once it appears.
  const sync = useSyncingPatchbay("later", (parent) => ({ PATCHBAY_SYNC_PATH: path.join(parent, "registry"), PATCHBAY_SYNC_POLL_S: "0.5" }));

  test("is an error naming the path until it appears; then the poll imports it", async () => {
    const { api } = sync;
    const missing = await waitForStatus(api, (body) => body.status === "error", "the missing path reported");
    expect(missing.report.errors).toEqual([{ path: "", message: expect.stringContaining(`no such file or directory, stat '${path.join(sync.dir, "registry")}'`) }]);

    writeJson(path.join(sync.dir, "registry", "mcp-servers", "late", "mcp-server.json"), httpServer("late"));
    const synced = await waitForStatus(api, (body) => body.status === "ok", "the poll found the folder");
    expect(synced.report.created).toEqual([{ kind: "server", name: "late" }]);
    expect((await api.get("/api/mcp-servers/late?raw=true")).body.mcp_server.managed_by).toBe("sync");
  });
});
