import type { Locator, Page } from "@playwright/test";

import { apiClient, httpServer, uniqueName } from "../support/api-client";
import { startPatchbay, type PatchbayProcess } from "../support/patchbay-process";
import { mintToken } from "../support/roles";
import { anyOf, expect, saveScreenshot, test as base } from "./fixtures";

const ADMIN_TOKEN = "pb_journey_try_it_admin_0123456789";
/** The demo's stdio server (prisma/demo-data.ts): the MCP reference server, the one demo server that runs. */
const DEMO = "everything";

/**
 * Each test gets a first start of its own: a new database with the demo data, authentication on, and the health
 * scheduler on as in production (its first sweep comes a few seconds after start), so the overview's checklist
 * and the call log hold only what this test did.
 */
const test = base.extend<{ fresh: PatchbayProcess }>({
  fresh: async ({ page }, use) => {
    const patchbay = await startPatchbay({ env: { PATCHBAY_AUTH: "on", PATCHBAY_ADMIN_TOKEN: ADMIN_TOKEN, PATCHBAY_HEALTH_INTERVAL_S: "300" } });
    await use(patchbay);
    // The browser leaves first: a link prefetch still in flight would fail against a stopped server.
    await page.goto("about:blank");
    await patchbay.stop();
  },
});

const adminApi = (fresh: PatchbayProcess) => apiClient(fresh.baseUrl, { Authorization: `Bearer ${ADMIN_TOKEN}` });

async function signIn(page: Page, fresh: PatchbayProcess, token: string, name: string) {
  await page.goto(`${fresh.baseUrl}/sign-in#token=${token}`);
  await page.getByRole("button", { name: `Sign in as ${name}` }).click();
  await expect(page).toHaveURL(`${fresh.baseUrl}/`);
}

/** The scheduler's first sweep has probed the demo server (its tools are in the catalog from then on). */
async function demoHealthy(fresh: PatchbayProcess) {
  await expect.poll(async () => (await adminApi(fresh).get(`/api/mcp-servers/${DEMO}/health`)).body.health?.status, { timeout: 30_000 }).toBe("healthy");
}

async function openTryIt(page: Page, scope: Locator, tool: string) {
  await scope.getByRole("button", { name: `Try it: ${tool}`, exact: true }).click();
  const dialog = page.getByRole("dialog", { name: `Try ${tool} on ${DEMO}` });
  await expect(dialog.getByRole("form", { name: `Arguments of ${tool}` })).toBeVisible();
  return dialog;
}

