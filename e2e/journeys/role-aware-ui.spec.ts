import type { Page } from "@playwright/test";

import { apiClient, httpServer, uniqueName } from "../support/api-client";
import { expect, guardedTest } from "./fixtures";
import { signInAs as signInWithRole } from "./sign-in-as";

const ADMIN_TOKEN = "pb_journey_role_admin_token_0123456789";

/** Authentication on, so each role signs in with a token of its own; one Patchbay per worker. */
const test = guardedTest(ADMIN_TOKEN);

/** A role's token, minted by the admin, and the browser signed in with it. */
const signInAs = (page: Page, baseUrl: string, role: "viewer" | "editor" | "admin") => signInWithRole(page, baseUrl, ADMIN_TOKEN, role);

const admin = (baseUrl: string) => apiClient(baseUrl, { Authorization: `Bearer ${ADMIN_TOKEN}` });

test.describe("role-aware UI: controls a role cannot use are not offered", () => {
  for (const role of ["viewer", "editor"] as const) {
    const canWrite = role === "editor";
    test(`a ${role} ${canWrite ? "sees" : "sees no"} New, Edit, Delete, Test connection and Re-check on the server list and page`, async ({ page, guarded }) => {
      const name = uniqueName(`roles-${role}`);
      expect((await admin(guarded.baseUrl).post("/api/mcp-servers", httpServer(name))).status).toBe(201);
      await signInAs(page, guarded.baseUrl, role);
      await page.goto(`${guarded.baseUrl}/mcp-servers`);

      await expect(page.getByRole("heading", { name: "MCP servers" })).toBeVisible();
      await expect(page.getByRole("link", { name: "New server" })).toHaveCount(canWrite ? 1 : 0);

      await page.getByRole("link", { name, exact: true }).click();
      await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
      await expect(page.getByRole("region", { name: "Health" })).toBeVisible(); // the page has rendered its cards
      const count = canWrite ? 1 : 0;
      await expect(page.getByRole("link", { name: "Edit", exact: true })).toHaveCount(count);
      await expect(page.getByRole("button", { name: /^Delete/ })).toHaveCount(count);
      await expect(page.getByRole("button", { name: "Test connection" })).toHaveCount(count);
      await expect(page.getByRole("button", { name: "Re-check now" })).toHaveCount(count);
      if (canWrite) return;
      await expect(page.getByText("Testing the connection and calling its tools needs the editor role.")).toBeVisible();
      // Typed in by hand, the form pages say why instead of offering a form that can only fail on Save.
      await page.goto(`${guarded.baseUrl}/mcp-servers/new`);
      await expect(page.getByText("Creating a server needs the editor role")).toBeVisible();
      await expect(page.getByLabel(/^Name/)).toHaveCount(0);
    });
  }

  test("a viewer's approvals inbox says what appears there and that an editor decides; Explore is out of the navigation and explains itself", async ({ page, guarded }) => {
    await signInAs(page, guarded.baseUrl, "viewer");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Servers" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Explore" })).toHaveCount(0);

    await nav.getByRole("link", { name: "Approvals" }).click();
    await expect(page.getByText(/^No request is waiting\. When a server's tool_policy holds a call for approval/)).toBeVisible();

    await page.goto(`${guarded.baseUrl}/explore`);
    await expect(page.getByText("No upstream registry is configured")).toBeVisible();
    await expect(page.getByText(/start Patchbay with PATCHBAY_UPSTREAM_URL set to that registry/)).toBeVisible();
  });
});

test("health: after Test connection the title badge and the Health card say the same, whichever environment the test ran in", async ({ page, guarded }) => {
  const name = uniqueName("roles-health");
  const staging = uniqueName("staging");
  // Nothing listens on port 9: every probe is "unhealthy", in either environment.
  const body = httpServer(name, { environments: { [staging]: { url: "http://127.0.0.1:9/other" } } });
  expect((await admin(guarded.baseUrl).post("/api/mcp-servers", body)).status).toBe(201);
  await signInAs(page, guarded.baseUrl, "editor");
  await page.goto(`${guarded.baseUrl}/mcp-servers/${name}`);

  const badge = page.getByRole("heading", { level: 1 }).locator("[data-health-status]");
  const card = page.getByRole("region", { name: "Health" });
  const tester = page.getByRole("region", { name: "Test connection" });
  await expect(badge).toHaveAttribute("data-health-status", "unknown");
  await expect(card.locator("dt:text-is('Checked') + dd")).toHaveText("never");
  const own = (await card.locator("dt:text-is('Environment') + dd").textContent())!;
  expect(own).not.toBe(staging);

  // A test in another environment is recorded there: neither the badge nor the card (the registry's own) changes.
  await page.locator("#validate-environment").selectOption(staging);
  await tester.getByRole("button", { name: "Test connection" }).click();
  await expect(tester.getByText(/^unhealthy — /)).toBeVisible();
  await expect(tester.getByText(staging, { exact: true })).toBeVisible();
  await expect(card.locator("dt:text-is('Checked') + dd")).toHaveText("never");
  await expect(badge).toHaveAttribute("data-health-status", "unknown");

  // A test in the registry's own environment: both say unhealthy, and the card says when.
  await page.locator("#validate-environment").selectOption(own);
  await tester.getByRole("button", { name: "Test connection" }).click();
  await expect(tester.getByText(/^unhealthy — /)).toBeVisible();
  await expect(badge).toHaveAttribute("data-health-status", "unhealthy");
  await expect(card.getByText("unhealthy", { exact: true })).toBeVisible();
  await expect(card.locator("dt:text-is('Checked') + dd")).not.toHaveText("never");
});

