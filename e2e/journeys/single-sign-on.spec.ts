import type { Page } from "@playwright/test";

import { freePort } from "../../lib/mcp/test-peers";
import { apiClient } from "../support/api-client";
import { ALICE, BOB, singleSignOnEnv, startIdentityProvider, type IdentityProvider } from "../support/identity-provider";
import { startPatchbay, type PatchbayProcess } from "../support/patchbay-process";
import { expect, saveScreenshot, test } from "./fixtures";

/**
 * DESIGN §18 in a browser: people sign in through the company's identity provider (a real oidc-provider) from the
 * sign-in page, get the role their group gives, and are named by their email. Its own Patchbay, authentication on.
 */
const ADMIN_TOKEN = "pb_journey_sso_admin_token_0123456789";
let idp: IdentityProvider;
let patchbay: PatchbayProcess;

test.beforeAll(async () => {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  idp = await startIdentityProvider({
    redirectUri: `${base}/sign-in/oidc/callback`,
    accounts: { alice: ALICE, bob: BOB },
  });
  patchbay = await startPatchbay({
    port,
    env: {
      PATCHBAY_AUTH: "on", PATCHBAY_ADMIN_TOKEN: ADMIN_TOKEN, PATCHBAY_SEED_DEMO: "false", ...singleSignOnEnv(idp, base),
    },
  });
});
test.afterAll(async () => {
  await patchbay?.stop();
  await idp?.stop();
});

// The identity provider's pages are oidc-provider's and this test's, which have no favicon.
test.use({ allowedConsoleErrors: /status of 404 \(Not Found\) \(http:\/\/127\.0\.0\.1:\d+\/favicon\.ico\)/ });

async function signInWithProvider(page: Page, login: string, from: string) {
  await page.goto(`${patchbay.baseUrl}${from}`);
  await expect(page).toHaveURL(/\/sign-in\?next=/);
  await page.getByRole("link", { name: "Sign in with single sign-on" }).click();
  await page.waitForURL((url) => url.href.startsWith(idp.issuer));
  await page.getByLabel("Account").fill(login);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.href.startsWith(patchbay.baseUrl) && !url.pathname.startsWith("/sign-in"));
}

test("a person in the admin group signs in through the identity provider, lands where they were going and is an admin", async ({ page }) => {
  await signInWithProvider(page, "alice", "/tokens");
  await expect(page).toHaveURL(`${patchbay.baseUrl}/tokens`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const me = await (await page.request.get(`${patchbay.baseUrl}/api/session`)).json();
  expect(me).toMatchObject({ name: "alice@example.com", role: "admin" });
  await saveScreenshot(page, "sso-signed-in");
});

test("a person in the editor group is an editor, named by their email in the audit; the sign-in page offers both ways", async ({ page }) => {
  await page.goto(`${patchbay.baseUrl}/sign-in`);
  await expect(page.getByLabel("API token")).toBeVisible();
  await saveScreenshot(page, "sso-sign-in");

  await signInWithProvider(page, "bob", "/mcp-servers");
  await expect(page).toHaveURL(`${patchbay.baseUrl}/mcp-servers`);
  const me = await (await page.request.get(`${patchbay.baseUrl}/api/session`)).json();
  expect(me).toMatchObject({ name: "bob@example.com", role: "editor" });
  expect((await page.request.get(`${patchbay.baseUrl}/api/people`)).status()).toBe(403);

  const admin = apiClient(patchbay.baseUrl, { Authorization: `Bearer ${ADMIN_TOKEN}` });
  const people = (await admin.get("/api/people")).body.people as { email: string; role: string }[];
  expect(people.map(({ email, role }) => `${email} ${role}`).sort()).toEqual(["alice@example.com admin", "bob@example.com editor"]);
  const audit = await admin.get("/api/audit?actor=bob@example.com&action=session.create");
  expect(audit.body.entries).toHaveLength(1);
});

test("an admin sees who signed in, with their role and groups, on the tokens page", async ({ page }) => {
  await page.goto(`${patchbay.baseUrl}/sign-in?next=/tokens`);
  await page.getByLabel("API token").fill(ADMIN_TOKEN);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(`${patchbay.baseUrl}/tokens`);
  const people = page.getByRole("region", { name: "People" });
  await expect(people.getByRole("row", { name: /alice@example\.com/ })).toContainText("platform-admins");
  await expect(people.getByRole("row", { name: /bob@example\.com/ })).toContainText("editor");
});
