import fs from "node:fs";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { apiClient, httpServer, uniqueName } from "../support/api-client";
import { startPatchbay, type PatchbayProcess } from "../support/patchbay-process";

/**
 * DESIGN §14 "Every page behind sign-in": the pages come from the build itself (Next's route manifest), so a
 * page added tomorrow is checked without anyone remembering to list it. `/api-docs` once slipped past the
 * proxy's matcher (`(?!api…)`) and was served to strangers without a CSP.
 */
const ADMIN_TOKEN = "pb_pages_admin_token_0123456789abcdef";
const PUBLIC_PAGES = new Set(["/sign-in"]);
let patchbay: PatchbayProcess;
let cookie: string;
const names = { server: uniqueName("page-server"), capability: uniqueName("page-capability"), agent: uniqueName("page-agent") };

/** Every page route of the build, e.g. `/mcp-servers/[name]/edit`; Next's own error pages aside. */
function builtPages(): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(".next", "app-path-routes-manifest.json"), "utf8")) as Record<string, string>;
  return Object.entries(manifest)
    .filter(([entry, route]) => entry.endsWith("/page") && !route.startsWith("/_"))
    .map(([, route]) => route)
    .sort();
}

/** A page route with its parameter filled by something that exists, so the page renders rather than 404s. */
function pathOf(route: string): string {
  const section = route.split("/")[1];
  const name = { "mcp-servers": names.server, capabilities: names.capability, agents: names.agent }[section] ?? "x";
  return route.replace(/\[\w+\]/g, name);
}

beforeAll(async () => {
  patchbay = await startPatchbay({ env: { PATCHBAY_AUTH: "on", PATCHBAY_ADMIN_TOKEN: ADMIN_TOKEN, PATCHBAY_SEED_DEMO: "false" } });
  const admin = apiClient(patchbay.baseUrl, { Authorization: `Bearer ${ADMIN_TOKEN}` });
  expect((await admin.post("/api/mcp-servers", httpServer(names.server))).status).toBe(201);
  expect((await admin.post("/api/capabilities", { name: names.capability, description: "x", mcp_servers: [names.server] })).status).toBe(201);
  expect((await admin.post("/api/agents", { name: names.agent, description: "x", mcp_servers: [names.server] })).status).toBe(201);
  const session = await apiClient(patchbay.baseUrl).post("/api/session", { token: ADMIN_TOKEN });
  cookie = (session.headers.get("set-cookie") ?? "").split(";")[0];
}, 120_000);

afterAll(async () => {
  await patchbay?.stop();
});

function expectPageCsp(response: Response) {
  const policy = response.headers.get("content-security-policy") ?? "";
  expect(policy).toMatch(/script-src [^;]*'nonce-[A-Za-z0-9+/=]+'/);
  expect(policy).toContain("frame-ancestors 'none'");
}

describe("every page of the build", () => {
  test("the build has the pages this test expects to find (the manifest is read, not guessed)", () => {
    const pages = builtPages();
    expect(pages).toEqual(expect.arrayContaining(["/", "/api-docs", "/mcp-servers", "/mcp-servers/[name]/edit", "/sign-in", "/tokens"]));
    expect(pages.length).toBeGreaterThanOrEqual(20);
  });

  test("signed out: every page but /sign-in redirects (307) to sign-in, coming back to it", async () => {
    for (const route of builtPages().filter((page) => !PUBLIC_PAGES.has(page))) {
      const pagePath = pathOf(route);
      const response = await fetch(`${patchbay.baseUrl}${pagePath}`, { headers: { Accept: "text/html" }, redirect: "manual" });
      expect([route, response.status]).toEqual([route, 307]);
      expect(new URL(response.headers.get("location")!, patchbay.baseUrl).pathname + new URL(response.headers.get("location")!, patchbay.baseUrl).search)
        .toBe(`/sign-in?next=${encodeURIComponent(pagePath)}`);
      await response.body?.cancel();
    }
  });

  test("every HTML answer carries the page CSP: /sign-in signed out, every page signed in, and the not-found page", async () => {
    const signIn = await fetch(`${patchbay.baseUrl}/sign-in`, { headers: { Accept: "text/html" } });
    expect(signIn.status).toBe(200);
    expectPageCsp(signIn);
    await signIn.body?.cancel();

    for (const route of builtPages()) {
      // `/` sends a signed-in person on to a page of its own; what counts is that it is a page, not sign-in.
      const response = await fetch(`${patchbay.baseUrl}${pathOf(route)}`, { headers: { Accept: "text/html", Cookie: cookie } });
      expect([route, response.status, new URL(response.url).pathname === "/sign-in"]).toEqual([route, 200, route === "/sign-in"]);
      expect(response.headers.get("content-type")).toMatch(/^text\/html/);
      expectPageCsp(response);
      await response.body?.cancel();
    }

    const missing = await fetch(`${patchbay.baseUrl}/no-such-page`, { headers: { Accept: "text/html", Cookie: cookie } });
    expect(missing.status).toBe(404);
    expectPageCsp(missing);
  });
});
