import { expect, saveScreenshot, test } from "./fixtures";
import { openSchemaEditor } from "./schema-editor";

test("every request stays on this machine: Monaco and its workers load from the app itself", async ({ page, api, context }) => {
  const server = await api.createServer("offline", { parameters_schema: { type: "object", properties: { a: { type: "string" } } } });
  const urls: string[] = [];
  context.on("request", (request) => urls.push(request.url()));

  await page.goto("/mcp-servers");
  await page.goto(`/mcp-servers/${server.name}`);
  await page.goto(`/mcp-servers/${server.name}/edit`);
  await expect(page.locator("form[data-hydrated]")).toBeVisible();
  // Monaco is not fetched until the editor opens.
  expect(urls.filter((url) => /worker/i.test(url))).toEqual([]);
  const editor = await openSchemaEditor(page);
  await editor.click();
  await page.keyboard.press("End");
  await page.keyboard.insertText(" ");
  await expect(page.getByText("✓ A valid JSON Schema.")).toBeVisible();
  await expect.poll(() => urls.filter((url) => /worker/i.test(url)).length).toBeGreaterThan(0);

  const remote = urls.filter((url) => /^https?:/.test(url) && !["127.0.0.1", "localhost"].includes(new URL(url).hostname));
  expect(remote).toEqual([]);
});

test("keyboard: the skip link comes first and focus is always visible", async ({ page }) => {
  await page.goto("/mcp-servers");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press("Enter");
  await expect(page.locator("main")).toBeFocused();

  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "New server" })).toBeFocused();
  expect(await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)).toBe("solid");
});

for (const width of [1280, 390]) {
  // The not-found page is one of the pages photographed: its 404 is on purpose.
  test.describe(() => {
    test.use({ allowedConsoleErrors: /status of 404 .*\/mcp-servers\/no-such-server\)$/ });
    test(`screenshots of every page at ${width} px, light and dark`, async ({ page, api }) => {
      const server = await api.createServer("shot", {
        description: "Document storage and semantic search, for screenshots",
        transport: { type: "http", url: "${SHOT_URL}/mcp/", headers: { Authorization: "Bearer ${SHOT_TOKEN}", "X-Namespace": "{{namespace}}" } },
        environments: { production: { url: "https://shot.example.com/mcp" } },
        parameters_schema: { type: "object", required: ["namespace"], properties: { namespace: { type: "string", description: "Document namespace" }, mode: { enum: ["fast", "exact"], default: "fast" } } },
        support: { documentation_url: "https://docs.example.com/shot", contact: "platform-team@example.com", sla: "99.9%" },
        tags: ["storage", "search"],
      });
      await api.patch(`/api/mcp-servers/${server.name}`, { version: "1.1.0" });
      await page.setViewportSize({ width, height: 900 });

      for (const scheme of ["light", "dark"] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        const suffix = scheme === "dark" ? "-dark" : "";
        await page.goto("/mcp-servers");
        await expect(page.getByRole("table")).toBeVisible();
        await saveScreenshot(page, `servers-list${suffix}`);

        await page.goto(`/mcp-servers/${server.name}`);
        await expect(page.getByLabel("Resolved config for production")).toBeVisible();
        await page.getByLabel(/^namespace/).fill("research");
        await expect(page.getByText("These parameters resolve.")).toBeVisible();
        await saveScreenshot(page, `server-detail${suffix}`);

        await page.goto(`/mcp-servers/${server.name}/edit`);
        await expect(page.locator("form[data-hydrated]")).toBeVisible();
        await openSchemaEditor(page);
        await saveScreenshot(page, `server-edit${suffix}`);

        await page.goto("/mcp-servers/new");
        await page.getByRole("button", { name: "Create server" }).click();
        await expect(page.getByText(/Not saved/)).toBeVisible();
        await saveScreenshot(page, `server-new-errors${suffix}`);

        await page.goto("/mcp-servers/no-such-server");
        await saveScreenshot(page, `not-found${suffix}`);
      }
    });
  });
}
