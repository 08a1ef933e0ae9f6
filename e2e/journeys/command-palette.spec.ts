import { startEverything } from "../../lib/mcp/test-peers";
import { httpServer, uniqueName } from "../support/api-client";
import { expect, saveScreenshot, test } from "./fixtures";

test("the command palette finds a server, a tool and a page by a few letters, from the keyboard or the header's button", async ({ page, api }) => {
  const everything = await startEverything("streamableHttp");
  const server = uniqueName("palette-ev");
  try {
    expect((await api.post("/api/mcp-servers", httpServer(server, { transport: { type: "http", url: `http://127.0.0.1:${everything.port}/mcp` } }))).status).toBe(201);
    expect((await api.post(`/api/mcp-servers/${server}/health-check`, {})).body.status).toBe("healthy");

    await page.goto("/mcp-servers");
    const palette = page.getByRole("dialog", { name: "Command palette" });
    const box = palette.getByRole("combobox", { name: "Find a page, server, agent, capability or tool" });

    // Ctrl+K, a few letters of the server's name, Enter: its page.
    await page.keyboard.press("Control+k");
    await expect(box).toBeFocused();
    await box.fill(server.slice(0, -2));
    await expect(palette.getByRole("option", { name: new RegExp(`^Server ${server}`) })).toBeVisible();
    await saveScreenshot(page, "command-palette");
    await box.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/mcp-servers/${server}$`));
    await expect(palette).toBeHidden();

    // "/" outside a text field, a tool's name, arrows to it: the page of the server that has it.
    await page.keyboard.press("/");
    await box.fill("echo");
    const tool = palette.getByRole("option", { name: `Tool echo on ${server}` });
    await expect(tool).toBeVisible();
    while ((await tool.getAttribute("aria-selected")) !== "true") await box.press("ArrowDown");
    await expect(box).toHaveAttribute("aria-activedescendant", (await tool.getAttribute("id"))!);
    await box.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/mcp-servers/${server}$`));

    // The header's "Go to…" button, a page's name: that page; Escape gives focus back to the button.
    const button = page.getByRole("button", { name: "Go to… Ctrl K" });
    await button.click();
    await box.fill("aud");
    await expect(palette.getByRole("option", { name: "Page Audit" })).toHaveAttribute("aria-selected", "true");
    await box.press("Escape");
    await expect(palette).toBeHidden();
    await expect(button).toBeFocused();
    await button.click();
    await box.fill("aud");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/audit$/);

    // Closed, the palette is no label: other pages' controls are found by theirs alone. Typing "/" in a text field types it.
    await expect(page.getByRole("dialog", { name: "Command palette", includeHidden: true })).toHaveCount(0);
    await page.goto("/tools");
    const search = page.getByRole("searchbox", { name: "Search" });
    await search.fill("a");
    await search.press("/");
    await expect(search).toHaveValue("a/");
    await expect(palette).toBeHidden();
  } finally {
    await everything.stop();
  }
});
