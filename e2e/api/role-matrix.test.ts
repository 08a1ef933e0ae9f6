import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { apiClient, httpServer, uniqueName } from "../support/api-client";
import { startPatchbay, type PatchbayProcess } from "../support/patchbay-process";
import { fillPath, mintRoleTokens, ROLE_ORDER, type TestRole } from "../support/roles";

/**
 * Every route × every role, with the exact status each must answer (DESIGN §7). Callers are tried from the
 * least to the most privileged, so the one allowed write of a destructive row (revoking a token) comes last.
 * Each allowed status proves the request reached its handler: a 404 or a 500 never passes as "allowed".
 */
const ADMIN_TOKEN = "pb_matrix_admin_token_0123456789";
const CALLERS = ["anonymous", ...ROLE_ORDER] as const;
type Caller = (typeof CALLERS)[number];

/** What the handler answers to the matrix's request when the role admits the caller. */
const ALLOWED: Record<string, number> = {
  "GET /api/mcp-servers": 200,
  "POST /api/mcp-servers": 400,
  "GET /api/mcp-servers/{name}": 200,
  "PUT /api/mcp-servers/{name}": 400,
  "PATCH /api/mcp-servers/{name}": 200,
  "DELETE /api/mcp-servers/{name}": 412,
  "POST /api/mcp-servers/{name}/validate": 200,
  "GET /api/mcp-servers/{name}/used-by": 200,
  "GET /api/mcp-servers/{name}/api-reference": 404, // the fixture has no support.api_reference_url
  "GET /api/mcp-servers/{name}/availability": 200,
  "GET /api/mcp-servers/{name}/revisions": 200,
  "GET /api/mcp-servers/{name}/revisions/{n}": 200,
  "POST /api/mcp-servers/{name}/revisions/{n}/restore": 200,
  "POST /api/mcp-servers/{name}/test": 200,
  "POST /api/mcp-servers/{name}/health-check": 200,
  "GET /api/mcp-servers/{name}/health": 200,
  "POST /api/mcp-servers/{name}/tools/{tool}/call": 502,
  "GET /api/health/events": 200,
  "GET /api/tools": 200,
  "GET /api/mcp-servers/{name}/tools": 200,
  "GET /api/mcp-servers/{name}/tools/drift": 200,
  "POST /api/mcp-servers/{name}/tools/pin": 422,
  "GET /api/mcp-servers/{name}/prompts": 200,
  "GET /api/mcp-servers/{name}/prompts/drift": 200,
  "POST /api/mcp-servers/{name}/prompts/pin": 422,
  "GET /api/approvals": 200,
  "GET /api/approvals/{id}": 404,
  "POST /api/approvals/{id}/approve": 404,
  "POST /api/approvals/{id}/deny": 404,
  "POST /api/negotiate": 400,
  "POST /api/invoke": 400,
  "GET /api/calls": 200,
  "GET /api/calls/summary": 200,
  "GET /api/circuits": 200,
  "GET /api/v1/mcp/registry": 200,
  "POST /api/v1/mcp/validate": 200,
  "POST /api/v1/mcp/test": 400,
  "GET /api/capabilities": 200,
  "POST /api/capabilities": 400,
  "GET /api/capabilities/{name}": 200,
  "PUT /api/capabilities/{name}": 400,
  "PATCH /api/capabilities/{name}": 200,
  "DELETE /api/capabilities/{name}": 412,
  "POST /api/capabilities/{name}/adopt-inline": 200,
  "GET /api/capabilities/{name}/used-by": 200,
  "GET /api/capabilities/{name}/tools": 200,
  "GET /api/capabilities/{name}/prompts": 200,
  "GET /api/capabilities/{name}/resources": 200,
  "GET /api/capabilities/{name}/export": 400,
  "GET /api/capabilities/{name}/revisions": 200,
  "GET /api/capabilities/{name}/revisions/{n}": 200,
  "POST /api/capabilities/{name}/revisions/{n}/restore": 200,
  "GET /api/agents": 200,
  "POST /api/agents": 400,
  "GET /api/agents/{name}": 200,
  "PUT /api/agents/{name}": 400,
  "PATCH /api/agents/{name}": 200,
  "DELETE /api/agents/{name}": 412,
  "POST /api/agents/{name}/blueprint": 200,
  "GET /api/agents/{name}/tools": 200,
  "GET /api/agents/{name}/prompts": 200,
  "GET /api/agents/{name}/resources": 200,
  "POST /api/agents/{name}/adopt-inline": 200,
  "GET /api/agents/{name}/revisions": 200,
  "GET /api/agents/{name}/revisions/{n}": 200,
  "POST /api/agents/{name}/revisions/{n}/restore": 200,
  "GET /api/variables": 200,
  "GET /api/variables/{name}": 200,
  "PUT /api/variables/{name}": 200,
  "PATCH /api/variables/{name}": 200,
  "DELETE /api/variables/{name}": 412,
  "GET /api/variables/{name}/used-by": 200,
  "POST /api/import": 400,
  "GET /api/export": 200,
  "GET /api/environments": 200,
  "GET /api/sync": 200,
  "GET /api/upstream/servers": 404,
  "POST /api/upstream/servers/{name}/add": 404,
  "GET /api/environments/{environment}/variables": 200,
  "GET /api/audit": 200,
  "POST /api/tokens": 400,
  "GET /api/tokens": 200,
  "DELETE /api/tokens/{id}": 204,
  "POST /api/session": 400,
  "POST /api/session/preview": 400,
  "GET /api/session": 200,
  "DELETE /api/session": 204,
  "GET /api/openapi.json": 200,
  "GET /api/healthz": 200,
  "GET /api/readyz": 200,
  "GET /metrics": 200,
  "GET /v0.1/servers": 200,
  "GET /v0.1/servers/{name}/versions/latest": 200,
  "GET /v0.1/servers/{name}/versions": 200,
  "GET /v0.1/servers/{name}/versions/{version}": 200,
  "GET /v0.1/x/dev.patchbay/servers/{name}/environments": 200,
  "GET /v0.1/x/dev.patchbay/tools": 200,
  // Upstream OAuth (DESIGN §17) of a server that does not sign in with OAuth: refused as a conflict; the callback without a state.
  "POST /api/mcp-servers/{name}/oauth/connect": 409,
  "GET /api/mcp-servers/{name}/oauth": 200,
  "DELETE /api/mcp-servers/{name}/oauth": 409,
  "GET /oauth/callback": 400,
  "GET /.well-known/oauth-client/patchbay.json": 404, // served only at PATCHBAY_PUBLIC_URL, not set here
  // Single sign-on (DESIGN §18), not configured here: both steps refuse as a conflict naming the settings.
  "GET /sign-in/oidc": 409,
  "GET /sign-in/oidc/callback": 409,
  "GET /api/people": 200,
  // Connected MCP clients (DESIGN §18): each caller's own; the matrix's grant id is nobody's, so 404 for everyone.
  "GET /api/oauth/clients": 200,
  "DELETE /api/oauth/clients/{grant_id}": 404,
  // The MCP gateway: the SDK refuses a POST that does not accept its media types; DELETE needs a session, and a GET
  // without one is 405 (2026-07-28 has no such stream; a 2025 client opens one with its session).
  "POST /mcp/agents/{name}": 406,
  "GET /mcp/agents/{name}": 405,
  "DELETE /mcp/agents/{name}": 400,
  "POST /mcp/capabilities/{name}": 406,
  "GET /mcp/capabilities/{name}": 405,
  "DELETE /mcp/capabilities/{name}": 400,
  // RFC 9728 metadata of each gateway (DESIGN §18): public, the same for any name.
  "GET /.well-known/oauth-protected-resource/mcp/agents/{name}": 200,
  "GET /.well-known/oauth-protected-resource/mcp/capabilities/{name}": 200,
};

