import http from "node:http";
import type { AddressInfo } from "node:net";

import { expect, test } from "./fixtures";

/**
 * Seed 003's `support.api_reference_url` on the server page (DESIGN §19): the "API reference" panel lists the
 * operations of the OpenAPI document a host on 127.0.0.1 serves, or says why it could not be read; a server
 * without such a URL has no panel.
 */
const OPENAPI = JSON.stringify({
  openapi: "3.0.3",
  info: { title: "Context store", version: "2.3.0" },
  paths: { "/contexts": { get: { summary: "List contexts" }, post: { summary: "Create a context" } } },
});

let docs: http.Server;
let docsUrl: string;

test.beforeAll(async () => {
  docs = http.createServer((_request, response) => response.writeHead(200, { "Content-Type": "application/json" }).end(OPENAPI));
  await new Promise<void>((resolve) => docs.listen(0, "127.0.0.1", resolve));
  docsUrl = `http://127.0.0.1:${(docs.address() as AddressInfo).port}/openapi.json`;
});

test.afterAll(async () => {
  await new Promise((resolve) => docs?.close(resolve));
});

test.describe("API reference panel", () => {
  // The refused document is answered 502 on purpose.
  test.use({ allowedConsoleErrors: /status of 502 .*\/api\/mcp-servers\/apiref-refused-[^/?]+\/api-reference\)$/ });

  test("lists the operations of the server's OpenAPI document: method, path and summary", async ({ page, api }) => {
    const server = await api.createServer("apiref-listed", { support: { api_reference_url: docsUrl } });
    await page.goto(`/mcp-servers/${server.name}`);

    const panel = page.getByRole("region", { name: "API reference" });
    await expect(panel).toContainText("Context store, version 2.3.0");
    const operations = panel.getByRole("list", { name: "API operations" }).getByRole("listitem");
    await expect(operations).toHaveText([/^GET\s*\/contexts\s*List contexts$/, /^POST\s*\/contexts\s*Create a context$/]);
  });

  test("says why a document could not be read (an address the outbound policy refuses)", async ({ page, api }) => {
    const server = await api.createServer("apiref-refused", { support: { api_reference_url: "http://169.254.169.254/openapi.json" } });
    await page.goto(`/mcp-servers/${server.name}`);

    await expect(page.getByRole("region", { name: "API reference" })).toContainText(
      "The API reference at http://169.254.169.254/openapi.json could not be read: the outbound policy refuses 169.254.169.254 (cloud metadata address)");
  });

  test("a server without api_reference_url has no panel", async ({ page, api }) => {
    const server = await api.createServer("apiref-none");
    await page.goto(`/mcp-servers/${server.name}`);
    await expect(page.getByRole("region", { name: "Used by" })).toBeVisible();
    await expect(page.getByRole("region", { name: "API reference" })).toHaveCount(0);
  });
});
