import { anyOf, expect, test } from "./fixtures";

const schema = {
  type: "object",
  required: ["namespace"],
  properties: {
    namespace: { type: "string", description: "Document namespace" },
    mode: { type: "string", enum: ["fast", "exact"], default: "fast" },
    limit: { type: "integer", default: 10 },
  },
};

test.describe("server detail", () => {
  // The unknown server's page is a 404 on purpose; a deleted server's panel may ask once more as the page leaves.
  test.use({ allowedConsoleErrors: anyOf(/status of 404 .*\/mcp-servers\/no-such-server-here\)$/, /status of 404 .*\/api\/mcp-servers\/doomed-[^/?]+\/validate\)$/) });

  test("shows environments side by side, the parameters table, and validates as you type", async ({ page, api }) => {
    const server = await api.createServer("detail", {
      transport: { type: "http", url: "http://127.0.0.1:9/mcp", headers: { "X-Namespace": "{{namespace}}" } },
      environments: { production: { url: "https://prod.example.com/mcp" } },
      parameters_schema: schema,
      support: { documentation_url: "https://docs.example.com/x", contact: "team@example.com" },
    });
    await page.goto(`/mcp-servers/${server.name}`);

    const production = page.getByRole("article").filter({ has: page.getByRole("heading", { name: "production" }) });
    await expect(production.getByLabel("Resolved config for production")).toContainText("https://prod.example.com/mcp");
    await expect(page.getByRole("article").filter({ has: page.getByRole("heading", { name: "development" }) }).getByLabel("Resolved config for development")).toContainText("http://127.0.0.1:9/mcp");

    const parameters = page.getByRole("table", { name: "Parameters schema" });
    await expect(parameters.getByRole("row", { name: /namespace string yes/ })).toBeVisible();
    await expect(parameters.getByRole("row", { name: /mode/ })).toContainText('"fast", "exact"');
    await expect(page.getByRole("link", { name: "https://docs.example.com/x" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Health" })).toContainText("unknown");

    const validate = page.getByRole("region", { name: "Validate" });
    await expect(validate.getByLabel(/^limit/)).toHaveValue("10"); // default prefilled
    // Nothing typed yet: what is missing is still needed, not an error (issue 31).
    await expect(validate.getByRole("status").filter({ hasText: "incomplete" })).toBeVisible();
    await expect(validate.getByText("namespace is required.")).toBeVisible();
    await expect(validate.getByLabel(/^namespace/)).not.toHaveAttribute("aria-invalid", "true");
    await validate.getByLabel(/^namespace/).fill("project-alpha");
    await expect(validate.getByRole("status").filter({ hasText: "These parameters resolve." })).toBeVisible();
    await expect(validate.getByLabel("Resolved config")).toContainText('"X-Namespace": "project-alpha"');
    await validate.getByLabel("Environment").selectOption("production");
    await expect(validate.getByLabel("Resolved config")).toContainText("https://prod.example.com/mcp");
  });

  test("used-by is shown, or 'not available' until that API exists", async ({ page, api }) => {
    const server = await api.createServer("usedby");
    await page.goto(`/mcp-servers/${server.name}`);
    await expect(page.getByRole("region", { name: "Used by" })).toContainText(/Nothing references this server|Not available/);
  });

  test("revision history diffs each revision against the previous and restores one after confirming", async ({ page, api }) => {
    const server = await api.createServer("history", { description: "First words" });
    expect((await api.patch(`/api/mcp-servers/${server.name}`, { description: "Second words" })).status).toBe(200);
    await page.goto(`/mcp-servers/${server.name}`);

    const history = page.getByRole("region", { name: "Revision history" });
    const second = history.getByRole("listitem").filter({ hasText: "Revision 2" });
    await second.getByRole("button", { name: "Show changes" }).click();
    const diff = second.getByRole("region", { name: "Changes in revision 2" });
    await expect(diff).toContainText(/removed:\s+"description": "First words"/);
    await expect(diff).toContainText(/added:\s+"description": "Second words"/);

    await history.getByRole("listitem").filter({ hasText: "Revision 1" }).getByRole("button", { name: "Restore…" }).click();
    const dialog = page.getByRole("dialog", { name: "Restore revision 1?" });
    await expect(dialog.getByRole("region", { name: "What the restore changes" })).toContainText("First words");
    await dialog.getByRole("button", { name: "Restore revision 1" }).click();
    await expect(dialog).toBeHidden();

    await expect(history.getByRole("listitem").filter({ hasText: "Revision 3" })).toContainText("restore");
    await expect(page.getByRole("heading", { level: 1 }).locator("..")).toContainText("First words");
    expect((await api.get(`/api/mcp-servers/${server.name}?raw=true`)).body.mcp_server).toMatchObject({ description: "First words", revision: 3 });
  });

  test("delete shows the impact first, then removes the server", async ({ page, api }) => {
    const server = await api.createServer("doomed");
    await page.goto(`/mcp-servers/${server.name}`);
    await page.getByRole("button", { name: "Delete" }).click();

    const dialog = page.getByRole("dialog", { name: `Delete ${server.name}?` });
    await expect(dialog.getByRole("heading", { name: "Impact" })).toBeVisible();
    await expect(dialog).toContainText(/Nothing references this server|not available yet/);
    await dialog.getByRole("button", { name: "Delete server" }).click();

    await expect(page).toHaveURL(/\/mcp-servers$/);
    expect((await api.get(`/api/mcp-servers/${server.name}`)).status).toBe(404);
  });

  test("an unknown server gets a proper 404 page", async ({ page }) => {
    const response = await page.goto("/mcp-servers/no-such-server-here");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "No such MCP server" })).toBeVisible();
    await expect(page.getByRole("link", { name: "All servers" })).toBeVisible();
  });
});
