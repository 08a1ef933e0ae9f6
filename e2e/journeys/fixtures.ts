import { test as base, expect, type Page } from "@playwright/test";

import { apiClient, httpServer, uniqueName } from "../support/api-client";

type StoredServer = { name: string; revision: number; description: string; [key: string]: unknown };

export type Api = ReturnType<typeof apiClient> & {
  /** Creates a uniquely named server through the API (checked: 201) and returns it as stored. */
  createServer: (prefix: string, overrides?: Record<string, unknown>) => Promise<StoredServer>;
};

/** Each test seeds its own uniquely named data through `api`; nothing depends on another test's data. */
export const test = base.extend<{ api: Api }>({
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

/** Saves a screenshot under e2e/screenshots/ (gitignored), named by page and viewport width. */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  // Transitions finished first: a shot right after a colour-scheme switch would catch colours halfway.
  await page.screenshot({ path: `e2e/screenshots/${name}-${width}.png`, fullPage: true, animations: "disabled" });
}
