import http from "node:http";

import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { startPatchbay, type PatchbayProcess } from "../support/patchbay-process";
import { freshDatabaseUrl, removeDatabase } from "../support/test-database";

/**
 * DESIGN §15: one dispatcher, two mounts. The production server hands the API's paths to the dispatcher
 * directly (lib/http/node-mount.ts); Next mounts the same dispatcher through its catch-all routes (the only
 * mount in `next dev` and with tracing; PATCHBAY_API_MOUNT=next here). Two servers on one database, one per
 * mount, must give every request the same answer: status, body and headers, but for what the connection
 * itself adds and the Vary fields of Next's router.
 */
const ADMIN_TOKEN = "pb_test_mount_parity_admin_0123456789";
const AUTH = { Authorization: `Bearer ${ADMIN_TOKEN}` };
const JSON_BODY = { ...AUTH, "Content-Type": "application/json" };
const PER_CONNECTION = new Set(["date", "connection", "keep-alive", "transfer-encoding", "content-length"]);
/** Next's router varies every answer by its own navigation headers; an API answer does not depend on them. */
const ROUTER_VARY = new Set(["rsc", "next-router-state-tree", "next-router-prefetch", "next-router-segment-prefetch"]);

let directServer: PatchbayProcess;
let nextServer: PatchbayProcess;
let databaseUrl: string;

beforeAll(async () => {
  databaseUrl = await freshDatabaseUrl("mount-parity");
  const env = { PATCHBAY_AUTH: "on", PATCHBAY_ADMIN_TOKEN: ADMIN_TOKEN };
  directServer = await startPatchbay({ databaseUrl, env });
  nextServer = await startPatchbay({ databaseUrl, env: { ...env, PATCHBAY_API_MOUNT: "next" } });
});

afterAll(async () => {
  await directServer?.stop();
  await nextServer?.stop();
  if (databaseUrl) removeDatabase(databaseUrl);
});

type Answer = { status: number; headers: Record<string, string | string[]>; body: string };

/** node:http, not fetch: the request goes out exactly as written (no Accept-Encoding of its own). */
function send(base: string, method: string, target: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(`${base}${target}`, { method, headers }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
      incoming.on("end", () => resolve({ status: incoming.statusCode!, headers: incoming.headers as Answer["headers"], body: Buffer.concat(chunks).toString("latin1") }));
    });
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

function comparable({ status, headers, body }: Answer) {
  const kept = Object.entries(headers).filter(([name]) => !PER_CONNECTION.has(name) && name !== "vary");
  const vary = String(headers.vary ?? "").split(",").map((field) => field.trim()).filter((field) => field && !ROUTER_VARY.has(field.toLowerCase()));
  return { status, headers: Object.fromEntries(kept), vary: vary.sort(), body };
}

async function bothMounts(method: string, target: string, headers: Record<string, string> = AUTH, body?: string) {
  const [direct, next] = await Promise.all([send(directServer.baseUrl, method, target, headers, body), send(nextServer.baseUrl, method, target, headers, body)]);
  return { direct, next };
}

describe("the direct mount and Next's mount answer alike", () => {
  const cases: [string, string, Record<string, string>?, string?][] = [
    ["GET", "/api/mcp-servers/filesystem?environment=production"],
    ["GET", "/api/mcp-servers/filesystem?raw=true"],
    ["GET", "/api/mcp-servers/no-such-server"],
    ["GET", "/api/mcp-servers/filesystem?environment=Not%20An%20Environment"],
    ["GET", "/api/mcp-servers/filesystem", {}],
    ["GET", "/api/mcp-servers/filesystem", { Authorization: "Bearer pb_wrong_token_0123456789" }],
    ["GET", "/api/mcp-servers?tags=research"],
    ["GET", "/api/mcp-servers?search=memory&limit=2"],
    ["GET", "/api/mcp-servers?limit=abc"],
    ["GET", "/api/mcp-servers", { ...AUTH, "Accept-Encoding": "gzip" }],
    ["POST", "/api/mcp-servers/filesystem/validate", JSON_BODY, "{}"],
    ["POST", "/api/mcp-servers/filesystem/validate", JSON_BODY, '{"parameters":{"root":"/tmp"}}'],
    ["POST", "/api/mcp-servers/filesystem/validate", JSON_BODY, '{"parameters":'],
    ["POST", "/api/mcp-servers/filesystem/validate", { ...AUTH, "Content-Type": "text/plain" }, "hello"],
    ["GET", "/api/agents/researcher?environment=production"],
    ["GET", "/api/agents/researcher?raw=true"],
    ["GET", "/api/capabilities/document-research"],
    ["GET", "/api/agents/researcher/blueprint"],
    ["POST", "/api/agents/researcher/blueprint", JSON_BODY, "{}"],
    ["GET", "/api/agents/researcher/blueprint?format=nonsense"],
    ["GET", "/api/mcp-servers/everything/tools"],
    ["GET", "/api/tools?search=echo"],
    ["GET", "/v0.1/servers?limit=3"],
    ["GET", "/v0.1/servers/memory/versions"],
    ["GET", "/v0.1/servers/memory/versions/latest"],
    ["GET", "/v0.1/servers/memory/versions/9.9.9"],
    ["DELETE", "/mcp/agents/researcher", { ...AUTH, "Mcp-Session-Id": "no-such-session" }],
  ];

  test.each(cases)("%s %s", async (method, target, headers = AUTH, body = undefined) => {
    const { direct, next } = await bothMounts(method, target, headers, body);
    expect(comparable(direct)).toEqual(comparable(next));
  });

  test("a conditional GET gets the same 304 from both", async () => {
    const first = await send(directServer.baseUrl, "GET", "/api/mcp-servers/memory?environment=production", AUTH);
    const etag = String(first.headers.etag);
    const { direct, next } = await bothMounts("GET", "/api/mcp-servers/memory?environment=production", { ...AUTH, "If-None-Match": etag });
    expect(direct.status).toBe(304);
    expect(comparable(direct)).toEqual(comparable(next));
  });

  test("the direct mount did answer: its Vary lacks the navigation fields Next's router adds", async () => {
    const { direct, next } = await bothMounts("GET", "/api/healthz");
    expect(String(direct.headers.vary ?? "")).not.toMatch(/\brsc\b/);
    expect(String(next.headers.vary)).toMatch(/\brsc\b/);
  });
});
