import { randomUUID } from "node:crypto";

import { uniqueName } from "../support/api-client";
import { expect, saveScreenshot, test } from "./fixtures";

/** A variable name no other test uses. */
function variableName(prefix: string): string {
  return `${prefix}_${randomUUID().slice(0, 8).toUpperCase()}`;
}

// The one answer Chromium logs that this journey asks for: the 409 of deleting a variable still in use.
test.use({ allowedConsoleErrors: /status of 409 \(Conflict\) .*\/api\/variables\/[A-Z0-9_]+\)$/ });

test("an admin creates, reads per environment, edits and deletes variables; a secret is only ever shown masked", async ({ page, api }) => {

  const plain = variableName("JOURNEY_STORE_URL");
  const secret = variableName("JOURNEY_TOKEN");
  const missing = variableName("JOURNEY_MISSING");
  const secretValue = `s3cr3t-${randomUUID()}`;
  const user = await api.createServer("vars-user", {
    transport: { type: "http", url: "https://api.example.com/mcp", headers: { "X-Store": `\${${plain}}` } },
    environments: { production: { url: "https://api.prod.example.com/mcp" } },
  });
  const broken = await api.createServer("vars-broken", {
    transport: { type: "http", url: "https://api.example.com/mcp", headers: { "X-Missing": `\${${missing}}` } },
  });

  await page.goto("/mcp-servers");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Variables" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Variables" })).toBeVisible();
  await expect(page.getByLabel("Environment", { exact: true })).toHaveValue("development");

  await page.getByRole("button", { name: "New variable" }).click();
  const createForm = page.getByRole("form", { name: "New variable" });
  await expect(createForm).toHaveAttribute("data-hydrated", "true");
  await createForm.getByLabel("Name").fill(plain);
  await createForm.getByLabel("Default value").fill("http://localhost:8766");
  await createForm.getByRole("button", { name: "Add environment value" }).click();
  await createForm.getByLabel("Environment 1", { exact: true }).fill("production");
  await createForm.getByLabel("Value in production").fill("https://context-store.prod.example.com");
  await createForm.getByRole("button", { name: "Create variable" }).click();
  await expect(createForm).toHaveCount(0);

  const plainRow = page.getByRole("row", { name: new RegExp(plain) });
  await expect(plainRow).toContainText("plain");
  await expect(plainRow).toContainText("http://localhost:8766");
  await expect(plainRow).toContainText("default");
  await expect(plainRow.getByRole("link", { name: user.name })).toHaveAttribute("href", `/mcp-servers/${user.name}`);

  // A secret without a scope is refused in the form, on the scope, before anything is sent.
  await page.getByRole("button", { name: "New variable" }).click();
  const secretForm = page.getByRole("form", { name: "New variable" });
  await expect(secretForm).toHaveAttribute("data-hydrated", "true");
  await secretForm.getByLabel("Name").fill(secret);
  await secretForm.getByLabel("Secret").check();
  await secretForm.getByLabel("Default value").fill(secretValue);
  await secretForm.getByRole("button", { name: "Create variable" }).click();
  await expect(secretForm.getByText(/is required for a secret/)).toBeVisible();
  await secretForm.getByRole("combobox", { name: "Hosts" }).fill("*.example.com");
  await secretForm.getByRole("combobox", { name: "Hosts" }).press("Enter");
  await secretForm.getByRole("button", { name: "Create variable" }).click();
  await expect(secretForm).toHaveCount(0);

  const secretRow = page.getByRole("row", { name: new RegExp(secret) });
  await expect(secretRow).toContainText("secret");
  await expect(secretRow).toContainText("•••• (secret)");
  await expect(secretRow).toContainText("*.example.com");
  expect(await page.content()).not.toContain(secretValue);

  await page.getByLabel("Environment", { exact: true }).selectOption("production");
  await expect(page).toHaveURL(/\?environment=production$/);
  await expect(page.getByRole("heading", { name: "Variables in production" })).toBeVisible();
  await expect(plainRow).toContainText("https://context-store.prod.example.com");
  await expect(plainRow).toContainText("production override");

  const unresolved = page.getByRole("region", { name: "Unresolved in production" });
  const brokenEntry = unresolved.getByRole("listitem").filter({ has: page.getByRole("link", { name: broken.name, exact: true }) });
  await expect(brokenEntry).toContainText(`variable ${missing}`);
  await expect(unresolved.getByRole("link", { name: user.name, exact: true })).toHaveCount(0);
  await saveScreenshot(page, "variables");
  await page.emulateMedia({ colorScheme: "dark" });
  await saveScreenshot(page, "variables-dark");
  await page.emulateMedia({ colorScheme: "light" });

  // Editing a secret without touching its value keeps the stored value (sent back as ••••).
  await page.getByRole("button", { name: `Edit ${secret}` }).click();
  const editSecret = page.getByRole("form", { name: `Edit ${secret}` });
  await expect(editSecret).toHaveAttribute("data-hydrated", "true");
  await expect(editSecret.getByLabel("Default value")).toHaveValue("");
  await expect(editSecret.getByLabel("Default value")).toHaveAttribute("placeholder", /••••/);
  await editSecret.getByLabel("Description").fill("Bearer token for the context store");
  await editSecret.getByRole("button", { name: "Save changes" }).click();
  await expect(editSecret).toHaveCount(0);
  await expect(secretRow).toContainText("Bearer token for the context store");
  const stored = await api.get(`/api/variables/${secret}`);
  expect(stored.body.variable).toMatchObject({ secret: true, value: "••••", has_value: true, revision: 2 });

  await page.getByRole("button", { name: `Edit ${plain}` }).click();
  const editPlain = page.getByRole("form", { name: `Edit ${plain}` });
  await expect(editPlain).toHaveAttribute("data-hydrated", "true");
  await editPlain.getByLabel("Value in production").fill("https://store.prod.example.com");
  await editPlain.getByRole("button", { name: "Save changes" }).click();
  await expect(editPlain).toHaveCount(0);
  await expect(plainRow).toContainText("https://store.prod.example.com");

  await page.getByRole("button", { name: `Delete ${plain}` }).click();
  const dialog = page.getByRole("dialog", { name: `Delete ${plain}?` });
  await expect(dialog.getByRole("link", { name: user.name })).toBeVisible();
  await dialog.getByRole("button", { name: "Delete variable" }).click();
  await expect(dialog.getByRole("alert")).toContainText("Still in use");
  await dialog.getByRole("button", { name: "Delete anyway" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(plainRow).toHaveCount(0);
  await expect(unresolved.getByRole("link", { name: user.name, exact: true })).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole("heading", { name: "Unresolved in production" })).toBeVisible();
  await saveScreenshot(page, "variables");

});

test("a shared link opens the environment it names", async ({ page }) => {
  await page.goto(`/variables?environment=${uniqueName("staging")}`);
  await expect(page.getByRole("heading", { name: /^Variables in staging-/ })).toBeVisible();
  await expect(page.getByRole("heading", { name: /^Unresolved in staging-/ })).toBeVisible();
});