let patchbay: PatchbayProcess;
let tokens: Record<TestRole, string>;
let victimTokenId: string;
const fixture = uniqueName("matrix");
const variable = `MATRIX_${fixture.slice(-8).toUpperCase().replace(/[^A-Z0-9]/g, "_")}`;

beforeAll(async () => {
  patchbay = await startPatchbay({ env: { PATCHBAY_AUTH: "on", PATCHBAY_ADMIN_TOKEN: ADMIN_TOKEN, PATCHBAY_RATE_WRITES_PER_MIN: "1000", PATCHBAY_SEED_DEMO: "false" } });
  tokens = await mintRoleTokens(patchbay.baseUrl, ADMIN_TOKEN);
  const admin = apiClient(patchbay.baseUrl, { Authorization: `Bearer ${ADMIN_TOKEN}` });
  const created = await Promise.all([
    admin.post("/api/mcp-servers", httpServer(fixture)),
    admin.put(`/api/variables/${variable}`, { value: "plain" }),
    admin.post("/api/tokens", { name: "matrix-victim", role: "viewer" }),
  ]);
  expect(created.map((response) => response.status)).toEqual([201, 201, 201]);
  victimTokenId = created[2].body.id;
  expect((await admin.post("/api/capabilities", { name: fixture, description: "Matrix capability", mcp_servers: [fixture] })).status).toBe(201);
  expect((await admin.post("/api/agents", { name: fixture, description: "Matrix agent", capabilities: [fixture] })).status).toBe(201);
});

