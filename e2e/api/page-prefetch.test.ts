import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { apiClient, httpServer, uniqueName } from "../support/api-client";
import { startPatchbay, type PatchbayProcess } from "../support/patchbay-process";
import { mintToken } from "../support/roles";

/**
 * Pages come with their panels' data (lib/page-data/prefetch-page.ts): each prefetch is answered by the API in
 * process as the page's own caller. A viewer's page must hold only what the viewer's own requests would, however
 * many people load pages at the same moment (the caller is read from the request being rendered, never kept).
 */
const ADMIN_TOKEN = "pb_prefetch_admin_token_0123456789abcdef";
const tag = uniqueName("prefetch");
const LITERAL_SECRET = `sk-literal-${tag}`;
const names = { server: `server-${tag}`, capability: `capability-${tag}`, agent: `agent-${tag}` };
let patchbay: PatchbayProcess;
const cookies: { admin?: string; viewer?: string } = {};

async function signIn(token: string): Promise<string> {
  const session = await apiClient(patchbay.baseUrl).post("/api/session", { token });
  expect(session.status, session.text).toBe(200);
  return (session.headers.get("set-cookie") ?? "").split(";")[0];
}

async function page(path: string, cookie: string): Promise<string> {
  const response = await fetch(`${patchbay.baseUrl}${path}`, { headers: { cookie, Accept: "text/html" }, redirect: "manual" });
  expect(response.status, path).toBe(200);
  return response.text();
}

beforeAll(async () => {
  patchbay = await startPatchbay({ env: { PATCHBAY_AUTH: "on", PATCHBAY_ADMIN_TOKEN: ADMIN_TOKEN, PATCHBAY_SEED_DEMO: "false" } });
  const admin = apiClient(patchbay.baseUrl, { Authorization: `Bearer ${ADMIN_TOKEN}` });
  const server = httpServer(names.server, { transport: { type: "http", url: "http://127.0.0.1:9/mcp", headers: { "X-Api-Key": LITERAL_SECRET } } });
  expect((await admin.post("/api/mcp-servers", server)).status).toBe(201);
  expect((await admin.post("/api/capabilities", { name: names.capability, description: "uses it", mcp_servers: [names.server] })).status).toBe(201);
  expect((await admin.post("/api/agents", { name: names.agent, description: "uses it", capabilities: [names.capability] })).status).toBe(201);
  cookies.admin = await signIn(ADMIN_TOKEN);
  cookies.viewer = await signIn(await mintToken(patchbay.baseUrl, ADMIN_TOKEN, `viewer-${tag}`, "viewer"));
}, 120_000);

afterAll(async () => {
  await patchbay?.stop();
});

describe("a page's data comes with its HTML, as its caller may see it", () => {
  test("the server page holds its panels' answers: used-by names the capability and agent, the resolved config is there", async () => {
    const html = await page(`/mcp-servers/${names.server}`, cookies.admin!);
    // Only the used-by answer names them on this page: it came with the HTML, not from a later request.
    expect(html).toContain(names.capability);
    expect(html).toContain(names.agent);
    expect(html).toContain(LITERAL_SECRET);
  });

  test("the capability and agent pages hold their answers too", async () => {
    const capability = await page(`/capabilities/${names.capability}`, cookies.admin!);
    expect(capability).toContain(names.agent); // its used-by
    const agent = await page(`/agents/${names.agent}`, cookies.admin!);
    expect(agent).toContain("127.0.0.1:9"); // its blueprint, resolved for the registry's environment
  });

  test("a viewer's pages never hold a literal secret, even while an admin loads the same pages at the same moments", async () => {
    const paths = [`/mcp-servers/${names.server}`, `/capabilities/${names.capability}`, `/agents/${names.agent}`];
    const loads = Array.from({ length: 12 }, (_, index) => ({ path: paths[index % paths.length], role: index % 2 === 0 ? "admin" : "viewer" } as const));
    const pages = await Promise.all(loads.map(async (load) => ({ ...load, html: await page(load.path, cookies[load.role]!) })));

    for (const { path, role, html } of pages) {
      if (role === "viewer") expect(html.includes(LITERAL_SECRET), `viewer ${path}`).toBe(false);
    }
    // The admin's server page had it: the same renders, interleaved, kept each caller's own view.
    expect(pages.some(({ path, role, html }) => role === "admin" && path === paths[0] && html.includes(LITERAL_SECRET))).toBe(true);
    const viewerServerPage = pages.find(({ path, role }) => role === "viewer" && path === paths[0])!.html;
    expect(viewerServerPage).toContain(names.capability);
  });
});
