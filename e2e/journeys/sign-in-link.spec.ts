import { expect, type BrowserContext } from "@playwright/test";

import { apiClient, uniqueName } from "../support/api-client";
import { guardedTest, saveScreenshot } from "./fixtures";

/**
 * Sign-in links ask first (DESIGN §14): `/sign-in#token=…` opened by itself — from a link anyone may send — signs
 * nobody in (no login CSRF); the person presses "Sign in as <token name>", and a page with a session says whose
 * session would be replaced. Its own Patchbay, authentication on.
 */
const ADMIN_TOKEN = "pb_journey_link_admin_token_0123456789";
const ADMIN_NAME = "admin (PATCHBAY_ADMIN_TOKEN)";

const test = guardedTest(ADMIN_TOKEN, { PATCHBAY_SEED_DEMO: "false" });

async function sessionCookie(context: BrowserContext): Promise<string | undefined> {
  return (await context.cookies()).find((cookie) => cookie.name === "patchbay_session")?.value;
}

test("opening a sign-in link signs nobody in: the fragment leaves the address bar, and only pressing \"Sign in as <name>\" does", async ({ page, context, guarded }) => {
  await page.goto(`${guarded.baseUrl}/sign-in#token=${ADMIN_TOKEN}`);

  const confirm = page.getByRole("button", { name: `Sign in as ${ADMIN_NAME}` });
  await expect(confirm).toBeVisible();
  await saveScreenshot(page, "sign-in-link");
  expect(page.url()).toBe(`${guarded.baseUrl}/sign-in`);
  expect(await sessionCookie(context)).toBeUndefined();
  expect((await page.request.get(`${guarded.baseUrl}/api/session`)).status()).toBe(401);

  await confirm.click();
  await expect(page).toHaveURL(/:\d+\/$/);
  expect(await sessionCookie(context)).toBeDefined();
  expect((await (await page.request.get(`${guarded.baseUrl}/api/session`)).json()).name).toBe(ADMIN_NAME);
});

test("with a session, a sign-in link names whose session it would replace, and leaves it alone until pressed", async ({ page, context, guarded }) => {
  const admin = apiClient(guarded.baseUrl, { Authorization: `Bearer ${ADMIN_TOKEN}` });
  const editorName = uniqueName("link-editor");
  const minted = await admin.post("/api/tokens", { name: editorName, role: "editor" });
  expect(minted.status).toBe(201);
  await page.goto(`${guarded.baseUrl}/sign-in`);
  await page.getByLabel("API token").fill(minted.body.token);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/:\d+\/$/);
  const editorSession = await sessionCookie(context);
  expect(editorSession).toBeDefined();

  await page.goto(`${guarded.baseUrl}/sign-in#token=${ADMIN_TOKEN}`);

  await expect(page.getByRole("note")).toContainText(`You are signed in as ${editorName}`);
  await expect(page.getByRole("note")).toContainText("replaces that session");
  const confirm = page.getByRole("button", { name: `Sign in as ${ADMIN_NAME}` });
  await expect(confirm).toBeVisible();
  await saveScreenshot(page, "sign-in-link-replaces");
  expect(page.url()).toBe(`${guarded.baseUrl}/sign-in`);
  expect(await sessionCookie(context)).toBe(editorSession);
  expect((await (await page.request.get(`${guarded.baseUrl}/api/session`)).json()).name).toBe(editorName);

  await confirm.click();
  await expect(page).toHaveURL(/:\d+\/$/);
  expect(await sessionCookie(context)).not.toBe(editorSession);
  expect((await (await page.request.get(`${guarded.baseUrl}/api/session`)).json()).name).toBe(ADMIN_NAME);
});

test("a link with a wrong token says so and signs nobody in", async ({ page, context, guarded }) => {
  await page.goto(`${guarded.baseUrl}/sign-in#token=pb_not_a_real_token_0123456789`);

  await expect(page.getByText("The token in this link is unknown, revoked or expired.")).toBeVisible();
  expect(page.url()).toBe(`${guarded.baseUrl}/sign-in`);
  expect(await sessionCookie(context)).toBeUndefined();
  await page.getByRole("button", { name: "Sign in with a token instead" }).click();
  await expect(page.getByLabel("API token")).toBeVisible();
});

test("a link opened in a tab that already shows the sign-in page is offered too (only the fragment changes)", async ({ page, context, guarded }) => {
  await page.goto(`${guarded.baseUrl}/sign-in`);
  await expect(page.getByLabel("API token")).toBeVisible();

  await page.goto(`${guarded.baseUrl}/sign-in#token=${ADMIN_TOKEN}`);

  await expect(page.getByRole("button", { name: `Sign in as ${ADMIN_NAME}` })).toBeVisible();
  expect(page.url()).toBe(`${guarded.baseUrl}/sign-in`);
  expect(await sessionCookie(context)).toBeUndefined();
});
