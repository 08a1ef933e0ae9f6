import { afterAll, beforeAll, expect, test } from "vitest";

import { apiClient, uniqueName } from "../support/api-client";
import { startPatchbay, type PatchbayProcess } from "../support/patchbay-process";

const ADMIN_TOKEN = "pb_gateway_idle_admin_token_0123";
let patchbay: PatchbayProcess;
let runnerToken: string;
let agent: string;

beforeAll(async () => {
  patchbay = await startPatchbay({ env: { PATCHBAY_AUTH: "on", PATCHBAY_ADMIN_TOKEN: ADMIN_TOKEN, PATCHBAY_SEED_DEMO: "false", PATCHBAY_GATEWAY_IDLE_S: "1" } });
  const admin = apiClient(patchbay.baseUrl, { Authorization: `Bearer ${ADMIN_TOKEN}` });
  agent = uniqueName("gw-idle");
  expect((await admin.post("/api/agents", { name: agent, description: "Idle sessions" })).status).toBe(201);
  runnerToken = (await admin.post("/api/tokens", { name: uniqueName("gw-idle-runner"), role: "runner" })).body.token;
});
afterAll(async () => patchbay?.stop());

function send(method: string, headers: Record<string, string>, body?: unknown) {
  return fetch(`${patchbay.baseUrl}/mcp/agents/${agent}`, {
    method, body: body === undefined ? undefined : JSON.stringify(body),
    headers: { Authorization: `Bearer ${runnerToken}`, Accept: "application/json, text/event-stream", "Content-Type": "application/json", ...headers },
  });
}

test("a session no request reaches for PATCHBAY_GATEWAY_IDLE_S ends: its event stream closes, then its id is 404", async () => {
  const initialized = await send("POST", {}, { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "idle", version: "1" } } });
  expect(initialized.status).toBe(200);
  await initialized.body?.cancel();
  const session = { "Mcp-Session-Id": initialized.headers.get("mcp-session-id")!, "Mcp-Protocol-Version": "2025-11-25" };
  expect((await send("POST", session, { jsonrpc: "2.0", method: "notifications/initialized" })).status).toBe(202);

  const stream = await send("GET", { ...session, Accept: "text/event-stream" });
  expect(stream.status).toBe(200);
  // The stream's end is the observable: the session closed it. Nothing else reaches the session meanwhile.
  const reader = stream.body!.getReader();
  while (!(await reader.read()).done) { /* keep-alive comments, if any */ }

  expect((await send("POST", session, { jsonrpc: "2.0", id: 2, method: "ping" })).status).toBe(404);
});