afterAll(async () => patchbay?.stop());

describe("role × route matrix (DESIGN §7: runner and editor are siblings)", () => {
  test("every operation of the OpenAPI document has an expected status in this table", async () => {
    const operations = await documentedOperations();
    expect(operations.map(({ method, path }) => `${method} ${path}`).sort()).toEqual(Object.keys(ALLOWED).sort());
  });

  test("every route answers every caller exactly as its declared role says", async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const { method, path, role, hasBody } of await documentedOperations()) {
      const target = fillPath(path, {
        name: path.startsWith("/api/variables") ? variable : fixture, n: "1", id: victimTokenId, tool: "echo", environment: "production", version: "1.0.0",
      });
      for (const caller of CALLERS) {
        const expected = expectedStatus(role, caller, ALLOWED[`${method} ${path}`], path);
        const actual = await statusOf(caller, method, target, hasBody);
        checked++;
        if (actual !== expected) failures.push(`${caller} ${method} ${path}: got ${actual}, expected ${expected}`);
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBe(Object.keys(ALLOWED).length * CALLERS.length);
  });
});

type DocumentedOperation = { method: string; path: string; role: string; hasBody: boolean };

async function documentedOperations(): Promise<DocumentedOperation[]> {
  const document = (await apiClient(patchbay.baseUrl).get("/api/openapi.json")).body;
  return Object.entries<Record<string, { "x-patchbay-role": string; requestBody?: unknown }>>(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      method: method.toUpperCase(), path, role: operation["x-patchbay-role"], hasBody: Boolean(operation.requestBody),
    })));
}

const GRANTS: Record<TestRole, string[]> = {
  viewer: ["viewer"],
  runner: ["viewer", "runner"],
  editor: ["viewer", "editor"],
  admin: ["viewer", "runner", "editor", "admin"],
};

/** Page paths the dispatcher answers: a browser without a session is sent to sign in first (proxy.ts), and comes back. */
const SIGN_IN_FIRST = new Set(["/oauth/callback"]);

function expectedStatus(role: string, caller: Caller, allowed: number, path: string): number {
  if (role === "public") return allowed;
  if (caller === "anonymous") return SIGN_IN_FIRST.has(path) ? 307 : 401;
  return GRANTS[caller].includes(role) ? allowed : 403;
}

/** Only the status matters here; a stream (server-sent events) is closed as soon as its head arrives. */
async function statusOf(caller: Caller, method: string, path: string, hasBody: boolean): Promise<number> {
  const controller = new AbortController();
  const response = await fetch(`${patchbay.baseUrl}${path}`, {
    method,
    headers: {
      ...(caller === "anonymous" ? {} : { Authorization: `Bearer ${tokens[caller]}` }),
      ...(hasBody ? { "Content-Type": "application/json" } : {}),
      // Deletes of entities carry a stale If-Match: the handler answers 412 and nothing is removed.
      ...(method === "DELETE" ? { "If-Match": '"0"' } : {}),
    },
    body: hasBody ? "{}" : undefined,
    signal: controller.signal,
    redirect: "manual",
  });
  controller.abort();
  return response.status;
}
