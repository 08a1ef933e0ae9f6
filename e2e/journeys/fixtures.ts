import { test as base, expect, type Page } from "@playwright/test";

import { apiClient, httpServer, uniqueName } from "../support/api-client";
import { startPatchbay, type PatchbayProcess } from "../support/patchbay-process";

type StoredServer = { name: string; revision: number; description: string; [key: string]: unknown };

export type Api = ReturnType<typeof apiClient> & {
  /** Creates a uniquely named server through the API (checked: 201) and returns it as stored. */
  createServer: (prefix: string, overrides?: Record<string, unknown>) => Promise<StoredServer>;
};

/** One pattern for several allowed console errors (a `test.use` array would be read as a fixture tuple). */
export function anyOf(...patterns: RegExp[]): RegExp {
  return new RegExp(patterns.map((pattern) => `(?:${pattern.source})`).join("|"));
}

type Fixtures = {
  api: Api;
  /** Console errors a test expects (a refused call it makes on purpose), matched against "text (url)"; see anyOf. */
  allowedConsoleErrors: RegExp;
  /** Automatic: the test fails on any page error (uncaught exception) or console error not allowed above. */
  failOnBrowserErrors: void;
};

/**
 * Each test seeds its own uniquely named data through `api`; nothing depends on another test's data. Every
 * journey fails on a page error or a console error (a CSP refusal, a React crash, a failed request).
 */
export const test = base.extend<Fixtures>({
  allowedConsoleErrors: [/(?!)/, { option: true }],

  failOnBrowserErrors: [async ({ page, allowedConsoleErrors }, use) => {
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
    page.on("console", (message) => {
      if (message.type() !== "error") return;
      const text = `${message.text()} (${message.location().url})`;
      if (!allowedConsoleErrors.test(text)) problems.push(`console error: ${text}`);
    });
    await use();
    expect(problems, "errors in the browser").toEqual([]);
  }, { auto: true }],

  // The app's URL is known only after global setup has started it.
  baseURL: async ({}, use) => use(process.env.PATCHBAY_BASE_URL),

  api: async ({}, use) => {
    const client = apiClient(process.env.PATCHBAY_BASE_URL!);
    async function createServer(prefix: string, overrides: Record<string, unknown> = {}) {
      const response = await client.post("/api/mcp-servers", httpServer(uniqueName(prefix), overrides));
      expect(response.status, response.text).toBe(201);
      return response.body.mcp_server as StoredServer;
    }
    await use({ ...client, createServer });
  },
});

export { expect };

/** Once a form is saved its draft is gone: the list's "New …" link opens an empty form with no draft restored. */
export async function expectNewFormEmpty(page: Page, listPath: string, linkName: string): Promise<void> {
  await page.goto(listPath);
  await page.getByRole("link", { name: linkName }).click();
  await expect(page.locator("form[data-hydrated]")).toBeVisible();
  await expect(page.getByText("Draft restored")).toHaveCount(0);
  await expect(page.getByLabel(/^Name/)).toHaveValue("");
}

/**
 * For journeys that need authentication on: `guarded` is a Patchbay of their own (one per worker) whose admin
 * token is `adminToken`; `env` adds to its environment.
 */
export function guardedTest(adminToken: string, env: Record<string, string> = {}) {
  return base.extend<{}, { guarded: PatchbayProcess }>({
    guarded: [async ({}, use) => {
      const patchbay = await startPatchbay({ env: { PATCHBAY_AUTH: "on", PATCHBAY_ADMIN_TOKEN: adminToken, ...env } });
      await use(patchbay);
      await patchbay.stop();
    }, { scope: "worker" }],
  });
}

/** Saves a screenshot under e2e/screenshots/ (gitignored), named by page and viewport width. */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  // Transitions finished first: a shot right after a colour-scheme switch would catch colours halfway.
  await page.screenshot({ path: `e2e/screenshots/${name}-${width}.png`, fullPage: true, animations: "disabled" });
}
