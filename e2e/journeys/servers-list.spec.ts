import { uniqueName } from "../support/api-client";
import { expect, saveScreenshot, test } from "./fixtures";

test.describe("servers list", () => {
  test("search narrows the rows, is kept in the URL, and the link opens the detail page", async ({ page, api }) => {
    const prefix = uniqueName("findme");
    const wanted = await api.createServer(`${prefix}-alpha`, { description: "The one we look for" });
    const other = await api.createServer("unrelated");

    await page.goto("/mcp-servers");
    await expect(page.getByRole("heading", { level: 1, name: "MCP servers" })).toBeVisible();
    await expect(page).toHaveTitle("MCP servers · Patchbay");

    await page.getByLabel("Search").fill(prefix);
    await expect(page.getByRole("link", { name: wanted.name })).toBeVisible();
    await expect(page.getByRole("link", { name: other.name })).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`search=${prefix}`));
    await expect(page.getByRole("status").filter({ hasText: "Showing 1 server" })).toBeVisible();

    // The URL is shareable: opening it fresh shows the same filtered list.
    await page.reload();
    await expect(page.getByLabel("Search")).toHaveValue(prefix);
    await expect(page.getByRole("link", { name: other.name })).toHaveCount(0);

    await page.getByRole("link", { name: wanted.name }).click();
    await expect(page.getByRole("heading", { level: 1, name: wanted.name })).toBeVisible();
    await expect(page).toHaveTitle(`${wanted.name} · Patchbay`);
  });

  test("tag chips, transport and health filters come from and go to the URL", async ({ page, api }) => {
    const tag = uniqueName("tag");
    const stdio = await api.createServer("stdio-one", { tags: [tag], transport: { type: "stdio", command: "node" } });
    const http = await api.createServer("http-one", { tags: [tag] });

    await page.goto(`/mcp-servers?tags=${tag}&transport=stdio`);
    await expect(page.getByRole("button", { name: tag, pressed: true })).toBeVisible();
    await expect(page.getByLabel("Transport")).toHaveValue("stdio");
    await expect(page.getByRole("link", { name: stdio.name })).toBeVisible();
    await expect(page.getByRole("link", { name: http.name })).toHaveCount(0);

    await page.getByLabel("Transport").selectOption("");
    await expect(page.getByRole("link", { name: http.name })).toBeVisible();
    await expect(page).not.toHaveURL(/transport=/);

    await page.getByLabel("Health").selectOption("healthy");
    await expect(page.getByText("No servers match these filters")).toBeVisible();
    await expect(page).toHaveURL(/health=healthy/);
    await page.getByRole("button", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(/\/mcp-servers$/);

    await expect(page.getByRole("row").filter({ hasText: "context-store" }).getByText("unknown")).toBeVisible();
  });

  test("Next and Previous page through the API's cursor", async ({ page, api }) => {
    const tag = uniqueName("paged");
    const names: string[] = [];
    for (let batch = 0; batch < 55; batch += 11) {
      const created = await Promise.all(Array.from({ length: 11 }, (_, i) => api.createServer(`p${String(batch + i).padStart(2, "0")}`, { tags: [tag] })));
      names.push(...created.map((server) => server.name));
    }

    await page.goto(`/mcp-servers?tags=${tag}`);
    await expect(page.getByRole("row")).toHaveCount(51); // header + 50
    await expect(page.locator("nav[aria-label='Pages'][data-hydrated]")).toBeVisible();
    await page.getByRole("button", { name: "Next →" }).click();
    await expect(page.getByRole("row")).toHaveCount(6);
    await expect(page).toHaveURL(/cursor=/);
    await expect(page.getByText("Page 2")).toBeVisible();
    await expect(page.getByRole("button", { name: "Next →" })).toBeDisabled();

    await page.getByRole("button", { name: "← Previous" }).click();
    await expect(page.getByRole("row")).toHaveCount(51);
    await expect(page).not.toHaveURL(/cursor=/);
  });

  test("while a page loads, the last page's rows stay and Next and Previous wait: their cursors would lead elsewhere", async ({ page, api }) => {
    const tag = uniqueName("held");
    await Promise.all(Array.from({ length: 55 }, (_, i) => api.createServer(`h${String(i).padStart(2, "0")}`, { tags: [tag] })));
    await page.goto(`/mcp-servers?tags=${tag}`);
    await expect(page.getByRole("row")).toHaveCount(51); // header + 50
    await expect(page.locator("nav[aria-label='Pages'][data-hydrated]")).toBeVisible();

    // The second page's answer is held until the buttons were seen waiting.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route((url) => url.pathname === "/api/mcp-servers" && url.searchParams.has("cursor"), async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("button", { name: "Next →" }).click();
    await expect(page.getByText("Page 2 of 2")).toBeVisible();
    await expect(page.getByRole("row")).toHaveCount(51); // still the first page's rows
    await expect(page.getByRole("button", { name: "Next →" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "← Previous" })).toBeDisabled();

    release();
    await expect(page.getByRole("row")).toHaveCount(6); // header + 5
    await expect(page.getByRole("button", { name: "← Previous" })).toBeEnabled();
    await expect(page.getByRole("button", { name: "Next →" })).toBeDisabled(); // the last page
  });

  test("the page is in the URL with a total: a shared page-4 link shows page 4 and Previous goes to page 3", async ({ page, api, context }) => {
    const tag = uniqueName("pages");
    const names: string[] = [];
    for (let batch = 0; batch < 160; batch += 20) {
      const created = await Promise.all(Array.from({ length: 20 }, (_, i) => api.createServer(`q${String(batch + i).padStart(3, "0")}`, { tags: [tag] })));
      names.push(...created.map((server) => server.name));
    }
    names.sort();

    await page.goto(`/mcp-servers?tags=${tag}`);
    await expect(page.getByRole("status").filter({ hasText: "Showing 50 of 160 servers" })).toBeVisible();
    await expect(page.getByText("Page 1 of 4")).toBeVisible();
    await expect(page.locator("nav[aria-label='Pages'][data-hydrated]")).toBeVisible();
    for (const next of [2, 3, 4]) {
      await page.getByRole("button", { name: "Next →" }).click();
      await expect(page.getByText(`Page ${next} of 4`)).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`page=${next}`));
    }
    await expect(page.getByRole("row")).toHaveCount(11); // header + 10
    await saveScreenshot(page, "servers-list-page-4");

    const shared = await context.newPage();
    await shared.goto(page.url());
    await expect(shared.getByText("Page 4 of 4")).toBeVisible();
    await expect(shared.locator("nav[aria-label='Pages'][data-hydrated]")).toBeVisible();
    await expect(shared.getByRole("row").nth(1)).toContainText(names[150]);
    await shared.getByRole("button", { name: "← Previous" }).click();
    await expect(shared.getByText("Page 3 of 4")).toBeVisible();
    await expect(shared).toHaveURL(/page=3/);
    await expect(shared.getByRole("row")).toHaveCount(51);
    await expect(shared.getByRole("row").nth(1)).toContainText(names[100]);
    await shared.goBack();
    await expect(shared.getByText("Page 4 of 4")).toBeVisible();
    await expect(shared.locator("nav[aria-label='Pages'][data-hydrated]")).toBeVisible();
    await shared.close();
  });

  test("every tag is reachable: chips keep their order, More tags picks the rest, a row's tag filters by it", async ({ page, api }) => {
    const rare = uniqueName("rare");
    const other = uniqueName("other");
    const server = await api.createServer("tagged", { tags: [rare, other] });
    // Twelve tags used twice rank above the rare one, so it cannot be among the top chips.
    const popular = Array.from({ length: 12 }, (_, i) => uniqueName(`popular${i}`));
    await api.createServer("popular-a", { tags: popular });
    await api.createServer("popular-b", { tags: popular });

    await page.goto("/mcp-servers");
    const chips = page.getByRole("group", { name: "Filter by tag" }).getByRole("button");
    const order = await chips.allTextContents();
    expect(order.length).toBeGreaterThan(0);
    await expect(chips.filter({ hasText: rare })).toHaveCount(0);

    // Toggling a chip leaves every chip where it was.
    await chips.nth(order.length - 1).click();
    await expect(chips.nth(order.length - 1)).toHaveAttribute("aria-pressed", "true");
    expect(await chips.allTextContents()).toEqual(order);
    await chips.nth(order.length - 1).click();
    await expect(page).not.toHaveURL(/tags=/);
    // The URL changes before the list's own state does: pick the next tag once the chip shows it is off.
    await expect(chips.nth(order.length - 1)).toHaveAttribute("aria-pressed", "false");

    await page.getByLabel("More tags").selectOption(rare);
    await expect(page.getByRole("button", { name: rare, pressed: true })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`tags=${rare}`));
    await expect(page.getByRole("status").filter({ hasText: "Showing 1 server" })).toBeVisible();

    await page.getByRole("row").filter({ hasText: server.name }).getByRole("button", { name: `Filter by tag ${other}` }).click();
    await expect(page).toHaveURL(new RegExp(`tags=${rare}%2C${other}|tags=${rare},${other}`));
    await expect(page.getByRole("button", { name: other, pressed: true })).toBeVisible();
    await expect(page.getByRole("link", { name: server.name })).toBeVisible();
    await saveScreenshot(page, "servers-list-tags");
  });

  test.describe("with a cursor the API refuses", () => {
    // The refused list request is the point of the test; the browser logs its 400.
    test.use({ allowedConsoleErrors: /status of 400 .*\/api\/mcp-servers\?cursor=not-a-real-cursor/ });

    test("an error from the API shows an error state with a retry", async ({ page }) => {
      await page.goto("/mcp-servers?cursor=not-a-real-cursor");
      await expect(page.getByRole("alert").filter({ hasText: "The servers could not be loaded" })).toContainText("cursor");
      await expect(page.getByRole("button", { name: "Try again" })).toBeVisible();
    });
  });
});
