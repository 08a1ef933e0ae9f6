import type { Page } from "@playwright/test";

import { expect } from "./fixtures";

/**
 * The way a person reaches an entity: its list, a search, its link. The URL is awaited before the click: the
 * debounced search has landed, so it will not replace the click's navigation.
 */
export async function openFromList(page: Page, collection: "mcp-servers" | "capabilities" | "agents", name: string) {
  await page.goto(`/${collection}`);
  await page.getByLabel("Search").fill(name);
  await expect(page).toHaveURL(new RegExp(`search=${name}`));
  await page.getByRole("link", { name, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(new RegExp(`^${name}\\b`));
}
