import { readdirSync, readFileSync } from "node:fs";
import { randomUUID } from "node:crypto";

import { expect, test } from "@playwright/test";

const baseUrl = () => process.env.PATCHBAY_BASE_URL!;

test("import page: pick a file, see the dry run, change the policy, import, then download the export", async ({ page }) => {
  const [remote, local] = [`ui-remote-${randomUUID().slice(0, 8)}`, `ui-local-${randomUUID().slice(0, 8)}`];
  const config = { mcpServers: { [remote]: { url: "https://mcp.example.com/mcp", headers: { Authorization: "Bearer literal" } }, [local]: { command: "uvx", args: ["some-mcp"] } } };

  await page.goto(`${baseUrl()}/import`);
  await expect(page.getByRole("heading", { name: "Import and export" })).toBeVisible();
  await page.getByLabel("Choose a file").setInputFiles({ name: "claude_desktop_config.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(config)) });

  const status = page.getByRole("status").filter({ hasText: /created/ });
  await expect(status).toHaveText("Dry run (mcp-servers): 2 created, 0 updated, 0 skipped, 0 renamed, 0 errors. Nothing is written until you import.");
  await expect(page.getByRole("table", { name: "Would create" }).getByRole("cell", { name: remote })).toBeVisible();
  expect((await page.request.get(`${baseUrl()}/api/mcp-servers/${remote}`)).status()).toBe(404);

  await page.getByLabel("Turn literal secrets").check();
  await page.getByLabel(/Replace the existing server/).check();
  await expect(status).toHaveText(/^Dry run \(mcp-servers\): 2 created/);
  await page.screenshot({ path: "e2e/screenshots/import-dry-run.png", fullPage: true });

  await page.getByRole("button", { name: "Import 2 servers" }).click();
  await expect(status).toHaveText("Imported (mcp-servers): 2 created, 0 updated, 0 skipped, 0 renamed, 0 errors.");
  const stored = await (await page.request.get(`${baseUrl()}/api/mcp-servers/${remote}?raw=true`)).json();
  expect(stored.mcp_server.transport.headers.Authorization).toMatch(/^Bearer \$\{[A-Z0-9_]+_AUTHORIZATION\}$/);

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download the export" }).click()]);
  const bundle = JSON.parse(readFileSync((await download.path())!, "utf8"));
  expect(bundle.mcp_servers.map((server: { name: string }) => server.name)).toEqual(expect.arrayContaining([remote, local]));
  await expect(page.getByText(/^Downloaded \d+ servers\.$/)).toBeVisible();
});

test("import page: a file that fails under on_conflict=fail shows the errors with their paths and offers nothing to import", async ({ page }) => {
  const name = `ui-bad-${randomUUID().slice(0, 8)}`;
  const bundle = { mcp_servers: [{ name, description: "Broken", transport: { type: "http", url: "not a url" } }] };

  await page.goto(`${baseUrl()}/import`);
  await page.getByLabel("Choose a file").setInputFiles({ name: "bundle.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(bundle)) });

  await expect(page.getByRole("status").filter({ hasText: "Nothing would be imported" })).toBeVisible();
  const errors = page.getByRole("table", { name: "Errors" });
  await expect(errors.getByRole("cell", { name: "/servers/0/transport/url" })).toBeVisible();
  await expect(errors.getByRole("cell", { name: new RegExp(`^'${name}': must be an absolute`) })).toBeVisible();
  await expect(page.getByRole("button", { name: "Nothing to import" })).toBeDisabled();
});

test("import page: seed 002's markdown tool registry creates the server named in its fields", async ({ page }) => {
  const name = `ui-registry-${randomUUID().slice(0, 8)}`;
  const seeds = "../shared/seeds";
  const seed = readFileSync(`${seeds}/${readdirSync(seeds).find((file) => file.startsWith("002_"))!}`);

  await page.goto(`${baseUrl()}/import`);
  await page.getByLabel("Format").selectOption("tool-registry-md");
  await page.getByLabel("Server name (created when absent)").fill(name);
  await page.getByLabel("Its HTTP URL, to create it").fill("https://mcp.example.com/registry/mcp");
  await page.getByLabel("Choose a file").setInputFiles({ name: "MCP_REGISTRY.md", mimeType: "text/markdown", buffer: seed });

  const status = page.getByRole("status").filter({ hasText: /created/ });
  await expect(status).toHaveText("Dry run (tool-registry-md): 1 created, 0 updated, 0 skipped, 0 renamed, 0 errors. Nothing is written until you import.");
  expect((await page.request.get(`${baseUrl()}/api/mcp-servers/${name}`)).status()).toBe(404);

  await page.getByRole("button", { name: "Import 1 server" }).click();
  await expect(status).toHaveText("Imported (tool-registry-md): 1 created, 0 updated, 0 skipped, 0 renamed, 0 errors.");
  const stored = (await (await page.request.get(`${baseUrl()}/api/mcp-servers/${name}?raw=true`)).json()).mcp_server;
  expect(stored.transport).toEqual({ type: "http", url: "https://mcp.example.com/registry/mcp" });
  expect(stored.tools).toHaveLength(29);
});
