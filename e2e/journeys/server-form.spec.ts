import { uniqueName } from "../support/api-client";

import { anyOf, expect, test } from "./fixtures";
import { pasteIntoSchemaEditor } from "./schema-editor";

test.describe("create and edit", () => {
  test.use({
    permissions: ["clipboard-read", "clipboard-write"],
    // Answers these journeys provoke on purpose: a free name (404), the name taken meanwhile (409), a stale save (412).
    allowedConsoleErrors: anyOf(/status of 409 .*\/api\/mcp-servers\)$/, /status of 412 .*\/api\/mcp-servers\/[^/?]+\)$/),
  });

  test("create: the name is checked as you type, the transport switcher shows only its fields, and it saves", async ({ page, api }) => {
    const taken = await api.createServer("taken");
    const name = uniqueName("created");
    const tag = uniqueName("newtag");
    await page.goto("/mcp-servers/new");
    await expect(page.locator("form[data-hydrated]")).toBeVisible();
    await expect(page).toHaveTitle("New MCP server · Patchbay");

    const nameInput = page.getByLabel(/^Name/);
    await nameInput.pressSequentially("My");
    await expect(page.locator("#name-status")).toHaveText(/^Only lowercase letters, digits/);
    await expect(page.getByText("is required")).toHaveCount(0); // nothing shouts before the field was left
    await nameInput.fill("new");
    await expect(page.locator("#name-status")).toHaveText("This name is reserved for the dashboard's own pages.");
    await nameInput.fill(taken.name);
    await expect(page.locator("#name-status")).toHaveText("This name is already taken.");
    await expect(nameInput).toHaveAttribute("aria-invalid", "true");
    await nameInput.fill(name);
    await expect(page.locator("#name-status")).toHaveText("✓ This name is free.");
    await page.getByLabel(/^Description/).fill("Created in a journey");

    await page.getByRole("radio", { name: /stdio/ }).check();
    await expect(page.getByLabel(/^URL/)).toHaveCount(0);
    await page.getByLabel(/^Command/).fill("node");
    await page.getByRole("button", { name: "Add argument" }).click();
    await page.getByLabel("Argument 1", { exact: true }).fill("server.js");
    await page.getByRole("button", { name: "Add variable" }).click();
    await page.getByLabel("Variable 1 name").fill("LOG_LEVEL");
    await page.getByLabel("Variable 1 value").fill("debug");

    await page.getByRole("button", { name: "Add environment" }).click();
    await page.locator("#field-environments-0-name").fill("production");
    await page.locator("#field-environments-0-command").fill("node20");

    const tags = page.getByRole("combobox", { name: /Tags/ });
    await tags.fill(tag);
    await expect(page.getByRole("option", { name: `Create tag “${tag}”` })).toBeVisible();
    await tags.press("Enter");
    await expect(page.getByRole("button", { name: `Remove tag ${tag}` })).toBeVisible();

    await page.getByRole("button", { name: "Start from an empty object schema" }).click();
    const editor = page.locator(".monaco-editor").first();
    await expect(editor).toBeVisible();
    await expect(page.getByText("✓ A valid JSON Schema.")).toBeVisible();
    await editor.click();
    await pasteIntoSchemaEditor(page, '{"type": 5}');
    await expect(page.locator("#schema-problems")).toContainText('"type" must be one of: "array"');
    await pasteIntoSchemaEditor(page, '{"type": "object", "properties": {"region": {"type": "string"}}}');
    await expect(page.getByText("✓ A valid JSON Schema.")).toBeVisible();

    await page.getByRole("button", { name: "Create server" }).click();
    await expect(page).toHaveURL(`/mcp-servers/${name}`);
    // The heading carries the server's live health dot after its name.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(new RegExp(`^${name}\\b`));

    const stored = (await api.get(`/api/mcp-servers/${name}?raw=true`)).body.mcp_server;
    expect(stored).toMatchObject({
      name, description: "Created in a journey",
      transport: { type: "stdio", command: "node", args: ["server.js"], env: { LOG_LEVEL: "debug" } },
      environments: { production: { command: "node20" } },
      tags: [tag],
      parameters_schema: { type: "object", properties: { region: { type: "string" } } },
    });
  });

  test("a bad URL shows on its field (aria-invalid + message) and nothing is saved", async ({ page, api }) => {
    const name = uniqueName("badurl");
    const writes: string[] = [];
    page.on("request", (request) => { if (request.method() !== "GET" && request.url().includes("/api/mcp-servers")) writes.push(request.url()); });

    await page.goto("/mcp-servers/new");
    await expect(page.locator("form[data-hydrated]")).toBeVisible();
    await page.getByLabel(/^Name/).fill(name);
    await page.getByLabel(/^Description/).fill("Has a bad URL");
    const url = page.getByLabel(/^URL/);
    await url.fill("not a url");
    await page.getByRole("button", { name: "Create server" }).click();

    await expect(url).toHaveAttribute("aria-invalid", "true");
    await expect(url).toBeFocused();
    const describedBy = await url.getAttribute("aria-describedby");
    await expect(page.locator(`#${describedBy!.split(" ")[0]}`)).toContainText("must be an absolute http(s) URL");
    await expect(page.getByText("Not saved: 1 field needs attention.")).toBeVisible();
    await expect(page).toHaveURL(/\/mcp-servers\/new$/);
    expect(writes).toEqual([]);
    expect((await api.get(`/api/mcp-servers/${name}?raw=true`)).status).toBe(404);

    await url.fill("https://weather.example.com/mcp");
    await expect(url).not.toHaveAttribute("aria-invalid", "true");
  });

  test("an undeclared {{parameter}} is refused on its header and added by one click; nothing turns red before a field is left", async ({ page, api }) => {
    const name = uniqueName("undeclared");
    const writes: string[] = [];
    page.on("request", (request) => { if (request.method() !== "GET" && request.url().includes("/api/mcp-servers")) writes.push(request.url()); });
    await page.goto("/mcp-servers/new");
    await expect(page.locator("form[data-hydrated]")).toBeVisible();

    // Tabbing past an empty Name, or adding a blank environment, says nothing yet.
    const nameInput = page.getByLabel(/^Name/);
    await nameInput.focus();
    await page.keyboard.press("Tab");
    await page.getByRole("button", { name: "Add environment" }).click();
    await expect(page.locator("#field-environments-0-name")).toBeFocused(); // the new row's name, left blank
    await page.keyboard.press("Tab");
    await expect(page.locator("#field-environments-0-url")).toBeFocused();
    await expect(page.getByText("is required")).toHaveCount(0);
    await expect(nameInput).not.toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("#field-environments-0-name")).not.toHaveAttribute("aria-invalid", "true");
    await page.getByRole("button", { name: "Remove environment 1" }).click();
    await expect(page.locator("#field-environments-0-name")).toHaveCount(0);

    await nameInput.fill(name);
    await page.getByLabel(/^Description/).fill("Needs a project");
    await page.getByLabel(/^URL/).fill("https://projects.example.com/mcp");
    await page.getByRole("button", { name: "Add header" }).click();
    await page.getByLabel("Header 1 name").fill("X-Project-Id");
    const header = page.getByLabel("Header 1 value");
    await header.fill("{{project_id}}");
    await page.getByRole("button", { name: "Create server" }).click();

    // Refused on the header's value, in a sentence, with the fix offered beside the parameters schema.
    await expect(header).toHaveAttribute("aria-invalid", "true");
    const describedBy = await header.getAttribute("aria-describedby");
    await expect(page.locator(`#${describedBy!}`)).toHaveText("uses {{project_id}}, which the parameters schema does not declare");
    await expect(page).toHaveURL(/\/mcp-servers\/new$/);
    expect(writes).toEqual([]);

    await page.getByRole("button", { name: "Add project_id to the parameters" }).click();
    await expect(header).not.toHaveAttribute("aria-invalid", "true");
    const builder = page.getByRole("group", { name: "Parameters", exact: true });
    await expect(builder.getByLabel("project_id is required")).toBeChecked();
    await expect(builder.getByLabel("Type of project_id")).toHaveValue("string");
    await builder.getByLabel("Description of project_id").fill("The project to act for");
    await builder.getByLabel("Description of project_id").blur();

    await page.getByRole("button", { name: "Create server" }).click();
    await expect(page).toHaveURL(`/mcp-servers/${name}`);
    const stored = (await api.get(`/api/mcp-servers/${name}?raw=true`)).body.mcp_server;
    expect(stored.transport).toEqual({ type: "http", url: "https://projects.example.com/mcp", headers: { "X-Project-Id": "{{project_id}}" } });
    expect(stored.parameters_schema).toEqual({
      type: "object", properties: { project_id: { type: "string", description: "The project to act for" } }, required: ["project_id"],
    });
  });

  test("an error from the API (409: the name was taken meanwhile) lands on the name field, values kept", async ({ page, api }) => {
    const name = uniqueName("race");
    await page.goto("/mcp-servers/new");
    await expect(page.locator("form[data-hydrated]")).toBeVisible();
    await page.getByLabel(/^Name/).fill(name);
    await expect(page.locator("#name-status")).toHaveText("✓ This name is free.");
    await page.getByLabel(/^Description/).fill("Mine");
    await page.getByLabel(/^URL/).fill("https://mine.example.com/mcp");

    expect((await api.post("/api/mcp-servers", { name, description: "Theirs", transport: { type: "http", url: "https://theirs.example.com/mcp" } })).status).toBe(201);
    await page.getByRole("button", { name: "Create server" }).click();

    const nameInput = page.getByLabel(/^Name/);
    await expect(nameInput).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("#field-name-error")).toContainText(name);
    await expect(page.getByLabel(/^URL/)).toHaveValue("https://mine.example.com/mcp");
  });

  test("edit with a stale version: the stale message, a review of the differences, then reapply", async ({ page, api }) => {
    const server = await api.createServer("stale", { description: "Original" });
    await page.goto(`/mcp-servers/${server.name}/edit`);
    await expect(page.locator("form[data-hydrated]")).toBeVisible();
    await expect(page).toHaveTitle(`Edit ${server.name} · Patchbay`);
    await page.getByLabel(/^Description/).fill("Mine");

    // Someone else saves while the form is open.
    expect((await api.patch(`/api/mcp-servers/${server.name}`, { version: "9.9.9" })).status).toBe(200);
    await page.getByRole("button", { name: "Save changes" }).click();

    const alert = page.getByRole("alert").filter({ hasText: "This server changed since you opened it" });
    await expect(alert).toBeVisible();
    await expect(page.getByLabel(/^Description/)).toHaveValue("Mine");

    await alert.getByRole("button", { name: "Review the differences" }).click();
    const diff = page.getByRole("dialog").getByRole("region", { name: "Current version against yours" });
    await expect(diff).toContainText(/removed:\s+"version": "9.9.9"/);
    await expect(diff).toContainText(/added:\s+"description": "Mine"/);
    await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();

    await alert.getByRole("button", { name: "Save mine over revision 2" }).click();
    await expect(page).toHaveURL(`/mcp-servers/${server.name}`);
    expect((await api.get(`/api/mcp-servers/${server.name}?raw=true`)).body.mcp_server).toMatchObject({ description: "Mine", revision: 3 });
  });

  test("leaving with unsaved changes asks first, through a link and on unload", async ({ page, api }) => {
    const server = await api.createServer("unsaved");
    await page.goto(`/mcp-servers/${server.name}/edit`);
    await expect(page.locator("form[data-hydrated]")).toBeVisible();
    await page.getByLabel(/^Description/).fill("Not saved yet");

    page.once("dialog", (dialog) => dialog.dismiss());
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Servers" }).click();
    await expect(page).toHaveURL(/\/edit$/);
    await expect(page.getByLabel(/^Description/)).toHaveValue("Not saved yet");

    const unload = page.waitForEvent("dialog");
    await page.close({ runBeforeUnload: true });
    const dialog = await unload;
    expect(dialog.type()).toBe("beforeunload");
    await dialog.accept();
  });
});
