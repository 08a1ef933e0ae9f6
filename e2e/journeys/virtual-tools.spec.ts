import { uniqueName } from "../support/api-client";
import { expect, saveScreenshot, test } from "./fixtures";

const fetchTool = {
  name: "fetch", description: "Fetch a URL",
  input_schema: { type: "object", properties: { url: { type: "string" }, max_length: { type: "integer" } }, required: ["url"] },
};

test.describe("virtual tools", () => {
  test("a capability's tools are edited as JSON and its page and its agent's page show where each tool comes from", async ({ page, api }) => {
    const server = await api.createServer("fetch", { tools: [fetchTool] });
    const capabilityName = uniqueName("web");

    await page.goto("/capabilities/new");
    await expect(page.locator("form[data-hydrated]")).toBeVisible();
    await page.getByLabel(/^Name/).fill(capabilityName);
    await page.getByLabel(/^Description/).fill("Web tools");
    await page.getByLabel("Add a server from the registry").fill(server.name);
    await page.getByRole("button", { name: `Add ${server.name}` }).click();
    const tools = { include: [], virtual: [{ name: "get_webpage", source: `${server.name}.fetch`, description: "Get a page", defaults: { max_length: 5000 } }] };
    await page.getByLabel(/^Tools \(JSON\)/).fill(JSON.stringify(tools, null, 2));
    await saveScreenshot(page, "capability-form-tools");
    await page.getByRole("button", { name: "Create capability" }).click();

    await expect(page.getByRole("heading", { level: 1, name: capabilityName })).toBeVisible();
    const table = page.getByRole("table", { name: "Effective tools" });
    const row = table.getByRole("row", { name: /get_webpage/ });
    await expect(row.getByRole("link", { name: server.name })).toBeVisible();
    await expect(row).toContainText(`get_webpage → ${server.name}.fetch`);
    await expect(row).toContainText("max_length");
    await expect(table.getByRole("row")).toHaveCount(2); // the header and get_webpage: include [] hides the base tool
    await saveScreenshot(page, "capability-detail-tools");

    const agentName = uniqueName("agent");
    const created = await api.post("/api/agents", { name: agentName, description: "Uses web", capabilities: [capabilityName], mcp_servers: { own: server.name } });
    expect(created.status).toBe(201);
    await page.goto(`/agents/${agentName}`);
    const agentTools = page.getByRole("table", { name: "Effective tools" });
    await expect(agentTools.getByRole("row", { name: /get_webpage/ })).toContainText(`capability ${capabilityName}`);
    await expect(agentTools.getByRole("row", { name: /own\.fetch/ })).toContainText(`agent ${agentName}`);
    await saveScreenshot(page, "agent-detail-tools");
  });

  test("a cycle typed into the tools JSON is refused on the form, naming the chain", async ({ page, api }) => {
    const server = await api.createServer("fetch", { tools: [fetchTool] });
    await page.goto("/capabilities/new");
    await expect(page.locator("form[data-hydrated]")).toBeVisible();
    await page.getByLabel(/^Name/).fill(uniqueName("cycle"));
    await page.getByLabel(/^Description/).fill("Cycle");
    await page.getByLabel("Add a server from the registry").fill(server.name);
    await page.getByRole("button", { name: `Add ${server.name}` }).click();
    await page.getByLabel(/^Tools \(JSON\)/).fill(JSON.stringify({ virtual: [{ name: "a", source: "b" }, { name: "b", source: "a" }] }));
    await page.getByRole("button", { name: "Create capability" }).click();
    await expect(page.getByText("tools › virtual › 1 › source is a cycle: a → b → a.")).toBeVisible();
    await expect(page).toHaveURL(/\/capabilities\/new$/);
  });
});