test("import: pasted text previews each server's transport, URL or command line, placeholders and warnings", async ({ page, guarded }) => {
  const [remote, local] = [uniqueName("paste-remote"), uniqueName("paste-local")];
  const config = {
    mcpServers: {
      [remote]: { url: "https://mcp.example.com/mcp?api_key=abc123", headers: { Authorization: "Bearer literal-secret" } },
      [local]: { command: "uvx", args: ["some-mcp", "--token", "t0ps3cret"], env: { NODE_OPTIONS: "--require x" } },
    },
  };
  await signInAs(page, guarded.baseUrl, "admin");
  await page.goto(`${guarded.baseUrl}/import`);
  await page.getByLabel("Turn literal secrets").check();
  await page.getByLabel("Or paste its text").fill(JSON.stringify(config, null, 2));
  await page.getByRole("button", { name: "Preview pasted text" }).click();

  await expect(page.getByRole("status").filter({ hasText: /created/ }))
    .toHaveText("Dry run (mcp-servers): 2 created, 0 updated, 0 skipped, 0 renamed, 0 errors. Nothing is written until you import.");
  const table = page.getByRole("table", { name: "Would create" });
  const remoteRow = table.getByRole("row").filter({ hasText: remote });
  await expect(remoteRow.getByRole("cell").nth(1)).toHaveText("http");
  // Turned into a placeholder like the header: the preview shows where the value will come from.
  await expect(remoteRow.getByRole("cell").nth(2)).toHaveText(/^https:\/\/mcp\.example\.com\/mcp\?api_key=\$\{PASTE_REMOTE_[0-9A-F]+_URL_QUERY_API_KEY\}$/);
  await expect(remoteRow.getByRole("cell").nth(3)).toContainText("_AUTHORIZATION}");
  const localRow = table.getByRole("row").filter({ hasText: local });
  await expect(localRow.getByRole("cell").nth(1)).toHaveText("stdio");
  await expect(localRow.getByRole("cell").nth(2)).toHaveText("uvx some-mcp --token ••••");
  await expect(localRow.getByRole("cell").nth(4)).toContainText("NODE_OPTIONS");
  // The secrets of the pasted text stay in the paste box: the preview masks them.
  await expect(page.getByTestId("import-report")).not.toContainText("abc123");
  await expect(page.getByTestId("import-report")).not.toContainText("t0ps3cret");
  expect((await admin(guarded.baseUrl).get(`/api/mcp-servers/${remote}`)).status).toBe(404);
});

