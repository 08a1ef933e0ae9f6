import { expect, saveScreenshot, test } from "./fixtures";

/** A 1×1 PNG inline, so the journey never fetches a picture from the network. */
const PNG = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
const HTTP_ICON = "http://icons.example.test/plain.png";

for (const { width, scheme } of [{ width: 1366, scheme: "light" }, { width: 390, scheme: "dark" }] as const) {
  test(`icons at ${width} px, ${scheme}: added with a preview and shown on the detail page and the list; http: refused on its row; removed`, async ({ page, api }) => {
    const server = await api.createServer("icons");
    const writes: string[] = [];
    const iconHostRequests: string[] = [];
    page.on("request", (request) => {
      if (request.method() !== "GET" && request.url().includes("/api/mcp-servers")) writes.push(request.url());
      if (request.url().includes("icons.example.test")) iconHostRequests.push(request.url());
    });
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width, height: 900 });
    const raw = async () => (await api.get(`/api/mcp-servers/${server.name}?raw=true`)).body.mcp_server;

    // Add: the preview draws the picture as soon as the source is typed.
    await page.goto(`/mcp-servers/${server.name}/edit`);
    await expect(page.locator("form[data-hydrated]")).toBeVisible();
    await expect(page.getByTestId("icon-row")).toHaveCount(0);
    await page.getByRole("button", { name: "Add icon" }).click();
    const source = page.getByLabel("Icon 1 source");
    const preview = page.getByTestId("icon-row").first().getByTestId("icon-preview");
    await expect(preview.getByTestId("server-initial")).toBeVisible();
    await source.fill(PNG);
    await expect(preview.locator("img")).toHaveAttribute("src", PNG);
    await page.getByLabel("Theme of icon 1").selectOption("dark");
    await page.getByRole("button", { name: "Save changes" }).click();

    await expect(page).toHaveURL(`/mcp-servers/${server.name}`);
    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading.locator("img")).toHaveAttribute("src", PNG);
    const saved = await raw();
    expect(saved.icons).toEqual([{ src: PNG, theme: "dark" }]);

    await page.goto(`/mcp-servers?search=${server.name}`);
    const listRow = page.getByRole("row").filter({ has: page.getByRole("link", { name: server.name, exact: true }) });
    await expect(listRow.locator("img")).toHaveAttribute("src", PNG);

    // http: is refused on the row, with the schema's message; the preview never loads it and nothing is sent.
    await page.goto(`/mcp-servers/${server.name}/edit`);
    await expect(page.locator("form[data-hydrated]")).toBeVisible();
    await expect(source).toHaveValue(PNG);
    await expect(page.getByLabel("Theme of icon 1")).toHaveValue("dark");
    writes.length = 0;
    await source.fill(HTTP_ICON);
    await expect(preview.locator("img")).toHaveCount(0);
    await expect(preview.getByTestId("server-initial")).toBeVisible();
    // Left first, as a person would: the message it shows then moves the button, which a click mid-move would miss.
    await source.blur();
    await expect(source).toHaveAttribute("aria-invalid", "true");
    await page.getByRole("button", { name: "Save changes" }).click();

    await expect(source).toBeFocused();
    const describedBy = await source.getAttribute("aria-describedby");
    await expect(page.locator(`#${describedBy}`)).toHaveText("must be an https: URL or a data:image/(png|svg+xml|jpeg|webp) URI");
    await expect(page.getByText("Not saved: 1 field needs attention.")).toBeVisible();
    await saveScreenshot(page, `server-form-icon-refused-${scheme}`);
    await expect(page).toHaveURL(`/mcp-servers/${server.name}/edit`);
    expect(writes).toEqual([]);
    expect(await raw()).toEqual(saved);

    // Removed: saved without an icons key, and the detail page is back to the initial.
    await page.getByRole("button", { name: "Remove icon 1" }).click();
    await expect(page.getByTestId("icon-row")).toHaveCount(0);
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page).toHaveURL(`/mcp-servers/${server.name}`);
    await expect(heading.getByTestId("server-initial")).toBeVisible();
    await expect(heading.locator("img")).toHaveCount(0);
    const removed = await raw();
    expect(removed.revision).toBe(saved.revision + 1);
    expect(removed).not.toHaveProperty("icons");
    expect(iconHostRequests).toEqual([]);
  });
}

test("an icon's mimeType and sizes survive an edit of another field, and at most 8 rows can be added", async ({ page, api }) => {
  const icons = [{ src: PNG, mimeType: "image/png", sizes: ["48x48"], theme: "light" }];
  const server = await api.createServer("icons-kept", { icons });
  await page.goto(`/mcp-servers/${server.name}/edit`);
  await expect(page.locator("form[data-hydrated]")).toBeVisible();
  await expect(page.getByLabel("Theme of icon 1")).toHaveValue("light");

  const add = page.getByRole("button", { name: "Add icon" });
  for (let count = 2; count <= 8; count += 1) {
    await add.click();
    await expect(page.getByLabel(`Icon ${count} source`)).toBeVisible();
  }
  await expect(add).toBeDisabled();
  await expect(page.getByTestId("icon-row")).toHaveCount(8);

  // The seven blank rows are dropped on save.
  await page.getByLabel(/^Description/).fill("Edited beside its icon");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page).toHaveURL(`/mcp-servers/${server.name}`);
  const stored = (await api.get(`/api/mcp-servers/${server.name}?raw=true`)).body.mcp_server;
  expect(stored).toMatchObject({ description: "Edited beside its icon", icons });
  expect(stored.icons).toHaveLength(1);
});
