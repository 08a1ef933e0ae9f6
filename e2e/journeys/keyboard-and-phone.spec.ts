import { randomUUID } from "node:crypto";

import type { Locator } from "@playwright/test";

import { uniqueName } from "../support/api-client";
import { expect, test } from "./fixtures";
import { openSchemaEditor } from "./schema-editor";
import { openFromList } from "./open-from-list";

const PHONE_WIDTH = 390;

/** Whether `control` lies wholly inside the phone's width as the page first shows it (nothing scrolled). */
async function isWithinPhoneWidth(control: Locator): Promise<boolean> {
  const box = await control.boundingBox();
  return box !== null && box.x >= 0 && box.x + box.width <= PHONE_WIDTH;
}

test("Tab leaves the schema editor for the next field, as the hint under it says", async ({ page, api }) => {
  const server = await api.createServer("tabbing", { parameters_schema: { type: "object", properties: { a: { type: "string" } } } });
  await openFromList(page, "mcp-servers", server.name);
  await page.getByRole("link", { name: "Edit", exact: true }).click();
  await expect(page.locator("form[data-hydrated]")).toBeVisible();

  const editor = await openSchemaEditor(page);
  await editor.click();
  await expect(page.getByText("Tab moves to the next field.")).toBeVisible();
  const isInEditor = () => page.evaluate(() => Boolean(document.activeElement?.closest(".monaco-editor")));
  await expect.poll(isInEditor).toBe(true);
  await page.keyboard.press("Tab");
  await expect.poll(isInEditor).toBe(false);
  // No tab character went into the schema.
  await expect(page.getByText("✓ A valid JSON Schema.")).toBeVisible();
});

test("arrow keys choose a transport, and the chosen pill's focus ring is not the colour of its fill", async ({ page }) => {
  await page.goto("/mcp-servers/new");
  await expect(page.locator("form[data-hydrated]")).toBeVisible();
  const transports = page.getByRole("group", { name: "Transport type" });
  await transports.getByRole("radio", { checked: true }).focus();
  await page.keyboard.press("ArrowRight");

  const sse = transports.getByRole("radio", { name: /^SSE/ });
  await expect(sse).toBeChecked();
  await expect(sse).toBeFocused();
  const pill = sse.locator("xpath=..");
  await expect(pill).not.toHaveCSS("background-color", "rgba(0, 0, 0, 0)"); // filled: it re-rendered as the chosen one
  await expect(pill).toHaveCSS("outline-style", "solid");
  await expect(pill).toHaveCSS("outline-width", "2px");
  const { ring, fill } = await pill.evaluate((label) => ({ ring: getComputedStyle(label).outlineColor, fill: getComputedStyle(label).backgroundColor }));
  expect(ring).not.toBe(fill);
});

test.describe("on a 390 px phone", () => {
  test.use({ viewport: { width: PHONE_WIDTH, height: 844 } });

  test("the header collapses to a Menu button that opens the navigation and closes on the way to a page", async ({ page }) => {
    await page.goto("/mcp-servers");
    const nav = page.getByRole("navigation", { name: "Main" });
    const menu = nav.getByRole("button", { name: "Menu" });
    // A click before React owns the page opens nothing.
    await expect(page.locator("nav[aria-label='Main'][data-hydrated]")).toBeVisible();
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await expect(nav.getByRole("link", { name: "Capabilities" })).toBeHidden();

    await menu.click();
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    await nav.getByRole("link", { name: "Capabilities" }).click();
    await expect(page).toHaveURL(/\/capabilities$/);
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await expect(nav.getByRole("link", { name: "Agents" })).toBeHidden();

    await menu.click();
    await page.keyboard.press("Escape");
    await expect(menu).toHaveAttribute("aria-expanded", "false");
  });

  test("Escape from a link in the open menu closes it and puts focus back on the Menu button", async ({ page }) => {
    await page.goto("/mcp-servers");
    const nav = page.getByRole("navigation", { name: "Main" });
    const menu = nav.getByRole("button", { name: "Menu" });
    await expect(page.locator("nav[aria-label='Main'][data-hydrated]")).toBeVisible();
    await menu.click();
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Tab");
    await expect(nav.getByRole("link", { name: "Overview" })).toBeFocused();

    await page.keyboard.press("Escape");
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await expect(menu).toBeFocused();
  });

  test("a variable's Edit and Delete are on screen without scrolling sideways", async ({ page, api }) => {
    const name = `PHONE_${randomUUID().slice(0, 8).toUpperCase()}`;
    const created = await api.put(`/api/variables/${name}`, { description: "The store's URL", value: "https://phone.example.com" });
    expect(created.status, created.text).toBe(201);

    await page.goto("/variables");
    for (const action of [`Edit ${name}`, `Delete ${name}`]) {
      const button = page.getByRole("button", { name: action, exact: true });
      await expect(button).toBeVisible();
      await expect.poll(() => isWithinPhoneWidth(button), { message: action }).toBe(true);
    }
  });

  test("a token's Revoke is on screen without scrolling sideways", async ({ page, api }) => {
    const name = uniqueName("phone-token");
    const minted = await api.post("/api/tokens", { name, role: "viewer" });
    expect(minted.status, minted.text).toBe(201);

    await page.goto("/tokens");
    const revoke = page.getByRole("button", { name: `Revoke ${name}`, exact: true });
    await expect(revoke).toBeVisible();
    await expect.poll(() => isWithinPhoneWidth(revoke)).toBe(true);
  });

  test("a health reason without a place to break (an unresolved placeholder) wraps instead of widening the page", async ({ page, api }) => {
    const unset = `PHONE_NEVER_SET_${randomUUID().replaceAll("-", "_").toUpperCase()}_MCP_URL`;
    const server = await api.createServer("phone-reason", { transport: { type: "http", url: `\${${unset}}` } });
    const checked = await api.post(`/api/mcp-servers/${server.name}/health-check`);
    expect(checked.body.reason).toContain(unset);

    await page.goto(`/mcp-servers/${server.name}`);
    await expect(page.getByRole("region", { name: "Health" }).getByText(unset).first()).toBeVisible();
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_WIDTH);
  });

  test("a server's health panel comes before its definition", async ({ page, api }) => {
    const server = await api.createServer("phone");
    await openFromList(page, "mcp-servers", server.name);
    const [health, definition] = [page.getByRole("heading", { name: "Health", exact: true }), page.getByRole("heading", { name: "Definition", exact: true })];
    await expect(health).toBeVisible();
    await expect(definition).toBeVisible();
    // The page may still re-render as its queries land (a heading is briefly detached): wait for both boxes.
    await expect.poll(async () => {
      const [above, below] = await Promise.all([health.boundingBox(), definition.boundingBox()]);
      return above !== null && below !== null && above.y < below.y;
    }).toBe(true);
  });
});
