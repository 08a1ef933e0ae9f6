import { uniqueName } from "../support/api-client";
import { expect, saveScreenshot, test } from "./fixtures";

test.describe("agent page: the gateway endpoint", () => {
  test("shows the agent's gateway URL, follows the chosen environment, and copies a VS Code config with no token (the client signs in), or one that prompts for a runner token", async ({ page, api, baseURL, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const server = await api.createServer("gw-docs");
    const agent = uniqueName("gw-assistant");
    expect((await api.post("/api/agents", { name: agent, description: "Reaches its tools through the gateway", mcp_servers: { docs: server.name } })).status).toBe(201);

    await page.goto(`/agents/${agent}`);

    const url = page.getByLabel("Gateway URL");
    await expect(url).toHaveText(`${baseURL}/mcp/agents/${agent}`);
    await expect(page.getByLabel("Environment")).not.toHaveValue("");
    const environments = await page.getByLabel("Environment").locator("option").allTextContents();
    const chosen = environments.at(-1)!;
    await page.getByLabel("Environment").selectOption(chosen);
    const expectedUrl = `${baseURL}/mcp/agents/${agent}?environment=${chosen}`;
    await expect(url).toHaveText(expectedUrl);

    // By default no token: VS Code signs its user in through the browser when the gateway asks (OAuth, DESIGN §18).
    await page.getByRole("button", { name: "Copy gateway as VS Code config" }).click();
    const signInFile = { servers: { [`patchbay-${agent}`]: { type: "http", url: expectedUrl } } };
    const shown = page.getByLabel("VS Code gateway config");
    await expect(shown).toContainText(expectedUrl);
    expect(JSON.parse((await shown.textContent()) ?? "")).toEqual(signInFile);
    expect(JSON.parse(await page.evaluate(() => navigator.clipboard.readText()))).toEqual(signInFile);
    await expect(page.getByText("It holds no token: when Patchbay asks for one, VS Code opens your browser to sign in and allow it.")).toBeVisible();

    // For a machine: the runner token as VS Code's own input.
    await page.getByLabel("Configs for a machine, with a runner token instead of the browser sign-in").check();
    await page.getByRole("button", { name: "Copy gateway as VS Code config" }).click();
    const runnerFile = {
      inputs: [{ type: "promptString", id: "patchbay-token", description: "Patchbay runner token", password: true }],
      servers: { [`patchbay-${agent}`]: { type: "http", url: expectedUrl, headers: { Authorization: "Bearer ${input:patchbay-token}" } } },
    };
    await expect(shown).toContainText("patchbay-token");
    expect(JSON.parse((await shown.textContent()) ?? "")).toEqual(runnerFile);
    await saveScreenshot(page, "agent-gateway");

    // The URL on the page is a live MCP endpoint: initialize answers as this agent.
    const initialize = await page.request.post(expectedUrl, {
      headers: { Accept: "application/json, text/event-stream", "Content-Type": "application/json" },
      data: { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "journey", version: "1" } } },
    });
    expect(initialize.status()).toBe(200);
    expect(await initialize.text()).toContain(`"serverInfo":{"name":"patchbay/${agent}","version":"1"}`);
  });
});
