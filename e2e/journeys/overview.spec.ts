import { startEverything } from "../../lib/mcp/test-peers";
import { apiClient, httpServer, uniqueName } from "../support/api-client";
import { expect, guardedTest, saveScreenshot } from "./fixtures";

const ADMIN_TOKEN = "pb_journey_overview_admin_0123456789";

/** A Patchbay of its own without demo data, so the overview's figures are this test's alone. */
const test = guardedTest(ADMIN_TOKEN, { PATCHBAY_SEED_DEMO: "false" });

test("signing in lands on the overview: fleet health with the server that needs attention, approvals waiting, the hour's calls and the latest changes", async ({ page, guarded }) => {
  const base = guarded.baseUrl;
  const admin = apiClient(base, { Authorization: `Bearer ${ADMIN_TOKEN}` });
  const everything = await startEverything("streamableHttp");
  const healthy = uniqueName("overview-ev");
  const broken = uniqueName("overview-broken");
  const agent = uniqueName("overview-agent");
  try {
    expect((await admin.post("/api/mcp-servers", httpServer(healthy, { transport: { type: "http", url: `http://127.0.0.1:${everything.port}/mcp` } }))).status).toBe(201);
    expect((await admin.post("/api/mcp-servers", httpServer(broken))).status).toBe(201);
    expect((await admin.post(`/api/mcp-servers/${healthy}/health-check`, {})).body.status).toBe("healthy");
    expect((await admin.post(`/api/mcp-servers/${broken}/health-check`, {})).body.status).toBe("unhealthy");
    expect((await admin.post("/api/agents", { name: agent, description: "Overview", mcp_servers: { ev: healthy } })).status).toBe(201);
    for (const message of ["one", "two", "three"]) expect((await admin.post("/api/invoke", { action: "ev.echo", agent, input: { message } })).status).toBe(200);

    await page.goto(`${base}/sign-in#token=${ADMIN_TOKEN}`);
    await page.getByRole("button", { name: "Sign in as admin (PATCHBAY_ADMIN_TOKEN)" }).click();
    await expect(page).toHaveURL(`${base}/`);
    await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Overview" })).toHaveAttribute("aria-current", "page");

    const fleet = page.locator("#fleet");
    await expect(fleet.locator('[data-figure="servers"]')).toHaveText("2");
    await expect(fleet.locator('[data-figure="healthy"]')).toHaveText("1");
    await expect(fleet.locator('[data-figure="unhealthy"]')).toHaveText("1");
    await expect(fleet.locator('[data-figure="drifted"]')).toHaveText("0");
    const attention = fleet.getByRole("region", { name: "Need attention" });
    await expect(attention.getByRole("listitem")).toHaveCount(1);
    await expect(attention.getByRole("listitem")).toHaveText(`${broken}unhealthy`);

    await expect(page.locator("#approvals [data-figure=\"approvals\"]")).toHaveText("0");
    await expect(page.locator("#calls [data-figure=\"calls\"]")).toHaveText("3");
    await expect(page.locator("#calls [data-figure=\"errors\"]")).toHaveText("0 (0.0 %)");
    await expect(page.locator("#changes").getByRole("listitem").filter({ hasText: `agent ${agent}` })).toContainText("create");
    await saveScreenshot(page, "overview");

    await attention.getByRole("link", { name: broken }).click();
    await expect(page).toHaveURL(`${base}/mcp-servers/${broken}`);
  } finally {
    await everything.stop();
  }
});
