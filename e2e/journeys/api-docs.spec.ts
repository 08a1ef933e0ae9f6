import { expect, saveScreenshot, test } from "./fixtures";

test.describe("API docs", () => {
  test("reached from the navigation, it lists the operations, and nothing is requested from elsewhere", async ({ page, baseURL }) => {
    const elsewhere: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.protocol !== "data:" && url.protocol !== "blob:" && url.hostname !== "127.0.0.1") elsewhere.push(request.url());
    });

    await page.goto("/mcp-servers");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "API docs" }).click();
    await expect(page).toHaveURL(`${baseURL}/api-docs`);
    await expect(page.getByRole("heading", { level: 1, name: "API docs" })).toBeVisible();
    await expect(page).toHaveTitle("API docs · Patchbay");

    const create = page.getByRole("article", { name: "POST /api/mcp-servers", exact: true });
    await expect(create).toBeVisible();
    await expect(create).toContainText("Role: editor");
    await create.getByText("Request body (application/json)").click();
    await expect(create.getByRole("region", { name: "Request body schema of POST /api/mcp-servers" })).toContainText('"transport"');
    await expect(page.getByRole("article", { name: "GET /api/mcp-servers", exact: true })).toContainText("cursor");
    await saveScreenshot(page, "api-docs");

    expect(elsewhere).toEqual([]);
  });
});
