import { uniqueName } from "../support/api-client";
import { expect, expectNewFormEmpty, saveScreenshot, test } from "./fixtures";
import { openFromList } from "./open-from-list";
import { pasteIntoSchemaEditor } from "./schema-editor";

const SCHEMA = {
  type: "object",
  required: ["region"],
  properties: {
    region: { type: "string", enum: ["eu", "us"], description: "Where the data lives" },
    limit: { type: "integer", default: 10 },
  },
};

test.describe("server form, reached by clicking from the list", () => {
  test.use({ permissions: ["clipboard-read", "clipboard-write"] });

  test("create: New server, a parameters schema typed into the editor, health parameters, saved to the detail page", async ({ page, api }) => {
    const name = uniqueName("clicked");
    await page.goto("/mcp-servers");
    await page.getByRole("link", { name: "New server" }).click();
    await expect(page).toHaveURL(/\/mcp-servers\/new$/);
    await expect(page.locator("form[data-hydrated]")).toBeVisible();

    await page.getByLabel(/^Name/).fill(name);
    await expect(page.locator("#name-status")).toHaveText("✓ This name is free.");
    await page.getByRole("textbox", { name: "Description (required)" }).fill("Created by clicking");
    await page.getByLabel(/^URL/).fill("https://{{region}}.example.com/mcp");

    await page.getByRole("button", { name: "Start from an empty object schema" }).click();
    await pasteIntoSchemaEditor(page, '{"type": 5}');
    await expect(page.locator("#schema-problems")).toContainText('"type" must be one of: "array"');
    await pasteIntoSchemaEditor(page, JSON.stringify(SCHEMA, null, 2));
    await expect(page.getByText("✓ A valid JSON Schema.")).toBeVisible();

    // health_parameters: a form generated from the schema just typed.
    const health = page.getByRole("region", { name: "Health check parameters" });
    await health.getByLabel(/^region/).selectOption({ label: "eu" });
    await saveScreenshot(page, "server-form-create-schema");

    await page.getByRole("button", { name: "Create server" }).click();
    await expect(page).toHaveURL(`/mcp-servers/${name}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(new RegExp(`^${name}\\b`));
    const stored = (await api.get(`/api/mcp-servers/${name}?raw=true`)).body.mcp_server;
    expect(stored).toMatchObject({ parameters_schema: SCHEMA, health_parameters: { region: "eu" } });

    // Saved: the draft is gone, a new form starts empty.
    await expectNewFormEmpty(page, "/mcp-servers", "New server");
  });

  test("edit: from the list to the detail page to Edit, the schema changed in the editor, saved", async ({ page, api }) => {
    const server = await api.createServer("editme", { parameters_schema: SCHEMA, transport: { type: "http", url: "https://{{region}}.example.com/mcp" } });
    await openFromList(page, "mcp-servers", server.name);
    await page.getByRole("link", { name: "Edit" }).click();
    await expect(page).toHaveURL(`/mcp-servers/${server.name}/edit`);
    await expect(page.locator("form[data-hydrated]")).toBeVisible();

    const changed = { ...SCHEMA, properties: { ...SCHEMA.properties, region: { ...SCHEMA.properties.region, enum: ["eu", "us", "ap"] } } };
    await pasteIntoSchemaEditor(page, JSON.stringify(changed, null, 2));
    await expect(page.getByText("✓ A valid JSON Schema.")).toBeVisible();
    await page.getByRole("region", { name: "Health check parameters" }).getByLabel(/^region/).selectOption({ label: "ap" });

    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page).toHaveURL(`/mcp-servers/${server.name}`);
    expect((await api.get(`/api/mcp-servers/${server.name}?raw=true`)).body.mcp_server).toMatchObject({
      revision: 2, parameters_schema: changed, health_parameters: { region: "ap" },
    });
  });

  test("a reload mid-form brings the draft back, says so, and Discard returns to what is stored", async ({ page, api }) => {
    const server = await api.createServer("draft", { description: "Stored description" });
    await openFromList(page, "mcp-servers", server.name);
    await page.getByRole("link", { name: "Edit" }).click();
    await expect(page.locator("form[data-hydrated]")).toBeVisible();
    await page.getByRole("textbox", { name: "Description (required)" }).fill("Typed, not saved");
    await pasteIntoSchemaEditor(page, JSON.stringify(SCHEMA));
    await expect(page.getByText("✓ A valid JSON Schema.")).toBeVisible();

    page.once("dialog", (dialog) => dialog.accept()); // "leave with unsaved changes?" — yes, reload
    await page.reload();
    await expect(page.locator("form[data-hydrated]")).toBeVisible();
    await expect(page.getByText("Draft restored")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Description (required)" })).toHaveValue("Typed, not saved");
    await expect(page.getByRole("region", { name: "Health check parameters" })).toBeVisible(); // the schema came back too
    await saveScreenshot(page, "server-form-draft-restored");

    await page.getByRole("button", { name: "Discard draft" }).click();
    await expect(page.getByText("Draft restored")).toHaveCount(0);
    await expect(page.getByRole("textbox", { name: "Description (required)" })).toHaveValue("Stored description");
    page.once("dialog", (dialog) => dialog.accept());
    await page.reload();
    await expect(page.locator("form[data-hydrated]")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Description (required)" })).toHaveValue("Stored description");
    await expect(page.getByText("Draft restored")).toHaveCount(0);
  });
});

test.describe("validate and test connection share one form", () => {
  // The test of an unreachable address with a required parameter missing is refused (422) on purpose.
  test.use({ allowedConsoleErrors: /status of 422 .*\/test\)$/ });

  test("one environment picker and one generated parameter form feed the preview and the test", async ({ page, api }) => {
    const server = await api.createServer("validate", { parameters_schema: SCHEMA, transport: { type: "http", url: "http://127.0.0.1:9/{{region}}" } });
    await openFromList(page, "mcp-servers", server.name);
    const panel = page.getByRole("region", { name: "Validate and test" });

    // One picker (a select of the known environments), no free-text environment, no raw-JSON parameters box.
    await expect(panel.getByLabel("Environment")).toHaveCount(1);
    await expect(panel.getByRole("combobox", { name: "Environment" })).toBeVisible();
    await expect(panel.getByLabel("Parameters (JSON)")).toHaveCount(0);

    await expect(panel.getByText(/problem/)).toBeVisible(); // region is required
    const tester = panel.getByRole("region", { name: "Test connection" });
    await tester.getByRole("button", { name: "Test connection" }).click();
    await expect(tester.getByRole("alert")).toContainText("cannot be resolved");

    // The same form: choosing a region makes both the preview and the test use it; the old error goes.
    await panel.getByLabel(/^region/).selectOption({ label: "eu" });
    await expect(tester.getByRole("alert")).toHaveCount(0);
    await expect(panel.getByText("These parameters resolve.")).toBeVisible();
    await tester.getByRole("button", { name: "Test connection" }).click();
    await expect(tester.getByText(/unhealthy — connection refused 127\.0\.0\.1:9/)).toBeVisible();
    await saveScreenshot(page, "validate-and-test");
  });
});
