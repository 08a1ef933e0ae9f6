import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

import { httpServer } from "../support/api-client";
import { startOfficialRegistryPeer, type OfficialRegistryPeer } from "../support/official-registry-peer";
import { startPatchbay, type PatchbayProcess } from "../support/patchbay-process";
import { OFFICIAL_DUMP, sharedFixture } from "../support/shared-fixtures";
import { test } from "./fixtures";

/**
 * DESIGN §13 in the browser, on a Patchbay of its own that syncs one file and mirrors a local server answering
 * the official API over the dump. Waits are on what the page shows (the panel re-reads the status on its own).
 */
let dir: string;
let file: string;
let peer: OfficialRegistryPeer;
let patchbay: PatchbayProcess;
const WAIT = { timeout: 30_000 };

/** The serious and critical axe violations of what the page shows now (the error panel, a page of results). */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  return results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical").map((violation) => violation.id);
}

test.beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "patchbay-sync-journey-"));
  file = path.join(dir, "mcp-server.json");
  fs.writeFileSync(file, JSON.stringify(httpServer("git-managed", { description: "Defined in git" })));
  const dump = JSON.parse(fs.readFileSync(sharedFixture(OFFICIAL_DUMP), "utf8").replace(/^\uFEFF/, ""));
  peer = await startOfficialRegistryPeer(dump);
  patchbay = await startPatchbay({
    env: { PATCHBAY_AUTH: "off", PATCHBAY_SEED_DEMO: "false", PATCHBAY_SYNC_PATH: file, PATCHBAY_SYNC_POLL_S: "3600", PATCHBAY_UPSTREAM_URL: peer.baseUrl },
  });
});

test.afterAll(async () => {
  await patchbay?.stop();
  await peer?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

test("sync panel: shows the synced file, then its error when it breaks, then recovers; a synced server says where it is managed", async ({ page }) => {
  await page.goto(`${patchbay.baseUrl}/mcp-servers`);
  await expect(page.getByText(`Synced from ${file}`, { exact: false }).first()).toBeVisible(WAIT);
  await expect(page.getByText(/^Latest run: 1 created/)).toBeVisible(WAIT);

  fs.writeFileSync(file, "{ \"name\": ");
  await expect(page.getByText("Sync failed: nothing was changed")).toBeVisible(WAIT);
  await expect(page.getByRole("list", { name: "Sync errors" })).toContainText("is not valid JSON");
  await page.screenshot({ path: path.join("e2e", "screenshots", "sync-panel-error.png") });
  expect(await seriousViolations(page)).toEqual([]);

  fs.writeFileSync(file, JSON.stringify(httpServer("git-managed", { description: "Defined in git, fixed" })));
  await expect(page.getByText("Sync failed: nothing was changed")).toBeHidden(WAIT);
  await expect(page.getByText(/^Latest run: /)).toBeVisible();

  await page.goto(`${patchbay.baseUrl}/mcp-servers/git-managed`);
  await expect(page.getByRole("heading", { name: "git-managed" })).toBeVisible();
  await expect(page.getByText("Defined in git, fixed").first()).toBeVisible();
  await expect(page.getByTestId("managed-notice")).toHaveText(`managed in ${file}`);
  await expect(page.getByRole("button", { name: "Edit" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Delete" })).toHaveCount(0);
});

test("Explore: search, page on, Add to registry → the new server's page", async ({ page }) => {
  await page.goto(`${patchbay.baseUrl}/mcp-servers`);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Explore" }).click();
  await expect(page.getByRole("heading", { name: "Explore", level: 1 })).toBeVisible();

  await page.getByLabel("Search the upstream registry").fill("github");
  await page.getByRole("button", { name: "Search" }).click();
  const list = page.getByRole("list", { name: "Upstream servers" });
  const first = list.getByRole("listitem").first();
  // The official API matches names: every heading of the results holds the search.
  await expect(first.getByRole("heading")).toHaveText(/github/i);
  await expect(list.getByRole("listitem").getByRole("heading").filter({ hasNotText: /github/i })).toHaveCount(0);
  await expect(page.locator("[aria-busy=true]")).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  const firstName = await first.getByRole("heading").textContent();

  await page.getByRole("button", { name: "Next page" }).click();
  await expect(list.getByRole("listitem").first().getByRole("heading")).not.toHaveText(firstName!);
  await page.getByRole("button", { name: "Previous page" }).click();
  await expect(list.getByRole("listitem").first().getByRole("heading")).toHaveText(firstName!);

  const card = list.getByRole("listitem").filter({ has: page.getByRole("button", { name: "Add to registry", disabled: false }) }).first();
  await card.getByText("As it would import").click();
  const preview = JSON.parse((await card.getByLabel(/ as it would import$/).textContent())!);
  await card.getByRole("button", { name: "Add to registry" }).click();

  await expect(page).toHaveURL(`${patchbay.baseUrl}/mcp-servers/${encodeURIComponent(preview.name)}`, WAIT);
  await expect(page.getByRole("heading", { name: preview.name })).toBeVisible();
});
