import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { apiClient, httpServer } from "../support/api-client";
import { startPatchbay, type PatchbayProcess } from "../support/patchbay-process";
import { freshDatabaseUrl } from "../support/test-database";
import { waitUntil } from "../support/wait-until";

/** DESIGN §13 on PostgreSQL: two instances share one sync path and one database; only the lease holder syncs. */
const WAIT_MS = 90_000;
let root: string;
let instances: PatchbayProcess[] = [];

function writeServer(description: string) {
  const file = path.join(root, "mcp-servers", "leased", "mcp-server.json");
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(httpServer("leased", { description })));
}

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "patchbay-sync-lease-"));
  writeServer("first");
  const databaseUrl = await freshDatabaseUrl("sync-lease");
  const env = { PATCHBAY_AUTH: "off", PATCHBAY_SEED_DEMO: "false", PATCHBAY_SYNC_PATH: root, PATCHBAY_SYNC_POLL_S: "0.5" };
  // One after the other: the first migrates the database, the second finds it ready.
  instances.push(await startPatchbay({ databaseUrl, env }));
  instances.push(await startPatchbay({ databaseUrl, env }));
}, 180_000);

afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.stop()));
  fs.rmSync(root, { recursive: true, force: true });
});

describe("GitOps sync with two instances on one PostgreSQL database", () => {
  test("one instance syncs (ok), the other stands by; every change is written once; the other takes over when the holder stops", async () => {
    const [a, b] = instances.map((instance) => apiClient(instance.baseUrl));
    const statuses = async () => [(await a.get("/api/sync")).body.status, (await b.get("/api/sync")).body.status].sort();
    await waitUntil(async () => JSON.stringify(await statuses()) === JSON.stringify(["ok", "standby"]), WAIT_MS, "one ok, one standby");

    writeServer("second");
    await waitUntil(async () => (await a.get("/api/mcp-servers/leased")).body.mcp_server?.description === "second", WAIT_MS, "the edit synced");
    // Both watched the same change; a second writer would have added revisions that change nothing, or failed.
    const revisions = (await b.get("/api/mcp-servers/leased/revisions")).body.revisions;
    expect(revisions.map((revision: { revision: number; actor: string }) => [revision.revision, revision.actor])).toEqual([[2, "sync"], [1, "sync"]]);

    const holderIndex = (await a.get("/api/sync")).body.status === "ok" ? 0 : 1;
    const [holder, standby] = holderIndex === 0 ? [instances[0], instances[1]] : [instances[1], instances[0]];
    await holder.stop();
    instances = [standby];

    writeServer("third");
    const survivor = apiClient(standby.baseUrl);
    await waitUntil(async () => (await survivor.get("/api/mcp-servers/leased")).body.mcp_server?.description === "third", WAIT_MS, "the standby took over");
    expect((await survivor.get("/api/sync")).body.status).toBe("ok");
  });
});
