import { startEverything } from "../../lib/mcp/test-peers";
import { apiClient, httpServer, uniqueName } from "../support/api-client";
import { expect, saveScreenshot, test } from "./fixtures";

const baseUrl = () => process.env.PATCHBAY_BASE_URL!;

test("Calls card and circuit state: an agent's calls through /api/invoke, then its server failing until the circuit opens", async ({ page }) => {
  const api = apiClient(baseUrl());
  const everything = await startEverything("streamableHttp");
  const server = uniqueName("journey-calls");
  const agent = uniqueName("journey-caller");
  try {
    const resilience = { retries: 0, circuit_breaker: { failure_threshold: 1, reset_after_ms: 3_600_000 } };
    expect((await api.post("/api/mcp-servers", httpServer(server, { transport: { type: "http", url: `http://127.0.0.1:${everything.port}/mcp` }, resilience }))).status).toBe(201);
    expect((await api.post("/api/agents", { name: agent, description: "calls echo", mcp_servers: { ev: server } })).status).toBe(201);
    expect((await api.post(`/api/mcp-servers/${server}/health-check`, {})).body.status).toBe("healthy");
    for (const message of ["one", "two"]) expect((await api.post("/api/invoke", { action: "ev.echo", agent, input: { message } })).status).toBe(200);

    await page.goto(`${baseUrl()}/agents/${agent}`);
    const calls = page.locator("#calls");
    await expect(calls.locator('[data-figure="calls"]')).toHaveText("2");
    await expect(calls.locator('[data-figure="errors"]')).toHaveText("0 (0.0 %)");
    await expect(calls.getByRole("table").getByRole("row").filter({ hasText: "ev.echo" })).toHaveCount(2);
    // The page also asks the server for its prompts and resources (through the same circuit): those answers land
    // before the server goes away, or their failures would count too.
    await expect(page.locator("#prompts").getByRole("list", { name: "Prompts" })).toBeVisible();
    await expect(page.locator("#resources").getByRole("list", { name: "Resources" })).toBeVisible();

    // The upstream goes away: the next call fails and, at a threshold of one failure, opens the circuit.
    await everything.stop();
    expect((await api.post("/api/invoke", { action: "ev.echo", agent, input: { message: "three" } })).status).toBe(502);
    expect((await api.post("/api/invoke", { action: "ev.echo", agent, input: { message: "four" } })).status).toBe(503);

    await page.goto(`${baseUrl()}/mcp-servers/${server}`);
    await expect(page.getByText("circuit open (development, 1 failure in a row)")).toBeVisible();
    const serverCalls = page.locator("#calls");
    await expect(serverCalls.locator('[data-figure="calls"]')).toHaveText("4");
    await expect(serverCalls.locator('[data-figure="errors"]')).toHaveText("2 (50.0 %)");
    await expect(serverCalls.getByText("circuit_open")).toBeVisible();
    await saveScreenshot(page, "server-calls-circuit-open");
  } finally {
    await everything.stop();
  }
});