for (const { width, scheme } of [{ width: 1366, scheme: "light" }, { width: 390, scheme: "dark" }] as const) {
  test(`first start (${width} px, ${scheme}): the demo server is healthy on the overview, Try it calls its echo tool through the pipeline, and the checklist ticks the call`, async ({ page, fresh }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ colorScheme: scheme });
    await demoHealthy(fresh);
    await signIn(page, fresh, ADMIN_TOKEN, "admin (PATCHBAY_ADMIN_TOKEN)");

    await expect(page.locator('#fleet [data-figure="healthy"]')).toHaveText("1");
    await expect(page.locator("#fleet").getByRole("region", { name: "Need attention" }).getByRole("link", { name: DEMO, exact: true })).toHaveCount(0);
    const checklist = page.getByRole("region", { name: /^Getting started/ });
    await expect(checklist.getByRole("heading")).toHaveText("Getting started 1 of 5 done");
    await expect(checklist.locator('[data-step="healthy-server"]')).toContainText("See a server healthy(done)");
    await expect(checklist.locator('[data-step="call-tool"]')).toContainText("Call a tool with Try it(to do)");
    await expect(checklist.locator('[data-step="add-server"]')).toContainText("(to do)"); // the demo's servers are not yours
    await saveScreenshot(page, `try-it-overview-${scheme}`);

    await page.goto(`${fresh.baseUrl}/mcp-servers/${DEMO}`);
    const tools = page.getByRole("region", { name: /^Tools/ });
    const dialog = await openTryIt(page, tools, "echo");
    await expect(dialog.getByText("Echoes back the input string")).toBeVisible();
    const message = dialog.getByLabel(/^message/);

    // Left empty, the required argument is named when the field is left, and again on Call; nothing is sent.
    await message.focus();
    await message.blur();
    await expect(dialog.getByText("message is required.")).toBeVisible();
    await dialog.getByRole("button", { name: "Call", exact: true }).click();
    await expect(dialog.getByRole("alert").filter({ hasText: "Not called yet" })).toHaveText("Not called yetmessage is required.");
    await expect(message).toBeFocused();
    await expect(message).toHaveAttribute("aria-invalid", "true");
    expect((await adminApi(fresh).get("/api/calls")).body.calls).toEqual([]);

    await message.fill("hello from Try it");
    await dialog.getByRole("button", { name: "Call", exact: true }).click();
    const result = dialog.getByRole("status");
    await expect(result.locator("pre")).toHaveText("Echo: hello from Try it");
    await expect(result).toContainText(/^Result · \d+ ms/);
    await expect(dialog.getByText("message is required.")).toHaveCount(0);
    await saveScreenshot(page, `try-it-dialog-${scheme}`);

    // Through the pipeline: logged with neither agent nor capability, as the admin, never with its arguments.
    const calls = (await adminApi(fresh).get("/api/calls")).body.calls;
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ server: DEMO, tool: `${DEMO}.echo`, agent: null, capability: null, outcome: "ok" });
    expect(JSON.stringify(calls)).not.toContain("hello from Try it");

    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await page.goto(`${fresh.baseUrl}/`);
    await expect(checklist.locator('[data-step="call-tool"]')).toContainText("Call a tool with Try it(done)");
    await expect(checklist.getByRole("heading")).toHaveText("Getting started 2 of 5 done");

    // Dismissed, it stays away in this browser.
    await checklist.getByRole("button", { name: "Hide this list" }).click();
    await expect(checklist).toHaveCount(0);
    await page.reload();
    await expect(page.locator('#fleet [data-figure="healthy"]')).toHaveText("1");
    await expect(checklist).toHaveCount(0);
  });
}

test.describe("held and refused calls", () => {
  // The refused calls' 403 and 409 are logged by the browser as failed requests.
  test.use({ allowedConsoleErrors: anyOf(/status of 403/, /status of 409/) });

  test("on the Tools page, Try it shows a call held for approval with its approval id and a call refused by tool_policy with the policy's message", async ({ page, fresh }) => {
    const admin = adminApi(fresh);
    await demoHealthy(fresh);
    const policy = { tools: { "get-sum": { approval: "always" }, "get-tiny-image": { enabled: false } } };
    expect((await admin.patch(`/api/mcp-servers/${DEMO}`, { tool_policy: policy })).status).toBe(200);
    const refusal = await admin.post("/api/invoke", { action: `${DEMO}.get-tiny-image`, input: {} });
    expect(refusal.status).toBe(403);

    await signIn(page, fresh, ADMIN_TOKEN, "admin (PATCHBAY_ADMIN_TOKEN)");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Tools" }).click();
    await page.getByLabel("Server", { exact: true }).fill(DEMO);
    const list = page.getByRole("region", { name: "Tools" });

    const sum = await openTryIt(page, list.getByRole("listitem").filter({ hasText: "get-sum" }), "get-sum");
    await sum.getByLabel(/^a/).fill("2");
    await sum.getByLabel(/^b/).fill("3");
    await sum.getByRole("button", { name: "Call", exact: true }).click();
    const held = sum.getByRole("alert").filter({ hasText: "Waiting for approval" });
    await expect(held).toBeVisible();
    const waiting = (await admin.get("/api/approvals?state=awaiting_approval")).body.approvals;
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({ server: DEMO, tool: "get-sum", arguments: { a: 2, b: 3 } });
    await expect(held.getByTestId("approval-id")).toHaveText(waiting[0].id);
    await expect(held).toContainText(`request ${waiting[0].id} is awaiting approval.`);
    await expect(held.getByRole("link", { name: "Open Approvals" })).toHaveAttribute("href", "/approvals");
    await sum.getByRole("button", { name: "Close" }).click();

    const image = await openTryIt(page, list.getByRole("listitem").filter({ hasText: "get-tiny-image" }), "get-tiny-image");
    await expect(image.getByText("This tool takes no arguments.")).toBeVisible();
    await image.getByRole("button", { name: "Call", exact: true }).click();
    const refused = image.getByRole("alert").filter({ hasText: "Refused" });
    await expect(refused).toHaveText(`Refused${refusal.body.detail}`);
    await expect(image.getByRole("status")).toHaveCount(0);
  });

  test("a server that signs in per person answers 409 to someone not connected yet: Try it says so and links to the connect page", async ({ page, fresh }) => {
    const admin = adminApi(fresh);
    const name = uniqueName("try-it-per-user");
    // Nothing listens on port 9, and nothing is sent: the caller has no connection of their own.
    const body = httpServer(name, { transport: { type: "http", url: "http://127.0.0.1:9/mcp" }, auth: { type: "oauth", mode: "per_user" },
      tools: [{ name: "whoami", description: "Who the server thinks you are", input_schema: { type: "object", properties: {} } }] });
    expect((await admin.post("/api/mcp-servers", body)).status).toBe(201);
    const answer = await admin.post("/api/invoke", { action: `${name}.whoami`, input: {} });
    expect(answer.status).toBe(409);

    await signIn(page, fresh, ADMIN_TOKEN, "admin (PATCHBAY_ADMIN_TOKEN)");
    await page.goto(`${fresh.baseUrl}/tools`);
    await page.getByLabel("Server", { exact: true }).fill(name);
    const row = page.getByRole("region", { name: "Tools" }).getByRole("listitem").filter({ hasText: "whoami" });
    await row.getByRole("button", { name: "Try it: whoami", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: `Try whoami on ${name}` });
    await dialog.getByRole("button", { name: "Call", exact: true }).click();
    const connect = dialog.getByRole("alert").filter({ hasText: "Connect your account first" });
    await expect(connect).toContainText(answer.body.detail);
    await expect(connect.getByRole("link", { name: "Connect your account" })).toHaveAttribute("href", answer.body.connect_url);
  });
});