test("agent page: an admin mints a runner token in place and the copied config carries it; a viewer is told an admin mints it", async ({ page, guarded }) => {
  const server = uniqueName("gw-server");
  const agent = uniqueName("gw-agent");
  const api = admin(guarded.baseUrl);
  expect((await api.post("/api/mcp-servers", httpServer(server))).status).toBe(201);
  expect((await api.post("/api/agents", { name: agent, description: "Gateway journey", mcp_servers: { docs: server } })).status).toBe(201);

  await signInAs(page, guarded.baseUrl, "admin");
  await page.goto(`${guarded.baseUrl}/agents/${agent}`);
  await page.getByLabel("Configs for a machine, with a runner token instead of the browser sign-in").check();
  await page.getByRole("button", { name: "Mint a runner token for this agent" }).click();
  const token = (await page.getByTestId("minted-token").textContent())!;
  expect(token).toMatch(/^pb_/);
  await page.getByRole("button", { name: "Copy gateway as Cursor config" }).click();
  const file = JSON.parse((await page.getByLabel("Cursor gateway config").textContent())!);
  const entry = file.mcpServers[`patchbay-${agent}`];
  expect(entry.headers).toEqual({ Authorization: `Bearer ${token}` });

  // The token works at the gateway it was minted for.
  const initialize = await page.request.post(entry.url, {
    headers: { Accept: "application/json, text/event-stream", "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    data: { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "journey", version: "1" } } },
  });
  expect(initialize.status()).toBe(200);

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await signInAs(page, guarded.baseUrl, "viewer");
  await page.goto(`${guarded.baseUrl}/agents/${agent}`);
  await page.getByLabel("Configs for a machine, with a runner token instead of the browser sign-in").check();
  await expect(page.getByText("A runner token comes from an admin: the Tokens page mints one.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Mint a runner token for this agent" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Edit", exact: true })).toHaveCount(0);
});

test("an editor saves a server whose URL holds a password and a token: the form shows them masked, the save keeps them, and the form offers placeholders instead", async ({ page, guarded }) => {
  const name = uniqueName("roles-url-secrets");
  const [password, token] = [uniqueName("pw"), uniqueName("tok")];
  const stored = `http://alice:${password}@127.0.0.1:9/mcp?access_token=${token}&team=core`;
  expect((await admin(guarded.baseUrl).post("/api/mcp-servers", httpServer(name, { transport: { type: "http", url: stored } }))).status).toBe(201);
  await signInAs(page, guarded.baseUrl, "editor");
  await page.goto(`${guarded.baseUrl}/mcp-servers/${name}/edit`);
  await expect(page.locator("form[data-hydrated]")).toBeVisible();

  const url = page.getByLabel(/^URL/);
  await expect(url).toHaveValue("http://alice:••••@127.0.0.1:9/mcp?access_token=••••&team=core");
  expect(await page.content()).not.toContain(password);
  expect(await page.content()).not.toContain(token);
  // A path changed beside the masked values: the path is saved, the password and the token stay as stored.
  await url.fill("http://alice:••••@127.0.0.1:9/v2/mcp?access_token=••••&team=core");
  await page.getByLabel(/^Description/).fill("Saved by an editor");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page).toHaveURL(`${guarded.baseUrl}/mcp-servers/${name}`);
  const saved = (await admin(guarded.baseUrl).get(`/api/mcp-servers/${name}?raw=true`)).body.mcp_server;
  expect(saved).toMatchObject({ description: "Saved by an editor", transport: { url: stored.replace("/mcp?", "/v2/mcp?") } });

  // The form warns of both and offers the placeholders an import would write; taken, the secrets leave the registry.
  await page.goto(`${guarded.baseUrl}/mcp-servers/${name}/edit`);
  await expect(page.locator("form[data-hydrated]")).toBeVisible();
  await expect(page.getByText("The URL's password and “access_token” look like secrets typed in as is.")).toBeVisible();
  const variable = name.toUpperCase().replace(/[^A-Z0-9]+/g, "_");
  await page.getByRole("button", { name: `Use \${${variable}_URL_PASSWORD} and \${${variable}_URL_QUERY_ACCESS_TOKEN} instead` }).click();
  const placeheld = `http://alice:\${${variable}_URL_PASSWORD}@127.0.0.1:9/v2/mcp?access_token=\${${variable}_URL_QUERY_ACCESS_TOKEN}&team=core`;
  await expect(url).toHaveValue(placeheld);
  await expect(page.getByText(/look like secrets typed in as is/)).toHaveCount(0);
  // A header's the same way, its auth scheme kept.
  await page.getByRole("button", { name: "Add header" }).click();
  await page.getByLabel("Header 1 name").fill("Authorization");
  await page.getByLabel("Header 1 value").fill(`Bearer ${token}`);
  await expect(page.getByText("“Authorization” looks like a secret typed in as is.")).toBeVisible();
  await page.getByRole("button", { name: `Use Bearer \${${variable}_AUTHORIZATION} instead` }).click();
  await expect(page.getByLabel("Header 1 value")).toHaveValue(`Bearer \${${variable}_AUTHORIZATION}`);
  // A literal beside a reference is a literal too: only the literal part becomes the placeholder, the reference stays.
  await page.getByRole("button", { name: "Add header" }).click();
  await page.getByLabel("Header 2 name").fill("X-Api-Key");
  await page.getByLabel("Header 2 value").fill(`\${TENANT}-${token}`);
  await expect(page.getByText("“X-Api-Key” looks like a secret typed in as is.")).toBeVisible();
  await page.getByRole("button", { name: `Use \${TENANT}-\${${variable}_X_API_KEY} instead` }).click();
  await expect(page.getByLabel("Header 2 value")).toHaveValue(`\${TENANT}-\${${variable}_X_API_KEY}`);
  await expect(page.getByText(/looks like a secret typed in as is/)).toHaveCount(0);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page).toHaveURL(`${guarded.baseUrl}/mcp-servers/${name}`);
  const placed = (await admin(guarded.baseUrl).get(`/api/mcp-servers/${name}?raw=true`)).body.mcp_server.transport;
  expect(placed).toEqual({ type: "http", url: placeheld, headers: { Authorization: `Bearer \${${variable}_AUTHORIZATION}`, "X-Api-Key": `\${TENANT}-\${${variable}_X_API_KEY}` } });
});
