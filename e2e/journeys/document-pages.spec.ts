import { uniqueName } from "../support/api-client";
import { expect, saveScreenshot, test } from "./fixtures";
import { openFromList } from "./open-from-list";


test.describe("capability and agent pages", () => {
  test("a legacy inline config is shown as a config and moves into the registry in one click", async ({ page, api }) => {
    const name = uniqueName("legacy");
    const alias = uniqueName("inline");
    const created = await api.post("/api/capabilities", {
      name, description: "Has an inline config",
      mcp_servers: { [alias]: { type: "http", url: "http://127.0.0.1:9/inline", headers: { "X-Team": "docs" } } },
    });
    expect(created.status, created.text).toBe(201);

    await openFromList(page, "capabilities", name);
    const references = page.getByRole("table", { name: "Server references" });
    await expect(references).toContainText("inline config (deprecated)");
    await expect(references).toContainText("http://127.0.0.1:9/inline");
    await expect(references).toContainText("Header X-Team");
    await saveScreenshot(page, "capability-inline-config");

    await page.getByRole("button", { name: "Move into the registry" }).click();
    const moved = page.getByText("Moved into the registry").locator("..");
    await expect(moved.getByRole("link", { name: alias })).toBeVisible();
    await expect(references.getByRole("link", { name: alias })).toBeVisible();
    await expect(references).not.toContainText("inline config (deprecated)");
    await saveScreenshot(page, "capability-inline-moved");

    const stored = await api.get(`/api/capabilities/${name}?raw=true`);
    expect(stored.body.capability.mcp_servers).toEqual({ [alias]: alias });
    expect((await api.get(`/api/mcp-servers/${alias}?raw=true`)).body.mcp_server.transport.url).toBe("http://127.0.0.1:9/inline");
  });

  test("a capability's revision history shows the changes and restores an earlier revision", async ({ page, api }) => {
    const name = uniqueName("history");
    expect((await api.post("/api/capabilities", { name, description: "First wording" })).status).toBe(201);
    expect((await api.patch(`/api/capabilities/${name}`, { description: "Second wording" })).status).toBe(200);

    await openFromList(page, "capabilities", name);
    const history = page.getByRole("region", { name: "Revision history" });
    await expect(history.getByText("Revision 2", { exact: true })).toBeVisible();
    await history.getByRole("button", { name: "Show changes" }).first().click();
    await expect(history.getByLabel("Changes in revision 2")).toContainText("Second wording");

    await history.getByRole("button", { name: "Restore…" }).click();
    const dialog = page.getByRole("dialog", { name: "Restore revision 1?" });
    await expect(dialog.getByLabel("What the restore changes")).toContainText("First wording");
    await saveScreenshot(page, "capability-restore");
    await dialog.getByRole("button", { name: "Restore revision 1" }).click();
    await expect(dialog).toBeHidden();
    await expect(history.getByText("Revision 3", { exact: true })).toBeVisible();
    await expect(page.getByText("First wording").first()).toBeVisible();
    expect((await api.get(`/api/capabilities/${name}?raw=true`)).body.capability.description).toBe("First wording");
  });

  test("the pickers close on Escape, Enter and blur, and the capability picker refuses an unknown name", async ({ page, api }) => {
    const server = await api.createServer("picked");
    const capability = uniqueName("pickable");
    const other = `${capability}-other`;
    for (const name of [capability, other]) expect((await api.post("/api/capabilities", { name, description: "To pick" })).status).toBe(201);

    await page.goto("/agents");
    await page.getByRole("link", { name: "New agent" }).click();
    const picker = page.getByRole("combobox", { name: "Capabilities" });
    const suggestions = page.getByRole("listbox", { name: "capability suggestions" });

    await picker.fill(capability.slice(0, -2));
    await expect(suggestions.getByRole("option", { name: capability, exact: true })).toBeVisible();
    await picker.press("Escape");
    await expect(suggestions).toBeHidden();

    await picker.fill(capability);
    await expect(suggestions.getByRole("option", { name: capability, exact: true })).toBeVisible();
    await picker.press("Enter");
    await expect(suggestions).toBeHidden();
    await expect(page.getByRole("button", { name: `Remove capability ${capability}` })).toBeVisible();

    await picker.fill(capability);
    await expect(suggestions.getByRole("option", { name: other })).toBeVisible();
    // Open, the suggestions take their room in the page: nothing covers the submit button (a trial click checks it gets the click).
    await page.getByRole("button", { name: "Create agent" }).click({ trial: true });
    await page.getByLabel(/^Description/).click();
    await expect(suggestions).toBeHidden();

    await picker.fill("no-such-capability-xyz");
    await picker.press("Enter");
    await expect(page.getByRole("alert").filter({ hasText: "No capability named “no-such-capability-xyz”" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Remove capability no-such-capability-xyz" })).toHaveCount(0);

    const search = page.getByLabel("Add a server from the registry");
    const matches = page.getByRole("list", { name: "Matching servers" });
    await search.fill(server.name);
    await expect(matches.getByRole("button", { name: `Add ${server.name}` })).toBeVisible();
    await search.press("Escape");
    await expect(matches).toBeHidden();
    await search.press("ArrowDown");
    await expect(matches.getByRole("button", { name: `Add ${server.name}` })).toBeVisible();
    await search.press("Enter");
    await expect(matches).toBeHidden();
    await expect(page.getByRole("group", { name: server.name, exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/agents\/new$/); // Enter in the picker never submits the form
    await search.fill(server.name);
    await expect(matches).toBeVisible();
    await page.getByLabel(/^Description/).click();
    await expect(matches).toBeHidden();
    await expect(page.getByLabel("Resolved blueprint")).toContainText(`"${server.name}": {`);
    await saveScreenshot(page, "agent-form-pickers");
  });

  test("the agents list says which agents do not resolve, and why", async ({ page, api }) => {
    const tag = uniqueName("listres");
    const server = await api.createServer("listres", {
      transport: { type: "http", url: "http://127.0.0.1:9/mcp", headers: { "X-Namespace": "{{namespace}}" } },
      parameters_schema: { type: "object", required: ["namespace"], properties: { namespace: { type: "string" } } },
    });
    const broken = uniqueName("unresolved");
    const fine = uniqueName("resolved");
    expect((await api.post("/api/agents", { name: broken, description: "Needs a namespace", tags: [tag], mcp_servers: { docs: server.name } })).status).toBe(201);
    expect((await api.post("/api/agents", { name: fine, description: "Complete", tags: [tag], mcp_servers: { docs: { server: server.name, parameters: { namespace: "n" } } } })).status).toBe(201);

    await page.goto("/agents");
    await page.getByLabel("Search").fill(tag);
    await expect(page).toHaveURL(new RegExp(`search=${tag}`));
    const rows = page.getByRole("table", { name: "Agents" }).getByRole("row");
    await expect(rows.filter({ hasText: broken })).toContainText("does not resolve");
    await expect(rows.filter({ hasText: broken })).toContainText("namespace");
    await expect(rows.filter({ hasText: fine })).toContainText("resolves");
    await expect(rows.filter({ hasText: fine })).not.toContainText("does not resolve");
  });

  test("the agent's copied config follows the environment picker", async ({ page, api, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const server = await api.createServer("staged", {
      transport: { type: "http", url: "http://127.0.0.1:9/base" },
      environments: { production: { url: "https://prod.example.test/mcp" } },
    });
    const agent = uniqueName("follower");
    expect((await api.post("/api/agents", { name: agent, description: "Follows", mcp_servers: [server.name] })).status).toBe(201);

    await openFromList(page, "agents", agent);
    const environment = page.getByLabel("Environment", { exact: true });
    await environment.selectOption("development");
    await page.getByRole("button", { name: "Copy as Claude Desktop config" }).click();
    const claude = page.getByLabel("Claude Desktop config");
    await expect(claude).toContainText("http://127.0.0.1:9/base");

    await environment.selectOption("production");
    await expect(page.getByLabel("Resolved blueprint")).toContainText("https://prod.example.test/mcp");
    await expect(claude).toContainText("https://prod.example.test/mcp");
    await expect(claude).not.toContainText("http://127.0.0.1:9/base");
    await saveScreenshot(page, "agent-config-production");
  });
});

test.describe("parameters checked against the server's schema", () => {
  test("a capability form shows a parameter error on its field, refuses to save, and previews the blueprint per environment", async ({ page, api }) => {
    const server = await api.createServer("limited", {
      transport: { type: "http", url: "http://127.0.0.1:9/mcp", headers: { "X-Namespace": "{{namespace}}" } },
      environments: { production: { url: "https://limited.example.test/mcp" } },
      parameters_schema: {
        type: "object", required: ["namespace"],
        properties: { namespace: { type: "string" }, limit: { type: "integer", maximum: 50 } },
      },
    });
    const name = uniqueName("checked");

    await page.goto("/capabilities");
    await page.getByRole("link", { name: "New capability" }).click();
    await page.getByLabel(/^Name/).fill(name);
    await page.getByLabel(/^Description/).fill("Checked as you type");
    await page.getByLabel("Add a server from the registry").fill(server.name);
    await page.getByRole("button", { name: `Add ${server.name}` }).click();

    const parameters = page.getByRole("group", { name: `Parameters for ${server.name}` });
    const namespace = parameters.getByLabel(/^namespace/);
    const limit = parameters.getByLabel(/^limit/);
    // Nothing is marked the moment the server is added (issue 31); after a change, the problem reads as words.
    await expect(namespace).not.toHaveAttribute("aria-invalid", "true");
    await namespace.fill("research");
    await limit.fill("500");
    await expect(limit).toHaveAccessibleDescription(/must be <= 50/);
    await expect(limit).toHaveAttribute("aria-invalid", "true");
    await expect(namespace).not.toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Does not resolve")).toBeVisible();
    await saveScreenshot(page, "capability-form-parameter-error");

    await page.getByRole("button", { name: "Create capability" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Not saved" })).toContainText(`The parameters for ${server.name} do not satisfy`);
    await expect(page).toHaveURL(/\/capabilities\/new$/);
    expect((await api.get(`/api/capabilities?search=${name}`)).body.capabilities).toEqual([]);

    await limit.fill("20");
    await expect(limit).not.toHaveAttribute("aria-invalid", "true");
    const preview = page.getByLabel("Resolved blueprint");
    await expect(preview).toContainText('"X-Namespace": "research"');
    await page.getByLabel("Environment").selectOption("production");
    await expect(preview).toContainText("https://limited.example.test/mcp");
    await page.getByRole("button", { name: "Create capability" }).click();

    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    const blueprint = page.getByRole("region", { name: "Blueprint" });
    await blueprint.getByLabel("Environment").selectOption("development");
    await expect(blueprint.getByLabel("Resolved blueprint")).toContainText("http://127.0.0.1:9/mcp");
    await blueprint.getByLabel("Environment").selectOption("production");
    await expect(blueprint.getByLabel("Resolved blueprint")).toContainText("https://limited.example.test/mcp");
    await saveScreenshot(page, "capability-blueprint");
  });
});

test.describe("inline configs in the edit form", () => {
  test("an inline config is edited as JSON: invalid text is shown on the field and not saved", async ({ page, api }) => {
    const name = uniqueName("editable");
    const created = await api.post("/api/capabilities", { name, description: "Inline", mcp_servers: { legacy: { type: "http", url: "http://127.0.0.1:9/old" } } });
    expect(created.status, created.text).toBe(201);

    await openFromList(page, "capabilities", name);
    await page.getByRole("link", { name: "Edit", exact: true }).click();
    const editor = page.getByLabel("Inline config legacy (JSON)");
    await editor.fill('{"type": "http", "url": ');
    await expect(editor).toHaveAccessibleDescription(/is not valid JSON/);
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Not saved" })).toContainText("The inline config legacy is not valid");
    await saveScreenshot(page, "capability-inline-editor");

    await editor.fill('{"type": "http", "url": "http://127.0.0.1:9/new"}');
    await expect(editor).not.toHaveAttribute("aria-invalid", "true");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByRole("table", { name: "Server references" })).toContainText("http://127.0.0.1:9/new");
  });
});

test("an agent's inline config moves into the registry from its page", async ({ page, api }) => {
  const agent = uniqueName("inline-agent");
  const alias = uniqueName("agent-inline");
  const created = await api.post("/api/agents", { name: agent, description: "Inline", mcp_servers: { [alias]: { type: "http", url: "http://127.0.0.1:9/agent-inline" } } });
  expect(created.status, created.text).toBe(201);

  await openFromList(page, "agents", agent);
  await page.getByRole("button", { name: "Move into the registry" }).click();
  await expect(page.getByText("Moved into the registry").locator("..").getByRole("link", { name: alias })).toBeVisible();
  await expect(page.getByRole("table", { name: "Server references" }).getByRole("link", { name: alias })).toBeVisible();
  expect((await api.get(`/api/agents/${agent}?raw=true`)).body.agent.mcp_servers).toEqual({ [alias]: alias });
});

test.describe("an agent whose server was deleted anyway", () => {
  // The agent no longer resolves: its prompts, resources and blueprint are refused (422), as the API says.
  test.use({ allowedConsoleErrors: /status of 422 .*\/api\/agents\/dangling-[^/?]+\/(prompts|resources|blueprint)\)$/ });

  test("the Tools card names the server reference and why, and says there are no tools until it is fixed", async ({ page, api }) => {
    const server = await api.createServer("deleted");
    const agent = uniqueName("dangling");
    expect((await api.post("/api/agents", { name: agent, description: "Its server goes", mcp_servers: { docs: server.name } })).status).toBe(201);
    expect((await api.delete(`/api/mcp-servers/${server.name}?force=true`)).status).toBe(204);

    await page.goto(`/agents/${agent}`);
    const tools = page.getByRole("region", { name: "Tools" });
    await expect(tools.getByRole("list", { name: "Tool problems" })).toHaveText(`Server reference docs: agent ${agent} references unknown MCP server '${server.name}'`);
    await expect(tools).toContainText("No tools until the problems above are fixed.");
    await expect(page.getByRole("region", { name: "Blueprint" })).toContainText("This agent does not resolve");
    await saveScreenshot(page, "agent-dangling-reference");
  });
});

test.describe("a deleted definition's history", () => {
  // The pages of what was deleted answer 404, as they should.
  test.use({ allowedConsoleErrors: /status of 404/ });

  test("its page and its audit entries link to its own history in the audit log", async ({ page, api }) => {
    const server = await api.createServer("erased");
    const agent = uniqueName("erased-agent");
    expect((await api.post("/api/agents", { name: agent, description: "Goes too" })).status).toBe(201);
    expect((await api.delete(`/api/mcp-servers/${server.name}`)).status).toBe(204);
    expect((await api.delete(`/api/agents/${agent}`)).status).toBe(204);

    await page.goto("/audit");
    await page.getByLabel("Name").fill(server.name);
    const entries = page.getByRole("region", { name: "Audit entries" });
    await expect(entries.getByRole("row")).toHaveCount(3); // the header, the deletion and the creation
    await expect(entries.getByRole("row").nth(2)).toContainText(`server ${server.name} (deleted)`);
    await saveScreenshot(page, "audit-deleted");

    await page.goto(`/mcp-servers/${server.name}`);
    await expect(page.getByRole("heading", { name: "No such MCP server" })).toBeVisible();
    await page.getByRole("link", { name: "Its history in the audit log" }).click();
    await expect(page).toHaveURL(`/audit?entity_type=server&name=${server.name}`);
    await expect(page.getByLabel("Name")).toHaveValue(server.name);
    await expect(page.getByRole("region", { name: "Audit entries" }).getByRole("row")).toHaveCount(3);

    await page.goto(`/agents/${agent}`);
    await page.getByRole("link", { name: "Its history in the audit log" }).click();
    await expect(page).toHaveURL(`/audit?entity_type=agent&name=${agent}`);
    const agentEntries = page.getByRole("region", { name: "Audit entries" });
    await expect(agentEntries.getByRole("row")).toHaveCount(3);
    await expect(agentEntries.getByRole("row").nth(1)).toContainText("delete");
    await expect(agentEntries.getByRole("link", { name: agent })).toHaveCount(2);
  });
});