test("a runner's Try it runs POST /api/invoke and an editor's the editor's tool call; a viewer is offered no Try it and a checklist of their own", async ({ page, fresh }) => {
  await demoHealthy(fresh);
  // The log tells the paths apart: /api/invoke logs the action (`server.tool`), the editor's call the tool's name.
  for (const [role, logged] of [["runner", `${DEMO}.echo`], ["editor", "echo"]] as const) {
    const person = uniqueName(`journey-${role}`);
    await page.context().clearCookies();
    await signIn(page, fresh, await mintToken(fresh.baseUrl, ADMIN_TOKEN, person, role), person);
    await page.goto(`${fresh.baseUrl}/mcp-servers/${DEMO}`);
    const dialog = await openTryIt(page, page.getByRole("region", { name: /^Tools/ }), "echo");
    await dialog.getByLabel(/^message/).fill(`from a ${role}`);
    await dialog.getByRole("button", { name: "Call", exact: true }).click();
    await expect(dialog.getByRole("status").locator("pre")).toHaveText(`Echo: from a ${role}`);
    expect((await adminApi(fresh).get("/api/calls")).body.calls[0]).toMatchObject({ server: DEMO, tool: logged, caller: person, outcome: "ok" });
  }

  await page.context().clearCookies();
  const viewer = uniqueName("journey-viewer");
  await signIn(page, fresh, await mintToken(fresh.baseUrl, ADMIN_TOKEN, viewer, "viewer"), viewer);
  const checklist = page.getByRole("region", { name: /^Getting started/ });
  await expect(checklist.getByRole("listitem")).toHaveText(["✓See a server healthy(done)its health check answered", "✓Look at an agent(done)its tools and its gateway address"]);
  await expect(checklist.getByText("Adding servers and calling tools needs the editor or runner role")).toBeVisible();

  await page.goto(`${fresh.baseUrl}/mcp-servers/${DEMO}`);
  const tools = page.getByRole("region", { name: /^Tools/ });
  await expect(tools.getByText("echo", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: /Try it/ })).toHaveCount(0);
  await page.goto(`${fresh.baseUrl}/tools`);
  await page.getByLabel("Server", { exact: true }).fill(DEMO);
  await expect(page.getByRole("region", { name: "Tools" }).getByText("echo", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: /Try it/ })).toHaveCount(0);
});
