import AxeBuilder from "@axe-core/playwright";
import { expect } from "@playwright/test";

import { apiClient, httpServer, uniqueName } from "../support/api-client";
import { authorizationRequest, consent, exchangeCode, initializeGateway, registerClient, signedInJar } from "../support/gateway-oauth-client";
import { guardedTest, saveScreenshot } from "./fixtures";

const ADMIN_TOKEN = "pb_journey_clients_admin_0123456789";

/** Authentication on: the gateways' authorization server runs only then. */
const test = guardedTest(ADMIN_TOKEN, { PATCHBAY_SEED_DEMO: "false" });

test("a runner finds the MCP client they allowed on the Tokens page, and Revoke signs it out of the gateway at once", async ({ page, guarded }) => {
  const base = guarded.baseUrl;
  const admin = apiClient(base, { Authorization: `Bearer ${ADMIN_TOKEN}` });
  const server = uniqueName("journey-clients-server");
  const agent = uniqueName("journey-clients-agent");
  expect((await admin.post("/api/mcp-servers", httpServer(server))).status).toBe(201);
  expect((await admin.post("/api/agents", { name: agent, description: "Connected clients", mcp_servers: { docs: server } })).status).toBe(201);
  const runner = await admin.post("/api/tokens", { name: uniqueName("journey-runner"), role: "runner" });
  expect(runner.status).toBe(201);

  // The runner allows an MCP client on the consent page (the client's side by hand, as e2e/api/gateway-oauth.test.ts).
  const clientName = uniqueName("Journey editor");
  const client = await registerClient(base, { client_name: clientName });
  const authorization = authorizationRequest(base, client, { resource: `${base}/mcp/agents/${agent}` });
  const { redirect } = await consent(base, authorization, await signedInJar(base, runner.body.token), "allow");
  const tokens = await exchangeCode(base, client, redirect!.searchParams.get("code")!, authorization.verifier);
  expect(tokens.status).toBe(200);

  await page.goto(`${base}/sign-in#token=${runner.body.token}`);
  await page.getByRole("button", { name: `Sign in as ${runner.body.name}` }).click();
  await expect(page).toHaveURL(/:\d+\/$/);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Tokens" }).click();

  await expect(page.getByText("Only an admin can mint, list and revoke tokens.")).toBeVisible();
  const card = page.getByRole("region", { name: "Connected MCP clients" });
  const row = card.getByRole("row", { name: new RegExp(clientName) });
  await expect(row.getByRole("rowheader", { name: clientName, exact: true })).toBeVisible();
  await expect(row).toContainText("registered itself (unchecked)");
  await expect(row).toContainText(`/mcp/agents/${agent}`);
  await saveScreenshot(page, "connected-clients");
  // The card with a row is seen only with authentication on, which the accessibility spec's Patchbay does not have.
  const axe = await new AxeBuilder({ page }).include("#connected-clients").withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  expect(axe.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical").map((violation) => violation.id)).toEqual([]);

  await card.getByRole("button", { name: `Revoke ${clientName}`, exact: true }).click();
  const confirm = page.getByRole("dialog", { name: `Revoke ${clientName}?` });
  await expect(confirm).toContainText("signed out of every gateway at once");
  await confirm.getByRole("button", { name: "Revoke client" }).click();
  await expect(confirm).toBeHidden();
  await expect(card.getByRole("rowheader", { name: clientName, exact: true })).toHaveCount(0);
  await expect(card).toContainText("MCP clients you allowed on the consent page appear here; revoking one signs it out of every gateway at once.");
  expect((await initializeGateway(`${base}/mcp/agents/${agent}`, tokens.body.access_token)).status).toBe(401);
});
