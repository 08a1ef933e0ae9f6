import { expect, test } from "@playwright/test";

import { startEverything, type EverythingServer } from "../../lib/health/test-peers";
import { apiClient, httpServer, uniqueName } from "../support/api-client";

const baseUrl = () => process.env.PATCHBAY_BASE_URL!;
let everything: EverythingServer;

test.beforeAll(async () => {
  everything = await startEverything("streamableHttp");
});
test.afterAll(async () => everything?.stop());

test("health panels: re-check, live dot over server-sent events, test connection, tool calls", async ({ page }) => {
  const api = apiClient(baseUrl());
  const name = uniqueName("journey-health");
  await api.post("/api/mcp-servers", httpServer(name, { transport: { type: "http", url: `http://127.0.0.1:${everything.port}/mcp` } }));
  const consoleErrors: string[] = [];
  // The refused echo call is a 422 on purpose; the browser logs every non-2xx fetch.
  page.on("console", (message) => message.type() === "error" && !/status of 422/.test(message.text()) && consoleErrors.push(message.text()));

  await page.goto(`${baseUrl()}/mcp-servers/${name}`);
  const panel = page.getByRole("region", { name: "Health" });
  await expect(panel.getByText("not checked yet")).toBeVisible();

  await panel.getByRole("button", { name: "Re-check now" }).click();
  await expect(panel.getByText("mcp-servers/everything")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 }).locator("[data-health-status]")).toHaveAttribute("data-health-status", "healthy");

  // A change recorded elsewhere (here: through the API, as the scheduler would) reaches the page without a reload.
  await api.patch(`/api/mcp-servers/${name}`, { transport: { type: "http", url: "http://127.0.0.1:9/mcp" } });
  await api.post(`/api/mcp-servers/${name}/health-check`);
  await expect(page.getByRole("heading", { level: 1 }).locator("[data-health-status]")).toHaveAttribute("data-health-status", "unhealthy", { timeout: 10_000 });
  await expect(panel.getByText("connection refused 127.0.0.1:9").first()).toBeVisible();
  await api.patch(`/api/mcp-servers/${name}`, { transport: { type: "http", url: `http://127.0.0.1:${everything.port}/mcp` } });

  const tester = page.getByRole("region", { name: "Test connection" });
  await tester.getByLabel("Parameters (JSON)").fill("{ not json");
  await tester.getByRole("button", { name: "Test connection" }).click();
  await expect(tester.getByText(/Parameters is not valid JSON/)).toBeVisible();
  await tester.getByLabel("Parameters (JSON)").fill("{}");
  await tester.getByRole("button", { name: "Test connection" }).click();
  await expect(tester.getByText("2025-11-25")).toBeVisible();
  await expect(tester.getByText("get-tiny-image", { exact: true })).toBeVisible();

  await tester.getByRole("listitem").filter({ hasText: /^echo/ }).getByRole("button", { name: "Call…" }).click();
  const echo = tester.getByRole("form", { name: "Call echo" });
  await echo.getByRole("textbox").fill('{"message": 42}');
  await echo.getByRole("button", { name: "Call echo" }).click();
  await expect(echo.getByText("/arguments/message")).toBeVisible();
  await echo.getByRole("textbox").fill('{"message": "hello from the browser"}');
  await echo.getByRole("button", { name: "Call echo" }).click();
  await expect(echo.getByText("Echo: hello from the browser")).toBeVisible();

  await tester.getByRole("listitem").filter({ hasText: /^get-tiny-image/ }).getByRole("button", { name: "Call…" }).click();
  const image = tester.getByRole("form", { name: "Call get-tiny-image" });
  await image.getByRole("button", { name: "Call get-tiny-image" }).click();
  await expect(image.getByRole("img", { name: /Image returned by the tool/ })).toBeVisible();
  await expect.poll(() => image.getByRole("img").evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);

  await panel.getByRole("button", { name: "Re-check now" }).click();
  await expect(panel.getByRole("button", { name: "Re-check now" })).toBeEnabled();
  await expect(panel.locator("svg.recharts-surface")).toBeVisible();
  await page.screenshot({ path: "e2e/screenshots/server-health.png", fullPage: true });
  expect(consoleErrors).toEqual([]);
});
