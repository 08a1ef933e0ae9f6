import { uniqueName } from "../support/api-client";
import { agentBody } from "../support/documents";
import { anyOf, expect, saveScreenshot, test } from "./fixtures";

const schema = {
  type: "object",
  required: ["namespace"],
  properties: { namespace: { type: "string", description: "Document namespace" } },
};

test.describe("capabilities and agents", () => {
  // Refusals these journeys provoke on purpose: a stale save (412) and a delete of a used capability (409).
  test.use({ allowedConsoleErrors: anyOf(/status of 412 .*\/api\/capabilities\/stale-[^/?]+\)$/, /status of 409 .*\/api\/capabilities\/shared-[^/?]+\)$/) });

  test("a capability built from a registry server with a parameter resolves into an agent's blueprint and Claude config", async ({ page, api, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const server = await api.createServer("docs", {
      transport: { type: "http", url: "http://127.0.0.1:9/mcp", headers: { "X-Namespace": "{{namespace}}" } },
      parameters_schema: schema,
    });
    const capabilityName = uniqueName("research");
    const agentName = uniqueName("assistant");

    await page.goto("/capabilities/new");
    await page.getByLabel(/^Name/).fill(capabilityName);
    await page.getByLabel(/^Description/).fill("Research documents");
    await page.getByLabel("Add a server from the registry").fill(server.name);
    await page.getByRole("button", { name: `Add ${server.name}` }).click();
    await page.getByRole("group", { name: `Parameters for ${server.name}` }).getByLabel(/^namespace/).fill("project-alpha");
    await saveScreenshot(page, "capability-form");
    await page.getByRole("button", { name: "Create capability" }).click();

    await expect(page.getByRole("heading", { level: 1, name: capabilityName })).toBeVisible();
    const references = page.getByRole("table", { name: "Server references" });
    await expect(references.getByRole("link", { name: server.name })).toBeVisible();
    await expect(references).toContainText("project-alpha");

    await page.goto("/agents/new");
    await page.getByLabel(/^Name/).fill(agentName);
    await page.getByLabel(/^Description/).fill("Answers questions from documents");
    await page.getByRole("combobox", { name: "Capabilities" }).fill(capabilityName);
    await page.getByRole("option", { name: capabilityName }).click();
    await page.getByRole("button", { name: "Create agent" }).click();

    await expect(page.getByRole("heading", { level: 1, name: agentName })).toBeVisible();
    await expect(page.getByRole("region", { name: "Capabilities" }).getByRole("link", { name: capabilityName })).toBeVisible();
    await expect(page.getByLabel("Resolved blueprint")).toContainText('"X-Namespace": "project-alpha"');

    await page.getByRole("button", { name: "Copy as Claude Desktop config" }).click();
    const claude = page.getByLabel("Claude Desktop config");
    await expect(claude).toContainText("mcpServers");
    const file = JSON.parse((await claude.textContent()) ?? "{}");
    expect(Object.keys(file.mcpServers)).toContain(server.name);
    await saveScreenshot(page, "agent-detail");

    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await page.getByRole("button", { name: "Delete agent" }).click();
    await expect(page).toHaveURL(/\/agents$/);
    expect((await api.get(`/api/agents/${agentName}`)).status).toBe(404);

    await page.goto(`/capabilities/${capabilityName}`);
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await page.getByRole("button", { name: "Delete capability" }).click();
    await expect(page).toHaveURL(/\/capabilities$/);
  });

  test("the capabilities list searches by the URL and says when nothing matches", async ({ page }) => {
    await page.goto("/capabilities?search=no-such-capability-xyz");
    await expect(page.getByLabel("Search")).toHaveValue("no-such-capability-xyz");
    await expect(page.getByText("No capabilities match “no-such-capability-xyz”")).toBeVisible();
  });

  test("the agents list sorts by a column header, in the browser, and keeps the order and the search in the URL", async ({ page, api }) => {
    const group = uniqueName("sorted");
    const [first, second, third] = [`${group}-a`, `${group}-b`, `${group}-c`];
    // Created c, a, b: the oldest change first is c, then a, then b.
    for (const name of [third, first, second]) expect((await api.post("/api/agents", agentBody(name))).status).toBe(201);
    const namesShown = () => page.getByRole("rowheader").getByRole("link").allTextContents();

    await page.goto(`/agents?search=${group}`);
    await expect.poll(namesShown).toEqual([first, second, third]);
    const header = page.getByRole("columnheader", { name: "Name" });
    await expect(header).toHaveAttribute("aria-sort", "ascending");
    await header.getByRole("button").click();
    await expect(header).toHaveAttribute("aria-sort", "descending");
    await expect.poll(namesShown).toEqual([third, second, first]);
    await expect(page).toHaveURL(new RegExp(`search=${group}.*sort=-name|sort=-name.*search=${group}`));

    await page.getByRole("columnheader", { name: "Modified" }).getByRole("button").click();
    await expect.poll(namesShown).toEqual([third, first, second]);
    await page.reload();
    await expect(page.getByRole("columnheader", { name: "Modified" })).toHaveAttribute("aria-sort", "ascending");
    await expect.poll(namesShown).toEqual([third, first, second]);
  });

  test.describe("refused on purpose", () => {
    // The refusals these journeys cause on purpose are logged by the browser as failed requests.
    test.use({ allowedConsoleErrors: anyOf(/status of 412 .*\/api\/capabilities\//, /status of 409 .*\/api\/capabilities\//) });

    test("editing a capability someone else changed meanwhile says so; a legacy inline config is flagged", async ({ page, api }) => {
      const server = await api.createServer("edited");
      const name = uniqueName("stale");
      const created = await api.post("/api/capabilities", {
        name, description: "Before", mcp_servers: { [server.name]: server.name, legacy: { type: "http", url: "http://127.0.0.1:9/legacy" } },
      });
      expect(created.status, created.text).toBe(201);

      await page.goto(`/capabilities?search=${name}`);
      await page.getByRole("link", { name }).click();
      await expect(page.getByRole("table", { name: "Server references" })).toContainText("inline config (deprecated)");
      await expect(page.getByText("Warnings")).toBeVisible();

      await page.getByRole("link", { name: "Edit", exact: true }).click();
      await expect(page.getByLabel(/^Description/)).toHaveValue("Before");
      expect((await api.patch(`/api/capabilities/${name}`, { description: "Changed elsewhere" })).status).toBe(200);
      await page.getByLabel(/^Description/).fill("Mine");
      await page.getByRole("button", { name: "Save changes" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "Not saved" })).toContainText("changed since you opened it");
    });

    test("deleting a capability an agent uses lists the agent and offers a forced delete", async ({ page, api }) => {
      const capability = uniqueName("shared");
      const agent = uniqueName("user");
      expect((await api.post("/api/capabilities", { name: capability, description: "Shared" })).status).toBe(201);
      expect((await api.post("/api/agents", { name: agent, description: "Uses it", capabilities: [capability] })).status).toBe(201);

      await page.goto(`/capabilities/${capability}`);
      await page.getByRole("button", { name: "Delete", exact: true }).click();
      await page.getByRole("button", { name: "Delete capability" }).click();
      const conflict = page.getByRole("alert").filter({ hasText: "Still in use" });
      await expect(conflict.getByRole("link", { name: agent })).toBeVisible();
      await page.getByRole("button", { name: "Delete anyway" }).click();
      await expect(page).toHaveURL(/\/capabilities$/);
    });
  });
});
