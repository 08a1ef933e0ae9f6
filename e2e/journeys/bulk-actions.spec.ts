import type { Page } from "@playwright/test";

import { apiClient, httpServer, uniqueName } from "../support/api-client";
import { capabilityBody } from "../support/documents";
import { expect, guardedTest, saveScreenshot, test } from "./fixtures";
import { signInAs } from "./sign-in-as";

/** A 1×1 PNG: the icon one server shows instead of its initial. */
const PNG = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

/** The servers in the order the table shows them, read from their links. */
async function rowNames(page: Page): Promise<string[]> {
  const hrefs = await page.getByRole("rowheader").getByRole("link").evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  return hrefs.map((href) => decodeURIComponent(href.replace("/mcp-servers/", "")));
}

const row = (page: Page, name: string) => page.getByRole("row").filter({ has: page.getByRole("link", { name, exact: true }) });

test.describe("bulk actions on the servers list", () => {
  // The referenced server's DELETE is refused on purpose (409), which the browser logs.
  test.use({ allowedConsoleErrors: /status of 409 \(Conflict\)/ });
  for (const width of [1366, 390] as const) {
    for (const theme of ["light", "dark"] as const) {
      test(`servers list at ${width} px, ${theme}: sort by a column, re-check three, tag two, delete with a confirm`, async ({ page, api }) => {
        const group = uniqueName("bulk");
        const [alpha, bravo, charlie, delta] = ["alpha", "bravo", "charlie", "delta"].map((suffix) => `${group}-${suffix}`);
        for (const name of [alpha, bravo, charlie, delta]) {
          const extra = name === alpha ? { icons: [{ src: PNG }], support: { owner: `Owners of ${group}` } } : {};
          expect((await api.post("/api/mcp-servers", httpServer(name, { tags: [group], ...extra }))).status).toBe(201);
        }
        const capability = uniqueName("bulk-capability");
        expect((await api.post("/api/capabilities", capabilityBody(capability, { mcp_servers: [charlie] }))).status).toBe(201);

        await page.emulateMedia({ colorScheme: theme });
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`/mcp-servers?tags=${group}`);
        await expect(page.getByRole("status").filter({ hasText: "Showing 4 servers" })).toBeVisible();
        expect(await rowNames(page)).toEqual([alpha, bravo, charlie, delta]);

        // Icons and owners: alpha shows its picture (no referrer, decoration) and its owner; the others their initial.
        const icon = row(page, alpha).locator("img");
        await expect(icon).toHaveAttribute("src", PNG);
        await expect(icon).toHaveAttribute("alt", "");
        await expect(icon).toHaveAttribute("referrerpolicy", "no-referrer");
        await expect(row(page, bravo).locator("img")).toHaveCount(0);
        await expect(row(page, bravo).getByTestId("server-initial")).toHaveAttribute("data-initial", group.slice(0, 1));
        await expect(row(page, alpha).getByRole("button", { name: `Search for owner Owners of ${group}` })).toBeVisible();

        // Sort: the Name header turns the order around, says so with aria-sort, and keeps it in the URL.
        const nameHeader = page.getByRole("columnheader", { name: "Name" });
        await expect(nameHeader).toHaveAttribute("aria-sort", "ascending");
        await nameHeader.getByRole("button").click();
        await expect(page).toHaveURL(/sort=-name/);
        await expect(nameHeader).toHaveAttribute("aria-sort", "descending");
        await expect.poll(() => rowNames(page)).toEqual([delta, charlie, bravo, alpha]);
        await page.reload();
        await expect.poll(() => rowNames(page)).toEqual([delta, charlie, bravo, alpha]);

        // Re-check three: the report counts them, and their rows show the new status.
        for (const name of [alpha, bravo, charlie]) await page.getByRole("checkbox", { name: `Select ${name}` }).check();
        const bar = page.getByRole("region", { name: "Bulk actions" });
        await expect(bar.getByTestId("selected-count")).toHaveText("3 selected");
        await bar.getByRole("button", { name: "Re-check health" }).click();
        await expect(bar.getByTestId("bulk-outcome")).toContainText("3 re-checked");
        for (const name of [alpha, bravo, charlie]) await expect(row(page, name).locator("[data-health-status]")).toHaveAttribute("data-health-status", "unhealthy");
        await expect(row(page, delta).locator("[data-health-status]")).toHaveAttribute("data-health-status", "unknown");
        await saveScreenshot(page, `bulk-recheck-${theme}`);

        // Tag two: a dialog asks for the tag; both rows carry it after.
        await bar.getByRole("button", { name: "Clear selection" }).click();
        await expect(bar).toHaveCount(0);
        for (const name of [alpha, delta]) await page.getByRole("checkbox", { name: `Select ${name}` }).check();
        const tag = uniqueName("added");
        await page.getByRole("region", { name: "Bulk actions" }).getByRole("button", { name: "Add tag…" }).click();
        const tagDialog = page.getByRole("dialog", { name: "Add a tag to 2 servers" });
        await tagDialog.getByLabel("Tag").fill(tag);
        await tagDialog.getByRole("button", { name: "Add tag", exact: true }).click();
        await expect(bar.getByTestId("bulk-outcome")).toContainText(`2 tagged “${tag}”`);
        for (const name of [alpha, delta]) await expect(row(page, name).getByRole("button", { name: `Filter by tag ${tag}` })).toBeVisible();
        await expect(row(page, bravo).getByRole("button", { name: `Filter by tag ${tag}` })).toHaveCount(0);

        // Delete two after a confirm that lists them: charlie is in use, so it stays, and the report says by whom.
        await bar.getByRole("button", { name: "Clear selection" }).click();
        for (const name of [charlie, delta]) await page.getByRole("checkbox", { name: `Select ${name}` }).check();
        await page.getByRole("region", { name: "Bulk actions" }).getByRole("button", { name: "Delete…" }).click();
        const confirm = page.getByRole("dialog", { name: "Delete 2 servers?" });
        await expect(confirm.getByRole("list", { name: "Servers to delete" }).getByRole("listitem")).toHaveText([charlie, delta]);
        await saveScreenshot(page, `bulk-delete-confirm-${theme}`);
        await confirm.getByRole("button", { name: "Delete 2 servers" }).click();
        const outcome = bar.getByTestId("bulk-outcome");
        await expect(outcome).toContainText("1 deleted, 1 not deleted");
        await expect(outcome).toContainText(`${charlie}: used by capability ${capability}`);
        await expect(page.getByRole("link", { name: delta, exact: true })).toHaveCount(0);
        await expect(page.getByRole("link", { name: charlie, exact: true })).toBeVisible();
        await expect(bar.getByTestId("selected-count")).toHaveText("1 selected"); // charlie, still there, still ticked
        expect((await api.get(`/api/mcp-servers/${delta}`)).status).toBe(404);
        expect((await api.get(`/api/mcp-servers/${charlie}`)).status).toBe(200);
      });
    }
  }
});

