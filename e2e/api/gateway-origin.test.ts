import { beforeAll, describe, expect, test } from "vitest";

import { uniqueName } from "../support/api-client";
import { ONE_PER_ROLE, useAuthedPatchbay } from "../support/authed-patchbay";

/**
 * DESIGN §14 and §16, DNS rebinding: a gateway answers a page only when its `Origin` is Patchbay's own or one
 * PATCHBAY_CORS_ORIGINS names exactly (`*` does not open it). A listed origin's page can read the answers (CORS,
 * `Mcp-Session-Id` exposed) and its preflight is answered; any other page's request is refused before anything
 * runs, with or without a token.
 */
const IDE = "https://ide.example";
const patchbay = useAuthedPatchbay({
  adminToken: "pb_gateway_origin_admin_0123456789", group: uniqueName("origin"), users: ONE_PER_ROLE,
  env: { PATCHBAY_CORS_ORIGINS: `${IDE},*` },
});
const agent = uniqueName("origin-agent");

beforeAll(async () => {
  expect((await patchbay.admin.post("/api/agents", { name: agent, description: "Origin checks" })).status).toBe(201);
});

const INITIALIZE = { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "page", version: "1" } } };

function initializeFrom(origin: string | undefined, token = patchbay.tokens.runner) {
  return fetch(new URL(`/mcp/agents/${agent}`, patchbay.process.baseUrl), {
    method: "POST",
    headers: {
      Authorization: `Bearer ${token}`, "Content-Type": "application/json", Accept: "application/json, text/event-stream",
      ...(origin === undefined ? {} : { Origin: origin }),
    },
    body: JSON.stringify(INITIALIZE),
  });
}

function preflightFrom(origin: string) {
  return fetch(new URL(`/mcp/agents/${agent}`, patchbay.process.baseUrl), {
    method: "OPTIONS",
    headers: { Origin: origin, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "authorization, content-type, mcp-session-id" },
  });
}

describe("gateways and the Origin of a page", () => {
  test("a page on another origin (a rebinding site) is refused 403 before anything runs, and cannot read the refusal", async () => {
    for (const origin of ["https://evil.example", "null", "http://127.0.0.1.nip.io"]) {
      const refused = await initializeFrom(origin);
      expect(refused.status).toBe(403);
      expect(refused.headers.get("mcp-session-id")).toBeNull();
      expect(refused.headers.get("access-control-allow-origin")).toBeNull();
      expect((await refused.json()).detail).toBe("This request must come from this site's own origin, or one PATCHBAY_CORS_ORIGINS names.");
    }
  });

  test("`*` in PATCHBAY_CORS_ORIGINS opens the registry to any page, not the gateways", async () => {
    const registry = await fetch(new URL("/v0.1/servers", patchbay.process.baseUrl), { headers: { Origin: "https://evil.example", Authorization: `Bearer ${patchbay.tokens.viewer}` } });
    expect(registry.status).toBe(200);
    expect(registry.headers.get("access-control-allow-origin")).toBe("*");
    expect((await initializeFrom("https://evil.example")).status).toBe(403);
  });

  test("a listed origin's page opens a session and can read it: CORS headers with Mcp-Session-Id exposed", async () => {
    const opened = await initializeFrom(IDE);
    expect(opened.status).toBe(200);
    expect(opened.headers.get("mcp-session-id")).toMatch(/\S/);
    expect(opened.headers.get("access-control-allow-origin")).toBe(IDE);
    expect(opened.headers.get("access-control-expose-headers")).toBe("Mcp-Session-Id, Mcp-Protocol-Version, WWW-Authenticate");
    expect(opened.headers.get("vary")).toContain("Origin");
    expect((await opened.text())).toContain('"serverInfo"');
  });

  test("a listed origin's page still needs a runner token: 401 without one, which it can read", async () => {
    const anonymous = await fetch(new URL(`/mcp/agents/${agent}`, patchbay.process.baseUrl), {
      method: "POST", headers: { Origin: IDE, "Content-Type": "application/json", Accept: "application/json, text/event-stream" }, body: JSON.stringify(INITIALIZE),
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("access-control-allow-origin")).toBe(IDE);
    expect((await initializeFrom(IDE, patchbay.tokens.viewer)).status).toBe(403);
  });

  test("the preflight: answered with what may be sent for a listed origin, with nothing for any other", async () => {
    const listed = await preflightFrom(IDE);
    expect(listed.status).toBe(204);
    expect(listed.headers.get("access-control-allow-origin")).toBe(IDE);
    expect(listed.headers.get("access-control-allow-methods")).toBe("GET, POST, DELETE, OPTIONS");
    expect(listed.headers.get("access-control-allow-headers")).toBe("Authorization, Content-Type, Accept, Last-Event-ID, Mcp-Session-Id, Mcp-Protocol-Version, Mcp-Method, Mcp-Name");

    const foreign = await preflightFrom("https://evil.example");
    expect(foreign.status).toBe(204);
    expect(foreign.headers.get("access-control-allow-origin")).toBeNull();
    expect(foreign.headers.get("access-control-allow-methods")).toBeNull();
  });

  test("no Origin (a runner, curl) and Patchbay's own origin are answered as before", async () => {
    expect((await initializeFrom(undefined)).status).toBe(200);
    const own = await initializeFrom(patchbay.process.baseUrl);
    expect(own.status).toBe(200);
    expect(own.headers.get("access-control-allow-origin")).toBeNull();
  });
});
