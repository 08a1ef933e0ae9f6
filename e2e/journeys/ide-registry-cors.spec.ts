import http from "node:http";
import type { AddressInfo } from "node:net";

import { test as base, expect } from "@playwright/test";

import { apiClient, httpServer, uniqueName } from "../support/api-client";
import { startPatchbay, type PatchbayProcess } from "../support/patchbay-process";
import { mintRoleTokens } from "../support/roles";

const ADMIN_TOKEN = "pb_journey_ide_admin_token_0123456789";
const IDE_PAGE = "<!doctype html><meta charset=utf-8><title>IDE client</title><h1>An IDE's web client</h1>";
const name = uniqueName("ide");

type Registry = { patchbay: PatchbayProcess; viewerToken: string };
type Fixtures = { open: Registry; closed: Registry; idePage: string };

async function startRegistry(env: Record<string, string>): Promise<Registry> {
  const patchbay = await startPatchbay({ env: { PATCHBAY_AUTH: "on", PATCHBAY_ADMIN_TOKEN: ADMIN_TOKEN, PATCHBAY_SEED_DEMO: "false", ...env } });
  const admin = apiClient(patchbay.baseUrl, { Authorization: `Bearer ${ADMIN_TOKEN}` });
  expect((await admin.post("/api/mcp-servers", httpServer(name))).status).toBe(201);
  return { patchbay, viewerToken: (await mintRoleTokens(patchbay.baseUrl, ADMIN_TOKEN)).viewer };
}

/** Two registries (public and not) and a page on an origin of its own, as an IDE's browser-based client is. */
const test = base.extend<{}, Fixtures>({
  open: [async ({}, use) => {
    const registry = await startRegistry({ PATCHBAY_PUBLIC_REGISTRY: "true" });
    await use(registry);
    await registry.patchbay.stop();
  }, { scope: "worker" }],
  closed: [async ({}, use) => {
    const registry = await startRegistry({});
    await use(registry);
    await registry.patchbay.stop();
  }, { scope: "worker" }],
  idePage: [async ({}, use) => {
    const server = http.createServer((_req, res) => res.writeHead(200, { "content-type": "text/html" }).end(IDE_PAGE));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    await use(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    await new Promise((resolve) => server.close(resolve));
  }, { scope: "worker" }],
});

/** Runs `fetch` in the page, on its own origin: what the IDE's client would see. */
function fetchFromPage(url: string, headers: Record<string, string> = {}) {
  return async ({ page }: { page: import("@playwright/test").Page }) => page.evaluate(async ({ url, headers }) => {
    const response = await fetch(url, { headers });
    return { status: response.status, type: response.headers.get("content-type"), body: await response.json() };
  }, { url, headers });
}

test("a page on another origin reads /v0.1/servers anonymously from a public registry", async ({ page, open, idePage }) => {
  await page.goto(idePage);
  const result = await fetchFromPage(`${open.patchbay.baseUrl}/v0.1/servers?search=${name}`)({ page });
  expect(result.status).toBe(200);
  expect(result.body.servers.map((entry: { server: { name: string } }) => entry.server.name)).toEqual([`dev.patchbay/${name}`]);
});

test("from a registry that is not public it fails cleanly: a 401 the page can read, and a token (after a preflight) reads", async ({ page, closed, idePage }) => {
  const refusals: string[] = [];
  page.on("console", (message) => message.type() === "error" && refusals.push(message.text()));
  await page.goto(idePage);

  const refused = await fetchFromPage(`${closed.patchbay.baseUrl}/v0.1/servers`)({ page });
  expect(refused).toMatchObject({ status: 401, type: expect.stringMatching(/^application\/problem\+json/), body: { status: 401 } });
  // The browser reports the 401 itself; nothing else (no CORS refusal) went wrong.
  expect(refusals).toEqual([expect.stringContaining("401")]);

  const read = await fetchFromPage(`${closed.patchbay.baseUrl}/v0.1/servers?search=${name}`, { Authorization: `Bearer ${closed.viewerToken}` })({ page });
  expect(read.status).toBe(200);
  expect(read.body.servers).toHaveLength(1);
});
