import { expect } from "@playwright/test";

import { apiClient, httpServer, uniqueName } from "../support/api-client";
import { guardedTest, saveScreenshot } from "./fixtures";

const ADMIN_TOKEN = "pb_journey_admin_token_0123456789";

/** These journeys need authentication on, so they run against their own Patchbay. */
const test = guardedTest(ADMIN_TOKEN);

test("a page sends a stranger to sign in and, once signed in, back where they were", async ({ page, guarded }) => {
  const streams: string[] = [];
  page.on("request", (request) => { if (new URL(request.url()).pathname === "/api/health/events") streams.push(request.url()); });
  const consoleErrors: string[] = [];
  page.on("console", (message) => { if (message.type() === "error") consoleErrors.push(message.text()); });

  await page.goto(`${guarded.baseUrl}/mcp-servers?search=context`);
  await expect(page).toHaveURL(/\/sign-in\?next=/);
  await saveScreenshot(page, "sign-in");

  await page.getByLabel("API token").fill(ADMIN_TOKEN);
  await expect(page.getByRole("button", { name: "Sign in" })).toBeEnabled(); // hydrated: any stream would be open by now
  // Signed out: no health stream is opened (it would only answer 401), and nothing fails.
  expect(streams).toEqual([]);
  expect(consoleErrors).toEqual([]);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(`${guarded.baseUrl}/mcp-servers?search=context`);
  await expect(page.getByText("admin (PATCHBAY_ADMIN_TOKEN)")).toBeVisible();
});

test("the first-start link signs in from its fragment, once the person confirms it", async ({ page, guarded }) => {
  await page.goto(`${guarded.baseUrl}/sign-in#token=${ADMIN_TOKEN}`);
  await page.getByRole("button", { name: "Sign in as admin (PATCHBAY_ADMIN_TOKEN)" }).click();
  await expect(page).toHaveURL(/:\d+\/$/);
});

test("an admin mints a token (shown once), the audit log names who changed what, and revoking locks the token out", async ({ page, guarded }) => {
  await page.goto(`${guarded.baseUrl}/sign-in#token=${ADMIN_TOKEN}`);
  await page.getByRole("button", { name: "Sign in as admin (PATCHBAY_ADMIN_TOKEN)" }).click();
  await expect(page).toHaveURL(/:\d+\/$/);

  await page.getByRole("link", { name: "Tokens" }).click();
  const tokenName = uniqueName("journey-editor");
  await page.getByLabel("Name").fill(tokenName);
  await page.getByLabel("Role").selectOption("editor");
  await page.getByRole("button", { name: "Mint token" }).click();
  const token = (await page.getByTestId("minted-token").textContent())!;
  expect(token).toMatch(/^pb_/);
  await expect(page.getByRole("rowheader", { name: tokenName, exact: true })).toBeVisible();
  await saveScreenshot(page, "tokens");

  const editor = apiClient(guarded.baseUrl, { Authorization: `Bearer ${token}` });
  const serverName = uniqueName("audited");
  expect((await editor.post("/api/mcp-servers", httpServer(serverName))).status).toBe(201);

  await page.getByRole("link", { name: "Audit" }).click();
  await page.getByLabel("Actor").fill(tokenName);
  await expect(page.getByRole("link", { name: serverName })).toBeVisible();
  await saveScreenshot(page, "audit");

  await page.getByRole("link", { name: "Tokens" }).click();
  await page.getByRole("button", { name: `Revoke ${tokenName}` }).click();
  const confirm = page.getByRole("dialog", { name: `Revoke ${tokenName}?` });
  await expect(confirm).toContainText("stops working at once");
  await saveScreenshot(page, "token-revoke-dialog");
  await confirm.getByRole("button", { name: "Revoke token" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole("rowheader", { name: tokenName, exact: true })).toHaveCount(0);
  expect((await editor.get("/api/mcp-servers")).status).toBe(401);

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in/);
});