test("select all on this page ticks every row, and a new page starts with none", async ({ page, api }) => {
  const group = uniqueName("selall");
  for (const suffix of ["a", "b", "c"]) expect((await api.post("/api/mcp-servers", httpServer(`${group}-${suffix}`, { tags: [group] }))).status).toBe(201);

  await page.goto(`/mcp-servers?tags=${group}`);
  const all = page.getByRole("checkbox", { name: "Select all on this page" });
  await all.check();
  await expect(page.getByRole("region", { name: "Bulk actions" }).getByTestId("selected-count")).toHaveText("3 selected");
  await page.getByRole("checkbox", { name: `Select ${group}-b` }).uncheck();
  await expect(all).not.toBeChecked();
  await expect.poll(() => all.evaluate((box: HTMLInputElement) => box.indeterminate)).toBe(true);

  await page.getByRole("columnheader", { name: "Health" }).getByRole("button").click();
  await expect(page).toHaveURL(/sort=health/);
  await expect(page.getByRole("region", { name: "Bulk actions" })).toHaveCount(0);
});

const ADMIN_TOKEN = "pb_journey_bulk_admin_token_0123456789";
const guarded = guardedTest(ADMIN_TOKEN);

guarded("a viewer may sort the list but sees no checkboxes and no bulk bar; an editor sees them", async ({ page, guarded: patchbay }) => {
  const name = uniqueName("bulk-viewer");
  const admin = apiClient(patchbay.baseUrl, { Authorization: `Bearer ${ADMIN_TOKEN}` });
  expect((await admin.post("/api/mcp-servers", httpServer(name))).status).toBe(201);

  await signInAs(page, patchbay.baseUrl, ADMIN_TOKEN, "viewer");
  await page.goto(`${patchbay.baseUrl}/mcp-servers`);
  await expect(page.getByRole("link", { name, exact: true })).toBeVisible();
  await expect(page.getByRole("checkbox")).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Bulk actions" })).toHaveCount(0);
  await page.getByRole("columnheader", { name: "Modified" }).getByRole("button").click();
  await expect(page.getByRole("columnheader", { name: "Modified" })).toHaveAttribute("aria-sort", "ascending");

  await signInAs(page, patchbay.baseUrl, ADMIN_TOKEN, "editor");
  await page.goto(`${patchbay.baseUrl}/mcp-servers`);
  await page.getByRole("checkbox", { name: `Select ${name}` }).check();
  await expect(page.getByRole("region", { name: "Bulk actions" }).getByTestId("selected-count")).toHaveText("1 selected");
});
