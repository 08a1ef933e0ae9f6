import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { apiClient, type ApiClient } from "../support/api-client";
import { OPEN_QUIET_ENV } from "../support/authed-patchbay";
import { startPatchbay, type PatchbayProcess } from "../support/patchbay-process";
import { waitUntil } from "../support/wait-until";

/**
 * Seed 003's approach 2 (DESIGN §19): a capability's servers in `capability.mcp.json` beside its `capability.json`,
 * synced from PATCHBAY_SYNC_PATH — the seed's own layout, `capabilities/neo4j-knowledge-graph/` holding
 * `capability.json`, `capability.text.md` and `capability.mcp.json`.
 */
let root: string;
let patchbay: PatchbayProcess;
let api: ApiClient;
const capabilityFolder = () => path.join(root, "capabilities", "neo4j-knowledge-graph");

function writeJson(file: string, value: unknown) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
}

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "patchbay-sync-capability-"));
  writeJson(path.join(capabilityFolder(), "capability.json"), { name: "neo4j-knowledge-graph", description: "Knowledge graph queries" });
  fs.writeFileSync(path.join(capabilityFolder(), "capability.text.md"), "# Knowledge graph\n");
  writeJson(path.join(capabilityFolder(), "capability.mcp.json"), {
    mcpServers: {
      neo4j: {
        type: "http", url: "http://localhost:9003/mcp/",
        metadata: { version: "1.0.0", description: "Neo4j graph", documentation_url: "/docs/neo4j.md" },
      },
    },
  });
  patchbay = await startPatchbay({ env: { ...OPEN_QUIET_ENV, PATCHBAY_SYNC_PATH: root, PATCHBAY_SYNC_POLL_S: "3600" } });
  api = apiClient(patchbay.baseUrl);
}, 120_000);

afterAll(async () => {
  await patchbay?.stop();
  fs.rmSync(root, { recursive: true, force: true });
});

describe("capability.mcp.json beside capability.json, synced (seed 003 approach 2)", () => {
  test("its server is in the registry, managed by sync, and the capability references it by name; a change to the file follows", async () => {
    await waitUntil(async () => (await api.get("/api/sync")).body.status !== "pending", 30_000, "the first sync run");
    const status = (await api.get("/api/sync")).body;
    expect(status).toMatchObject({ status: "ok" });
    expect(status.report.created).toEqual([{ kind: "server", name: "neo4j" }, { kind: "capability", name: "neo4j-knowledge-graph" }]);

    const server = await api.get("/api/mcp-servers/neo4j?raw=true");
    expect(server.body.mcp_server).toMatchObject({
      name: "neo4j", description: "Neo4j graph", version: "1.0.0", managed_by: "sync",
      transport: { type: "http", url: "http://localhost:9003/mcp/" },
      support: { documentation_url: "/docs/neo4j.md", version: "1.0.0" },
    });
    const capability = await api.get("/api/capabilities/neo4j-knowledge-graph?raw=true");
    expect(capability.body.capability.mcp_servers).toEqual({ neo4j: {} });

    writeJson(path.join(capabilityFolder(), "capability.mcp.json"), { mcpServers: { neo4j: { type: "http", url: "http://localhost:9004/mcp/" } } });
    await waitUntil(async () => (await api.get("/api/mcp-servers/neo4j?raw=true")).body.mcp_server.transport.url === "http://localhost:9004/mcp/", 30_000, "the change synced");
  });
});
