import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { apiClient } from "../support/api-client";
import { startPatchbay, type PatchbayProcess } from "../support/patchbay-process";

/** With authentication on: import needs admin, export editor, the official API viewer — and /v0.1 is an API, never a redirect. */
const ADMIN_TOKEN = "pb_import_roles_admin_token_0123456789";
let patchbay: PatchbayProcess;
const clients: Record<string, ReturnType<typeof apiClient>> = {};

beforeAll(async () => {
  patchbay = await startPatchbay({ env: { PATCHBAY_ADMIN_TOKEN: ADMIN_TOKEN, PATCHBAY_SEED_DEMO: "false" } });
  clients.admin = apiClient(patchbay.baseUrl, { Authorization: `Bearer ${ADMIN_TOKEN}` });
  clients.anonymous = apiClient(patchbay.baseUrl);
  for (const role of ["viewer", "editor"]) {
    const minted = await clients.admin.post("/api/tokens", { name: `import-${role}`, role });
    clients[role] = apiClient(patchbay.baseUrl, { Authorization: `Bearer ${minted.body.token}` });
  }
});
afterAll(() => patchbay?.stop());

const bundle = JSON.stringify({ mcp_servers: [{ name: "roles-one", description: "One", transport: { type: "http", url: "https://one.example/mcp" } }] });

describe("roles of import, export and the official API", () => {
  test.each([
    ["anonymous", "GET", "/v0.1/servers", 401],
    ["anonymous", "GET", "/v0.1/servers/roles-one/versions/latest", 401],
    ["viewer", "GET", "/v0.1/servers", 200],
    ["viewer", "GET", "/api/export", 403],
    ["editor", "GET", "/api/export", 200],
    ["editor", "POST", "/api/import?dry_run=true", 403],
    ["admin", "POST", "/api/import?dry_run=true", 200],
  ])("%s %s %s → %i", async (who, method, path, status) => {
    const response = await clients[who].request(method, path, method === "POST" ? { rawBody: bundle } : {});
    expect(response.status).toBe(status);
  });
});
