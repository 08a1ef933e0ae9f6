import { startEverything, type EverythingServer } from "../../lib/mcp/test-peers";
import { apiClient, httpServer, uniqueName } from "../support/api-client";
import { expect, test } from "./fixtures";

const baseUrl = () => process.env.PATCHBAY_BASE_URL!;
let everything: EverythingServer;

test.beforeAll(async () => {
  everything = await startEverything("streamableHttp");
});
test.afterAll(async () => everything?.stop());

// The refused echo call is a 422 on purpose; the browser logs every non-2xx fetch.
test.use({ allowedConsoleErrors: /status of 422/ });

test("health panels: re-check, live dot over server-sent events, test connection, tool calls", async ({ page }) => {
  const api = apiClient(baseUrl());
  const name = uniqueName("journey-health");
  await api.post("/api/mcp-servers", httpServer(name, { transport: { type: "http", url: `http://127.0.0.1:${everything.port}/mcp` } }));

  await page.goto(`${baseUrl()}/mcp-servers/${name}`);
  const panel = page.getByRole("region", { name: "Health" });
  await expect(panel.getByText("not checked yet")).toBeVisible();

  const tools = page.getByRole("region", { name: /^Tools/ });
  await expect(tools.getByText(/No probe has succeeded yet/)).toBeVisible();
  await panel.getByRole("button", { name: "Re-check now" }).click();
  await expect(panel.getByText("mcp-servers/everything")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 }).locator("[data-health-status]")).toHaveAttribute("data-health-status", "healthy");
  // The probe catalogued the tools: the Tools card shows them without a reload.
  await expect(tools.getByText(/No probe has succeeded yet/)).toBeHidden();
  await expect(tools.getByText("echo", { exact: true }).first()).toBeVisible();

  // A change recorded elsewhere (here: through the API, as the scheduler would) reaches the page without a reload.
  await api.patch(`/api/mcp-servers/${name}`, { transport: { type: "http", url: "http://127.0.0.1:9/mcp" } });
  await api.post(`/api/mcp-servers/${name}/health-check`);
  await expect(page.getByRole("heading", { level: 1 }).locator("[data-health-status]")).toHaveAttribute("data-health-status", "unhealthy", { timeout: 10_000 });
  await expect(panel.getByText("connection refused 127.0.0.1:9").first()).toBeVisible();
  await api.patch(`/api/mcp-servers/${name}`, { transport: { type: "http", url: `http://127.0.0.1:${everything.port}/mcp` } });

  // Test connection runs with the validation panel's environment and parameters; it has no inputs of its own.
  const tester = page.getByRole("region", { name: "Test connection" });
  await expect(tester.getByRole("textbox")).toHaveCount(0);
  await tester.getByRole("button", { name: "Test connection" }).click();
  await expect(tester.getByText("2025-11-25")).toBeVisible();
  await expect(tester.getByText("get-tiny-image", { exact: true })).toBeVisible();

  // Each tool's call form opens under that tool, not at the end of the list.
  const echoItem = tester.getByRole("listitem").filter({ hasText: /^echo/ });
  await echoItem.getByRole("button", { name: "Call…" }).click();
  const echo = echoItem.getByRole("form", { name: "Call echo" });
  await echo.getByRole("textbox").fill('{"message": 42}');
  await echo.getByRole("button", { name: "Call echo" }).click();
  await expect(echo.getByText("/arguments/message")).toBeVisible();
  await echo.getByRole("textbox").fill('{"message": "hello from the browser"}');
  await echo.getByRole("button", { name: "Call echo" }).click();
  await expect(echo.getByText("Echo: hello from the browser")).toBeVisible();

  const imageItem = tester.getByRole("listitem").filter({ hasText: /^get-tiny-image/ });
  await imageItem.getByRole("button", { name: "Call…" }).click();
  await expect(echo).toHaveCount(0); // one call form open at a time
  const image = imageItem.getByRole("form", { name: "Call get-tiny-image" });
  await image.getByRole("button", { name: "Call get-tiny-image" }).click();
  await expect(image.getByRole("img", { name: /Image returned by the tool/ })).toBeVisible();
  await expect.poll(() => image.getByRole("img").evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);

  await panel.getByRole("button", { name: "Re-check now" }).click();
  await expect(panel.getByRole("button", { name: "Re-check now" })).toBeEnabled();
  await expect(panel.locator("svg.recharts-surface")).toBeVisible();
  // One date format: UTC, then how long ago.
  await expect(panel.locator("time").first()).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} UTC \((just now|\d+ min ago)\)$/);
  await page.screenshot({ path: "e2e/screenshots/server-health.png", fullPage: true });
});

test("skipped checks are drawn as skipped, not as red failures at 0 ms", async ({ page, api }) => {
  // stdio outside PATCHBAY_STDIO_ALLOW is skipped without running anything.
  const server = await api.createServer("journey-skipped", { transport: { type: "stdio", command: "definitely-not-allowed" } });
  await api.post(`/api/mcp-servers/${server.name}/health-check`);
  await api.post(`/api/mcp-servers/${server.name}/health-check`);

  await page.goto(`/mcp-servers/${server.name}`);
  const panel = page.getByRole("region", { name: "Health" });
  await expect(panel.getByText("skipped", { exact: true })).toBeVisible();
  await expect(panel.locator("figcaption")).toHaveText(/none failed; 2 not run \(grey ring: skipped\)/);
  await expect(panel.locator('svg.recharts-surface circle[fill="#dc2626"]')).toHaveCount(0);
  await expect(panel.getByText("Last failure")).toHaveCount(0);
  await page.screenshot({ path: "e2e/screenshots/server-health-skipped.png", fullPage: true });
});

test("a re-check that cannot resolve the parameters says why instead of silently showing unknown", async ({ page, api }) => {
  const server = await api.createServer("journey-unresolved", {
    transport: { type: "http", url: "http://127.0.0.1:9/{{region}}" },
    parameters_schema: { type: "object", required: ["region"], properties: { region: { type: "string" } } },
  });
  await page.goto(`/mcp-servers/${server.name}`);
  const panel = page.getByRole("region", { name: "Health" });
  await panel.getByRole("button", { name: "Re-check now" }).click();
  await expect(panel.getByRole("status").filter({ hasText: "Not probed: cannot resolve" })).toBeVisible();
  await expect(panel.getByRole("link", { name: "health check parameters" })).toHaveAttribute("href", `/mcp-servers/${server.name}/edit#health-parameters`);

  // With health_parameters set, the re-check probes (and the unreachable port is a real failure).
  await api.patch(`/api/mcp-servers/${server.name}`, { health_parameters: { region: "eu" } });
  await panel.getByRole("button", { name: "Re-check now" }).click();
  await expect(panel.getByText("connection refused 127.0.0.1:9").first()).toBeVisible();
});
