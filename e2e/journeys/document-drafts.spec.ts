import { uniqueName } from "../support/api-client";
import { anyOf, expect, expectNewFormEmpty, saveScreenshot, test } from "./fixtures";
import { openFromList } from "./open-from-list";

test.describe("capability and agent forms keep a draft", () => {
  // The save of a draft typed over an older revision is refused on purpose (412).
  test.use({ allowedConsoleErrors: anyOf(/status of 412 .*\/api\/capabilities\/drafted-[^/?]+\)$/) });

  test("a reload mid-form brings the typed values back; creating drops the draft", async ({ page }) => {
    const name = uniqueName("reloaded");
    await page.goto("/capabilities");
    await page.getByRole("link", { name: "New capability" }).click();
    await expect(page.locator("form[data-hydrated]")).toBeVisible();
    await page.getByLabel(/^Name/).fill(name);
    await page.getByLabel(/^Description/).fill("Typed before the reload");

    await page.reload();
    await expect(page.locator("form[data-hydrated]")).toBeVisible();
    await expect(page.getByText("Draft restored")).toBeVisible();
    await expect(page.getByLabel(/^Name/)).toHaveValue(name);
    await expect(page.getByLabel(/^Description/)).toHaveValue("Typed before the reload");
    await saveScreenshot(page, "capability-form-draft-restored");

    await page.getByRole("button", { name: "Create capability" }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

    await expectNewFormEmpty(page, "/capabilities", "New capability");
  });

  test("a draft typed over an older revision is not saved over a newer one until the user chooses to", async ({ page, api }) => {
    const name = uniqueName("drafted");
    expect((await api.post("/api/capabilities", { name, description: "Revision one" })).status).toBe(201);

    await openFromList(page, "capabilities", name);
    await page.getByRole("link", { name: "Edit", exact: true }).click();
    await expect(page.locator("form[data-hydrated]")).toBeVisible();
    await page.getByLabel(/^Description/).fill("Typed over revision one");
    expect((await api.patch(`/api/capabilities/${name}`, { tags: ["changed-elsewhere"] })).status).toBe(200);

    await page.reload();
    await expect(page.locator("form[data-hydrated]")).toBeVisible();
    const notice = page.getByRole("status").filter({ hasText: "Your unsaved changes" });
    await expect(notice).toContainText("typed over revision 1; this capability is now at revision 2");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Not saved" })).toContainText("changed since you opened it");
    expect((await api.get(`/api/capabilities/${name}?raw=true`)).body.capability.description).toBe("Revision one");

    await page.getByRole("button", { name: "Apply them over revision 2" }).click();
    // Saved only once the form holds the draft again (a loaded machine once saved the form as it was before).
    await expect(page.getByLabel(/^Description/)).toHaveValue("Typed over revision one");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    const saved = (await api.get(`/api/capabilities/${name}?raw=true`)).body.capability;
    expect(saved.description).toBe("Typed over revision one");
    expect(saved.revision).toBe(3);
  });
});
