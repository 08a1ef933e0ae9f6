import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

import { startEverything, type EverythingServer } from "../../lib/mcp/test-peers";
import { apiClient, httpServer, uniqueName } from "../support/api-client";
import { agentBody, capabilityBody } from "../support/documents";
import { expect, test } from "./fixtures";

/**
 * Every page, in light and dark and at desktop and phone width, has no serious or critical axe violation.
 * The app follows `prefers-color-scheme` (it has no toggle of its own), so dark is emulated.
 */
const names = { server: uniqueName("a11y-server"), capability: uniqueName("a11y-capability"), agent: uniqueName("a11y-agent") };

test.beforeAll(async () => {
  const api = apiClient(process.env.PATCHBAY_BASE_URL!);
  const schema = { type: "object", properties: { region: { type: "string", enum: ["eu", "us"], description: "Where it runs" } } };
  const created = [
    await api.post("/api/mcp-servers", httpServer(names.server, {
      tags: ["a11y"], parameters_schema: schema, support: { documentation_url: "https://example.test/docs", owner: "Accessibility team" },
      icons: [{ src: "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwAEhQGAhKmMIQAAAABJRU5ErkJggg==" }],
    })),
    await api.post("/api/capabilities", capabilityBody(names.capability, { mcp_servers: { [names.server]: { parameters: { region: "eu" } } } })),
    await api.post("/api/agents", agentBody(names.agent, { capabilities: [names.capability] })),
    // More tags than there are chips, so the list's "More tags" picker is scanned too.
    await api.post("/api/mcp-servers", httpServer(uniqueName("a11y-tagged"), { tags: Array.from({ length: 14 }, (_, i) => uniqueName(`a11y-tag${i}`)) })),
  ];
  for (const response of created) expect(response.status, response.text).toBe(201);
});

/** Path and the level-1 heading that says the page has rendered its data. */
const pages: { path: () => string; heading: RegExp | string | (() => string); notFound?: boolean }[] = [
  { path: () => "/", heading: "Overview" },
  { path: () => "/mcp-servers", heading: "MCP servers" },
  { path: () => `/mcp-servers/${names.server}`, heading: () => names.server },
  { path: () => "/mcp-servers/new", heading: /server/i },
  { path: () => `/mcp-servers/${names.server}/edit`, heading: /Edit/ },
  { path: () => "/mcp-servers/no-such-server-a11y", heading: "No such MCP server", notFound: true },
  { path: () => "/capabilities", heading: "Capabilities" },
  { path: () => `/capabilities/${names.capability}`, heading: () => names.capability },
  { path: () => "/capabilities/new", heading: /capability/i },
  { path: () => `/capabilities/${names.capability}/edit`, heading: /Edit/ },
  { path: () => "/agents", heading: "Agents" },
  { path: () => `/agents/${names.agent}`, heading: () => names.agent },
  { path: () => "/agents/new", heading: /agent/i },
  { path: () => `/agents/${names.agent}/edit`, heading: /Edit/ },
  { path: () => "/variables", heading: /Variables/ },
  { path: () => "/import", heading: /Import/ },
  { path: () => "/tokens", heading: /token/i },
  { path: () => "/audit", heading: /Audit/ },
  { path: () => "/explore", heading: /Explore/ },
  { path: () => "/sign-in", heading: /Sign in/ },
  { path: () => "/api-docs", heading: /API/ },
  { path: () => "/no-such-page-a11y", heading: /not found/i, notFound: true },
];

const themes = ["light", "dark"] as const;
const widths = [1280, 390] as const;

async function scan(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.map((node) => `${node.target.join(" ")} — ${node.failureSummary?.split("\n").slice(1).join(" ").trim()}`),
    }));
}

for (const entry of pages) {
  const label = entry.path().replace(/-[0-9a-f]{8}/, "-{id}");
  test.describe(`accessibility of ${label}`, () => {
    // A not-found page is answered with a 404, which the browser logs.
    if (entry.notFound) test.use({ allowedConsoleErrors: /status of 404/ });
    for (const theme of themes) {
      for (const width of widths) {
        test(`${theme} at ${width} px: no serious or critical axe violation`, async ({ page }) => {
          await page.emulateMedia({ colorScheme: theme });
          await page.setViewportSize({ width, height: 900 });
          await page.goto(entry.path());
          const heading = typeof entry.heading === "function" ? entry.heading() : entry.heading;
          await expect(page.getByRole("heading", { level: 1, name: heading }).first()).toBeVisible();
          await expect(page.locator("[aria-busy=true]")).toHaveCount(0);
          const violations = await scan(page);
          expect(violations, `axe violations on ${entry.path()} (${theme}, ${width} px):\n${JSON.stringify(violations, null, 2)}`).toEqual([]);
        });
      }
    }
  });
}

