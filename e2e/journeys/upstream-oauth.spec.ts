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
