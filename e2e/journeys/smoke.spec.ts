import { expect, test } from "@playwright/test";

const baseUrl = () => process.env.PATCHBAY_BASE_URL!;

test("the servers list shows the demo servers to a browser", async ({ page }) => {
  await page.goto(`${baseUrl()}/mcp-servers`);
  await expect(page.getByRole("heading", { name: "MCP servers" })).toBeVisible();
  await expect(page.getByRole("link", { name: "context-store", exact: true })).toBeVisible();
  await page.screenshot({ path: "e2e/screenshots/servers-list.png", fullPage: true });
});
