import { freePort } from "../../lib/mcp/test-peers";
import { apiClient, httpServer, uniqueName } from "../support/api-client";
import { startAuthorizationServer, startProtectedMcpServer, type AuthorizationServer, type ProtectedMcpServer } from "../support/oauth-peers";
import { expect, test } from "./fixtures";

const baseUrl = () => process.env.PATCHBAY_BASE_URL!;
let as: AuthorizationServer;
let mcp: ProtectedMcpServer;

test.beforeAll(async () => {
  const deadIssuer = `http://127.0.0.1:${await freePort()}`;
  mcp = await startProtectedMcpServer(() => as.issuer, deadIssuer);
  as = await startAuthorizationServer({ resource: () => mcp.url, accessTokenTtlS: 300 });
});
test.afterAll(async () => {
  await mcp?.stop();
  await as?.stop();
});

// The authorization server's pages are oidc-provider's, which has no favicon.
test.use({ allowedConsoleErrors: /status of 404 \(Not Found\) \(http:\/\/127\.0\.0\.1:\d+\/favicon\.ico\)/ });

test("upstream OAuth: the server page connects through a real authorization server, shows it, and disconnects", async ({ page }) => {
  const api = apiClient(baseUrl());
  const name = uniqueName("journey-oauth");
  expect((await api.post("/api/mcp-servers", httpServer(name, { transport: { type: "http", url: mcp.url }, auth: { type: "oauth" } }))).status).toBe(201);
  const { current } = (await api.get("/api/environments")).body as { current: string };

  // Before any connection the probe meets a 401: the page says what to do rather than "auth required".
  expect((await api.post(`/api/mcp-servers/${name}/health-check`)).status).toBe(200);
  await page.goto(`${baseUrl()}/mcp-servers/${name}`);
  await expect(page.getByRole("region", { name: "Health" }).getByText("Connect to check health")).toBeVisible();

  const card = page.getByRole("region", { name: "OAuth" });
  const row = card.getByRole("listitem", { name: `OAuth in ${current}` });
  await expect(row.locator("[data-oauth-status]")).toHaveText("never");
  await row.getByRole("button", { name: "Connect" }).click();

  // The authorization server's interaction pages (sign-in, then consent): one form each, "Continue".
  await page.waitForURL((url) => url.href.startsWith(as.issuer));
  while (page.url().startsWith(as.issuer)) {
    const interaction = page.url();
    await page.getByRole("button", { name: "Continue" }).click();
    await page.waitForURL((url) => url.href !== interaction && (url.pathname.startsWith("/interaction/") || url.href.startsWith(baseUrl())));
  }

  await expect(page).toHaveURL(new RegExp(`/mcp-servers/${name}\\?environment=${current}&oauth=connected$`));
  await expect(card.getByText(`Connected in ${current}: Patchbay now signs in to this server.`)).toBeVisible();
  await expect(row.locator("[data-oauth-status]")).toHaveText("connected");
  await expect(row.getByText("mcp:tools")).toBeVisible();

  await row.getByRole("button", { name: "Disconnect" }).click();
  await expect(row.locator("[data-oauth-status]")).toHaveText("never");
  await expect(row.getByRole("button", { name: "Connect" })).toBeVisible();
});

test("per_user: the list and the page say each person connects, and an agent's prompts offer the connect link", async ({ page }) => {
  const api = apiClient(baseUrl());
  const name = uniqueName("journey-personal");
  const agent = uniqueName("journey-personal-agent");
  expect((await api.post("/api/mcp-servers", httpServer(name, { transport: { type: "http", url: mcp.url }, auth: { type: "oauth", mode: "per_user" } }))).status).toBe(201);
  expect((await api.post("/api/agents", { name: agent, description: "Per-person prompts", mcp_servers: { personal: name } })).status).toBe(201);
  const { current } = (await api.get("/api/environments")).body as { current: string };

  // The probe for everyone sends nobody's token: the sign-in challenge each person meets is what it checks.
  expect((await api.post(`/api/mcp-servers/${name}/health-check`)).body).toMatchObject({ status: "auth_required" });
  await page.goto(`${baseUrl()}/mcp-servers?search=${name}`);
  await expect(page.getByRole("row", { name: new RegExp(name) }).getByText("Each person connects")).toBeVisible();
  await page.goto(`${baseUrl()}/mcp-servers/${name}`);
  await expect(page.getByRole("region", { name: "Health" }).getByText("Each person connects", { exact: true })).toBeVisible();
  await expect(page.getByRole("region", { name: "Health" }).getByText(`each person connects; the server answers its sign-in challenge (authorization server ${as.issuer})`)).toBeVisible();
  // Narrow and dark: the same words.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: "dark" });
  await expect(page.getByRole("region", { name: "Health" }).getByText("Each person connects", { exact: true })).toBeVisible();
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.emulateMedia({ colorScheme: "light" });

  await page.goto(`${baseUrl()}/agents/${agent}`);
  const prompts = page.getByRole("region", { name: "Prompts" });
  const connect = prompts.getByRole("link", { name: "connect to list" });
  await expect(connect).toHaveAttribute("href", `/mcp-servers/${name}?environment=${current}#oauth`);
  await connect.click();
  await expect(page).toHaveURL(new RegExp(`/mcp-servers/${name}\\?environment=${current}#oauth$`));
});