test.describe("accessibility of the Try it dialog", () => {
  const server = uniqueName("a11y-try-it");
  let everything: EverythingServer;
  test.beforeAll(async () => {
    everything = await startEverything("streamableHttp");
    const api = apiClient(process.env.PATCHBAY_BASE_URL!);
    expect((await api.post("/api/mcp-servers", httpServer(server, { transport: { type: "http", url: `http://127.0.0.1:${everything.port}/mcp` } }))).status).toBe(201);
    expect((await api.post(`/api/mcp-servers/${server}/test`, {})).body.status).toBe("healthy");
  });
  test.afterAll(async () => everything?.stop());

  for (const theme of themes) {
    for (const width of widths) {
      test(`${theme} at ${width} px, with a field error and a result: no serious or critical axe violation`, async ({ page }) => {
        await page.emulateMedia({ colorScheme: theme });
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`/mcp-servers/${server}`);
        await page.getByRole("region", { name: /^Tools/ }).getByRole("button", { name: "Try it: echo", exact: true }).click();
        const dialog = page.getByRole("dialog", { name: `Try echo on ${server}` });
        await dialog.getByRole("button", { name: "Call", exact: true }).click();
        await expect(dialog.getByText("Not called yet")).toBeVisible();
        expect(await scan(page)).toEqual([]);
        await dialog.getByLabel(/^message/).fill("a11y");
        await dialog.getByRole("button", { name: "Call", exact: true }).click();
        await expect(dialog.getByRole("status").locator("pre")).toHaveText("Echo: a11y");
        const violations = await scan(page);
        expect(violations, `axe violations in the Try it dialog (${theme}, ${width} px):\n${JSON.stringify(violations, null, 2)}`).toEqual([]);
      });
    }
  }
});

// The servers list's editor state: rows ticked, the bulk bar with a report, and the delete confirm open.
test.describe("accessibility of /mcp-servers with rows selected", () => {
  for (const theme of themes) {
    for (const width of widths) {
      test(`${theme} at ${width} px: the bulk bar, its report and its confirm have no serious or critical axe violation`, async ({ page }) => {
        await page.emulateMedia({ colorScheme: theme });
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`/mcp-servers?search=${names.server}&sort=-modified`);
        await page.getByRole("checkbox", { name: "Select all on this page" }).check();
        const bar = page.getByRole("region", { name: "Bulk actions" });
        await bar.getByRole("button", { name: "Re-check health" }).click();
        await expect(bar.getByTestId("bulk-outcome")).toContainText("1 re-checked");
        await expect(page.locator("[aria-busy=true]")).toHaveCount(0);
        expect(await scan(page), "axe violations with the bulk report").toEqual([]);

        await bar.getByRole("button", { name: "Delete…" }).click();
        await expect(page.getByRole("dialog", { name: "Delete 1 server?" })).toBeVisible();
        expect(await scan(page), "axe violations with the delete confirm open").toEqual([]);
      });
    }
  }
});

// The server form's icon rows: one with a picture, one refused (http:) with its error, and the preview of each.
test.describe("accessibility of the server form with an icon refused", () => {
  for (const theme of themes) {
    for (const width of widths) {
      test(`${theme} at ${width} px: the icon rows, their previews and the error have no serious or critical axe violation`, async ({ page }) => {
        await page.emulateMedia({ colorScheme: theme });
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`/mcp-servers/${names.server}/edit`);
        await expect(page.locator("form[data-hydrated]")).toBeVisible();
        await expect(page.getByLabel("Icon 1 source")).not.toHaveValue("");
        await page.getByRole("button", { name: "Add icon" }).click();
        const refused = page.getByLabel("Icon 2 source");
        await refused.fill("http://icons.example.test/plain.png");
        await refused.blur();
        await page.getByLabel("Theme of icon 2").selectOption("dark");
        await expect(refused).toHaveAttribute("aria-invalid", "true");
        await page.getByRole("button", { name: "Save changes" }).click();
        await expect(page.getByText("Not saved: 1 field needs attention.")).toBeVisible();
        const violations = await scan(page);
        expect(violations, `axe violations on the icon rows (${theme}, ${width} px):\n${JSON.stringify(violations, null, 2)}`).toEqual([]);
      });
    }
  }
});
